"""Scoring: hand scores, the :class:`Outcome` of a hand, and a :class:`Match` of hands.

Hand score per seat (rules.md §8): ``foundation_points`` for each of its own cards on the
foundations (completed piles included), plus ``king_bonus`` for each of its own Kings there,
minus ``nerts_penalty`` for each card left in its Nerts pile, plus ``caller_bonus`` for the seat
that ended the hand by Nerts. Other cards score nothing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

import attrs

from nertslib.cards import KING, OWNER, RANK
from nertslib.errors import NertsError
from nertslib.state import EndReason, GameState
from nertslib.variants import Variant

__all__ = ["Z95", "Match", "Outcome", "half_width95", "hand_scores", "is_over", "outcome"]

#: z of a two-sided 95 % confidence interval of a mean (normal approximation): the one value
#: that ``simulate``'s rows and the tournament's intervals use.
Z95: Final = 1.959963984540054


def half_width95(values: Sequence[float]) -> float | None:
    """Half the width of the 95 % confidence interval of the mean of ``values``.

    ``Z95`` standard errors, from the sample standard deviation; ``None`` for fewer than two
    values.

    >>> from nertslib.scoring import half_width95
    >>> round(half_width95([1.0, 2.0, 3.0]), 6), half_width95([4.0])
    (1.131586, None)
    """
    n = len(values)
    if n < 2:
        return None
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return Z95 * math.sqrt(var / n)


def hand_scores(state: GameState) -> tuple[int, ...]:
    """Every seat's score for the hand as it stands (final once the hand is over).

    >>> import nertslib as nl
    >>> nl.hand_scores(nl.deal("standard", seats=3, seed=5))
    (-26, -26, -26)
    """
    v = state.variant
    n = len(state.layouts)
    own = [0] * n
    kings = [0] * n
    for pile in state.fnd:
        for card in pile:
            own[OWNER[card]] += 1
            if RANK[card] == KING:
                kings[OWNER[card]] += 1
    caller = state.caller if state.status is EndReason.NERTS else -1
    return tuple(
        seat_score(
            own[s],
            kings[s],
            len(lay.nerts),
            s == caller,
            v.foundation_points,
            v.king_bonus,
            v.nerts_penalty,
            v.caller_bonus,
        )
        for s, lay in enumerate(state.layouts)
    )


def seat_score(
    own: int,
    kings: int,
    nerts: int,
    called: bool,
    points: int,
    king_bonus: int,
    penalty: int,
    caller_bonus: int,
) -> int:
    """One seat's hand score (rules.md §8) from its counts and the variant's points.

    ``own`` of the seat's cards are on the foundations, ``kings`` of them Kings, ``nerts``
    cards are left in its Nerts pile, and ``called`` says whether it ended the hand by Nerts.
    ``points``, ``king_bonus``, ``penalty`` and ``caller_bonus`` are the variant's
    ``foundation_points``, ``king_bonus``, ``nerts_penalty`` and ``caller_bonus``.

    pre: 0 <= kings <= own and 0 <= nerts
    post: __return__ == points * own + king_bonus * kings - penalty * nerts + caller_bonus * called
    """
    score = points * own + king_bonus * kings - penalty * nerts
    if called:
        score += caller_bonus
    return score


@attrs.frozen
class Outcome:
    """How a hand ended: why, who called Nerts (if anyone), and every seat's score.

    >>> import nertslib as nl
    >>> nl.Outcome(nl.EndReason.NERTS, caller=2, scores=(3, -4, 12))
    Outcome(reason=EndReason.NERTS, caller=2, scores=(3, -4, 12))

    Attributes:
        reason: The :class:`~nertslib.EndReason`.
        caller: The seat that ended the hand by Nerts, or ``None`` after a stalemate.
        scores: One hand score per seat.

    .. versionadded:: 0.1.0
    """

    reason: EndReason
    caller: int | None
    scores: tuple[int, ...]

    @property
    def winner(self) -> int | None:
        """The seat with the highest hand score, or ``None`` if the top score is shared."""
        best = max(self.scores)
        top = [s for s, score in enumerate(self.scores) if score == best]
        return top[0] if len(top) == 1 else None


def is_over(state: GameState) -> bool:
    """Whether the hand has ended (Nerts, or stalemate).

    >>> import nertslib as nl
    >>> nl.is_over(nl.deal("standard", seats=2, seed=0))
    False
    """
    return state.status is not None


def outcome(state: GameState) -> Outcome | None:
    """The :class:`Outcome` of a finished hand, or ``None`` while it is in play.

    >>> import nertslib as nl
    >>> state = nl.deal("standard", seats=2, seed=0)
    >>> nl.outcome(state) is None
    True
    """
    if state.status is None:
        return None
    caller = state.caller if state.status is EndReason.NERTS else None
    return Outcome(state.status, caller, hand_scores(state))


def _check_hands(
    inst: Match, _attr: attrs.Attribute[tuple[tuple[int, ...], ...]], value: object
) -> None:
    if not isinstance(value, tuple) or not all(
        isinstance(h, tuple) and len(h) == inst.seats and all(type(x) is int for x in h)
        for h in value
    ):
        msg = f"Match.hands must be a tuple of {inst.seats}-int tuples; got {value!r}"
        raise NertsError(msg)


def _check_match_seats(inst: Match, _attr: attrs.Attribute[int], value: int) -> None:
    inst.variant.check_seats(value)


@attrs.frozen
class Match:
    """A game: a series of hands whose scores add up to the variant's ``target_score``.

    Once a seat (or team) reaches the target, the highest total wins; an equal top total plays
    another hand. A ``Match`` is a value: :meth:`record` returns a new one.

    >>> import nertslib as nl
    >>> match = nl.Match(nl.Variant(target_score=20), seats=2)
    >>> match = match.record((12, 3)).record((9, 17))
    >>> match.totals, match.is_over, match.winner
    ((21, 20), True, 0)
    >>> nl.Match(nl.Variant(target_score=20), seats=2).record((20, 20)).is_over
    False

    With ``teams``, totals and the winner are per team (by team index):

    >>> teams = nl.Variant(target_score=10, teams=((0, 2), (1, 3)))
    >>> nl.Match(teams, seats=4).record((4, 1, 7, 2)).team_totals
    (11, 3)

    Attributes:
        variant: The rules (``target_score``, ``teams``).
        seats: Seats per hand.
        hands: Every recorded hand's scores, one tuple per hand.

    .. versionadded:: 0.1.0
    """

    variant: Variant
    seats: int = attrs.field(validator=_check_match_seats)
    hands: tuple[tuple[int, ...], ...] = attrs.field(default=(), validator=_check_hands)

    def record(self, result: Outcome | tuple[int, ...]) -> Match:
        """This match with one more hand: an :class:`Outcome` or a tuple of scores.

        Raises:
            NertsError: if the match is over or the scores do not fit the seats.
        """
        if self.is_over:
            msg = "the match is over"
            raise NertsError(msg)
        scores = result.scores if isinstance(result, Outcome) else result
        return Match(self.variant, self.seats, (*self.hands, tuple(scores)))

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total over the recorded hands."""
        return tuple(sum(h[s] for h in self.hands) for s in range(self.seats))

    @property
    def team_totals(self) -> tuple[int, ...]:
        """Each team's total (each seat is its own team without ``teams``)."""
        totals = self.totals
        if self.variant.teams is None:
            return totals
        return tuple(sum(totals[s] for s in team) for team in self.variant.teams)

    @property
    def is_over(self) -> bool:
        """Whether a side has reached the target with the single highest total."""
        return self.winner is not None

    @property
    def winner(self) -> int | None:
        """The winning seat (or team index, with ``teams``), or ``None`` while undecided."""
        totals = self.team_totals
        if not self.hands or max(totals) < self.variant.target_score:
            return None
        best = max(totals)
        top = [i for i, t in enumerate(totals) if t == best]
        return top[0] if len(top) == 1 else None
