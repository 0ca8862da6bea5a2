"""Choose from a list: an example to open as a new session, the language the app speaks."""

from __future__ import annotations

import json
from importlib import resources

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static

from ...i18n import N_, _, current_language
from ..keybar import KeyBar
from ..widgets import SpokenModal


def examples() -> list[tuple[str, str]]:
    """The examples that ship with the package, as (file, description), from their index;
    each description in the language in use (tools/catalogs.py extracts them)."""
    index = resources.files("scorekeeper").joinpath("examples", "index.json")
    listed = json.loads(index.read_text(encoding="utf-8"))
    return [(str(item["file"]), _(str(item["description"]))) for item in listed]


class ExamplePicker(SpokenModal[str | None]):
    BINDINGS = [Binding("escape", "cancel", N_("Back"), id="example-back")]

    def __init__(self) -> None:
        super().__init__()
        self.examples = examples()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(_("Open an example as a new session"), style="bold"))
            yield OptionList(*[Text(label) for _file, label in self.examples], id="examples")
            yield Static(Text(_("Enter: load    Escape: back")), classes="dialog-keys")
        yield KeyBar()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.examples[event.option_index][0])

    def action_cancel(self) -> None:
        self.dismiss(None)


LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "pt": "Português", "es": "Español"}
"""Each language by its own name, as a person looks for it in a list."""


class LanguageDialog(SpokenModal[str | None]):
    """Choose the language the table app speaks (kept in the home folder, where the commands
    find it too): one of ours, or the locale's. Returns the code, ``""`` for the locale, or
    ``None`` when nothing was chosen."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"), id="language-back")]

    def __init__(self, locale_language: str) -> None:
        super().__init__()
        self.codes = [*LANGUAGE_NAMES, ""]
        self.labels = [*LANGUAGE_NAMES.values(),
                       _("The system's language ({language})").format(
                           language=LANGUAGE_NAMES[locale_language])]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(_("Language"), style="bold"))
            yield OptionList(*map(Text, self.labels), id="languages")
            yield Static(Text(_("Kept in this home folder, for the table app and the commands "
                                "(--lang still says otherwise for one command).")))
            yield Static(Text(_("Enter: choose    Escape: back")), classes="dialog-keys")
        yield KeyBar()

    def on_mount(self) -> None:
        current = current_language()
        self.query_one("#languages", OptionList).highlighted = self.codes.index(current)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.codes[event.option_index])

    def action_cancel(self) -> None:
        self.dismiss(None)
