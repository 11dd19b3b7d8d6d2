"""The portable generator: SplitMix64 reference values and the shuffle."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from zank.random import Rng, splitmix64


def test_splitmix64_reference_vector() -> None:
    # The published reference outputs of SplitMix64 for the seed 1234567.
    rng = Rng(1234567)
    assert [rng.next64() for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


def test_splitmix64_function_matches_the_class() -> None:
    out, state = splitmix64(0)
    rng = Rng(0)
    assert rng.next64() == out
    assert rng.state == state


def test_shuffle_is_pinned() -> None:
    assert Rng(7).shuffle([1, 2, 3, 4, 5]) == [5, 2, 4, 1, 3]
    assert Rng(2**64 - 1).shuffle(list(range(10))) == Rng(2**64 - 1).shuffle(list(range(10)))


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=1000))
def test_below_stays_in_range(seed: int, n: int) -> None:
    rng = Rng(seed)
    assert all(0 <= rng.below(n) < n for _ in range(20))


@given(
    st.integers(min_value=0, max_value=2**64 - 1),
    st.lists(st.integers(min_value=1, max_value=2**64), min_size=1, max_size=20),
)
def test_below_draws_by_rejection_from_next64(seed: int, bounds: list[int]) -> None:
    # below() writes SplitMix64 out for speed; it must draw exactly what
    # rejection sampling over next64() draws, and leave the same state.
    fast, plain = Rng(seed), Rng(seed)
    for n in bounds:
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = plain.next64()
            if x < limit:
                break
        assert fast.below(n) == x % n
        assert fast.state == plain.state


@given(st.integers(min_value=0, max_value=2**64 - 1), st.lists(st.integers(), max_size=60))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    assert sorted(Rng(seed).shuffle(list(items))) == sorted(items)


def test_below_is_roughly_uniform() -> None:
    rng = Rng(42)
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.below(6)] += 1
    assert all(9_500 < c < 10_500 for c in counts), counts


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="n >= 1"):
        Rng(1).below(0)
    with pytest.raises(TypeError):
        Rng("7")  # type: ignore[arg-type]


def test_below_takes_every_bound_below_two_to_the_64() -> None:
    # the largest bound keeps every output but the last (rejection of 2**64 - 1)
    for n in (2**64 - 1, 2**63 + 1, 2**63, 2**32 + 7):
        fast, slow = Rng(99), Rng(99)
        for _ in range(50):
            limit = 2**64 - 2**64 % n
            x = slow.next64()
            while x >= limit:
                x = slow.next64()
            assert fast.below(n) == x % n
            assert fast.state == slow.state
    assert Rng(5).below(2**64) == Rng(5).next64()
    with pytest.raises(ValueError, match=r"n <= 2\*\*64"):
        Rng(1).below(2**64 + 1)  # it looped for ever before
    with pytest.raises(ValueError, match="n >= 1"):
        Rng(1).below(-(2**70))


def test_a_generator_pickles_and_copies_with_its_state() -> None:
    # the compiled build's Rng is an extension type (random.pxd): its C state
    # must survive pickling (agents travel to worker processes) and copying
    rng = Rng(2024)
    rng.next64()
    fresh = Rng(rng.state)
    expected = [fresh.below(1000) for _ in range(5)]
    for twin in (pickle.loads(pickle.dumps(rng)), copy.copy(rng), copy.deepcopy(rng)):
        assert type(twin) is Rng
        assert type(twin.state) is int
        assert twin.state == rng.state
        assert [twin.below(1000) for _ in range(5)] == expected


def test_a_subclass_overrides_the_draw_that_shuffle_uses() -> None:
    # compiled, shuffle calls below() in C, which must still reach an override
    # (the OpenSpiel adapter's deal draws each card as a chance outcome so)
    class Lowest(Rng):
        def below(self, n: int) -> int:
            return 0

    assert Lowest(5).shuffle([1, 2, 3, 4]) == [2, 3, 4, 1]
    assert Rng(5).shuffle([1, 2, 3, 4]) != [2, 3, 4, 1]


def test_the_state_is_reduced_to_64_bits_and_reads_as_an_int() -> None:
    rng = Rng(-1)
    assert rng.state == 2**64 - 1
    rng = Rng(2**70 + 3)
    assert rng.state == 3
    assert type(rng.state) is int
