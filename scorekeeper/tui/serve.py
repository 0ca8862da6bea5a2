"""``scorekeeper serve``: the read-only scoreboard in web browsers, through textual-serve.

textual-serve serves the page, which shows a terminal; for each browser that connects, a
command is started to draw it (here, not by textual-serve's own handler). That command is
``scorekeeper scoreboard SESSION --home DIR`` (hidden, internal): the scoreboard app alone,
which reads the session and follows its file, and has nothing that writes it. So a TV or the
players' phones can follow the evening; nobody can record from there.

What a browser may ask is bounded (``serve_guard``): the size of its terminal, the messages,
the page's origin, how many browsers at once. Each browser's scoreboard process lives as long
as its browser stays (``serve_viewer``), and Ctrl+C ends them all at once.
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import logging
import os
import shlex
import socket
import sys
from collections.abc import Callable
from html import escape
from typing import Any

from aiohttp import web
from textual_serve.server import Server

from ..errors import ScorekeeperError, one_line, os_reason
from ..i18n import _, current_language, ngettext
from ..store import OpenSession, Store
from ..store.serving import Serving, end_serving, record_serving, this_machine
from .serve_guard import (
    DEFAULT_COLUMNS,
    DEFAULT_ROWS,
    MAX_MESSAGE,
    MAX_VIEWERS,
    only_this_machine,
    origin_key,
    query_number,
    resolved,
    same_origin,
    terminal_size,
)
from .serve_viewer import Viewer, log

PHONE_VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">'


def served_url(host: str, port: int) -> str:
    """The address a browser opens: ``http://HOST:PORT`` (an IPv6 address in brackets)."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def checked_host(host: str) -> str:
    """``--host`` as given (an address in its one written form: 127.1 is 127.0.0.1, as
    browsers write it), unless it is every address at once: the page textual-serve sends
    names the address the browser must connect back to, and 0.0.0.0 is none a browser can
    reach. Every spelling of it is refused (0, 0x0, 0.0, 000.000.000.000, ::, ::ffff:0.0.0.0):
    the system reads each as 0.0.0.0 and would serve every network the machine is on."""
    host = host.strip()
    if host == "" or any(every_address(address) for address in resolved(host)):
        raise ScorekeeperError(_(
            "--host: '{host}' means every address of this machine, but the page must name "
            "one address that browsers reach it at: give this machine's address on the "
            "table's network (for example --host 192.168.1.20)").format(host=host))
    numeric = resolved(host, socket.AI_NUMERICHOST)
    return numeric[0] if numeric else host


def every_address(address: str) -> bool:
    """Whether binding ``address`` serves every address (0.0.0.0, ::, or 0.0.0.0 as IPv6
    writes it)."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    mapped = ip.ipv4_mapped if isinstance(ip, ipaddress.IPv6Address) else None
    return ip.is_unspecified or (mapped is not None and mapped.is_unspecified)


def free_port(host: str, port: int) -> int:
    """``port`` when it can be served on ``host`` now (0: a free one, chosen by the system);
    else a ``ScorekeeperError`` saying why, before anything is served."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as error:  # UnicodeError: a label IDNA cannot write
        reason = (os_reason(error) if isinstance(error, OSError)
                  else _("not a name a host can have"))
        raise ScorekeeperError(_("--host: '{host}' is not an address of this machine "
                                 "({reason})").format(host=host, reason=reason)) from None
    family, kind, proto, _canonical, address = found[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            why = os_reason(error)
            if error.errno == errno.EADDRNOTAVAIL:
                raise ScorekeeperError(_("--host: '{host}' is not an address of this machine "
                                         "({reason})").format(host=host, reason=why)) from None
            raise ScorekeeperError(_("--port: cannot serve on {url}: {reason}").format(
                url=served_url(host, port), reason=why)) from None
        return int(probe.getsockname()[1])


def scoreboard_command(store: Store, session: OpenSession, address: str | None = None) -> str:
    """The shell command run for each browser: this Python, this package's ``scoreboard``
    command in the language in use, the session and the home folder, each quoted, and the
    address phones reach (its QR code is a key away on the scoreboard) unless only this
    machine reaches it."""
    in_home = session.path.resolve() == (store.folder / f"{session.id}.json").resolve()
    ref = session.id if in_home else str(session.path.resolve())
    words = [sys.executable, "-m", "scorekeeper", "--lang", current_language(),
             "scoreboard", ref, "--home", str(store.home.resolve())]
    if address is not None and not only_this_machine(address):
        words += ["--address", address]
    return shlex.join(words)


class ScoreboardServer(Server):
    """textual-serve's server, saying its address once it answers (``ready``) and logging
    only what goes wrong (every request on the terminal would bury the address). Each
    browser is a ``Viewer`` with its own scoreboard process, ``viewers`` of them at most;
    a websocket is opened only by the page served here (its ``Origin``)."""

    def __init__(self, command: str, host: str, port: int, title: str,
                 ready: Callable[[str], None], viewers: int = MAX_VIEWERS) -> None:
        super().__init__(command, host=host, port=port, title=title,
                         public_url=served_url(host, port))
        self.ready = ready
        self.announcing: asyncio.Future[None] | None = None
        self.max_viewers = viewers
        self.viewers: set[Viewer] = set()

    def initialize_logging(self) -> None:
        logging.basicConfig(level=logging.WARNING, format="%(message)s")

    async def on_startup(self, app: Any) -> None:
        # Called before the server listens: the address is said once it answers.
        self.announcing = asyncio.ensure_future(self.announce())

    async def announce(self) -> None:
        for _attempt in range(400):
            try:
                _reader, writer = await asyncio.open_connection(self.host, self.port)
            except OSError:
                await asyncio.sleep(0.05)
                continue
            writer.close()
            break
        self.ready(self.public_url)

    async def on_shutdown(self, app: Any) -> None:
        # Ctrl+C: every browser's scoreboard ends now, not when its browser goes.
        await asyncio.gather(*(viewer.leave() for viewer in list(self.viewers)))

    async def handle_index(self, request: web.Request) -> Any:
        """The page, at the address served (under another name its websocket would be
        refused: the browser is sent there), or a page saying the scoreboard is full."""
        if origin_key(f"http://{request.host}") != origin_key(self.public_url):
            raise web.HTTPTemporaryRedirect(f"{self.public_url}{request.rel_url}")
        if len(self.viewers) >= self.max_viewers:
            raise self.answer(web.HTTPServiceUnavailable, self.full_text())
        page = await super().handle_index(request)
        if isinstance(page, web.Response) and page.text is not None:
            # textual-serve's page says no viewport: a phone would lay it out 980 pixels wide
            # and shrink it, 100 columns of tiny type. At the phone's own width the terminal
            # has the columns that fit it, and the scoreboard stacks its cards.
            page.text = page.text.replace("<head>", f"<head>\n    {PHONE_VIEWPORT}", 1)
        return page

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One browser: its scoreboard process at the size it asks (within bounds), for as
        long as it stays; a request that is no websocket of the page served here is
        answered with why."""
        websocket = web.WebSocketResponse(heartbeat=15, timeout=1.0, max_msg_size=MAX_MESSAGE)
        refusal = self.refusal(request, websocket)
        if refusal is not None:
            raise refusal
        width, height = terminal_size(
            query_number(request.query.get("width"), DEFAULT_COLUMNS),
            query_number(request.query.get("height"), DEFAULT_ROWS))
        viewer = Viewer(shlex.split(self.command), websocket)
        self.viewers.add(viewer)
        try:
            await websocket.prepare(request)
            await viewer.run(width, height)
        except ConnectionError:
            pass  # the browser went
        except Exception as error:  # one line on serve's terminal, and the others served on
            log.warning(_("a browser's scoreboard ended: {error}").format(
                error=one_line(f"{type(error).__name__}: {error}")))
        finally:
            self.viewers.discard(viewer)
            await viewer.end()
        return websocket

    def refusal(self, request: web.Request,
                websocket: web.WebSocketResponse) -> web.HTTPException | None:
        """Why this request for the websocket is not served (an answer to send), or ``None``."""
        if not websocket.can_prepare(request).ok:
            return self.answer(web.HTTPBadRequest, _(
                "This address is the scoreboard's connection for browsers: open {url} in a "
                "browser.").format(url=self.public_url))
        if not same_origin(request.headers.get("Origin"), self.public_url):
            return self.answer(web.HTTPForbidden, _(
                "A page from another address may not open this scoreboard: open {url} in a "
                "browser.").format(url=self.public_url))
        if len(self.viewers) >= self.max_viewers:
            return self.answer(web.HTTPServiceUnavailable, self.full_text())
        return None

    def full_text(self) -> str:
        return ngettext(
            "{count} browser is following this scoreboard, as many as it serves at once: "
            "reload this page once it has left.",
            "{count} browsers are following this scoreboard, as many as it serves at once: "
            "reload this page once one of them has left.",
            self.max_viewers).format(count=self.max_viewers)

    def answer(self, status: type[web.HTTPException], text: str) -> web.HTTPException:
        """A short page saying ``text`` (a browser shows it; a program reads its status)."""
        page = (f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
                f"<title>{escape(self.title)}</title></head>\n"
                f"<body><p>{escape(text)}</p></body></html>\n")
        return status(text=page, content_type="text/html")


def serve_scoreboard(store: Store, session: OpenSession, host: str, port: int,
                     ready: Callable[[str], None], viewers: int = MAX_VIEWERS) -> None:
    """Serve ``session``'s scoreboard on ``host``:``port`` until interrupted (Ctrl+C or
    SIGTERM), to ``viewers`` browsers at once; ``ready`` is told the address once the
    server answers. While it answers, the home holds a record of it (``store.serving``), so
    the table's scoreboard can show its QR code; the record goes when serving stops."""
    from .. import collector

    host = checked_host(host)
    port = free_port(host, port)
    url = served_url(host, port)

    def answering(public_url: str) -> None:
        record(store, Serving(session.id, str(session.path.resolve()), public_url, host,
                              port, os.getpid(), this_machine()))
        ready(public_url)

    server = ScoreboardServer(scoreboard_command(store, session, url), host, port,
                              _("scorekeeper: {game}, session {id}").format(
                                  game=session.ruleset.title, id=session.id),
                              answering, viewers)
    collector.for_a_server()  # it runs for the evening
    try:
        server.serve()
    finally:
        end_serving(store.home, os.getpid())


def record(store: Store, serving: Serving) -> None:
    """Say in the home where this serve answers (the table's scoreboard shows its QR code);
    a home that cannot take the record is said on serve's terminal, and serving goes on."""
    try:
        record_serving(store.home, serving)
    except ScorekeeperError as error:
        log.warning(_("the table's scoreboard will not know this address: {error}").format(
            error=one_line(str(error))))
