"""Letzter, Altenburg rules: the winner of the last trick takes a penalty point."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import TYPE_CHECKING, Literal, get_args

from pydantic import Field

from ..amounts import ONE, exact, format_amount
from ..cards import Card
from ..i18n import N_, _, ngettext
from .base import Ruleset
from .config import GameOptions, SessionConfig, options_as
from .ends import PENALTY
from .facts import names_and, tricks_words
from .record import HandRecord
from .results import HandOutcome, Settlement, TableState, transfer

if TYPE_CHECKING:
    from .plans import DealPlan, Results

# What a Letzter hand can be: the last trick's winner takes a point, or one player took
# every trick (a Durchmarsch: the others take a point each).
LetzterHand = Literal["last-trick", "durchmarsch"]


class LetzterOptions(GameOptions):
    rounds: int | None = Field(None, ge=1, le=100_000, strict=True)


class Letzter(Ruleset):
    """Letzter: no pot; the last trick (or every trick: a Durchmarsch) costs penalty points."""

    game = "letzter"
    version = "letzter/1"
    title = "Letzter"
    min_players = 3
    max_players = 4
    options_model = LetzterOptions
    score_name = N_("penalty points")
    higher_is_better = False
    hand_kinds = get_args(LetzterHand)
    kind_names = {"last-trick": N_("last trick"), "durchmarsch": N_("Durchmarsch")}
    tricks_per_hand = TRICKS = 8
    has_pot = False
    unit = "point"

    def starting_score(self, config: SessionConfig) -> Decimal:
        return Decimal(0)

    def starting_pot(self, config: SessionConfig) -> None:
        return None

    def first_leader(self, config: SessionConfig, dealer: str) -> str:
        # D3: the dealer's right neighbour leads, with three players as with four.
        return config.right_of(dealer)

    def planned_hands(self, config: SessionConfig) -> int | None:
        rounds = options_as(config, LetzterOptions).rounds
        return None if rounds is None else rounds * len(config.players)

    def is_finished(self, config: SessionConfig, hands_played: int,
                    scores: dict[str, Decimal]) -> bool:
        planned = self.planned_hands(config)
        return planned is not None and hands_played >= planned

    def results(self, config: SessionConfig, state: TableState) -> Results:
        """Penalty points settle pairwise: each pair of players settles the difference of
        their points, the one with more paying the one with fewer. Summed over the others, a
        player's result is every other player's points minus their own, pair by pair: the
        total of all points minus the number of players times their own."""
        from .plans import Results

        scores = state.scores
        with exact():
            total = sum(scores.values(), Decimal(0))
            players = {p: total - len(config.players) * scores[p] for p in config.players}
        return Results(players, None,
                       _("each pair of players settles the difference of their penalty points "
                         "(more pays fewer): a player's result is the others' points minus "
                         "their own, pair by pair"))

    player_figure_names = {"last_tricks": N_("last tricks taken"),
                           "durchmarsch": N_("Durchmarsch")}

    def player_figures(self, config: SessionConfig,
                       hands: Iterable[HandOutcome]) -> dict[str, dict[str, int]]:
        """Last tricks taken (each a penalty point: a Durchmarsch's last trick is counted as
        the Durchmarsch) and Durchmarsch (all 8 tricks)."""
        figures = super().player_figures(config, hands)
        for hand in hands:
            last = hand.tricks[-1]
            figures[last]["durchmarsch" if hand.kind == "durchmarsch" else "last_tricks"] += 1
        return figures

    def _settle(self, config: SessionConfig, state: TableState, record: HandRecord) -> Settlement:
        winners, findings, clean = self._everyone_plays(config, state, record, self.TRICKS)
        last = winners[-1]
        if all(w == last for w in winners):
            others = [p for p in config.clockwise_from(last) if p != last]
            transfers = [transfer(PENALTY, p, ONE, f"durchmarsch by {last}") for p in others]
            return self._finish(config=config, state=state, kind="durchmarsch", record=clean,
                                transfers=transfers, stake=None, findings=findings)
        transfers = [transfer(PENALTY, last, ONE, "won the last trick")]
        return self._finish(config=config, state=state, kind="last-trick", record=clean,
                            transfers=transfers, stake=None, findings=findings)

    def explain(self, s: Settlement) -> tuple[str, ...]:
        winners = s.record.tricks
        last = winners[-1]
        if s.kind == "durchmarsch":
            others = [t.target for t in s.transfers if isinstance(t.target, str)]
            return (_("{player} took all 8 tricks: a Durchmarsch. {player} scores nothing; "
                      "{others} get 1 penalty point each.").format(player=last,
                                                                   others=names_and(others)),)
        taken = sum(1 for w in winners if w == last)
        return (_("{player} won the last trick ({tricks} in all): 1 penalty point.").format(
            player=last, tricks=tricks_words(taken)),)

    def points_words(self, points: Decimal) -> str:
        """``+1 penalty point``, ``+2 penalty points``, in the language in use."""
        count = int(points) if points == int(points) else 2  # points are whole: plural else
        return ngettext("+{count} penalty point", "+{count} penalty points", count).format(
            count=format_amount(points))

    def reason_words(self, reason: str) -> str:
        if reason == "won the last trick":
            return _("won the last trick")
        if reason.startswith("durchmarsch by "):
            return _("durchmarsch by {player}").format(player=reason.removeprefix(
                "durchmarsch by "))
        return reason

    def pot_words(self, config: SessionConfig, state: TableState) -> str | None:
        return _("the last trick costs a penalty point")

    def pack(self, players: int) -> frozenset[Card]:
        """32 cards for four players; for three the 7s and 8s are taken out (24)."""
        return self.piquet_pack(players)

    def deal_plan(self, players: tuple[str, ...], dealer: str) -> DealPlan:
        from .plans import DealPlan

        n = len(players)
        i = players.index(dealer)
        left, right = players[(i + 1) % n], players[(i - 1) % n]
        if n == 4:
            middle = players[(i + 2) % n]
            steps: tuple[str, ...]
            steps = (_("{dealer} shuffles the 32-card pack and deals 7 cards to each player")
                     .format(dealer=dealer),
                     _("{dealer} takes the remaining 4 (11 cards)").format(dealer=dealer),
                     _("{dealer} pushes 3 cards face down to {left} (forehand)").format(
                         dealer=dealer, left=left),
                     _("{left} pushes any 2 cards to {middle} (middlehand)").format(
                         left=left, middle=middle),
                     _("{middle} pushes 1 card to {right} (rearhand)").format(
                         middle=middle, right=right),
                     _("everyone now holds 8"),
                     _("{right} (the dealer's right) leads the first trick").format(right=right))
            count = _("4 hands of 7 + 4 to the dealer = 32; after the pushes 4 hands of 8")
        else:
            steps = (_("{dealer} shuffles the 24-card pack (7s and 8s removed) and deals 7 to "
                       "each").format(dealer=dealer),
                     _("{dealer} takes the remaining 3 (10 cards)").format(dealer=dealer),
                     _("{dealer} pushes 2 cards face down to {left} (forehand)").format(
                         dealer=dealer, left=left),
                     _("{left} pushes 1 card to {right}").format(left=left, right=right),
                     _("everyone now holds 8"),
                     _("{right} (the dealer's right) leads the first trick").format(right=right))
            count = _("3 hands of 7 + 3 to the dealer = 24; after the pushes 3 hands of 8")
        return DealPlan(game=self.game, players=n, steps=steps, card_count=count)
