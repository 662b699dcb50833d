"""The engine's speed tricks change nothing a caller can see.

Each trick (see docs/performance.md) has a slow, obviously right counterpart; these tests pin
that the two agree: states built by the transition's twin constructors equal the attrs-built
ones, ``apply`` trusting the last ``legal_moves`` answer accepts and refuses exactly what the
full validation does, and the memoised move pieces equal freshly computed ones.
"""

from __future__ import annotations

import gc
import itertools
import random

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import nertslib as nl
from nertslib import context, rules, stuck
from nertslib.cards import CARDS, DECK_SPAN, DECLARED_BASE, KEY, N_ALL_IDS, ON, OWNER, RANK
from nertslib.context import (
    ACE_PLAYS,
    NO_CARD,
    context_for,
    plain_foundation,
    plain_foundations,
)
from nertslib.state import (
    _WORK_RUNS,
    GameState,
    Layout,
    _layout_nfen,
    _new_layout,
    _new_state,
    _parse_seat,
    _plain_seat,
    _plain_seats_nfen,
    _twin_constructor,
    misfit_problem,
)
from nertslib.testing import clear_caches
from tests.helpers import position
from tests.strategies import candidate_moves, examples, games, states, variants


def _fields(value: object) -> tuple[object, ...]:
    return tuple(getattr(value, f.name) for f in attrs.fields(type(value)))  # type: ignore[arg-type]


@examples(60)
@given(games(max_steps=120))
def test_twin_constructors_build_the_same_values(game: tuple[GameState, list[nl.Move]]) -> None:
    state, _ = game
    layouts = tuple(_new_layout(*_fields(lay)) for lay in state.layouts)
    variant, _, *rest = _fields(state)
    twin = _new_state(variant, layouts, *rest)
    assert type(twin) is GameState
    assert all(type(lay) is Layout for lay in twin.layouts)
    assert twin == state
    assert hash(twin) == hash(state)
    assert _fields(twin) == _fields(state)  # ctx and need too, which == does not compare
    assert [_fields(a) for a in twin.layouts] == [_fields(b) for b in state.layouts]
    assert twin.to_nfen() == state.to_nfen()


def test_twin_states_are_frozen_and_hash_once() -> None:
    state = nl.apply(nl.deal("standard", 2, seed=1), nl.Move.turn(0))  # built by the twin
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.status = nl.EndReason.NERTS  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.layouts[0].cursor = 0  # type: ignore[misc]
    cached = "_attrs_cached_hash"
    assert getattr(state, cached) is None
    assert hash(state) == hash(GameState.from_nfen(state.to_nfen()))
    assert getattr(state, cached) == hash(state)
    assert attrs.evolve(state, resolutions=1).resolutions == 1


@examples(60)
@given(games(max_steps=120), st.data())
def test_apply_fills_in_every_field_of_the_values_it_builds(
    game: tuple[GameState, list[nl.Move]], data: st.DataObject
) -> None:
    # rules.apply fills blank twins field by field: a field left out would be unset (reading it
    # raises AttributeError) and one written wrong would differ from the re-read position.
    state, _ = game
    moves = [m for seat in range(len(state.layouts)) for m in nl.legal_moves(state, seat)]
    assume(moves)
    after = nl.apply(state, data.draw(st.sampled_from(moves)))
    assert type(after) is GameState
    assert all(type(lay) is Layout for lay in after.layouts)
    cached = "_attrs_cached_hash"
    assert getattr(after, cached) is None
    again = GameState.from_nfen(after.to_nfen())
    assert _fields(after) == _fields(again)  # ctx and need too, which == does not compare
    assert [_fields(a) for a in after.layouts] == [_fields(b) for b in again.layouts]
    assert hash(after) == hash(again)


def test_twin_constructor_takes_every_field_in_order() -> None:
    @attrs.frozen(weakref_slot=False)
    class Point:
        x: int
        y: int = 0

    @attrs.frozen(cache_hash=True, weakref_slot=False)
    class Hashed:
        a: int
        b: str

    assert _twin_constructor(Point)(1, 2) == Point(1, 2)
    assert type(_twin_constructor(Point)(1, 2)) is Point
    hashed = _twin_constructor(Hashed)(3, "b")
    assert (hashed, hash(hashed)) == (Hashed(3, "b"), hash(Hashed(3, "b")))
    with pytest.raises(TypeError):
        _twin_constructor(Point)(1)  # no defaults: every field, positionally


@examples(80)
@given(games(max_steps=150), st.integers(0, 7), st.data())
def test_apply_after_legal_moves_agrees_with_full_validation(
    game: tuple[GameState, list[nl.Move]], seat_pick: int, data: st.DataObject
) -> None:
    state, _ = game
    seat = seat_pick % len(state.layouts)
    legal = nl.legal_moves(state, seat)
    for move in data.draw(st.permutations(candidate_moves(state, seat)))[:12]:
        nl.legal_moves(state, seat)  # the fast path is armed for this state
        expected = nl.check(state, move)
        if expected is None:
            assert nl.apply(state, move) == rules._play(state, move)
        else:
            with pytest.raises(nl.IllegalMoveError) as caught:
                nl.apply(state, move)
            assert caught.value.reason is expected.reason
    for move in legal:
        nl.legal_moves(state, seat)
        assert nl.apply(state, move) == rules._play(state, move)


def test_apply_trusts_only_the_state_legal_moves_answered_for() -> None:
    start = nl.deal("standard", 2, seed=1)
    play = next(m for m in nl.legal_moves(start, 0) if m.kind is nl.MoveKind.PLAY)
    after = nl.apply(start, play)
    # The same interned move object, offered again for the state after it was played:
    nl.legal_moves(start, 0)
    with pytest.raises(nl.IllegalMoveError):
        nl.apply(after, play)
    # ... and for an equal state that is not the very object legal_moves answered for.
    twin = GameState.from_nfen(start.to_nfen())
    nl.legal_moves(twin, 1)
    assert nl.apply(start, play) == after


def test_apply_after_legal_moves_still_refuses_what_is_not_a_move() -> None:
    class EqualToAnything:
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = object.__hash__

    state = nl.deal("standard", 2, seed=1)
    nl.legal_moves(state, 0)
    with pytest.raises(nl.NertsError, match="not a Move"):
        nl.apply(state, EqualToAnything())  # type: ignore[arg-type]


def test_apply_without_legal_moves_first_still_validates() -> None:
    state = nl.deal("standard", 2, seed=1)
    rules._LAST_LEGAL = (None, ())
    with pytest.raises(nl.IllegalMoveError) as caught:
        nl.apply(state, nl.Move.restock(0))
    assert caught.value.reason is nl.Reason.STOCK_NOT_EMPTY
    equal_not_same = nl.Move.parse(str(nl.Move.turn(0)))
    nl.legal_moves(state, 0)
    assert nl.apply(state, equal_not_same) == nl.apply(state, nl.Move.turn(0))


def test_apply_skips_validation_only_for_the_moves_just_generated(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = nl.deal("standard", 4, seed=7)
    step = 0
    while len(nl.legal_moves(state, 0)) < 4:  # to a position where seat 0 has several moves
        moves = nl.legal_moves(state, step % 4)
        state = nl.apply(state, moves[step % len(moves)])
        step += 1
    legal = nl.legal_moves(state, 0)
    validated: list[nl.Move] = []
    full = rules._reject

    def counting(state: GameState, move: nl.Move) -> object:
        validated.append(move)
        return full(state, move)

    monkeypatch.setattr(rules, "_reject", counting)
    for move in legal:  # the first, the last and those between: found by identity
        nl.legal_moves(state, 0)
        nl.apply(state, move)
    assert validated == []
    for move in legal:  # equal moves built anew, and moves after another state's answer
        twin = nl.Move.parse(str(move))
        nl.legal_moves(state, 0)
        assert nl.apply(state, twin) == rules._play(state, move)
        nl.legal_moves(state, 1)
        nl.apply(state, move)
    assert validated == [m for move in legal for m in (move, move)]


@examples(60)
@given(games(max_steps=150))
def test_legal_moves_inline_progress_moves_match_the_function(
    game: tuple[GameState, list[nl.Move]],
) -> None:
    # legal_moves has rules._progress_moves inline (without jokers): the same moves, in the
    # same place (after the call to Nerts), and no other progress move after them.
    state, _ = game
    assume(state.status is None)
    for lay in state.layouts:
        moves = nl.legal_moves(state, lay.seat)
        if state.ctx.mandatory and rules._mandatory_fills(lay, state.ctx) is not None:
            continue  # then the fills are the only moves
        front: list[nl.Move] = []
        rules._front_moves(state, lay, state.ctx, front)
        assert moves[: len(front)] == tuple(front)
        assert not any(
            m.kind is nl.MoveKind.PLAY and (m.source is not nl.Zone.WORK or m.target in _UP)
            for m in moves[len(front) :]
        )


_UP = (nl.Zone.FOUNDATION, nl.Zone.NEW_FOUNDATION)


@examples(60)
@given(games(max_steps=150))
def test_memoised_work_pieces_equal_fresh_ones(game: tuple[GameState, list[nl.Move]]) -> None:
    state, _ = game
    ctx = state.ctx
    for lay in state.layouts:
        info = rules._work_info(lay.work, ctx, lay.down)
        fresh = rules._WorkInfo(lay.work, ctx, lay.down)
        for tops, src in ((lay.nerts[-1:], rules._N), (lay.deck[lay.cursor - 1 : lay.cursor], 1)):
            for c in tops:
                first = rules._work_plays(ctx, c, src, info)
                assert rules._work_plays(ctx, c, src, info) is first  # memoised
                assert rules._work_plays(ctx, c, src, fresh) == first
        moves = info.moves(lay.work, ctx, lay.down)
        assert info.moves(lay.work, ctx, lay.down) is moves
        assert fresh.moves(lay.work, ctx, lay.down) == moves
        # The two tops' work plays and the moves between the piles, as legal_moves reads them
        ntop = lay.nerts[-1] if lay.nerts else -1
        wtop = lay.deck[lay.cursor - 1] if lay.cursor else -1
        plays = rules._work_plays(ctx, ntop, rules._N, fresh) + rules._work_plays(
            ctx, wtop, rules._W, fresh
        )
        pair = fresh.pair_moves(ntop, wtop, lay.work, ctx, lay.down)
        assert pair == plays + moves
        assert (pair is fresh.shuffle) is (not plays)  # how legal_moves tells work plays
        assert fresh.pairs == {ntop * rules._PAIR_KEY + wtop: pair}
        if state.status is None and not ctx.jokers and rules._mandatory_fills(lay, ctx) is None:
            nl.legal_moves(state, lay.seat)
            assert info.pairs[ntop * rules._PAIR_KEY + wtop] == pair
        assert fresh.top_fplays == {
            ACE_PLAYS if RANK[p[-1]] == 1 else ctx.fkey[p[-1]] for p in lay.work if p
        }
        for c in lay.deck:
            assert stuck._waste_top(c, ctx) == stuck._waste_of((c,), ctx.fkey)
        # The stuck module's summaries kept on the info: filled by the stuck test and the bot
        # planner, equal to the ones worked out afresh.
        if state.status is None:
            no_progress = not rules._has_progress(state, lay)
            if no_progress:
                stuck.stuck_without_progress(state, lay, ctx, info)
            stuck._plan_progress(state, lay, ctx, info)
            # (left unset where those take another road: joker layouts, mandatory fills)
            assert info.config in (None, stuck._config_summary(lay.work, lay.down))
            assert info.summary in (
                None,
                stuck.work_summary(lay.work, ctx.space, ctx.slide, ctx.move_rule, lay.down),
            )
            if no_progress:
                verdict = stuck.stuck_without_progress(state, lay, ctx, info)
                assert verdict == stuck.stuck_layout(state, lay, ctx)
            assert stuck._plan_progress(state, lay, ctx, info) == nl.stuck.plan_progress(
                state, lay.seat
            )


def _random_play(start: GameState, seed: int, steps: int) -> tuple[list[GameState], list[nl.Move]]:
    """Random play through legal_moves and apply: the states and the moves between them."""
    rng = random.Random(seed)
    states, moves = [start], []
    state = start
    for step in range(steps):
        options = nl.legal_moves(state, step % len(state.layouts))
        if options:
            move = rng.choice(options)
            state = nl.apply(state, move)
            states.append(state)
            moves.append(move)
    return states, moves


@examples(40)
@given(variants(), st.integers(1, 4), st.integers(0, 2**32))
def test_apply_s_memo_of_the_piles_after_a_play_changes_no_state(
    variant: nl.Variant, seats: int, seed: int
) -> None:
    # apply remembers on a seat's work info where each play takes its piles; it uses the memo
    # when the seat's last piles (as legal_moves or apply left them) are the state's.
    states, moves = _random_play(nl.deal(variant, seats, seed), seed, 150)
    again, _ = _random_play(states[0], seed, 150)  # the memo filled now
    assert again == states
    for before, move, after in zip(states[:-1], moves, states[1:], strict=True):
        rules._SEAT_WORK[:] = [None] * len(rules._SEAT_WORK)  # the plain path
        assert nl.apply(before, move) == after
        # The seat's last piles as apply left them, with their info
        nl.legal_moves(before, move.seat)
        nl.apply(before, move)
        last = rules._SEAT_WORK[move.seat]
        if last is not None and last[0] is after.layouts[move.seat].work:
            lay = after.layouts[move.seat]
            assert last[1] is lay.down
            assert last[2] is after.ctx
            fresh = rules._WorkInfo(lay.work, after.ctx, lay.down)
            info = last[3]
            assert (info.onto, info.under, info.empty) == (fresh.onto, fresh.under, fresh.empty)
            assert info.top_fplays == fresh.top_fplays


def test_apply_s_memo_gives_the_piles_it_built_before() -> None:
    # From empty caches: had the work-info cache dropped its older half during the first
    # play (as it may after the rest of the suite), the memos would be gone and the replay
    # would build equal piles again, not the same ones.
    clear_caches()
    states, moves = _random_play(nl.deal("standard", 4, seed=3), 3, 400)
    again, _ = _random_play(states[0], 3, 400)
    assert again == states
    plays = [
        i
        for i, move in enumerate(moves)
        if move.kind is nl.MoveKind.PLAY and nl.Zone.WORK in (move.source, move.target)
    ]
    assert len(plays) > 50
    # The same piles, not equal ones built again: the next legal_moves knows them by identity
    for i in plays:
        seat = moves[i].seat
        assert again[i + 1].layouts[seat].work is states[i + 1].layouts[seat].work
    # apply leaves the seat's new piles and their info for the next legal_moves
    for i in plays:
        seat = moves[i].seat
        nl.legal_moves(states[i], seat)
        lay = nl.apply(states[i], moves[i]).layouts[seat]
        last = rules._SEAT_WORK[seat]
        assert last is not None
        assert last[:3] == (lay.work, lay.down, states[i].ctx)
        assert last[0] is lay.work
        info, fresh = last[3], rules._WorkInfo(lay.work, states[i].ctx, lay.down)
        assert (info.onto, info.under, info.empty) == (fresh.onto, fresh.under, fresh.empty)


def test_apply_s_memo_tells_every_target_of_a_card_apart() -> None:
    # From one position, 5♥ may go up to the foundation or onto 6♠ on the eighth pile (and
    # into every space): each play's piles are its own, asked in turn with the memo in use.
    # (A card never fits both onto and under one pile: a pile's base outranks its top.)
    s = position(
        nl.Variant(work_piles=8),
        work={0: ["5H", "", "", "", "", "", "", "6S"]},
        foundations=["AH0.2H0.3H0.4H0"],
    )
    plays = [m for m in nl.legal_moves(s, 0) if m.kind is nl.MoveKind.PLAY]
    assert len(plays) == 15
    for move in plays:
        nl.legal_moves(s, 0)
        after = nl.apply(s, move)
        rules._SEAT_WORK[0] = None  # the plain path
        assert after == nl.apply(s, move)


def test_the_memo_key_of_two_tops_is_one_key_per_pair() -> None:
    # _WorkInfo.pairs is keyed by ntop * _PAIR_KEY + wtop, each a card id or -1 for no card
    ids = range(-1, DECLARED_BASE)
    keys = {ntop * rules._PAIR_KEY + wtop for ntop in ids for wtop in ids}
    assert len(keys) == len(ids) ** 2


def test_the_work_infos_share_their_one_pile_tuples() -> None:
    assert [rules._one(j) for j in range(10)] == [(j,) for j in range(10)]
    assert all(rules._one(j) is rules._one(j) for j in range(8))
    ctx = context_for(nl.variants.get("standard"), 1)
    info = rules._WorkInfo(((1,), (), (12,)), ctx, ())  # 2♣ and K♣: two keys, a pile each
    assert list(info.onto.values()) == [(0,), (2,)]
    assert all(piles is rules._one(piles[0]) for piles in info.onto.values())
    info = rules._WorkInfo(((1,), (), (40,)), ctx, ())  # 2♣ and 2♠: one key, two piles
    assert list(info.onto.values()) == [(0, 2)]


def test_a_full_work_info_cache_drops_its_older_half(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules, "_WORK_INFO_LIMIT", 8)
    monkeypatch.setattr(rules, "_WORK_INFO", {})
    ctx = nl.deal("standard", 1, seed=1).ctx
    configs = [((c,), (), (), ()) for c in range(9)]
    infos = [rules._work_info(work, ctx) for work in configs[:8]]
    assert len(rules._WORK_INFO) == 8
    for info in infos:  # apply's memo of the piles after a play, as it fills it
        info.after[0] = (configs[0], (), infos[0])
    rules._work_info(configs[8], ctx)  # full: the four oldest go
    assert [key[0] for key in rules._WORK_INFO] == configs[4:]
    assert not any(info.after for info in infos)  # no dropped info stays alive through them
    kept = zip(configs[4:8], infos[4:], strict=True)
    assert all(rules._work_info(w, ctx) is info for w, info in kept)
    again = rules._work_info(configs[0], ctx)
    assert again is not infos[0]
    assert again.moves(configs[0], ctx, ()) == infos[0].moves(configs[0], ctx, ())


@examples(40)
@given(games(max_steps=150))
def test_work_summaries_hold_their_cards_and_keys_in_sorted_tuples(
    game: tuple[GameState, list[nl.Move]],
) -> None:
    # Tuples of ints, which the garbage collector stops tracking: the caches hold tens of
    # thousands of summaries, and its full passes walked every set in them.
    state, _ = game
    ctx = state.ctx
    for lay in state.layouts:
        alone = stuck._summary_of(lay.work, lay.down)
        whole = stuck.work_summary(lay.work, ctx.space, ctx.slide, ctx.move_rule, lay.down)
        for summary in (alone, whole):
            for keys in summary[0], summary[1], summary[3], summary[4]:
                assert type(keys) is tuple
                assert list(keys) == sorted(set(keys))
            assert set(summary.on_keys) == {ON[t] for t in summary.tops}
        gc.collect()
        assert not gc.is_tracked(alone.on_keys)
        assert not gc.is_tracked(whole.tops)
        assert not gc.is_tracked(whole.under_keys)


def test_the_stuck_test_and_the_planner_keep_their_summaries_on_the_work_info() -> None:
    start = nl.deal("standard", 2, seed=1)
    _, log = nl.play_hand(start, [nl.greedy_bot] * 2)
    state, kept = start, {"config": 0, "summary": 0}
    for move in log:
        lay, ctx = state.layouts[move.seat if move else 0], state.ctx
        if not rules._has_progress(state, lay) and lay.cursor < len(lay.deck):
            info = rules._WorkInfo(lay.work, ctx, lay.down)
            assert stuck.stuck_without_progress(state, lay, ctx, info) == stuck.stuck_layout(
                state, lay, ctx
            )
            assert stuck._plan_progress(state, lay, ctx, info) == nl.stuck.plan_progress(
                state, lay.seat
            )
            config = stuck._config_summary(lay.work, lay.down)
            summary = stuck.work_summary(lay.work, ctx.space, ctx.slide, ctx.move_rule, lay.down)
            assert info.config in (None, config)
            assert info.summary in (None, summary)
            kept["config"] += info.config is not None
            kept["summary"] += info.summary is not None
        state = nl.resolve_stalemate(state) if move is None else nl.apply(state, move)
    assert kept["config"] > 0
    assert kept["summary"] > 0


def _greedy_seed_1_until(notation: str) -> tuple[GameState, GameState]:
    """Two greedy seats from seed 1: the states just before and just after ``notation``."""
    state = nl.deal("standard", 2, seed=1)
    _, log = nl.play_hand(state, [nl.greedy_bot] * 2)
    move = nl.Move.parse(notation)
    for earlier in log[: log.index(move)]:
        state = nl.resolve_stalemate(state) if earlier is None else nl.apply(state, earlier)
    return state, nl.apply(state, move)


def test_a_remembered_stuck_verdict_is_dropped_when_the_foundations_change() -> None:
    # Seat 0 plays 2♣ to a foundation while seat 1 is stuck, and that frees seat 1 although
    # its layout is the very same object.
    state, after = _greedy_seed_1_until("0:2C@W>F4")
    assert after.layouts[1] is state.layouts[1]
    assert nl.is_stuck(state, 1)
    assert not nl.is_stuck(after, 1)
    assert nl.is_stuck(state, 1)  # and back: the verdict belongs to those foundations


def test_a_remembered_unstuck_verdict_is_dropped_when_it_needed_the_foundations() -> None:
    # Seat 0's only progress is a foundation play, and seat 1 takes that foundation first
    # (7♣), leaving seat 0 stuck with the very same layout.
    state, after = _greedy_seed_1_until("1:7C@P0>F4")
    assert after.layouts[0] is state.layouts[0]
    assert not nl.is_stuck(state, 0)
    assert nl.is_stuck(after, 0)


@examples(40)
@given(variants(), st.integers(1, 4), st.integers(0, 2**32))
def test_remembered_stuck_verdicts_equal_fresh_ones(
    variant: nl.Variant, seats: int, seed: int
) -> None:
    # Greedy and random seats, every seat checked after every action: most layouts are the
    # same objects as one action before, under changing foundations.
    start = nl.deal(variant, seats, seed)
    bots = [nl.greedy_bot if seat % 2 else nl.RandomBot(seed + seat) for seat in range(seats)]
    _, log = nl.play_hand(start, bots, max_actions=150)
    state = start
    for move in (None, *log):
        if move is not None:
            state = nl.apply(state, move)
        elif state is not start:
            state = nl.resolve_stalemate(state)
        for seat in range(seats):
            fresh = state.status is None and stuck.stuck_layout(
                state, state.layouts[seat], state.ctx
            )
            assert nl.is_stuck(state, seat) == fresh


@examples(300)
@given(variants(), st.integers(0, 2**32), st.integers(0, 60), st.integers(0, 3))
def test_the_sliced_pass_tops_are_the_tops_of_a_pass(
    variant: nl.Variant, seed: int, cursor: int, passes: int
) -> None:
    state = nl.deal(variant, 1, seed)
    lay = state.layouts[0]
    limit = state.ctx.max_passes
    lay = attrs.evolve(lay, cursor=min(cursor, len(lay.deck)), passes=min(passes, limit))
    assert stuck._pass_top_set(lay, state.ctx) == frozenset(stuck.iter_waste_tops(lay, state.ctx))


@examples(300)
@given(variants(), st.integers(0, 2**32), st.integers(0, 60), st.integers(0, 3))
def test_a_fresh_pass_is_in_reach_while_a_pass_is_left(
    variant: nl.Variant, seed: int, cursor: int, passes: int
) -> None:
    # stuck_without_progress tests the tops of a fresh pass first (cached by the stock alone)
    state = nl.deal(variant, 1, seed)
    ctx = state.ctx
    lay = state.layouts[0]
    lay = attrs.evolve(lay, cursor=min(cursor, len(lay.deck)), passes=min(passes, ctx.max_passes))
    fresh = stuck._fresh_pass(lay.deck, ctx.turn)
    if not ctx.flip_immediately:
        assert stuck._fresh_waste(lay.deck, ctx) == stuck._waste_of(fresh, ctx.fkey)
        if lay.passes < ctx.max_passes:
            assert set(fresh) <= set(stuck.iter_waste_tops(lay, ctx))


def test_no_fresh_pass_once_the_passes_are_used_up() -> None:
    # The last pass allowed: the Aces under the cursor would show only in a fresh pass.
    state = GameState.from_nfen(
        "standard,max_stock_passes=1 - KH.5C.2H.8S.2C.10H.KS.KD.QC.JS.3D.9D.QD|8D|7D|JD|3C|"
        "4H.AC.7C|10C.8H.6D.AD.5S.4S.10S.6S.4D.3S.KC.5H.7H.5D.JH.QS.2S.9C.3H.9S.AH.4C.9H.8C.7S."
        "2D.6H.10D.AS.QH.6C.JC|1 play r0 s3"
    )
    lay, ctx = state.layouts[0], state.ctx
    assert lay.passes == ctx.max_passes
    assert any(RANK[c] == 1 for c in stuck._fresh_pass(lay.deck, ctx.turn))
    assert not rules._has_progress(state, lay)
    info = rules._work_info(lay.work, ctx, lay.down)
    assert stuck.stuck_without_progress(state, lay, ctx, info) is True
    assert nl.is_stuck(state, 0) is True
    assert nl.Move.rotate(0) in nl.legal_moves(state, 0)


def test_no_sliced_fresh_pass_when_the_remainder_flips_over() -> None:
    # stock_remainder="flip_immediately": the last two cards of the stock (an Ace among them)
    # never show; the slices of a partial-turn pass would show the last card.
    state = GameState.from_nfen(
        "standard,stock_remainder=flip_immediately - 9C.7D.10D.QD.JC.2S.AH.6D.JD.8D.9S.JS.3C|"
        "2D|2H|KC|8H|AC.4H.QS.7H.QC.KH.KS.7C.4S.AD.3D.2C.10H.5D.6S.6H.3H.9H.8C.8S.5H.7S.10S.JH."
        "AS.5C.9D.4C.5S.3S.KD.6C.4D.10C.QH|-|0 play r0 s148"
    )
    lay, ctx = state.layouts[0], state.ctx
    assert any(RANK[c] == 1 for c in stuck._fresh_pass(lay.deck, ctx.turn))
    assert not rules._has_progress(state, lay)
    info = rules._work_info(lay.work, ctx, lay.down)
    assert stuck.stuck_without_progress(state, lay, ctx, info) is True
    assert nl.is_stuck(state, 0) is True


def _under(state: GameState, variant: nl.Variant) -> GameState:
    """``state`` under ``variant``: the very same Layout and pile objects, another context."""
    return _new_state(
        variant,
        state.layouts,
        state.fnd,
        state.status,
        state.caller,
        state.stalled,
        state.resolutions,
        state.seed,
        context_for(variant, len(state.layouts)),
        state.need,
    )


@examples(60)
@given(
    games(),
    st.sampled_from(["any", "nerts_only", "king_only"]),
    st.sampled_from(["off", "needs_space", "always"]),
    st.sampled_from(["any_suffix", "top_card", "whole_pile"]),
)
def test_the_seat_memo_of_work_piles_keys_on_the_rules_too(
    game: tuple[GameState, list[nl.Move]], space: str, slide: str, move: str
) -> None:
    # legal_moves knows a seat's last piles by identity (rules._SEAT_WORK): the very same pile
    # objects under other work-pile rules are other facts.
    state = game[0]
    changes = {"space_fill": space, "slide_under": slide, "work_pile_move": move}
    try:
        variant = nl.Variant.from_dict({**state.variant.to_dict(), **changes})
    except ValueError:  # a king-only space with jokers is refused
        assume(False)
    other = _under(state, variant)
    for seat in range(len(state.layouts)):
        clear_caches()
        expected = [nl.legal_moves(state, seat)]
        clear_caches()
        expected.append(nl.legal_moves(other, seat))
        clear_caches()
        assert [nl.legal_moves(s, seat) for s in (state, other, state)] == [*expected, expected[0]]


@examples(60)
@given(games(max_steps=150), st.sampled_from([1, 3]))
def test_the_seat_memo_of_the_stock_keys_on_the_rules_too(
    game: tuple[GameState, list[nl.Move]], turn: int
) -> None:
    # The stuck test knows a seat's last stock by identity (stuck._SEAT_FRESH): the very same
    # stock under another turn size shows other waste tops.
    state = game[0]
    variant = nl.Variant.from_dict({**state.variant.to_dict(), "stock_turn": turn})
    other = _under(state, variant)
    assume(state.status is None)
    for lay in state.layouts:
        if rules._has_progress(state, lay) or lay.cursor == len(lay.deck):
            continue  # (the stuck test's premise)
        expected = []
        for one in (state, other):
            clear_caches()
            info = rules._work_info(lay.work, one.ctx, lay.down)
            expected.append(stuck.stuck_without_progress(one, lay, one.ctx, info))
            assert expected[-1] == stuck.stuck_layout(one, lay, one.ctx)
        clear_caches()
        got = [
            stuck.stuck_without_progress(
                one, lay, one.ctx, rules._work_info(lay.work, one.ctx, lay.down)
            )
            for one in (other, state, other)
        ]
        assert got == [expected[1], expected[0], expected[1]]


def test_the_summary_kept_on_the_work_info_still_reads_the_nerts_top() -> None:
    # Pounce, seat 1: nothing plays now and no waste top would, but the Nerts top (J♠) does
    # once 10♠ moves onto J♥ and turns up the card under it. The stuck test keeps the class's
    # summary on the piles' info; asked again with it kept, it must still test the Nerts top.
    state = GameState.from_nfen(
        "pounce AH0/AH1/AS1.2S1 2H.2D.JD.8S.4S.6D.AD.5H.QC|-|8H~10D|KD.KS~5C|9S.7C.3D~QS.JH|"
        "3H.KC.AS.AC~QD|10C.3C.4D.JC.2S.JS.2C.7H.8D.QH.8C.10H|6C.10S.7S.9H.5S.6S.9C.6H.5D.KH."
        "4C.7D.9D.3S.4H|3 AD.AC.6C.QD.2H.6D.KC.JC.JS|KD.QS.JH|4S~7H.6S|4H.9D~7C|JD.5D.QC~3S.2D|"
        "9C.8S.QH~10S|9S.8H.5S.5H.KS.7S.2C.3D|5C.8C.8D.10D.4C.7D.6H.10C.3C.3H.10H.KH.9H.4D|2 "
        "play r0 s89"
    )
    lay, ctx = state.layouts[1], state.ctx
    assert not rules._has_progress(state, lay)
    summary = stuck.work_summary(lay.work, ctx.space, ctx.slide, ctx.move_rule, lay.down)
    waste = stuck._pass_waste(lay, ctx)
    assert not stuck._progress_with(state, ctx, summary, -1, waste)  # the waste cannot help
    clear_caches()
    info = rules._work_info(lay.work, ctx, lay.down)
    assert stuck.stuck_without_progress(state, lay, ctx, info) is False
    info.summary = summary  # as the stuck test or the bot planner leaves it
    assert stuck.stuck_without_progress(state, lay, ctx, info) is False
    assert [str(m) for m in nl.legal_moves(state, 1)] == ["1:10S@P4>P0", "1:turn"]
    assert str(nl.stuck.plan_progress(state, 1)) == "1:10S@P4>P0"


def test_clear_caches_empties_every_cache_and_memo() -> None:
    # (the fresh-pass caches serve the partial-turn house rule only)
    state = nl.deal(nl.Variant(stock_remainder="partial_turn"), 4, seed=5)
    for step in range(120):  # random play fills the caches
        seat = step % 4
        nl.is_stuck(state, seat)
        moves = nl.legal_moves(state, seat)
        if moves:
            state = nl.apply(state, moves[step * 7 % len(moves)])
    nl.stuck.plan_progress(state, 0)
    caches = [stuck._SUMMARIES, stuck._PASSES, stuck._FRESH, rules._WORK_INFO, rules._CACHE]
    assert all(caches)
    assert any(rules._SEAT_WORK)
    assert any(stuck._SEAT_FRESH)
    assert any(stuck._SEAT_VERDICT)
    assert any(stuck._SEAT_CONFIG)
    clear_caches()
    assert not any(caches[:-1])
    assert rules._CACHE  # kept without tables=True
    assert not any(rules._SEAT_WORK)
    assert not any(stuck._SEAT_FRESH)
    assert not any(stuck._SEAT_VERDICT)
    assert not any(stuck._SEAT_CONFIG)
    assert stuck._config_summary.cache_info().currsize == 0
    assert rules._LAST_LEGAL == (None, ())
    last_need, needs = rules._NEED_SET
    assert last_need is None
    assert needs == frozenset()
    clear_caches(tables=True)
    assert not rules._CACHE


def test_the_seat_memo_of_the_stock_tells_turn_sizes_apart() -> None:
    # Seat 1 has no progress move and a fresh stock: turned one at a time it is not stuck (a
    # card that plays shows then), three at a time it is. The one-at-a-time stock asked first.
    state = GameState.from_nfen(
        "standard - 7D.9S.3S.10D.4D.QC.2C.7S.JD.6D.5D.5C.QH|6S|2S|3C|8S|KD.7C.10S.AC.9D.JC."
        "10H.QD.AH.AD.4H.JH.4C.JS.3H.KS.8H.KH.5S.2D.6C.KC.AS.8D.5H.QS.2H.8C.4S.3D.9H.10C|"
        "9C.7H.6H|0 9D.QC.JS.8S.9S.AS.AD.6D.JC.KC.7C.10D.4C|KD|3S|8D|QD|5D.5H.4D.2H.2D.3C.4H."
        "2S.2C.8C.10C.6C.3H.9C.7H.6S.7S.KH.8H.5C.3D.AC.6H.JD.QH.AH.10S.7D.QS.9H.4S.KS.JH.5S."
        "10H|-|0 play r0 s33"
    )
    variant = nl.Variant(stock_turn=1)
    one_by_one = _under(state, variant)
    lay = state.layouts[1]
    assert not rules._has_progress(state, lay)
    assert lay.cursor == 0
    clear_caches()
    verdicts = [
        stuck.stuck_without_progress(s, lay, s.ctx, rules._work_info(lay.work, s.ctx))
        for s in (one_by_one, state, one_by_one)
    ]
    assert verdicts == [False, True, False]
    assert [nl.is_stuck(s, 1) for s in (state, one_by_one)] == [True, False]


def test_the_seat_memo_of_work_piles_keys_on_the_face_down_cards_too() -> None:
    # The same face-up pile objects over other face-down cards: 10H covers a face-down card
    # (nothing slides under it), then not (the black Jack on the waste may slide under it).
    variant = nl.Variant(work_pile_layout="klondike", work_piles=2, slide_under="always")
    covered = position(variant, 1, work={0: ["3S~10H", "JC"]}, waste={0: "JS"})
    lay = covered.layouts[0]
    uncovered = attrs.evolve(
        covered,
        layouts=(
            _new_layout(
                0, lay.nerts, lay.work, lay.deck, lay.cursor, lay.passes, ((), lay.down[0]), ()
            ),
        ),
    )
    slide = nl.Move.parse("0:JS@W>U0")
    clear_caches()
    assert slide not in nl.legal_moves(covered, 0)
    assert slide in nl.legal_moves(uncovered, 0)
    assert slide not in nl.legal_moves(covered, 0)


def test_the_stuck_test_s_seat_memo_of_work_piles_keys_on_the_face_down_cards_too() -> None:
    # The same face-up pile objects over other face-down cards (as above): the summary of the
    # piles the stuck test keeps for the seat is worked out again for the other ones.
    variant = nl.Variant(work_pile_layout="klondike", work_piles=2, slide_under="always")
    covered = position(variant, 1, work={0: ["3S~10H", "JC"]}, waste={0: "JS"})
    lay = covered.layouts[0]
    down = ((), lay.down[0])
    uncovered = attrs.evolve(
        covered,
        layouts=(_new_layout(0, lay.nerts, lay.work, lay.deck, lay.cursor, lay.passes, down, ()),),
    )
    assert stuck._config_summary(lay.work, lay.down) != stuck._config_summary(lay.work, down)
    clear_caches()
    for state in (covered, uncovered, covered):
        stuck.stuck_layout(state, state.layouts[0], state.ctx)
        work, down_now, summary = stuck._SEAT_CONFIG[0] or ((), (), None)
        assert work is lay.work
        assert down_now is state.layouts[0].down
        assert summary == stuck._config_summary(lay.work, down_now)


@examples(40)
@given(variants(), st.integers(1, 4), st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_legal_moves_do_not_depend_on_the_order_states_are_asked_in(
    variant: nl.Variant, seats: int, seed: int, rng: random.Random
) -> None:
    # The one-entry caches (the needs as a set, the last answer, each seat's last piles) must
    # key on the very state.
    start = nl.deal(variant, seats, seed)
    bots = [nl.greedy_bot if seat % 2 else nl.RandomBot(seed + seat) for seat in range(seats)]
    _, log = nl.play_hand(start, bots, max_actions=120)
    states = [start]
    for move in log:
        last = states[-1]
        states.append(nl.resolve_stalemate(last) if move is None else nl.apply(last, move))
    asked = [(s, seat) for s in states[-30:] for seat in range(len(s.layouts))]
    expected = {}
    for s, seat in asked:
        clear_caches()
        expected[id(s), seat] = nl.legal_moves(s, seat)
    rng.shuffle(asked)
    for s, seat in asked:
        assert nl.legal_moves(s, seat) == expected[id(s), seat]


@examples(40)
@given(games(max_steps=120), st.data())
def test_twin_built_views_equal_attrs_built_ones(
    game: tuple[GameState, list[nl.Move]], data: st.DataObject
) -> None:
    state, _ = game
    seat = data.draw(st.none() | st.integers(0, len(state.layouts) - 1))
    v = nl.view(state, seat)
    # attrs.evolve builds through attrs' own __init__
    rebuilt = attrs.evolve(v, seats=tuple(attrs.evolve(sv) for sv in v.seats))
    assert type(v) is nl.View
    assert all(type(sv) is nl.SeatView for sv in v.seats)
    assert rebuilt == v
    assert hash(rebuilt) == hash(v)
    assert [_fields(a) for a in rebuilt.seats] == [_fields(b) for b in v.seats]
    read = nl.View.from_nfen(v.to_nfen())
    assert type(read) is nl.View
    assert all(type(sv) is nl.SeatView for sv in read.seats)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        v.seats[0].passes = 1  # type: ignore[misc]


@examples(200)
@given(
    st.integers(0, N_ALL_IDS - 1),
    st.sampled_from([rules._N, rules._W, rules._P]),
    st.integers(0, 7),
    st.sampled_from([rules._F, rules._FNEW, rules._TP, rules._TU]),
    st.integers(0, 40),
)
def test_plays_built_without_checks_equal_checked_ones(
    card: int, src: int, sidx: int, tgt: int, tidx: int
) -> None:
    # rules._mv builds the plays move generation names without Move's checks; every code it
    # can be given must make the Move the checked constructor makes (for the indexes move
    # generation gives: none on the Nerts pile, waste or a new foundation).
    sidx = sidx if src == rules._P else 0
    tidx = 0 if tgt == rules._FNEW else tidx
    if tgt in (rules._TP, rules._TU):
        card %= DECLARED_BASE  # a joker is declared only on its way to a foundation
    rules._CACHE.clear()
    fast = rules._mv(card, src, sidx, tgt, tidx)
    checked = nl.Move(
        OWNER[card],
        nl.MoveKind.PLAY,
        CARDS[card],
        rules._SRC_ZONE[src],
        sidx,
        rules._TGT_ZONE[tgt],
        tidx,
    )
    assert type(fast) is nl.Move
    assert fast == checked
    assert hash(fast) == hash(checked)
    assert attrs.astuple(fast, recurse=False) == attrs.astuple(checked, recurse=False)
    assert nl.Move.parse(str(fast)) == fast
    assert rules._mv(card, src, sidx, tgt, tidx) is fast  # interned


@examples(300)
@given(variants(), st.integers(1, 4), st.data())
def test_the_one_pass_foundation_check_agrees_with_foundation_problem(
    variant: nl.Variant, seats: int, data: st.DataObject
) -> None:
    # context.plain_foundation (the readers' check, all steps at once) against the rules'
    # card-by-card foundation_problem, on piles that mostly build and sometimes tie or break.
    ctx = context_for(variant, seats)
    ids = [s * DECK_SPAN + i for s in range(seats) for i in range(52)]
    start = data.draw(st.sampled_from(ids))
    if data.draw(st.integers(0, 9)):
        start = start - start % 13  # mostly an Ace
    pile = [start]
    for _ in range(data.draw(st.integers(0, 13))):
        how = data.draw(st.integers(0, 19))
        if how < 16:
            fits = [c for c in ids if ctx.fkey[c] == ctx.fnext[pile[-1]]]
        elif how < 19:
            fits = [c for c in ids if ctx.fkey[c] == ctx.fkey[pile[-1]]]  # a tie
        else:
            fits = ids
        if not fits:
            break
        pile.append(data.draw(st.sampled_from(fits)))
    ties = variant.tie_policy == "both_keep"
    expected = rules.foundation_problem(tuple(pile), variant, seats) == ""
    assert plain_foundation(tuple(pile), ctx, ties) == expected
    # the readers' test of all piles at once, with valid piles of each length around it
    valid = []
    for ace, length in ((0, 1), (13, 2), (26, 3)):
        run = [ace]
        while len(run) < length:
            run.append(next(c for c in ids if ctx.fkey[c] == ctx.fnext[run[-1]]))
        valid.append(tuple(run))
    assert plain_foundations(valid, ctx, ties)
    assert plain_foundations([*valid, tuple(pile), *valid], ctx, ties) == expected
    assert plain_foundations([tuple(pile)] * 2, ctx, ties) == expected


def test_the_readers_runs_of_keys_follow_the_tables() -> None:
    # context._runs builds the keys of a whole pile from the cards of one deck, assuming that
    # cards of one key all want the same next key: true of every card id, foundations under
    # each build rule (declared jokers included) and work piles alike.
    for rule in range(3):
        fkey, fnext = context._FKEY[rule], context._FNEXT[rule]
        wants = {fkey[c]: fnext[c] for c in range(52)}
        assert all(fnext[c] == wants[fkey[c]] for c in range(N_ALL_IDS) if RANK[c])
        runs = context._FOUNDATION_RUNS[rule]
        for ace in (c for c in range(52) if RANK[c] == 1):
            run = runs[fkey[ace]]
            assert len(run) == 13
            assert all(after == wants[before] for before, after in itertools.pairwise(run))
    wants = {KEY[c]: ON[c] for c in range(52)}
    assert all(ON[c] == wants[KEY[c]] for c in range(N_ALL_IDS) if KEY[c] >= 0)
    assert all(len(_WORK_RUNS[KEY[c]]) == RANK[c] for c in range(52))


def test_the_progress_test_table_marks_aces_and_no_card() -> None:
    # ctx.fplay[card] in rules._set_needs(need) is the progress test of move generation: it
    # must be "the card fits a foundation's need, or is an Ace", and index -1 (no card) must
    # fit nothing, not even a finished foundation's need (-1).
    for rule in range(3):
        fkey, fplay = context._FKEY[rule], context._FPLAY[rule]
        assert len(fplay) == N_ALL_IDS + 1
        assert fplay[-1] == NO_CARD
        assert [fplay[c] for c in range(N_ALL_IDS)] == [
            ACE_PLAYS if RANK[c] == 1 else fkey[c] for c in range(N_ALL_IDS)
        ]
        keys = {*fkey, *context._FNEXT[rule]}
        assert ACE_PLAYS not in keys
        assert NO_CARD not in keys
    for variant, seats in ((nl.variants.get("standard"), 4), (nl.variants.get("pounce"), 2)):
        ctx = context_for(variant, seats)
        assert ctx.fplay is context._FPLAY[ctx.rule]
        need = (-1, ctx.fnext[3], ctx.fnext[20])  # a finished foundation, two in play
        needs = rules._set_needs(need)
        for card in (-1, *range(DECK_SPAN)):
            fits = card >= 0 and (RANK[card] == 1 or ctx.fkey[card] in need)
            assert (ctx.fplay[card] in needs) == fits, card


def _misfit_by_steps(seat: int, work: tuple[tuple[int, ...], ...]) -> str:
    for i, pile in enumerate(work):
        for lower, upper in itertools.pairwise(pile):
            if KEY[upper] != ON[lower]:
                return f"seat {seat}'s work pile {i}: {CARDS[upper]} cannot lie on {CARDS[lower]}"
    return ""


@examples(300)
@given(st.integers(0, 3), st.data())
def test_the_one_pass_work_pile_check_names_the_step_the_card_by_card_one_names(
    seat: int, data: st.DataObject
) -> None:
    # state.misfit_problem (the readers' check, all steps at once) against checking step by
    # step, on piles that mostly build down in alternating colours and sometimes do not.
    ids = [seat * DECK_SPAN + i for i in range(52)]
    work = []
    for _ in range(data.draw(st.integers(1, 5))):
        pile = [data.draw(st.sampled_from(ids))]
        for _ in range(data.draw(st.integers(0, 5))):
            fits = [c for c in ids if KEY[c] == ON[pile[-1]]]
            if data.draw(st.integers(0, 9)) == 0 or not fits:
                fits = ids
            pile.append(data.draw(st.sampled_from(fits)))
        work.append(tuple(pile))
    assert misfit_problem(seat, tuple(work)) == _misfit_by_steps(seat, tuple(work))


def _stack_moves_by_the_rules(work: tuple[tuple[int, ...], ...]) -> list[tuple[int, int, int, int]]:
    # Every face-up card with what lies on it, onto every other pile whose top it fits, in
    # the order of the source pile, then the target pile.
    return [
        (pile[d], i, rules._TP, j)
        for i, pile in enumerate(work)
        for j, tgt in enumerate(work)
        if j != i and tgt
        for d in range(len(pile))
        if KEY[pile[d]] == ON[tgt[-1]]
    ]


@examples(200)
@given(games(max_steps=150))
def test_stack_moves_are_every_suffix_that_fits_a_top(
    game: tuple[GameState, list[nl.Move]],
) -> None:
    # rules._stack_moves serves _shuffle_moves with any-suffix moves, no space and nothing to
    # slide under; it finds each move from the rank the top takes, not by trying each card.
    state = game[0]
    for lay in state.layouts:
        work = lay.work
        if () in work or any(KEY[c] < 0 for pile in work for c in pile):
            continue  # a joker's piles go through rules.joker_shuffle_moves instead
        assert rules._stack_moves(work) == _stack_moves_by_the_rules(work)
        for slide in (0, 1):  # the slide rules that need a space
            assert rules._shuffle_moves(work, 0, slide, 0) == _stack_moves_by_the_rules(work)


def test_stack_moves_find_a_run_s_middle_card_in_the_order_of_the_piles() -> None:
    ten_h, nine_s, eight_d, nine_c, ten_d = 35, 47, 20, 8, 22
    work = ((ten_h, nine_s, eight_d), (nine_c,), (ten_d,))
    assert rules._stack_moves(work) == [
        (eight_d, 0, rules._TP, 1),  # the top card onto the black nine
        (nine_s, 0, rules._TP, 2),  # the nine with the eight on it onto the red ten
        (nine_c, 1, rules._TP, 2),
    ]


def _mutated_seat_field(tok: str, data: st.DataObject) -> str:
    """One random change to an NFEN seat field that keeps its alphabet (maybe not legality)."""
    draw = data.draw
    parts = tok.split("|")
    codes = [c for p in parts[:-1] if p != "-" for c in p.split(".")]
    kind = draw(st.integers(0, 5))
    if kind == 0:
        parts[-1] = draw(st.sampled_from(["0", "3", "63", "64", "100", "007", "x", ""]))
    elif kind == 1 and codes:  # a code in place of one
        k = draw(st.integers(0, len(parts) - 2))
        pile = [] if parts[k] == "-" else parts[k].split(".")
        pile.insert(draw(st.integers(0, len(pile))), draw(st.sampled_from(codes)))
        parts[k] = ".".join(pile)
    elif kind == 2:  # piles swapped
        i, j = draw(st.integers(0, len(parts) - 2)), draw(st.integers(0, len(parts) - 2))
        parts[i], parts[j] = parts[j], parts[i]
    elif kind == 3:  # a pile emptied or lost
        k = draw(st.integers(0, len(parts) - 2))
        if draw(st.booleans()):
            parts[k] = "-"
        else:
            del parts[k]
    elif kind == 4:  # a card moved to the end of another pile
        i, j = draw(st.integers(0, len(parts) - 2)), draw(st.integers(0, len(parts) - 2))
        if parts[i] != "-" and i != j:
            src = parts[i].split(".")
            card = src.pop(draw(st.integers(0, len(src) - 1)))
            parts[i] = ".".join(src) or "-"
            parts[j] = card if parts[j] == "-" else f"{parts[j]}.{card}"
    return "|".join(parts)


@examples(100)
@given(states(max_steps=150), st.data())
def test_the_one_pass_nfen_seat_reader_agrees_with_the_long_one(
    state: GameState, data: st.DataObject
) -> None:
    # state._plain_seat reads the usual seat field in one pass; whatever it accepts,
    # _parse_seat reads as the same layout, and what it refuses goes to _parse_seat. On an
    # unchanged field of a variant without jokers it refuses only face-down cards and 64 or
    # more passes.
    variant = state.variant
    assume(not variant.jokers_per_deck)  # (the caller sends joker variants the long way)
    text = state.to_nfen()
    fields = text.split()[2:-3]
    nwork = variant.work_pile_count(len(fields))
    for seat, field in enumerate(fields):
        tok = _mutated_seat_field(field, data) if data.draw(st.booleans()) else field
        ids: list[int] = []
        fast = _plain_seat(tok, seat, variant, nwork, ids)
        try:
            slow: Layout | None = _parse_seat(text, seat, tok, variant, nwork)
        except ValueError:  # (GameState.from_nfen words it as an NFENError)
            slow = None
        if fast is None:
            plain = not state.layouts[seat].down and state.layouts[seat].passes < 64
            assert tok != field or not plain
            assert ids == []
            continue
        assert slow is not None
        assert _fields(fast) == _fields(slow)
        cards = [*slow.nerts, *slow.deck, *(c for pile in slow.work for c in pile)]
        assert sorted(ids) == sorted(cards)


@examples(100)
@given(games(max_steps=150), st.integers(0, 80))
def test_the_one_join_nfen_writer_writes_what_the_pile_by_pile_one_writes(
    game: tuple[GameState, list[nl.Move]], passes: int
) -> None:
    state, _ = game
    layouts = state.layouts
    if layouts[0].deck:  # now and then a seat that has turned its waste over many times
        layouts = (attrs.evolve(layouts[0], passes=passes), *layouts[1:])
    text = _plain_seats_nfen(layouts)
    plain = all(not lay.down and not lay.bound and lay.passes < 64 for lay in layouts)
    assert (text is not None) == plain
    if text is not None:
        assert text == " ".join(_layout_nfen(lay) for lay in layouts)
