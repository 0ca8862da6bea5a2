"""A plain settlement of a Kratzen session script: the floor of the ``replay --json`` benchmark.

Written from docs/rules.md (section 3, Kratzen) the way a person would in an afternoon, without
scorekeeper: read the JSON script, settle hand by hand with Fractions and dicts, print the
standings document of docs/contract.md with ``json.dumps(indent=2)``. No caching, nothing made
slow (or fast) on purpose. It checks what a careful person would (names, trick counts, the
end of the session) and nothing more; scorekeeper checks far more (every card, the record's
shape, the rules' history).

    python tests/benchmarks/reference.py SCRIPT.json
"""

import json
import sys
from fractions import Fraction

RANKS = {"A", "K", "Q", "J", "10", "9", "8", "7", "O", "U"}
SUITS = {"C", "D", "H", "S"}


def fail(message):
    sys.exit(f"error: {message}")


def amount(x):
    """An exact amount as the contract writes it: "12", "-27.75", "4.25"."""
    if x.denominator == 1:
        return str(x.numerator)
    sign = "-" if x < 0 else ""
    whole, rest = divmod(abs(x.numerator), x.denominator)
    digits = ""
    while rest:  # quarters of a chip always end
        digit, rest = divmod(rest * 10, x.denominator)
        digits += str(digit)
    return f"{sign}{whole}.{digits}"


def suit_fixing_card(indicator):
    """The card that fixes trump: the turned card, or after the Weli (6D) the next one."""
    cards = [indicator] if isinstance(indicator, str) else list(indicator)
    cards = [c.strip().upper() for c in cards]
    if cards[0] in ("6D", "W", "WELI"):
        if len(cards) != 2:
            fail("after the Weli exactly one more card is turned")
        cards = cards[1:]
    elif len(cards) != 1:
        fail("one card is turned unless it is the Weli")
    card = cards[0]
    if card[:-1] not in RANKS or card[-1] not in SUITS:
        fail(f"not a card: {card}")
    return card


def settle(script):
    players = script["players"]
    n = len(players)
    first = players.index(script["first_dealer"])
    planned = n * script.get("options", {}).get("rotations", 1)
    scores = {p: Fraction(0) for p in players}
    pot = Fraction(0)
    hands = []
    for number, hand in enumerate(script.get("hands", []), start=1):
        if number > planned:
            fail(f"hand {number}: the session ended after hand {planned}")
        d = (first + number - 1) % n
        dealer = players[d]
        others = [players[(d + k) % n] for k in range(1, n)]  # clockwise from the dealer's left
        pot_before = pot
        transfers = []  # (from, to, amount, reason), in the order they happen
        pay = transfers.append

        # 1. Stakes: an empty pot is a Muss (dealer 2, everyone else 1), otherwise dealer 1.
        if pot == 0:
            pay((dealer, "pot", Fraction(2), "muss stake (dealer)"))
            for p in others:
                pay((p, "pot", Fraction(1), "muss stake"))
        else:
            pay((dealer, "pot", Fraction(1), "stake (dealer)"))
        stake = pot_before + (n + 1 if pot_before == 0 else 1)  # P

        # 2.-3. The indicator: a 7 forces a Muss.
        forced = suit_fixing_card(hand["indicator"])[:-1] == "7"
        muss = pot_before == 0 or forced
        if muss:
            playing = [dealer] + others
        else:
            entered = hand.get("entered")
            if entered is None or any(p not in others for p in entered):
                fail(f"hand {number}: entered must name non-dealers")
            playing = [dealer] + [p for p in others if p in entered]
        kind = ("forced-muss" if forced else "muss" if muss
                else "walkover" if len(playing) == 1 else "normal")

        tricks = hand.get("tricks", [])
        if kind == "walkover":
            if tricks:
                fail(f"hand {number}: a walkover has no tricks")
            pay(("pot", dealer, stake, "walkover: everyone else dropped"))
        else:
            if len(tricks) != 4 or any(w not in playing for w in tricks):
                fail(f"hand {number}: 4 tricks, each won by a playing hand")
            # 4. Normal hands: each trick pays P/4.
            if kind == "normal":
                for i, winner in enumerate(tricks, start=1):
                    pay(("pot", winner, stake / 4, f"trick {i}"))
            # 5. Penalties, all from the same P: the dealer 2P, everyone else P.
            for p in playing:
                needed = 2 if p == dealer and kind != "forced-muss" else 1
                took = tricks.count(p)
                if took >= needed:
                    continue
                if p == dealer:
                    pay((p, "pot", 2 * stake,
                        f"penalty: dealer needed {needed}, took {took} (2P)"))
                else:
                    pay((p, "pot", stake, f"penalty: player needed {needed}, took {took} (P)"))

        deltas = {p: Fraction(0) for p in players}
        for source, target, how_much, _ in transfers:
            if source == "pot":
                pot -= how_much
            else:
                deltas[source] -= how_much
            if target == "pot":
                pot += how_much
            else:
                deltas[target] += how_much
        for p in players:
            scores[p] += deltas[p]
        hands.append({
            "number": number, "dealer": dealer, "kind": kind,
            "pot_before": amount(pot_before), "stake": amount(stake), "pot_after": amount(pot),
            "deltas": {p: amount(deltas[p]) for p in players},
            "transfers": [{"from": s, "to": t, "amount": amount(a), "reason": r}
                          for s, t, a, r in transfers],
        })

    best = max(scores.values())
    return {
        "game": "kratzen",
        "players": [{"name": p, "score": amount(scores[p])} for p in players],
        "pot": amount(pot),
        "hands_played": len(hands),
        "finished": len(hands) >= planned,
        "leaders": [p for p in players if scores[p] == best],
        "hands": hands,
    }


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as file:
        script = json.load(file)
    if script.get("game") != "kratzen":
        fail("this reference settles Kratzen only")
    print(json.dumps(settle(script), indent=2, ensure_ascii=False))
