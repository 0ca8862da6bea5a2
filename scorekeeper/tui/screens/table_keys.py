"""The table screen's keys: a key typed into the hand, what each key may do now and says in the
key bar and F1, card by card or by winners, and the keys that open another screen."""

from __future__ import annotations

from dataclasses import replace

from textual import events
from textual.binding import ActiveBinding

from ...errors import ScorekeeperError
from ...guidewords import step_prompt
from ...i18n import N_, _, sentence
from ...presentation import hands_words
from ..widgets import run_own_binding
from .table_hands import TableHands

CANCEL_AMEND = N_("Cancel the amendment")  # what Escape does then, in the key bar

# What waits while the session file is read or written in a worker (it runs once that is done).
WAIT_FOR_DISK = {"preview", "back", "undo", "amend", "count", "toggle_cards", "home"}
# What types a hand: nothing to do where no hand is entered (the session is over).
ENTRY_ACTIONS = {"preview", "back", "toggle_cards"}
# What waits until an amendment is saved or cancelled: a withdrawal or a chip count in the
# middle of one dropped it unsaid (trial 32: ctrl+z while amending hand 1 withdrew hand 3).
NOT_WHILE_AMENDING = {"undo": "ctrl+z", "count": "ctrl+k"}


class TableKeys(TableHands):
    """The keys of the table screen (its bindings are ``TableScreen.BINDINGS``)."""

    def step_help(self) -> tuple[str, list[tuple[str, str]]]:
        """The question asked now and the keys that answer it (for the help, F1)."""
        closed = self.closed()
        if self.entry is None or closed is not None:
            return closed or _("The session is over: no more hands can be entered."), []
        keys = self.entry.key_help()
        from ..keynames import key_name  # Escape in the language in use (German Esc)

        escape = key_name("escape")
        keys.append((escape, _("cancel the amendment (it asks first when something was typed)")
                     if self.amending is not None else
                     _("leave the table (it asks first when a hand is being typed)")))
        return step_prompt(self.entry.draft), keys

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The keys in the language in use; while a hand is amended, Escape is said as what it
        does then: it cancels the amendment (``action_home``)."""
        bindings = super().active_bindings
        escape = bindings.get("escape")
        if self.amending is not None and escape is not None and escape.node is self:
            bindings["escape"] = ActiveBinding(
                escape.node, replace(escape.binding, description=_(CANCEL_AMEND)),
                escape.enabled, escape.tooltip)
        return bindings

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While the session file is being written, nothing that changes it or the entry runs
        (they run once the write is done; the table stays live meanwhile). A session that takes
        no more hands (over, or gone on in the next evening) has no entry to settle; one that
        went on has no hand to withdraw either (what it left carried: D21, the store refuses);
        its chips are still counted (a count changes nothing carried)."""
        if action in ENTRY_ACTIONS and self.closed() is not None:
            return False
        if action == "undo" and self.session.continued_by:
            return False
        if action in NOT_WHILE_AMENDING and self.amending is not None:
            return False
        return not (self.writing and action in WAIT_FOR_DISK)

    async def on_key(self, event: events.Key) -> None:
        if self.writing and event.character and event.character.isprintable():
            self.notify(_("Still writing the session file: one moment."), markup=False,
                        timeout=2)
            event.stop()
            return
        if event.key == "ctrl+z" and self.session.continued_by:  # (no binding: check_action)
            event.stop()
            self.refuse_withdrawal()  # said, not nothing (rules.md D21)
            return
        if event.key in NOT_WHILE_AMENDING.values() and self.amending is not None:
            event.stop()  # (no binding while amending: check_action) said, not nothing
            self.warn_key(_("Hand {number} is being amended: Enter saves the amendment, "
                            "Escape cancels it.").format(number=self.amending))
            return
        if event.key in ("enter", "backspace", "escape"):
            self.drop_key_warnings()
            await run_own_binding(self, event)  # in its turn among the keys typed
            return
        if self.entry is None:
            return
        char = event.character or ""
        if len(char) != 1 or not char.isprintable() or event.key.startswith("ctrl+"):
            return
        closed = self.closed()
        if closed is not None:
            event.stop()
            if closed != self.told_closed:  # once: the entry's line says it all the while
                self.told_closed = closed
                self.notify(closed, markup=False)
            return
        problem = self.entry.press(char)
        event.stop()
        self.drop_key_warnings()
        if problem:
            # A line of its own begins with a capital ("type the seat number …", de "die
            # Sitznummer … tippen", trial 33), unless with the key typed or a player's name,
            # which are shown as they are.
            literal = (char, *self.entry.draft.config.players)
            self.warn_key(problem if problem.startswith(literal) else sentence(problem))
        self.show()

    def on_screen_suspend(self) -> None:
        self.drop_key_warnings()  # a dialog (or another screen) opens over the table

    def action_toggle_cards(self) -> None:
        """Switch between typing each trick's winner and typing every card of every trick."""
        if self.entry is None:
            return
        cards = not self.entry.by_cards
        if self.amending is None:  # the way this hand is typed (the next one: by winners)
            self.by_cards = cards
        # No notice (it took the guide's last rows at the start of a hand): the entry says it,
        # at once, where the eye is (the line "Card by card (ctrl+o: winners only)", or the
        # question of a trick: a card, or who won it).
        self.entry = self.entry.switched(cards)
        self.show()

    def action_referee(self) -> None:
        from .referee import RefereeScreen

        trump = self.entry.draft.trump() if self.entry else None
        ruleset, config = self.session.ruleset, self.session.config
        self.app.push_screen(RefereeScreen(ruleset, len(config.players), trump,
                                           ruleset.deck(config)))

    def action_back(self) -> None:
        if self.entry and self.entry.back():
            self.show()

    def amend_typed(self) -> bool:
        """Whether cancelling the amendment now would drop something typed: hands amended
        before it in the same step (their changes were typed), or a key typed into this one
        (a rank waiting for its suit too). Backspace alone drops nothing: the hand stays as
        recorded, and opens so again."""
        entry = self.entry
        return bool(self.amend_with) or entry is not None and (
            entry.pending is not None or any(entry.keys))

    def cancel_amend(self) -> None:
        self.amending = None
        self.saved_at = None  # the last hand stands as it was: not "saved" just now, after it
        self.start_entry()
        self.tell_last(_("Amending cancelled."))

    def settled(self) -> bool:
        """Whether the session's hands settle again (a damaged history is said, not raised)."""
        try:
            self.session.ledger()
        except ScorekeeperError as error:
            self.notify(str(error), severity="error", markup=False, timeout=8)
            return False
        return True

    def action_ledger(self) -> None:
        from .ledger import LedgerScreen

        if self.settled():
            self.app.push_screen(LedgerScreen(self.session))

    def action_standings(self) -> None:
        from .ledger import StandingsScreen

        if self.settled():
            self.app.push_screen(StandingsScreen(self.session))

    def action_scoreboard(self) -> None:
        """The scoreboard, full screen and read-only, for everyone at the table to read."""
        from .scoreboard import ScoreboardScreen

        session_id = self.session.id
        self.app.push_screen(ScoreboardScreen(lambda: self.app.store.open(session_id),
                                              self.session,
                                              watch_interval=self.app.watch_interval))

    def action_settle_up(self) -> None:
        from .settle import SettleUpScreen

        self.app.push_screen(SettleUpScreen(self))

    def action_export(self) -> None:
        from .dialog_export import ExportDialog

        self.app.push_screen(ExportDialog(self.session.id))

    def action_rules(self) -> None:
        from .dialog_help import RulesScreen  # (when ctrl+r asks it: not at the first frame)

        session = self.session
        self.app.push_screen(RulesScreen(session.config.game, session.ruleset.deck(session.config)))

    def action_home(self) -> None:
        from .dialog_confirm import EnterToConfirmDialog  # (when Escape asks: not at first)

        if self.amending is not None:
            if self.amend_typed():  # asked first, as leaving mid-hand is (trial 35)
                self.ask_cancel_amend()
            else:
                self.cancel_amend()
            return
        if self.entry and self.entry.started:
            def leave(ok: bool | None) -> None:
                if ok:
                    self.app.go_home()

            self.app.push_screen(EnterToConfirmDialog(_("Leave the table? The hand being typed "
                                                        "is not saved.")), leave)
            return
        self.app.go_home()

    def typing_unsaved(self) -> bool:
        """A hand being typed (Escape asks before leaving it) or an amendment with something
        typed (Escape asks before cancelling it): Ctrl+Q asks too (``ScorekeeperApp``)."""
        if self.amending is not None:
            return self.amend_typed()
        return bool(self.entry and self.entry.started)

    def ask_cancel_amend(self) -> None:
        """Escape while something is typed in the amendment (or two hands are amended
        together): only Enter cancels it, dropping the typing of every hand in it; Escape or
        n goes on amending this hand as typed (trial 35: Escape dropped hands 2 and 3 at once,
        unasked)."""
        from .dialog_confirm import EnterToConfirmDialog  # (when Escape asks: not at first)

        number, together = self.amending, self.amend_with
        assert number is not None  # (only while amending)
        hands = hands_words([*(n for n, _c in together), number])

        def answered(ok: bool | None) -> None:
            # (the same amendment still: another terminal's change may have ended it)
            if ok and self.amending == number and self.amend_with == together:
                self.cancel_amend()

        self.app.push_screen(EnterToConfirmDialog(
            _("Cancel the amendment ({hands})? What was typed is not saved.").format(
                hands=hands),
            [_("No: back to hand {number} as you typed it.").format(number=number)]), answered)
