"""The referee screen: type the cards of a trick as they fall, and a player's hand, in the
letters the table types them with in the language in use (a rank key, then a suit key:
``cards.suit_keys``, German Kreuz ``r``, Portuguese corações ``c``)."""

from __future__ import annotations

import contextlib

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Select, Static

from ...cards import ORDINARY_RANKS, Card, Deck, Rank, Suit, suit_keys
from ...errors import CardError, ScorekeeperError
from ...i18n import N_, _
from ...referee import legal_cards, winning_position
from ...rules import Ruleset
from ..entry import SPECIAL_KEY, rank_hint_keys, ranks_hint, suits_hint, typed_rank
from ..keybar import KeyBar
from ..widgets import ScorekeeperAppBase, SpokenScreen, TypedInput


class RefereeScreen(SpokenScreen[None]):
    """Who is winning the trick so far, and which cards the next player may play, and why."""

    app = getters.app(ScorekeeperAppBase)
    BINDINGS = [Binding("escape", "app.pop_screen", N_("Back"), id="referee-back")]

    def __init__(self, ruleset: Ruleset, players: int, trump: Suit | None = None,
                 deck: Deck = "french") -> None:
        super().__init__()
        self.ruleset = ruleset
        self.players = players
        self.trump = trump
        self.deck = deck  # the pack the table plays with: its names and letters

    def compose(self) -> ComposeResult:
        special = Card.parse("W")
        cards = " ".join(typed_as(Card.parse(card), self.deck) for card in ("KC", "10D", "8C"))
        if special in self.ruleset.pack(self.players):
            heading = _("Referee ({game}): each card as its rank, then its suit, e.g. {cards} "
                        "({key} is the {symbol})").format(
                game=self.ruleset.title, cards=cards, key=SPECIAL_KEY.upper(),
                symbol=special.symbol(self.deck))
        else:
            heading = _("Referee ({game}): each card as its rank, then its suit, e.g. "
                        "{cards}").format(game=self.ruleset.title, cards=cards)
        with Vertical(id="referee"):
            yield Static(Text(heading, style="bold"))
            yield Static(Text(f"{ranks_hint(self.deck)}\n{suits_hint(self.deck)}"),
                         id="referee-keys")
            if self.ruleset.trumps:
                with Horizontal(classes="field"):
                    yield Label(Text(_("Trump")), classes="field-label")
                    yield Select([(f"{s.symbol} {s.name_in(self.deck)}", s.value) for s in Suit],
                                 value=self.trump.value if self.trump else Suit.CLUBS.value,
                                 allow_blank=False, id="referee-trump", compact=True)
            with Horizontal(classes="field"):
                yield Label(Text(_("Trick so far")), classes="field-label")
                yield TypedInput(placeholder=_("the cards played, in order"), id="referee-trick",
                                 compact=True)
            with Horizontal(classes="field"):
                yield Label(Text(_("Next hand")), classes="field-label")
                yield TypedInput(placeholder=_("the next player's cards (optional)"),
                                 id="referee-hand", compact=True)
            yield Static("", id="referee-verdict")
        yield KeyBar()

    def on_mount(self) -> None:
        self.app.steady(self)
        self.query_one("#referee-trick", Input).focus()
        self.judge()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.judge()

    def on_select_changed(self, event: Select.Changed) -> None:
        self.judge()

    def judge(self) -> None:
        verdict = self.query_one("#referee-verdict", Static)
        trump = None
        if self.ruleset.trumps:
            trump = Suit(str(self.query_one("#referee-trump", Select).value))
        lines: list[str] = []
        try:
            trick = read(self.query_one("#referee-trick", Input).value, self.deck)
            hand = read(self.query_one("#referee-hand", Input).value, self.deck)
            if trick:
                position = winning_position(self.ruleset, trick, trump, self.players)
                lines.append(_("Winning so far: {card} (card {position} of {count})").format(
                    card=trick[position].symbol(self.deck), position=position + 1,
                    count=len(trick)))
            else:
                lines.append(_("Type the cards of the trick as they fall."))
            if hand:
                advice = legal_cards(self.ruleset, hand, trick, trump, self.players, self.deck)
                lines.append(_("May play: {cards}").format(
                    cards=", ".join(c.symbol(self.deck) for c in advice.legal)))
                lines += ["  " + _("because: {reason}").format(reason=reason)
                          for reason in advice.reasons]
        except ScorekeeperError as error:
            lines.append(_("Cannot judge: {error}").format(error=error))
        verdict.update(Text("\n".join(lines)))


def read(text: str, deck: Deck = "french") -> tuple[Card, ...]:
    """The cards typed, apart by commas or spaces, each as ``read_card`` reads it."""
    return tuple(read_card(part, deck) for part in text.replace(" ", ",").split(",")
                 if part.strip())


def read_card(typed: str, deck: Deck = "french") -> Card:
    """A card as the table types it: its rank (a rank key of the table, ``10`` too), then its
    suit: the language's key for it (``cards.suit_keys``), or its sign; ``W`` the special
    card. A letter of the contract (``C D H S``) that is no suit key here is read as the
    contract reads it (``KC`` in German); one that is means the language's suit (Portuguese
    ``KC`` is the king of corações, ♥), as at the table."""
    token = typed.strip()
    rank, key = token[:-1], token[-1:]
    suit = suit_keys(deck).get(key.lower())
    if suit is None and key:
        with contextlib.suppress(CardError):
            suit = Suit.parse(key)
    letter = rank if rank in ("10", "6") else (
        typed_rank(rank.lower(), deck) if len(rank) == 1 and rank != "1" else None)
    if suit is not None and letter is not None:
        try:
            return Card.parse(letter + suit.value)
        except CardError:
            pass  # a six that is not the special card: said as any card that is none
    special = Card.parse(SPECIAL_KEY)
    with contextlib.suppress(CardError):
        if Card.parse(token) == special:  # W, or its name
            return special
    signs = " ".join(f"{k}{s.symbol}" for k, s in suit_keys(deck).items())
    raise CardError(_("'{card}' is not a card here: its rank ({ranks}), then its suit "
                      "({suits})").format(card=token, ranks=rank_hint_keys(deck), suits=signs))


def typed_as(card: Card, deck: Deck = "french") -> str:
    """``card`` as ``read_card`` reads it in the language in use: the rank's key (``10`` for
    the ten), upper case, then the suit's key: ``Kr`` (German Kreuz-König), ``10a``."""
    if card.rank is Rank.TEN:
        rank = "10"
    else:
        rank = dict(zip(ORDINARY_RANKS, rank_hint_keys(deck).split(), strict=True))[card.rank]
    suit = next(key for key, suit in suit_keys(deck).items() if suit is card.suit)
    return rank.upper() + suit
