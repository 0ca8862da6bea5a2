"""Kratzen, the didactic four-card profile with chips, the Weli and a pot."""

from __future__ import annotations

import functools
from decimal import Decimal
from typing import Literal

from pydantic import Field

from ..amounts import ONE, exact, format_amount
from ..cards import Card, Rank, pack
from ..errors import RecordError
from .base import (POT, GameOptions, HandRecord, Ruleset, SessionConfig, Settlement, TableState,
                   Transfer, count_tricks, plural, transfer)

TRICKS = 4
PACK = pack("kratzen", 4)
TWO = Decimal(2)
TRICK_REASONS = tuple(f"trick {i}" for i in range(1, TRICKS + 1))
_POTS = (POT,) * TRICKS


@functools.lru_cache(maxsize=64)
def _penalty_reason(who: str, needed: int, took: int, pays: str) -> str:
    return f"penalty: {who} needed {needed}, took {took} ({pays})"


class KratzenOptions(GameOptions):
    rotations: int = Field(1, ge=1, le=100_000, strict=True)
    deck: Literal["german", "french"] = "german"


@functools.lru_cache(maxsize=256)
def read_indicator(indicator: tuple[Card, ...] | None) -> Card:
    """The card that fixes trump: the turned card, or after the Weli the next one (D5).
    Kept for each indicator that was valid (a session turns up the same few again and again;
    a refusal is raised again each time)."""
    if not indicator:
        raise RecordError("indicator", "the turned-up card is needed (e.g. \"KC\"; the Weli "
                          "then the card that fixes the suit: [\"W\", \"AH\"])")
    for card in indicator:
        if card not in PACK:
            raise RecordError("indicator", f"'{card}' is not in the kratzen pack")
    first = indicator[0]
    if first.is_weli:
        if len(indicator) == 1:
            raise RecordError("indicator", "the Weli was turned: turn up another card and give "
                              "both (the Weli, then the card that fixes the suit)")
        if len(indicator) > 2:
            raise RecordError("indicator", "give the Weli and one more card, no more")
        if indicator[1].is_weli:
            raise RecordError("indicator", "there is only one Weli in the pack")
        return indicator[1]
    if len(indicator) != 1:
        raise RecordError("indicator", "give one turned card, or two when the first is the Weli")
    return first


class Kratzen(Ruleset):
    game = "kratzen"
    version = "kratzen/1"
    title = "Kratzen"
    min_players = 3
    max_players = 6
    options_model = KratzenOptions
    score_name = "balance"
    hand_kinds = ("muss", "forced-muss", "normal", "walkover")

    def starting_score(self, config: SessionConfig) -> Decimal:
        return Decimal(0)

    def starting_pot(self, config: SessionConfig) -> Decimal:
        return Decimal(0)

    def first_leader(self, config: SessionConfig, dealer: str) -> str:
        return dealer

    def planned_hands(self, config: SessionConfig) -> int:
        return config.options.rotations * len(config.players)

    def is_finished(self, config, hands_played, scores) -> bool:
        return hands_played >= self.planned_hands(config)

    def _settle(self, config: SessionConfig, state: TableState, record: HandRecord) -> Settlement:
        dealer = state.dealer
        others = config.clockwise_from(dealer)[1:]
        fixing = read_indicator(record.indicator)
        forced = fixing.rank is Rank.SEVEN
        muss = state.pot == 0 or forced

        # 1. Stakes.
        transfers, stake = self._stakes(config, state, others)

        # 2. Who plays.
        entered = self._read_entered(config, record, dealer, others, muss)
        playing = (dealer,) + entered
        if forced:
            kind = "forced-muss"
        elif muss:
            kind = "muss"
        elif not entered:
            kind = "walkover"
        else:
            kind = "normal"

        # 3. Walkover: everybody else dropped.
        if kind == "walkover":
            if record.tricks or record.cards:
                raise RecordError("cards" if record.cards else "tricks",
                                  "everyone else dropped: a walkover has no tricks "
                                  "(give tricks = [])")
            transfers.append(transfer(POT, dealer, stake, "walkover: everyone else dropped"))
            clean = HandRecord.trusted(tricks=(), indicator=record.indicator, entered=entered,
                                       note=record.note)
            return self._finish(config=config, state=state, kind=kind, record=clean,
                                transfers=transfers, stake=stake)

        winners, findings = self._winners(config, record, TRICKS, dealer, playing, fixing.suit)
        if winners == record.tricks and entered == record.entered:
            clean = record  # already as it will be kept
        else:
            clean = HandRecord.trusted(tricks=winners, indicator=record.indicator,
                                       entered=entered, cards=record.cards,
                                       led_by=record.led_by, note=record.note)
        taken = count_tricks(playing, winners)

        # 4. Trick payouts, normal hands only: P/4 each, the four together empty the pot.
        if kind == "normal":
            share = stake / TRICKS
            transfers += map(transfer, _POTS, winners, (share,) * TRICKS, TRICK_REASONS)

        # 5. Penalties, each from the same P.
        for p in playing:
            needed = self.needed(p, dealer, kind)
            if taken[p] >= needed:
                continue
            if p == dealer:
                penalty, reason = stake * 2, _penalty_reason("dealer", needed, taken[p], "2P")
            else:
                penalty, reason = stake, _penalty_reason("player", needed, taken[p], "P")
            transfers.append(transfer(p, POT, penalty, reason))
        return self._finish(config=config, state=state, kind=kind, record=clean,
                            transfers=transfers, stake=stake, findings=findings)

    @staticmethod
    def needed(player: str, dealer: str, kind: str) -> int:
        """Tricks a playing hand needs: the dealer 2, everyone else 1; in a forced Muss 1 each."""
        return 2 if (player == dealer and kind != "forced-muss") else 1

    def explain(self, s: Settlement) -> tuple[str, ...]:
        record, dealer, stake = s.record, s.dealer, s.stake
        players = tuple(s.deltas)  # in seating order
        said = [(f"The pot is empty: a Muss. {dealer} (dealer) pays 2, everyone else 1."
                 if s.pot_before == 0 else f"{dealer} deals and pays 1 into the pot.")]
        turned = " then ".join(c.symbol() for c in record.indicator)
        fixing = record.indicator[-1]
        said.append(f"P = {format_amount(stake)}; trump {fixing.suit.symbol} ({turned} turned).")
        if s.kind == "forced-muss":
            said.append("The indicator is a 7: a forced Muss. Nobody may drop; nobody is paid "
                        "for tricks, everyone (the dealer too) needs 1 trick.")
        elif s.kind == "muss":
            said.append("Nobody may drop; nobody is paid for tricks. The dealer needs 2 tricks, "
                        "everyone else 1.")
        elif s.kind == "walkover":
            said.append(f"Everyone else dropped: {dealer} takes the whole pot, "
                        f"{format_amount(stake)}, without play.")
            return tuple(said)
        i = players.index(dealer)
        clockwise = players[i:] + players[:i]
        if s.kind == "normal":
            dropped = [p for p in clockwise[1:] if p not in record.entered]
            if dropped:
                said.append(f"{', '.join(dropped)} dropped.")
        playing = [p for p in clockwise if p == dealer or record.entered is None
                   or p in record.entered]
        taken = count_tricks(playing, record.tricks)
        if s.kind == "normal":
            with exact():
                share = stake / TRICKS
                paid = ", ".join(f"{p} {plural(n, 'trick')} ({format_amount(share * n)})"
                                 for p, n in taken.items() if n)
            said.append(f"Each trick pays P/4 = {format_amount(share)}: {paid}.")
        for t in s.transfers:
            if t.reason.startswith("penalty"):
                p = t.source
                words = "2P" if p == dealer else "P"
                said.append(f"{p} needed {self.needed(p, dealer, s.kind)} and took {taken[p]}: "
                            f"pays {words} = {format_amount(t.amount)} into the next pot.")
        return tuple(said)

    def stakes(self, config: SessionConfig, state: TableState) -> tuple[list[Transfer], Decimal]:
        """The stakes of the next hand and P, the pot once they are paid."""
        with exact():
            return self._stakes(config, state, config.clockwise_from(state.dealer)[1:])

    def _stakes(self, config: SessionConfig, state: TableState,
                others: tuple[str, ...]) -> tuple[list[Transfer], Decimal]:
        dealer = state.dealer
        if state.pot == 0:
            transfers = [transfer(dealer, POT, TWO, "muss stake (dealer)")]
            transfers += [transfer(p, POT, ONE, "muss stake") for p in others]
        else:
            transfers = [transfer(dealer, POT, ONE, "stake (dealer)")]
        return transfers, state.pot + sum([t.amount for t in transfers])

    def stakes_text(self, config: SessionConfig, state: TableState) -> str:
        """The stakes in words: what to collect before the deal."""
        if state.pot == 0:
            return f"The pot is empty: a Muss. {state.dealer} (dealer) pays 2, everyone else 1."
        return f"{state.dealer} deals and pays 1 into the pot."

    def is_muss(self, state: TableState, indicator: tuple[Card, ...] | None = None) -> bool:
        """Whether nobody may drop: the pot is empty, or the indicator (once known) is a 7."""
        if state.pot == 0:
            return True
        if not indicator or (indicator[0].is_weli and len(indicator) < 2):
            return False
        return read_indicator(indicator).rank is Rank.SEVEN

    def _read_entered(self, config: SessionConfig, record: HandRecord, dealer: str,
                      others: tuple[str, ...], muss: bool) -> tuple[str, ...]:
        if record.entered is None:
            if muss:
                return others
            raise RecordError("entered", "the pot is not empty, so each player plays or drops: "
                              "list the non-dealers who play ([] if all dropped)")
        given = record.entered
        if not muss or len(given) == len(others):
            in_order = tuple([p for p in others if p in given])
            if in_order == given:
                return given  # names exactly as seated, in seating order, each once
        names: list[str] = []
        for raw in record.entered:
            name = config.resolve(raw, "entered")
            if name == dealer:
                raise RecordError("entered", f"'{name}' deals and always plays; list only "
                                  f"the others who play")
            if name in names:
                raise RecordError("entered", f"'{name}' is named twice")
            names.append(name)
        if muss and set(names) != set(others):
            missing = [p for p in others if p not in names]
            raise RecordError("entered", f"in a Muss nobody may drop: {', '.join(missing)} "
                              f"must play too (or leave 'entered' out)")
        return tuple(p for p in others if p in names)
