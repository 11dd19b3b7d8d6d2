"""zank (seed 000): one test or more per rule of docs/rules/zank.md."""

from __future__ import annotations

import concurrent.futures
import sys
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest

import zank
from zank.agents import GreedyAgent, RandomAgent
from zank.cards import DECK, IS_JOKER, card_text, cards_text, full_deck, parse_cards
from zank.core import HIDDEN, State, Termination
from zank.family import greedy_classic
from zank.family.classic import ClassicZank
from zank.family.classic_common import (
    EMPTY,
    FREE,
    GOAL_EMPTY,
    GOAL_FREE,
    HIDDEN_CARD,
    I_EMPTIES,
    I_GOAL,
    I_REMOVED,
    I_STALE,
    JOKER_CARD,
    START_INFO,
    Config,
)
from zank.family.fits import FKEY
from zank.family.table import CARD
from zank.random import Rng

from ..matrix import finished_game
from .positions import KINGS, c, play, position, texts, violation


def rules_with(**options: object) -> ClassicZank:
    rules = zank.variant("zank", **options)
    assert isinstance(rules, ClassicZank)
    return rules


RULES = rules_with()
ADVANCED = rules_with(advanced=True)


def pos(
    rules: ClassicZank,
    piles: Mapping[str, str],
    *,
    turn: int = 9,
    to_move: int = 0,
    rest: str = "hand",
    info: tuple[int, ...] | None = None,
) -> State:
    """A two-player position (see ``positions.position``) in turn ``turn``
    (by default past the first round, so Z-18 does not apply)."""
    return position(rules, piles, to_move=to_move, rest=rest, info=info, turn=turn)


def pos3(piles: Mapping[str, str], *, turn: int = 9, removed: int = 0, to_move: int = 0) -> State:
    """A three-player position: unnamed cards go to the bottom of p2's
    source, the joker aside unless named."""
    specs = RULES.layout(3)
    labels = [s.label for s in specs]
    named = {label: list(parse_cards(text)) for label, text in piles.items()}
    assert set(named) <= set(labels)
    left = Counter(RULES.cards(3))
    for cards in named.values():
        for x in cards:
            assert left[x]
            left[x] -= 1
    out = {label: named.get(label, []) for label in labels}
    for k, x in enumerate(sorted(left.elements())):
        if IS_JOKER[x]:
            out["aside"].append(x)
        else:  # under the named cards of every seat's source: a seat without cards has won
            out[f"p{k % 3}.hand"].insert(0, x)
    down = {s.label: len(out[s.label]) if s.kind == "hand" else 0 for s in specs}
    piles_text = {label: cards_text(cards) for label, cards in out.items()}
    state = RULES.setup(
        piles_text, players=3, to_move=to_move, down=down, turn=turn, removed=removed
    )
    assert state.info[I_REMOVED] == removed
    return state


# ------------------------------------------------------------------ Z-1, Z-2
def test_each_deck_is_a_source_whose_top_card_starts_the_discard() -> None:
    state = RULES.new_game(seed=4)
    for p in range(2):
        hand, discard = state.pile(f"p{p}.hand"), state.pile(f"p{p}.discard")
        assert len(hand) == 51
        assert len(discard) == 1
        assert state.down[RULES.pile_index(2, f"p{p}.hand")] == 51
        assert sorted((*hand, *discard)) == sorted(full_deck(p))  # Z-1: own pack
    assert all(state.pile(f"h{h}") == () for h in range(1, 9))
    assert all(state.pile(f"f{i}") == () for i in range(1, 9))
    assert [s.label for s in RULES.layout(2)][16:] == [
        "p0.hand",
        "p0.turned",
        "p0.discard",
        "p1.hand",
        "p1.turned",
        "p1.discard",
    ]
    assert state.info == START_INFO
    assert state == RULES.new_game(seed=4)


def test_observations_hide_the_sources() -> None:
    state = RULES.new_game(seed=4)
    obs = RULES.observe(state, 0)
    hand = RULES.pile_index(2, "p0.hand")
    assert set(obs.piles[hand]) == {HIDDEN}
    assert obs.piles[RULES.pile_index(2, "p1.discard")] == state.pile("p1.discard")


# ------------------------------------------------------------------------ Z-3
def test_who_begins_is_drawn_by_lot_unless_first_player_is_given() -> None:
    assert {RULES.new_game(seed=s).to_move for s in range(20)} == {0, 1}
    assert {RULES.new_game(seed=s, players=3).to_move for s in range(30)} == {0, 1, 2}
    assert {rules_with(first_player=1).new_game(seed=s).to_move for s in range(5)} == {1}
    with pytest.raises(zank.OptionError, match="first_player"):
        rules_with(first_player=3)
    with pytest.raises(zank.OptionError, match="no seat"):
        rules_with(first_player=2).new_game(seed=1)


def test_the_left_neighbour_plays_next() -> None:
    state = RULES.new_game(seed=2, players=3)
    seats = [state.to_move]
    rng = Rng(1)
    while len(seats) < 7:
        before = state.to_move
        moves = RULES.legal_moves(state)
        state = RULES.apply(state, moves[rng.below(len(moves))])
        if state.to_move != before and state.to_move is not None:
            seats.append(state.to_move)
    first = seats[0]
    assert first is not None
    assert seats == [(first + k) % 3 for k in range(7)]


# ----------------------------------------------------------------- Z-4, Z-5
def test_centre_piles_build_up_in_suit_from_the_ace() -> None:
    state = pos(RULES, {**KINGS, "f1": "Ac", "h2": "2h", "p0.discard": "3c"})
    v = violation(RULES, state, "h2-f")
    assert v.rule == "Z-4"
    assert "needs a centre pile showing the A♥" in v.message


def test_edge_piles_build_down_in_alternating_colours() -> None:
    state = pos(RULES, {**KINGS, "h1": "Ts", "p0.discard": "9c"})
    v = violation(RULES, state, "d-h1")
    assert v.rule == "Z-5"
    assert v.message == "9♣ cannot go on edge pile 1: it shows 10♠, which takes a red 9"


def test_a_card_for_an_empty_edge_pile_goes_into_the_first_one() -> None:
    state = pos(RULES, {**KINGS, "h3": "", "h6": "", "p0.discard": "9c"})
    assert texts(RULES, state) == ["d-h3", "draw"]
    assert violation(RULES, state, "d-h6").rule == "Z-5"


# ------------------------------------------------------------------ Z-7, Z-8
def test_move_1_edge_to_centre_comes_before_everything() -> None:
    state = pos(RULES, {**KINGS, "f1": "Ac", "h2": "2c", "p0.discard": "2c:1"})
    assert texts(RULES, state) == ["h2-f"]
    v = violation(RULES, state, "d-f")
    assert v.rule == "Z-7"
    assert "move 4 is not allowed while move 1 is possible (h2-f)" in v.message
    state = play(RULES, state, "h2-f")
    assert state.pile("f1") == (c("Ac"), c("2c"))
    assert texts(RULES, state) == ["d-h2", "draw"]


# ------------------------------------------------------------------------ Z-9
FREE_5C = {
    **KINGS,
    "f1": "Ac 2c 3c 4c",
    "h3": "5c 4h",
    "h4": "5s",
    "p0.discard": "Ad",
}


def test_move_2_announce_the_card_then_free_it_then_play_it() -> None:
    state = pos(RULES, FREE_5C)
    assert texts(RULES, state) == ["free 5c"]  # before move 4 (d-f)
    assert violation(RULES, state, "d-f").rule == "Z-7"
    v = violation(RULES, state, "h3-h4")
    assert v.rule == "Z-9"
    assert "announced manoeuvre" in v.message
    state = play(RULES, state, "free 5c")
    assert state.info[:3] == (GOAL_FREE, c("5c"), RULES.manoeuvre_steps)
    assert texts(RULES, state) == ["h3-h4"]
    assert violation(RULES, state, "d-f").rule == "Z-9"
    state = play(RULES, state, "h3-h4")
    assert state.info[I_GOAL] == 0  # done: the card is free
    assert texts(RULES, state) == ["h3-f"]
    state = play(RULES, state, "h3-f", "d-f")
    assert state.pile("f1")[-1] == c("5c")


def test_move_2_is_announced_only_when_it_can_be_done() -> None:
    state = pos(RULES, {**FREE_5C, "h4": "Ks"})  # no black 5 and no empty edge pile
    assert texts(RULES, state) == ["d-f"]
    v = violation(RULES, state, "free 5c")
    assert v.rule == "Z-9"
    assert "cannot be freed in at most 6 single moves" in v.message
    assert "lies on no edge pile" in violation(RULES, state, "free 7h").message
    assert "not covered" in violation(RULES, state, "free 4h").message


def test_move_2_may_use_an_empty_edge_pile_for_a_card_that_fits_nowhere() -> None:
    state = pos(RULES, {**FREE_5C, "h4": ""})
    assert texts(RULES, state) == ["free 5c"]
    state = play(RULES, state, "free 5c")
    assert texts(RULES, state) == ["h3-h4"]


def test_a_step_must_keep_the_announcement_within_reach() -> None:
    rules = rules_with(manoeuvre_steps=2)
    # 7h under 6s under 5d; 5d can go on 6c (h5), 6s on 7d (h6)
    state = pos(
        rules,
        {
            **KINGS,
            "f1": "Ah 2h 3h 4h 5h 6h",
            "h3": "7h 6s 5d",
            "h5": "6c",
            "h6": "7d",
            "h7": "6c:1",
        },
    )
    assert texts(rules, state) == ["free 7h"]
    state = play(rules, state, "free 7h")
    assert texts(rules, state) == ["h3-h5", "h3-h7"]
    state = play(rules, state, "h3-h7")
    # with one move left, only 6s onto 7d serves; 5d back onto 6c:1 or 6c does not
    assert texts(rules, state) == ["h3-h6"]
    assert violation(rules, state, "h7-h5").rule == "Z-9"


# ----------------------------------------------------------------------- Z-10
def test_move_3_announce_the_edge_pile_then_empty_it() -> None:
    state = pos(RULES, {**KINGS, "h1": "9h", "h2": "Ts", "p0.discard": "Ad"})
    assert texts(RULES, state) == ["empty h1"]  # before move 4 (d-f)
    state = play(RULES, state, "empty h1")
    assert state.info[:2] == (GOAL_EMPTY, 0)
    assert state.info[I_EMPTIES] == 1
    assert texts(RULES, state) == ["h1-h2"]
    state = play(RULES, state, "h1-h2")
    assert state.info[I_GOAL] == 0
    assert state.pile("h1") == ()
    assert texts(RULES, state) == ["d-f"]


def test_move_2_comes_before_move_3() -> None:
    state = pos(RULES, {**FREE_5C, "h1": "9h", "h2": "Ts"})
    assert texts(RULES, state) == ["free 5c"]
    v = violation(RULES, state, "empty h1")
    assert v.rule == "Z-7"
    assert "move 2 comes first" in v.message


def test_a_card_goes_onto_an_empty_edge_pile_only_if_it_fits_no_other() -> None:
    # to empty h1, 9h must leave 10♠ first: into the empty h8 (it fits nowhere)
    state = pos(RULES, {**KINGS, "h1": "Ts 9h", "h2": "Jd", "h8": ""})
    assert texts(RULES, state) == ["empty h1"]
    state = play(RULES, state, "empty h1")
    assert texts(RULES, state) == ["h1-h8"]
    state = play(RULES, state, "h1-h8", "h1-h2")
    assert state.pile("h1") == ()
    assert state.pile("h2") == (c("Jd"), c("Ts"))
    # with a black 10 on the table, 9h must go there and not into the gap
    state = pos(RULES, {**KINGS, "h1": "Ts 9h", "h2": "Jd", "h3": "Tc", "h8": ""})
    assert texts(RULES, state) == ["empty h1", "empty h3"]
    state = play(RULES, state, "empty h1")
    # (h3-h2 is a detour that still serves: 10♣ may come back into the empty h3)
    assert texts(RULES, state) == ["h1-h3", "h3-h2"]
    v = violation(RULES, state, "h1-h8")
    assert v.rule == "Z-6"
    assert "fits edge pile 3" in v.message


def test_moving_edge_cards_needs_an_announcement() -> None:
    state = pos(RULES, {**KINGS, "h1": "9h", "h2": "Ts", "p0.discard": "Ad"})
    v = violation(RULES, state, "h1-h2")
    assert v.rule == "Z-9"
    assert "announced manoeuvre" in v.message
    assert violation(RULES, state, "h1-od").rule == "Z-7"


def test_move_3_stops_after_too_many_empty_piles_without_progress() -> None:
    info = list(START_INFO)
    info[I_EMPTIES] = ClassicZank.empties_per_progress
    state = pos(RULES, {**KINGS, "h1": "9h", "h2": "Ts", "p0.discard": "Ad"}, info=tuple(info))
    assert texts(RULES, state) == ["d-f"]
    assert "no more this turn" in violation(RULES, state, "empty h1").message


# ------------------------------------------------------------ Z-11 .. Z-13
def test_move_4_discard_to_centre_comes_before_move_5() -> None:
    state = pos(RULES, {**KINGS, "h1": "Kc Qh", "p0.discard": "Js Ad"})
    assert texts(RULES, state) == ["d-f"]
    state = play(RULES, state, "d-f")
    assert texts(RULES, state) == ["d-h1"]


def test_move_5_discard_to_an_edge_pile_comes_before_moves_6_and_7() -> None:
    state = pos(RULES, {**KINGS, "h1": "Ts", "p0.discard": "9h", "p1.discard": "8h:1"})
    assert texts(RULES, state) == ["d-h1"]
    v = violation(RULES, state, "d-od")
    assert v.rule == "Z-7"
    assert "move 6 is not allowed while move 5 is possible" in v.message


def test_move_6_packs_the_opponents_discard_only_while_no_edge_pile_is_empty() -> None:
    state = pos(RULES, {**KINGS, "p0.discard": "9h", "p1.discard": "8h:1"})
    assert texts(RULES, state) == ["d-od"]
    state = play(RULES, state, "d-od")
    assert state.pile("p1.discard")[-2:] == (c("8h:1"), c("9h"))
    assert state.to_move == 0
    state = pos(RULES, {**KINGS, "h8": "", "p0.discard": "9h", "p1.discard": "8h:1"})
    assert texts(RULES, state) == ["d-h8", "draw"]
    v = violation(RULES, state, "d-od")
    assert v.rule == "Z-13"
    assert "only while no edge pile is empty" in v.message
    state = pos(RULES, {**KINGS, "p0.discard": "9h", "p1.discard": "9h:1"})
    assert "which takes 8♥ or queen" not in violation(RULES, state, "d-od").message
    assert violation(RULES, state, "d-od").rule == "Z-13"


# ----------------------------------------------------------------- Z-14, 15
def test_move_7_is_the_players_choice_of_7a_and_7b() -> None:
    state = pos(RULES, {**KINGS, "h5": "", "p0.discard": "9c"})
    assert texts(RULES, state) == ["d-h5", "draw"]
    after = play(RULES, state, "d-h5")
    assert after.pile("h5") == (c("9c"),)


@pytest.mark.parametrize(
    ("piles", "expected"),
    [
        ({"f1": "Ac", "h1": "3d"}, ["t-f"]),  # the centre before a fitting edge pile
        ({"h1": "3d", "h2": "3h", "h3": ""}, ["t-h1", "t-h2"]),  # non-empty edge piles
        ({"h3": ""}, ["t-h3"]),  # then an empty edge pile
        ({"p1.discard": "3c:1"}, ["t-od"]),  # then the opponent's discard
        ({}, ["t-d"]),  # else the own discard
    ],
)
def test_move_7b_places_the_card_by_the_seeds_cascade(
    piles: dict[str, str], expected: list[str]
) -> None:
    state = pos(RULES, {**KINGS, "p0.hand": "2c", "p0.discard": "9h", **piles})
    assert "draw" in texts(RULES, state)
    state = play(RULES, state, "draw")
    assert state.pile("p0.turned") == (c("2c"),)
    assert texts(RULES, state) == expected
    assert violation(RULES, state, "d-h1").rule == "Z-15"
    if expected != ["t-d"]:
        v = violation(RULES, state, "t-d")
        assert v.rule == "Z-15"
        assert "centre, non-empty edge pile, empty edge pile" in v.message


def test_the_turn_ends_when_a_source_card_goes_onto_the_own_discard() -> None:
    state = pos(RULES, {**KINGS, "p0.hand": "2c", "p0.discard": "9h"})
    state = play(RULES, state, "draw", "t-d")
    assert state.to_move == 1
    assert state.turn == 10
    assert state.pile("p0.discard") == (c("9h"), c("2c"))
    assert state.pile("p0.turned") == ()


def test_nothing_is_drawn_while_a_card_is_lifted() -> None:
    state = play(RULES, pos(RULES, {**KINGS, "p0.hand": "2c"}), "draw")
    assert "place it first" in violation(RULES, state, "draw").message
    assert violation(RULES, pos(RULES, {**KINGS}), "t-d").rule == "Z-15"


# ----------------------------------------------------------------------- Z-16
def test_move_8_turns_the_discard_over_when_the_source_is_empty() -> None:
    state = pos(RULES, {**KINGS, "p0.hand": "", "p0.discard": "4c 7d 9h"}, rest="p1.hand")
    assert texts(RULES, state) == ["flip"]
    state = play(RULES, state, "flip")
    assert state.pile("p0.hand") == (c("9h"), c("7d"), c("4c"))
    assert state.pile("p0.discard") == ()
    assert texts(RULES, state) == ["draw"]
    state = play(RULES, state, "draw")
    assert state.pile("p0.turned") == (c("4c"),)


def test_move_8_only_with_an_empty_source() -> None:
    state = pos(RULES, {**KINGS, "p0.discard": "9h"})
    assert violation(RULES, state, "flip").rule == "Z-16"


# ----------------------------------------------------------------------- Z-18
def test_the_starting_player_occupies_at_most_four_edge_piles() -> None:
    piles = {"h1": "Kc", "h2": "Kd", "h3": "Kh", "p0.hand": "5c", "p0.discard": "2c 9h"}
    state = pos(RULES, piles, turn=1)
    assert texts(RULES, state) == ["d-h4", "draw"]
    state = play(RULES, state, "d-h4")
    assert texts(RULES, state) == ["draw"]  # four are occupied: no 7a
    v = violation(RULES, state, "d-h5")
    assert v.rule == "Z-18"
    state = play(RULES, state, "draw")
    assert texts(RULES, state) == ["t-d"]  # 5c fits nothing, and no empty pile may be used
    assert violation(RULES, state, "t-h5").rule == "Z-18"
    # the next player (turn 2) may occupy the rest
    state = play(RULES, state, "t-d")
    assert "draw" in texts(RULES, state)
    assert state.turn == 2
    assert RULES.gap_limit(2, 2) == 99


def test_the_learning_game_shares_one_pack_and_allows_three_edge_piles() -> None:
    rules = rules_with(learning=True)
    state = rules.new_game(seed=3)
    assert len(state.pile("p0.hand")) == len(state.pile("p1.hand")) == 25
    assert {DECK[x] for p in range(2) for x in state.pile(f"p{p}.hand")} == {0}
    assert rules.gap_limit(2, 1) == 3
    piles = {"h1": "Kc", "h2": "Kd", "h3": "Kh", "p0.discard": "9h", "p1.hand": "2d"}
    state = pos(rules, piles, turn=1)
    assert texts(rules, state) == ["draw"]


# ----------------------------------------------------------------------- Z-19
def test_a_player_wins_with_no_card_on_source_and_discard() -> None:
    state = pos(RULES, {**KINGS, "p0.hand": "", "p0.discard": "Ad"}, rest="p1.hand")
    state = play(RULES, state, "d-f")
    result = RULES.result(state)
    assert result == zank.Result(0, (1, 0), Termination.WENT_OUT)
    assert state.to_move is None
    state = pos(RULES, {**KINGS, "p0.hand": "Ad", "p0.discard": ""}, rest="p1.hand")
    state = play(RULES, state, "draw", "t-f")
    assert RULES.result(state) == zank.Result(0, (1, 0), Termination.WENT_OUT)


# ----------------------------------------------------------------------- Z-20
def test_the_game_ends_after_too_many_turns_without_progress() -> None:
    rules = rules_with(no_progress_turns=2)
    piles = {**KINGS, "p0.hand": "9h", "p0.discard": "", "p1.hand": "9d:1", "p1.discard": "2s:1"}
    state = pos(rules, piles)
    state = play(rules, state, "draw", "t-d")
    assert state.info[I_STALE] == 1
    assert texts(rules, state) == ["draw"]
    state = play(rules, state, "draw", "t-d")
    result = rules.result(state)
    assert result is not None
    assert result.reason is Termination.NO_PROGRESS
    left = rules.cards_left(state)
    assert result.winner == (None if left[0] == left[1] else left.index(min(left)))


def test_a_card_reaching_an_edge_pile_is_progress() -> None:
    rules = rules_with(no_progress_turns=2)
    info = (0, 0, 0, 0, 0, 1, 0)
    state = pos(rules, {**KINGS, "h8": "", "p0.hand": "9h", "p0.discard": "2c"}, info=info)
    state = play(rules, state, "d-h8", "draw", "t-d")
    assert state.info[I_STALE] == 0
    assert rules.result(state) is None


# ---------------------------------------------------------------------- Z-V1
ADVANCED_FREE = {
    **KINGS,
    "f1": "Ac 2c 3c 4c",
    "f2": "Ah 2h 3h 4h 5h 6h",
    "h1": "5c 4h:1",
    "h2": "5s",
    "h3": "7h 6s 5d",
    "h4": "6c",
    "h5": "7d",
}


def test_advanced_move_2_frees_the_least_deeply_covered_card() -> None:
    assert texts(RULES, pos(RULES, ADVANCED_FREE)) == ["free 5c", "free 7h"]
    state = pos(ADVANCED, ADVANCED_FREE)
    assert texts(ADVANCED, state) == ["free 5c"]
    v = violation(ADVANCED, state, "free 7h")
    assert v.rule == "Z-V1"
    assert "less deeply covered" in v.message


def test_advanced_move_3_empties_the_pile_with_the_highest_bottom_card() -> None:
    piles = {**KINGS, "h1": "5c", "h2": "6d", "h3": "9h", "h4": "Ts"}
    assert texts(RULES, pos(RULES, piles)) == ["empty h1", "empty h3"]
    state = pos(ADVANCED, piles)
    assert texts(ADVANCED, state) == ["empty h3"]
    assert violation(ADVANCED, state, "empty h1").rule == "Z-V1"


# ---------------------------------------------------------------------- Z-V3
def test_three_players_share_two_packs_and_a_joker() -> None:
    state = RULES.new_game(seed=6, players=3)
    assert [s.label for s in RULES.layout(3)].count("h9") == 1
    shares = [len(state.pile(f"p{p}.hand")) + len(state.pile(f"p{p}.discard")) for p in range(3)]
    aside = state.pile("aside")
    assert sum(shares) + len(aside) == 105
    assert all(34 <= n <= 35 for n in shares)
    assert aside in ((), (JOKER_CARD,))
    for seed in range(40):  # the joker turned up at the deal is set aside at once
        s = RULES.new_game(seed=seed, players=3)
        assert not any(IS_JOKER[x] for p in range(3) for x in s.pile(f"p{p}.discard"))


def test_three_players_each_begin_three_edge_piles() -> None:
    assert [RULES.gap_limit(3, t) for t in (1, 2, 3)] == [3, 6, 99]
    state = pos3({"h1": "Kc", "h2": "Kd", "h3": "Kh", "p0.hand": "5c", "p0.discard": "9h"}, turn=1)
    assert texts(RULES, state) == ["draw"]
    state = pos3(
        {"h1": "Kc", "h2": "Kd", "h3": "Kh", "p1.hand": "5c", "p1.discard": "9h"}, turn=2, to_move=1
    )
    assert texts(RULES, state) == ["d-h4", "draw"]


def test_three_players_the_first_edge_pile_to_empty_is_removed() -> None:
    piles = {
        **KINGS,
        "h1": "9h",
        "h2": "Ts",
        "h9": "Jc",
        "p0.discard": "8c",
    }
    state = pos3(piles)
    assert texts(RULES, state) == ["empty h1"]
    state = play(RULES, state, "empty h1", "h1-h2")
    assert state.info[I_REMOVED] == 1
    assert state.pile("h1") == ()
    # h1 is gone: no gap, so 8c goes onto 9h (move 5), and nothing goes onto h1
    assert texts(RULES, state) == ["d-h2"]
    assert violation(RULES, state, "d-h1").rule == "Z-V3"


def test_three_players_pack_either_opponents_discard() -> None:
    piles = {**KINGS, "h9": "Jc", "p0.discard": "9h", "p1.discard": "8h", "p2.discard": "Th"}
    state = pos3(piles)
    assert texts(RULES, state) == ["d-od", "d-od2"]
    state = play(RULES, state, "d-od2")
    assert state.pile("p2.discard")[-1] == c("9h")
    assert violation(RULES, pos(RULES, {**KINGS, "p0.discard": "9h"}), "d-od2").rule == "Z-13"


def test_three_players_the_joker_is_set_aside_when_drawn() -> None:
    state = pos3({**KINGS, "h9": "Jc", "p0.hand": "5c Xb", "p0.discard": "9h"})
    state = play(RULES, state, "draw")
    assert state.pile("aside") == (JOKER_CARD,)
    assert state.pile("p0.turned") == ()
    assert state.to_move == 0
    assert texts(RULES, state) == ["draw"]


# ------------------------------------------------------------ whole games
PRESETS = [zank.variant("zank", **dict(o)) for o in ClassicZank.presets]


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: str(r.options))
def test_random_games_all_end(rules: zank.Rules, players: int) -> None:
    """Seeded random games per preset end (tests/test_games_end.py plays and
    checks them) with one point for the winner, who went out or is ahead."""
    for seed in range(6):
        _, state = finished_game(rules, players, seed)
        result = rules.result(state)
        assert result is not None, f"seed {seed} ran away"
        assert sum(result.points) <= 1
        if result.reason is Termination.WENT_OUT:
            assert result.winner is not None
            assert isinstance(rules, ClassicZank)
            assert rules.cards_left(state)[result.winner] == 0


def test_the_greedy_policy_takes_the_shortest_way() -> None:
    assert greedy_classic.classic_policy is not None
    rules = rules_with(manoeuvre_steps=3)
    state = pos(
        rules,
        {**KINGS, "f1": "Ah 2h 3h 4h 5h 6h", "h3": "7h 6s", "h5": "7d", "h6": "5d", "h7": "6c"},
    )
    state = play(rules, state, "free 7h")
    # detours that still leave the goal within the three moves serve too
    assert texts(rules, state) == ["h3-h5", "h6-h3", "h6-h7", "h7-h5"]
    move = GreedyAgent(1).choose(rules, rules.observe(state, 0), rules.legal_moves(state))
    assert move.text == "h3-h5"


def test_greedy_and_random_agents_finish_games() -> None:
    for seed in range(4):
        record = zank.play(RULES, [GreedyAgent(seed), RandomAgent(seed)], seed=seed)
        assert record.result is not None


def _bfs_reachable(
    rules: ClassicZank,
    config: Config,
    goal: int,
    target: int,
    limit: int,
    removal: bool,
    budget: int,
) -> bool:
    """A plain breadth-first search, to check the engine's pruned search."""

    def met(cfg: Config) -> bool:
        if goal == GOAL_EMPTY:
            return not cfg[target]
        return any(pile and pile[-1] == target for pile in cfg)

    frontier = {config}
    seen = {config}
    for _ in range(budget + 1):
        if any(met(cfg) for cfg in frontier):
            return True
        nxt = set()
        for cfg in frontier:
            for a, b in rules.manoeuvres.edge_steps(cfg, limit):
                new = rules.manoeuvres.step_config(cfg, a, b, removal)
                if new not in seen:
                    seen.add(new)
                    nxt.add(new)
        frontier = nxt
    return False


@pytest.mark.parametrize("players", [2, 3])
def test_the_manoeuvre_search_is_exact(players: int) -> None:
    """Announcements and steps equal what a plain breadth-first search allows."""
    rules = rules_with(manoeuvre_steps=4)
    checked = 0
    for seed in range(3):
        state = rules.new_game(seed=seed, players=players)
        rng = Rng(seed)
        while state.outcome is None and checked < 400:
            moves = rules.legal_moves(state)
            config = rules._config(state)
            limit = rules.gap_limit(state.players, state.turn)
            removal = players == 3 and not state.info[I_REMOVED]
            goal, target, left = state.info[:3]
            if goal and moves[0].target != 0:
                want = sorted(
                    rules.card_moves[rules.house_source + a][b + 1].text  # type: ignore[union-attr]
                    for a, b in rules.manoeuvres.edge_steps(config, limit)
                    if _bfs_reachable(
                        rules,
                        rules.manoeuvres.step_config(config, a, b, removal),
                        goal,
                        target,
                        limit,
                        removal,
                        left - 1,
                    )
                )
                assert sorted(m.text for m in moves) == want
                checked += 1
            elif not state.pile(f"p{state.to_move}.turned") and not (
                moves[0].kind == CARD and moves[0].target == 0 and moves[0].source >= 2
            ):
                fits = rules._fits(state.piles)
                free = [
                    f"free {card_text(x)}"
                    for pile in config
                    if pile
                    for x in pile[:-1]
                    if FKEY[x] in fits
                    and _bfs_reachable(rules, config, GOAL_FREE, x, limit, removal, 4)
                ]
                empty = [
                    f"empty h{h + 1}"
                    for h, pile in enumerate(config)
                    if pile and _bfs_reachable(rules, config, GOAL_EMPTY, h, limit, removal, 4)
                ]
                want = free or (
                    empty if state.info[I_EMPTIES] < ClassicZank.empties_per_progress else []
                )
                got = [m.text for m in moves if m.kind in (FREE, EMPTY)]
                assert sorted(got) == sorted(want)
                checked += 1
            state = rules.apply(state, moves[rng.below(len(moves))])
    assert checked > 100


@pytest.mark.parametrize("players", [2, 3])
def test_reachable_matches_a_breadth_first_search_at_every_budget(players: int) -> None:
    """The pruned search (lower bounds, best-first order, positions proved on the
    way and remembered across calls) answers exactly as a plain search, for
    every goal, every budget, asked in a random order on one rules object."""
    rules = rules_with(manoeuvre_steps=6)
    rng = Rng(99 + players)
    checked = {True: 0, False: 0}
    for seed in range(4):
        state = rules.new_game(seed=seed, players=players)
        for _ in range(300):
            if state.outcome is not None:
                break
            config = rules._config(state)
            limit = rules.gap_limit(state.players, state.turn)
            removal = players == 3 and not state.info[I_REMOVED]
            goals = [(GOAL_EMPTY, h) for h, pile in enumerate(config) if pile]
            goals += [
                (GOAL_FREE, x) for pile in config if pile for x in pile[:-1] if x != HIDDEN_CARD
            ]
            if goals:
                goal, target = goals[rng.below(len(goals))]
                for budget in rng.shuffle(list(range(1, 7))):
                    want = _bfs_reachable(rules, config, goal, target, limit, removal, budget)
                    got = rules.manoeuvres.reachable(config, (goal, target, limit, removal), budget)
                    assert got == want, (config, goal, target, budget)
                    checked[want] += 1
            moves = rules.legal_moves(state)
            state = rules.apply(state, moves[rng.below(len(moves))])
    assert checked[True] > 100
    assert checked[False] > 100


def _random_game(rules: ClassicZank, seed: int, players: int = 2) -> list[str]:
    """The legal moves along a seeded random game, and the greedy choice at each."""
    state = rules.new_game(seed=seed, players=players)
    rng = Rng(seed)
    agent = GreedyAgent(seed)
    out: list[str] = []
    while state.outcome is None and len(out) < 1_500:
        moves = rules.legal_moves(state)
        seat = state.to_move
        assert seat is not None
        greedy = agent.choose(rules, rules.observe(state, seat), moves)
        out.append(" ".join(m.text for m in moves) + " / " + greedy.text)
        state = rules.apply(state, moves[rng.below(len(moves))])
    return out


@pytest.mark.parametrize("players", [2, 3])
def test_the_search_answers_the_same_with_caches_of_one_entry(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The manoeuvre search's caches change its speed, never its answers: with
    every cache cleared at each new entry, the legal moves and the greedy
    choices of seeded games stay the same, and no cache grows past its size."""
    from zank.family import manoeuvre

    want = [_random_game(rules_with(), seed, players) for seed in range(2)]
    for name in (
        "STEPS_SIZE",
        "STEP_LIMITS_SIZE",
        "DISTANCE_SIZE",
        "TAKERS_SIZE",
        "PILE_BYTES_SIZE",
        "SERVING_SIZE",
    ):
        monkeypatch.setattr(manoeuvre, name, 1)
    rules = rules_with()
    got = [_random_game(rules, seed, players) for seed in range(2)]
    assert got == want
    search = rules.manoeuvres
    caches: list[manoeuvre.BoundedCache[Any, Any]] = [
        search._dist,
        search._takers,
        search._pile_bytes,
        search._serving,
        search._steps,
        *search._steps.data.values(),
    ]
    assert all(len(cache.data) <= 1 for cache in caches)


def test_the_search_and_the_explanations_import_no_variant_module() -> None:
    """The modules below ``classic.py`` never import it (no import circle)."""
    import ast
    import pathlib

    import zank.family

    family = pathlib.Path(zank.family.__file__).parent
    for name in ("manoeuvre.py", "classic_common.py", "classic_explain.py"):
        tree = ast.parse((family / name).read_text(encoding="utf-8"))
        imported = {
            node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
        } | {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
        }
        assert not imported & {"zank.family.classic", "zank.family.schikanieren"}, name
        assert "zank.family.greedy_classic" not in imported, name


def test_threads_sharing_one_rules_object_play_the_same_games() -> None:
    """The search caches and memos live on the rules object; threads that share
    it must see the same legal moves as a game played alone."""

    def game(rules: ClassicZank, seed: int) -> list[str]:
        state = rules.new_game(seed=seed)
        rng = Rng(seed)
        played: list[str] = []
        while state.outcome is None and len(played) < 600:
            moves = rules.legal_moves(state)
            move = moves[rng.below(len(moves))]
            played.append(move.text)
            state = rules.apply(state, move)
        return played

    seeds = range(8)
    alone = [game(rules_with(), seed) for seed in seeds]
    shared = rules_with()
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter can
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
            together = list(pool.map(lambda seed: game(shared, seed), seeds))
    finally:
        sys.setswitchinterval(interval)
    assert together == alone


def test_refusals_name_the_rule_in_plain_words() -> None:
    state = pos(RULES, {**KINGS, "h2": "", "p0.discard": "9h"})
    assert violation(RULES, state, "h2-f").message == "edge pile 2 is empty"
    assert violation(RULES, state, "h2-f").rule == "Z-8"
    v = violation(RULES, state, "h1-h9")
    assert (v.rule, v.message) == ("Z-V3", "there is no edge pile 9 in a two-player game")
    assert "there is no edge pile 9" in violation(RULES, state, "empty h9").message
    assert "is empty already" in violation(RULES, state, "empty h2").message
    assert "lifted no card" in violation(RULES, state, "t-h2").message
    empty = pos(RULES, {**KINGS, "p0.hand": "", "p0.discard": "9h"}, rest="p1.hand")
    assert (
        violation(RULES, empty, "draw").message == "your source is empty: there is nothing to draw"
    )
    nothing = pos(RULES, {**KINGS, "p0.discard": ""})
    assert violation(RULES, nothing, "d-f").rule == "Z-11"
    assert violation(RULES, nothing, "flip").rule == "Z-16"


def test_move_7a_comes_before_move_8() -> None:
    piles = {**KINGS, "h6": "", "p0.hand": "", "p0.discard": "4c 7d 9h"}
    state = pos(RULES, piles, rest="p1.hand")
    assert texts(RULES, state) == ["d-h6"]
    v = violation(RULES, state, "flip")
    assert v.rule == "Z-7"
    assert "move 8 is not allowed while move 7 is possible" in v.message


def test_move_1_comes_between_the_steps_of_a_manoeuvre() -> None:
    # announced: free 7h (under 6s and 5d); the first step uncovers 6s, which fits
    piles = {
        **KINGS,
        "f1": "Ah 2h 3h 4h 5h 6h",
        "f2": "As 2s 3s 4s 5s",
        "h3": "7h 6s 5d",
        "h5": "6c",
        "h6": "7d",
    }
    state = pos(RULES, piles)
    assert texts(RULES, state) == ["free 6s", "free 7h"]
    state = play(RULES, state, "free 7h", "h3-h5")
    assert texts(RULES, state) == ["h3-f"]  # move 1 before the next step
    state = play(RULES, state, "h3-f")
    assert state.info[I_GOAL] == 0  # 7h is free: the announcement is met
    assert texts(RULES, state) == ["h3-f"]
