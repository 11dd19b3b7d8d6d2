"""OpenSpiel's own tests and tools, run unchanged on every variant (issue 32):
``games_sim_test``'s ``sim_game`` (pickle checks on), ``pyspiel.random_sim_test``,
games that travel to another process, and states that load without the deal."""

from __future__ import annotations

import multiprocessing
import pickle
import random
import time
from typing import Any

import pytest

import zank

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")
zos = pytest.importorskip("zank.adapters.openspiel")
games_sim_test = pytest.importorskip("open_spiel.python.tests.games_sim_test")

VARIANTS = sorted(zank.VARIANTS)
# a short game where the variant has a short option (a pay-off pile of 3 cards)
SHORT: dict[str, dict[str, Any]] = {"spite-and-malice": {"pay_off_size": 3}}


def load(variant: str, players: int | None = None, **params: Any) -> Any:
    cls = zank.VARIANTS[variant]
    params = {"players": players or cls.min_players, **SHORT.get(variant, {}), **params}
    return pyspiel.load_game(zos.game_name(variant), params)


@pytest.mark.parametrize("variant", VARIANTS)
def test_openspiel_sim_game_with_pickle_checks(variant: str) -> None:
    """``GamesSimTest.sim_game`` as OpenSpiel runs it on its own games: pickles the
    game and its type, clones at every move, serializes and pickles states (at
    powers of two of the action count), up to 1,000 actions."""
    np.random.seed(1)
    case = games_sim_test.GamesSimTest("sim_game")
    case.sim_game(
        load(variant),
        check_pyspiel_serialization=True,
        check_pickle_serialization=True,
        check_game_type_serialization_when_checking_pickle_serialization=True,
    )


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_sim_test(variant: str) -> None:
    """``pyspiel.random_sim_test`` (the C++ checks, with serialization) on one game."""
    pyspiel.random_sim_test(load(variant), num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_random_sim_test_at_the_most_seats(variant: str) -> None:
    game = load(variant, zank.VARIANTS[variant].max_players)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_game_pickles_by_name_and_options(variant: str) -> None:
    game = load(variant, max_game_length=77)
    cls = type(game)
    assert getattr(zos, cls.__qualname__) is cls  # reachable by name
    again = pickle.loads(pickle.dumps(game))
    assert type(again) is cls
    assert str(again) == str(game)
    assert again.max_game_length() == 77
    assert again.context is game.context  # one context per game in a process


def test_a_game_travels_to_another_process() -> None:
    game = load("zank")
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        text = pool.apply(str, (game,))
    assert text == str(game)


def test_every_state_of_a_game_shares_its_context() -> None:
    game = load("spite-and-malice")
    other = load("spite-and-malice")
    assert other.context is game.context
    state = game.new_initial_state()
    rnd = random.Random(4)
    for _ in range(200):
        if state.is_chance_node():
            state.apply_action(rnd.choice(state.chance_outcomes())[0])
        elif not state.is_terminal():
            state.apply_action(rnd.choice(state.legal_actions()))
    for copy in (
        pickle.loads(pickle.dumps(state)),
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
        state.clone(),
    ):
        assert copy._ctx is game.context
        assert str(copy) == str(state)
        assert copy.history() == state.history()


def test_a_state_loads_without_dealing_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Loading a state after the deal neither deals nor builds a context."""
    game = load("spite-and-malice")
    state = game.new_initial_state()
    rnd = random.Random(2)
    while state.is_chance_node():
        state.apply_action(rnd.choice(state.chance_outcomes())[0])
    pickled = pickle.dumps(state)
    text = pyspiel.serialize_game_and_state(game, state)

    def no_deal(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the deal ran again")

    monkeypatch.setattr(zos._Context, "deal", no_deal)
    monkeypatch.setattr(zos._Context, "__init__", no_deal)
    assert str(pickle.loads(pickled)) == str(state)
    assert str(pyspiel.deserialize_game_and_state(text)[1]) == str(state)


def test_a_deal_node_costs_one_step_not_the_deal_so_far(monkeypatch: pytest.MonkeyPatch) -> None:
    """Inside a shuffle, a chance node follows from the one before: the deal runs
    again only when a shuffle ends (or after a lot), not once per card."""
    game = load("spite-and-malice", 6)
    runs = 0
    real = zos._Context.deal

    def counting(self: Any, *args: Any, **kwargs: Any) -> Any:
        nonlocal runs
        runs += 1
        return real(self, *args, **kwargs)

    monkeypatch.setattr(zos._Context, "deal", counting)
    state = game.new_initial_state()
    nodes = 0
    rnd = random.Random(9)
    while state.is_chance_node():
        state.apply_action(rnd.choice(state.chance_outcomes())[0])
        nodes += 1
    assert nodes > 300
    assert runs <= 20  # one per shuffle and lot; it was one per node


def test_load_game_is_quick_once_the_context_exists() -> None:
    load("spite-and-malice", 6)
    start = time.perf_counter()
    for _ in range(20):
        load("spite-and-malice", 6)
    assert (time.perf_counter() - start) / 20 < 0.05  # generous: a shared machine
