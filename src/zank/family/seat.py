"""A seat's own piles on the family's table, and the hand-pile turn over them.

The kinds of a seat's piles (:data:`RESERVE`, :data:`HAND`, :data:`TURNED`,
:data:`DISCARD`) and of a card move (:data:`CARD`), which every variant of the
family names (:mod:`zank.family.table` exports them too), and the turn of the
variants that turn a hand pile card by card (``zank-detailed`` and ``crapette``
through :class:`~zank.family.stock.StockGame`, ``zank-104`` and plugins through
:class:`~zank.family.hand_pile.HandPileTable`): a component of strict play, as
functions over the rules object, that :class:`~zank.family.table.FamilyTable`
hands such a variant's moves to (as it hands table mode's to
:class:`~zank.family.faults.TableMode`).

A turn goes: play free cards, ``turn`` the top hand card (turning the discard
over first when the hand pile is empty), play it or put it on the own discard
(the *end* move, which ends the turn), or ``pass`` with nothing left to turn.
Turning and ending move the same cards in every variant (:func:`play`); what a
card move and the end of a turn do, and the move list, are the variant's hooks
(``apply_card``, ``end_turn_after``, ``info_after_turning``, ``generate``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from zank.cards import card_unicode
from zank.core import Move, State, Violation
from zank.errors import InvalidState
from zank.family import faults

if TYPE_CHECKING:
    from zank.family.table import FamilyTable

__all__ = [
    "CARD",
    "DISCARD",
    "HAND",
    "RESERVE",
    "TURNED",
    "end_turn",
    "explain_turn_move",
    "play",
    "seat_piles",
    "special_moves",
    "validate_turned",
]

# ---------------------------------------------------------------- pile kinds
RESERVE: Final = "reserve"
"""The seat pile kind of the reserve (top card face up, the rest face down)."""
HAND: Final = "hand"
"""The seat pile kind of the face-down hand pile (stock, Quelle, Talon)."""
TURNED: Final = "turned"
"""The seat pile kind of the hand card just turned up (at most one card)."""
DISCARD: Final = "discard"
"""The seat pile kind of the face-up discard (Abwurfstapel, Ablage, second talon)."""

CARD: Final = 0
"""Move kind of every card move (one card from a source to a target); every
variant's :attr:`~zank.core.Rules.move_kinds` has it as ``CARD``."""

# the move kinds of the hand-pile turn (zank.family.hand_pile.Kind takes them)
TURN: Final = 1
END: Final = 2
PASS: Final = 3


def seat_piles(rules: FamilyTable) -> tuple[tuple[int, ...], ...]:
    """The state indices of each seat's reserve, hand pile, turned hand card
    and discard (:meth:`~zank.family.table.FamilyTable.own_piles`)."""
    kinds = (RESERVE, HAND, TURNED, DISCARD)
    return tuple(tuple(rules.seat_pile(p, kind) for kind in kinds) for p in range(2))


def special_moves(rules: FamilyTable) -> tuple[tuple[int, str], ...]:
    """(kind, notation) of the turn's moves: ``turn``, the end move
    (:attr:`~zank.family.table.FamilyTable.end_text`) and ``pass``, then table
    mode's."""
    return (
        (TURN, "turn"),
        (END, rules.end_text),
        (PASS, "pass"),
        *faults.special_moves(rules, demand=rules.demand),
    )


def play(rules: FamilyTable, state: State, move: Move) -> State:
    """A move of strict play (:meth:`~zank.family.table.FamilyTable.strict_apply`).

    Turning a hand card and ending a turn move the same cards in every
    variant; a card move (``apply_card``), the counters that turning a card
    resets (``info_after_turning``) and what the end of a turn counts
    (``end_turn_after``) are the variant's."""
    p = state.to_move
    assert p is not None
    piles = list(state.piles)
    down = list(state.down)
    kind = move.kind
    if kind == CARD:
        return rules.apply_card(state, move, p, piles, down)
    if kind == TURN:
        rules.turn_hand_card(piles, down, p)
        return state.successor(piles, down, p, rules.info_after_turning(state.info), state.turn)
    if kind == END:
        rules.discard_turned(piles, p)
    return rules.end_turn_after(state, p, piles, down)


def end_turn(rules: FamilyTable, state: State, seat: int) -> Move:
    """The move that ends ``seat``'s turn now: the turned hand card onto the
    discard, or ``pass`` when there is none (a call's penalty ends a turn so)."""
    return rules._end if state.piles[rules._seat[seat][2]] else rules._pass


def explain_turn_move(rules: FamilyTable, state: State, move: Move) -> Violation | None:
    """Why ``turn``, the end move or ``pass`` is not possible now, or ``None``:
    by ``rule_turn`` (a turned card is still to be played or discarded),
    ``rule_end`` (no turned card to discard) and ``rule_empty_hand`` (nothing
    left to turn; ``pass`` only then)."""
    p = state.to_move
    assert p is not None
    _, hand, turned, discard = (state.piles[i] for i in rules._seat[p])
    word = rules.pile_words.get(DISCARD, DISCARD)
    end_text = rules.end_text
    if move.kind == TURN:
        if turned:
            return Violation(
                rules.rule_turn,
                f"your turned hand card {card_unicode(turned[0])} must be played or "
                f"put on your {word} ({end_text}) before you turn the next one",
            )
        if not hand and not discard:
            return Violation(
                rules.rule_empty_hand,
                f"your hand pile and {word} are empty: there is nothing to turn",
            )
    elif move.kind == END and not turned:
        return Violation(
            rules.rule_end, f"you have no turned hand card to put on your {word}: turn one first"
        )
    elif move.kind == PASS and (turned or hand or discard):
        return Violation(
            rules.rule_empty_hand,
            "you may pass only with no hand card left to turn; "
            + (
                f"put the turned card on your {word} ({end_text}) to end the turn"
                if turned
                else "turn one"
            ),
        )
    return None


def validate_turned(rules: FamilyTable, state: State) -> None:
    """Only the player to move may have a turned hand card, and at most one."""
    word = rules.pile_words.get(TURNED, "turned hand card")
    for q in range(state.players):
        turned = state.piles[rules._seat[q][2]]
        if len(turned) > 1 or (turned and q != state.to_move):
            raise InvalidState(f"p{q}.turned: only the player to move may have one {word}")
