"""Spite and Malice's unblocking policy (``zank.agents.spite.spite_and_malice_unblock``):
the greedy move, except where the seat's pay-off card is blocked."""

from __future__ import annotations

import pytest

import zank
from zank.agents import GreedyAgent
from zank.agents.spite import (
    UNBLOCK_WILDS,
    _View,
    spite_and_malice_greedy,
    spite_and_malice_unblock,
)
from zank.core import State
from zank.random import Rng
from zank.spite_malice import SpiteAndMalice

from .test_spite_malice import DEFAULT, TABLE, position

#: Three build places in use, needing a queen, a 6 and a 7.
FULL = {
    **TABLE,
    "build1": "Ad 2s 3h 4c 5s 6h 7s 8s 9s Ts Jh",
    "build2": "Ah 2h:1 3c:1 4h 5h",
    "build3": "As 2d 3s 4s 5d 6s",
}


def both(state: State, rules: SpiteAndMalice = DEFAULT, seed: int = 1) -> tuple[str, str]:
    """The greedy and the unblocking move in ``state``, in notation."""
    p = state.to_move
    assert p is not None
    obs, legal = rules.observe(state, p), rules.legal_moves(state)
    greedy = spite_and_malice_greedy(rules, obs, legal, Rng(seed))
    unblock = spite_and_malice_unblock(rules, obs, legal, Rng(seed))
    assert unblock in legal
    return greedy.text, unblock.text


def test_the_greedy_policy_names_it_as_its_twin() -> None:
    assert spite_and_malice_greedy.unblock is spite_and_malice_unblock  # type: ignore[attr-defined]


def test_completes_a_pile_with_a_king_to_free_a_place_for_the_pay_off_card() -> None:
    """Pay-off 3 below every pile's need: a king completes pile 1, the ace and the
    2 start the freed place, the 3 follows.  Greedy keeps the king back."""
    state = position(DEFAULT, {**FULL, "p0.pay": "Qs 3d", "p0.hand": "Kd Ac 2c 9h 9d"})
    assert not both(state)[0].startswith("k-")
    seen = []
    for _ in range(4):
        text = both(state)[1]
        seen.append(text)
        state = DEFAULT.apply(state, DEFAULT.parse_move(state, text))
    assert seen == ["k-b1", "a-b1", "2-b1", "p-b1"]


def test_completes_a_pile_with_one_wild_card_even_when_the_pay_off_card_must_wait() -> None:
    """No ace at hand for the pay-off 5: the king still completes pile 1 (a place
    freed, its cards drawn again)."""
    state = position(DEFAULT, {**FULL, "p0.pay": "Qs 5c", "p0.hand": "Kd 9h 9d 8c 2c"})
    greedy, unblock = both(state)
    assert unblock == "k-b1"
    assert greedy != unblock


def test_frees_no_place_for_an_opponents_pay_off_ace() -> None:
    state = position(
        DEFAULT,
        {**FULL, "p0.pay": "Qs 5c", "p0.hand": "Kd 9h 9d 8c 2c", "p1.pay": "Js:1 Ac"},
    )
    greedy, unblock = both(state)
    assert unblock == greedy
    assert not unblock.startswith("k-")


def test_spends_at_most_unblock_wilds_on_a_completion_alone() -> None:
    """Pile 1 needs a jack and a queen: two kings would complete it, but the pay-off
    5 could not follow, so they are kept."""
    assert UNBLOCK_WILDS == 1
    piles = {**FULL, "build1": "Ad 2s 3h 4c 5s 6h 7s 8s 9s Ts"}
    state = position(DEFAULT, {**piles, "p0.pay": "Qs 5c", "p0.hand": "Kd Kc 9d 8c 2c"})
    greedy, unblock = both(state)
    assert unblock == greedy
    # with an ace, a 2, a 3 and a 4 at hand the two kings free the pay-off 5
    state = position(
        DEFAULT,
        {**piles, "p0.pay": "Qs 5c", "p0.hand": "Kd Kc Ac 2c 3d", "p0.side1": "4d:1"},
    )
    assert both(state)[1] == "k-b1"


def test_a_seat_that_is_not_blocked_plays_the_greedy_move() -> None:
    """A pay-off 9 can go on pile 2 or 3 once they reach it: not blocked, the greedy move."""
    state = position(DEFAULT, {**FULL, "p0.pay": "Qs 9c", "p0.hand": "Kd 9h 9d 8c 2c"})
    view = _View(DEFAULT, DEFAULT.observe(state, 0))
    assert not view.blocked()
    assert view.unblock_plan() is None
    greedy, unblock = both(state)
    assert unblock == greedy


@pytest.mark.parametrize("options", [{}, {"unlimited_build_piles": True}, {"jokers": True}])
def test_it_differs_from_greedy_only_where_the_seat_is_blocked(options: dict[str, object]) -> None:
    """Along greedy games: where the seat is not blocked, the same move and the
    same generator state after it as the greedy policy; somewhere blocked."""
    rules = zank.variant("spite-and-malice", **options)
    compared = blocked = 0
    for seed in range(6):
        state = rules.new_game(seed=seed)
        walker = GreedyAgent(seed)
        while state.outcome is None and state.ply < 400:
            p = state.to_move
            assert p is not None
            obs, legal = rules.observe(state, p), rules.legal_moves(state)
            if len(legal) > 1:
                g, u = Rng(seed + state.ply), Rng(seed + state.ply)
                if _View(rules, obs).blocked():
                    blocked += 1
                else:
                    move = spite_and_malice_unblock(rules, obs, legal, u)
                    assert move == spite_and_malice_greedy(rules, obs, legal, g)
                    assert u.next64() == g.next64()
                    compared += 1
            state = rules.apply(state, walker.choose(rules, obs, legal))
    assert compared > 100
    if not options:
        assert blocked > 0


def test_refuses_other_variants() -> None:
    state = DEFAULT.new_game(seed=1)
    with pytest.raises(TypeError, match="plays spite-and-malice"):
        spite_and_malice_unblock(
            zank.variant("zank-detailed"),
            DEFAULT.observe(state, 0),
            DEFAULT.legal_moves(state),
            Rng(1),
        )
