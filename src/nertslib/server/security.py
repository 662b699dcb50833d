"""What the server trusts: which Host headers and browser Origins, and how long a request may take.

* **Host** (DNS rebinding): a request is served when its ``Host`` is an IP address, a
  loopback name, or allowed (``--allow-host``; ``*`` allows any). A web page cannot make a
  browser send an IP literal for its own domain, so a rebound name is refused.
* **Origin** (another web page opening the game's WebSocket, or creating tables): a browser
  request from another Origin than the page's own is refused unless allowed
  (``--allow-origin``); a client that sends no Origin, as scripts do, is not a web page and
  is let in.
* **Slow clients**: :class:`TimedH11Protocol` closes a connection whose request headers have
  not arrived within the timeout.

>>> from nertslib.server.security import Trust
>>> trust = Trust()
>>> trust.host_ok("192.168.1.5:8000"), trust.host_ok("evil.example:8000")
(True, False)
>>> trust.origin_ok("http://192.168.1.5:8000", "192.168.1.5:8000"), trust.origin_ok(None, "x")
(True, True)
>>> trust.origin_ok("https://evil.example", "127.0.0.1:8000")
False

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import asyncio
import ipaddress
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any, Final
from urllib.parse import urlsplit

import attrs
import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["LOOPBACK_NAMES", "TimedH11Protocol", "Trust", "TrustMiddleware"]

#: Host names always allowed: the machine itself.
LOOPBACK_NAMES: Final = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


def _hostname(host: str) -> str:
    """``host`` without its port (``[::1]:8000`` -> ``::1``)."""
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


@attrs.frozen
class Trust:
    """The Hosts and Origins allowed besides the defaults (``"*"`` in either: any)."""

    hosts: tuple[str, ...] = ()
    origins: tuple[str, ...] = ()

    def host_ok(self, host: str | None) -> bool:
        """Whether a request with this ``Host`` header is served."""
        if host is None or "*" in self.hosts:
            return host is not None or "*" in self.hosts
        name = _hostname(host.strip().lower())
        return _is_ip(name) or name in LOOPBACK_NAMES or name in self.hosts

    def origin_ok(self, origin: str | None, host: str | None) -> bool:
        """Whether a request with this ``Origin`` (and ``Host``) may use the game."""
        if origin is None or "*" in self.origins or origin in self.origins:
            return True
        return host is not None and urlsplit(origin).netloc.lower() == host.strip().lower()


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


class TrustMiddleware:
    """Refuse a foreign Host (HTTP 421) and, for WebSockets and POSTs, a foreign Origin."""

    def __init__(self, app: App, trust: Trust) -> None:
        self.app = app
        self.trust = trust

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The ASGI entry point."""
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host, origin = _header(scope, b"host"), _header(scope, b"origin")
        checks_origin = kind == "websocket" or scope.get("method") == "POST"
        if not self.trust.host_ok(host):
            await _refuse(kind, receive, send, 421, "this host name is not served here")
        elif checks_origin and not self.trust.origin_ok(origin, host):
            await _refuse(kind, receive, send, 403, "requests from that origin are refused")
        else:
            await self.app(scope, receive, send)


async def _refuse(kind: str, receive: Receive, send: Send, status: int, why: str) -> None:
    if kind == "websocket":
        # accept, then close with the reason: a close frame says why (a refused handshake
        # would only show the browser "failed")
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": 4003, "reason": why})
        return
    body = why.encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"text/plain"), (b"content-length", b"%d" % len(body))],
        }
    )
    await send({"type": "http.response.body", "body": body})


class TimedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol, closing a connection whose request headers do not all arrive.

    uvicorn's keep-alive timeout only runs between requests and stops at the first byte of
    the next one, so a client that sends half a request would hold its connection for ever.
    Here each request's headers must arrive within ``request_timeout`` seconds of the
    connection or of its first byte (set it on a subclass per server before serving).
    """

    request_timeout: float = 10.0
    _due: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Start the clock for the first request's headers."""
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        """Read ``data``; a request begun and not yet whole starts the clock."""
        super().data_received(data)
        self._arm()

    def _ours(self) -> bool:
        # a WebSocket upgrade hands the transport to another protocol: no longer ours
        transport = self.transport
        return transport.get_protocol() is self and not transport.is_closing()

    def _arm(self) -> None:
        if self._due is None and self._ours() and self.conn.their_state is h11.IDLE:
            self._due = self.loop.call_later(self.request_timeout, self._headers_due)

    def _headers_due(self) -> None:
        self._due = None
        if self._ours() and self.conn.their_state is h11.IDLE:
            self.transport.close()  # no whole request yet (or an idle keep-alive: harmless)
