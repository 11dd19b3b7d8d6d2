"""``zank.simulate``: seeded simulations on any executor, and their statistics."""

from __future__ import annotations

import concurrent.futures
import csv
import io
import json
import math
import re
import threading
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest

import zank
from zank.agents import RandomAgent
from zank.simulate import (
    GameStats,
    Simulation,
    agent_factory,
    open_executor,
    percentile,
    run,
    stream,
    wilson,
)

RULES = zank.variant("spite-and-malice", pay_off_size=4)


# ------------------------------------------------------------ statistics
@pytest.mark.parametrize(
    ("wins", "n", "lo", "hi"),
    [
        # reference values of the Wilson score interval at 95 %
        (60, 100, 0.5020, 0.6906),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (1, 2, 0.0945, 0.9055),
        (500, 1000, 0.4691, 0.5309),
    ],
)
def test_wilson_interval(wins: int, n: int, lo: float, hi: float) -> None:
    got = wilson(wins, n)
    assert got[0] == pytest.approx(lo, abs=1e-4)
    assert got[1] == pytest.approx(hi, abs=1e-4)


def test_wilson_interval_of_nothing_is_everything() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def test_percentiles_interpolate() -> None:
    data = [5, 1, 3, 2, 4]
    assert percentile(data, 0) == 1
    assert percentile(data, 50) == 3
    assert percentile(data, 100) == 5
    assert percentile(data, 25) == 2
    assert percentile([1, 2], 50) == 1.5
    assert math.isnan(percentile([], 50))


# ------------------------------------------------------------------ runs
def test_run_plays_seeded_games_like_play() -> None:
    sim = run(RULES, ["random", "random"], games=6, seed=10)
    assert [g.seed for g in sim.games] == list(range(10, 16))
    assert [g.index for g in sim.games] == list(range(6))
    for g in sim.games:
        record = zank.play(RULES, [RandomAgent(g.seed * 64), RandomAgent(g.seed * 64 + 1)], g.seed)
        assert record.result is not None
        assert g.moves == len(record.moves)
        assert g.winner == record.result.winner
        assert g.points == record.result.points
        assert g.reason == record.result.reason.value
        assert g.turns == list(zank.replay(record))[-1].turn
    assert sum(sim.seat_wins()) + sim.draws() == 6


def test_a_process_pool_gives_the_same_games() -> None:
    serial = run(RULES, ["random", "first"], games=12, seed=3)
    with concurrent.futures.ProcessPoolExecutor(max_workers=3) as ex:
        pooled = run(RULES, ["random", "first"], games=12, seed=3, executor=ex, chunk_size=2)
    assert pooled.games == serial.games
    assert pooled.summary().splitlines()[:-1] == serial.summary().splitlines()[:-1]


def test_any_executor_works() -> None:
    serial = run(RULES, ["random", "random"], games=5, seed=1)
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
        threaded = run(RULES, ["random", "random"], games=5, seed=1, executor=ex, chunk_size=1)
    assert threaded.games == serial.games


def test_progress_is_reported_up_to_the_total() -> None:
    calls: list[tuple[int, int]] = []
    run(
        RULES,
        ["random", "random"],
        games=7,
        chunk_size=3,
        progress=lambda d, t: calls.append((d, t)),
    )
    assert calls == [(3, 7), (6, 7), (7, 7)]


def test_rotation_moves_the_agents_through_the_seats() -> None:
    sim = run(RULES, ["random", "first"], games=4, rotate=True)
    assert [g.agents for g in sim.games] == [("random", "first"), ("first", "random")] * 2
    per_agent = sim.agent_wins()
    assert set(per_agent) == {"random", "first"}
    assert per_agent["random"][1] == per_agent["first"][1] == 4
    assert sum(w for w, _ in per_agent.values()) == sum(sim.seat_wins())


def test_three_players_and_max_moves() -> None:
    sim = run(RULES, ["random"] * 3, games=3, max_moves=5)
    assert sim.players == 3
    assert all(g.moves == 5 and g.reason == "stopped" and g.winner is None for g in sim.games)
    assert sim.draws() == 3


def test_kept_records_replay() -> None:
    sim = run(RULES, ["random", "random"], games=2, keep_records=True)
    for g in sim.games:
        assert g.record is not None
        record = zank.GameRecord.from_dict(g.record)
        assert len(record.moves) == g.moves


def test_an_agent_by_module_and_factory() -> None:
    a = run(RULES, ["zank.agents:RandomAgent", "random"], games=3)
    b = run(RULES, ["random", "random"], games=3)
    assert [g.moves for g in a.games] == [g.moves for g in b.games]
    assert a.agents == ("zank.agents:RandomAgent", "random")
    assert agent_factory(RandomAgent) is RandomAgent


@pytest.mark.parametrize(
    ("agents", "error", "words"),
    [
        (["alien", "random"], zank.ZankError, "unknown agent 'alien'"),
        (["no.such:Agent", "random"], zank.ZankError, "cannot load agent"),
        (["zank:__version__", "random"], zank.ZankError, "not callable"),
        (["random"] * 7, zank.OptionError, "2 to 6 players"),
    ],
)
def test_bad_agents_are_refused_before_playing(
    agents: list[str], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        run(RULES, agents, games=1)


def test_negative_games_are_refused() -> None:
    with pytest.raises(zank.ZankError, match="games"):
        run(RULES, ["random", "random"], games=-1)


# ---------------------------------------------------------------- output
def test_the_summary_has_rates_intervals_and_percentiles() -> None:
    sim = run(RULES, ["random", "first"], games=20, seed=5)
    text = sim.summary()
    assert "seat 0 random" in text
    assert "seat 1 first" in text
    assert "agent random" in text
    assert "95% CI" in text
    assert "moves/game" in text
    assert "turns/game" in text
    assert "games/s" in text
    wins = sim.seat_wins()
    lo, hi = wilson(wins[0], 20)
    assert f"[{lo:5.1%}, {hi:5.1%}]" in text


def test_an_empty_simulation_summarizes() -> None:
    sim = run(RULES, ["random", "random"], games=0)
    assert sim.games == ()
    assert "games     0" in sim.summary()


def test_jsonl_and_csv(tmp_path: Path) -> None:
    sim = run(RULES, ["random", "random"], games=3, seed=2)
    sim.save(tmp_path / "g.jsonl")
    rows = [json.loads(line) for line in (tmp_path / "g.jsonl").read_text().splitlines()]
    assert [r["seed"] for r in rows] == [2, 3, 4]
    assert rows[0]["moves"] == sim.games[0].moves
    assert "record" not in rows[0]
    sim.save(tmp_path / "g.csv")
    with open(tmp_path / "g.csv", newline="") as f:
        table = list(csv.DictReader(f))
    assert [int(r["moves"]) for r in table] == [g.moves for g in sim.games]
    assert table[0]["agents"] == "random;random"


def test_game_stats_compare_without_their_timing() -> None:
    a = GameStats(0, 1, ("random",), None, (0,), "blocked", 3, 2, 0.5)
    b = GameStats(0, 1, ("random",), None, (0,), "blocked", 3, 2, 0.7)
    assert a == b
    sim = Simulation("spite-and-malice", {}, 1, ("random",), 1, (a,), 1.0)
    out = io.StringIO()
    sim.write_jsonl(out)
    assert json.loads(out.getvalue())["reason"] == "blocked"


def test_greedy_for_a_variant_without_a_policy_is_refused() -> None:
    from zank.simulate import check_agents
    from zank.spite_malice import SpiteAndMalice

    class Unregistered(SpiteAndMalice):
        name = "no-such-greedy-variant"
        greedy_policy: ClassVar[str | None] = None

    with pytest.raises(zank.ZankError, match="no greedy agent for no-such-greedy-variant"):
        check_agents(Unregistered(), ["random", "greedy"])
    check_agents(Unregistered(), ["random", "first"])


def test_an_unregistered_rules_class_runs_in_process() -> None:
    from zank.spite_malice import SpiteAndMalice

    class Mine(SpiteAndMalice):
        name = "my-spite"

    sim = run(Mine(pay_off_size=4), ["random", "random"], games=3, seed=2)
    assert sim.variant == "my-spite"
    assert [g.moves for g in sim.games] == [g.moves for g in run(RULES, ["random"] * 2, 3, 2).games]


# ------------------------------------------------------------- streaming
def test_a_tally_summarizes_as_the_simulation_does() -> None:
    sim = run(RULES, ["greedy", "random", "first"], games=25, seed=4, rotate=True)
    tally = sim.tally()
    assert tally.summary() == sim.summary()
    assert tally.seat_wins() == sim.seat_wins()
    assert tally.draws() == sim.draws()
    assert tally.agent_wins() == sim.agent_wins()
    assert (tally.games, tally.played) == (25, 25)


def test_stream_writes_the_games_of_run_as_they_arrive(tmp_path: Path) -> None:
    seen: list[int] = []
    path = tmp_path / "g.jsonl"

    def progress(done: int, total: int) -> None:
        # every finished game is in the file by the time progress is told of it
        assert len(path.read_text().splitlines()) == done
        seen.append(done)

    tally = stream(RULES, ["random", "first"], 10, 3, out=path, chunk_size=4, progress=progress)
    sim = run(RULES, ["random", "first"], 10, 3)
    assert seen == [4, 8, 10]
    assert [
        GameStats.from_dict(json.loads(line)) for line in path.read_text().splitlines()
    ] == list(sim.games)
    assert tally.summary().splitlines()[:-1] == sim.summary().splitlines()[:-1]
    assert (
        stream(RULES, ["random", "first"], 10, 3).summary().splitlines()[:-1]
        == (sim.summary().splitlines()[:-1])
    )


def test_stream_writes_csv_like_save(tmp_path: Path) -> None:
    sim = run(RULES, ["random", "first"], 6, 1, rotate=True)
    sim.save(tmp_path / "saved.csv")
    stream(RULES, ["random", "first"], 6, 1, rotate=True, out=tmp_path / "streamed.csv")

    def cells(name: str) -> list[list[str]]:
        with open(tmp_path / name, newline="") as f:
            return [row[:-1] for row in csv.reader(f)]  # without the seconds

    assert cells("streamed.csv") == cells("saved.csv")


def first_lines(path: Path, n: int, partial: str = "") -> str:
    return "".join(path.read_text().splitlines(keepends=True)[:n]) + partial


@pytest.mark.parametrize("suffix", ["jsonl", "csv"])
def test_resume_plays_only_the_missing_games(tmp_path: Path, suffix: str) -> None:
    kw: dict[str, object] = {"rotate": True, "chunk_size": 3}
    whole = tmp_path / f"whole.{suffix}"
    full = stream(RULES, ["random", "first"], 20, 5, out=whole, **kw)  # type: ignore[arg-type]
    part = tmp_path / f"part.{suffix}"
    header = 1 if suffix == "csv" else 0
    # an interrupted run: 8 whole games and the start of a ninth line
    part.write_text(first_lines(whole, header + 8, partial='{"game": 8, "se'))
    calls: list[int] = []
    tally = stream(
        RULES,
        ["random", "first"],
        20,
        5,
        out=part,
        resume=True,
        progress=lambda d, t: calls.append(d),
        **kw,  # type: ignore[arg-type]
    )
    assert (tally.games, tally.played) == (20, 12)
    assert calls[0] == 11
    assert calls[-1] == 20
    assert tally.summary().splitlines()[:-1] == full.summary().splitlines()[:-1]

    def without_seconds(path: Path) -> list[str]:
        return [
            re.sub(r'"?seconds"?: [\d.]+|,[\d.]+$', "", line)
            for line in path.read_text().splitlines()
        ]

    assert without_seconds(part) == without_seconds(whole)
    # resuming a finished file plays nothing and still summarizes it
    again = stream(RULES, ["random", "first"], 20, 5, out=part, resume=True, **kw)  # type: ignore[arg-type]
    assert (again.games, again.played) == (20, 0)
    assert again.summary().splitlines()[:-1] == full.summary().splitlines()[:-1]


def test_resume_of_a_missing_file_starts_from_zero(tmp_path: Path) -> None:
    tally = stream(RULES, ["random", "random"], 4, out=tmp_path / "new.jsonl", resume=True)
    assert (tally.games, tally.played) == (4, 4)
    assert len((tmp_path / "new.jsonl").read_text().splitlines()) == 4


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"seed": 6}, "dealt with seed 5, but this run deals it with seed 6"),
        (
            {"agents": ["first", "random"]},
            "played by random,first, but this run seats first,random",
        ),
        ({"rotate": False}, "played by first,random, but this run seats random,first"),
        ({"games": 3}, "game 3 is beyond the 3 games of this run"),
    ],
)
def test_resume_refuses_the_file_of_another_run(
    tmp_path: Path, change: dict[str, object], words: str
) -> None:
    path = tmp_path / "g.jsonl"
    stream(RULES, ["random", "first"], 6, 5, out=path, rotate=True)
    kw: dict[str, object] = {"agents": ["random", "first"], "games": 6, "seed": 5, "rotate": True}
    kw.update(change)
    with pytest.raises(zank.ZankError, match=words):
        stream(RULES, out=path, resume=True, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (lambda lines: [*lines[:2], "not json\n", *lines[2:]], "line 3: not valid JSON"),
        (lambda lines: [*lines, lines[1]], "line 7: game 1 is in the file twice"),
        (lambda lines: [lines[0].replace('"moves"', '"m"'), *lines[1:]], "the field 'moves'"),
        (lambda lines: ["[1, 2]\n", *lines], "line 1: a game row must be a JSON object"),
        (lambda lines: [lines[0].replace('"winner": ', '"winner": 7, "w": '), *lines[1:]],
         "game 0 has no seat 7"),
    ],
)  # fmt: skip
def test_resume_refuses_a_damaged_file(
    tmp_path: Path, damage: Callable[[list[str]], list[str]], words: str
) -> None:
    path = tmp_path / "g.jsonl"
    stream(RULES, ["random", "first"], 6, out=path)
    path.write_text("".join(damage(path.read_text().splitlines(keepends=True))))
    with pytest.raises(zank.ZankError, match=words):
        stream(RULES, ["random", "first"], 6, out=path, resume=True)


def test_stream_refuses_bad_arguments(tmp_path: Path) -> None:
    with pytest.raises(zank.ZankError, match="not to CSV"):
        stream(RULES, ["random"] * 2, 2, out=tmp_path / "g.csv", keep_records=True)
    with pytest.raises(zank.ZankError, match="resume continues a file"):
        stream(RULES, ["random"] * 2, 2, resume=True)
    with pytest.raises(zank.ZankError, match="chunk_size must be >= 1"):
        stream(RULES, ["random"] * 2, 2, chunk_size=0)
    with (
        pytest.raises(zank.ZankError, match="in_flight must be >= 1"),
        concurrent.futures.ThreadPoolExecutor(1) as ex,
    ):
        run(RULES, ["random"] * 2, 2, executor=ex, in_flight=0)


class CountingExecutor(concurrent.futures.ThreadPoolExecutor):
    """A thread pool that records how many of its tasks were submitted and not
    yet collected, at every submission."""

    def __init__(self) -> None:
        super().__init__(max_workers=2)
        self.outstanding: list[int] = []
        self.submitted = 0
        self.collected = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        self.submitted += 1
        self.outstanding.append(self.submitted - self.collected)
        future = super().submit(fn, *args, **kwargs)
        result = future.result

        def collect(timeout: float | None = None) -> Any:
            self.collected += 1
            return result(timeout)

        future.result = collect  # type: ignore[method-assign]
        return future


@pytest.mark.parametrize(("in_flight", "window"), [(None, 8), (3, 3)])
def test_the_tasks_in_flight_are_bounded(in_flight: int | None, window: int) -> None:
    with CountingExecutor() as ex:
        tally = stream(RULES, ["first"] * 2, 60, executor=ex, chunk_size=2, in_flight=in_flight)
    assert tally.games == 60
    assert ex.submitted == 30
    assert max(ex.outstanding) == window  # default: four per worker, at least 8


class _LiveGames:
    """Counts the :class:`GameStats` rows alive, through the rows themselves.

    Each row made while the counter is installed registers a ``weakref.finalize``
    that takes it off the count when it is freed. An earlier version scanned
    ``gc.get_objects()`` from the progress callback, while the pool's threads were
    building tuples: CPython resizes a tuple that ``tuple(generator)`` is building in
    place and fails (``SystemError: bad argument to internal function``) when another
    thread holds a reference to it, which a scan of every object can take (issue 39).
    Counting only the rows we made touches nothing the workers are building.
    """

    def __init__(self) -> None:
        self.alive = 0
        self._lock = threading.Lock()

    def made(self, row: GameStats) -> None:
        with self._lock:
            self.alive += 1
        weakref.finalize(row, self._freed)

    def _freed(self) -> None:
        with self._lock:
            self.alive -= 1


@pytest.mark.parametrize("executor", [False, True])
def test_stream_keeps_no_game_after_counting_it(
    tmp_path: Path, executor: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Memory flat in the number of games: at any time only the games of the
    tasks in flight are alive (run(), which keeps its games, shows the contrast)."""
    live = _LiveGames()

    class CountedStats(GameStats):
        __slots__ = ()

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            live.made(self)

    monkeypatch.setattr(zank.simulate, "GameStats", CountedStats)
    alive: dict[str, list[int]] = {"stream": [], "run": []}
    kw: dict[str, Any] = {"max_moves": 2, "chunk_size": 10, "in_flight": 2}
    with concurrent.futures.ThreadPoolExecutor(2) as ex:
        if executor:
            kw["executor"] = ex
        for name, fn in (("stream", stream), ("run", run)):
            counts = alive[name]

            def count(done: int, total: int, counts: list[int] = counts) -> None:
                counts.append(live.alive)

            fn(RULES, ["first"] * 2, 200, progress=count, **kw)
    assert len(alive["stream"]) == 20
    assert 10 <= max(alive["stream"]) <= 30  # the chunk in hand and two in flight
    assert alive["run"][-1] >= 200


# ------------------------------------------------------------- executors
def test_open_executor_makes_a_process_pool() -> None:
    with open_executor("process", 1) as none:
        assert none is None
    with open_executor("process", 2) as pool:
        assert isinstance(pool, concurrent.futures.ProcessPoolExecutor)
        serial = run(RULES, ["random", "first"], games=6, seed=2)
        assert run(RULES, ["random", "first"], games=6, seed=2, executor=pool).games == serial.games


@pytest.mark.parametrize("spec", ["spark", "dask:", "ray:", "process:4", ""])
def test_open_executor_refuses_unknown_kinds(spec: str) -> None:
    with pytest.raises(zank.ZankError, match="unknown executor"):
        open_executor(spec)


def test_a_missing_engine_is_named_with_its_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(zank.ZankError, match=r"zank\[dask\]"):
        open_executor("dask://localhost:8786")
    with pytest.raises(zank.ZankError, match=r"zank\[ray\]"):
        open_executor("ray")
