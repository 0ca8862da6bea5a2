"""The rule cards: each game's rules as short Markdown, shipped with the package, one card
per language (``kratzen.md`` in English, ``kratzen.de.md``, ``kratzen.pt.md``,
``kratzen.es.md``). A game registered from outside the package brings its own card
(``Ruleset.rule_card``).

Where a card's words depend on the pack (Kratzen's Weli is never an ordinary card of bells in
the German pack, of ♦ in the French one), the card writes the three readings in one place,
``[[german: … | french: … | either: …]]``; ``rule_card`` keeps the one for the pack of the
session (``either`` where no session is known: ``scorekeeper rules``)."""

from __future__ import annotations

import re
from importlib import resources

from ..cards import Deck
from ..errors import ScorekeeperError
from ..i18n import _, current_language
from ..rules import RULESETS, games

_BY_PACK = re.compile(
    r"\[\[german:\s*(.*?)\s*\|\s*french:\s*(.*?)\s*\|\s*either:\s*(.*?)\s*\]\]", re.DOTALL)
_READING = {"german": 1, "french": 2, None: 3}


def rule_card(game: str, language: str | None = None, deck: Deck | None = None) -> str:
    """The rules of ``game`` as Markdown, for ``scorekeeper rules`` and the TUI's rules screen,
    in ``language`` (default: the language in use; English when there is no card in it), its
    cards named as in ``deck``, the session's pack (``None``: no session, both packs named)."""
    return _BY_PACK.sub(lambda found: found.group(_READING[deck]), _card(game, language))


def _card(game: str, language: str | None) -> str:
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
