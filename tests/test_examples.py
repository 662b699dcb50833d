"""Every script in examples/ runs to the end and prints what it promises.

The guides (docs/guide-*.md) include these files whole, so these tests are what keeps each
guide's program working as shown.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import nertslib as nl
from nertslib.table import event_for_seat

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCRIPTS = sorted(EXAMPLES.glob("*.py"))

#: Lines each example must print, in this order (each exactly, on a line of its own; other
#: lines may come between). A new example needs an entry here.
EXPECTED: dict[str, list[str]] = {
    "bot_from_view.py": [
        "hand over: stalemate after 117 actions",
        "racer (seat 0)     -5",
        "greedy (seat 1)    -7",
        "racer   mean score   7.17  win rate 0.45",
        "greedy  mean score   7.85  win rate 0.55",
        "racer - greedy: -0.68 (95% CI -2.18 to +0.83) over 20 paired deals, 40 hands",
    ],
    "host_server.py": [
        "148 moves received in 116 batches, 1 too late",
        "  tie at  10.93s: 0:2S@P2>F3 kept beside an equal card",
        "seat 0 called Nerts at 39.94s; what arrived after the call:",
        "  +0.18s  seat 2: 2:AH@W>F+ landed (in the air)",
        "  +2.39s  seat 1: 1:6C@N>P2 refused (hand_over)",
        "scores: (8, 9, 0)",
        "seat 0 was told 146 of them: ' 40.12s  2:AH@W>F+' last",
        "seat 1 was told 148 of them: ' 42.34s  1:6C@N>P2 refused (hand_over)' last",
        "what seat 2's screen shows at the end:",
        "standard · 3 seats · over: seat 0 called Nerts · seat 2's view",
        "the replay ends in the table's position: True",
    ],
    "host_table.py": [
        "  18   10.05s  batch  13  seat 0  0:2S@W>F3      ok (tie: both keep their cards)",
        "  19   10.05s  batch  13  seat 1  1:2S@P1>F3     ok (tie: both keep their cards)",
        " 178   82.26s  batch 138  seat 1  1:nerts        ok",
        " 179   82.26s  batch 138  seat 0  0:turn         ok",  # in the air, after the call
        "standard · 2 seats · over: seat 1 called Nerts",
        "scores: (6, 23)",
        "replay: 139 events (41 batches), same final state: True",
    ],
    "house_rules.py": [
        "house rules: standard,nerts_pile_size=11,stock_turn=1,max_stock_passes=3,"
        "caller_bonus=10,king_bonus=5,target_score=150",
        "house_rules.toml says the same: True",
        "refused 'nerts_pile_size = 0': Variant.nerts_pile_size must be an int 1..26; got 0",
        "refused 'stock_turns = 1': unknown Variant field(s): stock_turns",
        "refused 'caller_bonus = \"ten\"': Variant.caller_bonus must be an int -1000..1000;"
        " got 'ten'",
        "refused 2 teams of 2 at 3 seats: Variant.teams ((0, 1), (2, 3)) must group exactly"
        " seats 0..2",
        "saved and loaded back house.toml: the same rules",
        "saved and loaded back house.json: the same rules",
        "registered as 'kitchen'; its spec is now 'kitchen'",
        "hand of 3 greedy bots, seed 42: 300 actions, seat 2 went out",
        "seat 0: +26",
        "seat 1: +24",
        "seat 2: +38",
        "a match to 150: 10 hands, totals (137, 129, 173)",
    ],
    "rl_openspiel.py": [
        "Python Nerts: 2892 actions, 2 players, at most 302 steps",
        "uniform           mean return   2.70 over 20 hands",
        "foundation_first  mean return   9.30 over 20 hands",
    ],
    "rl_pettingzoo.py": [
        "seat_0 (foundation_first) mean return   58.2, 730 moves",
        "seat_1 (uniform         ) mean return   22.2, 648 moves",
        "seat_2 (uniform         ) mean return   24.6, 667 moves",
        "5 episodes, 991 steps: 5 hands ended, 0 cut short",
    ],
    "rl_training_loop.py": [
        "episodes  1-100: mean return  15.3",
        "episodes 101-200: mean return  19.1",
        "episodes 201-300: mean return  16.3",
        "preferred kinds: foundation, turn, under",
    ],
    # with no input the UI draws the deal, lists the moves and stops
    "ui_text.py": [
        "foundations: none yet",
        "you",
        "  Nerts  2♠  (+12 face down)",
        "  work   Q♣ | 3♥ | 7♦ | A♠",
        "  stock  35   waste ·  (0 cards)",
        "seat 1",
        "  Nerts  7♠  (+12 face down)",
        "  work   3♦ | 2♠ | J♣ | A♠",
        "   1. A♠ from work pile 3 onto a new foundation        0:AS@P3>F+",
        "   2. 2♠ from the Nerts pile onto work pile 1          0:2S@N>P1",
        "   3. turn the stock onto the waste                    0:turn",
        "stopped; the score so far: (-26, -26)",
    ],
}

#: Modules an example needs beyond nertslib (an adapter extra); without them it is skipped,
#: unless NERTS_REQUIRE_EXTRAS=1 (the CI block that installs the extras sets it).
REQUIRES: dict[str, tuple[str, ...]] = {
    "rl_openspiel.py": ("pyspiel", "numpy"),
    "rl_pettingzoo.py": ("pettingzoo", "numpy"),
    "rl_training_loop.py": ("gymnasium", "numpy"),
}


def run(script: str, *args: str, stdin: str = "", cwd: Path | None = None) -> str:
    """Run ``examples/<script>`` as a reader would; its standard output."""
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        cwd=cwd,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return result.stdout


def load_example(name: str) -> ModuleType:
    """Import ``examples/<name>.py`` as a module (its ``main`` is not run)."""
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_example_has_expected_output() -> None:
    names = [p.name for p in SCRIPTS]
    assert "house_rules.py" in names
    assert [name for name in names if name not in EXPECTED] == []


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_example_runs(script: Path, tmp_path: Path) -> None:
    for module in REQUIRES.get(script.name, ()):
        if os.environ.get("NERTS_REQUIRE_EXTRAS") == "1":
            importlib.import_module(module)  # CI's extras block: a missing one fails
        else:
            pytest.importorskip(module)
    # examples must not depend on the working directory
    lines = iter(run(script.name, cwd=tmp_path).splitlines())
    missing = [want for want in EXPECTED[script.name] if want not in lines]
    assert missing == []


def test_house_rules_output_exactly() -> None:
    assert run("house_rules.py").splitlines() == EXPECTED["house_rules.py"]


def test_house_rules_file_is_the_rules_in_code() -> None:
    example = load_example("house_rules")
    assert nl.variants.load(EXAMPLES / "house_rules.toml") == example.house_rules()


def test_ui_answers_each_kind_of_input() -> None:
    # a move by number, bad notation, a missing seat, another seat's move, a number out of
    # range, a move that is not legal, waiting, then quitting
    answers = ["1", "0:as@p3>f+", "turn", "1:turn", "99", "0:KS@N>P1", "w", "q"]
    out = run("ui_text.py", stdin="\n".join(answers) + "\n").splitlines()
    replies = [line for line in out if line.startswith(("you:", "seat 1:", "?", "refused"))]
    assert replies == [
        "you: A♠ from work pile 3 onto a new foundation",
        "seat 1: 2♠ from work pile 1 onto foundation 0",
        "? not a move: '0:as@p3>f+' (card moves are upper case: write '0:AS@P3>F+')",
        "? not a move: 'turn' (missing seat: write '0:turn')",
        "? you play seat 0, not seat 1",
        "? no move 99: pick 1 to 6",
        "refused: seat 0's Nerts top is 2♠, not K♠",
        "seat 1: A♠ from work pile 3 onto a new foundation",
    ]
    # the board is drawn again only after a change: at the start, after "1" and after "w"
    assert out.count("foundations: none yet") == 1
    assert sum(line.startswith("foundations: F0 2♠") for line in out) == 2
    assert out[-1] == "stopped; the score so far: (-25, -24)"


def test_ui_plays_a_whole_hand_on_hints() -> None:
    out = run("ui_text.py", stdin="h\n" * 2000).splitlines()
    assert out[-1] == "hand over (stalemate); scores: (17, 12)"
    hints = [line for line in out if line.startswith("hint: ")]
    played = [line for line in out if line.startswith("you: ")]
    waits = [line for line in hints if line == "hint: wait"]
    assert len(played) == len(hints) - len(waits) > 50


def test_ui_moves_are_the_views_moves() -> None:
    # what the UI lists is exactly legal_moves of the seat's view, numbered from 1
    example = load_example("ui_text")
    state = nl.apply(nl.deal("standard", seats=2, seed=29), nl.Move.parse("0:AS@P3>F+"))
    moves = tuple(nl.legal_moves(nl.view(state, 0), 0))
    mine = nl.view(state, 0)
    assert [example.read_move(str(i), moves, mine) for i in (1, len(moves))] == [
        moves[0],
        moves[-1],
    ]
    assert example.read_move("h", moves, mine) == nl.greedy_bot(mine, 0)
    with pytest.raises(ValueError, match="not seat 1"):
        example.read_move("1:turn", moves, mine)


def test_host_clients_saw_only_their_views() -> None:
    example = load_example("host_server")
    table, clients = example.host(seed=31, seats=3)
    state = table.state
    assert state.is_over
    assert table.replay().final() == state
    for client in clients:
        # the last thing each client was sent is its own seat's view of the final position
        assert client.view_text == nl.view(state, client.seat).to_nfen()
        shown = [e for e in table.events if event_for_seat(e, client.seat) is not None]
        assert len(client.told) == len(shown)
    # another seat's refused move is never sent: seat 1's late move reached seat 1 only
    told = [len(client.told) for client in clients]
    assert told[1] > told[0] == told[2]
    # the host settled frames as batches: some batch held more than one move
    batches = [e.batch for e in table.events]
    assert len(set(batches)) < len(batches)
