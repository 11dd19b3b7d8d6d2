"""Rewrite ``fingerprints.json``: the behaviour fingerprints of the pure-Python build.

``tests/test_compiled.py`` holds the compiled build to them: ``benchmarks/fingerprint.py``
(legal move lists, states, the rule ids of refusals, observations, JSON, results and
greedy choices along a seeded random game and two greedy games of every variant,
preset and seat count; the deep part at every :data:`DEEP_EVERY`-th state) run in the
compiled build must give these digests.  They are recorded once from the pure build
(``ZANK_PURE_PYTHON=1``), so that CI's compiled-wheel step runs only its own half of
what it compared before (the pure half took half of that test's time).

Run ``python tests/golden/regenerate_fingerprints.py`` only when the rules are *meant*
to change, with the golden lines (``regenerate_lines.py``), and say so in the changelog.
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys

PATH = pathlib.Path(__file__).with_name("fingerprints.json")
SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "benchmarks" / "fingerprint.py"
#: Random games per configuration (two greedy games are always played).
GAMES = 1
#: The refusals, observations and JSON of every this many states are hashed.
DEEP_EVERY = 32


def command(out: pathlib.Path) -> list[str]:
    """The command that writes the fingerprints of the running build to ``out``."""
    return [sys.executable, str(SCRIPT), "--games", str(GAMES), "--deep-every",
            str(DEEP_EVERY), "--out", str(out)]  # fmt: skip


def main() -> None:
    """Record the pure build's fingerprints in ``fingerprints.json`` (the built-in
    variants': a variant from another installed package is left out)."""
    env = {**os.environ, "ZANK_PURE_PYTHON": "1"}
    subprocess.run(command(PATH), check=True, env=env, stdout=subprocess.DEVNULL)
    import zank

    found = json.loads(PATH.read_text(encoding="utf-8"))
    built_in = {
        key: value
        for key, value in found.items()
        if zank.VARIANTS[key.split("/")[0]].__module__.startswith("zank.")
    }
    PATH.write_text(json.dumps(built_in, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {PATH}")


if __name__ == "__main__":
    main()
