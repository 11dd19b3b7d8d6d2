"""The observation vector value by value, against the layout the module docs of
:mod:`zank.adapters.encoding` describe (issue 38: mutants of
``zank/adapters/encoding.py`` that the shape and privacy tests let live)."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

import zank
from zank.cards import COLOUR, DECK, RANK, SUIT
from zank.core import HIDDEN, Observation, Rules

np = pytest.importorskip("numpy")
encoding = pytest.importorskip("zank.adapters.encoding")


def documented_order(rules: Rules, players: int, me: int) -> list[int]:
    """The shared piles in layout order, then the observer's, then the next seat's..."""
    specs = rules.layout(players)
    order = [i for i, s in enumerate(specs) if s.owner is None]
    for k in range(players):
        order += [i for i, s in enumerate(specs) if s.owner == (me + k) % players]
    return order


def documented_vector(rules: Rules, obs: Observation, depth: int, info_slots: int) -> list[float]:
    """The vector of the module docs, written out value by value."""
    p = obs.players
    cards = rules.cards(p)
    total = len(cards)
    per_rank = Counter(RANK[c] for c in cards)
    header = [0.0] * (2 * p + 1 + 16)
    header[obs.player] = 1.0
    if obs.to_move is None:
        header[2 * p] = 1.0
    else:
        header[p + (obs.to_move - obs.player) % p] = 1.0
    header[2 * p + 1 + min(max(obs.phase, 0), 15)] = 1.0
    out = header
    for i in documented_order(rules, p, obs.player):
        pile = obs.piles[i]
        visible = [c for c in pile if c != HIDDEN]
        out += [len(pile) / total, obs.down[i] / total, len(visible) / total]
        for j in range(depth):
            slot = [0.0] * 30
            if j < len(pile):
                c = pile[-1 - j]
                slot[0] = 1.0
                if c == HIDDEN:
                    slot[1] = 1.0
                else:
                    slot[2 + RANK[c]] = 1.0
                    slot[2 + 14 + SUIT[c]] = 1.0
                    slot[2 + 18 + COLOUR[c]] = 1.0
                    slot[2 + 20 + DECK[c]] = 1.0
            out += slot
        hist = [0.0] * 14
        for c in visible:
            hist[RANK[c]] += 1.0 / per_rank[RANK[c]]
        out += hist
    out.append(float(obs.phase))
    out += [float(x) for x in obs.info] + [0.0] * (info_slots - len(obs.info))
    return out


def observations(name: str, players: int, seed: int, steps: int) -> list[Observation]:
    """Every seat's observation of the states of one random game."""
    rules = zank.variant(name)
    rnd = random.Random(seed)
    state = rules.new_game(seed=seed, players=players)
    out = []
    for _ in range(steps):
        out += [rules.observe(state, q) for q in range(players)]
        if state.outcome is not None:
            break
        state = rules.apply(state, rnd.choice(rules.legal_moves(state)))
    return out


@pytest.mark.parametrize(
    ("name", "players", "depth"),
    [
        ("spite-and-malice", 2, 3),
        ("spite-and-malice", 3, 5),
        ("zank", 3, 1),
        ("schikanieren", 2, 2),
    ],
)
def test_the_vector_is_the_documented_layout(name: str, players: int, depth: int) -> None:
    rules = zank.variant(name)
    encoder = encoding.ObservationEncoder(rules, players, depth=depth, info_slots=12)
    assert encoder.header_size == 2 * players + 17
    assert encoder.pile_size == 3 + depth * 30 + 14
    assert encoding.SLOT_SIZE == 30
    for obs in observations(name, players, seed=players + depth, steps=40):
        want = documented_vector(rules, obs, depth, 12)
        assert encoder.size == len(want)
        got = encoder.encode(obs)
        assert got.tolist() == pytest.approx(want, abs=1e-7)
        assert encoder.pile_order(obs.player) == documented_order(rules, players, obs.player)


def test_the_phase_one_hot_clamps_and_the_tail_is_raw() -> None:
    rules = zank.variant("spite-and-malice")
    encoder = encoding.ObservationEncoder(rules, 2, info_slots=3)
    obs = rules.observe(rules.new_game(seed=2), 1)
    start = {n: s for n, s, _ in encoder.segments()}
    for phase, place in ((-3, 0), (0, 0), (14, 14), (15, 15), (40, 15)):
        odd = attrs.evolve(obs, phase=phase, info=(7, -2))
        v = encoder.encode(odd)
        assert np.flatnonzero(v[start["phase"] : start["phase"] + 16]).tolist() == [place]
        assert v[start["phase_raw"]] == phase
        assert v[start["info"] :].tolist() == [7.0, -2.0, 0.0]
    over = attrs.evolve(obs, to_move=None)
    v = encoder.encode(over)
    assert v[2:5].tolist() == [0.0, 0.0, 1.0]  # nobody to move, the game-over flag
    three = encoding.ObservationEncoder(rules, 3)
    obs = rules.observe(rules.new_game(seed=2, players=3), 2)
    v = three.encode(attrs.evolve(obs, to_move=None))
    assert v[:7].tolist() == [0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]


def test_encode_into_a_given_array_clears_it_first() -> None:
    rules = zank.variant("zank-104")
    encoder = encoding.ObservationEncoder(rules, 2)
    obs = rules.observe(rules.new_game(seed=4), 0)
    out = np.full(encoder.size, 9.0, dtype=np.float32)
    assert encoder.encode(obs, out) is out
    assert np.array_equal(out, encoder.encode(obs))


def test_the_segments_and_bounds_name_every_part() -> None:
    rules = zank.variant("spite-and-malice")
    encoder = encoding.ObservationEncoder(rules, 2, depth=1, info_slots=2)
    segments = encoder.segments()
    assert segments[:4] == [("seat", 0, 2), ("to_move", 2, 4), ("over", 4, 5), ("phase", 5, 21)]
    names = [name for name, _, _ in segments[4:-2]]
    assert names[:6] == [
        "pile:draw",
        "pile:done",
        "pile:build1",
        "pile:build2",
        "pile:build3",
        "pile:seat+0.pay-off1",
    ]
    assert names[-6:] == [
        "pile:seat+1.pay-off1",
        "pile:seat+1.hand1",
        "pile:seat+1.side1",
        "pile:seat+1.side2",
        "pile:seat+1.side3",
        "pile:seat+1.side4",
    ]
    size = encoder.pile_size
    assert all(stop - start == size for _, start, stop in segments[4:-2])
    assert segments[-2:] == [
        ("phase_raw", encoder.bounded_size, encoder.bounded_size + 1),
        ("info", encoder.bounded_size + 1, encoder.bounded_size + 3),
    ]
    low, high = encoder.low_high()
    assert low[: encoder.bounded_size].tolist() == [0.0] * encoder.bounded_size
    assert high[: encoder.bounded_size].tolist() == [1.0] * encoder.bounded_size
    assert low[encoder.bounded_size :].tolist() == [-np.inf] * 3
    assert high[encoder.bounded_size :].tolist() == [np.inf] * 3


def test_the_refusals_name_what_is_wrong() -> None:
    rules = zank.variant("spite-and-malice")
    msg = r"^depth must be at least 1 and info_slots at least 0$"
    with pytest.raises(ValueError, match=msg):
        encoding.ObservationEncoder(rules, 2, depth=0)
    with pytest.raises(ValueError, match=msg):
        encoding.ObservationEncoder(rules, 2, info_slots=-1)
    assert encoding.ObservationEncoder(rules, 2, depth=1, info_slots=0).info_slots == 0
    assert encoding.ObservationEncoder(rules, 2).info_slots == rules.info_size(2)
    encoder = encoding.ObservationEncoder(rules, 2, info_slots=1)
    three = rules.observe(rules.new_game(seed=1, players=3), 0)
    with pytest.raises(
        ValueError,
        match=r"^this encoder is for 2-seat games of spite-and-malice, "
        r"not for an observation of 3 seats$",
    ):
        encoder.encode(three)
    obs = rules.observe(rules.new_game(seed=1), 0)
    with pytest.raises(
        ValueError,
        match=r"^the state has 2 info integers but the encoder has room for 1: "
        r"make it with info_slots=2 or more$",
    ):
        encoder.encode(attrs.evolve(obs, info=(1, 2)))
    assert encoder.encode(attrs.evolve(obs, info=(5,)))[-1] == 5.0


def test_an_observation_of_another_layout_is_refused() -> None:
    encoder = encoding.ObservationEncoder(zank.variant("spite-and-malice"), 2)
    other = zank.variant("zank")
    obs = other.observe(other.new_game(seed=1), 0)
    with pytest.raises(
        ValueError,
        match=r"^this encoder is for 2-seat games of spite-and-malice, "
        r"not for an observation of 2 seats$",
    ):
        encoder.encode(obs)
