"""The ``zank`` command, run as a user runs it (in a subprocess)."""

from __future__ import annotations

import subprocess
import sys

import pytest


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "zank.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_variants_lists_every_variant_with_options() -> None:
    import zank

    out = run("variants")
    assert out.returncode == 0, out.stderr
    for name in zank.VARIANTS:
        assert name in out.stdout
    assert "--option pay_off_size=20" in out.stdout


def test_simulate_prints_a_summary() -> None:
    out = run("simulate", "spite-and-malice", "--games", "5", "--seed", "3")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert any(line.startswith("games     5 (seeds 3..7)") for line in lines)
    seats = [line for line in lines if line.startswith("seat ")]
    draws = [line for line in lines if line.startswith("draws")]
    wins = sum(int(line.split("wins")[1].split()[0]) for line in seats)
    assert wins + int(draws[0].split()[1]) == 5
    assert "moves/s" in out.stdout


def test_simulate_is_reproducible() -> None:
    a = run("simulate", "spite-and-malice", "--games", "3", "--option", "pay_off_size=5")
    b = run("simulate", "spite-and-malice", "--games", "3", "--option", "pay_off_size=5")
    strip = [line for line in a.stdout.splitlines() if not line.startswith("speed")]
    assert strip == [line for line in b.stdout.splitlines() if not line.startswith("speed")]
    assert '"pay_off_size": 5' in a.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("simulate", "chess"), "unknown variant"),
        (("simulate", "spite-and-malice", "--option", "pay_off_size=99"), "pay_off_size"),
        (("simulate", "spite-and-malice", "--option", "nonsense"), "NAME=VALUE"),
        (("simulate", "spite-and-malice", "--agents", "alien"), "unknown agent"),
        (("simulate", "spite-and-malice", "--players", "9"), "players"),
        (("simulate", "spite-and-malice", "--games", "-1"), "--games"),
        (("frobnicate",), "invalid choice"),
    ],
)
def test_bad_input_gives_a_one_line_error(args: tuple[str, ...], words: str) -> None:
    out = run(*args)
    assert out.returncode == 2
    assert words in out.stderr
    assert "Traceback" not in out.stderr
