"""OpenSpiel's ``ISMCTSBot`` as a zank agent: it reads of the state it is given only
what the player's information state fixes, the agent decides from the observation
alone and reproducibly, maps the bot's action to the legal move, and plays in
``zank.simulate.run`` and ``zank.play`` under its names."""

from __future__ import annotations

import random
from typing import Any

import pytest

import zank
from zank.agents import RandomAgent
from zank.errors import OptionError, ZankError
from zank.simulate import AGENTS, agent_factory, check_agents, run

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")
ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
zos = pytest.importorskip("zank.adapters.openspiel")
bots = pytest.importorskip("zank.adapters.openspiel_bots")

QUICK = zank.variant("spite-and-malice", pay_off_size=2)


def position(rules: Any, seed: int, moves: int) -> Any:
    """The first running position with a choice after ``moves`` random moves
    from ``new_game(seed)``."""
    zs = rules.new_game(seed=seed)
    rnd = random.Random(seed)
    done = 0
    while done < moves or len(rules.legal_moves(zs)) < 2:
        legal = rules.legal_moves(zs)
        zs = rules.apply(zs, legal[rnd.randrange(len(legal))])
        assert zs.outcome is None
        done += 1
    return zs


class InfoStateOnly:
    """An OpenSpiel state that answers only what a player's information state
    fixes, and fails on anything else (the state's cards, a clone, a move)."""

    ALLOWED = (
        "current_player",
        "is_chance_node",
        "is_terminal",
        "legal_actions",
        "information_state_string",
        "get_game",
    )

    def __init__(self, state: Any) -> None:
        self._state = state
        self.asked: set[str] = set()

    def resample_from_infostate(self, player: int, sampler: Any) -> Any:
        self.asked.add("resample_from_infostate")
        return self._state.resample_from_infostate(player, sampler)

    def __getattr__(self, name: str) -> Any:
        if name not in self.ALLOWED:
            raise AssertionError(f"the bot read {name} of the state it was given")
        self.asked.add(name)
        return getattr(self._state, name)


@pytest.mark.parametrize(("variant", "moves"), [("spite-and-malice", 12), ("zank-detailed", 30)])
def test_ismcts_reads_the_given_state_only_through_the_information_state(
    variant: str, moves: int
) -> None:
    """The claim the agent rests on: ``ISMCTSBot`` searches resampled worlds only;
    of the root state it asks the legal actions, the information-state string and
    for resamples, all the same for every state of the player's information set."""
    rules = zank.variant(variant)
    game = zos.load_game(rules, 2)
    zs = position(rules, 4, moves)
    assert len(rules.legal_moves(zs)) > 1
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(
        game, bots.ZankLeafEvaluator(rules, 2, rng), 2.0, 6, max_world_samples=-1, random_state=rng
    )
    bot.set_resampler(lambda s, p: s.resample_from_infostate(p, rng.uniform))
    spy = InfoStateOnly(game.state_at(zs))
    action = int(bot.step(spy))
    assert action in spy.legal_actions()
    assert "resample_from_infostate" in spy.asked


def test_the_agent_deals_its_world_from_the_observation(monkeypatch: pytest.MonkeyPatch) -> None:
    """The world the bot is started at is a sample of the observation (the seat's
    view of it is the observation), never the true state; the answer is a legal move."""
    rules = zank.variant("spite-and-malice")
    zs = position(rules, 6, 10)
    seat = zs.to_move
    obs = rules.observe(zs, seat)
    worlds: list[Any] = []
    real = zos.ZankGame.state_at

    def spy(game: Any, world: Any) -> Any:
        worlds.append(world)
        return real(game, world)

    monkeypatch.setattr(zos.ZankGame, "state_at", spy)
    agent = bots.ismcts_agent(1, evaluator="zank-leaf", simulations=3)
    legal = rules.legal_moves(zs)
    hidden = 0
    for _ in range(4):
        move = agent.choose(rules, obs, legal)
        assert move in legal
    for world in worlds:
        assert rules.observe(world, seat) == obs
        hidden += world.piles != zs.piles
    assert len(worlds) == 4
    assert hidden  # the worlds are dealt, not the truth


def test_the_same_seed_plays_the_same_game() -> None:
    def game(seed: int) -> list[str]:
        agents = [bots.ismcts_agent(seed, simulations=2, rollout_length=10), RandomAgent(9)]
        record = zank.play(QUICK, agents, seed=11, max_moves=20)
        return [m.text if hasattr(m, "text") else str(m) for m in record.moves]

    first = game(1)
    assert game(1) == first
    assert any(game(s) != first for s in (2, 3, 4))


def test_an_action_that_is_no_legal_move_is_refused() -> None:
    class Stubborn:
        def step(self, state: Any) -> int:
            return 10**6

    agent = bots.OpenSpielAgent(lambda game, rng: Stubborn(), seed=1)
    zs = position(QUICK, 1, 0)
    assert zs.to_move is not None
    with pytest.raises(ZankError, match="not one of the legal moves"):
        agent.choose(QUICK, QUICK.observe(zs, zs.to_move), QUICK.legal_moves(zs))


def test_bad_settings_are_refused() -> None:
    for kwargs in (
        {"evaluator": "x" * 300},
        {"simulations": 0},
        {"simulations": True},
        {"rollout_length": 1.5},
        {"uct_c": -1.0},
    ):
        with pytest.raises(OptionError) as info:
            bots.ismcts_agent(1, **kwargs)
        assert len(str(info.value)) < 120
    with pytest.raises(OptionError, match="seed"):
        bots.OpenSpielAgent(lambda game, rng: None, seed=-1)


def test_the_names_play_in_a_simulation(monkeypatch: pytest.MonkeyPatch) -> None:
    """``zank.simulate.run`` seats both names (each game's agents seeded by seat);
    the names' budget is :data:`DEFAULT_SIMULATIONS` (made small here)."""
    names = ["openspiel-ismcts", "openspiel-ismcts+zank"]
    assert all(name in AGENTS for name in names)
    monkeypatch.setattr(bots, "DEFAULT_SIMULATIONS", 2)
    check_agents(QUICK, names)
    sim = run(QUICK, names, games=2, seed=3, rotate=True, max_moves=6, keep_records=True)
    assert [g.agents for g in sim.games] == [tuple(names), tuple(reversed(names))]
    assert all(g.moves == 6 or g.reason != "stopped" for g in sim.games)
    # the records replay: every move the agents chose was legal
    for g in sim.games:
        assert len(list(zank.replay(zank.GameRecord.from_dict(g.record)))) == g.moves + 1
    assert agent_factory("openspiel-ismcts", imports=False)(5) is not None
