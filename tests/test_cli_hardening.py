"""Issue 18, item 6: the ``zank`` command given hostile files and input.  Every case
used to print a traceback and exit 1 (or lose the game); each must end in one line
on standard error and exit status 2, or carry on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import zank
from zank.play import GameRecord


def run(
    *args: str, stdin: str | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "zank.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        input=stdin,
        cwd=cwd,
    )


def one_line_error(out: subprocess.CompletedProcess[str], words: str) -> None:
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert words in lines[0]
    assert len(lines[0]) < 400


@pytest.mark.parametrize(
    ("name", "content", "words"),
    [
        ("latin1.json", b'{"format": "zank-record", "tags": {"a": "\xe9"}}', "not UTF-8"),
        ("deep.json", b"[" * 100_000, "nested"),
        ("deep.jsonl", b'{"game": 5}\n' + b"[" * 100_000 + b"\n", "line 2"),
        ("big.json", b" " * 1_000_001, "longer than"),
        ("long.jsonl", b" " * 1_000_001, "line 1"),
    ],
)
def test_replay_of_a_hostile_file_is_one_line(
    tmp_path: Path, name: str, content: bytes, words: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    one_line_error(run("replay", str(path)), words)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_replay_of_dev_zero_stops_at_the_size_limit() -> None:
    one_line_error(run("replay", "/dev/zero"), "longer than")


def test_a_deeply_nested_option_is_one_line() -> None:
    one_line_error(run("show", "spite-and-malice", "--option", "x=" + "[" * 10_000), "nested")
    # a plain word is still a text value, JSON still JSON
    out = run("show", "zank", "--option", "call_window=every-move", "--option", "table_mode=true")
    assert out.returncode == 0, out.stderr


def test_agents_that_are_no_agents_are_one_line() -> None:
    out = run("simulate", "spite-and-malice", "--games", "1", "--agents", "builtins:print")
    one_line_error(out, "not an agent")


def test_play_save_into_a_missing_directory_fails_before_the_game(tmp_path: Path) -> None:
    save = tmp_path / "missing" / "game.json"
    out = run("play", "spite-and-malice", "--seed", "1", "--save", str(save), stdin="quit\n")
    one_line_error(out, "no directory")
    assert "your move" not in out.stdout  # refused before the first move, nothing lost


def test_a_record_that_cannot_be_saved_is_printed(tmp_path: Path) -> None:
    from zank._cli_play import _save

    record = GameRecord("spite-and-malice", {}, 1, 2, ("a-b1",), None)
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert not _save(record, str(tmp_path / "gone" / "x.json"))
    assert GameRecord.loads(out.getvalue()) == record
    assert "cannot write" in err.getvalue()


@pytest.mark.parametrize("answer", ["²", "5" * 5000, "٣", "1" * 20])
def test_strange_numbers_at_the_play_prompt_do_not_end_the_game(
    tmp_path: Path, answer: str
) -> None:
    save = tmp_path / "me.json"
    out = run(
        "play", "spite-and-malice", "--vs", "random", "--seed", "2", "--save", str(save),
        stdin=f"{answer}\n1\nquit\n",
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    assert "not possible" in out.stdout or "no move" in out.stdout
    record = GameRecord.load(save)
    assert len(record.moves) >= 1  # the move after the strange answer was played


def test_show_json_for_a_seat_prints_what_it_sees() -> None:
    out = run("show", "spite-and-malice", "--seed", "3", "--seat", "1", "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["format"] == "zank-observation"
    assert doc["player"] == 1
    assert "rng" not in doc
    assert doc["piles"]["p0.hand"] == [None] * 5  # the other hand is hidden
    state = zank.variant("spite-and-malice").new_game(seed=3)
    assert doc["piles"]["p1.hand"] == [str(zank.Card(c)) for c in state.pile("p1.hand")]
    assert set(doc["piles"]["draw"]) == {None}
    everything = json.loads(run("show", "spite-and-malice", "--seed", "3", "--json").stdout)
    assert everything["format"] == "zank-state"  # without --seat: the whole state, as before


# ------------------------------------------------- issue 36, items 1 and 2
def test_show_as_position_for_a_seat_is_refused() -> None:
    """Position text is the whole state (the other hand, the generator state):
    with ``--seat`` it is refused, not printed."""
    out = run("show", "spite-and-malice", "--seed", "3", "--seat", "0", "--as-position")
    one_line_error(out, "--as-position")
    assert out.stdout == ""
    state = zank.variant("spite-and-malice").new_game(seed=3)
    hidden = " ".join(str(zank.Card(c)) for c in state.pile("p1.hand"))
    assert hidden not in out.stderr
    whole = run("show", "spite-and-malice", "--seed", "3", "--as-position")  # no --seat: as before
    assert whole.returncode == 0, whole.stderr
    assert "rng=" in whole.stdout


def test_show_moves_for_a_seat_lists_only_that_seats_moves() -> None:
    rules = zank.variant("spite-and-malice")
    state = rules.new_game(seed=3)
    me = state.to_move
    assert me is not None
    other = run("show", "spite-and-malice", "--seed", "3", "--seat", str(1 - me), "--moves")
    assert other.returncode == 0, other.stderr
    line = other.stdout.strip().splitlines()[-1]
    assert line == f"legal moves: none for seat {1 - me} (seat {me} is to move)"
    mine = run("show", "spite-and-malice", "--seed", "3", "--seat", str(me), "--moves")
    assert mine.stdout.strip().splitlines()[-1] == "legal moves: " + " ".join(
        m.text for m in rules.legal_moves(state)
    )
