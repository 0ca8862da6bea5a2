"""The audit of a session: its verdict in lines, the text that fetches it, and its dialog."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.visual import VisualType
from textual.widgets import Static

from ...errors import ScorekeeperError
from ...i18n import N_, _, ngettext
from ...store.evenings import without_file
from ..keybar import KeyBar
from ..widgets import ScorekeeperAppBase, SpokenModal
from .dialog_base import lines_text

if TYPE_CHECKING:
    from ...store import OpenSession, Store


class AuditDialog(SpokenModal[None]):
    app = getters.app(ScorekeeperAppBase)
    BINDINGS = [Binding("escape,enter", "close", N_("Close"), id="audit-close")]

    def __init__(self, ref: str) -> None:
        super().__init__()
        self.ref = ref

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(_("Audit of {id}").format(id=self.ref), style="bold"))
            with VerticalScroll(id="audit-body", classes="dialog-body"):
                yield AuditText(self.ref)
            yield Static(Text(_("Enter / Escape: close")), classes="dialog-keys")
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss(None)


class AuditText(Static):
    """The audit's verdict on session ``ref``: the file is read and settled again in a worker,
    and the verdict shown when it is in."""

    app = getters.app(ScorekeeperAppBase)

    def __init__(self, ref: str, **kwargs: Any) -> None:
        super().__init__(Text(_("Auditing: reading the session file and settling every hand "
                                "again…")), **kwargs)
        self.ref = ref

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        """Its text, measured again: the verdict comes in from a worker, and Textual keeps a
        widget's measured height for as long as its layout count stays the same, which a
        layout asked for while one was pending leaves as it was. Arrived while the
        placeholder's one row was being measured (trial 30, pt 50-52: a long session file),
        "1 finding:" was all of it, in the ledger and in this dialog. A style set anew always
        has it measured again."""
        super().update(content, layout=layout)
        # (inline "auto" as the CSS says, then none: each differs from what was set before)
        self.styles.height = None if self.styles.inline.has_rule("height") else "auto"

    def on_mount(self) -> None:
        from ..disk import on_disk

        def shown(lines: list[str]) -> None:
            self.update(lines_text(lines))

        def refused(error: ScorekeeperError) -> None:
            self.update(Text(_("Cannot audit: {error}").format(error=error)))

        on_disk(self, lambda: audit_lines(self.app.store, self.ref), shown, refused)


def note_words(session: OpenSession | None, note: str) -> str:
    """An audit's note as the table's screens say it: the link to the session this one
    continues checked, with the session's id and no file path ("… mit sessions/65963a62.json
    geprüft", trial 32)."""
    try:
        opening = session.opening() if session else None
    except ScorekeeperError:
        return note
    return note if opening is None else without_file(note, opening.previous_id,
                                                     opening.previous_digest)


def audit_lines(store: Store, ref: str) -> list[str]:
    """The audit's verdict in lines (also used by the ledger screen)."""
    try:
        audited = store.audit_report(ref)
    except ScorekeeperError as error:
        return [_("Cannot audit: {error}").format(error=error)]
    session, findings, digest = audited.session, audited.findings, audited.digest
    notes = [_("Note: {message}").format(message=note_words(session, n.message))
             for n in audited.notes]
    if not findings:
        hands = session.hands_played if session else 0
        return [ngettext("Audit clean: {count} hand settled again and matched; chain intact.",
                         "Audit clean: {count} hands settled again and matched; chain intact.",
                         hands).format(count=hands), *notes,
                _("Digest {digest}").format(digest=digest)]
    return [ngettext("{count} finding:", "{count} findings:", len(findings)).format(
        count=len(findings))] + [f"- {f.message}" for f in findings] + notes + [
        _("Digest {digest}").format(digest=digest)]
