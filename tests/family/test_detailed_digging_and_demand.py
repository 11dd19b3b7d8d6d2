"""zank-detailed: the stricter rules' digging from every house (ZD-V4) and the
ply of the answer to a demand (ZD-22).

Written to kill the survivors of the module's third mutation campaign
(benchmarks/MUTATION.md): the digging duty was tested from house 1 only, and no
test read the ply after a demand or a "let".
"""

from __future__ import annotations

import pytest

import zank
from zank.family import faults

from .positions import KINGS, c, play, position, texts, violation

STRICT = zank.variant("zank-detailed", stricter=True)
TM = zank.variant("zank-detailed", table_mode=True)


@pytest.mark.parametrize(("house", "target"), [(3, 1), (4, 2), (8, 1), (6, 3)])
def test_a_covered_foundation_card_must_be_freed_from_any_house(house: int, target: int) -> None:
    # 3♦ covers 4♣, which fits the foundation A♣ 2♣ 3♣; 3♦ may go onto 4♠
    cards = {
        **KINGS,
        "f1": "Ac 2c 3c",
        f"h{house}": "5h 4c 3d",
        f"h{target}": "4s",
        "p0.reserve": "9h",
    }
    state = position(STRICT, cards)
    assert texts(STRICT, state) == [f"h{house}-h{target}"]
    assert violation(STRICT, state, "turn").rule == "ZD-V4"
    # with the foundation at 2♣ the covered 4♣ fits nothing: nothing obliges
    free = position(STRICT, {**cards, "f1": "Ac 2c"})
    assert "turn" in texts(STRICT, free)


def test_the_answer_to_a_demand_is_the_next_ply() -> None:
    piles = {**KINGS, "f1": "Ah", "f2": "Ac", "p0.reserve": "4c 2h", "p0.turned": "2c"}
    fault = play(TM, position(TM, piles), "t-d")  # 2♣ discarded; 2♥ was due (ZD-9)
    called = play(TM, fault, "stop")
    assert called.phase == faults.DEMAND
    assert called.ply == fault.ply + 1
    for answer in ("demand", "let"):
        after = play(TM, called, answer)
        assert after.phase == faults.PLAY
        assert after.ply == called.ply + 1
        assert after.pile("p0.discard")[-1:] == (() if answer == "demand" else (c("2c"),))
