"""The ``scorekeeper`` group: its own options (--lang, --version, --home), the table app when
no command is given, and every command group added from its module."""

from __future__ import annotations

import click

from ..i18n import LANGUAGES
from .accounts import audit, count, settle
from .apps import scoreboard, serve, tui
from .evenings import import_, player, players, season
from .exports import export, share
from .hands import amend, record, undo
from .language import choose_language, set_language
from .options import Group, home_option, option, print_version
from .referee import deal, referee, rules
from .sessions import archive, name_session, new, replay, sessions, show
from .sync import sync

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
        from ..paths import home_folder
        from ..tui.app import run_tui

        run_tui(home_folder(home))



# Each module is one group of commands (the README's map says which is where).
for command in (tui, serve, scoreboard, replay, new, show, sessions, name_session, archive,
                record, undo, amend, players, player, season, import_, audit, count, settle,
                export, share, referee, rules, deal):
    cli.add_command(command)
cli.add_command(sync)  # the home synced through git (issue 27)
