"""The installed version of zank, :data:`zank.__version__` (kept apart so that
modules below the package can read it without importing the package).

The version is read from the installed distribution's metadata on first use,
not at ``import zank``: :mod:`importlib.metadata` and what it imports took about
a fifth of the package's import time, which every ``zank`` command pays.
"""

from __future__ import annotations

from functools import cache

__all__ = ["library_version"]


@cache
def library_version() -> str:
    """The installed distribution's version (``"0+unknown"`` when zank runs from a
    source tree that is not installed); read once, then remembered."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("zank")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "0+unknown"
