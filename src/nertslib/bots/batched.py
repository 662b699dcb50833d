""":class:`~nertslib.SearchBot`'s playouts on the batch engine: a move's rounds in one batch.

Imported by ``nertslib.bots.search`` only where the ``fast`` extra is installed (importing
it without numba raises :class:`~nertslib.batch.MissingExtraError`). Each imagined hand is
:meth:`~nertslib.batch.Batch.determinize`'d once per candidate move, the move applied,
and every row played out by :meth:`~nertslib.batch.Batch.playout`: the pure playout's
rounds, rule for rule, so the scores (and the bot's moves) are the pure engine's.

>>> import nertslib as nl
>>> from nertslib.bots.batched import batch_obstacle
>>> batch_obstacle(nl.view(nl.deal("standard", 2, 1), 0)) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from nertslib.adapters.encoding import encode
from nertslib.batch import Batch
from nertslib.batch.core import batch_variant
from nertslib.errors import NertsError
from nertslib.moves import Move
from nertslib.views import View


def batch_obstacle(mine: View) -> str | None:
    """Why the batch engine cannot play out ``mine``'s hands (its variant), or ``None``."""
    try:
        batch_variant(mine.variant, len(mine.seats))
    except NertsError as exc:
        return str(exc)
    return None


def batch_scores(
    mine: View, seat: int, moves: Sequence[Move], seeds: Sequence[int], limit: int
) -> list[list[list[int]]]:
    """Per seed, per move: the hand scores once ``seat``'s move is played out (``limit``).

    Row ``i * len(moves) + j`` of the batch is ``determinize(mine, seeds[i])`` after
    ``moves[j]``; the playout is :meth:`~nertslib.batch.Batch.playout`.

    >>> import nertslib as nl
    >>> from nertslib.bots.batched import batch_scores
    >>> mine = nl.view(nl.deal("standard", 2, 1), 0)
    >>> scores = batch_scores(mine, 0, [nl.Move.turn(0)], [7, 8], 40)
    >>> len(scores), len(scores[0]), len(scores[0][0])
    (2, 1, 2)
    """
    k = len(moves)
    batch = Batch.determinize(mine, [s for s in seeds for _ in range(k)])
    actions = np.array([encode(mine, move) for move in moves], dtype=np.int64)
    batch.apply(seat, np.tile(actions, len(seeds)))
    batch.playout(seat, limit)
    rows = batch.scores().tolist()
    return [rows[i * k : (i + 1) * k] for i in range(len(seeds))]
