"""One browser following the scoreboard under ``scorekeeper serve``: its websocket and the
scoreboard process that draws its terminal, which lives exactly as long as the browser stays.

textual-serve's own handler (``AppService``) waits for a process to quit when its browser
leaves, and a process too busy to read that request was never ended; it passes every size
and every message on as the browser sent it. Here the process is started in a session of its
own, asked to quit when the browser leaves and killed with all it started if it has not
within a second; sizes are kept within bounds, resizes are passed on at a steady pace (the
last size wins), typing faster than a typist is dropped, and a message the page would not
send closes the connection with a reason. The packets spoken with the process are
textual-serve's (``AppService.encode_packet``) and Textual's web driver's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import time
from importlib.metadata import version
from typing import Any

import orjson
from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService

from ..i18n import _
from .serve_guard import (
    RESIZE_PACE,
    BrowserMessage,
    Focus,
    KeyBudget,
    MalformedMessage,
    Ping,
    Resize,
    browser_message,
)

log = logging.getLogger("scorekeeper.serve")

PRELUDE = b"__GANGLION__\n"  # what Textual's web driver writes first
QUIT_GRACE = 1.0  # seconds a scoreboard has to quit before it is killed
INPUT_TIMEOUT = 10.0  # seconds a scoreboard may leave its input unread before it is ended
MAX_PACKET = 16 * 1024 * 1024  # a screen at the largest size is far less
KEPT_ERRORS = 4096  # the last bytes of a scoreboard's error output, for the log


def scoreboard_environment(width: int, height: int) -> dict[str, str]:
    """The environment a scoreboard's process starts in: this one, with Textual's web driver
    and the terminal's size, as textual-serve starts its apps."""
    return dict(os.environ) | {
        "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",
        "TEXTUAL_FPS": "60",
        "TEXTUAL_COLOR_SYSTEM": "truecolor",
        "TERM_PROGRAM": "textual",
        "TERM_PROGRAM_VERSION": version("textual-serve"),
        "COLUMNS": str(width),
        "ROWS": str(height),
    }


class Viewer:
    """A browser's websocket and the scoreboard process that serves it."""

    def __init__(self, command: list[str], websocket: web.WebSocketResponse) -> None:
        self.command = command
        self.websocket = websocket
        self.process: asyncio.subprocess.Process | None = None
        self.wanted_size: tuple[int, int] | None = None
        self.resized = asyncio.Event()
        self.errors = bytearray()
        self.keys = KeyBudget(time.monotonic())

    async def run(self, width: int, height: int) -> None:
        """Start the scoreboard at ``width`` x ``height`` and serve the browser until one of
        them leaves (the process is ended by ``end``)."""
        self.process = await asyncio.create_subprocess_exec(
            *self.command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=scoreboard_environment(width, height),
            start_new_session=True)
        helpers = [asyncio.ensure_future(self.relay_screen()),
                   asyncio.ensure_future(self.keep_errors()),
                   asyncio.ensure_future(self.pace_resizes((width, height)))]
        try:
            await self.follow_browser()
        finally:
            for helper in helpers:
                helper.cancel()
            await asyncio.gather(*helpers, return_exceptions=True)

    # ---- from the browser ---------------------------------------------------------------------

    async def follow_browser(self) -> None:
        """Pass the browser's messages on until it leaves, or sends what its page would not."""
        async for message in self.websocket:
            if message.type == WSMsgType.ERROR:  # too large, or the connection broke
                return
            try:
                if message.type != WSMsgType.TEXT:
                    raise MalformedMessage("only text messages are read")
                request = browser_message(message.data)
            except MalformedMessage as error:
                await self.websocket.close(code=WSCloseCode.UNSUPPORTED_DATA,
                                           message=f"malformed message: {error}".encode())
                return
            if not await self.obey(request):
                await self.websocket.close(code=WSCloseCode.INTERNAL_ERROR,
                                           message=b"the scoreboard stopped reading")
                return

    async def obey(self, request: BrowserMessage) -> bool:
        """Do what the browser asked; ``False`` when the scoreboard no longer reads."""
        if isinstance(request, Resize):
            self.wanted_size = request.width, request.height
            self.resized.set()
            return True
        if isinstance(request, Ping):
            await self.websocket.send_str(orjson.dumps(["pong", request.stamp]).decode())
            return True
        if isinstance(request, Focus):
            return await self.send_meta({"type": "focus" if request.focused else "blur"})
        if not self.keys.spend(len(request.text), time.monotonic()):
            return True  # typed faster than anyone types: dropped
        return await self.send(AppService.encode_packet(b"D", request.text.encode()))

    async def pace_resizes(self, size: tuple[int, int]) -> None:
        """Tell the scoreboard the browser's size: the last one asked, at most every
        ``RESIZE_PACE`` seconds."""
        while True:
            await self.resized.wait()
            self.resized.clear()
            if self.wanted_size is not None and self.wanted_size != size:
                size = self.wanted_size
                await self.send_meta({"type": "resize", "width": size[0], "height": size[1]})
            await asyncio.sleep(RESIZE_PACE)

    # ---- to the scoreboard ---------------------------------------------------------------------

    async def send_meta(self, meta: dict[str, Any]) -> bool:
        return await self.send(AppService.encode_packet(b"M", orjson.dumps(meta)))

    async def send(self, packet: bytes) -> bool:
        """Write ``packet`` to the scoreboard's input; ``False`` when it has ended or has not
        read its input for ``INPUT_TIMEOUT`` seconds."""
        process = self.process
        if process is None or process.stdin is None or process.returncode is not None:
            return False
        try:
            process.stdin.write(packet)
            await asyncio.wait_for(process.stdin.drain(), INPUT_TIMEOUT)
        except (TimeoutError, OSError, RuntimeError):
            return False
        return True

    # ---- from the scoreboard -------------------------------------------------------------------

    async def relay_screen(self) -> None:
        """Pass the scoreboard's screen on to the browser until the process ends or says it
        has quit; then close the browser's connection."""
        assert self.process is not None and self.process.stdout is not None
        stdout = self.process.stdout
        try:
            if await self.started(stdout):
                while await self.relay_packet(stdout):
                    pass
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            await self.websocket.close()

    async def started(self, stdout: asyncio.StreamReader) -> bool:
        """Whether the process began as a Textual app under the web driver does."""
        for _line in range(10):
            try:
                line = await stdout.readline()
            except ValueError:  # a line over the reader's limit: not the driver's prelude
                break
            if line == PRELUDE:
                return True
            if not line:
                break
        log.warning(_("a browser's scoreboard did not start"))
        return False

    async def relay_packet(self, stdout: asyncio.StreamReader) -> bool:
        """Relay one packet of the process's output; ``False`` once it has quit."""
        kind = await stdout.readexactly(1)
        size = int.from_bytes(await stdout.readexactly(4), "big")
        if size > MAX_PACKET:
            log.warning(_("a browser's scoreboard sent {size} bytes at once; it is ended").format(
                size=size))
            return False
        payload = await stdout.readexactly(size)
        if kind == b"D":
            await self.websocket.send_bytes(payload)
        elif kind == b"M":
            with contextlib.suppress(orjson.JSONDecodeError):
                meta = orjson.loads(payload)
                if isinstance(meta, dict) and meta.get("type") == "exit":
                    return False
        return True

    async def keep_errors(self) -> None:
        """Read the process's error output as it comes, keeping its last bytes."""
        assert self.process is not None and self.process.stderr is not None
        while chunk := await self.process.stderr.read(4096):
            self.errors += chunk
            del self.errors[:-KEPT_ERRORS]

    # ---- the end -------------------------------------------------------------------------------

    async def end(self, grace: float = QUIT_GRACE) -> None:
        """End the scoreboard's process: asked to quit, then killed with all it started (its
        session) when it has not within ``grace`` seconds."""
        process = self.process
        if process is None:
            return
        if process.returncode is None:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.quit(process), grace)
        if process.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)
            await process.wait()
        if self.errors and process.returncode not in (0, -signal.SIGKILL):
            log.warning("%s", self.errors.decode("utf-8", "replace").rstrip())
            self.errors.clear()

    async def quit(self, process: asyncio.subprocess.Process) -> None:
        await self.send_meta({"type": "quit"})
        await process.wait()

    async def leave(self) -> None:
        """The server stops: end the process at once and close the browser's connection."""
        await self.end(grace=0.2)
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self.websocket.close(code=WSCloseCode.GOING_AWAY), 1.0)
