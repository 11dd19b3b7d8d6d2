"""schikanieren (seed 000, last paragraph): one test or more per rule of
docs/rules/schikanieren.md (the Z- rules it shares are tested in test_classic.py)."""

from __future__ import annotations

from collections.abc import Mapping

import attrs
import pytest

import zank
from zank.agents import GreedyAgent, RandomAgent
from zank.cards import full_deck
from zank.core import HIDDEN, State, Termination
from zank.family.classic_common import START_INFO
from zank.family.schikanieren import Schikanieren

from ..matrix import finished_game
from .positions import KINGS, c, play, position, texts, violation

RULES = zank.variant("schikanieren")
assert isinstance(RULES, Schikanieren)

#: Kings of one suit each: they take only the queen of their suit.
EDGES = KINGS


def pos(
    piles: Mapping[str, str],
    *,
    down: Mapping[str, int] | None = None,
    rest: str = "hand",
    to_move: int = 0,
) -> State:
    """A position past the first round; the Schikanier piles hold a king
    each unless named (kings of the other pack than the edge piles' use)."""
    named = {"p0.schikanier": "", "p1.schikanier": "", **piles}
    return position(RULES, named, to_move=to_move, rest=rest, info=START_INFO, down=down, turn=9)


# ------------------------------------------------------------------- S-2
def test_the_deal_schikanier_piles_and_edge_piles_of_two_cards() -> None:
    state = RULES.new_game(seed=5)
    for p in range(2):
        schik = state.pile(f"p{p}.schikanier")
        assert len(schik) == 12
        assert state.down[RULES.pile_index(2, f"p{p}.schikanier")] == 11
        assert len(state.pile(f"p{p}.hand")) == 31
        assert len(state.pile(f"p{p}.discard")) == 1
        edges = [state.pile(f"h{p * 4 + j + 1}") for j in range(4)]
        assert all(len(e) == 2 for e in edges)
        mine = [*schik, *state.pile(f"p{p}.hand"), *state.pile(f"p{p}.discard")]
        mine += [x for e in edges for x in e]
        assert sorted(mine) == sorted(full_deck(p))  # each deals from the own pack
    assert all(state.down[RULES.pile_index(2, f"h{h}")] == 1 for h in range(1, 9))
    assert state == RULES.new_game(seed=5)


def test_observations_hide_the_face_down_cards() -> None:
    state = RULES.new_game(seed=5)
    obs = RULES.observe(state, 1)
    h1 = RULES.pile_index(2, "h1")
    assert obs.piles[h1] == (HIDDEN, state.pile("h1")[1])
    schik = obs.piles[RULES.pile_index(2, "p0.schikanier")]
    assert schik[:11] == (HIDDEN,) * 11
    assert schik[11] == state.pile("p0.schikanier")[11]


def test_no_learning_game_and_no_three_player_game() -> None:
    with pytest.raises(zank.OptionError, match="learning"):
        zank.variant("schikanieren", learning=True)
    with pytest.raises(zank.OptionError, match="players"):
        RULES.new_game(seed=1, players=3)


# ------------------------------------------------------------------- S-3
def test_edge_piles_build_down_in_the_same_suit() -> None:
    state = pos({**EDGES, "h1": "Th", "p0.discard": "9d", "p1.discard": "Qs:1"})
    assert "d-h1" not in texts(RULES, state)
    v = violation(RULES, state, "d-h1")
    assert v.rule == "Z-5"
    assert v.message == "9♦ cannot go on edge pile 1: it shows 10♥, which takes the ♥ 9"
    state = pos({**EDGES, "h1": "Th", "p0.discard": "9h"})
    assert texts(RULES, state) == ["d-h1"]


# ------------------------------------------------------------------- S-4
def test_the_schikanier_top_is_played_like_the_discard_top() -> None:
    piles = {**EDGES, "h1": "Kc Qc", "p0.discard": "5h", "p0.schikanier": "9d Ad"}
    state = pos(piles, down={"p0.schikanier": 1})  # 9d face down: Ad was not packed on it
    assert texts(RULES, state) == ["s-f"]  # move 4
    state = play(RULES, state, "s-f")
    assert state.pile("p0.schikanier") == (c("9d"),)
    state = pos({**EDGES, "h1": "Kc Qc", "p0.discard": "5h", "p0.schikanier": "Jc"})
    assert texts(RULES, state) == ["s-h1"]  # move 5
    state = pos({**EDGES, "h8": "", "p0.discard": "5h", "p0.schikanier": "Jc"})
    assert texts(RULES, state) == ["d-h8", "s-h8", "draw"]  # move 7a from either


def test_only_the_opponent_packs_onto_a_schikanier_pile() -> None:
    state = pos({**EDGES, "p0.discard": "5h", "p1.schikanier": "6h:1", "p1.discard": "4h:1"})
    assert texts(RULES, state) == ["d-os"]  # move 6 goes onto the Schikanier pile
    state = play(RULES, state, "d-os")
    assert state.pile("p1.schikanier")[-1] == c("5h")
    with pytest.raises(zank.NotationError):
        RULES.parse_move(state, "d-od")  # the opponent's discard takes nothing
    assert not any(m.text.endswith("-s") for m in RULES.moves)  # nor the own Schikanier pile
    v = violation(RULES, pos({**EDGES, "p0.discard": "5h", "p1.schikanier": "8h:1"}), "d-os")
    assert v.rule == "Z-13"
    assert "the opponent's Schikanier pile" in v.message


def test_a_drawn_card_may_go_onto_the_opponents_schikanier_pile() -> None:
    state = pos({**EDGES, "p0.hand": "Tc", "p0.discard": "5h", "p1.schikanier": "9c:1"})
    state = play(RULES, state, "draw")
    assert texts(RULES, state) == ["t-os"]


def test_a_packed_schikanier_pile_gives_its_owner_the_packed_card() -> None:
    piles = {**EDGES, "f1": "Ah 2h 3h 4h", "p1.schikanier": "6h:1 5h", "p1.discard": "2c:1"}
    state = pos(piles, to_move=1)
    assert texts(RULES, state) == ["s-f"]
    state = play(RULES, state, "s-f")
    assert state.pile("p1.schikanier") == (c("6h:1"),)


# ------------------------------------------------------------------- S-5
def test_face_down_cards_turn_up_when_freed() -> None:
    state = pos({**EDGES, "f1": "Ah 2h 3h 4h 5h 6h 7h 8h", "h1": "5c 9h"}, down={"h1": 1})
    assert texts(RULES, state) == ["h1-f"]
    state = play(RULES, state, "h1-f")
    assert state.pile("h1") == (c("5c"),)
    assert state.down[RULES.pile_index(2, "h1")] == 0
    state = pos(
        {**EDGES, "p0.discard": "5h", "p0.schikanier": "Td Jd 2s Ad"},
        down={"p0.schikanier": 3},
    )
    state = play(RULES, state, "s-f")
    assert state.down[RULES.pile_index(2, "p0.schikanier")] == 2


def test_a_pile_with_a_face_down_card_is_not_announced_for_emptying() -> None:
    # 9h could go on 10♥, but the face-down card under it is unknown
    state = pos({**EDGES, "h1": "5c 9h", "h2": "Th", "p0.discard": "2s"}, down={"h1": 1})
    assert "empty h1" not in texts(RULES, state)


# ------------------------------------------------------------------- S-6
def test_a_player_wins_with_source_discard_and_schikanier_pile_empty() -> None:
    state = pos({**EDGES, "p0.hand": "", "p0.discard": "Ad", "p0.schikanier": "Ac"}, rest="p1.hand")
    state = play(RULES, state, "d-f")
    assert RULES.result(state) is None  # the Schikanier pile still has a card
    state = play(RULES, state, "s-f")
    assert RULES.result(state) == zank.Result(0, (1, 0), Termination.WENT_OUT)


LITERAL = Schikanieren(schikanier_counts=False)


def test_with_schikanier_counts_false_source_and_discard_empty_win() -> None:
    # "Gewonnen hat, wer keine Karte mehr auf Quelle und Ablagestapel hat"
    piles = {**EDGES, "p0.hand": "", "p0.discard": "Ad", "p0.schikanier": "Ac"}
    piles["p1.schikanier"] = "Qd:1"
    state = position(LITERAL, piles, rest="p1.hand", info=START_INFO, turn=9)
    LITERAL.validate(state)
    assert LITERAL.cards_left(state) == (1, 93)  # the Schikanier piles do not count
    assert isinstance(RULES, Schikanieren)
    assert RULES.cards_left(attrs.evolve(state, rules=RULES)) == (2, 94)
    end = play(LITERAL, state, "d-f")
    assert LITERAL.result(end) == zank.Result(0, (1, 0), Termination.WENT_OUT)
    assert end.pile("p0.schikanier") == (c("Ac"),)
    # by default the Schikanier pile counts (S-6): the game goes on
    assert RULES.result(play(RULES, attrs.evolve(state, rules=RULES), "d-f")) is None


def test_with_nothing_to_play_the_player_passes() -> None:
    state = pos({**EDGES, "p0.hand": "", "p0.discard": "", "p0.schikanier": "5h"}, rest="p1.hand")
    assert texts(RULES, state) == ["pass"]
    state = play(RULES, state, "pass")
    assert state.to_move == 1
    v = violation(RULES, pos({**EDGES, "p0.discard": "5h"}), "pass")
    assert v.rule == "S-6"


# --------------------------------------------------------------- whole games
PRESETS = [zank.variant("schikanieren", **dict(o)) for o in Schikanieren.presets]


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: str(r.options))
def test_random_games_all_end(rules: zank.Rules) -> None:
    """Seeded random games per preset end (tests/test_games_end.py plays and
    checks them), and some by a player going out."""
    reasons = set()
    for seed in range(10):
        _, state = finished_game(rules, 2, seed)
        result = rules.result(state)
        assert result is not None, f"seed {seed} ran away"
        reasons.add(result.reason)
    assert Termination.WENT_OUT in reasons


def test_greedy_plays_schikanieren() -> None:
    record = zank.play(RULES, [GreedyAgent(1), RandomAgent(2)], seed=4)
    assert record.result is not None
