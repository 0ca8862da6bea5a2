"""A long text is written in pieces of whole lines (cli.say): the same bytes as written whole,
a stand-in for a character the stream cannot encode included (4¼ is 4.25 on an ASCII
terminal, wherever a piece ends)."""

from __future__ import annotations

import io
import sys

from scorekeeper.cli import output as cli


def written(monkeypatch, text: str, encoding: str, nl: bool) -> bytes:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding=encoding, errors="strict", newline="\n")
    monkeypatch.setattr(sys, "stdout", stream)
    cli.Output.reset()
    cli.say(text, nl=nl)
    return raw.getvalue()


def test_a_long_text_is_written_as_it_would_be_whole(monkeypatch):
    monkeypatch.setattr(cli, "PIECE", 6)  # pieces of a few characters: any cut would show
    line = "Anna 4¼, Ben −27¾, Cleo K♣\n"
    text = line * 5
    assert len(list(cli._pieces(text))) > 2
    for encoding in ("utf-8", "ascii"):
        for nl in (True, False):
            whole = cli.fit_to_encoding(text + ("\n" if nl else ""), encoding)
            assert written(monkeypatch, text, encoding, nl) == whole.encode(encoding)
    assert b"4.25" in written(monkeypatch, text, "ascii", False)
