"""Pictures of states: a Unicode text layout and SVG.

* :func:`zank.render.text` (module :mod:`zank.render.text`) draws a state as a
  few lines of Unicode, for terminals and logs;
* :func:`zank.render.svg.svg` (also :func:`zank.svg.svg`) draws it as an SVG
  picture of the table; states show themselves as that picture in Jupyter.

Neither needs anything beyond the standard library.  Both place piles by their
:attr:`~zank.core.PileSpec.kind` and owner, so every registered variant
renders.
"""

from __future__ import annotations

from zank.render.text import text

__all__ = ["text"]
