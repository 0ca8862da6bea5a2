"""The referee: who wins a trick, which cards are legal and why, and the deal at the table. Pure.

Letzter Stich and Letzter have no trump: follow suit if you can, otherwise any card; the
highest card of the suit led wins. In Kratzen the indicator fixes trump and the Weli is
always a trump, ranking just below the trump ace; a player must follow suit with a card that
beats the trick's winner if they hold one, otherwise trump (over-trumping if they can),
otherwise play anything.
"""

from __future__ import annotations

from typing import Sequence

from .cards import Card, Suit, pack
from .errors import RecordError, ScorekeeperError
from .rules.base import Frozen

TRUMP_GAMES = ("kratzen",)


class PlayAdvice(Frozen):
    """The cards a player may play now, and the rule that narrowed them down."""

    legal: tuple[Card, ...]
    reasons: tuple[str, ...]


class Verdict(Frozen):
    """The referee's word on one card that was played."""

    legal: bool
    reason: str


def _check_game(game: str, trump: Suit | None) -> Suit | None:
    if game not in ("letzter-stich", "letzter", "kratzen"):
        raise ScorekeeperError(f"'{game}' is not a game here (choose letzter-stich, letzter, kratzen)")
    if game in TRUMP_GAMES:
        if trump is None:
            raise ScorekeeperError("kratzen needs the trump suit (--trump C, D, H or S)")
        return trump
    if trump is not None:
        raise ScorekeeperError(f"{game} has no trump")
    return None


def is_trump(card: Card, trump: Suit | None) -> bool:
    """The Weli is always a trump; otherwise a card of the trump suit."""
    return trump is not None and (card.is_weli or card.suit is trump)


def _strength(card: Card) -> int:
    # The Weli sits between the trump ace (28) and the trump king (26).
    return 27 if card.is_weli else card.rank.strength * 2


def led_suit(trick: Sequence[Card], trump: Suit | None) -> Suit | None:
    """The suit led; ``None`` when a trump was led in Kratzen (trumps are led)."""
    first = trick[0]
    return None if is_trump(first, trump) else first.suit


def _name_led(trick: Sequence[Card], trump: Suit | None) -> str:
    suit = led_suit(trick, trump)
    return "trump" if suit is None else suit.symbol


def beats(challenger: Card, holder: Card, led: Suit | None, trump: Suit | None) -> bool:
    """Whether ``challenger`` takes the trick from ``holder`` (the card winning so far)."""
    if is_trump(challenger, trump):
        return not is_trump(holder, trump) or _strength(challenger) > _strength(holder)
    if is_trump(holder, trump):
        return False
    return challenger.suit is led and challenger.suit is holder.suit and \
        _strength(challenger) > _strength(holder)


def winning_position(game: str, trick: Sequence[Card], trump: Suit | None = None) -> int:
    """The position (from 0, in play order) of the card winning the trick so far."""
    trump = _check_game(game, trump)
    if not trick:
        raise ScorekeeperError("no card has been played in this trick")
    _check_cards(game, trick)
    led = led_suit(trick, trump)
    best = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[best], led, trump):
            best = i
    return best


def _check_cards(game: str, cards: Sequence[Card], what: str = "trick") -> None:
    allowed = pack(game, 4)
    seen: set[Card] = set()
    for card in cards:
        if card not in allowed:
            raise ScorekeeperError(f"{card.symbol()} is not in the {game} pack")
        if card in seen:
            raise ScorekeeperError(f"{card.symbol()} appears twice in the {what}")
        seen.add(card)


def legal_cards(game: str, hand: Sequence[Card], trick: Sequence[Card] = (),
                trump: Suit | None = None) -> PlayAdvice:
    """The cards of ``hand`` that may be played to ``trick``, with the reason."""
    trump = _check_game(game, trump)
    hand = tuple(hand)
    if not hand:
        raise ScorekeeperError("the hand is empty")
    _check_cards(game, hand, "hand")
    overlap = set(hand) & set(trick)
    if overlap:
        raise ScorekeeperError(f"{sorted(overlap, key=str)[0].symbol()} is both in the hand and "
                               f"in the trick")
    if not trick:
        return PlayAdvice(legal=hand, reasons=("leading: any card",))
    led = led_suit(trick, trump)
    winner = trick[winning_position(game, trick, trump)]
    if trump is None:
        follow = tuple(c for c in hand if c.suit is led)
        if follow:
            return PlayAdvice(legal=follow, reasons=(f"must follow {led.symbol}",))
        return PlayAdvice(legal=hand, reasons=(f"no {led.symbol}: any card",))

    if led is None:  # trumps were led
        follow = tuple(c for c in hand if is_trump(c, trump))
        if not follow:
            return PlayAdvice(legal=hand, reasons=("no trump: any card",))
        better = tuple(c for c in follow if beats(c, winner, led, trump))
        if better:
            return PlayAdvice(legal=better, reasons=(
                "must follow trump", f"must beat the current winner: "
                f"{_list(better)} {'beats' if len(better) == 1 else 'beat'} {_the(winner)}"))
        return PlayAdvice(legal=follow, reasons=(
            "must follow trump", f"cannot beat {_the(winner)}: any trump"))

    follow = tuple(c for c in hand if c.suit is led and not is_trump(c, trump))
    if follow:
        reasons = [f"must follow {led.symbol}"]
        better = tuple(c for c in follow if beats(c, winner, led, trump))
        if better:
            reasons.append(f"must beat the current winner: {_list(better)} "
                           f"{'beats' if len(better) == 1 else 'beat'} {_the(winner)}")
            return PlayAdvice(legal=better, reasons=tuple(reasons))
        reasons.append(f"cannot beat {_the(winner)}: any {led.symbol}")
        return PlayAdvice(legal=follow, reasons=tuple(reasons))
    trumps = tuple(c for c in hand if is_trump(c, trump))
    if trumps:
        if is_trump(winner, trump):
            over = tuple(c for c in trumps if beats(c, winner, led, trump))
            if over:
                return PlayAdvice(legal=over, reasons=(
                    f"no {led.symbol}: must trump", f"must over-trump {_the(winner)}"))
            return PlayAdvice(legal=trumps, reasons=(
                f"no {led.symbol}: must trump", f"cannot over-trump {_the(winner)}: any trump"))
        return PlayAdvice(legal=trumps, reasons=(f"no {led.symbol}: must trump",))
    return PlayAdvice(legal=hand, reasons=(f"no {led.symbol} and no trump: any card",))


def judge(game: str, hand: Sequence[Card], trick: Sequence[Card], card: Card,
          trump: Suit | None = None) -> Verdict:
    """Was playing ``card`` from ``hand`` to ``trick`` legal? If not, say what was owed."""
    if card not in hand:
        return Verdict(legal=False, reason=f"illegal: {card.symbol()} is not in the hand")
    advice = legal_cards(game, hand, trick, trump)
    if card in advice.legal:
        return Verdict(legal=True, reason="legal")
    return Verdict(legal=False, reason=f"illegal: held {_list(advice.legal, 'and')} and had to "
                                       f"{_duty_words(advice.reasons)}")


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


def _the(card: Card) -> str:
    return "the Weli" if card.is_weli else card.symbol()


def _list(cards: Sequence[Card], conjunction: str = "or") -> str:
    names = [_the(c) if c.is_weli else c.symbol() for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {conjunction} " + names[-1]


# ---- card-level records

def trick_progress(game: str, players_in_order: Sequence[str], leader: str,
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
        winner = order[winning_position(game, cards, trump)] if cards else None
        out.append((order, winner))
        if winner is not None and len(cards) == n:
            current = winner
    return out


def tricks_from_cards(game: str, players_in_order: Sequence[str], leader: str,
                      tricks: Sequence[Sequence[Card]], trump: Suit | None,
                      pack_cards: frozenset[Card]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Winners of each trick from its cards in play order, and the referee's findings on any
    play that broke the follow/beat/trump duties. Errors name the trick."""
    seen: dict[Card, int] = {}
    n = len(players_in_order)
    for t, cards in enumerate(tricks, start=1):
        if len(cards) != n:
            raise RecordError("cards", f"trick {t} has {len(cards)} cards; {n} hands play")
        for card in cards:
            if card not in pack_cards:
                raise RecordError("cards", f"trick {t}: {card.symbol()} is not in the {game} pack")
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
        trick_plays = list(zip(order, cards))
        plays.append(trick_plays)
        best = winning_position(game, cards, trump)
        current = order[best]
        winners.append(current)
    # Every player's hand is what they still had to play: judge each card against it.
    findings = []
    for t, trick_plays in enumerate(plays):
        for i, (player, card) in enumerate(trick_plays):
            hand = [c for later in plays[t:] for p, c in later if p == player]
            verdict = judge(game, hand, [c for _, c in trick_plays[:i]], card, trump)
            if not verdict.legal:
                findings.append(f"trick {t + 1}: {player} played {card.symbol()}: {verdict.reason}")
    return tuple(winners), tuple(findings)


# ---- deal plans --------------------------------------------------------------------------------

class DealPlan(Frozen):
    """The steps of the deal with seat names, and the check that every card is accounted for."""

    game: str
    players: int
    steps: tuple[str, ...]
    card_count: str


def deal_plan(game: str, players: Sequence[str], dealer: str) -> DealPlan:
    """What to do at the table, in order, for ``dealer`` dealing to ``players`` (clockwise)."""
    n = len(players)
    if dealer not in players:
        raise ScorekeeperError(f"'{dealer}' is not one of the players")
    i = list(players).index(dealer)
    left = players[(i + 1) % n]
    right = players[(i - 1) % n]
    size = len(pack(game, n))
    if game == "letzter-stich":
        if n not in (3, 4):
            raise ScorekeeperError("letzter-stich is for 3 or 4 players")
        steps = (f"{dealer} shuffles a {size}-card pack"
                 + (" (7s and 8s removed)" if n == 3 else ""),
                 f"{dealer} deals 4 cards to each player, clockwise from {left}",
                 "then 4 more each: everyone holds 8; no trump, no indicator",
                 f"{left} (the dealer's left) leads the first trick")
        count = f"{n} hands of 8 = {size}"
    elif game == "letzter":
        if n == 4:
            middle = players[(i + 2) % n]
            steps = (f"{dealer} shuffles the 32-card pack and deals 7 cards to each player",
                     f"{dealer} takes the remaining 4 (11 cards)",
                     f"{dealer} pushes 3 cards face down to {left} (forehand)",
                     f"{left} pushes any 2 cards to {middle} (middlehand)",
                     f"{middle} pushes 1 card to {right} (rearhand)",
                     "everyone now holds 8",
                     f"{right} (the dealer's right) leads the first trick")
            count = "4 hands of 7 + 4 to the dealer = 32; after the pushes 4 hands of 8"
        elif n == 3:
            steps = (f"{dealer} shuffles the 24-card pack (7s and 8s removed) and deals 7 to each",
                     f"{dealer} takes the remaining 3 (10 cards)",
                     f"{dealer} pushes 2 cards face down to {left} (forehand)",
                     f"{left} pushes 1 card to {right}",
                     "everyone now holds 8",
                     f"{right} (the dealer's right) leads the first trick")
            count = "3 hands of 7 + 3 to the dealer = 24; after the pushes 3 hands of 8"
        else:
            raise ScorekeeperError("letzter is for 3 or 4 players")
    elif game == "kratzen":
        if not 3 <= n <= 6:
            raise ScorekeeperError("kratzen is for 3 to 6 players")
        steps = (f"{dealer} deals 2 cards to each player, clockwise from {left}",
                 "turn up the next card: the indicator; its suit is trump "
                 "(a 7 makes the hand a forced Muss)",
                 "if the indicator is the Weli, turn up another card: that one fixes trump",
                 "deal 2 more cards to each player: everyone holds 4",
                 f"{dealer} takes the turned card(s) and discards face down back to 4",
                 f"ask {', '.join(players[(i + k) % n] for k in range(1, n))} in turn: "
                 f"play or drop ({dealer} must play; nobody drops in a Muss)",
                 f"{dealer} leads the first trick")
        dealt = 4 * n
        count = f"{dealt} dealt + 1 turned + {33 - dealt - 1} undealt = 33"
    else:
        raise ScorekeeperError(f"'{game}' is not a game here")
    return DealPlan(game=game, players=n, steps=steps, card_count=count)
