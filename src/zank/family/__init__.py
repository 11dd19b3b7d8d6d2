"""The Zank-Patience family: one shared table and the variants built on it.

The package has three layers, each importing only from the ones above it
(``tests/test_architecture.py`` holds it):

* **The table and its components**, the kernel every variant plays on:
  :mod:`~zank.family.table` (the table, its notation, the kernel scan),
  :mod:`~zank.family.fits` (the fit tables), :mod:`~zank.family.seat` (a seat's
  piles and the hand-pile turn), :mod:`~zank.family.table_explain` (why a card
  move is refused), :mod:`~zank.family.faults` (table mode, a component around
  the strict rules), and the bases the variants build on:
  :mod:`~zank.family.hand_pile` (the plugin base of hand-pile variants),
  :mod:`~zank.family.stock` (the game zank-detailed and crapette share),
  :mod:`~zank.family.classic_common`, :mod:`~zank.family.classic_explain`,
  :mod:`~zank.family.manoeuvre` (classic zank's) and :mod:`~zank.family.match`.
* **The variants**: :mod:`~zank.family.classic` (``zank``),
  :mod:`~zank.family.schikanieren`, :mod:`~zank.family.detailed`
  (``zank-detailed``), :mod:`~zank.family.crapette`, :mod:`~zank.family.zank104`.
* **Their greedy policies**: the ``greedy_*`` modules, which a variant names by a
  string (``greedy_policy``) and ``zank._policy`` loads on first use.
"""

from __future__ import annotations
