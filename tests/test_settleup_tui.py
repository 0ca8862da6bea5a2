"""The settle-up screen, driven with Pilot: opened from the table (ctrl+u), the value and the
currency typed, the results, the cents rule and the transfers shown, recorded after a question
naming the digest (refused when the session moved on), and the night shared."""

from __future__ import annotations

from decimal import Decimal

from textual.widgets import Static

from scorekeeper.export.night import night_text
from scorekeeper.ledger import SettledUp
from scorekeeper.rules import make_config
from scorekeeper.script import replay_file
from scorekeeper.store import Store
from scorekeeper.store.outputs import shared_file_name
from scorekeeper.tui.screens.dialog_confirm import ConfirmDialog
from scorekeeper.tui.screens.settle import SettleUpScreen
from scorekeeper.tui.screens.table import TableScreen

from .conftest import EXAMPLES
from .tui_helpers import fixed_store, make_app


def saved(tmp_path, name: str) -> str:
    ledger = replay_file(EXAMPLES / f"{name}.toml")
    return fixed_store(tmp_path).create(ledger.config,
                                        [s.record for s in ledger.settlements]).id


def shown(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def settle_ups(tmp_path, session: str) -> list[SettledUp]:
    return [e for e in Store(tmp_path).open(session).events if isinstance(e, SettledUp)]


async def open_settle_up(pilot, value: str, currency: str) -> SettleUpScreen:
    assert isinstance(pilot.app.screen, TableScreen)
    await pilot.press("ctrl+u")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SettleUpScreen)
    await pilot.press(*value, "enter", *currency)
    await pilot.pause()
    return screen


async def test_the_table_settles_up_and_records_it_after_a_question(tmp_path):
    session = saved(tmp_path, "kratzen")
    app = make_app(tmp_path, session)
    async with app.run_test(size=(110, 40)) as pilot:
        before = app.screen.session.digest
        screen = await open_settle_up(pilot, "0.10", "eur")
        body = shown(screen, "#settle-lines")
        assert "Value: 0.10 EUR a chip." in body
        assert "first rounded down to the cent" in body  # the rule, on the screen
        assert "Here 1 cent was missing after rounding down: it goes to Ben." in body
        assert "Cleo pays Ben 1.43 EUR" in body and "Anna pays 4.50 EUR into the pot" in body
        assert f"digest {before}" in shown(screen, "#settle-top")
        await pilot.press("ctrl+s")
        await pilot.pause()
        question = app.screen
        assert isinstance(question, ConfirmDialog)
        assert f"digest {before}" in " ".join(question.detail)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        recorded = settle_ups(tmp_path, session)
        assert len(recorded) == 1
        assert (recorded[0].value, recorded[0].currency) == (Decimal("0.10"), "EUR")
        table = app.screen_stack[-2]
        assert isinstance(table, TableScreen) and table.session.digest != before
        # said in the screen's one status line (where it stays)
        assert screen.notices.words() == \
            [f"Settle-up recorded; digest {table.session.digest}."]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table
        assert not any("another terminal" in line for line in app.said)


async def test_a_settle_up_on_a_session_that_moved_on_is_refused(tmp_path):
    session = saved(tmp_path, "kratzen")
    app = make_app(tmp_path, session)
    async with app.run_test(size=(110, 40)) as pilot:
        await open_settle_up(pilot, "0.10", "EUR")
        Store(tmp_path).count(session, {"Anna": Decimal(-45)})  # another terminal
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert settle_ups(tmp_path, session) == []
        assert any(line.startswith("Settle-up not recorded: ") and "changed meanwhile" in line
                   for line in app.said)


async def test_a_bad_value_is_said_and_nothing_is_recorded(tmp_path):
    session = saved(tmp_path, "letzter")
    app = make_app(tmp_path, session)
    async with app.run_test(size=(110, 40)) as pilot:
        screen = await open_settle_up(pilot, "abc", "EUR")
        assert "Value: 'abc' is not an amount" in shown(screen, "#settle-message")
        assert "Anna pays Dora 2 points" in shown(screen, "#settle-lines")  # meanwhile
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen  # no question asked
        assert any(line.startswith("Not recorded: Value: ") for line in app.said)
        assert settle_ups(tmp_path, session) == []


async def test_the_night_is_copied_and_written(tmp_path):
    session = saved(tmp_path, "letzter-stich")
    app = make_app(tmp_path, session)
    async with app.run_test(size=(110, 40)) as pilot:
        await open_settle_up(pilot, "0.10", "EUR")
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("ctrl+y")
        await pilot.pause()
        text = night_text(Store(tmp_path).open(session).export_source())
        assert app.clipboard == text
        assert "Ben pays Dora 0.10 EUR\n  Cleo pays 0.20 EUR into the pot" in text
        created = Store(tmp_path).open(session).created
        for suffix in ("txt", "md", "html"):
            assert (tmp_path / "exports" / shared_file_name(session, created, suffix)).is_file()
        assert (tmp_path / "exports" / shared_file_name(session, created, "txt")).read_text(
            "utf-8") == text


async def test_names_are_shown_literally(tmp_path):
    names = ["[bold]x", "[@click=app.quit]y[/]", "Cleo"]
    store = fixed_store(tmp_path)
    from scorekeeper.rules import HandRecord

    session = store.create(make_config("letzter", names, names[0]),
                           [HandRecord(tricks=("Cleo",) * 7 + (names[0],))]).id
    app = make_app(tmp_path, session)
    async with app.run_test(size=(110, 40)) as pilot:
        screen = await open_settle_up(pilot, "1", "EUR")
        body = shown(screen, "#settle-lines")
        # 1 point against 0 and 0: the first pays each of the others 1 (D16).
        assert "[bold]x pays [@click=app.quit]y[/] 1.00 EUR\n  [bold]x pays Cleo 1.00 EUR" in body


async def test_the_screen_follows_a_session_changed_from_another_terminal(tmp_path):
    session = saved(tmp_path, "kratzen")
    app = make_app(tmp_path, session)
    app.watch_interval = 0.05  # as the program runs: the table follows the file
    async with app.run_test(size=(110, 40)) as pilot:
        screen = await open_settle_up(pilot, "0.10", "EUR")
        Store(tmp_path).count(session, {"Anna": Decimal(-45)})  # another terminal
        now = Store(tmp_path).open(session).digest
        for _ in range(40):
            await pilot.pause(0.05)
            if screen.based_on == now:
                break
        assert f"digest {now}" in shown(screen, "#settle-top")
        assert "The session changed: the settle-up shown is worked out again." in app.said
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert f"digest {now}" in " ".join(app.screen.detail)


def terms_shown(screen) -> tuple[str, str]:
    from textual.widgets import Input

    return tuple(screen.query_one(f"#settle-{key}", Input).value  # type: ignore[return-value]
                 for key in ("value", "currency"))


async def test_the_terms_agreed_last_time_are_filled_in(tmp_path):
    """The value and currency of this session's last settle-up; in the next evening, those of
    the evening it continues; nothing when neither settled up at a value."""
    from scorekeeper.rules import HandRecord

    store = fixed_store(tmp_path)
    session = saved(tmp_path, "kratzen")
    app = make_app(tmp_path, session)
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.press("ctrl+u")
        await pilot.pause()
        assert terms_shown(app.screen) == ("", "")  # never settled up at a value
    store.settle_up(session, Decimal("0.25"), "CHF")
    nxt = store.next_evening(session).session.id
    store.record(nxt, HandRecord(indicator=("KC",), entered=("Ben", "Cleo", "Dora"),
                                 tricks=("Ben", "Ben", "Cleo", "Dora")))
    for which, said in ((session, "as at this session's last settle-up"),
                        (nxt, "as at the last evening's settle-up")):
        app = make_app(tmp_path, which)
        async with app.run_test(size=(110, 40)) as pilot:
            await pilot.press("ctrl+u")
            await pilot.pause()
            screen = app.screen
            assert terms_shown(screen) == ("0.25", "CHF")
            # said whole on the screen, in its one status line (not in a notice cut to one
            # line)
            assert f"0.25 CHF a chip, {said}: change them if" in " ".join(
                screen.notices.words())
            assert "Value: 0.25 CHF a chip." in shown(screen, "#settle-lines")


async def test_with_six_long_names_at_80_columns_the_table_does_not_wrap(tmp_path):
    """Each table line a line on the screen: the labels wider than their figures take two
    lines, and the names have the room they free (whole here; cut to fit where they are
    longer still); who pays whom, below it, names them whole."""
    from scorekeeper.rules import HandRecord

    names = ["Anneliese-Marie Schulzen", "Bartholomew Ng-Okaforia", "Cleopatra Vanderslooten",
             "Dorothea Fitzgerald-Ode", "Eberhard von Hohenstein", "Friederike Wallenstein"]
    store = fixed_store(tmp_path)
    session = store.create(make_config("kratzen", names, names[5]), [
        HandRecord(indicator=("AH",), tricks=(names[5], names[5], names[0], names[1]))]).id
    app = make_app(tmp_path, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settle_up(pilot, "0.05", "EUR")
        await pilot.pause()
        shown = screen.query_one("#settle-lines", Static)
        lines = str(shown.render()).splitlines()
        table = lines[lines.index(next(x for x in lines if x.lstrip().startswith("balance"))):]
        table = table[:table.index("")]
        assert all(len(line) <= shown.content_size.width for line in table), table
        assert any(line.startswith("Anneliese-Marie Schulzen ") for line in table), table
        assert any("Cleopatra Vanderslooten pays" in line for line in lines), lines
