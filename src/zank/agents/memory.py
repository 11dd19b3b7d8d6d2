"""What a seat remembers of the cards it saw: the order of a pile turned over.

Some variants refill an empty face-down pile by turning a face-up pile of the
same seat over, without shuffling (:meth:`~zank.core.Rules.turnover_refills`:
the Zank-Patience family's hand pile, refilled by the own discard,
``hand = discard[::-1]``; in ``zank-104`` the talon and the second talon).  A
player who saw the face-up pile before it was turned over knows the order of
the face-down pile from then on: its cards only leave it from the top.  An
:class:`~zank.core.Observation` shows the pile's cards as hidden, and
:meth:`~zank.core.Rules.sample_state` deals them at random, so a search from
the observation alone forgets that order.

:class:`TurnoverMemory` keeps it, from the observations one seat is shown and
nothing else: between two observations, the cards that were visible in the
first and are not in the second went face down, and the only way a card goes
face down is a turnover.  So where a refilled pile of ``n`` cards is exactly
the last ``n`` cards of its source as last seen (turned over, the first card
taken off the top), and those ``n`` cards are among the ones that went face
down, its order is known; a pile known before keeps its bottom cards as it
loses cards from the top.  Whatever does not add up, the memory forgets
rather than guesses: a refill that is not the source as last seen (the
opponent packed a card onto its discard and turned it over before this seat
looked again), a card that went face down unexplained (then everything is
forgotten), a remembered card visible elsewhere, a pile of another size.
:meth:`TurnoverMemory.world` then deals a world as ``sample_state`` does with
the remembered piles in their order and every other hidden place dealt at
random: the seat's observation of the world is the observation.

A memory belongs to one seat of one game: it starts afresh when the rules
object, the seat count or the seat changes, or when the ply or the turn goes
back (a new game, a move taken back).

>>> import zank
>>> from zank.agents.memory import TurnoverMemory
>>> rules = zank.variant("zank-104")
>>> memory = TurnoverMemory()
>>> memory.observe(rules, rules.observe(rules.new_game(seed=1), 0))
>>> memory.known  # nothing turned over yet
{}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from zank.core import HIDDEN, Observation, Rules, State, world_state
from zank.random import Rng

__all__ = ["TurnoverMemory", "turnover_pairs"]

#: Mixed into a world's generator state to shuffle the cards left for the
#: places the memory does not fix (so that they do not repeat the sample's
#: own shuffle).
_MIX = 0x9E3779B97F4A7C15


def turnover_pairs(rules: Rules, players: int) -> tuple[tuple[int, int], ...]:
    """The ``(pile, source)`` index pairs of the layout that
    :meth:`~zank.core.Rules.turnover_refills` names: each seat's pile of the
    refilled kind with the same seat's pile of the source kind.

    >>> import zank
    >>> from zank.agents.memory import turnover_pairs
    >>> rules = zank.variant("zank-104")
    >>> [(rules.layout(2)[h].label, rules.layout(2)[d].label) for h, d in turnover_pairs(rules, 2)]
    [('p0.talon', 'p0.second-talon'), ('p1.talon', 'p1.second-talon')]
    """
    refills = rules.turnover_refills()
    if not refills:
        return ()
    layout = rules.layout(players)
    where = {(spec.owner, spec.kind): i for i, spec in enumerate(layout)}
    out = []
    for kind, source in refills:
        for i, spec in enumerate(layout):
            if spec.kind == kind and spec.owner is not None:
                j = where.get((spec.owner, source))
                if j is not None:
                    out.append((i, j))
    return tuple(out)


def _visible(observation: Observation) -> Counter[int]:
    """The cards ``observation`` shows, counted."""
    return Counter(c for pile in observation.piles for c in pile if c != HIDDEN)


def _unseen(rules: Rules, observation: Observation) -> Counter[int]:
    """The cards of the game that ``observation`` does not show, counted."""
    left = Counter(rules.cards(observation.players))
    left.subtract(_visible(observation))
    return left


class TurnoverMemory:
    """One seat's memory of the piles it saw turned over (see
    :mod:`zank.agents.memory`).

    Feed it every observation the seat is shown, in order
    (:meth:`observe`); :attr:`known` is then, per pile index, the pile's cards
    bottom to top as the seat knows them, and :meth:`world` deals a world that
    keeps them.  It reads observations only, never a state.
    """

    def __init__(self) -> None:
        self.known: dict[int, tuple[int, ...]] = {}
        """Per pile index, the remembered cards of the pile, bottom to top."""
        self._key: tuple[Rules, int, int] | None = None
        self._pairs: tuple[tuple[int, int], ...] = ()
        self._last: Observation | None = None
        # the last answer of consistent() for world(), by the observation and the
        # memory it is for: a search deals many worlds from one observation
        self._fixed: tuple[Observation, object, dict[int, tuple[int, ...]]] | None = None

    def reset(self) -> None:
        """Forget everything (a new game)."""
        self.known = {}
        self._key = None
        self._pairs = ()
        self._last = None
        self._fixed = None

    def observe(self, rules: Rules, observation: Observation) -> None:
        """Take in the seat's next observation."""
        key = (rules, observation.players, observation.player)
        last = self._last
        if (
            key != self._key
            or last is None
            or observation.ply < last.ply
            or observation.turn < last.turn
        ):
            self.reset()
            self._key = key
            self._pairs = turnover_pairs(rules, observation.players)
            self._last = observation if self._pairs else None
            return
        if not self._pairs or observation == last:
            return
        gone = _visible(last)
        gone.subtract(_visible(observation))
        gone = +gone  # the cards that went face down since the last observation
        known: dict[int, tuple[int, ...]] = {}
        for pile, source in self._pairs:
            n = len(observation.piles[pile])
            if n == 0:
                continue
            before = last.piles[source]
            remembered: tuple[int, ...] | None = None
            if gone and n <= len(before) and HIDDEN not in before:
                refill = before[len(before) - n :][::-1]  # turned over, the top ones taken
                need = Counter(refill)
                if all(gone[c] >= k for c, k in need.items()):
                    remembered = refill
                    gone.subtract(need)
                    gone = +gone
            if remembered is None:
                old = self.known.get(pile)
                if old is not None and n <= len(old):
                    remembered = old[:n]  # cards leave from the top only
            if remembered is not None:
                known[pile] = remembered
        # a card went face down unexplained: some pile changed in a way the
        # memory does not follow, so it keeps only what this observation shows
        self.known = known if not gone else {}
        self._last = observation
        self._fixed = None

    def consistent(self, rules: Rules, observation: Observation) -> dict[int, tuple[int, ...]]:
        """The remembered piles that agree with ``observation``: as many cards
        as the pile shows, every one hidden in it (or the same card where it
        shows one), and all of them together among the cards the observation
        does not show.  A pile that does not agree is left out (its places are
        dealt at random); if the piles together do not agree, none is kept."""
        if not self.known:
            return {}
        out: dict[int, tuple[int, ...]] = {}
        for pile, cards in self.known.items():
            shown = observation.piles[pile]
            if len(shown) == len(cards) and all(
                s in (HIDDEN, c) for s, c in zip(shown, cards, strict=True)
            ):
                out[pile] = cards
        if out:
            left = _unseen(rules, observation)
            for pile, cards in out.items():
                shown = observation.piles[pile]
                left.subtract(c for s, c in zip(shown, cards, strict=True) if s == HIDDEN)
            if any(k < 0 for k in left.values()):
                return {}
        return out

    def world(self, rules: Rules, observation: Observation, seed: int) -> State:
        """A world for ``observation``: :meth:`~zank.core.Rules.sample_state`
        with ``seed`` where nothing remembered agrees with the observation
        (:meth:`consistent`), else the same sample with the remembered piles
        in their order and the cards left dealt at random into the other
        hidden places.  Either way ``rules.observe(world, observation.player)
        == observation``."""
        sample = rules.sample_state(observation, seed=seed)
        kept = self._fixed
        if kept is not None and kept[0] is observation and kept[1] is self.known:
            fixed = kept[2]
        else:
            fixed = self.consistent(rules, observation)
            self._fixed = (observation, self.known, fixed)
        if not fixed:
            return sample
        return _keep(rules, observation, sample, fixed)


def _keep(
    rules: Rules, observation: Observation, sample: State, fixed: Mapping[int, tuple[int, ...]]
) -> State:
    """``sample`` with the piles ``fixed`` as given, the cards it had put
    elsewhere in their hidden places dealt at random over the others."""
    need = Counter(
        c
        for pile, cards in fixed.items()
        for s, c in zip(observation.piles[pile], cards, strict=True)
        if s == HIDDEN
    )
    pool: list[int] = []
    for shown, cards in zip(observation.piles, sample.piles, strict=True):
        for s, c in zip(shown, cards, strict=True):
            if s != HIDDEN:
                continue
            if need[c] > 0:
                need[c] -= 1
            else:
                pool.append(c)
    Rng(sample.rng ^ _MIX).shuffle(pool)
    it = iter(pool)
    piles = []
    layout = rules.layout(observation.players)
    for i, (spec, shown) in enumerate(zip(layout, observation.piles, strict=True)):
        kept = fixed.get(i)
        if kept is not None:
            piles.append(kept)
            continue
        filled = tuple(next(it) if s == HIDDEN else s for s in shown)
        if spec.sorted and shown and shown.count(HIDDEN) == len(shown):
            filled = tuple(sorted(filled))
        piles.append(filled)
    return world_state(rules, observation, tuple(piles), sample.rng)
