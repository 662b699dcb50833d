"""The learned bot: a small scorer of (view, move) pairs, trained offline, played by NumPy.

For each legal move of its seat the bot computes :data:`FEATURES` from its view alone (what
the move is, what it uncovers, how many other seats' visible cards race for the same
foundation, whether the greedy rule would play it, ...), scores the rows with a tiny
multilayer perceptron (the weights shipped in ``learned.npz`` next to this module) and plays
the best-scoring move. It waits exactly where :func:`~nertslib.greedy_bot` waits (where its
view proves the seat stuck). The recipe that trained the weights is
``benchmarks/train_learned.py`` (docs: ``docs/learned.md``); playing needs NumPy only (the
``learned`` extra), never PyTorch.

>>> import nertslib as nl
>>> from nertslib.bots.learned import LearnedBot
>>> bot = LearnedBot()
>>> state = nl.deal("standard", seats=2, seed=1)
>>> bot(nl.view(state, 0), 0) in nl.legal_moves(state, 0)
True
"""

from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING, Any, Final

from nertslib.bots.basic import greedy_bot, seat_view
from nertslib.cards import RANK, RED
from nertslib.context import context_for, need_index
from nertslib.errors import NertsError
from nertslib.moves import Move, MoveKind, Zone
from nertslib.views import SeatView, View

if TYPE_CHECKING:
    from nertslib.state import GameState

__all__ = ["FEATURES", "WEIGHTS_FILE", "LearnedBot", "load_weights", "move_features"]

#: The names of the features of one (view, move) pair, in the order of a feature row.
FEATURES: Final = (
    "greedy_choice",
    "kind_play",
    "kind_turn",
    "kind_restock",
    "kind_rotate",
    "kind_call",
    "from_nerts",
    "from_waste",
    "from_work",
    "to_foundation",
    "to_new_foundation",
    "to_work",
    "to_under",
    "nerts_to_foundation",
    "nerts_to_work",
    "waste_to_foundation",
    "waste_to_work",
    "work_to_foundation",
    "work_to_work",
    "rank",
    "stack_length",
    "empties_pile",
    "onto_empty_pile",
    "uncovers_foundation_card",
    "uncovers_for_nerts_top",
    "rivals_racing",
    "chain_follows",
    "helps_rivals",
    "helps_rival_nerts",
    "nerts_left",
    "stock_left",
    "waste_left",
    "moves_available",
    "seats",
)

_INDEX: Final = {name: i for i, name in enumerate(FEATURES)}
_KINDS: Final = {
    MoveKind.PLAY: "kind_play",
    MoveKind.TURN: "kind_turn",
    MoveKind.RESTOCK: "kind_restock",
    MoveKind.ROTATE: "kind_rotate",
    MoveKind.CALL: "kind_call",
}
_SOURCES: Final = {Zone.NERTS: "nerts", Zone.WASTE: "waste", Zone.WORK: "work"}
_TARGETS: Final = {
    Zone.FOUNDATION: "to_foundation",
    Zone.NEW_FOUNDATION: "to_new_foundation",
    Zone.WORK: "to_work",
    Zone.UNDER: "to_under",
}
#: The weights file shipped in the package, next to this module.
WEIGHTS_FILE: Final = "learned.npz"
_ARRAYS: Final = ("w1", "b1", "w2", "b2", "greedy_bonus")


class _Table:
    """What every move's features read of a view: worked out once per decision."""

    def __init__(self, mine: View, seat: int) -> None:
        self.ctx = context_for(mine.variant, len(mine.seats))
        self.need = need_index(mine.fnd, self.ctx)
        self.own: SeatView = mine.seats[seat]
        self.rival_tops = [
            c for q, sv in enumerate(mine.seats) if q != seat for c in _shown_tops(sv)
        ]
        self.rival_nerts = [
            sv.nerts[-1]
            for q, sv in enumerate(mine.seats)
            if q != seat and sv.nerts and RANK[sv.nerts[-1]] > 0
        ]

    def goes_up(self, card: int) -> bool:
        """Whether ``card`` can be played to a foundation now."""
        return RANK[card] == 1 or self.ctx.fkey[card] in self.need

    def rivals_for(self, card: int) -> int:
        """How many other seats' shown tops need the same foundation place as ``card``."""
        key = self.ctx.fkey[card]
        return sum(1 for c in self.rival_tops if self.ctx.fkey[c] == key)

    def helped(self, card: int, tops: list[int]) -> int:
        """How many of ``tops`` could go onto ``card`` once it is on a foundation."""
        nxt = self.ctx.fnext[card]
        return sum(1 for c in tops if self.ctx.fkey[c] == nxt)

    def takes(self, under: int, card: int) -> bool:
        """Whether ``card`` may be built on ``under`` in a work pile (down one, other colour)."""
        return RANK[under] == RANK[card] + 1 and RED[under] != RED[card]


def _shown_tops(sv: SeatView) -> list[int]:
    tops = [p[-1] for p in sv.work if p]
    if sv.nerts:
        tops.append(sv.nerts[-1])
    if sv.waste:
        tops.append(sv.waste[-1])
    return [c for c in tops if RANK[c] > 0]


def _card_features(row: list[float], table: _Table, move: Move) -> None:
    """Fill the features of a card move ``move`` into ``row``."""
    # a play always names its card, source and target
    assert move.card is not None
    assert move.source is not None
    assert move.target is not None
    card = move.card.id
    own = table.own
    source = _SOURCES[move.source]
    target = _TARGETS[move.target]
    row[_INDEX["from_" + source]] = 1.0
    row[_INDEX[target]] = 1.0
    up = target in ("to_foundation", "to_new_foundation")
    cross = f"{source}_to_{'foundation' if up else 'work'}"
    row[_INDEX[cross]] = 1.0
    row[_INDEX["rank"]] = RANK[card] / 13
    if up:
        row[_INDEX["rivals_racing"]] = table.rivals_for(card) / 4
        row[_INDEX["chain_follows"]] = float(_chain_follows(table, card))
        row[_INDEX["helps_rivals"]] = table.helped(card, table.rival_tops) / 4
        row[_INDEX["helps_rival_nerts"]] = float(table.helped(card, table.rival_nerts) > 0)
    if move.target is Zone.WORK:
        row[_INDEX["onto_empty_pile"]] = float(not own.work[move.target_index])
    if move.source is Zone.WORK:
        _uncovered(row, table, own.work[move.source_index], card)
    elif move.source is Zone.WASTE and len(own.waste) > 1:
        row[_INDEX["uncovers_foundation_card"]] = float(table.goes_up(own.waste[-2]))


def _chain_follows(table: _Table, card: int) -> bool:
    """Whether one of the seat's own shown tops goes onto ``card`` once it is up."""
    nxt = table.ctx.fnext[card]
    own = table.own
    return any(table.ctx.fkey[c] == nxt for c in _shown_tops(own) if c != card)


def _uncovered(row: list[float], table: _Table, pile: tuple[int, ...], card: int) -> None:
    """Features of lifting ``card`` (and what lies on it) off work pile ``pile``."""
    depth = pile.index(card) if card in pile else len(pile) - 1
    row[_INDEX["stack_length"]] = (len(pile) - depth) / 13
    if depth == 0:
        row[_INDEX["empties_pile"]] = 1.0
        row[_INDEX["uncovers_for_nerts_top"]] = float(bool(table.own.nerts))
        return
    below = pile[depth - 1]
    row[_INDEX["uncovers_foundation_card"]] = float(table.goes_up(below))
    nerts = table.own.nerts
    row[_INDEX["uncovers_for_nerts_top"]] = float(bool(nerts) and table.takes(below, nerts[-1]))


def move_features(mine: View, seat: int, moves: tuple[Move, ...]) -> list[list[float]]:
    """One feature row (:data:`FEATURES`, in order) per move of ``moves``, from the view alone.

    ``moves`` are legal moves of ``seat`` in the view ``mine`` (``mine.legal_moves(seat)``).
    Every value lies in [0, 1] or a little above (counts are scaled).

    >>> import nertslib as nl
    >>> from nertslib.bots.learned import FEATURES, move_features
    >>> seen = nl.view(nl.deal("standard", seats=2, seed=1), 0)
    >>> rows = move_features(seen, 0, seen.legal_moves(0))
    >>> len(rows) == len(seen.legal_moves(0)) and all(len(r) == len(FEATURES) for r in rows)
    True
    """
    table = _Table(mine, seat)
    choice = greedy_bot(mine, seat)
    own = table.own
    common = [0.0] * len(FEATURES)
    common[_INDEX["nerts_left"]] = own.nerts_size / 13
    common[_INDEX["stock_left"]] = own.stock_size / 52
    common[_INDEX["waste_left"]] = own.waste_size / 52
    common[_INDEX["moves_available"]] = len(moves) / 20
    common[_INDEX["seats"]] = len(mine.seats) / 4
    rows = []
    for move in moves:
        row = list(common)
        row[_INDEX["greedy_choice"]] = float(move == choice)
        row[_INDEX[_KINDS[move.kind]]] = 1.0
        if move.kind is MoveKind.PLAY:
            _card_features(row, table, move)
        rows.append(row)
    return rows


def _numpy() -> Any:
    try:
        import numpy  # noqa: PLC0415 - NumPy is optional: imported only by the learned bot
    except ImportError as exc:
        msg = (
            "the learned bot needs NumPy: pip install 'nertslib[learned]' "
            "(any of the extras learned, gymnasium, pettingzoo, openspiel provides it)"
        )
        raise NertsError(msg) from exc
    return numpy


def load_weights() -> dict[str, Any]:
    """The shipped weights, as NumPy arrays by name.

    ``w1`` (features × hidden), ``b1`` (hidden), ``w2`` (hidden), ``b2`` (1) and
    ``greedy_bonus`` (1).
    A move's score is ``relu(x @ w1 + b1) @ w2 + b2``, plus ``greedy_bonus`` for the greedy
    rule's move (``x`` its :data:`FEATURES` row): the network is fitted by imitation, the bonus
    tuned afterwards by tournaments against greedy (``docs/learned.md``).

    Raises:
        NertsError: (a :class:`ValueError`) if NumPy is not installed, or if the file's
            feature count is not that of :data:`FEATURES`.

    >>> from nertslib.bots.learned import FEATURES, load_weights
    >>> w = load_weights()
    >>> w["w1"].shape[0] == len(FEATURES), w["w1"].shape[1] == w["w2"].shape[0]
    (True, True)
    """
    np = _numpy()
    with resources.files("nertslib.bots").joinpath(WEIGHTS_FILE).open("rb") as f:
        data = np.load(f)
        w = {k: data[k].astype(np.float64) for k in _ARRAYS}
    if w["w1"].shape[0] != len(FEATURES):
        # weights trained on another feature list would score nonsense: refuse them
        msg = f"{WEIGHTS_FILE} has {w['w1'].shape[0]} features, not {len(FEATURES)}"
        raise NertsError(msg)
    return w


class LearnedBot:
    """The learned bot (``make_bot("learned")``): the best move by the shipped scorer.

    Deterministic: its move depends on the view and on one count it keeps per seat, how many
    of its moves in a row made no progress (after a whole pass through its stock and waste
    without progress it follows the greedy rule until it makes progress again: it never stalls
    a hand); ``seed`` is
    kept for the registry's signature and changes nothing. ``weights`` replaces the shipped
    ones (the arrays of :func:`load_weights`; the training recipe tunes with it). It has
    ``waits_when_stuck = True``, like the greedy bot, and waits only where its view proves the
    seat stuck.

    Raises:
        NertsError: (a :class:`ValueError`) when built without NumPy installed.

    >>> import nertslib as nl
    >>> from nertslib.bots.learned import LearnedBot
    >>> final, log = nl.play_hand(nl.deal("standard", 2, seed=3), [LearnedBot(), nl.greedy_bot])
    >>> final.is_over
    True
    """

    waits_when_stuck = True

    def __init__(self, seed: int = 0, weights: dict[str, Any] | None = None) -> None:
        self.seed = seed
        # per seat: how many of its moves in a row made no progress
        self._idle: dict[int, int] = {}
        self._w = load_weights() if weights is None else weights

    def __repr__(self) -> str:
        return f"LearnedBot(seed={self.seed})"

    def scores(self, mine: View, seat: int, moves: tuple[Move, ...]) -> Any:
        """The scorer's value of each of ``moves`` (a NumPy vector; higher is better)."""
        np, w = _numpy(), self._w
        x = np.asarray(move_features(mine, seat, moves), dtype=np.float64)
        hidden = np.maximum(x @ w["w1"] + w["b1"], 0.0)
        return hidden @ w["w2"] + w["b2"] + w["greedy_bonus"] * x[:, _INDEX["greedy_choice"]]

    def __call__(self, seen: View | GameState, seat: int) -> Move | None:
        """The best-scoring legal move of ``seat`` in its view; ``None`` where greedy waits."""
        mine = seat_view(seen, seat)
        if mine.status is not None:
            return None
        moves = mine.legal_moves(seat)
        choice = greedy_bot(mine, seat)
        if not moves or choice is None:
            return None
        move = moves[int(_numpy().argmax(self.scores(mine, seat, moves)))]
        if move.is_progress:
            self._idle[seat] = 0
            return move
        # The scorer may turn the stock rather than do what the greedy rule would (a play, or
        # a work-pile move that uncovers a card). After a whole pass through stock and waste
        # without progress it follows the greedy rule until it makes progress again: it never
        # stalls a hand that can go on (the driver's no-progress rule would stop the hand).
        own = mine.seats[seat]
        idle = self._idle.get(seat, 0) + 1
        self._idle[seat] = idle
        turn = context_for(mine.variant, len(mine.seats)).turn
        if idle > (own.stock_size + own.waste_size) // turn + 1:
            return choice
        return move
