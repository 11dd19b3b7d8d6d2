"""The search agent (issue 33): reproducible, honours its budget, reads only
its observation, and is known by name wherever agents are."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest

import zank
from zank.agents import GreedyAgent, RandomAgent, SearchAgent
from zank.agents.search import (
    LEVELS,
    draw_pile_end,
    goal_weights,
    leaf_values,
    left_to_go,
    pay_off_reach,
)
from zank.cli import main
from zank.core import Move, Observation, Rules, State
from zank.errors import OptionError, ZankError
from zank.random import Rng
from zank.simulate import AGENTS, agent_factory, run

from .strategies import all_presets, preset_id

SMALL = zank.variant("spite-and-malice", pay_off_size=5)


def tiny(seed: int, **settings: object) -> SearchAgent:
    """A search agent with a budget small enough for tests."""
    kwargs: dict[str, object] = {"iterations": 4, "max_moves": 4}
    kwargs.update(settings)
    return SearchAgent(seed, **kwargs)  # type: ignore[arg-type]


def a_position(rules: Rules, seed: int, steps: int) -> State:
    """The state after ``steps`` random moves (or the end), at a decision with a choice."""
    state = rules.new_game(seed=seed)
    agent = RandomAgent(seed)
    for _ in range(steps):
        if state.outcome is not None:
            break
        legal = rules.legal_moves(state)
        seat = state.to_move
        assert seat is not None
        state = rules.apply(state, agent.choose(rules, rules.observe(state, seat), legal))
    while state.outcome is None and len(rules.legal_moves(state)) == 1:
        state = rules.apply(state, rules.legal_moves(state)[0])
    return state


# ------------------------------------------------------------- reproducible
def test_the_same_seed_plays_the_same_game() -> None:
    def game(seed: int) -> tuple[str, ...]:
        return zank.play(SMALL, [tiny(seed), GreedyAgent(9)], seed=4).moves

    assert game(1) == game(1)


def test_the_halving_method_plays_the_same_game_from_the_same_seed() -> None:
    def game(seed: int) -> tuple[str, ...]:
        return zank.play(SMALL, [tiny(seed, **HALVING), GreedyAgent(9)], seed=4).moves

    assert game(2) == game(2)


def test_named_levels_are_reproducible_and_finish_a_game() -> None:
    first = zank.play(SMALL, [SearchAgent.level("easy", 3), RandomAgent(4)], seed=2)
    again = zank.play(SMALL, [agent_factory("search:easy")(3), RandomAgent(4)], seed=2)
    assert first.result is not None
    assert first == again


# ------------------------------------------------------------ observation only
HALVING = {"method": "halving", "turns": 2, "confidence": 0.5, "goal_first": True}


@pytest.mark.parametrize(
    "method",
    [
        "tree",
        "halving",
        "halving-reach",
        "halving-draw-end",
        "tree-unblock",
        "halving-unblock",
        "halving-unblock-first",
        "tree-unblock-mine",
        "halving-unblock-mine",
    ],
)
@pytest.mark.parametrize("rules", all_presets(), ids=preset_id)
def test_decides_from_the_observation_only(rules: Rules, method: str) -> None:
    """Two states that the seat to move sees alike (the hidden cards dealt
    anew) get the same move from agents with the same seed."""
    state = a_position(rules, seed=11, steps=25)
    if state.outcome is not None:
        pytest.skip("the game ended before a decision with a choice")
    seat = state.to_move
    assert seat is not None
    obs = rules.observe(state, seat)
    legal = rules.legal_moves(state)
    compared = 0
    for k in range(4):
        other = rules.sample_state(obs, seed=100 + k)
        assert rules.observe(other, seat) == obs
        assert rules.legal_moves(other) == legal
        if other.piles == state.piles:
            continue
        settings: dict[str, object] = dict(HALVING) if method.startswith("halving") else {}
        if method == "halving-reach":
            settings["reach"] = 1.0
        if method == "halving-draw-end":
            settings.update(reach=1.0, draw_end=2.0, draw_score=0.3)
        if method == "tree-unblock":
            settings["unblock"] = "all"
        if method == "halving-unblock":
            settings.update(reach=1.0, unblock="all")
        if method == "halving-unblock-first":
            settings.update(reach=1.0, unblock="first")
        if method == "tree-unblock-mine":
            settings["unblock"] = "mine"
        if method == "halving-unblock-mine":
            settings.update(reach=1.0, unblock="mine")
        seen = tiny(5, **settings).choose(rules, obs, legal)
        assert tiny(5, **settings).choose(rules, rules.observe(other, seat), legal) == seen
        compared += 1
    assert compared, "no sample differed from the true state"


class Spy:
    """Wraps the search agent and checks what it is shown."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.inner = tiny(seat)
        self.calls = 0

    def choose(self, rules: Rules, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        assert type(observation) is Observation
        assert observation.player == self.seat == observation.to_move
        self.calls += 1
        move = self.inner.choose(rules, observation, legal_moves)
        assert move in legal_moves
        return move


def test_plays_legal_moves_from_its_own_observation() -> None:
    spies = [Spy(0), Spy(1)]
    record = zank.play(SMALL, spies, seed=12, max_moves=300)
    assert sum(s.calls for s in spies) == len(record.moves)


# ------------------------------------------------------------------ budgets
def counted(agent: SearchAgent, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the agent's rollouts (one per search)."""
    calls = [0]
    inner = agent._rollout

    def rollout(rules: Rules, state: State, me: int | None = None) -> list[float]:
        calls[0] += 1
        return inner(rules, state, me=me)

    monkeypatch.setattr(agent, "_rollout", rollout)
    return calls


def a_choice() -> tuple[Observation, tuple[Move, ...]]:
    state = a_position(SMALL, seed=3, steps=0)
    return SMALL.observe(state, state.to_move or 0), SMALL.legal_moves(state)


@pytest.mark.parametrize("iterations", [1, 10, 40])
def test_iterations_are_spread_over_the_legal_moves(
    iterations: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    obs, legal = a_choice()
    assert len(legal) > 1
    agent = SearchAgent(1, iterations=iterations, max_moves=2)
    calls = counted(agent, monkeypatch)
    agent.choose(SMALL, obs, legal)
    assert calls[0] == max(1, iterations // len(legal)) * len(legal)


@pytest.mark.parametrize("iterations", [1, 10, 40, 400])
def test_halving_spends_its_iterations_on_the_moves_in_the_running(
    iterations: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each round gives every move still in the running the same worlds, at
    least one: at most ``iterations`` rollouts plus one world a move a round."""
    obs, legal = a_choice()
    k = len(legal)
    assert k > 2
    agent = SearchAgent(1, iterations=iterations, max_moves=2, method="halving")
    calls = counted(agent, monkeypatch)
    agent.choose(SMALL, obs, legal)
    rounds = math.ceil(math.log2(k))
    assert k <= calls[0] <= max(iterations, k) + rounds * k
    if iterations >= 4 * rounds * k:
        assert calls[0] >= iterations // 2


def test_halving_keeps_to_its_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    obs, legal = a_choice()
    agent = SearchAgent(1, iterations=10_000, max_moves=2, seconds=1e-9, method="halving")
    calls = counted(agent, monkeypatch)
    agent.choose(SMALL, obs, legal)
    assert calls[0] == len(legal)


def test_confidence_keeps_the_greedy_choice_unless_the_search_is_sure() -> None:
    """With a confidence no lead can clear, the halving search plays the
    greedy policy's move at every decision."""
    state = SMALL.new_game(seed=21)
    policy = zank.agents.greedy_policy_of(SMALL)
    choices = 0
    for _ in range(60):
        if state.outcome is not None:
            break
        seat = state.to_move
        assert seat is not None
        obs, legal = SMALL.observe(state, seat), SMALL.legal_moves(state)
        sure = SearchAgent(3, iterations=24, turns=1, method="halving", confidence=1e9)
        move = sure.choose(SMALL, obs, legal)
        if len(legal) > 1:  # the agent's first draw from its generator is the policy's
            assert move == policy(SMALL, obs, legal, Rng(3))
            choices += 1
        state = SMALL.apply(state, move)
    assert choices > 10


def test_goal_first_plays_the_pay_off_card_without_searching(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = SMALL.setup(
        piles={"build1": "Ah 2h", "p0.pay": "Kc 3s", "p0.hand": "4d 5d 9c", "p1.pay": "7c"},
        to_move=0,
    )
    obs, legal = SMALL.observe(state, 0), SMALL.legal_moves(state)
    assert len(legal) > 1
    agent = SearchAgent(1, iterations=40, max_moves=4, goal_first=True)
    calls = counted(agent, monkeypatch)
    assert agent.choose(SMALL, obs, legal).text == "p-b1"
    assert calls[0] == 0
    plain = SearchAgent(1, iterations=40, max_moves=4)
    counted_plain = counted(plain, monkeypatch)
    plain.choose(SMALL, obs, legal)
    assert counted_plain[0] > 0


def test_the_hard_level_keeps_the_tree_where_the_layout_has_no_goal_pile() -> None:
    """In the family (no pay-off pile) ``search:hard`` plays as the tree
    search of its ``without_goal`` settings; at Spite and Malice it halves."""
    rules = zank.variant("zank-detailed")
    state = a_position(rules, seed=4, steps=12)
    seat = state.to_move
    assert seat is not None
    assert state.outcome is None
    obs, legal = rules.observe(state, seat), rules.legal_moves(state)
    fallback = LEVELS["hard"].without_goal
    assert fallback is not None
    assert fallback.method == "tree"
    plain = SearchAgent(
        6, iterations=fallback.iterations, max_moves=fallback.max_moves, prior=fallback.prior
    )
    assert SearchAgent.level("hard", 6).choose(rules, obs, legal) == plain.choose(rules, obs, legal)
    assert LEVELS["hard"].method == "halving"
    assert SearchAgent.level("hard", 6)._has_goal(SMALL, 2)
    assert not SearchAgent.level("hard", 6)._has_goal(rules, 2)


def test_a_rollout_in_turns_stops_when_the_turns_have_begun() -> None:
    state = a_position(SMALL, seed=5, steps=10)
    for turns in (1, 2, 3):
        agent = SearchAgent(1, turns=turns, method="halving")
        end = agent._play_turns(SMALL, state)
        assert end.outcome is not None or end.turn == state.turn + turns
        capped = SearchAgent(1, turns=turns, max_moves=1, method="halving")
        assert capped._play_turns(SMALL, state).ply == state.ply + 1


def test_a_time_budget_stops_after_the_first_world(monkeypatch: pytest.MonkeyPatch) -> None:
    obs, legal = a_choice()
    agent = SearchAgent(1, iterations=10_000, max_moves=2, seconds=1e-9)
    calls = counted(agent, monkeypatch)
    agent.choose(SMALL, obs, legal)
    assert calls[0] == len(legal)


def test_a_single_legal_move_costs_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    obs, legal = a_choice()
    agent = tiny(1)
    calls = counted(agent, monkeypatch)
    assert agent.choose(SMALL, obs, legal[:1]) == legal[0]
    assert calls[0] == 0


@pytest.mark.parametrize(
    "settings",
    [
        {"iterations": 0},
        {"iterations": True},
        {"max_moves": -1},
        {"seconds": 0},
        {"rollout": "smart"},
        {"scale": 0.0},
        {"method": "minimax"},
        {"turns": -1},
        {"turns": 1.5},
        {"confidence": -1},
        {"reach": -0.5},
        {"reach": "much"},
        {"draw_end": -1.0},
        {"draw_end": "soon"},
        {"draw_score": 1.5},
        {"draw_score": -0.1},
        {"draw_score": "half"},
        {"unblock": "yes"},
        {"unblock": True},
        {"unblock": ["all"]},
        {"unblock": "Mine"},
        {"unblock": "ours"},
    ],
)
def test_bad_settings_are_refused(settings: dict[str, object]) -> None:
    with pytest.raises(OptionError):
        SearchAgent(1, **settings)  # type: ignore[arg-type]


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(OptionError, match="the levels: easy, medium, hard"):
        SearchAgent.level("grandmaster")


# --------------------------------------------------------------- evaluation
def test_goal_weights_come_from_the_layout() -> None:
    assert goal_weights(SMALL, 3) == {"pay-off": 1.0}
    detailed = goal_weights(zank.variant("zank-detailed"), 2)
    assert set(detailed) == {"reserve", "hand", "turned", "discard"}
    assert detailed["reserve"] > detailed["hand"]


def test_leaf_values_score_the_end_and_the_cards_left() -> None:
    rules = zank.variant("zank-detailed")
    state = rules.new_game(seed=1)
    weights = goal_weights(rules, 2)
    assert left_to_go(rules, state, weights) == left_to_go(rules, rules.observe(state, 0), weights)
    assert leaf_values(rules, state, weights) == [0.5, 0.5]
    record = zank.play(SMALL, [GreedyAgent(1), GreedyAgent(2)], seed=6)
    final = list(zank.replay(record))[-1]
    values = leaf_values(SMALL, final, goal_weights(SMALL, 2))
    assert record.result is not None
    assert record.result.winner is not None
    assert values[record.result.winner] == 1.0
    assert sum(values) == 1.0


def test_leaf_values_favour_the_seat_with_fewer_cards_left() -> None:
    state = SMALL.setup(piles={"p0.pay": "5h", "p1.pay": "2c 3c 4c 5c 6c"}, to_move=0)
    values = leaf_values(SMALL, state, goal_weights(SMALL, 2))
    assert values[0] > 0.5 > values[1]
    assert values[0] + values[1] == pytest.approx(1.0)


def test_evaluate_gives_each_seat_a_chance_and_its_sample_size() -> None:
    state = SMALL.new_game(seed=5)
    evaluation = tiny(1).evaluate(SMALL, SMALL.observe(state, 0), samples=6)
    assert evaluation.samples == 6
    assert len(evaluation.values) == 2
    assert all(0.0 <= v <= 1.0 for v in evaluation.values)
    assert sum(evaluation.values) == pytest.approx(1.0)
    with pytest.raises(OptionError):
        tiny(1).evaluate(SMALL, SMALL.observe(state, 0), samples=0)


def test_evaluate_reads_no_hidden_card_of_an_observation_but_every_card_of_a_state() -> None:
    """From an observation the estimate is the same whatever the hidden cards
    are; from a state it is seeded alike, so the same state gives the same one."""
    state = a_position(SMALL, seed=8, steps=30)
    obs = SMALL.observe(state, 0)
    other = SMALL.sample_state(obs, seed=3)
    assert other.piles != state.piles
    assert tiny(2).evaluate(SMALL, obs, 5) == tiny(2).evaluate(SMALL, SMALL.observe(other, 0), 5)
    assert tiny(2).evaluate(SMALL, state, 5) == tiny(2).evaluate(SMALL, state, 5)
    won = SMALL.setup(piles={"p0.pay": "Ah", "p1.pay": "2c 3c"}, to_move=0)
    assert tiny(1).evaluate(SMALL, won, 3).values == (1.0, 0.0)


# ------------------------------------------------------------------- by name
def test_the_levels_are_agents_by_name() -> None:
    for level in LEVELS:
        agent = agent_factory(f"search:{level}", imports=False)(7)
        assert isinstance(agent, SearchAgent)
        assert f"search:{level}" in AGENTS


def test_simulate_runs_a_level_by_name() -> None:
    sim = run(SMALL, ["search:easy", "random"], games=2, seed=1, rotate=True)
    assert len(sim.games) == 2
    assert {g.agents for g in sim.games} == {("search:easy", "random"), ("random", "search:easy")}


def test_the_command_line_accepts_a_level(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "spite-and-malice", "--option", "pay_off_size=5", "--games", "1"]
    status = main([*args, "--agents", "search:easy,random"])
    assert status == 0
    assert "agent search:easy" in capsys.readouterr().out


def test_a_level_needs_a_greedy_policy() -> None:
    from zank.simulate import check_agents

    from .test_play import Unregistered

    with pytest.raises(ZankError, match="no greedy agent"):
        check_agents(Unregistered(), ["search:hard", "random"])


# ------------------------------------------------------------- rollouts
@pytest.mark.parametrize("name", ["zank-104", "zank-detailed"])
def test_a_rollout_with_a_policy_plays_what_playouts_plays(name: str) -> None:
    """The search's own rollout loop (for a greedy policy's twin) is the loop
    of ``rules.playouts``: with the greedy policy itself it reaches the same
    position from the same seed."""
    from zank.agents import greedy_policy_of
    from zank.agents.search import _playout

    rules = zank.variant(name)
    for seed in range(3):
        state = a_position(rules, seed=seed, steps=30 * seed)
        for moves in (1, 20):
            out = rules.playouts(
                state, 1, policy="greedy", seed=seed + 9, max_moves=moves, keep_finals=True
            )
            assert out.finals is not None
            policies = [greedy_policy_of(rules)] * state.players
            mine = _playout(rules, state, policies, seed + 9, moves)
            assert mine == out.finals[0]
            assert mine.ply == state.ply + out.lengths[0]


def test_zank104_rollouts_play_the_greedy_policys_twin(monkeypatch: pytest.MonkeyPatch) -> None:
    """zank-104's greedy policy names a cheaper twin (``rollout``): a search's
    greedy rollouts play it, its prior and first tries the policy itself;
    a variant whose policy names none rolls out with the policy."""
    from zank import _policy
    from zank.agents.base import greedy_policy_of
    from zank.agents.search import ROLLOUT_ATTRIBUTE, _twin
    from zank.family import greedy_zank104 as g

    def _rollout_twin(rules: Rules) -> object:
        return _twin(greedy_policy_of(rules), ROLLOUT_ATTRIBUTE)

    rules = zank.variant("zank-104")
    assert _rollout_twin(rules) is g.zank104_rollout_policy
    assert _rollout_twin(SMALL) is None
    assert _rollout_twin(zank.variant("zank-detailed")) is None
    calls = [0, 0]

    def twin(*args: object) -> Move:
        calls[0] += 1
        return g.zank104_rollout_policy(*args)  # type: ignore[arg-type]

    def policy(*args: object) -> Move:
        calls[1] += 1
        return g.zank104_policy(*args)  # type: ignore[arg-type]

    policy.rollout = twin  # type: ignore[attr-defined]
    # load_policy keeps the policies it loaded by their path
    monkeypatch.setitem(_policy._loaded, "zank.family.greedy_zank104:zank104_policy", policy)
    state = a_position(rules, seed=2, steps=40)
    seat = state.to_move
    assert seat is not None
    SearchAgent(1, iterations=6, max_moves=6).choose(
        rules, rules.observe(state, seat), rules.legal_moves(state)
    )
    assert calls[0] > 0
    assert calls[1] > 0


# ------------------------------------------------------- the pay-off card in reach
def test_pay_off_reach_scores_a_pay_off_card_the_seat_can_play() -> None:
    """The seat to move can play its 5 on the pile that needs a 5 (1); the
    other seat's 9 is out of reach (0); a chain from the hand counts, a wild
    card in it less."""
    far, other = "2c 3c Tc Jc Qc", "2d 3d Td Jd Qd"  # no 5 to 8, no ace, no wild card
    state = SMALL.setup(
        piles={"build1": "Ah 2h 3h 4h", "p0.pay": "Kc 5s", "p0.hand": far, "p1.pay": "9c"}
        | {"p1.hand": other},
        to_move=0,
        seed=1,
    )
    assert pay_off_reach(SMALL, state) == [1.0, 0.0]
    assert pay_off_reach(SMALL, state, 2.0) == [2.0, 0.0]
    chain = SMALL.setup(
        piles={"build1": "Ah 2h 3h 4h", "p0.pay": "9c", "p0.hand": far}
        | {"p1.pay": "7c", "p1.hand": "5d 6d"},
        to_move=0,
        seed=1,
    )
    assert pay_off_reach(SMALL, chain) == [0.0, 0.5]  # not the seat to move: half
    wild = SMALL.setup(
        piles={"build1": "Ah 2h 3h 4h", "p0.pay": "7c", "p0.hand": "5d Kd"}
        | {"p1.pay": "9c", "p1.hand": other},
        to_move=0,
        seed=1,
    )
    kings = pay_off_reach(SMALL, wild)
    assert kings == [0.75, 0.0]  # one king in the chain


def test_pay_off_reach_is_for_spite_and_malice_games_still_running() -> None:
    detailed = zank.variant("zank-detailed")
    assert pay_off_reach(detailed, detailed.new_game(seed=1)) is None
    record = zank.play(SMALL, [GreedyAgent(1), GreedyAgent(2)], seed=6)
    final = list(zank.replay(record))[-1]
    assert pay_off_reach(SMALL, final) is None


def test_the_reach_comes_from_the_greedy_policy() -> None:
    """Spite and Malice's policy names its planner's reach; the search asks
    the policy, not the variant; the planner refuses other rules."""
    from zank.agents import greedy_policy_of
    from zank.agents.search import REACH_ATTRIBUTE
    from zank.agents.spite import pay_off_reach as planner_reach

    assert getattr(greedy_policy_of(SMALL), REACH_ATTRIBUTE) is planner_reach
    detailed = zank.variant("zank-detailed")
    assert getattr(greedy_policy_of(detailed), REACH_ATTRIBUTE, None) is None
    with pytest.raises(TypeError):
        planner_reach(detailed, detailed.new_game(seed=1))
    assert pay_off_reach(zank.variant("zank"), zank.variant("zank").new_game(seed=1)) is None


def test_leaf_values_take_off_what_a_seat_is_ahead() -> None:
    state = SMALL.setup(piles={"p0.pay": "5h 6h", "p1.pay": "2c 3c"}, to_move=0, seed=1)
    weights = goal_weights(SMALL, 2)
    assert leaf_values(SMALL, state, weights) == [0.5, 0.5]
    ahead = leaf_values(SMALL, state, weights, ahead=[1.0, 0.0])
    assert ahead[0] > 0.5 > ahead[1]
    assert ahead[0] + ahead[1] == pytest.approx(1.0)


def test_the_hard_level_weighs_the_pay_off_card_in_reach_only_at_spite_and_malice() -> None:
    assert LEVELS["hard"].reach > 0
    fallback = LEVELS["hard"].without_goal
    assert fallback is not None
    assert fallback.reach == 0
    assert SearchAgent.level("hard", 1).reach == LEVELS["hard"].reach
    assert LEVELS["easy"].reach == LEVELS["medium"].reach == 0


def test_reach_changes_the_leaf_score_of_a_rollout() -> None:
    state = SMALL.setup(
        piles={"build1": "Ah 2h 3h 4h", "p0.pay": "Kc 5s", "p1.pay": "9c Qs"}
        | {"p0.hand": "2c 3c Tc Jc Qc", "p1.hand": "2d 3d Td Jd Qd"},
        to_move=0,
        seed=1,
    )
    plain = SearchAgent(1, max_moves=0)._rollout(SMALL, state)
    reach = SearchAgent(1, max_moves=0, reach=1.0)._rollout(SMALL, state)
    assert plain == [0.5, 0.5]
    assert reach[0] > 0.5 > reach[1]


# ------------------------------------------------------- the end of the draw pile
def near_the_end(draw: str = "2d 3d 4d 5d 6d 7d") -> State:
    """Seat 0 has 2 pay-off cards left, seat 1 has 4; the draw pile ``draw``
    (the cards not named lie on a side stack of seat 0)."""
    piles = {"p0.pay": "5h 6h", "p1.pay": "2c 3c 4c 9c", "draw": draw, "p0.side1": "..."}
    return SMALL.setup(piles=piles, to_move=0, seed=1)


def test_draw_pile_end_weighs_the_leaders_cards_left_against_the_draw_pile() -> None:
    """m = 2 (seat 0's pay-off cards), d = 6 cards to draw: 2 / 8."""
    state = near_the_end()
    weights = goal_weights(SMALL, 2)
    assert draw_pile_end(SMALL, state, weights) == pytest.approx(0.25)
    assert draw_pile_end(SMALL, state, weights, 2.0) == pytest.approx(0.5)
    assert draw_pile_end(SMALL, state, weights, 8.0) == 1.0  # at most 1
    assert draw_pile_end(SMALL, state, weights, ahead=[1.0, 0.0]) == pytest.approx(1 / 7)
    assert draw_pile_end(SMALL, state, weights, ahead=[2.0, 0.0]) == 0.0  # the leader is out
    assert draw_pile_end(SMALL, SMALL.observe(state, 1), weights) == pytest.approx(0.25)
    longer = near_the_end("2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd 2s 3s 4s")
    assert draw_pile_end(SMALL, longer, weights) == pytest.approx(2 / 16)
    default = zank.variant("spite-and-malice")
    at_deal = draw_pile_end(default, default.new_game(seed=1), goal_weights(default, 2))
    assert at_deal == pytest.approx(20 / 74)  # 20 pay-off cards each, 54 to draw


def test_draw_pile_end_is_for_games_with_a_draw_pile_still_running() -> None:
    detailed = zank.variant("zank-detailed")
    weights = goal_weights(detailed, 2)
    assert draw_pile_end(detailed, detailed.new_game(seed=1), weights) is None
    record = zank.play(SMALL, [GreedyAgent(1), GreedyAgent(2)], seed=6)
    final = list(zank.replay(record))[-1]
    assert draw_pile_end(SMALL, final, goal_weights(SMALL, 2)) is None


def test_leaf_values_move_a_share_of_the_way_to_the_draw() -> None:
    state = near_the_end()
    weights = goal_weights(SMALL, 2)
    plain = leaf_values(SMALL, state, weights)
    assert plain[0] > 0.5 > plain[1]
    half = leaf_values(SMALL, state, weights, toward_draw=0.25)
    assert half == pytest.approx([0.75 * v + 0.25 * 0.5 for v in plain])
    scorned = leaf_values(SMALL, state, weights, toward_draw=1.0, drawn=0.2)
    assert scorned == pytest.approx([0.2, 0.2])


def a_drawn_game() -> State:
    """The end of a greedy game at the defaults that the draw pile ended."""
    rules = zank.variant("spite-and-malice")
    record = zank.play(rules, [GreedyAgent(12004 * 64), GreedyAgent(12004 * 64 + 1)], seed=12004)
    assert record.result is not None
    assert record.result.winner is None
    return list(zank.replay(record))[-1]


def test_a_drawn_game_scores_draw_score_in_the_search_and_half_in_evaluate() -> None:
    final = a_drawn_game()
    rules = zank.variant("spite-and-malice")
    agent = SearchAgent(1, max_moves=0, draw_score=0.2)
    assert agent._rollout(rules, final) == [0.2, 0.2]
    assert agent.evaluate(rules, final, samples=2).values == (0.5, 0.5)
    assert SearchAgent(1, max_moves=0)._rollout(rules, final) == [0.5, 0.5]


def test_draw_end_changes_the_leaf_score_of_a_rollout() -> None:
    state = near_the_end()
    plain = SearchAgent(1, max_moves=0)._rollout(SMALL, state)
    toward = SearchAgent(1, max_moves=0, draw_end=2.0)._rollout(SMALL, state)
    assert plain[0] > toward[0] > 0.5 > toward[1] > plain[1]
    assert toward[0] == pytest.approx(0.5 * plain[0] + 0.25)
    scorned = SearchAgent(1, max_moves=0, draw_end=2.0, draw_score=0.0)._rollout(SMALL, state)
    assert scorned == pytest.approx([0.5 * v for v in plain])


def test_draw_end_plays_the_same_game_from_the_same_seed() -> None:
    settings = {**HALVING, "reach": 1.0, "draw_end": 1.0, "draw_score": 0.3}

    def game(seed: int) -> tuple[str, ...]:
        return zank.play(SMALL, [tiny(seed, **settings), GreedyAgent(9)], seed=4).moves

    assert game(3) == game(3)


def test_a_level_hands_on_its_draw_settings() -> None:
    from zank.agents.search import SearchLevel

    settings = SearchLevel(iterations=8, max_moves=0, prior=0.0, draw_end=1.5, draw_score=0.25)
    agent = SearchAgent._of(settings, 1)
    assert (agent.draw_end, agent.draw_score) == (1.5, 0.25)
    hard = SearchAgent.level("hard", 1)
    assert (hard.draw_end, hard.draw_score) == (LEVELS["hard"].draw_end, LEVELS["hard"].draw_score)


# ------------------------------------------------------- the unblocking policy
def test_unblock_chooses_the_policy_of_the_rollouts_and_of_the_start() -> None:
    """``unblock`` picks the greedy policy's unblocking twin for the rollouts
    (``"rollouts"``) and also for the move the search starts from (``"all"``);
    a policy without such a twin (zank-104's) keeps its rollout twin."""
    from zank.agents.spite import spite_and_malice_greedy, spite_and_malice_unblock
    from zank.family.greedy_zank104 import zank104_policy, zank104_rollout_policy

    off, rollouts, every = (SearchAgent(1, unblock=u) for u in ("off", "rollouts", "all"))
    first = SearchAgent(1, unblock="first")._rollout_policies(SMALL, 2, 0)
    assert first[0] is spite_and_malice_unblock
    assert SearchAgent(1, unblock="first")._base(SMALL) is spite_and_malice_greedy
    assert off._rollout_policies(SMALL, 2, 0)[0] is spite_and_malice_greedy
    assert off._base(SMALL) is spite_and_malice_greedy
    assert rollouts._rollout_policies(SMALL, 2, 0)[0] is spite_and_malice_unblock
    assert rollouts._base(SMALL) is spite_and_malice_greedy
    assert every._rollout_policies(SMALL, 2, 0)[0] is spite_and_malice_unblock
    assert every._base(SMALL) is spite_and_malice_unblock
    z104 = zank.variant("zank-104")
    assert every._rollout_policies(z104, 2, 0)[0] is zank104_rollout_policy
    assert every._base(z104) is zank104_policy


def test_unblock_is_refused_with_its_settings_named() -> None:
    with pytest.raises(
        ZankError, match="unblock must be one of off, rollouts, first, all, mine, not 'yes'"
    ):
        SearchAgent(1, unblock="yes")


@pytest.mark.parametrize("unblock", ["rollouts", "first", "all", "mine"])
def test_unblock_plays_the_same_game_from_the_same_seed(unblock: str) -> None:
    settings = {**HALVING, "reach": 1.0, "unblock": unblock}

    def game(seed: int) -> tuple[str, ...]:
        return zank.play(SMALL, [tiny(seed, **settings), GreedyAgent(9)], seed=4).moves

    assert game(3) == game(3)


def test_unblock_changes_what_the_rollouts_play() -> None:
    """From the same position and generator, a rollout of the unblocking policy
    and one of the greedy policy part where a seat is blocked."""
    rules = zank.variant("spite-and-malice")
    parted = 0
    for seed in range(8):
        state = rules.new_game(seed=seed)
        greedy, unblock = (SearchAgent(1, max_moves=400, unblock=u) for u in ("off", "rollouts"))
        greedy._roll, unblock._roll = Rng(seed), Rng(seed)
        ends = greedy._rollout(rules, state), unblock._rollout(rules, state)
        parted += ends[0] != ends[1]
    assert parted > 0


def test_unblock_mine_unblocks_in_the_searching_seat_only() -> None:
    """With ``unblock="mine"`` the rollouts play the unblocking twin in the
    searching seat and the greedy policy in the others (every seat when there
    is no searching seat); the search starts from the greedy policy."""
    from zank.agents.spite import spite_and_malice_greedy, spite_and_malice_unblock
    from zank.family.greedy_zank104 import zank104_rollout_policy

    greedy, unblock = spite_and_malice_greedy, spite_and_malice_unblock
    mine = SearchAgent(1, unblock="mine")
    assert mine._rollout_policies(SMALL, 2, 0) == [unblock, greedy]
    assert mine._rollout_policies(SMALL, 3, 1) == [greedy, unblock, greedy]
    assert mine._rollout_policies(SMALL, 2, None) == [greedy, greedy]
    assert mine._base(SMALL) is greedy
    rollouts = SearchAgent(1, unblock="rollouts")
    assert rollouts._rollout_policies(SMALL, 2, 0) == [unblock, unblock]
    z104 = zank.variant("zank-104")
    assert mine._rollout_policies(z104, 2, 0) == [zank104_rollout_policy] * 2


@pytest.mark.parametrize("turns", [0, 200])
def test_unblock_mine_rollouts_differ_from_both_other_ways(turns: int) -> None:
    """From the same position and generator, rollouts where only seat 0
    unblocks part from those where no seat does and from those where both do
    (by :meth:`~zank.core.Rules.playouts`' loop, and move by move with ``turns``)."""
    rules = zank.variant("spite-and-malice")
    from_off = from_both = 0
    for seed in range(12):
        state = rules.new_game(seed=seed)
        ends = []
        for u in ("off", "rollouts", "mine"):
            agent = SearchAgent(1, max_moves=400, turns=turns, unblock=u)
            agent._roll = Rng(seed)
            ends.append(agent._rollout(rules, state, me=0))
        from_off += ends[2] != ends[0]
        from_both += ends[2] != ends[1]
    assert from_off > 0
    assert from_both > 0


def test_a_level_hands_on_its_unblock_setting() -> None:
    from zank.agents.search import SearchLevel

    settings = SearchLevel(iterations=8, max_moves=0, prior=0.0, unblock="rollouts")
    assert SearchAgent._of(settings, 1).unblock == "rollouts"
    assert SearchAgent.level("hard", 1).unblock == LEVELS["hard"].unblock


def test_unblock_first_plays_the_unblocking_move_without_a_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A blocked seat whose unblocking twin completes a pile with a king: with
    ``unblock="first"`` that move is played and no world is searched; where
    the twin plays the greedy move, the search decides."""
    from zank.spite_malice import SpiteAndMalice

    from .test_agents_spite_unblock import FULL
    from .test_spite_malice import DEFAULT, position

    blocked = position(DEFAULT, {**FULL, "p0.pay": "Qs 3d", "p0.hand": "Kd Ac 2c 9h 9d"})
    free = position(DEFAULT, {**FULL, "p0.pay": "Qs 9c", "p0.hand": "Kd 9h 9d 8c 2c"})
    worlds = []
    real = SpiteAndMalice.sample_state

    def counted(self: SpiteAndMalice, observation: Observation, seed: int | None = None) -> State:
        worlds.append(seed)
        return real(self, observation, seed=seed)

    monkeypatch.setattr(SpiteAndMalice, "sample_state", counted)
    agent = tiny(1, iterations=8, method="halving", turns=2, unblock="first")
    move = agent.choose(DEFAULT, DEFAULT.observe(blocked, 0), DEFAULT.legal_moves(blocked))
    assert move.text == "k-b1"
    assert worlds == []
    agent.choose(DEFAULT, DEFAULT.observe(free, 0), DEFAULT.legal_moves(free))
    assert worlds
