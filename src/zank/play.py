"""Playing whole games: :func:`play` and the :class:`GameRecord` it returns."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

from attrs import frozen

import zank
from zank.agents.base import Agent
from zank.core import Result, Rules, State, Termination
from zank.errors import IllegalMove, InvalidState, NotationError, OptionError
from zank.random import fresh_seed

__all__ = ["RECORD_FORMAT", "GameRecord", "play", "replay"]

RECORD_FORMAT = "zank-record"
RECORD_VERSION = 1


@frozen
class GameRecord:
    """A finished (or stopped) game: enough to replay it exactly, like PGN for chess.

    ``moves`` holds every move in notation, in order; ``result`` is ``None``
    when the game was stopped before its end.
    """

    variant: str
    options: dict[str, Any]
    seed: int
    players: int
    moves: tuple[str, ...]
    result: Result | None

    def rules(self) -> Rules:
        """The rules object the game was played with."""
        return zank.variant(self.variant, **self.options)

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready dict of the record."""
        r = self.result
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "library": zank.__version__,
            "variant": self.variant,
            "options": self.options,
            "seed": self.seed,
            "players": self.players,
            "moves": list(self.moves),
            "result": None
            if r is None
            else {"winner": r.winner, "points": list(r.points), "reason": r.reason.value},
        }

    def dumps(self, *, indent: int | None = None) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def loads(cls, text: str | bytes) -> GameRecord:
        """Read a record from JSON text (the moves are checked by :func:`replay`)."""
        try:
            doc = json.loads(text)
        except ValueError as e:
            raise InvalidState(f"not valid JSON: {e}") from None
        if not isinstance(doc, dict) or doc.get("format") != RECORD_FORMAT:
            raise InvalidState(f"not a zank game record ('format' must be {RECORD_FORMAT!r})")
        if doc.get("version") != RECORD_VERSION:
            raise InvalidState(f"unsupported record version {doc.get('version')!r}")
        moves, seed, players = doc.get("moves"), doc.get("seed"), doc.get("players")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise InvalidState("'moves' must be a list of move notations")
        if not isinstance(seed, int) or not isinstance(players, int):
            raise InvalidState("'seed' and 'players' must be integers")
        options = doc.get("options", {})
        if not isinstance(doc.get("variant"), str) or not isinstance(options, dict):
            raise InvalidState("'variant' must be a string and 'options' an object")
        res = doc.get("result")
        result = None
        if res is not None:
            try:
                result = Result(res["winner"], tuple(res["points"]), Termination(res["reason"]))
            except (KeyError, TypeError, ValueError):
                raise InvalidState(f"malformed result {res!r}") from None
        return cls(doc["variant"], options, seed, players, tuple(moves), result)


def replay(record: GameRecord) -> Iterator[State]:
    """Yield every state of a recorded game, from the deal to the last move.

    Raises:
        InvalidState: a move of the record is not legal where it stands, or the
            recorded result differs from the replayed one (the message names
            the move number and the reason).
    """
    try:
        rules = record.rules()
        state = rules.new_game(seed=record.seed, players=record.players)
    except OptionError as e:
        raise InvalidState(f"bad record: {e}") from None
    yield state
    for n, text in enumerate(record.moves, start=1):
        try:
            move = rules.parse_move(state, text)
        except (NotationError, IllegalMove) as e:
            raise InvalidState(f"move {n} ({text!r}) cannot be replayed: {e}") from None
        state = rules.apply(state, move)
        yield state
    if record.result is not None and rules.result(state) != record.result:
        raise InvalidState(
            f"the record says {record.result}, but replaying gives {rules.result(state)}"
        )


def play(
    rules: Rules,
    agents: Sequence[Agent],
    seed: int | None = None,
    *,
    max_moves: int | None = None,
) -> GameRecord:
    """Play one game between ``agents`` (one per seat) and return its record.

    Each agent sees only its own observation.  ``max_moves`` stops the game
    early (the record's result is then ``None``); by default the game is
    played to its end, which the rules of every variant guarantee.
    """
    if seed is None:
        seed = fresh_seed()
    state = rules.new_game(seed=seed, players=len(agents))
    moves: list[str] = []
    while state.outcome is None:
        if max_moves is not None and len(moves) >= max_moves:
            break
        p = state.to_move
        assert p is not None
        legal = rules.legal_moves(state)
        move = agents[p].choose(rules, rules.observe(state, p), legal)
        state = rules.apply(state, move)
        moves.append(move.text)
    return GameRecord(rules.name, rules.options, seed, len(agents), tuple(moves), state.outcome)
