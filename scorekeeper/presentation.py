"""The words for people: standings, who pays what, amendments, chip counts, the table guide
and what to type next. The command line and the table app both say things this way. Pure.

Each game's own sentences (a hand's explanation, what to collect before the deal, the deal
steps) come from its ruleset; this module puts them together.
"""

from __future__ import annotations

from collections.abc import Collection
from decimal import Decimal
from typing import TYPE_CHECKING

from .amounts import CHANGED_SINCE, format_amount
from .cards import Card, Deck
from .cells import cell_width
from .cells import pad as _pad
from .cells import text_table as _table
from .countwords import count_checks, count_line
from .errors import ScorekeeperError
from .eveningwords import EVENING_MARKS, evening_lines, mark_line, minute, opening_line
from .history import history_marks
from .i18n import _
from .ledger import (
    HandAmended,
    HandWithdrawn,
    Ledger,
    OpeningEntry,
    SettledUp,
)
from .rules import (
    RULESETS,
    HandRecord,
    Ruleset,
    SessionConfig,
    Settlement,
)
from .rules.record import RECORD_SHAPES
from .rules.results import present

# The settle-up's arithmetic (five dataclasses compiled at import) is imported where it is
# used, not by ``show`` of a session that was never settled up (``show`` of 100 hands, a whole
# process: tests/benchmarks/test_whole_commands.py; tests/test_show_imports.py).
if TYPE_CHECKING:
    from .sessionview import SessionView
    from .settleup import SettleUp


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
        lines.append(_("hands played: {played}; finished; {winners}").format(
            played=played, winners=winners_words(state.leaders)))
    elif went_on is not None:  # the next hand is the next evening's (D21)
        lines.append(_("hands played: {played}; the evening goes on in session {id}").format(
            played=played, id=went_on))
    else:
        lines.append(_("hands played: {played}; next hand {number}: {dealer} deals, {leader} "
                       "leads").format(played=played, number=state.hands_played + 1,
                                       dealer=state.dealer, leader=state.leader))
    return lines


def winners_words(leaders: Collection[str]) -> str:
    """``winner: Ben`` or ``winners (shared): Ben, Dora``."""
    names = ", ".join(leaders)
    if len(leaders) == 1:
        return _("winner: {names}").format(names=names)
    return _("winners (shared): {names}").format(names=names)


UNCHANGED = "±0"  # the change of a player whose balance stayed as it was


def hand_changes(deltas: dict[str, Decimal]) -> list[tuple[str, str]]:
    """Every player of a hand with their change, signed (``+4¼``), or ``±0`` when their
    balance stayed (one who dropped or passed, or whose net is 0): the form the table's
    last-hand line, ``show``, ``replay`` and the md and html exports share."""
    return [(p, format_amount(d, signed=True) if d else UNCHANGED) for p, d in deltas.items()]


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


def standings_text(session: SessionView, ledger: Ledger | None = None,
                   width: int | None = None) -> str:
    """A stored session as ``show`` prints it: standings and hands, the history of changes,
    the chip counts (each compared with the ledger of its time) and the digest; with
    ``width`` (a terminal's), every line made to fit it (``showfit``)."""
    ledger = ledger or session.ledger()
    lines = [_("session {id} ({label}), started {time} UTC").format(
                 id=session.id, label=session.label, time=minute(session.created))]
    lines += evening_lines(session.events)
    if session.config.opening is not None:
        entry = next((e for e in session.events if isinstance(e, OpeningEntry)), None)
        if entry is not None:
            lines.append(opening_line(session.ruleset, entry))
    went_on = history_marks(session.events).continued_by
    table = len(lines)  # (made to fit by render_text)
    lines.append(render_text(ledger, went_on, width).rstrip("\n"))
    changes = [e for e in session.events
               if isinstance(e, (HandAmended, HandWithdrawn, *EVENING_MARKS))]
    if changes:
        deck = session.ruleset.deck(session.config)
        lines.append("")
        lines.append(_("history (kept in the file):"))
        # the digest each event followed (what the table said to write down before it)
        before = {id(event): earlier.hash[:12]
                  for earlier, event in zip(session.events, session.events[1:], strict=False)}
        for event in changes:
            lines.append("  " + (mark_line(event, before.get(id(event)))
                                 if isinstance(event, EVENING_MARKS)
                                 else change_line(event, session.ruleset, deck)))
    counts = count_checks(session, ledger)
    if counts:
        lines.append("")
        lines.append(_("chip counts:"))
        for count in counts:
            lines.append("  " + count_line(count, session.config))
    settled = settled_up_lines(session)
    if settled:
        lines.append("")
        lines.append(_("settled up (kept in the file):"))
        lines += ["  " + line for line in settled]
    lines.append("")
    lines.append(_("digest: {digest}  (write it down: audit checks the file against it)").format(
        digest=session.digest))
    if width is not None:
        from .showfit import fold_lines

        lines = [*fold_lines(lines[:table], width), lines[table],
                 *fold_lines(lines[table + 1:], width)]
    return "\n".join(lines) + "\n"


def record_words(record: HandRecord | None, ruleset: Ruleset, deck: Deck = "french") -> str:
    """A hand's record in a few words of the language in use, as the game tells it
    (``Ruleset.record_words``): ``turned K♣; playing Ben; tricks Ben,Ben,Cleo,Ben``, each card
    as the pack shows it (the Weli by its name)."""
    if record is None:
        return "?"
    parts = []
    for key, shape in RECORD_SHAPES.items():
        value = getattr(record, key)
        if shape not in ("names", "cards") or key in ("tricks", "led_by") or value is None:
            continue
        words = ruleset.record_words.get(key)
        text = _record_value(value, shape, deck)
        parts.append(_(words).format(value=text) if words else f"{key} {text}")
    parts.append(_(ruleset.record_words["tricks"]).format(
        value=_record_value(record.tricks, "names", deck)))
    return "; ".join(parts)


def _record_value(value: tuple[object, ...], shape: str, deck: Deck) -> str:
    shown = [v.symbol(deck) if isinstance(v, Card) else str(v) for v in value]
    return ", ".join(shown) or _("none")


def change_line(event: HandAmended | HandWithdrawn, ruleset: Ruleset,
                deck: Deck = "french") -> str:
    """An amendment or a withdrawal in one line, with when and what the hand said."""
    when = minute(event.at)
    if isinstance(event, HandWithdrawn):
        return _("hand {number} withdrawn ({time}): it was {record}").format(
            number=event.number, time=when, record=record_words(event.record, ruleset, deck))
    record = record_words(event.record, ruleset, deck)
    previous = record_words(event.previous, ruleset, deck)
    others = [n for n in event.together or () if n != event.number]
    if others:
        return _("hand {number} amended together with {others} ({time}): now {record}; was "
                 "{previous}").format(number=event.number, others=hands_words(others),
                                      time=when, record=record, previous=previous)
    return _("hand {number} amended ({time}): now {record}; was {previous}").format(
        number=event.number, time=when, record=record, previous=previous)


def hands_words(numbers: Collection[int]) -> str:
    """``hand 3``, ``hands 2 and 4``, ``hands 2, 3 and 5``."""
    listed = [str(n) for n in sorted(numbers)]
    if len(listed) == 1:
        return _("hand {number}").format(number=listed[0])
    return _("hands {numbers} and {last}").format(numbers=", ".join(listed[:-1]),
                                                   last=listed[-1])


def last_hand_line(hand: Settlement, seats: tuple[str, ...] | None = None, *,
                   saved: bool = False, short: bool = False, kind: bool = True,
                   terse: bool = False) -> str:
    """The last hand in one line: who dealt, what kind of hand, every player's change (``±0``
    for a player whose balance stayed: one who dropped, or a forced Muss's players); with
    ``seats`` (the players in seating order), the changes go by seat number, which is shorter
    with long names (``by seat: 1 -16, 2 +4¼, 3 ±0``). ``saved``: the hand was saved just now,
    at this table (said here rather than in a notice over the guide). ``short`` (with
    ``seats``): without who dealt (the seat after them deals now), to take one row; and
    without ``kind`` of hand, where even that is too long (changes of five digits); ``terse``
    (with both): the hand's number and the changes by seat alone, saved or not (six changes of
    five digits in German: "Spiel 5: 1 -10843, 2 +10842, …")."""
    changes = hand_changes(hand.deltas)
    kind_words = RULESETS[hand.game].kind_words(hand.kind)
    if not any(hand.deltas.values()):  # (short whichever way: said by name)
        words, seats = _("no change"), None
    elif seats is not None:
        words = ", ".join(f"{seats.index(p) + 1} {d}" for p, d in changes)
    else:
        words = ", ".join(f"{p} {d}" for p, d in changes)
    if seats is not None and short and not kind and terse:
        line = _("Hand {number}: {changes}")
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


def settled_up_line(settled: SettleUp, at: str) -> str:
    """An agreed settle-up in one line: after which hand, when, at what value, who pays whom."""
    from .settlewords import payment_line, settle_terms_words  # (only where one is kept)

    payments = "; ".join(payment_line(settled, p) for p in settled.transfers)
    return _("after hand {number} ({time}), {terms}: {payments}").format(
        number=settled.after_hand, time=minute(at), terms=settle_terms_words(settled),
        payments=payments or _("nobody pays anybody"))


def settled_up_lines(session: SessionView) -> list[str]:
    """Every settle-up the history keeps, a line each, and a word when hands changed since the
    last one (it then no longer says where the session stands)."""
    if not any(isinstance(event, SettledUp) for event in session.events):
        return []  # none kept (the settle-up's module is not imported: see the top)
    from .settleup import agreed_in

    try:
        agreed, changed = agreed_in(session.events, session.config, session.ruleset)
    except ScorekeeperError as error:
        return [str(error)]
    lines = [settled_up_line(a.settled, a.at) for a in agreed]
    if changed:
        lines.append(_(CHANGED_SINCE))
    return lines
