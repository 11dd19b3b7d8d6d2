"""The zank benchmark: random playouts of every variant, timed on one core.

Run: ``python benchmarks/bench.py [--variant NAME] [--games N] [--repeat R]``

A *move* is one ``legal_moves`` call plus one ``apply`` in a uniform random
playout loop.  Each figure is the median of ``--repeat`` runs over the same
seeded games (seeds 0..N-1), so runs are comparable across commits.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time

import zank
from zank.random import Rng


def playout(rules: zank.Rules, seed: int) -> tuple[int, float, float]:
    """One random game: (moves, seconds in legal_moves, seconds in apply)."""
    state = rules.new_game(seed=seed)
    rng = Rng(seed + 1)
    legal_moves, apply = rules.legal_moves, rules.apply
    clock = time.perf_counter
    moves = 0
    t_legal = t_apply = 0.0
    while True:
        t0 = clock()
        legal = legal_moves(state)
        t1 = clock()
        if not legal:
            break
        state = apply(state, legal[rng.below(len(legal))])
        t2 = clock()
        t_legal += t1 - t0
        t_apply += t2 - t1
        moves += 1
    return moves, t_legal, t_apply


def loop(rules: zank.Rules, games: int) -> tuple[int, float]:
    """The untimed-inside loop: (moves, wall seconds) for ``games`` random games."""
    start = time.perf_counter()
    moves = 0
    for seed in range(games):
        state = rules.new_game(seed=seed)
        rng = Rng(seed + 1)
        while True:
            legal = rules.legal_moves(state)
            if not legal:
                break
            state = rules.apply(state, legal[rng.below(len(legal))])
            moves += 1
    return moves, time.perf_counter() - start


def bench(name: str, games: int, repeat: int) -> dict[str, float]:
    """Median figures of one variant."""
    rules = zank.variant(name)
    runs = [loop(rules, games) for _ in range(repeat)]
    moves = runs[0][0]
    wall = statistics.median(r[1] for r in runs)
    per = [playout(rules, seed) for seed in range(min(games, 50))]
    n = sum(p[0] for p in per)
    return {
        "games/s": games / wall,
        "moves/s": moves / wall,
        "moves/game": moves / games,
        "µs legal_moves": 1e6 * sum(p[1] for p in per) / max(n, 1),
        "µs apply": 1e6 * sum(p[2] for p in per) / max(n, 1),
    }


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--variant", action="append", help="variant(s) to run (default: all)")
    parser.add_argument("--games", type=int, default=200, help="seeded games per run")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (median)")
    args = parser.parse_args(argv)
    names = args.variant or sorted(zank.VARIANTS)
    print(
        f"zank {zank.__version__}, Python {sys.version.split()[0]}, {platform.machine()}, "
        f"{platform.processor() or platform.platform()}"
    )
    print(f"{args.games} games per run, median of {args.repeat} runs\n")
    cols = ["games/s", "moves/s", "moves/game", "µs legal_moves", "µs apply"]
    print("| variant | " + " | ".join(cols) + " |")
    print("|---|" + "---:|" * len(cols))
    for name in names:
        row = bench(name, args.games, args.repeat)
        print(f"| {name} | " + " | ".join(f"{row[c]:,.1f}" for c in cols) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
