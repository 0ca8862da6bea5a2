"""The last hand's line says the hand was saved, also in its short form by seat (trial 31,
German: "Spiel 5: 1 +704 …" where the README promises "Hand 3 saved"): where "Spiel 5
gespeichert:" and every seat's change fit in the row, the table says them; only where even
that is too long does it drop the word (the terse form of trial 30), as German must here.

The evening is tests/test_table_bigpot_80x24.py's (worked there by hand): after hand 4 the pot
is 10842; hand 5 (seat 5 deals, P = 10843), the two players after the dealer (seats 6 and 1)
take two tricks each: +5421½ each (2 x P/4); the other three who played pay P = 10843 each;
the dealer, without a trick, pays 2P = 21686 and his chip: -21687."""

from __future__ import annotations

import pytest

from .test_table_bigpot_80x24 import CONFIG, evening, hand
from .tui_helpers import fixed_store, hand_keys, on_screen, settled, table_at_80x24


@pytest.mark.parametrize(("language", "said"), [
    ("en", "Hand 5 saved ("),  # (two rows: the whole line)
    ("de", "Spiel 5: ")])  # (one row: "Spiel 5 gespeichert: …" is 79 columns, one too many)
async def test_a_hand_saved_with_five_digit_changes_says_saved(tmp_path, language, said):
    async with table_at_80x24(tmp_path, evening(fixed_store(tmp_path), 4), language) as (
            app, pilot, screen):
        dealt = hand(5)
        first, second = dealt.entered[0], dealt.entered[1]
        record = dealt.model_copy(update={"tricks": (first, first, second, second)})
        await pilot.press(*hand_keys(CONFIG, screen.state.dealer, record, False, language),
                          "enter")
        await settled(pilot)
        if type(app.screen).__name__ != "TableScreen":  # the settlement asked: Enter saves
            await pilot.press("enter")
            await settled(pilot)
        shown = on_screen(app)
        assert screen.session.hands_played == 5
        assert said in shown, shown
        for seat, change in ((1, "+5421½"), (2, "-10843"), (3, "-10843"), (4, "-10843"),
                             (5, "-21687"), (6, "+5421½")):
            assert f"{seat} {change}" in shown, (seat, shown)


def test_the_terse_form_says_saved_when_the_hand_was_saved_here(tmp_path):
    """Hand 4 of the evening: P = 1807 (pot 1806 after hand 3), the two players after the
    dealer (seat 4) take two tricks each, +903½ (2 x P/4); the other three pay P = 1807; the
    dealer pays 2P and his chip, -3615. Saved here: "Spiel 4 gespeichert: …" in one row of 78
    columns; from an earlier evening: "Spiel 4: …"."""
    from scorekeeper.i18n import speaking
    from scorekeeper.presentation import last_hand_line

    store = fixed_store(tmp_path)
    session = store.open(evening(store, 3))
    dealt = hand(4)
    first, second = dealt.entered[0], dealt.entered[1]
    store.record(session.id, dealt.model_copy(update={"tricks": (first, first, second, second)}))
    last = store.open(session.id).hand(4)
    with speaking("de"):
        saved = last_hand_line(last, CONFIG.players, saved=True, short=True, kind=False,
                               terse=True)
        before = last_hand_line(last, CONFIG.players, short=True, kind=False, terse=True)
    changes = "1 -1807, 2 -1807, 3 -1807, 4 -3615, 5 +903½, 6 +903½"
    assert saved == f"Spiel 4 gespeichert: {changes}" and len(saved) <= 78
    assert before == f"Spiel 4: {changes}"
