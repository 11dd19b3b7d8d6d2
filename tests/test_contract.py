"""The contract every registered variant keeps, checked with no variant-specific code.

For each variant and each of its option presets (``Rules.presets``), random
games are played move by move (Hypothesis picks the moves, so failures
shrink to short move sequences), and at every step:

* every card of the game is in exactly one pile (``rules.validate``);
* ``legal_moves`` is exact: every listed move applies and ``check`` accepts
  it; moves of the action space that are not listed raise ``IllegalMove``
  and ``check`` names a rule;
* ``apply`` never mutates its input and is deterministic;
* JSON, notation and action-encoding round trips hold;
* observations hide exactly what they must, and a determinized state looks
  the same to the observer;
* a running game has a legal move and a player to move; a finished one
  neither.

Whole random games are played to their end in ``tests/test_games_end.py``,
and seeded games are pinned ply by ply in ``tests/test_golden_lines.py``.
"""

from __future__ import annotations

import enum
import json
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import zank
from zank.agents import RandomAgent
from zank.core import HIDDEN, Rules, State

from .strategies import all_presets, choose_index, player_counts, preset_id, seeds

PRESETS = all_presets()
CASES = [
    pytest.param(rules, players, id=f"{preset_id(rules)}-{players}p")
    for rules in PRESETS
    for players in player_counts(rules)
]
STEPS = 120  # moves per Hypothesis example; whole games are played below


def check_observations(rules: Rules, state: State, sample_seed: int, sample_seat: int) -> None:
    """Every seat's observation hides exactly what it must; a world sampled from
    the observation of the seat to move and from that of ``sample_seat`` (drawn step
    by step: a world for every seat at every step took half of a six-seat walk's
    time) is a valid state that looks the same to that seat."""
    specs = rules.layout(state.players)
    for p in range(state.players):
        obs = rules.observe(state, p)
        assert obs.player == p
        for spec, real, seen, down in zip(specs, state.piles, obs.piles, state.down, strict=True):
            assert len(seen) == len(real), spec.label
            for i, (c, o) in enumerate(zip(real, seen, strict=True)):
                hidden = (spec.private and spec.owner != p) or i < down
                assert o == (HIDDEN if hidden else c), (spec.label, i)
        assert not hasattr(obs, "rng")
        if p not in (sample_seat, state.to_move):
            continue
        sampled = rules.sample_state(obs, seed=sample_seed)
        rules.validate(sampled)
        assert rules.observe(sampled, p) == obs
        assert rules.legal_moves(sampled) == rules.legal_moves(state) or p != state.to_move


def check_step(rules: Rules, state: State, data: Any) -> None:
    rules.validate(state)
    legal = rules.legal_moves(state)
    assert (state.outcome is None) == (len(legal) > 0)
    assert (state.outcome is None) == (state.to_move is not None)
    assert len(set(legal)) == len(legal), "duplicate legal moves"
    assert rules.legal_moves(state) == legal  # deterministic

    text = zank.dumps(state)
    again = zank.loads(text)
    assert again == state
    assert hash(again) == hash(state)

    position = rules.position_text(state)  # the family's FEN round-trips too
    back = rules.parse_position(position)
    assert back == (state if rules.rng_matters(state) else attrs.evolve(state, rng=0))
    assert rules.position_text(back) == position

    mask = rules.action_mask(state)
    assert len(mask) == rules.action_space
    assert {i for i, b in enumerate(mask) if b} == {m.action for m in legal}
    for m in legal:
        assert rules.check(state, m) is None
        assert rules.parse_move(state, str(m)) is m
        assert rules.parse_move(state, str(m).upper()) is m
        assert rules.decode(state, rules.encode(m)) is m
        after = rules.apply(state, m)
        assert rules.apply(state, m) == after  # deterministic
        assert after.ply == state.ply + 1
    assert zank.dumps(state) == text  # apply did not mutate

    legal_set = set(legal)
    others = [m for m in rules.moves if m not in legal_set]
    if others:
        for _ in range(3):
            bad = others[choose_index(data, len(others))]
            violation = rules.check(state, bad)
            assert violation is not None
            assert violation.rule
            assert violation.message
            with pytest.raises(zank.IllegalMove) as info:
                rules.apply(state, bad)
            assert info.value.rule == violation.rule
            with pytest.raises(zank.IllegalMove):
                rules.decode(state, bad.action)
    assert zank.dumps(state) == text

    seat = data.draw(st.integers(0, state.players - 1), label="sampling seat")
    check_observations(rules, state, data.draw(seeds, label="sample seed"), seat)


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "players"), CASES)
@given(data=st.data())
def test_random_walk_keeps_the_contract(rules: Rules, players: int, data: Any) -> None:
    seed = data.draw(seeds, label="deal seed")
    state = rules.new_game(seed=seed, players=players)
    assert state == rules.new_game(seed=seed, players=players)
    for _ in range(STEPS):
        check_step(rules, state, data)
        legal = rules.legal_moves(state)
        if not legal:
            break
        state = rules.apply(state, legal[choose_index(data, len(legal))])
    check_step(rules, state, data)


@pytest.mark.parametrize(("rules", "players"), CASES)
def test_terminal_states_have_no_moves(rules: Rules, players: int) -> None:
    record = zank.play(rules, [RandomAgent(p) for p in range(players)], seed=99)
    final = list(zank.replay(record))[-1]
    assert rules.legal_moves(final) == ()
    assert final.to_move is None
    some = rules.moves[0]
    assert rules.check(final, some) is not None
    with pytest.raises(zank.IllegalMove):
        rules.apply(final, some)


@pytest.mark.parametrize("rules", PRESETS, ids=preset_id)
def test_rules_objects_are_values(rules: Rules) -> None:
    again = zank.variant(rules.name, **rules.options)
    assert again == rules
    assert hash(again) == hash(rules)
    assert again.moves == rules.moves
    with pytest.raises(AttributeError):
        rules.name = "other"  # type: ignore[misc]
    texts = [m.text for m in rules.moves]
    assert len({t.lower() for t in texts}) == len(texts)
    assert [m.action for m in rules.moves] == list(range(rules.action_space))


@pytest.mark.parametrize("rules", PRESETS, ids=preset_id)
def test_player_counts_outside_the_range_are_refused(rules: Rules) -> None:
    for bad in (rules.min_players - 1, rules.max_players + 1):
        with pytest.raises(zank.OptionError, match="players"):
            rules.new_game(seed=1, players=bad)


@pytest.mark.parametrize("rules", PRESETS, ids=preset_id)
def test_notation_errors_name_the_text(rules: Rules) -> None:
    state = rules.new_game(seed=5)
    with pytest.raises(zank.NotationError, match="no-such-move"):
        rules.parse_move(state, "no-such-move")


@pytest.mark.parametrize("rules", PRESETS, ids=preset_id)
def test_moves_have_kinds_and_info_has_names(rules: Rules) -> None:
    kinds = rules.move_kinds
    assert issubclass(kinds, enum.IntEnum)
    assert all(type(m.kind) is kinds for m in rules.moves)
    as_ints = [int(m.kind) for m in rules.moves]
    assert json.loads(json.dumps([m.kind for m in rules.moves])) == as_ints  # JSON writes ints
    state = rules.new_game(seed=3)
    assert type(state.info) is tuple  # what JSON holds; names are a view
    named = rules.info_of(state)
    assert tuple(named) == state.info[: len(named)]
    if state.info:
        assert named._fields  # type: ignore[attr-defined]
