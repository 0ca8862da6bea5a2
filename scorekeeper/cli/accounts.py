"""The commands that check and settle the money: audit (settle every hand again), count
(the chips the players hold) and settle (who pays whom)."""

from __future__ import annotations

import re
from decimal import Decimal

import click

from ..errors import RecordError, ScorekeeperError
from ..i18n import N_, _, decimal_separator, ngettext, sentence
from .language import json_words
from .options import (
    Command,
    argument,
    checked_expect,
    expect_option,
    get_store,
    home_option,
    option,
    session_argument,
)
from .output import EXIT_DISCREPANCY, emit_json, fail, say, stored


@click.command(cls=Command)
@session_argument()
@option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
@home_option
@click.pass_context
def audit(ctx: click.Context, session: str, as_json: bool, home: str | None) -> None:
    """Settle every hand again and check the file.

    Compares every hand's figures with the file and checks the chain of hashes; exit
    status 1 on any difference.
    """
    json_words(as_json)
    store = get_store(ctx, home)
    audited = store.audit_report(session)
    opened, findings, digest, label = (audited.session, audited.findings, audited.digest,
                                       audited.label)
    if as_json:
        emit_json({"file": label, "digest": digest, "ok": not findings,
                   "findings": [f.model_dump() for f in findings],
                   "notes": [n.model_dump() for n in audited.notes]})
    else:
        for f in findings:
            say(f"{label}: {f.message}")
        for n in audited.notes:
            say(_("{file}: note: {message}").format(file=label, message=n.message))
        if not findings:
            hands = opened.hands_played if opened else 0
            say(ngettext("{file}: audit clean: {count} hand settled again and matched; chain "
                         "intact; digest {digest}",
                         "{file}: audit clean: {count} hands settled again and matched; chain "
                         "intact; digest {digest}", hands).format(file=label, count=hands,
                                                                  digest=digest))
        else:
            say(ngettext("{file}: {count} finding", "{file}: {count} findings",
                         len(findings)).format(file=label, count=len(findings)))
        from ..store.conflicts import conflict_of

        conflict = conflict_of(store.home, opened.id) if opened else None
        if conflict is not None and label == f"sessions/{conflict.id}.json":  # sync: two laptops
            say(_("{file}: note: {message}").format(file=label, message=conflict.words()))
    if findings:
        raise click.exceptions.Exit(EXIT_DISCREPANCY)


class AmountsCommand(Command):
    """``count`` and ``settle``, whose examples write an amount as the language in use types
    it (``Ben=14,25``, ``--value 0,10`` in German: both read the decimal mark of the language
    they are given in, and ``14.25`` in every language)."""

    def epilog_words(self) -> str:
        return re.sub(r"(=|--value )(-?[0-9]+)\.([0-9]+)\b",
                      lambda m: f"{m.group(1)}{m.group(2)}{decimal_separator()}{m.group(3)}",
                      super().epilog_words())


@click.command(cls=AmountsCommand, epilog="""\b
Examples:
  scorekeeper count 3f2 Anna=-28 Ben=14.25 Cleo=-2 Dora=0 {pot}=16
  scorekeeper count 3f2 {pot}=-6 Ben=-2 --pot 10    (a player called {pot})""")
@session_argument()
@argument("holdings", N_("NAME=AMOUNT… [pot=AMOUNT]"), nargs=-1)
@option("--pot", "pot", metavar=N_("AMOUNT"),
        help="What the pot holds ({pot}=AMOUNT is a player when one is called {pot}).")
@option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@expect_option
@home_option
@click.pass_context
def count(ctx: click.Context, session: str, holdings: tuple[str, ...], pot: str | None,
          as_json: bool, expect: str | None, home: str | None) -> None:
    """Record a chip count; exit 1 if it is off.

    What the players (and the pot) actually hold, compared with the ledger; exit status 1
    if it disagrees. A player is named as record takes them: the whole name in any case, the
    seat number or the unique start of the name; {pot}=AMOUNT counts the pot unless a player
    is called {pot}, and --pot AMOUNT always counts the pot.
    """
    from ..amounts import format_amount, parse_typed_amount, to_decimal_string
    from ..countwords import counted_words, off_words, step_refusal, total_words

    mark = decimal_separator()  # amounts are typed in the language of --lang, JSON or not
    pot_word = _("pot")  # and the pot's word too (``Pott=5`` with --lang de --json)
    json_words(as_json)
    expect = checked_expect(expect)
    if not holdings and pot is None:
        fail(_("count: give at least one NAME=AMOUNT or --pot AMOUNT"))
    typed: list[tuple[str, Decimal]] = []
    for item in holdings:
        who, sep, amount = item.rpartition("=")
        if not sep or not who.strip():
            fail(_("count: '{item}' is not NAME=AMOUNT").format(item=item))
        try:
            typed.append((who, parse_typed_amount(amount, mark)))
        except ScorekeeperError as error:
            fail(f"count: {who}: {error}")
    pot_amount = None
    if pot is not None:
        try:
            pot_amount = parse_typed_amount(pot, mark)
        except ScorekeeperError as error:
            fail(f"count: --pot: {error}")
    store = get_store(ctx, home)
    opened = store.open(session)
    counted = seated_counts(typed, opened.config.players, pot is not None, pot_word)
    step = opened.ruleset.count_step  # (what the game's amounts can have: rules/facts.py)
    for who, held in [*counted.items(), *([] if pot_amount is None else [("--pot", pot_amount)])]:
        refusal = step_refusal(who, held, step, opened.config, opened.ruleset)
        if refusal is not None:
            fail(f"count: {refusal}")
    try:
        result = store.count(session, counted, pot=pot_amount, expect=expect)
    except RecordError as error:  # a name nobody has: 'count:', the command as typed
        fail(error.keyed())
    stored(_("the chip count of session {id}").format(id=result.session.id))
    if as_json:
        emit_json({"session": result.session.id, "after_hand": result.state.hands_played,
                   "counted": {k: to_decimal_string(v) for k, v in result.counted.items()},
                   "off": {k: to_decimal_string(v) for k, v in result.off.items()},
                   "agrees": not result.off})
    else:
        for who, held in result.counted.items():
            expected = result.expected[who]
            verdict = _("ok") if who not in result.off else off_words(result.off[who])
            say("  " + _("{name}: counted {counted}, ledger {ledger}  {mark}").format(
                name=counted_words(who, result.session.config), counted=format_amount(held),
                ledger=format_amount(expected),
                mark=verdict))
        total = total_words(result.counted.values(),
                            [result.expected[who] for who in result.counted])
        if total is not None:
            say("  " + total)
        hands = result.state.hands_played
        say(sentence(_("the count agrees with the ledger") if not result.off else
                     _("the count disagrees with the ledger before the first hand") if not hands
                     else _("the count disagrees with the ledger after hand {number}").format(
                         number=hands)))
    if result.off:
        raise click.exceptions.Exit(EXIT_DISCREPANCY)


def seated_counts(counted: list[tuple[str, Decimal]], players: tuple[str, ...],
                  pot_given: bool, pot_word: str) -> dict[str, Decimal]:
    """A chip count as typed, by the players it names (``hands.players_meant``): a whole name,
    a seat number or the unique start of a name (``Eleo``, ``2``), as ``record`` reads them.
    ``pot`` (any case, or ``pot_word``, the pot's word in the language the command was typed
    in: German ``Pott``) stays the pot unless a player is called so; a name nobody has is left
    as typed, for the store to say who plays. A start that fits several players, or anybody
    (the pot too) counted twice, is one error line naming them."""
    from .ask import seat_refusal
    from .hands import players_meant

    pot_words = {"pot", pot_word.casefold()}  # the contract's word, and the language's
    pot_player = any(p.casefold() in pot_words for p in players)
    seated: dict[str, Decimal] = {}
    for who, amount in counted:
        typed = who.strip()
        is_pot = not pot_player and typed.casefold() in pot_words
        meant = ["pot"] if is_pot else players_meant(typed, players)
        if len(meant) > 1:
            fail(_("count: '{name}' could be {names}: type more of the name, or the seat "
                   "number").format(name=typed, names=", ".join(meant)))
        if not meant:
            no_seat = seat_refusal(typed, players)
            if no_seat is not None:
                fail(f"count: {no_seat}")
        name = meant[0] if meant else who
        if (meant and name in seated) or (is_pot and pot_given):
            fail(_("count: the pot is counted twice") if is_pot else
                 _("count: {name} is counted twice").format(name=name))
        seated[name] = amount
    return seated


def settle_terms(value: str | None, currency: str | None,
                 mark: str) -> tuple[Decimal, str] | tuple[None, None]:
    """``--value`` (its decimal ``mark``: the language it was typed in) and ``--currency``
    read (both or neither), else one ``error:`` line."""
    from ..settleup import read_currency, read_value

    if value is None and currency is None:
        return None, None
    if currency is None:
        fail(_("--currency: give the currency of --value (three letters, as EUR)"))
    if value is None:
        fail(_("--value: give what a chip or point is worth in --currency (e.g. 0.10)"))
    try:
        worth = read_value(value, mark)
    except ScorekeeperError as error:
        fail(_("--value: {problem}").format(problem=error))
    try:
        code = read_currency(currency)
    except ScorekeeperError as error:
        fail(_("--currency: {problem}").format(problem=error))
    return worth, code


@click.command(cls=AmountsCommand, epilog="""\b
Examples:
  scorekeeper settle 3f2 --value 0.10 --currency EUR
  scorekeeper settle 3f2                 in chips or points
  scorekeeper settle 3f2 --value 0.05 --currency CHF --preview""")
@session_argument()
@option("--value", metavar=N_("AMOUNT"), help="What a chip or point is worth (e.g. 0.10).")
@option("--currency", metavar=N_("CODE"), help="The currency of --value: three letters (EUR).")
@option("--preview", is_flag=True, help="Show the settle-up, but do not record it.")
@option("--json", "as_json", is_flag=True, help="Print the settle-up as JSON.")
@expect_option
@home_option
@click.pass_context
def settle(ctx: click.Context, session: str, value: str | None, currency: str | None,
           preview: bool, as_json: bool, expect: str | None, home: str | None) -> None:
    """Settle up: who pays whom, and record it.

    Each player's result in chips or points and, at --value a chip or point in --currency,
    in money rounded to the cent by the stated rule; then who pays whom in few transfers.
    The settle-up is recorded in the session's history (not with --preview).
    """
    from ..export.source import settle_up_document
    from ..settlewords import settle_up_lines

    mark = decimal_separator()  # --value is typed in the language of --lang, JSON or not
    json_words(as_json)
    expect = checked_expect(expect)
    worth, code = settle_terms(value, currency, mark)
    store = get_store(ctx, home)
    if preview:
        from ..settleup import settle_up
        from ..store import check_expected

        opened = store.open(session)
        check_expected(opened, expect)
        state = opened.state()
        if state.hands_played == 0:
            fail(_("{session}: no hand has been played yet: nothing to settle").format(
                session=opened.label))
        settled, recorded = settle_up(opened.ruleset, opened.config, state, worth, code), False
    else:
        agreed = store.settle_up(session, worth, code, expect=expect)
        opened, settled, recorded = agreed.session, agreed.settled, agreed.recorded
        stored(_("the settle-up of session {id}").format(id=opened.id))
    if as_json:
        emit_json({"session": opened.id, "digest": opened.digest, "recorded": recorded}
                  | settle_up_document(settled))
        return
    heading = (_("Settle-up of session {id}: {game}, after hand {number} (finished)")
               if opened.state().finished else
               _("Settle-up of session {id}: {game}, after hand {number} (not finished)"))
    say(heading.format(id=opened.id, game=opened.ruleset.title, number=settled.after_hand))
    for line in settle_up_lines(settled, opened.ruleset, opened.config.players):
        say(line)
    say("")
    if preview:
        say(_("not recorded (--preview); digest {digest}").format(digest=opened.digest))
    elif recorded:
        say(_("recorded in the history of session {id}; digest now {digest}").format(
            id=opened.id, digest=opened.digest))
    else:
        say(_("already recorded: it is the last settle-up of session {id}, and no hand has "
              "changed since; digest {digest}").format(id=opened.id, digest=opened.digest))
