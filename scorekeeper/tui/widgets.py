"""The table's own widgets: a seat, and a chart of scores by hand; and what the screens ask
of the app they run in."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any, TypeVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import App
from textual.binding import ActiveBinding, Binding
from textual.geometry import Region
from textual.message import Message
from textual.notifications import SeverityLevel
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Input, Static

from ..amounts import format_amount
from ..i18n import N_, _, current_language
from .bigfigures import big_rows, big_width
from .rowpaint import RowsWidget

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from ..store import Store


class ScorekeeperAppBase(App[None]):
    """What the screens ask of the app they run in (``ScorekeeperApp`` is the one). It lives
    here, below the screens, so a screen can declare ``app = getters.app(ScorekeeperAppBase)``
    and be type-checked against it without importing the app module, which imports every
    screen."""

    store: Store
    watch_interval: float | None
    disk_in_thread: bool  # whether store calls run in worker threads (``disk``)

    def steady(self, root: DOMNode) -> None:
        """Stop text cursors blinking under ``root`` (for screenshots)."""
        raise NotImplementedError

    def open_session(self, ref: str, *, notice: str | None = None) -> None:
        """Open the session ``ref`` at the table (with ``notice`` shown once it is open)."""
        raise NotImplementedError

    def go_home(self) -> None:
        """Leave the screen on top (the table) for the home screen."""
        raise NotImplementedError

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """A notice: on a screen with a notice line of its own (``NoticeScreen``: the table,
        the home, the ledger, the standings, the season, the settle-up, a new session), said
        there, whole, in rows the screen gives up; elsewhere (a dialog) a toast, as Textual
        does, in rows of its own over the key bar (app.tcss).
        (Text with markup, Textual's own, is left to the toast.)"""
        stack = self.screen_stack
        screen = stack[-1] if stack else None
        if isinstance(screen, NoticeScreen) and not markup:
            words = f"{title}: {message}" if title else message
            screen.notices.say(words, severity,
                               self.NOTIFICATION_TIMEOUT if timeout is None else timeout)
            return
        super().notify(message, title=title, severity=severity, timeout=timeout,
                       markup=markup)

    def clear_notifications(self) -> None:
        """Every notice gone: the toasts, and the notice lines of the screens that have one."""
        super().clear_notifications()
        for screen in self.screen_stack:
            if isinstance(screen, NoticeScreen):
                screen.notices.clear()


class Shown(Static):
    """A Static that redraws only what changes. The table screen draws every panel again
    after each key, and a key changes two or three of its thirty widgets: an unchanged one is
    left alone, and a changed one whose size stays the same is repainted without a layout
    pass of the whole screen (which then also repaints every widget on it). Measured in
    tests/benchmarks, "TUI: key to frame written": with each key updating every widget and
    laying out the screen twice, a key reached the terminal in about 5x a bare Textual
    app's time."""

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        if _same(content, self.content):
            return
        width, height = self.content_size
        if not layout or not width:  # not laid out yet: as Static does
            super().update(content, layout=layout)
            return
        super().update(content, layout=False)
        rows, columns = self.styles.height, self.styles.width
        if rows is not None and not rows.is_auto and (columns is None or not columns.is_auto):
            return  # its styles fix its size (a line of its own): nothing else moves
        if self.get_content_height(self.container_size, self.app.size, width) != height:
            self.refresh(layout=True)


def _same(new: VisualType, shown: VisualType) -> bool:
    """Whether two contents draw the same: equal text, or rich Texts alike in their text,
    styles and settings (``Text ==`` compares only the text and the spans)."""
    if isinstance(new, Text) and isinstance(shown, Text):
        return (new.plain, new.spans, new.style, new.justify, new.overflow, new.no_wrap,
                new.end, new.tab_size) == (shown.plain, shown.spans, shown.style, shown.justify,
                                           shown.overflow, shown.no_wrap, shown.end,
                                           shown.tab_size)
    return isinstance(new, str) and isinstance(shown, str) and new == shown


async def run_own_binding(node: Widget, event: events.Key) -> bool:
    """Run ``node``'s own binding of the key now, in its turn among the keys typed; whether it
    did. Textual runs a bound key (Enter, Backspace) only once the key has gone up to the app
    and come back, after the keys typed right behind it (Textual issue 6605): "1", "2",
    Backspace, "3" typed quickly could take back the 3. Priority bindings, disabled ones and
    other nodes' are left to Textual."""
    active = node.screen.active_bindings.get(event.key)
    if (active is None or active.node is not node or active.binding.priority
            or not active.enabled):
        return False
    event.stop()
    event.prevent_default()
    await node.run_action(active.binding.action)
    return True


class TypedInput(Input):
    """An Input that takes its keys in the order they were typed (``run_own_binding``): at the
    new-session screen, "Anna", Enter, "Ben", Enter typed quickly added "AnnaBen" twice.
    ``clear_on_submit``: the Input is emptied as Enter is taken, before the keys typed after
    it (names typed one after another)."""

    def __init__(self, *args: Any, clear_on_submit: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.clear_on_submit = clear_on_submit

    async def on_key(self, event: events.Key) -> None:
        if event.is_printable:  # typed in by the Input itself, in turn: no binding to look up
            return
        if await run_own_binding(self, event) and self.clear_on_submit \
                and event.key == "enter":
            self.value = ""


ResultT = TypeVar("ResultT")

def spoken_bindings(bindings: dict[str, ActiveBinding]) -> dict[str, ActiveBinding]:
    """The keys of a screen with their descriptions (and tooltips) in the language in use: a
    binding's description is written in English (marked ``N_``) when its class is made, and
    said in the language of the moment whenever a footer, the help or the palette shows it."""
    language = current_language()
    return {key: ActiveBinding(active.node, _said(active.binding, language), active.enabled,
                               _(active.tooltip) if active.tooltip else "")
            for key, active in bindings.items()}


@lru_cache(maxsize=1024)
def _said(binding: Binding, language: str) -> Binding:
    """``binding`` with its words in ``language`` (the one in use: it names the cache's
    entry). Kept, since Textual asks a screen for its keys at every key typed; a screen's
    bindings are made once, with its class."""
    return replace(binding, description=_(binding.description) if binding.description
                   else "", tooltip=_(binding.tooltip) if binding.tooltip else "")


class SpokenScreen(Screen[ResultT]):
    """A screen whose keys are described in the language in use (``spoken_bindings``)."""

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        return spoken_bindings(super().active_bindings)

    def typing_unsaved(self) -> bool:
        """Whether quitting now would drop something typed and not saved (the table's hand
        being typed: ``TableKeys``)."""
        return False


class NoticeLine(Widget):
    """A screen's notices in a status line of its own, each whole (wrapped), under what the
    screen shows and over its key bar: the screen gives up the rows (a box of ``1fr`` above
    shrinks), so a notice covers nothing. A warning (a key that answers nothing) replaces the
    warning before it, a refusal (an error) the refusal before it (they piled up to eight
    rows over the guide: trial 32); the same words are said once; the last ``KEPT`` are kept,
    each for its time. Empty, it takes no room."""

    KEPT = 3
    COMPONENT_CLASSES = {"noticeline--information", "noticeline--warning", "noticeline--error"}
    DEFAULT_CSS = """
    NoticeLine { height: auto; padding: 0 1; display: none; background: $panel; }
    NoticeLine > .noticeline--information { color: $success; }
    NoticeLine > .noticeline--warning { color: $warning; }
    NoticeLine > .noticeline--error { color: $error; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        # Each notice: its words, its severity, its time and its timer (once mounted).
        self.said: list[tuple[str, SeverityLevel, float, Timer | None]] = []
        self.rows_drawn = 0  # the rows the notices took when last drawn

    def say(self, words: str, severity: SeverityLevel, timeout: float) -> None:
        kept = [notice for notice in self.said if notice[0] != words
                and not (severity == notice[1] and severity in ("warning", "error"))]
        for notice in self.said:
            if notice not in kept and notice[3] is not None:
                notice[3].stop()
        timer = self.set_timer(timeout, partial(self.expire, words)) if self.is_mounted \
            else None
        self.said = [*kept, (words, severity, timeout, timer)][-self.KEPT:]
        self.draw()

    def on_mount(self) -> None:
        # Said before the screen was shown (a notice with the table as it opens, why the
        # session the app was started at cannot be opened): timed now, and drawn once the line
        # counts as mounted (``draw`` draws nothing before; within ``on_mount`` it does not yet).
        self.said = [(words, severity, timeout, timer or self.set_timer(
            timeout, partial(self.expire, words))) for words, severity, timeout, timer in self.said]
        self.call_later(self.draw)

    def clear(self, severity: SeverityLevel | None = None) -> None:
        """Every notice gone (``severity``: those of that severity). Nothing to clear, nothing
        is drawn (the table clears its refusals at every key: a layout pass each time)."""
        gone = [notice for notice in self.said if severity in (None, notice[1])]
        if not gone:
            return
        for notice in gone:
            if notice[3] is not None:
                notice[3].stop()
        self.said = [notice for notice in self.said if notice not in gone]
        self.draw()

    def expire(self, words: str) -> None:
        self.said = [notice for notice in self.said if notice[0] != words]
        self.draw()

    class Changed(Message):
        """The rows the notices take changed (a notice said, or gone): the table gives the
        guide its rows back (``TableLines.keep_room``)."""

    def draw(self) -> None:
        if self.is_mounted:
            self.display = bool(self.said)
            self.refresh(layout=True)
            rows = self.rows()
            if rows != self.rows_drawn:
                self.rows_drawn = rows
                self.post_message(self.Changed())

    def rows(self) -> int:
        """The rows the notices take, as ``render`` wraps them."""
        width = self.words_width()
        return sum(len(Text(words).wrap(self.app.console, width)) for words, *_r in self.said)

    def words_width(self) -> int:
        """The columns a notice's words take (the bar before them apart)."""
        return max(10, (self.content_size.width or self.app.size.width - 2) - 2)

    def words(self) -> list[str]:
        """The notices shown, oldest first."""
        return [words for words, *_rest in self.said]

    def render(self) -> Text:
        """Each notice after a bar in its severity's colour, its later rows under its words."""
        width = self.words_width()
        rows = []
        for words, severity, *_rest in self.said:
            bar = self.get_component_rich_style(f"noticeline--{severity}")
            for n, row in enumerate(Text(words).wrap(self.app.console, width)):
                rows.append(Text.assemble(("▌ ", bar) if n == 0 else "  ", row))
        shown = Text("\n").join(rows)
        shown.no_wrap = True
        return shown


class NoticeScreen(SpokenScreen[ResultT]):
    """A screen that says its notices in a status line of its own (``NoticeLine``, yielded
    by its ``compose`` where it belongs) instead of toasts over what it shows."""

    def __init__(self) -> None:
        super().__init__()
        self.notices = NoticeLine(id="notices")


class SpokenModal(ModalScreen[ResultT]):
    """A dialog whose keys are described in the language in use (``spoken_bindings``)."""

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        return spoken_bindings(super().active_bindings)


# The marks under a seat's name: English here, said in the language in use.
DEALS, LEADS, WINNER, BEST = N_("DEALS"), N_("LEADS"), N_("WINNER"), N_("BEST")
# The columns of a seat's border a word on it leaves: the corners, a line and a space each side
# (Textual cuts a longer word with an ellipsis).
BORDER_USES = 6

# How faint the seat of a player out of the hand is drawn (``SeatPanel.show``).
OUT_OF_THE_HAND = "60%"


class SeatPanel(RowsWidget):
    """One player: seat number and name, the score in large type, who deals and leads, and
    this hand's tricks. Every mark is a word, never a colour alone.

    Drawn as one widget, in this one place, for speed: after each key Textual paints again
    every widget that overlaps the rows that changed (a seat's status line and the entry
    under the seats: most of the screen), and five widgets a seat were 30 of the ~40 it
    painted a key. Measured in tests/benchmarks (test_whole_commands.py, "TUI: key to frame
    written")."""

    def __init__(self, seat: int, name: str, score_name: str) -> None:
        super().__init__(classes="seat")
        self.seat = seat
        self.player = name
        self.score_name = score_name  # said beside the score when it is not drawn large
        self.figure = "0"
        self.marks = ""  # who leads: a line of its own
        self.status = ""  # this hand's tricks (with a tally, "tricks 3 ###") or the decision
        self.drawn: tuple[object, ...] | None = None  # what the seat shows, as drawn last
        self.plain = False  # every seat's score in ordinary bold (one that cannot be large)
        self.made: tuple[object, list[Text]] | None = None  # (what the rows show, the rows)

    def large_fits(self, figure: str) -> bool:
        """Whether ``figure`` can be drawn large in this seat now (before the seat's first
        layout: taken to fit, the table shows it again once laid out)."""
        return self.large_possible(figure) and (not self.content_size.width
                                                or self.figure_rows() == 3)

    def large_possible(self, figure: str) -> bool:
        """Whether ``figure`` is narrow enough to be drawn large in this seat when the seat is
        tall (not kept low): where no seat's is, tall seats hold only empty rows."""
        width = self.content_size.width
        if not width:
            return True
        big = big_width(figure)
        return big is not None and big <= width and big_rows(figure) is not None

    def rows(self) -> list[Text]:
        """The seat's rows (``rows_now``), made once for what it shows at its size: Textual
        asks for them a row at a time (``RowsWidget.render_line``), six times a seat."""
        shown = (self.content_size, self.figure, self.marks, self.status, self.plain)
        if self.made is None or self.made[0] != shown:
            self.made = (shown, self.rows_now())
        return self.made[1]

    def rows_now(self) -> list[Text]:
        """The name, the score on three rows (large when it fits, else in ordinary bold,
        wrapped, never cut), the marks and the status, each row cut with an ellipsis where
        the seat is too narrow (only the name ever is: the status gives up its tally)."""
        width = max(1, self.content_size.width)
        rows = [Text.assemble((f"{self.seat} ", "bold"), self.player)]
        large = big_rows(self.figure)
        figure_rows = self.figure_rows()
        if large is not None and not self.plain and self.large_fits(self.figure):
            rows += [Text(row) for row in large]
        else:  # on one row: the score's word only where it fits beside the figure
            plain = Text(self.figure, style="bold")
            if self.score_name and cell_len(f"{self.figure} {self.score_name}") <= width:
                plain.append(f" {self.score_name}")
            rows += [plain]
            rows += [Text()] * (1 + figure_rows - len(rows))
        status = self.status
        if cell_len(status) > width:  # the tally of tricks ("###") gives way to its count
            status = status.rstrip("#").rstrip()
        rows += [Text(self.marks), Text(status)]
        for row in rows:
            row.no_wrap, row.overflow = True, "ellipsis"
        return rows

    def show(self, score: Decimal, *, deals: str | None, marks: list[str], best: str | None,
             status: str, out: bool, plain: bool = False) -> None:
        """The seat as the hand stands: ``deals`` (the word, on the seat's top border, which
        is heavy), ``marks`` (who leads: on their own line), ``best`` (on the bottom border),
        ``status`` (this hand's tricks, or whether the player is asked, to decide or out).
        Each has its own line, so that none is cut in a narrow seat: a word too long for
        its border goes on the marks' line ("VENCEDOR" was "╰─ VENCED… ─╯" in a 13-column
        seat, trial 31). Nothing is drawn again when nothing changed."""
        width = self.outer_size.width  # (0 before the first layout: the table shows it again)
        top = deals if deals and (not width or cell_len(deals) <= width - BORDER_USES) else None
        bottom = best if best and (not width or cell_len(best) <= width - BORDER_USES) else None
        if top != deals or bottom != best:
            marks = [*([deals] if deals and not top else []), *marks,
                     *([best] if best and not bottom else [])]
        drawn = (format_amount(score), " ".join(marks), status, top, bottom, bool(deals), out,
                 plain)
        before, self.drawn = self.drawn, drawn
        if drawn == before:
            return
        self.figure, self.marks, self.status = drawn[:3]
        self.plain = plain
        if before is None or drawn[3:] != before[3:]:  # the borders or the colours: all of it
            self.border_title = Text(top) if top else None
            self.border_subtitle = Text(bottom) if bottom else None
            # A player out of the hand is drawn faint: an inline style, not a class, since a
            # class sends the stylesheet over the seat again (at every drop and every
            # Backspace over one: some 0.2 ms a key of Kratzen's questions), an inline style
            # only paints it again.
            self.styles.opacity = OUT_OF_THE_HAND if out else None
            self.set_class(bool(deals), "seat-dealer")
            self.refresh()
            return
        # Only the rows that changed are painted again: the score's, the marks', the status'
        # (the rows of ``render``).
        width, figure = self.content_size.width, self.figure_rows()
        for (first, rows), now, was in zip(((1, figure), (1 + figure, 1), (2 + figure, 1)),
                                           drawn, before, strict=False):
            if now != was:
                self.refresh(Region(0, first, width, rows))

    def figure_rows(self) -> int:
        """The rows the score has: three for large figures, one in a seat kept low to give
        the guide room (the table's ``seats-compact``), in ordinary bold."""
        return 1 if 0 < self.content_size.height < 6 else 3
