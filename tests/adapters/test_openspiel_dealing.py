"""The deal's nodes kept as the shuffle in progress (issue 32, sixth part): a
state's content inside a shuffle is a ``_Dealing`` that stands for the ``_Data``
the adapter kept before (equal, pickled to the same bytes), whose outcomes and
steps are those the deal replayed from its outcomes gives; the step that
``_apply_action`` writes out is ``_Shuffle.step``; a shuffle of more than 128
cards keeps its cards left per pack; the uniform pairs fill their row."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

from zank.cards import DECK, MAX_CARD

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")
zos = pytest.importorskip("zank.adapters.openspiel")
deal = pytest.importorskip("zank.adapters._deal")
rec = pytest.importorskip("zank.adapters._record")

MAX = deal.MAX_DEAL_OUTCOMES


def replayed_outcomes(ctx: Any, d: Any) -> list[tuple[int, float]]:
    """The outcomes of the node that the deal replayed from ``d.deal`` reaches."""
    with pytest.raises(deal._Chance) as chance:
        ctx.deal(d.deal, None, d.done)
    outcomes: list[tuple[int, float]] = chance.value.fresh_outcomes()
    return outcomes


@pytest.mark.parametrize(
    ("variant", "players"), [("spite-and-malice", 2), ("spite-and-malice", 6), ("zank", 3)]
)
def test_every_node_of_a_deal_is_the_data_it_stands_for(variant: str, players: int) -> None:
    game = pyspiel.load_game(zos.game_name(variant), {"players": players})
    ctx = game.context
    for seed in range(2):
        rnd = random.Random(seed)
        state = game.new_initial_state()
        nodes = 0
        while state.zank_state is None:
            d = state._data
            old = rec._Data(deal=d.deal, done=d.done)
            assert d == old
            assert old == d
            assert not d != old  # noqa: SIM202 (the reflected comparison)
            assert pickle.dumps(d) == pickle.dumps(old)
            outcomes = state.chance_outcomes()
            if nodes % 17 == 0:  # the node kept is the node the deal replayed reaches
                assert outcomes == replayed_outcomes(ctx, d)
                again = pickle.loads(pickle.dumps(state))
                assert again.chance_outcomes() == outcomes
                assert type(again._data) is rec._Data  # loaded as the _Data it stands for
            if type(d) is rec._Dealing:
                nodes += 1
                assert copy.deepcopy(d) is d
                with pytest.raises(TypeError):
                    hash(d)
                assert (d.zs, d.pending, d.truncated) == (None, None, False)
            state.apply_action(rnd.choice(outcomes)[0])
        assert nodes > 40


def test_a_state_before_the_deal_is_an_empty_data() -> None:
    game = pyspiel.load_game(zos.game_name("spite-and-malice"), {"players": 2})
    state = game.new_initial_state()
    assert type(state._data) is rec._Dealing  # the deal begins with a shuffle
    assert state._data == rec._Data()
    assert pickle.dumps(state._data) == pickle.dumps(rec._Data())
    assert (state._data.deal, state._data.done) == ((), ())
    assert state._data is game.new_initial_state()._data  # one per game, never changed


def test_the_step_written_out_is_the_shuffles_step() -> None:
    game = pyspiel.load_game(zos.game_name("spite-and-malice"), {"players": 2})
    rnd = random.Random(4)
    state = game.new_initial_state()
    checked = 0
    while state.zank_state is None:
        d = state._data
        action = rnd.choice(state.chance_outcomes())[0]
        if type(d) is rec._Dealing:
            want = d.step(action)
            other = state.clone()
            other._apply_action(np.int64(action))  # not an int: the general path
            state._apply_action(action)
            for got in (state._data, other._data):
                if want.i > 0:
                    assert type(got) is rec._Dealing
                    assert (got.i, got.pack, got.pool) == (want.i, want.pack, want.pool)
                    assert got._steps == want._steps
                    assert got._fixed is want._fixed
                    assert all(type(c) is int for c in got.deal)
                    checked += 1
                else:  # the shuffle ended: the deal went on from it
                    assert got == other._data
        else:
            state._apply_action(action)
    assert checked > 150


def test_an_outcome_of_no_node_is_refused_in_a_shuffle() -> None:
    game = pyspiel.load_game(zos.game_name("spite-and-malice"), {"players": 2})
    state = game.new_initial_state()
    first = state.chance_outcomes()[0][0]
    state.apply_action(first)
    for bad in (first, -5, MAX_CARD, 10**6):  # placed already, or no card
        with pytest.raises(ValueError, match="is not one of the deal's next cards"):
            state.clone()._apply_action(bad)


def cards_of_packs(*counts: int) -> list[int]:
    out: list[int] = []
    for d, k in enumerate(counts):
        out.extend([c for c in range(MAX_CARD) if DECK[c] == d][:k])
    return out


def test_more_than_128_cards_left_are_kept_per_pack() -> None:
    items = cards_of_packs(52, 52, 52)
    sh = deal._Shuffle.begin(0, items)
    assert sh.pool == [[c for c in items if DECK[c] == d] for d in range(3)]
    rnd = random.Random(1)
    while sh.i > 0:
        kind, outcomes = sh.node()
        if sh.i >= MAX:
            assert len(sh.pool) == 3
            assert all(isinstance(cards, list) for cards in sh.pool)
            left = [c for cards in sh.pool for c in cards]
        else:
            assert all(isinstance(c, int) for c in sh.pool)
            left = list(sh.pool)
        assert left == sorted(left)
        assert sh.left == tuple((d, sum(1 for c in left if DECK[c] == d)) for d in range(3))
        assert sorted(left) == sorted(set(items) - set(sh.chosen))
        assert kind == ("pack" if sh.i >= MAX and sh.pack < 0 else "card")
        sh = sh.step(rnd.choice(outcomes)[0])
    assert sorted(sh.items) == sorted(items)


def test_a_missing_pair_fills_the_row_of_its_count() -> None:
    deal._UNIFORM.pop(7, None)
    universe = list(range(40, 60))
    got = deal.uniform_outcomes([41, 43, 45, 47, 49, 51, 53], universe)
    assert got == [(c, 1 / 7) for c in range(41, 55, 2)]
    row = deal._UNIFORM[7]
    assert len(row) == 60
    assert all(row[c] == (c, 1 / 7) for c in range(60))
    assert deal.uniform_outcomes([2, 59]) == [(2, 0.5), (59, 0.5)]
    # ids that are not card ids are paired, not kept
    assert deal.uniform_outcomes([-3, 4]) == [(-3, 0.5), (4, 0.5)]
    assert deal.uniform_outcomes([4, MAX_CARD + 9]) == [(4, 0.5), (MAX_CARD + 9, 0.5)]
    assert len(deal._UNIFORM[2]) <= MAX_CARD


def test_a_card_placed_already_is_refused_in_its_pack_of_a_large_shuffle() -> None:
    # six seats: 324 cards, kept per pack; the pack node, then its card node
    game = pyspiel.load_game(zos.game_name("spite-and-malice"), {"players": 6})
    state = game.new_initial_state()
    for action in (0, 1, 0):  # pack 0, its card 1; pack 0 again
        state.apply_action(action)
    d = state._data
    assert (type(d), d.kind(), d.pack) == (rec._Dealing, "card", 0)
    assert [a for a, _ in state.chance_outcomes()][:2] == [2, 3]
    for placed in (1, 0):  # 1 placed already; 0, a joker, is in no game without jokers
        with pytest.raises(ValueError, match="is not one of the deal's next cards"):
            state.clone()._apply_action(placed)
    state.clone()._apply_action(2)  # a card still left is taken
