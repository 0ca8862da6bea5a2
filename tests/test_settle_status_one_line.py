"""Issue 26, the settle-up at 80x24 with six long names: one status line. The screen had two:
its own under the terms (the terms filled in, "Settle-up recorded; digest X", the files
shared) and the notice line every screen has over the key bar (a key refused, the session
changed). Both could speak at once, one of them out of date: "Settle-up recorded; digest X"
stayed under the terms while the line below said the session had changed. Now everything is
said in the one notice line, whole, the newest in place of what was said before.

The evening is tests/test_dialog_keys_80x24.py's SETTLED: five Kratzen hands of six
24-character names, settled up once at 0.10 EUR (so the terms are filled in on opening)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scorekeeper.i18n import _, speaking
from scorekeeper.store import Store
from scorekeeper.tui.screens.dialog_confirm import ConfirmDialog
from scorekeeper.tui.widgets import NoticeLine

from .test_amend_settle_80x24 import open_settle_up
from .test_dialog_keys_80x24 import LONG, SETTLED, evening
from .tui_helpers import fixed_store, make_app, on_screen, words


def settled_evening(home) -> str:
    session = evening(home, SETTLED)
    fixed_store(home).settle_up(session.id, Decimal("0.10"), "EUR")
    return session.id


def lines_saying(screen) -> list:
    """The widgets of the screen that say what it has to say: its notice lines and a status
    line of its own (``#settle-status``, before)."""
    return [*screen.query(NoticeLine), *screen.query("#settle-status")]


@pytest.mark.parametrize("language", ["en", "de"])
async def test_the_settle_up_says_everything_in_one_line_the_newest_in_place(tmp_path,
                                                                             language):
    session = settled_evening(tmp_path)
    app = make_app(tmp_path, session, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settle_up(pilot)
        assert len(lines_saying(screen)) == 1
        with speaking(language):
            # (a Kratzen evening: "a chip", not "a chip or point", trial 34)
            terms = _("{value} {currency} a chip, {when}: change them if the table "
                      "agrees on other terms.").format(
                value="0.1" if language == "en" else "0,1", currency="EUR",
                when=_("as at this session's last settle-up"))
        assert screen.notices.words() == [terms]
        assert words(terms) in on_screen(app)  # whole, wrapped over two rows
        # recorded: said in the same line, in place of the terms filled in; the same
        # settle-up as the last is said at once, not asked for and then refused (trial 29)
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.pause()
        assert app.screen is screen and not isinstance(app.screen, ConfirmDialog)
        digest = Store(tmp_path).open(session).digest
        with speaking(language):
            recorded = _("This settle-up was recorded already; digest {digest}.").format(
                digest=digest)  # the same terms as the settle-up stored
        assert screen.notices.words() == [recorded]
        shown = on_screen(app)
        assert recorded in shown and words(terms) not in shown
        # shared: the files named whole, in place of the settle-up recorded
        await pilot.press("ctrl+y")
        await pilot.pause()
        await pilot.pause()
        [shared] = screen.notices.words()
        shown = on_screen(app)
        assert words(shared) in shown and recorded not in shown
        files = sorted(path.name for path in (tmp_path / "exports").iterdir())
        assert len(files) == 3 and all(name in shared for name in files), (files, shared)
        assert len(lines_saying(screen)) == 1


async def test_a_notice_replaces_what_the_screen_said_no_stale_digest_beside_it(tmp_path):
    """Recorded at digest X; another terminal counts chips: the screen works the settle-up
    out again and says so, and "recorded; digest X" (no longer the session's digest) is not
    left on the screen beside it (it stayed, in the other line)."""
    session = evening(tmp_path, SETTLED).id
    app = make_app(tmp_path, session)
    app.watch_interval = 0.05  # as the program runs: the table follows the file
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settle_up(pilot)
        await pilot.press("1", "enter", "e", "u", "r", "ctrl+s")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        recorded = f"Settle-up recorded; digest {Store(tmp_path).open(session).digest}."
        assert screen.notices.words() == [recorded]
        Store(tmp_path).count(session, {LONG[0]: Decimal(-1)})  # another terminal
        now = Store(tmp_path).open(session).digest
        for _pause in range(40):
            await pilot.pause(0.05)
            if screen.based_on == now:
                break
        await pilot.pause()
        changed = "The session changed: the settle-up shown is worked out again."
        assert screen.notices.words() == [changed]
        shown = on_screen(app)
        assert changed in shown and recorded not in shown, shown
