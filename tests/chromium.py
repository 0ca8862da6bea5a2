"""Headless Chromium driven through its remote debugging protocol (CDP), to read what a page
served by ``scorekeeper serve`` shows, or a file the program wrote (an export), at a desktop's
width or as a phone lays it out.

textual-serve draws the terminal with xterm.js on a canvas, so the page's DOM holds no text.
What the page shows is xterm.js's screen: the grid of characters its renderer paints, after
the page's own script has received the app's output over the websocket and parsed it. A
script given to Chromium before the page loads keeps a reference to each xterm.js terminal
the page makes (the page's script assigns it to a ``terminal`` property), and the test reads
that terminal's visible rows through xterm.js's public buffer API
(``buffer.active.getLine(y).translateToString()``). A screenshot (``Page.captureScreenshot``)
shows the same page as a picture.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import os
import subprocess
import time
from pathlib import Path
from typing import Any

import aiohttp

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# Runs in the page before its own scripts: the first assignment of a `terminal` property on
# any object (textual-serve's `this.terminal = new Terminal(...)`) is kept, as an ordinary
# property of that object, and the value is remembered when it is an xterm.js terminal.
KEEP_TERMINALS = """
(() => {
  const kept = [];
  window.__scorekeeperTerminals = kept;
  Object.defineProperty(Object.prototype, "terminal", {
    configurable: true,
    set(value) {
      Object.defineProperty(this, "terminal",
        {value, writable: true, configurable: true, enumerable: true});
      if (value && typeof value === "object" && "buffer" in value && "rows" in value) {
        kept.push(value);
      }
    },
  });
})();
"""

# The rows of the terminal the page shows, top to bottom (or null before it exists).
READ_SCREEN = """
(() => {
  const terminal = (window.__scorekeeperTerminals || [])[0];
  if (!terminal) return null;
  const buffer = terminal.buffer.active;
  const rows = [];
  for (let y = 0; y < terminal.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    rows.push(line ? line.translateToString(true) : "");
  }
  return rows.join("\\n");
})()
"""


class Page:
    """One page of the browser, over the DevTools websocket."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.ids = itertools.count(1)

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        """Send a CDP command; its result (events on the way are passed over)."""
        number = next(self.ids)
        await self.socket.send_json({"id": number, "method": method, "params": params})
        while True:
            message = await asyncio.wait_for(self.socket.receive_json(), timeout=30)
            if message.get("id") == number:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})

    async def open(self, url: str) -> None:
        await self.call("Page.enable")
        await self.call("Page.addScriptToEvaluateOnNewDocument", source=KEEP_TERMINALS)
        await self.call("Page.navigate", url=url)

    async def as_phone(self, width: int, height: int) -> None:
        """Lay pages out as a phone of ``width`` x ``height`` CSS pixels does: its viewport
        meta tag obeyed (without one a phone lays a page out 980 pixels wide and shrinks it),
        touch instead of a mouse. Before ``open``."""
        await self.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                        deviceScaleFactor=1, mobile=True)
        await self.call("Emulation.setTouchEmulationEnabled", enabled=True)

    async def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page."""
        result = await self.call("Runtime.evaluate", expression=expression,
                                 returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result.get("result", {}).get("value")

    async def loaded(self, timeout: float = 30) -> None:
        """Once the page has loaded (its document complete)."""
        deadline = time.monotonic() + timeout
        while await self.evaluate("document.readyState") != "complete":
            if time.monotonic() > deadline:
                raise AssertionError("the page did not load")
            await asyncio.sleep(0.1)

    async def screen(self) -> str | None:
        """The text of the terminal as the page shows it now."""
        result = await self.call("Runtime.evaluate", expression=READ_SCREEN,
                                 returnByValue=True)
        return result.get("result", {}).get("value")

    async def wait_for(self, *texts: str, timeout: float = 60) -> str:
        """The page's screen once it shows every one of ``texts``; AssertionError if it does
        not within ``timeout`` seconds (with what it showed)."""
        deadline = time.monotonic() + timeout
        shown: str | None = None
        while time.monotonic() < deadline:
            shown = await self.screen()
            if shown is not None and all(text in shown for text in texts):
                return shown
            await asyncio.sleep(0.25)
        raise AssertionError(f"the page never showed {texts!r}; it showed:\n{shown}")

    async def screenshot(self, path: Path) -> bytes:
        result = await self.call("Page.captureScreenshot", format="png")
        data = base64.b64decode(result["data"])
        path.write_bytes(data)
        return data


class Chromium:
    """Debian's headless Chromium with a fresh profile, its debugging port on loopback."""

    def __init__(self, profile: Path, width: int = 1280, height: int = 800) -> None:
        self.profile = profile
        self.process = subprocess.Popen(
            [str(CHROMIUM), *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-port=0",
             "--remote-debugging-address=127.0.0.1", f"--window-size={width},{height}",
             "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        self.http: aiohttp.ClientSession | None = None

    def debugging_port(self, timeout: float = 30) -> int:
        """The port Chromium chose, from the file it writes in its profile once listening."""
        marker = self.profile / "DevToolsActivePort"
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if marker.exists():
                lines = marker.read_text().splitlines()
                if lines and lines[0].isdigit():
                    return int(lines[0])
            if self.process.poll() is not None:
                raise RuntimeError(f"chromium ended with status {self.process.returncode}")
            time.sleep(0.1)
        raise RuntimeError("chromium did not open its debugging port")

    async def page(self) -> Page:
        port = self.debugging_port()
        self.http = aiohttp.ClientSession()
        async with self.http.get(f"http://127.0.0.1:{port}/json/list") as response:
            targets = await response.json()
        target = next(t for t in targets if t.get("type") == "page")
        socket = await self.http.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0)
        return Page(socket)

    async def close(self) -> None:
        if self.http is not None:
            await self.http.close()
        stop(self.process)


def stop(process: subprocess.Popen, grace: float = 10) -> None:
    """End a process started in its own session, and everything it started (by group)."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, 15)
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.wait(timeout=grace)
