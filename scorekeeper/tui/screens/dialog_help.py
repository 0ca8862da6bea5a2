"""The keys of the screen underneath (F1) and a game's rule card (ctrl+r)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ...i18n import N_, _
from ..keybar import KeyBar
from ..widgets import SpokenModal, SpokenScreen


class RulesScreen(SpokenScreen[None]):
    BINDINGS = [Binding("escape,q", "app.pop_screen", N_("Back"), id="rules-back")]

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        # Imported when a rule card is shown: Textual's Markdown brings markdown-it with it,
        # about 40 ms of every start of the table app that never shows one (the benchmark
        # "TUI: open a 200-hand table to its first frame").
        from textual.widgets import Markdown

        from ...rulecards import rule_card

        with VerticalScroll(id="rules"):
            yield Markdown(rule_card(self.game))
        yield KeyBar()


@runtime_checkable
class TeachesItsKeys(Protocol):
    """A screen whose keys depend on what is asked now (the table: a seat's digit, a card's
    rank and suit, play or drop): the help (F1) explains those first."""

    def step_help(self) -> tuple[str, list[tuple[str, str]]]:
        """The question asked now, and each key that answers it with what it does."""
        ...


def keys_table(rows: Sequence[tuple[str, str]]) -> Table:
    """Keys and what they do, in two columns; the words wrap under their own column."""
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True, style="bold")
    table.add_column()
    for key, does in rows:
        table.add_row(Text(key), Text(does))
    return table


class HelpScreen(SpokenModal[None]):
    """The keys of the screen underneath, with what each does: on the table, first the keys
    that answer the question asked now (the digits of the seats, a card's rank and suit, p or
    d), then the table's actions, then the keys that work everywhere. Textual's scrolling and
    focus keys are not listed (they are not the table's)."""

    BINDINGS = [Binding("escape,q,f1", "app.pop_screen", N_("Close"), id="help-close")]

    def __init__(self, under: Screen[Any]) -> None:
        super().__init__()
        self.under = under

    def compose(self) -> ComposeResult:
        from ..actions import key_words, screen_actions

        parts: list[RenderableType] = []
        if isinstance(self.under, TeachesItsKeys):
            asked, step_keys = self.under.step_help()
            parts += [Text(_("Now: {asked}").format(asked=asked), style="bold"),
                      keys_table(step_keys), Text("")]
        actions = [a for a in screen_actions(self.under) if a.node is not self.app]
        parts += [Text(_("Keys on this screen"), style="bold"),
                  keys_table([(a.key, f"{a.name}: {a.does}" if a.does else a.name)
                              for a in actions]),
                  Text(""), Text(_("Everywhere"), style="bold"),
                  keys_table([(key_words("ctrl+p"), _("command palette: every action by name")),
                              (key_words("f1"), _("this help (Escape closes it)")),
                              (key_words("ctrl+q"), _("quit"))])]
        with Vertical(classes="dialog", id="help"):
            with VerticalScroll(id="help-body", classes="dialog-body"):
                yield Static(Group(*parts))
            yield Static(Text(_("Escape / F1: close")), classes="dialog-keys")
        yield KeyBar()
