"""Determinization for the OpenSpiel adapter: a state drawn from a player's
information set (:meth:`zank.adapters.openspiel.ZankState.resample_from_infostate`).

The adapter's record (:mod:`zank.adapters._record`) keeps the state the deal gave
and every move as each seat perceived it.  A resampled game is that record with
the cards *relabelled*, so that the player's own part of it is unchanged:

* **Cards the player has never seen** are relabelled across the whole game (a
  uniform permutation within each group of cards the deal shuffled together):
  the deal, every other seat's view of every move, the state.
* **Cards a shuffle hid from the player** (Spite and Malice completes a build
  pile and shuffles it into the draw pile: the player saw those cards, then
  lost them) are relabelled *from that shuffle on* only: a uniform permutation
  of the cards the shuffle mixed (its *pool*: the shuffled pile's cards that
  nobody sees after it, and the cards drawn from it by the same move) less
  those the player has seen since.  Before the shuffle the game is unchanged
  (the player saw those cards there); after it, which of them another seat drew
  and which are still in the draw pile is dealt anew.  Without this step a card
  the player saw, that a shuffle hid and that another seat then drew stayed in
  that seat's hand in every sample (the leak of issue 32).

Either relabelling leaves every seat with a history the game could have
produced: cards that are exchangeable at a time (hidden from everyone in the
same shuffled pile, or never seen by the player and dealt from one pack) swap
identities from then on in every seat's record alike.  The sets the chance
model needs after the resample -- every card some seat has seen, and the seen
cards a shuffle hid again (``mixed``) -- are counted again from the relabelled
record when a shuffle was dealt anew.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import NamedTuple

import attrs

from zank.adapters._deal import _Context
from zank.adapters._record import _Data, _Node, _Step
from zank.core import Observation, State

__all__ = ["recount", "resample", "shuffle_record"]  # internal to the adapter


class _Shuffle(NamedTuple):
    """What the step of a shuffling move keeps (see :func:`shuffle_record`)."""

    covered: tuple[int, ...]
    pool: tuple[int, ...]
    saw: tuple[tuple[int, ...], ...]
    played: tuple[tuple[int, ...], ...]


def shuffle_record(ctx: _Context, before: State, after: State, touched: Sequence[int]) -> _Shuffle:
    """What a shuffling move's step keeps: the cards of its changed (unsorted)
    piles that no seat sees after it (``covered``), the cards it shuffled
    together (``pool``), per seat the cards of the pool it saw before the
    shuffle (``saw``: so that a resample can tell which cards the move showed a
    seat), and per seat the cards the move played face up into the shuffle that
    the seat had not seen (``played``: the queen that completes a Spite and
    Malice build pile, from the mover's hand: every seat sees it played).

    A *shuffled* pile is a changed unsorted pile that, after the move, hides from
    everyone a card some seat saw before it.  The pool is the cards the shuffled
    piles hide from everyone after the move, and the cards that went into a
    private pile (a hand) in the move, coming from a shuffled pile or from a place
    some seat saw (drawn from the shuffled cards before anyone saw them again).

    The rules do not say which cards their generator shuffled, so this is read
    from the piles: exact for Spite and Malice's completed build pile, shuffled
    into the whole draw pile before the hand is filled.  With
    ``unlimited_build_piles`` (S&M-V1) the completed piles are shuffled in only
    when a draw finds the draw pile empty, so the cards that draw took before the
    shuffle are counted in the pool too: a resample may then put one of them back
    into the draw pile, which a player counting the draws could rule out (no card
    is held where the player cannot know it is; a hook on the rules naming the
    shuffled cards would make it exact).
    """
    changed = [i for i in touched if not ctx.specs[i].sorted]
    covered = ctx.hidden_to_all(after, changed)
    views = ctx.views(before, touched)
    visible = set().union(*views)
    shuffled = {i for i in changed if any(c in covered and c in visible for c in after.piles[i])}
    pool = {c for i in shuffled for c in after.piles[i] if c in covered}
    origin = {c: i for i in touched for c in before.piles[i]}
    for i in touched:
        if ctx.private[i] is None:
            continue
        for c in set(after.piles[i]).difference(before.piles[i]):
            if origin.get(c) in shuffled or c in visible:
                pool.add(c)
    played = pool.intersection(visible)  # seen by some seat, then shuffled: face up
    return _Shuffle(
        tuple(sorted(covered)),
        tuple(sorted(pool)),
        tuple(tuple(sorted(played.union(pool.intersection(v)))) for v in views),
        tuple(tuple(sorted(played.difference(v))) for v in views),
    )


def _relabel_state(ctx: _Context, state: State, sigma: Mapping[int, int]) -> State:
    """``state`` with card ``sigma[c]`` where card ``c`` lies (sorted piles sorted again)."""
    if not sigma:
        return state
    piles = tuple(
        (
            tuple(sorted(sigma.get(c, c) for c in cards))
            if spec.sorted
            else tuple(sigma.get(c, c) for c in cards)
        )
        if any(c in sigma for c in cards)
        else cards
        for spec, cards in zip(ctx.specs, state.piles, strict=True)
    )
    return attrs.evolve(state, piles=piles)


def _relabel_step(step: _Step, sigma: Mapping[int, int]) -> _Step:
    """``step`` with every card ``c`` named ``sigma[c]`` (``step`` itself if none changes)."""
    keys = sigma.keys()
    if not sigma or (
        not step.hidden
        and keys.isdisjoint(step.public)
        and all(keys.isdisjoint(s) for s in step.shown)
    ):
        return step

    def each(cards: tuple[int, ...]) -> tuple[int, ...]:
        if not any(c in sigma for c in cards):
            return cards
        return tuple(sorted(sigma.get(c, c) for c in cards))

    shown = tuple(each(s) for s in step.shown)
    hidden = tuple(each(h) for h in step.hidden)
    if step.pool or step.public:
        before = tuple(each(b) for b in step.before)
        covered, pool, public = each(step.covered), each(step.pool), each(step.public)
    elif shown == step.shown and hidden == step.hidden:
        return step
    else:
        before, covered, pool, public = step.before, step.covered, step.pool, step.public
    return _Step(step.seat, step.text, shown, hidden, covered, pool, before, public)


def _shuffle_anew(step: _Step, tau: Mapping[int, int]) -> _Step:
    """The shuffling move ``step`` with the cards it shuffled relabelled by
    ``tau`` *after* it: what each seat saw before the move stays, what it sees
    after is relabelled, and a card is shown to a seat when it sees it after the
    move but did not before (the cards ``tau`` moves are all in the pool)."""
    moved = set(tau)
    played = set.intersection(*map(set, step.before))  # every seat saw them before
    shown = []
    for q, cards in enumerate(step.shown):
        now = moved.difference(step.hidden[q])  # seen after the move, before relabelling
        saw = step.before[q]
        new = {c for c in cards if c in played or c not in moved}
        new.update(tau[c] for c in now if tau[c] not in saw)
        shown.append(tuple(sorted(new)))

    def each(cards: Iterable[int]) -> tuple[int, ...]:
        return tuple(sorted(tau.get(c, c) for c in cards))

    return _Step(
        step.seat,
        step.text,
        tuple(shown),
        tuple(each(h) for h in step.hidden),
        each(step.covered),
        each(step.pool),
        step.before,
        step.public,  # played face up before the shuffle, or seen by all after it
    )


def recount(
    ctx: _Context, dealt: State, steps: Sequence[_Step]
) -> tuple[frozenset[int], frozenset[int]]:
    """The cards some seat has seen, and the seen cards a shuffle has hidden from
    everyone since (``mixed``), counted from the deal and the moves: the sets the
    adapter keeps as it goes (:class:`zank.adapters._record._Data`)."""
    seen: set[int] = set().union(*ctx.views(dealt, range(len(ctx.specs))))
    mixed: set[int] = set()
    for step in steps:
        new = {c for cards in step.shown for c in cards}
        seen |= new
        mixed -= new
        mixed.update(c for c in step.covered if c in seen)
    return frozenset(seen), frozenset(mixed)


def resample(
    ctx: _Context,
    d: _Data,
    player: int,
    rnd: random.Random,
    view_text: Callable[[Observation], str],
) -> _Data:
    """The record ``d`` relabelled for a state of ``player``'s information set
    (see the module docs); ``rnd`` draws the permutations, ``view_text`` writes
    each seat's view of the relabelled deal."""
    assert d.zs is not None
    assert d.dealt is not None
    steps = [] if d.steps is None else d.steps.steps()
    known = ctx.views(d.dealt, range(len(ctx.specs)))[player]
    for step in steps:
        known.update(step.shown[player])
    # 1. the cards the player never saw: one permutation per group, the whole game
    groups: dict[int, list[int]] = {}
    for c in ctx.rules.cards(ctx.players):
        if c not in known:
            groups.setdefault(ctx.group[c], []).append(c)
    sigma: dict[int, int] = {}
    for cards in groups.values():
        shuffled = cards[:]
        rnd.shuffle(shuffled)
        sigma.update((a, b) for a, b in zip(cards, shuffled, strict=True) if a != b)
    # 2. the cards each shuffle hid from the player: from that shuffle on
    later: dict[int, frozenset[int]] = {}  # at a shuffle k: shown to the player after it
    since: set[int] = set()
    for k in range(len(steps) - 1, -1, -1):
        if steps[k].pool:
            later[k] = frozenset(since)
        since.update(steps[k].shown[player])
    pi: dict[int, int] = dict(sigma)  # the relabelling of the moves from here on
    anew = False  # some shuffle dealt anew
    # a record pickled before the steps kept the shuffled cards is relabelled as a
    # whole, as it was then (its sets could not be counted again)
    legacy = any(s.hidden and not s.covered for s in steps)
    out: list[_Step] = []
    for k, step in enumerate(steps):
        step = _relabel_step(step, pi)
        # the shuffled cards the player does not see after the move, nor since
        if legacy or not step.pool:
            out.append(step)
            continue
        hidden = set(step.hidden[player])
        pool = [c for c in step.pool if c in hidden and c not in later[k]]
        if len(pool) > 1:
            shuffled = pool[:]
            rnd.shuffle(shuffled)
            tau = {a: b for a, b in zip(pool, shuffled, strict=True) if a != b}
            if tau:
                anew = True
                step = _shuffle_anew(step, tau)
                pi = {c: tau.get(pi.get(c, c), pi.get(c, c)) for c in {*pi, *tau}}
                pi = {a: b for a, b in pi.items() if a != b}
        out.append(step)
    dealt = _relabel_state(ctx, d.dealt, sigma)
    node: _Node | None = None
    for step in out:
        node = _Node(node, step)
    if anew:
        seen, mixed = recount(ctx, dealt, out)
    else:  # one relabelling of the whole game: relabel the sets (as recount would give)
        seen = frozenset(sigma.get(c, c) for c in d.seen)
        mixed = frozenset(sigma.get(c, c) for c in d.mixed)
    return _Data(
        _relabel_state(ctx, d.zs, pi),
        seen,
        tuple(view_text(ctx.rules.observe(dealt, q)) for q in range(ctx.players)),
        node,
        None,
        d.truncated,
        mixed,
        dealt=dealt,
    )
