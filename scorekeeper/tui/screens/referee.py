"""The referee screen: type the cards of a trick as they fall, and a player's hand."""

from __future__ import annotations

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Select, Static

from ...cards import Card, Deck, Suit, parse_cards
from ...errors import ScorekeeperError
from ...i18n import N_, _
from ...referee import legal_cards, winning_position
from ...rules import Ruleset
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
        if special in self.ruleset.pack(self.players):
            heading = _("Referee ({game}): cards as rank then suit, e.g. KC 10D 8C ({card} or W "
                        "is the {symbol})").format(game=self.ruleset.title, card=special,
                                                   symbol=special.symbol(self.deck))
        else:
            heading = _("Referee ({game}): cards as rank then suit, e.g. KC 10D 8C").format(
                game=self.ruleset.title)
        with Vertical(id="referee"):
            yield Static(Text(heading, style="bold"))
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
    return parse_cards(text.replace(" ", ","), typed=True, deck=deck)
