"""Errors with machine-readable reasons, and why a hand ended (:class:`EndReason`).

Every rejection of a move carries a :class:`Reason`, so a UI can react to the kind of problem
(say "too late" for :attr:`Reason.RACE_LOST`) instead of parsing text. All exceptions here are
:class:`ValueError` subclasses, so ``except ValueError`` catches them too.
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

import attrs

from nertslib.quoting import EvalRepr, clipped

if TYPE_CHECKING:
    from nertslib.moves import Move

__all__ = [
    "EndReason",
    "IllegalMoveError",
    "NertsError",
    "RaceLostError",
    "Reason",
    "Rejection",
    "ViewSeatError",
    "parsed",
]

_T = TypeVar("_T")


class EndReason(EvalRepr, enum.Enum):
    """Why a hand ended.

    >>> from nertslib import EndReason
    >>> EndReason.NERTS.value
    'nerts'
    """

    NERTS = "nerts"
    """A seat emptied its Nerts pile and called (or, in ``auto`` mode, just emptied it)."""
    STALEMATE = "stalemate"
    """Every seat was stuck, and stayed stuck after the stuck resolution."""


class Reason(EvalRepr, enum.Enum):
    """Why a move was rejected. The value is a stable, machine-readable string.

    >>> from nertslib import Reason
    >>> Reason.RACE_LOST.value
    'race_lost'
    """

    HAND_OVER = "hand_over"
    """The hand has ended (Nerts was called, or stalemate); no more moves."""
    NO_SUCH_SEAT = "no_such_seat"
    """The move's seat does not play in this hand."""
    NO_SUCH_PILE = "no_such_pile"
    """The move names a work pile or foundation that does not exist."""
    EMPTY_SOURCE = "empty_source"
    """The source pile (Nerts pile, waste, work pile) is empty."""
    CARD_NOT_THERE = "card_not_there"
    """The card is not where the move says (a move made for another position)."""
    NOT_ON_TOP = "not_on_top"
    """Only a pile's top card may go there (a foundation, or under another pile)."""
    DOES_NOT_FIT = "does_not_fit"
    """The card does not build down on that work pile (one lower, other colour)."""
    WRONG_FOUNDATION_CARD = "wrong_foundation_card"
    """The card does not build up on that foundation."""
    RACE_LOST = "race_lost"
    """Another card reached that foundation first; the card would have fitted before."""
    NOT_AN_ACE = "not_an_ace"
    """Only an Ace starts a new foundation."""
    SPACE_RULE = "space_rule"
    """The variant does not let this card fill an empty work pile."""
    SPACE_MUST_BE_FILLED = "space_must_be_filled"
    """The variant makes the seat fill its empty work pile from the Nerts pile first."""
    MOVE_RULE = "move_rule"
    """The variant does not let this many cards move between work piles."""
    SAME_PILE = "same_pile"
    """A work pile cannot move onto itself."""
    SLIDE_UNDER_RULE = "slide_under_rule"
    """Sliding under is off, or needs an empty work pile and the seat has none."""
    STOCK_EMPTY = "stock_empty"
    """There is no stock to turn (turn the waste over first)."""
    STOCK_NOT_EMPTY = "stock_not_empty"
    """The waste can only be turned over once the stock is empty."""
    WASTE_EMPTY = "waste_empty"
    """There is no waste to turn over."""
    PASS_LIMIT = "pass_limit"
    """The variant's limit on turning the waste over has been reached."""
    STOCK_BLOCKED = "stock_blocked"
    """The variant allows stock actions only when no other play is available."""
    NOT_STUCK = "not_stuck"
    """Only a stuck seat may rotate its stock."""
    NERTS_NOT_EMPTY = "nerts_not_empty"
    """Nerts can be called only with an empty Nerts pile."""
    CALL_NOT_ALLOWED = "call_not_allowed"
    """The variant ends the hand by itself; there is nothing to call."""
    BAD_DECLARATION = "bad_declaration"
    """A joker goes to a foundation only declared, as a card its fixed rank and colour allow."""


@attrs.frozen
class Rejection:
    """Why :func:`nertslib.check` refuses a move: a :class:`Reason` and a plain sentence.

    The message never reveals a card that the move's seat cannot see.

    >>> import nertslib as nl
    >>> rejection = nl.check(nl.deal("standard", seats=1, seed=1), nl.Move.call(0))
    >>> rejection.reason, rejection.seat, rejection.message
    (Reason.NERTS_NOT_EMPTY, 0, 'seat 0 still has 13 card(s) in its Nerts pile')

    Attributes:
        reason: The machine-readable reason.
        message: A sentence for people, e.g. ``"foundation 3 needs 6♥; 7♥ offered"``.
        move: The move that was refused.

    .. versionadded:: 0.1.0
    """

    reason: Reason
    message: str
    move: Move

    @property
    def seat(self) -> int:
        """The seat that tried the move."""
        return self.move.seat


class NertsError(ValueError):
    """Base class of nertslib's errors about game values (a :class:`ValueError`).

    >>> import nertslib as nl
    >>> issubclass(nl.IllegalMoveError, nl.NertsError), issubclass(nl.NertsError, ValueError)
    (True, True)

    .. versionadded:: 0.1.0
    """


class ViewSeatError(NertsError):
    """A view was asked about a seat other than its viewer's (its hidden cards are not known).

    A :class:`~nertslib.View` knows the moves of the seat that sees it, and no other seat's:

    >>> import nertslib as nl
    >>> mine = nl.view(nl.deal("standard", seats=2, seed=1), 0)
    >>> nl.legal_moves(mine, 1)
    Traceback (most recent call last):
    ...
    nertslib.errors.ViewSeatError: this is seat 0's view: it cannot tell the moves of seat 1

    .. versionadded:: 0.1.0
    """


class IllegalMoveError(NertsError):
    """:func:`nertslib.apply` refused a move; the state is unchanged.

    >>> import nertslib as nl
    >>> try:
    ...     nl.apply(nl.deal("standard", seats=1, seed=1), nl.Move.restock(0))
    ... except nl.IllegalMoveError as error:
    ...     print(error.reason, error.seat, error.move)
    Reason.STOCK_NOT_EMPTY 0 0:restock

    Attributes:
        reason: Why, as a :class:`Reason`.
        move: The move.
        seat: The move's seat.
        rejection: The :class:`Rejection` with the message.

    .. versionadded:: 0.1.0
    """

    def __init__(self, rejection: Rejection) -> None:
        super().__init__(f"illegal move {rejection.move}: {rejection.message}")
        self.rejection = rejection
        self.reason = rejection.reason
        self.move = rejection.move
        self.seat = rejection.move.seat


class RaceLostError(IllegalMoveError):
    """The move aimed at a foundation that another card reached first ("too late").

    Its ``reason`` is always :attr:`Reason.RACE_LOST`; catch it before
    :class:`IllegalMoveError` to tell a lost race from a mistake:

    >>> import nertslib as nl
    >>> nl.RaceLostError.__mro__[1] is nl.IllegalMoveError
    True

    .. versionadded:: 0.1.0
    """


def check_seat(seat: object, n: int) -> None:
    """Raise :class:`NertsError` unless ``seat`` is a seat (an int) of an ``n``-seat hand."""
    if type(seat) is not int or not 0 <= seat < n:
        msg = f"seat {seat!r} does not play in this {n}-seat hand"
        raise NertsError(msg)


def error_for(rejection: Rejection) -> IllegalMoveError:
    """The error that reports ``rejection``: :class:`RaceLostError` for a lost race.

    Internal: shared by :func:`nertslib.apply` and :mod:`nertslib.replay`, which raise it.

    >>> import nertslib as nl
    >>> from nertslib.errors import error_for
    >>> rejection = nl.check(nl.deal("standard", seats=1, seed=3), nl.Move.restock(0))
    >>> type(error_for(rejection)).__name__
    'IllegalMoveError'
    """
    if rejection.reason is Reason.RACE_LOST:
        return RaceLostError(rejection)
    return IllegalMoveError(rejection)


def parsed(
    parse: Callable[[_T], object], text: _T, what: str, error: type[NertsError] = NertsError
) -> object:
    """``parse(text)`` by a standard-library parser, each of its failures an ``error``.

    Internal: the one home of the JSON and TOML readers' error messages. ``json`` and
    ``tomllib`` raise plain :class:`ValueError` (Python's limit on the digits of an int
    among them) and recurse once per level of nesting; the message is bounded.

    >>> import json
    >>> from nertslib.errors import parsed
    >>> parsed(json.loads, '{"a": 1}', "JSON")
    {'a': 1}
    >>> parsed(json.loads, "9" * 5000, "JSON")
    Traceback (most recent call last):
    ...
    nertslib.errors.NertsError: not JSON that nertslib reads: a number has more than 4300 digits
    """
    try:
        return parse(text)
    except NertsError:
        raise
    except RecursionError:
        msg = f"not {what} that nertslib reads: nested too deeply"
    except ValueError as exc:  # JSONDecodeError, TOMLDecodeError, UnicodeDecodeError, digits
        limit = sys.get_int_max_str_digits()
        if str(exc).startswith("Exceeds the limit"):
            msg = f"not {what} that nertslib reads: a number has more than {limit} digits"
        else:
            msg = f"not {what}: {exc}"
    raise error(clipped(msg)) from None
