"""Termination: hands played by bots end, by Nerts or by stalemate, within a bound of actions.

Why the hands end, and where the bounds come from:

* **Progress is finite.** A *progress* move plays a card from a Nerts pile or a waste pile, or
  onto a foundation (``rules.md`` §7; the same test the engine uses to clear its "stalled"
  flag). Every card leaves its Nerts pile or its stock-and-waste at most once (cards never go
  back there) and reaches a foundation at most once (foundation cards never leave), so a hand
  has at most ``2 * 52`` progress moves per seat (``PROGRESS_BOUND``).
* **Stalemates are finite.** When every seat is stuck the driver applies
  :func:`nertslib.resolve_stalemate`; if every seat is stuck again before anybody made
  progress, the next call ends the hand. So a hand has at most one resolution more than it
  has progress moves, and with ``stuck_resolution="end_hand"`` at most one.
* **Between two progress moves** a seat makes non-progress moves (between work piles, stock
  turns, restocks, rotations). A greedy bot only takes such a move as the first step of a
  shortest plan to progress or to turn its stock towards a playable card, so greedy hands stay
  short: at most 365 actions were seen over 288 hands (every preset x every
  ``stuck_resolution`` x 1-8 seats x 3 seeds). Their bound, ``GREEDY_BOUND = 5_000``, is over
  13 times that.
* **Uniform random bots** can shuffle cards back and forth for a long time, so their bound is a
  statistical one: the same 288 configurations took at most 1,677 actions;
  ``RANDOM_BOUND = 20_000`` is over 11 times that. With some progress move among a seat's
  legal moves, a uniform choice hits it with a probability of at least ``1 / len(moves)``, so
  long runs without progress get exponentially unlikely.

A uniform random bot never waits while it has a legal move, and a stuck seat still has
some (moves between work piles, stock turns, the rotation), so :func:`nertslib.play_hand`, which
resolves a stalemate only when every bot waits, would never stop a stuck random hand. The
random driver here therefore applies the resolution itself whenever every seat is stuck, as a
host would.
"""

from __future__ import annotations

import attrs
import pytest

import nertslib as nl
from nertslib.knobs import StuckResolution
from nertslib.moves import Zone

PROGRESS_BOUND = 2 * 52
GREEDY_BOUND = 5_000
RANDOM_BOUND = 20_000
PRESETS = nl.variants.names()
RESOLUTIONS: tuple[StuckResolution, ...] = ("restock", "rotate_one", "shuffle", "end_hand")


def is_progress(move: nl.Move) -> bool:
    """A play from the Nerts pile or the waste, or onto a foundation."""
    if move.kind is not nl.MoveKind.PLAY:
        return False
    return move.source is not Zone.WORK or move.to_foundation


def play_random(state: nl.GameState, seed: int) -> tuple[nl.GameState, list[nl.Move | None]]:
    """Uniform random bots, one round of seats at a time, resolving every stalemate.

    The log holds every action, ``None`` for a resolution. Stops at ``RANDOM_BOUND`` actions.
    """
    seats = len(state.layouts)
    bots = [nl.RandomBot(seed * 8 + seat) for seat in range(seats)]
    log: list[nl.Move | None] = []
    while not nl.is_over(state) and len(log) < RANDOM_BOUND:
        for seat, bot in enumerate(bots):
            move = bot(nl.view(state, seat), seat)
            if move is not None:
                state = nl.apply(state, move)
                log.append(move)
                if nl.is_over(state):
                    break
        if not nl.is_over(state) and nl.all_stuck(state):
            state = nl.resolve_stalemate(state)
            log.append(None)
    return state, log


def check_ended(
    variant: nl.Variant, seats: int, final: nl.GameState, log: list[nl.Move | None], bound: int
) -> None:
    assert nl.is_over(final), f"{variant.to_spec()} with {seats} seats: not over after {bound}"
    assert len(log) < bound
    progress = sum(1 for m in log if m is not None and is_progress(m))
    resolutions = log.count(None)
    assert progress <= PROGRESS_BOUND * seats
    assert resolutions <= progress + 1
    if variant.stuck_resolution == "end_hand":
        assert resolutions <= 1
    result = nl.outcome(final)
    assert result is not None
    if result.reason is nl.EndReason.STALEMATE:
        assert result.caller is None
        assert resolutions >= 1
        # a stalemate ends the hand as it stands: every seat is still stuck in it
        assert nl.all_stuck(attrs.evolve(final, status=None))
    else:
        assert result.caller is not None
        assert final.seats[result.caller].nerts == ()


# Every preset with every seat count (1..8) under its own stalemate rule; each preset with the
# two other stalemate rules at 1 and 2 seats, where stalemates are common.
RANDOM_CASES = [(p, None, s) for p in PRESETS for s in range(1, 9)] + [
    (p, r, s)
    for p in PRESETS
    for r in RESOLUTIONS
    if r != nl.variants.get(p).stuck_resolution
    for s in (1, 2)
]


@pytest.mark.parametrize(("preset", "resolution", "seats"), RANDOM_CASES)
def test_uniform_random_hands_end_within_the_bound(
    preset: str, resolution: StuckResolution | None, seats: int
) -> None:
    variant = nl.variants.get(preset)
    if resolution is not None:
        variant = attrs.evolve(variant, stuck_resolution=resolution)
    seed = 1000 * seats + len(preset)
    final, log = play_random(nl.deal(variant, seats, seed), seed)
    check_ended(variant, seats, final, log, RANDOM_BOUND)


def test_lone_random_seats_reach_stalemate_and_resolve_it() -> None:
    # One seat alone often gets stuck: the resolution path is exercised, not just Nerts.
    reasons = set()
    resolved = 0
    for preset in PRESETS:
        for seed in range(3):
            final, log = play_random(nl.deal(preset, 1, seed), seed)
            reasons.add(final.status)
            resolved += log.count(None)
    assert nl.EndReason.STALEMATE in reasons
    assert resolved > 0


@pytest.mark.parametrize("resolution", RESOLUTIONS)
@pytest.mark.parametrize("preset", PRESETS)
def test_greedy_hands_end_within_the_bound(preset: str, resolution: StuckResolution) -> None:
    variant = attrs.evolve(nl.variants.get(preset), stuck_resolution=resolution)
    for seats in range(1, 9):
        final, moves = nl.play_hand(
            nl.deal(variant, seats, 7 * seats), [nl.greedy_bot] * seats, max_actions=GREEDY_BOUND
        )
        check_ended(variant, seats, final, list(moves), GREEDY_BOUND)


def test_play_hand_ends_the_hands_of_bots_that_never_wait() -> None:
    # A random bot never waits: stuck, it still shuffles and turns (it rotates only where its
    # view proves it stuck). The driver resolves the stalemate after a round without progress
    # in which every seat is stuck.
    final, log = nl.play_hand(nl.deal("standard", 1, 1), [nl.RandomBot(1)], max_actions=20_000)
    assert final.status is nl.EndReason.STALEMATE
    assert len(log) == 328
    assert log.count(None) == 2  # a restock that helps nobody, then the end
