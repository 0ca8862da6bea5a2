"""Exact amounts: chips, quarters of a chip and penalty points, never a float.

Every amount in the program is a ``Fraction``. JSON carries it as a string holding an exact
decimal (``"4.25"``); text shows quarters and halves as ``4¼``, ``8½``, ``27¾``.
"""

from __future__ import annotations

from fractions import Fraction

from .errors import ScorekeeperError

_VULGAR = {Fraction(1, 4): "¼", Fraction(1, 2): "½", Fraction(3, 4): "¾"}
_QUARTERS = {(1, 4): "¼", (1, 2): "½", (3, 4): "¾"}


def to_decimal_string(amount: Fraction) -> str:
    """An exact decimal string for JSON: ``Fraction(17, 4)`` -> ``"4.25"``, ``-12`` -> ``"-12"``."""
    if amount.denominator == 1:
        return str(amount.numerator)
    amount = Fraction(amount)
    den = amount.denominator
    twos = fives = 0
    while den % 2 == 0:
        den //= 2
        twos += 1
    while den % 5 == 0:
        den //= 5
        fives += 1
    if den != 1:
        raise ValueError(f"{amount} has no exact decimal form")
    places = max(twos, fives)
    scaled = abs(amount) * 10**places
    digits = str(scaled.numerator).rjust(places + 1, "0")
    sign = "-" if amount < 0 else ""
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def parse_amount(text: str) -> Fraction:
    """Read an exact amount typed by a person or stored in JSON: ``3``, ``-27.75``, ``4¼``, ``17/4``."""
    raw = str(text).strip()
    cleaned = raw.replace("−", "-")
    for symbol_value, symbol in _VULGAR.items():
        if cleaned.endswith(symbol):
            whole = cleaned[: -len(symbol)] or "0"
            if whole in ("-", "+"):
                whole += "0"
            base = _plain(whole, raw)
            return base - symbol_value if cleaned.startswith("-") else base + symbol_value
    return _plain(cleaned, raw)


def _plain(text: str, original: str) -> Fraction:
    if not text or any(c.isspace() for c in text) or text.lower() in ("nan", "inf", "-inf", "+inf"):
        raise ScorekeeperError(f"'{original}' is not an amount")
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise ScorekeeperError(f"'{original}' is not an amount") from None
    return value


def format_amount(amount: Fraction, *, signed: bool = False) -> str:
    """Text for people: ``4¼``, ``-27¾``, ``12``; with ``signed`` a ``+`` before gains."""
    numerator, denominator = amount.numerator, amount.denominator
    sign = "-" if numerator < 0 else ("+" if signed and numerator > 0 else "")
    whole, rest = divmod(abs(numerator), denominator)
    if rest == 0:
        return f"{sign}{whole}"
    symbol = _QUARTERS.get((rest, denominator))
    if symbol is not None:
        return f"{sign}{whole if whole else ''}{symbol}"
    return f"{sign}{to_decimal_string(abs(Fraction(numerator, denominator)))}"
