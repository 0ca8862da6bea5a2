"""The commands that write hands: record (by options or asked step by step), undo (withdraw
the last hand) and amend (with --then for several hands in one step)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from ..errors import RecordError, ScorekeeperError, StoreError, one_line
from ..i18n import N_, _, ngettext
from .ask import ask_hand, option_letters_words, seat_refusal
from .language import json_words
from .options import (
    Command,
    Decorated,
    Option,
    argument,
    checked_expect,
    expect_option,
    get_store,
    home_option,
    option,
    session_argument,
    split_names,
)
from .output import emit_json, fail, say, stored

if TYPE_CHECKING:
    from collections.abc import Collection

    from ..rules import HandRecord
    from ..store import OpenSession, Store


def typed_card(text: str) -> str:
    """A card as a person typed it (the letters of the language in use too: ``DH`` is the
    Dame of hearts in German) in the contract's letters; text that is no card is left as it
    is, for the record's own check to name."""
    from ..cards import Card

    try:
        return str(Card.parse_typed(text))
    except ScorekeeperError:
        return text


def record_fields(given: dict[str, str | None]) -> dict[str, Any]:
    """The record fields given on the command line (the others are left out): lists of
    names or cards split at commas, the cards of each trick at ';'."""
    from ..rules.record import RECORD_SHAPES

    fields: dict[str, Any] = {}
    for name, value in given.items():
        if value is None:
            continue
        if name == "note":
            fields[name] = value
        elif name == "cards":
            fields[name] = tuple(tuple(typed_card(c) for c in split_names(t) or ())
                                 for t in value.replace("/", ";").split(";") if t.strip())
        elif RECORD_SHAPES.get(name) == "cards":
            fields[name] = tuple(typed_card(c) for c in split_names(value) or ())
        else:
            fields[name] = split_names(value)
    return fields


def seated(fields: dict[str, Any], players: tuple[str, ...], where: str = "",
           hand: int | None = None) -> dict[str, Any]:
    """The record fields with every name given read against the players seated
    (``pick_player``): a whole name, a seat number or the unique start of a name. ``where``
    (the session's file) and ``hand`` (its number) begin the line refusing a seat nobody has,
    as the store's refusals of a hand begin."""
    from ..rules.record import RECORD_SHAPES

    return {field: tuple(pick_player(v, players, field, where, hand) for v in value)
            if RECORD_SHAPES.get(field) == "names" and value else value
            for field, value in fields.items()}


def pick_player(given: str, players: tuple[str, ...], field: str, where: str = "",
                hand: int | None = None) -> str:
    """The player meant by ``given``: a whole name in any case, else a seat number (1 is the
    first seat clockwise), else the start of exactly one name (``Fried`` for Friedrich); a
    start that fits several is one error line naming them, and so is a seat number beyond
    the seats (``sessions/ID.json: hand 5: --tricks: there is no seat 9 (seats 1 to 4)``,
    ``where`` and ``hand`` as given). Anything else is left as given, for the rules to say
    who plays."""
    option = f"--{field.replace('_', '-')}"
    meant = players_meant(given, players)
    if len(meant) > 1:
        fail(_("--{option}: '{name}' could be {names}: type more of the name, or the seat "
               "number").format(option=field.replace("_", "-"), name=given,
                                names=", ".join(meant)))
    if not meant:
        no_seat = seat_refusal(given, players)
        if no_seat is not None:
            fail((f"{where}: " if where else "") + RecordError(option, no_seat, hand).keyed())
    return meant[0] if meant else given


def players_meant(given: str, players: tuple[str, ...]) -> list[str]:
    """Who ``given`` may name (``pick_player``, ``count``): the player of that whole name in
    any case, else of that seat number, else every player whose name starts so (none: an
    empty list)."""
    key = given.casefold()
    for player in players:
        if player.casefold() == key:
            return [player]
    if given.isascii() and given.isdigit() and 1 <= int(given) <= len(players):
        return [players[int(given) - 1]]
    return [p for p in players if p.casefold().startswith(key)]


def option_named(error: StoreError, options: Collection[str]) -> str | None:
    """The store's refusal of a hand whose record the rules refuse (``sessions/ID.json: hand 2:
    entered: …``) naming the part at fault by its option as typed (``--entered``), where it is
    one of ``options`` (the command's record options, given or not), in the rules' advice too
    (``or leave --entered out``); ``None`` for any other refusal, said as the store says it
    (the German ``es spielen:`` named no option)."""
    cause, said = error.__cause__, str(error)
    if not isinstance(cause, RecordError) or cause.field not in options:
        return None
    where = said.removesuffix(str(cause))
    if where == said:
        return None
    option = f"--{cause.field.replace('_', '-')}"
    key = f"'{cause.field}'"  # the rules' advice names the key: "or leave 'entered' out"
    named = RecordError(option, cause.detail.replace(key, option), cause.hand,
                        None if cause.hint is None else cause.hint.replace(key, option))
    return where + named.keyed()


def make_record(fields: dict[str, Any], where: str = "record") -> HandRecord:
    """The hand's record of the fields given, else one error line naming the field."""
    from pydantic import ValidationError

    from ..rules import HandRecord
    from ..rules.record import describe_validation_error

    try:
        return HandRecord(**fields)
    except ValidationError as error:
        field, message = describe_validation_error(error)
        fail(f"--{field}: {message}")


def game_record_options() -> list[click.Option]:
    """The record fields that some games add (each game declares its own), as options."""
    from ..rules import RULESETS

    found: dict[str, tuple[str, list[str]]] = {}
    for ruleset in RULESETS.values():
        for name, (metavar, words) in ruleset.extra_record_fields.items():
            found.setdefault(name, (metavar, []))[1].append(f"{ruleset.title}: {words}")
    return [Option([f"--{name.replace('_', '-')}", name], metavar=metavar, help=" ".join(words))
            for name, (metavar, words) in found.items()]


class RecordCommand(Command):
    """``record`` and ``amend``: beside their own options, the record fields that games add,
    read from the rules registry when the command runs or shows its help, not when the program
    starts (the rules take longer to import than ``sessions`` takes in all)."""

    games_read = False

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        if not self.games_read:
            self.games_read = True
            after = next(i for i, p in enumerate(self.params) if p.name == "tricks") + 1
            self.params[after:after] = game_record_options()
        return super().get_params(ctx)

    def epilog_words(self) -> str:
        """The epilog, then where the options' card letters (C D H S, the contract's) mean
        another suit than the table's keys in the language in use (``option_letters_words``)."""
        letters = option_letters_words()
        return super().epilog_words() + (f"\n\n{letters}" if letters else "")


def record_options(command: Decorated) -> Decorated:
    """The options of a hand's record that every game has (--tricks, --cards, --led-by,
    --note), for record, amend and the hands after amend's --then."""
    for add in reversed([
        option("--tricks", metavar="A,B,…", help="The winner of each trick, in order."),
        option("--cards", metavar="C,C,…;C,C,…", help="Instead of --tricks: the cards of "
                     "each trick in play order, tricks separated by ';'."),
        option("--led-by", "led_by", metavar="A,B,…", help="With --cards: who led each trick "
                     "(checked against the rules)."),
        option("--note", metavar=N_("TEXT"), help="A note kept with the hand."),
    ]):
        command = add(command)
    return command


@click.command(cls=RecordCommand, epilog="""\b
Examples:
  scorekeeper record 3f2 --tricks Ben,Ben,Cleo,Dora
  scorekeeper record 3f2 --cards "9S,KS,AH,QS; AC,7C,8C,9C; …"

A game's own fields (see the options below) go beside --tricks or --cards.
With --ask the hand is asked for step by step, as the table app asks it.""")
@session_argument()
@record_options
@option("--ask", is_flag=True, help="Ask for the hand step by step instead.")
@option("--json", "as_json", is_flag=True, help="Print the settled hand as JSON.")
@expect_option
@home_option
@click.pass_context
def record(ctx: click.Context, /, session: str, ask: bool, as_json: bool, expect: str | None,
           home: str | None, **given: str | None) -> None:
    """Record the next hand and what everyone pays.

    Prints what each player and the pot pay or receive, and who deals and leads next.
    """
    from ..documents import hand_document
    from ..handwords import next_text, payments_text

    json_words(as_json)
    expect = checked_expect(expect)
    fields = record_fields(given)
    store = get_store(ctx, home)
    if ask:
        if fields:
            fail(_("--ask: give the hand step by step or by options, not both"))
        from ..store import check_expected

        opened = store.open(session)
        next_evening_whole(store, opened)
        check_expected(opened, expect)  # said before the hand is asked, not after
        # The hand is asked against the table as it is now: stored only if it still is.
        hand, expect = ask_hand(opened), expect or opened.digest
    else:
        make_record(fields)  # the options' shape, before the file is read
        opened = store.open(session)
        next_evening_whole(store, opened)
        hand = make_record(seated(fields, opened.config.players, opened.label,
                                  opened.hands_played + 1))
    try:
        result = store.record(session, hand, expect=expect)
    except StoreError as error:
        said = None if ask else option_named(error, given)
        if said is None:
            raise
        fail(said)
    s, state = result.settlement, result.state
    stored(_("hand {number} of session {id}").format(number=s.number, id=result.session.id))
    if as_json:
        emit_json({"session": result.session.id, "hand": hand_document(s),
                   "explanation": list(s.explanation), "digest": result.session.digest,
                   "finished": state.finished, "leaders": list(state.leaders)})
        return
    say(_("hand {number} recorded in session {id}: {dealer} dealt; {kind}").format(
        number=s.number, id=result.session.id, dealer=s.dealer,
        kind=result.session.ruleset.kind_words(s.kind)))
    for line in s.explanation_words(result.session.config):
        say(f"  {line}")
    say(payments_text(result.session, s, state))
    say(next_text(result.session, state))


def next_evening_whole(store: Store, opened: OpenSession) -> None:
    """An evening that went on in the next takes no hand: the store says to record it there.
    When the next evening's file cannot be opened (damaged by hand, or gone), "record the
    hand there" would send the table to a file that refuses it too: the refusal names what
    is wrong with that file (trial 30: "registem a mão lá", "lá" damaged)."""
    if not opened.continued_by:
        return
    try:
        store.open(opened.continued_by)
    except ScorekeeperError as error:
        fail(_("{file}: the evening goes on in session {id}, which carried on from here (the "
               "next evening), but no hand can be recorded there now: {problem}").format(
            file=opened.label, id=opened.continued_by, problem=one_line(str(error))))


@click.command(cls=Command)
@session_argument()
@expect_option
@home_option
@click.pass_context
def undo(ctx: click.Context, session: str, expect: str | None, home: str | None) -> None:
    """Withdraw the last hand (kept in the history).

    The hand stays in the session's history, marked withdrawn.
    """
    from ..handwords import next_text

    opened, withdrawn = get_store(ctx, home).undo(session, expect=checked_expect(expect))
    stored(_("the withdrawal of hand {number} of session {id}").format(
        number=withdrawn.number, id=opened.id))
    say(_("hand {number} ({dealer} dealt, {kind}) withdrawn from session {id}; it stays in the "
          "history").format(number=withdrawn.number, dealer=withdrawn.dealer,
                            kind=opened.ruleset.kind_words(withdrawn.kind), id=opened.id))
    say(next_text(opened, opened.state()))


THEN = "--then"


class AmendCommand(RecordCommand):
    """``amend`` reads ``--then HAND [options]`` as another hand amended in the same step: the
    words after each ``--then`` are kept aside (in ``ctx.meta``) and read like the first hand's."""

    WHOLE = ("--expect", "--home")  # options of the whole step, wherever they are given

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        parts: list[list[str]] = [[]]
        words = iter(args)
        for arg in words:
            if arg == THEN:
                parts.append([])
            elif len(parts) > 1 and arg.partition("=")[0] in self.WHOLE:
                parts[0] += [arg] if "=" in arg else [arg, next(words, "")]
            else:
                parts[-1].append(arg)
        ctx.meta["amend_then"] = parts[1:]
        return super().parse_args(ctx, parts[0])


@click.command(THEN, cls=RecordCommand, add_help_option=False)
@argument("hand", N_("HAND"), type=int)
@record_options
def then_part(hand: int, **given: Any) -> None:
    """One hand after ``--then``: its number and its record's fields (only parsed)."""


def then_amendments(ctx: click.Context) -> list[tuple[int, dict[str, Any]]]:
    """The hands after each ``--then``: (number, the record fields given), each checked."""
    amendments = []
    for words in ctx.meta.get("amend_then", []):
        if not words:
            fail(_("--then: give the number of the hand, then its fields"))
        part = then_part.make_context(THEN, list(words), parent=ctx)
        number, given = part.params.pop("hand"), part.params
        fields = record_fields(given)
        if not fields:
            fail(_("--then {number}: give at least one of {options}").format(
                number=number, options=", ".join(f"--{n.replace('_', '-')}" for n in given)))
        make_record(fields)
        amendments.append((number, fields))
    return amendments


@click.command(cls=AmendCommand, epilog="""\b
Examples:
  scorekeeper amend 3f2 1 --tricks Anna,Anna,Cleo,Dora
  scorekeeper amend 3f2 4 --note "Ben revoked\"
  scorekeeper amend 3f2 2 --entered Cleo --then 3 --entered Dora,Anna,Ben

--then HAND [options] amends another hand in the same step (as often as needed): when
an amendment leaves a later hand not fitting its record, amend that hand too; all are
stored together, or none.""")
@session_argument()
@argument("hand", N_("HAND"), type=int)
@record_options
@expect_option
@home_option
@click.pass_context
def amend(ctx: click.Context, /, session: str, hand: int, expect: str | None, home: str | None,
          **given: str | None) -> None:
    """Replace hand HAND's record and settle again.

    Fields not given are kept; hand HAND and every later hand are settled again.
    """
    from ..handwords import amendment_effect_lines, amendment_lines, next_text
    from ..presentation import hands_words
    from ..store import LaterHandBroken

    expect = checked_expect(expect)
    fields = record_fields(given)
    if not fields:
        fail(_("amend: give at least one of {options}").format(
            options=", ".join(f"--{name.replace('_', '-')}" for name in given)))
    make_record(fields)  # check the options' shape before touching the file
    amendments = [(hand, fields), *then_amendments(ctx)]
    store = get_store(ctx, home)
    opened = store.open(session)
    amendments = [(number, seated(given, opened.config.players, opened.label, number))
                  for number, given in amendments]
    try:
        result = store.amend_hands(session, amendments, expect=expect)
    except LaterHandBroken as broken:
        advice = (_("Nothing was written; to amend hand {number} too, in the same step, add "
                    "--then {number} and its fields.").format(number=broken.hand)
                  if broken.can_amend else _("Nothing was written."))
        fail(f"{broken}. {advice}")
    except StoreError as error:
        said = option_named(error, given)
        if said is None:
            raise
        fail(said)
    numbers = result.numbers
    session_id = result.session.id
    stored(_("the amendment of {hands} of session {id}").format(hands=hands_words(numbers),
                                                                id=session_id))
    before, after = result.before.state, result.after.state
    say(ngettext("{hands} amended in session {id}; hands {number} to {last} settled again",
                 "{hands} amended in session {id}; hands {number} to {last} settled again",
                 len(numbers)).format(  # one hand or several: the participle agrees (pt, es)
        hands=hands_words(numbers), id=session_id, number=numbers[0], last=after.hands_played))
    config = result.session.config
    for line in amendment_effect_lines(result.session.ruleset, config.players,
                                       result.hands_changed()):
        say(f"  {line}")
    say("  " + _("standings before -> after:"))
    for line in amendment_lines(config.players, before.scores, after.scores,
                                result.changes(), before.pot, after.pot):
        say(f"    {line}")
    say(next_text(result.session, after))
