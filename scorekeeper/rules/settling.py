"""Settling a hand (the third layer of a ``Ruleset``): under the exact context, the trick
winners from the names or the cards (the referee's findings too), who led each trick, and the
transfers added up into a ``Settlement``; the games only list the transfers."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable
from decimal import Decimal

from ..amounts import ZERO, exact
from ..cards import Card, Suit
from ..errors import RecordError
from ..i18n import _
from .config import SessionConfig
from .ends import POT
from .entering import HandEntry
from .record import HandRecord
from .results import Settlement, TableState, Transfer


class HandSettling(HandEntry):
    """A hand's record checked and settled; the game's own settlement (``_settle``) and its
    words (``explain``) are hooks. ``Ruleset`` builds on it."""

    def settle(self, config: SessionConfig, state: TableState, record: HandRecord) -> Settlement:
        """Check ``record`` against the rules and settle it. Raises ``RecordError`` naming the
        field. All arithmetic is exact: a result that would need rounding raises."""
        with exact():
            return self._settle(config, state, record)

    @abstractmethod
    def _settle(self, config: SessionConfig, state: TableState, record: HandRecord) -> Settlement:
        """The game's own settlement (called under the exact context)."""

    @abstractmethod
    def explain(self, settlement: Settlement) -> tuple[str, ...]:
        """The settlement in sentences a person can read out at the table, in the language in
        use."""

    def explain_words(self, settlement: Settlement,
                      config: SessionConfig | None = None) -> tuple[str, ...]:
        """``explain``, with the cards named as the session's pack names them (``config``:
        the session's settings; a game with a choice of pack overrides this)."""
        return self.explain(settlement)

    # --- helpers for the games ----------------------------------------------------------

    def _everyone_plays(self, config: SessionConfig, state: TableState, record: HandRecord,
                        count: int) -> tuple[tuple[str, ...], tuple[str, ...], HandRecord]:
        """For a game without indicator or decisions: the winners, the referee's findings and
        the record as it will be kept."""
        if record.indicator is not None:
            raise RecordError("indicator", _("{game} has no indicator").format(game=self.game))
        if record.entered is not None:
            raise RecordError("entered", _("in {game} everyone plays; leave 'entered' out")
                              .format(game=self.game))
        winners, findings = self._winners(config, record, count,
                                          self.first_leader(config, state.dealer), state=state)
        if winners is record.tricks:  # every name as seated: the record is kept as it came
            return winners, findings, record
        clean = HandRecord(tricks=winners, cards=record.cards, led_by=record.led_by,
                                   note=record.note)
        return winners, findings, clean

    def _winners(self, config: SessionConfig, record: HandRecord, count: int, leader: str,
                 playing: tuple[str, ...] | None = None, trump: Suit | None = None,
                 state: TableState | None = None) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The trick winners, from the names given or derived from the cards of each trick;
        with cards, also the referee's findings on plays that broke a duty."""
        if record.cards is None:
            if record.led_by is not None:
                raise RecordError("led_by", _("who led each trick is given only with the cards"))
            return self._resolve_tricks(config, record, count, playing), ()
        if len(record.cards) != count:
            raise RecordError("cards", _("{needed} tricks of cards are needed, {given} were "
                                         "given").format(needed=count, given=len(record.cards)))
        seated = playing if playing is not None else config.players
        in_order = tuple(p for p in config.players if p in seated)
        turned = record.indicator or ()

        def refusal(player: str, card: Card) -> str | None:
            return self.card_refusal(config, state, turned, player, card) if state else None

        # The referee's module (two dataclasses compiled at its import) only for a hand played
        # card by card: not for every command that reads a session (``show`` and ``record``
        # of 100 hands, tests/benchmarks/test_whole_commands.py; tests/test_show_imports.py).
        from .play import tricks_from_cards

        winners, findings = tricks_from_cards(self, in_order, leader, record.cards, trump,
                                              self.pack(len(config.players)), refusal,
                                              self.deck(config))
        if record.led_by is not None:
            _check_leads(config, record.led_by, count, (leader,) + winners[:-1])
        if record.tricks:
            named = self._resolve_tricks(config, record, count, playing)
            _check_named_winners(named, winners)
        return winners, findings

    def _resolve_tricks(self, config: SessionConfig, record: HandRecord, count: int,
                        allowed: Iterable[str] | None = None) -> tuple[str, ...]:
        if len(record.tricks) != count:
            raise RecordError("tricks", _("{needed} trick winners are needed, {given} were "
                                          "given").format(needed=count,
                                                          given=len(record.tricks)))
        allowed_set = set(allowed) if allowed is not None else set(config.players)
        if allowed_set.issuperset(record.tricks):
            return record.tricks  # every name exactly as seated: nothing to resolve
        winners = []
        for i, raw in enumerate(record.tricks, start=1):
            name = config.resolve(raw, "tricks")
            if name not in allowed_set:
                raise RecordError("tricks", _("'{name}' is not playing in this hand (trick "
                                              "{trick})").format(name=name, trick=i))
            winners.append(name)
        return tuple(winners)

    def _finish(self, *, config: SessionConfig, state: TableState, kind: str,
                record: HandRecord, transfers: list[Transfer], stake: Decimal | None,
                findings: tuple[str, ...] = ()) -> Settlement:
        """Add up the transfers into deltas, scores and pot; the games only list transfers."""
        if kind not in self.hand_kinds:
            raise ValueError(f"{kind!r} is not a kind of {self.game} hand")  # a bug, not input
        players = config.players
        deltas = dict.fromkeys(players, ZERO)
        pot = state.pot
        for t in transfers:  # an account is never a player: they are told apart by type
            source, target = t.source, t.target
            if isinstance(source, str):
                deltas[source] -= t.amount
            elif source is POT:
                assert pot is not None, "a transfer from the pot in a game without one"
                pot -= t.amount
            if isinstance(target, str):
                deltas[target] += t.amount
            elif target is POT:
                assert pot is not None, "a transfer to the pot in a game without one"
                pot += t.amount
        before = state.scores
        scores = {p: before[p] + deltas[p] for p in players}
        # The fields in their order, not by name: one settlement a hand, and naming its twelve
        # fields took about a quarter of making it (the replay row of tests/benchmarks/
        # test_whole_commands.py). number, dealer, kind, record, pot_before, stake, transfers,
        # deltas, pot_after, scores_after, game, findings:
        return Settlement(state.hands_played + 1, state.dealer, kind, record, state.pot, stake,
                          tuple(transfers), deltas, pot, scores, self.game, findings)


def _check_leads(config: SessionConfig, led_by: tuple[str, ...], count: int,
                 due: tuple[str, ...]) -> None:
    """Who led each trick, as given with the cards, is who had to (``due``: the first leader,
    then each trick's winner): else a ``RecordError`` naming the first trick led otherwise."""
    if len(led_by) != count:
        raise RecordError("led_by", _("{needed} names are needed (who led each trick), "
                                      "{given} were given").format(needed=count,
                                                                   given=len(led_by)))
    for i, (raw, leads) in enumerate(zip(led_by, due, strict=True), start=1):
        said = config.resolve(raw, "led_by")
        if said == leads:
            continue
        if i == 1:
            raise RecordError("cards", _("trick {trick} was led by {said}, but {due} leads it "
                                         "(the first lead is theirs)").format(
                trick=i, said=said, due=leads))
        raise RecordError("cards", _("trick {trick} was led by {said}, but {due} leads it "
                                     "({due} won trick {previous})").format(
            trick=i, said=said, due=leads, previous=i - 1))


def _check_named_winners(named: tuple[str, ...], derived: tuple[str, ...]) -> None:
    """The trick winners given beside the cards are those the cards make: else a
    ``RecordError`` naming the first trick that differs."""
    for i, (said, winner) in enumerate(zip(named, derived, strict=True), start=1):
        if said != winner:
            raise RecordError("tricks", _("trick {trick} was won by {winner} according to its "
                                          "cards, not {said}").format(trick=i, winner=winner,
                                                                      said=said))
