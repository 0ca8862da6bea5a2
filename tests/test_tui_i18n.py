"""The table app in German, Portuguese and Spanish (issue 16): every word on its screens, the
keys' descriptions following the language of the moment, the language chosen at home and kept
in the home folder, and a session that remembers the language it was played in."""

from __future__ import annotations

import json

import pytest
from textual.widgets import Static

from scorekeeper.i18n import current_language, use_language
from scorekeeper.script import replay_file
from scorekeeper.settings import language_setting
from scorekeeper.store import Store
from scorekeeper.tui.screens.dialog_choose import LanguageDialog
from scorekeeper.tui.screens.dialog_help import HelpScreen
from scorekeeper.tui.screens.home import HomeScreen
from scorekeeper.tui.screens.table import TableScreen
from scorekeeper.tui.widgets import SeatPanel

from .conftest import EXAMPLES
from .tui_helpers import fixed_store, make_app, screen_rows


def saved(tmp_path, name: str, hands: int | None = None, language: str | None = None) -> str:
    ledger = replay_file(EXAMPLES / f"{name}.toml")
    records = [s.record for s in ledger.settlements][:hands]
    return fixed_store(tmp_path).create(ledger.config, records, language=language).id


def shown(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def descriptions(screen) -> set[str]:
    return {active.binding.description for active in screen.active_bindings.values()}


async def test_the_table_speaks_german_with_the_german_pack(tmp_path):
    # docs/rules.md's worked session, two hands in: hand 3, Cleo deals, the pot holds 16.
    session = saved(tmp_path, "kratzen", 2)
    app = make_app(tmp_path, session, language="de")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert "Partie 00000001" in shown(screen, "#table-top")
        assert "Spiel 3 von 4" in shown(screen, "#table-top")
        assert shown(screen, "#pot").startswith("Pott 16")
        marks = [seat.marks for seat in screen.query(SeatPanel)]
        assert marks == ["", "", "SPIELT AUS", ""]  # Cleo leads
        seats = list(screen.query(SeatPanel))
        assert [str(s.border_title or "") for s in seats] == ["", "", "GIBT", ""]  # Cleo deals
        assert [str(s.border_subtitle or "") for s in seats] == ["", "FÜHRT", "", ""]  # Ben best
        assert screen.entry_text().strip() == (
            "Die aufgeschlagene Karte eingeben: Rang a k o u t 9 8 7 (o = Ober, u = Unter, "
            "t = 10), dann Farbe e♣ s♦ h♥ l♠; w = Weli")  # Eichel Schellen Herz Laub
        await pilot.press("o", "e")  # the Ober of acorns (the queen of clubs) turned up
        entry = screen.entry_text()
        assert "O♣" in entry and "Trumpf ♣ (Eichel)" in entry
        assert "Q♣" not in entry and "trump" not in entry
        assert {"Abrechnen", "Taste zurück", "Korrigieren", "Kassensturz", "Start"} <= \
            descriptions(screen)


async def test_the_keys_follow_the_language_of_the_moment(tmp_path):
    """A key's description is English in the code (marked for translation) and said in the
    language in use whenever a footer, the help or the palette shows it."""
    session = saved(tmp_path, "letzter-stich", 1)
    app = make_app(tmp_path, session, language="es")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert {"Liquidar", "Deshacer", "Retirar", "Reglas", "Marcador"} <= descriptions(screen)
        commands = {c.title for c in app.get_system_commands(screen)}
        assert {"Liquidar la mano", "Tema", "Salir"} <= commands  # Textual's own commands too
        use_language("pt")
        screen.refresh_bindings()
        await pilot.pause()
        assert {"Liquidar", "Desfazer", "Anular", "Regras", "Marcador"} <= descriptions(screen)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        helped = "\n".join(screen_rows(app.export_screenshot()))
        assert "Teclas neste ecrã" in helped and "Liquidar a mão" in helped
        assert "Settle" not in helped


async def test_the_language_chosen_at_home_is_kept_and_spoken(tmp_path):
    saved(tmp_path, "kratzen")
    app = make_app(tmp_path, language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "the sessions in this home" in shown(app.screen, "#home-title")
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LanguageDialog)
        await pilot.press("down", "enter")  # from English, the next: Deutsch
        await pilot.pause()
        await pilot.pause()
        assert language_setting(tmp_path) == "de" and current_language() == "de"
        assert isinstance(app.screen, HomeScreen)
        assert "die Partien in diesem Ordner" in shown(app.screen, "#home-title")
        assert "Der Tisch spricht jetzt Deutsch" in app.said[-1]
        assert "Neue Partie" in descriptions(app.screen)
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("end", "enter")  # the system's language: the setting is forgotten
        await pilot.pause()
        await pilot.pause()
    assert language_setting(tmp_path) is None
    assert json.loads((tmp_path / "settings.json").read_text("utf-8")) == {}
    assert current_language() == "en"  # the tests' locale is C


async def test_a_session_started_at_the_table_keeps_its_language(tmp_path):
    from .test_tui import start_session

    app = make_app(tmp_path, language="pt")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await start_session(pilot, "letzter", ["Ana", "Bruno", "Carla"], "Ana", {})
        session = app.screen.session
    assert session.language == "pt"
    stored = json.loads(session.path.read_text("utf-8"))
    assert stored["session"]["1"]["language"] == "pt"
    assert stored["events"]["1"]["language"] == "pt"


def test_export_speaks_the_session_s_language_unless_told(run, tmp_path):
    home = tmp_path / "home"
    german = saved(home, "kratzen", language="de")
    old = saved(home, "kratzen")  # a file from before sessions kept their language
    assert Store(home).open(german).language == "de" and Store(home).open(old).language is None
    assert "Gespielte Spiele: 4; beendet." in run("export", german, "--format", "md").out
    assert "Hands played: 4; finished." in run("--lang", "en", "export", german,
                                               "--format", "md").out
    assert "Manos jugadas: 4; terminada." in run("--lang", "es", "export", german,
                                                 "--format", "md").out
    assert "Hands played: 4; finished." in run("export", old, "--format", "md").out
    assert '<html lang="de">' in run("export", german, "--format", "html").out
    assert "Partie" in run("share", german).out.splitlines()[0]
    assert "partida" in run("--lang", "es", "share", german).out.splitlines()[0]
    # What is for programs is the same whatever the session's language.
    assert run("export", german, "--format", "csv").out == run("export", old, "--format",
                                                               "csv").out.replace(old, german)


def test_new_and_replay_keep_the_language_of_the_command(run, monkeypatch, tmp_path):
    home = tmp_path / "home"
    monkeypatch.setenv("LANG", "de_AT.UTF-8")
    made = json.loads(run("new", "--game", "letzter", "--players", "Anna,Ben,Cleo",
                          "--dealer", "Anna", "--json").out)  # JSON speaks English...
    assert Store(home).open(made["id"]).language == "de"  # ...the session was played in German
    replayed = run("--lang", "pt", "replay", str(EXAMPLES / "letzter.toml"), "--save").out
    assert Store(home).open(replayed.split()[-1]).language == "pt"


async def test_cards_typed_at_the_table_take_the_letters_of_the_language(tmp_path):
    """Card by card (ctrl+o), a rank key may be the letter of the language in use, as on the
    command line (Card.parse_typed): German d for Dame (the queen) and b for Bube (the jack);
    Spanish r for rey (the king). The suit keys are the language's too (German Kreuz r, Karo
    a; Portuguese paus p, corações c, espadas e; Spanish tréboles t, corazones c), so a rank
    letter comes first and a suit letter second (German d: the Dame, then Karo a)."""
    from scorekeeper.cards import Card
    from scorekeeper.rules import make_config

    store = fixed_store(tmp_path)
    config = make_config("letzter-stich", ["Anna", "Ben", "Cleo", "Dora"], "Anna")
    for language, keys, cards in (("de", "drbhda", ["QC", "JH", "QD"]),
                                  ("es", "rtdc", ["KC", "QH"]),
                                  ("pt", "rpdcve", ["KC", "QH", "JS"])):
        session = store.create(config).id
        app = make_app(tmp_path, session, language=language)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            await pilot.press("ctrl+o")
            assert screen.entry.by_cards
            app.said.clear()
            await pilot.press(*keys)
            assert screen.entry.draft.cards == (tuple(Card.parse(c) for c in cards),)
            assert not app.said  # nothing refused


async def test_with_a_german_pack_the_letters_of_french_ranks_are_not_read(tmp_path):
    """A German pack has no Dame and no Bube: a German d there would be taken for the Daus
    (and was read as the Ober). It is refused with the pack's own letters; o and u work."""
    from scorekeeper.cards import Card
    from scorekeeper.rules import make_config

    store = fixed_store(tmp_path)
    config = make_config("kratzen", ["Anna", "Ben", "Cleo", "Dora"], "Anna",
                         {"deck": "german"})
    session = store.create(config).id
    app = make_app(tmp_path, session, language="de")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        app.said.clear()
        await pilot.press("d")
        assert screen.entry.pending is None
        # (a line of its own: begun with a capital, trial 33)
        assert app.said == ["Einen Rang tippen (a k o u t 9 8 7) oder w für Weli"]
        await pilot.press("b")
        assert screen.entry.pending is None
        await pilot.press("o", "h")
        assert screen.entry.draft.turned == (Card.parse("QH"),)  # the Ober of hearts


async def test_the_referee_screen_takes_the_letters_of_the_language(tmp_path):
    session = saved(tmp_path, "letzter-stich", 1)
    app = make_app(tmp_path, session, language="de")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+f")
        await pilot.pause()
        await pilot.press(*"BH DH")                    # Bube, then Dame of hearts
        verdict = str(app.screen.query_one("#referee-verdict", Static).render())
        assert "Q♥ (Karte 2 von 2)" in verdict, verdict


def test_the_table_app_s_audit_speaks_the_language(tmp_path):
    """The audit's verdict as the ledger screen and the audit dialog show it."""
    from scorekeeper.i18n import speaking
    from scorekeeper.tui.screens.dialog_audit import audit_lines

    session = saved(tmp_path, "kratzen")
    store = fixed_store(tmp_path)
    path = store.open(session).path
    data = json.loads(path.read_text("utf-8"))
    data["hands"]["2"]["pot_after"] = "99"
    path.write_text(json.dumps(data), "utf-8")
    with speaking("es"):
        lines = audit_lines(store, session)
    assert lines[0] == "3 hallazgos:"
    assert ("- mano 2: sus cifras guardadas no son las que selló el historial (cambiadas "
            "después de escribirse)") in lines
    assert ("- mano 2: saldos más bote suman 83, no 0") in lines


@pytest.mark.parametrize("language", ["en", "de", "pt", "es"])
def test_the_rank_keys_a_french_pack_s_hint_names_are_read_in_that_language(language):
    """The hint names the letters of the language in use (German d Dame, b Bube): each must be
    read as the rank it stands for, in the order ace, king, queen, jack, 10, 9, 8, 7."""
    from scorekeeper.cards import Rank
    from scorekeeper.i18n import speaking
    from scorekeeper.tui.entry import rank_hint_keys, rank_of, typed_rank

    with speaking(language):
        keys = rank_hint_keys("french").split()
        ranks = [rank_of(typed_rank(key)) for key in keys]
    assert ranks == [Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE,
                     Rank.EIGHT, Rank.SEVEN]
    assert (keys[2:4] == ["d", "b"]) is (language == "de")


@pytest.mark.parametrize("language, yes, words", [
    ("de", "j", "Enter / j: ja    Esc / n: nein"),
    ("pt", "s", "Enter / s: sim    Esc / n: não"),
    ("es", "s", "Enter / s: sí    Esc / n: no"),
    ("en", "y", "Enter / y: yes    Escape / n: no")])
async def test_a_question_is_answered_yes_with_the_language_s_own_letter(tmp_path, language,
                                                                        yes, words):
    from scorekeeper.tui.screens.dialog_confirm import ConfirmDialog

    answers = []
    app = make_app(tmp_path, language=language)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(ConfirmDialog("?"), answers.append)
        await pilot.pause()
        assert words in " ".join(str(w.render()) for w in app.screen.query(Static))
        await pilot.press(yes)
        await pilot.pause()
        app.push_screen(ConfirmDialog("?"), answers.append)
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
    assert answers == [True, False]
