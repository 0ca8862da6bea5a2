"""The reference settlement of the replay benchmark (reference.py) is right: it settles the
worked session of docs/rules.md to the figures written there, and prints what scorekeeper
prints, byte for byte, for that session and for hands the benchmark's session lacks (a
walkover, the Weli turned, a Muss with its players named). The benchmark itself also checks
that the two agree on its own session before it times them."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

from .processes import HERE, scorekeeper

EXAMPLE = Path(__file__).parents[2] / "examples" / "kratzen.toml"


def printed(args: list[str]) -> bytes:
    return subprocess.run(args, capture_output=True, check=True).stdout


def both(script: dict, tmp_path: Path) -> tuple[bytes, bytes]:
    path = tmp_path / "night.json"
    path.write_text(json.dumps(script), encoding="utf-8")
    return (printed([sys.executable, str(HERE / "reference.py"), str(path)]),
            printed(scorekeeper("replay", str(path), "--json")))


def test_the_worked_session_of_the_rules(tmp_path):
    reference, program = both(tomllib.loads(EXAMPLE.read_text(encoding="utf-8")), tmp_path)
    document = json.loads(reference)
    # docs/rules.md, "Worked session": the table of hands and the final balances.
    assert [(h["kind"], h["pot_before"], h["stake"], h["pot_after"])
            for h in document["hands"]] == [("muss", "0", "5", "15"), ("normal", "15", "16", "16"),
                                           ("normal", "16", "17", "51"),
                                           ("forced-muss", "51", "52", "52")]
    assert document["hands"][0]["deltas"] == {"Anna": "-12", "Ben": "-1", "Cleo": "-1",
                                              "Dora": "-1"}
    assert document["hands"][2]["deltas"] == {"Anna": "-17", "Ben": "4.25", "Cleo": "-30.75",
                                              "Dora": "8.5"}
    assert document["players"] == [{"name": "Anna", "score": "-45"},
                                   {"name": "Ben", "score": "14.25"},
                                   {"name": "Cleo", "score": "-27.75"},
                                   {"name": "Dora", "score": "6.5"}]
    assert (document["pot"], document["finished"], document["leaders"]) == ("52", True, ["Ben"])
    assert reference == program


def test_hands_the_benchmark_lacks(tmp_path):
    """A walkover (everyone else drops: the dealer takes P), the Weli then a 7 (a forced
    Muss), a Muss whose players are all named, an unfinished session of five players."""
    players = ["Anna", "Ben", "Cleo", "Dora", "Emil"]
    script = {"game": "kratzen", "players": players, "first_dealer": "Cleo",
              "options": {"rotations": 2}, "hands": [
                  {"indicator": "KC", "entered": ["Dora", "Emil", "Anna", "Ben"],
                   "tricks": ["Dora", "Cleo", "Cleo", "Emil"]},
                  {"indicator": "AS", "entered": [], "tricks": []},
                  {"indicator": ["6D", "7H"], "tricks": ["Ben", "Ben", "Ben", "Ben"]},
                  {"indicator": "QD", "entered": ["Ben"], "tricks": ["Anna", "Anna", "Ben", "Ben"]},
              ]}
    reference, program = both(script, tmp_path)
    document = json.loads(reference)
    assert [h["kind"] for h in document["hands"]] == ["muss", "walkover", "forced-muss", "normal"]
    # Hand 1: Cleo deals into an empty pot, stakes 2 + 4 = 6 = P; Anna and Ben take no trick
    # and pay P each: 18. Hand 2: Dora pays 1 (P = 19), everyone else drops: she takes P.
    walkover = document["hands"][1]
    assert (walkover["pot_before"], walkover["stake"], walkover["pot_after"]) == ("18", "19", "0")
    assert walkover["transfers"][-1] == {"from": "pot", "to": "Dora", "amount": "19",
                                         "reason": "walkover: everyone else dropped"}
    # Hand 3: an empty pot again (P = 6), and a 7 after the Weli: Ben takes every trick, so
    # Emil (dealer) pays 2P and the three others P: 36. Hand 4: P = 37, 9.25 a trick.
    assert [h["pot_after"] for h in document["hands"][2:]] == ["36", "0"]
    assert document["hands"][3]["transfers"][1]["amount"] == "9.25"
    assert document["finished"] is False
    assert reference == program
