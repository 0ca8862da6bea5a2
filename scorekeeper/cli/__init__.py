"""The command line: parse the arguments, call the core or the store, print. Nothing else
here. One module a command group (``group`` names them all, each imported when asked for):

- ``entry``: the ``scorekeeper`` command, its exit status, every error as one line
- ``output``: everything printed (``say``), in what the stream can encode
- ``language``: the language spoken, the help texts in it, click's own words
- ``options``: what the commands share (--home, --expect, the games, the command classes)
- ``sessions``: replay, new, show, sessions, name, archive
- ``hands``: record, undo, amend
- ``accounts``: audit, count, settle
- ``exports``: export, share, and where an output may be written
- ``evenings``: players, player, season, import
- ``referee``: referee trick, rules, deal
- ``apps``: tui, serve, scoreboard
"""

from .entry import entry, main
from .group import cli

__all__ = ["cli", "entry", "main"]
