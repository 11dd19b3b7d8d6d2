"""``zank.playouts`` after issue 31 (one game loop on a working position).

Issue 38, twelfth campaign, third worker (seed 43): the survivors of a fresh
sample of the rewritten module.  A variant with no greedy policy was never
asked for one (every registered variant has one, so the refusal's test looped
over nothing), and the argument checks' edges are pinned word by word.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

import zank
from zank.errors import OptionError, ZankError
from zank.spite_malice import SpiteAndMalice


class _NoGreedy(SpiteAndMalice):
    """Spite and Malice without a greedy policy (as a plugin may be)."""

    greedy_policy: ClassVar[str | None] = None


@pytest.mark.parametrize("policy", ["greedy", ["random", "greedy"], ["greedy", "random"]])
def test_a_variant_without_a_greedy_policy_refuses_the_greedy_policy(policy: object) -> None:
    rules = _NoGreedy()
    state = rules.new_game(seed=1)
    with pytest.raises(ZankError) as info:
        rules.playouts(state, 1, seed=0, policy=policy)  # type: ignore[arg-type]
    assert str(info.value) == (
        f"no greedy agent for {rules.name}: it declares no greedy policy "
        "(zank variants lists the variants with one)"
    )
    # the random policy plays it
    assert rules.playouts(state, 1, seed=0, max_moves=3).lengths == (3,)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"n": -1}, "n must be an int >= 0, not -1"),
        ({"n": True}, "n must be an int >= 0, not True"),
        ({"n": 2.0}, "n must be an int >= 0, not 2.0"),
        ({"max_moves": -1}, "max_moves must be an int >= 0, not -1"),
        ({"max_moves": False}, "max_moves must be an int >= 0, not False"),
        ({"seed": -1}, "seed must be an int >= 0 or None, not -1"),
        ({"seed": True}, "seed must be an int >= 0 or None, not True"),
        ({"seed": 1.0}, "seed must be an int >= 0 or None, not 1.0"),
    ],
)
def test_the_counts_and_the_seed_are_refused_word_by_word(
    kwargs: dict[str, Any], message: str
) -> None:
    rules = zank.variant("spite-and-malice")
    state = rules.new_game(seed=1)
    args: dict[str, Any] = {"n": 1, "seed": 0, **kwargs}
    n = args.pop("n")
    with pytest.raises(OptionError) as info:
        rules.playouts(state, n, **args)
    assert str(info.value) == message


def test_the_edges_of_the_counts_and_the_seed_are_accepted() -> None:
    rules = zank.variant("spite-and-malice")
    state = rules.new_game(seed=1)
    assert rules.playouts(state, 0, seed=0).results == ()
    out = rules.playouts(state, 2, seed=0, max_moves=0, keep_moves=True, keep_finals=True)
    assert out.lengths == (0, 0)
    assert out.moves == ((), ())
    assert out.finals == (state, state)
    assert rules.playouts(state, 1, seed=None, max_moves=1).lengths == (1,)
