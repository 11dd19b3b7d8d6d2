"""The resample's relabelling and the shuffle's record, piece by piece (issue 38:
mutants of ``zank/adapters/_resample.py`` that the whole-game tests let live)."""

from __future__ import annotations

import random

import pytest

import zank

pytest.importorskip("numpy")
pytest.importorskip("pyspiel")
zos = pytest.importorskip("zank.adapters.openspiel")
from zank.adapters._resample import _relabel_step  # noqa: E402 (needs numpy)


def relabelled(cards: tuple[int, ...], sigma: dict[int, int]) -> tuple[int, ...]:
    return tuple(sorted(sigma.get(c, c) for c in cards))


# a step of a record pickled before the public record (no pool, no public cards):
# what each seat was shown, and what a shuffle hid from it
SHOWN = ((1, 2), (3,))
HIDDEN = ((4, 6), ())


@pytest.mark.parametrize(
    ("shown", "hidden", "sigma"),
    [
        (SHOWN, (), {1: 5, 5: 1}),  # seat 0's cards named higher: (1, 2) -> (2, 5)
        (SHOWN, (), {2: 0, 0: 2}),  # named lower: (1, 2) -> (0, 1)
        (SHOWN, HIDDEN, {4: 7, 7: 4}),  # the hidden cards only, higher: (4, 6) -> (6, 7)
        (SHOWN, HIDDEN, {6: 3, 3: 6}),  # the hidden cards and seat 1's: (4, 6) -> (3, 4)
        (SHOWN, HIDDEN, {6: 0, 0: 6}),  # the hidden cards only, lower: (4, 6) -> (0, 4)
    ],
)
def test_a_step_without_public_cards_is_relabelled_throughout(
    shown: tuple[tuple[int, ...], ...], hidden: tuple[tuple[int, ...], ...], sigma: dict[int, int]
) -> None:
    """Every card the relabelling moves is renamed in what each seat was shown and
    in what a shuffle hid from it, whichever way the names sort."""
    step = zos._Step(1, "h0-b1", shown, hidden)
    out = _relabel_step(step, sigma)
    assert out.shown == tuple(relabelled(s, sigma) for s in shown)
    assert out.hidden == tuple(relabelled(h, sigma) for h in hidden)
    assert (out.seat, out.text, out.covered, out.pool, out.before, out.public) == (
        1,
        "h0-b1",
        (),
        (),
        (),
        (),
    )


def test_a_step_the_relabelling_does_not_touch_is_kept() -> None:
    step = zos._Step(0, "s0-b0", SHOWN, HIDDEN)
    assert _relabel_step(step, {8: 9, 9: 8}) == step
    assert _relabel_step(step, {}) is step


def test_a_shuffle_pools_only_the_cards_it_mixed_into_the_draw_pile_or_a_hand() -> None:
    """Spite and Malice: the cards a completed build pile's shuffle pools lie, after
    it, in the draw pile or in a hand (drawn from the shuffled cards); never in a
    pay-off pile the move played from (its face-down cards were not shuffled)."""
    rules = zank.variant("spite-and-malice", pay_off_size=30)
    specs = rules.layout(2)
    draw = rules.pile_index(2, "draw")
    pay_offs = [i for i, spec in enumerate(specs) if spec.kind == "pay-off"]
    shuffles = from_pay_off = 0
    for seed in range(6):
        game = zos.load_game(rules, 2, max_game_length=400)
        rnd = random.Random(seed)
        state = game.new_initial_state()
        last = None  # the record's last node
        base = None  # the state at the last decision
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rnd.choice(state.chance_outcomes())[0])
            else:
                base = state.zank_state
                legal = state.legal_actions()
                builds = [a for a in legal if "-b" in rules.moves[a].text]
                state.apply_action(rnd.choice(builds or legal))
            node = state._data.steps
            if node is None or node is last:
                continue
            last = node
            if not node.step.pool:
                continue
            shuffles += 1
            piles = state.zank_state.piles
            assert base is not None  # a shuffle is a player's move
            from_pay_off += any(base.piles[i] != piles[i] for i in pay_offs)
            for c in node.step.pool:
                where = next(i for i, cards in enumerate(piles) if c in cards)
                assert where == draw or specs[where].private, (seed, node.step.text, c, where)
    assert shuffles
    assert from_pay_off  # a pay-off card completed a build pile
