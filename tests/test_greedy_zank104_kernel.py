"""zank-104's greedy policy looks to the end of the turn on a working position
through the kernel and draws its samples without ``sample_state``'s checks
(issue 33: the search's rollouts play it); its decisions are those of the
per-move public API.  :func:`_reference_policy` is the policy as it was
before, written with ``legal_moves``, ``apply``, ``observe`` and
``sample_state``; both are asked at many positions with generators in the
same state, and must return the same move and leave the generator in the
same state.  ``tests/test_greedy_golden.py`` pins whole games as well."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import pytest

import zank
from zank.agents import RandomAgent
from zank.agents.base import best_move
from zank.core import HIDDEN, Move, Observation, State
from zank.family import greedy_zank104 as g
from zank.family.fits import FKEY, fits_house
from zank.family.table import CARD
from zank.family.zank104 import SRC_RESERVE, TGT_FOUNDATION, TURN, Zank104, counts
from zank.random import Rng

OPTIONS: tuple[dict[str, object], ...] = (
    {},
    {"stair_runs": True},
    {"stair_runs": True, "pack_when_stalled": True, "no_progress_turns": 8},
    {"own_packing": False},
    {"table_mode": True},
    {"table_mode": True, "call_window": "every-move", "stair_runs": True},
)


def _reference_score(rules: Zank104, observation: Observation, move: Move) -> int:
    """``move_score`` as it was, through ``foundation_keys`` and ``pack_wants``."""
    if move.kind != CARD:
        return 1 if move.kind == TURN else 0
    if rules.is_own_pack(move):
        return -(10**6)
    s, t = move.source, move.target
    if t == TGT_FOUNDATION:
        return 100
    piles = observation.piles
    hb, pack = rules.house_base, rules.pack_target
    if s < rules.house_source:
        base = 70 if s == SRC_RESERVE else 50
        if t >= pack:
            return base + 10
        return base if piles[hb + t - 1] else base - 5
    house = piles[hb + s - rules.house_source]
    if t >= pack:
        return 66
    i = rules.run_start(house, piles[hb + t - 1][-1]) if rules.stair_runs else len(house) - 1
    if i == 0:
        return 35
    below = house[i - 1]
    if FKEY[below] in rules.foundation_keys(piles):
        return 38
    me = observation.player
    reserve = piles[rules.own_piles(me)[0]]
    if reserve and reserve[-1] != HIDDEN and fits_house(reserve[-1], below):
        return 36
    if FKEY[below] in rules.pack_wants(piles, me):
        return 30
    return -5


def _reference_rest(rules: Zank104, state: State, player: int, rng: Rng) -> int:
    while state.outcome is None and state.to_move == player:
        legal = rules.legal_moves(state)
        if len(legal) == 1:
            move = legal[0]
        else:
            seen = rules.observe(state, player)
            move = best_move(legal, partial(_reference_score, rules, seen), rng)
        state = rules.apply(state, move)
    if state.outcome is not None:
        return g.WON if state.outcome.winner == player else -g.WON
    c = counts(state)
    return c[1 - player] - c[player]


def _reference_policy(
    rules: Zank104, observation: Observation, legal_moves: Sequence[Move], rng: Rng
) -> Move:
    """The policy before issue 33's work: the per-move public API throughout."""
    if rules.own_packing:
        legal_moves = [m for m in legal_moves if not rules.is_own_pack(m)]
    if len(legal_moves) == 1:
        return legal_moves[0]
    player = observation.player
    states = [rules.sample_state(observation, seed=rng.next64()) for _ in range(g.SAMPLES)]

    def lead(m: Move) -> int:
        return sum(_reference_rest(rules, rules.apply(st, m), player, rng) for st in states)

    return best_move(legal_moves, lead, rng)


def _positions(rules: Zank104, seed: int, moves: int) -> list[State]:
    """Every position of a game of random play (``moves`` moves at most)."""
    agents = [RandomAgent(seed * 8), RandomAgent(seed * 8 + 1)]
    state = rules.new_game(seed=seed)
    out = [state]
    for _ in range(moves):
        if state.outcome is None:
            seat = state.to_move
            assert seat is not None
            move = agents[seat].choose(rules, rules.observe(state, seat), rules.legal_moves(state))
            state = rules.apply(state, move)
            out.append(state)
    return out


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "default")
def test_the_policy_decides_as_the_public_api_did(options: dict[str, object]) -> None:
    rules = zank.variant("zank-104", **options)
    assert isinstance(rules, Zank104)
    compared = 0
    for seed in range(3):
        for k, state in enumerate(_positions(rules, seed, 300)):
            if state.outcome is not None or k % 3:
                continue
            seat = state.to_move
            assert seat is not None
            seen = rules.observe(state, seat)
            legal = rules.legal_moves(state)
            a, b = Rng(seed * 1000 + k), Rng(seed * 1000 + k)
            assert g.zank104_policy(rules, seen, legal, a) == _reference_policy(
                rules, seen, legal, b
            )
            assert a.state == b.state
            compared += 1
    assert compared > 200


@pytest.mark.parametrize("options", OPTIONS[:4], ids=lambda o: ",".join(o) or "default")
def test_the_samples_are_sample_states(options: dict[str, object]) -> None:
    rules = zank.variant("zank-104", **options)
    assert isinstance(rules, Zank104)
    for state in _positions(rules, 11, 200)[::5]:
        if state.outcome is not None:
            continue
        for seat in range(2):
            seen = rules.observe(state, seat)
            for seed in (0, 5, 2**64 - 1):
                assert g._sample(rules, seen, seed) == rules.sample_state(seen, seed=seed)


def test_a_move_is_scored_as_it_was() -> None:
    for options in OPTIONS[:3]:
        rules = zank.variant("zank-104", **options)
        assert isinstance(rules, Zank104)
        for state in _positions(rules, 4, 400):
            if state.outcome is None:
                seen = rules.observe(state, state.to_move or 0)
                for m in rules.legal_moves(state):
                    assert g.move_score(rules, seen, m) == _reference_score(rules, seen, m)


def test_the_rollout_twin_plays_the_best_one_move_score() -> None:
    """The twin that a search's rollouts play (``zank104_policy.rollout``)
    looks at :data:`ROLLOUT_SAMPLES` sampled states; with 0, the committed
    setting, it plays the best :func:`move_score` (ties at random), never an
    own pack."""
    assert g.zank104_policy.rollout is g.zank104_rollout_policy  # type: ignore[attr-defined]
    assert g.ROLLOUT_SAMPLES == 0
    rules = zank.variant("zank-104")
    assert isinstance(rules, Zank104)
    for k, state in enumerate(_positions(rules, 5, 300)):
        if state.outcome is not None:
            continue
        seen = rules.observe(state, state.to_move or 0)
        legal = rules.legal_moves(state)
        mine = [m for m in legal if not rules.is_own_pack(m)]
        a, b = Rng(k), Rng(k)
        want = (
            mine[0]
            if len(mine) == 1
            else best_move(mine, partial(_reference_score, rules, seen), b)
        )
        assert g.zank104_rollout_policy(rules, seen, legal, a) == want
        assert a.state == b.state
