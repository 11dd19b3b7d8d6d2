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

from zank.cards import card_unicode, full_deck
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
    A subclass implements five hooks: ``_deal`` and ``_opening_seat`` (the
    deal and who begins), :meth:`generate` (the legal moves, strict or not),
    :meth:`apply_card` and :meth:`end_turn_after` (a card move, the end of a
    turn).  Everything else has a default that a variant overrides where its
    seed says more: the cards (``_cards``, by ``owned_decks``), the
    explanations (``_explain_turn_move`` by the rule ids
    :attr:`rule_turn`, :attr:`rule_end` and :attr:`rule_empty_hand`,
    ``_explain_card`` by the kernel's scan, ``_explain_mandatory`` by
    the first of ``fault_rules``), the validation (:meth:`validate_settled`),
    :meth:`info_after_turning`, :attr:`end_text` and :attr:`demand` (the how-to
    page "Add a variant" walks through them).
    """

    move_kinds = Kind
    end_text: ClassVar[str] = "t-d"
    """The notation of the end move (``end`` is accepted for it too)."""
    demand: ClassVar[bool] = False
    """Table mode has the ``demand`` move (zank-detailed's "Stopp!")."""
    rule_turn: ClassVar[str] = "turn"
    """Rule id of turning the hand card."""
    rule_end: ClassVar[str] = "end"
    """Rule id of the turned card onto the own discard, which ends the turn."""
    rule_empty_hand: ClassVar[str] = "empty-hand"
    """Rule id of the empty hand pile (the discard turned over; ``pass``)."""

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
        """A pack per seat where :attr:`owned_decks` (each with its own back),
        else one pack for the table."""
        if not self.owned_decks:
            return full_deck(0)
        return tuple(c for p in range(players) for c in full_deck(p))

    def own_piles(self, seat: int) -> tuple[int, ...]:
        """State indices of ``seat``'s reserve, hand pile, turned hand card and discard."""
        return self._seat[seat]

    def end_turn(self, state: State, seat: int) -> Move:
        """The move that ends ``seat``'s turn now: the turned hand card onto the
        discard, or ``pass`` when there is none (a call's penalty ends a turn so)."""
        return self._end if state.piles[self._seat[seat][2]] else self._pass

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

    def table_moves(self, state: State) -> tuple[Move, ...]:
        """The moves of table mode: :meth:`generate` with ``strict=False``."""
        return self.generate(state, strict=False)

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
        """Why ``turn``, the end move or ``pass`` is not possible now, or
        ``None``: by :attr:`rule_turn` (a turned card is still to be played or
        discarded), :attr:`rule_end` (no turned card to discard) and
        :attr:`rule_empty_hand` (nothing left to turn; ``pass`` only then)."""
        p = state.to_move
        assert p is not None
        _, hand, turned, discard = (state.piles[i] for i in self._seat[p])
        word = self.pile_words.get(DISCARD, DISCARD)
        if move.kind == TURN:
            if turned:
                return Violation(
                    self.rule_turn,
                    f"your turned hand card {card_unicode(turned[0])} must be played or "
                    f"put on your {word} ({self.end_text}) before you turn the next one",
                )
            if not hand and not discard:
                return Violation(
                    self.rule_empty_hand,
                    f"your hand pile and {word} are empty: there is nothing to turn",
                )
        elif move.kind == END and not turned:
            return Violation(
                self.rule_end, f"you have no turned hand card to put on your {word}: turn one first"
            )
        elif move.kind == PASS and (turned or hand or discard):
            return Violation(
                self.rule_empty_hand,
                "you may pass only with no hand card left to turn; "
                + (
                    f"put the turned card on your {word} ({self.end_text}) to end the turn"
                    if turned
                    else "turn one"
                ),
            )
        return None

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
        (:meth:`validate_turned`).  A variant adds its own checks after
        calling this one."""
        self.validate_table(state)
        info = state.info
        if len(info) != self.base_info or (info and min(info) < 0):
            raise InvalidState(f"info must be {self.base_info} integers >= 0")
        self.validate_turned(state)

    def validate_turned(self, state: State) -> None:
        """Only the player to move may have a turned hand card, and at most one."""
        word = self.pile_words.get(TURNED, "turned hand card")
        for q in range(state.players):
            turned = state.piles[self._seat[q][2]]
            if len(turned) > 1 or (turned and q != state.to_move):
                raise InvalidState(f"p{q}.turned: only the player to move may have one {word}")
