"""The table screen's view: the heading, the seats, and the question and the guide of the hand
being typed (or the standings, once no hand is entered), drawn again after each key."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.widgets import Static

from ...amounts import format_amount
from ...guidewords import draft_lines, table_guide
from ...i18n import _, current_language, ngettext, pgettext
from ...presentation import hands_words, places
from ...rules import HandDraft
from ...rules.draft import recorded_play
from ..entry import KeyEntry
from ..handpanel import HandPanel
from ..keybar import KeyBar, keys_kept
from .table_lines import TableLines

# The keys the bar under the table shows first, as many as fit (F1 and ctrl+p list them all).
KEYS_FIRST = ("table-settle", "table-back", "table-undo", "table-amend", "table-count",
              "table-cards", "table-ledger", "table-standings", "table-scoreboard")
# While a hand is amended: Escape (it cancels the amendment) right after Backspace.
KEYS_AMENDING = (*KEYS_FIRST[:2], "table-home", *KEYS_FIRST[2:])
# Once no hand is entered (the evening is over, or went on): settling up first, the likeliest
# key then (not in the bar while hands are typed: at 130x40 it was left out, trial 31).
KEYS_CLOSED = ("table-settle-up", *KEYS_FIRST)


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


class TableView(TableLines):
    """What the table shows of the hand being typed, from the state ``TableLines`` keeps."""

    def start_entry(self) -> None:
        """A fresh entry for the next hand, or the hand being amended as it was recorded."""
        session = self.session
        ruleset, config = session.ruleset, session.config
        if self.amending is None:
            self.amend_with, self.amend_state, self.amend_asks = (), None, False
        if self.amending is not None:
            number = self.amending
            self.state = self.amend_state or session.state_before(number)
            record = session.records()[number - 1]
            filled = HandDraft.from_turned if self.amend_asks else HandDraft.from_record
            draft = filled(ruleset, config, self.state, record)
            # (asked again who plays: its tricks come back once that is answered)
            then = recorded_play(record) if self.amend_asks else ()
        else:
            self.state = session.state()
            draft = HandDraft(ruleset, config, self.state, by_cards=self.by_cards)
            then = ()
        self.entry = KeyEntry(draft, then)
        # Escape cancels an amendment, or leaves: the key bar says which (first while amending).
        self.query_one(KeyBar).first = KEYS_FIRST if self.amending is None else KEYS_AMENDING
        self.refresh_bindings()
        self.show()

    def show_top(self) -> None:
        """The heading: the game, the session, the hand (amended, over, or going on in the
        next evening; "card by card" where the guide has no row for the line that says so)
        and the digest, whole. Where it is too long, the hands planned give way first ("hand
        5, card by card": the game's name stays, trial 30), then a column of each gap and the
        session's word, the game's name last."""
        header = self.query_one("#table-top", Static)
        width = self.text_width(header)
        session, entry = self.session, self.entry
        drawn = (session.digest, session.continued_by, self.state, self.amending,
                 self.amend_with, self.mode_on_top, entry is not None and entry.by_cards, width,
                 current_language())
        if self.top_drawn == drawn:  # (worked out again only when one of these changed)
            return
        self.top_drawn = drawn
        # (a column a gap, then the session's id without its word: Letzter Stich's title is
        # long, and German's "GEHT WEITER IN PARTIE …" too)
        for planned, gap, word in ((True, "  ", True), (False, "  ", True), (False, " ", True),
                                   (False, " ", False)):
            top = self.heading(planned=planned, gap=gap, word=word)
            if top.cell_len <= width:
                break
        else:  # the digest whole, before the game's name
            top = self.heading(planned=True)[len(self.session.ruleset.title) + 2:]
        header.update(top)

    def heading(self, *, planned: bool, gap: str = "  ", word: bool = True) -> Text:
        """The heading whole, its parts ``gap`` apart; ``planned``: with the hands planned
        ("hand 5 of 6"); ``word``: the session's id with its word ("session b456ff75")."""
        session, state, ruleset = self.session, self.state, self.session.ruleset
        finished = self.amending is None and state.finished
        closed = self.closed()
        hands = ruleset.planned_hands(session.config) if planned else None
        named = pgettext("heading", "session {id}") if word else "{id}"
        top = Text.assemble((ruleset.title, "bold"), gap + named.format(id=session.id) + gap)
        if finished:
            top.append(_("FINISHED"), style="bold")
        elif closed is not None:
            top.append(_("GOES ON IN SESSION {id}").format(id=session.continued_by),
                       style="bold")
        elif self.amending is not None:
            top.append(_("AMENDING HAND {number}").format(number=self.amending),
                       style="bold reverse")
            if self.amend_with:  # hands amended before it in the same step
                others = [n for n, _c in self.amend_with]  # (pt "com a mão 2", "com as mãos")
                top.append(" " + ngettext("with {hands}", "with {hands}", len(others)).format(
                    hands=hands_words(others)))
        else:
            top.append((_("hand {number} of {planned}") if hands else _("hand {number}"))
                       .format(number=state.hands_played + 1, planned=hands))
            if self.mode_on_top and self.entry is not None and self.entry.by_cards:
                top.append(", " + _("card by card"), style="bold")
        top.append(gap + _("digest {digest}").format(digest=session.digest))
        return top

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
            if asking is None:  # ("Hand 3: Cleo deals.": the heading and the seat say it;
                steps = steps[1:]  # with it, six long names pushed the lead below, trial 34)
            steps = [self.amend_words(), *steps]
        prompt = entry.prompt(hand.widths()[0])
        drafted = draft_lines(entry.draft)
        card_mode = entry.draft.by_cards and not entry.draft.cards
        if card_mode:
            drafted.append(_("Card by card (ctrl+o: winners only)"))
        if asking is None:  # where even that line would cut the guide, the heading says it
            fits = self.seats_fitted(lambda: self.fit_seats(hand, prompt, steps, drafted))
            self.mode_on_top = card_mode and not fits
            self.show_top()
        elif self.resized:  # in a hand: the seats fitted again to the new size, not at a key
            self.seats_fitted(lambda: self.fit_seats(hand, prompt, steps, drafted))
        self.resized = False
        if card_mode and self.mode_on_top:
            drafted.pop()
        # The turned card (and trump) stays in sight as the tricks are typed card by card: it
        # decides each trick (at trick 4 it went behind the "⋮").
        hand.show(prompt, drafted, steps, foldable=asking is None and self.amending is None,
                  keep_first=bool(entry.draft.turned))

    def seats_fitted(self, fit: Callable[[], bool]) -> bool:
        """``fit``'s answer (``fit_seats`` or ``keep_room``); where it made the seats low or
        tall, the table is drawn again once they are laid out so: each seat's figure drawn
        large or not for the seat's new height (after a resize from 80x24 to 130x40 they kept
        the small figures over three empty rows until a key was pressed, trial 31)."""
        low = self.has_class("seats-compact")
        fits = fit()
        if self.has_class("seats-compact") != low:
            self.call_after_refresh(self.show)
        return fits

    def amend_words(self) -> str:
        """What amending a hand asks, and how to cancel it: said by the guide all the while."""
        if self.amend_with:
            others = [n for n, _c in self.amend_with]
            return ngettext("Amending hand {number} too (with {hands}): change what no longer "
                            "fits, then Enter; Escape asks before cancelling both.",
                            "Amending hand {number} too (with {hands}): change what no longer "
                            "fits, then Enter; Escape asks before cancelling them all.",
                            len(others)).format(
                number=self.amending, hands=hands_words(others))
        return _("Amending hand {number}, as it was recorded: Backspace takes back what was "
                 "wrong, then type it as it really was. Escape cancels.").format(
            number=self.amending)

    def tell_last(self, words: str) -> None:
        """Say what the table just did to the hands in the last hand's line, for a while: a
        notice took the guide's last rows at the start of a hand (trial 28: "Spiel 6
        zurückgenommen"). With no hand left to show, a notice says it. A refusal said before
        it is over: it goes (trial 32: "nothing was withdrawn" under "Hand 6 amended")."""
        self.notices.clear("error")
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

    def show_closed(self, finished: bool) -> None:
        """Over, or going on in the next evening: the standings, and why no hand is typed."""
        session, state, ruleset = self.session, self.state, self.session.ruleset
        hand = self.query_one("#hand", HandPanel)
        # Each with its place (tied players share it): the columns read down, not across.
        # (as wide as the panel is with no scroll bar: one made at a scroll bar's width took
        # a column, six rows, and kept the scroll bar, the digest under it: trial 31)
        width = hand.widths()[0]
        scores = state.scores
        standings = self.in_columns(
            [f"  {place}. {p}: {format_amount(scores[p])}"
             for place, p in places(scores, ruleset.ranked(scores))], width)
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
        bar = self.query_one(KeyBar)
        if bar.first != KEYS_CLOSED:  # (until the next entry starts: ``start_entry``)
            bar.first = KEYS_CLOSED
            bar.refresh()
        # (a key and its word never on two rows: 'Strg+u' / 'Schlussabrechnung', trial 30)
        prompt = keys_kept(said)
        # The seats kept low where the standings and the digest need the rows (reopened at
        # 80x24, the digest was under the screen's edge, trial 31), or show no large figure.
        self.seats_fitted(lambda: self.keep_room(
            lambda room: len(hand.wrap(prompt, width)) + hand.rows_of(guide_lines, width)
            <= room, low_unless_large=True))
        hand.show(prompt, [], guide_lines, compact=False)

    def entry_text(self) -> str:
        """The entry as shown: the hand typed so far and the question asked now."""
        hand = self.query_one("#hand", HandPanel)
        return "\n".join([*hand.drafted, hand.prompt])

    def warn_key(self, words: str) -> None:
        """A key that answers nothing, and why: said until the next key (or a dialog)."""
        self.key_warnings.add(words)
        self.notify(words, severity="warning", timeout=8, markup=False)

    def drop_key_warnings(self) -> None:
        """The warnings about a key, and a refusal, go once the next key is taken or the screen
        changes: they belong to the moment (one stayed up under the settlement; a refusal
        stayed through the keys of an amendment and over a dialog, the digest out of view at
        80x24: trial 33)."""
        for words in self.key_warnings & set(self.notices.words()):
            self.notices.expire(words)
        self.key_warnings.clear()
        self.notices.clear("error")
