"""What a browser may ask of ``scorekeeper serve``, checked before anything reaches a
scoreboard: the size of its terminal (kept within bounds), the messages the page sends (what
textual-serve's page sends, nothing else), the page's origin (the address served) and how many
browsers are served at once; and which addresses only this machine reaches (a phone that
opened one would reach itself: no QR code of it is shown).

A terminal's size is memory in the scoreboard's process: textual-serve passes on any size a
client asks for, and a million columns by a million rows grew one process past 2 GB in
8 seconds. No screen needs more than a few hundred columns, so a larger size is served at the
largest; a size that is not a number is a malformed message.
"""

from __future__ import annotations

import ipaddress
import math
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

import orjson

# A 4K television at a small font is about 480 columns by 135 rows; a phone held upright about
# 40 columns. Sizes outside these bounds are served at the nearest bound.
MIN_COLUMNS, MAX_COLUMNS = 20, 500
MIN_ROWS, MAX_ROWS = 5, 200
DEFAULT_COLUMNS, DEFAULT_ROWS = 80, 24

# A table, a television and the players' phones, with room to spare; each is a process of its
# own (about 60 MB).
MAX_VIEWERS = 12

# The page sends keys, sizes and pings: a few bytes each.
MAX_MESSAGE = 64 * 1024

# A browser resizing its window sends a size for every step; the scoreboard is laid out again
# for the last one, at most this often (seconds).
RESIZE_PACE = 0.2


# Keys are passed on while a browser types no faster than this (keys a second, and at once);
# a message of keys beyond it is dropped: nobody types that fast at a read-only scoreboard.
KEYS_PER_SECOND, KEY_BURST = 100, 1000


class KeyBudget:
    """How many keys a browser may still send now: ``KEY_BURST`` at first, refilled at
    ``KEYS_PER_SECOND``."""

    def __init__(self, now: float) -> None:
        self.left = float(KEY_BURST)
        self.when = now

    def spend(self, keys: int, now: float) -> bool:
        """Whether ``keys`` keys, typed at ``now`` (seconds), are passed on."""
        self.left = min(KEY_BURST, self.left + (now - self.when) * KEYS_PER_SECOND)
        self.when = now
        if keys > self.left:
            return False
        self.left -= keys
        return True


class MalformedMessage(ValueError):
    """A message from a browser that textual-serve's page would not send."""


@dataclass(frozen=True, slots=True)
class Keys:
    """What was typed in the page, passed on to the scoreboard as its terminal's input."""

    text: str


@dataclass(frozen=True, slots=True)
class Resize:
    """The page's terminal has a new size (already within bounds)."""

    width: int
    height: int


@dataclass(frozen=True, slots=True)
class Ping:
    """The page asks for an answer, to measure the connection; ``stamp`` is sent back."""

    stamp: str


@dataclass(frozen=True, slots=True)
class Focus:
    """The page gained (``True``) or lost the focus."""

    focused: bool


BrowserMessage = Keys | Resize | Ping | Focus


def bounded(value: object, low: int, high: int) -> int:
    """A number of columns or rows as asked, kept within ``low``..``high`` (a fraction is
    rounded down); ``MalformedMessage`` when it is not a number."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise MalformedMessage(f"a size must be a number, not {type(value).__name__}")
    if math.isnan(value):
        raise MalformedMessage("a size must be a number, not NaN")
    if value >= high:
        return high
    if value <= low:
        return low
    return math.floor(value)


def terminal_size(width: object, height: object) -> tuple[int, int]:
    """``(columns, rows)`` as asked, within the bounds."""
    return bounded(width, MIN_COLUMNS, MAX_COLUMNS), bounded(height, MIN_ROWS, MAX_ROWS)


def query_number(text: str | None, default: int) -> int | float:
    """A size from the websocket address's query (``?width=80&height=24``): its number, or
    ``default`` when it is missing or not a number (as textual-serve reads it)."""
    if text is None or len(text) > 40:
        return default
    try:
        number = float(text)
    except ValueError:
        return default
    return default if math.isnan(number) else number


def browser_message(text: str) -> BrowserMessage:
    """One text message from textual-serve's page, read: ``["stdin", keys]``,
    ``["resize", {"width": W, "height": H}]``, ``["ping", stamp]``, ``["focus"]`` or
    ``["blur"]``. Anything else is a ``MalformedMessage``."""
    try:
        envelope = orjson.loads(text)
    except orjson.JSONDecodeError:
        raise MalformedMessage("not JSON") from None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        raise MalformedMessage("not a list that starts with the message's kind")
    kind, arguments = envelope[0], envelope[1:]
    if kind in ("focus", "blur"):
        return Focus(kind == "focus")
    if len(arguments) != 1:
        raise MalformedMessage("a message of this kind takes one argument")
    argument = arguments[0]
    if kind in ("stdin", "ping") and isinstance(argument, str):
        return Keys(argument) if kind == "stdin" else Ping(argument)
    if kind == "resize" and isinstance(argument, dict):
        return Resize(*terminal_size(argument.get("width"), argument.get("height")))
    raise MalformedMessage("not a message the page sends")


def origin_key(url: str) -> tuple[str, str, int] | None:
    """An origin as compared: scheme, host (an address in its one written form) and port;
    ``None`` when ``url`` is not one."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    host, scheme = parts.hostname, parts.scheme.lower()
    if not host or scheme not in ("http", "https"):
        return None
    try:
        host = str(ipaddress.ip_address(host))
    except ValueError:
        host = host.rstrip(".")
    return scheme, host, port if port is not None else {"http": 80, "https": 443}[scheme]


def same_origin(origin: str | None, served: str) -> bool:
    """Whether a websocket asked for with this ``Origin`` header may be served, for the page
    served at ``served``. A browser always says which page opens a websocket; a page from
    another address (another site, or a name that only resolves here) must not reach the
    scoreboard. A client that is no browser says no origin, and is served: it could say any."""
    if origin is None:
        return True
    found = origin_key(origin)
    return found is not None and found == origin_key(served)


# ---- addresses only this machine reaches ------------------------------------------------------

def only_this_machine(url: str) -> bool:
    """Whether ``url``'s host is one only this machine reaches (127.0.0.1, ::1, localhost):
    a phone that opened it would reach itself, not the scoreboard."""
    host = urlsplit(url).hostname or ""
    addresses = resolved(host) or [host]
    return all(loopback(address) for address in addresses)


def loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address.split("%")[0]).is_loopback
    except ValueError:
        return False


def resolved(host: str, flags: int = 0) -> list[str]:
    """The addresses the system binds for ``host`` (none when it cannot read it)."""
    try:
        found = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM, flags=flags)
    except (OSError, UnicodeError):
        return []
    return [str(address[4][0]) for address in found]
