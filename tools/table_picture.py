"""docs/table-screen.svg, the README's picture of the table, made again from the app as it is.

    .venv/bin/python tools/table_picture.py [OUT]      (docs/table-screen.svg by default)

The table at 80×24 in the middle of a Kratzen hand: examples/kratzen.toml's first two hands
saved, the third typed but for its last two keys (the snapshot test
``test_table_mid_hand[kratzen-2]`` of tests/test_snapshots.py, at the size of a plain
terminal). Run it after the table screen changes, and look at the picture before committing.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZE = (80, 24)


async def picture(out: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from tests.test_snapshots import next_hand_keys, saved
    from tests.tui_helpers import make_app

    with tempfile.TemporaryDirectory() as home:
        session = saved(Path(home), "kratzen", 2)
        keys = next_hand_keys(Path(home), "kratzen", 2)
        app = make_app(Path(home), session)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for key in keys[: len(keys) - 2]:
                await pilot.press(key)
            await pilot.pause()
            await pilot.wait_for_animation()
            out.write_text(app.export_screenshot(), "utf-8")


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "table-screen.svg"
    asyncio.run(picture(out))
    print(out)


if __name__ == "__main__":
    main()
