"""Players across evenings and the season's table, worked out by hand from the worked sessions
of docs/rules.md; the games' own counts checked against the transfers that pay for them."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.errors import ScorekeeperError
from scorekeeper.export.source import source_from_ledger
from scorekeeper.ledger import settle_hands
from scorekeeper.rules import POT, get_ruleset
from scorekeeper.script import replay_file
from scorekeeper.season import average, lookalikes, season
from scorekeeper.seasonevening import Evening, Seat, evening_from_json, source_figures
from scorekeeper.seasonformats import season_csv, season_document, season_html, season_md
from scorekeeper.seasonnames import Roster, look_alike, player_key
from scorekeeper.seasonplayers import find_player

from .conftest import EXAMPLES
from .strategies import sessions

D = Decimal


def outcomes(ledger):
    return [s.outcome for s in ledger.settlements]


def evening_of(example: str, session: str, started: str) -> Evening:
    """An example's session as the season reads it: its figures through the index's JSON."""
    ledger = replay_file(EXAMPLES / example)
    source = source_from_ledger(ledger, session, "0" * 12, ())
    figures = json.loads(json.dumps(source_figures(source)))  # as the index keeps them
    return evening_from_json(session, started, figures)


# ---- the games' own counts -----------------------------------------------------------------

def test_kratzen_counts_of_the_worked_session():
    """docs/rules.md, the worked Kratzen session. Hand 1 (Muss, Anna deals): Anna needs 2 and
    takes 0, the others need 1 and take 2, 1, 1. Hand 2 (Ben deals, Dora drops): Ben 3 of 2,
    Cleo 1 of 1, Anna 0 of 1. Hand 3 (Cleo deals): Cleo 1 of 2, Dora 2, Ben 1, Anna 0. Hand 4
    (forced Muss): everyone needs 1 and takes 1."""
    ledger = replay_file(EXAMPLES / "kratzen.toml")
    figures = ledger.ruleset.player_figures(ledger.config, outcomes(ledger))
    assert figures == {
        "Anna": {"played": 4, "dropped": 0, "met": 1, "missed": 3, "walkovers": 0},
        "Ben": {"played": 4, "dropped": 0, "met": 4, "missed": 0, "walkovers": 0},
        "Cleo": {"played": 4, "dropped": 0, "met": 3, "missed": 1, "walkovers": 0},
        "Dora": {"played": 3, "dropped": 1, "met": 3, "missed": 0, "walkovers": 0}}


def test_a_walkover_is_won_by_the_dealer_and_dropped_by_everyone_else():
    ledger = settle_hands(*_kratzen([{"indicator": "KC"},  # a Muss: everyone plays
                                     {"indicator": "9H", "entered": [], "tricks": []}]))
    figures = ledger.ruleset.player_figures(ledger.config, outcomes(ledger))
    assert ledger.settlements[1].kind == "walkover" and ledger.settlements[1].dealer == "Ben"
    assert figures["Ben"] == {"played": 2, "dropped": 0, "met": 1, "missed": 0, "walkovers": 1}
    assert figures["Cleo"]["dropped"] == 1 and figures["Cleo"]["played"] == 1


def _kratzen(hands):
    from scorekeeper.rules import HandRecord, make_config

    config = make_config("kratzen", ["Anna", "Ben", "Cleo", "Dora"], "Anna")
    records = [HandRecord(tricks=("Ben", "Ben", "Cleo", "Dora"), **h) if "tricks" not in h
               else HandRecord(**h) for h in hands]
    return config, records


def test_letzter_stich_and_letzter_counts_of_the_worked_sessions():
    """Letzter Stich (docs/rules.md): hand 1 Cleo takes the last trick, 2 Dora sweeps, 3 Ben,
    4 Cleo. Letzter (examples/letzter.toml): the last tricks go to Ben, Cleo, (Dora's
    Durchmarsch), Anna, Dora, Ben, Cleo, Anna."""
    stich = replay_file(EXAMPLES / "letzter-stich.toml")
    assert stich.ruleset.player_figures(stich.config, outcomes(stich)) == {
        "Anna": {"last_tricks": 0, "sweeps": 0}, "Ben": {"last_tricks": 1, "sweeps": 0},
        "Cleo": {"last_tricks": 2, "sweeps": 0}, "Dora": {"last_tricks": 0, "sweeps": 1}}
    letzter = replay_file(EXAMPLES / "letzter.toml")
    assert letzter.ruleset.player_figures(letzter.config, outcomes(letzter)) == {
        "Anna": {"last_tricks": 2, "durchmarsch": 0}, "Ben": {"last_tricks": 2, "durchmarsch": 0},
        "Cleo": {"last_tricks": 2, "durchmarsch": 0}, "Dora": {"last_tricks": 1, "durchmarsch": 1}}


@settings(max_examples=150, deadline=None)
@given(sessions())
def test_each_count_is_what_the_transfers_paid_for(drawn):
    """Counted from the records and kinds, checked against the money: a missed requirement is
    exactly a penalty paid, a last trick exactly a chip or a point, a sweep or a Durchmarsch
    exactly its kind; every player played or dropped every hand."""
    config, records = drawn
    ledger = settle_hands(config, records)
    ruleset = ledger.ruleset
    figures = ruleset.player_figures(config, outcomes(ledger))
    assert set(figures) == set(config.players)
    for p in config.players:
        mine = figures[p]
        assert list(mine) == list(ruleset.player_figure_names)
        paid = [t for s in ledger.settlements for t in s.transfers]
        if config.game == "kratzen":
            assert mine["played"] + mine["dropped"] == len(records)
            assert mine["missed"] == sum(1 for t in paid if t.source == p
                                         and t.reason.startswith("penalty"))
            assert mine["met"] + mine["missed"] + mine["walkovers"] == mine["played"]
            assert mine["walkovers"] == sum(1 for t in paid if t.target == p
                                            and t.reason.startswith("walkover"))
        elif config.game == "letzter-stich":
            assert mine["last_tricks"] == sum(1 for t in paid if t.source == p
                                              and t.target is POT)
            assert mine["sweeps"] == sum(1 for t in paid if t.target == p)
        else:
            assert mine["last_tricks"] == sum(1 for t in paid if t.target == p
                                              and t.reason == "won the last trick")
            assert mine["durchmarsch"] == sum(1 for s in ledger.settlements
                                              if s.kind == "durchmarsch"
                                              and s.record.tricks[0] == p)


# ---- who is who ------------------------------------------------------------------------------

def test_names_fold_case_and_unicode_form():
    assert player_key("Anna") == player_key("ANNA") == player_key(" anna ")
    assert player_key("Ａｎｎａ") == player_key("Anna")  # full-width letters: NFKC
    assert player_key("Ä") == player_key("A\u0308")  # one letter or a letter and its mark
    assert player_key("Straße") == player_key("STRASSE")
    assert player_key("Änna") != player_key("Anna")


@pytest.mark.parametrize(("a", "b", "alike"), [
    ("Anna", "Änna", True),      # the same letters without their marks
    ("Ann", "Anna", True),       # one letter more
    ("Anna", "Anan", True),      # two neighbours swapped
    ("Dora", "Dara", True),      # one letter changed
    ("Ben", "Ken", True),        # (a question only: 'apart' answers it)
    ("Al", "Ali", False),        # too short to guess
    ("Anna", "Hannah", False),   # two letters more
    ("Anna", "Anna", False),     # one player, not two
])
def test_look_alike_names(a, b, alike):
    assert look_alike(player_key(a), player_key(b)) is alike
    assert look_alike(player_key(b), player_key(a)) is alike


def test_the_roster_merges_unmerges_and_keeps_apart():
    roster = Roster().merged("anna", "änna")
    assert roster.player("änna") == "anna" and roster.player("anna") == "anna"
    # merging the player everyone is taken as into another moves them all
    roster = roster.merged("annie", "anna")
    assert roster.player("änna") == "annie" and roster.player("anna") == "annie"
    assert Roster.from_json(json.loads(json.dumps(roster.to_json()))) == roster
    assert roster.unmerged("änna").player("änna") == "änna"
    with pytest.raises(ScorekeeperError):
        roster.merged("anna", "änna")  # one player already
    with pytest.raises(ScorekeeperError):
        roster.kept_apart("anna", "änna")
    apart = Roster().kept_apart("anna", "ann")
    assert apart.is_apart("ann", "anna")
    with pytest.raises(ScorekeeperError):
        Roster.from_json({"version": 1, "same": {"a": "b", "b": "c"}, "apart": []})
    with pytest.raises(ScorekeeperError):
        Roster.from_json([1, 2])


def _evening(session, started, game, seats, hands=4, finished=True, currency=None,
             unit="chip"):
    return Evening(session=session, started=started, game=game, unit=unit, hands=hands,
                   finished=finished, currency=currency,
                   seats=tuple(Seat(name=n, net=D(net), won=won, counts={}, money=money)
                               for n, net, won, money in seats))


def test_look_alikes_are_asked_about_unless_they_sat_together_or_were_answered():
    one = _evening("00000001", "2026-12-01T20:00:00Z", "kratzen",
                   [("Anna", "1", True, None), ("Ann", "-1", False, None),
                    ("Ben", "0", False, None)])
    two = _evening("00000002", "2026-12-08T20:00:00Z", "kratzen",
                   [("Änna", "2", True, None), ("Ben", "-2", False, None),
                    ("Cleo", "0", False, None)])
    # Ann and Anna sat at one evening: two people. Änna never sat with Anna or Ann.
    assert lookalikes([one, two], Roster()) == [("Ann", "Änna"), ("Anna", "Änna")]
    assert lookalikes([one, two], Roster().kept_apart("änna", "ann")) == [("Anna", "Änna")]
    merged = Roster().merged("anna", "änna")
    assert lookalikes([one, two], merged) == []
    table = season([one, two], merged).tables[0]
    anna = next(t for t in table.players if t.name == "Anna")
    assert (anna.evenings, anna.net, anna.wins) == (2, D(3), 2)
    assert set(anna.spellings) == {"Anna", "Änna"}


def test_a_player_is_shown_by_their_spelling_of_most_evenings_then_the_newest():
    def at(day, name):
        return _evening(f"0000000{day}", f"2026-12-0{day}T20:00:00Z", "kratzen",
                        [(name, "1", False, None), ("Ben", "-1", False, None)])

    assert season([at(1, "Anna"), at(2, "Anna"), at(3, "anna")], Roster()).tables[0] \
        .players[0].name == "Anna"
    assert season([at(1, "Anna"), at(2, "anna")], Roster()).tables[0].players[0].name == "anna"
    # a spelling merged in is shown only when the player's own never sat
    merged = Roster().merged("anna", "änna")
    evenings = [at(1, "Änna"), at(2, "Änna"), at(3, "anna")]
    assert season(evenings, merged).tables[0].players[0].name == "anna"


def test_two_seats_of_one_evening_are_never_one_player():
    evening = _evening("00000001", "2026-12-01T20:00:00Z", "kratzen",
                       [("Anna", "5", True, None), ("Ａｎｎａ", "-5", False, None)])
    table = season([evening], Roster()).tables[0]
    assert [(t.name, t.net) for t in table.players] == [("Anna", D(5)), ("Ａｎｎａ", D(-5))]


# ---- the season --------------------------------------------------------------------------------

def test_the_season_of_two_worked_kratzen_evenings_and_a_letzter_stich_match():
    """kratzen.toml twice (Anna -45, Ben +14¼, Cleo -27¾, Dora +6½; Ben wins) and
    letzter-stich.toml (results: chips now - 2: Anna 0, Ben -1, Cleo -2, Dora +1; Dora wins)."""
    evenings = [evening_of("kratzen.toml", "0000000a", "2026-12-01T19:00:00Z"),
                evening_of("kratzen.toml", "0000000b", "2026-12-08T19:00:00Z"),
                evening_of("letzter-stich.toml", "0000000c", "2026-12-08T21:00:00Z")]
    whole = season(evenings, Roster())
    assert [t.ruleset.game for t in whole.tables] == ["letzter-stich", "kratzen"]
    kratzen = whole.tables[1]
    assert [(t.name, t.evenings, t.hands, t.wins, t.net, t.average)
            for t in kratzen.players] == [
        ("Ben", 2, 8, 2, D("28.5"), D("14.25")),
        ("Dora", 2, 8, 0, D(13), D("6.5")),
        ("Cleo", 2, 8, 0, D("-55.5"), D("-27.75")),
        ("Anna", 2, 8, 0, D(-90), D(-45))]
    # the chart: each player's net added up after each evening, from 0
    assert kratzen.running_totals()["Cleo"] == [D(0), D("-27.75"), D("-55.5")]
    stich = whole.tables[0]
    assert [(t.name, t.net, t.wins) for t in stich.players] == [
        ("Dora", D(1), 1), ("Anna", D(0), 0), ("Ben", D(-1), 0), ("Cleo", D(-2), 0)]
    # one game, and a span of days (UTC day of the start, both ends included)
    only = season(evenings, Roster(), game="kratzen", start=date(2026, 12, 2))
    assert [len(t.evenings) for t in only.tables] == [1]
    assert season(evenings, Roster(), end=date(2026, 11, 30)).tables == ()


def test_an_evening_with_no_hand_is_no_evening():
    empty = _evening("00000001", "2026-12-01T20:00:00Z", "kratzen",
                     [("Anna", "0", False, None)], hands=0, finished=False)
    assert season([empty], Roster()).tables == ()


def test_the_average_is_rounded_to_the_hundredth_half_to_even():
    assert average(D("45.75"), 2) == D("22.88")  # 22.875
    assert average(D("-76"), 3) == D("-25.33")
    assert average(D("0.125"), 1) == D("0.12")  # half to even
    assert average(D("14.25"), 1) == D("14.25")


def test_money_adds_up_per_currency():
    one = _evening("00000001", "2026-12-01T20:00:00Z", "kratzen",
                   [("Anna", "-45", False, D("-4.5"))], currency="EUR")
    two = _evening("00000002", "2026-12-02T20:00:00Z", "kratzen",
                   [("Anna", "-25", False, D("-1.25"))], currency="EUR")
    three = _evening("00000003", "2026-12-03T20:00:00Z", "kratzen",
                     [("Anna", "10", True, D("1"))], currency="CHF")
    card = find_player([one, two, three], Roster(), "ANNA")
    assert card is not None
    assert card.everything.money == {"EUR": D("-5.75"), "CHF": D(1)}
    assert card.everything.net == D(-60)


def test_the_index_figures_are_checked_as_they_are_read():
    good = source_figures(source_from_ledger(replay_file(EXAMPLES / "kratzen.toml"),
                                              "0000000a", "0" * 12, ()))
    for broken in ({**good, "version": 99}, {**good, "game": "chess"},
                   {**good, "players": [{"name": "Anna", "net": 1.5, "won": False,
                                         "figures": {}}]},
                   {**good, "hands": -1}, []):
        with pytest.raises(ScorekeeperError):
            evening_from_json("0000000a", "2026-12-01T19:00:00Z", broken)


# ---- the season's formats ----------------------------------------------------------------------

HOSTILE = ["<b>Anna</b>", "=SUM(A1)", "Ben|*x*", "Cleo & Co"]


def _hostile_season():
    from scorekeeper.rules import HandRecord, make_config

    config = make_config("kratzen", HOSTILE, HOSTILE[0])
    ledger = settle_hands(config, [HandRecord(indicator=("KC",),
                                              tricks=(HOSTILE[1],) * 4)])
    source = source_from_ledger(ledger, "0000000a", "0" * 12, ())
    evening = evening_from_json("0000000a", "2026-12-01T19:00:00Z", source_figures(source))
    return season([evening], Roster())


def test_the_html_has_a_line_per_player_with_a_key_and_every_name_escaped():
    page = season_html(_hostile_season())
    assert page.count("<polyline") == 4
    assert "<b>Anna</b>" not in page and "&lt;b&gt;Anna&lt;/b&gt;" in page
    assert "Cleo &amp; Co" in page and "Cleo & Co" not in page
    # the key: a sample of each line's pattern and the name with its total
    assert re.search(r'<text [^>]*>Ben\|\*x\*: -6</text>', page)
    assert "running total by evening" in page and "evening (0 to 1)" in page


def test_the_csv_neutralises_formulas_and_the_md_escapes_names():
    rows = list(csv.reader(io.StringIO(season_csv(_hostile_season()))))
    assert rows[0][:8] == ["game", "rank", "player", "evenings", "hands", "wins", "net",
                           "average"]
    assert "'=SUM(A1)" in [r[2] for r in rows[1:]]
    md = season_md(_hostile_season())
    assert "Ben\\|\\*x\\*" in md and "\\<b\\>Anna\\</b\\>" in md
    # the program's own words escape only what Markdown would misread (trial 34)
    assert "evenings won: evenings played to the end and finished first (a tie shares" in md
    assert "\\(" not in md.split("| 4 |")[1], md


def test_the_json_document():
    document = season_document(_hostile_season())
    assert document["game"] is None and document["from"] is None
    table = document["tables"][0]
    assert table["game"] == "kratzen" and table["unit"] == "chip" and table["evenings"] == 1
    # hand 1, a Muss: the dealer pays 2, everyone else 1; '=SUM(A1)' takes all four tricks
    # (nobody is paid in a Muss); <b>Anna</b>, the dealer, needed 2 and took 0: pays 2P = 10
    # (P = 5); the two others needed 1 and took 0: pay P = 5 each.
    assert {p["name"]: p["net"] for p in table["players"]} == {
        "=SUM(A1)": "-1", "<b>Anna</b>": "-12", "Ben|*x*": "-6", "Cleo & Co": "-6"}


@settings(max_examples=60, deadline=None)
@given(st.lists(sessions(max_hands=10), min_size=1, max_size=5))
def test_the_season_adds_up_what_each_evening_says(drawn):
    """Whatever the evenings: each player's net, evenings, hands and wins in a game's table are
    those of the evenings they sat at, the chart ends at the net, and in a game with a pot the
    players' nets and the pots' shares add up to zero."""
    evenings = []
    pots: dict[str, Decimal] = {}
    for i, (config, records) in enumerate(drawn):
        ledger = settle_hands(config, records)
        source = source_from_ledger(ledger, f"{i:08x}", "0" * 12, ())
        evenings.append(evening_from_json(f"{i:08x}", f"2026-12-{i + 1:02d}T20:00:00Z",
                                          source_figures(source)))
        pot = ledger.ruleset.results(config, ledger.state).pot
        pots[config.game] = pots.get(config.game, D(0)) + (pot or 0)
    whole = season(evenings, Roster())
    for table in whole.tables:
        game = table.ruleset.game
        mine = [e for e in evenings if e.game == game]
        running = table.running_totals()
        for t in table.players:
            seats = [(e, s) for e in mine for s in e.seats if s.name == t.name]
            assert t.net == sum((s.net for _, s in seats), D(0))
            assert t.evenings == len(seats)
            assert t.hands == sum(e.hands for e, _ in seats)
            assert t.wins == sum(s.won for _, s in seats)
            assert running[t.name][-1] == t.net and len(running[t.name]) == len(mine) + 1
        total = sum((t.net for t in table.players), D(0))
        if get_ruleset(game).has_pot:  # (a season's table says the game's name, title, unit)
            assert total + pots[game] == 0
        nets = [t.net for t in table.players]
        assert nets == sorted(nets, reverse=True)
