"""The installed version of zank, :data:`zank.__version__` (kept apart so that
modules below the package can read it without importing the package)."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("zank")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0+unknown"
