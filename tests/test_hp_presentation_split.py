"""Small rooms (hP): presentation.py (969 lines) split by job. presentation keeps the standings
and the hands of a ledger; showtext a stored session as ``show`` prints it; eveningwords an
evening's marks; countwords the chip counts; handwords a hand's payments and amendments;
settlewords a settle-up; guidewords the table guide and the hand being entered; sessionview what
they read of a stored session. Each module is at most 400 lines; a name is imported from the
module that holds it (none of them passes on a name it imported); and ``show`` of a session
never settled up, ``replay --json`` and ``record`` import no module holding words they do not
say (before the split, presentation.py held them all, and every one of these imported it).
Anna, Ben, Cleo and Dora play Kratzen."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.rules import make_config
from scorekeeper.store import Store

from .conftest import EXAMPLES, FOUR
from .module_names import held, imported_from

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"
SPLIT = ("presentation", "showtext", "eveningwords", "countwords", "handwords", "settlewords",
         "guidewords", "sessionview")
MOST_LINES = 400


def path_of(module: str) -> Path:
    return PACKAGE.joinpath(*module.split(".")).with_suffix(".py")


def test_each_module_of_the_split_is_a_small_room():
    lines = {m: len(path_of(m).read_text("utf-8").splitlines()) for m in SPLIT
             if path_of(m).exists()}
    missing = [m for m in SPLIT if m not in lines]
    long = {m: n for m, n in lines.items() if n > MOST_LINES}
    assert not long and not missing, (long, missing)


def test_a_name_is_imported_from_the_module_that_holds_it():
    holds = {m: held(path_of(m)) for m in SPLIT if path_of(m).exists()}
    sources = [*PACKAGE.rglob("*.py"), *(ROOT / "tests").rglob("*.py"),
               *(ROOT / "tools").rglob("*.py")]
    passed_on = [f"{path.relative_to(ROOT)}:{line} {name} from {module}"
                 for path in sources for module, name, line in imported_from(path)
                 if module in holds and name not in holds[module]]
    assert not passed_on, "\n".join(passed_on)


def test_the_check_sees_a_name_passed_on(tmp_path):
    """The check above can fail: ``pot_label`` is the documents', which presentation.py passed
    on before the split."""
    sample = tmp_path / "test_sample.py"
    sample.write_text("from scorekeeper.presentation import pot_label\n", "utf-8")
    assert imported_from(sample) == [("presentation", "pot_label", 1)]
    assert "pot_label" not in held(path_of("presentation"))


# The words each command does not say: a settle-up (show of a session never settled up), the
# table guide and the hand being entered, a hand's payments and an amendment's effect (show,
# replay), the standings table of a ledger (replay --json: its document is JSON), a stored
# session as show prints it (record: it says what the hand moved and what comes next).
NOT_SAID = {
    "show": {"settle_up_lines", "payment_line", "table_guide", "step_prompt", "payment_lines",
             "amendment_lines"},
    "replay": {"settle_up_lines", "table_guide", "step_prompt", "payment_lines",
               "amendment_lines", "standings_lines", "standings_text"},
    "record": {"settle_up_lines", "table_guide", "step_prompt", "standings_text"},
}
PROBE = """import sys
from scorekeeper.cli import main
try:
    main(sys.argv[2:])
except SystemExit:
    pass
names = set(sys.argv[1].split(','))
print(' '.join(sorted(name for name, module in list(sys.modules.items())
                      if name.startswith('scorekeeper.') and module is not None
                      and names & set(vars(module)))))
print('scorekeeper.ledger' in sys.modules)
"""


def holders_after(words: set[str], args: list[str]) -> str:
    """The modules of the package that hold any of ``words`` once the command ``args`` ran."""
    done = subprocess.run([sys.executable, "-c", PROBE, ",".join(sorted(words)), *args],
                          capture_output=True, text=True, check=True)
    holders, ran = done.stdout.splitlines()[-2:]
    assert ran == "True"  # the command ran, with the ledger
    return holders


@pytest.mark.parametrize("command", ["show", "replay", "record"])
def test_a_command_imports_no_words_it_does_not_say(tmp_path, command):
    session = Store(tmp_path).create(make_config("kratzen", FOUR, "Anna"), []).id
    hand = ["--indicator", "7D", "--tricks", "Anna,Ben,Cleo,Dora"]  # a forced Muss
    args = {"show": ["--home", str(tmp_path), "show", session],
            "replay": ["replay", "--json", str(EXAMPLES / "kratzen.toml")],
            "record": ["--home", str(tmp_path), "record", session, *hand]}[command]
    assert holders_after(NOT_SAID[command], args) == ""
