"""The keys that answer "plays or drops?" mean what the table's language says (issue 26): each
language's letters come from its own words for the choice (and for yes and no), and no key
reads as the opposite word (a German "p" is "passt", a drop; it was read as "plays")."""

from __future__ import annotations

import pytest

from scorekeeper.i18n import LANGUAGES, PLAY_KEYS, _, play_key_names, play_keys, speaking

from .tui_helpers import decide_entry

# The words for yes and no, which a table may answer too.
YES_NO = {"en": ("yes", "no"), "de": ("ja", "nein"), "pt": ("sim", "não"), "es": ("sí", "no")}


def words(phrase: str) -> list[str]:
    return [w for w in phrase.replace("{player}", "").split() if w]


def initials(phrase: str) -> set[str]:
    return {w[0].casefold() for w in words(phrase)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_letter_is_taken_from_the_languages_own_words(language):
    with speaking(language):
        plays, drops = _("{player} plays"), _("{player} drops")
    yes, no = YES_NO[language]
    for key, means_play in PLAY_KEYS[language].items():
        if means_play:
            assert key in initials(plays) | {yes[0]}, (language, key, plays)
        else:
            assert key in initials(drops) | {no[0]}, (language, key, drops)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_key_reads_as_the_opposite_word(language):
    with speaking(language):
        plays, drops = _("{player} plays"), _("{player} drops")
    yes, no = YES_NO[language]
    for key, means_play in play_keys_in(language).items():
        opposite = (initials(drops) | {no[0]}) if means_play else (initials(plays) | {yes[0]})
        assert key not in opposite, (language, key, "reads as", drops if means_play else plays)


def play_keys_in(language: str) -> dict[str, bool]:
    with speaking(language):
        return play_keys()


def test_german_p_is_passt_and_m_is_geht_mit():
    assert play_keys_in("de")["p"] is False
    assert play_keys_in("de")["m"] is True
    assert "d" not in play_keys_in("de")  # no German word for the choice begins with d
    assert play_keys_in("es")["p"] is False and play_keys_in("es")["j"] is True
    assert play_keys_in("pt")["d"] is False and play_keys_in("pt")["e"] is True
    for language in LANGUAGES:
        assert play_keys_in(language)["+"] is True and play_keys_in(language)["-"] is False


@pytest.mark.parametrize("language, play, drop, refused", [
    ("en", "p", "d", "m"), ("de", "m", "p", "d"), ("pt", "e", "d", "p"), ("es", "j", "p", "d")])
def test_the_table_reads_the_letters_of_the_language_in_use(language, play, drop, refused):
    with speaking(language):
        entry = decide_entry()
        assert play_key_names() == (play, drop)
        assert f"{play} = " in entry.prompt() and f"{drop} = " in entry.prompt()
        problem = entry.press(refused)
        assert problem is not None and problem.startswith(f"{refused} ")  # says which key
        assert f"{play} = " in problem and f"{drop} = " in problem
        assert entry.press(play) is None       # Ben plays
        assert entry.press(drop) is None       # Cleo drops
        assert entry.draft.answers[-2:] == [True, False]
        keys = dict(entry.key_help())
        assert any(play in k.split() for k in keys)


def test_backspace_after_a_card_takes_back_its_suit_only():
    entry = decide_entry()  # the ace of hearts was typed: a, h
    while entry.draft.step.kind == "decide":
        entry.back()
    assert entry.draft.step.kind == "turn" and entry.draft.answers == []
    assert entry.pending == "A"  # the rank typed first waits for its suit again
    assert entry.press("l") is None  # l: leaves (a German pack in English)
    assert entry.draft.step.kind == "decide"
