"""Every zank variant as an OpenSpiel Python game (``pip install 'zank[openspiel]'``).

Importing this module registers one game per entry of :data:`zank.VARIANTS`,
named ``python_zank_`` plus the variant name with ``_`` for ``-``:

>>> import pyspiel
>>> import zank.adapters.openspiel
>>> game = pyspiel.load_game("python_zank_spite_and_malice", {"players": 2})
>>> state = game.new_initial_state()
>>> state.is_chance_node()     # the deal comes first
True

Game parameters: ``players``, ``max_game_length`` and every option of the
variant (by its option name, with the variant's default; an option whose
default is ``None`` takes :data:`NONE_INT` (``-1``) for ``None`` if it is a
number, such as ``first_player``, else the text :data:`NONE`).
:func:`load_game` loads the game of a rules object.  A variant registered
after the import is added with :func:`register`.

**Chance.**  OpenSpiel's search bots (``MCTSBot`` and friends) clone the
state and play on from it, so anything fixed in the state is known to them.
The adapter therefore keeps undecided what no player has seen yet:

* The deal is dealt card by card, as OpenSpiel's own card games deal: the
  variant's own deal procedure (``rules.new_game``) runs with a generator
  whose every draw is a chance node.  Each step of a shuffle chooses the
  card for the next place among the cards not placed yet (one outcome per
  card, uniform), and a lot the deal draws (who begins, a cut) is a chance
  node of its own.  No chance node of the deal has more than
  ``MAX_DEAL_OUTCOMES`` (128) outcomes: when more cards are left, a first node
  chooses their pack (weighted by its cards left) and a second the card.  So
  a player's information state after the deal -- its own cards, the cards
  face up, who begins -- is consistent with every deal of the cards it has
  not seen, and the chance outcomes are the deal itself, not a seed that
  names it.  What the deal does between its draws stays inside it: when
  Spite and Malice's tied seats reshuffle their pay-off piles to decide who
  begins, the players see only the deal that results (at a real table they
  would see the tied tops too, a small difference: the adapter treats the
  cards nobody sees after the deal as dealt uniformly).
* A card that no player has seen so far (face down since the deal: the draw
  pile, a reserve, the face-down part of a pay-off pile, a hand pile) is not
  taken from the state when a move turns it up or draws it.  Instead one
  chance node per such card chooses it uniformly among the cards nobody has
  seen yet *of its group* -- the cards the deal shuffled together: one
  player's own pack where each player has one, every card where the packs are
  mixed -- and the adapter puts that card in the place being turned up
  before the move is applied.  Those cards are exchangeable (a uniform deal,
  and nobody knows anything about them), so the game is the same game; but the
  order in the state is never the order that will be drawn, so a bot that
  reads the state learns nothing from it.
* Cards that somebody has seen and that go face down again keep their
  places: players remember them (a discard turned over as the new hand pile
  keeps its order, which players know).
* A move that *shuffles* (one that uses the state's random generator, such
  as Spite and Malice completing a build pile, whose cards are shuffled into
  the draw pile) first gets the generator state from a chance node
  (``0 … SHUFFLE_SEEDS - 1``, uniform), so nobody knows the shuffle before it
  happens.  The seen cards the shuffle leaves face down to everyone are
  unknown again, but only within their pile: when one of that pile's places is
  turned up, each of them comes with probability ``1/n`` (``n`` the pile's
  cards that nobody may know), and the unseen cards share the rest equally.

The remaining hidden information -- the cards in other players' hands -- is
in the state, as in every OpenSpiel game with private cards; use an
information-set algorithm where that matters.  Of the variants, only Spite and
Malice has private piles (each seat's hand); in the Zank-Patience family
(zank, zank-detailed, zank-104, schikanieren, crapette) every face-up card is
public and the hidden information is the face-down cards nobody has seen,
which chance deals as they are turned up, so both seats know the same (their
observations differ only in the seat, and the public and all-players views
show the same cards as each seat's); the game still declares imperfect
information, since the face-down cards are unknown to all.

**Determinization.**  :meth:`ZankState.resample_from_infostate` (OpenSpiel's
``ResampleFromInfostate``) draws a state of a player's information set: the
cards the player has never seen are dealt anew within their groups, across the
whole game (the state, the deal, what every other seat saw), so OpenSpiel's
Python ``ISMCTSBot`` runs unchanged; the seen cards a shuffle hid from the
player (Spite and Malice's completed build piles) are dealt anew from that
shuffle on, among the cards it shuffled together that the player has not seen
since.  It is not
:meth:`zank.core.Rules.sample_state`, which deals an observation's hidden
places from every unseen card: the information state is more than the
observation (cards a player saw go face down and are remembered, and the cards
of each seat's own pack stay in that pack), and the sampled state must be a
game of this chance model with the same history for the player.

**Length.**  ``max_game_length`` counts player moves (chance outcomes are not
counted, as in OpenSpiel).  Its default is
:func:`zank.adapters.conventions.default_max_plies` (shared with the PettingZoo
adapter): the bound the variant's own end rules prove, per option set and seat
count, where its rules page proves one -- ``zank-detailed`` and ``crapette``
(228,228,000 moves with the default options: at most 105 * 200 turns of at most
209 * 52 moves) and ``zank-104`` (444,260,250); such a game ends by its rules
before it, so it is never cut -- and otherwise :data:`DEFAULT_MAX_GAME_LENGTH`
(100,000), a documented budget: Spite and Malice has no bound (completed build
piles go back into the draw pile), ``zank`` and ``schikanieren`` bound the turns
but not a turn's moves, and table mode's calls are not counted.  Random play's
longest games are far shorter (figures in ``benchmarks/RESULTS.md``).  A game
that reaches the budget (or a ``max_game_length`` passed as a parameter) is not
cut short silently: it ends as a draw (returns 0), :attr:`ZankState.truncated`
is true, and the state's text says so.

**Strings and tensors.**  The observation string and tensor show what
:meth:`zank.core.Rules.observe` shows the player (the tensor is the vector of
:class:`zank.adapters.encoding.ObservationEncoder`).  ``make_py_observer`` (and
so OpenSpiel's ``make_observation``) offers four views:

* one seat's observation (``IIGObservationType(perfect_recall=False)``, the
  default observation);
* one seat's information state (``perfect_recall=True``, the default
  information state, see below);
* the public view (``perfect_recall=False, private_info=PrivateInfoType.NONE``):
  a card shows where every seat sees it -- no hand, no face-down card; the same
  cards for every seat;
* the all-players view (``perfect_recall=False,
  private_info=PrivateInfoType.ALL_PLAYERS``): a card shows where some seat sees
  it -- every hand, but not the face-down cards nobody has seen.

The public and all-players views are built from ``rules.observe`` of every seat
and share the observation's string format and tensor layout (and size).  With
``perfect_recall=True`` their string is OpenSpiel's perfect-recall form: the
view's string, then ``history`` and the digest of the view's record -- the view
of the deal, then every move with the cards it showed every seat (public) or
some seat (all players), :meth:`ZankState.information_record` with ``view`` --
the same for every seat but for the seat line; their tensor stays the view's
observation vector (no fixed-size vector holds the history, as for the seat's
information-state tensor).  ``public_info=False`` raises
:class:`~zank.errors.OptionError` (a :class:`ValueError`).

The **information-state string** is bounded in size: the observation string,
then ``history`` and a 32-hex-digit BLAKE2b digest of the perfect-recall record
-- the player's view of the deal, then every move with the cards it turned
visible for that player, which :meth:`ZankState.information_record` returns in
full (that record grows with the game: up to 12,000 characters along the
random games of ``benchmarks/RESULTS.md``).  So two histories that the player
can tell apart have different strings (but for a digest collision, chance
2^-128), and the cost of a string does not grow with the game (the digest is
chained move by move and kept per move).
The **information-state tensor** is not perfect recall (no fixed-size vector
can hold an unbounded history): it is the observation vector followed by one
block per card of the game with what the player *knows* of it -- seen at some
time, visible now, remembered where it went face down, its place from the top
and its pile (:class:`zank.adapters.knowledge.KnowledgeEncoder`).  It is a
function of the information state (every state of one information set gives
the same tensor, tested with :meth:`ZankState.resample_from_infostate`), so it
serves learning algorithms that take ``information_state_tensor`` as input; it
does not tell apart histories that left the player the same knowledge.

**Pickling, processes, loading.**  A game pickles by its variant name and
parameters (its class, ``ZankGame_`` plus the variant name, is an attribute of
this module), so it travels to ``multiprocessing`` workers, Ray or Dask
actors; the process that unpickles it imports this module and loads the game
again.  Every game loaded with the same parameters in a process shares one
context (rules object, encoder, card groups), built once (the card groups from
one trial deal on a seeded generator): loading a game again, cloning,
deserializing or unpickling a state builds none and deals nothing (a state keeps
its zank state as plain values).  A node inside a shuffle of the deal is that
shuffle's step (its cards left sorted, the state's content); the deal's own
procedure runs again only when a shuffle ends or after a lot.  A state keeps what
it computed for OpenSpiel (its legal actions, the outcomes of a card turned up)
for its clones; ``legal_actions`` and ``is_chance_node`` are answered in Python
(the C++ methods call back into Python); every value is the C++ path's.

**Returns.**  +1 for the winner; the losers share -1 (each ``-1/(P-1)``, so
every game sums to zero); a draw gives 0 to all.  The variant's points are in
``state.result()``.  The PettingZoo adapter gives the same numbers
(:func:`zank.adapters.conventions.seat_returns`).
"""

from __future__ import annotations

import hashlib
import random
from bisect import bisect_left
from operator import itemgetter
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt
import pyspiel

import zank
from zank.adapters._deal import (
    _UNIFORM,
    MAX_DEAL_OUTCOMES,
    _Chance,
    _Context,
    _shared_context,
    uniform_outcomes,
)
from zank.adapters._observer import _Observer
from zank.adapters._position import position_data
from zank.adapters._record import (
    ALL,
    PUBLIC,
    _Data,
    _deal_content,
    _deal_digest,
    _Dealing,
    _entry,
    _Node,
    _Pending,
    _restore,  # noqa: F401 (pickles of earlier versions name it here)
    _Step,
    _view_text,
    _with_piles,
)
from zank.adapters._resample import resample, shuffle_record
from zank.adapters.conventions import DEFAULT_MAX_PLIES, default_max_plies, seat_returns
from zank.adapters.encoding import ObservationEncoder  # noqa: F401 (part of this module's namespace)
from zank.adapters.knowledge import _views
from zank.cards import MAX_CARD, card_text, cards_text
from zank.core import Observation, Result, Rules, State
from zank.random import splitmix64

__all__ = [
    "DEFAULT_MAX_GAME_LENGTH",
    "MAX_DEAL_OUTCOMES",
    "NONE",
    "NONE_INT",
    "SHUFFLE_SEEDS",
    "ZankGame",
    "ZankState",
    "game_name",
    "game_params",
    "load_game",
    "register",
]

DEFAULT_MAX_GAME_LENGTH = DEFAULT_MAX_PLIES
"""Player moves after which a game without a bound of its own ends as a draw
(:data:`zank.adapters.conventions.DEFAULT_MAX_PLIES`, shared with PettingZoo)."""
SHUFFLE_SEEDS = 1 << 10
"""The number of outcomes of the chance node before a move that shuffles, which
set its generator state."""
_SHUFFLE_OUTCOMES = tuple((seed, 1.0 / SHUFFLE_SEEDS) for seed in range(SHUFFLE_SEEDS))
_new = object.__new__
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def game_name(variant: str) -> str:
    """The OpenSpiel short name of a variant: ``python_zank_spite_and_malice``."""
    return "python_zank_" + variant.replace("-", "_")


NONE = "none"
"""The text parameter value of a non-numeric option that is ``None`` (OpenSpiel has no null)."""
NONE_INT = -1
"""The int parameter value of a numeric option that is ``None`` (e.g. ``first_player``)."""


def _option_defaults(cls: type[Rules]) -> dict[str, Any]:
    """The variant's options as OpenSpiel parameters, with their defaults.

    An option whose default is ``None`` becomes an int parameter with
    :data:`NONE_INT` for ``None`` when its type is ``int | None``, and a
    text parameter with :data:`NONE` for ``None`` otherwise.
    """
    out: dict[str, Any] = {}
    for a in attrs.fields(cls):
        if not a.init:
            continue
        if a.default is None:
            numeric = "int" in str(a.type) and "str" not in str(a.type)
            out[a.name] = NONE_INT if numeric else NONE
        elif isinstance(a.default, (bool, int, float, str)):
            out[a.name] = a.default
    return out


def _nullable(cls: type[Rules]) -> dict[str, Any]:
    """The options whose default is ``None``, with the parameter value that stands for it."""
    defaults = _option_defaults(cls)
    return {a.name: defaults[a.name] for a in attrs.fields(cls) if a.init and a.default is None}


def game_params(rules: Rules, players: int = 2, **extra: Any) -> dict[str, Any]:
    """The OpenSpiel parameters that load the game of ``rules`` with ``players`` seats.

    >>> import zank
    >>> from zank.adapters.openspiel import game_params
    >>> game_params(zank.variant("spite-and-malice", pay_off_size=25), 3)["pay_off_size"]
    25
    """
    specs = _option_defaults(type(rules))
    nullable = _nullable(type(rules))
    params: dict[str, Any] = {"players": players}
    for name, value in rules.options.items():
        if name in specs:
            params[name] = nullable[name] if value is None and name in nullable else value
    params.update(extra)
    return params


def load_game(rules: Rules, players: int = 2, **extra: Any) -> Any:
    """``pyspiel.load_game`` for a rules object (its variant and options) and seat count.

    ``extra`` parameters (such as ``max_game_length``) are passed on.
    """
    register(rules.name)
    return pyspiel.load_game(game_name(rules.name), game_params(rules, players, **extra))


def _permute(state: State, moves: dict[int, int]) -> State:
    """``state`` with card ``moves[c]`` where card ``c`` lay, for each key ``c``.

    The keys and values are the same cards (a permutation), all face down to
    every seat, so no seat's observation changes.
    """
    moves = {a: b for a, b in moves.items() if a != b}
    if not moves:
        return state
    piles = list(state.piles)
    left = len(moves)  # each card lies in one pile: stop when every key is found
    for i, pile in enumerate(piles):
        cards = None
        for a, b in moves.items():
            if a in pile:
                if cards is None:
                    cards = list(pile)
                cards[pile.index(a)] = b
                left -= 1
        if cards is not None:
            piles[i] = tuple(cards)
            if not left:
                break
    return _with_piles(state, tuple(piles))


class ZankState(pyspiel.State):  # type: ignore[misc]
    """A state of a zank game in OpenSpiel; see the module docs for chance and strings."""

    def __init__(self, game: ZankGame) -> None:
        super().__init__(game)
        self._ctx: _Context = game.context
        self._data: _Data | _Dealing = game.start  # (inside a shuffle: a _Dealing)

    # ------------------------------------------------------------- reading
    @property
    def zank_state(self) -> State | None:
        """The zank state (``None`` before the deal; the state before the move
        while chance chooses the cards a move turns up)."""
        d = self._data
        return d.pending.base if d.pending is not None else d.zs

    @property
    def truncated(self) -> bool:
        """Whether the game ended by ``max_game_length`` rather than by its rules."""
        return self._data.truncated

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's ``CHANCE`` / ``TERMINAL``."""
        d = self._data
        zs = d.zs
        if zs is None or d.pending is not None:
            return _CHANCE
        if zs.outcome is not None or d.truncated:
            return _TERMINAL
        assert zs.to_move is not None
        return zs.to_move

    def is_chance_node(self) -> bool:
        """Whether chance acts next (OpenSpiel's ``is_chance_node``, answered here:
        the C++ one asks :meth:`current_player` through pybind11)."""
        d = self._data
        return d.zs is None or d.pending is not None

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's ``legal_actions`` (the same lists): the actions of the seat
        to move (``player`` omitted or that seat), the chance outcomes at a chance
        node, none at the end.  Answered here for those cases (the C++ method
        calls back into Python four times); any other ``player`` gets the C++
        answer."""
        d = self._data
        zs = d.zs
        if zs is None or d.pending is not None:
            return [a for a, _ in self.chance_outcomes()]
        if zs.outcome is not None or d.truncated:
            return []
        to_move = zs.to_move
        if to_move is not None and (player is None or player == to_move):
            actions = d.actions
            return list(self._actions() if actions is None else actions)
        return pyspiel.State.legal_actions(self, player)  # type: ignore[no-any-return]

    def is_terminal(self) -> bool:
        """Whether the game is over (by the rules or by ``max_game_length``)."""
        d = self._data
        return d.zs is not None and d.pending is None and (d.zs.outcome is not None or d.truncated)

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._actions())

    def _actions(self) -> tuple[int, ...]:
        """The legal actions of a decision, sorted (computed once per state:
        clones share them)."""
        d = self._data
        actions = d.actions
        if actions is None:
            assert d.zs is not None
            actions = tuple(sorted([m.action for m in self._ctx.rules.legal_moves(d.zs)]))
            d.actions = actions
        return actions

    def _deal_node(self) -> _Chance:
        """The next chance node of the deal (computed once per state; a node
        inside a shuffle is kept as the shuffle alone, see :meth:`_apply_action`)."""
        d = self._data
        if type(d) is _Dealing:
            return _Chance(d.kind() or "card", None, d)
        assert isinstance(d, _Data)
        if d.node is None:
            if d.deal:
                try:
                    self._ctx.deal(d.deal, None, d.done)
                except _Chance as chance:
                    self._data = d = attrs.evolve(d, node=chance)
                else:  # pragma: no cover - a finished deal leaves zs set
                    raise AssertionError("the deal is complete")
            else:
                self._data = d = attrs.evolve(d, node=self._ctx.first)
        assert isinstance(d.node, _Chance)
        return d.node

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards (or packs, or lots) of the deal's next draw; the generator
        states of a shuffle; or the cards that can lie in the place being
        turned up, with their probabilities (see the module docs)."""
        d = self._data
        if type(d) is _Dealing:  # a node inside a shuffle
            if d.i < MAX_DEAL_OUTCOMES:  # a card among all left: _Shuffle.outcomes, inline
                row = _UNIFORM.get(d.i + 1)
                if row is not None:
                    try:
                        return list(itemgetter(*d.pool)(row))
                    except IndexError:
                        pass
            return d.outcomes()
        if d.zs is None:
            return self._deal_node().fresh_outcomes()
        p = d.pending
        assert p is not None
        if p.shuffles and not p.shuffled:
            return list(_SHUFFLE_OUTCOMES)
        return self._card_outcomes(p)

    def _card_outcomes(self, p: _Pending) -> list[tuple[int, float]]:
        """The chance outcomes of the card turned up at ``p.target`` (a copy)."""
        return list(self._card_choices(p))

    def _card_choices(self, p: _Pending) -> list[tuple[int, float]]:
        """The outcomes of the card turned up at ``p.target`` (``p`` is the state's
        pending move), sorted by card, computed once per state (not to be changed)."""
        d: _Data = self._data  # type: ignore[assignment]  # (a card turned up in play)
        cached = d.outcomes
        if cached is None:
            cached = self._compute_card_outcomes(p)
            if p is d.pending:
                d.outcomes = cached
        return cached

    def _is_card_outcome(self, p: _Pending, card: int) -> bool:
        """Whether ``card`` is an outcome of the card turned up at ``p.target``."""
        outcomes = self._card_choices(p)
        at = bisect_left(outcomes, (card,))  # (card,) sorts just before (card, p)
        return at < len(outcomes) and outcomes[at][0] == card

    def _compute_card_outcomes(self, p: _Pending) -> list[tuple[int, float]]:
        d = self._data
        ctx = self._ctx
        group = ctx.group
        piles = p.base.piles
        target = p.target
        # the cards nobody has seen lie outside sorted piles (every card of the
        # game lies in one pile: the others' cards, less those of sorted piles)
        outside = [piles[i] for i in ctx.sorted_piles]
        mixed: frozenset[int] = frozenset()
        pile = -1
        if d.mixed:
            pile = next(i for i in ctx.unsorted if target in piles[i])
            mixed = d.mixed.intersection(piles[pile]).difference(p.fixed)
        if not mixed:  # the place holds an unseen card of its group: any of them
            same = ctx.members[group[target]].difference(d.seen, p.fixed, *outside)
            return uniform_outcomes(sorted(same))
        unseen = ctx.cards.difference(d.seen, p.fixed, *outside)
        # a pile that a shuffle mixed: each place holds one of its mixed cards or
        # one of its unseen places, whose card is any unseen card of that group
        slots: dict[int, int] = {}  # the pile's unseen places, per group
        left: dict[int, int] = {}  # unseen cards, per group
        here = set(piles[pile])
        for c in unseen:
            left[group[c]] = left.get(group[c], 0) + 1
            if c in here:
                slots[group[c]] = slots.get(group[c], 0) + 1
        size = len(mixed) + sum(slots.values())
        out = [(c, 1.0 / size) for c in mixed]
        out += [(c, slots[group[c]] / size / left[group[c]]) for c in unseen if group[c] in slots]
        out.sort()
        return out

    def returns(self) -> list[float]:
        """+1 for the winner, ``-1/(P-1)`` for each loser; 0 for all in a draw or while running."""
        zs = self._data.zs
        n = self._ctx.players
        result = None if zs is None or self._data.pending is not None else zs.outcome
        return seat_returns(None if result is None else result.winner, n)

    def result(self) -> Result | None:
        """The zank :class:`~zank.core.Result` (with the variant's points), once over."""
        zs = self._data.zs
        return None if zs is None or self._data.pending is not None else zs.outcome

    # ------------------------------------------------------------- acting
    def _apply_action(self, action: int) -> None:
        d = self._data
        if type(d) is _Dealing:
            # a step inside a shuffle: the next node, if the shuffle goes on, is the
            # shuffle after it (no other object, no copy of the deal's outcomes)
            i = d.i
            if 1 < i < MAX_DEAL_OUTCOMES and type(action) is int:
                # a card among all left: _Shuffle.step's common case written out (its
                # call costs as much as the rest)
                pool = d.pool
                at = bisect_left(pool, action)
                if at < len(pool) and pool[at] == action:
                    left = pool.copy()
                    del left[at]
                    sh = _new(_Dealing)
                    sh._fixed, sh.i, sh.pack, sh.pool = d._fixed, i - 1, -1, left
                    sh._steps = (action, action, d._steps)
                    self._data = sh
                    return
            try:
                sh = d.step(action if type(action) is int else int(action))
            except ValueError:
                raise ValueError(
                    f"chance outcome {action} is not one of the deal's next {d.kind() or 'card'}s"
                ) from None
            if sh.i > 0:
                self._data = sh
                return
            # the shuffle is over: taken as it ended, the deal runs on from there
            ctx = self._ctx
            choices, done = sh.finished()
            nxt = ctx.deal_on(choices, done)
            self._data = _deal_content(ctx, choices, done, nxt)
            return
        ctx = self._ctx
        if d.zs is None:
            try:
                chance = self._deal_node()
                if chance.shuffle is None and action not in {a for a, _ in chance.outcomes}:
                    raise ValueError(chance.kind)
                choices, done, nxt = ctx.deal_step(d.deal, d.done, chance, int(action))
            except ValueError:
                kind = self._deal_node().kind
                raise ValueError(
                    f"chance outcome {action} is not one of the deal's next {kind}s"
                ) from None
            self._data = _deal_content(ctx, choices, done, nxt)
            return
        p = d.pending
        if p is None:
            move = ctx.moves[action]
            # checked once here (against the state's legal actions, kept for its
            # clones); the applies that follow are unchecked (``ctx.apply``)
            actions = d.actions
            if actions is None:
                actions = self._actions()
            if move.action not in actions:
                raise ValueError(f"action {action} ({move.text}) is not legal now")
            self._resolve(_Pending(int(action), d.zs))
            return
        if p.shuffles and not p.shuffled:
            if not 0 <= action < SHUFFLE_SEEDS:
                raise ValueError(
                    f"chance outcome {action} is not a generator state 0..{SHUFFLE_SEEDS - 1}"
                )
            base = attrs.evolve(p.base, rng=splitmix64(int(action))[0])
            self._resolve(attrs.evolve(p, base=base, shuffled=True))
            return
        if not self._is_card_outcome(p, action):
            raise ValueError(
                f"chance outcome {action} ({card_text(action)}) cannot be turned up here"
            )
        self._resolve(self._place(p, int(action)))

    def _place(self, p: _Pending, card: int) -> _Pending:
        """Put ``card`` where the target lies, keeping every card in its group:
        a card a shuffle hid stays in its pile; an unseen card may go anywhere."""
        target, base, mixed = p.target, p.base, self._data.mixed
        if card == target or card in mixed or target not in mixed:
            moves = {target: card, card: target}
        else:
            # an unseen card for a mixed one: the mixed card keeps to its pile and
            # takes the place of an unseen card there, which goes where ``card`` was
            places = self._ctx.places(base)
            pile = places[target]
            if places[card] == pile:
                moves = {target: card, card: target}
            else:
                fixed = set(p.fixed)
                slot = next(
                    c
                    for c in base.piles[pile]
                    if c not in self._data.seen and c not in fixed and c != target
                )
                moves = {target: card, slot: target, card: slot}
        return _Pending(
            p.action, _permute(base, moves), (*p.fixed, card), -1, p.shuffles, p.shuffled
        )

    def _resolve(self, pending: _Pending) -> None:
        """Apply the pending move, or stop at the next chance node it needs."""
        ctx = self._ctx
        d: _Data = self._data  # type: ignore[assignment]  # (a player's move)
        move = ctx.moves[pending.action]
        # unchecked: the move was checked on the state it was chosen in; the cards
        # chance placed since only swap cards that no seat sees
        after = ctx.apply(pending.base, move)
        if not pending.shuffles and after.rng != pending.base.rng:
            # the move shuffles: chance chooses the generator state first
            self._data = attrs.evolve(d, pending=attrs.evolve(pending, shuffles=True))
            return
        # the next card that a move turns up and that nobody may know (unseen, or
        # hidden again by a shuffle) and chance has not chosen yet, from a pile whose
        # order means something: chance chooses it first
        changed = ctx.changed(pending.base, after) if ctx.fast else None
        if changed is not None and ctx.shows_nothing(pending.base, after, changed):
            # (a new tuple of empty ones, as shown() gives: pickles write the same bytes)
            shown: tuple[tuple[int, ...], ...] = tuple([()] * ctx.players)
            public: tuple[int, ...] = ()
            seen, mixed = d.seen, d.mixed
        else:
            target = ctx.turned_up(pending.base, after, changed, (d.seen, d.mixed, pending.fixed))
            if target >= 0:
                p = pending
                self._data = _Data(
                    d.zs,
                    d.seen,
                    d.deal_views,
                    d.steps,
                    _Pending(p.action, p.base, p.fixed, target, p.shuffles, p.shuffled),
                    d.truncated,
                    d.mixed,
                    dealt=d.dealt,
                )
                return
            shown, public = ctx.shown(pending.base, after, changed)
            new: set[int] = set().union(*shown)
            seen = d.seen if new.issubset(d.seen) else d.seen.union(new)
            mixed = d.mixed.difference(new) if d.mixed else d.mixed
        seat = pending.base.to_move
        assert seat is not None
        hidden: tuple[tuple[int, ...], ...] = ()
        covered: tuple[int, ...] = ()
        pool: tuple[int, ...] = ()
        saw: tuple[tuple[int, ...], ...] = ()
        if pending.shuffles:
            # seen cards that the shuffle left face down to everyone are unknown again
            before = pending.base
            touched = [i for i in range(len(ctx.specs)) if before.piles[i] != after.piles[i]]
            covered, pool, saw, played = shuffle_record(ctx, before, after, touched)
            shown = tuple(tuple(sorted({*s, *f})) for s, f in zip(shown, played, strict=True))
            public = tuple(sorted({*public, *(c for f in played for c in f)}))
            mixed = mixed.union(c for c in covered if c in seen)
            # and each seat loses the place of every card of the touched piles it
            # does not see now (a card the shuffle sent to another seat's hand too)
            cards = {c for i in touched for c in before.piles[i]}
            cards.update(c for i in touched for c in after.piles[i])
            hidden = tuple(
                tuple(sorted(cards - v)) for v in ctx.views(after, range(len(ctx.specs)))
            )
        steps = _Node(d.steps, _Step(seat, move.text, shown, hidden, covered, pool, saw, public))
        truncated = after.outcome is None and after.ply >= ctx.max_length
        self._data = _Data(after, seen, d.deal_views, steps, None, truncated, mixed, dealt=d.dealt)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            d = self._data
            if d.zs is None:
                kind = self._deal_node().kind
                if kind == "card":
                    return f"deal {card_text(action)}"
                return f"deal from pack {action}" if kind == "pack" else f"lot {action}"
            if d.pending is not None and d.pending.shuffles and not d.pending.shuffled:
                return f"shuffle {action}"
            return f"turn up {card_text(action)}"
        return self._ctx.rules.moves[action].text

    # ------------------------------------------------------- determinizing
    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ZankState:
        """A state drawn from ``player_id``'s information set (OpenSpiel's
        ``ResampleFromInfostate``, which ``ISMCTSBot`` calls at every simulation).

        The cards the player has never seen (face down since the deal, or in
        another seat's hand) are dealt anew: a uniform permutation of them within
        each group of cards the deal shuffled together, applied to the whole
        game -- the state, the deal, and what every other seat saw of each move.
        So the result is a game of the same chance model that looks the same to
        the player (the same information-state string and observation), while
        every other seat holds and remembers the cards of the new deal.  The
        cards a shuffle hid from the player (Spite and Malice's completed build
        piles) are dealt anew from that shuffle on: which of them another seat
        drew since and which are still face down
        (``zank.adapters._resample``).  Cards whose place the player knows
        keep it, including those it remembers face down.

        ``probability_sampler`` (OpenSpiel's ``UniformProbabilitySampler`` or any
        callable returning a float in ``[0, 1)``) seeds the permutation.

        Raises:
            ValueError: the state is a chance node (the deal, or a move waiting
                for the cards it turns up): resample at a decision or at the end.
        """
        d = self._data
        ctx = self._ctx
        if d.zs is None or d.pending is not None or d.dealt is None:
            raise ValueError("resample_from_infostate needs a player's decision or the end")
        assert isinstance(d, _Data)
        if not 0 <= player_id < ctx.players:
            raise ValueError(f"player_id must be a seat from 0 to {ctx.players - 1}")
        rnd = random.Random(int(float(probability_sampler()) * 2**53))
        clone: ZankState = self.clone()
        clone._data = resample(ctx, d, player_id, rnd, lambda obs: _view_text(ctx, obs))
        return clone

    # ------------------------------------------------------------- viewing
    def observation_of(self, player: int) -> Observation | None:
        """``rules.observe`` of the zank state for ``player`` (``None`` before the deal)."""
        zs = self.zank_state
        return None if zs is None else self._ctx.rules.observe(zs, player)

    def observation_text(self, player: int) -> str:
        """The observation string of ``player``."""
        return self.view_text(player)

    def view_of(self, player: int, view: str = "seat") -> Observation | None:
        """The observation of ``player`` of one of the three views: ``"seat"``
        (:meth:`observation_of`), ``"public"`` (what every seat sees:
        :func:`~zank.adapters.knowledge.public_observation`) or ``"all"`` (what
        some seat sees: every hand, no face-down card); ``None`` before the deal."""
        zs = self.zank_state
        if zs is None:
            return None
        return _views(self._ctx.rules, zs, player, view)

    def view_text(self, player: int, view: str = "seat") -> str:
        """The observation string of ``player`` in one of the views of :meth:`view_of`."""
        obs = self.view_of(player, view)
        if obs is None:
            return f"seat {player}: before the deal"
        text = _view_text(self._ctx, obs)
        if view != "seat":
            text = f"{view} view\n{text}"
        pending = self._data.pending
        if pending is not None:
            text += f"\nplaying {self._ctx.rules.moves[pending.action].text}: cards being turned up"
        if self._data.truncated:
            text += f"\nstopped at max_game_length={self._ctx.max_length}"
        return text

    def _deal_view(self, player: int, view: str) -> tuple[int, str]:
        """The record key of a view (the seat, :data:`PUBLIC` or :data:`ALL`) and
        its view of the deal."""
        d = self._data
        if view == "seat":
            return player, d.deal_views[player]
        assert d.dealt is not None
        key = PUBLIC if view == "public" else ALL
        # the same for every seat: oriented for seat 0
        obs = _views(self._ctx.rules, d.dealt, 0, view)
        return key, f"{view} view of the deal\n{_view_text(self._ctx, obs)}"

    def information_text(self, player: int, view: str = "seat") -> str:
        """The information-state string of ``player`` (bounded in size): its
        observation string, then ``history`` and a 32-hex-digit BLAKE2b digest of
        its view of the deal and of every move with the cards it showed this
        player (the perfect-recall record of :meth:`information_record`).

        ``view="public"`` or ``"all"``: the perfect-recall string of that view
        (:meth:`view_of`): its observation string and the digest of the record
        of what the deal and every move showed every seat (``"public"``) or some
        seat (``"all"``), the same for every seat.
        """
        d = self._data
        if d.zs is None:
            return f"seat {player}: before the deal"
        key, deal = self._deal_view(player, view)
        chain = b"" if d.steps is None else d.steps.digest(key)
        digest = hashlib.blake2b(_deal_digest(deal) + chain, digest_size=16)
        return f"{self.view_text(player, view)}\nhistory {digest.hexdigest()}"

    def information_record(self, player: int, view: str = "seat") -> str:
        """The perfect-recall record that the information-state string digests:
        ``player``'s view of the deal, then every move with the cards it showed
        this player (its length grows with the game); ``view="public"`` or
        ``"all"``: the record of what the deal and the moves showed every seat
        or some seat."""
        d = self._data
        if d.zs is None:
            return f"seat {player}: before the deal"
        key, deal = self._deal_view(player, view)
        steps = [] if d.steps is None else d.steps.steps()
        moves = " ".join(_entry(step, key) for step in steps)
        return f"{deal}\nmoves: {moves}"

    def seen_by(self, player: int) -> frozenset[int]:
        """Every card ``player`` has seen so far (in the deal or turned up since)."""
        mask = self._masks(player)[0]
        return frozenset(c for c in range(mask.bit_length()) if mask >> c & 1)

    def _masks(self, player: int) -> tuple[int, int]:
        """Bit masks: the cards ``player`` has seen, and those whose place it knows."""
        d = self._data
        if d.dealt is None:
            return 0, 0
        dealt = 0
        if d.steps is None or player not in d.steps.known:
            for c in self._ctx.views(d.dealt, range(len(self._ctx.specs)))[player]:
                dealt |= 1 << c
        return (dealt, dealt) if d.steps is None else d.steps.seen(player, dealt)

    def encode(self, player: int, out: npt.NDArray[np.float32], view: str = "seat") -> None:
        """Write the observation vector of ``player`` (in one of the views of
        :meth:`view_of`) into ``out`` (zeros before the deal)."""
        obs = self.view_of(player, view)
        if obs is None:
            out.fill(0.0)
        else:
            self._ctx.encoder.encode(obs, out)

    def encode_information(self, player: int, out: npt.NDArray[np.float32]) -> None:
        """Write the information-state vector of ``player`` into ``out``
        (:class:`~zank.adapters.knowledge.KnowledgeEncoder`; zeros before the deal)."""
        zs = self.zank_state
        if zs is None:
            out.fill(0.0)
            return
        ctx = self._ctx
        seen, tracked = self._masks(player)
        ctx.knowledge.encode(zs, ctx.rules.observe(zs, player), seen, tracked, out)

    def __str__(self) -> str:
        d = self._data
        if d.zs is None:
            return "before the deal"
        zs = self.zank_state
        assert zs is not None
        lines = [
            f"to move: {'-' if zs.to_move is None else zs.to_move}; phase {zs.phase}; "
            f"info {list(zs.info)}; ply {zs.ply}; turn {zs.turn}; rng {zs.rng}"
        ]
        for spec, cards, down in zip(self._ctx.specs, zs.piles, zs.down, strict=True):
            lines.append(f"{spec.label} [{down} down]: {cards_text(cards)}")
        lines.append(
            "unseen: " + cards_text(sorted(set(self._ctx.rules.cards(zs.players)) - d.seen))
        )
        if d.mixed:
            lines.append("hidden again by a shuffle: " + cards_text(sorted(d.mixed)))
        if d.pending is not None:
            move = self._ctx.rules.moves[d.pending.action].text
            lines.append(f"playing {move}; chosen {cards_text(d.pending.fixed)}")
        if zs.outcome is not None:
            lines.append(f"result: {zs.outcome}")
        if d.truncated:
            lines.append(
                f"stopped at max_game_length={self._ctx.max_length}: "
                "a draw by the adapter, not by the rules"
            )
        return "\n".join(lines)


class ZankGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of one zank variant; subclasses name the variant."""

    variant = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        cls = zank.VARIANTS[self.variant]
        full = {
            "players": cls.min_players,
            "max_game_length": 0,
            **_option_defaults(cls),
            **(params or {}),
        }
        players = int(full.pop("players"))
        max_length = int(full.pop("max_game_length"))
        for name, none in _nullable(cls).items():
            if full[name] == none:
                full[name] = None
        rules = zank.variant(self.variant, **full)
        if max_length <= 0:
            max_length = default_max_plies(rules, players)
        self.context = _shared_context(self.variant, full, players, max_length)
        """The shared rules object, encoder and bound of this game's states."""
        first = self.context.first.shuffle  # a deal that begins with a shuffle starts in it
        self.start = _Data() if first is None else _Dealing.resume(first, (), ())
        """The content of a state before the deal (equal to ``_Data()``, pickled as it)."""
        info = pyspiel.GameInfo(
            num_distinct_actions=rules.action_space,
            max_chance_outcomes=max(MAX_DEAL_OUTCOMES, SHUFFLE_SEEDS, MAX_CARD),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_length,
        )
        super().__init__(_game_type(cls), info, params or {})

    def __reduce__(self) -> tuple[Any, ...]:
        # loaded again by name and parameters in the process that unpickles it
        return (_load_by_name, (self.variant, dict(self.get_parameters())))

    @property
    def rules(self) -> Rules:
        """The zank rules object of this game."""
        return self.context.rules

    def new_initial_state(self) -> ZankState:
        """A state before the deal (a chance node)."""
        return ZankState(self)

    def state_at(self, state: State) -> ZankState:
        """A state of this game at the zank position ``state``, as if dealt so: each
        seat's record starts there, cards face down to all are dealt by chance as
        they turn up, and ``history()`` is empty (see ``zank.adapters._position``).

        Raises:
            InvalidState: ``state`` is not a valid position of this game.
        """
        out = ZankState(self)
        out._data = position_data(self.context, state)
        return out

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """An observer of one of the views of the module docs (``None``: one seat's observation)."""
        return _Observer(self.context, iig_obs_type, params)


def _load_by_name(variant: str, params: dict[str, Any]) -> Any:
    """``pyspiel.load_game`` of a variant's game (registering it first): how a
    pickled game is loaded again."""
    return pyspiel.load_game(register(variant), params)


def _game_type(cls: type[Rules]) -> Any:
    return pyspiel.GameType(
        short_name=game_name(cls.name),
        long_name=f"zank {cls.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": cls.min_players,
            "max_game_length": 0,
            **_option_defaults(cls),
        },
    )


_registered: dict[str, type[ZankGame]] = {}


def register(variant: str) -> str:
    """Register ``variant`` with OpenSpiel (once) and return its game name.

    Every variant in :data:`zank.VARIANTS` at import time is registered
    already; call this for one added later.
    """
    name = game_name(variant)
    if variant not in _registered:
        cls = zank.VARIANTS[variant]
        class_name = "ZankGame_" + variant.replace("-", "_")
        game_cls = type(
            class_name,
            (ZankGame,),
            {"variant": variant, "__module__": __name__, "__qualname__": class_name},
        )
        globals()[class_name] = game_cls  # reachable by name, as pickle wants
        pyspiel.register_game(_game_type(cls), game_cls)
        _registered[variant] = game_cls
    return name


for _variant in sorted(zank.VARIANTS):
    register(_variant)
