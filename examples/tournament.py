"""A round-robin tournament between the built-in agents, for every variant.

Run: ``python examples/tournament.py [--games N] [--jobs J] [--variant NAME ...]``

Every pair of agents plays ``--games`` seeded games per variant, the agents
swapping seats game by game.  The script prints, per variant, a cross table
of the row agent's win rate against the column agent, with its 95 % Wilson
interval, and skips an agent that the variant does not have (a variant
without a greedy policy yet).  The default is small, so that CI runs it in
seconds.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import itertools
from collections.abc import Sequence

import zank
from zank.errors import ZankError
from zank.simulate import check_agents, run, wilson

AGENTS = ("random", "first", "greedy")


def tournament(
    rules: zank.Rules,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    executor: concurrent.futures.Executor | None = None,
) -> dict[tuple[str, str], tuple[int, int]]:
    """Play every pair of ``agents``; return (wins, games) of the first against the second."""
    table: dict[tuple[str, str], tuple[int, int]] = {}
    for a, b in itertools.combinations(agents, 2):
        sim = run(rules, [a, b], games, seed, rotate=True, executor=executor)
        wins = sim.agent_wins()
        table[a, b] = (wins[a][0], games)
        table[b, a] = (wins[b][0], games)
    return table


def cross_table(agents: Sequence[str], table: dict[tuple[str, str], tuple[int, int]]) -> str:
    """The results as text: the row agent's win rate against the column agent."""
    width = 22
    lines = [" " * 10 + "".join(f"{b:>{width}}" for b in agents)]
    for a in agents:
        cells = []
        for b in agents:
            if a == b:
                cells.append(f"{'—':>{width}}")
                continue
            wins, n = table[a, b]
            lo, hi = wilson(wins, n)
            cells.append(f"{wins / n:>7.0%} [{lo:4.0%}, {hi:4.0%}]".rjust(width))
        lines.append(f"{a:<10}" + "".join(cells))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """Run the tournament and print one cross table per variant."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per pair (default 10)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--variant", nargs="*", default=sorted(zank.VARIANTS))
    args = parser.parse_args(argv)
    executor = concurrent.futures.ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        for name in args.variant:
            rules = zank.variant(name)
            agents = []
            for agent in AGENTS:
                try:
                    check_agents(rules, [agent])
                except ZankError as e:
                    print(f"({name}: {agent} skipped: {e})")
                    continue
                agents.append(agent)
            table = tournament(rules, agents, args.games, args.seed, executor)
            print(f"{name}: row agent's wins against the column agent, {args.games} games each")
            print(cross_table(agents, table))
            print()
    finally:
        if executor is not None:
            executor.shutdown()


if __name__ == "__main__":
    main()
