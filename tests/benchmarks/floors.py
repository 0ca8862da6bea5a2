"""The floors of the whole-command benchmarks, each run as its own process (standard library,
pydantic, tinydb, orjson and textual only; nothing of scorekeeper):

    python floors.py import               # python -c "import pydantic, tinydb"
    python floors.py rewrite FILE         # that, then FILE read with orjson and rewritten
                                          # atomically (temporary file, fsync, rename, fsync
                                          # of the folder), as a store must at least do
    python floors.py load FILE            # json.load of FILE (the floor of peak memory)
    python floors.py tui                  # a bare Textual app with one Label, which shows
                                          # "key N" after the N-th key
    python floors.py reference SCRIPT     # reference.py on SCRIPT (to run it after --models)
    python floors.py --models FLOOR ...   # FLOOR, after pydantic's models are put to use:
                                          # one model made and one instance checked

``import pydantic`` loads almost nothing: pydantic imports its models' machinery (about
twenty modules, the schema builder and the standard library's ``importlib.metadata`` for its
plugins) when a program first uses ``BaseModel``. A session file is input, checked with
pydantic models, so the floors of issue 28 are taken with ``--models``: ``--models import``
for ``show``, ``--models rewrite FILE`` for ``record``, ``--models tui`` for the table's
first frame (what any program on this stack pays before its own work).
"""

import sys
from pathlib import Path

HERE = Path(__file__).parent


def rewrite(path: str) -> None:
    import os
    import tempfile

    import orjson
    import pydantic  # noqa: F401
    import tinydb  # noqa: F401

    with open(path, "rb") as file:
        data = orjson.loads(file.read())
    folder = os.path.dirname(path)
    fd, tmp = tempfile.mkstemp(dir=folder)
    with os.fdopen(fd, "wb") as file:
        file.write(orjson.dumps(data))
        file.flush()
        os.fsync(file.fileno())
    os.replace(tmp, path)
    dir_fd = os.open(folder, os.O_RDONLY)
    os.fsync(dir_fd)
    os.close(dir_fd)


def models_in_use() -> None:
    """What using pydantic's models costs a process: a frozen model of the kind scorekeeper
    checks its input with (a tuple of names, a bounded number, an optional text with a
    validator), made and one instance checked."""
    from pydantic import BaseModel, ConfigDict, Field, field_validator

    class Hand(BaseModel):
        model_config = ConfigDict(frozen=True, extra="forbid")

        tricks: tuple[str, ...] = ()
        rotations: int = Field(1, ge=1, le=100_000, strict=True)
        note: str | None = None

        @field_validator("note")
        @classmethod
        def _text(cls, value: str | None) -> str | None:
            return value

    Hand(tricks=["Anna", "Ben"], rotations=2, note="x")


def bare_tui() -> None:
    from textual.app import App
    from textual.widgets import Label

    class Bare(App):
        def compose(self):
            yield Label("ready")

        def on_key(self, event) -> None:
            self.keys = getattr(self, "keys", 0) + 1
            self.query_one(Label).update(f"key {self.keys}")

    Bare().run()


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[0] == "--models":
        args = args[1:]
        models_in_use()
    what = args[0]
    if what == "import":
        import pydantic  # noqa: F401
        import tinydb  # noqa: F401
    elif what == "rewrite":
        rewrite(args[1])
    elif what == "load":
        import json

        with open(args[1], encoding="utf-8") as f:
            json.load(f)
    elif what == "tui":
        bare_tui()
    elif what == "reference":
        import runpy

        sys.argv = [str(HERE / "reference.py"), args[1]]
        runpy.run_path(sys.argv[0], run_name="__main__")
    else:
        sys.exit(f"unknown floor {what}")
