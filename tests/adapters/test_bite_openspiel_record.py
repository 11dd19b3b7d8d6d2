"""The OpenSpiel state's record (``zank/adapters/_record.py``) piece by piece: the
moves as each seat perceived them, the digest chain and the masks of seen cards
(with their caches), the defaults of a state's content, and the packing that
pickles and OpenSpiel's serialization carry (issue 38: mutants of the module
survived the adapter's whole-game tests)."""

from __future__ import annotations

import copy
import hashlib
import pickle
import random
from typing import Any

import attrs
import pytest

import zank
from zank.core import State

pyspiel = pytest.importorskip("pyspiel")
rec = pytest.importorskip("zank.adapters._record")
zos = pytest.importorskip("zank.adapters.openspiel")


def chain(*entries: str) -> bytes:
    h = b""
    for e in entries:
        h = hashlib.blake2b(h + e.encode(), digest_size=16).digest()
    return h


def three_steps() -> list[Any]:
    return [
        rec._Step(0, "h1-b1", ((1, 17), ())),
        rec._Step(1, "s2-b1", ((), (2,)), ((3,), (17,))),
        rec._Step(0, "end", ((), ())),
    ]


def linked(steps: list[object]) -> Any:
    node = None
    for step in steps:
        node = rec._Node(node, step)
    return node


def test_a_move_as_each_seat_perceived_it() -> None:
    step = rec._Step(1, "h2-b3", ((1, 17), ()))
    assert rec._entry(step, 0) == "1:h2-b3+Ac+Ad"
    assert rec._entry(step, 1) == "1:h2-b3"
    assert rec._entry(rec._Step(0, "end", ((5,), (5,))), 1) == "0:end+5c"


def test_the_deal_digest_is_blake2b_of_16_bytes() -> None:
    assert rec._deal_digest("seat 0: x") == hashlib.blake2b(b"seat 0: x", digest_size=16).digest()
    assert len(rec._deal_digest("")) == 16


def test_the_digest_chains_every_move_as_the_seat_perceived_it() -> None:
    steps = three_steps()
    last = linked(steps)
    assert last.digest(0) == chain("0:h1-b1+Ac+Ad", "1:s2-b1", "0:end")
    assert last.digest(1) == chain("0:h1-b1", "1:s2-b1+2c", "0:end")
    assert len(last.digest(1)) == 16


def test_a_digest_goes_on_from_the_last_one_asked_for() -> None:
    steps = three_steps()
    first = rec._Node(None, steps[0])
    second = rec._Node(first, steps[1])
    assert second.digest(0) == chain("0:h1-b1+Ac+Ad", "1:s2-b1")
    assert first.digests == {0: chain("0:h1-b1+Ac+Ad")}  # cached on the way
    third = rec._Node(second, steps[2])
    assert third.digest(0) == chain("0:h1-b1+Ac+Ad", "1:s2-b1", "0:end")
    # a cached link is used as it stands: a wrong cache would show in the answer
    second.digests[1] = b"x" * 16
    assert third.digest(1) == hashlib.blake2b(b"x" * 16 + b"0:end", digest_size=16).digest()
    assert rec._Node(None, steps[0]).digest(1) == chain("0:h1-b1")


def test_the_cards_seen_and_those_whose_place_is_still_known() -> None:
    last = linked(three_steps())
    dealt = 1 << 40
    # seat 0 saw 1 and 17 in the first move; the second move's shuffle hid 3
    # (which it never knew) and showed it nothing
    assert last.seen(0, dealt) == (dealt | 1 << 1 | 1 << 17, dealt | 1 << 1 | 1 << 17)
    # seat 1 saw 2; the shuffle hid 17 from it, which it had not seen either
    assert last.seen(1, dealt | 1 << 17) == (
        dealt | 1 << 17 | 1 << 2,
        dealt | 1 << 2,
    )


def test_a_card_shown_and_then_hidden_stays_seen_but_its_place_is_lost() -> None:
    steps = [
        rec._Step(0, "a", ((9,), (9,))),
        rec._Step(1, "b", ((), ()), ((9,), ())),
        rec._Step(0, "c", ((4,), ()), ((), ())),
    ]
    first = rec._Node(None, steps[0])
    second = rec._Node(first, steps[1])
    assert second.seen(0, 0) == (1 << 9, 0)
    assert first.known == {0: (1 << 9, 1 << 9)}
    third = rec._Node(second, steps[2])
    assert third.seen(0, 0) == (1 << 9 | 1 << 4, 1 << 4)
    # a cached link is used as it stands (a wrong cache would show in the answer)
    second.known[1] = (1 << 30, 1 << 31)
    assert third.seen(1, 1) == (1 << 30, 1 << 31)
    assert rec._Node(None, steps[0]).seen(1, 1) == (1 | 1 << 9, 1 | 1 << 9)


def test_the_steps_come_oldest_first() -> None:
    steps = three_steps()
    assert linked(steps).steps() == steps
    assert rec._Node(None, steps[0]).steps() == [steps[0]]


def test_the_defaults_of_a_move_waiting_for_chance_and_of_a_step() -> None:
    zs = zank.variant("zank").new_game(1)
    p = rec._Pending(3, zs)
    assert (p.fixed, p.target, p.shuffles, p.shuffled) == ((), -1, False, False)
    assert rec._Step(0, "x", ((), ())).hidden == ()


def test_the_content_of_a_state_before_the_deal() -> None:
    d = rec._Data()
    assert d.zs is None
    assert d.steps is None
    assert d.pending is None
    assert d.node is None
    assert d.dealt is None
    assert d.seen == frozenset()
    assert d.mixed == frozenset()
    assert d.deal_views == ()
    assert d.deal == ()
    assert d.done == ()
    assert d.truncated is False


def test_the_deals_next_node_is_left_out_of_equality() -> None:
    assert rec._Data(deal=(1, 2), node=None) == rec._Data(deal=(1, 2), node=ValueError("x"))
    assert rec._Data(deal=(1, 2)) != rec._Data(deal=(1, 3))


def test_a_deep_copy_shares_the_immutable_content() -> None:
    d = rec._Data(deal=(4,))
    assert copy.deepcopy(d) is d
    assert copy.deepcopy([d])[0] is d


def test_a_state_packs_to_plain_values_and_back() -> None:
    rules = zank.variant("zank-104", no_progress_turns=7, stair_runs=True)
    zs = rules.new_game(5)
    rnd = random.Random(1)
    for _ in range(6):
        if zs.outcome is not None:
            break
        zs = rules.apply(zs, rnd.choice(rules.legal_moves(zs)))
    packed = rec._pack(zs)
    assert packed[:2] == ("zank-104", tuple(sorted(rules.options.items())))
    assert packed[2:] == (
        zs.players, zs.piles, zs.down, zs.to_move, zs.phase, zs.info,
        zs.rng, zs.ply, zs.turn, zs.outcome,
    )  # fmt: skip
    # every field of the state: its rules as name and options, then the rest in order
    assert len(packed) == 1 + len(attrs.fields(State))
    again = rec._unpack(pickle.loads(pickle.dumps(packed)))
    assert again == zs
    assert again.rules == rules
    # every state unpacked shares one rules object per variant and options
    assert rec._unpack(packed).rules is again.rules
    other = rec._unpack(rec._pack(zank.variant("zank-104").new_game(5)))
    assert other.rules is not again.rules
    assert other.rules.options["no_progress_turns"] == 50


def test_with_piles_is_evolve_with_new_piles() -> None:
    zs = zank.variant("zank-104").new_game(5)
    piles = tuple(reversed(zs.piles))
    assert rec._with_piles(zs, piles) == attrs.evolve(zs, piles=piles)
    assert rec._with_piles(zs, zs.piles) == zs


def full_data() -> Any:
    rules = zank.variant("spite-and-malice")
    dealt = rules.new_game(2)
    zs = rules.apply(dealt, rules.legal_moves(dealt)[0])
    base = rules.new_game(3)
    steps = three_steps()
    return rec._Data(
        zs,
        frozenset({17, 1, 40}),
        ("view 0", "view 1"),
        linked(steps),
        rec._Pending(7, base, (5, 6), 2, True, True),
        True,
        frozenset({3, 2}),
        (9, 8),
        node=None,
        done=((1, (2, 3), (4,), 5),),
        dealt=dealt,
    )


def test_the_content_pickles_with_every_field() -> None:
    d = full_data()
    again = pickle.loads(pickle.dumps(d))
    assert again.zs == d.zs
    assert again.seen == frozenset({1, 17, 40})
    assert again.deal_views == ("view 0", "view 1")
    assert again.steps.steps() == three_steps()
    assert again.pending == d.pending
    assert again.pending.base == rules_state(3)
    assert again.truncated is True
    assert again.mixed == frozenset({2, 3})
    assert again.deal == (9, 8)
    assert again.done == ((1, (2, 3), (4,), 5),)
    assert again.dealt == d.dealt


def rules_state(seed: int) -> State:
    return zank.variant("spite-and-malice").new_game(seed)


def test_the_content_before_the_deal_pickles_empty() -> None:
    again = pickle.loads(pickle.dumps(rec._Data(deal=(1, 2), done=((0, (), (), 1),))))
    assert again == rec._Data(deal=(1, 2), done=((0, (), (), 1),))
    assert again.zs is None
    assert again.pending is None
    assert again.dealt is None
    assert again.steps is None


def test_a_pickle_of_the_earlier_layout_still_loads() -> None:
    """Pickles made before the deal's progress was kept name ``_restore`` with
    seven arguments (and as ``zank.adapters.openspiel._restore``)."""
    zs = rules_state(4)
    data = zos._restore(rec._pack(zs), (1, 2), ("a", "b"), three_steps(), None, False, (2,))
    assert data.zs == zs
    assert (data.deal, data.done, data.dealt) == ((), (), None)
    assert data.steps.steps() == three_steps()
    assert data.mixed == frozenset({2})
    assert data.truncated is False


def test_a_step_with_every_field_pickles_whole() -> None:
    """A step keeps its shuffle's sets and its public cards through a pickle."""
    step = rec._Step(1, "h2-b1", ((5,), (6,)), ((7,), ()), (7, 8), (7,), ((), (7,)), (5, 9))
    data = zos._restore(rec._pack(rules_state(4)), (5,), ("a", "b"), [step], None, False, ())
    assert data.steps.steps() == [step]
    again = pickle.loads(pickle.dumps(rec._Data(rules_state(4), steps=rec._Node(None, step))))
    assert again.steps.step == step
    assert again.steps.step.public == (5, 9)


def test_a_step_pickled_before_the_public_record_loads_without_public_cards() -> None:
    """A step of a pickle made before the steps kept their public cards (no
    ``public`` slot) comes back with none, its other fields kept."""
    old = object.__new__(rec._Step)
    for name, value in [("seat", 0), ("text", "h1-b1"), ("shown", ((1,), ())), ("hidden", ())]:
        object.__setattr__(old, name, value)
    for name in ("covered", "pool", "before"):
        object.__setattr__(old, name, ())
    assert not hasattr(old, "public")
    data = zos._restore(rec._pack(rules_state(4)), (1,), ("a", "b"), [old], None, False, ())
    assert data.steps.steps() == [rec._Step(0, "h1-b1", ((1,), ()))]
    assert data.steps.step.public == ()


# ---- found by the seed-44 sample of the source after issue 32's sixth part (issue 38)
def test_the_seats_views_of_the_deal_compare_copy_and_pickle_as_their_tuple() -> None:
    views = rec._DealViews(lambda: ("b", "c"))
    assert views == ("b", "c")
    assert views == rec._DealViews(lambda: ("b", "c"))
    assert views != ("a", "c")  # a lower tuple: not equal (>= would say so)
    assert views != ("b", "d")
    assert copy.deepcopy(views) is views  # immutable: a deep copy shares it
    loaded = pickle.loads(pickle.dumps(views))
    assert type(loaded) is tuple
    assert loaded == ("b", "c")


def test_the_kept_actions_and_outcomes_are_neither_compared_nor_carried_by_evolve() -> None:
    a, b = rec._Data(), rec._Data()
    a.actions = (1, 2)
    a.outcomes = [(3, 1.0)]
    assert a == b  # kept answers are no part of the content
    carried = attrs.evolve(a, truncated=True)
    assert (carried.actions, carried.outcomes) == (None, None)
    with pytest.raises(TypeError):
        rec._Data(actions=(1,))


def test_two_shuffles_in_progress_are_equal_only_with_the_same_outcomes() -> None:
    game = pyspiel.load_game(zos.game_name("spite-and-malice"), {"players": 2})
    one, two = game.new_initial_state(), game.new_initial_state()
    outcomes = [a for a, _ in one.chance_outcomes()]
    one.apply_action(outcomes[0])
    two.apply_action(outcomes[0])
    assert type(one._data) is rec._Dealing
    assert one._data == two._data  # equal: < would say not
    other = game.new_initial_state()
    other.apply_action(outcomes[1])
    assert one._data != other._data
    assert other._data != one._data  # both ways: >= would call one of them equal
