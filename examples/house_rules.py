"""House rules: build a Variant, save it as TOML, load it back, and play a hand with it.

Run it with ``python examples/house_rules.py``. It needs only nertslib.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import nertslib as nl

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


def main() -> None:
    house = house_rules()
    print(f"house rules: {house.to_spec()}")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "house.toml"
        nl.variants.save(house, path)
        text = path.read_text(encoding="utf-8")
        print(f"saved {path.name}: {len(text.splitlines())} lines, e.g. {text.splitlines()[0]!r}")
        loaded = nl.variants.load(path)
    if loaded != house:
        raise SystemExit("the rules did not survive the round trip")
    print("loaded back: the same rules")

    start = nl.deal(loaded, seats=SEATS, seed=SEED)
    final, log = nl.play_hand(start, [nl.greedy_bot] * SEATS)
    result = nl.outcome(final)
    if result is None:
        raise SystemExit("the hand did not end")
    how = f"seat {result.caller} went out" if result.caller is not None else "stalemate"
    print(f"hand of {SEATS} greedy bots, seed {SEED}: {len(log)} actions, {how}")
    for seat, score in enumerate(result.scores):
        print(f"seat {seat}: {score:+d}")


if __name__ == "__main__":
    main()
