"""Batched playouts against the per-move API: the same games, state for state.

Run: ``python benchmarks/playout_equivalence.py [--games N] [--greedy G]``

For every registered variant, every option set of its ``presets`` and
``table_presets`` and every seat count (the configurations of
``benchmarks/fingerprint.py``), games of seeds ``0..N-1`` are played twice from
``rules.new_game(seed=s)``:

* by ``rules.playouts(state, 1, seed=s, keep_moves=True, keep_finals=True)``,
  which runs the variant's kernel on one :class:`zank.working.Working`
  position (in place, or through states in table mode);
* by the per-move API, ``legal_moves`` then ``apply``, with
  ``RandomAgent(s * 64 + p)`` in each seat ``p`` (the seeds that
  :mod:`zank.playouts` names).

The moves must be the same (so the states along them are the per-move API's),
and the final state that the playout builds from its working position must equal
the API's field by field (piles, face-down counts, seat, phase, ``info``,
generator state, ply, turn, outcome), as must the result, the length and the
turn. A state compared is a state of the per-move API's game. ``--greedy G``
plays ``G`` more games per configuration with the greedy policy in every seat
(an observation per move). Prints the number of states compared and exits 1 on the first
difference.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import zank
from zank.agents import GreedyAgent
from zank.core import Rules, State
from zank.random import Rng

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fingerprint import configurations


def _state_key(state: State) -> bytes:
    out = state.outcome
    result = None if out is None else (out.winner, out.points, out.reason.value)
    fields = (state.piles, state.down, state.to_move, state.phase, state.info)
    return repr((*fields, state.rng, state.ply, state.turn, result)).encode()


def _api_game(rules: Rules, state: State, seed: int, greedy: bool) -> tuple[State, list[str]]:
    """The per-move API's game from ``state``: its final state and its moves (an
    observation per move for greedy agents; random ones draw as
    ``RandomAgent.choose`` does, which needs none)."""
    rngs = [Rng(seed * 64 + p) for p in range(state.players)]
    agents = [GreedyAgent(seed * 64 + p) for p in range(state.players)] if greedy else None
    texts: list[str] = []
    while rules.result(state) is None:
        p = state.to_move
        assert p is not None
        legal = rules.legal_moves(state)
        if agents is None:
            move = legal[rngs[p].below(len(legal))]  # RandomAgent(seed * 64 + p).choose
        else:
            move = agents[p].choose(rules, rules.observe(state, p), legal)
        texts.append(move.text)
        state = rules.apply(state, move)
    return state, texts


def compare(rules: Rules, players: int, seed: int, greedy: bool) -> int:
    """Play game ``seed`` both ways; return the states compared, raise on a difference.

    The playout's moves must be the API's; then the states along them are the
    API's by construction, and the final state (built from the playout's working
    position) must equal the API's, field by field."""
    start = rules.new_game(seed=seed, players=players)
    policy = "greedy" if greedy else "random"
    out = rules.playouts(start, 1, policy=policy, seed=seed, keep_moves=True, keep_finals=True)
    assert out.moves is not None
    assert out.finals is not None
    final, texts = _api_game(rules, start, seed, greedy)
    got = [m.text for m in out.moves[0]]
    if got != texts:
        at = next(
            (i for i, (x, y) in enumerate(zip(got, texts, strict=False)) if x != y), len(texts)
        )
        raise AssertionError(f"the moves differ from move {at}")
    if _state_key(out.finals[0]) != _state_key(final) or out.finals[0] != final:
        raise AssertionError("the final states differ")
    if out.results[0] != rules.result(final):
        raise AssertionError("the results differ")
    if (out.lengths[0], out.turns[0]) != (len(texts), final.turn):
        raise AssertionError("the lengths or turns differ")
    return len(texts) + 1


def main(argv: list[str] | None = None) -> int:
    """Compare every configuration; print the states compared."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=16, help="random games per configuration")
    parser.add_argument("--greedy", type=int, default=1, help="greedy games per configuration")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    total = 0
    for key, rules, players in configurations():
        n = 0
        try:
            for seed in range(args.games):
                n += compare(rules, players, seed, greedy=False)
            if rules.greedy_policy is not None:
                for seed in range(args.greedy):
                    n += compare(rules, players, 1000 + seed, greedy=True)
        except AssertionError as e:
            print(f"{key}: {e}")
            return 1
        total += n
        print(f"{key:30s} {n:8,d} states")
    took = time.perf_counter() - t0
    print(f"identical: {total:,} states in {took:.0f} s (compiled build: {zank.compiled})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
