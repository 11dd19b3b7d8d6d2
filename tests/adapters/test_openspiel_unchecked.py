"""The OpenSpiel adapter's quicker move (issue 32, fifth part) gives what the
checked one gave: a player's action is checked once, against the state's legal
actions; the applies that follow (after each card chance places) skip the
rules' check, so the move must be legal in every state it is applied to; and the
card a move turns up and the cards it shows come from the changed piles, which
must agree with every seat's view of them (``test_openspiel_fast.old_shown``)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import zank
from zank.core import Move, Rules, State

pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")
zos = pytest.importorskip("zank.adapters.openspiel")

from tests.adapters.test_openspiel_fast import old_shown  # noqa: E402

GAMES = [
    ("spite-and-malice", 2, {}),
    ("spite-and-malice", 3, {}),
    ("spite-and-malice", 2, {"pay_off_size": 30}),  # completed build piles: shuffles
    ("zank", 2, {}),
    ("crapette", 2, {}),
    ("schikanieren", 2, {}),
]


def old_turned(d: Any, ctx: Any, fixed: tuple[int, ...], before: State, after: State) -> int:
    """The card chance places next, as ``_resolve`` found it: from every seat's
    view of the changed piles (-1: none)."""
    new = set().union(*old_shown(ctx, before, after)[0])
    turned = sorted(
        c
        for c in new
        if (c not in d.seen or c in d.mixed)
        and c not in fixed
        and any(c in before.piles[i] for i in ctx.unsorted)
    )
    return turned[0] if turned else -1


def play(game: Any, extra: dict[str, Any], seed: int, moves: int) -> int:
    """A random game (builds first with options); the number of player moves."""
    rnd = random.Random(seed)
    state = game.new_initial_state()
    made = 0
    while not state.is_terminal() and made < moves:
        if state.is_chance_node():
            state.apply_action(rnd.choice(state.chance_outcomes())[0])
        else:
            legal = state.legal_actions()
            builds = [a for a in legal if extra and "-b" in game.rules.moves[a].text]
            state.apply_action(rnd.choice(builds or legal))
            made += 1
    return made


@pytest.mark.parametrize(("variant", "players", "extra"), GAMES)
def test_every_unchecked_apply_is_of_a_legal_move_and_finds_what_every_view_found(
    variant: str, players: int, extra: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = pyspiel.load_game(zos.game_name(variant), {"players": players, **extra})
    ctx = game.context
    rules: Rules = ctx.rules
    assert ctx.apply == rules._apply  # no variant overrides Rules.apply
    applied: list[tuple[State, State]] = []
    unchecked: Callable[[State, Move], State] = ctx.apply

    def checked(state: State, move: Move) -> State:
        assert move in rules.legal_moves(state)  # what the checked apply asked
        after = unchecked(state, move)
        assert after == rules.apply(state, move)
        applied.append((state, after))
        return after

    monkeypatch.setattr(ctx, "apply", checked)
    quick: list[tuple[int, int, bool]] = []
    mixed: list[bool] = []
    resolve = zos.ZankState._resolve

    def watched(self: Any, pending: Any) -> None:
        n = len(applied)
        d = self._data
        resolve(self, pending)
        now = self._data.pending
        if now is not None and now.shuffles and not pending.shuffles:
            return  # the move shuffles: chance chooses the generator state first
        before, after = applied[n]  # this resolve's one apply
        want = old_turned(d, ctx, pending.fixed, before, after)
        changed = ctx.changed(before, after)
        got = ctx.turned_up(before, after, changed, (d.seen, d.mixed, pending.fixed))
        nothing = ctx.shows_nothing(before, after, changed)
        quick.append((got, want, nothing))
        mixed.append(bool(d.mixed))
        assert got == want
        if nothing:
            assert not any(old_shown(ctx, before, after)[0])

    monkeypatch.setattr(zos.ZankState, "_resolve", watched)
    for seed in range(2):
        assert play(game, extra, seed, 150 if extra else 80)
    assert any(got >= 0 for got, _, _ in quick)  # cards were turned up
    assert any(nothing for _, _, nothing in quick) or variant == "spite-and-malice"
    if extra:
        assert any(mixed)  # cards a shuffle hid again were among those compared


def test_an_illegal_action_is_still_refused() -> None:
    game = pyspiel.load_game(zos.game_name("spite-and-malice"), {"players": 2})
    rnd = random.Random(3)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rnd.choice(state.chance_outcomes())[0])
    legal = set(state.legal_actions())
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in legal)
    move = game.rules.moves[illegal]
    with pytest.raises(Exception, match=f"action {illegal} \\({move.text}\\) is not legal now"):
        state.apply_action(illegal)
    clone = state.clone()  # the clone shares the legal actions, and checks with them
    with pytest.raises(Exception, match="is not legal now"):
        clone.apply_action(illegal)
    assert zank.VARIANTS["spite-and-malice"].apply is Rules.apply


def test_a_move_shows_nothing_only_if_every_face_down_card_stays() -> None:
    """``shows_nothing`` is the quick test; each case below shows a card, which
    ``shown`` (every seat's view) finds, so the quick test must say no."""
    rec = pytest.importorskip("zank.adapters._record")
    game = pyspiel.load_game(zos.game_name("spite-and-malice"), {"players": 2})
    ctx = game.context
    state = game.new_initial_state()
    rnd = random.Random(0)
    while state.is_chance_node():
        state.apply_action(rnd.choice(state.chance_outcomes())[0])
    zs = state.zank_state
    pay = next(i for i, s in enumerate(ctx.specs) if s.kind == "pay-off")
    hand = next(i for i, s in enumerate(ctx.specs) if s.private)
    assert zs.down[pay] >= 1  # a pay-off pile: its top face up, the rest face down

    def with_pile(i: int, cards: tuple[int, ...]) -> State:
        piles = list(zs.piles)
        piles[i] = cards
        out: State = rec._with_piles(zs, tuple(piles))
        return out

    same = with_pile(pay, tuple(zs.piles[pay]))  # equal piles, other objects
    assert ctx.shows_nothing(zs, same, ctx.changed(zs, same))
    # the top and the card below it change places: the same face-down count, but
    # the card that was face down is face up now
    pile = zs.piles[pay]
    turned = with_pile(pay, (*pile[:-2], pile[-1], pile[-2]))
    assert any(ctx.shown(zs, turned)[0])
    assert not ctx.shows_nothing(zs, turned, ctx.changed(zs, turned))
    # a private pile changed (the same cards in another order): not told quickly
    reordered = with_pile(hand, tuple(reversed(zs.piles[hand])))
    assert not ctx.shows_nothing(zs, reordered, ctx.changed(zs, reordered))
