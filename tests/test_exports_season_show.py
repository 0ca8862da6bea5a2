"""`show` in the width of its terminal (trial 28, de 8): at 80 columns its table of hands had
lines of over 200 characters with six 24-character names, and the terminal broke the names
inside a word ("Weißenba" / "ch-Lutz"). In a terminal the table now fits (the changes by
seat number with the seats named once, folded between players) and every other line is folded
between words; not in a terminal (a pipe, a file, a script) the text is as it was."""

from __future__ import annotations

import re

import pytest

from scorekeeper.amounts import format_amount
from scorekeeper.cells import cell_width
from scorekeeper.cli import sessions as session_commands
from scorekeeper.showtext import standings_text
from scorekeeper.store import Store

NAMES = ("Eleonore Weißenbach-Lutz", "Bartholomäus Grünwald-Ek", "Friederike Schönberg-Alt",
         "Maximilian Oberhuber-Kal", "Konstantin Überreiter-Da", "Annemarie Zöllner-Brandt")


@pytest.fixture
def six(run) -> str:
    """A Kratzen evening of six long names, three hands (a Muss, two normal hands)."""
    result = run("new", "--game", "kratzen", "--players", ",".join(NAMES),
                 "--dealer", NAMES[0], "--json")
    assert result.code == 0, result.err
    session = re.search(r'"id": "([0-9a-f]+)"', result.out)
    assert session is not None
    sid = session.group(1)
    for hand in (["--indicator", "KC", "--tricks", "1,1,2,3"],
                 ["--indicator", "9H", "--entered", "3,4", "--tricks", "3,3,4,2"],
                 ["--indicator", "8S", "--entered", "1,5,6", "--tricks", "1,5,6,6"]):
        assert run("record", sid, *hand).code == 0
    return sid


def shown_at(run, monkeypatch, sid: str, width: int) -> list[str]:
    monkeypatch.setattr(session_commands, "terminal_width", lambda: width, raising=False)
    result = run("show", sid)
    assert result.code == 0, result.err
    return result.out.splitlines()


def hand_blocks(lines: list[str]) -> dict[int, str]:
    """Each hand's row of the table and the rows its changes were folded into, as one text."""
    start = next(i for i, line in enumerate(lines) if line.startswith("-  ---")) + 1
    blocks: dict[int, str] = {}
    number = 0
    for line in lines[start:]:
        if not line.strip():
            break
        if line[0].isdigit():
            number = int(line.split()[0])
            blocks[number] = line
        else:
            blocks[number] += " " + line.strip()
    return blocks


@pytest.mark.parametrize("width", [80, 60])
def test_show_in_a_terminal_fits_its_width_and_keeps_every_change(tmp_path, run, monkeypatch,
                                                                  six, width):
    lines = shown_at(run, monkeypatch, six, width)
    assert max(cell_width(line) for line in lines) <= width
    text = "\n".join(lines)
    for seat, name in enumerate(NAMES, start=1):  # the seats named once, each name whole
        assert re.search(rf"(seats: |\s){seat} {name}(,|$)", text, re.MULTILINE), name
    ledger = Store(tmp_path / "home").open(six).ledger()
    blocks = hand_blocks(lines)
    assert sorted(blocks) == [1, 2, 3]
    for hand in ledger.settlements:  # every player of every hand, by seat, in its row
        moved = [f"{NAMES.index(p) + 1} {format_amount(d, signed=True) if d else '±0'}"
                 for p, d in hand.deltas.items()]
        assert ", ".join(moved) in blocks[hand.number], (hand.number, blocks[hand.number])


def test_show_at_80_columns_breaks_no_word(run, monkeypatch, six):
    """Every word of the text as a pipe gets it is a whole word of the text at 80 columns
    (folded between words, never inside one), the hands' table aside (said by seat there)."""
    monkeypatch.setattr(session_commands, "terminal_width", lambda: None, raising=False)
    whole = run("show", six).out.splitlines()
    table = next(i for i, line in enumerate(whole) if line.startswith("#  "))
    end = whole.index("", table)
    words = {w for line in whole[:table] + whole[end:] for w in line.split()}
    lines = shown_at(run, monkeypatch, six, 80)
    assert max(cell_width(line) for line in lines) <= 80
    folded = {w for line in lines for w in line.split()}
    assert words <= folded, words - folded


def test_show_wide_enough_keeps_names_in_the_table(run, monkeypatch, six):
    """At 130 columns the changes stay by name, folded between players: no seat list."""
    lines = shown_at(run, monkeypatch, six, 130)
    assert max(cell_width(line) for line in lines) <= 130
    assert not any(line.startswith("seats:") for line in lines)
    assert "Friederike Schönberg-Alt -119" in hand_blocks(lines)[3]


def test_show_not_in_a_terminal_prints_what_it_always_did(tmp_path, run, six):
    """A guard (it passes before and after): a pipe gets the text unfolded, the changes by
    name on one line per hand, as scripts and the other tests read it."""
    result = run("show", six)
    opened = Store(tmp_path / "home").open(six)
    assert result.out == standings_text(opened)
    assert any(cell_width(line) > 200 for line in result.out.splitlines())
