"""A PettingZoo AEC environment for every zank variant (``pip install 'zank[pettingzoo]'``).

>>> from zank.adapters.pettingzoo import ZankEnv
>>> env = ZankEnv("spite-and-malice", players=2)
>>> env.reset(seed=7)
>>> observation, reward, terminated, truncated, info = env.last()
>>> sorted(observation), observation["action_mask"].dtype.name
(['action_mask', 'observation'], 'int8')

* Agents are ``"player_0"`` … ``"player_{P-1}"``, one per seat.
* Actions are ``Discrete(rules.action_space)``: the action ids of
  :meth:`zank.core.Rules.encode`.  Only legal actions may be stepped; the
  ``action_mask`` of the agent to act marks them (every other agent's mask is
  all zero).
* Observations are dicts: ``"observation"`` is the float32 vector of
  :class:`zank.adapters.encoding.ObservationEncoder` (built from
  :meth:`zank.core.Rules.observe`, so it holds no hidden card) and
  ``"action_mask"`` an int8 vector.
* ``agent_selection`` follows ``state.to_move``: a turn spans many moves, so
  the same agent usually acts several times in a row.
* Rewards are zero until the game ends; then the winner gets +1, every other
  seat ``-1/(P-1)`` (-1 at two seats; the games are zero-sum, as in the
  OpenSpiel adapter: :func:`zank.adapters.conventions.seat_returns`), and a
  drawn or truncated game gives 0 to all.  Every agent's ``info`` then holds
  ``points`` (the variant's score for this game, one entry per seat),
  ``winner`` (a seat or ``None``) and ``reason``.
* ``reset(seed=n)`` deals ``rules.new_game(seed=n)``; a ``reset()`` without a
  seed deals from a generator seeded by the last seeded reset, so a seeded
  sequence of episodes repeats exactly.
* ``max_plies`` bounds a game's moves.  By default (:data:`AUTO`) it is
  :func:`~zank.adapters.conventions.default_max_plies`, the OpenSpiel
  adapter's ``max_game_length``: the bound the variant's end rules prove where
  they prove one (``zank-detailed``, ``crapette``, ``zank-104``; such a game
  never reaches it), else :data:`~zank.adapters.conventions.DEFAULT_MAX_PLIES`,
  at which the game is truncated.  An int truncates after that many moves,
  ``None`` never.
* :meth:`~ZankEnv.render` draws what one seat may see: by default the seat to
  move (:data:`TO_MOVE`), or a fixed seat; the whole table, every hand
  included, only with ``render_perspective=ALL``.  ``render_mode="ansi"``
  returns that text; ``render_mode="human"`` prints it to standard output
  (and returns ``None``), as PettingZoo's classic environments show a human
  the table.
* ``metadata["name"]`` names the variant: ``zank_spite_and_malice_v0`` and so
  on (:func:`env_name`).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

import zank
from zank.adapters.conventions import default_max_plies, seat_returns
from zank.adapters.encoding import ObservationEncoder
from zank.core import HIDDEN, Rules, State
from zank.errors import quote

__all__ = ["ALL", "AUTO", "TO_MOVE", "ZankEnv", "env", "env_name"]

ObsDict = dict[str, npt.NDArray[Any]]

TO_MOVE = "to-move"
"""``render_perspective``: draw what the seat to move sees (the default)."""
ALL = "all"
"""``render_perspective``: draw the whole table, every private card included."""
AUTO = "auto"
"""``max_plies``: the bound both adapters share
(:func:`zank.adapters.conventions.default_max_plies`)."""


def env_name(variant: str) -> str:
    """The environment name of a variant: ``zank_spite_and_malice_v0``."""
    return "zank_" + variant.replace("-", "_") + "_v0"


class ZankEnv(AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment playing one zank variant.

    Args:
        variant: a variant name from :data:`zank.VARIANTS` or a rules object.
        players: the number of seats.
        render_mode: ``None``, ``"ansi"`` (:meth:`render` returns the table as
            text) or ``"human"`` (:meth:`render` prints it).
        render_perspective: whose view :meth:`render` draws: :data:`TO_MOVE`
            (default), a seat number, or :data:`ALL` for the whole table.
        max_plies: truncate a game after this many moves (``None``: never);
            :data:`AUTO` (default): the rules' own bound where they prove one,
            else :data:`~zank.adapters.conventions.DEFAULT_MAX_PLIES`
            (:func:`~zank.adapters.conventions.default_max_plies`).
        depth: card slots per pile in the observation vector
            (see :class:`~zank.adapters.encoding.ObservationEncoder`).
        options: the variant's options when ``variant`` is a name.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "name": "zank_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str | Rules = "spite-and-malice",
        players: int = 2,
        *,
        render_mode: str | None = None,
        render_perspective: int | str = TO_MOVE,
        max_plies: int | str | None = AUTO,
        depth: int = 3,
        **options: Any,
    ) -> None:
        super().__init__()
        if isinstance(variant, Rules):
            if options:
                raise TypeError("pass options only with a variant name, not with a rules object")
            rules = variant
        else:
            rules = zank.variant(variant, **options)
        if render_mode not in (None, "ansi", "human"):
            raise zank.OptionError(
                f"render_mode must be None, 'ansi' or 'human', not {quote(render_mode)}"
            )
        if render_perspective not in (TO_MOVE, ALL) and (
            not isinstance(render_perspective, int)
            or isinstance(render_perspective, bool)
            or not 0 <= render_perspective < players
        ):
            raise zank.OptionError(
                f"render_perspective must be {TO_MOVE!r}, {ALL!r} or a seat from 0 to "
                f"{players - 1}, not {quote(render_perspective)}"
            )
        if max_plies == AUTO:
            max_plies = default_max_plies(rules, players)
        elif max_plies is not None and (
            not isinstance(max_plies, int) or isinstance(max_plies, bool) or max_plies < 1
        ):
            raise zank.OptionError(
                f"max_plies must be {AUTO!r}, None or a positive int, not {quote(max_plies)}"
            )
        self.render_perspective = render_perspective
        """Whose view :meth:`render` draws (see the constructor)."""
        self.rules = rules
        """The rules object the environment plays."""
        self.metadata = {**type(self).metadata, "name": env_name(rules.name)}
        """The class's metadata with the variant's name."""
        self.players = players
        self.render_mode = render_mode
        self.max_plies: int | None = max_plies
        """The most moves of a game (``None``: no bound; see the constructor)."""
        self.encoder = ObservationEncoder(rules, players, depth=depth)
        """The encoder of the ``"observation"`` vectors."""
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = self.possible_agents[:]
        low, high = self.encoder.low_high()
        space = spaces.Dict(
            {
                "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                "action_mask": spaces.Box(
                    low=0, high=1, shape=(rules.action_space,), dtype=np.int8
                ),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: spaces.Discrete(rules.action_space) for a in self.possible_agents}
        self._seeds = np.random.default_rng()
        self.game_state: State = rules.new_game(seed=0, players=players)
        """The zank state of the running game (replaced on every step)."""
        self._start()

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(rules.action_space)``."""
        return self.action_spaces[agent]

    # ------------------------------------------------------------------- cycle
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: ``rules.new_game(seed=seed)``, or a seed drawn as the module says."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._seeds.integers(0, 2**63))
        self.game_state = self.rules.new_game(seed=game_seed, players=self.players)
        self._start()

    def _start(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        to_move = self.game_state.to_move
        self.agent_selection = self.possible_agents[to_move if to_move is not None else 0]

    def observe(self, agent: str) -> ObsDict:
        """The observation dict of ``agent``: the encoded view and its action mask."""
        seat = self.possible_agents.index(agent)
        vector = self.encoder.encode(self.rules.observe(self.game_state, seat))
        if seat == self.game_state.to_move:
            mask = np.frombuffer(self.rules.action_mask(self.game_state), dtype=np.int8).copy()
        else:
            mask = np.zeros(self.rules.action_space, dtype=np.int8)
        return {"observation": vector, "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play action ``action`` for ``agent_selection`` (``None`` for a finished agent).

        Raises:
            ~zank.errors.IllegalMove: the action is not legal now.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        move = self.rules.decode(self.game_state, int(action))
        self.game_state = self.rules.apply(self.game_state, move)
        result = self.game_state.outcome
        if result is not None:
            returns = seat_returns(result.winner, self.players)
            for seat, a in enumerate(self.agents):
                self.rewards[a] = returns[seat]
                self.terminations[a] = True
                self.infos[a] = {
                    "points": result.points,
                    "winner": result.winner,
                    "reason": result.reason.value,
                }
        elif self.max_plies is not None and self.game_state.ply >= self.max_plies:
            for a in self.agents:
                self.truncations[a] = True
        to_move = self.game_state.to_move
        if to_move is not None:
            self.agent_selection = self.possible_agents[to_move]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as text as :attr:`render_perspective` says: by default only
        what the seat to move may see (after the game, the seat that moved last).
        ``render_mode="ansi"`` returns the text, ``"human"`` prints it and returns
        ``None``; without a render mode, ``None``.

        Hidden cards are counted (``## 5``), visible ones shown.
        """
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        text = self._table_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _table_text(self) -> str:
        state = self.game_state
        if self.render_perspective == ALL:
            seat = None
            piles = [
                (HIDDEN,) * d + cards[d:] for cards, d in zip(state.piles, state.down, strict=True)
            ]
        else:
            seat = (
                self.possible_agents.index(self.agent_selection)
                if self.render_perspective == TO_MOVE
                else int(self.render_perspective)
            )
            piles = list(self.rules.observe(state, seat).piles)
        lines = ["the whole table" if seat is None else f"as seen by player_{seat}"]
        for spec, cards in zip(self.rules.layout(self.players), piles, strict=True):
            hidden = cards.count(HIDDEN)
            parts = [f"## {hidden}"] if hidden else []
            parts += [zank.Card(c).unicode for c in cards if c != HIDDEN]
            lines.append(f"{spec.label:>12}: {' '.join(parts)}".rstrip())
        lines.append(f"to move: {state.to_move}  result: {state.outcome}")
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""


def env(variant: str | Rules = "spite-and-malice", players: int = 2, **kwargs: Any) -> ZankEnv:
    """A :class:`ZankEnv` (the usual PettingZoo constructor name)."""
    return ZankEnv(variant, players, **kwargs)
