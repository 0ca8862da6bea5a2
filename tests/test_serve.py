"""`scorekeeper serve SESSION`: the read-only scoreboard in web browsers (textual-serve), tried
in Debian's headless Chromium; its refusals before serving; the loopback address it binds by
default; the hidden `scoreboard` command it runs for each browser.

The figures are those worked out by hand in tests/test_scoreboard.py (six players, two hands
of Kratzen; a third hand, a Muss, recorded while the page is open)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import zlib
from pathlib import Path

import pytest

from scorekeeper.rules import HandRecord
from scorekeeper.tui.bigfigures import big_rows

from .chromium import CHROMIUM, Chromium, stop
from .test_scoreboard import BEN, SIX, SIX_AFTER_TWO, six_players
from .tui_helpers import fixed_store

URL = re.compile(r"on (http://\S+)$")


class Served:
    """``scorekeeper serve`` running in its own process group; its first lines are read as
    they come (the address is in the first)."""

    def __init__(self, home: Path, session: str, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "serve", session, "--home", str(home), *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
            env=os.environ | {"COLUMNS": "200"})
        self.lines: list[str] = []
        self.ready = threading.Event()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))
            if URL.search(line.rstrip()):
                self.ready.set()
        self.ready.set()

    def url(self, timeout: float = 60) -> str:
        self.ready.wait(timeout)
        for line in self.lines:
            found = URL.search(line)
            if found:
                return found.group(1)
        assert self.process.stderr is not None
        stop(self.process)
        raise AssertionError(f"serve printed no address: {self.lines} {self.process.stderr.read()}")

    def stop(self) -> None:
        stop(self.process)


def listening_addresses(port: int) -> set[str]:
    """The local addresses with a socket listening on ``port`` (Linux's /proc/net tables)."""
    found = set()
    for table, size in (("/proc/net/tcp", 4), ("/proc/net/tcp6", 16)):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            address, port_hex = fields[1].split(":")
            if fields[3] != "0A" or int(port_hex, 16) != port:  # 0A: LISTEN
                continue
            raw = bytes.fromhex(address)
            if size == 4:
                found.add(".".join(str(b) for b in reversed(raw)))
            else:
                words = [raw[i:i + 4][::-1].hex() for i in range(0, 16, 4)]
                found.add(":".join("".join(words)[i:i + 4] for i in range(0, 32, 4)))
    return found


def shows_large(screen: str, figure: str) -> bool:
    """Whether ``screen`` shows ``figure`` in large type: its three rows one above the other,
    starting in the same column, with nothing but space or a border right beside them."""
    rows = big_rows(figure)
    assert rows is not None
    lines = screen.split("\n")
    apart = " │┃"
    for y in range(len(lines) - 2):
        start = lines[y].find(rows[0])
        while start != -1:
            end = start + len(rows[0])
            if all(lines[y + i][start:end] == rows[i]
                   and (start == 0 or lines[y + i][start - 1] in apart)
                   and (end >= len(lines[y + i]) or lines[y + i][end] in apart)
                   for i in range(3)):
                return True
            start = lines[y].find(rows[0], start + 1)
    return False


def drawn_pixels(png: bytes) -> int:
    """How many distinct byte values the picture's pixel data holds (a blank page: very few)."""
    data, at = b"", 8
    while at < len(png):
        length = int.from_bytes(png[at:at + 4], "big")
        kind = png[at + 4:at + 8]
        if kind == b"IDAT":
            data += png[at + 8:at + 8 + length]
        at += 12 + length
    return len(set(zlib.decompress(data)))


# ---- in the browser ---------------------------------------------------------------------------

async def test_the_scoreboard_in_headless_chromium(tmp_path):
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: CI must install Debian's chromium (.ci/run)")
        pytest.skip(f"Debian's chromium is not installed ({CHROMIUM}): "
                    f"apt-get install -y chromium")
    home = tmp_path / "home"
    session = six_players(home)
    served = Served(home, session.id, "--port", "0")
    browser = None
    try:
        url = served.url()
        assert url.startswith("http://127.0.0.1:")
        browser = Chromium(tmp_path / "chromium-profile")
        page = await browser.page()
        await page.open(url)
        last = f"{BEN} +20¾, Cleo +7¼, Dora ±0"  # (the last hand: every player's change)
        screen = await page.wait_for(*SIX, last, "Hand 3: Cleo deals.")
        for player, figure in SIX_AFTER_TWO.items():
            assert shows_large(screen, figure), (player, figure, screen)
        assert shows_large(screen, "0")  # the pot
        assert "(read-only)" in screen

        # Another terminal records hand 3 (see test_scoreboard): the page follows.
        fixed_store(home).record(session.id, HandRecord(
            indicator=("KC",), tricks=("Cleo", "Cleo", "Dora", "Emil")))
        screen = await page.wait_for("Last hand (3, Cleo dealt, Muss)", "Hand 4: Dora deals.")
        for figure in ("11¾", "4¼", "-24", "-16", "-2", "28"):
            assert shows_large(screen, figure), (figure, screen)

        png = await page.screenshot(tmp_path / "scoreboard.png")
        assert png.startswith(b"\x89PNG") and drawn_pixels(png) > 16
    finally:
        if browser is not None:
            await browser.close()
        served.stop()
    assert session.path.read_bytes() == fixed_store(home).open(session.id).path.read_bytes()


# ---- the address ------------------------------------------------------------------------------

def test_serve_binds_the_loopback_address_only_by_default(tmp_path):
    home = tmp_path / "home"
    session = six_players(home)
    served = Served(home, session.id, "--port", "0")
    try:
        url = served.url()
        found = re.fullmatch(r"http://127\.0\.0\.1:(\d+)", url)
        assert found, url
        port = int(found.group(1))
        assert listening_addresses(port) == {"127.0.0.1"}
        assert f"serving the scoreboard of session {session.id}" in served.lines[0]
        assert "read-only" in served.lines[0]
    finally:
        served.process.send_signal(signal.SIGINT)  # as Ctrl+C
        try:
            served.process.wait(timeout=20)
        finally:
            served.stop()
    assert served.process.returncode == 0
    assert served.lines[-1] == "stopped serving"
    # No QR code of an address only this machine reaches: phones are told what to do.
    assert served.lines[2] == (
        f"phones cannot open {url}: it is this machine's own address. Serve on its address "
        "on the table's network (for example --host 192.168.1.20) and a QR code for phones "
        "is shown here")


def test_host_serves_on_the_address_given(tmp_path):
    home = tmp_path / "home"
    session = six_players(home)
    served = Served(home, session.id, "--port", "0", "--host", "127.0.0.2")
    try:
        url = served.url()
        assert url.startswith("http://127.0.0.2:")
        assert listening_addresses(int(url.rsplit(":", 1)[1])) == {"127.0.0.2"}
    finally:
        served.stop()


def test_the_defaults_are_loopback_and_a_documented_port():
    from scorekeeper.cli.apps import serve

    defaults = {param.name: param.default for param in serve.params}
    assert defaults["host"] == "127.0.0.1" and defaults["port"] == 8765


# ---- refused before serving -------------------------------------------------------------------

def one_error(result) -> str:
    assert result.code == 2 and result.out == ""
    lines = result.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.err
    return lines[0]


def test_an_unknown_session_is_refused_before_serving(run):
    assert "no session 'nosuch'" in one_error(run("serve", "nosuch", "--port", "0"))


def test_a_damaged_session_is_refused_before_serving(run, tmp_path):
    session = six_players(tmp_path / "home")
    session.path.write_text(session.path.read_text("utf-8").replace('"-16"', '"-15"', 1),
                            encoding="utf-8")
    error = one_error(run("serve", session.id, "--port", "0"))
    assert f"sessions/{session.id}.json: damaged" in error


@pytest.mark.parametrize("host", ["0.0.0.0", "::"])
def test_every_address_at_once_is_refused(run, tmp_path, host):
    session = six_players(tmp_path / "home")
    error = one_error(run("serve", session.id, "--host", host))
    assert error.startswith("error: --host:") and "--host 192.168.1.20" in error


def test_a_host_that_is_not_this_machine_is_refused(run, tmp_path):
    session = six_players(tmp_path / "home")
    error = one_error(run("serve", session.id, "--host", "192.0.2.1"))  # a documentation address
    assert error.startswith("error: --host: '192.0.2.1' is not an address of this machine")


def test_a_port_in_use_is_refused(run, tmp_path):
    import socket

    session = six_players(tmp_path / "home")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        error = one_error(run("serve", session.id, "--port", str(port)))
    assert error.startswith(f"error: --port: cannot serve on http://127.0.0.1:{port}")


# ---- the command run for each browser ---------------------------------------------------------

def test_the_scoreboard_command_is_hidden_and_checks_its_session(run):
    assert not re.search(r"^ +scoreboard ", run("--help").out, re.MULTILINE)
    assert "no session 'nosuch'" in one_error(run("scoreboard", "nosuch"))


def test_each_browser_runs_the_scoreboard_with_the_home_given_explicitly(tmp_path):
    from scorekeeper.store import Store
    from scorekeeper.tui.serve import scoreboard_command

    home = tmp_path / "a home with spaces"
    session = six_players(home)
    command = scoreboard_command(Store(home), session)
    assert command.endswith(f"-m scorekeeper --lang en scoreboard {session.id} "
                            f"--home '{home.resolve()}'")


def test_each_browser_sees_the_scoreboard_in_the_language_served(tmp_path):
    from scorekeeper.i18n import speaking
    from scorekeeper.store import Store
    from scorekeeper.tui.serve import scoreboard_command

    home = tmp_path / "home"
    session = six_players(home)
    with speaking("de"):
        command = scoreboard_command(Store(home), session)
    assert f"-m scorekeeper --lang de scoreboard {session.id} --home" in command


def test_each_browser_is_given_the_address_phones_reach_for_its_qr_code(tmp_path):
    from scorekeeper.store import Store
    from scorekeeper.tui.serve import scoreboard_command

    home = tmp_path / "home"
    session = six_players(home)
    command = scoreboard_command(Store(home), session, "http://192.168.1.20:8765")
    assert command.endswith(f"--home {home.resolve()} --address http://192.168.1.20:8765")
    # This machine's own address: no code that would send a phone to itself.
    for url in ("http://127.0.0.1:8765", "http://[::1]:8765", "http://localhost:8765"):
        assert "--address" not in scoreboard_command(Store(home), session, url)
