"""A host's main loop: players who see only their views, moves that race, batches, cards in the air.

Run it with ``python examples/host_server.py`` (``--seed``, ``--seats``). It needs only
nertslib; the network is simulated, so the run is the same for the same seed.

The host keeps the one true position in a :class:`nertslib.Table`. Each player (here a greedy
bot at a human pace) is a client: the host sends it the view of its seat as a line of text
(``View.to_nfen``) and the table's events filtered for its seat (``event_for_seat``), and the
client answers with a move in notation, which reaches the host after the player's reaction
time. Moves that reach the host within one frame (``FRAME`` seconds) are settled together as
a batch (``Table.submit_batch``), so two equal cards played at once both stay on the
foundation (a tie); a card that comes later is "too late". After a call of Nerts, moves that
arrive within ``call_grace`` seconds still count (cards in the air).
"""

from __future__ import annotations

import argparse
import heapq

import nertslib as nl
from nertslib.table import Event, Table, event_for_seat

FRAME = 0.1  # seconds: moves arriving within one frame (a network tick) are one batch
CALL_GRACE = 0.25  # seconds after a call during which moves in the air still land


class Clock:
    """The simulated time in seconds, set by the loop; the table reads it."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Client:
    """One player's end of the connection: what it was sent, and its bot."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.pace = nl.Pace(seed=seed + seat)  # this player's reaction times
        self.view_text = ""  # the last view the host sent, as NFEN
        self.told: list[str] = []  # the events the host sent, one line each

    def decide(self) -> tuple[str | None, float]:
        """The move this player sends (notation, or None to wait) and how long it takes."""
        seen = nl.View.from_nfen(self.view_text)  # all the client ever has
        move = nl.greedy_bot(seen, self.seat)
        return (None if move is None else str(move)), self.pace.delay(move)


def verdict(event: Event) -> str:
    """How a host would word an event for the players."""
    if event.move is None:
        return "everyone was stuck: stocks rotated"
    if event.rejection is None:
        return f"{event.move}"
    if event.rejection.reason is nl.Reason.RACE_LOST:
        return f"{event.move} too late"
    return f"{event.move} refused ({event.rejection.reason.value})"


def connect(table: Table, clients: list[Client]) -> None:
    """Push every change to every client: its own view, and the events it may see."""

    def push(event: Event) -> None:
        for client in clients:
            shown = event_for_seat(event, client.seat)  # others' refused moves stay private
            if shown is not None:
                client.told.append(f"{shown.time:6.2f}s  {verdict(shown)}")
            client.view_text = nl.view(table.state, client.seat).to_nfen()

    table.subscribe(push)
    for client in clients:
        client.view_text = nl.view(table.state, client.seat).to_nfen()


def next_frame(arrivals: list[tuple[float, int, int, str]]) -> list[tuple[float, int, str]]:
    """Take the moves that arrive within one frame of the earliest one, in arrival order."""
    first = arrivals[0][0]
    frame = []
    while arrivals and arrivals[0][0] < first + FRAME:
        time, _, seat, text = heapq.heappop(arrivals)
        frame.append((time, seat, text))
    return frame


def ties(events: tuple[Event, ...]) -> list[Event]:
    """The accepted foundation moves that tied with an equal card of the same batch."""
    landed: dict[tuple[int, int | None, str], int] = {}
    found = []
    for event in events:
        move = event.move
        if move is None or not event.accepted or not move.to_foundation or move.card is None:
            continue
        key = (event.batch, move.target_index, move.card.code)
        if key in landed:
            found.append(event)
        landed[key] = event.seq
    return found


def host(seed: int, seats: int) -> tuple[Table, list[Client]]:
    """Run one hand: clients decide, their moves travel, the host settles them frame by frame."""
    clock = Clock()
    table = Table(nl.deal("standard", seats=seats, seed=seed), clock=clock, call_grace=CALL_GRACE)
    clients = [Client(seat, seed) for seat in range(seats)]
    connect(table, clients)
    arrivals: list[tuple[float, int, int, str]] = []  # (time, tie-break, seat, move or "")
    sent = 0

    def send(client: Client) -> None:
        nonlocal sent
        text, delay = client.decide()
        heapq.heappush(arrivals, (clock.now + delay, sent, client.seat, text or ""))
        sent += 1

    for client in clients:
        send(client)
    # after the call the host still receives what is on its way (the table takes what
    # arrives within call_grace and refuses the rest), but nobody acts any more
    while arrivals and sent < 20_000:
        frame = next_frame(arrivals)
        clock.now = frame[-1][0]
        moves = [nl.Move.parse(text) for _, _, text in frame if text]
        if moves:
            table.submit_batch(moves)  # one frame, one batch: equal cards tie
        table.resolve_stalemate()  # a no-op unless every seat is stuck
        for _, seat, _ in frame:
            if not table.is_over:
                send(clients[seat])  # the player looks at its new view and acts again
    return table, clients


def main() -> None:
    """Host one hand and print what happened, as the host and as the players saw it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--seats", type=int, default=3)
    args = parser.parse_args()
    table, clients = host(args.seed, args.seats)
    state = table.state
    events = table.events
    late = [e for e in events if e.rejection and e.rejection.reason is nl.Reason.RACE_LOST]
    print(state)
    print(f"{len(events)} moves received in {events[-1].batch + 1} batches, {len(late)} too late")
    for event in ties(events):
        print(f"  tie at {event.time:6.2f}s: {event.move} kept beside an equal card")
    call = next(e for e in events if e.move is not None and e.move.kind is nl.MoveKind.CALL)
    print(f"seat {call.seat} called Nerts at {call.time:.2f}s; what arrived after the call:")
    for event in events[call.seq + 1 :]:
        what = f"{event.move} landed (in the air)" if event.accepted else verdict(event)
        print(f"  +{event.time - call.time:.2f}s  seat {event.seat}: {what}")
    print(f"scores: {nl.hand_scores(state)}")
    for client in clients:
        print(f"seat {client.seat} was told {len(client.told)} of them: {client.told[-1]!r} last")
    last = clients[-1]
    print(f"what seat {last.seat}'s screen shows at the end:")
    print(nl.View.from_nfen(last.view_text))
    print(f"the replay ends in the table's position: {table.replay().final() == state}")


if __name__ == "__main__":
    main()
