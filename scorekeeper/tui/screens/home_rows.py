"""The home screen's list of evenings (the first layer of ``HomeScreen``): the sessions read in
a worker, their rows fitted to the screen (``homelist``), the line under the cursor, and the
lines under the list (its keys, the line whole, what a key said)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import getters
from textual.widgets import DataTable, Static

from ...errors import ScorekeeperError
from ...i18n import _, ngettext
from ...store import Listing
from ...summary import SessionSummary
from ..disk import on_disk
from ..homelist import (
    COLUMNS,
    DATE,
    GAP,
    SHARE,
    balanced,
    cut,
    drawn_cells,
    fit_columns,
    fits,
    in_lines,
    leaders_least,
    leaders_whole,
    players_least,
    row_cells,
)
from ..keynames import key_name
from ..widgets import NoticeScreen, ScorekeeperAppBase

# A rule between the players and who leads, a column of its own (trial 32: "Ana, Bruno,
# Bruno, Carla (-1)" read as a fourth player where who leads came after the players' comma).
RULE = "│"  # (centred in its cell: it reads apart from the leader right of it)
RULED = {"players", "leading"}


class HomeRows(NoticeScreen[None]):
    """The evenings, newest first; archived ones only when asked. ``HomeChanges`` builds on
    it."""

    app = getters.app(ScorekeeperAppBase)

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[Listing] = []  # the lines shown, in order
        self.hidden = 0  # archived sessions left out
        self.listing = False  # the sessions are being read
        self.show_archived = False
        self.everything: list[Listing] = []  # the whole listing, archived sessions too

    # -- the list

    def refresh_sessions(self, keep: str | None = None) -> None:
        """List the sessions (the files are read in a worker; the list is filled after), the
        cursor on session ``keep`` when it is still listed."""
        if self.listing:
            return
        keep = keep or self.current_ref()

        def unreadable(error: ScorekeeperError) -> None:  # said, never a crash
            self.show_sessions([], _("Cannot read the sessions: {error}").format(error=error))

        def busy(now: bool) -> None:
            self.listing = now

        on_disk(self, self.app.store.list_sessions,
                lambda listing: self.show_sessions(listing, keep=keep), unreadable, busy=busy)

    def show_sessions(self, listing: list[Listing], problem: str | None = None,
                      keep: str | None = None) -> None:
        self.everything = listing
        empty = self.query_one("#home-empty", Static)
        self.fill(keep)
        if problem is not None:
            empty.update(Text(problem))
            empty.display = True
        elif not self.entries:
            empty.update(Text(_("No sessions yet: press n to start one, or e to open an "
                                "example.") if not self.hidden else ngettext(
                "No sessions to list: {count} is archived (s shows it).",
                "No sessions to list: {count} are archived (s shows them).",
                self.hidden).format(count=self.hidden)))
            empty.display = True
        else:
            empty.display = False
        table = self.query_one("#sessions", DataTable)
        table.display = bool(self.entries)  # no headings over an empty list
        if self.entries:
            table.focus()

    def fill(self, keep: str | None = None) -> None:
        """Draw the list from the listing read last, its columns fitted to the screen, the
        cursor on session ``keep`` (else at the top)."""
        self.entries = [line for line in self.everything if self.show_archived
                        or line.summary is None or not line.summary.archived]
        self.hidden = len(self.everything) - len(self.entries)
        cells = [self.cells(line) for line in self.entries]
        headings = {"id": "id", "name": _("name"), "game": _("game"),
                    "started": _("started"), "hands": _("hands"), "status": _("status"),
                    "players": _("players"), "leading": _("leading")}
        columns = [c for c in COLUMNS if not cells or any(row[c] for row in cells)]
        # A line's players take at most a sixth of the screen's rows (else they are counted).
        most_lines = max(1, (self.size.height or self.app.size.height) // SHARE)
        widths = self.fitted(columns, cells, headings, most_lines)
        if widths.get("started", DATE) == DATE:
            for row in cells:  # the start without its time of day: 2026-11-28
                row["started"] = row["started"][:DATE]
        table = self.query_one("#sessions", DataTable)
        table.clear(columns=True)
        ruled = set(columns) >= RULED
        for column in columns:
            # The gap is the column's own last cell, so each cell's text is only its own.
            # (who leads, the last column, needs no gap after it where the rule is before it)
            gap = 0 if ruled and column == "leading" else GAP
            table.add_column(cut(headings[column], widths[column]),
                             width=widths[column] + gap, key=column)
            if ruled and column == "players":
                table.add_column(Text(RULE), width=len(RULE), key="rule")
        for line, row in zip(self.entries, cells, strict=True):
            drawn, height = drawn_cells(row, columns, widths, most_lines)
            if ruled:
                at = columns.index("players") + 1
                drawn.insert(at, Text("\n".join([RULE] * height), style="dim"))
            table.add_row(*drawn, key=line.file, height=height)
        at = next((i for i, line in enumerate(self.entries) if keep is not None
                   and self.ref_of(line) == keep), 0)
        if self.entries:
            table.move_cursor(row=at)
        self.show_hint()

    def fitted(self, columns: list[str], cells: list[dict[str, str]],
               headings: dict[str, str], most_lines: int) -> dict[str, int]:
        """The columns' widths on this screen (``homelist.fit_columns``): who leads with each
        leader whole on a line where it can; where the players or what leads take more than a
        line, an evening's "goes on in X" takes two lines of its row or more (as many as
        leave the list in the screen's width taking the fewest rows) and gives them its
        room, and the players and who leads share their room so that the list takes the
        fewest rows (``homelist.balanced``). A rule between the players and who leads takes
        its column first (``RULE``)."""
        # (the rule between the players and who leads takes its columns first, but for the
        # gap after who leads, the last column, which it does without)
        width = (self.size.width or self.app.size.width) - (
            len(RULE) - GAP if set(columns) >= RULED else 0)

        def fit() -> dict[str, int]:
            natural = {c: max([cell_len(headings[c])] + [cell_len(part) for row in cells
                                                           for part in row[c].split("\n")])
                       for c in columns}
            return fit_columns(width, natural, max(leaders_whole(cells),
                                                   cell_len(headings["leading"])),
                               players_least(cells), leaders_least(cells))

        widths = fit()
        folded = any(widths[c] < cell_len(row[c]) for row in cells
                     for c in ("players", "leading") if c in widths)
        went_on = [(row, row["status"]) for row in cells if row["went_on"]]
        if not folded:
            return widths
        if not went_on:
            return balanced(cells, columns, widths, most_lines)
        # Two lines or more: of the ways that fit the screen (its last column, who leads,
        # was cut at the edge: "goes on in X (damaged)" is long; the words stay whole), the
        # one where the list takes the fewest rows (three lines, where two left the players
        # four: trial 32), else the fewest lines.
        tried = []
        for lines in range(2, max(s.count(" ") for _row, s in went_on) + 2):
            for row, status in went_on:
                row["status"] = in_lines(status, lines)
            widths = balanced(cells, columns, fit(), most_lines)
            taken = sum(drawn_cells(row, columns, widths, most_lines)[1] for row in cells)
            tried.append(((not fits(width, widths), taken, lines), widths))
        (_wide, _taken, lines), widths = min(tried, key=lambda way: way[0])
        for row, status in went_on:
            row["status"] = in_lines(status, lines)
        return widths

    @staticmethod
    def cells(line: Listing) -> dict[str, str]:
        """What a line of the listing shows, column by column (``homelist.row_cells``); a
        damaged file's line only its id and "DAMAGED" in the status column, whole: what is
        wrong, too long for a row, is said whole under the list (``show_detail``), and it
        neither brings a name column nor widens the players' (trial 32: "BES…" in a name
        column of its own, the problem cut to "sessions/5…", the other lines' players on
        four lines)."""
        cells = row_cells(line)
        if line.summary is None:
            cells |= {"name": "", "players": "", "status": _("DAMAGED")}
        return cells

    @staticmethod
    def ref_of(line: Listing) -> str:
        return line.summary.id if line.summary is not None else line.file

    def current(self) -> Listing | None:
        """The line under the cursor."""
        table = self.query_one("#sessions", DataTable)
        row = table.cursor_row
        if not self.entries or row is None or not 0 <= row < len(self.entries):
            return None
        return self.entries[row]

    def current_ref(self) -> str | None:
        line = self.current()
        return None if line is None else self.ref_of(line)

    def selected_summary(self) -> SessionSummary | None:
        """The session under the cursor, or ``None`` (a damaged file is said)."""
        line = self.current()
        if line is None:
            return None
        if line.summary is None:
            self.notify(_("{ref} is damaged and cannot be opened; it is left as it is.").format(
                ref=line.file), severity="warning", markup=False)
            return None
        return line.summary

    def selected(self) -> str | None:
        summary = self.selected_summary()
        return None if summary is None else summary.id

    def show_hint(self) -> None:
        """The keys of the list of evenings, on the line under it (they depend on the line
        under the cursor: an archived session is taken out of the archive, or deleted)."""
        line = self.current()
        archived = line is not None and line.summary is not None and line.summary.archived
        keys = []
        if line is not None and line.summary is not None:
            pot = line.summary.pot is not None  # a game without a pot carries none
            if not line.summary.continued_by:  # (its next evening is the one it went on in)
                keys.append(("c", _("next evening (the pot carries)") if pot
                             else _("next evening")))
            keys += [("p", _("same players again")),
                     ("r", _("rename")),
                     ("h", _("unarchive")) if archived else ("h", _("archive"))]
        if archived:
            keys.append((key_name("delete"), _("delete")))
        if self.hidden or self.show_archived:
            keys.append(("s", ngettext("show {count} archived", "show {count} archived",
                                       self.hidden).format(count=self.hidden)
                         if not self.show_archived else _("hide the archived")))
        if line is not None and line.conflict is not None:
            keys.append(("y", _("differs on two laptops: keep which")))
        if line is not None and line.summary is not None:  # (a damaged file: its line says why)
            keys.append((key_name("enter"), _("open")))
        room = (self.size.width or self.app.size.width) - 2  # the line's padding
        hint = Text(no_wrap=True, overflow="ellipsis")
        used = 0
        for key, words in keys:  # a key and its words are never parted by the line's end
            width = cell_len(f"{key} {words}")
            if used and used + 2 + width > room:
                hint.append("\n")
                used = 0
            elif used:
                hint.append("  ")
                used += 2
            hint.append(key, style="bold")
            hint.append(f" {words}")
            used += width
        self.query_one("#home-hint", Static).update(hint)
        self.show_detail(line)
        self.refresh_bindings()

    def show_detail(self, line: Listing | None) -> None:
        """The line under the cursor whole, over the keys: every player and every leader (a
        tie names them all), which the list's columns cut on a narrow screen."""
        detail = self.query_one("#home-detail", Static)
        detail.display = line is not None
        if line is None:
            return
        cells = self.cells(line)
        if line.summary is None:  # damaged: what is wrong with the file
            detail.update(Text(line.problem or ""))
            return
        detail.update(Text.assemble((_("players") + ": ", "bold"), cells["players"], "\n",
                                    (_("leading") + ": ", "bold"), cells["leading"]))

    def say(self, words: str) -> None:
        """``words`` on the line over the key bar, whole (empty: the line goes)."""
        said = self.query_one("#home-said", Static)
        said.update(Text(words))
        said.display = bool(words)
