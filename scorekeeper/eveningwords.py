"""An evening's marks in words: its name, whether it is archived, the next evening it goes on
in, each of these marks in the history with when, what a continued session opened with and
what the next one will carry (D21). ``show``, the exports and the home say them this way. Pure.
"""

from __future__ import annotations

from collections.abc import Collection

from .amounts import format_amount
from .history import history_marks
from .i18n import _, ngettext
from .ledger import (
    Event,
    OpeningEntry,
    SessionArchived,
    SessionContinued,
    SessionNamed,
    SessionUnarchived,
)
from .rules import Ruleset, SessionConfig


def minute(at: str) -> str:
    """A stored time to the minute: ``2026-11-30 21:05``."""
    return at[:16].replace("T", " ")


def opening_line(ruleset: Ruleset, entry: OpeningEntry) -> str:
    """What a continued session opened with, and the session it continues (D21)."""
    link = ngettext("continues session {id} after its {count} hand (digest {digest})",
                    "continues session {id} after its {count} hands (digest {digest})",
                    entry.previous_hands).format(id=entry.previous_id,
                                                 count=entry.previous_hands,
                                                 digest=entry.previous_digest)
    if entry.pot is None:
        return _("{link}: nothing carries over but the players and the deal").format(link=link)
    pot = format_amount(entry.pot)
    if entry.scores is None:
        return _("{link}: the pot opens with the {pot} it left").format(link=link, pot=pot)
    chips = ", ".join(f"{p} {format_amount(v)}" for p, v in entry.scores.items())
    return _("{link}: the match goes on; the pot opens with the {pot} it left, and everyone's "
             "{score} with what they held: {chips}").format(
        link=link, pot=pot, score=ruleset.score_words(), chips=chips)


def carried_lines(ruleset: Ruleset, earlier_id: str, earlier_digest: str, earlier_hands: int,
                  config: SessionConfig, carry: bool) -> list[str]:
    """What the session after session ``earlier_id`` will be (``config``: its settings, with
    what it opens with): the next evening, which carries what the rules carry (D21), or with
    ``carry`` false the same players again, where everything starts afresh."""
    lines = [_("{game}: {players} (clockwise), the same options.").format(
                 game=ruleset.title, players=", ".join(config.players)),
             _("{dealer} deals first (the next to deal after session {id}).").format(
                 dealer=config.first_dealer, id=earlier_id)]
    if not carry:
        lines.append(_("Everything starts afresh: nothing carries over from session {id}.")
                     .format(id=earlier_id))
        return lines
    opening = config.opening
    if opening is None or opening.pot is None:
        lines.append(_("Nothing carries over but the players and the deal; the new session "
                       "names session {id} (digest {digest}).").format(
            id=earlier_id, digest=earlier_digest))
        return lines
    lines.append(ngettext("The pot opens with the {pot} that session {id} left after its "
                          "{count} hand (digest {digest}).",
                          "The pot opens with the {pot} that session {id} left after its "
                          "{count} hands (digest {digest}).", earlier_hands).format(
        pot=format_amount(opening.pot), id=earlier_id, count=earlier_hands,
        digest=earlier_digest))
    if opening.scores is not None:
        lines.append(_("The match goes on: everyone's {score} as they stood: {chips}.").format(
            score=ruleset.score_words(),
            chips=", ".join(f"{p} {format_amount(v)}" for p, v in opening.scores.items())))
    return lines


def evening_lines(events: Collection[Event]) -> list[str]:
    """The session's name, whether it is archived and the session that continues it, as
    ``show`` says them (nothing when it has no name, is not archived and goes on nowhere)."""
    marks = history_marks(events)
    lines = []
    if marks.name is not None:
        lines.append(_("name: {name}").format(name=marks.name))
    if marks.archived:
        lines.append(_("archived (left out of the list of sessions; 'scorekeeper archive "
                       "SESSION --undo' lists it again)"))
    if marks.continued_by is not None:
        lines.append(_("the evening goes on in session {id} (the next evening): what this one "
                       "left went there, and no more hands are recorded here").format(
                           id=marks.continued_by))
    return lines


EVENING_MARKS = (SessionNamed, SessionArchived, SessionUnarchived, SessionContinued)


def mark_line(event: SessionNamed | SessionArchived | SessionUnarchived | SessionContinued,
              digest_before: str | None = None) -> str:
    """A name given or taken away, an archiving or its undoing, the next evening started from
    here, in one line with when. The next evening's line also names ``digest_before``, the
    digest the evening ended with (the one written down at the table, which the ``continued``
    event moved on)."""
    when = minute(event.at)
    if isinstance(event, SessionContinued):
        if digest_before is not None:
            return _("continued in session {id}, the next evening ({time}); the digest "
                     "until then: {digest}").format(id=event.by, time=when,
                                                    digest=digest_before)
        return _("continued by session {id}, the next evening ({time})").format(
            id=event.by, time=when)
    if isinstance(event, SessionNamed):
        if not event.name:
            return _("name taken away ({time})").format(time=when)
        return _("named “{name}” ({time})").format(name=event.name, time=when)
    if isinstance(event, SessionArchived):
        return _("archived ({time})").format(time=when)
    return _("taken out of the archive ({time})").format(time=when)
