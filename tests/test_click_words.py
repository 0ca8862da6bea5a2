"""click's own words (the usage line, the help's headings, its usage errors) in the language in
use. click 8 has no public way to translate them: it looks each one up, when it is said, with
the standard library's ``gettext.gettext`` and ``ngettext`` (``from gettext import gettext as
_`` in its modules), in the process's default text domain (pallets/click#2706 asks for another
way, and pallets/click#2864 offers one; neither is in click 8.5). So while a command runs the
default domain is ours, set in one place: ``click_words`` in scorekeeper/cli/language.py.

These tests fail when that stops holding: when click renames a message our catalogs translate
(an upgrade would print its new words in English), when click looks its words up another way
(a domain of its own, a class-based API), or when another module sets the domain too."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from importlib.metadata import version
from pathlib import Path

import click
import pytest

import scorekeeper
from scorekeeper.i18n import catalog

from .conftest import Result

CLICK = Path(click.__file__).parent
PACKAGE = Path(scorekeeper.__file__).parent


class Said:
    """One of click's messages: the command line that makes click say it (in German), the
    stream it goes to, and how it is filled in (``fill``: its placeholders)."""

    def __init__(self, message: str, words: list[str], stream: str, plural: str | None = None,
                 **fill: str) -> None:
        self.message, self.words, self.stream, self.plural, self.fill = (
            message, words, stream, plural, fill)

    def german(self) -> str:
        """What our German catalog makes of it (read by our own loader, not by click's)."""
        words = (catalog("de").ngettext(self.message, self.plural, 1) if self.plural else
                 catalog("de").gettext(self.message))
        return words.format(**self.fill)

    def english(self) -> str:
        return self.message.format(**self.fill)


SAID = [
    Said("Missing argument", ["show"], "err"),
    Said("No such option {name!r}.", ["show", "--bogus"], "err", name="--bogus"),
    Said("Got unexpected extra argument ({args})", ["show", "a", "b"], "err",
         plural="Got unexpected extra arguments ({args})", args="b"),
    Said("Usage:", ["show", "--help"], "out"),
    Said("Options", ["show", "--help"], "out"),
    Said("Show this message and exit.", ["show", "--help"], "out"),
]


def click_sources() -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted(CLICK.glob("*.py")):
        yield path, ast.parse(path.read_text("utf-8"))


def looked_up(tree: ast.Module) -> set[str]:
    """The messages a module of click looks up: the first argument of each ``_()``,
    ``gettext()`` and ``ngettext()`` (the plural too)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("_", "gettext", "ngettext")):
            found.update(arg.value for arg in node.args[:2]
                         if isinstance(arg, ast.Constant) and isinstance(arg.value, str))
    return found


@pytest.mark.parametrize("said", SAID, ids=lambda said: said.message)
def test_click_still_says_the_words_our_catalogs_translate(said: Said) -> None:
    messages = set().union(*(looked_up(tree) for _path, tree in click_sources()))
    assert said.message in messages, (
        f"click {version('click')} no longer says {said.message!r}: run tools/catalogs.py "
        "extract and update, and translate its new words")
    if said.plural:
        assert said.plural in messages


def gettext_names(tree: ast.Module) -> dict[str, str]:
    """What a module's names ``_``, ``gettext`` and ``ngettext`` are bound to at its top:
    ``gettext.gettext`` for ``from gettext import gettext as _``, else how they are made."""
    bound = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                name = alias.asname or alias.name
                if name in ("_", "gettext", "ngettext"):
                    bound[name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name) and target.id in ("_", "gettext", "ngettext"):
                    bound[target.id] = ast.unparse(node.value)
    return bound


def test_click_looks_its_words_up_in_the_default_text_domain() -> None:
    """Every module of click that says a message takes ``_`` and ``ngettext`` straight from the
    standard library's gettext (the default text domain, which click_words makes ours), and
    none names a domain of its own."""
    wrong = []
    for path, tree in click_sources():
        if not looked_up(tree):
            continue
        for name, source in gettext_names(tree).items():
            expected = "gettext.gettext" if name in ("_", "gettext") else "gettext.ngettext"
            if source != expected:
                wrong.append(f"{path.name}: {name} is {source}")
        own_domain = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Attribute)
                      and node.attr in ("textdomain", "bindtextdomain", "dgettext", "translation")]
        if own_domain:
            wrong.append(f"{path.name}: a text domain of its own, line {own_domain[0]}")
    assert wrong == []


@pytest.mark.parametrize("said", SAID, ids=lambda said: said.message)
def test_in_german_the_command_line_says_click_s_words_from_our_catalog(
        run: Callable[..., Result], said: Said) -> None:
    german = said.german()
    assert german != said.english(), "the German catalog has no translation of it"
    done = run("--lang", "de", *said.words)
    printed = done.err if said.stream == "err" else done.out
    assert german in printed
    assert said.english() not in printed


def domain_setters(path: Path) -> list[str]:
    """Where ``path`` sets the process's gettext domain or the LANGUAGE it is read in."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if (isinstance(node, ast.Attribute) and node.attr in ("textdomain", "bindtextdomain")
                and isinstance(node.value, ast.Name) and node.value.id == "gettext"):
            found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: gettext.{node.attr}")
        elif isinstance(node, ast.Subscript) and ast.unparse(node) == "os.environ['LANGUAGE']":
            found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: os.environ['LANGUAGE']")
    return found


def test_only_the_language_module_sets_the_text_domain() -> None:
    language = PACKAGE / "cli" / "language.py"
    assert domain_setters(language), "click_words no longer sets the domain: read this file"
    others = [where for path in sorted(PACKAGE.rglob("*.py")) if path != language
              for where in domain_setters(path)]
    assert others == []
