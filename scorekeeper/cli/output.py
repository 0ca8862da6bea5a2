"""Everything the commands print goes through ``say``: lines in what the stream can encode,
long texts in pieces, JSON, and what to say when the output itself is lost."""

from __future__ import annotations

import codecs
import contextlib
import os
import sys
from collections.abc import Iterable, Iterator
from typing import Any, NoReturn

from .. import jsontext
from ..errors import ScorekeeperError, one_line, os_reason
from ..i18n import _, decimal_separator

EXIT_OK, EXIT_DISCREPANCY, EXIT_BAD_INPUT = 0, 1, 2


def fail(message: str) -> NoReturn:
    raise ScorekeeperError(message)


# ---- output: every line goes through say() -----------------------------------------------------
#
# Once something is stored, nothing that goes wrong with the output may look like a failure
# that invites typing the command again: a stream that cannot encode a character gets a plain
# stand-in (K♣ is written KC, 4¼ is written 4.25), and a stream that cannot be written at all
# (a closed pipe, a full disk) is given up on; main() then says what was stored on stderr and
# keeps the command's exit status.

_PLAIN = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S",
          "…": "...", "−": "-", "–": "-", "—": "-", "→": "->", "←": "<-", "×": "x",
          "‘": "'", "’": "'", "“": '"', "”": '"', "·": "."}
_QUARTERS = {"¼": ".25", "½": ".5", "¾": ".75"}
FALLBACK = "scorekeeper-fallback"


def _fallback(error: UnicodeError) -> tuple[str, int]:
    """The codec error handler FALLBACK: a stand-in for each character the stream cannot
    encode; a backslash escape for those that have none."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text, out = error.object, []
    for i in range(error.start, error.end):
        ch = text[i]
        if ch in _QUARTERS:  # 4¼ -> 4.25, -¾ -> -0.75 (4,25 where the language writes so)
            out.append(("" if i and text[i - 1].isdigit() else "0")
                       + _QUARTERS[ch].replace(".", decimal_separator()))
        elif ch in _PLAIN:
            out.append(_PLAIN[ch])
        else:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else
                       f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return "".join(out), error.end


codecs.register_error(FALLBACK, _fallback)


def fit_to_encoding(text: str, encoding: str) -> str:
    """``text`` as a stream in ``encoding`` can write it (see _fallback)."""
    try:
        text.encode(encoding)
        return text
    except UnicodeEncodeError:
        return text.encode(encoding, FALLBACK).decode(encoding)
    except LookupError:  # an encoding Python does not know: plain ASCII is safe
        return text.encode("ascii", FALLBACK).decode("ascii")


class Output:
    """What happened to the output of the command running now."""

    lost: OSError | ValueError | None = None  # why stdout could not be written
    stored: str | None = None  # what the command stored, for the note if the output is lost

    @classmethod
    def reset(cls) -> None:
        cls.lost = cls.stored = None


def stored(what: str) -> None:
    """Say that the command has now stored something (``what``: for a note on stderr)."""
    Output.stored = what


def say(message: str = "", *, nl: bool = True, err: bool = False) -> None:
    """Print a line (stdout, or stderr with ``err``) in what the stream can encode. A stdout
    that cannot be written is given up on (Output.lost); nothing here raises."""
    stream = sys.stderr if err else sys.stdout
    if stream is None or (not err and Output.lost is not None):
        return
    try:
        for piece in _pieces(message + "\n" if nl and len(message) < PIECE else message):
            try:
                stream.write(piece)
            except UnicodeEncodeError:
                stream.write(fit_to_encoding(piece, getattr(stream, "encoding", None) or "ascii"))
        if nl and len(message) >= PIECE:
            stream.write("\n")
        stream.flush()
    except (OSError, ValueError) as error:  # ValueError: the stream is closed
        if not err:
            _give_up_output(error)


# A long text (an export, the document of thousands of hands) is written a piece at a time,
# each piece whole lines: a stream encodes what it is given at once, and 16 MiB of text would
# be 16 MiB more memory (tests/benchmarks, "peak memory"). A piece ends at a line's end, so a
# character's stand-in (4¼ -> 4.25) still sees the character before it.
PIECE = 1 << 20


def _pieces(text: str) -> Iterator[str]:
    start = 0
    while start < len(text):
        end = text.find("\n", start + PIECE)
        end = len(text) if end < 0 else end + 1
        yield text[start:end]
        start = end


def say_pieces(pieces: Iterable[str]) -> None:
    """Print a text given in pieces (``say`` of their concatenation, without a newline added),
    about ``PIECE`` characters at a time, each ending at a line's end, so that the whole text
    is never made (``export``)."""
    held: list[str] = []
    size = 0
    for piece in pieces:
        held.append(piece)
        size += len(piece)
        if size >= PIECE:
            text = "".join(held)
            end = text.rfind("\n") + 1
            if end:
                say(text[:end], nl=False)
                text = text[end:]
            held, size = [text], len(text)
    if size:
        say("".join(held), nl=False)


def _give_up_output(error: OSError | ValueError) -> None:
    Output.lost = error
    # What is still buffered would be flushed (and fail again, with a message) when Python
    # exits: the process's own stdout is pointed at the null device instead.
    stdout = sys.stdout
    if stdout is sys.__stdout__ and stdout is not None:
        with contextlib.suppress(OSError, ValueError):
            null = os.open(os.devnull, os.O_WRONLY)
            try:
                os.dup2(null, stdout.fileno())
            finally:
                os.close(null)


def _fit_streams() -> list[tuple[Any, str]]:
    """Make stdout and stderr write a stand-in for what they cannot encode (click's own
    output, the help, goes straight to them). Returns what to restore."""
    changed = []
    for stream in (sys.stdout, sys.stderr):
        errors = getattr(stream, "errors", None)
        if errors in (None, FALLBACK) or not hasattr(stream, "reconfigure"):
            continue
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("_", "-")
        if encoding in ("utf-8", "utf8"):
            continue
        with contextlib.suppress(OSError, ValueError, AttributeError):
            stream.reconfigure(errors=FALLBACK)
            changed.append((stream, errors))
    return changed


def _output_lost_ending(code: int) -> int:
    """The exit status once the output could not be written, with a line on stderr: a closed
    pipe is the reader's choice (no line, the status stands); otherwise what was stored stays
    stored (a note, the status stands) and a command that stored nothing failed (status 2)."""
    lost = Output.lost
    if lost is None or isinstance(lost, BrokenPipeError):
        return code
    reason = os_reason(lost)
    if Output.stored is not None:
        say(_("note: {what}: stored; only the output could not be written ({reason})").format(
            what=one_line(Output.stored), reason=reason), err=True)
        return code
    say(_("error: the output could not be written ({reason})").format(reason=reason), err=True)
    return EXIT_BAD_INPUT


def emit_json(document: Any) -> None:
    say(jsontext.indented(document))
