"""What the simulation tests on every executor check: the games of a run on
an executor are the serial run's (same seeds, same records, same summary)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import zank
from zank.simulate import Executor, run, stream

RULES = zank.variant("spite-and-malice", pay_off_size=5)
AGENTS = ["random", "first"]


def without_speed(summary: str) -> list[str]:
    """A summary without its speed line, the only one that timing changes."""
    return [line for line in summary.splitlines() if not line.startswith("speed")]


def rows(path: Path) -> list[dict[str, Any]]:
    """The rows of a JSON-lines file, without their timing."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        del row["seconds"]
        out.append(row)
    return out


def check_run_matches_serial(executor: Executor, games: int = 24, chunk_size: int = 3) -> None:
    """:func:`run` on ``executor`` plays the serial games, records included."""
    kw: dict[str, Any] = {"seed": 7, "rotate": True, "keep_records": True}
    serial = run(RULES, AGENTS, games, **kw)
    remote = run(RULES, AGENTS, games, executor=executor, chunk_size=chunk_size, **kw)
    assert remote.games == serial.games
    assert [g.record for g in remote.games] == [g.record for g in serial.games]
    assert all(g.record is not None for g in remote.games)
    assert without_speed(remote.summary()) == without_speed(serial.summary())


def check_stream_matches_serial(executor: Executor, tmp_path: Path, games: int = 30) -> None:
    """:func:`stream` on ``executor`` writes the serial file, in game order, and
    resumes a file cut short the way the serial run does."""
    serial = stream(RULES, AGENTS, games, 2, out=tmp_path / "serial.jsonl")
    remote = stream(
        RULES, AGENTS, games, 2, out=tmp_path / "remote.jsonl", executor=executor, chunk_size=4
    )
    assert rows(tmp_path / "remote.jsonl") == rows(tmp_path / "serial.jsonl")
    assert [r["game"] for r in rows(tmp_path / "remote.jsonl")] == list(range(games))
    assert without_speed(remote.summary()) == without_speed(serial.summary())

    lines = (tmp_path / "serial.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:11]) + lines[11][:20], encoding="utf-8")
    resumed = stream(RULES, AGENTS, games, 2, out=cut, resume=True, executor=executor)
    assert (resumed.games, resumed.played) == (games, games - 11)
    assert rows(cut) == rows(tmp_path / "serial.jsonl")
    assert without_speed(resumed.summary()) == without_speed(serial.summary())


def zank_command(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """Run the ``zank`` command as a user does."""
    return subprocess.run(
        [sys.executable, "-m", "zank.cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


SIMULATE = (
    *("simulate", "spite-and-malice", "--option", "pay_off_size=5", "--games", "40"),
    *("--agents", "random,first", "--rotate", "--seed", "3"),
)


def check_command_matches_serial(tmp_path: Path, *executor_args: str) -> None:
    """``zank simulate`` with ``executor_args`` prints and writes the serial games."""
    serial = zank_command(*SIMULATE, "--out", str(tmp_path / "serial.jsonl"))
    remote = zank_command(*SIMULATE, "--out", str(tmp_path / "remote.jsonl"), *executor_args)
    assert serial.returncode == 0, serial.stderr
    assert remote.returncode == 0, remote.stderr
    same_file = remote.stdout.replace("remote.jsonl", "serial.jsonl")
    assert without_speed(same_file) == without_speed(serial.stdout)
    assert rows(tmp_path / "remote.jsonl") == rows(tmp_path / "serial.jsonl")
