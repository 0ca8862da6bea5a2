"""Ctrl-C ends a command with exit status 130 and ``error: interrupted`` on a line of its own
(the contract), in every language; whether it comes at a prompt (``record --ask``: click's
prompt turns it into an Abort) or while a command works (``sync`` waiting on a remote: click's
main turns it into an Abort). It said ``error: aborted`` / ``cancelado`` with exit 2, on the
prompt's own line (trial 31, es). Input that ends at a prompt stays ``aborted``, exit 2."""

from __future__ import annotations

import importlib
import os
import select
import signal
import subprocess
import sys
import time

import click
import pytest

from scorekeeper.rules import make_config
from scorekeeper.store import Store

# (the package names its function ``entry``: the module is imported by its name)
entry = importlib.import_module("scorekeeper.cli.entry")

ENV = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}


def asking(tmp_path, *lang: str) -> subprocess.Popen:
    home = tmp_path / "home"
    session = Store(home).create(make_config("kratzen", ["Anna", "Ben", "Cleo"], "Anna"))
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", *lang, "--home", str(home), "record", session.id,
         "--ask"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env=ENV)
    assert process.stdout is not None
    end = time.monotonic() + 30
    seen = b""
    while b"?" not in seen and b":" not in seen:  # the first question is asked
        assert time.monotonic() < end, seen
        ready, _, _ = select.select([process.stdout], [], [], 1)
        if ready:
            seen += os.read(process.stdout.fileno(), 4096)
    time.sleep(0.2)
    return process


@pytest.mark.parametrize(("lang", "words"), [((), "error: interrupted"),
                                             (("--lang", "es"), "error: interrumpido")])
def test_ctrl_c_at_a_prompt_is_interrupted_with_130(tmp_path, lang, words):
    process = asking(tmp_path, *lang)
    process.send_signal(signal.SIGINT)
    _out, err = process.communicate(timeout=30)
    assert process.returncode == 130, err
    lines = err.decode().splitlines()
    assert words in lines, err  # a line of its own


def test_input_that_ends_at_a_prompt_stays_aborted(tmp_path):
    process = asking(tmp_path)
    _out, err = process.communicate(b"", timeout=30)
    assert process.returncode == 2
    assert "error: aborted" in err.decode()


def test_ctrl_c_while_a_command_works_is_interrupted_with_130(monkeypatch, capsys):
    def interrupted(*args, **kwargs):
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as e:  # as click's main does
            raise click.Abort() from e

    monkeypatch.setattr(entry.cli, "main", interrupted)
    assert entry._run([]) == 130
    assert capsys.readouterr().err == "error: interrupted\n"
