"""Amending at the table as a person would, with Pilot: the hand opens as recorded, the preview
says what changes hand by hand, a later hand that no longer fits is named with the way forward
(amend it too, in the same step: both are stored together, or neither), Escape cancels; and the
ledger screen holds each chip count against the ledger as it stands now and shows the referee's
findings on their hands.

The session is tests/test_amend_counts.py's, worked out by hand there from docs/rules.md:
after hand 2 Anna -33, Ben 8½, Cleo 4¼, Dora -¾, the pot 21; hand 3 (Cleo deals, P = 22,
Anna drops) Ben +5½, Cleo -39½, Dora +11, the pot 44.
"""

from decimal import Decimal

import pytest
from textual.widgets import DataTable, Static

from scorekeeper.cards import parse_cards
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.tui.screens.dialog_confirm import ConfirmDialog
from scorekeeper.tui.screens.dialog_preview import PickHandDialog, PreviewDialog

from .tui_helpers import amend_hand, fixed_store, make_app, open_screen

PLAYERS = ["Anna", "Ben", "Cleo", "Dora"]
HANDS = [HandRecord(indicator=parse_cards("KC"), tricks=("Ben", "Ben", "Cleo", "Cleo")),
         HandRecord(indicator=parse_cards("9H"), entered=("Cleo", "Dora", "Anna"),
                    tricks=("Ben", "Cleo", "Ben", "Dora")),
         HandRecord(indicator=parse_cards("8S"), entered=("Dora", "Ben"),
                    tricks=("Dora", "Cleo", "Ben", "Dora"))]


def three_hands(tmp_path) -> str:
    return fixed_store(tmp_path).create(make_config("kratzen", PLAYERS, "Anna"), HANDS).id


def text_of(screen) -> str:
    return "\n".join(str(w.render()) for w in screen.query(Static))

def amendment_gone(app, table) -> bool:
    """The table as it is again: on screen, no hand amended nor any with it, and the heading
    says no amendment."""
    return (app.screen is table and table.amending is None and table.amend_with == ()
            and "AMENDING" not in str(table.query_one("#table-top", Static).render()))


async def amend_hand_2_so_anna_dropped(pilot) -> None:
    """ctrl+e, hand 2: it opens as recorded (everyone played); take back the 4 tricks and
    Anna's decision, say she dropped, type the tricks again (Ben Cleo Ben Dora), Enter."""
    await amend_hand(pilot, 2)
    screen = pilot.app.screen
    assert screen.amending == 2 and screen.entry.complete
    assert screen.entry.draft.decisions == (("Cleo", True), ("Dora", True), ("Anna", True))
    await pilot.press(*["backspace"] * 5, "d", "2", "3", "2", "4", "enter")
    await pilot.pause()


async def test_a_later_hand_that_no_longer_fits_is_amended_in_the_same_step(tmp_path):
    session_id = three_hands(tmp_path)
    app = make_app(tmp_path, session_id)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.screen
        await amend_hand_2_so_anna_dropped(pilot)
        question = app.screen
        assert isinstance(question, ConfirmDialog)
        words = text_of(question)
        assert "Hand 3 no longer fits: amend it too, in the same step?" in words
        # Which hand and why, in words: with Anna out nobody misses a trick, so the pot is
        # empty before hand 3 (21 - 4 × 5¼ = 0), and an empty pot makes hand 3 a Muss.
        assert ("hand 3 no longer fits what was recorded for it once hand 2 is amended: the "
                "pot holds 0 when hand 3 begins (it held 21); in a Muss nobody may drop: Anna "
                "must play too") in " ".join(words.split())
        assert "entered" not in words
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is table and table.amending == 3
        assert [n for n, _ in table.amend_with] == [2]
        assert "AMENDING HAND 3 with hand 2" in str(table.query_one("#table-top", Static).render())
        draft = table.entry.draft
        # Hand 3 opens as recorded, on the table hand 2's amendment leaves: a Muss (nobody is
        # asked), the same card turned and the same tricks, ready to confirm.
        assert table.state.pot == 0 and draft.complete and draft.decisions == ()
        assert draft.turned == parse_cards("8S")
        await pilot.press("enter")
        await pilot.pause()
        preview = app.screen
        assert isinstance(preview, PreviewDialog)
        body = " ".join(text_of(preview).split())
        assert "Amend hands 2 and 3" in body
        # Hand 2: Anna 0 instead of -21, the pot 0 after it. Hand 3, a Muss: Cleo pays 2
        # and 2P = 10, Anna 1 and P = 5, Ben and Dora 1 each; the pot 5 + 10 + 5 = 20.
        assert "hand 2 (amended): Anna -21 -> ±0; pot after 21 -> 0" in body
        assert ("hand 3 (amended): normal -> Muss; Anna ±0 -> -6, Ben +5½ -> -1, Cleo -39½ -> "
                "-12, Dora +11 -> -1; pot after 44 -> 20") in body
        assert "Anna: -33 -> -18 (+15)" in body and "pot: 44 -> 20" in body
        await pilot.press("enter")
        await pilot.pause()
        assert table.amending is None and table.amend_with == ()
    session = fixed_store(tmp_path).open(session_id)
    amends = [row for row in session.rows if row["type"] == "amend"]
    assert [(row["number"], row["together"]) for row in amends] == [(2, [2, 3]), (3, [2, 3])]
    assert session.state().scores == {"Anna": Decimal(-18), "Ben": Decimal("7.5"),
                                      "Cleo": Decimal("-7.75"), "Dora": Decimal("-1.75")}
    assert session.state().pot == 20
    assert fixed_store(tmp_path).audit(session_id)[1] == []


async def test_no_goes_back_to_the_hand_and_escape_cancels_the_whole_amendment(tmp_path):
    session_id = three_hands(tmp_path)
    before = fixed_store(tmp_path).open(session_id).path.read_bytes()
    app = make_app(tmp_path, session_id)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.screen
        await amend_hand_2_so_anna_dropped(pilot)
        await pilot.press("n")                           # not now: back to hand 2 as typed
        await pilot.pause()
        assert app.screen is table and table.amending == 2 and table.amend_with == ()
        assert table.entry.draft.decisions[-1] == ("Anna", False)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("y")                           # amend hand 3 too, after all
        await pilot.pause()
        assert table.amending == 3
        await pilot.press("ctrl+e")                      # another hand instead: on its own
        await pilot.pause()
        await pilot.press("1", "enter")
        await pilot.pause()
        assert table.amending == 1 and table.amend_with == () and table.state.pot == 0
        await pilot.press("escape")
        await pilot.pause()
        await amend_hand_2_so_anna_dropped(pilot)
        await pilot.press("y")
        await pilot.pause()
        assert table.amending == 3
        await pilot.press("escape", "enter")             # asks first; Enter cancels both
        await pilot.pause()
        assert amendment_gone(app, table)
        assert table.state.pot == 44                     # the table as it is
    assert fixed_store(tmp_path).open(session_id).path.read_bytes() == before


async def test_the_amend_preview_says_what_happens_to_every_later_hand(tmp_path):
    session_id = three_hands(tmp_path)
    app = make_app(tmp_path, session_id)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await amend_hand(pilot, 2)
        await pilot.press(*["backspace"] * 3, "2", "2", "4", "enter")   # Ben Ben Ben Dora
        await pilot.pause()
        body = " ".join(text_of(app.screen).split())
        # Hand 2: Ben takes 3 tricks (+15¾ - 1), Cleo none (pays P = 21): the pot 42 after it.
        # Hand 3 then has P = 43 (10¾ a trick): Ben +10¾, Dora +21½, Cleo -1 + 10¾ - 86.
        assert "hand 2 (amended): Ben +9½ -> +14¾, Cleo +5¼ -> -21; pot after 21 -> 42" in body
        assert ("hand 3: Ben +5½ -> +10¾, Cleo -39½ -> -76¼, Dora +11 -> +21½; pot after 44 -> "
                "86") in body
        assert body.index("What changes, hand by hand") < body.index("Hand 2 as amended")


async def test_the_ledger_screen_holds_each_count_against_the_ledger_now(tmp_path):
    store = fixed_store(tmp_path)
    session_id = store.create(make_config("kratzen", PLAYERS, "Anna"), HANDS[:2]).id
    assert not store.count(session_id, {"Ben": Decimal("8.5")}).off   # agrees after hand 2
    store.record(session_id, HANDS[2])
    store.amend(session_id, 2, {"tricks": ("Ben", "Ben", "Ben", "Dora")})
    app = make_app(tmp_path, session_id)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_screen(pilot, "ctrl+l")
        table = app.screen.query_one("#transfers", DataTable)  # a count is a row after its hand
        counts = " ".join(" ".join(str(table.get_row_at(i)[4]) for i in range(table.row_count))
                          .split())
        # After hand 2 as amended Ben has -1 + 14¾ = 13¾: the count of 8½ is off by -5¼.
        assert ("Ben 8½; the ledger said Ben 8½ then (agreed); after the amendment of hand 2 it "
                "says Ben 13¾: disagrees now: Ben off by -5¼") in counts
        audit = " ".join(str(app.screen.query_one("#audit", Static).render()).split())
        assert "1 finding:" in audit and "Ben off by -5¼" in audit


REVOKED = [parse_cards(t) for t in ("7C,9H,AC,9C", "AD,7D,8D,9D", "AH,7H,8H,8C", "AS,7S,8S,9S",
                                    "KC,10C,JC,QC", "KD,10D,JD,QD", "KH,10H,JH,QH",
                                    "KS,10S,JS,QS")]


async def test_the_ledger_screen_shows_the_referee_s_findings_on_their_hand(tmp_path):
    # Letzter Stich, card by card: Cleo plays 9♥ to trick 1 holding 8♣ and Q♣, and 8♣ to
    # trick 3 holding Q♥ (tests/test_referee.py).
    store = fixed_store(tmp_path)
    session_id = store.create(make_config("letzter-stich", PLAYERS, "Anna"),
                              [HandRecord(cards=tuple(REVOKED))]).id
    app = make_app(tmp_path, session_id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+l")
        await pilot.pause()
        table = app.screen.query_one("#transfers", DataTable)
        rows = [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]
        findings = [r for r in rows if r[4].startswith("Referee:")]  # the reason's column
        assert [r[0] for r in findings] == ["1", "1"]
        assert findings[0][4] == ("Referee: trick 1: Cleo played 9♥: illegal: held 8♣ and Q♣ and "
                                  "had to follow ♣")
        assert not app.screen.query("#ledger-counts")       # no count, no counts section
        await pilot.press("ctrl+f", *"follow")                 # the filter finds them too
        await pilot.pause()
        assert table.row_count == 2


@pytest.mark.parametrize("players, size, wide", [
    (PLAYERS, (120, 40), False),
    (["Anneliese-Marie Schulzen", "Bartholomew Ng-Okaforia", "Cleopatra Vanderslooten",
      "Dorothea Fitzgerald-Ode"], (80, 24), True)])
async def test_the_ledger_says_when_columns_are_off_to_the_right(tmp_path, players, size, wide):
    store = fixed_store(tmp_path)
    session_id = store.create(make_config("kratzen", players, players[0]),
                              [HandRecord(indicator=("KC",), tricks=(players[0],) * 4)]).id
    app = make_app(tmp_path, session_id)
    async with app.run_test(size=size) as pilot:
        await open_screen(pilot, "ctrl+l")
        hint = app.screen.query_one("#ledger-wide", Static)
        assert hint.display is wide
        assert "More columns to the right" in str(hint.render())


CLEARED = "The hand being typed now is cleared"


@pytest.mark.parametrize(("key", "dialog"), [("ctrl+e", PickHandDialog),
                                             ("ctrl+z", ConfirmDialog)])
async def test_amending_or_withdrawing_says_first_that_the_hand_being_typed_is_cleared(
        tmp_path, key, dialog):
    """Starting an amendment, or withdrawing the last hand, clears the hand being typed: the
    question says so before anything happens, and Escape keeps the hand as it was typed."""
    session_id = three_hands(tmp_path)
    app = make_app(tmp_path, session_id)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.screen
        await pilot.press(key)                           # nothing typed: nothing to say
        await pilot.pause()
        assert isinstance(app.screen, dialog) and CLEARED not in text_of(app.screen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("k", "a")                      # hand 4: K♣ (acorns) turned
        await pilot.pause()
        typed = list(table.entry.keys)
        assert typed and table.entry.started
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, dialog) and CLEARED in text_of(app.screen)
        await pilot.press("escape")                      # kept: the hand as typed
        await pilot.pause()
        assert app.screen is table and list(table.entry.keys) == typed


@pytest.mark.parametrize("key", ["ctrl+z", "ctrl+k"])
async def test_neither_a_withdrawal_nor_a_count_drops_an_amendment_being_typed(tmp_path, key):
    """Trial 32: ctrl+z while amending hand 1 asked to withdraw hand 3, withdrew it, and the
    amendment was gone, unsaid. While a hand is amended, ctrl+z and ctrl+k are not in the key
    bar and do nothing but say how the amendment ends; the amendment stays as typed, hand 3
    stays recorded."""
    session_id = three_hands(tmp_path)
    app = make_app(tmp_path, session_id)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        table = app.screen
        await amend_hand(pilot, 1)
        assert table.amending == 1
        await pilot.press("backspace")
        await pilot.pause()
        typed = list(table.entry.keys)
        assert not any(b.binding.key == key for b in table.active_bindings.values()
                       if b.enabled)
        await pilot.press(key)
        await pilot.pause()
        assert app.screen is table and table.amending == 1 and list(table.entry.keys) == typed
        assert table.session.hands_played == 3
        said = app.said
        assert "Hand 1 is being amended: Enter saves the amendment, Escape cancels it." in said
        await pilot.press("escape")  # cancelled: the keys come back
        await pilot.pause()
        assert table.amending is None
        assert any(b.binding.key == key and b.enabled for b in table.active_bindings.values())


def walkover_then_muss(tmp_path) -> str:
    """Hand 2 a walkover, so hand 3 a Muss (its record: everyone played; Cleo, Dora, Anna, Ben
    take a trick each)."""
    return fixed_store(tmp_path).create(make_config("kratzen", PLAYERS, "Anna"), [
        HandRecord(indicator=parse_cards("KC"), tricks=("Ben", "Ben", "Cleo", "Cleo")),
        HandRecord(indicator=parse_cards("9H"), entered=()),  # everyone drops: a walkover
        HandRecord(indicator=parse_cards("8S"), entered=("Dora", "Anna", "Ben"),
                   tricks=("Cleo", "Dora", "Anna", "Ben"))]).id


async def amend_hand_2_so_cleo_plays(pilot, plays: str = "p", drops: str = "d") -> None:
    """ctrl+e, hand 2: Cleo plays (``plays``, the language's key), Dora and Anna drop; Ben,
    the dealer, takes every trick; Enter. The pot is not empty before hand 3 then, which no
    longer fits (D19): the question whether to amend it too is asked."""
    await amend_hand(pilot, 2)
    table = pilot.app.screen
    assert table.amending == 2 and table.entry.complete  # opened as recorded: a walkover
    await pilot.press(*["backspace"] * 3, plays, drops, drops, "2", "2", "2", "2", "enter")
    await pilot.pause()


async def test_a_muss_made_a_normal_hand_opens_at_who_plays(tmp_path):
    """Trial 33 (t33c/40-41): hand 2 a walkover, so hand 3 a Muss (its record: everyone
    played); hand 2 amended so that Cleo plays and takes no trick, the pot not empty before
    hand 3, which no longer fits (D19). Amended too, it opened with everyone marked playing,
    complete, one Enter from being saved so. It opens with its turned card and asks who
    plays; ctrl+e (another amendment) says that this one is dropped (it said "the hand being
    typed is cleared")."""
    session_id = walkover_then_muss(tmp_path)
    app = make_app(tmp_path, session_id)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.screen
        await amend_hand_2_so_cleo_plays(pilot)
        question = app.screen
        assert isinstance(question, ConfirmDialog)
        words = " ".join(text_of(question).split())
        assert "Hand 3 no longer fits" in words and "say who played" in words
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is table and table.amending == 3
        draft = table.entry.draft
        assert draft.turned == parse_cards("8S") and draft.decisions == ()
        assert not draft.complete and draft.step.kind == "decide"
        await pilot.press("ctrl+e")  # another amendment: it says this one is dropped
        await pilot.pause()
        assert isinstance(app.screen, PickHandDialog)
        assert ("The amendment of hand 3 being typed now is dropped, unsaved"
                in " ".join(text_of(app.screen).split()))


@pytest.mark.parametrize("answers, winners", [
    # everyone plays: every recorded trick fits again, the hand is complete
    (("p", "p", "p"), ("Cleo", "Dora", "Anna", "Ben")),
    # Dora drops: trick 1 (Cleo's) fits; trick 2 was Dora's, so it is asked again
    (("d", "p", "p"), ("Cleo",)),
])
async def test_a_muss_made_a_normal_hand_keeps_its_tricks_after_who_plays(tmp_path, answers,
                                                                          winners):
    """Trial 34 (both trials): the hand that no longer fits opened at who plays, "as it was
    recorded", and once that was answered its recorded trick winners were gone, to be typed
    again from memory. They come back after the decisions, as far as they fit."""
    session_id = walkover_then_muss(tmp_path)
    app = make_app(tmp_path, session_id)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.screen
        await amend_hand_2_so_cleo_plays(pilot)
        await pilot.press("y")
        await pilot.pause()
        assert table.amending == 3 and table.entry.draft.decisions == ()
        await pilot.press(*answers)
        await pilot.pause()
        draft = table.entry.draft
        assert draft.winners == winners
        assert draft.complete == (len(winners) == 4)
        # Backspace takes back the last trick given again, as any other answer
        await pilot.press("backspace")
        await pilot.pause()
        assert table.entry.draft.winners == winners[:-1]


async def test_two_hands_amended_together_in_portuguese_name_the_other_with_its_article(
        tmp_path):
    """Trial 34 (pt): the heading read "A CORRIGIR A MÃO 3 com mão 2" (no article), and once
    hands 2 and 3, the last, were saved: "as mãos seguintes foram liquidadas de novo", where no
    hand follows."""
    session_id = walkover_then_muss(tmp_path)
    app = make_app(tmp_path, session_id, language="pt")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.screen
        await amend_hand_2_so_cleo_plays(pilot, plays="e")  # pt: e = entra, d = desiste
        await pilot.press("s")  # sim: hand 3 too
        await pilot.pause()
        assert table.amending == 3
        top = " ".join(str(table.query_one("#table-top").render()).split())
        assert "com a mão 2" in top, top
        await pilot.press("e", "e", "e")  # everyone plays: its tricks come back
        await pilot.pause()
        assert table.entry.complete
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")  # the preview: yes
        await pilot.pause()
        await pilot.pause()
        last = " ".join(str(table.query_one("#last").render()).split())
        assert "Mãos 2 e 3 corrigidas." in last, last
        assert "seguintes" not in last, last
