"""The zank benchmark: random playouts of every variant, timed on one core.

Run: ``python benchmarks/bench.py [--variant NAME] [--games N] [--repeat R]``

``--profile N`` prints instead, for each variant, the ``N`` functions with the most
time of their own (cProfile) over the playout loops of the seeded games, to see
where the time goes.

A *move* is one ``legal_moves`` call plus one ``apply`` in a uniform random
playout loop; moves/s times those loops only, games/s the whole games with
their deals.  Each figure is the median of ``--repeat`` runs over the same
seeded games (seeds 0..N-1), so runs are comparable across commits.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import platform
import pstats
import statistics
import sys
import time
import tracemalloc

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


def loop(rules: zank.Rules, games: int) -> tuple[int, float, float]:
    """``games`` random games: (moves, seconds in the playout loops, wall seconds).

    The playout loop is what a move costs (``legal_moves`` + ``apply``); the
    wall time adds the deals.
    """
    clock = time.perf_counter
    start = clock()
    moves = 0
    in_loop = 0.0
    for seed in range(games):
        state = rules.new_game(seed=seed)
        rng = Rng(seed + 1)
        t0 = clock()
        while True:
            legal = rules.legal_moves(state)
            if not legal:
                break
            state = rules.apply(state, legal[rng.below(len(legal))])
            moves += 1
        in_loop += clock() - t0
    return moves, in_loop, clock() - start


def memory(rules: zank.Rules, history: int = 10_000) -> tuple[float, float]:
    """Bytes allocated by one deal (the state alone: the rules object has built
    its tables for a first deal before), and by a history of ``history`` states
    of random play (successive states share their unchanged piles)."""
    rules.new_game(seed=0)
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    one = rules.new_game(seed=1)
    single = tracemalloc.get_traced_memory()[0] - base
    states = [one]
    seed = 1
    rng = Rng(7)
    while len(states) < history:
        legal = rules.legal_moves(states[-1])
        if not legal:
            seed += 1
            states.append(rules.new_game(seed=seed))
            continue
        states.append(rules.apply(states[-1], legal[rng.below(len(legal))]))
    total = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return float(single), float(total)


def bench(name: str, games: int, repeat: int) -> dict[str, float]:
    """Median figures of one variant."""
    # a fresh rules object per run: caches a variant keeps on its rules object
    # must not carry over from one run to the next
    runs = [loop(zank.variant(name), games) for _ in range(repeat)]
    rules = zank.variant(name)
    moves = runs[0][0]
    in_loop = statistics.median(r[1] for r in runs)
    wall = statistics.median(r[2] for r in runs)
    per = [playout(rules, seed) for seed in range(min(games, 50))]
    n = sum(p[0] for p in per)
    single, history = memory(zank.variant(name))
    return {
        "KiB state": single / 1024,
        "MiB 10k history": history / 2**20,
        "games/s": games / wall,
        "moves/s": moves / in_loop,
        "moves/game": moves / games,
        "µs legal_moves": 1e6 * sum(p[1] for p in per) / max(n, 1),
        "µs apply": 1e6 * sum(p[2] for p in per) / max(n, 1),
    }


def profile(name: str, games: int, top: int) -> str:
    """The ``top`` functions by own time over the playout loops of ``games``
    seeded games of variant ``name`` (cProfile; its overhead slows the run)."""
    rules = zank.variant(name)
    profiler = cProfile.Profile()
    profiler.enable()
    loop(rules, games)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats(pstats.SortKey.TIME).print_stats(top)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--variant", action="append", help="variant(s) to run (default: all)")
    parser.add_argument("--games", type=int, default=200, help="seeded games per run")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (median)")
    parser.add_argument(
        "--profile", type=int, metavar="N", help="print the N functions with most own time"
    )
    args = parser.parse_args(argv)
    names = args.variant or sorted(zank.VARIANTS)
    if args.profile:
        for name in names:
            print(f"== {name}: {args.games} games")
            print(profile(name, args.games, args.profile))
        return 0
    print(
        f"zank {zank.__version__}, Python {sys.version.split()[0]}, {platform.machine()}, "
        f"{platform.processor() or platform.platform()}"
    )
    print(f"{args.games} games per run, median of {args.repeat} runs\n")
    cols = [
        "games/s",
        "moves/s",
        "moves/game",
        "µs legal_moves",
        "µs apply",
        "KiB state",
        "MiB 10k history",
    ]
    print("| variant | " + " | ".join(cols) + " |")
    print("|---|" + "---:|" * len(cols))
    for name in names:
        row = bench(name, args.games, args.repeat)
        print(f"| {name} | " + " | ".join(f"{row[c]:,.1f}" for c in cols) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
