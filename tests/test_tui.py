"""The table app driven through its keys with Pilot, checked against the store and replay."""


import pytest
from textual.widgets import DataTable, Static

from scorekeeper.export.source import standings_document
from scorekeeper.script import replay_file
from scorekeeper.tui.screens.dialog_confirm import TypedHandDialog
from scorekeeper.tui.screens.home import HomeScreen
from scorekeeper.tui.screens.new_session import NewSessionScreen
from scorekeeper.tui.screens.table import TableScreen
from scorekeeper.tui.widgets import SeatPanel

from .conftest import EXAMPLES
from .tui_helpers import amend_hand, fixed_store, hand_keys, make_app, shown_rows, words

GAME_POSITION = {"letzter-stich": 0, "letzter": 1, "kratzen": 2}


async def focus(pilot, selector: str) -> None:
    """Move the focus to a field (as Tab would), so that keys go to it."""
    pilot.app.screen.query_one(selector).focus()
    await pilot.pause()


def letzter_session(home):
    """A fixed store in ``home`` with a new Letzter session of Anna, Ben and Cleo (Anna deals)."""
    from scorekeeper.rules import make_config

    store = fixed_store(home)
    return store, store.create(make_config("letzter", ["Anna", "Ben", "Cleo"], "Anna"))


async def keys_at_once(pilot, keys) -> None:
    """``keys`` posted to the app all before any is handled (keys typed ahead), then handled."""
    from textual import events

    for key in keys:
        pilot.app.post_message(events.Key(key, key if len(key) == 1 else None))
    await pilot.pause()
    await pilot.pause()


async def start_session(pilot, game: str, players, dealer: str, options: dict) -> None:
    """From the home screen: n, the game, the players, the dealer, the options, ctrl+s."""
    await pilot.press("n")
    await pilot.pause()
    assert isinstance(pilot.app.screen, NewSessionScreen)
    await focus(pilot, "#game")
    await pilot.press("enter")           # the game's list opens on the current game (kratzen)
    for _ in range(2 - GAME_POSITION[game]):
        await pilot.press("up")
    await pilot.press("enter")
    await focus(pilot, "#player-name")
    for name in players:
        await pilot.press(*name, "enter")
    await focus(pilot, "#dealer")
    await pilot.press("enter")
    for _ in range(players.index(dealer) + 1):
        await pilot.press("down")
    await pilot.press("enter")
    for key, value in options.items():
        await focus(pilot, f"#{key}")
        await pilot.press("end", *["backspace"] * 4, *str(value))
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert isinstance(pilot.app.screen, TableScreen), "the session did not start"


async def play_hands(pilot, records) -> None:
    screen = pilot.app.screen
    for record in records:
        state = screen.state
        muss = (screen.session.ruleset.is_muss(state, record.indicator) if record.indicator
                else False)
        await pilot.press(*hand_keys(screen.session.config, state.dealer, record, muss))
        assert screen.entry.complete, (record, screen.entry.prompt())
        await pilot.press("enter")       # the settlement preview
        await pilot.pause()
        await pilot.press("enter")       # save
        await pilot.pause()


@pytest.mark.parametrize("name", ["letzter-stich", "letzter", "kratzen", "kratzen-five"])
async def test_a_whole_session_through_the_keys_equals_replay(tmp_path, name):
    expected = replay_file(EXAMPLES / f"{name}.toml")
    config = expected.config
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        assert "No sessions yet" in str(app.screen.query_one("#home-empty", Static).render())
        options = {k: v for k, v in config.options.model_dump().items()
                   if k in ("starting_chips", "rounds", "rotations") and v is not None}
        await start_session(pilot, config.game, list(config.players), config.first_dealer, options)
        await play_hands(pilot, [s.record for s in expected.settlements])
        screen = app.screen
        assert screen.state.finished
        assert "The session is over" in screen.entry_text()
        # Entry is closed once the session is over.
        await pilot.press("1")
        assert screen.entry.keys == []
        session_id = screen.session.id
    stored = fixed_store(tmp_path).open(session_id)
    got = standings_document(stored.ledger())
    want = standings_document(expected)
    assert got["players"] == want["players"] and got["pot"] == want["pot"]
    assert got["hands"] == want["hands"]
    assert fixed_store(tmp_path).audit(session_id)[1] == []


async def test_undo_amend_and_count_through_the_keys(tmp_path):
    expected = replay_file(EXAMPLES / "kratzen.toml")
    records = [s.record for s in expected.settlements]
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await start_session(pilot, "kratzen", ["Anna", "Ben", "Cleo", "Dora"], "Anna", {})
        await play_hands(pilot, records[:3])
        screen = app.screen
        # Undo hand 3 (with confirmation), then record it again.
        await pilot.press("ctrl+z")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.session.hands_played == 2
        await play_hands(pilot, records[2:3])
        assert screen.session.hands_played == 3
        # Amend hand 2: Ben takes all four tricks, then amend it back.
        await amend_hand(pilot, 2)
        assert screen.amending == 2
        assert screen.entry.complete           # the hand as it was recorded, ready to change
        await pilot.press(*["backspace"] * 4, "2", "2", "2", "2", "enter")
        await pilot.pause()
        preview = app.screen
        # (the standings under the body, in view: #preview-figures)
        text = "\n".join(str(preview.query_one(where, Static).render())
                         for where in ("#preview-body Static", "#preview-figures"))
        assert "Every hand from 2 on is settled again" in text
        # Worked by hand: hand 2 (P = 16) Ben +15, Cleo pays P = 16 instead of receiving 4; the
        # pot after hand 2 is 32, so hand 3 has P = 33 (8¼ a trick), Cleo pays 66, Anna 33.
        text = " ".join(text.split())  # the scores in columns: the spaces vary with the widest
        assert "Anna: -45 -> -61 (-16)" in text and "Ben: 14¼ -> 22¼ (+8)" in text
        assert "Cleo: -27¾ -> -75¾ (-48)" in text and "Dora: 7½ -> 15½ (+8)" in text
        assert "pot: 51 -> 99" in text
        await pilot.press("enter")
        await pilot.pause()
        assert screen.amending is None
        amended = screen.session.ledger()
        assert amended.settlements[1].deltas["Cleo"] == -16
        await amend_hand(pilot, 2)
        await pilot.press(*["backspace"] * 3, "3", "2", "2", "enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        # A chip count that disagrees: after hands 1-3 Anna is at -12 -16 -17 = -45; she
        # counts -44. The pot (51) agrees.
        await pilot.press("ctrl+k")
        await pilot.pause()
        await pilot.press(*"-44", "enter", "enter", "enter", "enter", *"51", "enter")
        await pilot.pause()
        # Enter on the last field shows who is off and asks before anything is recorded.
        asked = " ".join(str(w.render()) for w in app.screen.query(Static))
        assert "Record this count?" in asked
        assert "Anna: counted -44, ledger -45  off by +1" in asked
        assert "pot: counted 51, ledger 51  ok" in asked
        assert [e["type"] for e in fixed_store(tmp_path).open(screen.session.id).rows].count(
            "count") == 0
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        body = " ".join(str(w.render()) for w in dialog.query(Static))
        assert "Anna: counted -44, the ledger says -45: off by +1" in body
        assert "Enter / Escape: close" in body and "yes" not in body  # it asks nothing
        # The count is an event: the digest at the top of the table is the new one.
        top = str(screen.query_one("#table-top", Static).render())
        assert f"digest {screen.session.digest}" in top
        assert screen.session.digest == fixed_store(tmp_path).open(screen.session.id).digest
        await pilot.press("enter")
        await pilot.pause()
        await play_hands(pilot, records[3:])
        session_id = screen.session.id
    store = fixed_store(tmp_path)
    session = store.open(session_id)
    assert standings_document(session.ledger()) == standings_document(expected)
    kinds = [e["type"] for e in session.rows]
    assert kinds.count("withdraw") == 1 and kinds.count("amend") == 2 and kinds.count("count") == 1
    findings = store.audit(session_id)[1]
    assert [f.kind for f in findings] == ["count"]


async def test_a_damaged_file_is_listed_and_never_crashes_the_app(tmp_path):
    _store, session = letzter_session(tmp_path)
    session.path.write_text("{ not json")
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        table = app.screen.query_one("#sessions", DataTable)
        assert table.row_count == 1
        assert "DAMAGED" in str(table.get_row_at(0)[1])
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    assert session.path.read_text() == "{ not json"


async def test_names_are_shown_literally(tmp_path):
    store = fixed_store(tmp_path)
    from scorekeeper.rules import make_config
    names = ["[bold]x", "[@click=app.quit]y[/]", "Zoë"]
    session = store.create(make_config("letzter", names, names[0]))
    app = make_app(tmp_path, session.id)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        rendered = " ".join(seat.render().plain for seat in screen.query(SeatPanel))
        assert "[bold]x" in rendered and "[@click=app.quit]y[/]" in rendered
        await pilot.press("2", "2", "2", "2", "2", "2", "2", "1", "enter")
        await pilot.pause()
        assert "[@click=app.quit]y[/]" in " ".join(  # in the figures, under the explanation
            str(w.render()) for w in app.screen.query("#preview Static"))
        await pilot.press("enter")
        await pilot.pause()
        assert app.is_running
    assert store.open(session.id).hands_played == 1


async def test_a_hand_recorded_elsewhere_appears(tmp_path):
    from scorekeeper.rules import HandRecord

    store, session = letzter_session(tmp_path)
    app = make_app(tmp_path, session.id)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("1", "2")                         # typing a hand here...
        store.record(session.id, HandRecord(tricks=("Anna",) * 7 + ("Ben",)))  # ...one arrives
        screen.check_for_changes()
        await pilot.pause()
        assert screen.session.hands_played == 1 and screen.entry.keys == []
        assert screen.state.scores["Ben"] == 1
        # What was typed is shown with the words that clear it, to type it again, in a
        # dialog that stays until Escape (a notice went after 15 s, cut at 80x24).
        dialog = app.screen
        assert isinstance(dialog, TypedHandDialog)
        said = " ".join(str(line) for line in dialog.detail)
        assert "What you had typed (enter it again):" in said, said
        assert "Tricks: 1 Anna, 2 Ben" in said


async def test_a_hand_entered_card_by_card_settles_like_its_winners(tmp_path):
    from scorekeeper.rules import make_config

    store = fixed_store(tmp_path)
    session = store.create(make_config("letzter-stich", ["Anna", "Ben", "Cleo", "Dora"], "Anna"))
    app = make_app(tmp_path, session.id)
    cards = "7c8cac9c ad7d8d9d ah7h8h9h as7s8s9s kc10cjcqc kdtdjdqd khthjhqh kstsjsqs"
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("ctrl+o")
        assert screen.entry.by_cards
        keys = [k for k in cards if k != " "]
        await pilot.press(*keys[:8])
        text = screen.entry_text()
        assert "Trick 1: Ben 7♣, Cleo 8♣, Dora A♣, Anna 9♣  -> Dora" in text
        await pilot.press(*keys[8:])
        assert screen.entry.complete
        # Every trick is kept, in full; the entry scrolls to its end, where the last trick and
        # the question are, in sight.
        text = screen.entry_text()
        assert "Trick 3: Dora A♥, Anna 7♥, Ben 8♥, Cleo 9♥  -> Dora" in text
        await pilot.pause()
        rows = shown_rows(app)
        assert any("Trick 8: Dora K♠, Anna 10♠, Ben J♠, Cleo Q♠  -> Dora" in r for r in rows)
        assert any("The hand is complete." in r for r in rows)
        await pilot.press("a", "c")                      # one card too many: refused
        await pilot.press("enter")
        await pilot.pause()
        assert "a sweep" in str(app.screen.query_one("#preview-body Static", Static).render())
        await pilot.press("enter")
        await pilot.pause()
    stored = fixed_store(tmp_path).open(session.id)
    hand = stored.stored[1]
    assert hand["kind"] == "sweep" and hand["record"]["tricks"] == ["Dora"] * 8
    assert hand["record"]["cards"][0] == ["7C", "8C", "AC", "9C"]


async def test_the_referee_screen_judges_as_cards_are_typed(tmp_path):
    from scorekeeper.rules import make_config

    store = fixed_store(tmp_path)
    session = store.create(make_config("kratzen", ["Anna", "Ben", "Cleo", "Dora"], "Anna"))
    app = make_app(tmp_path, session.id)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("k", "a")                      # the indicator: acorns are trump
        await pilot.press("ctrl+f")
        await pilot.pause()
        await pilot.press(*"KC 6D 8C")
        verdict = app.screen.query_one("#referee-verdict", Static)
        assert "Winning so far: Weli (card 2 of 3)" in str(verdict.render())
        app.screen.query_one("#referee-hand").focus()
        await pilot.press(*"AC QC 7H")
        text = str(verdict.render())
        assert "May play: A♣" in text and "must beat the current winner: A♣ beats the Weli" in text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.entry.draft.turned  # the hand being typed is still there


async def test_too_many_players_for_the_game_is_said_at_once_and_unsaid_when_mended(tmp_path):
    """A fifth player for Letzter Stich (3 to 4) is said as the name is added, not only at
    ctrl+s; removing one, or choosing Kratzen (3 to 6), takes the words away."""
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await focus(pilot, "#game")
        await pilot.press("enter", "up", "up", "enter")   # Letzter Stich
        await focus(pilot, "#player-name")
        said = app.screen.query_one("#error-players", Static)
        for name in ("Anna", "Ben", "Cleo", "Dora"):
            await pilot.press(*name, "enter")
        assert str(said.render()) == ""
        await pilot.press(*"Eve", "enter")
        assert str(said.render()) == "Letzter Stich is for 3 to 4 players, not 5"
        await pilot.press("ctrl+r")                       # Eve, highlighted, goes
        await pilot.pause()
        assert app.screen.players == ["Anna", "Ben", "Cleo", "Dora"]
        assert str(said.render()) == ""
        await pilot.press(*"Eve", "enter")
        await focus(pilot, "#game")
        await pilot.press("enter", "down", "down", "enter")  # Kratzen: five may play
        await pilot.pause()
        assert str(said.render()) == ""


async def test_seating_can_be_reordered_and_a_player_removed(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        for name in ("Anna", "Ben", "Dora", "Cleo"):
            await pilot.press(*name, "enter")
        await pilot.press("ctrl+up")                  # Cleo sits before Dora
        assert app.screen.players == ["Anna", "Ben", "Cleo", "Dora"]
        await pilot.press(*"Eve", "enter", "ctrl+r")  # Eve was added by mistake
        assert app.screen.players == ["Anna", "Ben", "Cleo", "Dora"]
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen.session.config.players == ("Anna", "Ben", "Cleo", "Dora")
        assert app.screen.session.header["dealer_drawn"] is True


async def test_the_home_key_bar_lists_the_keys_and_a_click_presses_one(tmp_path):
    from scorekeeper.tui.keybar import KeyBar

    letzter_session(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        line = str(bar.render())
        for words in ("n New session", "e Example", "a Audit", "q Quit", "f1 Help", "^p"):
            assert words in line
        start = next(start for start, _, key in bar.spans if key == "n")
        await pilot.click(KeyBar, offset=(start + 1, 0))
        await pilot.pause()
        assert isinstance(app.screen, NewSessionScreen)


async def test_an_empty_home_offers_only_what_needs_no_session(tmp_path):
    """With no session listed, the keys that act on one (Enter to open, export, audit ...) are
    not offered, and the bar has room for the rest; the first session brings them."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = shown_rows(app)[-1]
        assert "New session" in bar and "Example" in bar and "Quit" in bar, bar
        assert "Open" not in bar and "Export" not in bar and "Audit" not in bar, bar
        await pilot.press("x")                       # not offered: nothing happens
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        letzter_session(tmp_path)
        app.screen.refresh_sessions()
        await pilot.pause()
        await pilot.pause()
        bar = shown_rows(app)[-1]
        assert "Export" in bar and "Audit" in bar, bar


async def test_started_at_a_table_it_opens_the_table_first_and_escape_goes_home(tmp_path):
    """``scorekeeper tui SESSION``: the table is the first screen, its session read before it
    was made; the home screen is made only when the table is left (in its place, and lists
    the session)."""
    _store, session = letzter_session(tmp_path)
    app = make_app(tmp_path, session.id)
    async with app.run_test(size=(100, 30)) as pilot:
        assert [type(s) for s in app.screen_stack] == [TableScreen]
        assert app.screen.session.id == session.id
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert [type(s) for s in app.screen_stack] == [HomeScreen]
        assert "00000001" in "\n".join(shown_rows(app))
        await pilot.press("enter")  # the table again, from the home screen
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert [type(s) for s in app.screen_stack] == [HomeScreen]


async def test_started_at_a_session_that_cannot_open_it_says_so_at_home(tmp_path):
    fixed_store(tmp_path)
    app = make_app(tmp_path, "nosuch")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert any("no session 'nosuch'" in said for said in app.said)
        # said on the screen too, not only sent: the home screen's notice line, drawn once it
        # is mounted (it was said before; trial 36)
        assert "Cannot open: no session 'nosuch'" in words(" ".join(shown_rows(app)))


async def test_names_typed_ahead_are_taken_in_the_order_typed(tmp_path):
    """Keys that arrive together (a quick typist, a slow moment of the machine): every key
    goes in as typed, Enter and Backspace included (Textual ran an Input's bound keys after
    the keys behind them: "Anna", Enter, "Ben", Enter added "AnnaBen" twice)."""
    from textual.widgets import Input

    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewSessionScreen)
        await focus(pilot, "#player-name")
        await keys_at_once(pilot, [*"Anna", "enter", *"Ben", "enter", *"Clx", "backspace",
                                   *"eo", "enter"])
        assert app.screen.players == ["Anna", "Ben", "Cleo"]
        assert app.screen.query_one("#player-name", Input).value == ""


async def test_a_correction_typed_quickly_at_the_table_takes_back_the_key_before_it(tmp_path):
    """Trick winners 1, 2, then Backspace and 3, arriving together: Backspace takes back the
    2 typed before it, not the 3 typed after it."""
    _store, session = letzter_session(tmp_path)
    app = make_app(tmp_path, session.id)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await keys_at_once(pilot, ["1", "2", "backspace", "3"])
        assert screen.entry.keys == ["1", "3"]


async def test_a_name_too_long_is_said_when_it_is_added_and_given_back_to_mend(tmp_path):
    from textual.widgets import Input

    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await focus(pilot, "#player-name")
        await pilot.press(*"Bartholomäus Kleinschmidt", "enter")  # 25 characters
        await pilot.pause()
        assert app.screen.players == []
        said = str(app.screen.query_one("#error-players", Static).render())
        assert "longer than 24 characters" in said
        field = app.screen.query_one("#player-name", Input)
        assert field.value == "Bartholomäus Kleinschmidt"
        await pilot.press("end", "backspace", "enter")
        await pilot.pause()
        assert app.screen.players == ["Bartholomäus Kleinschmid"] and field.value == ""


async def test_a_name_that_looks_like_another_is_said_when_it_is_added(tmp_path):
    """A Cyrillic "Аnna" beside "Anna" reads as one name at the table: refused as it is added,
    and given back to mend (new at the command line refuses it too)."""
    from textual.widgets import Input

    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await focus(pilot, "#player-name")
        await pilot.press(*"Anna", "enter")
        await pilot.pause()
        app.screen.query_one("#player-name", Input).value = "\u0410nna"  # Cyrillic А
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.players == ["Anna"]
        said = str(app.screen.query_one("#error-players", Static).render())
        assert "look the same" in said
        assert app.screen.query_one("#player-name", Input).value == "\u0410nna"


@pytest.mark.parametrize("second", ["ctrl+q", "enter"])
async def test_ctrl_q_asks_before_a_hand_being_typed_is_lost(tmp_path, second):
    """Ctrl+Q with a hand half typed asks first, as Escape does before leaving the table
    (trial 36: it quit unasked): Escape goes back to the hand as typed; Enter, or Ctrl+Q again,
    quits. With nothing typed it quits at once."""
    from scorekeeper.tui.screens.dialog_confirm import QuitQuestion

    _store, session = letzter_session(tmp_path)
    app = make_app(tmp_path, session.id)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.screen
        await pilot.press("2")
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitQuestion) and app.is_running
        assert "The hand being typed is not saved" in words(" ".join(shown_rows(app)))
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table and table.entry.keys == ["2"]
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitQuestion)
        await pilot.press(second)
        await pilot.pause()
        assert not app.is_running


async def test_ctrl_q_with_nothing_typed_quits_at_once(tmp_path):
    _store, session = letzter_session(tmp_path)
    app = make_app(tmp_path, session.id)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running
