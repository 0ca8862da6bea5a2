"""Issue 26, trial 31 (report-de 1 and 6, report-pten): the table of six 24-character names.

- A finished evening opened at 80x24 (the app started again, Enter on it) kept its seats 8
  high, each figure in one row over 4 empty rows, and the final standings in one column: the
  line "Prüfsumme …: aufschreiben" the table must write down was under the screen's edge,
  behind a scroll bar (t31a/120-122). Right after the last hand was saved it fitted (t31a/46).
- A resize from 80x24 to 130x40 kept the small one-row figures over 3 empty rows until the next
  key (t31a/80-82).
- The winner's word on a 13-column seat's border was cut: "╰─ VENCED… ─╯" (t31b/43, 89).
- At 130x40 a finished evening's key bar had no ``^u`` (settle up), its likeliest next key.

The evening: Kratzen, six long names, one rotation, six forced Muss hands (a 7 turned: everyone
plays, nobody is asked), one player taking all four tricks each hand. No figure is asserted
here: only what the screen shows of them (the session's own scores and digest).
"""

from __future__ import annotations

import pytest

from scorekeeper.cards import parse_cards
from scorekeeper.i18n import _, speaking
from scorekeeper.rules import HandRecord, make_config

from .tui_helpers import fixed_store, make_app, on_screen, settled, shown_rows, words

NAMES = ("Eleonore Weißenbach-Lutz", "Bartholomäus Schönberg-A", "Maximilian Grünewald-Ost",
         "Friederike Adelsberger-K", "Konstantin Wolkenstein-H", "Annemarie Löwenthal-Berg")
E, B, M, F, K, A = NAMES
CONFIG = make_config("kratzen", list(NAMES), E, {"deck": "german", "rotations": 1})
# Each hand a forced Muss (a 7 turned); the one named takes every trick. Eleonore takes the
# last, and so has the best score (seat 1: one of the 13-column seats at 80x24).
HANDS = [HandRecord(indicator=parse_cards(card), tricks=(taker,) * 4)
         for card, taker in (("7C", A), ("7H", B), ("7D", M), ("7S", F), ("7C", K), ("7H", E))]
LANGUAGES = ["de", "pt", "es", "en"]


def evening(tmp_path, hands: int = 6) -> str:
    return fixed_store(tmp_path).create(CONFIG, HANDS[:hands]).id


def digest_line(screen, language: str) -> str:
    with speaking(language):
        return words(_("Digest {digest}: write it down; 'audit' checks the file against it.")
                     .format(digest=screen.session.digest))


@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_finished_evening_opened_at_80x24_shows_its_digest_and_keeps_the_seats_low(
        tmp_path, language):
    """Before: the digest's line under the screen's edge (a scroll bar), the seats 8 high."""
    app = make_app(tmp_path, evening(tmp_path), language=language)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settled(pilot)
        screen = app.screen
        assert screen.state.finished
        assert digest_line(screen, language) in on_screen(app)
        assert screen.query_one("#guide-box").max_scroll_y == 0  # nothing under its edge
        # The seats kept low: no seat draws its figure large here, and the guide needs rows.
        assert screen.has_class("seats-compact")
        assert screen.query_one("#seats").outer_size.height == 6
        for panel in screen.panels:  # name, figure, marks, status: no empty figure rows
            assert panel.content_size.height == 4
        # Every player's place in the standings is on screen.
        shown = on_screen(app)
        for name in NAMES:
            assert f"{name}: " in shown


async def test_a_resize_to_130x40_draws_the_figures_large_at_once(tmp_path):
    """At the start of hand 2 at 80x24 the seats are low, each figure in one row; resized to
    130x40 (two rows of tall seats), each figure is drawn large before any key (before: "-8
    Saldo" in one row over three empty rows, until a key was pressed). And back at 80x24,
    low again, the figures in one row."""
    app = make_app(tmp_path, evening(tmp_path, 1), language="de")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settled(pilot)
        screen = app.screen
        assert screen.has_class("seats-compact")
        with speaking("de"):
            saldo = screen.session.ruleset.score_words()
        assert saldo and f"-8 {saldo}" in on_screen(app)  # (in one row, with its word)
        await pilot.resize_terminal(130, 40)
        await settled(pilot)
        assert screen.has_class("seats-two-rows") and not screen.has_class("seats-compact")
        rows = shown_rows(app)
        assert not any(f"-8 {saldo}" in row or f"-2 {saldo}" in row for row in rows), rows
        for panel in screen.panels:
            assert panel.figure_rows() == 3 and not panel.plain
            big = [row.plain for row in panel.rows()[1:4]]
            assert all(row.strip() for row in big), big  # three rows of a large figure
        await pilot.resize_terminal(80, 24)
        await settled(pilot)
        assert screen.has_class("seats-compact")
        assert f"-8 {saldo}" in on_screen(app)
        assert screen.query_one("#guide-box").max_scroll_y == 0


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_winners_word_is_never_cut_on_a_narrow_seat(tmp_path, language):
    """At 80x24 seat 1 is 13 columns wide: a border holds a word of 7. Portuguese "VENCEDOR"
    goes on the seat's own row instead (before: "╰─ VENCED… ─╯"); German "GEWINNT", Spanish
    "GANADOR" and English "WINNER" stay on the border. Whole, wherever it is."""
    app = make_app(tmp_path, evening(tmp_path), language=language)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settled(pilot)
        screen = app.screen
        seat = screen.panels[0]
        assert seat.player == E and E in screen.state.leaders
        assert seat.outer_size.width == 13
        with speaking(language):
            winner = _("WINNER")
        rows = shown_rows(app)
        assert not any("…" in row and "─" in row for row in rows), rows  # no word cut
        seat_rows = [row[:13] for row in rows[1:1 + seat.outer_size.height]]
        assert any(winner in row for row in seat_rows), seat_rows
        on_border = len(winner) <= 13 - 6
        assert (winner in seat_rows[-1]) == on_border, seat_rows
        assert (str(seat.border_subtitle or "") == winner) == on_border


@pytest.mark.parametrize(("language", "size"), [("de", (130, 40)), ("de", (80, 24)),
                                                 ("pt", (130, 40)), ("en", (80, 24))])
async def test_a_finished_evenings_key_bar_offers_settling_up_first(tmp_path, language, size):
    """Before, ctrl+u was never in the bar (t31a/91 at 130x40: seven keys, no ^u)."""
    app = make_app(tmp_path, evening(tmp_path), language=language)
    async with app.run_test(size=size, notifications=True) as pilot:
        await settled(pilot)
        bar = shown_rows(app)[-1]
        with speaking(language):
            settle = _("Settle up")
        key = app.get_key_display(next(a.binding for a in app.screen.active_bindings.values()
                                       if a.binding.id == "table-settle-up"))
        assert bar.split()[:1] == [key] and f"{key} {settle}" in bar, bar
        # And while hands are typed, the bar is as it was: Enter (settle the hand) first.
        await pilot.press("ctrl+z")  # withdraw the last hand: a hand is entered again
        await settled(pilot)
        await pilot.press("enter")  # (the dialog asks first)
        await settled(pilot)
        assert not app.screen.state.finished
        bar = shown_rows(app)[-1]
        assert f"{key} {settle}" not in bar and bar.split()[0] != key, bar


async def test_a_resize_in_the_middle_of_a_hand_fits_the_seats_again(tmp_path):
    """The turned card typed at 80x24 (the seats low, as they were decided before the hand's
    first key), then a resize to 130x40: the seats are tall again, each figure large (before,
    they stayed low, one-row figures at 130x40, until the next hand); the hand typed so far
    stays as it was."""
    app = make_app(tmp_path, evening(tmp_path, 1), language="de")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settled(pilot)
        screen = app.screen
        await pilot.press("a", "h")  # A♥ turned: the first player is asked
        await settled(pilot)
        typed = screen.entry_text()
        assert screen.has_class("seats-compact") and "A♥" in typed
        await pilot.resize_terminal(130, 40)
        await settled(pilot)
        assert not screen.has_class("seats-compact")
        for panel in screen.panels:
            assert panel.figure_rows() == 3 and not panel.plain
        assert screen.entry_text() == typed
        assert screen.query_one("#guide-box").max_scroll_y == 0
