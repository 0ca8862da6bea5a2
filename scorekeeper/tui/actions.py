"""Every action of the app by name, with what it does: what the help (F1) and the command
palette (ctrl+p) say of each key binding, found by the binding's id. A binding without an entry
here is named by its own description."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen

from ..i18n import N_, _
from .keynames import key_name

# binding id -> (the action's name, what it does); translated where they are shown.
ACTIONS: dict[str, tuple[str, str]] = {
    "table-settle": (N_("Settle the hand"),
                     N_("see the settlement of the hand typed, with the rules' explanation; "
                        "Enter again saves it")),
    "table-back": (N_("Take back"), N_("take back the last key typed")),
    "table-undo": (N_("Withdraw the last hand"),
                   N_("asks first; the hand stays in the history, marked withdrawn")),
    "table-amend": (N_("Amend a hand"),
                    N_("the hand comes back as it was recorded: change what was wrong, see "
                       "every player's change, confirm")),
    "table-count": (N_("Chip count"),
                    N_("type what everyone holds (and the pot): it is recorded and compared "
                       "with the ledger")),
    "table-ledger": (N_("Ledger"),
                     N_("every transfer of every hand, filterable, with the audit")),
    "table-standings": (N_("Standings"),
                        N_("the standings and a chart of every player's score by hand")),
    "table-export": (N_("Export"), N_("write the session as CSV, JSON, Markdown, HTML or "
                                      "beancount")),
    "table-rules": (N_("Rules"), N_("the rules of the game played")),
    "table-cards": (N_("Cards or winners"),
                    N_("switch between typing each trick's winner and every card of each "
                       "trick")),
    "table-referee": (N_("Referee"),
                      N_("type a trick as it falls: who wins it, which cards are legal")),
    "table-settle-up": (N_("Settle up"),
                        N_("what a chip or point is worth: every result in money and who pays "
                           "whom")),
    "table-home": (N_("Leave the table"),
                   N_("back to the home screen (while amending: cancel the amendment)")),
    "table-scoreboard": (N_("Scoreboard"),
                         N_("full screen and read-only, for everyone at the table to read")),
    "help": (N_("Help"), N_("the keys of this screen, and of the step the hand is at")),
    "quit": (N_("Quit"), N_("close scorekeeper (every hand saved is in its file)")),
    "new": (N_("New session"), N_("type the players clockwise, choose the game and who deals")),
    "open": (N_("Open"), N_("open the session chosen, at the table")),
    "example": (N_("Example"), N_("load one of the worked examples as a new session")),
    "export": (N_("Export"), N_("write the session chosen as CSV, JSON, Markdown, HTML or "
                                "beancount")),
    "audit": (N_("Audit"), N_("settle every hand of the session chosen again and check the "
                              "file")),
    "home-quit": (N_("Quit"), N_("close scorekeeper")),
    "ledger-filter": (N_("Filter"), N_("show the transfers of one player or one hand")),
    # The settle-up's key bar says Record and Share; the help names them whole.
    "settle-record": (N_("Record the settle-up"), ""),
    "settle-share": (N_("Share the night"), ""),
}


@dataclass(frozen=True, slots=True)
class Action:
    """A key of the screen shown, as the help and the palette offer it."""

    key: str  # as the help names it: ctrl+e, Enter
    name: str
    does: str
    binding: Binding
    node: DOMNode  # where the action runs


def key_words(key: str) -> str:
    """A key as the help names it: ``Enter``, ``Backspace``, ``ctrl+e``, ``F1``, in the
    language in use (German ``Rücktaste``, ``Strg+e``: ``keynames.key_name``)."""
    return key_name(key)


def screen_actions(screen: Screen[Any]) -> Iterator[Action]:
    """The app's own keys active on ``screen`` (Textual's scrolling and focus keys, which have
    no id, are left out), the screen's first, each once."""
    seen = set()
    active = list(screen.active_bindings.items())
    # The screen's own keys before the app's (F1, quit).
    active.sort(key=lambda item: item[1].node is screen.app)
    for key, bound in active:
        binding = bound.binding
        if not binding.id or binding.id in seen:
            continue
        seen.add(binding.id)
        name, does = ACTIONS.get(binding.id, (binding.description, ""))
        yield Action(key_words(key), _(name),
                     _(does) if does else "", binding, bound.node)
