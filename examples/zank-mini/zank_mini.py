"""A sixth member of the Zank-Patience family, small enough to read at once: ``mini``.

The worked example of the how-to page "Adding a variant"
(``docs/howto/adding-a-variant.md``), which explains every piece and holds the
rules page of this toy game (the rule ids ``MINI-1`` … below).  One pack of 52
cards is shared out: four foundations, four houses, and for each player a
reserve of five and a hand pile turned card by card.  Table mode lets a player
overlook a foundation move, and the opponent may call "halt".

It is a package of its own (``examples/zank-mini/pyproject.toml``), as a variant
of yours would be: installed (``pip install examples/zank-mini``), its entry point
in the group ``zank.variants`` makes ``zank.variant("mini")``, ``zank play mini``,
``zank simulate mini``, the adapters and the contract suite find it, with no change
to zank. Run as a script, it registers the variant itself and plays a game
(``tests/test_mini_variant.py`` runs the contract checks on it)::

    python examples/zank-mini/zank_mini.py
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final, NamedTuple

from attrs import field, frozen

import zank
from zank.agents import GreedyAgent, RandomAgent
from zank.agents.base import best_move
from zank.cards import card_unicode, full_deck
from zank.core import (
    Move,
    Observation,
    Result,
    Rules,
    State,
    Termination,
    Violation,
    option_validator,
)
from zank.errors import InvalidState
from zank.family import faults
from zank.family.hand_pile import TURN, HandPileTable
from zank.family.table import CARD
from zank.random import Rng
from zank.registry import register

HOUSES: Final = 4
RESERVE_SIZE: Final = 5
SRC_RESERVE, SRC_TURNED = 0, 1  # source codes of the own piles (FamilyTable.sources)


class MiniInfo(NamedTuple):
    """``State.info`` of mini by name (:meth:`Mini.info_of`)."""

    stale: int  # turns in a row without a card onto a foundation (MINI-12)
    flags: int  # 1: this turn a card reached a foundation


START: Final = MiniInfo(0, 0)


@frozen(cache_hash=True, kw_only=True)
class Mini(HandPileTable):
    """Mini Zank-Patience, for two players (the rules: MINI-1 to MINI-13)."""

    # -- what the table is: class variables of FamilyTable and Rules
    name = "mini"
    presets: ClassVar[tuple[dict[str, Any], ...]] = ({}, {"no_progress_turns": 8})
    table_presets: ClassVar[tuple[dict[str, Any], ...]] = (
        {"table_mode": True},
        {"table_mode": True, "call_window": faults.EVERY_MOVE},
    )
    greedy_policy: ClassVar[str | None] = f"{__name__}:mini_policy"
    owned_decks = False  # MINI-1: one pack, one back
    foundation_count = HOUSES
    house_count = HOUSES
    rule_free, rule_foundation, rule_house, rule_pack = "MINI-4", "MINI-5", "MINI-6", "MINI-7"
    rule_turn, rule_end, rule_empty_hand = "MINI-9", "MINI-10", "MINI-10"
    # -- table mode (zank.family.faults)
    fault_rules: ClassVar[tuple[str, ...]] = ("MINI-8",)
    call_rule: ClassVar[str] = "MINI-13"
    call_text: ClassVar[str] = "halt"
    self_call: ClassVar[bool] = False
    wrong_call_misses_turn: ClassVar[bool] = False
    defer_end: ClassVar[bool] = False
    base_info: ClassVar[int] = len(START)

    # -- options: attrs fields, keyword-only
    no_progress_turns: int = field(default=30, validator=option_validator(low=2, high=1000))
    table_mode: bool = faults.table_mode_option()
    call_window: str = faults.call_window_option()

    def info_of(self, state: State | Observation) -> MiniInfo:
        """The counters of ``state.info`` by name."""
        return MiniInfo._make(state.info[: self.base_info])

    def _deal(self, rng: Rng, players: int) -> State:
        pack = rng.shuffle(list(full_deck(0)))
        piles: list[tuple[int, ...]] = [()] * len(self.layout(players))
        down = [0] * len(piles)
        for h in range(HOUSES):  # MINI-2: one face-up card on each house
            piles[self.house_base + h] = (pack[h],)
        share = (len(pack) - HOUSES) // players
        for p in range(players):
            cards = pack[HOUSES + p * share : HOUSES + (p + 1) * share]
            reserve, hand, _, _ = self.own_piles(p)
            piles[reserve] = tuple(cards[:RESERVE_SIZE])
            down[reserve] = RESERVE_SIZE - 1  # the top card face up
            piles[hand] = tuple(cards[RESERVE_SIZE:])
            down[hand] = len(piles[hand])
        info = faults.start_info(self, START)  # MINI-13: table mode's tail
        return State.dealt(self, players, piles, down, 0, rng.state, info)  # MINI-3

    def _opening_seat(self, state: State, rng: Rng) -> int:
        """MINI-3: seat 0 begins every deal (``rules.opening_seat`` asks this)."""
        return 0

    # -- legal moves: one generator, strict or not
    def generate(self, state: State, strict: bool = True) -> tuple[Move, ...]:
        """The moves of the player to move; ``strict=False`` leaves MINI-8 aside."""
        p = state.to_move
        assert p is not None
        piles = state.piles
        reserve, hand, turned, discard = (piles[i] for i in self.own_piles(p))
        own = [(SRC_RESERVE, reserve[-1])] if reserve else []  # MINI-4: the free cards
        if turned:
            own.append((SRC_TURNED, turned[-1]))
        scan = self.scan(piles, p)  # the kernel scan: what fits where
        # MINI-5..7; blocked=-1: no house card moves to another house (MINI-6)
        found, moves, _ = self.layout_moves(piles, own, scan, blocked=-1, found_only=strict)
        if found and strict:
            return tuple(found)  # MINI-8: the foundations first
        moves[:0] = found
        if turned:
            moves.append(self._end)  # MINI-10
        elif hand or discard:
            moves.append(self._turn)  # MINI-9
        else:
            moves.append(self._pass)  # MINI-10
        return tuple(moves)

    # -- apply: the base's strict_apply turns and discards hand cards (MINI-9,
    # MINI-10) and asks the variant what a card move and the end of a turn do
    def apply_card(
        self, state: State, move: Move, p: int, piles: list[tuple[int, ...]], down: list[int]
    ) -> State:
        """A card move of strict play (MINI-5 to MINI-7, MINI-11)."""
        stale, flags = state.info
        self.move_card(piles, down, p, move.source, move.target)
        if move.target == 0:
            flags = 1
        outcome: Result | None = None
        if not any(piles[i] for i in self.own_piles(p)):
            outcome = self._result(piles, p)  # MINI-11
        to_move = None if outcome is not None else p
        return state.successor(
            piles, down, to_move, info=(stale, flags), turn=state.turn, outcome=outcome
        )

    def end_turn_after(
        self, state: State, p: int, piles: list[tuple[int, ...]], down: list[int]
    ) -> State:
        """The end of a turn (MINI-10), or of the game without progress (MINI-12)."""
        stale, flags = state.info
        stale = 0 if flags else stale + 1
        outcome: Result | None = None
        if stale >= self.no_progress_turns:
            outcome = self._result(piles, None)  # MINI-12
        to_move = None if outcome is not None else 1 - p
        return state.successor(
            piles, down, to_move, info=(stale, 0), turn=state.turn + 1, outcome=outcome
        )

    def _result(self, piles: list[tuple[int, ...]], winner: int | None) -> Result:
        left = [sum(len(piles[i]) for i in self.own_piles(q)) for q in range(2)]
        if winner is not None:  # MINI-11
            points = tuple(left[1 - winner] if q == winner else 0 for q in range(2))
            return Result(winner, points, Termination.WENT_OUT)
        if left[0] == left[1]:  # MINI-12
            return Result(None, (0, 0), Termination.NO_PROGRESS)
        w = 0 if left[0] < left[1] else 1
        points = tuple(abs(left[0] - left[1]) if q == w else 0 for q in range(2))
        return Result(w, points, Termination.NO_PROGRESS)

    # -- explanations: why check() refuses a move, by a rule id of the page.  The
    # base explains turn, t-d and pass (by rule_turn, rule_end, rule_empty_hand),
    # the cards (the kernel's scan) and the mandatory rule (fault_rules[0]: MINI-8);
    # mini adds only what its generator leaves out beyond the cards
    def _explain_card(self, state: State, move: Move) -> Violation | None:
        """Why the cards do not allow ``move`` (MINI-4 to MINI-7), or ``None``."""
        if move.source >= self.house_source and 0 < move.target < self.pack_target:
            return Violation("MINI-6", "a house card never moves to another house")
        return self.explain_card_move(state, move)  # the kernel's answer, from the scan

    # -- validation: the invariants of a state of strict play
    def validate_settled(self, state: State) -> None:
        """The base's checks (the table, two counters >= 0, the turned card),
        then mini's own: the counters' ranges and the houses face up (MINI-2)."""
        super().validate_settled(state)
        info = self.info_of(state)
        if info.flags > 1 or info.stale > self.no_progress_turns:
            raise InvalidState("info: flags or stale out of range")
        for h in range(HOUSES):
            if state.down[self.house_base + h]:
                raise InvalidState(f"h{h + 1}: house cards lie face up")


def mini_policy(
    rules: Rules, observation: Observation, legal_moves: Sequence[Move], rng: Rng
) -> Move:
    """The greedy policy of mini: foundations, then the reserve, the turned card,
    packing the opponent; a house card last, turning before ending the turn."""
    assert isinstance(rules, Mini)

    def score(move: Move) -> int:
        if move.kind != CARD:
            return 1 if move.kind == TURN else 0
        if move.target == 0:
            return 100
        base = 10 if move.source >= rules.house_source else 50 - 20 * move.source
        return base + 5 * (move.target >= rules.pack_target)

    return best_move(legal_moves, score, rng)


def main() -> None:
    """Register mini and play one game, greedy against random."""
    if "mini" not in zank.VARIANTS:
        register(Mini)  # what @register does, here only when the example runs
    rules = zank.variant("mini")
    assert isinstance(rules, Mini)
    state = rules.new_game(seed=4)
    houses = " ".join(card_unicode(state.pile(f"h{h + 1}")[-1]) for h in range(HOUSES))
    print(f"houses {houses}; legal: {', '.join(m.text for m in rules.legal_moves(state))}")
    print("r-h1:", rules.check(state, rules.parse_move_text("r-h1")))
    record = zank.play(rules, [GreedyAgent(1), RandomAgent(2)], seed=4)
    print(f"{len(record.moves)} moves: {record.result}")


if __name__ == "__main__":
    main()
