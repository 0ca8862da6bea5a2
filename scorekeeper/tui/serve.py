"""``scorekeeper serve``: the read-only scoreboard in web browsers, through textual-serve.

textual-serve starts a command for each browser that connects and shows its terminal in the
page. That command is ``scorekeeper scoreboard SESSION --home DIR`` (hidden, internal): the
scoreboard app alone, which reads the session and follows its file, and has nothing that
writes it. So a TV or the players' phones can follow the evening; nobody can record from
there.
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import logging
import shlex
import socket
import sys
from collections.abc import Callable
from typing import Any

from textual_serve.server import Server

from ..errors import ScorekeeperError
from ..i18n import _, current_language
from ..store import OpenSession, Store


def served_url(host: str, port: int) -> str:
    """The address a browser opens: ``http://HOST:PORT`` (an IPv6 address in brackets)."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def checked_host(host: str) -> str:
    """``--host`` as given, unless it is every address at once: the page textual-serve sends
    names the address the browser must connect back to, and 0.0.0.0 is none a browser can
    reach."""
    host = host.strip()
    try:
        wildcard = ipaddress.ip_address(host).is_unspecified
    except ValueError:
        wildcard = host == ""
    if wildcard:
        raise ScorekeeperError(_(
            "--host: '{host}' means every address of this machine, but the page must name "
            "one address that browsers reach it at: give this machine's address on the "
            "table's network (for example --host 192.168.1.20)").format(host=host))
    return host


def free_port(host: str, port: int) -> int:
    """``port`` when it can be served on ``host`` now (0: a free one, chosen by the system);
    else a ``ScorekeeperError`` saying why, before anything is served."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as error:
        raise ScorekeeperError(_("--host: '{host}' is not an address of this machine "
                                 "({reason})").format(host=host, reason=error)) from None
    family, kind, proto, _canonical, address = found[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            why = error.strerror or str(error)
            if error.errno == errno.EADDRNOTAVAIL:
                raise ScorekeeperError(_("--host: '{host}' is not an address of this machine "
                                         "({reason})").format(host=host, reason=why)) from None
            raise ScorekeeperError(_("--port: cannot serve on {url}: {reason}").format(
                url=served_url(host, port), reason=why)) from None
        return int(probe.getsockname()[1])


def scoreboard_command(store: Store, session: OpenSession) -> str:
    """The shell command textual-serve runs for each browser: this Python, this package's
    ``scoreboard`` command in the language in use, the session and the home folder, each
    quoted."""
    in_home = session.path.resolve() == (store.folder / f"{session.id}.json").resolve()
    ref = session.id if in_home else str(session.path.resolve())
    return shlex.join([sys.executable, "-m", "scorekeeper", "--lang", current_language(),
                       "scoreboard", ref, "--home", str(store.home.resolve())])


class ScoreboardServer(Server):
    """textual-serve's server, saying its address once it answers (``ready``) and logging
    only what goes wrong (every request on the terminal would bury the address)."""

    def __init__(self, command: str, host: str, port: int, title: str,
                 ready: Callable[[str], None]) -> None:
        super().__init__(command, host=host, port=port, title=title,
                         public_url=served_url(host, port))
        self.ready = ready
        self.announcing: asyncio.Future[None] | None = None

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


def serve_scoreboard(store: Store, session: OpenSession, host: str, port: int,
                     ready: Callable[[str], None]) -> None:
    """Serve ``session``'s scoreboard on ``host``:``port`` until interrupted (Ctrl+C or
    SIGTERM); ``ready`` is told the address once the server answers."""
    import gc

    host = checked_host(host)
    port = free_port(host, port)
    server = ScoreboardServer(scoreboard_command(store, session), host, port,
                              _("scorekeeper: {game}, session {id}").format(
                                  game=session.ruleset.title, id=session.id),
                              ready)
    gc.enable()  # it runs for the evening (main() pauses the collector for short commands)
    server.serve()
