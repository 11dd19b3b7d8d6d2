"""Rewrite ``lines.json``: golden lines of seeded random games of every variant.

Like perft for chess engines: for every registered variant, every option set
of its ``presets`` and ``table_presets`` and every seat count it allows, a few
seeded games are played to their end, each move drawn from the legal moves by a
fixed :class:`zank.random.Rng`.  The record pins the number of legal moves at
every ply and a hash of the state every :data:`EVERY` plies and at the end.
``tests/test_golden_lines.py`` replays the games and names the first ply that
differs.

Run ``python tests/golden/regenerate_lines.py`` only when the rules are *meant*
to change (a new variant or preset, a documented change of a rule, or of the
order of legal moves), and say so in the changelog: the golden test exists to
catch accidental changes.
"""

from __future__ import annotations

import hashlib
import json
import pathlib
from collections.abc import Iterator
from typing import Any

import zank
from zank.core import Move, Rules, State
from zank.random import Rng

PATH = pathlib.Path(__file__).with_name("lines.json")
#: The deal seeds of the games of every configuration.
SEEDS = (0, 1)
#: A state hash every this many plies (and at the end of the game).
EVERY = 25
#: No game of any variant comes near this; it only stops a runaway game.
MAX_PLIES = 100_000


def configurations() -> list[tuple[str, dict[str, Any], int]]:
    """(variant, options, players) of every variant, option set and seat count."""
    out = []
    for name, cls in sorted(zank.VARIANTS.items()):
        for options in [*cls.presets, *getattr(cls, "table_presets", ())]:
            for players in range(cls.min_players, cls.max_players + 1):
                out.append((name, dict(options), players))
    return out


def key(name: str, options: dict[str, Any], players: int) -> str:
    """The key of a configuration in ``lines.json``: ``name {options} Np``."""
    return f"{name} {json.dumps(options, sort_keys=True)} {players}p"


def describe(state: State) -> str:
    """A canonical text of everything a state holds but its rules object.

    Plain JSON of ints and strings, so the text (and its hash) is the same on
    every platform and Python version and does not depend on ``hash()``.
    """
    out = state.outcome
    result = None if out is None else [out.winner, [int(p) for p in out.points], out.reason.value]
    doc = [
        [[int(c) for c in pile] for pile in state.piles],
        [int(d) for d in state.down],
        state.to_move,
        int(state.phase),
        [int(x) for x in tuple(state.info)],
        int(state.rng),
        state.ply,
        state.turn,
        result,
    ]
    return json.dumps(doc, separators=(",", ":"))


def state_hash(state: State) -> str:
    """The first 16 hex digits of the SHA-256 of :func:`describe`."""
    return hashlib.sha256(describe(state).encode()).hexdigest()[:16]


def move_rng(seed: int) -> Rng:
    """The generator that picks the moves of the game dealt with ``seed``."""
    return Rng(7919 * seed + 12345)


def walk(
    rules: Rules, players: int, seed: int
) -> Iterator[tuple[State, tuple[Move, ...], Move | None]]:
    """(state, legal moves, move played) at every ply of one seeded random
    game, to its end (where no move is played)."""
    state = rules.new_game(seed=seed, players=players)
    rng = move_rng(seed)
    for _ in range(MAX_PLIES):
        legal = rules.legal_moves(state)
        if not legal:
            yield state, legal, None
            return
        move = legal[rng.below(len(legal))]
        yield state, legal, move
        state = rules.apply(state, move)
    raise RuntimeError(f"{rules.name} seed {seed}: no end after {MAX_PLIES} plies")


def line(rules: Rules, players: int, seed: int) -> dict[str, str]:
    """The golden record of one game: legal-move counts and state hashes."""
    counts: list[str] = []
    hashes: list[str] = []
    for ply, (state, legal, _) in enumerate(walk(rules, players, seed)):
        counts.append(str(len(legal)))
        if ply % EVERY == 0 or not legal:
            hashes.append(state_hash(state))
    return {"counts": " ".join(counts), "hashes": " ".join(hashes)}


def build() -> dict[str, dict[str, dict[str, str]]]:
    """Golden lines of every configuration, keyed by :func:`key` and seed."""
    out = {}
    for name, options, players in configurations():
        rules = zank.variant(name, **options)
        out[key(name, options, players)] = {str(seed): line(rules, players, seed) for seed in SEEDS}
    return out


if __name__ == "__main__":
    PATH.write_text(json.dumps(build(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {PATH}")
