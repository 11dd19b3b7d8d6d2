"""The SVG picture's pile labels: a centre pile of more than one card shows its
count, one of a single card or none does not.  Written for the mutation
campaign of ``zank.render.svg`` (issue 38: the count's bound survived)."""

from __future__ import annotations

import re

import zank
from zank.render.svg import svg


def test_a_centre_pile_shows_its_count_from_two_cards() -> None:
    rules = zank.variant("spite-and-malice")
    piles = {"build1": "Ad 2s 3h 4c", "build2": "Ah", "build3": "Ac 2d", "draw": "... "}
    piles |= {"p0.hand": "5s Kd 2c 3d Jc", "p1.hand": "2h 3c 4d 6c 7d"}
    state = rules.setup(piles, seed=0)
    labels = [t for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg(state)) if len(t) > 2]
    assert "build 1 · 4" in labels
    assert "build 2" in labels
    assert "build 3 · 2" in labels
    assert f"draw pile · {len(state.piles[0])}" in labels
    assert not [t for t in labels if t.startswith("build 2 ·")]
