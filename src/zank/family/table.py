"""The shared Zank-Patience table: what every variant of the family plays on.

The family's variants (``zank``, ``zank-detailed``, ``zank-104``,
``schikanieren``) share one table, and this module holds its mechanics once:

* **foundations** (Zielstapel, Mittestapel) in the middle, built up in suit
  from the ace;
* **houses** (Häuser, Randstapel, Hilfstreppen) at the edge, built down in
  alternating colours (or, with :attr:`FamilyTable.same_suit_houses`, in suit); an
  empty house is a *gap* and takes any card;
* each player's own piles (reserve, hand pile, turned hand card, discard …,
  named by :attr:`FamilyTable.seat_piles`), cards of player *p* being those of
  deck *p* (every card keeps its back);
* **packing** (Aufpacken) onto the opponent's piles: same suit, one higher or
  one lower.

A variant subclasses :class:`FamilyTable`, sets the class variables and implements
the hooks of :class:`~zank.core.Rules` (``_deal``, ``_legal``, ``_apply`` …)
with the helpers here.  Card moves are prebuilt: a *source* code (an own pile
named by :attr:`FamilyTable.sources`, then the houses) and a *target* code (0 the
foundations, then the houses, then the opponent's piles named by
:attr:`FamilyTable.pack_targets`) index :attr:`FamilyTable.card_moves`.

Everything on the hot path is ints and tuples; the fit tests are lookups in
tables built once at import:

>>> from zank.cards import parse_card as c
>>> from zank.family.table import fits_house, fits_pack
>>> fits_house(c("9c"), c("Th")), fits_house(c("9h"), c("Th"))
(True, False)
>>> fits_pack(c("8d"), c("9d")), fits_pack(c("Td"), c("9d")), fits_pack(c("8h"), c("9d"))
(True, True, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar, Final, cast

from attrs import field, frozen

from zank.cards import ACE, COLOUR, KING, RANK, card_unicode
from zank.core import Move, Observation, PileSpec, Rules, State, Violation
from zank.errors import InvalidState, NotationError
from zank.family.fits import (
    ACE_KEYS,
    ALT_KEY,
    ALT_WANT,
    FKEY,
    FOUNDATION_WANT,
    SUIT_WANT,
    fits_house,
    fits_pack,
    plain,
)

__all__ = [
    "CARD",
    "DISCARD",
    "HAND",
    "RESERVE",
    "TURNED",
    "FamilyTable",
    "colour_word",
    "rank_word",
]

# ---------------------------------------------------------------- pile kinds
RESERVE: Final = "reserve"
"""The seat pile kind of the reserve (top card face up, the rest face down)."""
HAND: Final = "hand"
"""The seat pile kind of the face-down hand pile (stock, Quelle, Talon)."""
TURNED: Final = "turned"
"""The seat pile kind of the hand card just turned up (at most one card)."""
DISCARD: Final = "discard"
"""The seat pile kind of the face-up discard (Abwurfstapel, Ablage, second talon)."""

CARD: Final = 0
"""Move kind of every card move (one card from a source to a target)."""

_RANK_WORDS = (
    "joker",
    "ace",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "jack",
    "queen",
    "king",
)


def rank_word(rank: int) -> str:
    """The rank in words: ``"ace"``, ``"7"``, ``"queen"``."""
    return _RANK_WORDS[rank]


def colour_word(colour: int) -> str:
    """``"black"`` or ``"red"``."""
    return "red" if colour else "black"


# ------------------------------------------------------------------- the table
@frozen(cache_hash=True, kw_only=True)
class FamilyTable(Rules):
    """The base class of the Zank-Patience variants: one shared table.

    Class variables describe the table; subclasses set them and add their
    options as attrs fields.  Pile order in states: the foundations
    ``f1``…, the houses ``h1``…, then for each seat the piles named by
    :attr:`seat_piles`, labelled ``p0.reserve``, ``p0.hand`` ….
    """

    seat_piles: ClassVar[tuple[str, ...]] = (RESERVE, HAND, TURNED, DISCARD)
    """The kinds of each seat's own piles, in state order."""
    foundation_count: ClassVar[int] = 8
    """Foundations in the middle (shared)."""
    house_count: ClassVar[int] = 8
    """Houses at the edge (shared)."""
    same_suit_houses: ClassVar[bool] = False
    """Houses build down in suit instead of in alternating colours."""
    sources: ClassVar[tuple[tuple[str, str], ...]] = (("r", RESERVE), ("t", TURNED))
    """Own piles whose top card can be a move's source, as (notation, pile kind)
    pairs.  The houses follow them as sources ``h1``…."""
    pack_targets: ClassVar[tuple[tuple[str, str], ...]] = (("or", RESERVE), ("od", DISCARD))
    """The opponent's piles a card may be packed on, as (notation, pile kind) pairs."""

    rule_free: ClassVar[str] = "free"
    """Rule id (on the variant's rules page) of the free cards, which says what may move."""
    rule_foundation: ClassVar[str] = "foundation"
    """Rule id of building on the foundations."""
    rule_house: ClassVar[str] = "house"
    """Rule id of building on the houses and filling gaps."""
    rule_pack: ClassVar[str] = "pack"
    """Rule id of packing onto the opponent."""
    owned_decks = True
    """Every player plays with a deck of their own, best with different backs, as
    seed 001 advises ("am besten mit verschiedenen Rückseiten")."""

    _card_moves: tuple[tuple[Move | None, ...], ...] = field(
        init=False, default=(), eq=False, hash=False, repr=False
    )
    _src_index: tuple[tuple[int, ...], ...] = field(
        init=False, default=(), eq=False, hash=False, repr=False
    )
    _pack_index: tuple[tuple[int, ...], ...] = field(
        init=False, default=(), eq=False, hash=False, repr=False
    )

    def info_size(self, players: int = 2) -> int:
        """The most ``info`` integers: in table mode a call window's tail comes on top."""
        from zank.family import faults

        size = faults.info_size(self)
        return super().info_size(players) if size is None else size

    def touched_piles(
        self, after: State | Observation, move: Move
    ) -> tuple[frozenset[int], int | None]:
        """A card move's piles (:meth:`card_move_piles`; the player's turn goes
        on, so the player is the one to move).  In a call window of table mode
        the window's record of the move under call names them.  Other moves
        name none."""
        from zank.family import faults

        out = after.outcome
        mover = after.to_move if out is None else out.winner
        if move.kind != CARD or mover is None:
            return frozenset(), None
        if after.phase == faults.PLAY:
            return self.card_move_piles(after.players, mover, move.source, move.target), mover
        tail = after.info[cast("faults.FaultRules", self).base_info :]
        if after.phase != faults.CALL or tail[faults.ACTION] != move.action + 1:
            return frozenset(), None
        piles = frozenset(i - 1 for i in (tail[faults.SRC], tail[faults.DST]) if i)
        return piles, tail[faults.BY]

    def card_move_piles(self, players: int, seat: int, source: int, target: int) -> frozenset[int]:
        """The state indices of ``seat``'s card move from ``source`` to
        ``target`` (codes as in :attr:`card_moves`); a foundation target, which
        the move does not name, is left out."""
        src = self.source_pile(seat, source)
        if target == 0:
            return frozenset((src,))
        if target < self.pack_target:
            return frozenset((src, self.house_base + target - 1))
        return frozenset((src, self.pack_pile(seat, target)))

    def __attrs_post_init__(self) -> None:
        super().__attrs_post_init__()
        n_src = len(self.sources) + self.house_count
        n_tgt = 1 + self.house_count + len(self.pack_targets)
        grid: list[list[Move | None]] = [[None] * n_tgt for _ in range(n_src)]
        for m in self.moves:
            if m.kind == CARD:
                grid[m.source][m.target] = m
        object.__setattr__(self, "_card_moves", tuple(tuple(row) for row in grid))
        seats = self.max_players
        src = []
        pack = []
        for p in range(seats):
            own = tuple(self.seat_pile(p, kind) for _, kind in self.sources)
            houses = tuple(self.house_base + h for h in range(self.house_count))
            src.append(own + houses)
            opp = (p + 1) % seats
            pack.append(tuple(self.seat_pile(opp, kind) for _, kind in self.pack_targets))
        object.__setattr__(self, "_src_index", tuple(src))
        object.__setattr__(self, "_pack_index", tuple(pack))

    # ------------------------------------------------------------ geometry
    @property
    def house_base(self) -> int:
        """The state index of house 1 (the houses follow the foundations)."""
        return self.foundation_count

    @property
    def seat_base0(self) -> int:
        """The state index of seat 0's first pile."""
        return self.foundation_count + self.house_count

    def seat_pile(self, seat: int, kind: str) -> int:
        """The state index of ``seat``'s pile of ``kind`` (e.g. :data:`RESERVE`)."""
        return self.seat_base0 + seat * len(self.seat_piles) + self.seat_piles.index(kind)

    @property
    def house_source(self) -> int:
        """The source code of house 1 (own-pile sources come first)."""
        return len(self.sources)

    @property
    def pack_target(self) -> int:
        """The target code of the first opponent's pile (after foundation and houses)."""
        return 1 + self.house_count

    @property
    def card_moves(self) -> tuple[tuple[Move | None, ...], ...]:
        """The prebuilt card moves, so that ``card_moves[source][target]`` is the
        move from source code ``source`` to target code ``target`` (``None`` for
        a house onto itself)."""
        return self._card_moves

    def parse_move_text(self, text: str) -> Move:
        """The move of the action space written ``text`` (legal now or not).

        Raises:
            NotationError: no move is written so.
        """
        move = self._by_text.get(text.strip().lower())
        if move is None:
            raise NotationError(f"{text!r} is not a move of {self.name}")
        return move

    def source_pile(self, seat: int, source: int) -> int:
        """The state index of the pile that source code ``source`` names for ``seat``."""
        return self._src_index[seat][source]

    def pack_pile(self, seat: int, target: int) -> int:
        """The state index of the opponent's pile that target code ``target`` names."""
        return self._pack_index[seat][target - self.pack_target]

    def source_name(self, source: int) -> str:
        """A source in words: ``"your reserve"``, ``"house 3"``."""
        if source < self.house_source:
            return f"your {self.sources[source][1]}"
        return f"house {source - self.house_source + 1}"

    def target_name(self, target: int) -> str:
        """A target in words: ``"a foundation"``, ``"house 3"``, ``"the opponent's reserve"``."""
        if target == 0:
            return "a foundation"
        if target < self.pack_target:
            return f"house {target}"
        return f"the opponent's {self.pack_targets[target - self.pack_target][1]}"

    # ---------------------------------------------------------- hooks: table
    def _seat_specs(self, seat: int) -> list[PileSpec]:
        return [PileSpec(f"p{seat}.{kind}", seat, kind) for kind in self.seat_piles]

    def _layout(self, players: int) -> tuple[PileSpec, ...]:
        specs = [PileSpec(f"f{i + 1}", None, "foundation") for i in range(self.foundation_count)]
        specs += [PileSpec(f"h{i + 1}", None, "house") for i in range(self.house_count)]
        for p in range(players):
            specs += self._seat_specs(p)
        return tuple(specs)

    def _card_move_texts(self) -> Iterable[tuple[int, int, str]]:
        """(source, target, notation) of every card move, in action order."""
        srcs = [code for code, _ in self.sources]
        srcs += [f"h{h + 1}" for h in range(self.house_count)]
        tgts = ["f"] + [f"h{h + 1}" for h in range(self.house_count)]
        tgts += [code for code, _ in self.pack_targets]
        hs = self.house_source
        for s, s_text in enumerate(srcs):
            for t, t_text in enumerate(tgts):
                if s >= hs and 1 <= t <= self.house_count and s - hs == t - 1:
                    continue  # a house onto itself
                yield s, t, f"{s_text}-{t_text}"

    def _special_moves(self) -> Iterable[tuple[int, str]]:
        """(kind, notation) of the variant's moves that are not card moves."""
        return ()

    def _build_moves(self) -> Iterable[Move]:
        n = 0
        for s, t, text in self._card_move_texts():
            yield Move(n, CARD, s, t, text)
            n += 1
        for kind, text in self._special_moves():
            yield Move(n, kind, 0, 0, text)
            n += 1

    # ------------------------------------------------------------- helpers
    def foundation_slots(self, piles: Sequence[tuple[int, ...]]) -> dict[int, int]:
        """Map the :data:`FKEY` of every card that fits a foundation now to the
        index of the first foundation it fits (an ace: the first empty one)."""
        want: dict[int, int] = {}
        empty = -1
        for i in range(self.foundation_count):
            f = piles[i]
            if f:
                k = FOUNDATION_WANT[f[-1]]
                if k not in want:
                    want[k] = i
            elif empty < 0:
                empty = i
        if empty >= 0:
            for k in ACE_KEYS:
                want[k] = empty
        return want

    def foundation_keys(self, piles: Sequence[tuple[int, ...]]) -> set[int]:
        """The :data:`FKEY` of every card that fits some foundation now."""
        fnd = piles[0 : self.foundation_count]
        fits = {FOUNDATION_WANT[f[-1]] for f in fnd if f}
        if () in fnd:
            fits.update(ACE_KEYS)
        return fits

    def house_wants(self, piles: Sequence[tuple[int, ...]]) -> tuple[dict[int, list[int]], int]:
        """``(wants, first_gap)``: house numbers (0-based) by the key of the card
        each non-empty house takes, and the first empty house (``-1``: none)."""
        wants: dict[int, list[int]] = {}
        gap = -1
        table = SUIT_WANT if self.same_suit_houses else ALT_WANT
        base = self.house_base
        for h in range(self.house_count):
            house = piles[base + h]
            if house:
                k = table[house[-1]]
                lst = wants.get(k)
                if lst is None:
                    wants[k] = [h]
                else:
                    lst.append(h)
            elif gap < 0:
                gap = h
        return wants, gap

    def layout_moves(
        self,
        piles: tuple[tuple[int, ...], ...],
        seat: int,
        own: Sequence[tuple[int, int]],
        house_moves: bool = True,
    ) -> tuple[list[Move], list[Move], int]:
        """Every card move the table allows now: ``(found, others, first_gap)``.

        ``own`` lists the free cards of ``seat``'s own piles as
        ``(source code, card)``; the outer cards of the houses are added here.
        ``found`` are the moves onto a foundation (in source order), ``others``
        the moves onto houses, gaps and the opponent's piles; house-to-house
        moves only with ``house_moves``.  A card goes into the first gap only,
        and the only card of a house never moves into a gap (it would change
        nothing).  ``first_gap`` is the first empty house (``-1``: none).
        Mandatory moves are the variant's business.
        """
        mv = cast("tuple[tuple[Move, ...], ...]", self._card_moves)  # never a house onto itself
        nf, nh = self.foundation_count, self.house_count
        fnd = piles[0:nf]
        fits = {FOUNDATION_WANT[f[-1]] for f in fnd if f}
        if () in fnd:
            fits.update(ACE_KEYS)
        houses = piles[nf : nf + nh]
        hkey, hwant = (FKEY, SUIT_WANT) if self.same_suit_houses else (ALT_KEY, ALT_WANT)
        wants: dict[int, list[int]] = {}
        gap = -1
        for h, house in enumerate(houses):
            if house:
                k = hwant[house[-1]]
                if k in wants:
                    wants[k].append(h)
                else:
                    wants[k] = [h]
            elif gap < 0:
                gap = h
        packs = []
        for t, i in enumerate(self._pack_index[seat], start=self.pack_target):
            pile = piles[i]
            if pile:
                packs.append((t, FKEY[pile[-1]]))
        found: list[Move] = []
        moves: list[Move] = []
        append = moves.append
        for s, c in own:
            row = mv[s]
            key = FKEY[c]
            if key in fits:
                found.append(row[0])
            ws = wants.get(hkey[c])
            if ws is not None:
                for h in ws:
                    append(row[h + 1])
            if gap >= 0:
                append(row[gap + 1])
            for t, k in packs:  # same suit, one higher or lower (fits_pack)
                if key - k == 4 or k - key == 4:
                    append(row[t])
        hs = self.house_source
        for h, house in enumerate(houses):
            if not house:
                continue
            c = house[-1]
            row = mv[hs + h]
            key = FKEY[c]
            if key in fits:
                found.append(row[0])
            if house_moves:
                ws = wants.get(hkey[c])
                if ws is not None:
                    for t in ws:
                        if t != h:
                            append(row[t + 1])
                if gap >= 0 and len(house) > 1:
                    append(row[gap + 1])
            for t, k in packs:
                if key - k == 4 or k - key == 4:
                    append(row[t])
        return found, moves, gap

    def house_key(self, card: int) -> int:
        """The key :meth:`house_wants` files a card under."""
        return FKEY[card] if self.same_suit_houses else ALT_KEY[card]

    @staticmethod
    def lift(piles: list[tuple[int, ...]], down: list[int], i: int) -> int:
        """Take the top card of pile ``i`` (in place) and return it; a face-down
        card that comes to lie on top turns face up at once."""
        pile = piles[i]
        n = len(pile) - 1
        piles[i] = pile[:n]
        if down[i] >= n:
            down[i] = n - 1 if n > 0 else 0
        return pile[n]

    def move_card(
        self, piles: list[tuple[int, ...]], down: list[int], seat: int, source: int, target: int
    ) -> int:
        """Carry out a card move in place (``piles`` and ``down`` are lists of
        a state's piles and face-down counts); return the card.

        The card goes to the first foundation it fits (``target`` 0), onto a
        house, or onto the opponent's pile; a face-down card it uncovers turns
        up (:meth:`lift`).
        """
        card = self.lift(piles, down, self._src_index[seat][source])
        if target == 0:
            dst = self.foundation_slots(piles)[FKEY[card]]
        elif target < self.pack_target:
            dst = self.house_base + target - 1
        else:
            dst = self._pack_index[seat][target - self.pack_target]
        piles[dst] = (*piles[dst], card)
        return card

    def house_needs(self, top: int) -> str:
        """What a house showing ``top`` takes, in words: ``"a black 7"``."""
        if RANK[top] == ACE:
            return "nothing (an ace ends a house)"
        lower = rank_word(RANK[top] - 1)
        if self.same_suit_houses:
            return f"the {card_unicode(top)[-1]} {lower}"
        return f"a {colour_word(1 - COLOUR[top])} {lower}"

    def explain_card_move(self, state: State, move: Move) -> Violation | None:
        """Why the table does not allow card move ``move`` now, or ``None`` if
        the cards allow it (mandatory moves are the variant's business).

        >>> import zank
        >>> rules = zank.variant("zank-detailed")
        >>> state = rules.new_game(seed=1)
        >>> print(rules.explain_card_move(state, rules.parse_move_text("h1-h2")))
        7♥ cannot go on house 2: it shows 5♥, which takes a black 4 [ZD-6]
        """
        p = state.to_move
        assert p is not None
        piles = state.piles
        s, t = move.source, move.target
        pile = piles[self._src_index[p][s]]
        if not pile:
            if s < self.house_source and self.sources[s][1] == TURNED:
                return Violation(self.rule_free, "you have no turned hand card: turn one first")
            return Violation(self.rule_free, f"{self.source_name(s)} is empty")
        card = pile[-1]
        what = card_unicode(card)
        if t == 0:
            if FKEY[card] in self.foundation_keys(piles):
                return None
            return Violation(
                self.rule_foundation,
                f"{what} cannot go on a foundation: it goes on the "
                f"{card_unicode(plain(card) - 1)}, and no foundation shows one",
            )
        if t < self.pack_target:
            house = piles[self.house_base + t - 1]
            if house:
                if fits_house(card, house[-1], self.same_suit_houses):
                    return None
                return Violation(
                    self.rule_house,
                    f"{what} cannot go on house {t}: it shows {card_unicode(house[-1])},"
                    f" which takes {self.house_needs(house[-1])}",
                )
            _, gap = self.house_wants(piles)
            if gap != t - 1:
                return Violation(
                    self.rule_house, f"a card for a gap goes into the first gap, house {gap + 1}"
                )
            hs = self.house_source
            if s >= hs and len(piles[self.house_base + s - hs]) == 1:
                return Violation(
                    self.rule_house,
                    f"moving the only card of house {s - hs + 1} into a gap changes nothing",
                )
            return None
        name = self.target_name(t)
        target = piles[self.pack_pile(p, t)]
        if not target:
            return Violation(self.rule_pack, f"{name} is empty: there is nothing to pack on")
        top = target[-1]
        if fits_pack(card, top):
            return None
        top_plain = plain(top)
        takes = " or ".join(
            card_unicode(x) for x in (top_plain - 1, top_plain + 1) if ACE <= RANK[x] <= KING
        )
        return Violation(
            self.rule_pack,
            f"{what} cannot be packed on {name}: it shows {card_unicode(top)},"
            f" which takes {takes} (same suit, one higher or lower)",
        )

    # ----------------------------------------------------------- validation
    def validate_table(self, state: State) -> None:
        """Check the shared invariants: foundations, houses, and that the top
        card of every pile but a hand pile lies face up."""
        piles, down = state.piles, state.down
        specs = self.layout(state.players)
        for i in range(self.foundation_count):
            f = piles[i]
            if down[i]:
                raise InvalidState(f"{specs[i].label}: foundation cards lie face up")
            for j, c in enumerate(f):
                want = ACE_KEYS if j == 0 else (FOUNDATION_WANT[f[j - 1]],)
                if FKEY[c] not in want:
                    raise InvalidState(
                        f"{specs[i].label}: a foundation is built up in suit from the ace; "
                        f"{card_unicode(c)} cannot be card {j + 1}"
                    )
        for h in range(self.house_count):
            i = self.house_base + h
            pile, d = piles[i], down[i]
            if pile and d >= len(pile):
                raise InvalidState(f"{specs[i].label}: the outermost house card lies face up")
            for a, b in zip(pile[d:], pile[d + 1 :], strict=False):
                if not fits_house(b, a, self.same_suit_houses):
                    raise InvalidState(
                        f"{specs[i].label}: {card_unicode(b)} cannot lie on {card_unicode(a)}"
                    )
        for p in range(state.players):
            for kind in self.seat_piles:
                i = self.seat_pile(p, kind)
                pile, d = piles[i], down[i]
                if kind == HAND:
                    if d != len(pile):
                        raise InvalidState(f"{specs[i].label}: the hand pile lies face down")
                elif pile and d >= len(pile):
                    raise InvalidState(f"{specs[i].label}: its top card lies face up")
                elif kind in (TURNED, DISCARD) and d:
                    raise InvalidState(f"{specs[i].label}: its cards lie face up")
