"""The direct controls of ``nerts play``: pick a source, then a target; keys and clicks alike.

:class:`Controls` keeps what is picked (the Nerts pile, the waste, a work pile or one card
of it) and turns a key or a click into one of the person's legal moves, or into a sentence
saying why there is none. It knows nothing of the screen: the screen gives it the legal moves
and the person's work piles, and submits the move it returns.

>>> import nertslib as nl
>>> from nertslib.cli.controls import Controls
>>> state = nl.deal("standard", seats=2, seed=29)
>>> moves, piles = nl.legal_moves(state, 0), nl.view(state, 0).seats[0].work_piles
>>> controls = Controls()
>>> controls.press("4", moves, piles).message
'picked pile 4 (A♠): put it: 1-9 a pile, f its foundation, n a new one, Esc not'
>>> controls.press("f", moves, piles).move
Move.parse('0:AS@P3>F+')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from nertslib.cards import Card
from nertslib.moves import Move, MoveKind, Zone

from .cards import Spot, card_label

__all__ = ["KEYS", "Controls", "Step", "Target"]

#: Every key of the play screen and what it does (the help screen and docs/cli.md show it).
KEYS: Final = (
    ("space", "turn the stock (or the waste over, once it is empty)"),
    ("n", "pick your Nerts pile's top card"),
    ("w", "pick the waste's top card"),
    ("1-9", "pick a work pile, or put the picked cards on it"),
    ("f", "play the picked card to the foundation it fits"),
    ("n", "after a pick: start a new foundation (an Ace)"),
    ("Esc", "drop the pick"),
    ("Enter", "call Nerts (once your Nerts pile is empty)"),
    ("A-Z", "play the move with that letter in the list"),
    ("click", "a card, then its target (a pile, the foundations)"),
    ("2 clicks", "send a card to the foundation it fits"),
    ("click", "the stock turns it; the empty Nerts pile calls Nerts"),
    ("p", "pause or resume the whole table, you too"),
    ("+ -", "bots faster, slower"),
    ("?", "these keys"),
    ("q Ctrl-C", "quit (after a yes) and print the match summary"),
)
_TURNS: Final = (MoveKind.TURN, MoveKind.RESTOCK, MoveKind.ROTATE)
_PLACES: Final = {"nerts": Zone.NERTS, "waste": Zone.WASTE, "pile": Zone.WORK}
_HINT: Final = "put it: 1-9 a pile, f its foundation, n a new one, Esc not"


@attrs.frozen
class Target:
    """Where the picked cards should go.

    ``place`` is ``pile`` (with ``index``), ``foundation`` (the one the card fits, or a new
    one for an Ace) or ``new`` (a new foundation).

    >>> from nertslib.cli.controls import Target
    >>> Target("pile", 1)
    Target(place='pile', index=1)
    """

    place: str
    index: int = 0

    def takes(self, move: Move) -> bool:
        """Whether ``move`` goes here."""
        if self.place == "pile":
            return move.target is Zone.WORK and move.target_index == self.index
        if self.place == "new":
            return move.target is Zone.NEW_FOUNDATION
        return move.to_foundation

    def words(self) -> str:
        """The target in words."""
        if self.place == "pile":
            return f"on pile {self.index + 1}"
        return "to a new foundation" if self.place == "new" else "to a foundation"


@attrs.frozen
class Step:
    """What a key or a click came to: the move to submit (if any) and a sentence."""

    move: Move | None
    message: str


def _from(spot: Spot, move: Move) -> bool:
    """Whether ``move`` plays from ``spot`` (the clicked card, if the spot names one)."""
    if move.kind is not MoveKind.PLAY or move.source is not _PLACES.get(spot.place):
        return False
    if spot.place == "pile" and move.source_index != spot.index:
        return False
    return spot.card is None or move.card == spot.card


def _spot_words(spot: Spot, piles: Sequence[Sequence[Card]]) -> str:
    if spot.place == "pile":
        pile = piles[spot.index] if spot.index < len(piles) else ()
        card = spot.card or (pile[-1] if pile else None)
        return f"pile {spot.index + 1}" + (f" ({card_label(card)})" if card else "")
    return "your Nerts pile" if spot.place == "nerts" else "the waste"


class Controls:
    """What the person has picked, and the moves that keys and clicks come to."""

    def __init__(self) -> None:
        self.pick: Spot | None = None

    def press(
        self, key: str, moves: Sequence[Move], piles: Sequence[Sequence[Card]]
    ) -> Step | None:
        """The step a key comes to, or ``None`` for a key that is not a control."""
        if key == "space":
            return self.turn(moves)
        if key == "enter":
            return self.call(moves)
        if key == "escape":
            return self.drop()
        if key.isdigit() and key != "0":
            index = int(key) - 1
            if self.pick is None or self.pick == Spot("pile", index):
                return self.choose(Spot("pile", index), moves, piles)
            return self.put(Target("pile", index), moves, piles)
        if key in ("f", "n") and self.pick is not None:
            return self.put(Target("foundation" if key == "f" else "new"), moves, piles)
        if key in ("n", "w"):
            return self.choose(Spot("nerts" if key == "n" else "waste"), moves, piles)
        if key == "f":
            return Step(None, "pick a card first: n (Nerts), w (waste) or a work pile 1-9")
        return None

    def picked_elsewhere(self, spot: Spot) -> bool:
        """Whether a card is picked away from ``spot``'s place (a click there puts it)."""
        pick = self.pick
        return pick is not None and (pick.place, pick.index) != (spot.place, spot.index)

    def turn(self, moves: Sequence[Move]) -> Step:
        """Turn the stock, or the waste over (or rotate a stuck stock): whichever is legal."""
        self.pick = None
        for kind in _TURNS:
            for move in moves:
                if move.kind is kind:
                    return Step(move, "")
        return Step(None, "the stock cannot be turned now")

    def call(self, moves: Sequence[Move]) -> Step:
        """Call Nerts, if the Nerts pile is empty."""
        for move in moves:
            if move.kind is MoveKind.CALL:
                return Step(move, "")
        return Step(None, "you can call Nerts once your Nerts pile is empty")

    def drop(self) -> Step:
        """Forget the pick."""
        had, self.pick = self.pick, None
        return Step(None, "pick dropped" if had is not None else "nothing is picked")

    def choose(self, spot: Spot, moves: Sequence[Move], piles: Sequence[Sequence[Card]]) -> Step:
        """Pick ``spot`` as the source (picking it again drops it)."""
        if self.pick == spot:
            return self.drop()
        where = _spot_words(spot, piles)
        if not any(_from(spot, m) for m in moves):
            self.pick = None
            return Step(None, f"nothing can move from {where} now")
        self.pick = spot
        return Step(None, f"picked {where}: {_HINT}")

    def put(self, target: Target, moves: Sequence[Move], piles: Sequence[Sequence[Card]]) -> Step:
        """The move from the pick to ``target``: the most cards a work pile can give."""
        pick = self.pick
        if pick is None:
            return Step(None, "pick a card first: n (Nerts), w (waste) or a work pile 1-9")
        fits = [m for m in moves if _from(pick, m) and target.takes(m)]
        if not fits:
            return Step(None, f"nothing from {_spot_words(pick, piles)} goes {target.words()}")
        self.pick = None
        if pick.place == "pile" and pick.index < len(piles):
            order = {card: depth for depth, card in enumerate(piles[pick.index])}
            fits.sort(key=lambda m: order.get(m.card, 0) if m.card is not None else 0)
        return Step(fits[0], "")

    def send_home(self, spot: Spot, moves: Sequence[Move], piles: Sequence[Sequence[Card]]) -> Step:
        """A double click: the card at ``spot`` to the foundation it fits."""
        self.pick = spot
        step = self.put(Target("foundation"), moves, piles)
        self.pick = None
        return step
