"""Tests for nertslib.simulate (the function) and ``nerts simulate`` (the command)."""

import csv
import io
import json
import math
import os
import statistics
import sys
import types

import pytest
from click.testing import CliRunner

import nertslib as nl
from nertslib.bots import make_bot
from nertslib.cli.app import nerts
from nertslib.cli.simulate_cmd import progress_bar
from nertslib.scoring import Z95
from nertslib.simulation import (
    HandResult,
    Settings,
    SimulationResult,
    bot_named,
    bot_names,
    run_chunk,
)


def without_timings(result: SimulationResult) -> dict[str, object]:
    data = result.to_data()
    del data["timings"]
    return data


def test_hands_are_play_hand_results():
    result = nl.simulate(12, seats=3, seed=5, workers=1)
    for d, hand in enumerate(result.hands):
        final, log = nl.play_hand(nl.deal("standard", 3, 5 + d), [nl.greedy_bot] * 3)
        assert (hand.task, hand.deal, hand.rotation) == (d, d, 0)
        assert hand.scores == nl.hand_scores(final)
        assert hand.moves == len(log)
        assert hand.cards_left == tuple(len(lay.nerts_pile) for lay in final.seats)
        out = nl.outcome(final)
        assert out is not None
        assert hand.caller == out.caller
        assert hand.end == out.reason.value
    assert result.by == "seat"
    for seat, row in enumerate(result.rows):
        scores = [h.scores[seat] for h in result.hands]
        assert row.name == str(seat)
        assert row.hands == 12
        assert row.mean == pytest.approx(statistics.fmean(scores))
        assert row.ci95 == pytest.approx(Z95 * statistics.stdev(scores) / math.sqrt(12))
        assert row.nerts_rate == pytest.approx(sum(h.caller == seat for h in result.hands) / 12)
        assert row.cards_left == pytest.approx(
            statistics.fmean(h.cards_left[seat] for h in result.hands)
        )
    assert result.moves_per_hand == pytest.approx(statistics.fmean(h.moves for h in result.hands))


@pytest.mark.parametrize("workers", [2, 3])
def test_results_do_not_depend_on_workers(workers):
    bots = ("greedy", "random", "greedy")
    one = nl.simulate(7, workers=1, seats=3, bots=bots, seed=9, paired=True)
    many = nl.simulate(7, workers=workers, seats=3, bots=bots, seed=9, paired=True)
    assert without_timings(one) == without_timings(many)
    assert (one.workers, many.workers) == (1, workers)


def test_paired_rotates_the_bots_over_the_seats():
    result = nl.simulate(
        3, seats=3, bots=("greedy", "random", "random"), seed=2, paired=True, workers=1
    )
    assert len(result.hands) == 9
    assert result.by == "bot"
    for hand in result.hands:
        assert hand.deal == hand.task // 3
        assert hand.rotation == hand.task % 3
        assert hand.bots == tuple(
            ("greedy", "random", "random")[(s + hand.rotation) % 3] for s in range(3)
        )
    greedy, random = result.rows
    assert (greedy.name, greedy.hands, random.name, random.hands) == ("greedy", 9, "random", 18)
    # each deal is played with greedy in every seat once
    for d in range(3):
        seats = sorted(h.bots.index("greedy") for h in result.hands if h.deal == d)
        assert seats == [0, 1, 2]
    assert greedy.mean > random.mean


def test_random_bots_are_seeded_by_hand():
    a = nl.simulate(4, seats=2, bots=("random",), seed=1, workers=1)
    b = nl.simulate(4, seats=2, bots=("random",), seed=1, workers=2)
    assert a.hands == b.hands
    c = run_chunk(Settings(hands=4, seats=2, bots=("random",), seed=1), 2, 4)
    assert c == a.hands[2:]


def test_variant_spec_and_settings_in_json():
    result = nl.simulate(2, seats=2, variant="standard,stock_turn=1", workers=1, seed=4)
    data = result.to_data()
    assert data["settings"] == {
        "hands": 2,
        "seats": 2,
        "variant": "standard,stock_turn=1",
        "bots": ["greedy", "greedy"],
        "seed": 4,
        "paired": False,
        "max_actions": 100_000,
    }
    assert [h["scores"] for h in data["hands"]] == [list(h.scores) for h in result.hands]
    assert data["timings"]["workers"] == 1
    assert data["timings"]["projected_million_seconds"] == pytest.approx(
        1e6 / result.hands_per_second
    )
    json.dumps(data)  # plain data


def test_unfinished_hands_are_counted():
    result = nl.simulate(2, seats=2, bots=("random",), max_actions=5, workers=1)
    assert result.unfinished == 2
    assert {h.end for h in result.hands} == {"unfinished"}
    assert all(h.moves == 5 for h in result.hands)


def test_stalemates_are_counted():
    result = nl.simulate(1, seats=1, seed=1, workers=1)  # deal 1 for one seat stalls
    assert result.hands[0].end == "stalemate"
    assert result.stalemate_rate == 1.0
    assert result.rows[0].ci95 is None


def test_progress_is_called_per_chunk():
    seen: list[int] = []
    nl.simulate(9, seats=2, workers=1, progress=seen.append)
    assert sum(seen) == 9
    assert seen


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": 0}, "hands must be an int >= 1; got 0"),
        ({"seats": 9}, "seats must be an int 1..8; got 9"),
        ({"bots": ("greedy", "greedy")}, "give one bot for every seat or one for all"),
        ({"bots": ("chess",)}, "unknown bot 'chess'; known bots: greedy"),
        ({"seed": -1}, "seed must be an int >= 0; got -1"),
        ({"workers": 0}, "workers must be an int >= 1; got 0"),
        ({"variant": "chess"}, "unknown variant: 'chess'"),
        ({"backend": "dask"}, "backend must be 'processes' or 'ray'; got 'dask'"),
    ],
)
def test_bad_settings(kwargs, message):
    args = {"hands": 2, "seats": 3, **kwargs}
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        nl.simulate(args.pop("hands"), **args)


def test_bot_lookup():
    assert {"greedy", "random"} <= set(bot_names())
    for seed in range(5):
        state = nl.deal("standard", 2, seed)
        mine = nl.view(state, 0)
        assert bot_named("greedy")(mine, 0) == nl.greedy_bot(mine, 0)
        assert bot_named("random", 3)(mine, 0) == bot_named("random", 3)(mine, 0)
        assert bot_named("random", seed)(mine, 0) in nl.legal_moves(state, 0)


def test_hand_result_data():
    hand = HandResult(0, 0, 0, ("greedy",), (3,), 0, "nerts", 10, (0,))
    assert hand.to_data() == {
        "task": 0,
        "deal": 0,
        "rotation": 0,
        "bots": ["greedy"],
        "scores": [3],
        "caller": 0,
        "end": "nerts",
        "moves": 10,
        "cards_left": [0],
    }


# --- the command -------------------------------------------------------------------------------


def invoke(*args: str):
    return CliRunner().invoke(nerts, ["simulate", *args], env={"COLUMNS": "120"})


def test_command_table(tmp_path):
    result = invoke("--hands", "20", "--seats", "2", "--seed", "3", "--workers", "1")
    assert result.exit_code == 0, result.output
    out = result.stdout
    sim = nl.simulate(20, seats=2, seed=3, workers=1)
    assert out.startswith("20 hands of standard, 2 seats, bots greedy,greedy, seed 3\n")
    for row in sim.rows:
        assert f"│ {row.name}    │ 20    │ {row.mean:.2f} " in out
        assert f"± {row.ci95:.2f}" in out
        assert f"{row.nerts_rate:.1%}" in out
    assert "Figures per seat" in out
    assert (
        f"stalemates {sim.stalemate_rate:.1%}, {sim.moves_per_hand:.1f} actions per hand\n" in out
    )
    assert "hands/s with 1 worker(s) (processes) and the " in out
    assert "a million hands would take about " in out
    assert result.stderr == ""  # no progress bar: stderr is not a terminal


def test_command_files(tmp_path):
    js, cs, png = tmp_path / "r.json", tmp_path / "r.csv", tmp_path / "r.png"
    args = ["--hands", "5", "--seats", "3", "--bots", "greedy,random,greedy", "--paired"]
    result = invoke(
        *args, "--workers", "2", "--json", str(js), "--csv", str(cs), "--plot", str(png)
    )
    assert result.exit_code == 0, result.output
    data = json.loads(js.read_text(encoding="utf-8"))
    sim = nl.simulate(5, seats=3, bots=("greedy", "random", "greedy"), paired=True, workers=1)
    expected = without_timings(sim)
    del data["timings"]
    assert data == json.loads(json.dumps(expected))
    rows = list(csv.DictReader(cs.read_text(encoding="utf-8").splitlines()))
    assert len(rows) == 15 * 3
    assert rows[0].keys() == {
        "task",
        "deal",
        "rotation",
        "seat",
        "bot",
        "score",
        "called",
        "cards_left",
        "end",
    }
    assert [int(r["score"]) for r in rows[:3]] == list(sim.hands[0].scores)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Figures per bot" in result.stdout


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--hands", "0"], "0 is not in the range x>=1"),
        (["--seats", "9"], "9 is not in the range 1<=x<=8"),
        (["--bots", "greedy,chess"], "unknown bot 'chess'; known bots: greedy"),
        (["--bots", "greedy,greedy", "--seats", "3"], "give one bot for every seat or one for all"),
        (["--variant", "standard,stock_turn=7"], "Variant.stock_turn must be one of 1, 3; got 7"),
        (["--workers", "0"], "0 is not in the range x>=1"),
        (["--backend", "dask"], "'dask' is not one of 'processes', 'ray'"),
        (["--address", "10.0.0.1:6379"], "--address goes with --backend ray"),
        (["--seed", "x"], "'x' is not a valid integer"),
    ],
)
def test_command_bad_usage(args, says):
    result = invoke(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("nerts simulate: error: ")
    assert result.stderr.count("\n") == 1
    assert says in result.stderr


def test_command_plot_without_matplotlib(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    result = invoke("--hands", "1", "--plot", str(tmp_path / "p.png"))
    assert result.exit_code == 2
    assert "--plot needs the plot extra: pip install 'nertslib[plot]'" in result.stderr
    assert not (tmp_path / "p.png").exists()


def test_command_ray_without_ray(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)
    result = invoke("--hands", "1", "--backend", "ray")
    assert result.exit_code == 2
    assert "--backend ray needs the ray extra: pip install 'nertslib[ray]'" in result.stderr


def test_command_unwritable_file(tmp_path):
    path = tmp_path / "missing" / "r.json"
    result = invoke("--hands", "1", "--seats", "1", "--json", str(path))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"nerts simulate: error: cannot write {path}: ")


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal(monkeypatch):
    with progress_bar(10) as callback:
        assert callback is None  # stderr is not a terminal here
    fake = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", fake)
    with progress_bar(10) as callback:
        assert callback is not None
        callback(4)
        callback(6)
    shown = fake.getvalue()
    assert "10/10" in shown
    assert "hands" in shown


def test_default_workers_are_every_core():
    result = nl.simulate(2, seats=1)
    assert result.workers == len(os.sched_getaffinity(0))


def test_ray_that_cannot_start_is_one_line(monkeypatch):
    calls: list[dict[str, object]] = []

    def init(**kw: object) -> None:
        calls.append(kw)
        raise RuntimeError("no cluster there")

    fake = types.ModuleType("ray")
    fake.is_initialized = lambda: False  # type: ignore[attr-defined]
    fake.init = init  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "ray", fake)
    result = invoke("--hands", "2", "--backend", "ray", "--address", "10.0.0.9:6379")
    assert result.exit_code == 1
    assert result.stderr == (
        "nerts simulate: error: cannot start Ray at '10.0.0.9:6379': no cluster there\n"
    )
    assert calls == [{"address": "10.0.0.9:6379"}]
    with pytest.raises(ConnectionError, match=r"^cannot start a local Ray: no cluster there$"):
        nl.simulate(2, seats=2, backend="ray", workers=2)
    assert calls[-1] == {"num_cpus": 2, "include_dashboard": False, "_node_ip_address": "127.0.0.1"}


@pytest.mark.parametrize("paired", [False, True])
def test_simulate_plays_what_play_hand_plays_seat_by_seat(paired: bool) -> None:
    # the documented task: deal seed + number, bot in seat s seeded deal_seed * MAX_SEATS + s
    seats, seed = 3, 11
    result = nl.simulate(4, seats=seats, bots=("random", "greedy", "random"), seed=seed,
                         paired=paired, workers=1, max_actions=400)  # fmt: skip
    lineup = ("random", "greedy", "random")
    for hand in result.hands:
        names = tuple(lineup[(s + hand.rotation) % seats] for s in range(seats))
        assert hand.bots == names
        deal_seed = seed + hand.deal
        players = [make_bot(n, deal_seed * nl.MAX_SEATS + s) for s, n in enumerate(names)]
        final, log = nl.play_hand(nl.deal("standard", seats, deal_seed), players, max_actions=400)
        assert hand.scores == nl.hand_scores(final)
        assert hand.moves == len(log)
        assert hand.cards_left == tuple(len(lay.nerts) for lay in final.layouts)


def test_two_random_seats_of_a_deal_draw_differently() -> None:
    # one seed for every seat would make two random bots in the same seat state agree
    bots = [make_bot("random", 5 * nl.MAX_SEATS + s) for s in range(2)]
    mine = nl.view(nl.deal("standard", 1, 5), 0)
    assert [str(bots[0](mine, 0)) for _ in range(8)] != [str(bots[1](mine, 0)) for _ in range(8)]


@pytest.mark.parametrize("hands", [1, 2, 3])
def test_the_confidence_interval_from_two_hands_on(hands: int) -> None:
    result = nl.simulate(hands, seats=1, bots=("random",), seed=2, workers=1, max_actions=300)
    (row,) = result.rows
    scores = [hand.scores[0] for hand in result.hands]
    assert row.hands == hands
    if hands == 1:
        assert row.ci95 is None
    else:
        assert row.ci95 == pytest.approx(Z95 * statistics.stdev(scores) / math.sqrt(hands))
