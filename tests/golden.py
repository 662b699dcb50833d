"""Golden playthroughs: seeded greedy hands per preset, dumped as text and diffed by the tests.

Each file records, for every action of a hand, the acting seat's legal moves (in order) and
the chosen move, then the final position (NFEN) and scores. The views are recorded at the
start, every :data:`VIEW_EVERY` actions and at the end, in view NFEN
(:meth:`nertslib.views.View.to_nfen`: ``12?`` stands for twelve hidden cards): the spectator's
view in full, then for each seat only its own layout as it sees it (its whole waste), since it
sees the other seats as the spectator does; :func:`seat_view` rebuilds its full view. Any
change to move generation, move order, the bots, views or scoring shows up as a diff. Every
registered preset has at least one case, so a new preset gets a golden file (and a failing test
until it is written). Regenerating the files is a deliberate, reviewed act::

    python -m tests.golden --write
"""

from __future__ import annotations

import sys
from pathlib import Path

import nertslib as nl
from nertslib.views import view

DIR = Path(__file__).parent / "golden"
#: Hand-picked cases: (preset, seats, seed).
PICKED = [
    ("standard", 4, 7),
    ("standard", 2, 1),
    ("nna", 3, 5),
    ("racing_demon", 4, 11),
]
#: Seats and seed of the case of a preset that has no hand-picked case.
DEFAULT_SEATS, DEFAULT_SEED = 3, 3
#: Record every seat's view every this many actions.
VIEW_EVERY = 10


def cases() -> list[tuple[str, int, int]]:
    """The hand-picked cases, plus one default case per preset without one."""
    picked = {preset for preset, _, _ in PICKED}
    extra = [(n, DEFAULT_SEATS, DEFAULT_SEED) for n in nl.variants.names() if n not in picked]
    return PICKED + extra


CASES = cases()


def seat_view(spectator: str, seat: int, own: str) -> str:
    """The full view NFEN of ``seat``: the spectator's, with its own layout and viewer swapped."""
    tokens = spectator.split()
    tokens[2 + seat] = own
    tokens[-1] = f"v{seat}"
    return " ".join(tokens)


def _views(step: int, state: nl.GameState) -> list[str]:
    spectator = view(state).to_nfen()
    lines = [f"{step} spectator sees: {spectator}"]
    for p in range(len(state.seats)):
        full = view(state, p).to_nfen()
        own = full.split()[2 + p]
        assert seat_view(spectator, p, own) == full
        lines.append(f"{step} seat {p} sees itself: {own}")
    return lines


def dump(preset: str, seats: int, seed: int) -> str:
    """The playthrough text of one seeded greedy hand."""
    start = nl.deal(preset, seats, seed)
    final, log = nl.play_hand(start, [nl.greedy_bot] * seats)
    lines = [f"# {preset}, {seats} seats, seed {seed}, greedy bots", start.to_nfen()]
    lines += [f"# {line}" for line in str(view(start)).splitlines()]
    lines += _views(0, start)
    state = start
    for step, move in enumerate(log, 1):
        if move is None:
            state = nl.resolve_stalemate(state)
            lines.append(f"{step} system: resolve_stalemate")
        else:
            legal = " ".join(str(m) for m in nl.legal_moves(state, move.seat))
            lines.append(f"{step} seat {move.seat} legal: {legal}")
            lines.append(f"{step} seat {move.seat} plays {move}")
            state = nl.apply(state, move)
        if step % VIEW_EVERY == 0 and step != len(log):
            lines += _views(step, state)
    assert state == final
    result = nl.outcome(final)
    lines += _views(len(log), final)
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
