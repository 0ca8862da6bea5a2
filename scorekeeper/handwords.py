"""A hand recorded or amended, in words: what each player pays or receives (and where that
leaves them), one end of a transfer, what an amendment changes hand by hand, why a later hand
no longer fits, and what ``record`` says next (who deals and leads, the digest). The command
line and the table app both say them this way. Pure."""

from __future__ import annotations

from collections.abc import Collection
from decimal import Decimal
from typing import TYPE_CHECKING

from .amounts import format_amount
from .cells import cell_width
from .cells import pad as _pad
from .documents import pot_label
from .i18n import _, ngettext
from .ledger import HandChanged
from .presentation import change_text, winners_words
from .rules import POT, End, Ruleset, Settlement, TableState
from .rules.results import present

if TYPE_CHECKING:
    from .sessionview import SessionView


def end_words(end: End, players: Collection[str]) -> str:
    """One end of a transfer as people read it: a player's name as typed, the pot as
    ``pot_label`` says it, the penalty points as their word, in the language in use."""
    if isinstance(end, str):
        return end
    return pot_label(players) if end is POT else _("penalty points")


def payment_lines(ruleset: Ruleset, players: tuple[str, ...], deltas: dict[str, Decimal],
                  scores: dict[str, Decimal], pot_before: Decimal | None,
                  pot_after: Decimal | None) -> list[str]:
    """What each player pays or receives in a hand (penalty points where points are written
    down), where that leaves them, and the pot: the words the command line and the table app
    both use. Each column as wide as its widest cell in the language in use (``+1 ponto de
    penalização`` is wider than ``pays 4``), the scores lined up on the right."""
    pot = pot_label(players)
    rows = []
    for p in players:
        d = deltas[p]
        if ruleset.unit == "point":  # points are written down, not paid
            what = ruleset.points_words(d) if d else _("nothing")
        elif d < 0:
            what = _("pays {amount}").format(amount=format_amount(-d))
        elif d > 0:
            what = _("receives {amount}").format(amount=format_amount(d))
        else:
            what = _("nothing")
        rows.append((p, what, _("now {score}"), format_amount(scores[p])))
    name = max(cell_width(p) for p in players + (pot,))
    lines = lined_up(rows, name)
    if pot_after is not None:
        lines.append(f"{_pad(pot, name)}  "
                     f"{format_amount(present(pot_before, 'the pot before'))} -> "
                     f"{format_amount(pot_after)}")
    return lines


def lined_up(rows: list[tuple[str, str, str, str]], name: int = 0) -> list[str]:
    """Rows of a name, what happened, the words around a figure (``now {score}``) and the
    figure, in columns: every column as wide as its widest cell (the names at least
    ``name``), the figures right-aligned where the words put them, in terminal cells."""
    name = max([name, *(cell_width(row[0]) for row in rows)])
    what = max(cell_width(row[1]) for row in rows)
    figure = max(cell_width(row[3]) for row in rows)
    return [f"{_pad(row[0], name)}  {_pad(row[1], what)}  "
            + row[2].format(score=_pad(row[3], figure, right=True)) for row in rows]


def amendment_lines(players: tuple[str, ...], before: dict[str, Decimal],
                    after: dict[str, Decimal], changes: dict[str, Decimal],
                    pot_before: Decimal | None, pot_after: Decimal | None) -> list[str]:
    """Every player's score before and after an amendment, and the pot, in columns: the
    names, the scores before, after, and the change, each figure right-aligned."""
    no_change = _("no change")
    rows = [[p, format_amount(before[p]), format_amount(after[p]),
             f"({format_amount(changes[p], signed=True) if changes[p] else no_change})"]
            for p in players]
    if pot_after is not None:
        rows.append([pot_label(players), format_amount(present(pot_before, "the pot before")),
                     format_amount(pot_after), ""])
    widths = [max(cell_width(row[i]) for row in rows) for i in range(4)]
    return [(f"{_pad(row[0] + ':', widths[0] + 1)} {_pad(row[1], widths[1], right=True)} -> "
             f"{_pad(row[2], widths[2], right=True)}  {row[3]}").rstrip() for row in rows]


def amendment_effect_lines(ruleset: Ruleset, players: tuple[str, ...],
                           effects: list[HandChanged]) -> list[str]:
    """What an amendment does hand by hand: each amended hand and every later hand whose
    figures change (``hand 3: Ben +5½ -> +10¾, …; pot after 66 -> 129``), then the later
    hands that stay as they were."""
    lines, same = [], []
    for e in effects:
        if e.unchanged and not e.amended:
            same.append(e.number)
            continue
        parts = []
        if e.kind_changed:
            parts.append(f"{ruleset.kind_words(e.before.kind)} -> "
                         f"{ruleset.kind_words(e.after.kind)}")
        moved = e.moved()
        if moved:
            parts.append(", ".join(f"{p} {change_text(b)} -> {change_text(a)}"
                                   for p, (b, a) in moved.items()))
        if e.pot_moved and e.after.pot_after is not None:
            parts.append(_("{pot} after {before} -> {after}").format(
                pot=pot_label(players),
                before=format_amount(present(e.before.pot_after, "the pot after")),
                after=format_amount(e.after.pot_after)))
        if not parts:
            parts.append(_("nobody's figures change"))
        head = (_("hand {number} (amended)") if e.amended else _("hand {number}")).format(
            number=e.number)
        lines.append(f"{head}: {'; '.join(parts)}")
    if same:
        lines.append(ngettext("hand {numbers}: as before", "hands {numbers}: as before",
                              len(same)).format(numbers=number_ranges(same)))
    return lines


def number_ranges(numbers: list[int]) -> str:
    """``4 to 7, 9``: numbers in order, runs written as ranges."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else
                     _("{first} to {last}").format(first=r[0], last=r[-1]) for r in runs)


def misfit_words(players: tuple[str, ...], hand: int, amended: Collection[int], detail: str,
                 pot_was: Decimal | None, pot_now: Decimal | None) -> str:
    """Why hand ``hand`` no longer fits its record once ``amended`` are amended, in words:
    what changed before it (the pot it begins with) and what the rules say of it."""
    numbers = ", ".join(str(n) for n in sorted(amended))
    lead = ngettext("hand {number} no longer fits what was recorded for it once hand "
                    "{numbers} is amended",
                    "hand {number} no longer fits what was recorded for it once hands "
                    "{numbers} are amended", len(amended)).format(number=hand, numbers=numbers)
    if pot_now is not None and pot_was is not None and pot_now != pot_was:
        lead += ": " + _("the pot holds {now} when hand {number} begins (it held {was})").format(
            now=format_amount(pot_now), number=hand, was=format_amount(pot_was))
        return f"{lead}; {detail}"
    return f"{lead}: {detail}"


def payments_text(session: SessionView, settlement: Settlement, state: TableState) -> str:
    """What each player pays or receives in a hand just recorded, indented for the terminal."""
    return "\n".join("  " + line for line in payment_lines(
        session.ruleset, session.config.players, settlement.deltas, state.scores,
        settlement.pot_before, settlement.pot_after))


def next_text(session: SessionView, state: TableState) -> str:
    """Who deals and leads the next hand (or that the session is over), and the digest."""
    if state.finished:
        return _("the session is finished; {winners}; digest {digest}").format(
            winners=winners_words(state.leaders), digest=session.digest)
    went_on = session.continued_by  # (read from the file's rows: no event made a model)
    if went_on is not None:  # no next hand here: it is the next evening's (D21)
        return _("no more hands here: the evening goes on in session {id}; digest "
                 "{digest}").format(id=went_on, digest=session.digest)
    return _("next: hand {number}, {dealer} deals, {leader} leads; digest {digest}").format(
        number=state.hands_played + 1, dealer=state.dealer, leader=state.leader,
        digest=session.digest)
