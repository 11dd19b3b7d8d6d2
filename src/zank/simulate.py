"""Many seeded games between agents, in one process, on a pool or on a cluster.

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
example a Dask client's ``get_executor()`` or a :class:`~zank.executors.RayExecutor`), or
let :func:`~zank.executors.open_executor` make one from a name such as ``"dask://host:8786"``.

:func:`run` keeps every game in memory; :func:`stream` writes each game to a
JSON-lines (or CSV) file as it arrives and keeps only running totals
(a :class:`Tally`), so its memory does not grow with the number of games, and
it can resume a file that an interrupted run left behind.

Agents are named by *specs*: ``"random"``, ``"greedy"``, ``"first"``, the
search levels ``"search:easy"``, ``"search:medium"`` and ``"search:hard"``,
OpenSpiel's ``"openspiel-ismcts"`` and ``"openspiel-ismcts+zank"``, or
``"package.module:factory"`` — any importable callable that takes a seed and
returns an :class:`~zank.agents.Agent`.  Specs are plain strings so that they
travel to worker processes; a picklable callable works too.
"""

from __future__ import annotations

import contextlib
import csv
import functools
import importlib
import json
import math
import os
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import IO, Any

from attrs import define, field, frozen

import zank
from zank.agents.base import Agent, FirstMoveAgent, GreedyAgent, RandomAgent, greedy_policy_of
from zank.agents.openspiel import OPENSPIEL_AGENTS, check_openspiel, openspiel_agent
from zank.agents.search import LEVELS, SearchAgent
from zank.core import Rules
from zank.errors import ZankError, quote
from zank.executors import Executor, RayExecutor, open_executor
from zank.play import GameRecord, play_game

__all__ = [
    "AGENTS",
    "AgentSpec",
    "Executor",
    "GameStats",
    "RayExecutor",
    "Simulation",
    "Tally",
    "agent_factory",
    "agent_name",
    "check_agents",
    "open_executor",
    "percentile",
    "run",
    "stream",
    "wilson",
]

#: An agent given by name (see :data:`AGENTS`), ``"module:factory"``, or a
#: picklable callable ``factory(seed) -> Agent``.
AgentSpec = str | Callable[[int], Agent]


def _first(seed: int) -> Agent:
    return FirstMoveAgent()


def _search_level(level: str, seed: int) -> Agent:
    return SearchAgent.level(level, seed)


#: The agents known by name, each given by its factory ``factory(seed) -> Agent``:
#: ``search:LEVEL`` is :meth:`SearchAgent.level <zank.agents.SearchAgent.level>`
#: for each level of :data:`zank.agents.search.LEVELS`; ``openspiel-ismcts`` and
#: ``openspiel-ismcts+zank`` are OpenSpiel's ``ISMCTSBot`` (:mod:`zank.agents.openspiel`).
AGENTS: Mapping[str, Callable[[int], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "first": _first,
    **{f"search:{level}": functools.partial(_search_level, level) for level in LEVELS},
    **{name: functools.partial(openspiel_agent, name) for name in OPENSPIEL_AGENTS},
}


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
        ZankError: an unknown agent, ``greedy``, a search level or
            ``openspiel-ismcts+zank`` (whose rollouts play the greedy policy) for a
            variant that declares no greedy policy
            (:attr:`~zank.core.Rules.greedy_policy`), or an OpenSpiel bot without
            OpenSpiel installed.
    """
    for spec in specs:
        agent_factory(spec)
        if not isinstance(spec, str):
            continue
        if spec in OPENSPIEL_AGENTS:
            check_openspiel(spec)
        if spec in ("greedy", "openspiel-ismcts+zank") or spec.startswith("search:"):
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

    @classmethod
    def from_dict(cls, row: Mapping[str, Any]) -> GameStats:
        """The row that :meth:`to_dict` wrote (a JSON-lines row read back).

        >>> from zank.simulate import GameStats
        >>> row = {"game": 0, "seed": 7, "agents": ["random", "first"], "winner": 1,
        ...        "points": [0, 1], "reason": "pay-off", "moves": 80, "turns": 41}
        >>> GameStats.from_dict(row).winner
        1

        Raises:
            ZankError: a field is missing or has the wrong type.
        """
        if not isinstance(row, Mapping):
            raise ZankError(f"a game row must be a JSON object, not {type(row).__name__}")
        try:
            agents = row["agents"]
            points = row["points"]
            winner = row["winner"]
            reason = row["reason"]
            seconds = row.get("seconds", 0.0)
            record = row.get("record")
            if not (isinstance(agents, list) and all(isinstance(a, str) for a in agents)):
                raise ZankError("'agents' must be a list of names")
            if not (isinstance(points, list) and all(_is_int(p) for p in points)):
                raise ZankError("'points' must be a list of whole numbers")
            if not (winner is None or _is_int(winner)):
                raise ZankError("'winner' must be a seat number or null")
            if not isinstance(reason, str):
                raise ZankError("'reason' must be a string")
            if not isinstance(seconds, (int, float)) or isinstance(seconds, bool):
                raise ZankError("'seconds' must be a number")
            if not (record is None or isinstance(record, dict)):
                raise ZankError("'record' must be a JSON object")
            return cls(
                index=_whole(row["game"], "game"),
                seed=_whole(row["seed"], "seed"),
                agents=tuple(agents),
                winner=winner,
                points=tuple(points),
                reason=reason,
                moves=_whole(row["moves"], "moves"),
                turns=_whole(row["turns"], "turns"),
                seconds=float(seconds),
                record=record,
            )
        except KeyError as e:
            raise ZankError(f"a game row needs the field {e.args[0]!r}") from None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _whole(value: object, name: str) -> int:
    """``value`` if it is a whole number >= 0, else a :class:`ZankError` naming the field."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    raise ZankError(f"{name!r} must be a whole number >= 0, not {str(value)[:40]!r}")


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


def _hist_percentile(hist: Sequence[tuple[int, int]], n: int, q: float) -> float:
    """:func:`percentile` of the ``n`` values counted in ``hist`` ((value, count)
    pairs in increasing order), without listing them."""

    def nth(k: int) -> int:
        for value, count in hist:
            if k < count:
                return value
            k -= count
        raise IndexError(k)  # pragma: no cover - k < n always

    pos = (n - 1) * q / 100
    lo = math.floor(pos)
    hi = min(lo + 1, n - 1)
    low = nth(lo)
    return low + (nth(hi) - low) * (pos - lo)


@define
class Tally:
    """Running totals of a simulation's games: everything its summary needs,
    in memory that does not grow with the number of games (moves and turns
    per game are kept as counts per value, which gives exact percentiles).

    :func:`stream` returns one; :meth:`Simulation.tally` makes one of the
    games of a :func:`run`.  Its :meth:`summary` is the same text as
    :meth:`Simulation.summary` for the same games.

    Attributes:
        variant: the variant's name.
        options: its options.
        players: seats per game.
        agents: the agent names as given (seat order of game 0).
        seed: the seed of game 0.
        games: the games counted so far.
        played: of these, the games played by this process's run (the others
            were read back from the file of an interrupted run).
        played_moves: the moves of the games played.
        seconds: the wall-clock time of the games played.
    """

    variant: str
    options: dict[str, Any]
    players: int
    agents: tuple[str, ...]
    seed: int
    games: int = 0
    played: int = 0
    played_moves: int = 0
    seconds: float = field(default=0.0, eq=False)
    _wins: list[int] = field(init=False)
    _draws: int = field(init=False, default=0)
    _stopped: int = field(init=False, default=0)
    _agent_wins: dict[str, list[int]] = field(init=False, factory=dict)
    _moves: Counter[int] = field(init=False, factory=Counter)
    _turns: Counter[int] = field(init=False, factory=Counter)
    _seating: tuple[str, ...] | None = field(init=False, default=None)
    _rotated: bool = field(init=False, default=False)

    def __attrs_post_init__(self) -> None:
        self._wins = [0] * self.players

    def add(self, game: GameStats, *, played: bool = True) -> None:
        """Count one game; ``played=False`` for a game read back from a file."""
        self.games += 1
        if played:
            self.played += 1
            self.played_moves += game.moves
        if game.winner is None:
            self._draws += 1
            if game.reason == "stopped":
                self._stopped += 1
        else:
            self._wins[game.winner] += 1
        for seat, name in enumerate(game.agents):
            entry = self._agent_wins.setdefault(name, [0, 0])
            entry[1] += 1
            if game.winner == seat:
                entry[0] += 1
        self._moves[game.moves] += 1
        self._turns[game.turns] += 1
        if self._seating is None:
            self._seating = game.agents
        elif game.agents != self._seating:
            self._rotated = True

    def seat_wins(self) -> list[int]:
        """Wins per seat."""
        return list(self._wins)

    def draws(self) -> int:
        """Games without a winner."""
        return self._draws

    def stopped(self) -> int:
        """Games cut short by ``max_moves`` (counted among :meth:`draws` too)."""
        return self._stopped

    def agent_wins(self) -> dict[str, tuple[int, int]]:
        """Per agent name: (seats it won, seats it played), in the order of
        :attr:`agents` (see :meth:`Simulation.agent_wins`)."""
        order = [a for a in dict.fromkeys(self.agents) if a in self._agent_wins]
        order += [a for a in self._agent_wins if a not in order]
        return {a: (self._agent_wins[a][0], self._agent_wins[a][1]) for a in order}

    def summary(self) -> str:
        """A plain-text summary table: win rates with 95 % Wilson intervals,
        draws, moves and turns per game, and the speed of the games played."""
        n = self.games
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

        seat_agents = self._seating if self._seating is not None else self.agents
        for seat, wins in enumerate(self._wins):
            who = "" if self._rotated else f" {seat_agents[seat]}"
            lines.append(row(f"seat {seat}{who}"[:18], wins, n))
        for name, (wins, trials) in self.agent_wins().items():
            lines.append(row(f"agent {name}"[:18], wins, trials))
        # a game cut by max_moves has no result, so it is no draw either
        lines.append(row("draws", self._draws - self._stopped, n))
        if self._stopped:
            lines.append(row("stopped", self._stopped, n))
        lines.append("")
        lines.append(f"{'':18}{'mean':>7} {'min':>7} {'p10':>7} {'p50':>7} {'p90':>7} {'max':>7}")
        for label, counts in (("moves/game", self._moves), ("turns/game", self._turns)):
            if n:
                hist = sorted(counts.items())
                mean = sum(v * c for v, c in hist) / n
                qs = [_hist_percentile(hist, n, q) for q in (0, 10, 50, 90, 100)]
                lines.append(f"{label:18}{mean:7.1f} " + " ".join(f"{q:7.0f}" for q in qs))
        secs = self.seconds
        lines.append("")
        lines.append(
            f"speed     {self.played / secs if secs else 0.0:,.1f} games/s, "
            f"{self.played_moves / secs if secs else 0.0:,.0f} moves/s ({secs:.2f} s)"
        )
        return "\n".join(lines)


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

    def stopped(self) -> int:
        """Games cut short by ``max_moves`` (counted among :meth:`draws` too)."""
        return sum(1 for g in self.games if g.reason == "stopped")

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
        draws, moves and turns per game, and speed (see :meth:`Tally.summary`)."""
        return self.tally().summary()

    def tally(self) -> Tally:
        """The running totals of these games, as :func:`stream` keeps them."""
        tally = Tally(self.variant, self.options, self.players, self.agents, self.seed)
        for g in self.games:
            tally.add(g)
        tally.seconds = self.seconds
        return tally

    def write_jsonl(self, f: IO[str]) -> None:
        """Write one JSON object per game (see :meth:`GameStats.to_dict`)."""
        for g in self.games:
            f.write(json.dumps(g.to_dict(), ensure_ascii=False) + "\n")

    def write_csv(self, f: IO[str]) -> None:
        """Write one CSV row per game: game, seed, agents, winner, points, reason,
        moves, turns, seconds (agents and points joined by ``;``)."""
        w = csv.writer(f, lineterminator="\n")
        w.writerow(_CSV_COLUMNS)
        w.writerows(_csv_row(g) for g in self.games)

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
    # random and greedy agents in every seat: batched playouts, the same games
    policies = [_PLAYOUT_POLICY.get(f) for f in factories]
    out = []
    for index, seed in jobs:
        order = _seat_order(len(specs), index, rotate)
        start = time.perf_counter()
        if None in policies:
            agents = [factories[i](seed * 64 + seat) for seat, i in enumerate(order)]
            record, final = play_game(rules, agents, seed, max_moves=max_moves)
            turns = final.turn
        else:
            seats = [policies[i] or "" for i in order]
            record, turns = _played_out(rules, seats, seed, max_moves)
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
                turns=turns,
                seconds=seconds,
                record=record.to_dict() if keep_records else None,
            )
        )
    return out


#: The agents that :meth:`~zank.core.Rules.playouts` plays as its policies.
_PLAYOUT_POLICY: Mapping[object, str] = {RandomAgent: "random", GreedyAgent: "greedy"}


def _played_out(
    rules: Rules, policies: list[str], seed: int, max_moves: int | None
) -> tuple[GameRecord, int]:
    """The game of ``seed`` as :func:`~zank.play.play_game` plays it with these
    agents (the seeds of :mod:`zank.playouts` are theirs): its record and turns."""
    state = rules.new_game(seed=seed, players=len(policies))
    out = rules.playouts(state, 1, policy=policies, seed=seed, max_moves=max_moves, keep_moves=True)
    assert out.moves is not None
    moves = tuple(m.text for m in out.moves[0])
    record = GameRecord(rules.name, rules.options, seed, len(policies), moves, out.results[0])
    return record, out.turns[0]


def _default_chunk(games: int) -> int:
    """Games per task when none is asked for: few tasks, but a moving progress bar."""
    return max(1, min(64, games // 64))


def _chunks(
    games: int, seed: int, size: int, done: bytearray | None
) -> Iterator[list[tuple[int, int]]]:
    """The (index, seed) pairs of the games still to play, ``size`` at a time."""
    chunk: list[tuple[int, int]] = []
    for i in range(games):
        if done is not None and done[i]:
            continue
        chunk.append((i, seed + i))
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _workers(executor: Executor) -> int | None:
    """How many tasks ``executor`` runs at once, where it tells (else ``None``)."""
    for attr in ("workers", "_max_workers"):  # RayExecutor; the concurrent.futures pools
        n = getattr(executor, attr, None)
        if isinstance(n, int) and n > 0:
            return n
    nthreads = getattr(getattr(executor, "_client", None), "nthreads", None)
    if callable(nthreads):  # a Dask client's executor
        with contextlib.suppress(Exception):
            return sum(nthreads().values()) or None
    return None


def _in_flight(executor: Executor, in_flight: int | None) -> int:
    if in_flight is not None:
        if in_flight < 1:
            raise ZankError(f"in_flight must be >= 1, not {in_flight}")
        return in_flight
    n = _workers(executor)
    return max(8, 4 * n) if n else 64


def _played(
    rules: Rules,
    specs: tuple[AgentSpec, ...],
    chunks: Iterable[list[tuple[int, int]]],
    executor: Executor | None,
    in_flight: int | None,
    rotate: bool,
    max_moves: int | None,
    keep_records: bool,
) -> Iterator[list[GameStats]]:
    """Play ``chunks`` and yield their games chunk by chunk, in game order.

    On an executor at most ``in_flight`` chunks are submitted and not yet
    yielded: the next is submitted when the oldest is taken, so memory stays
    bounded however many games there are, and every worker has work queued.
    """
    if executor is None:
        for chunk in chunks:
            yield _play_chunk(rules, specs, chunk, rotate, max_moves, keep_records)
        return
    window = _in_flight(executor, in_flight)
    payload = (rules.name, rules.options)
    pending: deque[Any] = deque()
    try:
        for chunk in chunks:
            pending.append(
                executor.submit(_play_chunk, payload, specs, chunk, rotate, max_moves, keep_records)
            )
            if len(pending) >= window:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for fut in pending:
            fut.cancel()


def _check_run(
    rules: Rules, specs: tuple[AgentSpec, ...], games: int, chunk_size: int | None
) -> int:
    """Refuse a bad run before playing; the chunk size to use."""
    if games < 0:
        raise ZankError(f"games must be >= 0, not {games}")
    rules.layout(len(specs))  # refuses a seat count the variant does not allow
    check_agents(rules, specs)
    if chunk_size is None:
        return _default_chunk(games)
    if chunk_size < 1:
        raise ZankError(f"chunk_size must be >= 1, not {chunk_size}")
    return chunk_size


def run(
    rules: Rules,
    agents: Sequence[AgentSpec],
    games: int,
    seed: int = 0,
    *,
    executor: Executor | None = None,
    chunk_size: int | None = None,
    in_flight: int | None = None,
    rotate: bool = False,
    max_moves: int | None = None,
    keep_records: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> Simulation:
    """Play ``games`` seeded games of ``rules`` between ``agents`` (one spec per seat).

    Every game stays in memory, in :attr:`Simulation.games`; for long runs
    :func:`stream` writes them to a file instead and keeps only the totals.

    Args:
        rules: the rules object; with an ``executor`` it must be a
            registered variant's, as the workers rebuild it from its name and
            options.
        agents: one agent spec per seat (see the module docs).
        games: how many games; game ``i`` is dealt with seed ``seed + i``.
        seed: the seed of the first game.
        executor: run the games on this executor (processes, a cluster);
            ``None`` plays them in this process.
        chunk_size: games per task given to the executor (by default
            ``games // 64`` between 1 and 64, which keeps the tasks few but
            the progress bar moving; on a cluster a few hundred games per
            task hide the scheduling cost better).
        in_flight: at most this many tasks are submitted and not yet
            collected (by default four per worker where the executor tells
            its worker count, else 64).
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
    specs = tuple(agents)
    size = _check_run(rules, specs, games, chunk_size)
    start = time.perf_counter()
    results: list[GameStats] = []
    chunks = _chunks(games, seed, size, None)
    for stats in _played(
        rules, specs, chunks, executor, in_flight, rotate, max_moves, keep_records
    ):
        results += stats
        if progress is not None:
            progress(len(results), games)
    return Simulation(
        variant=rules.name,
        options=rules.options,
        players=len(specs),
        agents=tuple(agent_name(s) for s in specs),
        seed=seed,
        games=tuple(results),
        seconds=time.perf_counter() - start,
    )


def stream(
    rules: Rules,
    agents: Sequence[AgentSpec],
    games: int,
    seed: int = 0,
    *,
    out: str | os.PathLike[str] | None = None,
    resume: bool = False,
    executor: Executor | None = None,
    chunk_size: int | None = None,
    in_flight: int | None = None,
    rotate: bool = False,
    max_moves: int | None = None,
    keep_records: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> Tally:
    """Play the games of :func:`run`, writing each to ``out`` as it arrives.

    The games are the same as :func:`run`'s with the same arguments.  Each is
    written as one row, in game order, to ``out`` (CSV if the name ends in
    ``.csv``, else JSON lines as :meth:`GameStats.to_dict` gives them), and
    the file is flushed after every task, so an interrupted run loses at most
    the games still being played.  Only running totals stay in memory: the
    returned :class:`Tally` has the summary.

    With ``resume=True`` the games already in ``out`` (from an interrupted
    run with the same arguments) are counted and not played again; a last
    line cut short by the interruption is dropped and played again.  The
    final summary then equals an uninterrupted run's, except for the speed,
    which is that of the games played now.  A missing file starts from zero.

    The other arguments are those of :func:`run`; ``progress(done, games)``
    counts the games read back from ``out`` as done.

    Args:
        out: the file to write, or ``None`` for the totals only.
        resume: continue ``out`` instead of overwriting it.

    Raises:
        ZankError: as :func:`run`; and when resuming, a row of ``out`` that
            is not a game of this run (another seed, other agents, a game
            number beyond ``games``, a game written twice, a damaged line).
        OSError: ``out`` cannot be read or written.
    """
    specs = tuple(agents)
    size = _check_run(rules, specs, games, chunk_size)
    names = tuple(agent_name(s) for s in specs)
    tally = Tally(rules.name, rules.options, len(specs), names, seed)
    as_csv = out is not None and os.fspath(out).lower().endswith(".csv")
    if keep_records and as_csv:
        raise ZankError("game records go to a JSON-lines file, not to CSV")
    done: bytearray | None = None
    if resume:
        if out is None:
            raise ZankError("resume continues a file: give it as out")
        done = _read_back(out, as_csv, tally, games, seed, names, rotate)
    start = time.perf_counter()
    with contextlib.ExitStack() as stack:
        write = None
        if out is not None:
            fresh = not resume or not os.path.exists(out) or os.path.getsize(out) == 0
            f = stack.enter_context(open(out, "a" if resume else "w", encoding="utf-8", newline=""))
            write = _row_writer(f, as_csv, header=fresh)
        chunks = _chunks(games, seed, size, done)
        for stats in _played(
            rules, specs, chunks, executor, in_flight, rotate, max_moves, keep_records
        ):
            if write is not None:
                write(stats)
            for g in stats:
                tally.add(g)
            tally.seconds = time.perf_counter() - start
            if progress is not None:
                progress(tally.games, games)
    tally.seconds = time.perf_counter() - start
    return tally


def _row_writer(f: IO[str], as_csv: bool, *, header: bool) -> Callable[[list[GameStats]], None]:
    """A function that writes games as rows to ``f`` (CSV or JSON lines) and
    flushes it; with ``header`` a CSV file first gets the column names."""
    if as_csv:
        writer = csv.writer(f, lineterminator="\n")
        if header:
            writer.writerow(_CSV_COLUMNS)

        def write(stats: list[GameStats]) -> None:
            writer.writerows(_csv_row(g) for g in stats)
            f.flush()

    else:

        def write(stats: list[GameStats]) -> None:
            f.write("".join(json.dumps(g.to_dict(), ensure_ascii=False) + "\n" for g in stats))
            f.flush()

    return write


def _read_back(
    path: str | os.PathLike[str],
    as_csv: bool,
    tally: Tally,
    games: int,
    seed: int,
    names: tuple[str, ...],
    rotate: bool,
) -> bytearray:
    """Count the games of ``path`` into ``tally``; which games are done (one
    byte per game of the run).  A last line without its newline is cut off."""
    done = bytearray(games)
    if not os.path.exists(path):
        return done
    with open(path, "r+b") as f:
        kept = 0  # bytes of whole lines
        header = not as_csv
        for n, raw in enumerate(f, 1):
            if not raw.endswith(b"\n"):
                f.truncate(kept)  # cut short by the interruption: play it again
                break
            kept += len(raw)
            where = f"{os.fspath(path)}, line {n}"
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise ZankError(f"{where}: not UTF-8 text") from None
            if not line.strip():
                continue
            if not header:
                if next(csv.reader([line])) != _CSV_COLUMNS:
                    raise ZankError(f"{where}: not the header of a 'zank simulate' CSV file")
                header = True
                continue
            try:
                g = _csv_game(line) if as_csv else GameStats.from_dict(json.loads(line))
            except ValueError:
                raise ZankError(f"{where}: not valid JSON") from None
            except ZankError as e:
                raise ZankError(f"{where}: {e}") from None
            _check_row(g, where, games, seed, names, rotate)
            if done[g.index]:
                raise ZankError(f"{where}: game {g.index} is in the file twice")
            done[g.index] = 1
            tally.add(g, played=False)
    return done


def _check_row(
    g: GameStats, where: str, games: int, seed: int, names: tuple[str, ...], rotate: bool
) -> None:
    """Refuse a row that is not a game of this run."""
    if g.index >= games:
        raise ZankError(f"{where}: game {g.index} is beyond the {games} games of this run")
    if g.seed != seed + g.index:
        raise ZankError(
            f"{where}: game {g.index} was dealt with seed {g.seed}, but this run deals it "
            f"with seed {seed + g.index}: resume with the first run's seed"
        )
    seated = tuple(names[i] for i in _seat_order(len(names), g.index, rotate))
    if g.agents != seated or len(g.points) != len(names):
        raise ZankError(
            f"{where}: game {g.index} was played by {','.join(g.agents)[:60]}, but this run "
            f"seats {','.join(seated)[:60]}: resume with the first run's agents and rotation"
        )
    if g.winner is not None and g.winner >= len(names):
        raise ZankError(f"{where}: game {g.index} has no seat {g.winner}")


_CSV_COLUMNS = ["game", "seed", "agents", "winner", "points", "reason", "moves", "turns",
                "seconds"]  # fmt: skip


def _csv_row(g: GameStats) -> list[object]:
    """The CSV cells of a game (agents and points joined by ``;``)."""
    return [
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


def _csv_game(line: str) -> GameStats:
    """The game of a CSV row that :func:`_csv_row` wrote."""
    cells = next(csv.reader([line]))
    if len(cells) != len(_CSV_COLUMNS):
        raise ZankError(f"a row needs {len(_CSV_COLUMNS)} cells, not {len(cells)}")
    game, seed, agents, winner, points, reason, moves, turns, seconds = cells
    try:
        row = {
            "game": int(game),
            "seed": int(seed),
            "agents": agents.split(";"),
            "winner": None if winner == "" else int(winner),
            "points": [int(p) for p in points.split(";")] if points else [],
            "reason": reason,
            "moves": int(moves),
            "turns": int(turns),
            "seconds": float(seconds),
        }
    except ValueError:
        raise ZankError("a cell is not a number where one belongs") from None
    return GameStats.from_dict(row)
