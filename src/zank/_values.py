"""The values of a game: states, observations, moves, results and the constants
they use; their public home is :mod:`zank.core`, which re-exports them.

They live below :mod:`zank.core` (which holds the rules base class) so that the
modules the rules object calls on (the working position, playouts, the shared
checks, the renderers) can build and read them without importing the rules
class: no import circle runs through the core.  Each public class says
``zank.core`` as its module, so pickles, ``repr`` and the API reference name it
where users import it.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, TypeGuard

from attrs import field, fields, frozen

from zank.errors import OptionError, quote
from zank.random import MASK64

try:  # the C types of the compiled build (Cython's pure-Python mode)
    import cython

    if not cython.compiled:  # an installed Cython's stand-in: zank's own instead
        raise ImportError
except ImportError:  # pure Python: the declarations change nothing
    from zank import _nocython as cython  # type: ignore[no-redef]

try:  # CPython's C API, which only the compiled build reaches (see new_state)
    from cython.cimports.cpython.object import PyObject, PyTypeObject
    from cython.cimports.cpython.ref import Py_INCREF
except (ImportError, AttributeError):  # pure Python: new_state builds a State through attrs
    # (without Cython an ImportError; beside an installed Cython, whose
    # pure-Python stand-in for cimports raises AttributeError instead)
    pass

if TYPE_CHECKING:
    from zank.core import Rules

__all__ = [
    "HIDDEN",
    "MAX_STATE_INT",
    "Move",
    "Observation",
    "PileSpec",
    "Result",
    "State",
    "Termination",
    "Violation",
]

#: The value that stands for a card a player cannot see, in observations.
HIDDEN = -1
#: The largest magnitude of the integers of a state (counters, points, ``ply``):
#: what JSON readers in every language hold exactly.  :meth:`Rules.validate`
#: refuses larger ones (no game comes near: a state at this ``ply`` cannot take
#: another move and stay valid).
MAX_STATE_INT = (1 << 53) - 1


class Termination(enum.Enum):
    """Why a game ended."""

    WENT_OUT = "went out"
    """A player got rid of every card the rules say must go (the normal win)."""

    BLOCKED = "blocked"
    """No player can make progress any more; the rules page says what counts."""

    DRAW_PILE_EMPTY = "draw pile empty"
    """The draw pile ran out before anyone went out (a draw in Spite and Malice)."""

    NO_PROGRESS = "no progress"
    """The game stopped making progress by the variant's computable end rule."""


@frozen
class Result:
    """How a finished game ended.

    ``winner`` is the winning seat or ``None`` for a draw; ``points`` has one
    entry per seat (what that seat scores for this game); ``reason`` says why
    the game ended.
    """

    winner: int | None
    points: tuple[int, ...]
    reason: Termination


@frozen
class Violation:
    """The rule a move breaks: ``rule`` is the rule's number on the variant's
    rules page (e.g. ``"S&M-7"``), ``message`` explains it in plain words."""

    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.message} [{self.rule}]"


@frozen(cache_hash=True)
class Move:
    """One decision of the player to move.

    Moves are built once per rules object, one per *action* (its index in the
    rules object's fixed action space), and :meth:`Rules.legal_moves` returns
    those same objects.  ``kind`` is a member of the variant's
    :attr:`Rules.move_kinds` (an :class:`~enum.IntEnum`, so it compares, hashes
    and writes to JSON as its int); ``source`` and ``target`` are small ints
    whose meaning the variant defines; ``text`` is the move's notation, what
    ``str(move)`` returns and :meth:`Rules.parse_move` reads back.  Piles are
    named relative to the player to move ("my side stack 2").  ``repr(move)``
    shows the notation and the action:

    >>> import zank
    >>> rules = zank.variant("spite-and-malice")
    >>> rules.moves[0]
    Move('x-b1', action=0)
    """

    action: int
    kind: int
    source: int
    target: int
    text: str

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Move({self.text!r}, action={self.action})"


@frozen
class PileSpec:
    """A pile of a layout.

    ``label`` is stable and unique (used in JSON and by :meth:`Rules.piles`);
    ``owner`` is a seat or ``None`` for shared piles; ``kind`` names the
    pile's role (``"hand"``, ``"foundation"``, …); ``private`` piles (hands)
    are visible to their owner only; ``sorted`` piles are kept in card-id
    order by the engine (a hand whose order means nothing).
    """

    label: str
    owner: int | None
    kind: str
    private: bool = False
    sorted: bool = False


@frozen(cache_hash=True)
class State:
    """An immutable game state; build new ones with :meth:`Rules.apply`.

    Attributes:
        rules: the rules object the state belongs to.
        players: the number of seats.
        piles: the cards of every pile (bottom to top), in the order of
            :meth:`Rules.layout`.
        down: how many cards at the bottom of each pile lie face down.
        to_move: the seat whose decision it is; ``None`` once the game is over.
        phase: a variant-defined small int (the step of the turn).
        info: variant-defined public integers (see the variant's docs).
        rng: the random generator state for reshuffles during play (private).
        ply: the number of moves made so far.
        turn: the number of turns begun so far (1 for the first turn).
        outcome: the :class:`Result` once the game is over.
    """

    rules: Rules = field(repr=False)
    players: int
    piles: tuple[tuple[int, ...], ...]
    down: tuple[int, ...]
    to_move: int | None
    phase: int = 0
    info: tuple[int, ...] = ()
    rng: int = field(default=0, repr=False)
    ply: int = 0
    turn: int = 1
    outcome: Result | None = None

    @classmethod
    def dealt(
        cls,
        rules: Rules,
        players: int,
        piles: Iterable[tuple[int, ...]],
        down: Iterable[int],
        to_move: int,
        rng: int,
        info: tuple[int, ...] = (),
    ) -> State:
        """A start state, what a variant's ``Rules._deal`` returns: ``ply``
        0, ``turn`` 1, phase 0; ``piles`` and ``down`` may be lists, ``rng``
        is the generator's state after the deal (``Rng.state``)."""
        if cls is State:
            piles, down = tuple(piles), tuple(down)
            return _make_state(rules, players, piles, down, to_move, 0, info, rng, 0, 1, None)
        return cls(rules, players, tuple(piles), tuple(down), to_move, 0, info, rng)

    def successor(
        self,
        piles: Iterable[tuple[int, ...]],
        down: Iterable[int],
        to_move: int | None,
        info: tuple[int, ...],
        turn: int,
        outcome: Result | None = None,
        rng: int | None = None,
        phase: int = 0,
    ) -> State:
        """The state after a move from this one, what a variant's
        ``Rules._apply`` returns: the same rules and seats, ``ply`` one more,
        and the generator state kept unless ``rng`` is given.

        ``piles`` and ``down`` may be the lists a move was carried out on.
        Hot paths pass the arguments by position (a keyword costs a little on
        every move); elsewhere keywords read better
        (``state.successor(piles, down, to_move=p, info=info, turn=state.turn)``).
        """
        return _make_state(
            self.rules,
            self.players,
            tuple(piles),
            tuple(down),
            to_move,
            phase,
            info,
            self.rng if rng is None else rng,
            self.ply + 1,
            turn,
            outcome,
        )

    def pile(self, label: str) -> tuple[int, ...]:
        """The cards of the pile with this label (bottom to top)."""
        return self.piles[self.rules.pile_index(self.players, label)]

    def _repr_svg_(self) -> str:
        """The state as an SVG picture (Jupyter shows states this way)."""
        from zank.render.svg import svg

        return svg(self)

    def __str__(self) -> str:
        """The table as :func:`zank.render.text` draws it, every hand face up."""
        from zank.render.text import text

        return text(self)

    def __repr__(self) -> str:
        return _short_repr(self, f"{self.rules.name}, {self.players} players")


@frozen
class Observation:
    """What one seat may see of a state.

    Face-down cards and the cards of other seats' private piles are replaced
    by :data:`HIDDEN`; the counts stay visible, the random generator state is
    left out.  Two states that differ only in what ``player`` cannot see give
    equal observations.
    """

    player: int
    players: int
    piles: tuple[tuple[int, ...], ...]
    down: tuple[int, ...]
    to_move: int | None
    phase: int
    info: tuple[int, ...]
    ply: int
    turn: int
    outcome: Result | None
    rules: Rules | None = field(default=None, eq=False, repr=False)
    """The rules object of the observed state (to draw it); not part of equality."""

    @classmethod
    def of(cls, state: State, player: int, piles: tuple[tuple[int, ...], ...]) -> Observation:
        """``state`` as ``player`` sees it, its piles shown as ``piles`` (what
        :meth:`Rules.observe` masks); ``player`` -1 is an onlooker who sees
        every card (``Observation.of(state, -1, state.piles)``, as the
        renderers draw a state)."""
        make = _make_observation if cls is Observation else cls
        return make(
            player,
            state.players,
            piles,
            state.down,
            state.to_move,
            state.phase,
            state.info,
            state.ply,
            state.turn,
            state.outcome,
            state.rules,
        )

    def _repr_svg_(self) -> str:
        """The observation as an SVG picture, from its player's side (needs ``rules``)."""
        from zank.render.svg import svg

        return svg(self, rules=self.rules)

    def __str__(self) -> str:
        """The table as :func:`zank.render.text` draws it for :attr:`player`.

        Without :attr:`rules` (an observation built by hand) this is the short ``repr``.
        """
        if self.rules is None:
            return repr(self)
        from zank.render.text import text

        return text(self, rules=self.rules)

    def __repr__(self) -> str:
        name = "" if self.rules is None else f"{self.rules.name}, "
        return _short_repr(self, f"{name}player {self.player} of {self.players}")


#: The C types of the compiled build's ``@cython.locals`` lists (Python's in pure Python).
_Int = cython.typedef(cython.Py_ssize_t)
_Type = cython.typedef(type)
#: How many slots of one class the slot stores fill at most (a row of ``_OFFSET``).
_ROW = cython.declare(_Int, 16)
#: The byte offsets of the slots of a :class:`State` (row 0) and of an
#: :class:`Observation` (row 1) in their objects, in the order of the fields,
#: then the slots that hold ``None`` when one is made (the compiled build:
#: :func:`_find_slots` fills them; unused in pure Python).
_OFFSET = cython.declare(cython.longlong[32], [0] * 32)
#: How many slots of each row the stores fill: 0 until :func:`_find_slots` has
#: checked the layout (and always in pure Python, where attrs builds them).
_FILLED = cython.declare(cython.longlong[2], [0, 0])
_EMPTY_ARGS = ()
#: :class:`State`'s fields in the order of :func:`new_state`'s parameters.
_FIELDS = (
    "rules",
    "players",
    "piles",
    "down",
    "to_move",
    "phase",
    "info",
    "rng",
    "ply",
    "turn",
    "outcome",
)
#: :class:`Observation`'s fields in the order of :func:`new_observation`'s parameters.
_VIEW_FIELDS = (
    "player",
    "players",
    "piles",
    "down",
    "to_move",
    "phase",
    "info",
    "ply",
    "turn",
    "outcome",
    "rules",
)


@cython.cfunc
@cython.inline
@cython.locals(k=_Int)
def _put(obj: object, k: int, value: object) -> None:
    """Store ``value`` in the slot of offset ``_OFFSET[k]`` of a new object (the
    compiled build only): the slot is empty (NULL), so the object takes a new
    reference to ``value``."""
    Py_INCREF(value)
    cython.cast(
        cython.pointer(cython.pointer(PyObject)),
        cython.cast(cython.p_char, cython.cast(cython.pointer(PyObject), obj)) + _OFFSET[k],
    )[0] = cython.cast(cython.pointer(PyObject), value)


@cython.cfunc
@cython.locals(t=_Type)
def _allocate(t: type) -> object:
    """A new object of the slotted class ``t``, every slot empty (the compiled build only)."""
    return cython.cast(cython.pointer(PyTypeObject), t).tp_new(
        t, cython.cast(cython.pointer(PyObject), _EMPTY_ARGS), cython.NULL
    )


@cython.locals(k=_Int)
def new_state(
    rules: Rules,
    players: int,
    piles: tuple[tuple[int, ...], ...],
    down: tuple[int, ...],
    to_move: int | None,
    phase: int,
    info: tuple[int, ...],
    rng: int,
    ply: int,
    turn: int,
    outcome: Result | None,
) -> State:
    """``State(rules, players, piles, ...)``, every field given by position,
    what the kernels build a move's state with.

    In pure Python this is the attrs constructor.  In the compiled build it
    allocates the state and stores each field in its slot directly, as attrs'
    ``__init__`` does through ``object.__setattr__`` eleven times plus its hash
    cache, which cost an API move more than a thousand nanoseconds; the slots'
    places were found and checked when the module was loaded
    (:func:`_find_slots`), and where that check failed attrs builds the state.
    """
    if cython.compiled and _FILLED[0]:
        state = _allocate(State)
        _put(state, 0, rules)
        _put(state, 1, players)
        _put(state, 2, piles)
        _put(state, 3, down)
        _put(state, 4, to_move)
        _put(state, 5, phase)
        _put(state, 6, info)
        _put(state, 7, rng)
        _put(state, 8, ply)
        _put(state, 9, turn)
        _put(state, 10, outcome)
        for k in range(11, _FILLED[0]):
            _put(state, k, None)
        return state  # type: ignore[return-value]
    return State(rules, players, piles, down, to_move, phase, info, rng, ply, turn, outcome)


@cython.locals(k=_Int)
def new_observation(
    player: int,
    players: int,
    piles: tuple[tuple[int, ...], ...],
    down: tuple[int, ...],
    to_move: int | None,
    phase: int,
    info: tuple[int, ...],
    ply: int,
    turn: int,
    outcome: Result | None,
    rules: Rules | None,
) -> Observation:
    """``Observation(player, players, piles, ...)``, every field given by
    position, as :func:`new_state` builds a state: what
    :meth:`Observation.of` builds a seat's view with (a greedy policy reads
    one a move)."""
    if cython.compiled and _FILLED[1]:
        view = _allocate(Observation)
        _put(view, _ROW + 0, player)
        _put(view, _ROW + 1, players)
        _put(view, _ROW + 2, piles)
        _put(view, _ROW + 3, down)
        _put(view, _ROW + 4, to_move)
        _put(view, _ROW + 5, phase)
        _put(view, _ROW + 6, info)
        _put(view, _ROW + 7, ply)
        _put(view, _ROW + 8, turn)
        _put(view, _ROW + 9, outcome)
        _put(view, _ROW + 10, rules)
        for k in range(_ROW + 11, _ROW + _FILLED[1]):
            _put(view, k, None)
        return view  # type: ignore[return-value]
    return Observation(
        player, players, piles, down, to_move, phase, info, ply, turn, outcome, rules
    )


@cython.locals(row=_Int, k=_Int, at=_Int, hits=_Int)
def _find_slots(cls: type, order: tuple[str, ...], row: int) -> int:
    """Find where an object of the attrs class ``cls`` keeps each field (the
    compiled build), for :func:`new_state` (``row`` 0) or
    :func:`new_observation` (row 1); return how many slots the stores fill (0:
    attrs builds them, as in pure Python).

    ``order`` is the class's fields in the order of the builder's parameters.
    A probe built by attrs has a distinct marker object set in each slot; the
    slot's offset is the one word of the object that points to its marker.
    The layout is used only when every slot but ``__weakref__`` is a field or
    holds ``None`` after attrs' ``__init__`` (a hash cache), each marker is
    found exactly once, and an object built through the offsets holds, field
    for field, the values it was given.
    """
    if not cython.compiled:
        return 0
    names = [a.name for a in fields(cls)]
    if tuple(names) != order:
        return 0
    slots = [name for name in getattr(cls, "__slots__", ()) if name != "__weakref__"]
    extra = [name for name in slots if name not in names]
    if len(slots) != len(names) + len(extra) or len(slots) > _ROW:
        return 0
    probe = cls(*[object() for _ in names])
    if any(getattr(probe, name) is not None for name in extra):
        return 0
    every = names + extra
    marks = [object() for _ in every]
    for k in range(len(every)):
        object.__setattr__(probe, every[k], marks[k])
    base = cython.cast(cython.p_char, cython.cast(cython.pointer(PyObject), probe))
    word = cython.sizeof(cython.p_void)
    for k in range(len(every)):
        hits = 0
        for at in range(cython.sizeof(PyObject), cls.__basicsize__, word):
            if cython.cast(cython.pointer(cython.pointer(PyObject)), base + at)[0] == cython.cast(
                cython.pointer(PyObject), marks[k]
            ):
                _OFFSET[row * _ROW + k] = at
                hits += 1
        if hits != 1:
            return 0
    _FILLED[row] = len(every)
    values = [object() for _ in names]
    build: Callable[..., object] = new_state if row == 0 else new_observation
    made = build(*values)
    if (
        type(made) is not cls
        or any(getattr(made, name) is not value for name, value in zip(names, values, strict=True))
        or any(getattr(made, name) is not None for name in extra)
    ):
        _FILLED[row] = 0
    return _FILLED[row]


_find_slots(State, _FIELDS, 0)
_find_slots(Observation, _VIEW_FIELDS, 1)
#: What :meth:`State.successor` and :meth:`State.dealt` build a state with:
#: :func:`new_state` where the compiled build found the slots, else attrs'
#: constructor itself (in pure Python, one call fewer a move).
_make_state = new_state if _FILLED[0] else State
#: What :meth:`Observation.of` builds a view with, likewise.
_make_observation = new_observation if _FILLED[1] else Observation


def _short_repr(view: State | Observation, what: str) -> str:
    """``<State spite-and-malice, 2 players, turn 3, ply 17, seat 1 to move>``."""
    out = view.outcome
    if out is not None:
        end = "drawn" if out.winner is None else f"won by seat {out.winner}"
        status = f"{end} ({out.reason.value})"
    else:
        status = f"seat {view.to_move} to move"
    return f"<{type(view).__name__} {what}, turn {view.turn}, ply {view.ply}, {status}>"


def _is_int(value: object) -> TypeGuard[int]:
    """An ``int`` that is not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def _seed(seed: object) -> int:
    """A seed given by a caller: an int from 0 to 2**64 - 1, refused otherwise (not wrapped)."""
    if not _is_int(seed) or not 0 <= seed <= MASK64:
        raise OptionError(f"seed must be an int from 0 to 2**64 - 1 or None, not {quote(seed)}")
    return seed


def _multiset_diff(a: list[int], b: list[int]) -> list[int]:
    counts: dict[int, int] = {}
    for c in b:
        counts[c] = counts.get(c, 0) + 1
    out = []
    for c in a:
        if counts.get(c):
            counts[c] -= 1
        else:
            out.append(c)
    return out


for _public in (Termination, Result, Violation, Move, PileSpec, State, Observation):
    _public.__module__ = "zank.core"
