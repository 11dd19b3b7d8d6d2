"""``python -m zank_server``: serve the tables with uvicorn.

Run ``python -m zank_server --help`` for the settings.  The database file is made
if it does not exist; open tables in it are reloaded at startup.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import uvicorn

from zank_server.app import Settings, create_app
from zank_server.store import SYNC_MODES


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line and run the server until it is stopped (Ctrl-C, SIGTERM)."""
    defaults = Settings()
    parser = argparse.ArgumentParser(prog="python -m zank_server", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8765, help="port (default 8765)")
    parser.add_argument("--db", default=defaults.database, help="the SQLite file")
    parser.add_argument(
        "--sync",
        choices=SYNC_MODES,
        default=defaults.synchronous,
        help="SQLite's synchronous mode: normal (default) survives a crash of the server, "
        "full also a power cut (a disk sync per move)",
    )
    parser.add_argument("--rate", type=float, default=defaults.rate, help="messages/s a client")
    parser.add_argument("--burst", type=int, default=defaults.burst, help="messages at once")
    parser.add_argument(
        "--max-message", type=int, default=defaults.max_message, help="longest message read"
    )
    parser.add_argument(
        "--frame-limit",
        type=int,
        default=65536,
        help="longest WebSocket message accepted at all; a longer one closes the connection",
    )
    args = parser.parse_args(argv)
    settings = Settings(
        database=args.db,
        synchronous=args.sync,
        max_message=args.max_message,
        rate=args.rate,
        burst=args.burst,
    )
    print(f"zank server: ws://{args.host}:{args.port}/ws, database {args.db}", flush=True)
    uvicorn.run(
        create_app(settings),
        host=args.host,
        port=args.port,
        ws_max_size=args.frame_limit,
        log_level="warning",
    )


if __name__ == "__main__":
    main()
