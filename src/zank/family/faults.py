"""Table mode: faults and the calls that catch them ("Stop!", "Stopp!", "Halt!").

In the seeds of the Zank-Patience family, catching the opponent's mistakes is
part of the game.  A rules object built with ``table_mode=True`` lets the
player to move make any move that the cards physically allow, also one that
breaks a priority or mandatory rule (a **fault**), and gives the other players
the chance to call it.  Strict mode (the default) never offers a fault.

How a call fits an engine with one player to move
-------------------------------------------------

After a faulty move a **call window** opens (``State.phase`` is
:data:`CALL`): ``to_move`` passes to each player who may call, one after the
other, and each answers with the variant's call move (``stop``, ``halt``) or
``let`` (let it pass).  The window closes when everyone asked has let the
fault pass (the move then stands, exactly as in strict play) or at the first
call (the variant's penalty follows).  A call is in time only until the next
move begins: once the window has closed, the fault can no longer be called.

By default (``call_window="faults"``) a window opens only after a fault, so
a game is only as long as the faults make it, and a wrong call is impossible.
With ``call_window="every-move"`` a window opens after every move, so that a
call can be wrong (the seeds punish a wrong "Stop"); that doubles the length
of a game.  See ``docs/table-mode.md``.

The state
---------

In table mode ``State.info`` is the variant's own counters followed by a
tail of small ints, named by :class:`Tail` (:func:`window_tail` reads it):

* outside a window (``phase`` :data:`PLAY`): two ints, ``skip``, a bit
  mask of the seats that miss their next turn (a wrong "Stop", seed 000), and
  ``faults_let``, the faults let pass in the current turn (at most
  :data:`FAULT_LIMIT`; then the player plays by the rules to the end of the
  turn, so that every turn ends);
* in a window (``phase`` :data:`CALL`): the counters *as they were before the
  move under call*, then ``skip``, ``faults_let``, the broken rule (``rule``: 0 for a
  correct move, else ``1 +`` its index in the variant's ``fault_rules``), the
  player who moved (``by``), the move (``action``: action + 1) and
  how to take it back: the source and target pile (``src``,
  ``dst``: state index + 1), how many cards moved (``moved``), the
  source's face-down count before (``down``) and, for a hand card turned
  after turning the discard over, the discard (``flip``: index + 1; equal
  to ``src`` when the cards moved were turned over, as a discard turned into
  the new source).

The index constants ``SKIP`` … ``FLIP`` are the fields' places in the tail,
for code that slices ``info``.

The piles show the move made.  The state before it is
:func:`before_call` (exactly: piles, counters, player to move), and the state
it leads to if nobody calls is the variant's strict move applied to that.

A variant uses table mode by giving itself the options ``table_mode``
(:func:`table_mode_option`) and ``call_window`` (:func:`call_window_option`)
and the hooks of :class:`FaultRules` (every
:class:`~zank.family.table.FamilyTable` declares them).  With ``table_mode``
on, its rules object holds a :class:`TableMode` around itself, which routes
``_legal``, ``_apply``, ``_explain`` and ``_validate`` through
:func:`legal`, :func:`apply`, :func:`explain` and :func:`validate`: table
mode is a wrapper around the strict rules, not a base class.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import ClassVar, Final, NamedTuple, Protocol

import attrs
from attrs import field

from zank.core import (
    BOOL_OPTION,
    Move,
    Observation,
    PileSpec,
    Rules,
    State,
    Violation,
    option_validator,
)
from zank.errors import InvalidState, OptionError

__all__ = [
    "ACTION",
    "BY",
    "CALL",
    "CALL_KIND",
    "CALL_WINDOWS",
    "COUNT",
    "DEMAND",
    "DEMAND_KIND",
    "DOWN",
    "DST",
    "EVERY_MOVE",
    "FAULTS",
    "FAULTS_LET",
    "FAULT_LIMIT",
    "FLIP",
    "LET_KIND",
    "PLAY",
    "PLAY_TAIL",
    "RULE",
    "SKIP",
    "SRC",
    "WINDOW_TAIL",
    "CallKind",
    "FaultRules",
    "TableMode",
    "Tail",
    "apply",
    "as_fault_rules",
    "base_info",
    "before_call",
    "call_window_option",
    "check_options",
    "explain",
    "fault",
    "fault_moves",
    "info_size",
    "legal",
    "pass_turn",
    "pending",
    "pending_rule",
    "settle",
    "special_moves",
    "start_info",
    "strict_view",
    "table_mode_option",
    "validate",
    "window_tail",
]

# ------------------------------------------------------------------ phases
PLAY: Final = 0
"""The phase of ordinary play (strict mode knows only this phase)."""
CALL: Final = 1
"""The phase of an open call window, in which ``to_move`` may call the last move or
let it pass."""
DEMAND: Final = 2
"""The phase after a "Stopp!" in which the caller may demand the card the faulty
player discarded onto a foundation (zank-detailed only)."""


# --------------------------------------------------------------- move kinds
class CallKind(IntEnum):
    """The move kinds of table mode; a variant's own move kinds repeat the ones
    its action space has (``Kind.CALL`` …), so that ``Move.kind``
    is always a member of the variant's enum."""

    CALL = 20
    """The call ("Stop!", "Stopp!", "Halt!")."""
    LET = 21
    """Letting the move under call pass (``let``)."""
    DEMAND = 22
    """Demanding a discarded card onto a foundation (``demand``)."""


CALL_KIND: Final = CallKind.CALL
"""Move kind of the call (:attr:`CallKind.CALL`)."""
LET_KIND: Final = CallKind.LET
"""Move kind of letting the move under call pass (:attr:`CallKind.LET`)."""
DEMAND_KIND: Final = CallKind.DEMAND
"""Move kind of demanding a discarded card onto a foundation (:attr:`CallKind.DEMAND`)."""

# ------------------------------------------------------------ call windows
FAULTS: Final = "faults"
"""The ``call_window`` value for a window only after a faulty move."""
EVERY_MOVE: Final = "every-move"
"""The ``call_window`` value for a window after every move (wrong calls possible)."""
CALL_WINDOWS: Final = (FAULTS, EVERY_MOVE)


def table_mode_option() -> bool:
    """The attrs field of a variant's ``table_mode`` option (default off)."""
    return field(default=False, validator=BOOL_OPTION)


def call_window_option() -> str:
    """The attrs field of a variant's ``call_window`` option: :data:`FAULTS`
    (default) or :data:`EVERY_MOVE`."""
    return field(default=FAULTS, validator=option_validator(choices=CALL_WINDOWS))


# ------------------------------------------------- the table-mode info tail
class Tail(NamedTuple):
    """The table-mode tail of ``State.info`` by name (:func:`window_tail`).

    Outside a call window only ``skip`` and ``faults_let`` are in the state;
    the other fields then read 0.
    """

    skip: int
    """The bit mask of the seats that miss their next turn."""
    faults_let: int
    """The number of faults let pass in the current turn."""
    rule: int = 0
    """The rule broken by the move under call, as 1 + its index in
    ``fault_rules`` (0 for a correct move)."""
    by: int = 0
    """The seat that made the move under call."""
    action: int = 0
    """The action id of the move under call, plus one."""
    src: int = 0
    """The state index of the pile the cards came from, plus one (0 for none)."""
    dst: int = 0
    """The state index of the pile the cards went to, plus one (0 for none)."""
    moved: int = 0
    """The number of cards moved."""
    down: int = 0
    """The source pile's face-down count before the move."""
    flip: int = 0
    """The discard turned over as the new hand pile by the move, plus one."""


# the fields' places in the tail
SKIP, FAULTS_LET, RULE, BY, ACTION, SRC, DST, COUNT, DOWN, FLIP = range(len(Tail._fields))
PLAY_TAIL: Final = 2
"""Length of the tail outside a window."""
WINDOW_TAIL: Final = 10
"""Length of the tail inside a window."""
FAULT_LIMIT: Final = 20
"""The most faults let pass in one turn; after them the turn is played by the
rules (a bound that keeps every turn, and so every game, finite)."""


class FaultRules(Protocol):
    """What a variant provides to play in table mode (besides being a rules object)."""

    fault_rules: ClassVar[tuple[str, ...]]
    """The rule ids a player may break in table mode (the faults a call names)."""
    call_rule: ClassVar[str]
    """The rule id of the call itself on the variant's rules page."""
    call_text: ClassVar[str]
    """The notation of the call move (``"stop"``, ``"halt"``)."""
    self_call: ClassVar[bool]
    """The player who made the fault may call it too (asked first, seed 000)."""
    wrong_call_misses_turn: ClassVar[bool]
    """A wrong call makes the caller miss the next turn (seed 000)."""
    defer_end: ClassVar[bool]
    """A faulty move that ends the game ends it only when nobody calls it."""
    base_info: ClassVar[int]
    """The length of the variant's own ``State.info`` (strict mode)."""

    @property
    def table_mode(self) -> bool: ...

    @property
    def call_window(self) -> str: ...

    @property
    def moves(self) -> tuple[Move, ...]: ...

    @property
    def name(self) -> str: ...

    def layout(self, players: int = 2) -> tuple[PileSpec, ...]: ...

    def check(self, state: State, move: Move) -> Violation | None: ...

    def strict_moves(self, state: State) -> tuple[Move, ...]:
        """The moves strict mode allows (the state may carry the table-mode tail)."""
        ...

    def table_moves(self, state: State) -> tuple[Move, ...]:
        """The strict moves and the faults table mode allows, in a fixed order."""
        ...

    def strict_apply(self, state: State, move: Move) -> State:
        """The variant's move in strict play; ``state.info`` has no tail."""
        ...

    def fault_violation(self, state: State, move: Move) -> Violation:
        """The rule of ``fault_rules`` that ``move`` (a fault) breaks."""
        ...

    def resolve_call(self, window: State, before: State, caller: int) -> State:
        """The state after a right call by ``caller``; ``before`` is the state
        before the move under call (:func:`before_call`)."""
        ...

    def validate_settled(self, state: State) -> None:
        """The variant's strict invariants; ``state.info`` has no tail."""
        ...


class TableMode:
    """Table mode around a family variant's strict rules: the call windows of
    this module, the ``call``/``let``/``demand`` moves and the penalties.

    A family variant built with ``table_mode=True`` holds one (its
    ``_table``, made by :class:`~zank.family.table.FamilyTable`) and hands
    its ``_legal``, ``_apply``, ``_explain``, ``_validate`` and kernel to it;
    in strict play it has none and plays its own ``strict_moves`` and
    ``strict_apply``.  The variant is the inner rules: table mode calls its
    hooks (:class:`FaultRules`) and never the other way round.

    >>> import zank
    >>> from zank.family.faults import TableMode
    >>> rules = zank.variant("zank-104", table_mode=True)
    >>> table = TableMode(rules)
    >>> state = rules.new_game(seed=1)
    >>> table.legal(state) == rules.legal_moves(state)
    True
    """

    __slots__ = ("rules",)

    def __init__(self, rules: FaultRules) -> None:
        self.rules: FaultRules = rules
        """The variant's rules, whose strict play table mode builds on."""

    def __repr__(self) -> str:
        return f"TableMode({self.rules.name!r})"

    def legal(self, state: State) -> tuple[Move, ...]:
        """The legal moves of ``state`` in table mode (:func:`legal`)."""
        return legal(self.rules, state)

    def apply(self, state: State, move: Move) -> State:
        """The state after ``move`` in table mode (:func:`apply`)."""
        return apply(self.rules, state, move)

    def explain(self, state: State, move: Move) -> Violation | None:
        """Why table mode refuses ``move`` where strict play's reason does not
        apply (:func:`explain`), or ``None``."""
        return explain(self.rules, state, move)

    def validate(self, state: State) -> None:
        """Refuse a state that table mode cannot reach (:func:`validate`)."""
        validate(self.rules, state)


def check_options(rules: FaultRules) -> None:
    """Refuse a ``call_window`` other than the default without table mode."""
    if rules.call_window != FAULTS and not rules.table_mode:
        raise OptionError(
            f"option 'call_window' of {rules.name!r} applies only with table_mode=True"
        )


def special_moves(rules: FaultRules, demand: bool = False) -> list[tuple[int, str]]:
    """The table-mode moves to add to the action space (none in strict mode)."""
    if not rules.table_mode:
        return []
    out: list[tuple[int, str]] = [(CALL_KIND, rules.call_text), (LET_KIND, "let")]
    if demand:
        out.append((DEMAND_KIND, "demand"))
    return out


def _special(rules: FaultRules, kind: int) -> Move:
    for m in reversed(rules.moves):  # table mode's moves end the action space
        if m.kind == kind:
            return m
    raise KeyError(kind)  # pragma: no cover - every table-mode rules object has them


# ------------------------------------------------------------------ states
def start_info(rules: FaultRules, counters: tuple[int, ...]) -> tuple[int, ...]:
    """``State.info`` of a start state: the variant's ``counters``, and in table
    mode the tail outside a window (nobody misses a turn, no fault let pass)."""
    return (*counters, 0, 0) if rules.table_mode else tuple(counters)


def base_info(rules: FaultRules, state: State) -> tuple[int, ...]:
    """The variant's own counters of ``state`` (without the table-mode tail)."""
    return state.info[: rules.base_info]


def window_tail(rules: FaultRules, state: State | Observation) -> Tail:
    """The table-mode tail of ``state.info`` by name (see the module docs).

    >>> import zank
    >>> from zank.family import faults
    >>> rules = zank.variant("zank-104", table_mode=True)
    >>> faults.window_tail(rules, rules.new_game(seed=1))
    Tail(skip=0, faults_let=0, rule=0, by=0, action=0, src=0, dst=0, moved=0, down=0, flip=0)
    """
    return Tail(*state.info[rules.base_info :])


def strict_view(rules: FaultRules, state: State) -> State:
    """``state`` as the variant's strict code sees it: phase 0, no tail."""
    if state.phase == PLAY and len(state.info) == rules.base_info:
        return state
    return attrs.evolve(state, phase=PLAY, info=state.info[: rules.base_info])


def settle(
    rules: FaultRules, state: State, skip: int, ply: int | None = None, let: int = 0
) -> State:
    """A strict state made a table-mode state of phase :data:`PLAY` (the tail
    appended); the seats of ``skip`` miss their next turn, ``let`` faults were
    let pass in this turn.  ``ply`` overrides the move count (a call resolved
    through several strict moves is one move)."""
    return State(
        rules=state.rules,
        players=state.players,
        piles=state.piles,
        down=state.down,
        to_move=state.to_move,
        phase=PLAY,
        info=(*state.info[: rules.base_info], skip, let),
        rng=state.rng,
        ply=state.ply if ply is None else ply,
        turn=state.turn,
        outcome=state.outcome,
    )


def before_call(rules: FaultRules, window: State) -> State:
    """The state before the move under call of a window state, exactly
    (phase :data:`PLAY`, the move's player to move, one move fewer)."""
    tail = window_tail(rules, window)
    piles = list(window.piles)
    down = list(window.down)
    src, dst, count, flip = tail.src - 1, tail.dst - 1, tail.moved, tail.flip - 1
    if count:
        moved = piles[dst][len(piles[dst]) - count :]
        piles[dst] = piles[dst][: len(piles[dst]) - count]
        piles[src] = piles[src] + (moved[::-1] if flip == src else moved)
        down[src] = tail.down
        down[dst] = min(down[dst], len(piles[dst]))
    if flip >= 0 and flip != src:  # the hand pile was the discard turned over: turn it back
        piles[flip] = piles[src][::-1]
        piles[src] = ()
        down[src] = 0
    return State(
        rules=window.rules,
        players=window.players,
        piles=tuple(piles),
        down=tuple(down),
        to_move=tail.by,
        phase=PLAY,
        info=(*base_info(rules, window), tail.skip, tail.faults_let),
        rng=window.rng,
        ply=window.ply - 1,
        turn=window.turn,
    )


def _undo_record(before: State, after: State) -> tuple[int, int, int, int, int]:
    """``(SRC, DST, COUNT, DOWN, FLIP)`` of the tail: how to take the move from
    ``before`` to ``after`` back.  Every move of the family moves cards from
    the top of one pile to the top of another (a turned hand card may first
    turn the discard over as the new hand pile)."""
    shrunk = []
    grown = []
    for i, (a, b) in enumerate(zip(before.piles, after.piles, strict=True)):
        if len(b) < len(a):
            shrunk.append(i)
        elif len(b) > len(a):
            grown.append(i)
    if not shrunk and not grown:
        return (0, 0, 0, 0, 0)
    if len(shrunk) == 1 and len(grown) == 1:
        s, d = shrunk[0], grown[0]
        n = len(after.piles[d]) - len(before.piles[d])
        moved = before.piles[s][len(before.piles[s]) - n :]
        # a discard turned over as the new source lies in reverse order (FLIP == SRC);
        # one card turned over keeps its order but lies face down now
        turned_over = (
            after.piles[d][len(after.piles[d]) - n :] != moved
            if n > 1
            else after.down[d] == len(after.piles[d]) and before.down[s] < len(before.piles[s])
        )
        flip = s + 1 if turned_over else 0
        return (s + 1, d + 1, n, before.down[s], flip)
    if len(shrunk) == 1 and len(grown) == 2:  # a discard turned over, a card turned
        discard = shrunk[0]
        hand, turned = sorted(grown, key=lambda i: -after.down[i])  # the hand lies face down
        if len(after.piles[turned]) == 1 and not before.piles[hand] and not before.piles[turned]:
            return (hand + 1, turned + 1, 1, 0, discard + 1)
    raise AssertionError("table mode can take back only moves of cards from pile to pile")


def _asked(rules: FaultRules, players: int, by: int, fault: bool, current: int | None) -> int:
    """The seat asked after ``current`` in a window on a move of ``by``
    (``current`` ``None``: the first seat asked); ``-1`` when all were asked.
    The player who moved is asked first if the variant lets a player call a
    fault of his own; then the others, from the left of the player who moved."""
    order = ([by] if fault and rules.self_call else []) + [
        (by + k) % players for k in range(1, players)
    ]
    if current is None:
        return order[0]
    i = order.index(current)
    return order[i + 1] if i + 1 < len(order) else -1


# ------------------------------------------------------------ legal moves
def legal(rules: FaultRules, state: State) -> tuple[Move, ...]:
    """The legal moves of a table-mode state."""
    if state.phase == PLAY:
        if state.info[rules.base_info + FAULTS_LET] >= FAULT_LIMIT:
            return rules.strict_moves(state)
        return rules.table_moves(state)
    if state.phase == CALL:
        return (_special(rules, CALL_KIND), _special(rules, LET_KIND))
    return (_special(rules, DEMAND_KIND), _special(rules, LET_KIND))


def fault(rules: FaultRules, state: State, move: Move) -> Violation | None:
    """The rule a move breaks in a state of ordinary play, in strict or table
    mode: ``None`` for a correct move; for a fault (a move the cards allow but
    a priority or mandatory rule forbids) that rule; for a move the cards do
    not allow, the rule :meth:`~zank.core.Rules.check` names.

    ``check`` answers ``None`` for every move that ``legal_moves`` lists, and
    in table mode that includes the faults; this function is how a table
    names them (and what a call names).
    """
    if state.phase != PLAY or state.outcome is not None:
        return rules.check(state, move)
    if move in rules.strict_moves(state):
        return None
    if move in rules.table_moves(state):
        return rules.fault_violation(state, move)
    return rules.check(state, move)


def info_size(rules: Rules) -> int | None:
    """The most ``State.info`` integers a table-mode state of ``rules`` has
    (the counters and a window's tail), for fixed-size encodings; ``None`` in
    strict mode (where the variant's own count holds)."""
    fr = as_fault_rules(rules)
    return None if fr is None else fr.base_info + WINDOW_TAIL


def as_fault_rules(rules: Rules) -> FaultRules | None:
    """``rules`` as a table-mode rules object, or ``None`` in strict mode."""
    if getattr(rules, "table_mode", False):
        return rules  # type: ignore[return-value]
    return None


def fault_moves(rules: Rules, observation: Observation, legal_moves: Sequence[Move]) -> list[Move]:
    """The faults among ``legal_moves``, from what the player to move sees.

    Faults depend only on what everybody sees (the mandatory rules look at
    face-up cards), so a state consistent with the observation
    (:meth:`~zank.core.Rules.sample_state`) answers for the true one.
    """
    fr = as_fault_rules(rules)
    if fr is None or observation.phase != PLAY:
        return []
    state = rules.sample_state(observation, seed=0)
    strict = set(fr.strict_moves(state))
    return [m for m in legal_moves if m not in strict]


def pending_rule(rules: Rules, state: State | Observation) -> str | None:
    """The rule id the move under call broke, in a call window; ``None`` if it
    broke none (or no window is open).  Public: observations carry it too."""
    fr = as_fault_rules(rules)
    if fr is None or state.phase != CALL:
        return None
    n = window_tail(fr, state).rule
    return fr.fault_rules[n - 1] if n else None


def pending(rules: Rules, window: State) -> Violation | None:
    """What a call would name in a window: the fault with its explanation, or
    ``None`` when the move under call was correct (a call would be wrong)."""
    fr = as_fault_rules(rules)
    if fr is None or window.phase != CALL:
        return None
    tail = window_tail(fr, window)
    if not tail.rule:
        return None
    return fr.fault_violation(before_call(fr, window), rules.moves[tail.action - 1])


# ------------------------------------------------------------------- apply
def apply(rules: FaultRules, state: State, move: Move) -> State:
    """Apply a legal move of a table-mode state of phase :data:`PLAY` or
    :data:`CALL` (a variant handles its own later phases)."""
    if state.phase == CALL:
        return _answer(rules, state, move)
    p = state.to_move
    assert p is not None
    skip, let = state.info[rules.base_info :]  # the tail outside a window
    strict = rules.strict_moves(state)
    is_fault = not any(m is move for m in strict)
    plain = strict_view(rules, state)
    after = rules.strict_apply(plain, move)
    if not is_fault and (rules.call_window == FAULTS or after.outcome is not None):
        return pass_turn(rules, after, skip, after.ply, let, after.turn != state.turn)
    if after.outcome is not None and not rules.defer_end:
        return settle(rules, after, skip)
    rule = 0
    if is_fault:
        rule = 1 + rules.fault_rules.index(rules.fault_violation(state, move).rule)
    src, dst, count, down, flip = _undo_record(state, after)
    tail = Tail(skip, let, rule, p, move.action + 1, src, dst, count, down, flip)
    return state.successor(
        after.piles,
        after.down,
        to_move=_asked(rules, state.players, p, is_fault, None),
        info=(*base_info(rules, state), *tail),
        turn=state.turn,
        rng=after.rng,
        phase=CALL,
    )


def _answer(rules: FaultRules, window: State, move: Move) -> State:
    tail = window_tail(rules, window)
    asked = window.to_move
    assert asked is not None
    if move.kind == CALL_KIND and tail.rule:
        return rules.resolve_call(window, before_call(rules, window), asked)
    skip = tail.skip
    if move.kind == CALL_KIND:  # a wrong call: the variant's penalty, if any
        skip |= _wrong_call_penalty(rules, asked)
    nxt = _asked(rules, window.players, tail.by, tail.rule > 0, asked)
    if nxt >= 0:
        info = list(window.info)
        info[rules.base_info + SKIP] = skip
        return attrs.evolve(window, to_move=nxt, info=tuple(info), ply=window.ply + 1)
    # everyone let it pass: the move stands as in strict play
    before = before_call(rules, window)
    after = rules.strict_apply(strict_view(rules, before), rules.moves[tail.action - 1])
    stands = getattr(rules, "fault_stands", None)  # a variant's rule for a fault let pass
    if tail.rule and stands is not None:
        after = stands(after)
    began = after.turn != before.turn
    let = 0 if began else tail.faults_let + (tail.rule > 0)
    return pass_turn(rules, after, skip, window.ply + 1, let, began)


def _wrong_call_penalty(rules: FaultRules, caller: int) -> int:
    """The skip bits a wrong call sets (seed 000: the caller misses a turn)."""
    return (1 << caller) if rules.wrong_call_misses_turn else 0


def pass_turn(
    rules: FaultRules, state: State, skip: int, ply: int, let: int = 0, began: bool = True
) -> State:
    """Settle a strict state (:func:`settle`); if a turn ``began`` for a seat
    that must miss it (``Tail.skip``), that seat is left out and its bit cleared.

    Only the seed-000 games set skip bits; a variant that sets them provides
    ``skip_turn(state) -> State`` (the turn of ``state.to_move`` is missed)."""
    out = settle(rules, state, skip, ply, 0 if began else let)
    if not began:
        return out
    while out.outcome is None and out.to_move is not None and skip >> out.to_move & 1:
        skip &= ~(1 << out.to_move)
        skipper = getattr(rules, "skip_turn")  # noqa: B009 - seed-000 variants only
        out = settle(rules, skipper(strict_view(rules, out)), skip, ply)
    return out


# -------------------------------------------------------------- explain
def explain(rules: FaultRules, state: State, move: Move) -> Violation | None:
    """Why ``move`` is not legal in a table-mode state, for the phase-related
    reasons (``None``: the variant explains it as in strict play)."""
    rule = rules.call_rule
    if state.phase == CALL:
        by = window_tail(rules, state).by
        return Violation(
            rule,
            f"player {by}'s move may be called now: call it ({rules.call_text}) or let it "
            "pass (let) before the next move begins",
        )
    if state.phase == DEMAND:
        return Violation(
            rule,
            "the card just discarded fits a foundation: demand it there (demand) or let it "
            "lie (let) before your turn begins",
        )
    if window_tail(rules, state).faults_let >= FAULT_LIMIT and move in rules.table_moves(state):
        v = rules.fault_violation(state, move)
        return Violation(
            v.rule,
            f"{v.message}; after {FAULT_LIMIT} faults let pass in one turn, the rest of "
            "the turn is played by the rules",
        )
    if move.kind == CALL_KIND:
        return Violation(rule, "there is no move to call: a call comes right after a move")
    if move.kind in (LET_KIND, DEMAND_KIND):
        return Violation(rule, f"{move.text} answers a call window; none is open")
    return None


# ------------------------------------------------------------- validation
def validate(rules: FaultRules, state: State) -> None:
    """Check a table-mode state: the tail, and that the state before the move
    under call is valid and leads to these piles."""
    n = rules.base_info
    raw = state.info[n:]
    if state.phase == PLAY:
        if len(raw) != PLAY_TAIL:
            raise InvalidState(
                f"table mode: info is the {n} counters, the skip mask and the faults let "
                "pass outside a call window"
            )
        tail = Tail(*raw)
        if not 0 <= tail.skip < 1 << state.players:
            raise InvalidState("table mode: the skip mask names no such seat")
        if not 0 <= tail.faults_let <= FAULT_LIMIT:
            raise InvalidState(f"table mode: at most {FAULT_LIMIT} faults are let pass in a turn")
        rules.validate_settled(strict_view(rules, state))
        return
    if state.phase not in (CALL, DEMAND):
        raise InvalidState(f"table mode: phase must be {PLAY}, {CALL} or {DEMAND}")
    if len(raw) != WINDOW_TAIL or min(raw) < 0:
        raise InvalidState(f"table mode: info in a window is {n} counters and {WINDOW_TAIL} ints")
    tail = Tail(*raw)
    if not 0 <= tail.skip < 1 << state.players or tail.by >= state.players:
        raise InvalidState("table mode: the skip mask or the mover names no such seat")
    if state.outcome is not None:
        raise InvalidState("table mode: a finished game has no call window")
    if state.phase == DEMAND:
        if any(raw[FAULTS_LET:BY] + raw[ACTION:]):
            raise InvalidState("table mode: a demand records only who discarded")
        rules.validate_settled(strict_view(rules, state))
        return
    if not 0 < tail.action <= len(rules.moves) or tail.rule > len(rules.fault_rules):
        raise InvalidState("table mode: the move under call or its rule is out of range")
    size = len(state.piles)
    if tail.src > size or tail.dst > size or tail.flip > size:
        raise InvalidState("table mode: the take-back names no such pile")
    if tail.moved and (not tail.src or not tail.dst or tail.moved > len(state.piles[tail.dst - 1])):
        raise InvalidState("table mode: the take-back moves cards that are not there")
    if not tail[COUNT] and (tail[SRC] or tail[DST] or tail[DOWN] or tail[FLIP]):
        raise InvalidState("table mode: a move that moved no card has nothing to take back")
    before = before_call(rules, state)
    rules.validate_settled(strict_view(rules, before))
    move = rules.moves[tail.action - 1]
    if tail.faults_let > FAULT_LIMIT or move not in legal(rules, before):
        raise InvalidState(f"table mode: {move.text} was not possible before it was made")
    # A move that turned a discard over hid its cards: a state that looks the
    # same to every player (a determinized one) may hold them in another order,
    # so whether the move was a fault cannot be recomputed; the recorded rule
    # stands.
    is_fault = tail.rule > 0 if tail.flip else move not in rules.strict_moves(before)
    if is_fault != (tail.rule > 0):
        raise InvalidState(f"table mode: the rule recorded for {move.text} is wrong")
    if not is_fault and rules.call_window == FAULTS:
        raise InvalidState("table mode: a window opens after a correct move only with every-move")
    after = rules.strict_apply(strict_view(rules, before), move)
    if after.piles != state.piles or after.down != state.down:
        raise InvalidState(f"table mode: the piles are not those after {move.text}")
    asked = state.to_move
    seats = []
    cur = _asked(rules, state.players, tail.by, is_fault, None)
    while cur >= 0:
        seats.append(cur)
        cur = _asked(rules, state.players, tail.by, is_fault, cur)
    if asked not in seats:
        raise InvalidState(f"table mode: player {asked} is not asked about this move")
