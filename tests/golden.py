"""Golden playthroughs: seeded greedy hands per preset, dumped as text and diffed by the tests.

Each file records, for every action of a hand, the acting seat's legal moves (in order) and
the chosen move, then the final position (NFEN) and scores. Any change to move generation,
move order, the bots or scoring shows up as a diff. Regenerating the files is a deliberate,
reviewed act::

    python -m tests.golden --write
"""

from __future__ import annotations

import sys
from pathlib import Path

import nertslib as nl

DIR = Path(__file__).parent / "golden"
CASES = [
    ("standard", 4, 7),
    ("standard", 2, 1),
    ("nna", 3, 5),
    ("racing_demon", 4, 11),
]


def dump(preset: str, seats: int, seed: int) -> str:
    """The playthrough text of one seeded greedy hand."""
    start = nl.deal(preset, seats, seed)
    final, log = nl.play_hand(start, [nl.greedy_bot] * seats)
    lines = [f"# {preset}, {seats} seats, seed {seed}, greedy bots", start.to_nfen()]
    state = start
    for step, move in enumerate(log, 1):
        if move is None:
            state = nl.resolve_stalemate(state)
            lines.append(f"{step} system: resolve_stalemate")
            continue
        legal = " ".join(str(m) for m in nl.legal_moves(state, move.seat))
        lines.append(f"{step} seat {move.seat} legal: {legal}")
        lines.append(f"{step} seat {move.seat} plays {move}")
        state = nl.apply(state, move)
    assert state == final
    result = nl.outcome(final)
    lines.append(final.to_nfen())
    lines.append(f"outcome: {result}")
    return "\n".join(lines) + "\n"


def path(preset: str, seats: int, seed: int) -> Path:
    """Where the golden file of a case lives."""
    return DIR / f"{preset}-{seats}-{seed}.txt"


def main() -> int:
    """Regenerate every golden file (``--write``) or report which ones differ."""
    write = "--write" in sys.argv[1:]
    stale = 0
    for case in CASES:
        text = dump(*case)
        target = path(*case)
        if write:
            DIR.mkdir(exist_ok=True)
            target.write_text(text, encoding="utf-8")
        elif not target.exists() or target.read_text(encoding="utf-8") != text:
            stale += 1
            print(f"differs: {target}")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
