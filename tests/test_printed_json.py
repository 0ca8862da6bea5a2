"""The JSON documents the commands print and export are, byte for byte, what ``json.dumps(...,
indent=2, ensure_ascii=False)`` printed before orjson wrote them."""

import json

import pytest

from .conftest import EXAMPLES

EXAMPLE_FILES = sorted(p.name for p in EXAMPLES.glob("*.toml"))


def as_json_dumps_printed_it(text: str) -> str:
    return json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n"


@pytest.mark.parametrize("name", EXAMPLE_FILES)
def test_replay_json_prints_what_json_dumps_printed(run, name):
    replayed = run("replay", str(EXAMPLES / name), "--json")
    assert replayed.code == 0, replayed.err
    assert replayed.out == as_json_dumps_printed_it(replayed.out)


@pytest.mark.parametrize("name", EXAMPLE_FILES)
def test_show_audit_and_export_json_print_what_json_dumps_printed(run, name):
    saved = run("replay", str(EXAMPLES / name), "--save", "--json")
    assert saved.code == 0, saved.err
    session_id = saved.err.strip()
    for args in (["show", session_id, "--json"], ["audit", session_id, "--json"]):
        printed = run(*args)
        assert printed.code == 0, printed.err
        assert printed.out == as_json_dumps_printed_it(printed.out)
    exported = run("export", session_id, "--format", "json")
    assert exported.code == 0, exported.err
    assert exported.out.rstrip("\n") + "\n" == as_json_dumps_printed_it(exported.out)
