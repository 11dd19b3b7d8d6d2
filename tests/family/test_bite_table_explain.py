"""The table's refusals of card moves in words (:mod:`zank.family.table_explain`,
behind :meth:`~zank.family.table.FamilyTable.explain_card_move` and
:meth:`~zank.family.table.FamilyTable.house_needs`), message by message, in the
variants that use them as they are: zank-detailed and crapette (a gap filled from
a house too) and zank-104 (a gap filled from the reserve or the talon only).

The thirteenth mutation campaign (issue 31's testing part) found the messages
read only in part (``"changes nothing" in message``): the numbers in them (which
house, which gap, which cards a pile takes) could change unseen.
"""

from __future__ import annotations

import pytest

import zank
from zank.core import State, Violation
from zank.family.table import FamilyTable

from .positions import KINGS, c, position

#: zank-detailed and crapette: the variants of StockGame (a gap filled from a house too).
STOCK_GAMES = ("zank-detailed", "crapette")
#: Each variant's prefix of its rule ids and its word for the discard.
PREFIX = {"zank-detailed": "ZD", "crapette": "C", "zank-104": "Z104"}
DISCARD = {"zank-detailed": "discard", "crapette": "waste"}


def _rules(name: str) -> FamilyTable:
    rules = zank.variant(name)
    assert isinstance(rules, FamilyTable)
    return rules


def explain(rules: FamilyTable, state: State, text: str) -> tuple[str, str] | None:
    """``explain_card_move`` of move ``text``: (rule, message) or ``None``."""
    move = next(m for m in rules.moves if m.text == text)
    v: Violation | None = rules.explain_card_move(state, move)
    return None if v is None else (v.rule, v.message)


# ---------------------------------------------------------------- empty sources
@pytest.mark.parametrize("name", STOCK_GAMES)
def test_an_empty_source_is_named(name: str) -> None:
    rules = _rules(name)
    free = f"{PREFIX[name]}-4"
    state = position(rules, {**KINGS, "h1": "", "h3": "", "p0.reserve": ""}, turn=9)
    assert explain(rules, state, "t-f") == (free, "you have no turned hand card: turn one first")
    assert explain(rules, state, "t-or") == (free, "you have no turned hand card: turn one first")
    assert explain(rules, state, "r-f") == (free, "your reserve is empty")
    assert explain(rules, state, "d-h2") == (free, f"your {DISCARD[name]} is empty")
    # the first house and a later one, both sources after the seat's own piles
    assert explain(rules, state, "h1-f") == (free, "house 1 is empty")
    assert explain(rules, state, "h3-h2") == (free, "house 3 is empty")


def test_an_empty_stair_and_turned_talon_card_are_named_in_zank_104() -> None:
    rules = _rules("zank-104")
    state = position(rules, {**KINGS, "h1": "", "h3": "", "p0.reserve": ""}, turn=9)
    assert explain(rules, state, "t-f") == (
        "Z104-4",
        "you have no turned hand card: turn one first",
    )
    assert explain(rules, state, "r-h2") == ("Z104-4", "your reserve is empty")
    assert explain(rules, state, "h1-f") == ("Z104-4", "stair 1 is empty")
    assert explain(rules, state, "h3-h2") == ("Z104-4", "stair 3 is empty")


# ------------------------------------------------------------------ foundations
@pytest.mark.parametrize("name", [*STOCK_GAMES, "zank-104"])
def test_a_foundation_move_is_refused_by_the_card_below_or_allowed(name: str) -> None:
    rules = _rules(name)
    state = position(rules, {**KINGS, "f1": "Ah", "p0.reserve": "9c 3h"}, turn=9)
    assert explain(rules, state, "r-f") == (
        f"{PREFIX[name]}-5",
        "3♥ cannot go on a foundation: it goes on the 2♥, and no foundation shows one",
    )
    state = position(rules, {**KINGS, "f1": "Ah", "p0.reserve": "9c 2h"}, turn=9)
    assert explain(rules, state, "r-f") is None


# ----------------------------------------------------------------------- houses
@pytest.mark.parametrize("name", [*STOCK_GAMES, "zank-104"])
def test_a_house_that_does_not_take_the_card_shows_its_top_and_what_it_takes(
    name: str,
) -> None:
    rules = _rules(name)
    word = rules.house_word
    # h3 holds three cards: the message names the top one, and what it takes
    state = position(
        rules, {**KINGS, "h3": "Kh Qs Jd", "h4": "Ks Qh", "p0.reserve": "9c Th"}, turn=9
    )
    assert explain(rules, state, "r-h3") == (
        f"{PREFIX[name]}-6",
        f"10♥ cannot go on {word} 3: it shows J♦, which takes a black 10",
    )
    assert explain(rules, state, "r-h4") == (
        f"{PREFIX[name]}-6",
        f"10♥ cannot go on {word} 4: it shows Q♥, which takes a black jack",
    )
    state = position(rules, {**KINGS, "h3": "Kh Qs Jd", "p0.reserve": "9c Tc"}, turn=9)
    assert explain(rules, state, "r-h3") is None


# ------------------------------------------------------------------------- gaps
@pytest.mark.parametrize("name", STOCK_GAMES)
def test_gaps_are_filled_first_and_never_by_a_house_s_only_card(name: str) -> None:
    rules = _rules(name)
    house = f"{PREFIX[name]}-6"
    # h2 and h5 are gaps (h2 the first); h3 holds two cards, h4 one
    state = position(
        rules, {**KINGS, "h2": "", "h5": "", "h3": "Kh Qs", "h4": "Ks", "p0.reserve": "9c"}, turn=9
    )
    assert explain(rules, state, "r-h2") is None
    assert explain(rules, state, "h3-h2") is None
    assert explain(rules, state, "r-h5") == (
        house,
        "a card for a gap goes into the first gap, house 2",
    )
    assert explain(rules, state, "h3-h5") == (
        house,
        "a card for a gap goes into the first gap, house 2",
    )
    assert explain(rules, state, "h4-h2") == (
        house,
        "moving the only card of house 4 into a gap changes nothing",
    )
    # the only card of the first house (source code house_source)
    state = position(rules, {**KINGS, "h1": "Kc", "h2": "", "p0.reserve": "9c"}, turn=9)
    assert explain(rules, state, "h1-h2") == (
        house,
        "moving the only card of house 1 into a gap changes nothing",
    )


def test_a_gap_of_zank_104_is_filled_from_the_reserve_or_talon_only() -> None:
    rules = _rules("zank-104")
    gap_rule = "never from another stair"
    state = position(
        rules, {**KINGS, "h2": "", "h5": "", "h1": "Kc Qh", "h4": "Ks", "p0.reserve": "9c"}, turn=9
    )
    assert explain(rules, state, "r-h2") is None
    assert explain(rules, state, "r-h5") == (
        "Z104-6",
        "a card for a gap goes into the first gap, stair 2",
    )
    for text, t in (("h1-h2", 2), ("h4-h2", 2), ("h1-h5", 5)):
        assert explain(rules, state, text) == (
            "Z104-6",
            f"stair {t} is a gap: a gap is filled only from your reserve or your talon, "
            + gap_rule,
        )


# -------------------------------------------------------------------- packing
@pytest.mark.parametrize("name", STOCK_GAMES)
@pytest.mark.parametrize(
    ("rank", "takes"),
    [
        ("9", "8♦ or 10♦"),
        ("2", "A♦ or 3♦"),
        ("A", "2♦"),  # no card below an ace
        ("Q", "J♦ or K♦"),
        ("K", "Q♦"),  # none above a king
    ],
)
def test_a_pile_packed_on_shows_its_top_and_the_cards_it_takes(
    name: str, rank: str, takes: str
) -> None:
    rules = _rules(name)
    # the opponent's reserve and discard hold two cards each, a diamond of the rank
    # asked on top (of either pack: the message shows it, the cards taken not); the
    # kings of diamonds leave their houses for queens
    state = position(
        rules,
        {
            **KINGS,
            "h2": "Qc",
            "h6": "Qc:1",
            "p0.turned": "8h",
            "p1.reserve": f"5c:1 {rank}d:1",
            "p1.discard": f"7s:1 {rank}d",
        },
        turn=9,
    )
    for text, pile, top in (
        ("t-or", "reserve", f"{rank}♦:1"),
        ("t-od", DISCARD[name], f"{rank}♦"),
    ):
        assert explain(rules, state, text) == (
            f"{PREFIX[name]}-7",
            f"8♥ cannot be packed on the opponent's {pile}: it shows {top}, "
            f"which takes {takes} (same suit, one higher or lower)",
        )


@pytest.mark.parametrize("name", STOCK_GAMES)
def test_packing_on_an_empty_pile_or_a_fitting_one(name: str) -> None:
    rules = _rules(name)
    state = position(rules, {**KINGS, "p0.turned": "8d", "p1.reserve": "5c:1 9d:1"}, turn=9)
    assert explain(rules, state, "t-or") is None
    assert explain(rules, state, "t-od") == (
        f"{PREFIX[name]}-7",
        f"the opponent's {DISCARD[name]} is empty: there is nothing to pack on",
    )


# ------------------------------------------------------------------ house_needs
def test_what_a_house_takes_in_words() -> None:
    detailed = _rules("zank-detailed")
    assert detailed.house_needs(c("Ah")) == "nothing (an ace ends a house)"
    assert detailed.house_needs(c("Ac:1")) == "nothing (an ace ends a house)"
    assert _rules("zank-104").house_needs(c("Ad")) == "nothing (an ace ends a stair)"
    assert _rules("zank").house_needs(c("As")) == "nothing (an ace ends an edge pile)"
    assert detailed.house_needs(c("Th")) == "a black 9"
    assert detailed.house_needs(c("Tc:1")) == "a red 9"
    assert detailed.house_needs(c("2s")) == "a red ace"
    assert detailed.house_needs(c("Kd")) == "a black queen"
    schikanieren = _rules("schikanieren")
    assert schikanieren.house_needs(c("Th")) == "the ♥ 9"
    assert schikanieren.house_needs(c("Js:1")) == "the ♠ 10"
