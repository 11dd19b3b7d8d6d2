"""A fixed-length numeric vector of an :class:`~zank.core.Observation`, for any variant.

The vector is built from an observation alone, so it carries nothing the
observer may not see: a face-down card or another seat's hand card is
:data:`~zank.core.HIDDEN` in the observation, and the encoding only records
that a hidden card lies there.  Two states that look the same to a player give
that player the same vector.

Its length depends only on the rules object, the number of seats and the
encoder's two settings, so one encoder serves every state of a game:

>>> import zank
>>> from zank.adapters.encoding import ObservationEncoder
>>> rules = zank.variant("spite-and-malice")
>>> encoder = ObservationEncoder(rules, players=2)
>>> state = rules.new_game(seed=7)
>>> vector = encoder.encode(rules.observe(state, 0))
>>> vector.shape == (encoder.size,), str(vector.dtype)
(True, 'float32')

The vector is, in order (``P`` seats, ``T`` cards in the game):

1. **Header** (``2P + 1 + 16`` values): the observer's seat one-hot; whose
   decision it is *relative to the observer* one-hot (index 0 is the observer,
   1 the next seat, …; all zero once the game is over); a game-over flag; the
   ``phase`` one-hot (phases of 15 and above share the last place).
2. **One block per pile.**  Piles are ordered relative to the observer: the
   shared piles in layout order, then the observer's own piles, then those of
   the next seat, and so on (when every seat owns the same kinds of piles,
   which is true of every variant; otherwise the layout order is kept).  A
   block holds the pile's size, its face-down count and its number of visible
   cards (each divided by ``T``); then ``depth`` card slots, from the top card
   down, each ``[present, hidden, rank one-hot (14: joker, A … K), suit one-hot
   (4), colour one-hot (2), deck one-hot (8)]``; then the pile's visible cards
   counted by rank (each count divided by the number of cards of that rank in
   the game), which shows whole hands and fanned piles.
3. **Tail** (``1 + info_slots`` values, not bounded to ``[0, 1]``): the raw
   ``phase`` and the variant's ``info`` integers, zero-padded.

Every value before the tail lies in ``[0, 1]``; :attr:`ObservationEncoder.bounded_size`
says where the tail starts.  :meth:`ObservationEncoder.segments` names every part.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import numpy.typing as npt

from zank.cards import COLOUR, DECK, MAX_CARD, MAX_DECKS, RANK, SUIT
from zank.core import HIDDEN, Observation, Rules

__all__ = ["CARD_FEATURES", "PHASE_SLOTS", "SLOT_SIZE", "ObservationEncoder"]

PHASE_SLOTS = 16
"""Places of the phase one-hot in the header; higher phases share the last one."""
RANKS = 14
"""The width of the rank one-hot (0 joker, 1 ace … 13 king)."""
CARD_FEATURES = RANKS + 4 + 2 + MAX_DECKS
"""The width of one visible card, made of rank, suit, colour and deck one-hots."""
SLOT_SIZE = 2 + CARD_FEATURES
"""The width of one card slot of a pile, made of present and hidden flags, then the card."""
_PILE_COUNTS = 3


def _card_table() -> npt.NDArray[np.float32]:
    table = np.zeros((MAX_CARD, CARD_FEATURES), dtype=np.float32)
    for c in range(MAX_CARD):
        table[c, RANK[c]] = 1.0
        table[c, RANKS + SUIT[c]] = 1.0
        table[c, RANKS + 4 + COLOUR[c]] = 1.0
        table[c, RANKS + 6 + DECK[c]] = 1.0
    return table


_CARDS = _card_table()


class ObservationEncoder:
    """Turns observations of one rules object and seat count into float32 vectors.

    Args:
        rules: the rules object whose observations are encoded.
        players: the number of seats of the games.
        depth: how many cards of each pile, from the top down, get a card slot.
        info_slots: room for the variant's ``info`` integers (by default
            :meth:`Rules.info_size <zank.core.Rules.info_size>`); a state with
            more raises :class:`ValueError` rather than losing some.
    """

    def __init__(
        self, rules: Rules, players: int = 2, *, depth: int = 3, info_slots: int | None = None
    ):
        if info_slots is None:
            info_slots = rules.info_size(players)
        if depth < 1 or info_slots < 0:
            raise ValueError("depth must be at least 1 and info_slots at least 0")
        specs = rules.layout(players)  # validates ``players``
        self.rules = rules
        self.players = players
        self.depth = depth
        self.info_slots = info_slots
        cards = rules.cards(players)
        self._total = float(len(cards))
        per_rank = Counter(RANK[c] for c in cards)
        self._rank_weight = np.array(
            [1.0 / per_rank[r] if per_rank[r] else 0.0 for r in range(RANKS)], dtype=np.float32
        )
        shared = [i for i, s in enumerate(specs) if s.owner is None]
        owned = [[i for i, s in enumerate(specs) if s.owner == p] for p in range(players)]
        kinds = [[specs[i].kind for i in piles] for piles in owned]
        self.relative = all(k == kinds[0] for k in kinds)
        """Whether the piles are ordered relative to the observer (see the module docs)."""
        if self.relative:
            self._order = [
                shared + [i for k in range(players) for i in owned[(p + k) % players]]
                for p in range(players)
            ]
        else:
            self._order = [list(range(len(specs)))] * players
        names = [specs[i].label for i in shared]
        if self.relative:
            for k in range(players):
                seen: Counter[str] = Counter()
                for i in owned[k]:
                    seen[specs[i].kind] += 1
                    names.append(f"seat+{k}.{specs[i].kind}{seen[specs[i].kind]}")
        else:
            names = [s.label for s in specs]
        self._pile_names = names
        self.header_size = 2 * players + 1 + PHASE_SLOTS
        """Length of the header."""
        self.pile_size = _PILE_COUNTS + depth * SLOT_SIZE + RANKS
        """Length of one pile block."""
        self.bounded_size = self.header_size + len(specs) * self.pile_size
        """Where the unbounded tail (raw phase and info) starts."""
        self.size = self.bounded_size + 1 + info_slots
        """The length of every vector."""

    def pile_order(self, player: int) -> list[int]:
        """The layout indices of the piles in the order of ``player``'s vector."""
        return list(self._order[player])

    def segments(self) -> list[tuple[str, int, int]]:
        """``(name, start, stop)`` of every part of the vector, in order.

        Pile blocks are named by label for shared piles and ``seat+K.KINDn``
        for the ``n``-th pile of that kind of the seat ``K`` places after the
        observer (``seat+0`` is the observer).
        """
        p = self.players
        out = [
            ("seat", 0, p),
            ("to_move", p, 2 * p),
            ("over", 2 * p, 2 * p + 1),
            ("phase", 2 * p + 1, self.header_size),
        ]
        start = self.header_size
        for name in self._pile_names:
            out.append((f"pile:{name}", start, start + self.pile_size))
            start += self.pile_size
        out.append(("phase_raw", start, start + 1))
        out.append(("info", start + 1, self.size))
        return out

    def low_high(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """Per-value bounds: ``[0, 1]`` except the tail, which is unbounded."""
        low = np.zeros(self.size, dtype=np.float32)
        high = np.ones(self.size, dtype=np.float32)
        low[self.bounded_size :] = -np.inf
        high[self.bounded_size :] = np.inf
        return low, high

    def encode(
        self, observation: Observation, out: npt.NDArray[np.float32] | None = None
    ) -> npt.NDArray[np.float32]:
        """The vector of ``observation`` (written into ``out`` if given).

        Raises:
            ValueError: the observation has another seat count, or more
                ``info`` integers than ``info_slots``.
        """
        p = self.players
        if observation.players != p or len(observation.piles) != len(self._order[0]):
            raise ValueError(
                f"this encoder is for {p}-seat games of {self.rules.name}, "
                f"not for an observation of {observation.players} seats"
            )
        if len(observation.info) > self.info_slots:
            raise ValueError(
                f"the state has {len(observation.info)} info integers but the encoder "
                f"has room for {self.info_slots}: make it with info_slots="
                f"{len(observation.info)} or more"
            )
        if out is None:
            v = np.zeros(self.size, dtype=np.float32)
        else:
            v = out
            v.fill(0.0)
        me = observation.player
        v[me] = 1.0
        if observation.to_move is None:
            v[2 * p] = 1.0
        else:
            v[p + (observation.to_move - me) % p] = 1.0
        phase = observation.phase
        v[2 * p + 1 + min(max(phase, 0), PHASE_SLOTS - 1)] = 1.0
        total = self._total
        depth = self.depth
        off = self.header_size
        for i in self._order[me]:
            cards = observation.piles[i]
            n = len(cards)
            visible = [c for c in cards if c != HIDDEN]
            v[off] = n / total
            v[off + 1] = observation.down[i] / total
            v[off + 2] = len(visible) / total
            pos = off + _PILE_COUNTS
            for j in range(min(depth, n)):
                c = cards[n - 1 - j]
                v[pos + j * SLOT_SIZE] = 1.0
                if c == HIDDEN:
                    v[pos + j * SLOT_SIZE + 1] = 1.0
                else:
                    start = pos + j * SLOT_SIZE + 2
                    v[start : start + CARD_FEATURES] = _CARDS[c]
            hist = pos + depth * SLOT_SIZE
            for c in visible:
                r = RANK[c]
                v[hist + r] += self._rank_weight[r]
            off += self.pile_size
        v[off] = phase
        for k, x in enumerate(observation.info):
            v[off + 1 + k] = x
        return v
