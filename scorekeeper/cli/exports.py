"""The commands that write a session for elsewhere (export, share) and where an output may
be written: never over a file the home keeps."""

from __future__ import annotations

from pathlib import Path

import click

from ..i18n import N_, _
from .language import export_language
from .options import Command, get_store, home_option, option, session_argument
from .output import say, say_pieces


def write_output(text: str, output: str | None, home: Path, what: str) -> None:
    """``text`` to the terminal, or whole to ``output`` (never anywhere in the home but its
    exports folder: ``store.outputs``)."""
    if output is None or output == "-":
        say(text, nl=False)
        return
    from ..store.outputs import write_output_file

    write_output_file(home, output, text)
    say(_("wrote {what} to {file}").format(what=what, file=output), err=True)


@click.command(cls=Command, epilog="""\b
Examples:
  scorekeeper export 3f2 --format html -o night.html
  scorekeeper export 3f2 --format csv --standings""")
@session_argument()
@option("--format", "fmt", required=True,
              type=click.Choice(["csv", "json", "md", "html", "beancount"]),
              help="The output format.")
@option("-o", "--output", metavar=N_("FILE"), help="Write to FILE instead of the terminal.")
@option("--standings", is_flag=True, help="csv: one row per player instead of per transfer.")
@home_option
@click.pass_context
def export(ctx: click.Context, session: str, fmt: str, output: str | None, standings: bool,
           home: str | None) -> None:
    """Write standings and ledger in one format.

    The formats: csv, json, md, html or beancount. md and html speak the language the session
    was played in, unless --lang says otherwise.
    """
    from ..export import export_pieces

    store = get_store(ctx, home)
    # The file as read (its documents) is not needed once its models are made: neither the
    # store nor the session keeps it while the hands are settled again and the text is written
    # (tests/benchmarks, "peak memory").
    opened = store.open(session, keep=False)
    read_from = opened.path
    if output is not None and output != "-":
        refuse_home_target(output, store.home, read_from)  # before the export is made
    source = opened.export_source(let_go=True)
    language = export_language(ctx, opened)
    del opened
    with language:  # the text in pieces: an export of 10,000 hands is never made whole
        pieces = export_pieces(fmt, source, **({"standings": True} if fmt == "csv" and standings
                                               else {}))
    if output is None or output == "-":
        say_pieces(pieces)
        return
    from ..store.outputs import write_output_file

    # whole: a temporary file renamed over the target
    write_output_file(store.home, output, [piece.encode("utf-8") for piece in pieces], read_from)
    say(_("wrote {format} export of session {id} to {file}").format(
        format=fmt, id=source.session_id, file=output), err=True)


@click.command(cls=Command, epilog="""\b
Examples:
  scorekeeper share 3f2                  plain text, for a group chat
  scorekeeper share 3f2 --format html -o night.html""")
@session_argument()
@option("--format", "fmt", type=click.Choice(["text", "md", "html"]), default="text",
              show_default=True, help="The output format.")
@option("-o", "--output", metavar=N_("FILE"), help="Write to FILE instead of the terminal.")
@home_option
@click.pass_context
def share(ctx: click.Context, session: str, fmt: str, output: str | None,
          home: str | None) -> None:
    """The night in a few lines, to share.

    The standings, who pays whom (the settle-up agreed last), the pot left and the digest, as
    plain text, Markdown or HTML, in the language the session was played in unless --lang
    says otherwise.
    """
    from ..export.night import NIGHT_FORMATS

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
    from ..store.outputs import write_output_file

    write_output_file(store.home, output, text, opened.path)
    say(_("wrote the {format} summary of session {id} to {file}").format(
        format=fmt, id=opened.id, file=output), err=True)


def refuse_home_target(output: str, home: Path, session_file: Path | None) -> None:
    """An output is never written in the home but in its exports folder, nor over the session
    file read (given by its path) or its lock: said before the export is made
    (``store.outputs.check_output_path``, which the write checks again)."""
    from ..store.outputs import check_output_path

    check_output_path(home, output, session_file)
