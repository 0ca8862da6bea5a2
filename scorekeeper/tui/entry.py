"""Entering one hand from the keyboard: keys become the answers of a ``HandDraft``.

The draft (``scorekeeper.rules``) knows what is asked next, what may be given and when the
hand is complete; this module only reads keys. A card takes two keys, rank then suit, so the
rank typed first waits here until its suit comes. Backspace takes back that waiting rank, or
else the draft's last answer.
"""

from __future__ import annotations

from rich.cells import cell_len

from ..cards import Card, Deck, Rank, Suit, suit_keys
from ..cells import NO_BREAK
from ..errors import ScorekeeperError
from ..guidewords import step_prompt
from ..i18n import _, play_key_names, play_keys
from ..rules import HandDraft, HandRecord
from ..rules.draft import Answer
from .keynames import key_name

# The rank each key stands for, as ``Card.parse`` reads it ("1" begins "10": its "0" may follow);
# the letters of the language in use (German d for Dame) as the command line reads them
# (``Card.parse_typed``, see ``typed_rank``).
RANK_KEYS = {"a": "A", "k": "K", "q": "Q", "o": "O", "j": "J", "u": "U", "t": "10", "1": "10",
             "9": "9", "8": "8", "7": "7"}
SPECIAL_KEY = "w"  # a card typed with one key, when the game's pack has it
# The suit keys are the language's and the pack's (``cards.SUIT_KEYS``: German pack in German
# e s h l, Eichel Schellen Herz Laub; French pack in Portuguese p o c e, paus ouros corações
# espadas): read when the card's rank has been typed.


def rank_hint_keys(deck: Deck) -> str:
    """The rank keys a hint names (the other letters are accepted too): a German pack's
    letters (Ober, Unter) in every language; a French pack's in the language in use (German
    ``d`` Dame and ``b`` Bube), as ``typed_rank`` reads them."""
    if deck == "german":
        return "a k o u t 9 8 7"
    # Translators: the keys typed for the ranks of a French pack, ace king queen jack 10 9 8 7,
    # as people say them at your table; only letters scorekeeper reads in your language
    # (German d Dame, b Bube; Portuguese r d v; Spanish r d), t for the 10.
    return _("a k q j t 9 8 7")


def ranks_hint(deck: Deck) -> str:
    """The rank keys in the pack's letters: ``a k o u t 9 8 7`` (Ober, Unter) for a German
    pack, ``a k q j t 9 8 7`` for a French one."""
    keys = rank_hint_keys(deck)
    if deck == "german":
        return _("rank {keys} (o = Ober, u = Unter, t = 10)").format(keys=keys)
    return _("rank {keys} (t = 10)").format(keys=keys)


def suits_hint(deck: Deck, space: str = " ") -> str:
    """The suit keys with the suits' signs and names in the pack's words (German pack in
    German ``e ♣ Eichel  s ♦ Schellen  h ♥ Herz  l ♠ Laub``), each key joined to its suit by
    ``space`` (the table's: ``NO_BREAK``, never broken between "s" and "♦ Schellen")."""
    return "  ".join(f"{key}{space}{suit.symbol}{space}{suit.name_in(deck)}"
                     for key, suit in suit_keys(deck).items())


def rank_of(typed: str) -> Rank:
    """The rank a rank key stands for (``RANK_KEYS``' values: ``O`` is the Ober, the queen)."""
    return Card.parse(typed + "C").rank


def typed_rank(key: str, deck: Deck = "french") -> str | None:
    """The rank (as ``Card.parse`` reads it) that a rank key stands for: one of ``RANK_KEYS``,
    else a letter of the language in use (German ``d`` Dame, ``b`` Bube; Portuguese ``r``
    ``d`` ``v``; Spanish ``r`` ``d``; a French pack's ranks: not read with a German ``deck``),
    read as the command line reads it; ``None``: no rank."""
    if key in RANK_KEYS:
        return RANK_KEYS[key]
    if len(key) != 1 or not key.isalpha():
        return None
    try:
        return Card.parse_typed(key + "C", deck).rank.value
    except ScorekeeperError:
        return None


class KeyEntry:
    """The hand being typed in, over ``draft``. ``keys``: the keys of each answer typed here,
    in order (a pre-filled draft has answers that no key gave)."""

    def __init__(self, draft: HandDraft, then: tuple[Answer, ...] = ()) -> None:
        self.draft = draft
        self.keys: list[str] = [""] * len(draft.answers)  # "": filled in, no key gave it
        self.pending: str | None = None  # a card's rank, typed, waiting for its suit
        # A recorded hand's play (its trick winners or cards), given again as soon as who
        # plays has been asked: a Muss that an amendment made a normal hand opens at "who
        # plays" (D19), and its tricks, which may still fit, come back after it (trial 34
        # found them gone, to be typed again from memory). Only what fits is given.
        self.then = list(then)

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

    def deck(self) -> Deck:
        """The pack the session plays with, as its cards are named (German: Ober, Unter)."""
        draft = self.draft
        return draft.ruleset.deck(draft.config)

    def ranks_hint(self) -> str:
        """The rank keys in the pack's letters (``ranks_hint``)."""
        return ranks_hint(self.deck())

    def suit_keys(self) -> dict[str, Suit]:
        """The keys of the suits, in the pack's words of the language in use."""
        return suit_keys(self.deck())

    def suits_hint(self) -> str:
        """The suit keys with the suits' signs and names in the pack's words (``suits_hint``),
        each key and its suit on one row (the question's rows break between them only)."""
        return suits_hint(self.deck(), NO_BREAK)

    def suit_signs(self) -> str:
        """The suit keys with the suits' signs, short: ``c♣ d♦ h♥ s♠`` (German pack in German
        ``e♣ s♦ h♥ l♠``)."""
        return " ".join(f"{key}{suit.symbol}" for key, suit in self.suit_keys().items())

    def seat_keys(self) -> tuple[str, ...]:
        """The seat numbers that may win a trick now: the players in this hand."""
        config = self.draft.config
        return tuple(str(config.seat_of(p) + 1) for p in self.draft.playing())

    def prompt(self, width: int | None = None) -> str:
        """What to type now, in words: the draft's question and the keys that answer it. With
        ``width`` (the columns it is shown in), the seats to choose from are named only when
        the whole fits on two lines; else their numbers alone (the seats show the names)."""
        draft = self.draft
        step = draft.step
        asked = step_prompt(draft)
        if step.kind in ("turn", "card"):
            if self.pending is not None:
                rank = rank_of(self.pending)
                return _("{asked}: {rank}? its suit: {suits}").format(
                    asked=asked, rank=rank.letter(self.deck()), suits=self.suits_hint())
            special = self.special_card()
            extra = (_("{key} = {card}").format(key=SPECIAL_KEY, card=special.symbol())
                     if special else "")
            if step.kind == "card":  # short: a hand has many cards, and the keys are known
                return (_("{asked} (rank {keys}, {special}, then suit)") if extra else
                        _("{asked} (rank {keys}, then suit)")).format(
                    asked=asked, keys=rank_hint_keys(self.deck()), special=extra)
            return (_("{asked}: {ranks}, then suit {suits}; {special}") if extra else
                    _("{asked}: {ranks}, then suit {suits}")).format(
                asked=asked, ranks=self.ranks_hint(), special=extra, suits=self.suit_signs())
        if step.kind == "decide":
            play, drop = play_key_names()
            return _("{asked}  {play} = plays   {drop} = drops").format(asked=asked, play=play,
                                                                      drop=drop)
        if step.kind == "winner":
            config = draft.config
            # a seat's key with its player's name (never "… 4" / "Friederike …": trial 32)
            named = "  ".join(f"{config.seat_of(p) + 1}{NO_BREAK}{p}" for p in draft.playing())
            # The way to type every card instead, in sight in every language (the key bar
            # has no room for it at 80 columns in German).
            # On the question's row where it fits, else on a row of its own under it.
            cards = _("{key}: card by card").format(key=key_name("ctrl+o"))
            full, hinted = f"{asked}  {named}", f"{asked}  {named}   {cards}"
            if width is None or cell_len(hinted) <= width:
                return hinted
            if cell_len(full) <= width:
                return f"{full}\n{cards}"
            if cell_len(hinted) <= 2 * width:
                return hinted
            # The seat keys together, on one row ("Sitz tippen: 1" and "2 3 4 5 6" under it).
            return _("{asked}  type the seat: {seats}").format(
                asked=asked, seats=NO_BREAK.join(self.seat_keys())) + "   " + cards
        return _("{asked} {enter}: see the settlement.  {backspace}: take back.").format(
            asked=asked, enter=key_name("enter"), backspace=key_name("backspace"))

    def key_help(self) -> list[tuple[str, str]]:
        """The keys that answer the question asked now, and what each does (for F1)."""
        draft = self.draft
        step = draft.step
        keys: list[tuple[str, str]] = []
        if step.kind in ("turn", "card"):
            deck = self.deck()
            what = (_("the turned card") if step.kind == "turn" else _("the card played"))
            if self.pending is None:
                hint = rank_hint_keys(deck)
                named = ((key, typed_rank(key, deck)) for key in hint.split())
                ranks = ", ".join(f"{key} {rank_of(value).name_in(deck)}"
                                  for key, value in named if value and value.isalpha())
                keys.append((hint,
                             _("the rank of {what}: {ranks}; t for a 10; 9 8 7 as they "
                               "are").format(what=what, ranks=ranks)))
            suits = self.suit_keys()
            keys.append((" ".join(suits), _("then its suit: {suits}").format(
                suits=", ".join(f"{key} {suit.name_in(deck)} {suit.symbol}"
                                for key, suit in suits.items()))))
            special = self.special_card()
            if special is not None and self.pending is None:
                keys.append((SPECIAL_KEY, _("{card} in one key").format(
                    card=special.name(deck))))
        elif step.kind == "decide":
            answers = play_keys()
            for plays, words in ((True, _("{player} plays")), (False, _("{player} drops"))):
                keys.append(("  ".join(k for k, v in answers.items() if v is plays),
                             words.format(player=step.player)))
        elif step.kind == "winner":
            config = draft.config
            for p in draft.playing():
                keys.append((str(config.seat_of(p) + 1),
                             _("{player} won trick {trick}").format(player=p, trick=step.trick)))
        enter = key_name("enter")
        if step.kind == "ready":
            keys.append((enter, _("see the settlement; {enter} again saves it").format(
                enter=enter)))
        else:
            keys.append((enter, _("see the settlement, once the hand is complete")))
        keys.append((key_name("backspace"), _("take back the rank just typed") if self.pending
                     else _("take back the last key typed")))
        return keys

    # ---- keys

    def press(self, key: str) -> str | None:
        """Take one key. Returns ``None`` when accepted, else a short reason it was not."""
        key = key.lower()
        draft = self.draft
        kind = draft.step.kind
        if kind in ("turn", "card"):
            return self._card_key(key)
        if kind == "decide":
            answers = play_keys()  # the letters of the language in use (i18n.PLAY_KEYS)
            if key not in answers:  # said why: another language's letter (d in German)
                play, drop = play_key_names()
                return _("{key} is no answer here: {play} = plays, {drop} = drops").format(
                    key=key, play=play, drop=drop)
            return self._give(answers[key], key)
        if kind == "winner":
            return self._winner_key(key)
        return _("the hand is complete: {enter} to see the settlement, {backspace} to take "
                 "back").format(enter=key_name("enter"), backspace=key_name("backspace"))

    def _winner_key(self, key: str) -> str | None:
        players = self.draft.config.players
        seats = " ".join(self.seat_keys())
        if not key.isdigit() and (typed_rank(key, self.deck()) is not None
                                  or key in self.suit_keys()):  # a card typed here: how to
            return _("{key} is a card's key: here the winner of each trick is typed, by seat "
                     "({seats}); {cards} types every card instead").format(
                key=key, seats=seats, cards=key_name("ctrl+o"))
        if not key.isdigit() or not 1 <= int(key) <= len(players):
            return _("type the seat number of a player in this hand: {seats}").format(
                seats=seats)
        player = players[int(key) - 1]
        if key not in self.seat_keys():  # a seat that dropped: said why, with the seats
            return _("{key} is {player}, who dropped: not in this hand (type {seats})").format(
                key=key, player=player, seats=seats)
        return self._give(player, key)

    def _card_key(self, key: str) -> str | None:
        if self.pending is None:
            special = self.special_card()
            if key == SPECIAL_KEY and special is not None:
                return self._give(special, key)
            rank = typed_rank(key, self.deck())
            if rank is not None:
                self.pending = rank
                return None
            if key.isdigit():  # a seat's number, typed for the trick's winner: said why not
                return _("{key} is no rank in this pack ({keys}); to type the winner of each "
                         "trick by seat instead: {cards}").format(
                    key=key, keys=rank_hint_keys(self.deck()), cards=key_name("ctrl+o"))
            if special is not None:
                return _("type a rank ({keys}) or {key} for {card}").format(
                    keys=rank_hint_keys(self.deck()), key=SPECIAL_KEY, card=special.symbol())
            return _("type a rank ({keys})").format(keys=rank_hint_keys(self.deck()))
        if key == "0" and self.pending == "10":
            return None  # "10" typed as two keys
        suits = self.suit_keys()
        if key not in suits:  # said why: no suit here (the English s is Schellen in German)
            return _("{key} is no suit here: {suits}").format(key=key,
                                                             suits=suits_hint(self.deck()))
        rank, self.pending = self.pending, None  # a refused card is typed again whole
        return self._give(Card.parse(rank + suits[key].value), rank.lower() + key)

    def _give(self, answer: Answer, keys: str) -> str | None:
        problem = self.draft.give(answer)
        if problem is None:
            self.keys.append(keys)
            if self.then and self.draft.step.kind in ("winner", "card"):
                self.give_then()
        return problem

    def give_then(self) -> None:
        """The recorded play given again (``then``), as far as it fits, once."""
        draft = self.draft
        for answer in self.then:
            if draft.complete or draft.give(answer) is not None:
                break
            self.keys.append("")
        self.then = []

    def back(self) -> bool:
        """Take back one key: a waiting rank, or else the last answer (of a card typed rank
        then suit, its suit: the rank waits again). ``False`` when there was nothing to take
        back."""
        if self.pending is not None:
            self.pending = None
            return True
        if not self.draft.take_back():
            return False
        typed = self.keys.pop() if self.keys else ""
        if self.draft.step.kind in ("turn", "card") and len(typed) >= 2:
            # A card typed as rank then suit: Backspace takes back its suit, one key, and its
            # rank waits for a suit again (after k c it took back the whole card).
            self.pending = typed[:-1].upper()
        return True

    def switched(self, by_cards: bool) -> KeyEntry:
        """The same hand typed the other way (winners or cards): what came before the tricks
        is kept."""
        other = KeyEntry(self.draft.switched(by_cards))
        dropped = len(self.draft.answers) - len(other.draft.answers)
        other.keys = self.keys[:max(0, len(self.keys) - dropped)]
        return other
