"""What every command shares: the options --home and --expect, the games as a choice, the
sessions completed in the shell, the command classes that speak the language in use, the
home folder and its store."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..errors import ScorekeeperError
from ..i18n import N_, _, current_language, speaking
from .language import (
    JSON_ASKED,
    click_language,
    click_words,
    help_words,
    lang_before_command,
    short_help,
    speak,
)
from .output import fail, say

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    from ..store import Store

# What click's decorators take and give back: a command's function, or the command made of it.
Decorated = TypeVar("Decorated", bound="Callable[..., Any] | click.Command")


# click says an option is "[required]" in its help through a variable (``_(extra["required"])``),
# which the extraction of click's messages cannot see: marked here, so the catalogs carry it.
REQUIRED = N_("required")


class Option(click.Option):
    """An option whose help is shown in the language in use, and its placeholder too: a
    metavar marked with ``N_`` is said through the catalog (``--pot BETRAG`` for ``--pot
    AMOUNT``, ``--home ORDNER`` for ``--home DIR``)."""

    def make_metavar(self, ctx: click.Context) -> str:
        return placeholder(self.metavar) if self.metavar is not None else super().make_metavar(ctx)

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        record = super().get_help_record(ctx)
        if record is None or not self.help:
            return record
        spec, text = record
        return spec, help_words(self.help) + text[len(self.help):]


class Argument(click.Argument):
    """An argument whose placeholder (its metavar, marked with ``N_``) is said in the language
    in use, in the usage line and in click's errors (``PARTIE`` for ``SESSION``,
    ``NAME=BETRAG…`` for ``NAME=AMOUNT…``); a single optional one in brackets, as click writes
    it (``[SESSION]``)."""

    def make_metavar(self, ctx: click.Context) -> str:
        if self.metavar is None:
            return super().make_metavar(ctx)
        words = placeholder(self.metavar)
        return f"[{words}]" if not self.required and self.nargs == 1 else words


def placeholder(metavar: str) -> str:
    """A placeholder (a metavar marked with ``N_``) in the words click speaks now: the language
    in use, or English when the command line holds --json (click's error line is English
    then, ``Missing argument 'SESSION'``, placeholder and all)."""
    with speaking(click_language()):
        return _(metavar)


def option(*names: str, **attrs: Any) -> Callable[[Decorated], Decorated]:
    """``click.option`` with help and placeholder in the language in use."""
    return click.option(*names, cls=Option, **attrs)


def argument(name: str, metavar: str, **attrs: Any) -> Callable[[Decorated], Decorated]:
    """``click.argument`` whose placeholder ``metavar`` (marked with ``N_``) is said in the
    language in use."""
    return click.argument(name, cls=Argument, metavar=metavar, **attrs)


def session_argument(required: bool = True) -> Callable[[Decorated], Decorated]:
    """The argument SESSION (an id or its start), completed in the shell."""
    return argument("session", N_("SESSION"), required=required,
                    shell_complete=complete_sessions)


home_option = option(
    "--home", "home", metavar=N_("DIR"), default=None,
    help="Folder that holds the sessions (default: $SCOREKEEPER_HOME or the user data folder).")


expect_option = option(
    "--expect", "expect", metavar=N_("DIGEST"), default=None,
    help="Write only if the session's digest is still DIGEST (as show, record --json or the "
         "table printed it); else exit 2 and write nothing.")


def checked_expect(expect: str | None) -> str | None:
    """``--expect`` as given, once it is a digest (else one ``error: --expect: …`` line)."""
    if expect is None:
        return None
    from ..store import expected_digest

    try:
        return expected_digest(expect)
    except ScorekeeperError as error:
        fail(_("--expect: {problem}").format(problem=error))


def package_version() -> str:
    """The version installed (its metadata), or words saying it is not installed."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("scorekeeper")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return _("unknown (not installed)")


def print_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        say(_("scorekeeper, version {version}").format(version=package_version()))
        ctx.exit()


class GameChoice(click.Choice[str]):
    """The games of the registry (``scorekeeper.rules.games()``), in any case. The registry is
    imported only when a game is read or listed: the rules take longer to import than a whole
    command that needs no game (the table app's home screen among them)."""

    def __init__(self) -> None:
        super().__init__((), case_sensitive=False)

    @property
    def choices(self) -> tuple[str, ...]:
        from ..rules import games

        return games()

    @choices.setter
    def choices(self, value: tuple[str, ...]) -> None:
        pass  # always the registry's

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value.strip() if isinstance(value, str) else value, param, ctx)
        except click.BadParameter:
            self.fail(_("{game} is not a game here (choose {games})").format(
                game=repr(value), games=", ".join(self.choices)), param, ctx)


def complete_sessions(ctx: click.Context, param: click.Parameter,
                      incomplete: str) -> list[CompletionItem]:
    """Shell completion of SESSION: the ids of the stored sessions that start with what is
    typed, in the home given on the command line so far (else the default home). Completion
    must never fail in the shell: any problem gives no items."""
    try:
        from click.shell_completion import CompletionItem

        from ..store import Store

        prefix = incomplete.strip().lower()
        items: list[CompletionItem] = []
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

    def epilog_words(self) -> str:
        """The epilog in the language in use, ``{games}`` filled in."""
        epilog = help_words(self.epilog or "")
        if "{games}" in epilog:
            from ..rules import games

            epilog = epilog.replace("{games}", ", ".join(games()))
        return epilog

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if self.epilog:
            epilog = self.epilog_words()
            formatter.write_paragraph()
            with formatter.indentation():
                formatter.write_text(epilog)

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        # click's placeholders of the usage line are plain English text: said in the language
        # in use (``Aufruf: scorekeeper count [OPTIONEN] SESSION …``).
        pieces = super().collect_usage_pieces(ctx)
        said = {"[OPTIONS]": _("[OPTIONS]"), "COMMAND [ARGS]...": _("COMMAND [ARGS]..."),
                "[COMMAND] [ARGS]...": _("[COMMAND] [ARGS]...")}
        return [said.get(piece, piece) for piece in pieces]

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


def home_of(ctx: click.Context, home: str | None) -> Path:
    """The home folder: the command's own --home, else the one given before the command
    (``scorekeeper --home DIR COMMAND``), else $SCOREKEEPER_HOME, else the default. A --home
    given on the command line always wins over the environment."""
    from ..paths import home_folder

    return home_folder(home if home is not None else ctx.find_root().params.get("home"))


def get_store(ctx: click.Context, home: str | None) -> Store:
    """The store of the home folder, once what a writer killed mid-write left there (its
    temporary files) is cleared: the next command does it (``atomic.clear_home_temporaries``)."""
    from ..store import Store
    from ..store.atomic import clear_home_temporaries

    store = Store(home_of(ctx, home))
    clear_home_temporaries(store.home)
    # What the store mended on the way (a next evening left half made, finished or moved to
    # the trash: D21) is said once the command is done, each line naming its file.
    ctx.call_on_close(lambda: say_repairs(store))
    return store


def say_repairs(store: Store) -> None:
    for line in store.repairs:
        say(line, err=True)


def split_names(value: str | None) -> tuple[str, ...] | None:
    """``"Anna, Ben"`` -> ``("Anna", "Ben")``; an empty string is an empty list. A name with
    a comma in it is given in double quotes: ``'"Smith, Jo",Ben'`` (as a CSV line is read)."""
    if value is None:
        return None
    if '"' not in value:
        return tuple(p.strip() for p in value.split(",") if p.strip())
    import csv

    return tuple(p.strip() for p in next(csv.reader([value], skipinitialspace=True), [])
                 if p.strip())
