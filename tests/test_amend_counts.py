"""Amending like a person would (several hands in one step, every change hand by hand), chip
counts held against the ledger as it stands now, the referee's findings on their hands, and
the JSON export's events as stored: through the store and the command line.

The session (Kratzen, Anna Ben Cleo Dora, Anna deals first), worked by hand from docs/rules.md:

- Hand 1, Anna deals into an empty pot: a Muss, Anna pays 2, everyone else 1: P = 5. K♣
  turned; tricks Ben Ben Cleo Cleo; nobody is paid in a Muss. Anna (dealer, needs 2, took 0)
  pays 2P = 10, Dora (took 0) pays P = 5. Anna -12, Ben -1, Cleo -1, Dora -6; pot 20.
- Hand 2, Ben deals: pot 20, his stake 1, P = 21, each trick P/4 = 5¼. 9♥ turned, everyone
  plays; tricks Ben Cleo Ben Dora. Ben -1 + 10½ = +9½, Cleo +5¼, Dora +5¼; Anna took none:
  pays 21. After it: Anna -33, Ben 8½, Cleo 4¼, Dora -¾; pot 21 - 21 + 21 = 21.
- Hand 3, Cleo deals: P = 22, P/4 = 5½. 8♠ turned; Dora and Ben play, Anna drops; tricks
  Dora Cleo Ben Dora. Cleo took 1 of the 2 she needs: -1 + 5½ - 2P (44) = -39½; Dora +11,
  Ben +5½. Pot 22 - 22 + 44 = 44.
"""

import json

from scorekeeper.chain import event_hash
from scorekeeper.store import Store, StoreError

from .test_store import session_file

HAND_1 = ["--indicator", "KC", "--tricks", "Ben,Ben,Cleo,Cleo"]
HAND_2 = ["--indicator", "9H", "--entered", "Cleo,Dora,Anna", "--tricks", "Ben,Cleo,Ben,Dora"]
HAND_3 = ["--indicator", "8S", "--entered", "Dora,Ben", "--tricks", "Dora,Cleo,Ben,Dora"]
# Hand 2 as Anna really played it: she dropped; Ben, Cleo and Dora took the tricks they
# needed, so nobody pays a penalty and the four tricks empty the pot (21 - 4 × 5¼ = 0).
ANNA_DROPPED = ["--entered", "Cleo,Dora", "--tricks", "Ben,Cleo,Ben,Dora"]


def new_session(run) -> str:
    made = run("new", "--game", "kratzen", "--players", "Anna,Ben,Cleo,Dora", "--dealer",
               "Anna", "--json")
    return json.loads(made.out)["id"]


def two_hands(run) -> str:
    session_id = new_session(run)
    for hand in (HAND_1, HAND_2):
        assert run("record", session_id, *hand).code == 0
    return session_id


def three_hands(run) -> str:
    session_id = two_hands(run)
    assert run("record", session_id, *HAND_3).code == 0
    return session_id


def standings(run, session_id: str) -> dict:
    document = json.loads(run("show", session_id, "--json").out)
    return {p["name"]: p["score"] for p in document["players"]} | {"pot": document["pot"]}


def test_the_session_is_as_worked_out_by_hand(run):
    session_id = three_hands(run)
    assert standings(run, session_id) == {"Anna": "-33", "Ben": "14", "Cleo": "-35.25",
                                          "Dora": "10.25", "pot": "44"}


# ---- counts against the ledger as it stands now ------------------------------------------------

def test_a_count_that_agreed_disagrees_once_an_amendment_changes_its_hand(run):
    """The issue's failure: the count was right then; hand 2 is amended afterwards, so the
    ledger now says something else of the same moment, and every view says so."""
    session_id = two_hands(run)
    assert run("count", session_id, "Ben=8.5").code == 0        # agrees: 8½ after hand 2
    assert run("record", session_id, *HAND_3).code == 0
    # Hand 2 amended: Ben takes tricks 1 to 3 (+15¾ - 1 = +14¾), Cleo none (pays P = 21).
    # After hand 2 Ben has -1 + 14¾ = 13¾: the count of 8½ is now off by 8½ - 13¾ = -5¼.
    amended = run("amend", session_id, "2", "--tricks", "Ben,Ben,Ben,Dora")
    assert amended.code == 0, amended.err
    shown = run("show", session_id).out
    assert ("after hand 2 (" in shown and "): Ben 8½; the ledger said Ben 8½ then (agreed); "
            "after the amendment of hand 2 it says Ben 13¾: disagrees now: Ben off by -5¼"
            in shown)
    audit = run("audit", session_id)
    assert audit.code == 1
    assert ("chip count after hand 2 (event 4): counted Ben 8½; the ledger said Ben 8½ then "
            "(agreed); after the amendment of hand 2 it says Ben 13¾: Ben off by -5¼"
            in audit.out)  # as every human text writes chips (issue 26)
    findings = json.loads(run("audit", session_id, "--json").out)["findings"]
    assert [(f["hand"], f["kind"]) for f in findings] == [(2, "count")]


def test_a_difference_an_amendment_explains_goes_away_and_is_said(run):
    """The table counted right and hand 2 was recorded wrong: once it is amended the count
    agrees, audit is clean, and the views say the difference went away, and why."""
    session_id = two_hands(run)
    # Counted after hand 2: Ben 13¾ and Dora -27, where the ledger says 8½ and -¾.
    counted = run("count", session_id, "Ben=13.75", "Dora=-27")
    assert counted.code == 1 and "Ben: counted 13¾, ledger 8½  off by +5¼" in counted.out
    assert run("audit", session_id).code == 1
    # As it was: Ben took tricks 1, 3 and 4 (3 × 5¼ - 1 = +14¾: 13¾), Cleo trick 2 (4¼),
    # Dora none (pays P = 21: -6 - 21 = -27).
    assert run("amend", session_id, "2", "--tricks", "Ben,Cleo,Ben,Ben").code == 0
    shown = run("show", session_id).out
    assert ("Ben 13¾, Dora -27; the ledger said Ben 8½, Dora -¾ then (disagreed: Ben off by "
            "+5¼, Dora off by -26¼); after the amendment of hand 2 it says Ben 13¾, Dora -27: "
            "agrees now") in shown
    audit = run("audit", session_id)
    assert audit.code == 0 and "audit clean" in audit.out
    assert ": note: chip count after hand 2 (event 4)" in audit.out and "it agrees now" in audit.out
    report = json.loads(run("audit", session_id, "--json").out)
    assert report["ok"] and report["findings"] == []
    assert [(n["hand"], n["kind"]) for n in report["notes"]] == [(2, "count")]


def test_a_count_whose_hand_was_withdrawn_is_not_compared_until_it_is_recorded_again(run):
    session_id = three_hands(run)
    assert run("count", session_id, "Cleo=-30").code == 1        # the ledger says -35¼
    assert run("undo", session_id).code == 0
    shown = run("show", session_id).out
    assert ("Cleo -30; disagreed: Cleo off by +5¼ then; hand 3 was withdrawn since: not "
            "compared with the ledger now") in shown
    audit = run("audit", session_id, "--json")
    assert audit.code == 0
    assert "hand 3 was withdrawn since" in json.loads(audit.out)["notes"][0]["message"]
    # Recorded again as it was: the ledger says the same of that moment, so the count
    # disagrees as it did.
    assert run("record", session_id, *HAND_3).code == 0
    assert "Cleo -30; disagrees: Cleo off by +5¼" in run("show", session_id).out
    assert run("audit", session_id).code == 1


def test_exports_compare_each_count_with_the_ledger_now(run):
    session_id = two_hands(run)
    assert run("count", session_id, "Ben=8.5", "pot=21").code == 0
    assert run("amend", session_id, "2", "--tricks", "Ben,Ben,Ben,Dora").code == 0
    # Now after hand 2: Ben 13¾; the pot 21 - 21 + 21 (Cleo) + 21 (Anna) = 42.
    csv_text = run("export", session_id, "--format", "csv").out
    assert ("chip count: ledger 8.5; after the amendment of hand 2 the ledger says 13.75, off "
            "by -5.25") in csv_text
    assert "chip count: ledger 21; after the amendment of hand 2 the ledger says 42, off by -21" \
        in csv_text
    md = run("export", session_id, "--format", "md").out
    assert ("- after hand 2: Ben 8½, pot 21 (the ledger said Ben 8½, pot 21 then: agrees; "
            "after the amendment of hand 2 it says Ben 13¾, pot 42: Ben off by -5¼, "
            "pot off by -21)") in md  # quarters, as every human text writes them (issue 26)
    html = run("export", session_id, "--format", "html").out
    assert ("after the amendment of hand 2 it says Ben 13¾, pot 42: Ben off by -5¼, pot off "
            "by -21") in html
    bean = run("export", session_id, "--format", "beancount").out
    assert "after the amendment of hand 2 the ledger says 13.75, off by -5.25" in bean
    counts = json.loads(run("export", session_id, "--format", "json").out)["counts"]
    assert counts == [{
        "after_hand": 2, "at": counts[0]["at"], "seq": 4,
        "counted": {"Ben": "8.5", "pot": "21"}, "ledger_then": {"Ben": "8.5", "pot": "21"},
        "off_then": {}, "ledger_now": {"Ben": "13.75", "pot": "42"},
        "off_now": {"Ben": "-5.25", "pot": "-21"}, "agrees": False,
        "changed_by": [{"type": "amend", "number": 2, "seq": 5}]}]


# ---- amending several hands in one step ----------------------------------------------------------

def test_the_amendment_shows_what_it_does_to_every_later_hand(run):
    session_id = three_hands(run)
    result = run("amend", session_id, "2", "--tricks", "Ben,Ben,Ben,Dora")
    assert result.code == 0, result.err
    # Hand 2: Ben +9½ -> +14¾, Cleo +5¼ -> -21 (no trick: pays P); the pot after it
    # 21 -> 42. Hand 3 then has P = 43 (10¾ a trick): Ben +10¾, Dora +21½, Cleo
    # -1 + 10¾ - 86 = -76¼; the pot 43 - 43 + 86 = 86.
    assert ("hand 2 (amended): Ben +9½ -> +14¾, Cleo +5¼ -> -21; pot after 21 -> 42"
            in result.out)
    assert ("hand 3: Ben +5½ -> +10¾, Cleo -39½ -> -76¼, Dora +11 -> +21½; pot after 44 -> 86"
            in result.out)
    # (the scores in columns: spaces between them vary with the widest)
    assert "Anna: -33 -> -33 (no change)" in " ".join(result.out.split())


def test_a_later_hand_that_no_longer_fits_is_said_in_plain_words(run, tmp_path):
    session_id = three_hands(run)
    path = session_file(tmp_path, session_id)
    before = path.read_bytes()
    result = run("amend", session_id, "2", *ANNA_DROPPED)
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert (f"error: sessions/{session_id}.json: hand 3 no longer fits what was recorded for "
            f"it once hand 2 is amended: the pot holds 0 when hand 3 begins (it held 21); in a "
            f"Muss nobody may drop: Anna must play too. Nothing was written; to amend hand 3 "
            f"too, in the same step, add --then 3 and its fields.") in result.err
    assert "'entered'" not in result.err  # no words of the file's
    assert path.read_bytes() == before
    # A script is still told how its record could be written instead.
    script = tmp_path / "night.toml"
    script.write_text('game = "kratzen"\nplayers = ["Anna", "Ben", "Cleo", "Dora"]\n'
                      'first_dealer = "Anna"\n[[hands]]\nindicator = "KC"\n'
                      'entered = ["Ben"]\ntricks = ["Ben", "Ben", "Cleo", "Cleo"]\n')
    refused = run("replay", str(script))
    assert "in a Muss nobody may drop: Cleo and Dora must play too (or leave 'entered' out)" \
        in refused.err


def test_then_amends_the_later_hand_in_the_same_step(run, tmp_path):
    """Two amend events, one per hand, each naming both, written in one step (the JSON export
    gives them as stored: tests below)."""
    session_id = three_hands(run)
    result = run("amend", session_id, "2", *ANNA_DROPPED, "--then", "3", "--entered",
                 "Dora,Anna,Ben")
    assert result.code == 0, result.err
    # Hand 2: Anna 0 (dropped), the pot 0 after it. Hand 3 is then a Muss: Cleo (dealer)
    # pays 2, everyone else 1, P = 5; Cleo took 1 of 2: pays 2P = 10, Anna took none: P = 5.
    # Hand 3: Anna -6, Ben -1, Cleo -12, Dora -1; the pot 5 + 10 + 5 = 20.
    assert "hands 2 and 3 amended in session" in result.out
    assert "hand 2 (amended): Anna -21 -> ±0; pot after 21 -> 0" in result.out
    assert ("hand 3 (amended): normal -> Muss; Anna ±0 -> -6, Ben +5½ -> -1, Cleo -39½ -> -12, "
            "Dora +11 -> -1; pot after 44 -> 20") in result.out
    assert standings(run, session_id) == {"Anna": "-18", "Ben": "7.5", "Cleo": "-7.75",
                                          "Dora": "-1.75", "pot": "20"}
    rows = json.loads(session_file(tmp_path, session_id).read_text())["events"]
    amends = [rows[k] for k in sorted(rows, key=int) if rows[k]["type"] == "amend"]
    assert [(e["number"], e["together"]) for e in amends] == [(2, [2, 3]), (3, [2, 3])]
    assert amends[1]["seq"] == amends[0]["seq"] + 1 and amends[0]["at"] == amends[1]["at"]
    assert "hand 2 amended together with hand 3" in run("show", session_id).out
    assert run("audit", session_id).code == 0
    exported = json.loads(run("export", session_id, "--format", "json").out)["events"]
    assert [e for e in exported if e["type"] == "amend"] == amends


def test_one_step_is_all_or_nothing(run, tmp_path):
    session_id = three_hands(run)
    path = session_file(tmp_path, session_id)
    before = path.read_bytes()
    digest = json.loads(run("export", session_id, "--format", "json").out)["digest"]
    for args, said in [
        (["--then", "3", "--entered", "Dora,Anna,Ben", "--tricks", "Eve,Cleo,Ben,Dora"],
         "'Eve'"),
        (["--then", "3", "--entered", "Dora,Ben"], "hand 3: --entered: in a Muss nobody may"),
        (["--then", "2", "--tricks", "Ben,Ben,Ben,Dora"], "hand 2 is amended twice"),
        (["--then", "9", "--tricks", "Ben,Ben,Ben,Dora"], "hand 9 is not in force"),
        (["--then"], "--then: give the number of the hand"),
        (["--then", "3"], "--then 3: give at least one of"),
        (["--then", "3", "--entered", "Dora,Anna,Ben", "--expect", "0" * 12],
         "the session changed meanwhile"),
    ]:
        result = run("amend", session_id, "2", *ANNA_DROPPED, *args)
        assert result.code == 2 and said in result.err, (args, result.err)
        assert len(result.err.splitlines()) == 1
        assert path.read_bytes() == before
    done = run("amend", session_id, "2", *ANNA_DROPPED, "--then", "3", "--entered",
               "Dora,Anna,Ben", "--expect", digest)
    assert done.code == 0, done.err


def test_the_store_says_which_hand_and_how_to_amend_it_too(tmp_path, run):
    from scorekeeper.store import LaterHandBroken

    session_id = three_hands(run)
    store = Store(tmp_path / "home")
    changes = {"entered": ("Cleo", "Dora"), "tricks": ("Ben", "Cleo", "Ben", "Dora")}
    try:
        store.preview_amend_hands(session_id, [(2, changes)])
    except LaterHandBroken as broken:
        assert broken.hand == 3 and broken.can_amend
        assert broken.state.pot == 0 and broken.state.hands_played == 2
        assert broken.record.entered == ("Dora", "Ben")
    else:
        raise AssertionError("hand 3 fits no longer: the preview must say so")
    amended = store.preview_amend_hands(session_id, [(3, {"entered": None}), (2, changes)])
    assert amended.numbers == (2, 3)
    assert [(h.number, h.amended) for h in amended.hands_changed()] == [(2, True), (3, True)]
    try:
        store.amend_hands(session_id, [])
    except StoreError as error:
        assert "no hand to amend" in str(error)


# ---- the referee's findings, shown on their hands ----------------------------------------------

# Letzter Stich, Anna deals, Ben leads: Dora wins every trick. Cleo plays 9♥ to trick 1 while
# holding 8♣ and Q♣, and 8♣ to trick 3 while holding Q♥ (tests/test_referee.py works it out).
REVOKED = ("7C,9H,AC,9C; AD,7D,8D,9D; AH,7H,8H,8C; AS,7S,8S,9S; KC,10C,JC,QC; KD,10D,JD,QD; "
           "KH,10H,JH,QH; KS,10S,JS,QS")
FINDING_1 = "trick 1: Cleo played 9♥: illegal: held 8♣ and Q♣ and had to follow ♣"
FINDING_3 = "trick 3: Cleo played 8♣: illegal: held Q♥ and had to follow ♥"


def revoked_session(run) -> str:
    made = run("new", "--game", "letzter-stich", "--players", "Anna,Ben,Cleo,Dora", "--dealer",
               "Anna", "--json")
    session_id = json.loads(made.out)["id"]
    assert run("record", session_id, "--cards", REVOKED).code == 0
    return session_id


def test_show_lists_the_referee_s_findings_on_their_hand(run):
    session_id = revoked_session(run)
    shown = run("show", session_id).out
    assert "referee's findings (kept with the hands):" in shown
    assert f"  hand 1: {FINDING_1}\n  hand 1: {FINDING_3}\n" in shown
    hand = json.loads(run("show", session_id, "--json").out)["hands"][0]
    assert hand["findings"] == [FINDING_1, FINDING_3]


def test_every_export_carries_the_referee_s_findings(run):
    session_id = revoked_session(run)
    md = run("export", session_id, "--format", "md").out
    assert "## Referee's findings" in md
    assert "- hand 1: trick 1: Cleo played 9♥: illegal: held 8♣ and Q♣ and had to follow ♣" in md
    html = run("export", session_id, "--format", "html").out
    assert f"<li>hand 1: {FINDING_3}</li>" in html
    rows = run("export", session_id, "--format", "csv").out.splitlines()
    found = [r for r in rows if ",finding," in r]
    assert len(found) == 2 and found[0].startswith("1,") and f"referee: {FINDING_1}" in found[0]
    exported = json.loads(run("export", session_id, "--format", "json").out)
    assert exported["hands"][0]["findings"] == [FINDING_1, FINDING_3]
    # A hand without findings has no findings field: the document is as before.
    clean = new_session(run)
    assert run("record", clean, *HAND_1).code == 0
    assert "findings" not in json.loads(run("show", clean, "--json").out)["hands"][0]


# ---- the JSON export's events are the events as stored -------------------------------------------

def test_the_json_export_writes_every_event_as_it_is_stored(run, tmp_path):
    session_id = two_hands(run)
    assert run("count", session_id, "Ben=8.5").code == 0
    assert run("record", session_id, *HAND_3).code == 0
    assert run("amend", session_id, "2", "--tricks", "Ben,Ben,Ben,Dora").code == 0
    assert run("undo", session_id).code == 0
    assert run("settle", session_id).code == 0
    stored = json.loads(session_file(tmp_path, session_id).read_text())["events"]
    rows = [stored[k] for k in sorted(stored, key=int)]
    exported = json.loads(run("export", session_id, "--format", "json").out)["events"]
    assert [e["type"] for e in exported] == ["created", "hand", "hand", "count", "hand",
                                             "amend", "withdraw", "settle"]
    assert exported == rows
    assert all(event_hash(e) == e["hash"] for e in exported)
    assert set(exported[0]) >= {"format", "id", "ruleset", "created", "settings",
                                "dealer_drawn"}


def test_a_muss_that_an_amendment_makes_a_normal_hand_no_longer_fits(run, tmp_path):
    """Trial 32: hand 2 a walkover (everyone dropped: Ben took the 20 in the pot), so hand 3
    was a Muss, where nobody is asked whether they play (its record says everyone played).
    Hand 2 amended so that Cleo played and took no trick: she pays P = 21 into the pot, hand
    3 begins with 21 and is a normal hand, where each player plays or drops. It was settled as
    if everyone had chosen to play (Anna, Ben, Dora with a trick each, Cleo paying for hers
    not taken); now it no longer fits until the table says who played (D19)."""
    session_id = new_session(run)
    assert run("record", session_id, "--indicator", "KC", "--tricks",
               "Ben,Ben,Cleo,Cleo").code == 0  # a Muss: the pot 20 (D19's hand 1)
    assert run("record", session_id, "--indicator", "9H", "--entered", "").code == 0
    assert run("record", session_id, "--indicator", "8S", "--tricks",
               "Cleo,Dora,Anna,Ben").code == 0  # the pot empty: a Muss
    path = session_file(tmp_path, session_id)
    before = path.read_bytes()
    result = run("amend", session_id, "2", "--entered", "Cleo", "--tricks", "Ben,Ben,Ben,Ben")
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert (f"error: sessions/{session_id}.json: hand 3 no longer fits what was recorded for "
            f"it once hand 2 is amended: the pot holds 21 when hand 3 begins (it held 0); it "
            f"was recorded as a Muss, where nobody is asked whether they play; as a normal "
            f"hand each player plays or drops: say who played. Nothing was written; to amend "
            f"hand 3 too, in the same step, add --then 3 and its fields.") in result.err
    assert path.read_bytes() == before
    unsaid = run("amend", session_id, "2", "--entered", "Cleo", "--tricks", "Ben,Ben,Ben,Ben",
                 "--then", "3", "--tricks", "Cleo,Dora,Anna,Ben")  # who played: not said
    assert unsaid.code == 2 and len(unsaid.err.splitlines()) == 1, unsaid.err
    assert "hand 3: it was recorded as a Muss" in unsaid.err and "say who played" in unsaid.err
    assert path.read_bytes() == before  # (trial 33: it was taken as everyone playing)
    both = run("amend", session_id, "2", "--entered", "Cleo", "--tricks", "Ben,Ben,Ben,Ben",
               "--then", "3", "--entered", "Dora,Anna,Ben")  # the table says: all played
    assert both.code == 0, both.err
    assert "hand 3 (amended): Muss -> normal" in both.out


def test_a_count_moved_by_an_amendment_names_only_those_it_moved_or_found_off(tmp_path):
    """Trial 32 (t32b/90-92): six players counted after hand 6, Maximilian 7 over; hand 6
    then amended so that Konstantin takes three tricks and Eleonore the last (the pot's and
    their figures move). The finding said every player's figure three times (twelve lines
    at 80x24, the digest out of view); those on whom the count, the ledger then and the
    ledger now agree throughout (Bartholomäus, Friederike, Annemarie) are left out."""
    from scorekeeper.store import Store

    from .test_ht3_closed_evening_table import CONFIG, HANDS, NAMES

    store = Store(tmp_path)
    session = store.create(CONFIG, HANDS)
    state = session.state()
    counted = {p: state.scores[p] for p in NAMES} | {"pot": state.pot}
    counted[NAMES[2]] += 7  # Maximilian
    store.count(session.id, counted)
    store.amend(session.id, 6, {"tricks": (NAMES[4], NAMES[4], NAMES[4], NAMES[0])})
    [finding] = [f.message for f in store.audit(session.id)[1] if f.kind == "count"]
    for name in (NAMES[0], NAMES[2], NAMES[4]):  # Eleonore, Maximilian, Konstantin
        assert finding.count(name) >= 3, finding
    for name in (NAMES[1], NAMES[3], NAMES[5]):
        assert name not in finding, finding
