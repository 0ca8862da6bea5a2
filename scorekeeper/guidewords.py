"""The table guide and the hand being entered, in words: the steps of the next hand (stakes,
the deal, decisions, who leads), what the entry asks now and what has been entered so far.
The command line's ``record --ask`` and the table app both say them this way. Pure.

Each game's own sentences (what to collect before the deal, the deal steps) come from its
ruleset; this module puts them together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .i18n import _
from .rules import Ruleset, SessionConfig, TableState

# The table's draft (three dataclasses compiled at import) is imported by the module that
# makes one, not here.
if TYPE_CHECKING:
    from .rules import HandDraft


def table_guide(ruleset: Ruleset, config: SessionConfig, state: TableState,
                asking: str | None = None, answered: int = 0) -> list[str]:
    """The steps for the next hand: stakes, the deal, decisions, who leads. ``asking``: the
    kind of question the entry asks now (``HandDraft.step.kind``), once something is typed
    (``answered``: the decisions typed);
    the steps done by then fold away (the stakes, and the deal steps before the one the game
    says is played at that question: ``Ruleset.guide_step_at``), so that the step played now
    and the next ones are what the guide shows."""
    if state.finished:
        names = ", ".join(state.leaders)
        if len(state.leaders) == 1:
            return [_("The session is over. Winner: {names}.").format(names=names)]
        return [_("The session is over. Winners (shared): {names}.").format(names=names)]
    steps = list(ruleset.guide_steps(config, state))
    if asking is not None:  # (who deals is on the seat and the hand's number at the top)
        return steps[ruleset.guide_step_at(asking, len(steps), answered):]
    return [_("Hand {number}: {dealer} deals.").format(number=state.hands_played + 1,
                                                       dealer=state.dealer),
            *ruleset.before_deal(config, state), *steps]


def step_prompt(draft: HandDraft) -> str:
    """What the draft asks now, in words (the keys to type are the caller's to add)."""
    step = draft.step
    if step.kind == "turn":
        return draft.ruleset.turn_prompt(draft.turned)
    if step.kind == "decide":
        return _("{player}: play or drop?").format(player=step.player)
    if step.kind == "winner":
        return _("Who won trick {trick}? ({player} leads)").format(trick=step.trick,
                                                                  player=step.player)
    if step.kind == "card":
        return _("Trick {trick}: the card {player} played").format(trick=step.trick,
                                                                  player=step.player)
    return _("The hand is complete.")


def draft_lines(draft: HandDraft) -> list[str]:
    """What has been entered of the hand so far, a line each."""
    lines = []
    ruleset = draft.ruleset
    if draft.turned:
        lines.append(ruleset.turn_words(draft.config, draft.state, draft.turned))
    if draft.decisions:
        lines.append(_("Decisions: {decisions}").format(decisions=", ".join(
            (_("{player} plays") if yes else _("{player} drops")).format(player=p)
            for p, yes in draft.decisions)))
    if draft.complete and not draft.plays_tricks():
        lines.append(_("Nobody else plays: the hand goes to {dealer} without play.").format(
            dealer=draft.state.dealer))
    if draft.by_cards:
        deck = ruleset.deck(draft.config)
        for i, ((order, winner), cards) in enumerate(zip(draft.progress(), draft.cards,
                                                         strict=True),
                                                     start=1):
            played = ", ".join(f"{p} {c.symbol(deck)}"
                               for p, c in zip(order, cards, strict=False))
            if len(cards) == len(order):
                words = _("Trick {trick}: {cards}  -> {winner}")
            else:
                words = _("Trick {trick}: {cards}  -> {winner} so far")
            lines.append(words.format(trick=i, cards=played, winner=winner))
    elif draft.winners:
        lines.append(_("Tricks: {winners}").format(winners=", ".join(
            f"{i} {w}" for i, w in enumerate(draft.winners, start=1))))
    return lines
