"""Issue 26, trial 31 (cli-06): ``new --continue`` of an evening that went on in a session
whose file is damaged names that file and what is wrong with it, where it said only
"continue that one" (German "setzt jene fort") (hC)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import EXAMPLES


def _went_on(run, tmp_path) -> tuple[str, str]:
    assert run("replay", str(EXAMPLES / "kratzen.toml"), "--save").code == 0
    first = json.loads(run("sessions", "--json").out)[0]["id"]
    then = json.loads(run("new", "--continue", first, "--json").out)["id"]
    return first, then


def _files(tmp_path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((tmp_path / "home" / "sessions").iterdir())}


@pytest.mark.parametrize(("language", "damaged"), [("en", "damaged"), ("de", "beschädigt")])
def test_continuing_again_names_the_damaged_next_evening(run, tmp_path, language, damaged):
    first, then = _went_on(run, tmp_path)
    later = tmp_path / "home" / "sessions" / f"{then}.json"
    data = json.loads(later.read_text(encoding="utf-8"))
    data["session"]["1"]["settings"]["options"]["rotations"] = 7  # changed by hand
    later.write_text(json.dumps(data), encoding="utf-8")
    before = _files(tmp_path)
    refused = run("--lang", language, "new", "--continue", first)
    assert refused.code == 2 and refused.out == ""
    line = refused.err.strip()
    assert "\n" not in line and line.startswith(f"error: sessions/{first}.json: ")
    assert then in line.split(": ", 2)[2]
    # the damaged file and what is wrong with it, as opening it says
    assert f"sessions/{then}.json: {damaged}: " in line and "'settings'" in line, line
    assert _files(tmp_path) == before  # nothing written, no session started


def test_continuing_again_a_whole_next_evening_says_continue_that_one(run, tmp_path):
    first, then = _went_on(run, tmp_path)
    refused = run("new", "--continue", first)
    assert refused.code == 2
    assert refused.err == (f"error: sessions/{first}.json: session {then} continues it already "
                           "(what it left went there); continue that one\n")
