"""The base class of plugin variants that play a hand pile card by card, and
zank-104's: :class:`HandPileTable`, with the move kinds of the hand-pile turn
(:class:`Kind`) and the cut for who begins.

Each player has a reserve, a face-down hand pile (stock, talon), at most one
turned hand card and a face-up discard.  A turn goes: play free cards,
``turn`` the top hand card (turning the discard over first when the hand pile
is empty), play it or put it on the own discard (the *end* move, which ends
the turn), or ``pass`` with nothing left to turn.  The turn itself is a
component of the table (:mod:`zank.family.seat`, which
:class:`~zank.family.table.FamilyTable` plays for every variant with
``hand_turn``: this class, and :class:`~zank.family.stock.StockGame` beside
it); a variant adds its move generator (``generate``), what a card move and
the end of a turn do (``apply_card``, ``end_turn_after``), its explanations
and its ``info`` counters.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import Final

from attrs import frozen

from zank.cards import full_deck
from zank.core import Move, State, Violation
from zank.errors import InvalidState
from zank.family import faults, seat
from zank.family.faults import CALL_KIND, DEMAND_KIND, LET_KIND
from zank.family.table import CARD, FamilyTable
from zank.random import Rng

__all__ = ["END", "MAX_CUTS", "PASS", "TURN", "HandPileTable", "Kind", "cut_packs"]


class Kind(IntEnum):
    """The move kinds of zank-detailed, crapette and zank-104 (``Move.kind``)."""

    CARD = CARD
    """A card from a source to a target (``r-f``, ``h3-h5`` …)."""
    TURN = seat.TURN
    """Turning the top hand card (``turn``; zank-104's talon card)."""
    END = seat.END
    """The turned hand card onto the own discard, which ends the turn (``t-d``;
    ``t-s``, onto the second talon, in zank-104)."""
    PASS = seat.PASS
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
    piles are :data:`~zank.family.seat.RESERVE`,
    :data:`~zank.family.seat.HAND`, :data:`~zank.family.seat.TURNED` and
    :data:`~zank.family.seat.DISCARD`; the move kinds are :class:`Kind`; the
    turn is the table's hand-pile turn (``hand_turn``,
    :func:`zank.family.seat.play`).
    A subclass implements five hooks: ``_deal`` and ``_opening_seat`` (the
    deal and who begins), :meth:`generate` (the legal moves, strict or not),
    :meth:`apply_card` and :meth:`end_turn_after` (a card move, the end of a
    turn).  Everything else has a default that a variant overrides where its
    seed says more: the cards (``_cards``, by ``owned_decks``), the
    explanations (``_explain_turn_move`` by the rule ids
    ``rule_turn``, ``rule_end`` and ``rule_empty_hand``,
    ``_explain_card`` by the kernel's scan, ``_explain_mandatory`` by
    the first of ``fault_rules``), the validation (:meth:`validate_settled`),
    :meth:`info_after_turning`, ``end_text`` and ``demand`` (the how-to
    page "Add a variant" walks through them).
    """

    move_kinds = Kind
    hand_turn = True

    # ----------------------------------------------------------- legal moves
    def generate(self, state: State, strict: bool = True) -> tuple[Move, ...]:
        """The moves of the player to move: with ``strict``, those strict play
        allows; without, every move the cards allow (the mandatory rules left
        aside: what table mode offers, and what ``_explain_card`` refuses
        nothing of)."""
        raise NotImplementedError

    def strict_moves(self, state: State) -> tuple[Move, ...]:
        """The moves of strict play: :meth:`generate` with ``strict=True``."""
        return self.generate(state)

    # ----------------------------------------------------------------- apply
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

    def _explain_card(self, state: State, move: Move) -> Violation | None:
        """Why the cards do not allow card move ``move``, or ``None``: the
        kernel's answer (:meth:`~zank.family.table.FamilyTable.explain_card_move`,
        from the scan that :meth:`~zank.family.table.FamilyTable.layout_moves`
        asks).  A variant whose :meth:`generate` leaves out more card moves
        (mini's house-to-house moves) says why here."""
        return self.explain_card_move(state, move)

    def _explain_mandatory(self, state: State, move: Move) -> Violation:
        """Why a move the cards allow is not allowed now: strict play has other
        moves first, by the first of ``fault_rules`` (the mandatory rules a
        fault breaks), else by ``rule_free``.  A variant with more than one
        mandatory rule says which one here."""
        rule = self.fault_rules[0] if self.fault_rules else self.rule_free
        first = [m.text for m in self.generate(state)]
        shown = ", ".join(first[:8]) + (", ..." if len(first) > 8 else "")
        return Violation(rule, f"{move.text} is not allowed now: strict play has {shown} first")

    # ------------------------------------------------------------ validation
    def validate_settled(self, state: State) -> None:
        """The invariants of a state of strict play: the table
        (:meth:`~zank.family.table.FamilyTable.validate_table`), the
        counters (``base_info`` integers >= 0) and the turned card
        (:meth:`~zank.family.table.FamilyTable.validate_turned`).  A variant
        adds its own checks after calling this one."""
        self.validate_table(state)
        info = state.info
        if len(info) != self.base_info or (info and min(info) < 0):
            raise InvalidState(f"info must be {self.base_info} integers >= 0")
        self.validate_turned(state)
