"""The exports for people: the Markdown sheet and the self-contained html page (with its SVG
chart of the scores by hand); names shown literally, escaped. Pure."""

from __future__ import annotations

import html
from decimal import Decimal

from ..amounts import CHANGED_SINCE, ZERO, format_amount, format_decimal, money_text
from ..documents import pot_label
from ..handwords import end_words
from ..i18n import _, current_language
from ..ledger import Ledger
from ..presentation import UNCHANGED, hand_changes
from ..rules import get_ruleset
from ..settleup import Agreed, SettleUp, Share, rounding_words
from ..settlewords import in_units, payment_line, settle_terms_words
from .source import (
    ExportSource,
    Once,
    count_words,
    local_minute,
    md_cell,
    md_text,
    progress_words,
    shown_amounts,
    standing_mark,
)
from .svgchart import svg_chart

__all__ = ["export_html", "export_md", "html_lines", "score_series", "svg_chart"]


def export_md(source: ExportSource) -> str:
    """A printable sheet: the standings, then one row per hand, then the chip counts."""
    config, state = source.config, source.state
    ruleset = get_ruleset(config.game)
    lines = [_("# {game}: session {id}").format(game=ruleset.title, id=source.session_id), ""]
    for line in source.evening_lines():  # a paragraph each, as the html page has them
        lines += [md_text(line), ""]
    seat_word, player_word = _("seat"), _("player")
    lines += [f"| {seat_word} | {player_word} | {ruleset.score_words()} |",
              "| ---: | --- | ---: |"]
    for seat, p in enumerate(config.players, start=1):
        mark = standing_mark(state.finished, p in state.leaders)
        lines.append(f"| {seat} | {md_cell(p)}{mark} | {format_amount(state.scores[p])} |")
    lines.append("")
    if state.pot is not None:
        lines.append(_("Pot: {pot}.").format(pot=format_amount(state.pot)))
    lines.append(progress_words(state.hands_played, state.finished, source.went_on())[:-1] + ". "
                 + _("Digest: `{digest}`.").format(digest=source.digest))
    lines.append("")
    has_pot = bool(source.settlements) and source.settlements[0].pot_before is not None
    # P, Kratzen's stake, only in a game that has one (no empty column)
    has_stake = any(h.stake is not None for h in source.settlements)
    columns = ["#", _("dealer"), _("kind")] + ([_("pot before"), "P", _("pot after")]
                                              if has_pot and has_stake else
                                              [_("pot before"), _("pot after")] if has_pot else [])
    header = "|" + "".join(f" {c} |" for c in columns)
    header += "".join(f" {md_cell(p)} |" for p in config.players)
    lines += [header, "|" + " --- |" * (header.count("|") - 1)]
    shown, change = shown_amounts(), shown_amounts(signed=True)
    change[ZERO] = UNCHANGED  # as the table says it: every player of a hand named
    dealers = {p: md_cell(p) for p in config.players}
    kinds = {k: ruleset.kind_words(k) for k in ruleset.hand_kinds}  # our words: no escapes
    for h in source.settlements:
        row = f"| {h.number} | {dealers[h.dealer]} | {kinds[h.kind]} |"
        if has_pot:
            stake = ("" if h.stake is None else shown[h.stake] + " | ") if has_stake else ""
            row += f" {shown[h.pot_before]} | {stake}{shown[h.pot_after]} |"
        deltas = h.deltas
        row += "".join(f" {change[deltas[p]]} |" for p in config.players)
        lines.append(row)
    findings = [(h.number, ruleset.finding_words(f, config)) for h in source.settlements
                for f in h.findings]
    if findings:
        lines += ["", "## " + _("Referee's findings"), ""]
        lines += ["- " + _("hand {number}: {finding}").format(number=n, finding=md_text(words))
                  for n, words in findings]
    counts = source.count_checks()
    shown = shown_amounts()
    if counts:
        lines += ["", "## " + _("Chip counts"), ""]
        for check in counts:
            lines.append("- " + count_words(md_cell, shown, check, config))
    lines += _settled_up_md(source)
    return "\n".join(lines) + "\n"


def _share_cells(settled: SettleUp, share: Share) -> tuple[str, str]:
    """A party's result (a gain with its ``+``) and its money (empty without a value), as
    people read them."""
    money = "" if share.money is None or settled.currency is None else (
        money_text(share.money, settled.currency)
        + ("" if not share.rounded else " " + _("(exactly {amount})").format(
            amount=format_decimal(share.exact or ZERO))))
    # a gain with its "+", as the settle-up screen and `settle` say it
    return in_units(share.result, settled.unit, signed=True), money


def _settled_up_md(source: ExportSource) -> list[str]:
    """The settle-ups agreed, each with every party's result and money and who pays whom."""
    agreed, changed = source.settled_up()
    if not agreed:
        return []
    lines = ["", "## " + _("Settled up")]
    for a in agreed:
        settled = a.settled
        lines += ["", _agreed_words(a), "", "| | " + _("result") + " | " + _("money") + " |",
                  "| --- | ---: | ---: |"]
        for share in settled.shares:
            name = (md_cell(share.party) if isinstance(share.party, str)
                    else md_cell(pot_label(source.config.players)))
            result, money = _share_cells(settled, share)
            lines.append(f"| {name} | {result} | {money} |")  # amounts: nothing to escape
        lines.append("")
        # The words around the names are the program's own (no Markdown in them).
        lines += [f"- {payment_line(settled, t, md_cell)}"
                  for t in settled.transfers] or ["- " + _("nobody pays anybody")]
        if settled.value is not None:
            lines += ["", rounding_words(settled)]
    if changed:
        lines += ["", "*" + _(CHANGED_SINCE) + "*"]
    return lines


def score_series(ledger: Ledger) -> dict[str, list[Decimal]]:
    """Every player's score before the first hand and after each hand."""
    ruleset = get_ruleset(ledger.config.game)
    start = ruleset.initial_state(ledger.config).scores
    series = {p: [start[p]] for p in ledger.config.players}
    for s in ledger.settlements:
        for p in ledger.config.players:
            series[p].append(s.scores_after[p])
    return series


def _series_of(source: ExportSource) -> dict[str, list[Decimal]]:
    """``score_series`` from an export's hands."""
    config = source.config
    start = get_ruleset(config.game).initial_state(config).scores
    return {p: [start[p]] + [h.scores_after[p] for h in source.settlements]
            for p in config.players}


def export_html(source: ExportSource) -> str:
    """One self-contained page (no external assets): standings, the chart, the ledger."""
    return "\n".join(html_lines(source)) + "\n"


def html_lines(source: ExportSource) -> list[str]:
    """``export_html``'s lines."""
    config, state = source.config, source.state
    ruleset = get_ruleset(config.game)
    e = html.escape
    title = e(_("{game}: session {id}").format(game=ruleset.title, id=source.session_id))
    pot = (" " + _("Pot: {pot}.").format(pot=e(format_amount(state.pot)))
           if state.pot is not None else "")
    out = ["<!DOCTYPE html>",
           f'<html lang="{current_language()}"><head><meta charset="utf-8">',
           # Laid out at a phone's own width (without it a phone lays the page out 980
           # pixels wide and shrinks it); a table wider than the screen scrolls in its box.
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{title}</title>",
           "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;"
           "margin:1em 0}td,th{border:1px solid #bbb;padding:.2em .6em}td.n{text-align:right}"
           ".wide{overflow-x:auto}svg{max-width:100%;height:auto}"
           "@media (max-width:600px){body{margin:.6em}}</style></head><body>",
           f"<h1>{title}</h1>",
           *(f"<p>{e(line)}</p>" for line in source.evening_lines()),
           "<p>" + _("Digest {digest}.").format(digest=f"<code>{e(source.digest)}</code>") + " "
           + e(progress_words(state.hands_played, state.finished, source.went_on())) + pot + "</p>",
           "<h2>" + e(_("Standings")) + "</h2>",
           "<table><tr>" + "".join(f"<th>{e(h)}</th>" for h in (_("seat"), _("player"),
                                                                 ruleset.score_words()))
           + "</tr>"]
    for seat, p in enumerate(config.players, start=1):
        mark = e(standing_mark(state.finished, p in state.leaders))
        out.append(f"<tr><td class=n>{seat}</td><td>{e(p)}{mark}</td>"
                   f"<td class=n>{e(format_amount(state.scores[p]))}</td></tr>")
    has_pot = any(h.pot_after is not None for h in source.settlements)  # not in Letzter
    headings = [_("hand"), _("time"), _("dealer"), _("kind"), _("from"), _("to"), _("amount"),
                _("reason"), *([_("pot after")] if has_pot else []), _("changes")]
    out += ["</table>", "<h2>" + e(_("Score by hand")) + "</h2>",
            svg_chart(_series_of(source), legend=True),
            "<h2>" + e(_("Ledger")) + "</h2>",
            '<div class="wide"><table><tr>' + "".join(f"<th>{e(h)}</th>" for h in headings)
            + "</tr>"]
    shown = shown_amounts()
    out += _html_ledger_rows(source, shown, has_pot)
    out.append("</table></div>")
    findings = [(h.number, ruleset.finding_words(f, config)) for h in source.settlements
                for f in h.findings]
    if findings:
        out.append("<h2>" + e(_("Referee's findings")) + "</h2><ul>")
        line = _("hand {number}: {finding}")
        out += ["<li>" + e(line.format(number=n, finding=words)) + "</li>"
                for n, words in findings]
        out.append("</ul>")
    counts = source.count_checks()
    if counts:
        out.append("<h2>" + e(_("Chip counts")) + "</h2><ul>")
        for check in counts:
            out.append(f"<li>{count_words(e, shown, check, config)}</li>")
        out.append("</ul>")
    out += _settled_up_html(source)
    out.append("</body></html>")
    return out


def _html_ledger_rows(source: ExportSource, shown: Once, has_pot: bool = True) -> list[str]:
    """The ledger's rows, grouped by hand: the hand, its time (local, to the minute), dealer,
    kind, the pot after it (``has_pot``: in a game that has one) and every player's change
    (``±0`` for one whose balance stayed, as the table says them) once, beside all of its
    transfers (``rowspan``); a hand without transfers, one row with their cells empty."""
    ruleset = get_ruleset(source.config.game)
    players = source.config.players
    e = html.escape
    times = source.hand_times()
    cells = Once(lambda t: f"<td>{e(end_words(t.source, players))}</td>"
                            f"<td>{e(end_words(t.target, players))}</td>"
                            f"<td class=n>{e(shown[t.amount])}</td>"
                            f"<td>{e(ruleset.reason_words(t.reason))}</td>")
    dealers = {p: e(p) for p in players}
    kinds = {k: e(ruleset.kind_words(k)) for k in ruleset.hand_kinds}
    minutes = Once(lambda at: e(local_minute(at)))
    no_change = e(_("no change"))
    out = []
    for h in source.settlements:
        n, span = h.number, len(h.transfers)
        rows = f" rowspan={span}" if span > 1 else ""
        pot_after = (f"<td class=n{rows}>"
                     + ("" if h.pot_after is None else e(shown[h.pot_after])) + "</td>"
                     if has_pot else "")
        moved = (e(", ".join(f"{p} {d}" for p, d in hand_changes(h.deltas)))
                 if any(h.deltas.values()) else no_change)
        first = cells[h.transfers[0]] if h.transfers else "<td colspan=4></td>"
        out.append(f"<tr><td class=n{rows}>{n}</td><td{rows}>{minutes[times.get(n, '')]}</td>"
                   f"<td{rows}>{dealers[h.dealer]}</td><td{rows}>{kinds[h.kind]}</td>"
                   f"{first}{pot_after}<td{rows}>{moved}</td></tr>")
        out += [f"<tr>{cells[t]}</tr>" for t in h.transfers[1:]]
    return out


def _settled_up_html(source: ExportSource) -> list[str]:
    """The settle-ups agreed, each with every party's result and money and who pays whom."""
    agreed, changed = source.settled_up()
    if not agreed:
        return []
    e = html.escape
    out = ["<h2>" + e(_("Settled up")) + "</h2>"]
    for a in agreed:
        settled = a.settled
        out.append(f"<p>{e(_agreed_words(a))}</p>")
        out.append("<table><tr><th></th><th>" + e(_("result")) + "</th><th>" + e(_("money"))
                   + "</th></tr>")
        for share in settled.shares:
            name = share.party if isinstance(share.party, str) else pot_label(
                source.config.players)
            result, money = _share_cells(settled, share)
            out.append(f"<tr><td>{e(name)}</td><td class=n>{e(result)}</td>"
                       f"<td class=n>{e(money)}</td></tr>")
        out.append("</table><ul>")
        out += [f"<li>{payment_line(settled, t, e)}</li>" for t in settled.transfers] or [
            "<li>" + e(_("nobody pays anybody")) + "</li>"]
        out.append("</ul>")
        if settled.value is not None:
            out.append("<p>" + e(rounding_words(settled)) + "</p>")
    if changed:
        out.append("<p><em>" + e(_(CHANGED_SINCE)) + "</em></p>")
    return out


def _agreed_words(agreed: Agreed) -> str:
    """A settle-up's heading in the md and html exports: after which hand, when (in the
    machine's zone, to the minute, as the html's ledger says its times), at what."""
    return _("After hand {number} ({time}), {terms}:").format(
        number=agreed.settled.after_hand, time=local_minute(agreed.at),
        terms=settle_terms_words(agreed.settled))
