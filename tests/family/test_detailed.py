"""zank-detailed (seed 001): one test or more per rule of docs/rules/zank-detailed.md."""

from __future__ import annotations

import attrs
import pytest

import zank
from zank.cards import RANK, full_deck
from zank.core import State, Termination
from zank.family.detailed import ZankDetailed, counts, score
from zank.random import Rng

from .positions import KINGS, c, play, position, texts


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


# ------------------------------------------------------- ZD-4 .. ZD-15, ZD-19
# (tested for zank-detailed and crapette alike in test_stock.py)


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
    # 2♥ can move from 3♣ onto 3♠; then 3♣ fits the foundation (A♣ 2♣). The
    # turned 5♥ fits nothing once discarded (FROZEN's 4♠ would take 3♠ onto
    # the discard, another way out), so the house move alone keeps it going.
    piles = {**FROZEN, "f1": "Ac 2c", "h1": "4d 3c 2h", "h4": "4h 3s", "p0.turned": "5h"}
    piles.update({"p0.reserve": "9c", "p1.reserve": "9c:1", "h2": "Kc", "h5": "Ks"})
    state = position(RULES, piles, rest="p1.reserve")
    after = play(RULES, state, "t-d")
    assert after.outcome is None
    assert texts(RULES, after) == ["h1-h4", "pass"]
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


def test_a_blocked_game_with_equal_counts_scores_nothing() -> None:
    state = position(RULES, {**KINGS, "p0.reserve": "3c", "p1.reserve": "3c:1"})
    assert counts(state) == (47 + 2, 47 + 2)
    result = score(state, None)
    assert result.winner is None
    assert result.points == (0, 0)
    assert result.reason is Termination.BLOCKED
