"""Unit tests for the ``nerts`` command (nertslib.cli)."""

import re
import sys

import pytest

import nertslib as nl
from nertslib import cli
from nertslib.render import table

SCORE_HEADER = "seat  moves  on foundations  left in Nerts pile  score"
SCORE_RULE = "----  -----  --------------  ------------------  -----"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0
    assert err == ""
    return out


def played(variant: str, seats: int, seed: int) -> tuple[nl.GameState, tuple[nl.Move | None, ...]]:
    final, log = nl.play_hand(nl.deal(variant, seats=seats, seed=seed), [nl.greedy_bot] * seats)
    return final, log


def expected_output(variant: str, seats: int, seed: int, moves: int) -> str:
    """The whole demo output, assembled from the same hand played through the library."""
    final, log = played(variant, seats, seed)
    result = nl.outcome(final)
    assert result is not None
    parts = [f"Nerts demo: {variant}, {seats} seats, seed {seed}, greedy bots", ""]
    if moves:
        shown = log[:moves]
        rows = [[i + 1, "system" if m is None else str(m)] for i, m in enumerate(shown)]
        parts.append(table(["#", "move"], rows))
        if len(log) > len(shown):
            parts.append(f"... {len(log) - len(shown)} more")
        parts.append("")
    parts += [str(final), ""]
    rows = []
    for seat in range(seats):
        own_moves = sum(1 for m in log if m is not None and m.seat == seat)
        on_fnd = sum(1 for p in final.foundations for c in p if c.owner == seat)
        left = len(final.seats[seat].nerts_pile)
        rows.append([seat, own_moves, on_fnd, left, result.scores[seat]])
    parts += [table(["seat", "moves", "on foundations", "left in Nerts pile", "score"], rows), ""]
    if result.reason is nl.EndReason.NERTS:
        parts.append(f"Seat {result.caller} called Nerts after {len(log)} actions.")
    else:
        parts.append(f"Stalemate after {len(log)} actions.")
    return "\n".join(parts) + "\n"


def score_rows(out: str) -> list[list[int]]:
    lines = out.splitlines()
    start = lines.index(SCORE_HEADER)
    assert lines[start + 1] == SCORE_RULE
    rows = []
    for line in lines[start + 2 :]:
        if not line:
            break
        rows.append([int(x) for x in line.split()])
    return rows


def test_demo_two_seats_seed_four(capsys):
    out = run(capsys, "demo", "--seats", "2", "--seed", "4")
    lines = out.splitlines()
    assert lines[0] == "Nerts demo: standard, 2 seats, seed 4, greedy bots"
    assert lines[1] == ""
    assert lines[2] == " #  move"
    assert re.fullmatch(r"--  -+", lines[3])
    final, log = played("standard", 2, 4)
    assert lines[4] == f" 1  {log[0]}"
    assert lines[23] == f"20  {log[19]}"
    assert lines[24] == f"... {len(log) - 20} more"
    assert SCORE_HEADER in lines
    result = nl.outcome(final)
    assert result is not None
    assert result.reason is nl.EndReason.NERTS
    assert lines[-1] == f"Seat {result.caller} called Nerts after {len(log)} actions."
    assert re.fullmatch(r"Seat [01] called Nerts after \d+ actions\.", lines[-1])
    rows = score_rows(out)
    assert [r[0] for r in rows] == [0, 1]
    assert tuple(r[4] for r in rows) == result.scores
    assert tuple(r[4] for r in rows) == nl.hand_scores(final)
    assert [r[3] for r in rows] == [len(lay.nerts_pile) for lay in final.seats]
    assert result.caller is not None
    assert rows[result.caller][3] == 0
    assert sum(r[1] for r in rows) == len(log) - log.count(None)
    assert sum(r[2] for r in rows) == sum(len(p) for p in final.foundations)
    assert out == expected_output("standard", 2, 4, 20)


def test_demo_prints_the_final_position(capsys):
    out = run(capsys, "demo", "--seats", "2", "--seed", "4")
    final, _ = played("standard", 2, 4)
    assert f"\n\n{final}\n\n{SCORE_HEADER}\n" in out
    assert "over: seat" in str(final)


def test_demo_moves_zero_hides_the_log(capsys):
    out = run(capsys, "demo", "--seats", "2", "--seed", "4", "--moves", "0")
    final, _ = played("standard", 2, 4)
    assert out.startswith(f"Nerts demo: standard, 2 seats, seed 4, greedy bots\n\n{final}\n\n")
    assert " #  move" not in out
    assert " more\n" not in out
    assert out == expected_output("standard", 2, 4, 0)


def test_demo_moves_covering_the_whole_log(capsys):
    _, log = played("standard", 2, 4)
    out = run(capsys, "demo", "--seats", "2", "--seed", "4", "--moves", str(len(log)))
    assert " more\n" not in out
    assert f"\n{len(log)}  {log[-1]}\n\n" in out
    assert out == expected_output("standard", 2, 4, len(log))
    shorter = run(capsys, "demo", "--seats", "2", "--seed", "4", "--moves", str(len(log) - 1))
    assert "\n... 1 more\n\n" in shorter


def test_demo_system_entries_in_the_log(capsys):
    _, log = played("standard", 1, 31)
    assert None in log[:20]
    out = run(capsys, "demo", "--seats", "1", "--seed", "31")
    index = log.index(None)
    assert f"\n{index + 1:>2}  system\n" in out
    assert out == expected_output("standard", 1, 31, 20)
    rows = score_rows(out)
    assert rows[0][1] == len(log) - log.count(None)


def test_demo_stalemate(capsys):
    final, log = played("standard", 1, 1)
    assert final.status is nl.EndReason.STALEMATE
    out = run(capsys, "demo", "--seats", "1", "--seed", "1", "--moves", "0")
    assert out.endswith(f"\nStalemate after {len(log)} actions.\n")
    assert "called Nerts" not in out
    assert out == expected_output("standard", 1, 1, 0)


def test_demo_defaults(capsys):
    out = run(capsys, "demo")
    assert out.splitlines()[0] == "Nerts demo: standard, 4 seats, seed 7, greedy bots"
    assert out == expected_output("standard", 4, 7, 20)


@pytest.mark.parametrize("variant", ["nna", "racing_demon", "standard"])
def test_demo_variants(capsys, variant):
    out = run(capsys, "demo", "--variant", variant, "--seats", "3", "--seed", "2", "--moves", "5")
    assert out.splitlines()[0] == f"Nerts demo: {variant}, 3 seats, seed 2, greedy bots"
    assert out == expected_output(variant, 3, 2, 5)


@pytest.mark.parametrize("seats", ["1", "8"])
def test_demo_seat_bounds(capsys, seats):
    out = run(capsys, "demo", "--seats", seats, "--seed", "0", "--moves", "0")
    assert out.splitlines()[0] == f"Nerts demo: standard, {seats} seats, seed 0, greedy bots"
    assert len(score_rows(out)) == int(seats)


def test_main_reads_sys_argv(capsys, monkeypatch):
    argv = ["nerts", "demo", "--seats", "1", "--seed", "0", "--moves", "0"]
    monkeypatch.setattr(sys, "argv", argv)
    assert cli.main() == 0
    out, _ = capsys.readouterr()
    assert out == expected_output("standard", 1, 0, 0)


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["play"],
        ["demo", "--seats", "0"],
        ["demo", "--seats", "9"],
        ["demo", "--seats", "two"],
        ["demo", "--seed", "x"],
        ["demo", "--seed", "1.5"],
        ["demo", "--variant", "chess"],
        ["demo", "--variant", "NNA"],
        ["demo", "--moves", "many"],
        ["demo", "--bogus"],
        ["demo", "extra"],
        ["replay"],
        ["replay", "a", "b"],
        ["replay", "--bogus", "a"],
    ],
)
def test_invalid_arguments_exit_2(capsys, argv):
    with pytest.raises(SystemExit) as info:
        cli.main(argv)
    assert info.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("usage: nerts")
    assert "error: " in err


def test_help_exits_0(capsys):
    with pytest.raises(SystemExit) as info:
        cli.main(["demo", "--help"])
    assert info.value.code == 0
    out, _ = capsys.readouterr()
    assert "--seed" in out
    assert "--variant" in out
    assert "{standard,nna,racing_demon,pounce}" in out
