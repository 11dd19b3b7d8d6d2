"""Which build of zank runs: the compiled modules of a binary wheel, or pure Python.

The binary wheel holds, beside every ``.py`` file, an extension module compiled
by Cython from the same file for each module of :data:`MODULES` (the build hook
``hatch_build.py`` reads that tuple).  Python's import system prefers an
extension module to a ``.py`` file of the same name, so the wheel runs compiled
by default.  Setting the environment variable ``ZANK_PURE_PYTHON=1`` before
``import zank`` makes :func:`prefer_source` put an import finder for source
files only in front of zank's package directories, and the ``.py`` files run
instead.  This module itself is never compiled (nor is ``zank/__init__.py``,
which calls it first).
"""

from __future__ import annotations

import os
import sys
from importlib.machinery import (
    BYTECODE_SUFFIXES,
    EXTENSION_SUFFIXES,
    SOURCE_SUFFIXES,
    FileFinder,
    SourceFileLoader,
    SourcelessFileLoader,
)
from types import ModuleType

#: The modules that the binary wheel compiles: the hot paths of ``legal_moves``,
#: ``apply`` and :meth:`~zank.core.Rules.playouts` (profiled with
#: ``benchmarks/bench.py --profile``), and the greedy policies with their
#: common loop (``zank.agents.base.best_move``), which the search agent's
#: rollouts play (most of a ``search:hard`` decision).
MODULES: tuple[str, ...] = (
    "zank.random",
    "zank.cards",
    "zank.core",
    "zank.spite_malice",
    "zank.family.fits",
    "zank.family.scan",
    "zank.family.seat",
    "zank.family.table",
    "zank.family.hand_pile",
    "zank.family.stock",
    "zank.family.detailed",
    "zank.family.zank104",
    "zank.family.crapette",
    "zank.family.classic_common",
    "zank.family.classic",
    "zank.family.manoeuvre",
    "zank.family.schikanieren",
    "zank.playouts",
    "zank.working",
    "zank._values",
    "zank.agents.base",
    "zank.agents.spite",
    "zank.family.greedy_classic",
    "zank.family.greedy_crapette",
    "zank.family.greedy_detailed",
    "zank.family.greedy_zank104",
)

#: The environment variable that forces pure Python (any value but ``""`` and ``"0"``).
PURE_ENV = "ZANK_PURE_PYTHON"

# as the import system spells the package directories (zank.__path__)
_HERE = os.path.dirname(__file__)


def pure_requested() -> bool:
    """Whether ``ZANK_PURE_PYTHON`` asks for pure Python."""
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def prefer_source() -> None:
    """Import zank's modules from their ``.py`` files even where an extension
    module of the same name lies beside them.

    The package directories get, in :data:`sys.path_importer_cache`, a finder
    that knows only source and bytecode files; it must run before any compiled
    module is imported (``zank/__init__.py`` calls it first).
    """
    dirs = {os.path.dirname(os.path.join(_HERE, *m.split(".")[1:])) for m in MODULES}
    for d in sorted(dirs):
        sys.path_importer_cache[d] = FileFinder(
            d, (SourceFileLoader, SOURCE_SUFFIXES), (SourcelessFileLoader, BYTECODE_SUFFIXES)
        )


def is_extension(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from a compiled extension module."""
    spec = getattr(module, "__spec__", None)
    origin = getattr(spec, "origin", None) or ""
    return origin.endswith(tuple(EXTENSION_SUFFIXES))
