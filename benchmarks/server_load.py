"""A player's move round trip on a real server while many spectators watch (a load test).

Needs the server extra::

    pip install -e ".[server]"
    python benchmarks/server_load.py                   # 200 watchers, 100 moves
    python benchmarks/server_load.py --watchers 3      # the same with 3 connections

It starts ``python -m nertslib.server`` on a free loopback port (two human seats, no bots, no
history), connects ``--watchers`` spectators that read everything they are sent, seats two
players who press Ready, and then one player makes ``--moves`` moves at a person's pace (one
every ``--gap`` seconds, under the server's rate limit). For each move it measures the
*round trip*: from sending the move to receiving its ``result``; and the *broadcast*: from
sending it to the moment the last watcher has received an update that shows it. It prints the
p50, p95 and max of both, then stops the server; it asserts nothing (a benchmark, not a test).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from typing import Any

import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "nertslib.server", "--port", str(port), "--seats", "2"]
    command += ["--bots", "0", "--no-db", "--quiet", "--max-connections", "2000"]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
                return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


class Watcher:
    """A spectator that reads everything and notes when it saw each move."""

    def __init__(self) -> None:
        self.seen: dict[str, float] = {}  # event "seq" -> when this watcher received it

    async def run(self, url: str, ready: asyncio.Event, stop: asyncio.Event) -> None:
        async with websockets.connect(url, max_size=None) as ws:
            await ws.send(json.dumps({"type": "join", "watch": True}))
            ready.set()
            while not stop.is_set():
                try:
                    text = await asyncio.wait_for(ws.recv(), 0.5)
                except TimeoutError:
                    continue
                now = time.perf_counter()
                message = json.loads(text)
                for event in message.get("events", ()):
                    self.seen.setdefault(f"{message['hand']}:{event['seq']}", now)


async def seat(url: str, seat_no: int) -> tuple[Any, str]:
    ws = await websockets.connect(url, max_size=None)
    await ws.send(json.dumps({"type": "join", "seat": seat_no, "name": f"P{seat_no}"}))
    while (message := json.loads(await ws.recv()))["type"] != "welcome":
        pass
    token = message["token"]
    await ws.send(json.dumps({"type": "ready", "token": token}))
    return ws, token


async def drain(ws: Any) -> None:
    """Read and drop everything ``ws`` is sent."""
    async for _ in ws:
        pass


class Player:
    """A seated player: reads its messages, keeps the latest update, makes one move at a time."""

    def __init__(self, ws: Any, token: str) -> None:
        self.ws, self.token = ws, token
        self.latest: dict[str, Any] = {}
        self.last_seq = -1

    async def read(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(await self.ws.recv())
        if message["type"] == "update":
            self.latest = message
        return message

    async def move(self) -> tuple[float, float, str] | None:
        """One move: (sent, its result received, its event key), or ``None`` if none is left."""
        while not self.latest.get("playing"):
            await self.read()
        choice = next((m for m in self.latest["moves"] if m.endswith((":turn", ":restock"))), None)
        if choice is None:
            return None
        sent = time.perf_counter()
        await self.ws.send(json.dumps({"type": "move", "move": choice, "token": self.token}))
        answered, key = None, None
        while answered is None or key is None:
            message = await self.read()
            if message["type"] == "error":
                raise SystemExit(f"the server refused a move: {message['message']}")
            if message["type"] == "result":
                answered = time.perf_counter()
            for event in message.get("events", ()):
                if event["seq"] > self.last_seq and event["move"] == choice:
                    key = f"{message['hand']}:{event['seq']}"
                self.last_seq = max(self.last_seq, event["seq"])
        return sent, answered, key


async def play(player: Player, moves: int, gap: float) -> list[tuple[float, float, str]]:
    """Make ``moves`` moves at one every ``gap`` seconds."""
    done: list[tuple[float, float, str]] = []
    while len(done) < moves:
        made = await player.move()
        if made is None:
            break
        done.append(made)
        await asyncio.sleep(gap)
    return done


def summary(name: str, values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return (
        f"{name:<10} p50 {statistics.median(ms):7.1f} ms   p95 {p95:7.1f} ms   "
        f"max {ms[-1]:7.1f} ms   ({len(ms)} moves)"
    )


async def measure(port: int, watchers: int, moves: int, gap: float) -> None:
    url = f"ws://127.0.0.1:{port}/ws"
    stop = asyncio.Event()
    crowd = [Watcher() for _ in range(watchers)]
    joined = [asyncio.Event() for _ in crowd]
    tasks = [asyncio.create_task(w.run(url, r, stop)) for w, r in zip(crowd, joined, strict=True)]
    for r in joined:
        await r.wait()
    (player, token), (other, _) = await seat(url, 0), await seat(url, 1)
    reader = asyncio.create_task(drain(other))  # the second player reads what it is sent
    started = time.perf_counter()
    done = await play(Player(player, token), moves, gap)
    elapsed = time.perf_counter() - started
    await asyncio.sleep(1.0)  # let the last updates arrive
    stop.set()
    await asyncio.gather(*tasks)
    reader.cancel()
    await player.close()
    await other.close()
    trips = [answered - sent for sent, answered, _ in done]
    spread = [
        max((w.seen.get(key, float("inf")) for w in crowd), default=sent) - sent
        for sent, _, key in done
    ]
    missed = sum(1 for s in spread if s == float("inf"))
    print(f"{watchers} watchers, {len(done)} moves in {elapsed:.1f} s")
    print(summary("round trip", trips))
    print(summary("broadcast", [s for s in spread if s != float("inf")]))
    if missed:
        print(f"{missed} moves were not seen by every watcher")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--watchers", type=int, default=200)
    parser.add_argument("--moves", type=int, default=100)
    parser.add_argument(
        "--gap", type=float, default=0.1, help="seconds between moves (>= 1/12: the rate limit)"
    )
    args = parser.parse_args()
    port = free_port()
    server = start_server(port)
    try:
        asyncio.run(measure(port, args.watchers, args.moves, args.gap))
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
