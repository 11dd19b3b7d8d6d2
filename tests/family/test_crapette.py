"""crapette (Russian Bank): one test or more per rule of docs/rules/crapette.md.

The positions are hand-made with the ``board`` fixture (``tests/family/board.py``);
C-22 ("Crapette!", table mode) is tested in ``test_table_mode.py``.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import zank
from zank.agents import Agent, GreedyAgent, RandomAgent
from zank.cards import RANK, full_deck
from zank.core import HIDDEN, State, Termination
from zank.family import faults
from zank.family.crapette import Crapette, score
from zank.family.detailed import ZankDetailed
from zank.family.match import play_match
from zank.family.stock import counts
from zank.random import Rng

from .board import Board
from .positions import KINGS, c

Make = Callable[..., Board]


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


# ---------------------------------------------------------- C-4 .. C-15, C-19
# (tested for zank-detailed and crapette alike in test_stock.py)


# ------------------------------------------------------------- C-9 .. C-11
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


def test_a_game_without_progress_is_a_draw(board: Make) -> None:
    short = board("crapette", no_progress_turns=10)
    state = short.position(
        {**KINGS, "p0.reserve": "3c", "p0.turned": "Jc"}, info=(0, 0, 9, 0, 0), turn=10
    )
    end = short.play(state, "t-d")
    assert end.outcome is not None
    assert end.outcome.reason is Termination.NO_PROGRESS
    assert end.outcome.winner is None


# ------------------------------------------------------------------- C-V7
def test_stalemate_count_lets_the_lower_count_score_the_difference_without_a_30_bonus(
    board: Make,
) -> None:
    # pagat.com: "whoever has the lower count of remaining cards (... 1 point for each
    # card left in the hand or waste pile, plus 2 points for each card left in the
    # reserve) scores the difference ... There is no 30 point bonus"
    counted = board("crapette", stalemate="count")
    counted_rules = crapette(stalemate="count")
    base = {**KINGS, "p0.reserve": "3c", "p0.hand": "", "p0.turned": "9d", "p0.discard": "4s"}
    state = counted.position(base, rest="p1.hand", info=(1, 93, 0, 0, 0), turn=100)
    end = counted.play(state, "t-d")
    assert end.outcome is not None
    assert end.outcome.reason is Termination.BLOCKED
    assert counts(end) == (4, 93)
    assert end.outcome.winner == 0
    assert end.outcome.points == (93 - 4, 0)
    # the example: 12 against 15 scores 3, whoever is to move
    piles = {
        **KINGS,
        "p0.reserve": "Jc Qc Jh Qh",
        "p0.hand": "Js Qs Jd Qd",
        "p1.reserve": "Jc:1 Qc:1 Jh:1 Qh:1 Qs:1",
        "p1.discard": "Tc:1 Th:1 Jd:1 Qd:1 Td:1",
    }
    for to_move in (0, 1):
        state = counted.position(piles, rest="foundations", to_move=to_move)
        assert counts(state) == (2 * 4 + 4, 2 * 5 + 5)
        result = score(state, None, stalemate="count")
        assert (result.winner, result.points) == (0, (3, 0))
        assert score(state, None).points == (0, 0)  # the default: Foster's draw
        assert counted_rules.game_result(state, None) == result
        assert RULES.game_result(state, None).winner is None
    # equal counts stay a draw
    piles = {**piles, "p1.reserve": "Jc:1 Qc:1 Jh:1 Qh:1", "p1.discard": "Tc:1 Th:1 Jd:1 Qd:1"}
    state = counted.position(piles, rest="foundations")
    assert counts(state) == (12, 12)
    assert counted_rules.game_result(state, None).winner is None
    assert counted_rules.game_result(state, None).points == (0, 0)


def test_stalemate_count_scores_the_endless_game_too_and_needs_points_scoring(
    board: Make,
) -> None:
    short = board("crapette", no_progress_turns=10, stalemate="count")
    piles = {**KINGS, "p0.reserve": "3c", "p0.hand": "", "p0.turned": "Jc"}
    state = short.position(piles, rest="p1.hand", info=(0, 0, 9, 0, 0), turn=10)
    end = short.play(state, "t-d")
    assert end.outcome is not None
    assert end.outcome.reason is Termination.NO_PROGRESS
    assert counts(end) == (2 + 1, 104 - 8 - 2)
    assert (end.outcome.winner, end.outcome.points) == (0, (94 - 3, 0))
    draw = board("crapette", no_progress_turns=10)
    end = draw.play(draw.position(piles, rest="p1.hand", info=(0, 0, 9, 0, 0), turn=10), "t-d")
    assert end.outcome is not None
    assert (end.outcome.winner, end.outcome.points) == (None, (0, 0))
    with pytest.raises(zank.OptionError, match="scoring='win'"):
        zank.variant("crapette", stalemate="count", scoring="win")
    with pytest.raises(zank.OptionError, match="draw"):
        zank.variant("crapette", stalemate="pagat")


# ------------------------------------------------------------------- C-V8
def test_tie_order_near_first_compares_the_house_cards_next_to_each_players_reserve() -> None:
    # pagat.com: "the house cards next to each player's reserve are compared"
    near = crapette(tie_order="near-first")
    zd = zank.variant("zank-detailed")
    assert isinstance(zd, ZankDetailed)
    # equal tops; h1 (K) against h5 (A) next to the reserves; h4 = h8, then h3 (2) < h7 (3)
    piles = _start(["Kc", "5d", "2s", "9h"], ["Ad:1", "5s:1", "3c:1", "9d:1"])
    assert near.starting_player(piles, Rng(0)) == 1  # the ace next to player 1's reserve
    assert zd.starting_player(piles, Rng(0)) == 1  # as zank-detailed's ZD-3
    assert RULES.starting_player(piles, Rng(0)) == 0  # the default: the order dealt
    higher = crapette(who_begins="higher", tie_order="near-first")
    assert higher.starting_player(piles, Rng(0)) == 0  # the king next to player 0's reserve
    assert crapette(who_begins="higher").starting_player(piles, Rng(0)) == 1  # 3 > 2
    # next to the reserves equal: the next houses outwards (h2 5 = h6 5, h3 2 < h7 3)
    piles = _start(["9c", "5d", "2s", "Kh"], ["9d:1", "5s:1", "3c:1", "Ad:1"])
    assert near.starting_player(piles, Rng(0)) == 0
    assert RULES.starting_player(piles, Rng(0)) == 1  # the farthest first: K against A
    assert near.new_game(seed=4).piles == RULES.new_game(seed=4).piles  # the same deal
    for who in ("cut", "alternate"):
        with pytest.raises(zank.OptionError, match="tie_order"):
            zank.variant("crapette", who_begins=who, tie_order="near-first")
    with pytest.raises(zank.OptionError, match="far-first"):
        zank.variant("crapette", tie_order="nearest")


# ---------------------------------------- crapette and zank-detailed (the table)
def test_by_default_random_games_are_those_of_zank_detailed_except_on_a_tie_of_reserve_tops() -> (
    None
):
    zd = zank.variant("zank-detailed")
    near = crapette(tie_order="near-first")

    def game(rules: zank.Rules, seed: int) -> list[str]:
        record = zank.play(rules, [RandomAgent(seed), RandomAgent(seed)], seed=seed)
        return list(record.moves)

    for seed in range(3):  # the same deal, the same moves, the same length
        assert RULES.new_game(seed=seed).piles == zd.new_game(seed=seed).piles
        assert game(RULES, seed) == game(zd, seed)
    # seed 3 deals equal reserve tops: the order of the houses decides (C-3, C-V8)
    assert RULES.new_game(seed=3).to_move != zd.new_game(seed=3).to_move
    assert near.new_game(seed=3).to_move == zd.new_game(seed=3).to_move
    assert game(near, 3) == game(zd, 3)


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
def test_the_waste_top_is_not_free_unless_waste_playable_says_so(b: Board) -> None:
    state = b.position({**KINGS, "p0.reserve": "3c 9d", "p0.discard": "5h", "p0.turned": "4s"})
    v = b.violation(state, "d-or")
    assert v.rule == "C-4"
    assert "waste_playable" in v.message  # the option that would make it free


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


# ------------------------------------------------------------------- C-V9
@pytest.fixture
def carry(board: Make) -> Board:
    """Table mode with pagat's penalty of a call."""
    return board("crapette", table_mode=True, call_penalty="carry-out")


def _called(board: Board, state: State, *moves: str) -> State:
    after = board.play(state, *moves)
    board.rules.validate(after)
    return after


def test_carry_out_the_called_player_must_carry_out_the_compulsory_move(
    carry: Board, board: Make
) -> None:
    # pagat.com: the player "must ... carry out the compulsory move", and the
    # opponent can "stop the play and take over"
    piles = {**KINGS, "f1": "Ah", "h1": "3c 2h:1", "p0.reserve": "4c 2h", "p0.turned": "Qh"}
    state = carry.position(piles)
    fault = carry.play(state, "t-h5")  # Q♥ onto K♣ while the reserve's 2♥ is due (C-9)
    called = _called(carry, fault, "crapette")
    assert called.pile("h5") == (c("Kc:1"),)  # the faulty move taken back
    assert called.pile("f1") == (c("Ah"), c("2h"))  # the compulsory move carried out
    assert called.pile("p0.reserve") == (c("4c"),)
    assert called.pile("p0.discard") == (c("Qh"),)  # the turn ends as with t-d
    assert (called.to_move, called.turn) == (1, state.turn + 1)
    taken = board("crapette", table_mode=True)  # the default: nothing is made up
    called = _called(taken, taken.play(taken.position(piles), "t-h5"), "crapette")
    assert called.pile("f1") == (c("Ah"),)
    assert called.pile("p0.reserve") == (c("4c"), c("2h"))
    assert carry.play(fault, "let").pile("h5") == (c("Kc:1"), c("Qh"))  # let: it stands
    # the compulsory move carried out was the last card: the player has gone out (C-16)
    last = {**KINGS, "f1": "Ah", "h1": "3c", "p0.reserve": "2h", "p0.hand": ""}
    called = _called(carry, carry.play(carry.position(last, rest="p1.hand"), "r-h1"), "crapette")
    assert called.outcome is not None
    assert (called.outcome.winner, called.outcome.reason) == (0, Termination.WENT_OUT)
    state = taken.position(last, rest="p1.hand")
    called = _called(taken, taken.play(state, "r-h1"), "crapette")
    assert (called.outcome, called.to_move, called.pile("p0.reserve")) == (None, 1, (c("2h"),))


def test_carry_out_a_due_card_put_on_the_waste_is_forced_onto_its_foundation(
    carry: Board, board: Make
) -> None:
    # pagat.com: for a card put on the waste that was due, the opponent may
    # "force you to play it there"
    piles = {**KINGS, "f1": "Ah", "p0.reserve": "4c", "p0.turned": "2h"}
    state = carry.position(piles)
    fault = carry.play(state, "t-d")  # the turned 2♥ fits the A♥ (C-10)
    assert faults.pending_rule(carry.rules, fault) == "C-10"
    called = _called(carry, fault, "crapette")
    assert called.pile("f1") == (c("Ah"), c("2h"))
    assert called.pile("p0.discard") == ()
    assert called.to_move == 1
    taken = board("crapette", table_mode=True)  # the default: the waste keeps it
    called = _called(taken, taken.play(taken.position(piles), "t-d"), "crapette")
    assert called.pile("f1") == (c("Ah"),)
    assert called.pile("p0.discard") == (c("2h"),)
    # the reserve's 2♥ was due first (C-9): it goes, then the turned 2♣ is forced too
    piles = {**KINGS, "f1": "Ah", "f2": "Ac", "p0.reserve": "4c 2h", "p0.turned": "2c"}
    called = _called(carry, carry.play(carry.position(piles), "t-d"), "crapette")
    assert called.pile("f1") == (c("Ah"), c("2h"))
    assert called.pile("f2") == (c("Ac"), c("2c"))
    assert called.pile("p0.discard") == ()
    assert called.to_move == 1


def test_carry_out_the_gap_is_filled_from_the_reserve(carry: Board, board: Make) -> None:
    piles = {**KINGS, "h4": "", "p0.reserve": "5c 9d"}
    state = carry.position(piles)
    fault = carry.play(state, "turn")  # a hand card turned while h4 waits (C-11)
    called = _called(carry, fault, "crapette")
    assert called.pile("h4") == (c("9d"),)  # the compulsory move: r-h4
    assert called.pile("p0.reserve") == (c("5c"),)
    assert called.pile("p0.hand") == state.pile("p0.hand")  # the card turned back
    assert called.pile("p0.discard") == ()
    assert called.to_move == 1
    taken = board("crapette", table_mode=True)
    called = _called(taken, taken.play(taken.position(piles), "turn"), "crapette")
    assert called.pile("h4") == ()  # the default: the gap stays for the opponent
    with pytest.raises(zank.OptionError, match="call_penalty"):
        zank.variant("crapette", call_penalty="carry-out")


def test_call_penalty_applies_only_in_table_mode() -> None:
    with pytest.raises(zank.OptionError, match="call_penalty"):
        zank.variant("crapette", call_penalty="as-is")
    assert (
        zank.variant("crapette", call_penalty="as-is", table_mode=True).options["call_penalty"]
        == "as-is"
    )
