"""The table screen's state and the lines over its guide: the pot's line and the last hand's
line, and the room they and the seats leave the question and the guide (``fit_seats``). The
lowest layer of the table screen (``table.TableScreen``): what the layers above draw with."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import getters
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from ...amounts import format_amount
from ...cells import NO_BREAK
from ...i18n import _, current_language
from ...presentation import last_hand_line
from ...rules import TableState
from ...store import OpenSession
from ..entry import KeyEntry
from ..handpanel import HandPanel, wrapped_whole
from ..widgets import NoticeScreen, ScorekeeperAppBase, SeatPanel

# The rows a seat gives up when the seats are kept low (``seats-compact`` in app.tcss: a
# score in one row instead of three).
COMPACT_SAVES = 2
# Between the parts of the pot's line (``Ruleset.pot_words`` and the pot before them): where
# the line is folded when it is too wide.
POT_BREAK = "   "


class TableLines(NoticeScreen[None]):
    """The table's state (the session, the hand being typed, what is said where), the lines
    over the guide and the room they leave it."""

    app = getters.app(ScorekeeperAppBase)
    panels: list[SeatPanel]  # the seats, in seating order (``TableScreen.compose``)
    state: TableState  # the table the hand being typed is played at (``start_entry``)

    def __init__(self, session: OpenSession) -> None:
        super().__init__()
        # Its class given now, not once mounted: a class added then styles the whole screen
        # again before its first frame (tests/benchmarks, "TUI: open a 200-hand table").
        self.set_class(len(session.config.players) > 4, "many-seats", update=False)
        self.session = session
        self.amending: int | None = None
        # Hands amended earlier in the same step (amending one left ``amending`` not fitting
        # its record) and the table before ``amending`` once they are: stored together.
        self.amend_with: tuple[tuple[int, dict[str, Any]], ...] = ()
        self.amend_state: TableState | None = None
        self.amend_asks = False  # the hand amended too opens at who plays (``offer_amend_too``)
        self.entry: KeyEntry | None = None
        self.by_cards = False
        self.writing = False  # the session file is being read or written (in a worker)
        self.mtime = self._mtime()
        self.asking: Screen[Any] | None = None  # a question about the session as it is shown
        self.told_closed: str | None = None  # why no hand is entered, once said by a notice
        # The last hand's line as shown: (hand, width, digest, saved, short), the line, its rows.
        self.last_drawn: tuple[object, str, int] = (None, "", 0)
        # The pot's line as shown: (what it was worked out from, the rows it took); and the
        # heading's (``TableView.show_top``). Both are worked out again only when that changed,
        # not at every key (a key at the table: tests/benchmarks, "TUI: key to frame written").
        self.pot_drawn: tuple[object, int] = (None, 0)
        self.top_drawn: object = None
        # The session's digest right after this table saved a hand: while it is still the
        # digest, the last hand's line says the hand was saved (no notice over the guide).
        self.saved_at: str | None = None
        # What the table just did to the hands (withdrew one, amended some), said at the head
        # of the last hand's line for a few seconds while the session is at that digest.
        self.said_last: tuple[str, str] | None = None
        # The last hand's line in one row this hand (without who dealt), so that the guide
        # keeps every step in sight (six long names at 80x24; decided with ``fit_seats``).
        self.last_short = False
        # The pot's line in one row this hand, its last parts (the rules' reminders: "each
        # trick pays P/4") left out, where the guide needs the row (a five-digit pot in German
        # at 80x24; decided with ``fit_seats``).
        self.pot_short = False
        # "Card by card" said by the heading, not by a line over the guide (no row for it).
        self.mode_on_top = False
        # The screen was resized since the table was last drawn: the seats are fitted to the
        # room again, in a hand too (at 130x40 they stayed as low as at 80x24, trial 31).
        self.resized = False
        # The warnings about a key said now: they go with the next key, or as a dialog opens.
        self.key_warnings: set[str] = set()

    def _mtime(self) -> int:
        try:
            return self.session.path.stat().st_mtime_ns
        except OSError:
            return 0

    def closed(self) -> str | None:
        """Why no hand is entered here now: the session is over, or the evening goes on in the
        session that continues it (``None``: hands are entered; an amendment always is)."""
        if self.amending is not None:
            return None
        if self.session.continued_by:  # (over or not: where it goes on is the news)
            return _("The evening goes on in session {id} (the next evening): no more hands "
                     "are entered here.").format(id=self.session.continued_by)
        if self.state.finished:
            return _("The session is over: no more hands can be entered.")
        return None

    def show_pot(self, closed: str | None) -> int:
        """The pot's line: the pot, and what the next hand does with it; folded where it is
        wider than the screen, between its parts ("Pot 1995   after the stakes P = 1996   each
        trick pays P/4 (not in a Muss)" in German at 80 columns), so that nothing is cut; in
        one row where the guide needs the other (``pot_short``): the parts that do not fit it
        left out from the last (the rules' reminder "each trick pays P/4"; the pot and P
        stay). The rows it takes."""
        pot = self.query_one("#pot", Static)
        width = self.text_width(pot)
        drawn = (self.state, closed, self.pot_short, width, current_language())
        if self.pot_drawn[0] == drawn:
            return self.pot_drawn[1]
        rows = self.pot_line(pot, closed, width)
        self.pot_drawn = (drawn, rows)
        return rows

    def pot_line(self, pot: Static, closed: str | None, width: int) -> int:
        """``show_pot``'s line, worked out: the rows it takes."""
        state, ruleset = self.state, self.session.ruleset
        words = None if closed is not None else ruleset.pot_words(self.session.config, state)
        if state.pot is None:
            said = _("no pot: {words}").format(words=words) if words else _("no pot")
            pot.update(Text(said))
            return self.wrapped_lines(said, width)
        parts = words.split(POT_BREAK) if words else []
        line = Text.assemble(_("Pot") + " ", (format_amount(state.pot), "bold"))
        opening = self.session.config.opening
        if opening is not None and opening.pot is not None and not state.hands_played:
            # Until the first hand is recorded: whence the pot of a new evening ("Pot 4392"
            # alone read as a slip, trial 30), and in a match that goes on, the chips too.
            line.append(" " + (_("(from the last evening)") if opening.scores is None else
                               _("(pot and {score} from the last evening)").format(
                                   score=ruleset.score_words())))

        def one_row(gap: str, kept: list[str]) -> bool:
            return line.cell_len + sum(len(gap) + cell_len(p) for p in kept) <= width

        while self.pot_short and len(parts) > 1 and not one_row(POT_BREAK[1:], parts):
            parts.pop()
        # The parts three columns apart; two where that fits one row (a row kept for the
        # guide); else folded between them.
        apart = min((gap for gap in (POT_BREAK, POT_BREAK[1:]) if one_row(gap, parts)),
                    default=POT_BREAK, key=lambda gap: -len(gap))
        row, rows = line.cell_len, 1
        for part in parts:
            folds = row + len(apart) + cell_len(part) > width
            line.append("\n" if folds else apart)
            line.append(part)
            row = (0 if folds else row + len(apart)) + cell_len(part)
            rows += folds
        pot.update(line)
        return rows

    def show_last(self) -> int:
        """The last hand's line (two rows at most, as they wrap: a line breaks between words,
        short of the edge; with many long names, the changes go by seat number; one row, by
        seat and without who dealt, where the guide needs the other: ``last_short``); the
        rows it takes. It says "Hand 3 saved" while the hand this table saved just now is the
        last. Worked out once a hand (and width), not at every key."""
        last = self.query_one("#last", Static)
        state, config = self.state, self.session.config
        shown = self.amending is None and bool(state.hands_played)
        last.display = shown
        if not shown:
            return 0
        width = self.text_width(last)
        said = (self.said_last[1] if self.said_last and self.said_last[0] == self.session.digest
                else "")
        # What the table just did is the news, not the hand saved before it: "Amending
        # cancelled. Hand 6 saved (…)" read as if hand 6 had just been saved (trial 30).
        saved = self.saved_at == self.session.digest and not said
        drawn = (state.hands_played, width, self.session.digest, saved, self.last_short, said)
        if self.last_drawn[0] != drawn:
            hand = self.session.hand(state.hands_played)
            seats, glue = config.players, NO_BREAK  # (a seat with its change on one row)
            forms = [last_hand_line(hand, saved=saved, space=glue),
                     last_hand_line(hand, seats, saved=saved, space=glue),
                     last_hand_line(hand, seats, saved=saved, short=True, space=glue),
                     last_hand_line(hand, seats, saved=saved, short=True, kind=False,
                                    space=glue),
                     last_hand_line(hand, seats, saved=saved, short=True, kind=False,
                                    terse=True, space=glue),
                     last_hand_line(hand, seats, short=True, kind=False, terse=True,
                                    space=glue)]
            if said:  # before the line, or alone where they do not fit together (for a while)
                forms = [*(f"{said} {form}" for form in forms), said]
            rows = 1 if self.last_short else 2
            line = next((form for form in forms if self.wrapped_lines(form, width) <= rows),
                        forms[-1])
            rows_shown = wrapped_whole(line, width, self.app.console)  # (a seat with its change)
            self.last_drawn = (drawn, line, len(rows_shown))
            last.update(Text("\n").join(rows_shown))
        return self.last_drawn[2]

    def fit_seats(self, hand: HandPanel, prompt: str, steps: list[str],
                  drafted: list[str]) -> bool:
        """Before a hand's first key: the seats give the guide room (``keep_room``) for the
        question, the lines typed and the guide's ``steps`` as ``HandPanel.show`` folds them.
        Decided once a hand, so no key moves the seats. Whether the guide fits then."""
        over = hand.rows_of(drafted, hand.widths()[0])  # (the line "Card by card (…)")
        return self.keep_room(lambda room: hand.fits(prompt, steps, room - over))

    def keep_room(self, fits: Callable[[int], bool], *, low_unless_large: bool = False) -> bool:
        """The seats give what is under them room (the score in one row, ``seats-compact``)
        when it would not ``fit`` (given the rows it has) under seats with large figures (six
        long names at 80x24); ``low_unless_large``: also when the scores are not drawn large
        anyway (tall seats then hold only empty rows: a finished evening reopened, trial 31;
        one style for every seat, ``SeatPanel.large_fits``); where even that is short,
        the last hand's line takes one row (``last_short``: by seat, without who dealt), and
        then the pot's line (``pot_short``: a five-digit pot in German). Whether it fits then.
        The rows are counted from what each part shows, not from the layout: that may not
        have caught up with the last change."""
        seats = self.query_one("#seats")
        height = seats.outer_size.height
        if not height:
            return True  # before the first layout (the screen shows it again after)
        saves = COMPACT_SAVES * (2 if self.has_class("seats-two-rows") else 1)
        if self.panels[0].figure_rows() == 1:  # laid out low now: as high as large figures
            height += saves
        self.last_short = self.pot_short = False
        closed = self.closed()
        # The rows under the large seats: the screen's, less the heading, the pot's line, the
        # last hand and the key bar.
        rows = [self.show_last(), self.show_pot(closed)]
        room = self.size.height - height - sum(rows) - 2
        large = fits(room) and (not low_unless_large or all(
            panel.large_possible(format_amount(self.state.scores[panel.player]))
            for panel in self.panels))
        self.set_class(not large, "seats-compact")
        # A notice's rows (a key refused) come from the lines under the seats, never from the
        # seats (no notice moves them): the last hand's line gives a row where the guide
        # needs it (a refusal before the first key hid the guide's last step, trial 34).
        room += (0 if large else saves) - self.notices.rows()
        if fits(room):
            return True
        self.last_short = rows[0] > 1
        if fits(room + rows[0] - self.show_last()):
            return True
        self.pot_short = rows[1] > 1
        return fits(room + sum(rows) - self.show_last() - self.show_pot(closed))

    def text_width(self, widget: Widget) -> int:
        """The columns ``widget`` shows text in (before its first layout: the screen's, less
        the padding)."""
        return max(20, widget.content_size.width or self.app.size.width - 2)

    @staticmethod
    def in_columns(lines: list[str], width: int) -> list[str]:
        """``lines`` in as many columns as fit ``width``, read down each column (six players'
        standings in three rows at 80 columns: the guide shows them all)."""
        cell = max(cell_len(line) for line in lines) + 2
        columns = max(1, width // cell)
        rows = -(-len(lines) // columns)  # (a layout, not a score: rows to hold the lines)
        return ["".join(line + " " * (cell - cell_len(line)) for line in lines[r::rows]).rstrip()
                for r in range(rows)]

    def wrapped_lines(self, line: str, width: int) -> int:
        """The rows ``line`` takes, wrapped at ``width`` columns as the screen wraps it (never
        at a no-break space: ``wrapped_whole``)."""
        return len(wrapped_whole(line, width, self.app.console))
