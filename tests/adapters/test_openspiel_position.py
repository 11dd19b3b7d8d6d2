"""``ZankGame.state_at``: an OpenSpiel state started at a zank position behaves as
one reached by play (legal actions, moves, chance, strings, tensors, resampling,
returns, clones, pickles, serialization), and anything but a position of the game
is refused with a :class:`~zank.errors.ZankError`."""

from __future__ import annotations

import pickle
import random
from typing import Any

import attrs
import pytest

import zank
from zank.adapters.conventions import seat_returns
from zank.core import Rules, State
from zank.errors import InvalidState, ZankError

from .playing import random_state

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")
zos = pytest.importorskip("zank.adapters.openspiel")

VARIANTS = ["spite-and-malice", "zank-detailed", "zank", "zank-104", "schikanieren", "crapette"]


def follow(state: Any, rules: Rules, zs: State, action: int) -> bool:
    """Apply ``action`` to ``state`` with every chance node choosing the card that
    lies in ``zs`` where the move turns up; ``False`` when the move shuffles (chance
    then chooses the generator state, which the zank game does not share)."""
    state.apply_action(action)
    while state.is_chance_node():
        pending = state._data.pending
        if pending.shuffles and not pending.shuffled:
            return False
        state.apply_action(pending.target)
    return True


def actions(rules: Rules, zs: State) -> list[int]:
    return sorted(m.action for m in rules.legal_moves(zs))


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_position_of_a_game_starts_a_state_that_plays_as_the_rules(variant: str) -> None:
    """Along a seeded game: a state started at each position has the zank legal
    moves as its actions, and each action gives the position the move gives
    (chance turning up the cards that lie there); one state started at the first
    position and played on stays in step with the zank game."""
    rules = zank.variant(variant)
    game = zos.load_game(rules, 2)
    zs = rules.new_game(seed=5)
    rnd = random.Random(5)
    first = game.state_at(zs)
    along = first.clone()
    in_step = True
    compared = 0
    for _ in range(40 if variant == "spite-and-malice" else 25):
        if zs.outcome is not None:
            break
        state = game.state_at(zs)
        assert state.current_player() == zs.to_move
        assert not state.is_chance_node()
        assert not state.is_terminal()
        legal = rules.legal_moves(zs)
        assert state.legal_actions() == actions(rules, zs)
        move = legal[rnd.randrange(len(legal))]
        after = rules.apply(zs, move)
        if follow(state, rules, zs, move.action):
            assert state.zank_state == after
            compared += 1
        if in_step:
            assert along.legal_actions() == actions(rules, zs)
            in_step = follow(along, rules, zs, move.action)
            if in_step:
                assert along.zank_state == after
        zs = after
    assert compared >= 10
    assert first.history() == []  # not reached by actions


def played_state(variant: str, seed: int, moves: int) -> tuple[Any, Any]:
    """The game and a state reached by random play (chance's deal)."""
    game = zos.load_game(zank.variant(variant), 2)
    return game, random_state(game, seed, moves)


def tensors(state: Any, player: int) -> tuple[Any, Any]:
    return (
        np.asarray(state.observation_tensor(player)),
        np.asarray(state.information_state_tensor(player)),
    )


@pytest.mark.parametrize("variant", ["spite-and-malice", "zank-detailed"])
def test_a_state_started_at_the_deal_is_the_state_the_deal_gave(variant: str) -> None:
    """Started at the position chance dealt, the state holds the same content as
    the dealt one: every string, tensor and return the same, only no history."""
    game, dealt = played_state(variant, 3, 0)
    state = game.state_at(dealt.zank_state)
    assert state._data == dealt._data
    assert dealt.history()
    assert not state.history()
    for p in range(2):
        assert state.observation_string(p) == dealt.observation_string(p)
        assert state.information_state_string(p) == dealt.information_state_string(p)
        for a, b in zip(tensors(state, p), tensors(dealt, p), strict=True):
            assert np.array_equal(a, b)
    assert str(state) == str(dealt)


def test_mid_game_strings_tensors_and_resampling() -> None:
    """Mid-game: the strings and tensors show what each seat sees now; a resample
    keeps the player's information state and deals the other hand anew."""
    game, played = played_state("spite-and-malice", 8, 30)
    zs = played.zank_state
    rules = game.rules
    state = game.state_at(zs)
    me = state.current_player()
    other = 1 - me
    assert state.observation_string(me) == played.observation_string(me)
    assert np.array_equal(tensors(state, me)[0], tensors(played, me)[0])
    # the record starts here: the history digest differs from the played game's
    assert state.information_state_string(me) != played.information_state_string(me)
    assert "moves: " in state.information_record(me)
    assert state.information_record(me).endswith("moves: ")
    hand = next(i for i, s in enumerate(rules.layout(2)) if s.private and s.owner == other)
    hands = set()
    for k in range(8):
        sample = state.resample_from_infostate(me, random.Random(k).random)
        assert sample.information_state_string(me) == state.information_state_string(me)
        assert np.array_equal(tensors(sample, me)[1], tensors(state, me)[1])
        assert sample.legal_actions() == state.legal_actions()
        hands.add(sample.zank_state.piles[hand])
    assert len(hands) > 1  # the other seat's hand is dealt anew


def test_clone_pickle_and_serialization_keep_a_started_state() -> None:
    """A started state has no actions to replay: clones, pickles and OpenSpiel's
    serialization carry its content, and each copy plays on as the original."""
    game, played = played_state("zank-detailed", 4, 40)
    state = game.state_at(played.zank_state)
    text = pyspiel.serialize_game_and_state(game, state)
    copies = [state.clone(), pickle.loads(pickle.dumps(state))]
    copies.append(pyspiel.deserialize_game_and_state(text)[1])
    action = state.legal_actions()[-1]
    state.apply_action(action)
    for copy in copies:
        assert copy.history() == []
        copy.apply_action(action)
        assert str(copy) == str(state)
        assert copy.information_state_string(0) == state.information_state_string(0)


def test_a_finished_game_and_the_length_bound() -> None:
    """A finished position is terminal with its returns; a running one at
    ``max_game_length`` is a draw by the adapter, as in play."""
    rules = zank.variant("spite-and-malice", pay_off_size=1)
    zs = rules.new_game(seed=2)
    rnd = random.Random(2)
    while zs.outcome is None:
        legal = rules.legal_moves(zs)
        zs = rules.apply(zs, legal[rnd.randrange(len(legal))])
    state = zos.load_game(rules, 2).state_at(zs)
    assert state.is_terminal()
    assert state.returns() == seat_returns(zs.outcome.winner, 2)
    assert state.result() == zs.outcome
    running = rules.new_game(seed=2)
    running = rules.apply(running, rules.legal_moves(running)[0])
    short = zos.load_game(rules, 2, max_game_length=1).state_at(running)
    assert short.is_terminal()
    assert short.truncated
    assert short.returns() == [0.0, 0.0]
    assert not zos.load_game(rules, 2, max_game_length=2).state_at(running).is_terminal()


def test_what_is_not_a_position_of_the_game_is_refused() -> None:
    rules = zank.variant("zank-detailed")
    game = zos.load_game(rules, 2)
    zs = rules.new_game(seed=1)
    cases: list[tuple[Any, str]] = [
        ("x" * 500, "needs a zank State, not 'str'"),
        (rules.observe(zs, 0), "not 'Observation'"),
        (zank.variant("zank").new_game(seed=1), "a game of 'zank'; this game is zank-detailed"),
        (
            zank.variant("zank-detailed", reserve_size=12).new_game(seed=1),
            "options are not this game's: reserve_size=12 (the game: 13)",
        ),
    ]
    # a state with one card twice (and another missing) breaks card conservation
    i, j = [k for k, pile in enumerate(zs.piles) if pile][:2]
    piles = list(zs.piles)
    piles[i] = (zs.piles[j][0], *zs.piles[i][1:])
    cases.append((attrs.evolve(zs, piles=tuple(piles)), ""))
    for bad, words in cases:
        with pytest.raises(InvalidState) as info:
            game.state_at(bad)
        assert isinstance(info.value, ZankError)
        assert words in str(info.value)
        assert len(str(info.value)) < 200
    three = zank.variant("spite-and-malice")
    with pytest.raises(InvalidState, match="the state has 3 seats; this game has 2"):
        zos.load_game(three, 2).state_at(three.new_game(seed=1, players=3))
