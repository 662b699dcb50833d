"""Exact behaviour of nertslib.deal that the other tests leave open (found by mutation testing).

See "Mutation testing" in docs/verification.md for how the survivors are judged (the verdicts
of the last complete run are in the git history of docs/mutation-survivors.md).
"""

import pytest

import nertslib as nl
from nertslib.deal import SplitMix64

MASK = (1 << 64) - 1
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
