"""The ``scorekeeper`` command: run one command line and end with its exit status; every
user error is one ``error:`` line and status 2."""

from __future__ import annotations

import contextlib
import re
import sys
from typing import NoReturn

import click

from .. import collector
from ..errors import ScorekeeperError, one_line, os_reason
from ..i18n import _
from .group import cli
from .language import choose_language, click_words, home_before_command
from .output import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    Output,
    _fit_streams,
    _give_up_output,
    _output_lost_ending,
    say,
)


def main(argv: list[str] | None = None) -> NoReturn:
    """Run a command; every user error becomes one ``error:`` line and exit status 2."""
    with collector.for_a_command():  # the apps switch it back on (collector.for_an_app)
        Output.reset()
        # The setting of the home given before the command, else of the default home (whose
        # folder is not looked for when one is given: a command reads one home's setting);
        # --lang, read first of all, may say otherwise.
        choose_language(None, home_before_command(sys.argv[1:] if argv is None else argv))
        fitted = _fit_streams()
        try:
            with click_words():
                code = _run(argv)
            code = _output_lost_ending(code)
        finally:
            for stream, errors in fitted:
                with contextlib.suppress(OSError, ValueError):
                    stream.reconfigure(errors=errors)
    sys.exit(code)


def entry() -> NoReturn:
    """The ``scorekeeper`` command (and ``python -m scorekeeper``): ``main`` in a process of its
    own, which ends when it does."""
    try:
        main()
    finally:
        collector.at_exit()  # every file was closed and every write made before this


def click_message(error: click.ClickException) -> str:
    """click's message on one line: the choices it lists a line each (``Choose from:\n\ta,\n\tb``,
    in every language) run on as ``Choose from: a, b``, not as escapes of the line breaks."""
    return re.sub(r"([:,])\n\t", r"\1 ", error.format_message())


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
        say(f"error: {one_line(click_message(error))}", err=True)
        return EXIT_BAD_INPUT
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.Abort as error:
        if isinstance(error.__cause__, KeyboardInterrupt):  # click's main echoed a line end
            say("error: " + _("interrupted"), err=True)
            return 130
        if isinstance(error.__context__, KeyboardInterrupt):  # at a prompt: on a line of its own
            say("", err=True)
            say("error: " + _("interrupted"), err=True)
            return 130
        say("error: " + _("aborted"), err=True)  # (input ended at a prompt)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        say("error: " + _("interrupted"), err=True)
        return 130
    except BrokenPipeError as error:  # click's own output (the help) to a closed pipe
        _give_up_output(error)
        return EXIT_OK
    except OSError as error:  # click's own output to a full disk, say: never a traceback
        say(f"error: {os_reason(error)}", err=True)
        return EXIT_BAD_INPUT
    return code if isinstance(code, int) else EXIT_OK
