"""Measured strength: :func:`tournament` plays paired deals between bots, in processes.

Paired deals: every deal is played once per distinct rotation of the line-up over the seats,
so each bot meets the same cards from every seat, and the luck of the deal cancels out of the
difference between two bots' scores on that deal. The deals are independent, so the 95 %
confidence intervals are over deals: mean ± 1.96 standard errors of the per-deal values.

>>> from nertslib.bots import tournament
>>> result = tournament(["greedy", "random"], hands=4, seats=2, seed=1, processes=1)
>>> [s.name for s in result.stats], result.hands_played
(['greedy', 'random'], 8)
>>> result.difference.mean > 0  # greedy minus random
True
"""

from __future__ import annotations

import copy
import math
import multiprocessing
import os
from collections.abc import Mapping, Sequence

import attrs

from nertslib.bots.basic import Bot
from nertslib.bots.driver import play_hand
from nertslib.bots.registry import make_bot
from nertslib.deal import deal
from nertslib.errors import NertsError
from nertslib.scoring import half_width95, hand_scores
from nertslib.variants import Variant

__all__ = ["BotStats", "Difference", "HandRecord", "TournamentResult", "tournament"]

#: A hand stops after this many actions (and is scored as it stands).
MAX_ACTIONS = 20_000


@attrs.frozen
class Interval:
    """A mean and its 95 % confidence interval ``(low, high)``, over ``n`` independent deals.

    >>> from nertslib.bots.tournament import Interval
    >>> Interval.of([1.0, 2.0, 3.0])
    Interval(mean=2.0, low=0.868..., high=3.131..., n=3)
    """

    mean: float
    low: float
    high: float
    n: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Interval:
        """The mean of ``values`` ± 1.96 standard errors (sample standard deviation)."""
        n = len(values)
        mean = sum(values) / n
        half = half_width95(values)
        if half is None:
            return cls(mean, -math.inf, math.inf, n)
        return cls(mean, mean - half, mean + half, n)


@attrs.frozen
class HandRecord:
    """One hand of a tournament: the deal, who sat where, and the scores.

    Attributes:
        deal: The deal's index (its seed is the tournament's seed plus it).
        names: The bot's name at each seat.
        scores: Each seat's hand score.
        over: Whether the hand ended (else it was stopped after ``MAX_ACTIONS``).

    >>> from nertslib.bots import tournament
    >>> result = tournament(["greedy", "random"], hands=1, seats=2, seed=0, processes=1)
    >>> [(r.deal, r.names) for r in result.records]
    [(0, ('greedy', 'random')), (0, ('random', 'greedy'))]
    """

    deal: int
    names: tuple[str, ...]
    scores: tuple[int, ...]
    over: bool

    def wins(self) -> tuple[float, ...]:
        """Each seat's share of the win: 1 for the top score, split among equal tops.

        >>> from nertslib.bots.tournament import HandRecord
        >>> HandRecord(0, ("a", "b", "c"), (5, 5, -3), True).wins()
        (0.5, 0.5, 0.0)
        """
        top = max(self.scores)
        tied = self.scores.count(top)
        return tuple(1 / tied if s == top else 0.0 for s in self.scores)


@attrs.frozen
class BotStats:
    """One bot's results: its mean hand score and win rate per seat it held, with 95 % CIs.

    Both are first averaged over the bot's seats within each deal, then over deals.

    >>> from nertslib.bots import tournament
    >>> stats = tournament(["greedy", "random"], hands=2, seats=2, seed=0, processes=1).stats
    >>> [(s.name, s.seats_played) for s in stats]
    [('greedy', 4), ('random', 4)]
    """

    name: str
    score: Interval
    win_rate: Interval
    seats_played: int


@attrs.frozen
class Difference:
    """The mean over deals of ``first``'s mean score minus ``second``'s on that deal, with CI.

    ``low`` and ``high`` bound the 95 % confidence interval of ``mean`` over ``deals`` deals.

    >>> from nertslib.bots import tournament
    >>> diff = tournament(["greedy", "random"], hands=2, seats=2, seed=0, processes=1).difference
    >>> diff.first, diff.second, diff.deals, diff.low <= diff.mean <= diff.high
    ('greedy', 'random', 2, True)
    """

    first: str
    second: str
    mean: float
    low: float
    high: float
    deals: int


@attrs.frozen
class TournamentResult:
    """What :func:`tournament` returns.

    Attributes:
        stats: Per bot (in line-up order), its :class:`BotStats`.
        difference: The first bot minus the second (``None`` with one bot only).
        records: Every hand played, in deal and rotation order.
        seats: Seats per hand.
        paired: Whether every deal was played once per rotation.

    >>> from nertslib.bots import tournament
    >>> result = tournament(["greedy", "random"], hands=2, seats=2, seed=0, processes=1)
    >>> result.seats, result.paired, len(result.records)
    (2, True, 4)
    """

    stats: tuple[BotStats, ...]
    difference: Difference | None
    records: tuple[HandRecord, ...]
    seats: int
    paired: bool

    @property
    def hands_played(self) -> int:
        """How many hands were played."""
        return len(self.records)

    def stats_of(self, name: str) -> BotStats:
        """The stats of the bot called ``name``."""
        for s in self.stats:
            if s.name == name:
                return s
        msg = f"no bot called {name!r} played; bots: {', '.join(s.name for s in self.stats)}"
        raise NertsError(msg)


def _line_up(bots: Sequence[str | Bot] | Mapping[str, str | Bot]) -> list[tuple[str, str | Bot]]:
    if isinstance(bots, Mapping):
        items = list(bots.items())
    else:
        items = [(b if isinstance(b, str) else _name_of(b), b) for b in bots]
    if not items:
        msg = "a tournament needs at least one bot"
        raise NertsError(msg)
    return items


def _name_of(bot: Bot) -> str:
    return str(getattr(bot, "__name__", None) or type(bot).__name__)


def _rotations(names: Sequence[str], seats: int) -> list[tuple[int, ...]]:
    """Distinct seatings, as line-up indices per seat: the line-up repeated, then rotated."""
    base = [i % len(names) for i in range(seats)]
    seen: set[tuple[str, ...]] = set()
    out = []
    for r in range(seats):
        order = tuple(base[(s - r) % seats] for s in range(seats))
        key = tuple(names[i] for i in order)
        if key not in seen:
            seen.add(key)
            out.append(order)
    return out


def tournament(
    bots: Sequence[str | Bot] | Mapping[str, str | Bot],
    hands: int,
    seats: int,
    seed: int,
    paired: bool = True,
    *,
    variant: Variant | str = "standard",
    processes: int | None = None,
    max_actions: int = MAX_ACTIONS,
) -> TournamentResult:
    """Play ``hands`` deals between ``bots`` at ``seats`` seats and measure them.

    ``bots`` is a line-up: names for :func:`~nertslib.bots.make_bot` (each hand builds its
    bots afresh, seeded by the deal), bot values (copied for each hand, so a bot's own state
    never carries from hand to hand), or a mapping from names to either. The line-up is
    repeated to fill the seats (``["search", "greedy", "greedy", "greedy"]`` seats one search
    bot against three greedy ones). Deal ``i`` has seed ``seed + i``. With ``paired``, every
    deal is played once per distinct rotation of the line-up over the seats; otherwise once,
    the rotations taken in turn. Hands are played by :func:`~nertslib.play_hand` in
    ``processes`` worker processes (default: the machine's CPU count; ``1``: in this
    process); bots that are not names must then be picklable. A hand still running after
    ``max_actions`` actions is stopped and scored as it stands (its record says so).

    Raises:
        NertsError: (a :class:`ValueError`) for no bots, fewer than one hand or seat, or an
            unknown bot name.

    >>> from nertslib.bots import tournament
    >>> same = tournament({"a": "greedy", "b": "greedy"}, hands=3, seats=2, seed=0, processes=1)
    >>> same.difference.mean, same.difference.low, same.difference.high
    (0.0, 0.0, 0.0)

    .. versionadded:: 0.1.0
    """
    line_up = _line_up(bots)
    for _, bot in line_up:
        if isinstance(bot, str):
            make_bot(bot)  # an unknown name fails here, not in a worker
    if type(hands) is not int or hands < 1 or type(seats) is not int or seats < 1:
        msg = f"need hands >= 1 and seats >= 1; got hands={hands!r}, seats={seats!r}"
        raise NertsError(msg)
    v = variant if isinstance(variant, Variant) else deal(variant, seats, seed).variant
    names = [name for name, _ in line_up]
    seatings = _rotations(names, seats)
    jobs = [
        (i, seatings[j])
        for i in range(hands)
        for j in (range(len(seatings)) if paired else [i % len(seatings)])
    ]
    task = _Task(v, seats, seed, tuple(line_up), max_actions)
    records = _run(task, jobs, processes)
    return _summarise(records, names, seats, paired)


@attrs.frozen
class _Task:
    variant: Variant
    seats: int
    seed: int
    line_up: tuple[tuple[str, str | Bot], ...]
    max_actions: int

    def play(self, job: tuple[int, tuple[int, ...]]) -> HandRecord:
        index, order = job
        deal_seed = self.seed + index
        bots = []
        for seat, i in enumerate(order):
            bot = self.line_up[i][1]
            built = make_bot(bot, deal_seed * 64 + seat) if isinstance(bot, str) else bot
            bots.append(copy.deepcopy(built) if not isinstance(bot, str) else built)
        start = deal(self.variant, self.seats, deal_seed)
        final, _ = play_hand(start, bots, max_actions=self.max_actions)
        names = tuple(self.line_up[i][0] for i in order)
        return HandRecord(index, names, hand_scores(final), final.status is not None)

    def play_all(self, jobs: Sequence[tuple[int, tuple[int, ...]]]) -> list[HandRecord]:
        return [self.play(job) for job in jobs]


def _run(
    task: _Task, jobs: list[tuple[int, tuple[int, ...]]], processes: int | None
) -> list[HandRecord]:
    workers = processes if processes is not None else (os.cpu_count() or 1)
    if workers <= 1 or len(jobs) < 2:
        return task.play_all(jobs)
    # chunks of whole deals, a few per worker, so that slow deals even out
    size = max(1, len(jobs) // (workers * 8))
    chunks = [jobs[i : i + size] for i in range(0, len(jobs), size)]
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        parts = pool.map(task.play_all, chunks)
    return [record for part in parts for record in part]


def _summarise(
    records: list[HandRecord], names: list[str], seats: int, paired: bool
) -> TournamentResult:
    distinct = list(dict.fromkeys(names))
    by_deal: dict[int, list[HandRecord]] = {}
    for record in records:
        by_deal.setdefault(record.deal, []).append(record)
    means: dict[str, dict[int, float]] = {n: {} for n in distinct}
    stats = []
    for name in distinct:
        scores, wins, count = [], [], 0
        for index, group in by_deal.items():
            own = [
                (r.scores[s], r.wins()[s])
                for r in group
                for s in range(seats)
                if r.names[s] == name
            ]
            if own:
                count += len(own)
                means[name][index] = sum(x for x, _ in own) / len(own)
                scores.append(means[name][index])
                wins.append(sum(w for _, w in own) / len(own))
        stats.append(BotStats(name, Interval.of(scores), Interval.of(wins), count))
    difference = None
    if len(distinct) > 1:
        a, b = distinct[0], distinct[1]
        both = [means[a][i] - means[b][i] for i in by_deal if i in means[a] and i in means[b]]
        if both:
            iv = Interval.of(both)
            difference = Difference(a, b, iv.mean, iv.low, iv.high, iv.n)
    return TournamentResult(tuple(stats), difference, tuple(records), seats, paired)
