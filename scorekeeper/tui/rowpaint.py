"""A widget drawn as rows of text, each row painted on its own: the table's seats and its
lower panel (``widgets.SeatPanel``, ``handpanel.HandPanel``).

A speed trick, in this one place. Textual paints a widget that ``render``s by making the whole
of it again (its text turned into Textual's content, wrapped and cut into lines) whenever any
row of it changed. A key at the table changes one row of a seat or three of the panel, yet
that made every row of each of them again: half the time Textual spent painting a key. Through
Textual's line API (``render_line``: the widget gives one row at a time) only the rows the
widget says have changed (``refresh(Region)``) are made again. Measured in tests/benchmarks
(test_whole_commands.py, "TUI: key to frame written")."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget


class RowsWidget(Widget):
    """A widget whose content is ``rows()``: one rich Text a row, each cut to the widget's
    width (with an ellipsis where the row says so) and drawn in the widget's own style."""

    def rows(self) -> list[Text]:
        raise NotImplementedError

    def render(self) -> Text:
        """The rows as one text (what Textual measures a widget of ``height: auto`` by)."""
        text = Text("\n").join(self.rows())
        text.no_wrap = True
        return text

    def render_line(self, y: int) -> Strip:
        width, style = self.size.width, self.visual_style.rich_style
        rows = self.rows()
        if y >= len(rows):
            return Strip.blank(width, Style.from_color(bgcolor=style.bgcolor))
        row = rows[y]
        if row.cell_len > width:
            row = row.copy()
            row.truncate(width, overflow=row.overflow or "crop")
        if row.style:  # (rich's ``Text.render`` leaves a row's own style out when it has no
            style += self.app.console.get_style(row.style)  # span)
        blank = Style.from_color(bgcolor=style.bgcolor)  # as Textual pads: the colour behind
        return Strip(row.render(self.app.console)).apply_style(style).crop_extend(0, width,
                                                                                   blank)
