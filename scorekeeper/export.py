"""Standings and ledgers in every output format. Pure: each format is a function of the data.

``standings_document`` is the JSON document fixed in CONTRACT.md; ``render_text`` the
terminal's table; further formats (csv, md, html, beancount) are registered in ``FORMATS``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .amounts import format_amount, to_decimal_string
from .ledger import Ledger
from .rules import Settlement, get_ruleset


def _amount(value: Fraction | None) -> str | None:
    return None if value is None else to_decimal_string(value)


def hand_document(settlement: Settlement) -> dict[str, Any]:
    """One hand as CONTRACT.md's ``hands[]`` entry."""
    return {
        "number": settlement.number,
        "dealer": settlement.dealer,
        "kind": settlement.kind,
        "pot_before": _amount(settlement.pot_before),
        "stake": _amount(settlement.stake),
        "pot_after": _amount(settlement.pot_after),
        "deltas": {p: to_decimal_string(d) for p, d in settlement.deltas.items()},
        "transfers": [
            {"from": t.source, "to": t.target, "amount": to_decimal_string(t.amount),
             "reason": t.reason}
            | ({"due": to_decimal_string(t.due)} if t.due is not None else {})
            for t in settlement.transfers
        ],
    }


def standings_document(ledger: Ledger) -> dict[str, Any]:
    """The standings document of CONTRACT.md (``replay --json``, ``show --json``)."""
    state = ledger.state
    return {
        "game": ledger.config.game,
        "players": [{"name": p, "score": to_decimal_string(state.scores[p])}
                    for p in ledger.config.players],
        "pot": _amount(state.pot),
        "hands_played": state.hands_played,
        "finished": state.finished,
        "leaders": list(state.leaders),
        "hands": [hand_document(s) for s in ledger.settlements],
    }


def _table(headers: list[str], rows: list[list[str]], right: set[int] = frozenset()) -> list[str]:
    widths = [len(h) for h in headers]
    for row in rows:
        widths = [max(w, len(c)) for w, c in zip(widths, row)]

    def line(cells: list[str]) -> str:
        return "  ".join(c.rjust(w) if i in right else c.ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    return [line(headers), line(["-" * w for w in widths])] + [line(r) for r in rows]


def standings_lines(ledger: Ledger) -> list[str]:
    """The standings as a small table, best first, with the pot and who deals next."""
    ruleset = get_ruleset(ledger.config.game)
    state = ledger.state
    order = sorted(ledger.config.players, key=lambda p: state.scores[p],
                   reverse=ruleset.higher_is_better)
    rows = [[("* " if p in state.leaders else "  ") + p, format_amount(state.scores[p])]
            for p in order]
    lines = [f"{ruleset.title}: {', '.join(ledger.config.players)}"]
    lines += _table(["  player", ruleset.score_name], rows, right={1})
    if state.pot is not None:
        pot = format_amount(state.pot)
        lines.append(f"pot: {pot}" + (" (stays in the pot)" if state.finished and state.pot else ""))
    planned = ruleset.planned_hands(ledger.config)
    played = f"{state.hands_played}" + (f" of {planned}" if planned else "")
    if state.finished:
        word = "winner" if len(state.leaders) == 1 else "winners (shared)"
        lines.append(f"hands played: {played}; finished; {word}: {', '.join(state.leaders)}")
    else:
        lines.append(f"hands played: {played}; next hand {state.hands_played + 1}: "
                     f"{state.dealer} deals, {state.leader} leads")
    return lines


def hand_lines(ledger: Ledger) -> list[str]:
    """One line per hand: number, dealer, kind, pot, every player's change."""
    rows = []
    for s in ledger.settlements:
        if s.pot_before is None:
            pot = ""
        elif s.stake is not None:
            pot = (f"{format_amount(s.pot_before)} -> P {format_amount(s.stake)} -> "
                   f"{format_amount(s.pot_after)}")
        else:
            pot = f"{format_amount(s.pot_before)} -> {format_amount(s.pot_after)}"
        changes = ", ".join(f"{p} {format_amount(d, signed=True)}"
                            for p, d in s.deltas.items() if d)
        row = [str(s.number), s.dealer, s.kind, pot, changes or "no change"]
        rows.append(row if s.pot_before is not None else row[:3] + row[4:])
    if not rows:
        return ["no hands yet"]
    headers = ["#", "dealer", "kind", "pot", "changes"]
    if ledger.settlements[0].pot_before is None:
        headers = headers[:3] + headers[4:]
    return _table(headers, rows, right={0})


def render_text(ledger: Ledger) -> str:
    """Standings and hands as the terminal shows them."""
    return "\n".join(standings_lines(ledger) + [""] + hand_lines(ledger)) + "\n"
