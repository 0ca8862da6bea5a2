"""Trial 32 (de t32a): the night shared of an evening that continues another says what its
pot began with, and how its results are worked out, as the settle-up screen does: the share of
e4c907ca said "Der Pott zahlt Annemarie … 164,50 EUR" with nothing to say why (its pot began
with the 3318 session 65963a62 left)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scorekeeper.i18n import speaking
from scorekeeper.rules import HandRecord
from scorekeeper.script import replay_file
from scorekeeper.store.outputs import shared_file_name
from scorekeeper.tui.screens.settle import SettleUpScreen

from .conftest import EXAMPLES
from .test_dialog_keys_80x24 import SETTLED, evening
from .tui_helpers import fixed_store, make_app, open_screen, settled, shown_rows, words


def continued_evening(home):
    """examples/kratzen.toml's 4 hands leave a pot of 52; the next evening (Anna deals) plays
    one hand (tests/test_next_evening.py works it out by hand from docs/rules.md): P = 53,
    Anna -107, Ben +26½, Cleo +13¼, Dora +13¼, the pot 52 -> 106. Settled up at 0,10 EUR a
    chip: the pot's result is 106 - 52 = +54, 5,40 EUR paid into it (Anna pays it)."""
    store = fixed_store(home)
    ledger = replay_file(EXAMPLES / "kratzen.toml")
    first = store.create(ledger.config, [s.record for s in ledger.settlements][:4])
    assert first.state().pot == 52
    second = store.next_evening(first.id).session
    store.record(second.id, HandRecord(indicator=("KC",), entered=("Ben", "Cleo", "Dora"),
                                       tricks=("Ben", "Ben", "Cleo", "Dora")))
    store.settle_up(second.id, Decimal("0.10"), "EUR")
    return store, first, store.open(second.id)


# What the settle-up screen says of these results, and what the evening opened with, in each
# language (the catalogs' words: the screen's own sentence, and the exports' opening line).
OPENED = {"en": "Continues session {id} after its 4 hands (digest {digest}): the pot opens "
                "with the 52 it left.",
          "de": "Setzt Partie {id} nach ihren 4 Spielen fort (Prüfsumme {digest}): der Pott "
                "beginnt mit den 52, die sie hinterließ."}
RESULTS = {"en": "Results: each balance as it stands; the pot is not paid out: it opened with "
                 "the 52 the last evening left (their worth is in it already), and the worth of "
                 "what it gained since is paid into it.",
           "de": "Ergebnisse: jeder Saldo, wie er steht; der Pott wird nicht ausgezahlt: er "
                 "begann mit den 52, die der letzte Abend hinterließ (ihr Wert steckt schon in "
                 "ihm), und der Wert dessen, was er seither gewann, wird in ihn eingezahlt."}
INTO_POT = {"en": "Anna pays 5.40 EUR into the pot", "de": "Anna zahlt 5,40 EUR in den Pott"}
# the last payment (Cleo's and Dora's 1,325 EUR: the cent left over goes to Cleo, first in
# seating order)
LAST = {"en": "Anna pays Dora 1.32 EUR", "de": "Anna zahlt Dora 1,32 EUR"}


@pytest.mark.parametrize("language", ["en", "de"])
async def test_the_night_shared_of_a_continued_evening_says_what_its_pot_began_with(
        tmp_path, language):
    """ctrl+y at the settle-up: the text file says, under its title, the session it continues
    and the 52 its pot began with, and under who pays whom the screen's sentence on how the
    results are worked out (the pot's 5,40 EUR is what it gained since, not its 106)."""
    store, first, second = continued_evening(tmp_path)
    app = make_app(tmp_path, second.id, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_screen(pilot, "ctrl+u", SettleUpScreen)
        shown = words(" ".join(shown_rows(app)))
        assert words(RESULTS[language]) in shown or words(RESULTS[language])[:60] in shown
        await pilot.press("ctrl+y")
        await settled(pilot)
        assert app.screen is screen
    folder = tmp_path / "exports"
    # (the digest first's file had when the next evening began: the one the link names)
    opened = OPENED[language].format(id=first.id, digest=second.opening().previous_digest)
    text = (folder / shared_file_name(second.id, second.created, "txt")).read_text("utf-8")
    lines = text.splitlines()
    assert lines[1] == opened, text
    assert f"  {INTO_POT[language]}" in lines, text
    assert lines[lines.index(f"  {LAST[language]}") + 1:][:1] == [RESULTS[language]], text
    for suffix in ("md", "html"):
        page = (folder / shared_file_name(second.id, second.created, suffix)).read_text("utf-8")
        flat = page.replace("\\", "")  # Markdown's escapes
        assert opened in flat, page
        assert RESULTS[language] in flat, page


async def test_the_night_shared_of_a_first_evening_says_no_more_than_before(tmp_path):
    """An evening that continues none: no opening line, no results sentence (its share as
    before: the title, then an empty line)."""
    from scorekeeper.export.night import night_text

    store = fixed_store(tmp_path)
    session = evening(tmp_path, SETTLED)
    store.settle_up(session.id, Decimal("0.10"), "EUR")
    with speaking("en"):
        text = night_text(store.open(session.id).export_source())
    lines = text.splitlines()
    assert lines[1] == "" and lines[2].startswith("Standings"), text
    assert not any(line.startswith(("Results:", "Continues")) for line in lines), text
