"""Variants: every rule knob of Nerts as one frozen, validated value, and the named presets.

A :class:`Variant` is data: the engine branches on its fields in a few predicates and never on a
preset's name. Build house rules by naming the fields you change::

    >>> import nertslib as nl
    >>> house = nl.Variant(stock_turn=1, caller_bonus=10)
    >>> house.to_spec()
    'standard,stock_turn=1,caller_bonus=10'
    >>> nl.Variant.from_spec(house.to_spec()) == house
    True
    >>> nl.variants.get("NNA").target_score
    150
    >>> nl.variants.names()
    ('standard', 'nna', 'racing_demon', 'pounce')
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Mapping
from operator import attrgetter
from pathlib import Path
from typing import Any, Final, Literal, cast

import attrs

from nertslib.cards import MAX_JOKERS, MAX_SEATS
from nertslib.errors import NertsError, parsed
from nertslib.knobs import (
    CALL_MODE,
    FOUNDATION_BUILD,
    FOUNDATION_LIMIT,
    JOKER_BINDING,
    SLIDE_UNDER,
    SPACE_FILL,
    STOCK_ACCESS,
    STOCK_REMAINDER,
    STUCK_RESOLUTION,
    TIE_POLICY,
    WORK_PILE_LAYOUT,
    WORK_PILE_MOVE,
    BySeatCount,
    CallMode,
    FoundationBuild,
    FoundationLimit,
    JokerBinding,
    Knob,
    SlideUnder,
    SpaceFill,
    StockAccess,
    StockRemainder,
    StuckResolution,
    TiePolicy,
    WorkPileLayout,
    WorkPileMove,
)
from nertslib.quoting import clipped, excerpt

__all__ = [
    "RULES_VERSION",
    "Variant",
    "get",
    "load",
    "names",
    "register",
    "save",
]

#: Bumped whenever the meaning of a saved state or replay changes.
RULES_VERSION: Final = 1


#: Not yet honoured by the engine; a Variant asking for them is refused rather than ignored.
_UNSUPPORTED: Final[dict[str, tuple[object, ...]]] = {}


def _refuse_unsupported(name: str, value: object) -> None:
    if value in _UNSUPPORTED.get(name, ()):
        msg = (
            f"Variant.{name}={value!r} is a rules.md knob that this version of "
            "nertslib does not implement yet"
        )
        raise NertsError(msg)


def _one_of(*allowed: object) -> Any:
    def check(_inst: object, attr: attrs.Attribute[Any], value: object) -> None:
        if value not in allowed or type(value) is not type(allowed[0]):
            shown = ", ".join(repr(a) for a in allowed)
            msg = f"Variant.{attr.name} must be one of {shown}; got {excerpt(value)}"
            raise NertsError(msg)
        _refuse_unsupported(attr.name, value)

    return check


def _member(knob: Knob[Any]) -> Any:
    """A choice knob's check: one of the values of its table (:mod:`nertslib.knobs`)."""
    return _one_of(*knob.values)


def _int_in(low: int, high: int | None) -> Any:
    def check(_inst: object, attr: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not int or value < low or (high is not None and value > high):
            bound = f"{low}..{high}" if high is not None else f">= {low}"
            msg = f"Variant.{attr.name} must be an int {bound}; got {excerpt(value)}"
            raise NertsError(msg)
        _refuse_unsupported(attr.name, value)

    return check


def _check_work_piles(_inst: object, _attr: attrs.Attribute[Any], value: object) -> None:
    if value == "by_seat_count":
        return
    if type(value) is not int or not 1 <= value <= 8:
        msg = f"Variant.work_piles must be an int 1..8 or 'by_seat_count'; got {excerpt(value)}"
        raise NertsError(msg)


def _check_passes(_inst: object, _attr: attrs.Attribute[Any], value: object) -> None:
    if value is not None and (type(value) is not int or value < 0):
        msg = (
            "Variant.max_stock_passes must be None (unlimited) or an int >= 0; "
            f"got {excerpt(value)}"
        )
        raise NertsError(msg)


def _check_teams(_inst: object, _attr: attrs.Attribute[Any], value: object) -> None:
    if value is None:
        return
    ok = isinstance(value, tuple) and all(
        isinstance(t, tuple) and t and all(type(s) is int and 0 <= s < MAX_SEATS for s in t)
        for t in value
    )
    seats = [s for t in value for s in t] if ok else []  # type: ignore[attr-defined]
    if not ok or len(seats) != len(set(seats)) or len(value) < 1:  # type: ignore[arg-type]
        msg = (
            "Variant.teams must be None or a tuple of disjoint, non-empty tuples of seat "
            f"numbers 0..{MAX_SEATS - 1}; got {excerpt(value)}"
        )
        raise NertsError(msg)


def _to_teams(value: object) -> object:
    if isinstance(value, list | tuple):
        return tuple(tuple(t) if isinstance(t, list | tuple) else t for t in value)
    return value


@attrs.frozen(repr=False, cache_hash=True)
class Variant:
    """The rules of one table: every knob of rules.md §11, validated on construction.

    All fields are keyword arguments with the standard game as defaults, so ``Variant()`` is
    the standard game and ``Variant(caller_bonus=10)`` is a house rule. Invalid values raise
    :class:`ValueError` naming the field and the allowed values:

    >>> import nertslib as nl
    >>> nl.Variant(stock_turn=2)
    Traceback (most recent call last):
    ...
    nertslib.errors.NertsError: Variant.stock_turn must be one of 1, 3; got 2

    ``repr`` rebuilds the value from its spec string (see :meth:`to_spec`):

    >>> nl.Variant(stock_turn=1)
    Variant.from_spec('standard,stock_turn=1')

    Attributes:
        nerts_pile_size: Cards dealt to each Nerts pile (1–26).
        nerts_pile_face_up: Whether the whole Nerts pile is visible to everyone (views only).
        work_piles: Work piles per seat (1–8), or ``"by_seat_count"``: 6 for one or two
            seats, 5 for three, 4 for four or more.
        work_pile_layout: ``"single"`` (one face-up card per pile) or ``"klondike"`` (Pounce:
            pile ``i`` is dealt ``i + 1`` cards, all face down but the top; a face-down card
            turns up when the cards on it leave, and nothing slides under a face-down card).
        work_pile_move: What may move between work piles: ``"any_suffix"`` (any card with
            everything above it), ``"top_card"`` (single cards), ``"whole_pile"`` (a pile's
            top card, or the whole pile).
        space_fill: What may fill an empty work pile: ``"any"`` card, only the Nerts top
            (``"nerts_only"``), or only Kings (``"king_only"``).
        space_fill_mandatory: While a seat has an empty work pile and a Nerts top that may
            fill it, its only moves are that Nerts top into a space (no other card move, no
            stock action); when the space rule forbids the fill (a ``"king_only"`` space and
            no King on top) the mandate lapses (Racing Demon).
        slide_under: When a card may slide under a work pile's base: ``"off"``, while a space
            is empty (``"needs_space"``), or ``"always"``.
        foundation_build: How foundations build up from the Ace: by suit, alternating colour,
            any suit, or ``"by_seat_count"`` (4+ seats by suit, 3 alternating, 1–2 any suit).
        foundation_limit: ``"unlimited"`` foundations, or ``"one_per_suit"`` of Ace suit.
        tie_policy: How the batch arbiter settles equal cards submitted together onto one
            foundation. ``apply`` always orders moves: the second one loses the race.
        stock_turn: Cards turned from the stock to the waste at once (1 or 3).
        stock_remainder: Fewer cards left than a turn: put them on the waste and turn the
            waste over at once (``"flip_immediately"``, the seeds' rule and the standard) or
            turn them like a normal turn and restock by a separate action (``"partial_turn"``,
            a house rule).
        max_stock_passes: How often the waste may be turned over into a new stock (``None``:
            no limit).
        stock_access: ``"anytime"``, or ``"when_blocked"``: stock actions only while the seat
            has no play to a foundation, from its Nerts pile or from its waste.
        stuck_resolution: What :func:`nertslib.resolve_stalemate` does when every seat is
            stuck: ``"restock"`` (the seeds' rule) turns every seat's waste into a new stock
            (the remaining stock cards onto the waste first, no card moved); ``"rotate_one"``
            also moves the new stock's top card to the bottom; ``"shuffle"`` shuffles every
            stock with the state's seed; ``"end_hand"`` ends the hand.
        call_mode: ``"optional"``: a seat with an empty Nerts pile may call Nerts. ``"auto"``:
            the hand ends the moment any Nerts pile empties.
        caller_bonus: Points for the seat that ends the hand by Nerts.
        foundation_points: Points per own card on the foundations.
        nerts_penalty: Points lost per card left in the Nerts pile.
        king_bonus: Points per own King on the foundations (a completed pile).
        target_score: A match ends when a seat (or team) reaches this total.
        jokers_per_deck: Jokers in each deck (0–2); see :mod:`nertslib.jokers`.
        joker_binding: How long a covered joker keeps its forced identity.
        teams: ``None``, or disjoint groups of seats that score and win together.

    .. versionadded:: 0.1.0
    """

    nerts_pile_size: int = attrs.field(default=13, validator=_int_in(1, 26), kw_only=True)
    nerts_pile_face_up: bool = attrs.field(
        default=False, validator=_one_of(False, True), kw_only=True
    )
    work_piles: int | BySeatCount = attrs.field(
        default=4, validator=_check_work_piles, kw_only=True
    )
    work_pile_layout: WorkPileLayout = attrs.field(
        default="single", validator=_member(WORK_PILE_LAYOUT), kw_only=True
    )
    work_pile_move: WorkPileMove = attrs.field(
        default="any_suffix", validator=_member(WORK_PILE_MOVE), kw_only=True
    )
    space_fill: SpaceFill = attrs.field(default="any", validator=_member(SPACE_FILL), kw_only=True)
    space_fill_mandatory: bool = attrs.field(
        default=False, validator=_one_of(False, True), kw_only=True
    )
    slide_under: SlideUnder = attrs.field(
        default="needs_space", validator=_member(SLIDE_UNDER), kw_only=True
    )
    foundation_build: FoundationBuild = attrs.field(
        default="same_suit", validator=_member(FOUNDATION_BUILD), kw_only=True
    )
    foundation_limit: FoundationLimit = attrs.field(
        default="unlimited", validator=_member(FOUNDATION_LIMIT), kw_only=True
    )
    tie_policy: TiePolicy = attrs.field(
        default="both_keep", validator=_member(TIE_POLICY), kw_only=True
    )
    stock_turn: int = attrs.field(default=3, validator=_one_of(1, 3), kw_only=True)
    stock_remainder: StockRemainder = attrs.field(
        default="flip_immediately", validator=_member(STOCK_REMAINDER), kw_only=True
    )
    max_stock_passes: int | None = attrs.field(default=None, validator=_check_passes, kw_only=True)
    stock_access: StockAccess = attrs.field(
        default="anytime", validator=_member(STOCK_ACCESS), kw_only=True
    )
    stuck_resolution: StuckResolution = attrs.field(
        default="restock", validator=_member(STUCK_RESOLUTION), kw_only=True
    )
    call_mode: CallMode = attrs.field(
        default="optional", validator=_member(CALL_MODE), kw_only=True
    )
    caller_bonus: int = attrs.field(default=0, validator=_int_in(-1000, 1000), kw_only=True)
    foundation_points: int = attrs.field(default=1, validator=_int_in(-100, 100), kw_only=True)
    nerts_penalty: int = attrs.field(default=2, validator=_int_in(-100, 100), kw_only=True)
    king_bonus: int = attrs.field(default=0, validator=_int_in(-100, 100), kw_only=True)
    target_score: int = attrs.field(default=100, validator=_int_in(1, 1_000_000), kw_only=True)
    jokers_per_deck: int = attrs.field(default=0, validator=_int_in(0, MAX_JOKERS), kw_only=True)
    joker_binding: JokerBinding = attrs.field(
        default="permanent", validator=_member(JOKER_BINDING), kw_only=True
    )
    teams: tuple[tuple[int, ...], ...] | None = attrs.field(
        default=None, converter=_to_teams, validator=_check_teams, kw_only=True
    )

    def __attrs_post_init__(self) -> None:
        if self.work_pile_layout == "klondike":
            most = 6 if self.work_piles == "by_seat_count" else self.work_piles
            dealt = most * (most + 1) // 2 + self.nerts_pile_size
            if dealt > 52:
                msg = (
                    f"Variant.work_pile_layout='klondike' with {most} work piles and a "
                    f"{self.nerts_pile_size}-card Nerts pile deals {dealt} cards; a deck has 52"
                )
                raise NertsError(msg)

    # --- derived rules, resolved per seat count -------------------------------------------

    def work_pile_count(self, seats: int) -> int:
        """The number of work piles each seat has in a hand of ``seats`` seats.

        >>> import nertslib as nl
        >>> nl.Variant(work_piles="by_seat_count").work_pile_count(3)
        5
        """
        if self.work_piles == "by_seat_count":
            return 6 if seats <= 2 else 5 if seats == 3 else 4
        return self.work_piles

    def foundation_rule(self, seats: int) -> Literal["same_suit", "alt_colour", "any_suit"]:
        """The foundation build rule in force for ``seats`` seats.

        >>> import nertslib as nl
        >>> nl.Variant(foundation_build="by_seat_count").foundation_rule(3)
        'alt_colour'
        """
        rule = self.foundation_build
        if rule == "by_seat_count":
            return "same_suit" if seats >= 4 else "alt_colour" if seats == 3 else "any_suit"
        return rule

    def check_seats(self, seats: int) -> None:
        """Raise :class:`~nertslib.NertsError` unless a hand of ``seats`` seats can be dealt.

        A hand has 1 to 8 seats (rules.md §1), and ``teams`` (if given) must group exactly
        the seats ``0 .. seats-1``.

        >>> import nertslib as nl
        >>> nl.Variant().check_seats(9)
        Traceback (most recent call last):
        ...
        nertslib.errors.NertsError: seats must be an int 1..8; got 9
        """
        if type(seats) is not int or not 1 <= seats <= MAX_SEATS:
            msg = f"seats must be an int 1..{MAX_SEATS}; got {excerpt(seats)}"
            raise NertsError(msg)
        if self.teams is not None:
            grouped = sorted(s for t in self.teams for s in t)
            if grouped != list(range(seats)):
                msg = f"Variant.teams {self.teams!r} must group exactly seats 0..{seats - 1}"
                raise NertsError(msg)

    # --- names, specs and JSON -------------------------------------------------------------

    @property
    def name(self) -> str | None:
        """The name of the preset this variant equals, or ``None`` for house rules."""
        for key, preset in _presets().items():
            if preset == self:
                return key
        return None

    def to_dict(self) -> dict[str, Any]:
        """Every field as plain JSON-able data (teams as lists)."""
        data = attrs.asdict(self, recurse=False)
        if self.teams is not None:
            data["teams"] = [list(t) for t in self.teams]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Variant:
        """Build a variant from :meth:`to_dict` output; missing fields take standard values.

        Raises:
            NertsError: (a :class:`ValueError`) for an unknown field or an invalid value.
        """
        if not isinstance(cast(object, data), Mapping):
            msg = f"a Variant is built from a mapping of its fields, got {excerpt(data)}"
            raise NertsError(msg)
        known = {a.name for a in attrs.fields(cls)}
        unknown = sorted(
            k if isinstance(cast(object, k), str) and len(k) <= _NAME_LIMIT else excerpt(k)
            for k in data
            if k not in known
        )
        if unknown:
            msg = f"unknown Variant field(s): {', '.join(unknown[:8])}"
            raise NertsError(msg)
        return cls(**data)

    def to_json(self) -> str:
        """The variant as a JSON object (see :meth:`to_dict`)."""
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Variant:
        """Inverse of :meth:`to_json`.

        Raises:
            NertsError: for malformed JSON (or a value that is not a ``str`` or ``bytes``) or
                invalid fields.
        """
        if not isinstance(cast(object, text), str | bytes | bytearray):
            msg = f"a Variant's JSON is a str, got {excerpt(text)}"
            raise NertsError(msg)
        data = parsed(json.loads, text, "JSON")
        if not isinstance(data, dict):
            msg = f"a Variant is a JSON object, got {excerpt(text)}"
            raise NertsError(msg)
        return cls.from_dict(data)

    # --- TOML (added for issue 4; kept apart from the JSON methods above) ----------------

    def to_toml(self) -> str:
        """The variant as a flat TOML table: one ``key = value`` line per field.

        Fields come in declaration order. ``teams`` is an array of arrays of seat numbers.
        TOML has no null, so a field whose value is ``None`` (``max_stock_passes`` when
        passes are unlimited, ``teams`` without partnerships) is left out; :meth:`from_toml`
        reads a missing key as the standard value, which for both is ``None``. The text
        ends with a newline.

        >>> import nertslib as nl
        >>> text = nl.Variant(stock_turn=1, max_stock_passes=2, teams=((0, 2), (1,))).to_toml()
        >>> print(text, end="")  # doctest: +ELLIPSIS
        nerts_pile_size = 13
        nerts_pile_face_up = false
        work_piles = 4
        ...
        stock_turn = 1
        stock_remainder = "flip_immediately"
        max_stock_passes = 2
        ...
        joker_binding = "permanent"
        teams = [[0, 2], [1]]
        >>> "max_stock_passes" in nl.Variant().to_toml(), "teams" in nl.Variant().to_toml()
        (False, False)

        .. versionadded:: 0.1.0
        """
        lines = [
            f"{a.name} = {_toml_value(getattr(self, a.name))}"
            for a in attrs.fields(Variant)
            if getattr(self, a.name) is not None
        ]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_toml(cls, text: str) -> Variant:
        r"""Inverse of :meth:`to_toml`: read a flat TOML table (with the stdlib ``tomllib``).

        Keys are field names; a missing key takes the standard value (so a missing
        ``max_stock_passes`` means unlimited passes, a missing ``teams`` no partnerships).
        Values are validated exactly as by :meth:`from_dict`.

        >>> import nertslib as nl
        >>> nl.Variant.from_toml("caller_bonus = 10\nteams = [[0, 1], [2, 3]]\n")
        Variant.from_spec('standard,caller_bonus=10,teams=0+1/2+3')
        >>> nl.Variant.from_toml("stock_turn = 2")
        Traceback (most recent call last):
        ...
        nertslib.errors.NertsError: Variant.stock_turn must be one of 1, 3; got 2

        Raises:
            NertsError: for malformed TOML, an unknown key (a nested table is one), or a
                value of the wrong type or out of range; the message names the field.

        .. versionadded:: 0.1.0
        """
        if not isinstance(cast(object, text), str):
            msg = f"a Variant's TOML is a str, got {excerpt(text)}"
            raise NertsError(msg)
        data = cast(dict[str, Any], parsed(tomllib.loads, text, "TOML"))
        passes = data.get("max_stock_passes")
        if "max_stock_passes" in data and (type(passes) is not int or passes < 0):
            msg = (
                "Variant.max_stock_passes must be an int >= 0 (leave the key out for "
                f"unlimited passes: TOML has no null); got {excerpt(passes)}"
            )
            raise NertsError(msg)
        return cls.from_dict(data)

    def to_spec(self) -> str:
        """A compact one-token description: the nearest preset, then the fields that differ.

        Used in NFEN strings and in ``repr``. The spec has no spaces.

        >>> import nertslib as nl
        >>> nl.Variant().to_spec(), nl.variants.get("nna").to_spec()
        ('standard', 'nna')
        """
        presets = _presets()
        for key, preset in presets.items():  # a preset is its name (most positions' case)
            if preset == self:
                return key
        best_name, best_diff = "standard", _diff(presets["standard"], self)
        for key, preset in presets.items():
            diff = _diff(preset, self)
            if len(diff) < len(best_diff):
                best_name, best_diff = key, diff
        parts = [best_name]
        parts.extend(f"{k}={_spec_value(v)}" for k, v in best_diff)
        return ",".join(parts)

    @classmethod
    def from_spec(cls, spec: str) -> Variant:
        """Inverse of :meth:`to_spec`: ``"preset,field=value,..."``.

        Raises:
            NertsError: (a :class:`ValueError`) for an unknown preset or field, or an invalid value.
        """
        if not isinstance(cast(object, spec), str) or not spec:
            msg = f"not a variant spec: {excerpt(spec)}"
            raise NertsError(msg)
        head, *rest = spec.split(",")
        base = get(head)
        if not rest:
            return base
        changes: dict[str, Any] = {}
        for item in rest:
            key, sep, raw = item.partition("=")
            if not sep:
                msg = (
                    f"not a variant spec item (expected field=value): {excerpt(item)} "
                    f"in {excerpt(spec, around=item)}"
                )
                raise NertsError(msg)
            changes[key] = _parse_teams(raw) if key == "teams" else _parse_spec_value(raw)
        data = base.to_dict()
        data.update(changes)
        return cls.from_dict(data)

    def __repr__(self) -> str:
        return f"Variant.from_spec({self.to_spec()!r})"


def _diff(base: Variant, other: Variant) -> list[tuple[str, Any]]:
    """The fields in which ``other`` differs from ``base``: (name, ``other``'s value)."""
    return [
        (name, theirs)
        for name, ours, theirs in zip(
            _FIELD_NAMES, _fields_of(base), _fields_of(other), strict=True
        )
        if ours != theirs
    ]


_FIELD_NAMES: Final = tuple(a.name for a in attrs.fields(Variant))
#: A variant's field values, in :data:`_FIELD_NAMES` order, read in one call.
_fields_of: Final = attrgetter(*_FIELD_NAMES)


def _spec_value(value: object) -> str:
    if isinstance(value, tuple):
        return "/".join("+".join(str(s) for s in team) for team in value)
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _parse_spec_value(raw: str) -> object:
    if raw == "none":
        return None
    if raw in ("true", "false"):
        return raw == "true"
    if raw.lstrip("-").isascii() and raw.lstrip("-").isdigit():
        try:
            return int(raw)
        except ValueError:  # past Python's digit limit: the field's check refuses the text
            return raw
    return raw


def _parse_teams(raw: str) -> object:
    if raw == "none":
        return None
    try:
        return tuple(tuple(int(s) for s in team.split("+")) for team in raw.split("/"))
    except ValueError:
        return raw  # refused, with its value quoted, by the teams validator


# --- files: JSON and TOML (added for issue 4) -----------------------------------------------

_FORMATS: Final = (".json", ".toml")


def _toml_value(value: object) -> str:
    """One field value as a TOML value (``None`` has no TOML form: the key is left out)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)  # a JSON string is a TOML basic string
    if isinstance(value, tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    msg = f"no TOML form for {value!r}"
    raise NertsError(msg)


def _format_of(path: str | os.PathLike[str]) -> str:
    suffix = Path(path).suffix.lower()
    if suffix not in _FORMATS:
        msg = f"cannot tell the format of {os.fspath(path)!r}: name it *.json or *.toml"
        raise NertsError(msg)
    return suffix


def load(path: str | os.PathLike[str]) -> Variant:
    r"""Read a variant from a ``.json`` or ``.toml`` file (chosen by the suffix).

    The file is UTF-8 text as written by :func:`save` (or by hand: keys left out take their
    standard values).

    >>> import nertslib as nl, pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder, "house.toml")
    ...     _ = path.write_text("stock_turn = 1\n", encoding="utf-8")
    ...     print(repr(nl.variants.load(path)))
    ...     _ = path.write_text("stock_turn = '1'\n", encoding="utf-8")
    ...     try:
    ...         nl.variants.load(path)
    ...     except ValueError as error:
    ...         print(error)
    Variant.from_spec('standard,stock_turn=1')
    ...house.toml: Variant.stock_turn must be one of 1, 3; got '1'

    Raises:
        NertsError: for a suffix other than ``.json`` or ``.toml``, or for a file that does
            not hold a valid variant (the message starts with the path and names the field).
        OSError: if the file cannot be read.

    .. versionadded:: 0.1.0
    """
    fmt = _format_of(path)
    text = Path(path).read_bytes()
    try:
        if fmt == ".json":
            return Variant.from_json(text.decode("utf-8"))
        return Variant.from_toml(text.decode("utf-8"))
    except ValueError as exc:  # NertsError, or UnicodeDecodeError
        msg = clipped(f"{os.fspath(path)}: {exc}")
        raise NertsError(msg) from None


def save(variant: Variant, path: str | os.PathLike[str]) -> None:
    """Write ``variant`` to a ``.json`` or ``.toml`` file (chosen by the suffix), as UTF-8.

    The JSON file holds :meth:`~nertslib.Variant.to_json`, the TOML file
    :meth:`~nertslib.Variant.to_toml` (where ``max_stock_passes`` and ``teams`` are left out
    when they are ``None``); both end with a newline and :func:`load` reads them back to an
    equal variant.

    >>> import nertslib as nl, pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder, "nna.json")
    ...     nl.variants.save(nl.variants.get("nna"), path)
    ...     nl.variants.load(path).name
    'nna'
    >>> nl.variants.save(nl.Variant(), "rules.yaml")
    Traceback (most recent call last):
    ...
    nertslib.errors.NertsError: cannot tell the format of 'rules.yaml': name it *.json or *.toml

    Raises:
        NertsError: for a suffix other than ``.json`` or ``.toml`` (nothing is written).
        OSError: if the file cannot be written.

    .. versionadded:: 0.1.0
    """
    fmt = _format_of(path)
    text = variant.to_json() + "\n" if fmt == ".json" else variant.to_toml()
    Path(path).write_text(text, encoding="utf-8")


# --- the preset registry ------------------------------------------------------------------

#: The presets nertslib ships: name, variant and aliases, in registration order.
_BUILT_IN: Final = (
    ("standard", Variant(), ("nerts", "nertz", "pounce_standard")),
    (
        "nna",
        Variant(call_mode="auto", caller_bonus=10, target_score=150, stock_access="when_blocked"),
        ("river_lake_stream", "national_nertz_association"),
    ),
    (
        "racing_demon",
        Variant(
            nerts_penalty=1, caller_bonus=10, space_fill="nerts_only", space_fill_mandatory=True
        ),
        ("racing-demon", "demon"),
    ),
    (
        "pounce",
        Variant(
            work_pile_layout="klondike", work_piles=5, nerts_pile_size=9, space_fill="king_only"
        ),
        ("klondike",),
    ),
)
#: The registry: every preset name and alias, case-folded, -> (the preset's name, its variant),
#: in registration order. The one table that changes at run time, and only through
#: :func:`register`, the documented way for a program to name its own rules.
_REGISTRY: Final[dict[str, tuple[str, Variant]]] = {
    key.casefold(): (name, variant)
    for name, variant, aliases in _BUILT_IN
    for key in (name, *aliases)
}
_NAME_LIMIT: Final = 40  # a longer unknown field name is quoted as an excerpt


def _presets() -> dict[str, Variant]:
    """Every preset by name, in registration order."""
    return dict(_REGISTRY.values())


def register(name: str, variant: Variant, *aliases: str) -> None:
    """Add a named preset (and aliases, matched case-insensitively) to the registry.

    The registry is global to the process: a registered name is known to :func:`get`,
    :meth:`Variant.from_spec` and the command line from then on.

    Raises:
        NertsError: if the name or an alias is taken or not a plain identifier.

    (Registering changes the process for good, so this example only shows a refusal; see
    ``examples/house_rules.py`` for a registration.)

    >>> import nertslib as nl
    >>> nl.variants.register("standard", nl.Variant())
    Traceback (most recent call last):
    ...
    nertslib.errors.NertsError: preset name 'standard' is taken or not a plain name
    """
    for key in (name, *aliases):
        folded = key.casefold()
        if not key.replace("_", "").replace("-", "").isalnum() or folded in _REGISTRY:
            msg = f"preset name {key!r} is taken or not a plain name"
            raise NertsError(msg)
    for key in (name, *aliases):
        _REGISTRY[key.casefold()] = (name, variant)


def get(name: str) -> Variant:
    """The preset called ``name`` or one of its aliases (case-insensitive).

    Raises:
        NertsError: (a :class:`ValueError`) for an unknown name, listing the known ones.

    >>> import nertslib as nl
    >>> nl.variants.get("racing demon").caller_bonus
    10
    >>> nl.variants.get("chess")
    Traceback (most recent call last):
    ...
    nertslib.errors.NertsError: unknown variant: 'chess' (known: standard, nna, racing_demon, pounce)
    """  # noqa: E501 - a doctest output line
    if not isinstance(cast(object, name), str):
        msg = f"a variant name is a str, got {excerpt(name)}"
        raise NertsError(msg)
    key = name.casefold().replace(" ", "_")
    hit = _REGISTRY.get(key)
    if hit is None:
        msg = f"unknown variant: {excerpt(name)} (known: {', '.join(names())})"
        raise NertsError(msg)
    return hit[1]


def names() -> tuple[str, ...]:
    """The names of the registered presets, in registration order.

    >>> import nertslib as nl
    >>> nl.variants.names()[:4]
    ('standard', 'nna', 'racing_demon', 'pounce')
    """
    return tuple(_presets())
