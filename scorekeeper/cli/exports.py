"""The commands that write a session for elsewhere (export, share) and where an output may
be written: never over a file the home keeps."""

from __future__ import annotations

import os
from pathlib import Path

import click

from ..i18n import _
from .language import export_language
from .options import Command, complete_sessions, get_store, home_option, option
from .output import fail, say, say_pieces


def write_output(text: str, output: str | None, home: Path, what: str) -> None:
    """``text`` to the terminal, or whole to ``output`` (never a file the home keeps)."""
    if output is None or output == "-":
        say(text, nl=False)
        return
    refuse_home_target(output, home, None)
    try:
        from ..store import atomic_write

        atomic_write(Path(output), text)
    except OSError as error:
        fail(_("{file}: cannot be written ({reason})").format(file=output,
                                                             reason=error.strerror or error))
    say(_("wrote {what} to {file}").format(what=what, file=output), err=True)


@click.command(cls=Command, epilog="""\b
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
    from ..export import export_pieces

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
        from ..store import atomic_write

        # whole: a temporary file renamed over the target
        atomic_write(target, [piece.encode("utf-8") for piece in pieces])
    except OSError as error:
        fail(_("{file}: cannot be written ({reason})").format(file=output,
                                                             reason=error.strerror or error))
    say(_("wrote {format} export of session {id} to {file}").format(
        format=fmt, id=source.session_id, file=output), err=True)


@click.command(cls=Command, epilog="""\b
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
    from ..export import NIGHT_FORMATS

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
        from ..store import atomic_write

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
    from ..paths import sessions_folder, settings_file
    from ..store.imports import IMPORTED
    from ..store.listing import INDEX_NAME
    from ..store.roster import ROSTER_NAME

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
