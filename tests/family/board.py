"""Position helpers bound to one rules object, for the fixtures of ``conftest.py``."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

import zank
from zank.core import Rules, State, Violation

from .positions import play, position, texts, violation


@attrs.frozen
class Board:
    """The helpers above bound to one rules object (the ``board`` and
    ``family_board`` fixtures of ``tests/family/conftest.py`` make them).

    ``position`` builds a two-player running state past the first round
    (``turn`` 9, so that no first-round rule applies) with the ``info`` of a
    fresh deal unless told otherwise.
    """

    rules: Rules

    @property
    def name(self) -> str:
        """The variant's name."""
        return self.rules.name

    def with_options(self, **options: object) -> Board:
        """The same variant with other options."""
        return Board(zank.variant(self.rules.name, **options))

    def position(
        self,
        piles: Mapping[str, str],
        *,
        to_move: int = 0,
        rest: str = "hand",
        info: tuple[int, ...] | None = None,
        down: Mapping[str, int] | None = None,
        turn: int = 9,
    ) -> State:
        """A valid running state with these piles (see :func:`position`)."""
        return position(
            self.rules, piles, to_move=to_move, rest=rest, info=info, down=down, turn=turn
        )

    def texts(self, state: State) -> list[str]:
        """The notation of every legal move."""
        return texts(self.rules, state)

    def play(self, state: State, *moves: str) -> State:
        """Apply moves given in notation, checking each is legal."""
        return play(self.rules, state, *moves)

    def violation(self, state: State, text: str) -> Violation:
        """The rule that refuses move ``text`` (see :func:`violation`)."""
        return violation(self.rules, state, text)
