"""The season's table in words and formats: text, csv, md, html and JSON (``SEASON_FORMATS``),
and the words a season's cells share (money, averages, units, the notes). Pure.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from . import jsontext
from .amounts import CHANGED_SINCE, format_amount, money_text, to_decimal_string
from .cells import text_table
from .i18n import N_, _, current_language, ngettext
from .season import GameTable, Season, Tally, average_is_exact

UNIT_WORDS = {"chip": N_("chips"), "point": N_("points")}


def _money_words(money: Mapping[str, Decimal], sep: str = ", ") -> str:
    return sep.join(money_text(v, c) for c, v in sorted(money.items()))


def money_cell(t: Tally, lines: bool = False) -> str:
    """A player's money as people read it: the current money by currency, then how many
    evenings' money is stale (left out: hands changed after their settle-up); ``lines``:
    each currency, and the stale evenings, on a line of its own."""
    words = _money_words(t.money, "\n" if lines else ", ")
    if t.stale:
        stale = ngettext("{count} evening stale", "{count} evenings stale", t.stale).format(
            count=t.stale)
        joint = "\n" if lines else "; "
        words = f"{words}{joint}{stale}" if words else stale
    return words


def average_words(t: Tally) -> str:
    shown = format_amount(t.average, signed=True)
    return shown if average_is_exact(t.net, t.evenings) else "~" + shown


def unit_words(unit: str) -> str:
    name = UNIT_WORDS.get(unit)
    return _(name) if name else unit


def _span_words(s: Season) -> str:
    if s.start and s.end:
        return _("from {start} to {end}").format(start=s.start, end=s.end)
    if s.start:
        return _("from {start}").format(start=s.start)
    if s.end:
        return _("up to {end}").format(end=s.end)
    return _("every evening")


def _headers(unit: str) -> list[str]:
    return ["#", _("player"), _("evenings"), _("hands"), _("evenings won"),
            _("net ({unit})").format(unit=unit_words(unit)), _("per evening"), _("money")]


def wins_line(table: GameTable) -> str:
    """What "evenings won" counts, under a game's table: the evenings played to the end that
    the player finished on top; and how many evenings nobody has won, because they were not
    played to the end (a rotation left unfinished: docs/rules.md, a session's end)."""
    said = _("evenings won: evenings played to the end and finished first (a tie shares the "
             "win).")
    unfinished = sum(not e.finished for e in table.evenings)
    if unfinished:
        said += " " + ngettext(
            "{count} evening was not played to the end: nobody has won it.",
            "{count} evenings were not played to the end: nobody has won them.",
            unfinished).format(count=unfinished)
    return said


def season_rows(table: GameTable, money_lines: bool = False) -> list[list[str]]:
    """A game's table as rows of text for people: rank, player, evenings, hands, wins, net,
    per evening (``~`` when rounded), money (``money_lines``: a line per currency)."""
    return [[str(i), t.name, str(t.evenings), str(t.hands), str(t.wins),
             format_amount(t.net, signed=True), average_words(t), money_cell(t, money_lines)]
            for i, t in enumerate(table.players, start=1)]


def season_lines(s: Season) -> list[str]:
    """The season as the command line prints it: each game's table, then what was left out
    and the look-alike names to decide."""
    lines: list[str] = []
    if not s.tables:
        lines.append(_("No evening with a hand played {span}.").format(span=_span_words(s)))
    for table in s.tables:
        if lines:
            lines.append("")
        n = len(table.evenings)
        lines.append(ngettext("{game}, {span}: {count} evening", "{game}, {span}: {count} "
                              "evenings", n).format(game=table.ruleset.title,
                                                    span=_span_words(s), count=n))
        lines += text_table(_headers(table.ruleset.unit), season_rows(table),
                        right={0, 2, 3, 4, 5, 6, 7})
        lines += textwrap.wrap(wins_line(table), width=79)  # a terminal of 80 columns
    lines += notes_lines(s.lookalikes, s.skipped, s.stale)
    return lines


def notes_lines(pairs: Sequence[tuple[str, str]], skipped: Sequence[tuple[str, str]],
                stale: Sequence[str] = ()) -> list[str]:
    """The evenings left out (damaged files), the evenings whose money is left out (stale)
    and the look-alike names still to decide."""
    lines: list[str] = []
    for file, problem in skipped:
        lines.append(_("left out: {file}: {problem}").format(file=file, problem=problem))
    for session in stale:
        lines.append(_("money left out: session {id}: {problem}").format(
            id=session, problem=_(CHANGED_SINCE)))
    if pairs:
        lines += ["", _("These names look alike and are counted as two players until you say:")]
        for a, b in pairs:
            lines.append(f"  {a} / {b}")
        lines.append(_("  one person: scorekeeper player merge NAME OTHER; two people: "
                       "scorekeeper player apart NAME OTHER"))
    return lines


def season_document(s: Season) -> dict[str, Any]:
    """The season as JSON (docs/contract.md): every amount an exact decimal string, except
    ``average`` (net ÷ evenings, rounded to the hundredth, half to even)."""
    tables = []
    for table in s.tables:
        keyed = [dict(zip(keys, e.seats, strict=True))
                 for keys, e in zip(table.keys, table.evenings, strict=True)]
        names = {t.key: t.name for t in table.players}
        tables.append({
            "game": table.ruleset.game, "unit": table.ruleset.unit,
            "evenings": len(table.evenings),
            "players": [{"name": t.name, "evenings": t.evenings, "hands": t.hands,
                         "wins": t.wins, "net": to_decimal_string(t.net),
                         "average": to_decimal_string(t.average),
                         "money": {c: to_decimal_string(v) for c, v in sorted(t.money.items())},
                         "money_stale": t.stale}
                        for t in table.players],
            "sessions": [{"id": e.session, "started": e.started, "hands": e.hands,
                          "finished": e.finished, "money_stale": e.money_stale,
                          "results": {names[k]: to_decimal_string(seat.net)
                                      for k, seat in seats.items()}}
                         for e, seats in zip(table.evenings, keyed, strict=True)]})
    return {"game": s.game, "from": s.start.isoformat() if s.start else None,
            "to": s.end.isoformat() if s.end else None, "tables": tables,
            "lookalikes": [list(pair) for pair in s.lookalikes],
            "skipped": [{"file": f, "problem": p} for f, p in s.skipped]}


def season_json(s: Season) -> str:
    return jsontext.indented(season_document(s)) + "\n"


def season_text(s: Season) -> str:
    return "\n".join(season_lines(s)) + "\n"


def season_csv(s: Season) -> str:
    """One row per player and game; a money column per currency. Text cells a spreadsheet would
    run as a formula are neutralised."""
    import csv
    import io

    from .export.data import csv_text_cell

    currencies = sorted({c for t in s.tables for p in t.players for c in p.money})
    stale = ["money stale"] if s.stale else []  # evenings whose money is left out
    rows: list[list[Any]] = [["game", "rank", "player", "evenings", "hands", "wins", "net",
                              "average", *(f"money {c}" for c in currencies), *stale]]
    for table in s.tables:
        for i, t in enumerate(table.players, start=1):
            rows.append([table.ruleset.game, i, csv_text_cell(t.name), t.evenings, t.hands,
                         t.wins, to_decimal_string(t.net), to_decimal_string(t.average),
                         *(to_decimal_string(t.money[c]) if c in t.money else ""
                           for c in currencies), *([t.stale] if stale else [])])
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    return buffer.getvalue()


def season_md(s: Season) -> str:
    """The season as Markdown: a table per game; names shown literally."""
    from .export.source import md_cell, md_text

    lines = ["# " + _("Season: {span}").format(span=_span_words(s))]
    for table in s.tables:
        n = len(table.evenings)
        lines += ["", "## " + ngettext("{game}: {count} evening", "{game}: {count} evenings",
                                       n).format(game=table.ruleset.title, count=n), ""]
        lines.append("| " + " | ".join(_headers(table.ruleset.unit)) + " |")
        lines.append("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for row in season_rows(table):
            row[1] = md_cell(row[1])
            lines.append("| " + " | ".join(row) + " |")
        lines += ["", md_text(wins_line(table))]  # the program's words: no "\(" (trial 34)
    notes = notes_lines(s.lookalikes, s.skipped, s.stale)
    if notes:
        lines += [""] + [md_text(line) if line else "" for line in notes]
    return "\n".join(lines) + "\n"


def season_html(s: Season) -> str:
    """One self-contained page: a table per game and a chart of each player's running total
    over the evenings (an SVG line per player, with a key); names escaped."""
    import html

    from .export.pages import svg_chart

    e = html.escape
    title = e(_("Season: {span}").format(span=_span_words(s)))
    out = ["<!DOCTYPE html>",
           f'<html lang="{current_language()}"><head><meta charset="utf-8">',
           f"<title>{title}</title>",
           "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;"
           "margin:1em 0}td,th{border:1px solid #bbb;padding:.2em .6em}td.n{text-align:right}"
           "</style></head><body>", f"<h1>{title}</h1>"]
    for table in s.tables:
        n = len(table.evenings)
        out.append("<h2>" + e(ngettext("{game}: {count} evening", "{game}: {count} evenings", n)
                              .format(game=table.ruleset.title, count=n)) + "</h2>")
        out.append("<table><tr>" + "".join(f"<th>{e(h)}</th>"
                                           for h in _headers(table.ruleset.unit)) + "</tr>")
        for row in season_rows(table):
            out.append("<tr>" + "".join(f"<td>{e(c)}</td>" if i == 1 else
                                        f"<td class=n>{e(c)}</td>"
                                        for i, c in enumerate(row)) + "</tr>")
        out.append("</table>")
        out.append("<p>" + e(wins_line(table)) + "</p>")
        out.append(svg_chart(table.running_totals(), legend=True,
                             label=_("running total by evening"),
                             axis=_("evening (0 to {last})").format(last=n)))
    notes = notes_lines(s.lookalikes, s.skipped, s.stale)
    if notes:
        out.append("<ul>" + "".join(f"<li>{e(line.strip())}</li>" for line in notes if line)
                   + "</ul>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


SEASON_FORMATS = {"text": season_text, "csv": season_csv, "md": season_md, "html": season_html,
                  "json": season_json}
