"""Textual's own words that the table app shows: the descriptions of its widgets' keys (the
help, F1, lists every key of the screen) and its system commands in the palette (the palette's
key is the app's own, ``app.ScorekeeperApp.BINDINGS``). They are marked here so that the
catalogs hold them (tools/catalogs.py extracts this file); the screens say them in the language
in use (``widgets.spoken_bindings``, ``ScorekeeperApp.get_system_commands``), and the palette
its notice that nothing matches (``SpokenCommandPalette``, the one thing the app imports from
here)."""

from __future__ import annotations

import inspect
from typing import Any

from rich.align import Align
from rich.text import Text
from textual.command import Command, CommandList, CommandPalette
from textual.timer import Timer, TimerCallback

from ..i18n import N_, _

NO_MATCHES = N_("No matches found")


class SpokenCommandPalette(CommandPalette):
    """The command palette, whose notice that nothing matches what was typed is said in the
    language in use (it showed "No matches found" in a German table: trial 31, t31a/166).
    Textual writes that notice into its list as a disabled option, from a timer of the
    palette's (no attribute or argument says it): after each timer of the palette has run, a
    list holding only a disabled option that is no command (``textual.command.Command``) holds
    that notice, and its prompt is replaced in the same form (centred, not bold) through
    ``OptionList.replace_option_prompt_at_index``."""

    def set_timer(self, delay: float, callback: TimerCallback | None = None, *,
                  name: str | None = None, pause: bool = False) -> Timer:
        if callback is None:
            return super().set_timer(delay, name=name, pause=pause)
        then = callback

        async def and_spoken() -> None:
            done: Any = then()
            if inspect.isawaitable(done):
                await done
            self.say_no_matches()

        return super().set_timer(delay, and_spoken, name=name, pause=pause)

    def say_no_matches(self) -> None:
        """Textual's notice that nothing matches, if the list shows it, in the language in use."""
        listed = self.query(CommandList)
        if not listed:
            return
        commands = listed.first()
        if commands.option_count != 1:
            return
        notice = commands.get_option_at_index(0)
        if notice.disabled and not isinstance(notice, Command):
            commands.replace_option_prompt_at_index(
                0, Align.center(Text(_(NO_MATCHES), style="not bold")))

WORDS = (
    # Textual's own app keys.
    N_("Quit"),
    N_("Quit the app and return to the command prompt."),
    # The system commands of the palette.
    N_("Theme"), N_("Change the current theme"),
    N_("Quit the application as soon as possible"), N_("Keys"),
    N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"), N_("Minimize the widget and restore to normal size"),
    N_("Maximize"), N_("Maximize the focused widget"), N_("Screenshot"),
    N_("Save an SVG 'screenshot' of the current screen"),
    # Screens and scrolling.
    N_("Focus Next"), N_("Focus Previous"), N_("Copy selected text"),
    N_("Scroll Up"), N_("Scroll Down"), N_("Scroll Left"), N_("Scroll Right"),
    N_("Scroll Home"), N_("Scroll End"), N_("Page Up"), N_("Page Down"), N_("Page Left"),
    N_("Page Right"),
    # Lists and tables.
    N_("Up"), N_("Down"), N_("First"), N_("Last"), N_("Select"), N_("Top"), N_("Bottom"),
    N_("Home"), N_("End"), N_("Page up"), N_("Page down"), N_("Cursor up"),
    N_("Cursor down"), N_("Cursor left"), N_("Cursor right"), N_("Show menu"),
    N_("Dismiss menu"),
    # Text fields.
    N_("Submit"), N_("Select all"), N_("Cut selected text"),
    N_("Paste text from the clipboard"), N_("Move cursor left"),
    N_("Move cursor left and select"), N_("Move cursor left a word"),
    N_("Move cursor left a word and select"),
    N_("Move cursor right or accept the completion suggestion"),
    N_("Move cursor right and select"), N_("Move cursor right a word"),
    N_("Move cursor right a word and select"), N_("Go to start"), N_("Go to end"),
    N_("Select line start"), N_("Select line end"), N_("Delete character left"),
    N_("Delete character right"), N_("Delete left to start of word"),
    N_("Delete right to start of word"), N_("Delete all to the left"),
    N_("Delete all to the right"),
)
