"""The variants of the family that play a hand pile card by card
(``zank-detailed`` and ``crapette`` through
:class:`~zank.family.stock.StockGame`, ``zank-104``): what they share besides
the table.

Each player has a reserve, a face-down hand pile (stock, talon), at most one
turned hand card and a face-up discard.  A turn goes: play free cards,
``turn`` the top hand card (turning the discard over first when the hand pile
is empty), play it or put it on the own discard (the *end* move, which ends
the turn), or ``pass`` with nothing left to turn.  :class:`HandPileTable`
holds those three moves, the two packs, table mode's plumbing and the cut for
who begins; a variant adds its move generator (``generate``), what a card move
and the end of a turn do (``apply_card``, ``end_turn_after``), its explanations
and its ``info`` counters.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import IntEnum
from typing import ClassVar, Final

from attrs import field, frozen

from zank.cards import full_deck
from zank.core import Move, State, Violation
from zank.errors import InvalidState
from zank.family import faults
from zank.family.faults import CALL_KIND, DEMAND_KIND, LET_KIND
from zank.family.table import CARD, DISCARD, HAND, RESERVE, TURNED, FamilyTable
from zank.random import Rng

__all__ = ["END", "MAX_CUTS", "PASS", "TURN", "HandPileTable", "Kind", "cut_packs"]


class Kind(IntEnum):
    """The move kinds of zank-detailed, crapette and zank-104 (``Move.kind``)."""

    CARD = CARD
    """A card from a source to a target (``r-f``, ``h3-h5`` …)."""
    TURN = 1
    """Turning the top hand card (``turn``; zank-104's talon card)."""
    END = 2
    """The turned hand card onto the own discard, which ends the turn (``t-d``;
    ``t-s``, onto the second talon, in zank-104)."""
    PASS = 3
    """Ending the turn with nothing left to turn (``pass``)."""
    CALL = CALL_KIND
    """The call of table mode ("Stopp!", ``stop``, in zank-detailed; "Crapette!",
    ``crapette``, in crapette; "Halt!", ``halt``, in zank-104)."""
    LET = LET_KIND
    """Letting the move under call pass, in table mode (``let``)."""
    DEMAND = DEMAND_KIND
    """Demanding the discarded card onto a foundation, in zank-detailed's table
    mode (``demand``)."""


# the members as module constants: the hot paths read them as globals
TURN: Final = Kind.TURN
END: Final = Kind.END
PASS: Final = Kind.PASS

MAX_CUTS: Final = 64
"""Ties in a row after which seat 0 begins (:func:`cut_packs`)."""


def cut_packs(rng: Rng, key: Callable[[int], int]) -> int:
    """Both players cut their own pack (seat 0's, then seat 1's card); the
    lower ``key`` of the cut card begins, equal keys cut again; after
    :data:`MAX_CUTS` ties in a row, seat 0 begins."""
    for _ in range(MAX_CUTS):
        a = key(full_deck(0)[rng.below(52)])
        b = key(full_deck(1)[rng.below(52)])
        if a != b:
            return 0 if a < b else 1
    return 0  # pragma: no cover - 64 ties in a row


@frozen(cache_hash=True, kw_only=True)
class HandPileTable(FamilyTable):
    """The base class of the family variants with a hand pile turned card by
    card (a :class:`~zank.family.table.FamilyTable` with table mode).

    Two players, each with a pack of their own (``_cards``); the seat
    piles are :data:`~zank.family.table.RESERVE`,
    :data:`~zank.family.table.HAND`, :data:`~zank.family.table.TURNED` and
    :data:`~zank.family.table.DISCARD`; the move kinds are :class:`Kind`.
    A subclass sets :attr:`end_text` and :attr:`demand`, and implements
    ``strict_moves``, ``table_moves``, ``apply_card``, ``end_turn_after``
    (and ``info_after_turning`` if turning a card resets a counter),
    ``_explain_turn_move``, ``_explain_card``, ``_explain_mandatory`` and
    ``validate_settled`` (the how-to page "Add a variant" walks through them).
    """

    move_kinds = Kind
    end_text: ClassVar[str] = "t-d"
    """The notation of the end move (``end`` is accepted for it too)."""
    demand: ClassVar[bool] = False
    """Table mode has the ``demand`` move (zank-detailed's "Stopp!")."""

    _turn: Move = field(init=False, default=None, eq=False, hash=False, repr=False)
    _end: Move = field(init=False, default=None, eq=False, hash=False, repr=False)
    _pass: Move = field(init=False, default=None, eq=False, hash=False, repr=False)
    # (reserve, hand pile, turned card, discard) of each seat
    _seat: tuple[tuple[int, ...], ...] = field(
        init=False, default=(), eq=False, hash=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        faults.check_options(self)
        super(HandPileTable, self).__attrs_post_init__()
        special = {m.kind: m for m in self.moves if m.kind != CARD}
        object.__setattr__(self, "_turn", special[TURN])
        object.__setattr__(self, "_end", special[END])
        object.__setattr__(self, "_pass", special[PASS])
        kinds = (RESERVE, HAND, TURNED, DISCARD)
        seats = tuple(tuple(self.seat_pile(p, kind) for kind in kinds) for p in range(2))
        object.__setattr__(self, "_seat", seats)
        self._by_text["end"] = self._end

    def _special_moves(self) -> Iterable[tuple[int, str]]:
        return (
            (TURN, "turn"),
            (END, self.end_text),
            (PASS, "pass"),
            *faults.special_moves(self, demand=self.demand),
        )

    def _cards(self, players: int) -> tuple[int, ...]:
        return tuple(c for p in range(players) for c in full_deck(p))

    def own_piles(self, seat: int) -> tuple[int, ...]:
        """State indices of ``seat``'s reserve, hand pile, turned hand card and discard."""
        return self._seat[seat]

    def end_turn(self, state: State, seat: int) -> Move:
        """The move that ends ``seat``'s turn now: the turned hand card onto the
        discard, or ``pass`` when there is none (a call's penalty ends a turn so)."""
        return self._end if state.piles[self._seat[seat][2]] else self._pass

    # ----------------------------------------------------------------- apply
    def strict_apply(self, state: State, move: Move) -> State:
        """A move of strict play; table mode builds on it.

        Turning a hand card and ending a turn move the same cards in every
        variant; a card move (:meth:`apply_card`), the counters that turning
        a card resets (:meth:`info_after_turning`) and what the end of a turn
        counts (:meth:`end_turn_after`) are the variant's."""
        p = state.to_move
        assert p is not None
        piles = list(state.piles)
        down = list(state.down)
        kind = move.kind
        if kind == CARD:
            return self.apply_card(state, move, p, piles, down)
        if kind == TURN:
            self.turn_hand_card(piles, down, p)
            return state.successor(piles, down, p, self.info_after_turning(state.info), state.turn)
        if kind == END:
            self.discard_turned(piles, p)
        return self.end_turn_after(state, p, piles, down)

    def apply_card(
        self, state: State, move: Move, p: int, piles: list[tuple[int, ...]], down: list[int]
    ) -> State:
        """The state after card move ``move`` of seat ``p`` in strict play;
        ``piles`` and ``down`` are ``state``'s as lists, to change in place."""
        raise NotImplementedError

    def info_after_turning(self, info: tuple[int, ...]) -> tuple[int, ...]:
        """``State.info`` after a hand card was turned (by default unchanged)."""
        return info

    def end_turn_after(
        self, state: State, p: int, piles: list[tuple[int, ...]], down: list[int]
    ) -> State:
        """The state after seat ``p``'s turn ended (the turned card, if any,
        already on the discard in ``piles``): the next seat to move, or the
        end of the game."""
        raise NotImplementedError

    # ------------------------------------------------------------ table mode
    def resolve_call(self, window: State, before: State, caller: int) -> State:
        """A right call: the move under call stands (nothing laid is taken
        back, zank-104's "was liegt, das liegt"), the player's turn ends at once
        (a turned hand card goes onto the discard) and the next player plays.
        A variant with another penalty overrides it (zank-detailed)."""
        tail = faults.window_tail(self, window)
        p = tail.by
        s = self.strict_apply(faults.strict_view(self, before), self.moves[tail.action - 1])
        if s.outcome is None and s.to_move == p:
            s = self.strict_apply(s, self.end_turn(s, p))
        return faults.settle(self, s, tail.skip, window.ply + 1)

    def fault_violation(self, state: State, move: Move) -> Violation:
        """The mandatory rule that ``move`` (a fault of table mode) breaks."""
        return self._explain_mandatory(state, move)

    def _explain_strict(self, state: State, move: Move) -> Violation:
        """Why strict play refuses ``move``: what the turn moves
        (:meth:`_explain_turn_move`) or the cards (:meth:`_explain_card`) do
        not allow, else the mandatory rules (:meth:`_explain_mandatory`)."""
        if move.kind == CARD:
            v = self._explain_card(state, move)
        else:
            v = self._explain_turn_move(state, move)
        return v if v is not None else self._explain_mandatory(state, move)

    def _explain_turn_move(self, state: State, move: Move) -> Violation | None:
        """Why ``turn``, the end move or ``pass`` is not possible now, or ``None``."""
        raise NotImplementedError

    def _explain_card(self, state: State, move: Move) -> Violation | None:
        """Why the cards do not allow card move ``move``, or ``None``."""
        raise NotImplementedError

    def _explain_mandatory(self, state: State, move: Move) -> Violation:
        """Why a move the cards allow is not allowed now (the mandatory rules)."""
        raise NotImplementedError

    # ------------------------------------------------------------ validation
    def validate_turned(self, state: State) -> None:
        """Only the player to move may have a turned hand card, and at most one."""
        word = self.pile_words.get(TURNED, "turned hand card")
        for q in range(state.players):
            turned = state.piles[self._seat[q][2]]
            if len(turned) > 1 or (turned and q != state.to_move):
                raise InvalidState(f"p{q}.turned: only the player to move may have one {word}")
