"""`audit`'s findings write amounts as every other human text does in the language in use: chips
in quarters (8½, 13¾, -5¼), any other fraction with the language's decimal mark (8,1 in German,
Portuguese and Spanish), never the decimal point of the file's JSON.

The session of tests/test_amend_counts.py (Kratzen, Anna Ben Cleo Dora, Anna deals first):
after hand 2 Ben has 8½ and Cleo 4¼; amended, hand 2 leaves Ben 13¾ (a count of 8½ is then off
by 8½ - 13¾ = -5¼)."""

from __future__ import annotations

import re

import pytest

from .test_amend_counts import HAND_3, two_hands

LANGUAGES = ["de", "pt", "es"]


def finding_lines(run, language: str, session_id: str) -> list[str]:
    """The findings audit prints in ``language`` (a line each after the file's name; the last
    line counts them)."""
    audit = run("--lang", language, "audit", session_id)
    assert audit.code == 1, audit.err
    lines = audit.out.splitlines()
    assert len(lines) == 2, lines  # one finding, then the count of findings
    return [line.split(": ", 1)[1] for line in lines[:-1]]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_count_off_by_a_fraction_that_is_no_quarter_is_written_with_a_decimal_comma(
        run, language):
    session_id = two_hands(run)
    assert run("count", session_id, "Ben=8.1", "Cleo=4.25").code == 1  # Ben: 8½ in the ledger
    [message] = finding_lines(run, language, session_id)
    assert "8,1" in message and "-0,4" in message and "8½" in message
    assert not re.search(r"[0-9]\.[0-9]", message), message  # no decimal point anywhere


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_a_count_an_amendment_put_off_is_written_in_quarters(run, language):
    session_id = two_hands(run)
    assert run("count", session_id, "Ben=8.5").code == 0  # agrees: 8½ after hand 2
    assert run("record", session_id, *HAND_3).code == 0
    assert run("amend", session_id, "2", "--tricks", "Ben,Ben,Ben,Dora").code == 0
    [message] = finding_lines(run, language, session_id)
    # Counted 8½, the ledger said 8½ then; now it says 13¾: off by -5¼.
    assert message.count("8½") == 2 and "13¾" in message and "-5¼" in message, message
    assert not re.search(r"[0-9][.,][0-9]", message), message
