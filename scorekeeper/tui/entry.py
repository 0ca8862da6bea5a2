"""Entering one hand from the keyboard: keys become the answers of a ``HandDraft``.

The draft (``scorekeeper.rules``) knows what is asked next, what may be given and when the
hand is complete; this module only reads keys. A card takes two keys, rank then suit, so the
rank typed first waits here until its suit comes. Backspace takes back that waiting rank, or
else the draft's last answer.
"""

from __future__ import annotations

from ..cards import Card
from ..i18n import N_, _
from ..presentation import step_prompt
from ..rules import HandDraft, HandRecord
from ..rules.draft import Answer

# The rank each key stands for, as ``Card.parse`` reads it ("1" begins "10": its "0" may follow).
RANK_KEYS = {"a": "A", "k": "K", "q": "Q", "o": "O", "j": "J", "u": "U", "t": "10", "1": "10",
             "9": "9", "8": "8", "7": "7"}
SUIT_KEYS = {"c": "C", "d": "D", "h": "H", "s": "S"}
PLAY_KEYS = {"p": True, "y": True, "d": False, "n": False}
SPECIAL_KEY = "w"  # a card typed with one key, when the game's pack has it
RANKS_HINT = N_("rank a k q j t(10) 9 8 7 (o = Ober, u = Unter)")


class KeyEntry:
    """The hand being typed in, over ``draft``. ``keys``: the keys of each answer typed here,
    in order (a pre-filled draft has answers that no key gave)."""

    def __init__(self, draft: HandDraft) -> None:
        self.draft = draft
        self.keys: list[str] = []
        self.pending: str | None = None  # a card's rank, typed, waiting for its suit

    # ---- where the hand stands

    @property
    def by_cards(self) -> bool:
        return self.draft.by_cards

    @property
    def complete(self) -> bool:
        return self.draft.complete

    @property
    def started(self) -> bool:
        """Whether anything of the hand has been typed (or filled in)."""
        return bool(self.draft.answers) or self.pending is not None

    def record(self, note: str | None = None) -> HandRecord:
        return self.draft.record(note)

    def special_card(self) -> Card | None:
        """The card the one key ``w`` stands for, when it may be given now."""
        card = Card.parse("W")
        draft = self.draft
        if card not in draft.ruleset.pack(len(draft.config.players)):
            return None
        if card in draft.turned and draft.step.kind == "turn":
            return None
        if any(card in trick for trick in draft.cards):
            return None
        return card

    def prompt(self) -> str:
        """What to type now, in words: the draft's question and the keys that answer it."""
        draft = self.draft
        step = draft.step
        asked = step_prompt(draft)
        if step.kind in ("turn", "card"):
            if self.pending is not None:
                return _("{asked}: {rank}? its suit: c ♣  d ♦  h ♥  s ♠").format(
                    asked=asked, rank=self.pending)
            special = self.special_card()
            extra = f", {SPECIAL_KEY} = {special.symbol()}" if special else ""
            if step.kind == "card":  # short: a hand has many cards, and the keys are known
                return _("{asked} (rank a k q j t 9 8 7{special}, then suit)").format(
                    asked=asked, special=extra)
            return _("{asked}: {ranks}, then suit c d h s{special}").format(
                asked=asked, ranks=_(RANKS_HINT), special=extra.replace(",", ";"))
        if step.kind == "decide":
            return _("{asked}  p = plays   d = drops").format(asked=asked)
        if step.kind == "winner":
            config = draft.config
            seats = "  ".join(f"{config.seat_of(p) + 1} {p}" for p in draft.playing())
            return f"{asked}  {seats}"
        return _("{asked} Enter: see the settlement.  Backspace: take back.").format(
            asked=asked)

    # ---- keys

    def press(self, key: str) -> str | None:
        """Take one key. Returns ``None`` when accepted, else a short reason it was not."""
        key = key.lower()
        draft = self.draft
        kind = draft.step.kind
        if kind in ("turn", "card"):
            return self._card_key(key)
        if kind == "decide":
            if key not in PLAY_KEYS:
                return _("p = plays, d = drops")
            return self._give(PLAY_KEYS[key], key)
        if kind == "winner":
            players = draft.config.players
            if not key.isdigit() or not 1 <= int(key) <= len(players):
                return _("type a seat number, 1 to {last}").format(last=len(players))
            return self._give(players[int(key) - 1], key)
        return _("the hand is complete: Enter to see the settlement, Backspace to take back")

    def _card_key(self, key: str) -> str | None:
        if self.pending is None:
            special = self.special_card()
            if key == SPECIAL_KEY and special is not None:
                return self._give(special, key)
            if key in RANK_KEYS:
                self.pending = RANK_KEYS[key]
                return None
            if special:
                return _("type a rank (a k q j t 9 8 7) or {key} for {card}").format(
                    key=SPECIAL_KEY, card=special.symbol())
            return _("type a rank (a k q j t 9 8 7)")
        if key == "0" and self.pending == "10":
            return None  # "10" typed as two keys
        if key not in SUIT_KEYS:
            return _("type a suit: c d h s")
        rank, self.pending = self.pending, None  # a refused card is typed again whole
        return self._give(Card.parse(rank + SUIT_KEYS[key]), rank.lower() + key)

    def _give(self, answer: Answer, keys: str) -> str | None:
        problem = self.draft.give(answer)
        if problem is None:
            self.keys.append(keys)
        return problem

    def back(self) -> bool:
        """Take back one key: a waiting rank, or else the last answer. ``False`` when there
        was nothing to take back."""
        if self.pending is not None:
            self.pending = None
            return True
        if not self.draft.take_back():
            return False
        if self.keys:
            self.keys.pop()
        return True

    def switched(self, by_cards: bool) -> KeyEntry:
        """The same hand typed the other way (winners or cards): what came before the tricks
        is kept."""
        other = KeyEntry(self.draft.switched(by_cards))
        dropped = len(self.draft.answers) - len(other.draft.answers)
        other.keys = self.keys[:max(0, len(self.keys) - dropped)]
        return other
