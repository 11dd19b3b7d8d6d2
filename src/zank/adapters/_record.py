"""The OpenSpiel state's record: what each seat saw and did, move by move, and
the packing that pickles and OpenSpiel's serialization carry.

:class:`zank.adapters.openspiel.ZankState` keeps its content in one
:class:`_Data` (shared by clones, never changed once made but for the values it
keeps when first asked for): the zank state, the deal's progress, a move
waiting for chance (:class:`_Pending`), and the moves as a linked list
(:class:`_Node`) whose links cache, per seat, the digest of the moves as that seat
perceived them and the cards it has seen, so that an information state costs the
moves since the last one asked for only.  :func:`_pack`/:func:`_unpack` turn a zank
state into plain values and back (its rules by name and options).
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

import zank
from zank.adapters._deal import MAX_DEAL_OUTCOMES, _Chance, _Context, _Done, _Fixed, _Shuffle
from zank.cards import card_text
from zank.core import HIDDEN, Observation, Rules, State


@attrs.define(eq=True)
class _Pending:
    """A player's move waiting for chance: first for the generator state of a
    move that shuffles, then for each card nobody may know that it turns up."""

    action: int
    base: State  # the state before the move, with the chosen cards in place
    fixed: tuple[int, ...] = ()  # cards chance has chosen so far
    target: int = -1  # the card whose place the next chance node fills
    shuffles: bool = False  # the move uses the state's generator (it shuffles)
    shuffled: bool = False  # chance has chosen the generator state


@attrs.define(eq=True)
class _Step:
    """One move of the game, as each seat perceived it (for information states)."""

    seat: int
    text: str
    shown: tuple[tuple[int, ...], ...]  # per seat: cards the move made visible to it
    # per seat: cards of the piles a shuffling move changed that the seat does not
    # see after it (their places are unknown to the seat from then on)
    hidden: tuple[tuple[int, ...], ...] = ()
    # a shuffling move: the cards of the piles it changed that no seat sees after it
    covered: tuple[int, ...] = ()
    # a shuffling move: the cards it shuffled together -- those the shuffled piles
    # hide from everyone after it, and those drawn from them in the same move
    # (:func:`zank.adapters._resample.shuffle_record`)
    pool: tuple[int, ...] = ()
    # a shuffling move: per seat, the cards of the pool it saw before the shuffle
    # (before the move, or as the move played them face up)
    before: tuple[tuple[int, ...], ...] = ()
    # the cards the move showed every seat (the public record; a card drawn into a
    # hand is shown to its owner only)
    public: tuple[int, ...] = ()


@functools.lru_cache(maxsize=4096)
def _deal_digest(view: str) -> bytes:
    """The digest of a seat's view of the deal (one per deal and seat, kept)."""
    return hashlib.blake2b(view.encode(), digest_size=16).digest()


PUBLIC = -1
"""The key of the public record (what the moves showed every seat) in :class:`_Node`."""
ALL = -2
"""The key of the all-players record (what the moves showed some seat) in :class:`_Node`."""


def _entry(step: _Step, player: int) -> str:
    """A move as ``player`` perceived it: ``seat:move`` and the cards it showed the
    player (:data:`PUBLIC`: every seat; :data:`ALL`: some seat)."""
    entry = f"{step.seat}:{step.text}"
    if player == PUBLIC:
        cards: tuple[int, ...] = step.public
    elif player == ALL:
        cards = tuple(sorted({c for s in step.shown for c in s}))
    else:
        cards = step.shown[player]
    if cards:
        entry += "+" + "+".join(card_text(c) for c in cards)
    return entry


class _Node:
    """A link of the list of moves, newest first, with what each seat knows so far.

    Per seat, a node caches the digest of the moves up to it as that seat
    perceived them (a chain: each digest hashes the one before and the move)
    and the cards the seat saw in them; both are derived from the immutable
    links, so caching them here is safe when clones share the list, and an
    information state costs the moves since the last one asked for only.
    """

    __slots__ = ("digests", "known", "prev", "step")

    def __init__(self, prev: _Node | None, step: _Step) -> None:
        self.prev = prev
        self.step = step
        self.digests: dict[int, bytes] = {}
        self.known: dict[int, tuple[int, int]] = {}

    def _pending(self, cache: str, player: int) -> tuple[_Node | None, list[_Node]]:
        pending: list[_Node] = []
        node: _Node | None = self
        while node is not None and player not in getattr(node, cache):
            pending.append(node)
            node = node.prev
        pending.reverse()
        return node, pending

    def digest(self, player: int) -> bytes:
        """The 16-byte BLAKE2b chain of the moves up to this one as ``player`` perceived them."""
        node, pending = self._pending("digests", player)
        h = b"" if node is None else node.digests[player]
        for n in pending:
            h = hashlib.blake2b(h + _entry(n.step, player).encode(), digest_size=16).digest()
            n.digests[player] = h
        return h

    def seen(self, player: int, dealt: int) -> tuple[int, int]:
        """Bit masks of the cards ``player`` has seen up to this move and of those
        whose place it still knows (seen, and not hidden again by a shuffle since);
        ``dealt``: the mask of the cards it saw in the deal."""
        node, pending = self._pending("known", player)
        seen, tracked = (dealt, dealt) if node is None else node.known[player]
        for n in pending:
            step = n.step
            for c in step.shown[player]:
                seen |= 1 << c
                tracked |= 1 << c
            if step.hidden:  # after the shown cards: a card played into a shuffle is lost
                for c in step.hidden[player]:
                    tracked &= ~(1 << c)
            n.known[player] = (seen, tracked)
        return seen, tracked

    def steps(self) -> list[_Step]:
        """Every move, oldest first."""
        out = []
        node: _Node | None = self
        while node is not None:
            out.append(node.step)
            node = node.prev
        out.reverse()
        return out


class _DealViews(Sequence[str]):
    """Each seat's view of the deal as text, made when first asked for (by an
    information state) and then kept: one object, shared by every state of the
    game after the deal, so that random play does not pay for it.  Equal to the
    tuple of the views; pickles as that tuple (:meth:`_Data.__reduce__`)."""

    __slots__ = ("_make", "_views")

    def __init__(self, make: Callable[[], tuple[str, ...]]) -> None:
        self._make: Callable[[], tuple[str, ...]] | None = make
        self._views: tuple[str, ...] | None = None

    def _get(self) -> tuple[str, ...]:
        if self._views is None:
            assert self._make is not None
            self._views = self._make()
            self._make = None
        return self._views

    def __getitem__(self, i: Any) -> Any:
        return self._get()[i]

    def __len__(self) -> int:
        return len(self._get())

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _DealViews):
            other = other._get()
        return self._get() == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._get())

    def __deepcopy__(self, memo: dict[int, Any]) -> _DealViews:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (tuple, (self._get(),))


@attrs.define(eq=True)
class _Data:
    """The content of a :class:`ZankState` (shared by clones).

    Immutable by convention, as are :class:`_Pending` and :class:`_Step`: they are
    not ``attrs.frozen`` only because a frozen class's ``__init__`` costs twice as
    much, and one is made at every node.
    """

    zs: State | None = None
    seen: frozenset[int] = frozenset()  # every card some seat has seen
    deal_views: Sequence[str] = ()  # each seat's view of the deal (a tuple or _DealViews)
    steps: _Node | None = None
    pending: _Pending | None = None
    truncated: bool = False
    mixed: frozenset[int] = frozenset()  # seen cards a shuffle has hidden again
    deal: tuple[int, ...] = ()  # the deal's chance outcomes so far (while zs is None)
    # the deal's next node (a node inside a shuffle: the shuffle alone)
    node: _Chance | _Shuffle | None = attrs.field(default=None, eq=False)
    done: tuple[_Done, ...] = ()  # the deal's finished shuffles (while zs is None)
    dealt: State | None = None  # the state the deal gave (for the seats' views of it)
    # derived from the fields above, kept when first asked for (not compared, not
    # pickled): the legal actions of a decision, and the chance outcomes of a card
    # being turned up
    # (``init=False``: ``attrs.evolve`` does not carry them to another state)
    actions: tuple[int, ...] | None = attrs.field(default=None, init=False, eq=False, repr=False)
    outcomes: list[tuple[int, float]] | None = attrs.field(
        default=None, init=False, eq=False, repr=False
    )

    def __deepcopy__(self, memo: dict[int, Any]) -> _Data:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        steps = [] if self.steps is None else self.steps.steps()
        pending = None
        if self.pending is not None:
            p = self.pending
            pending = (p.action, _pack(p.base), p.fixed, p.target, p.shuffles, p.shuffled)
        zs = None if self.zs is None else _pack(self.zs)
        return (
            _restore,
            (
                zs,
                tuple(sorted(self.seen)),
                tuple(self.deal_views),
                steps,
                pending,
                self.truncated,
                tuple(sorted(self.mixed)),
                self.deal,
                self.done,
                None if self.dealt is None else _pack(self.dealt),
            ),
        )


class _Dealing(_Shuffle):
    """The content of a :class:`ZankState` at a node inside a shuffle of the deal,
    in place of a :class:`_Data`: the shuffle in progress itself (one object per
    node, where a :class:`_Data` and a :class:`_Shuffle` cost two, and no copy of
    the deal's outcomes so far: they are the outcomes before the shuffle, shared
    by its steps, and its steps' own).

    It answers every field of :class:`_Data` that is read before the deal ends
    (``zs`` is ``None``; :attr:`deal` and :attr:`done` as the :class:`_Data` of
    that node holds them), is equal to that :class:`_Data` and pickles as it does
    (the same bytes: an earlier version, or another process, loads it as the
    :class:`_Data` that continues the deal).  Its ``node`` and ``outcomes`` are
    the shuffle's methods, not :class:`_Data`'s fields: the state tells the two
    apart by type first.  (``zank.adapters.openspiel`` needs no ``attrs.evolve`` of
    it: a step makes a new one.)
    """

    __slots__ = ()

    zs: State | None = None
    seen: frozenset[int] = frozenset()
    deal_views: Sequence[str] = ()
    steps: _Node | None = None
    pending: _Pending | None = None
    truncated: bool = False
    mixed: frozenset[int] = frozenset()
    dealt: State | None = None
    actions: tuple[int, ...] | None = None

    @classmethod
    def resume(cls, sh: _Shuffle, prefix: tuple[int, ...], done: tuple[_Done, ...]) -> _Dealing:
        """The content of the node ``sh`` of a deal whose outcomes before the
        shuffle are ``prefix`` and whose finished shuffles are ``done``."""
        start, source, packs = sh._fixed[:3]
        fixed: _Fixed = (start, source, packs, prefix, done)
        return cls(fixed, sh.i, sh.pack, sh.pool, sh._steps)

    @property
    def deal(self) -> tuple[int, ...]:
        """The deal's chance outcomes so far (``_Data.deal``)."""
        return self._fixed[3] + self.outcomes_so_far

    @property
    def done(self) -> tuple[_Done, ...]:
        """The deal's finished shuffles (``_Data.done``)."""
        return self._fixed[4]

    def finished(self) -> tuple[tuple[int, ...], tuple[_Done, ...]]:
        """The deal's outcomes and finished shuffles once this shuffle is over
        (``i == 0``), itself among them as it ended."""
        start, source, _, prefix, done = self._fixed
        if len(source) <= MAX_DEAL_OUTCOMES:  # no pack chosen: each outcome is its card
            cards: list[int] = []
            add = cards.append
            link = self._steps
            while link is not None:
                _, card, link = link
                add(card)
            choices = prefix + tuple(reversed(cards))
        else:
            outcomes, cards = self._walk()
            choices = prefix + tuple(reversed(outcomes))
        return choices, (*done, (start, source, (*self.pool, *cards), len(choices) - start))

    def _fields(self) -> tuple[Any, ...]:
        return (None, frozenset(), (), None, None, False, frozenset(), self.deal, self.done, None)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _Dealing):
            return self._fields() == other._fields()
        if isinstance(other, _Data):
            return self._fields() == (
                other.zs,
                other.seen,
                other.deal_views,
                other.steps,
                other.pending,
                other.truncated,
                other.mixed,
                other.deal,
                other.done,
                other.dealt,
            )
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Dealing:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # what _Data.__reduce__ gives for the same node
        return (_restore, (None, (), (), [], None, False, (), self.deal, self.done, None))


def _view_text(ctx: _Context, obs: Observation) -> str:
    """An observation as text: one pile a line, hidden cards as ``##``."""
    lines = [
        f"seat {obs.player} of {obs.players}; to move: "
        f"{'-' if obs.to_move is None else obs.to_move}; phase {obs.phase}; "
        f"info {list(obs.info)}; ply {obs.ply}; turn {obs.turn}"
    ]
    for spec, cards, down in zip(ctx.specs, obs.piles, obs.down, strict=True):
        shown = " ".join("##" if c == HIDDEN else card_text(c) for c in cards)
        lines.append(f"{spec.label} [{len(cards)}/{down}]: {shown}")
    if obs.outcome is not None:
        lines.append(f"result: {obs.outcome}")
    return "\n".join(lines)


def _deal_content(
    ctx: _Context, choices: tuple[int, ...], done: tuple[_Done, ...], nxt: _Chance | State
) -> _Data | _Dealing:
    """The content of the state at the deal's next node ``nxt`` (after the outcomes
    ``choices``, with the finished shuffles ``done``): a node inside a shuffle is
    kept as the shuffle (:class:`_Dealing`); or of the game the deal gave, with
    each seat's view of it (:func:`_view_text`) made when first asked for."""
    if isinstance(nxt, _Chance):
        sh = nxt.shuffle
        if sh is None:
            return _Data(deal=choices, node=nxt, done=done)
        return _Dealing.resume(sh, choices[: sh.start], done)
    zs = nxt
    if ctx.fast:  # the rule of Rules.observe: some seat sees every face-up card
        up = zip(zs.piles, zs.down, strict=True)
        seen = frozenset([c for cards, down in up for c in cards[down:]])
    else:
        seen = frozenset().union(*ctx.views(zs, range(len(ctx.specs))))
    views = _DealViews(
        lambda: tuple(_view_text(ctx, ctx.rules.observe(zs, p)) for p in range(ctx.players))
    )
    return _Data(zs, seen, views, dealt=zs)


_RULES: dict[tuple[Any, ...], Rules] = {}


def _pack(state: State) -> tuple[Any, ...]:
    """A zank state as plain values for pickling (its rules by name and options)."""
    rules = state.rules
    return (
        rules.name,
        tuple(sorted(rules.options.items())),
        state.players,
        state.piles,
        *_after_piles(state),
    )


def _after_piles(state: State) -> tuple[Any, ...]:
    """The fields of ``state`` after its piles, in order: the tail that
    :func:`_pack` and :func:`_with_piles` share (a test checks that
    :func:`_pack` holds every field of the state)."""
    return (
        state.down,
        state.to_move,
        state.phase,
        state.info,
        state.rng,
        state.ply,
        state.turn,
        state.outcome,
    )


def _with_piles(state: State, piles: tuple[tuple[int, ...], ...]) -> State:
    """``attrs.evolve(state, piles=piles)``, quicker: the fields of :func:`_pack`."""
    return State(state.rules, state.players, piles, *_after_piles(state))


def _unpack(packed: tuple[Any, ...]) -> State:
    """The state of :func:`_pack` (its rules object shared by every state unpacked)."""
    name, options, *fields = packed
    key = (name, options)
    rules = _RULES.get(key)
    if rules is None:
        rules = _RULES[key] = zank.variant(name, **dict(options))
    return State(rules, *fields)


def _restore(
    zs: tuple[Any, ...] | None,
    seen: tuple[int, ...],
    deal_views: tuple[str, ...],
    steps: list[_Step],
    pending: tuple[Any, ...] | None,
    truncated: bool,
    mixed: tuple[int, ...],
    deal: tuple[int, ...] = (),
    done: tuple[_Done, ...] = (),
    dealt: tuple[Any, ...] | None = None,
) -> _Data:
    node: _Node | None = None
    for step in steps:
        if not hasattr(step, "public"):  # pickled before the steps kept these
            step = _Step(
                step.seat,
                step.text,
                step.shown,
                getattr(step, "hidden", ()),
                getattr(step, "covered", ()),
                getattr(step, "pool", ()),
                getattr(step, "before", ()),
            )
        node = _Node(node, step)
    state = None if zs is None else _unpack(zs)
    pend = None
    if pending is not None:
        action, base, fixed, target, shuffles, shuffled = pending
        pend = _Pending(action, _unpack(base), tuple(fixed), target, shuffles, shuffled)
    return _Data(
        state,
        frozenset(seen),
        deal_views,
        node,
        pend,
        truncated,
        frozenset(mixed),
        tuple(deal),
        done=tuple(done),
        dealt=None if dealt is None else _unpack(dealt),
    )
