"""Trial 34's findings on the md and html exports: the chart's end labels overprinted and cut,
its axes bare; gains without "+" in the settle-up tables; "UTC" in md only; parentheses
escaped in some md paragraphs; a trailing space after "Pot: 2."; an empty P column."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path
from xml.etree import ElementTree

import pytest

from scorekeeper.export.pages import export_html, export_md, svg_chart
from scorekeeper.export.source import local_minute, md_cell, md_text
from scorekeeper.export.svgchart import LINE, place_labels, text_width, x_ticks, y_ticks
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.script import replay_file
from scorekeeper.store import Store

from .conftest import EXAMPLES

SVG = "{http://www.w3.org/2000/svg}"
LONG = ["Maria Fernanda Gonçalves", "João Pedro Sousa Ribeiro", "Ana Rita Vasconcelos Gil",
        "Luís Manuel Gomes Santos", "Catarina Sofia Magalhães", "Francisco José Rebelo Sá"]


def _store(home: Path) -> Store:
    return Store(home, now=lambda: "2026-12-03T21:15:00.000000Z")


def _letzter_stich(home: Path, hands: int = 4) -> tuple[Store, str]:
    """Trial 34's evening: Anna, Ben and Cleo end on 4 chips, Dora on 6, the pot on 2."""
    store = _store(home)
    config = make_config("letzter-stich", ["Anna", "Ben", "Cleo", "Dora"], "Anna")
    last = ["Cleo", None, "Ben", "Anna"]  # hand 2: Dora sweeps
    records = [HandRecord(tricks=(("Dora",) * 8 if who is None else ("Dora",) * 7 + (who,)))
               for who in last[:hands]]
    return store, store.create(config, records).id


def _ends(svg: str) -> tuple[ElementTree.Element, list[ElementTree.Element]]:
    """The chart and its lines' end labels (the texts right of the plot)."""
    tree = ElementTree.fromstring(svg)
    axis = tree.find(f"{SVG}line")
    assert axis is not None
    plot_right = max(float(line.get("x2", 0)) for line in tree.findall(f"{SVG}line")[:2])
    return tree, [t for t in tree.findall(f"{SVG}text") if float(t.get("x", 0)) > plot_right]


# ---- 1. the chart ------------------------------------------------------------------------------

def test_labels_of_equal_scores_are_a_line_apart_inside_the_plot(tmp_path):
    store, session = _letzter_stich(tmp_path)
    page = export_html(store.open(session).export_source())
    svg = page[page.index("<svg"):page.index("</svg>") + 6]
    tree, ends = _ends(svg)
    assert sorted(t.text or "" for t in ends) == ["Anna 4", "Ben 4", "Cleo 4", "Dora 6"]
    ys = sorted(float(t.get("y", 0)) for t in ends)
    assert all(b - a >= LINE for a, b in zip(ys, ys[1:], strict=False)), ys
    axis_y = float(tree.findall(f"{SVG}line")[1].get("y1", 0))
    assert ys[-1] <= axis_y + 4 and ys[0] >= 16


def test_long_names_are_never_cut_at_the_right_edge():
    values = [Decimal("-75.5"), Decimal("-133.5"), Decimal(-25), Decimal(270), Decimal(-32),
              Decimal(-70)]
    series = {name: [Decimal(0), end] for name, end in zip(LONG, values, strict=True)}
    svg = svg_chart(series, legend=True)
    tree, ends = _ends(svg)
    width = float(tree.get("width", 0))
    assert tree.get("viewBox") == f"0 0 {tree.get('width')} {tree.get('height')}"
    assert {t.text for t in ends} == {f"{n} {v}" for n, v in
                                      zip(LONG, ["-75½", "-133½", "-25", "270", "-32", "-70"],
                                          strict=True)}
    for t in ends + tree.findall(f"{SVG}text"):
        if t.get("text-anchor") is None:  # drawn to the right of its x
            assert float(t.get("x", 0)) + text_width(t.text or "") <= width, t.text
    ys = sorted(float(t.get("y", 0)) for t in ends)
    assert all(b - a >= LINE for a, b in zip(ys, ys[1:], strict=False)), ys


def test_a_name_longer_than_a_label_is_shortened_there_and_whole_in_the_key():
    name = "Ein sehr langer Spielername, länger als erlaubt"
    svg = svg_chart({name: [Decimal(0), Decimal(3)], "Ben": [Decimal(0), Decimal(-3)]},
                    legend=True)
    assert f">{name}: 3</text>" in svg and f">{name} 3</text>" not in svg
    shortened = re.findall(r">([^<>]*)… 3</text>", svg)
    assert len(shortened) == 1 and name.startswith(shortened[0]) and len(shortened[0]) >= 20


def test_labels_that_cannot_all_be_placed_are_left_out_not_overprinted():
    spots = place_labels([100.0] * 30, 16.0, 252.0)
    kept = sorted(s for s in spots if s is not None)
    assert 1 < len(kept) < 30
    assert all(b - a >= LINE for a, b in zip(kept, kept[1:], strict=False))
    assert kept[0] >= 16 and kept[-1] <= 252


def test_the_y_axis_writes_exact_figures_between_its_ends():
    ticks = y_ticks(Decimal("-133.5"), Decimal(300), 236)
    assert ticks[0] == 300 and ticks[-1] == Decimal("-133.5")
    assert ticks[1:-1] == [200, 100, 0, -100]
    assert y_ticks(Decimal(4), Decimal(6), 236) == [6, 5, 4]  # whole ends: whole steps
    small = y_ticks(Decimal("-0.75"), Decimal("1.5"), 236)
    assert all((t * 4) == (t * 4).to_integral_value() for t in small) and len(small) > 2
    svg = svg_chart({"Anna": [Decimal(0), Decimal("1.5")], "Ben": [Decimal(0), Decimal("-0.75")]})
    figures = re.findall(r'text-anchor="end" font-size="11">([^<]*)<', svg)
    assert len(figures) > 2 and all(re.fullmatch(r"-?\d*[¼½¾]?", f) for f in figures), figures


def test_the_x_axis_numbers_the_hands():
    assert x_ticks(4) == [0, 1, 2, 3, 4]
    assert x_ticks(100) == [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]
    assert x_ticks(0) == [0] and x_ticks(23)[-1] == 23
    svg = svg_chart({"Anna": [Decimal(n) for n in range(5)]})
    assert re.findall(r'text-anchor="middle" font-size="11">(\d+)<', svg) == list("01234")
    assert ">hand (0 to 4)</text>" in svg


# ---- 2., 3. the settle-up: gains with "+", the time as in html and show -----------------------

def test_the_settled_up_tables_sign_gains_and_say_the_time_alike(tmp_path):
    store, session = _letzter_stich(tmp_path)
    store.settle_up(session, Decimal("0.10"), "EUR")
    source = store.open(session).export_source()
    md, page = export_md(source), export_html(source)
    assert "| Dora | +1 chip | 0.10 EUR |" in md and "| pot | +2 chips | 0.20 EUR |" in md
    assert "| Anna | -1 chip | -0.10 EUR |" in md
    assert "<td>Dora</td><td class=n>+1 chip</td><td class=n>0.10 EUR</td>" in page
    when = local_minute("2026-12-03T21:15:00.000000Z")  # "2026-12-03 21:15" in UTC
    heading = f"After hand 4 ({when}), at 0.10 EUR a chip:"
    assert heading in md and heading in page and "UTC" not in md


# ---- 4., 5., 6. the md's escapes, spaces and columns ------------------------------------------

def test_our_words_are_not_escaped_and_names_stay_neutral():
    assert md_text("goes on in session afed6c77 (the next evening): no more hands here.") == (
        "goes on in session afed6c77 (the next evening): no more hands here.")
    assert md_text("name: [red]x *x* A|B <b>") == "name: \\[red\\]x \\*x\\* A\\|B \\<b\\>"
    assert md_cell("[D](x)") == "\\[D\\]\\(x\\)" and md_cell("Jean-Luc Dr. No") == "Jean-Luc Dr. No"
    assert md_cell("-Bob") == "\\-Bob" and md_cell("1. x") == "1\\. x" and md_cell("# x") == "\\# x"
    assert md_text("x_y ~z~ `c` \\") == "x\\_y \\~z\\~ \\`c\\` \\\\"


def test_the_md_of_a_continued_evening_escapes_no_parenthesis_of_ours(tmp_path):
    store = Store(tmp_path / "home", now=lambda: "2026-12-03T21:15:00.000000Z")
    ledger = replay_file(EXAMPLES / "kratzen.toml")
    first = store.create(ledger.config, [s.record for s in ledger.settlements][:3])
    second = store.next_evening(first.id, expect=first.digest).session
    md = export_md(store.open(first.id).export_source())
    assert f"session {second.id} (the next evening): " in md and "\\(" not in md
    assert not [line for line in md.splitlines() if line.endswith(" ")]


@pytest.mark.parametrize("names", [["[red]x", "*x*", "A|B"], ["Anna", "Ben", "Cleo"]])
def test_no_md_line_ends_in_a_space(tmp_path, names):
    store = _store(tmp_path)
    config = make_config("letzter-stich", [*names, "Dora"], names[0])
    session = store.create(config, [HandRecord(tricks=("Dora",) * 7 + (names[1],))]).id
    store.settle_up(session, Decimal("0.10"), "EUR")
    md = export_md(store.open(session).export_source())
    assert "Pot: 1.\n" in md
    assert [line for line in md.splitlines() if line != line.rstrip()] == []
    if names[0] == "[red]x":
        assert "\\[red\\]x" in md and "\\*x\\*" in md and "A\\|B" in md
        assert "[red]x" not in md.replace("\\[red\\]x", "")


def test_letzter_stich_has_no_empty_stake_column_and_kratzen_keeps_it(tmp_path):
    store, session = _letzter_stich(tmp_path / "ls")
    md = export_md(store.open(session).export_source())
    assert "| # | dealer | kind | pot before | pot after | Anna | Ben | Cleo | Dora |" in md
    assert "| 1 | Anna | last trick | 0 | 1 | ±0 | ±0 | -1 | ±0 |" in md
    kratzen = Store(tmp_path / "k")
    ledger = replay_file(EXAMPLES / "kratzen.toml")
    k = kratzen.create(ledger.config, [s.record for s in ledger.settlements]).id
    assert "| pot before | P | pot after |" in export_md(kratzen.open(k).export_source())


def test_the_html_ledger_of_a_game_without_a_pot_has_no_pot_column(tmp_path):
    store = _store(tmp_path)
    ledger = replay_file(EXAMPLES / "letzter.toml")
    session = store.create(ledger.config, [s.record for s in ledger.settlements][:2]).id
    page = export_html(store.open(session).export_source())
    assert "<th>pot after</th>" not in page and "<th>reason</th><th>changes</th>" in page
    ledger_part = page[page.index("<th>hand</th>"):]
    headings = ledger_part.split("</tr>")[0].count("<th>")
    first_rows = [r for r in ledger_part.splitlines() if r.startswith("<tr><td class=n")]
    assert first_rows and {r.count("<td") for r in first_rows} == {headings}
