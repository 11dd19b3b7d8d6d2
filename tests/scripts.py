"""The project's scripts (``benchmarks/``, ``examples/``) loaded as modules, for
the tests that check them."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT / "benchmarks"


def load_script(path: Path, name: str, *, register: bool = False) -> ModuleType:
    """The file ``path`` run as module ``name``; with ``register`` it is put in
    ``sys.modules`` first (for a module that names itself, as a plugin does)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    if register:
        sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
