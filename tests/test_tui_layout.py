"""The table at 80x24 with six players of 24-character names: the question asked is always on
screen, the seats follow the play (who leads, who is asked, who dropped), the dialogs fit or
scroll, and the help and the palette teach the table's own keys (issue 14, items 1, 2, 7, 10).

What is on screen is read from the app's screenshot (``screen_rows``), as a person sees it."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static

from scorekeeper.cards import parse_cards
from scorekeeper.guidewords import step_prompt
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.tui.screens.dialog_count import CountDialog
from scorekeeper.tui.screens.dialog_help import HelpScreen
from scorekeeper.tui.screens.dialog_preview import PreviewDialog
from scorekeeper.tui.screens.table import TableScreen
from scorekeeper.tui.widgets import SeatPanel

from .tui_helpers import LONG_NAMES, fixed_store, make_app, on_screen, shown_rows, words

ALEXANDRA, BARTHOLOMEW, CLEOPATRA, DOROTHEA, EVANGELINE, FRIEDRICH = LONG_NAMES


def in_dialog(app) -> str:
    """The words inside the dialog on screen (between its borders), as one line."""
    inside = []
    for row in shown_rows(app):
        if row.count("█") >= 2:
            inside.append(row[row.index("█") + 1:row.rindex("█")].strip("▀▄ "))
    return words(" ".join(inside))


def long_kratzen(tmp_path, options: dict | None = None) -> str:
    """Kratzen with six long names; hand 1 played (the pot was empty: a Muss, K♣ turned), so
    hand 2 (Bartholomew deals) asks each player whether they play."""
    first = HandRecord(indicator=parse_cards("KC"), tricks=LONG_NAMES[:4])
    config = make_config("kratzen", list(LONG_NAMES), ALEXANDRA, options)
    return fixed_store(tmp_path).create(config, [first]).id


def seat(screen, player: str) -> SeatPanel:
    return next(p for p in screen.query(SeatPanel) if p.player == player)


def status(screen, player: str) -> str:
    return seat(screen, player).render().plain.split("\n")[-1].strip()  # its status line


def leads(screen, player: str) -> bool:
    return "LEADS" in seat(screen, player).marks


# ---- the question asked is always on screen

async def test_a_kratzen_hand_at_80x24_keeps_the_question_in_sight(tmp_path):
    """Every key of a hand of six long names, decisions wrapped over lines: after each one the
    question asked next is on screen whole (before, the trick prompt fell off the entry box
    once the decisions line wrapped)."""
    app = make_app(tmp_path, long_kratzen(tmp_path))
    keys = ["a", "h", "p", "d", "p", "d", "p", "3", "5", "1", "2"]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        for key in [None, *keys]:
            if key is not None:
                await pilot.press(key)
            await pilot.pause()
            asked = words(step_prompt(screen.entry.draft))
            assert asked in on_screen(app), (key, asked)
        assert screen.entry.complete
        assert "The hand is complete." in on_screen(app)


async def test_card_by_card_to_trick_8_keeps_the_question_in_sight(tmp_path):
    """Letzter Stich with four long names, every card typed: at every card, at 80x24 and at
    120x40, the question (whose card, which trick) and the trick being played are on screen
    (before, from trick 5 on, neither was)."""
    tricks = ["AC,KC,QC,JC", "9C,10C,8C,7C", "AD,KD,QD,JD", "9D,10D,8D,7D", "KH,AH,QH,JH",
              "9H,10H,8H,7H", "AS,KS,QS,JS", "9S,10S,8S,7S"]
    cards = [card for trick in tricks for card in trick.split(",")]
    for size in ((80, 24), (120, 40)):
        home = tmp_path / f"{size[0]}"
        config = make_config("letzter-stich", list(LONG_NAMES[:4]), ALEXANDRA)
        app = make_app(home, fixed_store(home).create(config).id)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = app.screen
            await pilot.press("ctrl+o")
            for n, card in enumerate(cards):
                await pilot.press(card[:-1].lower().replace("10", "t"), card[-1].lower())
                await pilot.pause()
                shown = on_screen(app)
                if n + 1 < len(cards):
                    assert words(step_prompt(screen.entry.draft)) in shown, (size, card)
                trick = (n // 4) + 1
                assert f"Trick {trick}: " in shown and card[-1] in "CDHS", (size, card)
            assert "The hand is complete." in on_screen(app)
            # The last trick is on screen in full, with its winner.
            assert words(f"Trick 8: {BARTHOLOMEW} 9♠, {CLEOPATRA} 10♠, {DOROTHEA} 8♠, "
                         f"{ALEXANDRA} 7♠ -> {CLEOPATRA}") in on_screen(app)


async def test_seat_words_and_the_last_hand_are_whole_at_80x24(tmp_path):
    """DEALS, LEADS and BEST each have a line of the seat (they read "DEALS LE…" before); the
    last hand lists every change (by seat number when the names would not fit two lines)."""
    app = make_app(tmp_path, long_kratzen(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = shown_rows(app)
        seats = "\n".join(rows[1:9])
        assert "DEALS" in rows[1] and "LEADS" in seats and "BEST" in seats
        assert "…" not in seats.replace("…│", "").replace("…┃", "")  # only names are cut
        shown = on_screen(app)
        # Hand 1 by hand (docs/rules.md, Kratzen): P = 7; Alexandra (dealer, 2 + 2P = 16),
        # 1 each from Bartholomew, Cleopatra and Dorothea, Evangeline and Friedrich 1 + P = 8.
        assert ("Last hand (1, Alexandra Maximiliane Ko dealt, Muss), by seat: "
                "1 -16, 2 -1, 3 -1, 4 -1, 5 -8, 6 -8") in shown


async def test_the_chip_count_of_six_players_fits_and_follows_the_cursor(tmp_path):
    """Every field of the count and the pot's are on screen at 80x24, and Tab reaches each one
    where it can be seen (before, the pot and two players' fields were off screen)."""
    app = make_app(tmp_path, long_kratzen(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+k")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, CountDialog)
        screen_region = dialog.region
        for n in range(7):
            focused = dialog.focused
            assert isinstance(focused, Input)
            assert focused.id == ("count-pot" if n == 6 else f"count-{n}")
            assert screen_region.contains_region(focused.region), focused.id
            assert focused.region.height >= 1
            await pilot.press("tab")
            await pilot.pause()
        shown = on_screen(app)
        for name in [*LONG_NAMES, "pot"]:
            assert name in shown
        assert "Enter: next field ctrl+s: check the count Escape: back" in shown
        assert "^s Check the count" in shown  # the key bar says the same


async def test_the_settlement_preview_of_six_long_names_keeps_its_figures_and_keys(tmp_path):
    app = make_app(tmp_path, long_kratzen(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("a", "h", "p", "d", "p", "d", "p", "3", "5", "1", "2", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PreviewDialog)
        # Every figure in view without scrolling (the body takes the screen's rows; the
        # figures stay under the explanation). Worked by hand: the pot held 35, P = 36;
        # Bartholomew needed 2 and took 1: 2P = 72 into the next pot.
        assert "Enter: save Escape: back to the entry" in on_screen(app)
        assert "pot 35 -> 72" in on_screen(app)


async def test_amend_which_hand_says_what_enter_alone_does(tmp_path):
    app = make_app(tmp_path, long_kratzen(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e")
        await pilot.pause()
        shown = on_screen(app)
        assert "Amend which hand? (1 to 1)" in shown
        assert "the hand's number (Enter alone: hand 1, the last)" in shown
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.amending == 1
        assert "The hand is complete." in on_screen(app)


# ---- the screen follows the play

async def test_seats_say_who_is_asked_who_decides_and_who_dropped(tmp_path):
    """Before the indicator nobody is out; then the player asked says "asked?", those after
    "to decide", those who answered "plays" or "dropped"; once the tricks start, tricks."""
    app = make_app(tmp_path, long_kratzen(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert [status(screen, p) for p in LONG_NAMES] == ["tricks 0"] * 6
        await pilot.press("a", "h")                      # A♥: a normal hand, each is asked
        assert status(screen, CLEOPATRA) == "asked?"
        assert [status(screen, p) for p in (DOROTHEA, EVANGELINE, FRIEDRICH, ALEXANDRA)] == \
            ["to decide"] * 4
        assert status(screen, BARTHOLOMEW) == "plays"    # the dealer is not asked: he plays
        await pilot.press("p", "d")                      # Cleopatra plays, Dorothea drops
        assert status(screen, CLEOPATRA) == "plays"
        assert status(screen, DOROTHEA) == "dropped"
        assert status(screen, EVANGELINE) == "asked?"
        assert status(screen, FRIEDRICH) == "to decide"
        await pilot.press("p", "d", "p")
        assert status(screen, FRIEDRICH) == "dropped"
        assert [status(screen, p) for p in (ALEXANDRA, BARTHOLOMEW, CLEOPATRA, EVANGELINE)] == \
            ["tricks 0"] * 4
        await pilot.press("backspace")                   # Alexandra asked again
        assert status(screen, ALEXANDRA) == "asked?"


async def test_leads_moves_to_each_tricks_leader_and_the_prompt_names_them(tmp_path):
    """The dealer leads trick 1 in Kratzen; each trick's winner leads the next: the LEADS
    mark and the question say so at every trick (from the draft, not worked out here)."""
    app = make_app(tmp_path, long_kratzen(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("a", "h", "p", "d", "p", "d", "p")
        assert leads(screen, BARTHOLOMEW)
        assert f"Who won trick 1? ({BARTHOLOMEW} leads)" in on_screen(app)
        for key, winner, trick in (("3", CLEOPATRA, 2), ("5", EVANGELINE, 3),
                                   ("1", ALEXANDRA, 4)):
            await pilot.press(key)
            await pilot.pause()
            assert leads(screen, winner)
            assert sum(leads(screen, p) for p in LONG_NAMES) == 1
            assert f"Who won trick {trick}? ({winner} leads)" in on_screen(app)


async def test_a_dropped_seat_is_not_offered(tmp_path):
    """The seats to choose from are those in the hand; a key that is no seat says which are."""
    app = make_app(tmp_path, long_kratzen(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("a", "h", "p", "d", "p", "d", "p")
        assert "type the seat: 1 2 3 5" in on_screen(app)   # 4 and 6 dropped
        await pilot.press("9")
        # a line of its own, begun with a capital (trial 33: de "die Sitznummer … tippen")
        assert "Type the seat number of a player in this hand: 1 2 3 5" in app.said[-1]
        await pilot.press("4")
        assert "4 is Dorothea Konstantina Abe, who dropped: not in this hand (type 1 2 3 5)" \
            in app.said[-1]
        assert screen.entry.draft.winners == ()


# ---- help that teaches the table

TEXTUAL_KEYS = ("Scroll Up", "Page Left", "Focus Next", "Copy selected text")


async def help_text(app, pilot) -> str:
    await pilot.press("f1")
    await pilot.pause()
    assert isinstance(app.screen, HelpScreen)
    text = in_dialog(app)
    await pilot.press("escape")
    await pilot.pause()
    return text


async def test_f1_explains_the_keys_of_the_step_the_hand_is_at(tmp_path):
    app = make_app(tmp_path, long_kratzen(tmp_path))
    async with app.run_test(size=(100, 80)) as pilot:  # tall: the whole help at once
        await pilot.pause()
        text = await help_text(app, pilot)               # the indicator: a card
        assert "Now: Type the indicator (the turned card)" in text
        assert "a k o u t 9 8 7 the rank of the turned card: a Daus, k König, o Ober, " \
               "u Unter" in text
        assert "a b h l then its suit: a acorns ♣, b bells ♦, h hearts ♥, l leaves ♠" in text
        assert "w the Weli (6 of bells) in one key" in text
        assert "Backspace take back the last key typed" in text
        assert "Escape leave the table" in text
        for textual in TEXTUAL_KEYS:
            assert textual not in text
        await pilot.press("a", "h")
        text = await help_text(app, pilot)               # play or drop
        assert f"Now: {CLEOPATRA}: play or drop?" in text
        assert f"p y + {CLEOPATRA} plays" in text and f"d n - {CLEOPATRA} drops" in text
        await pilot.press("p", "d", "p", "d", "p")
        text = await help_text(app, pilot)               # a trick's winner
        assert f"Now: Who won trick 1? ({BARTHOLOMEW} leads)" in text
        for seat_key, name in (("1", ALEXANDRA), ("2", BARTHOLOMEW), ("3", CLEOPATRA),
                               ("5", EVANGELINE)):
            assert f"{seat_key} {name} won trick 1" in text
        assert f"4 {DOROTHEA}" not in text               # dropped
        assert "Enter see the settlement, once the hand is complete" in text
        # The table's other keys, by name, with what each does.
        assert "ctrl+e Amend a hand: the hand comes back as it was recorded" in text
        assert "ctrl+o Cards or winners: switch between typing each trick's winner" in text
        assert "ctrl+p command palette" in text


async def test_the_help_scrolls_at_80x24(tmp_path):
    app = make_app(tmp_path, long_kratzen(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        body = app.screen.query_one("#help-body")
        assert body.max_scroll_y > 0 and app.screen.focused is body
        assert "Escape / F1: close" in in_dialog(app)
        await pilot.press("end")
        await pilot.pause()
        assert "ctrl+q quit" in in_dialog(app)


async def test_the_palette_offers_the_tables_actions_first_by_name(tmp_path):
    app = make_app(tmp_path, long_kratzen(tmp_path))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        commands = list(app.get_system_commands(app.screen))
        titles = [c.title for c in commands]
        screen = app.screen
        # Every key of the table is there, by its action's name, with what it does.
        from scorekeeper.tui.actions import ACTIONS
        for binding in screen.BINDINGS:
            name, does = ACTIONS[binding.id]
            command = commands[titles.index(name)]
            assert does in command.help
        # The table's first, Textual's own after; its scrolling and focus keys not at all.
        assert titles[0] == "Settle the hand"
        assert titles.index("Theme") > max(titles.index(ACTIONS[b.id][0])
                                           for b in screen.BINDINGS)
        for textual in (*TEXTUAL_KEYS, "Keys", "Maximize"):
            assert textual not in titles
        # And the palette shows them in that order before anything is typed.
        await pilot.press("ctrl+p")
        await pilot.pause(0.5)
        shown = on_screen(app)
        assert shown.index("Settle the hand") < shown.index("Amend a hand")
        assert "Page Left" not in shown


# ---- German card names

@pytest.mark.parametrize("deck, rank, suits", [
    ("german", "O", "a ♣ acorns b ♦ bells h ♥ hearts l ♠ leaves"),
    ("french", "Q", "c ♣ clubs d ♦ diamonds h ♥ hearts s ♠ spades"),
])
async def test_the_pack_names_the_cards_on_the_table(tmp_path, deck, rank, suits):
    """A German pack: Ober and Unter (O, U) and acorns, leaves, bells wherever a card shows;
    a French one: Q, J and clubs, spades, diamonds."""
    app = make_app(tmp_path, long_kratzen(tmp_path, {"deck": deck}))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("q")
        assert words(f"Type the indicator (the turned card): {rank}? its suit: {suits}") in \
            on_screen(app)
        await pilot.press(suits[0])                         # acorns or clubs
        assert f"Indicator: {rank}♣" in on_screen(app)
        assert ("trump ♣ (acorns)" if deck == "german" else "trump ♣ (clubs)") in \
            on_screen(app)
        await pilot.press("p", "p", "p", "p", "p", "1", "2", "3", "4", "enter")
        await pilot.pause()
        body = str(app.screen.query_one("#preview-body Static", Static).render())
        assert f"({rank}♣ turned)" in body
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_the_referee_names_the_cards_as_the_pack_does(tmp_path):
    app = make_app(tmp_path, long_kratzen(tmp_path))            # Kratzen: a German pack
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+f")
        await pilot.pause()
        await pilot.press("o", "c")                             # the Ober of acorns led
        await pilot.pause()
        shown = on_screen(app)
        assert "Winning so far: O♣ (card 1 of 1)" in shown
        assert "♣ acorns" in shown                              # the trump chosen


# ---- the keys at the foot of each screen

@pytest.mark.parametrize("keys", [["n"], ["e", "enter", "ctrl+l"], ["e", "enter", "ctrl+u"]])
async def test_a_key_that_does_not_fit_the_foot_is_left_out_whole_at_80x24(tmp_path, keys):
    """Every screen's foot is the same key bar: at 80 columns the keys that do not fit are
    left out whole (the help, F1, lists them), never cut in the middle of a word, and the help
    and the palette stay on the right. (The new-session screen's foot was cut: "^r Remove p".)"""
    from scorekeeper.tui.keybar import KeyBar

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        line = str(bar.render())
        descriptions = {active.binding.description
                        for active in app.screen.active_bindings.values()}
        for start, end, _key in bar.spans:
            _display, _space, description = line[start:end].strip().partition(" ")
            assert description in descriptions, line
        assert line.rstrip().endswith("f1 Help  ^p Palette"), line
        assert len(line) <= 80


async def test_a_session_over_offers_no_settle_and_no_back(tmp_path):
    """A finished session takes no more hands: its key bar offers neither Settle nor Back (the
    hand being typed), only what still applies (settling up first, withdraw, amend, the ledger
    ...)."""
    from scorekeeper.script import replay_file

    from .conftest import EXAMPLES

    ledger = replay_file(EXAMPLES / "kratzen.toml")  # the worked session: 4 hands of 4
    session_id = fixed_store(tmp_path).create(
        ledger.config, [s.record for s in ledger.settlements]).id
    app = make_app(tmp_path, session_id)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.state.finished
        bar = shown_rows(app)[-1]
        assert "Withdraw" in bar and "Amend" in bar and "Ledger" in bar, bar
        assert "Settle" not in bar.replace("^u Settle up", "") and "Take back" not in bar, bar
        assert bar.split()[:3] == ["^u", "Settle", "up"], bar  # (ctrl+u, trial 31)
        await pilot.press("enter")                       # nothing to settle: nothing opens
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_the_name_dialog_shows_its_own_keys_not_the_home_screens(tmp_path):
    """r on the home screen names a session: the key bar at the foot is the dialog's (Escape
    back), not the home screen's under it (n New session, e Example ...)."""
    from scorekeeper.tui.screens.home_dialogs import NameDialog

    fixed_store(tmp_path).create(make_config("kratzen", ["Anna", "Ben", "Cleo"], "Anna"))
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, NameDialog)
        bar = shown_rows(app)[-1]
        assert "esc Back" in bar and "New session" not in bar, bar
