"""Stored tables: one SQLite file (standard :mod:`sqlite3`, WAL mode).

Writes go into one open transaction until :meth:`Store.commit`; the server commits
before it answers the requests that made them, so a move that a client saw
acknowledged is in the database file's write-ahead log even if the server process
is killed right after, and one commit covers every request handled since the last
(group commit).  With ``synchronous="normal"`` (the default, SQLite's advice for WAL
mode) that is all: a crash of the server process loses nothing, a power cut or a
crash of the operating system may lose the last moves acknowledged (the database
stays consistent).  ``"full"`` also syncs the log to the disk at every commit, which
survives a power cut and costs a disk sync per commit (4 to 12 ms on the machine of
the README's figures), shared by the moves of that commit.

Seeds are stored as text: a zank seed is 64 bits unsigned, SQLite's integers are
signed.  Seat tokens are stored only as their SHA-256: a copy of the database does
not let anyone take a seat.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from attrs import frozen

__all__ = ["FinishedSeat", "Store", "StoredTable", "token_hash"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    options TEXT NOT NULL,       -- JSON object
    players INTEGER NOT NULL,
    seed TEXT NOT NULL,          -- decimal: 64 bits unsigned do not fit an SQLite integer
    record TEXT,                 -- the zank game record (JSON) once the game is over
    client TEXT,                 -- the address of the client that created it
    created REAL,                -- when (Unix time)
    finished REAL                -- when the game ended (Unix time)
);
CREATE TABLE IF NOT EXISTS final_views (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    view TEXT NOT NULL,          -- the seat's last view (JSON), sent again on a resume
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS seats (
    token_hash TEXT PRIMARY KEY, -- SHA-256 of the seat's token
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    UNIQUE (table_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,        -- 1 for the first move of the table
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,          -- the move's notation
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
"""

SYNC_MODES = ("normal", "full")


def token_hash(token: str) -> str:
    """The SHA-256 (hex) of a seat token, what the database keeps instead of the token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@frozen
class StoredTable:
    """A table as the database holds it: enough to rebuild it by replaying its moves."""

    id: str
    variant: str
    options: dict[str, Any]
    players: int
    seed: int
    seats: dict[int, str]  # seat -> token hash
    moves: tuple[str, ...]
    record: str | None
    client: str = ""
    created: float = 0.0


@frozen
class FinishedSeat:
    """A seat of a finished game: its last view as it was stored when the game ended."""

    table_id: str
    seat: int
    view: str  # JSON
    finished: float  # Unix time


class Store:
    """The SQLite file of a server: tables, seats, moves and finished games' records."""

    def __init__(self, path: str | Path, *, synchronous: str = "normal") -> None:
        if synchronous not in SYNC_MODES:
            raise ValueError(f"synchronous must be one of {SYNC_MODES}, not {synchronous!r}")
        # isolation_level=None: no implicit transactions; a write opens one if none is
        # open, and commit() ends it.
        self._db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={synchronous.upper()}")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)
        # A database of an older version: the columns it lacks (NULL for its rows).
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
        for column, kind in (("client", "TEXT"), ("created", "REAL"), ("finished", "REAL")):
            if column not in columns:
                self._db.execute(f"ALTER TABLE tables ADD COLUMN {column} {kind}")

    def close(self) -> None:
        """Close the database file."""
        self._db.close()

    def add_table(
        self,
        table_id: str,
        variant: str,
        options: dict[str, Any],
        players: int,
        seed: int,
        client: str = "",
        created: float = 0.0,
    ) -> None:
        """Store a new table (no seat taken, no move played), made by ``client`` at ``created``."""
        self._write(
            "INSERT INTO tables (id, variant, options, players, seed, client, created) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (table_id, variant, json.dumps(options), players, str(seed), client, created),
        )

    def drop_table(self, table_id: str) -> None:
        """Delete a table that no seat was ever taken of (nothing else refers to it)."""
        self._write("DELETE FROM tables WHERE id = ? AND record IS NULL", (table_id,))

    def drop_empty_tables(self) -> int:
        """Delete every open table that nobody joined; how many."""
        cursor = self._write(
            "DELETE FROM tables WHERE record IS NULL "
            "AND NOT EXISTS (SELECT 1 FROM seats WHERE seats.table_id = tables.id)",
            (),
        )
        return int(cursor.rowcount)

    def add_seat(self, table_id: str, seat: int, token_digest: str) -> None:
        """Store that ``seat`` of a table is taken by the token with this hash."""
        self._write(
            "INSERT INTO seats (token_hash, table_id, seat) VALUES (?, ?, ?)",
            (token_digest, table_id, seat),
        )

    def add_move(
        self,
        table_id: str,
        seq: int,
        seat: int,
        move: str,
        record: str | None = None,
        views: dict[int, str] | None = None,
        finished: float = 0.0,
    ) -> None:
        """Store move number ``seq`` of a table and, with the last move, the game record,
        every seat's last view (JSON) and the time it ended.

        The primary key (table, seq) refuses a second move with the same number, so
        a move can never be stored twice.
        """
        self._write(
            "INSERT INTO moves (table_id, seq, seat, move) VALUES (?, ?, ?, ?)",
            (table_id, seq, seat, move),
        )
        if record is not None:
            self._write(
                "UPDATE tables SET record = ?, finished = ? WHERE id = ?",
                (record, finished, table_id),
            )
            for s, view in (views or {}).items():
                self._write(
                    "INSERT INTO final_views (table_id, seat, view) VALUES (?, ?, ?)",
                    (table_id, s, view),
                )

    def commit(self) -> None:
        """Commit every write since the last commit: one transaction, one disk sync."""
        if self._db.in_transaction:
            self._db.execute("COMMIT")

    def _write(self, sql: str, parameters: tuple[Any, ...]) -> sqlite3.Cursor:
        if not self._db.in_transaction:
            self._db.execute("BEGIN IMMEDIATE")
        return self._db.execute(sql, parameters)

    def table_of_token(self, token_digest: str) -> str | None:
        """The id of the table whose seat the token with this hash holds."""
        row = self._db.execute(
            "SELECT table_id FROM seats WHERE token_hash = ?", (token_digest,)
        ).fetchone()
        return None if row is None else str(row[0])

    def finished_seat(self, token_digest: str) -> FinishedSeat | None:
        """The stored last view of the finished game's seat that this token held.

        ``None`` if the token holds no seat, the game is not over, or it ended
        before the server stored last views (its record is still served).
        """
        row = self._db.execute(
            "SELECT s.table_id, s.seat, v.view, t.finished FROM seats s "
            "JOIN tables t ON t.id = s.table_id "
            "JOIN final_views v ON v.table_id = s.table_id AND v.seat = s.seat "
            "WHERE s.token_hash = ? AND t.record IS NOT NULL",
            (token_digest,),
        ).fetchone()
        if row is None:
            return None
        return FinishedSeat(str(row[0]), int(row[1]), str(row[2]), float(row[3] or 0.0))

    def record(self, table_id: str) -> str | None:
        """The game record (JSON) of a finished table; ``None`` while it runs or if unknown."""
        row = self._db.execute("SELECT record FROM tables WHERE id = ?", (table_id,)).fetchone()
        return None if row is None or row[0] is None else str(row[0])

    def open_tables(self) -> Iterator[StoredTable]:
        """Every table whose game is not over, with its seats and moves in order."""
        rows = self._db.execute("SELECT id FROM tables WHERE record IS NULL").fetchall()
        for (table_id,) in rows:
            stored = self.table(table_id)
            assert stored is not None
            yield stored

    def table(self, table_id: str) -> StoredTable | None:
        """A stored table with its seats, its moves in order and its record if it is over."""
        row = self._db.execute(
            "SELECT variant, options, players, seed, record, client, created FROM tables "
            "WHERE id = ?",
            (table_id,),
        ).fetchone()
        if row is None:
            return None
        variant, options, players, seed, record, client, created = row
        seats = self._db.execute(
            "SELECT seat, token_hash FROM seats WHERE table_id = ?", (table_id,)
        ).fetchall()
        moves = self._db.execute(
            "SELECT move FROM moves WHERE table_id = ? ORDER BY seq", (table_id,)
        ).fetchall()
        return StoredTable(
            table_id,
            variant,
            json.loads(options),
            players,
            int(seed),
            dict(seats),
            tuple(m for (m,) in moves),
            record,
            client or "",
            created or 0.0,
        )
