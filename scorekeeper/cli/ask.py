"""``record --ask``: the hand asked for step by step at the terminal, the steps of the table
app's draft, each card read as the table reads it in the language in use: its rank keys and
its suit keys (``cards.suit_keys``: in Portuguese with a German pack ``kb`` is the King of
acorns ♣ and ``kc`` of hearts ♥; in German ``ks`` is the Schellen-König ♦), the signs
♣ ♦ ♥ ♠ too, and the prompt names them as the table does (issue 26).

The options ``--indicator`` and ``--cards`` are the scripts' contract and keep the letters
C D H S in every language (``hands.typed_card``); ``option_letters_words`` says in the help
of ``record`` and ``amend`` which letters read otherwise there than at the table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from ..errors import CardError, ScorekeeperError
from ..i18n import DEFAULT_LANGUAGE, _, current_language, play_key_names, play_keys
from .output import fail, say

if TYPE_CHECKING:
    from ..cards import Card, Deck, Suit
    from ..rules import HandDraft, HandRecord
    from ..store import OpenSession


def table_suits(deck: Deck) -> dict[str, Suit]:
    """The suit keys a card asked for may end in: the table's in the language in use and the
    pack (``cards.suit_keys``) and the signs ♣ ♦ ♥ ♠; in English the contract's letters
    ``c d h s`` too, which are English words and mean no other suit there (a German pack's
    keys in English are ``a b h l``: ``kc`` is still the King of acorns, as before)."""
    from ..cards import Suit, suit_keys

    keys = {suit.symbol: suit for suit in Suit}
    if current_language() == DEFAULT_LANGUAGE:
        keys |= {suit.value.lower(): suit for suit in Suit}
    return keys | suit_keys(deck)


def suit_signs(deck: Deck) -> str:
    """The suit keys with their signs, as the table's question names them: ``b♣ s♦ c♥ f♠``
    (Portuguese, German pack)."""
    from ..cards import suit_keys

    return " ".join(f"{key}{suit.symbol}" for key, suit in suit_keys(deck).items())


def table_card(text: str, deck: Deck) -> Card:
    """The card ``text`` names, read as the table reads its keys in the language in use: a
    rank key (``tui.entry.typed_rank``: ``a k q o j u t 9 8 7``, ``1`` or ``10`` for the 10,
    the language's own letters with a French pack), then a suit key or sign
    (``table_suits``); ``w`` or ``Weli`` the Weli (``6`` with the diamonds' key or sign as
    well). Anything else: a ``CardError`` of one line naming the keys."""
    from ..cards import Card, Suit
    from ..tui.entry import SPECIAL_KEY, rank_hint_keys, suits_hint, typed_rank

    key = text.strip().lower()
    special = Card.parse(SPECIAL_KEY)  # its one key, or its name as printed (``symbol``)
    if key in (SPECIAL_KEY, special.symbol().lower()):
        return special
    rank_key, suit_key = key[:-1], key[-1:]
    rank = rank_key if rank_key in ("10", "6") else typed_rank(rank_key, deck)
    if rank is None:
        raise CardError(_("'{text}' is no card here: its rank ({keys}), then its suit "
                          "({suits})").format(text=text.strip(), keys=rank_hint_keys(deck),
                                              suits=suit_signs(deck)))
    suit = table_suits(deck).get(suit_key)
    if suit is None:  # said why: another language's letter (the English s is Schellen here)
        raise CardError(_("{key} is no suit here: {suits}").format(key=suit_key,
                                                                   suits=suits_hint(deck)))
    if rank == "6" and suit is not Suit.DIAMONDS:  # no six but the Weli
        raise CardError(_("'{text}' is no card here: its rank ({keys}), then its suit "
                          "({suits})").format(text=text.strip(), keys=rank_hint_keys(deck),
                                              suits=suit_signs(deck)))
    return Card.parse(rank + suit.value)


def card_prompt(draft: HandDraft) -> str:
    """The question for a card with the keys that answer it, in the table's words: the rank
    keys, the suit keys with their signs, ``w`` where the Weli may be given."""
    from ..guidewords import step_prompt
    from ..tui.entry import SPECIAL_KEY, KeyEntry

    entry = KeyEntry(draft)
    special = entry.special_card()
    words = (_("{asked}: {ranks}, then suit {suits}; {special}") if special is not None else
             _("{asked}: {ranks}, then suit {suits}"))
    return words.format(asked=step_prompt(draft), ranks=entry.ranks_hint(),
                        suits=entry.suit_signs(),
                        special=_("{key} = {card}").format(key=SPECIAL_KEY,
                                                           card=special.symbol())
                        if special is not None else "")


def ask_hand(opened: OpenSession) -> HandRecord:
    """Walk through the hand's draft at the terminal: each step asked in words, each answer
    checked by the rules before the next is asked (the table app asks the same steps, and a
    card is typed with the same keys: ``table_card``)."""
    from ..guidewords import draft_lines, step_prompt
    from ..rules import HandDraft

    state = opened.state()
    if state.finished:
        fail(_("the session finished after hand {number}; no more hands can be recorded")
             .format(number=state.hands_played))
    config = opened.config
    draft = HandDraft(opened.ruleset, config, state)
    deck = opened.ruleset.deck(config)
    say(_("hand {number}: {dealer} deals").format(number=state.hands_played + 1,
                                                  dealer=state.dealer))
    while not draft.complete:
        kind = draft.step.kind
        play, drop = play_key_names()  # the letters of the language in use
        if kind in ("turn", "card"):
            asked = card_prompt(draft)
        else:
            asked = step_prompt(draft) + {
                "winner": _(" (seat number or name)"),
                "decide": _(" ({play} plays, {drop} drops)").format(play=play, drop=drop),
            }.get(kind, "")
        text = click.prompt(asked).strip()
        try:
            if kind in ("turn", "card"):
                answer: Any = table_card(text, deck)
            elif kind == "decide":
                if text.lower() not in play_keys():
                    raise ScorekeeperError(_("type {play} (plays) or {drop} (drops)").format(
                        play=play, drop=drop))
                answer = play_keys()[text.lower()]
            elif text.isdigit() and 1 <= int(text) <= len(config.players):
                answer = config.players[int(text) - 1]
            else:
                no_seat = seat_refusal(text, config.players)  # '9' is a seat, not a name
                if no_seat and text not in config.players:
                    raise ScorekeeperError(no_seat)
                answer = config.resolve(text, "tricks")
        except ScorekeeperError as error:
            say(f"  {error}")
            continue
        problem = draft.give(answer)
        if problem:
            say(f"  {problem}")
    for line in draft_lines(draft):
        say(f"  {line}")
    return draft.record()


def seat_refusal(given: str, players: tuple[str, ...]) -> str | None:
    """``there is no seat 9 (seats 1 to 4)`` when ``given``, which names no player
    (``players_meant``), is a whole number: a seat number beyond the seats (``0``, ``9``,
    ``-1``) said as one, not as a player's name nobody has (trial 34: "'9' is not playing in
    this session"). ``None`` for anything else."""
    text = given.strip()
    if not (text.isascii() and text.removeprefix("-").isdigit()):
        return None
    return _("there is no seat {number} (seats 1 to {last})").format(number=int(text),
                                                                     last=len(players))


def option_letters_words() -> str:
    """For the help of ``record`` and ``amend``: the letters that the options of cards (the
    record fields of cards, ``--cards`` and a game's: C D H S in every language, the
    contract) read as another suit than the table and ``--ask`` do in the language in use,
    each with both readings (German ``s``: Schellen ♦ at the table, Laub ♠ in an option).
    Empty where none differs (English)."""
    from ..cards import Suit, suit_keys
    from ..rules.record import RECORD_SHAPES

    options = ", ".join(f"--{name.replace('_', '-')}" for name, shape in RECORD_SHAPES.items()
                        if shape in ("cards", "tricks"))  # the fields of cards
    packs: dict[Deck, str] = {"german": _("German pack (deck=german):"),
                              "french": _("French pack (deck=french):")}
    lines: list[str] = []
    for deck, pack in packs.items():  # each letter under its pack: pt's c is ♥ in both
        clashes = []
        for key, suit in suit_keys(deck).items():
            other = next((s for s in Suit if s.value == key.upper()), None)
            if other is None or other is suit:
                continue
            clashes.append("  " + _("{key}: {suit} at the table and with --ask, {other} in "
                                    "{options}").format(
                key=key, suit=f"{suit.symbol} {suit.name_in(deck)}",
                other=f"{other.symbol} {other.name_in(deck)}", options=options))
        if clashes:
            lines += [pack, *clashes]
    if not lines:
        return ""
    return _("Cards in {options} are written as scripts write them, in every language: suits "
             "C D H S or ♣ ♦ ♥ ♠. The table app and --ask read the suit keys of the language in "
             "use, where these letters mean another suit:").format(options=options) + (
        "\n\n\b\n" + "\n".join(lines))
