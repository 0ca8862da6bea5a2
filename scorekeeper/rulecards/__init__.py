"""The rule cards: each game's rules as short Markdown, shipped with the package, one card
per language (``kratzen.md`` in English, ``kratzen.de.md``, ``kratzen.pt.md``,
``kratzen.es.md``)."""

from __future__ import annotations

from importlib import resources

from ..errors import ScorekeeperError
from ..i18n import _, current_language
from ..rules import GAMES


def rule_card(game: str, language: str | None = None) -> str:
    """The rules of ``game`` as Markdown, for ``scorekeeper rules`` and the TUI's rules screen,
    in ``language`` (default: the language in use; English when there is no card in it)."""
    if game not in GAMES:
        raise ScorekeeperError(_("'{game}' is not a game here (choose {games})").format(
            game=game, games=", ".join(GAMES)))
    language = language or current_language()
    folder = resources.files(__package__)
    card = folder.joinpath(f"{game}.{language}.md")
    if language != "en" and card.is_file():
        return card.read_text("utf-8")
    return folder.joinpath(f"{game}.md").read_text("utf-8")
