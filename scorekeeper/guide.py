"""What to do at the table before the next hand, in words. Pure: built from the rules."""

from __future__ import annotations

from .amounts import format_amount
from .referee import deal_plan
from .rules import SessionConfig, TableState, get_ruleset


def table_guide(config: SessionConfig, state: TableState) -> list[str]:
    """The steps for the next hand: stakes, the deal, decisions, who leads."""
    ruleset = get_ruleset(config.game)
    if state.finished:
        word = "Winner" if len(state.leaders) == 1 else "Winners (shared)"
        return [f"The session is over. {word}: {', '.join(state.leaders)}."]
    lines = [f"Hand {state.hands_played + 1}: {state.dealer} deals."]
    if config.game == "kratzen":
        _, stake = ruleset.stakes(config, state)
        lines.append(ruleset.stakes_text(config, state) + f" P = {format_amount(stake)}.")
    steps = list(deal_plan(config.game, config.players, state.dealer).steps)
    if config.game == "kratzen" and state.pot == 0:
        steps = [("A Muss: everyone plays, nobody is asked to drop." if step.startswith("ask ")
                  else step) for step in steps]
    return lines + steps
