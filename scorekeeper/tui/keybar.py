"""A footer of keys drawn by one widget, for the screen the app opens on."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widget import Widget

from ..i18n import _


class KeyBar(Widget):
    """The screen's keys on one line, like Textual's ``Footer`` and in its colours, drawn by
    one widget: the footer mounts and styles a widget per key, which was most of the time the
    app took to open. Clicking a key presses it."""

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

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.spans: list[tuple[int, int, str]] = []  # (start, end, key) of each key on the line

    def keys(self) -> tuple[list[tuple[str, str, str]], tuple[str, str, str] | None]:
        """(key to press, key as shown, description) for every key the footer would show, and
        the command palette's apart (it goes on the right, as in the footer)."""
        bindings = self.screen.active_bindings
        shown = []
        seen = set()
        for key, active in bindings.items():
            binding = active.binding
            if not binding.show or not binding.description or binding.action in seen:
                continue
            seen.add(binding.action)
            shown.append((key, self.app.get_key_display(binding), binding.description))
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

        keys, palette = self.keys()
        for entry in keys:
            add(*entry)
        if palette is not None:
            right = len(f" {palette[1]} {palette[2]} ")
            line.append(" " * max(1, self.size.width - len(line) - right))
            add(*palette)
        return line

    def on_click(self, event: events.Click) -> None:
        for start, end, key in self.spans:
            if start <= event.x < end:
                self.app.simulate_key(key)
                return
