"""Time per decision of ``search:hard`` (and of the greedy policy) at zank-104.

Run: ``python benchmarks/zank104_time.py [--variant NAME] [--deals 7000-7007] [--at 0,60,120]
[--agent search:hard] [--seed-offset N] [--policy-file F] [--json FILE]``.

The positions are fixed: from each deal, seeded greedy play (both seats
``GreedyAgent(deal * 64 + seat)``) for each number of moves in ``--at``, then
on to the first position with more than one legal move.  At each position the
agent (seeded ``deal + N``) chooses once; the script prints the chosen move
and the processor time (``time.process_time``) of that decision, and at the
end the mean, the largest, every choice and their digest, so that two
versions of the code can be compared decision for decision (``--policy-file``
plays another ``greedy_zank104.py``, for example the one of an earlier
commit, in the same build).  ``--greedy`` times the variant's greedy policy
instead (every decision with a choice of the games, up to the largest
``--at``), the number of decisions and the digest likewise.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from search_strength import factory

import zank
from zank.agents import GreedyAgent
from zank.agents.base import greedy_policy_of
from zank.random import Rng


def positions(rules: zank.Rules, deal: int, stops: list[int]) -> list[tuple[int, zank.State]]:
    """Per stop: (moves played, the first position from there with a choice)."""
    agents = [GreedyAgent(deal * 64 + s) for s in range(2)]
    state = rules.new_game(seed=deal)
    out = []
    k = 0
    for stop in sorted(stops):
        while state.outcome is None and (k < stop or len(rules.legal_moves(state)) < 2):
            seat = state.to_move
            assert seat is not None
            moves = rules.legal_moves(state)
            move = agents[seat].choose(rules, rules.observe(state, seat), moves)
            state = rules.apply(state, move)
            k += 1
        if state.outcome is not None:
            break
        out.append((k, state))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--variant", default="zank-104", help="another variant's decisions")
    parser.add_argument("--deals", default="7000-7007")
    parser.add_argument("--at", default="0,60,120")
    parser.add_argument("--agent", default="search:hard")
    parser.add_argument("--greedy", action="store_true")
    parser.add_argument("--seed-offset", type=int, default=0, help="seed the agent deal + N")
    parser.add_argument("--option", action="append", default=[], help="NAME=true|false|INT")
    parser.add_argument(
        "--policy-file",
        help="a greedy_zank104.py to play instead of the installed one (before/after)",
    )
    parser.add_argument("--json")
    args = parser.parse_args()
    if args.policy_file:
        name = "zank.family.greedy_zank104"
        spec = importlib.util.spec_from_file_location(name, args.policy_file)
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    options: dict[str, object] = {}
    for item in args.option:
        name, value = item.split("=", 1)
        options[name] = {"true": True, "false": False}.get(value, value)
        if isinstance(options[name], str):
            options[name] = int(value)
    rules = zank.variant(args.variant, **options)
    lo, _, hi = args.deals.partition("-")
    deals = range(int(lo), int(hi or lo) + 1)
    stops = [int(x) for x in args.at.split(",")]
    digest = hashlib.sha256()
    times: list[float] = []
    choices: list[str] = []
    if args.greedy:
        policy = greedy_policy_of(rules)
        for deal in deals:
            rng = Rng(deal)
            state = rules.new_game(seed=deal)
            k = 0
            while state.outcome is None and k < max(stops):
                seat = state.to_move
                assert seat is not None
                moves = rules.legal_moves(state)
                seen = rules.observe(state, seat)
                start = time.process_time()
                move = policy(rules, seen, moves, rng)
                spent = time.process_time() - start
                if len(moves) > 1:
                    times.append(spent)
                digest.update(move.text.encode() + b" ")
                state = rules.apply(state, move)
                k += 1
            digest.update(b"|")
    else:
        make = factory(args.agent)
        for deal in deals:
            for k, state in positions(rules, deal, stops):
                seat = state.to_move
                assert seat is not None
                moves = rules.legal_moves(state)
                agent = make(deal + args.seed_offset)
                start = time.process_time()
                move = agent.choose(rules, rules.observe(state, seat), moves)
                spent = time.process_time() - start
                times.append(spent)
                digest.update(f"{deal}:{k}:{move.text}|".encode())
                choices.append(f"{deal}:{k}:{move.text}")
                ms = spent * 1000
                print(f"deal {deal} move {k}: {len(moves)} moves, {move.text}, {ms:.0f} ms")
    row = {
        "variant": args.variant,
        "agent": "greedy" if args.greedy else args.agent,
        "options": options,
        "deals": args.deals,
        "at": stops,
        "decisions": len(times),
        "mean_ms": round(1000 * sum(times) / max(1, len(times)), 2),
        "max_ms": round(1000 * max(times, default=0.0), 2),
        "digest": digest.hexdigest()[:16],
        "build": "compiled" if zank.compiled else "pure Python",
        "policy": args.policy_file or "installed",
        "seed_offset": args.seed_offset,
        "choices": choices,
    }
    print(json.dumps(row))
    if args.json:
        with open(args.json, "a") as f:
            f.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
