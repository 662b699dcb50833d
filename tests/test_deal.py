"""Unit tests for nertslib.deal: the seeded shuffle and the deal itself."""

from collections.abc import Sequence
from typing import Any, TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nertslib as nl
from nertslib import Card, Variant
from nertslib.cards import card_from_id
from nertslib.deal import SplitMix64, shuffled
from nertslib.errors import NertsError

MASK = (1 << 64) - 1
T = TypeVar("T")


def message_of(exc_type: type[Exception], fn: Any, *args: Any, **kwargs: Any) -> str:
    with pytest.raises(exc_type) as info:
        fn(*args, **kwargs)
    assert type(info.value) is exc_type
    return str(info.value)


# --- a reference implementation, written from the deal.py module docs ----------------------


class RefSplitMix64:
    def __init__(self, state: int) -> None:
        self.state = state % (1 << 64)

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) % (1 << 64)
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % (1 << 64)
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % (1 << 64)
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        # reject the top partial bucket so that every value 0..n-1 is equally likely
        bucket = (1 << 64) // n
        while True:
            x = self.next()
            if x < bucket * n:
                return x % n


def ref_shuffle(items: Sequence[T], seed: int, stream: int) -> list[T]:
    rng = RefSplitMix64(seed + (stream + 1) * 0xD1B54A32D192ED03)
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def ref_layout(
    variant: Variant, seats: int, seed: int, seat: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...]]:
    """(work piles, nerts bottom first, stock bottom first) as Cards."""
    deck = [card_from_id(seat * 54 + i) for i in range(52)]
    cards = ref_shuffle(deck, seed, seat)
    nwork = variant.work_pile_count(seats)
    size = variant.nerts_pile_size
    work = tuple((c,) for c in cards[:nwork])
    nerts = tuple(cards[nwork : nwork + size])
    stock_top_first = cards[nwork + size :]
    return work, nerts, tuple(reversed(stock_top_first))


# --- SplitMix64 ---------------------------------------------------------------------------


def test_splitmix64_reference_values_seed_zero():
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_reference_implementation_reference_values():
    rng = RefSplitMix64(0)
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


@given(st.integers(0, MASK), st.integers(1, 20))
def test_splitmix64_matches_reference(seed, count):
    rng, ref = SplitMix64(seed), RefSplitMix64(seed)
    assert [rng.next() for _ in range(count)] == [ref.next() for _ in range(count)]


def test_splitmix64_masks_its_seed():
    a, b, c = SplitMix64(1 << 64), SplitMix64(0), SplitMix64(-1)
    assert a.next() == b.next() == 0xE220A8397B1DCDAF
    assert c.next() == RefSplitMix64(MASK).next()
    big = SplitMix64(MASK)
    assert big.next() == RefSplitMix64(MASK).next()
    assert all(0 <= SplitMix64(s).next() <= MASK for s in (0, 1, MASK, 12345))


@given(st.integers(0, MASK), st.integers(1, 10**6))
def test_below_matches_reference(seed, n):
    rng, ref = SplitMix64(seed), RefSplitMix64(seed)
    for _ in range(5):
        value = rng.below(n)
        assert value == ref.below(n)
        assert 0 <= value < n


def test_below_one_is_zero():
    rng = SplitMix64(3)
    assert [rng.below(1) for _ in range(5)] == [0] * 5


def test_below_rejects_the_top_bucket():
    # n = 2**63 + 1 accepts only outputs below 2**64 - 2**64 % n = n; the first output of
    # SplitMix64(0) is larger, so it must be drawn again rather than reduced modulo n.
    n = (1 << 63) + 1
    limit = (1 << 64) - ((1 << 64) % n)
    outputs = RefSplitMix64(0)
    expected = None
    while expected is None:
        x = outputs.next()
        if x < limit:
            expected = x % n
    assert SplitMix64(0).below(n) == expected
    first = RefSplitMix64(0).next()
    assert first >= limit  # the first draw is rejected here, so rejection really happens
    assert SplitMix64(0).below(n) != first % n


def test_shuffled_doc_example():
    assert shuffled((1, 2, 3, 4, 5), seed=7, stream=0) == (5, 2, 3, 1, 4)


@given(
    st.lists(st.integers(), max_size=60).map(tuple),
    st.integers(0, 2**70),
    st.integers(0, 80),
)
def test_shuffled_matches_reference(items, seed, stream):
    out = shuffled(items, seed, stream)
    assert type(out) is tuple
    assert list(out) == ref_shuffle(items, seed, stream)
    assert sorted(out) == sorted(items)


def test_shuffled_small_inputs():
    assert shuffled((), 0, 0) == ()
    assert shuffled((9,), 5, 3) == (9,)


def test_shuffled_streams_differ():
    deck = tuple(range(52))
    assert shuffled(deck, 0, 0) != shuffled(deck, 0, 1)
    assert shuffled(deck, 0, 0) != shuffled(deck, 1, 0)
    assert shuffled(deck, 3, 2) == shuffled(deck, 3, 2)


# --- deal: the documented algorithm ---------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "seats", "seed"),
    [
        (Variant(), 1, 0),
        (Variant(), 4, 7),
        (Variant(), 8, 123456789),
        (Variant(nerts_pile_size=1, work_piles=1), 2, 1),
        (Variant(nerts_pile_size=26, work_piles=8), 3, 2**64 - 5),
        (Variant(work_piles="by_seat_count"), 2, 99),
        (Variant(work_piles="by_seat_count"), 3, 99),
    ],
)
def test_deal_follows_the_documented_algorithm(variant, seats, seed):
    state = nl.deal(variant, seats=seats, seed=seed)
    for seat in range(seats):
        work, nerts, stock = ref_layout(variant, seats, seed, seat)
        lay = state.seats[seat]
        assert lay.work_piles == work
        assert lay.nerts_pile == nerts
        assert lay.stock == stock
        assert lay.waste == ()


@given(st.integers(1, 8), st.integers(0, 2**64 - 1))
def test_deal_matches_reference_property(seats, seed):
    state = nl.deal("standard", seats=seats, seed=seed)
    for seat in range(seats):
        work, nerts, stock = ref_layout(Variant(), seats, seed, seat)
        assert state.seats[seat].work_piles == work
        assert state.seats[seat].nerts_pile == nerts
        assert state.seats[seat].stock == stock


def test_deal_doc_example():
    state = nl.deal("standard", seats=4, seed=7)
    assert state.seats[0].nerts_top == Card.parse("5S", owner=0)


# --- deal: shape, conservation, determinism -------------------------------------------------


def test_deal_fresh_state_fields():
    state = nl.deal("standard", seats=3, seed=11)
    assert state.variant == Variant()
    assert state.foundations == ()
    assert state.fnd == ()
    assert state.status is None
    assert state.caller == -1
    assert state.stalled is False
    assert state.resolutions == 0
    assert state.seed == 11
    assert state.is_over is False
    assert [lay.seat for lay in state.seats] == [0, 1, 2]
    assert all(lay.cursor == 0 and lay.passes == 0 for lay in state.seats)
    assert state.to_nfen().endswith(" play r0 s11")


@pytest.mark.parametrize(
    ("variant", "seats", "nwork", "nerts"),
    [
        (Variant(), 4, 4, 13),
        (Variant(nerts_pile_size=1), 2, 4, 1),
        (Variant(nerts_pile_size=26), 2, 4, 26),
        (Variant(nerts_pile_size=9, work_piles=5), 3, 5, 9),
        (Variant(work_piles=1), 1, 1, 13),
        (Variant(work_piles=8), 2, 8, 13),
        (Variant(work_piles=8, nerts_pile_size=26), 8, 8, 26),
        (Variant(work_piles="by_seat_count"), 1, 6, 13),
        (Variant(work_piles="by_seat_count"), 2, 6, 13),
        (Variant(work_piles="by_seat_count"), 3, 5, 13),
        (Variant(work_piles="by_seat_count"), 4, 4, 13),
        (Variant(work_piles="by_seat_count"), 8, 4, 13),
    ],
)
def test_deal_layout_shape(variant, seats, nwork, nerts):
    state = nl.deal(variant, seats=seats, seed=5)
    assert len(state.seats) == seats
    for lay in state.seats:
        assert len(lay.work_piles) == nwork
        assert all(len(p) == 1 for p in lay.work_piles)
        assert len(lay.nerts_pile) == nerts
        assert len(lay.stock) == 52 - nwork - nerts
        assert lay.waste == ()
        assert lay.waste_top is None
        assert lay.nerts_top == lay.nerts_pile[-1]


@pytest.mark.parametrize("seats", [1, 2, 5, 8])
def test_deal_conserves_cards_and_tags_owners(seats):
    state = nl.deal(Variant(work_piles=7, nerts_pile_size=20), seats=seats, seed=3)
    for seat, lay in enumerate(state.seats):
        cards = lay.all_cards
        assert len(cards) == 52
        assert sorted(c.id for c in cards) == list(range(seat * 54, seat * 54 + 52))
        assert {c.owner for c in cards} == {seat}
        assert not any(c.is_joker for c in cards)


@given(st.integers(1, 8), st.integers(0, 2**64 - 1))
def test_deal_conservation_property(seats, seed):
    state = nl.deal("standard", seats=seats, seed=seed)
    for seat, lay in enumerate(state.seats):
        assert sorted(c.id for c in lay.all_cards) == list(range(seat * 54, seat * 54 + 52))


def test_deal_is_deterministic():
    for seats, seed in [(1, 0), (4, 7), (8, 2**40)]:
        a = nl.deal("standard", seats=seats, seed=seed)
        b = nl.deal(Variant(), seats=seats, seed=seed)
        assert a == b
        assert a.to_nfen() == b.to_nfen()


def test_deal_different_seeds_differ():
    a = nl.deal("standard", seats=2, seed=0)
    b = nl.deal("standard", seats=2, seed=1)
    assert a != b
    assert a.seats[0].nerts_pile != b.seats[0].nerts_pile
    assert a.seats[1].nerts_pile != b.seats[1].nerts_pile


def test_deal_seats_are_shuffled_independently():
    state = nl.deal("standard", seats=2, seed=0)
    faces0 = [c.code for c in state.seats[0].all_cards]
    faces1 = [c.code for c in state.seats[1].all_cards]
    assert faces0 != faces1
    # a seat's deal does not depend on how many seats play (with a fixed work-pile count)
    assert nl.deal("standard", seats=8, seed=0).seats[1] == state.seats[1]


def test_deal_defaults():
    assert nl.deal("standard") == nl.deal("standard", seats=4, seed=0)
    assert nl.deal(Variant()) == nl.deal("standard", 4, 0)


def test_deal_preset_names_and_aliases():
    assert nl.deal("NNA", seats=2, seed=1).variant == nl.variants.get("nna")
    assert nl.deal("racing demon", seats=2, seed=1).variant == nl.variants.get("racing_demon")
    assert nl.deal("nna", 2, 1).seats == nl.deal("standard", 2, 1).seats


# --- deal: errors -------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [0, 9, -1])
def test_deal_rejects_seat_counts(seats):
    msg = message_of(nl.NertsError, nl.deal, "standard", seats=seats)
    assert msg == f"seats must be an int 1..8; got {seats!r}"


def test_deal_rejects_bool_seats_even_after_a_one_seat_deal():
    nl.deal("standard", seats=1, seed=0)
    msg = message_of(nl.NertsError, nl.deal, "standard", seats=True)
    assert msg == "seats must be an int 1..8; got True"


def test_deal_rejects_float_seats_even_after_a_two_seat_deal():
    nl.deal("standard", seats=2, seed=0)
    msg = message_of(nl.NertsError, nl.deal, "standard", seats=2.0)
    assert msg == "seats must be an int 1..8; got 2.0"


def test_deal_rejects_seats_not_covered_by_teams():
    v = Variant(teams=((0, 1), (2, 3)))
    assert len(nl.deal(v, seats=4).seats) == 4
    msg = message_of(nl.NertsError, nl.deal, v, seats=3)
    assert msg == "Variant.teams ((0, 1), (2, 3)) must group exactly seats 0..2"


@pytest.mark.parametrize("seed", [-1, True, False, 1.0, "1", None, 2**64, 2**100])
def test_deal_rejects_seeds(seed):
    msg = message_of(NertsError, nl.deal, "standard", seats=2, seed=seed)
    assert msg == f"seed must be an int from 0 to 2**64 - 1; got {seed!r}"


@pytest.mark.parametrize("seed", [0, 1, 2**63, 2**64 - 1])
def test_deal_accepts_every_64_bit_seed(seed):
    # the generator keeps 64 bits: a larger seed would deal a smaller one's hand, so it is
    # refused rather than wrapped
    assert nl.deal("standard", seats=1, seed=seed).seed == seed


def test_deal_rejects_unknown_variant_name():
    msg = message_of(NertsError, nl.deal, "chess", seats=2)
    assert msg == "unknown variant: 'chess' (known: standard, nna, racing_demon, pounce)"


@pytest.mark.parametrize("variant", [None, 5, {"stock_turn": 1}, Variant])
def test_deal_rejects_non_variants(variant):
    msg = message_of(NertsError, nl.deal, variant, seats=2)
    assert msg == f"variant must be a Variant or a preset name, got {variant!r}"


def test_deal_checks_variant_before_seed_and_seeds_before_seats():
    assert message_of(NertsError, nl.deal, 5, seats=0, seed=-1) == (
        "variant must be a Variant or a preset name, got 5"
    )
    assert message_of(NertsError, nl.deal, "standard", seats=0, seed=-1) == (
        "seed must be an int from 0 to 2**64 - 1; got -1"
    )


# --- the generator's exact arithmetic (pinned by mutation testing) ----------------------------

GOLDEN = 0x9E3779B97F4A7C15
MUL1 = 0xBF58476D1CE4E5B9
MUL2 = 0x94D049BB133111EB


def _unxorshift(z: int, shift: int) -> int:
    """The x with ``x ^ (x >> shift) == z`` (64-bit)."""
    x = z
    for _ in range(64 // shift + 1):
        x = z ^ (x >> shift)
    return x & MASK


def state_before_output(output: int) -> int:
    """The SplitMix64 seed whose first output is ``output`` (its output mix is a bijection)."""
    z = _unxorshift(output, 31)
    z = (z * pow(MUL2, -1, 1 << 64)) & MASK
    z = _unxorshift(z, 27)
    z = (z * pow(MUL1, -1, 1 << 64)) & MASK
    z = _unxorshift(z, 30)
    return (z - GOLDEN) & MASK


@pytest.mark.parametrize("output", [0, 1, 12345, MASK - 1, MASK, 0xE220A8397B1DCDAF])
def test_the_inverse_of_the_output_mix_is_exact(output: int) -> None:
    assert SplitMix64(state_before_output(output)).next() == output


@pytest.mark.parametrize("n", [3, 5, 7, 52, 1000])
def test_below_rejects_an_output_equal_to_the_limit(n: int) -> None:
    # The limit is the largest multiple of n that is <= 2**64; outputs from it up are drawn
    # again, so an output of exactly the limit must not give limit % n == 0.
    limit = (1 << 64) - (1 << 64) % n
    seed = state_before_output(limit)
    rng = SplitMix64(seed)
    second = SplitMix64(seed)
    second.next()
    expected = second.next()
    assert expected < limit
    assert rng.below(n) == expected % n


@pytest.mark.parametrize("n", [3, 5, 52])
def test_below_accepts_the_last_output_under_the_limit(n: int) -> None:
    limit = (1 << 64) - (1 << 64) % n
    assert SplitMix64(state_before_output(limit - 1)).below(n) == (limit - 1) % n


def test_a_fresh_deal_has_an_empty_need_index() -> None:
    state = nl.deal("standard", seats=3, seed=11)
    assert state.need == ()
    assert state.fnd == ()
