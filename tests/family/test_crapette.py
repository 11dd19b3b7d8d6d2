"""crapette (Russian Bank): one test or more per rule of docs/rules/crapette.md.

The positions are hand-made with the ``board`` fixture (``tests/family/board.py``);
C-22 ("Crapette!", table mode) is tested in ``test_table_mode.py``.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import zank
from zank.agents import Agent, GreedyAgent, RandomAgent
from zank.cards import DECK, RANK, full_deck, parse_card
from zank.core import HIDDEN, State, Termination
from zank.family.crapette import Crapette, score
from zank.family.detailed import ZankDetailed
from zank.family.match import play_match
from zank.family.stock import counts
from zank.random import Rng

from .board import Board
from .positions import KINGS

Make = Callable[..., Board]


def c(text: str) -> int:
    return parse_card(text)


def crapette(**options: object) -> Crapette:
    rules = zank.variant("crapette", **options)
    assert isinstance(rules, Crapette)
    return rules


RULES = crapette()


@pytest.fixture
def b(board: Make) -> Board:
    """The default crapette board."""
    return board("crapette")


# ----------------------------------------------------------------- notation
def test_the_action_space_is_the_family_grid_and_the_turn_moves() -> None:
    texts = [m.text for m in RULES.moves]
    assert len(texts) == 116
    assert texts[-3:] == ["turn", "t-d", "pass"]
    assert not any(t.startswith("h1-h1") for t in texts)
    table = crapette(table_mode=True)
    assert [m.text for m in table.moves][-2:] == ["crapette", "let"]
    state = table.new_game(seed=1)
    assert table.parse_move_text("Stop") is table.parse_move_text("crapette")
    assert table.parse_move_text("end").text == "t-d"
    assert state.info == (0, 0, 0, 0, 0, 0, 0)


# --------------------------------------------------------------- C-1, C-2
def test_the_deal_gives_each_player_a_reserve_four_houses_and_a_hand_from_the_own_pack() -> None:
    state = RULES.new_game(seed=11)
    for p in range(2):
        reserve = state.pile(f"p{p}.reserve")
        hand = state.pile(f"p{p}.hand")
        assert len(reserve) == 13
        assert state.down[RULES.pile_index(2, f"p{p}.reserve")] == 12  # the 13th face up
        assert len(hand) == 35
        assert state.down[RULES.pile_index(2, f"p{p}.hand")] == 35
        houses = [state.pile(f"h{p * 4 + j + 1}") for j in range(4)]
        assert all(len(h) == 1 for h in houses)
        assert all(state.down[RULES.house_base + p * 4 + j] == 0 for j in range(4))
        assert sorted([*reserve, *hand, *(h[0] for h in houses)]) == sorted(full_deck(p))
        assert state.pile(f"p{p}.discard") == () == state.pile(f"p{p}.turned")
    assert all(state.pile(f"f{i + 1}") == () for i in range(8))
    assert state == RULES.new_game(seed=11)
    assert RULES.owned_decks  # two packs with their own backs


@pytest.mark.parametrize(("size", "hand"), [(13, 35), (12, 36), (11, 37)])
def test_reserve_size_option_makes_the_hand_larger(size: int, hand: int) -> None:
    rules = zank.variant("crapette", reserve_size=size)
    state = rules.new_game(seed=3)
    assert len(state.pile("p1.reserve")) == size
    assert len(state.pile("p1.hand")) == hand
    with pytest.raises(zank.OptionError, match="13, 12, 11"):
        zank.variant("crapette", reserve_size=10)


# ---------------------------------------------------------------------- C-3
def _key(state: State, p: int) -> tuple[int, ...]:
    """Reserve top, then the houses in the order they were dealt (farthest first)."""
    top = state.pile(f"p{p}.reserve")[-1]
    return (RANK[top], *(RANK[state.pile(f"h{p * 4 + j}")[-1]] for j in (4, 3, 2, 1)))


def test_the_lower_reserve_top_begins_king_high_ace_low() -> None:
    seen = set()
    for seed in range(60):
        state = RULES.new_game(seed=seed)
        a, b = _key(state, 0), _key(state, 1)
        if a != b:
            assert state.to_move == (0 if a < b else 1)
            seen.add(state.to_move)
    assert seen == {0, 1}


def _start(
    houses0: list[str], houses1: list[str], r0: str = "7h", r1: str = "7c:1"
) -> list[tuple[int, ...]]:
    """Piles for :meth:`starting_player`: the reserve tops and the houses
    (h1..h4 and h5..h8, house 1 next to the reserve)."""
    piles: list[tuple[int, ...]] = [()] * len(RULES.layout(2))
    piles[RULES.seat_pile(0, "reserve")] = (c(r0),)
    piles[RULES.seat_pile(1, "reserve")] = (c(r1),)
    for j in range(4):
        piles[RULES.house_base + j] = (c(houses0[j]),)
        piles[RULES.house_base + 4 + j] = (c(houses1[j]),)
    return piles


def test_equal_reserve_tops_compare_the_houses_in_the_order_they_were_dealt() -> None:
    # house 4 (resp. 8) was dealt first: 9 against 9, then house 3: 2 < 3
    piles = _start(["Ac", "5d", "2s", "9h"], ["Kd:1", "5s:1", "3c:1", "9d:1"])
    assert RULES.starting_player(piles, Rng(0)) == 0  # although h1's ace beats h5's king
    zd = zank.variant("zank-detailed")  # the family's seed compares from the reserve out
    assert isinstance(zd, ZankDetailed)
    assert zd.starting_player(piles, Rng(0)) == 0
    piles = _start(["Kc", "5d", "2s", "9h"], ["Ad:1", "5s:1", "3c:1", "9d:1"])
    assert RULES.starting_player(piles, Rng(0)) == 0
    assert zd.starting_player(piles, Rng(0)) == 1


def test_a_complete_tie_is_decided_by_a_cut() -> None:
    piles = _start(["Kc", "5d", "2s", "9h"], ["Kd:1", "5s:1", "2c:1", "9d:1"])
    starters = {RULES.starting_player(piles, Rng(seed)) for seed in range(20)}
    assert starters == {0, 1}
    for seed in range(20):
        assert RULES.starting_player(piles, Rng(seed)) == Crapette.cut(Rng(seed))


def test_turns_alternate() -> None:
    state = RULES.new_game(seed=5)
    first = state.to_move
    assert first is not None
    while state.to_move == first:
        state = RULES.apply(state, RULES.legal_moves(state)[-1])
    assert state.to_move == 1 - first
    assert state.turn == 2


# ---------------------------------------------------------------------- C-4
def test_only_the_reserve_top_the_outer_house_cards_and_the_turned_card_are_free(
    b: Board,
) -> None:
    state = b.position(
        {**KINGS, "h1": "Kc Qh", "p0.reserve": "3c 9d", "p0.discard": "5h", "p0.turned": "4s"}
    )
    sources = {t.split("-")[0] for t in b.texts(state) if "-" in t and t != "t-d"}
    assert sources <= {"r", "t", "h1", "h2", "h3", "h4", "h5", "h6", "h7", "h8"}
    v = b.violation(state, "d-or")
    assert v.rule == "C-4"
    assert "own waste is not free" in v.message
    assert "waste_playable" in v.message


def test_an_empty_source_is_named(b: Board) -> None:
    state = b.position({**KINGS, "h3": "", "p0.reserve": ""})
    assert "house 3 is empty" in b.violation(state, "h3-h1").message
    assert "no turned hand card" in b.violation(state, "t-h3").message
    assert b.violation(state, "r-h3").rule == "C-4"


# ---------------------------------------------------------------------- C-5
def test_foundations_take_an_ace_then_the_next_card_of_the_suit(b: Board) -> None:
    state = b.position({**KINGS, "h1": "Ah", "p0.reserve": "9c 2h:1"})
    assert b.texts(state) == ["h1-f"]
    state = b.play(state, "h1-f")
    assert b.texts(state) == ["r-f"]  # player 1's 2♥ on player 0's A♥
    state = b.play(state, "r-f")
    assert state.pile("f1") == (c("Ah"), c("2h:1"))


def test_a_card_that_fits_no_foundation_is_explained(b: Board) -> None:
    state = b.position({**KINGS, "f1": "Ah", "p0.reserve": "3h"})
    v = b.violation(state, "r-f")
    assert v.rule == "C-5"
    assert "no foundation shows one" in v.message


# ---------------------------------------------------------------------- C-6
def test_houses_take_one_lower_in_the_other_colour_and_gaps_take_any_card(b: Board) -> None:
    state = b.position({**KINGS, "h1": "Jc Td", "h2": "Ts 9h", "p0.reserve": "9c"})
    assert "r-h1" in b.texts(state)
    v = b.violation(state, "r-h2")
    assert v.rule == "C-6"
    assert v.message.endswith("which takes a black 8")
    state = b.position({**KINGS, "h1": "Kc Qh", "h2": "", "h6": "", "p0.reserve": ""})
    assert "h1-h2" in b.texts(state)
    v = b.violation(state, "h1-h6")
    assert v.rule == "C-6"
    assert "first gap, house 2" in v.message


def test_the_only_card_of_a_house_does_not_move_into_a_gap(b: Board) -> None:
    state = b.position({**KINGS, "h2": "", "h3": "Kh Qs", "p0.reserve": ""})
    assert "h1-h2" not in b.texts(state)
    assert "h3-h2" in b.texts(state)
    assert "changes nothing" in b.violation(state, "h1-h2").message


# ---------------------------------------------------------------------- C-7
def test_loading_the_opponent_same_suit_one_higher_or_lower(b: Board) -> None:
    state = b.position(
        {**KINGS, "p0.turned": "8d", "p1.reserve": "2c:1 9d:1", "p1.discard": "7d:1"}
    )
    assert {"t-or", "t-od"} <= set(b.texts(state))
    after = b.play(state, "t-od")
    assert after.pile("p1.discard")[-1] == c("8d")
    assert DECK[after.pile("p1.discard")[-1]] == 0  # the card keeps its back
    state = b.position({**KINGS, "p0.turned": "8h", "p1.reserve": "9d:1"})
    v = b.violation(state, "t-or")
    assert v.rule == "C-7"
    assert "which takes 8♦ or 10♦" in v.message


def test_nothing_is_loaded_onto_an_empty_reserve_or_waste(b: Board) -> None:
    state = b.position({**KINGS, "p0.turned": "8d", "p1.reserve": "", "p1.discard": ""})
    assert "is empty" in b.violation(state, "t-or").message
    v = b.violation(state, "t-od")
    assert v.rule == "C-7"
    assert "the opponent's waste is empty" in v.message


# ---------------------------------------------------------------------- C-8
def test_no_move_puts_a_card_on_the_own_reserve_hand_or_waste() -> None:
    assert [m.text for m in RULES.moves if m.text.endswith(("-d", "-r"))] == ["t-d"]
    with pytest.raises(zank.NotationError):
        RULES.parse_move(RULES.new_game(seed=1), "h1-r")


# ------------------------------------------------------------- C-9 .. C-11
def test_compulsory_1_the_reserve_top_goes_to_a_foundation_before_anything_else(
    b: Board,
) -> None:
    state = b.position(
        {**KINGS, "f1": "Ah", "h1": "3c 2h:1", "p0.reserve": "4c 2h", "p0.turned": "Ac"}
    )
    assert b.texts(state) == ["r-f"]
    v = b.violation(state, "h1-f")
    assert v.rule == "C-9"
    assert "2♥" in v.message


def test_compulsory_2_every_free_card_that_fits_goes_to_a_foundation_in_any_order(
    b: Board,
) -> None:
    state = b.position(
        {**KINGS, "f1": "Ah", "h1": "3c 2h:1", "p0.reserve": "4c", "p0.turned": "Ac"}
    )
    assert sorted(b.texts(state)) == ["h1-f", "t-f"]
    v = b.violation(state, "t-d")
    assert v.rule == "C-10"
    assert "h1-f" in v.message
    after = b.play(state, "t-f", "h1-f")  # either order
    assert after.pile("f2") == (c("Ac"),)


def test_compulsory_3_gaps_are_filled_from_the_reserve_before_a_hand_card_is_turned(
    b: Board,
) -> None:
    state = b.position({**KINGS, "h4": "", "p0.reserve": "5c 9d"})
    assert "turn" not in b.texts(state)
    v = b.violation(state, "turn")
    assert v.rule == "C-11"
    assert "r-h4" in v.message
    assert "turn" in b.texts(b.play(state, "r-h4"))
    state = b.position({**KINGS, "h4": "", "p0.reserve": "5c", "p0.turned": "9d"})
    assert b.violation(state, "t-d").rule == "C-11"
    assert "t-h4" in b.texts(state)  # any free card may fill a gap (C-6)
    state = b.position({**KINGS, "h4": "", "p0.reserve": ""})
    assert "turn" in b.texts(state)  # an empty reserve fills no gap


def test_without_fill_from_reserve_a_gap_may_wait(board: Make) -> None:
    loose = board("crapette", fill_from_reserve=False)
    state = loose.position({**KINGS, "h4": "", "p0.reserve": "5c 9d"})
    assert {"turn", "r-h4"} <= set(loose.texts(state))
    state = loose.position({**KINGS, "h4": "", "p0.reserve": "5c", "p0.turned": "9d"})
    assert "t-d" in loose.texts(state)
    table = crapette(fill_from_reserve=False, table_mode=True)
    assert table.fault_rules == ("C-9", "C-10", "C-11")  # C-11 is never broken then
    state = loose.position({**KINGS, "f1": "Ah", "h1": "3c 2h", "p0.reserve": "4c"})
    assert loose.violation(state, "turn").rule == "C-10"


# ----------------------------------------------------------- C-12 .. C-15
def test_turning_the_hand_card_is_a_move_and_play_goes_on(b: Board) -> None:
    state = b.position({**KINGS, "p0.reserve": "3c", "p0.hand": "Jh 5s 9d"})
    assert b.texts(state) == ["turn"]
    state = b.play(state, "turn")
    assert state.pile("p0.turned") == (c("9d"),)
    assert state.to_move == 0
    assert "t-d" in b.texts(state)
    v = b.violation(state, "turn")
    assert v.rule == "C-12"
    assert "put on your waste (t-d)" in v.message
    state = b.position({**KINGS, "h1": "Kc Qh", "h3": "Jc", "p0.reserve": "3c", "p0.turned": "Js"})
    assert {"h3-h1", "t-h1", "t-d"} <= set(b.texts(state))


def test_the_turned_card_onto_the_waste_ends_the_turn(b: Board) -> None:
    state = b.position({**KINGS, "p0.reserve": "3c", "p0.turned": "9d", "p0.discard": "2s"})
    after = b.play(state, "t-d")
    assert after.pile("p0.discard") == (c("2s"), c("9d"))
    assert after.pile("p0.turned") == ()
    assert after.to_move == 1
    assert after.turn == state.turn + 1
    state = b.position({**KINGS, "p0.reserve": "3c"})
    v = b.violation(state, "t-d")
    assert v.rule == "C-13"
    assert "waste" in v.message


def test_an_empty_hand_is_refilled_by_turning_the_waste_over_without_shuffling(
    b: Board,
) -> None:
    state = b.position(
        {**KINGS, "p0.reserve": "3c", "p0.hand": "", "p0.discard": "9d 4s Jh"}, rest="p1.hand"
    )
    state = b.play(state, "turn")
    assert state.pile("p0.turned") == (c("9d"),)  # the waste's bottom card
    assert state.pile("p0.hand") == (c("Jh"), c("4s"))
    assert state.pile("p0.discard") == ()
    # the last card on the waste waits there: the opponent may load it
    state = b.position(
        {**KINGS, "p0.reserve": "3c", "p0.hand": "", "p0.turned": "9d"}, rest="p1.hand"
    )
    state = b.play(state, "t-d")
    assert state.pile("p0.hand") == ()
    assert state.pile("p0.discard") == (c("9d"),)


def test_with_nothing_to_turn_the_player_passes(b: Board) -> None:
    state = b.position(
        {**KINGS, "p0.reserve": "3c", "p0.hand": "", "p0.discard": ""}, rest="p1.hand"
    )
    assert b.texts(state) == ["pass"]
    assert b.play(state, "pass").to_move == 1
    state = b.position({**KINGS, "p0.reserve": "3c"})
    assert b.violation(state, "pass").rule == "C-14"
    state = b.position({**KINGS, "p0.reserve": "3c", "p0.turned": "9d"})
    assert "waste (t-d)" in b.violation(state, "pass").message


def test_the_next_reserve_card_turns_up_at_once(b: Board) -> None:
    state = b.position({**KINGS, "h1": "Kc Qh", "p0.reserve": "2s 4d Jc"})
    i = RULES.pile_index(2, "p0.reserve")
    assert state.down[i] == 2
    state = b.play(state, "r-h1")
    assert state.down[i] == 1
    assert RULES.observe(state, 1).piles[i] == (HIDDEN, c("4d"))


# ---------------------------------------------------------- C-16, C-20, C-V5
def _last_card(board: Board) -> State:
    """Player 0 plays the last card; player 1 has 3 reserve cards and 14 in hand and waste."""
    return board.position(
        {
            "p0.reserve": "Ks",
            "p1.reserve": "Jc Qc Kc",
            "p1.hand": "Jd Qd Kd Jh Qh Kh Ts:1 Js:1 Qs:1 Ks:1",
            "p1.discard": "Td:1 Jd:1 Qd:1 Kd:1",
        },
        rest="foundations",
    )


def test_going_out_scores_30_two_per_reserve_card_and_one_per_hand_and_waste_card(
    b: Board,
) -> None:
    state = _last_card(b)
    assert b.texts(state) == ["r-f"]
    end = b.play(state, "r-f")
    assert end.to_move is None
    assert end.outcome is not None
    assert end.outcome.winner == 0
    assert end.outcome.reason is Termination.WENT_OUT
    assert end.outcome.points == (30 + 2 * 3 + 14, 0)
    assert RULES.legal_moves(end) == ()


def test_scoring_win_counts_one_per_game(board: Make) -> None:
    wins = board("crapette", scoring="win")
    end = wins.play(_last_card(wins), "r-f")
    assert end.outcome is not None
    assert end.outcome.points == (1, 0)
    with pytest.raises(zank.OptionError):
        zank.variant("crapette", scoring="goulash")


# ------------------------------------------------------------- C-17, C-18
def test_the_blocked_game_is_a_draw_after_a_full_dry_pass_through_both_hands(b: Board) -> None:
    base = {**KINGS, "p0.reserve": "3c", "p0.hand": "", "p0.turned": "9d", "p0.discard": "4s"}
    state = b.position(base, rest="p1.hand", info=(1, 93, 0, 0, 0), turn=100)
    end = b.play(state, "t-d")
    assert end.outcome is not None
    assert end.outcome.reason is Termination.BLOCKED
    assert end.outcome.winner is None
    assert end.outcome.points == (0, 0)
    assert counts(end) == (2 + 2, 93)  # the counts do not decide: a draw
    state = b.position(base, rest="p1.hand", info=(1, 92, 0, 0, 0), turn=100)
    assert b.play(state, "t-d").outcome is None
    assert score(state, None).winner is None


def test_a_release_resets_the_blocked_count(b: Board) -> None:
    state = b.position(
        {**KINGS, "h1": "Kc Qh", "p0.reserve": "3c", "p0.turned": "Jc", "p0.hand": "5d"},
        info=(7, 9, 3, 0, 0),
        turn=20,
    )
    assert b.play(state, "t-h1", "turn", "t-d").info == (0, 0, 4, 0, 0)
    state = b.position(
        {**KINGS, "p0.reserve": "3c", "p0.turned": "Jc"}, info=(7, 9, 3, 0, 0), turn=20
    )
    assert b.play(state, "t-d").info == (8, 9, 4, 0, 0)


def test_the_game_ends_after_too_many_turns_without_a_foundation_card(board: Make) -> None:
    short = board("crapette", no_progress_turns=10)
    state = short.position(
        {**KINGS, "p0.reserve": "3c", "p0.turned": "Jc"}, info=(0, 0, 9, 0, 0), turn=10
    )
    end = short.play(state, "t-d")
    assert end.outcome is not None
    assert end.outcome.reason is Termination.NO_PROGRESS
    assert end.outcome.winner is None
    state = short.position(
        {**KINGS, "h1": "Ad", "p0.reserve": "", "p0.turned": "Jc"}, info=(0, 0, 9, 0, 0), turn=10
    )
    after = short.play(state, "h1-f", "t-d")
    assert after.outcome is None
    assert after.info[2] == 0


# --------------------------------------------------------------------- C-19
def test_at_most_fifty_house_to_house_moves_in_a_row(b: Board) -> None:
    cards = {**KINGS, "h1": "Kc Qh", "h3": "Jc", "p0.reserve": "", "p0.hand": "9d"}
    state = b.position(cards, info=(0, 0, 0, 49, 0), rest="p1.hand")
    state = b.play(state, "h3-h1")
    assert state.info[3] == 50
    v = b.violation(state, "h1-h3")
    assert v.rule == "C-19"
    state = b.play(state, "turn")
    assert "h1-h3" in b.texts(state)


# --------------------------------------------------------------------- C-21
def test_a_match_is_played_to_300_points() -> None:
    agents = [GreedyAgent(1), GreedyAgent(2)]
    match = play_match(RULES, agents, seed=5)
    assert match.winner is not None
    assert match.totals[match.winner] >= 300
    assert sum(r.points[match.winner] for r in match.rounds) == match.totals[match.winner]
    rules = zank.variant("crapette", who_begins="alternate", scoring="win")
    match = play_match(rules, agents, target=3, seed=5)
    assert max(match.totals) == 3
    assert all(max(r.points) <= 1 for r in match.rounds)


# ------------------------------------------------------------------- C-V2
def test_waste_playable_makes_the_waste_top_a_free_card(board: Make) -> None:
    free = board("crapette", waste_playable=True)
    state = free.position({**KINGS, "h1": "Kc Qh", "p0.reserve": "3c", "p0.discard": "5h Jc"})
    assert "d-h1" in free.texts(state)
    state = free.play(state, "d-h1")
    assert state.pile("p0.discard") == (c("5h"),)
    state = free.position({**KINGS, "f1": "Ah", "p0.reserve": "3c", "p0.discard": "2h"})
    assert free.texts(state) == ["d-f"]  # C-10 applies to it
    assert free.violation(state, "turn").rule == "C-10"


# ------------------------------------------------------------------- C-V3
def test_who_begins_higher_lets_the_higher_reserve_top_begin() -> None:
    rules = zank.variant("crapette", who_begins="higher")
    seen = set()
    for seed in range(60):
        state = rules.new_game(seed=seed)
        a, b = _key(state, 0), _key(state, 1)
        if a != b:
            assert state.to_move == (0 if a > b else 1)
            seen.add(state.to_move)
    assert seen == {0, 1}


def test_who_begins_cut_lets_the_higher_cut_card_begin() -> None:
    rules = crapette(who_begins="cut")
    piles = _start(["Ac", "2d", "3s", "4h"], ["Kd:1", "Qs:1", "Jc:1", "Td:1"], "Ah", "Kc:1")
    for seed in range(20):
        rng = Rng(seed)
        while True:  # the cut, drawn by hand: the higher rank begins, ties cut again
            a = RANK[full_deck(0)[rng.below(52)]]
            z = RANK[full_deck(1)[rng.below(52)]]
            if a != z:
                break
        assert rules.starting_player(piles, Rng(seed)) == (0 if a > z else 1)


def test_who_begins_alternate_lets_first_player_begin() -> None:
    for first in (0, 1):
        rules = zank.variant("crapette", who_begins="alternate", first_player=first)
        assert {rules.new_game(seed=s).to_move for s in range(10)} == {first}
    with pytest.raises(zank.OptionError, match="alternate"):
        zank.variant("crapette", first_player=1)


# ------------------------------------------------------------ observations
def test_observations_hide_the_hands_and_the_reserve_below_its_top() -> None:
    state = RULES.new_game(seed=2)
    seen = RULES.observe(state, 0)
    for p in range(2):
        hand = seen.piles[RULES.pile_index(2, f"p{p}.hand")]
        assert set(hand) == {HIDDEN}
        reserve = seen.piles[RULES.pile_index(2, f"p{p}.reserve")]
        assert reserve[:-1] == (HIDDEN,) * 12
        assert reserve[-1] != HIDDEN


# ---------------------------------------------------------------- the greedy
def test_greedy_beats_random_nearly_always() -> None:
    wins = 0
    games = 40
    for seed in range(games):
        seat = seed % 2
        agents: list[Agent] = [RandomAgent(seed), RandomAgent(seed)]
        agents[seat] = GreedyAgent(seed)
        record = zank.play(RULES, agents, seed=seed)
        assert record.result is not None
        wins += record.result.winner == seat
    assert wins >= games - 2


def test_option_errors_name_the_choices() -> None:
    with pytest.raises(zank.OptionError, match="lower"):
        zank.variant("crapette", who_begins="random")
    with pytest.raises(zank.OptionError, match="table_mode"):
        zank.variant("crapette", call_window="every-move")


def test_call_penalty_applies_only_in_table_mode() -> None:
    with pytest.raises(zank.OptionError, match="call_penalty"):
        zank.variant("crapette", call_penalty="as-is")
    assert (
        zank.variant("crapette", call_penalty="as-is", table_mode=True).options["call_penalty"]
        == "as-is"
    )
