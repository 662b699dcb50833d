"""The PEP 316 contracts (``pre:``/``post:`` docstring lines) that CrossHair checks in CI.

Two kinds of test (see "CrossHair contracts" in docs/verification.md):

- Exhaustive (default suite, about a second): every contract is evaluated, exactly as written in
  its docstring, on the whole of its finite domain (all card ids, all suits, all zones, ...).
  CrossHair only ever says "Not confirmed" for most of them; these runs turn that into a proof
  for the domains listed, and they fail if someone breaks a contract or its code.
- Planted bugs (``-m symbolic``, about a minute): for every contract-carrying function, a copy
  of the package with one bug planted in it, and ``crosshair check`` on that function must
  exit 1 and name it. This shows the contracts are strong enough for CrossHair to catch
  realistic bugs, with the CI's own ``--per_condition_timeout=5``.
"""

import inspect
import itertools
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from types import CodeType
from typing import Any, NamedTuple

import pytest

import nertslib
from nertslib import cards, context, jokers, moves, predicates, scoring
from nertslib.cards import Suit
from nertslib.deal import SplitMix64, _rejection_limit
from nertslib.moves import Zone

N_IDS = 8 * 54
_LINE = re.compile(r"^\s*(pre|post|raises):\s*(.*?)\s*$")


class Contract(NamedTuple):
    pre: list[CodeType]
    post: list[CodeType]
    raises: tuple[type[BaseException], ...]


def contract_of(fn: Callable[..., Any]) -> Contract:
    """The compiled PEP 316 lines of ``fn``'s docstring."""
    pre: list[CodeType] = []
    post: list[CodeType] = []
    raises: list[type[BaseException]] = []
    for line in (fn.__doc__ or "").splitlines():
        match = _LINE.match(line)
        if match is None:
            continue
        kind, expr = match.groups()
        if kind == "raises":
            raises.extend(eval(name, fn.__globals__) for name in expr.split(","))
            continue
        (pre if kind == "pre" else post).append(compile(expr, f"<{kind}: {expr}>", "eval"))
    return Contract(pre, post, tuple(raises))


def check_contract(fn: Callable[..., Any], cases: Iterable[tuple[Any, ...]]) -> int:
    """Evaluate ``fn``'s contract on every case; returns how many cases met the preconditions."""
    contract = contract_of(fn)
    assert contract.post, f"{fn.__qualname__} has no postcondition"
    names = list(inspect.signature(fn).parameters)
    env = fn.__globals__
    checked = 0
    for args in cases:
        local = dict(zip(names, args, strict=True))
        if not all(eval(c, env, local) for c in contract.pre):
            continue
        checked += 1
        try:
            local["__return__"] = fn(*args)
        except contract.raises:
            continue
        scope = {**env, **local}  # one namespace: comprehensions in a contract see the names
        for c in contract.post:
            assert eval(c, scope), f"{c.co_filename} fails for {fn.__qualname__}{args}"
    return checked


# --- exhaustive checks (default suite) ------------------------------------------------------


def test_suit_colour() -> None:
    assert check_contract(cards.suit_colour, ((s,) for s in Suit)) == 4


def test_card_id() -> None:
    cases = itertools.product(range(8), range(4), range(1, 14))
    assert check_contract(cards.card_id, cases) == 8 * 52


def test_parse_code() -> None:
    codes = [c.code for c in cards.CARDS[:54]]
    texts = [*codes, *(c.lower() for c in codes), *(c.replace("10", "T") for c in codes)]
    texts += [c.replace("10", "t").lower() for c in codes]
    texts += ["", "A", "1H", "11S", "ZZ", "X3", "X0", "AH ", "10", "☃♥", "ſA", "Aſ", "TT"]
    assert check_contract(cards.parse_code, ((t,) for t in texts)) == len(texts)


@pytest.mark.parametrize("fn", [predicates.fits_work, predicates.fits_under])
def test_work_pile_predicates(fn: Callable[[int, int], bool]) -> None:
    cases = itertools.product(range(N_IDS), repeat=2)
    assert check_contract(fn, cases) == (8 * 52) ** 2


@pytest.mark.parametrize("fn", [context.foundation_key, context.next_key])
def test_foundation_keys(fn: Callable[[int, int], int]) -> None:
    assert check_contract(fn, itertools.product(range(3), range(N_IDS))) == 3 * 8 * 52


def test_fits_foundation() -> None:
    cases = itertools.product(range(3), range(N_IDS), range(N_IDS))
    assert check_contract(predicates.fits_foundation, cases) == 3 * (8 * 52) ** 2


def test_fits_foundation_is_the_engine_test() -> None:
    for v in ("standard", "racing_demon"):
        for seats in (2, 5, 8):
            ctx = context.context_for(nertslib.variants.get(v), seats)
            for card, top in itertools.product(range(54 * seats), range(0, 54 * seats, 7)):
                if cards.RANK[card] and cards.RANK[top]:
                    fits = ctx.fkey[card] == ctx.fnext[top]
                    assert predicates.fits_foundation(ctx.rule, card, top) == fits


def test_turned_cursor() -> None:
    cases = itertools.product(range(40), range(41), (1, 2, 3), (False, True), range(4), range(4))
    assert check_contract(predicates.turned_cursor, cases) > 10_000


def test_turned_cursor_examples() -> None:
    # 3 at a time from a 7-card stock: 3, 6, then the last card (or, flipping, a new pass).
    assert predicates.turned_cursor(0, 7, 3, False, 0, context.UNLIMITED) == (3, 0)
    assert predicates.turned_cursor(6, 7, 3, False, 0, context.UNLIMITED) == (7, 0)
    assert predicates.turned_cursor(6, 7, 3, True, 0, context.UNLIMITED) == (0, 1)
    assert predicates.turned_cursor(6, 7, 3, True, 2, 2) == (7, 2)
    assert predicates.turned_cursor(4, 7, 3, True, 0, 1) == (7, 0)


def test_may_call() -> None:
    cases = itertools.product((False, True), range(30))
    assert check_contract(predicates.may_call, cases) == 60


def test_fitting_depth() -> None:
    cases = itertools.product(range(N_IDS), range(0, N_IDS, 5))
    assert check_contract(predicates.fitting_depth, cases) > 30_000


def test_might_go_up() -> None:
    for v, seats in (("standard", 2), ("nna", 3), ("pounce", 4)):
        state = nertslib.deal(v, seats, seed=3)
        for _ in range(80):  # foundations that need something
            moves_now = nertslib.legal_moves(state, 0) or nertslib.legal_moves(state, 1)
            if state.is_over or not moves_now:
                break
            state = nertslib.apply(state, moves_now[0])
        ctx = state.ctx
        cases = ((ctx.fkey, state.need, card) for card in range(54 * seats))
        assert check_contract(predicates.might_go_up, cases) == 54 * seats


def test_pass_tops() -> None:
    deck = tuple(range(100, 108))
    cases = itertools.product(
        (deck, deck[:1], ()), range(9), (1, 3), (False, True), range(3), (0, 2, context.UNLIMITED)
    )
    assert check_contract(predicates.pass_tops, cases) > 300


def test_below_and_rejection_limit() -> None:
    rng = SplitMix64(12345)
    assert check_contract(SplitMix64.below, ((rng, n) for n in range(1, 1001))) == 1000
    ns = [*range(1, 2000), 2**32 - 1, 2**32, 3**20, 10**9 + 7]
    assert check_contract(_rejection_limit, ((n,) for n in ns)) == len(ns)


def test_seat_score() -> None:
    counts = itertools.product(range(6), range(3), range(4), (False, True))
    points = itertools.product((-1, 0, 1, 3), (0, 5), (0, 1, 2), (0, 10))
    cases = (c + p for c, p in itertools.product(counts, points))
    assert check_contract(scoring.seat_score, cases) > 1000


def test_zone_text() -> None:
    cases = itertools.product(Zone, range(1000))
    assert check_contract(moves.zone_text, cases) == 3 * 1000 + 3


def test_zone_from_text() -> None:
    texts = [moves.zone_text(z, i) for z, i in itertools.product(Zone, range(1000))]
    texts += ["P007", "F00", "U٣", "P１２", "F+1", "X", "", "P1000", "N0"]
    assert check_contract(moves.zone_from_text, ((t,) for t in set(texts))) == 3003 + 4


def test_joker_key_arithmetic() -> None:
    cases = list(itertools.product(range(2, 28), range(13)))
    assert check_contract(jokers.position_key, cases) == 26 * 13
    assert check_contract(jokers._base_from, cases) == 26 * 13
    assert check_contract(jokers.rank_of_key, ((k,) for k in range(40))) == 26


def test_declaration_fits() -> None:
    cases = itertools.product([-1, *range(40)], range(40))
    assert check_contract(jokers.declaration_fits, cases) == 28 * 26  # KING_OPEN (28) too


def test_pile_base() -> None:
    keys = [-1, *range(2, 29)]  # 28: KING_OPEN, a joker standing for a King
    cases = [(t,) for n in range(4) for t in itertools.product(keys, repeat=n)]
    cases += [((-1,) * 13,), ((-1,) * 14,), ((27, *(-1,) * 12),), ((27, *(-1,) * 13),)]
    assert check_contract(jokers.pile_base, cases) == len(cases)


def test_declared_id() -> None:
    cases = itertools.product(range(8), (1, 2), range(52))
    assert check_contract(cards.declared_id, cases) == 8 * 2 * 52


# --- planted bugs: CrossHair must find each (``-m symbolic``) ----------------------------------


class Plant(NamedTuple):
    module: str  # the module of src/nertslib the bug is planted in
    target: str  # what ``crosshair check`` is pointed at, and must name
    old: str  # the correct code (must occur exactly once in the module)
    new: str  # the bug
    checked: str = ""  # the module of ``target``, if not ``module`` (a table it reads is wrong)


PLANTS = {
    "card_id off by one": Plant(
        "cards",
        "card_id",
        "return owner * DECK_SPAN + suit * 13 + rank - 1",
        "return owner * DECK_SPAN + suit * 13 + rank",
    ),
    "suit_colour swaps spades for hearts": Plant(
        "cards",
        "suit_colour",
        "if suit in (Suit.DIAMONDS, Suit.HEARTS)",
        "if suit in (Suit.DIAMONDS, Suit.SPADES)",
    ),
    "parse_code off by one": Plant(
        "cards",
        "parse_code",
        "RANK_CODES.index(head) - 1",
        "RANK_CODES.index(head)",
    ),
    "parse_code joker off by one": Plant(
        "cards",
        "parse_code",
        "return 51 + int(upper[1])",
        "return 52 + int(upper[1])",
    ),
    "fits_work wants the same colour": Plant(
        "cards",
        "fits_work",
        "ON: Final = tuple(((k - 2) ^ 1)",
        "ON: Final = tuple(((k - 2) ^ 0)",
        "predicates",
    ),
    "fits_under two ranks up": Plant(
        "cards",
        "fits_under",
        "UNDER: Final = tuple(((k + 2) ^ 1)",
        "UNDER: Final = tuple(((k + 4) ^ 1)",
        "predicates",
    ),
    "may_fill_space lets the waste into a nerts_only space": Plant(
        "predicates",
        "may_fill_space",
        "return source == FROM_NERTS",
        "return source in (FROM_NERTS, FROM_WASTE)",
    ),
    "may_move_suffix lets any card of a whole_pile rule move": Plant(
        "predicates",
        "may_move_suffix",
        "return start in (0, length - 1)",
        "return start >= 0",
    ),
    "may_start_foundation ignores one_per_suit": Plant(
        "predicates",
        "may_start_foundation",
        "    if not one_per_suit:\n        return True\n",
        "    if one_per_suit:\n        return True\n",
    ),
    "foundation_key off by one": Plant(
        "context",
        "foundation_key",
        "return RED[card] * 16 + RANK[card]",
        "return RED[card] * 16 + RANK[card] - 1",
    ),
    "next_key stops at the Queen": Plant(
        "context",
        "next_key",
        "if RANK[top] == KING:",
        "if RANK[top] >= KING - 1:",
    ),
    "fits_foundation same colour for same suit (bug in next_key)": Plant(
        "context",
        "fits_foundation",
        "return SUIT[top] * 16 + RANK[top] + 1",
        "return RED[top] * 16 + RANK[top] + 1",
        "predicates",
    ),
    "turned_cursor flips a full turn": Plant(
        "predicates",
        "turned_cursor",
        "if left < turn and flip",
        "if left <= turn and flip",
    ),
    "below off by one": Plant(
        "deal",
        "SplitMix64.below",
        "return x % n",
        "return x % (n + 1)",
    ),
    "rejection_limit typo": Plant(
        "deal",
        "_rejection_limit",
        "(1 << 64) - ((1 << 64) % n)",
        "(1 << 64) - ((1 << 63) % n)",
    ),
    "seat_score adds the Nerts penalty": Plant(
        "scoring",
        "seat_score",
        "score = points * own + king_bonus * kings - penalty * nerts",
        "score = points * own + king_bonus * kings + penalty * nerts",
    ),
    "zone_text forgets the slide-under index": Plant(
        "moves",
        "zone_text",
        "(str(index) if zone in _INDEXED else",
        "(str(index) if zone in (Zone.WORK, Zone.FOUNDATION) else",
    ),
    "pile_base lets a King lie on a joker": Plant(
        "jokers",
        "pile_base",
        "if base >> 1 > MAX_RUN or (base >> 1) - n < 0:",
        "if (base >> 1) - n < 0:",
    ),
    "pile_base forgets the colour of the second card": Plant(
        "jokers",
        "pile_base",
        "b = (k ^ (i & 1)) + 2 * i",
        "b = k + 2 * i",
    ),
    "position_key keeps the colour": Plant(
        "jokers",
        "position_key",
        "return (base - 2 * i) ^ (i & 1)",
        "return base - 2 * i",
    ),
    "declaration_fits ignores the constraint": Plant(
        "jokers",
        "declaration_fits",
        "return constraint < 0 or constraint == declared_key",
        "return constraint < 0 or constraint >= declared_key",
    ),
    "declared_id mixes up the two jokers": Plant(
        "cards",
        "declared_id",
        "return DECLARED_BASE + (owner * 2 + joker - 1) * 52 + index",
        "return DECLARED_BASE + (owner * 2 + joker - 2) * 52 + index",
    ),
    "zone_from_text forgets F+": Plant(
        "moves",
        "zone_from_text",
        'if text in ("N", "W", "F+"):',
        'if text in ("N", "W"):',
    ),
}


def test_plants_are_in_the_code() -> None:
    # The default suite at least keeps the plants applicable as the code changes.
    src = Path(nertslib.__file__).parent
    for plant in PLANTS.values():
        assert (src / f"{plant.module}.py").read_text(encoding="utf-8").count(plant.old) == 1


@pytest.mark.symbolic
@pytest.mark.parametrize("name", list(PLANTS))
def test_crosshair_finds_planted_bug(name: str, tmp_path: Path) -> None:
    pytest.importorskip("crosshair")
    plant = PLANTS[name]
    package = tmp_path / "nertslib"
    shutil.copytree(Path(nertslib.__file__).parent, package)
    path = package / f"{plant.module}.py"
    source = path.read_text(encoding="utf-8")
    assert source.count(plant.old) == 1
    path.write_text(source.replace(plant.old, plant.new), encoding="utf-8")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "crosshair",
            "check",
            "--analysis_kind=PEP316",
            "--per_condition_timeout=5",
            f"nertslib.{plant.checked or plant.module}.{plant.target}",
        ],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    out = result.stdout + result.stderr
    print(out)
    assert result.returncode == 1, out
    # the planted copy was analysed, not the installed package
    assert str(package / f"{plant.checked or plant.module}.py") in out
    assert f"when calling {plant.target.rsplit('.', 1)[-1]}(" in out
