"""``nerts play`` as a card table, driven by Textual's pilot (``App.run_test``): the keys, the
clicks, the boxes, and whole hands won from the keyboard alone and with the mouse alone
against a slowed bot (the test drives the bots' clock: ``timer=False``)."""

import asyncio
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from textual.events import Key

import nertslib as nl
from nertslib.cli import app as app_module
from nertslib.cli.app import nerts
from nertslib.cli.cards import Spot
from nertslib.cli.controls import KEYS, Controls, Step, Target
from nertslib.cli.dialogs import ConfirmQuit, HandOver, HelpScreen
from nertslib.cli.move_list import MOVE_KEYS, merge_moves
from nertslib.cli.play import PlayApp
from nertslib.cli.table_widgets import FoundationsArea, MovePanel, OwnLayout
from nertslib.moves import MoveKind, Zone

#: Seat 0 playing the greedy rule wins hand 0 of seed 4 against a greedy bot at speed 0.05
#: when the bots' clock advances one tick per move of seat 0.
WIN_SEED = 4
SLOW = 0.05
TURNS = (MoveKind.TURN, MoveKind.RESTOCK, MoveKind.ROTATE)


@pytest.fixture(autouse=True)
def keep_no_color(monkeypatch):
    """Textual pops NO_COLOR from the environment when an app starts: put it back after."""
    value = os.environ.get("NO_COLOR")
    if value is not None:
        monkeypatch.setenv("NO_COLOR", value)


def table(seed=29, seats=2, speed=1.0, variant="standard", **kw) -> PlayApp:
    bots = ("greedy",) * (seats - 1)
    return PlayApp(nl.Variant.from_spec(variant), seats, bots, seed, speed, timer=False, **kw)


def shown(app, selector: str) -> str:
    return str(app.query_one(selector).render())


def inside(app, selector: str) -> bool:
    region = app.query_one(selector).region
    return bool(region.width > 0 and app.screen.region.contains_region(region))


# --- the controls, without a screen ------------------------------------------------------------


def press(c: Controls, key: str, moves, piles) -> Step:
    step = c.press(key, moves, piles)
    assert step is not None
    return step


def picked(c: Controls) -> Spot | None:
    """Read afresh (mypy would keep an earlier narrowing of ``c.pick``)."""
    return c.pick


def top(app: PlayApp) -> object:
    """The screen on top, read afresh."""
    return app.screen


def test_controls_pick_then_put():
    state = nl.deal("standard", seats=2, seed=29)
    moves, piles = nl.legal_moves(state, 0), nl.view(state, 0).seats[0].work_piles
    c = Controls()
    assert press(c, "f", moves, piles).message.startswith("pick a card first")
    assert press(c, "n", moves, piles).message.startswith("picked your Nerts pile: ")
    assert picked(c) == Spot("nerts")
    step = press(c, "3", moves, piles)  # 2♠ does not go on 7♦
    assert (step.move, step.message) == (None, "nothing from your Nerts pile goes on pile 3")
    assert picked(c) == Spot("nerts")  # the pick stays for another target
    assert press(c, "2", moves, piles).move == nl.Move.parse("0:2S@N>P1")
    assert picked(c) is None
    assert press(c, "1", moves, piles).message == "nothing can move from pile 1 (Q♣) now"
    assert press(c, "4", moves, piles).message.startswith("picked pile 4 (A♠)")
    assert press(c, "4", moves, piles).message == "pick dropped"  # the same key again
    assert press(c, "escape", moves, piles).message == "nothing is picked"
    assert press(c, "space", moves, piles).move == nl.Move.turn(0)
    assert press(c, "enter", moves, piles).message.startswith("you can call Nerts once")
    assert c.press("x", moves, piles) is None
    assert c.send_home(Spot("pile", 3), moves, piles).move == nl.Move.parse("0:AS@P3>F+")
    assert c.put(Target("new"), moves, piles).message.startswith("pick a card first")


def test_controls_move_the_longest_run_and_every_key_is_in_the_help():
    a, b = nl.Move.parse("0:9C@P0>P2"), nl.Move.parse("0:8H@P0>P2")
    piles = [[nl.Card.parse("9C"), nl.Card.parse("8H")], [], []]
    c = Controls()
    c.pick = Spot("pile", 0)
    assert c.put(Target("pile", 2), [b, a], piles).move == a  # the deeper card: more cards
    c.pick = Spot("pile", 0, nl.Card.parse("8H"))  # a clicked card is exact
    assert c.put(Target("pile", 2), [b, a], piles).move == b
    keys = {key for key, _ in KEYS}
    for key in ("space", "n", "w", "1-9", "f", "Esc", "Enter", "A-Z", "p", "?", "q Ctrl-C"):
        assert key in keys


# --- the screen --------------------------------------------------------------------------------


@pytest.mark.parametrize(("size", "tall"), [((80, 24), True), ((120, 40), True)])
def test_the_table_fits_and_draws_cards(size, tall):
    async def scenario() -> None:
        app = table()
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            for part in ("#title", "#opponents", "#foundations", "#own", "#moves", "#status"):
                assert inside(app, part), part
            title = shown(app, "#title")
            assert "hand 1 · seed 29 · speed ×1.0" in title
            own = shown(app, "#own")
            assert ("╭───╮" in own) is tall  # tall cards when there is room
            assert "n Nerts 13" in own
            assert "│2♠ │" in own
            assert "seat 1 (greedy)   13 7♠" in shown(app, "#opponents")
            assert shown(app, "#moves").splitlines()[0] == "A A♠ pile 4 → new F"
            assert "you" in shown(app, "#scores")

    asyncio.run(scenario())


def test_the_table_follows_a_resize():
    async def scenario() -> None:
        app = table(seats=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("4", "f")
            own = shown(app, "#own")  # three seats at 80x24: tall work piles, a one-row top
            assert own.startswith("n Nerts 13 ")
            assert own.splitlines()[2].startswith("1 │Q♣ │")
            assert "╭" not in shown(app, "#foundations")
            await pilot.resize_terminal(120, 40)
            await pilot.pause()
            own = shown(app, "#own")
            assert own.startswith("n Nerts 13    space Stock 35")
            assert own.splitlines()[1].rstrip() == "╭───╮         ╭───╮             ╭┄┄┄╮"
            assert "╭───╮" in shown(app, "#foundations")

    asyncio.run(scenario())


@pytest.mark.parametrize(("variant", "seats"), [("pounce", 8), ("standard,work_piles=8", 6)])
def test_many_seats_fit_80x24_with_one_row_cards(variant, seats):
    async def scenario() -> None:
        app = table(seed=3, seats=seats, variant=variant)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(30):
                app.tick()
            await pilot.pause()
            for part in ("#title", "#own", "#moves", "#events", "#status", "#keys"):
                assert inside(app, part), part
            own = shown(app, "#own")
            assert "╭" not in own  # one-row cards
            piles = app.session.view.seats[0].work
            assert len(own.splitlines()) == 1 + len(piles)
            assert len(shown(app, "#opponents").splitlines()) == seats  # a header, then each

    asyncio.run(scenario())


def test_practice_alone():
    async def scenario() -> None:
        app = table(seats=1)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("4", "f")
            assert app.message == "you: A♠ pile 4 → new F"
            assert shown(app, "#opponents") == "practice: no opponent"
            assert shown(app, "#scores").splitlines()[1].split() == ["you", "-25", "0"]

    asyncio.run(scenario())


def test_keys_play_and_unknown_keys_say_so():
    async def scenario() -> None:
        app = table()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("x")
            assert shown(app, "#status") == "unknown key 'x': press ? for the keys"
            await pilot.press("4", "f")
            assert app.message == "you: A♠ pile 4 → new F"
            assert "F1 A♠" in shown(app, "#foundations")
            assert shown(app, "#events") == "you: A♠ pile 4 → new F"
            await pilot.press("space")
            assert app.session.table.events[-1].move == nl.Move.turn(0)
            await pilot.press("Z")
            assert app.message == "no move has the letter Z now"
            first = app.shown[0]
            assert first is not None
            await pilot.press(MOVE_KEYS[0])
            assert app.session.table.events[-1].move == first
            assert app.message.startswith("you: ")

    asyncio.run(scenario())


def test_a_lost_race_says_so_and_the_letters_keep_their_moves():
    mine, theirs = nl.Move.parse("0:2S@N>F0"), nl.Move.parse("1:2S@P1>F0")

    async def scenario() -> None:
        app = table()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("4", "f")
            letter = MOVE_KEYS[app.shown.index(mine)]
            app.session.table.submit(theirs)  # the bot plays its 2♠ first
            app.redraw()
            assert mine in app.shown  # the letter still means the same move
            await pilot.press(letter)
            assert app.message == "too late: you lost the race for F1"
            assert shown(app, "#status") == "too late: you lost the race for F1"
            assert "you lost the race for F1" in shown(app, "#events")

    asyncio.run(scenario())


def test_pause_stops_the_whole_table_you_included():
    async def scenario() -> None:
        app = PlayApp(nl.Variant(), 2, ("greedy",), 29, 50.0)  # bots on the real timer
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("p")
            assert app.paused
            assert "PAUSED (p resumes)" in shown(app, "#title")
            before = len(app.session.table.events)
            await pilot.press("4", "f", "space")
            assert app.message == "paused: the whole table waits; p resumes"
            await pilot.pause(0.3)
            assert len(app.session.table.events) == before  # neither you nor the bots
            await pilot.press("p", "plus")
            assert app.speed == pytest.approx(50.0)  # capped
            await pilot.press("minus")
            assert app.speed == pytest.approx(50 / 1.5)
            for _ in range(3_000):  # wait for the timer, however busy the machine is
                if len(app.session.table.events) > before:
                    break
                await pilot.pause(0.02)
            assert any(e.seat == 1 for e in app.session.table.events)

    asyncio.run(scenario())


def test_help_shows_every_key_and_holds_the_table():
    async def scenario() -> None:
        app = table()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("question_mark")
            assert isinstance(top(app), HelpScreen)
            assert app.holds == 1
            text = str(app.screen.query_one("Static").render())
            for key, what in KEYS:
                assert what in text, key
            await pilot.press("4")  # closes the help; the key plays nothing
            assert not isinstance(top(app), HelpScreen)
            assert app.holds == 0
            assert app.session.table.events == ()

    asyncio.run(scenario())


@pytest.mark.parametrize("key", ["q", "ctrl+c"])
def test_quit_asks_then_returns_the_match_summary(key):
    async def scenario() -> None:
        app = table()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press(key)
            assert isinstance(top(app), ConfirmQuit)
            await pilot.press("n")
            assert not isinstance(top(app), ConfirmQuit)
            assert app.is_running
            await pilot.press(key, "y")
        assert app.return_value == (
            "Nerts match: 0 hands scored (the hand in play is not scored)\n"
            "  totals: you 0, seat 1 (greedy) 0\n"
            "  winner: none yet (the match goes to 100 points)"
        )

    asyncio.run(scenario())


def test_a_key_typed_ahead_of_a_box_goes_to_the_box():
    async def scenario() -> None:
        app = table()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("q")
            assert isinstance(top(app), ConfirmQuit)
            app.on_key(Key("y", "y"))  # "qy" in one go: the y reached the table's screen
            await pilot.pause()
        assert app.return_value is not None
        assert app.return_value.startswith("Nerts match: 0 hands scored")

    asyncio.run(scenario())


def test_the_play_command_prints_the_summary_on_the_normal_screen(monkeypatch):
    monkeypatch.setattr(app_module, "on_terminal", lambda: True)
    monkeypatch.setattr(PlayApp, "run", lambda self: self.summary)
    result = CliRunner().invoke(nerts, ["play", "--seed", str(2**64 - 1)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Nerts match: 0 hands scored")
    result = CliRunner().invoke(nerts, ["play", "--seed", str(2**64)])
    assert result.exit_code == 2
    assert "not in the range" in result.stderr


# --- whole hands -------------------------------------------------------------------------------


def keys_for(app: PlayApp, move: nl.Move) -> list[str]:
    """The keys that play ``move`` now: the direct controls if they come to it, else its
    letter in the move list."""
    moves = app.session.moves()
    piles = app.session.view.seats[0].work_piles
    if move.kind in TURNS:
        tries = [["space"]]
    elif move.kind is MoveKind.CALL:
        tries = [["enter"]]
    else:
        letters = {Zone.NERTS: "n", Zone.WASTE: "w"}
        source = letters.get(move.source, str(move.source_index + 1)) if move.source else "?"
        target = "f" if move.to_foundation else str(move.target_index + 1)
        tries = [[source, target]] if move.target is not Zone.UNDER else []
    for keys in tries:
        c, step = Controls(), None
        for key in keys:
            step = c.press(key, moves, piles)
        if step is not None and step.move == move:
            return keys
    return [MOVE_KEYS[app.shown.index(move)]]


async def play_hand(app: PlayApp, pilot, act) -> None:
    """Seat 0 plays the greedy rule through ``act`` (keys or clicks); one bot tick a move."""
    for _ in range(2_000):
        if app.session.table.is_over:
            return
        move = nl.greedy_bot(app.session.view, 0)  # the plan, from what the person sees
        if move is not None:
            before = len(app.session.table.events)
            await act(app, pilot, move)
            assert app.session.table.events[before].move == move, app.message
        app.tick()
        await pilot.pause()
    raise AssertionError("the hand did not end")


async def by_keys(app, pilot, move) -> None:
    await pilot.press(*keys_for(app, move))


def test_a_whole_hand_won_from_the_keyboard_alone():
    async def scenario() -> None:
        app = table(seed=WIN_SEED, speed=SLOW)
        async with app.run_test(size=(120, 40)) as pilot:
            await play_hand(app, pilot, by_keys)
            result = app.session.result
            assert result is not None
            assert result.caller == 0  # you called Nerts
            assert result.scores[0] > result.scores[1]
            assert any(e.seat == 1 and e.accepted for e in app.session.table.events)
            await pilot.pause()
            assert isinstance(top(app), HandOver)
            box = str(app.screen.query_one("Static").render())
            assert box.startswith("Hand 1 over\n\nyou called Nerts.")
            assert "Enter or n: next hand" in box
            assert app.shown == ()  # no stale move stays listed
            assert shown(app, "#moves") == "the hand is over: Enter shows the scores"
            await pilot.press("t")  # look at the table; a key brings the box back
            assert not isinstance(top(app), HandOver)
            await pilot.press("space")
            assert isinstance(top(app), HandOver)
            await pilot.press("enter")
            assert app.session.hand == 1
            assert "hand 2 · seed 5" in shown(app, "#title")
            assert app.session.match.hands == (result.scores,)

    asyncio.run(scenario())


def centre(app: PlayApp, spot: Spot) -> tuple[int, int]:
    """Where to click ``spot`` on your layout (the card itself, when the spot names one)."""
    for x0, y0, x1, y1, hit in app.query_one(OwnLayout).block.hits:
        if hit == spot:
            return (x0 + x1) // 2, (y0 + y1) // 2
    raise AssertionError(f"{spot} is not drawn")


async def by_mouse(app, pilot, move) -> None:
    layout = app.query_one(OwnLayout)
    if move.kind in TURNS:
        await pilot.click(OwnLayout, offset=centre(app, Spot("stock")))
    elif move.kind is MoveKind.CALL:
        await pilot.click(OwnLayout, offset=centre(app, Spot("nerts")))
    elif move.target is Zone.UNDER:
        await pilot.click(MovePanel, offset=(2, app.query_one(MovePanel).lines.index(move)))
    else:
        place = {Zone.NERTS: "nerts", Zone.WASTE: "waste"}.get(move.source, "pile")
        card = move.card if place == "pile" else None
        source = Spot(place, move.source_index if place == "pile" else 0, card)
        if move.to_foundation:
            await pilot.click(OwnLayout, offset=centre(app, source), times=2)
            return
        await pilot.click(OwnLayout, offset=centre(app, source))
        target = [h for *_, h in layout.block.hits if h.place == "pile"]
        spot = next(h for h in target if h.index == move.target_index)
        await pilot.click(OwnLayout, offset=centre(app, spot))


def test_a_whole_hand_played_with_the_mouse():
    async def scenario() -> None:
        app = table(seed=WIN_SEED, speed=SLOW)
        async with app.run_test(size=(120, 40)) as pilot:
            await play_hand(app, pilot, by_mouse)
            result = app.session.result
            assert result is not None
            assert result.caller == 0
            assert any(e.seat == 1 and e.accepted for e in app.session.table.events)

    asyncio.run(scenario())


def test_clicks_pick_put_and_send_home():
    async def scenario() -> None:
        app = table()
        async with app.run_test(size=(80, 24)) as pilot:
            ace = Spot("pile", 3, nl.Card.parse("AS"))
            await pilot.click(OwnLayout, offset=centre(app, ace))
            assert app.controls.pick == ace
            await pilot.click(FoundationsArea)
            assert app.message == "you: A♠ pile 4 → new F"
            await pilot.click(OwnLayout, offset=centre(app, Spot("nerts")))
            await pilot.click(OwnLayout, offset=centre(app, Spot("pile", 1, nl.Card.parse("3H"))))
            assert app.message == "you: 2♠ Nerts → pile 2"
            await pilot.click(OwnLayout, offset=centre(app, Spot("stock")))
            assert app.session.table.events[-1].move == nl.Move.turn(0)
            queen = Spot("pile", 0, nl.Card.parse("QC"))
            three = Spot("pile", 1, nl.Card.parse("3H"))
            app.controls.pick = three  # a click on another card of a picked pile picks afresh
            assert app.controls.picked_elsewhere(queen)
            assert not app.controls.picked_elsewhere(Spot("pile", 1, nl.Card.parse("2S")))
            first = app.query_one(MovePanel).lines[0]
            await pilot.click(MovePanel, offset=(2, 0))
            assert app.session.table.events[-1].move == first

    asyncio.run(scenario())


def test_merge_moves_keeps_letters_and_fills_holes():
    a, b, c, d = (nl.Move.parse(t) for t in ("0:turn", "0:AS@N>F+", "0:2S@N>F0", "0:3S@N>F1"))
    slots, stale = merge_moves((), (a, b), frozenset())
    assert (slots, stale) == ((a, b), frozenset())
    slots, stale = merge_moves(slots, (a,), stale)  # b went stale: it keeps its letter once
    assert (slots, stale) == ((a, b), frozenset({b}))
    slots, stale = merge_moves(slots, (a, c), stale)  # b leaves; c takes its letter
    assert (slots, stale) == ((a, c), frozenset())
    slots, stale = merge_moves(slots, (c, d), stale)  # a went stale, d is new at the end
    assert (slots, stale) == ((a, c, d), frozenset({a}))
    slots, stale = merge_moves(slots, (c,), stale)  # a leaves a hole, d goes stale
    assert (slots, stale) == ((None, c, d), frozenset({d}))
    slots, _ = merge_moves(slots, (c,), stale)  # trailing holes are dropped
    assert slots == (None, c)


def test_the_command_line_page_lists_every_key():
    page = (Path(__file__).parent.parent / "docs" / "cli.md").read_text(encoding="utf-8")
    for key, what in KEYS:
        assert f"| `{key}` | {what} |" in page, key


def test_the_table_honours_no_color(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")

    async def scenario() -> None:
        app = table()
        async with app.run_test(size=(80, 24)):
            assert app.no_color

    asyncio.run(scenario())


def test_bots_from_module_function_specs(monkeypatch):
    """``--bots`` takes what the shared registry (``nertslib.bots.make_bot``) takes."""
    monkeypatch.setattr(app_module, "on_terminal", lambda: True)
    apps: list[PlayApp] = []
    monkeypatch.setattr(PlayApp, "run", lambda self: apps.append(self))  # noqa: PLW0108
    specs = "nertslib.bots:greedy_bot,nertslib:SearchBot(budget_ms=None, iterations=4)"
    result = CliRunner().invoke(nerts, ["play", "--seats", "3", "--bots", specs])
    assert result.exit_code == 0, result.output
    greedy, search = apps[0].session.bots
    assert greedy is nl.greedy_bot
    assert isinstance(search, nl.SearchBot)
    assert apps[0].names == (
        "you",
        "seat 1 (nertslib.bots:greedy_bot)",
        "seat 2 (nertslib:SearchBot(budget_ms=None, iterations=4))",
    )
    result = CliRunner().invoke(nerts, ["play", "--bots", "nosuch_module_x:make"])
    assert result.exit_code == 2
    assert result.stderr.startswith("nerts play: error: Invalid value for '--bots': ")
    assert result.stderr.count("\n") == 1
