"""Adapters from zank's rules objects to research frameworks.

Each adapter lives in its own module and needs an optional extra; none of them
is imported by ``import zank``:

* :mod:`zank.adapters.encoding` -- a fixed-length numeric vector of an
  :class:`~zank.core.Observation` (needs ``numpy``; both extras below bring it).
* :mod:`zank.adapters.knowledge` -- the public and all-players views of a state
  and the information-state vector of the OpenSpiel adapter (needs ``numpy``).
* :mod:`zank.adapters.conventions` -- the returns and the length bound both
  adapters below share (needs nothing).
* ``zank.adapters.pettingzoo`` -- a PettingZoo AEC environment for any variant
  (``pip install 'zank[pettingzoo]'``).
* ``zank.adapters.openspiel`` -- every variant as an OpenSpiel Python game
  (``pip install 'zank[openspiel]'``).

Everything is written over :data:`zank.VARIANTS`, so a variant added to the
library works with the adapters unchanged.
"""

from __future__ import annotations

__all__: list[str] = []
