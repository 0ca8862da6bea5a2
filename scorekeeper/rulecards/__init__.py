"""The rule cards: each game's rules as short Markdown, shipped with the package."""

from __future__ import annotations

from importlib import resources

from ..errors import ScorekeeperError
from ..rules import GAMES


def rule_card(game: str) -> str:
    """The rules of ``game`` as Markdown, for ``scorekeeper rules`` and the TUI's rules screen."""
    if game not in GAMES:
        raise ScorekeeperError(f"'{game}' is not a game here (choose {', '.join(GAMES)})")
    return resources.files(__package__).joinpath(f"{game}.md").read_text("utf-8")
