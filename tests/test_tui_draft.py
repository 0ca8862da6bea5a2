"""The table app over the hand draft: amending a hand as it was recorded (card by card too),
Escape cancelling an amendment, who leads each trick, and who is out of a hand."""

from decimal import Decimal

from textual.widgets import Static

from scorekeeper.cards import parse_cards
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.tui.screens.table import TableScreen
from scorekeeper.tui.widgets import SeatPanel

from .tui_helpers import amend_hand, fixed_store, make_app

PLAYERS = ["Anna", "Ben", "Cleo", "Dora"]
# Anna deals, Ben leads. Tricks 1-7 (each in play order): Dora wins every one and leads the
# next. Trick 8 is led by Dora: in the hand as first recorded Cleo's K♠ wins it; as it really
# was, Ben played the K♠ and Cleo the J♠, so Ben won the last trick.
FIRST_SEVEN = ["7C,8C,AC,9C", "AD,7D,8D,9D", "AH,7H,8H,9H", "AS,7S,8S,9S",
               "KC,10C,JC,QC", "KD,10D,JD,QD", "KH,10H,JH,QH"]
WRONG_LAST = "QS,10S,JS,KS"
RIGHT_LAST_KEYS = ["q", "s", "t", "s", "k", "s", "j", "s"]


def cards(tricks: list[str]) -> tuple:
    return tuple(parse_cards(t) for t in tricks)


def seat(screen, player: str) -> SeatPanel:
    return next(p for p in screen.query(SeatPanel) if p.player == player)


def marks(screen, player: str) -> str:
    return seat(screen, player).marks


def tricks_text(screen, player: str) -> str:
    return seat(screen, player).render().plain.split("\n")[-1]  # its status line


def entry_text(screen) -> str:
    return screen.entry_text()


def amend_preview_text(preview) -> str:
    """The amend preview's words: what changes (the body, which scrolls) and the standings
    before and after (kept in view under it)."""
    return "\n".join(str(preview.query_one(where, Static).render())
                     for where in ("#preview-body Static", "#preview-figures"))


def card_by_card_session(tmp_path) -> str:
    """Letzter Stich: hand 1 recorded card by card, wrongly (Cleo won the last trick), then
    hand 2 by its winners (Dora sweeps)."""
    store = fixed_store(tmp_path)
    config = make_config("letzter-stich", PLAYERS, "Anna")
    hand1 = HandRecord(cards=cards(FIRST_SEVEN + [WRONG_LAST]))
    hand2 = HandRecord(tricks=("Dora",) * 8)
    return store.create(config, [hand1, hand2]).id


async def test_a_hand_recorded_card_by_card_is_amended_card_by_card(tmp_path):
    session_id = card_by_card_session(tmp_path)
    before = fixed_store(tmp_path).open(session_id)
    # As first recorded: hand 1 Cleo pays 1 (pot 1); hand 2 Dora sweeps, 2 due, the pot
    # holds 1: Dora +1, pot 0.
    assert before.state().scores == {"Anna": 5, "Ben": 5, "Cleo": 4, "Dora": 6}
    app = make_app(tmp_path, session_id)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await amend_hand(pilot, 1)
        assert screen.amending == 1
        # The hand as it was recorded, card by card, ready to change.
        assert screen.entry.by_cards and screen.entry.complete
        assert "Trick 8: Dora Q♠, Anna 10♠, Ben J♠, Cleo K♠  -> Cleo" in entry_text(screen)
        await pilot.press(*["backspace"] * 4)            # take back trick 8's four cards
        assert not screen.entry.complete
        assert "Trick 8: the card Dora played" in entry_text(screen)
        await pilot.press(*RIGHT_LAST_KEYS)
        assert "Trick 8: Dora Q♠, Anna 10♠, Ben K♠, Cleo J♠  -> Ben" in entry_text(screen)
        await pilot.press("enter")
        await pilot.pause()
        text = amend_preview_text(app.screen)
        assert "Every hand from 1 on is settled again" in text
        # Worked by hand: hand 1 Ben (not Cleo) pays 1 into the pot; hand 2 is the same sweep
        # by Dora (the pot holds 1: she receives 1).
        text = " ".join(text.split())  # the scores in columns: the spaces vary with the widest
        assert "Ben: 5 -> 4 (-1)" in text and "Cleo: 4 -> 5 (+1)" in text
        assert "Anna: 5 -> 5 (no change)" in text and "Dora: 6 -> 6 (no change)" in text
        assert "pot: 0 -> 0" in text
        await pilot.press("enter")
        await pilot.pause()
        assert screen.amending is None
    stored = fixed_store(tmp_path).open(session_id)
    record = stored.records()[0]
    assert record.cards == cards(FIRST_SEVEN + ["QS,10S,KS,JS"])
    assert record.tricks == ("Dora",) * 7 + ("Ben",)
    assert stored.stored[1]["kind"] == "last-trick"
    assert stored.stored[1]["deltas"]["Ben"] == "-1"
    state = stored.state()
    assert state.scores == {"Anna": 5, "Ben": 4, "Cleo": 5, "Dora": 6}
    assert state.pot == Decimal(0)
    assert [e["type"] for e in stored.rows].count("amend") == 1


async def test_a_hand_recorded_by_winners_is_amended_by_its_cards(tmp_path):
    store = fixed_store(tmp_path)
    config = make_config("letzter-stich", PLAYERS, "Anna")
    # Recorded by winners, wrongly: Cleo won the last trick.
    session_id = store.create(config, [HandRecord(tricks=("Dora",) * 7 + ("Cleo",))]).id
    app = make_app(tmp_path, session_id)
    all_keys = [k for trick in FIRST_SEVEN for card in trick.split(",")
                for k in (card[:-1].lower().replace("10", "t"), card[-1].lower())]
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        await amend_hand(pilot, 1)
        assert screen.entry.complete and not screen.entry.by_cards
        await pilot.press("ctrl+o")                      # now card by card: the tricks go
        assert screen.entry.by_cards and not screen.entry.draft.answers
        await pilot.press(*all_keys, *RIGHT_LAST_KEYS, "enter")
        await pilot.pause()
        text = " ".join(amend_preview_text(app.screen).split())
        assert "Ben: 5 -> 4 (-1)" in text and "Cleo: 4 -> 5 (+1)" in text
        await pilot.press("enter")
        await pilot.pause()
    stored = fixed_store(tmp_path).open(session_id)
    assert stored.records()[0].cards == cards(FIRST_SEVEN + ["QS,10S,KS,JS"])
    assert stored.state().scores == {"Anna": 5, "Ben": 4, "Cleo": 5, "Dora": 5}
    assert stored.state().pot == Decimal(1)


async def test_an_amendment_starts_as_recorded_and_escape_cancels_it(tmp_path):
    store = fixed_store(tmp_path)
    config = make_config("kratzen", PLAYERS, "Anna")
    # Hand 1: the pot is empty, so a Muss: everyone plays; K♣ is the indicator.
    record = HandRecord(indicator=parse_cards("KC"), tricks=("Ben", "Cleo", "Ben", "Dora"))
    session_id = store.create(config, [record]).id
    recorded = store.open(session_id).records()
    app = make_app(tmp_path, session_id)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        await amend_hand(pilot, 1)
        assert screen.amending == 1
        draft = screen.entry.draft
        assert draft.complete and draft.turned == parse_cards("KC")
        assert draft.winners == ("Ben", "Cleo", "Ben", "Dora")
        assert "Tricks: 1 Ben, 2 Cleo, 3 Ben, 4 Dora" in entry_text(screen)
        assert "AMENDING HAND 1" in str(screen.query_one("#table-top", Static).render())
        await pilot.press("backspace")                   # takes back the last trick only
        assert screen.entry.draft.winners == ("Ben", "Cleo", "Ben")
        await pilot.press("escape")                      # cancels the amendment
        await pilot.pause()
        assert app.screen is screen and screen.amending is None
        assert not screen.entry.started                  # a fresh entry for hand 2
        assert "AMENDING" not in str(screen.query_one("#table-top", Static).render())
        await pilot.press("escape")                      # now it leaves the table
        await pilot.pause()
        assert not isinstance(app.screen, TableScreen)
    assert fixed_store(tmp_path).open(session_id).records() == recorded


async def test_the_leader_mark_follows_the_winner_of_the_last_trick(tmp_path):
    store = fixed_store(tmp_path)
    session = store.create(make_config("letzter-stich", PLAYERS, "Anna"))
    app = make_app(tmp_path, session.id)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert "LEADS" in marks(screen, "Ben")           # the dealer's left leads trick 1
        assert "Who won trick 1? (Ben leads)" in entry_text(screen)
        await pilot.press("4")                           # Dora won trick 1
        assert "LEADS" in marks(screen, "Dora") and "LEADS" not in marks(screen, "Ben")
        assert "Who won trick 2? (Dora leads)" in entry_text(screen)
        await pilot.press("3")                           # Cleo won trick 2
        assert "LEADS" in marks(screen, "Cleo") and "LEADS" not in marks(screen, "Dora")
        await pilot.press("backspace")
        assert "LEADS" in marks(screen, "Dora") and "LEADS" not in marks(screen, "Cleo")
        # Card by card: the winner of the trick leads the next, and is asked first.
        await pilot.press("backspace", "ctrl+o")
        await pilot.press("7", "c", "8", "c", "a", "c", "9", "c")
        assert "LEADS" in marks(screen, "Dora")
        assert "Trick 2: the card Dora played" in entry_text(screen)
        await pilot.press("a", "d")
        assert "LEADS" in marks(screen, "Dora")          # Dora leads trick 2 until it ends
        assert "Trick 2: the card Anna played" in entry_text(screen)


async def test_only_players_who_dropped_are_out(tmp_path):
    store = fixed_store(tmp_path)
    config = make_config("kratzen", PLAYERS, "Anna")
    # Hand 1 (a Muss: the pot was empty) leaves chips in the pot, so hand 2 asks each player.
    first = HandRecord(indicator=parse_cards("KC"), tricks=("Ben", "Cleo", "Ben", "Dora"))
    session = store.create(config, [first])
    app = make_app(tmp_path, session.id)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.state.dealer == "Ben" and screen.state.pot
        await pilot.press("a", "h")                      # the indicator: A♥, a normal hand
        assert "Cleo: play or drop?" in entry_text(screen)
        assert not any("dropped" in tricks_text(screen, p) for p in PLAYERS)
        await pilot.press("d")                           # Cleo drops
        assert "dropped" in tricks_text(screen, "Cleo")
        assert "dropped" not in tricks_text(screen, "Dora")   # not asked yet
        assert "dropped" not in tricks_text(screen, "Anna")
        await pilot.press("p", "d")                      # Dora plays, Anna drops
        assert "dropped" in tricks_text(screen, "Anna")
        assert "dropped" not in tricks_text(screen, "Dora")
        assert "Who won trick 1? (Ben leads)" in entry_text(screen)
        await pilot.press("3")                           # Cleo dropped: refused
        assert screen.entry.draft.winners == ()
        await pilot.press("backspace", "backspace", "backspace")
        assert not any("dropped" in tricks_text(screen, p) for p in PLAYERS)


def test_a_refused_card_is_typed_again_whole():
    from scorekeeper.rules import HandDraft, get_ruleset
    from scorekeeper.tui.entry import KeyEntry

    config = make_config("letzter-stich", ["Anna", "Ben", "Cleo", "Dora"], "Anna")
    ruleset = get_ruleset("letzter-stich")
    entry = KeyEntry(HandDraft(ruleset, config, ruleset.initial_state(config), by_cards=True))
    for key in "acks":  # Ben leads A♣, Cleo K♠
        assert entry.press(key) is None
    assert entry.press("a") is None
    assert entry.press("c") == "A♣ was already played in this hand"
    # Nothing is left half typed: the next card is read from its rank, as a person expects.
    assert entry.press("q") is None and entry.press("s") is None
    assert entry.draft.cards == (tuple(parse_cards("AC,KS,QS")),)
