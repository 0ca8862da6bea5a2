"""The evenings after: a session that continues another opens with the pot it left (and, in a
Letzter Stich match that is not over, everyone's chips), in an opening entry that names the
earlier session and its digest; the audit checks that link against the earlier file (D21).

Every figure below is worked out by hand from docs/rules.md, not read from the program."""

from __future__ import annotations

import json
import subprocess
from decimal import Decimal

import pytest

from scorekeeper.errors import StoreError
from scorekeeper.rules import HandRecord, make_config
from scorekeeper.script import replay_file
from scorekeeper.store import SessionChanged, Store

from .conftest import EXAMPLES
from .test_export import BEAN_CHECK


def clocked(home) -> Store:
    clock = iter(f"2026-11-30T20:{m:02d}:00.000000Z" for m in range(60))
    return Store(home, now=lambda: next(clock))


def example(store: Store, name: str, hands: int | None = None):
    """A stored session holding an example's first ``hands`` hands."""
    ledger = replay_file(EXAMPLES / f"{name}.toml")
    return store.create(ledger.config, [s.record for s in ledger.settlements][:hands])


def d(text: str) -> Decimal:
    return Decimal(text)


# ---- Kratzen: the pot carries, and P is worked out from it --------------------------------------

def test_the_next_kratzen_evening_opens_with_the_pot_and_settles_from_it(tmp_path):
    """examples/kratzen.toml leaves a pot of 52 after 4 hands, Dora dealing last. The next
    evening: Anna deals, the pot holds 52, so hand 1 is no Muss: Anna pays 1, P = 53, each
    trick pays 53/4 = 13¼. Anna took no trick of the 2 she needed: she pays 2P = 106. Anna
    -1 -106 = -107, Ben 2 tricks +26½, Cleo and Dora +13¼; the pot 53 - 53 + 106 = 106."""
    store = clocked(tmp_path)
    first = example(store, "kratzen")
    assert first.state().pot == 52 and first.state().dealer == "Anna"
    seen = first.digest  # the earlier session's digest when it was continued
    result = store.next_evening(first.id, expect=seen)
    second = result.session
    assert result.carried and result.earlier.id == first.id
    start = second.state()
    assert (start.hands_played, start.pot, start.dealer) == (0, 52, "Anna")
    assert set(start.scores.values()) == {0}
    entry = second.opening()
    assert (entry.previous_id, entry.previous_digest, entry.previous_hands, entry.pot,
            entry.scores) == (first.id, seen, 4, 52, None)

    hand = store.record(second.id, HandRecord(indicator=("KC",), entered=("Ben", "Cleo", "Dora"),
                                              tricks=("Ben", "Ben", "Cleo", "Dora"))).settlement
    assert (hand.kind, hand.pot_before, hand.stake, hand.pot_after) == ("normal", 52, 53, 106)
    assert hand.deltas == {"Anna": d("-107"), "Ben": d("26.5"), "Cleo": d("13.25"),
                           "Dora": d("13.25")}
    # Balances and pot add up to the 52 the evening opened with, not to 0.
    state = store.open(second.id).state()
    assert sum(state.scores.values()) + state.pot == 52

    # Read back from the file by another store, and settled again by the audit: the same.
    audited = Store(tmp_path).audit_report(second.id)
    assert audited.findings == [] and audited.session.ledger().state == state
    assert [(n.kind, n.message) for n in audited.notes] == [(
        "link", f"the link to session {first.id} (digest {seen}) checked against "
                f"sessions/{first.id}.json: it left what this session opened with")]


def test_a_carried_pot_taken_by_a_walkover_leaves_the_next_hand_a_muss(tmp_path):
    """Pot 52 carried; Anna deals and pays 1 (P = 53); everyone else drops: Anna takes P,
    +52 net, the pot is empty. Hand 2 (Ben deals) is therefore a Muss: Ben pays 2, the others
    1 each: P = 5, and no trick pays anything."""
    store = clocked(tmp_path)
    second = store.next_evening(example(store, "kratzen").id).session
    walkover = store.record(second.id, HandRecord(indicator=("9H",), entered=())).settlement
    assert (walkover.kind, walkover.stake, walkover.pot_after) == ("walkover", 53, 0)
    assert walkover.deltas["Anna"] == 52
    muss = store.record(second.id, HandRecord(indicator=("AS",),
                                              tricks=("Ben", "Cleo", "Ben", "Dora"))).settlement
    assert (muss.kind, muss.pot_before, muss.stake) == ("muss", 0, 5)
    # Anna took no trick of the 1 she needed: she pays P = 5 (D7), into the pot: 10.
    assert muss.deltas == {"Anna": -6, "Ben": -2, "Cleo": -1, "Dora": -1}
    assert muss.pot_after == 10


def test_the_settle_up_of_a_continued_evening_pays_the_pot_only_what_it_gained(tmp_path):
    """The pot's worth of 52 was paid into it at the end of the first evening: the second
    evening's settle-up gives the pot only what it gained since (106 - 52 = 54), and the
    players' results are their balances (-107, +26½, +13¼, +13¼): together 0."""
    store = clocked(tmp_path)
    second = store.next_evening(example(store, "kratzen").id).session
    store.record(second.id, HandRecord(indicator=("KC",), entered=("Ben", "Cleo", "Dora"),
                                       tricks=("Ben", "Ben", "Cleo", "Dora")))
    agreed = store.settle_up(second.id).settled
    shares = {share.party if isinstance(share.party, str) else "pot": share.result
              for share in agreed.shares}
    assert shares == {"Anna": -107, "Ben": d("26.5"), "Cleo": d("13.25"), "Dora": d("13.25"),
                      "pot": 54}
    assert "opened with the 52" in agreed.words


# ---- the link, checked ---------------------------------------------------------------------------

def test_a_changed_earlier_file_breaks_the_link(tmp_path, run):
    home = tmp_path / "home"
    store = clocked(home)
    first = example(store, "kratzen")
    second = store.next_evening(first.id).session
    assert run("audit", second.id).code == 0
    data = json.loads(first.path.read_text(encoding="utf-8"))
    data["events"]["3"]["record"]["tricks"][0] = "Anna"  # hand 2's record, by hand
    first.path.write_text(json.dumps(data), encoding="utf-8")
    result = run("audit", second.id)
    assert result.code == 1
    assert (f"the link to session {first.id} (sessions/{first.id}.json) is broken: damaged: "
            f"event 3 does not match its hash (changed after it was written)\n") in result.out
    findings = json.loads(run("audit", second.id, "--json").out)["findings"]
    assert [f["kind"] for f in findings] == ["link"]


def test_an_earlier_file_rewritten_whole_breaks_the_link(tmp_path):
    """A file with the earlier session's id but another history (a whole chain written anew):
    the state the opening entry names is not in it."""
    store = clocked(tmp_path)
    first = example(store, "kratzen")
    seen = first.digest  # when it was continued
    second = store.next_evening(first.id).session
    other = Store(tmp_path / "elsewhere", now=lambda: "2026-12-01T19:00:00.000000Z",
                  new_id=lambda: first.id)
    ledger = replay_file(EXAMPLES / "kratzen.toml")
    forged = other.create(ledger.config, [s.record for s in ledger.settlements])
    first.path.write_bytes(forged.path.read_bytes())  # the same hands, another start time
    audited = Store(tmp_path).audit_report(second.id)
    findings = audited.findings
    assert [f.kind for f in findings] == ["link"] and audited.notes == []
    assert ("is broken: its history does not hold the state this session continued (digest "
            f"{seen})") in findings[0].message


def continued_as_before(store: Store, first):
    """The next evening of ``first`` as a version before the ``continued`` event wrote it: the
    first evening does not say it went on, and could still be amended in what carried."""
    from scorekeeper import history

    config = first.ruleset.next_evening(first.config, first.state(), True)
    entry = history.opening_event(first.id, first.rows[-1]["hash"], first.hands_played,
                                  config.opening)
    return store.create(config, opening=entry)


def test_an_earlier_session_amended_after_it_was_continued_is_said(tmp_path):
    """Amending hand 4 of the first evening (Dora's forced Muss, no trick moves money) into
    a normal hand changes the pot it left: the next evening opened with 52, which is no longer
    what the first evening says. (Refused since the first evening says it went on: a file
    continued by a version before that, or amended by one, is still audited so.)"""
    store = clocked(tmp_path)
    first = example(store, "kratzen")
    seen = first.digest  # when it was continued
    second = continued_as_before(store, first)
    store.amend(first.id, 4, {"indicator": ("9S",), "entered": ("Anna", "Ben", "Cleo")})
    findings = store.audit(second.id)[1]
    assert [f.kind for f in findings] == ["link"]
    assert "that session changed after this one continued it" in findings[0].message
    assert f"(at digest {seen})" in findings[0].message


def test_names_and_archiving_in_the_earlier_session_leave_the_link_whole(tmp_path):
    store = clocked(tmp_path)
    first = example(store, "kratzen")
    second = store.next_evening(first.id).session
    store.name(first.id, "the first Friday")
    store.archive(first.id)
    audited = store.audit_report(second.id)
    assert audited.findings == [] and "checked against" in audited.notes[0].message


def test_without_the_earlier_file_the_link_is_not_checked_and_said_so(tmp_path, run):
    home = tmp_path / "home"
    store = clocked(home)
    first = example(store, "kratzen")
    seen = first.digest  # when it was continued
    second = store.next_evening(first.id).session
    first.path.rename(tmp_path / "away.json")
    result = run("audit", second.id)
    assert result.code == 0
    assert (f"sessions/{second.id}.json: note: this session continues session {first.id} "
            f"(digest {seen}), whose file is not here: the link was not checked"
            ) in result.out
    assert "audit clean" in result.out
    document = json.loads(run("audit", second.id, "--json").out)
    assert document["ok"] is True and "was not checked" in document["notes"][0]["message"]
    assert document["notes"][0]["kind"] == "link"


def test_an_audited_file_outside_the_home_finds_the_earlier_file_beside_it(tmp_path):
    store = clocked(tmp_path / "home")
    first = example(store, "kratzen")
    second = store.next_evening(first.id).session
    elsewhere = tmp_path / "usb"
    elsewhere.mkdir()
    for session in (first, second):
        (elsewhere / session.path.name).write_bytes(session.path.read_bytes())
    first.path.unlink()
    audited = Store(tmp_path / "other").audit_report(str(elsewhere / second.path.name))
    assert audited.findings == []
    [note] = audited.notes
    assert "checked against" in note.message and str(elsewhere) in note.message


# ---- what may be continued, and the write's own rules ------------------------------------------

def test_a_session_is_continued_once(tmp_path):
    store = clocked(tmp_path)
    first = example(store, "kratzen")
    second = store.next_evening(first.id).session
    with pytest.raises(StoreError, match=f"session {second.id} continues it already"):
        store.next_evening(first.id)
    store.record(second.id, HandRecord(indicator=("9H",), entered=()))
    assert store.next_evening(second.id).session.opening().previous_id == second.id


def test_a_stale_continue_is_refused_and_writes_nothing(tmp_path):
    store = clocked(tmp_path)
    first = example(store, "kratzen", 3)
    seen = first.digest
    store.record(first.id, HandRecord(indicator=("7S",), tricks=("Anna", "Ben", "Cleo", "Dora")))
    with pytest.raises(SessionChanged, match="the session changed meanwhile"):
        store.next_evening(first.id, expect=seen)
    assert len(list((tmp_path / "sessions").glob("*.json"))) == 1


def test_a_session_without_a_hand_has_nothing_to_carry(tmp_path, run):
    store = clocked(tmp_path / "home")
    empty = store.create(make_config("kratzen", ["Anna", "Ben", "Cleo"], "Anna"))
    result = run("new", "--continue", empty.id)
    assert result.code == 2 and result.err.startswith("error: ")
    assert "no hand has been played yet: there is nothing to carry over" in result.err
    assert run("new", "--same-players", empty.id).code == 0


# ---- Letzter Stich: a match that goes on carries the chips; one that is over, the pot --------

def test_a_letzter_stich_match_that_is_not_over_goes_on_with_everyones_chips(tmp_path):
    """examples/letzter-stich.toml (2 starting chips) after 2 hands: Cleo paid 1 (hand 1), Dora
    swept and got the 1 the pot held (hand 2): Anna 2, Ben 2, Cleo 1, Dora 3, pot 0; Cleo deals
    hand 3. The next evening goes on from there: Ben wins the last trick of its hand 1 and pays
    1: Ben 1, pot 1."""
    store = clocked(tmp_path)
    first = example(store, "letzter-stich", 2)
    second = store.next_evening(first.id).session
    start = second.state()
    assert start.scores == {"Anna": 2, "Ben": 2, "Cleo": 1, "Dora": 3}
    assert (start.pot, start.dealer, start.leader) == (0, "Cleo", "Dora")
    hand = store.record(second.id, HandRecord(tricks=("Dora",) * 7 + ("Ben",))).settlement
    assert hand.scores_after == {"Anna": 2, "Ben": 1, "Cleo": 1, "Dora": 3}
    assert hand.pot_after == 1
    # The settle-up of this evening: chips now minus the chips it began with.
    shares = {s.party if isinstance(s.party, str) else "pot": s.result
              for s in store.settle_up(second.id).settled.shares}
    assert shares == {"Anna": 0, "Ben": -1, "Cleo": 0, "Dora": 0, "pot": 1}
    assert store.audit(second.id)[1] == []


def test_a_letzter_stich_match_that_is_over_starts_afresh_with_the_pot_it_left(tmp_path):
    """The whole example: Cleo at 0, the match is over; the pot holds 2. The next match starts
    with 2 chips each and the pot at 2, Anna dealing (after Dora). A sweep by Ben in its hand 1
    gets the whole 2 (the pot is no longer short): Ben 4, pot 0."""
    store = clocked(tmp_path)
    first = example(store, "letzter-stich")
    assert first.state().finished
    second = store.next_evening(first.id).session
    start = second.state()
    assert start.scores == dict.fromkeys(["Anna", "Ben", "Cleo", "Dora"], 2)
    assert (start.pot, start.dealer) == (2, "Anna")
    assert second.opening().scores is None
    sweep = store.record(second.id, HandRecord(tricks=("Ben",) * 8)).settlement
    assert (sweep.kind, sweep.deltas["Ben"], sweep.pot_after) == ("sweep", 2, 0)
    assert sweep.transfers[0].due is None


def test_letzter_carries_nothing_but_the_players_and_the_deal(tmp_path):
    store = clocked(tmp_path)
    first = example(store, "letzter")
    second = store.next_evening(first.id).session
    start = second.state()
    assert start.pot is None and set(start.scores.values()) == {0}
    assert start.dealer == first.state().dealer
    entry = second.opening()
    assert (entry.pot, entry.scores, entry.previous_id) == (None, None, first.id)
    audited = store.audit_report(second.id)
    assert audited.findings == [] and "checked against" in audited.notes[0].message


def test_the_same_players_again_carry_nothing(tmp_path):
    store = clocked(tmp_path)
    first = example(store, "kratzen")
    again = store.next_evening(first.id, carry=False).session
    assert again.opening() is None and again.config.opening is None
    assert (again.state().pot, again.state().dealer) == (0, "Anna")
    assert [row["type"] for row in again.rows] == ["created"]
    # And it does not count as the continuation: the next evening is still to be had.
    assert store.next_evening(first.id).session.opening().previous_id == first.id


# ---- the command line ---------------------------------------------------------------------------

def test_new_continue_on_the_command_line(tmp_path, run):
    store = clocked(tmp_path / "home")
    first = example(store, "kratzen")
    refused = run("new", "--continue", first.id, "--expect", "0" * 12)
    assert refused.code == 2 and "the session changed meanwhile" in refused.err
    made = run("new", "--continue", first.id[:3], "--expect", first.digest)
    assert made.code == 0, made.err
    lines = made.out.splitlines()
    assert lines[1] == (f"Continues session {first.id} after its 4 hands (digest "
                        f"{first.digest}): the pot opens with the 52 it left")
    assert lines[2] == "hand 1: Anna deals, Anna leads"
    new_id = lines[0].split()[1]
    shown = run("show", new_id).out
    assert lines[1] in shown and "pot: 52" in shown
    assert run("audit", new_id).code == 0
    doc = json.loads(run("new", "--same-players", first.id, "--dealer", "cleo", "--json").out)
    assert doc["first_dealer"] == "Cleo" and doc["continues"] is None
    assert doc["same_players_as"] == first.id


@pytest.mark.parametrize("args, words", [
    (["--continue", "X", "--game", "kratzen"], "--continue: takes the game, the players and the "
                                               "options of the session it names; leave out "
                                               "--game"),
    (["--same-players", "X", "--option", "rotations=2"], "leave out --option"),
    (["--continue", "X", "--same-players", "X"], "--continue and --same-players: give one"),
    (["--players", "A,B,C"], "--game: is required"),
    (["--game", "kratzen", "--players", "A,B,C", "--expect", "0" * 12],
     "--expect: goes with --continue or --same-players"),
])
def test_new_refuses_what_does_not_go_together(run, args, words):
    result = run("new", *args)
    assert result.code == 2 and result.out == ""
    assert result.err.startswith("error: ") and words in result.err
    assert len(result.err.splitlines()) == 1


def test_new_continue_json(tmp_path, run):
    store = clocked(tmp_path / "home")
    first = example(store, "letzter-stich", 2)
    doc = json.loads(run("new", "--continue", first.id, "--json").out)
    assert doc["continues"] == {"id": first.id, "digest": first.digest, "hands": 2, "pot": "0",
                                "scores": {"Anna": "2", "Ben": "2", "Cleo": "1", "Dora": "3"}}
    assert doc["first_dealer"] == "Cleo" and doc["options"]["starting_chips"] == 2


# ---- shown and exported --------------------------------------------------------------------------

def test_the_opening_is_in_the_exports(tmp_path, run):
    store = clocked(tmp_path / "home")
    first = example(store, "kratzen")
    seen_hash = first.rows[-1]["hash"]  # its newest event when it was continued
    second = store.next_evening(first.id).session
    store.record(second.id, HandRecord(indicator=("KC",), entered=("Ben", "Cleo", "Dora"),
                                       tricks=("Ben", "Ben", "Cleo", "Dora")))
    events = json.loads(run("export", second.id, "--format", "json").out)["events"]
    assert {k: v for k, v in events[1].items() if k not in ("at", "seq", "prev", "hash")} == {
        "type": "opening", "previous_id": first.id, "previous_hash": seen_hash,
        "previous_hands": 4, "pot": "52", "scores": None}
    assert f"Continues session {first.id}" in run("export", second.id, "--format", "md").out
    assert f"Continues session {first.id}" in run("export", second.id, "--format", "html").out
    bean = run("export", second.id, "--format", "beancount").out
    assert (f'* "Pot carried from session {first.id}"\n  Assets:Pot  52 CHIP\n'
            f'  Equity:Opening  -52 CHIP') in bean
    if BEAN_CHECK:
        path = tmp_path / "second.bean"
        path.write_text(bean, encoding="utf-8")
        checked = subprocess.run([BEAN_CHECK, str(path)], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stdout + checked.stderr


# ---- the earlier evening says where it goes on, and takes no more hands ----------------------

def test_no_hand_is_recorded_in_an_evening_that_goes_on_in_another(tmp_path, run):
    """A hand recorded in the first evening after the next one opened with its pot would count
    that pot twice: it is refused, naming the session to record it in, and nothing is written.
    The first evening's history says where it went on; both audit clean."""
    home = tmp_path / "home"
    store = clocked(home)
    first = example(store, "kratzen", 3)
    ended = first.digest  # as the table said to write it down
    second = store.next_evening(first.id, expect=ended).session
    earlier = store.open(first.id)
    assert earlier.continued_by == second.id and second.continued_by is None
    assert [row["type"] for row in earlier.rows][-1] == "continued"
    before = earlier.path.read_bytes()
    result = run("record", first.id, "--indicator", "7S", "--tricks", "Anna,Ben,Cleo,Dora")
    assert result.code == 2 and result.out == ""
    assert result.err == (f"error: sessions/{first.id}.json: the evening goes on in session "
                          f"{second.id}, which carried on from here (the next evening): record "
                          "the hand there\n")
    assert earlier.path.read_bytes() == before
    shown = run("show", first.id).out
    assert f"The evening goes on in session {second.id} (the next evening)" in shown
    assert f"continued in session {second.id}, the next evening (2026-11-30 20:" in shown
    assert f"; the digest until then: {ended}" in shown  # what was written down
    assert run("audit", first.id).code == 0
    audited = store.audit_report(second.id)
    assert audited.findings == [] and "checked against" in audited.notes[0].message
    # what carried is the first evening's: an amendment there that changes it is refused too
    with pytest.raises(StoreError, match="this amendment would change that"):
        store.amend(first.id, 3, {"tricks": ("Anna", "Anna", "Anna", "Anna")})
    assert earlier.path.read_bytes() == before


def test_an_evening_continued_before_it_said_so_is_still_continued_once(tmp_path):
    """Sessions continued by an earlier version have no ``continued`` event: the list of
    sessions still finds the one that continues it."""
    from scorekeeper import history

    store = clocked(tmp_path)
    first = example(store, "kratzen")
    config = first.ruleset.next_evening(first.config, first.state(), True)
    entry = history.opening_event(first.id, first.rows[-1]["hash"], first.hands_played,
                                  config.opening)
    second = store.create(config, opening=entry)  # as the version before wrote it
    assert store.open(first.id).continued_by is None
    with pytest.raises(StoreError, match=f"session {second.id} continues it already"):
        store.next_evening(first.id)


def test_the_list_says_which_evening_goes_on_where(tmp_path, run):
    store = clocked(tmp_path / "home")
    first = example(store, "kratzen", 3)
    second = store.next_evening(first.id).session
    lines = run("sessions").out.splitlines()
    [old] = [line for line in lines if line.startswith(first.id)]
    [new] = [line for line in lines if line.startswith(second.id)]
    assert "  continued  " in old and old.endswith(f"[goes on in {second.id}]")
    assert "  running  " in new and "(no hand yet)" in new and "goes on" not in new
    listed = {item["id"]: item for item in json.loads(run("sessions", "--json").out)}
    assert listed[first.id]["continued_by"] == second.id
    assert listed[second.id]["continued_by"] is None
    assert listed[second.id]["continues"] == first.id


def test_a_player_s_evenings_say_which_went_on_in_another(tmp_path, run):
    store = clocked(tmp_path / "home")
    first = example(store, "kratzen", 3)
    second = store.next_evening(first.id).session
    store.record(second.id, HandRecord(indicator=("KC",), entered=("Anna", "Ben", "Cleo"),
                                       tricks=("Ben", "Ben", "Cleo", "Dora")))
    lines = run("player", "Anna").out.splitlines()
    [old] = [line for line in lines if first.id in line]
    [new] = [line for line in lines if second.id in line]
    assert old.endswith("  continued") and new.endswith("  running")
