"""The standings and the hands of a ledger in words: the standings table (best first, the
pot, who deals next), a line per hand with every player's change, the referee's findings kept
with the hands, the last hand in one line, the places and the standings to share. ``show``,
``replay``, the exports and the table app say them this way; the rest of the words for people
are in their own modules (showtext, handwords, countwords, settlewords, eveningwords,
guidewords). Pure.
"""

from __future__ import annotations

from collections.abc import Collection
from decimal import Decimal

from .amounts import format_amount
from .cells import cell_width
from .cells import pad as _pad
from .cells import text_table as _table
from .i18n import _, sentence
from .ledger import Ledger
from .rules import RULESETS, SessionConfig, Settlement
from .rules.results import present


def standings_lines(ledger: Ledger, went_on: str | None = None) -> list[str]:
    """The standings as a small table, best first, with the pot and who deals next (or, when
    the evening went on in session ``went_on``, that it did: no next hand is dealt here)."""
    ruleset = ledger.ruleset
    state = ledger.state
    order = ruleset.ranked(state.scores)
    rows = [[("* " if p in state.leaders else "  ") + p, format_amount(state.scores[p])]
            for p in order]
    lines = [f"{ruleset.title}: {', '.join(ledger.config.players)}"]
    lines += _table(["  " + _("player"), ruleset.score_words()], rows, right={1})
    if state.pot is not None:
        pot = format_amount(state.pot)
        if state.finished and state.pot:
            lines.append(_("pot: {pot} (stays in the pot)").format(pot=pot))
        else:
            lines.append(_("pot: {pot}").format(pot=pot))
    planned = ruleset.planned_hands(ledger.config)
    played = (_("{played} of {planned}").format(played=state.hands_played, planned=planned)
              if planned else f"{state.hands_played}")
    if state.finished:
        lines.append(sentence(_("hands played: {played}; finished; {winners}").format(
            played=played, winners=winners_words(state.leaders))))
    elif went_on is not None:  # the next hand is the next evening's (D21)
        lines.append(sentence(_("hands played: {played}; the evening goes on in session "
                                "{id}").format(played=played, id=went_on)))
    else:
        lines.append(sentence(_("hands played: {played}; next hand {number}: {dealer} deals, "
                                "{leader} leads").format(
            played=played, number=state.hands_played + 1, dealer=state.dealer,
            leader=state.leader)))
    return lines


def winners_words(leaders: Collection[str]) -> str:
    """``winner: Ben`` or ``winners (shared): Ben, Dora``."""
    names = ", ".join(leaders)
    if len(leaders) == 1:
        return _("winner: {names}").format(names=names)
    return _("winners (shared): {names}").format(names=names)


UNCHANGED = "±0"  # the change of a player whose balance stayed as it was


def change_text(change: Decimal) -> str:
    """A player's change, signed (``+4¼``), or ``±0`` when their balance stayed."""
    return format_amount(change, signed=True) if change else UNCHANGED


def hand_changes(deltas: dict[str, Decimal]) -> list[tuple[str, str]]:
    """Every player of a hand with their change (``change_text``: ``±0`` for one who dropped
    or passed, or whose net is 0): the form the table's last-hand line, ``show``, ``replay``,
    the amendment's preview and the md and html exports share."""
    return [(p, change_text(d)) for p, d in deltas.items()]


def hand_lines(ledger: Ledger, width: int | None = None) -> list[str]:
    """One line per hand: number, dealer, kind, pot, every player's change (``±0`` for one
    whose balance stayed; ``no change`` when nobody's moved); with ``width``
    (a terminal's), made to fit it when wider (``showfit.fitted_hands``)."""
    rows = []
    ruleset = ledger.ruleset
    no_change = _("no change")
    for s in ledger.settlements:
        if s.pot_before is None:
            pot = ""
        elif s.stake is not None:
            pot = (f"{format_amount(s.pot_before)} -> P {format_amount(s.stake)} -> "
                   f"{format_amount(present(s.pot_after, 'the pot after'))}")
        else:
            pot = (f"{format_amount(s.pot_before)} -> "
                   f"{format_amount(present(s.pot_after, 'the pot after'))}")
        changes = (", ".join(f"{p} {d}" for p, d in hand_changes(s.deltas))
                   if any(s.deltas.values()) else no_change)
        row = [str(s.number), s.dealer, ruleset.kind_words(s.kind), pot, changes]
        rows.append(row if s.pot_before is not None else row[:3] + row[4:])
    if not rows:
        return [_("no hands yet")]
    headers = ["#", _("dealer"), _("kind"), _("pot"), _("changes")]
    if ledger.settlements[0].pot_before is None:
        headers = headers[:3] + headers[4:]
    lines = _table(headers, rows, right={0})
    if width is None or max(cell_width(line) for line in lines) <= width:
        return lines
    from .showfit import fitted_hands

    moved = [hand_changes(s.deltas) if any(s.deltas.values()) else []
             for s in ledger.settlements]
    return fitted_hands(ledger.config.players, headers, [row[:-1] for row in rows], moved,
                        no_change, width)


def places(scores: dict[str, Decimal], order: list[str]) -> list[tuple[int, str]]:
    """Each player of ``order`` (best first, as the game ranks them) with their place: the
    place of the first in ``order`` with the same score (tied players share it)."""
    first: dict[Decimal, int] = {}
    for i, player in enumerate(order, start=1):
        first.setdefault(scores[player], i)
    return [(first[scores[player]], player) for player in order]


def ranked_lines(standings: list[tuple[int, str, str, str]]) -> list[str]:
    """Standings to share as text (place, name, score, a mark such as ``winner``), in
    columns measured in terminal cells: the places and the scores right-aligned, each name
    as it was typed."""
    place = max((cell_width(f"{rank}.") for rank, *_rest in standings), default=0)
    name = max((cell_width(who) for _rank, who, *_rest in standings), default=0)
    score = max((cell_width(figure) for *_rest, figure, _mark in standings), default=0)
    return [(f"{_pad(f'{rank}.', place, right=True)} {_pad(who, name)}  "
             f"{_pad(figure, score, right=True)}" + (f"  ({mark})" if mark else ""))
            for rank, who, figure, mark in standings]


def render_text(ledger: Ledger, went_on: str | None = None, width: int | None = None) -> str:
    """Standings and hands as the terminal shows them, and the referee's findings (``went_on``:
    the session the evening went on in, ``standings_lines``; ``width``: the terminal's, which
    every line is made to fit, ``showfit``)."""
    findings = referee_lines(ledger)
    head = standings_lines(ledger, went_on) + [""]
    tail = [""] + findings if findings else []
    if width is not None:
        from .showfit import fold_lines

        head, tail = fold_lines(head, width), fold_lines(tail, width)
    return "\n".join(head + hand_lines(ledger, width) + tail) + "\n"


def referee_lines(ledger: Ledger) -> list[str]:
    """The referee's findings kept with the hands (plays that broke a duty, found when a hand
    was recorded card by card), a line each under a heading; none: no lines."""
    lines = [f"  {line}" for s in ledger.settlements
             for line in finding_lines(s, ledger.config)]
    return [_("referee's findings (kept with the hands):")] + lines if lines else []


def finding_lines(settlement: Settlement, config: SessionConfig | None = None) -> list[str]:
    """A hand's referee findings for people: ``hand 3: trick 2: Ben played 8♣: illegal: …``."""
    ruleset = RULESETS[settlement.game]
    return [_("hand {number}: {finding}").format(number=settlement.number,
                                                 finding=ruleset.finding_words(f, config))
            for f in settlement.findings]


def hands_words(numbers: Collection[int]) -> str:
    """``hand 3``, ``hands 2 and 4``, ``hands 2, 3 and 5``."""
    listed = [str(n) for n in sorted(numbers)]
    if len(listed) == 1:
        return _("hand {number}").format(number=listed[0])
    return _("hands {numbers} and {last}").format(numbers=", ".join(listed[:-1]),
                                                   last=listed[-1])


def last_hand_line(hand: Settlement, seats: tuple[str, ...] | None = None, *,
                   saved: bool = False, short: bool = False, kind: bool = True,
                   terse: bool = False, space: str = " ") -> str:
    """The last hand in one line: who dealt, what kind of hand, every player's change (``±0``
    for a player whose balance stayed: one who dropped, or a forced Muss's players); with
    ``seats`` (the players in seating order), the changes go by seat number, which is shorter
    with long names (``by seat: 1 -16, 2 +4¼, 3 ±0``). ``saved``: the hand was saved just now,
    at this table (said here rather than in a notice over the guide). ``short`` (with
    ``seats``): without who dealt (the seat after them deals now), to take one row; and
    without ``kind`` of hand, where even that is too long (changes of five digits); ``terse``
    (with both): the hand's number (and whether it was saved just now) and the changes by seat
    alone (six changes of five digits in German: "Spiel 5 gespeichert: 1 -10843, …", or
    where even that is too long "Spiel 5: 1 -10843, 2 +10842, …"). ``space``: between a
    seat (or a name) and its change (the table's: ``cells.NO_BREAK``, so that "1" never ends a
    row with "-2" under it, trial 32)."""
    changes = hand_changes(hand.deltas)
    kind_words = RULESETS[hand.game].kind_words(hand.kind)
    if not any(hand.deltas.values()):  # (short whichever way: said by name)
        words, seats = _("no change"), None
    elif seats is not None:
        words = ", ".join(f"{seats.index(p) + 1}{space}{d}" for p, d in changes)
    else:
        words = ", ".join(f"{p}{space}{d}" for p, d in changes)
    if seats is not None and short and not kind and terse:
        line = _("Hand {number} saved: {changes}") if saved else _("Hand {number}: {changes}")
    elif seats is not None and short and not kind:
        line = (_("Hand {number} saved, by seat: {changes}") if saved else
                _("Last hand {number}, by seat: {changes}"))
    elif seats is not None and short:
        line = (_("Hand {number} saved ({kind}), by seat: {changes}") if saved else
                _("Last hand {number} ({kind}), by seat: {changes}"))
    elif seats is not None:
        line = (_("Hand {number} saved ({dealer} dealt, {kind}), by seat: {changes}") if saved
                else _("Last hand ({number}, {dealer} dealt, {kind}), by seat: {changes}"))
    else:
        line = (_("Hand {number} saved ({dealer} dealt, {kind}): {changes}") if saved else
                _("Last hand ({number}, {dealer} dealt, {kind}): {changes}"))
    return line.format(number=hand.number, dealer=hand.dealer, kind=kind_words, changes=words)
