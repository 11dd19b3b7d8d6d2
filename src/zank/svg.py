"""The short name of the SVG renderer, like ``chess.svg``: ``zank.svg.svg`` *is*
:func:`zank.render.svg.svg`.

There is one SVG module, :mod:`zank.render.svg` (next to the text renderer and
the view both share); this alias stays because code and pages written against
it use it, and because ``zank.svg.svg(state)`` works after a plain ``import zank``
(the renderer is imported on first use):

>>> import zank
>>> state = zank.variant("spite-and-malice").new_game(seed=1)
>>> zank.svg.svg(state).startswith("<svg")
True
"""

from __future__ import annotations

from zank.render.svg import svg

__all__ = ["svg"]
