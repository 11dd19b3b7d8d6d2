"""Batched playouts: many games from one state, the building block of MCTS
rollouts and large simulations (:meth:`zank.core.Rules.playouts`).

Every playout, of every variant and policy, is one loop on one working
position (:class:`~zank.working.Working`) through the variant's kernel
(``Rules._kernel_moves`` and ``Rules._kernel_play``), the functions that
:meth:`~zank.core.Rules.legal_moves` and :meth:`~zank.core.Rules.apply` run
too, so every rule has one implementation.  What a playout leaves out are the
public API's checks on every call (that the state belongs to the rules object,
the cache of the last move list, the search for the chosen move in it) and,
for the random policy, the observation that an agent would be shown.  Where a
variant's kernel plays in place (Spite and Malice, the Zank-Patience family
in strict play) no ``State`` is built per move; table mode and variants that
implement only ``_legal`` and ``_apply`` go through real states.

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

from collections.abc import Sequence
from typing import TYPE_CHECKING

from attrs import frozen

from zank._policy import load_policy
from zank._values import Move, Result, State
from zank.errors import OptionError, ZankError, quote
from zank.random import Rng, fresh_seed
from zank.working import Working

try:  # the C types of the compiled build (Cython's pure-Python mode)
    import cython

    if not cython.compiled:  # an installed Cython's stand-in: zank's own instead
        raise ImportError
except ImportError:  # pure Python: the declarations change nothing
    from zank import _nocython as cython  # type: ignore[no-redef]

#: The extension types of the compiled build (``playouts.pxd`` cimports them):
#: the loop reads the working position's fields and calls ``Rng.below`` in C.
_Working = cython.typedef(Working)
_Rng = cython.typedef(Rng)

if TYPE_CHECKING:
    from zank.agents.base import Policy
    from zank.core import Rules

__all__ = ["POLICIES", "Playouts", "Working", "playouts"]  # Working: zank.working

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
            greedy = load_policy(rules)
            if greedy is None:
                raise ZankError(
                    f"no greedy agent for {rules.name}: it declares no greedy policy "
                    "(zank variants lists the variants with one)"
                )
            out.append(greedy)
        else:
            raise OptionError(f"unknown policy {quote(name)}; the policies: {', '.join(POLICIES)}")
    return out


def _count(value: object, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise OptionError(f"{name} must be an int >= 0, not {quote(value)}")
    return value


@cython.locals(w=_Working, r=_Rng)
def _game(
    rules: Rules,
    state: State,
    rngs: list[Rng],
    chooser: list[Policy | None],
    limit: int,
    keep_moves: bool,
) -> tuple[State, int, list[Move]]:
    """One game on one working position (:class:`~zank.working.Working`)
    through the variant's kernel, ``Rules._kernel_moves`` and
    ``Rules._kernel_play``: the seat's policy of ``chooser`` (``None``:
    uniform random) chooses each move.  Returns the final state (built once),
    the moves made and, with ``keep_moves``, the moves."""
    moves_of, play, observe = rules._kernel_moves, rules._kernel_play, rules.observe
    w = Working(state)
    k = 0
    path: list[Move] = []
    p = w.to_move  # None exactly when the game is over (its outcome set)
    while p is not None and k != limit:
        legal = moves_of(w)
        policy = chooser[p]
        if policy is None:
            r = rngs[p]
            move = legal[r.below(len(legal))]
        else:
            move = policy(rules, observe(w.state(), p), legal, rngs[p])
        play(w, move)
        p = w.to_move
        k += 1
        if keep_moves:
            path.append(move)
    return w.state(), k, path


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
    results: list[Result | None] = []
    lengths: list[int] = []
    turns: list[int] = []
    kept: list[tuple[Move, ...]] = []
    finals: list[State] = []
    for i in range(n):
        base = (seed + i) * 64
        rngs = [Rng(base + p) for p in range(players)]
        s, k, path = _game(rules, state, rngs, chooser, limit, keep_moves)
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
