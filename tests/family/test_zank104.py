"""zank-104 (seed 003): one test or more per rule of docs/rules/zank-104.md,
the seed's example of play as a scenario, and whole random games."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import attrs
import pytest

import zank
from zank.agents import RandomAgent
from zank.cards import RANK, full_deck, parse_cards
from zank.core import HIDDEN, State, Termination
from zank.family.zank104 import Zank104, counts, opening_key
from zank.random import Rng

from .board import Board
from .positions import KINGS, c

START = (0, 48, 48, 0, 0)


def rules_with(**options: object) -> Zank104:
    rules = zank.variant("zank-104", **options)
    assert isinstance(rules, Zank104)
    return rules


RULES = rules_with()
RUNS = rules_with(stair_runs=True)


@pytest.fixture
def b(board: Callable[..., Board]) -> Board:
    """The position helpers of the default zank-104 (``board`` of ``conftest.py``)."""
    return board("zank-104")


# ------------------------------------------------------------ Z104-1, Z104-2
def test_setup_four_stairs_a_reserve_of_13_and_a_talon_from_each_players_own_pack() -> None:
    state = RULES.new_game(seed=11)
    for p in range(2):
        reserve, talon = state.pile(f"p{p}.reserve"), state.pile(f"p{p}.talon")
        assert len(reserve) == 13
        assert state.down[RULES.pile_index(2, f"p{p}.reserve")] == 12
        assert len(talon) == 35
        assert state.down[RULES.pile_index(2, f"p{p}.talon")] == 35
        stairs = [state.pile(f"h{p * 4 + j + 1}") for j in range(4)]
        assert all(len(s) == 1 for s in stairs)
        assert sorted([*reserve, *talon, *(s[0] for s in stairs)]) == sorted(full_deck(p))
        assert state.pile(f"p{p}.second-talon") == () == state.pile(f"p{p}.turned")
    assert all(state.pile(f"f{i + 1}") == () for i in range(8))
    assert state.info == START
    assert state == RULES.new_game(seed=11)


def test_the_layout_names_talon_and_second_talon() -> None:
    kinds = {s.label: s.kind for s in RULES.layout(2)}
    assert kinds["p1.talon"] == "talon"
    assert kinds["p1.second-talon"] == "second-talon"
    assert kinds["h8"] == "house"


# ------------------------------------------------------------------- Z104-3
def test_the_higher_reserve_top_begins_then_hearts_diamonds_spades_clubs() -> None:
    seen = set()
    for seed in range(80):
        state = RULES.new_game(seed=seed)
        a = opening_key(state.pile("p0.reserve")[-1])
        b = opening_key(state.pile("p1.reserve")[-1])
        if a != b:
            assert state.to_move == (0 if a > b else 1)
            seen.add(state.to_move)
    assert seen == {0, 1}
    assert opening_key(c("8c")) > opening_key(c("3c:1"))  # the seed's example
    assert opening_key(c("Ah")) < opening_key(c("2c"))  # the ace is low
    order = [opening_key(c(x)) for x in ("7h", "7d", "7s", "7c")]
    assert order == sorted(order, reverse=True)


def _start_piles(tops: tuple[str, str], stairs: tuple[str, str]) -> list[tuple[int, ...]]:
    piles: list[tuple[int, ...]] = [()] * len(RULES.layout(2))
    piles[RULES.pile_index(2, "p0.reserve")] = (c(tops[0]),)
    piles[RULES.pile_index(2, "p1.reserve")] = (c(tops[1]),)
    for p in range(2):
        for j, x in enumerate(stairs[p].split()):
            piles[RULES.house_base + 4 * p + j] = (c(x),)
    return piles


def test_two_identical_reserve_tops_compare_the_stairs_in_the_order_laid_out() -> None:
    piles = _start_piles(("7h", "7h:1"), ("Kc 5d 2s 9h", "Kc:1 5d:1 3c:1 Ah:1"))
    assert RULES.starting_player(piles, Rng(0)) == 1  # K = K, 5♦ = 5♦, then 3♣ > 2♠
    piles = _start_piles(("7h", "7h:1"), ("Kc 5d 2s 9h", "Kc:1 5h:1 2s:1 9h:1"))
    assert RULES.starting_player(piles, Rng(0)) == 1  # 5♥ > 5♦


def test_identical_tops_and_stairs_are_decided_by_a_cut() -> None:
    piles = _start_piles(("7h", "7h:1"), ("Kc 5d 2s 9h", "Kc:1 5d:1 2s:1 9h:1"))
    starters = {RULES.starting_player(piles, Rng(seed)) for seed in range(20)}
    assert starters == {0, 1}
    for seed in range(20):
        assert RULES.starting_player(piles, Rng(seed)) == Zank104.cut(Rng(seed))


# ------------------------------------------------------------------- Z104-4
def test_only_the_reserve_top_the_turned_card_and_the_outer_stair_cards_are_free(b: Board) -> None:
    sources = {m.text.split("-")[0] for m in RULES.moves if "-" in m.text}
    assert sources == {"r", "t", *(f"h{h}" for h in range(1, 9))}
    state = b.position({**KINGS, "h3": "", "p0.reserve": ""})
    assert b.violation(state, "h3-h1").message == "stair 3 is empty"
    v = b.violation(state, "t-h1")
    assert v.rule == "Z104-4"
    assert "no turned talon card" in v.message
    assert b.violation(state, "r-h3").message == "your reserve is empty"


# ------------------------------------------------------------------- Z104-5
def test_foundations_take_an_ace_then_the_next_card_of_the_suit_of_either_pack(b: Board) -> None:
    state = b.position({**KINGS, "h1": "Ah", "p0.reserve": "9c 2h:1"})
    assert b.texts(state) == ["h1-f"]
    state = b.play(state, "h1-f")
    assert b.texts(state) == ["r-f"]
    state = b.play(state, "r-f")
    assert state.pile("f1") == (c("Ah"), c("2h:1"))


def test_a_card_that_fits_no_foundation_is_explained(b: Board) -> None:
    state = b.position({**KINGS, "f1": "Ah", "p0.reserve": "3h"})
    v = b.violation(state, "r-f")
    assert v.rule == "Z104-5"
    assert (
        v.message == "3♥ cannot go on a foundation: it goes on the 2♥, and no foundation shows one"
    )


# ------------------------------------------------------------------- Z104-6
def test_stairs_build_down_in_alternating_colours(b: Board) -> None:
    state = b.position({**KINGS, "h1": "Jc Td", "h2": "Ts 9h", "p0.reserve": "9c"})
    assert "r-h1" in b.texts(state)
    v = b.violation(state, "r-h2")
    assert v.rule == "Z104-6"
    assert v.message == "9♣ cannot go on stair 2: it shows 9♥, which takes a black 8"


def test_a_gap_takes_the_reserve_top_or_the_talon_card_in_the_first_gap(b: Board) -> None:
    state = b.position({**KINGS, "h2": "", "h6": "", "p0.reserve": "5c"})
    assert "r-h2" in b.texts(state)
    v = b.violation(state, "r-h6")
    assert v.rule == "Z104-6"
    assert "first gap, stair 2" in v.message
    state = b.position({**KINGS, "h2": "", "p0.reserve": "", "p0.turned": "5c"})
    assert "t-h2" in b.texts(state)


def test_a_gap_is_never_filled_from_another_stair(b: Board) -> None:
    state = b.position({**KINGS, "h1": "Kc Qh", "h2": "", "p0.reserve": "5c"})
    assert not [t for t in b.texts(state) if t.startswith("h") and t.endswith("-h2")]
    v = b.violation(state, "h1-h2")
    assert v.rule == "Z104-6"
    assert "filled only from your reserve or your talon" in v.message


# ------------------------------------------------------------------- Z104-7
def test_single_cards_move_between_stairs(b: Board) -> None:
    state = b.position({**KINGS, "h1": "9d 8c 7h", "h2": "Ts", "h4": "8s"})
    moves = b.texts(state)
    assert "h1-h4" in moves  # 7♥ onto 8♠
    assert "h1-h2" not in moves  # the run 9♦ 8♣ 7♥ does not move as a whole
    state = b.play(state, "h1-h4")
    assert state.pile("h1") == (c("9d"), c("8c"))
    assert state.pile("h4") == (c("8s"), c("7h"))


def test_a_card_moved_between_stairs_moves_between_stairs_again_only_after_another_move(
    b: Board,
) -> None:
    state = b.position({**KINGS, "h1": "9d", "h2": "9h", "h3": "8c", "p0.reserve": "Tc Qs"})
    state = b.play(state, "h3-h1")
    assert state.info[3] == 0b1  # stair 1 received a card from a stair
    assert "h1-h2" not in b.texts(state)
    v = b.violation(state, "h1-h2")
    assert v.rule == "Z104-7"
    assert v.message == (
        "8♣ on stair 1 was just moved there from another stair: it may move between "
        "stairs again only after another move"
    )
    state = b.play(state, "r-h3")  # the queen of spades fills the gap
    assert state.info[3] == 0
    assert "h1-h2" in b.texts(state)


# ------------------------------------------------------------------ Z104-V1
def test_stair_runs_carry_the_part_of_the_run_that_fits(b: Board) -> None:
    runs = b.with_options(stair_runs=True)
    piles = {**KINGS, "h1": "9d 8c 7h", "h2": "Ts", "h3": "8d", "h4": "8s"}
    state = runs.position(piles)
    moves = runs.texts(state)
    assert {"h1-h2", "h1-h4"} <= set(moves)
    assert "h1-h3" not in moves
    v = runs.violation(state, "h1-h3")
    assert v.rule == "Z104-6"
    assert v.message == "no card of stair 1 fits stair 3: it shows 8♦, which takes a black 7"
    after = runs.play(state, "h1-h2")
    assert after.pile("h1") == ()
    assert after.pile("h2") == tuple(parse_cards("Ts 9d 8c 7h"))
    after = runs.play(state, "h1-h4")
    assert after.pile("h1") == tuple(parse_cards("9d 8c"))
    assert after.pile("h4") == tuple(parse_cards("8s 7h"))
    assert "h1-h2" in b.texts(b.position({**piles, "h1": "9d"}))


# ------------------------------------------------------------------ Z104-V2
def test_pack_when_stalled_packs_only_when_the_own_cards_cannot_be_laid(b: Board) -> None:
    stalled = b.with_options(pack_when_stalled=True)
    piles = {**KINGS, "h1": "Kc Qh", "p0.reserve": "9h Jc", "p1.reserve": "Tc:1"}
    state = stalled.position(piles)
    assert "r-or" in b.texts(b.position(piles))
    assert "r-or" not in stalled.texts(state)
    v = stalled.violation(state, "r-or")
    assert v.rule == "Z104-V2"
    assert v.message == (
        "you may pack onto the opponent only when neither your reserve top nor your "
        "turned talon card can be laid on a stair (r-h1)"
    )
    state = stalled.play(state, "r-h1")  # 9♥ fits nowhere on the table now
    assert "h1-or" in stalled.texts(state)
    assert "r-or" not in stalled.texts(state)  # 9♥ does not fit 10♣


# ------------------------------------------------------------------- Z104-8
def test_packing_onto_the_opponent_in_suit_changing_direction_5_4_5_6(b: Board) -> None:
    state = b.position(
        {**KINGS, "h1": "5c 4d", "p0.reserve": "2c 6d 5d", "p1.reserve": "3c:1 5d:1"},
    )
    state = b.play(state, "h1-or", "r-or", "r-or")
    assert state.pile("p1.reserve")[-4:] == tuple(parse_cards("5d:1 4d 5d 6d"))
    assert state.down[RULES.pile_index(2, "p1.reserve")] == 1  # packed cards lie face up
    assert RULES.observe(state, 0).piles[RULES.pile_index(2, "p1.reserve")] == (
        HIDDEN,
        *parse_cards("5d:1 4d 5d 6d"),
    )


def test_packing_onto_the_opponents_second_talon_and_what_does_not_fit(b: Board) -> None:
    state = b.position(
        {**KINGS, "p0.reserve": "Qc", "p0.turned": "8s", "p1.second-talon": "9s:1"},
    )
    assert "t-os" in b.texts(state)
    v = b.violation(state, "r-os")
    assert v.rule == "Z104-8"
    assert v.message == (
        "Q♣ cannot be packed on the opponent's second talon: it shows 9♠:1, "
        "which takes 8♠ or 10♠ (same suit, one higher or lower)"
    )
    v = b.violation(state, "t-or")
    assert v.rule == "Z104-8"
    assert "the opponent's reserve is empty" in v.message


def test_a_stair_card_may_be_packed_onto_the_own_reserve_or_second_talon_once_a_turn(
    b: Board,
) -> None:
    piles = {**KINGS, "h1": "6c 5d", "p0.reserve": "4d", "p0.second-talon": "6d"}
    state = b.position(piles)
    # 4♦ fits nowhere on the table: the talon may be turned, or 5♦ packed onto the
    # own reserve or second talon; the own packs are never mandatory
    assert b.texts(state) == ["h1-r", "h1-s", "turn"]
    before = counts(state)[0]
    after = b.play(state, "h1-r")
    assert after.pile("p0.reserve")[-2:] == tuple(parse_cards("4d 5d"))
    assert after.down[RULES.pile_index(2, "p0.reserve")] == 0  # packed cards lie face up
    assert counts(after)[0] == before + 1  # "sich selbst eine Karte kaufen"
    assert after.info[4] == 2  # once a turn: the flag
    # 5♦ is the reserve top now, and fits 6♣: it must be laid before the talon
    assert b.texts(after) == ["r-h1"]
    after = b.play(after, "r-h1")
    v = b.violation(after, "h1-s")
    assert v.rule == "Z104-8"
    assert v.message == (
        "you have packed a stair card onto your own piles this turn already: "
        "once a turn is the most"
    )
    assert b.texts(after) == ["turn"]
    after = b.play(state, "h1-s")
    assert after.pile("p0.second-talon") == tuple(parse_cards("6d 5d"))
    assert after.pile("h1") == (c("6c"),)
    assert b.texts(after) == ["turn"]


def test_only_stair_cards_are_packed_onto_the_own_piles_and_only_what_fits(b: Board) -> None:
    targets = {m.text.split("-")[1] for m in RULES.moves if "-" in m.text and m.text != "t-s"}
    assert targets == {"f", "or", "os", "r", "s", *(f"h{h}" for h in range(1, 9))}
    own = [m.text for m in RULES.moves if m.text.endswith(("-r", "-s")) and m.text != "t-s"]
    assert own == [f"h{h}-{t}" for h in range(1, 9) for t in ("r", "s")]
    assert RULES.action_space == 121
    assert RULES.moves[102].text == "turn"
    state = b.position({**KINGS, "h1": "6c 5d", "p0.reserve": "9d", "p0.second-talon": ""})
    v = b.violation(state, "h1-r")
    assert v.rule == "Z104-8"
    assert v.message == (
        "5♦ cannot be packed on your reserve: it shows 9♦, which takes 8♦ or 10♦ "
        "(same suit, one higher or lower)"
    )
    v = b.violation(state, "h1-s")
    assert v.message == "your second talon is empty: there is nothing to pack on"
    assert b.violation(state, "h2-r").rule == "Z104-8"  # K♦ on 9♦
    state = b.position({**KINGS, "h1": "", "p0.reserve": "4d"})
    assert b.violation(state, "h1-r").message == "stair 1 is empty"
    for text in ("r-s", "t-r", "r-r"):
        with pytest.raises(zank.NotationError):
            RULES.parse_move(state, text)


def test_without_own_packing_nothing_is_packed_onto_the_own_piles(b: Board) -> None:
    no_own = b.with_options(own_packing=False)
    rules = no_own.rules
    targets = {m.text.split("-")[1] for m in rules.moves if "-" in m.text and m.text != "t-s"}
    assert targets == {"f", "or", "os", *(f"h{h}" for h in range(1, 9))}
    assert rules.action_space == 105
    state = no_own.position({**KINGS, "h1": "6c 5d", "p0.reserve": "4d", "p0.second-talon": "6d"})
    assert no_own.texts(state) == ["turn"]
    with pytest.raises(zank.NotationError):
        rules.parse_move(state, "h1-r")
    with pytest.raises(zank.InvalidState):  # the once-a-turn flag belongs to own_packing
        rules.validate(attrs.evolve(state, info=(0, 48, 48, 0, 2)))


def test_own_packs_wait_for_a_stall_with_pack_when_stalled(b: Board) -> None:
    stalled = b.with_options(pack_when_stalled=True)
    piles = {**KINGS, "h1": "Kc Qh", "h2": "6c 5d", "p0.reserve": "4d Jc"}
    piles["p0.second-talon"] = "6d"
    state = stalled.position(piles)
    assert "h2-s" not in stalled.texts(state)
    v = stalled.violation(state, "h2-s")
    assert v.rule == "Z104-V2"
    assert v.message.startswith("you may pack onto your own piles only when")
    state = stalled.play(state, "r-h1")  # 4♦ fits nowhere: play has stopped
    assert {"h2-r", "h2-s"} <= set(stalled.texts(state))


# ------------------------------------------------------------ Z104-9, Z104-10
def test_the_opening_aces_and_their_following_cards_go_to_the_middle_first(b: Board) -> None:
    state = b.position(
        {**KINGS, "h2": "Ac", "h6": "2c:1", "h7": "Ad:1", "p0.reserve": "3s 3c"},
    )
    assert b.texts(state) == ["h2-f", "h7-f"]  # the player chooses the order
    state = b.play(state, "h7-f")
    assert b.texts(state) == ["h2-f"]
    state = b.play(state, "h2-f")
    assert b.texts(state) == ["h6-f"]  # and the following card of the suit
    state = b.play(state, "h6-f")
    assert b.texts(state) == ["r-f"]
    state = b.play(state, "r-f")
    assert state.pile("f1") == tuple(parse_cards("Ad:1"))
    assert state.pile("f2") == tuple(parse_cards("Ac 2c:1 3c"))
    assert "turn" not in b.texts(state)  # three gaps wait for the reserve


def test_some_deal_opens_with_an_ace_on_the_stairs() -> None:
    for seed in range(100):
        state = RULES.new_game(seed=seed)
        aces = [h for h in range(8) if RANK[state.piles[8 + h][0]] == 1]
        if aces:
            moves = RULES.legal_moves(state)
            assert {m.text for m in moves} >= {f"h{h + 1}-f" for h in aces}
            assert all(m.text.endswith("-f") for m in moves)
            return
    pytest.fail("no deal with an ace on the stairs")  # pragma: no cover


def test_a_free_card_that_fits_a_foundation_must_go_there_first(b: Board) -> None:
    state = b.position(
        {**KINGS, "f1": "Ah", "h1": "Kc Qh", "p0.turned": "2h:1", "p0.reserve": "Jc"}
    )
    assert b.texts(state) == ["t-f"]
    v = b.violation(state, "r-h1")
    assert v.rule == "Z104-10"
    assert v.message == "a free card fits a foundation and must go there first (t-f)"
    assert b.violation(state, "t-s").rule == "Z104-10"


# ------------------------------------------------------------------ Z104-11
def test_the_reserve_comes_before_the_talon(b: Board) -> None:
    state = b.position({**KINGS, "h8": "", "p0.reserve": "5c"})
    assert b.texts(state) == ["r-h8"]
    v = b.violation(state, "turn")
    assert v.rule == "Z104-11"
    assert v.message == (
        "your reserve top 5♣ can still be laid (r-h8): the reserve comes before the talon"
    )
    state = b.position({**KINGS, "h1": "Kc Qh", "p0.reserve": "Jc"})
    assert "turn" not in b.texts(state)
    state = b.position({**KINGS, "p0.reserve": "5c", "p1.reserve": "4c:1"})
    assert b.texts(state) == ["r-or"]  # packing counts too
    state = b.position({**KINGS, "p0.reserve": "5c"})
    assert b.texts(state) == ["turn"]  # 5♣ fits nowhere: on to the talon


def test_with_an_empty_reserve_a_gap_is_filled_from_the_talon(b: Board) -> None:
    state = b.position({**KINGS, "h3": "", "p0.reserve": "", "p0.talon": "9d"}, rest="p1.talon")
    assert b.texts(state) == ["turn"]
    state = b.play(state, "turn")
    assert b.texts(state) == ["t-h3"]
    assert b.violation(state, "t-s").rule == "Z104-12"


# ------------------------------------------------------------ Z104-12, 13
def test_the_turned_talon_card_is_laid_while_it_can_be_and_the_next_one_turned(b: Board) -> None:
    state = b.position({**KINGS, "h1": "Kc Qh", "p0.reserve": "5c", "p0.talon": "8d Jc"})
    state = b.play(state, "turn")
    assert state.pile("p0.turned") == (c("Jc"),)
    assert "t-h1" in b.texts(state)
    assert "t-s" not in b.texts(state)
    v = b.violation(state, "t-s")
    assert v.rule == "Z104-12"
    assert v.message == (
        "your turned talon card J♣ can still be laid (t-h1): only a card that fits "
        "nowhere goes on the second talon"
    )
    v = b.violation(state, "turn")
    assert v.rule == "Z104-12"
    state = b.play(state, "t-h1", "turn")
    assert state.pile("p0.turned") == (c("8d"),)


def test_the_card_that_fits_nowhere_goes_onto_the_second_talon_and_the_turn_passes(
    b: Board,
) -> None:
    state = b.position({**KINGS, "p0.reserve": "5c", "p0.talon": "8d Jc"})
    state = b.play(state, "turn")
    assert b.texts(state) == ["t-s"]
    assert RULES.parse_move(state, "end").text == "t-s"
    after = b.play(state, "t-s")
    assert after.pile("p0.second-talon") == (c("Jc"),)
    assert after.pile("p0.turned") == ()
    assert after.to_move == 1
    assert after.turn == state.turn + 1
    v = b.violation(after, "t-s")
    assert v.rule == "Z104-13"


def test_the_turn_cannot_end_while_the_reserve_top_can_be_laid(b: Board) -> None:
    state = b.position({**KINGS, "h1": "Kc Qh", "p0.reserve": "Td", "p0.turned": "Jc"})
    state = b.play(state, "t-h1")
    assert "r-h1" in b.texts(state)
    assert "turn" not in b.texts(state)


# ------------------------------------------------------------------ Z104-14
def test_an_empty_talon_is_refilled_by_turning_the_second_talon_over(b: Board) -> None:
    state = b.position(
        {**KINGS, "p0.reserve": "5c", "p0.talon": "", "p0.second-talon": "3c 4d 9s"},
        rest="p1.talon",
    )
    assert b.texts(state) == ["turn"]
    state = b.play(state, "turn")
    assert state.pile("p0.turned") == (c("3c"),)  # the bottom card comes up first
    assert state.pile("p0.talon") == tuple(parse_cards("9s 4d"))
    assert state.pile("p0.second-talon") == ()
    assert state.down[RULES.pile_index(2, "p0.talon")] == 2


def test_with_nothing_to_turn_the_player_passes(b: Board) -> None:
    state = b.position(
        {**KINGS, "p0.reserve": "5c", "p0.talon": "", "p0.second-talon": ""},
        rest="p1.talon",
    )
    assert b.texts(state) == ["pass"]
    assert b.violation(state, "turn").rule == "Z104-14"
    after = b.play(state, "pass")
    assert after.to_move == 1
    state = b.position({**KINGS, "p0.reserve": "5c"})
    assert b.violation(state, "pass").rule == "Z104-14"


# ------------------------------------------------------------------ Z104-15
def test_what_lies_lies_no_card_ever_returns_to_the_own_reserve_or_talon() -> None:
    """Only an own pack (Z104-8, once a turn) adds a card to the mover's piles."""
    for rules in (RULES, rules_with(own_packing=False)):
        own_packs = 0
        for seed in range(10):
            state = rules.new_game(seed=seed)
            agent = RandomAgent(seed)
            while state.outcome is None:
                p = state.to_move
                assert p is not None
                before = counts(state)[p]
                move = agent.choose(rules, rules.observe(state, p), rules.legal_moves(state))
                state = rules.apply(state, move)
                own = rules.is_own_pack(move)
                own_packs += own
                assert counts(state)[p] <= before + own
        assert (own_packs > 0) == rules.own_packing


# ------------------------------------------------------------------ Z104-16
def test_strict_mode_never_offers_a_fault_but_the_cards_would_allow_one(b: Board) -> None:
    state = b.position({**KINGS, "h1": "Ah", "p0.reserve": "5c"})
    assert b.texts(state) == ["h1-f"]
    loose = [m.text for m in RULES.generate(state, strict=False)]
    assert "h1-f" in loose
    assert "turn" in loose  # overlooking the ace: "Halt!" in table mode


# ------------------------------------------------------------------ Z104-17
def test_a_player_wins_when_reserve_talon_and_second_talon_are_empty(b: Board) -> None:
    state = b.position(
        {"h1": "Kh", "p0.reserve": "Qh", "p0.talon": "", "p1.reserve": "Kc:1"},
        rest="foundations",
    )
    assert b.texts(state) == ["r-f"]
    state = b.play(state, "r-f")
    assert state.outcome == zank.Result(0, (1, 0), Termination.WENT_OUT)
    assert state.to_move is None


def test_cards_on_the_second_talon_must_still_be_placed(b: Board) -> None:
    state = b.position(
        {
            "h1": "Kh",
            "h2": "Kc",
            "p0.reserve": "Qc",
            "p0.talon": "",
            "p0.second-talon": "Qh",
            "p1.reserve": "Kc:1",
        },
        rest="foundations",
    )
    state = b.play(state, "r-f")
    assert state.outcome is None
    assert b.texts(state) == ["h2-f"]
    state = b.play(state, "h2-f")
    assert b.texts(state) == ["h1-s", "turn"]  # K♥ onto the own Q♥: Z104-8, unwise
    state = b.play(state, "turn", "t-f")
    assert state.outcome is not None
    assert state.outcome.winner == 0


# ------------------------------------------------------------------ Z104-18
def _dry(board: Board, info: tuple[int, ...]) -> State:
    """Both players can only turn a talon card and put it on the second talon."""
    return board.position(
        {
            **KINGS,
            "f1": "Ah 2h 3h",
            "p0.reserve": "5c",
            "p0.talon": "4d 7d",
            "p1.reserve": "9s:1",
            "p1.talon": "5h:1 3h:1",
        },
        info=info,
    )


def test_a_turn_with_a_new_record_low_or_a_foundation_card_is_progress(b: Board) -> None:
    short = b.with_options(no_progress_turns=3)
    state = _dry(short, START)
    state = short.play(state, "turn", "t-s")
    assert state.info == (0, 45, 48, 0, 0)  # 45 cards: fewer than ever before
    state = short.play(state, "turn", "t-s")
    assert state.info == (1, 45, 48, 0, 0)  # player 1 still has 48: no progress


def test_the_endless_game_ends_and_the_fewest_cards_win(b: Board) -> None:
    short = b.with_options(no_progress_turns=3)
    state = _dry(short, (0, 45, 48, 0, 0))
    state = short.play(state, "turn", "t-s", "turn", "t-s")
    assert state.info[0] == 2
    assert state.outcome is None
    state = short.play(state, "turn", "t-s")
    assert state.outcome == zank.Result(0, (3, 0), Termination.NO_PROGRESS)
    assert counts(state) == (45, 48)


def test_an_endless_game_with_equal_counts_is_a_draw(b: Board) -> None:
    short = b.with_options(no_progress_turns=2)
    state = short.position(
        {
            **KINGS,
            "p0.reserve": "5c",
            "p0.talon": "4d 7d",
            "p1.reserve": "9s:1",
            "p1.talon": "3h:1",
        },
        info=(0, 10, 10, 0, 0),
    )
    state = short.play(state, "turn", "t-s", "turn", "t-s")
    assert state.outcome == zank.Result(None, (0, 0), Termination.NO_PROGRESS)


def test_no_progress_turns_is_an_option_from_2() -> None:
    with pytest.raises(zank.OptionError, match="from 2"):
        zank.variant("zank-104", no_progress_turns=1)


# ------------------------------------------------------------- observations
def test_observations_hide_the_talons_and_the_reserve_below_its_top() -> None:
    state = RULES.new_game(seed=4)
    obs = RULES.observe(state, 0)
    for p in range(2):
        assert set(obs.piles[RULES.pile_index(2, f"p{p}.talon")]) == {HIDDEN}
        reserve = obs.piles[RULES.pile_index(2, f"p{p}.reserve")]
        assert reserve[:-1] == (HIDDEN,) * 12
        assert reserve[-1] == state.pile(f"p{p}.reserve")[-1]


def test_a_bad_info_is_refused() -> None:
    state = RULES.new_game(seed=4)
    for info in [(0, 48, 48, 0), (0, 48, 48, 256, 0), (0, 48, 48, 0, 4), (51, 48, 48, 0, 0)]:
        with pytest.raises(zank.InvalidState):
            RULES.validate(attrs.evolve(state, info=info))


# ------------------------------------------------------------ the example
def test_the_seeds_example_of_play(b: Board) -> None:
    """ "Beispiel eines Abspiels": the two turns of the seed, as far as the
    text determines them (the rules page lists what we had to choose)."""
    state = b.position(
        {
            "h1": "Ac",
            "h2": "9d",
            "h3": "7h",
            "h4": "Ts",
            "h5": "2c:1",
            "h6": "Jh:1",
            "h7": "4s:1",
            "h8": "5c:1",
            "p0.reserve": "2d 3d 4d 3h 6h Qh 8c",
            "p0.talon": "7s",
            "p1.reserve": "Js:1 Kd:1 Tc:1 Jc:1 3c:1",
            "p1.talon": "Jd:1",
        },
    )
    piles = list(state.piles)
    # "eröffnet der Spieler …, der auf der Reserve 8♣ aufgedeckt hat"
    assert RULES.starting_player(piles, Rng(0)) == 0
    # "Zuerst verlegt er … auf die Basis auf A♣. Gleichzeitig legt er 2♣ auf A♣."
    assert b.texts(state) == ["h1-f"]
    state = b.play(state, "h1-f")
    assert b.texts(state) == ["h5-f"]
    state = b.play(state, "h5-f")
    # "8♣ aus der Reserve geht auf 9♦ …, die nächste Reservekarte Q♥ wird aufgedeckt."
    state = b.play(state, "r-h2")
    assert state.pile("p0.reserve")[-1] == c("Qh")
    # Q♥ could fill a gap: the talon must wait
    assert "turn" not in b.texts(state)
    # "7♥ in der Figur wird an 8♣ verlegt und 10♠ an J♥"
    state = b.play(state, "h3-h2", "h4-h6")
    assert state.pile("h2") == tuple(parse_cards("9d 8c 7h"))
    assert state.pile("h6") == tuple(parse_cards("Jh:1 Ts"))
    # "Die freien Stellen werden durch Reservekarten ergänzt: Q♥ …, 6♥ …,
    # 3♥ und 4♦ …"
    state = b.play(state, "r-h1", "r-h3", "r-h4", "r-h5")
    assert [len(state.pile(f"h{h}")) for h in range(1, 9)] == [1, 3, 1, 1, 1, 2, 1, 1]
    # "Die nächste aufgedeckte Karte aus der Reserve ist 3♦. 3♥ geht an 4♠,
    # 3♦ auf die freie Stelle."
    assert state.pile("p0.reserve")[-1] == c("3d")
    state = b.play(state, "h4-h7", "r-h4")
    assert state.pile("h7") == tuple(parse_cards("4s:1 3h"))
    assert state.pile("h4") == (c("3d"),)
    # "Die Reserve - 2♦ bleibt auf dem Häufchen liegen, die Bewegung ist eingestellt."
    assert state.pile("p0.reserve")[-1] == c("2d")
    assert "turn" in b.texts(state)
    assert not [t for t in b.texts(state) if t.startswith("r-")]
    # "Es folgt das Aufdecken der obersten Talonkarte - 7♠. Sie wird auf den
    # 2. Talon abgelegt … und das Spiel geht auf den zweiten Spieler über."
    state = b.play(state, "turn")
    assert state.pile("p0.turned") == (c("7s"),)
    assert "t-s" in b.texts(state)
    state = b.play(state, "t-s")
    assert state.pile("p0.second-talon") == (c("7s"),)
    assert state.to_move == 1

    # "Der zweite Spieler muß zuerst an die Basis und zwar 3♣ an 2♣ anlegen"
    assert b.texts(state) == ["r-f"]
    state = b.play(state, "r-f")
    # "… die oberste Karte der Reserve - J♣ aufdeckt, die er an Q♥ anlegt."
    assert state.pile("p1.reserve")[-1] == c("Jc:1")
    state = b.play(state, "r-h1")
    # "Er deckt die Reservekarte 10♣ auf. Die Manipulation in der Figur ist
    # stehengeblieben, man kann aber noch 'schikanieren'."
    assert state.pile("p1.reserve")[-1] == c("Tc:1")
    assert not [t for t in b.texts(state) if t.startswith("r-")]
    # "3♦ und 4♦ von der Figur gehen an 2♦ auf die Reserve des Gegners."
    state = b.play(state, "h4-or", "h5-or")
    assert state.pile("p0.reserve")[-3:] == tuple(parse_cards("2d 3d 4d"))
    # "Die freien Plätze werden mit 10♣ und K♦ aus der Reserve belegt."
    assert "turn" not in b.texts(state)
    state = b.play(state, "r-h4", "r-h5")
    assert state.pile("h4") == (c("Tc:1"),)
    assert state.pile("h5") == (c("Kd:1"),)
    # "Die nächste Reservekarte - J♠ wird aufgedeckt. Der Fortgang von der
    # Reserve kommt zum Stehen, man geht zum Talon über und deckt … J♦ auf.
    # Sie wird auf dem zweiten Talon abgelegt und das Spiel geht an den
    # ersten Spieler über."
    assert state.pile("p1.reserve")[-1] == c("Js:1")
    state = b.play(state, "turn")
    assert state.pile("p1.turned") == (c("Jd:1"),)
    state = b.play(state, "t-s")
    assert state.pile("p1.second-talon") == (c("Jd:1"),)
    assert state.to_move == 0
    assert state.pile("f1") == tuple(parse_cards("Ac 2c:1 3c:1"))


# ------------------------------------------------------------ whole games
@pytest.mark.parametrize("rules", [RULES, RUNS, rules_with(no_progress_turns=5)])
def test_random_games_all_end(rules: Zank104) -> None:
    reasons: Counter[Termination] = Counter()
    for seed in range(60):
        record = zank.play(rules, [RandomAgent(seed), RandomAgent(seed + 100)], seed=seed)
        assert record.result is not None
        reasons[record.result.reason] += 1
    assert set(reasons) <= {Termination.WENT_OUT, Termination.NO_PROGRESS}


def test_a_turn_is_bounded_by_the_termination_measure() -> None:
    """Within a turn, every move but a stair-to-stair move and one own pack
    (Z104-8, which raises it by 1) lowers phi = 2 * (the mover's cards) +
    (stair cards) or turns a talon card, and stair-to-stair moves come at most
    (stair cards) in a row (rules page)."""
    for seed in range(20):
        state = RUNS.new_game(seed=seed)
        agent = RandomAgent(seed)
        while state.outcome is None:
            p = state.to_move
            assert p is not None
            stairs = sum(len(state.piles[8 + h]) for h in range(8))
            phi = 2 * counts(state)[p] + stairs
            # 2 phi + 5 moves but stair-to-stair ones, with one own pack (Z104-8)
            bound = (2 * phi + 5) * (stairs + phi + 2)
            n = 0
            while state.outcome is None and state.to_move == p:
                move = agent.choose(RUNS, RUNS.observe(state, p), RUNS.legal_moves(state))
                state = RUNS.apply(state, move)
                n += 1
            assert n <= bound


# ------------------------------------------------------------ greedy policy
@pytest.mark.slow
def test_greedy_beats_random_more_often_than_not() -> None:
    from zank.agents import Agent, GreedyAgent
    from zank.family import greedy_zank104

    assert greedy_zank104.zank104_policy is not None  # importing registered it
    wins = 0
    for seed in range(60):
        g = seed % 2
        agents: list[Agent] = [RandomAgent(seed + 7), RandomAgent(seed + 7)]
        agents[g] = GreedyAgent(seed)
        result = zank.play(RULES, agents, seed=seed).result
        assert result is not None
        wins += result.winner == g
    assert wins >= 36


def test_greedy_packs_from_the_stairs_and_plays_the_reserve_first(b: Board) -> None:
    from zank.family import greedy_zank104

    state = b.position(
        {**KINGS, "h1": "Kc Qh", "h2": "5d", "p0.reserve": "3c Jc", "p1.reserve": "4d:1"},
    )
    obs = RULES.observe(state, 0)
    scores = {m.text: greedy_zank104.move_score(RULES, obs, m) for m in RULES.legal_moves(state)}
    assert max(scores, key=lambda t: scores[t]) == "r-h1"
    assert scores["h2-or"] > scores["h1-h4"]
    assert scores["h1-h4"] < 0  # shuffling a queen between kings changes nothing


def test_greedy_never_packs_onto_its_own_piles(b: Board) -> None:
    from zank.agents import GreedyAgent
    from zank.family import greedy_zank104

    state = b.position({**KINGS, "h1": "6c 5d", "p0.reserve": "4d", "p0.second-talon": "6d"})
    obs = RULES.observe(state, 0)
    legal = RULES.legal_moves(state)
    assert {"h1-r", "h1-s"} <= {m.text for m in legal}
    for seed in range(5):
        assert GreedyAgent(seed).choose(RULES, obs, legal).text == "turn"
    assert greedy_zank104.move_score(RULES, obs, legal[0]) < min(
        greedy_zank104.move_score(RULES, obs, m) for m in legal if not RULES.is_own_pack(m)
    )
    record = zank.play(RULES, [GreedyAgent(1), GreedyAgent(2)], seed=5)
    assert not any(m.endswith(("-r", "-s")) and m != "t-s" for m in record.moves)


# ------------------------------------------------------------ golden lines
#: Like perft for chess: from the deals of seeds 0-2, the move with index
#: ``(7 * i) % len(legal)`` is played at step i; the number of legal moves at
#: each step and the moves played are pinned.  A change here means the rules
#: (or the order of legal moves) changed: check the rules page, then the pins.
#: These lines are those of ``own_packing=False`` (the rules before issue 21);
#: :data:`GOLDEN_LINES_OWN` pins the default rules.
GOLDEN_LINES: dict[int, tuple[str, str]] = {
    0: (
        "2 1 1 1 2 2 1 2 2 1 1 1 1 1 1 2 2 2 1 1 1 3 1 1 2 1 2 2 2 1 2 1 3 2 3 2 3 2 2 1",
        (
            "h5-f h7-f h6-f r-h5 r-h3 h8-h3 r-h6 r-or r-h3 r-h7 r-h8 turn t-s turn t-s turn "
            "h2-os t-h2 r-h2 turn t-s h4-os r-h4 r-h6 h7-h6 r-h7 r-h5 turn h5-h7 t-s h7-h5 "
            "turn h5-h7 t-os h7-h5 turn h2-os t-s h5-h7 turn"
        ),
    ),
    1: (
        "6 5 4 2 2 2 1 1 1 1 1 1 5 4 3 3 2 2 2 1 1 1 1 1 1 1 2 2 2 2 1 1 2 1 1 1 1 4 4 3",
        (
            "h1-h6 h3-h7 h4-h2 h2-or r-h1 h2-h8 r-h2 r-h3 r-h4 r-h5 turn t-s h7-os h5-or "
            "h3-h7 r-h4 r-h3 turn t-h4 turn t-h1 turn t-s r-h5 turn t-s h5-or turn h5-os t-h5 "
            "turn t-s h8-os turn t-s turn t-h1 turn h6-h1 h2-h6"
        ),
    ),
    2: (
        "4 2 1 1 2 1 1 1 1 1 2 1 1 1 1 2 2 3 2 2 2 1 2 1 3 1 1 2 2 1 1 2 2 1 1 1 1 2 2 1",
        (
            "h1-h5 h3-h4 r-h1 r-h3 h1-h3 r-h1 turn t-h3 turn t-s r-h8 turn t-h2 turn t-s turn "
            "h7-os h3-os r-h7 t-s h8-h7 turn h7-h8 t-s h7-os r-h7 r-or turn t-h4 turn t-s "
            "turn h8-or t-s r-h8 turn t-s turn t-h8 turn"
        ),
    ),
}


#: The golden lines of the default rules, where a stair card may be packed
#: onto the own reserve (``h8-r``) or second talon (``h7-s``) once a turn (Z104-8).
GOLDEN_LINES_OWN: dict[int, tuple[str, str]] = {
    0: (
        "2 1 1 1 2 3 2 1 2 4 2 1 1 1 1 1 1 2 2 2 1 1 1 3 3 2 1 1 1 1 1 1 1 1 1 1 2 3 1 3",
        (
            "h5-f h7-f h6-f r-h5 r-h3 h8-r r-h3 r-h6 r-h7 h7-or r-h3 r-h7 r-h8 turn t-s turn "
            "t-s turn h2-os t-h2 r-h2 turn t-s turn h4-os t-h4 turn t-s turn t-h5 turn t-s "
            "turn t-s turn t-s h5-os h4-os r-h4 r-h6"
        ),
    ),
    1: (
        "7 6 5 4 5 3 2 2 2 2 1 1 1 1 1 5 6 5 4 4 3 2 2 2 2 1 1 1 1 1 2 1 1 1 2 2 2 2 1 1",
        (
            "h1-h6 h2-h8 h8-r r-h1 h4-h1 h3-h7 r-h2 h1-or r-h3 h1-h8 r-h1 r-h4 r-h5 turn t-s "
            "r-h4 h4-r h7-os h1-h7 r-h8 h8-h4 h5-or r-h1 turn t-h4 turn t-h2 turn t-s r-h5 "
            "h5-r r-h5 turn t-s h5-or turn h5-os t-h5 turn t-s"
        ),
    ),
    2: (
        "4 2 1 3 2 1 1 1 1 1 2 1 1 1 1 2 2 3 2 3 2 1 2 1 1 1 1 2 1 2 2 1 1 3 3 3 2 2 2 1",
        (
            "h1-h5 h3-h4 r-h1 r-h3 h1-h3 r-h1 turn t-h3 turn t-s r-h8 turn t-h2 turn t-s turn "
            "h7-os h3-os r-h7 h7-s r-h7 r-or t-or turn t-h4 turn t-s h8-or r-h4 turn h4-r "
            "r-h4 t-s r-h8 h8-r h8-os r-h8 turn h4-or t-s"
        ),
    ),
}


@pytest.mark.parametrize(
    ("own_packing", "seed"),
    [(False, seed) for seed in sorted(GOLDEN_LINES)]
    + [(True, seed) for seed in sorted(GOLDEN_LINES_OWN)],
)
def test_golden_line(own_packing: bool, seed: int) -> None:
    rules = rules_with(own_packing=own_packing)
    lines = GOLDEN_LINES_OWN if own_packing else GOLDEN_LINES
    state = rules.new_game(seed=seed)
    counts, played = [], []
    for i in range(40):
        legal = rules.legal_moves(state)
        counts.append(len(legal))
        move = legal[(i * 7) % len(legal)]
        played.append(move.text)
        state = rules.apply(state, move)
    want = [int(n) for n in lines[seed][0].split()]
    for i, (got, expected) in enumerate(zip(counts, want, strict=True)):
        assert got == expected, f"seed {seed}, step {i}: {got} legal moves, expected {expected}"
    assert " ".join(played) == lines[seed][1]
