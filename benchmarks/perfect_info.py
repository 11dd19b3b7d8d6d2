"""An upper bound for the search: the tree search given the TRUE state.

Run: ``python benchmarks/perfect_info.py VARIANT --games N --seed S
[--iterations I] [--max-moves M] [--prior P] [--level NAME [--known all|hands]]
[--json FILE]``.

:class:`TrueStateSearch` is :class:`~zank.agents.SearchAgent`'s ``"tree"``
method with one change: every world it searches is the game's true state
(every hidden card known: the talons' order, the opponent's hand), not a
determinization of its observation.  It is a benchmark-only agent, never in
the package: it cheats.  Its rollouts are still the greedy policy in every
seat, each seat deciding from its own observation of the world, and its
leaves are scored by :func:`~zank.agents.search.leaf_values`, as the hard
level's are.

With ``--level NAME`` the searching seat is instead :class:`TrueWorldLevel`:
the named level (for example ``search:hard``) with every one of its settings
(method, budget, rollouts, leaf terms), every world it would sample replaced by
the true state.  This is the bound of a level whose method is not the tree
(Spite and Malice's hard level searches by sequential halving).  With
``--known hands`` it is given only the other seats' hands
(:class:`HandsKnownLevel`): what reading them perfectly could give.

Against ``greedy`` it bounds what a search of this kind could gain from its
choices: where even the perfect-information search wins little more than half
of the decided games, the strict rules leave too little to choose for any
level built on them to beat greedy by the issue's margin.

The games come in pairs on the same deal with the seats swapped (as in
``benchmarks/search_strength.py``, each agent seeded ``deal * 64 + seat``).
The script prints one JSON line with the tallies, the 95 % Wilson interval of
the share of decided games won, the processor time per decision of the
searching seat, and how many of its decisions had a choice and on how many of
those it played another move than a greedy agent would from the same
observation.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import attrs

import zank
from zank.agents import GreedyAgent, SearchAgent
from zank.agents.search import _Node
from zank.core import Move, Observation, Rules, State
from zank.random import Rng
from zank.simulate import percentile, wilson


class TrueStateSearch(SearchAgent):
    """The ``"tree"`` search with every world the true state (it cheats)."""

    def choose_state(self, rules: Rules, state: State, legal_moves: Sequence[Move]) -> Move:
        """The root move with the best mean score, every world ``state`` itself."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        me = state.to_move
        assert me is not None
        root = _Node(None, None, None)
        children = [_Node(m, root, me) for m in legal_moves]
        worlds = max(1, self.iterations // len(legal_moves))
        for _ in range(worlds):
            self.rng.next64()  # the world's seed, unused: every world is the truth
            roll = self.rng.next64()
            for child in children:
                assert child.move is not None
                self._roll = Rng(roll)
                self._search(rules, child, rules.apply(state, child.move), me, state.turn)
        return self._best(rules, rules.observe(state, me), legal_moves, children, worlds)


class TrueWorldLevel(SearchAgent):
    """A named level whose every world is the true state (it cheats).

    :meth:`choose_state` keeps the state for :meth:`_world` and decides as
    the level decides from the seat's observation; only the worlds differ.
    """

    _truth: State | None = None

    def choose_state(self, rules: Rules, state: State, legal_moves: Sequence[Move]) -> Move:
        """The level's move, every world ``state`` itself."""
        me = state.to_move
        assert me is not None
        self._truth = state
        try:
            return self.choose(rules, rules.observe(state, me), legal_moves)
        finally:
            self._truth = None

    def _world(self, rules: Rules, observation: Observation, seed: int) -> State:
        assert self._truth is not None, "call choose_state: the level needs the true state"
        return self._truth


class HandsKnownLevel(TrueWorldLevel):
    """A named level given only the other seats' private piles (their hands).

    Each world is the one the level samples, with the other seats' private piles
    made the true ones; the cards the true hands hold are taken from where the
    world had put them (the draw pile, face-down cards), which get the world's
    hand cards in their place.  Every other hidden card stays as the level
    dealt it: what a perfect reading of the opponents' hands could give, and no
    more (the draw pile's order stays unknown).
    """

    def _world(self, rules: Rules, observation: Observation, seed: int) -> State:
        truth = self._truth
        assert truth is not None, "call choose_state: the level needs the true state"
        world = SearchAgent._world(self, rules, observation, seed)
        me = observation.player
        specs = rules.layout(world.players)
        known = {i for i, spec in enumerate(specs) if spec.private and spec.owner != me}
        want: Counter[int] = Counter()
        have: Counter[int] = Counter()
        for i in known:
            want.update(truth.piles[i])
            have.update(world.piles[i])
        missing, spare = want - have, list((have - want).elements())
        piles = [list(pile) for pile in world.piles]
        for i, pile in enumerate(piles):
            if i in known:
                piles[i] = list(truth.piles[i])
                continue
            for j, card in enumerate(pile):
                if missing[card] > 0:
                    missing[card] -= 1
                    pile[j] = spare.pop()
        assert not spare, "every card of the true hands was somewhere in the world"
        return attrs.evolve(world, piles=tuple(tuple(pile) for pile in piles))


#: What ``--known`` gives a level: every card, or the other seats' hands only.
KNOWN: dict[str, type[TrueWorldLevel]] = {"all": TrueWorldLevel, "hands": HandsKnownLevel}


def _oracle(
    level: str | None,
    seed: int,
    iterations: int,
    max_moves: int,
    prior: float,
    known: str = "all",
) -> TrueStateSearch | TrueWorldLevel:
    """The searching seat's agent: a level given the truth (all of it, or the
    other seats' hands), or the true-state tree."""
    if level is not None:
        kind = KNOWN[known]
        agent = kind.level(level.removeprefix("search:"), seed)
        assert isinstance(agent, kind)
        return agent
    return TrueStateSearch(seed, iterations=iterations, max_moves=max_moves, prior=prior)


def duel(
    rules: Rules,
    games: int,
    seed: int,
    iterations: int,
    max_moves: int,
    prior: float,
    level: str | None = None,
    known: str = "all",
    differs: Callable[[State, Move, Move], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games of the true-state search (``level`` given the truth,
    or :class:`TrueStateSearch`) against greedy; ``differs(state, move, greedy)``,
    if given, is called at each choice where the search's move is not greedy's."""
    wins = losses = draws = decisions = multi = differ = 0
    game_multi = game_differ = 0
    times: list[float] = []
    multi_times: list[float] = []
    for g in range(games):
        deal = seed + g // 2
        seat = g % 2
        oracle = _oracle(level, deal * 64 + seat, iterations, max_moves, prior, known)
        other = GreedyAgent(deal * 64 + 1 - seat)
        shadow = GreedyAgent(deal * 64 + 7)
        state = rules.new_game(seed=deal)
        game_multi, game_differ = multi, differ
        while state.outcome is None:
            p = state.to_move
            assert p is not None
            legal = rules.legal_moves(state)
            if p == seat:
                start = time.process_time()
                move = oracle.choose_state(rules, state, legal)
                spent = time.process_time() - start
                times.append(spent)
                decisions += 1
                if len(legal) > 1:
                    multi += 1
                    multi_times.append(spent)
                    greedy = shadow.choose(rules, rules.observe(state, p), legal)
                    if greedy != move:
                        differ += 1
                        if differs is not None:
                            differs(state, move, greedy)
            else:
                move = other.choose(rules, rules.observe(state, p), legal)
            state = rules.apply(state, move)
        result = state.outcome
        assert result is not None
        if result.winner is None:
            draws += 1
        elif result.winner == seat:
            wins += 1
        else:
            losses += 1
        print(
            f"game {g}: deal {deal}, oracle in seat {seat}: {result.winner} "
            f"(choices {multi - game_multi}, other than greedy {differ - game_differ}, "
            f"ply {state.ply})",
            file=sys.stderr,
            flush=True,
        )
    lo, hi = wilson(wins, wins + losses)
    return {
        "variant": rules.name,
        "a": (
            f"{level} given the true state" + ("" if known == "all" else f" (known: {known})")
            if level is not None
            else f"true-state tree, iterations={iterations}, max_moves={max_moves}, prior={prior}"
        ),
        "b": "greedy",
        "games": games,
        "seed": seed,
        "wins": wins,
        "losses": losses,
        "draws": draws,
        "share": wins / (wins + losses) if wins + losses else None,
        "wilson95": [lo, hi],
        "decisions": decisions,
        "with_choice": multi,
        "differ_from_greedy": differ,
        "time_a": {
            "mean_ms": 1000 * sum(times) / len(times) if times else 0.0,
            "mean_multi_ms": 1000 * sum(multi_times) / len(multi_times) if multi_times else 0.0,
            "p90_ms": 1000 * percentile(times, 90),
            "max_ms": 1000 * max(times, default=0.0),
        },
    }


def main(argv: Sequence[str] | None = None) -> None:
    """Play the duel, print its JSON line (and append it to ``--json FILE``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--iterations", type=int, default=160)
    parser.add_argument("--max-moves", type=int, default=20)
    parser.add_argument("--prior", type=float, default=0.05)
    parser.add_argument(
        "--level",
        default=None,
        help="a named level (hard or search:hard) given the true state instead of the tree "
        "(--iterations, --max-moves and --prior are then the level's)",
    )
    parser.add_argument(
        "--known",
        choices=sorted(KNOWN),
        default="all",
        help="with --level: every hidden card (all) or the other seats' hands only (hands)",
    )
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    if args.known != "all" and args.level is None:
        parser.error("--known needs --level")
    rules = zank.variant(args.variant)
    start = time.perf_counter()
    out = duel(
        rules,
        args.games,
        args.seed,
        args.iterations,
        args.max_moves,
        args.prior,
        args.level,
        args.known,
    )
    out["seconds"] = round(time.perf_counter() - start, 1)
    out["build"] = "compiled" if zank.compiled else "pure Python"
    line = json.dumps(out)
    print(line)
    if args.json:
        with open(args.json, "a", encoding="utf-8") as f:
            f.write(line + "\n")


if __name__ == "__main__":
    main()
