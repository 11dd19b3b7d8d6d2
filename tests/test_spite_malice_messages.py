"""Spite and Malice: every validation path and the details of every refusal message.

Found by mutation testing (issue 25): without these tests a deleted ``raise`` in
``validate`` or a wrong pile number in a refusal survived. Each invalid state
here is a valid one with a single thing changed; each test checks that the error
names the pile, seat or field at fault, and the refusal tests check what a player
reads (which pile, which card, which count), not only the rule id.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

import zank
from tests.golden.regenerate_lines import PATH as LINES
from tests.golden.regenerate_lines import key as lines_key
from tests.test_spite_malice import DEFAULT, TABLE, play, position
from zank.cards import RANK, parse_cards
from zank.core import Move, Result, State, Termination
from zank.random import Rng
from zank.spite_malice import DISCARD, SRC_PAY, SRC_SIDE, Kind, SpiteAndMalice, match_scores

UNLIMITED = SpiteAndMalice(unlimited_build_piles=True)


def _pile(state: State, label: str) -> int:
    return [s.label for s in state.rules.layout(state.players)].index(label)


def _with(state: State, **changes: Any) -> State:
    """``state`` with piles (``label=cards``) or face-down counts (``down_label=n``) set."""
    piles, down = list(state.piles), list(state.down)
    fields = {}
    for key, value in changes.items():
        if key.startswith("down_"):
            down[_pile(state, key[5:].replace("_", "."))] = value
        elif key in ("to_move", "phase", "outcome"):
            fields[key] = value
        else:
            piles[_pile(state, key.replace("_", "."))] = value
    return attrs.evolve(state, piles=tuple(piles), down=tuple(down), **fields)


def _invalid(state: State, match: str) -> None:
    with pytest.raises(zank.InvalidState, match=match):
        state.rules.validate(state)


def _moved(state: State, source: str, target: str, count: int = 1) -> State:
    """Move the top ``count`` cards of pile ``source`` onto pile ``target`` (no rule applied)."""
    a, b = _pile(state, source), _pile(state, target)
    piles = list(state.piles)
    piles[b] = piles[b] + piles[a][len(piles[a]) - count :]
    piles[a] = piles[a][: len(piles[a]) - count]
    down = list(state.down)
    down[a] = min(down[a], len(piles[a]))
    if target == "draw":
        down[b] = len(piles[b])
    return attrs.evolve(state, piles=tuple(piles), down=tuple(down))


# ------------------------------------------------------------------ validation


def test_a_build_pile_must_start_with_an_ace() -> None:
    state = position(DEFAULT, TABLE)
    build = state.pile("build1")
    _invalid(_with(state, build2=build[1:], build1=build[:1]), "build2 must start with an ace")


def test_each_card_of_a_build_pile_must_be_its_rank() -> None:
    state = position(DEFAULT, TABLE)
    b = state.pile("build1")  # Ad 2s 3h 4c
    _invalid(_with(state, build1=(b[0], b[1], b[3], b[2])), r"build1: card 3 must be a 3\b")


def test_a_complete_build_pile_must_have_left_the_table() -> None:
    state = position(
        DEFAULT,
        {**TABLE, "build3": "Ah:1 2h:1 3h:1 4h:1 5h:1 6h:1 7h:1 8h:1 9h:1 10h:1 Jh:1"},
    )
    _invalid(_moved(state, "draw", "build3"), "build3 is complete")


def test_completed_piles_only_with_unlimited_build_piles() -> None:
    state = position(DEFAULT, TABLE)
    _invalid(_moved(state, "draw", "done", 12), "only with unlimited build piles")


def test_completed_piles_set_aside_are_whole_piles() -> None:
    state = position(UNLIMITED, TABLE)
    UNLIMITED.validate(_moved(state, "draw", "done", 12))
    _invalid(_moved(state, "draw", "done", 13), "whole piles of 12 cards")
    _invalid(_moved(state, "draw", "done", 11), "whole piles of 12 cards")


def test_the_draw_pile_lies_face_down() -> None:
    state = position(DEFAULT, TABLE)
    _invalid(_with(state, down_draw=state.down[0] - 1), "the draw pile lies face down")


@pytest.mark.parametrize("label", ["build1", "done"])
def test_build_and_completed_piles_lie_face_up(label: str) -> None:
    state = position(UNLIMITED, TABLE)
    if label == "done":
        state = _moved(state, "draw", "done", 12)
    _invalid(_with(state, **{f"down_{label}": 1}), "build piles and completed piles lie face up")


def test_a_pay_off_pile_shows_its_top_card() -> None:
    state = position(DEFAULT, TABLE)
    _invalid(_with(state, down_p1_pay=0), r"p1\.pay must show exactly its top card")
    _invalid(_with(state, down_p0_pay=1), r"p0\.pay must show exactly its top card")


def test_an_empty_pay_off_pile_ends_the_game() -> None:
    state = position(DEFAULT, TABLE)
    _invalid(_moved(state, "p1.pay", "draw", 2), r"p1\.pay is empty, so p1 has won")


def test_a_hand_holds_at_most_five_cards() -> None:
    state = position(DEFAULT, {**TABLE, "p1.hand": "2h 3c 4d"})
    five = position(DEFAULT, {**TABLE, "p1.hand": "2h 3c 4d 6c 7c"})
    DEFAULT.validate(five)
    six = _moved(state, "draw", "p1.hand", 3)
    six = _with(six, p1_hand=tuple(sorted(six.pile("p1.hand"))))
    _invalid(six, r"p1\.hand holds more than five cards")


@pytest.mark.parametrize("label", ["p0.hand", "p1.side1", "p0.side4"])
def test_hands_and_side_stacks_lie_face_up(label: str) -> None:
    state = position(DEFAULT, {**TABLE, "p1.side1": "9c", "p0.side4": "9h"})
    seat = label[1]
    _invalid(_with(state, **{f"down_{label.replace('.', '_')}": 1}), f"side stacks of p{seat} lie")


def test_the_player_to_move_has_a_hand_card() -> None:
    state = position(DEFAULT, {**TABLE, "p1.hand": ""})
    DEFAULT.validate(state)  # p1's empty hand is filled at the start of p1's turn
    _invalid(_with(state, to_move=1), "the player to move has no hand card")


def test_the_phase_is_always_zero() -> None:
    state = position(DEFAULT, TABLE)
    _invalid(_with(state, phase=1), r"'phase' is always 0 in spite-and-malice, not 1")


# ------------------------------------------------------------- outcomes checked


def _won(winner: int | None, points: tuple[int, ...]) -> Result:
    return Result(winner, points, Termination.WENT_OUT)


def _over(state: State, outcome: Result) -> State:
    return attrs.evolve(state, to_move=None, outcome=outcome)


def test_a_won_game_is_won_by_the_player_with_the_empty_pay_off_pile() -> None:
    state = _moved(position(DEFAULT, TABLE), "p1.pay", "draw", 2)  # p1's pile is empty
    DEFAULT.validate(_over(state, _won(1, (0, 8))))  # 5 + p0's three cards
    _invalid(_over(state, _won(0, (8, 0))), r"pay-off pile is empty \(empty: p1\)")
    _invalid(_over(state, _won(None, (0, 0))), r"\(empty: p1\)")
    _invalid(_over(state, _won(1, (0, 7))), r"the points are \[0, 8\], 5 plus the cards left")
    _invalid(_over(state, _won(1, (1, 8))), r"the points are \[0, 8\]")
    p0_out = _moved(_moved(position(DEFAULT, TABLE), "p0.pay", "draw", 3), "draw", "draw", 0)
    _invalid(_over(p0_out, _won(1, (0, 7))), r"\(empty: p0\)")
    both = _moved(state, "p0.pay", "draw", 3)
    _invalid(_over(both, _won(1, (0, 5))), r"\(empty: p0, p1\)")
    running = position(DEFAULT, TABLE)
    _invalid(_over(running, _won(0, (7, 0))), r"\(empty: none\)")


def _drawn(points: tuple[int, ...] = (0, 0), winner: int | None = None) -> Result:
    return Result(winner, points, Termination.DRAW_PILE_EMPTY)


def test_a_drawn_game_scores_nothing_and_has_an_empty_draw_pile() -> None:
    state = _moved(position(DEFAULT, TABLE), "draw", "p1.side1", 70)
    draw = state.pile("draw")
    empty = _with(_moved(state, "draw", "p1.side2", len(draw)), down_draw=0)
    DEFAULT.validate(_over(empty, _drawn()))
    _invalid(_over(empty, _drawn((0, 1))), "a game drawn for an empty draw pile scores nothing")
    _invalid(_over(empty, _drawn((0, 0), winner=0)), "scores nothing")
    _invalid(_over(state, _drawn()), "a drawn game has an empty draw pile")
    gone = _moved(empty, "p0.pay", "p1.side3", 3)
    _invalid(_over(gone, _drawn()), "no empty pay-off pile")
    unlimited = position(UNLIMITED, TABLE)
    u_empty = _moved(_moved(unlimited, "draw", "done", 12), "draw", "p1.side1", 500)
    u_empty = _with(u_empty, down_draw=0)
    _invalid(_over(u_empty, _drawn()), "no completed piles left to shuffle back")


def test_no_other_end_of_the_game() -> None:
    state = _moved(position(DEFAULT, TABLE), "p1.pay", "draw", 2)
    outcome = Result(1, (0, 8), Termination.BLOCKED)
    _invalid(_over(state, outcome), "going out or by an empty draw pile, not by 'blocked'")


# ------------------------------------------------------------- refusal details


def _refused(rules: SpiteAndMalice, state: State, move: str) -> tuple[str, str]:
    with pytest.raises(zank.IllegalMove) as info:
        play(rules, state, move)
    return info.value.rule or "", str(info.value)


def test_a_discard_of_a_rank_not_in_hand_names_the_rank_and_shows_the_hand() -> None:
    state = position(DEFAULT, TABLE)  # hand: 5s Kd 2c 3d Jc
    rule, text = _refused(DEFAULT, state, "7-s2")
    assert rule == "S&M-9"
    assert "you have no 7 in your hand" in text
    assert "(hand: 2♣ 3♦ 5♠ J♣ K♦)" in text


def test_a_new_side_stack_names_the_first_free_place() -> None:
    state = position(DEFAULT, {**TABLE, "p0.side2": "9s"})
    rule, text = _refused(DEFAULT, state, "j-s4")
    assert rule == "S&M-8"
    assert "first free place, side 3" in text
    DEFAULT.validate(play(DEFAULT, state, "j-s3"))


def test_a_play_of_a_rank_not_in_hand_names_it() -> None:
    state = position(DEFAULT, TABLE)
    rule, text = _refused(DEFAULT, state, "q-b1")
    assert rule == "S&M-5"
    assert "you have no queen in your hand (hand: 2♣ 3♦ 5♠ J♣ K♦)" in text


def test_a_play_from_an_empty_side_stack_names_the_stack() -> None:
    state = position(DEFAULT, TABLE)
    rule, text = _refused(DEFAULT, state, "s3-b1")
    assert rule == "S&M-5"
    assert "your side stack 3 is empty" in text


def test_an_ace_refused_with_three_build_piles_says_so() -> None:
    state = position(
        DEFAULT, {**TABLE, "build2": "Ah", "build3": "As 2d", "p0.hand": "Ac Jc", "p0.side1": ""}
    )
    rule, text = _refused(DEFAULT, state, "a-b2")
    assert rule == "S&M-6"
    assert "already three build piles" in text


def test_an_ace_onto_a_pile_names_the_pile_and_its_top() -> None:
    state = position(DEFAULT, {**TABLE, "build2": "Ah 2h:1 Kc", "p0.hand": "Ac Jc"})
    rule, text = _refused(DEFAULT, state, "a-b2")
    assert rule == "S&M-6"
    assert "an ace only starts a new build pile; build pile 2 shows K♣ as 3" in text
    rule, text = _refused(DEFAULT, state, "a-b1")
    assert "build pile 1 shows 4♣" in text


def test_a_wild_card_cannot_start_a_build_pile() -> None:
    state = position(DEFAULT, TABLE)
    rule, text = _refused(DEFAULT, state, "k-b2")
    assert rule == "S&M-11"
    assert "K♦ cannot start a build pile" in text


def test_a_plain_card_cannot_start_a_build_pile() -> None:
    state = position(DEFAULT, TABLE)
    rule, text = _refused(DEFAULT, state, "2-b2")
    assert rule == "S&M-6"
    assert "the 2♣ does not fit: only an ace starts a build pile" in text


def test_a_card_that_does_not_fit_names_the_pile_the_rank_needed_and_the_tops() -> None:
    state = position(DEFAULT, {**TABLE, "build3": "As:1 2s:1 Kh:1 4h:1 5h:1 6h:1"})
    rule, text = _refused(DEFAULT, state, "j-b3")
    assert rule == "S&M-6"
    assert "the J♣ does not fit on build pile 3: it needs a 7" in text
    assert "(build piles show 4♣, 6♥)" in text
    rule, text = _refused(DEFAULT, state, "3-b1")
    assert "on build pile 1: it needs a 5" in text


def test_aces_immediately_refuses_every_other_move_while_an_ace_can_start() -> None:
    rules = SpiteAndMalice(aces_immediately=True)
    state = position(rules, {**TABLE, "p0.hand": "5s Ac 2c 3d Jc"})
    for move in ("5-b1", "j-s2"):
        rule, text = _refused(rules, state, move)
        assert rule == "S&M-V2"
        assert "must be played first" in text
    after = play(rules, state, "a-b2")
    assert "5-b1" in [m.text for m in rules.legal_moves(after)]


# ------------------------------------------------------------- touched piles


def _expected_touched(rules: SpiteAndMalice, before: State, move: Move) -> set[int]:
    """The source and target pile of ``move`` by their labels, for the seat to move."""
    p = before.to_move
    labels = [s.label for s in rules.layout(before.players)]
    if move.kind == DISCARD:
        names = [f"p{p}.hand", f"p{p}.side{move.target + 1}"]
    else:
        s = move.source
        src = "hand" if s < SRC_PAY else "pay" if s == SRC_PAY else f"side{s - SRC_SIDE + 1}"
        names = [f"p{p}.{src}", f"build{move.target + 1}"]
    return {labels.index(n) for n in names}


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 4), (3, 2), (5, 3)])
def test_the_touched_piles_are_the_moves_source_and_target(players: int, seed: int) -> None:
    rules = SpiteAndMalice(pay_off_size=5)
    state = rules.new_game(seed=seed, players=players)
    rng = Rng(seed)
    ends = 0
    while state.outcome is None:
        legal = rules.legal_moves(state)
        move = legal[rng.below(len(legal))]
        after = rules.apply(state, move)
        piles, seat = rules.touched_piles(after, move)
        seen = rules.touched_piles(rules.observe(after, 0), move)
        assert seen == (piles, seat)
        if seat is None:  # a discard that ended the game, with its rank on two side stacks
            assert after.outcome is not None
            assert move.kind == DISCARD
            ends += 1
        else:
            assert seat == state.to_move
            assert piles == _expected_touched(rules, state, move)
            changed = {
                i for i, (a, b) in enumerate(zip(state.piles, after.piles, strict=True)) if a != b
            }
            assert piles <= changed
        state = after
    assert ends <= 1


def test_the_presets_play_every_option_away_from_its_default() -> None:
    """The matrix tests (golden lines, games end, contract) play the presets: each
    option must differ from its default in one of them to be played there at all."""
    defaults = SpiteAndMalice().options
    changed = {
        k for preset in SpiteAndMalice.presets for k, v in preset.items() if v != defaults[k]
    }
    assert changed == set(defaults)


def test_a_discard_that_ends_the_game_is_told_by_the_one_side_stack_showing_its_rank() -> None:
    """After a drawn game's last discard nobody is to move: the seat that made it is
    the one whose side stack (at the move's place) shows the discarded rank."""
    piles = {**TABLE, "p0.side1": "8d", "p1.side1": "9c", "p1.hand": "2h 3c", "draw": ""}
    state = position(DEFAULT, piles, rest="p1.side2")
    move = DEFAULT.parse_move(state, "j-s1")
    after = DEFAULT.apply(state, move)
    assert after.outcome is not None
    assert after.outcome.reason == Termination.DRAW_PILE_EMPTY
    labels = [s.label for s in DEFAULT.layout(2)]
    assert DEFAULT.touched_piles(after, move) == (
        frozenset({labels.index("p0.hand"), labels.index("p0.side1")}),
        0,
    )
    # the same rank on the other seat's stack at that place: it cannot be told
    state = position(DEFAULT, {**piles, "p1.side1": "Jd"}, rest="p1.side2")
    after = DEFAULT.apply(state, move)
    assert DEFAULT.touched_piles(after, move) == (frozenset(), None)


def test_the_move_kinds() -> None:
    assert (int(Kind.PLAY), int(Kind.DISCARD)) == (0, 1)
    kinds = [m.kind for m in DEFAULT.moves]
    assert kinds == sorted(kinds)
    assert DEFAULT.parse_move(position(DEFAULT, TABLE), "5-b1").kind == Kind.PLAY


def test_the_seat_tie_gives_up_after_the_64_reshuffles_the_rules_page_names() -> None:
    """S&M-3 (docs/rules/spite-and-malice.md: "After 64 reshuffles …"): the number
    is part of every deal's generator state, so it is pinned here, not read from
    the constant."""
    pays = [list(parse_cards("Kc Kd")), list(parse_cards("Kh Ks"))]
    rng = Rng(11)
    assert SpiteAndMalice(pay_off_size=2)._who_begins_pays(pays, rng) == 0
    fresh = Rng(11)
    for _ in range(64 * 2):
        fresh.shuffle([0, 0])
    assert rng.state == fresh.state


def test_every_preset_has_golden_lines() -> None:
    """The presets are what the matrix tests play; each one's games are pinned in
    tests/golden/lines.json (a preset changed by mistake loses its lines)."""
    lines = json.loads(LINES.read_text(encoding="utf-8"))
    for preset in SpiteAndMalice.presets:
        for players in range(SpiteAndMalice.min_players, SpiteAndMalice.max_players + 1):
            assert lines_key("spite-and-malice", dict(preset), players) in lines


def test_a_play_from_an_empty_side_stack_is_told_for_every_stack() -> None:
    for j in (1, 2, 4):
        piles = {**TABLE, "build2": "Ah", "build3": "As 2d", "p0.side1": ""}
        piles[f"p0.side{j}"] = ""
        rule, text = _refused(DEFAULT, position(DEFAULT, piles), f"s{j}-b1")
        assert (rule, text.split(" [")[0]) == ("S&M-5", f"your side stack {j} is empty")


def test_a_lower_card_inside_a_build_pile_is_refused() -> None:
    state = position(DEFAULT, TABLE)
    b = state.pile("build1")  # Ad 2s 3h 4c
    draw = state.pile("draw")
    low = next(c for c in draw if RANK[c] == 2)
    k = draw.index(low)
    changed = _with(
        state,
        build1=(b[0], b[1], low),
        draw=(*draw[:k], *draw[k + 1 :], b[2], b[3]),
    )
    _invalid(changed, r"^build1: card 3 must be a 3$")


def test_match_scores_refuses_rounds_of_other_seat_counts() -> None:
    won = Result(0, (5, 0), Termination.WENT_OUT)
    for other in (
        Result(0, (5,), Termination.WENT_OUT),
        Result(0, (5, 0, 0), Termination.WENT_OUT),
    ):
        with pytest.raises(ValueError, match=r"^a round of \d seats in a match of 2 seats$"):
            match_scores([won, other])
    with pytest.raises(ValueError, match=r"^no finished round to add up$"):
        match_scores([None])


def test_a_play_that_draws_the_game_tells_no_seat() -> None:
    """Issue 38: p0 plays the last hand card, the empty hand draws five, the
    draw pile is empty: the game is drawn after a play, with no winner, so
    the play's seat and piles are not told (a deleted ``return`` there fell
    through to the seat of winner ``None``)."""
    piles = {**TABLE, "p0.hand": "5s", "draw": ""}
    state = position(DEFAULT, piles, rest="p1.side2")
    move = DEFAULT.parse_move(state, "5-b1")
    after = DEFAULT.apply(state, move)
    assert after.outcome is not None
    assert after.outcome.reason == Termination.DRAW_PILE_EMPTY
    assert after.outcome.winner is None
    assert DEFAULT.touched_piles(after, move) == (frozenset(), None)
    assert DEFAULT.touched_piles(DEFAULT.observe(after, 1), move) == (frozenset(), None)


@pytest.mark.parametrize("rules", [DEFAULT, UNLIMITED])
def test_the_repr_shows_the_options_only(rules: SpiteAndMalice) -> None:
    """The derived tables (``_play``, ``_discard``, ...) are no part of the repr."""
    shown = ", ".join(f"{k}={v!r}" for k, v in rules.options.items())
    assert repr(rules) == f"SpiteAndMalice({shown})"
