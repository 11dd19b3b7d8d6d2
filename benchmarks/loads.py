"""The cost of :func:`zank.loads` per 2-player state document, per variant.

Run: ``python benchmarks/loads.py [--reps N] [--rounds R] [--profile NAME]``.

For every variant (default options, two players) it takes two documents, the
deal and the position after 60 random moves (``Rng(1)``), and times ``N``
calls of ``zank.loads(text)`` for each, ``R`` rounds; the figure is the median
round's CPU time per call (:func:`time.process_time`, which other jobs on a
shared machine disturb far less than wall-clock time).  ``json`` is the same
for ``json.loads`` alone, the floor of any loader.  ``--profile NAME`` prints
the cProfile of ``N`` loads of that variant's documents instead.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import time

import zank
from zank.random import Rng


def documents(name: str) -> list[str]:
    """The deal of seed 1 and the position 60 random moves later, as JSON text."""
    rules = zank.variant(name)
    state = rules.new_game(seed=1, players=2)
    out = [zank.dumps(state)]
    rng = Rng(1)
    for _ in range(60):
        if state.outcome is not None:
            break
        legal = rules.legal_moves(state)
        state = rules.apply(state, legal[rng.below(len(legal))])
    out.append(zank.dumps(state))
    return out


def per_call(call: object, text: str, reps: int, rounds: int) -> float:
    """CPU seconds per call of ``call(text)``: the median of ``rounds`` rounds."""
    assert callable(call)
    times = []
    for _ in range(rounds):
        start = time.process_time()
        for _ in range(reps):
            call(text)
        times.append((time.process_time() - start) / reps)
    return statistics.median(times)


def main() -> None:
    """Print the table (or the profile)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--profile", metavar="NAME", default=None)
    args = parser.parse_args()
    if args.profile:
        docs = documents(args.profile)
        profile = cProfile.Profile()
        profile.enable()
        for _ in range(args.reps):
            for text in docs:
                zank.loads(text)
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)
        return
    print(f"{'variant':18} {'document':8} {'bytes':>6} {'loads µs':>9} {'json µs':>8}")
    for name in sorted(zank.VARIANTS):
        for label, text in zip(("deal", "60 moves"), documents(name), strict=True):
            zank.loads(text)  # warm the caches every server would have warm
            loads = per_call(zank.loads, text, args.reps, args.rounds)
            parse = per_call(json.loads, text, args.reps, args.rounds)
            print(f"{name:18} {label:8} {len(text):>6} {loads * 1e6:>9.0f} {parse * 1e6:>8.0f}")


if __name__ == "__main__":
    main()
