"""Trial 31 at 80x24 with six long names, German pack (issue 26; reports/trial31 report-de.md,
captures t31a/20, 41, 105, 106, 160, 161, 163): the table in an evening that went on in the
next, and a hand typed card by card.

The evening is the trial's own (its six hands, from /tmp/t31a-home, 5f450f10): Kratzen, one
rotation, a German pack. After hand 6 the pot holds 12822 (the trial's ledger, checked below
against the store, which settles it); the next evening opened with it.

- ctrl+z there said nothing (t31a/160, 163): rules.md D21 promises one line that names the next
  evening and the way forward, as `scorekeeper undo` says it (exit 2), here without the path;
- an amendment refused there began "sessions/5f450f10.json: ..." (t31a/161);
- the chip count compared the chips with the pot the evening left (12822), the table holding
  the next evening's, with no word of it (t31a/105, 106: "DANEBEN um -12471");
- the suit keys broke between a key and its suit, "s" / "♦ Schellen" (t31a/20);
- a hand amended card by card cut the guide's end, how to go on and to cancel (t31a/41)."""

from __future__ import annotations

import pytest

from scorekeeper.cards import parse_cards
from scorekeeper.i18n import _, speaking
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.store import Store
from scorekeeper.tui.screens.dialog_count import CountDialog
from scorekeeper.tui.screens.table import TableScreen

from .tui_helpers import fixed_store, hand_keys, on_screen, settled, shown_rows, table_at_80x24

NAMES = ("Eleonore Weißenbach-Lutz", "Bartholomäus Schönberg-A", "Maximilian Grünewald-Ost",
         "Friederike Adelsberger-K", "Konstantin Wolkenstein-H", "Annemarie Löwenthal-Berg")
ELEONORE, BARTHOLOMAEUS, MAXIMILIAN, FRIEDERIKE, KONSTANTIN, ANNEMARIE = NAMES
CONFIG = make_config("kratzen", list(NAMES), ELEONORE, {"deck": "german", "rotations": 1})
HANDS = [
    HandRecord(indicator=parse_cards("KC"), tricks=(ELEONORE, ELEONORE, MAXIMILIAN, BARTHOLOMAEUS),
               entered=(BARTHOLOMAEUS, MAXIMILIAN, FRIEDERIKE, KONSTANTIN, ANNEMARIE)),
    HandRecord(indicator=parse_cards("9H"), entered=(MAXIMILIAN, ANNEMARIE, ELEONORE),
               tricks=(BARTHOLOMAEUS, BARTHOLOMAEUS, MAXIMILIAN, MAXIMILIAN)),
    HandRecord(indicator=parse_cards("W,7S"), tricks=(MAXIMILIAN,) * 4,
               entered=(FRIEDERIKE, KONSTANTIN, ANNEMARIE, ELEONORE, BARTHOLOMAEUS)),
    # Typed card by card (Friederike deals; Konstantin and Annemarie play).
    HandRecord(indicator=parse_cards("8C"), entered=(KONSTANTIN, ANNEMARIE),
               tricks=(FRIEDERIKE, ANNEMARIE, ANNEMARIE, FRIEDERIKE),
               cards=(parse_cards("AH,10H,7H"), parse_cards("KH,QH,AC"),
                      parse_cards("AS,9S,JS"), parse_cards("KD,8C,7D"))),
    HandRecord(indicator=parse_cards("AD"), tricks=(ELEONORE,) * 4,
               entered=(ANNEMARIE, ELEONORE, BARTHOLOMAEUS, MAXIMILIAN, FRIEDERIKE)),
    HandRecord(indicator=parse_cards("9S"), tricks=(KONSTANTIN,) * 4,
               entered=(ELEONORE, BARTHOLOMAEUS, MAXIMILIAN, FRIEDERIKE, KONSTANTIN)),
]


def went_on(home) -> tuple[str, str]:
    """The trial's evening (six hands, pot 12822) and the next evening that carried its pot."""
    store = fixed_store(home)
    first = store.create(CONFIG, HANDS)
    assert first.state().pot == 12822  # as the trial's ledger says (t31a/160: "Pott 12822")
    second = store.next_evening(first.id, expect=first.digest).session
    return first.id, second.id


# ---- ctrl+z in an evening that went on: one line, not nothing -------------------------------

@pytest.mark.parametrize("language", ["de", "pt", "en"])
async def test_ctrl_z_in_an_evening_that_went_on_says_why_nothing_was_withdrawn(tmp_path,
                                                                                language):
    """Before, ctrl+z did nothing and said nothing (t31a/160, 163). Now the store's one line, as
    `undo` gives it (tests/test_closed_evenings.py), without the file's path; nothing written;
    the key bar still offers no ctrl+z there."""
    first, second = went_on(tmp_path)
    path = Store(tmp_path).open(first).path
    before = path.read_bytes()
    async with table_at_80x24(tmp_path, first, language) as (app, pilot, screen):
        await pilot.press("ctrl+z")
        await settled(pilot)
        said = [s for s in app.said if second in s]
        assert len(said) == 1, app.said
        with speaking(language):
            expected = _("{file}: the evening goes on in session {id}, which opened with what "
                         "this session left: a hand withdrawn here would change that, so "
                         "nothing was withdrawn (amend a hand here only where what carried "
                         "stays the same; a chip count in session {id} records what the "
                         "table really holds)").format(file="F", id=second).removeprefix("F: ")
        assert said[0] == expected[0].upper() + expected[1:]
        assert "sessions/" not in said[0] and ".json" not in said[0]
        assert " ".join(said[0].split()) in on_screen(app)  # in sight, whole
        assert isinstance(app.screen, TableScreen)
    assert path.read_bytes() == before


# ---- an amendment refused there: no path at the table --------------------------------------

async def test_an_amendment_refused_there_is_said_without_the_files_path(tmp_path):
    """Hand 6 amended so that Eleonore takes trick 4: she no longer pays P into the pot, which
    would change the 12822 the next evening opened with: refused. Before, the notice began
    "sessions/....json: der Abend geht ..." (t31a/161); the command line keeps its path."""
    first, second = went_on(tmp_path)
    async with table_at_80x24(tmp_path, first, "de") as (app, pilot, screen):
        await pilot.press("ctrl+e")
        await pilot.pause()
        await pilot.press("6", "enter")
        await settled(pilot)
        assert screen.amending == 6
        await pilot.press("backspace", "1", "enter")
        await settled(pilot)
        said = [s for s in app.said if second in s]
        assert len(said) == 1, app.said
        assert not said[0].startswith("sessions/") and f"{first}.json" not in said[0]
        assert said[0].startswith("Der Abend geht in Partie") or \
            said[0].startswith("The evening goes on in session")  # (until the catalogs merge)
        assert f"sessions/{first}.json" not in on_screen(app)
    assert Store(tmp_path).open(first).state().pot == 12822


# ---- the chip count there: against the evening as it left the table ------------------------

async def test_the_count_there_says_it_is_of_the_chips_as_that_evening_left_them(tmp_path):
    """Before, the dialog said nothing of it, and a count of what the table holds now (the
    next evening's pot, 351) read "DANEBEN um -12471" (t31a/105, 106). Now the dialog and the
    question before recording name the next evening and the pot this evening left."""
    first, second = went_on(tmp_path)
    async with table_at_80x24(tmp_path, first, "de") as (app, pilot, screen):
        await pilot.press("ctrl+k")
        await settled(pilot)
        assert isinstance(app.screen, CountDialog)
        shown = on_screen(app)
        assert second in shown and "12822" in shown, shown
        await pilot.press(*["tab"] * 6, "3", "5", "1", "ctrl+s")
        await settled(pilot)
        asked = on_screen(app)
        assert second in asked and asked.count("12822") >= 2, asked  # the note, the check
    with speaking("de"):
        assert isinstance(screen, TableScreen)
        note = screen.count_note()
    assert note is not None and second in note and "12822" in note


async def test_an_evening_that_did_not_go_on_counts_without_a_note(tmp_path):
    session = fixed_store(tmp_path).create(CONFIG, HANDS[:5]).id
    async with table_at_80x24(tmp_path, session, "de") as (app, pilot, screen):
        assert screen.count_note() is None
        await pilot.press("ctrl+k")
        await settled(pilot)
        assert isinstance(app.screen, CountDialog) and not app.screen.query("#count-note")


# ---- card by card at 80x24 ----------------------------------------------------------------

def to_the_tricks(language: str) -> list[str]:
    """The keys of hand 4 up to its first trick: 8♣ turned, Konstantin and Annemarie play."""
    keys = hand_keys(CONFIG, FRIEDERIKE, HANDS[3], muss=False, language=language)
    return keys[:-4]  # (not the trick winners: the tricks are typed card by card)


async def test_the_suit_keys_stay_each_beside_its_suit(tmp_path):
    """Trick 1, Konstantin's card: its rank (10) typed, the question names the suit keys.
    Before, the row broke between "s" and "♦ Schellen" (t31a/20)."""
    session = fixed_store(tmp_path).create(CONFIG, HANDS[:3]).id
    async with table_at_80x24(tmp_path, session, "de") as (app, pilot, screen):
        await pilot.press(*to_the_tricks("de"), "ctrl+o")
        await settled(pilot)
        hearts = next(k for k, s in screen.entry.suit_keys().items() if s.name == "HEARTS")
        await pilot.press("a", hearts, "t")
        await settled(pilot)
        assert screen.entry.pending == "10"
        rows = shown_rows(app)
        asked = [n for n, row in enumerate(rows) if "10?" in row]
        assert asked, rows
        question = rows[asked[0]:asked[0] + 2]
        for key, suit in screen.entry.suit_keys().items():
            whole = f"{key} {suit.symbol} {suit.name_in('german')}"
            assert any(whole in row for row in question), (whole, question)
        assert not any(row.rstrip().endswith(f" {key}") for row in question
                       for key in screen.entry.suit_keys()), question


async def test_a_hand_amended_card_by_card_keeps_the_guides_end_in_sight(tmp_path):
    """Hand 4, typed card by card, amended: its last card taken back (Backspace, twice: the
    suit, then the rank). Before, the guide ended "... Rücktaste nimmt zurück," by a scroll
    bar (t31a/41): how to go on and Escape to cancel were out of sight."""
    session = fixed_store(tmp_path).create(CONFIG, HANDS[:4]).id
    async with table_at_80x24(tmp_path, session, "de") as (app, pilot, screen):
        await pilot.press("ctrl+e")
        await pilot.pause()
        await pilot.press("4", "enter")
        await settled(pilot)
        assert screen.amending == 4
        for presses in (0, 1, 2):
            if presses:
                await pilot.press("backspace")
                await settled(pilot)
            with speaking("de"):
                words = " ".join(screen.amend_words().split())
            assert words in on_screen(app), (presses, shown_rows(app))


async def test_refusals_there_replace_each_other_and_go_when_the_table_moves_on(tmp_path):
    """Trial 32 (t32b/83, 89): on an evening that went on, the ctrl+z refusal stayed through
    ctrl+e, an amendment's refusal stacked under it (eight rows over the amend guide), and
    the first was still said under "Hand 6 amended". A refusal replaces the one before it;
    one said before an amendment begins goes then."""
    first, second = went_on(tmp_path)
    async with table_at_80x24(tmp_path, first, "de") as (app, pilot, screen):
        await pilot.press("ctrl+z")
        await settled(pilot)
        assert len(screen.notices.words()) == 1 and second in screen.notices.words()[0]
        await pilot.press("ctrl+e")
        await pilot.pause()
        await pilot.press("6", "enter")
        await settled(pilot)
        assert screen.amending == 6 and screen.notices.words() == []  # the refusal went
        await pilot.press("backspace", "1", "enter")  # would change what carried: refused
        await settled(pilot)
        await pilot.press("ctrl+z")  # (not offered while amending: said how it ends)
        await settled(pilot)
        await pilot.press("backspace", "2", "enter")  # refused again, the same way
        await settled(pilot)
        refusals = [w for w in screen.notices.words() if second in w]
        assert len(refusals) == 1, screen.notices.words()


async def test_a_refusal_there_goes_when_a_dialog_opens(tmp_path):
    """Trial 33 (t33a/111-112): the ctrl+z refusal on an evening that went on stayed after
    ctrl+k and Escape, the digest out of view at 80x24; the reference says a refusal goes with
    the next key or when a dialog opens."""
    first, _second = went_on(tmp_path)
    async with table_at_80x24(tmp_path, first, "de") as (app, pilot, screen):
        await pilot.press("ctrl+z")
        await settled(pilot)
        assert len(screen.notices.words()) == 1
        await pilot.press("ctrl+k")
        await settled(pilot)
        assert isinstance(app.screen, CountDialog)
        await pilot.press("escape")
        await settled(pilot)
        assert app.screen is screen and screen.notices.words() == []
        digest = screen.session.digest
        assert digest in on_screen(app)  # the digest to write down, in sight again
