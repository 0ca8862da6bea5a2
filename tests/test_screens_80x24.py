"""A whole evening at 80x24 with six 24-character names, read as text (issue 26): nothing a
player needs is cut, covered or backwards, in every language.

Kratzen, six long names. Hand 1 (Alexandra deals, the pot empty: a Muss, K♣ turned; tricks
to Alexandra, Bartholomew, Cleopatra, Dorothea): P = 7; Alexandra pays 2 + 2P = 16 (dealer,
one trick of two needed), Bartholomew, Cleopatra and Dorothea 1 each (the stake, one trick
each), Evangeline and Friedrich 1 + P = 8 (no trick in a Muss). So after hand 1, Bartholomew,
Cleopatra and Dorothea share the lead at -1: a tie of three."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from scorekeeper.cards import parse_cards
from scorekeeper.guidewords import step_prompt
from scorekeeper.i18n import speaking
from scorekeeper.presentation import last_hand_line
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.showtext import standings_text
from scorekeeper.tui.screens.table import TableScreen

from .tui_helpers import LONG_NAMES, fixed_store, make_app, screen_rows

ALEXANDRA, BARTHOLOMEW, CLEOPATRA, DOROTHEA, EVANGELINE, FRIEDRICH = LONG_NAMES
LANGUAGES = ["en", "de", "pt", "es"]


def words(text: str) -> str:
    return " ".join(text.split())


def on_screen(app) -> str:
    """Everything on screen as one line of words (a sentence wrapped over rows reads whole)."""
    return words(" ".join(screen_rows(app.export_screenshot())))


def evening(tmp_path, hands: int = 1) -> str:
    """The six long names' evening after ``hands`` hands (1: the tie of three, see above;
    2: hand 2 too, Bartholomew deals, A♥ turned, Cleopatra, Evangeline and Alexandra play,
    Cleopatra takes tricks 1 and 4, Evangeline 2, Alexandra 3)."""
    records = [HandRecord(indicator=parse_cards("KC"), tricks=LONG_NAMES[:4]),
               HandRecord(indicator=parse_cards("AH"),
                          entered=(CLEOPATRA, EVANGELINE, ALEXANDRA),
                          tricks=(CLEOPATRA, EVANGELINE, ALEXANDRA, CLEOPATRA))]
    config = make_config("kratzen", list(LONG_NAMES), ALEXANDRA)
    return fixed_store(tmp_path).create(config, records[:hands]).id


# ---- the table

# At 88 and 115 columns the line by name is shorter than two rows' columns but wraps to three
# (a line breaks between words, short of the edge): the third was cut.
LAST_HAND_CASES = [*((language, hands, (80, 24)) for language in LANGUAGES for hands in (1, 2)),
                   ("en", 2, (88, 30)), ("pt", 2, (87, 30)), ("en", 1, (115, 40))]


@pytest.mark.parametrize("language, hands, size", LAST_HAND_CASES)
async def test_the_last_hand_line_shows_every_players_change(tmp_path, language, hands, size):
    """Every player whose score moved is on the last hand's line, by name or by seat number
    (by seat, its number and change); before, the line ran to a third row that was cut."""
    session = evening(tmp_path, hands)
    app = make_app(tmp_path, session, language=language)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        hand = screen.session.hand(hands)
        with speaking(language):
            by_name, by_seat, short = (
                words(last_hand_line(hand)), words(last_hand_line(hand, seats=LONG_NAMES)),
                words(last_hand_line(hand, seats=LONG_NAMES, short=True)))
        shown = on_screen(app)
        # (short: one row, without who dealt, where the guide needs the other row)
        assert by_name in shown or by_seat in shown or short in shown, (by_name, by_seat)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("hands", [0, 1])
async def test_before_any_key_the_guide_shows_every_step_of_the_hand(tmp_path, language, hands):
    """At 80x24, before a key is typed, the question and every step of the hand are on
    screen without scrolling: the stakes, the deal, the turned card (and a Weli's), the 2 more
    cards, the dealer taking the turned card, asking in turn (or the Muss: nobody asked) and
    who leads (before, "give everyone 2 more cards" and the rest were below the guide's edge,
    on screen only at 130x40). Hand 1: Alexandra deals into an empty pot, a Muss; hand 2:
    Bartholomew deals into a pot of 35, each of the five others asked in turn. The seats keep
    every player's number and score."""
    from scorekeeper.rules import RULESETS

    app = make_app(tmp_path, evening(tmp_path, hands), language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        config, state = screen.session.config, screen.state
        ruleset = RULESETS["kratzen"]
        with speaking(language):
            steps = [*ruleset.before_deal(config, state), *ruleset.guide_steps(config, state)]
            asked = step_prompt(screen.entry.draft)
        shown = on_screen(app)
        assert words(asked) in shown
        for step in steps:
            assert words(step) in shown, step
        seats = " ".join(screen_rows(app.export_screenshot())[1:9])
        for seat, player in enumerate(LONG_NAMES, start=1):
            assert f"{seat} {player[:6]}" in seats, player
            assert str(state.scores[player]) in words(seats), player


async def test_the_guide_shows_the_step_played_now_and_the_next_ones(tmp_path):
    """At 80x24, once the turned card is typed (A♥, hand 2, Bartholomew deals), the guide
    shows dealing 2 more cards, taking the turned card, asking in turn and who leads (before,
    only the first steps of the deal, the rest at 130x40); once the decisions are made, who
    leads the first trick is still there."""
    app = make_app(tmp_path, evening(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("a", "h")
        await pilot.pause()
        shown = on_screen(app)
        assert "deal 2 more cards to each player: everyone holds 4" in shown
        assert words(f"{BARTHOLOMEW} takes the turned card(s) and discards face down back "
                     "to 4") in shown
        assert f"ask {CLEOPATRA}, {DOROTHEA}" in shown
        assert f"{BARTHOLOMEW} leads the first trick" in shown
        await pilot.press("p", "d", "p", "d", "p")
        await pilot.pause()
        assert f"{BARTHOLOMEW} leads the first trick" in on_screen(app)


@pytest.mark.parametrize("language", LANGUAGES)
async def test_once_the_first_player_answers_the_guide_shows_the_asking_and_the_lead(
        tmp_path, language):
    """In every language, the first decision typed (Cleopatra plays), the step that asks in
    turn and who leads are both on screen (in Portuguese the lead was below the guide's
    edge: the deal's steps, done by then, took the rows)."""
    from scorekeeper.rules import RULESETS

    app = make_app(tmp_path, evening(tmp_path), language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        with speaking(language):  # the language's key for hearts (Portuguese c, corações)
            hearts = next(k for k, suit in screen.entry.suit_keys().items() if suit.value == "H")
        await pilot.press("a", hearts)
        await pilot.pause()
        plays = next(key for key, _ in screen.entry.key_help() if key != "Backspace")[0]
        await pilot.press(plays)
        await pilot.pause()
        assert screen.entry.draft.decisions == ((CLEOPATRA, True),)
        with speaking(language):
            steps = RULESETS["kratzen"].guide_steps(screen.session.config, screen.state)
        shown = on_screen(app)
        assert words(steps[-1]) in shown and words(steps[-2]) in shown


async def test_a_notice_covers_neither_the_question_nor_the_seats(tmp_path):
    """A key that answers nothing is said in a notice; the question asked and every seat stay
    in sight, row for row (before, notices were drawn over the guide and the entry)."""
    app = make_app(tmp_path, evening(tmp_path))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("a", "h")
        await pilot.pause()
        rows = screen_rows(app.export_screenshot())
        await pilot.press("z", "enter")  # not p or d; the hand is not complete
        for _ in range(30):  # the notices are drawn a frame or two later
            await pilot.pause(0.1)
            noticed = screen_rows(app.export_screenshot())
            if "The hand is not complete yet" in words(" ".join(noticed)):
                break
        # The notice is shown, whole (the one of the key typed wrong before it replaced).
        assert words(app.said[-1]) in words(" ".join(noticed))
        assert "z is no answer here" not in words(" ".join(noticed))
        assert noticed[:14] == rows[:14]  # the seats, the pot, the last hand and the entry
        assert f"{CLEOPATRA}: play or drop?" in words(" ".join(noticed))


@pytest.mark.parametrize("language", LANGUAGES)
async def test_an_evening_that_went_on_shows_its_digest_whole(tmp_path, language):
    store = fixed_store(tmp_path)
    first = evening(tmp_path)
    store.next_evening(first)
    app = make_app(tmp_path, first, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        top = screen_rows(app.export_screenshot())[0]
        digest = app.screen.session.digest
        assert digest in top, top
        assert app.screen.session.continued_by in top, top


def test_show_of_an_evening_that_went_on_deals_no_next_hand(tmp_path):
    """``show`` said "no more hands here" and "next hand 2: Bartholomew deals" at once."""
    store = fixed_store(tmp_path)
    first = evening(tmp_path)
    went_on = store.next_evening(first).session
    text = standings_text(store.open(first))
    assert "next hand" not in text
    assert f"Hands played: 1 of 6; the evening goes on in session {went_on.id}" in text


# ---- home, ledger, settle-up

async def test_home_names_the_game_and_every_leader_of_a_tie(tmp_path):
    evening(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#sessions", DataTable)
        row = {str(key.value): str(table.get_cell_at((0, i))).strip()
               for i, key in enumerate(table.columns)}  # (no name column: nobody has one)
        assert row["game"] == "Kratzen"  # the game's title, not its key
        # the players counted (their names would take more rows than the leaders), never cut
        # to 4 columns ("Ale…"); the panel under the list names them
        assert row["players"] == "6 players"
        shown = on_screen(app)
        assert ", ".join(LONG_NAMES) in shown
        assert f"leading: {BARTHOLOMEW}, {CLEOPATRA}, {DOROTHEA} (-1)" in shown


async def test_the_ledger_shows_who_pays_whom_and_how_much_at_80_columns(tmp_path):
    """Each transfer's amount in view without scrolling (it was ~35 presses of → away)."""
    app = make_app(tmp_path, evening(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+l")
        await pilot.pause()
        rows = screen_rows(app.export_screenshot())
        heading = next(r for r in rows if "hand" in r and "from" in r)
        assert "amount" in heading
        # Alexandra deals hand 1 (a Muss, P = 7): her stake of 2 is the first transfer; her
        # name folds onto the row's next line, so that the reason is in view too.
        first = next(i for i, r in enumerate(rows) if words(r).startswith("1 Alexandra pot 2 "))
        assert words(rows[first]).endswith("muss stake (dealer)"), rows
        assert " ".join(ALEXANDRA.split()[1:]) == words(rows[first + 1]), rows


async def test_settle_up_shows_six_players_at_once(tmp_path):
    app = make_app(tmp_path, evening(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+u")
        await pilot.pause()
        rows = screen_rows(app.export_screenshot())
        for name in LONG_NAMES:
            assert any(r.startswith(name) for r in rows), name
        assert rows[0].strip().startswith("Settle up") and "digest" in rows[0]


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_key_bar_keeps_help_and_the_palette_whole_at_130(tmp_path, language):
    app = make_app(tmp_path, evening(tmp_path), language=language)
    async with app.run_test(size=(130, 40)) as pilot:
        await pilot.pause()
        bar = screen_rows(app.export_screenshot())[-1]
        assert not bar.rstrip().endswith("…"), bar
        assert "f1" in bar and "^p" in bar


# ---- the seats

async def test_six_long_names_are_whole_at_130x40_in_two_rows_of_seats(tmp_path):
    app = make_app(tmp_path, evening(tmp_path))
    async with app.run_test(size=(130, 40)) as pilot:
        await pilot.pause()
        rows = screen_rows(app.export_screenshot())
        for seat, name in enumerate(LONG_NAMES, start=1):
            assert any(f"{seat} {name}" in row for row in rows[1:18]), name
        await pilot.press("a", "h")
        await pilot.pause()
        assert f"{BARTHOLOMEW} leads the first trick" in on_screen(app)


async def test_a_seats_tally_gives_way_to_its_count_in_a_narrow_seat(tmp_path):
    """Hand 3 in German (Cleopatra deals, 9♠ turned, everyone plays; Dorothea takes tricks 1
    to 3): her seat says "Stiche 3" whole (it read "Stiche 3 #…")."""
    app = make_app(tmp_path, evening(tmp_path, 2), language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("9", "l", *"mmmmm", "4", "4", "4")       # l: Laub, 9♠
        await pilot.pause()
        seats = "\n".join(screen_rows(app.export_screenshot())[1:9])
        assert "│Stiche 3   │" in seats
        assert "#…" not in seats


# ---- the chart

def test_the_charts_axis_labels_the_scores_between_the_top_and_the_bottom():
    """Three players over three hands, from 17 down to -147 in at most 10 rows: steps of 10
    need 20 … -140 … -150, 18 rows; steps of 20 need 20 … -140, 9. Every row says the score
    it stands for, ≈ where a point in it stands elsewhere: -16 in -20's row, -74 in -80's,
    -130 halfway between -120 and -140 in the upper, -120's (before, "0" held -16 too and
    six rows between 0 and -147 were bare)."""
    from decimal import Decimal

    from scorekeeper.chart import line_chart

    series = {"Anna": [Decimal(0), Decimal(-16), Decimal(-7), Decimal("11.25")],
              "Ben": [Decimal(0), Decimal(-1), Decimal(-74), Decimal(-147)],
              "Cleo": [Decimal(0), Decimal(-1), Decimal(17), Decimal(-130)]}
    rows = ["".join(cell.char for cell in row) for row in line_chart(series, 60, 12).rows]
    labels = [row.split("┤")[0].strip() for row in rows[:-2]]
    assert labels == ["≈20", "≈0", "≈-20", "-40", "-60", "≈-80", "-100", "≈-120", "≈-140"]


async def test_the_help_at_80x24_shows_one_scroll_bar_its_own(tmp_path):
    """F1 over the table: the dialog covers the width, so the guide's scroll bar under it no
    longer shows beside the help's own (two thumbs side by side)."""
    app = make_app(tmp_path, evening(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        rows = [row.rstrip() for row in screen_rows(app.export_screenshot()) if "█" in row]
        assert rows and all(row.endswith("█") for row in rows), rows


def test_no_label_names_a_row_whose_points_stand_elsewhere():
    """Eight rows from 0 to -16: steps of 2 need 9; steps of 2½ need 0 … -15 (-16 is in
    [-16¼, -13¾)), 7. Evangeline's -8 is in the row of -7½ ([-8¾, -6¼)), which says "≈-7½":
    the score it stands for, and that her point differs (a round label said -10 once, and
    then -8, a score no other row was spaced by)."""
    from decimal import Decimal

    from scorekeeper.chart import line_chart

    series = {"Anna": [Decimal(0), Decimal(-16)], "Ben": [Decimal(0), Decimal(-1)],
              "Eva": [Decimal(0), Decimal(-8)]}
    rows = ["".join(cell.char for cell in row) for row in line_chart(series, 60, 10).rows]
    eva = next(row for row in rows if row.endswith("▲"))
    assert eva.split()[0] == "≈-7½", rows


def test_show_s_lines_of_their_own_begin_with_a_capital_in_german(tmp_path):
    """Trial 31: ``show`` in German had lines beginning "gespielte Spiele: …", "setzt Partie …
    fort" and "der Abend geht in Partie … weiter": a line of its own begins with a capital."""
    from scorekeeper.i18n import speaking

    store = fixed_store(tmp_path)
    first = evening(tmp_path)
    went_on = store.next_evening(first).session
    with speaking("de"):
        earlier = standings_text(store.open(first))
        later = standings_text(store.open(went_on.id))
    assert f"\nDer Abend geht in Partie {went_on.id} weiter" in earlier
    assert f"\nSetzt Partie {first} nach ihrem 1 Spiel fort" in later
    assert "\nGespielte Spiele: 0 von 6; nächstes Spiel 1:" in later
