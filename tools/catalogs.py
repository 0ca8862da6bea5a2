"""The translation catalogs: extract the messages, merge them into each language's catalog,
compile the catalogs the program reads. Babel's tools; run from the repository root:

    python tools/catalogs.py extract   # scorekeeper/locale/scorekeeper.pot from the code
    python tools/catalogs.py update    # add new messages to each <lang>/…/scorekeeper.po
    python tools/catalogs.py compile   # each .po -> .mo (committed: pip install needs no step)

The messages are every ``_()``, ``ngettext()`` and ``N_()`` in scorekeeper/ (the table app's
too), the help of the command line (each command's help and epilog, each option's help), which
click keeps as plain text and the command line translates when it shows it, and the
descriptions of the examples that ship with the package (``examples/index.json``), and
click's own messages ("Usage:", "Missing argument …"), taken from the installed click, which
the command line has said in the language in use (scorekeeper/cli/language.py, ``click_words``).
"""

from __future__ import annotations

import inspect
import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / "scorekeeper.pot"
TRANSLATED = ("de", "pt", "es")


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "scorekeeper.po"


def mo_path(language: str) -> Path:
    return po_path(language).with_suffix(".mo")


def _cli_help() -> list[tuple[str, str]]:
    """(message, where) for every help text and epilog of the command line."""
    sys.path.insert(0, str(ROOT))
    import click

    from scorekeeper.cli import cli
    from scorekeeper.cli.language import help_marker_free

    found: list[tuple[str, str]] = []

    def walk(command: click.Command, path: str) -> None:
        where = "cli:" + path.replace(" ", "/")
        for text in (command.help, command.short_help, command.epilog):
            if text:
                help_marker_free(inspect.cleandoc(text),
                                 lambda message: found.append((message, where)) or message)
        # Every option, those a command adds when it runs too (record's game fields), less
        # click's own --help.
        context = click.Context(command)
        for param in command.get_params(context):
            if param is command.get_help_option(context):
                continue
            help_text = getattr(param, "help", None)
            if help_text:
                at = where + "/" + param.opts[-1]
                help_marker_free(inspect.cleandoc(help_text),
                                 lambda message, at=at: found.append((message, at)) or message)
        if isinstance(command, click.Group):
            for name in command.list_commands(context):  # (scorekeeper's: imported now)
                sub = command.get_command(context, name)
                if sub is not None:
                    walk(sub, f"{path} {name}")

    walk(cli, "scorekeeper")
    return found


def _example_descriptions(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """Babel's extraction method for ``examples/index.json``: each example's description."""
    for item in json.loads(fileobj.read().decode("utf-8")):
        yield 0, None, item["description"], ["an example, listed in the table app"]


def template() -> Catalog:
    """Every message of the program, in a new template."""
    catalog = Catalog(project="scorekeeper", version="0.1.0", charset="utf-8",
                      msgid_bugs_address="", copyright_holder="scorekeeper developers")
    method_map = [("**.py", "python"), ("examples/index.json", _example_descriptions)]
    for filename, lineno, message, comments, context in extract_from_dir(
            str(PACKAGE), method_map, keywords={**DEFAULT_KEYWORDS, "NP_": ((1, "c"), 2)},
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        catalog.add(message, None, [(f"scorekeeper/{filename}", lineno)],
                    auto_comments=comments, context=context)
    for message, where in _cli_help():
        catalog.add(message, None, [(where, 0)])
    for message, comments in _click_messages():
        if message not in catalog:
            catalog.add(message, None, [("click", 0)], auto_comments=comments)
    return catalog


def _click_messages() -> Iterator[tuple[str | tuple[str, str], list[str]]]:
    """click's own messages (its ``_()`` and ``ngettext()``), from the installed click: the
    words it says itself (usage, help headings, usage errors), which the command line says in
    the language in use. Its test runner's, which no user sees, are left out."""
    import click

    folder = Path(click.__file__).parent
    for filename, _lineno, message, _comments, _context in extract_from_dir(
            str(folder), [("testing.py", "ignore"), ("**.py", "python")],
            keywords={"_": None, "gettext": None, "ngettext": (1, 2)}):
        yield message, [f"click's own words ({filename})"]


def template_text(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    # No source locations: a catalog changes only when a message does, so branches that move
    # code do not collide in the catalogs.
    write_po(out, catalog, width=100, sort_output=True, omit_header=True, no_location=True)
    return out.getvalue()


def extract() -> None:
    LOCALE.mkdir(parents=True, exist_ok=True)
    TEMPLATE.write_bytes(template_text(template()))


def update() -> None:
    with TEMPLATE.open("rb") as stream:
        fresh = read_po(stream)
    for language in TRANSLATED:
        path = po_path(language)
        if path.exists():
            with path.open("rb") as stream:
                catalog = read_po(stream, locale=language)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=language, project="scorekeeper", charset="utf-8")
        catalog.update(fresh, no_fuzzy_matching=True)
        out = io.BytesIO()
        write_po(out, catalog, width=100, sort_output=True, ignore_obsolete=True, no_location=True,
                 include_previous=False)
        path.write_bytes(out.getvalue())


def compiled(language: str) -> bytes:
    """The .mo file a language's .po compiles to."""
    with po_path(language).open("rb") as stream:
        catalog = read_po(stream, locale=language)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def compile_all() -> None:
    for language in TRANSLATED:
        mo_path(language).write_bytes(compiled(language))


if __name__ == "__main__":
    {"extract": extract, "update": update, "compile": compile_all}[sys.argv[1]]()
