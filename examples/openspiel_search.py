"""OpenSpiel's ISMCTSBot and MCTSBot on a zank variant, with the time per move
(the CPU time of the bot's search, ``time.process_time``).

Needs the extra: ``pip install 'zank[openspiel]'``.  Each bot plays seat 0
against uniform random play in seat 1 of Spite and Malice with a pay-off pile of
three cards (``--pay-off-size``; random play sometimes wins there, so rollouts
carry some signal).  Both bots evaluate a leaf by one random rollout cut off after
``--rollout`` nodes (``RandomRolloutEvaluator(max_length=...)``: a cut-off
rollout scores 0 for everybody, as a draw).

* ``ISMCTSBot`` searches the player's information set: every simulation starts
  from ``state.resample_from_infostate(player, sampler)``, a state in which the
  cards the player has never seen (the other hand, the draw pile) are dealt anew.
* ``MCTSBot`` searches from the real state; the cards nobody has seen are chance
  nodes, but the other player's hand is in the state (see the OpenSpiel guide).

Run: ``python examples/openspiel_search.py [--simulations N] [--moves M] [--games G]
[--rollout R] [--pay-off-size K]``
(the defaults are small, for CI; ``--moves 0`` plays every game to its end).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import zank.adapters.openspiel  # noqa: F401 - registers the python_zank_* games


def make_bot(kind: str, game: Any, simulations: int, rollout: int, seed: int) -> Any:
    """An ISMCTSBot or MCTSBot with a cut-off random rollout as its evaluator."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=rollout)
    if kind == "ismcts":
        return ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=rng)
    return mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng)


def play(bot: Any, game: Any, moves: int, seed: int) -> tuple[int, float, Any]:
    """One game, the bot in seat 0 and random play in seat 1, stopped after the
    bot's ``moves``-th move (0: at the end). Returns (bot moves, seconds in the
    bot's search, the returns or None when stopped)."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    searched = 0
    seconds = 0.0
    while not state.is_terminal():
        if moves and searched >= moves:
            return searched, seconds, None
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == 0:
            start = time.process_time()
            action = bot.step(state)
            seconds += time.process_time() - start
            searched += 1
            state.apply_action(action)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return searched, seconds, state.returns()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--simulations", type=int, default=10)
    parser.add_argument("--rollout", type=int, default=100, help="rollout cut-off, in nodes")
    parser.add_argument("--moves", type=int, default=5, help="bot moves per game (0: all)")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--pay-off-size", type=int, default=3)
    args = parser.parse_args()
    game = pyspiel.load_game("python_zank_spite_and_malice", {"pay_off_size": args.pay_off_size})
    for kind in ("ismcts", "mcts"):
        bot = make_bot(kind, game, args.simulations, args.rollout, seed=1)
        total_moves, total_seconds, results = 0, 0.0, []
        for g in range(args.games):
            n, seconds, returns = play(bot, game, args.moves, seed=100 + g)
            total_moves += n
            total_seconds += seconds
            results.append(returns)
        per_move = 1e3 * total_seconds / max(total_moves, 1)
        print(
            f"{kind:6}: {total_moves} moves, {per_move:.0f} ms a move "
            f"({args.simulations} simulations); returns {results}"
        )


if __name__ == "__main__":
    main()
