"""Who is who across evenings: a name's key, names that only look alike, and the roster of
what the table said of them (kept in ``<home>/players.json``). Pure.

Who is who (docs/rules.md, "Players across evenings"):

- A name is the same player in every session when it is the same after Unicode's NFKC form and
  case folding (``player_key``): "Anna", "ANNA" and "Ａｎｎａ" are one player.
- Names that only look alike ("Anna" and "Änna", "Ann" and "Anna": the same letters without
  their marks, or one letter added, dropped, changed or two swapped) are two players until
  someone says they are one (``Roster.merged``, kept in ``<home>/players.json`` by
  ``scorekeeper player merge``) or that they are two (``Roster.kept_apart``). Until then they
  are listed as a question. Names that sat at the same evening are never asked about: they
  are two people.
- A player is shown by the spelling of their own seated at most evenings (then the newest).
- Two seats of one evening are never one player: if their names fold to the same player (two
  spellings merged, or ``Ａnna`` beside ``Anna``), the later seat counts under its name as
  written.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from .errors import ScorekeeperError
from .i18n import _

ROSTER_VERSION = 1  # the form of ``<home>/players.json``


# ---- who is who -----------------------------------------------------------------------------

def player_key(name: str) -> str:
    """The player a name stands for across evenings: the name trimmed, in Unicode's NFKC form
    and case-folded (``Anna``, ``ANNA`` and ``Ａｎｎａ`` are one player; ``Änna`` is another)."""
    folded = unicodedata.normalize("NFKC", name.strip()).casefold()
    return unicodedata.normalize("NFKC", folded)


def _bare(key: str) -> str:
    """A folded name without its marks (``änna`` -> ``anna``)."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", key)
                   if not unicodedata.combining(ch))


def _one_edit(a: str, b: str) -> bool:
    """Whether ``b`` is ``a`` with one letter added, dropped or changed, or two neighbours
    swapped."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        diffs = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        if len(diffs) == 1:
            return True
        i = diffs[0]
        return len(diffs) == 2 and diffs[1] == i + 1 and a[i] == b[i + 1] and a[i + 1] == b[i]
    short, long = (a, b) if len(a) < len(b) else (b, a)
    i = 0
    while i < len(short) and short[i] == long[i]:
        i += 1
    return short[i:] == long[i + 1:]


def look_alike(a: str, b: str) -> bool:
    """Whether two players' keys (``player_key``) might be one person written two ways: the
    same letters once their marks are taken off (``anna``, ``änna``), or, for names of three
    letters or more, one letter added, dropped, changed or two swapped (``ann``, ``anna``)."""
    if a == b:
        return False
    bare_a, bare_b = _bare(a), _bare(b)
    if bare_a == bare_b:
        return True
    return min(len(bare_a), len(bare_b)) >= 3 and _one_edit(bare_a, bare_b)


class Roster(NamedTuple):  # (as Seat)
    """What the table has said about names (``<home>/players.json``): ``same`` takes a player
    (by key) as another (a key that is never itself taken as another); ``apart`` holds pairs of
    look-alike keys that are two people."""

    same: Mapping[str, str] = MappingProxyType({})
    apart: frozenset[tuple[str, str]] = frozenset()

    def player(self, key: str) -> str:
        """The player a key counts as."""
        return self.same.get(key, key)

    def is_apart(self, a: str, b: str) -> bool:
        return (min(a, b), max(a, b)) in self.apart

    def merged(self, keep: str, other: str) -> Roster:
        """``other`` (and everyone taken as it) taken as ``keep``'s player from now on."""
        root, gone = self.player(keep), self.player(other)
        if root == gone:
            raise ScorekeeperError(_("they are one player already"))
        same = {k: (root if v == gone else v) for k, v in self.same.items()}
        same[gone] = root
        apart = frozenset(pair for pair in self.apart
                          if {self.player(pair[0]), self.player(pair[1])} != {root, gone})
        return Roster(same, apart)

    def unmerged(self, key: str) -> Roster:
        """``key`` counted as its own player again."""
        if key not in self.same:
            raise ScorekeeperError(_("it is not taken as another player"))
        return Roster({k: v for k, v in self.same.items() if k != key}, self.apart)

    def kept_apart(self, a: str, b: str) -> Roster:
        """``a`` and ``b`` are two people: not asked about again."""
        if self.player(a) == self.player(b):
            raise ScorekeeperError(_("they are taken as one player: undo that first"))
        return Roster(dict(self.same), self.apart | {(min(a, b), max(a, b))})

    def to_json(self) -> dict[str, Any]:
        return {"version": ROSTER_VERSION, "same": dict(sorted(self.same.items())),
                "apart": [list(pair) for pair in sorted(self.apart)]}

    @classmethod
    def from_json(cls, data: Any) -> Roster:
        """The roster a ``players.json`` holds (a ``ScorekeeperError`` saying what is wrong)."""
        if data is None:
            return cls()
        if not isinstance(data, dict) or data.get("version") != ROSTER_VERSION:
            raise ScorekeeperError(_("not a list of players written by this scorekeeper"))
        same, apart = data.get("same", {}), data.get("apart", [])
        if (not isinstance(same, dict) or not isinstance(apart, list)
                or not all(isinstance(k, str) and isinstance(v, str) for k, v in same.items())
                or not all(isinstance(p, list) and len(p) == 2
                           and all(isinstance(k, str) for k in p) for p in apart)):
            raise ScorekeeperError(_("its aliases cannot be read"))
        if any(v in same for v in same.values()):
            raise ScorekeeperError(_("an alias points to another alias"))
        return cls(dict(same), frozenset((min(a, b), max(a, b)) for a, b in apart))
