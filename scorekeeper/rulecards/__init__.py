"""The rule cards: each game's rules as short Markdown, shipped with the package, one card
per language (``kratzen.md`` in English, ``kratzen.de.md``, ``kratzen.pt.md``,
``kratzen.es.md``). A game registered from outside the package brings its own card
(``Ruleset.rule_card``)."""

from __future__ import annotations

from importlib import resources

from ..errors import ScorekeeperError
from ..i18n import _, current_language
from ..rules import RULESETS, games


def rule_card(game: str, language: str | None = None) -> str:
    """The rules of ``game`` as Markdown, for ``scorekeeper rules`` and the TUI's rules screen,
    in ``language`` (default: the language in use; English when there is no card in it)."""
    if game not in RULESETS:
        raise ScorekeeperError(_("'{game}' is not a game here (choose {games})").format(
            game=game, games=", ".join(games())))
    language = language or current_language()
    folder = resources.files(__package__)
    card = folder.joinpath(f"{game}.{language}.md")
    if language != "en" and card.is_file():
        return card.read_text("utf-8")
    english = folder.joinpath(f"{game}.md")
    if english.is_file():
        return english.read_text("utf-8")
    brought = RULESETS[game].rule_card
    if brought is None:
        raise ScorekeeperError(_("{title} has no rule card here").format(
            title=RULESETS[game].title))
    return brought
