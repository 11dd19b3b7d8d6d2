"""The tables in memory: seats, tokens, turns, moves and what each seat may see.

Nothing here does input or output except through the :class:`~zank_server.store.Store`,
so every check is a plain function call.  The writes to the store are committed by
the caller (:meth:`~zank_server.store.Store.commit`) before it answers the request.
A refused request raises :class:`Refusal` before anything changes: the table, its
state and the database are as they were.

The checks on a move run in the order that the server-safety how-to asks for: the
seat first (it must be the sender's own and its turn), then the notation, then the
rules, so that no error message tells one seat about another seat's cards.
"""

from __future__ import annotations

import copy
import json
import secrets
import time
from typing import Any

import zank
from zank.errors import quote
from zank.random import fresh_seed
from zank.serialize import observation_to_dict
from zank_server.store import FinishedSeat, Store, StoredTable, token_hash

__all__ = ["FinishedSeat", "Lobby", "Refusal", "Table"]

MAX_ID = 64
"""The longest table id or token a request may name (longer ones are refused unread)."""


class Refusal(Exception):
    """A refused request: a short ``code``, a message for people and the rule broken."""

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule

    def to_dict(self) -> dict[str, Any]:
        """The error message sent to the client."""
        return {"type": "error", "code": self.code, "message": self.message, "rule": self.rule}


def _result(result: zank.Result | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {"winner": result.winner, "points": list(result.points), "reason": result.reason.value}


class Table:
    """One game: its rules, seed (never sent), state, moves, and who holds which seat."""

    def __init__(
        self,
        table_id: str,
        rules: zank.Rules,
        players: int,
        seed: int,
        state: zank.State,
        client: str = "",
        created: float = 0.0,
    ) -> None:
        self.id = table_id
        self.client = client  # the address that created it
        self.created = created  # Unix time
        self.rules = rules
        self.players = players
        self.seed = seed
        self.state = state
        self.moves: list[str] = []
        self.tokens: dict[int, str] = {}  # seat -> token hash
        self.last: dict[str, Any] | None = None

    @property
    def free_seats(self) -> list[int]:
        """The seats nobody has joined yet."""
        return [s for s in range(self.players) if s not in self.tokens]

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.state.outcome is not None

    def record(self) -> zank.GameRecord:
        """The game's record: variant, options, seed, every move, the result."""
        return zank.GameRecord(
            self.rules.name,
            self.rules.options,
            self.seed,
            self.players,
            tuple(self.moves),
            self.state.outcome,
            tags={"table": self.id},
        )

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: its observation, and its legal moves when it is to move."""
        state = self.state
        waiting = len(self.free_seats)
        playing = waiting == 0 and state.outcome is None and state.to_move == seat
        return {
            "type": "view",
            "table": self.id,
            "seat": seat,
            "seq": len(self.moves),
            "waiting": waiting,
            "to_move": state.to_move,
            "view": observation_to_dict(self.rules, self.rules.observe(state, seat)),
            "legal": [m.text for m in self.rules.legal_moves(state)] if playing else [],
            "last": self.last,
            "result": _result(state.outcome),
        }


class Lobby:
    """Every open table of a server, kept in step with its :class:`Store`.

    Args:
        max_tables: the open tables the server holds at most.
        tables_per_client: the open tables one client address may have created.
        empty_table_ttl: seconds after which a table that nobody joined is dropped.
        finished_ttl: seconds after the end of a game during which its tokens
            still resume (to the stored last view); later they are refused.
    """

    def __init__(
        self,
        store: Store,
        *,
        max_tables: int = 10_000,
        tables_per_client: int = 50,
        empty_table_ttl: float = 600.0,
        finished_ttl: float = 3600.0,
    ) -> None:
        self.store = store
        self.max_tables = max_tables
        self.tables_per_client = tables_per_client
        self.empty_table_ttl = empty_table_ttl
        self.finished_ttl = finished_ttl
        self.tables: dict[str, Table] = {}
        self.seat_of: dict[str, tuple[str, int]] = {}  # token hash -> (table id, seat)
        self.by_client: dict[str, set[str]] = {}  # client address -> its open tables

    # ---------------------------------------------------------------- restart
    def reload(self) -> int:
        """Rebuild every open table from the database by replaying its moves.

        Returns the number of tables reloaded.  Tables that nobody joined are not
        reloaded: they are deleted.  A stored table whose moves do not replay (the
        database was edited by hand) stops the server with the library's
        :class:`~zank.InvalidState`: better than serving a game that differs from
        what its players saw.
        """
        self.store.drop_empty_tables()
        self.store.commit()
        count = 0
        for stored in self.store.open_tables():
            self._restore(stored)
            count += 1
        return count

    def _restore(self, stored: StoredTable) -> Table:
        """The table rebuilt from its stored moves (replayed from the seed, each checked);
        an open one goes back into the lobby."""
        record = zank.GameRecord(
            stored.variant, stored.options, stored.seed, stored.players, stored.moves, None
        )
        *before, state = zank.replay(record)  # checks every move against the rules
        table = Table(
            stored.id,
            record.rules(),
            stored.players,
            stored.seed,
            state,
            stored.client,
            stored.created,
        )
        table.moves = list(stored.moves)
        table.tokens = dict(stored.seats)
        if before:  # the last move, as its answer said it
            seat = before[-1].to_move
            table.last = {"seq": len(stored.moves), "seat": seat, "move": stored.moves[-1]}
        if state.outcome is None:
            self._open(table)
            for seat, digest in stored.seats.items():
                self.seat_of[digest] = (table.id, seat)
        return table

    def _open(self, table: Table) -> None:
        self.tables[table.id] = table
        self.by_client.setdefault(table.client, set()).add(table.id)

    def _close(self, table: Table) -> None:
        """The table leaves memory (finished or dropped); its tokens no longer resume it."""
        del self.tables[table.id]
        mine = self.by_client.get(table.client)
        if mine is not None:
            mine.discard(table.id)
            if not mine:
                del self.by_client[table.client]
        for digest in table.tokens.values():
            self.seat_of.pop(digest, None)

    def expire(self, now: float | None = None) -> int:
        """Drop the tables that nobody joined within ``empty_table_ttl``; how many."""
        deadline = (time.time() if now is None else now) - self.empty_table_ttl
        old = [t for t in self.tables.values() if not t.tokens and t.created < deadline]
        for table in old:
            self.store.drop_table(table.id)
            self._close(table)
        return len(old)

    # --------------------------------------------------------------- requests
    def create(self, variant: Any, options: Any, players: Any, client: str = "") -> Table:
        """Open a table of ``variant`` with ``options`` for ``players`` seats for ``client``
        (an address: at most ``tables_per_client`` open tables each).

        The deal's seed is 64 random bits from :mod:`secrets`, never a game id or
        a counter, and it leaves the server only in the record of the finished game.
        """
        if not isinstance(variant, str) or len(variant) > MAX_ID:
            raise Refusal("bad-request", "'variant' must be a variant name, e.g. 'zank'")
        if not isinstance(options, dict) or not all(
            v is None or isinstance(v, (str, int, float, bool)) for v in options.values()
        ):
            raise Refusal("bad-request", "'options' must be an object of plain values")
        if not isinstance(players, int) or isinstance(players, bool):
            raise Refusal("bad-request", f"'seats' must be a number, not {quote(players)}")
        if len(self.tables) >= self.max_tables:
            raise Refusal("full", "the server has as many open tables as it may hold")
        if len(self.by_client.get(client, ())) >= self.tables_per_client:
            raise Refusal(
                "too-many-tables",
                f"you have {self.tables_per_client} open tables; finish one (or let an "
                "empty one expire) first",
            )
        # The seed: 64 bits from the operating system, exactly what ``seed=None``
        # draws inside ``new_game``; drawn here because a server that replays its
        # games must keep it (the library's own ``zank.play`` does the same).
        seed = fresh_seed()
        try:
            rules = zank.variant(variant, **options)
            state = rules.new_game(seed=seed, players=players)
        except zank.ZankError as e:  # OptionError: unknown variant, option or seat count
            raise Refusal("bad-option", str(e)) from None
        except TypeError:  # an option name that is no keyword argument
            raise Refusal("bad-option", f"unknown options {quote(list(options))}") from None
        now = time.time()
        table = Table(secrets.token_urlsafe(9), rules, players, seed, state, client, now)
        self.store.add_table(table.id, rules.name, rules.options, players, seed, client, now)
        self._open(table)
        return table

    def join(self, table_id: Any, seat: Any) -> tuple[str, Table, int]:
        """Take ``seat`` (or the first free one if ``None``) of a table: a new token."""
        table = self._table(table_id)
        if seat is None:
            free = table.free_seats
            if not free:
                raise Refusal("table-full", f"every seat of table {table.id} is taken")
            seat = free[0]
        elif not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < table.players:
            raise Refusal(
                "bad-request", f"'seat' must be 0 to {table.players - 1}, not {quote(seat)}"
            )
        elif seat in table.tokens:
            raise Refusal("seat-taken", f"seat {seat} of table {table.id} is taken")
        token = secrets.token_urlsafe(24)
        digest = token_hash(token)
        self.store.add_seat(table.id, seat, digest)
        table.tokens[seat] = digest
        self.seat_of[digest] = (table.id, seat)
        return token, table, seat

    def resume(self, token: Any, now: float | None = None) -> tuple[Table, int] | FinishedSeat:
        """The table and seat that ``token`` holds, or the stored end of its finished game.

        A finished game's last view of each seat is stored with its last move, so
        that a client whose connection dropped just before the last answer gets the
        end without any replay; for ``finished_ttl`` seconds after the end, later
        the token is refused (``expired``).
        """
        if not isinstance(token, str) or len(token) > MAX_ID:
            raise Refusal("bad-token", "'token' must be the token that 'join' gave you")
        digest = token_hash(token)
        where = self.seat_of.get(digest)
        if where is not None:
            return self.tables[where[0]], where[1]
        finished = self.store.finished_seat(digest)
        if finished is None:
            table_id = self.store.table_of_token(digest)
            if table_id is None:
                raise Refusal("bad-token", "no seat has this token")
            # a game that ended before the last views were stored: only its record
            raise Refusal("expired", f"the game is over; its record is /records/{table_id}")
        if (time.time() if now is None else now) - finished.finished > self.finished_ttl:
            raise Refusal(
                "expired",
                f"the game is over; its record is /records/{finished.table_id}",
            )
        return finished

    def move(self, table: Table, seat: int, text: Any, seq: Any) -> None:
        """Play ``text`` (a move in notation) for ``seat``, store it, then change the table.

        ``seq``, when given, is the number of moves the client has seen: a move sent
        for an older position (a resend after a reconnection) is refused, never
        played twice.
        """
        state = table.state
        if not isinstance(text, str):
            raise Refusal("bad-request", "'move' must be a move in notation, e.g. 'a-b1'")
        if seq is not None and (not isinstance(seq, int) or isinstance(seq, bool)):
            raise Refusal("bad-request", f"'seq' must be a number, not {quote(seq)}")
        if state.outcome is not None:
            raise Refusal("game-over", "the game is over")
        if table.free_seats:
            raise Refusal("waiting", f"waiting for {len(table.free_seats)} more player(s)")
        if seat != state.to_move:  # the seat check comes before the notation is read
            raise Refusal("not-your-turn", f"it is seat {state.to_move}'s turn, not yours")
        if seq is not None and seq != len(table.moves):
            raise Refusal(
                "stale", f"your move was for move {seq}; the table has played {len(table.moves)}"
            )
        try:
            move = table.rules.parse_move(state, text)
        except zank.IllegalMove as e:
            raise Refusal("illegal", str(e), e.rule) from None
        except zank.NotationError as e:  # another variant's notation lands here too
            raise Refusal("notation", str(e)) from None
        after = table.rules.apply(state, move)
        seq = len(table.moves) + 1
        last = {"seq": seq, "seat": seat, "move": move.text}
        record = None
        views = None
        if after.outcome is not None:
            record = zank.GameRecord(
                table.rules.name,
                table.rules.options,
                table.seed,
                table.players,
                (*table.moves, move.text),
                after.outcome,
                tags={"table": table.id},
            ).dumps()
            # every seat's last view, stored so that a resume needs no replay
            done = copy.copy(table)
            done.state, done.moves, done.last = after, [*table.moves, move.text], last
            views = {s: json.dumps(done.view(s), ensure_ascii=False) for s in range(table.players)}
        # Written first: if this raises, the table in memory is unchanged.
        self.store.add_move(table.id, seq, seat, move.text, record, views, time.time())
        table.state = after
        table.moves.append(move.text)
        table.last = last
        if after.outcome is not None:
            self._close(table)  # finished: its record and last views are in the database

    def _table(self, table_id: Any) -> Table:
        if not isinstance(table_id, str) or len(table_id) > MAX_ID:
            raise Refusal("bad-request", "'table' must be a table id that 'create' gave")
        table = self.tables.get(table_id)
        if table is None:
            raise Refusal("no-table", f"no open table {quote(table_id)}")
        return table
