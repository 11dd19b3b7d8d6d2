"""Spite and Malice: worlds in which the opponent's hand agrees with its discard.

Run: ``python benchmarks/sm_infer.py spite-and-malice A B --games N --seed S
[--json FILE]`` (the arguments of ``benchmarks/search_strength.py``), where an
agent name may also be ``search:hard+infer``: the hard level whose worlds are
dealt by :class:`InferringSearch`.  A screen for issue 33, benchmark only.

The hard level deals each world of its search at random: every card the seat
has not seen is equally likely in the opponent's hand.  But a greedy player
(:func:`zank.agents.spite.spite_and_malice_greedy`) ends its turn with a
discard only when no play of a hand card is *safe* (a card that is not wild,
that fits a build pile, and that does not build the pile to one below the
other seat's pay-off top) or starts a pile with an ace.  So at the start of
the searching seat's turn, with two players, the opponent holds none of the
ranks that would have been such a play on the build piles as they are now
(the opponent's turn ended with its discard, which changes no build pile).
:class:`InferringSearch` deals the opponent's hand from the unseen cards
without those ranks (uniformly among such hands; the other hidden places get
the rest at random), and deals as the hard level does where no hand of that
size is left (the opponent did not play as greedy does).  Plays that depend
on the other hand cards (a card whose pile the opponent could build on past
the danger, a chain to the pay-off card) are left out: the constraint only
removes hands that a greedy player cannot have held.

It reads nothing but the observations the seat is shown.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Sequence

from zank.agents import Agent, SearchAgent
from zank.agents.spite import _WILD
from zank.cards import ACE, QUEEN, RANK
from zank.core import HIDDEN, Move, Observation, Rules, State, world_state
from zank.random import Rng
from zank.spite_malice import SpiteAndMalice

#: The agent name of :class:`InferringSearch` at the hard level.
NAME = "search:hard+infer"


def forbidden_ranks(rules: SpiteAndMalice, observation: Observation) -> frozenset[int]:
    """The ranks a greedy opponent cannot hold at the start of the observing
    seat's turn (two players): those it would have played safely before
    discarding, on the build piles of ``observation`` (see the module docs)."""
    me = observation.player
    piles = observation.piles
    builds = piles[2 : 2 + rules.build_places]
    needs = [len(b) + 1 if b else 0 for b in builds]
    in_use = sum(1 for b in builds if b)
    free = any(not b for b in builds)
    can_start = rules.unlimited_build_piles or in_use < 3
    pay = piles[rules._seat_base(me)]
    danger: set[int] = set()
    my_ace = False  # the opponent's "opponent_ace": the observing seat's pay-off top is an ace
    if pay and not _WILD[pay[-1]]:
        danger.add(RANK[pay[-1]])
        my_ace = RANK[pay[-1]] == ACE
    out = set()
    if free and can_start and 2 not in danger:
        out.add(ACE)
    for need in needs:
        queen_blocked = need == QUEEN and not can_start and my_ace
        if ACE < need <= QUEEN and need + 1 not in danger and not queen_blocked:
            out.add(need)
    return frozenset(out)


class InferringSearch(SearchAgent):
    """The search whose worlds give a greedy opponent a hand it can hold."""

    def __init__(self, seed: int | None = None, **settings: object) -> None:
        super().__init__(seed, **settings)  # type: ignore[arg-type]
        self._turn = -1
        self._forbidden: frozenset[int] = frozenset()
        self._deal: tuple[int, list[int], list[int], int] | None = None
        self.inferred = 0  # worlds dealt with the constraint
        self.fallbacks = 0  # worlds dealt at random: no hand of the size was left

    def choose(self, rules: Rules, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        if observation.turn != self._turn:  # the first decision of a turn: the builds as left
            self._turn = observation.turn
            self._forbidden = frozenset()
            # two seats, and the opponent has ended a turn since the game began
            two = observation.players == 2 and observation.turn >= 2
            if isinstance(rules, SpiteAndMalice) and two:
                self._forbidden = forbidden_ranks(rules, observation)
        self._deal = None
        return super().choose(rules, observation, legal_moves)

    def _world(self, rules: Rules, observation: Observation, seed: int) -> State:
        if not self._forbidden or not isinstance(rules, SpiteAndMalice):
            return super()._world(rules, observation, seed)
        deal = self._deal
        if deal is None or deal[0] != observation.ply:
            deal = self._deal = self._prepare(rules, observation)
        _, unseen, allowed, size = deal
        if len(allowed) < size:
            self.fallbacks += 1
            return super()._world(rules, observation, seed)
        rng = Rng(seed)
        pick = list(allowed)
        rng.shuffle(pick)
        hand = pick[:size]
        rest = list((Counter(unseen) - Counter(hand)).elements())
        rng.shuffle(rest)
        it = iter(rest)
        opp_hand = rules._seat_base(1 - observation.player) + 1
        piles = tuple(
            tuple(sorted(hand))
            if i == opp_hand
            else tuple(next(it) if c == HIDDEN else c for c in cards)
            for i, cards in enumerate(observation.piles)
        )
        self.inferred += 1
        return world_state(rules, observation, piles, rng.next64())

    def _prepare(
        self, rules: SpiteAndMalice, observation: Observation
    ) -> tuple[int, list[int], list[int], int]:
        """The unseen cards (in the game's order), those the opponent's hand may
        hold, and its size, for every world of one decision."""
        seen = Counter(c for pile in observation.piles for c in pile if c != HIDDEN)
        unseen = list((Counter(rules.cards(observation.players)) - seen).elements())
        forbidden = self._forbidden
        allowed = [c for c in unseen if _WILD[c] or RANK[c] not in forbidden]
        size = len(observation.piles[rules._seat_base(1 - observation.player) + 1])
        return observation.ply, unseen, allowed, size


def main(argv: Sequence[str]) -> None:
    """``benchmarks/search_strength.py``'s run, with :data:`NAME` an agent name too."""
    import search_strength  # the script beside this one (run from benchmarks/)

    base = search_strength.factory

    def factory(name: str) -> Callable[[int], Agent]:
        if name == NAME:
            return lambda seed: InferringSearch.level("hard", seed)
        return base(name)

    search_strength.factory = factory
    search_strength.main(argv)


if __name__ == "__main__":
    main(sys.argv[1:])
