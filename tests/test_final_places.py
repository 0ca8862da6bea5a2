"""The final standings at the table give each player a place (trial 30, German)."""

from __future__ import annotations


def test_the_final_standings_give_each_player_a_place_ties_shared():
    """Trial 30 (German): the final standings at the table are read down the columns, so that
    read across they seemed to rank wrongly; each now says its place. Kratzen ranks the highest
    first; Ben and Cleo tie at 4 and share the second place, Dora is fourth."""
    from decimal import Decimal

    from scorekeeper.presentation import places

    scores = {"Anna": Decimal(9), "Ben": Decimal(4), "Cleo": Decimal(4), "Dora": Decimal(-13)}
    assert places(scores, ["Anna", "Ben", "Cleo", "Dora"]) == [
        (1, "Anna"), (2, "Ben"), (2, "Cleo"), (4, "Dora")]
