"""Golden lines: seeded random games of every variant play out exactly as pinned.

For every variant, option preset (``presets`` and ``table_presets``) and seat
count, ``tests/golden/lines.json`` holds the number of legal moves at every ply
of a few seeded random games and a hash of the state at regular plies and at
the end (``tests/golden/regenerate_lines.py`` says how they are made).  A
difference is reported perft-style: the first ply that differs, the move that
led there and the legal moves before and after it.
"""

from __future__ import annotations

import json

import pytest

import zank
from zank.core import Move, Rules, State

from .golden.regenerate_lines import (
    EVERY,
    PATH,
    SEEDS,
    configurations,
    key,
    state_hash,
    walk,
)
from .matrix import case_id

GOLDEN: dict[str, dict[str, dict[str, str]]] = json.loads(PATH.read_text(encoding="utf-8"))
CONFIGS = configurations()
CASES = [
    pytest.param(name, options, players, id=case_id(zank.variant(name, **options), players))
    for name, options, players in CONFIGS
]

#: One ply of a walk: the state, its legal moves and the move played from it.
Ply = tuple[State, tuple[Move, ...], "Move | None"]


def test_every_configuration_has_golden_lines() -> None:
    want = sorted(key(*config) for config in CONFIGS)
    assert sorted(GOLDEN) == want, "run tests/golden/regenerate_lines.py"
    assert all(sorted(GOLDEN[k]) == sorted(str(s) for s in SEEDS) for k in GOLDEN)


def moves_text(legal: tuple[Move, ...], played: Move | None = None) -> str:
    """The moves in notation, the one played in brackets."""
    return " ".join(f"[{m.text}]" if m is played else m.text for m in legal) or "(none)"


def first_difference(rules: Rules, players: int, seed: int, golden: dict[str, str]) -> str | None:
    """None if the game plays as pinned, else a perft-style report of the first
    ply whose legal-move count or state hash differs."""
    counts = [int(n) for n in golden["counts"].split()]
    hashes = golden["hashes"].split()
    end = len(counts) - 1
    checkpoints = [p for p in range(len(counts)) if p % EVERY == 0 or p == end]
    assert len(checkpoints) == len(hashes), "malformed golden line: rerun the regenerate script"
    want_hash = dict(zip(checkpoints, hashes, strict=True))
    matched = -1  # the last ply whose state hash matched
    before: Ply | None = None
    ply = -1
    for ply, now in enumerate(walk(rules, players, seed)):
        state, legal, _ = now
        wrong = []
        if ply > end:
            wrong.append(f"the game goes on past its pinned end at ply {end}")
        elif len(legal) != counts[ply]:
            wrong.append(f"{len(legal)} legal moves, expected {counts[ply]}")
        if ply in want_hash:
            got = state_hash(state)
            if got != want_hash[ply]:
                wrong.append(f"state hash {got}, expected {want_hash[ply]}")
            else:
                matched = ply
        if wrong:
            return report(ply, wrong, matched, before, now)
        before = now
    if ply < end:
        assert before is not None
        wrong = [f"the game ends; it is pinned to go on to ply {end}"]
        return report(ply, wrong, matched, None, before)
    return None


def report(ply: int, wrong: list[str], matched: int, before: Ply | None, now: Ply) -> str:
    """The first difference with the legal moves before and after it."""
    state, legal, _ = now
    lines = [f"first difference at ply {ply}: " + "; ".join(wrong)]
    if before is not None:
        played = moves_text(before[1], before[2])
        lines.append(f"  legal at ply {ply - 1} (played in brackets): {played}")
    lines.append(f"  legal at ply {ply}: {moves_text(legal)}")
    lines.append(f"  to_move={state.to_move} phase={state.phase} info={tuple(state.info)}")
    if matched >= 0:
        lines.append(f"  the counts before matched; the state hash last matched at ply {matched}")
    lines.append("  if the change is meant, rerun tests/golden/regenerate_lines.py")
    return "\n".join(lines)


@pytest.mark.parametrize(("name", "options", "players"), CASES)
def test_seeded_games_play_as_pinned(name: str, options: dict[str, object], players: int) -> None:
    rules = zank.variant(name, **options)
    for seed in SEEDS:
        golden = GOLDEN[key(name, options, players)][str(seed)]
        diff = first_difference(rules, players, seed, golden)
        if diff is not None:
            pytest.fail(f"{key(name, options, players)} seed {seed}:\n{diff}", pytrace=False)
