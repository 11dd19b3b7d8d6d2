"""``benchmarks/mutation.toml`` against today's source: every module it names
exists, with its test files, and every equivalent mutant it lists names a line of
its module as the source stands (an entry whose line was rewritten no longer
leaves its mutant out, and its reason no longer speaks of the code: update the
entry to the new line, or remove it if the code is gone; MUTATION.md says which).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "benchmarks" / "mutation.toml"


def _config() -> dict[str, Any]:
    with CONFIG.open("rb") as f:
        config: dict[str, Any] = tomllib.load(f)
    return config


def test_every_module_and_test_file_exists() -> None:
    for name, module in _config()["modules"].items():
        assert (ROOT / module["path"]).is_file(), f"{name}: no file {module['path']}"
        for test in module["tests"]:
            path = test.split("::")[0]
            # mutation.py leaves a missing test file out silently: the module would
            # be measured against fewer tests than its entry says
            assert (ROOT / path).is_file(), f"{name}: no test file {path}"


def _names_a_line(entry: dict[str, Any], lines: list[str]) -> bool:
    if "line_prefix" in entry:
        return any(line.startswith(entry["line_prefix"]) for line in lines)
    at = [i for i, line in enumerate(lines) if line == entry["line"]]
    if "previous" in entry:
        at = [i for i in at if i > 0 and lines[i - 1] == entry["previous"]]
    return bool(at)


def test_every_equivalent_names_a_line_of_todays_source() -> None:
    config = _config()
    modules = config["modules"]
    stale = []
    for entry in config["equivalent"]:
        name = entry["module"]
        assert entry.get("reason"), f"{name}: an equivalent without a reason"
        paths = [m["path"] for m in modules.values()] if name == "*" else [modules[name]["path"]]
        sources = [(ROOT / p).read_text(encoding="utf-8").splitlines() for p in paths]
        if not any(_names_a_line(entry, [s.strip() for s in src]) for src in sources):
            stale.append(
                f"{name}: {entry['operator']} {entry.get('line', entry.get('line_prefix'))!r}"
            )
    assert not stale, "equivalents that name no line of today's source:\n" + "\n".join(stale)
