"""A custom Spite and Malice agent playing a short match against the greedy agent.

The agent is the one built in the tutorial "Writing an agent": it frees its pay-off
card first, keeps its kings, discards high cards, and never builds a pile up to one
below an opponent's pay-off card (the seed's tips for beginners).

Run: ``python examples/custom_agent.py [GAMES]``
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import zank
from zank.agents import Agent, GreedyAgent
from zank.cards import RANK
from zank.core import Move, Observation, Rules

RANKS = tuple("xa23456789tjqk")  # the notation's ranks, low to high; 'x' is a joker
WILD = ("k", "x")


class Careful:
    """Free the pay-off card; keep kings; discard high; don't feed the opponent."""

    def score(self, rules: Rules, observation: Observation, move: Move) -> int:
        """Lower is better; the agent plays the lowest-scoring legal move."""
        source, target = str(move).split("-")
        if source == "p":
            return 0  # the pay-off card onto a build pile
        if target.startswith("b"):
            n, me = observation.players, observation.player

            def pile(label: str) -> tuple[int, ...]:
                return observation.piles[rules.pile_index(n, label)]

            new_height = len(pile("build" + target[1:])) + 1
            danger = {
                RANK[pile(f"p{p}.pay")[-1]] - 1 for p in range(n) if p != me and pile(f"p{p}.pay")
            }
            if new_height in danger:
                return 40  # rather discard than build up to an opponent's card
            return 20 if source in WILD else 1
        # a hand card onto a side stack (ends the turn): high cards first, never a king
        return 30 - RANKS.index(source) + (50 if source in WILD else 0)

    def choose(self, rules: Rules, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        """The legal move with the lowest score (the first of equals)."""
        return min(legal_moves, key=lambda m: self.score(rules, observation, m))


def match(agent: Agent, opponent: Agent, games: int) -> tuple[int, int, int]:
    """(won, lost, drawn) of ``agent``, the seats swapped every game."""
    rules = zank.variant("spite-and-malice")
    won = lost = drawn = 0
    for seed in range(games):
        seats = [agent, opponent] if seed % 2 == 0 else [opponent, agent]
        result = zank.play(rules, seats, seed=seed).result
        assert result is not None
        if result.winner is None:
            drawn += 1
        elif result.winner == seed % 2:
            won += 1
        else:
            lost += 1
    return won, lost, drawn


def main() -> None:
    """Play the match and print the score."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    won, lost, drawn = match(Careful(), GreedyAgent(seed=1), games)
    print(f"Careful against GreedyAgent, {games} games of spite-and-malice:")
    print(f"  won {won}, lost {lost}, drawn {drawn}")


if __name__ == "__main__":
    main()
