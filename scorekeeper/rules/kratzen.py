"""Kratzen, the didactic four-card profile with chips, the Weli and a pot."""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

from pydantic import Field

from ..amounts import exact, format_amount
from ..cards import Card, Rank, pack
from ..errors import RecordError
from .base import (POT, GameOptions, HandRecord, Ruleset, SessionConfig, Settlement, TableState,
                   Transfer, count_tricks, plural)

TRICKS = 4
PACK = pack("kratzen", 4)


class KratzenOptions(GameOptions):
    rotations: int = Field(1, ge=1, strict=True)
    deck: Literal["german", "french"] = "german"


def read_indicator(indicator: tuple[Card, ...] | None) -> Card:
    """The card that fixes trump: the turned card, or after the Weli the next one (D5)."""
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
        empty_pot = state.pot == 0
        muss = empty_pot or forced

        # 1. Stakes.
        transfers, stake = self.stakes(config, state)
        said: list[str] = [self.stakes_text(config, state)]
        turned = " then ".join(c.symbol() for c in record.indicator)
        said.append(f"P = {format_amount(stake)}; trump {fixing.suit.symbol} ({turned} turned).")

        # 2. Who plays.
        entered = self._read_entered(config, record, dealer, others, muss)
        playing = (dealer,) + tuple(p for p in others if p in entered)
        clean = HandRecord.trusted(tricks=(), indicator=record.indicator, entered=entered,
                           note=record.note)
        if forced:
            kind = "forced-muss"
            said.append(f"The indicator is a 7: a forced Muss. Nobody may drop; nobody is paid "
                        f"for tricks, everyone (the dealer too) needs 1 trick.")
        elif muss:
            kind = "muss"
            said.append("Nobody may drop; nobody is paid for tricks. The dealer needs 2 tricks, "
                        "everyone else 1.")
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
            transfers.append(Transfer.trusted(source=POT, target=dealer, amount=stake,
                                      reason="walkover: everyone else dropped"))
            said.append(f"Everyone else dropped: {dealer} takes the whole pot, "
                        f"{format_amount(stake)}, without play.")
            return self._finish(config=config, state=state, kind=kind, record=clean,
                                transfers=transfers, stake=stake, explanation=said)

        if kind == "normal":
            dropped = [p for p in others if p not in entered]
            if dropped:
                said.append(f"{', '.join(dropped)} dropped.")
        winners, findings = self._winners(config, record, TRICKS, dealer, playing, fixing.suit)
        clean = HandRecord.trusted(tricks=winners, indicator=record.indicator, entered=entered,
                           cards=record.cards, led_by=record.led_by, note=record.note)
        taken = count_tricks(playing, winners)

        # 4. Trick payouts, normal hands only: P/4 each, the four together empty the pot.
        if kind == "normal":
            share = stake / TRICKS
            for i, w in enumerate(winners, start=1):
                transfers.append(Transfer.trusted(source=POT, target=w, amount=share,
                                          reason=f"trick {i}"))
            paid = ", ".join(f"{p} {plural(n, 'trick')} ({format_amount(share * n)})"
                             for p, n in taken.items() if n)
            said.append(f"Each trick pays P/4 = {format_amount(share)}: {paid}.")

        # 5. Penalties, each from the same P.
        for p in playing:
            needed = 2 if (p == dealer and kind != "forced-muss") else 1
            if taken[p] >= needed:
                continue
            factor = 2 if p == dealer else 1
            fine = stake * factor
            who = "dealer" if p == dealer else "player"
            transfers.append(Transfer.trusted(
                source=p, target=POT, amount=fine,
                reason=f"penalty: {who} needed {needed}, took {taken[p]} ({'2P' if factor == 2 else 'P'})"))
            said.append(f"{p} needed {needed} and took {taken[p]}: pays "
                        f"{'2P' if factor == 2 else 'P'} = {format_amount(fine)} into the next pot.")
        return self._finish(config=config, state=state, kind=kind, record=clean,
                            transfers=transfers, stake=stake, explanation=said, findings=findings)

    def stakes(self, config: SessionConfig, state: TableState) -> tuple[list[Transfer], Decimal]:
        """The stakes of the next hand and P, the pot once they are paid."""
        dealer = state.dealer
        if state.pot == 0:
            transfers = [Transfer.trusted(source=dealer, target=POT, amount=Decimal(2),
                                  reason="muss stake (dealer)")]
            transfers += [Transfer.trusted(source=p, target=POT, amount=Decimal(1), reason="muss stake")
                          for p in config.clockwise_from(dealer)[1:]]
        else:
            transfers = [Transfer.trusted(source=dealer, target=POT, amount=Decimal(1),
                                  reason="stake (dealer)")]
        with exact():
            return transfers, state.pot + sum(t.amount for t in transfers)

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
