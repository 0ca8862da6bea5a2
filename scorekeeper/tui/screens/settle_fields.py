"""The settle-up's fields and its status line (``settle.SettleUpScreen``): the value's and the
currency's fields, whose keys stay their own whatever the speed they are typed at, and the one
line that says what the screen has to say."""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.notifications import SeverityLevel
from textual.widgets import Input

from ..widgets import NoticeLine, TypedInput


class OneNotice(NoticeLine):
    """The settle-up's one status line, over its key bar: what the screen says (the terms
    filled in, the settle-up recorded, the night shared) and its notices (a key refused, the
    session changed) alike, whole; the newest replaces what was said before. (The screen had
    a line of its own under the terms as well: two lines said two things at once, one of them
    out of date.)"""

    KEPT = 1

    def say(self, words: str, severity: SeverityLevel, timeout: float) -> None:
        self.clear()
        super().say(words, severity, timeout)


class TermInput(TypedInput):
    """The value's or the currency's field, whose keys stay its own once Tab has moved the focus
    on. Tab is taken as it is typed (a priority key), while the keys typed before it wait in
    this field's turn; Textual looks a key's binding up where the focus is when the key is
    taken: End and Backspace typed before Tab went to the currency, and took back the "USD"
    typed after it (trial 32, in tmux: End, 6 Backspaces, "0,3", Tab, "USD")."""

    async def on_key(self, event: events.Key) -> None:
        # (``has_focus`` changes only once the Blur waiting behind these keys is taken)
        if event.is_printable or self.screen.focused is self:  # TypedInput's, in turn
            return
        binding = own_binding(self, event.key)
        if binding is not None:
            event.stop()
            event.prevent_default()
            await self.run_action(binding.action)

    def on_paste(self, event: events.Paste) -> None:
        """Pasted with a Tab in it ("0,3<Tab>USD"): what comes before the Tab here, the rest
        where Tab goes (the field took all of it, Tab and all)."""
        here, tab, rest = event.text.partition("\t")
        if not tab:
            return  # Input's own
        event.stop()
        event.prevent_default()
        self.replace(here.splitlines()[0] if here else "", *self.selection)
        screen = self.screen
        next_term = getattr(screen, "action_next_term", None)  # (the settle-up screen's)
        if next_term is not None:
            next_term(1)
            if screen.focused is not None and rest:
                screen.focused.post_message(events.Paste(rest))


def own_binding(node: Input, key: str) -> Binding | None:
    """``node``'s own binding of ``key`` (of its class, or the nearest class it comes from),
    whatever has the focus."""
    for kind in type(node).__mro__:
        for binding in Binding.make_bindings(vars(kind).get("BINDINGS", ())):
            if binding.key == key:
                return binding
    return None
