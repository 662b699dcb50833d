"""Unit tests for nertslib.variants: Variant validation, specs, JSON and the preset registry."""

import itertools
import json
from typing import Any

import attrs
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import nertslib as nl
from nertslib import variants
from nertslib.errors import NertsError
from nertslib.variants import Variant

FIELDS = [
    "nerts_pile_size",
    "nerts_pile_face_up",
    "work_piles",
    "work_pile_layout",
    "work_pile_move",
    "space_fill",
    "space_fill_mandatory",
    "slide_under",
    "foundation_build",
    "foundation_limit",
    "tie_policy",
    "stock_turn",
    "stock_remainder",
    "max_stock_passes",
    "stock_access",
    "stuck_resolution",
    "call_mode",
    "caller_bonus",
    "foundation_points",
    "nerts_penalty",
    "king_bonus",
    "target_score",
    "jokers_per_deck",
    "joker_binding",
    "teams",
]

STANDARD = {
    "nerts_pile_size": 13,
    "nerts_pile_face_up": False,
    "work_piles": 4,
    "work_pile_layout": "single",
    "work_pile_move": "any_suffix",
    "space_fill": "any",
    "space_fill_mandatory": False,
    "slide_under": "needs_space",
    "foundation_build": "same_suit",
    "foundation_limit": "unlimited",
    "tie_policy": "both_keep",
    "stock_turn": 3,
    "stock_remainder": "flip_immediately",
    "max_stock_passes": None,
    "stock_access": "anytime",
    "stuck_resolution": "restock",
    "call_mode": "optional",
    "caller_bonus": 0,
    "foundation_points": 1,
    "nerts_penalty": 2,
    "king_bonus": 0,
    "target_score": 100,
    "jokers_per_deck": 0,
    "joker_binding": "permanent",
    "teams": None,
}

UNSUPPORTED = "is a rules.md knob that this version of nertslib does not implement yet"
TEAMS_ERROR = (
    "Variant.teams must be None or a tuple of disjoint, non-empty tuples of seat numbers 0..7; "
    "got {!r}"
)


def message_of(exc_type: type[Exception], fn: Any, *args: Any, **kwargs: Any) -> str:
    with pytest.raises(exc_type) as info:
        fn(*args, **kwargs)
    assert type(info.value) is exc_type
    return str(info.value)


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """A private copy of the preset registry, restored after the test."""
    monkeypatch.setattr(variants, "_REGISTRY", dict(variants._REGISTRY))


# --- strategies ---------------------------------------------------------------------------


@st.composite
def team_groups(draw: st.DrawFn) -> tuple[tuple[int, ...], ...]:
    n = draw(st.integers(1, 8))
    seats = draw(st.permutations(list(range(n))))
    cuts = sorted(draw(st.sets(st.integers(1, n - 1), max_size=n - 1))) if n > 1 else []
    bounds = [0, *cuts, n]
    return tuple(tuple(seats[a:b]) for a, b in itertools.pairwise(bounds))


valid_variants = st.builds(
    Variant,
    nerts_pile_size=st.integers(1, 26),
    nerts_pile_face_up=st.booleans(),
    work_piles=st.one_of(st.integers(1, 8), st.just("by_seat_count")),
    work_pile_layout=st.just("single"),
    work_pile_move=st.sampled_from(["any_suffix", "top_card", "whole_pile"]),
    space_fill=st.sampled_from(["any", "nerts_only", "king_only"]),
    space_fill_mandatory=st.booleans(),
    slide_under=st.sampled_from(["off", "needs_space", "always"]),
    foundation_build=st.sampled_from(["same_suit", "alt_colour", "any_suit", "by_seat_count"]),
    foundation_limit=st.sampled_from(["unlimited", "one_per_suit"]),
    tie_policy=st.sampled_from(["first_wins", "both_keep"]),
    stock_turn=st.sampled_from([1, 3]),
    stock_remainder=st.sampled_from(["partial_turn", "flip_immediately"]),
    max_stock_passes=st.one_of(st.none(), st.integers(0, 1000)),
    stock_access=st.sampled_from(["anytime", "when_blocked"]),
    stuck_resolution=st.sampled_from(["restock", "rotate_one", "shuffle", "end_hand"]),
    call_mode=st.sampled_from(["optional", "auto"]),
    caller_bonus=st.integers(-1000, 1000),
    foundation_points=st.integers(-100, 100),
    nerts_penalty=st.integers(-100, 100),
    king_bonus=st.integers(-100, 100),
    target_score=st.integers(1, 1_000_000),
    jokers_per_deck=st.just(0),
    joker_binding=st.sampled_from(["permanent", "while_covered"]),
    teams=st.one_of(st.none(), team_groups()),
)


# --- defaults and presets -----------------------------------------------------------------


def test_field_names_and_order():
    assert [a.name for a in attrs.fields(Variant)] == FIELDS


def test_defaults_are_the_standard_game():
    assert Variant().to_dict() == STANDARD
    assert list(Variant().to_dict()) == FIELDS


def test_rules_version():
    assert variants.RULES_VERSION == 1


def test_all_fields_keyword_only():
    with pytest.raises(TypeError):
        Variant(13)  # type: ignore[call-arg]


def test_variant_frozen_and_hashable():
    v = Variant()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        v.stock_turn = 1  # type: ignore[misc]
    assert hash(v) == hash(Variant())
    assert v != Variant(stock_turn=1)


def test_preset_standard():
    assert variants.get("standard") == Variant()
    assert variants.get("standard").to_dict() == STANDARD


def test_preset_nna():
    nna = variants.get("nna")
    assert nna.to_dict() == {
        **STANDARD,
        "call_mode": "auto",
        "caller_bonus": 10,
        "target_score": 150,
        "stock_access": "when_blocked",
    }


def test_preset_racing_demon():
    demon = variants.get("racing_demon")
    assert demon.to_dict() == {
        **STANDARD,
        "nerts_penalty": 1,
        "caller_bonus": 10,
        "space_fill": "nerts_only",
        "space_fill_mandatory": True,
    }


def test_names():
    assert variants.names() == ("standard", "nna", "racing_demon", "pounce")
    assert nl.variants.names() == ("standard", "nna", "racing_demon", "pounce")


def test_name_property():
    assert Variant().name == "standard"
    assert variants.get("nna").name == "nna"
    assert variants.get("demon").name == "racing_demon"
    assert Variant(stock_turn=1).name is None
    assert Variant(caller_bonus=10).name is None


# --- validation of each field ---------------------------------------------------------------

VALID = [
    ("nerts_pile_size", 1),
    ("nerts_pile_size", 2),
    ("nerts_pile_size", 25),
    ("nerts_pile_size", 26),
    ("nerts_pile_face_up", True),
    ("nerts_pile_face_up", False),
    ("work_piles", 1),
    ("work_piles", 8),
    ("work_piles", "by_seat_count"),
    ("work_pile_layout", "single"),
    ("work_pile_move", "any_suffix"),
    ("work_pile_move", "top_card"),
    ("work_pile_move", "whole_pile"),
    ("space_fill", "any"),
    ("space_fill", "nerts_only"),
    ("space_fill", "king_only"),
    ("space_fill_mandatory", True),
    ("slide_under", "off"),
    ("slide_under", "needs_space"),
    ("slide_under", "always"),
    ("foundation_build", "same_suit"),
    ("foundation_build", "alt_colour"),
    ("foundation_build", "any_suit"),
    ("foundation_build", "by_seat_count"),
    ("foundation_limit", "unlimited"),
    ("foundation_limit", "one_per_suit"),
    ("tie_policy", "first_wins"),
    ("tie_policy", "both_keep"),
    ("stock_turn", 1),
    ("stock_turn", 3),
    ("stock_remainder", "flip_immediately"),
    ("stock_remainder", "flip_immediately"),
    ("max_stock_passes", None),
    ("max_stock_passes", 0),
    ("max_stock_passes", 1),
    ("max_stock_passes", 10**9),
    ("stock_access", "anytime"),
    ("stock_access", "when_blocked"),
    ("stuck_resolution", "restock"),
    ("stuck_resolution", "rotate_one"),
    ("stuck_resolution", "shuffle"),
    ("stuck_resolution", "end_hand"),
    ("call_mode", "optional"),
    ("call_mode", "auto"),
    ("caller_bonus", -1000),
    ("caller_bonus", 1000),
    ("foundation_points", -100),
    ("foundation_points", 100),
    ("nerts_penalty", -100),
    ("nerts_penalty", 100),
    ("king_bonus", -100),
    ("king_bonus", 100),
    ("target_score", 1),
    ("target_score", 1_000_000),
    ("jokers_per_deck", 0),
    ("joker_binding", "permanent"),
    ("joker_binding", "while_covered"),
]


@pytest.mark.parametrize(("field", "value"), VALID)
def test_field_accepts(field, value):
    v = Variant(**{field: value})
    assert getattr(v, field) == value
    assert type(getattr(v, field)) is type(value)


def _choices(*values: object) -> str:
    return ", ".join(repr(v) for v in values)


INVALID = [
    ("nerts_pile_size", 0, "must be an int 1..26; got 0"),
    ("nerts_pile_size", 27, "must be an int 1..26; got 27"),
    ("nerts_pile_size", -1, "must be an int 1..26; got -1"),
    ("nerts_pile_size", True, "must be an int 1..26; got True"),
    ("nerts_pile_size", 13.0, "must be an int 1..26; got 13.0"),
    ("nerts_pile_size", "13", "must be an int 1..26; got '13'"),
    ("nerts_pile_face_up", 0, "must be one of False, True; got 0"),
    ("nerts_pile_face_up", 1, "must be one of False, True; got 1"),
    ("nerts_pile_face_up", "true", "must be one of False, True; got 'true'"),
    ("nerts_pile_face_up", None, "must be one of False, True; got None"),
    ("work_piles", 0, "must be an int 1..8 or 'by_seat_count'; got 0"),
    ("work_piles", 9, "must be an int 1..8 or 'by_seat_count'; got 9"),
    ("work_piles", True, "must be an int 1..8 or 'by_seat_count'; got True"),
    ("work_piles", 4.0, "must be an int 1..8 or 'by_seat_count'; got 4.0"),
    ("work_piles", "4", "must be an int 1..8 or 'by_seat_count'; got '4'"),
    ("work_piles", "by_seats", "must be an int 1..8 or 'by_seat_count'; got 'by_seats'"),
    (
        "work_pile_layout",
        "Single",
        f"must be one of {_choices('single', 'klondike')}; got 'Single'",
    ),
    (
        "work_pile_move",
        "all",
        f"must be one of {_choices('any_suffix', 'top_card', 'whole_pile')}; got 'all'",
    ),
    (
        "space_fill",
        "kings",
        f"must be one of {_choices('any', 'nerts_only', 'king_only')}; got 'kings'",
    ),
    ("space_fill_mandatory", 1, "must be one of False, True; got 1"),
    (
        "slide_under",
        False,
        f"must be one of {_choices('off', 'needs_space', 'always')}; got False",
    ),
    (
        "foundation_build",
        "alt_color",
        "must be one of "
        f"{_choices('same_suit', 'alt_colour', 'any_suit', 'by_seat_count')}; got 'alt_color'",
    ),
    (
        "foundation_limit",
        None,
        f"must be one of {_choices('unlimited', 'one_per_suit')}; got None",
    ),
    ("tie_policy", "both", f"must be one of {_choices('first_wins', 'both_keep')}; got 'both'"),
    ("stock_turn", 0, "must be one of 1, 3; got 0"),
    ("stock_turn", 2, "must be one of 1, 3; got 2"),
    ("stock_turn", 4, "must be one of 1, 3; got 4"),
    ("stock_turn", True, "must be one of 1, 3; got True"),
    ("stock_turn", 3.0, "must be one of 1, 3; got 3.0"),
    ("stock_turn", "3", "must be one of 1, 3; got '3'"),
    (
        "stock_remainder",
        "flip",
        f"must be one of {_choices('flip_immediately', 'partial_turn')}; got 'flip'",
    ),
    ("max_stock_passes", -1, "must be None (unlimited) or an int >= 0; got -1"),
    ("max_stock_passes", True, "must be None (unlimited) or an int >= 0; got True"),
    ("max_stock_passes", 1.0, "must be None (unlimited) or an int >= 0; got 1.0"),
    ("max_stock_passes", "none", "must be None (unlimited) or an int >= 0; got 'none'"),
    (
        "stock_access",
        "always",
        f"must be one of {_choices('anytime', 'when_blocked')}; got 'always'",
    ),
    (
        "stuck_resolution",
        "rotate",
        f"must be one of {_choices('restock', 'rotate_one', 'shuffle', 'end_hand')}; got 'rotate'",
    ),
    ("call_mode", "manual", f"must be one of {_choices('optional', 'auto')}; got 'manual'"),
    ("caller_bonus", -1001, "must be an int -1000..1000; got -1001"),
    ("caller_bonus", 1001, "must be an int -1000..1000; got 1001"),
    ("caller_bonus", True, "must be an int -1000..1000; got True"),
    ("foundation_points", -101, "must be an int -100..100; got -101"),
    ("foundation_points", 101, "must be an int -100..100; got 101"),
    ("foundation_points", 1.5, "must be an int -100..100; got 1.5"),
    ("nerts_penalty", -101, "must be an int -100..100; got -101"),
    ("nerts_penalty", 101, "must be an int -100..100; got 101"),
    ("nerts_penalty", False, "must be an int -100..100; got False"),
    ("king_bonus", -101, "must be an int -100..100; got -101"),
    ("king_bonus", 101, "must be an int -100..100; got 101"),
    ("king_bonus", None, "must be an int -100..100; got None"),
    ("target_score", 0, "must be an int 1..1000000; got 0"),
    ("target_score", 1_000_001, "must be an int 1..1000000; got 1000001"),
    ("target_score", True, "must be an int 1..1000000; got True"),
    ("jokers_per_deck", -1, "must be an int 0..2; got -1"),
    ("jokers_per_deck", 3, "must be an int 0..2; got 3"),
    ("jokers_per_deck", False, "must be an int 0..2; got False"),
    (
        "joker_binding",
        "forever",
        f"must be one of {_choices('permanent', 'while_covered')}; got 'forever'",
    ),
]


@pytest.mark.parametrize(("field", "value", "fragment"), INVALID)
def test_field_rejects(field, value, fragment):
    msg = message_of(NertsError, Variant, **{field: value})
    assert msg == f"Variant.{field} {fragment}"


@pytest.mark.parametrize("value", [0, 1, 2])
def test_jokers_are_implemented(value):
    assert Variant(jokers_per_deck=value).jokers_per_deck == value
    assert variants._UNSUPPORTED == {}


def test_unimplemented_values_refused(monkeypatch):
    monkeypatch.setattr(variants, "_UNSUPPORTED", {"joker_binding": ("while_covered",)})
    msg = message_of(NertsError, Variant, joker_binding="while_covered")
    assert msg == f"Variant.joker_binding='while_covered' {UNSUPPORTED}"
    assert Variant(joker_binding="permanent").joker_binding == "permanent"


def test_int_in_without_upper_bound():
    check = variants._int_in(0, None)
    field = attrs.fields(Variant).caller_bonus
    check(None, field, 0)
    check(None, field, 10**12)
    msg = message_of(NertsError, check, None, field, -1)
    assert msg == "Variant.caller_bonus must be an int >= 0; got -1"


def test_int_in_unsupported_value(monkeypatch):
    monkeypatch.setattr(variants, "_UNSUPPORTED", {"jokers_per_deck": (2,)})
    check = variants._int_in(-5, 5)
    field = attrs.fields(Variant).jokers_per_deck
    check(None, field, 0)
    check(None, field, -5)
    check(None, field, 5)
    assert message_of(NertsError, check, None, field, 6) == (
        "Variant.jokers_per_deck must be an int -5..5; got 6"
    )
    assert message_of(NertsError, check, None, field, 2) == (
        f"Variant.jokers_per_deck=2 {UNSUPPORTED}"
    )


# --- teams --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given_teams", "stored"),
    [
        (None, None),
        (((0, 1), (2, 3)), ((0, 1), (2, 3))),
        ([[0, 1], [2, 3]], ((0, 1), (2, 3))),
        (([0], [1]), ((0,), (1,))),
        ([(2, 0), [1]], ((2, 0), (1,))),
        (((7,),), ((7,),)),
        (((0, 1, 2, 3, 4, 5, 6, 7),), ((0, 1, 2, 3, 4, 5, 6, 7),)),
        (((0,), (1,), (2,), (3,), (4,), (5,), (6,), (7,)), tuple((s,) for s in range(8))),
    ],
)
def test_teams_accepted(given_teams, stored):
    v = Variant(teams=given_teams)
    assert v.teams == stored
    if stored is not None:
        assert type(v.teams) is tuple
        assert all(type(t) is tuple for t in v.teams)


@pytest.mark.parametrize(
    ("given_teams", "shown"),
    [
        ((), ()),
        ([], ()),
        (((),), ((),)),
        (((0,), ()), ((0,), ())),
        (((0, 1), (1, 2)), ((0, 1), (1, 2))),
        (((0, 0),), ((0, 0),)),
        (((8,),), ((8,),)),
        (((-1,),), ((-1,),)),
        (((0, 7), (8,)), ((0, 7), (8,))),
        (((True,),), ((True,),)),
        ((("0",),), (("0",),)),
        (((1.0,),), ((1.0,),)),
        (((0,), 1), ((0,), 1)),
        ([[0], 1], ((0,), 1)),
        (5, 5),
        ("01", "01"),
        ({0: 1}, {0: 1}),
    ],
)
def test_teams_rejected(given_teams, shown):
    msg = message_of(NertsError, Variant, teams=given_teams)
    assert msg == TEAMS_ERROR.format(shown)


# --- derived rules ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "count"), [(1, 6), (2, 6), (3, 5), (4, 4), (5, 4), (6, 4), (7, 4), (8, 4)]
)
def test_work_pile_count_by_seat_count(seats, count):
    assert Variant(work_piles="by_seat_count").work_pile_count(seats) == count


@pytest.mark.parametrize("piles", [1, 4, 5, 8])
def test_work_pile_count_fixed(piles):
    v = Variant(work_piles=piles)
    assert [v.work_pile_count(s) for s in range(1, 9)] == [piles] * 8


@pytest.mark.parametrize(
    ("seats", "rule"),
    [
        (1, "any_suit"),
        (2, "any_suit"),
        (3, "alt_colour"),
        (4, "same_suit"),
        (5, "same_suit"),
        (6, "same_suit"),
        (7, "same_suit"),
        (8, "same_suit"),
    ],
)
def test_foundation_rule_by_seat_count(seats, rule):
    assert Variant(foundation_build="by_seat_count").foundation_rule(seats) == rule


@pytest.mark.parametrize("rule", ["same_suit", "alt_colour", "any_suit"])
def test_foundation_rule_fixed(rule):
    v = Variant(foundation_build=rule)
    assert [v.foundation_rule(s) for s in range(1, 9)] == [rule] * 8


@pytest.mark.parametrize("seats", [1, 2, 7, 8])
def test_check_seats_accepts(seats):
    Variant().check_seats(seats)


@pytest.mark.parametrize("seats", [0, 9, -1, True, False, 2.0, "2", None])
def test_check_seats_rejects(seats):
    msg = message_of(nl.NertsError, Variant().check_seats, seats)
    assert msg == f"seats must be an int 1..8; got {seats!r}"


def test_check_seats_teams_coverage():
    v = Variant(teams=((0, 2), (1, 3)))
    v.check_seats(4)
    for seats in (3, 5):
        msg = message_of(nl.NertsError, v.check_seats, seats)
        assert msg == f"Variant.teams ((0, 2), (1, 3)) must group exactly seats 0..{seats - 1}"
    single = Variant(teams=((0,),))
    single.check_seats(1)
    assert message_of(nl.NertsError, single.check_seats, 2) == (
        "Variant.teams ((0,),) must group exactly seats 0..1"
    )
    gap = Variant(teams=((0,), (2,)))
    assert message_of(nl.NertsError, gap.check_seats, 2) == (
        "Variant.teams ((0,), (2,)) must group exactly seats 0..1"
    )
    assert message_of(nl.NertsError, gap.check_seats, 3) == (
        "Variant.teams ((0,), (2,)) must group exactly seats 0..2"
    )


def test_check_seats_seat_count_checked_before_teams():
    v = Variant(teams=((0, 1),))
    assert message_of(nl.NertsError, v.check_seats, 9) == "seats must be an int 1..8; got 9"


# --- specs --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "spec"),
    [
        (Variant(), "standard"),
        (variants.get("nna"), "nna"),
        (variants.get("racing_demon"), "racing_demon"),
        (Variant(stock_turn=1), "standard,stock_turn=1"),
        (Variant(stock_turn=1, caller_bonus=10), "standard,stock_turn=1,caller_bonus=10"),
        (Variant(caller_bonus=-5), "standard,caller_bonus=-5"),
        (Variant(nerts_pile_face_up=True), "standard,nerts_pile_face_up=true"),
        (Variant(max_stock_passes=0), "standard,max_stock_passes=0"),
        (Variant(work_piles="by_seat_count"), "standard,work_piles=by_seat_count"),
        (Variant(teams=((0, 2), (1, 3))), "standard,teams=0+2/1+3"),
        (Variant(teams=((0, 1, 2),)), "standard,teams=0+1+2"),
        (Variant(teams=((0,), (1,))), "standard,teams=0/1"),
        (Variant(nerts_penalty=1), "standard,nerts_penalty=1"),
        (
            Variant(call_mode="auto", caller_bonus=10, target_score=150),
            "nna,stock_access=anytime",
        ),
        (
            Variant(call_mode="auto", caller_bonus=10),
            "standard,call_mode=auto,caller_bonus=10",
        ),
        (
            Variant(
                call_mode="auto",
                caller_bonus=10,
                target_score=150,
                stock_access="when_blocked",
                stock_turn=1,
            ),
            "nna,stock_turn=1",
        ),
        (
            Variant(nerts_penalty=1, caller_bonus=10, space_fill="nerts_only"),
            "racing_demon,space_fill_mandatory=false",
        ),
    ],
)
def test_to_spec_examples(variant, spec):
    assert variant.to_spec() == spec
    assert Variant.from_spec(spec) == variant
    assert repr(variant) == f"Variant.from_spec({spec!r})"


def test_to_spec_none_value(registry):
    far = Variant(max_stock_passes=3, king_bonus=5, caller_bonus=7, target_score=99)
    variants.register("passes_test_preset", far)
    near = Variant(king_bonus=5, caller_bonus=7, target_score=99)
    assert near.to_spec() == "passes_test_preset,max_stock_passes=none"
    assert Variant.from_spec(near.to_spec()) == near
    assert far.to_spec() == "passes_test_preset"


@given(valid_variants)
@example(Variant(teams=((0,),)))
@example(Variant(teams=((0, 1), (2,))))
def test_spec_round_trip(v):
    spec = v.to_spec()
    assert " " not in spec
    assert Variant.from_spec(spec) == v


@given(valid_variants)
@example(Variant(teams=((3,),)))
def test_repr_evals_back(v):
    assert eval(repr(v), {"Variant": nl.Variant}) == v


def test_spec_round_trip_single_team_of_one_seat():
    v = Variant(teams=((0,),))
    assert Variant.from_spec(v.to_spec()) == v


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("NNA", variants.get("nna")),
        ("Racing Demon", variants.get("racing_demon")),
        ("nerts,stock_turn=1", Variant(stock_turn=1)),
        ("standard,max_stock_passes=none", Variant()),
        ("standard,max_stock_passes=7", Variant(max_stock_passes=7)),
        ("standard,space_fill_mandatory=true", Variant(space_fill_mandatory=True)),
        (
            "racing_demon,space_fill_mandatory=false,nerts_penalty=2",
            Variant(caller_bonus=10, space_fill="nerts_only"),
        ),
        ("standard,teams=1+0", Variant(teams=((1, 0),))),
        ("standard,king_bonus=-3", Variant(king_bonus=-3)),
        ("standard,stock_turn=1,stock_turn=3", Variant()),
    ],
)
def test_from_spec_examples(spec, expected):
    assert Variant.from_spec(spec) == expected


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("", "not a variant spec: ''"),
        (None, "not a variant spec: None"),
        (5, "not a variant spec: 5"),
        ("chess", "unknown variant: 'chess' (known: standard, nna, racing_demon, pounce)"),
        (
            "chess,stock_turn=1",
            "unknown variant: 'chess' (known: standard, nna, racing_demon, pounce)",
        ),
        (
            "standard,stock_turn",
            "not a variant spec item (expected field=value): 'stock_turn' in 'standard,stock_turn'",
        ),
        (
            "standard,",
            "not a variant spec item (expected field=value): '' in 'standard,'",
        ),
        ("standard,colour=red", "unknown Variant field(s): colour"),
        ("standard,stock_turn=2", "Variant.stock_turn must be one of 1, 3; got 2"),
        (
            "standard,teams=1+",
            TEAMS_ERROR.format("1+"),
        ),
        ("standard,teams=x", TEAMS_ERROR.format("x")),
        ("standard,teams=0+0", TEAMS_ERROR.format(((0, 0),))),
    ],
)
def test_from_spec_errors(spec, message):
    assert message_of(NertsError, Variant.from_spec, spec) == message


def test_spec_value_helpers():
    assert variants._spec_value(None) == "none"
    assert variants._spec_value(True) == "true"
    assert variants._spec_value(False) == "false"
    assert variants._spec_value(0) == "0"
    assert variants._spec_value(-12) == "-12"
    assert variants._spec_value("auto") == "auto"
    assert variants._spec_value(((0, 1), (2,))) == "0+1/2"
    assert variants._parse_spec_value("none") is None
    assert variants._parse_spec_value("true") is True
    assert variants._parse_spec_value("false") is False
    assert variants._parse_spec_value("12") == 12
    assert variants._parse_spec_value("-12") == -12
    assert variants._parse_spec_value("0+1/2") == "0+1/2"  # only "teams=" reads teams
    assert variants._parse_teams("0+1/2") == ((0, 1), (2,))
    assert variants._parse_teams("3+4") == ((3, 4),)
    assert variants._parse_teams("0") == ((0,),)
    assert variants._parse_teams("none") is None
    assert variants._parse_teams("1+") == "1+"
    assert variants._parse_teams("1//2") == "1//2"
    assert Variant.from_spec("standard,teams=0").teams == ((0,),)
    assert variants._parse_spec_value("auto") == "auto"
    assert variants._parse_spec_value("") == ""
    assert variants._parse_spec_value("None") == "None"
    assert variants._parse_spec_value("True") == "True"


# --- dict and JSON ------------------------------------------------------------------------


def test_to_dict_teams_as_lists():
    data = Variant(teams=((0, 1), (2,))).to_dict()
    assert data == {**STANDARD, "teams": [[0, 1], [2]]}
    assert Variant.from_dict(data).teams == ((0, 1), (2,))


def test_from_dict_examples():
    assert Variant.from_dict({}) == Variant()
    assert Variant.from_dict({"stock_turn": 1}) == Variant(stock_turn=1)
    assert Variant.from_dict({"teams": [[1], [0]]}) == Variant(teams=((1,), (0,)))


def test_from_dict_unknown_fields():
    assert message_of(NertsError, Variant.from_dict, {"colour": 1}) == (
        "unknown Variant field(s): colour"
    )
    msg = message_of(NertsError, Variant.from_dict, {"zeta": 1, "colour": 2, "stock_turn": 1})
    assert msg == "unknown Variant field(s): colour, zeta"


def test_from_dict_invalid_value():
    msg = message_of(NertsError, Variant.from_dict, {"stock_turn": 2})
    assert msg == "Variant.stock_turn must be one of 1, 3; got 2"


def test_to_json_exact():
    text = Variant().to_json()
    assert text == json.dumps(STANDARD, sort_keys=True)
    assert text.startswith('{"call_mode": "optional", "caller_bonus": 0, ')
    assert (
        Variant(teams=((0, 1),))
        .to_json()
        .endswith(
            '"teams": [[0, 1]], "tie_policy": "both_keep", "work_pile_layout": "single", '
            '"work_pile_move": "any_suffix", "work_piles": 4}'
        )
    )


@given(valid_variants)
def test_dict_round_trip(v):
    data = v.to_dict()
    assert list(data) == FIELDS
    assert Variant.from_dict(data) == v


@given(valid_variants)
def test_json_round_trip(v):
    text = v.to_json()
    assert json.loads(text) == v.to_dict()
    assert Variant.from_json(text) == v


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "{",
            "not JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)",
        ),
        ("", "not JSON: Expecting value: line 1 column 1 (char 0)"),
        ("[1]", "a Variant is a JSON object, got '[1]'"),
        ('"standard"', "a Variant is a JSON object, got '\"standard\"'"),
        ("null", "a Variant is a JSON object, got 'null'"),
        ("3", "a Variant is a JSON object, got '3'"),
        ('{"bogus": 1}', "unknown Variant field(s): bogus"),
        ('{"stock_turn": 2}', "Variant.stock_turn must be one of 1, 3; got 2"),
    ],
)
def test_from_json_errors(text, message):
    assert message_of(NertsError, Variant.from_json, text) == message


def test_from_json_examples():
    assert Variant.from_json("{}") == Variant()
    assert Variant.from_json('{"teams": [[0], [1, 2]], "king_bonus": 5}') == Variant(
        teams=((0,), (1, 2)), king_bonus=5
    )


# --- registry -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "preset"),
    [
        ("standard", "standard"),
        ("STANDARD", "standard"),
        ("Nerts", "standard"),
        ("nertz", "standard"),
        ("pounce_standard", "standard"),
        ("Pounce Standard", "standard"),
        ("nna", "nna"),
        ("NNA", "nna"),
        ("river_lake_stream", "nna"),
        ("River Lake Stream", "nna"),
        ("national_nertz_association", "nna"),
        ("National Nertz Association", "nna"),
        ("racing_demon", "racing_demon"),
        ("Racing Demon", "racing_demon"),
        ("racing-demon", "racing_demon"),
        ("RACING-DEMON", "racing_demon"),
        ("demon", "racing_demon"),
        ("Demon", "racing_demon"),
    ],
)
def test_get_aliases(name, preset):
    assert variants.get(name) is variants.get(preset)
    assert variants.get(name).name == preset


@pytest.mark.parametrize(
    "name", ["chess", "", "racing  demon", " standard", "standard ", "racing demon2"]
)
def test_get_unknown(name):
    msg = message_of(NertsError, variants.get, name)
    assert msg == f"unknown variant: {name!r} (known: standard, nna, racing_demon, pounce)"


@pytest.mark.parametrize("name", [5, None, ["standard"], {"a": 1}, b"standard"])
def test_get_refuses_what_is_no_name(name):
    msg = message_of(NertsError, variants.get, name)
    assert msg == f"a variant name is a str, got {name!r}"


def test_register_new_preset(registry):
    house = Variant(stock_turn=1, king_bonus=3, target_score=77)
    variants.register("house_test_xyz", house, "HTX", "house-test")
    assert variants.names() == ("standard", "nna", "racing_demon", "pounce", "house_test_xyz")
    assert variants.get("house_test_xyz") is house
    assert variants.get("htx") is house
    assert variants.get("HOUSE-TEST") is house
    assert variants.get("House Test XYZ") is house
    assert house.name == "house_test_xyz"
    assert house.to_spec() == "house_test_xyz"
    assert Variant.from_spec("htx,king_bonus=0") == Variant(stock_turn=1, target_score=77)
    msg = message_of(NertsError, variants.get, "chess")
    assert (
        msg
        == "unknown variant: 'chess' (known: standard, nna, racing_demon, pounce, house_test_xyz)"
    )


def test_register_keeps_name_case(registry):
    v = Variant(target_score=5)
    variants.register("MixedCase", v)
    assert variants.names()[-1] == "MixedCase"
    assert variants.get("mixedcase") is v
    assert v.name == "MixedCase"


def test_register_alias_equal_to_name(registry):
    v = Variant(target_score=6)
    variants.register("samename", v, "SameName")
    assert variants.get("SAMENAME") is v


@pytest.mark.parametrize(
    ("name", "aliases", "bad"),
    [
        ("standard", (), "standard"),
        ("NNA", (), "NNA"),
        ("Nertz", (), "Nertz"),
        ("fresh_name_a", ("demon",), "demon"),
        ("fresh_name_b", ("ok_alias", "Racing-Demon"), "Racing-Demon"),
        ("a b", (), "a b"),
        ("", (), ""),
        ("x!", (), "x!"),
        ("fresh_name_c", ("with space",), "with space"),
        ("fresh_name_d", ("",), ""),
    ],
)
def test_register_rejects(registry, name, aliases, bad):
    before = dict(variants._REGISTRY)
    msg = message_of(NertsError, variants.register, name, Variant(target_score=9), *aliases)
    assert msg == f"preset name {bad!r} is taken or not a plain name"
    assert before == variants._REGISTRY


def test_register_accepts_dash_underscore_digits(registry):
    v = Variant(target_score=11)
    variants.register("my-house_2", v, "h2")
    assert variants.get("MY-HOUSE_2") is v
    assert variants.get("h2") is v


def test_specs_are_worked_out_afresh_from_the_registry(registry):
    house = Variant(king_bonus=5, caller_bonus=7, target_score=99)
    assert Variant.from_spec("nna") is variants.get("nna")
    before = house.to_spec()
    assert before == "standard,caller_bonus=7,king_bonus=5,target_score=99"
    assert Variant.from_spec(before) == house
    variants.register("spec_fresh_preset", Variant(caller_bonus=7, target_score=99))
    assert house.to_spec() == "spec_fresh_preset,king_bonus=5"  # nothing remembered
    assert Variant.from_spec(before) == house
