"""The night in a few lines, to share (``share``, the settle-up screen): standings, who pays
whom, the pot left and the digest, as plain text, Markdown or a small html page; an evening
that continues another also says what it opened with, and how its results are worked out.
Pure."""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass

from ..amounts import CHANGED_SINCE, format_amount
from ..eveningwords import opening_line
from ..i18n import _, current_language, ngettext, sentence
from ..presentation import ranked_lines
from ..rules import get_ruleset
from ..settleup import Agreed
from ..settlewords import payment_line, settle_terms_words
from .source import ExportSource, md_cell, md_text


@dataclass(frozen=True, slots=True)
class _Night:
    """What a summary of one evening says, before it is written in a format: a title, the
    standings best first (rank, name, score, mark), the pot left, the settle-up agreed last
    (or ``None``) and the digest. An evening that continues another (D21) also says what it
    opened with (``opened``) and how the results of its settle-up are worked out
    (``results``, as the settle-up screen says them): the pot's payment is worked out from
    what the last evening left ("the pot pays Annemarie 164,50 EUR" said nothing of why,
    trial 32)."""

    title: str
    opened: str | None
    results: str | None
    score_name: str
    standings: list[tuple[int, str, str, str]]
    pot: str | None
    agreed: Agreed | None
    changed: bool
    digest: str


def _night(source: ExportSource) -> _Night:
    config, state = source.config, source.state
    ruleset = get_ruleset(config.game)
    standings = []
    rank, previous = 0, None
    for i, p in enumerate(ruleset.ranked(state.scores), start=1):
        score = state.scores[p]
        rank = rank if score == previous else i  # equal scores share the place (D10)
        previous = score
        mark = (_("winner") if state.finished else _("leading")) if p in state.leaders else ""
        standings.append((rank, p, format_amount(score), mark))
    pot = None if state.pot is None else (
        _("{pot} (stays in the pot)") if state.finished else "{pot}").format(
            pot=format_amount(state.pot))
    agreed, changed = source.settled_up()
    entry = source.opening()
    opened = None if entry is None else sentence(opening_line(ruleset, entry)) + "."
    results = None if entry is None or not agreed else _("Results: {words}.").format(
        words=agreed[-1].settled.words)
    day = source.started()[:10]
    if state.finished:
        title = ngettext("{game}, {day}: session {id}, {count} hand, finished",
                         "{game}, {day}: session {id}, {count} hands, finished",
                         state.hands_played)
    else:
        title = ngettext("{game}, {day}: session {id}, {count} hand",
                         "{game}, {day}: session {id}, {count} hands", state.hands_played)
    return _Night(title=title.format(game=ruleset.title, day=day, id=source.session_id,
                                     count=state.hands_played), opened=opened, results=results,
                  score_name=ruleset.score_words(), standings=standings, pot=pot,
                  agreed=agreed[-1] if agreed else None, changed=changed,
                  digest=source.digest)


def _settle_words(agreed: Agreed) -> str:
    return _("Settled up after hand {number}, {terms}:").format(
        number=agreed.settled.after_hand, terms=settle_terms_words(agreed.settled))


def night_text(source: ExportSource) -> str:
    """The evening as plain text for a group chat: standings, who pays whom (the settle-up
    agreed last), the pot left and the digest. Names are written as they are."""
    night = _night(source)
    lines = [night.title, *([night.opened] if night.opened else []), "",
             _("Standings ({score}):").format(score=night.score_name)]
    lines += [f"  {line}" for line in ranked_lines(night.standings)]
    if night.pot is not None:
        lines.append(_("Pot left: {pot}").format(pot=night.pot))
    lines.append("")
    if night.agreed is None:
        lines.append(_("Not settled up yet."))
    else:
        settled = night.agreed.settled
        lines.append(_settle_words(night.agreed))
        lines += [f"  {payment_line(settled, t)}" for t in settled.transfers] or [
            "  " + _("nobody pays anybody")]
        if night.results:
            lines.append(night.results)
        if night.changed:
            lines.append("(" + _(CHANGED_SINCE) + ")")
    lines += ["", _("Digest: {digest}").format(digest=night.digest)]
    return "\n".join(lines) + "\n"


def night_md(source: ExportSource) -> str:
    """The evening in Markdown (names escaped as in the md export)."""
    night = _night(source)
    lines = [f"## {night.title}", "", *([md_text(night.opened), ""] if night.opened else []),
             "| # | " + _("player") + f" | {night.score_name} |",
             "| ---: | --- | ---: |"]
    lines += [f"| {rank} | {md_cell(name)}" + (f" ({mark})" if mark else "") + f" | {score} |"
              for rank, name, score, mark in night.standings]
    lines.append("")
    if night.pot is not None:
        lines += [_("Pot left: {pot}").format(pot=night.pot), ""]
    if night.agreed is None:
        lines.append(_("Not settled up yet."))
    else:
        settled = night.agreed.settled
        lines += [_settle_words(night.agreed), ""]
        lines += [f"- {payment_line(settled, t, md_cell)}" for t in settled.transfers] or [
            "- " + _("nobody pays anybody")]
        if night.results:
            lines += ["", md_text(night.results)]
        if night.changed:
            lines += ["", "*" + _(CHANGED_SINCE) + "*"]
    lines += ["", _("Digest: `{digest}`").format(digest=night.digest)]
    return "\n".join(lines) + "\n"


def night_html(source: ExportSource) -> str:
    """The evening as one small self-contained page (names escaped)."""
    night = _night(source)
    e = html.escape
    out = ["<!DOCTYPE html>", f'<html lang="{current_language()}"><head><meta charset="utf-8">',
           f"<title>{e(night.title)}</title>",
           "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
           "td,th{border:1px solid #bbb;padding:.2em .6em}td.n{text-align:right}</style>"
           "</head><body>", f"<h1>{e(night.title)}</h1>",
           *([f"<p>{e(night.opened)}</p>"] if night.opened else []),
           "<table><tr><th>#</th><th>" + e(_("player"))
           + f"</th><th>{e(night.score_name)}</th></tr>"]
    out += [f"<tr><td class=n>{rank}</td><td>{e(name)}{f' ({mark})' if mark else ''}</td>"
            f"<td class=n>{e(score)}</td></tr>" for rank, name, score, mark in night.standings]
    out.append("</table>")
    if night.pot is not None:
        out.append("<p>" + e(_("Pot left: {pot}").format(pot=night.pot)) + "</p>")
    if night.agreed is None:
        out.append("<p>" + e(_("Not settled up yet.")) + "</p>")
    else:
        settled = night.agreed.settled
        out += [f"<p>{e(_settle_words(night.agreed))}</p>", "<ul>"]
        out += [f"<li>{payment_line(settled, t, e)}</li>" for t in settled.transfers] or [
            "<li>" + e(_("nobody pays anybody")) + "</li>"]
        out.append("</ul>")
        if night.results:
            out.append(f"<p>{e(night.results)}</p>")
        if night.changed:
            out.append("<p><em>" + e(_(CHANGED_SINCE)) + "</em></p>")
    out += ["<p>" + _("Digest {digest}").format(digest=f"<code>{e(night.digest)}</code>")
            + "</p>", "</body></html>"]
    return "\n".join(out) + "\n"


NIGHT_FORMATS: dict[str, tuple[str, Callable[[ExportSource], str]]] = {
    "text": ("txt", night_text), "md": ("md", night_md), "html": ("html", night_html)}
"""The summary of an evening to share, by format: the file suffix and the writer."""
