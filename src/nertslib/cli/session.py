"""A person against bots in real time, without the screen: the logic behind ``nerts play``.

A :class:`PlaySession` holds a :class:`~nertslib.Table` for the hand in play and a
:class:`~nertslib.Match` over the hands. The person is seat 0 and only ever sees
``view(state, 0)``; each call of :meth:`PlaySession.bots_act` lets every bot act once (the
screen calls it on a timer), and :meth:`PlaySession.choose` submits the person's move and
says how it went: done, refused (with the rule's sentence) or too late (a lost race).

>>> from nertslib.cli.session import PlaySession
>>> import nertslib as nl
>>> session = PlaySession(nl.Variant(), 2, ("greedy",), seed=29)
>>> [str(move) for move in session.moves()]
['0:AS@P3>F+', '0:2S@N>P1', '0:turn']
>>> session.choose(session.moves()[0])
'you: A♠ pile 4 → new F'
"""

from __future__ import annotations

from typing import Final

from nertslib.bots import Bot, Pace, make_bot
from nertslib.deal import deal
from nertslib.errors import Reason
from nertslib.moves import Move
from nertslib.rules import legal_moves
from nertslib.scoring import Match, Outcome, hand_scores, outcome
from nertslib.state import SEED_LIMIT
from nertslib.stuck import all_stuck
from nertslib.table import Table
from nertslib.variants import Variant
from nertslib.views import View, view

from .words import move_words, zone_words

__all__ = ["PERSON", "PlaySession", "hand_seed", "seat_seed"]

#: The person's seat.
PERSON: Final = 0


def hand_seed(seed: int, hand: int) -> int:
    """The deal seed of hand ``hand`` of a match started with ``seed`` (wraps below 2**64).

    >>> from nertslib.cli.session import hand_seed
    >>> hand_seed(7, 2), hand_seed(2**64 - 1, 1)
    (9, 0)
    """
    return (seed + hand) % SEED_LIMIT


def seat_seed(seed: int, seat: int) -> int:
    """The seed of seat ``seat``'s bot in a hand dealt with ``seed`` (below 2**64).

    >>> from nertslib.cli.session import seat_seed
    >>> seat_seed(29, 1)
    233
    """
    return (seed * 8 + seat) % SEED_LIMIT


class PlaySession:
    """The person's game: the hand in play, the bots, the match so far.

    Args:
        variant: The rules.
        seats: Seats per hand; the person plays seat 0.
        bots: One bot name per other seat.
        seed: Hand ``h`` (from 0) is dealt with seed ``seed + h``.
    """

    def __init__(self, variant: Variant, seats: int, bots: tuple[str, ...], seed: int) -> None:
        if len(bots) != seats - 1:
            msg = f"need one bot per other seat: {seats - 1}, got {len(bots)}"
            raise ValueError(msg)
        self.variant = variant
        self.seats = seats
        self.bot_names = bots
        self.seed = seed
        self.match = Match(variant, seats)
        self.hand = 0
        self.table = Table(deal(variant, seats, seed))
        self.bots: list[Bot] = []
        self._deal_bots()

    def _deal_bots(self) -> None:
        seed = hand_seed(self.seed, self.hand)
        seats = range(1, self.seats)
        names = zip(seats, self.bot_names, strict=True)
        self.bots = [make_bot(name, seat_seed(seed, s)) for s, name in names]
        # each bot's reaction times, and when (on the caller's clock) it acts next
        self.paces = [Pace(seed=seat_seed(seed, s)) for s in seats]
        self.due = [0.0] * len(self.bot_names)

    @property
    def view(self) -> View:
        """What the person sees now."""
        return view(self.table.state, PERSON)

    @property
    def result(self) -> Outcome | None:
        """The hand's outcome once it is over."""
        return outcome(self.table.state)

    def moves(self) -> tuple[Move, ...]:
        """The person's legal moves now (empty once the hand is over)."""
        return legal_moves(self.table.state, PERSON)

    def choose(self, move: Move) -> str:
        """Submit the person's ``move``; a sentence saying how it went."""
        if self.table.is_over:
            return "the hand is over"
        rejection = self.table.submit(move)
        if rejection is None:
            self._after_move()
            return f"you: {move_words(move)}"
        if rejection.reason is Reason.RACE_LOST and move.target is not None:
            return f"too late: you lost the race for {zone_words(move.target, move.target_index)}"
        return f"refused: {rejection.message}"

    def scores(self) -> tuple[int, ...]:
        """Every seat's score for the hand as it stands (everyone sees what it counts)."""
        return hand_scores(self.table.state)

    def bots_act(self, now: float | None = None) -> bool:
        """Let the bots act, then settle a table where everyone is stuck.

        Without ``now`` every bot acts once. With ``now`` (a clock in seconds) only the bots
        whose reaction time has passed act, and each then waits its :class:`~nertslib.Pace`
        delay for the move it made before it acts again: a human pace.

        Returns:
            Whether anything happened.
        """
        acted = False
        for i, bot in enumerate(self.bots):
            seat = i + 1
            if self.table.is_over:
                break
            if now is not None and now < self.due[i]:
                continue
            state = self.table.state
            move = bot(view(state, seat), seat)  # a bot sees what its seat may see
            if move is not None and self.table.submit(move) is None:
                acted = True
            if now is not None:
                self.due[i] = now + self.paces[i].delay(move)
        if not acted and not self.table.is_over and all_stuck(self.table.state):
            acted = self.table.resolve_stalemate()
        self._after_move()
        return acted

    def _after_move(self) -> None:
        result = self.result
        if result is not None and len(self.match.hands) == self.hand:
            self.match = self.match.record(result)

    def next_hand(self) -> bool:
        """Deal the next hand of the match, if the hand is over and the match is not."""
        if not self.table.is_over or self.match.is_over:
            return False
        self.hand += 1
        self.table = Table(deal(self.variant, self.seats, hand_seed(self.seed, self.hand)))
        self._deal_bots()
        return True
