"""schikanieren: the Schikanier pile and the edge piles named in messages and
checked by ``validate`` on every pile, not only the first; the pass rule (S-6)
kept apart from table mode's calls.

Written to kill the survivors of the module's third mutation campaign
(benchmarks/MUTATION.md).
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

import zank
from zank.family.classic_common import START_INFO

from .positions import KINGS, position, violation

RULES = zank.variant("schikanieren")


def pos(piles: Mapping[str, str], down: Mapping[str, int] | None = None) -> zank.State:
    named = {"p0.schikanier": "", "p1.schikanier": "", **piles}
    return position(RULES, named, info=START_INFO, down=down, turn=9)


def test_the_sources_by_name() -> None:
    assert RULES.source_name(0) == "your discard"
    assert RULES.source_name(1) == "your turned"
    assert RULES.source_name(2) == "your Schikanier pile"
    assert RULES.source_name(RULES.house_source + 2) == "edge pile 3"


def test_an_empty_schikanier_pile_or_discard_is_named() -> None:
    state = pos({**KINGS, "p0.discard": ""})
    v = violation(RULES, state, "s-f")
    assert (v.rule, v.message) == ("Z-11", "your Schikanier pile is empty")
    v = violation(RULES, state, "d-f")
    assert (v.rule, v.message) == ("Z-11", "your discard is empty")


@pytest.mark.parametrize("seat", [0, 1])
def test_at_most_eleven_schikanier_cards_lie_face_down(seat: int) -> None:
    # thirteen cards (one packed on by the opponent): twelve may not lie face down
    cards = "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc 2d 3d"
    label = f"p{seat}.schikanier"
    assert pos({**KINGS, label: cards}, down={label: 11}).pile(label)
    with pytest.raises(zank.InvalidState, match=rf"^{label}: at most 11 cards lie face down$"):
        pos({**KINGS, label: cards}, down={label: 12})


@pytest.mark.parametrize("house", [1, 3, 8])
def test_at_most_one_edge_card_lies_face_down_on_every_edge_pile(house: int) -> None:
    piles = {**KINGS, f"h{house}": "2d Tc 9c"}
    assert pos(piles, down={f"h{house}": 1})
    with pytest.raises(zank.InvalidState, match=rf"^h{house}: at most one card lies face down$"):
        pos(piles, down={f"h{house}": 2})


def test_the_targets_by_name() -> None:
    names = [RULES.target_name(t) for t in range(RULES.pack_target + 1)]
    assert names == [
        "a centre pile",
        *(f"edge pile {h}" for h in range(1, 9)),
        "the opponent's Schikanier pile",
    ]


@pytest.mark.parametrize("seat", [0, 1])
def test_the_schikanier_top_lies_face_up(seat: int) -> None:
    label = f"p{seat}.schikanier"
    cards = "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc 2d"
    with pytest.raises(zank.InvalidState, match=rf"^{label}: the top card lies face up$"):
        pos({**KINGS, label: cards}, down={label: 12})


def test_in_table_mode_calls_are_not_explained_as_a_pass() -> None:
    table = zank.variant("schikanieren", table_mode=True)
    state = table.new_game(seed=3)
    for text in ("stop", "let"):
        v = violation(table, state, text)
        assert v.rule == "Z-21"
    assert violation(table, state, "pass").rule == "S-6"
