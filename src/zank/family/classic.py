"""Zank-Patience, the classic rules (seed ``000_c96d15cb80edc941.txt``).

The rules page ``docs/rules/zank.md`` numbers every rule (``Z-1`` …, the
options ``Z-V1`` …) and says how we read the seed; the numbers appear in
:class:`~zank.core.Violation` objects and in the comments below.

The table: eight centre piles (Mittestapel, ``f1``…``f8``), eight edge piles
(Randstapel, ``h1``…``h8``; nine in the three-player game) that start empty,
and for each player a face-down source (Quelle, ``p0.hand``), the card just
lifted from it (``p0.turned``) and a face-up discard (Ablage,
``p0.discard``).  The eight moves of the seed have a strict priority; the
legal moves are always those of the lowest number that is possible.

Moves are named from the point of view of the player to move:

=============  ==============================================================
``h3-f``       move 1: the top of edge pile 3 onto a centre pile
``free 7h:1``  move 2: announce that the 7♥ (player 1's pack) will be freed
``empty h4``   move 3: announce that edge pile 4 will be emptied
``h3-h5``      a step of an announced manoeuvre (moves 2 and 3)
``d-f``        move 4: the top of the own discard onto a centre pile
``d-h2``       move 5 (a non-empty edge pile) or 7a (an empty one)
``d-od``       move 6: pack onto the next player's discard (``od2``: the one after)
``draw``       move 7b: lift the top card of the source (it must then be placed)
``t-f``        7b: the lifted card onto a centre pile (``t-h2``, ``t-od`` …)
``t-d``        7b, last case: the lifted card onto the own discard; the turn ends
``flip``       move 8: turn the discard over as the new source
=============  ==============================================================

``State.info`` holds seven public integers (see ``Z-9``, ``Z-10``, ``Z-20``
and ``Z-V3``): ``(goal, target, budget, removed, empties, stale, flags)``.
``State.phase`` is 0 in strict mode.  With ``table_mode=True`` (Z-21) a player
may break the priorities and conditions of the moves and anyone may call
"Stop" (``stop``); the phases and the info tail of table mode are those of
:mod:`zank.family.faults`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Final

import attrs
from attrs import field, frozen

from zank.cards import (
    ACE,
    IS_JOKER,
    KING,
    MAX_CARD,
    RANK,
    SUIT,
    SUIT_SYMBOLS,
    card_text,
    card_unicode,
    full_deck,
    make_card,
)
from zank.core import (
    BOOL_OPTION,
    Move,
    PileSpec,
    Result,
    State,
    Termination,
    Violation,
    option_validator,
)
from zank.errors import InvalidState, OptionError
from zank.family import faults
from zank.family.fits import (
    ACE_KEYS,
    ALT_KEY,
    ALT_WANT,
    FKEY,
    FOUNDATION_WANT,
    SUIT_WANT,
    fits_house,
)
from zank.family.table import CARD, DISCARD, HAND, TURNED, FamilyTable, rank_word
from zank.random import Rng
from zank.registry import register

__all__ = [
    "DRAW",
    "EMPTY",
    "END",
    "FLIP",
    "FREE",
    "GOAL_EMPTY",
    "GOAL_FREE",
    "HIDDEN_CARD",
    "PASS",
    "ClassicZank",
    "Config",
]

DRAW: Final = 1
"""The move kind of lifting the top card of the source (move 7b, ``draw``)."""
END: Final = 2
"""The move kind of the lifted card onto the own discard, which ends the turn
(``t-d``)."""
FLIP: Final = 3
"""The move kind of turning the discard over as the new source (move 8, ``flip``)."""
FREE: Final = 4
"""The move kind of announcing the card a manoeuvre will free (move 2,
``free 7h``); the ``source`` of the :class:`~zank.core.Move` is the card."""
EMPTY: Final = 5
"""The move kind of announcing the edge pile a manoeuvre will empty (move 3,
``empty h4``); the ``source`` of the :class:`~zank.core.Move` is the pile
(0-based)."""
PASS: Final = 6
"""The move kind of ending the turn with nothing to play (``pass``; schikanieren
only)."""

GOAL_FREE: Final = 2
"""``info[0]`` while a move-2 manoeuvre is announced (``info[1]`` is the card)."""
GOAL_EMPTY: Final = 3
"""``info[0]`` while a move-3 manoeuvre is announced (``info[1]`` is the pile)."""

# State.info
I_GOAL, I_TARGET, I_BUDGET, I_REMOVED, I_EMPTIES, I_STALE, I_FLAGS = range(7)
START_INFO: Final = (0, 0, 0, 0, 0, 0, 0)
F_PROGRESS: Final = 1  # this turn a card reached the centre or an edge pile, or turned up

Config = tuple[bytes | None, ...]
"""The edge piles as the manoeuvre search sees them, one ``bytes`` of card
ids per pile (bottom to top; the cards of zank are below 256), ``None`` for a
removed pile."""

JOKER_CARD: Final = make_card(0, 0)  # the black joker of the three-player game
HIDDEN_CARD: Final = make_card(0, 1)
"""Stands for a face-down edge card in the manoeuvre search (a card no rule moves)."""
ASIDE: Final = "aside"
LEARNING_PACK: Final = 26
THREE_PLAYER_SHARE: Final = 35


@frozen
class Geometry:
    """State indices of one player count (built once per rules object).

    ``edges`` is the number of edge piles in play at the start (8, or 9 with
    three players); ``hand``, ``turned``, ``discard`` and ``extra`` hold each
    seat's pile of that kind (``extra`` is the variant's fourth seat pile, -1
    if it has none); ``packs`` holds each seat's pack targets; ``aside`` is the
    pile of set-aside cards (-1 if there is none).
    """

    edges: int  # edge piles in play at the start (8, or 9 with three players)
    hand: tuple[int, ...]
    turned: tuple[int, ...]
    discard: tuple[int, ...]
    extra: tuple[int, ...]  # the variant's fourth seat pile (-1: none)
    packs: tuple[tuple[int, ...], ...]  # per seat: the pack targets' pile indices
    aside: int  # the pile of set-aside cards (-1: none)


@register
@frozen(cache_hash=True, kw_only=True)
class ClassicZank(faults.FaultCalls, FamilyTable):
    """Zank-Patience by the classic rules (seed 000), for two or three players.

    Options (keyword-only; the rules page explains each):

    * ``advanced`` (Z-V1): the "Zusatzbedingung für Fortgeschrittene" of
      moves 2 and 3.
    * ``learning`` (Z-V2): the learning game, one pack of 52 cards shared
      out (26 each); the starting player occupies at most three edge piles.
    * ``first_player`` (Z-3): the seat that begins; ``None`` (default) draws
      it by lot from the game's random generator.
    * ``manoeuvre_steps`` (Z-9): the most single moves an announced
      manoeuvre may take (6).
    * ``no_progress_turns`` (Z-20): the game ends when this many turns in a
      row pass without progress (200).
    * ``table_mode`` (Z-21): a player may break the priorities and the
      conditions of the moves, and anyone may call "Stop" (see
      :mod:`zank.family.faults`).
    * ``call_window`` (Z-21, with ``table_mode``): ``"faults"`` (default) asks
      only after a fault, ``"every-move"`` after every move (wrong calls possible).

    Three players (Z-V3) are ``new_game(players=3)``.

    >>> import zank
    >>> rules = zank.variant("zank")
    >>> state = rules.new_game(seed=1)
    >>> len(state.pile("p0.hand")), len(state.pile("p0.discard")), state.pile("h1")
    (51, 1, ())
    """

    name = "zank"
    greedy_policy: ClassVar[str | None] = "zank.family.greedy_classic:classic_policy"
    max_players = 3
    """Up to three players (Z-V3)."""
    presets: ClassVar[tuple[Mapping[str, Any], ...]] = (
        {},
        {"advanced": True, "first_player": 1},
        {"learning": True, "manoeuvre_steps": 4, "no_progress_turns": 60},
        {"advanced": True, "manoeuvre_steps": 8, "first_player": 0},
    )
    table_presets: ClassVar[tuple[Mapping[str, Any], ...]] = (
        {"table_mode": True},
        {"table_mode": True, "call_window": faults.EVERY_MOVE, "advanced": True},
    )
    """Table-mode option sets (Z-21), checked by ``tests/family/test_table_mode.py``."""
    # table mode (zank.family.faults)
    fault_rules: ClassVar[tuple[str, ...]] = (
        *(f"Z-{i}" for i in range(1, 22)),
        *(f"Z-V{i}" for i in range(1, 4)),
        *(f"S-{i}" for i in range(1, 10)),
    )
    call_rule: ClassVar[str] = "Z-21"
    call_text: ClassVar[str] = "stop"
    self_call: ClassVar[bool] = True  # "auch der Spieler selber, um anderen zuvorzukommen"
    wrong_call_misses_turn: ClassVar[bool] = True
    defer_end: ClassVar[bool] = True
    base_info: ClassVar[int] = len(START_INFO)
    seat_piles: ClassVar[tuple[str, ...]] = (HAND, TURNED, DISCARD)
    house_count = 9
    sources: ClassVar[tuple[tuple[str, str], ...]] = (("d", DISCARD), ("t", TURNED))
    pack_targets: ClassVar[tuple[tuple[str, str], ...]] = (("od", DISCARD), ("od2", DISCARD))
    first_turn_piles: ClassVar[int | None] = 4
    """The edge piles the starting player may occupy in the first turn (Z-18;
    ``None`` if there is no such rule)."""
    empties_per_progress: ClassVar[int] = 16
    """Move-3 announcements allowed between two steps of progress (Z-10)."""

    advanced: bool = field(default=False, validator=BOOL_OPTION)
    learning: bool = field(default=False, validator=BOOL_OPTION)
    first_player: int | None = field(default=None)
    manoeuvre_steps: int = field(default=6, validator=option_validator(low=1, high=12))
    no_progress_turns: int = field(default=200, validator=option_validator(low=2, high=100_000))
    table_mode: bool = field(default=False, validator=BOOL_OPTION)
    call_window: str = field(
        default=faults.FAULTS, validator=option_validator(choices=faults.CALL_WINDOWS)
    )

    _special: dict[int, Move] = field(init=False, default=None, eq=False, hash=False, repr=False)
    _free: dict[int, Move] = field(init=False, default=None, eq=False, hash=False, repr=False)
    _empty: tuple[Move, ...] = field(init=False, default=(), eq=False, hash=False, repr=False)
    _steps_cache: dict[int, dict[Config, tuple[tuple[int, int], ...]]] = field(
        init=False, default=None, eq=False, hash=False, repr=False
    )
    _hkey: tuple[int, ...] = field(init=False, default=(), eq=False, hash=False, repr=False)
    _hwant: tuple[int, ...] = field(init=False, default=(), eq=False, hash=False, repr=False)
    _src_turned: int = field(init=False, default=1, eq=False, hash=False, repr=False)
    _geos: dict[int, Geometry] = field(init=False, default=None, eq=False, hash=False, repr=False)
    _dist: dict[tuple[object, ...], tuple[int, int]] = field(
        init=False, default=None, eq=False, hash=False, repr=False
    )
    _takers: dict[int, bytes] = field(init=False, default=None, eq=False, hash=False, repr=False)
    _pile_bytes: dict[tuple[int, ...], bytes] = field(
        init=False, default=None, eq=False, hash=False, repr=False
    )
    # house_source, pack_target and card_moves, read on the hot paths without a property call
    _hs: int = field(init=False, default=0, eq=False, hash=False, repr=False)
    _pt: int = field(init=False, default=0, eq=False, hash=False, repr=False)
    _mv: tuple[tuple[Move | None, ...], ...] = field(
        init=False, default=(), eq=False, hash=False, repr=False
    )
    # single-entry memos: [(key, value)] (see _fits and _play_moves)
    _fits_memo: list[tuple[tuple[tuple[int, ...], ...], frozenset[int]]] = field(
        init=False, default=None, eq=False, hash=False, repr=False
    )
    _empty_memo: list[tuple[tuple[object, ...], tuple[Move, ...]]] = field(
        init=False, default=None, eq=False, hash=False, repr=False
    )
    _serve_cache: dict[tuple[object, ...], tuple[Move, ...]] = field(
        init=False, default=None, eq=False, hash=False, repr=False
    )

    @first_player.validator
    def _check_first_player(self, attribute: object, value: object) -> None:
        if value is not None and (
            not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 3
        ):
            raise OptionError(
                f"option 'first_player' of {self.name!r} must be None (drawn by lot) "
                f"or a seat 0, 1 or 2, not {value!r}"
            )

    def card_move_piles(self, players: int, seat: int, source: int, target: int) -> frozenset[int]:
        """As on the family table, in this variant's geometry (the edge piles
        and pack targets depend on the number of players)."""
        g, hs, pt = self.geometry(players), self.house_source, self.pack_target
        edge1 = self.foundation_count  # the state index of edge pile 1
        out = {self._source_index(g, seat, source) if source < hs else edge1 + source - hs}
        if 0 < target < pt:
            out.add(edge1 + target - 1)
        elif target >= pt:
            out.add(g.packs[seat][target - pt])
        return frozenset(out)

    def __attrs_post_init__(self) -> None:
        faults.check_options(self)
        super().__attrs_post_init__()
        special = {m.kind: m for m in self.moves if m.kind in (DRAW, END, FLIP, PASS)}
        object.__setattr__(self, "_special", special)
        object.__setattr__(self, "_free", {m.source: m for m in self.moves if m.kind == FREE})
        object.__setattr__(self, "_empty", tuple(m for m in self.moves if m.kind == EMPTY))
        object.__setattr__(self, "_geos", {})
        keys = (FKEY, SUIT_WANT) if self.same_suit_houses else (ALT_KEY, ALT_WANT)
        object.__setattr__(self, "_hkey", keys[0])
        object.__setattr__(self, "_hwant", keys[1])
        object.__setattr__(self, "_src_turned", [k for _, k in self.sources].index(TURNED))
        object.__setattr__(self, "_dist", {})
        object.__setattr__(self, "_takers", {})
        object.__setattr__(self, "_steps_cache", {})
        object.__setattr__(self, "_serve_cache", {})
        object.__setattr__(self, "_pile_bytes", {})
        object.__setattr__(self, "_hs", self.house_source)
        object.__setattr__(self, "_pt", self.pack_target)
        object.__setattr__(self, "_mv", self.card_moves)
        object.__setattr__(self, "_fits_memo", [((), frozenset())])
        object.__setattr__(self, "_empty_memo", [((), ())])
        self._by_text["end"] = special[END]

    # ------------------------------------------------------------ the moves
    def _special_moves(self) -> Iterable[tuple[int, str]]:
        return ((DRAW, "draw"), (END, "t-d"), (FLIP, "flip"), *faults.special_moves(self))

    def _build_moves(self) -> Iterable[Move]:
        n = 0
        for m in super()._build_moves():
            yield m
            n += 1
        for c in self._announceable_cards():
            yield Move(n, FREE, c, 0, f"free {card_text(c)}")
            n += 1
        for h in range(self.house_count):
            yield Move(n, EMPTY, h, 0, f"empty h{h + 1}")
            n += 1

    def _announceable_cards(self) -> tuple[int, ...]:
        return full_deck(0) + full_deck(1)

    # ------------------------------------------------------------ geometry
    def geometry(self, players: int) -> Geometry:
        """The state indices of a game with ``players`` seats."""
        g = self._geos.get(players)
        if g is None:
            self.layout(players)
            g = self._make_geometry(players)
            self._geos[players] = g
        return g

    def _edges(self, players: int) -> int:
        return self.house_count if players == 3 else 8

    def _make_geometry(self, players: int) -> Geometry:
        e = self._edges(players)
        base = self.foundation_count + e
        k = len(self.seat_piles)

        def idx(p: int, kind: str) -> int:
            return base + p * k + self.seat_piles.index(kind) if kind in self.seat_piles else -1

        extra_kind = self.seat_piles[-1] if k > 3 else ""
        packs = []
        for p in range(players):
            row = []
            for j, (_, kind) in enumerate(self.pack_targets):
                q = (p + 1 + j) % players
                row.append(idx(q, kind) if j < players - 1 else -1)
            packs.append(tuple(row))
        return Geometry(
            edges=e,
            hand=tuple(idx(p, HAND) for p in range(players)),
            turned=tuple(idx(p, TURNED) for p in range(players)),
            discard=tuple(idx(p, DISCARD) for p in range(players)),
            extra=tuple(idx(p, extra_kind) for p in range(players)),
            packs=tuple(packs),
            aside=base + players * k if players == 3 else -1,
        )

    def _layout(self, players: int) -> tuple[PileSpec, ...]:
        specs = [PileSpec(f"f{i + 1}", None, "foundation") for i in range(self.foundation_count)]
        specs += [PileSpec(f"h{i + 1}", None, "house") for i in range(self._edges(players))]
        for p in range(players):
            specs += self._seat_specs(p)
        if players == 3:
            specs.append(PileSpec(ASIDE, None, ASIDE))
        return tuple(specs)

    def _cards(self, players: int) -> tuple[int, ...]:
        if players == 3:  # Z-V3
            return (*full_deck(0), *full_deck(1), JOKER_CARD)
        if self.learning:  # Z-V2
            return full_deck(0)
        return tuple(c for p in range(players) for c in full_deck(p))  # Z-1

    # ------------------------------------------------------------- the deal
    def _shares(self, rng: Rng, players: int) -> list[list[int]]:
        """Each seat's cards, shuffled (Z-2, Z-V2, Z-V3)."""
        if players == 3:
            pack = rng.shuffle(list(self._cards(3)))
            n = THREE_PLAYER_SHARE
            return [pack[p * n : (p + 1) * n] for p in range(3)]
        if self.learning:
            pack = rng.shuffle(list(full_deck(0)))
            return [pack[:LEARNING_PACK], pack[LEARNING_PACK:]]
        return [rng.shuffle(list(full_deck(p))) for p in range(players)]

    def _deal(self, rng: Rng, players: int) -> State:
        if self.first_player is not None and self.first_player >= players:
            raise OptionError(
                f"first_player={self.first_player} is no seat of a {players}-player game"
            )
        g = self.geometry(players)
        piles: list[tuple[int, ...]] = [()] * len(self.layout(players))
        down = [0] * len(piles)
        aside: list[int] = []
        for p, share in enumerate(self._shares(rng, players)):
            share = self._deal_extra(piles, down, g, p, share)
            top = share.pop()
            if top == JOKER_CARD:  # Z-V3: set aside when it turns up
                aside.append(top)
                top = share.pop()
            piles[g.hand[p]] = tuple(share)
            down[g.hand[p]] = len(share)
            piles[g.discard[p]] = (top,)  # Z-2
        if g.aside >= 0:
            piles[g.aside] = tuple(aside)
        starter = self.first_player if self.first_player is not None else rng.below(players)
        return State(
            rules=self,
            players=players,
            piles=tuple(piles),
            down=tuple(down),
            to_move=starter,
            info=(*START_INFO, 0, 0) if self.table_mode else START_INFO,  # Z-21: the tail
            rng=rng.state,
        )

    def _deal_extra(
        self, piles: list[tuple[int, ...]], down: list[int], g: Geometry, p: int, share: list[int]
    ) -> list[int]:
        """Deal what a variant lays out besides the source; return the rest."""
        return share

    # ---------------------------------------------------------- edge search
    def _config(self, state: State) -> Config:
        """The edge piles as the manoeuvre search sees them: a removed pile is
        ``None`` and a face-down card is :data:`HIDDEN_CARD`."""
        g = self._geos.get(state.players) or self.geometry(state.players)
        return self._config_of(state.piles, state.down, g.edges, state.info[I_REMOVED])

    def _config_of(
        self,
        piles: tuple[tuple[int, ...], ...] | list[tuple[int, ...]],
        down: tuple[int, ...] | list[int],
        e: int,
        removed: int,
    ) -> Config:
        """:meth:`_config` of piles, face-down counts, ``e`` edge piles and
        ``info[I_REMOVED]``."""
        hb = self.foundation_count
        downs = down[hb : hb + e]
        out: list[bytes | None]
        if any(downs):
            out = [
                bytes(pile) if not d else bytes((HIDDEN_CARD,) * d + pile[d:])
                for pile, d in zip(piles[hb : hb + e], downs, strict=True)
            ]
        else:
            # the bytes of a pile are kept: successive states share most piles,
            # and a kept bytes object also keeps its hash for the caches' keys
            known = self._pile_bytes
            edges = piles[hb : hb + e]
            out = list(map(known.get, edges))
            if None in out:
                if len(known) > 20_000:
                    known.clear()
                for h, pile in enumerate(edges):
                    if out[h] is None:
                        out[h] = known[pile] = bytes(pile)
        if removed:
            out[removed - 1] = None
        return tuple(out)

    def _gap_limit(self, state: State) -> int:
        return self.gap_limit(state.players, state.turn)

    def gap_limit(self, players: int, turn: int) -> int:
        """How many edge piles may be non-empty in turn ``turn`` for a card to
        go onto an empty one (Z-18, Z-V2, Z-V3); 99 when there is no limit."""
        per = self.first_turn_piles
        if per is None or turn >= players:
            return 99
        if players == 3 or self.learning:
            per = 3
        return per * turn

    def edge_steps(self, config: Config, limit: int) -> tuple[tuple[int, int], ...]:
        """Every single edge-to-edge move the rules allow in ``config``:
        ``(from, to)`` pairs (0-based piles).

        A top card goes onto another edge pile whose top takes it (Z-5), or
        into the first empty edge pile if it fits no other non-empty one and
        does not lie alone (Z-6), while the first-turn limit allows (Z-18).
        """
        cache = self._steps_cache.get(limit)
        if cache is None:
            cache = self._steps_cache[limit] = {}
        cached = cache.get(config)
        if cached is not None:
            return cached
        if len(cache) > 5_000:
            cache.clear()
        out = cache[config] = tuple(self._edge_steps(config, limit))
        return out

    def _edge_steps(self, config: Config, limit: int) -> list[tuple[int, int]]:
        hkey, hwant = self._hkey, self._hwant
        wants: dict[int, list[int]] = {}
        gap = -1
        occupied = 0
        for h, pile in enumerate(config):
            if pile:
                occupied += 1
                k = hwant[pile[-1]]
                lst = wants.get(k)
                if lst is None:
                    wants[k] = [h]
                else:
                    lst.append(h)
            elif pile is not None and gap < 0:
                gap = h
        out: list[tuple[int, int]] = []
        spare = gap >= 0 and occupied < limit
        for h, pile in enumerate(config):
            if not pile:
                continue
            c = pile[-1]
            if c == HIDDEN_CARD:
                continue
            ts = wants.get(hkey[c])
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
        return out

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

    def reachable(
        self,
        config: Config,
        goal: int,
        target: int,
        limit: int,
        removal: bool,
        budget: int,
        seen: dict[Config, int] | None = None,
        depths: list[int] | None = None,
    ) -> bool:
        """Whether at most ``budget`` edge-to-edge moves reach ``goal`` from
        ``config`` (Z-9, Z-10).

        ``goal`` is :data:`GOAL_FREE` (``target``, a card, lies on top of its
        pile) or :data:`GOAL_EMPTY` (edge pile ``target`` is empty).  The
        search is exhaustive within ``budget`` (a depth-first search that
        skips positions already seen with as many moves left), pruned by a
        lower bound that never overestimates: every card above the target
        must move at least once, and for an emptied pile so must every card
        above the nearest card its bottom card can go on.

        ``seen`` may be shared by searches with the same ``goal``, ``target``,
        ``limit`` and ``removal``: a search that fails leaves in it only
        positions that fail with the moves recorded; one that succeeds clears it.
        """
        key = (config, goal, target, limit, removal)
        known = self._dist.get(key)
        if known is not None:
            fails, succeeds = known
            if budget <= fails:
                return False
            if budget >= succeeds:
                return True
        else:
            fails, succeeds = -1, 99
            if len(self._dist) > 10_000:
                self._dist.clear()
        if seen is None:
            used = self._reach(config, goal, target, limit, removal, budget, {}, depths)
        else:
            used = self._reach(config, goal, target, limit, removal, budget, seen, depths)
            if used >= 0:
                seen.clear()
        if used < 0:
            self._dist[key] = (budget if budget > fails else fails, succeeds)
            return False
        self._dist[key] = (fails, used if used < succeeds else succeeds)
        return True

    def _proved(
        self, config: Config, goal: int, target: int, limit: int, removal: bool, used: int
    ) -> None:
        """Record that ``used`` moves reach ``goal`` from ``config`` (a position
        on the way a search found)."""
        key = (config, goal, target, limit, removal)
        known = self._dist.get(key)
        if known is None:
            self._dist[key] = (-1, used)
        elif used < known[1]:
            self._dist[key] = (known[0], used)

    def _lower_bound(self, config: Config, goal: int, target: int) -> int:
        """The lower bound of :meth:`reachable` (see :meth:`_empty_children`)."""
        if goal == GOAL_EMPTY:
            pile = config[target]
            if not pile:
                return 0
            takers = self._takers_of(self._hkey[pile[0]])
            return len(pile) + min(self._taker_depths(config, target, takers))
        for pile in config:
            if pile and target in pile:
                return len(pile) - 1 - pile.index(target)
        return 99  # the card left the edge piles: the goal can no longer be met

    def _reach(
        self,
        config: Config,
        goal: int,
        target: int,
        limit: int,
        removal: bool,
        budget: int,
        seen: dict[Config, int],
        depths: list[int] | None,
    ) -> int:
        """The moves a path found uses (not necessarily the fewest), or -1.

        ``depths`` (goal :data:`GOAL_EMPTY`): the :meth:`_taker_depths` of
        ``config`` if the caller has them."""
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
            return self._dfs_free(config, where, pos, limit, removal, budget, seen)
        start = config[target]
        if not start:
            return 0
        takers = self._takers_of(self._hkey[start[0]])
        if depths is None:
            depths = self._taker_depths(config, target, takers)
        lb = len(start) + min(depths)
        if lb > budget:
            return -1
        if lb == 1:  # exact: one card is left, and a card it goes on lies on top elsewhere
            return 1
        return self._dfs_empty(config, target, takers, limit, removal, budget, seen, depths)

    @staticmethod
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
        t = self._takers.get(key)
        if t is None:
            hwant = self._hwant
            t = self._takers[key] = bytes(
                1 if c < len(hwant) and hwant[c] == key else 0 for c in range(256)
            )
        return t

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
        target: int,
        takers: bytes,
        limit: int,
        removal: bool,
        budget: int,
        seen: dict[Config, int],
        depths: list[int],
    ) -> int:
        left = budget - 1
        steps = self.edge_steps(config, limit)
        children = self._empty_children(config, target, takers, depths, steps, left)
        if not children:
            return -1
        children.sort()  # the most promising first
        if children[0][0] <= 1:  # the goal is met, or one card is left and can go
            return children[0][0] + 1
        can_remove = removal and None not in config
        for _, a, b, da, db in children:
            src = config[a]
            assert src is not None
            rest = src[:-1]
            nxt_l = list(config)
            nxt_l[b] = config[b] + src[-1:]  # type: ignore[operator]
            nxt_l[a] = None if not rest and can_remove else rest
            nxt = tuple(nxt_l)
            if seen.get(nxt, -1) >= left:
                continue
            seen[nxt] = left
            child = depths.copy()
            child[a] = da
            child[b] = db
            used = self._dfs_empty(nxt, target, takers, limit, removal, left, seen, child)
            if used >= 0:
                self._proved(nxt, GOAL_EMPTY, target, limit, removal, used)
                return used + 1
        return -1

    def _dfs_free(
        self,
        config: Config,
        where: int,
        pos: int,
        limit: int,
        removal: bool,
        budget: int,
        seen: dict[Config, int],
    ) -> int:
        left = budget - 1
        n = len(config[where])  # type: ignore[arg-type]
        k = n - 1 - pos  # the cards above the target
        children = []
        for a, b in self.edge_steps(config, limit):
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
        can_remove = removal and None not in config
        for _, a, b in children:
            src = config[a]
            assert src is not None
            rest = src[:-1]
            nxt_l = list(config)
            nxt_l[b] = config[b] + src[-1:]  # type: ignore[operator]
            nxt_l[a] = None if not rest and can_remove else rest
            nxt = tuple(nxt_l)
            if seen.get(nxt, -1) >= left:
                continue
            seen[nxt] = left
            used = self._dfs_free(nxt, where, pos, limit, removal, left, seen)
            if used >= 0:
                card = config[where][pos]  # type: ignore[index]
                self._proved(nxt, GOAL_FREE, card, limit, removal, used)
                return used + 1
        return -1

    def distance(
        self,
        config: Config,
        goal: int,
        target: int,
        limit: int,
        removal: bool,
        budget: int,
    ) -> int:
        """The fewest edge-to-edge moves that reach ``goal`` from ``config``
        (see :meth:`reachable`), or ``budget + 1`` if more than ``budget``."""
        b = self._lower_bound(config, goal, target)
        known = self._dist.get((config, goal, target, limit, removal))
        if known is not None:
            b = max(b, known[0] + 1)
        while b <= budget:
            if self.reachable(config, goal, target, limit, removal, b):
                return b
            b += 1
        return budget + 1

    def _serving_steps(
        self,
        config: Config,
        goal: int,
        target: int,
        limit: int,
        removal: bool,
        left: int,
    ) -> tuple[Move, ...]:
        """The steps after which the announced goal can still be met with
        the moves left (Z-9, Z-10).

        A step whose card can step straight back (its pile keeps a face-up card) is
        such a step whenever the goal is two moves closer than the budget:
        back and forth, then the shortest way.  Only the others are searched,
        and only when the lower bound of the position after the step allows.
        """
        steps = self.edge_steps(config, limit)
        mv = self._mv
        hs = self._hs
        if len(steps) == 1:  # the goal can be met, so the only step serves it
            a, b = steps[0]
            return (mv[hs + a][b + 1],)  # type: ignore[return-value]
        # (bound after the step, a, b, the taker depths of piles a and b after it)
        cands: list[tuple[int, int, int, int, int]]
        depths: list[int] | None = None
        if goal == GOAL_EMPTY:
            start = config[target]
            assert start
            takers = self._takers_of(self._hkey[start[0]])
            depths = self._taker_depths(config, target, takers)
            root = len(start) + min(depths)
            cands = self._empty_children(config, target, takers, depths, steps, left - 1)
        else:
            where = next((h for h, pile in enumerate(config) if pile and target in pile), -1)
            if where < 0:
                return ()
            pile = config[where]
            assert pile is not None
            root = len(pile) - 1 - pile.index(target)
            cands = []
            for a, b in steps:
                bound = root - 1 if a == where else root + 1 if b == where else root
                if bound < left:
                    cands.append((bound, a, b, 0, 0))
        seen: dict[Config, int] = {}  # failures, shared by the searches below
        slack = -1  # whether the goal is two moves closer than the budget (-1: not known yet)
        lone: list[int] | None = None  # the source pile of each step (when needed)
        occupied = 0
        out = []
        for bound, a, b, da, db in cands:
            if bound == 0 or (bound == 1 and goal == GOAL_EMPTY):  # the goal is met or
                out.append(mv[hs + a][b + 1])  # one card is left and can go (see _reach)
                continue
            src = config[a]
            assert src is not None
            if len(src) > 1:  # the card steps back onto the face-up card below it
                back = src[-2] != HIDDEN_CARD and not (removal and not config[b])
            else:  # a card alone goes back into the gap it leaves when that is the
                # first gap, the first-turn limit allows and no other pile takes it
                if lone is None:
                    lone = [a for a, _ in steps]
                    occupied = sum(1 for pile in config if pile)
                back = (
                    not removal
                    and lone.count(a) == 1
                    and b"" not in config[:a]
                    and occupied - 1 < limit
                )
            if back:
                if slack < 0:  # a reversible step: is there room for back and forth?
                    slack = root <= left - 2 and self.reachable(
                        config, goal, target, limit, removal, left - 2, seen, depths
                    )
                if slack:
                    out.append(mv[hs + a][b + 1])
                    continue
            child = None
            if depths is not None:
                child = depths.copy()
                child[a] = da
                child[b] = db
            nxt = self.step_config(config, a, b, removal)
            if self.reachable(nxt, goal, target, limit, removal, left - 1, seen, child):
                out.append(mv[hs + a][b + 1])
        return tuple(out)  # type: ignore[arg-type]

    # ---------------------------------------------------------- legal moves
    def _own_sources(self, state: State, g: Geometry, p: int) -> list[tuple[int, int]]:
        """(source code, card) of the own piles that moves 4–7a play from."""
        d = state.piles[g.discard[p]]
        return [(0, d[-1])] if d else []

    def _pack_tops(self, state: State, g: Geometry, p: int) -> list[tuple[int, int]]:
        """(target code, FKEY of the top) of every pile ``p`` may pack onto."""
        out = []
        for j, i in enumerate(g.packs[p]):
            if i >= 0:
                pile = state.piles[i]
                if pile:
                    out.append((self.pack_target + j, FKEY[pile[-1]]))
        return out

    def strict_moves(self, state: State) -> tuple[Move, ...]:
        """The moves strict mode allows (the priorities and conditions kept)."""
        p = state.to_move
        assert p is not None
        g = self._geos.get(state.players) or self.geometry(state.players)
        piles = state.piles
        turned = piles[g.turned[p]]
        if turned:
            return self._placements(state, g, p, turned[-1])
        return self._play_moves(state, g, p)

    def _fits(self, piles: Sequence[tuple[int, ...]]) -> frozenset[int]:
        """The :data:`FKEY` of every card that fits a centre pile now."""
        fnd = tuple(piles[0 : self.foundation_count])
        last = self._fits_memo[0]  # one read: threads may share the rules object
        if last[0] == fnd:  # the same pile objects compare at once
            return last[1]
        fits = {FOUNDATION_WANT[f[-1]] for f in fnd if f}
        if () in fnd:
            fits.update(ACE_KEYS)
        out = frozenset(fits)
        self._fits_memo[0] = (fnd, out)
        return out

    def _wants(self, state: State, g: Geometry) -> tuple[dict[int, list[int]], int, int]:
        """Non-empty edge piles by the key they take, the first empty edge pile
        in play (``-1``: none) and the number of non-empty edge piles."""
        hwant = SUIT_WANT if self.same_suit_houses else ALT_WANT
        hb = self.foundation_count
        removed = state.info[I_REMOVED] - 1
        wants: dict[int, list[int]] = {}
        gap = -1
        occupied = 0
        for h in range(g.edges):
            pile = state.piles[hb + h]
            if pile:
                occupied += 1
                k = hwant[pile[-1]]
                lst = wants.get(k)
                if lst is None:
                    wants[k] = [h]
                else:
                    lst.append(h)
            elif gap < 0 and h != removed:
                gap = h
        return wants, gap, occupied

    def _placements(self, state: State, g: Geometry, p: int, card: int) -> tuple[Move, ...]:
        """Z-15: where the card lifted from the source must go."""
        row = self.card_moves[self._src_turned]
        if FKEY[card] in self._fits(state.piles):
            return (row[0],)  # type: ignore[return-value]
        wants, gap, occupied = self._wants(state, g)
        ws = wants.get(FKEY[card] if self.same_suit_houses else ALT_KEY[card])
        if ws:
            return tuple(row[h + 1] for h in ws)  # type: ignore[misc]
        if gap >= 0 and occupied < self._gap_limit(state):
            return (row[gap + 1],)  # type: ignore[return-value]
        key = FKEY[card]
        packs = tuple(row[t] for t, k in self._pack_tops(state, g, p) if key - k in (4, -4))
        if packs:
            return packs  # type: ignore[return-value]
        return (self._special[END],)

    def _play_moves(self, state: State, g: Geometry, p: int) -> tuple[Move, ...]:
        piles = state.piles
        info = state.info
        hb = self.foundation_count
        hs = self._hs
        mv = self._mv
        fits = self._fits(piles)
        removed = info[I_REMOVED] - 1
        # move 1 (Z-8)
        found = []
        for h in range(g.edges):
            pile = piles[hb + h]
            if pile and len(pile) > state.down[hb + h] and FKEY[pile[-1]] in fits:
                found.append(mv[hs + h][0])
        if found:
            return tuple(found)  # type: ignore[arg-type]
        limit = 99 if state.turn >= state.players else self._gap_limit(state)
        removal = state.players == 3 and removed < 0
        budget = self.manoeuvre_steps
        if info[I_GOAL]:  # the steps of an announced manoeuvre (Z-9, Z-10)
            config = self._config_of(piles, state.down, g.edges, info[I_REMOVED])
            skey = (config, info[I_GOAL], info[I_TARGET], limit, removal, info[I_BUDGET])
            serving = self._serve_cache.get(skey)
            if serving is None:
                if len(self._serve_cache) > 2_000:
                    self._serve_cache.clear()
                serving = self._serve_cache[skey] = self._serving_steps(*skey)
            return serving
        config = self._config_of(piles, state.down, g.edges, info[I_REMOVED])
        # move 2 (Z-9): a covered face-up card that fits the centre
        free = self._free_announcements(state, config, fits, limit, removal, budget)
        if free:
            return free
        # move 3 (Z-10)
        if info[I_EMPTIES] < self.empties_per_progress:
            # the last answer serves while the edge piles stay as they are
            # (moves 4 to 8 leave them unchanged more often than not)
            ekey = (config, limit, removal)
            last = self._empty_memo[0]  # one read: threads may share the rules object
            if last[0] == ekey:
                empty = last[1]
            else:
                empty = self._empty_announcements(config, limit, removal, budget)
                self._empty_memo[0] = (ekey, empty)
            if empty:
                return empty
        own = self._own_sources(state, g, p)
        row: tuple[Move | None, ...]
        level4 = [mv[s][0] for s, c in own if FKEY[c] in fits]  # move 4 (Z-11)
        if level4:
            return tuple(level4)  # type: ignore[arg-type]
        wants, gap, occupied = self._wants(state, g)
        hkey = FKEY if self.same_suit_houses else ALT_KEY
        level5 = []  # move 5 (Z-12)
        for s, c in own:
            row = mv[s]
            for h in wants.get(hkey[c], ()):
                level5.append(row[h + 1])
        if level5:
            return tuple(level5)  # type: ignore[arg-type]
        if gap < 0:  # move 6 (Z-13): only while no edge pile is empty
            level6 = []
            packs = self._pack_tops(state, g, p)
            for s, c in own:
                key = FKEY[c]
                for t, k in packs:
                    if key - k == 4 or k - key == 4:
                        level6.append(mv[s][t])
            if level6:
                return tuple(level6)  # type: ignore[arg-type]
        level7: list[Move] = []  # move 7a and 7b (Z-14)
        if gap >= 0 and occupied < limit:
            for s, _ in own:
                level7.append(mv[s][gap + 1])  # type: ignore[arg-type]
        if piles[g.hand[p]]:
            level7.append(self._special[DRAW])
        if level7:
            return tuple(level7)
        if piles[g.discard[p]]:
            return (self._special[FLIP],)  # move 8 (Z-16)
        return self._nothing_to_play(state)

    def _nothing_to_play(self, state: State) -> tuple[Move, ...]:
        raise AssertionError("a player with no source and no discard has won")  # pragma: no cover

    def _free_announcements(
        self,
        state: State,
        config: Config,
        fits: frozenset[int],
        limit: int,
        removal: bool,
        budget: int,
    ) -> tuple[Move, ...]:
        """Z-9: every card whose freeing can be announced (Z-V1: the least deep)."""
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
        out = []
        best = 99
        for depth, c in sorted(cands):
            if self.advanced and depth > best:
                break
            if self.reachable(config, GOAL_FREE, c, limit, removal, budget):
                out.append(self._free[c])
                best = depth
        return tuple(out)

    def _empty_announcements(
        self,
        config: Config,
        limit: int,
        removal: bool,
        budget: int,
    ) -> tuple[Move, ...]:
        """Z-10: every edge pile whose emptying can be announced (Z-V1: the
        highest bottom card)."""
        hkey, hwant = (FKEY, SUIT_WANT) if self.same_suit_houses else (ALT_KEY, ALT_WANT)
        present: dict[int, set[int]] = {}  # house key taken -> piles holding such a card
        for h, pile in enumerate(config):
            if pile:
                for c in pile:
                    if c != HIDDEN_CARD:
                        present.setdefault(hwant[c], set()).add(h)
        cands = []
        for h, pile in enumerate(config):
            if not pile or len(pile) > budget or HIDDEN_CARD in pile:
                continue
            bottom = pile[0]
            holders = present.get(hkey[bottom])
            if holders and (len(holders) > 1 or h not in holders):
                cands.append((-RANK[bottom], h))
        out = []
        best = 99
        for rank, h in sorted(cands):
            if self.advanced and rank > best:
                break
            if self.reachable(config, GOAL_EMPTY, h, limit, removal, budget):
                out.append((h, self._empty[h]))
                best = rank
        return tuple(m for _, m in sorted(out))

    # ---------------------------------------------------------------- apply
    def strict_apply(self, state: State, move: Move) -> State:
        """A move of strict play; table mode builds on it."""
        p = state.to_move
        assert p is not None
        g = self._geos.get(state.players) or self.geometry(state.players)
        piles = list(state.piles)
        down = list(state.down)
        info = list(state.info)
        outcome: Result | None = None
        to_move: int | None = p
        turn = state.turn
        kind = move.kind
        hb = self.foundation_count
        hs = self._hs
        if kind == CARD:
            s, t = move.source, move.target
            src = hb + s - hs if s >= hs else self._source_index(g, p, s)
            hidden_before = down[src]
            card = self.lift(piles, down, src)
            if hidden_before != down[src]:
                info[I_FLAGS] |= F_PROGRESS  # a face-down card turned up
                info[I_EMPTIES] = 0
            if t == 0:
                dst = self.foundation_slots(piles)[FKEY[card]]
                info[I_FLAGS] |= F_PROGRESS
                info[I_EMPTIES] = 0
            elif t < self._pt:
                dst = hb + t - 1
                if s < hs:
                    info[I_FLAGS] |= F_PROGRESS
                    info[I_EMPTIES] = 0
            else:
                dst = g.packs[p][t - self._pt]
            piles[dst] = (*piles[dst], card)
            if s >= hs and not piles[src] and state.players == 3 and not info[I_REMOVED]:
                info[I_REMOVED] = s - hs + 1  # Z-V3: the first edge pile to empty is removed
            if info[I_GOAL]:
                step = s >= hs and 0 < t < self._pt
                if step:
                    info[I_BUDGET] -= 1
                full = not step or hidden_before != down[src]
                # a step keeps the goal in reach, unless a face-down card turned up
                if full or info[I_GOAL] != GOAL_EMPTY or not piles[hb + info[I_TARGET]]:
                    self._settle_goal(state, piles, down, info, full)
            if s < hs and self._won(piles, g, p):
                to_move = None
                outcome = Result(p, self._points(state.players, p), Termination.WENT_OUT)
        elif kind == DRAW:  # Z-15
            card = self.lift(piles, down, g.hand[p])
            down[g.hand[p]] = len(piles[g.hand[p]])  # the source stays face down
            if card == JOKER_CARD:  # Z-V3: the joker is only set aside
                piles[g.aside] = (*piles[g.aside], card)
                if self._won(piles, g, p):
                    to_move = None
                    outcome = Result(p, self._points(state.players, p), Termination.WENT_OUT)
            else:
                piles[g.turned[p]] = (card,)
        elif kind == FLIP:  # Z-16
            piles[g.hand[p]] = piles[g.discard[p]][::-1]
            down[g.hand[p]] = len(piles[g.hand[p]])
            piles[g.discard[p]] = ()
        elif kind == FREE:
            info[I_GOAL], info[I_TARGET] = GOAL_FREE, move.source
            info[I_BUDGET] = self.manoeuvre_steps
        elif kind == EMPTY:
            info[I_GOAL], info[I_TARGET] = GOAL_EMPTY, move.source
            info[I_BUDGET] = self.manoeuvre_steps
            info[I_EMPTIES] += 1
        else:  # END (Z-17) or PASS: the turn ends
            if kind == END:
                di, ti = g.discard[p], g.turned[p]
                piles[di] = piles[di] + piles[ti]
                piles[ti] = ()
            stale = 0 if info[I_FLAGS] & F_PROGRESS else info[I_STALE] + 1
            info = [0, 0, 0, info[I_REMOVED], 0, stale, 0]
            to_move = (p + 1) % state.players
            turn += 1
            if stale >= self.no_progress_turns:  # Z-20
                to_move = None
                outcome = self._no_progress_result(piles, g, state.players)
        # positional, in the field order of State: keywords cost about 2 % of a zank playout
        return State(
            self,  # rules
            state.players,
            tuple(piles),
            tuple(down),
            to_move,
            0,  # phase
            tuple(info),
            state.rng,
            state.ply + 1,
            turn,
            outcome,
        )

    def _source_index(self, g: Geometry, p: int, s: int) -> int:
        kind = self.sources[s][1]
        if kind == DISCARD:
            return g.discard[p]
        if kind == TURNED:
            return g.turned[p]
        return g.extra[p]

    def _settle_goal(
        self,
        state: State,
        piles: list[tuple[int, ...]],
        down: list[int],
        info: list[int],
        full: bool,
    ) -> None:
        """Clear an announcement that is met or (``full``: search whether it)
        can no longer be met (Z-9, Z-10)."""
        goal, target, left = info[I_GOAL], info[I_TARGET], info[I_BUDGET]
        hb = self.foundation_count
        if goal == GOAL_EMPTY:
            met = not piles[hb + target]
        else:
            edges = piles[hb : hb + self.geometry(state.players).edges]
            met = any(pile and pile[-1] == target for pile in edges)
        if met or (
            full
            and not self.reachable(
                self._config_of(piles, down, self.geometry(state.players).edges, info[I_REMOVED]),
                goal,
                target,
                self.gap_limit(state.players, state.turn),
                state.players == 3 and not info[I_REMOVED],
                left,
            )
        ):
            info[I_GOAL] = info[I_TARGET] = info[I_BUDGET] = 0

    def _won(self, piles: list[tuple[int, ...]], g: Geometry, p: int) -> bool:
        """Z-19: no card left on source and discard (nor lifted)."""
        return not (piles[g.hand[p]] or piles[g.discard[p]] or piles[g.turned[p]])

    def _points(self, players: int, winner: int | None) -> tuple[int, ...]:
        return tuple(1 if q == winner else 0 for q in range(players))

    def cards_left(self, state: State) -> tuple[int, ...]:
        """Each seat's cards still to get rid of (source, lifted card, discard
        and, in schikanieren, the Schikanier pile)."""
        g = self.geometry(state.players)
        return self._counts(list(state.piles), g, state.players)

    def _counts(self, piles: list[tuple[int, ...]], g: Geometry, players: int) -> tuple[int, ...]:
        out = []
        for q in range(players):
            n = len(piles[g.hand[q]]) + len(piles[g.discard[q]]) + len(piles[g.turned[q]])
            if g.extra[q] >= 0:
                n += len(piles[g.extra[q]])
            out.append(n)
        return tuple(out)

    def _no_progress_result(
        self, piles: list[tuple[int, ...]], g: Geometry, players: int
    ) -> Result:
        """Z-20: the fewest cards left wins; a tie for the fewest is a draw."""
        counts = self._counts(piles, g, players)
        low = min(counts)
        winner = counts.index(low) if counts.count(low) == 1 else None
        return Result(winner, self._points(players, winner), Termination.NO_PROGRESS)

    # ---------------------------------------------------------- explanations
    def _level_of(self, state: State, move: Move) -> int:
        """The number of ``move`` in the seed's list (7 for 7a and 7b)."""
        kind = move.kind
        if kind == FREE:
            return 2
        if kind == EMPTY:
            return 3
        if kind in (DRAW, END, PASS):
            return 7
        if kind == FLIP:
            return 8
        s, t = move.source, move.target
        hs = self.house_source
        if s >= hs:
            return 1 if t == 0 else 2
        if self.sources[s][1] == TURNED:
            return 7
        if t == 0:
            return 4
        if t >= self.pack_target:
            return 6
        pile = state.piles[self.foundation_count + t - 1]
        return 5 if pile else 7

    def _explain(self, state: State, move: Move) -> Violation:
        if self.table_mode:
            v = faults.explain(self, state, move)
            if v is not None:
                return v
        return self._explain_strict(state, move)

    def _explain_strict(self, state: State, move: Move) -> Violation:
        """Why strict play does not allow ``move`` (table mode: the fault it is)."""
        p = state.to_move
        assert p is not None
        g = self.geometry(state.players)
        piles = state.piles
        legal = self.strict_moves(state)
        turned = piles[g.turned[p]]
        if turned:
            return self._explain_placement(state, move, turned[-1], legal)
        if move.kind == END:
            return Violation("Z-15", "you have lifted no card from your source: draw one first")
        if move.kind == PASS:
            return Violation("Z-7", "you may pass only when no move is possible")
        if move.kind == CARD:
            v = self._explain_card(state, g, p, move)
            if v is not None:
                return v
        elif move.kind == DRAW and not piles[g.hand[p]]:
            return Violation("Z-15", "your source is empty: there is nothing to draw")
        elif move.kind == FLIP and piles[g.hand[p]]:
            return Violation(
                "Z-16", "you may turn your discard over only when your source is empty"
            )
        elif move.kind == FLIP and not piles[g.discard[p]]:
            return Violation("Z-16", "your discard is empty: there is nothing to turn over")
        goal = state.info[I_GOAL]
        if goal:
            what = (
                f"free {card_unicode(state.info[I_TARGET])}"
                if goal == GOAL_FREE
                else f"empty edge pile {state.info[I_TARGET] + 1}"
            )
            rule = "Z-9" if goal == GOAL_FREE else "Z-10"
            if move.kind == CARD and self._level_of(state, move) == 2:
                return Violation(
                    rule,
                    f"{move.text} does not serve your announcement to {what} within the "
                    f"{state.info[I_BUDGET]} moves left; serving moves: "
                    + ", ".join(m.text for m in legal),
                )
            return Violation(
                rule,
                f"you announced to {what}: finish that first ("
                + ", ".join(m.text for m in legal)
                + ")",
            )
        level = self._level_of(state, move)
        due = self._level_of(state, legal[0])
        if move.kind == FREE:
            return self._explain_free(state, move, legal, due)
        if move.kind == EMPTY:
            return self._explain_empty(state, move, legal, due)
        if move.kind == CARD and move.source >= self.house_source and move.target > 0:
            return Violation(
                "Z-9",
                "a card moves from edge pile to edge pile only as a step of an announced "
                "manoeuvre (announce it first: 'free <card>' or 'empty h<n>')",
            )
        if level > due:
            return Violation(
                "Z-7",
                f"move {level} is not allowed while move {self._due_name(state, legal)} is "
                "possible (" + ", ".join(m.text for m in legal) + ")",
            )
        return self._explain_same_level(state, g, p, move, legal)

    def _due_name(self, state: State, legal: tuple[Move, ...]) -> str:
        """The number of the move that is due, as the seed writes it."""
        m = legal[0]
        if m.kind == DRAW:
            return "7b"
        return str(self._level_of(state, m))

    def _explain_same_level(
        self, state: State, g: Geometry, p: int, move: Move, legal: tuple[Move, ...]
    ) -> Violation:
        if move.kind == CARD and 0 < move.target < self.pack_target:
            pile = state.piles[self.foundation_count + move.target - 1]
            if not pile:
                _, gap, occupied = self._wants(state, g)
                if occupied >= self._gap_limit(state):
                    return self._first_turn_violation(state)
                if gap >= 0 and gap != move.target - 1:
                    return Violation(
                        "Z-5", f"a card for an empty edge pile goes into the first one, h{gap + 1}"
                    )
        if move.kind == CARD and move.target >= self.pack_target:
            return Violation(
                "Z-13",
                "you may pack onto the opponent's discard only while no edge pile is empty",
            )
        return Violation(
            "Z-7", f"{move.text} is not possible now; legal: " + ", ".join(m.text for m in legal)
        )

    def _first_turn_violation(self, state: State) -> Violation:
        limit = self._gap_limit(state)
        return Violation(
            "Z-18",
            f"in the first round only {limit} edge piles may be occupied now: "
            "leave the others empty for the next player",
        )

    def _explain_free(
        self, state: State, move: Move, legal: tuple[Move, ...], due: int
    ) -> Violation:
        c = move.source
        what = card_unicode(c)
        config = self._config(state)
        where = next((h for h, pile in enumerate(config) if pile and c in pile), -1)
        if where < 0:
            return Violation("Z-9", f"{what} lies on no edge pile")
        pile = config[where]
        assert pile is not None
        if pile[-1] == c:
            return Violation("Z-9", f"{what} is not covered: nothing needs freeing")
        if FKEY[c] not in self._fits(state.piles):
            return Violation("Z-9", f"{what} fits no centre pile: freeing it is no move 2")
        if due < 2:
            return Violation("Z-7", "move 1 comes first: " + ", ".join(m.text for m in legal))
        if self.advanced and any(m.kind == FREE for m in legal):
            return Violation(
                "Z-V1",
                f"advanced rules: a less deeply covered card can be freed first "
                f"({', '.join(m.text for m in legal)})",
            )
        return Violation(
            "Z-9",
            f"{what} cannot be freed in at most {self.manoeuvre_steps} single moves "
            "between edge piles",
        )

    def _explain_empty(
        self, state: State, move: Move, legal: tuple[Move, ...], due: int
    ) -> Violation:
        h = move.source
        g = self.geometry(state.players)
        if h >= g.edges or h == state.info[I_REMOVED] - 1:
            return Violation("Z-V3", f"there is no edge pile {h + 1} in this game")
        if not state.piles[self.foundation_count + h]:
            return Violation("Z-10", f"edge pile {h + 1} is empty already")
        if due < 3:
            return Violation(
                "Z-7",
                f"move {self._due_name(state, legal)} comes first: "
                + ", ".join(m.text for m in legal),
            )
        if self.advanced and any(m.kind == EMPTY for m in legal):
            return Violation(
                "Z-V1",
                "advanced rules: an edge pile with a higher bottom card can be emptied "
                f"({', '.join(m.text for m in legal)})",
            )
        if state.info[I_EMPTIES] >= self.empties_per_progress:
            return Violation(
                "Z-10",
                f"{self.empties_per_progress} edge piles have been emptied since the last "
                "card reached the centre or an edge pile: no more this turn",
            )
        return Violation(
            "Z-10",
            f"edge pile {h + 1} cannot be emptied onto another non-empty edge pile in at most "
            f"{self.manoeuvre_steps} single moves",
        )

    def _explain_card(self, state: State, g: Geometry, p: int, move: Move) -> Violation | None:
        """Why the cards themselves do not allow ``move`` (Z-4, Z-5, Z-13), or ``None``."""
        piles = state.piles
        s, t = move.source, move.target
        hs = self.house_source
        hb = self.foundation_count
        if (s >= hs and s - hs >= g.edges) or (0 < t < self.pack_target and t > g.edges):
            return Violation("Z-V3", "there is no edge pile 9 in a two-player game")
        removed = state.info[I_REMOVED] - 1
        if removed >= 0 and (s - hs == removed or t - 1 == removed):
            return Violation("Z-V3", f"edge pile {removed + 1} has been removed from the game")
        src = hb + s - hs if s >= hs else self._source_index(g, p, s)
        pile = piles[src]
        if s == self._src_turned and not state.piles[g.turned[p]]:
            return Violation("Z-15", "you have lifted no card from your source: draw one first")
        if not pile:
            name = self.source_name(s).replace("house", "edge pile")
            return Violation("Z-8" if s >= hs else "Z-11", f"{name} is empty")
        if s >= hs and t >= self.pack_target:
            return Violation(
                "Z-7", "no move of the list takes a card from an edge pile to a discard"
            )
        card = pile[-1]
        what = card_unicode(card)
        if t == 0:
            if FKEY[card] not in self._fits(piles):
                need = (
                    "an empty centre pile"
                    if RANK[card] == ACE
                    else f"a centre pile showing the {card_unicode(card - 1)}"
                )
                return Violation("Z-4", f"{what} cannot go on a centre pile: it needs {need}")
            return None
        if t < self.pack_target:
            target = piles[hb + t - 1]
            if target and not fits_house(card, target[-1], self.same_suit_houses):
                return Violation(
                    "Z-5",
                    f"{what} cannot go on edge pile {t}: it shows {card_unicode(target[-1])},"
                    f" which takes {self.house_needs(target[-1])}",
                )
            if not target and s >= hs:
                wants, _, _ = self._wants(state, g)
                hkey = FKEY if self.same_suit_houses else ALT_KEY
                other = [h for h in wants.get(hkey[card], ()) if h != s - hs]
                if other:
                    return Violation(
                        "Z-6",
                        f"{what} fits edge pile {other[0] + 1}: a card goes onto an empty edge "
                        "pile only if it fits no non-empty one",
                    )
                if len(pile) == 1:
                    return Violation(
                        "Z-6", f"moving the only card of edge pile {s - hs + 1} changes nothing"
                    )
            return None
        i = g.packs[p][t - self.pack_target]
        if i < 0:
            return Violation("Z-13", "there is no second opponent in a two-player game")
        target = piles[i]
        name = self.target_name(t)
        if not target:
            return Violation("Z-13", f"{name} is empty: there is nothing to pack on")
        top = target[-1]
        if FKEY[card] - FKEY[top] not in (4, -4):
            r, suit = RANK[top], SUIT_SYMBOLS[SUIT[top]]
            takes = " or ".join(f"{rank_word(x)}{suit}" for x in (r - 1, r + 1) if ACE <= x <= KING)
            return Violation(
                "Z-13",
                f"{what} cannot go on {name}: it shows {card_unicode(top)}, which takes "
                f"{takes} (the same suit, one higher or lower)",
            )
        return None

    def target_name(self, target: int) -> str:
        """A target in words: ``"a centre pile"``, ``"edge pile 3"``,
        ``"the next player's discard"``."""
        if target == 0:
            return "a centre pile"
        if target < self.pack_target:
            return f"edge pile {target}"
        j = target - self.pack_target
        who = "the next player's" if j == 0 else "the player after next's"
        return f"{who} {self.pack_targets[j][1]}"

    def _explain_placement(
        self, state: State, move: Move, card: int, legal: tuple[Move, ...]
    ) -> Violation:
        what = card_unicode(card)
        g = self.geometry(state.players)
        p = state.to_move
        assert p is not None
        if not (move.kind == END or (move.kind == CARD and move.source == self._src_turned)):
            return Violation(
                "Z-15",
                f"you have lifted {what} from your source: place it first ("
                + ", ".join(m.text for m in legal)
                + ")",
            )
        if move.kind == CARD:
            v = self._explain_card(state, g, p, move)
            if v is not None:
                return v
            t = move.target
            if 0 < t < self.pack_target and not state.piles[self.foundation_count + t - 1]:
                _, gap, occupied = self._wants(state, g)
                if occupied >= self._gap_limit(state):
                    return self._first_turn_violation(state)
                if gap != t - 1:
                    return Violation(
                        "Z-5", f"a card for an empty edge pile goes into the first one, h{gap + 1}"
                    )
        first = legal[0]
        if first.kind == CARD and first.target == 0:
            why = f"{what} fits a centre pile and must go there"
        elif first.kind == CARD and first.target < self.pack_target:
            pile = state.piles[self.foundation_count + first.target - 1]
            why = (
                f"{what} fits a non-empty edge pile and must go there"
                if pile
                else f"{what} fits no centre or non-empty edge pile: it goes onto an empty one"
            )
        elif first.kind == CARD:
            why = f"{what} fits nowhere else: it goes onto an opponent's discard"
        else:
            why = f"{what} fits nowhere: it goes onto your own discard"
        return Violation(
            "Z-15",
            f"the lifted card follows the order centre, non-empty edge pile, empty edge pile, "
            f"opponent's discard, own discard: {why} ({', '.join(m.text for m in legal)})",
        )

    # ------------------------------------------------------------ validation
    def validate_settled(self, state: State) -> None:
        """The invariants of a state of strict play (table mode checks its
        window states through the state before the move under call)."""
        g = self.geometry(state.players)
        piles, down = state.piles, state.down
        specs = self.layout(state.players)
        if len(state.info) != len(START_INFO) or min(state.info) < 0:
            raise InvalidState(
                "info must be seven integers >= 0: "
                "(goal, target, budget, removed, empties, stale, flags)"
            )
        goal, target, budget, removed = state.info[:4]
        if goal not in (0, GOAL_FREE, GOAL_EMPTY) or budget > self.manoeuvre_steps:
            raise InvalidState("info: no such announcement, or a budget above manoeuvre_steps")
        if goal == GOAL_FREE and not (0 <= target < MAX_CARD and target in self._free):
            raise InvalidState("info: the announced card is no card of the game")
        if goal == GOAL_EMPTY and target >= g.edges:
            raise InvalidState("info: the announced edge pile does not exist")
        if removed > (g.edges if state.players == 3 else 0):
            raise InvalidState("info: only the three-player game removes an edge pile")
        if removed and piles[self.foundation_count + removed - 1]:
            raise InvalidState(f"h{removed}: a removed edge pile holds no cards")
        for i in range(self.foundation_count):
            f = piles[i]
            if down[i]:
                raise InvalidState(f"{specs[i].label}: centre cards lie face up")
            for j, c in enumerate(f):
                want = ACE_KEYS if j == 0 else (FOUNDATION_WANT[f[j - 1]],)
                if FKEY[c] not in want:
                    raise InvalidState(
                        f"{specs[i].label}: a centre pile is built up in suit from the ace; "
                        f"{card_unicode(c)} cannot be card {j + 1}"
                    )
        for h in range(g.edges):
            i = self.foundation_count + h
            pile, d = piles[i], down[i]
            if pile and d >= len(pile):
                raise InvalidState(f"{specs[i].label}: the top card of an edge pile lies face up")
            if any(IS_JOKER[c] for c in pile):
                raise InvalidState(f"{specs[i].label}: the joker takes no part in the play")
            for a, b in zip(pile[d:], pile[d + 1 :], strict=False):
                if not fits_house(b, a, self.same_suit_houses):
                    raise InvalidState(
                        f"{specs[i].label}: {card_unicode(b)} cannot lie on {card_unicode(a)}"
                    )
        for q in range(state.players):
            hand = g.hand[q]
            if down[hand] != len(piles[hand]):
                raise InvalidState(f"{specs[hand].label}: the source lies face down")
            for i in (g.turned[q], g.discard[q]):
                if down[i]:
                    raise InvalidState(f"{specs[i].label}: its cards lie face up")
            turned = piles[g.turned[q]]
            if len(turned) > 1 or (turned and q != state.to_move):
                raise InvalidState(
                    f"{specs[g.turned[q]].label}: only the player to move may have one lifted card"
                )
            if turned and goal:
                raise InvalidState("a card is lifted from the source during a manoeuvre")
            if any(IS_JOKER[c] for c in (*piles[g.discard[q]], *turned)):
                raise InvalidState("the joker is set aside as soon as it turns up")
        if g.aside >= 0 and down[g.aside]:
            raise InvalidState("aside: the set-aside joker lies face up")
        self._validate_extra(state, g)

    def _validate_extra(self, state: State, g: Geometry) -> None:
        """The variant's own invariants."""

    # --------------------------------------------------------- table mode (Z-21)
    def table_moves(self, state: State) -> tuple[Move, ...]:
        """Z-21: the strict moves, then every other move of the seed's list that
        the cards allow, its priority and conditions ignored: a free card (the
        edge tops, the own discard top, the lifted card) onto a centre pile, an
        edge pile it fits or the first empty one, an opponent's discard (not
        from the edge), the lifted card onto the own discard, lifting a card,
        turning the discard over when the source is empty.  Announcements are
        only those strict play allows."""
        strict = self.strict_moves(state)
        p = state.to_move
        assert p is not None
        g = self.geometry(state.players)
        piles = state.piles
        mv = self.card_moves
        hb, hs = self.foundation_count, self.house_source
        fits = self._fits(piles)
        wants, gap, _ = self._wants(state, g)
        turned = piles[g.turned[p]]
        free: list[tuple[int, int, int]] = []  # (source code, card, edge pile or -1)
        if turned:
            free.append((self._src_turned, turned[-1], -1))
        else:
            free += [(code, card, -1) for code, card in self._own_sources(state, g, p)]
            for h in range(g.edges):
                pile = piles[hb + h]
                if len(pile) > state.down[hb + h]:
                    free.append((hs + h, pile[-1], h))
        packs = self._pack_tops(state, g, p)
        extra: list[Move | None] = []
        for code, card, h in free:
            row = mv[code]
            key = FKEY[card]
            if key in fits:
                extra.append(row[0])
            extra += [row[t + 1] for t in wants.get(self._hkey[card], ()) if t != h]
            if gap >= 0 and (h < 0 or len(piles[hb + h]) > 1):
                extra.append(row[gap + 1])
            if h < 0:
                extra += [row[t] for t, k in packs if key - k in (4, -4)]
        if turned:
            extra.append(self._special[END])
        elif state.info[I_GOAL]:
            pass  # an announced manoeuvre is played out (or abandoned) on the table first
        elif piles[g.hand[p]]:
            extra.append(self._special[DRAW])
        elif piles[g.discard[p]]:
            extra.append(self._special[FLIP])
        out = list(strict)
        seen = set(strict)
        for m in extra:
            if m is not None and m not in seen:
                seen.add(m)
                out.append(m)
        return tuple(out)

    def fault_violation(self, state: State, move: Move) -> Violation:
        """The priority or condition (Z-5 to Z-18, Z-V1 ...) that ``move`` breaks."""
        return self._explain_strict(state, move)

    def resolve_call(self, window: State, before: State, caller: int) -> State:
        """Z-21: "Stop" -- the faulty move is taken back (a lifted card goes back
        on the source: move 7b is taken back whole); with an empty discard the
        top card of the source goes onto it; the caller's turn begins (the
        player's own, after a call of his own)."""
        tail = faults.window_tail(self, window)
        p = tail[faults.BY]
        g = self.geometry(before.players)
        piles = list(before.piles)
        down = list(before.down)
        hand, turned, discard = g.hand[p], g.turned[p], g.discard[p]
        if piles[turned]:
            piles[hand] = piles[hand] + piles[turned]
            piles[turned] = ()
        while not piles[discard] and piles[hand]:
            card = piles[hand][-1]
            piles[hand] = piles[hand][:-1]
            if card == JOKER_CARD:  # Z-V3: the joker is only set aside
                piles[g.aside] = (*piles[g.aside], card)
            else:
                piles[discard] = (card,)
        down[hand] = len(piles[hand])
        s = attrs.evolve(faults.strict_view(self, before), piles=tuple(piles), down=tuple(down))
        s = self.strict_apply(s, _END_TURN)
        if s.outcome is None:
            s = attrs.evolve(s, to_move=caller)
        return faults.pass_turn(self, s, tail[faults.SKIP], window.ply + 1)

    def fault_stands(self, state: State) -> State:
        """Z-21: a fault let pass during an announced manoeuvre ends the
        announcement (the player broke off the manoeuvre)."""
        if state.info[I_GOAL] and state.outcome is None:
            info = list(state.info)
            info[I_GOAL] = info[I_TARGET] = info[I_BUDGET] = 0
            return attrs.evolve(state, info=tuple(info))
        return state

    def skip_turn(self, state: State) -> State:
        """Z-21: the player to move misses the turn (a wrong "Stop" before)."""
        return self.strict_apply(state, _END_TURN)


_END_TURN: Final = Move(-1, PASS, 0, 0, "pass")
"""Ends the turn of the player to move in :meth:`ClassicZank.strict_apply` (a call
or a missed turn; not a move of the action space)."""
