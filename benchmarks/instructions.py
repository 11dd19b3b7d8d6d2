"""Two builds side by side in instructions, not seconds: ``valgrind --tool=callgrind``.

Run: ``python benchmarks/instructions.py A B [--variant NAME] [--mode api|playouts]
[--policy random|greedy] [--games N] [--pure] [--option NAME=VALUE]``

``A`` and ``B`` are directories to put first on ``PYTHONPATH`` (the ``src`` of two
checkouts, or two directories holding a build's ``zank`` package), as for
``benchmarks/versus.py``.  For each build the script runs itself as a child under
callgrind twice: once dealing games of seeds ``0..N-1`` and playing them (``api``:
the loop of ``benchmarks/bench.py``, ``legal_moves`` then ``apply`` of
``legal[rng.below(len(legal))]`` with ``Rng(seed + 1)``; ``playouts``: one
``rules.playouts(state, 1, seed=seed, policy=POLICY)`` a game, ``--policy greedy``
for the search agent's rollouts), once only dealing them; the
difference is the play's instruction count.  ``PYTHONHASHSEED=0``.  Callgrind
counts the same for the same binary and inputs whatever else the machine does, so a
few per cent can be told apart on a loaded machine where CPU time cannot
(``benchmarks/RESULTS.md``).  Prints a Markdown row per build and the ratio B/A, and
the instructions per move.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile


def _child(
    name: str, options: dict[str, object], mode: str, games: int, policy: str = "random"
) -> None:
    import zank
    from zank.random import Rng

    rules = zank.variant(name, **options)
    states = [rules.new_game(seed=s) for s in range(games)]
    moves = 0
    if mode == "playouts":
        for s, state in enumerate(states):
            moves += rules.playouts(state, 1, seed=s, policy=policy).lengths[0]
    elif mode == "api":
        legal_moves, apply = rules.legal_moves, rules.apply
        for s, state in enumerate(states):
            rng = Rng(s + 1)
            legal = legal_moves(state)
            while legal:
                state = apply(state, legal[rng.below(len(legal))])
                legal = legal_moves(state)
                moves += 1
    print(moves)


def _value(text: str) -> object:
    """An option's value: JSON (``true``, ``5``), else the text itself (``when-empty``)."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def _count(path: str, args: argparse.Namespace, mode: str) -> tuple[int, int]:
    env = dict(os.environ, PYTHONPATH=path, PYTHONHASHSEED="0")
    env.pop("ZANK_PURE_PYTHON", None)
    if args.pure:
        env["ZANK_PURE_PYTHON"] = "1"
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        child = [sys.executable, __file__, "--child", mode, "--variant", args.variant]
        child += ["--games", str(args.games), "--options", json.dumps(args.options)]
        child += ["--policy", args.policy]
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *child],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        with open(out) as f:
            total = re.search(r"^(?:summary|totals): (\d+)", f.read(), re.MULTILINE)
    assert total is not None, "callgrind wrote no total"
    return int(total.group(1)), int(done.stdout.split()[-1])


def main(argv: list[str] | None = None) -> int:
    """Count and print a Markdown table (or, with ``--child``, play the workload)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("a", nargs="?", help="the first build's directory")
    parser.add_argument("b", nargs="?", help="the second build's directory")
    parser.add_argument("--variant", default="spite-and-malice")
    parser.add_argument("--mode", choices=("api", "playouts"), default="playouts")
    parser.add_argument("--policy", choices=("random", "greedy"), default="random")
    parser.add_argument("--games", type=int, default=40, help="seeded games (0..N-1)")
    parser.add_argument("--pure", action="store_true", help="ZANK_PURE_PYTHON=1 in both")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--child", choices=("api", "playouts", "deal"), help=argparse.SUPPRESS)
    parser.add_argument("--options", default="{}", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        _child(args.variant, json.loads(args.options), args.child, args.games, args.policy)
        return 0
    if not (args.a and args.b):
        parser.error("two build directories, A and B, are needed")
    args.options = {k: _value(v) for k, _, v in (o.partition("=") for o in args.option)}
    what = f"{args.mode} ({args.policy})" if args.mode == "playouts" else args.mode
    print(f"{args.variant} {args.options or ''} {what}, {args.games} games, pure={args.pure}")
    print("| build | instructions | moves | a move | B/A |\n|---|---:|---:|---:|---:|")
    first = 0
    for path in (args.a, args.b):
        played, moves = _count(path, args, args.mode)
        dealt, _ = _count(path, args, "deal")
        n = played - dealt
        first = first or n
        print(f"| {path} | {n:,} | {moves:,} | {n // max(moves, 1):,} | {n / first:.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
