"""Textual's own words that the table app shows: the descriptions of its widgets' keys (the
help, F1, lists every key of the screen) and its system commands in the palette (the palette's
key is the app's own, ``app.ScorekeeperApp.BINDINGS``). They are marked here so that the
catalogs hold them (tools/catalogs.py extracts this file); the screens say them in the language
in use (``widgets.spoken_bindings``, ``ScorekeeperApp.get_system_commands``). Nothing imports
this module."""

from __future__ import annotations

from ..i18n import N_

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
