"""zank-detailed and crapette (:class:`~zank.family.stock.StockGame`): the
exact blocked-game check over house-to-house moves in either direction, and
the gap rule's explanation for every house number.

Written to kill the survivors of the module's mutation campaign
(benchmarks/MUTATION.md).
"""

from __future__ import annotations

import re

import attrs
import pytest

import zank
from zank.cards import parse_card
from zank.core import Result, State, Termination
from zank.family import stock
from zank.family.stock import StockGame, counts

from .positions import KINGS, play, position, texts, violation

STOCK_GAMES = sorted(n for n, cls in zank.VARIANTS.items() if issubclass(cls, StockGame))
PREFIX = {"zank-detailed": "ZD", "crapette": "C"}


def _stock(name: str, **options: object) -> StockGame:
    rules = zank.variant(name, **options)
    assert isinstance(rules, StockGame)
    return rules


@pytest.mark.parametrize("name", STOCK_GAMES)
@pytest.mark.parametrize(("source", "target"), [("h1", "h4"), ("h4", "h1")])
def test_a_house_move_to_a_lower_or_higher_house_keeps_the_game_going(
    name: str, source: str, target: str
) -> None:
    """2♥ can go from 3♣ onto 3♠, whether 3♠'s house comes before or after
    its own; then 3♣ fits the foundation.  Nothing else can ever move (the
    turned 5♥, the nines and the kings fit nothing), so that house move
    alone keeps the game from being blocked."""
    rules = _stock(name)
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
    rules = _stock(name)
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
    rules = _stock(name)
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
    rules = _stock(name)
    piles = {**KINGS, "f1": "Ac 2c 3c 4c", "h4": "5c", "p0.reserve": "9d"}
    state = position(rules, piles, info=(0, 0, 0, 7, 0), turn=100)
    assert "h4-f" in texts(rules, state)
    after = play(rules, state, "h4-f")
    assert after.info == (0, 0, 0, 0, 2)  # a foundation card only; the row ends
    after = play(rules, position(rules, {**piles, "h4": "Ks", "p0.reserve": "5c"}, turn=100), "r-f")
    assert after.info == (0, 0, 0, 0, 3)  # a release and a foundation card


@pytest.mark.parametrize("name", STOCK_GAMES)
def test_a_reserve_first_move_is_explained_also_at_the_house_move_limit(name: str) -> None:
    """At the limit of house-to-house moves a house card may still go to a
    foundation: when it may not, the reason is the reserve's foundation card
    (mandatory move 1), not the limit."""
    rules = _stock(name)
    piles = {**KINGS, "f1": "Ac 2c 3c 4c", "f2": "Ad", "h4": "5c", "p0.reserve": "2d"}
    state = position(rules, piles, info=(0, 0, 0, 50, 0), turn=100)
    assert texts(rules, state) == ["r-f"]
    v = violation(rules, state, "h4-f")
    assert v.rule == f"{PREFIX[name]}-9"
    assert v.message == (
        "mandatory move: your reserve top 2♦ fits a foundation and must go there before "
        "anything else (r-f)"
    )


@pytest.mark.parametrize("name", STOCK_GAMES)
def test_a_running_game_at_the_no_progress_limit_is_invalid(name: str) -> None:
    rules = _stock(name)
    limit = rules.no_progress_turns
    assert position(rules, KINGS, info=(0, 0, limit - 1, 0, 0), turn=limit + 5).outcome is None
    message = f"the game has ended for lack of progress ({PREFIX[name]}-18)"
    with pytest.raises(zank.InvalidState, match=f"^{re.escape(message)}$"):
        position(rules, KINGS, info=(0, 0, limit, 0, 0), turn=limit + 5)


@pytest.mark.parametrize("name", STOCK_GAMES)
@pytest.mark.parametrize("dry", [(1, 93), (1, 94), (2, 95)])
def test_more_dry_turns_than_stock_cards_still_make_a_full_pass(
    name: str, dry: tuple[int, int]
) -> None:
    """Player 1 has had at least one dry turn for each of its 93 stock cards,
    player 0 ends its second (or third) dry turn with 2 stock cards: blocked."""
    rules = _stock(name)
    base = {**KINGS, "p0.reserve": "3c", "p0.hand": "", "p0.turned": "9d", "p0.discard": "4s"}
    state = position(rules, base, rest="p1.hand", info=(*dry, 0, 0, 0), turn=100)
    assert len(state.pile("p1.hand")) == 93
    end = play(rules, state, "t-d")
    assert end.outcome is not None
    assert end.outcome.reason is Termination.BLOCKED
    # one dry turn short for player 1: not blocked
    state = position(rules, base, rest="p1.hand", info=(1, 92, 0, 0, 0), turn=100)
    assert play(rules, state, "t-d").outcome is None


@pytest.mark.parametrize("name", STOCK_GAMES)
def test_a_stock_card_that_fits_a_foundation_keeps_the_game_going(name: str) -> None:
    """The 2♥ in player 0's hand pile will come up and fit the A♥: not frozen."""
    rules = _stock(name)
    frozen = {**KINGS, "p0.reserve": "3c", "p0.hand": "9d", "p0.turned": "4s"}
    frozen["p1.reserve"] = "3c:1"
    assert rules.frozen(play(rules, position(rules, frozen, rest="p1.reserve"), "t-d").piles, 1)
    for change in ({"f3": "Ah", "p0.hand": "2h"}, {"f3": "Ah", "p0.discard": "2h"}):
        state = position(rules, {**frozen, **change}, rest="p1.reserve")
        after = play(rules, state, "t-d")
        assert after.outcome is None
        assert not rules.frozen(after.piles, 1)
    state = position(rules, {**frozen, "f3": "Ah 2h", "p1.reserve": "3h:1"}, rest="p1.reserve")
    assert not rules.frozen(state.piles, 1)  # a reserve top that fits a foundation


def test_the_gap_rule_speaks_only_of_a_gap_and_only_against_turn_moves() -> None:
    """zank-detailed's stricter rules oblige packing the opponent (t-or): the
    end move is refused by that duty when no house is a gap, and a house move
    by that duty also when one is (the gap rule is about turning and
    discarding only)."""
    rules = zank.variant("zank-detailed", stricter=True)
    duty = (
        "stricter rules: free the layout card that fits a foundation, or pack the "
        "opponent, first (t-or)"
    )
    base = {**KINGS, "p0.reserve": "5c", "p0.turned": "9d", "h2": "Kd Qs", "p1.reserve": "8d:1"}
    state = position(rules, base)
    assert texts(rules, state) == ["t-or"]
    for move in ("t-d", "h2-h3"):
        v = violation(rules, state, move)
        assert (v.rule, v.message) == ("ZD-V4", duty)
    state = position(rules, {**base, "h1": ""})
    v = violation(rules, state, "h2-h3")
    assert (v.rule, v.message) == ("ZD-V4", duty)


@pytest.mark.parametrize("name", STOCK_GAMES)
def test_house_to_house_moves_count_from_every_house_and_others_end_the_row(name: str) -> None:
    rules = _stock(name)
    piles = {**KINGS, "h1": "Kc Qh Jc", "h4": "Ks Qd", "p0.reserve": "Td"}
    state = position(rules, piles, info=(0, 0, 0, 7, 0), turn=100)
    assert play(rules, state, "h1-h4").info == (0, 0, 0, 8, 0)  # from house 1
    assert play(rules, state, "r-h1").info == (0, 0, 0, 0, 1)  # a release ends the row


def _stocks(rules: StockGame, p0: dict[str, str], p1_hand: str) -> tuple[bool, State]:
    """Player 0 ends its turn (the turned card onto the discard) with only
    the stocks able to move: whether the game goes on, and the position."""
    piles = {**KINGS, "p0.reserve": "3c", "p1.reserve": "3c:1", "p0.hand": "", **p0}
    after = play(rules, position(rules, {**piles, "p1.hand": p1_hand}, rest="p1.reserve"), "t-d")
    assert after.outcome is None or after.outcome.reason is Termination.BLOCKED
    return not rules.frozen(after.piles, 1), after


def test_stocks_of_different_sizes_are_played_through_together() -> None:
    """Player 0's stock is the 5♦ alone, player 1's comes up 9♣, 6♦, J♦: the
    6♦ meets the 5♦ in the second round (a pack onto the opponent)."""
    rules = zank.variant("zank-detailed")
    assert isinstance(rules, StockGame)
    goes_on, after = _stocks(rules, {"p0.turned": "5d"}, "Jd:1 6d:1 9c:1")
    assert goes_on
    assert after.outcome is None
    after = play(rules, after, "turn", "t-d", "turn", "t-d", "turn")
    assert after.pile("p1.turned") == (parse_card("6d:1"),)
    assert "t-od" in texts(rules, after)
    # without the 6♦ they never meet: blocked at once
    goes_on, after = _stocks(rules, {"p0.turned": "5d"}, "Jd:1 8s:1 9c:1")
    assert not goes_on
    assert after.outcome is not None


def test_a_discard_turned_over_keeps_every_card() -> None:
    """Player 0's discard J♥ 5♦ is turned over into the hand pile: J♥ comes up
    first, lies on the discard, and player 1's T♥ may be packed on it."""
    rules = zank.variant("zank-detailed")
    assert isinstance(rules, StockGame)
    goes_on, after = _stocks(rules, {"p0.discard": "Jh", "p0.turned": "5d"}, "8s:1 Th:1 9c:1")
    assert goes_on
    after = play(rules, after, "turn", "t-d", "turn", "t-d", "turn")
    assert after.pile("p0.discard") == (parse_card("Jh"),)
    assert after.pile("p1.turned") == (parse_card("Th:1"),)
    assert "t-od" in texts(rules, after)


def test_a_blocked_outcome_the_position_does_not_give_is_refused() -> None:
    """The stocks still meet (see above), so the game is not blocked."""
    rules = zank.variant("zank-detailed")
    assert isinstance(rules, StockGame)
    goes_on, after = _stocks(rules, {"p0.turned": "5d"}, "Jd:1 6d:1 9c:1")
    assert goes_on
    claimed = attrs.evolve(after, to_move=None, outcome=Result(None, (0, 0), Termination.BLOCKED))
    message = "'outcome' is not the one the position gives: the game is not over"
    with pytest.raises(zank.InvalidState, match=f"^{re.escape(message)}$"):
        rules.validate(claimed)


@pytest.mark.parametrize(("top", "blocked"), [("4c:1", False), ("7c:1", True)])
def test_a_hidden_house_card_turned_up_by_a_house_move_may_take_a_reserve_top(
    top: str, blocked: bool
) -> None:
    """With hidden houses (ZD-V5) the 5♦ under the 2♥ lies face down: moving
    the 2♥ onto the 3♠ turns it up, and player 1's reserve top 4♣ fits it.
    With 7♣ there instead nothing can move: blocked."""
    rules = zank.variant("zank-detailed", hidden_houses=True)
    assert isinstance(rules, StockGame)
    piles = {**KINGS, "p0.reserve": "Tc", "p0.hand": "9d", "p0.turned": "8h"}
    piles.update({"h1": "5d 2h", "h4": "3s", "p1.reserve": top})
    state = position(rules, piles, rest="p1.reserve", down={"h1": 1})
    after = play(rules, state, "t-d")
    assert rules.frozen(after.piles, 1) is blocked
    assert (after.outcome is not None) is blocked


def test_too_many_layouts_leave_the_decision_to_the_pass_rule(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """J♣ can go back and forth between the red queens (two layouts), nothing
    else can move: frozen; with a limit of one layout the exact check gives up
    (not frozen), and the dry-pass rule decides later."""
    rules = zank.variant("zank-detailed")
    assert isinstance(rules, StockGame)
    piles = {**KINGS, "p0.reserve": "3c", "p0.hand": "9d", "p0.turned": "4s"}
    piles.update({"p1.reserve": "3c:1", "h1": "Kc Qh Jc", "h4": "Ks Qd"})
    after = play(rules, position(rules, piles, rest="p1.reserve"), "t-d")
    assert after.outcome is not None
    assert rules.frozen(after.piles, 1)
    monkeypatch.setattr(stock, "LAYOUT_LIMIT", 1)
    assert not rules.frozen(after.piles, 1)
    assert play(rules, position(rules, piles, rest="p1.reserve"), "t-d").outcome is None


@pytest.mark.parametrize("name", STOCK_GAMES)
def test_counts_take_the_turned_card_and_the_reserve_twice(name: str) -> None:
    rules = _stock(name)
    piles = {**KINGS, "p0.reserve": "5c", "p0.hand": "Jh", "p0.turned": "9d"}
    state = position(rules, {**piles, "p0.discard": "4s 7h"}, rest="p1.hand")
    assert counts(state) == (1 + 1 + 2 + 2 * 1, 104 - 8 - 5)


@pytest.mark.parametrize("name", STOCK_GAMES)
def test_a_house_card_alone_that_can_move_makes_a_gap_and_keeps_the_game_going(
    name: str,
) -> None:
    """Q♥, alone in house 1, can go onto a black king: the gap it leaves takes
    any free card, so nothing is frozen."""
    rules = _stock(name)
    piles = {**KINGS, "p0.reserve": "3c", "p0.hand": "9d", "p0.turned": "4s"}
    piles.update({"p1.reserve": "3c:1", "h1": "Qh"})
    after = play(rules, position(rules, piles, rest="p1.reserve"), "t-d")
    assert after.outcome is None
    assert texts(rules, after) == ["h1-h4", "h1-h5", "h1-h8", "pass"]
    assert not rules.frozen(after.piles, 1)
