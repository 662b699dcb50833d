"""Many seeded hands between bots, and what they show: :func:`simulate`.

A simulation is a list of *tasks* numbered from 0. Task ``t`` plays deal ``t`` (seed
``seed + t``) with the bots in the order given; with ``paired=True`` every deal is played once
per rotation of the bots over the seats (task ``t`` is deal ``t // seats``, rotation
``t % seats``: seat ``s`` gets bot ``(s + rotation) % seats``), so that the luck of the deal
cancels between the bots. The bot in seat ``s`` of the deal with seed ``d`` is
``make_bot(name, seed=d * MAX_SEATS + s)``: every seat draws its own random moves. A task
depends on its number alone, never on the worker that runs it, so the result is the same for
any number of worker processes and for either backend: :func:`run_chunk` is the one function
of (settings, chunk) that both call.

>>> import nertslib as nl
>>> result = nl.simulate(6, seats=2, bots=("greedy", "random"), seed=3, workers=1)
>>> result.by, [row.name for row in result.rows]
('bot', ['greedy', 'random'])
>>> result.hands == nl.simulate(6, seats=2, bots=("greedy", "random"), seed=3, workers=2).hands
True
>>> sum(row.hands for row in result.rows), len(result.hands)
(12, 6)

Only the standard library runs the hands (``multiprocessing``); ``backend="ray"`` needs the
``ray`` extra and imports it only then.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import importlib
import importlib.util
import math
import multiprocessing
import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final, Literal

import attrs

from nertslib.bots import BOT_NAMES, Bot, make_bot, run_hand
from nertslib.cards import MAX_SEATS
from nertslib.deal import deal
from nertslib.errors import NertsError
from nertslib.scoring import half_width95, hand_scores
from nertslib.state import EndReason
from nertslib.variants import Variant, get

__all__ = [
    "HandResult",
    "Row",
    "Settings",
    "SimulationResult",
    "batch_obstacle",
    "bot_named",
    "bot_names",
    "choose_engine",
    "fast_installed",
    "run_chunk",
    "simulate",
]

Backend = Literal["processes", "ray"]
#: Which engine plays the hands: the pure one, the batch one (the ``fast`` extra), or the batch
#: one wherever it can play the line-up (``"auto"``).
Engine = Literal["auto", "batch", "pure"]

#: The largest chunk of tasks one worker plays before reporting back (only totals travel).
CHUNK: Final = 250


def bot_names() -> tuple[str, ...]:
    """The built-in bot names: :data:`nertslib.bots.BOT_NAMES`.

    >>> from nertslib.simulation import bot_names
    >>> bot_names()
    ('greedy', 'random', 'search', 'learned')
    """
    return BOT_NAMES


def bot_named(name: str, seed: int = 0) -> Bot:
    """A new bot for ``name``, seeded with ``seed``: :func:`nertslib.bots.make_bot`.

    Any spec ``make_bot`` takes works: a built-in name, ``"search:N"``, ``"module:name"``.

    Raises:
        NertsError: (a :class:`ValueError`) for an unknown name, listing the known ones.

    >>> import nertslib as nl
    >>> from nertslib.simulation import bot_named
    >>> mine = nl.view(nl.deal("standard", seats=2, seed=1), 0)
    >>> bot_named("greedy")(mine, 0) == nl.greedy_bot(mine, 0)
    True
    >>> bot_named("random", seed=5)(mine, 0) == bot_named("random", seed=5)(mine, 0)
    True
    >>> bot_named("chess")
    Traceback (most recent call last):
    ...
    nertslib.errors.NertsError: unknown bot 'chess'; known bots: greedy, random, search, learned (or search:N)
    """  # noqa: E501 - a doctest output line
    return make_bot(name, seed)


def _check_bots(inst: Settings, _attr: attrs.Attribute[Any], value: tuple[str, ...]) -> None:
    if len(value) not in (1, inst.seats):
        msg = f"give one bot for every seat or one for all: {inst.seats} seats, bots {value!r}"
        raise NertsError(msg)
    for name in value:
        bot_named(name)


def _names(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


def _check_seats(inst: Settings, _attr: attrs.Attribute[Any], value: int) -> None:
    inst.variant.check_seats(value)


def _positive(_inst: object, attr: attrs.Attribute[Any], value: int) -> None:
    if type(value) is not int or value < 1:
        msg = f"{attr.name} must be an int >= 1; got {value!r}"
        raise NertsError(msg)


def _seed(_inst: object, _attr: attrs.Attribute[Any], value: int) -> None:
    if type(value) is not int or value < 0:
        msg = f"seed must be an int >= 0; got {value!r}"
        raise NertsError(msg)


@attrs.frozen
class Settings:
    """What a simulation plays; a picklable value that every worker receives.

    >>> from nertslib.simulation import Settings
    >>> Settings(hands=10, seats=2, bots=("greedy",), paired=True).tasks
    20

    Attributes:
        hands: How many deals.
        seats: Seats per hand.
        variant: The rules.
        bots: Bot names, one per seat (or one for every seat).
        seed: Deal ``d`` is dealt with seed ``seed + d``.
        paired: Play every deal once per rotation of the bots over the seats.
        max_actions: A hand still in play after this many actions ends the task unfinished.
        engine: ``"pure"`` or ``"batch"``: which engine plays the hands (the results are the
            same hand by hand; see :func:`simulate`).
    """

    hands: int = attrs.field(validator=_positive)
    variant: Variant = attrs.field(default=get("standard"), kw_only=True)
    seats: int = attrs.field(default=4, validator=_check_seats, kw_only=True)
    bots: tuple[str, ...] = attrs.field(
        default=("greedy",), converter=_names, validator=_check_bots, kw_only=True
    )
    seed: int = attrs.field(default=0, validator=_seed, kw_only=True)
    paired: bool = attrs.field(default=False, kw_only=True)
    max_actions: int = attrs.field(default=100_000, validator=_positive, kw_only=True)
    engine: Literal["pure", "batch"] = attrs.field(default="pure", kw_only=True)

    @property
    def lineup(self) -> tuple[str, ...]:
        """The bot name of every seat, in rotation 0."""
        return self.bots * self.seats if len(self.bots) == 1 else self.bots

    @property
    def tasks(self) -> int:
        """The number of hands played (``hands``, times ``seats`` when paired)."""
        return self.hands * self.seats if self.paired else self.hands

    def to_data(self) -> dict[str, Any]:
        """The settings as plain JSON-able data."""
        return {
            "hands": self.hands,
            "seats": self.seats,
            "variant": self.variant.to_spec(),
            "bots": list(self.lineup),
            "seed": self.seed,
            "paired": self.paired,
            "max_actions": self.max_actions,
        }


@attrs.frozen
class HandResult:
    """One played hand of a simulation.

    Attributes:
        task: The task number (the order of hands in the results).
        deal: The deal number; the hand was dealt with seed ``settings.seed + deal``.
        rotation: How far the bots were rotated over the seats (0 unless paired).
        bots: The bot name of every seat.
        scores: Every seat's hand score.
        caller: The seat that called Nerts, or ``None``.
        end: ``"nerts"``, ``"stalemate"``, ``"unfinished"`` (``max_actions`` reached) or
            ``"no_progress"`` (stopped by the driver's no-progress rule, see
            :func:`~nertslib.play_hand`).
        moves: Actions applied (stalemate resolutions included).
        cards_left: Cards left in every seat's Nerts pile.
    """

    task: int
    deal: int
    rotation: int
    bots: tuple[str, ...]
    scores: tuple[int, ...]
    caller: int | None
    end: str
    moves: int
    cards_left: tuple[int, ...]

    def to_data(self) -> dict[str, Any]:
        """The hand as plain JSON-able data."""
        data = attrs.asdict(self)
        for key in ("bots", "scores", "cards_left"):
            data[key] = list(data[key])
        return data


def _play_task(settings: Settings, task: int) -> HandResult:
    seats = settings.seats
    number, rotation = divmod(task, seats) if settings.paired else (task, 0)
    lineup = settings.lineup
    names = tuple(lineup[(s + rotation) % seats] for s in range(seats))
    seed = settings.seed + number
    players = [bot_named(name, seed * MAX_SEATS + s) for s, name in enumerate(names)]
    run = run_hand(deal(settings.variant, seats, seed), players, max_actions=settings.max_actions)
    final, log = run.final, run.log
    caller = final.caller if final.status is EndReason.NERTS else None
    end = "unfinished" if run.end == "max_actions" else run.end
    left = tuple(len(lay.nerts) for lay in final.layouts)
    return HandResult(
        task, number, rotation, names, hand_scores(final), caller, end, len(log), left
    )


def run_chunk(settings: Settings, start: int, stop: int) -> tuple[HandResult, ...]:
    """Play tasks ``start .. stop - 1``: the unit of work of every backend.

    >>> from nertslib.simulation import Settings, run_chunk
    >>> [hand.deal for hand in run_chunk(Settings(hands=5, seats=2), 2, 4)]
    [2, 3]
    """
    if settings.engine == "batch":
        return _batch_tasks().run_tasks(settings, start, stop)  # type: ignore[no-any-return]
    return tuple(_play_task(settings, t) for t in range(start, stop))


def _batch_tasks() -> Any:
    """The batch engine's task runner; raises a NertsError naming the ``fast`` extra without it.

    Imported by name (the extra is optional): ``nertslib.batch`` imports this module.
    """
    return importlib.import_module("nertslib.batch.simulate")


def batch_obstacle(settings: Settings) -> str | None:
    """Why the batch engine cannot play ``settings``' hands as the pure one does, or ``None``.

    It plays the greedy bot at every seat, in every variant without jokers, except where
    work piles hold face-down cards (the Klondike layout), which the greedy bot guesses from
    its view.

    >>> from nertslib.simulation import Settings, batch_obstacle
    >>> batch_obstacle(Settings(hands=1)) is None
    True
    >>> batch_obstacle(Settings(hands=1, bots=("greedy", "random", "greedy", "greedy")))
    'the batch engine plays the greedy bot only; the line-up has random'
    """
    others = sorted(set(settings.lineup) - {"greedy"})
    if others:
        return f"the batch engine plays the greedy bot only; the line-up has {', '.join(others)}"
    rules = settings.variant
    if rules.jokers_per_deck:
        return f"the batch engine plays no jokers (jokers_per_deck={rules.jokers_per_deck})"
    if rules.work_pile_layout == "klondike" and rules.work_pile_count(settings.seats) > 1:
        return "the greedy bot guesses face-down work cards (work_pile_layout='klondike')"
    return None


def fast_installed() -> bool:
    """Whether the ``fast`` extra (numba, numpy) is installed.

    >>> from nertslib.simulation import fast_installed
    >>> fast_installed() in (True, False)
    True
    """
    try:
        return all(importlib.util.find_spec(name) for name in ("numba", "numpy"))
    except ValueError:  # a module set to None in sys.modules (how tests hide one)
        return False


def choose_engine(engine: object, settings: Settings) -> Literal["pure", "batch"]:
    """The engine that plays ``settings``.

    ``engine`` itself, or for ``"auto"`` the batch engine when the ``fast`` extra is
    installed and the batch engine can play the line-up (:func:`batch_obstacle`), else the
    pure one.

    Raises:
        NertsError: (a :class:`ValueError`) for an unknown engine, or ``"batch"`` for hands it
            cannot play or without the ``fast`` extra (naming it).

    >>> from nertslib.simulation import Settings, choose_engine
    >>> choose_engine("pure", Settings(hands=1))
    'pure'
    """
    if engine == "pure":
        return "pure"
    if engine not in ("auto", "batch"):
        msg = f"engine must be 'auto', 'batch' or 'pure'; got {engine!r:.80}"
        raise NertsError(msg)
    obstacle = batch_obstacle(settings)
    if engine == "auto":
        return "batch" if fast_installed() and obstacle is None else "pure"
    if obstacle is not None:
        msg = f"engine='batch' cannot play these hands: {obstacle}"
        raise NertsError(msg)
    _batch_tasks()  # without the fast extra: the NertsError that names it
    return "batch"


def _cores() -> int:
    """The cores this process may run on (the affinity mask, where the OS has one)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1  # pragma: no cover - macOS and Windows


def _chunk_args(settings: Settings, workers: int) -> list[tuple[Settings, int, int]]:
    total = settings.tasks
    size = max(1, min(CHUNK, math.ceil(total / (workers * 4))))
    return [(settings, a, min(a + size, total)) for a in range(0, total, size)]


def _star_chunk(args: tuple[Settings, int, int]) -> tuple[HandResult, ...]:
    return run_chunk(*args)


def _local_chunks(
    chunks: list[tuple[Settings, int, int]], workers: int
) -> Iterator[tuple[HandResult, ...]]:
    if workers == 1 or len(chunks) == 1:
        yield from map(_star_chunk, chunks)
        return
    with multiprocessing.get_context().Pool(workers) as pool:
        yield from pool.imap(_star_chunk, chunks)


def _ray_chunks(
    chunks: list[tuple[Settings, int, int]], workers: int, address: str | None
) -> Iterator[tuple[HandResult, ...]]:
    import ray  # noqa: PLC0415 - the optional `ray` extra, imported only for this backend

    started = not ray.is_initialized()
    try:
        if started and address is None:
            ray.init(num_cpus=workers, include_dashboard=False, _node_ip_address="127.0.0.1")
        elif started:
            ray.init(address=address)
    except Exception as exc:  # Ray raises several kinds (ConnectionError, RuntimeError, ...)
        where = "a local Ray" if address is None else f"Ray at {address!r}"
        msg = f"cannot start {where}: {exc}"
        raise ConnectionError(msg) from exc
    try:
        remote = ray.remote(run_chunk)
        refs = [remote.remote(*args) for args in chunks]
        for ref in refs:
            yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()


@attrs.frozen
class Row:
    """The figures of one seat (or one bot) over a simulation.

    Attributes:
        name: The seat number as text, or the bot name.
        hands: Hands played (by this seat, or by this bot over all its seats).
        mean: Mean hand score.
        ci95: Half-width of the 95 % confidence interval of the mean (``None`` for one hand).
        nerts_rate: Share of its hands in which it called Nerts.
        cards_left: Mean cards left in its Nerts pile at the end.
    """

    name: str
    hands: int
    mean: float
    ci95: float | None
    nerts_rate: float
    cards_left: float


def _row(name: str, samples: Sequence[tuple[int, bool, int]]) -> Row:
    n = len(samples)
    scores = [s for s, _, _ in samples]
    mean = sum(scores) / n
    ci = half_width95(scores)
    calls = sum(1 for _, called, _ in samples if called) / n
    left = sum(c for _, _, c in samples) / n
    return Row(name, n, mean, ci, calls, left)


def _rows(hands: Sequence[HandResult], by: str) -> tuple[Row, ...]:
    groups: dict[str, list[tuple[int, bool, int]]] = {}
    for hand in hands:
        for seat, score in enumerate(hand.scores):
            key = hand.bots[seat] if by == "bot" else str(seat)
            groups.setdefault(key, []).append((score, hand.caller == seat, hand.cards_left[seat]))
    return tuple(_row(name, samples) for name, samples in groups.items())


@attrs.frozen
class SimulationResult:
    """What :func:`simulate` found: the settings, the figures, every hand, and timings.

    Attributes:
        settings: What was played.
        by: ``"seat"`` (figures per seat) or ``"bot"`` (per bot name, when the bots differ
            or the simulation is paired).
        rows: The figures, one :class:`Row` per seat or bot.
        hands: Every hand, in task order.
        seconds: Wall time of the run (the only figure that differs between runs).
        workers: Worker processes (or Ray CPUs) used.
        backend: ``"processes"`` or ``"ray"``.
        engine: ``"pure"`` or ``"batch"``: the engine that played the hands.
    """

    settings: Settings
    by: str
    rows: tuple[Row, ...]
    hands: tuple[HandResult, ...]
    seconds: float
    workers: int
    backend: str
    engine: str = "pure"

    @property
    def stalemate_rate(self) -> float:
        """Share of hands that ended in a stalemate."""
        return sum(1 for h in self.hands if h.end == "stalemate") / len(self.hands)

    @property
    def unfinished(self) -> int:
        """How many hands were stopped in play (at ``max_actions``, or by the no-progress rule)."""
        return sum(1 for h in self.hands if h.end in ("unfinished", "no_progress"))

    @property
    def moves_per_hand(self) -> float:
        """Mean actions per hand."""
        return sum(h.moves for h in self.hands) / len(self.hands)

    @property
    def hands_per_second(self) -> float:
        """Hands played per second of wall time."""
        return len(self.hands) / self.seconds if self.seconds > 0 else math.inf

    def projected_seconds(self, hands: int = 1_000_000) -> float:
        """How long ``hands`` hands would take at the measured rate."""
        return hands / self.hands_per_second

    def to_data(self) -> dict[str, Any]:
        """Everything as JSON-able data; timings sit under ``"timings"`` alone.

        >>> import nertslib as nl
        >>> data = nl.simulate(2, seats=2, workers=1).to_data()
        >>> sorted(data), sorted(data["timings"])
        (['figures', 'hands', 'settings', 'timings'], ['backend', 'engine', 'hands_per_second', 'projected_million_seconds', 'seconds', 'workers'])
        """  # noqa: E501 - a doctest output line
        return {
            "settings": self.settings.to_data(),
            "figures": {
                "by": self.by,
                "rows": [attrs.asdict(row) for row in self.rows],
                "stalemate_rate": self.stalemate_rate,
                "unfinished": self.unfinished,
                "moves_per_hand": self.moves_per_hand,
            },
            "hands": [hand.to_data() for hand in self.hands],
            "timings": {
                "seconds": self.seconds,
                "hands_per_second": self.hands_per_second,
                "projected_million_seconds": self.projected_seconds(),
                "workers": self.workers,
                "backend": self.backend,
                "engine": self.engine,
            },
        }


def simulate(
    hands: int,
    *,
    seats: int = 4,
    variant: Variant | str = "standard",
    bots: Sequence[str] = ("greedy",),
    seed: int = 0,
    workers: int | None = None,
    paired: bool = False,
    backend: Backend = "processes",
    address: str | None = None,
    max_actions: int = 100_000,
    progress: Callable[[int], None] | None = None,
    engine: Engine = "auto",
) -> SimulationResult:
    """Play ``hands`` seeded deals between bots and sum up how each seat or bot did.

    Args:
        hands: How many deals (each played ``seats`` times when ``paired``).
        seats: Seats per hand.
        variant: A :class:`~nertslib.Variant`, a preset name or a spec string
            (``"standard,stock_turn=1"``).
        bots: Bot names (see :func:`~nertslib.simulation.bot_names`), one per seat, or one
            for every seat.
        seed: Deal ``d`` is dealt with seed ``seed + d``.
        workers: Processes on this machine (default: every core), or CPUs of the local Ray
            that ``backend="ray"`` starts; the results do not depend on it.
        paired: Play every deal once per rotation of the bots over the seats.
        backend: ``"processes"`` (``multiprocessing``) or ``"ray"`` (the ``ray`` extra).
        address: With ``backend="ray"``: a running cluster's ``HOST:PORT`` (default: start a
            local Ray).
        max_actions: Stop a hand still in play after this many actions (it counts as
            ``"unfinished"``).
        progress: Called with the number of hands just finished, after every chunk.
        engine: ``"pure"`` (the rules core), ``"batch"`` (:mod:`nertslib.batch`, the
            ``fast`` extra: the greedy bot at every seat, no jokers, no face-down work
            cards) or ``"auto"``: the batch engine where it is installed and can play the
            line-up, else the pure one. The hands' results are the same with either.

    Returns:
        A :class:`~nertslib.simulation.SimulationResult`; figures are per bot when the bots
        differ or ``paired``, else per seat.

    Raises:
        NertsError: for bad settings (unknown bot or variant, wrong number of bots, …), or
            ``engine="batch"`` for hands it cannot play or without the ``fast`` extra.
        ConnectionError: if ``backend="ray"`` cannot start or reach Ray.

    >>> import nertslib as nl
    >>> result = nl.simulate(20, seats=2, seed=1, workers=1)
    >>> result.by, len(result.rows), 0 <= result.stalemate_rate <= 1
    ('seat', 2, True)
    """
    rules = variant if isinstance(variant, Variant) else Variant.from_spec(variant)
    settings = Settings(
        hands,
        variant=rules,
        seats=seats,
        bots=tuple(bots),
        seed=seed,
        paired=paired,
        max_actions=max_actions,
    )
    settings = attrs.evolve(settings, engine=choose_engine(engine, settings))
    count = _cores() if workers is None else workers
    if type(count) is not int or count < 1:
        msg = f"workers must be an int >= 1; got {workers!r}"
        raise NertsError(msg)
    if backend not in ("processes", "ray"):
        msg = f"backend must be 'processes' or 'ray'; got {backend!r}"
        raise NertsError(msg)
    chunks = _chunk_args(settings, count)
    began = time.perf_counter()
    source = (
        _ray_chunks(chunks, count, address) if backend == "ray" else _local_chunks(chunks, count)
    )
    played: list[HandResult] = []
    for part in source:
        played.extend(part)
        if progress is not None:
            progress(len(part))
    seconds = time.perf_counter() - began
    by = "bot" if paired or len(set(settings.lineup)) > 1 else "seat"
    done = tuple(played)
    return SimulationResult(
        settings, by, _rows(done, by), done, seconds, count, backend, settings.engine
    )
