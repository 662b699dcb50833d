"""JSON for states, moves, variants, outcomes and replays, with a schema version.

Every value is written as a JSON object, a *document*, that starts with three header keys:

* ``"schema"``: the layout of the document (:data:`SCHEMA_VERSION`);
* ``"type"``: ``"state"``, ``"move"``, ``"variant"``, ``"outcome"``, ``"replay"`` or
  ``"view"`` (what one seat may see, :func:`nertslib.view`);
* ``"rules_version"``: the meaning of the rules the value was made under
  (:data:`nertslib.variants.RULES_VERSION`).

The rest is plain, readable data: cards are card codes (``"6H"``; in a seat's piles the owner is
that seat, on the foundations the code carries its owner's seat digit, ``"6H0"``, as in NFEN),
moves are move notation (``"0:6H@N>F3"``), a variant is :meth:`~nertslib.Variant.to_dict`.

>>> import nertslib as nl
>>> from nertslib.serialize import from_json, to_data, to_json
>>> to_json(nl.Move.parse("0:6H@N>F3"))
'{"schema": 1, "type": "move", "rules_version": 1, "move": "0:6H@N>F3"}'
>>> state = nl.deal("standard", seats=2, seed=4)
>>> from_json(to_json(state), nl.GameState) == state
True

A view (what one seat may see: :func:`nertslib.view`) is a document too, for hosts that send
each player its own view; it never holds a hidden card or the seed:

>>> mine = nl.view(state, 0)
>>> from_json(to_json(mine), nl.View) == mine, "seed" in to_data(mine)
(True, False)
>>> to_data(mine)["seats"][1]["nerts"], to_data(mine)["seats"][1]["nerts_size"]
(['JC'], 13)

Reading checks everything: the header, every key (a missing or unknown key is an error), every
value's type, and that a state is a legal position exactly as :meth:`GameState.from_nfen
<nertslib.GameState.from_nfen>` checks it. Each problem raises :class:`SerializationError` (a
:class:`ValueError`) naming the key and quoting the value. See ``docs/serialization.md`` for the
whole format and the schema version policy.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final, TypeAlias, TypeVar, cast, overload

from nertslib.cards import MAX_PASSES, MAX_SEATS, OWNER
from nertslib.errors import NertsError, parsed
from nertslib.moves import Move
from nertslib.nfen import Hand, Piles, SeatPiles, SeatViewParts
from nertslib.notation import (
    CODE,
    CODE_IDS,
    FCODE,
    FND_INDEX,
    parse_work,
    work_codes,
)
from nertslib.quoting import clipped, excerpt
from nertslib.replay import BATCH_NOTE_PREFIX, NOTE_PREFIX, RESOLVE, Batch, Event, Replay
from nertslib.scoring import Outcome
from nertslib.state import SEED_LIMIT, EndReason, GameState, Layout, position, seat_layout
from nertslib.variants import RULES_VERSION, Variant
from nertslib.views import SeatView, View, seat_view_of, view_of

__all__ = [
    "SCHEMA_VERSION",
    "SerializationError",
    "Value",
    "from_data",
    "from_json",
    "to_data",
    "to_json",
]

#: The version of the JSON layout written by :func:`to_json`. Documents of this or an older
#: schema are read; a newer one is refused (see ``docs/serialization.md``).
#:
#: .. versionadded:: 0.1.0
SCHEMA_VERSION: Final = 1

#: Anything :func:`to_json` writes and :func:`from_json` reads.
Value: TypeAlias = GameState | Move | Variant | Outcome | Replay | View

_T = TypeVar("_T", GameState, Move, Variant, Outcome, Replay, View)


class SerializationError(NertsError):
    """A document cannot be read: it names the key that is wrong and quotes its value.

    It is a :class:`ValueError` (through :class:`~nertslib.NertsError`).

    >>> from nertslib.serialize import SerializationError, from_json
    >>> from_json('{"schema": 1, "type": "move", "rules_version": 1, "move": "0:6H@N>Q"}')
    Traceback (most recent call last):
    ...
    nertslib.serialize.SerializationError: move: not a move: '0:6H@N>Q' (expected e.g. ...)

    .. versionadded:: 0.1.0
    """


# --- tables -------------------------------------------------------------------------------------

_EXPECT: Final[dict[type, str]] = {
    GameState: "state",
    Move: "move",
    Variant: "variant",
    Outcome: "outcome",
    Replay: "replay",
    View: "view",
}
_TYPES: Final = tuple(_EXPECT.values())
_HEADER: Final = ("schema", "type", "rules_version")
#: The keys a state and a view document share, after their ``"seats"``.
_HAND_KEYS: Final = ("foundations", "status", "caller", "stalled", "resolutions")
_STATE_KEYS: Final = ("variant", "seats", *_HAND_KEYS, "seed")
_SEAT_KEYS: Final = ("nerts", "work", "stock", "waste", "passes")
_SEAT_OPTIONAL: Final = ("down",)
_STATUSES: Final = ("play", "nerts", "stalemate")
_REASONS: Final = tuple(r.value for r in EndReason)


def _fail(where: str, problem: str, value: object) -> SerializationError:
    return SerializationError(f"{where}: {problem}, got {excerpt(value)}")


# --- writing ------------------------------------------------------------------------------------


def _seat_data(lay: Layout) -> dict[str, Any]:
    code = CODE.__getitem__
    data: dict[str, Any] = {
        "nerts": list(map(code, lay.nerts)),
        "work": [work_codes(pile, lay.bound) for pile in lay.work],
    }
    if lay.down:
        data["down"] = [list(map(code, pile)) for pile in lay.down]
    deck, cursor = lay.deck, lay.cursor
    data["stock"] = list(map(code, reversed(deck[cursor:])))
    data["waste"] = list(map(code, deck[:cursor]))
    data["passes"] = lay.passes
    return data


def _seat_view_data(sv: SeatView) -> dict[str, Any]:
    code = CODE.__getitem__
    data: dict[str, Any] = {
        "nerts_size": sv.nerts_size,
        "nerts": list(map(code, sv.nerts)),
        "work": [work_codes(pile, sv.bound) for pile in sv.work],
    }
    if sv.down:
        data["down"] = list(sv.down)
    data["stock_size"] = sv.stock_size
    data["waste_size"] = sv.waste_size
    data["waste"] = list(map(code, sv.waste))
    data["passes"] = sv.passes
    return data


def _hand_data(value: GameState | View) -> dict[str, Any]:
    """The :data:`_HAND_KEYS` of a state or view document."""
    status = "play" if value.status is None else value.status.value
    return {
        "foundations": [list(map(FCODE.__getitem__, pile)) for pile in value.fnd],
        "status": status,
        "caller": value.caller if status == "nerts" else None,
        "stalled": value.stalled,
        "resolutions": value.resolutions,
    }


def _event_data(event: Event) -> str | list[str]:
    if isinstance(event, Batch):
        return [str(move) for move in event.moves]
    return "resolve" if event is RESOLVE else str(event)


def to_data(value: Value) -> dict[str, Any]:
    """The document for ``value`` as plain data (dicts, lists, strings, ints, bools, ``None``).

    :func:`to_json` is ``json.dumps`` of this; :func:`from_data` reverses it.

    Raises:
        TypeError: if ``value`` is not a state, move, variant, outcome, replay or view.

    >>> import nertslib as nl
    >>> from nertslib.serialize import to_data
    >>> to_data(nl.Outcome(nl.EndReason.NERTS, caller=1, scores=(3, 10)))
    {'schema': 1, 'type': 'outcome', 'rules_version': 1, 'reason': 'nerts', 'caller': 1, ...}
    >>> data = to_data(nl.deal("standard", seats=1, seed=3))
    >>> list(data)  # doctest: +NORMALIZE_WHITESPACE
    ['schema', 'type', 'rules_version', 'variant', 'seats', 'foundations', 'status', 'caller',
     'stalled', 'resolutions', 'seed']
    >>> data["seats"][0]["work"], data["seats"][0]["passes"], data["foundations"]
    ([['8D'], ['7D'], ['JD'], ['3C']], 0, [])

    .. versionadded:: 0.1.0
    """
    obj: object = value
    body: dict[str, Any]
    if isinstance(obj, GameState):
        seats = list(map(_seat_data, obj.layouts))
        body = {"variant": obj.variant.to_dict(), "seats": seats, **_hand_data(obj)}
        body["seed"] = obj.seed
    elif isinstance(obj, View):
        body = {"variant": obj.variant.to_dict(), "viewer": obj.seat}
        body.update(seats=list(map(_seat_view_data, obj.seats)), **_hand_data(obj))
    elif isinstance(obj, Move):
        body = {"move": str(obj)}
    elif isinstance(obj, Variant):
        body = {"variant": obj.to_dict()}
    elif isinstance(obj, Outcome):
        body = {"reason": obj.reason.value, "caller": obj.caller, "scores": list(obj.scores)}
    elif isinstance(obj, Replay):
        events = [_event_data(e) for e in obj.events]
        body = {"variant": obj.variant.to_dict(), "seats": obj.seats, "seed": obj.seed}
        body["events"] = events
    else:
        msg = f"cannot serialize {type(value).__name__} values: {excerpt(value)}"
        raise TypeError(msg)
    kind = next(k for cls, k in _EXPECT.items() if isinstance(obj, cls))
    return {"schema": SCHEMA_VERSION, "type": kind, "rules_version": RULES_VERSION, **body}


def to_json(value: Value, *, indent: int | None = None) -> str:
    """``value`` as a JSON document (see the module docs); :func:`from_json` reads it back.

    Keys come in a fixed order (the header first), so equal values give equal texts. With
    ``indent``, the text is pretty-printed with that many spaces per level.

    Raises:
        TypeError: if ``value`` is not a state, move, variant, outcome, replay or view.

    >>> import nertslib as nl
    >>> from nertslib.serialize import to_json
    >>> print(to_json(nl.Outcome(nl.EndReason.STALEMATE, caller=None, scores=(-4, 0)), indent=2))
    {
      "schema": 1,
      "type": "outcome",
      "rules_version": 1,
      "reason": "stalemate",
      "caller": null,
      "scores": [
        -4,
        0
      ]
    }

    .. versionadded:: 0.1.0
    """
    data = to_data(value)
    # the data holds no floats; the default encoder (no keywords) is the fastest
    return json.dumps(data) if indent is None else json.dumps(data, indent=indent)


# --- reading: shapes ----------------------------------------------------------------------------


def _keys(
    data: object, where: str, required: tuple[str, ...], optional: tuple[str, ...] = ()
) -> None:
    if not isinstance(data, dict):
        raise _fail(where, "expected a JSON object", data)
    missing = [k for k in required if k not in data]
    if missing:
        names = ", ".join(repr(k) for k in missing)
        msg = f"{where}: missing key{'s' if len(missing) > 1 else ''} {names}"
        raise SerializationError(msg)
    if len(data) > len(required):
        extra = sorted(str(k) for k in data if k not in required and k not in optional)
        if extra:
            names = ", ".join(repr(k) for k in extra)
            msg = f"{where}: unknown key{'s' if len(extra) > 1 else ''} {names}"
            raise SerializationError(msg)


def _int(value: object, where: str, low: int = 0, high: int | None = None) -> int:
    if type(value) is not int or value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f">= {low}"
        raise _fail(where, f"expected an int {bound}", value)
    return value


def _list(value: object, where: str, what: str) -> list[Any]:
    if type(value) is not list:
        raise _fail(where, f"expected a list of {what}", value)
    return value


def _pile(value: object, where: str, table: Mapping[str, int]) -> tuple[int, ...]:
    codes = _list(value, where, "card codes")
    return _ids(codes, where, table, "expected a card code such as '10H' or 'QS'")


def _ids(codes: list[Any], where: str, table: Mapping[str, int], expected: str) -> tuple[int, ...]:
    """The ids of ``codes`` by ``table``; the first that is no key of it is refused."""
    try:
        return tuple([table[c] for c in codes])
    except (KeyError, TypeError):
        pass
    for i, c in enumerate(codes):
        if not isinstance(c, str) or c not in table:
            raise _fail(f"{where}[{i}]", expected, c)
    raise AssertionError  # pragma: no cover - some code was bad


def _work_pile(
    value: object, where: str, table: Mapping[str, int], seat: int, binds: dict[int, int]
) -> tuple[int, ...]:
    """A work pile's codes, bound jokers (``"X1(r9)"``) included (their keys go to ``binds``)."""
    codes = _list(value, where, "card codes")
    out: list[int] = []
    for i, c in enumerate(codes):
        if isinstance(c, str) and c in table:
            out.append(table[c])
            continue
        if isinstance(c, str) and "(" in c and "." not in c:
            try:
                out.append(parse_work(c, seat, binds)[0])
            except ValueError:
                pass
            else:
                continue
        raise _fail(f"{where}[{i}]", "expected a card code such as '10H', 'QS' or 'X1(r9)'", c)
    return tuple(out)


def _per_work_pile(value: object, where: str, nwork: int, what: str, each: str) -> list[Any]:
    """A list of ``what``, one per work pile (``each`` names them in the error)."""
    items = _list(value, where, what)
    if len(items) != nwork:
        raise _fail(where, f"expected {nwork} {each}", items)
    return items


def _work_piles(
    d: dict[str, Any], where: str, seat: int, nwork: int, binds: dict[int, int]
) -> Piles:
    """A seat's ``"work"`` value: its piles (the keys of its bound jokers go to ``binds``)."""
    work = _per_work_pile(d["work"], f"{where}.work", nwork, "work piles", "work piles")
    table = CODE_IDS[seat]
    return tuple(
        [_work_pile(p, f"{where}.work[{i}]", table, seat, binds) for i, p in enumerate(work)]
    )


def _fnd_pile(value: object, where: str) -> tuple[int, ...]:
    codes = _list(value, where, "card codes with owner seats")
    if not codes:
        raise _fail(where, "a foundation is never empty", codes)
    return _ids(codes, where, FND_INDEX, "expected a card code + owner seat such as '6H0'")


def _variant_from(data: object, where: str) -> Variant:
    if not isinstance(data, dict):
        raise _fail(where, "expected a JSON object of Variant fields", data)
    try:
        return Variant.from_dict(data)
    except (ValueError, TypeError) as exc:
        msg = f"{where}: {exc}"
        raise SerializationError(msg) from None


# --- reading: states ----------------------------------------------------------------------------


def _seat_piles(data: object, seat: int, nwork: int) -> SeatPiles:
    """One seat of a state document: its piles, their shapes checked (not their legality)."""
    where = f"seats[{seat}]"
    _keys(data, where, _SEAT_KEYS, _SEAT_OPTIONAL)
    d = cast("dict[str, Any]", data)
    table = CODE_IDS[seat]
    nerts = _pile(d["nerts"], f"{where}.nerts", table)
    binds: dict[int, int] = {}
    piles = _work_piles(d, where, seat, nwork, binds)
    stock = _pile(d["stock"], f"{where}.stock", table)
    waste = _pile(d["waste"], f"{where}.waste", table)
    down = _down_piles(d, seat, nwork, table)
    passes = _int(d["passes"], f"{where}.passes", 0, MAX_PASSES)
    return SeatPiles(nerts, piles, down, stock, waste, passes, binds)


def _down_piles(
    d: dict[str, Any], seat: int, nwork: int, table: Mapping[str, int]
) -> tuple[tuple[int, ...], ...]:
    """A seat's face-down work cards (its optional ``"down"`` key), ``()`` without the key."""
    if "down" not in d:
        return ()
    where = f"seats[{seat}].down"
    down = _per_work_pile(d["down"], where, nwork, "face-down piles", "piles (one per work pile)")
    return tuple([_pile(p, f"{where}[{i}]", table) for i, p in enumerate(down)])


def _foundations_from(value: object) -> tuple[tuple[int, ...], ...]:
    """The ``"foundations"`` value of a document as card ids, each pile's shape checked."""
    fnd_data = _list(value, "foundations", "foundation piles")
    return tuple([_fnd_pile(p, f"foundations[{k}]") for k, p in enumerate(fnd_data)])


def _seats_of(data: dict[str, Any]) -> list[Any]:
    """The ``"seats"`` value of a state or view document: a list of 1 to 8 items."""
    seats_data = _list(data["seats"], "seats", "seats")
    if not 1 <= len(seats_data) <= MAX_SEATS:
        raise _fail("seats", f"a hand has 1 to {MAX_SEATS} seats", seats_data)
    return seats_data


def _hand_of(data: dict[str, Any], n: int) -> Hand:
    """The status, caller, stalled flag and resolution count of an ``n``-seat document."""
    status_text, caller = data["status"], data["caller"]
    if status_text not in _STATUSES:
        raise _fail("status", "expected 'play', 'nerts' or 'stalemate'", status_text)
    if status_text == "nerts":
        caller = _int(caller, "caller", 0, n - 1)
    elif caller is not None:
        raise _fail("caller", f"expected null when the status is {excerpt(status_text)}", caller)
    else:
        caller = -1
    status = None if status_text == "play" else EndReason(status_text)
    stalled = data["stalled"]
    if type(stalled) is not bool:
        raise _fail("stalled", "expected true or false", stalled)
    return Hand(status, caller, stalled, _int(data["resolutions"], "resolutions"))


def _state_from(data: dict[str, Any]) -> GameState:
    """A state document, its shapes checked here and the state by the position validator."""
    _keys(data, "state", _HEADER + _STATE_KEYS)
    variant = _variant_from(data["variant"], "variant")
    seats_data = _seats_of(data)
    n = len(seats_data)
    nwork = variant.work_pile_count(n)
    seats = [_seat_piles(s, i, nwork) for i, s in enumerate(seats_data)]
    fnd = _foundations_from(data["foundations"])
    hand = _hand_of(data, n)
    seed = _int(data["seed"], "seed", 0, SEED_LIMIT - 1)
    try:
        variant.check_seats(n)
        layouts = [seat_layout(variant, i, piles) for i, piles in enumerate(seats)]
        _check_owners(fnd, n)
        return position(variant, layouts, fnd, hand, seed)
    except NertsError as exc:
        msg = f"state: not a legal position: {clipped(str(exc))}"
        raise SerializationError(msg) from exc


def _check_owners(fnd: tuple[tuple[int, ...], ...], n: int) -> None:
    """Refuse a foundation card of a seat that does not play, as the NFEN reader words it."""
    for k, pile in enumerate(fnd):
        for c in pile:
            if OWNER[c] >= n:
                msg = f"foundation {k}: {excerpt(FCODE[c])} is not a card code + owner seat"
                raise NertsError(msg)


# --- reading: the other documents ---------------------------------------------------------------


def _move_from(text: object, where: str) -> Move:
    if not isinstance(text, str):
        raise _fail(where, "expected move notation such as '0:6H@N>F3'", text)
    try:
        return Move.parse(text)
    except ValueError as exc:
        msg = f"{where}: {exc}"
        raise SerializationError(msg) from None


def _outcome_from(data: dict[str, Any]) -> Outcome:
    _keys(data, "outcome", (*_HEADER, "reason", "caller", "scores"))
    reason = data["reason"]
    if reason not in _REASONS:
        raise _fail("reason", "expected 'nerts' or 'stalemate'", reason)
    scores = _list(data["scores"], "scores", "ints")
    if not 1 <= len(scores) <= MAX_SEATS:
        raise _fail("scores", f"expected 1 to {MAX_SEATS} scores", scores)
    for i, score in enumerate(scores):
        if type(score) is not int:
            raise _fail(f"scores[{i}]", "expected an int", score)
    caller = data["caller"]
    if reason == "nerts":
        caller = _int(caller, "caller", 0, len(scores) - 1)
    elif caller is not None:
        raise _fail("caller", "expected null when the reason is 'stalemate'", caller)
    return Outcome(EndReason(reason), caller, tuple(scores))


def _replay_from(data: dict[str, Any]) -> Replay:
    _keys(data, "replay", (*_HEADER, "variant", "seats", "seed", "events"))
    variant = _variant_from(data["variant"], "variant")
    seats = _int(data["seats"], "seats", 1, MAX_SEATS)
    seed = _int(data["seed"], "seed", 0, SEED_LIMIT - 1)
    events_data = _list(data["events"], "events", "events")
    events: list[Event] = []
    for i, item in enumerate(events_data):
        if item == "resolve":
            events.append(RESOLVE)
        elif isinstance(item, list):
            if not item:
                raise _fail(f"events[{i}]", "expected a batch of one or more moves", item)
            events.append(Batch(_move_from(m, f"events[{i}][{k}]") for k, m in enumerate(item)))
        else:
            events.append(_move_from(item, f"events[{i}]"))
    try:
        return Replay(variant, seats, seed, tuple(events))
    except ValueError as exc:
        # the Replay names the event in a note (events[i]); keep the engine's sentence
        all_notes = getattr(exc, "__notes__", [])
        notes = [n for n in all_notes if n.startswith(NOTE_PREFIX)]
        where = notes[-1].removeprefix(NOTE_PREFIX) if notes else "replay"
        where += "".join(
            f"[{n.removeprefix(BATCH_NOTE_PREFIX)}"
            for n in all_notes
            if n.startswith(BATCH_NOTE_PREFIX)
        )
        msg = f"{where}: {exc}"
        raise SerializationError(msg) from exc


# --- reading: views -----------------------------------------------------------------------------

_VIEW_KEYS: Final = ("variant", "viewer", "seats", *_HAND_KEYS)
_SEAT_VIEW_KEYS: Final = (
    "nerts_size",
    "nerts",
    "work",
    "stock_size",
    "waste_size",
    "waste",
    "passes",
)
#: No pile or count of a view exceeds a deck; a larger count is refused before any text is built.
_MAX_COUNT: Final = 999


def _seat_view_parts(data: object, seat: int, nwork: int) -> SeatViewParts:
    """One seat of a view document, every value's type checked (not yet the view's rules)."""
    where = f"seats[{seat}]"
    _keys(data, where, _SEAT_VIEW_KEYS, ("down",))
    d = cast("dict[str, Any]", data)
    table = CODE_IDS[seat]
    nerts_size = _int(d["nerts_size"], f"{where}.nerts_size", 0, _MAX_COUNT)
    nerts = _pile(d["nerts"], f"{where}.nerts", table)
    if len(nerts) > nerts_size:
        raise _fail(f"{where}.nerts", f"shows more cards than nerts_size {nerts_size}", d["nerts"])
    binds: dict[int, int] = {}
    work = _work_piles(d, where, seat, nwork, binds)
    down = [0] * nwork
    if "down" in d:
        down_data = _per_work_pile(d["down"], f"{where}.down", nwork, "face-down counts", "counts")
        down = [_int(k, f"{where}.down[{i}]", 0, _MAX_COUNT) for i, k in enumerate(down_data)]
    stock = _int(d["stock_size"], f"{where}.stock_size", 0, _MAX_COUNT)
    waste_size = _int(d["waste_size"], f"{where}.waste_size", 0, _MAX_COUNT)
    waste = _pile(d["waste"], f"{where}.waste", table)
    if len(waste) > waste_size:
        raise _fail(f"{where}.waste", f"shows more cards than waste_size {waste_size}", d["waste"])
    passes = _int(d["passes"], f"{where}.passes", 0, MAX_PASSES)
    hidden_w = waste_size - len(waste)
    return SeatViewParts(
        nerts_size - len(nerts), nerts, work, tuple(down), binds, stock, hidden_w, waste, passes
    )


def _view_from(data: dict[str, Any]) -> View:
    """A view document, its shapes checked here and the view by the view readers' checks."""
    _keys(data, "view", _HEADER + _VIEW_KEYS)
    variant = _variant_from(data["variant"], "variant")
    seats_data = _seats_of(data)
    n = len(seats_data)
    viewer = data["viewer"]
    if viewer is not None:
        viewer = _int(viewer, "viewer", 0, n - 1)
    nwork = variant.work_pile_count(n)
    seats = [_seat_view_parts(s, i, nwork) for i, s in enumerate(seats_data)]
    fnd = _foundations_from(data["foundations"])
    hand = _hand_of(data, n)
    try:
        variant.check_seats(n)
        views = [seat_view_of(variant, i, viewer, parts) for i, parts in enumerate(seats)]
        _check_owners(fnd, n)
        return view_of(variant, viewer, views, fnd, hand)
    except NertsError as exc:
        msg = f"view: no position shows this view: {clipped(str(exc))}"
        raise SerializationError(msg) from exc


def _check_header(data: object, expect: str | None) -> str:
    if not isinstance(data, dict):
        raise _fail("document", "expected a JSON object", data)
    schema = data.get("schema")
    if "schema" not in data:
        msg = "document: missing key 'schema'"
        raise SerializationError(msg)
    if type(schema) is not int or schema < 1:
        raise _fail("schema", f"expected an int 1..{SCHEMA_VERSION}", schema)
    if schema > SCHEMA_VERSION:
        msg = (
            f"schema: {excerpt(schema)} is newer than this nertslib reads ({SCHEMA_VERSION}); "
            "upgrade nertslib"
        )
        raise SerializationError(msg)
    if "type" not in data:
        msg = "document: missing key 'type'"
        raise SerializationError(msg)
    kind = data["type"]
    if kind not in _TYPES:
        shown = ", ".join(repr(t) for t in _TYPES)
        raise _fail("type", f"expected one of {shown}", kind)
    if expect is not None and kind != expect:
        raise _fail("type", f"expected {excerpt(expect)}", kind)
    if "rules_version" not in data:
        msg = "document: missing key 'rules_version'"
        raise SerializationError(msg)
    rules = data["rules_version"]
    if type(rules) is not int or rules != RULES_VERSION:
        raise _fail("rules_version", f"this nertslib plays rules version {RULES_VERSION}", rules)
    return cast(str, kind)


@overload
def from_data(data: object, expect: type[_T]) -> _T: ...
@overload
def from_data(data: object, expect: None = None) -> Value: ...
def from_data(data: object, expect: type[Any] | None = None) -> Value:
    """Read a document given as plain data (what :func:`to_data` returns or ``json.loads`` reads).

    ``expect`` is the class you want (``GameState``, ``Move``, ``Variant``, ``Outcome``,
    ``Replay`` or ``View``); a document of another type is then refused. Without it, any type
    is read.

    Raises:
        SerializationError: (a :class:`ValueError`) for a newer schema, another rules version,
            an unexpected type, a missing or unknown key, a value of the wrong kind, an illegal
            position, or an illegal replay event. The message names the key and quotes the
            value.
        TypeError: if ``expect`` is not one of the six classes.

    >>> import nertslib as nl
    >>> from nertslib.serialize import from_data
    >>> from_data({"schema": 1, "type": "move", "rules_version": 1, "move": "2:turn"})
    Move.parse('2:turn')
    >>> from_data({"schema": 1, "type": "move", "rules_version": 1, "move": "2:turn"}, nl.Variant)
    Traceback (most recent call last):
    ...
    nertslib.serialize.SerializationError: type: expected 'variant', got 'move'

    .. versionadded:: 0.1.0
    """
    want = None
    if expect is not None:
        want = _EXPECT.get(expect)
        if want is None:
            msg = (
                "expect must be GameState, Move, Variant, Outcome, Replay or View, "
                f"got {excerpt(expect)}"
            )
            raise TypeError(msg)
    kind = _check_header(data, want)
    d = cast("dict[str, Any]", data)  # a string: no generic alias built per call
    if kind == "state":
        return _state_from(d)
    if kind == "move":
        _keys(d, "move", (*_HEADER, "move"))
        return _move_from(d["move"], "move")
    if kind == "variant":
        _keys(d, "variant", (*_HEADER, "variant"))
        return _variant_from(d["variant"], "variant")
    if kind == "outcome":
        return _outcome_from(d)
    if kind == "view":
        return _view_from(d)
    return _replay_from(d)


@overload
def from_json(text: str | bytes, expect: type[_T]) -> _T: ...
@overload
def from_json(text: str | bytes, expect: None = None) -> Value: ...
def from_json(text: str | bytes, expect: type[Any] | None = None) -> Value:
    """Read a document written by :func:`to_json` (see :func:`from_data` for ``expect``).

    Raises:
        SerializationError: (a :class:`ValueError`) for text that is not JSON, and for every
            problem :func:`from_data` reports.

    >>> import nertslib as nl
    >>> from nertslib.serialize import from_json, to_json
    >>> variant = nl.Variant(stock_turn=1)
    >>> from_json(to_json(variant), nl.Variant)
    Variant.from_spec('standard,stock_turn=1')
    >>> from_json('{"schema": 2, "type": "state"}')
    Traceback (most recent call last):
    ...
    nertslib.serialize.SerializationError: schema: 2 is newer than this nertslib reads (1); ...

    .. versionadded:: 0.1.0
    """
    if not isinstance(text, str | bytes | bytearray):
        raise _fail("text", "expected a str or bytes of JSON", text)
    return from_data(parsed(_json_value, text, "JSON", SerializationError), expect)


def _json_value(text: str | bytes | bytearray) -> object:
    # json.loads would build a decoder for the keyword each call
    if isinstance(text, str):
        return _DECODER.decode(text)
    return json.loads(text, parse_constant=_no_constant)


def _no_constant(name: str) -> object:
    msg = f"not JSON: {name} is not a JSON value"
    raise SerializationError(msg)


_DECODER: Final = json.JSONDecoder(parse_constant=_no_constant)
