"""Every word in the language in use (issue 26): what ``show``, ``count``, ``audit``, the md
and html exports, ``share``, ``season`` and ``player`` print in German, Portuguese and Spanish
holds no English word, for evenings of all three games with a chip count, an amendment after
it, a withdrawal, a settle-up, and an evening that continues another. Names, ids, digests and
the cards as the pack shows them are left alone; a card written by its code (``6D``, ``W``) is
English too."""

from __future__ import annotations

import contextlib
import html
import io
import json
import re
import time
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from scorekeeper.cli import main
from scorekeeper.i18n import use_language

from .tui_helpers import make_app

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("de", "pt", "es")
GAMES = ("kratzen", "letzter-stich", "letzter")

# Words only English uses: none of them is a German, Portuguese or Spanish word (so no "in",
# "an", "was", "also", "no", "a", "as", "normal", "total", "final", "Hand", "Chips").
# Lower-case words are matched as written (German nouns start with a capital letter).
ENGLISH = (
    "pot", "Pot", "indicator", "entered", "tricks", "trick", "Trick", "hand", "hands", "Hands",
    "dealer", "Dealer", "deals", "dealt", "amended", "amendment", "withdrawn", "withdrawal",
    "count", "counted", "counts", "ledger", "Ledger", "settle", "settled", "Settled", "wins",
    "the", "The", "and", "of", "with", "after", "After", "before", "agrees", "agreed",
    "disagrees", "disagreed", "off", "OFF", "by", "winner", "leading", "finished", "running",
    "player", "players", "Player", "score", "Standings", "standings", "seat", "kind", "from",
    "to", "amount", "reason", "time", "turned", "playing", "nobody", "pays", "receives",
    "changes", "change", "note", "penalty", "points", "stake", "digest", "Digest", "session",
    "Session", "history", "History", "since", "now", "then", "is", "not", "says", "left",
    "each", "every", "who", "whom", "money", "result", "exactly", "forced", "last", "next",
    "round", "rounded", "value", "Referee", "findings", "chip", "recorded", "stays", "yet",
    "ok", "none",
)
WORD = re.compile(r"\b(" + "|".join(ENGLISH) + r")\b")
CARD_CODE = re.compile(r"\b(?:10|[2-9JQKA])[SHDC]\b|\bW\b")
PATH = re.compile(r"\S+\.json\b")
TAG = re.compile(r"<style>.*?</style>|<[^>]*>", re.S)
ARIA = re.compile(r'aria-label="([^"]*)"')


def _run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(list(argv))
        except SystemExit as done:
            code = done.code or 0
        else:
            code = 0
    use_language("en")
    return int(code), out.getvalue() + err.getvalue()


def _id(printed: str) -> str:
    return next(w for w in printed.split() if re.fullmatch(r"[0-9a-f]{8}", w))


# Each game: another winner of hand 1's tricks (the amendment), a count off by some chips,
# the first hand of the next evening.
EVENINGS = {
    "kratzen": (["--tricks", "Anna,Ben,Cleo,Dora"], ["Anna=1", "Ben=14", "pot=3"],
                ["--indicator", "W,KC", "--entered", "Ben,Cleo", "--tricks", "Ben,Ben,Cleo,Ben"]),
    "letzter-stich": (["--tricks", "Ben,Cleo,Cleo,Dora,Anna,Ben,Ben,Dora"], ["Anna=1", "pot=3"],
                      ["--tricks", "Ben,Cleo,Cleo,Dora,Anna,Ben,Ben,Cleo"]),
    "letzter": (["--tricks", "Cleo,Ben,Anna,Dora,Cleo,Anna,Dora,Anna"], ["Anna=1", "Ben=2"],
                ["--tricks", "Cleo,Ben,Anna,Dora,Cleo,Anna,Dora,Ben"]),
}


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> dict[str, tuple[Path, str, str]]:
    """For each game: the home, an evening counted, amended, withdrawn from, counted again
    and settled up, and the next evening of another (a hand recorded and counted)."""
    made = {}
    for game, (amended, counted, next_hand) in EVENINGS.items():
        where = str(tmp_path_factory.mktemp(game))

        def sk(*argv: str, where: str = where) -> str:
            code, printed = _run("--home", where, *argv)
            assert code in (0, 1), printed
            return printed

        script = str(ROOT / "examples" / f"{game}.toml")
        evening = _id(sk("replay", script, "--save").split("saved")[-1])
        sk("count", evening, *counted)
        sk("amend", evening, "1", *amended)
        sk("undo", evening)
        sk("count", evening, *counted)
        sk("settle", evening, "--value", "0.10", "--currency", "EUR")
        earlier = _id(sk("replay", script, "--save").split("saved")[-1])
        later = _id(sk("new", "--continue", earlier))
        sk("record", later, *next_hand)
        sk("count", later, *counted)
        made[game] = (Path(where), evening, later)
    return made


def _outputs(where: Path, session: str, language: str, counted: list[str]) -> dict[str, str]:
    said = {}
    for name, argv in (("show", ["show", session]), ("audit", ["audit", session]),
                       ("md", ["export", session, "--format", "md"]),
                       ("html", ["export", session, "--format", "html"]),
                       ("share", ["share", session]),
                       ("season", ["season"]), ("player", ["player", "Anna"]),
                       ("count", ["count", session, *counted])):
        code, printed = _run("--lang", language, "--home", str(where), *argv)
        assert code in (0, 1), printed
        said[name] = printed
    return said


def _human(name: str, printed: str) -> str:
    """The words of an output a person reads: an html page's text and its chart's label
    (not its tags), without the session file's path."""
    if name == "html":
        labels = " ".join(ARIA.findall(printed))
        printed = html.unescape(TAG.sub(" ", printed)) + " " + labels
    return PATH.sub(" ", printed)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_no_english_word_in_what_people_read(home, game, language):
    where, evening, later = home[game]
    found = {}
    for session in (evening, later):
        for name, printed in _outputs(where, session, language, EVENINGS[game][1]).items():
            text = _human(name, printed)
            english = sorted({m.group(0) for m in WORD.finditer(text)}
                             | {m.group(0) for m in CARD_CODE.finditer(text)})
            if english:
                found[f"{name} {session}"] = (english, [line for line in text.splitlines()
                                                        if WORD.search(line)
                                                        or CARD_CODE.search(line)][:6])
    assert not found, "\n".join(f"{where}: {words}: {lines}" for where, (words, lines)
                                 in found.items())


def test_the_word_list_catches_english(home):
    """The check itself: the same outputs in English are full of these words."""
    where, evening, __ = home["kratzen"]
    printed = _outputs(where, evening, "en", EVENINGS["kratzen"][1])
    for name, text in printed.items():
        assert WORD.search(_human(name, text)), name


@pytest.fixture
def in_sao_paulo(monkeypatch):
    """The machine's local zone is São Paulo's (UTC-3, no summer time) for this test."""
    monkeypatch.setenv("TZ", "America/Sao_Paulo")
    time.tzset()
    yield ZoneInfo("America/Sao_Paulo")
    monkeypatch.undo()
    time.tzset()


def test_html_ledger_by_hand_in_local_minutes_json_keeps_the_stamp(home, in_sao_paulo):
    where, evening, __ = home["kratzen"]
    code, data = _run("--home", str(where), "export", evening, "--format", "json")
    assert code == 0
    document = json.loads(data)
    stamps = [e["at"] for e in document["events"] if e["type"] == "hand"]
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z", at) for at in stamps)
    code, page = _run("--home", str(where), "export", evening, "--format", "html")
    assert code == 0
    assert not re.search(r"\d{4}-\d\d-\d\dT\d\d:\d\d", page)
    ledger = page[page.index("<h2>Ledger</h2>"):]
    ledger = ledger[:ledger.index("</table>")]
    local = datetime.fromisoformat(stamps[0]).astimezone(in_sao_paulo).strftime("%Y-%m-%d %H:%M")
    utc = stamps[0][:16].replace("T", " ")
    assert local != utc and utc not in ledger
    # Three hands in force (hand 4 withdrawn), 15 transfers: the hand, its time, dealer, kind
    # and the pot after it once a hand, beside its transfers.
    assert ledger.count(local) == len(document["hands"]) == 3
    assert ledger.count("<tr>") == 1 + sum(len(h["transfers"]) for h in document["hands"])
    assert len(re.findall(r"rowspan=5>Anna</td><td rowspan=5>Muss</td>", ledger)) == 1  # hand 1


def test_the_html_chart_key_gives_whole_names(tmp_path):
    name = "Maximiliane-Josephine"  # at the end of its line, cut off by the edge
    script = tmp_path / "long.toml"
    script.write_text((ROOT / "examples" / "kratzen.toml").read_text(encoding="utf-8")
                      .replace('"Anna"', f'"{name}"'), encoding="utf-8")
    where = str(tmp_path / "home")
    code, saved = _run("--home", where, "replay", str(script), "--save")
    assert code == 0, saved
    code, page = _run("--home", where, "export", _id(saved.split("saved")[-1]), "--format",
                      "html")
    chart = page[page.index("<svg"):page.index("</svg>")]
    assert f">{name}: -45</text>" in chart


def test_md_chip_counts_keep_quarters(home):
    where, evening, __ = home["kratzen"]
    code, sheet = _run("--lang", "de", "--home", str(where), "export", evening, "--format", "md")
    counts = sheet[sheet.index("## Kassenstürze"):sheet.index("## Abgerechnet")]
    assert "¼" in counts or "½" in counts or "¾" in counts, counts
    assert not re.search(r"\d,(25|5|75)\b", counts), counts


def test_a_german_error_names_the_option_a_script_keeps_its_key(home, tmp_path):
    where, __, later = home["kratzen"]
    code, said = _run("--lang", "de", "--home", str(where), "record", later, "--indicator",
                      "8S", "--entered", "Zed", "--tricks", "Ben,Ben,Cleo,Ben")
    assert code == 2
    # the command line names the option as typed (trial 31: "es spielen:" named none)
    assert "Spiel 2: --entered: 'Zed' spielt in dieser Partie nicht mit" in said
    script = tmp_path / "night.toml"
    script.write_text('game = "kratzen"\nplayers = ["Anna", "Ben", "Cleo", "Dora"]\n'
                      'first_dealer = "Anna"\n[[hands]]\nindicator = "KC"\n'
                      'entered = ["Ben", "Zed"]\ntricks = ["Ben", "Ben", "Cleo", "Dora"]\n',
                      encoding="utf-8")
    code, said = _run("--lang", "de", "replay", str(script))
    assert code == 2 and "Spiel 1: entered: 'Zed' spielt" in said  # the key, as written


async def test_the_open_list_says_its_key_in_the_language(tmp_path):
    """Textual's list (Select) shows "Dismiss menu" for escape while it is open: said in the
    language in use, through the same public binding descriptions as every key."""
    app = make_app(tmp_path, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#game").focus()
        await pilot.press("enter")
        await pilot.pause()
        said = {active.binding.description for active in app.screen.active_bindings.values()}
        assert "Liste schließen" in said and "Dismiss menu" not in said


def test_the_season_says_what_evenings_won_counts_and_why_nobody_won_an_unfinished_one(home):
    """The kratzen home: the worked evening (withdrawn back to 3 hands of 4: not finished),
    another played to the end (Ben on top) and its next evening (1 hand)."""
    where, __, __ = home["kratzen"]
    code, said = _run("--home", str(where), "season")
    assert code == 0
    lines = said.splitlines()
    assert "evenings won" in lines[1]
    ben = next(line.split() for line in lines if line.split()[1:2] == ["Ben"])
    assert ben[2:5] == ["3", "8", "1"]  # 3 evenings of 3 + 4 + 1 hands; won the finished one
    assert ("evenings won: evenings played to the end and finished first (a tie shares the "
            "win). 2 evenings were not played to the end: nobody has won them.") in " ".join(
        lines)
    assert all(len(line) <= 80 for line in lines)
