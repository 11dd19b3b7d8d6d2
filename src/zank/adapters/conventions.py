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

**Length.**  Both adapters bound a game's player moves by
:func:`default_max_plies`: the bound that the variant's own end rules give
(:func:`rules_max_plies`), where its rules page proves one, and otherwise
:data:`DEFAULT_MAX_PLIES`, a documented budget at which the adapters cut the
game (it then ends as a draw, marked truncated).  A game bounded by its rules
is never cut: the bound is one it cannot reach.

>>> import zank
>>> from zank.adapters.conventions import default_max_plies, rules_max_plies
>>> rules_max_plies(zank.variant("zank-detailed"), 2)  # 105 * 200 turns, 209 * 52 moves each
228228000
>>> rules_max_plies(zank.variant("spite-and-malice"), 2) is None
True
>>> default_max_plies(zank.variant("spite-and-malice"), 2)
100000

Where a finite bound comes from (each rules page, under "Every game ends"):

* ``zank-detailed`` and ``crapette``: at most ``(T + 1) * no_progress_turns``
  turns (the no-progress count is reset only by a turn with a foundation
  move, and the foundations hold at most the ``T`` cards of the game), and a
  turn has at most ``(Φ + 1) * 52`` moves with ``Φ <= 2T`` (50 house-to-house
  moves in a row at most, every other card move lowers Φ): ZD-19 and C-19.
* ``zank-104``: at most ``201 * no_progress_turns`` turns and
  ``(2Φ₀ + 5) * (T + 1)`` moves a turn with ``Φ₀ <= 2T`` (Z104-18).
* No finite bound: ``spite-and-malice`` (completed build piles are shuffled
  back into the draw pile; the rules page lists termination as an open item),
  ``zank`` and ``schikanieren`` (Z-20 and S-7 prove that every turn ends and
  bound the turns, but give no count of a turn's moves), and every option set
  with ``table_mode=True`` (the calls and take-backs of table mode are proved to
  end, not counted).  A bound above :data:`MAX_BOUND` (OpenSpiel keeps the
  length in a 32-bit int) counts as none.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "DEFAULT_MAX_PLIES",
    "MAX_BOUND",
    "default_max_plies",
    "rules_max_plies",
    "seat_returns",
]

DEFAULT_MAX_PLIES = 100_000
"""Player moves after which both adapters end a game without a bound of its own
(:func:`rules_max_plies` is ``None``) as a (truncated) draw."""
MAX_BOUND = 2**31 - 1
"""The largest bound :func:`rules_max_plies` returns (OpenSpiel keeps
``max_game_length`` in an int32)."""


def rules_max_plies(rules: Any, players: int) -> int | None:
    """The most player moves a game of ``rules`` with ``players`` seats can last,
    from the variant's own end rules (see the module docs), or ``None`` where the
    rules give no finite bound (or one above :data:`MAX_BOUND`).

    The bound is the rules object's own (:meth:`zank.core.Rules.max_plies`),
    kept where it fits OpenSpiel's 32-bit length.
    """
    bound = rules.max_plies(players)
    return bound if bound is not None and 0 < bound <= MAX_BOUND else None


def default_max_plies(rules: Any, players: int) -> int:
    """The length bound both adapters use by default: :func:`rules_max_plies`,
    or :data:`DEFAULT_MAX_PLIES` where that is ``None``."""
    bound = rules_max_plies(rules, players)
    return DEFAULT_MAX_PLIES if bound is None else bound


def seat_returns(winner: int | None, players: int) -> list[float]:
    """Each seat's return: +1 for ``winner``, ``-1/(players-1)`` for the others;
    all 0 when ``winner`` is ``None`` (a draw)."""
    if winner is None:
        return [0.0] * players
    lose = -1.0 / (players - 1)
    return [1.0 if p == winner else lose for p in range(players)]
