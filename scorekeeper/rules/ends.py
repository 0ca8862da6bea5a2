"""The ends of a transfer: a player, or an account (the pot; in letzter, the penalty points),
and how an end is written as text in JSON and the exports (the contract's "from" and "to")."""

from __future__ import annotations

from collections.abc import Collection
from enum import Enum


class Account(Enum):
    """An end of a transfer that is not a player: the pot, or (in letzter) the penalty points
    written down against a player. A plain enum, not text: an account is never equal to a
    name, so a player called "pot" is a player like any other."""

    POT = "pot"
    PENALTY = "penalty"

    # Hashed as the object it is (each account is one object, equal only to itself), not by
    # its name in Python code as ``Enum`` does: settling a long session looks up thousands of
    # transfers by their ends (``transfer``), and the enum's own hash showed in the profile
    # (the replay and audit rows of tests/benchmarks/test_whole_commands.py).
    __hash__ = object.__hash__


POT = Account.POT
PENALTY = Account.PENALTY

# An end of a transfer: a player's name, or an account.
End = str | Account

# How an end is written in JSON and in every text export (CONTRACT: transfers' "from" and
# "to", a chip count's names): an account as its word ("pot", "penalty"), a player as their
# name. In a game that has an account, a player whose name is that account's word (exactly:
# "Pot" is not "pot") is written with this prefix, and so is one whose name is the prefix and
# that word ("player:pot" is written "player:player:pot"), so that every text is one end only.
PLAYER_PREFIX = "player:"


def _shadows(name: str, accounts: Collection[Account]) -> bool:
    """Whether the name, written plainly, would read as an account (or as an escaped name)."""
    while name.startswith(PLAYER_PREFIX):
        name = name[len(PLAYER_PREFIX):]
    return any(name == account.value for account in accounts)


def end_text(end: End, accounts: Collection[Account]) -> str:
    """An end as JSON and the exports write it, in a game with these ``accounts``."""
    if isinstance(end, Account):
        return end.value
    return PLAYER_PREFIX + end if _shadows(end, accounts) else end


def end_from_text(text: str, accounts: Collection[Account]) -> End:
    """The end ``text`` stands for in a game with these ``accounts`` (``end_text`` undone).
    A word of an account the game does not have (``"pot"`` in letzter) is a player's name, as
    files written before accounts were told apart wrote it."""
    for account in accounts:
        if text == account.value:
            return account
    if text.startswith(PLAYER_PREFIX) and _shadows(text[len(PLAYER_PREFIX):], accounts):
        return text[len(PLAYER_PREFIX):]
    return text
