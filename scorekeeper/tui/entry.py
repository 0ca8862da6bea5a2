"""Entering one hand from the keyboard: a small state machine that builds a ``HandRecord``.

No arithmetic and no rules of its own: which hands play, whether it is a Muss and what the
indicator means all come from the rules core. Every accepted key is kept, so Backspace
simply forgets the last one and the state is rebuilt from the rest.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import Card, Rank, Suit
from ..errors import ScorekeeperError
from ..rules import HandRecord, SessionConfig, TableState, get_ruleset

RANK_KEYS = {"a": Rank.ACE, "k": Rank.KING, "q": Rank.QUEEN, "o": Rank.QUEEN, "j": Rank.JACK,
             "u": Rank.JACK, "t": Rank.TEN, "0": Rank.TEN, "1": Rank.TEN, "9": Rank.NINE,
             "8": Rank.EIGHT, "7": Rank.SEVEN}
SUIT_KEYS = {"c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES}
PLAY_KEYS = {"p": True, "y": True, "d": False, "n": False}


@dataclass
class HandEntry:
    """The hand being typed in. ``keys`` are the accepted keys, in order."""

    config: SessionConfig
    state: TableState
    keys: list[str] = field(default_factory=list)
    by_cards: bool = False

    # Derived from ``keys`` by ``_rebuild``:
    indicator: list[Card] = field(default_factory=list)
    pending_rank: Rank | None = None
    decisions: list[tuple[str, bool]] = field(default_factory=list)
    tricks: list[str] = field(default_factory=list)
    cards: list[list[Card]] = field(default_factory=list)

    @property
    def ruleset(self):
        return get_ruleset(self.config.game)

    @property
    def kratzen(self) -> bool:
        return self.config.game == "kratzen"

    @property
    def trick_count(self) -> int:
        return 4 if self.kratzen else 8

    # ---- where we are

    def indicator_done(self) -> bool:
        if not self.indicator:
            return False
        return not self.indicator[0].is_weli or len(self.indicator) == 2

    def muss(self) -> bool:
        """No decisions: the pot is empty or the indicator is a 7 (the core decides)."""
        return self.ruleset.is_muss(self.state, tuple(self.indicator) or None)

    def deciders(self) -> tuple[str, ...]:
        return self.config.clockwise_from(self.state.dealer)[1:]

    def playing(self) -> tuple[str, ...]:
        if not self.kratzen or self.muss():
            return self.config.players
        plays = {p for p, yes in self.decisions if yes}
        return tuple(p for p in self.config.players if p == self.state.dealer or p in plays)

    def walkover(self) -> bool:
        return (self.kratzen and self.indicator_done() and not self.muss()
                and len(self.decisions) == len(self.deciders())
                and not any(yes for _, yes in self.decisions))

    @property
    def phase(self) -> str:
        if self.kratzen and not self.indicator_done():
            return "indicator"
        if self.kratzen and not self.muss() and len(self.decisions) < len(self.deciders()):
            return "decisions"
        if self.walkover():
            return "ready"
        if self.by_cards:
            full = (len(self.cards) == self.trick_count
                    and len(self.cards[-1]) == len(self.playing()))
            return "ready" if full else "tricks"
        if len(self.tricks) == self.trick_count:
            return "ready"
        return "tricks"

    # ---- card by card

    def trump(self) -> Suit | None:
        return self.indicator[-1].suit if self.kratzen and self.indicator_done() else None

    def progress(self) -> list[tuple[tuple[str, ...], str | None]]:
        """Each typed trick's play order and winner so far (from the referee)."""
        from ..referee import trick_progress

        leader = self.ruleset.first_leader(self.config, self.state.dealer)
        return trick_progress(self.config.game, self.playing(), leader, self.cards, self.trump())

    def next_player(self) -> str:
        progress = self.progress()
        if not self.cards or len(self.cards[-1]) == len(self.playing()):
            if progress:
                return progress[-1][1]
            return self.ruleset.first_leader(self.config, self.state.dealer)
        order, _ = progress[-1]
        return order[len(self.cards[-1])]

    def derived_tricks(self) -> list[str]:
        """The winners of the complete tricks typed card by card."""
        return [w for (order, w), cards in zip(self.progress(), self.cards)
                if len(cards) == len(self.playing())]

    def prompt(self) -> str:
        """What to type now, in words."""
        phase = self.phase
        if phase == "indicator":
            if self.pending_rank is not None:
                return f"Indicator {self.pending_rank.value}: its suit? c ♣  d ♦  h ♥  s ♠"
            if self.indicator:
                return ("The Weli was turned: type the next turned card "
                        "(rank a k q j t 9 8 7, then suit c d h s)")
            return ("Type the indicator: rank a k q j t(10) 9 8 7 (o = Ober, u = Unter), then "
                    "suit c d h s; w = the Weli")
        if phase == "decisions":
            who = self.deciders()[len(self.decisions)]
            return f"{who}: play or drop?  p = plays   d = drops"
        if phase == "tricks" and self.by_cards:
            number = len(self.cards) + (0 if self.cards and len(self.cards[-1]) < len(
                self.playing()) else 1)
            card = f" {self.pending_rank.value}? its suit: c d h s" if self.pending_rank else ""
            return (f"Trick {number}: the card {self.next_player()} played{card} "
                    f"(rank a k q j t 9 8 7{', w = Weli' if self.kratzen else ''}, then suit)")
        if phase == "tricks":
            seats = "  ".join(f"{self.config.seat_of(p) + 1} {p}" for p in self.playing())
            return f"Who won trick {len(self.tricks) + 1}?  {seats}"
        return "Enter: see the settlement before saving.  Backspace: take back."

    # ---- keys

    def press(self, key: str) -> str | None:
        """Take one key. Returns ``None`` when accepted, else a short reason it was not."""
        key = key.lower()
        phase = self.phase
        if phase == "indicator":
            return self._indicator_key(key)
        if phase == "decisions":
            if key not in PLAY_KEYS:
                return "p = plays, d = drops"
        elif phase == "tricks" and self.by_cards:
            return self._card_key(key)
        elif phase == "tricks":
            if not key.isdigit() or not 1 <= int(key) <= len(self.config.players):
                return f"type a seat number, 1 to {len(self.config.players)}"
            player = self.config.players[int(key) - 1]
            if player not in self.playing():
                return f"{player} dropped: not in this hand"
        else:
            return "the hand is complete: Enter to see the settlement, Backspace to take back"
        self.keys.append(key)
        self._rebuild()
        return None

    def _indicator_key(self, key: str) -> str | None:
        if self.pending_rank is None:
            if key == "w":
                if self.indicator:
                    return "there is only one Weli"
            elif key not in RANK_KEYS:
                return "type a rank (a k q j t 9 8 7) or w for the Weli"
        elif key == "0" and self.pending_rank is Rank.TEN:
            return None  # "10" typed as two keys
        elif key not in SUIT_KEYS:
            return "type a suit: c d h s"
        self.keys.append(key)
        self._rebuild()
        return None

    def _card_key(self, key: str) -> str | None:
        from ..cards import pack

        if self.pending_rank is None:
            if key == "w" and self.kratzen:
                card = Card.parse("W")
            elif key in RANK_KEYS:
                self.keys.append(key)
                self._rebuild()
                return None
            else:
                return "type a rank (a k q j t 9 8 7)" + (" or w for the Weli" if self.kratzen else "")
        elif key == "0" and self.pending_rank is Rank.TEN:
            return None
        elif key not in SUIT_KEYS:
            return "type a suit: c d h s"
        else:
            card = Card(rank=self.pending_rank, suit=SUIT_KEYS[key])
        if card not in pack(self.config.game, len(self.config.players)):
            return f"{card.symbol()} is not in this pack"
        if any(card in trick for trick in self.cards):
            return f"{card.symbol()} was already played in this hand"
        self.keys.append(key)
        self._rebuild()
        return None

    def back(self) -> bool:
        """Forget the last key; ``False`` when there was none."""
        if not self.keys:
            return False
        self.keys.pop()
        self._rebuild()
        return True

    def _rebuild(self) -> None:
        keys = list(self.keys)
        self.keys, self.indicator, self.pending_rank = [], [], None
        self.decisions, self.tricks, self.cards = [], [], []
        for key in keys:
            self.keys.append(key)
            phase = self.phase
            if phase == "indicator":
                if key == "w":
                    self.indicator.append(Card.parse("W"))
                elif self.pending_rank is None:
                    self.pending_rank = RANK_KEYS[key]
                else:
                    self.indicator.append(Card(rank=self.pending_rank, suit=SUIT_KEYS[key]))
                    self.pending_rank = None
            elif phase == "decisions":
                self.decisions.append((self.deciders()[len(self.decisions)], PLAY_KEYS[key]))
            elif phase == "tricks" and self.by_cards:
                if key == "w" and self.pending_rank is None:
                    card = Card.parse("W")
                elif self.pending_rank is None:
                    self.pending_rank = RANK_KEYS[key]
                    continue
                else:
                    card = Card(rank=self.pending_rank, suit=SUIT_KEYS[key])
                    self.pending_rank = None
                if not self.cards or len(self.cards[-1]) == len(self.playing()):
                    self.cards.append([])
                self.cards[-1].append(card)
            elif phase == "tricks":
                self.tricks.append(self.config.players[int(key) - 1])

    def record(self, note: str | None = None) -> HandRecord:
        """The hand as the core takes it."""
        if self.phase != "ready":
            raise ScorekeeperError("the hand is not complete yet")
        cards = tuple(tuple(t) for t in self.cards) if self.by_cards else None
        tricks = () if self.by_cards else tuple(self.tricks)
        if not self.kratzen:
            return HandRecord(tricks=tricks, cards=cards, note=note)
        entered = None if self.muss() else tuple(p for p, yes in self.decisions if yes)
        if self.walkover():
            cards = None
        return HandRecord(indicator=tuple(self.indicator), entered=entered, tricks=tricks,
                          cards=cards, note=note)
