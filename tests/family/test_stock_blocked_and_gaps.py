"""zank-detailed and crapette (:class:`~zank.family.stock.StockGame`): the
exact blocked-game check over house-to-house moves in either direction, and
the gap rule's explanation for every house number.

Written to kill the survivors of the module's mutation campaign
(benchmarks/MUTATION.md).
"""

from __future__ import annotations

import pytest

import zank
from zank.core import Termination
from zank.family.stock import StockGame

from .positions import KINGS, play, position, texts, violation

STOCK_GAMES = sorted(n for n, cls in zank.VARIANTS.items() if issubclass(cls, StockGame))
PREFIX = {"zank-detailed": "ZD", "crapette": "C"}


@pytest.mark.parametrize("name", STOCK_GAMES)
@pytest.mark.parametrize(("source", "target"), [("h1", "h4"), ("h4", "h1")])
def test_a_house_move_to_a_lower_or_higher_house_keeps_the_game_going(
    name: str, source: str, target: str
) -> None:
    """2♥ can go from 3♣ onto 3♠, whether 3♠'s house comes before or after
    its own; then 3♣ fits the foundation.  Nothing else can ever move (the
    turned 5♥, the nines and the kings fit nothing), so that house move
    alone keeps the game from being blocked."""
    rules = zank.variant(name)
    assert isinstance(rules, StockGame)
    piles = {**KINGS, "f1": "Ac 2c", source: "4d 3c 2h", target: "4h 3s", "h2": "Kc"}
    piles.update({"h5": "Ks", "p0.reserve": "9c", "p1.reserve": "9c:1", "p0.hand": "9d"})
    state = position(rules, {**piles, "p0.turned": "5h"}, rest="p1.reserve")
    after = play(rules, state, "t-d")
    assert after.outcome is None
    assert texts(rules, after) == [f"{source}-{target}", "pass"]
    assert not rules.frozen(after.piles, 1)
    # with K♦ instead of 4♥ 3♠ nothing takes 2♥: frozen, and with the exact
    # check (zank-detailed's default) blocked at once
    state = position(rules, {**piles, "p0.turned": "5h", target: "Kd"}, rest="p1.reserve")
    end = play(rules, state, "t-d")
    assert rules.frozen(end.piles, 1)
    if rules.exact_block:
        assert end.outcome is not None
        assert end.outcome.reason is Termination.BLOCKED
    else:
        assert end.outcome is None


@pytest.mark.parametrize("name", STOCK_GAMES)
@pytest.mark.parametrize("house", [1, 3, 8])
@pytest.mark.parametrize("move", ["turn"])
def test_the_gap_rule_names_the_gap(name: str, house: int, move: str) -> None:
    rules = zank.variant(name)
    state = position(rules, {**KINGS, f"h{house}": "", "p0.reserve": "5c"})
    assert texts(rules, state) == [f"r-h{house}"]
    v = violation(rules, state, move)
    assert v.rule == f"{PREFIX[name]}-11"
    assert v.message == (
        f"mandatory move: house {house} is a gap; while your reserve has cards, fill it "
        f"from the reserve (r-h{house}) before you turn or discard a hand card"
    )


HOUSE_MOVE = {**KINGS, "h1": "Kc Qh", "h4": "Ks Qd Jc", "p0.reserve": "5c"}


@pytest.mark.parametrize("name", STOCK_GAMES)
def test_the_fiftieth_house_to_house_move_in_a_row_is_the_last(name: str) -> None:
    rules = zank.variant(name)
    state = position(rules, HOUSE_MOVE, info=(0, 0, 0, 49, 0), turn=100)
    assert "h4-h1" in texts(rules, state)
    after = play(rules, state, "h4-h1")
    # a move between houses releases nothing: no flag, one more in the row
    assert after.info == (0, 0, 0, 50, 0)
    state = position(rules, HOUSE_MOVE, info=(0, 0, 0, 50, 0), turn=100)
    assert texts(rules, state) == ["turn"]
    v = violation(rules, state, "h4-h1")
    assert v.rule == f"{PREFIX[name]}-19"
    assert v.message == "at most 50 house-to-house moves in a row: play another card first"


@pytest.mark.parametrize("name", STOCK_GAMES)
def test_a_house_card_onto_a_foundation_is_no_release(name: str) -> None:
    rules = zank.variant(name)
    piles = {**KINGS, "f1": "Ac 2c 3c 4c", "h4": "5c", "p0.reserve": "9d"}
    state = position(rules, piles, info=(0, 0, 0, 7, 0), turn=100)
    assert "h4-f" in texts(rules, state)
    after = play(rules, state, "h4-f")
    assert after.info == (0, 0, 0, 0, 2)  # a foundation card only; the row ends
    after = play(rules, position(rules, {**piles, "h4": "Ks", "p0.reserve": "5c"}, turn=100), "r-f")
    assert after.info == (0, 0, 0, 0, 3)  # a release and a foundation card
