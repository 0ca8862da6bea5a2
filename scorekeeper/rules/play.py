"""Trick play: who wins a trick, which cards are legal and why, the winners of a hand played
card by card. Pure.

The rules of play come from the game (a ``Ruleset`` passed in as ``game``): whether hands
have a trump, which cards are trumps and how strong each card is. Without a trump: follow
suit if you can, otherwise any card; the highest card of the suit led wins. With a trump: a
player must follow suit with a card that beats the trick's winner if they hold one,
otherwise trump (over-trumping if they can), otherwise play anything.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..cards import Card, Suit
from ..errors import RecordError, ScorekeeperError


class TrickRules(Protocol):
    """What trick play needs to know of a game (every ``Ruleset`` has it)."""

    @property
    def game(self) -> str: ...

    @property
    def trumps(self) -> bool: ...

    def is_trump(self, card: Card, trump: Suit | None) -> bool: ...

    def strength(self, card: Card, trump: Suit | None) -> int: ...

    def card_words(self, card: Card) -> str: ...


@dataclass(frozen=True, slots=True)
class PlayAdvice:
    """The cards a player may play now, and the rule that narrowed them down."""

    legal: tuple[Card, ...]
    reasons: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Verdict:
    """The referee's word on one card that was played."""

    legal: bool
    reason: str


def check_trump(game: TrickRules, trump: Suit | None) -> Suit | None:
    """The trump to play with: required in a game with trumps, refused in one without."""
    if game.trumps:
        if trump is None:
            raise ScorekeeperError(f"{game.game} needs the trump suit (--trump C, D, H or S)")
        return trump
    if trump is not None:
        raise ScorekeeperError(f"{game.game} has no trump")
    return None


def led_suit(game: TrickRules, trick: Sequence[Card], trump: Suit | None) -> Suit | None:
    """The suit led; ``None`` when a trump was led (trumps are led)."""
    first = trick[0]
    return None if game.is_trump(first, trump) else first.suit


def beats(game: TrickRules, challenger: Card, holder: Card, led: Suit | None,
          trump: Suit | None) -> bool:
    """Whether ``challenger`` takes the trick from ``holder`` (the card winning so far)."""
    if game.is_trump(challenger, trump):
        return (not game.is_trump(holder, trump)
                or game.strength(challenger, trump) > game.strength(holder, trump))
    if game.is_trump(holder, trump):
        return False
    return (challenger.suit is led and challenger.suit is holder.suit
            and game.strength(challenger, trump) > game.strength(holder, trump))


def winning_position(game: TrickRules, trick: Sequence[Card], trump: Suit | None,
                     pack: frozenset[Card]) -> int:
    """The position (from 0, in play order) of the card winning the trick so far."""
    trump = check_trump(game, trump)
    if not trick:
        raise ScorekeeperError("no card has been played in this trick")
    check_cards(game, trick, pack)
    return _best(game, trick, trump)


def _best(game: TrickRules, trick: Sequence[Card], trump: Suit | None) -> int:
    led = led_suit(game, trick, trump)
    best = 0
    for i in range(1, len(trick)):
        if beats(game, trick[i], trick[best], led, trump):
            best = i
    return best


def check_cards(game: TrickRules, cards: Sequence[Card], pack: frozenset[Card],
                what: str = "trick") -> None:
    """Every card is in the pack in use, and none is given twice."""
    seen: set[Card] = set()
    for card in cards:
        if card not in pack:
            raise ScorekeeperError(f"{card.symbol()} is not in the {game.game} pack"
                                   + ("" if len(pack) >= 32 else f" of {len(pack)} cards"))
        if card in seen:
            raise ScorekeeperError(f"{card.symbol()} appears twice in the {what}")
        seen.add(card)


def legal_cards(game: TrickRules, hand: Sequence[Card], trick: Sequence[Card],
                trump: Suit | None, pack: frozenset[Card]) -> PlayAdvice:
    """The cards of ``hand`` that may be played to ``trick``, with the reason."""
    trump = check_trump(game, trump)
    hand = tuple(hand)
    if not hand:
        raise ScorekeeperError("the hand is empty")
    check_cards(game, hand, pack, "hand")
    if trick:
        check_cards(game, trick, pack)
    overlap = set(hand) & set(trick)
    if overlap:
        raise ScorekeeperError(f"{sorted(overlap, key=str)[0].symbol()} is both in the hand and "
                               f"in the trick")
    return _advice(game, hand, tuple(trick), trump)


def _advice(game: TrickRules, hand: tuple[Card, ...], trick: tuple[Card, ...],
            trump: Suit | None) -> PlayAdvice:
    if not trick:
        return PlayAdvice(legal=hand, reasons=("leading: any card",))
    led = led_suit(game, trick, trump)
    winner = trick[_best(game, trick, trump)]
    the = game.card_words
    if trump is None:
        assert led is not None  # without trumps a suit is always led
        follow = tuple(c for c in hand if c.suit is led)
        if follow:
            return PlayAdvice(legal=follow, reasons=(f"must follow {led.symbol}",))
        return PlayAdvice(legal=hand, reasons=(f"no {led.symbol}: any card",))

    if led is None:  # trumps were led
        follow = tuple(c for c in hand if game.is_trump(c, trump))
        if not follow:
            return PlayAdvice(legal=hand, reasons=("no trump: any card",))
        better = tuple(c for c in follow if beats(game, c, winner, led, trump))
        if better:
            return PlayAdvice(legal=better, reasons=(
                "must follow trump", f"must beat the current winner: "
                f"{_list(game, better)} {'beats' if len(better) == 1 else 'beat'} {the(winner)}"))
        return PlayAdvice(legal=follow, reasons=(
            "must follow trump", f"cannot beat {the(winner)}: any trump"))

    follow = tuple(c for c in hand if c.suit is led and not game.is_trump(c, trump))
    if follow:
        reasons = [f"must follow {led.symbol}"]
        better = tuple(c for c in follow if beats(game, c, winner, led, trump))
        if better:
            reasons.append(f"must beat the current winner: {_list(game, better)} "
                           f"{'beats' if len(better) == 1 else 'beat'} {the(winner)}")
            return PlayAdvice(legal=better, reasons=tuple(reasons))
        reasons.append(f"cannot beat {the(winner)}: any {led.symbol}")
        return PlayAdvice(legal=follow, reasons=tuple(reasons))
    trumps = tuple(c for c in hand if game.is_trump(c, trump))
    if trumps:
        if game.is_trump(winner, trump):
            over = tuple(c for c in trumps if beats(game, c, winner, led, trump))
            if over:
                return PlayAdvice(legal=over, reasons=(
                    f"no {led.symbol}: must trump", f"must over-trump {the(winner)}"))
            return PlayAdvice(legal=trumps, reasons=(
                f"no {led.symbol}: must trump", f"cannot over-trump {the(winner)}: any trump"))
        return PlayAdvice(legal=trumps, reasons=(f"no {led.symbol}: must trump",))
    return PlayAdvice(legal=hand, reasons=(f"no {led.symbol} and no trump: any card",))


def judge(game: TrickRules, hand: Sequence[Card], trick: Sequence[Card], card: Card,
          trump: Suit | None, pack: frozenset[Card]) -> Verdict:
    """Was playing ``card`` from ``hand`` to ``trick`` legal? If not, say what was owed."""
    if card not in hand:
        return Verdict(legal=False, reason=f"illegal: {card.symbol()} is not in the hand")
    advice = legal_cards(game, hand, trick, trump, pack)
    if card in advice.legal:
        return Verdict(legal=True, reason="legal")
    return Verdict(legal=False, reason=f"illegal: held {_list(game, advice.legal, 'and')} and "
                                       f"had to {_duty_words(advice.reasons)}")


def _duty_words(reasons: tuple[str, ...]) -> str:
    """The duty a wrong card broke, in words: "follow ♥", "beat the Weli", "trump"."""
    last = reasons[-1]
    if last.startswith("must beat the current winner: "):
        verb = " beats " if " beats " in last else " beat "
        return "beat " + last.rsplit(verb, 1)[1]
    if last.startswith("must over-trump "):
        return last[len("must "):]
    if last.startswith("cannot "):
        last = reasons[0]
    return last.split("must ", 1)[1]


def _list(game: TrickRules, cards: Sequence[Card], conjunction: str = "or") -> str:
    names = [game.card_words(c) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {conjunction} " + names[-1]


# ---- card-level records

def trick_progress(game: TrickRules, players_in_order: Sequence[str], leader: str,
                   tricks: Sequence[Sequence[Card]], trump: Suit | None
                   ) -> list[tuple[tuple[str, ...], str | None]]:
    """For tricks typed so far (the last may be incomplete): each trick's play order and its
    winner so far (``None`` before its first card)."""
    n = len(players_in_order)
    out = []
    current = leader
    for cards in tricks:
        start = list(players_in_order).index(current)
        order = tuple(players_in_order[(start + i) % n] for i in range(n))
        winner = order[_best(game, cards, trump)] if cards else None
        out.append((order, winner))
        if winner is not None and len(cards) == n:
            current = winner
    return out


def tricks_from_cards(game: TrickRules, players_in_order: Sequence[str], leader: str,
                      tricks: Sequence[Sequence[Card]], trump: Suit | None,
                      pack: frozenset[Card],
                      refusal: Callable[[str, Card], str | None] | None = None,
                      ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Winners of each trick from its cards in play order, and the referee's findings on any
    play that broke the follow/beat/trump duties. Errors name the trick; ``refusal`` says why
    a player cannot have played a card at all (the game's own reasons)."""
    seen: dict[Card, int] = {}
    n = len(players_in_order)
    for t, cards in enumerate(tricks, start=1):
        if len(cards) != n:
            raise RecordError("cards", f"trick {t} has {len(cards)} cards; {n} hands play")
        for card in cards:
            if card not in pack:
                raise RecordError("cards", f"trick {t}: {card.symbol()} is not in the "
                                  f"{game.game} pack")
            if card in seen:
                raise RecordError("cards", f"trick {t}: {card.symbol()} was already played in "
                                  f"trick {seen[card]}")
            seen[card] = t
    # Who played what: the leader first, then clockwise among the hands that play.
    plays: list[list[tuple[str, Card]]] = []
    current = leader
    winners = []
    for cards in tricks:
        start = players_in_order.index(current)
        order = [players_in_order[(start + i) % n] for i in range(n)]
        plays.append(list(zip(order, cards, strict=True)))
        if refusal is not None:
            for player, card in plays[-1]:
                why = refusal(player, card)
                if why:
                    raise RecordError("cards", f"trick {len(plays)}: {player} played "
                                      f"{card.symbol()}: {why}")
        current = order[_best(game, cards, trump)]
        winners.append(current)
    # Every player's hand is what they still had to play: judge each card against it.
    findings = []
    for t, trick_plays in enumerate(plays):
        for i, (player, card) in enumerate(trick_plays):
            hand = [c for later in plays[t:] for p, c in later if p == player]
            verdict = judge(game, hand, [c for _, c in trick_plays[:i]], card, trump, pack)
            if not verdict.legal:
                findings.append(f"trick {t + 1}: {player} played {card.symbol()}: "
                                f"{verdict.reason}")
    return tuple(winners), tuple(findings)
