"""``scorekeeper sync``: the home as a git repository that syncs with one command (the store's
``sync`` module does the work); ``sync --keep DIGEST`` keeps one version of an evening that
differs on two laptops."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..errors import one_line
from ..i18n import N_, _, ngettext
from .language import json_words
from .options import Command, argument, home_of, home_option, option
from .output import EXIT_BAD_INPUT, EXIT_DISCREPANCY, emit_json, say, stored

if TYPE_CHECKING:
    from ..store.conflicts import Conflict
    from ..store.sync import Synced


@click.command(cls=Command, epilog="""\b
Examples:
  scorekeeper sync /media/stick/club.git --create
  scorekeeper sync
  scorekeeper sync https://example.org/club.git --json
  scorekeeper sync --keep 2b167e677656

Exit status 2 if nothing could be synced (the remote cannot be reached, its tree is
refused) or a file of the remote was refused, else 1 if an evening differs on two
laptops, else 0.""")
@argument("remote", N_("REMOTE"), required=False)
@option("--create", is_flag=True,
        help="Make the folder REMOTE a bare repository when it is missing or empty.")
@option("--keep", metavar=N_("DIGEST"),
        help="Keep this version of an evening that differs on two laptops (the others go to "
             "the trash); nothing is sent.")
@option("--json", "as_json", is_flag=True, help="Print what came in and went out as JSON.")
@home_option
@click.pass_context
def sync(ctx: click.Context, remote: str | None, create: bool, keep: str | None,
         as_json: bool, home: str | None) -> None:
    """Sync the evenings with a git repository.

    The home becomes a repository on first use (its sessions, players and settings); each sync
    writes down what changed here, fetches, brings in what the other laptops wrote, and sends
    it back. REMOTE is a folder (a bare repository on a stick or a shared drive) or a URL,
    remembered after the first sync. An evening changed on two laptops is kept twice until
    one is chosen with --keep; the season counts neither until then.
    """
    json_words(as_json)
    folder = home_of(ctx, home)
    if keep is not None:
        _keep(folder, keep, as_json)
        return
    from ..store.sync import sync as sync_home

    done = sync_home(folder, remote, create=create)
    if done.came_in:
        stored(_("evenings from {remote}").format(remote=done.remote))
    if as_json:
        emit_json(sync_document(done))
    else:
        for line in sync_lines(done):
            say(line)
    for line in done.refused:
        say(f"error: {line}", err=True)
    if done.refused:
        raise click.exceptions.Exit(EXIT_BAD_INPUT)
    if done.conflicts:
        raise click.exceptions.Exit(EXIT_DISCREPANCY)


def _keep(folder: Path, digest: str, as_json: bool) -> None:
    from ..store.conflicts import keep

    kept = keep(folder, digest, 10.0)
    stored(_("session {id}").format(id=kept.id))
    if as_json:
        emit_json({"session": kept.id, "kept": kept.digest,
                   "trash": [str(path) for path in kept.trashed]})
        return
    say(_("session {id}: the version {digest} is kept; the other went to {trash}; 'scorekeeper "
          "sync' sends the choice to the other laptops").format(
        id=kept.id, digest=kept.digest, trash=", ".join(str(p) for p in kept.trashed)))


def sync_document(done: Synced) -> dict[str, Any]:
    """``sync --json``: what came in and went out (the contract's sync document)."""
    return {"remote": done.remote, "created": done.created, "commit": done.commit,
            "in": done.came_in, "out": done.went_out,
            "conflicts": [conflict_document(c) for c in done.conflicts],
            "refused": done.refused, "roster_clashes": done.roster_clashes}


def conflict_document(conflict: Conflict) -> dict[str, Any]:
    return {"session": conflict.id} | conflict.to_json()


def sync_lines(done: Synced) -> list[str]:
    """What a sync did, for people: the one-line result first."""
    lines = [result_line(done)]
    words = {"added": _("added"), "extended": _("went on (the longer history taken)"),
             "replaced": _("replaced by the version chosen elsewhere (the one here is in the "
                           "trash)"),
             "removed": _("moved to the trash, as on the other laptop"),
             "conflict": _("differs on both laptops: both kept")}
    for came in done.came_in:
        lines.append(_("  in: session {id} {what}").format(
            id=came["session"], what=words.get(came["outcome"], came["outcome"])))
    for session in done.went_out:
        lines.append(_("  out: session {id}").format(id=session))
    lines.extend(f"  {one_line(clash)}" for clash in done.roster_clashes)
    lines.extend(conflict_line(c) for c in done.conflicts)
    return lines


def result_line(done: Synced) -> str:
    """'3 evenings in, 1 out' and, when there are any, the conflicts to resolve."""
    evenings_in = len({came["session"] for came in done.came_in})
    line = ngettext("synced with {remote}: {count} evening in, {out} out",
                    "synced with {remote}: {count} evenings in, {out} out",
                    evenings_in).format(remote=done.remote, count=evenings_in,
                                        out=len(done.went_out))
    if done.created:
        line += _(" (the repository was made)")
    return line


def conflict_line(conflict: Conflict) -> str:
    commands = " | ".join(f"'{c}'" for c in conflict.keep_commands())
    return _("session {id} differs on both laptops (digest {here} here, {others} from "
             "elsewhere): the season counts neither until one is kept: {commands}").format(
        id=conflict.id, here=conflict.here or "?", others=", ".join(conflict.others),
        commands=commands)
