"""The commands across evenings: players, one player (and merging names), the season, and
session files brought from elsewhere (import)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..errors import ScorekeeperError, one_line
from ..i18n import N_, _, ngettext
from .exports import write_output
from .language import json_words
from .options import Command, GameChoice, argument, get_store, home_option, option
from .output import EXIT_BAD_INPUT, EXIT_DISCREPANCY, emit_json, fail, say, stored

if TYPE_CHECKING:
    from ..seasonevening import Evening
    from ..seasonnames import Roster
    from ..store import Store

# ---- players across evenings, the season, evenings from elsewhere ------------------------------

def season_evenings(store: Store) -> tuple[list[Evening], list[tuple[str, str]], Roster]:
    """Every evening's figures (through the listing's index), the files left out and why, and
    what the table has said about names (``players.json``)."""
    from ..seasonevening import evenings_listed
    from ..seasonnames import Roster

    kept = store.roster()  # a file that is not JSON: its own error line
    try:
        roster = Roster.from_json(kept)
    except ScorekeeperError as error:
        fail(f"{store.home / 'players.json'}: {error}")
    evenings, skipped = evenings_listed(store.list_sessions(figures=True))
    return evenings, skipped, roster


@click.command(cls=Command, epilog="""\b
Examples:
  scorekeeper players
  scorekeeper players --json""")
@option("--json", "as_json", is_flag=True, help="Print the players as JSON.")
@home_option
@click.pass_context
def players(ctx: click.Context, as_json: bool, home: str | None) -> None:
    """Every player of every evening.

    Each player's evenings, hands and net per game (names are one player whatever their case
    or Unicode form; look-alike names are listed as a question). 'scorekeeper player NAME'
    says more.
    """
    from ..seasonplayers import players_document, players_lines

    json_words(as_json)
    evenings, skipped, roster = season_evenings(get_store(ctx, home))
    if as_json:
        emit_json(players_document(evenings, roster, skipped))
        return
    for line in players_lines(evenings, roster, skipped):
        say(line)


PLAYER_ACTIONS = {"merge": 2, "unmerge": 1, "apart": 2}


@click.command(cls=Command, epilog="""\b
Examples:
  scorekeeper player Anna             evenings, hands, wins, net, money
  scorekeeper player Anna --json
  scorekeeper player merge Anna Änna  Änna is Anna from now on (asks first)
  scorekeeper player unmerge Änna     Änna is a player of their own again
  scorekeeper player apart Ann Anna   two people: not asked about again

What is said about names is kept in players.json in the home folder.""")
@argument("words", N_("NAME | merge NAME OTHER | unmerge NAME | apart NAME OTHER"), nargs=-1,
          required=True)
@option("--json", "as_json", is_flag=True, help="Print the player as JSON.")
@option("--yes", is_flag=True, help="merge: do not ask first.")
@home_option
@click.pass_context
def player(ctx: click.Context, words: tuple[str, ...], as_json: bool, yes: bool,
           home: str | None) -> None:
    """One player's evenings, and who is who.

    With a NAME: the evenings played, hands, wins, net and money, and per game the figures
    of that game. merge takes OTHER as NAME from now on, unmerge undoes it, apart says two
    look-alike names are two people.
    """
    from ..seasonplayers import find_player, player_document, player_lines

    json_words(as_json)
    store = get_store(ctx, home)
    evenings, _skipped, roster = season_evenings(store)
    action = words[0] if len(words) > 1 else None
    if action is not None:
        if PLAYER_ACTIONS.get(action) != len(words) - 1:
            fail(_("player: give one NAME, or merge NAME OTHER, unmerge NAME or apart NAME "
                   "OTHER"))
        change_names(store, evenings, roster, action, words[1:], yes)
        return
    card = find_player(evenings, roster, words[0])
    if card is None:
        fail(unknown_player(evenings, words[0], store.home))
    if as_json:
        emit_json(player_document(card))
        return
    for line in player_lines(card):
        say(line)


def unknown_player(evenings: Sequence[Evening], name: str, home: Path) -> str:
    """No player of that name: say so, with the names that look like it."""
    from ..seasonnames import look_alike, player_key
    from ..seasonplayers import known_keys

    key = player_key(name)
    near = sorted({seat.name for e in evenings for seat in e.seats
                   if look_alike(key, player_key(seat.name))})
    message = _("no player {name} in the sessions of {home} (see 'scorekeeper players')").format(
        name=repr(name), home=home)
    if near and key not in known_keys(evenings):
        message += "; " + _("names like it: {names}").format(names=", ".join(near))
    return message


def change_names(store: Store, evenings: Sequence[Evening], roster: Roster, action: str,
                 names: Sequence[str], yes: bool) -> None:
    """merge, unmerge or apart: checked against the evenings, asked (merge), then written to
    players.json under its lock."""
    from ..season import seat_keys
    from ..seasonnames import Roster, player_key
    from ..seasonplayers import known_keys

    keys = [player_key(n) for n in names]
    known = known_keys(evenings)
    for name, key in zip(names, keys, strict=True):
        if key not in known:
            fail(unknown_player(evenings, name, store.home))
    if action == "merge" and roster.player(keys[0]) == roster.player(keys[1]):
        fail(_("{name} and {other} are one player already").format(name=names[0],
                                                                    other=names[1]))
    if action == "merge":
        together = next((e for e in evenings
                         if {roster.player(keys[0]), roster.player(keys[1])}
                         <= set(seat_keys(e, roster))), None)
        if together is not None:
            fail(_("{name} and {other} played at the same evening (session {id}): two people; "
                   "nothing was changed").format(name=names[0], other=names[1],
                                                 id=together.session))
        try:
            agreed = yes or click.confirm(_("Take {other} as {name} from now on, in every "
                                            "evening?").format(name=names[0], other=names[1]))
        except click.Abort:
            agreed = False
        if not agreed:
            fail(_("merge: not confirmed, so nothing was changed (--yes merges without "
                   "asking)"))

    def change(data: Any) -> dict[str, Any]:
        now = Roster.from_json(data)
        if action == "merge":
            return now.merged(keys[0], keys[1]).to_json()
        if action == "unmerge":
            return now.unmerged(keys[0]).to_json()
        return now.kept_apart(keys[0], keys[1]).to_json()

    try:
        store.change_roster(change)
    except ScorekeeperError as error:
        fail(f"{action}: {error}")
    stored(_("the names in players.json"))
    if action == "merge":
        say(_("{other} is taken as {name} from now on (kept in {file}); 'scorekeeper player "
              "unmerge {other}' undoes it").format(other=names[1], name=names[0],
                                                   file=store.home / "players.json"))
    elif action == "unmerge":
        say(_("{name} counts as a player of their own again").format(name=names[0]))
    else:
        say(_("{name} and {other} are two people: not asked about again").format(
            name=names[0], other=names[1]))


@click.command(cls=Command, epilog="""\b
Examples:
  scorekeeper season
  scorekeeper season --game GAME --from 2026-09-01 --to 2026-12-31
  scorekeeper season --format html -o season.html

GAME is one of {games}. DATE is a day, 2026-12-01: the (UTC) day a session started.""")
@option("--game", type=GameChoice(), help="Only this game (default: a table per game).")
@option("--from", "start", metavar=N_("DATE"), help="Only sessions started on DATE or later.")
@option("--to", "end", metavar=N_("DATE"), help="Only sessions started on DATE or earlier.")
@option("--format", "fmt", type=click.Choice(["text", "csv", "md", "html", "json"]),
        default="text", show_default=True, help="The output format.")
@option("--json", "as_json", is_flag=True, help="The same as --format json.")
@option("-o", "--output", metavar=N_("FILE"), help="Write to FILE instead of the terminal.")
@home_option
@click.pass_context
def season(ctx: click.Context, game: str | None, start: str | None, end: str | None, fmt: str,
           as_json: bool, output: str | None, home: str | None) -> None:
    """The season's table over many evenings.

    Each player's evenings, hands, wins, net and average per evening, and money where
    settle-ups were recorded with a value: a table per game, best first. html adds a chart
    of each player's running total over the evenings.
    """
    from ..season import read_day
    from ..season import season as season_of
    from ..seasonformats import SEASON_FORMATS

    fmt = "json" if as_json else fmt
    json_words(fmt == "json")
    days = []
    for flag, text in (("--from", start), ("--to", end)):
        try:
            days.append(None if text is None else read_day(text))
        except ScorekeeperError as error:
            fail(f"{flag}: {error}")
    if days[0] and days[1] and days[0] > days[1]:
        fail(_("--to: {end} is before --from {start}").format(end=days[1], start=days[0]))
    store = get_store(ctx, home)
    evenings, skipped, roster = season_evenings(store)
    chosen = game.strip().lower() if game else None
    table = season_of(evenings, roster, chosen, days[0], days[1], skipped)
    write_output(SEASON_FORMATS[fmt](table), output, store.home, _("the season"))


def synced_note(home: Path) -> None:
    """A home that syncs (``scorekeeper sync``) is told that sync is the way between laptops."""
    from ..store.conflicts import synced_with

    remote = synced_with(home)
    if remote is not None:
        say(_("note: this home syncs with {remote}: 'scorekeeper sync' brings the other "
              "laptops' evenings; import is for a single file from elsewhere").format(
            remote=remote))


@click.command("import", cls=Command, epilog="""\b
Examples:
  scorekeeper import ~/usb/sessions/*.json
  scorekeeper import 3f2a9c1e.json --json

Exit status 2 if a file was refused (the others are still brought in), else 1 if
a history parted from the one here, else 0.""")
@argument("files", N_("FILE…"), nargs=-1, required=True)
@option("--json", "as_json", is_flag=True, help="Print what became of each file as JSON.")
@home_option
@click.pass_context
def import_(ctx: click.Context, files: tuple[str, ...], as_json: bool, home: str | None) -> None:
    """Bring session files from another machine.

    Each file is checked (its chain of hashes and every stored figure) and audited before
    anything is written; a damaged one is refused with the reason. A session already here is
    left alone when it is the same, replaced when the file's history goes on from it, and
    kept beside it in imported/ when the two histories part.
    """
    from ..store.imports import ADDED, AHEAD, DIVERGED, EXTENDED

    json_words(as_json)
    store = get_store(ctx, home)
    outcomes, refused, parted = [], 0, 0
    for file in files:
        try:
            done = store.import_file(Path(file), file)
        except ScorekeeperError as error:
            refused += 1
            say(f"error: {one_line(str(error))}", err=True)
            outcomes.append({"file": file, "outcome": "refused", "session": None,
                             "digest": None, "here": None, "kept": None,
                             "error": one_line(str(error))})
            continue
        s, here = done.session, done.here
        if done.outcome in (ADDED, EXTENDED):
            stored(_("session {id}").format(id=s.id))
        parted += done.outcome == DIVERGED
        outcomes.append({"file": file, "outcome": done.outcome, "session": s.id,
                         "digest": s.digest, "here": here.digest if here else None,
                         "kept": str(done.kept) if done.kept else None, "error": None})
        if as_json:
            continue
        hands = ngettext("{count} hand", "{count} hands", s.hands_played).format(
            count=s.hands_played)
        if done.outcome == ADDED:
            say(_("{file}: added session {id} ({game}: {players}; {hands}; digest {digest})")
                .format(file=file, id=s.id, game=s.ruleset.title,
                        players=", ".join(s.config.players), hands=hands, digest=s.digest))
        elif done.outcome == EXTENDED and here is not None:
            before = ngettext("{count} hand", "{count} hands", here.hands_played).format(
                count=here.hands_played)
            say(_("{file}: session {id} goes on from the one here ({before}, digest {old}): "
                  "taken, now {hands}, digest {digest}").format(
                file=file, id=s.id, before=before, old=here.digest, hands=hands,
                digest=s.digest))
        elif done.outcome == AHEAD and here is not None:
            say(_("{file}: session {id} here is ahead of the file (digest {digest} here; the "
                  "file is the start of it): nothing to do").format(file=file, id=s.id,
                                                                   digest=here.digest))
        elif done.outcome == DIVERGED and here is not None:
            part = (_("is another session that drew the same id") if not done.shared else
                    _("parts from the one here after event {count}").format(count=done.shared))
            say(_("{file}: session {id} {part} (digest {digest} here, {theirs} in the file): "
                  "the one here is kept as it is, and the file beside it as {kept}; compare "
                  "them with 'scorekeeper show'").format(
                file=file, id=s.id, part=part, digest=here.digest, theirs=s.digest,
                kept=done.kept))
        else:
            say(_("{file}: session {id} is here already with the same history (digest "
                  "{digest}): nothing to do").format(file=file, id=s.id, digest=s.digest))
    if as_json:
        emit_json(outcomes)
    else:
        synced_note(store.home)
    if refused:
        raise click.exceptions.Exit(EXIT_BAD_INPUT)
    if parted:
        raise click.exceptions.Exit(EXIT_DISCREPANCY)
