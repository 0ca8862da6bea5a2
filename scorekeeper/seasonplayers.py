"""The players across evenings, and one player: the players' table and one player's card
(``find_player``), in lines and as a document. Pure.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any, NamedTuple

from .amounts import CHANGED_SINCE, ZERO, exact, format_amount, money_text, to_decimal_string
from .cells import text_table
from .eveningfigures import Game
from .i18n import _, ngettext
from .season import Tally, by_game, keyed, keyed_tallies, lookalikes, named_tally, seat_keys, within
from .seasonevening import Evening, Seat
from .seasonformats import average_words, money_cell, notes_lines, unit_words
from .seasonnames import Roster, player_key

# ---- the players, and one player -----------------------------------------------------------

class PlayerCard(NamedTuple):  # (as Seat)
    """One player over every evening: the totals, each game's (with the game's counts, in the
    game's order) and each evening."""

    everything: Tally
    games: tuple[tuple[Game, Tally], ...]
    evenings: tuple[tuple[Evening, Seat], ...]
    lookalikes: tuple[str, ...]


def find_player(evenings: Sequence[Evening], roster: Roster, name: str) -> PlayerCard | None:
    """The player ``name`` stands for (``player_key``, then the roster), or ``None``."""
    key = roster.player(player_key(name))
    chosen = within(evenings)
    mine = [(e, seat) for e in chosen
            for k, seat in zip(seat_keys(e, roster), e.seats, strict=True) if k == key]
    if not mine:
        return None
    everything = named_tally(_tally(key, mine), roster)
    games = []
    for facts, of_game in by_game(mine):
        tally = named_tally(_tally(key, of_game), roster)
        tally.counts = {k: tally.counts.get(k, 0) for k in facts.player_figure_names}
        games.append((facts, tally))
    others = [b if a == everything.name else a for a, b in lookalikes(chosen, roster)
              if everything.name in (a, b)]
    return PlayerCard(everything, tuple(games), tuple(mine), tuple(others))


def _tally(key: str, seats: Iterable[tuple[Evening, Seat]]) -> Tally:
    tally = Tally(key)
    for evening, seat in seats:
        tally.add(evening, seat)
    return tally


def known_keys(evenings: Iterable[Evening]) -> set[str]:
    """Every name's key seated at any of these evenings."""
    return {player_key(seat.name) for e in evenings for seat in e.seats}


def player_lines(card: PlayerCard) -> list[str]:
    """One player as the command line prints it."""
    t = card.everything
    lines = [t.name]
    others = sorted(s for s in t.spellings if s != t.name)
    if others:
        lines.append("  " + _("also written: {names}").format(names=", ".join(others)))
    lines.append("  " + _tally_words(t))
    if t.money or t.stale:
        lines.append("  " + _("money: {money}").format(money=money_cell(t)))
    for ruleset, g in card.games:
        lines += ["", f"{ruleset.title}: " + _tally_words(g)]
        lines.append("  " + _("net: {net} {unit}, {average} an evening").format(
            net=format_amount(g.net, signed=True), unit=unit_words(ruleset.unit),
            average=average_words(g)) + (
            "; " + _("money: {money}").format(money=money_cell(g)) if g.money or g.stale
            else ""))
        lines.append("  " + ", ".join(f"{ruleset.figure_words(k)} {v}"
                                      for k, v in g.counts.items()))
    lines += ["", _("Evenings:")]
    for evening, seat in card.evenings:
        money = (" (" + money_text(seat.money, evening.currency) + ")"
                 if seat.money is not None and evening.currency else
                 " (" + _(CHANGED_SINCE) + ")" if evening.money_stale else "")
        status = (_("won") if seat.won else "" if evening.finished else
                  _("continued") if evening.continued else _("running"))
        lines.append(f"  {evening.started[:16].replace('T', ' ')}  {evening.session}  "
                     f"{evening.game_facts.title}: "
                     + ngettext("{count} hand", "{count} hands", evening.hands).format(
                         count=evening.hands)
                     + f", {format_amount(seat.net, signed=True)}{money}"
                     + ("  " + _("as {name}").format(name=seat.name) if seat.name != t.name
                        else "")
                     + (f"  {status}" if status else ""))
    if card.lookalikes:
        lines += ["", _("Look alike, counted apart until you say: {names}").format(
            names=", ".join(card.lookalikes))]
    return lines


def _tally_words(t: Tally) -> str:
    return ", ".join([
        ngettext("{count} evening", "{count} evenings", t.evenings).format(count=t.evenings),
        ngettext("{count} hand", "{count} hands", t.hands).format(count=t.hands),
        ngettext("{count} evening won", "{count} evenings won", t.wins).format(count=t.wins)])


def player_document(card: PlayerCard) -> dict[str, Any]:
    """One player as JSON (docs/contract.md)."""
    t = card.everything

    def money(m: Mapping[str, Decimal]) -> dict[str, str]:
        return {c: to_decimal_string(v) for c, v in sorted(m.items())}

    return {"name": t.name, "spellings": sorted(t.spellings), "evenings": t.evenings,
            "hands": t.hands, "wins": t.wins, "money": money(t.money), "money_stale": t.stale,
            "games": [{"game": r.game, "unit": r.unit, "evenings": g.evenings,
                       "hands": g.hands, "wins": g.wins, "net": to_decimal_string(g.net),
                       "average": to_decimal_string(g.average), "money": money(g.money),
                       "money_stale": g.stale, "figures": dict(g.counts)}
                      for r, g in card.games],
            "sessions": [{"id": e.session, "game": e.game, "started": e.started,
                          "hands": e.hands, "finished": e.finished, "won": seat.won,
                          "name": seat.name, "net": to_decimal_string(seat.net),
                          "money": None if seat.money is None else to_decimal_string(seat.money),
                          "currency": e.currency if seat.money is not None else None,
                          "money_stale": e.money_stale}
                         for e, seat in card.evenings],
            "lookalikes": list(card.lookalikes)}


def players_table(evenings: Sequence[Evening], roster: Roster) -> list[tuple[Tally, dict[str,
                                                                                        Decimal]]]:
    """Every player over every evening, most evenings first (then by name), with the net of
    each game they played (nets of different games are in different units: never added)."""
    chosen = keyed(within(evenings), roster)
    order = [facts.game for facts, _mine in by_game(chosen)]
    nets: dict[str, dict[str, Decimal]] = {}
    with exact():
        for e, keys in chosen:
            for k, seat in zip(keys, e.seats, strict=True):
                mine = nets.setdefault(k, {})
                mine[e.game] = mine.get(e.game, ZERO) + seat.net
    rows = [(t, {g: nets[t.key][g] for g in order if g in nets[t.key]})
            for t in keyed_tallies(chosen, roster)]
    return sorted(rows, key=lambda r: (-r[0].evenings, player_key(r[0].name), r[0].name))


def players_lines(evenings: Sequence[Evening], roster: Roster,
                  skipped: Sequence[tuple[str, str]] = ()) -> list[str]:
    """The players as the command line lists them."""
    rows = players_table(evenings, roster)
    titles = {e.game: e.game_facts.title for e in reversed(within(evenings))}  # the oldest's
    lines: list[str] = []
    if not rows:
        lines.append(_("No players yet: no evening has a hand played."))
    else:
        lines += text_table([_("player"), _("evenings"), _("hands"), _("net")],
                            [[t.name, str(t.evenings), str(t.hands),
                              ", ".join(f"{titles[g]} {format_amount(v, signed=True)}"
                                        for g, v in nets.items())] for t, nets in rows],
                            right={1, 2})
    return lines + notes_lines(lookalikes(within(evenings), roster), skipped)


def players_document(evenings: Sequence[Evening], roster: Roster,
                     skipped: Sequence[tuple[str, str]] = ()) -> dict[str, Any]:
    """The players as JSON (docs/contract.md)."""
    return {"players": [{"name": t.name, "spellings": sorted(t.spellings),
                         "evenings": t.evenings, "hands": t.hands, "wins": t.wins,
                         "net": {g: to_decimal_string(v) for g, v in nets.items()},
                         "money": {c: to_decimal_string(v) for c, v in sorted(t.money.items())},
                         "money_stale": t.stale}
                        for t, nets in players_table(evenings, roster)],
            "lookalikes": [list(p) for p in lookalikes(within(evenings), roster)],
            "skipped": [{"file": f, "problem": p} for f, p in skipped]}
