"""The lobby's limits without sockets: finished games, tables per client, empty tables."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import pytest

import zank
from zank.agents import RandomAgent
from zank_server.lobby import FinishedSeat, Lobby, Refusal, Table
from zank_server.store import Store

pytestmark = pytest.mark.server


def _play_to_the_end(lobby: Lobby, table: Table) -> None:
    agent = RandomAgent(5)
    while not table.over:
        seat = table.state.to_move
        assert seat is not None
        legal = table.rules.legal_moves(table.state)
        move = agent.choose(table.rules, table.rules.observe(table.state, seat), legal)
        lobby.move(table, seat, move.text, None)


def _finished(tmp_path: Path, **limits: float) -> tuple[Lobby, Table, list[str]]:
    lobby = Lobby(Store(tmp_path / "games.sqlite"), **limits)  # type: ignore[arg-type]
    table = lobby.create("spite-and-malice", {}, 2, "10.0.0.1")
    tokens = [lobby.join(table.id, seat)[0] for seat in (0, 1)]
    _play_to_the_end(lobby, table)
    lobby.store.commit()
    return lobby, table, tokens


def test_a_finished_game_resumes_to_its_stored_views_without_a_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lobby, table, tokens = _finished(tmp_path)
    expected = [table.view(seat) for seat in (0, 1)]
    assert table.id not in lobby.tables  # finished tables leave memory

    def no_replay(*args: object) -> None:
        raise AssertionError("a resume replayed the game")

    monkeypatch.setattr(zank, "replay", no_replay)
    for seat, token in enumerate(tokens):
        found = lobby.resume(token)
        assert isinstance(found, FinishedSeat)
        assert (found.table_id, found.seat) == (table.id, seat)
        assert json.loads(found.view) == expected[seat]
        assert expected[seat]["result"] is not None


def test_finished_games_tokens_expire(tmp_path: Path) -> None:
    lobby, table, tokens = _finished(tmp_path, finished_ttl=60)
    assert isinstance(lobby.resume(tokens[0], now=time.time() + 30), FinishedSeat)
    with pytest.raises(Refusal) as refused:
        lobby.resume(tokens[0], now=time.time() + 61)
    assert refused.value.code == "expired"
    assert f"/records/{table.id}" in refused.value.message
    with pytest.raises(Refusal) as refused:
        lobby.resume("no such token")
    assert refused.value.code == "bad-token"


def test_a_game_finished_before_views_were_stored_is_expired(tmp_path: Path) -> None:
    lobby, _, tokens = _finished(tmp_path)
    lobby.store.close()
    with sqlite3.connect(tmp_path / "games.sqlite") as db:  # as an older server left it
        db.execute("DELETE FROM final_views")
    lobby = Lobby(Store(tmp_path / "games.sqlite"))
    with pytest.raises(Refusal) as refused:
        lobby.resume(tokens[1])
    assert refused.value.code == "expired"


def test_tables_per_client(tmp_path: Path) -> None:
    lobby = Lobby(Store(tmp_path / "games.sqlite"), tables_per_client=3)
    tables = [lobby.create("zank", {}, 2, "10.0.0.1") for _ in range(3)]
    with pytest.raises(Refusal) as refused:
        lobby.create("zank", {}, 2, "10.0.0.1")
    assert refused.value.code == "too-many-tables"
    lobby.create("zank", {}, 2, "10.0.0.2")  # another client may
    for seat in (0, 1):
        lobby.join(tables[0].id, seat)
    _play_to_the_end(lobby, tables[0])  # a finished table no longer counts
    lobby.create("zank", {}, 2, "10.0.0.1")


def test_empty_tables_expire_and_are_not_reloaded(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite")
    lobby = Lobby(store, empty_table_ttl=60, tables_per_client=5)
    empty = [lobby.create("zank", {}, 2, "10.0.0.1") for _ in range(4)]
    joined = lobby.create("zank", {}, 2, "10.0.0.1")
    lobby.join(joined.id, 0)
    store.commit()
    assert lobby.expire(now=time.time() + 30) == 0
    assert lobby.expire(now=time.time() + 61) == 4
    store.commit()
    assert set(lobby.tables) == {joined.id}
    assert lobby.by_client == {"10.0.0.1": {joined.id}}
    assert all(store.table(t.id) is None for t in empty)
    # a restart reloads the joined table only, even if the empty ones had not expired
    extra = lobby.create("zank", {}, 2, "10.0.0.1")
    store.commit()
    store.close()
    again = Lobby(Store(tmp_path / "games.sqlite"), tables_per_client=5)
    assert again.reload() == 1
    assert set(again.tables) == {joined.id}
    assert again.store.table(extra.id) is None
    assert again.by_client == {"10.0.0.1": {joined.id}}  # the count survives a restart
