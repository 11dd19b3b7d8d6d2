"""Matches of zank-detailed rounds to a target score (ZD-21)."""

from __future__ import annotations

import zank
from zank.agents import RandomAgent
from zank.family.detailed import ZankDetailed
from zank.family.match import play_match, round_rules, round_seed


def test_a_match_is_played_to_300_points_by_default() -> None:
    rules = zank.variant("zank-detailed")
    match = play_match(rules, [RandomAgent(1), RandomAgent(2)], seed=3)
    assert match.target == 300
    assert match.winner is not None
    assert match.totals[match.winner] >= 300
    assert max(match.totals[: match.winner] + match.totals[match.winner + 1 :]) < 300
    assert match.totals == tuple(sum(r.points[q] for r in match.rounds) for q in range(2))
    # before the last round nobody had reached the target
    last = match.rounds[-1].points
    assert max(t - p for t, p in zip(match.totals, last, strict=True)) < 300
    assert match.seeds == tuple(round_seed(3, i) for i in range(len(match.rounds)))
    again = play_match(rules, [RandomAgent(1), RandomAgent(2)], seed=3)
    assert again == match


def test_alternate_beginners_change_from_round_to_round() -> None:
    rules = zank.variant("zank-detailed", who_begins="alternate", first_player=1)
    starters = []
    for i in range(4):
        r = round_rules(rules, i)
        assert isinstance(r, ZankDetailed)
        starters.append(r.new_game(seed=round_seed(0, i)).to_move)
    assert starters == [1, 0, 1, 0]
    lower = zank.variant("zank-detailed")
    assert round_rules(lower, 3) is lower


def test_max_rounds_stops_a_match_without_a_winner() -> None:
    rules = zank.variant("zank-detailed")
    match = play_match(rules, [RandomAgent(1), RandomAgent(2)], target=10_000, max_rounds=2)
    assert match.winner is None
    assert len(match.rounds) == 2
