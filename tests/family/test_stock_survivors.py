"""zank-detailed and crapette (:class:`~zank.family.stock.StockGame`): the exact
blocked-game check (ZD-17, :meth:`~zank.family.stock.StockGame.frozen`) and who
ends a game by it.

Written to kill the survivors of an independent mutation sample (issue 38): the
base class's ``exact_block`` made true, player 0's stock left out of the cards
that may reach a house after house-to-house moves, and the own discard top
(ZD-V1) meeting the opponent's discard top made "they never meet".
"""

from __future__ import annotations

import zank
from zank.core import Termination
from zank.family.crapette import Crapette
from zank.family.detailed import ZankDetailed
from zank.family.stock import StockGame

from .positions import KINGS, play, position, texts


def _stock(name: str, **options: object) -> StockGame:
    rules = zank.variant(name, **options)
    assert isinstance(rules, StockGame)
    return rules


#: Nothing can ever move but player 0's turned card onto its discard: the
#: kings take queens only, the foundations aces only, the reserve tops 3♣
#: take the 2♣ and 4♣ only; the hand pile's 9♦ and player 1's J♦ fit nothing.
BLOCKED = {**KINGS, "p0.reserve": "3c", "p1.reserve": "3c:1", "p0.hand": "9d"}
BLOCKED |= {"p0.turned": "5h", "p1.hand": "Jd:1"}


def test_only_zank_detailed_ends_a_frozen_game_at_once() -> None:
    """``exact_block`` is zank-detailed's (ZD-17); crapette (and the base class)
    leave a blocked table to the pass-based rule, so the same frozen position
    ends zank-detailed's game and not crapette's."""
    assert (StockGame.exact_block, ZankDetailed.exact_block, Crapette.exact_block) == (
        False,
        True,
        False,
    )
    for name, ends in (("zank-detailed", True), ("crapette", False)):
        rules = _stock(name)
        after = play(rules, position(rules, BLOCKED, rest="p1.reserve"), "t-d")
        assert rules.frozen(after.piles, 1)
        if ends:
            assert after.outcome is not None
            assert after.outcome.reason is Termination.BLOCKED
        else:
            assert after.outcome is None
            assert texts(rules, after) == ["turn"]


def test_a_stock_card_that_fits_a_house_card_turned_up_by_a_house_move() -> None:
    """With hidden houses (ZD-V5) the 5♦ under the 2♥ lies face down: moving
    the 2♥ onto the 3♠ turns it up, and a 4♣ in either player's hand pile
    fits it: not frozen.  A J♥ there instead (it fits nothing): frozen.
    (Before the house move nothing takes the 4♣: the check must look at the
    stock cards of both players again in the layouts house moves reach.)"""
    rules = _stock("zank-detailed", hidden_houses=True)
    base = {**KINGS, "p0.reserve": "Tc", "p0.hand": "9d", "p0.turned": "8h"}
    base |= {"h1": "5d 2h", "h4": "3s", "p1.reserve": "7c:1"}
    for card, frozen in (("4c", False), ("Jh", True)):
        for seat in (0, 1):
            piles = dict(base)
            if seat == 0:
                piles["p0.hand"] = f"9d {card}"
            else:
                piles["p1.hand"] = f"{card}:1"
            state = position(rules, piles, rest="p1.reserve", down={"h1": 1})
            after = play(rules, state, "t-d")
            assert rules.frozen(after.piles, 1) is frozen, (card, seat)
            assert (after.outcome is not None) is frozen, (card, seat)


def test_the_own_discard_top_onto_the_opponents_discard_keeps_the_game_going() -> None:
    """With the own discard free (ZD-V1) player 1's discard top 7♥ may be
    packed onto player 0's discard top 6♥, which player 0 has just discarded.
    Nothing else can move, and that move alone keeps zank-detailed's game
    going: the exact check must not call the table blocked."""
    piles = {**BLOCKED, "p0.turned": "6h", "p1.discard": "7h:1"}
    rules = _stock("zank-detailed", own_discard_free=True)
    after = play(rules, position(rules, piles, rest="p1.reserve"), "t-d")
    assert not rules.frozen(after.piles, 1)
    assert after.outcome is None
    assert texts(rules, after) == ["d-od", "turn"]
