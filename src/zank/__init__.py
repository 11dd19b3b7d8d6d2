"""zank: rules engines for Zank-Patience and Spite and Malice.

>>> import zank
>>> rules = zank.variant("spite-and-malice")
>>> state = rules.new_game(seed=7)
>>> while rules.result(state) is None:
...     state = rules.apply(state, rules.legal_moves(state)[0])
>>> rules.result(state).reason in zank.Termination
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from zank import _compiled

if _compiled.pure_requested():  # ZANK_PURE_PYTHON=1: before any compiled module
    _compiled.prefer_source()

from zank import core as _core
from zank import spite_malice as spite_malice  # a built-in variant: see below
from zank._version import __version__
from zank.cards import Card
from zank.core import (
    HIDDEN,
    Move,
    Observation,
    PileSpec,
    Result,
    Rules,
    State,
    Termination,
    Violation,
)
from zank.errors import (
    IllegalMove,
    InvalidState,
    NotationError,
    OptionError,
    PluginError,
    ZankError,
)

# The built-in variants: importing a variant's module registers its rules class
# in VARIANTS (zank.registry.register); the type checker's overloads of
# zank.variant stand in zank/registry.py.
from zank.family import classic as _classic  # noqa: F401
from zank.family import crapette as _crapette  # noqa: F401
from zank.family import detailed as _detailed  # noqa: F401
from zank.family import schikanieren as _schikanieren  # noqa: F401
from zank.family import zank104 as _zank104  # noqa: F401
from zank.play import GameRecord, play, replay
from zank.registry import VARIANTS, variant
from zank.serialize import dumps, loads

compiled: bool = _compiled.is_extension(_core)
"""``True`` when zank's hot modules run compiled (the binary wheel, built with
Cython from the same ``.py`` files), ``False`` for pure Python (the sdist, an
editable install, a platform without a wheel, or ``ZANK_PURE_PYTHON=1``)."""

if TYPE_CHECKING:
    from zank import render as render
    from zank import svg as svg
else:
    _LAZY = ("render", "svg")

    def __getattr__(name: str) -> object:
        # `zank.svg.svg(state)` and `zank.render.text(state)` work after a plain
        # `import zank`; the renderers are imported on first use only.
        if name in _LAZY:
            return importlib.import_module(f"zank.{name}")
        raise AttributeError(f"module 'zank' has no attribute {name!r}")


__all__ = [
    "HIDDEN",
    "VARIANTS",
    "Card",
    "GameRecord",
    "IllegalMove",
    "InvalidState",
    "Move",
    "NotationError",
    "Observation",
    "OptionError",
    "PileSpec",
    "PluginError",
    "Result",
    "Rules",
    "State",
    "Termination",
    "Violation",
    "ZankError",
    "__version__",
    "compiled",
    "dumps",
    "loads",
    "play",
    "replay",
    "variant",
]
