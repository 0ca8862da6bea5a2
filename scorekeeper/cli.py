"""The commands: parse the arguments, call the core or the store, print. Nothing else here."""

from __future__ import annotations

import gc
import sys
from typing import Any, NoReturn

import click

from . import jsontext
from .errors import ScorekeeperError, one_line

EXIT_OK, EXIT_DISCREPANCY, EXIT_BAD_INPUT = 0, 1, 2


def fail(message: str) -> NoReturn:
    raise ScorekeeperError(message)


def emit_json(document: Any) -> None:
    click.echo(jsontext.indented(document))


home_option = click.option(
    "--home", "home", metavar="DIR", envvar="SCOREKEEPER_HOME", default=None,
    help="Folder that holds the sessions (default: $SCOREKEEPER_HOME or the user data folder).")


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@home_option
@click.pass_context
def cli(ctx: click.Context, home: str | None) -> None:
    """scorekeeper: the table-side scorekeeper and referee for Letzter Stich, Letzter and Kratzen.

    Without a command it opens the table app.
    """
    ctx.ensure_object(dict)
    ctx.obj["home"] = home
    if ctx.invoked_subcommand is None:
        from .paths import home_folder
        from .tui.app import run_tui

        run_tui(home_folder(home))


def get_store(home: str | None):
    from .paths import home_folder
    from .store import Store

    return Store(home_folder(home))


def split_names(value: str | None) -> tuple[str, ...] | None:
    """``"Anna, Ben"`` -> ``("Anna", "Ben")``; an empty string is an empty list."""
    if value is None:
        return None
    return tuple(p.strip() for p in value.split(",") if p.strip())


def record_fields(tricks, indicator, entered, note, cards=None, led_by=None) -> dict[str, Any]:
    """The record fields given on the command line (the others are left out)."""
    fields: dict[str, Any] = {}
    if cards is not None:
        fields["cards"] = tuple(split_names(t) for t in cards.replace("/", ";").split(";")
                                if t.strip())
    if led_by is not None:
        fields["led_by"] = split_names(led_by)
    if tricks is not None:
        fields["tricks"] = split_names(tricks)
    if indicator is not None:
        fields["indicator"] = split_names(indicator)
    if entered is not None:
        fields["entered"] = split_names(entered)
    if note is not None:
        fields["note"] = note
    return fields


def make_record(fields: dict[str, Any], where: str = "record"):
    from pydantic import ValidationError

    from .rules import HandRecord
    from .rules.base import describe_validation_error

    try:
        return HandRecord(**fields)
    except ValidationError as error:
        field, message = describe_validation_error(error)
        fail(f"--{field}: {message}")


def record_options(command):
    for option in reversed([
        click.option("--tricks", metavar="A,B,…", help="The winner of each trick, in order."),
        click.option("--indicator", metavar="CARD[,CARD]",
                     help="Kratzen: the turned card; the Weli, then the card that fixes the suit."),
        click.option("--entered", metavar="A,B", help="Kratzen: the non-dealers who play "
                     "(\"\" if all dropped; may be left out in a Muss)."),
        click.option("--cards", metavar="C,C,…;C,C,…", help="Instead of --tricks: the cards of "
                     "each trick in play order, tricks separated by ';'."),
        click.option("--led-by", "led_by", metavar="A,B,…", help="With --cards: who led each trick "
                     "(checked against the rules)."),
        click.option("--note", metavar="TEXT", help="A note kept with the hand."),
    ]):
        command = option(command)
    return command


def standings_text(session, ledger=None) -> str:
    from .export import render_text

    ledger = ledger or session.ledger()
    lines = [f"session {session.id} ({session.label}), started {session.created[:16].replace('T', ' ')} UTC",
             render_text(ledger).rstrip("\n")]
    changes = [e for e in session.events if e.get("type") in ("amend", "withdraw")]
    if changes:
        lines.append("")
        lines.append("history (kept in the file):")
        for event in changes:
            lines.append("  " + change_line(event))
    counts = session.counts()
    if counts:
        lines.append("")
        lines.append("chip counts:")
        for event in counts:
            lines.append("  " + count_line(event))
    lines.append("")
    lines.append(f"digest: {session.digest}  (write it down: audit checks the file against it)")
    return "\n".join(lines) + "\n"


def record_words(record: dict[str, Any] | None) -> str:
    if not record:
        return "?"
    parts = []
    if record.get("indicator"):
        parts.append("indicator " + ",".join(record["indicator"]))
    if record.get("entered") is not None:
        parts.append("entered " + (",".join(record["entered"]) or "none"))
    parts.append("tricks " + (",".join(record.get("tricks", [])) or "none"))
    return "; ".join(parts)


def change_line(event: dict[str, Any]) -> str:
    when = event.get("at", "")[:16].replace("T", " ")
    if event["type"] == "withdraw":
        return f"hand {event['number']} withdrawn ({when}): it was {record_words(event.get('record'))}"
    return (f"hand {event['number']} amended ({when}): now {record_words(event.get('record'))}; "
            f"was {record_words(event.get('previous'))}")


def count_line(event: dict[str, Any]) -> str:
    from .amounts import format_amount, parse_amount

    counted = ", ".join(f"{k} {format_amount(parse_amount(v))}" for k, v in event["counted"].items())
    off = event.get("off") or {}
    verdict = ("agrees with the ledger" if not off else
               "disagrees: " + ", ".join(f"{k} off by {format_amount(parse_amount(v), signed=True)}"
                                         for k, v in off.items()))
    return f"after hand {event['after_hand']} ({event['at'][:16].replace('T', ' ')}): {counted}; {verdict}"


@cli.command()
@click.argument("session", required=False)
@home_option
@click.pass_context
def tui(ctx, session, home) -> None:
    """Open the table app (at SESSION's table when given)."""
    from .paths import home_folder
    from .tui.app import run_tui

    run_tui(home_folder(home or ctx.obj.get("home")), session)


@cli.command()
@click.argument("script", type=click.Path(dir_okay=True, path_type=str))
@click.option("--json", "as_json", is_flag=True, help="Print the standings document (JSON).")
@click.option("--save", is_flag=True, help="Also store the session and print its id.")
@home_option
@click.pass_context
def replay(ctx: click.Context, script: str, as_json: bool, save: bool, home: str | None) -> None:
    """Validate and settle a whole session script (TOML or JSON) and print the standings."""
    from .export import render_text, standings_document
    from .script import replay_file

    ledger = replay_file(script)
    saved = None
    if save:
        saved = get_store(home or ctx.obj.get("home")).create(
            ledger.config, [s.record for s in ledger.settlements])
    if as_json:
        emit_json(standings_document(ledger))
    else:
        click.echo(render_text(ledger), nl=False)
    if saved is not None:
        click.echo(f"saved as session {saved.id}" if not as_json else saved.id, err=as_json)


@cli.command()
@click.option("--game", required=True, metavar="G", help="letzter-stich, letzter or kratzen.")
@click.option("--players", required=True, metavar="A,B,C", help="Names in clockwise seating order.")
@click.option("--dealer", metavar="NAME", help="The first dealer (default: drawn at random).")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="A game option, e.g. starting_chips=5, rounds=2, rotations=1, deck=french.")
@click.option("--json", "as_json", is_flag=True, help="Print the new session as JSON.")
@home_option
@click.pass_context
def new(ctx, game, players, dealer, options, as_json, home) -> None:
    """Start a session; without --dealer the first dealer is drawn at random and said."""
    import secrets

    from .errors import ConfigError
    from .rules import make_config

    names = list(split_names(players) or ())
    parsed: dict[str, Any] = {}
    for item in options:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            fail(f"--option: '{item}' is not KEY=VALUE")
        value = value.strip()
        parsed[key.strip()] = int(value) if value.lstrip("-").isdigit() else value
    drawn = dealer is None
    try:
        if drawn:
            probe = make_config(game, names, names[0] if names else None, parsed)
            dealer = secrets.choice(probe.players)
        config = make_config(game, names, dealer, parsed)
    except ConfigError as error:
        flags = {"game": "--game", "players": "--players", "first_dealer": "--dealer",
                 "options": "--option"}
        head, _, key = error.field.partition(".")
        fail(f"{flags.get(head, head)}{' ' + key if key else ''}: {error.detail}")
    session = get_store(home or ctx.obj.get("home")).create(config, dealer_drawn=drawn)
    if as_json:
        emit_json({"id": session.id, "game": config.game, "players": list(config.players),
                   "first_dealer": config.first_dealer, "dealer_drawn": drawn,
                   "options": config.options.model_dump(), "file": str(session.path)})
        return
    click.echo(f"session {session.id} started: {session.ruleset.title}, "
               f"{', '.join(config.players)} (clockwise)")
    if drawn:
        click.echo(f"first dealer drawn at random: {config.first_dealer}")
    state = session.state()
    click.echo(f"hand 1: {state.dealer} deals, {state.leader} leads")


@cli.command()
@click.argument("session")
@record_options
@click.option("--json", "as_json", is_flag=True, help="Print the settled hand as JSON.")
@home_option
@click.pass_context
def record(ctx, session, tricks, indicator, entered, cards, led_by, note, as_json, home) -> None:
    """Record the next hand; print what each player and the pot pay or receive."""
    from .ledger import hand_document

    fields = record_fields(tricks, indicator, entered, note, cards, led_by)
    result = get_store(home or ctx.obj.get("home")).record(session, make_record(fields))
    s, state = result.settlement, result.state
    if as_json:
        emit_json({"session": result.session.id, "hand": hand_document(s),
                   "explanation": list(s.explanation), "digest": result.session.digest,
                   "finished": state.finished, "leaders": list(state.leaders)})
        return
    click.echo(f"hand {s.number} recorded in session {result.session.id}: {s.dealer} dealt; {s.kind}")
    for line in s.explanation:
        click.echo(f"  {line}")
    click.echo(payments_text(result.session, s, state))
    click.echo(next_text(result.session, state))


def payments_text(session, settlement, state) -> str:
    from .export import payment_lines

    return "\n".join("  " + line for line in payment_lines(
        session.config.game, session.config.players, settlement.deltas, state.scores,
        settlement.pot_before, settlement.pot_after))


def next_text(session, state) -> str:
    if state.finished:
        word = "winner" if len(state.leaders) == 1 else "winners (shared)"
        return f"the session is finished; {word}: {', '.join(state.leaders)}; digest {session.digest}"
    return (f"next: hand {state.hands_played + 1}, {state.dealer} deals, {state.leader} leads; "
            f"digest {session.digest}")


@cli.command()
@click.argument("session")
@home_option
@click.pass_context
def undo(ctx, session, home) -> None:
    """Withdraw the last hand (it stays in the history, marked withdrawn)."""
    opened, withdrawn = get_store(home or ctx.obj.get("home")).undo(session)
    click.echo(f"hand {withdrawn['number']} ({withdrawn['dealer']} dealt, {withdrawn['kind']}) "
               f"withdrawn from session {opened.id}; it stays in the history")
    click.echo(next_text(opened, opened.state()))


@cli.command()
@click.argument("session")
@click.argument("hand", type=int)
@record_options
@home_option
@click.pass_context
def amend(ctx, session, hand, tricks, indicator, entered, cards, led_by, note, home) -> None:
    """Replace hand HAND's record (fields not given are kept); settle every later hand again."""
    from .export import amendment_lines

    fields = record_fields(tricks, indicator, entered, note, cards, led_by)
    if "cards" in fields and "tricks" not in fields:
        fields["tricks"] = ()  # the cards decide the winners
    if "tricks" in fields and "cards" not in fields:
        fields |= {"cards": None, "led_by": None}  # new winners replace any old cards
    if not fields:
        fail("amend: give at least one of --tricks, --indicator, --entered, --note")
    make_record(fields)  # check the options' shape before touching the file
    result = get_store(home or ctx.obj.get("home")).amend(session, hand, fields)
    before, after = result.before.state, result.after.state
    click.echo(f"hand {hand} amended in session {result.session.id}; hands {hand} to "
               f"{after.hands_played} settled again")
    for line in amendment_lines(result.session.config.players, before.scores, after.scores,
                                result.changes(), before.pot, after.pot):
        click.echo(f"  {line}")
    click.echo(next_text(result.session, after))


@cli.command()
@click.argument("session")
@click.option("--json", "as_json", is_flag=True, help="Print the standings document (JSON).")
@home_option
@click.pass_context
def show(ctx, session, as_json, home) -> None:
    """Standings and hands of a session, its chip counts and its digest."""
    from .export import standings_document

    opened = get_store(home or ctx.obj.get("home")).open(session)
    if as_json:
        emit_json(standings_document(opened.ledger()))
    else:
        click.echo(standings_text(opened), nl=False)


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
@home_option
@click.pass_context
def sessions(ctx, as_json, home) -> None:
    """Every stored session, newest first."""
    store = get_store(home or ctx.obj.get("home"))
    listing = store.list_sessions()
    if as_json:
        emit_json([l.summary | {"file": l.file} if l.summary else
                   {"file": l.file, "damaged": l.problem} for l in listing])
        return
    if not listing:
        click.echo(f"no sessions in {store.folder} yet: start one with 'scorekeeper new' "
                   f"or 'scorekeeper replay SCRIPT --save'")
        return
    for l in listing:
        if l.summary is None:
            click.echo(f"{l.file}  DAMAGED: {l.problem}")
            continue
        s = l.summary
        status = "finished" if s["finished"] else "running"
        word = "winners" if s["finished"] else "leading"
        click.echo(f"{s['id']}  {s['game']:<13}  {s['started'][:16].replace('T', ' ')}  "
                   f"{s['hands']:>4} hand{'s' if s['hands'] != 1 else ' '}  {status:<8}  "
                   f"{', '.join(s['players'])}  "
                   f"({word}: {', '.join(s['leaders'])})")


@cli.command()
@click.argument("session")
@click.option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
@home_option
@click.pass_context
def audit(ctx, session, as_json, home) -> None:
    """Settle every hand again and compare with the file; exit 1 on any difference."""
    opened, findings, digest, label = get_store(home or ctx.obj.get("home")).audit(session)
    if as_json:
        emit_json({"file": label, "digest": digest, "ok": not findings,
                   "findings": [f.model_dump() for f in findings]})
    else:
        for f in findings:
            click.echo(f"{label}: {f.message}")
        if not findings:
            hands = opened.hands_played if opened else 0
            click.echo(f"{label}: audit clean: {hands} hand{'s' if hands != 1 else ''} settled "
                       f"again and matched; "
                       f"chain intact; digest {digest}")
        else:
            click.echo(f"{label}: {len(findings)} finding{'s' if len(findings) != 1 else ''}")
    if findings:
        raise click.exceptions.Exit(EXIT_DISCREPANCY)


@cli.command()
@click.argument("session")
@click.argument("holdings", nargs=-1, required=True, metavar="NAME=AMOUNT… [pot=AMOUNT]")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@home_option
@click.pass_context
def count(ctx, session, holdings, as_json, home) -> None:
    """Record what the players (and the pot) actually hold; exit 1 if it disagrees."""
    from .amounts import format_amount, parse_amount, to_decimal_string

    counted = {}
    for item in holdings:
        who, sep, amount = item.rpartition("=")
        if not sep or not who.strip():
            fail(f"count: '{item}' is not NAME=AMOUNT")
        try:
            counted[who] = parse_amount(amount)
        except ScorekeeperError as error:
            fail(f"count: {who}: {error}")
    result = get_store(home or ctx.obj.get("home")).count(session, counted)
    if as_json:
        emit_json({"session": result.session.id, "after_hand": result.state.hands_played,
                   "counted": {k: to_decimal_string(v) for k, v in result.counted.items()},
                   "off": {k: to_decimal_string(v) for k, v in result.off.items()},
                   "agrees": not result.off})
    else:
        for who, amount in result.counted.items():
            expected = result.expected[who]
            mark = ("ok" if who not in result.off else
                    f"OFF by {format_amount(result.off[who], signed=True)}")
            click.echo(f"  {who}: counted {format_amount(amount)}, ledger "
                       f"{format_amount(expected)}  {mark}")
        click.echo("the count agrees with the ledger" if not result.off else
                   f"the count disagrees with the ledger after hand {result.state.hands_played}")
    if result.off:
        raise click.exceptions.Exit(EXIT_DISCREPANCY)


@cli.command()
@click.argument("session")
@click.option("--format", "fmt", required=True,
              type=click.Choice(["csv", "json", "md", "html", "beancount"]),
              help="The output format.")
@click.option("-o", "--output", metavar="FILE", help="Write to FILE instead of the terminal.")
@click.option("--standings", is_flag=True, help="csv: one row per player instead of per transfer.")
@home_option
@click.pass_context
def export(ctx, session, fmt, output, standings, home) -> None:
    """Standings and ledger in one format: csv, json, md, html or beancount."""
    from pathlib import Path

    from .export import FORMATS

    opened = get_store(home or ctx.obj.get("home")).open(session)
    source = opened.export_source()
    text = FORMATS[fmt](source, standings=True) if fmt == "csv" and standings else FORMATS[fmt](source)
    if output is None or output == "-":
        click.echo(text, nl=False)
        return
    target = Path(output)
    try:
        from .store import atomic_write

        atomic_write(target, text)
    except OSError as error:
        fail(f"{output}: cannot be written ({error.strerror or error})")
    click.echo(f"wrote {fmt} export of session {opened.id} to {output}", err=True)


@cli.group()
def referee() -> None:
    """Settle a dispute at the table: who wins a trick, which cards are legal and why."""


@referee.command("trick")
@click.option("--game", required=True, metavar="G", help="letzter-stich, letzter or kratzen.")
@click.option("--trump", metavar="SUIT", help="Kratzen: the trump suit (C D H S or ♣ ♦ ♥ ♠).")
@click.option("--cards", required=True, metavar="C,C,…", help="The cards played so far, in order.")
@click.option("--hand", metavar="C,C,…", help="The next player's hand: show the legal cards.")
@click.option("--json", "as_json", is_flag=True, help="Print the verdict as JSON.")
def referee_trick(game, trump, cards, hand, as_json) -> None:
    """Who is winning the trick, and with --hand which cards the next player may play."""
    from .cards import Suit, parse_cards
    from .referee import legal_cards, winning_position

    def read(flag: str, value: str):
        try:
            return parse_cards(value)
        except ScorekeeperError as error:
            fail(f"{flag}: {error}")

    try:
        suit = Suit.parse(trump) if trump else None
    except ScorekeeperError as error:
        fail(f"--trump: {error}")
    trick = read("--cards", cards)
    if not trick:
        fail("--cards: give at least one card")
    try:
        position = winning_position(game, trick, suit)
    except ScorekeeperError as error:
        fail(f"--cards: {error}")
    winner = trick[position]
    advice = None
    if hand is not None:
        try:
            advice = legal_cards(game, read("--hand", hand), trick, suit)
        except ScorekeeperError as error:
            fail(f"--hand: {error}")
    if as_json:
        document: dict[str, Any] = {"winner": str(winner), "winner_position": position}
        if advice is not None:
            document |= {"legal": [str(c) for c in advice.legal], "reasons": list(advice.reasons)}
        emit_json(document)
        return
    click.echo(f"winning so far: {winner.symbol()} (card {position + 1} of {len(trick)})")
    if advice is not None:
        click.echo(f"may play: {', '.join(c.symbol() for c in advice.legal)}")
        for reason in advice.reasons:
            click.echo(f"  because: {reason}")


@cli.command()
@click.argument("game")
def rules(game) -> None:
    """Print the rule card of GAME (letzter-stich, letzter or kratzen)."""
    from .rulecards import rule_card

    click.echo(rule_card(game.strip().lower()), nl=False)


@cli.command()
@click.argument("game")
@click.option("--players", "count", type=int, metavar="N", help="How many players (seats 1 to N).")
@click.option("--names", metavar="A,B,…", help="The players' names in clockwise order instead.")
@click.option("--dealer", metavar="NAME", help="Who deals (default: the first).")
def deal(game, count, names, dealer) -> None:
    """Print the deal plan of GAME for N players, step by step."""
    from .referee import deal_plan

    if names:
        seats = list(split_names(names) or ())
    elif count:
        seats = [f"seat {i}" for i in range(1, count + 1)]
    else:
        fail("deal: give --players N or --names A,B,…")
    plan = deal_plan(game.strip().lower(), seats, dealer or seats[0])
    for i, step in enumerate(plan.steps, start=1):
        click.echo(f"{i}. {step}")
    click.echo(f"cards: {plan.card_count}")


def main(argv: list[str] | None = None) -> NoReturn:
    """Run a command; every user error becomes one ``error:`` line and exit status 2."""
    # The cycle collector is paused here, once, for the whole command: a command is short, and
    # reading, settling, auditing or exporting a long session makes hundreds of thousands of
    # objects and no cycles, which the collector would scan again and again (with it on, the
    # audit of 10,000 hands took about 1.8 times as long: tests/benchmarks, "audit command,
    # 10000 kratzen hands"). Memory is still freed by reference counting, and all of it when
    # the command ends. The table app switches it back on (tui.app.run_tui). Restored on the
    # way out, for in-process callers (the tests).
    collecting = gc.isenabled()
    gc.disable()
    try:
        code = cli.main(args=argv, prog_name="scorekeeper", standalone_mode=False)
    except ScorekeeperError as error:
        click.echo(f"error: {one_line(str(error))}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except ArithmeticError:
        click.echo("error: an amount is too large to be kept exactly", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except click.exceptions.NoArgsIsHelpError as error:
        # A group given no command (``scorekeeper referee``) shows its help.
        click.echo(error.ctx.get_help() if error.ctx else str(error))
        sys.exit(EXIT_OK)
    except click.ClickException as error:
        click.echo(f"error: {one_line(error.format_message())}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except click.exceptions.Exit as done:
        sys.exit(done.exit_code)
    except click.Abort:
        click.echo("error: aborted", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except KeyboardInterrupt:
        click.echo("error: interrupted", err=True)
        sys.exit(130)
    finally:
        if collecting:
            gc.enable()
    sys.exit(code if isinstance(code, int) else EXIT_OK)
