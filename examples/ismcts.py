"""The package's IS-MCTS agent, :class:`zank.agents.SearchAgent`, played against greedy.

Run: ``python examples/ismcts.py [--variant NAME] [--games N] [--level L | --iterations I]``

The agent sees only its :class:`~zank.core.Observation`, like every agent. For
each decision it deals the cards it cannot see at random
(:meth:`~zank.core.Rules.sample_state`, a *determinization*), searches every legal
move on the same sampled deals with Monte Carlo tree search over the rest of its
turn, rolls out with the greedy policy through :meth:`~zank.core.Rules.playouts`
(cut off after ``max_moves``, the position then scored by the cards each seat
still has to get rid of), and plays the move that does best over all samples
(:mod:`zank.agents.search` explains each step). Until December 2026 this script
held its own IS-MCTS; the package's agent grew out of it.

Game ``i`` is dealt with seed ``seed + i`` and the agents swap seats every game;
the script prints the wins, the draws and the search's share of the decided games
with its 95 % Wilson interval. The default ``--games 2`` is for CI. What each
level wins against greedy and random in every variant, and what a decision costs,
is measured on the docs page "How strong are the agents".
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

import zank
from zank.agents import Agent, GreedyAgent, SearchAgent
from zank.agents.search import LEVELS
from zank.simulate import wilson


def main(argv: Sequence[str] | None = None) -> None:
    """Play the search agent against greedy and print the result."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--variant", default="zank-detailed")
    parser.add_argument("--games", type=int, default=2, help="games to play (default 2)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--level", choices=sorted(LEVELS), default="medium")
    parser.add_argument("--iterations", type=int, help="searches per decision (not a level)")
    args = parser.parse_args(argv)

    rules = zank.variant(args.variant)
    won = lost = drawn = 0
    started = time.process_time()
    for i in range(args.games):
        seed = args.seed + i
        search = (
            SearchAgent(seed, iterations=args.iterations)
            if args.iterations
            else SearchAgent.level(args.level, seed)
        )
        agents: list[Agent] = [search, GreedyAgent(seed + 1)]
        seat = i % 2  # the search agent's seat: the seats swap every game
        if seat:
            agents.reverse()
        result = zank.play(rules, agents, seed=seed).result
        assert result is not None
        if result.winner is None:
            drawn += 1
        elif result.winner == seat:
            won += 1
        else:
            lost += 1
    low, high = wilson(won, won + lost)
    what = f"{args.iterations} iterations" if args.iterations else f"search:{args.level}"
    print(
        f"{args.variant}: {what} against greedy, {args.games} games: "
        f"{won} won, {lost} lost, {drawn} drawn; "
        f"{won / max(1, won + lost):.0%} of the decided games [{low:.0%}, {high:.0%}]; "
        f"{time.process_time() - started:.1f} s of CPU"
    )


if __name__ == "__main__":
    main()
