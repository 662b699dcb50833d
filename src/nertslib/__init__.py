"""nertslib: the rules of the card game Nerts as pure functions over frozen values.

>>> import nertslib as nl
>>> state = nl.deal(nl.variants.get("standard"), seats=4, seed=7)
>>> moves = nl.legal_moves(state, seat=0)
>>> nl.check(state, moves[0]) is None
True
>>> after = nl.apply(state, moves[0])
>>> after == state, nl.GameState.from_nfen(after.to_nfen()) == after
(False, True)
"""

from nertslib import variants
from nertslib.bots import (
    Bot,
    Pace,
    RandomBot,
    SearchBot,
    greedy_bot,
    play_hand,
    play_match,
    record_hand,
)
from nertslib.cards import ACE, JACK, KING, MAX_SEATS, QUEEN, Card, Colour, Suit
from nertslib.deal import deal
from nertslib.errors import (
    IllegalMoveError,
    NertsError,
    RaceLostError,
    Reason,
    Rejection,
    ViewSeatError,
)
from nertslib.moves import Move, MoveKind, Zone
from nertslib.replay import RESOLVE, Batch, Replay, SystemStep
from nertslib.rules import apply, check, is_legal, legal_moves
from nertslib.scoring import Match, Outcome, hand_scores, is_over, outcome
from nertslib.serialize import (
    SCHEMA_VERSION,
    SerializationError,
    from_data,
    from_json,
    to_data,
    to_json,
)
from nertslib.simulation import simulate
from nertslib.stalemate import resolve_stalemate
from nertslib.state import EndReason, GameState, Layout, NFENError
from nertslib.stuck import all_stuck, is_stuck
from nertslib.table import Table, arbitrate
from nertslib.variants import Variant
from nertslib.views import SeatView, View, determinize, view

__version__ = "0.1.0"

__all__ = [
    "ACE",
    "JACK",
    "KING",
    "MAX_SEATS",
    "QUEEN",
    "RESOLVE",
    "SCHEMA_VERSION",
    "Batch",
    "Bot",
    "Card",
    "Colour",
    "EndReason",
    "GameState",
    "IllegalMoveError",
    "Layout",
    "Match",
    "Move",
    "MoveKind",
    "NFENError",
    "NertsError",
    "Outcome",
    "Pace",
    "RaceLostError",
    "RandomBot",
    "Reason",
    "Rejection",
    "Replay",
    "SearchBot",
    "SeatView",
    "SerializationError",
    "Suit",
    "SystemStep",
    "Table",
    "Variant",
    "View",
    "ViewSeatError",
    "Zone",
    "__version__",
    "all_stuck",
    "apply",
    "arbitrate",
    "check",
    "deal",
    "determinize",
    "from_data",
    "from_json",
    "greedy_bot",
    "hand_scores",
    "is_legal",
    "is_over",
    "is_stuck",
    "legal_moves",
    "outcome",
    "play_hand",
    "play_match",
    "record_hand",
    "resolve_stalemate",
    "simulate",
    "to_data",
    "to_json",
    "variants",
    "view",
]
