"""The scoreboard: the standings in large figures, the pot, the last hand and who deals next,
for everyone at the table to read. Read-only: it is given a way to read the session and
nothing that writes. The table opens it (ctrl+g); ``scorekeeper serve`` shows it in
browsers, one ``ScoreboardApp`` per browser."""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import partial
from math import ceil
from pathlib import Path

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from ...amounts import format_amount
from ...errors import ScorekeeperError
from ...i18n import N_, _, pgettext
from ...presentation import last_hand_line, table_guide
from ...store import OpenSession
from ..bigfigures import BigFigure
from ..keybar import KeyBar
from ..qr import QRCode
from ..widgets import DEALS, WINNER, SpokenScreen

CARD_WIDTH = 26  # a 24-character name and the card's border

FileStamp = tuple[int, int, int] | None


def file_stamp(path: Path) -> FileStamp:
    """What changes when another terminal writes the session (the store replaces the file
    whole): its inode, size and time. ``None`` when it cannot be read."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_ino, status.st_size, status.st_mtime_ns


class PlayerCard(Vertical):
    """One player on the scoreboard: the name (as typed, 24 characters fit), the score in
    large figures, the seat and in words whether they lead and whether they deal next."""

    DEFAULT_CSS = """
    PlayerCard {
        height: 7;
        border: round $panel-lighten-2;
        padding: 0;
    }
    PlayerCard.card-best {
        border: heavy $accent;
    }
    PlayerCard .card-score {
        text-align: center;
    }
    PlayerCard .card-name, PlayerCard .card-marks {
        height: 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    def __init__(self, seat: int, name: str, unit: str) -> None:
        super().__init__(classes="card")
        self.seat = seat
        self.player = name
        self.unit = unit

    def compose(self) -> ComposeResult:
        yield Static(Text(self.player, style="bold"), classes="card-name")
        yield BigFigure("", self.unit, classes="card-score")
        yield Static("", classes="card-marks")

    def show(self, figure: str, marks: list[str]) -> None:
        self.query_one(".card-score", BigFigure).figure = figure
        seat = _("seat {number}").format(number=self.seat)
        self.query_one(".card-marks", Static).update(Text(" ".join([seat, *marks])))
        self.set_class(any(m in (_(LEADING), _(WINNER)) for m in marks), "card-best")


LEADING = N_("LEADING")


class ScoreboardScreen(SpokenScreen[None]):
    """The standings, the pot, the last hand and the next dealer, in large figures where they
    fit, following the session file as other terminals record hands."""

    DEFAULT_CSS = """
    ScoreboardScreen #board {
        height: 1fr;
    }
    ScoreboardScreen #board-title {
        height: auto;
        padding: 0 1;
        background: $boost;
    }
    ScoreboardScreen #board-cards {
        layout: grid;
        grid-size: 3;
        grid-gutter: 0 1;
        grid-rows: 7;
        height: auto;
    }
    ScoreboardScreen #board-pot {
        height: 3;
        padding: 0 1;
    }
    ScoreboardScreen #board-pot-label {
        width: auto;
        padding: 1 2 0 0;
        text-style: bold;
    }
    ScoreboardScreen #board-last, ScoreboardScreen #board-next,
    ScoreboardScreen #board-problem {
        height: auto;
        padding: 0 1;
    }
    ScoreboardScreen #board-problem {
        color: $text-error;
    }
    ScoreboardScreen #board-qr {
        height: auto;
        padding: 0 1;
        display: none;
    }
    ScoreboardScreen #board-qr.shown {
        display: block;
    }
    """

    def __init__(self, read: Callable[[], OpenSession], session: OpenSession, *,
                 watch_interval: float | None = 1.0, closable: bool = True,
                 address: str | None = None) -> None:
        super().__init__()
        self.read = read
        self.address = address
        self.session = session
        self.watch_interval = watch_interval
        self.closable = closable
        self.stamp = file_stamp(session.path)
        self.problem: str | None = None

    def compose(self) -> ComposeResult:
        config, ruleset = self.session.config, self.session.ruleset
        with VerticalScroll(id="board"):
            yield Static("", id="board-title")
            yield Static("", id="board-problem")
            with Vertical(id="board-qr"):
                yield from self.compose_qr()
            with Container(id="board-cards"):
                for seat, player in enumerate(config.players, start=1):
                    yield PlayerCard(seat, player, ruleset.score_words())
            with Horizontal(id="board-pot"):
                yield Static(Text(_("Pot")), id="board-pot-label")
                yield BigFigure("", id="board-pot-figure")
            yield Static("", id="board-last")
            yield Static("", id="board-next")
        if self.closable:
            yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Escape closes the board only where there is something under it (the table)."""
        return self.closable if action == "close" else True

    BINDINGS = [Binding("escape", "close", N_("Back to the table"), id="scoreboard-back"),
                Binding("q", "toggle_qr", N_("QR code for phones"), id="scoreboard-qr")]

    def compose_qr(self) -> ComposeResult:
        """The address phones open, and its QR code; or, where none is served, how to serve
        one."""
        if self.address is None:
            yield Static(Text(_(
                "Phones follow this scoreboard when it is served on the table's network: "
                "scorekeeper serve {id} --host ADDRESS (this machine's address there) shows "
                "its QR code.").format(id=self.session.id)), id="board-qr-words")
            return
        yield Static(Text(_("Phones open {url} by pointing their camera at this code").format(
            url=self.address)), id="board-qr-words")
        yield QRCode(self.address, id="board-qr-code")

    def action_toggle_qr(self) -> None:
        """Show the QR code of the address, or hide it again (it takes the figures' room)."""
        panel = self.query_one("#board-qr")
        panel.toggle_class("shown")
        if panel.has_class("shown"):
            self.query_one("#board").scroll_home(animate=False)

    def on_mount(self) -> None:
        self.show()
        if self.watch_interval:
            self.set_interval(self.watch_interval, self.follow)

    def on_resize(self) -> None:
        self.fit_cards()

    def fit_cards(self) -> None:
        """As many cards side by side as fit, spread evenly over the rows they need."""
        players = len(self.session.config.players)
        fit = max(1, min(players, self.size.width // CARD_WIDTH))
        rows = ceil(players / fit)
        self.query_one("#board-cards").styles.grid_size_columns = ceil(players / rows)

    def follow(self) -> None:
        """Read the session again when its file has changed (another terminal wrote it)."""
        stamp = file_stamp(self.session.path)
        if stamp == self.stamp:
            return
        self.stamp = stamp
        try:
            self.session = self.read()
            self.problem = None
        except ScorekeeperError as error:
            self.problem = _("The session file cannot be read now: {error}").format(error=error)
        self.show()

    def show(self) -> None:
        session = self.session
        ruleset, config = session.ruleset, session.config
        try:
            state = session.state()
            last = session.hand(state.hands_played) if state.hands_played else None
        except ScorekeeperError as error:
            self.problem = _("The session file cannot be read now: {error}").format(error=error)
            self.query_one("#board-problem", Static).update(Text(self.problem))
            return
        title = Text.assemble((ruleset.title, "bold"),
                              "  " + pgettext("heading", "session {id}").format(id=session.id)
                              + "  ",
                              _("hands played {count}").format(count=state.hands_played),
                              ("  " + _("FINISHED") if state.finished else ""),
                              "  " + _("(read-only)"))
        self.query_one("#board-title", Static).update(title)
        self.query_one("#board-problem", Static).update(Text(self.problem or ""))
        self.query_one("#board-problem").display = self.problem is not None

        ranked = ruleset.ranked(state.scores)
        best = set(state.leaders) if state.hands_played else set()
        cards = {card.player: card for card in self.query(PlayerCard)}
        for player in config.players:
            marks = []
            if player in best:
                marks.append(_(WINNER) if state.finished else _(LEADING))
            if not state.finished and player == state.dealer:
                marks.append(_(DEALS))
            cards[player].show(format_amount(state.scores[player]), marks)
        # The cards in the order of the standings, best first (seat order among equals).
        container = self.query_one("#board-cards")
        order = [cards[p] for p in ranked]
        if list(container.children) != order:
            place = {id(card): i for i, card in enumerate(order)}
            container.sort_children(key=lambda card: place[id(card)])

        pot_row = self.query_one("#board-pot")
        pot_row.display = state.pot is not None
        if state.pot is not None:
            self.query_one("#board-pot-figure", BigFigure).figure = format_amount(state.pot)
        self.query_one("#board-last", Static).update(
            Text(last_hand_line(last) if last is not None else
                 _("No hand has been played yet.")))
        self.query_one("#board-next", Static).update(
            Text(table_guide(ruleset, config, state)[0], style="bold"))
        self.fit_cards()

    def action_close(self) -> None:
        self.dismiss()


class ScoreboardApp(App[None]):
    """The scoreboard alone, read-only: what ``scorekeeper serve`` runs for each browser.
    It is given a function that reads the session, and nothing that writes one; it has no
    command palette and no keys but quitting and showing the QR code of ``address`` (the
    address serve is reached at), for the phones at a TV's table."""

    TITLE = "scorekeeper scoreboard"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, read: Callable[[], OpenSession], *,
                 watch_interval: float | None = 1.0, address: str | None = None) -> None:
        super().__init__()
        self.read = read
        self.watch_interval = watch_interval
        self.address = address

    def on_mount(self) -> None:
        self.push_screen(ScoreboardScreen(self.read, self.read(),
                                          watch_interval=self.watch_interval, closable=False,
                                          address=self.address))


def run_scoreboard(home: Path, ref: str, address: str | None = None) -> None:
    """The read-only scoreboard of session ``ref`` in ``home``, in this terminal (or, under
    ``scorekeeper serve``, in a browser, ``address`` being where phones reach it). A session
    that cannot be read is a ``ScorekeeperError`` before anything is shown."""
    from ... import collector
    from ...store import Store

    store = Store(home)
    store.open(ref)
    collector.for_an_app()  # a long evening on screen, as the table app
    ScoreboardApp(partial(store.open, ref), address=address).run()
