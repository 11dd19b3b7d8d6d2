"""Sphinx configuration for the zank documentation."""

from __future__ import annotations

import logging
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _distribution_version
from typing import Any

# -- Project information -----------------------------------------------------

project = "zank"
author = "The zank developers"
copyright = "2026, The zank developers"

try:
    release = _distribution_version("zank")
except PackageNotFoundError:  # building from a tree where zank is not installed
    release = "0+unknown"
version = ".".join(release.split(".")[:2])

# -- General configuration ---------------------------------------------------

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_intersphinx", "Thumbs.db", ".DS_Store"]

# Every cross-reference must resolve: with `sphinx-build -W` a broken one fails the build.
nitpicky = True
nitpick_ignore: list[tuple[str, str]] = [
    # Type variables appear in signatures but are not documented objects.
    ("py:class", "zank.random.T"),
]

# The index pages of the sections (tutorials, how-to guides, rules, ...) collect their
# pages with a `:glob:` toctree, so that a new page appears without editing the index.
# A section that has no page yet must not fail the build. `suppress_warnings` covers
# the Sphinx versions that give this warning a type; `setup` below covers the others.
suppress_warnings = ["toc.empty_glob"]

# -- MyST ----------------------------------------------------------------------

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# -- autodoc and napoleon ------------------------------------------------------

autodoc_typehints = "description"
autodoc_member_order = "bysource"
napoleon_google_docstring = True
napoleon_numpy_docstring = False

# -- doctest -------------------------------------------------------------------

# Docstring examples are written as for the standard doctest module, which runs them
# with the module's names in scope. The doctest builder runs them on the API page, so
# give them the public names of the documented modules.
doctest_global_setup = """
import zank
from zank import *
from zank.cards import *
from zank.core import *
from zank.errors import *
from zank.random import *
"""

# -- intersphinx ---------------------------------------------------------------

# The inventories are stored in _intersphinx/ (see the README there) so that the
# build needs no network; the links still point to the public documentation.
intersphinx_mapping = {
    "python": ("https://docs.python.org/3", "_intersphinx/python-3.11.inv"),
    "attrs": ("https://www.attrs.org/en/stable", "_intersphinx/attrs-22.2.inv"),
}

# -- HTML output ---------------------------------------------------------------

html_theme = "furo"
html_title = f"zank {release}"


# -- Local setup ---------------------------------------------------------------


class _AllowEmptyGlob(logging.Filter):
    """Drop the warning for a `:glob:` toctree that matches no page (yet)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "didn't match any documents" not in str(record.msg)


def setup(app: Any) -> None:
    # Sphinx's handlers exist before conf.py is read; the filter goes first so that it
    # runs before the filters that count warnings and turn them into errors (-W).
    for handler in logging.getLogger("sphinx").handlers:
        handler.filters.insert(0, _AllowEmptyGlob())
