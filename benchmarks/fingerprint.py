"""Behaviour fingerprints: hashes of what the engines do along seeded games.

Run: ``python benchmarks/fingerprint.py [--games N] [--out FILE] [--compare FILE]``

Before a change meant to keep behaviour (a refactoring, a speed-up, a compiled
build), record the fingerprints; after each step, compare.  For every
registered variant, every option set of its ``presets`` and ``table_presets``
and every seat count it allows, ``N`` seeded games of uniform random play are
hashed state by state:

* the state (piles, face-down counts, whose move, phase, ``info``, generator
  state, ply, turn, outcome);
* the legal moves in notation, in order;
* every 8th state: the rule id ``check`` names for every action that is not
  legal, each seat's observation and the JSON document (``zank.dumps``);
* the result.

Two more games per option set are played by greedy agents (every seat), and
the moves they choose are hashed too, so a change to a policy's inputs shows.

The output is one JSON object: per configuration the number of states and a
SHA-256 digest.  ``--compare`` prints the configurations whose digest or count
differs and exits 1 if any does.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Iterator
from typing import Any

import zank
from zank.agents import GreedyAgent
from zank.core import Rules, State
from zank.random import Rng


def configurations() -> Iterator[tuple[str, Rules, int]]:
    """(key, rules, players) of every variant, option set and seat count."""
    for name, cls in sorted(zank.VARIANTS.items()):
        option_sets = [*cls.presets, *getattr(cls, "table_presets", ())]
        for i, options in enumerate(option_sets):
            rules = zank.variant(name, **dict(options))
            for players in range(cls.min_players, cls.max_players + 1):
                yield f"{name}/{i}/{players}p", rules, players


def _state_bytes(state: State) -> bytes:
    out = state.outcome
    result = None if out is None else (out.winner, out.points, out.reason.value)
    return repr(
        (
            state.piles,
            state.down,
            state.to_move,
            state.phase,
            tuple(state.info),
            state.rng,
            state.ply,
            state.turn,
            result,
        )
    ).encode()


def _deep(rules: Rules, state: State, h: Any) -> None:
    """The expensive part, every few states: refusals, observations, JSON."""
    legal = set(rules.legal_moves(state))
    refusals = []
    for move in rules.moves:
        if move not in legal:
            v = rules.check(state, move)
            refusals.append("-" if v is None else v.rule)
    h.update(" ".join(refusals).encode())
    for p in range(state.players):
        o = rules.observe(state, p)
        h.update(repr((o.piles, o.down, o.to_move, o.phase, tuple(o.info))).encode())
    h.update(zank.dumps(state).encode())


def fingerprint(rules: Rules, players: int, games: int, deep_every: int = 8) -> tuple[int, str]:
    """(states, digest) of ``games`` seeded random games and two greedy games."""
    h = hashlib.sha256()
    states = 0
    for seed in range(games):
        state = rules.new_game(seed=seed, players=players)
        rng = Rng(seed * 7919 + 1)
        while True:
            legal = rules.legal_moves(state)
            h.update(_state_bytes(state))
            h.update(" ".join(m.text for m in legal).encode())
            if states % deep_every == 0:
                _deep(rules, state, h)
            states += 1
            if not legal:
                break
            state = rules.apply(state, legal[rng.below(len(legal))])
        h.update(repr(rules.result(state)).encode())
    for seed in range(2):
        state = rules.new_game(seed=10_000 + seed, players=players)
        agents = [GreedyAgent(seed * 31 + p) for p in range(players)]
        while True:
            legal = rules.legal_moves(state)
            if not legal:
                break
            assert state.to_move is not None
            move = agents[state.to_move].choose(rules, rules.observe(state, state.to_move), legal)
            h.update(move.text.encode())
            state = rules.apply(state, move)
            states += 1
        h.update(repr(rules.result(state)).encode())
    return states, h.hexdigest()


def main(argv: list[str] | None = None) -> int:
    """Record fingerprints, or compare them with a file recorded before."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=8, help="random games per configuration")
    parser.add_argument("--variant", action="append", help="only these variants")
    parser.add_argument(
        "--deep-every",
        type=int,
        default=8,
        metavar="N",
        help="hash the refusals, observations and JSON of every Nth state (default 8, "
        "what the recorded baseline used)",
    )
    parser.add_argument("--out", help="write the fingerprints to this JSON file")
    parser.add_argument("--compare", help="compare with fingerprints recorded before")
    args = parser.parse_args(argv)
    result: dict[str, dict[str, Any]] = {}
    total = 0
    start = time.perf_counter()
    for key, rules, players in configurations():
        if args.variant and rules.name not in args.variant:
            continue
        n, digest = fingerprint(rules, players, args.games, args.deep_every)
        result[key] = {"states": n, "digest": digest}
        total += n
        print(f"{key:28} {n:8,} {digest[:16]}", flush=True)
    print(f"{total:,} states in {time.perf_counter() - start:.0f} s")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1, sort_keys=True)
    if args.compare:
        with open(args.compare, encoding="utf-8") as f:
            before = json.load(f)
        bad = [k for k in result if before.get(k) != result[k]]
        missing = [k for k in before if k not in result and not args.variant]
        for k in bad:
            print(f"DIFFERS: {k}: {before.get(k)} -> {result[k]}")
        for k in missing:
            print(f"MISSING: {k}")
        if bad or missing:
            return 1
        print(f"identical: {len(result)} configurations, {total:,} states")
    return 0


if __name__ == "__main__":
    sys.exit(main())
