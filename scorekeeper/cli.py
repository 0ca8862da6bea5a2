"""The commands: parse the arguments, call the core or the store, print. Nothing else here."""

from __future__ import annotations

import json
import sys
from typing import Any, NoReturn

import click

from .errors import ScorekeeperError

EXIT_OK, EXIT_DISCREPANCY, EXIT_BAD_INPUT = 0, 1, 2


def fail(message: str) -> NoReturn:
    raise ScorekeeperError(message)


def emit_json(document: Any) -> None:
    click.echo(json.dumps(document, indent=2, ensure_ascii=False))


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
        click.echo(ctx.get_help())
        click.echo("\nThe table app (TUI) is coming; until then use the commands above.")


@cli.command()
@click.argument("script", type=click.Path(dir_okay=True, path_type=str))
@click.option("--json", "as_json", is_flag=True, help="Print the standings document (JSON).")
@home_option
def replay(script: str, as_json: bool, home: str | None) -> None:
    """Validate and settle a whole session script (TOML or JSON) and print the standings."""
    from .export import render_text, standings_document
    from .script import replay_file

    ledger = replay_file(script)
    if as_json:
        emit_json(standings_document(ledger))
    else:
        click.echo(render_text(ledger), nl=False)


def main(argv: list[str] | None = None) -> NoReturn:
    """Run a command; every user error becomes one ``error:`` line and exit status 2."""
    try:
        code = cli.main(args=argv, prog_name="scorekeeper", standalone_mode=False)
    except ScorekeeperError as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except click.exceptions.NoArgsIsHelpError as error:  # pragma: no cover - click >= 8.2
        click.echo(error.ctx.get_help() if error.ctx else str(error))
        sys.exit(EXIT_BAD_INPUT)
    except click.ClickException as error:
        click.echo(f"error: {error.format_message()}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except click.exceptions.Exit as done:
        sys.exit(done.exit_code)
    except click.Abort:
        click.echo("error: aborted", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except KeyboardInterrupt:
        click.echo("error: interrupted", err=True)
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else EXIT_OK)
