"""The ladder: a round robin and its Bradley–Terry ratings (issue 33)."""

from __future__ import annotations

import math

import pytest

import zank
from zank.cli import main
from zank.errors import ZankError
from zank.ladder import bradley_terry, ladder

SMALL = zank.variant("spite-and-malice", pay_off_size=5)


def test_two_agents_get_the_closed_form_rating() -> None:
    """With two agents the fit is the log of the score ratio, its error 1/sqrt(n p q)."""
    theta, se = bradley_terry(2, {(0, 1): (2.0, 6.0)})
    assert theta[0] == 0.0
    assert theta[1] == pytest.approx(math.log(3))
    assert se[1] == pytest.approx(1 / math.sqrt(8 * 0.75 * 0.25))


def test_ratings_follow_the_scores_of_a_chain() -> None:
    """a < b < c in every meeting: the ratings come out in that order, and
    more games narrow the intervals."""
    few = {(0, 1): (1.0, 3.0), (1, 2): (1.0, 3.0), (0, 2): (0.5, 3.5)}
    theta, se = bradley_terry(3, few)
    assert theta[0] < theta[1] < theta[2]
    many = {k: (a * 10, b * 10) for k, (a, b) in few.items()}
    theta10, se10 = bradley_terry(3, many)
    assert theta10 == pytest.approx(theta, abs=1e-6)
    assert se10[2] < se[2]


def test_an_agent_without_games_is_refused() -> None:
    with pytest.raises(ZankError, match="at least one game"):
        bradley_terry(3, {(0, 1): (1.0, 1.0)})


def test_a_ladder_ranks_greedy_above_random() -> None:
    table = ladder(SMALL, ["random", "greedy"], games=12, seed=1)
    random_row, greedy_row = table.rows
    assert random_row.rating == 0.0
    assert greedy_row.low > 0, "greedy wins every game against random at pay_off_size=5"
    assert table.pairs[("random", "greedy")][1] == greedy_row.score
    assert "greedy" in table.table().splitlines()[1]


@pytest.mark.parametrize(
    ("agents", "games", "match"),
    [
        (["random"], 4, "two or more"),
        (["random", "random"], 4, "two or more"),
        (["random", "greedy"], 1, "2 games"),
    ],
)
def test_bad_ladders_are_refused(agents: list[str], games: int, match: str) -> None:
    with pytest.raises(ZankError, match=match):
        ladder(SMALL, agents, games)


def test_the_ladder_command_plays_on_the_executor_it_opens(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--executor dask --jobs 1`` plays on the one-worker cluster it opened
    (the games once went to this process whenever ``--jobs`` was 1); the process
    pool with one worker is ``None``, this process, as before."""
    import contextlib
    from concurrent.futures import ThreadPoolExecutor

    import zank.cli
    import zank.ladder

    opened: list[tuple[str, int | None]] = []
    given: list[object] = []
    pool = ThreadPoolExecutor(1)

    def fake_open(spec: str, workers: int | None = None) -> object:
        opened.append((spec, workers))
        return contextlib.nullcontext(None if spec == "process" else pool)

    real = zank.ladder.ladder

    def spy(*args: object, executor: object = None, **kwargs: object) -> object:
        given.append(executor)
        return real(*args, executor=None, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(zank.cli, "open_executor", fake_open)
    monkeypatch.setattr(zank.ladder, "ladder", spy)
    args = ["ladder", "spite-and-malice", "--option", "pay_off_size=5", "--games", "2"]
    assert main([*args, "--agents", "random,first", "--executor", "dask", "--jobs", "1"]) == 0
    assert main([*args, "--agents", "random,first"]) == 0
    capsys.readouterr()
    pool.shutdown()
    assert opened == [("dask", 1), ("process", 1)]
    assert given == [pool, None]


def test_the_ladder_command(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["ladder", "spite-and-malice", "--option", "pay_off_size=5", "--games", "2"]
    assert main([*args, "--agents", "random,first"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split()[:2] == ["agent", "rating"]
    assert main([*args, "--agents", "random"]) == 2
    assert "two or more" in capsys.readouterr().err
