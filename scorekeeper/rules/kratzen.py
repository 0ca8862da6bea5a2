"""Kratzen, the didactic four-card profile with chips, the Weli and a pot."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal, get_args

from pydantic import Field

from ..amounts import ONE, ZERO, exact, format_amount
from ..cards import ORDINARY_RANKS, WELI, Card, Deck, Rank, Suit
from ..errors import RecordError
from ..i18n import N_, _, ngettext
from .base import Ruleset
from .config import GameOptions, SessionConfig, options_as
from .ends import POT
from .facts import count_tricks, names_and, then_list, tricks_words
from .record import HandRecord
from .results import HandOutcome, Settlement, TableState, Transfer, present, transfer

if TYPE_CHECKING:
    from .plans import DealPlan, Results

TRICKS = 4
# 33 cards at any table size: A to 7 in four suits and the Weli.
PACK = frozenset([Card(rank=r, suit=s) for r in ORDINARY_RANKS for s in Suit] + [WELI])
TWO = Decimal(2)
TRICK_REASONS = tuple(f"trick {i}" for i in range(1, TRICKS + 1))
ASK_STEP = 5  # in the deal plan, the step that asks each other player to play or drop
_POTS = (POT,) * TRICKS


@functools.lru_cache(maxsize=64)
def _penalty_reason(who: str, needed: int, took: int, pays: str) -> str:
    return f"penalty: {who} needed {needed}, took {took} ({pays})"


# The transfers' reasons are data (English); in words for people they are these.
_PENALTY = re.compile(r"penalty: (dealer|player) needed ([0-9]+), took ([0-9]+) \((2?P)\)")
_REASONS = {"muss stake (dealer)": N_("muss stake (dealer)"), "muss stake": N_("muss stake"),
            "stake (dealer)": N_("stake (dealer)"),
            "walkover: everyone else dropped": N_("walkover: everyone else dropped")}


# What a Kratzen hand can be: a Muss (the pot was empty), a forced Muss (a 7 fixed trump),
# a normal hand, or a walkover (everyone else dropped).
KratzenHand = Literal["muss", "forced-muss", "normal", "walkover"]


class KratzenOptions(GameOptions):
    rotations: int = Field(1, ge=1, le=100_000, strict=True)
    deck: Literal["german", "french"] = "german"


@functools.lru_cache(maxsize=256)
def read_indicator(indicator: tuple[Card, ...] | None) -> Card:
    """The card that fixes trump: the turned card, or after the Weli the next one (D5).
    Kept for each indicator that was valid (a session turns up the same few again and again;
    a refusal is raised again each time)."""
    if not indicator:
        raise RecordError("indicator", _("the turned-up card is needed (e.g. \"KC\"; the Weli "
                                         "then the card that fixes the suit: [\"W\", \"AH\"])"))
    for card in indicator:
        if card not in PACK:
            raise RecordError("indicator", _("'{card}' is not in the kratzen pack").format(
                card=card))
    first = indicator[0]
    if first.is_weli:
        if len(indicator) == 1:
            raise RecordError("indicator", _("the Weli was turned: turn up another card and "
                                             "give both (the Weli, then the card that fixes the "
                                             "suit)"))
        if len(indicator) > 2:
            raise RecordError("indicator", _("give the Weli and one more card, no more"))
        if indicator[1].is_weli:
            raise RecordError("indicator", _("there is only one Weli in the pack"))
        return indicator[1]
    if len(indicator) != 1:
        raise RecordError("indicator", _("give one turned card, or two when the first is the "
                                         "Weli"))
    return first


# Settling a long session asks the same few questions again and again: who sits after each
# dealer, what each dealer stakes. Each answer is worked out
# once and kept (immutable: tuples of transfers). The replay and audit rows of
# tests/benchmarks/test_whole_commands.py measure what this saves.

@functools.lru_cache(maxsize=64)
def _others(players: tuple[str, ...], dealer: str) -> tuple[str, ...]:
    """Everyone but the dealer, clockwise from the dealer's left."""
    i = players.index(dealer)
    return players[i + 1:] + players[:i]


@functools.lru_cache(maxsize=64)
def _stake_transfers(dealer: str, others: tuple[str, ...],
                     empty: bool) -> tuple[tuple[Transfer, ...], Decimal]:
    """The stakes of a hand and what they add to the pot: into an empty pot a Muss (the
    dealer 2, everyone else 1), else the dealer 1."""
    if empty:
        stakes = (transfer(dealer, POT, TWO, "muss stake (dealer)"),
                  *[transfer(p, POT, ONE, "muss stake") for p in others])
    else:
        stakes = (transfer(dealer, POT, ONE, "stake (dealer)"),)
    with exact():
        return stakes, sum([t.amount for t in stakes], ZERO)


# The records kept, by the record read and what the settlement put in (``_kept``), each held
# beside the record it came from. A long evening's hands are few distinct records (a script's
# or a file's reader makes equal hands one record), and a Muss keeps its record with who
# played: 10,000 hands made about 6,000 copies of some 600 kinds (the replay row of
# tests/benchmarks/test_whole_commands.py).
_KEPT: dict[tuple[Any, ...], tuple[HandRecord, HandRecord]] = {}


def _kept(record: HandRecord, **settled: Any) -> HandRecord:
    """The record as it is kept: ``record`` (checked) with the names the settlement read from
    it (each a seated player's, as seated) and without what the hand did not have. Copied,
    not checked again: every value is the record's own or one the settlement made from it."""
    if record.cards is None and record.led_by is None:
        settled.pop("cards", None)
        settled.pop("led_by", None)
    key = (id(record), *settled.items())
    held = _KEPT.get(key)
    if held is not None and held[0] is record:
        return held[1]
    kept = record.model_copy(update=settled)
    if len(_KEPT) >= 10_000:
        _KEPT.clear()
    _KEPT[key] = (record, kept)
    return kept


def _trick_payouts(stake: Decimal, winners: tuple[str, ...]) -> map[Transfer]:
    """The four trick payouts of a normal hand, P/4 each from the pot to each trick's winner
    (under the exact context, as the settlement is: P is whole, P/4 exact)."""
    return map(transfer, _POTS, winners, (stake / TRICKS,) * TRICKS, TRICK_REASONS)


def forces_muss(fixing: Card) -> bool:
    """A 7 fixing trump (turned first, or after the Weli) makes the hand a forced Muss."""
    return fixing.rank is Rank.SEVEN


class Kratzen(Ruleset):
    """Kratzen: stakes into a pot, the Weli, play or drop, P/4 a trick, penalties of P and 2P."""

    game = "kratzen"
    version = "kratzen/1"
    title = "Kratzen"
    min_players = 3
    max_players = 6
    options_model = KratzenOptions
    score_name = N_("balance")
    hand_kinds = get_args(KratzenHand)
    kind_names = {"muss": N_("Muss"), "forced-muss": N_("forced Muss"), "normal": N_("normal"),
                  "walkover": N_("walkover")}
    unasked_kinds = frozenset({"muss", "forced-muss"})
    tricks_per_hand = TRICKS
    count_step = Fraction(1, TRICKS)  # P / 4 a trick: quarters of a chip
    trumps = True
    guide_step_at_decisions = 3  # the indicator is typed: deal 2 more cards, then ask
    guide_step_asking = ASK_STEP
    extra_record_fields = {
        "indicator": (N_("CARD[,CARD]"), "the turned card; the Weli, then the card that fixes "
                      "the suit."),
        "entered": ("A,B", "the non-dealers who play (\"\" if all dropped; may be left out "
                    "in a Muss)."),
    }
    record_words = {"indicator": N_("turned {value}"), **Ruleset.record_words}
    record_words_empty = {"entered": N_("everyone else dropped"), **Ruleset.record_words_empty}

    def field_words(self, key: str, count: int) -> str | None:
        """Who plays with its verb agreeing with how many (de "es spielt Ben", es "juega
        Ben"; "es spielen Ben", trial 35)."""
        if key == "entered":
            return ngettext("playing {value}", "playing {value}", count)
        return super().field_words(key, count)

    def starting_score(self, config: SessionConfig) -> Decimal:
        return Decimal(0)

    def starting_pot(self, config: SessionConfig) -> Decimal:
        return Decimal(0)

    def first_leader(self, config: SessionConfig, dealer: str) -> str:
        return dealer

    def planned_hands(self, config: SessionConfig) -> int:
        return options_as(config, KratzenOptions).rotations * len(config.players)

    def is_finished(self, config: SessionConfig, hands_played: int,
                    scores: dict[str, Decimal]) -> bool:
        return hands_played >= self.planned_hands(config)

    def results(self, config: SessionConfig, state: TableState) -> Results:
        """The balances as they stand (they start at 0, and with the pot they add up to 0);
        the pot is not paid out (RULES: it stays undistributed): what its chips are worth is
        paid into it, kept for the next evening (an empty pot is said to be empty)."""
        from .plans import Results

        balances = super().results(config, state)
        if config.opening is not None and config.opening.pot:
            carried = format_amount(present(config.opening.pot, "the pot carried"))
            since = present(balances.pot, "the pot's result")  # what it gained (+) or lost (-)
            words = (_("each balance as it stands; the pot is not paid out: it opened with the "
                       "{carried} the last evening left (their worth is in it already), and the "
                       "worth of what it gained since is paid into it") if since > 0 else
                     _("each balance as it stands; the pot is not paid out: it opened with the "
                       "{carried} the last evening left (their worth is in it already), and it "
                       "pays the worth of what it lost since") if since < 0 else
                     _("each balance as it stands; the pot is not paid out: it opened with the "
                       "{carried} the last evening left (their worth is in it already), and it "
                       "neither gained nor lost since: nothing is paid into it or by it"))
            return Results(balances.players, balances.pot, words.format(carried=carried))
        held = present(state.pot, "the pot")
        if not held:  # nothing to pay into it (trial 35: "the worth of its 0 chips")
            return Results(balances.players, balances.pot,
                           _("each balance as it stands; the pot is empty"))
        words = ngettext("each balance as it stands; the pot is not paid out: the worth of its "
                         "{chips} chip is paid into it, kept for the next evening",
                         "each balance as it stands; the pot is not paid out: the worth of its "
                         "{chips} chips is paid into it, kept for the next evening",
                         1 if held == 1 else 2)  # a fraction of chips takes the plural
        return Results(balances.players, balances.pot, words.format(chips=format_amount(held)))

    def _settle(self, config: SessionConfig, state: TableState, record: HandRecord) -> Settlement:
        dealer = state.dealer
        others = _others(config.players, dealer)
        fixing = read_indicator(record.indicator)
        forced = fixing.rank is Rank.SEVEN  # forces_muss
        muss = state.pot == 0 or forced

        # 1. Stakes.
        transfers, stake = self._stakes(config, state, others)

        # 2. Who plays.
        entered = self._read_entered(config, record, dealer, others, muss)
        playing = (dealer,) + entered
        kind: KratzenHand
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
                                  _("everyone else dropped: a walkover has no tricks "
                                    "(give none)"))
            transfers.append(transfer(POT, dealer, stake, "walkover: everyone else dropped"))
            clean = _kept(record, tricks=(), entered=entered, cards=None, led_by=None)
            return self._finish(config=config, state=state, kind=kind, record=clean,
                                transfers=transfers, stake=stake)

        winners, findings = self._winners(config, record, TRICKS, dealer, playing, fixing.suit,
                                          state)
        if winners == record.tricks and entered == record.entered:
            clean = record  # already as it will be kept
        else:
            clean = _kept(record, tricks=winners, entered=entered)

        # 4. Trick payouts, normal hands only: P/4 each, the four together empty the pot.
        if kind == "normal":
            transfers += _trick_payouts(stake, winners)

        # 5. Penalties, each from the same P: the dealer needs 2 tricks (1 in a forced Muss),
        # everyone else 1 (``needed``).
        dealer_needs = 1 if forced else 2
        for p in playing:
            took = winners.count(p)
            if p == dealer:
                if took < dealer_needs:
                    transfers.append(transfer(p, POT, stake * 2, _penalty_reason(
                        "dealer", dealer_needs, took, "2P")))
            elif not took:
                transfers.append(transfer(p, POT, stake, _penalty_reason("player", 1, 0, "P")))
        return self._finish(config=config, state=state, kind=kind, record=clean,
                            transfers=transfers, stake=stake, findings=findings)

    player_figure_names = {"played": N_("hands played"), "dropped": N_("hands dropped"),
                           "met": N_("requirements met"), "missed": N_("requirements missed"),
                           "walkovers": N_("walkovers won")}

    def player_figures(self, config: SessionConfig,
                       hands: Iterable[HandOutcome]) -> dict[str, dict[str, int]]:
        """Hands played (the dealer always plays; in a Muss everyone) and dropped; of the
        hands played with tricks, the requirement met (2 tricks for the dealer, 1 for the
        others, 1 each in a forced Muss) or missed; walkovers won (the dealer of a hand
        everyone else dropped: it is played, without tricks or a requirement)."""
        figures = super().player_figures(config, hands)
        for hand in hands:
            dealer, kind = hand.dealer, hand.kind
            if kind in ("muss", "forced-muss"):
                playing: tuple[str, ...] = config.players
            else:
                playing = (dealer, *(hand.entered or ()))
            for p in config.players:
                figures[p]["played" if p in playing else "dropped"] += 1
            if kind == "walkover":
                figures[dealer]["walkovers"] += 1
                continue
            taken = count_tricks(playing, hand.tricks)
            for p in playing:
                figures[p]["met" if taken[p] >= self.needed(p, dealer, kind) else "missed"] += 1
        return figures

    @staticmethod
    def needed(player: str, dealer: str, kind: str) -> int:
        """Tricks a playing hand needs: the dealer 2, everyone else 1; in a forced Muss 1 each."""
        return 2 if (player == dealer and kind != "forced-muss") else 1

    def explain(self, s: Settlement) -> tuple[str, ...]:
        return self.explain_words(s)

    def explain_words(self, s: Settlement,
                      config: SessionConfig | None = None) -> tuple[str, ...]:
        record, dealer = s.record, s.dealer
        stake = present(s.stake, "a Kratzen hand's stake")
        indicator = present(record.indicator, "a Kratzen hand's indicator")
        players = tuple(s.deltas)  # in seating order
        said = [(_("The pot is empty: a Muss. {dealer} (dealer) pays 2, everyone else 1.")
                 if s.pot_before == 0 else _("{dealer} deals and pays 1 into the pot."))
                .format(dealer=dealer)]
        deck = self.deck(config)
        fixing = indicator[-1]
        said.append(_("P = {stake}; trump {suit} ({cards} turned).").format(
            stake=format_amount(stake), suit=self.suit_words(fixing.suit, config),
            cards=then_list(indicator, deck)))
        if s.kind == "forced-muss":
            said.append(_("The indicator is a 7: a forced Muss. Nobody may drop; nobody is paid "
                          "for tricks, everyone (the dealer too) needs 1 trick."))
        elif s.kind == "muss":
            said.append(_("Nobody may drop; nobody is paid for tricks. The dealer needs 2 "
                          "tricks, everyone else 1."))
        elif s.kind == "walkover":
            said.append(_("Everyone else dropped: {dealer} takes the whole pot, {stake}, "
                          "without play.").format(dealer=dealer, stake=format_amount(stake)))
            return tuple(said)
        i = players.index(dealer)
        clockwise = players[i:] + players[:i]
        if s.kind == "normal":
            entered = present(record.entered, "a normal hand's entered")
            dropped = [p for p in clockwise[1:] if p not in entered]
            if dropped:
                said.append(ngettext("{players} dropped.", "{players} dropped.",
                                     len(dropped)).format(players=names_and(dropped)))
        playing = [p for p in clockwise if p == dealer or record.entered is None
                   or p in record.entered]
        taken = count_tricks(playing, record.tricks)
        if s.kind == "normal":
            with exact():
                share = stake / TRICKS
                paid = ", ".join(f"{p} {tricks_words(n)} ({format_amount(share * n)})"
                                 for p, n in taken.items() if n)
            said.append(_("Each trick pays P/4 = {share}: {paid}.").format(
                share=format_amount(share), paid=paid))
        for t in s.transfers:
            p = t.source
            if t.reason.startswith("penalty") and isinstance(p, str):
                said.append(_("{player} needed {needed} and took {took}: pays {penalty} = "
                              "{amount} into the next pot.").format(
                    player=p, needed=self.needed(p, dealer, s.kind), took=taken[p],
                    penalty="2P" if p == dealer else "P", amount=format_amount(t.amount)))
        return tuple(said)

    def suit_words(self, suit: Suit, config: SessionConfig | None) -> str:
        """The trump suit in a sentence: its sign, and with a session's settings its name
        too when the pack is German (``♣ (Eichel)``)."""
        if config is not None and self.deck(config) == "german":
            return f"{suit.symbol} ({suit.name_in('german')})"
        return suit.symbol

    def deck(self, config: SessionConfig | None) -> Deck:
        """The session option ``deck``: a German pack (Ober, Unter, Eichel…) or a French one."""
        if config is None:
            return "french"
        return options_as(config, KratzenOptions).deck

    def reason_words(self, reason: str) -> str:
        known = _REASONS.get(reason)
        if known is not None:
            return _(known)
        if reason in TRICK_REASONS:
            return _("trick {trick}").format(trick=reason.removeprefix("trick "))
        penalty = _PENALTY.fullmatch(reason)
        if penalty is None:
            return reason
        who, needed, took, pays = penalty.groups()
        if who == "dealer":
            return _("penalty: dealer needed {needed}, took {took} ({pays})").format(
                needed=needed, took=took, pays=pays)
        return _("penalty: player needed {needed}, took {took} ({pays})").format(
            needed=needed, took=took, pays=pays)

    # ---- the pack and trick play

    def pack(self, players: int) -> frozenset[Card]:
        return PACK

    def is_trump(self, card: Card, trump: Suit | None) -> bool:
        """The Weli is always a trump; otherwise a card of the trump suit."""
        return trump is not None and (card.is_weli or card.suit is trump)

    def strength(self, card: Card, trump: Suit | None) -> int:
        # The Weli sits between the trump ace (28) and the trump king (26).
        return 27 if card.is_weli else card.rank.strength * 2

    def card_words(self, card: Card, deck: Deck = "french") -> str:
        return _("the Weli") if card.is_weli else card.symbol(deck)

    def deal_plan(self, players: tuple[str, ...], dealer: str) -> DealPlan:
        from .plans import DealPlan

        n = len(players)
        i = players.index(dealer)
        left = players[(i + 1) % n]
        steps = (_("{dealer} deals 2 cards to each player, clockwise from {left}").format(
                     dealer=dealer, left=left),
                 _("turn up the next card: the indicator; its suit is trump "
                   "(a 7 makes the hand a forced Muss)"),
                 _("if the indicator is the Weli, turn up another card: that one fixes trump "
                   "(a 7 there forces a Muss too)"),
                 _("deal 2 more cards to each player: everyone holds 4"),
                 _("{dealer} takes the turned card(s) and discards face down back to 4").format(
                     dealer=dealer),
                 _("ask {players} in turn: play or drop ({dealer} must play; nobody drops in a "
                   "Muss)").format(players=", ".join(players[(i + k) % n] for k in range(1, n)),
                                   dealer=dealer),
                 _("{dealer} leads the first trick").format(dealer=dealer))
        dealt = 4 * n
        count = _("{dealt} dealt + 1 turned + {undealt} undealt = 33; after the Weli {dealt} "
                  "dealt + 2 turned + {undealt_weli} undealt = 33").format(
            dealt=dealt, undealt=33 - dealt - 1, undealt_weli=33 - dealt - 2)
        return DealPlan(game=self.game, players=n, steps=steps, card_count=count)

    # ---- before the deal

    def before_deal(self, config: SessionConfig, state: TableState) -> tuple[str, ...]:
        __, stake = self.stakes(config, state)
        return (self.stakes_text(config, state) + f" P = {format_amount(stake)}.",)

    def guide_steps(self, config: SessionConfig, state: TableState) -> tuple[str, ...]:
        steps = super().guide_steps(config, state)
        if state.pot == 0:  # the step that asks who plays has nobody to ask
            steps = (steps[:ASK_STEP] + (_("A Muss: everyone plays, nobody is asked to drop."),)
                     + steps[ASK_STEP + 1:])
        return steps

    def pot_words(self, config: SessionConfig, state: TableState) -> str | None:
        __, stake = self.stakes(config, state)
        return _("after the stakes P = {stake}   each trick pays P/4 (not in a Muss)").format(
            stake=format_amount(stake))

    # ---- entering a hand

    def needs_turned_card(self, config: SessionConfig, state: TableState,
                          turned: tuple[Card, ...]) -> bool:
        return not turned or (turned[0].is_weli and len(turned) < 2)

    def turned_card_refusal(self, config: SessionConfig, turned: tuple[Card, ...],
                            card: Card) -> str | None:
        if card.is_weli and turned:
            return _("there is only one Weli")
        return super().turned_card_refusal(config, turned, card)

    def turn_prompt(self, turned: tuple[Card, ...]) -> str:
        if turned:
            return _("The Weli was turned: type the next turned card")
        return _("Type the indicator (the turned card)")

    def turn_words(self, config: SessionConfig, state: TableState,
                   turned: tuple[Card, ...]) -> str:
        deck = self.deck(config)
        words = _("Indicator: {cards}").format(cards=then_list(turned, deck))
        if self.needs_turned_card(config, state, turned):
            return words
        trump = read_indicator(turned)
        kind = (_("forced Muss (a 7)") if forces_muss(trump) else
                _("Muss") if self.is_muss(state, turned) else _("normal hand"))
        return _("{indicator}  trump {suit} ({name})  {kind}").format(
            indicator=words, suit=trump.suit.symbol, name=trump.suit.name_in(deck), kind=kind)

    def deciders(self, config: SessionConfig, state: TableState,
                 turned: tuple[Card, ...]) -> tuple[str, ...]:
        if self.is_muss(state, turned):
            return ()
        return config.clockwise_from(state.dealer)[1:]

    def playing(self, config: SessionConfig, state: TableState, turned: tuple[Card, ...],
                decisions: tuple[tuple[str, bool], ...]) -> tuple[str, ...]:
        if self.needs_turned_card(config, state, turned) or self.is_muss(state, turned):
            return config.players
        plays = {p for p, yes in decisions if yes}
        return tuple(p for p in config.players if p == state.dealer or p in plays)

    def plays_tricks(self, config: SessionConfig, state: TableState,
                     playing: tuple[str, ...]) -> bool:
        return len(playing) > 1  # else a walkover: everyone else dropped

    def trump_of(self, turned: tuple[Card, ...] | None) -> Suit | None:
        return read_indicator(turned).suit if turned else None

    def card_refusal(self, config: SessionConfig, state: TableState, turned: tuple[Card, ...],
                     player: str, card: Card) -> str | None:
        if card in turned and player != state.dealer:
            if len(turned) > 1:
                words = _("{card} was turned up, and the turned cards belong to the dealer, "
                          "{dealer}")
            else:
                words = _("{card} was turned up, and the turned card belongs to the dealer, "
                          "{dealer}")
            return words.format(card=card.symbol(self.deck(config)), dealer=state.dealer)
        return None

    def draft_record(self, config: SessionConfig, state: TableState, turned: tuple[Card, ...],
                     decisions: tuple[tuple[str, bool], ...], tricks: tuple[str, ...],
                     cards: tuple[tuple[Card, ...], ...] | None,
                     note: str | None) -> HandRecord:
        entered = (None if self.is_muss(state, turned)
                   else tuple(p for p, yes in decisions if yes))
        return HandRecord(indicator=turned, entered=entered, tricks=tricks, cards=cards,
                          note=note)

    def record_answers(self, record: HandRecord) -> tuple[tuple[Card, ...],
                                                          tuple[str, ...] | None]:
        return record.indicator or (), record.entered

    # ---- stakes

    def stakes(self, config: SessionConfig, state: TableState) -> tuple[list[Transfer], Decimal]:
        """The stakes of the next hand and P, the pot once they are paid."""
        with exact():
            return self._stakes(config, state, config.clockwise_from(state.dealer)[1:])

    def _stakes(self, config: SessionConfig, state: TableState,
                others: tuple[str, ...]) -> tuple[list[Transfer], Decimal]:
        pot = present(state.pot, "the pot")
        stakes, paid = _stake_transfers(state.dealer, others, pot == 0)
        return list(stakes), pot + paid

    def stakes_text(self, config: SessionConfig, state: TableState) -> str:
        """The stakes in words: what to collect before the deal."""
        if state.pot == 0:
            return _("The pot is empty: a Muss. {dealer} (dealer) pays 2, everyone else "
                     "1.").format(dealer=state.dealer)
        return _("{dealer} deals and pays 1 into the pot.").format(dealer=state.dealer)

    def is_muss(self, state: TableState, indicator: tuple[Card, ...] | None = None) -> bool:
        """Whether nobody may drop: the pot is empty, or the indicator (once known) is a 7."""
        if state.pot == 0:
            return True
        if not indicator or (indicator[0].is_weli and len(indicator) < 2):
            return False
        return forces_muss(read_indicator(indicator))

    def _read_entered(self, config: SessionConfig, record: HandRecord, dealer: str,
                      others: tuple[str, ...], muss: bool) -> tuple[str, ...]:
        if record.entered is None:
            if muss:
                return others
            raise RecordError("entered", _("the pot is not empty, so each player plays or "
                                           "drops: list the non-dealers who play (an empty "
                                           "list if all dropped)"))
        given = record.entered
        if not muss or len(given) == len(others):
            in_order = tuple([p for p in others if p in given])
            if in_order == given:
                return given  # names exactly as seated, in seating order, each once
        names: list[str] = []
        for raw in record.entered:
            name = config.resolve(raw, "entered")
            if name == dealer:
                raise RecordError("entered", _("'{name}' deals and always plays; list only the "
                                               "others who play").format(name=name))
            if name in names:
                raise RecordError("entered", _("'{name}' is named twice").format(name=name))
            names.append(name)
        if muss and set(names) != set(others):
            missing = [p for p in others if p not in names]
            raise RecordError("entered", _("in a Muss nobody may drop: {players} must play "
                                           "too").format(players=names_and(missing)),
                              hint=_("or leave 'entered' out"))
        return tuple(p for p in others if p in names)
