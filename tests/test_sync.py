"""``scorekeeper sync``: two or three laptops' homes and a club's bare repository in a
temporary folder. Evenings written on each laptop reach the others; an evening that went on
on one laptop is taken whole on the other; one changed on both is kept twice, named, and
resolved with one command; a damaged file or a hostile tree from the remote is refused; an
unreachable remote is one line."""

from __future__ import annotations

import json
import os
import socket
import stat
from pathlib import Path

import pytest
from dulwich.objects import Blob, Commit, Tree
from dulwich.repo import Repo

from scorekeeper.script import replay_file
from scorekeeper.store import Store, gitrepo

from .conftest import EXAMPLES

WORKED = replay_file(EXAMPLES / "kratzen.toml")
HANDS = [s.record for s in WORKED.settlements]  # the worked Kratzen evening: 4 hands


@pytest.fixture
def club(tmp_path):
    """Three laptops' homes (Anna's, Ben's, Cleo's) and the club's repository on a stick."""
    return {name: tmp_path / name for name in ("anna", "ben", "cleo")}, tmp_path / "stick.git"


def sync(run, home: Path, *args: str):
    result = run("sync", "--home", str(home), *args)
    return result


def sync_json(run, home: Path, *args: str) -> dict:
    result = sync(run, home, *args, "--json")
    assert result.code in (0, 1), result.err
    return json.loads(result.out)


def evening(home: Path, hands: int) -> str:
    """The worked Kratzen evening's first ``hands`` hands, written on the laptop ``home``."""
    return Store(home).create(WORKED.config, HANDS[:hands]).id


def session_bytes(home: Path) -> dict[str, bytes]:
    folder = home / "sessions"
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.json"))} if folder.is_dir() \
        else {}


def home_listing(home: Path) -> list[str]:
    """What the home holds, its lock files left out (a lock file is made to be taken)."""
    return sorted(p for p in os.listdir(home) if not p.endswith(".lock"))


def test_evenings_written_on_each_laptop_reach_the_others(run, club):
    homes, stick = club
    written = {name: evening(home, n) for n, (name, home) in enumerate(homes.items(), 1)}
    first = sync_json(run, homes["anna"], str(stick), "--create")
    assert first["created"] is True and first["out"] == [written["anna"]] and first["in"] == []
    for name in ("ben", "cleo"):
        sync_json(run, homes[name], str(stick))  # the stick is remembered by each laptop only
    for name in ("anna", "ben"):  # after the first sync: remembered
        sync_json(run, homes[name])
    every = session_bytes(homes["cleo"])
    assert sorted(every) == sorted(f"{s}.json" for s in written.values())
    for home in homes.values():
        assert session_bytes(home) == every  # the same bytes: the same digests everywhere
    assert len(Store(homes["ben"]).open(written["cleo"]).outcomes()) == 3


def test_an_evening_that_went_on_on_one_laptop_is_taken_on_the_other(run, club):
    homes, stick = club
    session = evening(homes["anna"], 2)
    sync_json(run, homes["anna"], str(stick), "--create")
    sync_json(run, homes["ben"], str(stick))
    Store(homes["ben"]).record(session, HANDS[2])  # Ben's laptop records hand 3
    out = sync_json(run, homes["ben"])
    assert out["out"] == [session] and out["in"] == []
    came = sync_json(run, homes["anna"])
    assert came["in"] == [{"session": session, "outcome": "extended",
                           "file": f"sessions/{session}.json"}]
    assert came["out"] == [] and came["conflicts"] == []
    assert session_bytes(homes["anna"]) == session_bytes(homes["ben"])
    assert Store(homes["anna"]).open(session).hands_played == 3


def test_an_evening_changed_on_both_laptops_is_kept_twice_and_resolved_in_one_command(
        run, club):
    homes, stick = club
    session = evening(homes["anna"], 2)
    sync_json(run, homes["anna"], str(stick), "--create")
    sync_json(run, homes["ben"], str(stick))
    anna, ben = Store(homes["anna"]), Store(homes["ben"])
    anna.record(session, HANDS[2])  # hand 3 at Anna's ...
    ben.amend(session, 1, {"tricks": ("Anna", "Anna", "Cleo", "Dora")})  # ... an amendment at Ben's
    annas, bens = anna.open(session).digest, ben.open(session).digest
    sync_json(run, homes["anna"])
    result = sync(run, homes["ben"], "--json")
    assert result.code == 1, result.err  # a discrepancy: said, both kept
    (conflict,) = json.loads(result.out)["conflicts"]
    assert conflict["session"] == session
    assert {conflict["here"], *conflict["others"]} == {annas, bens}
    assert f"scorekeeper sync --keep {annas}" in conflict["keep"]
    assert sync(run, homes["anna"]).code == 1  # Anna's laptop names it too
    listed = json.loads(run("sessions", "--home", str(homes["anna"]), "--json").out)
    (line,) = listed
    assert {line["conflict"]["here"], *line["conflict"]["others"]} == {annas, bens}
    assert "differs on two laptops" in run("sessions", "--home", str(homes["anna"])).out
    # The season counts neither version until one is kept.
    season = json.loads(run("season", "--json", "--home", str(homes["anna"])).out)
    assert season["tables"] == [], season
    audited = run("audit", session, "--home", str(homes["anna"]))
    assert "differs on two laptops" in audited.out and "sync --keep" in audited.out
    # Nothing is lost: both histories are in each home.
    for home in (homes["anna"], homes["ben"]):
        kept = {Store(home).open(session).digest} | {
            p.stem.split("-")[1] for p in (home / "conflicts").glob(f"{session}-*.json")}
        assert kept == {annas, bens}
    # One command keeps Anna's; the next syncs carry the choice to Ben's laptop.
    keep = run("sync", "--home", str(homes["ben"]), "--keep", annas)
    assert keep.code == 0, keep.err
    assert Store(homes["ben"]).open(session).digest == annas
    assert list((homes["ben"] / "trash").glob(f"{session}-{bens}*.json"))
    assert sync(run, homes["ben"]).code == 0
    assert sync(run, homes["anna"]).code == 0
    season = json.loads(run("season", "--json", "--home", str(homes["anna"])).out)
    assert season["tables"][0]["evenings"] == 1
    for home in (homes["anna"], homes["ben"]):
        assert Store(home).open(session).digest == annas
        assert not list((home / "conflicts").glob("*.json"))


def test_a_damaged_file_from_the_remote_is_never_taken_over_a_good_one(run, club):
    homes, stick = club
    session = evening(homes["anna"], 2)
    sync_json(run, homes["anna"], str(stick), "--create")
    sync_json(run, homes["ben"], str(stick))
    good = session_bytes(homes["ben"])
    path = homes["anna"] / "sessions" / f"{session}.json"
    path.write_text(path.read_text("utf-8").replace('"Ben"', '"Bea"', 1), "utf-8")  # by hand
    sync(run, homes["anna"])
    result = sync(run, homes["ben"])
    assert result.code == 2
    (line,) = result.err.splitlines()
    assert line.startswith("error: ") and f"sessions/{session}.json" in line and "damaged" in line
    assert session_bytes(homes["ben"]) == good


def test_the_season_over_a_synced_home_is_the_season_of_the_same_evenings_imported(
        run, club, tmp_path):
    homes, stick = club
    sessions = [evening(homes["anna"], 4), evening(homes["ben"], 3)]
    sync_json(run, homes["anna"], str(stick), "--create")
    sync_json(run, homes["ben"], str(stick))
    sync_json(run, homes["anna"])
    by_hand = tmp_path / "by-hand"
    files = [str(homes[name] / "sessions" / f"{s}.json")
             for name, s in zip(("anna", "ben"), sessions, strict=True)]
    assert run("import", "--home", str(by_hand), *files).code == 0
    for args in (("season", "--format", "json"), ("player", "Anna", "--json")):
        synced = run(*args, "--home", str(homes["anna"]))
        imported = run(*args, "--home", str(by_hand))
        assert synced.code == imported.code == 0, synced.err + imported.err
        assert synced.out == imported.out
        assert '"evenings": 2' in synced.out or "2" in synced.out


def test_the_roster_is_the_union_of_both_laptops(run, club):
    homes, stick = club
    evening(homes["anna"], 1)
    sync_json(run, homes["anna"], str(stick), "--create")
    sync_json(run, homes["ben"], str(stick))
    (homes["anna"] / "players.json").write_text(json.dumps(
        {"version": 1, "same": {"anna": "änna"}, "apart": []}), "utf-8")
    (homes["ben"] / "players.json").write_text(json.dumps(
        {"version": 1, "same": {}, "apart": [["ann", "anna"]]}), "utf-8")
    sync_json(run, homes["anna"])
    sync_json(run, homes["ben"])
    sync_json(run, homes["anna"])
    for home in (homes["anna"], homes["ben"]):
        roster = json.loads((home / "players.json").read_text("utf-8"))
        assert roster["same"] == {"anna": "änna"}
        assert roster["apart"] == [["ann", "anna"]]


# ---- refused, unreachable ------------------------------------------------------------------------

def hostile_remote(stick: Path, entries: list[tuple[bytes, int, bytes]]) -> None:
    """A bare repository whose ``main`` holds a root tree of ``entries`` (name, mode, bytes);
    a name with a slash is put in a subtree of that name."""
    repo = Repo.init_bare(str(stick), mkdir=True, default_branch=b"main")
    root, objects = Tree(), []
    for name, mode, data in entries:
        blob = Blob.from_string(data)
        objects.append(blob)
        folder, _sep, leaf = name.rpartition(b"/")
        if folder:
            inner = Tree()
            inner.add(leaf, mode, blob.id)
            objects.append(inner)
            root.add(folder, stat.S_IFDIR, inner.id)
        else:
            root.add(name, mode, blob.id)
    commit = Commit()
    commit.tree, commit.parents = root.id, []
    commit.author = commit.committer = b"x <x@x>"
    commit.author_time = commit.commit_time = 0
    commit.author_timezone = commit.commit_timezone = 0
    commit.message = b"hostile\n"
    for obj in [*objects, root, commit]:
        repo.object_store.add_object(obj)
    repo.refs[b"refs/heads/main"] = commit.id
    repo.close()


@pytest.mark.parametrize("entries, said", [
    ([(b"../x", 0o100644, b"{}")], "'..'"),  # a folder '..' holding x
    ([(b"sessions/../../x.json", 0o100644, b"{}")], "'sessions/../..'"),
    ([(b"/etc/passwd", 0o100644, b"{}")], "'/etc'"),
    ([(b"sessions/0123abcd.json", 0o120000, b"/etc/passwd")], "a symbolic link"),
    ([(b"README.md", 0o100644, b"hello")], "not a file of a scorekeeper home"),
    ([(b"sessions/0123abcd.json", 0o100644, b"x" * 2048)], "larger than 1024 bytes"),
])
def test_a_hostile_tree_is_refused_with_one_line_and_nothing_changed(
        run, club, entries, said, monkeypatch):
    homes, stick = club
    evening(homes["anna"], 1)
    monkeypatch.setattr(gitrepo, "MAX_FILE_BYTES", 1024)  # a 1 GiB file, made small
    hostile_remote(stick, entries)
    before = session_bytes(homes["anna"])
    listing = home_listing(homes["anna"])
    result = sync(run, homes["anna"], str(stick))
    assert result.code == 2
    (line,) = result.err.splitlines()
    assert line.startswith("error: ") and "refused" in line and said in line, line
    assert session_bytes(homes["anna"]) == before
    assert home_listing(homes["anna"]) == listing
    assert not (homes["anna"].parent / "x").exists()


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.parametrize("where", ["missing folder", "closed port", "not a repository"])
def test_an_unreachable_remote_is_one_line_exit_2_and_nothing_changed(run, club, where,
                                                                       tmp_path):
    homes, _stick = club
    evening(homes["anna"], 1)
    remote = {"missing folder": str(tmp_path / "no-stick" / "club.git"),
              "closed port": f"http://127.0.0.1:{closed_port()}/club.git",
              "not a repository": str(homes["anna"] / "sessions")}[where]
    listing = home_listing(homes["anna"])
    before = session_bytes(homes["anna"])
    result = sync(run, homes["anna"], remote)
    assert result.code == 2
    (line,) = result.err.splitlines()
    assert line.startswith("error: ") and ("cannot be reached" in line or "no such" in line)
    assert home_listing(homes["anna"]) == listing  # no repository was made either
    assert session_bytes(homes["anna"]) == before
    assert not (tmp_path / "no-stick").exists()


def test_no_remote_yet_is_one_line(run, club):
    homes, _stick = club
    result = sync(run, homes["anna"])
    assert result.code == 2 and "no remote yet" in result.err


def test_the_lock_files_the_index_and_exports_are_not_synced(run, club):
    homes, stick = club
    evening(homes["anna"], 1)
    run("sessions", "--home", str(homes["anna"]))  # makes the listing's index
    (homes["anna"] / "exports").mkdir()
    (homes["anna"] / "exports" / "night.html").write_text("<p>", "utf-8")
    sync_json(run, homes["anna"], str(stick), "--create")
    repo = Repo(str(stick))
    tree = repo[repo[repo.refs[b"refs/heads/main"]].tree]
    names = sorted(entry.path for entry in tree.items())
    assert names == [b"sessions"]
    sessions = repo[{e.path: e.sha for e in tree.items()}[b"sessions"]]
    assert all(e.path.endswith(b".json") and len(e.path) == 13 for e in sessions.items())
    repo.close()


def test_git_in_the_home_sees_the_files_as_the_last_sync_left_them(run, club):
    from dulwich import porcelain

    homes, stick = club
    evening(homes["anna"], 2)
    sync_json(run, homes["anna"], str(stick), "--create")
    evening(homes["ben"], 1)
    sync_json(run, homes["ben"], str(stick))
    status = porcelain.status(str(homes["ben"]))
    assert status.staged == {"add": [], "delete": [], "modify": []}
    assert status.unstaged == [] and status.untracked == []


def test_import_says_that_the_home_syncs(run, club, tmp_path):
    homes, stick = club
    session = evening(homes["ben"], 2)
    sync_json(run, homes["anna"], str(stick), "--create")
    done = run("import", "--home", str(homes["anna"]),
               str(homes["ben"] / "sessions" / f"{session}.json"))
    assert done.code == 0, done.err
    assert f"this home syncs with {stick}" in done.out
    elsewhere = run("import", "--home", str(tmp_path / "not-synced"),
                    str(homes["ben"] / "sessions" / f"{session}.json"))
    assert elsewhere.code == 0 and "syncs" not in elsewhere.out


def test_an_evening_deleted_on_one_laptop_goes_to_the_trash_on_the_other(run, club):
    homes, stick = club
    session = evening(homes["anna"], 2)
    kept = evening(homes["anna"], 1)
    sync_json(run, homes["anna"], str(stick), "--create")
    sync_json(run, homes["ben"], str(stick))
    anna = Store(homes["anna"])
    anna.archive(session, True)
    sync_json(run, homes["anna"])
    sync_json(run, homes["ben"])  # the archiving reaches Ben's laptop first
    anna.trash(session)  # deleted at Anna's: its file in her trash
    sync_json(run, homes["anna"])
    came = sync_json(run, homes["ben"])
    assert came["in"] == [{"session": session, "outcome": "removed",
                           "file": f"sessions/{session}.json"}]
    assert sorted(session_bytes(homes["ben"])) == [f"{kept}.json"]
    assert list((homes["ben"] / "trash").glob(f"{session}*.json"))  # nothing is lost


def test_an_evening_deleted_here_but_changed_there_comes_back(run, club):
    homes, stick = club
    session = evening(homes["anna"], 2)
    sync_json(run, homes["anna"], str(stick), "--create")
    sync_json(run, homes["ben"], str(stick))
    Store(homes["ben"]).record(session, HANDS[2])  # Ben's laptop goes on ...
    sync_json(run, homes["ben"])
    anna = Store(homes["anna"])
    anna.archive(session, True)
    anna.trash(session)  # ... while Anna deletes it
    came = sync_json(run, homes["anna"])
    assert came["in"] and came["in"][0]["outcome"] == "added"
    assert Store(homes["anna"]).open(session).hands_played == 3


def test_the_language_setting_travels_when_it_was_not_changed_here(run, club):
    homes, stick = club
    evening(homes["anna"], 1)
    sync_json(run, homes["anna"], str(stick), "--create")
    sync_json(run, homes["ben"], str(stick))
    (homes["anna"] / "settings.json").write_text('{"language": "de"}\n', "utf-8")
    sync_json(run, homes["anna"])
    sync_json(run, homes["ben"])
    assert json.loads((homes["ben"] / "settings.json").read_text("utf-8")) == {"language": "de"}


def test_a_name_taken_as_two_players_on_two_laptops_is_a_clash_said_and_here_kept(run, club):
    homes, stick = club
    evening(homes["anna"], 1)
    sync_json(run, homes["anna"], str(stick), "--create")
    sync_json(run, homes["ben"], str(stick))
    for home, player in ((homes["anna"], "anne"), (homes["ben"], "annie")):
        (home / "players.json").write_text(json.dumps(
            {"version": 1, "same": {"ann": player}, "apart": []}), "utf-8")
    sync_json(run, homes["anna"])
    came = sync_json(run, homes["ben"])
    assert came["roster_clashes"] == [
        "players.json: ann is taken as annie here and as anne on the other laptop; kept as here"]
    assert json.loads((homes["ben"] / "players.json").read_text("utf-8"))["same"] == {
        "ann": "annie"}


def test_a_remote_file_this_home_holds_already_is_not_read_to_be_sized(run, club, monkeypatch):
    """Ben's home holds what the club synced before; Anna brings one new evening. Ben's sync
    reads for its size only the remote's file that is new to him (of 1,000 evenings, one is
    new: reading them all took a quarter of a second), and a hostile size is still found in
    a new one (test_a_hostile_tree_is_refused_with_one_line_and_nothing_changed)."""
    homes, stick = club
    for hands in (1, 2, 3):
        evening(homes["anna"], hands)
    assert sync(run, homes["anna"], str(stick), "--create").code == 0
    assert sync(run, homes["ben"], str(stick)).code == 0
    new = evening(homes["anna"], 4)
    assert sync(run, homes["anna"]).code == 0
    sized: list[bytes] = []
    reading = gitrepo.blob_bytes

    def blob_bytes(repo, blob_id):
        sized.append(blob_id)
        return reading(repo, blob_id)

    monkeypatch.setattr(gitrepo, "blob_bytes", blob_bytes)  # as the sizing reads a blob
    assert sync(run, homes["ben"]).code == 0
    assert (homes["ben"] / "sessions" / f"{new}.json").exists()
    assert len(sized) == 1
