"""Trial 32: at the settle-up, keys typed right after Tab go where Tab sent them (es t32c/136:
"0,3", Tab, "USD" typed in one burst put "0,3USD" in the value, though the focus went on to
the currency); Tab moves only between the value and the currency, and every place the focus
can be in shows that it is there (a second Tab went to the settle-up shown, with no cue)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from textual import events
from textual.containers import VerticalScroll
from textual.widgets import Input, Static

from scorekeeper.i18n import _, speaking
from scorekeeper.tui.screens.settle import SettleUpScreen

from .test_dialog_keys_80x24 import SETTLED, evening
from .tui_helpers import fixed_store, make_app, open_screen, settled, shown_rows, words

CHARACTERS = {"comma": ",", "tab": "\t", "shift+tab": None, "end": None, "backspace": None,
              "enter": "\r"}


def typed_at_once(app, keys: list[str]) -> None:
    """``keys`` as a fast typist or tmux sends them: all queued at once, before the app has
    taken the first (Pilot's ``press`` waits for each key to be handled before the next)."""
    for key in keys:
        app.post_message(events.Key(key, CHARACTERS.get(key, key)))


async def typed(app, pilot, keys: list[str], at_once: bool) -> None:
    """``keys`` all queued at once (``typed_at_once``), or one at a time as Pilot presses them."""
    if at_once:
        typed_at_once(app, keys)
    else:
        await pilot.press(*keys)


def terms(screen) -> tuple[str, str]:
    value, currency = (screen.query_one(f"#settle-{key}", Input).value
                       for key in ("value", "currency"))
    return value, currency


@pytest.mark.parametrize("at_once", [True, False])
async def test_keys_typed_after_tab_go_to_the_field_tab_moved_to(tmp_path, at_once):
    """"0,3", Tab, "USD" (t32c/136, Spanish), then shift+Tab, End, "5": the value is 0,35
    and the currency USD, whether the keys come one at a time or all at once."""
    session = evening(tmp_path, SETTLED)
    app = make_app(tmp_path, session.id, language="es")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, "ctrl+u", SettleUpScreen)
        await typed(app, pilot, ["0", "comma", "3", "tab", "U", "S", "D", "shift+tab", "end",
                                 "5"], at_once)
        await settled(pilot)
        assert terms(screen) == ("0,35", "USD")
        assert screen.focused is screen.query_one("#settle-value")
        assert screen.problem is None and screen.settled is not None
        assert screen.settled.currency == "USD" and screen.settled.value == Decimal("0.35")
        flat = words(" ".join(shown_rows(app)))
        assert "0,3USD" not in flat and "USD" in flat


@pytest.mark.parametrize("at_once", [True, False])
async def test_keys_typed_before_tab_stay_in_the_field_they_were_typed_in(tmp_path, at_once):
    """The terms of the last settle-up offered (0,1 EUR): End, five Backspaces, "0,3", Tab,
    "USD" typed in one burst (tmux, 80x24, German): the Backspaces empty the value, where they
    were typed, and "USD" stays in the currency (they went to the currency, once the focus was
    there, and took back "USD": the currency was left empty)."""
    session = evening(tmp_path, SETTLED)
    fixed_store(tmp_path).settle_up(session.id, Decimal("0.10"), "EUR")
    app = make_app(tmp_path, session.id, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, "ctrl+u", SettleUpScreen)
        await settled(pilot)
        assert terms(screen) == ("0,1", "EUR")
        await typed(app, pilot, ["end", *["backspace"] * 5, "0", "comma", "3", "tab", "U", "S",
                                 "D"], at_once)
        await settled(pilot)
        assert terms(screen) == ("0,3", "USD")
        assert screen.focused is screen.query_one("#settle-currency")
        # and the other way: the Backspace typed in the currency before shift+Tab is its own
        typed_at_once(app, ["backspace", "shift+tab", "end", "backspace", "5"])
        await settled(pilot)
        assert terms(screen) == ("0,5", "US")


async def test_terms_pasted_with_a_tab_between_them_go_to_their_fields(tmp_path):
    """"0,3<Tab>USD" pasted into the value (a terminal's bracketed paste): 0,3 in the value, USD
    in the currency, the focus there (the value took it all, the Tab too)."""
    session = evening(tmp_path, SETTLED)
    app = make_app(tmp_path, session.id, language="es")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, "ctrl+u", SettleUpScreen)
        app.post_message(events.Paste("0,3\tUSD"))
        await settled(pilot)
        assert terms(screen) == ("0,3", "USD")
        assert screen.focused is screen.query_one("#settle-currency")
        assert screen.settled is not None and screen.settled.currency == "USD"


async def test_tab_moves_between_the_value_and_the_currency_only(tmp_path):
    """Tab from the value: the currency; again: the value (it went to the settle-up shown,
    where a key typed showed nowhere, t32c/122-123). From the settle-up shown (Enter in the
    currency moves there) Tab goes back to the value, shift+Tab to the currency."""
    session = evening(tmp_path, SETTLED)
    app = make_app(tmp_path, session.id, language="es")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, "ctrl+u", SettleUpScreen)
        value, currency = (screen.query_one(f"#settle-{key}", Input)
                           for key in ("value", "currency"))
        body = screen.query_one("#settle-body", VerticalScroll)
        assert screen.focused is value
        for expected in (currency, value, currency):
            await pilot.press("tab")
            await pilot.pause()
            assert screen.focused is expected
        typed_at_once(app, ["tab", "tab", "shift+tab", "X"])  # to the value, the currency, back
        await settled(pilot)
        assert screen.focused is value and terms(screen) == ("X", "")
        await pilot.press("tab", "enter")  # Enter in the currency: to the settle-up shown
        await pilot.pause()
        assert screen.focused is body
        await pilot.press("tab")
        await pilot.pause()
        assert screen.focused is value
        await pilot.press("tab", "enter", "shift+tab")
        await pilot.pause()
        assert screen.focused is currency


@pytest.mark.parametrize("size", [(80, 24), (130, 40)])
async def test_every_place_the_focus_stops_shows_it_has_the_focus(tmp_path, size):
    """Each focus stop of the settle-up (the value, the currency, the settle-up shown) is drawn
    lighter while it has the focus than while another has it (the settle-up shown was not:
    t32c/123); while the settle-up shown has it and scrolls (80x24),
    its keys line says ↑ ↓ scroll it, and says so no more once the focus leaves."""
    session = evening(tmp_path, SETTLED)
    app = make_app(tmp_path, session.id, language="de")
    async with app.run_test(size=size) as pilot:
        screen = await open_screen(pilot, "ctrl+u", SettleUpScreen)
        stops = list(screen.focus_chain)
        body = screen.query_one("#settle-body", VerticalScroll)
        assert body in stops and len(stops) == 3, stops
        # each one's own background as drawn, with the focus on each stop in turn
        drawn = {}
        for holder in stops:
            screen.set_focus(holder)
            await settled(pilot)
            drawn[holder] = {stop: stop.background_colors[1] for stop in stops}
        for stop in stops:
            assert all(drawn[stop][stop] != drawn[holder][stop] for holder in stops
                       if holder is not stop), (stop, drawn)
        # the settle-up shown, focused, in (about) the shade of a focused field
        field = stops[0]
        assert abs(drawn[body][body].r - drawn[field][field].r) <= 2, drawn
        with speaking("de"):
            scroll = _("    ↑ ↓: scroll").strip()
        keys = screen.query_one("#settle-keys", Static)
        assert screen.focused is body
        assert str(keys.content).endswith(scroll) == (body.max_scroll_y > 0), keys.content
        if size == (80, 24):
            assert body.max_scroll_y > 0
            assert any(row.strip(" ▁▂▃▄▅▆▇█").endswith(scroll) for row in shown_rows(app))
        await pilot.press("tab")
        await settled(pilot)
        assert scroll not in str(keys.content)
