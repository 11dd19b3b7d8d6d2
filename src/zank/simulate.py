"""Many seeded games between agents, in one process or on any executor.

>>> import zank
>>> from zank.simulate import run
>>> rules = zank.variant("spite-and-malice", pay_off_size=5)
>>> sim = run(rules, ["random", "random"], games=20, seed=1)
>>> len(sim.games), sum(sim.seat_wins()) + sim.draws()
(20, 20)

Game ``i`` is dealt with seed ``seed + i`` and its agents are seeded from
that seed and their seat, so a simulation gives the same games whether it
runs serially, on a :class:`~concurrent.futures.ProcessPoolExecutor` or on a
cluster: pass any :class:`concurrent.futures.Executor` as ``executor`` (for
example a Dask client's ``get_executor()``).

Agents are named by *specs*: ``"random"``, ``"greedy"``, ``"first"``, or
``"package.module:factory"`` — any importable callable that takes a seed and
returns an :class:`~zank.agents.Agent`.  Specs are plain strings so that they
travel to worker processes; a picklable callable works too.
"""

from __future__ import annotations

import concurrent.futures
import csv
import functools
import importlib
import json
import math
import os
import time
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any, Protocol, runtime_checkable

from attrs import field, frozen

import zank
from zank.agents.base import Agent, FirstMoveAgent, GreedyAgent, RandomAgent, greedy_policy_of
from zank.core import Rules
from zank.errors import ZankError, quote
from zank.play import play_game

__all__ = [
    "AGENTS",
    "AgentSpec",
    "Executor",
    "GameStats",
    "Simulation",
    "agent_factory",
    "agent_name",
    "check_agents",
    "percentile",
    "run",
    "wilson",
]

#: An agent given by name (see :data:`AGENTS`), ``"module:factory"``, or a
#: picklable callable ``factory(seed) -> Agent``.
AgentSpec = str | Callable[[int], Agent]


def _first(seed: int) -> Agent:
    return FirstMoveAgent()


#: The agents known by name, each given by its factory ``factory(seed) -> Agent``.
AGENTS: Mapping[str, Callable[[int], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "first": _first,
}


@runtime_checkable
class Executor(Protocol):
    """What :func:`run` needs of an executor: the ``submit`` method of a
    :class:`concurrent.futures.Executor`, returning a future that
    :func:`concurrent.futures.as_completed` accepts.  Every standard executor
    fits, and so does a Dask client's ``get_executor()``."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        """Schedule ``fn(*args, **kwargs)``; return its future."""
        ...


def agent_factory(spec: AgentSpec, *, imports: bool = True) -> Callable[[int], Agent]:
    """The factory behind an agent spec.

    **Trusted input only.**  A ``"module:factory"`` spec *imports* the module,
    which runs its code: take such specs from your own code or command line,
    never from a name a client sent.  For such a name pass ``imports=False``
    (only the names of :data:`AGENTS` are then accepted), or look it up in
    :data:`AGENTS` yourself.

    A factory loaded from ``"module:factory"`` is checked when it makes an
    agent: something without a ``choose`` method raises
    :class:`~zank.errors.ZankError`.

    Raises:
        ZankError: the name is unknown, ``module:factory`` with
            ``imports=False``, or the ``module:factory`` cannot be imported.
    """
    if not isinstance(spec, str):
        return spec
    if spec in AGENTS:
        return AGENTS[spec]
    if ":" in spec and not imports:
        raise ZankError(
            f"agent {quote(spec)}: loading agents by module:factory is turned off "
            f"(imports=False); the agents are: {', '.join(AGENTS)}"
        )
    if ":" in spec:
        module_name, _, attr = spec.partition(":")
        try:
            factory = getattr(importlib.import_module(module_name), attr)
        except (ImportError, AttributeError, ValueError) as e:  # ValueError: an empty name
            raise ZankError(f"cannot load agent {quote(spec)}: {quote(str(e))}") from None
        if not callable(factory):
            raise ZankError(f"agent {quote(spec)} is not callable")
        return functools.partial(_checked_agent, factory, spec)
    raise ZankError(
        f"unknown agent {quote(spec)}; the agents are: {', '.join(AGENTS)} or module:factory"
    )


def _checked_agent(factory: Callable[[int], Any], spec: str, seed: int) -> Agent:
    """``factory(seed)``, refused unless it is an agent (has a ``choose`` method)."""
    agent = factory(seed)
    if not callable(getattr(agent, "choose", None)):
        raise ZankError(
            f"agent {quote(spec)} made {quote(agent, 40)}, not an agent with a choose() method"
        )
    return agent  # type: ignore[no-any-return]


def agent_name(spec: AgentSpec) -> str:
    """The name of an agent spec in summaries."""
    if isinstance(spec, str):
        return spec
    if isinstance(spec, functools.partial):
        return agent_name(spec.func)
    return getattr(spec, "__qualname__", None) or type(spec).__name__


def check_agents(rules: Rules, specs: Sequence[AgentSpec]) -> None:
    """Check before a long run that every agent spec can play ``rules``.

    Raises:
        ZankError: an unknown agent, or ``greedy`` for a variant that
            declares no greedy policy (:attr:`~zank.core.Rules.greedy_policy`).
    """
    for spec in specs:
        agent_factory(spec)
        if spec == "greedy":
            greedy_policy_of(rules)


@frozen
class GameStats:
    """The outcome of one simulated game.

    Attributes:
        index: the game's number in the simulation (0-based).
        seed: the deal's seed.
        agents: the agent name in each seat.
        winner: the winning seat, or ``None`` for a draw (or a stopped game).
        points: the points of each seat.
        reason: why the game ended (a :class:`~zank.core.Termination` value),
            or ``"stopped"`` when ``max_moves`` cut it short.
        moves: the number of moves played.
        turns: the number of turns begun.
        seconds: the time the game took.
        record: the game record as a JSON-ready dict, when asked for.
    """

    index: int
    seed: int
    agents: tuple[str, ...]
    winner: int | None
    points: tuple[int, ...]
    reason: str
    moves: int
    turns: int
    seconds: float = field(eq=False)
    record: dict[str, Any] | None = field(default=None, eq=False)

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready dict of the row (the record only if it was kept)."""
        out: dict[str, Any] = {
            "game": self.index,
            "seed": self.seed,
            "agents": list(self.agents),
            "winner": self.winner,
            "points": list(self.points),
            "reason": self.reason,
            "moves": self.moves,
            "turns": self.turns,
            "seconds": round(self.seconds, 6),
        }
        if self.record is not None:
            out["record"] = self.record
        return out


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % for the default ``z``).

    >>> from zank.simulate import wilson
    >>> lo, hi = wilson(60, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.502, 0.691)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0–100) of ``values``, interpolating linearly.

    >>> from zank.simulate import percentile
    >>> percentile([1, 2, 3, 4], 50)
    2.5
    """
    if not values:
        return math.nan
    data = sorted(values)
    pos = (len(data) - 1) * q / 100
    lo = math.floor(pos)
    hi = min(lo + 1, len(data) - 1)
    return data[lo] + (data[hi] - data[lo]) * (pos - lo)


@frozen
class Simulation:
    """The games of a :func:`run`, with the summaries computed from them.

    Attributes:
        variant: the variant's name.
        options: its options.
        players: seats per game.
        agents: the agent names as given (seat order of game 0).
        seed: the seed of game 0.
        games: one :class:`GameStats` per game, in game order.
        seconds: the wall-clock time of the run.
    """

    variant: str
    options: dict[str, Any]
    players: int
    agents: tuple[str, ...]
    seed: int
    games: tuple[GameStats, ...]
    seconds: float

    def seat_wins(self) -> list[int]:
        """Wins per seat."""
        wins = [0] * self.players
        for g in self.games:
            if g.winner is not None:
                wins[g.winner] += 1
        return wins

    def draws(self) -> int:
        """Games without a winner."""
        return sum(1 for g in self.games if g.winner is None)

    def agent_wins(self) -> dict[str, tuple[int, int]]:
        """Per agent name: (seats it won, seats it played).

        An agent in two seats of a game plays two seats of that game, so that
        its win rate is the share of its seats that won.
        """
        out: dict[str, list[int]] = {}
        for g in self.games:
            for seat, name in enumerate(g.agents):
                entry = out.setdefault(name, [0, 0])
                entry[1] += 1
                if g.winner == seat:
                    entry[0] += 1
        return {name: (w, n) for name, (w, n) in out.items()}

    def summary(self) -> str:
        """A plain-text summary table: win rates with 95 % Wilson intervals,
        draws, moves and turns per game, and speed."""
        n = len(self.games)
        lines = [
            f"variant   {self.variant} {json.dumps(self.options)}",
            f"games     {n}"
            + (f" (seeds {self.seed}..{self.seed + n - 1})" if n else "")
            + f", {self.players} players",
            "",
            f"{'':18}{'wins':>7} {'of':>7} {'rate':>7}   95% CI",
        ]

        def row(label: str, wins: int, trials: int) -> str:
            lo, hi = wilson(wins, trials)
            rate = wins / trials if trials else 0.0
            return f"{label:18}{wins:7} {trials:7} {rate:7.1%}   [{lo:5.1%}, {hi:5.1%}]"

        seat_agents = self.games[0].agents if self.games else self.agents
        rotated = any(g.agents != seat_agents for g in self.games)
        for seat, wins in enumerate(self.seat_wins()):
            who = "" if rotated else f" {seat_agents[seat]}"
            lines.append(row(f"seat {seat}{who}"[:18], wins, n))
        for name, (wins, trials) in self.agent_wins().items():
            lines.append(row(f"agent {name}"[:18], wins, trials))
        lines.append(row("draws", self.draws(), n))
        lines.append("")
        lines.append(f"{'':18}{'mean':>7} {'min':>7} {'p10':>7} {'p50':>7} {'p90':>7} {'max':>7}")
        for label, values in (
            ("moves/game", [g.moves for g in self.games]),
            ("turns/game", [g.turns for g in self.games]),
        ):
            if values:
                mean = sum(values) / len(values)
                qs = [percentile(values, q) for q in (0, 10, 50, 90, 100)]
                lines.append(f"{label:18}{mean:7.1f} " + " ".join(f"{q:7.0f}" for q in qs))
        moves = sum(g.moves for g in self.games)
        secs = self.seconds
        lines.append("")
        lines.append(
            f"speed     {n / secs if secs else 0.0:,.1f} games/s, "
            f"{moves / secs if secs else 0.0:,.0f} moves/s ({secs:.2f} s)"
        )
        return "\n".join(lines)

    def write_jsonl(self, f: IO[str]) -> None:
        """Write one JSON object per game (see :meth:`GameStats.to_dict`)."""
        for g in self.games:
            f.write(json.dumps(g.to_dict(), ensure_ascii=False) + "\n")

    def write_csv(self, f: IO[str]) -> None:
        """Write one CSV row per game: game, seed, agents, winner, points, reason,
        moves, turns, seconds (agents and points joined by ``;``)."""
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["game", "seed", "agents", "winner", "points", "reason", "moves", "turns",
                    "seconds"])  # fmt: skip
        for g in self.games:
            w.writerow(
                [
                    g.index,
                    g.seed,
                    ";".join(g.agents),
                    "" if g.winner is None else g.winner,
                    ";".join(map(str, g.points)),
                    g.reason,
                    g.moves,
                    g.turns,
                    f"{g.seconds:.6f}",
                ]
            )

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the games to ``path``: CSV if it ends in ``.csv``, else JSON lines."""
        with open(path, "w", encoding="utf-8", newline="") as f:
            if os.fspath(path).lower().endswith(".csv"):
                self.write_csv(f)
            else:
                self.write_jsonl(f)


def _seat_order(n: int, index: int, rotate: bool) -> list[int]:
    """Which agent (by its position in the specs) sits in each seat of game ``index``."""
    return [(s + index) % n if rotate else s for s in range(n)]


def _play_chunk(
    rules: Rules | tuple[str, dict[str, Any]],
    specs: tuple[AgentSpec, ...],
    jobs: list[tuple[int, int]],
    rotate: bool,
    max_moves: int | None,
    keep_records: bool,
) -> list[GameStats]:
    """Play the games ``jobs`` (index, seed pairs); runs in a worker, where the
    rules object is rebuilt from its variant name and options."""
    if not isinstance(rules, Rules):
        rules = zank.variant(rules[0], **rules[1])
    factories = [agent_factory(s) for s in specs]
    out = []
    for index, seed in jobs:
        order = _seat_order(len(specs), index, rotate)
        agents = [factories[i](seed * 64 + seat) for seat, i in enumerate(order)]
        start = time.perf_counter()
        record, final = play_game(rules, agents, seed, max_moves=max_moves)
        seconds = time.perf_counter() - start
        result = record.result
        out.append(
            GameStats(
                index=index,
                seed=seed,
                agents=tuple(agent_name(specs[i]) for i in order),
                winner=None if result is None else result.winner,
                points=(0,) * len(specs) if result is None else result.points,
                reason="stopped" if result is None else result.reason.value,
                moves=len(record.moves),
                turns=final.turn,
                seconds=seconds,
                record=record.to_dict() if keep_records else None,
            )
        )
    return out


def run(
    rules: Rules,
    agents: Sequence[AgentSpec],
    games: int,
    seed: int = 0,
    *,
    executor: Executor | None = None,
    chunk_size: int | None = None,
    rotate: bool = False,
    max_moves: int | None = None,
    keep_records: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> Simulation:
    """Play ``games`` seeded games of ``rules`` between ``agents`` (one spec per seat).

    Args:
        rules: the rules object; with an ``executor`` it must be a
            registered variant's, as the workers rebuild it from its name and
            options.
        agents: one agent spec per seat (see the module docs).
        games: how many games; game ``i`` is dealt with seed ``seed + i``.
        seed: the seed of the first game.
        executor: run the games on this executor (processes, a cluster);
            ``None`` plays them in this process.
        chunk_size: games per task given to the executor (a default that
            keeps the tasks few but the progress bar moving).
        rotate: rotate the agents through the seats, game ``i`` putting
            ``agents[(s + i) % n]`` in seat ``s``, so that no agent keeps
            the advantage of a seat.
        max_moves: stop a game after this many moves (then ``reason`` is
            ``"stopped"`` and there is no winner).
        keep_records: keep every game's record in :attr:`GameStats.record`.
        progress: called as ``progress(done, games)`` whenever games finish.

    Raises:
        ZankError: an agent spec is unknown or cannot play this variant.
    """
    if games < 0:
        raise ZankError(f"games must be >= 0, not {games}")
    specs = tuple(agents)
    rules.layout(len(specs))  # refuses a seat count the variant does not allow
    check_agents(rules, specs)
    jobs = [(i, seed + i) for i in range(games)]
    if chunk_size is None:
        chunk_size = max(1, min(64, games // 64))
    chunks = [jobs[i : i + chunk_size] for i in range(0, games, chunk_size)]
    start = time.perf_counter()
    results: list[GameStats] = []
    if executor is None:
        for chunk in chunks:
            results += _play_chunk(rules, specs, chunk, rotate, max_moves, keep_records)
            if progress is not None:
                progress(len(results), games)
    else:
        futures = [
            executor.submit(
                _play_chunk,
                (rules.name, rules.options),
                specs,
                chunk,
                rotate,
                max_moves,
                keep_records,
            )
            for chunk in chunks
        ]
        try:
            for fut in concurrent.futures.as_completed(futures):
                results += fut.result()
                if progress is not None:
                    progress(len(results), games)
        finally:
            for fut in futures:
                fut.cancel()
    results.sort(key=lambda g: g.index)
    return Simulation(
        variant=rules.name,
        options=rules.options,
        players=len(specs),
        agents=tuple(agent_name(s) for s in specs),
        seed=seed,
        games=tuple(results),
        seconds=time.perf_counter() - start,
    )
