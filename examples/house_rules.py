"""House rules: a Variant in code and in a TOML file, checked, named, and played.

Run it with ``python examples/house_rules.py``. It needs only nertslib, and reads
``house_rules.toml`` from its own folder.

The same rules are written twice: once in code (``house_rules()``), once as the hand-written
file a table would keep next to its game. The program checks that both say the same thing,
shows what happens to rules that are wrong, saves and reloads the rules, gives them a name,
and plays a hand and a match with them.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import nertslib as nl

HERE = Path(__file__).resolve().parent
SEATS = 3
SEED = 42


def house_rules() -> nl.Variant:
    """Our table's rules: the standard game with a few changes."""
    return nl.Variant(
        nerts_pile_size=11,  # a shorter Nerts pile
        stock_turn=1,  # turn the stock one card at a time...
        max_stock_passes=3,  # ...but only go through it four times
        caller_bonus=10,  # going out is worth 10
        king_bonus=5,  # and each King you put up 5 more
        target_score=150,
    )


def show_mistakes() -> None:
    """Rules that are wrong are refused with a ValueError that names the knob."""
    for text in ("nerts_pile_size = 0", "stock_turns = 1", 'caller_bonus = "ten"'):
        try:
            nl.Variant.from_toml(text)
        except ValueError as error:
            print(f"refused {text!r}: {error}")
    try:
        nl.deal(nl.Variant(teams=((0, 1), (2, 3))), seats=SEATS, seed=SEED)
    except ValueError as error:  # the knobs are fine, but not for this table
        print(f"refused 2 teams of 2 at {SEATS} seats: {error}")


def round_trip(house: nl.Variant) -> None:
    """Save the rules as TOML and as JSON, and read them back."""
    with tempfile.TemporaryDirectory() as folder:
        for name in ("house.toml", "house.json"):
            path = Path(folder) / name
            nl.variants.save(house, path)
            if nl.variants.load(path) != house:
                raise SystemExit(f"the rules did not survive {name}")
            print(f"saved and loaded back {name}: the same rules")


def main() -> None:
    """Check the rules, name them, and play with them."""
    house = house_rules()
    print(f"house rules: {house.to_spec()}")
    from_file = nl.variants.load(HERE / "house_rules.toml")
    print(f"house_rules.toml says the same: {from_file == house}")
    show_mistakes()
    round_trip(house)

    nl.variants.register("kitchen", house)  # from now on "kitchen" works like a preset
    print(f"registered as {nl.variants.get('kitchen').name!r}; its spec is now {house.to_spec()!r}")
    start = nl.deal("kitchen", seats=SEATS, seed=SEED)
    final, log = nl.play_hand(start, [nl.greedy_bot] * SEATS)
    result = nl.outcome(final)
    if result is None:
        raise SystemExit("the hand did not end")
    how = f"seat {result.caller} went out" if result.caller is not None else "stalemate"
    print(f"hand of {SEATS} greedy bots, seed {SEED}: {len(log)} actions, {how}")
    for seat, score in enumerate(result.scores):
        print(f"seat {seat}: {score:+d}")
    match = nl.play_match("kitchen", SEATS, [nl.greedy_bot] * SEATS, seed=SEED)
    print(f"a match to {house.target_score}: {len(match.hands)} hands, totals {match.totals}")


if __name__ == "__main__":
    main()
