"""The scoreboard: the standings in large figures, the pot, the last hand and who deals next,
for everyone at the table to read. Read-only: it is given a way to read the session and
nothing that writes. The table opens it (ctrl+g); ``scorekeeper serve`` shows it in
browsers, one ``ScoreboardApp`` per browser."""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from math import ceil
from pathlib import Path

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from ... import collector
from ...amounts import format_amount
from ...errors import ScorekeeperError
from ...guidewords import table_guide
from ...i18n import N_, _, pgettext
from ...paths import home_folder
from ...presentation import last_hand_line
from ...store import OpenSession
from ...store.serving import home_of, live_servings
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

SERVED_CHECK = 5.0  # seconds between looks for the serve whose code is shown


@dataclass(frozen=True, slots=True)
class Served:
    """Where phones open this scoreboard: ``url`` (a serve that answers on an address phones
    reach), else ``local`` (one that answers only on this machine's own address), else
    nowhere."""

    url: str | None
    local: str | None


def served_now(home: Path, session_file: Path, address: str | None = None) -> Served:
    """Where this session is served now, from the home's records of serves that answer
    (``address``: the one this scoreboard was given by the serve that runs it)."""
    from ..serve_guard import only_this_machine  # socket and orjson: when first asked

    urls = ([address] if address else []) + [s.url for s in live_servings(home, session_file)]
    reached = [url for url in urls if not only_this_machine(url)]
    return Served(reached[0] if reached else None,
                  None if reached or not urls else urls[0])


def serve_command(session_id: str, home: Path | None) -> str:
    """The command that serves this session to phones (the home named when it is not the
    one ``serve`` finds by itself)."""
    words = ["scorekeeper", "serve", session_id, "--host", _("ADDRESS")]
    if home is not None:
        try:
            found = home_folder(None)
        except ScorekeeperError:
            found = None
        if found is None or found.resolve() != home.resolve():
            words += ["--home", str(home)]
    return shlex.join(words)


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
                 address: str | None = None, home: Path | None = None) -> None:
        super().__init__()
        self.read = read
        self.address = address
        # Where serves record their addresses: the home that keeps the session.
        self.home = home if home is not None else home_of(session.path)
        self.served: Served = Served(address, None)
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
        """The address phones open, and its QR code; or, where none is served that phones
        reach, one line saying how to serve it (the exact command)."""
        served = self.served
        if served.url is None:
            command = serve_command(self.session.id, self.home)
            if served.local is None:
                words = _("Phones follow this scoreboard when it is served on the table's "
                          "network: {command} (ADDRESS: this machine's address there) shows "
                          "its QR code here.").format(command=command)
            else:
                words = _("Served on {url}, which only this machine reaches; for phones: "
                          "{command} (ADDRESS: this machine's address on the table's "
                          "network).").format(url=served.local, command=command)
            yield Static(Text(words), id="board-qr-words")
            return
        yield Static(Text(_("Phones open {url} by pointing their camera at this code").format(
            url=served.url)), id="board-qr-words")
        yield QRCode(served.url, id="board-qr-code")

    async def action_toggle_qr(self) -> None:
        """Show the QR code of the address, or hide it again (it takes the figures' room)."""
        panel = self.query_one("#board-qr")
        panel.toggle_class("shown")
        if panel.has_class("shown"):
            await self.show_served()
            self.query_one("#board").scroll_home(animate=False)

    async def show_served(self) -> None:
        """Look again for a serve of this session that answers (it may have started or
        stopped since), and show what is found where it changed."""
        served = self.served if self.home is None else \
            served_now(self.home, self.session.path, self.address)
        if served == self.served and self.query("#board-qr-words"):
            return
        self.served = served
        panel = self.query_one("#board-qr")
        await panel.remove_children()
        await panel.mount_all(list(self.compose_qr()))

    async def check_served(self) -> None:
        """While the code is shown: never an address whose serve has stopped."""
        if self.query_one("#board-qr").has_class("shown"):
            await self.show_served()

    def on_mount(self) -> None:
        self.show()
        if self.watch_interval:
            self.set_interval(self.watch_interval, self.follow)
            if self.home is not None:
                self.set_interval(max(self.watch_interval, SERVED_CHECK), self.check_served)

    def on_resize(self) -> None:
        self.fit_cards()

    def fit_cards(self) -> None:
        """As many cards side by side as fit, spread evenly over the rows they need."""
        players = len(self.session.config.players)
        fit = max(1, min(players, self.size.width // CARD_WIDTH))
        rows = ceil(players / fit)
        columns = ceil(players / rows)
        cards = self.query_one("#board-cards")
        cards.styles.grid_size_columns = columns
        # A column between cards only where every card keeps a 24-character name whole (at 80
        # columns, with the scroll bar's two, three cards and two gaps cut four names by one
        # character: trial 33); the cards' borders keep them apart.
        room = self.size.width - 2 - (columns - 1)
        cards.styles.grid_gutter_vertical = 1 if room >= columns * CARD_WIDTH else 0

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
    address serve is reached at), for the phones at a TV's table; ``home`` is where serves
    record their addresses."""

    TITLE = "scorekeeper scoreboard"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, read: Callable[[], OpenSession], *,
                 watch_interval: float | None = 1.0, address: str | None = None,
                 home: Path | None = None) -> None:
        super().__init__()
        self.read = read
        self.watch_interval = watch_interval
        self.address = address
        self.home = home

    def on_mount(self) -> None:
        self.push_screen(ScoreboardScreen(self.read, self.read(),
                                          watch_interval=self.watch_interval, closable=False,
                                          address=self.address, home=self.home))
        self.call_after_refresh(collector.app_shown)


def run_scoreboard(home: Path, ref: str, address: str | None = None) -> None:
    """The read-only scoreboard of session ``ref`` in ``home``, in this terminal (or, under
    ``scorekeeper serve``, in a browser, ``address`` being where phones reach it). A session
    that cannot be read is a ``ScorekeeperError`` before anything is shown."""
    from ...store import Store

    store = Store(home)
    store.open(ref)
    collector.for_an_app()  # a long evening on screen, as the table app
    ScoreboardApp(partial(store.open, ref), address=address, home=store.home).run()
