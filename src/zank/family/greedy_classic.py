"""The greedy policy of the classic Zank-Patience (``zank``, ``schikanieren``).

The strict priority of the seed leaves a player few choices, and the policy
makes them with a one-move look at the table:

* a manoeuvre takes the shortest way: each step is one that leaves the
  fewest single moves to the announced goal (no wandering of cards);
* of several announcements, the card that is least deeply covered, or the
  edge pile with the fewest cards;
* at move 7 the own discard goes onto the empty edge pile (7a) rather than
  a new card being drawn (7b): it is one card fewer for certain;
* packing goes onto the opponent who has the fewest cards left;
* a card for an edge pile goes where the fewest cards lie.

Ties are broken at random by the agent's generator.  The rules class names
this policy (``greedy_policy``), so :class:`~zank.agents.GreedyAgent` plays it.
At the start of seed 3 the discard goes onto the empty edge pile (7a) rather
than a card being drawn:

>>> import zank
>>> from zank.family.greedy_classic import move_score
>>> rules = zank.variant("zank")
>>> state = rules.new_game(seed=3)
>>> seen = rules.observe(state, state.to_move)
>>> {m.text: move_score(rules, seen, m) for m in rules.legal_moves(state)}
{'d-h1': 50, 'draw': 10}
"""

from __future__ import annotations

from collections.abc import Sequence

from zank.agents.base import best_move
from zank.core import HIDDEN, Move, Observation, Rules
from zank.family.classic import ClassicZank
from zank.family.classic_common import (
    DRAW,
    EMPTY,
    FREE,
    HIDDEN_CARD,
    Config,
)
from zank.family.table import CARD
from zank.random import Rng

__all__ = ["classic_policy", "move_score"]


def _config(rules: ClassicZank, observation: Observation) -> Config:
    """The edge piles as the manoeuvre search sees them, from what the player sees."""
    hb = rules.foundation_count
    edges = rules.geometry(observation.players).edges
    removed = rules.info_of(observation).removed - 1
    out: list[bytes | None] = []
    for h in range(edges):
        pile = observation.piles[hb + h]
        out.append(None if h == removed else bytes(HIDDEN_CARD if c == HIDDEN else c for c in pile))
    return tuple(out)


def _cards_left(rules: ClassicZank, observation: Observation, seat: int) -> int:
    # the rules' own count (schikanieren: with or without the Schikanier pile, S-6)
    g = rules.geometry(observation.players)
    return rules._counts(list(observation.piles), g, observation.players)[seat]


def move_score(rules: ClassicZank, observation: Observation, move: Move) -> int:
    """How much the greedy policy likes ``move`` (higher is better)."""
    piles = observation.piles
    hb = rules.foundation_count
    hs = rules.house_source
    kind = move.kind
    if kind == FREE:
        for pile in piles[hb : hb + rules.geometry(observation.players).edges]:
            if move.source in pile:
                return 100 - (len(pile) - pile.index(move.source))
        return 0  # pragma: no cover - an announced card lies on an edge pile
    if kind == EMPTY:
        return 100 - len(piles[hb + move.source])
    if kind == DRAW:
        return 10
    if kind != CARD:
        return 0
    s, t = move.source, move.target
    if t == 0:
        return 200
    if t >= rules.pack_target:
        j = t - rules.pack_target
        seat = (observation.player + 1 + j) % observation.players
        return 100 - _cards_left(rules, observation, seat)
    target = piles[hb + t - 1]
    if s >= hs and rules.info_of(observation).goal:
        return _step_score(rules, observation, s - hs, t - 1)
    if not target:
        return 50  # 7a: one own card fewer for certain (beats drawing)
    return 60 - len(target)


def _step_score(rules: ClassicZank, observation: Observation, a: int, b: int) -> int:
    """A manoeuvre step: the fewer single moves it leaves to the goal, the better."""
    config = _config(rules, observation)
    info = rules.info_of(observation)
    removal = observation.players == 3 and not info.removed
    limit = rules.gap_limit(observation.players, observation.turn)
    search = rules.manoeuvres
    nxt = search.step_config(config, a, b, removal)
    return 100 - search.distance(nxt, (info.goal, info.target, limit, removal), info.budget - 1)


def classic_policy(
    rules: Rules, observation: Observation, legal_moves: Sequence[Move], rng: Rng
) -> Move:
    """The greedy choice among ``legal_moves`` (ties at random from ``rng``)."""
    assert isinstance(rules, ClassicZank)
    if len(legal_moves) == 1:
        return legal_moves[0]
    return best_move(legal_moves, lambda m: move_score(rules, observation, m), rng)
