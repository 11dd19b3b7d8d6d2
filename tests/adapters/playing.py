"""States of the OpenSpiel adapter's games reached by random play (shared by its tests)."""

from __future__ import annotations

import random
from typing import Any


def random_state(game: Any, seed: int, moves: int) -> Any:
    """A state ``moves`` player moves into a random game of ``game`` (or its end),
    chance's outcomes and the moves chosen by ``random.Random(seed)``."""
    rnd = random.Random(seed)
    state = game.new_initial_state()
    done = 0
    while not state.is_terminal() and (done < moves or state.is_chance_node()):
        if state.is_chance_node():
            state.apply_action(rnd.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rnd.choice(state.legal_actions()))
            done += 1
    return state
