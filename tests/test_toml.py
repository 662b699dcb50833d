"""TOML for variants (``Variant.to_toml`` / ``from_toml``) and ``variants.load`` / ``save``."""

from __future__ import annotations

import itertools
import json
import tomllib
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import nertslib as nl
from nertslib import variants
from nertslib.errors import NertsError
from nertslib.variants import Variant
from tests.strategies import variants as any_variant

STANDARD_TOML = """\
nerts_pile_size = 13
nerts_pile_face_up = false
work_piles = 4
work_pile_layout = "single"
work_pile_move = "any_suffix"
space_fill = "any"
space_fill_mandatory = false
slide_under = "needs_space"
foundation_build = "same_suit"
foundation_limit = "unlimited"
tie_policy = "both_keep"
stock_turn = 3
stock_remainder = "flip_immediately"
stock_access = "anytime"
stuck_resolution = "restock"
call_mode = "optional"
caller_bonus = 0
foundation_points = 1
nerts_penalty = 2
king_bonus = 0
target_score = 100
jokers_per_deck = 0
joker_binding = "permanent"
"""


@st.composite
def team_groups(draw: st.DrawFn) -> tuple[tuple[int, ...], ...]:
    """Seats 0..n-1 in any order, cut into non-empty groups."""
    n = draw(st.integers(1, nl.MAX_SEATS))
    seats = draw(st.permutations(list(range(n))))
    cuts = sorted(draw(st.sets(st.integers(1, n - 1), max_size=n - 1))) if n > 1 else []
    bounds = [0, *cuts, n]
    return tuple(tuple(seats[a:b]) for a, b in itertools.pairwise(bounds))


@st.composite
def variants_with_teams(draw: st.DrawFn) -> Variant:
    variant = draw(any_variant())
    return attrs.evolve(variant, teams=draw(st.one_of(st.none(), team_groups())))


def message_of(fn: object, *args: object) -> str:
    with pytest.raises(ValueError) as info:  # noqa: PT011 - the message is checked exactly
        fn(*args)  # type: ignore[operator]
    assert type(info.value) is NertsError
    return str(info.value)


# --- to_toml ------------------------------------------------------------------------------


def test_standard_toml_exact() -> None:
    assert Variant().to_toml() == STANDARD_TOML


def test_nna_toml_differs_in_exactly_its_four_knobs() -> None:
    lines = variants.get("nna").to_toml().splitlines()
    standard = STANDARD_TOML.splitlines()
    assert len(lines) == len(standard) == 23
    changed = [(a, b) for a, b in zip(standard, lines, strict=True) if a != b]
    assert changed == [
        ('stock_access = "anytime"', 'stock_access = "when_blocked"'),
        ('call_mode = "optional"', 'call_mode = "auto"'),
        ("caller_bonus = 0", "caller_bonus = 10"),
        ("target_score = 100", "target_score = 150"),
    ]


def test_max_stock_passes_and_teams_are_written_when_set() -> None:
    text = Variant(max_stock_passes=0, teams=((2, 0), (1,), (3,)), caller_bonus=-5).to_toml()
    lines = text.splitlines()
    assert lines[13] == "max_stock_passes = 0"
    assert lines[14] == 'stock_access = "anytime"'
    assert lines[17] == "caller_bonus = -5"
    assert lines[-1] == "teams = [[2, 0], [1], [3]]"
    assert len(lines) == 25
    assert text.endswith("]\n")


def test_none_fields_are_left_out() -> None:
    text = Variant(max_stock_passes=None, teams=None).to_toml()
    assert "max_stock_passes" not in text
    assert "teams" not in text
    assert "null" not in text
    assert "None" not in text


def test_work_piles_by_seat_count_and_booleans() -> None:
    text = Variant(work_piles="by_seat_count", space_fill_mandatory=True).to_toml()
    assert 'work_piles = "by_seat_count"\n' in text
    assert "space_fill_mandatory = true\n" in text
    assert "nerts_pile_face_up = false\n" in text


def test_toml_value_helper() -> None:
    assert variants._toml_value(True) == "true"
    assert variants._toml_value(False) == "false"
    assert variants._toml_value(0) == "0"
    assert variants._toml_value(-12) == "-12"
    assert variants._toml_value('a"b\\c') == '"a\\"b\\\\c"'
    assert variants._toml_value(((0, 1), (2,))) == "[[0, 1], [2]]"
    assert variants._toml_value(()) == "[]"
    assert message_of(variants._toml_value, None) == "no TOML form for None"
    assert message_of(variants._toml_value, 1.5) == "no TOML form for 1.5"


# --- round trips --------------------------------------------------------------------------


@given(variants_with_teams())
def test_toml_round_trip(v: Variant) -> None:
    text = v.to_toml()
    assert Variant.from_toml(text) == v
    data = tomllib.loads(text)
    expected = {k: val for k, val in v.to_dict().items() if val is not None}
    assert data == expected
    assert list(data) == list(expected)  # declaration order
    assert text.endswith("\n")
    assert not text.endswith("\n\n")


@given(variants_with_teams(), st.sampled_from([".json", ".toml", ".JSON", ".Toml"]))
def test_file_round_trip(tmp_path_factory: pytest.TempPathFactory, v: Variant, suffix: str) -> None:
    path = tmp_path_factory.mktemp("variants") / f"house{suffix}"
    variants.save(v, path)
    assert variants.load(path) == v
    assert variants.load(str(path)) == v


def test_unlimited_passes_round_trip_through_a_missing_key() -> None:
    v = Variant(max_stock_passes=None, stock_turn=1)
    assert Variant.from_toml(v.to_toml()).max_stock_passes is None
    assert Variant.from_toml("").max_stock_passes is None
    assert Variant.from_toml("max_stock_passes = 2").max_stock_passes == 2


def test_from_toml_examples() -> None:
    assert Variant.from_toml("") == Variant()
    assert Variant.from_toml("# just a comment\n") == Variant()
    assert Variant.from_toml("stock_turn = 1\ncaller_bonus = 10") == Variant(
        stock_turn=1, caller_bonus=10
    )
    assert Variant.from_toml('work_piles = "by_seat_count"') == Variant(work_piles="by_seat_count")
    assert Variant.from_toml("teams = [[1], [0, 2]]").teams == ((1,), (0, 2))
    assert Variant.from_toml("space_fill_mandatory = true").space_fill_mandatory is True
    assert Variant.from_toml("max_stock_passes = 0").max_stock_passes == 0
    # TOML literal strings and any key order are fine
    assert Variant.from_toml("call_mode = 'auto'\nnerts_pile_size = 9") == Variant(
        nerts_pile_size=9, call_mode="auto"
    )


# --- errors -------------------------------------------------------------------------------

PASSES_HINT = (
    "Variant.max_stock_passes must be an int >= 0 (leave the key out for unlimited passes: "
    "TOML has no null); got {}"
)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("stock_turn = 1\ncolour = 'red'", "unknown Variant field(s): colour"),
        ("zeta = 1\ncolour = 2", "unknown Variant field(s): colour, zeta"),
        ("[variant]\nstock_turn = 1", "unknown Variant field(s): variant"),
        ("stock_turn = 2", "Variant.stock_turn must be one of 1, 3; got 2"),
        ('stock_turn = "3"', "Variant.stock_turn must be one of 1, 3; got '3'"),
        ("stock_turn = 3.0", "Variant.stock_turn must be one of 1, 3; got 3.0"),
        ("nerts_pile_size = 13.0", "Variant.nerts_pile_size must be an int 1..26; got 13.0"),
        ("nerts_pile_size = true", "Variant.nerts_pile_size must be an int 1..26; got True"),
        ("nerts_pile_size = 27", "Variant.nerts_pile_size must be an int 1..26; got 27"),
        (
            "nerts_pile_face_up = 1",
            "Variant.nerts_pile_face_up must be one of False, True; got 1",
        ),
        (
            "space_fill = 'kings'",
            "Variant.space_fill must be one of 'any', 'nerts_only', 'king_only'; got 'kings'",
        ),
        (
            "work_piles = 'by_seats'",
            "Variant.work_piles must be an int 1..8 or 'by_seat_count'; got 'by_seats'",
        ),
        (
            "target_score = 1979-05-27",
            "Variant.target_score must be an int 1..1000000; got datetime.date(1979, 5, 27)",
        ),
        ("max_stock_passes = 'unlimited'", PASSES_HINT.format("'unlimited'")),
        ("max_stock_passes = -1", PASSES_HINT.format("-1")),
        ("max_stock_passes = 1.0", PASSES_HINT.format("1.0")),
        ("max_stock_passes = false", PASSES_HINT.format("False")),
        ("max_stock_passes = []", PASSES_HINT.format("[]")),
        (
            "teams = [[0, 1], [1]]",
            "Variant.teams must be None or a tuple of disjoint, non-empty tuples of seat "
            "numbers 0..7; got ((0, 1), (1,))",
        ),
        (
            "teams = [[0], ['1']]",
            "Variant.teams must be None or a tuple of disjoint, non-empty tuples of seat "
            "numbers 0..7; got ((0,), ('1',))",
        ),
        (
            "teams = '0+1/2+3'",
            "Variant.teams must be None or a tuple of disjoint, non-empty tuples of seat "
            "numbers 0..7; got '0+1/2+3'",
        ),
        (
            "jokers_per_deck = 3",
            "Variant.jokers_per_deck must be an int 0..2; got 3",
        ),
    ],
)
def test_from_toml_errors(text: str, message: str) -> None:
    assert message_of(Variant.from_toml, text) == message


@pytest.mark.parametrize(
    "text",
    [
        "stock_turn = ",
        "stock_turn = 1\nstock_turn = 3",
        "stock_turn 1",
        "caller_bonus = None",
        '{"stock_turn": 1}',
        "[variant\n",
    ],
)
def test_from_toml_malformed(text: str) -> None:
    with pytest.raises(tomllib.TOMLDecodeError) as info:
        tomllib.loads(text)
    assert message_of(Variant.from_toml, text) == f"not TOML: {info.value}"


def test_from_toml_malformed_example() -> None:
    assert message_of(Variant.from_toml, "caller_bonus = None").startswith(
        "not TOML: Invalid value (at line 1, column 16)"
    )


def test_from_toml_error_is_not_chained() -> None:
    with pytest.raises(ValueError, match=r"^not TOML: ") as info:
        Variant.from_toml("=")
    assert info.value.__cause__ is None
    assert info.value.__suppress_context__


# --- load and save ------------------------------------------------------------------------


def test_save_toml_writes_to_toml(tmp_path: Path) -> None:
    v = Variant(stock_turn=1, teams=((0,), (1,)))
    path = tmp_path / "house.toml"
    assert variants.save(v, path) is None  # type: ignore[func-returns-value]
    assert path.read_bytes() == v.to_toml().encode("utf-8")
    assert variants.load(path) == v


def test_save_json_writes_to_json_and_a_newline(tmp_path: Path) -> None:
    v = variants.get("racing_demon")
    path = tmp_path / "demon.json"
    variants.save(v, str(path))
    assert path.read_bytes() == (v.to_json() + "\n").encode("utf-8")
    assert json.loads(path.read_text(encoding="utf-8")) == v.to_dict()
    assert variants.load(path).name == "racing_demon"


def test_suffix_chooses_the_reader(tmp_path: Path) -> None:
    # TOML text in a .json file is read as JSON, and fails as JSON
    toml_in_json = tmp_path / "x.json"
    toml_in_json.write_text("stock_turn = 1\n", encoding="utf-8")
    assert message_of(variants.load, toml_in_json) == (
        f"{toml_in_json}: not JSON: Expecting value: line 1 column 1 (char 0)"
    )
    json_in_toml = tmp_path / "x.toml"
    json_in_toml.write_text('{"stock_turn": 1}\n', encoding="utf-8")
    assert message_of(variants.load, json_in_toml) == (
        f"{json_in_toml}: not TOML: Invalid statement (at line 1, column 1)"
    )
    hand_written = tmp_path / "hand.JSON"
    hand_written.write_text('{"stock_turn": 1}', encoding="utf-8")
    assert variants.load(hand_written) == Variant(stock_turn=1)


def test_load_names_the_file_and_the_field(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("stock_turn = 3\ncaller_bonus = 'ten'\n", encoding="utf-8")
    assert message_of(variants.load, path) == (
        f"{path}: Variant.caller_bonus must be an int -1000..1000; got 'ten'"
    )
    path.write_text("stock_turns = 1\n", encoding="utf-8")
    assert message_of(variants.load, str(path)) == f"{path}: unknown Variant field(s): stock_turns"
    bad_json = tmp_path / "bad.json"
    bad_json.write_text('{"stock_turn": 2}', encoding="utf-8")
    assert message_of(variants.load, bad_json) == (
        f"{bad_json}: Variant.stock_turn must be one of 1, 3; got 2"
    )
    bad_json.write_text("[]", encoding="utf-8")
    assert (
        message_of(variants.load, bad_json) == f"{bad_json}: a Variant is a JSON object, got '[]'"
    )
    with pytest.raises(ValueError) as info:  # noqa: PT011 - checked below
        variants.load(bad_json)
    assert info.value.__cause__ is None
    assert info.value.__suppress_context__


def test_load_reads_utf8(tmp_path: Path) -> None:
    path = tmp_path / "utf8.toml"
    path.write_bytes("# règles de la maison: «Nerts»\nstock_turn = 1\n".encode())
    assert variants.load(path) == Variant(stock_turn=1)


@pytest.mark.parametrize("name", ["rules.yaml", "rules", "rules.toml.bak", "rules.jsonl", ".toml"])
def test_unknown_suffix_is_refused_before_touching_the_file(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    expected = f"cannot tell the format of {str(path)!r}: name it *.json or *.toml"
    assert message_of(variants.save, Variant(), path) == expected
    assert not path.exists()
    assert message_of(variants.load, path) == expected  # not FileNotFoundError


def test_load_missing_file_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        variants.load(tmp_path / "missing.toml")


def test_load_and_save_are_public() -> None:
    assert "load" in variants.__all__
    assert "save" in variants.__all__
    assert nl.variants.load is variants.load
    assert nl.variants.save is variants.save
