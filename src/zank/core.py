"""The core every variant stands on: states, moves, results and the rules base class.

A game is played through a *rules object* (one per variant and option set):

>>> import zank
>>> rules = zank.variant("spite-and-malice")
>>> state = rules.new_game(seed=7)
>>> move = rules.legal_moves(state)[0]
>>> after = rules.apply(state, move)
>>> after is not state and rules.apply(state, move) == after
True

States are generic: every variant keeps its cards in *piles* (tuples of card
ids, bottom to top) laid out by :meth:`Rules.layout`, a count of face-down
cards at the bottom of each pile, whose decision it is, and a few
variant-defined integers (``phase`` and ``info``).  That one shape gives every
variant JSON, observations, determinization and rendering for free.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs
from attrs import field, frozen

from zank._invariants import check_counters, check_observation, check_outcome, check_piles
from zank._options import BOOL_OPTION, OptionValidator, option_validator
from zank._values import HIDDEN as _HIDDEN
from zank._values import MAX_STATE_INT as _MAX_STATE_INT
from zank._values import (
    Move,
    Observation,
    PileSpec,
    Result,
    State,
    Termination,
    Violation,
    _is_int,
    _make_observation,
    _multiset_diff,
    _seed,
)
from zank.cards import Card, cards_text
from zank.errors import IllegalMove, InvalidState, NotationError, OptionError, quote
from zank.playouts import Playouts
from zank.playouts import playouts as _playouts
from zank.position import parse_position as _parse_position
from zank.position import position_text as _position_text
from zank.position import setup as _setup
from zank.random import Rng, fresh_seed

try:  # the C types of the compiled build (Cython's pure-Python mode)
    import cython

    if not cython.compiled:  # an installed Cython's stand-in: zank's own instead
        raise ImportError
except ImportError:  # pure Python: the declarations change nothing
    from zank import _nocython as cython  # type: ignore[no-redef]

if TYPE_CHECKING:
    from zank.working import Working

#: The C index type of the compiled build's ``@cython.locals`` lists (an ``int`` in pure Python).
_Int = cython.typedef(cython.Py_ssize_t)

#: The value that stands for a card a player cannot see, in observations.
HIDDEN = _HIDDEN
#: The largest magnitude of the integers of a state (counters, points, ``ply``):
#: what JSON readers in every language hold exactly.  :meth:`Rules.validate`
#: refuses larger ones (no game comes near: a state at this ``ply`` cannot take
#: another move and stay valid).
MAX_STATE_INT = _MAX_STATE_INT

__all__ = [
    "BOOL_OPTION",
    "HIDDEN",
    "MAX_STATE_INT",
    "Move",
    "Observation",
    "OptionValidator",
    "PileSpec",
    "Result",
    "Rules",
    "State",
    "Termination",
    "Violation",
    "option_validator",
]


@frozen(cache_hash=True, kw_only=True)
class Rules:
    """The base class of every variant's rules object.

    Subclasses are frozen attrs classes whose fields are the variant's
    options; they set the class variables and implement the ``_hooks``.
    Rules objects are immutable and hashable; equal options give equal rules.
    """

    name: ClassVar[str] = ""
    """The registry key of the variant."""
    min_players: ClassVar[int] = 2
    """The fewest seats :meth:`new_game` accepts."""
    max_players: ClassVar[int] = 2
    """The most seats :meth:`new_game` accepts."""
    presets: ClassVar[tuple[Mapping[str, Any], ...]] = ({},)
    """Option sets that the contract test suite checks (the default first)."""
    owned_decks: ClassVar[bool] = False
    """Each player plays with a deck of their own, told apart by its back
    (:attr:`zank.cards.Card.deck`); the renderers draw each deck's back in its
    own colour.  ``False``: one back colour for every card."""
    move_kinds: ClassVar[type[enum.IntEnum]]
    """The variant's move kinds, an :class:`~enum.IntEnum` (``Kind.TURN`` …);
    every ``Move.kind`` of its action space is a member."""
    greedy_policy: ClassVar[str | None] = None
    """Where the variant's greedy policy lives, as ``"package.module:function"``
    (a function ``policy(rules, observation, legal_moves, rng) -> move``);
    :class:`~zank.agents.GreedyAgent` imports it on first use, so that the rules
    module need not import its policy.  ``None``: the variant has none."""

    _moves: tuple[Move, ...] = field(init=False, default=(), eq=False, hash=False, repr=False)
    _by_text: dict[str, Move] = field(init=False, default=None, eq=False, hash=False, repr=False)
    _layouts: dict[int, Any] = field(init=False, default=None, eq=False, hash=False, repr=False)
    _legal_cache: list[Any] = field(init=False, default=None, eq=False, hash=False, repr=False)
    _memo: dict[Any, Any] = field(init=False, default=None, eq=False, hash=False, repr=False)
    _unseen_cache: list[Any] = field(init=False, default=None, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        moves = tuple(self._build_moves())
        for i, m in enumerate(moves):
            if m.action != i:
                raise AssertionError(f"{self.name}: move {m.text!r} has action {m.action}, not {i}")
        by_text = {m.text.lower(): m for m in moves}
        if len(by_text) != len(moves):
            raise AssertionError(f"{self.name}: move notations are not unique")
        object.__setattr__(self, "_moves", moves)
        object.__setattr__(self, "_by_text", by_text)
        object.__setattr__(self, "_layouts", {})
        object.__setattr__(self, "_legal_cache", [None])
        object.__setattr__(self, "_memo", {})  # answers that depend on the seat count only
        object.__setattr__(self, "_unseen_cache", [None])  # sample_state's last observation

    # ------------------------------------------------------------------ hooks
    def _build_moves(self) -> Iterable[Move]:
        """Every move of the action space, in action order.

        Notation is looked up case-insensitively in ``self._by_text``; a
        subclass may add aliases there in its ``__attrs_post_init__`` (after
        calling the base's), e.g. ``10-b1`` for ``t-b1``.
        """
        raise NotImplementedError

    def _layout(self, players: int) -> tuple[PileSpec, ...]:
        """The piles of a game with ``players`` seats."""
        raise NotImplementedError

    def _cards(self, players: int) -> tuple[int, ...]:
        """Every card of a game with ``players`` seats."""
        raise NotImplementedError

    def _deal(self, rng: Rng, players: int) -> State:
        """The start state, shuffled with ``rng``."""
        raise NotImplementedError

    def _legal(self, state: State) -> tuple[Move, ...]:
        """The legal moves of a running game, in a deterministic order."""
        raise NotImplementedError

    def _apply(self, state: State, move: Move) -> State:
        """Apply a move already known to be legal."""
        raise NotImplementedError

    def _kernel_moves(self, w: Working) -> Sequence[Move]:
        """The legal moves on the working position ``w`` (:mod:`zank.working`),
        as :meth:`_legal` lists them, ``w`` unchanged.  The default asks
        :meth:`_legal` of the state ``w`` stands for."""
        return self._legal(w.state())

    def _kernel_play(self, w: Working, move: Move) -> None:
        """Carry out the legal ``move`` on ``w`` in place, as :meth:`_apply`
        does to a state.  The default loads what :meth:`_apply` returns."""
        w.load(self._apply(w.state(), move))

    def _explain(self, state: State, move: Move) -> Violation:
        """Why ``move`` (not legal in ``state``) is illegal; override for detail."""
        return Violation("legal", f"{move.text} is not a legal move now")

    def _validate(self, state: State) -> None:
        """Variant invariants of a state; raise :class:`~zank.errors.InvalidState`."""

    def _opening_seat(self, state: State, rng: Rng) -> int:
        """The seat that begins a game dealt as ``state`` by the variant's
        opening rule, ``rng`` deciding what the rule leaves to chance (a cut,
        a reshuffle on a tie): what ``_deal`` does to choose ``to_move``.
        The default: the variant has no opening rule to ask."""
        raise OptionError(f"{self.name} does not say who begins a deal (no _opening_seat)")

    def rng_matters(self, state: State) -> bool:
        """Whether the generator state :attr:`State.rng` can still decide
        anything in the game (a reshuffle during play).  Position text writes
        it only then (:meth:`position_text`).  The default: while the game
        runs; variants that draw from it only to deal say never."""
        return state.outcome is None

    # ------------------------------------------------------------- public API
    @property
    def options(self) -> dict[str, Any]:
        """The option values of this rules object, by name."""
        return {a.name: getattr(self, a.name) for a in attrs.fields(type(self)) if a.init}

    def layout(self, players: int = 2) -> tuple[PileSpec, ...]:
        """The piles of a game with ``players`` seats, in state order."""
        entry = self._layouts.get(players)
        if entry is None:
            self._check_players(players)
            specs = self._layout(players)
            index = {p.label: i for i, p in enumerate(specs)}
            # which piles each seat cannot see (observe reads it a move)
            hidden = tuple(
                tuple(spec.private and spec.owner != seat for spec in specs)
                for seat in range(players)
            )
            entry = (specs, index, hidden)
            self._layouts[players] = entry
        return entry[0]

    def turnover_refills(self) -> tuple[tuple[str, str], ...]:
        """The seat piles that, once empty, are refilled by turning another pile
        of the same seat over, without shuffling: ``(kind, source kind)`` pairs
        of the layout's pile kinds (:class:`PileSpec`).  The refilled pile holds
        the source's cards in reverse order (``pile = source[::-1]``: the
        source's bottom card on top), and its order changes in no other way:
        cards only leave it from the top.  A player who saw the source face up
        knows the refilled pile's order from then on, so
        :class:`~zank.agents.SearchAgent` remembers it
        (:mod:`zank.agents.memory`).  The default, ``()``: no pile is refilled
        so (every hidden place is dealt anew in a search's worlds).

        >>> import zank
        >>> zank.variant("zank-104").turnover_refills()
        (('talon', 'second-talon'),)
        >>> zank.variant("spite-and-malice").turnover_refills()
        ()
        """
        return ()

    def pile_index(self, players: int, label: str) -> int:
        """The index in :attr:`State.piles` of the pile with ``label``."""
        self.layout(players)
        try:
            return self._layouts[players][1][label]  # type: ignore[no-any-return]
        except KeyError:
            labels = ", ".join(p.label for p in self.layout(players))
            raise KeyError(f"no pile {label!r}; the piles are: {labels}") from None

    def info_of(self, state: State | Observation) -> tuple[int, ...]:
        """The variant's :attr:`State.info` integers by name, read from a state
        or an observation: a :class:`~typing.NamedTuple` of the variant (its
        own counters; table mode's tail is read by
        :func:`zank.family.faults.window_tail`).  ``state.info`` itself stays
        a plain tuple, what JSON holds and the hot paths index.  The base
        class names nothing: it returns ``state.info``."""
        return state.info

    def max_plies(self, players: int = 2) -> int | None:
        """The most moves a game of these rules with ``players`` seats can last,
        where the variant's rules page proves a bound ("Every game ends"), else
        ``None`` (the default: no bound proved).  The adapters take it as the
        game's ``max_game_length`` (:mod:`zank.adapters.conventions`).

        >>> import zank
        >>> zank.variant("zank-detailed").max_plies(2)  # ZD-19: 105 * 200 turns of 209 * 52 moves
        228228000
        >>> zank.variant("spite-and-malice").max_plies(2) is None
        True
        """
        return None

    def info_size(self, players: int = 2) -> int:
        """The most :attr:`State.info` integers a state of this rules object has.

        Fixed-size encodings (the RL adapters) size their room for ``info``
        from this.  The default is the length in a fresh deal; variants whose
        ``info`` grows during play (table mode) override it.
        """
        key = ("info_size", players) if type(players) is int else None
        size = self._memo.get(key)
        if size is None:
            size = len(self.new_game(seed=0, players=players).info)
            if key is not None:
                self._memo[key] = size
        return size

    def cards(self, players: int = 2) -> tuple[int, ...]:
        """Every card of a game with ``players`` seats, sorted."""
        self._check_players(players)
        key = ("cards", players)
        cards = self._memo.get(key)
        if cards is None:
            cards = self._memo[key] = tuple(sorted(self._cards(players)))
        return cards

    def new_game(self, seed: int | None = None, players: int = 2) -> State:
        """Deal a new game.

        The same ``seed`` deals the same game on every platform (see
        :mod:`zank.random`); ``None`` draws a seed of 64 bits from the operating
        system (:mod:`secrets`), which is what a game server should do: seeds
        that a client can guess (small numbers, game ids) let it compute the
        hidden cards.

        Raises:
            OptionError: ``seed`` is not an int from 0 to 2**64 - 1 (or
                ``None``), or the variant is not played by ``players`` seats.
        """
        self._check_players(players)
        return self._deal(Rng(fresh_seed() if seed is None else _seed(seed)), players)

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """Every legal move in ``state``, in a deterministic order; ``()`` when over."""
        entry = self._legal_cache[0]
        if entry is not None and entry[0] is state:
            return entry[1]  # type: ignore[no-any-return]
        if type(state) is not State or state.rules is not self:  # the fast test first
            self._check_own(state)
        moves = () if state.outcome is not None else self._legal(state)
        self._legal_cache[0] = (state, moves)
        return moves

    def is_legal(self, state: State, move: Move) -> bool:
        """Whether ``move`` is legal in ``state``."""
        return move in self.legal_moves(state)

    def check(self, state: State, move: Move) -> Violation | None:
        """``None`` if ``move`` is legal in ``state``, else the rule it breaks."""
        if move in self.legal_moves(state):
            return None
        if state.outcome is not None:
            return Violation("over", "the game is over: no move is legal")
        if not isinstance(move, Move) or not self._is_own_move(move):
            return Violation("notation", f"{quote(move)} is not a move of {self.name}")
        return self._explain(state, move)

    def apply(self, state: State, move: Move) -> State:
        """The state after ``move``; ``state`` itself is unchanged.

        Raises:
            IllegalMove: the move is not legal in ``state`` (the message says
                which rule it breaks).
        """
        for m in self.legal_moves(state):
            # prebuilt moves: an identity scan avoids attrs' __eq__ on every
            # earlier move; a value-equal move made elsewhere is found below
            if m is move:
                return self._apply(state, move)
        return self._apply(state, self._legal_equal(state, move))

    def playouts(
        self,
        state: State,
        n: int,
        *,
        policy: str | Sequence[str] = "random",
        seed: int | None = None,
        max_moves: int | None = None,
        keep_moves: bool = False,
        keep_finals: bool = False,
    ) -> Playouts:
        """Play ``n`` games from ``state`` to their end: their results and lengths.

        The building block of MCTS rollouts and large simulations: every seat
        plays ``policy`` (``"random"`` or ``"greedy"``, or one name per seat),
        through the same rule functions as :meth:`legal_moves` and :meth:`apply`
        but without their per-call checks.  Playout ``i`` gives seat ``p`` the
        generator ``Rng((seed + i) * 64 + p)``, what :func:`zank.simulate.run`
        gives that seat's agent in the game of seed ``seed + i``; so it is the
        game that the per-move API plays with ``RandomAgent((seed + i) * 64 + p)``
        (or ``GreedyAgent``) in each seat (:mod:`zank.playouts`).  ``max_moves``
        stops each game after that many moves (its result is then ``None``);
        ``keep_moves`` keeps each game's moves, ``keep_finals`` its last state.

        >>> import zank
        >>> rules = zank.variant("spite-and-malice")
        >>> out = rules.playouts(rules.new_game(seed=1), 3, seed=5)
        >>> len(out.results), all(r is not None for r in out.results)
        (3, True)

        Raises:
            OptionError: ``n``, ``seed`` or ``max_moves`` is not an int >= 0,
                or ``policy`` is not a known policy (one per seat).
            ZankError: the greedy policy is asked of a variant that has none.
        """
        return _playouts(
            self,
            state,
            n,
            policy=policy,
            seed=seed,
            max_moves=max_moves,
            keep_moves=keep_moves,
            keep_finals=keep_finals,
        )

    def result(self, state: State) -> Result | None:
        """``None`` while the game runs, else how it ended."""
        if type(state) is not State or state.rules is not self:
            self._check_own(state)
        return state.outcome

    @property
    def action_space(self) -> int:
        """The number of actions (moves) of this rules object."""
        return len(self._moves)

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move of the action space, indexed by action."""
        return self._moves

    def encode(self, move: Move) -> int:
        """The action id of ``move`` (``0 <= id < action_space``)."""
        if not self._is_own_move(move):
            raise IllegalMove(f"{quote(move)} is not a move of {self.name}", "notation")
        return move.action

    def decode(self, state: State, action: int) -> Move:
        """The move with action id ``action``; it must be legal in ``state``."""
        if not isinstance(action, int) or not 0 <= action < len(self._moves):
            raise IllegalMove(
                f"action {quote(action)} is outside the action space 0..{len(self._moves) - 1}",
                "notation",
            )
        move = self._moves[action]
        for m in self.legal_moves(state):
            if m is move:
                return move
        return self._legal_equal(state, move)

    def action_mask(self, state: State) -> bytes:
        """One byte per action: 1 where the action is legal in ``state``."""
        mask = bytearray(len(self._moves))
        for m in self.legal_moves(state):
            mask[m.action] = 1
        return bytes(mask)

    def parse_move(self, state: State, text: str) -> Move:
        """Read move notation (case-insensitive) and check it is legal in ``state``.

        Raises:
            NotationError: the text is no move of this variant.
            IllegalMove: it is a move, but not legal now.
        """
        move = self._by_text.get(text.strip().lower()) if isinstance(text, str) else None
        if move is None:
            raise NotationError(
                f"{quote(text)} is not a move of {self.name}; legal now: "
                + (", ".join(m.text for m in self.legal_moves(state)) or "none (game over)")
            )
        if move not in self.legal_moves(state):
            v = self.check(state, move)
            assert v is not None
            raise IllegalMove(str(v), v.rule)
        return move

    def position_text(self, state: State) -> str:
        """``state`` as one line of text, the family's FEN (:mod:`zank.position`).

        Every pile by its label with its cards bottom to top (``|`` after the
        face-down ones), whose turn it is, the counters, ``ply`` and ``turn``,
        the outcome, and the generator state while :meth:`rng_matters`; the
        options are not in it (they belong to the rules object).

        >>> import zank
        >>> rules = zank.variant("zank-104")
        >>> state = rules.new_game(seed=7)
        >>> text = rules.position_text(state)
        >>> text[:40]
        'zank-104/2 h1[4d] h2[5c] h3[Jh] h4[3s] h'
        >>> rules.position_text(rules.parse_position(text)) == text
        True

        Raises:
            InvalidState: ``state`` is not a state of this rules object.
        """
        return _position_text(self, state)

    def parse_position(self, text: str) -> State:
        """The state of a position text made by :meth:`position_text`.

        ``parse_position(position_text(s)) == s`` for every valid state
        ``s`` whose generator state is written or 0 (see
        :meth:`rng_matters`); otherwise it equals ``s`` with ``rng`` 0.  The
        options are not part of the text: a position written under other
        options is checked against this rules object's invariants (those of
        :func:`zank.loads`) and refused when it breaks one.

        Raises:
            NotationError: the text is not position text (the message gives
                the character offset).
            InvalidState: it is, but not a valid state of this rules object
                (another variant, an impossible position).
        """
        return _parse_position(self, text)

    def setup(
        self,
        piles: Mapping[str, str] | None = None,
        *,
        players: int = 2,
        to_move: int | None = 0,
        down: Mapping[str, int] | None = None,
        seed: int | None = None,
        turn: int = 1,
        ply: int | None = None,
        **counters: int,
    ) -> State:
        """A hand-made position: the piles named in ``piles`` exactly, the
        rest as the variant deals.

        ``piles`` maps pile labels to cards, bottom to top
        (``{"build1": "Ad 2s 3h 4c"}``).  Every pile not named is dealt as
        :meth:`new_game` with ``seed`` deals it, a card that a named pile
        took replaced by one nobody named (of the same pack where each player
        has a pack of their own); the cards left then go where the
        variant keeps undealt cards: the piles a fresh deal lays wholly face
        down (draw pile, hand piles, talons; by owner where each player has
        a pack), or the piles whose text begins with ``"..."``
        (``{"draw": "... 7h 8h"}``: the rest at the bottom of the draw pile,
        under the 7 and the 8).  Face-down counts are those of a fresh deal
        (a pile dealt face down lies face down, a pile showing its top card
        shows it) unless ``down`` gives them; the counters are a fresh
        deal's unless given by name (``stale=3``, see :meth:`info_of`).
        ``to_move`` ``None`` asks :meth:`opening_seat`.  ``ply`` defaults to
        ``turn - 1`` (a move began every turn).

        >>> import zank
        >>> rules = zank.variant("spite-and-malice")
        >>> state = rules.setup({"build1": "Ac 2d 3h 4c", "p0.pay": "9d 6h"}, seed=1)
        >>> rules.piles(state)["p0.pay"], state.down[rules.pile_index(2, "p0.pay")]
        ((Card.parse('9d'), Card.parse('6h')), 1)

        Raises:
            OptionError: an unknown pile label or counter, a bad ``seed``,
                ``players``, ``turn`` or ``ply``.
            NotationError: a card that is no card notation.
            InvalidState: a card named twice or not in the game, cards left
                with no place to go, or a position that breaks an invariant
                of the variant (the checks of :func:`zank.loads`).
        """
        return _setup(
            self,
            piles,
            players=players,
            to_move=to_move,
            down=down,
            seed=seed,
            turn=turn,
            ply=ply,
            counters=counters,
        )

    def opening_seat(self, state: State, *, seed: int | None = None) -> int:
        """The seat that begins a game dealt as ``state``, by the variant's
        opening rule (its rules page says which): what :meth:`new_game`
        decides after dealing.  ``seed`` decides what the rule leaves to
        chance (a cut, reshuffled piles on a tie; ``None``: a fresh seed).

        The rule reads the piles as they lie; it is meant for a deal
        (``ply`` 0), e.g. one made by :meth:`setup`.

        Raises:
            InvalidState: ``state`` is not a state of this rules object.
            OptionError: a bad ``seed``, or a variant without an opening rule.
        """
        self._check_own(state)
        return self._opening_seat(state, Rng(fresh_seed() if seed is None else _seed(seed)))

    def piles(self, state: State) -> dict[str, tuple[Card, ...]]:
        """Every pile by label, bottom to top, as :class:`~zank.cards.Card` objects."""
        self._check_own(state)
        return {
            spec.label: tuple(Card(c) for c in cards)
            for spec, cards in zip(self.layout(state.players), state.piles, strict=True)
        }

    @cython.locals(i=_Int, down=_Int)
    def observe(self, state: State, player: int) -> Observation:
        """What ``player`` may see: face-down and other seats' private cards are hidden.

        Raises:
            OptionError: ``player`` is not a seat of the game.
            InvalidState: ``state`` is not a state of this rules object.
        """
        if type(state) is not State or state.rules is not self:  # the fast test first
            self._check_own(state)
        players = state.players
        if type(player) is not int or not 0 <= player < players:
            self._check_seat(players, player)
        entry = self._layouts.get(players)
        if entry is None:
            self.layout(players)
            entry = self._layouts[players]
        hidden = entry[2][player]
        shown, downs = state.piles, state.down
        if len(shown) != len(hidden) or len(downs) != len(hidden):
            raise InvalidState(
                f"the state has {len(shown)} piles and {len(downs)} face-down counts; "
                f"a game of {players} players has {len(hidden)} piles"
            )
        piles = list(shown)
        for i in range(len(piles)):
            if hidden[i]:
                piles[i] = (HIDDEN,) * len(shown[i])
            else:
                down = downs[i]
                if down:
                    piles[i] = (HIDDEN,) * down + shown[i][down:]
        # Observation.of(state, player, piles), without its call
        return _make_observation(
            player,
            players,
            tuple(piles),
            downs,
            state.to_move,
            state.phase,
            state.info,
            state.ply,
            state.turn,
            state.outcome,
            state.rules,
        )

    def sample_state(self, observation: Observation, seed: int | None = None) -> State:
        """A full state consistent with ``observation`` (for determinized search).

        The cards the observer cannot see are dealt at random into the hidden
        places; everything visible stays as it is.  The observer's observation
        of the result equals ``observation``.

        The observation's shape and cards are checked (one place per card the
        observer has not seen), not the variant's invariants: call
        :meth:`validate` on the result when the observation comes from
        outside the program.

        Raises:
            InvalidState: ``observation`` is not an observation of this rules
                object, or its cards do not add up to the game's.
            OptionError: ``seed`` is not ``None`` or an int from 0 to 2**64 - 1.
        """
        rng = Rng(fresh_seed() if seed is None else _seed(seed))
        specs, unseen = self._unseen(observation)
        remaining = list(unseen)
        rng.shuffle(remaining)
        it = iter(remaining)
        piles = tuple(
            tuple(sorted(next(it) for _ in cards))
            if spec.sorted and cards and cards.count(HIDDEN) == len(cards)
            else tuple(next(it) if c == HIDDEN else c for c in cards)
            for spec, cards in zip(specs, observation.piles, strict=True)
        )
        return world_state(self, observation, piles, rng.next64())

    def _unseen(self, observation: Observation) -> tuple[tuple[PileSpec, ...], tuple[int, ...]]:
        """The layout of ``observation`` and the cards its player has not seen,
        in the game's card order, after :meth:`sample_state`'s checks.  A
        search samples many worlds of one observation: the answer for the last
        observation asked is kept (an observation is immutable, so the same
        object has the same answer)."""
        kept = self._unseen_cache[0]
        if kept is not None and kept[0] is observation:
            return kept[1], kept[2]
        specs = check_observation(self, observation)
        players = observation.players
        game_cards = list(self.cards(players))
        seen = [c for pile in observation.piles for c in pile if c != HIDDEN]
        hidden = sum(len(pile) for pile in observation.piles) - len(seen)
        remaining = _multiset_diff(game_cards, seen)  # in the game's card order
        extra = sorted(set(_multiset_diff(seen, game_cards)))
        if hidden != len(remaining) or extra:
            raise InvalidState(
                f"the observation shows {hidden} hidden places for the "
                f"{len(remaining)} cards its player has not seen"
                + (
                    f", and cards the game does not have: {quote(cards_text(extra))}"
                    if extra
                    else ""
                )
            )
        unseen = tuple(remaining)
        self._unseen_cache[0] = (observation, specs, unseen)
        return specs, unseen

    def validate(self, state: State) -> None:
        """Check every invariant of ``state``.

        The checks every variant shares: the layout, card conservation, the
        face-down counts, whose turn it is, the generator state (0 to
        2**64 - 1), ``ply`` and ``turn`` (every turn after the first begins
        with a move: ``1 <= turn <= ply + 1``), integers at most
        :data:`MAX_STATE_INT` in size, ``info`` no longer than
        :meth:`info_size`, an outcome only with nobody to move and, while the
        game runs, a legal move.  Then the variant's own checks (``_validate``):
        what it can derive from the position (the outcome, the face-down
        structure of each pile kind, the ranges of its counters).

        Raises:
            InvalidState: an invariant fails; the message says which and where.
        """

        check_piles(self, state)
        check_counters(self, state)
        check_outcome(state)
        self._validate(state)
        if state.outcome is None and not self._legal(state):
            raise InvalidState(
                "the game is running but no move is legal: the rules end a game before that"
            )

    def touched_piles(
        self, after: State | Observation, move: Move
    ) -> tuple[frozenset[int], int | None]:
        """The piles ``move`` touched and the seat that made it, told from the
        move and the position ``after`` it (a state or an observation).

        Renderers outline these piles for the last move when they are not
        given the state before it.  The answer may leave out piles it cannot
        tell (never name one the move left alone).  A variant answers in
        ``_touched`` with its own geometry; the default tells nothing:
        ``(frozenset(), None)``.

        Raises:
            IllegalMove: ``move`` is not a move of this rules object.
            InvalidState: ``after`` is not a state or observation of it.
        """
        if isinstance(after, Observation):
            check_observation(self, after)
        else:
            self._check_own(after)
        if not self._is_own_move(move):
            raise IllegalMove(f"{quote(move)} is not a move of {self.name}", "notation")
        return self._touched(after, move)

    def _touched(self, after: State | Observation, move: Move) -> tuple[frozenset[int], int | None]:
        """:meth:`touched_piles` of a checked position and move (a variant hook)."""
        return frozenset(), None

    # ---------------------------------------------------------------- helpers
    def _legal_equal(self, state: State, move: Move) -> Move:
        """The legal move equal to ``move``, or raise :class:`IllegalMove`."""
        legal = self.legal_moves(state)
        if move in legal:
            return legal[legal.index(move)]
        v = self.check(state, move)
        assert v is not None
        raise IllegalMove(str(v), v.rule)

    def _check_own(self, state: object) -> None:
        """Refuse anything but a state of this rules object."""
        if not isinstance(state, State):
            raise InvalidState(f"expected a zank State, not {type(state).__name__}")
        if state.rules is not self and state.rules != self:
            raise InvalidState(
                f"the state belongs to {state.rules!r}, not to {self!r}: "
                "use the rules object that made it"
            )

    def _check_seat(self, players: int, player: object) -> None:
        if not _is_int(player) or not 0 <= player < players:
            raise OptionError(f"player must be a seat from 0 to {players - 1}, not {quote(player)}")

    def _check_players(self, players: int) -> None:
        if (
            not isinstance(players, int)
            or isinstance(players, bool)
            or not self.min_players <= players <= self.max_players
        ):
            allowed = (
                str(self.min_players)
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise OptionError(f"{self.name} is played by {allowed} players, not {quote(players)}")

    def _is_own_move(self, move: object) -> bool:
        return (
            isinstance(move, Move)
            and 0 <= move.action < len(self._moves)
            and self._moves[move.action] == move
        )


def world_state(
    rules: Rules, observation: Observation, piles: tuple[tuple[int, ...], ...], rng: int
) -> State:
    """The state of ``rules`` that ``observation`` shows, with ``piles`` (every
    hidden place filled) and the generator state ``rng``: what
    :meth:`Rules.sample_state` returns, for the samplers that fill the piles
    their own way (a variant's greedy policy)."""
    return State(
        rules=rules,
        players=observation.players,
        piles=piles,
        down=observation.down,
        to_move=observation.to_move,
        phase=observation.phase,
        info=observation.info,
        rng=rng,
        ply=observation.ply,
        turn=observation.turn,
        outcome=observation.outcome,
    )
