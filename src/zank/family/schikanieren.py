"""Schikanieren, the game like the Zank-Patience from Grupp's book (the last
paragraph of seed ``000_c96d15cb80edc941.txt``).

It is :class:`~zank.family.classic.ClassicZank` with what the paragraph changes
(the rules page ``docs/rules/schikanieren.md`` numbers the changes ``S-1`` …;
everything else is the ``Z-`` rules of ``docs/rules/zank.md``):

* each edge pile starts as a face-up card on a face-down card, each player
  dealing four of them from the own pack;
* edge piles build down in the same suit;
* each player has a Schikanier pile (``p0.schikanier``), one face-up card on
  eleven face-down ones: only the opponent lays cards on it (same suit, one
  higher or lower — it takes the place of the opponent's discard in moves 6
  and 7b), and its owner plays its top card like the top of the own discard
  (moves 4, 5, 6 and 7a, source ``s``);
* freed face-down cards turn up by themselves;
* a player wins with source, discard and Schikanier pile empty (with
  ``schikanier_counts=False``, as the seed's sentence on winning reads, with
  source and discard empty).

>>> import zank
>>> rules = zank.variant("schikanieren")
>>> state = rules.new_game(seed=1)
>>> len(state.pile("p0.schikanier")), len(state.pile("p0.hand")), state.down[8]
(12, 31, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from attrs import field, frozen

from zank.cards import card_unicode
from zank.core import BOOL_OPTION, Move, State, Violation
from zank.errors import InvalidState, OptionError
from zank.family.classic import ClassicZank
from zank.family.classic_common import PASS, Geometry
from zank.family.fits import fits_pack
from zank.family.table import DISCARD, HAND, TURNED
from zank.registry import register

__all__ = ["SCHIKANIER", "Schikanieren"]

SCHIKANIER: Final = "schikanier"
"""The seat pile kind of the Schikanier pile (top card face up, the rest face down)."""
SCHIKANIER_SIZE: Final = 12
EDGES_EACH: Final = 4


@register
@frozen(cache_hash=True, kw_only=True)
class Schikanieren(ClassicZank):
    """Schikanieren (Grupp): the classic Zank-Patience with a Schikanier pile, for two players.

    The rules are ``zank``'s with the changes of the seed's last paragraph.

    The options are those of :class:`~zank.family.classic.ClassicZank` but
    ``learning`` (the learning game belongs to ``zank``), and:

    * ``schikanier_counts`` (S-6): the Schikanier pile is among the piles a
      player must empty to win, and its cards count as cards left (default).
      ``False`` reads the seed's sentence as it stands: "Gewonnen hat, wer
      keine Karte mehr auf Quelle und Ablagestapel hat".

    The game has no three-player form.
    """

    name = "schikanieren"
    max_players = 2
    """Two players only."""
    presets = (
        {},
        {"advanced": True, "first_player": 1},
        {"manoeuvre_steps": 4, "no_progress_turns": 60},
        {"schikanier_counts": False},
    )
    seat_piles = (HAND, TURNED, DISCARD, SCHIKANIER)
    house_count = 8
    same_suit_houses = True
    sources = (("d", DISCARD), ("t", TURNED), ("s", SCHIKANIER))
    pack_targets = (("os", SCHIKANIER),)
    first_turn_piles = None

    schikanier_counts: bool = field(default=True, validator=BOOL_OPTION)

    def __attrs_post_init__(self) -> None:
        if self.learning:
            raise OptionError(
                "option 'learning' of 'schikanieren' must be False: the learning game "
                "belongs to zank"
            )
        super(Schikanieren, self).__attrs_post_init__()

    def _special_moves(self) -> Iterable[tuple[int, str]]:
        return (*super(Schikanieren, self)._special_moves(), (PASS, "pass"))

    # ------------------------------------------------------------- the deal
    def _deal_extra(
        self, piles: list[tuple[int, ...]], down: list[int], g: Geometry, p: int, share: list[int]
    ) -> list[int]:
        """S-2: the Schikanier pile (11 down, 1 up), then four edge piles of
        one face-down and one face-up card; the rest is the source."""
        k = SCHIKANIER_SIZE
        piles[g.extra[p]] = tuple(share[:k])
        down[g.extra[p]] = k - 1
        hb = self.foundation_count
        for j in range(EDGES_EACH):
            h = hb + p * EDGES_EACH + j
            piles[h] = (share[k], share[k + 1])
            down[h] = 1
            k += 2
        return share[k:]

    # ---------------------------------------------------------- legal moves
    def _own_sources(self, state: State, g: Geometry, p: int) -> list[tuple[int, int]]:
        out = super(Schikanieren, self)._own_sources(state, g, p)
        pile = state.piles[g.extra[p]]
        if pile:  # S-4: the Schikanier top is used like the discard top
            out.append((2, pile[-1]))
        return out

    def _nothing_to_play(self, state: State) -> tuple[Move, ...]:
        return (self._special[PASS],)  # S-6

    def _won(self, piles: list[tuple[int, ...]], g: Geometry, p: int) -> bool:
        # S-6: the Schikanier pile too, unless schikanier_counts=False
        return super(Schikanieren, self)._won(piles, g, p) and not (
            self.schikanier_counts and piles[g.extra[p]]
        )

    def _counts(self, piles: list[tuple[int, ...]], g: Geometry, players: int) -> tuple[int, ...]:
        counts = super(Schikanieren, self)._counts(piles, g, players)
        if self.schikanier_counts:
            return counts
        # S-6, schikanier_counts=False: the cards left are those on source and discard
        return tuple(n - len(piles[g.extra[q]]) for q, n in enumerate(counts))

    def target_name(self, target: int) -> str:
        """A target in words; the pack target is the opponent's Schikanier pile."""
        if target == self.pack_target:
            return "the opponent's Schikanier pile"
        return super(Schikanieren, self).target_name(target)

    def source_name(self, source: int) -> str:
        """A source in words: ``"your Schikanier pile"``, ``"edge pile 3"``."""
        if source < self.house_source:
            return "your Schikanier pile" if source == 2 else f"your {self.sources[source][1]}"
        return f"edge pile {source - self.house_source + 1}"

    def _explain(self, state: State, move: Move) -> Violation:
        if move.kind == PASS:
            return Violation(
                "S-6",
                "you may pass only with an empty source and discard and no move for the top "
                "of your Schikanier pile",
            )
        return super(Schikanieren, self)._explain(state, move)

    # ------------------------------------------------------------ validation
    def _validate_extra(self, state: State, g: Geometry) -> None:
        specs = self.layout(state.players)
        for q in range(state.players):
            i = g.extra[q]
            pile, d = state.piles[i], state.down[i]
            if pile and d >= len(pile):
                raise InvalidState(f"{specs[i].label}: the top card lies face up")
            if d > SCHIKANIER_SIZE - 1:
                raise InvalidState(f"{specs[i].label}: at most 11 cards lie face down")
            for below, card in zip(pile[d:], pile[d + 1 :], strict=False):
                if not fits_pack(card, below):
                    raise InvalidState(
                        f"{specs[i].label}: {card_unicode(card)} cannot lie on "
                        f"{card_unicode(below)}: only the top card of a Schikanier pile "
                        "turns up, and the opponent's cards follow in suit, one up or down"
                    )
        for h in range(g.edges):
            i = self.foundation_count + h
            if state.down[i] > 1:
                raise InvalidState(f"{specs[i].label}: at most one card lies face down")
