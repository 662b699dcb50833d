"""The browser game as a place people meet, in real Chromium: the lobby, tables that wait for
Ready, a drop and a return, a history that survives a restart and replays, keys, a foreign
Origin refused, a burst answered, and a page whose own layout stays in view."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.server.support import CHROMIUM, REQUIRED, Servers, need

need("playwright.sync_api")
if not CHROMIUM.exists():
    if REQUIRED:
        msg = f"{CHROMIUM} is missing (apt-get install -y chromium)"
        raise RuntimeError(msg)
    pytest.skip(f"{CHROMIUM} is missing", allow_module_level=True)

from playwright.sync_api import Browser, Page, expect  # noqa: E402 - after the skip

import nertslib as nl  # noqa: E402
from tests.browser.test_browser import (  # noqa: E402
    SLEEPY_BOT,
    WAIT,
    card_move,
    person,
    ready,
    seated,
    shows_view,
)


def name_in_lobby(page: Page, name: str) -> None:
    page.locator("#name").fill(name)


def test_two_people_meet_in_the_lobby(
    serve: Servers, browser: Browser, page_errors: list[Any]
) -> None:
    url = serve("--seats", "2", "--bots", "1", *SLEEPY_BOT)
    ann = person(browser, f"{url}/", page_errors)
    expect(ann.locator("[data-table]")).to_have_count(1, timeout=WAIT)
    name_in_lobby(ann, "Ann")
    ann.locator("#create-panel summary").click()
    ann.locator("#create [name=seats]").fill("2")
    ann.locator("#create [name=bots]").fill("0")
    ann.locator("#create [name=code]").fill("owl")
    ann.locator("[data-action=create]").click()
    expect(ann.locator("#who")).to_have_text("you play seat 0", timeout=WAIT)
    expect(ann).to_have_url(re.compile(r"table=2&seat=0"))
    bob = person(browser, f"{url}/", page_errors)
    table = bob.locator('[data-table="2"]')
    expect(table).to_contain_text("Ann", timeout=WAIT)
    name_in_lobby(bob, "Bob")
    table.locator('[data-code="2"]').fill("owl")
    table.locator('[data-join="2:1"]').click()
    expect(bob.locator("#who")).to_have_text("you play seat 1", timeout=WAIT)
    # the table waits: no moves, and Ann is told whom for
    expect(bob.locator("[data-move]")).to_have_count(0)
    ann.locator("#ready").click()
    expect(bob.locator("#waiting-text")).to_have_text("waiting for Bob (you) to be ready")
    expect(ann.locator("#waiting-text")).to_have_text("waiting for Bob to be ready")
    bob.evaluate("nerts.sendMove('1:turn')")  # before the start: an error reply
    expect(bob.locator("#message")).to_contain_text("not started")
    bob.locator("#ready").click()
    for page in (ann, bob):
        expect(page.locator("#hand-info")).to_contain_text("in play", timeout=WAIT)
    ann.locator('[data-move="0:turn"]').click()
    expect(bob.locator("#message")).to_have_text("Ann turns the stock")
    expect(ann.locator("#message")).to_have_text("Ann (you) turns the stock")
    expect(bob.locator('#others [data-seat="0"] .name')).to_have_text("Ann")
    expect(bob.locator('#mine [data-seat="1"] .name')).to_have_text("Bob (you)")
    assert page_errors == []


def test_a_bot_table_waits_for_ready_and_scores_live(
    serve: Servers, browser: Browser, page_errors: list[Any]
) -> None:
    url = serve("--seats", "2", "--bots", "1", "--seed", "6")
    ann = seated(browser, url, 0, page_errors)
    expect(ann.locator("#waiting-text")).to_have_text("waiting for Seat 0 (you) to be ready")
    expect(ann.locator('[data-live="1"]')).to_have_text(
        f"{nl.hand_scores(nl.deal('standard', 2, 6))[1]} pts"
    )
    expect(ann.locator("#message")).to_have_text("")  # the bot has not moved
    ready(ann)
    expect(ann.locator("#message")).to_contain_text("Bot 1", timeout=WAIT)  # now it plays
    assert page_errors == []


def test_a_drop_and_a_return_within_the_grace(
    serve: Servers, browser: Browser, page_errors: list[Any]
) -> None:
    url = serve("--seats", "2", "--bots", "0", "--seed", "6", "--grace", "120")
    ann, bob = seated(browser, url, 0, page_errors), seated(browser, url, 1, page_errors)
    ready(ann, bob)
    bob.goto("about:blank")  # Bob's connection drops
    expect(ann.locator("#waiting")).to_contain_text("waiting for Seat 1 (away", timeout=WAIT)
    expect(ann.locator("#hand-info")).to_contain_text("paused")
    expect(ann.locator("[data-move]")).to_have_count(0)
    bob.go_back()  # the same tab comes back: its token takes the seat back
    expect(bob.locator("#who")).to_have_text("you play seat 1", timeout=WAIT)
    for page in (ann, bob):
        expect(page.locator("#hand-info")).to_contain_text("in play", timeout=WAIT)
        expect(page.locator("#waiting")).to_be_hidden()
    ann.locator('[data-move="0:turn"]').click()
    state = nl.apply(nl.deal("standard", 2, 6), nl.Move.turn(0))
    shows_view(bob, nl.view(state, 1))
    assert page_errors == []


def test_the_history_survives_a_restart_and_replays(
    serve: Servers, browser: Browser, page_errors: list[Any]
) -> None:
    bots = ("--seats", "2", "--bots", "2", "--seed", "3", "--bot-delay", "0,0")
    first = serve(*bots)
    watcher = person(browser, f"{first}/?watch", page_errors)
    expect(watcher.locator("#end")).to_be_visible(timeout=60_000)  # a hand was played out
    serve.stop(first)
    second = serve("--seats", "2", "--bots", "1")  # the same history file
    page = person(browser, f"{second}/history", page_errors)
    expect(page.locator("[data-match]").first).to_be_visible(timeout=WAIT)
    hand = page.locator("[data-hand]").first
    expect(hand).to_contain_text("hand 1: Bot 0")
    hand.click()
    expect(page).to_have_url(re.compile(r"/replay\?hand=\d+"))
    expect(page.locator("#replay-step")).to_have_text(re.compile(r"step 0 / \d+"), timeout=WAIT)
    expect(page.locator("#foundations")).to_have_text("none yet")
    page.locator('[data-action="step"]').click()
    expect(page.locator("#replay-step")).to_contain_text("step 1 /")
    page.locator('[data-action="play"]').click()
    expect(page.locator("#replay-step")).not_to_contain_text("step 1 /")
    page.locator('[data-action="play"]').click()  # pause
    expect(page.locator('[data-action="play"]')).to_have_text("play")
    expect(page.locator("#instructions")).to_be_hidden()
    expect(page.locator(".seat")).to_have_count(2)  # drawn by the table's own code
    expect(page.locator('[data-live="0"]')).to_have_text(re.compile(r"-?\d+ pts"))
    assert page_errors == []


def test_keyboard_play(serve: Servers, browser: Browser, page_errors: list[Any]) -> None:
    url = serve("--seats", "2", "--bots", "1", "--seed", "6", *SLEEPY_BOT)
    ann = seated(browser, url, 0, page_errors)
    ready(ann)
    ann.keyboard.press("?")
    expect(ann.locator("#keys")).to_be_visible()
    ann.keyboard.press("?")
    expect(ann.locator("#keys")).to_be_hidden()
    ann.keyboard.press(" ")
    state = nl.apply(nl.deal("standard", 2, 6), nl.Move.turn(0))
    shows_view(ann, nl.view(state, 0))
    move = card_move(state, 0)
    source, target = str(move).partition("@")[2].split(">")
    keys = {"N": "n", "W": "w"}.get(source) or str(int(source[1:]) + 1)
    aim = "f" if target.startswith("F") else str(int(target[1:]) + 1)
    ann.keyboard.press(keys)
    expect(ann.locator("#mine .card.selected")).to_have_count(1)
    ann.keyboard.press(aim)
    state = nl.apply(state, move)
    shows_view(ann, nl.view(state, 0))
    ann.keyboard.press("Enter")  # Nerts! with a full Nerts pile: refused, saying why
    expect(ann.locator("#message")).to_contain_text("refused")
    assert page_errors == []


def test_a_page_of_another_origin_is_refused(
    serve: Servers, browser: Browser, page_errors: list[Any]
) -> None:
    game = serve("--seats", "2", "--bots", "1", "--no-db")
    other = serve("--seats", "2", "--bots", "1", "--no-db")  # another port: another origin
    page = person(browser, f"{other}/", page_errors)
    script = """url => new Promise(done => {
        const ws = new WebSocket(url);
        ws.onclose = e => done([e.code, e.reason]);
    })"""
    code, reason = page.evaluate(script, game.replace("http", "ws") + "/ws")
    assert (code, reason) == (4003, "requests from that origin are refused")
    own = page.evaluate(
        """url => new Promise(done => {
            const ws = new WebSocket(url);
            ws.onopen = () => ws.send(JSON.stringify({type: "join", watch: true}));
            ws.onmessage = e => { done(JSON.parse(e.data).type); ws.close(); };
        })""",
        other.replace("http", "ws") + "/ws",
    )
    assert own == "welcome"
    assert page_errors == []


def test_a_burst_is_answered_and_the_connection_stays(
    serve: Servers, browser: Browser, page_errors: list[Any]
) -> None:
    url = serve("--seats", "2", "--bots", "1", "--no-db")
    page = person(browser, f"{url}/", page_errors)
    answers = page.evaluate(
        """url => new Promise(done => {
            const ws = new WebSocket(url);
            const errors = {};
            let count = 0;
            ws.onopen = () => {
                ws.send(JSON.stringify({type: "join", watch: true}));
                for (let i = 0; i < 400; i += 1) ws.send(JSON.stringify({type: "dance"}));
            };
            ws.onmessage = e => {
                const m = JSON.parse(e.data);
                if (m.type !== "error") return;
                errors[m.error] = (errors[m.error] || 0) + 1;
                count += 1;
                if (count === 400) done({errors, open: ws.readyState === WebSocket.OPEN});
            };
            ws.onclose = e => done({closed: e.code});
        })""",
        url.replace("http", "ws") + "/ws",
    )
    assert answers["open"] is True
    assert sum(answers["errors"].values()) == 400
    assert set(answers["errors"]) == {"bad_message", "rate_limited"}
    assert answers["errors"]["rate_limited"] > 300
    assert page_errors == []


def in_view(page: Page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    assert box is not None
    assert size is not None
    return bool(box["y"] >= 0 and box["y"] + box["height"] <= size["height"])


@pytest.mark.parametrize(
    "context",
    [
        {"viewport": {"width": 1280, "height": 800}},
        {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    ],
    ids=["desktop", "phone"],
)
def test_the_own_layout_and_moves_stay_in_view(
    serve: Servers, browser: Browser, page_errors: list[Any], context: dict[str, Any]
) -> None:
    url = serve("--seats", "4", "--bots", "3", "--seed", "6", *SLEEPY_BOT)
    ann = seated(browser, url, 0, page_errors, **context)
    ready(ann)
    expect(ann.locator("#others .seat")).to_have_count(3)
    assert in_view(ann, "#mine")
    assert in_view(ann, "#moves")
    waste = ann.locator("#mine .pile.waste")
    before = waste.bounding_box()
    for turns in (1, 2):
        ann.locator("#mine [data-action=stock]").click()
        expect(ann.locator("#mine .pile.waste .count")).to_have_text(str(3 * turns))
    after = waste.bounding_box()
    assert before is not None
    assert after is not None
    # the waste fans out without moving or growing (to a pixel's rounding)
    assert all(abs(after[k] - before[k]) < 1 for k in ("x", "y", "width", "height")), after
    overlaps = ann.evaluate(
        """() => {
            const hit = (a, b) =>
                a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
            const box = e => e.getBoundingClientRect();
            const badges = [...document.querySelectorAll(".count")].map(box);
            const ranks = [...document.querySelectorAll(".card .rank")].map(box);
            return badges.filter(b => ranks.some(r => hit(b, r))).length;
        }"""
    )
    assert overlaps == 0
    assert ann.evaluate("document.documentElement.scrollWidth") <= ann.viewport_size["width"]  # type: ignore[index]
    assert page_errors == []


def test_the_spectator_page_has_no_player_instructions(
    serve: Servers, browser: Browser, page_errors: list[Any]
) -> None:
    url = serve("--seats", "2", "--bots", "1")
    spectator = person(browser, f"{url}/?watch", page_errors)
    expect(spectator.locator("#who")).to_have_text("watching", timeout=WAIT)
    expect(spectator.locator("#instructions")).to_be_hidden()
    expect(spectator.locator("#ready")).to_be_hidden()
    expect(spectator.locator("#dock")).to_be_hidden()
    expect(spectator.locator("#waiting-text")).to_have_text(
        "waiting for an empty seat (0) to be ready"
    )
    assert page_errors == []


@pytest.mark.parametrize(
    ("path", "says"),
    [("/?seat=abc", 'there is no seat "abc"'), ("/?seat=7", "no such seat: seats are 0..1")],
)
def test_bad_seats_lead_to_the_lobby(
    serve: Servers, browser: Browser, page_errors: list[Any], path: str, says: str
) -> None:
    url = serve("--seats", "2", "--bots", "1", "--no-db")
    page = person(browser, f"{url}{path}", page_errors)
    expect(page.locator("#notice")).to_contain_text(says, timeout=WAIT)
    expect(page.locator("[data-table]")).to_have_count(1)
    expect(page.locator('[data-join="1:0"]')).to_be_visible()
    assert page_errors == []
