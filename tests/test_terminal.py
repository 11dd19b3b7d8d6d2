"""What a new user sees in a terminal and a REPL.

* ``print(state)`` and ``print(observation)`` show the table of every variant,
  while ``repr`` stays one short line;
* ``python -m zank`` runs the command;
* a terminal whose encoding lacks the card symbols (cp1252, ASCII) gets suit
  letters and an ASCII frame instead of a ``UnicodeEncodeError``.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import zank
from zank.agents import RandomAgent
from zank.cli import main
from zank.core import Rules
from zank.render import text
from zank.render.text import to_ascii
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


def record_file(tmp_path: Path) -> Path:
    rules = zank.variant("spite-and-malice", pay_off_size=3)
    path = tmp_path / "game.json"
    zank.play(rules, [RandomAgent(1), RandomAgent(2)], seed=4).save(path)
    return path


def run_on_stream(monkeypatch: pytest.MonkeyPatch, encoding: str, *args: str) -> tuple[int, str]:
    """Run ``zank ARGS`` with standard output a stream of this encoding."""
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding=encoding)  # errors="strict", as a console's
    monkeypatch.setattr(sys, "stdout", stream)
    status = main(list(args))
    stream.flush()
    return status, raw.getvalue().decode(encoding)


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_show_and_replay_on_a_stream_without_card_symbols(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, encoding: str
) -> None:
    state = zank.variant("spite-and-malice").new_game(seed=3)
    status, out = run_on_stream(monkeypatch, encoding, "show", "spite-and-malice", "--seed", "3")
    assert status == 0
    drawing = to_ascii(text(state))
    if encoding == "cp1252":  # it has "·" and "×"; only what it lacks is replaced
        drawing = text(state).translate({ord(c): to_ascii(c) for c in "♣♦♥♠▒─▶"})
    assert out == drawing + "\n"
    assert "♠" not in out
    suit = "cdhs"[zank.Card(state.pile("p0.pay")[-1]).suit]
    assert re.search(rf"pay-off (10|[2-9AJQK]){suit} ×20", out.replace(" x20", " ×20"))

    status, out = run_on_stream(monkeypatch, encoding, "replay", str(record_file(tmp_path)))
    assert status == 0
    assert "seed 4" in out
    assert "Game over" in out


@pytest.mark.parametrize("command", ["show", "replay"])
def test_the_command_with_pythonioencoding_cp1252(tmp_path: Path, command: str) -> None:
    args = ["spite-and-malice"] if command == "show" else [str(record_file(tmp_path))]
    out = subprocess.run(
        [sys.executable, "-m", "zank", command, *args],
        capture_output=True,
        timeout=120,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "cp1252"},
    )
    assert out.returncode == 0, out.stderr.decode("cp1252")
    shown = out.stdout.decode("cp1252")
    assert "Player 0" in shown
    assert "--" in shown  # the frame, in ASCII


def test_simulate_shows_games_cut_by_max_moves_apart_from_draws(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "spite-and-malice", "--games", "3", "--max-moves", "10"]) == 0
    lines = capsys.readouterr().out.splitlines()
    stopped = [line.split() for line in lines if line.startswith("stopped ")]
    draws = [line.split() for line in lines if line.startswith("draws ")]
    assert stopped[0][1:3] == ["3", "3"]  # every game was cut after 10 moves
    assert draws[0][1:3] == ["0", "3"]
