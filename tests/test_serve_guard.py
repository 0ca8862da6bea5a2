"""`scorekeeper serve` cannot be made to eat the machine (issue 24): what a websocket client may
ask is bounded, a browser's scoreboard process ends when the browser goes, Ctrl+C ends serve
at once with a browser connected, a page from another origin cannot open the websocket, and
every spelling of "every address" is refused as --host.

The clients here are aiohttp websockets over loopback, speaking as textual-serve's page does
(`["resize", {"width": W, "height": H}]`, `["stdin", keys]`, `["ping", stamp]`); every loop
is bounded in time, and every process a test starts is ended by the test. A process's memory
is its resident set (VmRSS in /proc/PID/status)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from scorekeeper.errors import ScorekeeperError
from scorekeeper.tui.serve import checked_host
from scorekeeper.tui.serve_guard import (
    KEY_BURST,
    KEYS_PER_SECOND,
    MAX_COLUMNS,
    MAX_ROWS,
    MIN_COLUMNS,
    Focus,
    KeyBudget,
    Keys,
    MalformedMessage,
    Ping,
    Resize,
    browser_message,
    same_origin,
    terminal_size,
)

from .test_scoreboard import six_players
from .test_serve import Served, listening_addresses

# serve and a scoreboard at the largest size take about 110 MB together; textual-serve's own
# handler let a client's million-by-million terminal take 450 MB in 4 s (2 GB in 8 s in the
# issue).
MEMORY_BOUND_MB = 250


# ---- processes, as Linux's /proc shows them -------------------------------------------------

def parents() -> dict[int, int]:
    """Each process's parent."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        found[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    return found


def descendants(root: int) -> set[int]:
    """The processes ``root`` started, and those they started (a scoreboard runs in a session
    of its own, so its process group is not serve's)."""
    tree = parents()
    found: set[int] = set()
    todo = [root]
    while todo:
        parent = todo.pop()
        for child, its_parent in tree.items():
            if its_parent == parent and child not in found:
                found.add(child)
                todo.append(child)
    return found


def resident_mb(pid: int) -> int:
    """How much memory ``pid`` holds, in MB (0 once it has ended)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    found = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
    return int(found.group(1)) // 1024 if found else 0


class Watched:
    """serve's descendants, watched: every one seen is remembered (and killed at the end, if a
    test fails with one still running)."""

    def __init__(self, served: Served) -> None:
        self.served = served
        self.seen: set[int] = set()
        self.largest_mb = 0

    def now(self) -> set[int]:
        """serve's descendants now; the memory of serve and of them is noted."""
        serve = self.served.process.pid
        found = descendants(serve)
        self.seen |= found
        self.largest_mb = max(self.largest_mb, sum(resident_mb(pid) for pid in found | {serve}))
        return found

    async def gone(self, within: float) -> set[int]:
        """serve's descendants still running after ``within`` seconds (none, once they end)."""
        deadline = time.monotonic() + within
        while (left := self.now()) and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        return left

    def end(self) -> None:
        self.served.stop()
        for pid in self.seen:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


@contextlib.contextmanager
def watched_serving(tmp_path: Path, kind: type[Served] = Served) -> Iterator[
        tuple[Served, Watched, str]]:
    """The six players' evening served (by ``scorekeeper serve`` on a free port, or by
    ``kind``), its processes watched: ``(served, watched, the address)``; after, serve and
    every process it started are ended, whatever the test did."""
    home = tmp_path / "home"
    session = six_players(home).id
    served = Served(home, session, "--port", "0") if kind is Served else kind(home, session)
    watched = Watched(served)
    try:
        yield served, watched, served.url()
    finally:
        watched.end()


def ws_url(url: str, query: str = "") -> str:
    return url.replace("http://", "ws://", 1) + "/ws" + query


async def screen_bytes(ws: aiohttp.ClientWebSocketResponse, into: bytearray) -> None:
    """Gather what the scoreboard draws, until the connection closes."""
    async for message in ws:
        if message.type == aiohttp.WSMsgType.BINARY:
            into += message.data


async def watch_memory(watched: Watched, seconds: float) -> None:
    """Look at the memory of serve's descendants for ``seconds``, stopping early once it passes
    the bound (the test then fails; nothing is left to grow for long)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and watched.largest_mb <= MEMORY_BOUND_MB:
        watched.now()
        await asyncio.sleep(0.2)


def drawn_rows(screen: bytes) -> int:
    """The lowest row the scoreboard drew on (Textual moves the cursor to each row it draws)."""
    return max((int(row) for row in re.findall(rb"\x1b\[(\d+);1H", screen)), default=0)


# ---- a huge terminal, a resize storm: bounded, and ended when the client goes ---------------

async def test_a_huge_terminal_is_served_at_the_largest_size_and_ends_with_its_client(tmp_path):
    with watched_serving(tmp_path) as (served, watched, url):
        screen = bytearray()
        huge = ws_url(url, "?width=1000000&height=1000000")
        async with aiohttp.ClientSession() as client, client.ws_connect(huge) as ws:
            reading = asyncio.ensure_future(screen_bytes(ws, screen))
            await watch_memory(watched, 6)
            assert watched.now(), "no scoreboard process was started"
            reading.cancel()
        assert watched.largest_mb <= MEMORY_BOUND_MB
        assert drawn_rows(screen) == MAX_ROWS  # drawn, at the largest size
        assert await watched.gone(within=5) == set()  # the client went: so did its process


async def test_a_resize_storm_and_a_flood_of_keys_are_bounded_and_end_with_the_client(tmp_path):
    with watched_serving(tmp_path) as (served, watched, url):
        async with aiohttp.ClientSession() as client, client.ws_connect(ws_url(url)) as ws:
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline and watched.largest_mb <= MEMORY_BOUND_MB:
                for size in (10**30, 10**6, 30, 10**30 + 1):
                    await ws.send_str(f'["resize", {{"width": {size}, "height": {size}}}]')
                watched.now()
                await asyncio.sleep(0.01)
            for _flood in range(200):  # 200,000 keys at once: beyond a typist, dropped
                await ws.send_str('["stdin", "' + "x" * 1000 + '"]')
            await ws.send_str('["ping", "after the storm"]')
            answer = await asyncio.wait_for(pong(ws), 10)
            assert answer == ["pong", "after the storm"]  # still served
        assert watched.seen, "no scoreboard process was started"
        assert watched.largest_mb <= MEMORY_BOUND_MB
        assert await watched.gone(within=5) == set()


async def pong(ws: aiohttp.ClientWebSocketResponse) -> object:
    async for message in ws:
        if message.type == aiohttp.WSMsgType.TEXT:
            return message.json()
    return None


async def test_ctrl_c_ends_serve_at_once_with_a_browser_connected(tmp_path):
    with watched_serving(tmp_path) as (served, watched, url):
        screen = bytearray()
        sized = ws_url(url, "?width=100&height=30")
        async with aiohttp.ClientSession() as client, client.ws_connect(sized) as ws:
            reading = asyncio.ensure_future(screen_bytes(ws, screen))
            for _wait in range(300):  # the scoreboard is drawn (30 s at most)
                if drawn_rows(screen) == 30:
                    break
                await asyncio.sleep(0.1)
            assert drawn_rows(screen) == 30
            assert watched.now()
            served.process.send_signal(signal.SIGINT)  # as Ctrl+C
            started = time.monotonic()
            with contextlib.suppress(subprocess.TimeoutExpired):
                await asyncio.to_thread(served.process.wait, 10)
            took = time.monotonic() - started
            await asyncio.wait_for(reading, 5)  # and the page's connection is closed
        assert served.process.returncode == 0 and took < 2.5, took
        assert served.lines[-1] == "stopped serving"
        assert await watched.gone(within=2) == set()


# ---- what a client may send --------------------------------------------------------------------

def test_sizes_are_kept_within_bounds():
    assert terminal_size(10**30, 10**30) == (MAX_COLUMNS, MAX_ROWS)
    assert terminal_size(1e30, 1_000_000) == (MAX_COLUMNS, MAX_ROWS)
    assert terminal_size(0, -5) == (MIN_COLUMNS, 5)
    assert terminal_size(120.7, 40) == (120, 40)
    with pytest.raises(MalformedMessage):
        terminal_size("80", 24)
    with pytest.raises(MalformedMessage):
        terminal_size(True, 24)


def test_keys_faster_than_anyone_types_are_dropped():
    budget = KeyBudget(now=0.0)
    assert budget.spend(KEY_BURST, now=0.0)  # a burst at once: passed on
    assert not budget.spend(1, now=0.0)  # one more at the same moment: dropped
    assert budget.spend(KEYS_PER_SECOND, now=1.0)  # a second later, a second's worth
    assert not budget.spend(1, now=1.0)
    assert budget.spend(KEY_BURST, now=1000.0)  # refilled to the burst, never past it
    assert not budget.spend(1, now=1000.0)


def test_the_page_s_messages_are_read_and_nothing_else():
    assert browser_message('["stdin", "q"]') == Keys("q")
    assert browser_message('["ping", "1733170000"]') == Ping("1733170000")
    assert browser_message('["focus"]') == Focus(True)
    assert browser_message('["blur"]') == Focus(False)
    assert browser_message('["resize", {"width": 1000000000000000000000000000000, '
                           '"height": 1000000}]') == Resize(MAX_COLUMNS, MAX_ROWS)
    for malformed in ("nonsense", "{}", "[]", "[1, 2]", '["stdin"]', '["stdin", 5]',
                      '["resize", {"width": "wide", "height": 2}]', '["resize", {}]',
                      '["resize", [80, 24]]', '["exec", "rm -rf"]', '"stdin"'):
        with pytest.raises(MalformedMessage):
            browser_message(malformed)


async def test_a_plain_get_and_a_malformed_message_are_answered_without_a_traceback(tmp_path):
    with watched_serving(tmp_path) as (served, watched, url):
        try:
            async with aiohttp.ClientSession() as client:
                async with client.get(url + "/ws") as plain:
                    assert plain.status == 400
                    assert f"open {url} in a browser" in await plain.text()
                async with client.ws_connect(ws_url(url)) as ws:
                    await ws.send_str("not json at all")
                    closed = await asyncio.wait_for(ws.receive(), 20)
                    assert closed.type == aiohttp.WSMsgType.CLOSE
                    assert closed.data == aiohttp.WSCloseCode.UNSUPPORTED_DATA
                    assert closed.extra == "malformed message: not JSON"
                async with client.ws_connect(ws_url(url)) as ws:
                    await ws.send_bytes(b"\x00\x01")
                    closed = await asyncio.wait_for(ws.receive(), 20)
                    assert closed.data == aiohttp.WSCloseCode.UNSUPPORTED_DATA
            assert await watched.gone(within=5) == set()
        finally:
            served.process.send_signal(signal.SIGINT)
            served.process.wait(timeout=10)  # (watched_serving ends every process after)
    assert served.process.stderr is not None
    assert served.process.stderr.read() == ""  # nothing on serve's terminal, no traceback


# ---- the page's origin ----------------------------------------------------------------------

def test_only_the_address_served_is_the_page_s_origin():
    served = "http://127.0.0.1:8765"
    assert same_origin("http://127.0.0.1:8765", served)
    assert same_origin("HTTP://127.0.0.1:8765", served)
    assert same_origin(None, served)  # no browser: it could say any origin
    for foreign in ("http://evil.example:8765", "http://localhost:8765", "http://127.0.0.1",
                    "http://127.0.0.1:8766", "https://127.0.0.1:8765", "null", "",
                    "http://127.0.0.1:99999", "file://"):
        assert not same_origin(foreign, served), foreign
    assert same_origin("http://[::1]:80", "http://[0:0::1]")


async def test_a_page_from_another_origin_cannot_open_the_websocket(tmp_path):
    with watched_serving(tmp_path) as (served, watched, url):
        port = url.rsplit(":", 1)[1]
        async with aiohttp.ClientSession() as client:
            for foreign in ("http://evil.example", f"http://attacker.example:{port}",
                            f"http://localhost:{port}"):
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await client.ws_connect(ws_url(url), headers={"Origin": foreign})
                assert refused.value.status == 403, foreign
            assert watched.now() == set()  # no scoreboard was started for them
            async with client.ws_connect(ws_url(url), headers={"Origin": url}) as ws:
                await ws.send_str('["ping", "home"]')
                assert await asyncio.wait_for(pong(ws), 20) == ["pong", "home"]


async def test_the_page_asked_for_under_another_name_sends_the_browser_to_the_address_served(
        tmp_path):
    with watched_serving(tmp_path) as (_served, _watched, url):
        port = url.rsplit(":", 1)[1]
        async with aiohttp.ClientSession() as client:
            async with client.get(url + "/?fontsize=20", allow_redirects=False,
                                  headers={"Host": f"localhost:{port}"}) as page:
                assert page.status == 307
                assert page.headers["Location"] == url + "/?fontsize=20"
            async with client.get(url + "/", allow_redirects=False) as page:
                assert page.status == 200
                assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws"' in await page.text()


# ---- how many browsers ------------------------------------------------------------------------

SERVE_ONE = """
import sys
from scorekeeper.store import Store
from scorekeeper.tui.serve import serve_scoreboard
store = Store(sys.argv[1])
serve_scoreboard(store, store.open(sys.argv[2]), "127.0.0.1", 0,
                 lambda url: print("serving on", url, flush=True), viewers=1)
"""


class ServedToOne(Served):
    """serve_scoreboard, as the command calls it, for one browser at a time."""

    def __init__(self, home: Path, session: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", SERVE_ONE, str(home), session], stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, start_new_session=True)
        self.lines = []
        self.ready = threading.Event()
        threading.Thread(target=self.read, daemon=True).start()


async def test_a_full_scoreboard_says_so_and_serves_again_when_a_browser_leaves(tmp_path):
    with watched_serving(tmp_path, ServedToOne) as (served, watched, url):
        async with aiohttp.ClientSession() as client:
            async with client.ws_connect(ws_url(url)) as first:
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await client.ws_connect(ws_url(url))
                assert refused.value.status == 503
                async with client.get(url + "/") as page:
                    assert page.status == 503
                    assert "1 browser is following this scoreboard" in await page.text()
                await first.send_str('["ping", "still here"]')
                assert await asyncio.wait_for(pong(first), 20) == ["pong", "still here"]
            for _wait in range(100):  # the first has left: the page is served again
                async with client.get(url + "/") as page:
                    if page.status == 200:
                        break
                await asyncio.sleep(0.1)
            assert page.status == 200


# ---- every address at once ------------------------------------------------------------------

@pytest.mark.parametrize("host", ["0", "0x0", "0.0", "000.000.000.000", "0.0.0.0", "::",
                                  "0:0::0", "::ffff:0.0.0.0", " 0 ", ""])
def test_every_spelling_of_every_address_is_refused(host):
    with pytest.raises(ScorekeeperError, match="means every address of this machine"):
        checked_host(host)


def test_an_address_is_served_in_its_one_written_form():
    assert checked_host("127.1") == "127.0.0.1"  # as a browser writes it in its Origin
    assert checked_host("127.0.0.2") == "127.0.0.2"
    assert checked_host("::1") == "::1"


def test_host_0_is_refused_before_serving(tmp_path):
    home = tmp_path / "home"
    served = Served(home, six_players(home).id, "--port", "0", "--host", "0")
    try:
        served.process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        port = int(served.url().rsplit(":", 1)[1])
        raise AssertionError(f"--host 0 was served, on {listening_addresses(port)}") from None
    finally:
        served.stop()
    assert served.process.returncode == 2
    assert served.process.stderr is not None
    error = served.process.stderr.read().splitlines()
    assert len(error) == 1 and error[0].startswith("error: --host: '0' means every address")
