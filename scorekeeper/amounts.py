"""Exact amounts: chips, quarters of a chip and penalty points, never a float.

Every amount is a ``Decimal`` worked out under ``EXACT``, a context that refuses to round:
an operation whose result is not exact raises instead of silently losing a fraction of a
chip (Kratzen's P/4 is always exact: P is whole). JSON carries an amount as a string holding
an exact decimal (``"4.25"``); text shows quarters and halves as ``4¼``, ``8½``, ``27¾``,
and any other fraction with the decimal mark of the language in use (``14,3`` in German,
Portuguese and Spanish), never in JSON or CSV.
"""

from __future__ import annotations

import decimal
import functools
import re
from contextlib import AbstractContextManager
from decimal import Decimal
from fractions import Fraction

from .errors import ScorekeeperError
from .i18n import N_, _, decimal_separator

Amount = Decimal
ZERO = Decimal(0)
ONE = Decimal(1)
EXACT = decimal.Context(prec=120, Emax=10**6, Emin=-(10**6),
                        traps=[decimal.Inexact, decimal.Rounded, decimal.InvalidOperation,
                               decimal.DivisionByZero, decimal.Overflow])
_QUARTERS = {(1, 4): "¼", (1, 2): "½", (3, 4): "¾"}
_VULGAR = {"¼": Decimal("0.25"), "½": Decimal("0.5"), "¾": Decimal("0.75")}
TYPED_DIGITS = 30
"""An amount a person types has at most this many significant digits, this many before the
point and this many after it: its written form stays short (``1e-999999`` is refused)."""


def exact() -> AbstractContextManager[decimal.Context]:
    """``with exact(): …``: arithmetic on amounts that raises rather than rounds."""
    return decimal.localcontext(EXACT)


def amount(value: int | str | Decimal | Fraction) -> Decimal:
    """An exact amount from a whole number, a decimal string, a Decimal or a Fraction."""
    if isinstance(value, Decimal):
        return value
    if isinstance(value, Fraction):
        with exact():
            return Decimal(value.numerator) / Decimal(value.denominator)
    return Decimal(value)


def to_decimal_string(value: Decimal | int | Fraction) -> str:
    """An exact decimal string for JSON: ``4.25``, ``-12``, ``0.5`` (no exponent, no ``-0``)."""
    if type(value) is Decimal:
        text = str(value)
        if "E" not in text and text != "-0":
            if "." not in text or text[-1] != "0":
                return text  # already plain: the usual case, kept cheap (sessions hold many)
            text = text.rstrip("0").rstrip(".")  # 86.00: a pot after quarters were paid
            return "0" if text in ("-0", "") else text
    elif isinstance(value, int):
        return str(value)
    elif isinstance(value, Fraction):
        value = amount(value)
    text = str(value)
    if "E" in text:
        text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def parse_amount(text: str) -> Decimal:
    """Read an exact amount typed by a person or stored in JSON: ``3``, ``-27.75``, ``4¼``,
    ``17/4``."""
    try:
        value = Decimal(text)
        if value.is_finite():
            return value
    except (ArithmeticError, TypeError, ValueError):
        pass
    raw = str(text).strip()
    cleaned = raw.replace("−", "-")
    for symbol, value in _VULGAR.items():
        if cleaned.endswith(symbol):
            whole = cleaned[: -len(symbol)]
            negative = whole.startswith("-")
            whole = whole.lstrip("+-") or "0"
            base = _plain(whole, raw)
            with exact():
                total = base + value
            return -total if negative else total
    return _plain(cleaned, raw)


def parse_typed_amount(text: str, mark: str | None = None) -> Decimal:
    """An amount typed by a person (``3``, ``-27.75``, ``4¼``, ``17/4``; ``14,25`` where the
    decimal ``mark`` is a comma: by default the language in use's), within ``TYPED_DIGITS``: a
    number too long to write out plainly is refused, not kept."""
    raw = str(text)
    shown = raw.strip() if len(raw.strip()) <= 40 else raw.strip()[:40] + "…"
    too_long = ScorekeeperError(
        _("'{amount}' has too many digits (at most {digits} significant digits, {digits} "
          "before the point and {digits} after it)").format(amount=shown, digits=TYPED_DIGITS))
    if len(raw) > 4 * TYPED_DIGITS:  # refused before it is read: a fraction of 5,000 digits
        raise too_long
    if _DECIMAL_COMMA.fullmatch(raw.strip()):
        if (mark or decimal_separator()) != ",":  # 3,5 in English: say how it is typed
            raise ScorekeeperError(comma_hint(raw.strip(), shown))
        raw = raw.strip().replace(",", ".")
    if not _TYPED.fullmatch(raw.strip()):  # not Python's other spellings: 0_10, 1e3, ５
        raise ScorekeeperError(_("'{amount}' is not an amount").format(amount=shown))
    value = parse_amount(raw)
    sign, digit_tuple, exponent = value.as_tuple()
    if not isinstance(exponent, int):  # not finite: parse_amount never gives one
        raise ScorekeeperError(_("'{amount}' is not an amount").format(amount=shown))
    digits = list(digit_tuple)
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
        exponent += 1
    if digits == [0]:
        return ZERO  # not 0E+999999, whose plain form is a million zeros
    if (len(digits) > TYPED_DIGITS or len(digits) + exponent > TYPED_DIGITS
            or -exponent > TYPED_DIGITS):
        raise too_long
    return value


_DECIMAL_COMMA = re.compile(r"[-+−]?[0-9]+,[0-9]+")


# The forms a person types (the contract's "Amounts"): 3, -27.75, .5, 4¼, ¾, 17/4, 1e3; the
# digits 0-9 only, and no digit grouping (Python itself would read 0_10 as 10, and ５ as 5).
_TYPED = re.compile(r"[-+−]?(?:(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?"
                    r"|[0-9]+/[0-9]+|[0-9]*[¼½¾])")


def comma_hint(typed: str, shown: str) -> str:
    """An amount with a decimal comma where the mark is a point (``3,5`` in English, trial
    35): how to type it, ``3.5``; three digits after the comma may group a thousand
    (``1,000``): then ``1000`` too."""
    point = typed.replace(",", ".")
    if len(typed.rpartition(",")[2]) == 3:
        return _("'{amount}' is not an amount: type {point} with a decimal point, or {whole} "
                 "for a whole number").format(amount=shown, point=point,
                                              whole=typed.replace(",", ""))
    return _("'{amount}' is not an amount: type {point} with a decimal point").format(
        amount=shown, point=point)


def _plain(text: str, original: str) -> Decimal:
    if not text or any(c.isspace() for c in text):
        raise ScorekeeperError(_("'{amount}' is not an amount").format(amount=original))
    try:
        if "/" in text:
            value = amount(Fraction(text))
        else:
            value = Decimal(text)
    except (ValueError, ZeroDivisionError, ArithmeticError):
        raise ScorekeeperError(_("'{amount}' is not an amount").format(amount=original)) from None
    if not value.is_finite():
        raise ScorekeeperError(_("'{amount}' is not an amount").format(amount=original))
    return value


def format_amount(value: Decimal | int | Fraction, *, signed: bool = False) -> str:
    """Text for people: ``4¼``, ``-27¾``, ``12``; with ``signed`` a ``+`` before gains; any
    other fraction with the decimal mark of the language in use (``0.125``, ``0,125``)."""
    numerator, denominator = value.as_integer_ratio()
    sign = "-" if numerator < 0 else ("+" if signed and numerator > 0 else "")
    whole, rest = divmod(abs(numerator), denominator)
    if rest == 0:
        return f"{sign}{whole}"
    symbol = _QUARTERS.get((rest, denominator))
    if symbol is not None:
        return f"{sign}{whole if whole else ''}{symbol}"
    magnitude = abs(value) if isinstance(value, int) else abs(amount(value))
    return f"{sign}{format_decimal(magnitude)}"


def format_decimal(value: Decimal | int | Fraction) -> str:
    """An exact decimal for people, with the decimal mark of the language in use: ``14.25``
    in English, ``14,25`` in German, Portuguese and Spanish (beside ``14¼``). Never for JSON
    or CSV, which take ``to_decimal_string``."""
    text = to_decimal_string(value)
    mark = decimal_separator()
    return text if mark == "." else text.replace(".", mark)


_STORED = re.compile(r"-?[0-9]+(\.[0-9]+)?")


@functools.lru_cache(maxsize=4096)
def stored_amount(text: str) -> Decimal | None:
    """An amount as a file (or the listing's index) writes it, ``"-27.75"``, or ``None`` when
    the text is not one. Kept for each distinct text: a session's figures repeat a few hundred
    distinct amounts tens of thousands of times, and reading each again dominated exporting a
    long session (the export rows in tests/benchmarks show it)."""
    return Decimal(text) if _STORED.fullmatch(text) else None


def money_text(amount: Decimal, currency: str) -> str:
    """Money to the cent, with its currency: ``4.50 EUR``, ``-2.78 EUR`` (``4,50 EUR`` in a
    language that writes a decimal comma)."""
    figure = f"{abs(amount) if amount == 0 else amount:.2f}"
    return f"{figure.replace('.', decimal_separator())} {currency}"


CHANGED_SINCE = N_("hands have changed since the last settle-up: settle up again")
"""Why money agreed at a settle-up is left out: hands changed after it."""
