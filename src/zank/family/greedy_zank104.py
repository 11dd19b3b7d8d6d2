"""The greedy policy of ``zank-104``.

The policy looks to the end of the own turn: for each legal move it plays
the rest of the turn on a few states drawn to match what the player sees
(:meth:`~zank.core.Rules.sample_state`), each move chosen by a one-move
score (:func:`move_score`), and plays the move that leaves the best card lead
(ties broken at random by the agent's generator).  The one-move score:

* the reserve first, then the turned talon card: each card placed is one
  fewer to get rid of, and packing it onto the opponent is best of all;
* pack the opponent from the stairs, right after the reserve (a card given
  away, and the stair card under it, or the gap it leaves, takes the own
  cards);
* a move between stairs only when it empties a stair (a gap for the reserve)
  or uncovers a card that can go to a foundation, take the reserve top, or be
  packed onto the opponent; no idle shuffling;
* turn a talon card, or end the turn, only when nothing better is left;
* never pack a stair card onto the own reserve or second talon (Z104-8, the
  option ``own_packing``): the seed calls it "ganz unlogisch", and there is
  always another legal move.

The rules class names this policy (``greedy_policy``), so
:class:`~zank.agents.GreedyAgent` plays it.  At the start of seed 3 two stair
cards fit a foundation; the tie goes to the agent's generator:

>>> import zank
>>> from zank.family.greedy_zank104 import zank104_policy
>>> from zank.random import Rng
>>> rules = zank.variant("zank-104")
>>> state = rules.new_game(seed=3)
>>> seen = rules.observe(state, state.to_move)
>>> [m.text for m in rules.legal_moves(state)]
['h1-f', 'h8-f']
>>> zank104_policy(rules, seen, rules.legal_moves(state), Rng(1)).text
'h1-f'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain, repeat

from zank.agents.base import best_move
from zank.cards import MAX_CARD
from zank.core import HIDDEN, Move, Observation, Rules, State, world_state
from zank.family.fits import FKEY, PACK_WANTS, fits_house
from zank.family.table import CARD, foundation_fits
from zank.family.zank104 import SRC_RESERVE, TGT_FOUNDATION, TURN, Zank104
from zank.random import Rng
from zank.working import Working

__all__ = ["ROLLOUT_SAMPLES", "SAMPLES", "move_score", "zank104_policy", "zank104_rollout_policy"]

SAMPLES = 2
"""States sampled per decision for the look to the end of the turn."""
ROLLOUT_SAMPLES = 0
"""States sampled per decision when a search's rollouts play the policy
(:func:`zank104_rollout_policy`; 0: the one-move score alone)."""
WON = 1000
_NEVER = -(10**6)
# the move_score of packing onto the own piles: below every other move


class _Scorer:
    """:func:`move_score` for the moves of one position: what a score reads of
    the position beyond the move (the keys that fit a foundation, those the
    opponent's piles take) is worked out once, when a move first needs it."""

    __slots__ = ("fits", "me", "packs", "piles", "rules")

    def __init__(self, rules: Zank104, piles: Sequence[tuple[int, ...]], me: int) -> None:
        self.rules = rules
        self.piles = piles
        self.me = me
        self.fits: set[int] | None = None
        self.packs: set[int] | None = None

    def score(self, move: Move) -> int:
        """:func:`move_score` of ``move`` in this position."""
        if move.kind != CARD:
            return 1 if move.kind == TURN else 0
        rules = self.rules
        s, t = move.source, move.target
        if t >= rules._own_target:  # packing onto the own piles (Z104-8)
            return _NEVER
        if t == TGT_FOUNDATION:
            return 100
        piles = self.piles
        hb, pack = rules._house_base, rules._pack_target
        if s < rules._house_source:  # the reserve top or the turned talon card
            base = 70 if s == SRC_RESERVE else 50
            if t >= pack:
                return base + 10
            return base if piles[hb + t - 1] else base - 5
        house = piles[hb + s - rules._house_source]
        if t >= pack:
            return 66  # a card given away, and room made for the own cards
        # a move between stairs: what does it leave behind?
        runs = rules.stair_runs
        i = rules.run_start(house, piles[hb + t - 1][-1]) if runs else len(house) - 1
        if i == 0:
            return 35  # a gap for the reserve or the talon
        below = house[i - 1]
        key = FKEY[below]
        fits = self.fits
        if fits is None:
            fits = self.fits = foundation_fits(piles[rules._foundations])
        if key in fits:
            return 38
        reserve = piles[rules._seat[self.me][0]]
        if reserve and reserve[-1] != HIDDEN and fits_house(reserve[-1], below):
            return 36
        # the opponent's reserve top and second talon lie face up
        packs = self.packs
        if packs is None:
            packs = set()
            for i in rules._pack_index[self.me]:
                pile = piles[i]
                if pile:
                    packs.update(PACK_WANTS[pile[-1]])
            self.packs = packs
        return 30 if key in packs else -5


def move_score(rules: Zank104, observation: Observation, move: Move) -> int:
    """How much the greedy policy likes ``move`` (higher is better)."""
    return _Scorer(rules, observation.piles, observation.player).score(move)


def _rest_of_turn(rules: Zank104, state: State, move: Move, player: int, rng: Rng) -> int:
    """Play ``move`` in ``state``, then ``player``'s turn to its end by
    :func:`move_score`; the value of the position then: the card lead over the
    opponent, or a won or lost game.

    The turn is played on one working position through the variant's kernel
    (:mod:`zank.working`), as :meth:`~zank.core.Rules.playouts` plays, and each
    move is scored on the position's own piles: the piles a score reads (the
    stairs, the foundations, the reserve tops and the second talons) lie face
    up, so they are the ones ``player`` sees."""
    moves_of, play = rules._kernel_moves, rules._kernel_play
    w = Working(state)
    play(w, move)
    while w.outcome is None and w.to_move == player:
        legal = moves_of(w)
        if len(legal) == 1:
            play(w, legal[0])
            continue
        # best_move's loop, written out (the hot path of the search's rollouts)
        score = _Scorer(rules, w.piles, player).score
        best = [legal[0]]
        top = score(legal[0])
        for m in legal[1:]:
            value = score(m)
            if value > top:
                top, best = value, [m]
            elif value == top:
                best.append(m)
        play(w, best[rng.below(len(best))] if len(best) > 1 else best[0])
    if w.outcome is not None:
        return WON if w.outcome.winner == player else -WON
    piles = w.piles
    mine, theirs = (sum(len(piles[i]) for i in seat) for seat in rules._seat)
    if player:
        mine, theirs = theirs, mine
    return theirs - mine


# per (rules, seats): the game's distinct card ids, ascending, and how many of
# each id it has (a list by id, one slot more at the end for HIDDEN, -1, to
# count into); None where the layout has private or sorted piles
_GAME_CARDS: dict[tuple[Rules, int], tuple[tuple[int, ...], list[int]] | None] = {}


def _game_cards(rules: Zank104, players: int) -> tuple[tuple[int, ...], list[int]] | None:
    key = (rules, players)
    if key not in _GAME_CARDS:
        if any(spec.private or spec.sorted for spec in rules.layout(players)):
            _GAME_CARDS[key] = None
        else:
            cards = rules.cards(players)
            counts = [0] * (MAX_CARD + 1)
            for c in cards:
                counts[c] += 1
            _GAME_CARDS[key] = (tuple(sorted(set(cards))), counts)
    return _GAME_CARDS[key]


def _sample(rules: Zank104, observation: Observation, seed: int) -> State:
    """``rules.sample_state(observation, seed=seed)``, the same state, for an
    observation that the engine made (its checks left out).

    In a layout without private or sorted piles the hidden places are the
    face-down cards, the first ``down[i]`` of pile ``i``: the cards not seen
    are put there in the game's card order, shuffled by ``Rng(seed)`` exactly
    as :meth:`~zank.core.Rules.sample_state` shuffles them.  Any other layout
    goes to :meth:`~zank.core.Rules.sample_state` itself."""
    game = _game_cards(rules, observation.players)
    if game is None:
        return rules.sample_state(observation, seed=seed)
    ids, counts = game
    left = counts.copy()
    shown = observation.piles
    for c in chain.from_iterable(shown):
        left[c] -= 1  # HIDDEN (-1) into the slot at the end
    unseen = list(chain.from_iterable(map(repeat, ids, map(left.__getitem__, ids))))
    rng = Rng(seed)
    rng.shuffle(unseen)
    piles = list(shown)
    k = 0
    for i, d in enumerate(observation.down):
        if d:
            piles[i] = (*unseen[k : k + d], *shown[i][d:])
            k += d
    assert k == len(unseen), "an observation that the engine did not make"
    return world_state(rules, observation, tuple(piles), rng.next64())


def _look_ahead(
    rules: Rules, observation: Observation, legal_moves: Sequence[Move], rng: Rng, samples: int
) -> Move:
    """:func:`zank104_policy` with ``samples`` sampled states (0: the best
    :func:`move_score` alone, no look ahead)."""
    assert isinstance(rules, Zank104)
    if rules.own_packing:  # Z104-8: never onto the own piles (another move is always legal)
        legal_moves = [m for m in legal_moves if not rules.is_own_pack(m)]
    if len(legal_moves) == 1:
        return legal_moves[0]
    player = observation.player
    if not samples:
        return best_move(legal_moves, _Scorer(rules, observation.piles, player).score, rng)
    states = [_sample(rules, observation, rng.next64()) for _ in range(samples)]

    def lead(m: Move) -> int:  # the summed card lead after the rest of the turn
        return sum(_rest_of_turn(rules, st, m, player, rng) for st in states)

    return best_move(legal_moves, lead, rng)


def zank104_policy(
    rules: Rules, observation: Observation, legal_moves: Sequence[Move], rng: Rng
) -> Move:
    """The best of ``legal_moves`` by a look to the end of the turn.

    For each move the rest of the turn is played by :func:`move_score` on
    :data:`SAMPLES` states drawn to match the observation (the talon and the
    reserve below its top are unknown); the move with the best mean card lead
    wins, ties at random from ``rng``.
    """
    return _look_ahead(rules, observation, legal_moves, rng, SAMPLES)


def zank104_rollout_policy(
    rules: Rules, observation: Observation, legal_moves: Sequence[Move], rng: Rng
) -> Move:
    """The greedy policy as a search's rollouts play it: :func:`zank104_policy`
    on :data:`ROLLOUT_SAMPLES` sampled states (the policy's
    ``rollout`` attribute, which :class:`~zank.agents.SearchAgent` reads)."""
    return _look_ahead(rules, observation, legal_moves, rng, ROLLOUT_SAMPLES)


zank104_policy.rollout = zank104_rollout_policy  # type: ignore[attr-defined]
