"""The language the command line speaks: --lang, the home's setting, the locale; the help
texts in it; click's own words in it; JSON's English."""

from __future__ import annotations

import contextlib
import contextvars
import gettext
import inspect
import os
from collections.abc import Callable, Iterator, Sequence
from importlib import resources
from typing import TYPE_CHECKING

import click

from ..errors import ScorekeeperError
from ..i18n import (
    DOMAIN,
    _,
    current_language,
    language_from_environment,
    normalize,
    speaking,
    use_language,
)

if TYPE_CHECKING:
    from ..store import OpenSession

JSON_ASKED: contextvars.ContextVar[bool] = contextvars.ContextVar("json_asked", default=False)
"""Whether the command line holds ``--json``: then click's own words are English."""


def json_words(as_json: bool) -> None:
    """A command asked for JSON speaks English from here on: what it prints is for programs,
    byte for byte the same whatever the language (its error lines too)."""
    if as_json:
        speak("en")


# ---- the words of the help, in the language in use ---------------------------------------------
#
# click keeps every help text as plain English text (docstrings, help=, epilog=); the catalog
# holds each one as click shows it (cleaned of the docstring's indentation), and the classes
# below look it up when the help is shown, after --lang is known (tools/catalogs.py extracts
# them from the commands themselves).

def help_words(text: str) -> str:
    """A help text of the command line in the language in use (click's ``\\b``, which keeps
    a paragraph as it is written, stays out of the catalog). ``{pot}`` in it is the pot's word
    in that language (``Pott=BETRAG``), the word ``count`` reads beside the contract's ``pot``."""
    return help_marker_free(inspect.cleandoc(text), _).replace("{pot}", _("pot"))


def help_marker_free(text: str, translate: Callable[[str], str]) -> str:
    """``translate`` a help text whose paragraphs may start with click's ``\\b`` marker: the
    marker is no word, so the catalog's message goes without it."""
    return "\n\n".join("\b\n" + translate(p[2:]) if p.startswith("\b\n") else translate(p)
                       if p else p for p in text.split("\n\n"))


def short_help(text: str, limit: int) -> str:
    """The first sentence of a help text, cut to ``limit`` characters (as click shortens a
    command's help for the list of commands)."""
    paragraph = text.split("\n\n", 1)[0]
    words = [w for w in paragraph.split() if w != "\b"]
    length = 0
    for i, word in enumerate(words):
        length += len(word) + (i > 0)
        if length > limit:
            break
        if word.endswith("."):
            return " ".join(words[: i + 1])
        if length == limit and i != len(words) - 1:
            break
    else:
        return " ".join(words)
    length += len("...")
    while i > 0:
        length -= len(words[i]) + (i > 0)
        if length <= limit:
            break
        i -= 1
    return " ".join(words[:i]) + "..."


def choose_language(lang: str | None, home: str | None = None) -> str:
    """The language to speak: ``--lang``, else the setting kept in the home folder (the table
    app's), else the locale (LC_ALL, LC_MESSAGES, LANG)."""
    if lang:
        return speak(lang)
    setting = None
    try:
        from ..paths import home_folder
        from ..settings import language_setting

        setting = language_setting(home_folder(home))
    except ScorekeeperError:
        pass  # a --home that cannot be used is said by the command that uses it
    return speak(setting or language_from_environment())


def export_language(ctx: click.Context,
                    session: OpenSession) -> contextlib.AbstractContextManager[str | None]:
    """An export of ``session`` speaks the language the session was played in, unless
    ``--lang`` says otherwise (a session from before sessions kept one: the language in use)."""
    if ctx.find_root().params.get("lang") is None and session.language:
        return speaking(session.language)
    return contextlib.nullcontext()


def set_language(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--lang``: read before everything else, so that even the help speaks it. The value is
    kept (a callback's return is the option's value): ``cli`` must know that it was given, or
    the setting of a ``--home`` would overrule it."""
    if value and not ctx.resilient_parsing:
        speak(value)
    return value


# ---- click's own words, in the language in use -------------------------------------------------
#
# click says its own words ("Usage:", "Options:", "Missing argument 'SESSION'.", "No such option
# '--x'.", the help option's "Show this message and exit.") through the standard library's
# gettext.gettext and ngettext (``from gettext import gettext as _`` in its modules): the
# default text domain, in the language the environment names (LANGUAGE first), looked up each
# time a message is made. The catalogs carry click's messages beside ours (tools/catalogs.py
# extracts them from the installed click), so while a command runs the default domain is
# ours and LANGUAGE names the language in use, following every change of it (--lang, the
# home's setting, --json's English); both are given back when the command ends. The
# language is chosen before click parses anything: the locale or the home's setting, and a
# --lang given before the command (``lang_before_command``), so that even an error in the
# options of ``scorekeeper`` itself, raised before --lang's callback runs, speaks it.
#
# Why the process's domain, and only here: click 8 has no public way to translate its words
# (pallets/click#2706 asks for one, #2864 offers one; neither is in click 8.5), and its usage
# errors are made from them inside click. Where its public API does allow it, for the help
# option click makes once and keeps (``options.NamesGames.get_help_option``), our own ``_``
# says it. No other module sets the domain or LANGUAGE; tests/test_click_words.py fails when
# click renames a message the catalogs translate or looks its words up another way.

_CLICK_WORDS = {"depth": 0}  # click_words() entered and not left yet (main() and cli.main)


def speak(code: str | None) -> str:
    """Speak ``code`` from now on (``use_language``), click's own words too while a command
    runs. Returns the language now in use."""
    language = use_language(code)
    if _CLICK_WORDS["depth"]:
        os.environ["LANGUAGE"] = "en" if JSON_ASKED.get() else language
    return language


def click_language() -> str:
    """The language click's own words are said in now: while a command runs and its error is
    said, the one ``speak`` gave click (English for --json, even after click's main has
    returned); else the language in use."""
    if _CLICK_WORDS["depth"]:
        return normalize(os.environ.get("LANGUAGE")) or current_language()
    return current_language()


@contextlib.contextmanager
def click_words() -> Iterator[None]:
    """While a command runs and its error is said: click's messages come from our catalogs, in
    the language in use (a usage error's words are made when it is printed, after click's
    main has returned: main() holds this around both)."""
    if _CLICK_WORDS["depth"]:
        _CLICK_WORDS["depth"] += 1
        try:
            yield
        finally:
            _CLICK_WORDS["depth"] -= 1
        return
    saved_language, saved_domain = os.environ.get("LANGUAGE"), gettext.textdomain()
    gettext.bindtextdomain(DOMAIN, str(resources.files("scorekeeper").joinpath("locale")))
    gettext.textdomain(DOMAIN)
    _CLICK_WORDS["depth"] = 1
    os.environ["LANGUAGE"] = current_language()
    try:
        yield
    finally:
        _CLICK_WORDS["depth"] = 0
        gettext.textdomain(saved_domain)
        if saved_language is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = saved_language


def home_before_command(args: Sequence[str]) -> str | None:
    """The folder of a ``--home`` among the options of ``scorekeeper`` itself (before the
    command's name), read before click parses them; ``None`` when there is none."""
    words = iter(args)
    for arg in words:
        if arg.startswith("--home="):
            return arg.partition("=")[2]
        if arg == "--home":
            return next(words, None)
        if arg == "--lang":
            next(words, None)
        elif arg == "--" or not arg.startswith("-"):
            return None
    return None


def lang_before_command(args: Sequence[str]) -> str | None:
    """The language of a ``--lang`` among the options of ``scorekeeper`` itself (before the
    command's name), read before click parses them; ``None`` when there is none of ours."""
    words = iter(args)
    for arg in words:
        if arg.startswith("--lang="):
            return normalize(arg.partition("=")[2])
        if arg == "--lang":
            return normalize(next(words, None))
        if arg == "--home":
            next(words, None)
        elif arg == "--" or not arg.startswith("-"):
            return None
    return None
