"""``zank.simulate``: seeded simulations on any executor, and their statistics."""

from __future__ import annotations

import concurrent.futures
import csv
import io
import json
import math
from pathlib import Path
from typing import ClassVar

import pytest

import zank
from zank.agents import RandomAgent
from zank.simulate import GameStats, Simulation, agent_factory, percentile, run, wilson

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
