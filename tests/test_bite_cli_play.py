"""``zank play``'s session (``zank._cli_play``): what its mutation sample found untested.

Found by mutation testing (issue 38, twelfth campaign, seed 43): no test gave a move
number of nine digits, a record directory that cannot be written, more than nine
moves (two-digit numbers in the columns), a terminal wide enough for more than eight
columns, a game without ``--seed`` (the seed drawn from four random bytes), or asked
whether ``board`` draws the table again.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from zank import _cli_play
from zank.cli import main
from zank.core import Move

from .test_cli_checks import _answers


def _terminal(monkeypatch: pytest.MonkeyPatch, columns: int) -> None:
    monkeypatch.setattr("shutil.get_terminal_size", lambda *a, **k: os.terminal_size((columns, 24)))


def test_a_move_number_has_at_most_nine_ascii_digits() -> None:
    assert _cli_play._is_move_number("1" * 9)
    assert not _cli_play._is_move_number("1" * 10)
    assert not _cli_play._is_move_number("²")
    assert not _cli_play._is_move_number("")


def test_a_save_directory_that_cannot_be_written_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # os.access, not the file's mode: the tests may run as root, who may write anywhere
    monkeypatch.setattr("zank._cli_play.os.access", lambda path, mode: False)
    save = tmp_path / "g.json"
    status = main(["play", "spite-and-malice", "--seed", "2", "--save", str(save)])
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    assert err == (
        f"zank: error: --save {str(save)!r}: the directory {str(tmp_path)!r} is not writable\n"
    )


def test_two_digit_move_numbers_widen_the_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    _terminal(monkeypatch, 80)
    moves = [Move(i, 0, 0, 0, "x") for i in range(10)]
    # the widest cell is "10) x", 5 wide: columns of 8, nine a line ((80 - 2) // 8),
    # eight at the most
    assert _cli_play._numbered(moves).splitlines() == [
        "  " + "".join(f"{i}) x".ljust(8) for i in range(1, 8)) + "8) x",
        "  " + "9) x".ljust(8) + "10) x",
    ]


def test_at_most_eight_columns_on_a_wide_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    _terminal(monkeypatch, 300)
    moves = [Move(i, 0, 0, 0, "x") for i in range(20)]
    lines = _cli_play._numbered(moves).splitlines()
    assert [line.count(") ") for line in lines] == [8, 8, 4]


def test_a_game_without_a_seed_draws_it_from_four_random_bytes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("zank._cli_play.os.urandom", lambda n: b"\xff" * n)
    _answers(monkeypatch, ["q"])
    status = main(["play", "spite-and-malice", "--save", str(tmp_path / "g.json")])
    out, _ = capsys.readouterr()
    assert status == 0
    assert out.startswith(f"zank spite-and-malice, seed {2**32 - 1}: you are seat 0 against")


def test_board_draws_the_table_and_the_moves_again(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["play", "spite-and-malice", "--seed", "2", "--save", str(tmp_path / "g.json")]
    _answers(monkeypatch, ["b", "q"])
    assert main(args) == 0
    board = capsys.readouterr()[0]
    _answers(monkeypatch, ["?", "q"])  # another command: the table is not drawn again
    assert main(args) == 0
    helped = capsys.readouterr()[0]
    header = "\nspite-and-malice · turn 1 · ply 0 · Player 0 to move\n"
    assert board.count(header) == 2
    assert board.count("\nyour moves:\n") == 2
    assert helped.count(header) == 1
    assert helped.count("\nyour moves:\n") == 1
