"""OpenSpiel's MCTSBot against a random player in Spite and Malice.

Needs the extra: ``pip install 'zank[openspiel]'``.  The bot searches from
the real state, but every card that nobody has seen yet is a chance outcome
(see ``zank.adapters.openspiel``), so the bot cannot read the draw pile.

Run: ``python examples/openspiel_mcts.py``
"""

from __future__ import annotations

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import zank.adapters.openspiel  # noqa: F401 - registers the python_zank_* games


def main(games: int = 1, simulations: int = 12, seed: int = 7) -> None:
    """Play a few short games, MCTS as seat 0 against uniform random play as seat 1."""
    game = pyspiel.load_game("python_zank_spite_and_malice", {"pay_off_size": 3})
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator, random_state=rng
    )
    for g in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions = [a for a, _ in outcomes]
                probs = [p for _, p in outcomes]
                state.apply_action(int(rng.choice(actions, p=probs)))
            elif state.current_player() == 0:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        result = state.result()
        print(f"game {g}: returns {state.returns()}  {result}")


if __name__ == "__main__":
    main()
