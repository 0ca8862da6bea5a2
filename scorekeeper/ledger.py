"""Settle a whole history of hands, one after the other, exactly as the rules say."""

from __future__ import annotations

from typing import Iterable

from .errors import RecordError
from .rules import HandRecord, Ruleset, SessionConfig, Settlement, TableState, get_ruleset
from .rules.base import Frozen


class Ledger(Frozen):
    """A session settled from its records: one settlement per hand and the table now."""

    config: SessionConfig
    settlements: tuple[Settlement, ...]
    state: TableState

    @property
    def ruleset(self) -> Ruleset:
        return get_ruleset(self.config.game)


def settle_next(ruleset: Ruleset, config: SessionConfig, state: TableState,
                record: HandRecord) -> tuple[Settlement, TableState]:
    """Settle one more hand on top of ``state``; a problem names the hand's number."""
    number = state.hands_played + 1
    if state.finished:
        raise RecordError("hand", f"the session finished after hand {state.hands_played}; "
                          f"no more hands can be recorded", number)
    try:
        settlement = ruleset.settle(config, state, record)
    except RecordError as error:
        raise error.in_hand(number) from None
    return settlement, ruleset.advance(config, state, settlement)


def settle_hands(config: SessionConfig, records: Iterable[HandRecord],
                 ruleset: Ruleset | None = None) -> Ledger:
    """Settle every record in order from the start of the session."""
    ruleset = ruleset or get_ruleset(config.game)
    state = ruleset.initial_state(config)
    settlements: list[Settlement] = []
    for record in records:
        settlement, state = settle_next(ruleset, config, state, record)
        settlements.append(settlement)
    return Ledger(config=config, settlements=tuple(settlements), state=state)
