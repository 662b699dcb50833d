"""A bot's pace: :class:`Pace`, a seeded, human-like reaction-time model.

Nerts is a race, so a bot that answers in microseconds is no fun to play against. A host that
drives bots in real time (a :class:`~nertslib.Table` loop, the command line's ``play``, a web
server) asks ``pace.delay(move)`` how long the bot takes before it makes ``move``, and waits
that long before submitting it. The core never sleeps: the pace is a number, and the host
owns the clock.

>>> import nertslib as nl
>>> pace = nl.Pace(seed=1)
>>> delays = [pace.delay(nl.Move.turn(0)) for _ in range(3)]
>>> delays == [nl.Pace(seed=1).delay(nl.Move.turn(0)) for _ in range(1)] + delays[1:]
True
>>> all(0.1 <= d <= 3.0 for d in delays)
True
"""

from __future__ import annotations

import math
from typing import Final, cast

from nertslib.deal import SplitMix64
from nertslib.errors import NertsError
from nertslib.moves import Move, MoveKind, Zone

__all__ = ["Pace"]

#: The median human time in seconds for an action, at ``speed=1``: a glance and a flick for
#: a stock turn, a look at every foundation for a foundation play, longer for moves that need
#: a plan (between work piles).
MEDIAN_S: Final = {
    "call": 0.6,
    "foundation": 0.9,
    "nerts": 1.1,
    "waste": 1.0,
    "work": 1.4,
    "turn": 0.45,
    "restock": 0.8,
    "rotate": 1.0,
    "wait": 0.5,
}
#: No delay is shorter than this (seconds, at ``speed=1``): human reaction time.
FLOOR_S: Final = 0.2
_TWO_53: Final = float(1 << 53)


def _kind_of(move: Move | None) -> str:
    if move is None:
        return "wait"
    kind = move.kind
    if kind is not MoveKind.PLAY:
        return {MoveKind.CALL: "call", MoveKind.TURN: "turn", MoveKind.RESTOCK: "restock"}.get(
            kind, "rotate"
        )
    if move.to_foundation:
        return "foundation"
    if move.source is Zone.NERTS:
        return "nerts"
    return "waste" if move.source is Zone.WASTE else "work"


class Pace:
    """How long a bot takes per move: log-normal around a human median for the kind of move.

    ``delay(move)`` is ``MEDIAN_S[kind] * exp(spread * z) / speed`` seconds, ``z`` a standard
    normal draw from the pace's own generator (so a pace with a given seed gives the same
    delays in the same order), kept between ``FLOOR_S / speed`` and three medians. Kinds: the
    call, plays to a foundation, plays of the Nerts top or the waste top elsewhere, moves
    between work piles, stock turns, restocks, rotations, and waiting (``move=None``: how
    long before a waiting bot looks again).

    Args:
        seed: Seeds the draws.
        speed: A factor on every delay's rate: ``2.0`` is twice as fast as a typical person
            (a strong player), ``0.5`` half as fast (a beginner).
        spread: The log-normal spread (``0``: always the median).

    Raises:
        NertsError: (a :class:`ValueError`) if ``speed`` is not positive, ``spread`` is
            negative or ``seed`` is not an int ``>= 0``.

    >>> import nertslib as nl
    >>> nl.Pace(spread=0).delay(nl.Move.parse("0:AH@N>F+"))
    0.9
    >>> nl.Pace(speed=2, spread=0).delay(None)
    0.25
    >>> nl.Pace(speed=0)
    Traceback (most recent call last):
    ...
    nertslib.errors.NertsError: speed must be a positive number; got 0

    .. versionadded:: 0.1.0
    """

    def __init__(self, seed: int = 0, *, speed: float = 1.0, spread: float = 0.35) -> None:
        if type(seed) is not int or seed < 0:
            msg = f"seed must be an int >= 0; got {seed!r}"
            raise NertsError(msg)
        if not isinstance(cast(object, speed), int | float) or not 0 < speed < math.inf:
            msg = f"speed must be a positive number; got {speed!r}"
            raise NertsError(msg)
        if not isinstance(cast(object, spread), int | float) or not 0 <= spread < math.inf:
            msg = f"spread must be a number >= 0; got {spread!r}"
            raise NertsError(msg)
        self.seed, self.speed, self.spread = seed, float(speed), float(spread)
        self._rng = SplitMix64(seed)

    def __repr__(self) -> str:
        return f"Pace(seed={self.seed!r}, speed={self.speed!r}, spread={self.spread!r})"

    def delay(self, move: Move | None) -> float:
        """Seconds the bot takes before it makes ``move`` (``None``: before it looks again)."""
        median = MEDIAN_S[_kind_of(move)]
        if not self.spread:
            return median / self.speed
        # Box-Muller from two uniforms in (0, 1]
        u1 = ((self._rng.next() >> 11) + 1) / _TWO_53
        u2 = (self._rng.next() >> 11) / _TWO_53
        z = math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)
        seconds = min(max(median * math.exp(self.spread * z), FLOOR_S), 3 * median)
        return seconds / self.speed
