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
and ``Z-V3``), named by :class:`~zank.family.classic_common.ClassicInfo`:
``(goal, target, budget, removed, empties, stale, flags)``.
``State.phase`` is 0 in strict mode.  With ``table_mode=True`` (Z-21) a player
may break the priorities and conditions of the moves and anyone may call
"Stop" (``stop``); the phases and the info tail of table mode are those of
:mod:`zank.family.faults`.

The variant lives in four modules: this one (options, deal, legal moves,
``apply``, validation, table mode), :mod:`zank.family.manoeuvre` (the search
that decides moves 2 and 3 and the steps of a manoeuvre),
:mod:`zank.family.classic_explain` (why a move is refused) and
:mod:`zank.family.classic_common` (the codes they share: move kinds, ``info``
indices, goal codes, geometry).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Final

import attrs
from attrs import field, frozen

from zank.cards import (
    IS_JOKER,
    MAX_CARD,
    card_text,
    full_deck,
)
from zank.core import (
    BOOL_OPTION,
    Move,
    Observation,
    PileSpec,
    Result,
    State,
    Termination,
    Violation,
    option_validator,
)
from zank.errors import InvalidState, OptionError
from zank.family import classic_explain, faults
from zank.family.classic_common import (
    ASIDE,
    DRAW,
    EMPTY,
    END,
    F_PROGRESS,
    FLIP,
    FREE,
    GOAL_EMPTY,
    GOAL_FREE,
    I_BUDGET,
    I_EMPTIES,
    I_FLAGS,
    I_GOAL,
    I_REMOVED,
    I_STALE,
    I_TARGET,
    JOKER_CARD,
    LEARNING_PACK,
    PASS,
    START_INFO,
    THREE_PLAYER_SHARE,
    ClassicInfo,
    Config,
    Geometry,
    Kind,
)
from zank.family.fits import (
    FKEY,
    PACK_WANTS,
)
from zank.family.manoeuvre import ManoeuvreSearch, edge_wants
from zank.family.table import CARD, DISCARD, HAND, TURNED, FamilyTable
from zank.random import Rng
from zank.registry import register

__all__ = ["ClassicZank"]


@register
@frozen(cache_hash=True, kw_only=True)
class ClassicZank(FamilyTable):
    """Zank-Patience by the classic rules, for two or three players.

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

    A variant on these rules (:class:`~zank.family.schikanieren.Schikanieren`)
    sets the class variables (``seat_piles``, ``house_count``,
    ``same_suit_houses``, ``sources``, ``pack_targets``, ``first_turn_piles``)
    and overrides a few hooks: ``_special_moves`` (its extra moves),
    ``_deal_extra`` (what it deals besides the source), ``_own_sources`` (the
    own cards of moves 4 to 7a), ``_nothing_to_play`` (the moves when nothing
    is possible), ``_won``, ``_validate_extra``, ``source_name`` /
    ``target_name`` and ``_explain``.

    >>> import zank
    >>> rules = zank.variant("zank")
    >>> state = rules.new_game(seed=1)
    >>> len(state.pile("p0.hand")), len(state.pile("p0.discard")), state.pile("h1")
    (51, 1, ())
    """

    name = "zank"
    move_kinds = Kind
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
    house_word = "edge pile"  # Randstapel
    foundation_word = "centre pile"  # Mittestapel
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
    table_mode: bool = faults.table_mode_option()
    call_window: str = faults.call_window_option()

    _special: dict[int, Move] = field(init=False, default=None, eq=False, hash=False, repr=False)
    _free: dict[int, Move] = field(init=False, default=None, eq=False, hash=False, repr=False)
    _src_turned: int = field(init=False, default=1, eq=False, hash=False, repr=False)
    # the geometry of every player count the game has, built at construction
    _geos: dict[int, Geometry] = field(init=False, default=None, eq=False, hash=False, repr=False)
    # a single-entry memo, [(key, value)], read and written as one tuple (see _fits)
    _fits_memo: list[tuple[tuple[tuple[int, ...], ...], frozenset[int]]] = field(
        init=False, default=None, eq=False, hash=False, repr=False
    )
    _search: ManoeuvreSearch = field(init=False, default=None, eq=False, hash=False, repr=False)

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
        super(ClassicZank, self).__attrs_post_init__()
        special = {m.kind: m for m in self.moves if m.kind in (DRAW, END, FLIP, PASS)}
        object.__setattr__(self, "_special", special)
        object.__setattr__(self, "_free", {m.source: m for m in self.moves if m.kind == FREE})
        geos = {n: self._make_geometry(n) for n in range(self.min_players, self.max_players + 1)}
        object.__setattr__(self, "_geos", geos)
        object.__setattr__(self, "_src_turned", [k for _, k in self.sources].index(TURNED))
        object.__setattr__(self, "_fits_memo", [((), frozenset())])
        hs, edges = self.house_source, range(self.house_count)
        search = ManoeuvreSearch(
            same_suit=self.same_suit_houses,
            first_edge=self.foundation_count,
            step_moves=[[self.card_moves[hs + a][b + 1] for b in edges] for a in edges],
            free=self._free,
            empty=[m for m in self.moves if m.kind == EMPTY],
            advanced=self.advanced,
        )
        object.__setattr__(self, "_search", search)
        self._by_text["end"] = special[END]

    # ------------------------------------------------------------ the moves
    def _special_moves(self) -> Iterable[tuple[int, str]]:
        return ((DRAW, "draw"), (END, "t-d"), (FLIP, "flip"), *faults.special_moves(self))

    def _build_moves(self) -> Iterable[Move]:
        n = 0
        for m in super(ClassicZank, self)._build_moves():
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
            self.layout(players)  # raises: the game has no such player count
            raise AssertionError(players)  # pragma: no cover - _geos holds every count
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
        info = faults.start_info(self, START_INFO)  # Z-21: table mode's tail
        return State.dealt(self, players, piles, down, starter, rng.state, info)

    def _opening_seat(self, state: State, rng: Rng) -> int:
        """Z-3: ``first_player``, or a seat drawn by lot (as :meth:`_deal` does)."""
        if self.first_player is not None:
            return self.first_player
        return rng.below(state.players)

    def _deal_extra(
        self, piles: list[tuple[int, ...]], down: list[int], g: Geometry, p: int, share: list[int]
    ) -> list[int]:
        """Deal what a variant lays out besides the source; return the rest."""
        return share

    # ---------------------------------------------------------- manoeuvres
    @property
    def manoeuvres(self) -> ManoeuvreSearch:
        """The manoeuvre search of this rules object (Z-9, Z-10)."""
        return self._search

    def _config(self, state: State) -> Config:
        """The edge piles of ``state`` as the manoeuvre search sees them: a
        removed pile is ``None`` and a face-down card is
        :data:`~zank.family.classic_common.HIDDEN_CARD`."""
        g = self._geos.get(state.players) or self.geometry(state.players)
        return self._search.config_of(state.piles, state.down, g.edges, state.info[I_REMOVED])

    def _gap_limit(self, state: State) -> int:
        return self.gap_limit(state.players, state.turn)

    def info_of(self, state: State | Observation) -> ClassicInfo:
        """The counters of ``state.info`` by name (Z-9, Z-10, Z-20, Z-V3)."""
        return ClassicInfo._make(state.info[: self.base_info])

    def gap_limit(self, players: int, turn: int) -> int:
        """How many edge piles may be non-empty in turn ``turn`` for a card to
        go onto an empty one (Z-18, Z-V2, Z-V3); 99 when there is no limit."""
        per = self.first_turn_piles
        if per is None or turn >= players:
            return 99
        if players == 3 or self.learning:
            per = 3
        return per * turn

    # ---------------------------------------------------------- legal moves
    def _own_sources(self, state: State, g: Geometry, p: int) -> list[tuple[int, int]]:
        """(source code, card) of the own piles that moves 4–7a play from."""
        d = state.piles[g.discard[p]]
        return [(0, d[-1])] if d else []

    def _pack_tops(self, state: State, g: Geometry, p: int) -> list[tuple[int, tuple[int, int]]]:
        """(target code, :data:`~zank.family.fits.PACK_WANTS` of the top) of every
        pile ``p`` may pack onto."""
        out = []
        for j, i in enumerate(g.packs[p]):
            if i >= 0:
                pile = state.piles[i]
                if pile:
                    out.append((self.pack_target + j, PACK_WANTS[pile[-1]]))
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
        """The :data:`~zank.family.fits.FKEY` of every card that fits a centre
        pile now (:meth:`~zank.family.table.FamilyTable.foundation_keys`)."""
        fnd = tuple(piles[0 : self.foundation_count])
        last = self._fits_memo[0]  # one read: threads may share the rules object
        if last[0] == fnd:  # the same pile objects compare at once
            return last[1]
        out = frozenset(self.foundation_keys(fnd))
        self._fits_memo[0] = (fnd, out)
        return out

    def _wants(self, state: State, g: Geometry) -> tuple[dict[int, list[int]], int, int]:
        """Non-empty edge piles by the key they take, the first empty edge pile
        in play (``-1``: none) and the number of non-empty edge piles
        (:func:`~zank.family.manoeuvre.edge_wants`)."""
        hb = self.foundation_count
        edges = state.piles[hb : hb + g.edges]
        return edge_wants(edges, self._house_want, state.info[I_REMOVED] - 1)

    def _placements(self, state: State, g: Geometry, p: int, card: int) -> tuple[Move, ...]:
        """Z-15: where the card lifted from the source must go."""
        row = self.card_moves[self._src_turned]
        key = FKEY[card]
        if key in self._fits(state.piles):
            return (row[0],)  # type: ignore[return-value]
        wants, gap, occupied = self._wants(state, g)
        ws = wants.get(self._house_key[card])
        if ws:
            return tuple(row[h + 1] for h in ws)  # type: ignore[misc]
        if gap >= 0 and occupied < self._gap_limit(state):
            return (row[gap + 1],)  # type: ignore[return-value]
        packs = tuple(row[t] for t, want in self._pack_tops(state, g, p) if key in want)
        if packs:
            return packs  # type: ignore[return-value]
        return (self._special[END],)

    def _play_moves(self, state: State, g: Geometry, p: int) -> tuple[Move, ...]:
        """The moves with no lifted card: move 1, the steps of an announced
        manoeuvre, moves 2 and 3, then :meth:`_own_moves`."""
        piles = state.piles
        info = state.info
        hb = self.foundation_count
        hs = self._house_source
        mv = self._card_moves
        fits = self._fits(piles)
        # move 1 (Z-8)
        found = []
        for h in range(g.edges):
            pile = piles[hb + h]
            if pile and len(pile) > state.down[hb + h] and FKEY[pile[-1]] in fits:
                found.append(mv[hs + h][0])
        if found:
            return tuple(found)  # type: ignore[arg-type]
        limit = 99 if state.turn >= state.players else self._gap_limit(state)
        removal = state.players == 3 and not info[I_REMOVED]
        search = self._search
        config = search.config_of(piles, state.down, g.edges, info[I_REMOVED])
        if info[I_GOAL]:  # the steps of an announced manoeuvre (Z-9, Z-10)
            aim = (info[I_GOAL], info[I_TARGET], limit, removal)
            return search.serving_steps(config, aim, info[I_BUDGET])
        budget = self.manoeuvre_steps
        # move 2 (Z-9): a covered face-up card that fits the centre
        free = search.free_announcements(config, fits, limit, removal, budget)
        if free:
            return free
        if info[I_EMPTIES] < self.empties_per_progress:  # move 3 (Z-10)
            empty = search.empty_announcements(config, limit, removal, budget)
            if empty:
                return empty
        return self._own_moves(state, g, p, fits, limit)

    def _own_moves(
        self, state: State, g: Geometry, p: int, fits: frozenset[int], limit: int
    ) -> tuple[Move, ...]:
        """Moves 4 to 8: the own cards (``fits``: the centre's keys; ``limit``:
        the first-turn limit of non-empty edge piles)."""
        mv = self._card_moves
        own = self._own_sources(state, g, p)
        level4 = [mv[s][0] for s, c in own if FKEY[c] in fits]  # move 4 (Z-11)
        if level4:
            return tuple(level4)  # type: ignore[arg-type]
        wants, gap, occupied = self._wants(state, g)
        hkey = self._house_key
        level5 = []  # move 5 (Z-12)
        for s, c in own:
            row = mv[s]
            for h in wants.get(hkey[c], ()):
                level5.append(row[h + 1])
        if level5:
            return tuple(level5)  # type: ignore[arg-type]
        if gap < 0:  # move 6 (Z-13): only while no edge pile is empty
            packs = self._pack_tops(state, g, p)
            level6 = [mv[s][t] for s, c in own for t, want in packs if FKEY[c] in want]
            if level6:
                return tuple(level6)  # type: ignore[arg-type]
        level7: list[Move] = []  # move 7a and 7b (Z-14)
        if gap >= 0 and occupied < limit:
            for s, _ in own:
                level7.append(mv[s][gap + 1])  # type: ignore[arg-type]
        piles = state.piles
        if piles[g.hand[p]]:
            level7.append(self._special[DRAW])
        if level7:
            return tuple(level7)
        if piles[g.discard[p]]:
            return (self._special[FLIP],)  # move 8 (Z-16)
        return self._nothing_to_play(state)

    def _nothing_to_play(self, state: State) -> tuple[Move, ...]:
        """The moves of a player with no move of the list (a hook: in zank such
        a player has won)."""
        raise AssertionError("a player with no source and no discard has won")  # pragma: no cover

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
        if kind == CARD:
            outcome = self._move_card(state, g, p, move, piles, down, info)
            if outcome is not None:
                to_move = None
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
        return state.successor(piles, down, to_move, tuple(info), turn, outcome)

    def _move_card(
        self,
        state: State,
        g: Geometry,
        p: int,
        move: Move,
        piles: list[tuple[int, ...]],
        down: list[int],
        info: list[int],
    ) -> Result | None:
        """Carry out card move ``move`` of seat ``p`` on the lists of ``state``'s
        piles, face-down counts and info; return the result if it wins."""
        hb = self.foundation_count
        hs = self._house_source
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
        elif t < self._pack_target:
            dst = hb + t - 1
            if s < hs:
                info[I_FLAGS] |= F_PROGRESS
                info[I_EMPTIES] = 0
        else:
            dst = g.packs[p][t - self._pack_target]
        piles[dst] = (*piles[dst], card)
        if s >= hs and not piles[src] and state.players == 3 and not info[I_REMOVED]:
            info[I_REMOVED] = s - hs + 1  # Z-V3: the first edge pile to empty is removed
        if info[I_GOAL]:
            step = s >= hs and 0 < t < self._pack_target
            if step:
                info[I_BUDGET] -= 1
            full = not step or hidden_before != down[src]
            # a step keeps the goal in reach, unless a face-down card turned up
            if full or info[I_GOAL] != GOAL_EMPTY or not piles[hb + info[I_TARGET]]:
                self._settle_goal(state, piles, down, info, full)
        if s < hs and self._won(piles, g, p):
            return Result(p, self._points(state.players, p), Termination.WENT_OUT)
        return None

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
        edges = self.geometry(state.players).edges
        if goal == GOAL_EMPTY:
            met = not piles[hb + target]
        else:
            met = any(pile and pile[-1] == target for pile in piles[hb : hb + edges])
        if met or (
            full
            and not self._search.reachable(
                self._search.config_of(piles, down, edges, info[I_REMOVED]),
                (
                    goal,
                    target,
                    self.gap_limit(state.players, state.turn),
                    state.players == 3 and not info[I_REMOVED],
                ),
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
        goal, target, budget, removed, empties, stale, flags = state.info
        if goal not in (0, GOAL_FREE, GOAL_EMPTY) or budget > self.manoeuvre_steps:
            raise InvalidState("info: no such announcement, or a budget above manoeuvre_steps")
        if not goal and (target or budget):
            raise InvalidState("info: a target and a budget belong to an announced manoeuvre")
        if empties > self.empties_per_progress or flags > F_PROGRESS:
            raise InvalidState("info: more move-3 announcements than Z-10 allows, or no such flag")
        if stale > min(self.no_progress_turns, state.turn - 1):  # one more per turn ended
            raise InvalidState(
                f"info: {stale} turns without progress, but {state.turn - 1} turns ended "
                f"(and no_progress_turns={self.no_progress_turns})"
            )
        if goal == GOAL_FREE and not (0 <= target < MAX_CARD and target in self._free):
            raise InvalidState("info: the announced card is no card of the game")
        if goal == GOAL_EMPTY and target >= g.edges:
            raise InvalidState("info: the announced edge pile does not exist")
        if removed > (g.edges if state.players == 3 else 0):
            raise InvalidState("info: only the three-player game removes an edge pile")
        if removed and piles[self.foundation_count + removed - 1]:
            raise InvalidState(f"h{removed}: a removed edge pile holds no cards")
        self.validate_layout(state, g.edges)
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
        if goal:
            self._validate_goal(state, g)
        self._validate_extra(state, g)
        self._validate_outcome(state, g)

    def _validate_goal(self, state: State, g: Geometry) -> None:
        """An announced manoeuvre is not met yet and can still be met with the
        steps left: a met one, or one out of reach, is cleared (Z-9, Z-10)."""
        goal, target, budget, removed = state.info[:4]
        piles = state.piles
        edges = piles[self.foundation_count : self.foundation_count + g.edges]
        if goal == GOAL_EMPTY:
            met = not edges[target]
        else:
            met = any(pile and pile[-1] == target for pile in edges)
        search = self._search
        if met or not search.reachable(
            search.config_of(piles, state.down, g.edges, removed),
            (goal, target, self._gap_limit(state), state.players == 3 and not removed),
            budget,
        ):
            raise InvalidState(
                "info: the announced manoeuvre is "
                + ("met" if met else "out of reach")
                + ": it would have been cleared (Z-9, Z-10)"
            )

    def _validate_outcome(self, state: State, g: Geometry) -> None:
        """The outcome is the one the rules give the position (Z-19, Z-20),
        recomputed: a seat without cards to get rid of has won; a game without
        progress is won by the fewest cards left."""
        piles = list(state.piles)
        gone = [q for q in range(state.players) if self._won(piles, g, q)]
        stale = state.info[I_STALE] >= self.no_progress_turns
        expected = None
        if len(gone) == 1:
            expected = Result(gone[0], self._points(state.players, gone[0]), Termination.WENT_OUT)
        elif not gone and stale:
            expected = self._no_progress_result(piles, g, state.players)
        self.check_outcome(state, gone, stale, expected, ("Z-19", "Z-20"))

    def _validate_extra(self, state: State, g: Geometry) -> None:
        """The variant's own invariants: zank's edge piles are dealt face up and
        no card turns down on them (Schikanieren's are checked by its own)."""
        for h in range(g.edges):
            i = self.foundation_count + h
            if state.down[i]:
                label = self.layout(state.players)[i].label
                raise InvalidState(f"{label}: the cards of an edge pile lie face up")

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
            extra += [row[t + 1] for t in wants.get(self._house_key[card], ()) if t != h]
            if gap >= 0 and (h < 0 or len(piles[hb + h]) > 1):
                extra.append(row[gap + 1])
            if h < 0:
                extra += [row[t] for t, want in packs if key in want]
        if turned:
            extra.append(self._special[END])
        elif self.info_of(state).goal:
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

    def _explain_strict(self, state: State, move: Move) -> Violation:
        """Why strict play does not allow ``move`` (table mode: the fault it
        is): :func:`zank.family.classic_explain.explain_strict`."""
        return classic_explain.explain_strict(self, state, move)

    def fault_violation(self, state: State, move: Move) -> Violation:
        """The priority or condition (Z-5 to Z-18, Z-V1 ...) that ``move`` breaks."""
        return self._explain_strict(state, move)

    def resolve_call(self, window: State, before: State, caller: int) -> State:
        """Z-21: "Stop" -- the faulty move is taken back (a lifted card goes back
        on the source: move 7b is taken back whole); with an empty discard the
        top card of the source goes onto it; the caller's turn begins (the
        player's own, after a call of his own)."""
        tail = faults.window_tail(self, window)
        p = tail.by
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
        return faults.pass_turn(self, s, tail.skip, window.ply + 1)

    def fault_stands(self, state: State) -> State:
        """Z-21: a fault let pass during an announced manoeuvre ends the
        announcement (the player broke off the manoeuvre)."""
        info = self.info_of(state)
        if info.goal and state.outcome is None:
            return attrs.evolve(state, info=tuple(info._replace(goal=0, target=0, budget=0)))
        return state

    def skip_turn(self, state: State) -> State:
        """Z-21: the player to move misses the turn (a wrong "Stop" before)."""
        return self.strict_apply(state, _END_TURN)


_END_TURN: Final = Move(-1, PASS, 0, 0, "pass")
"""Ends the turn of the player to move in :meth:`ClassicZank.strict_apply` (a call
or a missed turn; not a move of the action space)."""
