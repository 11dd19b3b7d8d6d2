"""OpenSpiel's Python ``ISMCTSBot`` as a ladder entrant beside zank's agents.

Run: ``python benchmarks/openspiel_ladder.py VARIANT --agents A,B,... [--games N]
[--seed S] [--simulations K] [--option NAME=VALUE ...] [--json FILE]`` (needs
``pip install 'zank[openspiel]'``).

A zank agent decides from an :class:`~zank.core.Observation`; ``ISMCTSBot``
searches an OpenSpiel state, which it resamples at every simulation with
``state.resample_from_infostate`` (the adapter's determinization, from the
player's whole information state).  The bots are zank agents now
(``openspiel-ismcts`` and ``openspiel-ismcts+zank`` in
:data:`zank.simulate.AGENTS`, :mod:`zank.adapters.openspiel_bots`: each decision
starts the game at a world dealt from the observation with
:meth:`~zank.adapters.openspiel.ZankGame.state_at`), so ``zank ladder`` seats
them.  This script plays the round robin the other way round, in OpenSpiel's
loop, through the adapter's public API
(:func:`zank.adapters.openspiel.load_game`): chance deals the cards, a zank
agent in a seat chooses from ``state.observation_of(seat)`` and the zank legal
moves (an action is the move's ``action``), the bot from the state itself, so
the bot keeps its whole information state (the moves since the deal); the
ratings are fitted by :func:`zank.ladder.bradley_terry`, as ``zank ladder``
fits them.  The deals are chance's, not ``rules.new_game(seed)``'s: each pair
plays game ``i`` from ``numpy.random.RandomState(seed + i)``'s chance outcomes,
seats rotated game by game.

The agent names are those of :data:`zank.simulate.AGENTS`; the two bots play
here in OpenSpiel's loop:

* ``openspiel-ismcts``: ``ISMCTSBot`` as OpenSpiel ships it, its evaluator
  ``RandomRolloutEvaluator`` (one random rollout, cut off after 200 nodes: a
  cut-off rollout scores 0, as a draw);
* ``openspiel-ismcts+zank``: the same bot with
  :class:`~zank.adapters.openspiel_bots.ZankLeafEvaluator`: from the sampled
  world's zank state, greedy playouts (:meth:`~zank.core.Rules.playouts`, 20
  moves) scored by :func:`zank.agents.search.leaf_values`, scaled to
  OpenSpiel's [-1, 1].

``--simulations`` (default 50) is each bot's budget per decision.  The script
prints the ladder and each pair's tally, and the bots' processor time per
decision; ``--json FILE`` appends them as one JSON line, and ``--report FILE``
prints the Markdown tables of such a file.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

import zank
from zank.adapters.openspiel import load_game
from zank.adapters.openspiel_bots import ZankLeafEvaluator
from zank.agents import Agent
from zank.core import Rules
from zank.ladder import bradley_terry
from zank.simulate import agent_factory

BOTS = ("openspiel-ismcts", "openspiel-ismcts+zank")
_ELO = 400 / math.log(10)


class Seat:
    """One entrant in one game: a zank agent or an OpenSpiel bot, timed."""

    def __init__(self, name: str, rules: Rules, game: Any, seed: int, simulations: int) -> None:
        self.name = name
        self.rules = rules
        self.times: list[float] = []
        self.agent: Agent | None = None
        self.bot: Any = None
        if name in BOTS:
            rng = np.random.RandomState(seed)
            evaluator = (
                mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=200)
                if name == "openspiel-ismcts"
                else ZankLeafEvaluator(rules, game.num_players(), np.random.RandomState(seed))
            )
            self.bot = ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=rng)
            # the worlds drawn from the bot's own generator (OpenSpiel's default
            # sampler is seeded by the clock), so that a game is reproducible
            self.bot.set_resampler(
                lambda state, player: state.resample_from_infostate(player, rng.uniform)
            )
        else:
            self.agent = agent_factory(name)(seed)

    def act(self, state: Any, seat: int) -> int:
        """The action of this entrant at ``state`` (its seat to move)."""
        start = time.process_time()
        if self.bot is not None:
            action = int(self.bot.step(state))
        else:
            assert self.agent is not None
            legal = self.rules.legal_moves(state.zank_state)
            action = self.agent.choose(self.rules, state.observation_of(seat), legal).action
        self.times.append(time.process_time() - start)
        return action


def play(
    rules: Rules, game: Any, names: Sequence[str], seed: int, simulations: int
) -> tuple[int | None, list[Seat]]:
    """One game in OpenSpiel's loop; the winner's seat (``None``: a draw) and the seats."""
    chance = np.random.RandomState(seed)
    seats = [Seat(n, rules, game, seed * 64 + p, simulations) for p, n in enumerate(names)]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(chance.choice(actions, p=probs)))
        else:
            p = state.current_player()
            state.apply_action(seats[p].act(state, p))
    result = state.result()
    return (None if result is None else result.winner), seats


def ladder(
    rules: Rules,
    names: Sequence[str],
    games: int,
    seed: int,
    simulations: int,
    log: Callable[[str], None],
) -> dict[str, Any]:
    """The round robin: each pair ``games`` games, seats rotated; ratings and times."""
    game = load_game(rules, 2)
    pairs: dict[tuple[int, int], list[int]] = {}
    times: dict[str, list[float]] = {n: [] for n in names}
    for i, j in itertools.combinations(range(len(names)), 2):
        tally = [0, 0, 0]  # i's wins, j's wins, draws
        for g in range(games):
            order = (i, j) if g % 2 == 0 else (j, i)
            winner, seats = play(rules, game, [names[k] for k in order], seed + g, simulations)
            for s in seats:
                times[s.name] += s.times
            if winner is None:
                tally[2] += 1
            else:
                tally[0 if order[winner] == i else 1] += 1
            log(f"{names[order[0]]} vs {names[order[1]]}, game {g}: winner {winner}")
        pairs[(i, j)] = tally
    results = {k: (w + d / 2 + 0.5, lost + d / 2 + 0.5) for k, (w, lost, d) in pairs.items()}
    theta, se = bradley_terry(len(names), results)
    rows = []
    for k, name in enumerate(names):
        rating, half = _ELO * theta[k], 1.959964 * _ELO * se[k]
        spent = times[name]
        rows.append(
            {
                "agent": name,
                "rating": rating,
                "low": rating - half,
                "high": rating + half,
                "decisions": len(spent),
                "mean_ms": 1000 * sum(spent) / len(spent) if spent else 0.0,
            }
        )
    return {
        "variant": rules.name,
        "options": rules.options,
        "games_per_pair": games,
        "seed": seed,
        "simulations": simulations,
        "rows": rows,
        "pairs": [[names[i], names[j], *t] for (i, j), t in pairs.items()],
    }


def report(path: str) -> str:
    """The runs of a ``--json`` file as Markdown: per run, the ratings and the pairs."""
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            run = json.loads(line)
            out.append(
                f"`{run['variant']}`, {run['games_per_pair']} games a pair from seed "
                f"{run['seed']}, {run['simulations']} simulations a bot decision "
                f"({run['build']}, {run['seconds']:.0f} s):"
            )
            out.append("")
            out.append("| agent | rating (Elo scale) | 95 % interval | ms a decision (decisions) |")
            out.append("|---|---|---|---|")
            for r in sorted(run["rows"], key=lambda r: -r["rating"]):
                out.append(
                    f"| `{r['agent']}` | {r['rating']:.0f} | [{r['low']:.0f}, {r['high']:.0f}] | "
                    f"{r['mean_ms']:.1f} ({r['decisions']}) |"
                )
            out.append("")
            out.append("| pair | first won | second won | drawn |")
            out.append("|---|---|---|---|")
            for a, b, wins, losses, draws in run["pairs"]:
                out.append(f"| `{a}` – `{b}` | {wins} | {losses} | {draws} |")
            out.append("")
    return "\n".join(out).rstrip() + "\n"


def main(argv: Sequence[str] | None = None) -> None:
    """Play the ladder and print it (or ``--report FILE``: the tables of a file)."""
    if argv is None:
        argv = sys.argv[1:]
    if len(argv) == 2 and argv[0] == "--report":
        print(report(argv[1]), end="")
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("--agents", default="random,greedy,openspiel-ismcts")
    parser.add_argument("--games", type=int, default=4, help="games per pair (4)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--simulations", type=int, default=50)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--json", default=None, help="append the figures as a JSON line here")
    args = parser.parse_args(argv)
    options = {k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)}
    rules = zank.variant(args.variant, **options)
    names = [n.strip() for n in args.agents.split(",") if n.strip()]
    start = time.perf_counter()
    out = ladder(
        rules,
        names,
        args.games,
        args.seed,
        args.simulations,
        lambda line: print(line, file=sys.stderr, flush=True),
    )
    out["seconds"] = round(time.perf_counter() - start, 1)
    out["build"] = "compiled" if zank.compiled else "pure Python"
    print(
        f"{rules.name} {json.dumps(options)}: {args.games} games a pair, seed {args.seed}, "
        f"{args.simulations} simulations a bot decision ({out['build']}, {out['seconds']} s)"
    )
    print(f"{'agent':24}{'rating':>8}   95% interval    ms a decision")
    for row in sorted(out["rows"], key=lambda r: -r["rating"]):
        print(
            f"{row['agent']:24}{row['rating']:8.0f}   [{row['low']:6.0f}, {row['high']:6.0f}]"
            f"   {row['mean_ms']:8.1f} ({row['decisions']})"
        )
    for a, b, wins, losses, draws in out["pairs"]:
        print(f"  {a} vs {b}: {wins} won, {losses} lost, {draws} drawn")
    if args.json:
        with open(args.json, "a", encoding="utf-8") as f:
            f.write(json.dumps(out) + "\n")


if __name__ == "__main__":
    main()
