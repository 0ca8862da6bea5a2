"""Issue 26 (trial 30, pt/en tester, defect 2; pt 50-52): at 80x24 after a chip count that is
off, the ledger showed "1 constatação:" and nothing after the colon, no digest line, and no
key brought them into view.

Reproduced (the tester's own session file, 04eeb576, about one run in two): the audit runs in
a worker, and its verdict came in while the placeholder ("Auditing: ...", one row) was being
measured; Textual kept the one row it had measured, and only the verdict's first line showed.
Here the verdict is handed over at that moment every time: the store's work is done at once
and its answer given while the audit's text is first measured."""

from __future__ import annotations

from decimal import Decimal
from importlib import import_module

import pytest
from textual.widget import Widget
from textual.widgets import Static

import scorekeeper.tui.disk as disk
from scorekeeper.i18n import speaking
from scorekeeper.store import Store
from scorekeeper.tui.screens import ledger
from scorekeeper.tui.screens.ledger import LedgerScreen

from .test_table3_80x24 import MAXIMILIAN, evening
from .tui_helpers import make_app, screen_rows, settled, words

SCROLL_BAR = str.maketrans("", "", "▁▂▃▄▅▆▇█▉▊▋▌▍▎▏")


def on_screen(app) -> str:
    return words(" ".join(screen_rows(app.export_screenshot())).translate(SCROLL_BAR))


@pytest.fixture
def verdict_while_measured(monkeypatch):
    """The audit's verdict handed to its text while the text is being measured (as the
    worker's answer came in the trial); every other store call answered at once."""
    pending = []
    on_disk = disk.on_disk

    def answered(node, work, done, refused, **kwargs):
        if isinstance(node, ledger.AuditText):
            pending.append((done, work()))
        else:
            on_disk(node, work, done, refused, **kwargs)

    def measured(self, container, viewport, width):
        height = Widget.get_content_height(self, container, viewport, width)
        if isinstance(self, ledger.AuditText) and pending:
            done, lines = pending.pop()
            done(lines)
        return height

    monkeypatch.setattr(disk, "on_disk", answered)
    monkeypatch.setattr(Static, "get_content_height", measured)
    return pending


def off_by_six(home) -> tuple[str, list[str]]:
    """The evening of test_table3_80x24 after hand 2 (six 24-character names, Kratzen), and
    a count where Maximilian says 1: the ledger says -37 (worked there), off by +38."""
    session = evening(home, 2)
    store = Store(home)
    store.count(session, {MAXIMILIAN: Decimal(1)})
    return session, store


@pytest.mark.parametrize("language", ["pt", "en", "de", "es"])
@pytest.mark.parametrize("sizes", [[(80, 24)], [(130, 40), (80, 24)]])
async def test_the_audits_finding_and_digest_are_whole_when_the_verdict_comes_in_late(
        tmp_path, verdict_while_measured, language, sizes):
    session, store = off_by_six(tmp_path)
    # (the verdict's lines from the module that keeps the audit's text, as the ledger shows it)
    audit = import_module(ledger.AuditText.__module__)
    with speaking(language):
        lines = audit.audit_lines(store, session)
    assert len(lines) == 3, lines  # "1 finding:", Maximilian's count, the digest
    app = make_app(tmp_path, session, language=language)
    async with app.run_test(size=sizes[0]) as pilot:
        await settled(pilot)
        await pilot.press("ctrl+l")
        await settled(pilot)
        assert isinstance(app.screen, LedgerScreen)
        assert not verdict_while_measured  # handed over
        for at, size in enumerate(sizes):  # at each size, no key pressed: each line whole
            if at:
                await pilot.resize_terminal(*size)
                await settled(pilot)
                await pilot.pause(0.1)
            shown = on_screen(app)
            for line in lines:
                assert words(line) in shown, (size, line, screen_rows(app.export_screenshot()))


async def test_the_audit_dialog_shows_the_finding_and_digest_when_the_verdict_comes_in_late(
        tmp_path, verdict_while_measured):
    """The same race in the home's audit dialog (key a): "1 constatação:" and nothing else."""
    session, store = off_by_six(tmp_path)
    audit = import_module(ledger.AuditText.__module__)
    with speaking("pt"):
        lines = audit.audit_lines(store, session)
    app = make_app(tmp_path, language="pt")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("a")
        await settled(pilot)
        assert isinstance(app.screen, audit.AuditDialog)
        shown = on_screen(app)
        for line in lines:
            assert words(line) in shown, (line, screen_rows(app.export_screenshot()))
