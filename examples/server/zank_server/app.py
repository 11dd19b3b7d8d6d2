"""The Starlette app: the WebSocket protocol of the tables and the records of finished games.

Routes:

- ``/ws`` (WebSocket): the game protocol, one JSON object per text message (below).
- ``GET /records/{table}``: the zank game record of a finished game (``zank replay`` reads it).
- ``GET /health``: ``{"ok": true, "tables": <open tables>}``.

The limits of :class:`Settings` protect the other tables from one client: per
connection (message size and rate), per client address (open tables, messages and
connections a second, and, with :mod:`zank_server.guard`, open connections and the
time to send a request) and per socket (idle WebSockets are closed).  A finished
game's tokens resume to its stored last view (no replay) for ``finished_ttl``
seconds; tables that nobody joins are dropped after ``empty_table_ttl`` seconds and
are not reloaded after a restart.

Client messages (every other field is refused, a ``"state"`` field above all: the
server keeps the states and accepts none):

==========================================================  ==================================
``{"type": "create", "variant": V, "options": {}, "seats": 2}``  ``created`` with the table id
``{"type": "join", "table": T}`` (``"seat": n`` optional)     ``joined`` with seat and token,
                                                              then every seat's ``view``
``{"type": "resume", "token": K}``                            ``joined``, then your ``view``
``{"type": "move", "move": "a-b1", "seq": n}``                every seat's new ``view``
``{"type": "view"}``                                          your ``view``
==========================================================  ==================================

A ``view`` holds the seat's own observation (:func:`zank.serialize.observation_to_dict`:
hidden cards are ``null``), ``seq`` (moves played), ``legal`` (the seat's legal moves
in notation when it is to move), ``last`` (the move just played) and ``result``.  The
mover's new view is the acknowledgement of its move: it is sent after the move is in
the database.  A refusal is ``{"type": "error", "code": ..., "message": ..., "rule":
...}``; ``rule`` is the library's rule id for an illegal move.

Every request is handled without an ``await`` between its checks, its write to the
database and its change of the table, so requests of different connections never
interleave inside one another.  The answers wait for the commit of those writes,
which is shared by the requests handled meanwhile (group commit), and each
connection's answers are sent in order by a task of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sqlite3
import sys
import time
from collections.abc import AsyncIterator
from typing import Any

from attrs import define, field
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

import zank
from zank.errors import quote
from zank.serialize import read_json
from zank_server.lobby import FinishedSeat, Lobby, Refusal, Table
from zank_server.store import Store

__all__ = ["Settings", "create_app"]

_FIELDS = {
    "create": {"type", "variant", "options", "seats"},
    "join": {"type", "table", "seat"},
    "resume": {"type", "token"},
    "move": {"type", "move", "seq", "seat", "table", "variant"},
    "view": {"type"},
}


@define
class Settings:
    """What a server is started with (``python -m zank_server --help`` sets them)."""

    database: str = "zank-server.sqlite"
    """The SQLite file; made if missing."""
    synchronous: str = "normal"
    """SQLite's ``synchronous`` mode: ``"normal"`` or ``"full"`` (see :mod:`zank_server.store`)."""
    max_message: int = 4096
    """The longest message (characters) that is read; a longer one is refused unread."""
    rate: float = 20.0
    """Messages a connection may send per second, on average."""
    burst: int = 40
    """Messages a connection may send at once; that many refusals in a row close it."""
    max_tables: int = 10_000
    """The open tables the server holds at most."""
    tables_per_client: int = 50
    """The open tables one client address may have created (finished ones do not count)."""
    empty_table_ttl: float = 600.0
    """Seconds after which a table that nobody joined is dropped (also at a restart)."""
    finished_ttl: float = 3600.0
    """Seconds after a game's end during which its tokens resume to its last view."""
    client_rate: float = 100.0
    """Messages, new connections and HTTP requests of one client address served per
    second; more wait (the connection is not read meanwhile)."""
    client_burst: int = 200
    """The same, at once (served without waiting)."""
    connect_rate: float = 10.0
    """New WebSocket connections of one client address accepted per second (a
    handshake costs the server far more than a message); more wait."""
    connect_burst: int = 20
    """The same, at once."""
    connections_per_client: int = 32
    """Open connections one client address may hold (enforced by :mod:`zank_server.guard`)."""
    request_timeout: float = 10.0
    """Seconds a client has to send a whole HTTP request or WebSocket handshake
    (:mod:`zank_server.guard`); a slower one is disconnected."""
    idle_timeout: float = 600.0
    """Seconds a WebSocket may go without a message either way before it is closed."""


@define
class _Bucket:
    """A token bucket: ``rate`` messages a second, at most ``burst`` at once."""

    rate: float
    burst: int
    tokens: float = 0.0
    stamp: float = field(factory=time.monotonic)

    def __attrs_post_init__(self) -> None:
        self.tokens = float(self.burst)

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def wait(self) -> float:
        """Take a message's token now or in the future: the seconds to wait for it.

        The tokens may go below zero: those who wait queue up behind each other.
        """
        now = time.monotonic()
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        self.tokens -= 1.0
        return 0.0 if self.tokens >= 0.0 else -self.tokens / self.rate


class _Connection:
    """One client's WebSocket and the queue of what is to be sent to it.

    A task of its own sends the queue in order, so that a client that reads slowly
    (or not at all) holds up nobody else; one that lets :attr:`OUTBOX` messages
    pile up is disconnected.
    """

    OUTBOX = 256

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        self.active = time.monotonic()  # the last message received or sent
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(self.OUTBOX)
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def post(self, payload: dict[str, Any] | Refusal) -> None:
        """Queue a message for the client."""
        body = payload.to_dict() if isinstance(payload, Refusal) else payload
        try:
            self.outbox.put_nowait(json.dumps(body, ensure_ascii=False))
        except asyncio.QueueFull:  # it does not read what it is sent: let it go
            self.writer.cancel()
            asyncio.get_running_loop().create_task(self.close(1008, "too slow to read"))

    async def _write(self) -> None:
        while (text := await self.outbox.get()) is not None:
            # A connection that has gone away takes nothing more; whatever the
            # transport raises for it (it differs between servers) ends the writer.
            try:
                await self.ws.send_text(text)
            except Exception:
                return
            self.active = time.monotonic()

    async def finish(self) -> None:
        """Send what is queued (for at most 5 s), then stop the writer."""
        try:
            self.outbox.put_nowait(None)
        except asyncio.QueueFull:
            self.writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, TimeoutError):
            await asyncio.wait_for(self.writer, 5)

    async def close(self, code: int, reason: str) -> None:
        """Close the connection (what is queued and not yet sent is dropped)."""
        with contextlib.suppress(Exception):
            await self.ws.close(code=code, reason=reason)


Send = tuple[_Connection, "dict[str, Any] | Refusal"]


class _Server:
    """The lobby, the open connections of every seat, and the protocol.

    Answers are not sent at once: they wait in :attr:`answers` until the database
    has committed every write made before them, and one commit covers the writes of
    every request handled meanwhile (group commit).  So no client hears of a move
    that is not stored, and a disk sync per commit (``synchronous=FULL``) is shared
    by all the tables that moved in the meantime.
    """

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store = Store(settings.database, synchronous=settings.synchronous)
        self.lobby = Lobby(
            self.store,
            max_tables=settings.max_tables,
            tables_per_client=settings.tables_per_client,
            empty_table_ttl=settings.empty_table_ttl,
            finished_ttl=settings.finished_ttl,
        )
        self.sockets: dict[tuple[str, int], _Connection] = {}
        self.connections: set[_Connection] = set()
        self.clients: dict[str, _Bucket] = {}  # client address -> its rate limit
        self.connects: dict[str, _Bucket] = {}  # client address -> its connection rate
        self.answers: list[Send] = []
        self.committer: asyncio.Task[None] | None = None

    def answer(self, sends: list[Send]) -> None:
        """Send these once everything written so far is committed."""
        self.answers.extend(sends)
        if self.committer is None:
            self.committer = asyncio.get_running_loop().create_task(self._commit())

    async def _commit(self) -> None:
        await asyncio.sleep(0)  # the requests already received join this commit
        try:
            self.store.commit()
        except sqlite3.Error as e:
            # The tables in memory are ahead of the file: stop rather than answer.
            # A restart reloads every table as it was last committed.
            print(f"zank server: the database failed ({e}); stopping", file=sys.stderr)
            os._exit(1)
        answers, self.answers, self.committer = self.answers, [], None
        for connection, payload in answers:
            connection.post(payload)

    MAX_WAIT = 10.0
    """The longest wait for a client's turn (seconds); a client that would wait longer
    is refused (its requests queue up beyond what its rate serves in that time)."""

    async def pace(self, client: str, connect: bool = False) -> bool:
        """Wait until ``client`` (an address) may send one more request: its messages,
        new connections and HTTP requests are served at ``client_rate`` a second.

        The connection is not read meanwhile, so a client that sends faster is slowed
        down by TCP's own flow control, at no cost to the server; ``False`` when the
        wait would be longer than :attr:`MAX_WAIT` (the request is refused).  A new
        connection (``connect``) waits for a turn of ``connect_rate`` too.
        """
        if connect and not await self.pace(client):
            return False
        buckets = self.connects if connect else self.clients
        bucket = buckets.get(client)
        if bucket is None:
            if connect:
                rate, burst = self.settings.connect_rate, self.settings.connect_burst
            else:
                rate, burst = self.settings.client_rate, self.settings.client_burst
            bucket = buckets[client] = _Bucket(rate, burst)
        wait = bucket.wait()
        if wait > self.MAX_WAIT:
            bucket.tokens += 1.0  # not served: its place in the queue is given back
            return False
        if wait > 0.0:
            await asyncio.sleep(wait)
        return True

    async def sweep(self) -> None:
        """Every half second: close idle WebSockets; every 10 s: drop the tables nobody
        joined in time and forget the rate limits of clients that have been quiet."""
        closing: set[asyncio.Task[None]] = set()
        rounds = 0
        while True:
            await asyncio.sleep(0.5)
            now = time.monotonic()
            for connection in list(self.connections):
                if now - connection.active > self.settings.idle_timeout:
                    self.connections.discard(connection)
                    connection.writer.cancel()
                    # a task of its own: a client that does not read holds up no one
                    task = asyncio.get_running_loop().create_task(
                        connection.close(1001, "idle for too long")
                    )
                    closing.add(task)
                    task.add_done_callback(closing.discard)
            rounds += 1
            if rounds % 20:
                continue
            if self.lobby.expire():
                self.answer([])  # commit the deletions
            for buckets in (self.clients, self.connects):
                for client, bucket in list(buckets.items()):
                    if bucket.tokens + (now - bucket.stamp) * bucket.rate >= bucket.burst:
                        del buckets[client]

    # ------------------------------------------------------------ WebSocket
    async def serve(self, ws: WebSocket) -> None:
        client = ws.client.host if ws.client is not None else ""
        if not await self.pace(client, connect=True):
            await ws.close(1008, "too many requests from your address")
            return
        await ws.accept()
        me = _Connection(ws)
        self.connections.add(me)
        bucket = _Bucket(self.settings.rate, self.settings.burst)
        seated: list[tuple[Table, int]] = []  # at most one: (table, seat)
        ended: list[dict[str, Any]] = []  # or the stored last view of a finished game
        refused_in_row = 0
        flood = False
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                me.active = time.monotonic()
                if not bucket.take() or not await self.pace(client):
                    refused_in_row += 1
                    if refused_in_row >= self.settings.burst:
                        flood = True
                        break
                    self.answer([(me, Refusal("rate-limit", "too many messages: slow down"))])
                    continue
                refused_in_row = 0
                self.answer(
                    self._handle(
                        me, message.get("text"), message.get("bytes"), seated, ended, client
                    )
                )
        finally:
            self.connections.discard(me)
            if self.committer is not None:  # the answers so far go out first
                await asyncio.shield(self.committer)
            await me.finish()
            if flood:
                await me.close(1008, "flood: too many messages")
            if seated:
                table, seat = seated[0]
                if self.sockets.get((table.id, seat)) is me:
                    del self.sockets[(table.id, seat)]

    def _handle(
        self,
        ws: _Connection,
        text: str | None,
        data: bytes | None,
        seated: list[tuple[Table, int]],
        ended: list[dict[str, Any]],
        client: str = "",
    ) -> list[Send]:
        """Check and carry out one message; what to send to whom (nothing sent yet)."""
        try:
            request = self._parse(text, data)
            kind = request["type"]
            if kind == "create":
                table = self.lobby.create(
                    request.get("variant"),
                    request.get("options", {}),
                    request.get("seats", 2),
                    client,
                )
                return [(ws, {"type": "created", "table": table.id, "seats": table.players})]
            if ended:  # the connection resumed a finished game
                if kind == "view":
                    return [(ws, ended[0])]
                if kind == "move":
                    raise Refusal("game-over", "the game is over")
                raise Refusal("seated", "this connection already plays a seat")
            if kind == "view":
                table, seat = self._seat(ws, seated)
                return [(ws, table.view(seat))]
            if kind in ("join", "resume"):
                if seated:
                    raise Refusal("seated", "this connection already plays a seat")
                if kind == "join":
                    token, table, seat = self.lobby.join(request.get("table"), request.get("seat"))
                else:
                    token = None
                    found = self.lobby.resume(request.get("token"))
                    if isinstance(found, FinishedSeat):
                        return self._finished(ws, found, ended)
                    table, seat = found
                seated.append((table, seat))
                old = self.sockets.get((table.id, seat))
                self.sockets[(table.id, seat)] = ws
                joined: dict[str, Any] = {
                    "type": "joined",
                    "table": table.id,
                    "seat": seat,
                    "seats": table.players,
                    "variant": table.rules.name,
                    "options": table.rules.options,
                }
                if token is not None:
                    joined["token"] = token
                sends: list[Send] = [(ws, joined)]
                if old is not None and old is not ws:
                    sends.append((old, Refusal("replaced", "your seat was resumed elsewhere")))
                if kind == "join":
                    return sends + self._views(table)
                return [*sends, (ws, table.view(seat))]
            # kind == "move"
            table, seat = self._seat(ws, seated)
            self._check_move_fields(request, table, seat)
            self.lobby.move(table, seat, request.get("move"), request.get("seq"))
            return self._views(table)
        except Refusal as refusal:
            return [(ws, refusal)]

    def _finished(
        self, ws: _Connection, found: FinishedSeat, ended: list[dict[str, Any]]
    ) -> list[Send]:
        """A resume of a finished game: ``joined`` and the seat's stored last view."""
        view: dict[str, Any] = json.loads(found.view)
        ended.append(view)
        rules = view["view"]
        joined = {
            "type": "joined",
            "table": found.table_id,
            "seat": found.seat,
            "seats": rules["players"],
            "variant": rules["variant"],
            "options": rules["options"],
        }
        return [(ws, joined), (ws, view)]

    def _parse(self, text: str | None, data: bytes | None) -> dict[str, Any]:
        if text is None:
            raise Refusal("malformed", "send JSON text messages, not binary ones")
        if len(text) > self.settings.max_message:
            raise Refusal(
                "too-large",
                f"the message has {len(text)} characters; at most "
                f"{self.settings.max_message} are read",
            )
        try:
            request = read_json(text, "message")
        except zank.InvalidState as e:
            raise Refusal("malformed", str(e)) from None
        if not isinstance(request, dict) or not isinstance(request.get("type"), str):
            raise Refusal("malformed", 'a message is a JSON object with a "type", e.g. "move"')
        if "state" in request or request["type"] in ("state", "load"):
            raise Refusal(
                "no-documents",
                "the server keeps every game's state and accepts none from clients",
            )
        allowed = _FIELDS.get(request["type"])
        if allowed is None:
            raise Refusal(
                "malformed",
                f"unknown message type {quote(request['type'])}; "
                f"the types are {', '.join(_FIELDS)}",
            )
        unknown = sorted(set(request) - allowed, key=str)
        if unknown:
            raise Refusal(
                "malformed", f"a {request['type']} message has no field {quote(unknown[0])}"
            )
        return request

    def _seat(self, ws: _Connection, seated: list[tuple[Table, int]]) -> tuple[Table, int]:
        """The seat this connection plays: refused if it has none, or lost it to a resume."""
        if not seated:
            raise Refusal("not-seated", "join a table (or resume your seat) first")
        table, seat = seated[0]
        if self.sockets.get((table.id, seat)) is not ws:
            raise Refusal("replaced", "your seat was resumed on another connection")
        return table, seat

    @staticmethod
    def _check_move_fields(request: dict[str, Any], table: Table, seat: int) -> None:
        """The optional fields of a move must name the sender's own seat, table and variant."""
        if "seat" in request and request["seat"] != seat:
            raise Refusal("other-seat", f"you play seat {seat}; you cannot move for another")
        if "table" in request and request["table"] != table.id:
            raise Refusal("other-table", f"you play at table {table.id}, not at another")
        if "variant" in request and request["variant"] != table.rules.name:
            raise Refusal(
                "other-variant",
                f"this table plays {table.rules.name}, not {quote(request['variant'])}",
            )

    def _views(self, table: Table) -> list[Send]:
        """Every connected seat's new view of a table."""
        return [
            (ws, table.view(seat))
            for seat in range(table.players)
            if (ws := self.sockets.get((table.id, seat))) is not None
        ]

    # ----------------------------------------------------------------- HTTP
    async def record(self, request: Request) -> Response:
        if not await self.pace(request.client.host if request.client else ""):
            return JSONResponse({"error": "too many requests"}, status_code=429)
        record = self.store.record(request.path_params["table"])
        if record is None:
            return JSONResponse({"error": "no finished game at this table"}, status_code=404)
        return Response(record, media_type="application/json")

    async def health(self, request: Request) -> Response:
        if not await self.pace(request.client.host if request.client else ""):
            return JSONResponse({"error": "too many requests"}, status_code=429)
        return JSONResponse({"ok": True, "tables": len(self.lobby.tables)})


def create_app(settings: Settings | None = None) -> Starlette:
    """The ASGI app of a server; its open tables are reloaded from the database at startup."""
    server = _Server(settings or Settings())

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        count = server.lobby.reload()
        print(f"zank server: {count} open tables reloaded from the database", flush=True)
        sweeper = asyncio.get_running_loop().create_task(server.sweep())
        yield
        sweeper.cancel()
        server.store.close()

    app = Starlette(
        routes=[
            WebSocketRoute("/ws", server.serve),
            Route("/records/{table}", server.record),
            Route("/health", server.health),
        ],
        lifespan=lifespan,
    )
    app.state.server = server
    return app
