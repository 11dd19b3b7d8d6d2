"""The manoeuvre search of the classic rules (Z-9, Z-10): which manoeuvres can
be announced, and which steps of an announced one keep it within reach.

A manoeuvre is a run of single moves between edge piles that frees a covered
card (move 2, goal :data:`~zank.family.classic_common.GOAL_FREE`) or
empties an edge pile (move 3, :data:`~zank.family.classic_common.GOAL_EMPTY`)
in at most ``manoeuvre_steps`` moves.  The search sees the edge piles as a
:data:`~zank.family.classic_common.Config` and is exhaustive within its
budget: a depth-first search, best-first by a lower bound that never
overestimates, that skips positions already seen with as many moves left.

Each rules object of the classic family owns one :class:`ManoeuvreSearch`
(``rules.manoeuvres``).  Its answers are exact, so its caches change speed,
never results; every cache is a :class:`BoundedCache`.

>>> import zank
>>> rules = zank.variant("zank")
>>> search = rules.manoeuvres
>>> config = (b"", b"", b"", b"", b"", b"", b"", b"")
>>> search.edge_steps(config, 99)
()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from zank.cards import RANK
from zank.core import Move
from zank.family.classic_common import GOAL_EMPTY, GOAL_FREE, HIDDEN_CARD, Config
from zank.family.fits import FKEY, house_tables

try:  # the C types of the compiled build (Cython's pure-Python mode)
    import cython

    if not cython.compiled:  # an installed Cython's stand-in: zank's own instead
        raise ImportError
except ImportError:  # pure Python: the declarations change nothing
    from zank import _nocython as cython  # type: ignore[no-redef]

#: The C index type of the compiled build's ``@cython.locals`` lists (an ``int`` in pure Python).
_Int = cython.typedef(cython.Py_ssize_t)

__all__ = ["Aim", "BoundedCache", "ManoeuvreSearch", "edge_wants"]

K = TypeVar("K")
V = TypeVar("V")

Aim = tuple[int, int, int, bool]
"""What a search aims at, ``(goal, target, limit, removal)``: ``goal`` is
:data:`~zank.family.classic_common.GOAL_FREE` with ``target`` a card, or
:data:`~zank.family.classic_common.GOAL_EMPTY` with ``target`` an edge pile
(0-based); ``limit`` is the first-turn limit of non-empty edge piles (Z-18,
99: none); ``removal`` says that a pile that empties is removed (three
players, none removed yet).  Part of the keys of the search's caches."""

Steps = tuple[tuple[int, int], ...]
"""The edge steps of a position, ``(from, to)`` pairs (0-based piles)."""
Seen = dict[Config, int]
"""Positions searched, with the moves they had left (failures only)."""
Known = dict[Config, Steps]
"""The edge steps of each position already computed, for one first-turn limit."""

# The sizes of the caches.  The first four were measured on the benchmark games
# (benchmarks/RESULTS.md, "caches sized by measurement": bigger ones were slower,
# through the garbage collector); the last two only bound what stays small anyway.
STEPS_SIZE = 5_000  # edge steps of a position, for each first-turn limit
DISTANCE_SIZE = 10_000  # what is known of a position's distance to a goal
SERVING_SIZE = 2_000  # the serving steps of an announced manoeuvre
PILE_BYTES_SIZE = 20_000  # the bytes of an edge pile, by its tuple
STEP_LIMITS_SIZE = 16  # the first-turn limits (a few small numbers, and 99)
TAKERS_SIZE = 256  # translate tables by house key (some 60 keys exist)


class BoundedCache(Generic[K, V]):
    """A dict that forgets everything at once when it is full.

    Every cache of :class:`ManoeuvreSearch` is one, each with a size measured
    on the benchmark games.  Clearing the whole dict (rather than evicting the
    oldest entry) costs nothing on a hit, which is what the search does most;
    a cleared cache refills with the positions the current game uses.

    Reads go to :attr:`data`, a plain dict (``cache.data.get(key)``: the
    fastest lookup Python has, which a ``dict`` subclass would slow down);
    writes go through :meth:`put` only.  Threads may share a cache: a read and
    a write are one dict operation each, so a reader sees a key with the value
    written for it, or a miss.

    >>> from zank.family.manoeuvre import BoundedCache
    >>> cache: BoundedCache[str, int] = BoundedCache(2)
    >>> cache.put("a", 1), cache.put("b", 2), cache.put("c", 3)
    (1, 2, 3)
    >>> cache.data
    {'c': 3}
    """

    __slots__ = ("data", "size")

    def __init__(self, size: int) -> None:
        self.data: dict[K, V] = {}
        """The entries; read them here, and write them through :meth:`put` only."""
        self.size = size
        """The most entries the cache holds before it clears itself."""

    def put(self, key: K, value: V) -> V:
        """Store ``value`` under ``key`` (clearing the cache first if it is full)
        and return it."""
        data = self.data
        if len(data) >= self.size:
            data.clear()
        data[key] = value
        return value


@cython.locals(h=_Int, gap=_Int, occupied=_Int)
def edge_wants(
    edges: Sequence[bytes | tuple[int, ...] | None], want: Sequence[int], removed: int = -1
) -> tuple[dict[int, list[int]], int, int]:
    """``(wants, gap, occupied)`` of edge piles: the non-empty piles (0-based) by
    the house key of the card each takes (``want``, a table of
    :func:`~zank.family.fits.house_tables`), the first empty pile in play
    (``-1``: none) and the number of non-empty piles.

    A pile that is ``None`` or has index ``removed`` is out of play.  The
    classic rules ask this of a state's edge piles and the search of its
    :data:`~zank.family.classic_common.Config`.
    """
    wants: dict[int, list[int]] = {}
    gap = -1
    occupied = 0
    for h, pile in enumerate(edges):
        if pile:
            occupied += 1
            k = want[pile[-1]]
            lst = wants.get(k)
            if lst is None:
                wants[k] = [h]
            else:
                lst.append(h)
        elif gap < 0 and pile is not None and h != removed:
            gap = h
    return wants, gap, occupied


# Local names in the search (hot code, kept short):
#   config   the edge piles (a Config); nxt the config after a step
#   a, b     the source and target edge pile of a step (0-based)
#   goal, target   GOAL_FREE and a card, or GOAL_EMPTY and an edge pile
#   limit    the first-turn limit of non-empty edge piles (Z-18; 99: none)
#   removal  three players and no pile removed yet: a pile that empties is removed
#   budget, left   the moves allowed from here, and after one more step
#   seen     positions searched, with the moves they had left (failures only)
#   takers   a bytes.translate table: 1 for each card the bottom card of the
#            pile to empty goes on
#   depths   per pile, the cards above its topmost taker (99: no taker)
#   da, db   the depths of piles a and b after a step
#   where, pos   the pile and position of the card to free
#   k        the cards above the card to free
#   known    the edge steps of each config already computed, for this limit
#            (the data of its edge_steps cache, read at every node)
class ManoeuvreSearch:
    """The manoeuvre search of one rules object (Z-9, Z-10, Z-V1).

    ``same_suit`` picks the house fit (:func:`~zank.family.fits.house_tables`);
    ``first_edge`` is the state index of edge pile 1; ``step_moves[a][b]`` is
    the move of the top of edge pile ``a`` onto edge pile ``b``; ``free`` maps
    each card to its move-2 announcement and ``empty[h]`` is the move-3
    announcement of edge pile ``h``; ``advanced`` is the option of Z-V1.
    """

    __slots__ = (
        "_advanced",
        "_dist",
        "_empty",
        "_empty_memo",
        "_first_edge",
        "_free",
        "_key",
        "_pile_bytes",
        "_serving",
        "_step_moves",
        "_steps",
        "_takers",
        "_want",
    )

    def __init__(
        self,
        *,
        same_suit: bool,
        first_edge: int,
        step_moves: Sequence[Sequence[Move | None]],
        free: dict[int, Move],
        empty: Sequence[Move],
        advanced: bool,
    ) -> None:
        self._key, self._want = house_tables(same_suit)
        self._first_edge = first_edge
        self._step_moves = tuple(tuple(row) for row in step_moves)
        self._free = free
        self._empty = tuple(empty)
        self._advanced = advanced
        self._steps: BoundedCache[int, BoundedCache[Config, tuple[tuple[int, int], ...]]]
        self._steps = BoundedCache(STEP_LIMITS_SIZE)
        # (config, aim) -> (most moves known to fail, fewest known to succeed)
        self._dist: BoundedCache[tuple[object, ...], tuple[int, int]]
        self._dist = BoundedCache(DISTANCE_SIZE)
        self._takers: BoundedCache[int, bytes] = BoundedCache(TAKERS_SIZE)
        self._pile_bytes: BoundedCache[tuple[int, ...], bytes] = BoundedCache(PILE_BYTES_SIZE)
        self._serving: BoundedCache[tuple[object, ...], tuple[Move, ...]]
        self._serving = BoundedCache(SERVING_SIZE)
        # a single-entry memo, [(key, value)], read and written as one tuple so
        # that threads sharing the search never pair a key with another call's value
        self._empty_memo: list[tuple[tuple[object, ...], tuple[Move, ...]]] = [((), ())]

    # ------------------------------------------------------------ positions
    def config_of(
        self,
        piles: Sequence[tuple[int, ...]],
        down: Sequence[int],
        edges: int,
        removed: int,
    ) -> Config:
        """The edge piles as the search sees them, from a state's ``piles`` and
        face-down counts ``down``, ``edges`` edge piles and ``info[I_REMOVED]``
        (``removed``): a removed pile is ``None`` and a face-down card is
        :data:`~zank.family.classic_common.HIDDEN_CARD`."""
        hb = self._first_edge
        downs = down[hb : hb + edges]
        out: list[bytes | None]
        if any(downs):
            out = [
                bytes(pile) if not d else bytes((HIDDEN_CARD,) * d + pile[d:])
                for pile, d in zip(piles[hb : hb + edges], downs, strict=True)
            ]
        else:
            # the bytes of a pile are kept: successive states share most piles,
            # and a kept bytes object also keeps its hash for the caches' keys
            known = self._pile_bytes
            piles_e = piles[hb : hb + edges]
            out = list(map(known.data.get, piles_e))
            if None in out:
                for h, pile in enumerate(piles_e):
                    if out[h] is None:
                        out[h] = known.put(pile, bytes(pile))
        if removed:
            out[removed - 1] = None
        return tuple(out)

    @cython.locals(h=_Int, t=_Int, c=_Int, gap=_Int)
    def edge_steps(self, config: Config, limit: int) -> tuple[tuple[int, int], ...]:
        """Every single edge-to-edge move the rules allow in ``config``:
        ``(from, to)`` pairs (0-based piles).

        A top card goes onto another edge pile whose top takes it (Z-5), or
        into the first empty edge pile if it fits no other non-empty one and
        does not lie alone (Z-6), while the first-turn limit allows (Z-18).
        """
        cache = self._steps.data.get(limit) or self._steps_for(limit)
        cached = cache.data.get(config)
        if cached is not None:
            return cached
        key = self._key
        wants, gap, occupied = edge_wants(config, self._want)
        out: list[tuple[int, int]] = []
        spare = gap >= 0 and occupied < limit
        for h, pile in enumerate(config):
            if not pile:
                continue
            c = pile[-1]
            if c == HIDDEN_CARD:
                continue
            ts = wants.get(key[c])
            if ts:
                found = False
                for t in ts:
                    if t != h:
                        out.append((h, t))
                        found = True
                if found:
                    continue
            if spare and len(pile) > 1:
                out.append((h, gap))
        return cache.put(config, tuple(out))

    def _steps_for(self, limit: int) -> BoundedCache[Config, tuple[tuple[int, int], ...]]:
        """The cache of :meth:`edge_steps` with first-turn limit ``limit``."""
        cache = self._steps.data.get(limit)
        if cache is None:
            cache = self._steps.put(limit, BoundedCache(STEPS_SIZE))
        return cache

    @staticmethod
    def step_config(config: Config, a: int, b: int, removal: bool) -> Config:
        """``config`` after the top card of edge pile ``a`` moved onto ``b``
        (0-based); with ``removal`` (three players, no pile removed yet) a
        pile that empties is removed."""
        cfg = list(config)
        src = cfg[a]
        dst = cfg[b]
        assert src
        assert dst is not None
        cfg[b] = dst + src[-1:]
        rest = src[:-1]
        cfg[a] = None if not rest and removal and None not in config else rest
        return tuple(cfg)

    # ---------------------------------------------------------- the search
    def reachable(
        self,
        config: Config,
        aim: Aim,
        budget: int,
        seen: Seen | None = None,
        depths: list[int] | None = None,
    ) -> bool:
        """Whether at most ``budget`` edge-to-edge moves reach the goal of
        ``aim`` from ``config`` (Z-9, Z-10).

        ``aim`` is ``(goal, target, limit, removal)`` (:data:`Aim`): ``goal``
        is :data:`~zank.family.classic_common.GOAL_FREE` (``target``, a card,
        lies on top of its pile) or
        :data:`~zank.family.classic_common.GOAL_EMPTY` (edge pile ``target``
        is empty); ``limit`` is the first-turn limit (Z-18, 99: none) and
        ``removal`` says that a pile that empties is removed (three players,
        none removed yet).  The search is exhaustive within ``budget`` (a
        depth-first search that skips positions already seen with as many
        moves left), pruned by a lower bound that never overestimates: every
        card above the target must move at least once, and for an emptied
        pile so must every card above the nearest card its bottom card can go on.

        ``seen`` may be shared by searches with the same ``aim``: a search
        that fails leaves in it only positions that fail with the moves
        recorded; one that succeeds clears it.
        ``depths`` (goal ``GOAL_EMPTY``): the taker depths of ``config`` if the
        caller has them.
        """
        key = (config, aim)
        dist = self._dist
        known = dist.data.get(key)
        if known is not None:
            fails, succeeds = known
            if budget <= fails:
                return False
            if budget >= succeeds:
                return True
        else:
            fails, succeeds = -1, 99
        if seen is None:
            used = self._reach(config, aim, budget, {}, depths)
        else:
            used = self._reach(config, aim, budget, seen, depths)
            if used >= 0:
                seen.clear()
        if used < 0:
            dist.put(key, (budget if budget > fails else fails, succeeds))
            return False
        dist.put(key, (fails, used if used < succeeds else succeeds))
        return True

    def distance(self, config: Config, aim: Aim, budget: int) -> int:
        """The fewest edge-to-edge moves that reach the goal of ``aim`` from
        ``config`` (see :meth:`reachable`), or ``budget + 1`` if more than
        ``budget``."""
        b = self._lower_bound(config, aim[0], aim[1])
        known = self._dist.data.get((config, aim))
        if known is not None:
            b = max(b, known[0] + 1)
        while b <= budget:
            if self.reachable(config, aim, b):
                return b
            b += 1
        return budget + 1

    def _proved(self, config: Config, aim: Aim, used: int) -> int:
        """Record that ``used`` moves reach the goal of ``aim`` from ``config``
        (a position on the way a search found) and return ``used + 1``, the
        moves of the path from the position before it."""
        key = (config, aim)
        known = self._dist.data.get(key)
        if known is None:
            self._dist.put(key, (-1, used))
        elif used < known[1]:
            self._dist.put(key, (known[0], used))
        return used + 1

    def _lower_bound(self, config: Config, goal: int, target: int) -> int:
        """The lower bound of :meth:`reachable` (see :meth:`_empty_children`)."""
        if goal == GOAL_EMPTY:
            pile = config[target]
            if not pile:
                return 0
            takers = self._takers_of(self._key[pile[0]])
            return len(pile) + min(self._taker_depths(config, target, takers))
        for pile in config:
            if pile and target in pile:
                return len(pile) - 1 - pile.index(target)
        return 99  # the card left the edge piles: the goal can no longer be met

    def _reach(
        self, config: Config, aim: Aim, budget: int, seen: Seen, depths: list[int] | None
    ) -> int:
        """The moves a path found uses (not necessarily the fewest), or -1."""
        goal, target, limit, _ = aim
        if goal == GOAL_FREE:  # the card stays in its pile until it is free
            where = next((h for h, pile in enumerate(config) if pile and target in pile), -1)
            if where < 0:
                return -1  # the card left the edge piles
            pile = config[where]
            assert pile is not None
            pos = pile.index(target)
            lb = len(pile) - 1 - pos
            if lb == 0:
                return 0
            if lb > budget:
                return -1
            known = (self._steps.data.get(limit) or self._steps_for(limit)).data
            return self._dfs_free(config, aim, where, pos, budget, seen, known)
        start = config[target]
        if not start:
            return 0
        takers = self._takers_of(self._key[start[0]])
        if depths is None:
            depths = self._taker_depths(config, target, takers)
        lb = len(start) + min(depths)
        if lb > budget:
            return -1
        if lb == 1:  # exact: one card is left, and a card it goes on lies on top elsewhere
            return 1
        known = (self._steps.data.get(limit) or self._steps_for(limit)).data
        return self._dfs_empty(config, aim, takers, budget, seen, depths, known)

    @staticmethod
    @cython.locals(target=_Int, h=_Int, i=_Int)
    def _taker_depths(config: Config, target: int, takers: bytes) -> list[int]:
        """For every edge pile but ``target``: how many cards lie above its
        topmost card that ``takers`` marks (99: no such card)."""
        out = []
        for h, pile in enumerate(config):
            i = pile.translate(takers).rfind(1) if pile and h != target else -1
            out.append(len(pile) - 1 - i if i >= 0 else 99)  # type: ignore[arg-type]
        return out

    def _takers_of(self, key: int) -> bytes:
        """A ``bytes.translate`` table that maps the cards a card of house key
        ``key`` goes on to 1 and every other card to 0."""
        t = self._takers.data.get(key)
        if t is None:
            want = self._want
            t = self._takers.put(
                key, bytes(1 if c < len(want) and want[c] == key else 0 for c in range(256))
            )
        return t

    @cython.locals(
        target=_Int,
        left=_Int,
        n=_Int,
        least=_Int,
        need=_Int,
        a=_Int,
        b=_Int,
        x=_Int,
        y=_Int,
        da=_Int,
        db=_Int,
        i=_Int,
        best=_Int,
        bound=_Int,
    )
    def _empty_children(
        self,
        config: Config,
        target: int,
        takers: bytes,
        depths: list[int],
        steps: tuple[tuple[int, int], ...],
        left: int,
    ) -> list[tuple[int, int, int, int, int]]:
        """``(bound, a, b, da, db)`` for each step ``a -> b`` of ``steps`` (in
        their order) after which edge pile ``target`` may still be emptied in
        ``left`` moves by the lower bound (0: it is empty); ``da``/``db`` are
        the :meth:`_taker_depths` of piles ``a`` and ``b`` after the step.

        The bound of a child is the parent's with two piles changed, so it
        costs O(1): every card of the pile must move, and the bottom card needs
        a card to go on, so every card above the nearest such card must move too.
        """
        # long: 68 lines of body; the rest is the C types of the compiled build
        n = len(config[target])  # type: ignore[arg-type]
        low = sorted(depths)[:3]  # the three smallest, for the other piles' minimum
        least = low[0]
        out = []
        for a, b in steps:
            if a == target:
                need = n - 1
                if not need:
                    out.append((0, a, b, 99, 0))
                    continue
            elif b == target:
                need = n + 1
            else:
                need = n
            if need > left:
                continue
            src = config[a]
            assert src is not None
            x = da = depths[a]
            if da:
                da -= 1
            else:  # the step moves that card
                i = src.translate(takers).rfind(1, 0, len(src) - 1)
                da = len(src) - 2 - i if i >= 0 else 99
            y = depths[b]
            if b == target:
                db = 99
            elif takers[src[-1]]:
                db = 0
            else:
                db = y + 1
            if x != least and y != least:  # the smallest depth of the piles but a and b
                best = least
            else:
                best = least  # low holds least: the loop sets it
                for best in low:
                    if best == x:
                        x = -1
                    elif best == y:
                        y = -1
                    else:
                        break
            if da < best:
                best = da
            if db < best:
                best = db
            bound = need + best
            if bound <= left:
                out.append((bound, a, b, da, db))
        return out

    def _dfs_empty(
        self,
        config: Config,
        aim: Aim,
        takers: bytes,
        budget: int,
        seen: Seen,
        depths: list[int],
        known: Known,
    ) -> int:
        left = budget - 1
        _, target, limit, removal = aim
        steps = known.get(config)
        if steps is None:
            steps = self.edge_steps(config, limit)
        children = self._empty_children(config, target, takers, depths, steps, left)
        if not children:
            return -1
        children.sort()  # the most promising first
        if children[0][0] <= 1:  # the goal is met, or one card is left and can go
            return children[0][0] + 1
        for _, a, b, da, db in children:
            nxt = self.step_config(config, a, b, removal)
            if seen.get(nxt, -1) >= left:
                continue
            seen[nxt] = left
            child = depths.copy()
            child[a] = da
            child[b] = db
            used = self._dfs_empty(nxt, aim, takers, left, seen, child, known)
            if used >= 0:
                return self._proved(nxt, aim, used)
        return -1

    def _dfs_free(
        self, config: Config, aim: Aim, where: int, pos: int, budget: int, seen: Seen, known: Known
    ) -> int:
        left = budget - 1
        _, _, limit, removal = aim
        n = len(config[where])  # type: ignore[arg-type]
        k = n - 1 - pos  # the cards above the target
        children = []
        steps = known.get(config)
        if steps is None:
            steps = self.edge_steps(config, limit)
        for a, b in steps:
            if a == where:
                if k == 1:
                    return 1
                children.append((k - 1, a, b))
            elif b != where:
                if k <= left:
                    children.append((k, a, b))
            elif k < left:  # a card onto the target's pile
                children.append((k + 1, a, b))
        children.sort()  # the steps off the target's pile first
        for _, a, b in children:
            nxt = self.step_config(config, a, b, removal)
            if seen.get(nxt, -1) >= left:
                continue
            seen[nxt] = left
            used = self._dfs_free(nxt, aim, where, pos, left, seen, known)
            if used >= 0:
                return self._proved(nxt, aim, used)
        return -1

    # ------------------------------------------------- an announced manoeuvre
    def serving_steps(self, config: Config, aim: Aim, left: int) -> tuple[Move, ...]:
        """The steps after which the announced goal can still be met with
        the ``left`` moves left (Z-9, Z-10); the goal of ``aim`` (see
        :meth:`reachable`) can be met now.

        A step whose card can step straight back is such a step whenever the
        goal is two moves closer than the budget: back and forth, then the
        shortest way.  Only the others are searched, and only when the lower
        bound of the position after the step allows.
        """
        key = (config, aim, left)
        known = self._serving.data.get(key)
        if known is not None:
            return known
        goal, target, limit, removal = aim
        steps = self.edge_steps(config, limit)
        moves = self._step_moves
        if len(steps) == 1:  # the goal can be met, so the only step serves it
            a, b = steps[0]
            return self._serving.put(key, (moves[a][b],))  # type: ignore[arg-type]
        depths: list[int] | None = None
        if goal == GOAL_EMPTY:
            start = config[target]
            assert start
            takers = self._takers_of(self._key[start[0]])
            depths = self._taker_depths(config, target, takers)
            root = len(start) + min(depths)
            cands = self._empty_children(config, target, takers, depths, steps, left - 1)
        else:
            root, cands = self._free_children(config, target, steps, left)
        seen: Seen = {}  # failures, shared by the searches below
        slack = -1  # whether the goal is two moves closer than the budget (-1: not known yet)
        out = []
        for bound, a, b, da, db in cands:
            if bound == 0 or (bound == 1 and goal == GOAL_EMPTY):  # the goal is met or
                out.append(moves[a][b])  # one card is left and can go (see _reach)
                continue
            src = config[a]
            assert src is not None
            if len(src) > 1:  # the card steps back onto the face-up card below it
                back = src[-2] != HIDDEN_CARD and not (removal and not config[b])
            else:
                back = self._alone_steps_back(config, steps, a, limit, removal)
            if back:
                if slack < 0:  # a reversible step: is there room for back and forth?
                    slack = root <= left - 2 and self.reachable(config, aim, left - 2, seen, depths)
                if slack:
                    out.append(moves[a][b])
                    continue
            child = None
            if depths is not None:
                child = depths.copy()
                child[a] = da
                child[b] = db
            nxt = self.step_config(config, a, b, removal)
            if self.reachable(nxt, aim, left - 1, seen, child):
                out.append(moves[a][b])
        return self._serving.put(key, tuple(out))  # type: ignore[arg-type]

    @staticmethod
    def _free_children(
        config: Config, card: int, steps: tuple[tuple[int, int], ...], left: int
    ) -> tuple[int, list[tuple[int, int, int, int, int]]]:
        """``(root, children)`` of a goal to free ``card``: the cards above it
        now, and ``(bound, a, b, 0, 0)`` for each step ``a -> b`` of ``steps``
        after which fewer than ``left`` cards lie above it (as
        :meth:`_empty_children`; no children if the card left the edge piles)."""
        where = next((h for h, pile in enumerate(config) if pile and card in pile), -1)
        if where < 0:
            return 0, []
        pile = config[where]
        assert pile is not None
        root = len(pile) - 1 - pile.index(card)
        out = []
        for a, b in steps:
            bound = root - 1 if a == where else root + 1 if b == where else root
            if bound < left:
                out.append((bound, a, b, 0, 0))
        return root, out

    @staticmethod
    def _alone_steps_back(
        config: Config, steps: tuple[tuple[int, int], ...], a: int, limit: int, removal: bool
    ) -> bool:
        """Whether the only card of edge pile ``a`` can step back after a step of
        ``steps`` took it away: into the gap it leaves when that is the first
        gap, no pile is removed, the first-turn limit allows and no other pile
        takes it."""
        if removal or b"" in config[:a]:
            return False
        if sum(1 for x, _ in steps if x == a) != 1:
            return False
        return sum(1 for pile in config if pile) - 1 < limit

    # ------------------------------------------------------ announcements
    def free_announcements(
        self, config: Config, fits: frozenset[int], limit: int, removal: bool, budget: int
    ) -> tuple[Move, ...]:
        """Z-9: every covered card whose freeing can be announced, ``fits``
        being the foundation keys (:data:`~zank.family.fits.FKEY`) that a
        centre pile takes now (Z-V1: the least deeply covered)."""
        cands: list[tuple[int, int]] = []  # (depth, card)
        for pile in config:
            if not pile or len(pile) < 2:
                continue
            n = len(pile)
            for i in range(n - 1):
                c = pile[i]
                if c != HIDDEN_CARD and FKEY[c] in fits and n - 1 - i <= budget:
                    cands.append((n - 1 - i, c))
        if not cands:
            return ()
        free = self._free
        cards = self._within_reach(config, cands, GOAL_FREE, limit, removal, budget)
        return tuple(free[c] for c in cards)

    def empty_announcements(
        self, config: Config, limit: int, removal: bool, budget: int
    ) -> tuple[Move, ...]:
        """Z-10: every edge pile whose emptying can be announced (Z-V1: the
        highest bottom card)."""
        # the last answer serves while the edge piles stay as they are
        # (moves 4 to 8 leave them unchanged more often than not)
        memo_key = (config, limit, removal, budget)
        last = self._empty_memo[0]  # one read: threads may share the search
        if last[0] == memo_key:
            return last[1]
        key, want = self._key, self._want
        present: dict[int, set[int]] = {}  # house key taken -> piles holding such a card
        for h, pile in enumerate(config):
            if pile:
                for c in pile:
                    if c != HIDDEN_CARD:
                        present.setdefault(want[c], set()).add(h)
        cands = []
        for h, pile in enumerate(config):
            if not pile or len(pile) > budget or HIDDEN_CARD in pile:
                continue
            bottom = pile[0]
            holders = present.get(key[bottom])
            if holders and (len(holders) > 1 or h not in holders):
                cands.append((-RANK[bottom], h))
        empty = self._empty
        piles = self._within_reach(config, cands, GOAL_EMPTY, limit, removal, budget)
        answer = tuple(empty[h] for h in sorted(piles))
        self._empty_memo[0] = (memo_key, answer)
        return answer

    def _within_reach(
        self,
        config: Config,
        cands: list[tuple[int, int]],
        goal: int,
        limit: int,
        removal: bool,
        budget: int,
    ) -> list[int]:
        """The targets of ``cands``, ``(order, target)`` pairs, whose ``goal``
        is within ``budget`` moves of ``config``, in order; with the option of
        Z-V1 only those of the first order with any."""
        out = []
        best = 99
        for order, target in sorted(cands):
            if self._advanced and order > best:
                break
            if self.reachable(config, (goal, target, limit, removal), budget):
                out.append(target)
                best = order
        return out
