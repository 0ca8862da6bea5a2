"""The referee screen: type the cards of a trick as they fall, and a player's hand."""

from __future__ import annotations

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, Select, Static

from ...cards import Card, Deck, Suit, parse_cards
from ...errors import ScorekeeperError
from ...referee import legal_cards, winning_position
from ...rules import Ruleset
from ..widgets import ScorekeeperAppBase


class RefereeScreen(Screen[None]):
    """Who is winning the trick so far, and which cards the next player may play, and why."""

    app = getters.app(ScorekeeperAppBase)
    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="referee-back")]

    def __init__(self, ruleset: Ruleset, players: int, trump: Suit | None = None,
                 deck: Deck = "french") -> None:
        super().__init__()
        self.ruleset = ruleset
        self.players = players
        self.trump = trump
        self.deck = deck  # how the session's pack names the cards (German: Ober, Unter)

    def compose(self) -> ComposeResult:
        special = Card.parse("W")
        extra = (f" ({special} or W is the {special.symbol()})"
                 if special in self.ruleset.pack(self.players) else "")
        example = "KC 10D OC" if self.deck == "german" else "KC 10D 8C"
        with Vertical(id="referee"):
            yield Static(Text(f"Referee ({self.ruleset.game}): cards as rank then suit, e.g. "
                              f"{example}{extra}", style="bold"))
            if self.ruleset.trumps:
                with Horizontal(classes="field"):
                    yield Label("Trump", classes="field-label")
                    yield Select([(f"{s.symbol} {s.name_in(self.deck)}", s.value) for s in Suit],
                                 value=self.trump.value if self.trump else Suit.CLUBS.value,
                                 allow_blank=False, id="referee-trump", compact=True)
            with Horizontal(classes="field"):
                yield Label("Trick so far", classes="field-label")
                yield Input(placeholder="the cards played, in order", id="referee-trick",
                            compact=True)
            with Horizontal(classes="field"):
                yield Label("Next hand", classes="field-label")
                yield Input(placeholder="the next player's cards (optional)",
                            id="referee-hand", compact=True)
            yield Static("", id="referee-verdict")
        yield Footer()

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
            trick = read(self.query_one("#referee-trick", Input).value)
            hand = read(self.query_one("#referee-hand", Input).value)
            if trick:
                position = winning_position(self.ruleset, trick, trump, self.players)
                lines.append(f"Winning so far: {trick[position].symbol(self.deck)} "
                             f"(card {position + 1} of {len(trick)})")
            else:
                lines.append("Type the cards of the trick as they fall.")
            if hand:
                advice = legal_cards(self.ruleset, hand, trick, trump, self.players, self.deck)
                lines.append("May play: " + ", ".join(c.symbol(self.deck) for c in advice.legal))
                lines += [f"  because: {reason}" for reason in advice.reasons]
        except ScorekeeperError as error:
            lines.append(f"Cannot judge: {error}")
        verdict.update(Text("\n".join(lines)))


def read(text: str) -> tuple[Card, ...]:
    return parse_cards(text.replace(" ", ","))
