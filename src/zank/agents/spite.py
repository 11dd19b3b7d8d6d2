"""The greedy policy of Spite and Malice, after the seed's "Tipps für Einsteiger".

It sees only the :class:`~zank.core.Observation` of the player to move and
decides one move at a time, in this order:

1. **Free the pay-off card.**  Look for the cheapest chain of plays that ends
   with the pay-off top on a build pile: for each build pile (and for a new
   pile started by an ace) the ranks it still needs are filled in order from
   the tops of the own side stacks (the card under a played top counts, as
   it is visible), then from the hand, then with a wild card (king or joker).
   An ace on the pay-off pile with no free build place looks for a chain that
   completes a pile.  The chain using the fewest wild cards, then the fewest
   plays, wins; its first play is made.
2. **Play safe cards.**  Aces, then side-stack tops, then hand cards that fit,
   but never a wild card (kings are saved for the pay-off card) and never a
   card that builds a pile to one below an opponent's pay-off card, unless
   the player holds (or shows on a side stack) the card to build on past it.
3. **End the turn** with the discard that fits best: onto a side stack whose
   top is one higher (side stacks are built downwards), or equal, or higher;
   a new side stack while at most two are in use (one is kept free); never a
   wild card if anything else can go; high cards rather than low ones.

Ties are broken at random with the agent's generator.

>>> import zank
>>> from zank.agents import GreedyAgent, RandomAgent
>>> rules = zank.variant("spite-and-malice")
>>> record = zank.play(rules, [GreedyAgent(seed=1), RandomAgent(seed=2)], seed=6)
>>> record.result.winner, record.result.points
(0, (25, 0))
"""

from __future__ import annotations

from collections.abc import Sequence

from zank.cards import ACE, IS_JOKER, KING, QUEEN, RANK
from zank.core import Move, Observation, Rules, State
from zank.random import Rng
from zank.spite_malice import (
    PLAY,
    SIDE_STACKS,
    SRC_PAY,
    SRC_SIDE,
    SpiteAndMalice,
    _Tables,
)

try:  # the C types of the compiled build (Cython's pure-Python mode)
    import cython

    if not cython.compiled:  # an installed Cython's stand-in: zank's own instead
        raise ImportError
except ImportError:  # pure Python: the declarations change nothing
    from zank import _nocython as cython  # type: ignore[no-redef]

__all__ = [
    "UNBLOCK_WILDS",
    "pay_off_reach",
    "spite_and_malice_greedy",
    "spite_and_malice_unblock",
]

#: A play in a plan: (move kind, source code, build place), as in :class:`~zank.core.Move`.
Step = tuple[int, int, int]


#: The most wild cards the unblocking policy (:func:`spite_and_malice_unblock`)
#: plays to complete a build pile that does not also free its pay-off card.
UNBLOCK_WILDS = 1

#: Whether each card is wild (a king or a joker), by card id.
_WILD: tuple[bool, ...] = tuple(RANK[c] == KING or bool(IS_JOKER[c]) for c in range(len(RANK)))

#: The C index type of the compiled build's ``@cython.locals`` lists (an ``int`` in pure Python).
_Int = cython.typedef(cython.Py_ssize_t)
#: The kernel's tables of the rules as the compiled build knows them (an extension type).
_K = cython.typedef(_Tables)
#: A move's score as one number: ``TIER * tier + score`` orders as ``(tier, score)``
#: does, as every score within a tier (:meth:`_View._key`) lies within ``TIER / 2`` of 0.
_TIER = cython.declare(_Int, 1000)


@cython.cclass
class _View:
    """What the policy reads from an observation, in the engine's terms.

    Built once per decision; what :meth:`_key` asks of every legal move (the
    hand's first card of a rank, the side stacks in use) is read here once.
    In the compiled build an extension type (``spite.pxd``) whose numbers are
    C values."""

    @cython.locals(k=_K, players=_Int, me=_Int, base=_Int, i=_Int, n=_Int, c=_Int, r=_Int)
    @cython.locals(in_use=_Int, free=_Int, used=_Int, q=_Int, top=_Int, can_start=_Int)
    def __init__(self, rules: SpiteAndMalice, obs: Observation) -> None:
        players, me = obs.players, obs.player
        piles = obs.piles
        k = rules._k
        base = k.base0 + me * (2 + SIDE_STACKS)  # pay-off pile, hand, then the side stacks
        self.hand = hand = piles[base + 1]
        pay = piles[base]
        self.pay_top = pay[len(pay) - 1] if pay else -1
        self.sides = sides = list(piles[base + 2 : base + 2 + SIDE_STACKS])
        #: the rank each build place needs next; 0 for an empty place
        needs = []
        # plain loops, not generators: the policy runs every move of a rollout
        in_use = 0
        free = -1
        for i in range(2, 2 + k.builds):
            n = len(piles[i])
            if n:
                in_use += 1
                needs.append(n + 1)
            else:
                needs.append(0)
                if free < 0:
                    free = i - 2
        self.needs = needs
        can_start = k.unlimited or in_use < 3
        self.first_free = free if can_start else -1
        self.piles_full = not can_start
        #: the first card of each rank in the hand (jokers are rank 0), -1 for none
        first = [-1] * 14
        for c in hand:
            r = RANK[c]
            if first[r] < 0:
                first[r] = c
        self.first_of_rank = first
        used = 0
        for i in range(SIDE_STACKS):
            if sides[i]:
                used += 1
        self.sides_in_use = used
        # Ranks that an opponent's pay-off top would fit: a pile must not be built to
        # one below them.  A wild top fits anything, so it forbids nothing.
        self.danger = set()
        self.opponent_ace = False
        for q in range(players):
            if q != me:
                opp = piles[k.base0 + q * (2 + SIDE_STACKS)]
                if opp:
                    top = opp[len(opp) - 1]
                    if not _WILD[top]:
                        self.danger.add(RANK[top])
                        if RANK[top] == ACE:
                            self.opponent_ace = True

    # ------------------------------------------------------------ planning
    @cython.locals(top=_Int, r=_Int, i=_Int, n=_Int, need=_Int, free=_Int)
    def pay_off_plan(self) -> list[Step] | None:
        """The cheapest chain of plays that ends with the pay-off top played."""
        top = self.pay_top
        if top < 0:
            return None
        # the chains found: (cost, steps), the cheapest kept (see _cheaper)
        best: tuple[tuple[int, int, int], list[Step]] | None = None
        danger = self.danger
        needs = self.needs
        n = len(needs)
        free = self.first_free
        if _WILD[top]:
            for i in range(n):
                need = needs[i]
                if need:
                    best = _cheaper(best, [(PLAY, SRC_PAY, i)], 0, need + 1 in danger)
        elif RANK[top] == ACE:
            if free >= 0:
                best = _cheaper(best, [(PLAY, SRC_PAY, free)], 0, 2 in danger)
            else:  # complete a pile to free its place, then start one with the ace
                for i in range(n):
                    need = needs[i]
                    if need:
                        chain = self._fill(i, need, QUEEN + 1)
                        if chain is not None:
                            steps, wilds = chain
                            steps.append((PLAY, SRC_PAY, i))
                            best = _cheaper(best, steps, wilds, 2 in danger)
        else:
            r = RANK[top]
            for i in range(n):
                need = needs[i]
                if need and need <= r:
                    chain = self._fill(i, need, r)
                    if chain is not None:
                        steps, wilds = chain
                        steps.append((PLAY, SRC_PAY, i))
                        best = _cheaper(best, steps, wilds, r + 1 in danger)
            if free >= 0:
                chain = self._fill(free, ACE, r)
                if chain is not None:
                    steps, wilds = chain
                    steps.append((PLAY, SRC_PAY, free))
                    best = _cheaper(best, steps, wilds, r + 1 in danger)
        return None if best is None else best[1]

    def _fill(self, place: int, need: int, goal: int) -> tuple[list[Step], int] | None:
        """Plays that bring build place ``place`` from ``need`` to needing ``goal``.

        Naturals come first from the side stacks (preferring a stack whose next
        card is the following rank), then from the hand; wild cards fill the
        gaps, from a side stack before the hand.  Returns the steps and the
        number of wild cards used, or ``None``.
        """
        return _fill_from(list(self.hand), [list(s) for s in self.sides], place, need, goal)

    def _can_cover(self, card: int, rank: int) -> bool:
        """Whether a natural card of ``rank`` other than ``card`` is at hand to play next.

        Building a pile to one below an opponent's pay-off card does no harm if
        the player can build on past it in the same turn.
        """
        tops = [s[-1] for s in self.sides if s]
        if self.pay_top >= 0:
            tops.append(self.pay_top)
        others = [*self.hand, *tops]
        others.remove(card)
        return any(RANK[c] == rank and not _WILD[c] for c in others)

    # ----------------------------------------------------------- unblocking
    def blocked(self) -> bool:
        """Whether every build place is in use and the own pay-off top (not
        wild) is lower than what every build pile needs: it can only start a
        new pile, and a place is freed only by completing a pile."""
        top = self.pay_top
        if not self.piles_full or top < 0 or _WILD[top]:
            return False
        r = RANK[top]
        return all(r < need for need in self.needs)

    def unblock_plan(self) -> list[Step] | None:
        """The unblocking policy's chain when the seat is :meth:`blocked` and
        :meth:`pay_off_plan` has none (see :func:`spite_and_malice_unblock`)."""
        if not self.blocked():
            return None
        r = RANK[self.pay_top]
        best: tuple[tuple[int, int, int], list[Step]] | None = None
        for i, need in enumerate(self.needs):
            hand, sides = list(self.hand), [list(s) for s in self.sides]
            done = _fill_from(hand, sides, i, need, QUEEN + 1)
            if done is None:
                continue
            steps, wilds = done
            start = _fill_from(hand, sides, i, ACE, r)
            cost: tuple[int, int, int]
            if start is not None:  # the place it frees takes the pay-off card at once
                plan = [*steps, *start[0], (PLAY, SRC_PAY, i)]
                cost = (0, wilds + start[1], len(plan))
            elif wilds <= UNBLOCK_WILDS and not self.opponent_ace:
                plan = steps
                cost = (1, wilds, len(plan))
            else:
                continue
            if best is None or cost < best[0]:
                best = (cost, plan)
        return None if best is None else best[1]

    # ------------------------------------------------------------- scoring
    @cython.cfunc
    @cython.returns(_Int)
    @cython.locals(kind=_Int, source=_Int, target=_Int, card=_Int, need=_Int, after=_Int)
    @cython.locals(k=_Int, t=_Int, fit=_Int, n=_Int, unsafe=_Int)
    def _key(self, move: Move) -> int:
        """The score of a move that is not part of a pay-off plan, higher is
        better: ``_TIER * tier + score`` (a tier, then a score within it)."""
        kind, source, target = move.kind, move.source, move.target
        if kind == PLAY:
            if source == SRC_PAY:
                return 4 * _TIER  # cannot happen without a plan, but never refuse it
            if source >= SRC_SIDE:
                side = self.sides[source - SRC_SIDE]
                card = side[len(side) - 1]
            else:
                card = self.first_of_rank[source]
            need = self.needs[target]
            after = 2 if RANK[card] == ACE else need + 1
            unsafe = (after in self.danger and not self._can_cover(card, after)) or (
                need == QUEEN and self.piles_full and self.opponent_ace
            )
            if _WILD[card] or unsafe:
                return 0
            if RANK[card] == ACE:
                return 3 * _TIER + 30
            return 3 * _TIER + (20 if source >= SRC_SIDE else 10)
        # a discard: hand card of rank move.source onto side stack move.target
        k = source
        card = self.first_of_rank[k]
        side = self.sides[target]
        n = len(side)
        if not n:
            fit = 20 if self.sides_in_use < SIDE_STACKS - 1 else -40  # keep one side stack free
        else:
            t = RANK[side[n - 1]]
            if _WILD[side[n - 1]]:
                fit = -30  # do not bury a wild card
            elif t == k + 1:
                fit = 50  # downwards, the best shape
            elif t == k:
                fit = 35
            elif t > k:
                fit = 30 - (t - k)
            else:
                fit = -10 - 2 * (k - t)  # buries a lower card
        if _WILD[card]:
            fit -= 100  # save kings for the pay-off card
        return _TIER + 2 * fit + (k if 1 < k <= QUEEN else 0)


#: The view as the compiled build knows it (an extension type, ``spite.pxd``).
_V = cython.typedef(_View)


@cython.locals(wilds=_Int, k=_Int, found=_Int, j=_Int, card=_Int, c=_Int)
def _fill_from(
    hand: list[int], sides: list[list[int]], place: int, need: int, goal: int
) -> tuple[list[Step], int] | None:
    """:meth:`_View._fill` on the cards ``hand`` and ``sides``, which it uses up
    (the cards played are taken off them, also when no chain is found)."""
    steps: list[Step] = []
    wilds = 0
    for k in range(need, goal):
        # a side stack's natural top of rank k, the first whose next card is
        # k + 1 if any (then the pile can go on from it), else the first
        found = -1
        for j in range(SIDE_STACKS):
            side = sides[j]
            if side and RANK[side[-1]] == k and not _WILD[side[-1]]:
                if len(side) > 1 and RANK[side[-2]] == k + 1:
                    found = j
                    break
                if found < 0:
                    found = j
        if found >= 0:
            sides[found].pop()
            steps.append((PLAY, SRC_SIDE + found, place))
            continue
        card = -1
        for c in hand:
            if RANK[c] == k and not _WILD[c]:
                card = c
                break
        if card >= 0:
            hand.remove(card)
            steps.append((PLAY, k, place))
            continue
        if k == ACE:
            return None  # only a real ace starts a pile
        for j in range(SIDE_STACKS):
            if sides[j] and _WILD[sides[j][-1]]:
                found = j
                break
        if found >= 0:
            sides[found].pop()
            steps.append((PLAY, SRC_SIDE + found, place))
            wilds += 1
            continue
        for c in hand:
            if _WILD[c]:
                card = c
                break
        if card < 0:
            return None
        hand.remove(card)
        steps.append((PLAY, RANK[card], place))
        wilds += 1
    return steps, wilds


def _cheaper(
    best: tuple[tuple[int, int, int], list[Step]] | None,
    steps: list[Step],
    wilds: int,
    danger: bool,
) -> tuple[tuple[int, int, int], list[Step]]:
    """The cheaper of ``best`` and the chain ``steps`` (the fewest wild cards,
    then the fewest plays, then one that does not end a build pile one below an
    opponent's pay-off card); ``best`` on a tie."""
    cost = (wilds, len(steps), 1 if danger else 0)
    if best is None or cost < best[0]:
        return cost, steps
    return best


def spite_and_malice_greedy(
    rules: Rules, observation: Observation, legal_moves: Sequence[Move], rng: Rng
) -> Move:
    """The greedy move of the player to move (see the module docs)."""
    return _greedy_move(rules, observation, legal_moves, rng, False)


@cython.locals(view=_V, best=_Int, key=_Int)
def _greedy_move(
    rules: Rules, observation: Observation, legal_moves: Sequence[Move], rng: Rng, unblock: bool
) -> Move:
    """The move of :func:`spite_and_malice_greedy`, or with ``unblock`` of
    :func:`spite_and_malice_unblock`: the plan's first step, else the best score."""
    if not isinstance(rules, SpiteAndMalice):
        raise TypeError(f"this policy plays spite-and-malice, not {rules.name}")
    view = _View(rules, observation)
    plan = view.pay_off_plan()
    if plan is None and unblock:
        plan = view.unblock_plan()
    if plan is not None:
        kind, source, target = plan[0]
        for m in legal_moves:
            if m.kind == kind and m.source == source and m.target == target:
                return m
    # the moves of the best score, in the order given (every move plays or discards)
    best = -4 * _TIER
    choices: list[Move] = []
    for m in legal_moves:
        key = view._key(m)
        if key > best:
            best = key
            choices = [m]
        elif key == best:
            choices.append(m)
    return choices[rng.below(len(choices))]


def spite_and_malice_unblock(
    rules: Rules, observation: Observation, legal_moves: Sequence[Move], rng: Rng
) -> Move:
    """The greedy policy with a way out of a block, for the search agent's
    rollouts (:class:`~zank.agents.SearchAgent`'s ``unblock``).

    It plays :func:`spite_and_malice_greedy`'s move, except when the seat is
    blocked: every build place in use, its pay-off top lower than what every
    build pile needs, and no chain of plays (step 1 of the module docs) reaches
    it.  Then it looks for a chain that completes a build pile, which frees the
    place (and sends the pile back to be drawn again):

    - a chain that completes a pile and then builds the freed place from an ace
      up to the pay-off card and plays it, the fewest wild cards first;
    - else a chain that only completes a pile, with at most
      :data:`UNBLOCK_WILDS` wild cards, unless an opponent's pay-off top is an
      ace (which the freed place would take).

    Its first play is made; with no such chain the greedy move is.

    >>> import zank
    >>> from zank.agents.spite import spite_and_malice_unblock
    >>> from zank.random import Rng
    >>> rules = zank.variant("spite-and-malice")
    >>> state = rules.new_game(seed=7)
    >>> moves = rules.legal_moves(state)
    >>> spite_and_malice_unblock(rules, rules.observe(state, state.to_move), moves, Rng(1)).text
    'a-b1'
    """
    return _greedy_move(rules, observation, legal_moves, rng, True)


class _Seat:
    """The piles of a sampled world as one seat's view (every card known):
    what :class:`_View` reads of an observation."""

    __slots__ = ("piles", "player", "players")

    def __init__(self, piles: tuple[tuple[int, ...], ...], players: int, player: int) -> None:
        self.piles = piles
        self.players = players
        self.player = player


def pay_off_reach(rules: Rules, state: State) -> list[float]:
    """Per seat, whether the policy's planner (step 1 of the module docs)
    can play its pay-off top from the position as it stands: 1 if a chain of
    plays from its own hand and side stacks (or none) ends with it on a build
    pile, a quarter less for each wild card the chain plays (at least ¼), 0
    if there is no such chain.

    It reads every pile of ``state``, hidden cards included: the search agent
    calls it on the worlds it samples (the greedy policy's ``reach``
    attribute, :data:`zank.agents.search.REACH_ATTRIBUTE`), never on the true
    state of a game.

    >>> import zank
    >>> from zank.agents.spite import pay_off_reach
    >>> rules = zank.variant("spite-and-malice")
    >>> pay_off_reach(rules, rules.new_game(seed=3))  # no build pile, no ace on top
    [0.0, 0.0]
    """
    if not isinstance(rules, SpiteAndMalice):
        raise TypeError(f"this policy plays spite-and-malice, not {rules.name}")
    n, piles = state.players, state.piles
    out = []
    for p in range(n):
        view = _View(rules, _Seat(piles, n, p))  # type: ignore[arg-type]
        plan = view.pay_off_plan()
        if plan is None:
            out.append(0.0)
            continue
        wilds = sum(1 for _, source, _ in plan[:-1] if _plays_wild(view, source))
        out.append(max(0.25, 1.0 - 0.25 * wilds))
    return out


def _plays_wild(view: _View, source: int) -> bool:
    """Whether a plan's step from ``source`` plays a wild card (a king or a
    joker from the hand, whose source is its rank, or the top of a side stack
    as the position shows it)."""
    if source >= SRC_SIDE:
        side = view.sides[source - SRC_SIDE]
        return bool(side) and _WILD[side[-1]]
    return source == KING or source == 0


spite_and_malice_greedy.reach = pay_off_reach  # type: ignore[attr-defined]
spite_and_malice_greedy.unblock = spite_and_malice_unblock  # type: ignore[attr-defined]
