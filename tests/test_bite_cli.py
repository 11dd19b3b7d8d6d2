"""``zank ladder`` played through, and where ``simulate`` and ``ladder`` run their games.

Issue 38, twelfth campaign, third worker (seed 43): ``test_cli_checks.py`` tested the
ladder's refusals only, so a ladder of exactly two agents could be refused and the
two-seat check could ask about one seat or three; and no test read which executor the
commands open (``--jobs``' documented defaults: 1 for the process pool, which then
plays in this process; one worker per CPU, ``None``, for a local cluster) and hand
to the games, nor ``--resume`` with an ``--out`` file whose name sorts before it.
The executor is replaced by a fake here: nothing starts.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from zank import cli
from zank.cli import main


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int | None]]:
    """The executors the command opens: (kind, jobs), each yielding a sentinel."""
    calls: list[tuple[str, int | None]] = []

    @contextmanager
    def fake(kind: str, jobs: int | None) -> Iterator[object]:
        calls.append((kind, jobs))
        yield SENTINEL

    monkeypatch.setattr(cli, "open_executor", fake)
    return calls


SENTINEL = object()


def test_a_ladder_of_two_agents_is_played(capsys: pytest.CaptureFixture[str]) -> None:
    args = "ladder spite-and-malice --agents random,greedy --games 2 --max-moves 6"
    status = main(args.split())
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    assert "random" in out
    assert "greedy" in out


@pytest.mark.parametrize(
    ("options", "jobs"),
    [
        # the process pool's default: one job (open_executor gives None for it: this
        # process plays; here the fake gives the sentinel, which the ladder gets)
        ([], 1),
        (["--jobs", "2"], 2),
        (["--jobs", "0"], None),  # one per CPU
        (["--executor", "dask"], None),  # a local cluster: one per CPU
        (["--executor", "ray"], None),  # ("ray" sorts after "process")
        # a one-worker cluster is played on, not skipped (it once was)
        (["--executor", "dask", "--jobs", "1"], 1),
    ],
)
def test_the_ladder_opens_the_executor_and_hands_it_on(
    monkeypatch: pytest.MonkeyPatch,
    opened: list[tuple[str, int | None]],
    capsys: pytest.CaptureFixture[str],
    options: list[str],
    jobs: int | None,
) -> None:
    seen: dict[str, Any] = {}

    class _Table:
        def table(self) -> str:
            return "the table"

    def fake_ladder(rules: object, names: list[str], games: int, seed: int, **kw: Any) -> _Table:
        seen.update(kw, names=names, games=games, seed=seed)
        return _Table()

    monkeypatch.setattr("zank.ladder.ladder", fake_ladder)
    # crapette is played by two only: the ladder's seat check must ask about two seats
    assert main(["ladder", "crapette", "--games", "3", *options]) == 0
    assert capsys.readouterr().out == "the table\n"
    kind = options[1] if options[:1] == ["--executor"] else "process"
    assert opened == [(kind, jobs)]
    assert seen["executor"] is SENTINEL
    assert (seen["names"], seen["games"], seen["seed"]) == (["random", "greedy"], 3, 0)


@pytest.mark.parametrize(
    ("options", "jobs", "passed"),
    [
        ([], 1, True),  # the process pool's default
        (["--executor", "dask"], None, True),  # a local cluster: one per CPU
        (["--executor", "ray"], None, True),  # ("ray" sorts after "process")
        (["--jobs", "3"], 3, True),
        (["--games", "1", "--jobs", "3"], 3, False),  # one game: played here
    ],
)
def test_simulate_opens_the_executor_of_its_jobs(
    monkeypatch: pytest.MonkeyPatch,
    opened: list[tuple[str, int | None]],
    capsys: pytest.CaptureFixture[str],
    options: list[str],
    jobs: int | None,
    passed: bool,
) -> None:
    seen: dict[str, Any] = {}

    class _Tally:
        def summary(self) -> str:
            return "the summary"

    def fake_stream(*args: Any, **kw: Any) -> _Tally:
        seen.update(kw)
        return _Tally()

    monkeypatch.setattr(cli, "stream", fake_stream)
    assert main(["simulate", "spite-and-malice", "--games", "2", *options]) == 0
    assert capsys.readouterr().out == "the summary\n"
    kind = options[1] if options[:1] == ["--executor"] else "process"
    assert opened == [(kind, jobs)]
    assert seen["executor"] is (SENTINEL if passed else None)


@pytest.mark.parametrize(("out", "resume"), [("a.jsonl", "b.jsonl"), ("b.jsonl", "a.jsonl")])
def test_resume_refuses_another_out_file_either_way(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, out: str, resume: str
) -> None:
    args = ["simulate", "spite-and-malice", "--games", "2"]
    args += ["--out", str(tmp_path / out), "--resume", str(tmp_path / resume)]
    assert main(args) == 2
    assert capsys.readouterr() == (
        "",
        "zank: error: --resume FILE goes on writing FILE: give no other --out\n",
    )


def test_an_os_error_without_an_out_file_is_not_taken_for_one(
    monkeypatch: pytest.MonkeyPatch, opened: list[tuple[str, int | None]]
) -> None:
    """``cannot write FILE`` names the ``--out`` file; without one, an ``OSError``
    (of a worker, say) goes on as it is."""

    def failing(*args: Any, **kw: Any) -> None:
        raise OSError(5, "the disk is on fire")

    monkeypatch.setattr(cli, "stream", failing)
    with pytest.raises(OSError, match="the disk is on fire"):
        main(["simulate", "spite-and-malice", "--games", "2"])
