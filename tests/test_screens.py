"""``nerts play`` and ``nerts watch``: the session logic, and the Textual screens driven by
Textual's own test pilot (``App.run_test``) at 80x24."""

import asyncio
import json
import os

import pytest
from click.testing import CliRunner

import nertslib as nl
from nertslib.bots import record_hand
from nertslib.cli import app as app_module
from nertslib.cli.app import nerts
from nertslib.cli.play import PlayApp
from nertslib.cli.session import PlaySession
from nertslib.cli.watch import WatchApp, step_words

ACE = nl.Move.parse("0:AS@P3>F+")
MINE = nl.Move.parse("0:2S@N>F0")  # seat 0's 2♠ onto the A♠
THEIRS = nl.Move.parse("1:2S@P1>F0")  # seat 1's 2♠, which greedy plays at once


@pytest.fixture(autouse=True)
def keep_no_color(monkeypatch):
    """Textual pops NO_COLOR from the environment when an app starts: put it back after."""
    value = os.environ.get("NO_COLOR")
    if value is not None:
        monkeypatch.setenv("NO_COLOR", value)


def text(app, selector: str) -> str:
    return str(app.query_one(selector).render())


def is_paused(app) -> bool:
    """Read afresh (mypy would keep an earlier narrowing of ``app.paused``)."""
    return bool(app.paused)


def inside(app, selector: str) -> bool:
    region = app.query_one(selector).region
    screen = app.screen.region
    return bool(region.width > 0 and screen.contains_region(region))


# --- the session -------------------------------------------------------------------------------


def test_session_sees_only_its_view():
    session = PlaySession(nl.Variant(), 3, ("greedy", "random"), seed=2)
    assert session.view == nl.view(session.table.state, 0)
    assert session.moves() == nl.legal_moves(session.table.state, 0)
    with pytest.raises(ValueError, match="need one bot per other seat: 2, got 1"):
        PlaySession(nl.Variant(), 3, ("greedy",), seed=2)


def test_bots_act_at_their_own_human_pace_on_a_clock():
    session = PlaySession(nl.Variant(), 3, ("greedy", "greedy"), seed=29)
    assert session.bots_act(now=0.0)  # both bots act at once, then wait their reaction time
    first = len(session.table.events)
    due = list(session.due)
    assert all(d > 0 for d in due)
    assert due == [
        p.delay(e.move)
        for p, e in zip(
            [nl.Pace(seed=29 * 8 + s + 1) for s in range(2)], session.table.events, strict=True
        )
    ]
    session.bots_act(now=min(due) / 2)  # nobody is due yet
    assert len(session.table.events) == first
    session.bots_act(now=min(due))  # the quicker one acts, the other still waits
    assert len(session.table.events) == first + 1
    assert session.table.events[-1].seat == 1 + due.index(min(due))


def test_session_done_refused_too_late():
    session = PlaySession(nl.Variant(), 2, ("greedy",), seed=29)
    assert session.choose(ACE) == "you: A♠ pile 4 → new F"
    assert MINE in session.moves()
    assert session.bots_act()
    assert session.table.events[-1].move == THEIRS
    said = session.choose(MINE)
    lost = nl.check(session.table.state, MINE)
    assert lost is not None
    assert lost.reason is nl.Reason.RACE_LOST
    assert said == "too late: you lost the race for F1"
    refused = session.choose(nl.Move.restock(0))
    why = nl.check(session.table.state, nl.Move.restock(0))
    assert why is not None
    assert why.reason is nl.Reason.STOCK_NOT_EMPTY
    assert refused == "refused: " + why.message


def play_out(session: PlaySession) -> None:
    """The person plays greedy moves until the hand ends."""
    for _ in range(5_000):
        if session.table.is_over:
            return
        move = nl.greedy_bot(nl.view(session.table.state, 0), 0)
        if move is not None:
            session.choose(move)
        session.bots_act()
    raise AssertionError("the hand did not end")


def test_session_records_the_match_and_deals_the_next_hand():
    session = PlaySession(nl.Variant(target_score=1000), 2, ("greedy",), seed=4)
    assert not session.next_hand()  # the hand is still in play
    play_out(session)
    result = session.result
    assert result is not None
    assert session.match.hands == (result.scores,)
    session.bots_act()  # a finished hand is recorded once
    assert len(session.match.hands) == 1
    assert session.choose(nl.Move.turn(0)) == "the hand is over"
    assert session.next_hand()
    assert session.hand == 1
    assert session.table.state == nl.deal(nl.Variant(target_score=1000), 2, 5)


def test_session_resolves_a_stalemate():
    # greedy hands of deal 1 for two seats stall twice and end in a stalemate
    _, log = nl.play_hand(nl.deal("standard", 2, 1), [nl.greedy_bot] * 2)
    assert log.count(None) == 2
    session = PlaySession(nl.Variant(), 2, ("greedy",), seed=1)
    play_out(session)
    result = session.result
    assert result is not None
    assert result.reason is nl.EndReason.STALEMATE
    resolutions = [e for e in session.table.events if e.move is None]
    assert len(resolutions) == 2
    assert session.match.hands == (result.scores,)


# --- the watch screen --------------------------------------------------------------------------


def test_watch_screen_steps():
    replay = record_hand("standard", 2, 4, [nl.greedy_bot] * 2)

    async def scenario() -> None:
        app = WatchApp(replay, 4.0, paused=True)
        async with app.run_test(size=(80, 24)) as pilot:
            assert inside(app, "#board")
            assert f"step 0/{len(replay.events)} · paused" in text(app, "#status")
            assert text(app, "#step") == "the deal"
            assert text(app, "#board") == str(replay.start())
            await pilot.press("s")
            assert text(app, "#step") == step_words(replay.events[0])
            assert text(app, "#board") == str(
                next(s for i, s in enumerate(replay.states()) if i == 1)
            )
            await pilot.press("right", "b")
            assert app.index == 1
            await pilot.press("left", "left")
            assert app.index == 0
            await pilot.press("plus")
            assert app.speed == 8.0
            await pilot.press("minus", "minus")
            assert app.speed == 2.0
            await pilot.press("space")
            assert not app.paused
            for _ in range(len(replay.events)):
                app.advance()
            await pilot.pause()
            assert app.at_end
            board = text(app, "#board")
            assert "seat  moves  on foundations  left in Nerts pile  score" in board
            assert board.endswith(f"called Nerts after {len(replay.events)} actions.")
            await pilot.press("s")  # stepping past the end stays at the end
            assert app.at_end
        app.action_step_back()  # after the app closed: the index moves, nothing is drawn
        assert app.index == len(replay.events) - 1

    asyncio.run(scenario())


def test_step_words():
    assert step_words(nl.Move.parse("1:9C@P0>P2")) == "seat 1: 9♣ from work pile 0 onto work pile 2"
    batch = nl.replay.Batch([nl.Move.parse("0:2S@N>F0"), nl.Move.parse("1:2S@P1>F0")])
    assert step_words(batch) == (
        "seat 0: 2♠ from the Nerts pile onto foundation 0; "
        "seat 1: 2♠ from work pile 1 onto foundation 0"
    )
    assert step_words(nl.RESOLVE).startswith("every seat is stuck")


# --- the commands start the screens ------------------------------------------------------------


def test_screens_need_a_terminal(monkeypatch):
    ran: list[object] = []
    monkeypatch.setattr(PlayApp, "run", lambda self: ran.append(self))  # noqa: PLW0108
    for args in (["play"], ["watch"]):
        result = CliRunner().invoke(nerts, args)  # the runner's streams are no terminal
        assert result.exit_code == 2
        assert result.stderr.startswith(f"nerts {args[0]}: error: nerts {args[0]} needs a terminal")
    assert ran == []


@pytest.fixture
def started(monkeypatch):
    monkeypatch.setattr(app_module, "on_terminal", lambda: True)
    apps: list[object] = []
    monkeypatch.setattr(PlayApp, "run", lambda self: apps.append(self))  # noqa: PLW0108
    monkeypatch.setattr(WatchApp, "run", lambda self: apps.append(self))  # noqa: PLW0108
    return apps


def test_play_command_starts_the_screen(started):
    args = ["play", "--variant", "nna", "--seats", "3", "--bots", "greedy,random", "--seed", "8"]
    result = CliRunner().invoke(nerts, [*args, "--speed", "2.5"])
    assert result.exit_code == 0, result.output
    (app,) = started
    assert isinstance(app, PlayApp)
    assert app.session.variant == nl.variants.get("nna")
    assert (app.session.seats, app.session.bot_names, app.session.seed) == (
        3,
        ("greedy", "random"),
        8,
    )
    assert app.speed == 2.5
    CliRunner().invoke(nerts, ["play", "--seats", "4", "--bots", "random"])
    assert started[1].session.bot_names == ("random",) * 3


def test_watch_command_seeded_and_from_a_file(started, tmp_path):
    result = CliRunner().invoke(nerts, ["watch", "--seats", "2", "--seed", "4", "--speed", "9"])
    assert result.exit_code == 0, result.output
    assert started[0].replay == record_hand("standard", 2, 4, [nl.greedy_bot] * 2)
    assert started[0].speed == 9.0
    path = tmp_path / "hand.json"
    saved = record_hand("nna", 3, 2, [nl.greedy_bot] * 3)
    path.write_text(nl.to_json(saved), encoding="utf-8")
    result = CliRunner().invoke(nerts, ["watch", str(path)])
    assert result.exit_code == 0, result.output
    assert started[1].replay == saved
    result = CliRunner().invoke(
        nerts, ["watch", "--seats", "2", "--bots", "greedy,random", "--seed", "1"]
    )
    assert result.exit_code == 0
    assert started[2].replay.final().is_over
    top = str(2**64 - 1)  # the largest seed: every bot's seed stays below 2**64 too
    result = CliRunner().invoke(nerts, ["watch", "--seats", "2", "--bots", "random", "--seed", top])
    assert result.exit_code == 0, result.output
    assert started[3].replay.seed == 2**64 - 1


def test_watch_command_bad_file(started, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"schema": 1}), encoding="utf-8")
    result = CliRunner().invoke(nerts, ["watch", str(path)])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"nerts watch: error: {path}: ")
    assert result.stderr.count("\n") == 1
    result = CliRunner().invoke(nerts, ["watch", str(tmp_path / "none.json")])
    assert result.exit_code == 1
    assert "cannot read" in result.stderr
    assert started == []
