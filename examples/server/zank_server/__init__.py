"""A reference game server for zank: WebSocket tables, seat-private views, stored games.

The parts, each in its own module:

- :mod:`zank_server.store`: every table and every move in one SQLite file (WAL mode),
  written before a move is acknowledged; finished games as zank game records.
- :mod:`zank_server.lobby`: the tables in memory, seats and tokens, the checks on every
  request (seat, turn, notation, rules) and the views each seat may see.
- :mod:`zank_server.app`: the Starlette app: the WebSocket protocol, message size,
  rate and per-client limits, idle timeout, and an HTTP endpoint for finished games'
  records.
- :mod:`zank_server.guard`: limits on uvicorn's sockets: connections per client
  address, and the time to send a request or a WebSocket handshake.
- :mod:`zank_server.client`: a WebSocket client that plays a seat with any zank agent.

Run ``python -m zank_server`` (see ``examples/server/README.md``).
"""

from __future__ import annotations

__all__: list[str] = []
