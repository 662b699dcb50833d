"""The server's tables: the first one from the command line, and those players create.

A table created from the lobby page names its bots by the built-in names only
(:data:`nertslib.bots.BOT_NAMES`): ``module:function`` imports code, which only the host's
own command line may ask for.

>>> import asyncio
>>> from nertslib.server.lobby import Lobby
>>> from nertslib.server.settings import TableSettings
>>> async def demo():
...     lobby = Lobby(TableSettings.build(seats=2, bots=1))
...     await lobby.start()
...     made = await lobby.create({"variant": "nna", "seats": 3, "bots": 1, "code": "owl"})
...     listing = lobby.listing()
...     await lobby.stop()
...     return made.table_id, [(t["id"], t["seats"], t["code"]) for t in listing]
>>> asyncio.run(demo())
('2', [('1', 2, False), ('2', 3, True)])

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any, Final

import nertslib as nl
from nertslib.bots import BOT_NAMES
from nertslib.server.host import GameHost, HandListener
from nertslib.server.settings import TableSettings

__all__ = ["IDLE_TABLE", "MAX_TABLES", "Lobby"]

#: Tables a server holds at most (the first one included): a lobby is not a denial of service.
MAX_TABLES: Final = 32
#: A created table that nobody has been connected to for this many seconds is closed (the
#: first table stays).
IDLE_TABLE: Final = 600.0


def _settings_from(form: dict[str, Any], grace: float) -> TableSettings:
    """Table settings from the lobby's form (JSON), checked like the command line's."""
    allowed = {"variant", "seats", "bots", "bot", "code"}
    extra = sorted(str(k)[:20] for k in form if k not in allowed)
    if extra:
        msg = f"unknown field(s): {', '.join(extra)}"
        raise nl.NertsError(msg)
    bot = form.get("bot", "greedy")
    if bot not in BOT_NAMES:
        msg = f"bot must be one of {', '.join(BOT_NAMES)}, got {str(bot)[:40]!r}"
        raise nl.NertsError(msg)
    variant = form.get("variant", "standard")
    if type(variant) is not str or len(variant) > 300:
        raise nl.NertsError("variant must be a preset name or a spec")
    code = form.get("code") or None
    return TableSettings.build(
        variant=variant,
        seats=form.get("seats", 2),
        bots=form.get("bots", 1),
        bot=bot,
        code=code,
        grace=grace,
        bot_delay=(0.6, 1.5),
    )


class Lobby:
    """The server's tables by id (``"1"`` is the first), each a :class:`GameHost`."""

    def __init__(
        self,
        first: TableSettings,
        on_hand: HandListener | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._on_hand = on_hand
        self._clock = clock
        self._grace = first.grace
        self.tables: dict[str, GameHost] = {"1": GameHost(first, on_hand=on_hand, clock=clock)}
        self._running = False
        self._made = 1  # tables made so far: ids are never reused
        self._pruner: asyncio.Task[None] | None = None

    @property
    def first(self) -> GameHost:
        """The first table (``/?seat=I`` takes its seat ``I``)."""
        return self.tables["1"]

    async def start(self) -> None:
        """Start every table's bots."""
        self._running = True
        for host in self.tables.values():
            await host.start()
        self._pruner = asyncio.create_task(self._prune_now_and_then())

    async def stop(self) -> None:
        """Stop every table."""
        self._running = False
        if self._pruner is not None:
            self._pruner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pruner
        for host in self.tables.values():
            await host.stop()

    async def _prune_now_and_then(self) -> None:
        while True:
            await asyncio.sleep(IDLE_TABLE / 10)
            await self.prune()

    async def create(self, form: dict[str, Any]) -> GameHost:
        """A new table from the lobby's form (variant, seats, bots, bot, code).

        Raises:
            NertsError: (a :class:`ValueError`) for bad settings or too many tables.
        """
        await self.prune()
        if len(self.tables) >= MAX_TABLES:
            msg = f"this server holds at most {MAX_TABLES} tables"
            raise nl.NertsError(msg)
        settings = _settings_from(form, self._grace)
        self._made += 1
        table_id = str(self._made)
        host = GameHost(settings, table_id=table_id, on_hand=self._on_hand, clock=self._clock)
        self.tables[table_id] = host
        if self._running:
            await host.start()
        return host

    async def prune(self) -> None:
        """Close the created tables nobody has been connected to for :data:`IDLE_TABLE` s."""
        now = self._clock()
        for table_id, host in list(self.tables.items()):
            idle = host.idle_since
            if table_id != "1" and idle is not None and now - idle >= IDLE_TABLE:
                del self.tables[table_id]
                await host.stop()

    def listing(self) -> list[dict[str, Any]]:
        """Every table as the lobby shows it: variant, seats, who sits where, status."""
        return [_table_data(host) for host in self.tables.values()]


def _table_data(host: GameHost) -> dict[str, Any]:
    s = host.settings
    if not host.started:
        status = "waiting"
    elif host.table.is_over:
        status = "between hands"
    else:
        status = "playing"
    return {
        "id": host.table_id,
        "variant": s.variant.to_spec(),
        "seats": s.seats,
        "bots": s.bots,
        "bot": s.bot,
        "code": s.code is not None,
        "hand": host.hand,
        "status": status,
        "players": [
            {"seat": i.seat, "name": i.name, "player": i.player, "connected": i.connected}
            for i in host.seat_infos()
        ],
    }
