"""Play one seeded game of every variant between random agents and print how it ended.

Run: ``python examples/random_game.py``
"""

from __future__ import annotations

import zank
from zank.agents import RandomAgent


def main() -> None:
    """Play one game per variant and print the result."""
    for name in sorted(zank.VARIANTS):
        rules = zank.variant(name)
        agents = [RandomAgent(seed=1), RandomAgent(seed=2)]
        record = zank.play(rules, agents, seed=2026)
        print(f"{name:18} {len(record.moves):5} moves  {record.result}")


if __name__ == "__main__":
    main()
