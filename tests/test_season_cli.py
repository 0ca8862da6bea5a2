"""``scorekeeper players``, ``player``, ``season`` and ``import``: the figures of the worked
sessions of docs/rules.md added up by hand; names across evenings; the listing's index serving a
second run; files from another machine checked, compared and kept."""

from __future__ import annotations

import csv
import io
import json
import shutil
from decimal import Decimal
from pathlib import Path

import pytest

from scorekeeper.script import replay_file
from scorekeeper.store import Store
from scorekeeper.store import listing as listing_module
from scorekeeper.store.locking import FileLock

from .conftest import EXAMPLES


def saved(tmp_path: Path, name: str, hands: int | None = None,
          players: list[str] | None = None) -> tuple[Store, str]:
    """A stored session of an example's first ``hands`` hands, in the ``run`` fixture's home
    (with the players renamed, seat for seat, when ``players`` are given)."""
    store = Store(tmp_path / "home")
    ledger = replay_file(EXAMPLES / f"{name}.toml")
    records = [s.record for s in ledger.settlements][:hands]
    config = ledger.config
    if players:
        from scorekeeper.rules import HandRecord, make_config

        rename = dict(zip(config.players, players, strict=True))
        config = make_config(config.game, players, rename[config.first_dealer],
                             config.options.model_dump())
        records = [HandRecord(**{**r.model_dump(), "tricks": tuple(rename[t] for t in r.tricks),
                                 "entered": None if r.entered is None
                                 else tuple(rename[e] for e in r.entered)})
                   for r in records]
    return store, store.create(config, records).id


@pytest.fixture
def two_evenings(run, tmp_path):
    """Two Kratzen evenings of the worked session, each settled up at 0.10 EUR a chip."""
    sessions = [saved(tmp_path, "kratzen")[1], saved(tmp_path, "kratzen")[1]]
    for s in sessions:
        assert run("settle", s, "--value", "0.10", "--currency", "EUR").code == 0
    return sessions


def test_player_anna_after_two_worked_kratzen_evenings(run, two_evenings):
    """Each evening (docs/rules.md): Anna -45, 0.10 EUR a chip: -4.50 EUR. She plays all 4
    hands, meets her requirement in hand 4 only (hand 1: dealer, 0 of 2; hand 2: 0 of 1;
    hand 3: 0 of 1; hand 4, the forced Muss: 1 of 1); Ben wins."""
    result = run("player", "anna", "--json")
    assert result.code == 0, result.err
    anna = json.loads(result.out)
    assert (anna["name"], anna["evenings"], anna["hands"], anna["wins"]) == ("Anna", 2, 8, 0)
    assert anna["money"] == {"EUR": "-9"}
    (kratzen,) = anna["games"]
    assert kratzen == {"game": "kratzen", "unit": "chip", "evenings": 2, "hands": 8, "wins": 0,
                       "net": "-90", "average": "-45", "money": {"EUR": "-9"},
                       "money_stale": 0,
                       "figures": {"played": 8, "dropped": 0, "met": 2, "missed": 6,
                                   "walkovers": 0}}
    assert [s["net"] for s in anna["sessions"]] == ["-45", "-45"]
    assert {s["id"] for s in anna["sessions"]} == set(two_evenings)
    # Dora dropped hand 2 each evening; Ben took the win both times
    dora = json.loads(run("player", "Dora", "--json").out)
    assert dora["games"][0]["figures"]["dropped"] == 2 and dora["games"][0]["net"] == "13"
    assert json.loads(run("player", "BEN", "--json").out)["wins"] == 2
    text = run("player", "Anna").out
    assert "2 evenings, 8 hands, 0 evenings won" in text
    assert "net: -90 chips, -45 an evening; money: -9.00 EUR" in text
    assert ("hands played 8, hands dropped 0, requirements met 2, requirements missed 6, "
            "walkovers won 0") in text


def test_the_season_of_two_worked_kratzen_evenings(run, two_evenings, tmp_path):
    """Per evening Ben +14¼ (1.43 EUR), Dora +6½ (0.65), Cleo -27¾ (-2.78), Anna -45 (-4.50):
    twice that over the season, the averages once that."""
    result = run("season", "--json")
    assert result.code == 0, result.err
    document = json.loads(result.out)
    (table,) = document["tables"]
    assert [(p["name"], p["evenings"], p["hands"], p["wins"], p["net"], p["average"],
             p["money"]) for p in table["players"]] == [
        ("Ben", 2, 8, 2, "28.5", "14.25", {"EUR": "2.86"}),
        ("Dora", 2, 8, 0, "13", "6.5", {"EUR": "1.3"}),
        ("Cleo", 2, 8, 0, "-55.5", "-27.75", {"EUR": "-5.56"}),
        ("Anna", 2, 8, 0, "-90", "-45", {"EUR": "-9"})]
    assert [s["id"] for s in table["sessions"]] == sorted(
        two_evenings, key=lambda s: Store(tmp_path / "home").open(s).created)
    assert document["lookalikes"] == [] and document["skipped"] == []
    text = run("season").out
    assert "Kratzen, every evening: 2 evenings" in text
    assert [line.split() for line in text.splitlines()[3:7]] == [
        ["1", "Ben", "2", "8", "2", "+28½", "+14¼", "2.86", "EUR"],
        ["2", "Dora", "2", "8", "0", "+13", "+6½", "1.30", "EUR"],
        ["3", "Cleo", "2", "8", "0", "-55½", "-27¾", "-5.56", "EUR"],
        ["4", "Anna", "2", "8", "0", "-90", "-45", "-9.00", "EUR"]]
    players = json.loads(run("players", "--json").out)["players"]
    assert [(p["name"], p["evenings"], p["hands"], p["net"]) for p in players] == [
        ("Anna", 2, 8, {"kratzen": "-90"}), ("Ben", 2, 8, {"kratzen": "28.5"}),
        ("Cleo", 2, 8, {"kratzen": "-55.5"}), ("Dora", 2, 8, {"kratzen": "13"})]


def test_the_season_in_each_format_and_to_a_file(run, two_evenings, tmp_path):
    rows = list(csv.reader(io.StringIO(run("season", "--format", "csv").out)))
    assert rows[0] == ["game", "rank", "player", "evenings", "hands", "wins", "net", "average",
                       "money EUR"]
    assert rows[1] == ["kratzen", "1", "Ben", "2", "8", "2", "28.5", "14.25", "2.86"]
    md = run("season", "--format", "md").out
    assert md.startswith("# Season: every evening") and "| 1 | Ben | 2 | 8 | 2 |" in md
    page = tmp_path / "season.html"
    result = run("season", "--format", "html", "-o", str(page))
    assert result.code == 0 and result.out == "" and "season.html" in result.err
    assert page.read_text("utf-8").count("<polyline") == 4
    assert run("season", "--json").out == run("season", "--format", "json").out
    # never over a file the home keeps
    index = (tmp_path / "home" / "index.json").read_bytes()
    for target in ("sessions/x.html", "index.json", "players.json", "settings.json",
                   "imported/x.json"):
        refused = run("season", "-o", str(tmp_path / "home" / target))
        assert refused.code == 2 and refused.err.startswith("error: -o"), target
    assert (tmp_path / "home" / "index.json").read_bytes() == index
    for target in ("sessions/x.html", "players.json", "settings.json", "imported"):
        assert not (tmp_path / "home" / target).exists(), target


@pytest.mark.parametrize(("args", "message"), [
    (["--from", "2026-13-01"], "error: --from: '2026-13-01' is not a day"),
    (["--to", "yesterday"], "error: --to: 'yesterday' is not a day"),
    (["--from", "2026-12-02", "--to", "2026-12-01"], "error: --to: 2026-12-01 is before --from"),
    (["--game", "chess"], "error: Invalid value for '--game'"),
])
def test_bad_season_options_are_one_error_line(run, two_evenings, args, message):
    result = run("season", *args)
    assert result.code == 2 and result.out == ""
    assert result.err.startswith(message) and result.err.count("\n") == 1


def test_days_and_games_choose_the_evenings(run, tmp_path, two_evenings):
    saved(tmp_path, "letzter-stich")
    day = Store(tmp_path / "home").open(two_evenings[0]).created[:10]
    both = json.loads(run("season", "--json").out)
    assert [t["game"] for t in both["tables"]] == ["letzter-stich", "kratzen"]
    one = json.loads(run("season", "--json", "--game", "letzter-stich").out)
    # docs/rules.md: Anna 2, Ben 1, Cleo 0, Dora 3 chips of 2: results 0, -1, -2, +1
    assert [(p["name"], p["net"], p["wins"]) for p in one["tables"][0]["players"]] == [
        ("Dora", "1", 1), ("Anna", "0", 0), ("Ben", "-1", 0), ("Cleo", "-2", 0)]
    assert json.loads(run("season", "--json", "--from", day, "--to", day).out)["tables"]
    assert json.loads(run("season", "--json", "--to", "2000-01-01").out)["tables"] == []
    assert "No evening with a hand played up to 2000-01-01." in run(
        "season", "--to", "2000-01-01").out


def test_a_damaged_file_is_left_out_and_said(run, tmp_path, two_evenings):
    store = Store(tmp_path / "home")
    path = store.resolve(two_evenings[0])
    path.write_text(path.read_text("utf-8").replace('"-45"', '"-44"', 1), "utf-8")
    document = json.loads(run("season", "--json").out)
    assert document["tables"][0]["evenings"] == 1
    (skipped,) = document["skipped"]
    assert skipped["file"] == f"sessions/{two_evenings[0]}.json"
    assert "damaged" in skipped["problem"]
    assert f"left out: sessions/{two_evenings[0]}.json: " in run("season").out


def test_a_second_run_is_served_from_the_index(run, tmp_path, two_evenings, monkeypatch):
    first = run("season", "--json").out
    index = json.loads((tmp_path / "home" / "index.json").read_text("utf-8"))
    assert all("figures" in entry for entry in index["files"].values())
    read = []
    summarise = listing_module.summarise

    def counted(path, *args, **kwargs):
        read.append(path.name)
        return summarise(path, *args, **kwargs)

    monkeypatch.setattr(listing_module, "summarise", counted)
    assert run("season", "--json").out == first
    assert run("player", "Anna", "--json").code == 0 and read == []
    # a session written since is read again, and only it (amended after its settle-up, its
    # money is stale: left out)
    assert run("amend", two_evenings[0], "4", "--note", "the 7 of leaves").code == 0
    again = json.loads(run("season", "--json").out)
    assert [(p["name"], p["net"], p["money_stale"]) for p in again["tables"][0]["players"]] == [
        (p["name"], p["net"], 1) for p in json.loads(first)["tables"][0]["players"]]
    assert read == [f"{two_evenings[0]}.json"]


def test_the_sessions_listing_does_not_work_out_figures(run, tmp_path, two_evenings):
    assert run("sessions").code == 0
    index = json.loads((tmp_path / "home" / "index.json").read_text("utf-8"))
    assert not any("figures" in entry for entry in index["files"].values())


# ---- names across evenings ---------------------------------------------------------------------

def test_look_alike_names_are_a_question_until_merged_or_kept_apart(run, tmp_path,
                                                                    monkeypatch):
    saved(tmp_path, "kratzen")
    saved(tmp_path, "kratzen", players=["Änna", "Ben", "Cleo", "Dora"])
    saved(tmp_path, "kratzen", players=["Ann", "Ben", "Cleo", "Dora"])
    first = json.loads(run("players", "--json").out)
    assert first["lookalikes"] == [["Ann", "Anna"], ["Ann", "Änna"], ["Anna", "Änna"]]
    assert "These names look alike" in run("season").out
    # merge asks first: no, or no answer at all, changes nothing
    for answer in ("n\n", ""):
        monkeypatch.setattr("sys.stdin", io.StringIO(answer))
        asked = run("player", "merge", "Anna", "Änna")
        assert asked.code == 2 and "nothing was changed" in asked.err
        assert "Take Änna as Anna from now on" in asked.out
        assert not (tmp_path / "home" / "players.json").exists()
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    merged = run("player", "merge", "Anna", "Änna")
    assert merged.code == 0 and "Änna is taken as Anna" in merged.out
    apart = run("player", "apart", "ANN", "anna")
    assert apart.code == 0, apart.err
    players = json.loads(run("players", "--json").out)
    assert players["lookalikes"] == []
    anna = next(p for p in players["players"] if p["name"] == "Anna")
    assert anna["spellings"] == ["Anna", "Änna"] and anna["net"] == {"kratzen": "-90"}
    assert json.loads(run("player", "änna", "--json").out)["name"] == "Anna"
    assert json.loads((tmp_path / "home" / "players.json").read_text("utf-8")) == {
        "version": 1, "same": {"änna": "anna"}, "apart": [["ann", "anna"]]}
    assert run("player", "unmerge", "Änna").code == 0
    assert json.loads(run("player", "Änna", "--json").out)["evenings"] == 1


def test_names_that_sat_together_are_never_merged(run, tmp_path):
    saved(tmp_path, "kratzen")
    result = run("player", "merge", "Anna", "Ben", "--yes")
    assert result.code == 2 and "played at the same evening" in result.err
    assert not (tmp_path / "home" / "players.json").exists()


@pytest.mark.parametrize(("args", "message"), [
    (["Zoe"], "error: no player 'Zoe' in the sessions of"),
    (["Annna"], "names like it: Anna"),
    (["merge", "Anna"], "error: player: give one NAME, or merge NAME OTHER"),
    (["merge", "Anna", "Zoe", "--yes"], "error: no player 'Zoe'"),
    (["unmerge", "Anna"], "error: unmerge: it is not taken as another player"),
    (["merge", "Anna", "anna", "--yes"], "error: Anna and anna are one player already"),
])
def test_bad_player_commands_are_one_error_line(run, tmp_path, args, message):
    saved(tmp_path, "kratzen")
    result = run("player", *args)
    assert result.code == 2 and result.out == ""
    assert message in result.err and result.err.startswith("error:")
    assert result.err.count("\n") == 1


def test_a_damaged_players_file_is_said_not_ignored(run, tmp_path):
    saved(tmp_path, "kratzen")
    (tmp_path / "home" / "players.json").write_text("{not json", "utf-8")
    result = run("season")
    assert result.code == 2 and "players.json: damaged" in result.err


# ---- evenings from another machine -------------------------------------------------------------

@pytest.fixture
def laptop(tmp_path):
    """Another machine's home, with the worked Kratzen session's first two hands."""
    store = Store(tmp_path / "laptop")
    ledger = replay_file(EXAMPLES / "kratzen.toml")
    session = store.create(ledger.config, [s.record for s in ledger.settlements][:2])
    return store, session.id, [s.record for s in ledger.settlements]


def test_import_adds_then_knows_then_takes_the_longer_history(run, tmp_path, laptop):
    other, session, records = laptop
    source = other.resolve(session)
    added = run("import", str(source))
    assert added.code == 0, added.err
    assert f"added session {session} (Kratzen: Anna, Ben, Cleo, Dora; 2 hands" in added.out
    here = tmp_path / "home" / "sessions" / f"{session}.json"
    assert here.read_bytes() == source.read_bytes()  # as it is: the same digest
    again = run("import", str(source))
    assert again.code == 0 and "here already with the same history" in again.out
    before = Store(tmp_path / "home").open(session).digest
    other.record(session, records[2])  # the laptop goes on with hand 3
    longer = run("import", str(source), "--json")
    assert longer.code == 0, longer.err
    (outcome,) = json.loads(longer.out)
    assert outcome["outcome"] == "extended" and outcome["here"] == before
    assert here.read_bytes() == source.read_bytes()
    assert Store(tmp_path / "home").open(session).hands_played == 3
    assert run("audit", session).code == 0


def test_import_keeps_the_history_here_when_it_is_ahead(run, tmp_path, laptop):
    other, session, records = laptop
    source = other.resolve(session)
    run("import", str(source))
    Store(tmp_path / "home").record(session, records[2])
    kept = (tmp_path / "home" / "sessions" / f"{session}.json").read_bytes()
    result = run("import", str(source))
    assert result.code == 0 and "here is ahead of the file" in result.out
    assert (tmp_path / "home" / "sessions" / f"{session}.json").read_bytes() == kept


def test_histories_that_part_are_both_kept(run, tmp_path, laptop):
    other, session, records = laptop
    source = other.resolve(session)
    run("import", str(source))
    here = Store(tmp_path / "home")
    here.record(session, records[2])  # hand 3 here ...
    other.amend(session, 1, {"tricks": ("Anna", "Anna", "Cleo", "Dora")})  # ... an amendment there
    kept_here = here.resolve(session).read_bytes()
    result = run("import", str(source))
    assert result.code == 1, result.err  # a discrepancy: said, both kept
    assert "parts from the one here after event 3" in result.out
    beside = tmp_path / "home" / "imported" / f"{session}-{other.open(session).digest}.json"
    assert beside.read_bytes() == source.read_bytes()
    assert here.resolve(session).read_bytes() == kept_here
    assert run("audit", str(beside)).code == 0  # a kept file opens by its path
    # the season counts the one here only
    assert json.loads(run("season", "--json").out)["tables"][0]["evenings"] == 1


def test_another_session_that_drew_the_same_id_is_kept_beside(run, tmp_path, laptop):
    other, session, records = laptop
    mine = Store(tmp_path / "home", new_id=lambda: session)
    ledger = replay_file(EXAMPLES / "letzter.toml")
    mine.create(ledger.config, [s.record for s in ledger.settlements])
    result = run("import", str(other.resolve(session)))
    assert result.code == 1 and "is another session that drew the same id" in result.out


def test_a_damaged_file_is_refused_with_the_reason_and_nothing_written(run, tmp_path, laptop):
    other, session, _ = laptop
    good = other.resolve(session)
    changed = tmp_path / "changed.json"
    changed.write_text(good.read_text("utf-8").replace('"Ben"', '"Bea"', 1), "utf-8")
    truncated = tmp_path / "truncated.json"
    truncated.write_bytes(good.read_bytes()[:500])
    result = run("import", str(changed), str(truncated), str(tmp_path / "missing.json"),
                 str(good))
    assert result.code == 2
    errors = result.err.splitlines()
    assert len(errors) == 3 and all(line.startswith("error: ") for line in errors)
    assert errors[0].startswith(f"error: {changed}: damaged")
    assert errors[1].startswith(f"error: {truncated}: damaged: not valid JSON")
    assert errors[2] == f"error: {tmp_path / 'missing.json'}: no such file"
    # the good one is still brought in; nothing of the others
    assert sorted((tmp_path / "home" / "sessions").glob("*.json")) == [
        tmp_path / "home" / "sessions" / f"{session}.json"]


def test_a_file_whose_hands_do_not_settle_again_is_refused(run, tmp_path, laptop):
    """A file whose chain and seals were made anew around a changed figure passes the chain
    check; the audit, which settles every hand again, refuses it."""
    from scorekeeper import chain, jsontext
    from scorekeeper.sessionfile import table_rows

    other, session, _ = laptop
    path = other.resolve(session)
    data = json.loads(path.read_text("utf-8"))
    hand = data["hands"]["1"]
    hand["deltas"]["Anna"], hand["scores_after"]["Anna"] = "-11", "-11"
    hand["deltas"]["Ben"], hand["scores_after"]["Ben"] = "-2", "-2"
    events = table_rows(data["events"])
    previous = None
    for i, event in enumerate(events, start=1):
        event.pop("hash")
        if event.get("number") == 1 and event["type"] == "hand":
            event["figures"] = chain.figures_seal(hand)
        sealed = chain.seal({k: v for k, v in event.items() if k not in ("seq", "prev")},
                            previous)
        data["events"][str(i)] = previous = sealed
    forged = tmp_path / "forged.json"
    forged.write_bytes(jsontext.compact(data))
    result = run("import", str(forged))
    assert result.code == 2 and "the audit finds" in result.err and "hand 1" in result.err
    assert not list((tmp_path / "home").glob("sessions/*.json"))


def test_import_waits_for_the_sessions_lock_then_says_so(tmp_path, laptop):
    from scorekeeper.errors import StoreError

    other, session, records = laptop
    home = Store(tmp_path / "home", lock_wait=0.1)
    home.import_file(other.resolve(session), "a.json")
    other.record(session, records[2])
    target = home.resolve(session)
    with FileLock(str(target) + ".lock", 1), pytest.raises(StoreError, match="in use"):
        home.import_file(other.resolve(session), "a.json")
    assert home.open(session).hands_played == 2


def test_a_file_of_this_home_imported_is_already_here(run, tmp_path):
    store, session = saved(tmp_path, "kratzen")
    result = run("import", str(store.resolve(session)))
    assert result.code == 0 and "here already" in result.out


def test_an_imported_session_joins_the_season(run, tmp_path, laptop):
    other, session, records = laptop
    for record in records[2:]:
        other.record(session, record)
    saved(tmp_path, "kratzen")
    copy = tmp_path / "usb" / "x.json"
    copy.parent.mkdir()
    shutil.copy(other.resolve(session), copy)
    assert run("import", str(copy)).code == 0
    document = json.loads(run("season", "--json").out)
    assert document["tables"][0]["players"][0] == {
        "name": "Ben", "evenings": 2, "hands": 8, "wins": 2, "net": "28.5",
        "average": "14.25", "money": {}, "money_stale": 0}
    assert Decimal(document["tables"][0]["players"][3]["net"]) == -90


def test_files_of_an_older_version_join_the_season(run, tmp_path):
    """Files written by 0.1.0 have no seals on their figures: their hands are settled again
    (as every command does with them), and their nets are their standings'."""
    fixtures = Path(__file__).parent / "fixtures" / "written-by-0.1.0"
    shutil.copytree(fixtures / "sessions", tmp_path / "home" / "sessions")
    document = json.loads(run("season", "--json").out)
    assert document["skipped"] == []
    nets = {p["name"]: Decimal(p["net"]) for t in document["tables"] for p in t["players"]}
    for session in ("1ad4ee0d", "c2c9805e"):
        shown = json.loads(run("show", session, "--json").out)
        start = 0 if shown["game"] == "kratzen" else 5  # Letzter Stich: chips now - start
        for player in shown["players"]:
            assert nets[player["name"]] == Decimal(player["score"]) - start


def test_a_player_called_pot_has_money_like_anyone_else(run, tmp_path):
    store, session = saved(tmp_path, "kratzen", players=["pot", "Ben", "Cleo", "Dora"])
    assert run("settle", session, "--value", "0.10", "--currency", "EUR").code == 0
    pot = json.loads(run("player", "pot", "--json").out)
    # Anna's seat of the worked session: -45 chips, -4.50 EUR; the pot's 5.20 EUR is no one's
    assert pot["money"] == {"EUR": "-4.5"} and pot["games"][0]["net"] == "-45"


def test_the_worked_season_of_the_rules_is_what_the_command_prints(run, two_evenings):
    """docs/rules.md, "Worked season": its table, row by row, is the season's text."""
    rules = (Path(__file__).parent.parent / "docs" / "rules.md").read_text("utf-8")
    section = rules.split("Worked season:", 1)[1].split("\n\n", 2)[1]
    rows = [[c.strip().replace("−", "-") for c in line.strip("|").split("|")]
            for line in section.splitlines()[2:]]
    printed = [line.split() for line in run("season").out.splitlines()[3:7]]
    assert len(rows) == 4
    assert [r[:7] + r[7].split() for r in rows] == printed
