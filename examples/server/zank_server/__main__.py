"""``python -m zank_server``: serve the tables with uvicorn.

Run ``python -m zank_server --help`` for the settings.  The database file is made
if it does not exist; open tables in it are reloaded at startup.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import uvicorn

from zank_server.app import Settings, create_app
from zank_server.guard import protocols
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
    limits = (
        ("--max-tables", int, "max_tables", "open tables the server holds"),
        ("--tables-per-client", int, "tables_per_client", "open tables a client address made"),
        ("--empty-table-ttl", float, "empty_table_ttl", "seconds a table nobody joined is kept"),
        ("--finished-ttl", float, "finished_ttl", "seconds a finished game's tokens resume"),
        ("--client-rate", float, "client_rate", "requests/s a client address"),
        ("--client-burst", int, "client_burst", "requests at once a client address"),
        ("--connect-rate", float, "connect_rate", "new WebSockets/s a client address"),
        ("--connect-burst", int, "connect_burst", "new WebSockets at once an address"),
        ("--connections-per-client", int, "connections_per_client", "open sockets an address"),
        ("--request-timeout", float, "request_timeout", "seconds to send a request/handshake"),
        ("--idle-timeout", float, "idle_timeout", "seconds a silent WebSocket is kept"),
    )
    for flag, kind, name, text in limits:
        default = getattr(defaults, name)
        parser.add_argument(flag, type=kind, default=default, help=f"{text} (default {default})")
    parser.add_argument(
        "--keep-alive", type=int, default=5, help="seconds an idle HTTP connection is kept"
    )
    args = parser.parse_args(argv)
    settings = Settings(
        database=args.db,
        synchronous=args.sync,
        max_message=args.max_message,
        rate=args.rate,
        burst=args.burst,
        **{name: getattr(args, name) for _, _, name, _ in limits},
    )
    http, ws = protocols(settings.connections_per_client, settings.request_timeout)
    print(f"zank server: ws://{args.host}:{args.port}/ws, database {args.db}", flush=True)
    uvicorn.run(
        create_app(settings),
        host=args.host,
        port=args.port,
        ws_max_size=args.frame_limit,
        http=http,
        ws=ws,
        timeout_keep_alive=args.keep_alive,
        log_level="warning",
    )


if __name__ == "__main__":
    main()
