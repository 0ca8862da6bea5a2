"""The shape of the code: games live in scorekeeper/rules/ only, imports run one way."""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"

# Words that belong to one game. Outside scorekeeper/rules/ the code asks the game's ruleset
# instead of naming the game or one of its own concepts. (The Weli is a card of the pack, so
# the card module may name it; its role in a game is the game's.)
GAME_WORDS = ("kratzen", "letzter", "muss", "walkover", "durchmarsch", "sweep", "indicator",
              "weli", "stakes")
MAY_NAME = {"cards.py": {"weli"}}


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                found.add(id(body[0].value))
    return found


def _code_words(path: Path) -> list[tuple[int, str]]:
    """Every identifier and string literal of a module (not its comments or docstrings)."""
    tree = ast.parse(path.read_text("utf-8"))
    docs = _docstrings(tree)
    words = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            words.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute):
            words.append((node.lineno, node.attr))
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            words.append((node.lineno, node.name))
        elif isinstance(node, ast.arg):
            words.append((node.lineno, node.arg))
        elif isinstance(node, ast.keyword) and node.arg:
            words.append((node.value.lineno, node.arg))
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and id(node) not in docs):
            words.append((node.lineno, node.value))
    return words


def outside_rules() -> list[Path]:
    return [p for p in _modules() if "rules" not in p.relative_to(PACKAGE).parts]


def game_words_in(path: Path) -> list[str]:
    allowed = MAY_NAME.get(path.name, set())
    pattern = re.compile("|".join(w for w in GAME_WORDS if w not in allowed), re.IGNORECASE)
    return [f"{path.relative_to(PACKAGE)}:{line}: {text!r}"
            for line, text in _code_words(path) if pattern.search(text)]


def test_no_game_is_named_outside_the_rules():
    found = [hit for path in outside_rules() for hit in game_words_in(path)]
    assert not found, "game names or game-only words outside scorekeeper/rules/:\n" + \
        "\n".join(found)


def test_the_check_finds_a_game_named_in_code(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""Docstrings may say Kratzen."""\n# and comments: kratzen\n'
                      'def f(config):\n    return config.game == "kratzen"\n')
    assert game_words_in_file(sample) == ["4: 'kratzen'"]


def game_words_in_file(path: Path) -> list[str]:
    pattern = re.compile("|".join(GAME_WORDS), re.IGNORECASE)
    return [f"{line}: {text!r}" for line, text in _code_words(path) if pattern.search(text)]


# ---- imports run one way -----------------------------------------------------------------------

# Lower layers never import higher ones: the models and the rules at the bottom, then what
# settles and presents, then the store, then the command line and the table app.
LAYERS = [
    # i18n: the words of every layer (it reads its packaged catalogs when a language is first
    # used, never at import; tests/test_purity.py imports it with the core).
    {"errors", "i18n", "amounts", "cards", "cells", "paths", "jsontext", "summary", "collector"},
    {"rules"},
    {"referee", "ledger", "settleup"},
    {"documents", "chain", "history", "sessionfile", "audit", "presentation", "showtext",
     "sessionview", "eveningwords", "handwords", "countwords", "settlewords", "guidewords",
     "showfit", "export", "script", "rulecards", "chart", "season", "seasonnames",
     "seasonevening", "seasonformats", "seasonplayers", "eveningfigures", "headerdiff"},
    {"store", "settings"},
    {"cli", "tui", "__main__"},
]


def _name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(p for p in parts if p != "__init__")


def _imports(path: Path) -> set[str]:
    """The package's own modules that ``path`` imports, anywhere in it (functions too)."""
    tree = ast.parse(path.read_text("utf-8"))
    here = _name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                target = ".".join([*base, *(node.module.split(".") if node.module else [])])
                names = [f"{target}.{a.name}" if target else a.name for a in node.names]
                found.update(n for n in [target, *names] if n)
            elif node.module and node.module.startswith("scorekeeper"):
                found.add(node.module.removeprefix("scorekeeper").lstrip("."))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("scorekeeper."):
                    found.add(alias.name.removeprefix("scorekeeper."))
    modules = {_name(p) for p in _modules()}
    return {m for m in found if m in modules and m != _name(path)}


def _layer(module: str) -> int:
    top = module.split(".")[0]
    for i, layer in enumerate(LAYERS):
        if top in layer:
            return i
    raise AssertionError(f"module {module} has no layer: add it to LAYERS")


def test_imports_run_one_way():
    wrong = []
    for path in _modules():
        me = _name(path)
        if not me:
            continue
        for target in _imports(path):
            if _layer(target) > _layer(me):
                wrong.append(f"{me} imports {target}")
    assert not wrong, "\n".join(sorted(wrong))


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A chain of imports that comes back to where it started, if there is one."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_no_import_cycle():
    cycle = find_cycle({_name(p): _imports(p) for p in _modules() if _name(p)})
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_cycle_check_finds_a_cycle():
    assert find_cycle({"rules.base": {"referee"}, "referee": {"rules.base"}}) == \
        ["referee", "rules.base", "referee"]
    assert find_cycle({"ledger": {"rules"}, "rules": set()}) is None


# ---- the store: TinyDB in one place, small modules, no class made by a function ---------------

def _imported_top_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text("utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
    return found


def test_only_the_store_imports_tinydb():
    outside = [str(p.relative_to(PACKAGE)) for p in _modules()
               if "tinydb" in _imported_top_names(p)
               and p.relative_to(PACKAGE).parts[0] != "store"]
    assert not outside, f"tinydb imported outside scorekeeper/store/: {outside}"


def classes_inside_functions(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found += [f"{path.name}:{inner.lineno}: class {inner.name} inside {node.name}()"
                      for inner in ast.walk(node) if isinstance(inner, ast.ClassDef)]
    return found


def test_no_class_is_defined_inside_a_function():
    found = [hit for p in _modules() for hit in classes_inside_functions(p)]
    assert not found, "\n".join(found)


def test_the_class_check_finds_one(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def make():\n    class Made:\n        pass\n    return Made\n")
    assert classes_inside_functions(sample) == ["sample.py:2: class Made inside make()"]


STORE_MODULES = {"__init__", "home", "session", "storage", "files", "listing", "atomic",
                 "locking", "evenings", "imports", "roster", "outputs",
                 "sync", "gitrepo", "syncmerge", "conflicts",  # sync: the home through git
                 "syncreason",  # why a remote cannot be reached, in the language
                 "serving",  # where serve answers, for the table's QR code
                 "trailer", "sessionline"}  # a session's line, sealed into its file


def test_the_store_is_small_modules_each_with_one_job():
    """Locking, atomic writing, TinyDB's storage, reading files, a session as read and the
    listing each have their own module; none grows past a few hundred lines."""
    folder = PACKAGE / "store"
    found = {p.stem: len(p.read_text("utf-8").splitlines()) for p in folder.glob("*.py")}
    assert set(found) == STORE_MODULES
    assert max(found.values()) <= 600, found
