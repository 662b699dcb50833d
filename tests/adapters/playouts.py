"""Random playouts through the shared encoding (no framework needed)."""

import random
from collections.abc import Iterator

import nertslib as nl
from nertslib.adapters import encoding

# Every kind of table the encoding must carry: presets, jokers (declarations, both bindings),
# one foundation per suit, eight work piles, slide-under always, face-up Nerts piles.
SPECS = (
    "standard",
    "nna",
    "racing_demon",
    "pounce",
    "standard,jokers_per_deck=2",
    "standard,jokers_per_deck=2,joker_binding=while_covered,foundation_build=any_suit",
    "standard,foundation_limit=one_per_suit,jokers_per_deck=1,foundation_build=alt_colour",
    "standard,nerts_pile_face_up=true,work_piles=8,slide_under=always,tie_policy=first_wins",
)


def positions(spec: str, seats: int, seed: int, steps: int) -> Iterator[nl.GameState]:
    """The positions of a hand played by uniformly random legal actions, the deal first."""
    rng = random.Random(seed)
    state = encoding.new_hand(spec, seats, seed)
    yield state
    for step in range(steps):
        if state.is_over:
            return
        moves = [
            encoding.decode(state, s, rng.choice(encoding.legal_actions(state, s)))
            for s in range(seats)
        ]
        state, _ = encoding.settle(state, moves, step)
        yield state
