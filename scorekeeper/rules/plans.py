"""A session's results when the table settles up (``Results``) and a deal's plan (``DealPlan``):
made by few commands (not ``show``; ``record`` for the listing's line), so imported where one
is made, not with the rules."""

from __future__ import annotations

from decimal import Decimal
from typing import NamedTuple


# A NamedTuple, not a dataclass: a frozen dataclass compiles six methods at import (about 4 M
# instructions each class), and every command that reads a session imports the rules while
# few make results or a deal's plan (``show`` of 100 hands, a whole process:
# tests/benchmarks/test_whole_commands.py); those import this module when they make one. Read
# by name, made by name or in order.
class Results(NamedTuple):
    """What a session comes to when the table settles up (``Ruleset.results``): each player's
    result in the game's unit, won (+) or lost (−), and the pot's share: what the pot keeps
    (``None`` in a game without a pot). Players and pot add up to zero. ``words`` says, for
    people, how this game's results are worked out."""

    players: dict[str, Decimal]
    pot: Decimal | None
    words: str


class DealPlan(NamedTuple):  # no dataclass compiled at import: see ``Results``
    """The steps of the deal with seat names, and the check that every card is accounted for."""

    game: str
    players: int
    steps: tuple[str, ...]
    card_count: str
