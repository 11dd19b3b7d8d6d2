"""Why a game of Spite and Malice ends drawn: the table when the draw pile ran out.

Run: ``python benchmarks/spite_draws.py DEAL ...``. Plays greedy against greedy
on each deal at the defaults (seat ``s`` seeded ``deal * 64 + s``, as
``benchmarks/search_strength.py`` seeds both seats, so that the game is the same
with the seats swapped) and prints, for each drawn game, one JSON line: the
turns, the last turn a pay-off card was played, the cards on each build pile,
each seat's pay-off cards left and the rank of its top (1 ace, 13 king, 0 joker),
whether every build place is in use and each pay-off top is below what every
build pile needs (so that it can only start a new pile, and no place is free),
the wild cards each seat holds (hand and side stacks) and its side-stack cards.
Games won are left out.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

import zank
from zank.agents import GreedyAgent
from zank.cards import IS_JOKER, KING, RANK
from zank.spite_malice import SIDE_STACKS


def drawn_table(deal: int) -> dict[str, Any] | None:
    """The table at the end of greedy's game on ``deal`` if it was drawn, else ``None``."""
    rules = zank.variant("spite-and-malice")
    agents = [GreedyAgent(deal * 64 + s) for s in range(2)]
    state = rules.new_game(seed=deal)
    last_pay = 0
    while state.outcome is None:
        seat = state.to_move
        assert seat is not None
        move = agents[seat].choose(rules, rules.observe(state, seat), rules.legal_moves(state))
        before = [len(state.pile(f"p{q}.pay")) for q in range(2)]
        state = rules.apply(state, move)
        if [len(state.pile(f"p{q}.pay")) for q in range(2)] != before:
            last_pay = state.turn
    if state.outcome.winner is not None:
        return None
    piles = rules.piles(state)
    builds = [len(piles[f"build{i + 1}"]) for i in range(rules.build_places)]
    needs = [b + 1 for b in builds if b]
    tops = [RANK[piles[f"p{q}.pay"][-1]] if piles[f"p{q}.pay"] else None for q in range(2)]
    full = all(builds)

    def sides(q: int) -> list[int]:
        return [c for j in range(SIDE_STACKS) for c in piles[f"p{q}.side{j + 1}"]]

    def wild(cards: Sequence[int]) -> int:
        return sum(1 for c in cards if RANK[c] == KING or IS_JOKER[c])

    return {
        "deal": deal,
        "turns": state.turn,
        "last_pay_off_turn": last_pay,
        "builds": builds,
        "pay_left": [len(piles[f"p{q}.pay"]) for q in range(2)],
        "pay_tops": tops,
        "blocked": [full and t is not None and all(t < n for n in needs) for t in tops],
        "wild_held": [wild([*piles[f"p{q}.hand"], *sides(q)]) for q in range(2)],
        "side_cards": [len(sides(q)) for q in range(2)],
    }


def main(argv: Sequence[str]) -> None:
    """Print a JSON line for each drawn game among the deals in ``argv``."""
    for deal in argv:
        table = drawn_table(int(deal))
        if table is not None:
            print(json.dumps(table), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
