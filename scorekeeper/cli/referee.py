"""The commands of the referee: who wins a trick and which cards are legal, a game's rule
card, and how to deal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from ..errors import ScorekeeperError
from ..i18n import N_, _, with_seat_articles
from .language import json_words
from .options import Command, GameChoice, Group, argument, option, split_names
from .output import emit_json, fail, say

if TYPE_CHECKING:
    from ..cards import Card


@click.group(cls=Group)
def referee() -> None:
    """Who wins a trick, which cards are legal.

    Settles a dispute at the table: who wins a trick, which cards are legal and why.
    """


@referee.command("trick", epilog="""\b
Examples:
  scorekeeper referee trick --game GAME --cards 9S,KS,AH
  scorekeeper referee trick --game GAME --trump C --cards KC,8C --hand AC,7H

GAME is one of {games}; --trump is for the games with a trump suit.""")
@option("--game", required=True, type=GameChoice(), help="The game.")
@option("--trump", metavar=N_("SUIT"),
              help="In a game with trumps: the trump suit (C D H S or ♣ ♦ ♥ ♠).")
@option("--players", type=int, default=4, show_default=True, metavar="N",
              help="How many play at the table (the pack depends on it).")
@option("--cards", required=True, metavar="C,C,…", help="The cards played so far, in order.")
@option("--hand", metavar="C,C,…", help="The next player's hand: show the legal cards.")
@option("--json", "as_json", is_flag=True, help="Print the verdict as JSON.")
def referee_trick(game: str, trump: str | None, players: int, cards: str, hand: str | None,
                  as_json: bool) -> None:
    """Who is winning a trick; the legal cards.

    Who is winning the trick so far, and with --hand which cards the next player may play.
    """
    from ..cards import Suit, parse_cards
    from ..referee import legal_cards, table_ruleset, winning_position

    json_words(as_json)
    try:
        table_ruleset(game, players)
    except ScorekeeperError as error:
        fail(f"--players: {error}")

    def read(flag: str, value: str) -> tuple[Card, ...]:
        try:
            return parse_cards(value, typed=True)
        except ScorekeeperError as error:
            fail(f"{flag}: {error}")

    try:
        suit = Suit.parse(trump) if trump else None
    except ScorekeeperError as error:
        fail(f"--trump: {error}")
    trick = read("--cards", cards)
    if not trick:
        fail(_("--cards: give at least one card"))
    try:
        position = winning_position(game, trick, suit, players)
    except ScorekeeperError as error:
        fail(f"--cards: {error}")
    winner = trick[position]
    advice = None
    if hand is not None:
        try:
            advice = legal_cards(game, read("--hand", hand), trick, suit, players)
        except ScorekeeperError as error:
            fail(f"--hand: {error}")
    if as_json:
        document: dict[str, Any] = {"winner": str(winner), "winner_position": position}
        if advice is not None:
            document |= {"legal": [str(c) for c in advice.legal], "reasons": list(advice.reasons)}
        emit_json(document)
        return
    say(_("winning so far: {card} (card {position} of {count})").format(
        card=winner.symbol(), position=position + 1, count=len(trick)))
    if advice is not None:
        say(_("may play: {cards}").format(cards=", ".join(c.symbol() for c in advice.legal)))
        for reason in advice.reasons:
            say("  " + _("because: {reason}").format(reason=reason))


@click.command(cls=Command, epilog="GAME is one of {games}.")
@argument("game", N_("GAME"), type=GameChoice())
def rules(game: str) -> None:
    """Print the rule card of GAME."""
    from ..rulecards import rule_card

    say(rule_card(game.strip().lower()), nl=False)


@click.command(cls=Command, epilog="""\b
Examples:
  scorekeeper deal GAME --players 4
  scorekeeper deal GAME --names Anna,Ben,Cleo,Dora --dealer Anna

GAME is one of {games}.""")
@argument("game", N_("GAME"), type=GameChoice())
@option("--players", "count", type=int, metavar="N", help="How many players (seats 1 to N).")
@option("--names", metavar="A,B,…", help="The players' names in clockwise order instead.")
@option("--dealer", metavar=N_("NAME"), help="Who deals (default: the first).")
def deal(game: str, count: int | None, names: str | None, dealer: str | None) -> None:
    """Print how to deal GAME, step by step.

    The deal plan for N players (or the players named), from the given dealer.
    """
    from ..referee import deal_plan, table_ruleset

    game = game.strip().lower()
    if names is not None:
        seats = list(split_names(names) or ())
        if not seats:
            fail(_("--names: give the players' names, separated by commas"))
        flag, number = "--names", len(seats)
    elif count is not None:
        flag, number, seats = "--players", count, []
    else:
        fail(_("deal: give --players N or --names A,B,…"))
    try:
        table_ruleset(game, number)
    except ScorekeeperError as error:
        fail(f"{flag}: {error}")
    if not seats:  # the number is within the game's bounds now
        seats = [_("seat {number}").format(number=i) for i in range(1, number + 1)]
    if dealer is not None and dealer not in seats:
        fail(_("--dealer: '{name}' is not one of the players").format(name=dealer))
    plan = deal_plan(game, seats, dealer or seats[0])
    for i, step in enumerate(plan.steps, start=1):
        say(f"{i}. {with_seat_articles(step) if names is None else step}")
    say(_("cards: {count}").format(count=plan.card_count))
