"""The public and all-players views and the information-state tensor value by
value, against what the module docs of :mod:`zank.adapters.knowledge` describe
(issue 38: mutants of ``zank/adapters/knowledge.py``)."""

from __future__ import annotations

import random

import attrs
import pytest

import zank
from zank.core import HIDDEN, Rules, State

np = pytest.importorskip("numpy")
encoding = pytest.importorskip("zank.adapters.encoding")
knowledge = pytest.importorskip("zank.adapters.knowledge")


def states(name: str, players: int, seed: int, steps: int) -> tuple[Rules, list[State]]:
    rules = zank.variant(name)
    rnd = random.Random(seed)
    state = rules.new_game(seed=seed, players=players)
    out = [state]
    while state.outcome is None and len(out) < steps:
        state = rules.apply(state, rnd.choice(rules.legal_moves(state)))
        out.append(state)
    return rules, out


@pytest.mark.parametrize(("name", "players"), [("spite-and-malice", 3), ("schikanieren", 2)])
def test_the_views_show_a_card_where_every_or_some_seat_sees_it(name: str, players: int) -> None:
    rules, game = states(name, players, seed=5, steps=40)
    for state in game[::3]:
        seats = [rules.observe(state, q) for q in range(players)]
        for p in range(players):
            public = knowledge.public_observation(rules, state, p)
            every = knowledge.all_players_observation(rules, state, p)
            assert public.player == every.player == p
            assert public.down == every.down == state.down
            for i, cards in enumerate(state.piles):
                seen = [o.piles[i] for o in seats]
                assert public.piles[i] == tuple(
                    c if all(s[j] != HIDDEN for s in seen) else HIDDEN for j, c in enumerate(cards)
                )
                assert every.piles[i] == tuple(
                    c if any(s[j] != HIDDEN for s in seen) else HIDDEN for j, c in enumerate(cards)
                )


def test_a_hand_shows_in_the_all_players_view_only() -> None:
    rules, game = states("spite-and-malice", 2, seed=1, steps=1)
    state = game[0]
    for q in range(2):
        hand = rules.pile_index(2, f"p{q}.hand")
        assert state.piles[hand]
        assert set(knowledge.public_observation(rules, state, 1 - q).piles[hand]) == {HIDDEN}
        assert (
            knowledge.all_players_observation(rules, state, 1 - q).piles[hand] == state.piles[hand]
        )


def documented_blocks(
    rules: Rules, state: State, player: int, seen: int, tracked: int
) -> list[list[float]]:
    """Per card of the game, in id order: seen, visible, remembered, place, pile one-hot."""
    encoder = encoding.ObservationEncoder(rules, state.players)
    specs = rules.layout(state.players)
    order = encoder.pile_order(player)
    cards = sorted(rules.cards(state.players))
    obs = rules.observe(state, player)
    blocks = {c: [float(seen >> c & 1)] + [0.0] * (3 + len(specs)) for c in cards}
    for i, pile in enumerate(state.piles):
        for j, c in enumerate(pile):
            if obs.piles[i][j] != HIDDEN:
                kind = 1
            elif tracked >> c & 1:
                kind = 2
            else:
                continue
            row = blocks[c]
            row[kind] = 1.0
            row[4 + order.index(i)] = 1.0
            if not specs[i].sorted:
                row[3] = (len(pile) - 1 - j) / len(cards)
    return [blocks[c] for c in cards]


@pytest.mark.parametrize(("name", "players"), [("spite-and-malice", 2), ("zank", 3)])
def test_the_tensor_is_the_documented_blocks(name: str, players: int) -> None:
    rules, game = states(name, players, seed=8, steps=30)
    encoder = encoding.ObservationEncoder(rules, players)
    kn = knowledge.KnowledgeEncoder(encoder)
    cards = sorted(rules.cards(players))
    assert kn.cards == tuple(cards)
    assert kn.block == 4 + len(rules.layout(players))
    assert kn.size == encoder.size + len(cards) * kn.block
    assert kn.shape() == (
        ("observation", (encoder.size,)),
        ("cards", (len(cards), kn.block)),
    )
    rnd = random.Random(players)
    for state in game[::4]:
        for p in range(players):
            seen = sum(1 << c for c in cards if rnd.random() < 0.6)
            tracked = sum(1 << c for c in cards if seen >> c & 1 and rnd.random() < 0.5)
            out = np.full(kn.size, 7.0, dtype=np.float32)
            obs = rules.observe(state, p)
            kn.encode(state, obs, seen, tracked, out)
            assert np.array_equal(out[: encoder.size], encoder.encode(obs))
            got = out[encoder.size :].tolist()
            want = [x for row in documented_blocks(rules, state, p, seen, tracked) for x in row]
            assert got == pytest.approx(want, abs=1e-7)


def test_the_seen_mask_reaches_a_highest_card_id_that_is_a_multiple_of_8() -> None:
    """``seen`` is read as bytes: a game whose highest card id is a multiple of 8
    (here the 8♣ of the second pack, 120) needs a byte for it. A rules object and
    encoder of two cards and one pile, with only what the tensor reads."""
    from types import SimpleNamespace
    from typing import Any, cast

    from zank.cards import make_card

    ace, eight = make_card(1, 0, 0), make_card(8, 3, 1)
    assert eight == 120
    rules = SimpleNamespace(
        cards=lambda players: (ace, eight),
        layout=lambda players: (SimpleNamespace(sorted=False),),
    )
    encoder = SimpleNamespace(
        rules=rules,
        players=1,
        size=0,
        pile_order=lambda p: [0],
        encode=lambda obs, out: out,
    )
    kn = knowledge.KnowledgeEncoder(cast(Any, encoder))
    state = SimpleNamespace(piles=((ace, eight),))
    obs = SimpleNamespace(player=0, piles=((HIDDEN, eight),))
    out = np.zeros(kn.size, dtype=np.float32)
    kn.encode(cast(Any, state), cast(Any, obs), 1 << ace | 1 << eight, 1 << ace, out)
    # ace: seen, remembered one card below the top; eight: seen, visible, on top
    assert out.tolist() == [1.0, 0.0, 1.0, 0.5, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0]


def test_a_hand_card_shown_to_every_seat_is_public() -> None:
    """A rules object whose seat 1 also sees the bottom card of seat 0's hand
    (as a variant might show a card): that card is seen by every seat, so the
    public view shows it, and every card of the hand shows in the all-players
    view; the other hand cards stay out of the public view."""
    from typing import Any, cast

    base = zank.variant("spite-and-malice")
    hand = base.pile_index(2, "p0.hand")

    class Shown:
        def observe(self, state: State, p: int) -> Any:
            obs = base.observe(state, p)
            piles = list(obs.piles)
            piles[hand] = (state.piles[hand][0], *piles[hand][1:])
            return attrs.evolve(obs, piles=tuple(piles))

    state = base.new_game(seed=3)
    cards = state.piles[hand]
    assert len(cards) == 5
    for p in range(2):
        public = knowledge.public_observation(cast(Any, Shown()), state, p)
        every = knowledge.all_players_observation(cast(Any, Shown()), state, p)
        assert public.piles[hand] == (cards[0], HIDDEN, HIDDEN, HIDDEN, HIDDEN)
        assert every.piles[hand] == cards
