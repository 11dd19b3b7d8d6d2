"""The rules zank-detailed and crapette share, one test each for both.

Both are :class:`~zank.family.stock.StockGame` variants, and their rules pages
number the shared rules alike (ZD-4 is C-4, ..., ZD-19 is C-19); crapette says
"waste" where zank-detailed says "discard".  What differs (the deal, who
begins, scoring, the blocked game, the options) is tested in
``test_detailed.py`` and ``test_crapette.py``.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import zank
from zank.cards import DECK
from zank.core import HIDDEN, Termination
from zank.family.stock import StockGame
from zank.random import Rng

from .board import Board
from .positions import KINGS, c

#: The registered variants built on the reserve-and-hand-pile game.
STOCK_GAMES = sorted(n for n, cls in zank.VARIANTS.items() if issubclass(cls, StockGame))
#: The prefix of each one's rule ids on its rules page.
RULE_PREFIX = {"zank-detailed": "ZD", "crapette": "C"}


@pytest.fixture(params=STOCK_GAMES)
def b(request: pytest.FixtureRequest, board: Callable[..., Board]) -> Board:
    """The default board of each reserve-and-hand-pile variant in turn."""
    name: str = request.param
    return board(name)


def rule(b: Board, n: int) -> str:
    """The id of shared rule ``n`` on ``b``'s rules page (``ZD-9``, ``C-9``)."""
    return f"{RULE_PREFIX[b.name]}-{n}"


def waste(b: Board) -> str:
    """The variant's word for the discard pile."""
    assert isinstance(b.rules, StockGame)
    return b.rules.pile_words.get("discard", "discard")


def test_every_stock_game_has_its_rule_prefix() -> None:
    assert set(STOCK_GAMES) == set(RULE_PREFIX)


# ------------------------------------------------------------------- n-3
def test_a_complete_tie_is_decided_by_a_cut(b: Board) -> None:
    rules = b.rules
    assert isinstance(rules, StockGame)
    piles: list[tuple[int, ...]] = [()] * len(rules.layout(2))
    piles[rules.seat_pile(0, "reserve")] = (c("7h"),)
    piles[rules.seat_pile(1, "reserve")] = (c("7c:1"),)
    for j, (h0, h1) in enumerate([("Kc", "Kd:1"), ("5d", "5s:1"), ("2s", "2c:1"), ("9h", "9d:1")]):
        piles[rules.house_base + j] = (c(h0),)
        piles[rules.house_base + 4 + j] = (c(h1),)
    starters = {rules.starting_player(piles, Rng(seed)) for seed in range(20)}
    assert starters == {0, 1}
    for seed in range(20):
        assert rules.starting_player(piles, Rng(seed)) == type(rules).cut(Rng(seed))


def test_turns_alternate(b: Board) -> None:
    rules = b.rules
    state = rules.new_game(seed=5)
    first = state.to_move
    assert first is not None
    while state.to_move == first:
        state = rules.apply(state, rules.legal_moves(state)[-1])
    assert state.to_move == 1 - first
    assert state.turn == 2


# ------------------------------------------------------------------- n-4
def test_only_the_outer_house_card_the_reserve_top_and_the_turned_card_are_free(
    b: Board,
) -> None:
    state = b.position(
        {**KINGS, "h1": "Kc Qh", "p0.reserve": "3c 9d", "p0.discard": "5h", "p0.turned": "4s"}
    )
    sources = {t.split("-")[0] for t in b.texts(state) if "-" in t and t != "t-d"}
    assert sources <= {"r", "t", "h1", "h2", "h3", "h4", "h5", "h6", "h7", "h8"}
    assert "d-h1" not in b.texts(state)
    v = b.violation(state, "d-or")
    assert v.rule == rule(b, 4)
    assert f"own {waste(b)} is not free" in v.message


def test_an_empty_source_is_named(b: Board) -> None:
    state = b.position({**KINGS, "h3": "", "p0.reserve": ""})
    assert "house 3 is empty" in b.violation(state, "h3-h1").message
    assert "no turned hand card" in b.violation(state, "t-h3").message
    assert b.violation(state, "r-h3").rule == rule(b, 4)


# ------------------------------------------------------------------- n-5
def test_foundations_take_an_ace_then_the_next_card_of_the_suit(b: Board) -> None:
    state = b.position({**KINGS, "h1": "Ah", "p0.reserve": "9c 2h:1"})
    assert b.texts(state) == ["h1-f"]  # the reserve 2h does not fit yet
    state = b.play(state, "h1-f")
    assert state.pile("f1") == (c("Ah"),)
    assert b.texts(state) == ["r-f"]  # now it does: player 1's 2♥ on player 0's A♥
    state = b.play(state, "r-f")
    assert state.pile("f1") == (c("Ah"), c("2h:1"))


def test_a_card_that_fits_no_foundation_is_explained(b: Board) -> None:
    state = b.position({**KINGS, "f1": "Ah", "p0.reserve": "3h"})
    v = b.violation(state, "r-f")
    assert v.rule == rule(b, 5)
    assert (
        v.message == "3♥ cannot go on a foundation: it goes on the 2♥, and no foundation shows one"
    )


def test_a_card_goes_on_the_first_foundation_it_fits(b: Board) -> None:
    state = b.position({**KINGS, "f1": "Ac", "f2": "Ah", "f3": "Ah:1", "p0.turned": "2h"})
    state = b.play(state, "t-f")
    assert state.pile("f2")[-1] == c("2h")
    assert state.pile("f3") == (c("Ah:1"),)


# ------------------------------------------------------------------- n-6
def test_houses_take_one_lower_in_the_other_colour(b: Board) -> None:
    state = b.position({**KINGS, "h1": "Jc Td", "h2": "Ts 9h", "p0.reserve": "9c"})
    assert "r-h1" in b.texts(state)
    v = b.violation(state, "r-h2")
    assert v.rule == rule(b, 6)
    assert v.message == "9♣ cannot go on house 2: it shows 9♥, which takes a black 8"
    state = b.position({**KINGS, "h3": "Jh Tc", "p0.reserve": "9c"})
    assert b.violation(state, "r-h3").message.endswith("10♣, which takes a red 9")


def test_a_gap_takes_any_card_in_the_first_gap(b: Board) -> None:
    state = b.position({**KINGS, "h1": "Kc Qh", "h2": "", "h6": "", "p0.reserve": ""})
    moves = b.texts(state)
    assert "h1-h2" in moves
    assert "h1-h6" not in moves
    v = b.violation(state, "h1-h6")
    assert v.rule == rule(b, 6)
    assert "first gap, house 2" in v.message


def test_the_only_card_of_a_house_does_not_move_into_a_gap(b: Board) -> None:
    state = b.position({**KINGS, "h2": "", "h3": "Kh Qs", "p0.reserve": ""})
    moves = b.texts(state)
    assert "h1-h2" not in moves
    assert "h3-h2" in moves
    assert "changes nothing" in b.violation(state, "h1-h2").message


# ------------------------------------------------------------------- n-7
def test_packing_on_the_opponent_same_suit_one_higher_or_lower(b: Board) -> None:
    state = b.position(
        {**KINGS, "p0.turned": "8d", "p1.reserve": "2c:1 9d:1", "p1.discard": "7d:1"}
    )
    assert {"t-or", "t-od"} <= set(b.texts(state))
    for move, pile in (("t-or", "p1.reserve"), ("t-od", "p1.discard")):
        after = b.play(state, move)
        assert after.pile(pile)[-1] == c("8d")
        assert DECK[after.pile(pile)[-1]] == 0  # the card keeps its back
    state = b.position({**KINGS, "p0.turned": "8h", "p1.reserve": "9d:1"})
    v = b.violation(state, "t-or")
    assert v.rule == rule(b, 7)
    assert "it shows 9♦:1, which takes 8♦ or 10♦" in v.message


def test_nothing_is_packed_on_an_empty_reserve_or_discard(b: Board) -> None:
    state = b.position({**KINGS, "p0.turned": "8d", "p1.reserve": "", "p1.discard": ""})
    assert "is empty" in b.violation(state, "t-or").message
    v = b.violation(state, "t-od")
    assert v.rule == rule(b, 7)
    assert f"the opponent's {waste(b)} is empty" in v.message


# ------------------------------------------------------------------- n-8
def test_no_move_puts_a_card_on_the_own_reserve_hand_or_discard(b: Board) -> None:
    rules = b.rules
    assert not any(m.text.endswith(("-r", "-or-", "-hand")) for m in rules.moves)
    assert [m.text for m in rules.moves if m.text.endswith(("-d", "-r"))] == ["t-d"]
    with pytest.raises(zank.NotationError):
        rules.parse_move(rules.new_game(seed=1), "h1-r")


# ------------------------------------------------------------ n-9 .. n-11
def test_mandatory_1_the_reserve_top_goes_to_a_foundation_before_anything_else(
    b: Board,
) -> None:
    state = b.position(
        {**KINGS, "f1": "Ah", "h1": "3c 2h:1", "p0.reserve": "4c 2h", "p0.turned": "Ac"}
    )
    assert b.texts(state) == ["r-f"]
    v = b.violation(state, "h1-f")
    assert v.rule == rule(b, 9)
    assert "2♥" in v.message


def test_mandatory_2_every_free_card_that_fits_goes_to_a_foundation_in_any_order(
    b: Board,
) -> None:
    state = b.position(
        {**KINGS, "f1": "Ah", "h1": "3c 2h:1", "p0.reserve": "4c", "p0.turned": "Ac"}
    )
    assert sorted(b.texts(state)) == ["h1-f", "t-f"]
    v = b.violation(state, "t-d")
    assert v.rule == rule(b, 10)
    assert "h1-f" in v.message
    after = b.play(state, "t-f", "h1-f")  # either order
    assert after.pile("f2") == (c("Ac"),)


def test_mandatory_3_gaps_are_filled_from_the_reserve_before_a_hand_card_is_turned(
    b: Board,
) -> None:
    state = b.position({**KINGS, "h4": "", "p0.reserve": "5c 9d"})
    assert "turn" not in b.texts(state)
    v = b.violation(state, "turn")
    assert v.rule == rule(b, 11)
    assert "r-h4" in v.message
    assert "turn" in b.texts(b.play(state, "r-h4"))
    # with a card turned, the turn cannot end while a gap waits for the reserve
    state = b.position({**KINGS, "h4": "", "p0.reserve": "5c", "p0.turned": "9d"})
    assert b.violation(state, "t-d").rule == rule(b, 11)
    assert "t-h4" in b.texts(state)  # any free card may fill a gap (n-6)
    # an empty reserve cannot fill gaps: turning is allowed
    state = b.position({**KINGS, "h4": "", "p0.reserve": ""})
    assert "turn" in b.texts(state)


# ----------------------------------------------------------- n-12 .. n-15
def test_turning_the_hand_card_is_a_move_and_play_goes_on(b: Board) -> None:
    state = b.position({**KINGS, "p0.reserve": "3c", "p0.hand": "Jh 5s 9d"})
    assert b.texts(state) == ["turn"]  # the only move: it must be made
    state = b.play(state, "turn")
    assert state.pile("p0.turned") == (c("9d"),)
    assert state.pile("p0.hand")[-2:] == (c("Jh"), c("5s"))
    assert state.to_move == 0
    moves = b.texts(state)
    assert "turn" not in moves
    assert "t-d" in moves
    v = b.violation(state, "turn")
    assert v.rule == rule(b, 12)
    assert "9♦" in v.message
    assert f"put on your {waste(b)} (t-d)" in v.message


def test_other_cards_may_move_while_a_hand_card_is_turned(b: Board) -> None:
    state = b.position(
        {**KINGS, "h1": "Kc Qh", "h4": "Ks Qd", "h3": "Jc", "p0.reserve": "3c", "p0.turned": "Js"}
    )
    assert {"h3-h1", "h3-h4", "t-h1", "t-d"} <= set(b.texts(state))


def test_discarding_the_turned_card_ends_the_turn(b: Board) -> None:
    state = b.position({**KINGS, "p0.reserve": "3c", "p0.turned": "9d", "p0.discard": "2s"})
    after = b.play(state, "t-d")
    assert after.pile("p0.discard") == (c("2s"), c("9d"))
    assert after.pile("p0.turned") == ()
    assert after.to_move == 1
    assert after.turn == state.turn + 1
    assert b.rules.parse_move(state, "end").text == "t-d"
    state = b.position({**KINGS, "p0.reserve": "3c"})
    v = b.violation(state, "t-d")
    assert v.rule == rule(b, 13)
    assert waste(b) in v.message


def test_an_empty_hand_pile_is_refilled_by_turning_the_discard_over_without_shuffling(
    b: Board,
) -> None:
    state = b.position(
        {**KINGS, "p0.reserve": "3c", "p0.hand": "", "p0.discard": "9d 4s Jh"}, rest="p1.hand"
    )
    state = b.play(state, "turn")
    # the discard turned over: its bottom card 9d is now the top of the hand pile
    assert state.pile("p0.turned") == (c("9d"),)
    assert state.pile("p0.hand") == (c("Jh"), c("4s"))
    assert state.pile("p0.discard") == ()
    assert state.down[b.rules.pile_index(2, "p0.hand")] == 2


def test_the_last_hand_card_waits_on_the_discard_where_the_opponent_may_pack(
    b: Board,
) -> None:
    state = b.position(
        {**KINGS, "p0.reserve": "3c", "p0.hand": "", "p0.turned": "9d", "p1.turned": ""},
        rest="p1.hand",
    )
    state = b.play(state, "t-d")
    assert state.pile("p0.hand") == ()
    assert state.pile("p0.discard") == (c("9d"),)
    state = b.position(
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
    assert "t-od" in b.texts(state)
    state = b.play(state, "t-od", "turn")
    assert state.pile("p0.discard") == (c("9d"), c("8d:1"))


def test_with_nothing_to_turn_the_player_passes(b: Board) -> None:
    state = b.position(
        {**KINGS, "p0.reserve": "3c", "p0.hand": "", "p0.discard": ""}, rest="p1.hand"
    )
    assert b.texts(state) == ["pass"]
    assert b.play(state, "pass").to_move == 1
    state = b.position({**KINGS, "p0.reserve": "3c"})
    assert b.violation(state, "pass").rule == rule(b, 14)
    assert b.violation(state, "t-d").rule == rule(b, 13)
    state = b.position({**KINGS, "p0.reserve": "3c", "p0.turned": "9d"})
    assert f"{waste(b)} (t-d)" in b.violation(state, "pass").message


def test_the_next_reserve_card_turns_up_at_once(b: Board) -> None:
    state = b.position({**KINGS, "h1": "Kc Qh", "p0.reserve": "2s 4d Jc"})
    i = b.rules.pile_index(2, "p0.reserve")
    assert state.down[i] == 2
    state = b.play(state, "r-h1")
    assert state.down[i] == 1
    assert b.rules.observe(state, 1).piles[i] == (HIDDEN, c("4d"))


# ------------------------------------------------------------ n-17, n-18
def test_a_card_leaving_a_reserve_or_hand_pile_resets_the_blocked_count(b: Board) -> None:
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


def test_the_game_ends_after_too_many_turns_without_a_foundation_card(b: Board) -> None:
    short = b.with_options(no_progress_turns=10)
    state = short.position(
        {**KINGS, "p0.reserve": "3c", "p0.turned": "Jc"}, info=(0, 0, 9, 0, 0), turn=10
    )
    end = short.play(state, "t-d")
    assert end.outcome is not None
    assert end.outcome.reason is Termination.NO_PROGRESS
    state = short.position(
        {**KINGS, "h1": "Ad", "p0.reserve": "", "p0.turned": "Jc"}, info=(0, 0, 9, 0, 0), turn=10
    )
    after = short.play(state, "h1-f", "t-d")
    assert after.outcome is None
    assert after.info[2] == 0


# ------------------------------------------------------------------ n-19
def test_at_most_fifty_house_to_house_moves_in_a_row(b: Board) -> None:
    cards = {**KINGS, "h1": "Kc Qh", "h3": "Jc", "p0.reserve": "", "p0.hand": "9d"}
    state = b.position(cards, info=(0, 0, 0, 49, 0), rest="p1.hand")
    state = b.play(state, "h3-h1")
    assert state.info[3] == 50
    assert not any(t.startswith("h") and "-h" in t for t in b.texts(state))
    v = b.violation(state, "h1-h3")
    assert v.rule == rule(b, 19)
    state = b.play(state, "turn")  # any other move starts the count again
    assert state.info[3] == 0
    assert "h1-h3" in b.texts(state)
