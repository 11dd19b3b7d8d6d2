"""Classes that tests/test_plugins.py names in fake ``zank.variants`` entry points."""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from zank.core import Rules
from zank.spite_malice import SpiteAndMalice


@frozen(cache_hash=True, kw_only=True)
class HouseRules(SpiteAndMalice):
    """Spite and Malice under another name: a plugin that works."""

    name: ClassVar[str] = "house-rules"


@frozen(cache_hash=True, kw_only=True)
class OtherHouseRules(SpiteAndMalice):
    """A second class that claims the name ``house-rules``."""

    name: ClassVar[str] = "house-rules"


@frozen(cache_hash=True, kw_only=True)
class Bare(Rules):
    """A rules class with none of the hooks a variant needs: it cannot deal."""

    name: ClassVar[str] = "bare"


NOT_A_CLASS = 42


class _Other:
    """A base class that is named ``Rules`` but is not zank's (the registry
    knows zank's by module and name, not by the name alone)."""

    name = "lookalike"


_Other.__qualname__ = _Other.__name__ = "Rules"


class Lookalike(_Other):
    """A class whose base is called ``Rules``: not a rules class."""


@frozen(cache_hash=True, kw_only=True)
class FakeZank(SpiteAndMalice):
    """A class that claims the name of the built-in ``zank``."""

    name: ClassVar[str] = "zank"
