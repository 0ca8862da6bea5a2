"""Trick play: who wins a trick, which cards are legal and why, the winners of a hand played
card by card. Pure.

The rules of play come from the game (a ``Ruleset`` passed in as ``game``): whether hands
have a trump, which cards are trumps and how strong each card is. Without a trump: follow
suit if you can, otherwise any card; the highest card of the suit led wins. With a trump: a
player must follow suit with a card that beats the trick's winner if they hold one,
otherwise trump (over-trumping if they can), otherwise play anything.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..cards import Card, Deck, Suit
from ..errors import RecordError, ScorekeeperError
from ..i18n import _, untranslated


class TrickRules(Protocol):
    """What trick play needs to know of a game (every ``Ruleset`` has it)."""

    @property
    def game(self) -> str: ...

    @property
    def trumps(self) -> bool: ...

    def is_trump(self, card: Card, trump: Suit | None) -> bool: ...

    def strength(self, card: Card, trump: Suit | None) -> int: ...

    def card_words(self, card: Card, deck: Deck = "french") -> str: ...


@dataclass(frozen=True, slots=True)
class PlayAdvice:
    """The cards a player may play now, and the rule that narrowed them down."""

    legal: tuple[Card, ...]
    reasons: tuple[str, ...]
    duty: str = ""  # what a card outside ``legal`` failed to do: "follow ♥", "beat the Weli"


@dataclass(frozen=True, slots=True)
class Verdict:
    """The referee's word on one card that was played."""

    legal: bool
    reason: str


def check_trump(game: TrickRules, trump: Suit | None) -> Suit | None:
    """The trump to play with: required in a game with trumps, refused in one without."""
    if game.trumps:
        if trump is None:
            raise ScorekeeperError(_("{game} needs the trump suit (--trump C, D, H or S)")
                                   .format(game=game.game))
        return trump
    if trump is not None:
        raise ScorekeeperError(_("{game} has no trump").format(game=game.game))
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
        raise ScorekeeperError(_("no card has been played in this trick"))
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
    """Every card is in the pack in use, and none is given twice (``what``: ``trick`` or
    ``hand``, the cards given)."""
    seen: set[Card] = set()
    for card in cards:
        if card not in pack:
            if len(pack) >= 32:
                raise ScorekeeperError(_("{card} is not in the {game} pack").format(
                    card=card.symbol(), game=game.game))
            raise ScorekeeperError(_("{card} is not in the {game} pack of {size} cards").format(
                card=card.symbol(), game=game.game, size=len(pack)))
        if card in seen:
            if what == "hand":
                raise ScorekeeperError(_("{card} appears twice in the hand").format(
                    card=card.symbol()))
            raise ScorekeeperError(_("{card} appears twice in the trick").format(
                card=card.symbol()))
        seen.add(card)


def legal_cards(game: TrickRules, hand: Sequence[Card], trick: Sequence[Card],
                trump: Suit | None, pack: frozenset[Card], deck: Deck = "french") -> PlayAdvice:
    """The cards of ``hand`` that may be played to ``trick``, with the reason (the cards
    named as ``deck`` names them)."""
    trump = check_trump(game, trump)
    hand = tuple(hand)
    if not hand:
        raise ScorekeeperError(_("the hand is empty"))
    check_cards(game, hand, pack, "hand")
    if trick:
        check_cards(game, trick, pack)
    overlap = set(hand) & set(trick)
    if overlap:
        raise ScorekeeperError(_("{card} is both in the hand and in the trick").format(
            card=sorted(overlap, key=str)[0].symbol()))
    return _advice(game, hand, tuple(trick), trump, deck)


def _beat_words(game: TrickRules, better: tuple[Card, ...], winner: Card, deck: Deck) -> str:
    """"must beat the current winner: A♣ beats the Weli"."""
    cards, held = _list(game, better, deck), game.card_words(winner, deck)
    if len(better) == 1:
        return _("must beat the current winner: {cards} beats {winner}").format(
            cards=cards, winner=held)
    return _("must beat the current winner: {cards} beat {winner}").format(
        cards=cards, winner=held)


def _advice(game: TrickRules, hand: tuple[Card, ...], trick: tuple[Card, ...],
            trump: Suit | None, deck: Deck = "french") -> PlayAdvice:
    if not trick:
        return PlayAdvice(legal=hand, reasons=(_("leading: any card"),))
    led = led_suit(game, trick, trump)
    winner = trick[_best(game, trick, trump)]

    def the(card: Card) -> str:
        return game.card_words(card, deck)

    if trump is None:
        assert led is not None  # without trumps a suit is always led
        follow = tuple(c for c in hand if c.suit is led)
        if follow:
            return PlayAdvice(legal=follow, reasons=(
                _("must follow {suit}").format(suit=led.symbol),),
                duty=_("follow {suit}").format(suit=led.symbol))
        return PlayAdvice(legal=hand, reasons=(_("no {suit}: any card").format(suit=led.symbol),))

    if led is None:  # trumps were led
        follow = tuple(c for c in hand if game.is_trump(c, trump))
        if not follow:
            return PlayAdvice(legal=hand, reasons=(_("no trump: any card"),))
        better = tuple(c for c in follow if beats(game, c, winner, led, trump))
        if better:
            return PlayAdvice(legal=better, reasons=(
                _("must follow trump"), _beat_words(game, better, winner, deck)),
                duty=_("beat {card}").format(card=the(winner)))
        return PlayAdvice(legal=follow, reasons=(
            _("must follow trump"), _("cannot beat {card}: any trump").format(card=the(winner))),
            duty=_("follow trump"))

    follow = tuple(c for c in hand if c.suit is led and not game.is_trump(c, trump))
    if follow:
        must_follow = _("must follow {suit}").format(suit=led.symbol)
        better = tuple(c for c in follow if beats(game, c, winner, led, trump))
        if better:
            return PlayAdvice(legal=better, reasons=(
                must_follow, _beat_words(game, better, winner, deck)),
                duty=_("beat {card}").format(card=the(winner)))
        return PlayAdvice(legal=follow, reasons=(
            must_follow, _("cannot beat {card}: any {suit}").format(card=the(winner),
                                                                    suit=led.symbol)),
            duty=_("follow {suit}").format(suit=led.symbol))
    trumps = tuple(c for c in hand if game.is_trump(c, trump))
    if trumps:
        must_trump = _("no {suit}: must trump").format(suit=led.symbol)
        if game.is_trump(winner, trump):
            over = tuple(c for c in trumps if beats(game, c, winner, led, trump))
            if over:
                return PlayAdvice(legal=over, reasons=(
                    must_trump, _("must over-trump {card}").format(card=the(winner))),
                    duty=_("over-trump {card}").format(card=the(winner)))
            return PlayAdvice(legal=trumps, reasons=(
                must_trump, _("cannot over-trump {card}: any trump").format(card=the(winner))),
                duty=_("trump"))
        return PlayAdvice(legal=trumps, reasons=(must_trump,), duty=_("trump"))
    return PlayAdvice(legal=hand, reasons=(
        _("no {suit} and no trump: any card").format(suit=led.symbol),))


def judge(game: TrickRules, hand: Sequence[Card], trick: Sequence[Card], card: Card,
          trump: Suit | None, pack: frozenset[Card], deck: Deck = "french") -> Verdict:
    """Was playing ``card`` from ``hand`` to ``trick`` legal? If not, say what was owed."""
    if card not in hand:
        return Verdict(legal=False, reason=_("illegal: {card} is not in the hand").format(
            card=card.symbol(deck)))
    advice = legal_cards(game, hand, trick, trump, pack, deck)
    if card in advice.legal:
        return Verdict(legal=True, reason=_("legal"))
    return Verdict(legal=False, reason=_("illegal: held {cards} and had to {duty}").format(
        cards=_list(game, advice.legal, deck, "and"), duty=advice.duty))


def _list(game: TrickRules, cards: Sequence[Card], deck: Deck = "french",
          conjunction: str = "or") -> str:
    names = [game.card_words(c, deck) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    if conjunction == "and":
        return _("{cards} and {last}").format(cards=", ".join(names[:-1]), last=names[-1])
    return _("{cards} or {last}").format(cards=", ".join(names[:-1]), last=names[-1])


# A finding as the session file keeps it (in English, the contract's card letters), read back
# to be said in another language or with another pack's letters.
_FINDING = re.compile(r"trick (?P<trick>[0-9]+): (?P<player>.*) played (?P<card>\S+): "
                      r"illegal: held (?P<held>.+?) and had to (?P<duty>follow trump|follow \S+|"
                      r"beat .+|over-trump .+|trump)")
_CARD_WORDS = re.compile(r"the Weli|Weli|10[♣♦♥♠]|[AKQJ987][♣♦♥♠]")


def finding_words(finding: str, deck: Deck = "french") -> str:
    """A referee's finding (as ``tricks_from_cards`` keeps it: English) in the language in
    use, its cards named as ``deck`` names them; a finding of another shape as it is."""
    found = _FINDING.fullmatch(finding)
    if found is None:
        return finding

    def cards(text: str) -> str:
        return _CARD_WORDS.sub(lambda m: _card_words(m.group(0), deck), text)

    held = [part for part in re.split(r", | and ", found["held"]) if part]
    if len(held) > 1:
        held_words = _("{cards} and {last}").format(
            cards=", ".join(cards(h) for h in held[:-1]), last=cards(held[-1]))
    else:
        held_words = cards(found["held"])
    duty = found["duty"]
    if duty == "trump":
        duty_words = _("trump")
    elif duty == "follow trump":
        duty_words = _("follow trump")
    elif duty.startswith("follow "):
        duty_words = _("follow {suit}").format(suit=duty.removeprefix("follow "))
    elif duty.startswith("beat "):
        duty_words = _("beat {card}").format(card=cards(duty.removeprefix("beat ")))
    else:
        duty_words = _("over-trump {card}").format(card=cards(duty.removeprefix("over-trump ")))
    return _("trick {trick}: {player} played {card}: {verdict}").format(
        trick=found["trick"], player=found["player"], card=cards(found["card"]),
        verdict=_("illegal: held {cards} and had to {duty}").format(cards=held_words,
                                                                   duty=duty_words))


def _card_words(text: str, deck: Deck) -> str:
    if text == "the Weli":
        return _("the Weli")
    if text == "Weli":
        return text
    return Card.parse(text).symbol(deck)


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
                      deck: Deck = "french",
                      ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Winners of each trick from its cards in play order, and the referee's findings on any
    play that broke the follow/beat/trump duties. Errors name the trick (in the language in
    use, the cards as ``deck`` names them); ``refusal`` says why a player cannot have played
    a card at all (the game's own reasons). The findings are data, kept with the hand: in
    English with the contract's letters (``finding_words`` says them to people)."""
    seen: dict[Card, int] = {}
    n = len(players_in_order)
    for t, cards in enumerate(tricks, start=1):
        if len(cards) != n:
            raise RecordError("cards", _("trick {trick} has {count} cards; {hands} hands play")
                              .format(trick=t, count=len(cards), hands=n))
        for card in cards:
            if card not in pack:
                raise RecordError("cards", _("trick {trick}: {card} is not in the {game} pack")
                                  .format(trick=t, card=card.symbol(deck), game=game.game))
            if card in seen:
                raise RecordError("cards", _("trick {trick}: {card} was already played in "
                                             "trick {earlier}").format(
                    trick=t, card=card.symbol(deck), earlier=seen[card]))
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
                    raise RecordError("cards", _("trick {trick}: {player} played {card}: "
                                                 "{problem}").format(
                        trick=len(plays), player=player, card=card.symbol(deck), problem=why))
        current = order[_best(game, cards, trump)]
        winners.append(current)
    # Every player's hand is what they still had to play: judge each card against it.
    findings = []
    with untranslated():
        for t, trick_plays in enumerate(plays):
            for i, (player, card) in enumerate(trick_plays):
                hand = [c for later in plays[t:] for p, c in later if p == player]
                verdict = judge(game, hand, [c for __, c in trick_plays[:i]], card, trump, pack)
                if not verdict.legal:
                    findings.append(f"trick {t + 1}: {player} played {card.symbol()}: "
                                    f"{verdict.reason}")
    return tuple(winners), tuple(findings)
