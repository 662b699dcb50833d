"""Bots, the driver that plays hands and matches between them, and a tournament to rank them.

A bot is any callable ``bot(view, seat) -> Move | None`` (``None``: the seat waits), called with
``view = nertslib.view(state, seat)``: what its seat may see, never a hidden card. Bots here:
:func:`~nertslib.greedy_bot` (fast, deterministic), :class:`~nertslib.RandomBot`, and
:class:`~nertslib.SearchBot` (determinized Monte Carlo search over the view). :func:`make_bot`
builds them by name (:data:`BOT_NAMES`) or loads one from a module (``"module:name"``),
:class:`~nertslib.Pace` gives them a human-like reaction time, and :func:`tournament` measures
their strength over paired deals (see the Bots page of the docs).

>>> import nertslib as nl
>>> final, moves = nl.play_hand(nl.deal("standard", seats=2, seed=4), [nl.greedy_bot] * 2)
>>> final.is_over, nl.outcome(final).reason
(True, EndReason.NERTS)
"""

from nertslib.bots.basic import (
    Bot,
    PatientBot,
    RandomBot,
    greedy_bot,
    greedy_on_position,
    seat_view,
)
from nertslib.bots.driver import (
    END_REASONS,
    NO_PROGRESS_ROUNDS,
    DrivenHand,
    play_hand,
    play_match,
    record_hand,
    run_hand,
)
from nertslib.bots.pace import Pace
from nertslib.bots.registry import BOT_NAMES, make_bot
from nertslib.bots.search import SearchBot
from nertslib.bots.tournament import (
    BotStats,
    Difference,
    HandRecord,
    Interval,
    TournamentResult,
    tournament,
)

__all__ = [
    "BOT_NAMES",
    "END_REASONS",
    "NO_PROGRESS_ROUNDS",
    "Bot",
    "BotStats",
    "Difference",
    "DrivenHand",
    "HandRecord",
    "Interval",
    "Pace",
    "PatientBot",
    "RandomBot",
    "SearchBot",
    "TournamentResult",
    "greedy_bot",
    "greedy_on_position",
    "make_bot",
    "play_hand",
    "play_match",
    "record_hand",
    "run_hand",
    "seat_view",
    "tournament",
]
