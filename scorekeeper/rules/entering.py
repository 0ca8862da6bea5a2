"""What the table asks a game before and while a hand is entered (the second layer of a
``Ruleset``): what is paid in before the deal, the guide's steps, and the questions of a hand
entered one answer at a time (``draft``)."""

from __future__ import annotations

from decimal import Decimal
from typing import ClassVar

from ..cards import Card, Suit
from ..i18n import _
from .config import SessionConfig
from .facts import GameFacts, then_list
from .record import HandRecord
from .results import TableState, Transfer


class HandEntry(GameFacts):
    """The hooks the table guide and the entry of a hand ask (defaults most games keep).
    ``HandSettling`` builds on it."""

    # --- before the deal (the table guide asks these) ------------------------------------

    def stakes(self, config: SessionConfig, state: TableState) -> tuple[list[Transfer],
                                                                        Decimal | None]:
        """What is paid in before the deal, and the pot then (none in most games)."""
        return [], None

    def before_deal(self, config: SessionConfig, state: TableState) -> tuple[str, ...]:
        """What to collect before the deal, in words (nothing in most games)."""
        return ()

    def guide_steps(self, config: SessionConfig, state: TableState) -> tuple[str, ...]:
        """The deal of the next hand, step by step, as the table guide says it."""
        return self.deal_plan(config.players, state.dealer).steps

    # The step of the guide (``guide_steps``) being played while the entry asks the
    # decisions (``decide``): the steps before it are done then (the turned card is typed);
    # once a first decision is typed, the step that asks them (the deal is done).
    guide_step_at_decisions: ClassVar[int] = 0
    guide_step_asking: ClassVar[int] = 0

    def guide_step_at(self, asking: str, steps: int, answered: int = 0) -> int:
        """The step of the guide (of ``steps``) being played while the entry asks a question
        of kind ``asking`` (``Step.kind``), ``answered`` decisions typed: the deal until the
        turned card is typed, the decisions' steps (``guide_step_at_decisions``, then
        ``guide_step_asking``), then the lead, the last step."""
        if asking == "turn":
            return 0
        if asking == "decide":
            return min(self.guide_step_asking if answered else self.guide_step_at_decisions,
                       steps - 1)
        return max(steps - 1, 0)

    def pot_words(self, config: SessionConfig, state: TableState) -> str | None:
        """A word on the pot for the hand about to be played (or on there being none)."""
        return None

    # --- entering a hand, one answer at a time (see ``draft``) ---------------------------

    def needs_turned_card(self, config: SessionConfig, state: TableState,
                          turned: tuple[Card, ...]) -> bool:
        """Whether another card must be turned up (and typed) before the hand is played."""
        return False

    def turned_card_refusal(self, config: SessionConfig, turned: tuple[Card, ...],
                            card: Card) -> str | None:
        """Why ``card`` cannot be the next turned card, or ``None``."""
        deck = self.deck(config)
        if card not in self.pack(len(config.players)):
            return _("{card} is not in this pack").format(card=card.symbol(deck))
        if card in turned:
            return _("{card} was turned already").format(card=card.symbol(deck))
        return None

    def turn_prompt(self, turned: tuple[Card, ...]) -> str:
        """What to type as the next turned card, in words."""
        return _("Type the turned card")

    def turn_words(self, config: SessionConfig, state: TableState,
                   turned: tuple[Card, ...]) -> str:
        """The turned cards so far, and what they make of the hand."""
        return _("Turned: {cards}").format(cards=then_list(turned, self.deck(config)))

    def deciders(self, config: SessionConfig, state: TableState,
                 turned: tuple[Card, ...]) -> tuple[str, ...]:
        """Who is asked, in turn, whether they play or drop (nobody in most games)."""
        return ()

    def playing(self, config: SessionConfig, state: TableState, turned: tuple[Card, ...],
                decisions: tuple[tuple[str, bool], ...]) -> tuple[str, ...]:
        """Who plays the hand, in seating order, given the answers so far."""
        return config.players

    def plays_tricks(self, config: SessionConfig, state: TableState,
                     playing: tuple[str, ...]) -> bool:
        """Whether tricks are played at all once the decisions are made."""
        return True

    def trump_of(self, turned: tuple[Card, ...] | None) -> Suit | None:
        """The trump suit the turned cards fix (``None`` in a game without trumps)."""
        return None

    def card_refusal(self, config: SessionConfig, state: TableState, turned: tuple[Card, ...],
                     player: str, card: Card) -> str | None:
        """Why ``player`` cannot have played ``card`` (beyond the pack and playing it twice)."""
        return None

    def draft_record(self, config: SessionConfig, state: TableState, turned: tuple[Card, ...],
                     decisions: tuple[tuple[str, bool], ...], tricks: tuple[str, ...],
                     cards: tuple[tuple[Card, ...], ...] | None,
                     note: str | None) -> HandRecord:
        """The record of a hand entered answer by answer."""
        return HandRecord(tricks=tricks, cards=cards, note=note)

    def record_answers(self, record: HandRecord) -> tuple[tuple[Card, ...],
                                                          tuple[str, ...] | None]:
        """The turned cards and the players who chose to play, as a record states them (to
        fill in a draft from a stored hand)."""
        return (), None
