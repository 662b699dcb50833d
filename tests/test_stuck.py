"""Exact stuck detection against a brute-force oracle, and the everyone-stuck resolution."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import nertslib as nl
from nertslib import stuck
from nertslib.predicates import may_restock, pass_tops, turned_cursor
from nertslib.stuck import waste_tops
from nertslib.testing import clear_caches
from tests.helpers import count_calls, move, moves_text, position
from tests.strategies import examples, games, near_stuck

_LIMIT = 20_000


def brute_force_stuck(state: nl.GameState, seat: int) -> bool | None:
    """rules.md §7 read literally: search every position the seat reaches by non-progress
    moves (turning the stock, moving between work piles) and look for a progress move.
    ``None`` if the search is too large to finish."""
    unlimited = state.variant.max_stock_passes is None

    def key(s: nl.GameState) -> object:
        lay = s.seats[seat]
        passes = None if unlimited else lay.passes
        return (lay.work, lay.down, lay.bound, lay.deck, lay.cursor, passes)

    seen = {key(state)}
    frontier = [state]
    while frontier:
        s = frontier.pop()
        for m in nl.legal_moves(s, seat):
            if m.is_progress:
                return False
            if m.kind in (nl.MoveKind.ROTATE, nl.MoveKind.CALL):
                continue
            nxt = nl.apply(s, m)
            k = key(nxt)
            if k not in seen:
                seen.add(k)
                frontier.append(nxt)
                if len(seen) > _LIMIT:
                    return None
    return True


@examples(100)
@given(games(max_steps=400), st.data())
def test_is_stuck_agrees_with_brute_force_search(
    game: tuple[nl.GameState, list[nl.Move]], data: st.DataObject
) -> None:
    state, _ = game
    assume(not state.is_over)
    seat = data.draw(st.integers(0, len(state.seats) - 1), label="seat")
    expected = brute_force_stuck(state, seat)
    assume(expected is not None)
    assert nl.is_stuck(state, seat) is expected
    assert (nl.Move.rotate(seat) in nl.legal_moves(state, seat)) == (
        expected and bool(state.seats[seat].stock)
    )


def _stalemated(variant: nl.Variant | str = "standard", seats: int = 2) -> nl.GameState:
    """Every seat: Aces and Queens buried in the Nerts pile under 5S, four Kings in the work
    piles, no foundations: no card can ever move, whatever the stock order."""
    return position(
        variant,
        seats=seats,
        nerts=dict.fromkeys(range(seats), "AC.AD.AH.AS.QH.QD.QC.QS.5S"),
        work={s: ["KC", "KD", "KH", "KS"] for s in range(seats)},
    )


def test_a_built_stalemate_is_stuck_for_the_engine_and_the_oracle() -> None:
    s = _stalemated()
    for seat in range(2):
        assert brute_force_stuck(s, seat) is True
        assert nl.is_stuck(s, seat) is True
        assert moves_text(s, seat) == [f"{seat}:turn", f"{seat}:rotate"]
    assert nl.all_stuck(s)


def test_one_playable_card_anywhere_in_a_pass_unsticks_the_seat() -> None:
    # a red Queen showing in the waste fits on a black King
    s = position(
        seats=1,
        nerts={0: "AC.AD.AH.AS.QD.QC.QS.5S"},
        work={0: ["KC", "KD", "KH", "KS"]},
        stock={0: "QH.2C.3C"},  # QH is the third card turned: it shows
    )
    assert nl.is_stuck(s, 0) is False
    assert brute_force_stuck(s, 0) is False
    hidden = position(
        seats=1,
        nerts={0: "AC.AD.AH.AS.QD.QC.QS.5S"},
        work={0: ["KC", "KD", "KH", "KS"]},
        stock={0: "2C.QH.3C"},  # the middle card of a turn never shows this pass...
    )
    # ...but the stock's length decides the next passes' grouping: ask the oracle
    assert nl.is_stuck(hidden, 0) is brute_force_stuck(hidden, 0)


def test_waste_tops_cover_a_whole_pass_with_the_remainder() -> None:
    house = nl.Variant(stock_remainder="partial_turn")
    s = position(house, seats=1, nerts={0: "5S"}, work={0: ["KH", "KD", "QH", "QD"]})
    lay = s.seats[0]
    n = len(lay.deck)
    tops = waste_tops(lay, s.ctx)
    expected = {lay.deck[min(i, n) - 1] for i in range(3, n + 3, 3)}
    assert tops == frozenset(expected)
    one = nl.Variant(stock_turn=1, stock_remainder="partial_turn")
    s1 = position(one, seats=1, nerts={0: "5S"}, work={0: ["KH", "KD", "QH", "QD"]})
    assert waste_tops(s1.seats[0], s1.ctx) == frozenset(s1.seats[0].deck)


def test_waste_tops_respect_the_pass_limit_and_flip_immediately() -> None:
    v = nl.Variant(max_stock_passes=0, stock_remainder="partial_turn")
    s = position(v, seats=1, nerts={0: "5S"}, work={0: ["KH", "KD", "QH", "QD"]})
    s = nl.apply(nl.apply(s, move("0:turn")), move("0:turn"))
    lay = s.seats[0]
    n = len(lay.deck)
    expected = {lay.deck[5]} | {lay.deck[min(i, n) - 1] for i in range(9, n + 3, 3)}
    assert waste_tops(lay, s.ctx) == frozenset(expected)
    flip = nl.Variant(stock_remainder="flip_immediately")
    f = position(flip, seats=1, nerts={0: "5S"}, work={0: ["KH", "KD", "QH", "QD"]})
    flay = f.seats[0]
    m = len(flay.deck)  # 47 cards: the last two never show, they are flipped straight back
    assert m % 3 == 2
    tops = waste_tops(flay, f.ctx)
    assert tops == frozenset(flay.deck[i - 1] for i in range(3, m - 1, 3))
    assert flay.deck[-1] not in tops


def test_the_standard_resolution_restocks_every_seat_then_ends_in_stalemate() -> None:
    # Seeds: "all players must form a new stock this way" (the rest of the stock onto the
    # waste, the waste turned over), and "if all players are stuck, even with a new stock,
    # the hand ends and is scored as usual".
    s = nl.apply(_stalemated(), move("1:turn"))  # seat 1 has a waste to turn back in
    assert nl.all_stuck(s)
    assert s.variant.stuck_resolution == "restock"
    before = [(lay.waste, lay.stock) for lay in s.seats]
    once = nl.resolve_stalemate(s)
    assert (once.stalled, once.resolutions, once.is_over) == (True, 1, False)
    for lay, (waste, stock) in zip(once.seats, before, strict=True):
        # the stock's cards go onto the waste (in turning order: the stock's top first),
        # then the whole pile turns over: its bottom card, the waste's first, is on top
        piled = (*waste, *reversed(stock))
        assert lay.waste == ()
        assert lay.stock == tuple(reversed(piled))
    assert nl.all_stuck(once)
    ended = nl.resolve_stalemate(once)
    assert ended.status is nl.EndReason.STALEMATE
    assert nl.outcome(ended) == nl.Outcome(nl.EndReason.STALEMATE, None, (-18, -18))
    assert nl.legal_moves(ended, 0) == ()


def test_progress_after_a_resolution_clears_the_stalled_flag() -> None:
    s = position(
        seats=2,
        nerts={0: "AC.AD.AH.AS.QH.QD.QC.QS.5S", 1: "AC.AD.AH.AS.QH.QD.QC.QS.5S"},
        work={0: ["KC", "KD", "KH", "KS"], 1: ["KC", "KD", "KH", "KS"]},
    )
    once = nl.resolve_stalemate(s)
    assert once.stalled
    # hand-make progress possible: play is impossible here, so check the flag logic on apply
    unstuck = position(seats=2, nerts={0: "AC", 1: "AD"}, tail="play r1! s0")
    assert unstuck.stalled
    after = nl.apply(unstuck, move("0:AC@N>F+"))
    assert not after.stalled
    assert after.resolutions == 1
    turned = nl.apply(unstuck, move("1:turn"))
    assert turned.stalled  # a stock turn is not progress


def test_rotate_one_restocks_and_moves_the_top_card_to_the_bottom() -> None:
    s = nl.apply(_stalemated(nl.Variant(stuck_resolution="rotate_one")), move("1:turn"))
    before = [lay.deck for lay in s.seats]
    once = nl.resolve_stalemate(s)
    assert once.stalled
    for lay, deck in zip(once.seats, before, strict=True):
        assert lay.cursor == 0
        assert lay.deck == (*deck[1:], deck[0])  # waste turned in, top card to the bottom
    restocked = nl.resolve_stalemate(attrs.evolve(s, variant=nl.Variant()))
    assert [lay.deck for lay in restocked.seats] == before
    assert nl.resolve_stalemate(once).status is nl.EndReason.STALEMATE


def test_end_hand_and_shuffle_resolutions() -> None:
    end_now = _stalemated(nl.Variant(stuck_resolution="end_hand"))
    assert nl.resolve_stalemate(end_now).status is nl.EndReason.STALEMATE
    shuffle = _stalemated(nl.Variant(stuck_resolution="shuffle"))
    shuffled = nl.resolve_stalemate(shuffle)
    assert shuffled.stalled
    for a, b in zip(shuffle.seats, shuffled.seats, strict=True):
        assert sorted(a.deck) == sorted(b.deck)
        assert a.deck != b.deck
        assert b.cursor == 0
    assert shuffled == nl.resolve_stalemate(shuffle)  # seeded: a pure function
    assert shuffled.seats[0].deck != shuffled.seats[1].deck


def test_rotate_is_only_for_stuck_seats() -> None:
    s = nl.deal("standard", seats=2, seed=5)
    assert "0:rotate" not in moves_text(s, 0)
    assert nl.check(s, move("0:rotate")).reason is nl.Reason.NOT_STUCK  # type: ignore[union-attr]


def test_finished_hands_have_no_stuck_seats_and_cannot_be_resolved() -> None:
    s = nl.apply(position(seats=1, work={0: ["5D"]}), move("0:nerts"))
    assert not nl.is_stuck(s, 0)
    assert not nl.all_stuck(s)
    with pytest.raises(ValueError, match="the hand is over"):
        nl.resolve_stalemate(s)


@examples(60)
@given(near_stuck())
def test_is_stuck_agrees_with_brute_force_near_stuck_positions(
    case: tuple[nl.GameState, int],
) -> None:
    state, seat = case
    assume(not state.is_over)
    expected = brute_force_stuck(state, seat)
    assume(expected is not None)
    assert nl.is_stuck(state, seat) is expected


def test_nerts_only_spaces_are_not_reversible() -> None:
    # a whole pile moved onto a card cannot return to its (now empty) pile
    s = position(nl.Variant(space_fill="nerts_only"), work={0: ["10S", "9H", "2C", "3D"]})
    after = nl.apply(s, move("0:9H@P1>P0"))
    assert after.seats[0].work_piles[1] == ()
    assert "0:9H@P0>P1" not in moves_text(after, 0)


def _bottom_card_position(variant: nl.Variant) -> nl.GameState:
    """Only the 2H can ever play, and it lies at the bottom of a 37-card stock: turned 3 at a
    time, it shows only as the remainder of a pass that is turned up, not flipped over."""
    s = position(
        variant,
        foundations=["AH0"],
        nerts={0: "AC.AD.AS.QH.QD.QC.QS.2C.3C.5S"},
        work={0: ["KC", "KD", "KH", "KS"]},
    )
    fields = s.to_nfen().split()
    seat = fields[2].split("|")
    stock = [c for c in seat[5].split(".") if c != "2H"]
    seat[5] = ".".join(["2H", *stock])  # bottom first
    fields[2] = "|".join(seat)
    return nl.GameState.from_nfen(" ".join(fields))


def test_the_last_allowed_pass_shows_the_remainder_with_flip_immediately() -> None:
    limited = _bottom_card_position(
        nl.Variant(stock_remainder="flip_immediately", max_stock_passes=2)
    )
    assert len(limited.seats[0].stock) == 37
    assert limited.seats[0].stock[0] == nl.Card.parse("2H", owner=0)
    assert brute_force_stuck(limited, 0) is False
    assert nl.is_stuck(limited, 0) is False
    # unlimited passes flip the waste over every time: the 2H never shows
    unlimited = _bottom_card_position(nl.Variant(stock_remainder="flip_immediately"))
    assert brute_force_stuck(unlimited, 0) is True
    assert nl.is_stuck(unlimited, 0) is True
    # partial turns show it at the end of every pass
    partial = _bottom_card_position(nl.Variant(max_stock_passes=2))
    assert nl.is_stuck(partial, 0) is False


def test_searches_under_rules_that_cannot_undo_stop_at_the_first_progress(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Racing Demon's spaces take Nerts cards only, so moves between the piles cannot always
    # be undone and a search's configurations do not share its summary. Seat 0's piles reach
    # 18 096 configurations; the 9H plays once the 10C is bared (the 9D moved onto it).
    clear_caches()
    state = nl.GameState.from_nfen(
        "racing_demon,nerts_pile_size=17,work_piles=8 "
        "AH0.2H0.3H0/AS0.2S0.3S0/AD0.2D0/AC0.2C0.3C0.4C0.5C0 "
        "9H|JC.10H.9S.8H.7S.6D.5S.4D|5D|QH|KH.QC.JH.10C.9D.8C.7H.6S|6C.5H|KC|KS.QD.JS.10D|8S.7D|"
        "QS.7C.JD.8D.10S.6H.4S.9C.KD.4H.3D|-|6 play r0 s0"
    )
    searched = count_calls(monkeypatch, stuck, "shuffle_moves")
    assert nl.is_stuck(state, 0) is False
    assert len(searched) < 100
    assert nl.Move.rotate(0) not in nl.legal_moves(state, 0)


def test_a_search_of_a_huge_space_of_configurations_stops_at_the_first_progress(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Top-card moves into any space: seat 0's piles reach 109 892 configurations. One move
    # (the 4S onto the 5D) makes a space, and a waste top of the pass (the KH) goes into it.
    state = nl.GameState.from_nfen(
        "standard,nerts_pile_size=1,work_piles=7,work_pile_move=top_card,slide_under=off,"
        "caller_bonus=-3,nerts_penalty=-3,target_score=1 "
        "AH0.2H0.3H0.4H0.5H0.6H0/AC0.2C0.3C0.4C0.5C0.6C0.7C0/AS0/AD0.2D0 "
        "-|9H.8S.7H.6S.5D|5S.4D.3S|KD.QC.JH|QH.JS.10D.9C.8D.7S.6D|10S.9D.8C.7D|10C|4S|-|"
        "2S.9S.10H.3D.KS.8H.JD.JC.QS.KC.QD.KH|12 play r0 s6"
    )
    assert nl.is_stuck(state, 0) is False  # its Nerts pile is empty: it may call
    lay = state.seats[0]
    searched = count_calls(monkeypatch, stuck, "shuffle_moves")
    found, _ = stuck.progress_in_reach(state, lay, stuck.pass_tops(lay, state.ctx), by_order=False)
    assert found is True
    assert 1 <= len(searched) < 50


def test_a_seat_with_no_cards_left_is_stuck_but_for_the_call_without_a_search() -> None:
    # Every card is up and the seat has not called Nerts yet: nothing to search, no summary;
    # the random dev profile found the property below mistaking that for a search stopped at
    # progress. The seat may still call, which is progress: it is not stuck.
    state = nl.GameState.from_nfen(
        "standard,nerts_pile_size=1,stock_turn=1,target_score=1 "
        "AC0.2C0.3C0.4C0.5C0.6C0.7C0.8C0.9C0.10C0.JC0.QC0.KC0/"
        "AD0.2D0.3D0.4D0.5D0.6D0.7D0.8D0.9D0.10D0.JD0.QD0.KD0/"
        "AS0.2S0.3S0.4S0.5S0.6S0.7S0.8S0.9S0.10S0.JS0.QS0.KS0/"
        "AH0.2H0.3H0.4H0.5H0.6H0.7H0.8H0.9H0.10H0.JH0.QH0.KH0 -|-|-|-|-|-|-|6 play r0 s0"
    )
    lay = state.layouts[0]
    assert stuck.progress_in_reach(state, lay, (), by_order=False) == (False, None)
    assert nl.is_stuck(state, 0) is False
    assert [str(m) for m in nl.legal_moves(state, 0)] == ["0:nerts"]


def turned_through(
    deck: tuple[int, ...], cursor: int, turn: int, flip: bool, passes: int, max_passes: int
) -> set[int]:
    """Every waste top seen by turning the stock one action at a time, by ``turned_cursor``
    and ``may_restock``, until no stock action is left or the stock comes round again."""
    seen = set(deck[cursor - 1 : cursor])
    visited = set()
    while (cursor, min(passes, 8)) not in visited:
        visited.add((cursor, min(passes, 8)))
        if cursor < len(deck):
            cursor, passes = turned_cursor(cursor, len(deck), turn, flip, passes, max_passes)
        elif may_restock(0, cursor, passes, max_passes):
            cursor, passes = 0, passes + 1
        else:
            break
        seen.update(deck[cursor - 1 : cursor])
    return seen


@given(
    n=st.integers(0, 12),
    cursor=st.integers(0, 12),
    turn=st.integers(1, 4),
    flip=st.booleans(),
    passes=st.integers(0, 3),
    limit=st.sampled_from([0, 1, 2, 3, 1 << 30]),
)
def test_pass_tops_is_the_turning_rule_read_for_a_whole_pass(
    n: int, cursor: int, turn: int, flip: bool, passes: int, limit: int
) -> None:
    assume(cursor <= n and passes <= limit)
    deck = tuple(range(100, 100 + n))
    expected = turned_through(deck, cursor, turn, flip, passes, limit)
    assert set(pass_tops(deck, cursor, turn, flip, passes, limit)) == expected
