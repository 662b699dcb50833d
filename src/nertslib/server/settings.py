"""How one table of the server is set up: :class:`TableSettings`, checked when built.

>>> from nertslib.server.settings import TableSettings
>>> TableSettings.build(seats=3, bots=1, code="owl").human_seats
range(0, 2)

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from pathlib import Path

import attrs

import nertslib as nl
from nertslib.bots import make_bot
from nertslib.quoting import excerpt

__all__ = ["ServerConfig", "TableSettings"]


def _check_settings(s: TableSettings) -> None:
    s.variant.check_seats(s.seats)
    if type(s.bots) is not int or not 0 <= s.bots <= s.seats:
        msg = f"bots must be 0..{s.seats} (the seats), got {s.bots!r}"
        raise nl.NertsError(msg)
    if s.seed is not None and (type(s.seed) is not int or s.seed < 0):
        msg = f"seed must be an int >= 0, got {s.seed!r}"
        raise nl.NertsError(msg)
    if s.seed is not None and s.position is not None:
        msg = "give a seed or a position, not both"
        raise nl.NertsError(msg)
    if s.position is not None and (
        s.position.variant != s.variant or len(s.position.layouts) != s.seats
    ):
        msg = "the position's variant and seats must be the table's"
        raise nl.NertsError(msg)
    low, high = s.bot_delay
    if not 0 <= low <= high:
        msg = f"bot_delay must be (low, high) with 0 <= low <= high, got {s.bot_delay!r}"
        raise nl.NertsError(msg)
    if s.code is not None and (type(s.code) is not str or not 0 < len(s.code) <= 64):
        msg = f"a join code has 1 to 64 characters, got {excerpt(str(s.code))}"
        raise nl.NertsError(msg)
    if type(s.grace) not in (int, float) or not 0 <= s.grace <= 86400:
        msg = f"grace must be 0..86400 seconds, got {s.grace!r}"
        raise nl.NertsError(msg)
    make_bot(s.bot, 0)


@attrs.frozen
class TableSettings:
    """How the server's one table is set up (build it with :meth:`build`).

    >>> import nertslib as nl
    >>> from nertslib.server.settings import TableSettings
    >>> settings = TableSettings(nl.variants.get("standard"), seats=4, bots=2, seed=9)
    >>> settings.human_seats, settings.bot_delay
    (range(0, 2), (0.6, 1.5))

    Attributes:
        variant: The rules.
        seats: Seats at the table.
        bots: How many of them bots play: the last ``bots`` seats.
        bot: The bots' spec for :func:`nertslib.bots.make_bot` (``"greedy"``, ``"search"``,
            ``module:function`` …).
        seed: The first hand's seed (hand ``k`` is dealt from ``seed + k - 1``); ``None``
            draws each hand's seed from :mod:`secrets`.
        position: The first hand's position (a puzzle, a saved game), instead of a deal.
        bot_delay: A bot waits between ``low`` and ``high`` seconds before each move: its
            :class:`~nertslib.Pace` reaction time for that kind of move, kept within them (a human
            pace; near zero in tests).
        next_hand_delay: A table of bots only deals the next hand after this many seconds.
        code: The join code: without it nobody sits (``None``: anyone may sit).
        grace: Seconds a hand waits for a seat whose connection dropped, before it goes on
            without that seat.

    .. versionadded:: 0.1.0
    """

    variant: nl.Variant
    seats: int
    bots: int = 1
    bot: str = "greedy"
    seed: int | None = None
    position: nl.GameState | None = None
    bot_delay: tuple[float, float] = (0.6, 1.5)
    next_hand_delay: float = 5.0
    code: str | None = None
    grace: float = 60.0

    def __attrs_post_init__(self) -> None:
        _check_settings(self)

    @classmethod
    def build(
        cls,
        *,
        variant: str | nl.Variant = "standard",
        seats: int = 2,
        bots: int = 1,
        bot: str = "greedy",
        seed: int | None = None,
        position: str | nl.GameState | None = None,
        bot_delay: tuple[float, float] = (0.6, 1.5),
        code: str | None = None,
        grace: float = 60.0,
    ) -> TableSettings:
        """Settings from the command line's values: a variant spec, an NFEN position.

        A position brings its own variant and seats (``variant`` and ``seats`` are then
        ignored).

        Raises:
            ValueError: naming the bad value (an unknown variant, bad NFEN, too many bots …).

        >>> from nertslib.server.settings import TableSettings
        >>> TableSettings.build(variant="nna", seats=3, bots=2).variant.caller_bonus
        10
        >>> TableSettings.build(seats=2, bots=3)
        Traceback (most recent call last):
        ...
        nertslib.errors.NertsError: bots must be 0..2 (the seats), got 3
        """
        rules = variant if isinstance(variant, nl.Variant) else nl.Variant.from_spec(variant)
        start = nl.GameState.from_nfen(position) if isinstance(position, str) else position
        if start is not None:
            rules, seats = start.variant, len(start.layouts)
        return cls(rules, seats, bots, bot, seed, start, bot_delay, code=code, grace=grace)

    @property
    def human_seats(self) -> range:
        """The seats people play (the first ``seats - bots``)."""
        return range(self.seats - self.bots)


@attrs.frozen
class ServerConfig:
    """Everything one server run needs: its first table, the network, the trust, the history.

    >>> from nertslib.server.settings import ServerConfig, TableSettings
    >>> ServerConfig(TableSettings.build()).links()
    ['http://127.0.0.1:8000/', 'http://127.0.0.1:8000/?seat=0', 'http://127.0.0.1:8000/?watch']

    Attributes:
        table: The first table's settings (``nerts serve`` starts with one table).
        host: The address to listen on.
        port: The TCP port.
        quiet: Log nothing of joins, hands and results.
        allow_origins: Browser Origins allowed besides the server's own (``"*"``: any).
        allow_hosts: Host headers allowed besides loopback names and ``host`` (``"*"``: any).
        max_connections: WebSockets served at once; more are closed with a reason.
        join_timeout: Seconds a WebSocket may stay without joining.
        request_timeout: Seconds a client may take to send a request's headers.
        db: The history's SQLite file (``None``: keep no history).
    """

    table: TableSettings
    host: str = "127.0.0.1"
    port: int = 8000
    quiet: bool = False
    allow_origins: tuple[str, ...] = ()
    allow_hosts: tuple[str, ...] = ()
    max_connections: int = 500
    join_timeout: float = 10.0
    request_timeout: float = 10.0
    db: Path | None = None

    def links(self, address: str | None = None) -> list[str]:
        """The links to share: the lobby, each human seat of the first table, watching.

        ``address`` is the machine's address to show when ``host`` is every interface.
        """
        shown = (address or "127.0.0.1") if self.host in ("0.0.0.0", "::", "") else self.host
        base = f"http://{shown}:{self.port}/"
        seats = [f"{base}?seat={seat}" for seat in self.table.human_seats]
        return [base, *seats, f"{base}?watch"]
