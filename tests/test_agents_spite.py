"""The greedy Spite and Malice policy (``zank.agents.spite``) on hand-made positions."""

from __future__ import annotations

import attrs
import pytest

import zank
from zank.agents import GreedyAgent, RandomAgent, greedy_policy_of
from zank.agents.spite import spite_and_malice_greedy
from zank.core import State
from zank.random import Rng
from zank.spite_malice import SpiteAndMalice

from .test_spite_malice import DEFAULT, TABLE, position


def choice(state: State, rules: SpiteAndMalice = DEFAULT, seed: int = 1) -> str:
    """The greedy agent's move in ``state``, in notation."""
    p = state.to_move
    assert p is not None
    move = GreedyAgent(seed).choose(rules, rules.observe(state, p), rules.legal_moves(state))
    assert move in rules.legal_moves(state)
    return move.text


def test_the_policy_is_declared() -> None:
    assert greedy_policy_of(zank.variant("spite-and-malice")) is spite_and_malice_greedy


def test_plays_the_pay_off_card_when_it_fits() -> None:
    """Frees the pay-off card first, before other plays."""
    state = position(DEFAULT, {**TABLE, "p0.pay": "Qs 5h"})
    assert choice(state) == "p-b1"


def test_plans_a_chain_through_the_hand() -> None:
    """The spade 5 from the hand makes room for the heart 6 on the pay-off pile."""
    state = position(DEFAULT, TABLE)
    assert choice(state) == "5-b1"
    state = DEFAULT.apply(state, DEFAULT.parse_move(state, "5-b1"))
    assert choice(state) == "p-b1"


def test_a_chain_prefers_side_stack_cards_to_hand_cards() -> None:
    """With a 5 in the hand and one on a side stack, the side stack's is played."""
    state = position(DEFAULT, {**TABLE, "p0.side2": "5d"})
    assert choice(state) == "s2-b1"


def test_plays_the_seeds_example_with_a_king_as_the_7() -> None:
    """The seed's example: a king as the 7, the 8 from the side stack, then the 9."""
    state = position(
        DEFAULT,
        {**TABLE, "build1": "Ad 2s 3h 4c 5s 6h", "p0.pay": "Qs 9d", "p0.hand": "Kd 2c 3d Jc"},
    )
    moves = []
    for _ in range(3):
        text = choice(state)
        moves.append(text)
        state = DEFAULT.apply(state, DEFAULT.parse_move(state, text))
    assert moves == ["k-b1", "s1-b1", "p-b1"]


def test_a_chain_through_a_side_stack_uses_the_card_below_the_top() -> None:
    """Side stack 9 8 7 (7 on top) reaches a pay-off 10 on a pile showing 6."""
    state = position(
        DEFAULT,
        {
            **TABLE,
            "build1": "Ad 2s 3h 4c 5s 6h",
            "p0.pay": "Qs Th",
            "p0.hand": "2c 3d Jc Kd",
            "p0.side1": "9c 8c 7c",
        },
    )
    seen = []
    for _ in range(4):
        text = choice(state)
        seen.append(text)
        state = DEFAULT.apply(state, DEFAULT.parse_move(state, text))
    assert seen == ["s1-b1", "s1-b1", "s1-b1", "p-b1"]


def test_starts_a_new_pile_for_a_low_pay_off_card() -> None:
    """Pay-off 3: the ace and the 2 from the hand start a pile for it."""
    state = position(DEFAULT, {**TABLE, "p0.pay": "Qs 3s", "p0.hand": "Ac 2c Jc Jd 9s"})
    assert choice(state) == "a-b2"


def test_a_pay_off_ace_with_three_piles_completes_one_first() -> None:
    """No free place for the pay-off ace: complete a pile with the cards at hand."""
    state = position(
        DEFAULT,
        {
            **TABLE,
            "build1": "Ad 2s 3h 4c 5s 6h 7s 8s 9s Ts",
            "build2": "Ah",
            "build3": "As",
            "p0.pay": "Qh Ac",
            "p0.hand": "Jc Qc 2c 3d 9h",
        },
    )
    seen = []
    for _ in range(3):
        text = choice(state)
        seen.append(text)
        state = DEFAULT.apply(state, DEFAULT.parse_move(state, text))
    assert seen == ["j-b1", "q-b1", "p-b1"]


def test_saves_kings_when_they_free_nothing() -> None:
    """A king is not played nor discarded while another card can go."""
    state = position(
        DEFAULT,
        {**TABLE, "p0.pay": "Qs Jh", "p0.hand": "Kd 9c 9h Qc 2c", "p0.side1": ""},
    )
    text = choice(state)
    assert not text.startswith("k-")
    assert text.endswith(("-s1", "-s2", "-s3", "-s4"))


def test_avoids_building_to_one_below_the_opponents_pay_off_card() -> None:
    """The opponent shows a 6 and the pile a 4: the 5 is not played (it would help)."""
    piles = {**TABLE, "p0.pay": "Qs Jh", "p0.hand": "5s 2c Qc", "p1.pay": "Js:1 6d"}
    state = position(DEFAULT, piles)
    assert "5-b1" in [m.text for m in DEFAULT.legal_moves(state)]
    for seed in range(10):
        assert choice(state, seed=seed) != "5-b1"
    # without the danger the 5 goes on the pile
    safe = position(DEFAULT, {**piles, "p1.pay": "Js:1 9d"})
    assert choice(safe) == "5-b1"


def test_builds_past_the_opponents_card_when_it_can() -> None:
    """Holding the 6 as well, the player builds 5 and 6 and leaves nothing for the opponent."""
    piles = {**TABLE, "p0.pay": "Qs Jh", "p0.hand": "5s 6s 2c Qc", "p1.pay": "Js:1 6d"}
    state = position(DEFAULT, piles)
    assert choice(state) == "5-b1"
    state = DEFAULT.apply(state, DEFAULT.parse_move(state, "5-b1"))
    assert choice(state) == "6-b1"


def test_builds_side_stacks_downwards() -> None:
    """The discard goes on a side stack one higher."""
    state = position(
        DEFAULT,
        {
            **TABLE,
            "p0.pay": "Qs Jh",
            "p0.hand": "8c 2c 3d",
            "p0.side1": "9d",
            "p0.side2": "Qd",
        },
    )
    assert choice(state) == "8-s1"


def test_keeps_a_side_stack_free() -> None:
    """With three side stacks in use, a card goes on one of them rather than on the fourth."""
    state = position(
        DEFAULT,
        {
            **TABLE,
            "p0.pay": "Qs Jh",
            "p0.hand": "Qc Qh",
            "p0.side1": "2d",
            "p0.side2": "3d",
            "p0.side3": "4h",
        },
    )
    assert choice(state) in ("q-s1", "q-s2", "q-s3")
    state = position(DEFAULT, {**TABLE, "p0.pay": "Qs Jh", "p0.hand": "Qc", "p0.side1": "2d"})
    assert choice(state) == "q-s2", "with one stack in use a new one is fine"


def test_decides_from_the_observation_only() -> None:
    """Hidden cards (the opponent's hand, the draw pile, the generator) change nothing."""
    state = position(DEFAULT, TABLE)
    rules = DEFAULT
    swapped = list(state.piles)
    hand = rules.pile_index(2, "p1.hand")
    draw = rules.pile_index(2, "draw")
    swapped[hand], swapped[draw] = (
        tuple(sorted(state.piles[draw][:5])),
        state.piles[hand] + state.piles[draw][5:],
    )
    other = attrs.evolve(state, piles=tuple(swapped), rng=12345)
    rules.validate(other)
    assert rules.observe(other, 0) == rules.observe(state, 0)
    for seed in range(5):
        assert choice(state, seed=seed) == choice(other, seed=seed)


def test_refuses_other_variants() -> None:
    """The policy is for Spite and Malice only."""
    others = sorted(name for name in zank.VARIANTS if name != "spite-and-malice")
    if not others:
        pytest.skip("no other variant is registered")
    state = DEFAULT.new_game(seed=1)
    with pytest.raises(TypeError, match="plays spite-and-malice"):
        spite_and_malice_greedy(
            zank.variant(others[0]), DEFAULT.observe(state, 0), DEFAULT.legal_moves(state), Rng(1)
        )


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"unlimited_build_piles": True},
        {"aces_immediately": True, "jokers": True},
        {"pay_off_size": 5},
    ],
)
@pytest.mark.parametrize("players", [2, 3, 6])
def test_plays_whole_games_with_every_option(options: dict[str, object], players: int) -> None:
    """The policy always returns a legal move, with every option and seat count."""
    rules = zank.variant("spite-and-malice", **options)
    agents = [GreedyAgent(seed=p) for p in range(players)]
    record = zank.play(rules, agents, seed=players)
    assert record.result is not None


def test_greedy_does_not_lose_to_random() -> None:
    """A small sample of the benchmark in examples/greedy_vs_random.py."""
    rules = zank.variant("spite-and-malice")
    wins = 0
    for seed in range(20):
        seat = seed % 2
        agents: list[GreedyAgent | RandomAgent] = [RandomAgent(seed), RandomAgent(seed)]
        agents[seat] = GreedyAgent(seed)
        result = zank.play(rules, agents, seed=seed).result
        assert result is not None
        assert result.winner in (None, seat)
        wins += result.winner == seat
    assert wins >= 2


def test_jokers_are_saved_like_kings() -> None:
    """A joker is wild like a king and is kept for the pay-off card too."""
    rules = SpiteAndMalice(jokers=True)
    state = position(
        rules, {**TABLE, "p0.pay": "Qs Jh", "p0.hand": "Xr 9c 9h Qc 2c", "p0.side1": ""}
    )
    assert not choice(state, rules).startswith("x-")
    state = position(
        rules, {**TABLE, "build1": "Ad 2s 3h 4c 5s 6h", "p0.pay": "Qs 8h", "p0.hand": "Xr 2c"}
    )
    assert choice(state, rules) == "x-b1"
