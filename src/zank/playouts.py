"""Batched playouts: many games from one state, the building block of MCTS
rollouts and large simulations (:meth:`zank.core.Rules.playouts`).

A playout moves through the variant's own kernel functions, the very ones that
:meth:`~zank.core.Rules.legal_moves` and :meth:`~zank.core.Rules.apply` call
(``Rules._legal`` and ``Rules._apply``), so every rule has one implementation;
what a playout leaves out are the public API's checks on every call (that the
state belongs to the rules object, the cache of the last move list, the search
for the chosen move in it) and, for the random policy, the observation that an
agent would be shown.  A variant with a compact kernel
(:attr:`~zank.core.Rules.compact_kernel`, Spite and Malice) plays a random
playout on one mutable working position instead, through the kernel functions
that its ``_legal`` and ``_apply`` wrap: no ``State``, move tuple or ``Move``
per move, and the same games and final states.

**Seeds.**  Playout ``i`` (``0 <= i < n``) of ``playouts(state, n, seed=s)``
gives the seat ``p`` the generator ``Rng((s + i) * 64 + p)`` (reduced to 64
bits), which is exactly what :func:`zank.simulate.run` gives the agent of seat
``p`` in the game of seed ``s + i``.  So a playout is the game that the
per-move API plays with ``RandomAgent((s + i) * 64 + p)`` (or
``GreedyAgent``) in each seat ``p``, and from ``rules.new_game(seed=s + i)`` it
is game ``i`` of ``zank simulate --seed s`` with those agents.  The random
policy draws ``legal[rng.below(len(legal))]``, one draw per move, from the
generator of the seat to move; the greedy policy calls the variant's greedy
policy with the seat's observation, as :class:`~zank.agents.GreedyAgent` does.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, cast

from attrs import evolve, frozen

from zank.core import Move, Result, Rules, State
from zank.errors import OptionError, quote
from zank.random import Rng, fresh_seed

if TYPE_CHECKING:
    from zank.agents.base import Policy

__all__ = ["POLICIES", "Playouts", "Working", "playouts"]

#: The policies a playout plays by name.
POLICIES = ("random", "greedy")


@frozen
class Playouts:
    """What :meth:`~zank.core.Rules.playouts` returns: per playout, in order.

    Attributes:
        results: how each game ended; ``None`` where ``max_moves`` stopped it.
        lengths: the moves each game made.
        turns: the turn number of each final state (:attr:`zank.core.State.turn`).
        moves: each game's moves, when asked for with ``keep_moves=True``;
            else ``None``.
        finals: each game's last state, when asked for with ``keep_finals=True``
            (to score a game that ``max_moves`` cut short); else ``None``.
    """

    results: tuple[Result | None, ...]
    lengths: tuple[int, ...]
    turns: tuple[int, ...]
    moves: tuple[tuple[Move, ...], ...] | None = None
    finals: tuple[State, ...] | None = None

    @property
    def total_moves(self) -> int:
        """The moves of every game together."""
        return sum(self.lengths)

    def wins(self, seat: int) -> int:
        """How many games ``seat`` won."""
        return sum(1 for r in self.results if r is not None and r.winner == seat)


def _policies(rules: Rules, policy: object, players: int) -> list[Policy | None]:
    """Per seat: ``None`` for the random policy, else the greedy policy function."""
    names = [policy] * players if isinstance(policy, str) else policy
    if not isinstance(names, Sequence) or len(names) != players:
        raise OptionError(
            f"policy must be one of {', '.join(POLICIES)} or a sequence of them, "
            f"one per seat ({players}), not {quote(policy)}"
        )
    out: list[Policy | None] = []
    for name in names:
        if name == "random":
            out.append(None)
        elif name == "greedy":
            from zank.agents.base import greedy_policy_of  # agents import this module's users

            out.append(greedy_policy_of(rules))
        else:
            raise OptionError(f"unknown policy {quote(name)}; the policies: {', '.join(POLICIES)}")
    return out


def _count(value: object, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise OptionError(f"{name} must be an int >= 0, not {quote(value)}")
    return value


class Working:
    """A mutable stand-in for a :class:`~zank.core.State` along one playout: the
    same fields, and a ``successor`` that changes it in place and returns it, so
    that a variant's ``_legal`` and ``_apply`` (where ``Rules._in_place`` says
    they take one) play a whole game without building a ``State`` per move.
    :meth:`state` builds the real state once at the end."""

    __slots__ = (
        "down",
        "info",
        "outcome",
        "phase",
        "piles",
        "players",
        "ply",
        "rng",
        "rules",
        "to_move",
        "turn",
    )

    def __init__(self, state: State) -> None:
        self.rules = state.rules
        self.players = state.players
        self.piles = state.piles
        self.down = state.down
        self.to_move = state.to_move
        self.phase = state.phase
        self.info = state.info
        self.rng = state.rng
        self.ply = state.ply
        self.turn = state.turn
        self.outcome = state.outcome

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
    ) -> Working:
        """:meth:`zank.core.State.successor`, in place."""
        self.piles = tuple(piles)
        self.down = tuple(down)
        self.to_move = to_move
        self.phase = phase
        self.info = info
        if rng is not None:
            self.rng = rng
        self.ply += 1
        self.turn = turn
        self.outcome = outcome
        return self

    def state(self) -> State:
        """The :class:`~zank.core.State` this stands for."""
        return State(
            self.rules,
            self.players,
            self.piles,
            self.down,
            self.to_move,
            self.phase,
            self.info,
            self.rng,
            self.ply,
            self.turn,
            self.outcome,
        )


def _working_game(
    rules: Rules,
    state: State,
    rngs: list[Rng],
    chooser: list[Policy | None],
    limit: int,
    keep_moves: bool,
) -> tuple[State, int, list[Move]]:
    """One uniform random game through ``Rules._legal``/``_apply`` on one
    :class:`Working` stand-in (``chooser`` is all ``None``): the same kernel
    functions and games as :func:`_state_game`, no ``State`` per move."""
    legal_of, apply = rules._legal, rules._apply
    w = Working(state)
    s = cast(State, w)  # the kernel reads a state's fields and calls successor
    k = 0
    path: list[Move] = []
    while w.outcome is None and k != limit:
        legal = legal_of(s)
        move = legal[rngs[w.to_move].below(len(legal))]  # type: ignore[index]
        apply(s, move)  # returns s itself, changed (Rules._in_place)
        k += 1
        if keep_moves:
            path.append(move)
    return (w.state() if k else state), k, path


def _state_game(
    rules: Rules,
    state: State,
    rngs: list[Rng],
    chooser: list[Policy | None],
    limit: int,
    keep_moves: bool,
) -> tuple[State, int, list[Move]]:
    """One game through ``Rules._legal``/``_apply``, a ``State`` per move: the
    seat's policy of ``chooser`` (``None``: uniform random) chooses each move.
    Returns the final state, the moves made and, with ``keep_moves``, the moves."""
    legal_of, apply, observe = rules._legal, rules._apply, rules.observe
    k = 0
    path: list[Move] = []
    while state.outcome is None and k != limit:
        p = state.to_move
        assert p is not None
        legal = legal_of(state)
        greedy = chooser[p]
        if greedy is None:
            move = legal[rngs[p].below(len(legal))]
        else:
            move = greedy(rules, observe(state, p), legal, rngs[p])
        state = apply(state, move)
        k += 1
        if keep_moves:
            path.append(move)
    return state, k, path


def _compact_game(
    rules: Rules,
    state: State,
    rngs: list[Rng],
    chooser: list[Policy | None],
    limit: int,
    keep_moves: bool,
) -> tuple[State, int, list[Move]]:
    """One uniform random game on the variant's compact working position
    (:attr:`~zank.core.Rules.compact_kernel`): one list of piles and one of
    face-down counts changed in place, no ``State``, move tuple or ``Move``
    object per move; the same kernel functions as ``_legal``/``_apply``.
    ``chooser`` is all ``None`` here.  Returns the final state (built once), the
    moves made and, with ``keep_moves``, the moves."""
    moves_of = rules._kernel_moves  # type: ignore[attr-defined]
    play = rules._kernel_play  # type: ignore[attr-defined]
    piles = list(state.piles)
    down = list(state.down)
    p: int | None = state.to_move
    players, turn, rng, outcome = state.players, state.turn, state.rng, state.outcome
    k = 0
    path: list[Move] = []
    while outcome is None and k != limit:
        legal = moves_of(piles, p)
        move = legal[rngs[p].below(len(legal))]  # type: ignore[index]
        p, turn, rng, outcome = play(piles, down, p, players, turn, rng, move)
        k += 1
        if keep_moves:
            path.append(move)
    if k:
        state = evolve(
            state,
            piles=tuple(piles),
            down=tuple(down),
            to_move=p,
            ply=state.ply + k,
            turn=turn,
            rng=rng,
            outcome=outcome,
        )
    return state, k, path


def playouts(
    rules: Rules,
    state: State,
    n: int,
    *,
    policy: str | Sequence[str],
    seed: int | None,
    max_moves: int | None,
    keep_moves: bool,
    keep_finals: bool,
) -> Playouts:
    """Play ``n`` games from ``state`` to their end (see :meth:`zank.core.Rules.playouts`,
    which gives every argument its default)."""
    rules._check_own(state)
    n = _count(n, "n")
    limit = -1 if max_moves is None else _count(max_moves, "max_moves")
    if seed is None:
        seed = fresh_seed()
    elif not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise OptionError(f"seed must be an int >= 0 or None, not {quote(seed)}")
    players = state.players
    chooser = _policies(rules, policy, players)
    all_random = all(c is None for c in chooser)
    results: list[Result | None] = []
    lengths: list[int] = []
    turns: list[int] = []
    kept: list[tuple[Move, ...]] = []
    finals: list[State] = []
    game = _state_game
    if all_random:
        if rules.compact_kernel:
            game = _compact_game
        elif rules._in_place():
            game = _working_game
    for i in range(n):
        base = (seed + i) * 64
        rngs = [Rng(base + p) for p in range(players)]
        s, k, path = game(rules, state, rngs, chooser, limit, keep_moves)
        results.append(s.outcome)
        lengths.append(k)
        turns.append(s.turn)
        if keep_moves:
            kept.append(tuple(path))
        if keep_finals:
            finals.append(s)
    return Playouts(
        tuple(results),
        tuple(lengths),
        tuple(turns),
        tuple(kept) if keep_moves else None,
        tuple(finals) if keep_finals else None,
    )
