"""The language people are spoken to in: English, German, Portuguese or Spanish.

Every message a person reads goes through ``_()`` (or ``ngettext`` for a count), with named
placeholders filled in afterwards (``_("{dealer} deals").format(dealer=...)``), so that a
translation may put the words in its own order. The catalogs are the standard library's
``gettext`` reading the compiled ``.mo`` files shipped in ``scorekeeper/locale/``; a catalog
is read the first time its language is used, never at import.

What is data and not words stays English whatever the language: JSON, CSV, the session file
(a hand's stored explanation and the referee's findings included), keys, commands and
options. ``untranslated()`` is the way to say so where data is made from words.

Which language: ``use_language(code)``; the command line decides from ``--lang``, the setting
kept in the home folder and the locale (``language_from_environment``), in that order. Until
told, the core speaks English (the tests and any library use see the same words).

``speaking(code)`` (and ``untranslated()``) say something in another language for a moment,
in the thread or task that asks only: the table app's workers make stored English data and
exports in a session's language while the screen goes on speaking its own.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from importlib import resources

LANGUAGES = ("en", "de", "pt", "es")
"""The languages spoken here; English is the one the messages are written in."""
DEFAULT_LANGUAGE = "en"
DOMAIN = "scorekeeper"

# The languages that write a decimal comma (14,25): all but English.
_DECIMAL_COMMA = frozenset({"de", "pt", "es"})

_catalogs: dict[str, gettext.NullTranslations] = {}
_current = DEFAULT_LANGUAGE
# A language for a moment (``speaking``), in this thread or task only; unset: ``_current``.
_for_now: ContextVar[str | None] = ContextVar("scorekeeper_speaking", default=None)


def normalize(code: str | None) -> str | None:
    """The language a code or a locale name stands for (``de_DE.UTF-8`` -> ``de``,
    ``pt_BR`` -> ``pt``, ``ES`` -> ``es``), or ``None`` when it is none of ours."""
    if not code:
        return None
    base = code.strip().split(".", 1)[0].split("@", 1)[0].replace("-", "_")
    language = base.split("_", 1)[0].lower()
    return language if language in LANGUAGES else None


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the locale asks for: ``LC_ALL``, else ``LC_MESSAGES``, else ``LANG`` (the
    first one set decides, as POSIX says); ``LANGUAGE``, a list of preferences, refines a
    locale that is not C. Anything that is not one of ours (C, POSIX, fr_FR…) is English."""
    env = os.environ if environ is None else environ
    locale_name = next((env[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(k)), "")
    if locale_name.split(".", 1)[0] in ("", "C", "POSIX"):
        return DEFAULT_LANGUAGE
    for preference in env.get("LANGUAGE", "").split(":"):
        found = normalize(preference)
        if found:
            return found
    return normalize(locale_name) or DEFAULT_LANGUAGE


def use_language(code: str | None) -> str:
    """Speak ``code`` from now on (a language or a locale name; anything else is English).
    Returns the language now in use."""
    global _current
    _current = normalize(code) or DEFAULT_LANGUAGE
    return _current


def current_language() -> str:
    """The language in use (here: in this thread or task)."""
    return _for_now.get() or _current


@contextmanager
def speaking(code: str | None) -> Iterator[str]:
    """``with speaking("de"): …``: another language for a moment, then back; only where it is
    said (this thread or task), so a worker may speak otherwise than the screen."""
    token = _for_now.set(normalize(code) or DEFAULT_LANGUAGE)
    try:
        yield current_language()
    finally:
        _for_now.reset(token)


def untranslated() -> AbstractContextManager[str]:
    """``with untranslated(): …``: words that become data (stored, or printed as JSON) are
    made in English whatever the language in use."""
    return speaking(DEFAULT_LANGUAGE)


def catalog(code: str) -> gettext.NullTranslations:
    """The compiled catalog of a language, read once (English needs none)."""
    found = _catalogs.get(code)
    if found is None:
        found = gettext.NullTranslations()
        if code != DEFAULT_LANGUAGE:
            path = resources.files(__package__).joinpath(
                "locale", code, "LC_MESSAGES", f"{DOMAIN}.mo")
            try:
                with path.open("rb") as stream:
                    found = gettext.GNUTranslations(stream)
            except OSError:  # a broken install: the English words, not a crash
                pass
        _catalogs[code] = found
    return found


def _(message: str) -> str:
    """``message`` in the language in use."""
    language = current_language()
    if language == DEFAULT_LANGUAGE:
        return message
    return catalog(language).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for a count ``n`` in the language in use."""
    language = current_language()
    if language == DEFAULT_LANGUAGE:
        return singular if n == 1 else plural
    return catalog(language).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in use, where ``context`` tells it apart from the same
    English words meaning something else (``hearts`` of a German pack)."""
    language = current_language()
    if language == DEFAULT_LANGUAGE:
        return message
    return catalog(language).pgettext(context, message)


def sentence(line: str) -> str:
    """``line`` begun with a capital, as a sentence on a line of its own begins (``Gespielte
    Spiele: 4 …``, ``Der Kassensturz stimmt …``): the catalog's messages begin in lower case,
    as parts of lines."""
    return line[:1].upper() + line[1:]


def N_(message: str) -> str:
    """Mark a message for translation without translating it now: a constant made at import
    is translated where it is used (``_(CONSTANT)``), so it follows ``--lang``."""
    return message


def NP_(context: str, message: str) -> str:
    """``N_`` for a message with a context (``pgettext(context, CONSTANT)`` where used)."""
    return message


def decimal_separator() -> str:
    """The decimal mark of the language in use: ``,`` (``14,25``) or ``.`` (``14.25``)."""
    return "," if current_language() in _DECIMAL_COMMA else "."


# The keys that answer "plays or drops?" (a Kratzen player's choice before the play), in each
# language letters taken from its own words for the choice and for yes and no: German m for
# "geht mit", p for "passt", j/n; Portuguese e "entra", d "desiste", s/n; Spanish j "juega",
# p "pasa", s/n; English p "plays", d "drops", y/n. No language takes a letter that its words
# would read the other way (a German or Spanish p is a drop, never a play), and + and - answer
# in every language.
PLAY_KEYS: dict[str, dict[str, bool]] = {
    "en": {"p": True, "y": True, "d": False, "n": False},
    "de": {"m": True, "j": True, "p": False, "n": False},
    "pt": {"e": True, "s": True, "d": False, "n": False},
    "es": {"j": True, "s": True, "p": False, "n": False},
}
SIGN_KEYS = {"+": True, "-": False}


def play_keys() -> dict[str, bool]:
    """The keys that answer "plays?" in the language in use: key -> plays (``PLAY_KEYS``)."""
    return PLAY_KEYS.get(current_language(), PLAY_KEYS[DEFAULT_LANGUAGE]) | SIGN_KEYS


def play_key_names() -> tuple[str, str]:
    """The two keys a prompt names for "plays" and "drops" in the language in use."""
    keys = PLAY_KEYS.get(current_language(), PLAY_KEYS[DEFAULT_LANGUAGE])
    return (next(k for k, v in keys.items() if v), next(k for k, v in keys.items() if not v))


# A seat named by its number ("assento 2", "asiento 2") where a name would stand: Portuguese
# and Spanish join a preposition and the article ("a" + "o assento 2" is "ao assento 2", "de" +
# "el asiento 2" is "del asiento 2") and put the article before it elsewhere, as a name needs
# none. (Portuguese says "assento", a seat at the table: "lugar" reads as a place in a ranking.)
_SEAT_GRAMMAR: dict[str, tuple[tuple[str, str], ...]] = {
    "pt": ((r"\ba (assento \d+)", r"ao \1"), (r"\bde (assento \d+)", r"do \1"),
           (r"(ao assento \d+), (assento \d+)", r"\1, ao \2"),
           (r"(^|\(|: )(assento \d+)", r"\1o \2")),
    "es": ((r"\ba (asiento \d+)", r"al \1"), (r"\bde (asiento \d+)", r"del \1"),
           (r"\bdesde (asiento \d+)", r"desde el \1"),
           (r"(al asiento \d+), (asiento \d+)", r"\1, al \2"),
           (r"(^|\(|: )(asiento \d+)", r"\1el \2")),
}


def with_seat_articles(text: str) -> str:
    """``text`` in which seats are named by number (``seat {number}``), with the articles the
    language in use gives them (``ao assento 2``, ``del asiento 2``)."""
    import re

    for pattern, replacement in _SEAT_GRAMMAR.get(current_language(), ()):
        joined = None
        while joined != text:  # a list of seats after one preposition: each joins it
            joined, text = text, re.sub(pattern, replacement, text)
    return text
