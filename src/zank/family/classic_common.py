"""What the modules of the classic rules share: the move kinds (:class:`Kind`),
the ``info`` fields (:class:`ClassicInfo`), the goal codes of an announcement,
the pile geometry and the manoeuvre search's view of the edge piles.

This module sits below :mod:`zank.family.classic` (the ``zank`` rules),
:mod:`zank.family.classic_explain` (their explanations),
:mod:`zank.family.manoeuvre` (their search), :mod:`zank.family.schikanieren`
and ``zank.family.greedy_classic`` (their greedy policy), so that none of them
imports another in a circle.

``State.info`` of strict play holds seven integers (the rules page
``docs/rules/zank.md`` explains them), named by :class:`ClassicInfo`
(``rules.info_of(state).goal``); the hot paths index ``info`` (a list while
a move is carried out) with ``I_GOAL`` … ``I_FLAGS``, the places of those
fields.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final, NamedTuple

from attrs import frozen

from zank.cards import make_card
from zank.family.faults import CALL_KIND, LET_KIND
from zank.family.table import CARD

__all__ = [
    "ASIDE",
    "DRAW",
    "EMPTY",
    "END",
    "FLIP",
    "FREE",
    "F_PROGRESS",
    "GOAL_EMPTY",
    "GOAL_FREE",
    "HIDDEN_CARD",
    "I_BUDGET",
    "I_EMPTIES",
    "I_FLAGS",
    "I_GOAL",
    "I_REMOVED",
    "I_STALE",
    "I_TARGET",
    "JOKER_CARD",
    "LEARNING_PACK",
    "PASS",
    "START_INFO",
    "THREE_PLAYER_SHARE",
    "ClassicInfo",
    "Config",
    "Geometry",
    "Kind",
]


class Kind(IntEnum):
    """The move kinds of the classic rules (``Move.kind``)."""

    CARD = CARD
    """A card from a source to a target (``h3-f``, ``d-h2``, ``t-od`` …)."""
    DRAW = 1
    """Lifting the top card of the source (move 7b, ``draw``)."""
    END = 2
    """The lifted card onto the own discard, which ends the turn (``t-d``)."""
    FLIP = 3
    """Turning the discard over as the new source (move 8, ``flip``)."""
    FREE = 4
    """Announcing the card a manoeuvre will free (move 2, ``free 7h``); the
    ``source`` of the :class:`~zank.core.Move` is the card."""
    EMPTY = 5
    """Announcing the edge pile a manoeuvre will empty (move 3, ``empty h4``);
    the ``source`` of the :class:`~zank.core.Move` is the pile (0-based)."""
    PASS = 6
    """Ending the turn with nothing to play (``pass``; schikanieren only)."""
    CALL = CALL_KIND
    """The call of table mode, "Stop" (``stop``)."""
    LET = LET_KIND
    """Letting the move under call pass, in table mode (``let``)."""


# the members as module constants: the hot paths read them as globals
DRAW: Final = Kind.DRAW
END: Final = Kind.END
FLIP: Final = Kind.FLIP
FREE: Final = Kind.FREE
EMPTY: Final = Kind.EMPTY
PASS: Final = Kind.PASS


class ClassicInfo(NamedTuple):
    """``State.info`` of the classic rules by name
    (:meth:`~zank.family.classic.ClassicZank.info_of`)."""

    goal: int
    """The announced manoeuvre (Z-9, Z-10), 0 for none, :data:`GOAL_FREE` or
    :data:`GOAL_EMPTY`."""
    target: int
    """The announced card, or the 0-based edge pile to empty."""
    budget: int
    """The single moves the manoeuvre has left."""
    removed: int
    """The removed edge pile of the three-player game (Z-V3), 1-based, 0 for none."""
    empties: int
    """Move-3 announcements since the last progress (Z-10)."""
    stale: int
    """Turns in a row without progress (Z-20)."""
    flags: int
    """Bits of the current turn (:data:`F_PROGRESS`)."""


GOAL_FREE: Final = 2
"""``info[0]`` while a move-2 manoeuvre is announced (``info[1]`` is the card)."""
GOAL_EMPTY: Final = 3
"""``info[0]`` while a move-3 manoeuvre is announced (``info[1]`` is the pile)."""

# the places of ClassicInfo's fields in State.info, for the hot paths
I_GOAL, I_TARGET, I_BUDGET, I_REMOVED, I_EMPTIES, I_STALE, I_FLAGS = range(len(ClassicInfo._fields))
START_INFO: Final = (0, 0, 0, 0, 0, 0, 0)
"""``info`` at the start of a game (strict play)."""
F_PROGRESS: Final = 1
"""``info[I_FLAGS]`` bit: this turn a card reached the centre or an edge pile, or turned up."""

Config = tuple[bytes | None, ...]
"""The edge piles as the manoeuvre search sees them, one ``bytes`` of card
ids per pile (bottom to top; the cards of zank are below 256), ``None`` for a
removed pile."""

JOKER_CARD: Final = make_card(0, 0)
"""The black joker of the three-player game (set aside when it turns up)."""
ASIDE: Final = "aside"
"""The pile kind (and label) of the set-aside joker of the three-player game."""
THREE_PLAYER_SHARE: Final = 35
"""How many cards each player gets in the three-player game (Z-V3, 105 cards in all)."""
LEARNING_PACK: Final = 26
"""How many cards each player gets in the learning game (Z-V2, one pack of 52)."""
HIDDEN_CARD: Final = make_card(0, 1)
"""Stands for a face-down edge card in the manoeuvre search (a card no rule moves)."""


@frozen
class Geometry:
    """State indices of one player count (built once per rules object).

    ``edges`` is the number of edge piles in play at the start (8, or 9 with
    three players); ``hand``, ``turned``, ``discard`` and ``extra`` hold each
    seat's pile of that kind (``extra`` is the variant's fourth seat pile, -1
    if it has none); ``packs`` holds each seat's pack targets; ``aside`` is the
    pile of set-aside cards (-1 if there is none).
    """

    edges: int  # edge piles in play at the start (8, or 9 with three players)
    hand: tuple[int, ...]
    turned: tuple[int, ...]
    discard: tuple[int, ...]
    extra: tuple[int, ...]  # the variant's fourth seat pile (-1: none)
    packs: tuple[tuple[int, ...], ...]  # per seat: the pack targets' pile indices
    aside: int  # the pile of set-aside cards (-1: none)
