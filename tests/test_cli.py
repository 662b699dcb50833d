"""Unit tests for the ``nerts`` command (nertslib.cli)."""

import io
import os
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner
from rich.console import Console

import nertslib as nl
from nertslib import cli
from nertslib.bots import record_hand
from nertslib.cli.app import nerts
from nertslib.cli.demo import animate
from nertslib.cli.rules_text import knob_rows, rules_sections
from nertslib.cli.show import RESOLVE_WORDS
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
    start = nl.deal(nl.Variant.from_spec(variant), seats=seats, seed=seed)
    final, log = nl.play_hand(start, [nl.greedy_bot] * seats)
    return final, log


def expected_output(variant: str, seats: int, seed: int, moves: int) -> str:
    """The whole demo output, assembled from the same hand played through the library."""
    final, log = played(variant, seats, seed)
    result = nl.outcome(final)
    assert result is not None
    parts = [f"Nerts demo: {variant}, {seats} seats, seed {seed}, greedy bots", ""]
    if moves:
        shown = log[:moves]
        rows = [
            [i + 1, "system" if m is None else str(m), RESOLVE_WORDS if m is None else m.describe()]
            for i, m in enumerate(shown)
        ]
        parts.append(table(["#", "move", "in words"], rows))
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
    assert re.fullmatch(r" #  move +in words", lines[2])
    assert re.fullmatch(r"--  -+  -+", lines[3])
    final, log = played("standard", 2, 4)
    first, twentieth = log[0], log[19]
    assert first is not None
    assert twentieth is not None
    assert re.fullmatch(rf" 1  {re.escape(str(first))} +{re.escape(first.describe())}", lines[4])
    assert lines[23].startswith(f"20  {twentieth} ")
    assert lines[23].endswith(twentieth.describe())
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
    assert "in words" not in out
    assert " more\n" not in out
    assert out == expected_output("standard", 2, 4, 0)


def test_demo_moves_covering_the_whole_log(capsys):
    _, log = played("standard", 2, 4)
    out = run(capsys, "demo", "--seats", "2", "--seed", "4", "--moves", str(len(log)))
    assert " more\n" not in out
    assert f"\n{len(log)}  {log[-1]}  " in out
    assert out == expected_output("standard", 2, 4, len(log))
    shorter = run(capsys, "demo", "--seats", "2", "--seed", "4", "--moves", str(len(log) - 1))
    assert "\n... 1 more\n\n" in shorter


def test_demo_system_entries_in_the_log(capsys):
    _, log = played("standard", 1, 82)
    assert None in log[:20]
    out = run(capsys, "demo", "--seats", "1", "--seed", "82")
    index = log.index(None)
    assert f"\n{index + 1:>2}  system      {RESOLVE_WORDS}\n" in out
    assert out == expected_output("standard", 1, 82, 20)
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


# --- the application: errors, version, pipes, rules, serve -------------------------------------


SEEDS = f"0<=x<={2**64 - 1}"


@pytest.mark.parametrize(
    ("argv", "where", "says"),
    [
        ([], "nerts", "Missing command"),
        (["chess"], "nerts", "No such command 'chess'"),
        (["demo", "--seats", "0"], "nerts demo", "'--seats': 0 is not in the range 1<=x<=8"),
        (["demo", "--seats", "9"], "nerts demo", "'--seats': 9 is not in the range 1<=x<=8"),
        (["demo", "--seats", "two"], "nerts demo", "'two' is not a valid integer"),
        (["demo", "--seed", "-1"], "nerts demo", f"'--seed': -1 is not in the range {SEEDS}"),
        *[
            ([command, "--seed", str(2**64)], f"nerts {command}", f"{2**64} is not in the range")
            for command in ("demo", "watch", "play", "simulate")
        ],
        # serve parses its own options (the server extra): tests/server/test_options.py
        (["play", "--bots", "nosuch_module_x:f"], "nerts play", "Invalid value for '--bots'"),
        (["demo", "--seed", "1.5"], "nerts demo", "'1.5' is not a valid integer"),
        (["demo", "--variant", "chess"], "nerts demo", "unknown variant: 'chess'"),
        (["demo", "--variant", "standard,stock_turn=2"], "nerts demo", "one of 1, 3; got 2"),
        (
            ["demo", "--variant", "standard,bogus=1"],
            "nerts demo",
            "unknown Variant field(s): bogus",
        ),
        (["demo", "--moves", "many"], "nerts demo", "'many' is not a valid integer"),
        (["demo", "--bogus"], "nerts demo", "No such option '--bogus'"),
        (["demo", "extra"], "nerts demo", "Got unexpected extra argument (extra)"),
        (["replay"], "nerts replay", "Missing argument 'FILE'"),
        (["replay", "a", "b"], "nerts replay", "Got unexpected extra argument (b)"),
        (["rules", "--variant", ""], "nerts rules", "not a variant spec: ''"),
        (["rules", "--seats", "0"], "nerts rules", "0 is not in the range 1<=x<=8"),
        (["rules", "--variant", "standard,teams=0/1", "--seats", "3"], "nerts rules", "teams"),
        (["play", "--bots", "chess"], "nerts play", "unknown bot 'chess'; known bots: greedy"),
        (["play", "--seats", "3", "--bots", "greedy,random,greedy"], "nerts play", "one bot per"),
        (["play", "--speed", "0"], "nerts play", "0 is not in the range 0.05<=x<=50"),
        (["watch", "--seats", "2", "--bots", "greedy,random,greedy"], "nerts watch", "one bot"),
        (["watch", "--speed", "fast"], "nerts watch", "'fast' is not a valid float"),
    ],
)
def test_bad_usage_is_one_line_and_exit_2(capsys, argv, where, says):
    assert cli.main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"{where}: error: ")
    assert says in err
    assert "Traceback" not in err


def test_runner_sees_the_same_one_line_errors():
    result = CliRunner().invoke(nerts, ["demo", "--variant", "nope"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        "nerts demo: error: Invalid value for '--variant': unknown variant: 'nope' "
        "(known: standard, nna, racing_demon, pounce) (see 'nerts demo --help')\n"
    )


def test_variant_specs_are_accepted(capsys):
    out = run(capsys, "demo", "--variant", "standard,stock_turn=1", "--seats", "2", "--moves", "0")
    assert out.startswith("Nerts demo: standard,stock_turn=1, 2 seats, seed 7, greedy bots\n")
    assert out == expected_output("standard,stock_turn=1", 2, 7, 0)
    out = run(capsys, "demo", "--variant", "NNA", "--seats", "2", "--moves", "0")
    assert out.startswith("Nerts demo: nna, 2 seats")


def test_version(capsys):
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out == f"nerts, version {nl.__version__}\n"
    assert cli.main(["-V"]) == 0
    assert capsys.readouterr().out == f"nerts, version {nl.__version__}\n"


def test_help_lists_every_command(capsys):
    assert cli.main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in ("demo", "play", "replay", "rules", "serve", "simulate", "watch"):
        assert f"\n  {command} " in out
    assert cli.main(["demo", "-h"]) == 0
    out = capsys.readouterr().out
    assert "--variant SPEC" in out
    assert "standard, nna, racing_demon, pounce" in out


def _subprocess(args: list[str]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100"}
    return subprocess.run(  # noqa: PLW1510 - the caller checks returncode
        [sys.executable, *args], capture_output=True, text=True, env=env, timeout=120
    )


def test_python_dash_m_nertslib():
    done = _subprocess(["-m", "nertslib", "--version"])
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        f"nerts, version {nl.__version__}\n",
        "",
    )
    done = _subprocess(["-m", "nertslib", "demo", "--seats", "2", "--seed", "4", "--moves", "0"])
    assert done.returncode == 0
    assert done.stdout == expected_output("standard", 2, 4, 0)


@pytest.mark.parametrize(
    "args",
    [
        ["demo", "--moves", "2000", "--seats", "8"],
        ["rules", "--variant", "pounce"],
        ["simulate", "--hands", "3", "--seats", "2", "--workers", "1"],
        ["replay", "--moves", "SAVED"],
    ],
)
def test_piping_into_head_ends_quietly(tmp_path, args):
    saved = tmp_path / "hand.json"
    saved.write_text(nl.to_json(record_hand("standard", 2, 4, [nl.greedy_bot] * 2)), "utf-8")
    args = [str(saved) if a == "SAVED" else a for a in args]
    script = tmp_path / "pipe.sh"
    command = " ".join([sys.executable, "-m", "nertslib", *[f"'{a}'" for a in args]])
    script.write_text(f"{command} | head -n 2\nexit ${{PIPESTATUS[0]}}\n", encoding="utf-8")
    done = subprocess.run(  # noqa: PLW1510
        ["bash", str(script)], capture_output=True, text=True, timeout=120
    )
    assert done.stderr == ""
    assert len(done.stdout.splitlines()) == 2
    assert done.returncode == 0  # the reader went away having read what it wanted


def test_demo_plays_out_on_a_terminal(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)  # CI sets it
    replay = record_hand("standard", 2, 4, [nl.greedy_bot] * 2)
    buf = io.StringIO()
    console = Console(file=buf, force_terminal=True, color_system="standard", width=100)
    animate(replay, console, 0)
    text = buf.getvalue()
    final, log = played("standard", 2, 4)
    result = nl.outcome(final)
    assert result is not None
    assert f"action {len(log)}/{len(log)}" in text
    assert "\x1b[31m" in text  # red suits in red
    assert "Scores" in text
    assert text.rstrip().endswith(
        f"Seat {result.caller} called Nerts after {len(log)} actions.\x1b[0m"
    )


def test_demo_honours_no_color(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    replay = record_hand("standard", 1, 0, [nl.greedy_bot])
    buf = io.StringIO()
    animate(replay, Console(file=buf, force_terminal=True, width=100), 0)
    assert "\x1b[31m" not in buf.getvalue()
    assert "Scores" in buf.getvalue()


@pytest.mark.parametrize(
    "variant",
    [
        "standard",
        "nna",
        "racing_demon",
        "pounce",
        "standard,stock_turn=1,max_stock_passes=2,jokers_per_deck=1,king_bonus=3",
    ],
)
def test_rules_show_the_knobs(variant):
    result = CliRunner().invoke(nerts, ["rules", "--variant", variant], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    v = nl.Variant.from_spec(variant)
    out = result.stdout
    assert out.startswith(f"Nerts rules: {v.to_spec()}, 4 seats\n")
    assert re.search(r"┃ knob +┃ value +┃ standard +┃ differs ┃", out)  # every header filled
    for heading in (
        "Seats and deal",
        "Work piles",
        "Foundations",
        "Stock and waste",
        "Stuck",
        "End and scoring",
    ):
        assert f"\n{heading}\n" in out
    for name, value, standard, changed in knob_rows(v):
        mark = r"\*" if changed else ""
        row = rf"│ {name} +│ {re.escape(value)} +│ {re.escape(standard)} +│ *{mark} *│"
        assert re.search(row, out), name
    assert f"Turn {v.stock_turn} card" in out
    assert f"a Nerts pile of {v.nerts_pile_size} cards" in out
    assert ("Jokers\n" in out) == bool(v.jokers_per_deck)


def test_rules_follow_the_seat_count():
    by_seats = "standard,foundation_build=by_seat_count,work_piles=by_seat_count"
    three = CliRunner().invoke(
        nerts, ["rules", "--variant", by_seats, "--seats", "3"], env={"COLUMNS": "200"}
    )
    two = CliRunner().invoke(
        nerts, ["rules", "--variant", by_seats, "--seats", "2"], env={"COLUMNS": "200"}
    )
    assert "build up A to K in alternating colours" in three.stdout
    assert "5 work piles" in three.stdout
    assert "build up A to K in any suit" in two.stdout
    assert "6 work piles" in two.stdout


def test_rules_sections_read_every_knob():
    standard = nl.Variant()
    base = dict(rules_sections(standard))
    for field, values in (
        ("space_fill", ("king_only", "any")),
        ("slide_under", ("off", "needs_space")),
        ("stuck_resolution", ("end_hand", "rotate_one")),
        ("call_mode", ("auto", "optional")),
        ("caller_bonus", (10, 0)),
        ("tie_policy", ("first_wins", "both_keep")),
        ("stock_access", ("when_blocked", "anytime")),
        ("foundation_limit", ("one_per_suit", "unlimited")),
        ("work_pile_move", ("top_card", "any_suffix")),
        ("nerts_pile_face_up", (True, False)),
        ("stock_remainder", ("flip_immediately", "partial_turn")),
        ("teams", (((0, 1), (2, 3)), None)),
    ):
        other = next(v for v in values if v != getattr(standard, field))
        changed = nl.Variant.from_dict({**standard.to_dict(), field: other})
        assert dict(rules_sections(changed)) != base, field


def test_serve_without_the_server_extra(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "nertslib.server.options", None)  # import now fails
    assert cli.main(["serve"]) == 2
    assert capsys.readouterr().err == (
        "nerts serve needs the server extra: pip install 'nertslib[server]'\n"
    )
    result = CliRunner().invoke(nerts, ["serve"])
    assert result.exit_code == 2
    assert result.stderr == "nerts serve needs the server extra: pip install 'nertslib[server]'\n"


def test_cli_needs_message_without_click():
    code = (
        "import sys; sys.modules['click'] = None; "
        "from nertslib.cli import main; sys.exit(main(['demo']))"
    )
    done = _subprocess(["-c", code])
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == cli.CLI_NEEDS + "\n"


def test_import_nertslib_loads_no_cli_dependency():
    code = (
        "import sys, nertslib; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('click', 'rich', 'textual', 'ray', 'matplotlib')))"
    )
    done = _subprocess(["-c", code])
    assert (done.returncode, done.stdout) == (0, "[]\n")
