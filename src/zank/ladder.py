"""A ladder: a round robin between agents and their Bradley–Terry ratings.

:func:`ladder` plays every pair of agents against each other with
:func:`zank.simulate.run` (seats rotated) and fits one rating per agent with
the Bradley–Terry model: the chance that ``a`` beats ``b`` is
``1 / (1 + 10 ** ((rating_b - rating_a) / 400))``, the scale of Elo ratings.
A draw counts half a win for each side; every pair also gets one virtual
draw, so that an agent that won every game has a finite rating (a weak prior
that pulls ratings towards each other a little).  The first agent is the
anchor at 0; each other rating has a 95 % interval from the curvature of the
likelihood (its standard error relative to the anchor).

>>> import zank
>>> from zank.ladder import ladder
>>> rules = zank.variant("spite-and-malice", pay_off_size=5)
>>> table = ladder(rules, ["random", "greedy"], games=10, seed=1)
>>> [row.agent for row in table.rows]
['random', 'greedy']
>>> table.rows[1].rating > 0 == table.rows[0].rating
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from attrs import frozen

from zank.core import Rules
from zank.errors import ZankError
from zank.executors import Executor
from zank.simulate import AgentSpec, agent_name, run

__all__ = ["Ladder", "LadderRow", "bradley_terry", "ladder"]

_Z95 = 1.959964
_ELO = 400 / math.log(10)


@frozen
class LadderRow:
    """One agent's line of a :class:`Ladder`.

    Attributes:
        agent: the agent's name.
        rating: its Bradley–Terry rating on the Elo scale (the first agent 0).
        low: the low end of the rating's 95 % interval.
        high: the high end.
        score: the points it scored (a win 1, a draw ½) and the games it played.
        games: the games it played.
    """

    agent: str
    rating: float
    low: float
    high: float
    score: float
    games: int


@frozen
class Ladder:
    """What :func:`ladder` returns: one row per agent, in the order given.

    Attributes:
        variant: the variant's name.
        rows: the agents' ratings.
        pairs: per pair of agent names ``(a, b)``: ``a``'s wins, ``b``'s
            wins and the draws.
    """

    variant: str
    rows: tuple[LadderRow, ...]
    pairs: dict[tuple[str, str], tuple[int, int, int]]

    def table(self) -> str:
        """The ratings as a text table, strongest first."""
        lines = [f"{'agent':16}{'rating':>8}   95% interval     score"]
        for row in sorted(self.rows, key=lambda r: -r.rating):
            lines.append(
                f"{row.agent:16}{row.rating:8.0f}   [{row.low:6.0f}, {row.high:6.0f}]  "
                f"{row.score:6.1f} of {row.games}"
            )
        return "\n".join(lines)


def bradley_terry(
    n: int, results: dict[tuple[int, int], tuple[float, float]]
) -> tuple[list[float], list[float]]:
    """Fit Bradley–Terry strengths to pairwise scores.

    ``results[(i, j)] = (s_i, s_j)``: the points each of the pair scored
    against the other (``i < j``; a draw gives ½ to each).  Returns the log
    strengths (the first 0) and their standard errors relative to the first
    (0 for the first), by Newton's method on the log-likelihood.

    >>> from zank.ladder import bradley_terry
    >>> theta, se = bradley_terry(2, {(0, 1): (3.0, 1.0)})
    >>> round(theta[1], 3), round(se[1], 3)
    (-1.099, 1.155)

    Raises:
        ZankError: an agent who played no game, or a pair out of range.
    """
    games = [[0.0] * n for _ in range(n)]
    wins = [0.0] * n
    for (i, j), (si, sj) in results.items():
        if not (0 <= i < n and 0 <= j < n and i != j):
            raise ZankError(f"a pair of agents out of range: {(i, j)}")
        games[i][j] += si + sj
        games[j][i] += si + sj
        wins[i] += si
        wins[j] += sj
    if any(sum(row) == 0 for row in games):
        raise ZankError("every agent must have played at least one game")
    theta = [0.0] * n
    info: list[list[float]] = []
    for _ in range(100):
        grad = [0.0] * n
        info = [[0.0] * n for _ in range(n)]
        for i in range(n):
            grad[i] = wins[i]
            for j in range(n):
                if i == j or not games[i][j]:
                    continue
                p = 1 / (1 + math.exp(theta[j] - theta[i]))
                grad[i] -= games[i][j] * p
                w = games[i][j] * p * (1 - p)
                info[i][i] += w
                info[i][j] -= w
        # the first agent is the anchor: solve for the others
        step = _solve([row[1:] for row in info[1:]], grad[1:])
        for k, d in enumerate(step, start=1):
            theta[k] += d
        if max((abs(d) for d in step), default=0.0) < 1e-10:
            break
    cov = _inverse([row[1:] for row in info[1:]])
    se = [0.0] + [math.sqrt(max(cov[k][k], 0.0)) for k in range(n - 1)]
    return theta, se


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (Gaussian elimination with partial pivoting)."""
    m = len(b)
    rows = [[*a[i], b[i]] for i in range(m)]
    for col in range(m):
        pivot = max(range(col, m), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        if abs(rows[col][col]) < 1e-300:
            raise ZankError("the ratings cannot be fitted: a group of agents never met the others")
        for r in range(m):
            if r != col:
                f = rows[r][col] / rows[col][col]
                for c in range(col, m + 1):
                    rows[r][c] -= f * rows[col][c]
    return [rows[i][m] / rows[i][i] for i in range(m)]


def _inverse(a: list[list[float]]) -> list[list[float]]:
    m = len(a)
    cols = [_solve(a, [1.0 if r == c else 0.0 for r in range(m)]) for c in range(m)]
    return [[cols[c][r] for c in range(m)] for r in range(m)]


def ladder(
    rules: Rules,
    agents: Sequence[AgentSpec],
    games: int,
    seed: int = 0,
    *,
    executor: Executor | None = None,
    chunk_size: int | None = None,
    max_moves: int | None = None,
) -> Ladder:
    """Play a round robin of two-seat games and fit the agents' ratings.

    Every pair of ``agents`` plays ``games`` games with
    :func:`zank.simulate.run` (seats rotated, game ``i`` dealt with seed
    ``seed + i``, the same deals for every pair), on ``executor`` if one is
    given (``chunk_size`` games per task).  A game stopped by ``max_moves`` counts as a draw.

    Raises:
        ZankError: fewer than two agents, two agents of one name, ``games``
            below 2, or what :func:`zank.simulate.run` refuses.
    """
    names = [agent_name(a) for a in agents]
    if len(names) < 2 or len(set(names)) != len(names):
        raise ZankError(f"a ladder needs two or more agents of different names, not {names}")
    if games < 2:
        raise ZankError(f"a ladder needs at least 2 games a pair (seats rotated), not {games}")
    results: dict[tuple[int, int], tuple[float, float]] = {}
    pairs: dict[tuple[str, str], tuple[int, int, int]] = {}
    for i, j in itertools.combinations(range(len(agents)), 2):
        sim = run(
            rules,
            [agents[i], agents[j]],
            games,
            seed,
            rotate=True,
            executor=executor,
            chunk_size=chunk_size,
            max_moves=max_moves,
        )
        won = sim.agent_wins()
        wi, wj = won[names[i]][0], won[names[j]][0]
        draws = games - wi - wj
        pairs[(names[i], names[j])] = (wi, wj, draws)
        results[(i, j)] = (wi + draws / 2 + 0.5, wj + draws / 2 + 0.5)  # one virtual draw
    theta, se = bradley_terry(len(names), results)
    rows = []
    for k, name in enumerate(names):
        score = 0.0
        played = 0
        for (a, b), (wa, wb, d) in pairs.items():
            if name in (a, b):
                score += (wa if name == a else wb) + d / 2
                played += wa + wb + d
        rating = theta[k] * _ELO
        half = _Z95 * se[k] * _ELO
        rows.append(LadderRow(name, rating, rating - half, rating + half, score, played))
    return Ladder(rules.name, tuple(rows), pairs)
