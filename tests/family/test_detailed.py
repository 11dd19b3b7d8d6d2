"""zank-detailed (seed 001): one test or more per rule of docs/rules/zank-detailed.md."""

from __future__ import annotations

import attrs
import pytest

import zank
from zank.cards import DECK, RANK, full_deck, parse_card
from zank.core import HIDDEN, State, Termination
from zank.family.detailed import ZankDetailed, counts, score
from zank.random import Rng

from .positions import KINGS, play, position, texts, violation


def c(text: str) -> int:
    return parse_card(text)


def rules_with(**options: object) -> ZankDetailed:
    rules = zank.variant("zank-detailed", **options)
    assert isinstance(rules, ZankDetailed)
    return rules


RULES = rules_with()


# ------------------------------------------------------------------ ZD-1, ZD-2
def test_setup_deals_reserve_houses_and_hand_from_each_players_own_pack() -> None:
    state = RULES.new_game(seed=11)
    for p in range(2):
        reserve = state.pile(f"p{p}.reserve")
        hand = state.pile(f"p{p}.hand")
        assert len(reserve) == 13
        assert state.down[RULES.pile_index(2, f"p{p}.reserve")] == 12
        assert len(hand) == 35
        assert state.down[RULES.pile_index(2, f"p{p}.hand")] == 35
        houses = [state.pile(f"h{p * 4 + j + 1}") for j in range(4)]
        assert all(len(h) == 1 for h in houses)
        mine = [*reserve, *hand, *(h[0] for h in houses)]
        assert sorted(mine) == sorted(full_deck(p))  # ZD-1: every card keeps its back
        assert state.pile(f"p{p}.discard") == () == state.pile(f"p{p}.turned")
    assert all(state.pile(f"f{i + 1}") == () for i in range(8))
    assert state.info == (0, 0, 0, 0, 0)
    assert state == RULES.new_game(seed=11)


@pytest.mark.parametrize(("size", "hand"), [(13, 35), (12, 36), (11, 37)])
def test_reserve_size_option_makes_the_hand_pile_larger(size: int, hand: int) -> None:
    rules = rules_with(reserve_size=size)
    state = rules.new_game(seed=3)
    assert len(state.pile("p1.reserve")) == size
    assert len(state.pile("p1.hand")) == hand


def test_reserve_size_must_be_11_12_or_13() -> None:
    with pytest.raises(zank.OptionError, match="13, 12, 11"):
        zank.variant("zank-detailed", reserve_size=10)


# ------------------------------------------------------------------------ ZD-3
def start_key(state: State, p: int) -> tuple[int, ...]:
    top = state.pile(f"p{p}.reserve")[-1]
    return (RANK[top], *(RANK[state.pile(f"h{p * 4 + j + 1}")[-1]] for j in range(4)))


def test_lower_reserve_top_begins_king_high_ace_low() -> None:
    seen = set()
    for seed in range(60):
        state = RULES.new_game(seed=seed)
        a, b = start_key(state, 0), start_key(state, 1)
        if a != b:
            assert state.to_move == (0 if a < b else 1)
            seen.add(state.to_move)
    assert seen == {0, 1}


def test_equal_reserve_tops_compare_the_houses_next_to_the_reserve_then_the_next() -> None:
    piles: list[tuple[int, ...]] = [()] * len(RULES.layout(2))
    r0, r1 = RULES.seat_pile(0, "reserve"), RULES.seat_pile(1, "reserve")
    piles[r0], piles[r1] = (c("7h"),), (c("7c:1"),)
    houses0 = ["Kc", "5d", "2s", "9h"]  # h1 next to the reserve
    houses1 = ["Kd:1", "5s:1", "3c:1", "Ah:1"]
    for j in range(4):
        piles[RULES.house_base + j] = (c(houses0[j]),)
        piles[RULES.house_base + 4 + j] = (c(houses1[j]),)
    # K = K, 5 = 5, then 2 < 3: player 0 begins although player 1's last house is an ace
    assert RULES.starting_player(piles, Rng(0)) == 0
    piles[RULES.house_base + 6] = (c("2c:1"),)
    piles[RULES.house_base + 7] = (c("Ac:1"),)
    assert RULES.starting_player(piles, Rng(0)) == 1  # 2 = 2, then 9 > A


def test_a_complete_tie_is_decided_by_a_cut() -> None:
    piles: list[tuple[int, ...]] = [()] * len(RULES.layout(2))
    piles[RULES.seat_pile(0, "reserve")] = (c("7h"),)
    piles[RULES.seat_pile(1, "reserve")] = (c("7c:1"),)
    for j, (a, b) in enumerate([("Kc", "Kd:1"), ("5d", "5s:1"), ("2s", "2c:1"), ("9h", "9d:1")]):
        piles[RULES.house_base + j] = (c(a),)
        piles[RULES.house_base + 4 + j] = (c(b),)
    starters = {RULES.starting_player(piles, Rng(seed)) for seed in range(20)}
    assert starters == {0, 1}
    for seed in range(20):
        assert RULES.starting_player(piles, Rng(seed)) == ZankDetailed.cut(Rng(seed))


def test_turns_alternate() -> None:
    state = RULES.new_game(seed=5)
    first = state.to_move
    assert first is not None
    while state.to_move == first:
        state = RULES.apply(state, RULES.legal_moves(state)[-1])
    assert state.to_move == 1 - first
    assert state.turn == 2


# ------------------------------------------------------------------------ ZD-4
def test_only_the_outer_house_card_the_reserve_top_and_the_turned_card_are_free() -> None:
    state = position(
        RULES,
        {**KINGS, "h1": "Kc Qh", "p0.reserve": "3c 9d", "p0.discard": "5h", "p0.turned": "4s"},
    )
    sources = {t.split("-")[0] for t in texts(RULES, state) if "-" in t and t != "t-d"}
    assert sources <= {"r", "t", "h1", "h2", "h3", "h4", "h5", "h6", "h7", "h8"}
    assert "d-h1" not in texts(RULES, state)
    v = violation(RULES, state, "d-or")
    assert v.rule == "ZD-4"
    assert "own discard is not free" in v.message


def test_an_empty_source_is_named() -> None:
    state = position(RULES, {**KINGS, "h3": "", "p0.reserve": ""})
    assert "house 3 is empty" in violation(RULES, state, "h3-h1").message
    assert "no turned hand card" in violation(RULES, state, "t-h3").message
    assert violation(RULES, state, "r-h3").rule == "ZD-4"


# ------------------------------------------------------------------------ ZD-5
def test_foundations_take_an_ace_then_the_next_card_of_the_suit() -> None:
    state = position(RULES, {**KINGS, "h1": "Ah", "p0.reserve": "9c 2h:1"})
    assert texts(RULES, state) == ["h1-f"]  # the reserve 2h does not fit yet
    state = play(RULES, state, "h1-f")
    assert state.pile("f1") == (c("Ah"),)
    assert texts(RULES, state) == ["r-f"]  # now it does: another deck, same suit
    state = play(RULES, state, "r-f")
    assert state.pile("f1") == (c("Ah"), c("2h:1"))


def test_a_card_that_fits_no_foundation_is_explained() -> None:
    state = position(RULES, {**KINGS, "f1": "Ah", "p0.reserve": "3h"})
    v = violation(RULES, state, "r-f")
    assert v.rule == "ZD-5"
    assert (
        v.message == "3♥ cannot go on a foundation: it goes on the 2♥, and no foundation shows one"
    )


def test_a_card_goes_on_the_first_foundation_it_fits() -> None:
    state = position(RULES, {**KINGS, "f1": "Ac", "f2": "Ah", "f3": "Ah:1", "p0.turned": "2h"})
    state = play(RULES, state, "t-f")
    assert state.pile("f2")[-1] == c("2h")
    assert state.pile("f3") == (c("Ah:1"),)


# ------------------------------------------------------------------------ ZD-6
def test_houses_take_one_lower_in_the_other_colour() -> None:
    state = position(RULES, {**KINGS, "h1": "Jc Td", "h2": "Ts 9h", "p0.reserve": "9c"})
    assert "r-h1" in texts(RULES, state)
    v = violation(RULES, state, "r-h2")
    assert v.rule == "ZD-6"
    assert v.message == "9♣ cannot go on house 2: it shows 9♥, which takes a black 8"
    state = position(RULES, {**KINGS, "h3": "Jh Tc", "p0.reserve": "9c"})
    assert violation(RULES, state, "r-h3").message.endswith("10♣, which takes a red 9")


def test_a_gap_takes_any_card_in_the_first_gap() -> None:
    state = position(RULES, {**KINGS, "h1": "Kc Qh", "h2": "", "h6": "", "p0.reserve": ""})
    moves = texts(RULES, state)
    assert "h1-h2" in moves
    assert "h1-h6" not in moves
    v = violation(RULES, state, "h1-h6")
    assert v.rule == "ZD-6"
    assert "first gap, house 2" in v.message


def test_the_only_card_of_a_house_does_not_move_into_a_gap() -> None:
    state = position(RULES, {**KINGS, "h2": "", "h3": "Kh Qs", "p0.reserve": ""})
    moves = texts(RULES, state)
    assert "h1-h2" not in moves
    assert "h3-h2" in moves
    assert "changes nothing" in violation(RULES, state, "h1-h2").message


# ------------------------------------------------------------------------ ZD-7
def test_packing_on_the_opponent_same_suit_one_higher_or_lower() -> None:
    state = position(
        RULES,
        {**KINGS, "p0.turned": "8d", "p1.reserve": "2c:1 9d:1", "p1.discard": "7d:1"},
    )
    assert {"t-or", "t-od"} <= set(texts(RULES, state))
    state = play(RULES, state, "t-or")
    assert state.pile("p1.reserve")[-1] == c("8d")
    assert DECK[state.pile("p1.reserve")[-1]] == 0  # the card keeps its back
    state = position(RULES, {**KINGS, "p0.turned": "8h", "p1.reserve": "9d:1"})
    v = violation(RULES, state, "t-or")
    assert v.rule == "ZD-7"
    assert "it shows 9♦:1, which takes 8♦ or 10♦" in v.message


def test_nothing_is_packed_on_an_empty_reserve_or_discard() -> None:
    state = position(RULES, {**KINGS, "p0.turned": "8d", "p1.reserve": "", "p1.discard": ""})
    assert "is empty" in violation(RULES, state, "t-or").message
    assert violation(RULES, state, "t-od").rule == "ZD-7"


# ------------------------------------------------------------------------ ZD-8
def test_no_move_puts_a_card_on_the_own_reserve_hand_or_discard() -> None:
    assert not any(m.text.endswith(("-r", "-or-", "-hand")) for m in RULES.moves)
    assert [m.text for m in RULES.moves if m.text.endswith("-d")] == ["t-d"]
    state = RULES.new_game(seed=1)
    with pytest.raises(zank.NotationError):
        RULES.parse_move(state, "h1-r")


# ---------------------------------------------------------------- ZD-9 .. ZD-11
def test_mandatory_1_the_reserve_top_goes_to_a_foundation_before_anything_else() -> None:
    state = position(
        RULES, {**KINGS, "f1": "Ah", "h1": "3c 2h:1", "p0.reserve": "4c 2h", "p0.turned": "Ac"}
    )
    assert texts(RULES, state) == ["r-f"]
    v = violation(RULES, state, "h1-f")
    assert v.rule == "ZD-9"
    assert "2♥" in v.message


def test_mandatory_2_every_free_card_that_fits_goes_to_a_foundation_in_any_order() -> None:
    state = position(
        RULES, {**KINGS, "f1": "Ah", "h1": "3c 2h:1", "p0.reserve": "4c", "p0.turned": "Ac"}
    )
    assert sorted(texts(RULES, state)) == ["h1-f", "t-f"]
    v = violation(RULES, state, "t-d")
    assert v.rule == "ZD-10"
    assert "h1-f" in v.message


def test_mandatory_3_gaps_are_filled_from_the_reserve_before_a_hand_card_is_turned() -> None:
    state = position(RULES, {**KINGS, "h4": "", "p0.reserve": "5c 9d"})
    assert "turn" not in texts(RULES, state)
    v = violation(RULES, state, "turn")
    assert v.rule == "ZD-11"
    assert "r-h4" in v.message
    state = play(RULES, state, "r-h4")
    assert "turn" in texts(RULES, state)
    # with a card turned, the turn cannot end while a gap waits for the reserve
    state = position(RULES, {**KINGS, "h4": "", "p0.reserve": "5c", "p0.turned": "9d"})
    assert violation(RULES, state, "t-d").rule == "ZD-11"
    assert "t-h4" in texts(RULES, state)  # any free card may fill a gap (ZD-6)
    # an empty reserve cannot fill gaps: turning is allowed
    state = position(RULES, {**KINGS, "h4": "", "p0.reserve": ""})
    assert "turn" in texts(RULES, state)


# ----------------------------------------------------------------- ZD-12 .. ZD-15
def test_turning_the_hand_card_is_a_move_and_play_goes_on() -> None:
    state = position(RULES, {**KINGS, "p0.reserve": "3c", "p0.hand": "Jh 5s 9d"})
    assert texts(RULES, state) == ["turn"]  # the only move: it must be made
    state = play(RULES, state, "turn")
    assert state.pile("p0.turned") == (c("9d"),)
    assert state.pile("p0.hand")[-2:] == (c("Jh"), c("5s"))
    assert state.to_move == 0
    moves = texts(RULES, state)
    assert "turn" not in moves
    assert "t-d" in moves
    v = violation(RULES, state, "turn")
    assert v.rule == "ZD-12"
    assert "9♦" in v.message


def test_other_cards_may_move_while_a_hand_card_is_turned() -> None:
    state = position(
        RULES,
        {**KINGS, "h1": "Kc Qh", "h4": "Ks Qd", "h3": "Jc", "p0.reserve": "3c", "p0.turned": "Js"},
    )
    assert {"h3-h1", "h3-h4", "t-h1", "t-d"} <= set(texts(RULES, state))


def test_discarding_the_turned_card_ends_the_turn() -> None:
    state = position(RULES, {**KINGS, "p0.reserve": "3c", "p0.turned": "9d", "p0.discard": "2s"})
    after = play(RULES, state, "t-d")
    assert after.pile("p0.discard") == (c("2s"), c("9d"))
    assert after.pile("p0.turned") == ()
    assert after.to_move == 1
    assert after.turn == state.turn + 1
    assert RULES.parse_move(state, "end").text == "t-d"


def test_an_empty_hand_pile_is_refilled_by_turning_the_discard_over_without_shuffling() -> None:
    state = position(
        RULES,
        {**KINGS, "p0.reserve": "3c", "p0.hand": "", "p0.discard": "9d 4s Jh"},
        rest="p1.hand",
    )
    state = play(RULES, state, "turn")
    # the discard turned over: its bottom card 9d is now the top of the hand pile
    assert state.pile("p0.turned") == (c("9d"),)
    assert state.pile("p0.hand") == (c("Jh"), c("4s"))
    assert state.pile("p0.discard") == ()
    assert state.down[RULES.pile_index(2, "p0.hand")] == 2


def test_the_last_hand_card_waits_on_the_discard_where_the_opponent_may_pack() -> None:
    state = position(
        RULES,
        {**KINGS, "p0.reserve": "3c", "p0.hand": "", "p0.turned": "9d", "p1.turned": ""},
        rest="p1.hand",
    )
    state = play(RULES, state, "t-d")
    assert state.pile("p0.hand") == ()
    assert state.pile("p0.discard") == (c("9d"),)
    state = position(
        RULES,
        {
            **KINGS,
            "p0.reserve": "3c",
            "p0.hand": "",
            "p0.discard": "9d",
            "p1.reserve": "4h:1",
            "p1.turned": "8d:1",
        },
        to_move=1,
        rest="p1.hand",
    )
    assert "t-od" in texts(RULES, state)
    state = play(RULES, state, "t-od", "turn")
    assert state.pile("p0.discard") == (c("9d"), c("8d:1"))


def test_with_nothing_to_turn_the_player_passes() -> None:
    state = position(
        RULES, {**KINGS, "p0.reserve": "3c", "p0.hand": "", "p0.discard": ""}, rest="p1.hand"
    )
    assert texts(RULES, state) == ["pass"]
    after = play(RULES, state, "pass")
    assert after.to_move == 1
    state = position(RULES, {**KINGS, "p0.reserve": "3c"})
    v = violation(RULES, state, "pass")
    assert v.rule == "ZD-14"
    assert violation(RULES, state, "t-d").rule == "ZD-13"


def test_the_next_reserve_card_turns_up_at_once() -> None:
    state = position(RULES, {**KINGS, "h1": "Kc Qh", "p0.reserve": "2s 4d Jc"})
    i = RULES.pile_index(2, "p0.reserve")
    assert state.down[i] == 2
    state = play(RULES, state, "r-h1")
    assert state.down[i] == 1
    assert RULES.observe(state, 1).piles[i] == (HIDDEN, c("4d"))


# ----------------------------------------------------------------- ZD-16, ZD-20
def test_the_seeds_scoring_example_30_plus_14_plus_6() -> None:
    """Anna is done; Ben has 14 cards in hand pile and discard and 3 in the reserve."""
    state = position(
        RULES,
        {
            "p0.reserve": "Ks",
            "p1.reserve": "Jc Qc Kc",
            "p1.hand": "Jd Qd Kd Jh Qh Kh Ts:1 Js:1 Qs:1 Ks:1",
            "p1.discard": "Td:1 Jd:1 Qd:1 Kd:1",
        },
        rest="foundations",
    )
    assert texts(RULES, state) == ["r-f"]
    end = play(RULES, state, "r-f")
    assert end.to_move is None
    result = RULES.result(end)
    assert result is not None
    assert result.winner == 0
    assert result.reason is Termination.WENT_OUT
    assert result.points == (50, 0)
    assert RULES.legal_moves(end) == ()


def test_a_player_wins_as_soon_as_reserve_hand_and_discard_are_empty() -> None:
    state = position(
        RULES,
        {**KINGS, "f1": "Ah 2h 3h", "p0.reserve": "", "p0.hand": "", "p0.turned": "4h"},
        rest="p1.hand",
    )
    end = play(RULES, state, "t-f")
    assert end.outcome is not None
    assert end.outcome.winner == 0
    # the opponent's 92 cards in the hand pile count; the houses do not
    assert end.outcome.points == (30 + 92, 0)


# ----------------------------------------------------------------- ZD-17, ZD-18
def test_the_game_is_blocked_after_a_full_dry_pass_through_both_stocks() -> None:
    base = {**KINGS, "p0.reserve": "3c", "p0.hand": "", "p0.turned": "9d", "p0.discard": "4s"}
    # p1 has had a dry turn for each of its stock cards; p0 has one stock card (4s)
    # and now ends its second dry turn: 2 >= 2 cards (4s and 9d)
    state = position(RULES, base, rest="p1.hand", info=(1, 93, 0, 0, 0), turn=100)
    end = play(RULES, state, "t-d")
    assert end.outcome is not None
    assert end.outcome.reason is Termination.BLOCKED
    c0, c1 = counts(end)
    assert (c0, c1) == (2 + 2, 93)
    assert end.outcome.winner == 0
    assert end.outcome.points == (c1 - c0, 0)
    # one dry turn fewer for p1: not blocked yet
    state = position(RULES, base, rest="p1.hand", info=(1, 92, 0, 0, 0), turn=100)
    assert play(RULES, state, "t-d").outcome is None


#: A position no card can leave: kings on the houses (they take only queens),
#: the aces at the bottom of player 1's reserve, and own cards that fit nothing.
FROZEN = {**KINGS, "p0.reserve": "3c", "p0.hand": "9d", "p0.turned": "4s", "p1.reserve": "3c:1"}


def test_a_position_where_no_card_can_ever_move_is_blocked_at_once() -> None:
    # "Kann keiner mehr eine Karte aus Reserve oder Handstapel spielen, ist das
    # Spiel blockiert und endet": no dry pass needed (info (0, 0, ...))
    state = position(RULES, FROZEN, rest="p1.reserve")
    end = play(RULES, state, "t-d")
    assert end.outcome is not None
    assert end.outcome.reason is Termination.BLOCKED
    assert end.info[:2] == (1, 0)
    assert RULES.frozen(end.piles, 1)


@pytest.mark.parametrize(
    "change",
    [
        {"p0.hand": "Qh"},  # a hand card that fits a house (a red queen on a black king)
        {"p0.hand": "4c"},  # ... that may be packed on the opponent's reserve top
        {"p1.reserve": "8d:1"},  # a reserve top that fits the opponent's discard (9d)
        {"h1": "", "p0.reserve": ""},  # a gap (that player 1 may fill)
        {"h1": "Kc Qh Jc", "h4": "Ks Qd", "p0.hand": "Td"},  # Td fits J♣
    ],
)
def test_a_position_where_a_card_can_still_move_is_not_blocked_at_once(
    change: dict[str, str],
) -> None:
    state = position(RULES, {**FROZEN, **change}, rest="p1.reserve")
    after = play(RULES, state, "t-d")
    assert after.outcome is None
    assert not RULES.frozen(after.piles, 1)


def test_house_cards_moving_between_houses_do_not_keep_a_blocked_game_going() -> None:
    # J♣ can go back and forth between the red queens, but no card of a reserve,
    # hand pile or discard will ever fit anything
    piles = {**FROZEN, "h1": "Kc Qh Jc", "h4": "Ks Qd"}
    state = position(RULES, piles, rest="p1.reserve")
    assert "h1-h4" in texts(RULES, state)
    end = play(RULES, state, "t-d")
    assert end.outcome is not None
    assert end.outcome.reason is Termination.BLOCKED


def test_a_house_move_that_frees_a_foundation_card_keeps_the_game_going() -> None:
    # 2♥ can move from 3♣ onto 3♠; then 3♣ fits the foundation (A♣ 2♣)
    piles = {**FROZEN, "f1": "Ac 2c", "h1": "4d 3c 2h", "h4": "4h 3s"}
    piles.update({"p0.reserve": "9c", "p1.reserve": "9c:1", "h2": "Kc", "h5": "Ks"})
    state = position(RULES, piles, rest="p1.reserve")
    assert play(RULES, state, "t-d").outcome is None
    # with K♦ for 4♥ 3♠ nothing takes 2♥: blocked
    state = position(RULES, {**piles, "h4": "Kd"}, rest="p1.reserve")
    end = play(RULES, state, "t-d")
    assert end.outcome is not None
    assert end.outcome.reason is Termination.BLOCKED


def test_turned_cards_that_never_meet_the_discard_they_fit_do_not_keep_it_going() -> None:
    # Player 0's stock comes up 9♠, J♥, 5♦ (its discard turned over), player 1's
    # 6♦, 9♣, J♦: while both only turn and discard, 5♦ and 6♦ never meet (when
    # player 1 turns 6♦ player 0's discard shows 9♠; when player 0 turns 5♦,
    # player 1's shows 9♣)
    base = {**KINGS, "p0.reserve": "3c", "p1.reserve": "3c:1", "p0.hand": ""}
    never = {**base, "p0.discard": "Jh 5d", "p0.turned": "9s", "p1.hand": "Jd:1 9c:1 6d:1"}
    state = position(RULES, never, rest="p1.reserve")
    end = play(RULES, state, "t-d")
    assert end.outcome is not None
    assert end.outcome.reason is Termination.BLOCKED
    # the other order: player 0 turns 5♦ when player 1's discard shows 6♦
    meet = {**base, "p0.discard": "5d Jh", "p0.turned": "9s", "p1.hand": "Jd:1 9c:1 6d:1"}
    state = position(RULES, meet, rest="p1.reserve")
    after = play(RULES, state, "t-d", "turn", "t-d", "turn")
    assert after.outcome is None
    assert after.pile("p0.turned") == (c("5d"),)
    assert "t-od" in texts(RULES, after)


@pytest.mark.parametrize("seed", [190, 278, 321])
def test_a_game_blocked_at_once_never_lets_a_card_of_a_player_move_again(seed: int) -> None:
    """Random games that the exact check ends: played on with the moves the
    cards allow (houses to houses, turning, discarding), no card ever leaves a
    reserve, hand pile or discard, and none reaches a foundation or a pack."""
    rules = rules_with(own_discard_free=True, reserve_size=11, who_begins="cut")
    state = rules.new_game(seed=seed)
    rng = Rng(seed)
    before = state
    while state.outcome is None:
        legal = rules.legal_moves(state)
        before, state = state, rules.apply(state, legal[rng.below(len(legal))])
    assert state.outcome.reason is Termination.BLOCKED
    assert before.to_move is not None
    assert rules.frozen(state.piles, 1 - before.to_move)
    running = State(
        rules=rules,
        players=2,
        piles=state.piles,
        down=state.down,
        to_move=1 - before.to_move,
        info=(0, 0, 0, 0, 0),
    )
    for _ in range(400):
        moves = rules.generate(running, strict=False)
        for m in moves:
            if m.kind == 0:  # a card move: only a house card onto another house
                assert m.source >= 3, m.text
                assert 0 < m.target < 9, m.text
        p = running.to_move
        assert p is not None
        running = rules.strict_apply(running, moves[rng.below(len(moves))])
        if running.outcome is not None:  # the turn ended: play on regardless
            running = attrs.evolve(running, outcome=None, to_move=1 - p)


def test_a_card_leaving_a_reserve_or_hand_pile_resets_the_blocked_count() -> None:
    state = position(
        RULES,
        {**KINGS, "h1": "Kc Qh", "p0.reserve": "3c", "p0.turned": "Jc", "p0.hand": "5d"},
        info=(7, 9, 3, 0, 0),
        turn=20,
    )
    state = play(RULES, state, "t-h1", "turn", "t-d")
    assert state.info == (0, 0, 4, 0, 0)
    state = position(
        RULES, {**KINGS, "p0.reserve": "3c", "p0.turned": "Jc"}, info=(7, 9, 3, 0, 0), turn=20
    )
    assert play(RULES, state, "t-d").info == (8, 9, 4, 0, 0)


def test_the_game_ends_after_too_many_turns_without_a_foundation_card() -> None:
    rules = rules_with(no_progress_turns=10)
    state = position(
        rules, {**KINGS, "p0.reserve": "3c", "p0.turned": "Jc"}, info=(0, 0, 9, 0, 0), turn=10
    )
    end = play(rules, state, "t-d")
    assert end.outcome is not None
    assert end.outcome.reason is Termination.NO_PROGRESS
    state = position(
        rules,
        {**KINGS, "h1": "Ad", "p0.reserve": "", "p0.turned": "Jc"},
        info=(0, 0, 9, 0, 0),
        turn=10,
    )
    after = play(rules, state, "h1-f", "t-d")
    assert after.outcome is None
    assert after.info[2] == 0


def test_a_blocked_game_with_equal_counts_scores_nothing() -> None:
    state = position(RULES, {**KINGS, "p0.reserve": "3c", "p1.reserve": "3c:1"})
    assert counts(state) == (47 + 2, 47 + 2)
    result = score(state, None)
    assert result.winner is None
    assert result.points == (0, 0)
    assert result.reason is Termination.BLOCKED


# ----------------------------------------------------------------------- ZD-19
def test_at_most_fifty_house_to_house_moves_in_a_row() -> None:
    cards = {**KINGS, "h1": "Kc Qh", "h3": "Jc", "p0.reserve": "", "p0.hand": "9d"}
    state = position(RULES, cards, info=(0, 0, 0, 49, 0), rest="p1.hand")
    state = play(RULES, state, "h3-h1")
    assert state.info[3] == 50
    assert not any(t.startswith("h") and "-h" in t for t in texts(RULES, state))
    v = violation(RULES, state, "h1-h3")
    assert v.rule == "ZD-19"
    state = play(RULES, state, "turn")  # any other move starts the count again
    assert state.info[3] == 0
    assert "h1-h3" in texts(RULES, state)
