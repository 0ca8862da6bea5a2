"""The project's own documents: README's links stay inside the repository, the rules and the
contract live in docs/, and each rule card says what a table needs to know."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from markdown_it import MarkdownIt

from scorekeeper.rulecards import rule_card
from scorekeeper.rules import games

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
RULES = ROOT / "docs" / "rules.md"
CONTRACT = ROOT / "docs" / "contract.md"

_HTML_TARGET = re.compile(r"""\b(?:href|src)\s*=\s*["']([^"']*)["']""", re.IGNORECASE)


def link_targets(markdown: str) -> list[str]:
    """Every link and image target in a Markdown text: inline, reference-style and autolinks,
    and the href/src of any HTML in it. Code blocks and code spans are not links."""
    targets: list[str] = []

    def walk(tokens) -> None:
        for token in tokens:
            if token.type == "link_open":
                targets.append(token.attrGet("href") or "")
            elif token.type == "image":
                targets.append(token.attrGet("src") or "")
            elif token.type in ("html_inline", "html_block"):
                targets.extend(_HTML_TARGET.findall(token.content))
            if token.children:
                walk(token.children)

    md = MarkdownIt("commonmark")
    md.validateLink = lambda url: True  # keep file: and the like as links, to be refused
    walk(md.parse(markdown))
    return targets


def bad_links(markdown: str, base: Path, root: Path) -> list[str]:
    """The links of ``markdown`` (a file in folder ``base``) that point outside ``root``, at
    nothing, or at the shared folder; each with the reason."""
    problems = []
    for target in link_targets(markdown):
        parts = urlsplit(target)
        if parts.scheme in ("http", "https"):
            if re.search(r"(^|/)shared(/|$)", parts.path) or "RULES.md" in parts.path \
                    or "CONTRACT.md" in parts.path:
                problems.append(f"{target}: points to the shared folder")
            continue
        if parts.scheme or parts.netloc:
            problems.append(f"{target}: not a file in the repository")
            continue
        path = unquote(parts.path)
        if not path:  # "#section": a place in the same file
            continue
        if path.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", path):
            problems.append(f"{target}: an absolute path")
            continue
        resolved = (base / path).resolve()
        if resolved != root and root not in resolved.parents:
            problems.append(f"{target}: outside the repository")
        elif not resolved.exists():
            problems.append(f"{target}: no such file")
    return problems


# -- README's links ------------------------------------------------------------------------------

def test_readme_links_stay_inside_the_repository() -> None:
    text = README.read_text("utf-8")
    assert link_targets(text), "README.md has no links at all: is the parser reading it?"
    assert bad_links(text, README.parent, ROOT) == []


def test_readme_links_to_the_rules_and_the_contract() -> None:
    targets = link_targets(README.read_text("utf-8"))
    assert "docs/rules.md" in targets
    assert "docs/contract.md" in targets


def test_the_link_check_catches_what_it_should() -> None:
    """The checker itself: each kind of bad link is found; good ones pass."""
    sample = "\n".join([
        "[rules](../shared/RULES.md)",
        "![shot](/etc/picture.svg)",
        "[gone](docs/nothing-here.md)",
        "[deep](docs/../../outside.md)",
        "[ref][r]",
        "[web](https://example.org/shared/CONTRACT.md)",
        "[file](file:///work/shared/RULES.md)",
        '<img src="../shared/x.png">',
        "",
        "[r]: ../shared/CONTRACT.md",
        "",
        "[fine](docs/rules.md) [anchor](#the-rules) [site](https://example.org/)",
        "`[code](../shared/not-a-link.md)`",
        "",
        "```",
        "[block](../shared/not-a-link-either.md)",
        "```",
    ])
    found = bad_links(sample, ROOT, ROOT)
    assert [f.split(":")[0] for f in found] == [
        "../shared/RULES.md", "/etc/picture.svg", "docs/nothing-here.md",
        "docs/../../outside.md", "../shared/CONTRACT.md", "https", "file",
        "../shared/x.png"]


def test_readme_is_read_to_the_end() -> None:
    """At most 250 lines; the details live in docs/ and the README links them."""
    text = README.read_text("utf-8")
    assert len(text.splitlines()) <= 250
    targets = {t.partition("#")[0] for t in link_targets(text)}
    for document in ("reference.md", "reliability.md", "performance.md"):
        assert (ROOT / "docs" / document).is_file(), document
        assert f"docs/{document}" in targets, f"README.md does not link docs/{document}"


def test_readme_says_the_two_commands_first() -> None:
    """The first two commands are installing and opening the program and running the tests;
    .ci/run takes the second from the line two below its marker, as this does."""
    text = README.read_text("utf-8")
    blocks = [t for t in MarkdownIt("commonmark").parse(text) if t.type == "fence"]
    assert blocks[0].content.strip().endswith(".venv/bin/scorekeeper")
    lines = text.splitlines()
    marker = lines.index("<!-- test-command -->")
    assert lines[marker + 2] == blocks[1].content.strip()
    assert lines[marker + 2].endswith(".venv/bin/python -m pytest")
    assert "## A short tour" in text.partition(lines[marker + 2])[2]


def heading_anchors(markdown: str) -> set[str]:
    """The anchors GitHub gives the headings of a Markdown text (``## The rules``:
    ``the-rules``)."""
    anchors = set()
    tokens = MarkdownIt("commonmark").parse(markdown)
    for opening, inline in zip(tokens, tokens[1:], strict=False):
        if opening.type == "heading_open":
            words = re.sub(r"[^\w\- ]", "", inline.content.lower())
            anchors.add(words.replace(" ", "-"))
    return anchors


DOCUMENTS = [README, *sorted((ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.name)
def test_links_stay_inside_and_reach_their_places(document: Path) -> None:
    """README's links and those of docs/ point at files of the repository, and a link to a
    place in a Markdown file names a heading there."""
    text = document.read_text("utf-8")
    assert bad_links(text, document.parent, ROOT) == []
    missing = []
    for target in link_targets(text):
        path, _, anchor = unquote(target).partition("#")
        if not anchor or urlsplit(target).scheme:
            continue
        linked = (document.parent / path).resolve() if path else document
        if linked.suffix == ".md" and anchor not in heading_anchors(linked.read_text("utf-8")):
            missing.append(target)
    assert missing == []


def test_the_anchor_check_catches_a_missing_heading() -> None:
    assert heading_anchors("# Reference: the keys\n\n## The table app\n") == {
        "reference-the-keys", "the-table-app"}


# -- the documents in docs/ ---------------------------------------------------------------------

def test_the_rules_are_in_the_repository() -> None:
    text = RULES.read_text("utf-8")
    assert len(text) > 5000
    for n in range(1, 10):
        assert f"**D{n}**" in text, f"decision D{n} is missing from docs/rules.md"
    for heading in ("## 1. Letzter Stich", "## 2. Letzter", "## 3. Kratzen"):
        assert heading in text
    # The worked examples' results, so that they cannot be dropped unnoticed.
    assert "Final: Anna 2, Ben 1, Cleo 0, Dora 3" in text
    assert "Anna −45, Ben +14¼, Cleo −27¾, Dora +6½" in text


def test_the_contract_is_in_the_repository() -> None:
    text = CONTRACT.read_text("utf-8")
    assert len(text) > 5000
    for command in ("replay", "new", "record", "undo", "amend", "show", "sessions", "audit",
                    "export", "count", "referee trick", "rules", "deal", "tui"):
        assert f"`scorekeeper {command}" in text, f"'{command}' is missing from docs/contract.md"
    for piece in ("Exit status", "error: …", "standings document", '"due"', '"penalty"',
                  "led_by", "audit --json", "(addition)"):
        assert piece in text, f"{piece!r} is missing from docs/contract.md"


def test_contract_additions_is_folded_in_and_gone() -> None:
    assert not (ROOT / "docs" / "contract-additions.md").exists()
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files"], capture_output=True,
                            text=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    this = Path(__file__).resolve()
    for name in listed.stdout.splitlines():
        path = ROOT / name
        if path.resolve() == this or not path.is_file() or path.suffix not in (
                ".md", ".py", ".toml", ".txt", ".tcss", ".cfg", ".ini", ""):
            continue
        assert "contract-additions" not in path.read_text("utf-8", errors="replace"), name


# -- the rule cards ----------------------------------------------------------------------------

def card(game: str) -> str:
    """The rule card as one line of lower-case words, so a phrase may break across lines."""
    return " ".join(rule_card(game).replace("**", "").split()).lower()


EVERY_CARD = ("the first dealer is drawn (or chosen)",
              "the deal passes to the left (clockwise)",
              "highest card of the suit led",
              "clockwise, one card each")

CARD_SAYS = {
    "letzter-stich": EVERY_CARD + ("a card of another suit never wins",),
    "letzter": EVERY_CARD + ("a card of another suit never wins",
                             "card order: a k q j 10 9 8 7 in every suit",  # seed 001
                             "ranking: fewest penalty points is best",
                             "equal scores share the place"),
    "kratzen": EVERY_CARD + (
        "who wins a trick: the highest trump (the weli just below the trump ace); with no "
        "trump in the trick, the highest card of the suit led",
        "a 7 turned after the weli (the card that fixes trump) also forces a muss",
        "a forced muss collects no further stakes",
        "if the pot was not empty, only the dealer's stake of 1 went in",
        "only an empty pot collects everyone's muss stakes (dealer 2, everyone else 1)",
        "4 cards per player dealt, 1 turned (2 when the weli is turned), the rest undealt",
        "16 dealt + 1 turned + 16 undealt = 33",
        "16 dealt + 2 turned + 15 undealt = 33",
        "the hands that dropped stay face down, out of play",
        "the dealer is the declarer",
        "worked out from this same p",
        "fractions of a chip are kept",
        "discards face down"),
}


# The same in each language's card (seed 001's words in Spanish: "empuja", "As, Rey, Reina,
# Jota, 10, 9, 8, 7").
CARD_SAYS_IN = {
    ("letzter", "es"): ("empuja 3 boca abajo", "as, rey, reina, jota, 10, 9, 8, 7",
                        "en el sentido de las agujas del reloj, una carta cada uno"),
    ("letzter", "de"): ("a k d b 10 9 8 7", "im uhrzeigersinn, jeder eine karte"),
    ("letzter", "pt"): ("ás, rei, dama, valete, 10, 9, 8, 7", "no sentido horário, uma carta cada"),
    ("kratzen", "de"): ("verdeckt weg", "demselben p", "bruchteile eines chips bleiben stehen",
                        "im uhrzeigersinn, jeder eine karte"),
    ("kratzen", "pt"): ("tapadas, fora do jogo", "do mesmo p", "frações de ficha guardam-se",
                        "no sentido horário, uma carta cada"),
    ("kratzen", "es"): ("boca abajo, fuera del juego", "con el mismo p",
                        "las fracciones de ficha se guardan",
                        "en el sentido de las agujas del reloj, una carta cada uno"),
    ("letzter-stich", "de"): ("im uhrzeigersinn, jeder eine karte",),
    ("letzter-stich", "pt"): ("no sentido horário, uma carta cada",),
    ("letzter-stich", "es"): ("en el sentido de las agujas del reloj, una carta cada uno",),
}


@pytest.mark.parametrize("game, language", sorted(CARD_SAYS_IN))
def test_each_languages_rule_card_says_it_too(game: str, language: str) -> None:
    from scorekeeper.i18n import speaking

    with speaking(language):
        text = " ".join(rule_card(game).replace("**", "").split()).lower()
    missing = [phrase for phrase in CARD_SAYS_IN[game, language] if phrase not in text]
    assert missing == [], f"the {language} {game} rule card does not say: {missing}"


@pytest.mark.parametrize("game", games())
def test_each_rule_card_says_what_the_table_needs(game: str) -> None:
    text = card(game)
    missing = [phrase for phrase in CARD_SAYS[game] if phrase not in text]
    assert missing == [], f"the {game} rule card does not say: {missing}"


@pytest.mark.parametrize("game", games())
def test_each_rule_card_is_short(game: str) -> None:
    """A card to read at the table, not the whole rule book."""
    assert len(rule_card(game).splitlines()) <= 50
