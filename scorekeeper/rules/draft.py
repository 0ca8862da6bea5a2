"""A hand being entered one answer at a time: what is asked next, what may be given, when
the hand is complete. The table app and the command line both walk through it.

The steps come from the game (its ruleset's draft hooks): cards turned up before the play,
players asked whether they play or drop, then each trick, given as its winner or as every
card played to it. A draft keeps the answers in order, so taking one back simply forgets
the last answer and works the rest out again. Pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..cards import Card, Suit
from ..errors import ScorekeeperError
from ..i18n import _
from .base import Ruleset
from .config import SessionConfig
from .play import trick_progress
from .record import HandRecord
from .results import TableState

StepKind = Literal["turn", "decide", "winner", "card", "ready"]
Answer = Card | bool | str


@dataclass(frozen=True, slots=True)
class Step:
    """What the draft asks next. ``player``: who is asked to play or drop (``decide``), who
    leads the trick (``winner``), or whose card is next (``card``); ``trick``: which trick,
    from 1."""

    kind: StepKind
    player: str | None = None
    trick: int | None = None


class HandDraft:
    """The hand being entered. ``answers`` are the accepted answers, in order: cards (turned
    or played), decisions (``True`` plays, ``False`` drops) and trick winners (names)."""

    def __init__(self, ruleset: Ruleset, config: SessionConfig, state: TableState,
                 by_cards: bool = False) -> None:
        self.ruleset = ruleset
        self.config = config
        self.state = state
        self.by_cards = by_cards
        self.answers: list[Answer] = []
        self._forget()

    def _forget(self) -> None:
        self.turned: tuple[Card, ...] = ()
        self.decisions: tuple[tuple[str, bool], ...] = ()
        self.winners: tuple[str, ...] = ()
        self.cards: tuple[tuple[Card, ...], ...] = ()
        self._step = self._next_step()

    # ---- where the hand stands

    @property
    def step(self) -> Step:
        """What is asked now."""
        return self._step

    @property
    def complete(self) -> bool:
        return self._step.kind == "ready"

    def playing(self) -> tuple[str, ...]:
        """Who plays the hand, as far as the answers tell."""
        return self.ruleset.playing(self.config, self.state, self.turned, self.decisions)

    def plays_tricks(self) -> bool:
        return self.ruleset.plays_tricks(self.config, self.state, self.playing())

    def trump(self) -> Suit | None:
        """The trump suit, once the turned cards fix it."""
        if self.ruleset.needs_turned_card(self.config, self.state, self.turned):
            return None
        return self.ruleset.trump_of(self.turned)

    def first_leader(self) -> str:
        return self.ruleset.first_leader(self.config, self.state.dealer)

    def progress(self) -> list[tuple[tuple[str, ...], str | None]]:
        """Each trick typed card by card: its play order and its winner so far."""
        return trick_progress(self.ruleset, self.playing(), self.first_leader(), self.cards,
                              self.trump())

    def tricks_won(self) -> tuple[str, ...]:
        """The winners of the tricks complete so far (named, or worked out from the cards)."""
        if not self.by_cards:
            return self.winners
        n = len(self.playing())
        return tuple(w for (order, w), cards in zip(self.progress(), self.cards, strict=True)
                     if len(cards) == n and w is not None)

    def taken(self) -> dict[str, int]:
        """Tricks taken so far by each player."""
        counts = dict.fromkeys(self.config.players, 0)
        for w in self.tricks_won():
            counts[w] += 1
        return counts

    def to_decide(self) -> tuple[str, ...]:
        """Who is still to say whether they play or drop, in the order they are asked (the
        first is asked now); nobody before the turned cards tell whether anyone is asked."""
        if self.ruleset.needs_turned_card(self.config, self.state, self.turned):
            return ()
        deciders = self.ruleset.deciders(self.config, self.state, self.turned)
        return deciders[len(self.decisions):]

    def leader(self) -> str:
        """Who leads the next trick (the first leader, then each trick's winner)."""
        won = self.tricks_won()
        return won[-1] if won else self.first_leader()

    def _next_step(self) -> Step:
        ruleset, config, state = self.ruleset, self.config, self.state
        if ruleset.needs_turned_card(config, state, self.turned):
            return Step("turn")
        deciders = ruleset.deciders(config, state, self.turned)
        if len(self.decisions) < len(deciders):
            return Step("decide", player=deciders[len(self.decisions)])
        if not self.plays_tricks():
            return Step("ready")
        count = ruleset.tricks_per_hand
        if not self.by_cards:
            if len(self.winners) == count:
                return Step("ready")
            return Step("winner", player=self.leader(), trick=len(self.winners) + 1)
        n = len(self.playing())
        if len(self.cards) == count and len(self.cards[-1]) == n:
            return Step("ready")
        if not self.cards or len(self.cards[-1]) == n:
            return Step("card", player=self.leader(), trick=len(self.cards) + 1)
        order, _ = self.progress()[-1]
        return Step("card", player=order[len(self.cards[-1])], trick=len(self.cards))

    # ---- answers

    def refusal(self, answer: Answer) -> str | None:
        """Why ``answer`` cannot be the next one, or ``None`` when it can."""
        step, config = self._step, self.config
        if step.kind == "turn":
            if not isinstance(answer, Card):
                return _("type the turned card")
            return self.ruleset.turned_card_refusal(config, self.turned, answer)
        if step.kind == "decide":
            return None if isinstance(answer, bool) else _("say whether they play or drop")
        if step.kind == "winner":
            if not isinstance(answer, str) or answer not in config.players:
                return _("name one of the players")
            if answer not in self.playing():
                return _("{name} dropped: not in this hand").format(name=answer)
            return None
        if step.kind == "card":
            if not isinstance(answer, Card):
                return _("type the card played")
            deck = self.ruleset.deck(config)
            if answer not in self.ruleset.pack(len(config.players)):
                return _("{card} is not in this pack").format(card=answer.symbol(deck))
            if any(answer in trick for trick in self.cards):
                return _("{card} was already played in this hand").format(
                    card=answer.symbol(deck))
            assert step.player is not None
            return self.ruleset.card_refusal(config, self.state, self.turned, step.player,
                                             answer)
        return _("the hand is complete")

    def give(self, answer: Answer) -> str | None:
        """Take the next answer. Returns ``None`` when accepted, else why it was not."""
        problem = self.refusal(answer)
        if problem is None:
            self.answers.append(answer)
            self._apply(answer)
        return problem

    def _apply(self, answer: Answer) -> None:
        kind = self._step.kind
        if kind == "turn":
            assert isinstance(answer, Card)
            self.turned += (answer,)
        elif kind == "decide":
            assert isinstance(answer, bool) and self._step.player is not None
            self.decisions += ((self._step.player, answer),)
        elif kind == "winner":
            assert isinstance(answer, str)
            self.winners += (answer,)
        elif kind == "card":
            assert isinstance(answer, Card)
            n = len(self.playing())
            if not self.cards or len(self.cards[-1]) == n:
                self.cards += ((answer,),)
            else:
                self.cards = self.cards[:-1] + (self.cards[-1] + (answer,),)
        self._step = self._next_step()

    def take_back(self) -> bool:
        """Forget the last answer; ``False`` when there was none."""
        if not self.answers:
            return False
        answers = self.answers[:-1]
        self.answers = []
        self._forget()
        for answer in answers:
            self.answers.append(answer)
            self._apply(answer)
        return True

    def switched(self, by_cards: bool) -> HandDraft:
        """The same hand entered the other way (winners or cards): the answers before the
        tricks are kept."""
        other = HandDraft(self.ruleset, self.config, self.state, by_cards)
        for answer in self.answers:
            if other.step.kind in ("winner", "card", "ready"):
                break
            other.give(answer)
        return other

    def record(self, note: str | None = None) -> HandRecord:
        """The hand as the rules take it."""
        if not self.complete:
            raise ScorekeeperError(_("the hand is not complete yet"))
        plays = self.plays_tricks()
        cards = self.cards if self.by_cards and plays else None
        tricks = self.winners if not self.by_cards and plays else ()
        return self.ruleset.draft_record(self.config, self.state, self.turned, self.decisions,
                                         tricks, cards, note)

    @classmethod
    def from_turned(cls, ruleset: Ruleset, config: SessionConfig, state: TableState,
                    record: HandRecord) -> HandDraft:
        """A draft of a recorded hand filled in up to who plays: its turned card(s) alone (a
        hand recorded as a Muss that an amendment made a normal hand: who played is asked,
        D19; trial 33 saw it opened with everyone playing, one Enter from being saved so)."""
        draft = cls(ruleset, config, state, by_cards=record.cards is not None)
        for answer in ruleset.record_answers(record)[0]:
            if draft.complete or draft.give(answer) is not None:
                break
        return draft

    @classmethod
    def from_record(cls, ruleset: Ruleset, config: SessionConfig, state: TableState,
                    record: HandRecord) -> HandDraft:
        """A draft filled in from a recorded hand (to amend it: change what was wrong).
        Answers the record does not allow stop the filling; what was accepted stays."""
        draft = cls(ruleset, config, state, by_cards=record.cards is not None)
        turned, entered = ruleset.record_answers(record)
        answers: list[Answer] = list(turned)
        for player in ruleset.deciders(config, state, turned):
            answers.append(entered is None or player in entered)
        answers += recorded_play(record)
        for answer in answers:
            if draft.complete or draft.give(answer) is not None:
                break
        return draft


def recorded_play(record: HandRecord) -> tuple[Answer, ...]:
    """A recorded hand's play as a draft takes it: every card of every trick (a hand typed
    card by card), else each trick's winner."""
    if record.cards is not None:
        return tuple(card for trick in record.cards for card in trick)
    return tuple(record.tricks)
