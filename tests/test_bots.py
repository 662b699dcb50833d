"""Bots (nertslib.bots): fair play from views, legality, determinism, names, pace, tournament."""

from __future__ import annotations

import math
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nertslib as nl
from nertslib.bots import (
    BOT_NAMES,
    Interval,
    Pace,
    SearchBot,
    make_bot,
    seat_view,
    tournament,
)
from nertslib.bots.basic import greedy_on_position
from nertslib.bots.tournament import HandRecord
from nertslib.views import determinize, view
from tests.strategies import examples, games

PRESETS = ["standard", "nna", "racing_demon", "pounce"]


def _positions(
    variant: str | nl.Variant, seats: int, seed: int, every: int = 7
) -> list[nl.GameState]:
    """Positions along a greedy hand (every ``every``-th action), resolutions applied."""
    replay = nl.record_hand(variant, seats, seed, [nl.greedy_bot] * seats)
    state, out = replay.start(), []
    for i, event in enumerate(replay.events):
        if i % every == 0:
            out.append(state)
        if event is nl.RESOLVE:
            state = nl.resolve_stalemate(state)
        else:
            assert isinstance(event, nl.Move)
            state = nl.apply(state, event)
    return out


def _move(event: object) -> nl.Move:
    assert isinstance(event, nl.Move)
    return event


AnyBot = nl.Bot


def _bots() -> list[AnyBot]:
    return [nl.greedy_bot, nl.RandomBot(3), SearchBot(budget_ms=None, iterations=2, seed=5)]


# --- legal moves from a view ------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_a_view_s_legal_moves_are_the_seat_s_but_for_an_unproven_rotate(preset: str) -> None:
    for state in _positions(preset, 3, 2, every=3):
        for seat in range(3):
            mine = view(state, seat)
            real = nl.legal_moves(state, seat)
            seen = nl.legal_moves(mine, seat)
            rotate = nl.Move.rotate(seat)
            assert tuple(m for m in real if m != rotate) == tuple(m for m in seen if m != rotate)
            # rotate only where the view proves the seat stuck, and then the seat is stuck
            assert (rotate in seen) == (rotate in real and mine.proves_stuck(seat))
            if mine.proves_stuck(seat):
                assert nl.is_stuck(state, seat)


def test_a_view_proves_a_stuck_seat_stuck_when_no_hidden_card_could_help() -> None:
    # A one-seat hand played to its first stalemate: stuck with an empty stock is proven.
    replay = nl.record_hand("standard", 1, 0, [nl.greedy_bot])
    state = replay.start()
    proofs = stuck = 0
    for event in replay.events:
        if nl.is_stuck(state, 0):
            stuck += 1
            mine = view(state, 0)
            proofs += mine.proves_stuck(0)
            if mine.seats[0].stock_size == 0:
                assert mine.proves_stuck(0)
        else:
            assert not view(state, 0).proves_stuck(0)  # never a false proof
        state = (
            nl.resolve_stalemate(state) if event is nl.RESOLVE else nl.apply(state, _move(event))
        )
    assert stuck > 0


def test_a_proof_of_stuck_holds_for_every_position_the_view_shows() -> None:
    found = 0
    for seed in range(40):
        for state in _positions("standard", 2, seed, every=5):
            for seat in range(2):
                mine = view(state, seat)
                if mine.proves_stuck(seat):
                    found += 1
                    for k in range(6):
                        assert nl.is_stuck(determinize(mine, k), seat)
                    assert nl.Move.rotate(seat) in nl.legal_moves(mine, seat) or not (
                        mine.seats[seat].stock_size
                    )
        if found >= 3:
            break
    assert found >= 1


def test_a_view_tells_no_other_seat_s_moves() -> None:
    state = nl.deal("standard", seats=3, seed=2)
    with pytest.raises(nl.ViewSeatError, match="seat 0's view: it cannot tell the moves of seat 2"):
        nl.legal_moves(view(state, 0), 2)
    with pytest.raises(nl.ViewSeatError, match="a spectator's view"):
        nl.legal_moves(view(state), 0)
    with pytest.raises(ValueError, match="seat 1's view"):
        view(state, 1).proves_stuck(0)
    with pytest.raises(nl.ViewSeatError, match="a bot for seat 1 was given seat 0's view"):
        nl.greedy_bot(view(state, 0), 1)


# --- fair play --------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_every_bot_s_choice_depends_only_on_its_view(preset: str) -> None:
    for state in _positions(preset, 3, 4, every=11):
        for seat in range(3):
            mine = view(state, seat)
            others = [determinize(mine, k) for k in (1, 2)]
            assert all(view(o, seat) == mine for o in others)
            # fresh bots for each position: the random bot's draws start alike
            choices = [
                [bot(view(position, seat), seat) for bot in _bots()]
                for position in [state, *others]
            ]
            assert choices[0] == choices[1] == choices[2]


def test_greedy_from_a_view_chooses_as_the_greedy_rule_on_the_whole_position() -> None:
    # Where the seat is not stuck, the view decides the greedy move (outside the Klondike
    # layout, whose face-down cards the rule would read); a stuck seat turns on or waits.
    asked = differ = 0
    for preset in ["standard", "nna", "racing_demon"]:
        for seats in (2, 4):
            for seed in range(4):
                for state in _positions(preset, seats, seed, every=2):
                    for seat in range(seats):
                        old = greedy_on_position(state, seat)
                        new = nl.greedy_bot(view(state, seat), seat)
                        asked += 1
                        if nl.is_stuck(state, seat) and not nl.is_legal(state, nl.Move.call(seat)):
                            assert old is None
                            assert new is None or new.kind in (
                                nl.MoveKind.TURN,
                                nl.MoveKind.RESTOCK,
                            )
                            differ += new is not None
                        else:
                            assert new == old
    assert asked > 1000
    assert differ > 0


def test_play_hand_hands_bots_views_only() -> None:
    seen: list[object] = []

    def spy(mine: nl.View, seat: int) -> nl.Move | None:
        seen.append(mine)
        return nl.greedy_bot(mine, seat)

    nl.play_hand(nl.deal("standard", seats=2, seed=3), [spy, nl.greedy_bot], max_actions=200)
    assert seen
    assert all(type(v) is nl.View and v.seat == 0 for v in seen)


def test_greedy_hands_with_views_are_the_fast_path_s() -> None:
    # a greedy bot wrapped (not the very function) goes the generic way, with views
    def wrapped(mine: nl.View, seat: int) -> nl.Move | None:
        return nl.greedy_bot(mine, seat)

    wrapped.waits_when_stuck = True  # type: ignore[attr-defined]
    for seed in range(3):
        start = nl.deal("standard", seats=3, seed=seed)
        assert nl.play_hand(start, [wrapped] * 3) == nl.play_hand(start, [nl.greedy_bot] * 3)


# --- legality and determinism -----------------------------------------------------------------


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), seats=st.integers(1, 4), preset=st.sampled_from(PRESETS))
def test_every_bot_move_is_legal(seed: int, seats: int, preset: str) -> None:
    state = nl.deal(preset, seats, seed)
    bots: list[nl.Bot] = [SearchBot(budget_ms=None, iterations=2, seed=seed), nl.RandomBot(seed)]
    bots = (bots * seats)[:seats]
    for _ in range(60):
        if state.is_over:
            break
        moved = False
        for seat, bot in enumerate(bots):
            move = bot(view(state, seat), seat)
            if move is not None:
                assert nl.is_legal(state, move), (state, move)
                state = nl.apply(state, move)
                moved = True
        if not moved and nl.all_stuck(state):
            state = nl.resolve_stalemate(state)


@examples(100)
@given(games(max_steps=300), st.data())
def test_the_greedy_rule_plays_only_legal_moves(
    game: tuple[nl.GameState, list[nl.Move]], data: st.DataObject
) -> None:
    # play_hand applies the greedy rule's moves without validating them (the transition's
    # trusted path): every move the rule makes, over the variant space, must be legal.
    state, _ = game
    seat = data.draw(st.integers(0, len(state.seats) - 1), label="seat")
    move = greedy_on_position(state, seat)
    assert move is None or nl.is_legal(state, move), move
    assert (move is None) == (state.is_over or nl.is_stuck(state, seat))
    if not state.seats[seat].down and move is not None:
        # from the view (only its own layout and the foundations built) the same choice
        assert nl.greedy_bot(view(state, seat), seat) == move


def test_a_search_bot_with_iterations_is_deterministic_for_its_seed() -> None:
    start = nl.deal("standard", seats=2, seed=8)
    runs = [
        nl.play_hand(start, [SearchBot(budget_ms=None, iterations=3, seed=4), nl.greedy_bot])
        for _ in range(2)
    ]
    assert runs[0] == runs[1]


def test_a_search_bot_stops_at_its_budget() -> None:
    ticks = iter(range(1000))

    def clock() -> float:
        return next(ticks) / 1000  # a millisecond a call: each round takes 1 ms

    mine = view(nl.deal("standard", seats=2, seed=1), 0)
    moves = [nl.Move.turn(0), nl.Move.parse("0:AH@P2>F+")]
    # rounds end at 1, 2, 3 ms; after the third a fourth would end past 3.5 ms
    assert len(SearchBot(budget_ms=3.5, clock=clock)._playouts(mine, 0, moves)) == 3
    # 5 playouts of 2 moves: 2 rounds, however much time is left
    capped = SearchBot(budget_ms=1000, iterations=5, clock=clock)
    assert len(capped._playouts(mine, 0, moves)) == 2
    # fewer playouts than moves: still one round
    assert len(SearchBot(budget_ms=None, iterations=1)._playouts(mine, 0, moves)) == 1


def test_a_search_bot_leaves_the_greedy_move_only_for_a_clear_gain() -> None:
    mine = view(nl.deal("standard", seats=2, seed=1), 0)
    greedy = nl.greedy_bot(mine, 0)
    assert greedy is not None
    bot = SearchBot(budget_ms=None, iterations=6, seed=2)
    gains = bot.gains(mine, 0, [greedy, nl.Move.turn(0)])
    runs = bot._playouts(mine, 0, [greedy, nl.Move.turn(0)])
    diffs = [b - a for a, b in runs]
    expected = statistics.mean(diffs) - 1.5 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    assert gains == [0.0, pytest.approx(expected)]
    assert bot(mine, 0) == (nl.Move.turn(0) if expected > 0 else greedy)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"budget_ms": None}, "needs budget_ms or iterations"),
        ({"budget_ms": 0}, "budget_ms must be a positive number"),
        ({"iterations": 0}, "iterations must be an int >= 1; got 0"),
        ({"seed": -1}, "seed must be an int >= 0; got -1"),
        ({"candidates": "3"}, "candidates must be an int >= 1; got '3'"),
        ({"iterations": 4, "engine": "jit"}, "engine must be one of auto, batch, pure; got 'jit'"),
    ],
)
def test_search_bot_arguments_are_checked(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(nl.NertsError, match=message):
        SearchBot(**kwargs)  # type: ignore[arg-type]


def test_seat_view_takes_its_seat_s_view_only() -> None:
    state = nl.deal("standard", seats=2, seed=1)
    assert seat_view(view(state, 1), 1) is not None
    with pytest.raises(nl.ViewSeatError, match="a bot for seat 0 was given seat 1's view"):
        seat_view(view(state, 1), 0)
    with pytest.raises(nl.ViewSeatError, match="spectator's view"):
        seat_view(view(state), 0)
    for bot in _bots():  # the shim that looked at a whole state through its view is gone
        with pytest.raises(TypeError, match="not a GameState"):
            bot(state, 0)  # type: ignore[arg-type]


# --- names ------------------------------------------------------------------------------------


def test_make_bot_knows_every_listed_name() -> None:
    assert BOT_NAMES == ("greedy", "random", "search", "learned")
    assert make_bot("greedy") is nl.greedy_bot
    assert isinstance(make_bot("random", 3), nl.RandomBot)
    search = make_bot(" Search ", 4)
    assert isinstance(search, SearchBot)
    assert search.budget_ms == 50
    assert search.seed == 4
    fixed = make_bot("search:12", 1)
    assert isinstance(fixed, SearchBot)
    assert (fixed.budget_ms, fixed.iterations) == (None, 12)
    state = nl.deal("standard", 2, 0)
    for name in BOT_NAMES:
        assert nl.is_legal(state, make_bot(name, 1)(view(state, 0), 0))  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["minimax", "search:0", "search:x", ""])
def test_make_bot_refuses_unknown_names_listing_the_known_ones(name: str) -> None:
    with pytest.raises(ValueError, match="known bots: greedy, random, search, learned") as info:
        make_bot(name)
    assert repr(name) in str(info.value)


# --- pace -------------------------------------------------------------------------------------


def test_a_pace_is_seeded_and_human_like() -> None:
    moves = [nl.Move.turn(0), nl.Move.parse("0:AH@N>F+"), None, nl.Move.call(0)]
    a, b = Pace(seed=3), Pace(seed=3)
    assert [a.delay(m) for m in moves * 50] == [b.delay(m) for m in moves * 50]
    assert [Pace(seed=4).delay(m) for m in moves] != [Pace(seed=3).delay(m) for m in moves]
    delays = [Pace(seed=s).delay(nl.Move.turn(0)) for s in range(400)]
    assert 0.35 < statistics.median(delays) < 0.55  # the median stock turn, 0.45 s
    assert min(delays) >= 0.2
    assert max(delays) <= 3 * 0.45
    fast = Pace(seed=1, speed=2.0)
    assert fast.delay(nl.Move.turn(0)) == pytest.approx(Pace(seed=1).delay(nl.Move.turn(0)) / 2)


@pytest.mark.parametrize("kwargs", [{"speed": 0}, {"speed": -1.0}, {"spread": -0.1}, {"seed": -2}])
def test_pace_arguments_are_checked(kwargs: dict[str, float]) -> None:
    with pytest.raises(nl.NertsError):
        Pace(**kwargs)  # type: ignore[arg-type]


# --- tournament -------------------------------------------------------------------------------


def test_a_bot_against_itself_differs_by_exactly_zero_when_paired() -> None:
    result = tournament({"a": "greedy", "b": "greedy"}, hands=6, seats=4, seed=3, processes=1)
    assert result.hands_played == 6 * 2  # a b a b, then b a b a
    diff = result.difference
    assert diff is not None
    assert (diff.mean, diff.low, diff.high, diff.deals) == (0.0, 0.0, 0.0, 6)
    assert result.stats[0].score == result.stats[1].score


def test_a_bot_that_only_turns_its_stock_scores_minus_26_against_greedy() -> None:
    def turner(mine: nl.View, seat: int) -> nl.Move | None:
        return next((m for m in nl.legal_moves(mine, seat) if not m.is_progress), None)

    result = tournament(
        [nl.greedy_bot, turner], hands=5, seats=2, seed=1, processes=1, max_actions=1_000
    )
    lazy = result.stats_of("turner")
    assert (lazy.score.mean, lazy.score.low, lazy.score.high) == (-26.0, -26.0, -26.0)
    greedy = result.stats_of("greedy_bot")
    diff = result.difference
    assert diff is not None
    assert diff.mean == pytest.approx(greedy.score.mean + 26)
    assert greedy.win_rate.mean == 1.0
    assert lazy.win_rate.mean == 0.0


def test_tournament_statistics_are_those_of_its_records() -> None:
    result = tournament(["greedy", "random"], hands=5, seats=3, seed=2, processes=1)
    assert result.hands_played == 5 * 3
    per_deal: dict[str, dict[int, list[int]]] = {"greedy": {}, "random": {}}
    for record in result.records:
        for name, score in zip(record.names, record.scores, strict=True):
            per_deal[name].setdefault(record.deal, []).append(score)
    for name in ("greedy", "random"):
        means = [statistics.mean(v) for v in per_deal[name].values()]
        assert result.stats_of(name).score == Interval.of(means)
        assert result.stats_of(name).seats_played == sum(len(v) for v in per_deal[name].values())
    diffs = [
        statistics.mean(per_deal["greedy"][i]) - statistics.mean(per_deal["random"][i])
        for i in range(5)
    ]
    iv = Interval.of(diffs)
    assert result.difference is not None
    assert (result.difference.mean, result.difference.low, result.difference.high) == (
        iv.mean,
        iv.low,
        iv.high,
    )
    half = 1.959963984540054 * statistics.stdev(diffs) / math.sqrt(5)
    assert iv.high - iv.mean == pytest.approx(half)


def test_tournament_in_processes_equals_in_process() -> None:
    args = (["search:2", "greedy"], 3, 2, 7)
    assert tournament(*args, processes=2) == tournament(*args, processes=1)


def test_unpaired_tournaments_play_each_deal_once() -> None:
    result = tournament(["greedy", "random"], hands=4, seats=2, seed=0, paired=False, processes=1)
    assert [r.deal for r in result.records] == [0, 1, 2, 3]
    assert [r.names for r in result.records][:2] == [("greedy", "random"), ("random", "greedy")]


def test_tournament_arguments_are_checked() -> None:
    with pytest.raises(nl.NertsError, match="unknown bot 'nope'"):
        tournament(["nope"], hands=1, seats=2, seed=0)
    with pytest.raises(nl.NertsError, match="need hands >= 1"):
        tournament(["greedy"], hands=0, seats=2, seed=0)
    with pytest.raises(nl.NertsError, match="at least one bot"):
        tournament([], hands=1, seats=2, seed=0)
    result = tournament(["greedy"], hands=2, seats=1, seed=0, processes=1)
    assert result.difference is None
    with pytest.raises(nl.NertsError, match="no bot called 'x'"):
        result.stats_of("x")


def test_a_hand_s_wins_are_shared_among_equal_tops() -> None:
    assert HandRecord(0, ("a", "b"), (3, 3), True).wins() == (0.5, 0.5)
    assert HandRecord(0, ("a", "b"), (-1, 3), True).wins() == (0.0, 1.0)


def test_greedy_turns_up_a_face_down_card_when_its_guess_is_stuck_and_the_stock_is_spent() -> None:
    # No stock action is left (no passes): the view's guess of the face-down cards says stuck,
    # the real ones may not; waiting there would stop a hand that can still go on.
    v = nl.Variant(
        nerts_pile_size=14,
        work_piles=8,
        work_pile_layout="klondike",
        space_fill="king_only",
        slide_under="off",
        stock_turn=1,
        stock_remainder="partial_turn",
        max_stock_passes=0,
        stock_access="when_blocked",
    )
    final, _ = nl.play_hand(nl.deal(v, 3, 5464), [nl.greedy_bot] * 3)
    assert final.is_over


@pytest.mark.parametrize("values", [[4.0], [1.0, 3.0], [1.0, 2.0, 3.0], [5.0, 5.0]])
def test_an_interval_is_open_for_one_deal_and_closes_from_two_on(values: list[float]) -> None:
    interval = Interval.of(values)
    assert (interval.mean, interval.n) == (statistics.fmean(values), len(values))
    if len(values) == 1:
        assert (interval.low, interval.high) == (-math.inf, math.inf)
    else:
        half = 1.959963984540054 * statistics.stdev(values) / math.sqrt(len(values))
        assert interval.low == pytest.approx(interval.mean - half)
        assert interval.high == pytest.approx(interval.mean + half)
