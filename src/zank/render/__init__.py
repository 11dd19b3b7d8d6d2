"""Pictures of states: a Unicode text layout and SVG.

* :func:`zank.render.text` draws a state as a few lines of Unicode, for
  terminals and logs;
* :func:`zank.render.svg.svg` (also ``zank.svg.svg``, see :mod:`zank.svg`)
  draws it as an SVG picture of the table; states show themselves as that
  picture in Jupyter.

Neither needs anything beyond the standard library.  Both place piles by their
``kind`` and ``owner`` (:class:`~zank.core.PileSpec`), so every registered variant
renders.
"""

from __future__ import annotations

from zank.render.text import text

__all__ = ["text"]
