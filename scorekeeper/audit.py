"""The audit of a whole session file: its hands settled again with its ruleset and compared
with what it says, each chip count and settle-up worked out again (``AUDIT_CHECKS``,
beancount's validations the model: each check a function over the file, its findings data),
and the link of a continued session to the session it continues. The file as the checks
read it and the checks every reader makes are ``sessionfile``'s. Pure.
"""

from __future__ import annotations

from collections.abc import Collection
from decimal import Decimal
from typing import Any

from . import jsontext
from .amounts import ZERO, exact, format_amount, parse_amount
from .chain import GENESIS, event_hash, figures_seal, header_problem, raw_digest
from .documents import counted_name
from .errors import ScorekeeperError
from .headerdiff import setting_differences
from .history import event_from_json, events_from_json, settle_up_event
from .i18n import _, ngettext
from .ledger import (
    Event,
    HandAmended,
    HandWithdrawn,
    OpeningEntry,
    SettledUp,
    check_counts,
    compare_count,
    counted_in_ledger,
    records_in_force,
    settle_hands,
)
from .rules import (
    Account,
    Opening,
    Ruleset,
    SessionConfig,
    TableState,
    end_from_text,
    end_text,
)
from .rules.record import Frozen
from .rules.results import present
from .sessionfile import AuditEnds, Check, Finding, SessionFile


def audit_document(document: dict[str, Any]) -> list[Finding]:
    """Settle a session file's hands again with its ruleset and compare with what it says.

    ``document`` is the file's JSON (TinyDB's tables). Returns every finding; none means the
    file is consistent: chain intact, every stored figure re-derived, chips conserved, every
    chip count agreeing with the ledger as it stands now."""
    return audit_report(document).findings


class AuditReport(Frozen):
    """What an audit found wrong (``findings``) and what it has to say besides, which is not
    wrong (``notes``: a chip count whose difference a later amendment explained, one whose
    hand was withdrawn since)."""

    findings: list[Finding]
    notes: list[Finding]


def audit_chain(file: SessionFile) -> list[Finding]:
    """Each event in sequence, following the one before it and matching its own hash."""
    findings: list[Finding] = []
    previous_hash: Any = GENESIS
    for i, event in enumerate(file.events, start=1):
        # the event's name is made only for a finding (10,000 events, most of them sound)
        if event.get("seq") != i:
            findings.append(Finding(hand=event.get("number"), kind="chain", message=_(
                "{event}: out of sequence (expected event {seq})").format(
                    event=_event_label(event), seq=i)))
        if event.get("prev") != previous_hash:
            findings.append(Finding(hand=event.get("number"), kind="chain", message=_(
                "{event}: does not follow the event before it (broken chain: an event was "
                "removed, added or moved)").format(event=_event_label(event))))
        if event.get("hash") != event_hash(event):
            findings.append(Finding(hand=event.get("number"), kind="chain", message=_(
                "{event}: its contents do not match its hash (changed after it was "
                "written)").format(event=_event_label(event))))
        previous_hash = event.get("hash")
    return findings


def audit_header(file: SessionFile) -> list[Finding]:
    """The ruleset and the settings can be read (else the audit ends), and the header says what
    the session was started with."""
    file.readable()
    created = file.events[0] if file.events else {}
    sealed, written = created.get("settings"), file.header.get("settings")
    if created.get("type") != "created" or sealed != written:
        named = setting_differences(sealed, written) if created.get("type") == "created" else []
        return [Finding(hand=None, kind="settings", message=_(
            "the session's settings differ from those it was created with: {setting}: "
            "{sealed} in the sealed history, {written} in the file").format(
                setting=name, sealed=was, written=now)) for name, was, now in named] or [
            Finding(hand=None, kind="settings", message=_(
                "the session's settings differ from those it was created with"))]
    problem = header_problem(file.header, file.events)
    return [] if problem is None else [Finding(hand=None, kind="settings", message=problem)]


def audit_seals(file: SessionFile) -> list[Finding]:
    """Each hand's stored figures are those its history sealed."""
    findings = []
    for n, hand in sorted(file.stored.items()):
        seal = file.seals.get(n)
        if seal is not None and figures_seal(hand) != seal:
            findings.append(Finding(hand=n, kind="figures", message=_(
                "hand {number}: its stored figures are not those its history sealed (changed "
                "after they were written)").format(number=n)))
    return findings


def audit_hands(file: SessionFile) -> list[Finding]:
    """Each hand in force settled again (else the audit ends) and compared with its stored
    figures; no figures stored for a hand not in force."""
    findings = []
    for settlement in file.ledger.settlements:
        n = settlement.number
        if n not in file.stored:
            findings.append(Finding(hand=n, kind="figures", message=_(
                "hand {number}: its settlement is missing from the file").format(number=n)))
        else:
            findings += file.differences[n]
    for n in sorted(set(file.stored) - {s.number for s in file.ledger.settlements}):
        findings.append(Finding(hand=n, kind="figures", message=_(
            "hand {number}: a settlement is stored for a hand not in force").format(number=n)))
    return findings



def audit_conservation(file: SessionFile) -> list[Finding]:
    """In a game with a pot, chips move between the players and the pot: after each hand
    stored, balances plus pot come to what they came to at the start."""
    if not file.ruleset.has_pot:
        return []
    start = file.ruleset.initial_state(file.config)
    total = sum(start.scores.values(), ZERO) + present(start.pot, "the pot")
    findings = []
    for n, hand in sorted(file.stored.items()):
        settled = file.matching.get(n)
        if settled is not None:  # the stored figures are these, already exact
            held = sum(settled.scores_after.values(), ZERO) + present(settled.pot_after,
                                                                      "the pot")
        else:
            try:
                held = sum((parse_amount(v) for v in hand["scores_after"].values()), ZERO)
                held += parse_amount(hand["pot_after"])
            except (KeyError, TypeError, AttributeError, ScorekeeperError):
                continue
        if held != total:
            findings.append(Finding(hand=n, kind="conservation", message=_(
                "hand {number}: balances plus pot come to {held}, not {total}").format(
                    number=n, held=format_amount(held), total=format_amount(total))))
    return findings


def audit_summary(file: SessionFile) -> list[Finding]:
    """The summary the listing used (files of earlier versions kept one) matches the hands."""
    summary = file.summary
    if summary and (summary.get("hands") != file.ledger.state.hands_played
                    or summary.get("digest") != raw_digest(file.events)):
        return [Finding(hand=None, kind="summary", message=_(
            "the session's summary (used by the listing) does not match its hands"))]
    return []


def audit_report(document: dict[str, Any]) -> AuditReport:
    """``audit_document`` with its notes: each check of ``AUDIT_CHECKS`` in turn, its findings
    added to those before; a check that finds the file cannot be read further ends the audit
    there, with what it found."""
    file = SessionFile.of_document(document)
    findings: list[Finding] = []
    with exact():
        for check in AUDIT_CHECKS:
            try:
                findings += check(file)
            except AuditEnds as end:
                findings.append(end.finding)
                break
    return AuditReport(findings=findings, notes=file.notes)

# ---- what was agreed at the table besides the hands: chip counts and settle-ups ---------------

def audit_counts(file: SessionFile) -> list[Finding]:
    """Each chip count against the ledger as it stands now (the hands in force, every
    amendment made since included): a finding while it disagrees; a note when an amendment
    made since explains a difference, or the hand it followed was withdrawn. The figures it was
    compared with when it was made are checked against the hands then, settled again."""
    from .countwords import off_list

    config, ruleset, events, notes = file.config, file.ruleset, file.events, file.notes
    typed, ledger = file.settled
    accounts = ruleset.accounts

    def named(amounts: dict[str, Decimal], signed: bool = False) -> str:
        return _named_amounts(amounts, config, accounts, signed)

    findings = []
    checks = iter(check_counts(typed, ledger.settlements, ruleset.initial_state(config),
                               ruleset.accounts))
    for i, event in enumerate(events):
        if event.get("type") != "count":
            continue
        check = next(checks)
        count = check.count
        n = count.after_hand
        where = _("chip count after hand {number} (event {seq})").format(
            number=n, seq=event.get("seq"))
        try:
            then = settle_hands(config, records_in_force(typed[:i]), ruleset).state
            counted = {end_from_text(who, ruleset.accounts): amount
                       for who, amount in count.counted.items()}
            said = {end_text(who, ruleset.accounts): counted_in_ledger(then, who)
                    for who in counted}
            off = {end_text(who, ruleset.accounts): amount
                   for who, amount in compare_count(then, counted).items()}
        except (KeyError, ScorekeeperError, AttributeError, TypeError):
            findings.append(Finding(hand=n, kind="count",
                                    message=_("{count} cannot be read").format(count=where)))
            continue
        if then.hands_played != n or said != count.expected or off != count.off:
            findings.append(Finding(hand=n, kind="count", message=_(
                "{count}: the ledger figures it was compared with ({compared}) are not those "
                "of the hands then, settled again ({settled})").format(
                    count=where, compared=named(count.expected), settled=named(said))))
        if not check.compared:
            notes.append(Finding(hand=n, kind="count", message=_(
                "{count}: hand {number} was withdrawn since: not compared with the ledger "
                "now").format(count=where, number=n)))
        elif not check.changed:
            if check.off_now:
                detail = ", ".join(
                    counted_off_words(who, count.counted[who], amount, config, accounts)
                    for who, amount in check.off_now.items())
                findings.append(Finding(hand=n, kind="count", message=_(
                    "{count} disagreed: {detail}").format(count=where, detail=detail)))
        else:
            now = check.now or {}
            since = _changes_since(check.since)
            then_words = off_list(count.off, config) if count.off else _("agreed")
            now_words = off_list(check.off_now, config) if check.off_now else _("it agrees now")
            # Who the count, the ledger then and the ledger now do not all agree on: six
            # players' figures said three times filled the ledger's box at 80x24, its
            # digest out of view (trial 32); the others agreed throughout.
            moved = {who for who in count.counted
                     if len({count.counted[who], count.expected.get(who), now.get(who)}) > 1}
            message = _("{count}: counted {counted}; the ledger said {said} then ({then}); "
                        "after {since} it says {now}: {verdict}").format(
                count=where, counted=named(_only(count.counted, moved)),
                said=named(_only(count.expected, moved)), then=then_words, since=since,
                now=named(_only(now, moved)), verdict=now_words)
            (findings if check.off_now else notes).append(
                Finding(hand=n, kind="count", message=message))
    return findings


def _only(amounts: dict[str, Decimal], moved: set[str]) -> dict[str, Decimal]:
    """The amounts of those in ``moved`` (all of them where none moved)."""
    return {who: a for who, a in amounts.items() if who in moved} if moved else amounts


def counted_off_words(who: str, counted: Decimal, off: Decimal, config: SessionConfig,
                      accounts: Collection[Account]) -> str:
    """What a chip count found where it disagreed: the chips counted in the pot or a
    player's (``who`` keyed as the file writes it), what the ledger says, and how far it is off
    (``countwords.off_words``, as every text of a count says it). (It said "Pott zählte 25",
    "bote contó 25": as if the pot had counted, trial 32; then "counted in front of Ben: 3½",
    pt "contado à frente de Ben", trial 34.)"""
    from .countwords import off_words

    figures = {"counted": format_amount(counted), "said": format_amount(counted - off),
               "off": off_words(off)}
    if not isinstance(end_from_text(who, accounts), str):
        return _("counted in the pot: {counted}, the ledger says {said} ({off})").format(
            **figures)
    return _("{who}'s chips counted {counted}, the ledger says {said} ({off})").format(
        who=counted_name(who, config, accounts), **figures)


def _named_amounts(amounts: dict[str, Decimal], config: SessionConfig,
                   accounts: Collection[Account], signed: bool = False) -> str:
    """``Ben 13¾, pot 42``: amounts by name (``counted_name``), the amounts as every human text
    writes them in the language in use (``format_amount``: quarters, else its decimal mark)."""
    return ", ".join(f"{counted_name(who, config, accounts)} "
                     f"{format_amount(amount, signed=signed)}" for who, amount in amounts.items())


def _changes_since(changes: tuple[Event, ...]) -> str:
    """``the amendment of hand 2, the withdrawal of hand 3``: the changes made to the hands a
    chip count followed, since it was made (English: the words of an audit's findings)."""
    words: list[str] = []
    for change in changes:
        if isinstance(change, HandAmended):
            word = _("the amendment of hand {number}").format(number=change.number)
        elif isinstance(change, HandWithdrawn):
            word = _("the withdrawal of hand {number}").format(number=change.number)
        else:
            word = _("hand {number} recorded again").format(
                number=getattr(change, "number", "?"))
        if word not in words:
            words.append(word)
    return ", ".join(words) or _("a later change")


def audit_settle_ups(file: SessionFile) -> list[Finding]:
    """Each settle-up worked out again, at its value and in its currency, from the hands in
    force at that point of the history, and compared with what the file says was agreed."""
    from .settleup import (  # seven dataclasses: compiled only where a settle-up is audited
        EARLIER_PAYMENTS,
        PAYMENT_RULES,
        ROUNDING,
        read_currency,
        settle_up,
    )

    config, ruleset, events = file.config, file.ruleset, file.events
    findings = []
    for i, event in enumerate(events):
        if event.get("type") != "settle":
            continue
        state = settle_hands(config, records_in_force(events_from_json(events[:i])),
                             ruleset).state
        where = _("settle-up after hand {number} (event {seq})").format(
            number=state.hands_played, seq=event.get("seq"))
        try:
            agreed = event_from_json(event)
            if not isinstance(agreed, SettledUp):  # its type says it is one
                raise ScorekeeperError(_("it is not a settle-up"))
            if agreed.rounding not in (None, ROUNDING):
                raise ScorekeeperError(_("its cents rule {rule} is not known here").format(
                    rule=repr(agreed.rounding)))
            payments = agreed.payments or EARLIER_PAYMENTS
            if payments not in PAYMENT_RULES:
                raise ScorekeeperError(_("its rule for who pays whom {rule} is not known "
                                         "here").format(rule=repr(payments)))
            currency = None if agreed.currency is None else read_currency(agreed.currency)
            if agreed.value is not None and agreed.value <= 0:
                raise ScorekeeperError(_("its value is not more than 0"))
            worked = settle_up_event(settle_up(ruleset, config, state, agreed.value, currency,
                                               payments), ruleset.accounts)
        except (ScorekeeperError, ValueError, ArithmeticError) as error:
            findings.append(Finding(hand=state.hands_played, kind="settle",
                                    message=_("{settle}: cannot be worked out again "
                                              "({problem})").format(settle=where,
                                                                    problem=error)))
            continue
        for key in ("after_hand", "currency", "rounding", "scores", "results", "money",
                    "transfers", "payments"):
            if event.get(key) != worked.get(key):
                findings.append(Finding(hand=state.hands_played, kind="settle", message=_(
                    "{settle}: stored {key} {stored} differs from {worked} worked out "
                    "again").format(settle=where, key=key, stored=jsontext.text(event.get(key)),
                                    worked=jsontext.text(worked.get(key)))))
    return findings


# An audit is these checks, in this order (beancount's validations are the model): adding a
# check is adding a function here. Each reads the file and returns what it found wrong.
AUDIT_CHECKS: list[Check] = [audit_chain, audit_header, audit_seals, audit_hands,
                             audit_conservation, audit_counts, audit_settle_ups, audit_summary]

# What every reader checks before it shows a session or adds to it (``reading_problem``):

# ---- the link of a continued session to the session it continues -------------------------------

def link_findings(entry: OpeningEntry, config: SessionConfig, earlier: SessionConfig,
                  earlier_rows: list[dict[str, Any]], earlier_ruleset: Ruleset,
                  earlier_state: TableState, label: str) -> list[Finding]:
    """The link of a continued session to the session it continues, read from the earlier
    file (``label``; its chain, header and stored figures already checked): its history must
    hold the state the opening entry names, and what carried from there, settled again from
    its hands, must be what the entry says; so must what carries from the earlier session as
    it stands now (``earlier_state``: a hand amended or recorded there since changes what the
    next evening should have opened with)."""
    def broken(problem: str) -> list[Finding]:
        return [Finding(hand=None, kind="link", message=_(
            "the link to session {id} ({file}) is broken: {problem}").format(
                id=entry.previous_id, file=label, problem=problem))]

    if (earlier.game, earlier.players) != (config.game, config.players):
        return broken(_("that session is not of the same game and players"))
    hashes = [row.get("hash") for row in earlier_rows]
    if entry.previous_hash not in hashes:
        return broken(_("its history does not hold the state this session continued (digest "
                        "{digest}): it was changed or is another session").format(
                            digest=entry.previous_digest))
    upto = hashes.index(entry.previous_hash) + 1
    try:
        with exact():
            then = settle_hands(earlier, records_in_force(events_from_json(earlier_rows[:upto])),
                                earlier_ruleset).state
    except ScorekeeperError as error:
        return broken(_("its hands no longer settle ({problem})").format(problem=error))
    carried = earlier_ruleset.carried(earlier, then)
    if then.hands_played != entry.previous_hands or carried != entry.opening:
        return broken(_("at digest {digest} it left {left}, not the {opened} this session "
                        "opened with").format(
                            digest=entry.previous_digest,
                            left=_carried_words(carried, then.hands_played),
                            opened=_carried_words(entry.opening, entry.previous_hands)))
    now = earlier_ruleset.carried(earlier, earlier_state)
    if now != entry.opening:
        return [Finding(hand=None, kind="link", message=_(
            "the link to session {id} ({file}): that session changed after this one continued "
            "it (at digest {digest}): it now leaves {left}, not the {opened} this session "
            "opened with").format(id=entry.previous_id, file=label, digest=entry.previous_digest,
                                  left=_carried_words(now, earlier_state.hands_played),
                                  opened=_carried_words(entry.opening, entry.previous_hands)))]
    return []


def _carried_words(opening: Opening, hands: int) -> str:
    """``pot 52 after 4 hands`` (and the scores, where they carry), for the audit's words."""
    words = (_("nothing") if opening.pot is None
             else _("pot {amount}").format(amount=format_amount(opening.pot)))
    if opening.scores is not None:
        words = _("{pot} and scores {scores}").format(pot=words, scores=", ".join(
            f"{p} {format_amount(v)}" for p, v in opening.scores.items()))
    return ngettext("{what} after {count} hand", "{what} after {count} hands", hands).format(
        what=words, count=hands)


# ---- helpers ------------------------------------------------------------------------------------

def _event_label(event: dict[str, Any]) -> str:
    if event.get("number") is not None:
        return _("event {seq} ({type} of hand {number})").format(
            seq=event.get("seq"), type=event.get("type"), number=event.get("number"))
    return _("event {seq} ({type})").format(seq=event.get("seq"), type=event.get("type"))

