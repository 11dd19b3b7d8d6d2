"""Spite and Malice: the greedy agent against the random agent.

Plays seeded games, half with the greedy agent in seat 0 and half in seat 1,
and prints wins, draws and losses with a 95% confidence interval of the
greedy agent's win rate.  Game ``i`` uses deal seed ``i`` (plus ``--seed``).

    python examples/greedy_vs_random.py               # a quick run (CI)
    python examples/greedy_vs_random.py --games 1000  # the figure in the docs
"""

from __future__ import annotations

import argparse
import time

import zank
from zank.agents import Agent, GreedyAgent, RandomAgent
from zank.simulate import wilson


def main(argv: list[str] | None = None) -> None:
    """Run the match and print the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games in all (even; default 40)")
    parser.add_argument("--seed", type=int, default=0, help="first deal seed (default 0)")
    args = parser.parse_args(argv)

    rules = zank.variant("spite-and-malice")
    wins = draws = losses = moves = 0
    seat_wins = [0, 0]
    start = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        greedy_seat = i % 2  # both seatings, alternately
        agents: list[Agent] = [RandomAgent(seed=seed), RandomAgent(seed=seed)]
        agents[greedy_seat] = GreedyAgent(seed=seed)
        record = zank.play(rules, agents, seed=seed)
        assert record.result is not None
        moves += len(record.moves)
        if record.result.winner is None:
            draws += 1
        elif record.result.winner == greedy_seat:
            wins += 1
            seat_wins[greedy_seat] += 1
        else:
            losses += 1
    elapsed = time.perf_counter() - start
    n = args.games
    low, high = wilson(wins, n)
    last = args.seed + n - 1
    print(f"spite-and-malice, greedy against random, {n} games (seeds {args.seed}..{last})")
    print(f"  greedy wins {wins}, draws {draws}, losses {losses}")
    print(f"  greedy win rate {wins / max(n, 1):.1%} (95% CI {low:.1%} to {high:.1%})")
    for seat in (0, 1):
        games = len(range(seat, n, 2))
        print(f"  greedy in seat {seat}: {seat_wins[seat]} wins in {games} games")
    print(f"  {moves / max(n, 1):.0f} moves a game, {elapsed:.1f} s")


if __name__ == "__main__":
    main()
