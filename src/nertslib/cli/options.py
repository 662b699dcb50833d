"""Click parameter types and shared options of the ``nerts`` command.

>>> from nertslib.cli.options import VARIANT
>>> VARIANT.convert("standard,stock_turn=1", None, None).stock_turn
1
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar

import click

from nertslib.bots import BOT_NAMES, make_bot
from nertslib.quoting import excerpt
from nertslib.state import SEED_LIMIT
from nertslib.variants import Variant, names

__all__ = [
    "BOTS",
    "SEATS",
    "SEED",
    "VARIANT",
    "BotList",
    "CommandError",
    "VariantType",
    "bots_option",
    "seed_option",
    "speed_option",
    "split_bots",
    "variant_option",
]

F = TypeVar("F", bound=Callable[..., Any])


class CommandError(click.ClickException):
    """A failure that is not bad usage (a file that cannot be read, say): exit status 1.

    The message starts with the command, ``nerts replay: error: ...``.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        ctx = click.get_current_context(silent=True)
        self.where = ctx.command_path if ctx is not None else "nerts"


class VariantType(click.ParamType):  # type: ignore[type-arg]  # generic only in new click
    """A preset name (``nna``) or a spec string (``standard,stock_turn=1``) -> Variant."""

    name = "SPEC"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """Read the variant, or fail with the library's one-line reason."""
        if isinstance(value, Variant):
            return value
        try:
            return Variant.from_spec(str(value).strip())
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


#: What building a bot from a user's spec may raise (a ``module:function`` spec runs code).
BOT_ERRORS: Final = (ValueError, ImportError, AttributeError, TypeError)


def _checked_bot(
    kind: click.ParamType,  # type: ignore[type-arg]  # generic only in new click
    spec: str,
    param: click.Parameter | None,
    ctx: click.Context | None,
) -> str:
    """``spec`` once :func:`nertslib.bots.make_bot` builds a bot from it; else a usage error."""
    try:
        make_bot(spec)
    except BOT_ERRORS as exc:
        kind.fail(" ".join(str(exc).split()) or excerpt(spec), param, ctx)
    return spec


def split_bots(text: str) -> tuple[str, ...]:
    """Split a ``--bots`` list at the commas outside parentheses (a spec may have arguments).

    >>> from nertslib.cli.options import split_bots
    >>> split_bots("greedy, mybots:Minimax(depth=3, seed=1),random")
    ('greedy', 'mybots:Minimax(depth=3, seed=1)', 'random')
    """
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return tuple(part.strip() for part in parts)


class BotList(click.ParamType):  # type: ignore[type-arg]  # generic only in new click
    """A comma-separated list of bots: ``greedy,random`` or ``module:function`` specs.

    Each one is checked with :func:`nertslib.bots.make_bot`, the registry every command
    shares.
    """

    name = "BOTS"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """The specs as a tuple, each one checked."""
        if isinstance(value, tuple):
            return value
        return tuple(_checked_bot(self, p, param, ctx) for p in split_bots(str(value)))


VARIANT = VariantType()
BOTS = BotList()
#: A deal seed: what :func:`nertslib.deal` accepts, 0 to 2**64 - 1, in every command.
SEED = click.IntRange(0, SEED_LIMIT - 1)
SEATS = click.IntRange(1, 8)


def variant_option(func: F) -> F:
    """The ``--variant SPEC`` option every command shares."""
    help_text = (
        f"a preset ({', '.join(names())}) or a spec such as 'standard,stock_turn=1' "
        "(default standard)"
    )
    return click.option(
        "--variant", type=VARIANT, default="standard", show_default=False, help=help_text
    )(func)


def seed_option(default: int | None, what: str = "deal seed") -> Callable[[F], F]:
    """The ``--seed`` option of every command: one bound (0 to 2**64 - 1), one message."""
    return click.option(
        "--seed", type=SEED, default=default, show_default=default is not None, help=what
    )


def bots_help(what: str) -> str:
    """The help line of a ``--bots`` option."""
    known = ", ".join(BOT_NAMES)
    return f"comma-separated bots ({known}, or module:function), {what}"


def bots_option(what: str) -> Callable[[F], F]:
    """The ``--bots`` option (greedy by default) of the commands that play bots.

    >>> import click
    >>> from nertslib.cli.options import bots_option
    >>> @click.command()
    ... @bots_option("one per seat")
    ... def show(bots: tuple[str, ...]) -> None:
    ...     print(bots)
    >>> show(["--bots", "greedy,random"], standalone_mode=False)
    ('greedy', 'random')
    """
    return click.option(
        "--bots", type=BOTS, default="greedy", show_default=True, help=bots_help(what)
    )


def speed_option(most: float, default: float, what: str) -> Callable[[F], F]:
    """The ``--speed`` option of the commands that show a hand in real time.

    >>> import click
    >>> from nertslib.cli.options import speed_option
    >>> @click.command()
    ... @speed_option(50, 1.0, "the pace")
    ... def show(speed: float) -> None:
    ...     print(speed)
    >>> show(["--speed", "2"], standalone_mode=False)
    2.0
    """
    return click.option(
        "--speed",
        type=click.FloatRange(min=0.05, max=most),
        default=default,
        show_default=True,
        help=what,
    )
