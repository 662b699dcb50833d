"""The shared action encoding, observations and step (nertslib.adapters.encoding): no framework."""

import itertools
from typing import cast

import pytest

import nertslib as nl
from nertslib.adapters import encoding
from nertslib.adapters.encoding import (
    FOUNDATION_BASE,
    NEW_FOUNDATION,
    NUM_ACTIONS,
    PASS,
    UNDER_BASE,
    WORK_BASE,
    decode,
    describe,
    encode,
    legal_actions,
    observe,
)
from nertslib.cards import card_from_id
from tests.adapters.playouts import SPECS, positions


class np_like_int:  # noqa: N801 - stands for numpy's integer scalars (no numpy here)
    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def _moves(state: nl.GameState, seat: int) -> list[nl.Move]:
    return [m for m in nl.legal_moves(state, seat) if m.kind is not nl.MoveKind.ROTATE]


def test_action_blocks_tile_the_action_space():
    names = [describe(a) for a in range(NUM_ACTIONS)]
    assert len(set(names)) == NUM_ACTIONS
    assert 0 < FOUNDATION_BASE < WORK_BASE < UNDER_BASE < NUM_ACTIONS
    assert names[FOUNDATION_BASE] == "N>F0 as C"
    assert names[WORK_BASE - 1] == "P7>F+ as S"
    assert names[WORK_BASE] == "N>P0"
    assert names[UNDER_BASE - 1] == "P7x13>P7"
    assert names[NUM_ACTIONS - 1] == "P7>U7"
    assert describe(cast(int, np_like_int(WORK_BASE))) == "N>P0"
    for bad in (-1, NUM_ACTIONS, 2.0, "3", True):
        with pytest.raises(ValueError, match="an action is an int"):
            describe(cast(int, bad))


@pytest.mark.parametrize(("spec", "seats"), list(itertools.product(SPECS, (1, 2, 4))))
def test_every_legal_move_has_one_action_and_decodes_back(spec, seats):
    kinds = set()
    for state in positions(spec, seats, seed=seats * 11 + len(spec), steps=120):
        assert not nl.all_stuck(state)  # settle resolves everyone-stuck positions
        if state.is_over:
            assert all(legal_actions(state, seat) == () for seat in range(seats))
            continue
        low, high = encoding.score_bounds(state.variant)
        assert all(low <= s <= high for s in nl.hand_scores(state))
        for seat in range(seats):
            moves = _moves(state, seat)
            actions = [encode(state, m) for m in moves]
            assert len(set(actions)) == len(actions)
            assert legal_actions(state, seat) == tuple(sorted({PASS, *actions}))
            for move, action in zip(moves, actions, strict=True):
                assert decode(state, seat, action) == move
                kinds.add((move.kind, move.target, move.card is not None and move.card.is_joker))
    assert (nl.MoveKind.PLAY, nl.Zone.NEW_FOUNDATION, False) in kinds
    assert (nl.MoveKind.TURN, None, False) in kinds


def test_joker_declarations_are_encoded_with_their_suit():
    seen = 0
    for spec in SPECS[4:7]:
        for state in positions(spec, 2, seed=5, steps=200):
            for seat in range(2):
                for move in _moves(state, seat):
                    if move.card is not None and move.card.suit and move.card.is_declared:
                        action = encode(state, move)
                        assert describe(action).endswith(f"as {move.card.suit.code}")
                        assert decode(state, seat, action) == move
                        seen += 1
    assert seen > 0


def test_work_runs_and_slides_under_are_encoded():
    runs = unders = 0
    for state in positions(SPECS[7], 2, seed=3, steps=200):
        for seat in range(2):
            for move in _moves(state, seat):
                action = encode(state, move)
                if move.target is nl.Zone.UNDER:
                    unders += 1
                    assert action >= UNDER_BASE
                elif move.source is nl.Zone.WORK and move.target is nl.Zone.WORK:
                    own = nl.view(state, seat).own
                    assert own is not None
                    assert move.card is not None
                    pile = own.work[move.source_index]
                    depth = len(pile) - pile.index(move.card.id)
                    runs += depth > 1
                    assert describe(action).startswith(f"P{move.source_index}x{depth}>")
    assert runs > 0
    assert unders > 0


@pytest.mark.parametrize(("spec", "seats"), [("standard", 2), ("pounce", 3), (SPECS[4], 2)])
def test_changing_hidden_cards_changes_no_observation_or_mask(spec, seats):
    # long enough hands that seats get stuck (whether one is depends on its hidden stock)
    differing = 0
    for state in itertools.islice(positions(spec, seats, seed=1, steps=400), 0, None, 4):
        for seat in range(seats):
            seen = nl.view(state, seat)
            for k in (1, 2):
                other = nl.determinize(seen, k)
                differing += other != state
                assert observe(nl.view(other, seat)) == observe(seen)
                assert legal_actions(other, seat) == legal_actions(state, seat)
    assert differing > 0


def test_pass_waits_or_rotates_a_stuck_seat():
    state = encoding.new_hand("standard", seats=2, seed=1)
    assert decode(state, 0, PASS) is None
    stuck = 0
    for state in positions("standard", 2, seed=1, steps=600):
        for seat in range(2):
            if not state.is_over and nl.is_stuck(state, seat) and state.seats[seat].stock:
                assert decode(state, seat, PASS) == nl.Move.rotate(seat)
                assert encode(state, nl.Move.rotate(seat)) == PASS
                stuck += 1
    assert stuck > 0


def test_settle_gives_races_to_a_rotating_first_seat():
    variant = nl.Variant(tie_policy="first_wins")
    state = nl.apply(nl.deal(variant, seats=2, seed=29), nl.Move.parse("0:AS@P3>F+"))
    moves = [nl.Move.parse("0:2S@N>F0"), nl.Move.parse("1:2S@P1>F0")]
    assert all(nl.is_legal(state, m) for m in moves)
    for step, winner in ((0, 0), (1, 1), (2, 0)):
        after, rejected = encoding.settle(state, moves, step)
        lost = rejected[1 - winner]
        assert rejected[winner] is None
        assert lost is not None
        assert lost.reason is nl.Reason.RACE_LOST
        assert after.foundations[0][-1].owner == winner


def test_settle_resolves_everyone_stuck_until_the_hand_ends():
    resolved = False
    for state in positions("standard", 1, seed=4, steps=2000):
        assert not nl.all_stuck(state)
        resolved = resolved or state.resolutions > 0
    assert resolved
    assert state.is_over


def test_settle_checks_its_moves():
    state = encoding.new_hand("standard", seats=2, seed=1)
    with pytest.raises(ValueError, match="one entry per seat: 2 seats, 1 entries"):
        encoding.settle(state, [None], 0)
    with pytest.raises(ValueError, match="entry 0 of a step is a move of seat 1"):
        encoding.settle(state, [nl.Move.turn(1), None], 0)


@pytest.mark.parametrize(
    ("variant", "seats", "message"),
    [
        ("chess", 2, "unknown variant: 'chess'"),
        ("standard,stock_turn=2", 2, "stock_turn must be one of 1, 3; got 2"),
        (42, 2, "variant must be a Variant, a preset name or a spec string; got 42"),
        ("standard", 0, "the adapters play 1..8 seats; got 0"),
        ("standard", 9, "the adapters play 1..8 seats; got 9"),
        ("standard,teams=0+1", 3, "must group exactly seats 0..2"),
    ],
)
def test_unsupported_tables_are_refused(variant, seats, message):
    with pytest.raises(ValueError, match=message.replace("+", r"\+")):
        encoding.check_supported(variant, seats)


def test_decode_refuses_actions_naming_nothing():
    state = encoding.new_hand("standard", seats=2, seed=1)
    top = state.seats[0].work_piles[2][-1]  # A♥
    assert top == nl.Card.parse("AH", owner=0)
    as_clubs = FOUNDATION_BASE + (4 * 49 + NEW_FOUNDATION) * 4 + 0
    with pytest.raises(ValueError, match="AH cannot play as suit C"):
        decode(state, 0, as_clubs)
    with pytest.raises(ValueError, match="W holds 0"):
        decode(state, 0, WORK_BASE + 1 * 8)
    with pytest.raises(ValueError, match="P0 holds 1"):
        decode(state, 0, WORK_BASE + (2 + 0 * 13 + 1) * 8 + 1)  # two cards of pile 0
    with pytest.raises(ValueError, match="seat 2 does not play"):
        decode(state, 2, PASS)
    with pytest.raises(ValueError, match="an action is an int"):
        decode(state, 0, NUM_ACTIONS)


def test_a_joker_is_declared_for_the_foundation_it_goes_to():
    found = 0
    for state in positions(SPECS[4], 2, seed=9, steps=300):
        for seat in range(2):
            own = nl.view(state, seat).own
            assert own is not None
            tops = [own.nerts, own.waste, *own.work]
            for source, pile in enumerate(tops):
                if not pile or not card_from_id(pile[-1]).is_joker:
                    continue
                found += 1
                base = FOUNDATION_BASE + source * 49 * 4
                move = decode(state, seat, base + NEW_FOUNDATION * 4 + 2)
                assert move is not None
                assert move.card is not None
                assert move.card == nl.Card(seat, nl.Suit.HEARTS, 1, joker=move.card.joker)
                assert move.target is nl.Zone.NEW_FOUNDATION
                missing = len(state.foundations)
                with pytest.raises(ValueError, match=f"foundation {missing} does not exist"):
                    decode(state, seat, base + missing * 4 + 2)
    assert found > 0


def test_observation_marks_every_card_the_view_shows():
    state = nl.apply(encoding.new_hand("standard", seats=3, seed=8), nl.Move.turn(1))
    work = state.variant.work_pile_count(3)
    per_card = work + 4
    cards = 5 + 2 * work
    block = cards + 52 * per_card
    for seat in range(3):
        seen = nl.view(state, seat)
        obs = observe(seen)
        assert len(obs) == encoding.observation_size(state.variant, 3)
        assert all(0 <= x <= 127 for x in obs)
        own = state.seats[seat]
        assert obs[:5] == [13, 12, len(own.stock), len(own.waste), 0]
        top = own.nerts_top
        assert top is not None
        assert top.suit is not None
        slot = cards + (int(top.suit) * 13 + top.rank - 1) * per_card
        assert obs[slot : slot + per_card] == [1] + [0] * (per_card - 1)
        for k in range(3):
            sv = seen.seats[(seat + k) % 3]
            at = k * block + cards
            where = [obs[at + c * per_card : at + (c + 1) * per_card - 1] for c in range(52)]
            assert all(sum(w) <= 1 for w in where)
            shown = len(sv.nerts) + len(sv.waste) + sum(len(p) for p in sv.work)
            assert sum(map(sum, where)) == shown
    assert len(nl.view(state, 1).seats[1].waste) == 3
    assert len(nl.view(state, 0).seats[1].waste) == 1


def test_observation_marks_foundation_tops():
    state = nl.apply(encoding.new_hand("standard", seats=2, seed=1), nl.Move.parse("0:AH@P2>F+"))
    obs = observe(nl.view(state, 1), priority=1)
    fields = encoding.observation_fields("standard", 2)
    fnd = obs[fields["foundations"]]
    assert len(fnd) == 2 * 4 * 52
    assert [i for i, x in enumerate(fnd) if x] == [2 * 13 + 0]
    assert obs[-4:] == [0, 0, 0, 1]


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("seats", [1, 3])
def test_observation_fields_tile_the_observation_and_name_what_they_hold(spec, seats):
    fields = encoding.observation_fields(spec, seats)
    spans = list(fields.values())
    assert spans[0].start == 0
    assert all(a.stop == b.start for a, b in itertools.pairwise(spans))
    for state in itertools.islice(positions(spec, seats, seed=3, steps=80), 0, None, 20):
        for seat in range(seats):
            seen = nl.view(state, seat)
            obs = observe(seen, priority=seats - 1 - seat)
            assert spans[-1].stop == len(obs) == encoding.observation_size(state.variant, seats)
            assert obs[fields["priority"]] == [seats - 1 - seat]
            assert obs[fields["over"]] == [int(state.is_over)]
            for k in range(seats):
                sv = seen.seats[(seat + k) % seats]
                assert obs[fields[f"seat{k}.nerts_size"]] == [sv.nerts_size]
                assert obs[fields[f"seat{k}.waste_size"]] == [min(sv.waste_size, 127)]
                for j, pile in enumerate(sv.work):
                    assert obs[fields[f"seat{k}.work{j}.face_up"]] == [len(pile)]
    with pytest.raises(ValueError, match=r"priority must be an int in range\(2\)"):
        observe(nl.view(encoding.new_hand("standard", 2, 1), 0), priority=2)


def test_rewards_are_score_changes():
    state = encoding.new_hand("standard", seats=2, seed=1)
    after, _ = encoding.settle(state, [nl.Move.parse("0:AH@P2>F+"), nl.Move.turn(1)], 0)
    assert encoding.rewards(state, after) == (1, 0)
    assert encoding.score_bounds(nl.Variant(caller_bonus=10, king_bonus=3)) == (-26, 52 + 12 + 10)
    assert encoding.score_bounds(nl.Variant(foundation_points=0, nerts_penalty=0)) == (0, 1)


@pytest.mark.parametrize("spec", SPECS)
def test_a_seats_view_gives_the_same_actions_moves_and_codes_as_the_position(spec):
    compared = 0
    for state in itertools.islice(positions(spec, 2, seed=len(spec), steps=200), 0, None, 7):
        for seat in range(2):
            mine = nl.view(state, seat)
            actions = legal_actions(state, seat)
            assert legal_actions(mine, seat) == actions
            for action in actions[1:]:  # PASS is told apart below
                move = decode(state, seat, action)
                assert decode(mine, seat, action) == move
                assert move is not None
                assert encode(mine, move) == encode(state, move) == action
                compared += 1
            rotate = decode(mine, seat, PASS)
            assert rotate is None or nl.is_legal(state, rotate)
            assert (rotate is not None) == (not state.is_over and mine.proves_stuck(seat))
    assert compared > 20


def test_another_seats_view_is_refused():
    state = encoding.new_hand("standard", 2, seed=1)
    for seen in (nl.view(state, 1), nl.view(state, None)):
        with pytest.raises(nl.ViewSeatError, match="cannot tell the actions of seat 0"):
            legal_actions(seen, 0)
        with pytest.raises(ValueError, match="cannot tell the actions of seat 0"):
            decode(seen, 0, PASS)
