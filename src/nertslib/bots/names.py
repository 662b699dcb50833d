"""Bots by name, for command lines and configuration: :func:`make_bot` and :data:`BOT_NAMES`.

>>> from nertslib.bots import BOT_NAMES, make_bot
>>> BOT_NAMES
('greedy', 'random', 'search', 'learned')
>>> make_bot("search:16", seed=3)
SearchBot(budget_ms=None, iterations=16, seed=3)
"""

from __future__ import annotations

from typing import Final

from nertslib.bots.basic import Bot, RandomBot, greedy_bot
from nertslib.bots.learned import LearnedBot
from nertslib.bots.search import SearchBot
from nertslib.errors import NertsError

__all__ = ["BOT_NAMES", "make_bot"]

#: The names :func:`make_bot` knows, in the order the docs list them.
BOT_NAMES: Final = ("greedy", "random", "search", "learned")


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot called ``name`` (one of :data:`BOT_NAMES`), seeded with ``seed``.

    ``"greedy"`` is :func:`~nertslib.greedy_bot` (which has no seed), ``"random"`` a
    :class:`~nertslib.RandomBot`, ``"search"`` a :class:`~nertslib.SearchBot` with its
    default budget of 50 ms per move. ``"search:N"`` is a search bot that runs ``N``
    iterations per move and no clock (deterministic, for measurements). ``"learned"`` is a
    :class:`~nertslib.bots.learned.LearnedBot` (its shipped weights played by NumPy, which the
    ``learned`` extra installs). Names are matched without regard to case and surrounding
    spaces.

    Raises:
        NertsError: (a :class:`ValueError`) for an unknown name, listing the known ones, or
            for ``"learned"`` where NumPy is not installed.

    >>> from nertslib.bots import make_bot
    >>> import nertslib as nl
    >>> make_bot("greedy") is nl.greedy_bot
    True
    >>> make_bot("minimax")
    Traceback (most recent call last):
    ...
    nertslib.errors.NertsError: unknown bot 'minimax'; known bots: greedy, random, search, learned (or search:N)
    """  # noqa: E501 - a doctest output line
    key = str(name).strip().lower()
    if key == "greedy":
        return greedy_bot
    if key == "random":
        return RandomBot(seed)
    if key == "search":
        return SearchBot(seed=seed)
    if key.startswith("search:") and key[7:].isdigit() and int(key[7:]):
        return SearchBot(budget_ms=None, iterations=int(key[7:]), seed=seed)
    if key == "learned":
        # the module imports NumPy only when a bot is built: the core does not need it
        return LearnedBot(seed)
    msg = f"unknown bot {str(name)[:40]!r}; known bots: {', '.join(BOT_NAMES)} (or search:N)"
    raise NertsError(msg)
