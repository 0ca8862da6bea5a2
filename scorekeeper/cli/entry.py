"""The ``scorekeeper`` command: run one command line and end with its exit status; every
user error is one ``error:`` line and status 2."""

from __future__ import annotations

import contextlib
import gc
import sys
from typing import NoReturn

import click

from ..errors import ScorekeeperError, one_line
from ..i18n import _
from .group import cli
from .language import choose_language, click_words
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
