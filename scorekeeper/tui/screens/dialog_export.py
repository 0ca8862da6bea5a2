"""Export a session to a file: the dialog, and the store call that writes the file."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label, Select, Static

from ...errors import ScorekeeperError, StoreError, os_reason
from ...i18n import N_, _, current_language, speaking
from ..keybar import KeyBar
from ..widgets import TypedInput
from .dialog_base import SteadyModal

if TYPE_CHECKING:
    from ...store import Store


class ExportDialog(SteadyModal[None]):
    """Export a session: choose the format and the file."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"), id="export-back"),
                Binding("ctrl+s", "export", N_("Export"), id="export-go")]
    FORMATS = ["csv", "json", "md", "html", "beancount"]

    def __init__(self, ref: str) -> None:
        super().__init__()
        self.ref = ref
        self.exporting = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(_("Export session {id}").format(id=self.ref), style="bold"))
            yield Label(Text(_("Format")))
            yield Select([(f, f) for f in self.FORMATS], value="html", allow_blank=False,
                         id="export-format")
            yield Label(Text(_("File")))
            yield TypedInput(value=str(self.default_path("html")), id="export-file")
            yield Static("", id="export-message")
            yield Static(Text(_("Enter in the file field or ctrl+s: export    Escape: back")),
                         classes="dialog-keys")
        yield KeyBar()

    def default_path(self, fmt: str) -> Path:
        return self.app.store.home / "exports" / f"{self.ref}.{fmt}"

    def on_select_changed(self, event: Select.Changed) -> None:
        file_input = self.query_one("#export-file", Input)
        current = Path(file_input.value)
        if current.parent == self.default_path("x").parent and current.stem == self.ref:
            file_input.value = str(self.default_path(str(event.value)))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_export()

    def action_export(self) -> None:
        from ..disk import on_disk

        if self.exporting:
            return
        fmt = str(self.query_one("#export-format", Select).value)
        target = Path(self.query_one("#export-file", Input).value).expanduser()
        message = self.query_one("#export-message", Static)

        def exported(nothing: None) -> None:
            # Closed first: the notice is said by the screen under the dialog, in its notice
            # line (a toast said here outlived the dialog, over that screen).
            self.dismiss(None)
            self.app.notify(_("Exported {format} to {file}").format(format=fmt, file=target),
                            markup=False)

        def refused(error: ScorekeeperError) -> None:
            message.update(Text(_("Not exported: {error}").format(error=error)))

        def busy(now: bool) -> None:
            self.exporting = now

        on_disk(self, lambda: export_file(self.app.store, self.ref, fmt, target), exported,
                refused, busy=busy, waiting=_("Exporting: another scorekeeper is writing the "
                                              "session; one moment."))

    def action_cancel(self) -> None:
        self.dismiss(None)


def export_file(store: Store, ref: str, fmt: str, target: Path) -> None:
    """Write session ``ref`` in format ``fmt`` to ``target`` (a store call: run in a worker), in
    the language the session was played in (else the table's)."""
    from ...export import FORMATS
    from ...store import atomic_write
    from ...store.outputs import check_output_path

    opened = store.open(ref)
    check_output_path(store.home, target, opened.path)  # never a file the home keeps
    source = opened.export_source()
    with speaking(opened.language or current_language()):
        text = FORMATS[fmt](source)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(target, text)
    except OSError as error:
        raise StoreError(_("{file}: cannot be written ({reason})").format(
            file=target, reason=os_reason(error))) from None
