"""The deal of a zank game as OpenSpiel's chance nodes (used by
:mod:`zank.adapters.openspiel`; needs no ``pyspiel``).

The variant's own deal runs on a generator (:class:`_DealRng`) that, at each draw no
chance outcome decides yet, raises :class:`_Chance` with the outcomes of that node;
a shuffle in progress (:class:`_Shuffle`) continues one Fisher–Yates step per node
without running the deal again. :class:`_Context` holds what every state of one
game shares (one per variant, option set and seat count: :func:`_shared_context`).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from itertools import chain, compress, repeat
from operator import is_not, itemgetter, ne
from typing import Any, TypeVar

import zank
from zank.adapters.encoding import ObservationEncoder
from zank.adapters.knowledge import KnowledgeEncoder
from zank.cards import DECK, MAX_CARD
from zank.core import HIDDEN, Move, Rules, State
from zank.random import Rng

MAX_DEAL_OUTCOMES = 128
"""The most outcomes a chance node of the deal has."""

assert list(DECK) == sorted(DECK)  # a pack's cards are one range of ids
_PACK_IDS = {d: (DECK.index(d), MAX_CARD - DECK[::-1].index(d)) for d in set(DECK)}
"""Per pack, the range of its card ids (``lo <= c < hi``)."""


_UNIFORM: dict[int, list[tuple[int, float]]] = {}
"""Per outcome count ``n``, the pair ``(c, 1.0 / n)`` of every card id ``c`` below
the largest met so far with that count (a list indexed by card id)."""


def uniform_outcomes(
    outcomes: Sequence[int], universe: Sequence[int] = ()
) -> list[tuple[int, float]]:
    """``[(c, 1.0 / n) for c in outcomes]`` (``n = len(outcomes)``), a new list;
    ``outcomes`` are card ids in increasing order (as every caller's are).

    The pairs are kept per ``n`` and card id and shared by the lists (tuples do
    not change): a node of a shuffle allocates a list, not a pair per card.
    Only ``n <= MAX_DEAL_OUTCOMES`` are kept (every node of the deal), for card
    ids (``0 <= c < MAX_CARD``): at most that many pairs per card id, some 49,000
    in all (six-seat Spite and Malice uses some 21,000).  When a pair is
    missing, the pairs of every card id up to the largest of ``outcomes`` and
    ``universe`` (a shuffle's cards) are made with it, so that the nodes of later
    shuffles of those cards find all theirs (one miss per ``n``, not one per node
    while the kept pairs fill).
    """
    n = len(outcomes)
    if n > MAX_DEAL_OUTCOMES:  # (a card turned up in play may have more: not kept)
        return list(zip(outcomes, repeat(1.0 / n, n), strict=True))
    if n < 2:  # (itemgetter of one key gives the value, not a tuple)
        return [(c, 1.0 / n) for c in outcomes]
    if not 0 <= outcomes[0] <= outcomes[-1] < MAX_CARD:  # (not card ids: not kept)
        return [(c, 1.0 / n) for c in outcomes]
    get = itemgetter(*outcomes)
    row = _UNIFORM.get(n)
    if row is None:
        row = _UNIFORM[n] = []
    try:
        return list(get(row))
    except IndexError:
        p = 1.0 / n
        top = max(outcomes[-1], max(universe, default=0)) + 1
        row.extend(zip(range(len(row), min(top, MAX_CARD)), repeat(p)))
        return list(get(row))


_Done = tuple[int, tuple[int, ...], tuple[int, ...], int]
"""A finished shuffle of the deal: the outcome count where it began, its cards
before and after, and the number of outcomes it took."""
_Fixed = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[_Done, ...]]
"""What a shuffle shares with all its steps: the deal's outcome count where it
began, its cards as the deal gave them, their packs, the deal's outcomes before
it and the deal's shuffles finished before it (the last two for the OpenSpiel
state's content, ``zank.adapters._record._Dealing``; empty otherwise)."""


class _Chance(Exception):
    """Raised by :class:`_DealRng` at a draw that no chance outcome decides yet.

    ``shuffle`` is the shuffle in progress when the draw is one of its cards
    (or packs): the next nodes of that shuffle follow from it alone, without
    running the deal again.  A node of a shuffle computes its outcomes when
    first asked for (:attr:`outcomes`); :meth:`fresh_outcomes` makes a new list
    of them each time without keeping one.
    """

    def __init__(
        self,
        kind: str,
        outcomes: list[tuple[int, float]] | None,
        shuffle: _Shuffle | None = None,
    ) -> None:
        self.kind = kind  # "card", "pack" or "lot"
        self._outcomes = outcomes
        self.shuffle = shuffle

    @property
    def outcomes(self) -> list[tuple[int, float]]:
        """The node's outcomes and their probabilities, sorted by outcome."""
        if self._outcomes is None:
            assert self.shuffle is not None
            self._outcomes = self.shuffle.outcomes()
        return self._outcomes

    def __str__(self) -> str:
        return self.kind

    def fresh_outcomes(self) -> list[tuple[int, float]]:
        """A new list of :attr:`outcomes` (for a caller that may change it)."""
        if self._outcomes is None:
            assert self.shuffle is not None
            return self.shuffle.outcomes()
        return list(self._outcomes)


class _Shuffle:
    """A shuffle of distinct cards in progress (Fisher–Yates from the last place
    down), which the next chance outcome continues without the deal.

    Each step fills place ``i`` with a card chosen among ``items[: i + 1]``; when
    more than :data:`MAX_DEAL_OUTCOMES` cards of more than one pack are left, a
    node chooses the pack first (``pack``).  The shuffle keeps the cards left,
    sorted (``pool``; while more than :data:`MAX_DEAL_OUTCOMES` are left, one
    sorted list per pack of :attr:`packs`, so that a step copies one pack's),
    and the outcomes and cards chosen so far (a linked list, newest first),
    so that a step and a node's outcomes cost no sort and no copy of the whole
    list; :attr:`items` replays the swaps.  Immutable by convention (a plain class
    with slots: one is made per chance node; what does not change from step to
    step is one shared tuple).  A step makes an object of the class of the one
    it steps from (the OpenSpiel state's content inside a shuffle is a subclass,
    ``zank.adapters._record._Dealing``, which also keeps the deal's outcomes
    before the shuffle and its finished shuffles in the shared tuple).
    """

    __slots__ = ("_fixed", "_steps", "i", "pack", "pool")

    def __init__(
        self,
        fixed: _Fixed,
        i: int,
        pack: int = -1,
        pool: Any = (),
        steps: tuple[int, int, Any] | None = None,
    ) -> None:
        # (start, source, packs, the deal's outcomes before the shuffle, the deal's
        # finished shuffles before it), the same for every step
        self._fixed = fixed
        self.i = i  # the place the next step fills (the shuffle is over at 0)
        self.pack = pack  # the pack chosen for place ``i`` (-1: none yet)
        # the cards not placed yet: a sorted list (never changed once made); while
        # i >= MAX_DEAL_OUTCOMES, a list of one sorted list per pack of ``packs``
        self.pool = pool
        # (the outcome of the last step, the card it placed or -1 for a pack, the
        # steps before) or None
        self._steps = steps

    @property
    def start(self) -> int:
        """The number of deal outcomes before this shuffle began."""
        return self._fixed[0]

    @property
    def source(self) -> tuple[int, ...]:
        """The cards as the deal gave them."""
        return self._fixed[1]

    @property
    def packs(self) -> tuple[int, ...]:
        """The packs of the cards shuffled, in order."""
        return self._fixed[2]

    def _walk(self) -> tuple[list[int], list[int]]:
        """The outcome of each step so far and the card placed by each step that
        placed one, newest first."""
        outcomes: list[int] = []
        cards: list[int] = []
        link = self._steps
        while link is not None:
            outcome, card, link = link
            outcomes.append(outcome)
            if card >= 0:
                cards.append(card)
        return outcomes, cards

    @property
    def chosen(self) -> tuple[int, ...]:
        """The card of each step so far, in order."""
        return tuple(reversed(self._walk()[1]))

    @property
    def outcomes_so_far(self) -> tuple[int, ...]:
        """The chance outcome of each step so far, in order (a pack's, or a card's)."""
        return tuple(reversed(self._walk()[0]))

    def __repr__(self) -> str:
        return f"_Shuffle(start={self.start}, i={self.i}, pack={self.pack}, chosen={self.chosen})"

    @staticmethod
    def begin(start: int, items: Sequence[int]) -> _Shuffle:
        """A shuffle of ``items`` before its first step."""
        source = tuple(items)
        packs = tuple(sorted({DECK[c] for c in source}))
        pool: Any = sorted(source)
        if len(source) > MAX_DEAL_OUTCOMES:  # (packs are chosen first: a pool per pack)
            pool = [[c for c in pool if DECK[c] == d] for d in packs]
        return _Shuffle((start, source, packs, (), ()), len(source) - 1, -1, pool)

    def _count(self, pack: int) -> int:
        """The cards of ``pack`` (one of :attr:`packs`) not placed yet."""
        if self.i >= MAX_DEAL_OUTCOMES:  # a pool per pack
            return len(self.pool[self.packs.index(pack)])
        lo, hi = _PACK_IDS[pack]
        pool = self.pool
        return bisect_left(pool, hi) - bisect_left(pool, lo)

    @property
    def left(self) -> tuple[tuple[int, int], ...]:
        """Per pack of the shuffle (in order), its cards not placed yet."""
        if self.i >= MAX_DEAL_OUTCOMES:  # a pool per pack
            return tuple(zip(self.packs, map(len, self.pool), strict=True))
        return tuple((d, self._count(d)) for d in self.packs)

    @property
    def items(self) -> tuple[int, ...]:
        """The cards after the steps so far (places ``i + 1`` on hold the cards
        chosen, the first place last)."""
        if self.i == 0:  # over: place k >= 1 holds the card chosen for it, place 0 the last
            return (*self.pool, *self._walk()[1])
        items = list(self.source)
        where = {c: k for k, c in enumerate(items)}
        i = len(items) - 1
        for c in self.chosen:
            j = where[c]
            items[i], items[j] = items[j], items[i]
            where[items[j]] = j
            where[c] = i
            i -= 1
        return tuple(items)

    def two_packs(self, n: int) -> bool:
        """Whether a node of ``n`` cards left chooses the pack first (callers test
        ``n > MAX_DEAL_OUTCOMES`` first)."""
        # more than one pack has cards left (a pack has at most 64 card ids, so more
        # than MAX_DEAL_OUTCOMES cards left are always of three packs or more)
        return n > MAX_DEAL_OUTCOMES and sum(1 for cards in self.pool if cards) > 1

    def kind(self) -> str | None:
        """The kind of the next step's chance node (``None``: the shuffle is over)."""
        if self.i <= 0:
            return None
        n = self.i + 1
        return "pack" if n > MAX_DEAL_OUTCOMES and self.pack < 0 and self.two_packs(n) else "card"

    def outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the next step's chance node (a new list; the shuffle
        must not be over)."""
        n = self.i + 1
        pool = self.pool
        if self.pack >= 0:  # a card of the pack chosen (a pool per pack)
            cards = pool[self._fixed[2].index(self.pack)]
        elif n <= MAX_DEAL_OUTCOMES:  # a card among all left
            cards = pool
        else:  # (more than MAX_DEAL_OUTCOMES cards left: of three packs or more)
            return [(d, len(p) / n) for d, p in zip(self._fixed[2], pool, strict=False) if p]
        row = _UNIFORM.get(len(cards))
        if row is not None and len(cards) > 1:  # (uniform_outcomes without its call and
            try:  # its checks: the cards of a shuffle are card ids)
                return list(itemgetter(*cards)(row))
            except IndexError:
                pass
        return uniform_outcomes(cards, self.source)

    def node(self) -> tuple[str, list[tuple[int, float]]] | None:
        """The kind and outcomes of the next step's chance node (``None``: over)."""
        kind = self.kind()
        return None if kind is None else (kind, self.outcomes())

    def step(self: _S, outcome: int) -> _S:
        """The shuffle after the chance outcome ``outcome`` of :meth:`node`.

        Raises:
            ValueError: ``outcome`` is not one of the node's outcomes.
        """
        pool = self.pool
        i = self.i
        if i < MAX_DEAL_OUTCOMES:  # a card among all those left (the common case)
            at = bisect_left(pool, outcome)
            if at == len(pool) or pool[at] != outcome:
                raise ValueError(f"{outcome!r} is not in list")  # placed already, or not shuffled
            left = pool.copy()  # (a list, never changed once made: copying is the quickest)
            del left[at]
            new = _new(self.__class__)  # (without __init__'s call: every slot is set)
            new._fixed = self._fixed
            new.i = i - 1
            new.pack = -1
            new.pool = left
            new._steps = (outcome, outcome, self._steps)
            return new
        # more than MAX_DEAL_OUTCOMES cards left, a pool per pack: the pack first
        packs = self._fixed[2]
        card = outcome
        new = _new(self.__class__)
        new._fixed = self._fixed
        if self.pack < 0:
            j = packs.index(outcome) if outcome in packs else -1
            count = len(pool[j]) if j >= 0 else 0
            if count > 1:
                new.i, new.pack, new.pool = i, outcome, pool
                new._steps = (outcome, -1, self._steps)
                return new
            if count < 1:
                raise ValueError("no card of this pack is left")
            card = pool[j][0]  # the pack's last card: no node for it
        elif not (0 <= outcome < MAX_CARD and DECK[outcome] == self.pack):
            raise ValueError("not a card of the pack chosen")
        else:
            j = packs.index(self.pack)
        cards = pool[j]
        at = bisect_left(cards, card)
        if at == len(cards) or cards[at] != card:
            raise ValueError(f"{card!r} is not in list")  # placed already
        rest = pool.copy()  # (lists, never changed once made)
        rest[j] = left = cards.copy()
        del left[at]
        if i - 1 < MAX_DEAL_OUTCOMES:  # one sorted pool from here on (packs in id order)
            rest = list(chain.from_iterable(rest))
        new.i, new.pack, new.pool = i - 1, -1, rest
        new._steps = (outcome, card, self._steps)
        return new


_S = TypeVar("_S", bound=_Shuffle)
_new = object.__new__


class _DealRng(Rng):
    """A generator whose every draw is a chance outcome: given the outcomes
    chosen so far, it replays them and raises :class:`_Chance` at the first
    draw they do not decide.

    ``shuffle`` of distinct card ids draws the card for each place (see
    :class:`_Shuffle`); ``below(n)`` draws a lot.  A shuffle found in ``done``
    (finished shuffles by the outcome count where they began) is not replayed
    step by step.  ``shuffled`` collects the card lists shuffled (for the
    groups of cards dealt together).
    """

    __slots__ = ("choices", "done", "shuffled", "used")

    def __init__(
        self,
        choices: Sequence[int],
        shuffled: list[tuple[int, ...]] | None = None,
        done: dict[int, tuple[tuple[int, ...], tuple[int, ...], int]] | None = None,
    ):
        super().__init__(0)
        self.choices = choices
        self.used = 0
        self.shuffled = shuffled
        self.done = done or {}

    def _take(self, kind: str, outcomes: Any) -> int:
        if self.used < len(self.choices):
            self.used += 1
            return self.choices[self.used - 1]
        outcomes = list(outcomes())
        raise _Chance(kind, outcomes)

    def next64(self) -> int:
        raise TypeError(
            "the deal draws a 64-bit number: the OpenSpiel adapter deals only by "
            "Rng.below() and Rng.shuffle()"
        )

    def below(self, n: int) -> int:
        if n < 1:
            raise ValueError("below() needs n >= 1")
        if n == 1:
            return 0
        first = 0
        if n > MAX_DEAL_OUTCOMES:  # a block of lots first, then the lot
            blocks = -(-n // MAX_DEAL_OUTCOMES)
            block = self._take(
                "lot",
                lambda: (
                    (b, min(MAX_DEAL_OUTCOMES, n - b * MAX_DEAL_OUTCOMES) / n)
                    for b in range(blocks)
                ),
            )
            first = block * MAX_DEAL_OUTCOMES
            n = min(MAX_DEAL_OUTCOMES, n - first)
            if n == 1:
                return first
        return first + self._take("lot", lambda: ((i, 1.0 / n) for i in range(n)))

    def shuffle(self, items: list[Any]) -> list[Any]:
        if self.shuffled is not None:
            self.shuffled.append(tuple(items))
        known = self.done.get(self.used)
        if known is not None and known[0] == tuple(items):  # (distinct cards: it was shuffled so)
            items[:] = known[1]
            self.used += known[2]
            return items
        if not _distinct_cards(items):
            return super().shuffle(items)  # draws by below()
        sh = _Shuffle.begin(self.used, items)
        while True:
            kind = sh.kind()
            if kind is None:
                break
            if self.used == len(self.choices):
                raise _Chance(kind, None, sh)
            sh = sh.step(self.choices[self.used])
            self.used += 1
        items[:] = sh.items
        return items


class _TrialRng(Rng):
    """A seeded generator (seed 0) that notes every list it shuffles, before
    shuffling it (the context's trial deal: :meth:`_Context._groups`)."""

    __slots__ = ("shuffled",)

    def __init__(self, shuffled: list[tuple[int, ...]]) -> None:
        super().__init__(0)
        self.shuffled = shuffled

    def shuffle(self, items: list[Any]) -> list[Any]:
        self.shuffled.append(tuple(items))
        return super().shuffle(items)


def _distinct_cards(items: Sequence[Any]) -> bool:
    return all(type(c) is int and 0 <= c < MAX_CARD for c in items) and len(set(items)) == len(
        items
    )


class _Context:
    """What every state of one game shares: rules, seats, encoder, bound.

    Copied by reference when OpenSpiel clones a state, and pickled by name.
    """

    def __init__(self, variant: str, options: dict[str, Any], players: int, max_length: int):
        self.variant = variant
        self.options = dict(options)
        self.rules = zank.variant(variant, **options)
        self.players = players
        self.max_length = max_length
        self.encoder = ObservationEncoder(self.rules, players)
        self.knowledge = KnowledgeEncoder(self.encoder)
        self.specs = self.rules.layout(players)
        self.moves = self.rules.moves
        """Every move of the action space, by action (``rules.moves``)."""
        self.private = [s.owner if s.private else None for s in self.specs]
        # the quick way to tell who sees what holds while observe is the core's own
        self.fast = type(self.rules).observe is Rules.observe
        self.apply: Callable[[State, Move], State] = (
            self.rules._apply if type(self.rules).apply is Rules.apply else self.rules.apply
        )
        """``rules.apply`` without its check of ``legal_moves`` (the core's own
        ``_apply``, unless the variant overrides ``apply``): for a move the adapter
        has checked already."""
        cards = self.rules.cards(players)
        if len(set(cards)) != len(cards):
            raise ValueError(f"{variant}: the OpenSpiel adapter needs distinct card ids")
        self.first = self.first_node()
        """The deal's first chance node (the same for every game of the context)."""
        self.group = self._groups(cards)
        """Per card, the group of cards the deal shuffles together (an unseen card
        turned up is one of the unseen cards of its group)."""
        members: dict[int, set[int]] = {}
        for c, g in self.group.items():
            members.setdefault(g, set()).add(c)
        self.members = {g: frozenset(m) for g, m in members.items()}
        """Per group (its smallest card), its cards."""
        self.unsorted = tuple(i for i, s in enumerate(self.specs) if not s.sorted)
        """The piles whose order means something (every pile but the sorted ones)."""
        self.sorted_piles = tuple(i for i, s in enumerate(self.specs) if s.sorted)
        """The sorted piles (a hand: their order means nothing)."""
        self.cards = frozenset(cards)
        """Every card of the game."""
        self.pile_ids = range(len(self.specs))

    def _groups(self, cards: Sequence[int]) -> dict[int, int]:
        """Cards shuffled together by the deal share a group (the smallest card of it).

        One trial deal on a seeded generator (:class:`_TrialRng`) notes what the
        deal shuffles: which lists it shuffles does not depend on how they fall
        (every card list a variant's deal shuffles is its packs, or a part of
        what it shuffled before).
        """
        shuffled: list[tuple[int, ...]] = []
        self.rules._deal(_TrialRng(shuffled), self.players)
        parent = {c: c for c in cards}

        def root(c: int) -> int:
            while parent[c] != c:
                parent[c] = parent[parent[c]]
                c = parent[c]
            return c

        for items in shuffled:
            members = [c for c in items if c in parent]
            for c in members[1:]:
                a, b = root(members[0]), root(c)
                parent[max(a, b)] = min(a, b)
        return {c: root(c) for c in cards}

    def deal(
        self,
        choices: Sequence[int],
        shuffled: list[tuple[int, ...]] | None = None,
        done: tuple[_Done, ...] = (),
    ) -> State:
        """The deal that the chance outcomes ``choices`` give (see the module docs);
        the shuffles in ``done`` are taken as they ended, not replayed.

        Raises:
            _Chance: the outcomes end before the deal does; it carries the next node.
        """
        known = {d[0]: d[1:] for d in done}
        return self.rules._deal(_DealRng(choices, shuffled, known), self.players)

    def first_node(self) -> _Chance:
        """The deal's first chance node."""
        try:
            self.deal(())
        except _Chance as chance:
            return chance
        raise ValueError(f"{self.variant}: the deal draws nothing (no chance node)")

    def deal_step(
        self, choices: tuple[int, ...], done: tuple[_Done, ...], node: _Chance, action: int
    ) -> tuple[tuple[int, ...], tuple[_Done, ...], _Chance | State]:
        """The deal after the outcome ``action`` of ``node`` (which the outcomes
        ``choices`` and finished shuffles ``done`` led to): the new outcomes and
        finished shuffles, and the next node or the dealt state.

        A step inside a shuffle costs that step only; the deal itself runs again
        only when a shuffle ends or after a lot (its finished shuffles not replayed).
        """
        choices = (*choices, action)
        sh = node.shuffle
        if sh is not None:
            sh = sh.step(action)
            kind = sh.kind()
            if kind is not None:
                return choices, done, _Chance(kind, None, sh)  # its outcomes when asked for
            done = (*done, (sh.start, sh.source, sh.items, len(choices) - sh.start))
        return choices, done, self.deal_on(choices, done)

    def deal_on(self, choices: tuple[int, ...], done: tuple[_Done, ...]) -> _Chance | State:
        """The next node of the deal, or the dealt state, after the outcomes
        ``choices`` (the shuffles in ``done`` taken as they ended)."""
        try:
            return self.deal(choices, None, done)
        except _Chance as chance:
            return chance

    def __deepcopy__(self, memo: dict[int, Any]) -> _Context:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_shared_context, (self.variant, self.options, self.players, self.max_length))

    def views(self, state: State, piles: Iterable[int]) -> list[set[int]]:
        """The cards each seat sees in the piles ``piles`` of ``state``."""
        views: list[set[int]] = [set() for _ in range(self.players)]
        if self.fast:
            # the rule of Rules.observe: cards above ``down`` are face up; a private
            # pile is seen by its owner only
            for i in piles:
                cards, down = state.piles[i], state.down[i]
                if down < len(cards):
                    owner = self.private[i]
                    if owner is None:
                        for v in views:
                            v.update(cards[down:])
                    else:
                        views[owner].update(cards[down:])
        else:
            for p, v in enumerate(views):
                obs = self.rules.observe(state, p)
                v.update(c for i in piles for c in obs.piles[i] if c != HIDDEN)
        return views

    def changed(self, before: State, after: State) -> list[int] | set[int]:
        """The piles that differ between ``before`` and ``after``, or whose
        face-down count does (those that are the same object are the same: a move
        keeps the piles it does not change)."""
        bp, ap, bd, ad = before.piles, after.piles, before.down, after.down
        changed: list[int] | set[int] = [
            i for i in compress(self.pile_ids, map(is_not, bp, ap)) if bp[i] != ap[i]
        ]
        if bd != ad:
            changed = {*changed, *compress(self.pile_ids, map(ne, bd, ad))}
        return changed

    def shows_nothing(self, before: State, after: State, changed: list[int] | set[int]) -> bool:
        """Whether no seat sees a card in ``after`` that it did not see in ``before``
        (with the core's ``observe``; ``changed``: :meth:`changed`), told quickly
        (``False`` may still show nothing): every face-down count is the same, no
        private pile changed, and every changed pile keeps its face-down cards.
        Then the face-down cards are the same, and so are the cards each seat sees
        (every card lies in one pile)."""
        bd = before.down
        if bd != after.down:
            return False
        bp, ap, private = before.piles, after.piles, self.private
        for i in changed:
            if private[i] is not None:
                return False
            d = bd[i]
            if d and bp[i][:d] != ap[i][:d]:
                return False
        return True

    def turned_up(
        self,
        before: State,
        after: State,
        changed: list[int] | set[int] | None,
        hidden: tuple[frozenset[int], frozenset[int], tuple[int, ...]],
    ) -> int:
        """The smallest card that some seat sees in ``after`` and that nobody may
        know in ``before`` (``hidden``: the cards some seat has seen, those a
        shuffle hid again, and those chance chose already, which are not counted),
        from a pile whose order means something; ``-1`` if none.

        With the core's ``observe`` (``changed``: :meth:`changed`), without the
        cards each seat sees: a card that nobody may know was seen by no seat in
        ``before``, so it is one some seat sees in ``after`` if it lies face up in
        a changed pile; otherwise from :meth:`shown`.
        """
        seen, mixed, fixed = hidden
        if changed is None:
            new: set[int] = set().union(*self.shown(before, after)[0])
        else:
            ap, ad = after.piles, after.down
            new = set().union(*[ap[i][ad[i] :] for i in changed])
        cards = new - seen  # and those a shuffle hid again
        if mixed:
            cards.update(new.intersection(mixed))
        if fixed:
            cards.difference_update(fixed)
        if not cards:
            return -1
        # each card lies in one pile: outside the sorted ones is in an unsorted one
        piles = before.piles
        hands = {c for i in self.sorted_piles for c in piles[i]}
        return min([c for c in cards if c not in hands], default=-1)

    def shown(
        self, before: State, after: State, changed: list[int] | set[int] | None = None
    ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """Per seat, the cards it sees in ``after`` but did not see in ``before``;
        and those of them that every seat sees in ``after`` (shown publicly).
        ``changed``: :meth:`changed` of the two states, if known."""
        if not self.fast or self.players < 2:
            every = range(len(self.specs))
            old = self.views(before, every)
            new = self.views(after, every)
            shown = tuple(tuple(sorted(n - o)) for n, o in zip(new, old, strict=True))
            if not any(shown):
                return shown, ()
            public = set.intersection(*new).intersection(c for s in shown for c in s)
            return shown, tuple(sorted(public))
        # the rule of Rules.observe, as in views(): the piles that are other objects
        # (a move keeps the others) and differ, or whose face-down count differs;
        # their face-up cards before and after, those of public piles once for all
        bp, ap, bd, ad = before.piles, after.piles, before.down, after.down
        if changed is None:
            changed = self.changed(before, after)
        private = self.private
        up_before: set[int] = set()
        up_after: set[int] = set()
        own: dict[int, tuple[set[int], set[int]]] | None = None  # per owner of a private pile
        for i in changed:
            owner = private[i]
            if owner is None:
                up_before.update(bp[i][bd[i] :])
                up_after.update(ap[i][ad[i] :])
            else:
                if own is None:
                    own = {}
                sets = own.get(owner)
                if sets is None:
                    sets = own[owner] = (set(), set())
                sets[0].update(bp[i][bd[i] :])
                sets[1].update(ap[i][ad[i] :])
        # the cards shown publicly: the new face-up cards of public piles (a card is
        # in one place, so a private pile's card that goes public was hidden from
        # every seat but its owner's, one seat of the two or more)
        cards = sorted(up_after - up_before)
        # one tuple per seat and one for the public (new objects, not one shared):
        # a pickle (and OpenSpiel's serialization) writes the same bytes as ever
        if own is None:  # every seat sees the same
            return tuple([tuple(cards) for _ in range(self.players)]), tuple(cards)
        per_seat: list[tuple[int, ...]] = []
        for p in range(self.players):
            sets = own.get(p)
            if sets is None:
                per_seat.append(tuple(cards))
            else:
                per_seat.append(tuple(sorted((up_after | sets[1]) - up_before - sets[0])))
        return tuple(per_seat), tuple(cards)

    def places(self, state: State) -> dict[int, int]:
        """The pile index of every card outside sorted piles (whose order means nothing)."""
        return {
            c: i
            for i, (spec, cards) in enumerate(zip(self.specs, state.piles, strict=True))
            if not spec.sorted
            for c in cards
        }

    def hidden_to_all(self, state: State, piles: Sequence[int]) -> set[int]:
        """The cards of ``piles`` that no seat sees in ``state``."""
        cards = {c for i in piles for c in state.piles[i]}
        return cards.difference(*self.views(state, piles))


_CONTEXTS: dict[tuple[Any, ...], _Context] = {}


def _shared_context(
    variant: str, options: dict[str, Any], players: int, max_length: int
) -> _Context:
    """The one context of a game (built once per process: every game loaded with
    these parameters, and every state unpickled for it, shares it)."""
    key = (variant, tuple(sorted(options.items())), players, max_length)
    ctx = _CONTEXTS.get(key)
    if ctx is None:
        ctx = _CONTEXTS[key] = _Context(variant, options, players, max_length)
    return ctx
