"""Limits below the app, on uvicorn's connections: per-client sockets and request time.

uvicorn closes a kept-alive HTTP connection that sends nothing for
``timeout_keep_alive`` seconds, but it has no time limit for a request that arrives
slowly (a "slowloris" client sends a header line every few seconds and holds its
socket for ever) and no limit per client address; its ``limit_concurrency`` counts
every client together, so one client can use it all up.  :func:`protocols` makes
uvicorn's HTTP and WebSocket protocol classes with two more limits:

- a client address holds at most ``connections_per_client`` open connections
  (HTTP and WebSocket together); one more is closed as soon as it is accepted;
- a client has ``request_timeout`` seconds from its first byte of an HTTP request
  (or from connecting) to the end of that request, a WebSocket handshake included;
  a slower one is disconnected.

``python -m zank_server`` runs uvicorn with them; an app of
:func:`zank_server.app.create_app` under another server needs that server's own
limits.  The idle WebSockets after the handshake are the app's to close
(:attr:`zank_server.app.Settings.idle_timeout`).
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.utils import get_remote_addr
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

__all__ = ["protocols"]


def protocols(
    connections_per_client: int, request_timeout: float
) -> tuple[type[HttpToolsProtocol], type[WebSocketsSansIOProtocol]]:
    """uvicorn's ``http`` and ``ws`` protocol classes with the limits above."""
    open_by_client: dict[str, int] = {}

    def release(client: str) -> None:
        left = open_by_client.get(client, 0) - 1
        if left > 0:
            open_by_client[client] = left
        else:
            open_by_client.pop(client, None)

    class GuardedWebSocket(WebSocketsSansIOProtocol):
        """A WebSocket connection: its address is released when it is lost."""

        guard_client: str | None = None

        def connection_lost(self, exc: Exception | None) -> None:
            if self.guard_client is not None:
                release(self.guard_client)
                self.guard_client = None
            super().connection_lost(exc)

    class GuardedHttp(HttpToolsProtocol):
        """An HTTP connection counted per address, each request timed."""

        guard_client: str | None = None
        guard_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            address = get_remote_addr(transport)
            client = address[0] if address else ""
            if open_by_client.get(client, 0) >= connections_per_client:
                transport.abort()  # no answer: an answer would cost what the limit saves
                return
            open_by_client[client] = open_by_client.get(client, 0) + 1
            self.guard_client = client
            self._arm()

        def _arm(self) -> None:
            if self.guard_timer is None:
                self.guard_timer = self.loop.call_later(request_timeout, self._too_slow)

        def _disarm(self) -> None:
            if self.guard_timer is not None:
                self.guard_timer.cancel()
                self.guard_timer = None

        def _too_slow(self) -> None:
            self.guard_timer = None
            if not self.transport.is_closing():
                self.transport.abort()

        def data_received(self, data: bytes) -> None:
            if self.cycle is None or self.cycle.response_complete:
                self._arm()  # the first bytes of a new request on a kept-alive connection
            super().data_received(data)

        def on_message_complete(self) -> None:
            self._disarm()
            super().on_message_complete()

        def handle_websocket_upgrade(self) -> None:
            self._disarm()
            client, self.guard_client = self.guard_client, None
            super().handle_websocket_upgrade()
            protocol: Any = self.transport.get_protocol()
            if isinstance(protocol, GuardedWebSocket):
                protocol.guard_client = client  # released when the WebSocket is lost
            elif client is not None:
                release(client)

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            if self.guard_client is not None:
                release(self.guard_client)
                self.guard_client = None
            super().connection_lost(exc)

    return GuardedHttp, GuardedWebSocket
