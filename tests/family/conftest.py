"""Fixtures of the family tests: hand-made positions in any family variant.

* ``board``: a factory, ``board("zank-104", stair_runs=True)``, of
  :class:`~tests.family.board.Board` objects (``position``, ``play``,
  ``texts``, ``violation`` bound to those rules);
* ``family_board``: one :class:`Board` per registered Zank-Patience variant
  (default options), for tests that every variant of the family must pass.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import zank

from .board import Board

#: Every registered variant of the Zank-Patience family (package ``zank.family``).
FAMILY = sorted(n for n, cls in zank.VARIANTS.items() if cls.__module__.startswith("zank.family."))


@pytest.fixture
def board() -> Callable[..., Board]:
    """A factory: ``board(name, **options)`` gives the position helpers of those rules."""

    def make(name: str, **options: object) -> Board:
        return Board(zank.variant(name, **options))

    return make


@pytest.fixture(params=FAMILY)
def family_board(request: pytest.FixtureRequest) -> Board:
    """The position helpers of each family variant in turn (default options)."""
    return Board(zank.variant(request.param))
