"""zank.random at the edges: rejection for large bounds, and fresh seeds of 64 bits.

Found by mutation testing (issue 25): with the bounds the property tests draw,
``below`` almost never rejects an output, so a wrong rejection limit survived.
Here the bounds make about every second output a rejection.
"""

from __future__ import annotations

import pytest

from zank.random import MASK64, Rng, fresh_seed


def _reference_below(rng: Rng, n: int) -> int:
    """Rejection sampling over next64, written from its definition: the largest
    multiple of n that fits in 64 bits bounds the outputs kept."""
    multiple = (2**64 // n) * n
    while True:
        x = rng.next64()
        if x < multiple:
            return x % n


def test_below_rejects_outputs_past_the_largest_multiple_of_n() -> None:
    rejected = 0
    for n in (2**63 + 1, 3 * 2**62, 2**64 - 1, 2**64, 2**62 * 3 + 7):
        for seed in range(40):
            fast, plain = Rng(seed), Rng(seed)
            probe = Rng(seed)
            first = probe.next64()
            rejected += first >= (2**64 // n) * n
            assert fast.below(n) == _reference_below(plain, n)
            assert fast.state == plain.state
    assert rejected >= 20  # the cases above do reject


def test_fresh_seeds_use_all_64_bits() -> None:
    seeds = [fresh_seed() for _ in range(200)]
    assert all(0 <= s <= MASK64 for s in seeds)
    # each seed is below 2**63 with chance 1/2: all 200 below is a 2**-200 event
    assert max(seeds) >= 2**63
    assert len(set(seeds)) == 200


def _unxorshift(x: int, shift: int) -> int:
    """The inverse of ``x ^ (x >> shift)`` on 64 bits."""
    y = x
    for _ in range(64 // shift + 1):
        y = x ^ (y >> shift)
    return y & MASK64


def _state_before(output: int) -> int:
    """The generator state whose next64() is ``output`` (SplitMix64's mix is a bijection)."""
    z = _unxorshift(output, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 2**64)) & MASK64
    z = _unxorshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 2**64)) & MASK64
    z = _unxorshift(z, 30)
    return (z - 0x9E3779B97F4A7C15) & MASK64


@pytest.mark.parametrize("n", [3, 2**63 + 1, 10**18])
def test_an_output_equal_to_the_limit_is_rejected_and_one_below_is_kept(n: int) -> None:
    limit = (2**64 // n) * n  # the first output that is rejected
    at = Rng(_state_before(limit))
    assert Rng(at.state).next64() == limit
    after = Rng(at.state)
    after.next64()
    assert at.below(n) == _reference_below(after, n)  # the output at the limit was drawn again
    assert at.state == after.state
    below = Rng(_state_before(limit - 1))
    assert below.below(n) == (limit - 1) % n


def test_a_seed_is_an_int_and_not_a_bool() -> None:
    for bad in (True, False, 1.0, "7", None):
        with pytest.raises(TypeError, match=r"^seed must be an int, not "):
            Rng(bad)  # type: ignore[arg-type]
    assert Rng(-1).state == MASK64
    assert Rng(2**64 + 5).state == 5
