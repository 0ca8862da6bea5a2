"""The same bytes before and after a change that must not change any output (issue 25).

    .venv/bin/python tools/same_bytes.py make HOME       the sessions, once (kept in HOME)
    .venv/bin/python tools/same_bytes.py dump HOME OUT [CODE]
                                      every output's bytes, into OUT (the scorekeeper of the
                                      folder CODE, a copy of the tree: this tree by default)
    diff -r OUT_BEFORE OUT_AFTER                          nothing, when nothing changed

``make`` stores each example (``replay --save``), a generated Kratzen session of 1,000 hands
and a Letzter session of 1,000 hands, an evening with an amendment, chip counts (one that
disagrees) and a settle-up, its next evening, and copies of that evening damaged in the ways
the audit names (a changed figure, a figure forged with every seal and hash written again, a
changed record, an unknown ruleset, changed settings, a changed earlier evening). Session ids
and times are random, so the sessions are made once and every ``dump`` reads the same files.

``dump`` writes, for each session, what the command line prints (stdout, stderr and the exit
status) for ``show --json``, ``audit --json`` and every export format, and ``replay --json``
of every example script; run it with the code before the change and after, and compare.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
PYTHON = str(ROOT / ".venv" / "bin" / "python")
FORMATS = ("csv", "json", "md", "html", "beancount")
NAMES = "names.json"  # in HOME: the name this tool gives each session -> its id


def _run(home: Path, *argv: str, code: Path = ROOT) -> tuple[int, bytes, bytes]:
    env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8", SCOREKEEPER_HOME=str(home))
    env.pop("LANGUAGE", None)
    # -m puts the working folder first on the path: the scorekeeper of ``code`` is run
    done = subprocess.run([PYTHON, "-m", "scorekeeper", *argv, "--home", str(home)],
                          capture_output=True, env=env, cwd=code, check=False)
    return done.returncode, done.stdout, done.stderr


def _reseal(data: dict[str, Any]) -> None:
    """Every hand's seal and every event's hash written again after the figures were changed:
    what someone with the file and this program can do."""
    from scorekeeper import chain

    events = data["events"]
    hands = data["hands"]
    for key in sorted(events, key=int):
        event = events[key]
        if event.get("type") == "hand" and str(event.get("number")) in hands:
            event["figures"] = chain.figures_seal(hands[str(event["number"])])
        elif event.get("type") == "amend" and isinstance(event.get("figures"), list):
            event["figures"] = [chain.figures_seal(hands[str(event["number"] + i)])
                                for i in range(len(event["figures"]))]
    previous = chain.GENESIS
    for key in sorted(events, key=int):
        event = events[key]
        event["prev"] = previous
        event.pop("hash", None)
        event["hash"] = chain.event_hash(event)
        previous = event["hash"]


def _evening(store: Any) -> str:
    from scorekeeper.rules import HandRecord, make_config

    players = ["Anna", "Ben", "Cleo", "Dora"]
    session = store.create(make_config("kratzen", players, "Anna"), language="de")
    for record in (HandRecord(indicator=("KC",), entered=("Ben", "Cleo", "Dora"),
                              tricks=("Ben", "Ben", "Cleo", "Dora")),
                   HandRecord(indicator=("W", "AH"), entered=("Cleo", "Anna"),
                              tricks=("Ben", "Cleo", "Ben", "Ben")),
                   HandRecord(indicator=("9S",), entered=("Dora",),
                              tricks=("Cleo", "Dora", "Dora", "Cleo"))):
        store.record(session.id, record)
    store.count(session.id, {"Anna": Decimal(-3)})
    store.amend(session.id, 1, {"tricks": ("Anna", "Anna", "Cleo", "Dora")})
    store.count(session.id, {"Anna": Decimal(-12), "Ben": Decimal(5)})
    store.settle_up(session.id, Decimal("0.10"), "EUR")
    store.name(session.id, "Friday at Anna's")
    return str(session.id)


def _damaged(store: Any, change: Any) -> str:
    session_id = _evening(store)
    path = store.resolve(session_id)
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    return session_id


def _forged(data: dict[str, Any]) -> None:
    hand = data["hands"]["2"]
    hand["pot_after"] = "98765"
    hand["transfers"][0]["amount"] = "98764"
    _reseal(data)


def make(home: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from tests.benchmarks.conftest import kratzen_session, letzter_records

    from scorekeeper.store import Store

    names: dict[str, str] = {}
    for script in sorted(EXAMPLES.glob("*.toml")):
        code, out, err = _run(home, "replay", str(script), "--save")
        assert code == 0, err
        names[script.stem] = next(w for w in out.decode().split() if len(w) == 8
                                  and all(c in "0123456789abcdef" for c in w))
    store = Store(home)
    for name, (config, records) in (("kratzen-1000", kratzen_session(1000, seed=7)),
                                    ("letzter-1000", letzter_records(1000, seed=8))):
        names[name] = str(store.create(config, records).id)
    names["evening"] = _evening(store)
    names["next-evening"] = str(store.next_evening(names["evening"]).session.id)
    names["changed-pot"] = _damaged(store, lambda d: d["hands"]["3"].update(pot_after="99"))
    names["forged-resealed"] = _damaged(store, _forged)

    def changed_record(data: dict[str, Any]) -> None:
        data["events"]["3"]["record"]["tricks"][0] = "Anna"

    def unknown_ruleset(data: dict[str, Any]) -> None:
        data["session"]["1"]["ruleset"] = "kratzen/99"

    def changed_settings(data: dict[str, Any]) -> None:
        data["session"]["1"]["settings"]["first_dealer"] = "Ben"

    def resealed_record(data: dict[str, Any]) -> None:
        data["events"]["2"]["record"]["tricks"] = ["Dora", "Dora", "Dora", "Dora"]
        _reseal(data)

    names["changed-record"] = _damaged(store, changed_record)
    names["unknown-ruleset"] = _damaged(store, unknown_ruleset)
    names["changed-settings"] = _damaged(store, changed_settings)
    names["resealed-record"] = _damaged(store, resealed_record)
    earlier = _evening(store)
    later = str(store.next_evening(earlier).session.id)
    _damaged_file = store.resolve(earlier)
    data = json.loads(_damaged_file.read_text(encoding="utf-8"))
    data["hands"]["2"]["pot_after"] = "7"
    _reseal(data)
    _damaged_file.write_text(json.dumps(data), encoding="utf-8")
    names["link-to-forged"] = later
    (home / NAMES).write_text(json.dumps(names, indent=1), encoding="utf-8")


def dump(home: Path, out: Path, code: Path = ROOT) -> None:
    names = json.loads((home / NAMES).read_text(encoding="utf-8"))
    out.mkdir(parents=True, exist_ok=True)
    before = {p: p.read_bytes() for p in sorted((home / "sessions").glob("*.json"))}

    def keep(label: str, result: tuple[int, bytes, bytes]) -> None:
        code, stdout, stderr = result
        (out / f"{label}.out").write_bytes(stdout)
        (out / f"{label}.err").write_bytes(stderr + f"\n[exit {code}]\n".encode())

    for script in sorted(EXAMPLES.glob("*.toml")):
        keep(f"replay-{script.stem}", _run(home, "replay", str(script), "--json", code=code))
    for name, session_id in sorted(names.items()):
        keep(f"{name}-show", _run(home, "show", session_id, "--json", code=code))
        keep(f"{name}-audit", _run(home, "audit", session_id, "--json", code=code))
        for fmt in FORMATS:
            keep(f"{name}-export-{fmt}", _run(home, "export", session_id, "--format", fmt,
                                              code=code))
    after = {p: p.read_bytes() for p in sorted((home / "sessions").glob("*.json"))}
    assert before == after, "a session file changed while its outputs were read"
    digest = hashlib.sha256()
    for path in sorted(out.iterdir()):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    print(f"{len(list(out.iterdir()))} outputs in {out}: sha256 {digest.hexdigest()[:16]}")


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "make":
        make(Path(argv[1]))
        return 0
    if len(argv) in (3, 4) and argv[0] == "dump":
        dump(Path(argv[1]), Path(argv[2]), *(Path(a).resolve() for a in argv[3:]))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
