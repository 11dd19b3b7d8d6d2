"""The PettingZoo environment's checks and details, each asserted exactly.

``test_pettingzoo.py`` runs PettingZoo's own API, seed and render tests and whole
games; this file pins what those leave open: the constructor's refusals (whole
messages, the seat bounds of ``render_perspective``), the rendered table line by
line, the step that truncates a game (exactly ``max_plies``), the rewards and
``info`` of a finished game, and the masks.  Written for the mutation campaign of
``zank.adapters.pettingzoo`` (issue 38).
"""

from __future__ import annotations

from typing import Any

import pytest

import zank
from zank.core import HIDDEN

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
zpz = pytest.importorskip("zank.adapters.pettingzoo")

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def first_legal(env: Any) -> int:
    mask = env.observe(env.agent_selection)["action_mask"]
    return int(np.flatnonzero(mask)[0])


# ---------------------------------------------------------------- the constructor
@pytest.mark.parametrize("players", [2, 3])
def test_render_perspective_is_a_seat_or_a_word(players: int) -> None:
    for ok in (zpz.TO_MOVE, zpz.ALL, 0, players - 1):
        assert (
            zpz.ZankEnv("spite-and-malice", players, render_perspective=ok).render_perspective == ok
        )
    for bad, shown in (
        (-1, "-1"),
        (players, str(players)),
        (players + 1, str(players + 1)),
        (True, "True"),
        ("me", "'me'"),
        (1.0, "1.0"),
    ):
        with pytest.raises(zank.OptionError) as e:
            zpz.ZankEnv("spite-and-malice", players, render_perspective=bad)
        assert str(e.value) == (
            f"render_perspective must be 'to-move', 'all' or a seat from 0 to {players - 1}, "
            f"not {shown}"
        )


def test_the_constructors_other_refusals() -> None:
    with pytest.raises(zank.OptionError) as e:
        zpz.ZankEnv("spite-and-malice", render_mode="rgb_array")
    assert str(e.value) == "render_mode must be None, 'ansi' or 'human', not 'rgb_array'"
    with pytest.raises(TypeError) as t:
        zpz.ZankEnv(zank.variant("spite-and-malice"), pay_off_size=5)
    assert str(t.value) == "pass options only with a variant name, not with a rules object"
    rules = zank.variant("spite-and-malice", pay_off_size=5)
    env = zpz.ZankEnv(rules)
    assert env.rules is rules
    assert zpz.env("spite-and-malice", 3, pay_off_size=4).rules == zank.variant(
        "spite-and-malice", pay_off_size=4
    )
    assert zpz.env("spite-and-malice", 3).players == 3


def test_the_spaces() -> None:
    env = zpz.ZankEnv("zank-detailed")
    space = env.observation_space("player_1")
    assert space["action_mask"].shape == (env.rules.action_space,)
    assert space["observation"].shape == env.encoder.low_high()[0].shape
    assert env.action_space("player_0").n == env.rules.action_space
    assert env.possible_agents == ["player_0", "player_1"]
    assert env.metadata["name"] == "zank_zank_detailed_v0"
    assert env.metadata["render_modes"] == ["ansi", "human"]
    assert env.metadata["is_parallelizable"] is False
    # a mask is 0 or 1; the observation has three card slots a pile by default
    assert space["action_mask"].low.tolist() == [0] * env.rules.action_space
    assert space["action_mask"].high.tolist() == [1] * env.rules.action_space
    assert env.encoder.depth == 3
    assert zpz.ZankEnv("zank-detailed", depth=5).encoder.depth == 5


def test_an_unseeded_reset_draws_a_63_bit_seed_from_the_last_seed() -> None:
    env = zpz.ZankEnv("spite-and-malice")
    env.reset(seed=5)
    draws = np.random.default_rng(5)
    for _ in range(3):
        env.reset()
        expected = int(draws.integers(0, 2**63))
        assert env.game_state == env.rules.new_game(seed=expected)


# ---------------------------------------------------------------- the table as text
def test_the_whole_table_as_text() -> None:
    env = zpz.ZankEnv("spite-and-malice", render_mode="ansi", render_perspective=zpz.ALL)
    env.reset(seed=3)
    state = env.game_state
    lines = env.render().splitlines()
    layout = env.rules.layout(2)
    assert lines[0] == "the whole table"
    assert len(lines) == len(layout) + 2
    for spec, cards, down, line in zip(layout, state.piles, state.down, lines[1:], strict=False):
        shown = " ".join(zank.Card(c).unicode for c in cards[down:])
        parts = ([f"## {down}"] if down else []) + ([shown] if shown else [])
        assert line == f"{spec.label:>12}: {' '.join(parts)}".rstrip()
    assert lines[-1] == f"to move: {state.to_move}  result: None"
    # the pay-off piles: 19 face down under the top card
    assert lines[1 + [s.label for s in layout].index("p0.pay")].startswith("      p0.pay: ## 19 ")


@pytest.mark.parametrize("seat", [0, 1])
def test_a_seats_table_hides_the_others_hands(seat: int) -> None:
    env = zpz.ZankEnv("spite-and-malice", render_mode="ansi", render_perspective=seat)
    env.reset(seed=3)
    lines = env.render().splitlines()
    assert lines[0] == f"as seen by player_{seat}"
    view = env.rules.observe(env.game_state, seat)
    for spec, cards, line in zip(env.rules.layout(2), view.piles, lines[1:], strict=False):
        hidden = cards.count(HIDDEN)
        parts = ([f"## {hidden}"] if hidden else []) + [
            zank.Card(c).unicode for c in cards if c != HIDDEN
        ]
        assert line == f"{spec.label:>12}: {' '.join(parts)}".rstrip()
    other = 1 - seat
    assert lines[1 + [s.label for s in env.rules.layout(2)].index(f"p{other}.hand")] == (
        f"     p{other}.hand: ## 5"
    )


def test_the_default_view_is_the_seat_to_move() -> None:
    env = zpz.ZankEnv("spite-and-malice", render_mode="ansi")
    fixed = zpz.ZankEnv("spite-and-malice", render_mode="ansi", render_perspective=1)
    for seed in range(6):
        env.reset(seed=seed)
        fixed.reset(seed=seed)
        seat = env.game_state.to_move
        assert env.render().splitlines()[0] == f"as seen by player_{seat}"
        assert fixed.render().splitlines()[0] == "as seen by player_1"


def test_render_without_a_mode_draws_nothing() -> None:
    env = zpz.ZankEnv("spite-and-malice")
    env.reset(seed=1)
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert env.render() is None


# ---------------------------------------------------------------- the game cycle
def test_a_game_is_truncated_after_exactly_max_plies() -> None:
    for limit in (1, 4):
        env = zpz.ZankEnv("spite-and-malice", max_plies=limit)
        env.reset(seed=2)
        for k in range(limit):
            assert not any(env.truncations.values())
            env.step(first_legal(env))
            assert env.game_state.ply == k + 1
        assert all(env.truncations.values())
        assert not any(env.terminations.values())
        assert all(r == 0.0 for r in env.rewards.values())
    endless = zpz.ZankEnv("spite-and-malice", max_plies=None)
    endless.reset(seed=2)
    for _ in range(5):
        endless.step(first_legal(endless))
    assert not any(endless.truncations.values())


def test_a_finished_game_gives_rewards_and_info_to_every_agent() -> None:
    rules = zank.variant("spite-and-malice", pay_off_size=1)
    env = zpz.ZankEnv(rules, 3)
    env.reset(seed=5)
    while env.game_state.outcome is None:
        env.step(first_legal(env))
    result = env.game_state.outcome
    assert result is not None
    assert result.winner is not None
    for seat, agent in enumerate(env.possible_agents):
        assert env.terminations[agent]
        assert env.rewards[agent] == (1.0 if seat == result.winner else -0.5)
        assert env.infos[agent] == {
            "points": result.points,
            "winner": result.winner,
            "reason": result.reason.value,
        }
    # the agent that moved last stays selected; its dead step removes it
    last = env.agent_selection
    env.step(None)
    assert last not in env.agents


def test_only_the_agent_to_act_has_a_mask_equal_to_the_rules() -> None:
    env = zpz.ZankEnv("zank-detailed")
    env.reset(seed=4)
    seat = env.game_state.to_move
    assert env.agent_selection == f"player_{seat}"
    for other, agent in enumerate(env.possible_agents):
        mask = env.observe(agent)["action_mask"]
        assert mask.dtype == np.int8
        if other == seat:
            expected = np.frombuffer(env.rules.action_mask(env.game_state), dtype=np.int8)
            assert mask.tolist() == expected.tolist()
        else:
            assert not mask.any()


def test_reset_deals_the_seeded_game() -> None:
    env = zpz.ZankEnv("spite-and-malice", 3, pay_off_size=4)
    env.reset(seed=9)
    assert env.game_state == env.rules.new_game(seed=9, players=3)
    assert env.agents == env.possible_agents
    assert set(env.rewards.values()) == {0.0}
    assert env.infos == {a: {} for a in env.possible_agents}
