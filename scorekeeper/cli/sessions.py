"""The commands of whole sessions: replay a script, start one (new, the next evening, the
same players), show it, list them, name and archive one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from ..i18n import N_, _, current_language, ngettext, sentence
from .language import json_words
from .options import (
    Command,
    GameChoice,
    argument,
    checked_expect,
    complete_sessions,
    expect_option,
    get_store,
    home_option,
    option,
    session_argument,
    split_names,
)
from .output import emit_json, fail, say, stored

if TYPE_CHECKING:
    from ..store.listing import Listing

OPTION_DIGITS = 20  # a whole number typed as an option (--option KEY=VALUE) has at most these


@click.command(cls=Command, epilog="""\b
Examples:
  scorekeeper replay night.toml
  scorekeeper replay night.json --json
  scorekeeper replay night.toml --save""")
@argument("script", N_("SCRIPT"), type=click.Path(dir_okay=True, path_type=str))
@option("--json", "as_json", is_flag=True, help="Print the standings document (JSON).")
@option("--save", is_flag=True, help="Also store the session and print its id.")
@home_option
@click.pass_context
def replay(ctx: click.Context, script: str, as_json: bool, save: bool, home: str | None) -> None:
    """Settle a session script and print standings.

    SCRIPT is a whole session written down in TOML or JSON; it is checked and every hand is
    settled. Nothing is stored unless --save is given.
    """
    from ..export.source import standings_document
    from ..script import replay_file

    played_in = current_language()  # the session's language, whatever JSON speaks
    json_words(as_json)
    ledger = replay_file(script)
    saved = None
    if save:
        saved = get_store(ctx, home).create(
            ledger.config, [s.record for s in ledger.settlements], language=played_in)
        stored(_("session {id}").format(id=saved.id))
    if as_json:
        emit_json(standings_document(ledger))
    else:
        from ..presentation import render_text  # (not for the JSON document)

        say(render_text(ledger, width=terminal_width()), nl=False)
    if saved is not None:
        say(_("saved as session {id}").format(id=saved.id) if not as_json else saved.id,
            err=as_json)


@click.command(cls=Command, epilog="""\b
Examples:
  scorekeeper new --game GAME --players Anna,Ben,Cleo,Dora --dealer Anna
  scorekeeper new --game GAME --players Anna,Ben,Cleo     (dealer drawn)
  scorekeeper new --continue 3f2          (the next evening: the pot carries)
  scorekeeper new --same-players 3f2      (everything starts afresh)

GAME is one of {games}.""")
@option("--game", type=GameChoice(), help="The game.")
@option("--players", metavar="A,B,C", help="Names in clockwise seating order.")
@option("--dealer", metavar=N_("NAME"), help="The first dealer (default: drawn at random).")
@option("--option", "options", multiple=True, metavar=N_("KEY=VALUE"),
              help="A game option, e.g. starting_chips=5, rounds=2, rotations=1, deck=french.")
@option("--continue", "continues", metavar=N_("SESSION"), shell_complete=complete_sessions,
        help="The next evening of SESSION: its game, players and options, the deal after its "
             "last dealer, and what carries over (the pot it left; where a match goes on, the "
             "chips too).")
@option("--same-players", "again", metavar=N_("SESSION"), shell_complete=complete_sessions,
        help="The same players again: SESSION's game, players and options, the deal after its "
             "last dealer; nothing carries.")
@option("--json", "as_json", is_flag=True, help="Print the new session as JSON.")
@expect_option
@home_option
@click.pass_context
def new(ctx: click.Context, game: str | None, players: str | None, dealer: str | None,
        options: tuple[str, ...], continues: str | None, again: str | None, as_json: bool,
        expect: str | None, home: str | None) -> None:
    """Start a session and say who deals first.

    Without --dealer the first dealer is drawn at random and said. With --continue or
    --same-players the game, the players and the options are those of the session named.
    """
    import secrets

    from ..errors import ConfigError
    from ..rules import make_config

    played_in = current_language()  # the session's language, whatever JSON speaks
    json_words(as_json)
    if continues is not None or again is not None:
        next_session(ctx, continues, again, game, players, options, dealer, as_json, expect, home)
        return
    if expect is not None:
        fail(_("--expect: goes with --continue or --same-players (the session they start "
               "from)"))
    for given, flag in ((game, "--game"), (players, "--players")):
        if given is None:
            fail(_("{flag}: is required (or start from a session with --continue or "
                   "--same-players)").format(flag=flag))
    names = list(split_names(players) or ())
    parsed: dict[str, Any] = {}
    for item in options:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            fail(_("--option: '{item}' is not KEY=VALUE").format(item=item))
        key, value = key.strip(), value.strip()
        digits = value.removeprefix("-")
        if digits.isascii() and digits.isdigit():  # not '²': isdigit() alone takes it
            if len(digits) > OPTION_DIGITS:
                fail(_("--option {key}: a whole number has at most {limit} digits, not "
                       "{count}").format(key=key, limit=OPTION_DIGITS, count=len(digits)))
            parsed[key] = int(value)
        else:
            parsed[key] = value
    drawn = dealer is None
    try:
        if drawn:
            probe = make_config(game, names, names[0] if names else None, parsed, new=True)
            dealer = secrets.choice(probe.players)
        config = make_config(game, names, dealer, parsed, new=True)
    except ConfigError as error:
        flags = {"game": "--game", "players": "--players", "first_dealer": "--dealer",
                 "options": "--option"}
        head, __, key = error.field.partition(".")
        fail(f"{flags.get(head, head)}{' ' + key if key else ''}: {error.detail}")
    session = get_store(ctx, home).create(config, dealer_drawn=drawn, language=played_in)
    stored(_("session {id}").format(id=session.id))
    if as_json:
        emit_json({"id": session.id, "game": config.game, "players": list(config.players),
                   "first_dealer": config.first_dealer, "dealer_drawn": drawn,
                   "options": config.options.model_dump(), "file": str(session.path)})
        return
    say(_("session {id} started: {game}, {players} (clockwise)").format(
        id=session.id, game=session.ruleset.title, players=", ".join(config.players)))
    if drawn:
        say(_("first dealer drawn at random: {name}").format(name=config.first_dealer))
    state = session.state()
    say(_("hand 1: {dealer} deals, {leader} leads").format(dealer=state.dealer,
                                                          leader=state.leader))


def next_session(ctx: click.Context, continues: str | None, again: str | None,
                 game: str | None, players: str | None, options: tuple[str, ...],
                 dealer: str | None, as_json: bool, expect: str | None,
                 home: str | None) -> None:
    """``new --continue SESSION`` (the next evening) and ``new --same-players SESSION``."""
    from ..amounts import to_decimal_string
    from ..eveningwords import opening_line

    if continues is not None and again is not None:
        fail(_("--continue and --same-players: give one of them"))
    flag = "--continue" if continues is not None else "--same-players"
    for given, name in ((game, "--game"), (players, "--players"), (options or None, "--option")):
        if given is not None:
            fail(_("{flag}: takes the game, the players and the options of the session it "
                   "names; leave out {option}").format(flag=flag, option=name))
    expect = checked_expect(expect)
    ref = continues if continues is not None else again  # an empty one is named as given
    assert ref is not None, "new asks this only with --continue or --same-players"
    result = get_store(ctx, home).next_evening(ref, carry=continues is not None,
                                               expect=expect, dealer=dealer)
    session, earlier = result.session, result.earlier
    stored(_("session {id}").format(id=session.id))
    config = session.config
    if as_json:
        entry = session.opening()
        emit_json({"id": session.id, "game": config.game, "players": list(config.players),
                   "first_dealer": config.first_dealer, "dealer_drawn": False,
                   "options": config.options.model_dump(), "file": str(session.path),
                   "continues": None if entry is None else {
                       "id": entry.previous_id, "digest": entry.previous_digest,
                       "hands": entry.previous_hands,
                       "pot": None if entry.pot is None else to_decimal_string(entry.pot),
                       "scores": None if entry.scores is None else {
                           p: to_decimal_string(v) for p, v in entry.scores.items()}},
                   "same_players_as": None if result.carried else earlier.id})
        return
    say(_("session {id} started: {game}, {players} (clockwise)").format(
        id=session.id, game=session.ruleset.title, players=", ".join(config.players)))
    entry = session.opening()
    if entry is not None:
        say(sentence(opening_line(session.ruleset, entry)))
    else:
        say(_("the same players as session {id}; nothing carries over").format(id=earlier.id))
    state = session.state()
    say(_("hand 1: {dealer} deals, {leader} leads").format(dealer=state.dealer,
                                                          leader=state.leader))


@click.command(cls=Command)
@session_argument()
@option("--json", "as_json", is_flag=True, help="Print the standings document (JSON).")
@home_option
@click.pass_context
def show(ctx: click.Context, session: str, as_json: bool, home: str | None) -> None:
    """A session's standings, hands and digest.

    Also its history of amendments and withdrawals and its chip counts. The digest is worth
    writing down: audit checks the file against it.
    """
    json_words(as_json)
    opened = get_store(ctx, home).open(session)
    if as_json:
        from ..export.source import standings_document  # the exports: only for the document

        emit_json(standings_document(opened.ledger()))
    else:
        from ..showtext import standings_text

        say(standings_text(opened, width=terminal_width()), nl=False)


def terminal_width() -> int | None:
    """The columns of the terminal stdout writes to (what it breaks lines at); ``None`` when it
    is not a terminal (a pipe, a file, a test): the text is then as it always was."""
    import shutil
    import sys

    if sys.stdout is None or not sys.stdout.isatty():
        return None
    return max(40, shutil.get_terminal_size().columns)


@click.command(cls=Command)
@option("--all", "everything", is_flag=True, help="Archived sessions too.")
@option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
@home_option
@click.pass_context
def sessions(ctx: click.Context, everything: bool, as_json: bool, home: str | None) -> None:
    """Every stored session, newest first.

    Archived sessions are left out unless --all is given.
    """
    json_words(as_json)
    store = get_store(ctx, home)
    whole = store.list_sessions()
    listing = [line for line in whole
               if everything or line.summary is None or not line.summary.archived]
    hidden = len(whole) - len(listing)
    if as_json:
        emit_json([line.summary.to_json() | {"continued_by": line.summary.continued_by,
                                             "continued_by_damaged": line.next_damaged,
                                             "file": line.file, "conflict": line.conflict
                                             and line.conflict.to_json()} if line.summary else
                   {"file": line.file, "damaged": line.problem} for line in listing])
        return
    if not listing:
        if hidden:
            say(ngettext("no sessions to list: {count} is archived ('scorekeeper sessions "
                         "--all' lists it)",
                         "no sessions to list: {count} are archived ('scorekeeper sessions "
                         "--all' lists them)", hidden).format(count=hidden))
            return
        say(_("no sessions in {folder} yet: start one with 'scorekeeper new' or 'scorekeeper "
              "replay SCRIPT --save'").format(folder=store.folder))
        return
    from ..cells import cell_width

    finished, running, went_on = _("finished"), _("running"), _("continued")
    status_width = max(8, cell_width(finished), cell_width(running), cell_width(went_on))
    titles = {line.summary.game: game_title(line.summary.game) for line in listing
              if line.summary is not None}
    game_width = max([13, *(cell_width(t) for t in titles.values())])
    for line in listing:
        if line.summary is None:
            say(_("{file}  DAMAGED: {problem}").format(file=line.file,
                                                        problem=damage_said(line)))
            continue
        s = line.summary
        status = finished if s.finished else went_on if s.continued_by else running
        hands = ngettext("{count} hand ", "{count} hands", s.hands).format(count=f"{s.hands:>4}")
        leaders = ", ".join(s.leaders)
        word = (ngettext("winner: {names}", "winners: {names}", len(s.leaders)) if s.finished
                else _("leading: {names}")).format(names=leaders) if s.hands else _("no hand yet")
        name = f"“{s.name}”  " if s.name else ""
        mark = "  " + _("[archived]") if s.archived else ""
        if s.continued_by:
            mark += "  " + (_("[goes on in {id}, whose file is damaged]") if line.next_damaged
                            else _("[goes on in {id}]")).format(id=s.continued_by)
        title = titles[s.game]
        say(f"{s.id}  {title}{' ' * (game_width - cell_width(title))}  "
            f"{s.started[:16].replace('T', ' ')}  "
            f"{hands}  {status}{' ' * (status_width - cell_width(status))}  "
            f"{name}{', '.join(s.players)}  ({word}){mark}")
        if line.conflict:  # the evening differs on two laptops (scorekeeper sync)
            say(f"{s.id}  {line.conflict.words()}")
    if hidden:
        say(ngettext("({count} archived session not listed: 'scorekeeper sessions --all')",
                     "({count} archived sessions not listed: 'scorekeeper sessions --all')",
                     hidden).format(count=hidden))


def game_title(game: str) -> str:
    """The title a game is shown by, as the table and the home write it (its ruleset's
    ``title``): the id written as a title, each word capitalised and the hyphen a space. Worked
    out here so that ``sessions`` imports no rules (tests/test_lazy_imports.py);
    tests/test_hC_cli_words.py checks it against every ruleset's title. ``--json`` keeps the
    id."""
    return " ".join(word[:1].upper() + word[1:] for word in game.split("-"))


@click.command("name", cls=Command, epilog="""\b
Examples:
  scorekeeper name 3f2 "Friday at Anna's"
  scorekeeper name 3f2 ""                  (takes the name away)""")
@session_argument()
@argument("name", N_("NAME"))
@expect_option
@home_option
@click.pass_context
def name_session(ctx: click.Context, session: str, name: str, expect: str | None,
                 home: str | None) -> None:
    """Name or rename a session.

    The name is kept in the session's history and shown in the list of sessions; an empty
    NAME takes it away.
    """
    result = get_store(ctx, home).name(session, name, expect=checked_expect(expect))
    opened = result.session
    if result.written:
        stored(_("the name of session {id}").format(id=opened.id))
    if not result.written:
        say(_("session {id} has that name already; nothing was written").format(id=opened.id))
    elif opened.name:
        say(_("session {id} is now called “{name}”; digest {digest}").format(
            id=opened.id, name=opened.name, digest=opened.digest))
    else:
        say(_("session {id} has no name now; digest {digest}").format(id=opened.id,
                                                                      digest=opened.digest))


@click.command(cls=Command, epilog="""\b
Examples:
  scorekeeper archive 3f2
  scorekeeper archive 3f2 --undo""")
@session_argument()
@option("--undo", is_flag=True, help="Take the session out of the archive: listed again.")
@expect_option
@home_option
@click.pass_context
def archive(ctx: click.Context, session: str, undo: bool, expect: str | None,
            home: str | None) -> None:
    """Archive a session: the list leaves it out.

    Nothing is deleted: 'scorekeeper sessions --all' still lists it, and every command still
    takes it. The archiving is kept in the session's history.
    """
    result = get_store(ctx, home).archive(session, archived=not undo,
                                          expect=checked_expect(expect))
    opened = result.session
    if result.written:
        stored(_("the archiving of session {id}").format(id=opened.id))
    if not result.written:
        say((_("session {id} is not archived; nothing was written") if undo else
             _("session {id} is archived already; nothing was written")).format(id=opened.id))
    elif undo:
        say(_("session {id} taken out of the archive: listed again; digest {digest}").format(
            id=opened.id, digest=opened.digest))
    else:
        say(_("session {id} archived: 'scorekeeper sessions' leaves it out ('--all' lists it, "
              "'scorekeeper archive {id} --undo' takes it back); digest {digest}").format(
            id=opened.id, digest=opened.digest))


def damage_said(line: Listing) -> str:
    """A damaged file's problem after its name and "DAMAGED:", without saying either again
    (trial 32: "5dae7cef.json  DANIFICADO: sessions/5dae7cef.json: danificado: JSON …")."""
    problem = str(line.problem or "").removeprefix(f"sessions/{line.file}: ")
    return problem.removeprefix(_("damaged") + ": ")
