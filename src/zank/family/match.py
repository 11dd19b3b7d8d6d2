"""Matches of several rounds, scored to a target (ZD-21).

"Spielt mehrere Runden. Wer zuerst eine vereinbarte Punktzahl erreicht, etwa
300, gewinnt."  :func:`play_match` plays rounds of a Zank-Patience variant
between two agents until one seat's total reaches the target; with
``who_begins="alternate"`` the beginner alternates from round to round
(:func:`round_rules`), otherwise every round decides it by its own deal.

>>> import zank
>>> from zank.agents import RandomAgent
>>> from zank.family.match import play_match
>>> match = play_match(zank.variant("zank-detailed"), [RandomAgent(1), RandomAgent(2)],
...                    target=60, seed=4)
>>> max(match.totals) >= 60 and match.winner == match.totals.index(max(match.totals))
True
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
from attrs import frozen

from zank.agents.base import Agent
from zank.core import Result, Rules
from zank.random import splitmix64

__all__ = ["MatchResult", "play_match", "round_rules", "round_seed"]


@frozen
class MatchResult:
    """A finished (or stopped) match.

    ``rounds`` has the :class:`~zank.core.Result` of every round in order and
    ``seeds`` the deal seed of each; ``totals`` is each seat's sum of points;
    ``winner`` is the first seat to reach the target (``None`` if
    ``max_rounds`` ran out first).
    """

    target: int
    rounds: tuple[Result, ...]
    seeds: tuple[int, ...]
    totals: tuple[int, ...]
    winner: int | None


def round_rules(rules: Rules, index: int) -> Rules:
    """The rules object of round ``index`` (0-based) of a match.

    With ``who_begins="alternate"`` the seat that begins alternates, starting
    with ``first_player`` in round 0; other rules objects are returned as they
    are.
    """
    if getattr(rules, "who_begins", None) != "alternate":
        return rules
    first = getattr(rules, "first_player", 0)
    return attrs.evolve(rules, first_player=(first + index) % 2)  # type: ignore[call-arg]


def round_seed(seed: int, index: int) -> int:
    """The deal seed of round ``index`` of a match played with ``seed``."""
    out, _ = splitmix64((seed + index * 0x9E3779B97F4A7C15) & ((1 << 64) - 1))
    return out


def play_match(
    rules: Rules,
    agents: Sequence[Agent],
    *,
    target: int = 300,
    seed: int = 0,
    max_rounds: int = 1000,
) -> MatchResult:
    """Play rounds between ``agents`` (one per seat) until a seat's total
    reaches ``target`` points (ZD-21).

    Each round is played with :func:`zank.play`; its deal seed is
    :func:`round_seed` of ``seed``, so a match replays exactly.
    """
    from zank.play import play

    if target < 1:
        raise ValueError(f"target must be at least 1, not {target}")
    results: list[Result] = []
    seeds: list[int] = []
    totals = [0] * len(agents)
    winner: int | None = None
    for index in range(max_rounds):
        s = round_seed(seed, index)
        record = play(round_rules(rules, index), agents, seed=s)
        assert record.result is not None
        results.append(record.result)
        seeds.append(s)
        for q, pts in enumerate(record.result.points):
            totals[q] += pts
        best = max(totals)
        if best >= target:
            winner = totals.index(best)
            break
    return MatchResult(target, tuple(results), tuple(seeds), tuple(totals), winner)
