"""zank-detailed: the options of the seed's "Varianten" section (ZD-V1 .. ZD-V5)."""

from __future__ import annotations

import pytest

import zank
from zank.core import HIDDEN
from zank.family.detailed import ZankDetailed

from .positions import KINGS, c, play, position, texts


def rules_with(**options: object) -> ZankDetailed:
    rules = zank.variant("zank-detailed", **options)
    assert isinstance(rules, ZankDetailed)
    return rules


RULES = rules_with()
FREE = rules_with(own_discard_free=True)
STRICT = rules_with(stricter=True)
HIDDEN_HOUSES = rules_with(hidden_houses=True)


# ------------------------------------------------------------------------ ZD-V1
def test_own_discard_free_makes_the_discard_top_playable_like_a_house_card() -> None:
    cards = {**KINGS, "h1": "9c", "p0.reserve": "3c", "p0.discard": "4s 8h", "p1.discard": "9h:1"}
    state = position(FREE, cards)
    assert {"d-h1", "d-od"} <= set(texts(FREE, state))
    assert "d-h1" not in texts(RULES, position(RULES, cards))


def test_own_discard_free_top_that_fits_a_foundation_must_go_there() -> None:
    state = position(FREE, {**KINGS, "f1": "Ah", "p0.reserve": "3c", "p0.discard": "2h"})
    assert texts(FREE, state) == ["d-f"]


def test_own_discard_free_a_player_wins_by_playing_the_last_discard_card() -> None:
    state = position(
        FREE,
        {**KINGS, "f1": "Ah", "p0.reserve": "", "p0.hand": "", "p0.discard": "2h"},
        rest="p1.hand",
    )
    end = play(FREE, state, "d-f")
    assert end.outcome is not None
    assert end.outcome.winner == 0


# ------------------------------------------------------------------------ ZD-V3
def test_who_begins_cut_does_not_look_at_the_reserve_tops() -> None:
    rules = rules_with(who_begins="cut")
    starters = set()
    differs = False
    for seed in range(40):
        state = rules.new_game(seed=seed)
        starters.add(state.to_move)
        lower = RULES.new_game(seed=seed)
        assert state.piles == lower.piles  # the same deal
        differs = differs or state.to_move != lower.to_move
    assert starters == {0, 1}
    assert differs


def test_who_begins_alternate_lets_first_player_begin() -> None:
    for first in (0, 1):
        rules = rules_with(who_begins="alternate", first_player=first)
        assert {rules.new_game(seed=s).to_move for s in range(10)} == {first}


def test_first_player_applies_only_to_alternate_beginners() -> None:
    with pytest.raises(zank.OptionError, match="alternate"):
        zank.variant("zank-detailed", first_player=1)


# ------------------------------------------------------------------------ ZD-V4
def test_stricter_rules_a_covered_layout_card_that_fits_a_foundation_must_be_freed() -> None:
    cards = {**KINGS, "f1": "Ac 2c 3c", "h1": "5h 4c 3d", "h3": "4s", "p0.reserve": "9h"}
    state = position(STRICT, cards)
    assert texts(STRICT, state) == ["h1-h3"]
    v = STRICT.check(state, next(m for m in STRICT.moves if m.text == "turn"))
    assert v is not None
    assert v.rule == "ZD-V4"
    state = play(STRICT, state, "h1-h3")
    assert texts(STRICT, state) == ["h1-f"]  # ZD-10 takes over
    assert "turn" in texts(RULES, position(RULES, cards))


def test_stricter_rules_the_opponent_must_be_packed_whenever_possible() -> None:
    cards = {**KINGS, "p0.reserve": "3c", "p0.turned": "8d", "p1.reserve": "4c:1 9d:1"}
    state = position(STRICT, cards)
    assert texts(STRICT, state) == ["t-or"]
    assert "t-d" in texts(RULES, position(RULES, cards))


def test_stricter_rules_do_not_look_at_face_down_house_cards() -> None:
    rules = rules_with(stricter=True, hidden_houses=True)
    cards = {**KINGS, "f1": "Ac 2c 3c", "h1": "4c 3d", "p0.reserve": "9h"}
    state = position(rules, cards, down={"h1": 1})
    assert "turn" in texts(rules, state)


# ------------------------------------------------------------------------ ZD-V5
def test_hidden_houses_deal_a_face_down_card_under_each_house_card() -> None:
    state = HIDDEN_HOUSES.new_game(seed=9)
    for h in range(8):
        assert len(state.pile(f"h{h + 1}")) == 2
        assert state.down[HIDDEN_HOUSES.pile_index(2, f"h{h + 1}")] == 1
    assert len(state.pile("p0.hand")) == 52 - 13 - 8
    seen = HIDDEN_HOUSES.observe(state, 0).piles[HIDDEN_HOUSES.pile_index(2, "h1")]
    assert seen[0] == HIDDEN


def test_hidden_houses_the_face_down_card_turns_up_when_it_is_freed() -> None:
    cards = {**KINGS, "h1": "9c 5h", "p0.reserve": "3c", "p1.reserve": "4h:1"}
    state = position(HIDDEN_HOUSES, cards, down={"h1": 1})
    i = HIDDEN_HOUSES.pile_index(2, "h1")
    assert HIDDEN_HOUSES.observe(state, 1).piles[i] == (HIDDEN, c("5h"))
    state = play(HIDDEN_HOUSES, state, "h1-or")
    assert state.pile("h1") == (c("9c"),)
    assert state.down[i] == 0
    assert HIDDEN_HOUSES.observe(state, 1).piles[i] == (c("9c"),)


def test_without_hidden_houses_no_house_card_lies_face_down() -> None:
    cards = {**KINGS, "h1": "9c 5h", "p0.reserve": "3c"}
    with pytest.raises(zank.InvalidState, match="hidden_houses"):
        position(RULES, cards, down={"h1": 1})


# ----------------------------------------------------------------- observations
def test_observations_hide_the_hand_piles_and_the_reserve_below_its_top() -> None:
    state = RULES.new_game(seed=2)
    for viewer in (0, 1):
        obs = RULES.observe(state, viewer)
        for p in (0, 1):
            hand = obs.piles[RULES.pile_index(2, f"p{p}.hand")]
            assert hand == (HIDDEN,) * 35  # not even the owner knows the order
            reserve = obs.piles[RULES.pile_index(2, f"p{p}.reserve")]
            assert reserve[:12] == (HIDDEN,) * 12
            assert reserve[12] == state.pile(f"p{p}.reserve")[-1]
    turned = position(RULES, {**KINGS, "p0.reserve": "3c", "p0.turned": "9d"})
    i = RULES.pile_index(2, "p0.turned")
    assert RULES.observe(turned, 1).piles[i] == (c("9d"),)
