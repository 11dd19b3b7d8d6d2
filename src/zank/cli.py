"""The ``zank`` command.

``zank variants`` lists the variants and their options; ``zank simulate``
plays seeded games between random agents and prints a summary::

    zank simulate spite-and-malice --games 200 --seed 1
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence

import attrs

import zank
from zank.agents import GreedyAgent, RandomAgent
from zank.agents.base import Agent
from zank.errors import ZankError

__all__ = ["main"]

AGENTS: dict[str, Callable[[int], Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}


def _parse_option(text: str) -> tuple[str, object]:
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"option {text!r} must look like NAME=VALUE")
    key, value = text.split("=", 1)
    try:
        parsed: object = json.loads(value)
    except ValueError:
        parsed = value
    return key.strip().replace("-", "_"), parsed


def _variants(args: argparse.Namespace) -> int:
    for name, cls in sorted(zank.VARIANTS.items()):
        doc = (cls.__doc__ or "").strip().splitlines()[0]
        seats = (
            str(cls.min_players)
            if cls.min_players == cls.max_players
            else f"{cls.min_players}-{cls.max_players}"
        )
        print(f"{name:18} {seats:>4} players  {doc}")
        for a in attrs.fields(cls):
            if a.init:
                print(f"{'':18}   --option {a.name}={json.dumps(a.default)}")
    return 0


def _simulate(args: argparse.Namespace) -> int:
    rules = zank.variant(args.variant, **dict(args.option or []))
    names = args.agents.split(",") if args.agents else ["random"]
    unknown = [n for n in names if n not in AGENTS]
    if unknown:
        raise ZankError(f"unknown agent {unknown[0]!r}; the agents are: {', '.join(AGENTS)}")
    players = args.players
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ZankError(f"--agents names {len(names)} agents for {players} players")
    wins = [0] * players
    draws = 0
    moves = 0
    start = time.perf_counter()
    for g in range(args.games):
        seed = args.seed + g
        agents: list[Agent] = [AGENTS[name](seed * 64 + p) for p, name in enumerate(names)]
        record = zank.play(rules, agents, seed=seed)
        assert record.result is not None
        moves += len(record.moves)
        if record.result.winner is None:
            draws += 1
        else:
            wins[record.result.winner] += 1
    elapsed = time.perf_counter() - start
    games = args.games
    print(f"variant   {rules.name} {json.dumps(rules.options)}")
    print(f"games     {games} (seeds {args.seed}..{args.seed + games - 1}), {players} players")
    for p in range(players):
        share = wins[p] / games if games else 0.0
        print(f"seat {p}    {names[p]:8} wins {wins[p]:6} ({share:6.1%})")
    print(f"draws     {draws:6} ({(draws / games if games else 0.0):6.1%})")
    print(f"moves     {moves / games if games else 0.0:.1f} per game")
    print(
        f"speed     {moves / elapsed if elapsed else 0.0:,.0f} moves/s, "
        f"{games / elapsed if elapsed else 0.0:,.1f} games/s"
    )
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``zank`` command."""
    parser = argparse.ArgumentParser(
        prog="zank",
        description="Rules engines for Zank-Patience and Spite and Malice.",
    )
    parser.add_argument("--version", action="version", version=f"zank {zank.__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = sub.add_parser("variants", help="list the variants and their options")
    p.set_defaults(run=_variants)
    p = sub.add_parser("simulate", help="play seeded games between agents and summarize them")
    p.add_argument("variant", help="variant name, see 'zank variants'")
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    p.add_argument("--players", type=int, default=2, help="number of players (default 2)")
    p.add_argument(
        "--agents",
        default="random",
        help="comma-separated agents, one per seat or one for all: random, greedy",
    )
    p.add_argument(
        "--option",
        action="append",
        type=_parse_option,
        metavar="NAME=VALUE",
        help="a variant option (repeatable), e.g. --option pay_off_size=25",
    )
    p.set_defaults(run=_simulate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``zank`` command; return its exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "games", 1) < 0:
        parser.error("--games must be >= 0")
    if getattr(args, "seed", 0) < 0:
        parser.error("--seed must be >= 0")
    try:
        return int(args.run(args))
    except ZankError as e:
        print(f"zank: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
