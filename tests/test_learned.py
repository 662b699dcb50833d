"""The learned bot: its weights file, its features, and legal, deterministic play from a view.

NumPy comes with the ``test`` extra (through ``learned``): these tests never skip.
"""

from __future__ import annotations

import builtins
import sys
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nertslib as nl
from nertslib.bots import make_bot, run_hand, tournament
from nertslib.bots.learned import FEATURES, LearnedBot, load_weights, move_features
from nertslib.variants import Variant


def test_the_weights_file_has_the_documented_shapes() -> None:
    w = load_weights()
    assert set(w) == {"w1", "b1", "w2", "b2", "greedy_bonus"}
    hidden = w["w1"].shape[1]
    assert w["w1"].shape == (len(FEATURES), hidden)
    assert w["b1"].shape == (hidden,)
    assert w["w2"].shape == (hidden,)
    assert w["b2"].shape == (1,)
    assert w["greedy_bonus"].shape == (1,)
    assert all(np.isfinite(a).all() for a in w.values())


def test_make_bot_builds_the_learned_bot() -> None:
    bot = make_bot(" Learned ", 5)
    assert isinstance(bot, LearnedBot)
    assert repr(bot) == "LearnedBot(seed=5)"


class _Checked:
    """A bot that asserts each of the learned bot's moves is legal in the real position."""

    waits_when_stuck = True

    def __init__(self) -> None:
        self.bot = LearnedBot()
        self.moves = 0

    def __call__(self, mine: nl.View, seat: int) -> nl.Move | None:
        move = self.bot(mine, seat)
        if move is not None:
            assert move in mine.legal_moves(seat)
            self.moves += 1
        return move


VARIANTS = ["standard", "nna", "racing_demon", "pounce", Variant(jokers_per_deck=2)]


@settings(max_examples=12, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seats=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_the_learned_bot_plays_legal_moves_to_the_end_of_a_hand(
    variant: str | Variant, seats: int, seed: int
) -> None:
    checked = _Checked()
    bots: list[nl.Bot] = [nl.greedy_bot] * seats
    bots[seed % seats] = checked
    run = run_hand(nl.deal(variant, seats, seed), bots)
    # _Checked asserts each of its moves legal, and run_hand applies every move (an illegal
    # one raises); a deal may end before the learned seat moves, so no count is asserted here
    # (test_the_learned_bot_plays_in_a_tournament_deterministically sees it play)
    # it never stalls a hand that could go on: the hand ends by the rules, not by the
    # driver's no-progress rule, unless greedy bots alone stall that deal too (in the Klondike
    # layout they rarely do)
    if run.end == "no_progress":
        alone = run_hand(nl.deal(variant, seats, seed), [nl.greedy_bot] * seats)
        assert alone.end == "no_progress"
    else:
        assert run.end in ("nerts", "stalemate")
        assert run.final.is_over


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), seats=st.integers(2, 4))
def test_each_move_is_legal_in_the_viewed_position_and_deterministic(seed: int, seats: int) -> None:
    state = nl.deal("standard", seats, seed)
    bot, again = LearnedBot(), LearnedBot(seed=9)
    for _ in range(40):
        if state.is_over:
            break
        seat = _ % seats
        move = bot(nl.view(state, seat), seat)
        assert move == again(nl.view(state, seat), seat)
        if move is None:
            assert nl.view(state, seat).proves_stuck(seat)
            state = nl.apply(
                state,
                nl.greedy_bot(nl.view(state, (seat + 1) % seats), (seat + 1) % seats)
                or nl.Move.turn(0),
            )
            continue
        assert nl.is_legal(state, move)
        state = nl.apply(state, move)


def test_the_learned_bot_plays_in_a_tournament_deterministically() -> None:
    first = tournament(["learned", "greedy"], hands=3, seats=2, seed=11, processes=1)
    second = tournament(["learned", "greedy"], hands=3, seats=2, seed=11, processes=1)
    assert first.hands_played == 6
    assert any(r.scores[r.names.index("learned")] != 0 for r in first.records)
    assert [r.scores for r in first.records] == [r.scores for r in second.records]


def test_features_are_one_row_per_legal_move_and_mark_the_greedy_choice() -> None:
    state = nl.deal("standard", 2, 1)
    for _ in range(30):
        mine = nl.view(state, 0)
        moves = mine.legal_moves(0)
        rows = move_features(mine, 0, moves)
        assert len(rows) == len(moves)
        assert all(len(r) == len(FEATURES) for r in rows)
        choice = nl.greedy_bot(mine, 0)
        flags = [r[FEATURES.index("greedy_choice")] for r in rows]
        assert flags == [float(m == choice) for m in moves]
        if choice is None:
            break
        state = nl.apply(state, choice)


def test_without_numpy_the_learned_bot_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    real = builtins.__import__

    def no_numpy(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "numpy" or name.startswith("numpy."):
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.delitem(sys.modules, "numpy", raising=False)
    monkeypatch.setattr(builtins, "__import__", no_numpy)
    with pytest.raises(nl.NertsError, match=r"nertslib\[learned\]"):
        make_bot("learned")


def test_importing_nertslib_does_not_import_numpy() -> None:
    import subprocess  # noqa: PLC0415

    code = "import sys, nertslib, nertslib.bots; print('numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
