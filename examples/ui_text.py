"""A tiny text UI: draw your seat's view and its moves, read a move; a bot plays the other seat.

Run it with ``python examples/ui_text.py`` (``--seed`` picks the deal). Type a move's number
from the list, or its notation (``0:turn``); ``h`` plays the move the greedy bot would
(a hint), ``w`` waits a moment (only the other player moves), ``q`` quits. It reads standard
input line by line, so a script plays too: ``printf '1\\nh\\nq\\n' | python
examples/ui_text.py``. It needs only nertslib.

The UI never holds more than a player may see: it draws ``nl.view(state, ME)`` and lists
``nl.legal_moves(view, ME)``; only the referee part (``check``, ``apply``, the stuck test)
reads the whole position, as a server would.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator

import nertslib as nl

ME, OTHER = 0, 1


def draw_pile(face_down: int, cards: tuple[nl.Card, ...]) -> str:
    """A work pile bottom to top: ``## ##`` for face-down cards, then the face-up ones."""
    shown = ["##"] * face_down + [str(card) for card in cards]
    return " ".join(shown) if shown else "·"


def draw_seat(seen: nl.SeatView, name: str) -> list[str]:
    """The lines of one seat: its Nerts pile, work piles, stock and waste, as far as seen."""
    if seen.nerts_top is None:
        nerts = "empty"
    else:
        nerts = f"{seen.nerts_top}  (+{seen.hidden_nerts} face down)"
    waste = " ".join(str(card) for card in seen.visible_waste[-3:]) or "·"
    work = " | ".join(
        draw_pile(down, pile)
        for down, pile in zip(seen.face_down_counts, seen.work_piles, strict=True)
    )
    return [
        name,
        f"  Nerts  {nerts}",
        f"  work   {work}",
        f"  stock  {seen.stock_size}   waste {waste}  ({seen.waste_size} cards)",
    ]


def draw(seen: nl.View) -> str:
    """The whole picture of one seat's view: foundations first, then every seat."""
    tops = "  ".join(f"F{i} {pile[-1]}" for i, pile in enumerate(seen.foundations))
    tops = tops or "none yet"
    lines = [f"foundations: {tops}"]
    for seat, layout in enumerate(seen.seats):
        lines += draw_seat(layout, "you" if seat == seen.seat else f"seat {seat}")
    return "\n".join(lines)


def read_move(answer: str, moves: tuple[nl.Move, ...], mine: nl.View) -> nl.Move | None:
    """The move a player typed (a number, notation, ``h``), None to wait; else ValueError."""
    if answer == "w":
        return None
    if answer == "h":
        hint = nl.greedy_bot(mine, ME)  # the bot sees exactly what the player sees
        print(f"hint: {hint or 'wait'}")
        return hint
    if answer.isdigit():
        number = int(answer)
        if not 1 <= number <= len(moves):
            raise ValueError(f"no move {number}: pick 1 to {len(moves)}")
        return moves[number - 1]
    move = nl.Move.parse(answer)  # its ValueError says what is wrong with the notation
    if move.seat != ME:
        raise ValueError(f"you play seat {ME}, not seat {move.seat}")
    return move


def other_player(state: nl.GameState) -> nl.GameState:
    """The bot at the other seat answers with one move, if it has one (the referee's part)."""
    if nl.is_stuck(state, OTHER):  # a stuck bot waits, as the library's driver lets it
        return state
    reply = nl.greedy_bot(nl.view(state, OTHER), OTHER)
    if reply is None:
        return state
    print(f"seat {OTHER}: {reply.describe()}")
    return nl.apply(state, reply)


def turn(state: nl.GameState, answer: str, moves: tuple[nl.Move, ...]) -> nl.GameState:
    """Play the player's answer (if it is a move), then the other seat's reply."""
    try:
        move = read_move(answer, moves, nl.view(state, ME))
    except ValueError as error:
        print(f"? {error}")
        return state
    if move is not None:
        rejection = nl.check(state, move)
        if rejection is not None:
            print(f"refused: {rejection.message}")
            return state
        state = nl.apply(state, move)
        print(f"you: {move.describe()}")
    state = other_player(state)
    if nl.all_stuck(state):
        print("everyone is stuck: the stocks are rotated")
        state = nl.resolve_stalemate(state)
    return state


def play(seed: int, answers: Iterator[str]) -> nl.GameState:
    """The UI loop: draw, list the moves, read an answer, until the hand ends or input does."""
    state = nl.deal("standard", seats=2, seed=seed)
    drawn = None
    moves: tuple[nl.Move, ...] = ()
    while not nl.is_over(state):
        if state is not drawn:  # redraw only when the position changed
            mine = nl.view(state, ME)
            moves = tuple(nl.legal_moves(mine, ME))
            print()
            print(draw(mine))
            for number, move in enumerate(moves, start=1):
                print(f"  {number:2}. {move.describe():48} {move}")
            drawn = state
        print("your move (number, notation, h = hint, w = wait, q = quit):")
        answer = next(answers, "q").strip()
        if answer == "q":
            break
        state = turn(state, answer, moves)
    return state


def main() -> None:
    """Play one hand at seat 0 against the greedy bot, reading moves from standard input."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=29)
    args = parser.parse_args()
    final = play(args.seed, iter(sys.stdin))
    result = nl.outcome(final)
    if result is None:
        print(f"\nstopped; the score so far: {nl.hand_scores(final)}")
    else:
        print(f"\nhand over ({result.reason.value}); scores: {result.scores}")


if __name__ == "__main__":
    main()
