"""Hypothesis strategies: whole random sessions of every game, valid hand by hand."""

from __future__ import annotations

from hypothesis import strategies as st

from scorekeeper.ledger import settle_next
from scorekeeper.rules import HandRecord, get_ruleset, make_config
from scorekeeper.rules import get_ruleset as _get_ruleset


def pack(game, players):
    """The pack a game is played with at a table of ``players``."""
    return _get_ruleset(game).pack(players)


NAMES = ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz"]
KRATZEN_CARDS = sorted(str(c) for c in pack("kratzen", 4) if not c.is_weli)


@st.composite
def kratzen_record(draw, config, state):
    dealer = state.dealer
    others = config.clockwise_from(dealer)[1:]
    if draw(st.integers(0, 5)) == 0:
        indicator = ["W", draw(st.sampled_from(KRATZEN_CARDS))]
    else:
        indicator = [draw(st.sampled_from(KRATZEN_CARDS))]
    muss = state.pot == 0 or indicator[-1].startswith("7")
    if muss:
        entered = None
        playing = [dealer, *others]
    else:
        entered = [p for p in others if draw(st.booleans())]
        playing = [dealer, *entered]
        if not entered:
            return HandRecord(indicator=tuple(indicator), entered=(), tricks=())
    tricks = draw(st.lists(st.sampled_from(playing), min_size=4, max_size=4))
    return HandRecord(indicator=tuple(indicator),
                      entered=None if entered is None else tuple(entered), tricks=tuple(tricks))


@st.composite
def eight_trick_record(draw, config, state):
    if draw(st.integers(0, 6)) == 0:
        return HandRecord(tricks=(draw(st.sampled_from(config.players)),) * 8)
    return HandRecord(tricks=tuple(draw(st.lists(st.sampled_from(config.players),
                                                 min_size=8, max_size=8))))


@st.composite
def sessions(draw, game=None, max_hands=24):
    """A settings object and a list of valid records, played until the end or ``max_hands``."""
    game = game or draw(st.sampled_from(["letzter-stich", "letzter", "kratzen"]))
    ruleset = get_ruleset(game)
    n = draw(st.integers(ruleset.min_players, ruleset.max_players))
    players = NAMES[:n]
    options = {}
    if game == "letzter-stich":
        options["starting_chips"] = draw(st.integers(1, 6))
    elif game == "letzter":
        options["rounds"] = draw(st.one_of(st.none(), st.integers(1, 3)))
    else:
        options["rotations"] = draw(st.integers(1, 3))
    config = make_config(game, players, draw(st.sampled_from(players)), options)
    state = ruleset.initial_state(config)
    records = []
    make = kratzen_record if game == "kratzen" else eight_trick_record
    while not state.finished and len(records) < max_hands:
        record = draw(make(config, state))
        _, state = settle_next(ruleset, config, state, record)
        records.append(record)
    return config, records
