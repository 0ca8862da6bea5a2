"""What the dialogs share: plain lines as one literal text, and the dialog whose cursors stop
blinking when the app asks (for screenshots)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from rich.text import Text
from textual import getters

from ..widgets import ScorekeeperAppBase, SpokenModal

ResultT = TypeVar("ResultT")


def lines_text(lines: Sequence[str | Text]) -> Text:
    """Plain lines as one literal Text (no markup is read from player names)."""
    out = Text()
    for i, line in enumerate(lines):
        if i:
            out.append("\n")
        out.append(line if isinstance(line, Text) else Text(line))
    return out


class SteadyModal(SpokenModal[ResultT]):
    """A dialog whose cursors stop blinking when the app asks (for screenshots)."""

    app = getters.app(ScorekeeperAppBase)

    def on_mount(self) -> None:
        self.app.steady(self)
