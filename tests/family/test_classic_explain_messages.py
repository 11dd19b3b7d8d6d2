"""zank's refusals (``zank.family.classic_explain``): the whole message a player
reads, not only the rule id: which pile, which card, what it takes, how many
moves are left, which moves are due.

Written for the mutation campaign of ``classic_explain`` (benchmarks/MUTATION.md,
"Fourth campaign"): the older tests match a rule id or a part of the message, so
a pile number or a count could change unnoticed.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from zank.core import State
from zank.family.classic import ClassicZank
from zank.family.classic_common import I_EMPTIES, START_INFO

from .positions import KINGS, play, violation
from .test_classic import ADVANCED, ADVANCED_FREE, FREE_5C, RULES, pos, pos3, rules_with

ORDER = (
    "the lifted card follows the order centre, non-empty edge pile, empty edge pile, "
    "opponent's discard, own discard: "
)
NO_STEP = (
    "a card moves from edge pile to edge pile only as a step of an announced manoeuvre "
    "(announce it first: 'free <card>' or 'empty h<n>')"
)
STEPS2 = rules_with(manoeuvre_steps=2)


def _lifted(**piles: str) -> State:
    """2♣ lifted from p0's source, the edge piles kings unless ``piles`` says."""
    return play(RULES, pos(RULES, {**KINGS, "p0.hand": "2c", "p0.discard": "9h", **piles}), "draw")


def _first_turn() -> State:
    piles = {"h1": "Kc", "h2": "Kd", "h3": "Kh", "h4": "Ks", "p0.hand": "5c", "p0.discard": "2c 9h"}
    return pos(RULES, piles, turn=1)


def _removed_h1() -> State:
    piles = {**KINGS, "h1": "9h", "h2": "Ts", "h9": "Jc", "p0.discard": "8c"}
    return play(RULES, pos3(piles), "empty h1", "h1-h2")


def _three_packs() -> State:
    return pos3({**KINGS, "h9": "Jc", "p0.discard": "9h", "p1.discard": "8h", "p2.discard": "Ah"})


def _empties_used() -> State:
    info = list(START_INFO)
    info[I_EMPTIES] = ClassicZank.empties_per_progress
    return pos(RULES, {**KINGS, "h1": "9h", "h2": "Ts", "p0.discard": "Ad"}, info=tuple(info))


def _serving() -> State:
    # free 7h (under 6s and 5d) announced with two single moves; one is spent
    piles = {
        **KINGS,
        "f1": "Ah 2h 3h 4h 5h 6h",
        "h3": "7h 6s 5d",
        "h5": "6c",
        "h6": "7d",
        "h7": "6c:1",
    }
    return play(STEPS2, pos(STEPS2, piles), "free 7h", "h3-h7")


CASES: list[tuple[str, ClassicZank, Callable[[], State], str, str, str]] = [
    # (id, rules, position, move, rule, message)
    (
        "end-without-card",
        RULES,
        lambda: pos(RULES, {**KINGS, "p0.discard": "9h"}),
        "t-d",
        "Z-15",
        "you have lifted no card from your source: draw one first",
    ),
    (
        "turned-card-without-card",
        RULES,
        lambda: pos(RULES, {**KINGS, "p0.discard": "9h"}),
        "t-f",
        "Z-15",
        "you have lifted no card from your source: draw one first",
    ),
    (
        "flip-with-a-source",
        RULES,
        lambda: pos(RULES, {**KINGS, "p0.discard": "9h"}),
        "flip",
        "Z-16",
        "you may turn your discard over only when your source is empty",
    ),
    (
        "edge-to-discard",
        RULES,
        lambda: pos(RULES, {**KINGS, "p0.discard": "9h"}),
        "h1-od",
        "Z-7",
        "no move of the list takes a card from an edge pile to a discard",
    ),
    (
        "edge-to-second-discard",
        RULES,
        lambda: pos(RULES, {**KINGS, "p0.discard": "9h"}),
        "h1-od2",
        "Z-7",
        "no move of the list takes a card from an edge pile to a discard",
    ),
    (
        "no-second-opponent",
        RULES,
        lambda: pos(RULES, {**KINGS, "p0.discard": "9h"}),
        "d-od2",
        "Z-13",
        "there is no second opponent in a two-player game",
    ),
    (
        "king-to-centre",
        RULES,
        lambda: pos(RULES, {**KINGS, "p0.discard": "9h"}),
        "h1-f",
        "Z-4",
        "K♣ cannot go on a centre pile: it needs a centre pile showing the Q♣",
    ),
    (
        "house-takes",
        RULES,
        lambda: pos(RULES, {**KINGS, "p0.discard": "9h"}),
        "d-h5",
        "Z-5",
        "9♥ cannot go on edge pile 5: it shows K♣:1, which takes a red queen",
    ),
    (
        "announce-first",
        RULES,
        lambda: pos(RULES, FREE_5C),
        "h3-h4",
        "Z-9",
        NO_STEP,
    ),
    (
        "move-4-after-move-2",
        RULES,
        lambda: pos(RULES, FREE_5C),
        "d-f",
        "Z-7",
        "move 4 is not allowed while move 2 is possible (free 5c)",
    ),
    (
        "move-2-before-move-3",
        RULES,
        lambda: pos(RULES, FREE_5C),
        "empty h1",
        "Z-7",
        "move 2 comes first: free 5c",
    ),
    (
        "free-uncovered",
        RULES,
        lambda: pos(RULES, FREE_5C),
        "free 4h",
        "Z-9",
        "4♥ is not covered: nothing needs freeing",
    ),
    (
        "free-finish-first",
        RULES,
        lambda: play(RULES, pos(RULES, FREE_5C), "free 5c"),
        "d-f",
        "Z-9",
        "you announced to free 5♣: finish that first (h3-h4)",
    ),
    (
        "free-finish-first-draw",
        RULES,
        lambda: play(RULES, pos(RULES, FREE_5C), "free 5c"),
        "draw",
        "Z-9",
        "you announced to free 5♣: finish that first (h3-h4)",
    ),
    (
        "empty-finish-first",
        RULES,
        lambda: play(
            RULES, pos(RULES, {**KINGS, "h1": "9h", "h2": "Ts", "p0.discard": "Ad"}), "empty h1"
        ),
        "d-f",
        "Z-10",
        "you announced to empty edge pile 1: finish that first (h1-h2)",
    ),
    (
        "move-4-after-move-3",
        RULES,
        lambda: pos(RULES, {**KINGS, "h1": "9h", "h2": "Ts", "p0.discard": "Ad"}),
        "d-f",
        "Z-7",
        "move 4 is not allowed while move 3 is possible (empty h1)",
    ),
    (
        "empty-out-of-reach",
        RULES,
        lambda: pos(RULES, {**KINGS, "h1": "9h", "h2": "Ts", "p0.discard": "Ad"}),
        "empty h2",
        "Z-10",
        "edge pile 2 cannot be emptied onto another non-empty edge pile in at most 6 single moves",
    ),
    (
        "empty-out-of-reach-steps",
        STEPS2,
        lambda: pos(STEPS2, {**KINGS, "h1": "9h", "h2": "Ts", "p0.discard": "Ad"}),
        "empty h2",
        "Z-10",
        "edge pile 2 cannot be emptied onto another non-empty edge pile in at most 2 single moves",
    ),
    (
        "free-out-of-reach-steps",
        STEPS2,
        lambda: pos(STEPS2, {**FREE_5C, "h4": "Ks"}),
        "free 5c",
        "Z-9",
        "5♣ cannot be freed in at most 2 single moves between edge piles",
    ),
    (
        "not-serving",
        STEPS2,
        _serving,
        "h7-h5",
        "Z-9",
        "h7-h5 does not serve your announcement to free 7♥ within the 1 moves left; "
        "serving moves: h3-h6",
    ),
    (
        "placement-centre",
        RULES,
        lambda: _lifted(f1="Ac", h1="3d"),
        "t-d",
        "Z-15",
        ORDER + "2♣ fits a centre pile and must go there (t-f)",
    ),
    (
        "placement-edge",
        RULES,
        lambda: _lifted(h1="3d", h2="3h", h3=""),
        "t-h3",
        "Z-15",
        ORDER + "2♣ fits a non-empty edge pile and must go there (t-h1, t-h2)",
    ),
    (
        "placement-gap",
        RULES,
        lambda: _lifted(h3="", h5=""),
        "t-d",
        "Z-15",
        ORDER + "2♣ fits no centre or non-empty edge pile: it goes onto an empty one (t-h3)",
    ),
    (
        "placement-later-gap",
        RULES,
        lambda: _lifted(h3="", h5=""),
        "t-h5",
        "Z-5",
        "a card for an empty edge pile goes into the first one, h3",
    ),
    (
        "placement-pack",
        RULES,
        lambda: _lifted(**{"p1.discard": "3c:1"}),
        "t-d",
        "Z-15",
        ORDER + "2♣ fits nowhere else: it goes onto an opponent's discard (t-od)",
    ),
    (
        "place-the-lifted-card-first",
        RULES,
        lambda: _lifted(h4="", **{"p1.discard": "3c:1"}),
        "d-h1",
        "Z-15",
        "you have lifted 2♣ from your source: place it first (t-h4)",
    ),
    (
        "placement-empty-pack",
        RULES,
        lambda: _lifted(),
        "t-od",
        "Z-13",
        "the next player's discard is empty: there is nothing to pack on",
    ),
    (
        "first-turn",
        RULES,
        _first_turn,
        "d-h6",
        "Z-18",
        "in the first round only 4 edge piles may be occupied now: "
        "leave the others empty for the next player",
    ),
    (
        "first-turn-lifted",
        RULES,
        lambda: play(RULES, _first_turn(), "draw"),
        "t-h5",
        "Z-18",
        "in the first round only 4 edge piles may be occupied now: "
        "leave the others empty for the next player",
    ),
    (
        "first-turn-three-players",
        RULES,
        lambda: pos3(
            {"h1": "Kc", "h2": "Kd", "h3": "Kh", "p0.hand": "5c", "p0.discard": "9h"}, turn=1
        ),
        "d-h4",
        "Z-18",
        "in the first round only 3 edge piles may be occupied now: "
        "leave the others empty for the next player",
    ),
    (
        "later-gap",
        RULES,
        lambda: pos(RULES, {**KINGS, "h3": "", "h6": "", "p0.discard": "9c"}),
        "d-h6",
        "Z-5",
        "a card for an empty edge pile goes into the first one, h3",
    ),
    (
        "only-card-of-edge-pile",
        RULES,
        lambda: pos(RULES, {**KINGS, "h2": "9h", "h8": "", "p0.discard": "Ad"}),
        "h2-h8",
        "Z-6",
        "moving the only card of edge pile 2 changes nothing",
    ),
    (
        "fits-an-earlier-edge-pile",
        RULES,
        lambda: pos(RULES, {**KINGS, "h2": "Tc", "h5": "Ts 9h", "h8": "", "p0.discard": "Ad"}),
        "h5-h8",
        "Z-6",
        "9♥ fits edge pile 2: a card goes onto an empty edge pile only if it fits no non-empty one",
    ),
    (
        "edge-pile-empty",
        RULES,
        lambda: pos(RULES, {**KINGS, "h7": "", "p0.discard": "Ad"}),
        "h7-f",
        "Z-8",
        "edge pile 7 is empty",
    ),
    (
        "empty-already",
        RULES,
        lambda: pos(RULES, {**KINGS, "h7": "", "p0.discard": "Ad"}),
        "empty h7",
        "Z-10",
        "edge pile 7 is empty already",
    ),
    (
        "discard-empty",
        RULES,
        lambda: pos(RULES, {**KINGS, "p0.hand": "2c", "p0.discard": ""}),
        "d-h1",
        "Z-11",
        "your discard is empty",
    ),
    (
        "pack-takes-one",
        RULES,
        lambda: pos(RULES, {**KINGS, "p0.discard": "9h", "p1.discard": "Ah:1"}),
        "d-od",
        "Z-13",
        "9♥ cannot go on the next player's discard: it shows A♥:1, which takes 2♥ "
        "(the same suit, one higher or lower)",
    ),
    (
        "pack-takes-two",
        RULES,
        lambda: pos(RULES, {**KINGS, "p0.discard": "9h", "p1.discard": "7h:1"}),
        "d-od",
        "Z-13",
        "9♥ cannot go on the next player's discard: it shows 7♥:1, which takes 6♥ or 8♥ "
        "(the same suit, one higher or lower)",
    ),
    (
        "pack-onto-king",
        RULES,
        lambda: pos(RULES, {**KINGS, "h8": "Qh", "p0.discard": "9h", "p1.discard": "Ks:1"}),
        "d-od",
        "Z-13",
        "9♥ cannot go on the next player's discard: it shows K♠:1, which takes queen♠ "
        "(the same suit, one higher or lower)",
    ),
    (
        "removed-pile-target",
        RULES,
        _removed_h1,
        "d-h1",
        "Z-V3",
        "edge pile 1 has been removed from the game",
    ),
    (
        "removed-pile-source",
        RULES,
        _removed_h1,
        "h1-f",
        "Z-V3",
        "edge pile 1 has been removed from the game",
    ),
    (
        "beyond-the-removed-pile",
        RULES,
        _removed_h1,
        "d-h3",
        "Z-5",
        "8♣ cannot go on edge pile 3: it shows K♥, which takes a black queen",
    ),
    (
        "removed-pile-empty",
        RULES,
        _removed_h1,
        "empty h1",
        "Z-V3",
        "there is no edge pile 1 in this game",
    ),
    (
        "from-a-ninth-pile",
        RULES,
        lambda: pos(RULES, {**KINGS, "p0.discard": "9h"}),
        "h9-f",
        "Z-V3",
        "there is no edge pile 9 in a two-player game",
    ),
    (
        "no-ninth-pile",
        RULES,
        lambda: pos(RULES, {**KINGS, "p0.discard": "9h"}),
        "empty h9",
        "Z-V3",
        "there is no edge pile 9 in this game",
    ),
    (
        "player-after-next-empty",
        RULES,
        _removed_h1,
        "d-od2",
        "Z-13",
        "the player after next's discard is empty: there is nothing to pack on",
    ),
    (
        "player-after-next-takes",
        RULES,
        _three_packs,
        "d-od2",
        "Z-13",
        "9♥ cannot go on the player after next's discard: it shows A♥, which takes 2♥ "
        "(the same suit, one higher or lower)",
    ),
    (
        "free-fits-no-centre",
        RULES,
        lambda: pos(RULES, {**KINGS, "h3": "5c 4h", "p0.discard": "Ad"}),
        "free 5c",
        "Z-9",
        "5♣ fits no centre pile: freeing it is no move 2",
    ),
    (
        "free-on-no-edge-pile",
        RULES,
        lambda: pos(RULES, FREE_5C),
        "free 7h",
        "Z-9",
        "7♥ lies on no edge pile",
    ),
    (
        "free-after-move-1",
        RULES,
        lambda: pos(RULES, {**FREE_5C, "h5": "Ad:1"}),
        "free 5c",
        "Z-7",
        "move 1 comes first: h5-f",
    ),
    (
        "empties-used",
        RULES,
        _empties_used,
        "empty h1",
        "Z-10",
        "16 edge piles have been emptied since the last card reached the centre or an edge "
        "pile: no more this turn",
    ),
    (
        "advanced-free",
        ADVANCED,
        lambda: pos(ADVANCED, ADVANCED_FREE),
        "free 7h",
        "Z-V1",
        "advanced rules: a less deeply covered card can be freed first (free 5c)",
    ),
    (
        "advanced-empty",
        ADVANCED,
        lambda: pos(ADVANCED, {**KINGS, "h1": "5c", "h2": "6d", "h3": "9h", "h4": "Ts"}),
        "empty h1",
        "Z-V1",
        "advanced rules: an edge pile with a higher bottom card can be emptied (empty h3)",
    ),
    (
        "move-8-after-7",
        RULES,
        lambda: pos(
            RULES, {**KINGS, "h6": "", "p0.hand": "", "p0.discard": "4c 7d 9h"}, rest="p1.hand"
        ),
        "flip",
        "Z-7",
        "move 8 is not allowed while move 7 is possible (d-h6)",
    ),
]


@pytest.mark.parametrize(
    ("rules", "make", "move", "rule", "message"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_the_refusal_names_the_rule_and_the_details(
    rules: ClassicZank, make: Callable[[], State], move: str, rule: str, message: str
) -> None:
    v = violation(rules, make(), move)
    assert (v.rule, v.message) == (rule, message)


def test_targets_in_words() -> None:
    pt = RULES.pack_target
    names = [RULES.target_name(t) for t in (0, 1, 9, pt, pt + 1)]
    assert names == [
        "a centre pile",
        "edge pile 1",
        "edge pile 9",
        "the next player's discard",
        "the player after next's discard",
    ]
