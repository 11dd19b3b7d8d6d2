"""zank.random at the edges: rejection for large bounds, and fresh seeds of 64 bits.

Found by mutation testing (issue 25): with the bounds the property tests draw,
``below`` almost never rejects an output, so a wrong rejection limit survived.
Here the bounds make about every second output a rejection.
"""

from __future__ import annotations

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
