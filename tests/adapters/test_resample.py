"""``ResampleFromInfostate`` (zank.adapters._resample): a resampled state belongs to
the player's information set and fixes nothing the player cannot know (issue 32).

Spite and Malice is the variant that shuffles during play: a completed build pile
goes into the draw pile, so cards the player saw become unknown again and other
seats may draw them.  The games here prefer completing build piles and use long
pay-off piles, so that they shuffle several times.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import zank
from zank.core import HIDDEN, Rules, State

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")
zos = pytest.importorskip("zank.adapters.openspiel")
from zank.adapters._resample import recount  # noqa: E402 (needs numpy)

SAMPLES = 12


def builds_first(rules: Rules, seed: int, players: int = 2, plies: int = 400) -> Iterator[Any]:
    """The decisions of a random game that completes build piles when it can
    (chance uniform): yields the state at each player decision, up to ``plies``."""
    game = zos.load_game(rules, players, max_game_length=plies)
    rnd = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rnd.choice(state.chance_outcomes())[0])
            continue
        yield state
        legal = state.legal_actions()
        builds = [a for a in legal if "-b" in rules.moves[a].text]
        state.apply_action(rnd.choice(builds or legal))


def place_of(state: State, card: int, rules: Rules) -> tuple[int, int]:
    """The pile of ``card`` and its place in it (``-1`` in a sorted pile such as a hand)."""
    specs = rules.layout(state.players)
    for i, cards in enumerate(state.piles):
        if card in cards:
            return i, -1 if specs[i].sorted else cards.index(card)
    raise AssertionError(f"card {card} is nowhere")


def unknown_to(state: Any, player: int) -> tuple[set[int], set[int]]:
    """The cards whose place ``player`` knows (visible, or remembered face down),
    and the cards it has seen whose place it no longer knows."""
    zs = state.zank_state
    seen, tracked = state._masks(player)
    obs = zs.rules.observe(zs, player)
    now = {c for pile in obs.piles for c in pile if c != HIDDEN}
    placed = now | {c for pile in zs.piles for c in pile if tracked >> c & 1}
    lost = {c for pile in zs.piles for c in pile if seen >> c & 1 and c not in placed}
    return placed, lost


def companions(state: Any, player: int, card: int) -> set[int]:
    """The cards shuffled together with ``card`` by the last shuffle that hid it
    from ``player``, which ``player`` has not seen since."""
    steps = state._data.steps.steps()
    k = max(i for i, s in enumerate(steps) if card in s.pool and card in s.hidden[player])
    since = {c for s in steps[k + 1 :] for c in s.shown[player]}
    return set(steps[k].pool).intersection(steps[k].hidden[player]) - since


def test_a_card_a_shuffle_hid_and_the_other_seat_drew_is_dealt_anew() -> None:
    """The leak of issue 32: Spite and Malice (pay-off piles of 30), seed 0, ply 59.
    Player 0 saw a card on a build pile; completing the pile shuffled it into the
    draw pile, and player 1 has drawn it since.  Player 0 cannot know whether it
    is in player 1's hand or still in the draw pile, so the resampled states must
    put it in both (before the fix it stayed in player 1's hand in every sample)."""
    rules = zank.variant("spite-and-malice", pay_off_size=30)
    state = next(s for s in builds_first(rules, 0) if s.zank_state.ply == 59)
    hand = rules.pile_index(2, "p1.hand")
    _, lost = unknown_to(state, 0)
    drawn = sorted(c for c in lost if c in state.zank_state.piles[hand])
    assert drawn  # the situation of the report
    where: dict[int, set[int]] = {c: set() for c in drawn}
    for i in range(SAMPLES):
        other = state.resample_from_infostate(0, random.Random(i).random)
        assert other.information_state_string(0) == state.information_state_string(0)
        for c in drawn:
            where[c].add(place_of(other.zank_state, c, rules)[0])
    for c in drawn:
        assert where[c] - {hand}, f"card {c} stays in player 1's hand in every sample"


CASES = [
    (zank.variant("spite-and-malice", pay_off_size=30), 2, (0, 1), 200),
    (zank.variant("spite-and-malice", pay_off_size=20), 3, (3,), 150),
    (zank.variant("spite-and-malice", pay_off_size=20, unlimited_build_piles=True), 2, (4,), 200),
    *((zank.variant(v), 2, (5,), 60) for v in sorted(zank.VARIANTS) if v != "spite-and-malice"),
]


@pytest.mark.parametrize(("rules", "players", "seeds", "plies"), CASES, ids=lambda x: str(x)[:40])
def test_a_resampled_state_is_one_of_the_information_set(
    rules: Rules, players: int, seeds: tuple[int, ...], plies: int
) -> None:
    """At every 7th decision of each game, for every seat, ``SAMPLES`` resamples:

    * the seat's information-state and observation strings, record and tensor,
      and the legal actions, are the state's;
    * the cards are the same cards, the state valid, and every card whose place
      the seat knows (visible, or remembered face down) is where it is;
    * every other seat's view is its own: it sees only cards its record showed
      it, and the cards a shuffle hid again are hidden from everyone;
    * a card the seat saw and lost in a shuffle that another seat drew is not
      held in that hand: it is in another pile in some sample (the seat cannot
      know whether it was drawn).
    """
    lost_checked = 0
    shuffled = 0
    specs = rules.layout(players)
    for seed in seeds:
        for state in builds_first(rules, seed, players, plies):
            zs = state.zank_state
            shuffled = max(shuffled, len(state._data.mixed))
            if zs.ply % 7:
                continue
            for p in range(players):
                placed, lost = unknown_to(state, p)
                places = {c: place_of(zs, c, rules) for c in placed}
                piles = {c: place_of(zs, c, rules)[0] for c in lost}
                moved = dict.fromkeys(lost, False)
                for i in range(SAMPLES):
                    other = state.resample_from_infostate(p, random.Random(i * 7 + p).random)
                    oz = other.zank_state
                    assert other.information_state_string(p) == state.information_state_string(p)
                    assert other.observation_string(p) == state.observation_string(p)
                    assert other.information_record(p) == state.information_record(p)
                    assert other.information_state_tensor(p) == state.information_state_tensor(p)
                    if p == state.current_player():
                        assert other.legal_actions() == state.legal_actions()
                    assert sorted(c for pile in oz.piles for c in pile) == sorted(
                        c for pile in zs.piles for c in pile
                    )
                    rules.validate(oz)
                    for c in placed:
                        assert place_of(oz, c, rules) == places[c]
                    for c in lost:
                        moved[c] = moved[c] or place_of(oz, c, rules)[0] != piles[c]
                    d = other._data
                    views = other._ctx.views(oz, range(len(other._ctx.specs)))
                    for q in range(players):
                        assert views[q] <= other.seen_by(q)
                    assert not d.mixed & set().union(*views)
                # a lost card in a hand must leave it in some sample, unless the
                # seat knows it is there: every other card of the shuffle that hid
                # it, that the seat has not seen since, is in that hand too
                held = [
                    c
                    for c in lost
                    if specs[piles[c]].sorted
                    and not moved[c]
                    and any(piles.get(d, piles[c]) != piles[c] for d in companions(state, p, c))
                ]
                assert not held, f"held in a hand for seat {p}: {held}"
                lost_checked += sum(specs[piles[c]].sorted for c in lost)
    if rules.name == "spite-and-malice":
        assert shuffled  # the games shuffled seen cards back
        assert lost_checked


@pytest.mark.parametrize("seed", [0, 1])
def test_the_record_counts_what_the_state_keeps(seed: int) -> None:
    """The seen and shuffled-again cards counted from the record (what a resample
    rebuilds) are the sets the state kept move by move."""
    rules = zank.variant("spite-and-malice", pay_off_size=30)
    mixed = 0
    for state in builds_first(rules, seed):
        d = state._data
        steps = [] if d.steps is None else d.steps.steps()
        assert recount(state._ctx, d.dealt, steps) == (d.seen, d.mixed)
        mixed += bool(d.mixed)
    assert mixed


def test_a_pickle_of_a_record_without_the_shuffles_pool_still_resamples() -> None:
    """States pickled before the steps kept the shuffled cards load, and resample
    as they did then (the seen sets relabelled, not counted again)."""
    rules = zank.variant("spite-and-malice", pay_off_size=30)
    state = next(s for s in builds_first(rules, 0) if s.zank_state.ply == 59)
    d = state._data
    old = [zos._Step(s.seat, s.text, s.shown, s.hidden) for s in d.steps.steps()]
    node = None
    for step in old:
        node = zos._Node(node, step)
    state._data = zos._Data(
        d.zs, d.seen, d.deal_views, node, None, d.truncated, d.mixed, dealt=d.dealt
    )
    other = state.resample_from_infostate(0, random.Random(1).random)
    assert other.information_state_string(0) == state.information_state_string(0)
    assert other._data.mixed == d.mixed
