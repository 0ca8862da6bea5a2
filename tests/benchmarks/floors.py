"""The floors of the whole-command benchmarks, each run as its own process (standard library,
pydantic, tinydb, orjson and textual only; nothing of scorekeeper):

    python floors.py import               # python -c "import pydantic, tinydb"
    python floors.py rewrite FILE         # that, then FILE read with orjson and rewritten
                                          # atomically (temporary file, fsync, rename, fsync
                                          # of the folder), as a store must at least do
    python floors.py load FILE            # json.load of FILE (the floor of peak memory)
    python floors.py tui                  # a bare Textual app with one Label, which shows
                                          # "key N" after the N-th key
"""

import sys


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
    what = sys.argv[1]
    if what == "import":
        import pydantic  # noqa: F401
        import tinydb  # noqa: F401
    elif what == "rewrite":
        rewrite(sys.argv[2])
    elif what == "load":
        import json

        with open(sys.argv[2], encoding="utf-8") as f:
            json.load(f)
    elif what == "tui":
        bare_tui()
    else:
        sys.exit(f"unknown floor {what}")
