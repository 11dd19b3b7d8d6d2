"""The invariants every variant shares, checked by :meth:`zank.core.Rules.validate`
and :meth:`zank.core.Rules.sample_state`: the layout, card conservation, face-down
counts, counters and the outcome of a state, and the shape of an observation.

The variant's own checks are its ``_validate`` hook; this module holds what the
:class:`~zank.core.Rules` base class checks for all of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zank._values import HIDDEN, MAX_STATE_INT, Observation, Result, Termination, _is_int
from zank._values import _multiset_diff as multiset_diff
from zank.cards import MAX_CARD, cards_text
from zank.errors import InvalidState, OptionError, quote
from zank.random import MASK64

if TYPE_CHECKING:
    from zank.core import PileSpec, Rules, State

__all__ = ["check_counters", "check_observation", "check_outcome", "check_piles"]


def check_piles(rules: Rules, state: State) -> None:
    """:meth:`Rules.validate`: the seat count, the layout, the piles' cards and
    face-down counts, and that the cards are those of the game."""
    rules._check_own(state)
    try:
        rules._check_players(state.players)
    except OptionError as e:
        raise InvalidState(str(e)) from None
    specs = rules.layout(state.players)
    if (
        not isinstance(state.piles, tuple)
        or not isinstance(state.down, tuple)
        or len(state.piles) != len(specs)
        or len(state.down) != len(specs)
    ):
        raise InvalidState(f"a {state.players}-player game has {len(specs)} piles")
    for spec, cards, down in zip(specs, state.piles, state.down, strict=True):
        if not isinstance(cards, tuple) or not all(
            type(c) is int and 0 <= c < MAX_CARD for c in cards
        ):
            raise InvalidState(f"pile {spec.label}: not a tuple of card ids")
        if spec.sorted and list(cards) != sorted(cards):
            raise InvalidState(f"pile {spec.label} must be sorted by card id")
        if not _is_int(down) or not 0 <= down <= len(cards):
            raise InvalidState(
                f"pile {spec.label}: {quote(down)} face-down cards "
                f"but {len(cards)} cards in the pile"
            )
    have = sorted(c for cards in state.piles for c in cards)
    want = list(rules.cards(state.players))
    if have != want:
        missing, extra = multiset_diff(want, have), multiset_diff(have, want)
        raise InvalidState(
            "the cards are not those of the game: "
            + (f"missing {_some_cards(missing)}" if missing else "")
            + ("; " if missing and extra else "")
            + (f"extra {_some_cards(extra)}" if extra else "")
        )


def check_counters(rules: Rules, state: State) -> None:
    """:meth:`Rules.validate`: ``phase``, ``ply``, ``turn``, ``rng`` and ``info``."""
    for name in ("phase", "ply", "turn"):
        value = getattr(state, name)
        if not _is_int(value) or not 0 <= value <= MAX_STATE_INT:
            raise InvalidState(
                f"{name!r} must be an integer from 0 to 2**53 - 1, not {quote(value)}"
            )
    if not _is_int(state.rng) or not 0 <= state.rng <= MASK64:
        raise InvalidState(f"'rng' must be an integer from 0 to 2**64 - 1, not {quote(state.rng)}")
    if not 1 <= state.turn <= state.ply + 1:
        raise InvalidState(
            f"'turn' {state.turn} does not fit 'ply' {state.ply}: every turn after "
            "the first begins with a move, so 1 <= turn <= ply + 1"
        )
    info = state.info
    if not isinstance(info, tuple) or not all(
        _is_int(v) and -MAX_STATE_INT <= v <= MAX_STATE_INT for v in info
    ):
        raise InvalidState(f"'info' must be a tuple of integers, not {quote(info)}")
    if len(info) > rules.info_size(state.players):
        raise InvalidState(
            f"'info' has {len(info)} integers; a state of {rules.name} has at most "
            f"{rules.info_size(state.players)}"
        )


def check_outcome(state: State) -> None:
    """:meth:`Rules.validate`: whose turn it is, or the outcome of a finished game."""
    outcome = state.outcome
    if outcome is None:
        if not _is_int(state.to_move) or not 0 <= state.to_move < state.players:
            raise InvalidState(
                f"'to_move' must be a seat of a running game, not {quote(state.to_move)}"
            )
    else:
        if state.to_move is not None:
            raise InvalidState("a finished game has no player to move ('to_move' must be None)")
        if not isinstance(outcome, Result) or not isinstance(outcome.reason, Termination):
            raise InvalidState(f"'outcome' must be a Result, not {quote(outcome)}")
        points = outcome.points
        if (
            not isinstance(points, tuple)
            or len(points) != state.players
            or not all(_is_int(p) and -MAX_STATE_INT <= p <= MAX_STATE_INT for p in points)
        ):
            raise InvalidState(f"outcome points must be one integer per seat, not {quote(points)}")
        winner = outcome.winner
        if winner is not None and (not _is_int(winner) or not 0 <= winner < state.players):
            raise InvalidState(f"outcome winner {quote(winner)} is not a seat")


_INT_ONLY = {int}
assert HIDDEN == -1  # the card ids and HIDDEN are the ints from -1 to MAX_CARD - 1


def check_observation(rules: Rules, observation: object) -> tuple[PileSpec, ...]:
    """The layout of ``observation``, after checking its shape and card values."""
    if not isinstance(observation, Observation):
        raise InvalidState(f"expected a zank Observation, not {type(observation).__name__}")
    try:
        specs = rules.layout(observation.players)
        rules._check_seat(observation.players, observation.player)
    except OptionError as e:
        raise InvalidState(f"not an observation of {rules.name}: {e}") from None
    piles, down = observation.piles, observation.down
    if (
        not isinstance(piles, tuple)
        or not isinstance(down, tuple)
        or len(piles) != len(specs)
        or len(down) != len(specs)
    ):
        raise InvalidState(
            f"an observation of a {observation.players}-player game has {len(specs)} piles"
        )
    for spec, cards, d in zip(specs, piles, down, strict=True):
        # every entry an int (not a bool, not a float) from HIDDEN (-1) to MAX_CARD - 1:
        # the types, the least and the greatest, each one pass in C
        if not isinstance(cards, tuple) or (
            cards
            and not (
                set(map(type, cards)) == _INT_ONLY
                and min(cards) >= HIDDEN
                and max(cards) < MAX_CARD
            )
        ):
            raise InvalidState(f"pile {spec.label}: not a tuple of card ids and HIDDEN")
        if not _is_int(d) or not 0 <= d <= len(cards):
            raise InvalidState(f"pile {spec.label}: {quote(d)} face-down cards")
    return specs


def _some_cards(cards: list[int], most: int = 12) -> str:
    """Cards for a message: at most ``most`` of them, then how many more."""
    text = cards_text(cards[:most])
    return text + (f" and {len(cards) - most} more" if len(cards) > most else "")
