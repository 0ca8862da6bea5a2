"""A session's line in the listing: light enough to read the listing's index (and open the
table app) without the rules core."""

from __future__ import annotations

import functools
from decimal import Decimal
from typing import Any, NamedTuple

from .amounts import stored_amount, to_decimal_string
from .errors import ScorekeeperError


class SessionSummary(NamedTuple):
    """A session's line in the listing (worked out from its last stored hand: a listing never
    settles)."""

    # A NamedTuple, not a frozen dataclass: made in a third of the time, and a season from the
    # listing's index makes one an evening (the row "season, 1,000 evenings of 50 hands, from
    # its index" of tests/benchmarks/test_many_evenings.py).

    id: str
    game: str
    players: tuple[str, ...]
    started: str
    updated: str
    hands: int
    finished: bool
    leaders: tuple[str, ...]
    scores: dict[str, Decimal]
    pot: Decimal | None
    digest: str
    name: str | None = None  # the name the table gave the evening, if any
    archived: bool = False  # left out of the list unless asked
    continues: str | None = None  # the id of the session this one continues (the pot carried)
    continued_by: str | None = None
    """The id of the session that continues this one (the evening went on there). Not kept in
    the index: the listing finds it among the other sessions' ``continues``."""

    def went_on_in(self, session: str) -> SessionSummary:
        """This line, the evening having gone on in ``session`` (``continued_by`` is last)."""
        return SessionSummary(*self[:-1], continued_by=session)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "players": list(self.players),
                "started": self.started, "updated": self.updated, "hands": self.hands,
                "finished": self.finished, "leaders": list(self.leaders),
                "scores": {p: to_decimal_string(v) for p, v in self.scores.items()},
                "pot": None if self.pot is None else to_decimal_string(self.pot),
                "digest": self.digest, "name": self.name, "archived": self.archived,
                "continues": self.continues}

    @classmethod
    def from_json(cls, data: Any) -> SessionSummary:
        """A summary as the listing's index keeps it (a ``ScorekeeperError`` when it is not)."""
        try:
            return cls(str(data["id"]), str(data["game"]), tuple(map(str, data["players"])),
                       str(data["started"]), str(data["updated"]), int(data["hands"]),
                       bool(data["finished"]), tuple(map(str, data["leaders"])),
                       {str(p): kept_amount(v) for p, v in data["scores"].items()},
                       None if data["pot"] is None else kept_amount(data["pot"]),
                       str(data["digest"]), _text_or_none(data.get("name")),
                       data.get("archived") is True, _text_or_none(data.get("continues")))
        except (KeyError, TypeError, ValueError):
            raise ScorekeeperError("the listing's summary cannot be read") from None


@functools.lru_cache(maxsize=4096)
def kept_amount(text: Any) -> Decimal:
    """An amount as the listing's index keeps it (``"-27.75"``, ``amounts.stored_amount``), or a
    ``ValueError`` (a ``TypeError`` for a list or an object). Kept for each distinct text, as
    ``stored_amount`` keeps it: a season from the index reads 13 amounts an evening, each then
    found without a call of Python's."""
    found = stored_amount(text) if type(text) is str else None
    if found is None:
        raise ValueError(f"{text!r} is not an amount")
    return found



def _text_or_none(value: Any) -> str | None:
    if value is not None and type(value) is not str:
        raise ValueError(f"{value!r} is not text")
    return value
