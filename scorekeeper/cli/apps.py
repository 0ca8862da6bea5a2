"""The commands that open an app: the table app (tui), the scoreboard served to browsers
(serve) and the scoreboard itself (the hidden command serve runs for each browser)."""

from __future__ import annotations

import click

from ..i18n import N_, _
from .language import choose_language
from .options import Command, get_store, home_of, home_option, option, session_argument
from .output import say


@click.command(cls=Command, epilog="\b\nExamples:\n  scorekeeper tui\n  scorekeeper tui 3f2")
@session_argument(required=False)
@home_option
@click.pass_context
def tui(ctx: click.Context, session: str | None, home: str | None) -> None:
    """Open the table app (at SESSION if given)."""
    from ..tui.app import run_tui

    if home is not None and ctx.find_root().params.get("lang") is None:
        choose_language(None, home)  # the setting kept in the home given here
    run_tui(home_of(ctx, home), session)


@click.command(cls=Command, epilog="""\b
Examples:
  scorekeeper serve 3f2                 this machine only, port 8765
  scorekeeper serve 3f2 --port 0        a free port (it is printed)
  scorekeeper serve 3f2 --host 192.168.1.20   the table's network, on purpose

It serves until Ctrl+C. Each browser gets the scoreboard of the session as
it stands, following every hand recorded; nothing can be recorded there.""")
@session_argument()
@option("--host", default="127.0.0.1", show_default=True, metavar=N_("ADDRESS"),
        help="The address to serve on. The default serves this machine only; give its "
                   "address on the table's network to let phones and a TV follow.")
@option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
        metavar=N_("PORT"),
              help="The port (0: a free one, chosen and printed).")
@home_option
@click.pass_context
def serve(ctx: click.Context, session: str, host: str, port: int, home: str | None) -> None:
    """A read-only live scoreboard, in browsers."""
    from ..tui.serve import serve_scoreboard

    store = get_store(ctx, home)
    opened = store.open(session)
    opened.state()  # a session whose standings cannot be read is refused before serving

    def ready(url: str) -> None:
        say(_("serving the scoreboard of session {id} ({game}: {players}), read-only, on "
              "{url}").format(id=opened.id, game=opened.ruleset.title,
                              players=", ".join(opened.config.players), url=url))
        say(_("open it in a browser; Ctrl+C stops"))
        say_phones_address(url)

    serve_scoreboard(store, opened, host, port, ready)
    say(_("stopped serving"))


def say_phones_address(url: str) -> None:
    """Under the address: a QR code of it for the phones at the table, or, when only this
    machine reaches it, that phones cannot and how they can."""
    import sys

    from ..tui.qr import terminal_qr
    from ..tui.serve_guard import only_this_machine

    if only_this_machine(url):
        say(_("phones cannot open {url}: it is this machine's own address. Serve on its "
              "address on the table's network (for example --host 192.168.1.20) and a QR code "
              "for phones is shown here").format(url=url))
        return
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "█▀▄".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return  # this terminal cannot draw the code: the address above is all
    say(_("phones open it by pointing their camera at this code:"))
    say(terminal_qr(url, colour=sys.stdout.isatty()), nl=False)


@click.command(cls=Command, hidden=True)
@session_argument()
@home_option
@click.option("--address", default=None, hidden=True,
              help="The address serve is reached at, shown as a QR code for phones.")
@click.pass_context
def scoreboard(ctx: click.Context, session: str, home: str | None,
               address: str | None) -> None:
    """Internal: the read-only scoreboard of SESSION.

    It shows the scoreboard in this terminal; serve runs it for each browser.
    """
    from ..tui.screens.scoreboard import run_scoreboard

    run_scoreboard(home_of(ctx, home), session, address)
