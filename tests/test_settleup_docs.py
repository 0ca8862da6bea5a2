"""The worked settle-ups of docs/rules.md, read from the page and checked against the program:
every party's standing, result, exact money, money rounded down and money as paid, and the
transfers word for word. (The page's arithmetic was done by hand; this keeps the program and
the page saying the same.)"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from scorekeeper.amounts import parse_amount
from scorekeeper.rules import POT, get_ruleset, make_config
from scorekeeper.script import replay_file
from scorekeeper.settleup import settle_up
from scorekeeper.settlewords import payment_line

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"


def worked_examples() -> dict[str, str]:
    """Each "### Worked settle-up: GAME" section of the rules page, by game title."""
    text = RULES.read_text("utf-8")
    parts = re.split(r"^### Worked settle-up: (.+)$", text, flags=re.MULTILINE)
    sections = {}
    for title, body in zip(parts[1::2], parts[2::2], strict=True):
        sections[title.strip()] = body.split("\n## ")[0]
    return sections


def read_section(body: str):
    script = re.search(r"`(examples/[a-z-]+\.toml)`", body).group(1)
    value, currency = re.search(r"at\s+([0-9.]+)\s+([A-Z]{3})\s+a\s+(?:chip|point)", body).groups()
    rows = []
    for line in body.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and len(cells) == 6 and cells[0] not in ("party", "---"):
            rows.append(cells)
    transfers = body.split("Transfers:")[1].strip().split("\n\n")[0]
    return script, Decimal(value), currency, rows, [t.removeprefix("- ")
                                                      for t in transfers.splitlines()]


@pytest.mark.parametrize("title", ["Kratzen", "Letzter Stich", "Letzter"])
def test_the_worked_settle_up_is_what_the_program_says(title):
    body = worked_examples()[title]
    script, value, currency, rows, transfers = read_section(body)
    ledger = replay_file(ROOT / script)
    assert ledger.ruleset.title == title
    settled = settle_up(ledger.ruleset, ledger.config, ledger.state, value, currency)
    assert len(rows) == len(settled.shares)
    for cells, share in zip(rows, settled.shares, strict=True):
        name, score, result, exact, down, money = cells
        assert name == (share.party if isinstance(share.party, str) else "pot")
        assert parse_amount(score) == share.score
        assert parse_amount(result) == share.result
        assert Decimal(exact) == share.exact == share.result * value
        cents = math.floor(Fraction(share.exact) * 100)
        assert Fraction(Decimal(down)) == Fraction(cents, 100)
        assert Decimal(money) == share.money
    assert [payment_line(settled, t) for t in settled.transfers] == transfers


def test_the_page_has_a_worked_settle_up_for_every_game():
    titles = {get_ruleset(g).title for g in ("kratzen", "letzter-stich", "letzter")}
    assert titles <= set(worked_examples())


def test_three_players_of_letzter_settle_pair_by_pair_in_two_transfers():
    # docs/rules.md: at 2, 5 and 0 points the pairs settle 3, 2 and 5 points; results +1, -8,
    # +7; Ben pays Cleo 7 and Anna 1.
    config = make_config("letzter", ["Anna", "Ben", "Cleo"], "Anna")
    ruleset = get_ruleset("letzter")
    state = ruleset.state_at(config, 3, {"Anna": Decimal(2), "Ben": Decimal(5),
                                         "Cleo": Decimal(0)}, None)
    settled = settle_up(ruleset, config, state)
    assert [s.result for s in settled.shares] == [1, -8, 7]
    assert [payment_line(settled, t) for t in settled.transfers] == [
        "Ben pays Cleo 7 points", "Ben pays Anna 1 point"]
    assert POT not in [s.party for s in settled.shares]
