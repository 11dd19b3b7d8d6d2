"""The benchmark script (``benchmarks/bench.py``) runs and counts what it says."""

from __future__ import annotations

import re
from types import ModuleType

import pytest

import zank
from zank.random import Rng

from .scripts import BENCHMARKS, load_script

BENCH = BENCHMARKS / "bench.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_script(BENCH, "zank_bench")


def _moves(name: str, games: int) -> int:
    """The moves of the benchmark's games, counted here in a plain loop."""
    rules = zank.variant(name)
    total = 0
    for seed in range(games):
        state = rules.new_game(seed=seed)
        rng = Rng(seed + 1)
        while moves := rules.legal_moves(state):
            state = rules.apply(state, moves[rng.below(len(moves))])
            total += 1
    return total


@pytest.mark.slow
def test_the_table_has_a_row_per_variant_with_the_moves_counted(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    names = ["spite-and-malice", "zank-104"]
    argv = ["--games", "3", "--repeat", "1"]
    assert bench.main([*argv, *(x for n in names for x in ("--variant", n))]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = lines.index(
        "| variant | games/s | moves/s | moves/game | µs legal_moves "
        "| µs apply | KiB state | MiB 10k history |"
    )
    rows = [line.strip("|").split("|") for line in lines[header + 2 :] if line.startswith("|")]
    assert [r[0].strip() for r in rows] == names
    for name, row in zip(names, rows, strict=True):
        figures = [float(x.replace(",", "")) for x in row[1:]]
        assert all(f > 0 for f in figures), row
        assert figures[2] == pytest.approx(_moves(name, 3) / 3, abs=0.05)  # moves/game


def test_a_playout_counts_the_moves_of_the_loop(bench: ModuleType) -> None:
    rules = zank.variant("spite-and-malice")
    moves, t_legal, t_apply = bench.playout(rules, 2)
    assert moves == _moves("spite-and-malice", 3) - _moves("spite-and-malice", 2)
    assert t_legal > 0
    assert t_apply > 0


def test_profile_names_the_engine_functions(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench.main(["--variant", "zank-104", "--games", "2", "--profile", "5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("== zank-104: 2 games")
    assert "function calls" in out
    # the engine's own functions head the list (which of the family's modules
    # comes first varies with the machine's load, so no file is named)
    assert re.search(r"zank[/\\]family[/\\]\w+\.py:\d+", out)
