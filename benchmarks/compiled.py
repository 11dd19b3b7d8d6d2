"""Pure Python against the compiled build, per variant: the per-move API and playouts.

Run: ``python benchmarks/compiled.py [--variant NAME] [--games N] [--rounds R]``
with the compiled build importable (the binary wheel installed, or its files on
``PYTHONPATH``).  Each measurement runs in a fresh interpreter, the pure one with
``ZANK_PURE_PYTHON=1`` (the same ``.py`` files), and the two alternate ``R`` times
(A/B/A/B), so that a machine whose load drifts disturbs both alike; each figure is
the median of the rounds.  Time is the CPU time of the playing thread
(:func:`time.thread_time`), which other jobs on a shared machine disturb far less
than wall-clock time.

* **API**: the loop of ``benchmarks/bench.py``: games of seeds ``0..N-1``, each move
  ``legal_moves`` then ``apply`` of ``legal[rng.below(len(legal))]`` with
  ``Rng(seed + 1)``; moves per CPU-second of the loops (the deals not counted).
* **playouts**: ``rules.playouts(rules.new_game(seed=s), 1, seed=s)`` for the same
  seeds (uniform random moves, other draws than the API loop's); moves per
  CPU-second of the ``playouts`` calls.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

CHILD = r"""
import json, sys, time
import zank
from zank.random import Rng
name, games = sys.argv[1], int(sys.argv[2])
rules = zank.variant(name)
clock = time.thread_time
moves = 0
spent = 0.0
for seed in range(games):
    state = rules.new_game(seed=seed)
    rng = Rng(seed + 1)
    legal_moves, apply = rules.legal_moves, rules.apply
    t0 = clock()
    while True:
        legal = legal_moves(state)
        if not legal:
            break
        state = apply(state, legal[rng.below(len(legal))])
        moves += 1
    spent += clock() - t0
rules = zank.variant(name)
played = 0
spent_p = 0.0
for seed in range(games):
    state = rules.new_game(seed=seed)
    t0 = clock()
    out = rules.playouts(state, 1, seed=seed)
    spent_p += clock() - t0
    played += out.total_moves
print(json.dumps({"compiled": zank.compiled, "api": moves / spent, "playouts": played / spent_p}))
"""


def measure(name: str, games: int, pure: bool, path: str | None = None) -> dict[str, float]:
    """One measurement in a fresh interpreter (``path`` first on its ``PYTHONPATH``)."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join([path, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env.pop("ZANK_PURE_PYTHON", None)
    if pure:
        env["ZANK_PURE_PYTHON"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", CHILD, name, str(games)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    out: dict[str, float] = json.loads(done.stdout)
    if path is None and out["compiled"] == pure:
        raise SystemExit(f"the {'pure' if pure else 'compiled'} build did not run")
    return out


def main(argv: list[str] | None = None) -> int:
    """Measure and print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--variant", action="append", help="variant(s) to run (default: all)")
    parser.add_argument("--games", type=int, default=50, help="seeded games per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="A/B rounds (median)")
    args = parser.parse_args(argv)
    import zank

    names = args.variant or sorted(zank.VARIANTS)
    print(
        "| variant | API pure | API compiled | × | playouts pure | playouts compiled | × "
        "| playouts/API pure |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name in names:
        runs: dict[bool, list[dict[str, float]]] = {True: [], False: []}
        for _ in range(args.rounds):
            for pure in (True, False):
                runs[pure].append(measure(name, args.games, pure))
        med = {
            (pure, key): statistics.median(r[key] for r in runs[pure])
            for pure in (True, False)
            for key in ("api", "playouts")
        }
        ap, ac = med[True, "api"], med[False, "api"]
        pp, pc = med[True, "playouts"], med[False, "playouts"]
        print(
            f"| {name} | {ap:,.0f} | {ac:,.0f} | {ac / ap:.2f} | {pp:,.0f} | {pc:,.0f} "
            f"| {pc / pp:.2f} | {pp / ap:.2f} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
