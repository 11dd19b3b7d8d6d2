"""zank-detailed and crapette (:mod:`zank.family.stock`): the fresh deal's face-down
counts, the exact blocked-game check with a gap, the own discard top in the
stocks' meeting, the house-to-house limit's explanation against a packing move,
and a packing move onto the opponent's discard as a release (issue 38: survivors
of the eleventh campaign's sample of ``stock``)."""

from __future__ import annotations

import random

import pytest

import zank
from zank.cards import parse_card
from zank.family.stock import F_RELEASE, TGT_FOUNDATION, StockGame
from zank.family.table import CARD, DISCARD, HAND

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


@pytest.mark.parametrize(
    ("name", "options"),
    [("zank-detailed", {"stricter": True}), ("zank-detailed", {}), ("crapette", {})],
)
def test_the_makeup_move_of_a_fault_is_a_move_of_strict_play(
    name: str, options: dict[str, object]
) -> None:
    """ZD-22 and C-V9: the skipped mandatory move a call makes the faulty player
    carry out is the first strict move of the broken rule: for the foundation
    rules the first foundation move, for ZD-V4 the first obliged move, never
    the first of all the moves the cards allow (issue 38, twelfth campaign,
    second worker: ``makeup_move`` on the moves of ``strict=False`` survived)."""
    rules = _stock(name, **options)
    first_card_not_obliged = 0
    for seed in range(3):
        rnd = random.Random(seed)
        state = rules.new_game(seed=seed)
        while state.outcome is None and state.ply < 400:
            strict = rules.generate(state, strict=True)
            loose = rules.generate(state, strict=False)
            for rule in {rules.fault_violation(state, m).rule for m in loose if m not in strict}:
                makeup = rules.makeup_move(state, rule)
                if rule in (rules.rule_reserve_first, rules.rule_foundation_first):
                    assert makeup == strict[0]
                    assert (makeup.kind, makeup.target) == (CARD, TGT_FOUNDATION)
                elif rule == "ZD-V4":
                    assert makeup == strict[0]
                    assert makeup.kind == CARD
                    first_card_not_obliged += loose[0] not in strict
                if makeup is not None:
                    assert makeup in strict, (rule, makeup.text)
            state = rules.apply(state, rnd.choice(rules.legal_moves(state)))
    # the stricter rules met a ZD-V4 fault where the first move the cards allow is
    # not obliged (the case that tells the strict moves from all of them)
    assert (first_card_not_obliged > 0) == bool(options)
