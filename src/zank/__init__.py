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
from typing import TYPE_CHECKING, Any, Literal, overload

from zank import _compiled

if _compiled.pure_requested():  # ZANK_PURE_PYTHON=1: before any compiled module
    _compiled.prefer_source()

from zank import core as _core
from zank import spite_malice as spite_malice  # a built-in variant: see below
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
# in VARIANTS (zank.registry.register).
from zank.family import classic as _classic  # noqa: F401
from zank.family import crapette as _crapette  # noqa: F401
from zank.family import detailed as _detailed  # noqa: F401
from zank.family import schikanieren as _schikanieren  # noqa: F401
from zank.family import zank104 as _zank104  # noqa: F401
from zank.play import GameRecord, play, replay
from zank.registry import VARIANTS
from zank.serialize import dumps, loads

compiled: bool = _compiled.is_extension(_core)
"""``True`` when zank's hot modules run compiled (the binary wheel, built with
Cython from the same ``.py`` files), ``False`` for pure Python (the sdist, an
editable install, a platform without a wheel, or ``ZANK_PURE_PYTHON=1``)."""

if TYPE_CHECKING:
    from zank import registry as _registry
    from zank import render as render
    from zank import svg as svg
    from zank.family.classic import ClassicZank
    from zank.family.crapette import Crapette
    from zank.family.detailed import ZankDetailed
    from zank.family.schikanieren import Schikanieren
    from zank.family.zank104 import Zank104
    from zank.spite_malice import SpiteAndMalice

    __version__: str  # read on first use (``__getattr__`` below)

    # zank.variant for the type checker: a built-in variant's name gives its class,
    # so that options are typed attributes (tests/test_typing.py checks that every
    # registered variant has its overload).  At run time zank.variant is
    # zank.registry.variant, which finds every variant, built-in or plugin, in the table.
    @overload
    def variant(name: Literal["spite-and-malice"], **options: Any) -> SpiteAndMalice: ...
    @overload
    def variant(name: Literal["zank"], **options: Any) -> ClassicZank: ...
    @overload
    def variant(name: Literal["zank-detailed"], **options: Any) -> ZankDetailed: ...
    @overload
    def variant(name: Literal["zank-104"], **options: Any) -> Zank104: ...
    @overload
    def variant(name: Literal["schikanieren"], **options: Any) -> Schikanieren: ...
    @overload
    def variant(name: Literal["crapette"], **options: Any) -> Crapette: ...
    @overload
    def variant(name: str, **options: Any) -> Rules: ...
    def variant(name: str, **options: Any) -> Rules:
        """:func:`zank.registry.variant`, typed per built-in variant name."""
        return _registry.variant(name, **options)

else:
    from zank.registry import variant

    _LAZY = ("render", "svg")

    def __getattr__(name: str) -> object:
        # `zank.svg.svg(state)` and `zank.render.text(state)` work after a plain
        # `import zank`; the renderers are imported on first use only.
        if name in _LAZY:
            return importlib.import_module(f"zank.{name}")
        if name == "__version__":  # read from the installed metadata on first use
            from zank._version import library_version

            return library_version()
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
