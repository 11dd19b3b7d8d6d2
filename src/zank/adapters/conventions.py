"""What the OpenSpiel and PettingZoo adapters agree on: returns and game length.

Needs nothing beyond zank (both adapters import it).

**Returns.**  A game's returns are zero-sum: +1 for the winner, ``-1/(P-1)``
for each of the other ``P - 1`` seats (so -1 at two seats), 0 for every seat in
a drawn game, one truncated by the length bound included.  OpenSpiel's
``returns()`` and PettingZoo's final rewards are both these numbers; the
variant's own points are in ``state.result()`` (OpenSpiel) and the agents'
``info["points"]`` (PettingZoo).

>>> from zank.adapters.conventions import seat_returns
>>> seat_returns(winner=1, players=3)
[-0.5, 1.0, -0.5]
>>> seat_returns(winner=None, players=2)
[0.0, 0.0]

**Length.**  No variant's end rule bounds the number of moves (Spite and Malice
shuffles completed build piles back into the draw pile; the Zank-Patience
family ends a game after a number of turns without progress, but a turn's
length is not bounded), so both adapters cut a game at
:data:`DEFAULT_MAX_PLIES` player moves unless told otherwise, and the game then
ends as a draw, marked truncated.  The number is a documented budget, not a
bound derived from the rules; it lies far above the length of any game that
random play produced in the measurements of ``benchmarks/RESULTS.md``.
"""

from __future__ import annotations

__all__ = ["DEFAULT_MAX_PLIES", "seat_returns"]

DEFAULT_MAX_PLIES = 100_000
"""Player moves after which both adapters end a game as a (truncated) draw."""


def seat_returns(winner: int | None, players: int) -> list[float]:
    """Each seat's return: +1 for ``winner``, ``-1/(players-1)`` for the others;
    all 0 when ``winner`` is ``None`` (a draw)."""
    if winner is None:
        return [0.0] * players
    lose = -1.0 / (players - 1)
    return [1.0 if p == winner else lose for p in range(players)]
