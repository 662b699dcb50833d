"""Click parameter types and shared options of the ``nerts`` command.

>>> from nertslib.cli.options import VARIANT
>>> VARIANT.convert("standard,stock_turn=1", None, None).stock_turn
1
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from nertslib.simulation import bot_named, bot_names
from nertslib.variants import Variant, names

__all__ = [
    "BOTS",
    "SEATS",
    "SEED",
    "VARIANT",
    "BotList",
    "CommandError",
    "VariantType",
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


class BotList(click.ParamType):  # type: ignore[type-arg]  # generic only in new click
    """A comma-separated list of bot names: ``greedy,random``."""

    name = "BOTS"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """The names as a tuple, each one checked."""
        if isinstance(value, tuple):
            return value
        bots = tuple(part.strip() for part in str(value).split(","))
        for bot in bots:
            try:
                bot_named(bot)
            except ValueError as exc:
                self.fail(str(exc), param, ctx)
        return bots


VARIANT = VariantType()
BOTS = BotList()
SEED = click.IntRange(min=0)
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


def bots_help(what: str) -> str:
    """The help line of a ``--bots`` option."""
    return f"comma-separated bot names ({', '.join(bot_names())}), {what}"
