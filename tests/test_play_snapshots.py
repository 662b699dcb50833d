"""Snapshots of the ``nerts play`` screens at 80x24 and 120x40 (pytest-textual-snapshot).

The SVGs live in ``tests/__snapshots__/test_play_snapshots/``; after a change meant to alter
the screen, look at the new ones and accept them with ``pytest tests/test_play_snapshots.py
--snapshot-update``. Every screen is deterministic: seeded deals, bots that act only when
the test ticks their clock (``timer=False``), no clock on screen, colour on (``NO_COLOR``
removed, whatever the environment says).
"""

from pathlib import Path

import pytest

import nertslib as nl
from nertslib.cli.play import PlayApp

SMALL, LARGE = (80, 24), (120, 40)


@pytest.fixture(autouse=True)
def colour(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)


def table(seats=2, seed=29, variant="standard") -> PlayApp:
    bots = ("greedy",) * (seats - 1)
    return PlayApp(nl.Variant.from_spec(variant), seats, bots, seed, 1.0, timer=False)


def ticked(times: int):
    """A ``run_before`` that lets the bots act ``times`` ticks of their clock."""

    async def run(pilot) -> None:
        for _ in range(times):
            pilot.app.tick()
        await pilot.pause()

    return run


async def to_the_end(pilot) -> None:
    """Seat 0 plays the greedy rule until the hand is over (the hand-over box shows)."""
    app = pilot.app
    for _ in range(2_000):
        if app.session.table.is_over:
            break
        move = nl.greedy_bot(app.session.view, 0)
        if move is not None:
            app.session.choose(move)
        app.tick()
    app.redraw()
    await pilot.pause()


@pytest.mark.parametrize("size", [SMALL, LARGE])
def test_the_deal(snap_compare, size):
    assert snap_compare(table(), terminal_size=size)


@pytest.mark.parametrize("size", [SMALL, LARGE])
def test_a_picked_card_after_some_play(snap_compare, size):
    assert snap_compare(table(), press=["4", "f", "space", "n"], terminal_size=size)


def test_four_seats_midway_120x40(snap_compare):
    assert snap_compare(table(seats=4, seed=3), terminal_size=LARGE, run_before=ticked(60))


def test_eight_seats_one_row_cards_80x24(snap_compare):
    app = table(seats=8, seed=3, variant="pounce")
    assert snap_compare(app, terminal_size=SMALL, run_before=ticked(40))


@pytest.mark.parametrize("size", [SMALL, LARGE])
def test_help(snap_compare, size):
    assert snap_compare(table(), press=["question_mark"], terminal_size=size)


def test_quit_asks(snap_compare):
    assert snap_compare(table(), press=["q"], terminal_size=SMALL)


@pytest.mark.parametrize("size", [SMALL, LARGE])
def test_hand_over(snap_compare, size):
    assert snap_compare(table(seed=4), terminal_size=size, run_before=to_the_end)


def test_match_over(snap_compare):
    app = PlayApp(nl.Variant(target_score=5), 2, ("greedy",), 4, 1.0, timer=False)
    assert snap_compare(app, terminal_size=LARGE, run_before=to_the_end)


def test_the_command_line_page_shows_the_snapshot():
    """docs/cli.md's screenshot is the 120x40 picked-card snapshot, copied as it is."""
    root = Path(__file__).parent.parent
    shot = root / "docs" / "_static" / "cli-play.svg"
    snapshots = root / "tests" / "__snapshots__" / "test_play_snapshots"
    snap = snapshots / "test_a_picked_card_after_some_play[size1].svg"
    assert shot.read_text(encoding="utf-8") == snap.read_text(encoding="utf-8")
