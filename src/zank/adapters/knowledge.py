"""Views beyond one seat's observation, for the OpenSpiel adapter's observers
(used by :mod:`zank.adapters.openspiel`; needs ``numpy``, not ``pyspiel``).

* :func:`public_observation` -- what *every* seat sees (OpenSpiel's public-only
  view, ``PrivateInfoType.NONE``);
* :func:`all_players_observation` -- what *some* seat sees (``ALL_PLAYERS``:
  every seat's private cards, no card that nobody has seen);
* :class:`KnowledgeEncoder` -- the information-state tensor: the observation
  vector and one block per card of the game with what the player knows of it.

All three are built from :meth:`zank.core.Rules.observe` of each seat, so they
follow the variant's own visibility rule.

>>> import zank
>>> from zank.core import HIDDEN
>>> from zank.adapters.knowledge import all_players_observation, public_observation
>>> rules = zank.variant("spite-and-malice")
>>> state = rules.new_game(seed=7)
>>> hand = rules.pile_index(2, "p1.hand")
>>> set(public_observation(rules, state, 0).piles[hand]) == {HIDDEN}
True
>>> all_players_observation(rules, state, 0).piles[hand] == state.piles[hand]
True
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from zank.adapters.encoding import ObservationEncoder
from zank.core import HIDDEN, Observation, Rules, State
from zank.errors import OptionError, quote

__all__ = ["KnowledgeEncoder", "all_players_observation", "public_observation"]


def _combine(rules: Rules, state: State, player: int, every: bool) -> Observation:
    """The places every seat (``every``) or some seat sees, oriented for ``player``."""
    views = [rules.observe(state, p).piles for p in range(state.players)]
    piles = []
    test = all if every else any
    for i, cards in enumerate(state.piles):
        seen = [v[i] for v in views]
        if all(s == seen[0] for s in seen[1:]):
            piles.append(seen[0])
        else:
            piles.append(
                tuple(
                    c if test(s[j] != HIDDEN for s in seen) else HIDDEN for j, c in enumerate(cards)
                )
            )
    return Observation.of(state, player, tuple(piles))


def public_observation(rules: Rules, state: State, player: int) -> Observation:
    """The public view of ``state``: a card shows only where every seat sees it
    (no hand, no face-down card), the piles ordered for ``player``.

    Re-dealing the cards it hides leaves it unchanged, and it is the same for
    every seat but for ``Observation.player``.
    """
    return _combine(rules, state, player, every=True)


def all_players_observation(rules: Rules, state: State, player: int) -> Observation:
    """The view of all seats together: a card shows where any seat sees it (every
    hand), and the cards nobody has seen (face down) stay hidden."""
    return _combine(rules, state, player, every=False)


class KnowledgeEncoder:
    """The information-state tensor of a seat: the observation vector, then one
    block per card of the game with what the seat knows of the card.

    A block (``4 + L`` values, ``L`` the piles of the layout, cards in card-id
    order) holds: *seen* (the seat has seen the card at some time), *visible* (it
    sees it now), *remembered* (it lies face down or in another seat's hand where
    the seat saw it go: a card it saw that no shuffle has hidden since), then,
    for a visible or remembered card, its place counted from the top of its
    pile divided by the game's card count (0 in a sorted pile, such as a hand,
    whose order would tell about the cards the seat does not know) and its
    pile one-hot (in the observation vector's order, relative to the seat).

    It is not perfect recall (two histories that leave the seat the same
    knowledge give the same tensor), but it is a function of the seat's
    information state: every state of one information set gives the same tensor.
    """

    def __init__(self, encoder: ObservationEncoder) -> None:
        self.encoder = encoder
        rules, players = encoder.rules, encoder.players
        self.cards = tuple(sorted(rules.cards(players)))
        """The game's cards in id order (one block each)."""
        self._index = {c: k for k, c in enumerate(self.cards)}
        specs = rules.layout(players)
        self._sorted = [s.sorted for s in specs]
        self.block = 4 + len(specs)
        """The values of one card's block."""
        self.size = encoder.size + len(self.cards) * self.block
        """The length of every vector."""
        # per seat, the place of each pile in the relative pile order
        self._rank = []
        for p in range(players):
            order = encoder.pile_order(p)
            rank = [0] * len(specs)
            for k, i in enumerate(order):
                rank[i] = k
            self._rank.append(rank)
        self._total = float(len(self.cards))
        self._ids = np.array(self.cards, dtype=np.intp)
        self._bytes = (max(self.cards) + 8) // 8

    def shape(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """The named parts of the vector: ``observation`` and ``cards`` (one row a card)."""
        return (
            ("observation", (self.encoder.size,)),
            ("cards", (len(self.cards), self.block)),
        )

    def encode(
        self,
        state: State,
        observation: Observation,
        seen: int,
        tracked: int,
        out: npt.NDArray[np.float32],
    ) -> None:
        """Write the vector of ``observation`` (of ``state``) into ``out``.

        ``seen`` is every card the seat has seen (a bit mask: bit ``c`` for card
        ``c``), ``tracked`` those whose place it still knows (seen, and not
        hidden again by a shuffle since).
        """
        n = self.encoder.size
        self.encoder.encode(observation, out[:n])
        blocks = out[n:].reshape(len(self.cards), self.block)
        blocks.fill(0.0)
        rank = self._rank[observation.player]
        index = self._index
        total = self._total
        bits = np.unpackbits(
            np.frombuffer(seen.to_bytes(self._bytes, "little"), dtype=np.uint8), bitorder="little"
        )
        blocks[:, 0] = bits[self._ids]
        for i, (cards, shown) in enumerate(zip(state.piles, observation.piles, strict=True)):
            size = len(cards)
            col = 4 + rank[i]
            is_sorted = self._sorted[i]
            for j, c in enumerate(cards):
                if shown[j] != HIDDEN:
                    kind = 1
                elif tracked >> c & 1:
                    kind = 2
                else:
                    continue
                row = blocks[index[c]]
                row[kind] = 1.0
                row[col] = 1.0
                if not is_sorted:
                    row[3] = (size - 1 - j) / total


def _views(rules: Rules, zs: State, player: int, view: str) -> Observation:
    """The observation of ``player`` of ``zs`` in one of the views of
    :meth:`zank.adapters.openspiel.ZankState.view_of`."""
    if view == "seat":
        return rules.observe(zs, player)
    if view == "public":
        return public_observation(rules, zs, player)
    if view == "all":
        return all_players_observation(rules, zs, player)
    raise OptionError(f"view must be 'seat', 'public' or 'all', not {quote(view)}")
