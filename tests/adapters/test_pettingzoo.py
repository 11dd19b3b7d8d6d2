"""The PettingZoo AEC environment: PettingZoo's own API and seed tests, for every variant."""

from __future__ import annotations

from typing import Any

import pytest

import zank
from zank.core import Rules

from ..strategies import all_presets, player_counts, preset_id

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
zpz = pytest.importorskip("zank.adapters.pettingzoo")
pz_test = pytest.importorskip("pettingzoo.test")

CASES = [
    pytest.param(rules, players, id=f"{preset_id(rules)}-{players}p")
    for rules in all_presets()
    for players in player_counts(rules)
]

# PettingZoo's checks warn that a dict observation "probably should be" a Box.
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize(("rules", "players"), CASES)
def test_api_test(rules: Rules, players: int) -> None:
    pz_test.api_test(zpz.ZankEnv(rules, players), num_cycles=200)


@pytest.mark.slow  # a seeded quarter of the cases (tests/conftest.py)
@pytest.mark.parametrize(("rules", "players"), CASES)
def test_seed_test(rules: Rules, players: int) -> None:
    pz_test.seed_test(lambda: zpz.ZankEnv(rules, players), num_cycles=200)


def first_legal(observation: dict[str, Any]) -> int:
    return int(np.flatnonzero(observation["action_mask"])[0])


def play_out(env: Any, seed: int) -> list[tuple[str, float, dict[str, Any]]]:
    """Play a whole game choosing random legal actions; return the final (agent, reward, info)."""
    rnd = np.random.default_rng(seed)
    env.reset(seed=seed)
    finals = []
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            finals.append((agent, reward, info))
            env.step(None)
            continue
        seat = env.possible_agents.index(agent)
        assert env.game_state.to_move == seat  # the agent to act is read from the state
        legal = np.flatnonzero(observation["action_mask"])
        assert sorted(legal.tolist()) == sorted(
            m.action for m in env.rules.legal_moves(env.game_state)
        )
        env.step(int(rnd.choice(legal)))
    return finals


@pytest.mark.slow  # a seeded quarter of the cases (tests/conftest.py)
@pytest.mark.parametrize(("rules", "players"), CASES)
def test_whole_game_rewards_and_points(rules: Rules, players: int) -> None:
    env = zpz.ZankEnv(rules, players)
    finals = play_out(env, seed=4)
    result = env.game_state.outcome
    assert result is not None
    assert sorted(agent for agent, _, _ in finals) == sorted(env.possible_agents)
    for agent, reward, info in finals:
        seat = env.possible_agents.index(agent)
        lose = -1.0 / (players - 1)
        want = 0.0 if result.winner is None else (1.0 if seat == result.winner else lose)
        assert reward == pytest.approx(want)
        assert info["points"] == result.points
        assert info["winner"] == result.winner
        assert info["reason"] == result.reason.value
    assert env.agents == []


def test_reset_is_deterministic_and_seeds_the_next_episodes() -> None:
    a, b = zpz.ZankEnv("spite-and-malice"), zpz.ZankEnv("spite-and-malice")
    a.reset(seed=123)
    b.reset(seed=123)
    assert a.game_state == b.game_state == a.rules.new_game(seed=123)
    a.reset()
    b.reset()
    assert a.game_state == b.game_state
    a.reset(seed=124)
    assert a.game_state != b.game_state


def test_only_the_agent_to_act_has_a_mask() -> None:
    env = zpz.ZankEnv("spite-and-malice", 3)
    env.reset(seed=9)
    acting = env.agent_selection
    for agent in env.possible_agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.dtype == np.int8
        assert mask.shape == (env.rules.action_space,)
        assert (mask.sum() > 0) == (agent == acting)


def test_a_turn_spans_many_moves() -> None:
    env = zpz.ZankEnv("spite-and-malice")
    env.reset(seed=2)
    # play from the hand onto the centre while possible: the same agent keeps acting
    agent = env.agent_selection
    plays = [m for m in env.rules.legal_moves(env.game_state) if m.kind == 0]
    if not plays:
        pytest.skip("no centre play at the start of this deal")
    env.step(plays[0].action)
    assert env.agent_selection == agent


def test_illegal_action_raises() -> None:
    env = zpz.ZankEnv("spite-and-malice")
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(zank.IllegalMove):
        env.step(illegal)


def test_max_plies_truncates() -> None:
    env = zpz.ZankEnv("spite-and-malice", max_plies=3)
    env.reset(seed=1)
    steps = 0
    for _agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated
            env.step(None)
            continue
        env.step(first_legal(observation))
        steps += 1
    assert steps == 3


def test_render_and_options() -> None:
    env = zpz.env("spite-and-malice", 2, render_mode="ansi", pay_off_size=5)
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str)
    assert "p0.pay" in text
    assert env.rules.pay_off_size == 5
    with pytest.raises(TypeError):
        zpz.ZankEnv(zank.variant("spite-and-malice"), pay_off_size=5)
    with pytest.raises(zank.OptionError, match="render_mode"):
        zpz.ZankEnv("spite-and-malice", render_mode="rgb_array")


@pytest.mark.parametrize("variant", sorted(zank.VARIANTS))
def test_render_test(variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's own ``render_test``: every render mode, ``"human"`` included."""
    pz_test.render_test(lambda render_mode=None: zpz.ZankEnv(variant, render_mode=render_mode))
    assert "as seen by player_" in capsys.readouterr().out  # "human" printed the table


def test_human_render_prints_what_ansi_returns(capsys: pytest.CaptureFixture[str]) -> None:
    human = zpz.ZankEnv("spite-and-malice", render_mode="human")
    ansi = zpz.ZankEnv("spite-and-malice", render_mode="ansi")
    human.reset(seed=3)
    ansi.reset(seed=3)
    assert human.render() is None
    assert capsys.readouterr().out == ansi.render() + "\n"


def test_every_variant_has_its_own_environment_name() -> None:
    names = {zpz.ZankEnv(v).metadata["name"] for v in zank.VARIANTS}
    assert len(names) == len(zank.VARIANTS)
    assert zpz.ZankEnv("spite-and-malice").metadata["name"] == "zank_spite_and_malice_v0"
    assert zpz.env_name("zank-104") == "zank_zank_104_v0"
    assert zpz.ZankEnv.metadata["name"] == "zank_v0"  # the class's own is untouched


def test_returns_at_three_seats_are_those_of_the_openspiel_adapter() -> None:
    """One convention for both adapters: +1 for the winner, -1/(P-1) for the others."""
    conventions = pytest.importorskip("zank.adapters.conventions")
    rules = zank.variant("spite-and-malice", pay_off_size=1)
    won = 0
    for seed in range(12):
        env = zpz.ZankEnv(rules, 3)
        finals = play_out(env, seed)
        result = env.game_state.outcome
        final = {a: r for a, r, _ in finals}
        rewards = [final[agent] for agent in env.possible_agents]
        assert rewards == conventions.seat_returns(result.winner, 3)
        assert sum(rewards) == pytest.approx(0.0)
        won += result.winner is not None
    assert won  # some game had a winner: -0.5 for each loser
    assert conventions.seat_returns(0, 3) == [1.0, -0.5, -0.5]
    ospiel = pytest.importorskip("zank.adapters.openspiel")
    game = ospiel.load_game(rules, 3)
    won = 0
    for seed in range(12):
        state = game.new_initial_state()
        rnd = np.random.default_rng(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rnd.integers(0, len(outcomes))][0])
            else:
                state.apply_action(int(rnd.choice(state.legal_actions())))
        result = state.result()
        assert state.returns() == conventions.seat_returns(result.winner, 3)
        won += result.winner is not None
    assert won


@pytest.mark.parametrize("variant", sorted(zank.VARIANTS))
def test_the_default_length_bound_is_the_openspiel_adapters(variant: str) -> None:
    conventions = pytest.importorskip("zank.adapters.conventions")
    rules = zank.variant(variant)
    env = zpz.ZankEnv(variant)
    assert env.max_plies == conventions.default_max_plies(rules, 2)
    assert 0 < env.max_plies <= conventions.MAX_BOUND
    if conventions.rules_max_plies(rules, 2) is None:
        assert env.max_plies == conventions.DEFAULT_MAX_PLIES
    ospiel = pytest.importorskip("zank.adapters.openspiel")
    assert ospiel.load_game(rules).max_game_length() == env.max_plies


@pytest.mark.parametrize("variant", ["zank-104", "spite-and-malice"])
def test_a_random_episode_ends_within_the_bound(variant: str) -> None:
    """A game ends by its rules, never by truncation, well inside the bound."""
    env = zpz.ZankEnv(variant)
    env.reset(seed=4)
    rnd = np.random.default_rng(4)
    for _agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert terminated
            assert not truncated
            env.step(None)
            continue
        env.step(int(rnd.choice(np.flatnonzero(observation["action_mask"]))))
    assert env.game_state.outcome is not None
    assert env.game_state.ply <= env.max_plies


@pytest.mark.parametrize("bad", [0, -3, 2.5, True, "many"])
def test_a_bad_max_plies_is_refused(bad: Any) -> None:
    with pytest.raises(zank.OptionError, match="max_plies"):
        zpz.ZankEnv("zank", max_plies=bad)
