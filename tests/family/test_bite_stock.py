"""zank-detailed and crapette (:mod:`zank.family.stock`): the fresh deal's face-down
counts, the exact blocked-game check with a gap, the own discard top in the
stocks' meeting, the house-to-house limit's explanation against a packing move,
and a packing move onto the opponent's discard as a release (issue 38: survivors
of the eleventh campaign's sample of ``stock``)."""

from __future__ import annotations

import pytest

import zank
from zank.cards import parse_card
from zank.family.stock import F_RELEASE, StockGame
from zank.family.table import DISCARD, HAND

from .positions import KINGS, play, position, violation

STOCK_GAMES = sorted(n for n, cls in zank.VARIANTS.items() if issubclass(cls, StockGame))


def _stock(name: str, **options: object) -> StockGame:
    rules = zank.variant(name, **options)
    assert isinstance(rules, StockGame)
    return rules


@pytest.mark.parametrize("name", STOCK_GAMES)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_fresh_deal_lays_no_face_down_card_on_an_empty_pile(name: str, seed: int) -> None:
    rules = _stock(name)
    state = rules.new_game(seed=seed)
    rules.validate(state)
    for spec, cards, down in zip(rules.layout(2), state.piles, state.down, strict=True):
        if spec.kind == "reserve":
            assert down == len(cards) - 1  # the top card face up
        elif spec.kind == "hand":
            assert down == len(cards)  # face down
        elif not cards:
            assert down == 0, spec.label  # foundations, turned card, discards


@pytest.mark.parametrize("name", STOCK_GAMES)
def test_a_gap_is_never_frozen(name: str) -> None:
    """ZD-17's exact check: a gap takes any free card, so a table with one is
    not blocked (the houses are looked at first)."""
    rules = _stock(name)
    state = position(rules, {k: v for k, v in KINGS.items() if k != "h1"})
    for seat in range(2):
        assert rules.frozen(state.piles, seat) is False


@pytest.mark.parametrize(("name", "option"), [("zank-detailed", "own_discard_free")])
def test_the_own_discard_top_meets_the_opponents_discard_when_it_is_free(
    name: str, option: str
) -> None:
    """``_stocks_meet``: with the own discard free, its top card may be packed
    onto the opponent's discard top at once, before any card is turned."""
    rules = _stock(name, **{option: True})
    piles: list[tuple[int, ...]] = [()] * len(rules.layout(2))
    # seat 0: discard Kh (bottom), 4c (top), no hand; seat 1: discard 5c:1
    piles[rules.seat_pile(0, DISCARD)] = (parse_card("Kh"), parse_card("4c"))
    piles[rules.seat_pile(1, DISCARD)] = (parse_card("5c:1"),)
    assert rules._stocks_meet(piles, 0) is True
    # with a hand card to turn first (Qd, which meets nothing), the top still meets
    piles[rules.seat_pile(0, HAND)] = (parse_card("Qd"),)
    assert rules._stocks_meet(piles, 0) is True


@pytest.mark.parametrize("name", STOCK_GAMES)
def test_a_packing_move_at_the_house_to_house_limit_names_the_mandatory_move(
    name: str,
) -> None:
    """The house-to-house limit counts moves between houses only: a house card
    packed onto the opponent's reserve (``h1-or``) is refused for the reserve
    top that must go to a foundation, not for the limit."""
    rules = _stock(name)
    limit = rules.shuffle_limit
    state = position(
        rules,
        {**KINGS, "h1": "6c", "p0.reserve": "Ah", "p1.reserve": "5c:1"},
        info=(0, 0, 0, limit, 0),
    )
    v = violation(rules, state, "h1-or")
    assert v.rule == rules.rule_reserve_first
    assert "at most" not in v.message


@pytest.mark.parametrize("name", STOCK_GAMES)
def test_a_house_card_packed_onto_the_opponents_discard_is_a_release(name: str) -> None:
    """A card that reaches a reserve or discard is a release (the flag the
    blocked-game fallback of ZD-17 counts), onto the opponent's discard
    (``od``, the target after ``or``) too."""
    rules = _stock(name)
    state = position(rules, {**KINGS, "h1": "6c", "p0.reserve": "9d", "p1.discard": "5c:1"})
    assert rules.info_of(state).flags == 0
    after = play(rules, state, "h1-od")
    assert rules.info_of(after).flags == F_RELEASE
    assert rules.info_of(after).shuffles == 0


def test_only_zank_detaileds_stricter_rules_add_a_duty() -> None:
    assert _stock("crapette").duty is False
    assert _stock("zank-detailed").duty is False
    assert _stock("zank-detailed", stricter=True).duty is True
