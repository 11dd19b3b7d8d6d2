"""What the renderers draw: a state (or an observation) sorted onto the table.

Both renderers place piles by :attr:`~zank.core.PileSpec.kind` and
:attr:`~zank.core.PileSpec.owner` only, so a variant renders before it has a
placement of its own: shared piles go to the middle, a seat's piles to that
seat's side.  The tables below say how the known kinds are drawn; an unknown
kind is drawn as a plain square pile with its top card showing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from attrs import frozen

from zank._values import HIDDEN, Observation, PileSpec, Result, State
from zank.errors import OptionError

if TYPE_CHECKING:
    from zank.core import Rules

__all__ = ["PileView", "TableView", "display_name", "table_view"]

#: Kinds whose cards overlap in real play so that every card shows, drawn as
#: a horizontal fan in a column beside the foundations (the houses of the
#: Zank family: Häuser, Randstapel, Hilfstreppen).
COLUMN_KINDS = frozenset({"house", "edge", "stair", "auxiliary", "tableau"})
#: Kinds fanned towards their owner in the owner's row (Spite and Malice's side stacks).
ROW_FAN_KINDS = frozenset({"side"})
#: Kinds of the middle that grow upwards as stacks (only the top shows).
CENTRE_KINDS = frozenset({"foundation", "build", "draw", "completed"})

#: Left-to-right order of a seat's own piles, seen from that seat.  The Zank
#: family follows seed 001 ("Vorbereitung"): the hand pile on the left, the
#: discard between hand pile and reserve, the reserve on the right.
SEAT_ORDER: dict[str, int] = {
    "hand": 0,
    "stock": 0,
    "talon": 0,
    "turned": 1,
    "discard": 2,
    "second-talon": 2,
    "schikanier": 3,
    "reserve": 4,
    "pay-off": 0,
    "side": 1,
}

#: Display names of the kinds (the label's number is appended).
KIND_NAMES: dict[str, str] = {
    "pay-off": "pay-off",
    "hand": "hand",
    "side": "side",
    "build": "build",
    "draw": "draw pile",
    "completed": "completed",
    "foundation": "foundation",
    "house": "house",
    "reserve": "reserve",
    "turned": "turned",
    "discard": "discard",
}

_TRAILING_NUMBER = re.compile(r"(\d+)$")


def display_name(spec: PileSpec) -> str:
    """A short name for a pile: ``"side 2"``, ``"reserve"``, ``"house 5"``."""
    base = spec.label.split(".", 1)[1] if "." in spec.label else spec.label
    m = _TRAILING_NUMBER.search(base)
    name = KIND_NAMES.get(spec.kind, spec.kind.replace("-", " ").replace("_", " "))
    if m:
        return f"{name} {m.group(1)}"
    return name


@frozen
class PileView:
    """One pile as a renderer sees it.

    ``cards`` are bottom to top, :data:`~zank.core.HIDDEN` where the viewer
    may not see the card; ``down`` is how many cards at the bottom lie face
    down on the table (drawn as backs even where the viewer knows them).
    """

    index: int
    spec: PileSpec
    cards: tuple[int, ...]
    down: int

    @property
    def name(self) -> str:
        """The pile's display name."""
        return display_name(self.spec)

    def face_up(self, i: int) -> bool:
        """Whether card ``i`` (from the bottom) shows its face to the viewer."""
        return i >= self.down and self.cards[i] != HIDDEN


@frozen
class TableView:
    """A whole state, ready to draw."""

    rules: Rules
    players: int
    viewer: int | None
    """The seat whose perspective is drawn, ``None`` for the omniscient view."""
    piles: tuple[PileView, ...]
    to_move: int | None
    turn: int
    ply: int
    outcome: Result | None

    @property
    def bottom_seat(self) -> int:
        """The seat drawn at the bottom (the viewer, else seat 0)."""
        return 0 if self.viewer is None else self.viewer

    def seat_order(self) -> list[int]:
        """Seats from the bottom one round the table (the bottom seat first)."""
        b = self.bottom_seat
        return [(b + k) % self.players for k in range(self.players)]

    def seat_piles(self, seat: int) -> list[PileView]:
        """A seat's own piles that are not drawn in the middle, left to right."""
        own = [
            p
            for p in self.piles
            if p.spec.owner == seat and p.spec.kind not in COLUMN_KINDS | CENTRE_KINDS
        ]
        # a hand held in the hand (private) goes last, after the piles on the table
        return sorted(
            own,
            key=lambda p: (9 if p.spec.private else SEAT_ORDER.get(p.spec.kind, 5), p.index),
        )

    def centre_piles(self) -> list[PileView]:
        """The stacks of the middle (foundations, build piles, draw pile …)."""
        return [
            p
            for p in self.piles
            if p.spec.kind not in COLUMN_KINDS
            and (p.spec.owner is None or p.spec.kind in CENTRE_KINDS)
        ]

    def columns(self) -> tuple[list[PileView], list[PileView]]:
        """The fanned piles beside the middle: (left column, right column).

        An owned house goes to its owner's column; shared houses are split in
        label order, the first half on the bottom seat's side (seed 001: "Leg
        4 Karten offen in einer Spalte oberhalb der Reserve aus").  The bottom
        seat's column is on the right, above its reserve; the opposite seat's
        is on the left.  Each column runs from its owner's reserve: the
        first house (seed 001: "die Häuser direkt neben der Reserve") lies
        nearest its owner, so the right column is listed bottom-up.
        """
        houses = [p for p in self.piles if p.spec.kind in COLUMN_KINDS]
        shared = [p for p in houses if p.spec.owner is None]
        half = (len(shared) + 1) // 2
        first, second = shared[:half], shared[half:]
        b = self.bottom_seat
        mine = [p for p in houses if p.spec.owner == b]
        theirs = [p for p in houses if p.spec.owner is not None and p.spec.owner != b]
        # seat 0 dealt the first half of shared houses
        if b == 0:
            mine, theirs = first + mine, second + theirs
        else:
            mine, theirs = second + mine, first + theirs
        return theirs, mine[::-1]


def table_view(
    state: State | Observation,
    perspective: int | None = None,
    rules: Rules | None = None,
) -> TableView:
    """Sort ``state`` onto the table, masked for ``perspective`` if given.

    An :class:`~zank.core.Observation` needs ``rules`` and is drawn from its
    player's perspective.
    """
    if isinstance(state, Observation):
        rules = rules or state.rules
        if rules is None:
            raise TypeError("rendering an Observation needs the rules object: pass rules=...")
        if perspective is not None and perspective != state.player:
            raise OptionError(
                f"this observation is player {state.player}'s; it cannot be drawn "
                f"from player {perspective}'s perspective"
            )
        obs: Observation = state
        viewer: int | None = state.player
    elif isinstance(state, State):
        rules = state.rules
        if perspective is None:
            obs = Observation.of(state, -1, state.piles)  # an onlooker sees every card
            viewer = None
        else:
            obs = rules.observe(state, perspective)
            viewer = perspective
    else:
        raise TypeError(f"expected a zank State or Observation, not {type(state).__name__}")
    specs: Sequence[PileSpec] = rules.layout(obs.players)
    piles = tuple(
        PileView(i, spec, cards, down)
        for i, (spec, cards, down) in enumerate(zip(specs, obs.piles, obs.down, strict=True))
    )
    return TableView(
        rules=rules,
        players=obs.players,
        viewer=viewer,
        piles=piles,
        to_move=obs.to_move,
        turn=obs.turn,
        ply=obs.ply,
        outcome=obs.outcome,
    )


def seat_name(seat: int) -> str:
    """How a seat is named in pictures: ``"Player 0"`` (labels say ``p0``)."""
    return f"Player {seat}"


def status_line(view: TableView) -> str:
    """Whose turn it is, or how the game ended."""
    out = view.outcome
    if out is not None:
        if out.winner is None:
            head = f"Game over: a draw ({out.reason.value})"
        else:
            head = f"Game over: {seat_name(out.winner)} wins ({out.reason.value})"
        return f"{head}; points {', '.join(map(str, out.points))}"
    if view.to_move is None:
        return "nobody to move"
    return f"{seat_name(view.to_move)} to move"
