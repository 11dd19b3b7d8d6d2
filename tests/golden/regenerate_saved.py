"""Rewrite ``saved/``: saved state documents and game records of every variant.

For every registered variant (:func:`cases`: its default options, its presets that
shorten a game and its table presets), seeded random games are played and saved as
the library writes them:

* ``NAME-running.json``: the state after a few plies (in table mode: a state
  inside a call window where one occurs);
* ``NAME-REASON.json`` and ``NAME-REASON.record.json``: the final state and the
  record of the first seeded game that ended for that reason (``went-out``,
  ``blocked``, ``no-progress``, ``draw-pile-empty``), for every reason found among
  the seeds tried (random moves; greedy ones where random play wins no game).

``tests/test_saved_documents.py`` reads every file back, checks that writing it
again gives the same text (so a change of the format cannot pass silently: the
format version or a field's spelling) and replays every record to its saved
final state. Run ``python tests/golden/regenerate_saved.py`` only when the
format is *meant* to change (a new format version, say so in the changelog) or
when a variant or preset is added.
"""

from __future__ import annotations

import pathlib

import zank
from zank.agents import GreedyAgent
from zank.core import Rules, State
from zank.play import GameRecord
from zank.random import Rng

DIR = pathlib.Path(__file__).with_name("saved")
#: Seeds tried for the games of each ending.
SEEDS = range(1, 41)
#: A game longer than this is not kept (the files stay small).
MAX_PLIES = 2_000
#: The running state is saved after this many plies (or the first call window after it).
RUNNING_PLY = 12
#: The library version written into the records (the field is free text; fixed here
#: so that a release does not rewrite the fixtures).
LIBRARY = "fixture"


def cases() -> list[tuple[str, Rules, int]]:
    """(file name stem, rules, players) of every saved case: each variant's default
    options at its fewest and most seats, the presets that shorten a game (a small
    ``no_progress_turns`` or ``pay_off_size``, which give drawn and won games) and
    every table preset, at the fewest seats."""
    out = []
    for name, cls in sorted(zank.VARIANTS.items()):
        for players in sorted({cls.min_players, cls.max_players}):
            stem = name + (f"-{players}p" if players != 2 else "")
            out.append((stem, zank.variant(name), players))
        for i, options in enumerate(cls.presets):
            if "no_progress_turns" in options or "pay_off_size" in options:
                out.append((f"{name}-preset{i}", zank.variant(name, **options), cls.min_players))
        for i, options in enumerate(getattr(cls, "table_presets", ())):
            stem = f"{name}-table{i + 1}"
            out.append((stem, zank.variant(name, **options), cls.min_players))
    return out


def random_game(
    rules: Rules, players: int, seed: int, stop: int, greedy: bool = False
) -> tuple[list[str], State]:
    """The moves and the last state of the seeded game, stopped after ``stop`` plies:
    each move drawn from the legal moves by ``Rng(10 * seed + 7)``, or with ``greedy``
    chosen by :class:`~zank.agents.GreedyAgent` (seeded with ``seed``) for every seat."""
    state = rules.new_game(seed=seed, players=players)
    rng = Rng(10 * seed + 7)
    agent = GreedyAgent(seed) if greedy else None
    moves: list[str] = []
    while state.outcome is None and len(moves) < stop:
        legal = rules.legal_moves(state)
        if agent is None:
            move = legal[rng.below(len(legal))]
        else:
            assert state.to_move is not None
            move = agent.choose(rules, rules.observe(state, state.to_move), legal)
        state = rules.apply(state, move)
        moves.append(move.text)
    return moves, state


def running_state(rules: Rules, players: int) -> State:
    """A state a few plies into seed 1's game; in a window (phase > 0) if one comes soon."""
    _, state = random_game(rules, players, 1, RUNNING_PLY)
    if rules.options.get("table_mode"):
        for stop in range(RUNNING_PLY, 10 * RUNNING_PLY):
            _, candidate = random_game(rules, players, 1, stop)
            if candidate.phase and candidate.outcome is None:
                return candidate
    return state


def documents() -> dict[str, str]:
    """Every fixture file's name and text."""
    files: dict[str, str] = {}
    for stem, rules, players in cases():
        state = running_state(rules, players)
        files[f"{stem}-running.json"] = zank.dumps(state, indent=1) + "\n"
        found: set[str] = set()
        for greedy in (False, True):
            if greedy and "went-out" in found:
                break  # greedy play only where random play wins no game (spite and malice)
            for seed in SEEDS:
                moves, final = random_game(rules, players, seed, MAX_PLIES, greedy)
                if final.outcome is None:
                    continue
                kind = final.outcome.reason.value.replace(" ", "-")
                if kind in found:
                    continue
                found.add(kind)
                tags = {"moves": "greedy" if greedy else "random"}
                record = GameRecord(
                    rules.name,
                    rules.options,
                    seed,
                    players,
                    tuple(moves),
                    final.outcome,
                    LIBRARY,
                    tags,
                )
                files[f"{stem}-{kind}.json"] = zank.dumps(final, indent=1) + "\n"
                files[f"{stem}-{kind}.record.json"] = record.dumps(indent=1) + "\n"
    return files


def main() -> None:
    DIR.mkdir(exist_ok=True)
    for old in DIR.glob("*.json"):
        old.unlink()
    for name, body in sorted(documents().items()):
        (DIR / name).write_text(body, encoding="utf-8")
        print(name)


if __name__ == "__main__":
    main()
