"""Start a program headless and exit as soon as its first screen is ready (for cold starts)."""

import sys


async def ready_then_exit(pilot):
    await pilot.pause()
    pilot.app.exit()


if sys.argv[1] == "bare":
    from textual.app import App
    from textual.widgets import Label

    class Bare(App):
        def compose(self):
            yield Label("ready")

    Bare().run(headless=True, auto_pilot=ready_then_exit)
else:
    from scorekeeper.store import Store
    from scorekeeper.tui.app import ScorekeeperApp

    ScorekeeperApp(Store(sys.argv[2]), watch_interval=None).run(
        headless=True, auto_pilot=ready_then_exit)
