"""The observation encoding of :mod:`zank.adapters.encoding`, over every registered variant."""

from __future__ import annotations

import itertools
import random

import pytest

import zank
from zank.core import Rules, State

from ..strategies import all_presets, player_counts, preset_id

np = pytest.importorskip("numpy")
encoding = pytest.importorskip("zank.adapters.encoding")

CASES = [
    pytest.param(rules, players, id=f"{preset_id(rules)}-{players}p")
    for rules in all_presets()
    for players in player_counts(rules)
]


def random_states(rules: Rules, players: int, seed: int, steps: int) -> list[State]:
    """The states of one random game (at most ``steps`` moves)."""
    rnd = random.Random(seed)
    state = rules.new_game(seed=seed, players=players)
    out = [state]
    while state.outcome is None and len(out) <= steps:
        state = rules.apply(state, rnd.choice(rules.legal_moves(state)))
        out.append(state)
    return out


@pytest.mark.slow  # a seeded quarter of the cases (tests/conftest.py)
@pytest.mark.parametrize(("rules", "players"), CASES)
def test_fixed_length_bounded_and_private(rules: Rules, players: int) -> None:
    encoder = encoding.ObservationEncoder(rules, players)
    low, high = encoder.low_high()
    for i, state in enumerate(random_states(rules, players, seed=11, steps=150)):
        for p in range(players):
            obs = rules.observe(state, p)
            v = encoder.encode(obs)
            assert v.shape == (encoder.size,)
            assert v.dtype == np.float32
            assert np.all(v >= low)
            assert np.all(v <= high)
            # only what the player sees: a state dealt anew behind the player's back
            # gives the same vector
            sampled = rules.sample_state(obs, seed=i)
            assert np.array_equal(encoder.encode(rules.observe(sampled, p)), v)


@pytest.mark.parametrize(("rules", "players"), CASES)
def test_segments_tile_the_vector(rules: Rules, players: int) -> None:
    encoder = encoding.ObservationEncoder(rules, players, depth=2, info_slots=5)
    segments = encoder.segments()
    assert segments[0][1] == 0
    assert segments[-1][2] == encoder.size
    for (_, _, stop), (_, start, _) in itertools.pairwise(segments):
        assert stop == start
    assert len({name for name, _, _ in segments}) == len(segments)
    assert encoder.bounded_size == segments[-2][1]


@pytest.mark.parametrize(("rules", "players"), CASES)
def test_piles_are_relative_to_the_observer(rules: Rules, players: int) -> None:
    encoder = encoding.ObservationEncoder(rules, players)
    if not encoder.relative:
        pytest.skip("the seats of this layout own different piles")
    state = rules.new_game(seed=3, players=players)
    assert state.to_move is not None
    seat0 = [s for s in rules.layout(players) if s.owner == 0]
    blocks = {name: (start, stop) for name, start, stop in encoder.segments()}
    for p in range(players):
        v = encoder.encode(rules.observe(state, p))
        own = [i for i, s in enumerate(rules.layout(players)) if s.owner == p]
        counts: dict[str, int] = {}
        for spec, i in zip(seat0, own, strict=True):
            counts[spec.kind] = counts.get(spec.kind, 0) + 1
            start, _ = blocks[f"pile:seat+0.{spec.kind}{counts[spec.kind]}"]
            assert v[start] == pytest.approx(len(state.piles[i]) / len(rules.cards(players)))
        assert v[p] == 1.0  # the seat one-hot
        assert v[players + (state.to_move - p) % players] == 1.0  # whose turn, relatively


def test_visible_top_card_is_one_hot() -> None:
    import zank
    from zank.cards import COLOUR, DECK, RANK, SUIT

    rules = zank.variant("spite-and-malice")
    encoder = encoding.ObservationEncoder(rules, 2, depth=1)
    state = rules.new_game(seed=5)
    v = encoder.encode(rules.observe(state, 0))
    start = {n: s for n, s, _ in encoder.segments()}["pile:seat+0.pay-off1"]
    top = state.pile("p0.pay")[-1]
    slot = v[start + 3 : start + 3 + encoding.SLOT_SIZE]
    assert slot[0] == 1.0  # present
    assert slot[1] == 0.0  # not hidden
    card = slot[2:]
    assert np.flatnonzero(card).tolist() == [
        RANK[top],
        14 + SUIT[top],
        18 + COLOUR[top],
        20 + DECK[top],
    ]


def test_wrong_seat_count_and_too_much_info_are_errors() -> None:
    import attrs

    import zank

    rules = zank.variant("spite-and-malice")
    encoder = encoding.ObservationEncoder(rules, 2, info_slots=1)
    three = rules.observe(rules.new_game(seed=1, players=3), 0)
    with pytest.raises(ValueError, match="2-seat games"):
        encoder.encode(three)
    obs = attrs.evolve(rules.observe(rules.new_game(seed=1), 0), info=(1, 2))
    with pytest.raises(ValueError, match="info_slots=2"):
        encoder.encode(obs)
    with pytest.raises(ValueError, match="depth"):
        encoding.ObservationEncoder(rules, 2, depth=0)


@pytest.mark.parametrize("name", ["zank", "zank-detailed", "zank-104", "schikanieren", "crapette"])
def test_table_mode_states_fit_the_default_encoder(name: str) -> None:
    """Call windows lengthen ``info``; the encoder sizes its room from ``info_size``."""
    from zank.agents import Agent, CallingAgent, FaultyRandomAgent

    rules = zank.variant(name, table_mode=True, call_window="every-move")
    encoder = encoding.ObservationEncoder(rules, 2)
    agents: list[Agent] = [
        FaultyRandomAgent(0.3, seed=1),
        CallingAgent(FaultyRandomAgent(0.3, seed=2)),
    ]
    state = rules.new_game(seed=3)
    longest = 0
    for _ in range(400):
        if state.outcome is not None:
            break
        p = state.to_move
        assert p is not None
        for seat in range(2):
            assert encoder.encode(rules.observe(state, seat)).shape == (encoder.size,)
        longest = max(longest, len(state.info))
        state = rules.apply(
            state, agents[p].choose(rules, rules.observe(state, p), rules.legal_moves(state))
        )
    assert longest == rules.info_size(2)  # a call window was opened and encoded
