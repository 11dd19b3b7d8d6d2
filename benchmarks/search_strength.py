"""How strong the agents are: one agent against another, seats rotated, with
the time per decision of each.

Run: ``python benchmarks/search_strength.py VARIANT A B [--games N] [--seed S]
[--max-moves M] [--option NAME=VALUE ...] [--json FILE]``, and
``python benchmarks/search_strength.py --report FILE`` for the Markdown table
of the runs that ``--json FILE`` collected.

``A`` and ``B`` are agent names (``random``, ``greedy``, ``search:easy``,
``search:medium``, ``search:hard``, as :data:`zank.simulate.AGENTS` knows
them, or ``search?iterations=96&max_moves=30&prior=0.1`` for a search agent
with other settings).  The games come in pairs on the same deal (duplicate
play): games ``2j`` and ``2j + 1`` are both dealt with seed ``S + j``, ``A``
in seat 0 and then in seat 1, so that a lucky deal counts for both agents
alike (in the Zank-Patience family the deal and the seat decide much of a
game between equal players).  Each agent is seeded as
:func:`zank.simulate.run` seeds it (``seed * 64 + seat``), so a run is
reproducible.  The script
prints, for ``A``: wins, losses and draws, its share of decided games with a
95 % Wilson interval, and for both agents the mean, 90th percentile and
largest processor time per decision (every call of ``choose``, single legal moves
included, and the mean over decisions with more than one legal move).

The docs page "How strong are the agents" and ``benchmarks/RESULTS.md`` give
the figures of committed runs.  Keep runs small on a shared machine (and run
under ``nice``): a game of ``search:hard`` takes seconds to minutes.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import zank
from zank.agents import Agent, SearchAgent
from zank.agents.spite import spite_and_malice_unblock
from zank.core import Move, Observation, Rules
from zank.random import Rng
from zank.simulate import agent_factory, percentile, wilson


class Timed:
    """Wraps an agent and keeps the processor time of each decision (the
    time of this process on one core: on a shared machine the wall-clock
    time also counts what other processes take)."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.times: list[float] = []
        self.multi: list[float] = []

    def choose(self, rules: Rules, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        start = time.process_time()
        move = self.inner.choose(rules, observation, legal_moves)
        spent = time.process_time() - start
        self.times.append(spent)
        if len(legal_moves) > 1:
            self.multi.append(spent)
        return move


class Unblocking:
    """The greedy agent with Spite and Malice's unblocking policy
    (:func:`zank.agents.spite.spite_and_malice_unblock`): the agent name
    ``greedy+unblock`` (a benchmark, not a package agent)."""

    def __init__(self, seed: int) -> None:
        self._rng = Rng(seed)

    def choose(self, rules: Rules, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        return spite_and_malice_unblock(rules, observation, legal_moves, self._rng)


def factory(name: str) -> Callable[[int], Agent]:
    """An agent by name, ``greedy+unblock`` (:class:`Unblocking`), or
    ``search?iterations=160&max_moves=20&prior=0.05``: a
    :class:`~zank.agents.SearchAgent` with these settings (for tuning)."""
    if name == "greedy+unblock":
        return Unblocking
    if not name.startswith("search?"):
        return agent_factory(name)
    settings = {k: _value(v) for k, v in (kv.split("=", 1) for kv in name[7:].split("&"))}
    return lambda seed: SearchAgent(seed, **settings)  # type: ignore[arg-type]


def _value(text: str) -> object:
    try:
        return json.loads(text)
    except ValueError:
        return text


def duel(
    rules: Rules, a: str, b: str, games: int, seed: int, max_moves: int | None
) -> dict[str, Any]:
    """Play ``games`` games of ``a`` against ``b``, seats rotated; the tallies."""
    wins = losses = draws = stopped = 0
    timers = {a: [], b: []}  # type: dict[str, list[Timed]]
    for i in range(games):
        game_seed = seed + i // 2
        names = [a, b] if i % 2 == 0 else [b, a]
        agents = [Timed(factory(n)(game_seed * 64 + s)) for s, n in enumerate(names)]
        record = zank.play(rules, agents, seed=game_seed, max_moves=max_moves)
        for n, t in zip(names, agents, strict=True):
            timers[n].append(t)
        result = record.result
        a_seat = i % 2
        if result is None:
            stopped += 1
        elif result.winner is None:
            draws += 1
        elif result.winner == a_seat:
            wins += 1
        else:
            losses += 1
        print(
            f"game {i}: seed {game_seed}, {a} in seat {a_seat}: "
            f"{'stopped' if result is None else result.winner}",
            file=sys.stderr,
            flush=True,
        )
    decided = wins + losses
    lo, hi = wilson(wins, decided)
    out: dict[str, Any] = {
        "variant": rules.name,
        "options": rules.options,
        "a": a,
        "b": b,
        "games": games,
        "seed": seed,
        "wins": wins,
        "losses": losses,
        "draws": draws,
        "stopped": stopped,
        "share": wins / decided if decided else None,
        "wilson95": [lo, hi],
    }
    for name in (a, b):
        times = [t for timer in timers[name] for t in timer.times]
        multi = [t for timer in timers[name] for t in timer.multi]
        out[f"time_{'a' if name == a else 'b'}"] = {
            "decisions": len(times),
            "mean_ms": 1000 * sum(times) / len(times) if times else 0.0,
            "mean_multi_ms": 1000 * sum(multi) / len(multi) if multi else 0.0,
            "p90_ms": 1000 * percentile(times, 90),
            "max_ms": 1000 * max(times, default=0.0),
        }
        if a == b:
            break
    return out


def report(path: str) -> str:
    """The runs of a ``--json`` file as the rows of a Markdown table."""
    lines = [
        "| variant | agent | against | deals | games | won | lost | drawn | won of decided, "
        "95 % interval | ms per decision: mean, with a choice, max |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    with open(path, encoding="utf-8") as f:
        for line in f:
            run = json.loads(line)
            lo, hi = run["wilson95"]
            share = run["share"]
            t = run["time_a"]
            won = f"{share:.0%} [{lo:.0%}, {hi:.0%}]" if share is not None else "–"
            lines.append(
                f"| `{run['variant']}` | `{run['a']}` | `{run['b']}` | "
                f"{run['seed']}–{run['seed'] + (run['games'] - 1) // 2} | {run['games']} | "
                f"{run['wins']} | {run['losses']} | {run['draws'] + run['stopped']} | {won} | "
                f"{t['mean_ms']:.1f}, {t['mean_multi_ms']:.1f}, {t['max_ms']:.0f} |"
            )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """Play the duel and print its figures (or ``--report FILE``: the table of a file)."""
    if argv is None:
        argv = sys.argv[1:]
    if len(argv) == 2 and argv[0] == "--report":
        print(report(argv[1]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-moves", type=int, default=None, help="stop a game after this many")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--json", default=None, help="append the figures as a JSON line here")
    args = parser.parse_args(argv)
    options = {k: _value(v) for k, v in (o.split("=", 1) for o in args.option)}
    rules = zank.variant(args.variant, **options)
    start = time.perf_counter()
    out = duel(rules, args.a, args.b, args.games, args.seed, args.max_moves)
    out["seconds"] = round(time.perf_counter() - start, 1)
    out["build"] = "compiled" if zank.compiled else "pure Python"
    lo, hi = out["wilson95"]
    share = out["share"]
    print(
        f"{rules.name} {json.dumps(options)}: {args.a} vs {args.b}, {args.games} games "
        f"(deals {args.seed}..{args.seed + (args.games - 1) // 2}, each with seats swapped, "
        f"{out['build']})"
    )
    print(
        f"  {args.a}: {out['wins']} won, {out['losses']} lost, {out['draws']} drawn, "
        f"{out['stopped']} stopped; "
        + (f"{share:.1%} of decided games [{lo:.1%}, {hi:.1%}]" if share is not None else "")
    )
    for key, name in (("time_a", args.a), ("time_b", args.b)):
        if key in out:
            t = out[key]
            print(
                f"  {name}: {t['decisions']} decisions, mean {t['mean_ms']:.1f} ms "
                f"(with a choice {t['mean_multi_ms']:.1f} ms), p90 {t['p90_ms']:.1f} ms, "
                f"max {t['max_ms']:.0f} ms"
            )
    print(f"  ({out['seconds']} s)")
    if args.json:
        with open(args.json, "a", encoding="utf-8") as f:
            f.write(json.dumps(out) + "\n")


if __name__ == "__main__":
    main()
