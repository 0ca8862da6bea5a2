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


def package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("scorekeeper")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def print_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(f"scorekeeper, version {package_version()}")
        ctx.exit()


class GameChoice(click.Choice):
    """The games of the registry (``scorekeeper.rules.GAMES``), in any case. The registry is
    imported only when a game is read or listed: the rules take longer to import than a whole
    command that needs no game (the table app's home screen among them)."""

    def __init__(self) -> None:
        super().__init__((), case_sensitive=False)

    @property
    def choices(self):
        from .rules import GAMES

        return GAMES

    @choices.setter
    def choices(self, value) -> None:
        pass  # always the registry's

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value.strip() if isinstance(value, str) else value, param, ctx)
        except click.BadParameter:
            self.fail(f"{value!r} is not a game here (choose {', '.join(self.choices)})",
                      param, ctx)


def complete_sessions(ctx: click.Context, param: click.Parameter, incomplete: str):
    """Shell completion of SESSION: the ids of the stored sessions that start with what is
    typed, in the home given on the command line so far (else the default home). Completion
    must never fail in the shell: any problem gives no items."""
    try:
        from click.shell_completion import CompletionItem

        from .paths import home_folder
        from .store import Store

        home = ctx.params.get("home") or ctx.find_root().params.get("home")
        prefix = incomplete.strip().lower()
        items = []
        for listing in Store(home_folder(home)).list_sessions():
            s = listing.summary
            if s is not None and s.id.startswith(prefix):
                items.append(CompletionItem(
                    s.id, help=f"{s.game}: {', '.join(s.players)}"))
        return items
    except Exception:
        return []


class NamesGames(click.Command):
    """Help whose epilog may say ``{games}``: filled from the registry when the help is shown."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if self.epilog and "{games}" in self.epilog:
            from .rules import GAMES

            self.epilog = self.epilog.replace("{games}", ", ".join(GAMES))
        super().format_epilog(ctx, formatter)


class Command(NamesGames, click.Command):
    pass


class Group(NamesGames, click.Group):
    command_class = Command
    group_class = type  # subgroups are of this class too


EXAMPLES = """\b
Examples:
  scorekeeper                          open the table app
  scorekeeper new --game GAME --players Anna,Ben,Cleo,Dora --dealer Anna
  scorekeeper record 3f2 --tricks Ben,Ben,Cleo,Dora
  scorekeeper show 3f2                 standings, hands, history, digest
  scorekeeper replay night.toml --save
  scorekeeper export 3f2 --format html -o night.html
  scorekeeper rules GAME

GAME is one of {games}; SESSION is a session's id or the start of it
('scorekeeper sessions' lists them). 'scorekeeper COMMAND --help' says more.
"""


@click.group(cls=Group, invoke_without_command=True, epilog=EXAMPLES,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True,
              callback=print_version, help="Print the version and exit.")
@home_option
@click.pass_context
def cli(ctx: click.Context, home: str | None) -> None:
    """scorekeeper: the table-side scorekeeper and referee for trick-taking card games.

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


def record_fields(given: dict[str, str | None]) -> dict[str, Any]:
    """The record fields given on the command line (the others are left out): lists of
    names or cards split at commas, the cards of each trick at ';'."""
    fields: dict[str, Any] = {}
    for name, value in given.items():
        if value is None:
            continue
        if name == "note":
            fields[name] = value
        elif name == "cards":
            fields[name] = tuple(split_names(t) for t in value.replace("/", ";").split(";")
                                 if t.strip())
        else:
            fields[name] = split_names(value)
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


def ask_hand(opened):
    """Walk through the hand's draft at the terminal: each step asked in words, each answer
    checked by the rules before the next is asked (the table app asks the same steps)."""
    from .cards import Card
    from .presentation import draft_lines, step_prompt
    from .rules import HandDraft

    state = opened.state()
    if state.finished:
        fail(f"the session finished after hand {state.hands_played}; no more hands can be "
             f"recorded")
    config = opened.config
    draft = HandDraft(opened.ruleset, config, state)
    click.echo(f"hand {state.hands_played + 1}: {state.dealer} deals")
    while not draft.complete:
        kind = draft.step.kind
        hint = {"winner": " (seat number or name)", "decide": " (p plays, d drops)"}.get(kind, "")
        text = click.prompt(step_prompt(draft) + hint).strip()
        try:
            if kind in ("turn", "card"):
                answer: Any = Card.parse(text)
            elif kind == "decide":
                if text.lower() not in ("p", "y", "d", "n"):
                    raise ScorekeeperError("type p (plays) or d (drops)")
                answer = text.lower() in ("p", "y")
            elif text.isdigit() and 1 <= int(text) <= len(config.players):
                answer = config.players[int(text) - 1]
            else:
                answer = config.resolve(text, "tricks")
        except ScorekeeperError as error:
            click.echo(f"  {error}")
            continue
        problem = draft.give(answer)
        if problem:
            click.echo(f"  {problem}")
    for line in draft_lines(draft):
        click.echo(f"  {line}")
    return draft.record()


def game_record_options() -> list:
    """The record fields that some games add (each game declares its own), as options."""
    from .rules import RULESETS

    found: dict[str, tuple[str, list[str]]] = {}
    for ruleset in RULESETS.values():
        for name, (metavar, words) in ruleset.extra_record_fields.items():
            found.setdefault(name, (metavar, []))[1].append(f"{ruleset.title}: {words}")
    return [click.option(f"--{name.replace('_', '-')}", name, metavar=metavar,
                         help=" ".join(words)) for name, (metavar, words) in found.items()]


def record_options(command):
    for option in reversed([
        click.option("--tricks", metavar="A,B,…", help="The winner of each trick, in order."),
        *game_record_options(),
        click.option("--cards", metavar="C,C,…;C,C,…", help="Instead of --tricks: the cards of "
                     "each trick in play order, tricks separated by ';'."),
        click.option("--led-by", "led_by", metavar="A,B,…", help="With --cards: who led each trick "
                     "(checked against the rules)."),
        click.option("--note", metavar="TEXT", help="A note kept with the hand."),
    ]):
        command = option(command)
    return command


@cli.command(epilog="\b\nExamples:\n  scorekeeper tui\n  scorekeeper tui 3f2")
@click.argument("session", required=False, shell_complete=complete_sessions)
@home_option
@click.pass_context
def tui(ctx, session, home) -> None:
    """Open the table app (at SESSION if given)."""
    from .paths import home_folder
    from .tui.app import run_tui

    run_tui(home_folder(home or ctx.obj.get("home")), session)


@cli.command(epilog="""\b
Examples:
  scorekeeper replay night.toml
  scorekeeper replay night.json --json
  scorekeeper replay night.toml --save""")
@click.argument("script", type=click.Path(dir_okay=True, path_type=str))
@click.option("--json", "as_json", is_flag=True, help="Print the standings document (JSON).")
@click.option("--save", is_flag=True, help="Also store the session and print its id.")
@home_option
@click.pass_context
def replay(ctx: click.Context, script: str, as_json: bool, save: bool, home: str | None) -> None:
    """Settle a session script and print standings.

    SCRIPT is a whole session written down in TOML or JSON; it is checked and every hand is
    settled. Nothing is stored unless --save is given.
    """
    from .export import standings_document
    from .presentation import render_text
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


@cli.command(epilog="""\b
Examples:
  scorekeeper new --game GAME --players Anna,Ben,Cleo,Dora --dealer Anna
  scorekeeper new --game GAME --players Anna,Ben,Cleo     (dealer drawn)

GAME is one of {games}.""")
@click.option("--game", required=True, type=GameChoice(), help="The game.")
@click.option("--players", required=True, metavar="A,B,C", help="Names in clockwise seating order.")
@click.option("--dealer", metavar="NAME", help="The first dealer (default: drawn at random).")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="A game option, e.g. starting_chips=5, rounds=2, rotations=1, deck=french.")
@click.option("--json", "as_json", is_flag=True, help="Print the new session as JSON.")
@home_option
@click.pass_context
def new(ctx, game, players, dealer, options, as_json, home) -> None:
    """Start a session and say who deals first.

    Without --dealer the first dealer is drawn at random and said.
    """
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


@cli.command(epilog="""\b
Examples:
  scorekeeper record 3f2 --tricks Ben,Ben,Cleo,Dora
  scorekeeper record 3f2 --cards "9S,KS,AH,QS; AC,7C,8C,9C; …"

A game's own fields (see the options below) go beside --tricks or --cards.
With --ask the hand is asked for step by step, as the table app asks it.""")
@click.argument("session", shell_complete=complete_sessions)
@record_options
@click.option("--ask", is_flag=True, help="Ask for the hand step by step instead.")
@click.option("--json", "as_json", is_flag=True, help="Print the settled hand as JSON.")
@home_option
@click.pass_context
def record(ctx, session, ask, as_json, home, **given) -> None:
    """Record the next hand and what everyone pays.

    Prints what each player and the pot pay or receive, and who deals and leads next.
    """
    from .documents import hand_document
    from .presentation import next_text, payments_text

    fields = record_fields(given)
    store = get_store(home or ctx.obj.get("home"))
    expected = None
    if ask:
        if fields:
            fail("--ask: give the hand step by step or by options, not both")
        opened = store.open(session)
        hand, expected = ask_hand(opened), opened.hands_played
    else:
        hand = make_record(fields)
    result = store.record(session, hand, expected_hands=expected)
    s, state = result.settlement, result.state
    if as_json:
        emit_json({"session": result.session.id, "hand": hand_document(s),
                   "explanation": list(s.explanation), "digest": result.session.digest,
                   "finished": state.finished, "leaders": list(state.leaders)})
        return
    click.echo(f"hand {s.number} recorded in session {result.session.id}: {s.dealer} dealt; "
               f"{s.kind}")
    for line in s.explanation:
        click.echo(f"  {line}")
    click.echo(payments_text(result.session, s, state))
    click.echo(next_text(result.session, state))


@cli.command()
@click.argument("session", shell_complete=complete_sessions)
@home_option
@click.pass_context
def undo(ctx, session, home) -> None:
    """Withdraw the last hand (kept in the history).

    The hand stays in the session's history, marked withdrawn.
    """
    from .presentation import next_text

    opened, withdrawn = get_store(home or ctx.obj.get("home")).undo(session)
    click.echo(f"hand {withdrawn.number} ({withdrawn.dealer} dealt, {withdrawn.kind}) "
               f"withdrawn from session {opened.id}; it stays in the history")
    click.echo(next_text(opened, opened.state()))


@cli.command(epilog="""\b
Examples:
  scorekeeper amend 3f2 1 --tricks Anna,Anna,Cleo,Dora
  scorekeeper amend 3f2 4 --note "Ben revoked\"""")
@click.argument("session", shell_complete=complete_sessions)
@click.argument("hand", type=int)
@record_options
@home_option
@click.pass_context
def amend(ctx, session, hand, home, **given) -> None:
    """Replace hand HAND's record and settle again.

    Fields not given are kept; hand HAND and every later hand are settled again.
    """
    from .presentation import amendment_lines, next_text

    fields = record_fields(given)
    if not fields:
        fail("amend: give at least one of " + ", ".join(f"--{name.replace('_', '-')}"
                                                        for name in given))
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
@click.argument("session", shell_complete=complete_sessions)
@click.option("--json", "as_json", is_flag=True, help="Print the standings document (JSON).")
@home_option
@click.pass_context
def show(ctx, session, as_json, home) -> None:
    """A session's standings, hands and digest.

    Also its history of amendments and withdrawals and its chip counts. The digest is worth
    writing down: audit checks the file against it.
    """
    from .export import standings_document
    from .presentation import standings_text

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
        emit_json([line.summary.to_json() | {"file": line.file} if line.summary else
                   {"file": line.file, "damaged": line.problem} for line in listing])
        return
    if not listing:
        click.echo(f"no sessions in {store.folder} yet: start one with 'scorekeeper new' "
                   f"or 'scorekeeper replay SCRIPT --save'")
        return
    for line in listing:
        if line.summary is None:
            click.echo(f"{line.file}  DAMAGED: {line.problem}")
            continue
        s = line.summary
        status = "finished" if s.finished else "running"
        word = "winners" if s.finished else "leading"
        click.echo(f"{s.id}  {s.game:<13}  {s.started[:16].replace('T', ' ')}  "
                   f"{s.hands:>4} hand{'s' if s.hands != 1 else ' '}  {status:<8}  "
                   f"{', '.join(s.players)}  "
                   f"({word}: {', '.join(s.leaders)})")


@cli.command()
@click.argument("session", shell_complete=complete_sessions)
@click.option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
@home_option
@click.pass_context
def audit(ctx, session, as_json, home) -> None:
    """Settle every hand again and check the file.

    Compares every hand's figures with the file and checks the chain of hashes; exit
    status 1 on any difference.
    """
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


@cli.command(epilog="""\b
Examples:
  scorekeeper count 3f2 Anna=-28 Ben=14.25 Cleo=-2 Dora=0 pot=16
  scorekeeper count 3f2 pot=-6 Ben=-2 --pot 10""")
@click.argument("session", shell_complete=complete_sessions)
@click.argument("holdings", nargs=-1, metavar="NAME=AMOUNT… [pot=AMOUNT]")
@click.option("--pot", "pot", metavar="AMOUNT",
              help="What the pot holds (pot=AMOUNT is a player when one is called pot).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@home_option
@click.pass_context
def count(ctx, session, holdings, pot, as_json, home) -> None:
    """Record a chip count; exit 1 if it is off.

    What the players (and the pot) actually hold, compared with the ledger; exit status 1
    if it disagrees. Names are matched ignoring case; pot=AMOUNT counts the pot unless a
    player is called pot, and --pot AMOUNT always counts the pot.
    """
    from .amounts import format_amount, parse_amount, to_decimal_string

    if not holdings and pot is None:
        fail("count: give at least one NAME=AMOUNT or --pot AMOUNT")
    counted = {}
    for item in holdings:
        who, sep, amount = item.rpartition("=")
        if not sep or not who.strip():
            fail(f"count: '{item}' is not NAME=AMOUNT")
        try:
            counted[who] = parse_amount(amount)
        except ScorekeeperError as error:
            fail(f"count: {who}: {error}")
    pot_amount = None
    if pot is not None:
        try:
            pot_amount = parse_amount(pot)
        except ScorekeeperError as error:
            fail(f"count: --pot: {error}")
    result = get_store(home or ctx.obj.get("home")).count(session, counted, pot=pot_amount)
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


@cli.command(epilog="""\b
Examples:
  scorekeeper export 3f2 --format html -o night.html
  scorekeeper export 3f2 --format csv --standings""")
@click.argument("session", shell_complete=complete_sessions)
@click.option("--format", "fmt", required=True,
              type=click.Choice(["csv", "json", "md", "html", "beancount"]),
              help="The output format.")
@click.option("-o", "--output", metavar="FILE", help="Write to FILE instead of the terminal.")
@click.option("--standings", is_flag=True, help="csv: one row per player instead of per transfer.")
@home_option
@click.pass_context
def export(ctx, session, fmt, output, standings, home) -> None:
    """Write standings and ledger in one format.

    The formats: csv, json, md, html or beancount.
    """
    from pathlib import Path

    from .export import FORMATS

    opened = get_store(home or ctx.obj.get("home")).open(session)
    source = opened.export_source()
    if fmt == "csv" and standings:
        text = FORMATS[fmt](source, standings=True)
    else:
        text = FORMATS[fmt](source)
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
    """Who wins a trick, which cards are legal.

    Settles a dispute at the table: who wins a trick, which cards are legal and why.
    """


@referee.command("trick", epilog="""\b
Examples:
  scorekeeper referee trick --game GAME --cards 9S,KS,AH
  scorekeeper referee trick --game GAME --trump C --cards KC,8C --hand AC,7H

GAME is one of {games}; --trump is for the games with a trump suit.""")
@click.option("--game", required=True, type=GameChoice(), help="The game.")
@click.option("--trump", metavar="SUIT",
              help="In a game with trumps: the trump suit (C D H S or ♣ ♦ ♥ ♠).")
@click.option("--players", type=int, default=4, show_default=True, metavar="N",
              help="How many play at the table (the pack depends on it).")
@click.option("--cards", required=True, metavar="C,C,…", help="The cards played so far, in order.")
@click.option("--hand", metavar="C,C,…", help="The next player's hand: show the legal cards.")
@click.option("--json", "as_json", is_flag=True, help="Print the verdict as JSON.")
def referee_trick(game, trump, players, cards, hand, as_json) -> None:
    """Who is winning a trick; the legal cards.

    Who is winning the trick so far, and with --hand which cards the next player may play.
    """
    from .cards import Suit, parse_cards
    from .referee import legal_cards, table_ruleset, winning_position

    try:
        table_ruleset(game, players)
    except ScorekeeperError as error:
        fail(f"--players: {error}")

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
    click.echo(f"winning so far: {winner.symbol()} (card {position + 1} of {len(trick)})")
    if advice is not None:
        click.echo(f"may play: {', '.join(c.symbol() for c in advice.legal)}")
        for reason in advice.reasons:
            click.echo(f"  because: {reason}")


@cli.command(epilog="GAME is one of {games}.")
@click.argument("game", type=GameChoice(), metavar="GAME")
def rules(game) -> None:
    """Print the rule card of GAME."""
    from .rulecards import rule_card

    click.echo(rule_card(game.strip().lower()), nl=False)


@cli.command(epilog="""\b
Examples:
  scorekeeper deal GAME --players 4
  scorekeeper deal GAME --names Anna,Ben,Cleo,Dora --dealer Anna

GAME is one of {games}.""")
@click.argument("game", type=GameChoice(), metavar="GAME")
@click.option("--players", "count", type=int, metavar="N", help="How many players (seats 1 to N).")
@click.option("--names", metavar="A,B,…", help="The players' names in clockwise order instead.")
@click.option("--dealer", metavar="NAME", help="Who deals (default: the first).")
def deal(game, count, names, dealer) -> None:
    """Print how to deal GAME, step by step.

    The deal plan for N players (or the players named), from the given dealer.
    """
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
