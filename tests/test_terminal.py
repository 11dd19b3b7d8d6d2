"""What a new user sees in a terminal and a REPL.

* ``print(state)`` and ``print(observation)`` show the table of every variant,
  while ``repr`` stays one short line;
* ``python -m zank`` runs the command.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

import zank
from zank.core import Rules
from zank.render import text
from zank.svg import svg

from .strategies import all_presets, player_counts, preset_id

CASES = [
    pytest.param(rules, players, id=f"{preset_id(rules)}-{players}p")
    for rules in all_presets()
    for players in player_counts(rules)
]


@pytest.mark.parametrize(("rules", "players"), CASES)
def test_print_shows_the_table(rules: Rules, players: int) -> None:
    state = rules.new_game(seed=5, players=players)
    for _ in range(7):  # a few moves in, so that piles have moved
        state = rules.apply(state, rules.legal_moves(state)[-1])
    assert str(state) == text(state)
    assert str(state).startswith(f"{rules.name} · turn {state.turn} · ply 7")
    assert repr(state) == (
        f"<State {rules.name}, {players} players, turn {state.turn}, ply 7, "
        f"seat {state.to_move} to move>"
    )
    for seat in range(players):
        seen = rules.observe(state, seat)
        assert str(seen) == text(state, perspective=seat)
        assert seen._repr_svg_() == svg(state, perspective=seat)
        assert repr(seen).startswith(f"<Observation {rules.name}, player {seat} of {players}")
        assert len(repr(seen)) < 100


def test_repr_of_a_finished_game() -> None:
    rules = zank.variant("spite-and-malice", pay_off_size=1)
    state = rules.new_game(seed=2)
    while state.outcome is None:
        state = rules.apply(state, rules.legal_moves(state)[0])
    winner = state.outcome.winner
    end = "drawn" if winner is None else f"won by seat {winner}"
    assert repr(state).endswith(f", {end} ({state.outcome.reason.value})>")
    assert "Game over" in str(state)


def test_an_observation_without_rules_prints_its_repr() -> None:
    rules = zank.variant("spite-and-malice")
    seen = rules.observe(rules.new_game(seed=1), 0)
    bare = zank.Observation(
        player=seen.player,
        players=seen.players,
        piles=seen.piles,
        down=seen.down,
        to_move=seen.to_move,
        phase=seen.phase,
        info=seen.info,
        ply=seen.ply,
        turn=seen.turn,
        outcome=seen.outcome,
    )
    assert bare == seen  # the rules object is not part of what a seat sees
    assert str(bare) == repr(bare)
    assert repr(bare) == f"<Observation player 0 of 2, turn 1, ply 0, seat {seen.to_move} to move>"


def test_python_m_zank_runs_the_command() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "zank", "--help"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("usage: zank")
