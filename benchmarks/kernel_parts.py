"""Where a move's time goes: the kernel functions timed one at a time.

Run: ``python benchmarks/kernel_parts.py [--variant NAME] [--games N]`` (on
whichever build is importable; ``ZANK_PURE_PYTHON=1`` for the pure one).

The states of ``N`` seeded uniform random games are collected first; then each
function runs over all of them (three passes) and its CPU time per call is
printed in microseconds: ``_legal`` and ``_apply`` (what ``legal_moves`` and
``apply`` call), ``successor`` (building the next ``State``), ``Rng.below``,
the family kernel's ``scan`` where the variant has it, and the kernel on a
working position, ``_kernel_moves``/``_kernel_play`` (what a playout calls).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import zank
from zank.core import Move, State
from zank.random import Rng
from zank.working import Working


def _states(name: str, games: int) -> list[tuple[State, Move]]:
    rules = zank.variant(name)
    out = []
    for seed in range(games):
        state, rng = rules.new_game(seed=seed), Rng(seed)
        while state.outcome is None:
            legal = rules._legal(state)
            move = legal[rng.below(len(legal))]
            out.append((state, move))
            state = rules._apply(state, move)
    return out


def _per_call(pairs: list[tuple[State, Move]], f: Callable[[State, Move], object]) -> float:
    t0 = time.thread_time()
    for _ in range(3):
        for state, move in pairs:
            f(state, move)
    return 1e6 * (time.thread_time() - t0) / (3 * len(pairs))


def parts(name: str, games: int) -> dict[str, float]:
    """The microseconds per call of each kernel function of variant ``name``."""
    rules = zank.variant(name)
    pairs = _states(name, games)
    legal, apply = rules._legal, rules._apply
    empty = _per_call(pairs, lambda s, m: None)
    out = {
        "_legal": _per_call(pairs, lambda s, m: legal(s)),
        "_apply": _per_call(pairs, lambda s, m: apply(s, m)),
        "successor": _per_call(
            pairs, lambda s, m: s.successor(s.piles, s.down, s.to_move, s.info, s.turn)
        ),
        "Rng.below": _per_call(pairs, lambda s, m: Rng(3).below(9))
        - _per_call(pairs, lambda s, m: Rng(3)),
    }
    scan = getattr(rules, "scan", None)
    if scan is not None:
        out["scan"] = _per_call(pairs, lambda s, m: scan(s.piles, s.to_move))
    # the kernel on a working position (every variant): the position is made
    # once per call and its cost taken off
    moves_of, play = rules._kernel_moves, rules._kernel_play
    made = _per_call(pairs, lambda s, m: Working(s))
    out["_kernel_moves"] = _per_call(pairs, lambda s, m: moves_of(Working(s))) - made
    out["_kernel_play"] = _per_call(pairs, lambda s, m: play(Working(s), m)) - made
    return {k: v - empty if k != "Rng.below" else v for k, v in out.items()}


def main(argv: list[str] | None = None) -> None:
    """Print the parts of each variant asked for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", action="append", help="a variant (default: every one)")
    parser.add_argument("--games", type=int, default=30)
    args = parser.parse_args(argv)
    for name in args.variant or sorted(zank.VARIANTS):
        found = parts(name, args.games)
        shown = "  ".join(f"{k} {v:.2f}" for k, v in found.items())
        print(f"{name} (compiled: {zank.compiled}): {shown}  µs per call")


if __name__ == "__main__":
    main()
