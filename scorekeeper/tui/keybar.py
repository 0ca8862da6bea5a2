"""The footer of every screen: its keys on one line, drawn by one widget."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.screen import Screen
from textual.widget import Widget

from ..cells import NO_BREAK
from ..i18n import _
from .keynames import key_name


class KeyBar(Widget):
    """The screen's keys on one line, like Textual's ``Footer`` and in its colours, drawn by
    one widget: the footer mounts and styles a widget per key, which was most of the time the
    app took to open. Clicking a key presses it.

    The keys that do not fit the width are left out whole (never cut in the middle of a
    word): the help (F1) and the command palette, kept on the right, list every one. ``first``:
    the ids of the bindings to show before the others, in that order (a binding not shown
    elsewhere, ``show=False``, is shown where ``first`` names it)."""

    COMPONENT_CLASSES = {"keybar--key", "keybar--description"}
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        background: $footer-background;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    KeyBar > .keybar--key {
        color: $footer-key-foreground;
        background: $footer-key-background;
        text-style: bold;
    }
    KeyBar > .keybar--description {
        color: $footer-description-foreground;
        background: $footer-description-background;
    }
    """

    # The keys kept on the right whatever the width: the help, then the palette.
    RIGHT = ("help",)

    def __init__(self, *, first: tuple[str, ...] = (), id: str | None = None) -> None:
        super().__init__(id=id)
        self.first = first
        self.spans: list[tuple[int, int, str]] = []  # (start, end, key) of each key on the line
        self.shown: object = None  # the keys as drawn last (``keys``)

    def on_mount(self) -> None:
        # Drawn again when the screen's keys change (the focus moved, a key was enabled or
        # disabled), as Textual's Footer is.
        self.screen.bindings_updated_signal.subscribe(self, self.keys_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def keys_changed(self, screen: Screen[Any]) -> None:
        """Drawn again only when what it shows changed: Textual says the keys changed at
        nearly every key typed at the table, where they seldom do, and a line drawn again at
        the bottom made Textual paint every widget between it and the question (the row
        "TUI: key to frame written" of tests/benchmarks/test_whole_commands.py)."""
        if self.shown is None:  # not drawn yet (the screen may not be ready to say its keys)
            self.refresh()
            return
        shown = self.keys()
        if shown != self.shown:
            self.shown = shown
            self.refresh()

    def keys(self) -> tuple[list[tuple[str, str, str]], tuple[str, str, str] | None]:
        """(key to press, key as shown, description) for every key the footer would show, and
        the command palette's apart (it goes on the right, as in the footer)."""
        bindings = self.screen.active_bindings
        ranked: list[tuple[int, tuple[str, str, str]]] = []
        rank = {binding_id: i for i, binding_id in enumerate(self.first)}
        seen = set()
        for key, active in bindings.items():
            binding = active.binding
            if (not (binding.show or binding.id in rank) or not binding.description
                    or binding.action in seen):
                continue
            seen.add(binding.action)
            ranked.append((rank.get(binding.id or "", len(rank)),
                           (key, self.app.get_key_display(binding), binding.description)))
        shown = [entry for _, entry in sorted(ranked, key=lambda item: item[0])]
        palette = bindings.get(self.app.COMMAND_PALETTE_BINDING)
        if not self.app.ENABLE_COMMAND_PALETTE or palette is None:
            return shown, None
        return shown, (self.app.COMMAND_PALETTE_BINDING,
                       self.app.get_key_display(palette.binding),
                       palette.binding.description or _("commands"))

    def render(self) -> Text:
        key_style = self.get_component_rich_style("keybar--key")
        description_style = self.get_component_rich_style("keybar--description")
        line = Text(no_wrap=True, overflow="ellipsis")
        self.spans = []

        def add(key: str, display: str, description: str) -> None:
            start = len(line)
            line.append(f" {display} ", key_style)
            line.append(f"{description} ", description_style)
            self.spans.append((start, len(line), key))

        keys, palette = self.shown = self.keys()
        on_the_right = self.right_keys()  # (once: each asks the screen for all its keys)
        right = [entry for entry in keys if entry[0] in on_the_right]
        right += [palette] if palette is not None else []
        room = self.size.width - sum(cell_len(f" {display} {description} ")
                                     for _, display, description in right)
        for entry in keys:
            if entry in right:
                continue
            # (a space at least is kept before the keys on the right: they are never cut)
            if line.cell_len + cell_len(f" {entry[1]} {entry[2]} ") > room - 1:
                continue  # left out whole; the help and the palette have it
            add(*entry)
        if right:
            line.append(" " * max(1, room - line.cell_len))
            for entry in right:
                add(*entry)
        return line

    def right_keys(self) -> set[str]:
        """The keys of the bindings kept on the right (the help's)."""
        return {key for key, active in self.screen.active_bindings.items()
                if active.binding.id in self.RIGHT}

    def on_click(self, event: events.Click) -> None:
        for start, end, key in self.spans:
            if start <= event.x < end:
                self.app.simulate_key(key)
                return


# A key named in running text and the word after it are one ("Strg+u Schlussabrechnung",
# "Esc Start"): a line folds before the key or after its word, never between them (trial 30:
# "Strg+u" ended a row at 130 columns, "Schlussabrechnung" began the next). The space between
# them is a no-break space (``cells.NO_BREAK``), which the table's panel keeps
# (handpanel.wrapped_whole).


@lru_cache(maxsize=8)
def key_then_word(names: tuple[str, ...]) -> re.Pattern[str]:
    """A key (a combination such as ``Strg+u``, ``F1``, or one of ``names``: Escape, Enter as
    the language writes them) standing as a word, and the space after it before a word."""
    named = "|".join(re.escape(name) for name in names)
    return re.compile(rf"(?<!\S)((?:[^\s+]+\+[^\s+]+|F\d{{1,2}}|{named}):?) (?=\S)")


def keys_kept(line: str) -> str:
    """``line`` with a no-break space between each key it names and the word after it (the
    keys as the language in use writes them: ``Strg+u``, ``Esc``)."""
    names = (key_name("escape"), key_name("enter"), key_name("backspace"))
    return key_then_word(names).sub(lambda found: found.group(1) + NO_BREAK, line)
