"""Letzter, Altenburg rules: the winner of the last trick takes a penalty point."""

from __future__ import annotations

from decimal import Decimal

from pydantic import Field

from ..amounts import ONE
from .base import (PENALTY, GameOptions, HandRecord, Ruleset, SessionConfig, Settlement,
                   TableState, plural, transfer)


class LetzterOptions(GameOptions):
    rounds: int | None = Field(None, ge=1, le=100_000, strict=True)


class Letzter(Ruleset):
    game = "letzter"
    version = "letzter/1"
    title = "Letzter"
    min_players = 3
    max_players = 4
    options_model = LetzterOptions
    score_name = "penalty points"
    higher_is_better = False
    hand_kinds = ("last-trick", "durchmarsch")
    TRICKS = 8

    def starting_score(self, config: SessionConfig) -> Decimal:
        return Decimal(0)

    def starting_pot(self, config: SessionConfig) -> None:
        return None

    def first_leader(self, config: SessionConfig, dealer: str) -> str:
        # D3: the dealer's right neighbour leads, with three players as with four.
        return config.right_of(dealer)

    def planned_hands(self, config: SessionConfig) -> int | None:
        rounds = config.options.rounds
        return None if rounds is None else rounds * len(config.players)

    def is_finished(self, config, hands_played, scores) -> bool:
        planned = self.planned_hands(config)
        return planned is not None and hands_played >= planned

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
            others = [t.target for t in s.transfers]
            return (f"{last} took all 8 tricks: a Durchmarsch. {last} scores nothing; "
                    f"{', '.join(others)} get 1 penalty point each.",)
        taken = sum(1 for w in winners if w == last)
        return (f"{last} won the last trick ({plural(taken, 'trick')} in all): 1 penalty point.",)
