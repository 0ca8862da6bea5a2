"""``sync`` to an ssh remote that does not answer gives up in a time: the ssh it runs is
given a time limit to connect (``ConnectTimeout``), and sync says why in one line; it waited
silently for minutes on ``ssh://10.255.255.1/club.git`` (trial 31, es and de). An ssh command
the person set (GIT_SSH_COMMAND) is used as it is. The ssh run here is a stand-in on PATH
that writes down its arguments and answers as ssh does when the connection timed out."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

FAKE_SSH = """#!/bin/sh
echo "$@" >> "{log}"
echo "ssh: connect to host 10.255.255.1 port 22: Connection timed out" >&2
exit 255
"""


@pytest.fixture
def fake_ssh(tmp_path):
    folder = tmp_path / "bin"
    folder.mkdir()
    log = tmp_path / "ssh-args"
    ssh = folder / "ssh"
    ssh.write_text(FAKE_SSH.format(log=log))
    ssh.chmod(0o755)
    env = {k: v for k, v in os.environ.items()
           if k not in ("GIT_SSH_COMMAND", "GIT_SSH", "LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env["PATH"] = f"{folder}{os.pathsep}{env.get('PATH', '')}"
    return env, log


def sync(tmp_path: Path, env: dict[str, str], *lang: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scorekeeper", *lang, "--home",
                           str(tmp_path / "home"), "sync", "ssh://10.255.255.1/club.git"],
                          capture_output=True, text=True, env=env, timeout=60)


@pytest.mark.parametrize(("lang", "words"), [((), "Connection timed out"),
                                             (("--lang", "de"), "Zeitüberschreitung")])
def test_ssh_is_given_a_time_to_connect_and_the_reason_is_one_line(tmp_path, fake_ssh, lang,
                                                                   words):
    env, log = fake_ssh
    done = sync(tmp_path, env, *lang)
    assert done.returncode == 2, done.stderr
    assert "-o ConnectTimeout=15" in log.read_text()
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], lines


def test_the_persons_own_ssh_command_is_used_as_it_is(tmp_path, fake_ssh):
    env, log = fake_ssh
    env["GIT_SSH_COMMAND"] = "ssh -o BatchMode=yes"
    sync(tmp_path, env)
    said = log.read_text()
    assert "BatchMode=yes" in said and "ConnectTimeout" not in said
