"""Driving the table app with Pilot: a store with a fixed clock and ids, and the keys of a hand."""

from __future__ import annotations

import itertools
from contextlib import asynccontextmanager
from typing import Any

from scorekeeper.rules import HandRecord, SessionConfig
from scorekeeper.store import Store
from scorekeeper.tui.app import ScorekeeperApp

RANK_KEY = {"A": "a", "K": "k", "Q": "q", "J": "j", "10": "t", "9": "9", "8": "8", "7": "7"}


def fixed_store(home) -> Store:
    ids = (f"{n:08x}" for n in itertools.count(1))
    return Store(home, now=lambda: "2026-11-28T20:00:00.000000Z", new_id=lambda: next(ids))


def make_app(home, session: str | None = None, language: str | None = None) -> ScorekeeperApp:
    """The app on a fixed store (speaking ``language`` when given); every notice it shows is
    also kept in ``app.said`` (through the public ``notify``, which every screen's notice goes
    through)."""
    app = ScorekeeperApp(fixed_store(home), session, watch_interval=None, steady_cursor=True,
                         disk_in_thread=False, language=language)
    said: list[str] = []
    show = app.notify

    def notify(message, *args, **kwargs):
        said.append(str(message))
        return show(message, *args, **kwargs)

    app.notify = notify  # type: ignore[method-assign]
    app.said = said  # type: ignore[attr-defined]
    return app


def hand_keys(config: SessionConfig, dealer: str, record: HandRecord, muss: bool,
              language: str = "en") -> list[str]:
    """The keys that enter ``record`` on the table screen (suits, playing or dropping with the
    letters of ``language``)."""
    from scorekeeper.cards import suit_keys
    from scorekeeper.i18n import play_key_names, speaking
    from scorekeeper.rules import get_ruleset

    with speaking(language):
        play, drop = play_key_names()
        suits = {suit: key for key, suit in
                 suit_keys(get_ruleset(config.game).deck(config)).items()}
    keys: list[str] = []
    for card in record.indicator or ():
        if card.is_weli:
            keys.append("w")
        else:
            keys += [RANK_KEY[card.rank.value], suits[card.suit]]
    if config.game == "kratzen" and not muss:
        entered = set(record.entered or ())
        for player in config.clockwise_from(dealer)[1:]:
            keys.append(play if player in entered else drop)
    keys += [str(config.seat_of(w) + 1) for w in record.tricks]
    return keys


def screen_rows(svg: str) -> list[str]:
    """The text of a screenshot (``App.export_screenshot()``, or a snapshot file), a string per
    terminal row: what a person sees, to check that a question is on screen and to read a
    snapshot before accepting it. Each piece of text is put at its column (``x`` over the cell
    width); a wide character fills two columns."""
    import html
    import re

    from rich.cells import cell_len

    cell = 12.2  # the width of a cell in Textual's (Rich's) SVG export
    rows: dict[int, dict[int, str]] = {}
    for x, line, text in re.findall(
            r'<text class="terminal-[^"]*" x="([\d.]+)" y="[\d.]+" textLength="[\d.]+" '
            r'clip-path="url\(#terminal-(?:\d+-)?line-(\d+)\)">([^<]*)</text>', svg):
        rows.setdefault(int(line), {})[round(float(x) / cell)] = html.unescape(text)
    out = []
    for number in range(max(rows, default=-1) + 1):
        line = ""
        for column, text in sorted(rows.get(number, {}).items()):
            line += " " * max(0, column - cell_len(line)) + text
        out.append(line.replace("\xa0", " ").replace("\n", "").rstrip())
    return out


def shown_rows(app) -> list[str]:
    """The rows of text on ``app``'s screen now (``screen_rows`` of a screenshot)."""
    return screen_rows(app.export_screenshot())


def words(text: str) -> str:
    """``text`` with each run of white space made one space."""
    return " ".join(text.split())


def on_screen(app) -> str:
    """Everything on screen as one line of words (a sentence wrapped over rows reads whole)."""
    return words(" ".join(shown_rows(app)))


# The characters of a scroll bar's thumb, to be taken out of a row beside it.
SCROLL_BAR = str.maketrans("", "", "▁▂▃▄▅▆▇█▉▊▋▌▍▎▏")


async def settled(pilot) -> None:
    """Three pauses: the screen has answered the keys pressed and drawn itself again."""
    for _n in range(3):
        await pilot.pause()


async def open_screen(pilot, key: str, kind: type | None = None) -> Any:
    """Once the app has started (a pause), ``key`` pressed and two pauses: the screen it
    opened, which must be a ``kind`` when one is given."""
    await pilot.pause()
    await pilot.press(key)
    await pilot.pause()
    await pilot.pause()
    screen = pilot.app.screen
    if kind is not None:
        assert isinstance(screen, kind), type(screen).__name__
    return screen


@asynccontextmanager
async def table_at_80x24(home, session: str, language: str | None = None):
    """The table screen of ``session`` at 80x24 (notices shown) in ``language``, settled:
    ``(app, pilot, screen)``."""
    from scorekeeper.tui.screens.table import TableScreen

    app = make_app(home, session, language=language)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settled(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        yield app, pilot, screen


async def amend_hand(pilot, number: int) -> None:
    """At the table: ctrl+e, then hand ``number`` picked (a pause after each)."""
    await pilot.press("ctrl+e")
    await pilot.pause()
    await pilot.press(str(number), "enter")
    await pilot.pause()


def pot_entry(deck: str | None = None):
    """The keys of a Kratzen hand (Anna, Ben, Cleo, Dora; Anna deals; ``deck``'s pack where
    one is given) on a continued evening, with a pot of 8: the turned card is asked."""
    from decimal import Decimal

    from scorekeeper.rules import HandDraft, Opening, get_ruleset, make_config
    from scorekeeper.tui.entry import KeyEntry

    ruleset = get_ruleset("kratzen")
    base = make_config("kratzen", ["Anna", "Ben", "Cleo", "Dora"], "Anna",
                       None if deck is None else {"deck": deck})
    config = SessionConfig(game=base.game, players=base.players, first_dealer="Anna",
                           options=base.options, opening=Opening(pot=Decimal(8)))
    return KeyEntry(HandDraft(ruleset, config, ruleset.initial_state(config)))


def decide_entry():
    """``pot_entry()`` after the ace of hearts is turned: Ben is asked whether he plays."""
    from scorekeeper.cards import Suit

    entry = pot_entry()
    hearts = next(key for key, suit in entry.suit_keys().items() if suit is Suit.HEARTS)
    assert entry.press("a") is None and entry.press(hearts) is None
    assert entry.draft.step.kind == "decide" and entry.draft.step.player == "Ben"
    return entry


# Six players with names of 24 characters: the most the table must fit at 80x24.
LONG_NAMES = ("Alexandra Maximiliane Ko", "Bartholomew Fitzgerald J", "Cleopatra Wilhelmina Sto",
              "Dorothea Konstantina Abe", "Evangeline Seraphina Mor", "Friedrich Alexander Baum")
