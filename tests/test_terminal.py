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
import zank.registry
from zank._summaries import headline, rules_page, summary
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


def python(*args: str, encoding: str = "utf-8", **env: str) -> subprocess.CompletedProcess[str]:
    """Run ``python ARGS`` in a subprocess (with extra environment variables)."""
    return subprocess.run(
        [sys.executable, *args],
        capture_output=True,
        encoding=encoding,
        timeout=120,
        check=False,
        env={**os.environ, **env},
    )


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
    out = python("-m", "zank", "--help")
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
    # the child writes cp1252; this side reads it back as cp1252
    out = python("-m", "zank", command, *args, encoding="cp1252", PYTHONIOENCODING="cp1252")
    assert out.returncode == 0, out.stderr
    shown = out.stdout
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


# ------------------------------------------------ the variants, in a few lines
@pytest.mark.parametrize("name", sorted(zank.VARIANTS))
def test_every_variant_has_a_plain_text_summary_whose_moves_exist(name: str) -> None:
    text = summary(name)
    assert text.isascii()  # shows on any terminal
    assert all(len(line) <= 79 for line in text.splitlines())
    assert not re.search(r"``|>>>|:[a-z]+:`|seed|[A-Z]{2,}_", text)  # no markup, no internals
    assert headline(name) == text.splitlines()[0]
    assert rules_page(name) == f"https://zank.readthedocs.io/en/latest/rules/{name}.html"
    rules = zank.variant(name)
    examples = [
        re.split(r"\s{2,}", line.strip())[0]
        for line in text.split("\nMoves", 1)[1].splitlines()[1:]
    ]
    assert len(examples) >= 3
    for move in examples:
        assert move.lower() in rules._by_text, f"{move!r} is not a move of {name}"


def test_a_variant_without_a_summary_shows_its_docstring(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Private(type(zank.variant("spite-and-malice"))):  # type: ignore[misc]
        """A house variant, made up for this test. It has a second sentence."""

    monkeypatch.setitem(zank.registry._registry, "house-rules", Private)
    assert headline("house-rules") == "A house variant, made up for this test."
    assert summary("house-rules").startswith("A house variant, made up for this test. It has")
    assert rules_page("house-rules") is None


def test_play_help_shows_the_summary_and_the_rules_page(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    answers = ["help"]

    def typed(prompt: str) -> str:  # "help", then Ctrl-D
        print(prompt, end="")
        if not answers:
            raise EOFError
        return answers.pop()

    monkeypatch.setattr("builtins.input", typed)
    save = tmp_path / "game.json"
    assert main(["play", "zank-104", "--seed", "3", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    help_text = out.split("your move> ", 1)[1]
    assert summary("zank-104") in help_text
    assert "https://zank.readthedocs.io/en/latest/rules/zank-104.html" in help_text
    assert not re.search(r"``|>>>|seed ``|MAX_SEED_TIES|docs/rules", help_text)
    assert save.exists()


def test_variants_lists_the_headlines() -> None:
    out = python("-m", "zank", "variants")
    assert out.returncode == 0, out.stderr
    for name in zank.VARIANTS:
        assert f" {headline(name)}" in out.stdout
    assert "seed" not in out.stdout  # the rules documents are not "seeds" to a player


def test_the_renderers_are_reachable_after_a_plain_import_zank() -> None:
    program = (
        "import sys, zank\n"
        "assert 'zank.svg' not in sys.modules  # imported on first use only\n"
        "state = zank.variant('spite-and-malice').new_game(seed=1)\n"
        "assert zank.svg.svg(state).startswith('<svg')\n"
        "assert zank.render.text(state).startswith('spite-and-malice')\n"
        "try:\n"
        "    zank.nothing\n"
        "except AttributeError as e:\n"
        "    print(e)\n"
    )
    out = python("-c", program)
    assert out.returncode == 0, out.stderr
    assert out.stdout == "module 'zank' has no attribute 'nothing'\n"
