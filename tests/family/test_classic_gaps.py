"""zank (``zank.family.classic``): paths the older tests did not reach.

Written for the mutation campaign of ``classic`` (benchmarks/MUTATION.md,
"Fourth campaign"): each test tells the rules apart from a changed copy that
survived the older tests.
"""

from __future__ import annotations

import zank
from zank.family.classic import ClassicZank

from .positions import KINGS, texts
from .test_classic import pos

TZ = zank.variant("zank", table_mode=True)
assert isinstance(TZ, ClassicZank)


def test_table_mode_offers_no_move_of_an_edge_pile_s_only_card_into_a_gap() -> None:
    # Z-6 in table mode too: the only card of h2 into the gap h8 changes nothing,
    # the top of the two-card h3 may go there (a move strict play does not allow)
    state = pos(TZ, {**KINGS, "h2": "9h", "h3": "Ts 9d", "h8": "", "p0.discard": "Ad"})
    assert texts(TZ, state) == ["empty h2", "d-f", "d-h8", "h3-h8", "draw"]
