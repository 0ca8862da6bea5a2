"""The interface every game implements.

A game is a ``Ruleset``: given the session's settings (``SessionConfig``), the state of the
table before a hand (``TableState``) and that hand's record (``HandRecord``), it checks the
record and returns the ``Settlement``: every transfer in order, each player's change, the pot,
and an explanation to read out at the table. ``advance`` then gives the state before the next
hand. Everything here is pure and exact.

Made of layers, one job a module, each a class the next one builds on: ``facts`` (what the
game is, its words, its pack), ``entering`` (what the table asks before and while a hand is
entered) and ``settling`` (a hand checked and settled); here, the table from the first hand
to the results, the evenings after, and the registry of games. The models they share:
``ends``, ``record``, ``config``, ``results``.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any, cast

from pydantic import ValidationError

from ..amounts import exact
from ..errors import ConfigError
from ..i18n import _
from .config import GameOptions, Opening, SessionConfig
from .record import describe_validation_error
from .results import GAMES, Settlement, TableState, present
from .settling import HandSettling

if TYPE_CHECKING:
    from .plans import Results


class Ruleset(HandSettling):
    """One game: the facts that describe it (class attributes) and the hooks that settle and
    enter its hands. Nothing outside ``scorekeeper/rules/`` asks which game it is: it asks
    the game's ruleset.

    A new game is one module with a subclass of ``Ruleset`` and one ``register`` call."""

    # --- shared -----------------------------------------------------------------------

    def make_options(self, raw: Any) -> GameOptions:
        """Validate a game's options, naming a key that belongs to another game."""
        if raw is None:
            raw = {}
        if isinstance(raw, GameOptions):
            raw = raw.model_dump()
        if not isinstance(raw, dict):
            raise ConfigError("options", _("must be a table of option = value"))
        known = list(self.options_model.model_fields)
        for key in raw:
            if key not in known:
                raise ConfigError(f"options.{key}", _("is not an option of {game} (its "
                                                      "options: {known})").format(
                    game=self.game, known=", ".join(known) or _("none")))
        try:
            return self.options_model(**raw)
        except ValidationError as error:
            raise ConfigError(*describe_validation_error(error, "options")) from None

    def initial_state(self, config: SessionConfig) -> TableState:
        """The table before the first hand (of a continued session: with what it opened with,
        ``config.opening``)."""
        opening = config.opening
        if opening is not None and opening.scores is not None:
            scores = {p: opening.scores[p] for p in config.players}
        else:
            scores = dict.fromkeys(config.players, self.starting_score(config))
        pot = self.starting_pot(config)
        if opening is not None and opening.pot is not None:
            pot = opening.pot
        return TableState(hands_played=0, dealer=config.first_dealer,
                          leader=self.first_leader(config, config.first_dealer),
                          scores=scores, pot=pot, finished=False, game=self.game)

    # --- the evenings after (D21) -------------------------------------------------------

    def carried(self, config: SessionConfig, state: TableState) -> Opening:
        """What the next evening opens with when it continues a session that stands at
        ``state``: the pot it left, in a game with a pot (RULES: it stays undistributed, kept
        for the next evening); nobody's score (each evening's scores start afresh). A game
        whose scores go on from evening to evening overrides this."""
        return Opening(pot=state.pot if self.has_pot else None)

    def next_evening(self, config: SessionConfig, state: TableState,
                     carry: bool) -> SessionConfig:
        """The settings of the next evening after a session that stands at ``state``: the same
        game, players, seats and options, the deal with the player after the last dealer (the
        next to deal); with ``carry``, opening with what carries (``carried``)."""
        return SessionConfig(game=config.game, players=config.players,
                             first_dealer=state.dealer, options=config.options,
                             opening=self.carried(config, state) if carry else None)

    def opening_problem(self, config: SessionConfig, opening: Opening) -> str | None:
        """What is wrong with an opening for a session of ``config`` (in words, for a file
        that says it), or ``None``."""
        if (opening.pot is None) == self.has_pot:
            return ("it carries a pot into a game without one" if opening.pot is not None
                    else "it carries no pot into a game with one")
        if opening.pot is not None and opening.pot < 0:
            return "it carries a pot of less than nothing"
        if opening.scores is not None and set(opening.scores) != set(config.players):
            return "its scores are not one per player"
        return None

    def advance(self, config: SessionConfig, state: TableState,
                settlement: Settlement) -> TableState:
        """The table after ``settlement``: the deal passes left, scores and pot move on."""
        return self.state_at(config, state.hands_played + 1, settlement.scores_after,
                             settlement.pot_after)

    def state_at(self, config: SessionConfig, hands_played: int, scores: dict[str, Decimal],
                 pot: Decimal | None) -> TableState:
        """The table after ``hands_played`` hands that left these scores and this pot."""
        players = config.players
        dealer = players[(config.seat_of(config.first_dealer) + hands_played) % len(players)]
        # in their order, as ``_finish`` makes a settlement: hands_played, dealer, leader,
        # scores, pot, finished, game
        return TableState(hands_played, dealer, self.first_leader(config, dealer), scores, pot,
                          self.is_finished(config, hands_played, scores), self.game)

    def ranked(self, scores: dict[str, Decimal]) -> list[str]:
        """The players best first (equal scores keep their seating order)."""
        return sorted(scores, key=scores.__getitem__, reverse=self.higher_is_better)

    def leaders(self, scores: dict[str, Decimal]) -> tuple[str, ...]:
        """Everyone with the best score (most chips, highest balance, fewest points)."""
        best = max(scores.values()) if self.higher_is_better else min(scores.values())
        return tuple([p for p, s in scores.items() if s == best])

    def results(self, config: SessionConfig, state: TableState) -> Results:
        """What each player has won or lost when the table settles up at ``state``, in the
        game's unit, and what the pot keeps; they add up to zero. This default is a game of
        chips: each player's chips now minus their chips at the start, and the pot keeps what
        it gained since the start (it is not paid out). A game of points overrides it."""
        from .plans import Results

        start = self.initial_state(config)
        with exact():
            players = {p: state.scores[p] - start.scores[p] for p in config.players}
            pot = None if state.pot is None else state.pot - present(start.pot, "the pot")
        words = (_("each player's points now minus their points at the start; the pot keeps "
                   "what it holds") if self.unit == "point" else
                 _("each player's chips now minus their chips at the start; the pot keeps what "
                   "it holds"))
        return Results(players, pot, words)

    def planned_hands(self, config: SessionConfig) -> int | None:
        """How many hands the session lasts, when that is fixed in advance."""
        return None


# Every game, by name. A game joins with ``register`` (see ``rules/__init__.py``). The very
# dict a state or a settled hand asks for its game (``results.GAMES``), typed here as the
# rulesets it holds.
RULESETS = cast("dict[str, Ruleset]", GAMES)


def register(ruleset: Ruleset) -> Ruleset:
    """Make ``ruleset`` a game of this scorekeeper, found by its name and its version."""
    RULESETS[ruleset.game] = ruleset
    return ruleset
