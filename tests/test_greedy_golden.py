"""Greedy games pinned by digests: every decision of the greedy policies that the
binary wheel compiles (``zank.agents.spite``, ``zank.family.greedy_zank104``) is the
one the pure-Python policy made when the digests were recorded (2026-12-02, before
the policies were made faster and compiled).  A changed decision changes a digest.
CI runs this file in the compiled wheel's venv too (``.ci/run``'s ``WHEEL_TESTS``),
so it compares the compiled policies with the recorded pure ones."""

from __future__ import annotations

import hashlib

import pytest

import zank
from zank.agents import GreedyAgent

#: Spite and Malice: (options, seats) -> digest of the moves of seeds 0 to 2,
#: agent ``i`` seeded ``seed * 8 + i``.
SPITE_GAMES = {
    ((), 2): "ca3b1f94d6e8423f",
    ((), 4): "f32f37dc73403f3c",
    ((("jokers", True),), 2): "6982b81ff4509fb8",
    ((("jokers", True),), 4): "2c81cb9ba72917b6",
    ((("aces_immediately", True), ("unlimited_build_piles", True)), 2): "e3796401a7fd7b06",
    ((("aces_immediately", True), ("unlimited_build_piles", True)), 4): "c58b830bd4776f1a",
}

#: zank-104: options -> digest of the first 400 moves of seed 0.
ZANK104_GAMES = {
    (): "aecab284aedb7b86",
    (("stair_runs", True), ("table_mode", True)): "2db25afda9cd0fca",
}


def _digest(rules: zank.Rules, players: int, seeds: range, max_moves: int | None) -> str:
    digest = hashlib.sha256()
    for seed in seeds:
        agents = [GreedyAgent(seed * 8 + p) for p in range(players)]
        record = zank.play(rules, agents, seed=seed, max_moves=max_moves)
        digest.update(" ".join(record.moves).encode())
        digest.update(b"|")
    return digest.hexdigest()[:16]


@pytest.mark.parametrize(("options", "players"), sorted(SPITE_GAMES))
def test_spite_and_malice_greedy_games_keep_every_decision(
    options: tuple[tuple[str, bool], ...], players: int
) -> None:
    rules = zank.variant("spite-and-malice", **dict(options))
    assert _digest(rules, players, range(3), None) == SPITE_GAMES[(options, players)]


@pytest.mark.parametrize("options", sorted(ZANK104_GAMES))
def test_zank104_greedy_games_keep_every_decision(options: tuple[tuple[str, bool], ...]) -> None:
    rules = zank.variant("zank-104", **dict(options))
    assert _digest(rules, 2, range(1), 400) == ZANK104_GAMES[options]
