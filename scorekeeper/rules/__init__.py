"""The games behind one interface, found by name (or by ruleset version) in a registry.

A game is one module here with a ``Ruleset`` subclass; ``register`` makes it known."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import ConfigError, ScorekeeperError
from ..i18n import _
from .base import RULESETS, Ruleset, register
from .config import GameOptions, Opening, SessionConfig, check_name, look_alike_problem
from .ends import PENALTY, PLAYER_PREFIX, POT, Account, End, end_from_text, end_text
from .kratzen import Kratzen
from .letzter import Letzter
from .letzter_stich import LetzterStich
from .record import HandRecord, amended_record
from .results import HandOutcome, Settlement, TableState, Transfer

if TYPE_CHECKING:
    from .draft import HandDraft, Step
    from .plans import DealPlan, Results

for _ruleset in (LetzterStich(), Letzter(), Kratzen()):
    register(_ruleset)

# The game a new session is offered first, while it is a game here.
_FIRST_OFFERED = "kratzen"

__all__ = ["PENALTY", "PLAYER_PREFIX", "POT", "RULESETS", "Account",
           "DealPlan", "End", "GameOptions", "HandDraft", "HandOutcome", "HandRecord", "Opening",
           "Results", "Ruleset", "SessionConfig", "Settlement", "Step", "TableState", "Transfer",
           "amended_record", "check_name", "default_game", "end_from_text", "end_text", "games",
           "get_ruleset", "look_alike_problem", "make_config", "register", "ruleset_for_version"]


def games() -> tuple[str, ...]:
    """The games here, in the order they were registered: read from the registry each time,
    so a game registered after this module was imported is one of them."""
    return tuple(RULESETS)


def default_game() -> str:
    """The game a new session is offered first: Kratzen, or the first game registered when
    Kratzen is not one."""
    return _FIRST_OFFERED if _FIRST_OFFERED in RULESETS else next(iter(RULESETS))


def __getattr__(name: str) -> Any:
    # The names GAMES and DEFAULT_GAME, read from the registry when asked (never a copy made at
    # import): kept only until every caller asks games() and default_game().
    if name == "GAMES":
        return games()
    if name == "DEFAULT_GAME":
        return default_game()
    # The table's draft of a hand (and the referee's play that it asks): imported when asked,
    # not by every command that reads a session (``show`` and ``record`` of 100 hands, whole
    # processes: tests/benchmarks/test_whole_commands.py; tests/test_show_imports.py).
    if name in ("HandDraft", "Step"):
        from . import draft

        return getattr(draft, name)
    # A session's results and a deal's plan, which few commands make (``plans``): likewise.
    if name in ("DealPlan", "Results"):
        from . import plans

        return getattr(plans, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def get_ruleset(game: Any) -> Ruleset:
    """The rules of ``game`` (``letzter-stich``, ``letzter`` or ``kratzen``)."""
    if isinstance(game, str) and game.strip().lower() in RULESETS:
        return RULESETS[game.strip().lower()]
    raise ConfigError("game", _("{game} is not a game here (choose {games})").format(
        game=repr(game), games=", ".join(RULESETS)))


def ruleset_for_version(version: object) -> Ruleset:
    """The rules a session was stored with, so old sessions always re-settle the same way."""
    for ruleset in RULESETS.values():
        if ruleset.version == version:
            return ruleset
    raise ScorekeeperError(_("unknown ruleset version {version} (this scorekeeper knows "
                             "{known})").format(version=repr(version), known=", ".join(
                                 r.version for r in RULESETS.values())))


def make_config(game: Any, players: Any, first_dealer: Any = None,
                options: Any = None, new: bool = False) -> SessionConfig:
    """Check a session's settings and build them. Every problem is a ``ConfigError``
    naming the field: the game, a player, the first dealer or an option. A ``new`` session
    (not one read from a file) also refuses names that look alike (``look_alike_problem``)."""
    ruleset = get_ruleset(game)
    if isinstance(players, str) or not isinstance(players, (list, tuple)):
        raise ConfigError("players", _("must be a list of names in clockwise seating order"))
    names: list[str] = []
    seen: dict[str, str] = {}
    for raw in players:
        name = check_name(raw, "players")
        key = name.casefold()
        if key in seen:
            raise ConfigError("players", _("'{name}' and '{other}' are the same name (names "
                                           "must differ, ignoring case)").format(
                name=name, other=seen[key]))
        seen[key] = name
        names.append(name)
    problem = ruleset.player_count_problem(len(names))
    if problem is None and new:
        problem = look_alike_problem(names)
    if problem is not None:
        raise ConfigError("players", problem)
    options_model = ruleset.make_options(options)
    if first_dealer is None:
        raise ConfigError("first_dealer", _("is required (name the player who deals first)"))
    partial = SessionConfig(game=ruleset.game, players=tuple(names), first_dealer=names[0],
                            options=options_model)
    try:
        dealer = partial.resolve(first_dealer, "first_dealer")
    except ScorekeeperError:
        raise ConfigError("first_dealer", _("{name} is not one of the players").format(
            name=repr(first_dealer))) from None
    return SessionConfig(game=ruleset.game, players=tuple(names), first_dealer=dealer,
                         options=options_model)
