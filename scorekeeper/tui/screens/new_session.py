"""New session: game, players in clockwise order, first dealer, the game's options."""

from __future__ import annotations

import secrets

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Input, Label, OptionList, Select, Static

from ...errors import ConfigError, ScorekeeperError
from ...i18n import N_, _, current_language
from ...rules import (
    check_name,
    default_game,
    games,
    get_ruleset,
    look_alike_problem,
    make_config,
)
from ...store import OpenSession
from ..disk import on_disk
from ..keybar import KeyBar
from ..widgets import NoticeScreen, ScorekeeperAppBase, TypedInput

DRAW = "__draw__"


class NewSessionScreen(NoticeScreen[None]):
    app = getters.app(ScorekeeperAppBase)
    BINDINGS = [
        Binding("ctrl+s", "start", N_("Start session"), id="new-start"),
        Binding("escape", "app.pop_screen", N_("Cancel"), id="new-cancel"),
        Binding("ctrl+up", "move(-1)", N_("Move up"), id="new-up"),
        Binding("ctrl+down", "move(1)", N_("Move down"), id="new-down"),
        Binding("ctrl+r", "remove", N_("Remove player"), id="new-remove"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.starting = False
        self.players: list[str] = []
        # What a field held when its refusal was said: the refusal goes as the field changes
        # from it (it stayed under an emptied field, trial 30).
        self.refused_in: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="new-session"):
            yield Static(Text(_("New session"), style="bold"))
            with Horizontal(classes="field"):
                yield Label(Text(_("Game")), classes="field-label")
                yield Select([(get_ruleset(g).title, g) for g in games()],
                             value=default_game(), allow_blank=False, id="game", compact=True)
                yield Static("", id="error-game", classes="field-error")
            with Horizontal(classes="field"):
                yield Label(Text(_("Add player")), classes="field-label")
                yield TypedInput(placeholder=_("a name, then Enter"), id="player-name",
                                 max_length=64, compact=True, clear_on_submit=True)
                yield Static("", id="error-players", classes="field-error")
            yield Static(Text(_("Seating, clockwise (ctrl+up / ctrl+down move the highlighted "
                                "player, ctrl+r removes):")), classes="hint")
            yield OptionList(id="seating", compact=True)
            with Horizontal(classes="field"):
                yield Label(Text(_("First dealer")), classes="field-label")
                yield Select([(_("Draw at random"), DRAW)], value=DRAW, allow_blank=False,
                             id="dealer", compact=True)
                yield Static("", id="error-first_dealer", classes="field-error")
            with Horizontal(classes="field", id="opt-starting_chips"):
                yield Label(Text(_("Starting chips")), classes="field-label")
                yield TypedInput(value="5", id="starting_chips", type="integer", compact=True)
                yield Static(Text(_("default {value}").format(value=5)),
                             id="error-options-starting_chips", classes="field-error")
            with Horizontal(classes="field", id="opt-rounds"):
                yield Label(Text(_("Rounds")), classes="field-label")
                yield TypedInput(value="", placeholder=_("blank = open-ended"), id="rounds",
                                 type="integer", compact=True)
                yield Static(Text(_("default: open-ended")), id="error-options-rounds",
                             classes="field-error")
            with Horizontal(classes="field", id="opt-rotations"):
                yield Label(Text(_("Rotations")), classes="field-label")
                yield TypedInput(value="1", id="rotations", type="integer", compact=True)
                yield Static(Text(_("default {value}").format(value=1)),
                             id="error-options-rotations", classes="field-error")
            with Horizontal(classes="field", id="opt-deck"):
                yield Label(Text(_("Card names")), classes="field-label")
                yield Select([(_("German (Ober, Unter)"), "german"),
                              (_("French (Q, J)"), "french")],
                             value="german", allow_blank=False, id="deck", compact=True)
                yield Static(Text(_("default German")), id="error-options-deck",
                             classes="field-error")
            yield Static("", id="new-message")
        # The notices, whole, in a line of their own over the key bar (widgets.NoticeLine).
        yield self.notices
        yield KeyBar()

    def on_mount(self) -> None:
        self.app.steady(self)
        self.show_options(default_game())
        self.query_one("#player-name", Input).focus()

    def show_options(self, game: str) -> None:
        wanted = set(get_ruleset(game).options_model.model_fields) - {"insufficient_pot"}
        for key in ("starting_chips", "rounds", "rotations", "deck"):
            self.query_one(f"#opt-{key}").display = key in wanted

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game":
            self.show_options(str(event.value))
            self.say_player_count()

    def say_player_count(self) -> None:
        """Too many players for the game is said as soon as it is so (too few only at ctrl+s:
        more may be coming), and unsaid as soon as it is not."""
        ruleset = get_ruleset(str(self.query_one("#game", Select).value))
        count = len(self.players)
        problem = ruleset.player_count_problem(count) if count > ruleset.max_players else None
        self.query_one("#error-players", Static).update(Text(problem or ""))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "player-name":
            name = event.value.strip()
            if not name:
                if len(self.players) >= 3:
                    self.action_start()
                return
            try:  # said now, with the name back to mend, not only at ctrl+s
                check_name(event.value, "players")
                same = next((p for p in self.players if p.strip().casefold() == name.casefold()),
                            None)
                if same is not None:  # "zé" beside "Zé": said now, as ctrl+s would say it
                    raise ConfigError("players", _(
                        "'{name}' and '{other}' are the same name (names must differ, ignoring "
                        "case)").format(name=name, other=same.strip()))
                alike = look_alike_problem([*self.players, event.value.strip()])
                if alike is not None:  # "Anna" beside a Cyrillic "Аnna", an NFD "Zoé"
                    raise ConfigError("players", alike)
            except ConfigError as error:
                self.give_back(event.input, event.value)
                self.query_one("#error-players", Static).update(Text(error.detail))
                self.refused_in["player-name"] = event.input.value
                return
            self.players.append(event.value)  # the input emptied itself (clear_on_submit)
            self.refresh_players(highlight=len(self.players) - 1)
        else:
            self.action_start()

    def on_input_changed(self, event: Input.Changed) -> None:
        """A field's refusal goes as soon as the field holds something else than what was
        refused (emptied, mended): it is said again, if still so, at Enter or ctrl+s. The
        field's own changes as the refusal is said (emptied at Enter, the name given back)
        leave it what it was, so they keep the refusal."""
        field = event.input.id or ""
        if field not in self.refused_in or event.input.value == self.refused_in[field]:
            return
        del self.refused_in[field]
        if field == "player-name":
            self.say_player_count()  # too many players stays said while it is so
        else:
            self.query_one(f"#error-options-{field}", Static).update(Text(""))

    @staticmethod
    def give_back(field: Input, refused: str) -> None:
        """A refused name back in its field (which emptied itself as Enter was taken,
        ``clear_on_submit``) to mend, the cursor after its last letter: Backspace takes that
        letter back and typing goes on at the end. (The cursor stayed where the emptied field
        had it, before the first letter: Backspace did nothing and the next name went in front
        of the refused one, the two then refused as one.) A field already holding keys typed
        after that Enter (a next name typed quickly) keeps them: the refusal names the refused
        name, whole."""
        if field.value:
            return
        field.value = refused
        field.cursor_position = len(refused)

    def refresh_players(self, highlight: int | None = None) -> None:
        seating = self.query_one("#seating", OptionList)
        seating.clear_options()
        seating.add_options([Text(f"{i}. {p}") for i, p in enumerate(self.players, start=1)])
        if highlight is not None and self.players:
            seating.highlighted = max(0, min(highlight, len(self.players) - 1))
        dealer = self.query_one("#dealer", Select)
        current = dealer.value
        dealer.set_options([(_("Draw at random"), DRAW)]
                           + [(p.strip(), p.strip()) for p in self.players])
        dealer.value = current if current in [p.strip() for p in self.players] else DRAW
        self.say_player_count()

    def action_move(self, step: int) -> None:
        seating = self.query_one("#seating", OptionList)
        i = seating.highlighted
        if i is None or not 0 <= i + step < len(self.players):
            return
        self.players[i], self.players[i + step] = self.players[i + step], self.players[i]
        self.refresh_players(i + step)

    def action_remove(self) -> None:
        seating = self.query_one("#seating", OptionList)
        i = seating.highlighted
        if i is None or not self.players:
            return
        del self.players[i]
        self.refresh_players(i)

    def options(self, game: str) -> dict[str, int | str]:
        wanted = get_ruleset(game).options_model.model_fields
        options: dict[str, int | str] = {}
        for key in ("starting_chips", "rounds", "rotations"):
            if key in wanted:
                raw = self.query_one(f"#{key}", Input).value.strip()
                if raw:
                    options[key] = int(raw) if raw.lstrip("-").isdigit() else raw
        if "deck" in wanted:
            options["deck"] = str(self.query_one("#deck", Select).value)
        return options

    def action_start(self) -> None:
        if self.starting:  # the session is being written: one Enter, one session
            return
        for error in self.query(".field-error").results(Static):
            error.update(Text(""))
        game = str(self.query_one("#game", Select).value)
        dealer_choice = str(self.query_one("#dealer", Select).value)
        drawn = dealer_choice == DRAW
        try:
            probe = make_config(game, self.players, self.players[0] if self.players else None,
                                self.options(game), new=True)
            dealer = secrets.choice(probe.players) if drawn else dealer_choice
            config = make_config(game, self.players, dealer, self.options(game), new=True)
        except ConfigError as error:
            target = "error-" + error.field.replace(".", "-")
            found = self.query(f"#{target}")
            widget = found.first(Static) if found else self.query_one("#new-message", Static)
            widget.update(Text(error.detail if found else str(error)))
            field = error.field.removeprefix("options.")
            if found and field in ("starting_chips", "rounds", "rotations"):
                self.refused_in[field] = self.query_one(f"#{field}", Input).value
            return
        notice = (_("{dealer} was drawn at random to deal first.") if drawn
                  else _("{dealer} deals first.")).format(dealer=config.first_dealer)

        def created(session: OpenSession) -> None:
            self.app.pop_screen()
            self.app.open_session(session.id, notice=_("Session {id} started. {notice}").format(
                id=session.id, notice=notice))

        def refused(error: ScorekeeperError) -> None:  # the form stays as it was typed
            self.query_one("#new-message", Static).update(Text(_("Not started: {error}").format(
                error=error)))

        def busy(now: bool) -> None:
            self.starting = now

        store = self.app.store
        language = current_language()  # the session is played in the table's language
        on_disk(self, lambda: store.create(config, dealer_drawn=drawn, language=language),
                created, refused, busy=busy)
