"""A search agent: determinized IS-MCTS over the agent's own observation.

:class:`~zank.agents.SearchAgent` sees what every agent sees, its
:class:`~zank.core.Observation` and the legal moves, and nothing else.  For
each decision with more than one legal move it runs a single-observer
Information-Set Monte Carlo Tree Search (Cowling, Powley and Whitehouse,
2012) over the decisions of its own turn:

1. **Determinize.**  Deal the cards it cannot see at random with
   :meth:`~zank.core.Rules.sample_state`: a full state consistent with its
   observation.  Each *world* (determinization) is searched once under every
   legal move at the root with the same rollout randomness (common random
   numbers), so that the moves are compared on the same deals.
2. **Select** down the tree of the rest of its turn with UCT among the moves
   legal in that world (availability counts, as single-observer IS-MCTS
   does); a node gains children progressively, the greedy choice first.
3. **Roll out** with :meth:`~zank.core.Rules.playouts` (the variant's greedy
   policy in every seat by default, each seat deciding from its own
   observation of the world) for at most ``max_moves`` moves; where the
   greedy policy names a cheaper twin for rollouts
   (:data:`~zank.agents.search.ROLLOUT_ATTRIBUTE`: zank-104's, whose look to
   the end of the turn would cost most of a decision), the same loop plays
   the twin.
4. **Evaluate** the position the rollout reached: a finished game scores 1
   for the winner, 0 for the others, ½ each in a draw; a game the cut-off
   stopped is scored by :func:`~zank.agents.search.leaf_values`, how far each seat is from going
   out compared with the others.
5. **Back up** each seat's score along the path; play the root move with the
   best mean score (the greedy policy's own choice gets a small bonus,
   ``prior``, so that sampling noise does not overrule a good heuristic).

That is the ``"tree"`` method.  The ``"halving"`` method (the ``hard``
level) searches flat instead: every legal move is played in the same sampled
worlds and followed by a rollout of the greedy policy cut off after a few
turns (``turns``); round by round the worse half of the moves drops out
(sequential halving), and the best move left replaces the greedy choice only
when its lead over it, paired world by world, is clear (``confidence``
standard errors).  With ``goal_first``, a move that takes a card off the own
pay-off pile is always played when there is one (only such moves are compared).

Levels by name (:data:`~zank.agents.search.LEVELS`) are what ``search:easy``, ``search:medium``
and ``search:hard`` mean wherever an agent name is accepted
(:data:`zank.simulate.AGENTS`, ``zank play --vs``, ``zank simulate --agents``).

>>> import zank
>>> from zank.agents import RandomAgent, SearchAgent
>>> rules = zank.variant("spite-and-malice", pay_off_size=5)
>>> agents = [SearchAgent.level("easy", seed=1), RandomAgent(2)]
>>> record = zank.play(rules, agents, seed=3)
>>> record == zank.play(rules, [SearchAgent.level("easy", seed=1), RandomAgent(2)], seed=3)
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence

from attrs import frozen

from zank.agents.base import Policy, greedy_policy_of
from zank.agents.memory import TurnoverMemory
from zank.core import Move, Observation, Rules, State
from zank.errors import OptionError, quote
from zank.playouts import POLICIES, _game
from zank.random import Rng, fresh_seed

__all__ = [
    "DRAW_KINDS",
    "FAMILY_WEIGHTS",
    "GOAL_KIND",
    "LEVELS",
    "METHODS",
    "REACH_ATTRIBUTE",
    "ROLLOUT_ATTRIBUTE",
    "UNBLOCK_ATTRIBUTE",
    "UNBLOCK_MODES",
    "Evaluation",
    "SearchAgent",
    "SearchLevel",
    "draw_pile_end",
    "goal_weights",
    "leaf_values",
    "left_to_go",
    "pay_off_reach",
]

#: The search methods of :class:`~zank.agents.SearchAgent`: ``"tree"``
#: (IS-MCTS over the rest of the own turn) and ``"halving"`` (every legal move
#: followed by a rollout in the same sampled worlds, the worse half dropped
#: round by round: sequential halving).
METHODS = ("tree", "halving")

#: The attribute of a greedy policy that names its cheaper twin for the search's
#: rollouts (a policy with the same signature): where a variant's greedy policy
#: has one (zank-104's looks to the end of the turn on two sampled states, its
#: twin on one), greedy rollouts play the twin; the prior and the first moves
#: tried at each node stay the greedy policy's own.
ROLLOUT_ATTRIBUTE = "rollout"

#: The attribute of a greedy policy that names its function ``reach(rules,
#: state)``: per seat, in [0, 1], how sure the policy is to play the seat's goal
#: card (Spite and Malice's pay-off card) when the seat is next to play, read
#: from a sampled world; :func:`~zank.agents.search.pay_off_reach` weighs it
#: into the leaf evaluation.  Spite and Malice's policy has one
#: (its planner), no other variant's does.
REACH_ATTRIBUTE = "reach"

#: The attribute of a greedy policy that names its unblocking twin (a policy
#: with the same signature) for :class:`~zank.agents.SearchAgent`'s
#: ``unblock``: Spite and Malice's
#: (``zank.agents.spite.spite_and_malice_unblock``) plays the greedy move
#: except where its seat is blocked, and then completes a build pile to free a
#: place.  No other variant's policy has one.
UNBLOCK_ATTRIBUTE = "unblock"

#: The settings of :class:`~zank.agents.SearchAgent`'s ``unblock`` option,
#: ``"off"`` (the greedy policy throughout), ``"rollouts"`` (the rollouts play the
#: greedy policy's unblocking twin, :data:`~zank.agents.search.UNBLOCK_ATTRIBUTE`),
#: ``"first"`` (as ``"rollouts"``, and where the twin's move differs from the
#: greedy policy's, the twin's is played at once, without a search: at Spite
#: and Malice, where the seat is blocked and the twin frees a build place),
#: ``"all"`` (as ``"rollouts"``, and the twin also picks the move the search
#: starts from: the ``prior``'s favourite, the one ``confidence`` must
#: overrule, and the first move tried at a node), ``"mine"`` (the rollouts play
#: the twin in the searching seat only; the other seats play the greedy policy,
#: as a greedy opponent does).
UNBLOCK_MODES = ("off", "rollouts", "first", "all", "mine")

#: The pile kind that, where a seat owns one, is the only thing it must empty
#: to go out (the pay-off pile: the hand is refilled, the side stacks may stay).
GOAL_KIND = "pay-off"

#: The pile kinds that feed the hands when a draw pile runs out (Spite and
#: Malice's draw pile and its completed build piles, which go back into it): a
#: layout with a pile of the first kind ends in a draw when they are empty, and
#: :func:`~zank.agents.search.draw_pile_end` counts the cards they hold.
DRAW_KINDS = ("draw", "completed")

#: How much one card left in a seat's pile of a kind counts against that seat,
#: for a layout without a :data:`~zank.agents.search.GOAL_KIND` pile (the family: a seat goes out
#: when every card of its own piles is gone).  A reserve card needs the card
#: above it played first and can only leave for a foundation or a house, so it
#: counts more than a card of the hand pile, which turns up by itself.
FAMILY_WEIGHTS: Mapping[str, float] = {
    "reserve": 1.5,
    "schikanier": 1.5,
    "hand": 1.0,
    "talon": 1.0,
    "turned": 1.0,
    "discard": 1.0,
    "second-talon": 1.0,
}


def goal_weights(rules: Rules, players: int) -> dict[str, float]:
    """Per pile kind, how much one card in a seat's own pile of that kind
    counts against the seat (kinds not listed count nothing).

    Read from the layout, never from the variant's name: a layout with a
    :data:`~zank.agents.search.GOAL_KIND` pile counts that pile only; any other counts the
    seat's own piles with :data:`~zank.agents.search.FAMILY_WEIGHTS` (1 for a kind not listed).

    >>> import zank
    >>> from zank.agents.search import goal_weights
    >>> goal_weights(zank.variant("spite-and-malice"), 2)
    {'pay-off': 1.0}
    >>> goal_weights(zank.variant("zank-detailed"), 2)["reserve"]
    1.5
    """
    kinds = {spec.kind for spec in rules.layout(players) if spec.owner is not None}
    if GOAL_KIND in kinds:
        return {GOAL_KIND: 1.0}
    return {kind: FAMILY_WEIGHTS.get(kind, 1.0) for kind in sorted(kinds)}


def left_to_go(
    rules: Rules, state: State | Observation, weights: Mapping[str, float]
) -> list[float]:
    """Per seat, the weighted count of the cards it still has to get rid of
    (see :func:`~zank.agents.search.goal_weights`); only counts are read, so an observation
    gives the same figures as the state it shows."""
    out = [0.0] * state.players
    for spec, cards in zip(rules.layout(state.players), state.piles, strict=True):
        if spec.owner is not None:
            weight = weights.get(spec.kind)
            if weight:
                out[spec.owner] += weight * len(cards)
    return out


def _left_after(
    rules: Rules, state: State | Observation, weights: Mapping[str, float], ahead: Sequence[float]
) -> list[float]:
    """Each seat's :func:`~zank.agents.search.left_to_go` less its ``ahead`` (at least 0)."""
    left = left_to_go(rules, state, weights)
    if ahead:
        left = [max(0.0, x - a) for x, a in zip(left, ahead, strict=True)]
    return left


def leaf_values(
    rules: Rules,
    state: State | Observation,
    weights: Mapping[str, float],
    scale: float = 4.0,
    ahead: Sequence[float] = (),
    toward_draw: float = 0.0,
    drawn: float = 0.5,
) -> list[float]:
    """Each seat's score in [0, 1] for a position: the result once the game
    is over (1 for the winner, 0 for the others, ``drawn`` each in a draw), else
    ``½ + ½·tanh((others − mine) / spread)``, where *mine* is the seat's
    :func:`~zank.agents.search.left_to_go`, *others* the mean of the other
    seats', and ``spread = scale + mean / 2``, *mean* the mean of every
    seat's count.  The spread grows with the cards left, so that a lead of
    a few cards weighs more near the end than at the deal, and the score
    does not saturate in the middle of a long game: a search compares moves
    by small differences of it.  ``ahead``, if given, is per seat what to
    take off its count before the comparison (cards it is expected to be
    rid of soon, for example :func:`~zank.agents.search.pay_off_reach`).
    ``toward_draw`` (in [0, 1]) is the share by which a running game's scores
    are moved to ``drawn``: how likely the game is to end drawn, for example
    :func:`~zank.agents.search.draw_pile_end`.

    >>> import zank
    >>> from zank.agents.search import goal_weights, leaf_values
    >>> rules = zank.variant("spite-and-malice")
    >>> state = rules.new_game(seed=1)
    >>> leaf_values(rules, state, goal_weights(rules, 2))  # even at the deal
    [0.5, 0.5]
    """
    n = state.players
    result = state.outcome
    if result is not None:
        if result.winner is None:
            return [drawn] * n
        return [1.0 if p == result.winner else 0.0 for p in range(n)]
    left = _left_after(rules, state, weights, ahead)
    total = sum(left)
    spread = scale + total / (2 * n)
    out = []
    keep = 1.0 - toward_draw
    for p in range(n):
        others = (total - left[p]) / (n - 1)
        value = 0.5 + 0.5 * math.tanh((others - left[p]) / spread)
        out.append(keep * value + toward_draw * drawn if toward_draw else value)
    return out


def draw_pile_end(
    rules: Rules,
    state: State | Observation,
    weights: Mapping[str, float],
    weight: float = 1.0,
    ahead: Sequence[float] = (),
) -> float | None:
    """How likely a running game is to end drawn because its draw pile runs
    out (Spite and Malice, S&M-14), in [0, 1]: ``weight · m / (m + d)``
    (at most 1), where *m* is the smallest :func:`~zank.agents.search.left_to_go`
    of any seat (less its ``ahead``, as in :func:`~zank.agents.search.leaf_values`):
    how far the seat nearest to going out still is, and *d* the cards of the
    :data:`~zank.agents.search.DRAW_KINDS` piles: what the hands can still
    draw.  A game whose leader is near out, or whose draw pile is long, is
    unlikely to end drawn.  ``None`` for a layout without a draw pile (the
    family) or a game that is over.  Only pile sizes are read, so an
    observation gives the same figure as the state it shows.

    >>> import zank
    >>> from zank.agents.search import draw_pile_end, goal_weights
    >>> rules = zank.variant("spite-and-malice")
    >>> state = rules.new_game(seed=1)  # 20 pay-off cards each, 54 to draw
    >>> round(draw_pile_end(rules, state, goal_weights(rules, 2)), 3)
    0.27
    >>> detailed = zank.variant("zank-detailed")
    >>> print(draw_pile_end(detailed, detailed.new_game(seed=1), {}))
    None
    """
    if state.outcome is not None:
        return None
    layout = rules.layout(state.players)
    if not any(spec.kind == DRAW_KINDS[0] for spec in layout):
        return None
    d = sum(
        len(cards)
        for spec, cards in zip(layout, state.piles, strict=True)
        if spec.owner is None and spec.kind in DRAW_KINDS
    )
    m = min(_left_after(rules, state, weights, ahead))
    if m <= 0:
        return 0.0
    return min(1.0, weight * m / (m + d))


def pay_off_reach(rules: Rules, state: State, weight: float = 1.0) -> list[float] | None:
    """Per seat, how much to count as gone from its goal pile at a rollout's
    end because its greedy policy can soon play the goal card (Spite and
    Malice's pay-off card): what the policy's
    :data:`~zank.agents.search.REACH_ATTRIBUTE` function gives per seat (in
    [0, 1]), times ``weight`` for the seat to move and ``weight / 2`` for the
    others (the piles will have changed before their turn).  ``None`` where the
    policy has no such function (every variant but Spite and Malice) or the
    game is over.  The function reads every pile of ``state``: call this on a
    sampled world (:meth:`~zank.core.Rules.sample_state`), never on the true
    state of a game one plays.

    >>> import zank
    >>> from zank.agents.search import pay_off_reach
    >>> rules = zank.variant("spite-and-malice")
    >>> pay_off_reach(rules, rules.new_game(seed=3))  # no build pile, no ace on top
    [0.0, 0.0]
    >>> detailed = zank.variant("zank-detailed")
    >>> print(pay_off_reach(detailed, detailed.new_game(seed=3)))
    None
    """
    if state.outcome is not None or rules.greedy_policy is None:
        return None
    reach = getattr(greedy_policy_of(rules), REACH_ATTRIBUTE, None)
    if not callable(reach):
        return None
    mover = state.to_move
    shares = reach(rules, state)
    return [(weight if p == mover else weight / 2) * r for p, r in enumerate(shares)]


@frozen
class SearchLevel:
    """The settings of a named level (see :data:`~zank.agents.search.LEVELS`).

    Attributes:
        iterations: searches (one rollout each) per decision, spread over
            the legal moves: ``max(1, iterations // len(legal_moves))``
            worlds, each searched under every legal move.
        max_moves: the rollout cut-off in moves.
        prior: the bonus of the greedy policy's own choice on its mean score.
        method: ``"tree"`` or ``"halving"`` (see :data:`~zank.agents.search.METHODS`).
        turns: the rollout cut-off in turns (0: ``max_moves`` alone cuts off).
        confidence: how sure the search must be to overrule the greedy choice.
        goal_first: consider only the moves that take a card off the own goal pile
            when there are any.
        reach: the weight of :func:`~zank.agents.search.pay_off_reach` in the
            leaf evaluation (0: off).
        draw_end: the ``weight`` of :func:`~zank.agents.search.draw_pile_end`
            in the leaf evaluation (0: off).
        draw_score: what a drawn game scores for the searching seat.
        unblock: where the greedy policy's unblocking twin plays instead of
            it (see :data:`~zank.agents.search.UNBLOCK_MODES`).
        memory: whether the worlds keep the order of the piles the seat saw
            turned over (:class:`~zank.agents.SearchAgent`'s ``memory``).
        without_goal: if given, the settings for a layout with no
            :data:`~zank.agents.search.GOAL_KIND` pile (the Zank-Patience
            family, whose turns are long: a rollout of a few turns there costs
            more than the level's time budget).
    """

    iterations: int
    max_moves: int
    prior: float
    method: str = "tree"
    turns: int = 0
    confidence: float = 0.0
    goal_first: bool = False
    reach: float = 0.0
    draw_end: float = 0.0
    draw_score: float = 0.5
    unblock: str = "off"
    memory: bool = True
    without_goal: SearchLevel | None = None


#: The named levels, ``search:NAME`` as an agent name.  The budgets are in
#: iterations, not seconds, so that a level plays the same game from the same
#: seed on any machine; what each costs per decision and how strong it is,
#: per variant, is measured in the docs ("How strong are the agents").
LEVELS: Mapping[str, SearchLevel] = {
    "easy": SearchLevel(iterations=8, max_moves=0, prior=0.02),
    "medium": SearchLevel(iterations=48, max_moves=10, prior=0.05),
    "hard": SearchLevel(
        iterations=400,
        max_moves=40,
        prior=0.05,
        method="halving",
        turns=3,
        confidence=1.0,
        goal_first=True,
        reach=1.0,
        without_goal=SearchLevel(iterations=160, max_moves=20, prior=0.05),
    ),
}


class _Node:
    """A node of the search tree: the move that led here and its statistics."""

    __slots__ = ("avail", "children", "move", "parent", "player", "total", "visits")

    def __init__(self, move: Move | None, parent: _Node | None, player: int | None) -> None:
        self.move = move
        self.parent = parent
        self.player = player  # the seat that made ``move``; its score is backed up here
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


@frozen
class Evaluation:
    """What :meth:`zank.agents.SearchAgent.evaluate` estimates for a position.

    Attributes:
        values: each seat's estimated chance to win (a draw counts ½, a
            rollout cut off counts its :func:`~zank.agents.search.leaf_values`).
        samples: the rollouts behind the estimate.
    """

    values: tuple[float, ...]
    samples: int


class SearchAgent:
    """Determinized IS-MCTS over its own observation (see :mod:`zank.agents.search`).

    Args:
        seed: seeds the determinizations and rollouts: the same seed plays
            the same moves from the same observations.
        iterations: searches per decision (one rollout each), spread over
            the legal moves: ``max(1, iterations // k)`` worlds for ``k``
            legal moves, each world searched under every move.
        seconds: if given, also stop starting new worlds once this many
            seconds have passed (at least one world is searched).  A time
            budget depends on the machine, so play is then no longer
            reproducible from the seed; the levels use iterations only.
        max_moves: the rollout cut-off: moves played after the tree before
            the position is scored (0: score it at once).
        rollout: the rollout policy of every seat, ``"greedy"`` or ``"random"``.
        prior: the greedy policy's own choice at the root gets this bonus on
            its mean score (0 to turn it off).
        exploration: the UCT exploration constant below the root.
        widening: below the root a node with ``n`` visits has at most
            ``1 + widening * sqrt(n)`` children (progressive widening).
        scale: the ``scale`` of :func:`~zank.agents.search.leaf_values`.
        weights: per pile kind, what a card left counts (default
            :func:`~zank.agents.search.goal_weights` of the layout).
        method: ``"tree"``, IS-MCTS over the rest of the own turn (each
            world searched under every legal move), or ``"halving"``: every
            legal move is played in the same sampled worlds and followed by a
            rollout; after each of ``ceil(log2(k))`` rounds (``k`` legal
            moves) the better half stays in the running, the greedy choice
            always among them (sequential halving; ``iterations`` rollouts in
            all, at least one world a round).
        goal_first: if some legal moves take a card off the seat's own goal
            pile (:data:`~zank.agents.search.GOAL_KIND`, the pay-off pile),
            choose among those only (one such move is played at once).
        confidence: with ``"halving"``, the best move overrules the greedy
            choice only when its mean lead over it, world by world, is more
            than ``confidence`` standard errors (0: any lead will do).
        turns: cut each rollout off when this many more turns have begun
            (played move by move through the rules API, at most
            ``max_moves`` moves when that is not 0); 0: ``max_moves`` alone.
        reach: the weight of :func:`~zank.agents.search.pay_off_reach` at a
            rollout's end (Spite and Malice): what a seat's pay-off card in
            reach takes off its count in :func:`~zank.agents.search.leaf_values`
            (0: off; other rules ignore it).
        draw_end: the ``weight`` of :func:`~zank.agents.search.draw_pile_end`
            at a rollout's end: the leaf scores are moved that share of the way
            to ``draw_score`` (0: off; rules without a draw pile ignore it).
        draw_score: what a drawn game scores for each seat in the search's
            rollouts (a game over, or the share ``draw_end`` gives), in [0, 1];
            below ½ the search avoids a draw unless it is behind by more
            (:meth:`evaluate` always counts a draw ½).
        unblock: ``"off"``, ``"rollouts"``, ``"first"``, ``"all"`` or
            ``"mine"`` (:data:`~zank.agents.search.UNBLOCK_MODES`): with
            ``"rollouts"`` the rollouts play the greedy policy's unblocking twin
            (:data:`~zank.agents.search.UNBLOCK_ATTRIBUTE`; Spite and Malice's
            completes a build pile to free a place when the seat's pay-off card
            is blocked); with ``"first"`` also, where the twin's move differs
            from the greedy policy's, the twin's move is played without a
            search; with ``"all"`` the twin also picks the move the search
            starts from and must overrule (``prior``, ``confidence``) and the
            first move tried at a node; with ``"mine"`` the rollouts play the
            twin in the searching seat only, the other seats the greedy policy
            (in :meth:`evaluate` from a :class:`~zank.core.State`, which has no
            searching seat, every seat plays the greedy policy).  Rules whose
            policy has no twin ignore it.
        memory: remember, from the observations the agent is shown, the order
            of the face-down piles it saw turned over from a face-up pile
            (:meth:`~zank.core.Rules.turnover_refills`: the Zank-Patience
            family's hand pile, refilled by the own discard turned over; in
            ``zank-104`` the talon and the second talon), and keep that order
            in every sampled world; the other hidden places are dealt at random
            as before (:class:`~zank.agents.memory.TurnoverMemory`).  Where
            what it remembers does not agree with the observation, the pile is
            dealt at random.  ``False``: every world is
            :meth:`~zank.core.Rules.sample_state` of the observation.  The
            memory starts afresh at a new game (another rules object, seat
            count or seat, or a lower ply or turn than the last observation),
            so an agent can play one game after another; it needs to see every
            observation of its seat (every call of :meth:`choose`, single legal
            moves included), as :func:`zank.play` shows them.
            :meth:`evaluate` does not use it.  Rules without such a pile
            ignore it.

    Raises:
        OptionError: a setting out of range.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int = 48,
        seconds: float | None = None,
        max_moves: int = 10,
        rollout: str = "greedy",
        prior: float = 0.05,
        exploration: float = 0.3,
        widening: float = 0.5,
        scale: float = 4.0,
        weights: Mapping[str, float] | None = None,
        method: str = "tree",
        goal_first: bool = False,
        confidence: float = 0.0,
        turns: int = 0,
        reach: float = 0.0,
        draw_end: float = 0.0,
        draw_score: float = 0.5,
        unblock: str = "off",
        memory: bool = True,
    ) -> None:
        if method not in METHODS:
            raise OptionError(f"method must be one of {', '.join(METHODS)}, not {quote(method)}")
        if not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 1:
            raise OptionError(f"iterations must be an int >= 1, not {quote(iterations)}")
        if not isinstance(max_moves, int) or isinstance(max_moves, bool) or max_moves < 0:
            raise OptionError(f"max_moves must be an int >= 0, not {quote(max_moves)}")
        if seconds is not None and not (isinstance(seconds, (int, float)) and seconds > 0):
            raise OptionError(f"seconds must be a number > 0 or None, not {quote(seconds)}")
        if rollout not in POLICIES:
            raise OptionError(f"rollout must be one of {', '.join(POLICIES)}, not {quote(rollout)}")
        if not isinstance(turns, int) or isinstance(turns, bool) or turns < 0:
            raise OptionError(f"turns must be an int >= 0, not {quote(turns)}")
        if not (isinstance(confidence, (int, float)) and confidence >= 0):
            raise OptionError(f"confidence must be a number >= 0, not {quote(confidence)}")
        if not (isinstance(reach, (int, float)) and reach >= 0):
            raise OptionError(f"reach must be a number >= 0, not {quote(reach)}")
        if not (isinstance(draw_end, (int, float)) and draw_end >= 0):
            raise OptionError(f"draw_end must be a number >= 0, not {quote(draw_end)}")
        if not (isinstance(draw_score, (int, float)) and 0 <= draw_score <= 1):
            raise OptionError(f"draw_score must be a number in [0, 1], not {quote(draw_score)}")
        if unblock not in UNBLOCK_MODES:
            raise OptionError(
                f"unblock must be one of {', '.join(UNBLOCK_MODES)}, not {quote(unblock)}"
            )
        if not scale > 0:
            raise OptionError(f"scale must be > 0, not {quote(scale)}")
        self.rng = Rng(fresh_seed() if seed is None else seed)
        self.iterations = iterations
        self.seconds = seconds
        self.max_moves = max_moves
        self.rollout = rollout
        self.prior = prior
        self.exploration = exploration
        self.widening = widening
        self.scale = scale
        self.weights = None if weights is None else dict(weights)
        self.method = method
        self.goal_first = bool(goal_first)
        self.confidence = float(confidence)
        self.turns = turns
        self.reach = float(reach)
        self.draw_end = float(draw_end)
        self.draw_score = float(draw_score)
        self.unblock = unblock
        self.memory = bool(memory)
        self._memory = TurnoverMemory()
        self._roll = Rng(0)
        self._goal: dict[tuple[Rules, int], dict[str, float]] = {}
        self._goals: dict[tuple[Rules, int], bool] = {}
        self._without_goal: SearchAgent | None = None

    @classmethod
    def level(cls, name: str, seed: int | None = None) -> SearchAgent:
        """The agent of a named level (:data:`~zank.agents.search.LEVELS`).

        Raises:
            OptionError: an unknown level.
        """
        settings = LEVELS.get(name)
        if settings is None:
            raise OptionError(
                f"unknown search level {quote(name)}; the levels: {', '.join(LEVELS)}"
            )
        agent = cls._of(settings, seed)
        if settings.without_goal is not None:
            agent._without_goal = cls._of(settings.without_goal, seed)
        return agent

    @classmethod
    def _of(cls, settings: SearchLevel, seed: int | None) -> SearchAgent:
        return cls(
            seed,
            iterations=settings.iterations,
            max_moves=settings.max_moves,
            prior=settings.prior,
            method=settings.method,
            turns=settings.turns,
            confidence=settings.confidence,
            goal_first=settings.goal_first,
            reach=settings.reach,
            draw_end=settings.draw_end,
            draw_score=settings.draw_score,
            unblock=settings.unblock,
            memory=settings.memory,
        )

    def choose(self, rules: Rules, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        """The root move with the best mean score over the sampled worlds."""
        if self._without_goal is not None and not self._has_goal(rules, observation.players):
            return self._without_goal.choose(rules, observation, legal_moves)
        if self.memory:
            self._memory.observe(rules, observation)
        if len(legal_moves) == 1:
            return legal_moves[0]
        if self.goal_first:
            legal_moves = self._goal_moves(rules, observation, legal_moves)
            if len(legal_moves) == 1:
                return legal_moves[0]
        if self.unblock == "first":
            move = self._unblocking_move(rules, observation, legal_moves)
            if move is not None:
                return move
        if self.method == "halving":
            return self._halving(rules, observation, legal_moves)
        me = observation.player
        root = _Node(None, None, None)
        children = [_Node(m, root, me) for m in legal_moves]
        worlds = max(1, self.iterations // len(legal_moves))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        searched = 0
        for _ in range(worlds):
            if searched and deadline is not None and time.perf_counter() > deadline:
                break
            world, roll = self.rng.next64(), self.rng.next64()
            state = self._world(rules, observation, world)
            for child in children:
                assert child.move is not None
                self._roll = Rng(roll)  # the same rollout randomness for every root move
                self._search(rules, child, rules.apply(state, child.move), me, state.turn)
            searched += 1
        return self._best(rules, observation, legal_moves, children, searched)

    def _world(self, rules: Rules, observation: Observation, seed: int) -> State:
        """A world for the search: :meth:`~zank.core.Rules.sample_state` of
        ``observation``, with the piles the memory keeps in their order."""
        if self.memory:
            return self._memory.world(rules, observation, seed)
        return rules.sample_state(observation, seed=seed)

    def _best(
        self,
        rules: Rules,
        observation: Observation,
        legal_moves: Sequence[Move],
        children: Sequence[_Node],
        searched: int,
    ) -> Move:
        """The root move of the tree search: the best total score over the
        ``searched`` worlds, the greedy policy's choice given ``prior`` a world."""
        favourite = -1
        if self.prior and rules.greedy_policy is not None:
            policy = self._base(rules)
            favourite = policy(rules, observation, legal_moves, self.rng).action
        bonus = self.prior * searched
        best = max(
            children,
            key=lambda c: (
                c.total + (bonus if c.move is not None and c.move.action == favourite else 0.0)
            ),
        )
        assert best.move is not None
        return best.move

    def _has_goal(self, rules: Rules, players: int) -> bool:
        """Whether the layout has a :data:`GOAL_KIND` pile."""
        key = (rules, players)
        has = self._goals.get(key)
        if has is None:
            has = self._goals[key] = any(s.kind == GOAL_KIND for s in rules.layout(players))
        return has

    def _goal_moves(
        self, rules: Rules, observation: Observation, legal_moves: Sequence[Move]
    ) -> Sequence[Move]:
        """The moves that take a card off the seat's own goal pile
        (:data:`GOAL_KIND`), or all of ``legal_moves`` when none does."""
        me = observation.player
        goal = [
            i
            for i, spec in enumerate(rules.layout(observation.players))
            if spec.owner == me and spec.kind == GOAL_KIND
        ]
        if not goal:
            return legal_moves
        before = sum(len(observation.piles[i]) for i in goal)
        world = rules.sample_state(observation, seed=0)
        out = []
        for move in legal_moves:
            after = rules.apply(world, move)
            if after.outcome is not None or sum(len(after.piles[i]) for i in goal) < before:
                out.append(move)
        return out or legal_moves

    def _halving(self, rules: Rules, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        """Flat search with sequential halving: every move still in the
        running is played in the same sampled worlds and followed by a rollout;
        after each round the better half stays in the running."""
        me = observation.player
        k = len(legal_moves)
        rounds = max(1, math.ceil(math.log2(k)))
        favourite = -1
        if self.prior and rules.greedy_policy is not None:
            policy = self._base(rules)
            favourite = policy(rules, observation, legal_moves, self.rng).action
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        fav = next((i for i, m in enumerate(legal_moves) if m.action == favourite), -1)
        alive = list(range(k))
        values: list[list[float]] = [[] for _ in range(k)]
        seen = 0  # worlds every move in the running was played in
        for _ in range(rounds):
            per = max(1, self.iterations // (rounds * len(alive)))
            for _ in range(per):
                if seen and deadline is not None and time.perf_counter() > deadline:
                    break
                world, roll = self.rng.next64(), self.rng.next64()
                state = self._world(rules, observation, world)
                for i in alive:
                    self._roll = Rng(roll)
                    after = rules.apply(state, legal_moves[i])
                    values[i].append(self._rollout(rules, after, me=me)[me])
                seen += 1
            if len(alive) <= 2 or (deadline is not None and time.perf_counter() > deadline):
                break
            bonus = self.prior * seen

            def score(i: int, bonus: float = bonus) -> float:
                return sum(values[i]) + (bonus if i == fav else 0.0)

            alive.sort(key=score, reverse=True)
            alive = alive[: max(2, (len(alive) + 1) // 2)]
            if fav >= 0 and fav not in alive:
                alive[-1] = fav
        bonus = self.prior * seen
        best = max(alive, key=lambda i: sum(values[i]) + (bonus if i == fav else 0.0))
        if fav >= 0 and best != fav and self.confidence > 0:
            diffs = [a - b for a, b in zip(values[best], values[fav], strict=True)]
            n = len(diffs)
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
            if n < 2 or mean <= self.confidence * math.sqrt(var / n):
                best = fav
        return legal_moves[best]

    def _play_turns(self, rules: Rules, state: State, me: int | None = None) -> State:
        """Play the rollout policy move by move until ``turns`` more turns have
        begun (or ``max_moves`` moves, if set, or the end of the game); ``me``
        is the searching seat (see :meth:`_rollout_policies`)."""
        end = state.turn + self.turns
        left = self.max_moves or -1
        greedy = self.rollout == "greedy"
        policies = self._rollout_policies(rules, state.players, me) if greedy else None
        rng = Rng(self._roll.next64())
        while state.outcome is None and state.turn < end and left:
            moves = rules.legal_moves(state)
            if len(moves) == 1:
                move = moves[0]
            elif policies is not None:
                seat = state.to_move
                assert seat is not None
                move = policies[seat](rules, rules.observe(state, seat), moves, rng)
            else:
                move = moves[rng.below(len(moves))]
            state = rules.apply(state, move)
            left -= 1
        return state

    def evaluate(
        self, rules: Rules, position: Observation | State, samples: int = 32
    ) -> Evaluation:
        """Each seat's estimated chance to win: the mean score of ``samples``
        rollouts, cut off at ``max_moves`` and scored by
        :func:`~zank.agents.search.leaf_values`.

        From an :class:`~zank.core.Observation` (what one seat sees) each
        rollout starts from its own determinization
        (:meth:`~zank.core.Rules.sample_state`), so the estimate reads no card
        hidden from that seat; from a :class:`~zank.core.State` every rollout
        starts from that state itself, every card known.

        Raises:
            OptionError: ``samples`` is not an int >= 1.
        """
        if not isinstance(samples, int) or isinstance(samples, bool) or samples < 1:
            raise OptionError(f"samples must be an int >= 1, not {quote(samples)}")
        totals = [0.0] * position.players
        for _ in range(samples):
            world, roll = self.rng.next64(), self.rng.next64()
            self._roll = Rng(roll)
            start = (
                position
                if isinstance(position, State)
                else rules.sample_state(position, seed=world)
            )
            me = position.player if isinstance(position, Observation) else None
            scores = self._rollout(rules, start, drawn=0.5, me=me)
            for p, v in enumerate(scores):
                totals[p] += v
        return Evaluation(tuple(t / samples for t in totals), samples)

    def _search(self, rules: Rules, node: _Node, state: State, me: int, turn: int) -> None:
        """One IS-MCTS iteration below ``node``: select, expand, roll out, back up."""
        c = self.exploration
        while state.outcome is None and state.to_move == me and state.turn == turn:
            moves = rules.legal_moves(state)
            kids = node.children
            untried = [m for m in moves if m.action not in kids]
            best: _Node | None = None
            if not untried or len(kids) >= 1 + self.widening * math.sqrt(node.visits):
                best_value = -1.0
                for m in moves:
                    other = kids.get(m.action)
                    if other is None:
                        continue
                    other.avail += 1
                    value = other.total / other.visits + c * math.sqrt(
                        math.log(other.avail) / other.visits
                    )
                    if value > best_value:
                        best, best_value = other, value
            if best is None:  # expand one move (also when no child is legal in this world)
                move = self._first_try(rules, state, untried, moves)
                child = _Node(move, node, state.to_move)
                kids[move.action] = child
                node, state = child, rules.apply(state, move)
                break
            assert best.move is not None
            node, state = best, rules.apply(state, best.move)
        scores = self._rollout(rules, state, me=me)
        walk: _Node | None = node
        while walk is not None:
            walk.visits += 1
            if walk.player is not None:
                walk.total += scores[walk.player]
            walk = walk.parent

    def _first_try(
        self, rules: Rules, state: State, untried: list[Move], moves: Sequence[Move]
    ) -> Move:
        """The untried move to expand: the greedy choice while every move is
        untried (the search starts from the policy's line), else a random one."""
        if self.rollout == "greedy" and len(untried) == len(moves):
            assert state.to_move is not None
            policy = self._base(rules)
            return policy(rules, rules.observe(state, state.to_move), moves, self.rng)
        return untried[self.rng.below(len(untried))]

    def _rollout(
        self, rules: Rules, state: State, drawn: float | None = None, me: int | None = None
    ) -> list[float]:
        """Play on from ``state`` for at most ``max_moves`` moves and score the
        end (a draw ``drawn``, by default the agent's ``draw_score``); ``me``
        is the searching seat (``None``: none, see :meth:`_rollout_policies`)."""
        if self.turns and state.outcome is None:
            state = self._play_turns(rules, state, me)
        elif self.max_moves and state.outcome is None:
            if self.rollout == "greedy" and self._rollouts_twin(rules) is not None:
                policies = self._rollout_policies(rules, state.players, me)
                state = _playout(rules, state, policies, self._roll.next64(), self.max_moves)
            else:
                state = self._playouts(rules, state)
        key = (rules, state.players)
        weights = self.weights
        if weights is None:
            weights = self._goal.get(key)
            if weights is None:
                weights = self._goal[key] = goal_weights(rules, state.players)
        ahead = (pay_off_reach(rules, state, self.reach) if self.reach else None) or ()
        toward = (
            draw_pile_end(rules, state, weights, self.draw_end, ahead) if self.draw_end else None
        )
        score = self.draw_score if drawn is None else drawn
        return leaf_values(rules, state, weights, self.scale, ahead, toward or 0.0, score)

    def _unblocking_move(
        self, rules: Rules, observation: Observation, legal_moves: Sequence[Move]
    ) -> Move | None:
        """The unblocking twin's move where it differs from the greedy
        policy's (both from the same generator state), else ``None``."""
        if rules.greedy_policy is None:
            return None
        policy = greedy_policy_of(rules)
        twin = _twin(policy, UNBLOCK_ATTRIBUTE)
        if twin is None:
            return None
        seed = self.rng.next64()
        move = twin(rules, observation, legal_moves, Rng(seed))
        if move == policy(rules, observation, legal_moves, Rng(seed)):
            return None
        return move

    def _base(self, rules: Rules) -> Policy:
        """The policy the search starts from (the ``prior``'s favourite, the
        first move tried): the greedy policy, or its unblocking twin with
        ``unblock="all"``."""
        policy = greedy_policy_of(rules)
        if self.unblock == "all":
            return _twin(policy, UNBLOCK_ATTRIBUTE) or policy
        return policy

    def _rollouts_twin(self, rules: Rules, mine: bool = True) -> Policy | None:
        """The policy the greedy rollouts play instead of the greedy policy
        in the searching seat (``mine``) or another: its unblocking twin when
        ``unblock`` is on (with ``"mine"``, in the searching seat only) and the
        policy has one, else its rollout twin, else ``None`` (:func:`_twin`)."""
        policy = greedy_policy_of(rules)
        if self.unblock != "off" and (mine or self.unblock != "mine"):
            twin = _twin(policy, UNBLOCK_ATTRIBUTE)
            if twin is not None:
                return twin
        return _twin(policy, ROLLOUT_ATTRIBUTE)

    def _rollout_policies(self, rules: Rules, players: int, me: int | None) -> list[Policy]:
        """Per seat, the policy a greedy rollout plays; ``me`` is the
        searching seat (``None``: no seat is, as in :meth:`evaluate` from a
        state), the only one that differs with ``unblock="mine"``."""
        greedy = greedy_policy_of(rules)
        return [self._rollouts_twin(rules, p == me) or greedy for p in range(players)]

    def _playouts(self, rules: Rules, state: State) -> State:
        """One rollout by :meth:`~zank.core.Rules.playouts` (``max_moves`` moves)."""
        out = rules.playouts(
            state,
            1,
            policy=self.rollout,
            seed=self._roll.next64(),
            max_moves=self.max_moves,
            keep_finals=True,
        )
        assert out.finals is not None
        return out.finals[0]


def _twin(policy: Policy, attribute: str) -> Policy | None:
    """The greedy ``policy``'s twin under ``attribute``, or ``None``: its
    :data:`ROLLOUT_ATTRIBUTE`, the cheaper twin the rollouts play instead of it
    (zank-104's looks ahead on one sampled state, not two); its
    :data:`UNBLOCK_ATTRIBUTE`, the unblocking twin of the ``unblock`` option."""
    twin = getattr(policy, attribute, None)
    return twin if callable(twin) else None


def _playout(
    rules: Rules, state: State, policies: list[Policy], seed: int, max_moves: int
) -> State:
    """The rollout that ``rules.playouts(state, 1, seed=seed, max_moves=max_moves)``
    plays with ``policies[p]`` in seat ``p``: the same generators and playouts' one
    game loop (:mod:`zank.playouts`); the position it reaches."""
    rngs = [Rng(seed * 64 + p) for p in range(state.players)]
    chooser: list[Policy | None] = list(policies)
    final, _, _ = _game(rules, state, rngs, chooser, max_moves, False)
    return final
