"""``zank simulate --resume``: a run killed mid-way by a signal goes on where it
stopped, and ends with the summary and the file of an uninterrupted run."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.simulate_checks import rows, without_speed, zank_command

GAMES = 400
COMMAND = (
    *("simulate", "spite-and-malice", "--option", "pay_off_size=8", "--games", str(GAMES)),
    *("--agents", "random,first", "--rotate", "--seed", "21", "--chunk", "2"),
)


def complete_lines(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


@pytest.mark.slow
@pytest.mark.parametrize(
    ("jobs", "sig"), [("1", signal.SIGKILL), ("2", signal.SIGKILL), ("1", signal.SIGTERM)]
)
def test_a_killed_run_resumes_to_the_uninterrupted_result(
    tmp_path: Path, jobs: str, sig: signal.Signals
) -> None:
    whole = tmp_path / "whole.jsonl"
    uninterrupted = zank_command(*COMMAND, "--out", str(whole))
    assert uninterrupted.returncode == 0, uninterrupted.stderr

    path = tmp_path / "games.jsonl"
    # its own session, so that the signal reaches the pool's workers too, as when
    # a job scheduler or a lost machine ends the whole run
    proc = subprocess.Popen(
        [sys.executable, "-m", "zank.cli", *COMMAND, "--jobs", jobs, "--out", str(path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 120
        while complete_lines(path) < 30 and proc.poll() is None:
            assert time.monotonic() < deadline, "the run wrote no games"
            time.sleep(0.01)
        assert proc.poll() is None, "the run ended before it could be killed"
        os.killpg(proc.pid, sig)
        assert proc.wait(timeout=60) == -sig
    finally:
        if proc.poll() is None:  # pragma: no cover - only when an assertion failed above
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    written = complete_lines(path)
    assert 30 <= written < GAMES

    resumed = zank_command(*COMMAND, "--jobs", jobs, "--resume", str(path))
    assert resumed.returncode == 0, resumed.stderr
    last = resumed.stdout.splitlines()[-1]
    assert last == f"wrote {GAMES - written} games to {path} ({written} were there already)"
    assert without_speed(resumed.stdout)[:-1] == without_speed(uninterrupted.stdout)[:-1]
    assert rows(path) == rows(whole)  # every game once, in game order


def test_interrupting_the_command_says_how_to_go_on(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "zank.cli", *COMMAND, "--out", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 120
    while complete_lines(path) < 10 and proc.poll() is None:
        assert time.monotonic() < deadline, "the run wrote no games"
        time.sleep(0.01)
    proc.send_signal(signal.SIGINT)  # Ctrl-C
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert f"run the same command with --resume {path}" in err
    assert "Traceback" not in err


def test_resume_and_out_must_name_one_file(tmp_path: Path) -> None:
    out = zank_command(
        *COMMAND, "--out", str(tmp_path / "a.jsonl"), "--resume", str(tmp_path / "b.jsonl")
    )
    assert out.returncode == 2
    assert "--resume FILE goes on writing FILE" in out.stderr


def test_resume_refuses_another_runs_file(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    first = zank_command(*COMMAND[:5], "10", "--out", str(path))
    assert first.returncode == 0, first.stderr
    other = zank_command(*COMMAND, "--resume", str(path))
    assert other.returncode == 2
    assert "line 1: game 0 was dealt with seed 0, but this run deals it with seed 21" in (
        other.stderr
    )
