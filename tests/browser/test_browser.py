"""The game in a real browser: Playwright drives Debian's Chromium against a real server.

Each test starts ``python -m nertslib.server`` on a free port of 127.0.0.1 and opens one
browser context per person (separate storage: two people, not two tabs of one).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.server.support import CHROMIUM, RACE, REQUIRED, before_the_call, need, race_position

need("playwright.sync_api")
if not CHROMIUM.exists():
    if REQUIRED:
        msg = f"{CHROMIUM} is missing (apt-get install -y chromium)"
        raise RuntimeError(msg)
    pytest.skip(f"{CHROMIUM} is missing", allow_module_level=True)

from playwright.sync_api import Browser, Page, WebSocket, expect  # noqa: E402 - after the skip

import nertslib as nl  # noqa: E402
from tests.server.support import Servers  # noqa: E402

Serve = Servers
#: A bot that never moves during a test (the table stays as the test left it).
SLEEPY_BOT = ("--bot-delay", "600,600")
#: How long a page may take to show what the server sent (a wait for a condition, no timing).
WAIT = 15_000


def person(browser: Browser, url: str, errors: list[Any], **context: Any) -> Page:
    page = browser.new_context(**context).new_page()

    def on_error(error: Any) -> None:  # (Playwright refuses a bound builtin such as .append)
        errors.append(error)

    page.on("pageerror", on_error)
    page.goto(url)
    return page


def seated(browser: Browser, url: str, seat: int, errors: list[Any], **context: Any) -> Page:
    page = person(browser, f"{url}/?seat={seat}", errors, **context)
    expect(page.locator("#who")).to_have_text(f"you play seat {seat}", timeout=WAIT)
    return page


def ready(*pages: Page) -> None:
    """Each player presses Ready; then the hand is under way on every page."""
    for page in pages:
        page.locator("#ready[data-action=ready]").click()
    for page in pages:
        expect(page.locator("#hand-info")).to_contain_text("in play", timeout=WAIT)


def shows_view(page: Page, view: nl.View) -> None:
    """Wait until the page's latest update carries exactly ``view`` (as View JSON)."""
    expected = json.dumps(nl.to_data(view), separators=(",", ":"))
    page.wait_for_function(
        "e => window.nerts.update && JSON.stringify(window.nerts.update.view) === e",
        arg=expected,
        timeout=WAIT,
    )


def card_move(state: nl.GameState, seat: int) -> nl.Move:
    """A legal move of ``seat`` that takes a card onto a work pile or a new foundation."""
    return next(
        m
        for m in nl.legal_moves(state, seat)
        if m.kind is nl.MoveKind.PLAY and m.target in (nl.Zone.WORK, nl.Zone.NEW_FOUNDATION)
    )


def source_and_target(move: nl.Move) -> tuple[str, str]:
    source, _, target = str(move).partition("@")[2].partition(">")
    return source, target


def card_selector(move: nl.Move) -> str:
    source, _ = source_and_target(move)
    assert move.card is not None
    return f'#mine .card[data-source="{source}"][data-code="{move.card.code}"]'


def target_selector(move: nl.Move) -> str:
    _, target = source_and_target(move)
    where = "#foundation-piles" if target.startswith("F") else "#mine"
    return f'{where} [data-target="{target}"]'


def test_two_people_play_moves_that_both_see(
    serve: Serve, browser: Browser, page_errors: list[Any]
) -> None:
    url = serve("--seats", "2", "--bots", "0", "--seed", "6")
    ann, bob = seated(browser, url, 0, page_errors), seated(browser, url, 1, page_errors)
    ready(ann, bob)
    state = nl.deal("standard", 2, 6)
    # Ann clicks a move's data-move element; Bob sees her waste grow
    ann.locator('[data-move="0:turn"]').click()
    state = nl.apply(state, nl.Move.turn(0))
    expect(bob.locator('#others [data-seat="0"] .pile.waste .count')).to_have_text("3")
    shows_view(bob, nl.view(state, 1))
    # Bob clicks a card, then where it goes
    move = card_move(state, 1)
    bob.locator(card_selector(move)).click()
    expect(bob.locator(card_selector(move))).to_have_class("card mine selected")
    bob.locator(target_selector(move)).click()
    state = nl.apply(state, move)
    shows_view(ann, nl.view(state, 0))
    expect(ann.locator("#message")).to_contain_text("Seat 1: ")
    # Ann drags a card onto its target
    move = card_move(state, 0)
    ann.drag_and_drop(card_selector(move), target_selector(move))
    state = nl.apply(state, move)
    shows_view(bob, nl.view(state, 1))
    shows_view(ann, nl.view(state, 0))
    assert page_errors == []


def test_a_lost_race_shows_too_late(serve: Serve, browser: Browser, page_errors: list[Any]) -> None:
    url = serve("--bots", "0", "--position", race_position().to_nfen())
    ann, bob = seated(browser, url, 0, page_errors), seated(browser, url, 1, page_errors)
    ready(ann, bob)
    for page, move in zip((ann, bob), RACE, strict=True):
        expect(page.locator(f'[data-move="{move}"]')).to_have_count(1)
    # Bob picks up his 2♠ ... and Ann's 2♠ lands first: she drops it on the foundation area
    # (not on the pile itself), which plays it where it fits, RACE[0]
    bob.locator('#mine .card[data-source="P1"][data-code="2S"]').click()
    ann.drag_and_drop('#mine .card[data-source="N"][data-code="2S"]', "#center h2")
    expect(bob.locator("#foundations")).to_have_text("F0 2♠")
    bob.locator('#foundation-piles [data-target="F0"]').click()
    expect(bob.locator("#message")).to_contain_text("too late")
    expect(bob.locator("#message")).to_have_class("too-late")
    expect(ann.locator("#message")).not_to_contain_text("too late")
    expect(ann.locator("#foundations")).to_have_text("F0 2♠")
    assert page_errors == []


def test_a_hand_played_to_its_end_shows_the_scores_and_offers_the_next(
    serve: Serve, browser: Browser, page_errors: list[Any]
) -> None:
    before, call = before_the_call()
    url = serve("--bots", "0", "--position", before.to_nfen())
    caller = seated(browser, url, call.seat, page_errors)
    other = seated(browser, url, 1 - call.seat, page_errors)
    ready(caller, other)
    expect(caller.locator("#call")).to_be_visible()
    caller.locator(f'[data-move="{call}"]').click()
    scores = nl.hand_scores(nl.apply(before, call))
    for page, me in ((caller, call.seat), (other, 1 - call.seat)):
        expect(page.locator("#end")).to_be_visible()
        expect(page.locator("#end")).to_be_in_viewport()  # an overlay, not the page's bottom
        caller_name = "Seat {} (you)" if me == call.seat else "Seat {}"
        expect(page.locator("#scores")).to_contain_text(
            caller_name.format(call.seat) + " called Nerts"
        )
        for seat, score in enumerate(scores):
            name = f"Seat {seat} (you)" if seat == me else f"Seat {seat}"
            expect(page.locator("#scores tr").nth(seat + 1)).to_have_text(f"{name}{score}{score}")
        expect(page.locator("#scores tr.you")).to_have_count(1)
        expect(page.locator("#next-hand")).to_have_text("Ready for the next hand")
        expect(page.locator("[data-move]")).to_have_count(0)
    other.locator("#next-hand").click()  # one player's Ready deals nothing yet
    expect(other.locator("#next-hand")).to_have_text("Ready: waiting for the others")
    expect(caller.locator("#hand-info")).to_contain_text("hand 1 · hand over")
    caller.locator("#next-hand").click()
    for page in (caller, other):
        expect(page.locator("#hand-info")).to_contain_text("hand 2 · in play", timeout=WAIT)
        expect(page.locator("#end")).to_be_hidden()
        expect(page.locator("#hand-info")).to_contain_text(
            f"Seat 0 (you) {scores[0]}"
            if page is (caller if call.seat == 0 else other)
            else f"Seat 0 {scores[0]}"
        )
        expect(page.locator("[data-move]").first).to_be_visible()
    assert page_errors == []


def hidden_cards(state: nl.GameState) -> set[str]:
    """Every card a spectator may not see, as card code + owner (written independently)."""
    hidden: set[str] = set()
    for lay in state.seats:
        for pile in (lay.nerts_pile[:-1], lay.stock, lay.waste[:-1]):
            hidden.update(f"{card.code}{card.owner}" for card in pile)
    return hidden


def test_the_spectator_sees_no_hidden_card(
    serve: Serve, browser: Browser, page_errors: list[Any]
) -> None:
    url = serve("--seats", "2", "--bots", "1", "--seed", "6", *SLEEPY_BOT)
    ann = seated(browser, url, 0, page_errors)
    ready(ann)
    frames: list[str] = []
    spectator = person(browser, f"{url}/?watch", page_errors)

    def record(ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: frames.append(str(payload)))

    spectator.on("websocket", record)
    spectator.reload()
    expect(spectator.locator("#who")).to_have_text("watching", timeout=WAIT)
    state = nl.deal("standard", 2, 6)
    for notation in ("0:turn", "0:turn"):
        ann.locator(f'[data-move="{notation}"]').click()
        state = nl.apply(state, nl.Move.parse(notation))
        shows_view(ann, nl.view(state, 0))
    shows_view(spectator, nl.view(state, None))
    shown = set(spectator.locator("[data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)"))
    hidden = hidden_cards(state)
    assert len(hidden) > 80  # both stocks, the Nerts piles, Ann's waste below its top
    assert shown, "the spectator's page shows no card at all"
    assert not shown & hidden
    visible = {f"{c.code}{c.owner}" for sv in nl.view(state, None).seats for c in sv.cards}
    assert shown <= visible
    expect(spectator.locator("[data-move]")).to_have_count(0)
    expect(spectator.locator("#mine")).to_be_hidden()
    updates = [json.loads(f) for f in frames if '"type": "update"' in f]
    assert updates
    assert updates[-1]["view"] == nl.to_data(nl.view(state, None))
    assert not any("seed" in f or "nfen" in f.lower() for f in frames)
    assert page_errors == []


def test_a_move_for_a_seat_the_connection_did_not_join_is_refused(
    serve: Serve, browser: Browser, page_errors: list[Any]
) -> None:
    url = serve("--seats", "2", "--bots", "1", "--seed", "6", *SLEEPY_BOT)
    ann = seated(browser, url, 0, page_errors)
    ready(ann)
    ann.evaluate("nerts.sendMove('1:turn')")
    expect(ann.locator("#message")).to_have_text(
        "not your seat: this connection plays seat 0; 1:turn is a move of seat 1"
    )
    expect(ann.locator("#message")).to_have_class("refusal")
    # a huge message through the real server (uvicorn) gets an error message too
    ann.evaluate("nerts.send({type: 'move', move: '0:turn', pad: 'x'.repeat(100000)})")
    expect(ann.locator("#message")).to_contain_text(
        "too large: a message has at most 2048 characters"
    )
    # a second tab on Ann's seat is refused too: it lands in the lobby, and Ann plays on
    intruder = person(browser, f"{url}/?seat=0", page_errors)
    expect(intruder.locator("#notice")).to_contain_text("seat taken: seat 0 is taken", timeout=WAIT)
    expect(intruder.locator("[data-table]")).to_have_count(1)
    expect(intruder.locator("[data-move]")).to_have_count(0)
    ann.locator('[data-move="0:turn"]').click()
    state = nl.apply(nl.deal("standard", 2, 6), nl.Move.turn(0))
    shows_view(ann, nl.view(state, 0))  # seat 1's stock untouched: 1:turn did not happen
    assert page_errors == []


def test_the_page_fits_a_phone(serve: Serve, browser: Browser, page_errors: list[Any]) -> None:
    url = serve("--seats", "4", "--bots", "3", "--seed", "6", "--bot-delay", "0.3,0.6")
    phone = person(
        browser,
        f"{url}/?seat=0",
        page_errors,
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
    )
    expect(phone.locator("#who")).to_have_text("you play seat 0", timeout=WAIT)
    ready(phone)
    expect(phone.locator("#others .seat")).to_have_count(3)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    phone.locator('[data-move="0:turn"]').tap()
    expect(phone.locator("#mine .pile.waste .count")).to_have_text("3")
    assert page_errors == []
