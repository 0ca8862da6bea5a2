"""The table's scoreboard (ctrl+g, then q) shows the QR code of the address ``scorekeeper serve``
answers at: serve records where it serves which session in the home
(``<home>/serving/<pid>.json``, ``store.serving``) while it answers and removes the record when
it stops; a record whose serve is gone is ignored and cleared; an address that no live serve
answers is never shown; where nothing serves the session, the panel says the exact command.

Anna, Ben and the rest of the six players of tests/test_scoreboard.py; the addresses are this
machine's own (127.0.0.1 only this machine reaches; its address on a network phones reach)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
from pathlib import Path

import pytest

from scorekeeper.store.serving import (
    Serving,
    live_servings,
    record_path,
    record_serving,
    this_machine,
)
from scorekeeper.tui.qr import QRCode, qr_text
from scorekeeper.tui.serve_guard import only_this_machine

from .test_scoreboard import six_players
from .test_serve import Served
from .tui_helpers import make_app


def network_address() -> str | None:
    """An IPv4 address of this machine that is not its own loopback (one phones could reach),
    which can be served on; ``None`` when it has none."""
    candidates = []
    with contextlib.suppress(OSError):
        candidates += [info[4][0] for info in socket.getaddrinfo(
            socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM)]
    for far in ("192.0.2.1", "10.255.255.255", "192.168.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                probe.connect((far, 9))  # no packet is sent: the system picks the address
                candidates.append(probe.getsockname()[0])
        except OSError:
            continue
    for address in candidates:
        if only_this_machine(f"http://{address}:1"):
            continue
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as trial:
                trial.bind((address, 0))
        except OSError:
            continue
        return str(address)
    return None


def closed_port() -> int:
    """A port nothing listens on (one just freed)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def panel_of(app) -> tuple[str, list[QRCode]]:
    """The QR panel's words and codes, once the scoreboard is open (ctrl+g) and the code is
    asked for (q)."""
    return app.screen.query_one("#board-qr-words").render().plain, list(app.screen.query(QRCode))


async def open_the_code(app, pilot) -> None:
    await pilot.pause()
    await pilot.press("ctrl+g")
    await pilot.pause()
    await pilot.press("q")
    await pilot.pause()


def interrupt(served: Served) -> None:
    served.process.send_signal(signal.SIGINT)  # as Ctrl+C
    try:
        served.process.wait(timeout=20)
    finally:
        served.stop()


# ---- serve writes and removes its record ------------------------------------------------------

def test_serve_records_where_it_serves_while_it_answers_and_removes_it_when_stopped(tmp_path):
    home = tmp_path / "home"
    session = six_players(home)
    served = Served(home, session.id, "--port", "0")
    try:
        url = served.url()
        record = record_path(home, served.process.pid)
        assert record.is_file()
        written = json.loads(record.read_text("utf-8"))
        port = int(url.rsplit(":", 1)[1])
        assert written == {"version": 1, "session": session.id,
                           "file": str((home / "sessions" / f"{session.id}.json").resolve()),
                           "url": url, "host": "127.0.0.1", "port": port,
                           "pid": served.process.pid, "machine": this_machine()}
        assert [s.url for s in live_servings(home, session.path)] == [url]
    finally:
        interrupt(served)
    assert served.process.returncode == 0
    assert not record.exists()
    assert list((home / "serving").iterdir()) == []


def test_a_serve_killed_outright_leaves_a_stale_record_that_is_ignored_and_cleared(tmp_path):
    home = tmp_path / "home"
    session = six_players(home)
    served = Served(home, session.id, "--port", "0")
    try:
        url = served.url()
    finally:
        os.killpg(served.process.pid, signal.SIGKILL)  # no chance to remove its record
        served.process.wait(timeout=20)
    record = record_path(home, served.process.pid)
    assert record.is_file()  # left behind
    assert json.loads(record.read_text("utf-8"))["url"] == url
    assert live_servings(home, session.path) == []
    assert not record.exists()  # cleared by the reader


# ---- the table's scoreboard -------------------------------------------------------------------

async def test_the_tables_scoreboard_shows_the_code_of_the_address_serve_answers(tmp_path):
    address = network_address()
    if address is None:
        pytest.skip("this machine has no address but its loopback")
    home = tmp_path / "home"
    session = six_players(home)
    served = Served(home, session.id, "--port", "0", "--host", address)
    try:
        url = served.url()
        assert url.startswith(f"http://{address}:")
        app = make_app(home, session.id)
        async with app.run_test(size=(100, 40)) as pilot:
            await open_the_code(app, pilot)
            words, codes = panel_of(app)
            assert words == f"Phones open {url} by pointing their camera at this code"
            assert [code.address for code in codes] == [url]
            assert codes[0].render().plain == qr_text(url).plain
            # Serve stops while the code is shown: the code goes at the next look.
            interrupt(served)
            await app.screen.check_served()
            await pilot.pause()
            words, codes = panel_of(app)
            assert codes == []
            assert url not in words
            assert f"scorekeeper serve {session.id} --host ADDRESS" in words
    finally:
        served.stop()


async def test_an_address_no_serve_answers_is_never_shown(tmp_path):
    home = tmp_path / "home"
    session = six_players(home)
    # A record of a process that lives (this one) on a port nothing answers.
    port = closed_port()
    record_serving(home, Serving(session.id, str(session.path.resolve()),
                                 f"http://192.168.1.20:{port}", "127.0.0.1", port, os.getpid(),
                                 this_machine()))
    app = make_app(home, session.id)
    async with app.run_test(size=(100, 40)) as pilot:
        await open_the_code(app, pilot)
        words, codes = panel_of(app)
    assert codes == [] and "192.168.1.20" not in words
    assert record_path(home, os.getpid()).exists()  # its process lives: not stale


async def test_a_stale_record_is_not_shown_and_is_cleared(tmp_path):
    home = tmp_path / "home"
    session = six_players(home)
    with socket.socket() as listening:  # something answers there, but the serve is gone
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        port = listening.getsockname()[1]
        ended = subprocess.Popen(["true"])  # a process that has ended
        ended.wait()
        dead = ended.pid
        record_serving(home, Serving(session.id, str(session.path.resolve()),
                                     f"http://192.168.1.20:{port}", "127.0.0.1", port, dead,
                                     this_machine()))
        (home / "serving" / "77.json").write_text("not json", "utf-8")
        app = make_app(home, session.id)
        async with app.run_test(size=(100, 40)) as pilot:
            await open_the_code(app, pilot)
            words, codes = panel_of(app)
    assert codes == [] and "192.168.1.20" not in words
    assert list((home / "serving").iterdir()) == []


def test_another_machines_record_is_left_alone(tmp_path):
    home = tmp_path / "home"
    session = six_players(home)
    other = Serving(session.id, str(session.path.resolve()), "http://192.168.1.20:8765",
                    "192.168.1.20", 8765, 1, this_machine() + "-other")
    record_serving(home, other)
    assert live_servings(home, session.path) == []
    assert record_path(home, 1).exists()


async def test_served_on_this_machine_only_the_panel_says_so_and_how_to_reach_phones(tmp_path):
    home = tmp_path / "home"
    session = six_players(home)
    served = Served(home, session.id, "--port", "0")
    try:
        url = served.url()
        app = make_app(home, session.id)
        async with app.run_test(size=(100, 40)) as pilot:
            await open_the_code(app, pilot)
            words, codes = panel_of(app)
    finally:
        interrupt(served)
    assert codes == []
    assert words == (
        f"Served on {url}, which only this machine reaches; for phones: scorekeeper serve "
        f"{session.id} --host ADDRESS --home {home} (ADDRESS: this machine's address on the "
        "table's network).")


async def test_where_nothing_serves_the_panel_gives_the_exact_command(tmp_path, monkeypatch):
    home = tmp_path / "home"
    session = six_players(home)
    app = make_app(home, session.id)
    async with app.run_test(size=(100, 40)) as pilot:
        await open_the_code(app, pilot)
        words, codes = panel_of(app)
    assert codes == []
    # The home is not the one serve finds by itself: the command names it.
    assert words == (
        "Phones follow this scoreboard when it is served on the table's network: scorekeeper "
        f"serve {session.id} --host ADDRESS --home {home} (ADDRESS: this machine's address "
        "there) shows its QR code here.")
    monkeypatch.setenv("SCOREKEEPER_HOME", str(home))
    app = make_app(home, session.id)
    async with app.run_test(size=(100, 40)) as pilot:
        await open_the_code(app, pilot)
        words, codes = panel_of(app)
    assert f"scorekeeper serve {session.id} --host ADDRESS (ADDRESS" in words


def test_a_record_is_written_whole_and_read_back(tmp_path):
    home = tmp_path / "home"
    serving = Serving("0000abcd", "/x/sessions/0000abcd.json", "http://10.0.0.7:80",
                      "10.0.0.7", 80, 4242, "table")
    path = record_serving(home, serving)
    assert path == Path(home / "serving" / "4242.json")
    assert not [p for p in path.parent.iterdir() if p.name.startswith(".")]  # no temporary left
    from scorekeeper.store.serving import read_serving

    assert read_serving(path) == serving
