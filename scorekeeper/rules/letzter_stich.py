"""Letzter Stich, the Noris game: whoever wins the last trick pays a chip into the pot."""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal
from typing import TYPE_CHECKING, Literal, get_args

from pydantic import Field

from ..cards import Card
from ..i18n import N_, _, ngettext
from .base import Ruleset
from .config import GameOptions, Opening, SessionConfig, options_as
from .ends import POT
from .facts import amount_text, tricks_words
from .record import HandRecord
from .results import HandOutcome, Settlement, TableState, present, transfer

if TYPE_CHECKING:
    from .plans import DealPlan, Results

SWEEP_PAYS = Decimal(2)
# A sweep's reason when the pot held less than 2 (the reasons are data, kept in English).
_SHORT_POT = re.compile(r"sweep: all 8 tricks; 2 due, the pot held (.+) \(pay-what-exists\)")
LAST_TRICK_COSTS = Decimal(1)


# What a Letzter Stich hand can be: the last trick's winner pays a chip, or one player took
# every trick (a sweep, paid from the pot).
LetzterStichHand = Literal["last-trick", "sweep"]


class LetzterStichOptions(GameOptions):
    starting_chips: int = Field(5, ge=1, le=1_000_000_000, strict=True)
    insufficient_pot: Literal["pay-what-exists"] = "pay-what-exists"


class LetzterStich(Ruleset):
    """Letzter Stich: the last trick pays a chip into the pot; a sweep is paid from it."""

    game = "letzter-stich"
    version = "letzter-stich/1"
    title = "Letzter Stich"
    min_players = 3
    max_players = 4
    options_model = LetzterStichOptions
    score_name = N_("chips")
    hand_kinds = get_args(LetzterStichHand)
    kind_names = {"last-trick": N_("last trick"), "sweep": N_("sweep")}
    tricks_per_hand = TRICKS = 8

    def starting_score(self, config: SessionConfig) -> Decimal:
        return Decimal(options_as(config, LetzterStichOptions).starting_chips)

    def starting_pot(self, config: SessionConfig) -> Decimal:
        return Decimal(0)

    def first_leader(self, config: SessionConfig, dealer: str) -> str:
        return config.left_of(dealer)

    def is_finished(self, config: SessionConfig, hands_played: int,
                    scores: dict[str, Decimal]) -> bool:
        return any(s <= 0 for s in scores.values())

    def carried(self, config: SessionConfig, state: TableState) -> Opening:
        """A match that is not over goes on the next evening: everyone's chips and the pot
        carry (D21). A match that is over is over: the next one starts with everyone's
        starting chips, and the pot it left (its chips are never shared out)."""
        if state.finished:
            return super().carried(config, state)
        return Opening(pot=state.pot, scores=dict(state.scores))

    def results(self, config: SessionConfig, state: TableState) -> Results:
        """Chips now minus the chips each started with; the pot's chips stay in the pot (they
        are never shared out): what they are worth is paid into it. (An evening that continues
        a match starts from the chips the last one left, and the pot from what it held.)"""
        from .plans import Results

        gained = super().results(config, state)
        if config.opening is not None:
            since = present(gained.pot, "the pot's result")  # what it gained (+) or lost (-)
            return Results(gained.players, gained.pot, (
                _("each player's chips now minus the chips they had when this evening began; "
                  "the pot's chips stay in the pot (never shared out): the worth of what it "
                  "gained since is paid into it") if since > 0 else
                _("each player's chips now minus the chips they had when this evening began; "
                  "the pot's chips stay in the pot (never shared out): it pays the worth of "
                  "what it lost since") if since < 0 else
                _("each player's chips now minus the chips they had when this evening began; "
                  "the pot's chips stay in the pot (never shared out): it neither gained nor "
                  "lost since: nothing is paid into it or by it")))
        start = amount_text(self.starting_score(config))
        held = present(state.pot, "the pot")
        words = ngettext("each player's chips now minus the {start} they started with; the "
                         "pot's chips stay in the pot (never shared out): the worth of its "
                         "{chips} chip is paid into it",
                         "each player's chips now minus the {start} they started with; the "
                         "pot's chips stay in the pot (never shared out): the worth of its "
                         "{chips} chips is paid into it",
                         1 if held == 1 else 2)  # a fraction of chips takes the plural
        return Results(gained.players, gained.pot,
                       words.format(start=start, chips=amount_text(held)))

    player_figure_names = {"last_tricks": N_("last tricks taken"), "sweeps": N_("sweeps")}

    def player_figures(self, config: SessionConfig,
                       hands: Iterable[HandOutcome]) -> dict[str, dict[str, int]]:
        """Last tricks taken (each cost a chip: a sweep's last trick is counted as the sweep)
        and sweeps (all 8 tricks)."""
        figures = super().player_figures(config, hands)
        for hand in hands:
            last = hand.tricks[-1]
            figures[last]["sweeps" if hand.kind == "sweep" else "last_tricks"] += 1
        return figures

    def _settle(self, config: SessionConfig, state: TableState, record: HandRecord) -> Settlement:
        winners, findings, clean = self._everyone_plays(config, state, record, self.TRICKS)
        last = winners[-1]
        if all(w == last for w in winners):
            pot = present(state.pot, "the pot")
            paid = min(SWEEP_PAYS, pot)
            if paid == SWEEP_PAYS:
                reason = "sweep: all 8 tricks"
            else:
                reason = (f"sweep: all 8 tricks; 2 due, the pot held {amount_text(pot)} "
                          f"(pay-what-exists)")
            sweep = transfer(POT, last, paid, reason, SWEEP_PAYS if paid < SWEEP_PAYS else None)
            return self._finish(config=config, state=state, kind="sweep", record=clean,
                                transfers=[sweep], stake=None, findings=findings)
        pays = transfer(last, POT, LAST_TRICK_COSTS, "won the last trick")
        return self._finish(config=config, state=state, kind="last-trick", record=clean,
                            transfers=[pays], stake=None, findings=findings)

    def explain(self, s: Settlement) -> tuple[str, ...]:
        winners = s.record.tricks
        last = winners[-1]
        if s.kind == "sweep":
            paid = s.transfers[0].amount
            if paid == SWEEP_PAYS:
                return (_("{player} took all 8 tricks: a sweep. {player} pays nothing and "
                          "receives 2 from the pot.").format(player=last),)
            held = present(s.pot_before, "the pot")
            return (_("{player} took all 8 tricks: a sweep. 2 are due but the pot holds only "
                      "{held}: {player} receives {paid}, and no debt is kept.").format(
                player=last, held=amount_text(held), paid=amount_text(paid)),)
        taken = sum(1 for w in winners if w == last)
        return (_("{player} won the last trick ({tricks} in all): pays 1 chip into the pot.")
                .format(player=last, tricks=tricks_words(taken)),)

    def reason_words(self, reason: str) -> str:
        if reason == "won the last trick":
            return _("won the last trick")
        if reason == "sweep: all 8 tricks":
            return _("sweep: all 8 tricks")
        short = _SHORT_POT.fullmatch(reason)
        if short is not None:
            return _("sweep: all 8 tricks; 2 due, the pot held {held} (pay-what-exists)").format(
                held=short.group(1))
        return reason

    def pack(self, players: int) -> frozenset[Card]:
        """32 cards for four players; for three the 7s and 8s are taken out (24)."""
        return self.piquet_pack(players)

    def deal_plan(self, players: tuple[str, ...], dealer: str) -> DealPlan:
        from .plans import DealPlan

        n = len(players)
        left = players[(players.index(dealer) + 1) % n]
        size = len(self.pack(n))
        if n == 3:
            shuffle = _("{dealer} shuffles a {size}-card pack (7s and 8s removed)")
        else:
            shuffle = _("{dealer} shuffles a {size}-card pack")
        steps = (shuffle.format(dealer=dealer, size=size),
                 _("{dealer} deals 4 cards to each player, clockwise from {left}").format(
                     dealer=dealer, left=left),
                 _("then 4 more each: everyone holds 8; no trump, no indicator"),
                 _("{left} (the dealer's left) leads the first trick").format(left=left))
        return DealPlan(game=self.game, players=n, steps=steps,
                        card_count=_("{hands} hands of 8 = {size}").format(hands=n, size=size))
