"""The shared table (family/table.py): every validation path, the foundation start,
house-top packing and the details of the table's refusal messages.

Found by mutation testing (issue 25): every ``raise`` of ``validate_table`` could be
deleted, a 2 could start a foundation and the houses' outer cards could lose their
packing moves without a table or zank-detailed test noticing. Each invalid state
here is a valid position with one thing changed, and each check names the pile.
"""

from __future__ import annotations

import attrs
import pytest

import zank
from zank.cards import parse_card
from zank.core import Result, Termination
from zank.family.fits import FKEY
from zank.family.table import FamilyTable, lift

from .positions import KINGS, play, position, texts, violation

RULES = zank.variant("zank-detailed")
assert isinstance(RULES, FamilyTable)
FOUNDATIONS = [f"f{i + 1}" for i in range(8)]


def _invalid(match: str, piles: dict[str, str], **kw: object) -> None:
    with pytest.raises(zank.InvalidState, match=match):
        position(RULES, piles, **kw)  # type: ignore[arg-type]


# -------------------------------------------------------------- foundations


def test_foundation_cards_lie_face_up() -> None:
    _invalid(r"^f3: foundation cards lie face up$", {**KINGS, "f3": "Ac 2c"}, down={"f3": 1})


@pytest.mark.parametrize("card", ["2c", "2d", "2h", "2s", "2c:1", "2s:1", "3h", "Qd:1"])
def test_only_an_ace_starts_a_foundation(card: str) -> None:
    shown = zank.cards.card_unicode(parse_card(card))
    _invalid(
        rf"^f2: a foundation is built up in suit from the ace; {shown} cannot be card 1$",
        {**KINGS, "f2": card},
    )


@pytest.mark.parametrize("card", ["Ac", "Ad", "Ah", "As", "Ac:1", "As:1"])
def test_every_ace_starts_a_foundation(card: str) -> None:
    state = position(RULES, {**KINGS, "p0.reserve": card})
    assert "r-f" in texts(RULES, state)
    after = play(RULES, state, "r-f")
    assert after.pile("f1") == (parse_card(card),)


@pytest.mark.parametrize("card", ["2c", "2d", "2h", "2s", "2h:1"])
def test_a_2_goes_to_no_empty_foundation(card: str) -> None:
    state = position(RULES, {**KINGS, "p0.reserve": card})
    assert "r-f" not in texts(RULES, state)
    v = violation(RULES, state, "r-f")
    assert v.rule == "ZD-5"
    shown = zank.cards.card_unicode(parse_card(card))
    assert f"{shown} cannot go on a foundation: it goes on the " in v.message
    assert "and no foundation shows one" in v.message


@pytest.mark.parametrize(
    ("pile", "card"), [("Ac 3c", "3♣"), ("Ac 2d", "2♦"), ("Ac 2c Ac:1", "A♣:1")]
)
def test_a_foundation_is_built_up_in_suit(pile: str, card: str) -> None:
    n = len(pile.split())
    _invalid(rf"^f1: .* {card} cannot be card {n}$", {**KINGS, "f1": pile})


# ------------------------------------------------------------------ houses


def test_the_outer_house_card_lies_face_up() -> None:
    _invalid(r"^h4: the outermost house card lies face up$", {**KINGS, "h4": "Ks"}, down={"h4": 1})


def test_face_up_house_cards_are_built_down() -> None:
    _invalid(r"^h6: Q♦ cannot lie on K♦:1$", {**KINGS, "h6": "Kd:1 Qd"})
    _invalid(r"^h1: J♥ cannot lie on K♣$", {**KINGS, "h1": "Kc Jh"})
    # face-down cards (option hidden_houses) below the first face-up one are not checked
    hidden = zank.variant("zank-detailed", hidden_houses=True)
    state = position(hidden, {**KINGS, "h1": "2d Kc Qh"}, down={"h1": 1})
    with pytest.raises(zank.InvalidState, match=r"^h1: K♣ cannot lie on 2♦$"):
        position(hidden, {**KINGS, "h1": "2d Kc Qh"}, down={"h1": 0})
    assert state.pile("h1")[-1] == parse_card("Qh")


# -------------------------------------------------------------- seat piles


def test_the_hand_pile_lies_face_down() -> None:
    _invalid(r"^p1\.hand: the hand pile lies face down$", dict(KINGS), down={"p1.hand": 3})


def test_the_top_card_of_a_reserve_discard_or_turned_card_lies_face_up() -> None:
    _invalid(
        r"^p0\.reserve: its top card lies face up$",
        {**KINGS, "p0.reserve": "5s 9d"},
        down={"p0.reserve": 2},
    )
    _invalid(
        r"^p1\.discard: its top card lies face up$",
        {**KINGS, "p1.discard": "5c"},
        down={"p1.discard": 1},
    )
    _invalid(
        r"^p0\.turned: its top card lies face up$",
        {**KINGS, "p0.turned": "5c"},
        down={"p0.turned": 1},
    )


def test_discard_cards_all_lie_face_up() -> None:
    _invalid(
        r"^p0\.discard: its cards lie face up$",
        {**KINGS, "p0.discard": "5c 9c"},
        down={"p0.discard": 1},
    )


def test_face_up_reserve_cards_were_packed_in_suit_one_up_or_down() -> None:
    _invalid(
        r"^p1\.reserve: 9♦ cannot lie on 5♠: only the top card",
        {**KINGS, "p1.reserve": "5s 9d"},
        down={"p1.reserve": 0},
    )
    for ok in ("5s 6s", "5s 4s 5s:1"):
        state = position(RULES, {**KINGS, "p1.reserve": ok}, down={"p1.reserve": 0})
        assert state.down[RULES.seat_pile(1, "reserve")] == 0
    # the face-down part below is not checked
    position(RULES, {**KINGS, "p1.reserve": "9d 5s 6s"}, down={"p1.reserve": 1})


# ------------------------------------------------------------------ outcome


def test_a_seat_without_cards_has_won_and_the_game_must_be_over() -> None:
    with pytest.raises(zank.InvalidState, match=r"^p0 has no card left: the game is over \(ZD-"):
        position(RULES, dict(KINGS), rest="foundations")


def test_an_outcome_the_position_does_not_give_is_refused() -> None:
    state = position(RULES, dict(KINGS))
    bad = Result(0, (1, 0), Termination.WENT_OUT)
    with pytest.raises(zank.InvalidState, match=r"^'outcome' is not .*: the game is not over$"):
        RULES.validate(attrs.evolve(state, to_move=None, outcome=bad))


# --------------------------------------------------------- house-top packing


def test_the_outer_card_of_a_house_packs_onto_the_opponent() -> None:
    state = position(RULES, {**KINGS, "h2": "Th 9s", "p1.reserve": "8s:1", "p1.discard": "Ts"})
    moves = texts(RULES, state)
    assert "h2-or" in moves
    assert "h2-od" in moves
    after = play(RULES, state, "h2-or")
    assert after.pile("p1.reserve")[-1] == parse_card("9s")
    assert after.pile("h2") == (parse_card("Th"),)


def test_a_house_card_that_does_not_fit_the_opponent_is_refused_with_what_fits() -> None:
    state = position(RULES, {**KINGS, "h2": "Th 9s", "p1.reserve": "8h", "p1.discard": "Ts"})
    assert "h2-or" not in texts(RULES, state)
    v = violation(RULES, state, "h2-or")
    assert v.rule == "ZD-7"
    assert v.message.startswith("9♠ cannot be packed on the opponent's reserve: it shows 8♥,")
    assert "which takes 7♥ or 9♥ (same suit" in v.message


def test_packing_on_an_empty_opponent_pile_names_it() -> None:
    state = position(RULES, {**KINGS, "h2": "Th 9s", "p1.discard": ""})
    v = violation(RULES, state, "h2-od")
    assert v.message == "the opponent's discard is empty: there is nothing to pack on"


# ------------------------------------------------------------ house refusals


def test_a_card_onto_a_house_names_the_house_its_card_and_what_it_takes() -> None:
    state = position(RULES, {**KINGS, "p0.reserve": "9c"})
    v = violation(RULES, state, "r-h3")
    assert v.rule == "ZD-6"
    assert v.message == "9♣ cannot go on house 3: it shows K♥, which takes a black queen"


def test_an_ace_ends_a_house() -> None:
    assert RULES.house_needs(parse_card("Ah")) == "nothing (an ace ends a house)"
    assert RULES.house_needs(parse_card("2h")) == "a black ace"
    assert RULES.house_needs(parse_card("Tc")) == "a red 9"


def test_a_card_for_a_gap_goes_into_the_first_gap() -> None:
    state = position(RULES, {**KINGS, "h3": "", "h5": "", "p0.reserve": "9c"})
    assert "r-h3" in texts(RULES, state)
    v = violation(RULES, state, "r-h5")
    assert v.message == "a card for a gap goes into the first gap, house 3"


def test_the_only_card_of_a_house_into_a_gap_changes_nothing() -> None:
    state = position(RULES, {**KINGS, "h3": "", "h6": "9c"})
    v = violation(RULES, state, "h6-h3")
    assert v.message == "moving the only card of house 6 into a gap changes nothing"


def test_an_empty_source_is_named() -> None:
    state = position(RULES, {**KINGS, "h3": "", "p0.reserve": ""})
    assert violation(RULES, state, "r-h1").message == "your reserve is empty"
    assert violation(RULES, state, "h3-h1").message == "house 3 is empty"


# ------------------------------------------------------------------ notation


def test_move_text_is_read_case_and_space_insensitive() -> None:
    assert RULES.parse_move_text(" H1-OR ").text == "h1-or"
    with pytest.raises(zank.NotationError, match=r"^'h9-f' is not a move of zank-detailed$"):
        RULES.parse_move_text("h9-f")


def test_house_keys_file_cards_by_what_they_need() -> None:
    # alternating colours: the red 9s share one key, the black 9s another
    key = RULES.house_key
    assert key(parse_card("9h")) == key(parse_card("9d:1"))
    assert key(parse_card("9c")) == key(parse_card("9s"))
    assert key(parse_card("9h")) != key(parse_card("9c"))
    assert key(parse_card("9h")) != key(parse_card("8h"))


# -------------------------------------------------------------- the kernel


def test_lift_turns_up_a_face_down_card_that_comes_to_lie_on_top() -> None:
    piles = [(1, 2, 3), (4, 5, 6), (7,), (8, 9)]
    down = [0, 2, 0, 1]
    assert lift(piles, down, 0) == 3
    assert (piles[0], down[0]) == ((1, 2), 0)  # face-up cards stay face up
    assert lift(piles, down, 1) == 6
    assert (piles[1], down[1]) == ((4, 5), 1)  # 5 turns up
    assert lift(piles, down, 2) == 7
    assert (piles[2], down[2]) == ((), 0)
    assert lift(piles, down, 3) == 9
    assert (piles[3], down[3]) == ((8,), 0)  # the last card turns up


def test_a_move_off_a_run_leaves_the_rest_face_up() -> None:
    state = position(RULES, {**KINGS, "h2": "Kd Qs Jh", "p1.reserve": "Th"})
    after = play(RULES, state, "h2-or")
    assert after.pile("h2") == tuple(parse_card(c) for c in ("Kd", "Qs"))
    assert after.down[RULES.house_base + 1] == 0


def test_table_moves_keep_every_move_when_a_foundation_move_is_mandatory() -> None:
    state = position(RULES, {**KINGS, "p0.reserve": "Ah", "p0.turned": "Qs"})
    assert texts(RULES, state) == ["r-f"]  # strict play: the reserve's ace must go up
    table = [m.text for m in RULES.table_moves(state)]
    assert table[0] == "r-f"
    assert {"t-h2", "t-h3", "t-h6", "t-h7"} <= set(table)


def test_the_rules_repr_shows_the_options_only() -> None:
    for name in zank.VARIANTS:
        rules = zank.variant(name)
        text = repr(rules)
        assert text.startswith(type(rules).__name__ + "(")
        fields = [
            part.split("=")[0].strip(" (") for part in text[len(type(rules).__name__) :].split(", ")
        ]
        assert fields == list(rules.options), name


def test_the_table_has_eight_foundations_and_eight_houses() -> None:
    for name in ("zank", "zank-detailed", "zank-104", "schikanieren", "crapette"):
        rules = zank.variant(name)
        kinds = [s.kind for s in rules.layout(2)]
        assert kinds.count("foundation") == 8, name
        labels = [s.label for s in rules.layout(2)]
        assert labels[:8] == FOUNDATIONS


def test_move_kinds_and_the_codes_of_other_moves() -> None:
    """Move kinds are written to JSON as ints: a card move is kind 0; the table's
    moves that are no card moves (turn, pass …) carry source and target 0 (zank's
    and schikanieren's announcements carry their card or house instead)."""
    for name in ("zank", "zank-detailed", "zank-104", "schikanieren", "crapette"):
        rules = zank.variant(name)
        assert rules.moves[0].kind == 0
        others = [
            m for m in rules.moves if m.kind != 0 and m.text.split()[0] not in ("free", "empty")
        ]
        assert others, name
        assert all((m.source, m.target) == (0, 0) for m in others), name


def test_the_opponents_ace_and_king_take_one_card_only() -> None:
    for top, takes in (("2d", "A♦ or 3♦"), ("Kd:1", "Q♦"), ("Ad", "2♦")):
        state = position(RULES, {**KINGS, "h6": "", "p0.reserve": "9c", "p1.reserve": top})
        v = violation(RULES, state, "r-or")
        assert v.message.endswith(f"which takes {takes} (same suit, one higher or lower)"), v


def test_a_running_game_without_progress_for_too_long_has_ended() -> None:
    few = zank.variant("zank-detailed", no_progress_turns=2)
    position(few, dict(KINGS), info=(0, 0, 1, 0, 0), turn=3)
    with pytest.raises(
        zank.InvalidState, match=r"^the game has ended for lack of progress \(ZD-18\)$"
    ):
        position(few, dict(KINGS), info=(0, 0, 2, 0, 0), turn=3)


# ------------------------------------------------------- zank-104: no gap from a stair

Z104 = zank.variant("zank-104")
RUNS = zank.variant("zank-104", stair_runs=True)


def test_a_gap_is_filled_only_from_the_own_piles_in_zank_104() -> None:
    state = position(Z104, {**KINGS, "h3": "", "h6": "Kd:1 Qs"})
    v = violation(Z104, state, "h6-h3")
    assert (
        v.message == "stair 3 is a gap: a gap is filled only from your reserve or your talon, "
        "never from another stair"
    )
    assert "r-h3" in texts(Z104, position(Z104, {**KINGS, "h3": "", "p0.reserve": "9c"}))


def test_with_stair_runs_a_move_carries_the_part_of_the_run_that_fits() -> None:
    state = position(RUNS, {**KINGS, "h2": "Kd Qs Jh Tc 9d", "h3": "Kh Qc"})
    assert "h2-h3" in texts(RUNS, state)
    after = play(RUNS, state, "h2-h3")
    assert after.pile("h3") == tuple(parse_card(c) for c in ("Kh", "Qc", "Jh", "Tc", "9d"))
    assert after.pile("h2") == tuple(parse_card(c) for c in ("Kd", "Qs"))
    # without runs only the outer card moves, and it fits no other stair here
    assert "h2-h3" not in texts(
        Z104, position(Z104, {**KINGS, "h2": "Kd Qs Jh Tc 9d", "h3": "Kh Qc"})
    )


# ---------------------------------------------------------------- touched piles


@pytest.mark.parametrize(
    "options",
    [{}, {"table_mode": True}],
    ids=["strict", "table"],
)
@pytest.mark.parametrize("name", ["zank", "zank-detailed", "zank-104", "schikanieren", "crapette"])
def test_a_card_moves_touched_piles_are_its_source_and_target(
    name: str, options: dict[str, bool]
) -> None:
    rules = zank.variant(name, **options)
    assert isinstance(rules, FamilyTable)
    state = rules.new_game(seed=3)
    rng = zank.random.Rng(3)
    told = 0
    for _ in range(300):
        if state.outcome is not None:
            break
        legal = rules.legal_moves(state)
        move = legal[rng.below(len(legal))]
        after = rules.apply(state, move)
        piles, seat = rules.touched_piles(after, move)
        if move.kind == 0 and state.phase == 0:
            changed = {
                i for i, (a, b) in enumerate(zip(state.piles, after.piles, strict=True)) if a != b
            }
            assert seat == state.to_move, move
            assert piles <= changed, (move, piles, changed)
            assert len(piles) == (1 if move.target == 0 else 2)
            told += 1
        elif move.kind != 0:
            assert (piles, seat) == (frozenset(), None)
        state = after
    assert told >= 5


def test_the_first_house_is_named_as_a_source() -> None:
    assert RULES.source_name(RULES.house_source) == "house 1"
    assert RULES.source_name(0) == "your reserve"
    state = position(RULES, {**KINGS, "h1": ""})
    assert violation(RULES, state, "h1-h2").message == "house 1 is empty"


def test_with_stair_runs_a_run_also_moves_to_a_lower_stair() -> None:
    state = position(RUNS, {**KINGS, "h2": "Kh Qc", "h3": "Kd Qs Jh Tc 9d"})
    assert "h3-h2" in texts(RUNS, state)
    after = play(RUNS, state, "h3-h2")
    assert after.pile("h2") == tuple(parse_card(c) for c in ("Kh", "Qc", "Jh", "Tc", "9d"))


def test_layout_moves_blocks_no_house_by_default() -> None:
    state = position(RULES, {**KINGS, "h1": "Kc Qh", "h2": "Kd Qs", "h3": "", "p1.reserve": ""})
    scan = RULES.scan(state.piles, 0)
    found, others, laid = RULES.layout_moves(state.piles, [], scan)
    texts_ = [m.text for m in others]
    assert (found, laid) == ([], 0)
    assert {"h1-h3", "h2-h3"} <= set(texts_)
    _, first_blocked, _ = RULES.layout_moves(state.piles, [], scan, blocked=1)
    assert "h2-h3" in {m.text for m in first_blocked}
    assert not any(m.text.startswith("h1-") for m in first_blocked)


def test_targets_are_named() -> None:
    assert RULES.target_name(0) == "a foundation"
    assert RULES.target_name(1) == "house 1"
    assert RULES.target_name(8) == "house 8"
    assert RULES.target_name(RULES.pack_target) == "the opponent's reserve"


def test_without_runs_a_move_between_houses_carries_the_outer_card_only() -> None:
    state = position(RULES, {**KINGS, "h3": "Kh Qc", "h2": "Kd Qs Jh"})
    after = play(RULES, state, "h2-h3")
    assert after.pile("h3") == tuple(parse_card(c) for c in ("Kh", "Qc", "Jh"))
    assert after.pile("h2") == tuple(parse_card(c) for c in ("Kd", "Qs"))


def test_same_suit_houses_ask_for_the_suit() -> None:
    schik = zank.variant("schikanieren")
    assert isinstance(schik, FamilyTable)
    assert schik.house_needs(parse_card("Th")) == "the ♥ 9"
    assert schik.house_needs(parse_card("2s:1")) == "the ♠ ace"  # was "the 1 ace"


@pytest.mark.parametrize("name", ["zank-detailed", "crapette", "schikanieren"])
def test_the_table_refuses_no_legal_card_move(name: str) -> None:
    rules = zank.variant(name)
    assert isinstance(rules, FamilyTable)
    state = rules.new_game(seed=5)
    rng = zank.random.Rng(5)
    checked = 0
    for _ in range(120):
        if state.outcome is not None:
            break
        legal = rules.legal_moves(state)
        for m in legal:
            if m.kind == 0 and state.phase == 0:
                assert rules.explain_card_move(state, m) is None, m
                checked += 1
        state = rules.apply(state, legal[rng.below(len(legal))])
    assert checked >= 20


def test_foundation_slots_send_aces_to_the_first_empty_foundation_only_if_there_is_one() -> None:
    state = position(RULES, {**KINGS, "f1": "Ac", "f3": "Ah 2h"})
    slots = RULES.foundation_slots(state.piles)
    ace_d = FKEY[parse_card("Ad")]  # (every ace has its suit key)
    assert slots[ace_d] == 1  # f2, the first empty one
    assert slots[FKEY[parse_card("2c")]] == 0
    assert slots[FKEY[parse_card("3h")]] == 2
    aces = ["Ac", "Ad", "Ah", "As", "Ac:1", "Ad:1", "Ah:1", "As:1"]
    full = position(RULES, {**KINGS, **dict(zip(FOUNDATIONS, aces, strict=True))})
    assert ace_d not in RULES.foundation_slots(full.piles)
    assert RULES.foundation_slot(full.piles, parse_card("Ad")) == -1


def test_the_family_draws_from_the_generator_only_to_deal() -> None:
    """Position text leaves the generator state out of family positions."""
    for name in ("zank", "zank-detailed", "zank-104", "schikanieren", "crapette"):
        rules = zank.variant(name)
        state = rules.new_game(seed=4)
        assert rules.rng_matters(state) is False, name


def test_in_a_call_window_another_move_touches_nothing() -> None:
    """The window's record names the piles of the move under call only: asked about
    another card move, touched_piles names none."""
    rules = zank.variant("zank-detailed", table_mode=True)
    assert isinstance(rules, FamilyTable)
    state = rules.new_game(seed=1)
    rng = zank.random.Rng(1)
    windows = 0
    while windows < 3 and state.outcome is None:
        legal = rules.legal_moves(state)
        move = legal[rng.below(len(legal))]
        after = rules.apply(state, move)
        if move.kind == 0 and after.phase == 1:
            piles, seat = rules.touched_piles(after, move)
            assert piles
            assert seat == state.to_move
            for other in (m for m in rules.moves if m.kind == 0 and m.action != move.action):
                assert rules.touched_piles(after, other) == (frozenset(), None), other
            windows += 1
        state = after
    assert windows == 3
