"""The ``scorekeeper`` group: its own options (--lang, --version, --home), the table app when
no command is given, and every command group added from its module."""

from __future__ import annotations

from importlib import import_module

import click

from ..i18n import LANGUAGES
from .language import choose_language, set_language
from .options import Group, home_option, option, print_version

# Each command by its name: the module of its command group (the README's map says which is
# where) and the function. A module is imported only when one of its commands runs or the
# help lists them, click's own way of loading commands when asked (``list_commands``,
# ``get_command``): every command paid for importing all eleven modules, about 10 ms of a
# ``show`` or of opening the table (tests/benchmarks/test_whole_commands.py).
COMMANDS = {
    "tui": ("apps", "tui"), "serve": ("apps", "serve"), "scoreboard": ("apps", "scoreboard"),
    "replay": ("sessions", "replay"), "new": ("sessions", "new"), "show": ("sessions", "show"),
    "sessions": ("sessions", "sessions"), "name": ("sessions", "name_session"),
    "archive": ("sessions", "archive"),
    "record": ("hands", "record"), "undo": ("hands", "undo"), "amend": ("hands", "amend"),
    "players": ("evenings", "players"), "player": ("evenings", "player"),
    "season": ("evenings", "season"), "import": ("evenings", "import_"),
    "audit": ("accounts", "audit"), "count": ("accounts", "count"),
    "settle": ("accounts", "settle"),
    "export": ("exports", "export"), "share": ("exports", "share"),
    "referee": ("referee", "referee"), "rules": ("referee", "rules"), "deal": ("referee", "deal"),
    "sync": ("sync", "sync"),  # the home synced through git (issue 27)
}


class Scorekeeper(Group):
    """The ``scorekeeper`` group: its commands are found in ``COMMANDS`` when asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module, name = COMMANDS[cmd_name]
        command: click.Command = getattr(import_module(f"{__package__}.{module}"), name)
        return command

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


@click.group(cls=Scorekeeper, invoke_without_command=True, epilog=EXAMPLES,
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
        from ..paths import home_folder
        from ..tui.app import run_tui

        run_tui(home_folder(home))

