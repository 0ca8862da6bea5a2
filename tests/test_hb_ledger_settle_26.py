"""Issue 26 (trial 30, pt/en tester, defect 2 and trial 29's #4 and #8): the ledger's audit
whole at 80x24 under a chip count that is off; a settle-up recorded already no longer offers
ctrl+s; the ledger at 130x40 gives the dealer's name its room.

The evening is tests/test_table3_80x24.py's (six 24-character names, German pack), worked by
hand there: after hand 2 Eleonore -2, Bartholomäus +12½, Friederike +6¼, Maximilian -37,
Konstantin -¾, Annemarie -8, the pot 29 (the sum 0)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from textual.widgets import DataTable, Static

from scorekeeper.countwords import off_words
from scorekeeper.i18n import _, speaking
from scorekeeper.store import Store
from scorekeeper.tui.screens.dialog_audit import audit_lines
from scorekeeper.tui.screens.dialog_confirm import ConfirmDialog
from scorekeeper.tui.screens.settle import SettleUpScreen

from .test_table3_80x24 import (
    ANNEMARIE,
    BARTHOLOMAEUS,
    ELEONORE,
    FRIEDERIKE,
    KONSTANTIN,
    MAXIMILIAN,
    evening,
)
from .tui_helpers import make_app, screen_rows, settled, words

SCROLL_BAR = str.maketrans("", "", "▁▂▃▄▅▆▇█▉▊▋▌▍▎▏")
# What the six hold after hand 2 as the ledger says it (above): Maximilian counts -31 (+6).
LEDGER = {ELEONORE: "-2", BARTHOLOMAEUS: "12.5", FRIEDERIKE: "6.25", MAXIMILIAN: "-37",
          KONSTANTIN: "-0.75", ANNEMARIE: "-8"}


def on_screen(app) -> str:
    """The screen's words in reading order (a line wrapped over rows read whole), without the
    scroll bars' thumbs."""
    return words(" ".join(screen_rows(app.export_screenshot())).translate(SCROLL_BAR))


def counted(home, off: dict[str, int], times: int = 1) -> str:
    """The evening after hand 2, its chips counted ``times``, each player off by ``off``."""
    store = Store(home)
    session = evening(home, 2)
    for _n in range(times):
        store.count(session, {who: Decimal(said) + off.get(who, 0)
                              for who, said in LEDGER.items()}, pot=Decimal(29))
    return session


@pytest.mark.parametrize("language", ["pt", "en", "de"])
async def test_the_ledger_at_80x24_shows_the_audits_finding_and_its_digest(tmp_path, language):
    """Before (trial 30, pt 50-52): "1 constatação:" and nothing after the colon; the finding
    and the digest out of view, whatever was scrolled or pressed."""
    session = counted(tmp_path, {MAXIMILIAN: 6})
    store = Store(tmp_path)
    digest = store.open(session).digest
    with speaking(language):
        lines = audit_lines(store, session)
        off = _("{who}'s chips counted {counted}, the ledger says {said} ({off})").format(
            who=MAXIMILIAN, counted="-31", said="-37", off=off_words(Decimal(6)))
        amount = _("amount")
        assert lines[-1] == _("Digest {digest}").format(digest=digest)
    assert len(lines) == 3 and off in lines[1], lines  # one finding: Maximilian's count
    app = make_app(tmp_path, session, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("ctrl+l")
        await settled(pilot)
        shown = on_screen(app)
        for line in lines:  # each whole, without a key pressed
            assert words(line) in shown, (line, screen_rows(app.export_screenshot()))
        rows = screen_rows(app.export_screenshot())
        # the amount column still in view, and rows of hand 1 under it
        header = next(i for i, row in enumerate(rows) if amount in row.split())
        assert sum(row.split()[:1] == ["1"] for row in rows[header:]) >= 2, rows


async def test_many_findings_scroll_in_their_own_box_reached_by_tab(tmp_path):
    """Five counts off: the findings are taller than two fifths of the screen; the table
    keeps its rows, and Tab then the arrows bring every finding and the digest into view."""
    session = counted(tmp_path, {MAXIMILIAN: 6, ANNEMARIE: -1}, times=5)
    store = Store(tmp_path)
    lines = audit_lines(store, session)
    assert len(lines) == 7, lines
    app = make_app(tmp_path, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("ctrl+l")
        await settled(pilot)
        rows = screen_rows(app.export_screenshot())
        header = next(i for i, row in enumerate(rows) if "amount" in row.split())
        assert sum(row.split()[:1] == ["1"] for row in rows[header:]) >= 2, rows
        assert words(lines[-1]) not in on_screen(app)  # the digest: below, in the box
        seen = on_screen(app)
        await pilot.press("tab")
        for _n in range(20):
            await pilot.press("down")
            await pilot.pause()
            seen += " " + on_screen(app)
        for line in lines:
            assert words(line) in seen, line
        assert app.screen.focused is app.screen.query_one("#ledger-audit")


# ---- the settle-up recorded already: ctrl+s not offered --------------------------------------

def bar(app) -> str:
    return screen_rows(app.export_screenshot())[-1]


def keys_line(app) -> str:
    return str(app.screen.query_one("#settle-keys", Static).content)


def offers_record(app) -> bool:
    return any(active.binding.action == "record"
               for active in app.screen.active_bindings.values())


@pytest.mark.parametrize("language", ["en", "pt"])
async def test_a_settle_up_recorded_already_does_not_offer_ctrl_s_until_the_terms_change(
        tmp_path, language):
    """Before (trial 29 #4, trial 30 pt 58-59): recorded, the key bar still said "^s Record"
    and the keys line "ctrl+s: record the settle-up"; ctrl+s then only said it was recorded
    already. Now neither offers it while the settle-up shown is the one recorded; other
    terms offer it again, and the same terms once more do not."""
    session = evening(tmp_path, 2)
    app = make_app(tmp_path, session, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("ctrl+u")
        await settled(pilot)
        screen = app.screen
        assert isinstance(screen, SettleUpScreen)
        await pilot.press("1", "tab", "e", "u", "r")
        await settled(pilot)
        assert "^s" in bar(app) and offers_record(app)
        assert "+s" in keys_line(app), keys_line(app)
        await pilot.press("ctrl+s")
        await settled(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("enter")
        await settled(pilot)
        assert app.screen is screen
        # recorded: not offered in the key bar, the keys line, the help or the palette
        assert "^s" not in bar(app) and not offers_record(app), bar(app)
        with speaking(language):
            recorded = _("Recorded already")
        assert "+s" not in keys_line(app) and keys_line(app).startswith(recorded), keys_line(app)
        # pressed all the same: said at once, no question, nothing written
        digest = Store(tmp_path).open(session).digest
        await pilot.press("ctrl+s")
        await settled(pilot)
        assert app.screen is screen
        with speaking(language):
            said = _("This settle-up was recorded already; digest {digest}.").format(
                digest=digest)
        assert screen.notices.words() == [said]
        assert Store(tmp_path).open(session).digest == digest
        # other terms: offered again; the terms recorded once more: not
        await pilot.press("shift+tab", "end", "0")  # 10 EUR a chip: another settle-up
        await settled(pilot)
        assert "^s" in bar(app) and offers_record(app) and "+s" in keys_line(app)
        await pilot.press("backspace")  # 1 EUR again: the one recorded
        await settled(pilot)
        assert "^s" not in bar(app) and not offers_record(app), bar(app)


# ---- the ledger at 130x40: the dealer's name whole too ---------------------------------------

DEALERS = {"1": ELEONORE, "2": BARTHOLOMAEUS, "3": FRIEDERIKE, "4": MAXIMILIAN}


@pytest.mark.parametrize("language", ["pt", "en"])
async def test_the_ledger_at_130x40_names_every_dealer_whole_every_column_in_view(tmp_path,
                                                                                   language):
    """Before (trial 29 #8, trial 30 pt 53): the payer and the payee whole, but the dealer
    folded on every row ("Eleonore" over "Weißenbach-Lutz") beside a kind column sized to a
    forced Muss and a "pot after" heading wider than its figures. Hands 1 to 4 of
    test_table3_80x24 (hand 4 a forced Muss) and a chip count that is off. (In German,
    "Spiel", "Betrag" and "Zwangs-Muss" leave the dealer 17 columns: his name folds there,
    the reason keeping its 19.)"""
    from .test_table3_80x24 import CONFIG, HAND_3, HAND_4, HANDS

    store = Store(tmp_path)
    session = store.create(CONFIG, [*HANDS, HAND_3, HAND_4]).id
    store.count(session, {MAXIMILIAN: Decimal(1)})
    app = make_app(tmp_path, session, language=language)
    async with app.run_test(size=(130, 40)) as pilot:
        await settled(pilot)
        await pilot.press("ctrl+l")
        await settled(pilot)
        table = app.screen.query_one("#transfers", DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        assert not app.screen.query_one("#ledger-wide", Static).display
        rows = [row.translate(SCROLL_BAR) for row in screen_rows(app.export_screenshot())]
        with speaking(language):
            heading = [_("from"), _("amount"), _("dealer"), _("kind")]
            pot = _("pot")
        header = next(row for row in rows if all(label in row.split() for label in heading))
        assert header.split()[-2:] == heading[-2:], header  # every column in view
        # a transfer's first line: its hand, then its payer (a name's first word, or the pot)
        payers = {pot, *(name.split()[0] for name in LEDGER)}
        hands = [row for row in rows[rows.index(header):]
                 if row.split()[:1] in [[number] for number in DEALERS]
                 and row.split()[1] in payers]
        assert len(hands) >= 10, rows
        for row in hands:  # the dealer whole on each row, the payer or the payee before it
            dealer = DEALERS[row.split()[0]]
            assert dealer in row, row
            assert any(name in row[:row.rindex(dealer)] for name in LEDGER), row
