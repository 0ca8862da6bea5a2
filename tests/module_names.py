"""What a module of the package defines and what a file imports from it (read from the
source, nothing imported): the splits' tests check each name is imported from the module that
holds it (tests/test_hr_rooms_split.py, tests/test_hp_presentation_split.py)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"


def held(path: Path) -> set[str]:
    """The names a module defines itself (classes, functions, assignments at its top)."""
    held: set[str] = set()
    for node in ast.parse(path.read_text("utf-8")).body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            held.add(node.name)
        elif isinstance(node, ast.Assign):
            held.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            held.add(node.target.id)
    return held


def imported_from(path: Path) -> list[tuple[str, str, int]]:
    """(module under scorekeeper, name, line) for every ``from ... import name`` in ``path``."""
    tree = ast.parse(path.read_text("utf-8"))
    inside = path.resolve().is_relative_to(PACKAGE)
    here = path.resolve().relative_to(PACKAGE).with_suffix("").parts if inside else ()
    package = here if path.name == "__init__.py" else here[:-1]
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            base = package[:len(package) - node.level + 1]
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
        elif node.module and node.module.startswith("scorekeeper."):
            module = node.module.removeprefix("scorekeeper.")
        else:
            continue
        found += [(module, alias.name, node.lineno) for alias in node.names]
    return found
