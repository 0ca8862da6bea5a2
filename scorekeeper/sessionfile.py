"""A session file as its checks read it (``SessionFile``: the header, the history and the
stored hands as the file writes them, and what several checks need, worked out once), what a
check finds (``Finding``), and the checks every reader makes before it shows a file or adds to
it (``READING_CHECKS``, ``reading_problem``: hashes only, nothing settled). The audit's own
checks, which settle the hands again, are ``audit``'s. Pure.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from functools import cached_property
from typing import Any, Literal

from . import jsontext
from .amounts import format_amount, stored_amount
from .chain import chain_problem, figures_seal, header_problem, sealed_figures
from .documents import checked_hand
from .errors import ScorekeeperError
from .history import events_from_json, session_config
from .i18n import _
from .ledger import Event, Ledger, records_in_force, settle_hands
from .rules import Ruleset, SessionConfig, Settlement, ruleset_for_version
from .rules.record import Frozen


class Finding(Frozen):
    """One thing the audit found wrong. ``hand`` is the hand it concerns, when there is one."""

    hand: int | None
    kind: Literal["chain", "ruleset", "record", "transfers", "figures", "conservation",
                  "count", "summary", "settings", "settle", "link"]
    message: str



class AuditEnds(Exception):
    """The file cannot be read further (its ruleset unknown, its settings unreadable, its hands
    beyond settling): the audit ends with ``finding``, after what the checks before found."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


class SessionFile:
    """A session file as its checks read it: the header, the history and the stored hands as
    the file writes them, and what several checks need, worked out once when first asked for
    (the seals, the ruleset, the settings, the hands settled again). What cannot be worked out
    ends the audit (``AuditEnds``). ``notes``: what the checks say that is not wrong."""

    def __init__(self, header: dict[str, Any], events: list[dict[str, Any]],
                 stored: dict[int, dict[str, Any]],
                 summary: dict[str, Any] | None = None) -> None:
        self.header, self.events, self.stored = header, events, stored
        self.summary = summary or {}
        self.notes: list[Finding] = []

    @classmethod
    def of_document(cls, document: dict[str, Any]) -> SessionFile:
        """The file from its JSON (TinyDB's tables). A stored hand numbered beyond reading is a
        ``ValueError``."""
        return cls(_only(document.get("session")), table_rows(document.get("events")),
                   {int(k): v for k, v in (document.get("hands") or {}).items()},
                   _only(document.get("summary")))

    @cached_property
    def seals(self) -> dict[int, str | None]:
        """The seal each hand in force must have (``sealed_figures``)."""
        return sealed_figures(self.events)

    @cached_property
    def ruleset(self) -> Ruleset:
        """The ruleset the header names, else the audit ends here."""
        try:
            return ruleset_for_version(self.header.get("ruleset"))
        except ScorekeeperError as error:
            raise AuditEnds(Finding(hand=None, kind="ruleset", message=str(error))) from None

    @cached_property
    def config(self) -> SessionConfig:
        """The settings (with the opening entry's), else the audit ends here."""
        try:
            return session_config(self.header.get("settings"), self.events)
        except ScorekeeperError as error:
            raise AuditEnds(Finding(hand=None, kind="settings", message=_(
                "settings: {problem}").format(problem=error))) from None

    @cached_property
    def settled(self) -> tuple[tuple[Event, ...], Ledger]:
        """The history as models and the hands in force settled again, else the audit ends."""
        try:
            typed = events_from_json(self.events)
            return typed, settle_hands(self.config, records_in_force(typed), self.ruleset)
        except ScorekeeperError as error:
            raise AuditEnds(Finding(hand=getattr(error, "hand", None), kind="record", message=_(
                "the hands no longer settle: {problem}").format(problem=error))) from None

    def readable(self) -> tuple[Ruleset, SessionConfig]:
        """The ruleset and the settings: one that cannot be read ends the audit here."""
        return self.ruleset, self.config

    @property
    def ledger(self) -> Ledger:
        """The hands in force settled again (``settled``), else the audit ends."""
        return self.settled[1]

    @cached_property
    def differences(self) -> dict[int, list[Finding]]:
        """For each hand in force that has stored figures, how they differ from the hand
        settled again (none: they are its figures)."""
        written: dict[Any, Any] = {}  # each transfer's document made once (hand_document)
        return {s.number: _hand_differences(s, self.stored[s.number], written)
                for s in self.ledger.settlements if s.number in self.stored}

    @cached_property
    def matching(self) -> dict[int, Settlement]:
        """The hands whose stored figures are the figures settled again."""
        return {s.number: s for s in self.ledger.settlements
                if self.differences.get(s.number) == []}


Check = Callable[[SessionFile], list[Finding]]


def _hand_differences(settlement: Settlement, got: dict[str, Any],
                      written: dict[Any, Any] | None = None) -> list[Finding]:
    """How a hand's stored figures (``got``) differ from the hand settled again
    (``written``: as ``hand_document`` takes it)."""
    n = settlement.number
    expected = checked_hand(settlement, written)
    findings = []
    if got.get("transfers") != expected["transfers"]:
        findings.append(Finding(hand=n, kind="transfers", message=_(
            "hand {number}: stored transfers differ from the re-settled ones: "
            "{difference}").format(number=n, difference=_transfer_difference(
                got.get("transfers"), expected["transfers"]))))
    for key in ("dealer", "kind", "pot_before", "stake", "pot_after", "deltas",
                "scores_after", "record"):
        if got.get(key) != expected[key]:
            stored, settled = _figure_text(got.get(key)), _figure_text(expected[key])
            if stored == settled:  # "4.50" stored for "4.5": only the file's text differs
                stored, settled = _show(got.get(key)), _show(expected[key])
            findings.append(Finding(hand=n, kind="figures", message=_(
                "hand {number}: stored {key} {stored} differs from {settled} "
                "re-settled").format(number=n, key=key, stored=stored, settled=settled)))
    return findings



# ---- what every reader checks ------------------------------------------------------------------

def read_chain(file: SessionFile) -> list[Finding]:
    """Every event follows the one before it and matches its hash: the first that does not."""
    problem = chain_problem(file.events)
    return [] if problem is None else [Finding(hand=None, kind="chain", message=problem)]


def read_header(file: SessionFile) -> list[Finding]:
    """The header says what the first event sealed."""
    problem = header_problem(file.header, file.events)
    return [] if problem is None else [Finding(hand=None, kind="settings", message=problem)]


def read_hands_in_force(file: SessionFile) -> list[Finding]:
    """The hands stored are those in force."""
    if set(file.seals) == set(file.stored):
        return []
    return [Finding(hand=None, kind="figures", message=_(
        "{count} hands are stored but the history has {history} in force").format(
            count=len(file.stored), history=len(file.seals)))]


def read_seals(file: SessionFile) -> list[Finding]:
    """Each hand's stored figures are those its history sealed: the first that are not."""
    for n, raw in file.stored.items():
        seal = file.seals.get(n)
        if seal is not None and figures_seal(raw) != seal:
            return [Finding(hand=n, kind="figures", message=_(
                "hand {number}'s stored figures are not those its history sealed (changed "
                "after they were written)").format(number=n))]
    return []


def reading_problem(file: SessionFile) -> str | None:
    """What every reader refuses a file for before it shows it or adds to it (``show``, the
    exports, the table app, every writer: ``OpenSession.check``), in words, or ``None``: the
    first finding of ``READING_CHECKS``, which compare hashes only (nothing is settled)."""
    for check in READING_CHECKS:
        found = check(file)
        if found:
            return found[0].message
    return None


# hashes only, so a session of thousands of hands opens quickly. A check here makes the file
# damaged for ``show``, the exports and the table app; add it to ``AUDIT_CHECKS`` too when
# ``audit`` should name it.
READING_CHECKS: list[Check] = [read_chain, read_header, read_hands_in_force, read_seals]


# ---- helpers ------------------------------------------------------------------------------------

def table_rows(table: Any) -> list[dict[str, Any]]:
    """A TinyDB table's documents in id order."""
    if not isinstance(table, dict):
        return []
    rows = sorted(((int(k), v) for k, v in table.items()), key=lambda kv: kv[0])
    return [v for _, v in rows]


def _only(table: Any) -> dict[str, Any]:
    rows = table_rows(table)
    return rows[0] if rows else {}



def _show(value: Any) -> str:
    return jsontext.text(value)


def _figure_text(value: Any) -> str:
    """A hand's figure for a finding: an amount, or amounts by name, as every human text
    writes them in the language in use (``7¾``, ``Anna -10, Ben 4½``); anything else as the
    file holds it."""
    if type(value) is str and stored_amount(value) is not None:
        return format_amount(Decimal(value))
    if isinstance(value, dict) and value and all(
            type(v) is str and stored_amount(v) is not None and type(k) is str
            and k.isprintable() for k, v in value.items()):
        return ", ".join(f"{who} {format_amount(Decimal(v))}" for who, v in value.items())
    return _show(value)


def _transfer_difference(got: Any, expected: list[dict[str, Any]]) -> str:
    if not isinstance(got, list) or len(got) != len(expected):
        return _("{stored} stored, {expected} expected").format(
            stored=len(got) if isinstance(got, list) else _("none"), expected=len(expected))
    for i, (a, b) in enumerate(zip(got, expected, strict=True), start=1):
        if a != b:
            return _("transfer {number}: stored {stored}, re-settled {settled}").format(
                number=i, stored=_show(a), settled=_show(b))
    return _("they differ")
