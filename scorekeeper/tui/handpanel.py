"""The table's lower half: the question asked now, the hand as typed so far and the guide,
as one widget."""

from __future__ import annotations

from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Size
from textual.widget import Widget

from ..cells import NO_BREAK
from .rowpaint import RowsWidget


class HandPanel(RowsWidget):
    """The question asked now, the hand as typed so far and the guide, in one widget as tall
    as its box at least (the table's ``#guide-box``; blank rows fill it). A speed trick, in
    this one place (with ``SeatPanel``'s): a key changes what the panel says, not its size, so
    Textual lays out nothing, and only the rows that changed are painted again (``repaint``).
    Before, the entry and the guide were five widgets whose heights changed on half the keys,
    and each change laid out the whole screen again and painted its ~44 widgets. Measured in
    tests/benchmarks (test_whole_commands.py, "TUI: key to frame written").

    The question comes first, on a band of its own colour, so nothing pushes it out of sight;
    the guide is folded to the room that is left (``fit``); what still does not fit scrolls."""

    COMPONENT_CLASSES = {"handpanel--prompt"}
    DEFAULT_CSS = """
    HandPanel { height: auto; padding: 0 1; text-wrap: nowrap; }
    HandPanel > .handpanel--prompt { background: $boost; text-style: bold; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.prompt = ""
        self.drafted: list[str] = []
        self.steps: list[str] = []
        self.folds = (False, True)  # (foldable, compact): see ``show``
        self.keep_first = False  # the first line typed stays in sight: see ``show``
        self.drawn_rows: list[Text] = []  # as drawn: each row wrapped already
        self.drawn: list[tuple[str, str]] = []  # each row's text and style
        self.wrapped: dict[tuple[str, int], list[Text]] = {}  # (line, width): its rows
        self.band_style: tuple[str, Style] | None = None  # (the theme, the band's style)

    def rows(self) -> list[Text]:
        return self.drawn_rows

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many rows as drawn: never more, by wrapping rows drawn for the width with no
        scroll bar while one is still there (the box then kept it, the guide a row short)."""
        return len(self.drawn_rows)

    def on_resize(self) -> None:
        self.draw()  # folded again to the room there is now (a notice took rows, say)

    def show(self, prompt: str, drafted: list[str], steps: list[str], *,
             foldable: bool = False, compact: bool = True, keep_first: bool = False) -> None:
        """Show ``prompt`` (first, on its band), the lines typed so far (the last ones, when
        they do not all fit; ``keep_first``: and the first, the turned card that decides
        every trick) and the guide's ``steps``; ``foldable``: the first step may fold away
        when short of room; ``compact``: the steps may run on as one paragraph."""
        self.prompt, self.drafted, self.steps = prompt, drafted, steps
        self.folds = (foldable, compact)
        self.keep_first = keep_first
        self.draw()

    def draw(self) -> None:
        # At the width the rows have with no scroll bar beside them when they fit the box
        # (there is none then), else at the width a scroll bar leaves: never rows made at the
        # narrower width that keep a scroll bar they would not need (a row short at 80x24).
        full, scrolled = self.widths()
        rows = self.rows_at(full)
        if len(rows) > self.room() and scrolled < full:
            rows = self.rows_at(scrolled)
        # As tall as the box, so that its height changes only with the box's.
        self.repaint(rows + [Text()] * (self.room() - len(rows)))

    def widths(self) -> tuple[int, int]:
        """The columns of text with no scroll bar beside the panel and with one (the box's,
        less the padding; before the first layout, the screen's)."""
        box = self.parent
        if isinstance(box, Widget) and box.content_size.width:
            full = box.content_size.width - self.styles.padding.width
            return full, full - (box.styles.scrollbar_size_vertical or 0)
        width = self.content_size.width or max(20, self.app.size.width - 2)
        return width, width

    def rows_at(self, width: int) -> list[Text]:
        """The question, the lines typed and the guide, folded to the room, ``width`` wide."""
        band = self.band()
        rows = [Text(row.plain.ljust(width), style=band) for row in self.wrap(self.prompt, width)]
        foldable, compact = self.folds
        # The lines typed leave the guide the rows it takes folded as far as it folds (a hand
        # amended card by card: its one step, how to go on and cancel, was cut at 80x24).
        room = self.room() - len(rows)
        rows += self.last_lines(self.drafted, room - self.least_rows(room, width), width)
        rule, guide = self.fit(self.steps, self.room() - len(rows), width, foldable=foldable,
                               compact=compact)
        if rule:
            rows.append(Text("─" * width, style="dim"))
        for line in guide:
            rows += self.wrap(line, width)
        return rows

    def least_rows(self, room: int, width: int) -> int:
        """The rows the guide takes folded as far as ``fit`` folds it, where the lines typed
        and the whole guide do not fit ``room`` together (else the whole guide's: the rows
        are wrapped already, for ``fit``); one row at the least, as before."""
        steps = self.steps
        if not steps or not self.drafted:  # (nothing to share the room with)
            return 1
        whole = self.rows_of(steps, width)
        foldable, compact = self.folds
        if len(steps) == 1 or not compact or whole + self.rows_of(self.drafted, width) <= room:
            return max(1, whole)
        if foldable:
            steps = steps[1:]
        return max(1, len(self.wrap(STEP_BREAK.join(steps), width)))

    def band(self) -> Style:
        """The question's band's style, worked out again only when the theme changes (Textual
        works a component's style out from the stylesheet each time it is asked, and the
        panel is drawn at every key)."""
        theme = self.app.theme
        if self.band_style is None or self.band_style[0] != theme:
            self.band_style = (theme, self.get_component_rich_style("handpanel--prompt"))
        return self.band_style[1]

    def fits(self, prompt: str, steps: list[str], room: int) -> bool:
        """Whether ``prompt`` and the guide's ``steps``, folded as far as ``show`` folds
        them (``foldable``), fit ``room`` rows (with no scroll bar beside them: they fit)."""
        width = self.widths()[0]
        room -= len(self.wrap(prompt, width))
        rule, guide = self.fit(steps, room, width, foldable=True, compact=True)
        return rule + self.rows_of(guide, width) <= room

    def last_lines(self, lines: list[str], room: int, width: int) -> list[Text]:
        """``lines`` wrapped, or as many of the last ones as fit ``room`` under a row that
        says more went before (the hand typed card by card, with long names)."""
        wrapped = [self.wrap(line, width) for line in lines]
        if sum(map(len, wrapped)) <= room:
            return [row for rows in wrapped for row in rows]
        head: list[Text] = []
        if self.keep_first and len(wrapped) > 2 and len(wrapped[0]) + len(wrapped[-1]) < room:
            head, wrapped = wrapped[0], wrapped[1:]
        kept: list[Text] = []
        for rows in reversed(wrapped):
            if kept and len(head) + len(kept) + len(rows) > room - 1:
                break
            kept[:0] = rows
        return [*head, Text("⋮", style="dim"), *kept]

    def room(self) -> int:
        """The rows of the box the panel is in (the screen's, before its first layout)."""
        box = self.parent.content_size if isinstance(self.parent, Widget) else self.size
        return box.height or self.app.size.height

    def repaint(self, rows: list[Text]) -> None:
        """Paint the rows that changed; lay the screen out again only when the panel's height
        changes (with the box's, or when the rows overflow it)."""
        drawn = [(row.plain, str(row.style)) for row in rows]
        before, self.drawn_rows, self.drawn = self.drawn, rows, drawn
        if drawn == before and len(rows) == self.content_size.height:
            return
        if len(rows) != self.content_size.height:
            self.refresh(layout=True)
            return
        changed = [y for y in range(max(len(drawn), len(before)))
                   if y >= len(drawn) or y >= len(before) or drawn[y] != before[y]]
        self.refresh(Region(0, changed[0], self.content_size.width,
                            changed[-1] - changed[0] + 1))

    def fit(self, steps: list[str], room: int, width: int, *, foldable: bool,
            compact: bool) -> tuple[bool, list[str]]:
        """Whether a rule goes over the guide, and the guide's lines: the first way that fits
        ``room`` rows of whole under a rule; whole; without its first step (``foldable``:
        who deals, said by the seat and the heading); the first step on its own and the
        later ones run on as one paragraph; all of them one paragraph."""
        if not steps:  # (every step played: no rule over nothing)
            return False, steps
        whole = self.rows_of(steps, width)
        if whole + 1 <= room:
            return True, steps
        if whole <= room or not compact:
            return False, steps
        if foldable and len(steps) > 1:
            steps = steps[1:]
            if self.rows_of(steps, width) <= room:
                return False, steps
        run_on = [steps[0], STEP_BREAK.join(steps[1:])] if len(steps) > 1 else steps
        if self.rows_of(run_on, width) <= room:
            return False, run_on
        return False, [STEP_BREAK.join(steps)]

    def rows_of(self, lines: list[str], width: int) -> int:
        """The rows ``lines`` take, each wrapped at ``width``."""
        return sum(len(self.wrap(line, width)) for line in lines)

    def wrap(self, line: str, width: int) -> list[Text]:
        """``line`` in rows of ``width`` columns, broken between words as the screen does.
        Kept, since a key changes one or two of the panel's lines and the guide is folded
        against the room at every key (a third of the table's own time a key went here); the
        rows are never changed in place."""
        rows = self.wrapped.get((line, width))
        if rows is None:
            if len(self.wrapped) > 512:  # (a long evening's lines: bounded)
                self.wrapped.clear()
            rows = self.wrapped[line, width] = wrapped_whole(line, width, self.app.console)
        return rows


# What stands for it while the line is wrapped: one column wide, no white space.
GLUE = "\u2800"


def wrapped_whole(line: str, width: int, console: Console) -> list[Text]:
    """``line`` in rows of ``width`` columns, broken between words, never at a no-break space
    (``NO_BREAK``: it stays in the row, as the space it is)."""
    if NO_BREAK not in line or GLUE in line:
        return list(Text(line).wrap(console, width))
    return [Text(row.plain.replace(GLUE, NO_BREAK))
            for row in Text(line.replace(NO_BREAK, GLUE)).wrap(console, width)]


# Between the guide's steps where they run on as a paragraph.
STEP_BREAK = " · "
