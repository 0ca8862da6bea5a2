"""Issue 26, trial 31: a line that is a sentence of its own begins with a capital (hC): the md
and html exports' paragraph of an evening that went on, and count's verdict."""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import EXAMPLES


def _evening_that_went_on(run) -> tuple[str, str]:
    assert run("replay", str(EXAMPLES / "kratzen.toml"), "--save").code == 0
    first = json.loads(run("sessions", "--json").out)[0]["id"]
    went = run("new", "--continue", first, "--json")
    assert went.code == 0, went.err
    return first, json.loads(went.out)["id"]


@pytest.mark.parametrize("language", ["en", "de", "pt", "es"])
def test_the_exports_paragraph_of_an_evening_that_went_on_begins_with_a_capital(run, language):
    first, then = _evening_that_went_on(run)
    md = run("--lang", language, "export", first, "--format", "md").out.splitlines()
    assert md[0].startswith("# Kratzen") and md[1] == ""
    paragraph = md[2]
    assert then in paragraph and paragraph[0].isupper(), paragraph
    html = run("--lang", language, "export", first, "--format", "html").out
    said = [p for p in re.findall(r"<p>([^<]*)</p>", html) if then in p]
    assert said and all(p[0].isupper() for p in said), said
    # the next evening's paragraph (what it opened with) begins with a capital too
    opened = run("--lang", language, "export", then, "--format", "md").out.splitlines()[2]
    assert first in opened and opened[0].isupper(), opened


@pytest.mark.parametrize("language", ["en", "de", "pt", "es"])
@pytest.mark.parametrize("pot", ["0", "12345"])
def test_counts_verdict_begins_with_a_capital(run, language, pot):
    assert run("replay", str(EXAMPLES / "kratzen.toml"), "--save").code == 0
    session = json.loads(run("sessions", "--json").out)[0]["id"]
    counted = run("--lang", language, "count", session, "--pot", pot)
    assert counted.code in (0, 1), counted.err
    verdict = counted.out.splitlines()[-1]
    assert verdict[0].isupper(), verdict
    assert verdict.lower().startswith(("the count", "der kassensturz", "a contagem",
                                       "el recuento", "o recuento")), verdict
