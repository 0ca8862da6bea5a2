"""The QR code of the served scoreboard's address (scorekeeper/tui/qr.py): the half blocks drawn
are the modules segno puts in the code, cell by cell; the code is one a phone reads (dark on
light, a light border of four modules); serve prints it under the address, or says that phones
cannot reach this machine's own address; the scoreboard shows it on a key.

segno makes codes and does not read them, so the drawing is checked against the matrix segno
builds, and that matrix is checked against the QR standard where a reader needs it (the three
finder patterns, the timing rows, the version's size)."""

from __future__ import annotations

import pytest
import segno

from scorekeeper.tui.qr import (
    DARK_ON_LIGHT,
    QUIET_ZONE,
    half_block_rows,
    qr_modules,
    qr_size,
    qr_text,
    terminal_qr,
)

URL = "http://192.168.1.20:8765"

# What a drawn cell shows, written out here (not taken from the code under test): the two
# modules it holds, (upper dark, lower dark).
READ_BACK = {"█": (True, True), "▀": (True, False), "▄": (False, True), " ": (False, False)}


def read_blocks(lines: list[str]) -> list[list[bool]]:
    """The modules the half blocks show, two rows a line, as a phone's camera sees them."""
    modules = []
    for line in lines:
        pairs = [READ_BACK[char] for char in line]
        modules.append([upper for upper, _lower in pairs])
        modules.append([lower for _upper, lower in pairs])
    return modules


def segno_matrix(text: str) -> list[list[bool]]:
    code = segno.make(text, micro=False)
    return [[bool(m) for m in row] for row in code.matrix_iter(border=QUIET_ZONE)]


@pytest.mark.parametrize("url", [URL, "http://10.0.0.7:80", "http://[fd00::1]:8765",
                                 "http://192.168.100.200:65535"])
def test_the_blocks_drawn_are_the_modules_of_the_code(url):
    lines = qr_text(url).plain.split("\n")
    matrix = segno_matrix(url)
    drawn = read_blocks(lines)
    # An odd number of rows: the last line's lower half is light, below the border.
    if len(matrix) % 2:
        assert drawn[-1] == [False] * len(matrix[0])
        drawn = drawn[:-1]
    assert drawn == matrix
    assert qr_size(url) == (len(matrix[0]), len(lines))


def test_each_cell_holds_the_module_above_over_the_module_below():
    # A matrix made by hand: every pair of modules a cell can hold, in a known place.
    modules = [[True, True, False, False, True],
               [True, False, True, False, False],
               [False, False, True, True, False]]
    assert half_block_rows(modules) == ["█▀▄ ▀",
                                        "  ▀▀ "]


def test_the_code_is_one_phones_read():
    modules = qr_modules(URL)
    size = len(modules)
    inner = size - 2 * QUIET_ZONE
    assert size == len(modules[0])
    assert inner == 25  # version 2 (17 + 4 × 2 modules): the address fits in it
    # The light border of four modules on every side.
    for i in range(QUIET_ZONE):
        assert not any(modules[i]) and not any(modules[size - 1 - i])
        assert not any(row[i] or row[size - 1 - i] for row in modules)
    # The three finder patterns (7 × 7: a dark ring, a light ring, a dark 3 × 3 core) in the
    # corners a reader looks for them, dark modules being dark.
    finder = [[max(abs(x - 3), abs(y - 3)) != 2 for x in range(7)] for y in range(7)]
    for top, left in ((0, 0), (0, inner - 7), (inner - 7, 0)):
        seen = [row[QUIET_ZONE + left:QUIET_ZONE + left + 7]
                for row in modules[QUIET_ZONE + top:QUIET_ZONE + top + 7]]
        assert seen == finder, (top, left)
    # The timing pattern between them: dark and light in turn.
    timing = modules[QUIET_ZONE + 6][QUIET_ZONE + 8:QUIET_ZONE + inner - 8]
    assert timing == [i % 2 == 0 for i in range(len(timing))]


def test_the_code_is_dark_on_light_whatever_the_terminal():
    text = qr_text(URL)
    assert text.style == DARK_ON_LIGHT == "#000000 on #ffffff"
    printed = terminal_qr(URL, colour=True)
    assert "\x1b[" in printed and "█" in printed
    # Without colours (a pipe), the blocks alone, one line per two rows of modules.
    plain = terminal_qr(URL, colour=False)
    assert "\x1b" not in plain
    assert [line.rstrip() for line in plain.splitlines()] == \
        [line.rstrip() for line in half_block_rows(qr_modules(URL))]


# ---- serve's terminal -------------------------------------------------------------------------

def test_serve_prints_the_code_of_the_address_phones_reach(capsys):
    from scorekeeper.cli.apps import say_phones_address

    say_phones_address(URL)
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "phones open it by pointing their camera at this code:"
    assert read_blocks(out[1:])[:len(segno_matrix(URL))] == segno_matrix(URL)


@pytest.mark.parametrize("url", ["http://127.0.0.1:8765", "http://127.0.0.2:8765",
                                 "http://[::1]:8765", "http://localhost:8765"])
def test_serve_says_phones_cannot_reach_this_machines_own_address(capsys, url):
    from scorekeeper.cli.apps import say_phones_address

    say_phones_address(url)
    out = capsys.readouterr().out.splitlines()
    assert out == [f"phones cannot open {url}: it is this machine's own address. Serve on its "
                   "address on the table's network (for example --host 192.168.1.20) and a QR "
                   "code for phones is shown here"]


# ---- the scoreboard ---------------------------------------------------------------------------

async def test_the_served_scoreboard_shows_the_code_on_a_key_and_hides_it_again(tmp_path):
    from functools import partial

    from scorekeeper.tui.qr import QRCode
    from scorekeeper.tui.screens.scoreboard import ScoreboardApp

    from .test_scoreboard import six_players
    from .tui_helpers import fixed_store

    session = six_players(tmp_path / "home")
    app = ScoreboardApp(partial(fixed_store(tmp_path / "home").open, session.id),
                        watch_interval=None, address=URL)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        panel = app.screen.query_one("#board-qr")
        assert not panel.display  # the figures first: the code is a key away
        await pilot.press("q")
        await pilot.pause()
        assert panel.display
        code = app.screen.query_one(QRCode)
        assert code.region.height == qr_size(URL)[1] and code.region.width == qr_size(URL)[0]
        lines = code.render().plain.split("\n")
        assert read_blocks(lines)[:len(segno_matrix(URL))] == segno_matrix(URL)
        words = app.screen.query_one("#board-qr-words").render().plain
        assert words == f"Phones open {URL} by pointing their camera at this code"
        await pilot.press("q")
        await pilot.pause()
        assert not panel.display


async def test_the_tables_scoreboard_says_how_to_serve_it_to_phones(tmp_path):
    from scorekeeper.tui.qr import QRCode

    from .test_scoreboard import six_players
    from .tui_helpers import make_app

    session = six_players(tmp_path / "home")
    app = make_app(tmp_path / "home", session.id)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+g")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert not app.screen.query(QRCode)  # no address is served from here
        words = app.screen.query_one("#board-qr-words").render().plain
        assert f"scorekeeper serve {session.id} --host ADDRESS" in words
