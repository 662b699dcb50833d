"""The stuck search and the bots' planner, one rule at a time: the moves they search (with and
without jokers), the waste tops of a pass, and what counts as progress. Each test pins what the
other tests left open (written for a mutant that survived mutation testing).

Most positions are built so that one rule alone decides: seat 0's cards complete every
foundation, the last seat's stock is spent, and only the piles a test names can play. See
docs/verification.md for how mutation testing is run.
"""

from collections import deque
from typing import Any

import pytest

import nertslib as nl
from nertslib.bots.planning import plan_progress
from nertslib.context import context_for
from nertslib.movegen import ONTO_WORK, Piles, shuffle_moves
from nertslib.predicates import FROM_WORK
from nertslib.stuck import pass_tops, progress_in_reach, waste_tops
from nertslib.transition import piles_after
from tests.helpers import position


def work_summary(
    work: tuple[tuple[int, ...], ...],
    space: Any,
    slide: Any,
    rule: Any,
    down: tuple[tuple[int, ...], ...] = (),
) -> set[int]:
    """Every card that is some work pile's top in a configuration the piles reach."""
    variant = nl.Variant(
        work_piles=len(work),
        space_fill=space,
        slide_under=slide,
        work_pile_move=rule,
        work_pile_layout="klondike" if down else "single",
    )
    ctx = context_for(variant, 1)
    start: Piles = (work, down, ())
    seen = {start}
    queue = deque([start])
    tops: set[int] = set()
    while queue:
        piles = queue.popleft()
        tops.update(pile[-1] for pile in piles[0] if pile)
        for card, i, target, j in shuffle_moves(ctx, piles):
            nxt = piles_after(ctx, piles, card, FROM_WORK, i, target == ONTO_WORK, j)
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return tops


RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def _klondike_joker_position() -> nl.GameState:
    """Progress only by uncovering: X1 (bound as a red 9) onto X2 (a black 10) turns up QH.

    Clubs, spades and diamonds are complete and hearts need QH; the waste top KH may not
    fill the space a moved pile leaves (``space_fill="nerts_only"``).
    """
    variant = nl.Variant(
        work_pile_layout="klondike",
        work_piles=2,
        jokers_per_deck=2,
        space_fill="nerts_only",
        foundation_limit="one_per_suit",
    )
    complete = [".".join(f"{r}{s}0" for r in RANKS) for s in "CSD"]
    hearts = ".".join(f"{r}H0" for r in RANKS[:11])
    state = position(
        variant, foundations=[*complete, hearts], work={0: ["X2", "QH~X1"]}, waste={0: "KH"}
    )
    nfen = state.to_nfen().replace("X2|QH~X1", "X2(b10)|QH~X1(r9)")
    return nl.GameState.from_nfen(nfen)


def test_the_joker_search_turns_up_face_down_cards() -> None:
    state = _klondike_joker_position()
    assert state.seats[0].joker_key(nl.Card.joker_of(0, 1)) == 9 * 2 + 1
    assert stuck_by_search(state, 0) is False
    assert plan_progress(state, 0) == nl.Move.parse("0:X1@P1>P0")
    after = nl.apply(state, nl.Move.parse("0:X1@P1>P0"))
    assert after.seats[0].work_piles[1] == (nl.Card.parse("QH", owner=0),)
    assert nl.Move.parse("0:QH@P1>F3") in nl.legal_moves(after, 0)


def test_a_joker_search_step_onto_a_pile_stacks_and_under_a_pile_slides() -> None:
    ctx = nl.deal(nl.Variant(jokers_per_deck=2), seats=1, seed=1).ctx
    ten_s, nine_h, joker = (nl.Card.parse(c, owner=0).id for c in ("10S", "9H", "X1"))
    work = ((nine_h,), (ten_s,), (joker,))
    onto = piles_after(ctx, (work, (), ()), nine_h, FROM_WORK, 0, True, 1)
    assert onto == (((), (ten_s, nine_h), (joker,)), (), ())
    under = piles_after(ctx, (work, (), ()), ten_s, FROM_WORK, 1, False, 2)
    assert under == (((nine_h,), (), (ten_s, joker)), (), ())


def test_the_joker_search_keeps_a_bound_joker_bound_after_a_move() -> None:
    """X1 stays a red 9 alone on its pile, so the waste top Q♦ never finds a black King.

    Seat 1's cards complete every foundation (``one_per_suit``: none can start), seat 0's
    stock is spent, and its only move is 8♠ to and fro between X1 and 9♥.
    """
    variant = nl.Variant(
        work_piles=2, jokers_per_deck=2, foundation_limit="one_per_suit", max_stock_passes=1
    )
    complete = [".".join(f"{r}{s}1" for r in RANKS) for s in "CDHS"]
    named = {"KC", "8S", "9H", "QD"}
    rest = [f"{r}{s}" for s in "CDHS" for r in RANKS if f"{r}{s}" not in named]
    state = position(
        variant,
        seats=2,
        foundations=complete,
        nerts={0: "KC"},
        work={0: ["X1.8S", "9H"]},
        waste={0: ".".join([*rest, "X2", "QD"]), 1: "X1.X2"},
        passes={0: 1, 1: 1},
    )
    assert state.seats[0].joker_key(nl.Card.joker_of(0, 1)) == 9 * 2 + 1
    assert nl.legal_moves(state, 0) == (nl.Move.parse("0:8S@P0>P1"),)
    assert stuck_by_search(state, 0) is True
    assert plan_progress(state, 0) is None


# --- the joker stuck search, one rule at a time ------------------------------------------------
#
# Seat 0's cards complete every foundation (``one_per_suit``: no foundation can start) and seat
# 1's stock is spent (one pass allowed, taken), so seat 1's only chances are the cards placed
# below: its Nerts top, its waste top and its work piles. The rest of its deck lies under the
# waste top, a joker among it, so the layout holds a joker and the joker search decides.

ALL_CODES = [f"{r}{s}" for s in "CDHS" for r in RANKS]


def stuck_by_search(state: nl.GameState, seat: int) -> bool:
    """The rearrangement search's verdict for ``seat``, the call of Nerts aside.

    Without a Nerts pile (:func:`joker_seat`'s default) the seat may call, so
    :func:`nertslib.is_stuck` says False at once (calling is progress); these tests are about
    the search behind it. With a Nerts pile the two agree.
    """
    lay = state.seats[seat]
    verdict = not progress_in_reach(state, lay, pass_tops(lay, state.ctx), by_order=False)[0]
    if state.seats[seat].nerts_pile:
        assert nl.is_stuck(state, seat) is verdict
    else:
        assert nl.is_stuck(state, seat) is False
    return verdict


def joker_seat(
    *,
    work: list[str],
    waste_top: str,
    nerts: str = "",
    bind: dict[str, str] | None = None,
    declared: str = "",
    hearts_to: int = 13,
    diamonds_to: int = 13,
    seats: int = 2,
    **knobs: object,
) -> nl.GameState:
    """The last seat with the given piles; ``bind`` maps a joker to its binding (``"r9"``).

    ``declared`` names a joker of that seat that stands on the clubs foundation as its King
    instead (seat 0's K♣ then waits in seat 0's waste), so the layout holds only the other
    joker. ``hearts_to`` and ``diamonds_to`` stop seat 0's hearts and diamonds foundations at
    that rank (the rest of those cards wait in its waste). Seats between the first and the
    last hold their decks in their wastes.
    """
    settings: dict[str, object] = {
        "jokers_per_deck": 2,
        "foundation_limit": "one_per_suit",
        "max_stock_passes": 1,
        "work_piles": len(work),
    }
    variant = nl.Variant(**{**settings, **knobs})  # type: ignore[arg-type]
    me = seats - 1
    fnd = [".".join(f"{r}{s}0" for r in RANKS) for s in "CDHS"]
    fnd[1] = ".".join(f"{r}D0" for r in RANKS[:diamonds_to])
    fnd[2] = ".".join(f"{r}H0" for r in RANKS[:hearts_to])
    waiting = [f"{r}D" for r in RANKS[diamonds_to:]] + [f"{r}H" for r in RANKS[hearts_to:]]
    if declared:
        fnd[0] = fnd[0].replace("KC0", f"{declared}=KC{me}")
        waiting.append("KC")
    placed = {c for p in work for c in p.replace("~", ".").split(".") if c}
    placed |= {waste_top, *nerts.split(".")}
    jokers = ["X1", "X2"][: variant.jokers_per_deck]
    rest = [c for c in [*ALL_CODES, *jokers] if c not in placed and c != declared]
    everything = ".".join([*ALL_CODES, *jokers])
    state = position(
        variant,
        seats=seats,
        foundations=fnd,
        nerts={me: nerts},
        work={me: work},
        waste={
            0: ".".join([*jokers, *waiting]),
            **dict.fromkeys(range(1, me), everything),
            me: ".".join([*rest, waste_top]),
        },
        passes=dict.fromkeys(range(seats), 1),
    )
    tokens = state.to_nfen().split(" ")
    fields = tokens[-4].split("|")  # the last seat: Nerts pile, work piles, stock, waste, passes
    for joker, binding in (bind or {}).items():
        fields = [
            ".".join(f"{c}({binding})" if c == joker else c for c in f.split("."))
            for f in fields[:-3]
        ] + fields[-3:]
    tokens[-4] = "|".join(fields)
    return nl.GameState.from_nfen(" ".join(tokens))


@pytest.mark.parametrize(("declared", "held"), [("X2", "X1"), ("X1", "X2")])
def test_a_layout_holding_one_joker_takes_the_joker_search(declared: str, held: str) -> None:
    """Seat 1's only play is the joker in its waste, as an Ace onto one of four 2s."""
    state = joker_seat(work=["2C", "2D", "2H", "2S"], waste_top=held, nerts="KD", declared=declared)
    assert stuck_by_search(state, 1) is False
    assert plan_progress(state, 1) is None  # a play exists now: nothing to plan
    assert nl.legal_moves(state, 1)[0] == nl.Move.parse(f"1:{held}@W>P0")


def test_a_nerts_only_space_takes_the_nerts_top_in_the_joker_search() -> None:
    state = joker_seat(work=["2C", ""], waste_top="KS", nerts="KD", space_fill="nerts_only")
    assert stuck_by_search(state, 1) is False
    assert nl.legal_moves(state, 1) == (nl.Move.parse("1:KD@N>P1"),)


def test_a_nerts_only_space_refuses_the_waste_top_in_the_joker_search() -> None:
    state = joker_seat(work=["2C", ""], waste_top="KS", space_fill="nerts_only")
    assert stuck_by_search(state, 1) is True
    assert nl.legal_moves(state, 1) == (nl.Move.parse("1:nerts"),)  # the space takes no work card


@pytest.mark.parametrize(
    ("slide", "space_fill", "space", "stuck"),
    [
        ("off", "any", False, True),
        ("always", "any", False, False),
        ("needs_space", "any", False, True),
        # sliding under obeys the space rule: the waste top may not fill a nerts_only space
        ("needs_space", "nerts_only", True, True),
        ("always", "nerts_only", False, True),
    ],
)
def test_sliding_under_in_the_joker_search(
    slide: str, space_fill: str, space: bool, stuck: bool
) -> None:
    """The waste top K♦ can only slide under Q♠."""
    work = ["QS", ""] if space else ["QS"]
    state = joker_seat(work=work, waste_top="KD", space_fill=space_fill, slide_under=slide)
    assert stuck_by_search(state, 1) is stuck
    assert (nl.Move.parse("1:KD@W>U0") in nl.legal_moves(state, 1)) is not stuck


def test_building_down_in_the_joker_search() -> None:
    state = joker_seat(work=["QS"], waste_top="JD", slide_under="off")
    assert stuck_by_search(state, 1) is False
    assert nl.legal_moves(state, 1)[:2] == (nl.Move.parse("1:nerts"), nl.Move.parse("1:JD@W>P0"))


def test_a_bound_joker_alone_takes_only_its_own_slide_under() -> None:
    """X1 is bound as a red 9: Q♦ cannot slide under it (it would have to be a black J)."""
    state = joker_seat(work=["X1"], waste_top="QD", bind={"X1": "r9"}, slide_under="always")
    assert stuck_by_search(state, 1) is True
    unbound = joker_seat(work=["X1"], waste_top="QD", slide_under="always")
    assert stuck_by_search(unbound, 1) is False


def test_covering_a_free_joker_with_a_bound_one_binds_it() -> None:
    state = joker_seat(work=["X1", "X2"], waste_top="8C", bind={"X1": "r9"})
    after = nl.apply(state, nl.Move.parse("1:X1@P0>P1"))
    seat = after.seats[1]
    assert seat.joker_key(nl.Card.joker_of(1, 2)) == 10 * 2  # a black 10 under a red 9
    assert seat.joker_key(nl.Card.joker_of(1, 1)) == 9 * 2 + 1


def test_binding_a_second_joker_keeps_the_first_bound() -> None:
    state = joker_seat(work=["X1", "X2"], waste_top="8C", bind={"X1": "r9"})
    after = nl.apply(state, nl.Move.parse("1:8C@W>P1"))
    seat = after.seats[1]
    assert seat.joker_key(nl.Card.joker_of(1, 1)) == 9 * 2 + 1
    assert seat.joker_key(nl.Card.joker_of(1, 2)) == 9 * 2 + 1  # under the 8♣: a red 9


@pytest.mark.parametrize("limit", ["one_per_suit", "unlimited"])
def test_a_bound_joker_goes_up_only_as_its_own_colour_and_rank(limit: str) -> None:
    """X1 on 10♥, bound as a black 9: hearts need 9♥, and a black 9 starts no foundation.

    Unbound, the 10♥ beneath fixes nothing (rules.md §9): X1 goes up as the 9♥.
    """
    state = joker_seat(
        work=["10H.X1"], waste_top="KC", hearts_to=8, bind={"X1": "b9"}, foundation_limit=limit
    )
    assert stuck_by_search(state, 1) is True
    assert not any(m.to_foundation for m in nl.legal_moves(state, 1))
    free = joker_seat(work=["10H.X1"], waste_top="KC", hearts_to=8, foundation_limit=limit)
    assert stuck_by_search(free, 1) is False
    assert nl.Move.parse("1:X1=9H@P0>F2") in nl.legal_moves(free, 1)


def test_an_open_joker_may_start_a_second_foundation_of_a_suit() -> None:
    """Every suit has a foundation; with ``unlimited`` foundations X1 still goes up as an Ace."""
    state = joker_seat(work=["X1"], waste_top="KC", foundation_limit="unlimited")
    assert stuck_by_search(state, 1) is False
    assert nl.Move.parse("1:X1=AC@P0>F+") in nl.legal_moves(state, 1)
    assert stuck_by_search(joker_seat(work=["X1"], waste_top="KC"), 1) is True  # one_per_suit


def test_a_joker_on_the_waste_goes_up_as_the_card_a_foundation_needs() -> None:
    state = joker_seat(work=["AC"], waste_top="X1", nerts="KD", hearts_to=8)
    assert stuck_by_search(state, 1) is False
    assert nl.legal_moves(state, 1)[0] == nl.Move.parse("1:X1=9H@W>F2")


def test_the_joker_search_tries_the_waste_top_as_well_as_the_nerts_top() -> None:
    state = joker_seat(work=["QS"], waste_top="JD", nerts="KD", slide_under="off")
    assert stuck_by_search(state, 1) is False
    assert nl.Move.parse("1:JD@W>P0") in nl.legal_moves(state, 1)


def test_the_last_seats_second_joker_in_the_joker_search() -> None:
    """Seat 7's X2 has the highest declared ids of all: no foundation takes it here."""
    state = joker_seat(work=["X2"], waste_top="KC", seats=8)
    assert stuck_by_search(state, 7) is True
    assert nl.legal_moves(state, 7) == (nl.Move.parse("7:nerts"),)


def test_the_joker_search_moves_work_cards_into_a_space() -> None:
    """X1 (bound as a black 9 on 10♥) into the space uncovers the 10♥ the hearts need.

    One seat, its other cards on the foundations (X2 is bound in a pile), nothing in hand.
    """
    variant = nl.Variant(
        jokers_per_deck=2, foundation_limit="one_per_suit", work_piles=4, max_stock_passes=1
    )
    complete = [".".join(f"{r}{s}0" for r in RANKS) for s in "CDS"]
    hearts = ".".join(f"{r}H0" for r in RANKS[:9])
    state = position(
        variant,
        foundations=[*complete, hearts],
        work={0: ["10H.X1", "", "KH.X2.JH", "QH"]},
        passes={0: 1},
    )
    state = nl.GameState.from_nfen(state.to_nfen().replace("10H.X1|", "10H.X1(b9)|"))
    assert (state.seats[0].stock, state.seats[0].waste) == ((), ())
    assert stuck_by_search(state, 0) is False
    assert plan_progress(state, 0) == nl.Move.parse("0:X1@P0>P1")


def test_the_joker_search_slides_under_only_when_the_variant_lets_it() -> None:
    """J♠ under 10♦ would uncover the Q♥ the hearts need; ``slide_under="off"`` forbids it,
    and so does a space rule that J♠ may not fill (sliding under is filling a space first).
    Single-card moves keep 9♣ from taking 10♦ onto J♠ (which would open a space)."""
    work = ["QH.JS", "10D.9C"]
    knobs: Any = {"hearts_to": 11, "work_pile_move": "top_card"}
    off = joker_seat(work=work, waste_top="KD", slide_under="off", **knobs)
    assert stuck_by_search(off, 1) is True
    on = joker_seat(work=work, waste_top="KD", slide_under="always", **knobs)
    assert stuck_by_search(on, 1) is False
    assert plan_progress(on, 1) == nl.Move.parse("1:JS@P0>U1")
    no_space = joker_seat(work=work, waste_top="KD", slide_under="needs_space", **knobs)
    assert stuck_by_search(no_space, 1) is True
    nerts_only = joker_seat(
        work=work, waste_top="KD", space_fill="nerts_only", slide_under="always", **knobs
    )
    assert stuck_by_search(nerts_only, 1) is True


def test_nothing_slides_under_face_down_cards_in_the_joker_search() -> None:
    """Klondike: J♦ under 10♠ would turn up the 9♥ the hearts need, but 10♠ lies on a card."""
    state = joker_seat(
        work=["KS", "9H~JD", "KC~10S"],  # (pile i is dealt i face-down cards)
        waste_top="KD",
        hearts_to=8,
        work_pile_layout="klondike",
        slide_under="always",
    )
    assert stuck_by_search(state, 1) is True
    rejection = nl.check(state, nl.Move.parse("1:JD@P1>U2"))
    assert rejection is not None
    assert rejection.reason is nl.Reason.DOES_NOT_FIT
    assert nl.Move.parse("1:10S@P2>P1") in nl.legal_moves(state, 1)


def test_a_mandatory_fill_comes_first_with_jokers() -> None:
    state = joker_seat(work=["QS", ""], nerts="KD", waste_top="JD", space_fill_mandatory=True)
    assert nl.legal_moves(state, 1) == (nl.Move.parse("1:KD@N>P1"),)
    rejection = nl.check(state, nl.Move.parse("1:JD@W>P0"))
    assert rejection is not None
    assert rejection.reason is nl.Reason.SPACE_MUST_BE_FILLED


def test_the_joker_search_stacks_a_moved_card_on_top_of_its_target() -> None:
    """J♠ onto Q♦ keeps Q♦ the base: the waste top Q♥ never finds a J♠ base to slide under."""
    state = joker_seat(
        work=["X1.JS", "QD"], waste_top="QH", bind={"X1": "r12"}, slide_under="always"
    )
    assert nl.legal_moves(state, 1) == (nl.Move.parse("1:nerts"), nl.Move.parse("1:JS@P0>P1"))
    assert stuck_by_search(state, 1) is True


# --- move generation with jokers (the moves the search and legal_moves share) --------------------


def test_joker_move_generation_scans_every_pile_after_a_space() -> None:
    state = joker_seat(work=["", "QS", "JD"], waste_top="KC", nerts="KH", space_fill="nerts_only")
    assert nl.Move.parse("1:JD@P2>P1") in nl.legal_moves(state, 1)


def test_joker_move_generation_moves_any_suffix() -> None:
    state = joker_seat(work=["KS.QH.JC", "KC"], waste_top="KD", nerts="KH")
    assert state.variant.work_pile_move == "any_suffix"
    assert nl.Move.parse("1:QH@P0>P1") in nl.legal_moves(state, 1)


def test_joker_move_generation_slides_nothing_under_a_bound_joker_that_does_not_fit() -> None:
    state = joker_seat(
        work=["X1", "KS.QD"], waste_top="KC", nerts="KH", bind={"X1": "r9"}, slide_under="always"
    )
    assert nl.Move.parse("1:QD@P1>U0") not in nl.legal_moves(state, 1)
    free = joker_seat(work=["X1", "KS.QD"], waste_top="KC", nerts="KH", slide_under="always")
    assert nl.Move.parse("1:QD@P1>U0") in nl.legal_moves(free, 1)


@pytest.mark.parametrize("jokers", [0, 2])
def test_card_id_zero_plays_from_the_nerts_pile_and_the_waste(jokers: int) -> None:
    """Seat 0's A♣ is card id 0: from the Nerts top or the waste it starts a foundation or
    goes onto a red 2."""
    variant = nl.Variant(jokers_per_deck=jokers)
    nerts = position(variant, nerts={0: "AC"}, work={0: ["2H"]})
    assert nl.legal_moves(nerts, 0)[:2] == (
        nl.Move.parse("0:AC@N>F+"),
        nl.Move.parse("0:AC@N>P0"),
    )
    waste = position(variant, nerts={0: "KH"}, waste={0: "AC"}, work={0: ["2H"]})
    assert nl.legal_moves(waste, 0)[0] == nl.Move.parse("0:AC@W>F+")
    assert nl.Move.parse("0:AC@W>P0") in nl.legal_moves(waste, 0)


def test_a_stalemate_resolution_keeps_bound_jokers_bound() -> None:
    """Both seats hold a King in the Nerts pile that goes nowhere, every Ace frozen in a
    waste that has no pass left; seat 1's X1 is bound as a red 9."""
    variant = nl.Variant(
        jokers_per_deck=2,
        work_piles=1,
        max_stock_passes=1,
        slide_under="always",
        space_fill="nerts_only",
    )
    deck = [*ALL_CODES, "X1", "X2"]
    waste0 = [c for c in deck if c not in ("KH", "KS", "QC")] + ["QC"]
    waste1 = [c for c in deck if c not in ("KD", "X1", "QD")] + ["QD"]
    state = position(
        variant,
        seats=2,
        nerts={0: "KH", 1: "KD"},
        work={0: ["KS"], 1: ["X1"]},
        waste={0: ".".join(waste0), 1: ".".join(waste1)},
        passes={0: 1, 1: 1},
    )
    state = nl.GameState.from_nfen(state.to_nfen().replace("|X1|", "|X1(r9)|"))
    assert state.seats[1].joker_key(nl.Card.joker_of(1, 1)) == 9 * 2 + 1
    assert nl.all_stuck(state) is True
    after = nl.resolve_stalemate(state)
    assert after.seats[1].joker_key(nl.Card.joker_of(1, 1)) == 9 * 2 + 1
    assert after.seats[1].bound == state.seats[1].bound


def test_a_pile_turns_up_its_face_down_cards_one_by_one_in_the_stuck_search() -> None:
    """Klondike, no jokers: J♦ onto Q♠ turns up Q♣, Q♣ onto K♥ turns up the 9♥ hearts need."""
    state = joker_seat(
        work=["QS", "KH", "", "KS.9H.QC~JD"],  # (pile 3 is dealt three face-down cards)
        waste_top="KD",
        hearts_to=8,
        work_pile_layout="klondike",
        jokers_per_deck=0,
        space_fill="nerts_only",
    )
    assert stuck_by_search(state, 1) is False
    assert plan_progress(state, 1) == nl.Move.parse("1:JD@P3>P0")
    after = nl.apply(nl.apply(state, nl.Move.parse("1:JD@P3>P0")), nl.Move.parse("1:QC@P3>P1"))
    assert after.seats[1].work_piles[3] == tuple(nl.Card.parse(c, owner=1) for c in ("KS", "9H"))
    assert after.seats[1].face_down_counts[3] == 1


# --- the search without jokers, and the bot's planner -------------------------------------------


def test_the_stuck_search_slides_a_card_under_a_pile_as_its_new_base() -> None:
    """J♦ under 10♠ becomes that pile's base, and the waste top Q♠ slides under it."""
    state = joker_seat(
        work=["QC.JD", "10S"],
        waste_top="QS",
        jokers_per_deck=0,
        slide_under="always",
    )
    assert stuck_by_search(state, 1) is False
    assert plan_progress(state, 1) == nl.Move.parse("1:JD@P0>U1")


@pytest.mark.parametrize(("source", "nerts", "waste_top"), [("N", "8C", "KD"), ("W", "", "8C")])
def test_a_joker_layouts_plan_uses_its_nerts_and_waste_tops(
    source: str, nerts: str, waste_top: str
) -> None:
    """X1 (a black 8 on 9♥) moves onto 6♦ as a black 5; then 8♣ goes onto the 9♥."""
    state = joker_seat(work=["9H.X1", "6D"], waste_top=waste_top, nerts=nerts)
    assert nl.Move.parse(f"1:8C@{source}>P0") not in nl.legal_moves(state, 1)
    assert plan_progress(state, 1) == nl.Move.parse("1:X1@P0>P1")


def test_an_empty_nerts_pile_is_no_card_for_the_planner() -> None:
    """Seat 0 has no Nerts card (card id 1 would be its 2♣, which the clubs need)."""
    state = position(foundations=["AC0"], work={0: ["KS", "QD", "", ""]}, stock={0: "9H"})
    assert plan_progress(state, 0) == nl.Move.turn(0)


def test_the_planner_slides_only_when_the_variant_lets_it() -> None:
    """Without sliding, seat 1 is stuck (J♠ under 10♦ would uncover the Q♥ the hearts need)."""
    state = joker_seat(
        work=["QH.JS", "10D", ""],
        waste_top="KD",
        hearts_to=11,
        jokers_per_deck=0,
        space_fill="nerts_only",
        slide_under="off",
    )
    assert plan_progress(state, 1) is None


def test_the_planners_first_step_is_a_legal_move() -> None:
    """8♠ onto 9♥ uncovers the 9♦ the diamonds need; J♠ may not slide under 10♦ (off)."""
    state = joker_seat(
        work=["QH.JS", "10D", "", "9D.8S", "9H"],
        waste_top="KD",
        hearts_to=11,
        diamonds_to=8,
        jokers_per_deck=0,
        space_fill="nerts_only",
        slide_under="off",
    )
    step = plan_progress(state, 1)
    assert step == nl.Move.parse("1:8S@P3>P4")
    assert step in nl.legal_moves(state, 1)


def ids(*codes: str) -> tuple[int, ...]:
    return tuple(nl.Card.parse(c, owner=0).id for c in codes)


def test_one_space_lays_every_card_bare_only_when_any_suffix_may_move() -> None:
    """Top cards only: 10♦ into the space bares J♠, but J♠ has nowhere to go, so Q♥ stays
    covered. With any suffix, J♠ 10♦ moves into the space together and Q♥ is bare."""
    work = (ids("QH", "JS", "10D"), ())
    queen = ids("QH")[0]
    top_card = work_summary(work, "any", "off", "top_card")
    assert top_card == set(ids("10D", "JS"))
    any_suffix = work_summary(work, "any", "off", "any_suffix")
    assert queen in any_suffix


def test_one_space_does_not_end_a_search_that_can_turn_cards_up() -> None:
    """Klondike: 10♣ into the space turns up the 9♥ below it."""
    summary = work_summary((ids("10C"), ()), "any", "off", "any_suffix", (ids("9H"), ()))
    assert ids("9H")[0] in summary


# --- stuck detection without jokers: the Nerts top, sliding, caches --------------------------


def test_the_nerts_top_onto_a_work_pile_is_progress() -> None:
    state = joker_seat(work=["10S"], nerts="9H", waste_top="KD", jokers_per_deck=0)
    assert stuck_by_search(state, 1) is False


def test_a_nerts_top_that_fits_under_nothing_is_no_progress() -> None:
    state = joker_seat(
        work=["QS"], nerts="9H", waste_top="KC", jokers_per_deck=0, slide_under="always"
    )
    assert stuck_by_search(state, 1) is True


@pytest.mark.parametrize(
    ("slide", "space_fill", "space", "stuck"),
    [
        ("always", "any", False, False),
        ("off", "any", False, True),
        ("needs_space", "any", False, True),
        # J♥ may not fill a King-only space, so it may not slide under either
        ("needs_space", "king_only", True, True),
    ],
)
def test_the_nerts_top_slides_under_a_base_only_when_the_variant_lets_it(
    slide: str, space_fill: str, space: bool, stuck: bool
) -> None:
    """J♥ under 10♣; the waste top Q♦ fits nowhere."""
    state = joker_seat(
        work=["10C", ""] if space else ["10C"],
        nerts="JH",
        waste_top="QD",
        jokers_per_deck=0,
        space_fill=space_fill,
        slide_under=slide,
    )
    assert stuck_by_search(state, 1) is stuck


def test_seat_0s_ace_of_clubs_as_nerts_top_is_progress() -> None:
    """Card id 0 is seat 0's A♣: it starts the clubs, the seat's only play."""
    complete = [".".join(f"{r}{s}0" for r in RANKS) for s in "DHS"]
    state = position(
        nl.Variant(max_stock_passes=1, work_piles=1),
        foundations=complete,
        nerts={0: "AC"},
        work={0: ["KC"]},
        waste={0: ".".join(f"{r}C" for r in RANKS[1:12])},
        passes={0: 1},
    )
    assert stuck_by_search(state, 0) is False


@pytest.mark.parametrize("same_suit_first", [True, False])
def test_stuck_detection_does_not_mix_up_build_rules(same_suit_first: bool) -> None:
    """Hearts stand at A♥: any 2 goes up under ``any_suit``, only 2♥ under ``same_suit``."""
    args = {"work": ["2S"], "waste_top": "KD", "hearts_to": 1, "jokers_per_deck": 0}
    any_suit = joker_seat(**args, foundation_build="any_suit")  # type: ignore[arg-type]
    same_suit = joker_seat(**args)  # type: ignore[arg-type]
    if same_suit_first:
        assert [stuck_by_search(same_suit, 1), stuck_by_search(any_suit, 1)] == [True, False]
    else:
        assert [stuck_by_search(any_suit, 1), stuck_by_search(same_suit, 1)] == [False, True]


def test_a_summary_is_shared_only_where_every_move_can_be_undone() -> None:
    """Spaces only for the Nerts pile: 9♥ onto 10♠ covers the 10♠ for good."""
    rules = ("nerts_only", "off", "any_suffix")
    start = (ids("10S"), ids("9H"), ())
    after = (ids("10S", "9H"), (), ())
    assert ids("10S")[0] in work_summary(start, *rules)
    assert ids("10S")[0] not in work_summary(after, *rules)


def test_the_work_search_ends_on_cycles_that_avoid_the_start() -> None:
    """9♥ moves between 10♠ and 10♣ for ever; King-only spaces take no shortcut."""
    summary = work_summary((ids("9H"), ids("10S"), ids("10C")), "king_only", "off", "any_suffix")
    assert summary == set(ids("9H", "10S", "10C"))


def test_top_card_moves_go_into_spaces() -> None:
    top_card = position(nl.Variant(work_pile_move="top_card"), work={0: ["QH.JS", "", "KD", "KC"]})
    assert nl.Move.parse("0:JS@P0>P1") in nl.legal_moves(top_card, 0)
    kings = position(
        nl.Variant(work_pile_move="top_card", space_fill="king_only"),
        work={0: ["KS", "", "QD", "QC"]},
    )
    assert nl.Move.parse("0:KS@P0>P1") in nl.legal_moves(kings, 0)


# --- the waste tops of a pass -----------------------------------------------------------------

RUNS = [  # three runs King to Ace in alternating colours: 39 cards that can never move
    "KS.QH.JC.10D.9S.8H.7C.6D.5S.4H.3C.2D.AS",
    "KH.QS.JD.10C.9H.8S.7D.6C.5H.4S.3D.2C.AH",
    "KC.QD.JS.10H.9C.8D.7S.6H.5C.4D.3S.2H.AC",
]


def pass_seat(variant: nl.Variant, waste: str, stock: str, passes: int) -> nl.GameState:
    """Seat 1's only play is 9♦ onto its 10♠, when 9♦ shows on the waste.

    Seat 0's cards complete every foundation (``one_per_suit``); seat 1 holds three runs that
    never move, the 10♠, a Nerts pile under 4♣, and the given waste and stock (the rest of the
    13 cards of the fourth run).
    """
    complete = [".".join(f"{r}{s}0" for r in RANKS) for s in "CDHS"]
    return position(
        variant,
        seats=2,
        foundations=complete,
        nerts={1: "KD.QC.JH.8C.7H.6S.5D.4C"},
        work={1: [*RUNS, "10S"]},
        waste={1: waste},
        stock={1: stock},
        passes={0: 0, 1: passes},
    )


def test_a_one_card_turn_shows_the_last_stock_card() -> None:
    variant = nl.Variant(
        stock_turn=1, stock_remainder="flip_immediately", foundation_limit="one_per_suit"
    )
    state = pass_seat(variant, "3H.2S.AD", "9D", 0)
    assert (len(state.seats[1].stock), len(state.seats[1].waste)) == (1, 3)
    assert stuck_by_search(state, 1) is False


def test_with_no_pass_left_the_remainder_turns_up_and_nothing_flips_over() -> None:
    """Two cards left under a three-card turn: they turn up together (A♦ on top), 9♦ never."""
    variant = nl.Variant(
        stock_remainder="flip_immediately", max_stock_passes=0, foundation_limit="one_per_suit"
    )
    state = pass_seat(variant, "3H.2S", "AD.9D", 0)
    assert stuck_by_search(state, 1) is True
    assert waste_tops(state.seats[1], state.ctx) == {
        nl.Card.parse(c, owner=1).id for c in ("2S", "AD")
    }


def test_a_seat_that_must_fill_a_space_is_not_stuck() -> None:
    state = position("racing_demon", nerts={0: "9C"}, work={0: ["9S", "", "KD", "QC"]})
    assert nl.legal_moves(state, 0) == (nl.Move.parse("0:9C@N>P1"),)
    assert stuck_by_search(state, 0) is False


def test_the_stuck_search_moves_a_long_run_into_a_space() -> None:
    """Seat 1 holds four runs King to Ace and one space: 8♣ down to A♦ into the space bares the
    9♦ the diamonds need (nothing else ever plays)."""
    fourth = "KD.QC.JH.10S.9D.8C.7H.6S.5D.4C.3H.2S.AD"
    complete = [".".join(f"{r}{s}0" for r in RANKS) for s in "CHS"]
    diamonds = ".".join(f"{r}D0" for r in RANKS[:8])
    state = position(
        nl.Variant(work_piles=5, foundation_limit="one_per_suit"),
        seats=2,
        foundations=[complete[0], diamonds, *complete[1:]],
        work={1: [*RUNS, fourth, ""]},
        waste={0: ".".join(f"{r}D" for r in RANKS[8:])},
        stock={1: ""},
        passes={0: 0, 1: 0},
    )
    assert (state.seats[1].stock, state.seats[1].waste, state.seats[1].nerts_pile) == ((), (), ())
    assert stuck_by_search(state, 1) is False
