"""No private internals (issue 12, point 6): the code under ``scorekeeper/`` uses no private name
of pydantic, TinyDB or the standard library. Every ``.py`` file is read; nothing is skipped.

Two checks: a list of forbidden patterns (the internals that were used once, and the ways of
reaching such things); and every ``obj._name`` attribute access must name something the
project defines itself (a ``def _name``, a ``self._name = ...``, a class or module attribute
``_name``), or be on ``ALLOWED_ATTRIBUTES``."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"

FORBIDDEN = [
    (r"__pydantic_", "pydantic's private attributes"),
    (r"\bmodel_fields_set\s*(\.\s*(add|update|discard|remove|clear|pop)\s*\(|\|=|=(?!=))",
     "writing pydantic's model_fields_set"),
    (r"\bobject\.__setattr__|\bobject\.__new__", "going round a model's constructor"),
    (r"""["']__dict__["']""", "setting an object's __dict__ by name"),
    (r"\bc_make_encoder\b", "json's private C encoder"),
    (r"\bjson\.encoder\.", "json.encoder's internals"),
    (r"\b_update_table\b|\b_read_table\b|\b_get_next_id\b", "TinyDB's Table internals"),
    (r"\._storage\b|\._tables\b|\._next_id\b|\._query_cache\b|\._opened\b",
     "TinyDB's private attributes"),
    (r"^\s*from\s+(?!\.)[\w.]+\s+import\s+(\([^)]*|.*)\b_[A-Za-z]\w*",
     "importing a private name from a library"),
    (r"^\s*import\s+[\w.]*\._", "importing a private module"),
    (r"\b(?:abc|asyncio|collections|contextlib|dataclasses|datetime|decimal|enum|functools|gc|"
     r"hashlib|html|io|json|operator|os|pathlib|random|re|secrets|shutil|sys|tempfile|"
     r"threading|time|typing|unicodedata|pydantic|pydantic_core|tinydb|textual|click|"
     r"orjson|filelock|platformdirs)\._[A-Za-z]", "a library module's private name"),
]

# Exemptions, each for one file and the exact text found there (none today).
EXEMPT: set[tuple[str, str]] = set()

# Underscore attributes that are public API of a library: Enum's ``_value_`` (documented).
ALLOWED_ATTRIBUTES = {"_value_"}

ATTRIBUTE = re.compile(r"\.(_[A-Za-z]\w*)")
DEFINITIONS = [
    re.compile(r"^\s*(?:async\s+)?def\s+(_\w+)", re.M),
    re.compile(r"^\s*class\s+(_\w+)", re.M),
    re.compile(r"\b(?:self|cls)\.(_\w+)\s*(?::[^=\n]+)?=(?!=)"),
    re.compile(r"^\s*(_\w+)\s*(?::[^=\n]+)?=(?!=)", re.M),  # class or module attribute
    re.compile(r"^\s*(_\w+)\s*:", re.M),  # an annotated field (dataclass, model)
    re.compile(r"\bsetattr\(\s*\w+\s*,\s*[\"'](_\w+)[\"']"),
]


def python_files() -> list[Path]:
    files = sorted(PACKAGE.rglob("*.py"))
    assert len(files) > 20, "the package's files were not found"
    return files


def code_lines(path: Path):
    """Each line with its number, comments dropped (docstrings stay: they rarely name
    internals, and a mention there is worth a look)."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        yield number, re.sub(r"(?<![\"'])#.*$", "", line)


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_no_forbidden_pattern_in_the_package():
    found = []
    for path in python_files():
        for number, line in code_lines(path):
            for pattern, why in FORBIDDEN:
                for match in re.finditer(pattern, line):
                    if (relative(path), match.group(0).strip()) in EXEMPT:
                        continue
                    found.append(f"{relative(path)}:{number}: {match.group(0).strip()!r} ({why})")
    assert found == []


def test_every_underscore_attribute_is_the_projects_own():
    own: set[str] = set()
    for path in python_files():
        text = path.read_text(encoding="utf-8")
        for definition in DEFINITIONS:
            own.update(definition.findall(text))
    found = []
    for path in python_files():
        for number, line in code_lines(path):
            for name in ATTRIBUTE.findall(line):
                if name.startswith("__") or name in own or name in ALLOWED_ATTRIBUTES:
                    continue
                found.append(f"{relative(path)}:{number}: .{name} is not defined in scorekeeper/")
    assert found == []


def test_the_checks_catch_what_was_used_before():
    """The patterns find the internals this issue removed (so an empty result means something)."""
    before = ["make = getattr(json.encoder, 'c_make_encoder', None)",
              "tables = self._storage.read()",
              "def _update_table(self, updater):",
              "table = self._read_table()",
              "_set(model, '__pydantic_fields_set__', fields)",
              "model.model_fields_set.add('x')",
              "from json.encoder import _make_iterencode",
              "data = tinydb._private"]
    for line in before:
        assert any(re.search(pattern, line) for pattern, _ in FORBIDDEN), line
    assert not any(re.search(pattern, "if model.model_fields_set == other:")
                   for pattern, _ in FORBIDDEN)
