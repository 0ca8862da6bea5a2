"""Shown (tui/widgets.py): a Static that redraws only what changed, and still lays the screen
out again when what it shows needs more (or fewer) lines."""

from __future__ import annotations

from rich.text import Text
from textual.app import App
from textual.containers import Vertical
from textual.widgets import Static

from scorekeeper.tui.widgets import Shown


class Two(App):
    CSS = "#fixed { height: 1; }"

    def compose(self):
        with Vertical():
            yield Shown("", id="fixed")
            yield Shown("one line", id="grows")
            yield Static("below", id="below")


async def test_the_same_text_is_not_drawn_again():
    app = Two()
    async with app.run_test(size=(40, 10)) as pilot:
        shown = app.query_one("#fixed", Shown)
        first = Text("Anna deals", style="bold")
        shown.update(first)
        await pilot.pause()
        shown.update(Text("Anna deals", style="bold"))  # equal: kept as it is
        assert shown.content is first
        shown.update(Text("Anna deals"))  # the same words, another style: drawn
        assert shown.content is not first and shown.content.style == ""


async def test_a_text_that_needs_another_line_moves_what_is_below():
    app = Two()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        below = app.query_one("#below")
        assert below.region.y == 2
        app.query_one("#grows", Shown).update(Text("one line\nand another"))
        await pilot.pause()
        assert app.query_one("#grows").size.height == 2 and below.region.y == 3
        app.query_one("#fixed", Shown).update(Text("first\nsecond"))  # height 1: stays
        app.query_one("#grows", Shown).update(Text("back to one"))
        await pilot.pause()
        assert below.region.y == 2
