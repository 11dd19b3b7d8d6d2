"""The deal as OpenSpiel's chance nodes (``zank/adapters/_deal.py``) piece by piece:
the Fisher-Yates shuffle one node a step (and a pack first when more than 128
cards are left), the generator that replays the outcomes so far and asks for the
next one, and what a game's context answers: groups, views, cards shown, places
(issue 38: the module was reached only through whole games of the adapter)."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import attrs
import pytest

import zank
from zank.cards import DECK, MAX_CARD

pytest.importorskip("numpy")
deal = pytest.importorskip("zank.adapters._deal")

MAX = deal.MAX_DEAL_OUTCOMES


def test_the_most_outcomes_of_a_node() -> None:
    assert MAX == 128


def cards_of_packs(*counts: int) -> list[int]:
    """``counts[d]`` card ids of pack ``d`` (in id order)."""
    out: list[int] = []
    for d, k in enumerate(counts):
        out.extend(c for c in range(MAX_CARD) if DECK[c] == d)
        del out[len(out) - sum(1 for c in range(MAX_CARD) if DECK[c] == d) + k :]
    return out


# ------------------------------------------------------------ uniform_outcomes
@pytest.mark.parametrize("n", [0, 1, 2, 3, 128, 129])
def test_uniform_outcomes_pair_each_outcome_with_one_over_their_count(n: int) -> None:
    # one outcome is a card turned up in play when it is the last unseen card of
    # its group (itemgetter of one key gives the value, not a tuple: its own path)
    outcomes = list(range(7, 7 + 2 * n, 2))
    want = [(c, 1.0 / n) for c in outcomes]
    for _ in range(2):  # the pairs made, then the pairs kept
        got = deal.uniform_outcomes(outcomes)
        assert got == want
        assert all(type(pair) is tuple for pair in got)
    assert deal.uniform_outcomes(outcomes) is not deal.uniform_outcomes(outcomes)


# ------------------------------------------------------------------ _Shuffle
def test_a_shuffle_begins_at_its_last_place() -> None:
    items = [65, 3, 2, 66, 1]
    sh = deal._Shuffle.begin(7, items)
    assert sh.start == 7
    assert sh.source == sh.items == (65, 3, 2, 66, 1)
    assert sh.i == 4
    assert sh.left == ((0, 3), (1, 2))
    assert sh.pack == -1


def test_each_step_chooses_among_the_cards_not_placed_yet() -> None:
    sh = deal._Shuffle.begin(0, [5, 3, 9])
    assert sh.node() == ("card", [(3, 1 / 3), (5, 1 / 3), (9, 1 / 3)])
    sh = sh.step(5)  # 5 goes to the last place, 9 takes its place
    assert sh.items == (9, 3, 5)
    assert sh.i == 1
    assert sh.left == ((0, 2),)
    assert sh.node() == ("card", [(3, 0.5), (9, 0.5)])
    with pytest.raises(ValueError, match="is not in list"):
        sh.step(5)  # placed already
    sh = sh.step(3)
    assert sh.items == (9, 3, 5)  # 3 stays where it is
    assert (sh.i, sh.left, sh.source, sh.start) == (0, ((0, 1),), (5, 3, 9), 0)
    assert sh.node() is None  # the first place takes the card that is left


def test_a_shuffle_of_one_card_or_none_has_no_node() -> None:
    assert deal._Shuffle.begin(0, [4]).node() is None
    empty = deal._Shuffle.begin(2, [])
    assert empty.i == -1
    assert empty.node() is None
    rng = deal._DealRng([])
    assert rng.shuffle([]) == []
    assert rng.used == 0


def test_at_most_128_cards_are_one_node_beyond_a_pack_is_chosen_first() -> None:
    items = cards_of_packs(52, 52, 24)  # 128 cards of three packs
    assert len(items) == MAX
    kind, outcomes = deal._Shuffle.begin(0, items).node()
    assert kind == "card"
    assert len(outcomes) == MAX
    assert outcomes[0] == (0, 1 / MAX)
    items = cards_of_packs(52, 52, 25)  # one more
    sh = deal._Shuffle.begin(0, items)
    assert sh.node() == ("pack", [(0, 52 / 129), (1, 52 / 129), (2, 25 / 129)])
    chosen = sh.step(2)
    assert chosen.pack == 2
    assert chosen.items == sh.items
    assert chosen.i == sh.i
    kind, outcomes = chosen.node()
    assert kind == "card"
    assert [c for c, _ in outcomes] == sorted(c for c in items if DECK[c] == 2)
    assert {p for _, p in outcomes} == {1 / 25}
    with pytest.raises(ValueError, match="not a card of the pack chosen"):
        chosen.step(0)
    with pytest.raises(ValueError, match="not a card of the pack chosen"):
        chosen.step(MAX_CARD)
    with pytest.raises(ValueError, match="not a card of the pack chosen"):
        chosen.step(-1)
    card = outcomes[3][0]
    after = chosen.step(card)
    assert after.pack == -1
    assert after.items[128] == card
    assert after.left == ((0, 52), (1, 52), (2, 24))
    assert after.i == 127


def test_after_the_first_pack_is_chosen_a_card_of_another_is_refused() -> None:
    items = cards_of_packs(52, 52, 25)
    chosen = deal._Shuffle.begin(0, items).step(0)  # pack 0 (the lowest index)
    assert chosen.pack == 0
    other = next(c for c in items if DECK[c] == 1)
    with pytest.raises(ValueError, match=r"^not a card of the pack chosen$"):
        chosen.step(other)
    assert chosen.step(items[5]).items[128] == items[5]


def test_a_pile_whose_face_down_count_alone_changed_is_changed() -> None:
    """A card turned face up where it lies: the pile is the same object, only its
    face-down count differs; that pile is changed, and its card is shown."""
    ctx = deal._Context("spite-and-malice", {}, 2, 100)
    state = ctx.rules.new_game(5)
    k = next(i for i, d in enumerate(state.down) if d > 1)  # a pay-off pile
    down = tuple(d - 1 if i == k else d for i, d in enumerate(state.down))
    after = attrs.evolve(state, down=down)
    assert after.piles[k] is state.piles[k]
    assert set(ctx.changed(state, after)) == {k}
    assert list(ctx.changed(state, state)) == []
    card = state.piles[k][down[k]]
    assert ctx.shown(state, after) == (((card,), (card,)), (card,))


def test_a_pack_of_two_cards_left_still_asks_which() -> None:
    items = cards_of_packs(2, 52, 52, 52)  # 158 cards, pack 0 has two
    chosen = deal._Shuffle.begin(0, items).step(0)
    assert chosen.pack == 0
    assert chosen.i == 157
    assert chosen.node() == ("card", [(items[0], 0.5), (items[1], 0.5)])
    after = chosen.step(items[1])
    assert after.items[157] == items[1]
    assert after.left[0] == (0, 1)


def test_a_packs_last_card_needs_no_node_and_an_empty_pack_is_refused() -> None:
    items = cards_of_packs(1, 52, 52, 52)  # 157 cards, pack 0 has one
    sh = deal._Shuffle.begin(3, items)
    assert sh.node()[0] == "pack"
    after = sh.step(0)  # pack 0: its only card is placed at once
    assert after.pack == -1
    assert after.items[156] == items[0]
    assert after.left[0] == (0, 0)
    assert after.i == 155
    assert after.node() == ("pack", [(1, 52 / 156), (2, 52 / 156), (3, 52 / 156)])
    with pytest.raises(ValueError, match="no card of this pack is left"):
        after.step(0)
    with pytest.raises(ValueError, match="no card of this pack is left"):
        after.step(7)


def test_the_last_card_of_a_later_pack_is_its_own() -> None:
    items = cards_of_packs(52, 1, 52, 52)  # 157 cards, pack 1 has one
    after = deal._Shuffle.begin(0, items).step(1)
    assert after.items[156] == items[52]
    assert DECK[items[52]] == 1
    assert after.left == ((0, 52), (1, 0), (2, 52), (3, 52))


# ------------------------------------------------------------------ _DealRng
def test_the_generator_replays_the_outcomes_then_asks() -> None:
    rng = deal._DealRng([2, 0])
    assert rng.below(3) == 2
    assert rng.below(5) == 0
    assert rng.used == 2
    with pytest.raises(deal._Chance) as chance:
        rng.below(4)
    assert chance.value.kind == "lot"
    assert chance.value.outcomes == [(0, 0.25), (1, 0.25), (2, 0.25), (3, 0.25)]
    assert chance.value.shuffle is None
    assert str(chance.value) == "lot"


def test_a_lot_of_one_draws_nothing_and_none_is_refused() -> None:
    rng = deal._DealRng([])
    assert rng.below(1) == 0
    assert rng.used == 0
    with pytest.raises(ValueError, match=r"below\(\) needs n >= 1"):
        rng.below(0)


def test_a_lot_of_more_than_128_is_drawn_by_a_block_first() -> None:
    with pytest.raises(deal._Chance) as chance:
        deal._DealRng([]).below(300)
    assert chance.value.outcomes == [(0, 128 / 300), (1, 128 / 300), (2, 44 / 300)]
    with pytest.raises(deal._Chance) as chance:
        deal._DealRng([2]).below(300)
    assert chance.value.outcomes == [(i, 1 / 44) for i in range(44)]
    assert deal._DealRng([2, 5]).below(300) == 261
    assert deal._DealRng([1, 127]).below(300) == 255
    # the last block of one lot needs no second node
    rng = deal._DealRng([1])
    assert rng.below(129) == 128
    assert rng.used == 1
    with pytest.raises(deal._Chance) as chance:
        deal._DealRng([]).below(129)
    assert chance.value.outcomes == [(0, 128 / 129), (1, 1 / 129)]
    with pytest.raises(deal._Chance) as chance:
        deal._DealRng([]).below(128)
    assert len(chance.value.outcomes) == 128


def test_the_deal_draws_no_64_bit_number() -> None:
    with pytest.raises(TypeError, match=r"deals only by Rng\.below\(\) and Rng\.shuffle\(\)"):
        deal._DealRng([]).next64()


def test_a_shuffle_of_cards_asks_a_card_a_place() -> None:
    shuffled: list[tuple[int, ...]] = []
    rng = deal._DealRng([3, 1], shuffled)
    with pytest.raises(deal._Chance) as chance:
        rng.shuffle([1, 2, 3, 4])
    assert chance.value.kind == "card"
    assert chance.value.outcomes == [(2, 0.5), (4, 0.5)]
    sh = chance.value.shuffle
    assert (sh.start, sh.i, sh.items) == (0, 1, (4, 2, 1, 3))
    assert shuffled == [(1, 2, 3, 4)]
    items = [1, 2, 3, 4]
    assert deal._DealRng([3, 1, 2]).shuffle(items) == [4, 2, 1, 3]
    assert items == [4, 2, 1, 3]


def test_a_finished_shuffle_is_taken_as_it_ended() -> None:
    done = {1: ((1, 2, 3), (3, 1, 2), 2)}
    rng = deal._DealRng([0, 9, 9], None, done)
    assert rng.below(2) == 0
    assert rng.shuffle([1, 2, 3]) == [3, 1, 2]
    assert rng.used == 3
    # other cards at that place are shuffled step by step
    rng = deal._DealRng([0, 1, 2], None, done)
    rng.below(2)
    assert rng.shuffle([1, 2, 4]) == [4, 2, 1]
    # the same cards elsewhere too
    rng = deal._DealRng([3, 2], None, done)
    assert rng.shuffle([1, 2, 3]) == [1, 2, 3]
    assert rng.used == 2


def test_other_items_are_shuffled_by_lots() -> None:
    shuffled: list[tuple[Any, ...]] = []
    rng = deal._DealRng([0, 0], shuffled)
    assert rng.shuffle(["a", "b", "c"]) == ["b", "c", "a"]
    assert shuffled == [("a", "b", "c")]
    with pytest.raises(deal._Chance) as chance:
        deal._DealRng([]).shuffle([5, 5, 6])  # not distinct: by lots
    assert chance.value.kind == "lot"


def test_distinct_card_ids() -> None:
    assert deal._distinct_cards([0, MAX_CARD - 1, 7])
    assert deal._distinct_cards([])
    assert not deal._distinct_cards([MAX_CARD])
    assert not deal._distinct_cards([-1])
    assert not deal._distinct_cards([3, 3])
    assert not deal._distinct_cards([True])
    assert not deal._distinct_cards([1.0])


# ------------------------------------------------------------------ _Context
def random_deal(ctx: Any, seed: int) -> tuple[Any, ...]:
    pick = random.Random(seed)
    choices: tuple[int, ...] = ()
    done: tuple[Any, ...] = ()
    node = ctx.first
    steps = 0
    while isinstance(node, deal._Chance):
        choices, done, node = ctx.deal_step(choices, done, node, pick.choice(node.outcomes)[0])
        steps += 1
    return choices, done, node, steps


def test_a_deal_step_inside_a_shuffle_and_at_its_end() -> None:
    ctx = deal._Context("zank", {}, 2, 100)
    node = ctx.first
    assert node.kind == "card"
    assert len(node.outcomes) == 52
    assert node.shuffle is not None
    assert node.shuffle.start == 0
    choices, done, nxt = ctx.deal_step((), (), node, node.outcomes[5][0])
    assert choices == (node.outcomes[5][0],)
    assert done == ()
    assert nxt.shuffle.i == 50
    assert len(nxt.outcomes) == 51
    choices, done, state, steps = random_deal(ctx, 3)
    # 51 steps of each player's pack, then a lot of two (who begins)
    assert steps == len(choices) == 103
    assert [d[0] for d in done] == [0, 51]
    assert [d[3] for d in done] == [51, 51]
    assert all(sorted(d[1]) == sorted(d[2]) for d in done)
    ctx.rules.validate(state)
    assert ctx.deal(choices, None, done) == state
    assert ctx.deal(choices) == state


def test_cards_shuffled_together_share_a_group() -> None:
    ctx = deal._shared_context("zank", {}, 2, 0)
    packs = {c: DECK[c] for c in ctx.rules.cards(2)}
    lows = {d: min(c for c in packs if packs[c] == d) for d in set(packs.values())}
    assert ctx.group == {c: lows[packs[c]] for c in packs}
    sm = deal._shared_context("spite-and-malice", {}, 2, 0)
    assert set(sm.group.values()) == {min(sm.rules.cards(2))}


def test_a_context_is_shared_and_travels_by_name() -> None:
    ctx = deal._shared_context("zank", {}, 2, 321)
    assert deal._shared_context("zank", {}, 2, 321) is ctx
    assert deal._shared_context("zank", {}, 2, 322) is not ctx
    assert deal._shared_context("zank", {}, 3, 321) is not ctx
    assert copy.deepcopy(ctx) is ctx
    assert pickle.loads(pickle.dumps(ctx)) is ctx
    assert (ctx.variant, ctx.options, ctx.players, ctx.max_length) == ("zank", {}, 2, 321)


def slow(ctx: Any) -> Any:
    other = copy.copy(ctx)
    other.fast = False
    return other


@pytest.mark.parametrize("variant", ["spite-and-malice", "zank", "zank-104"])
def test_the_quick_views_are_observes(variant: str) -> None:
    ctx = deal._Context(variant, {}, 2, 100)
    assert ctx.fast
    rules = ctx.rules
    state = rules.new_game(8)
    everything = range(len(ctx.specs))
    views = ctx.views(state, everything)
    assert views == slow(ctx).views(state, everything)
    for p in range(2):
        obs = rules.observe(state, p)
        assert views[p] == {c for pile in obs.piles for c in pile if c >= 0}
    assert ctx.views(state, []) == [set(), set()]
    rnd = random.Random(2)
    for _ in range(30):
        if state.outcome is not None:
            break
        after = rules.apply(state, rnd.choice(rules.legal_moves(state)))
        shown, public = ctx.shown(state, after)
        assert (shown, public) == slow(ctx).shown(state, after)
        nows = []
        for p in range(2):
            before = {c for pile in rules.observe(state, p).piles for c in pile if c >= 0}
            now = {c for pile in rules.observe(after, p).piles for c in pile if c >= 0}
            assert shown[p] == tuple(sorted(now - before))
            nows.append(now)
        # shown publicly: the cards shown that every seat sees now
        every = nows[0] & nows[1]
        assert public == tuple(sorted(every & {c for s in shown for c in s}))
        state = after


def test_a_private_hand_is_seen_by_its_owner_only() -> None:
    ctx = deal._Context("spite-and-malice", {}, 2, 100)
    state = ctx.rules.new_game(4)
    hands = [i for i, s in enumerate(ctx.specs) if s.private]
    assert len(hands) == 2
    owner = ctx.specs[hands[0]].owner
    views = ctx.views(state, [hands[0]])
    assert views[owner] == set(state.piles[hands[0]])
    assert views[1 - owner] == set()
    assert ctx.hidden_to_all(state, [hands[0]]) == set()
    pay_offs = [i for i, s in enumerate(ctx.specs) if state.down[i] > 0]
    hidden = ctx.hidden_to_all(state, pay_offs)
    assert hidden == {c for i in pay_offs for c in state.piles[i][: state.down[i]]}
    assert hidden


def test_no_change_shows_nothing() -> None:
    ctx = deal._Context("spite-and-malice", {}, 2, 100)
    state = ctx.rules.new_game(4)
    assert ctx.shown(state, state) == (((), ()), ())


def test_the_places_of_the_cards_outside_sorted_piles() -> None:
    ctx = deal._Context("spite-and-malice", {}, 2, 100)
    state = ctx.rules.new_game(6)
    places = ctx.places(state)
    expect = {c: i for i, cards in enumerate(state.piles) if not ctx.specs[i].sorted for c in cards}
    assert places == expect
    hand = next(i for i, s in enumerate(ctx.specs) if s.sorted)
    assert state.piles[hand]
    assert not set(state.piles[hand]) & set(places)


def test_a_context_copies_its_options() -> None:
    options = {"no_progress_turns": 9}
    ctx = deal._Context("zank-104", options, 2, 50)
    options["no_progress_turns"] = 10
    assert ctx.options == {"no_progress_turns": 9}
    assert ctx.rules == zank.variant("zank-104", no_progress_turns=9)
    assert ctx.private == [s.owner if s.private else None for s in ctx.specs]
