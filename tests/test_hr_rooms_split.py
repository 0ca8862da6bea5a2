"""Small rooms (hR): rules/base.py (1,005 lines) and tui/screens/home.py (662) split by job. Each
module of the two splits is at most 400 lines; a name is imported from the module that holds
it (no module of the splits passes on a name it imported: no re-export left behind); and the
games by name are one dict, whether asked as ``rules.base.RULESETS`` or, by a table's state
and a settled hand, as ``rules.results.GAMES``. ``show`` does not import a session's results
or a deal's plan (``rules.plans``: it makes neither)."""

from __future__ import annotations

from pathlib import Path

from .module_names import held, imported_from

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"
SPLIT = ("rules.base", "rules.ends", "rules.record", "rules.config", "rules.results",
         "rules.facts", "rules.entering", "rules.settling", "rules.plans", "tui.screens.home",
         "tui.screens.home_rows", "tui.screens.home_changes", "tui.screens.home_dialogs")
MOST_LINES = 400


def _path(module: str) -> Path:
    return PACKAGE.joinpath(*module.split(".")).with_suffix(".py")


def test_each_module_of_the_splits_is_a_small_room():
    long = {m: n for m in SPLIT if _path(m).exists()
            and (n := len(_path(m).read_text("utf-8").splitlines())) > MOST_LINES}
    missing = [m for m in SPLIT if not _path(m).exists()]
    assert not long and not missing, (long, missing)


def test_a_name_is_imported_from_the_module_that_holds_it():
    holds = {m: held(_path(m)) for m in SPLIT if _path(m).exists()}
    sources = [*PACKAGE.rglob("*.py"), *(ROOT / "tests").rglob("*.py"),
               *(ROOT / "tools").rglob("*.py")]
    passed_on = [f"{path.relative_to(ROOT)}:{line} {name} from {module}"
                 for path in sources for module, name, line in imported_from(path)
                 if module in holds and name not in holds[module]]
    assert not passed_on, "\n".join(passed_on)


def test_the_check_sees_a_name_passed_on(tmp_path):
    """The check above can fail: ``COLUMNS`` is ``homelist``'s, not the home screen's."""
    sample = tmp_path / "test_sample.py"
    sample.write_text("from scorekeeper.tui.screens.home import COLUMNS\n", "utf-8")
    assert imported_from(sample) == [("tui.screens.home", "COLUMNS", 1)]
    assert "COLUMNS" not in held(_path("tui.screens.home"))
    assert "COLUMNS" in held(_path("tui.homelist"))


def test_the_games_by_name_are_one_dict():
    from scorekeeper.rules import RULESETS as asked
    from scorekeeper.rules.base import RULESETS
    from scorekeeper.rules.results import GAMES

    assert RULESETS is GAMES is asked
    assert set(GAMES) >= {"kratzen", "letzter", "letzter-stich"}


def test_show_makes_no_class_of_results_or_deal_plan(tmp_path):
    """``show`` imports no module that holds ``Results`` or ``DealPlan`` (two NamedTuples, about
    0.4 ms each to make at import): it makes neither. Before, rules/base.py held both."""
    import subprocess
    import sys

    from scorekeeper.rules import make_config
    from scorekeeper.store import Store

    from .conftest import FOUR

    session = Store(tmp_path).create(make_config("kratzen", FOUR, "Anna"), []).id
    probe = ("import sys\nfrom scorekeeper.cli import main\ntry:\n    main(sys.argv[1:])\n"
             "except SystemExit:\n    pass\n"
             "print(' '.join(sorted(name for name, module in list(sys.modules.items())\n"
             "    if name.startswith('scorekeeper.') and module is not None\n"
             "    and {'Results', 'DealPlan'} & set(vars(module)))))\n"
             "print('scorekeeper.rules.results' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", probe, "--home", str(tmp_path), "show", session],
                          capture_output=True, text=True, check=True)
    holders, ran = done.stdout.splitlines()[-2:]
    assert ran == "True"  # the command ran, with the rules
    assert holders == ""
