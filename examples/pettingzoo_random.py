"""Random agents playing Spite and Malice through the PettingZoo AEC API.

Needs the extra: ``pip install 'zank[pettingzoo]'``.

Run: ``python examples/pettingzoo_random.py``
"""

from __future__ import annotations

import numpy as np

from zank.adapters.pettingzoo import ZankEnv


def main(episodes: int = 3, seed: int = 2026) -> None:
    """Play a few seeded episodes and print each one's length, rewards and points."""
    env = ZankEnv("spite-and-malice", players=2)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    for episode in range(episodes):
        if episode:
            env.reset()  # the next deal comes from the seeded sequence
        moves = 0
        rewards: dict[str, float] = {}
        points = None
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                rewards[agent] = reward
                points = info.get("points")
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(rng.choice(legal)))
            moves += 1
        print(f"episode {episode}: {moves:4} moves  rewards {rewards}  points {points}")
    env.close()


if __name__ == "__main__":
    main()
