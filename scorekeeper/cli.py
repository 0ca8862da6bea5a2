"""The commands: parse the arguments, call the core or the store, print. Nothing else here."""

from __future__ import annotations

import codecs
import contextlib
import contextvars
import gc
import gettext
import inspect
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, NoReturn

import click

from . import jsontext
from .errors import ScorekeeperError, one_line
from .i18n import (
    DOMAIN,
    LANGUAGES,
    _,
    current_language,
    decimal_separator,
    language_from_environment,
    ngettext,
    normalize,
    speaking,
    use_language,
)

EXIT_OK, EXIT_DISCREPANCY, EXIT_BAD_INPUT = 0, 1, 2
OPTION_DIGITS = 20  # a whole number typed as an option (--option KEY=VALUE) has at most these


def fail(message: str) -> NoReturn:
    raise ScorekeeperError(message)


# ---- output: every line goes through say() -----------------------------------------------------
#
# Once something is stored, nothing that goes wrong with the output may look like a failure
# that invites typing the command again: a stream that cannot encode a character gets a plain
# stand-in (K♣ is written KC, 4¼ is written 4.25), and a stream that cannot be written at all
# (a closed pipe, a full disk) is given up on; main() then says what was stored on stderr and
# keeps the command's exit status.

_PLAIN = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S",
          "…": "...", "−": "-", "–": "-", "—": "-", "→": "->", "←": "<-", "×": "x",
          "‘": "'", "’": "'", "“": '"', "”": '"', "·": "."}
_QUARTERS = {"¼": ".25", "½": ".5", "¾": ".75"}
FALLBACK = "scorekeeper-fallback"


def _fallback(error: UnicodeError) -> tuple[str, int]:
    """The codec error handler FALLBACK: a stand-in for each character the stream cannot
    encode; a backslash escape for those that have none."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text, out = error.object, []
    for i in range(error.start, error.end):
        ch = text[i]
        if ch in _QUARTERS:  # 4¼ -> 4.25, -¾ -> -0.75 (4,25 where the language writes so)
            out.append(("" if i and text[i - 1].isdigit() else "0")
                       + _QUARTERS[ch].replace(".", decimal_separator()))
        elif ch in _PLAIN:
            out.append(_PLAIN[ch])
        else:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else
                       f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return "".join(out), error.end


codecs.register_error(FALLBACK, _fallback)


def fit_to_encoding(text: str, encoding: str) -> str:
    """``text`` as a stream in ``encoding`` can write it (see _fallback)."""
    try:
        text.encode(encoding)
        return text
    except UnicodeEncodeError:
        return text.encode(encoding, FALLBACK).decode(encoding)
    except LookupError:  # an encoding Python does not know: plain ASCII is safe
        return text.encode("ascii", FALLBACK).decode("ascii")


class Output:
    """What happened to the output of the command running now."""

    lost: OSError | ValueError | None = None  # why stdout could not be written
    stored: str | None = None  # what the command stored, for the note if the output is lost

    @classmethod
    def reset(cls) -> None:
        cls.lost = cls.stored = None


def stored(what: str) -> None:
    """Say that the command has now stored something (``what``: for a note on stderr)."""
    Output.stored = what


def say(message: str = "", *, nl: bool = True, err: bool = False) -> None:
    """Print a line (stdout, or stderr with ``err``) in what the stream can encode. A stdout
    that cannot be written is given up on (Output.lost); nothing here raises."""
    stream = sys.stderr if err else sys.stdout
    if stream is None or (not err and Output.lost is not None):
        return
    try:
        for piece in _pieces(message + "\n" if nl and len(message) < PIECE else message):
            try:
                stream.write(piece)
            except UnicodeEncodeError:
                stream.write(fit_to_encoding(piece, getattr(stream, "encoding", None) or "ascii"))
        if nl and len(message) >= PIECE:
            stream.write("\n")
        stream.flush()
    except (OSError, ValueError) as error:  # ValueError: the stream is closed
        if not err:
            _give_up_output(error)


# A long text (an export, the document of thousands of hands) is written a piece at a time,
# each piece whole lines: a stream encodes what it is given at once, and 16 MiB of text would
# be 16 MiB more memory (tests/benchmarks, "peak memory"). A piece ends at a line's end, so a
# character's stand-in (4¼ -> 4.25) still sees the character before it.
PIECE = 1 << 20


def _pieces(text: str):
    start = 0
    while start < len(text):
        end = text.find("\n", start + PIECE)
        end = len(text) if end < 0 else end + 1
        yield text[start:end]
        start = end


def say_pieces(pieces: Iterable[str]) -> None:
    """Print a text given in pieces (``say`` of their concatenation, without a newline added),
    about ``PIECE`` characters at a time, each ending at a line's end, so that the whole text
    is never made (``export``)."""
    held: list[str] = []
    size = 0
    for piece in pieces:
        held.append(piece)
        size += len(piece)
        if size >= PIECE:
            text = "".join(held)
            end = text.rfind("\n") + 1
            if end:
                say(text[:end], nl=False)
                text = text[end:]
            held, size = [text], len(text)
    if size:
        say("".join(held), nl=False)


def _give_up_output(error: OSError | ValueError) -> None:
    Output.lost = error
    # What is still buffered would be flushed (and fail again, with a message) when Python
    # exits: the process's own stdout is pointed at the null device instead.
    stdout = sys.stdout
    if stdout is sys.__stdout__ and stdout is not None:
        with contextlib.suppress(OSError, ValueError):
            null = os.open(os.devnull, os.O_WRONLY)
            try:
                os.dup2(null, stdout.fileno())
            finally:
                os.close(null)


def _fit_streams() -> list[tuple[Any, str]]:
    """Make stdout and stderr write a stand-in for what they cannot encode (click's own
    output, the help, goes straight to them). Returns what to restore."""
    changed = []
    for stream in (sys.stdout, sys.stderr):
        errors = getattr(stream, "errors", None)
        if errors in (None, FALLBACK) or not hasattr(stream, "reconfigure"):
            continue
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("_", "-")
        if encoding in ("utf-8", "utf8"):
            continue
        with contextlib.suppress(OSError, ValueError, AttributeError):
            stream.reconfigure(errors=FALLBACK)
            changed.append((stream, errors))
    return changed


def _output_lost_ending(code: int) -> int:
    """The exit status once the output could not be written, with a line on stderr: a closed
    pipe is the reader's choice (no line, the status stands); otherwise what was stored stays
    stored (a note, the status stands) and a command that stored nothing failed (status 2)."""
    lost = Output.lost
    if lost is None or isinstance(lost, BrokenPipeError):
        return code
    reason = one_line(getattr(lost, "strerror", None) or str(lost))
    if Output.stored is not None:
        say(_("note: {what}: stored; only the output could not be written ({reason})").format(
            what=one_line(Output.stored), reason=reason), err=True)
        return code
    say(_("error: the output could not be written ({reason})").format(reason=reason), err=True)
    return EXIT_BAD_INPUT


def emit_json(document: Any) -> None:
    say(jsontext.indented(document))


JSON_ASKED: contextvars.ContextVar[bool] = contextvars.ContextVar("json_asked", default=False)
"""Whether the command line holds ``--json``: then click's own words are English."""


def json_words(as_json: bool) -> None:
    """A command asked for JSON speaks English from here on: what it prints is for programs,
    byte for byte the same whatever the language (its error lines too)."""
    if as_json:
        speak("en")


# ---- the words of the help, in the language in use ---------------------------------------------
#
# click keeps every help text as plain English text (docstrings, help=, epilog=); the catalog
# holds each one as click shows it (cleaned of the docstring's indentation), and the classes
# below look it up when the help is shown, after --lang is known (tools/catalogs.py extracts
# them from the commands themselves).

def help_words(text: str) -> str:
    """A help text of the command line in the language in use (click's ``\\b``, which keeps
    a paragraph as it is written, stays out of the catalog)."""
    return help_marker_free(inspect.cleandoc(text), _)


def help_marker_free(text: str, translate: Any) -> str:
    """``translate`` a help text whose paragraphs may start with click's ``\\b`` marker: the
    marker is no word, so the catalog's message goes without it."""
    return "\n\n".join("\b\n" + translate(p[2:]) if p.startswith("\b\n") else translate(p)
                       if p else p for p in text.split("\n\n"))


def short_help(text: str, limit: int) -> str:
    """The first sentence of a help text, cut to ``limit`` characters (as click shortens a
    command's help for the list of commands)."""
    paragraph = text.split("\n\n", 1)[0]
    words = [w for w in paragraph.split() if w != "\b"]
    length = 0
    for i, word in enumerate(words):
        length += len(word) + (i > 0)
        if length > limit:
            break
        if word.endswith("."):
            return " ".join(words[: i + 1])
        if length == limit and i != len(words) - 1:
            break
    else:
        return " ".join(words)
    length += len("...")
    while i > 0:
        length -= len(words[i]) + (i > 0)
        if length <= limit:
            break
        i -= 1
    return " ".join(words[:i]) + "..."


class Option(click.Option):
    """An option whose help is shown in the language in use."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        record = super().get_help_record(ctx)
        if record is None or not self.help:
            return record
        spec, text = record
        return spec, help_words(self.help) + text[len(self.help):]


def option(*names: str, **attrs: Any) -> Any:
    """``click.option`` with help in the language in use."""
    return click.option(*names, cls=Option, **attrs)


home_option = option(
    "--home", "home", metavar="DIR", default=None,
    help="Folder that holds the sessions (default: $SCOREKEEPER_HOME or the user data folder).")


expect_option = option(
    "--expect", "expect", metavar="DIGEST", default=None,
    help="Write only if the session's digest is still DIGEST (as show, record --json or the "
         "table printed it); else exit 2 and write nothing.")


def checked_expect(expect: str | None) -> str | None:
    """``--expect`` as given, once it is a digest (else one ``error: --expect: …`` line)."""
    if expect is None:
        return None
    from .store import expected_digest

    try:
        return expected_digest(expect)
    except ScorekeeperError as error:
        fail(_("--expect: {problem}").format(problem=error))


def package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("scorekeeper")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return _("unknown (not installed)")


def print_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        say(_("scorekeeper, version {version}").format(version=package_version()))
        ctx.exit()


def choose_language(lang: str | None, home: str | None = None) -> str:
    """The language to speak: ``--lang``, else the setting kept in the home folder (the table
    app's), else the locale (LC_ALL, LC_MESSAGES, LANG)."""
    if lang:
        return speak(lang)
    setting = None
    try:
        from .paths import home_folder
        from .settings import language_setting

        setting = language_setting(home_folder(home))
    except ScorekeeperError:
        pass  # a --home that cannot be used is said by the command that uses it
    return speak(setting or language_from_environment())


def export_language(ctx: click.Context, session: Any) -> contextlib.AbstractContextManager:
    """An export of ``session`` speaks the language the session was played in, unless
    ``--lang`` says otherwise (a session from before sessions kept one: the language in use)."""
    if ctx.find_root().params.get("lang") is None and session.language:
        return speaking(session.language)
    return contextlib.nullcontext()


def set_language(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--lang``: read before everything else, so that even the help speaks it. The value is
    kept (a callback's return is the option's value): ``cli`` must know that it was given, or
    the setting of a ``--home`` would overrule it."""
    if value and not ctx.resilient_parsing:
        speak(value)
    return value


# ---- click's own words, in the language in use -------------------------------------------------
#
# click says its own words ("Usage:", "Options:", "Missing argument 'SESSION'.", "No such option
# '--x'.", the help option's "Show this message and exit.") through the standard library's
# gettext.gettext and ngettext (``from gettext import gettext as _`` in its modules): the
# default text domain, in the language the environment names (LANGUAGE first), looked up each
# time a message is made. The catalogs carry click's messages beside ours (tools/catalogs.py
# extracts them from the installed click), so while a command runs the default domain is
# ours and LANGUAGE names the language in use, following every change of it (--lang, the
# home's setting, --json's English); both are given back when the command ends. The
# language is chosen before click parses anything: the locale or the home's setting, and a
# --lang given before the command (``lang_before_command``), so that even an error in the
# options of ``scorekeeper`` itself, raised before --lang's callback runs, speaks it.

_CLICK_WORDS = {"depth": 0}  # click_words() entered and not left yet (main() and cli.main)


def speak(code: str | None) -> str:
    """Speak ``code`` from now on (``use_language``), click's own words too while a command
    runs. Returns the language now in use."""
    language = use_language(code)
    if _CLICK_WORDS["depth"]:
        os.environ["LANGUAGE"] = "en" if JSON_ASKED.get() else language
    return language


@contextlib.contextmanager
def click_words() -> Iterator[None]:
    """While a command runs and its error is said: click's messages come from our catalogs, in
    the language in use (a usage error's words are made when it is printed, after click's
    main has returned: main() holds this around both)."""
    if _CLICK_WORDS["depth"]:
        _CLICK_WORDS["depth"] += 1
        try:
            yield
        finally:
            _CLICK_WORDS["depth"] -= 1
        return
    saved_language, saved_domain = os.environ.get("LANGUAGE"), gettext.textdomain()
    gettext.bindtextdomain(DOMAIN, str(resources.files(__package__).joinpath("locale")))
    gettext.textdomain(DOMAIN)
    _CLICK_WORDS["depth"] = 1
    os.environ["LANGUAGE"] = current_language()
    try:
        yield
    finally:
        _CLICK_WORDS["depth"] = 0
        gettext.textdomain(saved_domain)
        if saved_language is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = saved_language


def lang_before_command(args: Sequence[str]) -> str | None:
    """The language of a ``--lang`` among the options of ``scorekeeper`` itself (before the
    command's name), read before click parses them; ``None`` when there is none of ours."""
    words = iter(args)
    for arg in words:
        if arg.startswith("--lang="):
            return normalize(arg.partition("=")[2])
        if arg == "--lang":
            return normalize(next(words, None))
        if arg == "--home":
            next(words, None)
        elif arg == "--" or not arg.startswith("-"):
            return None
    return None


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
            self.fail(_("{game} is not a game here (choose {games})").format(
                game=repr(value), games=", ".join(self.choices)), param, ctx)


def complete_sessions(ctx: click.Context, param: click.Parameter, incomplete: str):
    """Shell completion of SESSION: the ids of the stored sessions that start with what is
    typed, in the home given on the command line so far (else the default home). Completion
    must never fail in the shell: any problem gives no items."""
    try:
        from click.shell_completion import CompletionItem

        from .store import Store

        prefix = incomplete.strip().lower()
        items = []
        for listing in Store(home_of(ctx, ctx.params.get("home"))).list_sessions():
            s = listing.summary
            if s is not None and s.id.startswith(prefix):
                items.append(CompletionItem(
                    s.id, help=f"{s.game}: {', '.join(s.players)}"))
        return items
    except Exception:
        return []


class NamesGames(click.Command):
    """Help in the language in use, whose epilog may say ``{games}``: filled from the
    registry when the help is shown."""

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if self.help:
            formatter.write_paragraph()
            with formatter.indentation():
                formatter.write_text(help_words(self.help).partition("\f")[0])

    def get_short_help_str(self, limit: int = 45) -> str:
        if self.short_help:
            return help_words(self.short_help).strip()
        return short_help(help_words(self.help), limit) if self.help else ""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if self.epilog:
            epilog = help_words(self.epilog)
            if "{games}" in epilog:
                from .rules import GAMES

                epilog = epilog.replace("{games}", ", ".join(GAMES))
            formatter.write_paragraph()
            with formatter.indentation():
                formatter.write_text(epilog)

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        # click makes the help option once per command and keeps it, with its help in the
        # language of that moment: said again in the language in use.
        option = super().get_help_option(ctx)
        if option is not None:
            option.help = _("Show this message and exit.")
        return option


class Command(NamesGames, click.Command):
    pass


class Group(NamesGames, click.Group):
    command_class = Command
    group_class = type  # subgroups are of this class too

    def main(self, args: Sequence[str] | None = None, *rest: Any, **settings: Any) -> Any:
        given = sys.argv[1:] if args is None else list(args)
        with click_words():
            # A command given --json prints in English, its error line too (the contract):
            # click's own words as well, though click may refuse the line before the
            # command's own switch to English runs. (The session is still played in the
            # language in use: only what is printed is English.)
            asked = "--json" in (given[:given.index("--")] if "--" in given else given)
            token = JSON_ASKED.set(asked)
            try:
                early = lang_before_command(given)
                speak(current_language() if early is None else early)
                return super().main(given, *rest, **settings)
            finally:
                JSON_ASKED.reset(token)


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
@option("--lang", type=click.Choice(LANGUAGES, case_sensitive=False), is_eager=True,
        callback=set_language,
        help="The language to speak: en, de, pt or es (default: the table app's setting, else "
             "the locale: LC_ALL, LC_MESSAGES, LANG).")
@option("--version", is_flag=True, expose_value=False, is_eager=True,
        callback=print_version, help="Print the version and exit.")
@home_option
@click.pass_context
def cli(ctx: click.Context, lang: str | None, home: str | None) -> None:
    """scorekeeper: the table-side scorekeeper and referee for trick-taking card games.

    Without a command it opens the table app.
    """
    ctx.ensure_object(dict)
    ctx.obj["home"] = home
    if lang is None and home is not None:
        choose_language(None, home)  # the setting of the home given before the command
    if ctx.invoked_subcommand is None:
        from .paths import home_folder
        from .tui.app import run_tui

        run_tui(home_folder(home))


def home_of(ctx: click.Context, home: str | None) -> Path:
    """The home folder: the command's own --home, else the one given before the command
    (``scorekeeper --home DIR COMMAND``), else $SCOREKEEPER_HOME, else the default. A --home
    given on the command line always wins over the environment."""
    from .paths import home_folder

    return home_folder(home if home is not None else ctx.find_root().params.get("home"))


def get_store(ctx: click.Context, home: str | None):
    from .store import Store

    return Store(home_of(ctx, home))


def split_names(value: str | None) -> tuple[str, ...] | None:
    """``"Anna, Ben"`` -> ``("Anna", "Ben")``; an empty string is an empty list."""
    if value is None:
        return None
    return tuple(p.strip() for p in value.split(",") if p.strip())


def typed_card(text: str) -> str:
    """A card as a person typed it (the letters of the language in use too: ``DH`` is the
    Dame of hearts in German) in the contract's letters; text that is no card is left as it
    is, for the record's own check to name."""
    from .cards import Card

    try:
        return str(Card.parse_typed(text))
    except ScorekeeperError:
        return text


def record_fields(given: dict[str, str | None]) -> dict[str, Any]:
    """The record fields given on the command line (the others are left out): lists of
    names or cards split at commas, the cards of each trick at ';'."""
    from .rules.base import RECORD_SHAPES

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
        fail(_("the session finished after hand {number}; no more hands can be recorded")
             .format(number=state.hands_played))
    config = opened.config
    draft = HandDraft(opened.ruleset, config, state)
    say(_("hand {number}: {dealer} deals").format(number=state.hands_played + 1,
                                                  dealer=state.dealer))
    while not draft.complete:
        kind = draft.step.kind
        hint = {"winner": _(" (seat number or name)"),
                "decide": _(" (p plays, d drops)")}.get(kind, "")
        text = click.prompt(step_prompt(draft) + hint).strip()
        try:
            if kind in ("turn", "card"):
                answer: Any = Card.parse_typed(text, opened.ruleset.deck(config))
            elif kind == "decide":
                if text.lower() not in ("p", "y", "d", "n"):
                    raise ScorekeeperError(_("type p (plays) or d (drops)"))
                answer = text.lower() in ("p", "y")
            elif text.isdigit() and 1 <= int(text) <= len(config.players):
                answer = config.players[int(text) - 1]
            else:
                answer = config.resolve(text, "tricks")
        except ScorekeeperError as error:
            say(f"  {error}")
            continue
        problem = draft.give(answer)
        if problem:
            say(f"  {problem}")
    for line in draft_lines(draft):
        say(f"  {line}")
    return draft.record()


def game_record_options() -> list[click.Option]:
    """The record fields that some games add (each game declares its own), as options."""
    from .rules import RULESETS

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


def record_options(command):
    for add in reversed([
        option("--tricks", metavar="A,B,…", help="The winner of each trick, in order."),
        option("--cards", metavar="C,C,…;C,C,…", help="Instead of --tricks: the cards of "
                     "each trick in play order, tricks separated by ';'."),
        option("--led-by", "led_by", metavar="A,B,…", help="With --cards: who led each trick "
                     "(checked against the rules)."),
        option("--note", metavar="TEXT", help="A note kept with the hand."),
    ]):
        command = add(command)
    return command


@cli.command(epilog="\b\nExamples:\n  scorekeeper tui\n  scorekeeper tui 3f2")
@click.argument("session", required=False, shell_complete=complete_sessions)
@home_option
@click.pass_context
def tui(ctx, session, home) -> None:
    """Open the table app (at SESSION if given)."""
    from .tui.app import run_tui

    if home is not None and ctx.find_root().params.get("lang") is None:
        choose_language(None, home)  # the setting kept in the home given here
    run_tui(home_of(ctx, home), session)


@cli.command(epilog="""\b
Examples:
  scorekeeper serve 3f2                 this machine only, port 8765
  scorekeeper serve 3f2 --port 0        a free port (it is printed)
  scorekeeper serve 3f2 --host 192.168.1.20   the table's network, on purpose

It serves until Ctrl+C. Each browser gets the scoreboard of the session as
it stands, following every hand recorded; nothing can be recorded there.""")
@click.argument("session", shell_complete=complete_sessions)
@click.option("--host", default="127.0.0.1", show_default=True, metavar="ADDRESS",
              help="The address to serve on. The default serves this machine only; give its "
                   "address on the table's network to let phones and a TV follow.")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              metavar="PORT",
              help="The port (0: a free one, chosen and printed).")
@home_option
@click.pass_context
def serve(ctx, session, host, port, home) -> None:
    """A read-only live scoreboard, in browsers."""
    from .tui.serve import serve_scoreboard

    store = get_store(ctx, home)
    opened = store.open(session)
    opened.state()  # a session whose standings cannot be read is refused before serving

    def ready(url: str) -> None:
        say(_("serving the scoreboard of session {id} ({game}: {players}), read-only, on "
              "{url}").format(id=opened.id, game=opened.ruleset.title,
                              players=", ".join(opened.config.players), url=url))
        say(_("open it in a browser; Ctrl+C stops"))

    serve_scoreboard(store, opened, host, port, ready)
    say(_("stopped serving"))


@cli.command(hidden=True)
@click.argument("session")
@home_option
@click.pass_context
def scoreboard(ctx, session, home) -> None:
    """Internal: the read-only scoreboard of SESSION.

    It shows the scoreboard in this terminal; serve runs it for each browser.
    """
    from .tui.screens.scoreboard import run_scoreboard

    run_scoreboard(home_of(ctx, home), session)


@cli.command(epilog="""\b
Examples:
  scorekeeper replay night.toml
  scorekeeper replay night.json --json
  scorekeeper replay night.toml --save""")
@click.argument("script", type=click.Path(dir_okay=True, path_type=str))
@option("--json", "as_json", is_flag=True, help="Print the standings document (JSON).")
@option("--save", is_flag=True, help="Also store the session and print its id.")
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
        say(render_text(ledger), nl=False)
    if saved is not None:
        say(_("saved as session {id}").format(id=saved.id) if not as_json else saved.id,
            err=as_json)


@cli.command(epilog="""\b
Examples:
  scorekeeper new --game GAME --players Anna,Ben,Cleo,Dora --dealer Anna
  scorekeeper new --game GAME --players Anna,Ben,Cleo     (dealer drawn)
  scorekeeper new --continue 3f2          (the next evening: the pot carries)
  scorekeeper new --same-players 3f2      (everything starts afresh)

GAME is one of {games}.""")
@option("--game", type=GameChoice(), help="The game.")
@option("--players", metavar="A,B,C", help="Names in clockwise seating order.")
@option("--dealer", metavar="NAME", help="The first dealer (default: drawn at random).")
@option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="A game option, e.g. starting_chips=5, rounds=2, rotations=1, deck=french.")
@option("--continue", "continues", metavar="SESSION", shell_complete=complete_sessions,
        help="The next evening of SESSION: its game, players and options, the deal after its "
             "last dealer, and what carries over (the pot it left; where a match goes on, the "
             "chips too).")
@option("--same-players", "again", metavar="SESSION", shell_complete=complete_sessions,
        help="The same players again: SESSION's game, players and options, the deal after its "
             "last dealer; nothing carries.")
@option("--json", "as_json", is_flag=True, help="Print the new session as JSON.")
@expect_option
@home_option
@click.pass_context
def new(ctx, game, players, dealer, options, continues, again, as_json, expect, home) -> None:
    """Start a session and say who deals first.

    Without --dealer the first dealer is drawn at random and said. With --continue or
    --same-players the game, the players and the options are those of the session named.
    """
    import secrets

    from .errors import ConfigError
    from .rules import make_config

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
            probe = make_config(game, names, names[0] if names else None, parsed)
            dealer = secrets.choice(probe.players)
        config = make_config(game, names, dealer, parsed)
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


def next_session(ctx, continues, again, game, players, options, dealer, as_json, expect,
                 home) -> None:
    """``new --continue SESSION`` (the next evening) and ``new --same-players SESSION``."""
    from .amounts import to_decimal_string
    from .presentation import opening_line

    if continues is not None and again is not None:
        fail(_("--continue and --same-players: give one of them"))
    flag = "--continue" if continues is not None else "--same-players"
    for given, name in ((game, "--game"), (players, "--players"), (options or None, "--option")):
        if given is not None:
            fail(_("{flag}: takes the game, the players and the options of the session it "
                   "names; leave out {option}").format(flag=flag, option=name))
    expect = checked_expect(expect)
    result = get_store(ctx, home).next_evening(continues or again, carry=continues is not None,
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
        say(opening_line(session.ruleset, entry))
    else:
        say(_("the same players as session {id}; nothing carries over").format(id=earlier.id))
    state = session.state()
    say(_("hand 1: {dealer} deals, {leader} leads").format(dealer=state.dealer,
                                                          leader=state.leader))


@cli.command(cls=RecordCommand, epilog="""\b
Examples:
  scorekeeper record 3f2 --tricks Ben,Ben,Cleo,Dora
  scorekeeper record 3f2 --cards "9S,KS,AH,QS; AC,7C,8C,9C; …"

A game's own fields (see the options below) go beside --tricks or --cards.
With --ask the hand is asked for step by step, as the table app asks it.""")
@click.argument("session", shell_complete=complete_sessions)
@record_options
@option("--ask", is_flag=True, help="Ask for the hand step by step instead.")
@option("--json", "as_json", is_flag=True, help="Print the settled hand as JSON.")
@expect_option
@home_option
@click.pass_context
def record(ctx, session, ask, as_json, expect, home, **given) -> None:
    """Record the next hand and what everyone pays.

    Prints what each player and the pot pay or receive, and who deals and leads next.
    """
    from .documents import hand_document
    from .presentation import next_text, payments_text

    json_words(as_json)
    expect = checked_expect(expect)
    fields = record_fields(given)
    store = get_store(ctx, home)
    if ask:
        if fields:
            fail(_("--ask: give the hand step by step or by options, not both"))
        from .store import check_expected

        opened = store.open(session)
        check_expected(opened, expect)  # said before the hand is asked, not after
        # The hand is asked against the table as it is now: stored only if it still is.
        hand, expect = ask_hand(opened), expect or opened.digest
    else:
        hand = make_record(fields)
    result = store.record(session, hand, expect=expect)
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


@cli.command()
@click.argument("session", shell_complete=complete_sessions)
@expect_option
@home_option
@click.pass_context
def undo(ctx, session, expect, home) -> None:
    """Withdraw the last hand (kept in the history).

    The hand stays in the session's history, marked withdrawn.
    """
    from .presentation import next_text

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
@click.argument("hand", type=int)
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


@cli.command(cls=AmendCommand, epilog="""\b
Examples:
  scorekeeper amend 3f2 1 --tricks Anna,Anna,Cleo,Dora
  scorekeeper amend 3f2 4 --note "Ben revoked\"
  scorekeeper amend 3f2 2 --entered Cleo --then 3 --entered Dora,Anna,Ben

--then HAND [options] amends another hand in the same step (as often as needed): when
an amendment leaves a later hand not fitting its record, amend that hand too; all are
stored together, or none.""")
@click.argument("session", shell_complete=complete_sessions)
@click.argument("hand", type=int)
@record_options
@expect_option
@home_option
@click.pass_context
def amend(ctx, session, hand, expect, home, **given) -> None:
    """Replace hand HAND's record and settle again.

    Fields not given are kept; hand HAND and every later hand are settled again.
    """
    from .presentation import amendment_effect_lines, amendment_lines, hands_words, next_text
    from .store import LaterHandBroken

    expect = checked_expect(expect)
    fields = record_fields(given)
    if not fields:
        fail(_("amend: give at least one of {options}").format(
            options=", ".join(f"--{name.replace('_', '-')}" for name in given)))
    make_record(fields)  # check the options' shape before touching the file
    amendments = [(hand, fields), *then_amendments(ctx)]
    try:
        result = get_store(ctx, home).amend_hands(session, amendments, expect=expect)
    except LaterHandBroken as broken:
        advice = (_("Nothing was written; to amend hand {number} too, in the same step, add "
                    "--then {number} and its fields.").format(number=broken.hand)
                  if broken.can_amend else _("Nothing was written."))
        fail(f"{broken}. {advice}")
    numbers = result.numbers
    session_id = result.session.id
    stored(_("the amendment of {hands} of session {id}").format(hands=hands_words(numbers),
                                                                id=session_id))
    before, after = result.before.state, result.after.state
    say(_("{hands} amended in session {id}; hands {number} to {last} settled again").format(
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


@cli.command()
@click.argument("session", shell_complete=complete_sessions)
@option("--json", "as_json", is_flag=True, help="Print the standings document (JSON).")
@home_option
@click.pass_context
def show(ctx, session, as_json, home) -> None:
    """A session's standings, hands and digest.

    Also its history of amendments and withdrawals and its chip counts. The digest is worth
    writing down: audit checks the file against it.
    """
    json_words(as_json)
    opened = get_store(ctx, home).open(session)
    if as_json:
        from .export import standings_document  # the exports: only for the document

        emit_json(standings_document(opened.ledger()))
    else:
        from .presentation import standings_text

        say(standings_text(opened), nl=False)


@cli.command()
@option("--all", "everything", is_flag=True, help="Archived sessions too.")
@option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
@home_option
@click.pass_context
def sessions(ctx, everything, as_json, home) -> None:
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
                                             "file": line.file} if line.summary else
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
    from .cells import cell_width

    finished, running, went_on = _("finished"), _("running"), _("continued")
    status_width = max(8, cell_width(finished), cell_width(running), cell_width(went_on))
    for line in listing:
        if line.summary is None:
            say(_("{file}  DAMAGED: {problem}").format(file=line.file, problem=line.problem))
            continue
        s = line.summary
        status = finished if s.finished else went_on if s.continued_by else running
        hands = ngettext("{count} hand ", "{count} hands", s.hands).format(count=f"{s.hands:>4}")
        leaders = ", ".join(s.leaders)
        word = (_("winners: {names}") if s.finished else _("leading: {names}")).format(
            names=leaders) if s.hands else _("no hand yet")
        name = f"“{s.name}”  " if s.name else ""
        mark = "  " + _("[archived]") if s.archived else ""
        if s.continued_by:
            mark += "  " + _("[goes on in {id}]").format(id=s.continued_by)
        say(f"{s.id}  {s.game:<13}  {s.started[:16].replace('T', ' ')}  "
            f"{hands}  {status}{' ' * (status_width - cell_width(status))}  "
            f"{name}{', '.join(s.players)}  ({word}){mark}")
    if hidden:
        say(ngettext("({count} archived session not listed: 'scorekeeper sessions --all')",
                     "({count} archived sessions not listed: 'scorekeeper sessions --all')",
                     hidden).format(count=hidden))


@cli.command("name", epilog="""\b
Examples:
  scorekeeper name 3f2 "Friday at Anna's"
  scorekeeper name 3f2 ""                  (takes the name away)""")
@click.argument("session", shell_complete=complete_sessions)
@click.argument("name")
@expect_option
@home_option
@click.pass_context
def name_session(ctx, session, name, expect, home) -> None:
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


@cli.command(epilog="""\b
Examples:
  scorekeeper archive 3f2
  scorekeeper archive 3f2 --undo""")
@click.argument("session", shell_complete=complete_sessions)
@option("--undo", is_flag=True, help="Take the session out of the archive: listed again.")
@expect_option
@home_option
@click.pass_context
def archive(ctx, session, undo, expect, home) -> None:
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


# ---- players across evenings, the season, evenings from elsewhere ------------------------------

def season_evenings(store):
    """Every evening's figures (through the listing's index), the files left out and why, and
    what the table has said about names (``players.json``)."""
    from .season import Roster, evenings_listed

    kept = store.roster()  # a file that is not JSON: its own error line
    try:
        roster = Roster.from_json(kept)
    except ScorekeeperError as error:
        fail(f"{store.home / 'players.json'}: {error}")
    evenings, skipped = evenings_listed(store.list_sessions(figures=True))
    return evenings, skipped, roster


def write_output(text: str, output: str | None, home: Path, what: str) -> None:
    """``text`` to the terminal, or whole to ``output`` (never a file the home keeps)."""
    if output is None or output == "-":
        say(text, nl=False)
        return
    refuse_home_target(output, home, None)
    try:
        from .store import atomic_write

        atomic_write(Path(output), text)
    except OSError as error:
        fail(_("{file}: cannot be written ({reason})").format(file=output,
                                                             reason=error.strerror or error))
    say(_("wrote {what} to {file}").format(what=what, file=output), err=True)


@cli.command(epilog="""\b
Examples:
  scorekeeper players
  scorekeeper players --json""")
@option("--json", "as_json", is_flag=True, help="Print the players as JSON.")
@home_option
@click.pass_context
def players(ctx, as_json, home) -> None:
    """Every player of every evening.

    Each player's evenings, hands and net per game (names are one player whatever their case
    or Unicode form; look-alike names are listed as a question). 'scorekeeper player NAME'
    says more.
    """
    from .season import players_document, players_lines

    json_words(as_json)
    evenings, skipped, roster = season_evenings(get_store(ctx, home))
    if as_json:
        emit_json(players_document(evenings, roster, skipped))
        return
    for line in players_lines(evenings, roster, skipped):
        say(line)


PLAYER_ACTIONS = {"merge": 2, "unmerge": 1, "apart": 2}


@cli.command(epilog="""\b
Examples:
  scorekeeper player Anna             evenings, hands, wins, net, money
  scorekeeper player Anna --json
  scorekeeper player merge Anna Änna  Änna is Anna from now on (asks first)
  scorekeeper player unmerge Änna     Änna is a player of their own again
  scorekeeper player apart Ann Anna   two people: not asked about again

What is said about names is kept in players.json in the home folder.""")
@click.argument("words", nargs=-1, required=True, metavar="NAME | merge NAME OTHER | unmerge "
                                                         "NAME | apart NAME OTHER")
@option("--json", "as_json", is_flag=True, help="Print the player as JSON.")
@option("--yes", is_flag=True, help="merge: do not ask first.")
@home_option
@click.pass_context
def player(ctx, words, as_json, yes, home) -> None:
    """One player's evenings, and who is who.

    With a NAME: the evenings played, hands, wins, net and money, and per game the figures
    of that game. merge takes OTHER as NAME from now on, unmerge undoes it, apart says two
    look-alike names are two people.
    """
    from .season import find_player, player_document, player_lines

    json_words(as_json)
    store = get_store(ctx, home)
    evenings, _skipped, roster = season_evenings(store)
    action = words[0] if len(words) > 1 else None
    if action is not None:
        if PLAYER_ACTIONS.get(action) != len(words) - 1:
            fail(_("player: give one NAME, or merge NAME OTHER, unmerge NAME or apart NAME "
                   "OTHER"))
        change_names(store, evenings, roster, action, words[1:], yes)
        return
    card = find_player(evenings, roster, words[0])
    if card is None:
        fail(unknown_player(evenings, words[0], store.home))
    if as_json:
        emit_json(player_document(card))
        return
    for line in player_lines(card):
        say(line)


def unknown_player(evenings, name: str, home: Path) -> str:
    """No player of that name: say so, with the names that look like it."""
    from .season import known_keys, look_alike, player_key

    key = player_key(name)
    near = sorted({seat.name for e in evenings for seat in e.seats
                   if look_alike(key, player_key(seat.name))})
    message = _("no player {name} in the sessions of {home} (see 'scorekeeper players')").format(
        name=repr(name), home=home)
    if near and key not in known_keys(evenings):
        message += "; " + _("names like it: {names}").format(names=", ".join(near))
    return message


def change_names(store, evenings, roster, action: str, names, yes: bool) -> None:
    """merge, unmerge or apart: checked against the evenings, asked (merge), then written to
    players.json under its lock."""
    from .season import Roster, known_keys, player_key, seat_keys

    keys = [player_key(n) for n in names]
    known = known_keys(evenings)
    for name, key in zip(names, keys, strict=True):
        if key not in known:
            fail(unknown_player(evenings, name, store.home))
    if action == "merge" and roster.player(keys[0]) == roster.player(keys[1]):
        fail(_("{name} and {other} are one player already").format(name=names[0],
                                                                    other=names[1]))
    if action == "merge":
        together = next((e for e in evenings
                         if {roster.player(keys[0]), roster.player(keys[1])}
                         <= set(seat_keys(e, roster))), None)
        if together is not None:
            fail(_("{name} and {other} played at the same evening (session {id}): two people; "
                   "nothing was changed").format(name=names[0], other=names[1],
                                                 id=together.session))
        try:
            agreed = yes or click.confirm(_("Take {other} as {name} from now on, in every "
                                            "evening?").format(name=names[0], other=names[1]))
        except click.Abort:
            agreed = False
        if not agreed:
            fail(_("merge: not confirmed, so nothing was changed (--yes merges without "
                   "asking)"))

    def change(data):
        now = Roster.from_json(data)
        if action == "merge":
            return now.merged(keys[0], keys[1]).to_json()
        if action == "unmerge":
            return now.unmerged(keys[0]).to_json()
        return now.kept_apart(keys[0], keys[1]).to_json()

    try:
        store.change_roster(change)
    except ScorekeeperError as error:
        fail(f"{action}: {error}")
    stored(_("the names in players.json"))
    if action == "merge":
        say(_("{other} is taken as {name} from now on (kept in {file}); 'scorekeeper player "
              "unmerge {other}' undoes it").format(other=names[1], name=names[0],
                                                   file=store.home / "players.json"))
    elif action == "unmerge":
        say(_("{name} counts as a player of their own again").format(name=names[0]))
    else:
        say(_("{name} and {other} are two people: not asked about again").format(
            name=names[0], other=names[1]))


@cli.command(epilog="""\b
Examples:
  scorekeeper season
  scorekeeper season --game GAME --from 2026-09-01 --to 2026-12-31
  scorekeeper season --format html -o season.html

GAME is one of {games}. DATE is a day, 2026-12-01: the (UTC) day a session started.""")
@option("--game", type=GameChoice(), help="Only this game (default: a table per game).")
@option("--from", "start", metavar="DATE", help="Only sessions started on DATE or later.")
@option("--to", "end", metavar="DATE", help="Only sessions started on DATE or earlier.")
@option("--format", "fmt", type=click.Choice(["text", "csv", "md", "html", "json"]),
        default="text", show_default=True, help="The output format.")
@option("--json", "as_json", is_flag=True, help="The same as --format json.")
@option("-o", "--output", metavar="FILE", help="Write to FILE instead of the terminal.")
@home_option
@click.pass_context
def season(ctx, game, start, end, fmt, as_json, output, home) -> None:
    """The season's table over many evenings.

    Each player's evenings, hands, wins, net and average per evening, and money where
    settle-ups were recorded with a value: a table per game, best first. html adds a chart
    of each player's running total over the evenings.
    """
    from .season import SEASON_FORMATS, read_day
    from .season import season as season_of

    fmt = "json" if as_json else fmt
    json_words(fmt == "json")
    days = []
    for flag, text in (("--from", start), ("--to", end)):
        try:
            days.append(None if text is None else read_day(text))
        except ScorekeeperError as error:
            fail(f"{flag}: {error}")
    if days[0] and days[1] and days[0] > days[1]:
        fail(_("--to: {end} is before --from {start}").format(end=days[1], start=days[0]))
    store = get_store(ctx, home)
    evenings, skipped, roster = season_evenings(store)
    chosen = game.strip().lower() if game else None
    table = season_of(evenings, roster, chosen, days[0], days[1], skipped)
    write_output(SEASON_FORMATS[fmt](table), output, store.home, _("the season"))


@cli.command("import", epilog="""\b
Examples:
  scorekeeper import ~/usb/sessions/*.json
  scorekeeper import 3f2a9c1e.json --json

Exit status 2 if a file was refused (the others are still brought in), else 1 if
a history parted from the one here, else 0.""")
@click.argument("files", nargs=-1, required=True, metavar="FILE…")
@option("--json", "as_json", is_flag=True, help="Print what became of each file as JSON.")
@home_option
@click.pass_context
def import_(ctx, files, as_json, home) -> None:
    """Bring session files from another machine.

    Each file is checked (its chain of hashes and every stored figure) and audited before
    anything is written; a damaged one is refused with the reason. A session already here is
    left alone when it is the same, replaced when the file's history goes on from it, and
    kept beside it in imported/ when the two histories part.
    """
    from .store.imports import ADDED, AHEAD, DIVERGED, EXTENDED

    json_words(as_json)
    store = get_store(ctx, home)
    outcomes, refused, parted = [], 0, 0
    for file in files:
        try:
            done = store.import_file(Path(file), file)
        except ScorekeeperError as error:
            refused += 1
            say(f"error: {one_line(str(error))}", err=True)
            outcomes.append({"file": file, "outcome": "refused", "session": None,
                             "digest": None, "here": None, "kept": None,
                             "error": one_line(str(error))})
            continue
        s, here = done.session, done.here
        if done.outcome in (ADDED, EXTENDED):
            stored(_("session {id}").format(id=s.id))
        parted += done.outcome == DIVERGED
        outcomes.append({"file": file, "outcome": done.outcome, "session": s.id,
                         "digest": s.digest, "here": here.digest if here else None,
                         "kept": str(done.kept) if done.kept else None, "error": None})
        if as_json:
            continue
        hands = ngettext("{count} hand", "{count} hands", s.hands_played).format(
            count=s.hands_played)
        if done.outcome == ADDED:
            say(_("{file}: added session {id} ({game}: {players}; {hands}; digest {digest})")
                .format(file=file, id=s.id, game=s.ruleset.title,
                        players=", ".join(s.config.players), hands=hands, digest=s.digest))
        elif done.outcome == EXTENDED and here is not None:
            before = ngettext("{count} hand", "{count} hands", here.hands_played).format(
                count=here.hands_played)
            say(_("{file}: session {id} goes on from the one here ({before}, digest {old}): "
                  "taken, now {hands}, digest {digest}").format(
                file=file, id=s.id, before=before, old=here.digest, hands=hands,
                digest=s.digest))
        elif done.outcome == AHEAD and here is not None:
            say(_("{file}: session {id} here is ahead of the file (digest {digest} here; the "
                  "file is the start of it): nothing to do").format(file=file, id=s.id,
                                                                   digest=here.digest))
        elif done.outcome == DIVERGED and here is not None:
            part = (_("is another session that drew the same id") if not done.shared else
                    _("parts from the one here after event {count}").format(count=done.shared))
            say(_("{file}: session {id} {part} (digest {digest} here, {theirs} in the file): "
                  "the one here is kept as it is, and the file beside it as {kept}; compare "
                  "them with 'scorekeeper show'").format(
                file=file, id=s.id, part=part, digest=here.digest, theirs=s.digest,
                kept=done.kept))
        else:
            say(_("{file}: session {id} is here already with the same history (digest "
                  "{digest}): nothing to do").format(file=file, id=s.id, digest=s.digest))
    if as_json:
        emit_json(outcomes)
    if refused:
        raise click.exceptions.Exit(EXIT_BAD_INPUT)
    if parted:
        raise click.exceptions.Exit(EXIT_DISCREPANCY)


@cli.command()
@click.argument("session", shell_complete=complete_sessions)
@option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
@home_option
@click.pass_context
def audit(ctx, session, as_json, home) -> None:
    """Settle every hand again and check the file.

    Compares every hand's figures with the file and checks the chain of hashes; exit
    status 1 on any difference.
    """
    json_words(as_json)
    audited = get_store(ctx, home).audit_report(session)
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
    if findings:
        raise click.exceptions.Exit(EXIT_DISCREPANCY)


@cli.command(epilog="""\b
Examples:
  scorekeeper count 3f2 Anna=-28 Ben=14.25 Cleo=-2 Dora=0 pot=16
  scorekeeper count 3f2 pot=-6 Ben=-2 --pot 10""")
@click.argument("session", shell_complete=complete_sessions)
@click.argument("holdings", nargs=-1, metavar="NAME=AMOUNT… [pot=AMOUNT]")
@option("--pot", "pot", metavar="AMOUNT",
              help="What the pot holds (pot=AMOUNT is a player when one is called pot).")
@option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@expect_option
@home_option
@click.pass_context
def count(ctx, session, holdings, pot, as_json, expect, home) -> None:
    """Record a chip count; exit 1 if it is off.

    What the players (and the pot) actually hold, compared with the ledger; exit status 1
    if it disagrees. Names are matched ignoring case; pot=AMOUNT counts the pot unless a
    player is called pot, and --pot AMOUNT always counts the pot.
    """
    from .amounts import format_amount, parse_typed_amount, to_decimal_string

    json_words(as_json)
    expect = checked_expect(expect)
    if not holdings and pot is None:
        fail(_("count: give at least one NAME=AMOUNT or --pot AMOUNT"))
    counted = {}
    for item in holdings:
        who, sep, amount = item.rpartition("=")
        if not sep or not who.strip():
            fail(_("count: '{item}' is not NAME=AMOUNT").format(item=item))
        try:
            counted[who] = parse_typed_amount(amount)
        except ScorekeeperError as error:
            fail(f"count: {who}: {error}")
    pot_amount = None
    if pot is not None:
        try:
            pot_amount = parse_typed_amount(pot)
        except ScorekeeperError as error:
            fail(f"count: --pot: {error}")
    result = get_store(ctx, home).count(session, counted, pot=pot_amount, expect=expect)
    stored(_("the chip count of session {id}").format(id=result.session.id))
    if as_json:
        emit_json({"session": result.session.id, "after_hand": result.state.hands_played,
                   "counted": {k: to_decimal_string(v) for k, v in result.counted.items()},
                   "off": {k: to_decimal_string(v) for k, v in result.off.items()},
                   "agrees": not result.off})
    else:
        for who, amount in result.counted.items():
            expected = result.expected[who]
            mark = (_("ok") if who not in result.off else
                    _("OFF by {amount}").format(amount=format_amount(result.off[who],
                                                                     signed=True)))
            say("  " + _("{name}: counted {counted}, ledger {ledger}  {mark}").format(
                name=who, counted=format_amount(amount), ledger=format_amount(expected),
                mark=mark))
        say(_("the count agrees with the ledger") if not result.off else
            _("the count disagrees with the ledger after hand {number}").format(
                number=result.state.hands_played))
    if result.off:
        raise click.exceptions.Exit(EXIT_DISCREPANCY)


def settle_terms(value: str | None, currency: str | None):
    """``--value`` and ``--currency`` read (both or neither), else one ``error:`` line."""
    from .settleup import read_currency, read_value

    if value is None and currency is None:
        return None, None
    if currency is None:
        fail(_("--currency: give the currency of --value (three letters, as EUR)"))
    if value is None:
        fail(_("--value: give what a chip or point is worth in --currency (e.g. 0.10)"))
    try:
        worth = read_value(value)
    except ScorekeeperError as error:
        fail(_("--value: {problem}").format(problem=error))
    try:
        code = read_currency(currency)
    except ScorekeeperError as error:
        fail(_("--currency: {problem}").format(problem=error))
    return worth, code


@cli.command(epilog="""\b
Examples:
  scorekeeper settle 3f2 --value 0.10 --currency EUR
  scorekeeper settle 3f2                 in chips or points
  scorekeeper settle 3f2 --value 0.05 --currency CHF --preview""")
@click.argument("session", shell_complete=complete_sessions)
@click.option("--value", metavar="AMOUNT", help="What a chip or point is worth (e.g. 0.10).")
@click.option("--currency", metavar="CODE", help="The currency of --value: three letters (EUR).")
@click.option("--preview", is_flag=True, help="Show the settle-up, but do not record it.")
@click.option("--json", "as_json", is_flag=True, help="Print the settle-up as JSON.")
@expect_option
@home_option
@click.pass_context
def settle(ctx, session, value, currency, preview, as_json, expect, home) -> None:
    """Settle up: who pays whom, and record it.

    Each player's result in chips or points and, at --value a chip or point in --currency,
    in money rounded to the cent by the stated rule; then who pays whom in few transfers.
    The settle-up is recorded in the session's history (not with --preview).
    """
    from .export import settle_up_document
    from .presentation import settle_up_lines

    expect = checked_expect(expect)
    worth, code = settle_terms(value, currency)
    store = get_store(ctx, home)
    if preview:
        from .settleup import settle_up
        from .store import check_expected

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


@cli.command(epilog="""\b
Examples:
  scorekeeper export 3f2 --format html -o night.html
  scorekeeper export 3f2 --format csv --standings""")
@click.argument("session", shell_complete=complete_sessions)
@option("--format", "fmt", required=True,
              type=click.Choice(["csv", "json", "md", "html", "beancount"]),
              help="The output format.")
@option("-o", "--output", metavar="FILE", help="Write to FILE instead of the terminal.")
@option("--standings", is_flag=True, help="csv: one row per player instead of per transfer.")
@home_option
@click.pass_context
def export(ctx, session, fmt, output, standings, home) -> None:
    """Write standings and ledger in one format.

    The formats: csv, json, md, html or beancount. md and html speak the language the session
    was played in, unless --lang says otherwise.
    """
    from .export import export_pieces

    store = get_store(ctx, home)
    opened = store.open(session)
    if output is not None and output != "-":
        refuse_home_target(output, store.home, opened.path)
    source = opened.export_source()
    language = export_language(ctx, opened)
    # The file as read (its documents) is not needed once its models are made: let it go
    # before the text is written (an export of 10,000 hands then peaks about 20 MiB lower:
    # tests/benchmarks, "peak memory").
    del opened
    with language:  # the text in pieces: an export of 10,000 hands is never made whole
        pieces = export_pieces(fmt, source, **({"standings": True} if fmt == "csv" and standings
                                               else {}))
    if output is None or output == "-":
        say_pieces(pieces)
        return
    target = Path(output)
    try:
        from .store import atomic_write

        # whole: a temporary file renamed over the target
        atomic_write(target, [piece.encode("utf-8") for piece in pieces])
    except OSError as error:
        fail(_("{file}: cannot be written ({reason})").format(file=output,
                                                             reason=error.strerror or error))
    say(_("wrote {format} export of session {id} to {file}").format(
        format=fmt, id=source.session_id, file=output), err=True)


@cli.command(epilog="""\b
Examples:
  scorekeeper share 3f2                  plain text, for a group chat
  scorekeeper share 3f2 --format html -o night.html""")
@click.argument("session", shell_complete=complete_sessions)
@click.option("--format", "fmt", type=click.Choice(["text", "md", "html"]), default="text",
              show_default=True, help="The output format.")
@click.option("-o", "--output", metavar="FILE", help="Write to FILE instead of the terminal.")
@home_option
@click.pass_context
def share(ctx, session, fmt, output, home) -> None:
    """The night in a few lines, to share.

    The standings, who pays whom (the settle-up agreed last), the pot left and the digest, as
    plain text, Markdown or HTML, in the language the session was played in unless --lang
    says otherwise.
    """
    from .export import NIGHT_FORMATS

    store = get_store(ctx, home)
    opened = store.open(session)
    if output is not None and output != "-":
        refuse_home_target(output, store.home, opened.path)
    source = opened.export_source()
    with export_language(ctx, opened):
        text = NIGHT_FORMATS[fmt][1](source)
    if output is None or output == "-":
        say(text, nl=False)
        return
    try:
        from .store import atomic_write

        atomic_write(Path(output), text)
    except OSError as error:
        fail(_("{file}: cannot be written ({reason})").format(file=output,
                                                             reason=error.strerror or error))
    say(_("wrote the {format} summary of session {id} to {file}").format(
        format=fmt, id=opened.id, file=output), err=True)


def refuse_home_target(output: str, home: Path, session_file: Path | None) -> None:
    """An export never replaces a session, nor a file of the home folder: refuse a target in
    the sessions folder or the folder of imported histories, the home's own files (the index,
    the players' names, the settings, lock and temporary files), and the session file read
    (given by its path) and its lock. Symbolic links and ``..`` are followed first."""
    try:
        target = Path(output).resolve()
        home = home.resolve()
        session_file = None if session_file is None else session_file.resolve()
    except (OSError, RuntimeError) as error:
        fail(_("-o {file}: cannot be followed to a file ({reason})").format(file=output,
                                                                           reason=error))
    from .paths import sessions_folder, settings_file
    from .store.imports import IMPORTED
    from .store.listing import INDEX_NAME
    from .store.roster import ROSTER_NAME

    name = target.name
    for kept in (sessions_folder(home), home / IMPORTED):
        if target in (home, kept) or target.is_relative_to(kept):
            fail(_("-o {file}: is in the sessions folder {folder}; an export never replaces a "
                   "session: write it elsewhere").format(file=output, folder=kept))
    own_files = (INDEX_NAME, ROSTER_NAME, settings_file(home).name, ".")
    if target.parent == home and (name.startswith(own_files) or name.endswith(".lock")):
        fail(_("-o {file}: is a file the home folder {folder} keeps for itself; write the export "
               "elsewhere").format(file=output, folder=home))
    if session_file is None:
        return  # no session file was read (a season): nothing more to keep apart
    own = session_file.name
    same = target == session_file
    if not same and target.exists():
        try:
            same = os.path.samefile(target, session_file)
        except OSError:
            same = False
    if same or (target.parent == session_file.parent and
                name.startswith((f"{own}.", f".{own}."))):
        fail(_("-o {file}: is the session file being exported (or its lock); write the export "
               "elsewhere").format(file=output))


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
@option("--game", required=True, type=GameChoice(), help="The game.")
@option("--trump", metavar="SUIT",
              help="In a game with trumps: the trump suit (C D H S or ♣ ♦ ♥ ♠).")
@option("--players", type=int, default=4, show_default=True, metavar="N",
              help="How many play at the table (the pack depends on it).")
@option("--cards", required=True, metavar="C,C,…", help="The cards played so far, in order.")
@option("--hand", metavar="C,C,…", help="The next player's hand: show the legal cards.")
@option("--json", "as_json", is_flag=True, help="Print the verdict as JSON.")
def referee_trick(game, trump, players, cards, hand, as_json) -> None:
    """Who is winning a trick; the legal cards.

    Who is winning the trick so far, and with --hand which cards the next player may play.
    """
    from .cards import Suit, parse_cards
    from .referee import legal_cards, table_ruleset, winning_position

    json_words(as_json)
    try:
        table_ruleset(game, players)
    except ScorekeeperError as error:
        fail(f"--players: {error}")

    def read(flag: str, value: str):
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


@cli.command(epilog="GAME is one of {games}.")
@click.argument("game", type=GameChoice(), metavar="GAME")
def rules(game) -> None:
    """Print the rule card of GAME."""
    from .rulecards import rule_card

    say(rule_card(game.strip().lower()), nl=False)


@cli.command(epilog="""\b
Examples:
  scorekeeper deal GAME --players 4
  scorekeeper deal GAME --names Anna,Ben,Cleo,Dora --dealer Anna

GAME is one of {games}.""")
@click.argument("game", type=GameChoice(), metavar="GAME")
@option("--players", "count", type=int, metavar="N", help="How many players (seats 1 to N).")
@option("--names", metavar="A,B,…", help="The players' names in clockwise order instead.")
@option("--dealer", metavar="NAME", help="Who deals (default: the first).")
def deal(game, count, names, dealer) -> None:
    """Print how to deal GAME, step by step.

    The deal plan for N players (or the players named), from the given dealer.
    """
    from .referee import deal_plan, table_ruleset

    game = game.strip().lower()
    if names is not None:
        seats = list(split_names(names) or ())
        if not seats:
            fail(_("--names: give the players' names, separated by commas"))
        flag = "--names"
    elif count is not None:
        flag = "--players"
        seats = []
    else:
        fail(_("deal: give --players N or --names A,B,…"))
    try:
        table_ruleset(game, len(seats) if seats else count)
    except ScorekeeperError as error:
        fail(f"{flag}: {error}")
    if not seats:  # the number is within the game's bounds now
        seats = [_("seat {number}").format(number=i) for i in range(1, count + 1)]
    if dealer is not None and dealer not in seats:
        fail(_("--dealer: '{name}' is not one of the players").format(name=dealer))
    plan = deal_plan(game, seats, dealer or seats[0])
    for i, step in enumerate(plan.steps, start=1):
        say(f"{i}. {step}")
    say(_("cards: {count}").format(count=plan.card_count))


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
    Output.reset()
    choose_language(None)  # --lang, read first of all, may say otherwise
    fitted = _fit_streams()
    try:
        with click_words():
            code = _run(argv)
        code = _output_lost_ending(code)
    finally:
        for stream, errors in fitted:
            with contextlib.suppress(OSError, ValueError):
                stream.reconfigure(errors=errors)
        if collecting:
            gc.enable()
    sys.exit(code)


def entry() -> NoReturn:
    """The ``scorekeeper`` command (and ``python -m scorekeeper``): ``main`` in a process of its
    own, which ends when it does."""
    try:
        main()
    finally:
        # The process ends here, and Python's last step would scan every object left for cycles,
        # several times over: the tens of thousands that the modules and pydantic's models are
        # made of. That took about 50 ms, more than a short command's own work (`show`,
        # `record`). Frozen, they are left to the end of the process; every file was closed
        # and every write made before this. tests/benchmarks, "show ... without gc.freeze".
        gc.freeze()


def _run(argv: list[str] | None) -> int:
    """Run a command; the exit status it ends with."""
    try:
        code = cli.main(args=argv, prog_name="scorekeeper", standalone_mode=False)
    except ScorekeeperError as error:
        say(f"error: {one_line(str(error))}", err=True)
        return EXIT_BAD_INPUT
    except ArithmeticError:
        say("error: " + _("an amount is too large to be kept exactly"), err=True)
        return EXIT_BAD_INPUT
    except click.exceptions.NoArgsIsHelpError as error:
        # A group given no command (``scorekeeper referee``) shows its help.
        say(error.ctx.get_help() if error.ctx else str(error))
        return EXIT_OK
    except click.ClickException as error:
        say(f"error: {one_line(error.format_message())}", err=True)
        return EXIT_BAD_INPUT
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.Abort:
        say("error: " + _("aborted"), err=True)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        say("error: " + _("interrupted"), err=True)
        return 130
    except BrokenPipeError as error:  # click's own output (the help) to a closed pipe
        _give_up_output(error)
        return EXIT_OK
    except OSError as error:  # click's own output to a full disk, say: never a traceback
        say(f"error: {one_line(error.strerror or str(error))}", err=True)
        return EXIT_BAD_INPUT
    return code if isinstance(code, int) else EXIT_OK
