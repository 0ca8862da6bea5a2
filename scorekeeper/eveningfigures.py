"""One evening's figures for a season, as the listing keeps them (in its index, and sealed in
the session's own file, store/trailer.py), and what a season shows of the evening's game.
Light, so that every write of a session can seal them: it imports the rules only to work the
figures out (``season`` builds seasons from them)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import TYPE_CHECKING, Any, NamedTuple

from .amounts import to_decimal_string
from .i18n import _

if TYPE_CHECKING:
    from .rules import HandOutcome, Ruleset, SessionConfig, TableState

FIGURES_VERSION = 3  # the form of ``evening_figures`` kept in the listing's index (2: money
# says whether it is current; 3: the game's facts a season shows, ``Game``)


# ---- what a season shows of a game -----------------------------------------------------------

class Game(NamedTuple):  # (not a frozen dataclass: defined at import in a sixth of the time)
    """What a season shows of a game, as its ruleset said when an evening's figures were worked
    out (``evening_figures`` keeps it): its name, title and unit, the games of the registry in
    their order (the tables' order; a game not among them is not one), and the names of the
    game's own counts (``Ruleset.player_figure_names``: keys and their words, marked N_). The
    same names as a ``Ruleset``'s, so that a table of a season reads either."""

    game: str
    title: str
    unit: str
    games: tuple[str, ...]
    player_figure_names: Mapping[str, str]

    def figure_words(self, key: str) -> str:
        """A player figure's name in the language in use (as ``Ruleset.figure_words``)."""
        name = self.player_figure_names.get(key)
        return _(name) if name else key

    @property
    def rank(self) -> int:
        """Where the game stands in the registry: the tables' order."""
        return self.games.index(self.game)

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "games": list(self.games),
                "figure_names": dict(self.player_figure_names)}

    @classmethod
    def of_ruleset(cls, ruleset: Ruleset) -> Game:
        from .rules import games

        return cls(ruleset.game, ruleset.title, ruleset.unit, games(),
                   dict(ruleset.player_figure_names))

    @classmethod
    def from_json(cls, game: Any, unit: Any, data: Any) -> Game:
        """The facts kept beside an evening's figures (a ``ValueError`` if they are not)."""
        if not isinstance(data, dict):
            raise ValueError("the game's facts")
        title, games, names = data["title"], data["games"], data["figure_names"]
        if (type(game) is not str or type(unit) is not str or type(title) is not str
                or not isinstance(games, list) or not all(type(g) is str for g in games)
                or not isinstance(names, dict)
                or not all(type(k) is str and type(v) is str for k, v in names.items())):
            raise ValueError("the game's facts")
        if game not in games:
            raise ValueError(f"{game!r} is not a game here")
        return cls(game, title, unit, tuple(games), names)


def registry_game(game: str) -> Game:
    """A game's facts from the rules themselves (they are imported: an evening made here, not
    read from the index)."""
    from .rules import get_ruleset

    return Game.of_ruleset(get_ruleset(game))


# ---- one evening's figures (kept in the listing's index) -------------------------------------

def evening_figures(config: SessionConfig, state: TableState, hands: Iterable[HandOutcome],
                    money: tuple[str, Mapping[str, Decimal]] | None,
                    current: bool = True) -> dict[str, Any]:
    """What a season needs of one session: each player's net (the settle-up's result,
    docs/rules.md D16: won + or lost −, in the game's unit) at ``state``, whether they won (a
    finished session's leaders), the game's own counts over its ``hands``
    (``Ruleset.player_figures``) and ``money``: the currency and each player's money of the
    newest settle-up made at a value (``None``: none was), and whether it is ``current`` (no
    hand recorded, amended or withdrawn since: else it is stale, and never added up). As the
    listing's index keeps it, with the game's facts (``Game``)."""
    from .rules import get_ruleset

    ruleset = get_ruleset(config.game)
    results = ruleset.results(config, state).players
    counts = ruleset.player_figures(config, hands)
    paid = None if money is None else {
        "currency": money[0],
        "players": {p: to_decimal_string(v) for p, v in money[1].items()},
        "current": current}
    winners = state.leaders if state.finished else ()
    return {"version": FIGURES_VERSION, "game": config.game, "unit": ruleset.unit,
            "facts": Game.of_ruleset(ruleset).to_json(),
            "hands": state.hands_played, "finished": state.finished,
            "players": [{"name": p, "net": to_decimal_string(results[p]), "won": p in winners,
                         "figures": counts[p]} for p in config.players],
            "money": paid}
