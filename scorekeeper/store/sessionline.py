"""A session's line in the listing and its figures for a season, worked out from the session
read and checked (or just written): what the listing keeps in its index (listing.py) and what
every write seals into the session's file (trailer.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import ScorekeeperError, one_line
from ..i18n import untranslated

if TYPE_CHECKING:
    from .session import OpenSession

INDEX_VERSION = 5  # of the listing's index and of what is sealed here. 2: each line also
# holds the name, archived and the session it continues; 3: each line is tied to its file
# (key, head, seal: listing.py, "what ties an entry"); 4: the figures keep the game's facts
# a season shows (``eveningfigures.Game``: FIGURES_VERSION 3); 5: each line holds the
# session that continues it, from its own history (``went_on``), so that an evening that
# went on is listed as closed even when the next evening's file is damaged or gone


def session_entry(s: OpenSession, figures: bool = True) -> dict[str, Any]:
    """A session's line (and with ``figures`` its figures for a season, or why there are
    none), from the session read and checked (or just written): as the index keeps them, less
    where its newest event's hash stands. ``went_on``: the id of the session that continues
    it, as its own history says (its ``continued`` event), or ``None``."""
    from ..history import summary_document

    updated = s.rows[-1].get("at", s.created) if s.rows else s.created
    with untranslated():
        entry: dict[str, Any] = {"summary": summary_document(
            s.id, s.created, str(updated), s.state(), s.config, s.digest, s.rows),
            "went_on": s.continued_by}
        if figures:
            from ..eveningfigures import evening_figures

            try:
                entry["figures"] = evening_figures(s.config, s.state(), s.outcomes(),
                                                   s.newest_money(), money_current(s.rows))
            except ScorekeeperError as error:
                entry |= {"figures": None, "figures_problem": one_line(str(error))}
    return entry


def sealed_in_file(s: OpenSession) -> dict[str, Any]:
    """What the writer seals into a session's file (``trailer``): its line and figures, the
    index's version and its newest event's whole hash (``newest``)."""
    newest = s.rows[-1].get("hash") if s.rows else None
    return {"index": INDEX_VERSION, "newest": newest, **session_entry(s)}


HAND_CHANGES = ("hand", "amend", "withdraw")
"""The events of a session file that change its hands in force."""


def money_current(rows: list[dict[str, Any]]) -> bool:
    """Whether no hand was recorded, amended or withdrawn after the newest settle-up made at
    a value (as ``settleup.agreed_in`` says of the last settle-up; ``True`` without one)."""
    for row in reversed(rows):
        kind = row.get("type")
        if kind in HAND_CHANGES:
            return False
        if kind == "settle" and row.get("value") is not None:
            return True
    return True
