"""The referee: who wins a trick, which cards are legal and why, and the deal at the table.

Each question names the game and the number of players, since the pack depends on both (a
three-player pack of some games has no 7s or 8s). The rules of play themselves are the
game's (``rules/play.py`` and each ruleset). Pure.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card, Deck, Suit
from .errors import ScorekeeperError
from .i18n import _
from .rules import Ruleset, get_ruleset
from .rules.plans import DealPlan
from .rules.play import PlayAdvice, Verdict
from .rules.play import judge as judge_play
from .rules.play import legal_cards as legal_play
from .rules.play import winning_position as winning_play

__all__ = ["DealPlan", "PlayAdvice", "Verdict", "deal_plan", "judge", "legal_cards",
           "table_ruleset", "winning_position"]


def table_ruleset(game: str | Ruleset, players: int) -> Ruleset:
    """The game's rules, checking that it is played by this many players."""
    try:
        ruleset = game if isinstance(game, Ruleset) else get_ruleset(game)
    except ScorekeeperError:
        raise ScorekeeperError(_("'{game}' is not a game here").format(game=game)) from None
    problem = ruleset.player_count_problem(players)
    if problem is not None:
        raise ScorekeeperError(problem)
    return ruleset


def winning_position(game: str | Ruleset, trick: Sequence[Card], trump: Suit | None = None,
                     players: int = 4) -> int:
    """The position (from 0, in play order) of the card winning the trick so far."""
    ruleset = table_ruleset(game, players)
    return winning_play(ruleset, trick, trump, ruleset.pack(players))


def legal_cards(game: str | Ruleset, hand: Sequence[Card], trick: Sequence[Card] = (),
                trump: Suit | None = None, players: int = 4,
                deck: Deck = "french") -> PlayAdvice:
    """The cards of ``hand`` that may be played to ``trick``, with the reason (the cards
    named as ``deck`` names them: Ober and Unter in a German pack)."""
    ruleset = table_ruleset(game, players)
    return legal_play(ruleset, hand, trick, trump, ruleset.pack(players), deck)


def judge(game: str | Ruleset, hand: Sequence[Card], trick: Sequence[Card], card: Card,
          trump: Suit | None = None, players: int = 4) -> Verdict:
    """Was playing ``card`` from ``hand`` to ``trick`` legal? If not, say what was owed."""
    ruleset = table_ruleset(game, players)
    return judge_play(ruleset, hand, trick, card, trump, ruleset.pack(players))


def deal_plan(game: str | Ruleset, players: Sequence[str], dealer: str) -> DealPlan:
    """What to do at the table, in order, for ``dealer`` dealing to ``players`` (clockwise)."""
    ruleset = table_ruleset(game, len(players))
    if dealer not in players:
        raise ScorekeeperError(_("'{name}' is not one of the players").format(name=dealer))
    return ruleset.deal_plan(tuple(players), dealer)
