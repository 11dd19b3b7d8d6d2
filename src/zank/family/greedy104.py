"""The greedy policy of ``zank-104``.

A one-move look at the table, scoring every legal move and playing the best
(ties broken at random by the agent's generator):

* the reserve first, then the turned talon card: each card placed is one
  fewer to get rid of, and packing it onto the opponent is best of all;
* pack the opponent from the stairs, right after the reserve (a card given
  away, and the stair card under it, or the gap it leaves, takes the own
  cards);
* a move between stairs only when it empties a stair (a gap for the reserve)
  or uncovers a card that can go to a foundation, take the reserve top, or be
  packed onto the opponent; no idle shuffling;
* turn a talon card, or end the turn, only when nothing better is left.

Importing this module registers the policy for :class:`~zank.agents.GreedyAgent`.

>>> import zank
>>> from zank.agents import GreedyAgent, RandomAgent
>>> from zank.family import greedy104
>>> record = zank.play(zank.variant("zank-104"), [GreedyAgent(1), RandomAgent(2)], seed=3)
>>> record.result is not None
True
"""

from __future__ import annotations

from collections.abc import Sequence

from zank.agents.base import register_greedy
from zank.cards import RANK
from zank.core import HIDDEN, Move, Observation, Rules
from zank.family.table import ALT_KEY, ALT_WANT, CARD, FKEY, FOUNDATION_WANT
from zank.family.zank104 import (
    SRC_RESERVE,
    SRC_STAIR,
    SRC_TURNED,
    TGT_FOUNDATION,
    TGT_PACK,
    TURN,
    Zank104,
)
from zank.random import Rng

__all__ = ["move_score", "zank104_policy"]


def _fits_foundation(piles: Sequence[tuple[int, ...]], card: int) -> bool:
    key = FKEY[card]
    return any(FOUNDATION_WANT[f[-1]] == key if f else RANK[card] == 1 for f in piles[0:8])


def _packs(rules: Zank104, observation: Observation, card: int) -> bool:
    """Whether ``card`` could be packed onto the opponent now."""
    opp = 1 - observation.player
    r, _, _, s = rules.own_piles(opp)
    for i in (r, s):
        pile = observation.piles[i]
        if pile and pile[-1] != HIDDEN:
            d = FKEY[card] - FKEY[pile[-1]]
            if d in (4, -4):
                return True
    return False


def move_score(rules: Zank104, observation: Observation, move: Move) -> int:
    """How much the greedy policy likes ``move`` (higher is better)."""
    if move.kind != CARD:
        return 1 if move.kind == TURN else 0
    s, t = move.source, move.target
    if t == TGT_FOUNDATION:
        return 100
    piles = observation.piles
    if s in (SRC_RESERVE, SRC_TURNED):
        base = 70 if s == SRC_RESERVE else 50
        if t >= TGT_PACK:
            return base + 10
        return base if piles[7 + t] else base - 5
    house = piles[8 + s - SRC_STAIR]
    if t >= TGT_PACK:
        return 66  # a card given away, and room made for the own cards
    # a move between stairs: what does it leave behind?
    if rules.stair_runs:
        w = ALT_WANT[piles[7 + t][-1]]
        i = RANK[house[0]] - (w >> 1)
    else:
        i = len(house) - 1
    if i == 0:
        return 35  # a gap for the reserve or the talon
    below = house[i - 1]
    if _fits_foundation(piles, below):
        return 38
    me = observation.player
    reserve = piles[rules.own_piles(me)[0]]
    if reserve and reserve[-1] != HIDDEN and ALT_KEY[reserve[-1]] == ALT_WANT[below]:
        return 36
    if _packs(rules, observation, below):
        return 30
    return -5


@register_greedy("zank-104")
def zank104_policy(
    rules: Rules, observation: Observation, legal_moves: Sequence[Move], rng: Rng
) -> Move:
    """The greedy choice among ``legal_moves`` (ties at random from ``rng``)."""
    assert isinstance(rules, Zank104)
    best: list[Move] = []
    top = -(10**9)
    for m in legal_moves:
        score = move_score(rules, observation, m)
        if score > top:
            top, best = score, [m]
        elif score == top:
            best.append(m)
    return best[rng.below(len(best))] if len(best) > 1 else best[0]
