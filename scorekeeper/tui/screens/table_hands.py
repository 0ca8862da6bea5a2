"""The table screen's answers that change the hands: a hand settled and saved, hands amended
(and later hands that no longer fit, amended with them), a hand withdrawn, a chip count."""

from __future__ import annotations

from decimal import Decimal
from functools import partial
from typing import Any

from rich.text import Text

from ...amounts import format_amount
from ...countwords import count_check_lines, counted_words, off_line, step_refusal
from ...errors import ScorekeeperError
from ...handwords import amendment_effect_lines, amendment_lines, payment_lines
from ...i18n import _, ngettext
from ...ledger import settle_next
from ...presentation import hands_words
from ...rules import HandRecord, Settlement
from ...store import Amended, Counted, LaterHandBroken, OpenSession, Recorded, SessionChanged
from .table_disk import TableDisk

# The fields of a hand's record that an amendment replaces: every one, from the hand as
# entered again (only the note is kept).
AMENDED_FIELDS = tuple(name for name in HandRecord.model_fields if name != "note")


class TableHands(TableDisk):
    """Enter (settle and save the hand typed, or the amendment), ctrl+z, ctrl+e and ctrl+k."""

    def action_preview(self) -> None:
        from .dialog_preview import PreviewDialog  # (when Enter asks it: not at the first frame)

        if self.entry is None:  # (a session that takes no more hands has no Enter: check_action)
            return
        if not self.entry.complete:
            self.warn_key(_("The hand is not complete yet: {prompt}").format(
                prompt=self.entry.prompt()))
            return
        record = self.entry.record()
        if self.amending is not None:
            return self.preview_amend(record)
        session = self.session
        based_on = session.digest  # the state the preview is of: saved only if it still is
        try:
            settlement, after = settle_next(session.ruleset, session.config, self.state, record)
        except ScorekeeperError as error:
            self.notify(str(error), severity="error", markup=False)
            return
        lines: list[str | Text] = [*settlement.explanation_words(session.config)]
        figures: list[str | Text] = [*payment_lines(  # in view under the explanation
            session.ruleset, session.config.players, settlement.deltas, after.scores,
            settlement.pot_before, settlement.pot_after)]
        title = _("Hand {number}: {dealer} dealt; {kind}").format(
            number=settlement.number, dealer=settlement.dealer,
            kind=session.ruleset.kind_words(settlement.kind))

        def saved(confirm: bool | None) -> None:
            if confirm:
                self.save(record, based_on)

        self.ask(PreviewDialog(title, lines, figures=figures), saved)

    def save(self, record: HandRecord, based_on: str) -> None:
        """Store the hand previewed, if the session is still at the digest it was previewed at."""
        session_id = self.session.id
        self.on_disk(lambda: self.app.store.record(session_id, record, expect=based_on),
                     self.saved, partial(self.refused, _("Not saved")))

    def saved(self, result: Recorded) -> None:
        self.session = result.session
        self.mtime = self._mtime()
        # Said by the last hand's line ("Hand 3 saved (…): …"), not by a notice, which took
        # the guide's last rows (who is asked, who leads) for its seconds at 80x24. That the
        # session is over, the entry's line says; that the next hand is typed by trick
        # winners again (card by card was this hand's choice), the question of the first
        # trick, which names ctrl+o.
        self.saved_at = result.session.digest
        self.by_cards = False
        self.start_entry()

    def preview_amend(self, record: HandRecord) -> None:
        number = self.amending
        assert number is not None  # only while amending
        changes = {name: getattr(record, name) for name in AMENDED_FIELDS}
        amendments = (*self.amend_with, (number, changes))
        based_on = self.session.digest  # the session the hand was picked from and shown of
        session_id = self.session.id

        def refused(error: ScorekeeperError) -> None:
            if isinstance(error, SessionChanged):
                self.moved_on(_("Not amended"), error)
            elif isinstance(error, LaterHandBroken):
                self.offer_amend_too(amendments, error)
            else:  # (one that would change what went on in the next evening, say: D21)
                self.notify(self.said_here(error), severity="error", markup=False, timeout=8)

        self.on_disk(lambda: self.app.store.preview_amend_hands(session_id, amendments,
                                                                expect=based_on),
                     partial(self.show_amend, amendments, based_on), refused)

    def offer_amend_too(self, amendments: tuple[tuple[int, dict[str, Any]], ...],
                        broken: LaterHandBroken) -> None:
        """A later hand no longer fits its record once these hands are amended: say which and
        why, and offer to amend it too, in the same step (it opens as recorded, on the table as
        the amendments leave it; all are saved together, or none)."""
        from .dialog_confirm import ConfirmDialog  # (when it is asked: not at the first frame)

        words = str(broken).removeprefix(f"{self.session.label}: ")
        if not broken.can_amend:
            self.ask(ConfirmDialog(_("Hand {number} cannot stay").format(number=broken.hand),
                                   [words, _("Nothing was written. Change the amendment, or "
                                             "Escape to cancel it.")], notice=True),
                     lambda _answer: None)
            return

        def answered(ok: bool | None) -> None:
            if not ok:
                return
            self.amend_with = amendments
            self.amending = broken.hand
            self.amend_state = broken.state
            self.amend_asks = broken.asks_again
            self.start_entry()  # the guide says how to go on (``amend_words``)

        self.ask(ConfirmDialog(
            _("Hand {number} no longer fits: amend it too, in the same step?").format(
                number=broken.hand),
            [words, "", (_("Yes: hand {number} opens with its turned card, on the table as "
                           "this amendment leaves it: say who played, and its tricks come back "
                           "as recorded, as far as they still fit. All the hands are saved "
                           "together when you confirm, or none.") if broken.asks_again else
                         _("Yes: hand {number} opens as it was recorded, on the table as this "
                           "amendment leaves it; change what no longer fits. All the hands are "
                           "saved together when you confirm, or none.")).format(
                number=broken.hand),
             _("No: back to hand {number} as you typed it.").format(number=self.amending)]),
            answered)

    def show_amend(self, amendments: tuple[tuple[int, dict[str, Any]], ...], based_on: str,
                   amended: Amended) -> None:
        """What the amendment would do, to confirm: each amended hand's explanation, every
        player's change hand by hand (the later hands it changes too), and the standings before
        and after; saved only if the session is still at ``based_on``."""
        from .dialog_preview import PreviewDialog  # (when Enter asks it: not at the first frame)

        config = self.session.config
        # What changes hand by hand, then how each amended hand is now settled: a long
        # preview scrolls. The standings before and after (every player and the pot, what
        # Enter confirms) stay in view under it (at 80x24 six players' showed 3 of 7 rows).
        lines: list[str | Text] = [
            Text(_("What changes, hand by hand:"), style="bold"),
            *amendment_effect_lines(self.session.ruleset, config.players,
                                    amended.hands_changed()),
            _("Every hand from {number} on is settled again.").format(number=amended.number)]
        before, after = amended.before.state, amended.after.state
        figures: list[str | Text] = [
            Text(_("Standings now -> after:"), style="bold"),
            *amendment_lines(config.players, before.scores, after.scores, amended.changes(),
                             before.pot, after.pot)]
        for n in amended.numbers:
            lines += ["", Text(_("Hand {number} as amended:").format(number=n), style="bold"),
                      *amended.after.settlements[n - 1].explanation_words(config)]
        hands = hands_words(amended.numbers)

        def confirmed(ok: bool | None) -> None:
            if not ok:
                return
            session_id = self.session.id
            self.on_disk(lambda: self.app.store.amend_hands(session_id, amendments,
                                                            expect=based_on),
                         stored, partial(self.refused, _("Not amended")))

        def stored(result: Amended) -> None:
            self.amending = None
            self.session = result.session
            self.mtime = self._mtime()
            self.start_entry()
            later = max(amended.numbers) < self.session.hands_played  # (none: not said, pt)
            words = (ngettext("{hands} amended; later hands settled again.",
                              "{hands} amended; later hands settled again.",
                              len(amended.numbers)) if later else
                     ngettext("{hands} amended.", "{hands} amended.", len(amended.numbers)))
            self.tell_last(words.format(hands=hands.capitalize()))  # (the participle agrees)

        self.ask(PreviewDialog(_("Amend {hands}").format(hands=hands), lines, figures=figures,
                               amends=True), confirmed)

    def action_undo(self) -> None:
        from .dialog_confirm import ConfirmDialog  # (when ctrl+z asks it: not at the first frame)

        n = self.session.hands_played
        if n == 0:
            self.notify(_("There is no hand to take back."), markup=False)
            return
        hand = self.session.hand(n)
        based_on = self.session.digest  # the hand asked about is the last one only at this digest

        def confirmed(ok: bool | None) -> None:
            if not ok:
                return
            session_id = self.session.id
            self.on_disk(lambda: self.app.store.undo(session_id, expect=based_on), undone,
                         partial(self.refused, _("Hand {number} not withdrawn").format(number=n)))

        def undone(result: tuple[OpenSession, Settlement]) -> None:
            self.session, withdrawn = result
            self.mtime = self._mtime()
            self.amending = None
            self.start_entry()
            self.tell_last(_("Hand {number} withdrawn (kept in the history).").format(
                number=withdrawn.number))

        detail = [_("It stays in the history, marked withdrawn.")]
        if self.typing():
            detail.append(_("The hand being typed now is cleared."))
        self.ask(ConfirmDialog(
            _("Withdraw hand {number} ({dealer} dealt, {kind})?").format(
                number=n, dealer=hand.dealer, kind=self.session.ruleset.kind_words(hand.kind)),
            detail), confirmed)

    def refuse_withdrawal(self) -> None:
        """ctrl+z in an evening that went on in the next (its key bar has no ctrl+z then:
        ``check_action``): the store's one line, which names the next evening and the way
        forward (rules.md D21), as `scorekeeper undo` says it, without the file's path."""
        from ...store.evenings import no_withdrawal_after_going_on  # (when ctrl+z asks it)

        try:
            no_withdrawal_after_going_on(self.session)
        except ScorekeeperError as error:
            self.notify(self.said_here(error), severity="error", markup=False, timeout=15)

    def action_amend(self) -> None:
        from .dialog_preview import PickHandDialog  # (when ctrl+e asks it: not at the first frame)

        n = self.session.hands_played
        if n == 0:
            self.notify(_("No hand has been recorded yet."), markup=False)
            return

        def picked(number: int | None) -> None:
            if number:
                self.notices.clear("error")  # a refusal said before is over (trial 32)
                self.amending = number
                self.amend_with, self.amend_state = (), None  # a new amendment: on its own
                self.amend_asks = False
                self.start_entry()  # the guide says how to go on (``amend_words``)

        self.ask(PickHandDialog(n, clears=self.typing(), amending=self.amending), picked)

    def action_count(self) -> None:
        from .dialog_confirm import ConfirmDialog  # (when ctrl+k asks: not at first)
        from .dialog_count import CountDialog

        config, ruleset = self.session.config, self.session.ruleset
        based_on = self.session.digest  # the table the chips are counted against

        def counted(amounts: dict[str, Decimal] | None) -> None:
            if not amounts:
                return
            session_id = self.session.id
            self.on_disk(lambda: self.app.store.count(session_id, amounts, expect=based_on),
                         recorded, partial(self.refused, _("The count was not recorded")))

        def recorded(result: Counted) -> None:
            self.session = result.session
            self.mtime = self._mtime()
            self.show()  # the count is a new event: the digest on screen moves on
            if not result.off:
                self.notify(_("The count agrees with the ledger."), markup=False)
                return
            lines = [off_line(counted_words(who, self.session.config), result.counted[who],
                              result.expected[who], off) for who, off in result.off.items()]
            self.app.push_screen(ConfirmDialog(_("The count disagrees with the ledger"), lines + [
                _("The count is recorded; audit will show it until it is explained.")],
                notice=True))

        state = self.state  # the count is checked against the table it is made at

        def check(amounts: dict[str, Decimal]) -> list[str]:
            for who, held in amounts.items():  # (half a chip in a game of whole chips)
                refusal = step_refusal(who, held, ruleset.count_step, config, ruleset)
                if refusal is not None:
                    raise ScorekeeperError(refusal)
            return count_check_lines(config, state, amounts)

        self.ask(CountDialog(config.players, self.state.pot is not None, check,
                             note=self.count_note()), counted)

    def count_note(self) -> str | None:
        """In an evening that went on in the next, what the chips are counted against: the
        ledger as this evening left it, not what the table holds now (the next evening's pot:
        the count said "off by -12471" with no word why). Else ``None``."""
        went_on, pot = self.session.continued_by, self.state.pot
        if not went_on:
            return None
        if pot is None:
            return _("This evening went on in session {id}: count the chips as this evening "
                     "left them.").format(id=went_on)
        return _("This evening went on in session {id}: count the chips as this evening left "
                 "them: pot {pot} (what the table holds now is counted in session {id}).").format(
            id=went_on, pot=format_amount(pot))
