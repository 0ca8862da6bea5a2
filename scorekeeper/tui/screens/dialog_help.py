"""The keys of the screen underneath (F1) and a game's rule card (ctrl+r)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar, Protocol, runtime_checkable

from rich.cells import cell_len
from rich.color import Color
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment, Segments
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.scrollbar import ScrollBarRender
from textual.widgets import Static

from ...cards import Deck
from ...cells import NO_BREAK
from ...i18n import N_, _
from ..handpanel import wrapped_whole
from ..keybar import KeyBar, keys_kept
from ..widgets import SpokenModal, SpokenScreen

# Textual's colours of a scroll bar whose style names none.
_BACK, _BAR = Color.parse("#555555"), Color.parse("bright_magenta")


class WholeThumb(ScrollBarRender):
    """A scroll bar's thumb in whole cells, each drawn with a block: one bar from its top to
    its bottom. Textual's own thumb ends in an eighth-cell glyph at each end and is only a
    colour between them, so where the colour barely shows (a dim terminal, a capture of the
    text) its two ends read as two thumbs (trial 32, F1 and the rule card at 80x24)."""

    VERTICAL_BARS: ClassVar[list[str]] = [" "] * 8  # no eighths: the thumb's cells are whole

    @classmethod
    def render_bar(cls, size: int = 25, virtual_size: float = 50, window_size: float = 20,
                   position: float = 0, thickness: int = 1, vertical: bool = True,
                   back_color: Color = _BACK, bar_color: Color = _BAR) -> Segments:
        bar = super().render_bar(size, virtual_size, window_size, position, thickness,
                                 vertical, back_color, bar_color)
        if not vertical:
            return bar
        drawn = Style(color=bar_color, bgcolor=back_color, reverse=False)
        return Segments([Segment("█" * len(cell.text), cell.style + drawn)
                         if cell.style is not None and cell.style.reverse else cell
                         for cell in bar.segments], new_lines=bar.new_lines)


class OneThumbScroll(VerticalScroll):
    """A scrolling area whose scroll bar's thumb is drawn whole (``WholeThumb``)."""

    def on_mount(self) -> None:
        # Textual's ScrollBar.renderer says so: set on one instance, it changes only that bar.
        self.vertical_scrollbar.renderer = WholeThumb  # type: ignore[misc]


class RulesScreen(SpokenScreen[None]):
    BINDINGS = [Binding("escape,q", "app.pop_screen", N_("Back"), id="rules-back")]

    def __init__(self, game: str, deck: Deck | None = None) -> None:
        super().__init__()
        self.game = game
        self.deck = deck  # the session's pack, which the card names its suits by

    def compose(self) -> ComposeResult:
        # Imported when a rule card is shown: Textual's Markdown brings markdown-it with it,
        # about 40 ms of every start of the table app that never shows one (the benchmark
        # "TUI: open a 200-hand table to its first frame").
        from textual.widgets import Markdown

        from ...rulecards import rule_card

        with OneThumbScroll(id="rules"):
            yield Markdown(rule_card(self.game, deck=self.deck))
        yield KeyBar()


@runtime_checkable
class TeachesItsKeys(Protocol):
    """A screen whose keys depend on what is asked now (the table: a seat's digit, a card's
    rank and suit, play or drop): the help (F1) explains those first."""

    def step_help(self) -> tuple[str, list[tuple[str, str]]]:
        """The question asked now, and each key that answers it with what it does."""
        ...


def keys_table(rows: Sequence[tuple[str, str]]) -> Table:
    """Keys and what they do, in two columns; the words wrap under their own column, never
    between a key and the word it stands for (``kept_with_keys``)."""
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True, style="bold")
    table.add_column()
    for key, does in rows:
        table.add_row(Text(key), KeptTogether(kept_with_keys(does, key.split())))
    return table


# A card's suit sign standing alone after its name (``Herz ♥``).
_SIGN = re.compile(r" (?=[♣♦♥♠](?:\W|$))")


def kept_with_keys(does: str, keys: Sequence[str]) -> str:
    """``does`` with a no-break space after each of ``keys`` standing as a word before another
    (``a Daus``, ``e Eichel``: a key is never parted from its word, in any language), before a
    suit's sign (``Herz ♥``), and after a key the language names (``Strg+u``, ``Esc``)."""
    if keys:
        named = "|".join(re.escape(key) for key in sorted(keys, key=len, reverse=True))
        does = re.sub(rf"(?<!\S)({named}) (?=\S)", lambda found: found.group(1) + NO_BREAK,
                      does)
    return keys_kept(_SIGN.sub(NO_BREAK, does))


class KeptTogether:
    """A line folded to the width it is given between words, never at a no-break space."""

    def __init__(self, line: str) -> None:
        self.line = line

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text("\n").join(wrapped_whole(self.line, options.max_width, console))

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        whole = max((cell_len(word) for word in self.line.split(" ")), default=0)
        return Measurement(whole, cell_len(self.line)).clamp(max_width=options.max_width)


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
            with OneThumbScroll(id="help-body", classes="dialog-body"):
                yield Static(Group(*parts))
            yield Static(Text(_("Escape / F1: close")), classes="dialog-keys")
        yield KeyBar()
