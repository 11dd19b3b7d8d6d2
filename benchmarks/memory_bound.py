"""An upper bound for a search with memory: the talons turned over are known.

Run: ``python benchmarks/memory_bound.py [VARIANT] --games N --seed S
[--iterations I] [--max-moves M] [--prior P] [--agent memory|forget|truth]
[--check-games C] [--json FILE]`` (``VARIANT`` is ``zank-104`` by default).

In ``zank-104`` the talon lies
face down and the second talon face up: every card on the second talon was
seen by both players as it went there (the turned talon card, the cards
packed on it), and the second talon is turned over, without shuffling, as
the new talon when the talon is empty (Z104-14).  From the first turnover on
both players could know the order of that seat's talon; nothing else changes
a talon's order (its top card is turned, and it is refilled only when empty).
:meth:`~zank.core.Rules.sample_state` deals every hidden place at random, so
a search from the observation forgets that order.

:class:`MemorySearch` is :class:`~zank.agents.SearchAgent`'s ``"tree"``
method (the hard level's search; ``--prior`` 0 as the perfect-information
runs) with one change: each world is ``rules.sample_state(observation, seed)``
with the talons turned over at least once since the deal given their true
order (:func:`remember`: the cards of the sampled world are exchanged
between its hidden places, so that every card is still there once).  The
reserves' face-down cards and the talons never turned over stay sampled.  It
reads the true state for the talons' order only, which a fair agent with
memory of the second talons would know: it is the upper bound of such a
memory, a benchmark-only agent, never in the package.

``--agent forget`` plays the same search without memory (every world
sampled: the fair search, :meth:`~zank.agents.SearchAgent.choose`), and
``--agent truth`` ``benchmarks/perfect_info.py``'s
:class:`~perfect_info.TrueStateSearch` (every world the true state), in the
same game loop, for comparison.

The protocol is ``benchmarks/perfect_info.py``'s: the games come in pairs on
the same deal (``S + g // 2``) with the seats swapped, each agent seeded
``deal * 64 + seat``, processor time per decision of the searching seat.  The
game loop tracks from the true states which seats' talons were turned over
(a ``turn`` with the talon empty) and checks in every game that a talon only
loses its top card or, when empty, is refilled by the second talon turned
over.  On the first ``--check-games`` games every remembered world is
checked: ``rules.observe(world, seat) == observation``, ``rules.validate``,
the known talons as in the true state (the checks' time is not counted).

The script prints one JSON line: the tallies, the 95 % Wilson interval of
the share of decided games won, the processor time per decision, the
decisions with a choice and those where the move differs from a greedy
agent's, and the share of the searching seat's decisions (all, and those
with a choice) at which at least one talon, its own, the opponent's was
known.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from perfect_info import TrueStateSearch

import zank
from zank.agents import GreedyAgent, SearchAgent
from zank.agents.search import _Node
from zank.core import HIDDEN, Move, Observation, Rules, State, world_state
from zank.family.hand_pile import TURN
from zank.family.zank104 import SECOND_TALON, TALON
from zank.random import Rng
from zank.simulate import percentile, wilson

AGENTS = ("memory", "forget", "truth")


def seat_pile(rules: Rules, players: int, seat: int, kind: str) -> int:
    """The index of ``seat``'s pile of layout kind ``kind``."""
    for i, spec in enumerate(rules.layout(players)):
        if spec.owner == seat and spec.kind == kind:
            return i
    raise ValueError(f"{rules.name} has no pile {kind!r} of seat {seat}")


def remember(
    rules: Rules, observation: Observation, world: State, truth: State, talons: Sequence[int]
) -> State:
    """``world`` (sampled from ``observation``) with the piles ``talons`` as in
    ``truth``: the true cards of those piles are taken from wherever the
    sample put them, and the places they leave are filled with the cards the
    sample had put on those piles, in the sample's order."""
    if not talons:
        return world
    piles = [list(p) for p in world.piles]
    need: Counter[int] = Counter(c for i in talons for c in truth.piles[i])
    spare: list[int] = []
    for i in talons:
        for c in piles[i]:
            if need[c] > 0:
                need[c] -= 1
            else:
                spare.append(c)
        piles[i] = list(truth.piles[i])
    spare.reverse()  # pop() takes them in the sample's order
    known = set(talons)
    for i, pile in enumerate(observation.piles):
        if i in known:
            continue
        for j, c in enumerate(pile):
            if c == HIDDEN and need[piles[i][j]] > 0:
                need[piles[i][j]] -= 1
                piles[i][j] = spare.pop()
    assert not spare, "the sample's talon cards did not all find a place"
    assert not +need, "a true talon card was in no hidden place of the sample"
    return world_state(rules, observation, tuple(tuple(p) for p in piles), world.rng)


class MemorySearch(SearchAgent):
    """The ``"tree"`` search with the talons turned over in their true order
    (the upper bound of a memory of the second talons)."""

    check = False
    """Check every remembered world (observation, invariants, talons)."""
    checked = 0.0
    """Processor seconds spent in the checks (not a decision's time)."""
    checked_worlds = 0
    """Worlds checked with at least one talon remembered."""

    def choose_remembering(
        self,
        rules: Rules,
        observation: Observation,
        legal_moves: Sequence[Move],
        truth: State,
        talons: Sequence[int],
    ) -> Move:
        """:meth:`~zank.agents.SearchAgent.choose`'s tree search (without a
        time budget), each world with ``talons`` as in ``truth``; with no
        talons the same move as ``choose``."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        me = observation.player
        root = _Node(None, None, None)
        children = [_Node(m, root, me) for m in legal_moves]
        worlds = max(1, self.iterations // len(legal_moves))
        for _ in range(worlds):
            world, roll = self.rng.next64(), self.rng.next64()
            state = remember(
                rules, observation, rules.sample_state(observation, seed=world), truth, talons
            )
            if self.check:
                self._check(rules, observation, state, truth, talons)
            for child in children:
                assert child.move is not None
                self._roll = Rng(roll)  # the same rollout randomness for every root move
                self._search(rules, child, rules.apply(state, child.move), me, state.turn)
        return self._best(rules, observation, legal_moves, children, worlds)

    def _check(
        self,
        rules: Rules,
        observation: Observation,
        world: State,
        truth: State,
        talons: Sequence[int],
    ) -> None:
        start = time.process_time()
        assert rules.observe(world, observation.player) == observation
        rules.validate(world)
        assert sorted(c for p in world.piles for c in p) == sorted(
            c for p in truth.piles for c in p
        )
        for i in talons:
            assert world.piles[i] == truth.piles[i]
        self.checked_worlds += bool(talons)
        self.checked += time.process_time() - start


def check_talons(
    before: State,
    after: State,
    move: Move,
    p: int,
    talon: Sequence[int],
    second: Sequence[int],
    turned: Sequence[int],
) -> bool:
    """Check that ``move`` of seat ``p`` changed the talons only as the rules
    say (the top card turned; an empty talon refilled by the second talon
    turned over, without shuffling, its first card on top); whether it turned
    ``p``'s second talon over."""
    over = move.kind == TURN and not before.piles[talon[p]]
    if over:
        refill = before.piles[second[p]][::-1]
        assert after.piles[talon[p]] + after.piles[turned[p]] == refill, "not the second talon"
        assert not after.piles[second[p]]
    for q in range(before.players):
        old, new = before.piles[talon[q]], after.piles[talon[q]]
        if old == new or (over and q == p):
            continue
        assert q == p, f"{move.text} changed p{q}'s talon"
        assert move.kind == TURN, f"{move.text} changed the talon"
        assert new == old[:-1], "the talon lost another card than its top"
        assert after.piles[turned[q]] == old[-1:], "the talon's top card was not turned"
    return over


def duel(
    rules: Rules,
    games: int,
    seed: int,
    iterations: int,
    max_moves: int,
    prior: float,
    agent: str = "memory",
    check_games: int = 2,
) -> dict[str, Any]:
    """Play ``games`` games of the ``agent`` search against greedy."""
    wins = losses = draws = decisions = multi = differ = 0
    known_any = known_own = known_opp = 0
    multi_any = multi_own = multi_opp = 0
    turnovers = [0, 0]  # the searching seat's own, the opponent's
    checked_worlds = 0
    times: list[float] = []
    multi_times: list[float] = []
    players = 2
    talon = [seat_pile(rules, players, q, TALON) for q in range(players)]
    second = [seat_pile(rules, players, q, SECOND_TALON) for q in range(players)]
    turned = [seat_pile(rules, players, q, "turned") for q in range(players)]
    for g in range(games):
        deal = seed + g // 2
        seat = g % 2
        settings = {"iterations": iterations, "max_moves": max_moves, "prior": prior}
        searcher: Any
        if agent == "truth":
            searcher = TrueStateSearch(deal * 64 + seat, **settings)  # type: ignore[arg-type]
        else:
            searcher = MemorySearch(deal * 64 + seat, **settings)  # type: ignore[arg-type]
            searcher.check = g < check_games and agent == "memory"
        other = GreedyAgent(deal * 64 + 1 - seat)
        shadow = GreedyAgent(deal * 64 + 7)
        state = rules.new_game(seed=deal)
        known = [False] * players
        game_multi, game_differ = multi, differ
        while state.outcome is None:
            p = state.to_move
            assert p is not None
            legal = rules.legal_moves(state)
            observation = rules.observe(state, p)
            if p == seat:
                talons = [talon[q] for q in range(players) if known[q]]
                start = time.process_time()
                checked = getattr(searcher, "checked", 0.0)
                if agent == "truth":
                    move = searcher.choose_state(rules, state, legal)
                elif agent == "forget":
                    move = searcher.choose_remembering(rules, observation, legal, state, [])
                else:
                    move = searcher.choose_remembering(rules, observation, legal, state, talons)
                spent = time.process_time() - start - (getattr(searcher, "checked", 0.0) - checked)
                times.append(spent)
                decisions += 1
                own, opp = known[seat], known[1 - seat]
                known_any += own or opp
                known_own += own
                known_opp += opp
                if len(legal) > 1:
                    multi += 1
                    multi_times.append(spent)
                    multi_any += own or opp
                    multi_own += own
                    multi_opp += opp
                    differ += shadow.choose(rules, observation, legal) != move
            else:
                move = other.choose(rules, observation, legal)
            after = rules.apply(state, move)
            if check_talons(state, after, move, p, talon, second, turned):
                turnovers[p != seat] += 1
                known[p] = True
            state = after
        checked_worlds += getattr(searcher, "checked_worlds", 0)
        result = state.outcome
        assert result is not None
        if result.winner is None:
            draws += 1
        elif result.winner == seat:
            wins += 1
        else:
            losses += 1
        print(
            f"game {g}: deal {deal}, {agent} in seat {seat}: {result.winner} "
            f"(choices {multi - game_multi}, other than greedy {differ - game_differ})",
            file=sys.stderr,
            flush=True,
        )
    lo, hi = wilson(wins, wins + losses)
    names = {
        "memory": "tree, talons turned over in their true order",
        "forget": "tree, every world sampled",
        "truth": "true-state tree",
    }
    return {
        "variant": rules.name,
        "a": f"{names[agent]}, iterations={iterations}, max_moves={max_moves}, prior={prior}",
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
        "known_talon": {
            "any": known_any / decisions if decisions else 0.0,
            "own": known_own / decisions if decisions else 0.0,
            "opponent": known_opp / decisions if decisions else 0.0,
            "any_with_choice": multi_any / multi if multi else 0.0,
            "own_with_choice": multi_own / multi if multi else 0.0,
            "opponent_with_choice": multi_opp / multi if multi else 0.0,
        },
        "turnovers": {"own": turnovers[0], "opponent": turnovers[1]},
        "checked_games": min(games, check_games) if agent == "memory" else 0,
        "checked_worlds_remembering": checked_worlds,
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
    parser.add_argument("variant", nargs="?", default="zank-104")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--iterations", type=int, default=160)
    parser.add_argument("--max-moves", type=int, default=20)
    parser.add_argument("--prior", type=float, default=0.0)
    parser.add_argument("--agent", choices=AGENTS, default="memory")
    parser.add_argument("--check-games", type=int, default=2)
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    rules = zank.variant(args.variant)
    start = time.perf_counter()
    out = duel(
        rules,
        args.games,
        args.seed,
        args.iterations,
        args.max_moves,
        args.prior,
        args.agent,
        args.check_games,
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
