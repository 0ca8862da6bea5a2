"""The pages people look at, opened in Debian's headless Chromium at a desktop's width (1280
CSS pixels) and as a phone lays them out (390, its viewport meta obeyed), and read: the
scoreboard ``scorekeeper serve`` serves and the HTML export.

The served scoreboard is xterm.js drawing on a canvas: its text is read from xterm.js's buffer
(tests/chromium.py), its layout from the DOM, and the inside of a large 0 from the pixels
Chromium paints there. The export is ordinary HTML: its layout and its ledger are read from
the DOM.

The figures are those of tests/test_scoreboard.py, worked out by hand there: six players after
two hands of Kratzen, -16, 19¾, 6¼, -1, -1, -8, the pot 0."""

from __future__ import annotations

import os
import subprocess
import sys
import zlib

import pytest

from scorekeeper.tui.bigfigures import big_rows

from .chromium import CHROMIUM, Chromium
from .test_scoreboard import SIX, SIX_AFTER_TWO, six_players
from .test_serve import Served, shows_large

# A phone 390 pixels wide; 900 tall, so six players' cards stacked and the pot under them are
# all on the screen at once (on a shorter phone the board scrolls).
SIZES = [pytest.param(1280, 800, False, id="desktop-1280"),
         pytest.param(390, 900, True, id="phone-390")]

# The large 0 and 1 as they must be drawn: a 0 with a stroke across its inside (an empty
# frame reads as a box, or as the box a missing glyph is drawn as), a 1 with its flag sloping
# down from the top of its stem (a level flag over a foot read as "]").
ZERO = ("┏━┓", "┃╱┃", "┗━┛")
ONE = ("╱┃ ", " ┃ ", "╺┻╸")

# The served page's layout: the width it is laid out at, how wide its content is, and the
# terminal xterm.js draws (its columns and rows, and where its screen is).
SERVED_LAYOUT = """
(() => {
  const terminal = window.__scorekeeperTerminals[0];
  const screen = document.querySelector("#terminal .xterm-screen").getBoundingClientRect();
  return {width: window.innerWidth,
          scrolled: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
          columns: terminal.cols, rows: terminal.rows,
          left: screen.left, top: screen.top, right: screen.right, bottom: screen.bottom};
})()
"""

# The export's layout, and its ledger (the last table but the standings' is the ledger's: the
# tables in order are the standings and the ledger, a settle-up's after them when there is one).
EXPORT_LAYOUT = """
(() => {
  const tables = [...document.querySelectorAll("table")];
  const ledger = tables[1];
  const cells = [...ledger.querySelectorAll("td, th")];
  let scroller = ledger.parentElement, sideways = false;
  for (; scroller && scroller !== document.body; scroller = scroller.parentElement) {
    const overflow = getComputedStyle(scroller).overflowX;
    if (overflow === "auto" || overflow === "scroll") { sideways = true; break; }
  }
  const box = ledger.getBoundingClientRect();
  return {width: window.innerWidth,
          scrolled: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
          ledgerRight: box.right, ledgerInScroller: sideways,
          smallestType: Math.min(...cells.map(c => parseFloat(getComputedStyle(c).fontSize))),
          cutCells: cells.filter(c => c.scrollWidth > c.clientWidth + 1).length,
          rows: [...ledger.querySelectorAll("tr")].map(r => r.innerText)};
})()
"""


def need_chromium() -> None:
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: CI must install Debian's chromium (.ci/run)")
        pytest.skip(f"Debian's chromium is not installed ({CHROMIUM}): "
                    f"apt-get install -y chromium")


def drawn_rows(screen: str, rows: tuple[str, ...]) -> list[tuple[int, int]]:
    """Where ``screen`` shows ``rows`` one above the other, starting in one column: the line
    and column of the first row's first character, each place."""
    lines, found = screen.split("\n"), []
    for y in range(len(lines) - len(rows) + 1):
        x = lines[y].find(rows[0])
        while x != -1:
            if all(lines[y + i][x:x + len(row)] == row for i, row in enumerate(rows)):
                found.append((y, x))
            x = lines[y].find(rows[0], x + 1)
    return found


def distinct_bytes(png: bytes) -> int:
    """How many distinct byte values a PNG's pixel data holds: a cell of one colour gives a
    handful (its filter bytes and one colour), a stroke drawn across it many."""
    data, at = b"", 8
    while at < len(png):
        length = int.from_bytes(png[at:at + 4], "big")
        if png[at + 4:at + 8] == b"IDAT":
            data += png[at + 8:at + 8 + length]
        at += 12 + length
    return len(set(zlib.decompress(data)))


async def cell_picture(page, layout: dict, line: int, column: int) -> bytes:
    """What Chromium paints in one character cell of the terminal (a PNG)."""
    width = (layout["right"] - layout["left"]) / layout["columns"]
    height = (layout["bottom"] - layout["top"]) / layout["rows"]
    # A pixel in from each side: the cell's own painting, not its neighbours' edges.
    clip = {"x": layout["left"] + column * width + 1, "y": layout["top"] + line * height + 1,
            "width": width - 2, "height": height - 2, "scale": 1}
    import base64

    shot = await page.call("Page.captureScreenshot", format="png", clip=clip)
    return base64.b64decode(shot["data"])


# ---- the large figures ------------------------------------------------------------------------

def test_the_large_0_and_1_are_drawn_as_digits():
    assert big_rows("0") == ZERO and big_rows("1") == ONE
    assert big_rows("10") == ("╱┃ ┏━┓", " ┃ ┃╱┃", "╺┻╸┗━┛")
    # Every digit its own shape, none of them an empty frame.
    digits = [big_rows(str(n)) for n in range(10)]
    assert len(set(digits)) == 10
    assert all(rows is not None and rows[1] != "┃ ┃" for rows in digits)


# ---- the served scoreboard --------------------------------------------------------------------

@pytest.mark.parametrize("width, height, phone", SIZES)
async def test_the_served_scoreboard_reads_at_a_desktops_and_a_phones_width(tmp_path, width,
                                                                          height, phone):
    need_chromium()
    home = tmp_path / "home"
    session = six_players(home)
    served = Served(home, session.id, "--port", "0")
    browser = None
    try:
        url = served.url()
        browser = Chromium(tmp_path / "chromium-profile", width, height)
        page = await browser.page()
        if phone:
            await page.as_phone(width, height)
        await page.open(url)
        screen = await page.wait_for(*SIX, "(read-only)")
        layout = await page.evaluate(SERVED_LAYOUT)
        # Laid out at the device's width, with nothing wider: no sideways scrolling, and the
        # terminal has the columns that fit (a phone laying the page out 980 pixels wide
        # would have about 100, in type too small to read).
        assert layout["width"] == width, layout
        assert layout["scrolled"] <= width and layout["right"] <= width, layout
        assert (35 <= layout["columns"] <= 45) if phone else layout["columns"] >= 120, layout
        # Every score in large type; on the phone the cards stacked one under another.
        for player, figure in SIX_AFTER_TWO.items():
            assert shows_large(screen, figure), (player, figure, screen)
        names = [next(y for y, line in enumerate(screen.split("\n")) if player in line)
                 for player in SIX]
        assert len(set(names)) == (6 if phone else 2), screen
        # The large 1s of 19¾, -1, -1 and -16 drawn with their sloping flag.
        assert len(drawn_rows(screen, ONE)) == 4, screen
        # The pot's 0, with a stroke across its inside, and painted so: the cell inside the
        # frame holds a line, the cell beside the figure holds nothing.
        [(line, column)] = drawn_rows(screen, ZERO)
        inside = await cell_picture(page, layout, line + 1, column + 1)
        beside = await cell_picture(page, layout, line + 1, column + 4)
        assert distinct_bytes(inside) > distinct_bytes(beside) + 4, (
            distinct_bytes(inside), distinct_bytes(beside))
    finally:
        if browser is not None:
            await browser.close()
        served.stop()


# ---- the HTML export --------------------------------------------------------------------------

EXPORT_SIZES = [
    SIZES[0],
    pytest.param(390, 844, True, id="phone-390"),
]


@pytest.mark.parametrize("width, height, phone", EXPORT_SIZES)
async def test_the_html_export_reads_at_a_desktops_and_a_phones_width(tmp_path, width, height,
                                                                      phone):
    need_chromium()
    home = tmp_path / "home"
    session = six_players(home)
    page_file = tmp_path / "night.html"
    subprocess.run([sys.executable, "-m", "scorekeeper", "--home", str(home), "export",
                    session.id, "--format", "html", "-o", str(page_file)], check=True,
                   capture_output=True)
    browser = Chromium(tmp_path / "chromium-profile", width, height)
    try:
        page = await browser.page()
        if phone:
            await page.as_phone(width, height)
        await page.open(page_file.as_uri())
        await page.loaded()
        layout = await page.evaluate(EXPORT_LAYOUT)
    finally:
        await browser.close()
    # At the device's width (a page naming no viewport is laid out 980 pixels wide on a
    # phone, and shrunk to a third), and the page does not scroll sideways.
    assert layout["width"] == width, layout
    assert layout["scrolled"] <= width, layout
    # The ledger readable: type of a readable size, no cell cut, and the table either fits or
    # scrolls sideways in a box of its own.
    assert layout["smallestType"] >= 12, layout
    assert layout["cutCells"] == 0, layout
    assert layout["ledgerRight"] <= width or layout["ledgerInScroller"], layout
    # Every hand's rows are there: the Muss of hand 1 (Dora, Emil, Cleo, Ben each pay a chip
    # -- see tests/test_scoreboard.py) and Ben's three tricks of hand 2.
    text = "\n".join(layout["rows"])
    assert len(layout["rows"]) > 1 and any("7¼" in row for row in layout["rows"]), text
