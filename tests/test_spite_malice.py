"""Spite and Malice (seed 004): every rule and option on hand-made positions.

Each test names the rule it checks (``S&M-…``) in its docstring; the rules
page ``docs/rules/spite-and-malice.md`` lists the tests of every rule.
Positions are built with :func:`position` from card notation; the cards that
a test does not place go to the bottom of the draw pile (or to ``rest``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import zank
from zank.agents import RandomAgent
from zank.cards import IS_JOKER, KING, RANK, card_text, parse_card, parse_cards
from zank.core import HIDDEN, Result, State, Termination
from zank.random import Rng
from zank.spite_malice import (
    DISCARD,
    MAX_SEED_TIES,
    SRC_PAY,
    SpiteAndMalice,
    match_scores,
)

DEFAULT = SpiteAndMalice()


def position(
    rules: SpiteAndMalice,
    piles: Mapping[str, str],
    *,
    players: int = 2,
    to_move: int = 0,
    rest: str = "draw",
    rng: int = 0,
) -> State:
    """A valid running state with the given piles (cards bottom to top), by
    :meth:`~zank.core.Rules.setup`.

    The piles not named stay empty; every card of the game that ``piles``
    does not name goes to the bottom of the pile ``rest`` (the draw pile by
    default), so the named cards of ``rest`` lie on top of them.  Hands are
    sorted; the draw pile lies face down and each pay-off pile shows its top
    card, as dealt.  ``rng`` is the generator state for reshuffles.
    """
    table = dict.fromkeys((s.label for s in rules.layout(players)), "")
    table.update(piles)
    table[rest] = f"... {table[rest]}"
    state = rules.setup(table, players=players, to_move=to_move, seed=0)
    return attrs.evolve(state, rng=rng)


def legal(rules: SpiteAndMalice, state: State) -> list[str]:
    """The legal moves in notation, in the engine's order."""
    return [m.text for m in rules.legal_moves(state)]


def play(rules: SpiteAndMalice, state: State, *moves: str) -> State:
    """Apply moves given in notation, checking the state after each."""
    for text in moves:
        state = rules.apply(state, rules.parse_move(state, text))
        rules.validate(state)
    return state


def shown(state: State, label: str) -> str:
    """A pile in notation, bottom to top."""
    return " ".join(card_text(c) for c in state.pile(label))


def top(state: State, label: str) -> str:
    return card_text(state.pile(label)[-1])


# Seven cards of the second pack, for a second build pile.
MID = "Ah:1 2h:1 3s:1 4s:1 5h:1 6c:1 7c:1"

# A small table used by many tests: one build pile showing the club 4, the
# pay-off card a heart 6, a side stack with the diamond 8.
TABLE = {
    "build1": "Ad 2s 3h 4c",
    "p0.pay": "Qs 9d 6h",
    "p0.hand": "5s Kd 2c 3d Jc",
    "p0.side1": "8d",
    "p1.pay": "Js:1 10s:1",
    "p1.hand": "2h 3c 4d 6c 7d",
}


# --------------------------------------------------------------- S&M-1 cards


def test_a_game_uses_two_packs_of_52_without_jokers() -> None:
    """S&M-1: 104 cards, two of every card, no jokers; ranks A (1) to K (13)."""
    cards = DEFAULT.cards(2)
    assert len(cards) == 104
    assert not any(IS_JOKER[c] for c in cards)
    by_face = Counter(card_text(c).split(":")[0] for c in cards)
    assert set(by_face.values()) == {2}
    assert len(by_face) == 52
    assert sorted({RANK[c] for c in cards}) == list(range(1, 14))


def test_suits_play_no_role() -> None:
    """S&M-1: a 5 of any suit goes on a 4 of any suit."""
    for five in ("5s", "5h", "5d", "5c:1"):
        hand = " ".join([five, *(c for c in ("9s", "9h", "Jc", "Jd") if c != five)])
        state = position(DEFAULT, {**TABLE, "p0.hand": hand})
        assert "5-b1" in legal(DEFAULT, state)


# -------------------------------------------------------------- S&M-2 set-up


def test_the_deal_gives_pay_off_piles_hands_and_a_face_down_draw_pile() -> None:
    """S&M-2: pay-off piles of 20 showing the top card, hands of 5, the rest face down."""
    state = DEFAULT.new_game(seed=11)
    for p in range(2):
        assert len(state.pile(f"p{p}.pay")) == 20
        assert state.down[DEFAULT.pile_index(2, f"p{p}.pay")] == 19
        assert len(state.pile(f"p{p}.hand")) == 5
        for j in range(1, 5):
            assert state.pile(f"p{p}.side{j}") == ()
    assert len(state.pile("draw")) == 104 - 2 * 25
    assert state.down[0] == len(state.pile("draw"))
    for b in range(1, 4):
        assert state.pile(f"build{b}") == ()
    assert state.pile("done") == ()
    DEFAULT.validate(state)


def test_the_same_seed_deals_the_same_game() -> None:
    """S&M-2: the deal is a pure function of the seed."""
    assert DEFAULT.new_game(seed=3) == DEFAULT.new_game(seed=3)
    assert DEFAULT.new_game(seed=3) != DEFAULT.new_game(seed=4)


# --------------------------------------------------------- S&M-3 who begins


def _start(card: int) -> int:
    return 14 if IS_JOKER[card] else RANK[card]


@pytest.mark.parametrize("jokers", [False, True])
def test_the_higher_pay_off_top_begins(jokers: bool) -> None:
    """S&M-3: of two players, the one with the higher pay-off top begins; no tie remains.

    (With more players a seat that lost the first comparison keeps its top,
    so the final tops alone do not show who won; see the tests below.)
    """
    rules = SpiteAndMalice(jokers=jokers)
    starters = set()
    for seed in range(100):
        state = rules.new_game(seed=seed)
        tops = [_start(state.pile(f"p{p}.pay")[-1]) for p in range(2)]
        assert state.to_move is not None
        assert tops[state.to_move] > tops[1 - state.to_move]
        starters.add(state.to_move)
    assert starters == {0, 1}


def test_a_king_beats_a_queen_for_who_begins() -> None:
    """S&M-3: "König am höchsten"."""
    deal = DEFAULT.setup({"p0.pay": "2c Qd", "p1.pay": "3c Kd"}, seed=1)
    assert DEFAULT.opening_seat(deal, seed=1) == 1


def test_a_joker_beats_a_king_for_who_begins() -> None:
    """S&M-3, S&M-V4: our reading ranks a joker above the king."""
    rules = SpiteAndMalice(jokers=True)
    deal = rules.setup({"p0.pay": "2c Kd Kc", "p1.pay": "3c 5d Xr"}, seed=1)
    assert rules.opening_seat(deal, seed=1) == 1


def test_tied_seats_reshuffle_their_pay_off_piles() -> None:
    """S&M-3: on a tie the tied seats (only they) reshuffle and compare new tops."""
    pays = [
        list(parse_cards("2c 3c 4c 5c 6c Qd")),
        list(parse_cards("7c 8c 9c Tc Jc Qh")),
        list(parse_cards("2d 3d 4d 5d 6d Jh")),
    ]
    before = [list(p) for p in pays]
    rules = SpiteAndMalice(pay_off_size=6)
    starter = rules._who_begins_pays(pays, Rng(5))
    assert pays[2] == before[2], "a seat below the tie keeps its pile"
    assert pays[0] != before[0] or pays[1] != before[1]
    assert sorted(pays[0]) == sorted(before[0])
    assert sorted(pays[1]) == sorted(before[1])
    assert starter in (0, 1)
    other = 1 - starter
    assert RANK[pays[starter][-1]] > RANK[pays[other][-1]]


def test_a_tie_that_never_breaks_goes_to_the_lowest_tied_seat() -> None:
    """S&M-3: after MAX_SEED_TIES reshuffles the lowest tied seat begins."""
    pays = [list(parse_cards("9c 9d")), list(parse_cards("Kc Kd")), list(parse_cards("Kh Ks"))]
    rng = Rng(9)
    assert SpiteAndMalice(pay_off_size=2)._who_begins_pays(pays, rng) == 1
    fresh = Rng(9)
    for _ in range(MAX_SEED_TIES):  # two tied seats shuffle a pile of two each time
        fresh.shuffle([0, 0])
        fresh.shuffle([0, 0])
    assert rng.state == fresh.state


def test_pay_off_piles_of_one_card_are_not_reshuffled_on_a_tie() -> None:
    """S&M-3: with one card each, reshuffling changes nothing; the lowest tied seat begins."""
    pays = [list(parse_cards("5c")), list(parse_cards("Kc")), list(parse_cards("Kd"))]
    rng = Rng(4)
    assert SpiteAndMalice(pay_off_size=1)._who_begins_pays(pays, rng) == 1
    assert rng.state == Rng(4).state


# --------------------------------------------------------- S&M-4 draw up to 5


def test_the_next_player_draws_up_to_five_at_the_start_of_the_turn() -> None:
    """S&M-4: after the turn passes, the next player fills the hand from the draw pile's top."""
    state = position(DEFAULT, {**TABLE, "p1.hand": "2h 3c", "draw": "7h 8h 9h Th"})
    after = play(DEFAULT, state, "j-s2")
    assert after.to_move == 1
    assert sorted(after.pile("p1.hand")) == sorted(parse_cards("2h 3c 8h 9h Th"))
    assert top(after, "draw") == "7h"
    assert len(after.pile("draw")) == len(state.pile("draw")) - 3


def test_a_full_hand_draws_nothing() -> None:
    """S&M-4: a player who holds five cards draws none."""
    state = position(DEFAULT, TABLE)
    after = play(DEFAULT, state, "j-s2")
    assert after.pile("p1.hand") == state.pile("p1.hand")
    assert after.pile("draw") == state.pile("draw")


# ------------------------------------------------------------- S&M-5 sources


def test_the_legal_moves_of_a_position() -> None:
    """S&M-5, S&M-6, S&M-8: hand, side-stack top and pay-off top; then the discards."""
    state = position(DEFAULT, TABLE)
    assert legal(DEFAULT, state) == [
        # hand cards by rank: 2, 3 and J fit nowhere, the 5 fits, the king fits
        "5-b1",
        "k-b1",
        # discards: every rank of the hand onto side 1 or the first free side 2
        "2-s1",
        "2-s2",
        "3-s1",
        "3-s2",
        "5-s1",
        "5-s2",
        "j-s1",
        "j-s2",
        "k-s1",
        "k-s2",
    ]


def test_the_pay_off_top_and_side_stack_tops_are_sources() -> None:
    """S&M-5: the pay-off top and the top of each own side stack can be played."""
    state = position(
        DEFAULT,
        {**TABLE, "p0.pay": "Qs 5h", "p0.side1": "9d 5d", "p0.side2": "8c", "p0.hand": "Jc"},
    )
    assert legal(DEFAULT, state) == ["p-b1", "s1-b1", "j-s1", "j-s2", "j-s3"]


def test_only_the_top_of_a_side_stack_can_be_played() -> None:
    """S&M-5: a card under the top of a side stack is not available."""
    state = position(DEFAULT, {**TABLE, "p0.side1": "5d 9c"})
    assert "s1-b1" not in legal(DEFAULT, state)
    with pytest.raises(zank.IllegalMove, match="does not fit") as info:
        play(DEFAULT, state, "s1-b1")
    assert info.value.rule == "S&M-6"


def test_opponents_cards_are_no_sources() -> None:
    """S&M-5: the opponent's pay-off top and side stacks are not the player's sources."""
    state = position(DEFAULT, {**TABLE, "p1.pay": "Jh 5h", "p1.side1": "5c", "p0.hand": "Jc"})
    assert legal(DEFAULT, state) == ["j-s1", "j-s2"]


def test_two_cards_of_a_rank_give_one_move_that_plays_the_lower_card_id() -> None:
    """S&M-5: suits play no role, so the hand card is chosen by rank (the lower id)."""
    state = position(DEFAULT, {**TABLE, "p0.hand": "5s 5h Jc Jd 2c"})
    assert legal(DEFAULT, state).count("5-b1") == 1
    after = play(DEFAULT, state, "5-b1")
    assert top(after, "build1") == "5h"  # hearts (2) sort before spades (3)
    assert shown(after, "p0.hand") == "2c Jc Jd 5s"


# --------------------------------------------------------------- S&M-6 build


def test_an_ace_starts_a_build_pile_in_the_first_free_place() -> None:
    """S&M-6: an ace starts a new pile, always in the first free build place."""
    state = position(DEFAULT, {**TABLE, "build1": "", "build2": "Ad 2s", "p0.hand": "Ac Jc"})
    assert legal(DEFAULT, state)[:1] == ["a-b1"]
    assert "a-b3" not in legal(DEFAULT, state)
    after = play(DEFAULT, state, "a-b1")
    assert shown(after, "build1") == "Ac"
    with pytest.raises(zank.IllegalMove, match="first free place, build 1") as info:
        play(DEFAULT, state, "a-b3")
    assert info.value.rule == "S&M-6"


def test_no_fourth_build_pile_can_be_started() -> None:
    """S&M-6: an ace starts a pile only while there are fewer than three."""
    state = position(
        DEFAULT,
        {**TABLE, "build2": "Ah", "build3": "As 2d", "p0.hand": "Ac Jc", "p0.side1": ""},
    )
    assert not any(m.startswith("a-b") for m in legal(DEFAULT, state))
    with pytest.raises(zank.IllegalMove, match="already three build piles"):
        play(DEFAULT, state, "a-b1")
    assert "a-s1" in legal(DEFAULT, state), "the ace can still go on a side stack"


def test_a_card_must_be_exactly_one_higher() -> None:
    """S&M-6: a card goes on a build pile only as the next rank up."""
    state = position(DEFAULT, {**TABLE, "p0.hand": "5s 6s 3s Jc Jd"})
    moves = legal(DEFAULT, state)
    assert "5-b1" in moves
    assert "6-b1" not in moves
    assert "3-b1" not in moves


def test_an_ace_cannot_go_on_a_build_pile() -> None:
    """S&M-6: an ace only starts piles."""
    state = position(DEFAULT, {**TABLE, "p0.hand": "Ac Jc"})
    with pytest.raises(zank.IllegalMove, match="an ace only starts a new build pile"):
        play(DEFAULT, state, "a-b1")


def test_a_build_pile_may_be_built_on_by_several_cards_in_a_row() -> None:
    """S&M-6: "so viele Karten, wie du willst, eine nach der anderen"."""
    state = position(DEFAULT, {**TABLE, "p0.hand": "5s 6s 7s 8s Jc"})
    after = play(DEFAULT, state, "5-b1", "6-b1", "7-b1", "8-b1")
    assert top(after, "build1") == "8s"
    assert after.to_move == 0


# ------------------------------------------------------------ S&M-7 pay-off


def test_playing_the_pay_off_top_turns_the_next_card() -> None:
    """S&M-7: the next pay-off card is turned face up at once and may be played too."""
    state = position(DEFAULT, {**TABLE, "p0.pay": "Qs 7h 6h 5h"})
    after = play(DEFAULT, state, "p-b1")
    i = DEFAULT.pile_index(2, "p0.pay")
    assert after.pile("p0.pay") == parse_cards("Qs 7h 6h")
    assert after.down[i] == 2
    obs = DEFAULT.observe(after, 1)
    assert obs.piles[i] == (HIDDEN, HIDDEN, parse_card("6h"))
    assert "p-b1" in legal(DEFAULT, after)
    after = play(DEFAULT, after, "p-b1", "p-b1")
    assert shown(after, "p0.pay") == "Qs"  # the 6 and the 7 followed
    assert after.down[i] == 0


# -------------------------------------------------- S&M-8 ending the turn


def test_a_discard_ends_the_turn_and_passes_clockwise() -> None:
    """S&M-8: putting a hand card on a side stack ends the turn at once."""
    state = position(DEFAULT, TABLE)
    after = play(DEFAULT, state, "j-s1")
    assert after.to_move == 1
    assert after.turn == state.turn + 1
    assert shown(after, "p0.side1") == "8d Jc"


def test_a_new_side_stack_is_begun_in_the_first_free_place() -> None:
    """S&M-8: a new side stack goes to the first free side place."""
    state = position(DEFAULT, {**TABLE, "p0.side1": "", "p0.side2": "8d"})
    assert [m for m in legal(DEFAULT, state) if m.startswith("j-")] == ["j-s1", "j-s2"]
    state = position(DEFAULT, {**TABLE, "p0.side1": "8d", "p0.side3": "9c"})
    assert [m for m in legal(DEFAULT, state) if m.startswith("j-")] == ["j-s1", "j-s2", "j-s3"]
    with pytest.raises(zank.IllegalMove, match="first free place, side 2") as info:
        play(DEFAULT, state, "j-s4")
    assert info.value.rule == "S&M-8"


def test_with_four_side_stacks_the_card_goes_on_one_of_them() -> None:
    """S&M-8: "Hast du schon vier Seitenstapel, musst du die Karte auf einen davon legen"."""
    sides = {f"p0.side{j}": c for j, c in enumerate(["8d", "9c", "Th", "Qh"], start=1)}
    state = position(DEFAULT, {**TABLE, **sides})
    assert [m for m in legal(DEFAULT, state) if m.startswith("j-")] == [
        "j-s1",
        "j-s2",
        "j-s3",
        "j-s4",
    ]


def test_a_turn_cannot_end_without_a_discard() -> None:
    """S&M-8: every legal move either plays to the centre or discards; there is no pass."""
    state = position(DEFAULT, TABLE)
    for text in legal(DEFAULT, state):
        after = play(DEFAULT, state, text)
        assert (after.to_move == 1) == ("-s" in text)


# ----------------------------------------------- S&M-9 side stacks: hand only


def test_side_stacks_take_only_hand_cards() -> None:
    """S&M-9: no move puts the pay-off card or a side-stack card on a side stack."""
    state = position(DEFAULT, TABLE)
    for text in ("p-s2", "s1-s2", "S1-s1"):
        with pytest.raises(
            zank.NotationError, match=r"side stacks take only hand cards.*\[S&M-9\]"
        ):
            DEFAULT.parse_move(state, text)
    assert not any(m.text.startswith(("p-s", "s1-s")) for m in DEFAULT.moves)


def test_a_discard_needs_the_card_in_the_hand() -> None:
    """S&M-9: discarding a rank that the hand does not hold is refused."""
    state = position(DEFAULT, TABLE)
    with pytest.raises(zank.IllegalMove, match="no 9 in your hand") as info:
        play(DEFAULT, state, "9-s1")
    assert info.value.rule == "S&M-9"


# ------------------------------------------------------- S&M-10 empty hand


def test_an_empty_hand_draws_five_and_the_turn_goes_on() -> None:
    """S&M-10: playing the last hand card to the centre draws five at once; same player."""
    state = position(
        DEFAULT,
        {**TABLE, "p0.hand": "5s 7s", "p0.pay": "Qs 6h", "draw": "2d:1 3d:1 4d:1 5d:1 6d:1 7d:1"},
    )
    after = play(DEFAULT, state, "5-b1", "p-b1", "7-b1")
    assert after.to_move == 0
    assert after.turn == state.turn
    assert sorted(after.pile("p0.hand")) == sorted(parse_cards("3d:1 4d:1 5d:1 6d:1 7d:1"))
    assert top(after, "draw") == "2d:1"


def test_an_empty_hand_after_a_short_draw_also_draws_five() -> None:
    """S&M-10: a hand that was not full when it emptied still draws five."""
    state = position(DEFAULT, {**TABLE, "p0.hand": "5s"})
    after = play(DEFAULT, state, "5-b1")
    assert len(after.pile("p0.hand")) == 5
    assert after.to_move == 0


# ---------------------------------------------------------- S&M-11 kings


def test_a_king_is_the_next_card_on_any_build_pile() -> None:
    """S&M-11: a king stands for the card the pile needs, and counts as it."""
    state = position(DEFAULT, {**TABLE, "build2": MID, "p0.hand": "Kd 9s Jc"})
    moves = legal(DEFAULT, state)
    assert "k-b1" in moves
    assert "k-b2" in moves
    after = play(DEFAULT, state, "k-b2")
    assert top(after, "build2") == "Kd"
    assert "9-b2" in legal(DEFAULT, after), "the king counts as the 8"
    with pytest.raises(zank.IllegalMove, match="build piles show 4♣, K♦ as 8"):
        play(DEFAULT, after, "j-b2")


def test_a_king_cannot_start_a_build_pile() -> None:
    """S&M-11: every build pile starts with a real ace."""
    state = position(DEFAULT, {**TABLE, "p0.hand": "Kd Jc"})
    with pytest.raises(zank.IllegalMove, match="cannot start a build pile") as info:
        play(DEFAULT, state, "k-b2")
    assert info.value.rule == "S&M-11"


def test_a_king_may_go_on_a_side_stack_and_be_played_from_it() -> None:
    """S&M-11: "Auf einen Seitenstapel darf ein König wie jede andere Karte"."""
    state = position(DEFAULT, TABLE)
    assert "k-s1" in legal(DEFAULT, state)
    state = position(DEFAULT, {**TABLE, "p0.side1": "8d Kc"})
    assert "s1-b1" in legal(DEFAULT, state)


def test_a_king_from_the_pay_off_pile_is_wild_too() -> None:
    """S&M-11: a king on top of the pay-off pile goes on any build pile."""
    state = position(DEFAULT, {**TABLE, "p0.pay": "Qs Kh", "build2": "Ah"})
    assert {"p-b1", "p-b2"} <= set(legal(DEFAULT, state))


# ---------------------------------------------------- S&M-12 complete piles


def _nearly_full(last: str = "Jd:1") -> str:
    """A build pile of eleven cards (from the second pack), waiting for its queen."""
    return "Ac:1 2c:1 3c:1 4c:1 5c:1 6c:1 7c:1 8c:1 9c:1 Tc:1 " + last


def test_a_pile_completes_at_the_queen_and_goes_into_the_draw_pile() -> None:
    """S&M-12: at the queen the 12 cards are shuffled into the draw pile; the place is free."""
    state = position(DEFAULT, {**TABLE, "build2": _nearly_full(), "p0.hand": "Qd Jc"})
    draw_before = Counter(state.pile("draw"))
    after = play(DEFAULT, state, "q-b2")
    assert after.pile("build2") == ()
    completed = Counter(parse_cards(_nearly_full() + " Qd"))
    assert Counter(after.pile("draw")) == draw_before + completed
    assert after.down[0] == len(after.pile("draw"))
    assert after.pile("done") == ()
    assert after.rng != state.rng, "the shuffle used the state's generator"
    assert after.to_move == 0, "the player goes on"
    # the freed place takes a new pile
    again = position(DEFAULT, {**TABLE, "build2": _nearly_full(), "p0.hand": "Qd Ah Jc"})
    again = play(DEFAULT, again, "q-b2")
    assert "a-b2" in legal(DEFAULT, again)


def test_a_king_as_the_queen_completes_the_pile() -> None:
    """S&M-12: "Erreicht ein Zielstapel die Dame (oder einen König als Dame)"."""
    state = position(DEFAULT, {**TABLE, "build2": _nearly_full("Kh:1"), "p0.hand": "Kd Jc"})
    after = play(DEFAULT, state, "k-b2")
    assert after.pile("build2") == ()
    assert parse_card("Kd") in after.pile("draw")


def test_the_completion_shuffle_is_a_pure_function_of_the_state() -> None:
    """S&M-12: the shuffle comes from the state's generator; other seeds, other orders."""
    piles = {**TABLE, "build2": _nearly_full(), "p0.hand": "Qd Jc"}
    one = play(DEFAULT, position(DEFAULT, piles, rng=1), "q-b2")
    assert one == play(DEFAULT, position(DEFAULT, piles, rng=1), "q-b2")
    two = play(DEFAULT, position(DEFAULT, piles, rng=2), "q-b2")
    assert one.pile("draw") != two.pile("draw")
    assert sorted(one.pile("draw")) == sorted(two.pile("draw"))


def test_completing_the_last_pay_off_card_as_queen_wins() -> None:
    """S&M-12, S&M-13: a pay-off queen that completes a pile still wins the game."""
    state = position(DEFAULT, {**TABLE, "build2": _nearly_full(), "p0.pay": "Qd"})
    after = play(DEFAULT, state, "p-b2")
    assert after.outcome is not None
    assert after.outcome.winner == 0
    assert after.pile("build2") == ()


# ---------------------------------------------------------------- S&M-13 win


def test_playing_the_last_pay_off_card_wins() -> None:
    """S&M-13: the game ends at once when the last pay-off card goes to the centre."""
    state = position(DEFAULT, {**TABLE, "p0.pay": "5h"})
    after = play(DEFAULT, state, "p-b1")
    assert after.outcome == Result(0, (5 + 2, 0), Termination.WENT_OUT)
    assert after.to_move is None
    assert DEFAULT.legal_moves(after) == ()
    assert DEFAULT.result(after) == after.outcome


# --------------------------------------------------------------- S&M-14 draw


def test_the_game_is_drawn_when_the_next_player_finds_the_draw_pile_empty() -> None:
    """S&M-14: the game ends drawn the moment a player must draw and cannot."""
    state = position(DEFAULT, {**TABLE, "p1.hand": "2h 3c"}, rest="p1.side1")
    assert state.pile("draw") == ()
    after = play(DEFAULT, state, "j-s2")
    assert after.outcome == Result(None, (0, 0), Termination.DRAW_PILE_EMPTY)
    assert after.to_move is None


def test_a_short_draw_pile_gives_a_partial_draw_and_the_game_goes_on() -> None:
    """S&M-14: a draw takes what there is; only a draw that finds nothing ends the game."""
    state = position(DEFAULT, {**TABLE, "p1.hand": "2h 3c", "draw": "8h 9h"}, rest="p1.side1")
    after = play(DEFAULT, state, "j-s2")
    assert after.outcome is None
    assert sorted(after.pile("p1.hand")) == sorted(parse_cards("2h 3c 8h 9h"))
    assert after.pile("draw") == ()
    # seat 1 plays on; when the turn passes, seat 0 must draw and finds nothing
    after = play(DEFAULT, after, "8-s1")
    assert after.outcome == Result(None, (0, 0), Termination.DRAW_PILE_EMPTY)


def test_an_empty_hand_with_an_empty_draw_pile_draws_the_game() -> None:
    """S&M-14: the empty-hand draw (S&M-10) finding nothing also ends the game drawn."""
    state = position(DEFAULT, {**TABLE, "p0.hand": "5s"}, rest="p1.side1")
    after = play(DEFAULT, state, "5-b1")
    assert after.outcome is not None
    assert after.outcome.reason is Termination.DRAW_PILE_EMPTY


def test_a_completed_pile_refills_an_empty_draw_pile_in_time() -> None:
    """S&M-12, S&M-14: cards shuffled in by a completed pile can be drawn: no draw yet."""
    state = position(
        DEFAULT,
        {**TABLE, "build2": _nearly_full(), "p0.hand": "Qd Jc", "p1.hand": "2h 3c"},
        rest="p1.side1",
    )
    after = play(DEFAULT, state, "q-b2", "j-s2")
    assert after.outcome is None
    assert len(after.pile("p1.hand")) == 5
    assert len(after.pile("draw")) == 12 - 3


WHEN_EMPTY = SpiteAndMalice(draw_pile_end="when-empty")


def test_by_default_a_player_may_still_win_after_the_last_card_is_drawn() -> None:
    """S&M-14 ("when-drawing"): the draw that takes the last card does not end the
    game; with "when-empty" it does, before the player can play."""
    piles = {**TABLE, "p1.pay": "5h:1", "p1.hand": "2h 3c", "draw": "8h 9h 7h"}
    state = position(DEFAULT, piles, rest="p1.side1")
    after = play(DEFAULT, state, "j-s2")
    assert after.outcome is None
    assert after.pile("draw") == ()
    won = play(DEFAULT, after, "p-b1")
    assert won.outcome == Result(1, (0, 5 + 3), Termination.WENT_OUT)
    state = position(WHEN_EMPTY, piles, rest="p1.side1")
    after = play(WHEN_EMPTY, state, "j-s2")
    assert after.outcome == Result(None, (0, 0), Termination.DRAW_PILE_EMPTY)
    assert after.to_move is None
    assert len(after.pile("p1.hand")) == 5  # the cards drawn stay drawn


def test_when_empty_a_draw_that_cannot_fill_the_hand_draws_the_game() -> None:
    """S&M-14 ("when-empty"): a short draw takes what there is and ends the game."""
    piles = {**TABLE, "p1.hand": "2h 3c", "draw": "8h 9h"}
    state = position(WHEN_EMPTY, piles, rest="p1.side1")
    after = play(WHEN_EMPTY, state, "j-s2")
    assert after.outcome == Result(None, (0, 0), Termination.DRAW_PILE_EMPTY)
    assert sorted(after.pile("p1.hand")) == sorted(parse_cards("2h 3c 8h 9h"))
    assert play(DEFAULT, position(DEFAULT, piles, rest="p1.side1"), "j-s2").outcome is None


def test_when_empty_a_draw_that_leaves_cards_goes_on() -> None:
    """S&M-14 ("when-empty"): while the draw pile has cards the game goes on."""
    piles = {**TABLE, "p1.hand": "2h 3c", "draw": "6d 8h 9h 7h"}
    after = play(WHEN_EMPTY, position(WHEN_EMPTY, piles, rest="p1.side1"), "j-s2")
    assert after.outcome is None
    assert after.pile("draw") == (parse_card("6d"),)


def test_when_empty_the_empty_hand_draw_that_empties_the_pile_draws_the_game() -> None:
    """S&M-10, S&M-14 ("when-empty"): the empty-hand draw counts like any other."""
    state = position(WHEN_EMPTY, {**TABLE, "p0.hand": "5s", "draw": "8h"}, rest="p1.side1")
    after = play(WHEN_EMPTY, state, "5-b1")
    assert after.outcome is not None
    assert after.outcome.reason is Termination.DRAW_PILE_EMPTY
    assert after.pile("p0.hand") == (parse_card("8h"),)


def test_when_empty_a_running_game_always_has_a_draw_pile() -> None:
    """S&M-14 ("when-empty"): an empty draw pile in a running game is refused."""
    state = position(DEFAULT, {**TABLE, "p1.hand": "2h 3c"}, rest="p1.side1")
    with pytest.raises(zank.InvalidState, match="when-empty"):
        WHEN_EMPTY.validate(attrs.evolve(state, rules=WHEN_EMPTY))
    with pytest.raises(zank.OptionError):
        SpiteAndMalice(draw_pile_end="never")


def test_when_empty_unlimited_piles_come_back_the_moment_the_draw_pile_is_empty() -> None:
    """S&M-V1, S&M-14 ("when-empty"): the piles set aside are shuffled in when a draw
    empties the draw pile; only with none set aside is the game drawn."""
    rules = SpiteAndMalice(draw_pile_end="when-empty", unlimited_build_piles=True)
    piles = {**TABLE, "build2": _nearly_full(), "p0.hand": "Qd Jc", "p1.hand": "2h 3c"}
    piles["draw"] = "8h 9h 7h"
    after = play(rules, position(rules, piles, rest="p1.side1"), "q-b2", "j-s2")
    assert after.outcome is None
    assert after.pile("done") == ()
    assert len(after.pile("draw")) == 12
    assert after.down[0] == 12
    before = position(rules, {**TABLE, "p1.hand": "2h 3c", "draw": "8h 9h 7h"}, rest="p1.side1")
    after = play(rules, before, "j-s2")
    assert after.outcome is not None
    assert after.outcome.reason is Termination.DRAW_PILE_EMPTY


# ------------------------------------------------------------ S&M-15 scoring


def test_the_winner_scores_five_plus_the_losers_pay_off_cards() -> None:
    """S&M-15: the seed's example: 7 cards left with the opponent give 5 + 7 = 12."""
    state = position(
        DEFAULT, {**TABLE, "p0.pay": "5h", "p1.pay": "2d:1 3d:1 4d:1 5d:1 6d:1 7d:1 8d:1"}
    )
    after = play(DEFAULT, state, "p-b1")
    assert after.outcome is not None
    assert after.outcome.points == (12, 0)


def test_with_more_players_the_winner_scores_every_opponents_pay_off_cards() -> None:
    """S&M-15, S&M-V5: 5 + the cards left in every opponent's pay-off pile."""
    piles = {
        **TABLE,
        "p0.pay": "5h",
        "p1.pay": "2d:2 3d:2",
        "p2.pay": "4d:2",
        "p2.hand": "Qc",
        "p3.pay": "5d:2 6d:2 7d:2",
        "p3.hand": "Qd",
    }
    rules = SpiteAndMalice()
    state = position(rules, piles, players=4)
    after = play(rules, state, "p-b1")
    assert after.outcome == Result(0, (5 + 2 + 1 + 3, 0, 0, 0), Termination.WENT_OUT)


def test_match_scores_adds_up_rounds() -> None:
    """S&M-15: "Spielt ihr mehrere Partien": the match helper adds the rounds up."""
    rounds = [
        Result(0, (12, 0), Termination.WENT_OUT),
        Result(None, (0, 0), Termination.DRAW_PILE_EMPTY),
        None,
        Result(1, (0, 25), Termination.WENT_OUT),
        Result(0, (6, 0), Termination.WENT_OUT),
    ]
    assert match_scores(rounds) == (18, 25)
    with pytest.raises(ValueError, match="no finished round"):
        match_scores([None])
    with pytest.raises(ValueError, match="3 seats"):
        match_scores([rounds[0], Result(0, (5, 0, 0), Termination.WENT_OUT)])


def test_match_scores_of_played_games() -> None:
    """S&M-15: the helper takes the results of whole games."""
    records = [zank.play(DEFAULT, [RandomAgent(s), RandomAgent(s + 100)], seed=s) for s in range(3)]
    totals = match_scores(r.result for r in records)
    assert totals == tuple(
        sum(r.result.points[p] for r in records if r.result is not None) for p in range(2)
    )


# ----------------------------------------------------- the seed's example


def test_the_seeds_worked_example() -> None:
    """S&M-5, S&M-6, S&M-7, S&M-11: the example of "Spielablauf", move by move.

    A club 4 on a build pile, the heart 6 on the pay-off pile: the spade 5
    from the hand, the 6 from the pay-off pile, a 9 turns up; no 7 in the
    hand, so a king as the 7, the diamond 8 from a side stack, the 9 from the
    pay-off pile.
    """
    state = DEFAULT.setup(TABLE, seed=4)  # one call; the rest dealt as a seeded deal deals it
    assert top(state, "build1") == "4c"
    assert top(state, "p0.pay") == "6h"
    assert not any(RANK[c] == 7 for c in state.pile("p0.hand"))
    assert "p-b1" not in legal(DEFAULT, state)

    state = play(DEFAULT, state, "5-b1")
    assert top(state, "build1") == "5s"
    assert "p-b1" in legal(DEFAULT, state)

    state = play(DEFAULT, state, "p-b1")
    assert top(state, "build1") == "6h"
    assert top(state, "p0.pay") == "9d"  # "Darunter kommt eine 9"
    assert DEFAULT.observe(state, 1).piles[DEFAULT.pile_index(2, "p0.pay")][-1] == parse_card("9d")
    assert "p-b1" not in legal(DEFAULT, state)
    assert "s1-b1" not in legal(DEFAULT, state)

    state = play(DEFAULT, state, "k-b1")  # "also spielst du einen König als 7"
    assert top(state, "build1") == "Kd"
    state = play(DEFAULT, state, "s1-b1")  # "dann die Karo-8 von deinem Seitenstapel"
    assert top(state, "build1") == "8d"
    assert state.pile("p0.side1") == ()
    state = play(DEFAULT, state, "p-b1")  # "und schließlich die 9 vom Spielerstapel"
    assert shown(state, "build1") == "Ad 2s 3h 4c 5s 6h Kd 8d 9d"
    assert shown(state, "p0.pay") == "Qs"
    assert state.to_move == 0
    assert state.outcome is None


# ------------------------------------------------- illegal moves and messages


def test_an_illegal_move_says_why_and_leaves_the_state_unchanged() -> None:
    """Bad input: the message names the card and what the build piles show."""
    state = position(DEFAULT, {**TABLE, "build2": MID + " 8c:1 9c:1", "p0.hand": "7s Jc"})
    text = zank.dumps(state)
    with pytest.raises(zank.IllegalMove) as info:
        play(DEFAULT, state, "7-b1")
    assert str(info.value) == (
        "the 7♠ does not fit on build pile 1: it needs a 5 (build piles show 4♣, 9♣) [S&M-6]"
    )
    assert info.value.rule == "S&M-6"
    assert zank.dumps(state) == text
    violation = DEFAULT.check(state, next(m for m in DEFAULT.moves if m.text == "7-b1"))
    assert violation is not None
    assert violation.rule == "S&M-6"


@pytest.mark.parametrize(
    ("piles", "move", "rule", "message"),
    [
        ({}, "9-b1", "S&M-5", "you have no 9 in your hand (hand: 2♣ 3♦ 5♠ J♣ K♦)"),
        ({}, "s2-b1", "S&M-5", "your side stack 2 is empty"),
        ({}, "p-b1", "S&M-6", "the 6♥ does not fit on build pile 1: it needs a 5"),
        ({}, "5-b2", "S&M-6", "only an ace starts a build pile"),
        ({"p0.hand": "Ac Jc"}, "a-b1", "S&M-6", "an ace only starts a new build pile"),
        ({"p0.hand": "Ac Jc"}, "a-b3", "S&M-6", "first free place, build 2"),
        ({}, "k-b2", "S&M-11", "K♦ cannot start a build pile"),
        ({}, "9-s1", "S&M-9", "you have no 9 in your hand"),
        ({}, "j-s3", "S&M-8", "first free place, side 2"),
    ],
)
def test_illegal_moves_name_their_rule(
    piles: dict[str, str], move: str, rule: str, message: str
) -> None:
    """Every refusal names the rule it applies."""
    state = position(DEFAULT, {**TABLE, **piles})
    with pytest.raises(
        zank.IllegalMove, match=message.replace("(", r"\(").replace(")", r"\)")
    ) as e:
        play(DEFAULT, state, move)
    assert e.value.rule == rule


# --------------------------------------------------------------- notation


def test_move_notation_round_trips_and_ten_may_be_written_10() -> None:
    """Notation: ``t`` is the ten; ``10`` is accepted for it, in any case."""
    state = position(
        DEFAULT, {**TABLE, "build1": "Ad 2s 3h 4c 5c:1 6c:1 7c:1 8c:1 9c:1", "p0.hand": "Ts Jc Qc"}
    )
    move = DEFAULT.parse_move(state, "10-b1")
    assert move.text == "t-b1"
    assert DEFAULT.parse_move(state, "T-B1") is move
    assert DEFAULT.parse_move(state, "10-s2").text == "t-s2"
    for m in DEFAULT.legal_moves(state):
        assert DEFAULT.parse_move(state, str(m)) is m
    with pytest.raises(zank.NotationError, match="not a move of spite-and-malice"):
        DEFAULT.parse_move(state, "11-b1")


# ------------------------------------------------------ hidden information


def test_observations_hide_hands_the_draw_pile_and_face_down_pay_off_cards() -> None:
    """A player sees the own hand, every visible top and pile sizes; nothing else."""
    state = DEFAULT.new_game(seed=21)
    obs = DEFAULT.observe(state, 0)
    idx = {s.label: i for i, s in enumerate(DEFAULT.layout(2))}
    assert obs.piles[idx["p0.hand"]] == state.pile("p0.hand")
    assert obs.piles[idx["p1.hand"]] == (HIDDEN,) * 5
    assert set(obs.piles[idx["draw"]]) == {HIDDEN}
    assert len(obs.piles[idx["draw"]]) == len(state.pile("draw"))
    for p in range(2):
        pay = obs.piles[idx[f"p{p}.pay"]]
        assert pay[:-1] == (HIDDEN,) * 19
        assert pay[-1] == state.pile(f"p{p}.pay")[-1]
    assert not hasattr(obs, "rng")
    other = attrs.evolve(state, rng=state.rng ^ 1)
    assert DEFAULT.observe(other, 0) == obs


# ------------------------------------------------------- S&M-V1 unlimited

UNLIMITED = SpiteAndMalice(unlimited_build_piles=True)


def test_unlimited_build_piles_allow_more_than_three() -> None:
    """S&M-V1: "Die Zahl der Zielstapel ist nicht begrenzt"."""
    state = position(
        UNLIMITED,
        {**TABLE, "build2": "Ah", "build3": "As 2d", "p0.hand": "Ac Jc", "p0.side1": ""},
    )
    assert legal(UNLIMITED, state)[0] == "a-b4"
    after = play(UNLIMITED, state, "a-b4")
    assert shown(after, "build4") == "Ac"
    assert UNLIMITED.build_places == 24


def test_unlimited_completed_piles_stay_aside() -> None:
    """S&M-V1: "volle Stapel bleiben liegen, bis der Ziehstapel leer ist"."""
    state = position(UNLIMITED, {**TABLE, "build2": _nearly_full(), "p0.hand": "Qd Jc"})
    after = play(UNLIMITED, state, "q-b2")
    assert after.pile("build2") == ()
    assert shown(after, "done") == _nearly_full() + " Qd"
    assert after.pile("draw") == state.pile("draw")
    assert after.rng == state.rng
    obs = UNLIMITED.observe(after, 1)
    assert obs.piles[1] == after.pile("done"), "the completed piles lie face up"


def test_unlimited_completed_piles_are_shuffled_in_when_a_draw_finds_the_draw_pile_empty() -> None:
    """S&M-V1: the draw that finds the draw pile empty shuffles the set-aside piles in."""
    state = position(
        UNLIMITED,
        {**TABLE, "build2": _nearly_full(), "p0.hand": "Qd Jc", "p1.hand": "2h 3c"},
        rest="p1.side1",
    )
    after = play(UNLIMITED, state, "q-b2", "j-s2")
    assert after.outcome is None
    assert after.pile("done") == ()
    assert len(after.pile("p1.hand")) == 5
    assert len(after.pile("draw")) == 12 - 3
    assert after.down[0] == 9
    assert after.rng != state.rng


def test_unlimited_draw_goes_on_from_the_reshuffled_piles() -> None:
    """S&M-V1: a draw that empties the draw pile half-way takes the rest from the new one."""
    state = position(
        UNLIMITED,
        {**TABLE, "build2": _nearly_full(), "p0.hand": "Qd Jc", "p1.hand": "2h", "draw": "8h"},
        rest="p1.side1",
    )
    after = play(UNLIMITED, state, "q-b2", "j-s2")
    hand = after.pile("p1.hand")
    assert len(hand) == 5
    assert parse_card("8h") in hand
    assert len(after.pile("draw")) == 12 - 3


def test_unlimited_game_is_drawn_only_when_nothing_is_left_to_draw() -> None:
    """S&M-V1, S&M-14: with the draw pile and the set-aside piles empty the game is drawn."""
    state = position(UNLIMITED, {**TABLE, "p1.hand": "2h"}, rest="p1.side1")
    after = play(UNLIMITED, state, "j-s2")
    assert after.outcome is not None
    assert after.outcome.reason is Termination.DRAW_PILE_EMPTY


# -------------------------------------------------- S&M-V2 aces immediately

ACES = SpiteAndMalice(aces_immediately=True)


def test_aces_immediately_allows_only_ace_plays() -> None:
    """S&M-V2: while an ace can start a pile, only ace plays are legal."""
    piles = {**TABLE, "p0.hand": "Ac 5s Jc Kd", "p0.side2": "Ah"}
    state = position(ACES, piles)
    assert legal(ACES, state) == ["a-b2", "s2-b2"]
    assert legal(DEFAULT, position(DEFAULT, piles))[:3] == ["a-b2", "s2-b2", "5-b1"]
    with pytest.raises(zank.IllegalMove, match="aces immediately") as info:
        play(ACES, state, "5-b1")
    assert info.value.rule == "S&M-V2"
    with pytest.raises(zank.IllegalMove, match="aces immediately"):
        play(ACES, state, "j-s1")
    with pytest.raises(zank.IllegalMove, match="aces immediately"):
        play(ACES, state, "j-s3")
    after = play(ACES, state, "a-b2")
    assert legal(ACES, after) == ["s2-b3"]
    after = play(ACES, after, "s2-b3")
    assert "5-b1" in legal(ACES, after)


def test_aces_immediately_binds_only_when_a_pile_can_start() -> None:
    """S&M-V2: with three build piles an ace cannot start one, so it does not bind."""
    piles = {**TABLE, "build2": "Ah", "build3": "As", "p0.hand": "Ac 5s Jc"}
    state = position(ACES, piles)
    assert "5-b1" in legal(ACES, state)
    assert "a-s2" in legal(ACES, state)


def test_aces_immediately_includes_the_pay_off_ace() -> None:
    """S&M-V2: an ace on top of the pay-off pile must be played as well."""
    state = position(ACES, {**TABLE, "p0.pay": "Qs Ad:1"})
    assert legal(ACES, state) == ["p-b2"]


# ------------------------------------------------------ S&M-V3 pay-off size


@pytest.mark.parametrize("size", [1, 20, 21, 25, 30])
def test_pay_off_size(size: int) -> None:
    """S&M-V3: pay-off piles of any size from 1 to 30."""
    rules = SpiteAndMalice(pay_off_size=size)
    state = rules.new_game(seed=2)
    assert len(state.pile("p0.pay")) == size
    assert len(state.pile("draw")) == 104 - 2 * (size + 5)


@pytest.mark.parametrize("size", [0, 31, True, "20"])
def test_pay_off_size_out_of_range_is_refused(size: object) -> None:
    """S&M-V3: other values are refused with the valid range."""
    with pytest.raises(zank.OptionError, match="pay_off_size"):
        zank.variant("spite-and-malice", pay_off_size=size)


def test_the_default_pay_off_size_is_twenty() -> None:
    """S&M-V3: 20 unless the players agree otherwise."""
    assert DEFAULT.pay_off_size == 20
    assert zank.variant("spite-and-malice") == DEFAULT


# ------------------------------------------------------------ S&M-V4 jokers

JOKERS = SpiteAndMalice(jokers=True)


def test_jokers_add_two_per_pack() -> None:
    """S&M-V4: two jokers per pack: 108 cards for two players."""
    cards = JOKERS.cards(2)
    assert len(cards) == 108
    assert sum(IS_JOKER[c] for c in cards) == 4
    assert sum(IS_JOKER[c] for c in JOKERS.cards(3)) == 6


def test_a_joker_is_wild_like_a_king() -> None:
    """S&M-V4: a joker stands for the next card of any build pile, and completes piles."""
    state = position(JOKERS, {**TABLE, "build2": _nearly_full(), "p0.hand": "Xr 9s Jc"})
    moves = legal(JOKERS, state)
    assert {"x-b1", "x-b2", "x-s1", "x-s2"} <= set(moves)
    after = play(JOKERS, state, "x-b1")
    assert top(after, "build1") == "Xr"
    assert "p-b1" in legal(JOKERS, after), "the heart 6 goes on the joker as 5"
    after = play(JOKERS, state, "x-b2")
    assert after.pile("build2") == ()


def test_a_joker_is_never_an_ace() -> None:
    """S&M-V4: "aber auch nicht als Ass spielbar"."""
    state = position(JOKERS, {**TABLE, "p0.hand": "Xb Jc"})
    assert "x-b2" not in legal(JOKERS, state)
    with pytest.raises(zank.IllegalMove, match="cannot start a build pile") as info:
        play(JOKERS, state, "x-b2")
    assert info.value.rule == "S&M-11"


def test_without_the_option_there_are_no_jokers() -> None:
    """S&M-V4: the option is off by default; a joker move is refused."""
    state = position(DEFAULT, TABLE)
    with pytest.raises(zank.IllegalMove, match="no joker in your hand"):
        play(DEFAULT, state, "x-b1")


# --------------------------------------------------------- S&M-V5 players


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_more_players_use_one_pack_each(players: int) -> None:
    """S&M-V5: three to six players, one pack each; pay-off piles of 20 and hands of 5."""
    state = DEFAULT.new_game(seed=players, players=players)
    assert len(DEFAULT.cards(players)) == 52 * players
    for p in range(players):
        assert len(state.pile(f"p{p}.pay")) == 20
        assert len(state.pile(f"p{p}.hand")) == 5
    assert len(state.pile("draw")) == 52 * players - 25 * players
    DEFAULT.validate(state)


@pytest.mark.parametrize("players", [1, 7])
def test_player_counts_outside_two_to_six_are_refused(players: int) -> None:
    """S&M-V5: two to six seats."""
    with pytest.raises(zank.OptionError, match="2 to 6 players"):
        DEFAULT.new_game(seed=1, players=players)


def test_turns_pass_clockwise_in_a_four_player_game() -> None:
    """S&M-V5: "ihr seid reihum im Uhrzeigersinn dran": seat 0, 1, 2, 3, 0, …"""
    piles = {
        **TABLE,
        "p2.pay": "Qc",
        "p2.hand": "Jd 9c",
        "p3.pay": "Qd",
        "p3.hand": "Jh 9h",
    }
    state = position(DEFAULT, piles, players=4, to_move=1)
    seats = []
    for _ in range(4):
        hand = DEFAULT.layout(4)[DEFAULT.pile_index(4, f"p{state.to_move}.hand")]
        assert hand.owner == state.to_move
        card = state.pile(hand.label)[0]
        state = play(DEFAULT, state, f"{card_text(card)[0].lower()}-s1")
        seats.append(state.to_move)
    assert seats == [2, 3, 0, 1]


def test_whole_games_with_every_option_end() -> None:
    """S&M-13, S&M-14: random games of every option and size end with a result."""
    options: list[dict[str, object]] = [
        {},
        {"unlimited_build_piles": True},
        {"aces_immediately": True, "jokers": True},
        {"pay_off_size": 1},
    ]
    for opts in options:
        rules = SpiteAndMalice(**opts)  # type: ignore[arg-type]
        for players in (2, 3, 6):
            record = zank.play(rules, [RandomAgent(p) for p in range(players)], seed=players)
            assert record.result is not None
            assert len(record.result.points) == players


def test_kings_are_rank_13() -> None:
    """S&M-1: the king is rank 13 and wild (counted separately from the A-Q sequence)."""
    assert RANK[parse_card("Kh")] == KING


# ----------------------------------------------------- properties of play

RULE_SETS = [
    DEFAULT,
    UNLIMITED,
    SpiteAndMalice(aces_immediately=True, jokers=True, pay_off_size=8),
]


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: str(sorted(r.options.items())))
@pytest.mark.parametrize("players", [2, 3])
@given(data=st.data())
def test_every_move_does_what_its_kind_says(
    rules: SpiteAndMalice, players: int, data: st.DataObject
) -> None:
    """S&M-5 … S&M-14 along random games: each move changes exactly what it should."""
    state = rules.new_game(seed=data.draw(st.integers(0, 2**32), label="seed"), players=players)
    for _ in range(150):
        legal = rules.legal_moves(state)
        if not legal:
            break
        move = legal[data.draw(st.integers(0, len(legal) - 1), label="move")]
        p = state.to_move
        assert p is not None
        after = rules.apply(state, move)
        if move.kind == DISCARD:
            side = f"p{p}.side{move.target + 1}"
            assert after.pile(side)[:-1] == state.pile(side)
            assert RANK[after.pile(side)[-1]] == move.source
            assert after.to_move in ((p + 1) % players, None)  # S&M-8, S&M-14
            assert after.pile(f"p{p}.pay") == state.pile(f"p{p}.pay")
        else:
            build = f"build{move.target + 1}"
            placed = after.pile(build)
            if placed:  # not completed: the card sits on top, one higher (S&M-6, S&M-11)
                assert placed[:-1] == state.pile(build)
                card = placed[-1]
                assert RANK[card] == len(placed) or RANK[card] in (0, KING)
            else:  # completed at the queen (S&M-12)
                assert len(state.pile(build)) == 11
            if move.source == SRC_PAY:
                assert after.pile(f"p{p}.pay") == state.pile(f"p{p}.pay")[:-1]  # S&M-7
            else:
                assert after.pile(f"p{p}.pay") == state.pile(f"p{p}.pay")
            assert after.to_move in (p, None)  # S&M-10: the turn goes on
            if after.outcome is not None and after.outcome.winner is None:
                assert not after.pile(f"p{p}.hand")  # drawn on the empty-hand draw
        if after.outcome is not None:
            if after.outcome.winner is not None:  # S&M-13
                assert after.pile(f"p{after.outcome.winner}.pay") == ()
            else:  # S&M-14
                assert after.pile("draw") == () == after.pile("done")
        state = after
