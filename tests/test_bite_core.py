"""The rules base class: its hooks' defaults, its caches and the defaults of ``playouts``.

Found by mutation testing (issue 38, eleventh campaign, second worker, seed 41):
without these tests the base class's ``_layout`` and ``_apply`` could return
``None`` instead of raising ``NotImplementedError``, the default kernel could
return no moves, ``_touched`` could answer ``None``, ``Rules.playouts`` could keep
every game's moves by default, ``info_size`` could ask about three seats by
default or deal again on every call, the legal-move cache could never hit,
``action_mask`` could write 2 for a legal action, ``parse_move`` could let text
that is no move through to a later error, ``piles`` could truncate a state of too
few piles, and a move one past the action space could raise ``IndexError``
instead of being no move of the rules. The tests read each hook of a variant that
implements nothing but the action space (and one with only ``_legal``,
``_apply`` and ``_deal``), and the public methods' answers exactly.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs
import pytest
from attrs import frozen

import zank
from zank.core import Move, Rules, State, Violation
from zank.errors import OptionError
from zank.random import Rng
from zank.spite_malice import SpiteAndMalice
from zank.working import Working


class _Kind(enum.IntEnum):
    ONLY = 0


@frozen(kw_only=True)
class _Bare(Rules):
    """A variant with an action space of one move and no other hook."""

    name = "bare"
    move_kinds = _Kind

    def _build_moves(self) -> Iterable[Move]:
        return [Move(0, _Kind.ONLY, 0, 0, "go")]


@pytest.mark.parametrize(
    ("hook", "args"),
    [
        ("_layout", (2,)),
        ("_cards", (2,)),
        ("_deal", (Rng(1), 2)),
        ("_legal", (None,)),
        ("_apply", (None, Move(0, _Kind.ONLY, 0, 0, "go"))),
    ],
)
def test_a_hook_the_variant_does_not_implement_raises(hook: str, args: tuple[object, ...]) -> None:
    with pytest.raises(NotImplementedError):
        getattr(_Bare(), hook)(*args)


def test_the_base_hooks_that_have_defaults() -> None:
    rules = _Bare()
    state = zank.variant("spite-and-malice").new_game(seed=1)
    move = rules.moves[0]
    assert rules._explain(state, move) == Violation("legal", "go is not a legal move now")
    rules._validate(state)  # the base class checks nothing of its own
    assert rules._touched(state, move) == (frozenset(), None)
    assert rules.max_plies(2) is None
    with pytest.raises(
        OptionError, match=r"^bare does not say who begins a deal \(no _opening_seat\)$"
    ):
        rules._opening_seat(state, Rng(1))


def test_playouts_keep_neither_moves_nor_finals_unless_asked() -> None:
    rules = zank.variant("spite-and-malice")
    state = rules.new_game(seed=2)
    runs = rules.playouts(state, 2, seed=4, max_moves=30)
    assert runs.moves is None
    assert runs.finals is None
    kept = rules.playouts(state, 2, seed=4, max_moves=30, keep_moves=True, keep_finals=True)
    assert kept.moves is not None
    assert kept.finals is not None
    assert [len(m) for m in kept.moves] == list(runs.lengths) == list(kept.lengths)


def test_playouts_play_random_moves_to_the_end_by_default() -> None:
    rules = zank.variant("spite-and-malice")
    state = rules.new_game(seed=2)
    default = rules.playouts(state, 2, seed=4)
    assert default == rules.playouts(state, 2, seed=4, policy="random", max_moves=None)
    assert all(r is not None for r in default.results)


@pytest.mark.parametrize("name", sorted(zank.VARIANTS))
def test_info_size_is_of_two_seats_by_default(name: str) -> None:
    # every registered variant (the family's tables answer with their own method)
    rules = zank.variant(name)
    assert rules.info_size() == rules.info_size(2) == len(rules.new_game(seed=0).info)


def test_info_size_of_the_base_class_is_of_two_seats_by_default() -> None:
    # the family's tables have their own info_size; a variant of the base class's
    # played by two only must not be asked about three seats
    rules = _Listed()
    assert rules.max_players == 2
    assert rules.info_size() == rules.info_size(2) == 3


def test_the_legal_moves_of_the_same_state_are_computed_once() -> None:
    rules = zank.variant("spite-and-malice")
    state = rules.new_game(seed=6)
    first = rules.legal_moves(state)
    assert first
    assert rules.legal_moves(state) is first


@pytest.mark.parametrize("name", sorted(zank.VARIANTS))
def test_the_action_mask_is_one_byte_of_0_or_1_per_action(name: str) -> None:
    rules = zank.variant(name)
    state = rules.new_game(seed=8)
    legal = {m.action for m in rules.legal_moves(state)}
    assert legal
    assert rules.action_mask(state) == bytes(
        1 if a in legal else 0 for a in range(rules.action_space)
    )


def test_text_that_is_no_move_is_refused_with_the_moves_legal_now() -> None:
    rules = zank.variant("zank")
    state = rules.new_game(seed=1)
    legal = ", ".join(m.text for m in rules.legal_moves(state))
    with pytest.raises(zank.NotationError) as caught:
        rules.parse_move(state, " zz ")
    assert type(caught.value) is zank.NotationError
    assert str(caught.value) == f"' zz ' is not a move of zank; legal now: {legal}"


def test_piles_refuses_a_state_with_fewer_piles_than_the_layout() -> None:
    # a State made by hand (unchecked) with a pile missing: no silent truncation
    rules = zank.variant("zank")
    state = rules.new_game(seed=1)
    short = attrs.evolve(state, piles=state.piles[:-1])
    with pytest.raises(ValueError, match="shorter"):
        rules.piles(short)


@frozen(kw_only=True)
class _Listed(_Bare):
    """A variant with only ``_legal`` and ``_apply``: the kernel is the base class's."""

    def _legal(self, state: State) -> tuple[Move, ...]:
        return (self.moves[0],)

    def _apply(self, state: State, move: Move) -> State:
        return state.successor(state.piles, state.down, state.to_move, state.info, state.turn + 1)

    def _deal(self, rng: Rng, players: int) -> State:
        deal = zank.variant("spite-and-malice").new_game(seed=rng.next64(), players=players)
        return attrs.evolve(deal, rules=self, info=(4, 5, 6))


def test_the_default_kernel_goes_through_legal_and_apply() -> None:
    rules = _Listed()
    state = attrs.evolve(zank.variant("spite-and-malice").new_game(seed=1), rules=rules)
    w = Working(state)
    assert tuple(rules._kernel_moves(w)) == (rules.moves[0],)
    rules._kernel_play(w, rules.moves[0])
    assert w.state() == rules._apply(state, rules.moves[0])
    assert (w.ply, w.turn) == (state.ply + 1, state.turn + 1)


def test_info_size_deals_once_per_seat_count(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = SpiteAndMalice(pay_off_size=13)  # a new object: nothing remembered yet
    dealt: list[int] = []
    new_game = SpiteAndMalice.new_game

    def counting(self: SpiteAndMalice, seed: int | None = None, players: int = 2) -> State:
        dealt.append(players)
        return new_game(self, seed, players)

    monkeypatch.setattr(SpiteAndMalice, "new_game", counting)
    assert [rules.info_size(3), rules.info_size(3), rules.info_size(2), rules.info_size(3)] == [
        0
    ] * 4
    assert dealt == [3, 2]


@pytest.mark.parametrize("action", [-1, 0, 1])
def test_a_move_past_the_action_space_is_no_move_of_the_rules(action: int) -> None:
    rules = zank.variant("zank")
    fake = Move(rules.action_space + action, 0, 0, 0, "nothing")
    with pytest.raises(
        zank.IllegalMove, match=r"^Move\('nothing', action=\d+\) is not a move of zank$"
    ):
        rules.encode(fake)
    state = rules.new_game(seed=1)
    assert rules.check(state, fake) == Violation(
        "notation", f"Move('nothing', action={fake.action}) is not a move of zank"
    )
