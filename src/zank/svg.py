"""SVG pictures of states, like ``chess.svg``: ``zank.svg.svg`` is :func:`zank.render.svg.svg`.

>>> import zank, zank.svg
>>> state = zank.variant("spite-and-malice").new_game(seed=1)
>>> zank.svg.svg(state).startswith("<svg")
True
"""

from __future__ import annotations

from zank.render.svg import svg

__all__ = ["svg"]
