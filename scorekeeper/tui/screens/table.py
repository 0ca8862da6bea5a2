"""The table screen: the seats, the pot, what to do now, and the hand being typed in."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from functools import partial
from typing import Any, TypeVar

from rich.cells import cell_len
from rich.text import Text
from textual import events, getters
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from ...amounts import format_amount
from ...errors import ScorekeeperError
from ...i18n import N_, _, ngettext, pgettext
from ...ledger import settle_next
from ...presentation import (
    amendment_effect_lines,
    amendment_lines,
    count_check_lines,
    draft_lines,
    hands_words,
    last_hand_line,
    payment_lines,
    step_prompt,
    table_guide,
)
from ...rules import HandDraft, HandRecord, Settlement, TableState
from ...store import Amended, Counted, LaterHandBroken, OpenSession, Recorded, SessionChanged
from ..disk import on_disk
from ..entry import KeyEntry
from ..handpanel import HandPanel
from ..keybar import KeyBar
from ..widgets import (
    NoticeScreen,
    ScorekeeperAppBase,
    SeatPanel,
    Shown,
    run_own_binding,
)
from .dialogs import (
    ConfirmDialog,
    CountDialog,
    PickHandDialog,
    PreviewDialog,
    RulesScreen,
    TypedHandDialog,
)

# The fields of a hand's record that an amendment replaces: every one, from the hand as
# entered again (only the note is kept).
AMENDED_FIELDS = tuple(name for name in HandRecord.model_fields if name != "note")

R = TypeVar("R")

# The keys the bar under the table shows first, as many as fit (F1 and ctrl+p list them all).
KEYS_FIRST = ("table-settle", "table-back", "table-undo", "table-amend", "table-count",
              "table-cards", "table-ledger", "table-standings", "table-scoreboard")
# While a hand is amended: Escape (it cancels the amendment) right after Backspace.
KEYS_AMENDING = (*KEYS_FIRST[:2], "table-home", *KEYS_FIRST[2:])
CANCEL_AMEND = N_("Cancel the amendment")  # what Escape does then, in the key bar

# What waits while the session file is read or written in a worker (it runs once that is done).
WAIT_FOR_DISK = {"preview", "back", "undo", "amend", "count", "toggle_cards", "home"}
# What types a hand: nothing to do where no hand is entered (the session is over).
ENTRY_ACTIONS = {"preview", "back", "toggle_cards"}
# The rows a seat gives up when the seats are kept low (``seats-compact`` in app.tcss: a
# score in one row instead of three).
COMPACT_SAVES = 2
# Between the parts of the pot's line (``Ruleset.pot_words`` and the pot before them): where
# the line is folded when it is too wide.
POT_BREAK = "   "
WAITING = N_("Waiting for the session file: another scorekeeper is writing it; the table goes "
             "on when it is done.")


class GuideBox(VerticalScroll):
    """The box of the question and the guide (``HandPanel``), which draws them again to the
    room whenever the box changes size: the panel's own size may stay (drawn taller than a
    box that was short a moment, beside a scroll bar it then kept: a row short at 80x24)."""

    def on_resize(self) -> None:
        for panel in self.query_children(HandPanel):
            panel.draw()


def seat_status(draft: HandDraft | None, player: str) -> tuple[str, bool]:
    """What a seat says of its player in the hand being typed, and whether they are out of
    it: asked now whether they play, still to decide, dropped, plays, or the tricks taken.
    (From the draft: who is asked and who plays is the rules' to say.)"""
    if draft is None:
        return "", False
    if any(p == player and not plays for p, plays in draft.decisions):
        return _("dropped"), True
    to_decide = draft.to_decide()
    if to_decide:
        if player == to_decide[0]:
            return _("asked?"), False
        if player in to_decide:
            return _("to decide"), False
        return _("plays"), False
    tricks = draft.taken().get(player, 0)
    return _("tricks {count}").format(count=tricks) + " " + "#" * tricks, False


class TableScreen(NoticeScreen[None]):
    """Type each trick's winner by seat number; Enter shows the settlement, Enter again saves."""

    app = getters.app(ScorekeeperAppBase)

    BINDINGS = [
        Binding("enter", "preview", N_("Settle"), id="table-settle"),
        Binding("backspace", "back", N_("Take back"), id="table-back"),  # as F1 says them
        Binding("ctrl+z", "undo", N_("Withdraw"), id="table-undo"),  # (and its dialog)
        Binding("ctrl+e", "amend", N_("Amend"), id="table-amend"),
        Binding("ctrl+k", "count", N_("Count"), id="table-count"),
        Binding("ctrl+l", "ledger", N_("Ledger"), id="table-ledger"),
        Binding("ctrl+t", "standings", N_("Standings"), id="table-standings"),
        Binding("ctrl+x", "export", N_("Export"), id="table-export"),
        Binding("ctrl+r", "rules", N_("Rules"), id="table-rules"),
        Binding("ctrl+o", "toggle_cards", N_("Cards"), id="table-cards"),
        Binding("ctrl+f", "referee", N_("Referee"), id="table-referee"),
        Binding("ctrl+u", "settle_up", N_("Settle up"), id="table-settle-up", show=False),
        # (while a hand is amended, it cancels the amendment: ``active_bindings`` says so)
        Binding("escape", "home", N_("Home"), id="table-home"),
        Binding("ctrl+g", "scoreboard", N_("Scoreboard"), id="table-scoreboard"),
    ]

    def __init__(self, session: OpenSession) -> None:
        super().__init__()
        # Its class given now, not once mounted: a class added then styles the whole screen
        # again before its first frame (tests/benchmarks, "TUI: open a 200-hand table").
        self.set_class(len(session.config.players) > 4, "many-seats", update=False)
        self.session = session
        self.amending: int | None = None
        # Hands amended earlier in the same step (amending one left ``amending`` not fitting
        # its record) and the table before ``amending`` once they are: stored together.
        self.amend_with: tuple[tuple[int, dict[str, Any]], ...] = ()
        self.amend_state: TableState | None = None
        self.entry: KeyEntry | None = None
        self.by_cards = False
        self.writing = False  # the session file is being read or written (in a worker)
        self.mtime = self._mtime()
        self.asking: Screen[Any] | None = None  # a question about the session as it is shown
        self.told_closed: str | None = None  # why no hand is entered, once said by a notice
        # The last hand's line as shown: (hand, width, digest, saved, short), the line, its rows.
        self.last_drawn: tuple[object, str, int] = (None, "", 0)
        # The session's digest right after this table saved a hand: while it is still the
        # digest, the last hand's line says the hand was saved (no notice over the guide).
        self.saved_at: str | None = None
        # What the table just did to the hands (withdrew one, amended some), said at the head
        # of the last hand's line for a few seconds while the session is at that digest.
        self.said_last: tuple[str, str] | None = None
        # The last hand's line in one row this hand (without who dealt), so that the guide
        # keeps every step in sight (six long names at 80x24; decided with ``fit_seats``).
        self.last_short = False
        # The pot's line in one row this hand, its last parts (the rules' reminders: "each
        # trick pays P/4") left out, where the guide needs the row (a five-digit pot in German
        # at 80x24; decided with ``fit_seats``).
        self.pot_short = False
        # "Card by card" said by the heading, not by a line over the guide (no row for it).
        self.mode_on_top = False
        # The warnings about a key said now: they go with the next key, or as a dialog opens.
        self.key_warnings: set[str] = set()

    # ---- layout

    def compose(self) -> ComposeResult:
        config = self.session.config
        ruleset = self.session.ruleset
        with Vertical(id="table"):
            yield Shown("", id="table-top")
            with Horizontal(id="seats"):
                self.panels = [SeatPanel(seat, player, ruleset.score_words())
                               for seat, player in enumerate(config.players, start=1)]
                yield from self.panels
            yield Shown("", id="pot")
            yield Shown("", id="last")
            # The question asked now, the hand as typed so far and the guide: one widget as
            # tall as its box (``HandPanel``), so a key repaints it without a layout.
            with GuideBox(id="guide-box"):
                yield HandPanel(id="hand")
            # The notices, whole, in rows of their own: the guide's box gives them up.
            yield self.notices
        yield KeyBar(first=KEYS_FIRST)

    def on_mount(self) -> None:
        self.arrange_seats()
        self.start_entry()
        self.call_after_refresh(self.show)  # laid out: the seats and the guide fitted
        interval = getattr(self.app, "watch_interval", None)
        if interval:
            self.set_interval(interval, self.check_for_changes)

    def on_resize(self, event: events.Resize) -> None:
        self.arrange_seats()
        self.call_after_refresh(self.show)

    def arrange_seats(self) -> None:
        """The seats in two rows where the screen is tall enough and one row would cut the
        names that two rows show whole (six long names at 130x40)."""
        players = self.session.config.players
        width, height = self.app.size
        # A seat's name line: its number, a space, the name; the borders and padding take 4.
        seat = max(cell_len(p) for p in players) + len(str(len(players))) + 1 + 4
        per_row = -(-len(players) // 2)  # (a layout: the seats of the first row)
        two_rows = (len(players) > 3 and height >= 36 and seat * len(players) > width
                    and seat * per_row <= width)
        self.set_class(two_rows, "seats-two-rows")
        self.query_one("#seats").styles.grid_size_columns = per_row

    # ---- state

    def start_entry(self) -> None:
        """A fresh entry for the next hand, or the hand being amended as it was recorded."""
        session = self.session
        ruleset, config = session.ruleset, session.config
        if self.amending is None:
            self.amend_with, self.amend_state = (), None
        if self.amending is not None:
            number = self.amending
            self.state = self.amend_state or session.state_before(number)
            draft = HandDraft.from_record(ruleset, config, self.state,
                                          session.records()[number - 1])
        else:
            self.state = session.state()
            draft = HandDraft(ruleset, config, self.state, by_cards=self.by_cards)
        self.entry = KeyEntry(draft)
        # Escape cancels an amendment, or leaves: the key bar says which (first while amending).
        self.query_one(KeyBar).first = KEYS_FIRST if self.amending is None else KEYS_AMENDING
        self.refresh_bindings()
        self.show()

    def wrote(self, session: OpenSession) -> None:
        """The session as a write of this table left it (the file's change is its own)."""
        self.session = session
        self.mtime = self._mtime()

    def busy(self, now: bool) -> None:
        self.writing = now
        # The keys that wait for the disk leave the key bar meanwhile, and come back after (with
        # what the write changed: a session over takes no more hands).
        self.refresh_bindings()

    def on_disk(self, work: Callable[[], R], done: Callable[[R], None],
                refused: Callable[[ScorekeeperError], None]) -> None:
        """A store call beside the event loop (``disk.on_disk``); the entry waits for it."""
        on_disk(self, work, done, refused, waiting=_(WAITING), busy=self.busy)

    def reload(self, then: Callable[[], None]) -> None:
        """Read the session file again (in a worker), show it, then ``then()``; a file that
        cannot be read is said and the table keeps what it shows (and the hand being typed)."""
        seen = self._mtime()  # before reading: a change made meanwhile is read next time
        session_id = self.session.id

        def read(session: OpenSession) -> None:
            self.session = session
            self.mtime = seen
            then()

        def unreadable(error: ScorekeeperError) -> None:
            self.mtime = seen  # said once, not every second; a later change is read again
            self.notify(str(error), severity="error", markup=False, timeout=8)

        self.on_disk(lambda: self.app.store.open(session_id), read, unreadable)

    def _mtime(self) -> int:
        try:
            return self.session.path.stat().st_mtime_ns
        except OSError:
            return 0

    def ask(self, dialog: Screen[R], answered: Callable[[R | None], None]) -> None:
        """Ask something about the session as the table shows it (save this hand? withdraw
        hand 3?): should another terminal change the session meanwhile, the question closes
        itself (``check_for_changes``), unanswered."""
        self.asking = dialog

        def answer(result: R | None) -> None:
            if self.asking is dialog:
                self.asking = None
            answered(result)

        self.app.push_screen(dialog, answer)

    def check_for_changes(self) -> None:
        """Another terminal may have recorded a hand: show it, and restart an entry in progress;
        a question about the session as it was closes, with a word why. (Not while this table
        reads or writes the file: that shows the file as it leaves it.)"""
        if self.writing or self._mtime() == self.mtime:
            return
        asking, self.asking = self.asking, None
        unanswered = []
        if asking is not None and self.app.screen is asking:
            asking.dismiss(None)
            unanswered = [_("Closed unanswered: another terminal changed the session meanwhile. "
                            "The table now shows it as it is.")]
            if not self.typed_lines():  # (else said with the hand typed: ``show_cleared``)
                self.notify(unanswered[0], severity="warning", markup=False, timeout=10)

        def changed() -> None:
            typing, typed = self.typing(), self.typed_lines()
            self.amending = None
            self.start_entry()
            if typing and self.session.continued_by:  # the next evening began meanwhile
                said = _("The session was changed from another terminal: the evening goes on "
                         "in session {id} now. The hand you were typing was not saved: enter "
                         "it there.").format(id=self.session.continued_by)
            elif typing:
                said = _("The session was changed from another terminal; the table is up to "
                         "date. The hand you were typing was cleared: please enter it again.")
            else:
                said = _("The session was changed from another terminal; the table is up to "
                         "date.")
            if typed:
                self.show_cleared([*unanswered, said], typed)
            elif typing:
                self.notify(said, markup=False, timeout=15)
            else:  # (in the last hand's line: a notice took the guide's last row meanwhile)
                self.tell_last(said)

        self.reload(changed)

    def typing(self) -> bool:
        """Whether a hand (or an amendment) is being typed that starting again would clear."""
        return bool(self.entry and (self.entry.keys or self.entry.pending
                                    or self.amending is not None))

    def typed_lines(self) -> list[str]:
        """What had been typed of the hand, a line each (``draft_lines``), to show with the
        words that clear it, so that it can be typed again; none when nothing was typed."""
        if not self.typing() or self.entry is None:
            return []
        return draft_lines(self.entry.draft)

    def show_cleared(self, said: list[str], typed: list[str]) -> None:
        """Why the hand being typed was cleared, and the hand as it was typed, every line of
        it, in a dialog that stays until it is closed (a notice went after 15 s, cut after
        trick 3 at 80x24 with six long names): the person types it again from it."""
        self.app.push_screen(TypedHandDialog(
            _("The hand you were typing was not saved"),
            [*said, "", Text(_("What you had typed (enter it again):"), style="bold"), *typed]))

    def moved_on(self, what: str, error: SessionChanged) -> None:
        """A change refused because the session moved on since the screen showed it: say so,
        and show the session as it is now (nothing was written: the person decides again)."""
        typing, typed = self.typing(), self.typed_lines()

        def shown() -> None:
            self.amending = None
            self.start_entry()
            said = (_("{what}: {error}. Another terminal changed the session; the table now "
                      "shows it as it is: check it and decide again. The hand you were typing "
                      "was cleared.") if typing else
                    _("{what}: {error}. Another terminal changed the session; the table now "
                      "shows it as it is: check it and decide again."))
            said = said.format(what=what, error=error)
            if typed:
                self.show_cleared([said], typed)
            else:
                self.notify(said, severity="warning", markup=False, timeout=15 if typing else 10)

        self.reload(shown)

    # ---- drawing

    def closed(self) -> str | None:
        """Why no hand is entered here now: the session is over, or the evening goes on in the
        session that continues it (``None``: hands are entered; an amendment always is)."""
        if self.amending is not None:
            return None
        if self.session.continued_by:  # (over or not: where it goes on is the news)
            return _("The evening goes on in session {id} (the next evening): no more hands "
                     "are entered here.").format(id=self.session.continued_by)
        if self.state.finished:
            return _("The session is over: no more hands can be entered.")
        return None

    def show_top(self) -> None:
        """The heading: the game, the session, the hand (amended, over, or going on in the
        next evening; "card by card" where the guide has no row for the line that says so)
        and the digest, whole (the game's name gives way first)."""
        session, state, ruleset = self.session, self.state, self.session.ruleset
        finished = self.amending is None and state.finished
        closed = self.closed()
        planned = ruleset.planned_hands(session.config)
        top = Text.assemble((ruleset.title, "bold"),
                            "  " + pgettext("heading", "session {id}").format(id=session.id)
                            + "  ")
        if finished:
            top.append(_("FINISHED"), style="bold")
        elif closed is not None:
            top.append(_("GOES ON IN SESSION {id}").format(id=session.continued_by),
                       style="bold")
        elif self.amending is not None:
            top.append(_("AMENDING HAND {number}").format(number=self.amending),
                       style="bold reverse")
            if self.amend_with:  # hands amended before it in the same step
                top.append(" " + _("with {hands}").format(
                    hands=hands_words([n for n, _c in self.amend_with])))
        else:
            top.append((_("hand {number} of {planned}") if planned else _("hand {number}"))
                       .format(number=state.hands_played + 1, planned=planned))
            if self.mode_on_top and self.entry is not None and self.entry.by_cards:
                top.append(", " + _("card by card"), style="bold")
        top.append("  " + _("digest {digest}").format(digest=session.digest))
        header = self.query_one("#table-top", Static)
        if top.cell_len > self.text_width(header):  # the digest whole, before the game's name
            top = top[len(ruleset.title) + 2:]
        header.update(top)

    def show(self) -> None:
        session, entry = self.session, self.entry
        config, state = session.config, self.state
        ruleset = session.ruleset
        finished = self.amending is None and state.finished
        closed = self.closed()
        self.show_top()
        draft = entry.draft if entry is not None and closed is None else None
        leader = draft.leader() if draft is not None and not draft.complete else None
        # One style for every seat's score: large only where every seat's fits large.
        plain = not all(panel.large_fits(format_amount(state.scores[panel.player]))
                        for panel in self.panels)
        for panel in self.panels:
            p = panel.player
            status, out = seat_status(draft, p)
            best = None
            if p in state.leaders and state.hands_played:
                best = _("WINNER") if finished else _("BEST")
            panel.show(state.scores[p], deals=_("DEALS") if closed is None and p == state.dealer
                       else None, marks=[_("LEADS")] if p == leader else [], best=best,
                       status=status, out=out, plain=plain)

        self.show_pot(closed)

        self.show_last()
        if closed is not None:
            self.show_closed(finished)
            return
        assert entry is not None  # drawn only while a hand is being entered
        # Once the hand is under way, the steps done fold away: the step played now and the
        # next ones are in sight. Before, the hand's first line (who deals) folds away when
        # the room is short: the hand's number is at the top and DEALS on the dealer's seat.
        hand = self.query_one("#hand", HandPanel)
        asking = entry.draft.step.kind if entry.started else None
        steps = table_guide(ruleset, config, state, asking, len(entry.draft.decisions))
        if asking == "turn" and entry.draft.turned:  # another card turned (after the Weli):
            # the deal and the first card turned are done; turning the next is played now.
            steps = steps[max(ruleset.guide_step_at_decisions - 1, 0):]
        if entry.draft.complete or entry.draft.winners or entry.draft.cards:
            steps = []  # every step is played (the first trick is typed, or nobody plays)
        if self.amending is not None:  # how to go on, and how to cancel, the while
            steps = [self.amend_words(), *steps]
        prompt = entry.prompt(hand.widths()[0])
        drafted = draft_lines(entry.draft)
        card_mode = entry.draft.by_cards and not entry.draft.cards
        if card_mode:
            drafted.append(_("Card by card (ctrl+o: winners only)"))
        if asking is None:  # where even that line would cut the guide, the heading says it
            fits = self.fit_seats(hand, prompt, steps, drafted)
            self.mode_on_top = card_mode and not fits
            self.show_top()
        if card_mode and self.mode_on_top:
            drafted.pop()
        # The turned card (and trump) stays in sight as the tricks are typed card by card: it
        # decides each trick (at trick 4 it went behind the "⋮").
        hand.show(prompt, drafted, steps, foldable=asking is None and self.amending is None,
                  keep_first=bool(entry.draft.turned))

    def amend_words(self) -> str:
        """What amending a hand asks, and how to cancel it: said by the guide all the while."""
        if self.amend_with:
            return _("Amending hand {number} too (with {hands}): change what no longer fits, "
                     "then Enter; Escape cancels both.").format(
                number=self.amending, hands=hands_words([n for n, _c in self.amend_with]))
        return _("Amending hand {number}, as it was recorded: Backspace takes back what was "
                 "wrong, then type it as it really was. Escape cancels.").format(
            number=self.amending)

    def show_pot(self, closed: str | None) -> int:
        """The pot's line: the pot, and what the next hand does with it; folded where it is
        wider than the screen, between its parts ("Pot 1995   after the stakes P = 1996   each
        trick pays P/4 (not in a Muss)" in German at 80 columns), so that nothing is cut; in
        one row where the guide needs the other (``pot_short``): the parts that do not fit it
        left out from the last (the rules' reminder "each trick pays P/4"; the pot and P
        stay). The rows it takes."""
        pot = self.query_one("#pot", Static)
        state, ruleset = self.state, self.session.ruleset
        words = None if closed is not None else ruleset.pot_words(self.session.config, state)
        width = self.text_width(pot)
        if state.pot is None:
            said = _("no pot: {words}").format(words=words) if words else _("no pot")
            pot.update(Text(said))
            return self.wrapped_lines(said, width)
        parts = words.split(POT_BREAK) if words else []
        line = Text.assemble(_("Pot") + " ", (format_amount(state.pot), "bold"))

        def one_row(gap: str, kept: list[str]) -> bool:
            return line.cell_len + sum(len(gap) + cell_len(p) for p in kept) <= width

        while self.pot_short and len(parts) > 1 and not one_row(POT_BREAK[1:], parts):
            parts.pop()
        # The parts three columns apart; two where that fits one row (a row kept for the
        # guide); else folded between them.
        apart = min((gap for gap in (POT_BREAK, POT_BREAK[1:]) if one_row(gap, parts)),
                    default=POT_BREAK, key=lambda gap: -len(gap))
        row, rows = line.cell_len, 1
        for part in parts:
            folds = row + len(apart) + cell_len(part) > width
            line.append("\n" if folds else apart)
            line.append(part)
            row = (0 if folds else row + len(apart)) + cell_len(part)
            rows += folds
        pot.update(line)
        return rows

    def show_last(self) -> int:
        """The last hand's line (two rows at most, as they wrap: a line breaks between words,
        short of the edge; with many long names, the changes go by seat number; one row, by
        seat and without who dealt, where the guide needs the other: ``last_short``); the
        rows it takes. It says "Hand 3 saved" while the hand this table saved just now is the
        last. Worked out once a hand (and width), not at every key."""
        last = self.query_one("#last", Static)
        state, config = self.state, self.session.config
        shown = self.amending is None and bool(state.hands_played)
        last.display = shown
        if not shown:
            return 0
        width = self.text_width(last)
        saved = self.saved_at == self.session.digest
        said = (self.said_last[1] if self.said_last and self.said_last[0] == self.session.digest
                else "")
        drawn = (state.hands_played, width, self.session.digest, saved, self.last_short, said)
        if self.last_drawn[0] != drawn:
            hand = self.session.hand(state.hands_played)
            forms = [last_hand_line(hand, saved=saved),
                     last_hand_line(hand, config.players, saved=saved),
                     last_hand_line(hand, config.players, saved=saved, short=True),
                     last_hand_line(hand, config.players, saved=saved, short=True,
                                    kind=False)]
            if said:  # before the line, or alone where they do not fit together (for a while)
                forms = [*(f"{said} {form}" for form in forms), said]
            rows = 1 if self.last_short else 2
            line = next((form for form in forms if self.wrapped_lines(form, width) <= rows),
                        forms[-1])
            self.last_drawn = (drawn, line, self.wrapped_lines(line, width))
            last.update(Text(line))
        return self.last_drawn[2]

    def tell_last(self, words: str) -> None:
        """Say what the table just did to the hands in the last hand's line, for a while: a
        notice took the guide's last rows at the start of a hand (trial 28: "Spiel 6
        zurückgenommen"). With no hand left to show, a notice says it."""
        if not self.state.hands_played or self.amending is not None:
            self.notify(words, markup=False)
            return
        self.said_last = (self.session.digest, words)
        self.show()  # (before the first key, the seats and the line fit the guide again)

        def forget(said: tuple[str, str] | None = self.said_last) -> None:
            if self.said_last is said:
                self.said_last = None
                self.show()

        self.set_timer(10, forget)

    def fit_seats(self, hand: HandPanel, prompt: str, steps: list[str],
                  drafted: list[str]) -> bool:
        """Before a hand's first key: the seats give the guide room (the score in one row,
        ``seats-compact``) when the question and the guide would not fit under seats with
        large figures (six long names at 80x24); where even that is short, the last hand's
        line takes one row (``last_short``: by seat, without who dealt), and then the pot's
        line (``pot_short``: a five-digit pot in German). Decided once a hand, so no key
        moves the seats. Whether the guide fits then. The rows are counted from what each
        part shows, not from the layout: that may not have caught up with the last change."""
        seats = self.query_one("#seats")
        height = seats.outer_size.height
        if not height:
            return True  # before the first layout (the screen shows it again after)
        saves = COMPACT_SAVES * (2 if self.has_class("seats-two-rows") else 1)
        if self.panels[0].figure_rows() == 1:  # laid out low now: as high as large figures
            height += saves
        self.last_short = self.pot_short = False
        closed = self.closed()
        # The rows under the large seats: the screen's, less the heading, the pot's line, the
        # last hand, the key bar and the lines over the guide ("Card by card (…)").
        rows = [self.show_last(), self.show_pot(closed)]
        room = (self.size.height - height - sum(rows) - 2
                - hand.rows_of(drafted, hand.widths()[0]))
        large = hand.fits(prompt, steps, room)
        self.set_class(not large, "seats-compact")
        if large or hand.fits(prompt, steps, room + saves):
            return True
        self.last_short = rows[0] > 1
        if hand.fits(prompt, steps, room + saves + rows[0] - self.show_last()):
            return True
        self.pot_short = rows[1] > 1
        return hand.fits(prompt, steps,
                         room + saves + sum(rows) - self.show_last() - self.show_pot(closed))

    def show_closed(self, finished: bool) -> None:
        """Over, or going on in the next evening: the standings, and why no hand is typed."""
        session, state, ruleset = self.session, self.state, self.session.ruleset
        hand = self.query_one("#hand", HandPanel)
        standings = self.in_columns([f"  {p}: {format_amount(state.scores[p])}"
                                     for p in ruleset.ranked(state.scores)],
                                    self.text_width(hand))
        if finished:
            guide_lines = [*table_guide(ruleset, session.config, state), _("Final standings:"),
                           *standings, _("Digest {digest}: write it down; 'audit' checks "
                                         "the file against it.").format(digest=session.digest)]
            said = _("The session is over: no more hands can be entered. ctrl+u settle up, "
                     "ctrl+l ledger, ctrl+t standings, ctrl+x export, Escape home.")
        else:
            guide_lines = [_("Standings:"), *standings]
        if session.continued_by:  # over or not, it went on in the next evening (D21): said
            said = _("The evening goes on in session {id} (the next evening): no more "
                     "hands are entered here. ctrl+u settle up, ctrl+l ledger, ctrl+t "
                     "standings, ctrl+x export, Escape home.").format(id=session.continued_by)
        hand.show(said, [], guide_lines, compact=False)

    def text_width(self, widget: Widget) -> int:
        """The columns ``widget`` shows text in (before its first layout: the screen's, less
        the padding)."""
        return max(20, widget.content_size.width or self.app.size.width - 2)

    @staticmethod
    def in_columns(lines: list[str], width: int) -> list[str]:
        """``lines`` in as many columns as fit ``width``, read down each column (six players'
        standings in three rows at 80 columns: the guide shows them all)."""
        cell = max(cell_len(line) for line in lines) + 2
        columns = max(1, width // cell)
        rows = -(-len(lines) // columns)  # (a layout, not a score: rows to hold the lines)
        return ["".join(line + " " * (cell - cell_len(line)) for line in lines[r::rows]).rstrip()
                for r in range(rows)]

    def wrapped_lines(self, line: str, width: int) -> int:
        """The rows ``line`` takes, wrapped at ``width`` columns as the screen wraps it."""
        return len(Text(line).wrap(self.app.console, width))

    def entry_text(self) -> str:
        """The entry as shown: the hand typed so far and the question asked now."""
        hand = self.query_one("#hand", HandPanel)
        return "\n".join([*hand.drafted, hand.prompt])

    # ---- keys

    def step_help(self) -> tuple[str, list[tuple[str, str]]]:
        """The question asked now and the keys that answer it (for the help, F1)."""
        closed = self.closed()
        if self.entry is None or closed is not None:
            return closed or _("The session is over: no more hands can be entered."), []
        keys = self.entry.key_help()
        from ..keynames import key_name  # Escape in the language in use (German Esc)

        escape = key_name("escape")
        keys.append((escape, _("cancel the amendment") if self.amending is not None else
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
        return not (self.writing and action in WAIT_FOR_DISK)

    async def on_key(self, event: events.Key) -> None:
        if self.writing and event.character and event.character.isprintable():
            self.notify(_("Still writing the session file: one moment."), markup=False,
                        timeout=2)
            event.stop()
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
            self.warn_key(problem)
        self.show()

    def warn_key(self, words: str) -> None:
        """A key that answers nothing, and why: said until the next key (or a dialog)."""
        self.key_warnings.add(words)
        self.notify(words, severity="warning", timeout=8, markup=False)

    def drop_key_warnings(self) -> None:
        """The warnings about a key go once the next key is taken or the screen changes: they
        belong to the moment (one stayed up under the settlement)."""
        for words in self.key_warnings & set(self.notices.words()):
            self.notices.expire(words)
        self.key_warnings.clear()

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

    def cancel_amend(self) -> None:
        self.amending = None
        self.start_entry()
        self.tell_last(_("Amending cancelled."))

    def action_preview(self) -> None:
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

    def refused(self, what: str, error: ScorekeeperError) -> None:
        """A write that was not made: said, and the hand as typed is kept (the file may be
        damaged, moved or locked), or, when the session moved on, the table shows it anew."""
        if isinstance(error, SessionChanged):
            self.moved_on(what, error)
        else:
            self.notify(f"{what}: {error}", severity="error", markup=False, timeout=10)

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
            else:
                self.notify(str(error), severity="error", markup=False, timeout=8)

        self.on_disk(lambda: self.app.store.preview_amend_hands(session_id, amendments,
                                                                expect=based_on),
                     partial(self.show_amend, amendments, based_on), refused)

    def offer_amend_too(self, amendments: tuple[tuple[int, dict[str, Any]], ...],
                        broken: LaterHandBroken) -> None:
        """A later hand no longer fits its record once these hands are amended: say which and
        why, and offer to amend it too, in the same step (it opens as recorded, on the table as
        the amendments leave it; all are saved together, or none)."""
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
            self.start_entry()  # the guide says how to go on (``amend_words``)

        self.ask(ConfirmDialog(
            _("Hand {number} no longer fits: amend it too, in the same step?").format(
                number=broken.hand),
            [words, "", _("Yes: hand {number} opens as it was recorded, on the table as this "
                          "amendment leaves it; change what no longer fits. All the hands are "
                          "saved together when you confirm, or none.").format(number=broken.hand),
             _("No: back to hand {number} as you typed it.").format(number=self.amending)]),
            answered)

    def show_amend(self, amendments: tuple[tuple[int, dict[str, Any]], ...], based_on: str,
                   amended: Amended) -> None:
        """What the amendment would do, to confirm: each amended hand's explanation, every
        player's change hand by hand (the later hands it changes too), and the standings before
        and after; saved only if the session is still at ``based_on``."""
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
            self.tell_last(ngettext("{hands} amended; later hands settled again.",
                                    "{hands} amended; later hands settled again.",
                                    len(amended.numbers)).format(  # (the participle agrees)
                hands=hands.capitalize()))

        self.ask(PreviewDialog(_("Amend {hands}").format(hands=hands), lines, figures=figures,
                               amends=True), confirmed)

    def action_undo(self) -> None:
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

    def action_amend(self) -> None:
        n = self.session.hands_played
        if n == 0:
            self.notify(_("No hand has been recorded yet."), markup=False)
            return

        def picked(number: int | None) -> None:
            if number:
                self.amending = number
                self.amend_with, self.amend_state = (), None  # a new amendment: on its own
                self.start_entry()  # the guide says how to go on (``amend_words``)

        self.ask(PickHandDialog(n, clears=self.typing()), picked)

    def action_count(self) -> None:
        config = self.session.config
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
            lines = []
            for who, off in result.off.items():
                lines.append(_("{who}: counted {counted}, the ledger says {expected}: off by "
                               "{off}").format(who=who, counted=format_amount(result.counted[who]),
                                               expected=format_amount(result.expected[who]),
                                               off=format_amount(off, signed=True)))
            self.app.push_screen(ConfirmDialog(_("The count disagrees with the ledger"), lines + [
                _("The count is recorded; audit will show it until it is explained.")],
                notice=True))

        state = self.state  # the count is checked against the table it is made at

        def check(amounts: dict[str, Decimal]) -> list[str]:
            return count_check_lines(config, state, amounts)

        self.ask(CountDialog(config.players, self.state.pot is not None, check), counted)

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
        from .dialogs import ExportDialog

        self.app.push_screen(ExportDialog(self.session.id))

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(self.session.config.game))

    def action_home(self) -> None:
        if self.amending is not None:
            self.cancel_amend()
            return
        if self.entry and self.entry.started:
            def leave(ok: bool | None) -> None:
                if ok:
                    self.app.go_home()

            self.app.push_screen(ConfirmDialog(_("Leave the table? The hand being typed is not "
                                                 "saved.")), leave)
            return
        self.app.go_home()

    def on_screen_resume(self) -> None:
        if self._mtime() != self.mtime:
            self.check_for_changes()
