"""Issue 26: ``show`` (and ``replay``'s text), the md and the html exports name every player of
a hand, ``±0`` for one whose balance stayed (who dropped, or whose net is 0), as the table's
last-hand line does; before, a player who dropped was left out (``show``'s hand 3 of a tester's
evening named no seat 4 nor 6; the md had an empty cell). Figures from docs/rules.md's worked
Kratzen session (examples/kratzen.toml): hand 2, Dora drops: Anna -16, Ben +11, Cleo +4, Dora
±0; hand 4, a forced Muss on a pot of 51: only Dora's 1 chip as dealer moves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.cells import cell_width
from scorekeeper.cli import sessions as session_commands
from scorekeeper.presentation import last_hand_line
from scorekeeper.store import Store

ROOT = Path(__file__).resolve().parent.parent
HAND_2 = "Anna -16, Ben +11, Cleo +4, Dora ±0"
HAND_4 = "Anna ±0, Ben ±0, Cleo ±0, Dora -1"

# Six long names (the tester's evening): the table goes by seat number at 80 columns.
SIX = ("Eleonore Weißenbach-Lutz", "Bartholomäus Grünwald-Ek", "Friederike Schönberg-Alt",
       "Maximilian Oberhuber-Kal", "Konstantin Überreiter-Da", "Annemarie Zöllner-Brandt")
# Worked by hand (rules.md, Kratzen), seats 1-6:
# 1: seat 1 deals into an empty pot, a Muss: stakes 2 + 5 x 1, P = 7; tricks 2, 3, 4, 5: seat
#    1 (dealer, 0 of 2) pays 2P = 14, seat 6 (0 of 1) pays P = 7: 1 -16, 2..5 -1, 6 -8; pot 28.
# 2: seat 2 deals, everyone plays, P = 29, a trick pays 7¼; tricks 2, 2, 3, 4: 2 -1 +14½,
#    3 and 4 +7¼, seats 5, 6, 1 took none: -29 each; pot 29 - 29 + 87 = 87.
# 3: seat 3 deals, seats 5, 1, 2 play, 4 and 6 drop; P = 88, a trick pays 22; tricks 3, 3, 5,
#    1: 3 -1 +44, 5 and 1 +22, 2 took none: -88; 4 and 6 ±0; pot 88 - 88 + 88 = 88.
SIX_HANDS = {1: "1 -16, 2 -1, 3 -1, 4 -1, 5 -1, 6 -8",
             2: "1 -29, 2 +13½, 3 +7¼, 4 +7¼, 5 -29, 6 -29",
             3: "1 +22, 2 -88, 3 +43, 4 ±0, 5 +22, 6 ±0"}


@pytest.fixture
def worked(run) -> str:
    """The worked Kratzen session of rules.md, saved; its id."""
    result = run("replay", str(ROOT / "examples" / "kratzen.toml"), "--save")
    assert result.code == 0, result.err
    found = re.search(r"saved as session ([0-9a-f]+)", result.out + result.err)
    assert found is not None, result.out
    return found.group(1)


@pytest.fixture
def six(run, tmp_path) -> str:
    script = tmp_path / "six.toml"
    names = ", ".join(f'"{n}"' for n in SIX)
    a, b, c, d, e, f = (f'"{n}"' for n in SIX)
    script.write_text(
        f'game = "kratzen"\nplayers = [{names}]\nfirst_dealer = {a}\n'
        f'[[hands]]\nindicator = "KC"\ntricks = [{b}, {c}, {d}, {e}]\n'
        f'[[hands]]\nindicator = "9C"\nentered = [{c}, {d}, {e}, {f}, {a}]\n'
        f'tricks = [{b}, {b}, {c}, {d}]\n'
        f'[[hands]]\nindicator = "8H"\nentered = [{e}, {a}, {b}]\ntricks = [{c}, {c}, {e}, {a}]\n',
        encoding="utf-8")
    result = run("replay", str(script), "--save")
    assert result.code == 0, result.err
    found = re.search(r"saved as session ([0-9a-f]+)", result.out + result.err)
    assert found is not None, result.out
    return found.group(1)


def hand_row(lines: list[str], number: int) -> str:
    """The row of hand ``number`` in the hands' table, with the rows its changes folded into."""
    start = next(i for i, line in enumerate(lines) if line.startswith("-  ---")) + 1
    block, inside = "", False
    for line in lines[start:]:
        if not line.strip():
            break
        if line[0].isdigit():
            inside = int(line.split()[0]) == number
            if inside:
                block = line
        elif inside:
            block += " " + line.strip()
    return re.sub(r"\s+", " ", block)


def test_show_and_replay_name_a_player_who_dropped_and_a_forced_muss_players(run, worked):
    for text in (run("show", worked).out,
                 run("replay", str(ROOT / "examples" / "kratzen.toml")).out):
        lines = text.splitlines()
        assert hand_row(lines, 2).endswith(HAND_2)
        assert hand_row(lines, 4).endswith(HAND_4)


def test_show_says_each_hand_as_the_tables_last_hand_line(run, tmp_path, worked):
    lines = run("show", worked).out.splitlines()
    for hand in Store(tmp_path / "home").open(worked).ledger().settlements:
        said = last_hand_line(hand).split(": ", 1)[1]
        assert hand_row(lines, hand.number).endswith(said), (hand.number, said)


@pytest.mark.parametrize("width", [80, 60])
def test_show_in_a_terminal_by_seat_names_the_seats_that_dropped(run, monkeypatch, six, width):
    monkeypatch.setattr(session_commands, "terminal_width", lambda: width, raising=False)
    lines = run("show", six).out.splitlines()
    assert max(cell_width(line) for line in lines) <= width
    assert any(line.startswith("seats: 1 ") for line in lines)  # said by seat number
    for number, changes in SIX_HANDS.items():
        assert hand_row(lines, number).endswith(changes), (number, hand_row(lines, number))


def test_the_md_export_writes_zero_as_the_table_does(run, worked):
    sheet = run("export", worked, "--format", "md").out
    assert "| 2 | Ben | normal | 15 | 16 | 16 | -16 | +11 | +4 | ±0 |" in sheet
    assert "| 4 | Dora | forced Muss | 51 | 52 | 52 | ±0 | ±0 | ±0 | -1 |" in sheet
    assert "|  |" not in sheet  # no empty cell


def test_the_html_ledger_names_every_player_of_each_hand(run, worked):
    page = run("export", worked, "--format", "html").out
    ledger = page[page.index("<h2>Ledger</h2>"):]
    ledger = ledger[:ledger.index("</table>")]
    assert "<th>changes</th></tr>" in ledger
    assert re.search(r"<td( rowspan=\d+)?>" + re.escape(HAND_2) + "</td></tr>", ledger)
    assert re.search(r"<td( rowspan=\d+)?>" + re.escape(HAND_4) + "</td></tr>", ledger)


def test_the_html_changes_keep_names_escaped(run):
    made = run("new", "--game", "kratzen", "--players", "<b>Anna</b>,Ben & Co,Cleo,Dora",
               "--dealer", "Cleo", "--json")
    assert made.code == 0, made.err
    sid = re.search(r'"id": "([0-9a-f]+)"', made.out).group(1)
    # 1: Cleo deals into an empty pot, a Muss, P = 5: Anna took no trick, pays P.
    # 2: Dora deals, P = 11, a trick pays 2¾; Anna and Ben drop: Dora -1 + 5½, Cleo + 5½.
    for hand in (["--indicator", "KC", "--tricks", "Cleo,Cleo,Dora,Ben & Co"],
                 ["--indicator", "9C", "--entered", "Cleo", "--tricks", "Dora,Dora,Cleo,Cleo"]):
        assert run("record", sid, *hand).code == 0
    page = run("export", sid, "--format", "html").out
    assert "<b>Anna</b>" not in page
    assert ">&lt;b&gt;Anna&lt;/b&gt; -6, Ben &amp; Co -1, Cleo -2, Dora -1</td>" in page
    assert ">&lt;b&gt;Anna&lt;/b&gt; ±0, Ben &amp; Co ±0, Cleo +5½, Dora +4½</td>" in page
