"""How often the hard level has a choice, and how often it leaves the greedy move.

Run: ``python benchmarks/hard_choices.py VARIANT GAMES SEED``. Plays ``GAMES``
games of ``search:hard`` against ``greedy`` (deals in pairs from ``SEED``, the
hard level in seat 0 and then in seat 1, each agent seeded as
``benchmarks/search_strength.py`` seeds it) and counts the hard level's
decisions, those with more than one legal move, and those where its move is not
the move a greedy agent (its own generator) picks from the same observation. It
prints a JSON line per game and one with the totals.

The figures tell why the hard level cannot pull away from greedy in a variant:
where few decisions have a choice, or the search agrees with greedy on nearly
all of them, no level that starts from the greedy policy can win much more often.
"""

from __future__ import annotations

import json
import sys

import zank
from zank.agents import GreedyAgent, SearchAgent


def main(variant: str, games: int, seed: int) -> dict[str, object]:
    """Play the games and return the totals (see the module doc)."""
    rules = zank.variant(variant)
    decisions = multi = differ = 0
    for g in range(games):
        deal = seed + g // 2
        seat = g % 2
        hard = SearchAgent.level("hard", seed=deal * 64 + seat)
        other = GreedyAgent(deal * 64 + 1 - seat)
        shadow = GreedyAgent(deal * 64 + 7)
        state = rules.new_game(seed=deal)
        moves = 0
        while state.outcome is None and moves < 5000:
            p = state.to_move
            assert p is not None
            legal = rules.legal_moves(state)
            observation = rules.observe(state, p)
            if p == seat:
                move = hard.choose(rules, observation, legal)
                decisions += 1
                if len(legal) > 1:
                    multi += 1
                    differ += shadow.choose(rules, observation, legal) != move
            else:
                move = other.choose(rules, observation, legal)
            state = rules.apply(state, move)
            moves += 1
        print(json.dumps({"variant": variant, "game": g, "moves": moves}), flush=True)
    return {
        "variant": variant,
        "games": games,
        "seed": seed,
        "decisions": decisions,
        "with_choice": multi,
        "differ_from_greedy": differ,
    }


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))))
