"""OpenSpiel's bots as zank agents (``pip install 'zank[openspiel]'``).

A zank agent decides from an :class:`~zank.core.Observation`; an OpenSpiel bot
from an OpenSpiel state.  :class:`OpenSpielAgent` joins them: at each decision
it deals a *world* from the observation alone
(:meth:`~zank.core.Rules.sample_state`: the cards the seat cannot see dealt at
random), starts the OpenSpiel game there
(:meth:`~zank.adapters.openspiel.ZankGame.state_at`), asks the bot for an
action and answers the legal move of that action.  The agent never holds the
true state, so no bot can read a hidden card through it, whatever the bot
reads.

:func:`ismcts_agent` wraps OpenSpiel's Python ``ISMCTSBot``
(``open_spiel.python.algorithms.ismcts``).  That bot does not search the state
it is given: every simulation starts from
``state.resample_from_infostate(player, ...)``, which deals every card the
player has not seen anew, uniformly within the cards the deal shuffled
together; of the given state it reads only the legal actions and the
information-state string (the key of its root node), both the same for every
state of the player's information set.  So the world's hidden cards do not
inform its choice either, but for one thing: a face-down card keeps the
*group* (the pack, where each seat has its own) of the card that lies there in
the world, and ``sample_state`` deals the hidden places from every unseen card
of the game, so a world may put a card of the other seat's pack in a seat's
face-down pile (random, from the observation only: an approximation, no leak).
The agent builds the bot with ``max_world_samples=-1`` (a new world every
simulation) and gives it a resampler seeded from the agent's seed, so that a
game is reproducible (OpenSpiel's default sampler is seeded by the clock).

The names ``openspiel-ismcts`` and ``openspiel-ismcts+zank``
(:data:`zank.simulate.AGENTS`) are :func:`ismcts_agent` with OpenSpiel's
``RandomRolloutEvaluator`` and with :class:`ZankLeafEvaluator`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from zank._values import _seed
from zank.adapters.openspiel import load_game
from zank.agents.search import goal_weights, leaf_values
from zank.core import Move, Observation, Rules
from zank.errors import OptionError, ZankError, quote
from zank.random import fresh_seed

__all__ = [
    "DEFAULT_SIMULATIONS",
    "EVALUATORS",
    "OpenSpielAgent",
    "ZankLeafEvaluator",
    "ismcts_agent",
]

DEFAULT_SIMULATIONS = 20
"""The simulations of :func:`ismcts_agent` per decision unless told otherwise
(those of the agent names)."""
EVALUATORS = ("random", "zank-leaf")
"""The leaf evaluators of :func:`ismcts_agent`: OpenSpiel's
``RandomRolloutEvaluator`` and :class:`ZankLeafEvaluator`."""

_BotMaker = Callable[[Any, np.random.RandomState], Any]
"""``make(game, random_state) -> bot``: an OpenSpiel bot for ``game``."""


def _random_state(seed: int) -> np.random.RandomState:
    """A numpy generator seeded by any int from 0 up (numpy's own takes 32 bits)."""
    return np.random.RandomState(np.random.MT19937(np.random.SeedSequence(seed)))


class ZankLeafEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """An OpenSpiel evaluator from zank's public API: from the zank state of the
    state it is given (one of a bot's sampled worlds), greedy playouts
    (:meth:`~zank.core.Rules.playouts`) cut off after ``max_moves`` moves,
    scored by :func:`~zank.agents.search.leaf_values` and mapped from [0, 1]
    to OpenSpiel's [-1, 1]; a finished game scores its returns."""

    def __init__(
        self,
        rules: Rules,
        players: int,
        random_state: np.random.RandomState,
        max_moves: int = 20,
    ) -> None:
        self.rules = rules
        self.weights = goal_weights(rules, players)
        self.max_moves = max_moves
        self.random_state = random_state

    def evaluate(self, state: Any) -> Any:
        """Each seat's value of ``state``, an array in [-1, 1]."""
        zs = state.zank_state
        if state.is_terminal() or zs is None:
            return np.array(state.returns())
        seed = int(self.random_state.randint(2**31))
        out = self.rules.playouts(
            zs, 1, policy="greedy", seed=seed, max_moves=self.max_moves, keep_finals=True
        )
        assert out.finals is not None
        values = leaf_values(self.rules, out.finals[0], self.weights)
        return np.array([2.0 * v - 1.0 for v in values])

    def prior(self, state: Any) -> Any:
        """Uniform over the legal actions (``ISMCTSBot``'s UCT selection ignores it)."""
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class OpenSpielAgent:
    """A zank agent that lets an OpenSpiel bot choose, from the observation only.

    ``make_bot(game, random_state)`` builds the bot for the adapter's game of
    the rules object and seat count (once per game);
    ``seed`` seeds the worlds and the bot's generator, so that the same seed
    and the same observations give the same moves.  Each decision deals a world
    from the observation (:meth:`~zank.core.Rules.sample_state`), starts the
    game there (:meth:`~zank.adapters.openspiel.ZankGame.state_at`) and calls
    ``bot.step``; a single legal move is played without asking.

    Raises (from :meth:`choose`):
        ZankError: the bot answers an action that is not one of the legal moves.
    """

    def __init__(self, make_bot: Callable[[Any, Any], Any], seed: int | None = None) -> None:
        self._make_bot = make_bot
        self._random = _random_state(fresh_seed() if seed is None else _seed(seed))
        self._bots: dict[tuple[Rules, int], tuple[Any, Any]] = {}

    def _bot(self, rules: Rules, players: int) -> tuple[Any, Any]:
        """The game and bot of ``rules`` at ``players`` seats (made once)."""
        key = (rules, players)
        found = self._bots.get(key)
        if found is None:
            game = load_game(rules, players)
            found = self._bots[key] = (game, self._make_bot(game, self._random))
        return found

    def choose(self, rules: Rules, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        """The legal move of the bot's action at a world dealt from ``observation``."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        game, bot = self._bot(rules, observation.players)
        world = rules.sample_state(observation, seed=int(self._random.randint(2**62)))
        action = int(bot.step(game.state_at(world)))
        for move in legal_moves:
            if move.action == action:
                return move
        raise ZankError(f"the OpenSpiel bot chose action {action}, not one of the legal moves")


def _ismcts_maker(evaluator: str, simulations: int, uct_c: float, rollout_length: int) -> _BotMaker:
    def make(game: Any, random_state: np.random.RandomState) -> Any:
        if evaluator == "random":
            leaf: Any = mcts.RandomRolloutEvaluator(
                n_rollouts=1, random_state=random_state, max_length=rollout_length
            )
        else:
            leaf = ZankLeafEvaluator(game.rules, game.num_players(), random_state)
        bot = ismcts.ISMCTSBot(
            game, leaf, uct_c, simulations, max_world_samples=-1, random_state=random_state
        )
        # every simulation's world from the agent's generator (the default sampler
        # is seeded by the clock): the same seed, the same game
        bot.set_resampler(
            lambda state, player: state.resample_from_infostate(player, random_state.uniform)
        )
        return bot

    return make


def ismcts_agent(
    seed: int | None = None,
    *,
    evaluator: str = "random",
    simulations: int = DEFAULT_SIMULATIONS,
    uct_c: float = 2.0,
    rollout_length: int = 200,
) -> OpenSpielAgent:
    """OpenSpiel's Python ``ISMCTSBot`` as a zank agent (see the module docs).

    ``evaluator``: ``"random"``, OpenSpiel's ``RandomRolloutEvaluator`` (one
    random rollout cut off after ``rollout_length`` nodes, scoring 0 then, as a
    draw: ``openspiel-ismcts``), or ``"zank-leaf"``, :class:`ZankLeafEvaluator`
    (``openspiel-ismcts+zank``).  ``simulations`` per decision, ``uct_c`` the
    exploration constant.

    >>> import zank
    >>> from zank.adapters.openspiel_bots import ismcts_agent
    >>> from zank.agents import RandomAgent
    >>> rules = zank.variant("spite-and-malice")
    >>> agents = [ismcts_agent(1, evaluator="zank-leaf", simulations=4), RandomAgent(2)]
    >>> len(zank.play(rules, agents, seed=3, max_moves=12).moves)
    12

    Raises:
        OptionError: an unknown evaluator, or a budget that is not a positive int.
    """
    if evaluator not in EVALUATORS:
        raise OptionError(
            f"evaluator must be one of {', '.join(EVALUATORS)}, not {quote(evaluator, 40)}"
        )
    for name, value in (("simulations", simulations), ("rollout_length", rollout_length)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise OptionError(f"{name} must be a positive int, not {quote(value, 40)}")
    if not isinstance(uct_c, (int, float)) or isinstance(uct_c, bool) or not uct_c >= 0:
        raise OptionError(f"uct_c must be a number from 0 up, not {quote(uct_c, 40)}")
    return OpenSpielAgent(_ismcts_maker(evaluator, simulations, float(uct_c), rollout_length), seed)
