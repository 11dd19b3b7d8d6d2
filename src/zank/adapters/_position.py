"""An OpenSpiel state started at a zank position
(:meth:`zank.adapters.openspiel.ZankGame.state_at`; needs no ``pyspiel``).

The adapter's record of a game begins at the deal: each seat's view of the
dealt position, then every move as each seat perceived it
(:mod:`zank.adapters._record`).  A state started at a position ``state`` is
the record of a game *dealt* as ``state``: the position takes the place of
the deal, so what a state started at a fresh deal holds and what one reached
through OpenSpiel's chance nodes of that deal holds are the same content.
Consequences, each one the adapter's chance model applied to the position:

* Each seat's information state starts at the position: its view of it, no
  history.  What a seat saw before the position (a discard turned over as
  the new hand pile, whose order its players remember) is not known to the
  state; such cards count as cards nobody has seen.
* Every card face down to all seats is one nobody has seen: when a move turns
  it up, chance chooses it among the unseen cards of its group (the cards
  the deal shuffled together; the group of a face-down place is the group of
  the card that lies there in ``state``), so the order of the face-down
  cards in ``state`` is never the order that comes.
* The cards some seat sees (a Spite and Malice hand) stay where they are,
  and :meth:`~zank.adapters.openspiel.ZankState.resample_from_infostate`
  deals anew those the resampling player does not see.
* OpenSpiel's ``history()`` of the state is empty: the position was not
  reached by actions.  Cloning, pickling and
  ``pyspiel.serialize_game_and_state`` keep the content itself (not the
  actions), so each of them gives the same state back.
"""

from __future__ import annotations

from typing import Any

import attrs

from zank.adapters._deal import _Context
from zank.adapters._record import _Data, _deal_content
from zank.core import State
from zank.errors import InvalidState, quote

__all__ = ["position_data"]  # internal to the adapter


def _check(ctx: _Context, state: object) -> State:
    """``state`` if it is a position of the game of ``ctx``.

    Raises:
        InvalidState: not a zank state, one of another variant, option set or
            seat count, or a state that breaks an invariant of the rules.
    """
    if not isinstance(state, State):
        raise InvalidState(f"state_at needs a zank State, not {quote(type(state).__name__, 40)}")
    rules = ctx.rules
    if state.rules.name != rules.name:
        raise InvalidState(
            f"the state is a game of {quote(state.rules.name, 40)}; this game is {rules.name}"
        )
    if state.rules != rules:
        mine, theirs = rules.options, state.rules.options
        names = sorted(n for n in {*mine, *theirs} if mine.get(n) != theirs.get(n))
        differ = ", ".join(
            f"{n}={quote(theirs.get(n), 20)} (the game: {quote(mine.get(n), 20)})"
            for n in names[:2]
        )
        more = f" and {len(names) - 2} more" if len(names) > 2 else ""
        raise InvalidState(f"the state's options are not this game's: {differ}{more}")
    if state.players != ctx.players:
        raise InvalidState(
            f"the state has {quote(state.players, 20)} seats; this game has {ctx.players}"
        )
    rules.validate(state)
    return state


def position_data(ctx: _Context, state: Any) -> _Data:
    """The content of an OpenSpiel state of the game of ``ctx`` at the zank
    position ``state``: the record of a game dealt as ``state`` (see the
    module docs); a game past ``max_game_length`` is truncated there, as in play.

    Raises:
        InvalidState: ``state`` is not a valid position of this game (its
            variant, options and seat count, and the rules' invariants).
    """
    zs = _check(ctx, state)
    data = _deal_content(ctx, (), (), zs)
    assert isinstance(data, _Data)
    if zs.outcome is None and zs.ply >= ctx.max_length:
        data = attrs.evolve(data, truncated=True)
    return data
