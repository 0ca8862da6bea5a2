"""Snapshots of every main screen at 80x24 and 120x40 (Textual pinned; cursors steady).

Review a changed snapshot in the report before accepting it with --snapshot-update."""

import pytest

from scorekeeper.script import replay_file

from .conftest import EXAMPLES
from .tui_helpers import LONG_NAMES, fixed_store, hand_keys, make_app

SIZES = [(80, 24), (120, 40)]


def saved(tmp_path, name: str, hands: int | None = None) -> str:
    """A session made from an example's first ``hands`` hands; returns its id."""
    ledger = replay_file(EXAMPLES / f"{name}.toml")
    records = [s.record for s in ledger.settlements][:hands]
    return fixed_store(tmp_path).create(ledger.config, records).id


def next_hand_keys(tmp_path, name: str, hands: int, language: str = "en") -> list[str]:
    from scorekeeper.ledger import settle_hands

    ledger = replay_file(EXAMPLES / f"{name}.toml")
    record = ledger.settlements[hands].record
    state = settle_hands(ledger.config, [s.record for s in ledger.settlements][:hands]).state
    muss = ledger.ruleset.is_muss(state, record.indicator) if record.indicator else False
    return hand_keys(ledger.config, state.dealer, record, muss, language)


@pytest.mark.parametrize("size", SIZES)
def test_home_empty(snap_compare, tmp_path, size):
    assert snap_compare(make_app(tmp_path), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_home_with_sessions(snap_compare, tmp_path, size):
    saved(tmp_path, "kratzen")
    saved(tmp_path, "letzter-stich", 2)
    assert snap_compare(make_app(tmp_path), terminal_size=size)


LONG = ["Anneliese-Marie Schulz", "Bartholomew Ng-Okafor", "Cleopatra Vandersloot",
        "Dorothea Fitzgerald-Ode", "Emil", "Fritz"]


def evenings(tmp_path) -> None:
    """A list of evenings: one named, one archived, one of six long names with a long name
    of its own; the next evening of the first (its pot carried)."""
    from scorekeeper.rules import HandRecord, make_config

    store = fixed_store(tmp_path)
    first = saved(tmp_path, "kratzen")
    store.name(first, "Friday at Anna's")
    store.archive(saved(tmp_path, "letzter-stich", 2))
    long = store.create(make_config("kratzen", LONG, LONG[0]))
    store.record(long.id, HandRecord(indicator=("KC",), tricks=(LONG[1],) * 3 + (LONG[2],)))
    store.record(long.id, HandRecord(indicator=("9H",), entered=tuple(LONG[2:] + LONG[:1]),
                                     tricks=(LONG[1],) * 4))
    store.name(long.id, "The long evening by the lake, with cousins from Graz")
    store.next_evening(first)


@pytest.mark.parametrize("size", SIZES)
def test_home_as_a_list_of_evenings(snap_compare, tmp_path, size):
    evenings(tmp_path)
    assert snap_compare(make_app(tmp_path), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_home_with_the_archived_shown(snap_compare, tmp_path, size):
    evenings(tmp_path)
    assert snap_compare(make_app(tmp_path), terminal_size=size, press=["s", "down"])


@pytest.mark.parametrize("size", SIZES)
def test_next_evening_question(snap_compare, tmp_path, size):
    evenings(tmp_path)
    assert snap_compare(make_app(tmp_path), terminal_size=size, press=["down", "c"])


@pytest.mark.parametrize("size", SIZES)
def test_naming_a_session(snap_compare, tmp_path, size):
    evenings(tmp_path)
    assert snap_compare(make_app(tmp_path), terminal_size=size, press=["r"])


@pytest.mark.parametrize("size", SIZES)
def test_new_session(snap_compare, tmp_path, size):
    assert snap_compare(make_app(tmp_path), terminal_size=size,
                        press=["n", *"Anna", "enter", *"Ben", "enter", *"Cleo", "enter"])


GAMES = [("letzter-stich", 2), ("letzter", 2), ("kratzen", 2)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name, hands", GAMES)
def test_table_mid_hand(snap_compare, tmp_path, size, name, hands):
    session = saved(tmp_path, name, hands)
    keys = next_hand_keys(tmp_path, name, hands)
    assert snap_compare(make_app(tmp_path, session), terminal_size=size,
                        press=keys[: len(keys) - 2])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name, hands", GAMES)
def test_table_settlement_preview(snap_compare, tmp_path, size, name, hands):
    session = saved(tmp_path, name, hands)
    keys = next_hand_keys(tmp_path, name, hands)
    assert snap_compare(make_app(tmp_path, session), terminal_size=size, press=[*keys, "enter"])


@pytest.mark.parametrize("size", SIZES)
def test_ledger(snap_compare, tmp_path, size):
    session = saved(tmp_path, "kratzen")
    assert snap_compare(make_app(tmp_path, session), terminal_size=size, press=["ctrl+l"])


@pytest.mark.parametrize("size", SIZES)
def test_standings(snap_compare, tmp_path, size):
    session = saved(tmp_path, "kratzen-five")
    assert snap_compare(make_app(tmp_path, session), terminal_size=size, press=["ctrl+t"])


HOSTILE = ["[bold]x", "李雷", "😀 Ana", "[@click=app.quit]y[/]"]


@pytest.mark.parametrize("size", SIZES)
def test_hostile_names_are_shown_literally(snap_compare, tmp_path, size):
    from scorekeeper.rules import make_config

    session = fixed_store(tmp_path).create(make_config("letzter-stich", HOSTILE, HOSTILE[0]))
    assert snap_compare(make_app(tmp_path, session.id), terminal_size=size, press=["2", "4"])


@pytest.mark.parametrize("size", SIZES)
def test_hostile_names_on_the_home_screen(snap_compare, tmp_path, size):
    from scorekeeper.rules import make_config

    fixed_store(tmp_path).create(make_config("letzter-stich", HOSTILE, HOSTILE[0]))
    assert snap_compare(make_app(tmp_path), terminal_size=size)


# ---- the table app in German, Portuguese and Spanish (issue 16), at 80x24 --------------------
# Read each one's text before accepting it: table words, nothing cut that a person must read.

LANGUAGE_SIZE = (80, 24)


def test_table_in_german_with_the_german_pack(snap_compare, tmp_path):
    """Kratzen's worked session, hand 3: the Ober of bells turned (s: Schellen trump), all play
    (m: "geht mit"), Cleo and Ben took the first two tricks."""
    session = saved(tmp_path, "kratzen", 2)
    assert snap_compare(make_app(tmp_path, session, language="de"),
                        terminal_size=LANGUAGE_SIZE, press=["o", "s", "m", "m", "m", "3", "2"])


def test_settlement_preview_in_german(snap_compare, tmp_path):
    session = saved(tmp_path, "kratzen", 2)
    keys = next_hand_keys(tmp_path, "kratzen", 2, "de")
    assert snap_compare(make_app(tmp_path, session, language="de"),
                        terminal_size=LANGUAGE_SIZE, press=[*keys, "enter"])


def test_home_in_german(snap_compare, tmp_path):
    saved(tmp_path, "kratzen")
    saved(tmp_path, "letzter-stich", 2)
    assert snap_compare(make_app(tmp_path, language="de"), terminal_size=LANGUAGE_SIZE)


def test_table_in_portuguese(snap_compare, tmp_path):
    session = saved(tmp_path, "letzter-stich", 2)
    keys = next_hand_keys(tmp_path, "letzter-stich", 2)
    assert snap_compare(make_app(tmp_path, session, language="pt"),
                        terminal_size=LANGUAGE_SIZE, press=keys[: len(keys) - 2])


def test_table_in_spanish_with_the_german_pack(snap_compare, tmp_path):
    """Hand 3 of the worked session: the Ober of acorns turned (b: bellotas), Anna drops (p:
    "pasa"; j: "juega"), Ben took trick 1."""
    session = saved(tmp_path, "kratzen", 2)
    assert snap_compare(make_app(tmp_path, session, language="es"),
                        terminal_size=LANGUAGE_SIZE, press=["o", "b", "j", "p", "j", "2"])


# ---- 80x24 with six players of 24-character names (issue 14): the question always in sight

def long_kratzen(tmp_path) -> str:
    """Kratzen, six long names, hand 1 played (a Muss: the pot was empty; K♣ turned)."""
    from scorekeeper.cards import parse_cards
    from scorekeeper.rules import HandRecord, make_config

    first = HandRecord(indicator=parse_cards("KC"), tricks=LONG_NAMES[:4])
    config = make_config("kratzen", list(LONG_NAMES), LONG_NAMES[0])
    return fixed_store(tmp_path).create(config, [first]).id


# Hand 2: Bartholomew deals (and leads); A♥ turned: a normal hand; Cleopatra, Evangeline and
# Alexandra play, Dorothea and Friedrich drop; Cleopatra and Evangeline win tricks 1 and 2.
KRATZEN_STEPS = {
    "indicator": [],
    "decisions-wrapped": ["a", "h", "p", "d", "p", "d"],
    "tricks": ["a", "h", "p", "d", "p", "d", "p", "3", "5"],
}


@pytest.mark.parametrize("step", list(KRATZEN_STEPS))
def test_long_names_kratzen_entry(snap_compare, tmp_path, step):
    session = long_kratzen(tmp_path)
    assert snap_compare(make_app(tmp_path, session), terminal_size=(80, 24),
                        press=KRATZEN_STEPS[step])


def letzter_stich_card_keys(tricks: list[str]) -> list[str]:
    return [k for trick in tricks for card in trick.split(",")
            for k in (card[:-1].lower().replace("10", "t"), card[-1].lower())]


def test_long_names_card_by_card_at_trick_8(snap_compare, tmp_path):
    from scorekeeper.rules import make_config

    config = make_config("letzter-stich", list(LONG_NAMES[:4]), LONG_NAMES[0])
    session = fixed_store(tmp_path).create(config).id
    # examples/cards/letzter-stich.toml, hand 1: each trick one suit, its winner the highest.
    keys = letzter_stich_card_keys(["AC,KC,QC,JC", "9C,10C,8C,7C", "AD,KD,QD,JD", "9D,10D,8D,7D",
                                    "KH,AH,QH,JH", "9H,10H,8H,7H", "AS,KS,QS,JS", "9S,10S"])

    async def typed(pilot) -> None:
        await pilot.press("ctrl+o", *keys)
        await pilot.pause()
        pilot.app.clear_notifications()  # "Entering every card…": gone by now or not, by speed

    assert snap_compare(make_app(tmp_path, session), terminal_size=(80, 24), run_before=typed)


def test_long_names_count_at_the_pot(snap_compare, tmp_path):
    session = long_kratzen(tmp_path)
    assert snap_compare(make_app(tmp_path, session), terminal_size=(80, 24),
                        press=["ctrl+k", *"12", *["tab"] * 6, *"35"])


def test_long_names_amend_prefilled(snap_compare, tmp_path):
    session = long_kratzen(tmp_path)

    async def picked(pilot) -> None:
        await pilot.press("ctrl+e", "1", "enter")
        await pilot.pause()
        pilot.app.clear_notifications()  # a notice times out: shown or not, by speed

    assert snap_compare(make_app(tmp_path, session), terminal_size=(80, 24), run_before=picked)


def test_long_names_settlement_preview(snap_compare, tmp_path):
    session = long_kratzen(tmp_path)
    assert snap_compare(make_app(tmp_path, session), terminal_size=(80, 24),
                        press=[*KRATZEN_STEPS["tricks"], "1", "2", "enter"])


@pytest.mark.parametrize("key", ["ctrl+l", "ctrl+t"])
def test_long_names_ledger_and_standings(snap_compare, tmp_path, key):
    session = long_kratzen(tmp_path)
    assert snap_compare(make_app(tmp_path, session), terminal_size=(80, 24), press=[key])


# ---- a whole evening at 80x24 with six 24-character names (issue 26): nothing cut or covered
# Kratzen, hand 1 played (a Muss, K♣ turned): Bartholomew, Cleopatra and Dorothea tie at -1.
# Read each one as text before accepting it (tests/test_screens_80x24.py asserts the words).

def long_evening(tmp_path) -> str:
    from scorekeeper.cards import parse_cards
    from scorekeeper.rules import HandRecord, make_config

    config = make_config("kratzen", list(LONG_NAMES), LONG_NAMES[0])
    first = HandRecord(indicator=parse_cards("KC"), tricks=LONG_NAMES[:4])
    return fixed_store(tmp_path).create(config, [first]).id


EVENING_SCREENS = {
    "table": [],             # the turned card asked; the last hand by seat; the guide
    "table-asking": ["a", "h"],  # the decisions asked: the guide's next steps in sight
    "ledger": ["ctrl+l"],
    "settle-up": ["ctrl+u"],
}


@pytest.mark.parametrize("screen", list(EVENING_SCREENS))
def test_long_evening_at_80x24(snap_compare, tmp_path, screen):
    session = long_evening(tmp_path)
    assert snap_compare(make_app(tmp_path, session), terminal_size=(80, 24),
                        press=EVENING_SCREENS[screen])


def test_long_evening_home_at_80x24(snap_compare, tmp_path):
    long_evening(tmp_path)
    assert snap_compare(make_app(tmp_path), terminal_size=(80, 24))


def test_long_evening_season_at_80x24(snap_compare, tmp_path):
    long_evening(tmp_path)
    assert snap_compare(make_app(tmp_path), terminal_size=(80, 24), press=["t"])


def test_long_evening_continued_at_80x24(snap_compare, tmp_path):
    """The evening that went on in the next: the header with its digest whole."""
    session = long_evening(tmp_path)
    fixed_store(tmp_path).next_evening(session)
    assert snap_compare(make_app(tmp_path, session), terminal_size=(80, 24))
