"""Tests for survivors of the twelfth mutation campaign in
``zank.family.classic`` (issue 38)."""

from __future__ import annotations

import attrs
import pytest

import zank
from zank.cards import DECK, RANK, SUIT, parse_card
from zank.core import Result, State, Termination
from zank.errors import InvalidState
from zank.family import faults
from zank.family.classic_common import (
    F_PROGRESS,
    GOAL_FREE,
    I_BUDGET,
    I_EMPTIES,
    I_FLAGS,
    I_GOAL,
    I_TARGET,
)

from .positions import KINGS, play, position, texts
from .test_classic import RULES as CLASSIC
from .test_classic import pos3

SCHIKANIEREN = zank.variant("schikanieren")
TABLE = zank.variant("zank", table_mode=True)


def test_a_face_down_card_turned_up_by_a_pack_move_resets_the_empties_count() -> None:
    # the Schikanier top 5♥ packs onto the opponent's Schikanier pile (move 6) and
    # turns up the J♣ under it: progress, so the count of edge piles emptied since
    # (Z-10; two here) starts again, though the card went to no centre or edge pile
    info = [0] * 7
    info[I_EMPTIES] = 2
    piles = {**KINGS, "p0.discard": "9c", "p0.schikanier": "Jc 5h", "p1.schikanier": "6h:1"}
    state = position(SCHIKANIEREN, piles, down={"p0.schikanier": 1}, info=tuple(info), turn=9)
    assert texts(SCHIKANIEREN, state) == ["s-os"]
    after = play(SCHIKANIEREN, state, "s-os")
    assert after.pile("p0.schikanier") == (parse_card("Jc"),)
    assert after.info == (0, 0, 0, 0, 0, 0, 1)
    assert after.info[I_EMPTIES] == 0
    assert after.info[I_FLAGS] == F_PROGRESS


def test_in_table_mode_a_fault_that_would_win_wins_only_if_nobody_calls() -> None:
    # p0's last card, 5♣, onto h1's 6♥ while the centre's 4♣ takes it (move 4
    # first): the game ends only when every seat lets the fault pass (Z-21)
    piles = {**KINGS, "h1": "6h", "f1": "Ac 2c 3c 4c", "p0.hand": "", "p0.discard": "5c"}
    state = position(TABLE, piles, rest="p1.hand", turn=9)
    fault = play(TABLE, state, "d-h1")
    assert fault.outcome is None
    assert fault.phase == faults.CALL
    assert texts(TABLE, fault) == ["stop", "let"]
    won = play(TABLE, fault, "let", "let")
    assert won.outcome is not None
    assert won.outcome.winner == 0
    assert won.outcome.reason is Termination.WENT_OUT
    called = play(TABLE, fault, "let", "stop")
    assert called.outcome is None
    assert called.to_move == 1
    assert called.pile("p0.discard") == (parse_card("5c"),)
    assert called.pile("f1")[-1] == parse_card("4c")


def test_a_fault_is_kept_in_the_window_by_its_rule_number() -> None:
    # the state's tail holds 1 + the rule's index in fault_rules: zank's rules
    # Z-1 to Z-21 are numbered as themselves, so saved window states keep
    # naming the same rule (here Z-15: the lifted 2♣ onto the own discard
    # though the centre's A♣ takes it)
    state = position(TABLE, {**KINGS, "f1": "Ac", "p0.hand": "2c", "p0.discard": "9h"}, turn=9)
    window = play(TABLE, state, "draw", "t-d")
    assert faults.pending_rule(TABLE, window) == "Z-15"
    assert faults.window_tail(TABLE, window).rule == 15
    assert TABLE.fault_rules[:2] == ("Z-1", "Z-2")
    assert TABLE.fault_rules[20:24] == ("Z-21", "Z-V1", "Z-V2", "Z-V3")


def test_the_end_of_a_turn_clears_the_turns_counters() -> None:
    # 2♣ lifted fits nothing but the own discard: t-d ends the turn; the
    # announcement, the empties count and the flags start again, the turns
    # without progress count one more
    info = [0] * 7
    info[I_EMPTIES] = 2
    piles = {**KINGS, "p0.hand": "2c", "p0.discard": "9h"}
    state = position(zank.variant("zank"), piles, info=tuple(info), turn=9)
    after = play(zank.variant("zank"), state, "draw", "t-d")
    assert after.to_move == 1
    assert after.info == (0, 0, 0, 0, 0, 1, 0)


def _all_on_the_foundations() -> State:
    """Every card of two-player zank on the centre piles: no seat has a card
    left (a position no game reaches)."""
    rules = zank.variant("zank")
    state = rules.new_game(seed=1)
    runs: dict[tuple[int, int], list[int]] = {}
    for card in sorted(rules.cards(2)):
        runs.setdefault((DECK[card], SUIT[card]), []).append(card)
    piles: list[tuple[int, ...]] = [()] * len(state.piles)
    for i, run in enumerate(runs.values()):
        piles[i] = tuple(sorted(run, key=lambda card: RANK[card]))
    return attrs.evolve(
        state,
        piles=tuple(piles),
        down=(0,) * len(piles),
        to_move=None,
        outcome=Result(0, (1, 0), Termination.WENT_OUT),
    )


def test_an_outcome_is_refused_when_both_seats_have_no_card_left() -> None:
    # the outcome must be the one the position gives: with two seats gone out
    # at once it gives none (Z-19 names one winner), so seat 0's win is refused
    with pytest.raises(
        InvalidState, match=r"^'outcome' is not the one the position gives: the game is not over$"
    ):
        zank.variant("zank").validate(_all_on_the_foundations())


def test_the_cards_left_are_source_lifted_card_and_discard_once_each() -> None:
    rules = zank.variant("zank")
    piles = {**KINGS, "p0.hand": "2c", "p0.discard": "9h 8c", "p1.discard": "5d:1"}
    state = play(rules, position(rules, piles, turn=9), "draw")
    want = tuple(
        sum(len(state.pile(f"p{p}.{kind}")) for kind in ("hand", "turned", "discard"))
        for p in range(2)
    )
    assert want == (52 - 4, 52 - 4)  # each pack less its four kings on the edge piles
    assert rules.cards_left(state) == want


def test_three_players_announced_manoeuvre_may_not_use_the_pile_it_removes() -> None:
    # free 6♥ (under 5♣, which only an empty edge pile takes): emptying h2
    # (9♥ onto 10♠) would make room in a two-player game, but with three the
    # first edge pile emptied leaves the game (Z-V3): the manoeuvre is out of
    # reach, so validate refuses it as announced (and it is not offered)
    piles = {
        "f1": "Ah 2h 3h 4h 5h",
        "h1": "6h 5c",
        "h2": "9h",
        "h3": "Ts",
        "h4": "Kc",
        "h5": "Kd",
        "h6": "Kh",
        "h7": "Ks",
        "h8": "Kc:1",
        "h9": "Kd:1",
        "p0.discard": "8d",
    }
    state = pos3(piles)
    assert texts(CLASSIC, state) == ["empty h2"]
    info = list(state.info)
    info[I_GOAL], info[I_TARGET], info[I_BUDGET] = GOAL_FREE, parse_card("6h"), 6
    with pytest.raises(
        InvalidState,
        match=r"^info: the announced manoeuvre is out of reach: it would have been cleared "
        r"\(Z-9, Z-10\)$",
    ):
        CLASSIC.validate(attrs.evolve(state, info=tuple(info)))
