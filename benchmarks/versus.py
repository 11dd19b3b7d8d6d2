"""Two builds side by side, per variant: the per-move API and playouts.

Run: ``python benchmarks/versus.py A B [--variant NAME] [--games N] [--rounds R] [--pure]``

``A`` and ``B`` are directories to put first on ``PYTHONPATH``: the ``src`` of two
checkouts (``git worktree add ../base <commit>`` gives the one before a change), or
two directories holding a build's ``zank`` package.  Each measurement runs in a
fresh interpreter, the two alternating ``R`` times (A/B/A/B) so that a machine
whose load drifts disturbs both alike; each figure is the median of the rounds
(``--best``: the best round, what a loaded machine disturbed least), in
moves per CPU-second of the playing thread, the loops of ``benchmarks/compiled.py``
(the API loop of ``benchmarks/bench.py``, and ``rules.playouts`` one game at a
time).  ``--pure`` sets ``ZANK_PURE_PYTHON=1`` in both.  Prints a Markdown table
with the ratios B/A.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compiled import measure


def main(argv: list[str] | None = None) -> int:
    """Measure and print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("a", help="the first build's directory (put first on PYTHONPATH)")
    parser.add_argument("b", help="the second build's directory")
    parser.add_argument("--variant", action="append", help="variant(s) to run (default: all)")
    parser.add_argument("--games", type=int, default=30, help="seeded games per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="A/B rounds (median)")
    parser.add_argument("--pure", action="store_true", help="ZANK_PURE_PYTHON=1 in both")
    parser.add_argument("--best", action="store_true", help="the best round, not the median")
    args = parser.parse_args(argv)
    import zank

    names = args.variant or sorted(zank.VARIANTS)
    print("| variant | API A | API B | B/A | playouts A | playouts B | B/A |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in names:
        runs: dict[str, list[dict[str, float]]] = {args.a: [], args.b: []}
        for _ in range(args.rounds):
            for path in (args.a, args.b):
                runs[path].append(measure(name, args.games, args.pure, path))
        pick = max if args.best else statistics.median
        med = {
            (path, key): pick(r[key] for r in runs[path])
            for path in (args.a, args.b)
            for key in ("api", "playouts")
        }
        aa, ab = med[args.a, "api"], med[args.b, "api"]
        pa, pb = med[args.a, "playouts"], med[args.b, "playouts"]
        print(
            f"| {name} | {aa:,.0f} | {ab:,.0f} | {ab / aa:.2f} "
            f"| {pa:,.0f} | {pb:,.0f} | {pb / pa:.2f} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
