"""``benchmarks/policy_choices.py``: fingerprints of the greedy policies' choices."""

from __future__ import annotations

from types import ModuleType

import pytest

import zank
from zank.agents import spite
from zank.spite_malice import DISCARD

from .scripts import BENCHMARKS, load_script


@pytest.fixture(scope="module")
def choices() -> ModuleType:
    return load_script(BENCHMARKS / "policy_choices.py", "zank_policy_choices")


RULES = zank.variant("spite-and-malice", pay_off_size=3)


def test_the_digest_is_the_same_for_the_same_games(choices: ModuleType) -> None:
    first = choices.digest(RULES, 2, 2, 0)
    assert first == choices.digest(RULES, 2, 2, 0)
    assert first[1] > 20  # the states of two games
    assert first[0] != choices.digest(RULES, 2, 2, 1)[0]  # other deals, other choices


def test_a_changed_score_changes_the_digest(
    choices: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the policy's choices are what is hashed: discards preferring low cards instead of
    # high ones must show (in the pure build, where the score is a Python method)
    if zank.compiled:
        pytest.skip("the compiled policy's score cannot be patched")
    before = choices.digest(RULES, 2, 3, 0)[0]
    key = spite._View._key

    def low_first(view: spite._View, move: zank.Move) -> int:
        return int(key(view, move)) - (3 * move.source if move.kind == DISCARD else 0)

    monkeypatch.setattr(spite._View, "_key", low_first)
    assert choices.digest(RULES, 2, 3, 0)[0] != before


def test_the_twins_are_hashed(choices: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    # a changed reach (the search's leaf term) shows although the greedy choices do not
    before = choices.digest(RULES, 2, 2, 0)[0]
    greedy = spite.spite_and_malice_greedy
    monkeypatch.setattr(greedy, "reach", lambda rules, state: [0.5] * state.players)
    assert choices.digest(RULES, 2, 2, 0)[0] != before
