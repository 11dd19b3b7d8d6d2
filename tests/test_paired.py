"""``benchmarks/paired.py``: two strength runs compared game by game (issue 33)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from .scripts import BENCHMARKS, load_script


@pytest.fixture(scope="module")
def paired() -> ModuleType:
    return load_script(BENCHMARKS / "paired.py", "zank_paired")


def test_the_sign_test_is_the_exact_binomial_tail(paired: ModuleType) -> None:
    assert paired.sign_test(5, 0) == 2 / 32
    assert paired.sign_test(0, 5) == 2 / 32
    assert paired.sign_test(10, 2) == pytest.approx(2 * (1 + 12 + 66) / 4096)
    assert paired.sign_test(3, 3) == 1.0
    assert paired.sign_test(0, 0) == 1.0


def _write(path: Path, results: list[str]) -> str:
    lines = ["spite-and-malice: a header line the comparison skips"]
    for i, winner in enumerate(results):
        lines.append(f"game {i}: seed {100 + i // 2}, x in seat {i % 2}: {winner}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def test_the_games_are_compared_by_the_first_agents_result(
    paired: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A: won, won, drawn, lost; B: lost, won, lost, won (the seat alternates 0, 1)
    a = _write(tmp_path / "a.txt", ["0", "1", "None", "0"])
    b = _write(tmp_path / "b.txt", ["1", "1", "1", "1"])
    assert paired.outcomes(a) == {
        0: (100, "won"),
        1: (100, "won"),
        2: (101, "drawn"),
        3: (101, "lost"),
    }
    paired.main([a, b])
    out = capsys.readouterr().out
    assert "A: 4 games: 2 won, 1 lost, 1 drawn" in out
    assert "B: 4 games: 2 won, 2 lost, 0 drawn" in out
    assert "decided differently: 3; A won where B lost: 1; B won where A lost: 1" in out
    assert "p = 1.0000" in out


def test_runs_of_other_deals_are_refused(paired: ModuleType, tmp_path: Path) -> None:
    a = _write(tmp_path / "a.txt", ["0", "1"])
    other = tmp_path / "b.txt"
    other.write_text("game 0: seed 7, x in seat 0: 0\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="deal 100 in one run and 7"):
        paired.main([a, str(other)])
