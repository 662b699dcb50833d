"""Bots by name: the one place a bot spec becomes a bot.

:func:`~nertslib.bots.make_bot` and :data:`~nertslib.bots.BOT_NAMES` live here.

A spec is one of:

* a built-in name (:data:`~nertslib.bots.BOT_NAMES`), matched without regard to case and
  surrounding spaces: ``"greedy"``, ``"random"``, ``"search"``, or ``"search:N"`` (``N``
  iterations per move, no clock);
* ``"module:name"``: the object ``name`` (a dotted path is allowed) of the importable
  ``module``. A function (any callable that is not a class) is the bot itself; a class is
  instantiated (``name()``) to give the bot;
* ``"module:name(arguments)"``: ``name`` called with the arguments (Python literals,
  positional or ``key=value``), for a class or a factory function that returns a bot, such as
  ``"mybots:Minimax(depth=3)"`` or ``"mybots:make_bot()"``.

Where a class or factory takes a ``seed`` parameter and the spec does not give one, it gets
the ``seed`` passed to :func:`~nertslib.bots.make_bot` (so a simulation seeds every seat's
bot its own way).
Every failure (an unknown name, a module that cannot be imported, a missing attribute, an
object that is not callable, arguments that are not literals or that the callable refuses, a
factory that returns no bot) raises :class:`~nertslib.NertsError` quoting the spec, bounded.

A new built-in name is one entry in ``_BUILT_INS``: a builder ``(seed, option) -> Bot | None``
(``option`` is what follows ``"name:"``, ``None`` without a colon; ``None`` back refuses it),
which imports an optional extra's module inside itself.

>>> from nertslib.bots import BOT_NAMES, make_bot
>>> BOT_NAMES
('greedy', 'random', 'search', 'learned')
>>> make_bot("search:16", seed=3)
SearchBot(budget_ms=None, iterations=16, seed=3)
>>> make_bot("nertslib:SearchBot(budget_ms=None, iterations=4)", seed=2)
SearchBot(budget_ms=None, iterations=4, seed=2)
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from collections.abc import Callable
from typing import Any, Final, NoReturn

from nertslib.bots.basic import Bot, RandomBot, greedy_bot
from nertslib.bots.learned import LearnedBot
from nertslib.bots.search import SearchBot
from nertslib.errors import NertsError
from nertslib.quoting import clipped, excerpt

__all__ = ["BOT_NAMES", "make_bot"]

Builder = Callable[[int, "str | None"], "Bot | None"]


def _greedy(_seed: int, option: str | None) -> Bot | None:
    return greedy_bot if option is None else None


def _random(seed: int, option: str | None) -> Bot | None:
    return RandomBot(seed) if option is None else None


def _search(seed: int, option: str | None) -> Bot | None:
    if option is None:
        return SearchBot(seed=seed)
    if option.isdigit() and int(option) > 0:
        return SearchBot(budget_ms=None, iterations=int(option), seed=seed)
    return None


def _learned(seed: int, option: str | None) -> Bot | None:
    # LearnedBot imports NumPy only when it is built: the core does not need it.
    return LearnedBot(seed) if option is None else None


# The built-in names in the order the docs list them, each with its builder.
_BUILT_INS: Final[dict[str, Builder]] = {
    "greedy": _greedy,
    "random": _random,
    "search": _search,
    "learned": _learned,
}

#: The built-in names :func:`~nertslib.bots.make_bot` knows, in the order the docs list them.
BOT_NAMES: Final = tuple(_BUILT_INS)

# "module:name" or "module:name(arguments)"; module and name may be dotted paths.
_SPEC: Final = re.compile(r"([A-Za-z_][\w.]*):([A-Za-z_][\w.]*)(?:\((.*)\))?", re.DOTALL)
# What a message says of an exception raised by a user's module (its own text, bounded).
_CAUSE_LIMIT: Final = 200


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A new bot for ``spec`` (a built-in name or ``module:name``), seeded with ``seed``.

    ``"greedy"`` is :func:`~nertslib.greedy_bot` (which has no seed), ``"random"`` a
    :class:`~nertslib.RandomBot`, ``"search"`` a :class:`~nertslib.SearchBot` with its
    default budget of 50 ms per move. ``"search:N"`` is a search bot that runs ``N``
    iterations per move and no clock (deterministic, for measurements). ``"learned"`` is a
    :class:`~nertslib.bots.learned.LearnedBot` (its shipped weights played by NumPy, which the
    ``learned`` extra installs). Names are matched without regard to case and surrounding
    spaces. ``"module:name"`` and
    ``"module:name(arguments)"`` load a bot, a bot class or a factory from a module (see
    :mod:`nertslib.bots.registry`).

    Raises:
        NertsError: (a :class:`ValueError`) for an unknown name, listing the known ones, and
            for a ``module:name`` spec that does not give a bot, saying why.

    >>> from nertslib.bots import make_bot
    >>> import nertslib as nl
    >>> make_bot("greedy") is nl.greedy_bot
    True
    >>> make_bot("nertslib:greedy_bot") is nl.greedy_bot
    True
    >>> make_bot("minimax")
    Traceback (most recent call last):
    ...
    nertslib.errors.NertsError: unknown bot 'minimax'; known bots: greedy, random, search, learned (or search:N)
    >>> make_bot("nertslib:no_such_bot")
    Traceback (most recent call last):
    ...
    nertslib.errors.NertsError: bot 'nertslib:no_such_bot': module 'nertslib' has no attribute 'no_such_bot'
    """  # noqa: E501 - doctest output lines
    text = str(spec).strip()
    head, colon, option = text.partition(":")
    builder = _BUILT_INS.get(head.lower())
    if builder is not None:
        bot = builder(seed, option if colon else None)
        if bot is not None:
            return bot
    elif colon:
        return _from_module(text, seed)
    msg = f"unknown bot {excerpt(text)}; known bots: {', '.join(BOT_NAMES)} (or search:N)"
    raise NertsError(msg)


def _from_module(spec: str, seed: int) -> Bot:
    """The bot a ``module:name`` or ``module:name(arguments)`` spec names."""
    found = _SPEC.fullmatch(spec)
    if found is None:
        _fail(spec, "write module:name or module:name(arguments), names being Python names")
    module_name, path, arguments = found.groups()
    target = _resolve(spec, module_name, path)
    if not callable(target):
        _fail(spec, f"{path} is a {type(target).__name__}, not a bot, class or factory")
    if arguments is None and not inspect.isclass(target):
        return target
    args, kwargs = _arguments(spec, arguments or "")
    if "seed" not in kwargs and _takes_seed(target):
        kwargs["seed"] = seed
    try:
        bot = target(*args, **kwargs)
    except (TypeError, ValueError) as exc:
        _fail(spec, f"{path} refused the arguments: {_cause(exc)}")
    if not callable(bot):
        _fail(spec, f"{path}(...) gave a {type(bot).__name__}, not a bot")
    return bot  # type: ignore[no-any-return]


def _resolve(spec: str, module_name: str, path: str) -> object:
    """The object at the dotted ``path`` in the module ``module_name``."""
    try:
        found: object = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module_name.startswith(exc.name):
            _fail(spec, f"no module named {excerpt(exc.name)}")
        _fail(spec, f"importing {module_name} failed: {_cause(exc)}")
    except Exception as exc:
        _fail(spec, f"importing {module_name} failed: {_cause(exc)}")
    where = f"module {module_name!r}"
    for part in path.split("."):
        if not hasattr(found, part):
            _fail(spec, f"{where} has no attribute {part!r}")
        found = getattr(found, part)
        where = repr(part)
    return found


def _arguments(spec: str, text: str) -> tuple[list[Any], dict[str, Any]]:
    """The positional and keyword arguments written in ``text`` (Python literals only)."""
    try:
        call = ast.parse(f"f({text})", mode="eval").body
        if not isinstance(call, ast.Call) or any(isinstance(a, ast.Starred) for a in call.args):
            raise ValueError("not a list of arguments")
        args = [ast.literal_eval(a) for a in call.args]
        kwargs = {}
        for keyword in call.keywords:
            if keyword.arg is None:
                raise ValueError("** is not allowed")
            kwargs[keyword.arg] = ast.literal_eval(keyword.value)
    except (SyntaxError, ValueError, TypeError, RecursionError, MemoryError) as exc:
        _fail(spec, f"arguments must be Python literals: {_cause(exc)}")
    return args, kwargs


def _takes_seed(target: Callable[..., object]) -> bool:
    """Whether ``target`` accepts a ``seed`` keyword argument."""
    try:
        params = inspect.signature(target).parameters.values()
    except (TypeError, ValueError):  # some built-in callables have no signature
        return False
    return any(
        (p.name == "seed" and p.kind is not p.POSITIONAL_ONLY) or p.kind is p.VAR_KEYWORD
        for p in params
    )


def _cause(exc: BaseException) -> str:
    """An exception from a user's code or Python, named and bounded for a message."""
    text = f"{type(exc).__name__}: {exc}"
    return text if len(text) <= _CAUSE_LIMIT else text[: _CAUSE_LIMIT - 1] + "…"


def _fail(spec: str, why: str) -> NoReturn:
    """Raise the error for ``spec``, saying ``why`` it names no bot."""
    msg = clipped(f"bot {excerpt(spec)}: {why}")
    raise NertsError(msg)
