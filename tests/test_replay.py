"""Replays (nertslib.replay), recording hands (bots.record_hand) and ``nerts replay``."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest
from hypothesis import event, given
from hypothesis import strategies as st

import nertslib as nl
from nertslib import cli
from nertslib.bots import record_hand
from nertslib.render import table
from nertslib.replay import NOTE_PREFIX, RESOLVE, Batch, Replay, SystemStep, step
from nertslib.serialize import from_json, to_data, to_json
from tests.strategies import variants

STUCK_SEED = 31  # a 1-seat standard hand in which the greedy bot gets stuck early


def played(variant: str, seats: int, seed: int) -> tuple[nl.GameState, tuple[nl.Move | None, ...]]:
    return nl.play_hand(nl.deal(variant, seats, seed), [nl.greedy_bot] * seats)


# --- the system step -------------------------------------------------------------------------


def test_resolve():
    assert RESOLVE is SystemStep.RESOLVE
    assert RESOLVE.value == "resolve"
    assert repr(RESOLVE) == "SystemStep.RESOLVE"
    assert [m.name for m in SystemStep] == ["RESOLVE"]
    assert NOTE_PREFIX == "while replaying "


def test_step():
    state = nl.deal("standard", 2, 4)
    move = nl.legal_moves(state, 1)[0]
    assert step(state, move) == nl.apply(state, move)
    final, log = played("standard", 1, STUCK_SEED)
    before = nl.deal("standard", 1, STUCK_SEED)
    for logged in log[: log.index(None)]:
        assert logged is not None
        before = nl.apply(before, logged)
    assert step(before, RESOLVE) == nl.resolve_stalemate(before)
    with pytest.raises(nl.NertsError, match=r"^not every seat is stuck: seat 0 can still"):
        step(state, RESOLVE)
    with pytest.raises(
        ValueError, match=r"^a replay event is a Move, a Batch or RESOLVE, got '0:turn'$"
    ):
        step(state, "0:turn")  # type: ignore[arg-type]
    with pytest.raises(
        ValueError, match=r"^a replay event is a Move, a Batch or RESOLVE, got None$"
    ):
        step(state, None)  # type: ignore[arg-type]
    with pytest.raises(nl.IllegalMoveError) as info:
        step(final, nl.Move.turn(0))
    assert info.value.reason is nl.Reason.HAND_OVER


# --- building and reading replays -------------------------------------------------------------


def test_empty_replay():
    replay = Replay(nl.Variant(), 2, 4)
    assert replay.events == ()
    assert replay.start() == nl.deal("standard", 2, 4)
    assert replay.final() == replay.start()
    assert list(replay.states()) == [replay.start()]
    assert (
        repr(replay) == "Replay(variant=Variant.from_spec('standard'), seats=2, seed=4, events=())"
    )


def test_replay_of_a_whole_hand():
    final, log = played("standard", 1, STUCK_SEED)
    replay = Replay.record("standard", 1, STUCK_SEED, log)
    assert replay.events == tuple(RESOLVE if m is None else m for m in log)
    assert replay.final() == final
    states = list(replay.states())
    assert len(states) == len(log) + 1
    assert states[0] == nl.deal("standard", 1, STUCK_SEED)
    assert states[-1] == final
    for before, ev, after in zip(states[:-1], replay.events, states[1:], strict=True):
        assert step(before, ev) == after
    assert nl.outcome(replay.final()) == nl.outcome(final)


def test_repr_rebuilds():
    _, log = played("standard", 1, STUCK_SEED)
    replay = Replay.record(nl.Variant(), 1, STUCK_SEED, log[: log.index(None) + 2])
    assert RESOLVE in replay.events
    text = repr(replay)
    assert text.startswith(
        "Replay(variant=Variant.from_spec('standard'), seats=1, seed=31, events=(Move.parse("
    )
    assert "SystemStep.RESOLVE" in text
    assert "_last" not in text
    names = {"Replay": Replay, "Variant": nl.Variant, "Move": nl.Move, "SystemStep": SystemStep}
    assert eval(text, names) == replay


def test_equality_ignores_the_kept_state():
    a = Replay.record("standard", 2, 4, ["0:turn"])
    b = Replay(nl.Variant(), 2, 4).append(nl.Move.turn(0))
    assert a == b
    assert hash(a) == hash(b)
    assert a.final() == b.final()
    assert a != Replay.record("standard", 2, 4, ["1:turn"])
    assert a != Replay.record("standard", 2, 5, ["0:turn"])
    assert Replay(nl.variants.get("nna"), 2, 4) != Replay(nl.Variant(), 2, 4)
    assert Replay(nl.Variant(), 1, 4) != Replay(nl.Variant(), 2, 4)
    assert len({a, b}) == 1


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"variant": "standard"}, "Replay.variant must be a Variant; got 'standard'"),
        ({"variant": None}, "Replay.variant must be a Variant; got None"),
        ({"seats": 0}, "Replay.seats must be an int 1..8; got 0"),
        ({"seats": 9}, "Replay.seats must be an int 1..8; got 9"),
        ({"seats": True}, "Replay.seats must be an int 1..8; got True"),
        ({"seats": 2.0}, "Replay.seats must be an int 1..8; got 2.0"),
        ({"seed": -1}, "Replay.seed must be an int from 0 to 2**64 - 1; got -1"),
        ({"seed": 1.0}, "Replay.seed must be an int from 0 to 2**64 - 1; got 1.0"),
        ({"seed": False}, "Replay.seed must be an int from 0 to 2**64 - 1; got False"),
        (
            {"events": (nl.Move.turn(0), "0:turn")},
            "Replay.events[1] must be a Move, a Batch or RESOLVE; got '0:turn'",
        ),
        ({"events": (None,)}, "Replay.events[0] must be a Move, a Batch or RESOLVE; got None"),
        (
            {"variant": nl.Variant(teams=((0,), (1,), (2,)))},
            "Variant.teams ((0,), (1,), (2,)) must group exactly seats 0..1",
        ),
    ],
)
def test_invalid_replays(kwargs, message):
    fields = {"variant": nl.Variant(), "seats": 2, "seed": 4, "events": ()} | kwargs
    with pytest.raises(ValueError, match=r"^(Replay|Variant)\.") as info:
        Replay(**fields)
    assert str(info.value) == message


def test_illegal_events_raise_the_engine_errors():
    with pytest.raises(nl.IllegalMoveError) as info:
        Replay(nl.Variant(), 2, 4, (nl.Move.turn(0), nl.Move.turn(1), nl.Move.restock(1)))
    assert info.value.reason is nl.Reason.STOCK_NOT_EMPTY
    assert info.value.move == nl.Move.restock(1)
    assert info.value.__notes__ == ["while replaying events[2]"]
    with pytest.raises(nl.NertsError) as resolve_info:
        Replay.record("standard", 2, 4, ["0:turn", "resolve"])
    assert str(resolve_info.value) == "not every seat is stuck: seat 0 can still make progress"
    assert resolve_info.value.__notes__ == ["while replaying events[1]"]
    assert not isinstance(resolve_info.value, nl.IllegalMoveError)


def test_events_after_the_end_are_refused():
    final, log = played("standard", 2, 4)
    replay = Replay.record("standard", 2, 4, log)
    with pytest.raises(nl.IllegalMoveError) as info:
        replay.append(nl.Move.turn(0))
    assert info.value.reason is nl.Reason.HAND_OVER
    with pytest.raises(nl.IllegalMoveError) as info:
        Replay.record("standard", 2, 4, [*log, nl.Move.turn(0)])
    assert info.value.__notes__ == [f"while replaying events[{len(log)}]"]
    with pytest.raises(nl.NertsError, match=r"^the hand is over$"):
        replay.append(RESOLVE)
    assert replay.final() == final


def test_append():
    replay = Replay.record("standard", 2, 4)
    state = replay.start()
    for _ in range(30):
        seat = len(replay.events) % 2
        move = nl.legal_moves(state, seat)[-1]
        longer = replay.append(move)
        assert longer.events == (*replay.events, move)
        assert replay.events == longer.events[:-1]  # unchanged
        state = nl.apply(state, move)
        assert longer.final() == state
        replay = longer
    assert replay == Replay(nl.Variant(), 2, 4, replay.events)
    assert list(replay.states())[-1] == state


def test_append_refuses_illegal_events():
    replay = Replay.record("standard", 1, 3)
    with pytest.raises(nl.IllegalMoveError) as info:
        replay.append(nl.Move.parse("0:3S@W>P0"))
    assert str(info.value) == "illegal move 0:3S@W>P0: seat 0's waste is empty"
    assert info.value.reason is nl.Reason.EMPTY_SOURCE
    assert not getattr(info.value, "__notes__", [])
    with pytest.raises(
        ValueError, match=r"^a replay event is a Move, a Batch or RESOLVE, got 'x'$"
    ):
        replay.append("x")  # type: ignore[arg-type]
    with pytest.raises(nl.NertsError, match=r"^not every seat is stuck"):
        replay.append(RESOLVE)
    assert replay.events == ()


def test_evolve_checks_again():
    replay = Replay.record("standard", 2, 4, ["0:turn", "0:turn"])
    assert attrs.evolve(replay, events=()).final() == replay.start()
    other = attrs.evolve(replay, seed=5)
    assert other.final() == nl.apply(
        nl.apply(nl.deal("standard", 2, 5), nl.Move.turn(0)), nl.Move.turn(0)
    )
    moved = Replay.record("standard", 2, 4, [nl.legal_moves(nl.deal("standard", 2, 4), 0)[0]])
    with pytest.raises(nl.IllegalMoveError):
        attrs.evolve(moved, seed=6)


def test_record():
    a = Replay.record("racing_demon", 2, 4, ["0:turn", nl.Move.turn(1)])
    assert a.variant == nl.variants.get("racing_demon")
    assert a.events == (nl.Move.turn(0), nl.Move.turn(1))
    assert Replay.record(nl.variants.get("racing_demon"), 2, 4, iter(a.events)) == a
    with pytest.raises(ValueError, match=r"^not a move: '0:trun'"):
        Replay.record("standard", 2, 4, ["0:trun"])
    with pytest.raises(ValueError, match=r"unknown"):
        Replay.record("chess", 2, 4)
    # a batch given as a tuple, a list or a Batch, of moves or notations, is one Batch
    batch = Batch((nl.Move.turn(0), nl.Move.turn(1)))
    for written in ((nl.Move.turn(0), nl.Move.turn(1)), ["0:turn", "1:turn"], ("0:turn", "1:turn")):
        assert Replay.record("standard", 2, 4, [written]).events == (batch,)
    assert Replay.record("standard", 2, 4, [batch]).events == (batch,)
    _, log = played("standard", 1, STUCK_SEED)
    with_words = ["resolve" if m is None else str(m) for m in log]
    assert Replay.record("standard", 1, STUCK_SEED, with_words) == Replay.record(
        "standard", 1, STUCK_SEED, log
    )


def test_record_hand():
    final, log = played("standard", 3, 2)
    replay = record_hand("standard", 3, 2, [nl.greedy_bot] * 3)
    assert replay == Replay.record("standard", 3, 2, log)
    _, log = played("standard", 2, 4)
    assert replay.final() == final
    assert replay.variant is nl.variants.get("standard")
    stuck = record_hand(nl.Variant(), 1, STUCK_SEED, [nl.greedy_bot])
    assert RESOLVE in stuck.events
    short = record_hand("standard", 2, 4, [nl.greedy_bot] * 2, max_actions=7)
    assert len(short.events) == 7
    assert short.events == Replay.record("standard", 2, 4, log[:7]).events
    assert not short.final().is_over
    assert short == Replay.record("standard", 2, 4, short.events)
    assert short.final() == Replay.record("standard", 2, 4, short.events).final()
    with pytest.raises(ValueError, match=r"^need one bot per seat: 2 seats, 1 bots$"):
        record_hand("standard", 2, 4, [nl.greedy_bot])


@given(
    variant=variants(),
    seats=st.integers(1, 4),
    seed=st.integers(0, 2**32),
    greedy=st.lists(st.integers(0, 3).map(bool), min_size=4, max_size=4),
    limit=st.integers(0, 400),
)
def test_recorded_hands_replay_exactly(variant, seats, seed, greedy, limit):
    bots = [nl.greedy_bot if greedy[s] else nl.RandomBot(seed + s) for s in range(seats)]
    start = nl.deal(variant, seats, seed)
    final, log = nl.play_hand(start, bots, max_actions=limit)
    bots = [nl.greedy_bot if greedy[s] else nl.RandomBot(seed + s) for s in range(seats)]
    replay = record_hand(variant, seats, seed, bots, max_actions=limit)
    event(f"{'ended' if final.is_over else 'in play'}, {'with' if None in log else 'no'} resolve")
    assert replay.final() == final
    text = to_json(replay)
    back = from_json(text, Replay)
    assert back == replay
    assert back.final() == final
    assert to_json(back) == text
    assert json.loads(text)["events"] == ["resolve" if m is None else str(m) for m in log]
    state = start
    for logged, rebuilt in zip(log, list(back.states())[1:], strict=True):
        state = nl.resolve_stalemate(state) if logged is None else nl.apply(state, logged)
        assert rebuilt == state


def test_a_long_replay_appends_without_replaying():
    final, log = played("standard", 4, 7)
    replay = Replay.record("standard", 4, 7)
    for logged in log:
        replay = replay.append(RESOLVE if logged is None else logged)
    assert replay.final() == final
    assert len(replay.events) == len(log)


# --- the command line ------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    assert err == ""
    assert code == 0
    return out


def actions(replay: Replay) -> tuple[nl.Move | None, ...]:
    """The replay's actions as play_hand logs them: None for RESOLVE, a batch move by move."""
    log: list[nl.Move | None] = []
    for step_ in replay.events:
        if isinstance(step_, Batch):
            log.extend(step_.moves)
        else:
            log.append(step_ if isinstance(step_, nl.Move) else None)
    return tuple(log)


def summary(final: nl.GameState, log: tuple[nl.Move | None, ...]) -> str:
    result = nl.outcome(final)
    scores = nl.hand_scores(final) if result is None else result.scores
    rows = []
    for seat in range(len(final.seats)):
        own_moves = sum(1 for m in log if m is not None and m.seat == seat)
        on_fnd = sum(1 for p in final.foundations for c in p if c.owner == seat)
        rows.append([seat, own_moves, on_fnd, len(final.seats[seat].nerts_pile), scores[seat]])
    head = ["seat", "moves", "on foundations", "left in Nerts pile", "score"]
    if result is None:
        end = f"The hand is still in play after {len(log)} actions."
    elif result.reason is nl.EndReason.NERTS:
        end = f"Seat {result.caller} called Nerts after {len(log)} actions."
    else:
        end = f"Stalemate after {len(log)} actions."
    return f"{final}\n\n{table(head, rows)}\n\n{end}\n"


def test_demo_save_writes_the_replay(capsys, tmp_path):
    path = tmp_path / "hand.json"
    plain = run(capsys, "demo", "--seats", "2", "--seed", "4")
    out = run(capsys, "demo", "--seats", "2", "--seed", "4", "--save", str(path))
    assert out == plain + f"Replay saved to {path}.\n"
    text = path.read_text(encoding="utf-8")
    replay = record_hand("standard", 2, 4, [nl.greedy_bot] * 2)
    assert text == to_json(replay, indent=2) + "\n"
    assert text.startswith('{\n  "schema": 1,\n  "type": "replay",\n  "rules_version": 1,\n')
    assert from_json(text, Replay) == replay


def test_demo_save_to_an_unwritable_place(capsys, tmp_path):
    path = tmp_path / "missing" / "hand.json"
    code = cli.main(["demo", "--seats", "1", "--seed", "0", "--moves", "0", "--save", str(path)])
    out, err = capsys.readouterr()
    assert code == 1
    assert err.startswith(f"nerts demo: error: cannot write {path}: [Errno 2] No such file")
    assert "Replay saved" not in out
    assert not path.exists()


def test_replay_command(capsys, tmp_path):
    path = tmp_path / "hand.json"
    run(capsys, "demo", "--seats", "2", "--seed", "4", "--save", str(path))
    final, log = played("standard", 2, 4)
    out = run(capsys, "replay", str(path))
    assert out == (
        f"Nerts replay: standard, 2 seats, seed 4, {len(log)} events\n\n" + summary(final, log)
    )
    demo = run(capsys, "demo", "--seats", "2", "--seed", "4", "--moves", "0")
    assert demo.split("\n", 1)[1] == out.split("\n", 1)[1]


def test_replay_command_lists_events(capsys, tmp_path):
    path = tmp_path / "stuck.json"
    replay = record_hand("standard", 1, STUCK_SEED, [nl.greedy_bot])
    path.write_text(to_json(replay), encoding="utf-8")
    out = run(capsys, "replay", str(path), "--moves")
    log = actions(replay)
    rows = [[i + 1, "resolve" if e is RESOLVE else str(e)] for i, e in enumerate(replay.events)]
    assert out == (
        f"Nerts replay: standard, 1 seats, seed {STUCK_SEED}, {len(log)} events\n\n"
        f"{table(['#', 'event'], rows)}\n\n" + summary(replay.final(), log)
    )
    width = len(str(len(log)))
    assert f"\n{log.index(None) + 1:>{width}}  resolve\n" in out


def test_replay_command_on_an_unfinished_hand(capsys, tmp_path):
    path = tmp_path / "part.json"
    replay = Replay.record(nl.Variant(stock_turn=1), 3, 2, ["0:turn", "2:turn", "0:turn"])
    path.write_text(to_json(replay), encoding="utf-8")
    out = run(capsys, "replay", str(path), "--moves")
    rows = [[1, "0:turn"], [2, "2:turn"], [3, "0:turn"]]
    log = actions(replay)
    assert out == (
        "Nerts replay: standard,stock_turn=1, 3 seats, seed 2, 3 events\n\n"
        f"{table(['#', 'event'], rows)}\n\n" + summary(replay.final(), log)
    )
    assert out.endswith("\nThe hand is still in play after 3 actions.\n")
    assert "\n   0      2               0                  13    -26\n" in out


def test_replay_command_without_events(capsys, tmp_path):
    path = tmp_path / "empty.json"
    path.write_text(to_json(Replay.record("nna", 1, 0)), encoding="utf-8")
    out = run(capsys, "replay", str(path), "--moves")
    start = nl.deal("nna", 1, 0)
    assert out == "Nerts replay: nna, 1 seats, seed 0, 0 events\n\n" + summary(start, ())
    assert " #  event" not in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            "{",
            "not JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)",
        ),
        (to_json(nl.Move.turn(0)), "type: expected 'replay', got 'move'"),
        (
            json.dumps({**to_data(Replay.record("standard", 1, 0)), "events": ["0:restock"]}),
            "events[0]: illegal move 0:restock: seat 0 still has 35 stock card(s)",
        ),
    ],
)
def test_replay_command_errors(capsys, tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"nerts replay: error: {path}: {message}\n"


def test_replay_command_missing_file(capsys, tmp_path):
    path = tmp_path / "nothing.json"
    assert cli.main(["replay", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"nerts replay: error: cannot read {path}: [Errno 2] No such file or directory: '{path}'\n"
    )
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe")
    assert cli.main(["replay", str(binary)]) == 1
    _, err = capsys.readouterr()
    assert err.startswith(f"nerts replay: error: cannot read {binary}: 'utf-8' codec")


def test_replay_help(capsys):
    assert cli.main(["replay", "--help"]) == 0
    out, _ = capsys.readouterr()
    assert "FILE" in out
    assert "--moves" in out
    assert cli.main(["demo", "--help"]) == 0
    out, _ = capsys.readouterr()
    assert "--save FILE" in out


def test_saved_file_is_readable_json(capsys, tmp_path):
    path = tmp_path / "r.json"
    run(capsys, "demo", "--seats", "1", "--seed", "1", "--moves", "0", "--save", str(path))
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    assert (data["schema"], data["type"], data["rules_version"]) == (1, "replay", 1)
    assert (data["seats"], data["seed"]) == (1, 1)
    assert data["variant"] == nl.Variant().to_dict()
    assert data["events"][-1] == "resolve"


# --- batches: moves submitted together, ties kept -----------------------------------------------

TIE_SEED = 29  # 2 seats: seat 0 starts the spades with its A♠; both seats hold a 2♠ in reach
ACE, TIE = "0:AS@P3>F+", ["0:2S@N>F0", "1:2S@P1>F0"]


def test_a_batch_keeps_a_tie_that_two_moves_would_lose():
    replay = Replay.record("standard", 2, TIE_SEED, [ACE, TIE])
    assert replay.events == (nl.Move.parse(ACE), Batch(nl.Move.parse(m) for m in TIE))
    assert [f"{c}/{c.owner}" for c in replay.final().foundations[0]] == ["A♠/0", "2♠/0", "2♠/1"]
    with pytest.raises(nl.RaceLostError):
        Replay.record("standard", 2, TIE_SEED, [ACE, *TIE])
    assert str(replay.events[1]) == "[0:2S@N>F0, 1:2S@P1>F0]"
    assert eval(repr(replay.events[1]), {"Batch": Batch, "Move": nl.Move}) == replay.events[1]


def test_a_batch_with_a_refused_move_is_refused_and_names_it():
    with pytest.raises(nl.IllegalMoveError) as info:
        Replay.record("standard", 2, TIE_SEED, [ACE, [*TIE, "1:restock"]])
    assert info.value.reason is nl.Reason.STOCK_NOT_EMPTY
    assert info.value.__notes__ == ["in the batch's moves[2]", f"{NOTE_PREFIX}events[1]"]


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ([], "a Batch holds at least one move; got none"),
        ([1], "Batch.moves[0] must be a Move; got 1"),
        (5, "Batch.moves must be an iterable of Moves; got 5"),
    ],
)
def test_invalid_batches(moves, message):
    with pytest.raises(ValueError, match=r"Batch") as info:
        Batch(moves)
    assert str(info.value) == message


def test_batches_in_json():
    replay = Replay.record("standard", 2, TIE_SEED, [ACE, TIE])
    data = to_data(replay)
    assert data["events"] == [ACE, TIE]
    assert from_json(to_json(replay)) == replay
    data["events"] = [ACE, []]
    with pytest.raises(
        nl.SerializationError, match=r"^events\[1\]: expected a batch of one or more moves"
    ):
        from_json(json.dumps(data))
    data["events"] = [ACE, [TIE[0], "1:restock"]]
    with pytest.raises(nl.SerializationError, match=r"^events\[1\]\[1\]: illegal move 1:restock: "):
        from_json(json.dumps(data))
    data["events"] = [ACE, [TIE[0], 7]]
    with pytest.raises(nl.SerializationError, match=r"^events\[1\]\[1\]: expected move notation"):
        from_json(json.dumps(data))


def test_replay_command_shows_a_batch_move_by_move(capsys, tmp_path):
    path = tmp_path / "tie.json"
    replay = Replay.record("standard", 2, TIE_SEED, [ACE, TIE])
    path.write_text(to_json(replay), encoding="utf-8")
    out = run(capsys, "replay", str(path), "--moves")
    log = (nl.Move.parse(ACE), *(nl.Move.parse(m) for m in TIE))
    rows = [[1, ACE], [2, "[0:2S@N>F0, 1:2S@P1>F0]"]]
    assert out == (
        f"Nerts replay: standard, 2 seats, seed {TIE_SEED}, 2 events\n\n"
        f"{table(['#', 'event'], rows)}\n\n" + summary(replay.final(), log)
    )
