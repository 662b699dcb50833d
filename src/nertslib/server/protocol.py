"""The wire protocol of the browser game: JSON messages over one WebSocket per player.

Pure functions, no networking: the server (:mod:`nertslib.server.app`) calls them, and a client
in any language can be written from ``docs/protocol.md``, which documents every message.

**Client to server** (one JSON object per WebSocket text message, at most
:data:`MAX_MESSAGE` characters):

* ``{"type": "join", "seat": 0, "name": "Ann"}`` takes a seat (``"token"`` may be added to
  take back one's own seat after a reload, ``"code"`` is the table's join code if it has
  one), ``{"type": "join", "watch": true}`` watches;
* ``{"type": "move", "move": "0:2S@N>F0", "token": "..."}`` submits a move in notation;
* ``{"type": "ready", "token": "..."}`` says the seat is ready: a hand starts (and the next
  one is dealt) once every human seat is taken and ready (``"next_hand"`` is its old name).

**Server to client:** ``welcome`` (after a join: the seat and its token), ``update`` (the
seat's view as View JSON, its legal moves in notation, new events, who sits where and
whether the hand is under way), ``result`` (the answer to one move: accepted, or refused
with the reason; ``too_late`` for a lost race) and ``error`` (a message that could not be
used; the connection and the table carry on).

Nothing hidden leaks, by construction: :func:`update_message` is the only message that
describes the game, and it is built from ``nl.view(state, seat)``, the legal moves of that
view (``nl.legal_moves(view, seat)``: notations only, nothing the view does not show), the
events :func:`nertslib.table.event_for_seat` lets that seat see, and the public scores. The
seed, the state, its NFEN and replays are never sent.

>>> import nertslib as nl
>>> from nertslib.server.protocol import parse_client_message
>>> parse_client_message('{"type": "move", "move": "0:turn", "token": "t"}')
MoveRequest(move=Move.parse('0:turn'), token='t')
>>> parse_client_message("[1, 2]")
Traceback (most recent call last):
...
nertslib.server.protocol.ProtocolError: bad_message: a message is a JSON object with a "type", got [1, 2]

.. versionadded:: 0.1.0
"""  # noqa: E501 - a doctest output line

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final, TypeAlias

import attrs

import nertslib as nl
from nertslib.table import Event, event_for_seat

__all__ = [
    "MAX_MESSAGE",
    "PROTOCOL_VERSION",
    "ClientMessage",
    "JoinRequest",
    "MoveRequest",
    "ProtocolError",
    "ReadyRequest",
    "SeatInfo",
    "error_message",
    "event_data",
    "parse_client_message",
    "result_message",
    "update_message",
    "welcome_message",
]

#: The protocol's version, sent in ``welcome``; it changes when a message changes shape.
PROTOCOL_VERSION: Final = 1

#: The longest client message read, in characters; a longer one is refused with ``too_large``.
MAX_MESSAGE: Final = 2048

#: How much of a bad message an error quotes.
_EXCERPT: Final = 80


def _excerpt(value: object) -> str:
    text = repr(value)
    return text if len(text) <= _EXCERPT else text[: _EXCERPT - 3] + "..."


class ProtocolError(nl.NertsError):
    """A client message the server cannot use; ``code`` is the ``error`` message's code.

    >>> from nertslib.server.protocol import ProtocolError
    >>> ProtocolError("not_json", "not JSON").code
    'not_json'

    .. versionadded:: 0.1.0
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


@attrs.frozen
class JoinRequest:
    """``{"type": "join", ...}``: take ``seat`` (``None``: watch), maybe with its ``token``.

    ``name`` is the player's display name and ``code`` the table's join code, if it has one.

    >>> from nertslib.server.protocol import parse_client_message
    >>> parse_client_message('{"type": "join", "watch": true}')
    JoinRequest(seat=None, token=None, name=None, code=None)
    """

    seat: int | None
    token: str | None = None
    name: str | None = None
    code: str | None = None


@attrs.frozen
class MoveRequest:
    """``{"type": "move", "move": NOTATION, "token": TOKEN}``: submit a move.

    >>> from nertslib.server.protocol import parse_client_message
    >>> parse_client_message('{"type": "move", "move": "1:nerts", "token": "x"}').move.kind
    MoveKind.CALL
    """

    move: nl.Move
    token: str


@attrs.frozen
class ReadyRequest:
    """``{"type": "ready", "token": TOKEN}``: the seat is ready for the hand (or the next).

    >>> from nertslib.server.protocol import parse_client_message
    >>> parse_client_message('{"type": "ready", "token": "x"}')
    ReadyRequest(token='x')
    """

    token: str


ClientMessage: TypeAlias = JoinRequest | MoveRequest | ReadyRequest


@attrs.frozen
class SeatInfo:
    """What everyone may know of a seat: who plays it, their name, connected, ready, away.

    ``away`` is the seconds left of the grace of a player whose connection dropped.

    >>> from nertslib.server.protocol import SeatInfo
    >>> SeatInfo(seat=1, player="bot", connected=True, name="Bot 1")
    SeatInfo(seat=1, player='bot', connected=True, name='Bot 1', ready=False, away=None)
    """

    seat: int
    player: str  # "human" or "bot"
    connected: bool
    name: str = ""
    ready: bool = False
    away: float | None = None


def _token(data: dict[str, Any], required: bool) -> str | None:
    token = data.get("token")
    if token is None and not required:
        return None
    if type(token) is not str or not 0 < len(token) <= 100:
        raise ProtocolError(
            "bad_message", f'"token" must be the token from welcome, got {_excerpt(token)}'
        )
    return token


def _keys(data: dict[str, Any], allowed: set[str]) -> None:
    extra = sorted(str(k) for k in data if k not in allowed)
    if extra:
        raise ProtocolError("bad_message", f"unknown key(s) {', '.join(map(repr, extra))}")


def parse_client_message(raw: str | bytes | None) -> ClientMessage:
    """Read one client message, checking its size, JSON, shape and every value's type.

    Raises:
        ProtocolError: (a :class:`ValueError`) with the ``error`` code to answer with:
            ``too_large``, ``not_json``, ``bad_message`` (wrong shape or types, unknown
            ``type``) or ``bad_move`` (notation that is no move), quoting a bounded excerpt.

    >>> from nertslib.server.protocol import parse_client_message
    >>> parse_client_message('{"type": "join", "seat": 1, "name": "Ann"}')
    JoinRequest(seat=1, token=None, name='Ann', code=None)
    >>> parse_client_message('{"type": "move", "move": "0:6H@N>Q", "token": "x"}')
    Traceback (most recent call last):
    ...
    nertslib.server.protocol.ProtocolError: bad_move: not a move: '0:6H@N>Q' (expected e.g. ...)
    """
    if not isinstance(raw, str):
        raise ProtocolError("bad_message", "messages are JSON text, not binary")
    if len(raw) > MAX_MESSAGE:
        raise ProtocolError(
            "too_large", f"a message has at most {MAX_MESSAGE} characters, got {len(raw)}"
        )
    try:
        data = json.loads(raw)
    except ValueError:
        raise ProtocolError("not_json", f"not JSON: {_excerpt(raw)}") from None
    except RecursionError:
        raise ProtocolError("bad_message", "JSON nested too deeply") from None
    if type(data) is not dict or type(data.get("type")) is not str:
        raise ProtocolError(
            "bad_message", f'a message is a JSON object with a "type", got {_excerpt(data)}'
        )
    kind = data["type"]
    if kind == "join":
        return _join(data)
    if kind == "move":
        _keys(data, {"type", "move", "token"})
        text = data.get("move")
        if type(text) is not str:
            raise ProtocolError(
                "bad_message", f'"move" must be move notation, got {_excerpt(text)}'
            )
        try:
            move = nl.Move.parse(text)
        except ValueError as exc:
            raise ProtocolError("bad_move", str(exc)) from None
        token = _token(data, required=True)
        assert token is not None
        return MoveRequest(move, token)
    if kind in ("ready", "next_hand"):
        _keys(data, {"type", "token"})
        token = _token(data, required=True)
        assert token is not None
        return ReadyRequest(token)
    raise ProtocolError("bad_message", f"unknown message type {_excerpt(kind)}")


def _join(data: dict[str, Any]) -> JoinRequest:
    _keys(data, {"type", "seat", "watch", "token", "name", "code"})
    watch = data.get("watch", False)
    if type(watch) is not bool:
        raise ProtocolError("bad_message", f'"watch" must be true or false, got {_excerpt(watch)}')
    seat = data.get("seat")
    if watch:
        if seat is not None:
            raise ProtocolError("bad_message", 'give "seat" or "watch", not both')
        return JoinRequest(None)
    if type(seat) is not int or seat < 0:
        raise ProtocolError("bad_message", f'"seat" must be a seat number, got {_excerpt(seat)}')
    return JoinRequest(seat, _token(data, required=False), _text(data, "name"), _text(data, "code"))


def _text(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is not None and (type(value) is not str or len(value) > 100):
        raise ProtocolError("bad_message", f'"{key}" must be a short text, got {_excerpt(value)}')
    return value


# --- server messages ----------------------------------------------------------------------------


def welcome_message(
    seat: int | None, token: str | None, seats: Sequence[SeatInfo], *, table: str = "1"
) -> dict[str, Any]:
    """The answer to a join: the table, the seat taken (``None``: watching) and its token.

    >>> from nertslib.server.protocol import SeatInfo, welcome_message
    >>> welcome_message(0, "abc", [SeatInfo(0, "human", True), SeatInfo(1, "bot", True)])["token"]
    'abc'
    """
    return {
        "type": "welcome",
        "protocol": PROTOCOL_VERSION,
        "table": table,
        "seat": seat,
        "token": token,
        "seats": [attrs.asdict(s) for s in seats],
    }


def event_data(event: Event) -> dict[str, Any]:
    """One log event as sent (after :func:`~nertslib.table.event_for_seat` let it through).

    >>> import nertslib as nl
    >>> from nertslib.server.protocol import event_data
    >>> from nertslib.table import Table
    >>> table = Table(nl.deal("standard", seats=2, seed=1))
    >>> _ = table.submit(nl.Move.turn(1))
    >>> event_data(table.events[0])
    {'seq': 0, 'seat': 1, 'move': '1:turn', 'accepted': True, 'reason': None, 'message': None}
    """
    rejection = event.rejection
    return {
        "seq": event.seq,
        "seat": event.seat,
        "move": None if event.move is None else str(event.move),
        "accepted": rejection is None,
        "reason": None if rejection is None else rejection.reason.value,
        "message": None if rejection is None else rejection.message,
    }


def _match_data(match: nl.Match) -> dict[str, Any]:
    return {
        "target": match.variant.target_score,
        "hands": [list(h) for h in match.hands],
        "totals": list(match.totals),
        "team_totals": list(match.team_totals),
        "over": match.is_over,
        "winner": match.winner,
    }


def update_message(
    state: nl.GameState,
    seat: int | None,
    events: Sequence[Event],
    *,
    hand: int,
    match: nl.Match,
    seats: Sequence[SeatInfo],
    playing: bool = True,
    started: bool = True,
) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) is sent when the game changes.

    ``view`` is ``nl.to_data(nl.view(state, seat))``; ``moves`` the legal moves of that view
    in notation (``nl.legal_moves(view, seat)``: none for a spectator, before the hand
    starts, while the table waits for someone (``playing`` false) or once the hand is over);
    ``events`` those of ``events`` that :func:`~nertslib.table.event_for_seat` lets the seat
    see; ``live`` each seat's score as the hand stands (public: foundations and Nerts pile
    sizes); ``scores`` the hand's scores once it is over (else ``None``); ``match`` the match
    so far (totals add up to the variant's ``target_score``); ``started`` whether the hand
    has started.

    >>> import nertslib as nl
    >>> from nertslib.server.protocol import SeatInfo, update_message
    >>> state = nl.deal("standard", seats=2, seed=1)
    >>> seats = [SeatInfo(0, "human", True), SeatInfo(1, "bot", True)]
    >>> match = nl.Match(state.variant, 2)
    >>> message = update_message(state, 0, (), hand=1, match=match, seats=seats)
    >>> message["moves"][:2], message["scores"], "seed" in str(message)
    (['0:AH@P2>F+', '0:turn'], None, False)
    >>> nl.from_data(message["view"]) == nl.view(state, 0)
    True
    """
    over = state.status is not None
    view = nl.view(state, seat)
    moves = () if seat is None or over or not playing else nl.legal_moves(view, seat)
    result = nl.outcome(state)
    return {
        "type": "update",
        "hand": hand,
        "started": started,
        "playing": playing and not over,
        "view": nl.to_data(view),
        "live": list(nl.hand_scores(state)),
        "moves": [str(m) for m in moves],
        "events": [event_data(e) for e in events if event_for_seat(e, seat) is not None],
        "scores": None if result is None else list(result.scores),
        "caller": None if result is None else result.caller,
        "match": _match_data(match),
        "seats": [attrs.asdict(s) for s in seats],
    }


def result_message(move: nl.Move, rejection: nl.Rejection | None) -> dict[str, Any]:
    """The answer to one move: accepted, or refused (``too_late`` for a lost race).

    >>> import nertslib as nl
    >>> from nertslib.server.protocol import result_message
    >>> state = nl.deal("standard", seats=1, seed=1)
    >>> result_message(nl.Move.restock(0), nl.check(state, nl.Move.restock(0)))["reason"]
    'stock_not_empty'
    """
    if rejection is None:
        return {
            "type": "result",
            "move": str(move),
            "accepted": True,
            "reason": None,
            "too_late": False,
            "message": None,
        }
    too_late = rejection.reason is nl.Reason.RACE_LOST
    message = rejection.message
    if too_late and not message.startswith("too late"):
        message = f"too late: {message}"
    return {
        "type": "result",
        "move": str(move),
        "accepted": False,
        "reason": rejection.reason.value,
        "too_late": too_late,
        "message": message,
    }


def error_message(code: str, message: str) -> dict[str, Any]:
    """An ``error`` message: what was wrong with a client message (nothing was done).

    >>> from nertslib.server.protocol import error_message
    >>> error_message("not_your_seat", "this connection plays seat 0")["error"]
    'not_your_seat'
    """
    return {"type": "error", "error": code, "message": message}
