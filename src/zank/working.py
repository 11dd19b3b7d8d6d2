"""The working position: one mutable position that every variant's kernel plays on.

A :class:`~zank.core.State` is the immutable value users hold; a
:class:`Working` position has the same fields, but its ``piles`` and ``down``
are lists that a move changes in place, and its ``successor`` changes the
position itself and returns it.  Every variant's kernel is declared once on
:class:`~zank.core.Rules` over it:

* ``rules._moves(w)``: the legal moves of the seat to move of ``w``, in order;
* ``rules._play(w, move)``: carry out a legal ``move`` on ``w``, in place.

:meth:`~zank.core.Rules.playouts` plays every game of every variant and policy
through those two on one working position (:mod:`zank.playouts`): a variant
whose kernel runs in place builds no :class:`~zank.core.State` per move, and
one that does not (table mode, a plugin that implements only ``_legal`` and
``_apply``) goes through real states by the base class's defaults, which
:meth:`Working.state` and :meth:`Working.load` make cheap (the last state is
kept until the position changes).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from zank._values import Result, State, _make_state

try:  # the C types of the compiled build (Cython's pure-Python mode)
    import cython

    if not cython.compiled:  # an installed Cython's stand-in: zank's own instead
        raise ImportError
except ImportError:  # pure Python: the declarations change nothing
    from zank import _nocython as cython  # type: ignore[no-redef]

if TYPE_CHECKING:
    from zank.core import Rules

__all__ = ["Working"]


@cython.cclass
class Working:
    """A mutable position with a :class:`~zank.core.State`'s fields.

    ``piles`` is a list of the piles' card tuples and ``down`` a list of the
    face-down counts; the other fields are a state's.  A kernel reads it as it
    reads a state, and changes it either by editing the lists and fields
    directly or through :meth:`successor`, the in-place twin of
    :meth:`zank.core.State.successor`; either way a move adds one to ``ply``.
    :meth:`state` builds the state it stands for and keeps it in ``kept``, which
    stands while its ``ply`` is the position's: no move needs to touch it.

    In the compiled build it is an extension type (``working.pxd``): a kernel
    that declares ``w`` a ``Working`` (Spite and Malice's, the playout loop)
    reads and writes its fields as C struct members."""

    __slots__ = (
        "down",
        "info",
        "kept",
        "outcome",
        "phase",
        "piles",
        "players",
        "ply",
        "rng",
        "rules",
        "to_move",
        "turn",
    )

    def __init__(self, state: State) -> None:
        self.rules: Rules = state.rules
        self.players: int = state.players
        self.piles: list[tuple[int, ...]] = list(state.piles)
        self.down: list[int] = list(state.down)
        self.to_move: int | None = state.to_move
        self.phase: int = state.phase
        self.info: tuple[int, ...] = state.info
        self.rng: int = state.rng
        self.ply: int = state.ply
        self.turn: int = state.turn
        self.outcome: Result | None = state.outcome
        self.kept: State | None = state

    def successor(
        self,
        piles: Iterable[tuple[int, ...]],
        down: Iterable[int],
        to_move: int | None,
        info: tuple[int, ...],
        turn: int,
        outcome: Result | None = None,
        rng: int | None = None,
        phase: int = 0,
    ) -> Working:
        """:meth:`zank.core.State.successor`, in place: returns this position.

        Lists passed as ``piles`` or ``down`` become the position's own (a
        kernel hands over the lists it carried the move out on)."""
        self.piles = piles if type(piles) is list else list(piles)
        self.down = down if type(down) is list else list(down)
        self.to_move = to_move
        self.phase = phase
        self.info = info
        if rng is not None:
            self.rng = rng
        self.ply += 1
        self.turn = turn
        self.outcome = outcome
        return self

    def load(self, state: State) -> None:
        """Make this position ``state`` (the next state of a kernel that
        builds real states), keeping ``state`` for :meth:`state`."""
        self.piles = list(state.piles)
        self.down = list(state.down)
        self.to_move = state.to_move
        self.phase = state.phase
        self.info = state.info
        self.rng = state.rng
        self.ply = state.ply
        self.turn = state.turn
        self.outcome = state.outcome
        self.kept = state

    def state(self) -> State:
        """The :class:`~zank.core.State` this position stands for (built once
        per change)."""
        s = self.kept
        if s is None or s.ply != self.ply:
            s = self.kept = _make_state(
                self.rules,
                self.players,
                tuple(self.piles),
                tuple(self.down),
                self.to_move,
                self.phase,
                self.info,
                self.rng,
                self.ply,
                self.turn,
                self.outcome,
            )
        return s
