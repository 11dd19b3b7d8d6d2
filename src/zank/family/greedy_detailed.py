"""The greedy policy of the Zank-Patience family (``zank-detailed``).

A one-move look at the table, scoring every legal move and playing the best
(ties broken at random by the agent's generator):

* the reserve first: its cards count double and each one played frees the
  next (a reserve card onto the opponent, a house or a gap scores highest);
* pack the opponent whenever possible (every card given away is one fewer);
* keep gaps useful: fill a gap from the reserve rather than from the hand,
  and empty a house only when the reserve can fill the gap;
* no idle shuffling between houses; turn the hand card when nothing better is
  left, and discard it last.

The rules class names this policy (``greedy_policy``), so
:class:`~zank.agents.GreedyAgent` plays it:

>>> import zank
>>> from zank.agents import GreedyAgent, RandomAgent
>>> record = zank.play(zank.variant("zank-detailed"), [GreedyAgent(1), RandomAgent(2)], seed=3)
>>> record.result is not None
True
"""

from __future__ import annotations

from collections.abc import Sequence

from zank.agents.base import best_move
from zank.core import Move, Observation, Rules
from zank.family.detailed import ZankDetailed
from zank.family.stock import (
    END,
    PASS,
    SRC_DISCARD,
    SRC_HOUSE,
    SRC_RESERVE,
    SRC_TURNED,
    TGT_FOUNDATION,
    TGT_PACK,
    TURN,
    StockGame,
)
from zank.random import Rng

__all__ = ["detailed_policy", "move_score"]

_SOURCE_WEIGHT = {SRC_RESERVE: 60, SRC_TURNED: 40, SRC_DISCARD: 35}


def move_score(rules: StockGame, observation: Observation, move: Move) -> int:
    """How much the greedy policy likes ``move`` (higher is better); for every
    game of :class:`~zank.family.stock.StockGame` (crapette's policy asks it
    too)."""
    if move.kind == TURN:
        return 1
    if move.kind in (END, PASS):
        return 0
    s, t = move.source, move.target
    piles = observation.piles
    hb = rules.house_base
    p = observation.player
    reserve = piles[rules.seat_pile(p, "reserve")]
    if t == TGT_FOUNDATION:
        return 100 + _SOURCE_WEIGHT.get(s, 0)
    if s < SRC_HOUSE:
        base = _SOURCE_WEIGHT[s]
        if t >= TGT_PACK:
            return base + 15  # give the opponent a card
        gap = not piles[hb + t - 1]
        if gap and s != SRC_RESERVE and reserve:
            return 5  # a gap is better filled from the reserve
        return base + (0 if gap else 5)
    # a house card
    house = piles[hb + s - SRC_HOUSE]
    if t >= TGT_PACK:
        return 30
    if len(house) == 1 and reserve:
        return 20  # makes a gap that the reserve can fill
    return -5  # shuffling between houses


def detailed_policy(
    rules: Rules, observation: Observation, legal_moves: Sequence[Move], rng: Rng
) -> Move:
    """The greedy choice among ``legal_moves`` (ties at random from ``rng``)."""
    assert isinstance(rules, ZankDetailed)
    return best_move(legal_moves, lambda m: move_score(rules, observation, m), rng)
