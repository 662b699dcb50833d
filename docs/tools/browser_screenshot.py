"""The screenshots of docs/browser.md: the lobby, and a hand on a desktop and on a phone.

Run from the repository root (needs the server-test extra and /usr/bin/chromium)::

    python docs/tools/browser_screenshot.py

It serves a seeded table (seat 0 for a person, two greedy bots) on a free loopback port,
presses Ready and plays seat 0 for a while by clicking its legal moves (foundation plays
first), then opens seat 0 again in a phone-sized window and the lobby, and writes
docs/_static/browser-hand.png, browser-phone.png and browser-lobby.png.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "docs" / "_static"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_up(url: str) -> None:
    for _ in range(100):
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"no server at {url}")


def play(page: Page, moves: int) -> None:
    for _ in range(moves):
        page.wait_for_selector("[data-move]")
        notations = page.locator("[data-move]").evaluate_all("bs => bs.map(b => b.dataset.move)")
        best = [m for m in notations if ">F" in m] or [m for m in notations if "@N>" in m]
        best = best or [m for m in notations if "@W>" in m] or notations
        page.locator(f'[data-move="{best[0]}"]').click()
        page.wait_for_timeout(700)


def main() -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "nertslib.server", "--port", str(port), "--seats", "3"]
    command += ["--bots", "2", "--seed", "2026", "--bot-delay", "1.2,2.4", "--no-db"]
    command += ["--grace", "0"]  # the phone takes seat 0 as soon as the desktop page leaves
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_up(url + "/")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            page = browser.new_page(viewport={"width": 1000, "height": 720})
            page.add_init_script("localStorage.setItem('nerts-name', 'Ann')")
            page.goto(f"{url}/?seat=0")
            page.locator("#ready").click()
            play(page, 14)
            card = page.locator("#mine .pile.work .card.mine").last
            card.click()  # a selected card, waiting for its target
            page.screenshot(path=str(STATIC / "browser-hand.png"))
            page.close()  # seat 0 is free again: the phone takes it
            phone = browser.new_page(viewport={"width": 390, "height": 780}, is_mobile=True)
            phone.goto(f"{url}/?seat=0")
            phone.wait_for_selector("#mine .seat")
            phone.wait_for_timeout(500)
            phone.screenshot(path=str(STATIC / "browser-phone.png"))
            lobby = browser.new_page(viewport={"width": 1000, "height": 520})
            lobby.goto(f"{url}/")
            lobby.wait_for_selector("[data-table]")
            lobby.locator("#create-panel summary").click()
            lobby.screenshot(path=str(STATIC / "browser-lobby.png"))
            browser.close()
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
