"""A season's tallies and an evening read from the index, as they were before issue 28 made
them quicker (season.Tally.of adds a figure at a time over every seat; an evening's counts are
checked together): the same figures, the same exact Decimals, the same refusals. The values
below are worked out by hand."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from scorekeeper.errors import ScorekeeperError
from scorekeeper.season import season, tallies
from scorekeeper.seasonevening import Evening, Seat, evening_from_json
from scorekeeper.seasonnames import Roster

FIRST, SECOND, THIRD = "2026-11-01T20:00:00Z", "2026-11-02T20:00:00Z", "2026-11-03T20:00:00Z"


def evening(session: str, started: str, hands: int, seats: list[Seat], currency: str | None,
            finished: bool = False, stale: bool = False) -> Evening:
    return Evening(session=session, started=started, game="kratzen", unit="chip", hands=hands,
                   finished=finished, seats=tuple(seats), currency=currency, money_stale=stale)


def mixed() -> list[Evening]:
    """Three evenings of Anna (once as ANNA) and Ben: money in two currencies, a seat without
    money, a stale settle-up, counts that differ from seat to seat."""
    return [
        evening("00000001", FIRST, 10, [
            Seat("Anna", D("5.25"), True, {"played": 3, "met": 2}, D("0.53")),
            Seat("Ben", D("-5.25"), False, {"played": 3, "met": 1}, D("-0.53"))],
            "EUR", finished=True),
        evening("00000002", SECOND, 20, [
            Seat("ANNA", D("-1.5"), False, {"met": 4, "walkovers": 1}, D("-0.15")),
            Seat("Ben", D("1.5"), False, {"played": 2}, None)], "CHF"),
        evening("00000003", THIRD, 5, [
            Seat("Anna", D("0.75"), False, {"played": 1}, None),
            Seat("Ben", D("-0.75"), False, {}, None)], None, stale=True),
    ]


def test_a_tally_adds_every_figure_of_every_seat_exactly():
    anna, ben = tallies(mixed(), Roster())
    assert (anna.key, anna.name, anna.evenings, anna.hands, anna.wins, anna.stale) == \
        ("anna", "Anna", 3, 35, 1, 1)
    assert str(anna.net) == "4.50"  # 5.25 - 1.5 + 0.75, as Decimal adds them
    assert anna.money == {"EUR": D("0.53"), "CHF": D("-0.15")}
    assert list(anna.counts.items()) == [("played", 4), ("met", 6), ("walkovers", 1)]
    assert anna.spellings == {"Anna": (2, THIRD), "ANNA": (1, SECOND)}
    assert (ben.name, ben.evenings, ben.hands, ben.wins, ben.stale) == ("Ben", 3, 35, 0, 1)
    assert str(ben.net) == "-4.50"
    assert ben.money == {"EUR": D("-0.53")}  # the CHF evening's seat had none
    assert list(ben.counts.items()) == [("played", 5), ("met", 1)]
    assert ben.spellings == {"Ben": (3, THIRD)}


def test_a_tally_is_the_same_as_one_seat_at_a_time():
    evenings = mixed()
    for tally in tallies(evenings, Roster()):
        one_by_one = type(tally)(tally.key)
        for e in evenings:
            for seat in e.seats:
                if seat.name.casefold() == tally.key:
                    one_by_one.add(e, seat)
        one_by_one.name = tally.name
        assert one_by_one == tally
        assert [str(v) for v in one_by_one.money.values()] == \
            [str(v) for v in tally.money.values()]


def test_the_usual_evenings_one_currency_every_seat_paid():
    evenings = [evening(f"0000000{i}", f"2026-11-0{i}T20:00:00Z", 50, [
        Seat("Anna", D(net), False, {"played": 50, "met": i}, D(net) / 10),
        Seat("Ben", -D(net), False, {"met": 2 * i, "played": 49}, -D(net) / 10)], "EUR")
        for i, net in enumerate(["12.25", "-3", "0.5"], start=1)]
    table = season(evenings, Roster()).tables[0]
    assert [(t.name, str(t.net), {c: str(v) for c, v in t.money.items()},
             list(t.counts.items()), t.spellings) for t in table.players] == [
        ("Anna", "9.75", {"EUR": "0.975"}, [("played", 150), ("met", 6)],
         {"Anna": (3, "2026-11-03T20:00:00Z")}),
        ("Ben", "-9.75", {"EUR": "-0.975"}, [("met", 12), ("played", 147)],
         {"Ben": (3, "2026-11-03T20:00:00Z")})]
    one_by_one = type(table.players[1])("ben")
    for e in evenings:
        one_by_one.add(e, e.seats[1])
    assert list(one_by_one.counts.items()) == list(table.players[1].counts.items())


def figures(counts: object) -> dict[str, object]:
    """An evening's figures as the index keeps them, its first seat's counts ``counts``."""
    return {"version": 3, "game": "kratzen", "unit": "chip",
            "facts": {"title": "Kratzen", "games": ["letzter-stich", "letzter", "kratzen"],
                      "figure_names": {"played": "hands played"}},
            "hands": 2, "finished": False, "money": None,
            "players": [{"name": "Anna", "net": "1.25", "won": False, "figures": counts},
                        {"name": "Ben", "net": "-1.25", "won": False,
                         "figures": {"played": 2}}]}


def test_an_evening_from_the_index_keeps_its_counts():
    read = evening_from_json("00000001", FIRST, figures({"played": 2, "dropped": 0}))
    assert [(s.name, str(s.net), dict(s.counts), s.money) for s in read.seats] == [
        ("Anna", "1.25", {"played": 2, "dropped": 0}, None),
        ("Ben", "-1.25", {"played": 2}, None)]


@pytest.mark.parametrize("counts", [{"played": True}, {"played": 2.0}, {"played": "2"},
                                    {"played": None}, ["played"], None])
def test_counts_that_are_not_whole_numbers_are_refused(counts):
    with pytest.raises(ScorekeeperError, match="cannot be read"):
        evening_from_json("00000001", FIRST, figures(counts))


@pytest.mark.parametrize("net", [1.25, "1,25", "1e3", None, ["1"]])
def test_a_net_that_is_not_an_amount_is_refused(net):
    data = figures({"played": 2})
    data["players"][0]["net"] = net
    with pytest.raises(ScorekeeperError, match="cannot be read"):
        evening_from_json("00000001", FIRST, data)
