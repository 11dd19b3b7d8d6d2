"""The OpenSpiel observers of ``zank/adapters/_observer.py`` one by one (issue 38:
the module was reached only through pyspiel's default observers and
``make_observation``): which view and tensor each observation type gets, the
named parts of the information-state tensor, and its refusals by message."""

from __future__ import annotations

import random
from typing import Any

import pytest

import zank

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")
zos = pytest.importorskip("zank.adapters.openspiel")

T = pyspiel.PrivateInfoType

# (private info, perfect recall) -> (view, recall): what the module docs promise
KINDS = [
    (T.SINGLE_PLAYER, False, "seat", False),
    (T.SINGLE_PLAYER, True, "seat", True),
    (T.NONE, False, "public", False),
    (T.NONE, True, "public", True),
    (T.ALL_PLAYERS, False, "all", False),
    (T.ALL_PLAYERS, True, "all", True),
]


def kind(private: Any, recall: bool, public: bool = True) -> Any:
    return pyspiel.IIGObservationType(
        perfect_recall=recall, public_info=public, private_info=private
    )


def states(variant: str, seed: int, players: int = 2) -> list[Any]:
    """A state before the deal, one inside it, and decisions of a random game."""
    game = zos.load_game(zank.variant(variant), players)
    state = game.new_initial_state()
    out = [state.clone()]
    rnd = random.Random(seed)
    state.apply_action(state.chance_outcomes()[0][0])
    out.append(state.clone())
    plies = 0
    while not state.is_terminal() and plies < 40:
        if state.is_chance_node():
            state.apply_action(rnd.choice(state.chance_outcomes())[0])
            continue
        if plies % 8 == 0:
            out.append(state.clone())
        state.apply_action(rnd.choice(state.legal_actions()))
        plies += 1
    return out


def test_without_a_type_an_observer_is_the_seats_plain_observation() -> None:
    game = zos.load_game(zank.variant("zank"))
    obs = game.make_py_observer()
    assert (obs.view, obs.perfect_recall) == ("seat", False)
    assert obs.tensor.shape == (game.context.encoder.size,)
    assert list(obs.dict) == ["observation"]
    assert obs.dict["observation"] is obs.tensor


@pytest.mark.parametrize(("private", "recall", "view", "want_recall"), KINDS)
def test_each_observation_type_gets_its_view(
    private: Any, recall: bool, view: str, want_recall: bool
) -> None:
    game = zos.load_game(zank.variant("spite-and-malice"))
    ctx = game.context
    obs = game.make_py_observer(kind(private, recall), None)
    assert (obs.view, obs.perfect_recall) == (view, want_recall)
    if view == "seat" and recall:  # the information state: the knowledge tensor
        assert obs.tensor.shape == (ctx.knowledge.size,)
    else:
        assert obs.tensor.shape == (ctx.encoder.size,)
        assert list(obs.dict) == ["observation"]
        assert obs.dict["observation"] is obs.tensor
    assert obs.tensor.dtype == np.float32
    for state in states("spite-and-malice", 5):
        for p in range(2):
            obs.tensor.fill(7.0)
            obs.set_from(state, p)
            want = np.full(obs.tensor.shape, 7.0, dtype=np.float32)
            if view == "seat" and recall:
                state.encode_information(p, want)
                assert obs.string_from(state, p) == state.information_text(p)
            else:
                state.encode(p, want, view)
                if recall:
                    assert obs.string_from(state, p) == state.information_text(p, view)
                else:
                    assert obs.string_from(state, p) == state.view_text(p, view)
            assert np.array_equal(obs.tensor, want)


def test_the_information_state_tensor_is_named_in_parts() -> None:
    """``dict`` holds the knowledge tensor's named parts, each a view of the one
    tensor in order (``observation``, then a row a card)."""
    game = zos.load_game(zank.variant("zank"), 3)
    knowledge = game.context.knowledge
    obs = game.make_py_observer(kind(T.SINGLE_PLAYER, True))
    shape = knowledge.shape()
    assert [name for name, _ in shape] == ["observation", "cards"]
    assert list(obs.dict) == ["observation", "cards"]
    start = 0
    for name, part in shape:
        view = obs.dict[name]
        assert view.shape == part
        size = int(np.prod(part))
        assert np.shares_memory(view, obs.tensor)
        obs.tensor[:] = 0.0
        view.reshape(-1)[:] = 1.0  # writes exactly its own stretch of the tensor
        ones = np.zeros(knowledge.size, dtype=np.float32)
        ones[start : start + size] = 1.0
        assert np.array_equal(obs.tensor, ones)
        start += size
    assert start == knowledge.size
    state = states("zank", 2, 3)[-1]
    obs.set_from(state, 1)
    assert np.array_equal(
        obs.dict["observation"], np.asarray(state.observation_tensor(1), dtype=np.float32)
    )
    flat = np.concatenate([obs.dict[name].reshape(-1) for name, _ in shape])
    assert np.array_equal(flat, np.asarray(state.information_state_tensor(1), dtype=np.float32))


@pytest.mark.parametrize("private", [T.SINGLE_PLAYER, T.NONE, T.ALL_PLAYERS])
@pytest.mark.parametrize("recall", [False, True])
def test_an_observer_without_the_public_cards_is_refused_by_name(
    private: Any, recall: bool
) -> None:
    game = zos.load_game(zank.variant("zank"))
    with pytest.raises(
        zank.OptionError,
        match=r"^zank observers always show the public cards \(public_info=True\)$",
    ):
        game.make_py_observer(kind(private, recall, public=False), None)


@pytest.mark.parametrize("params", [{"depth": 2}, [1], "x"])
def test_any_parameters_are_refused_before_the_type_is_read(params: Any) -> None:
    game = zos.load_game(zank.variant("zank"))
    with pytest.raises(zank.OptionError, match=r"^zank observers take no parameters, not "):
        game.make_py_observer(kind(T.SINGLE_PLAYER, False, public=False), params)
    empties: tuple[Any, ...] = (None, {}, [], "")
    for empty in empties:
        assert game.make_py_observer(kind(T.NONE, False), empty).view == "public"
