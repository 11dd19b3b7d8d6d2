"""Playing whole games: :func:`play`, the :class:`GameRecord` it returns, and :func:`replay`.

A game record is to a zank game what PGN is to chess: the variant, its
options, the deal's seed, every move in notation and the result.  Replaying
the moves from the seeded deal gives back every state exactly.

>>> import zank
>>> from zank.agents import RandomAgent
>>> rules = zank.variant("spite-and-malice", pay_off_size=5)
>>> record = zank.play(rules, [RandomAgent(1), RandomAgent(2)], seed=11)
>>> again = zank.GameRecord.loads(record.dumps())
>>> again == record
True
>>> states = list(zank.replay(again))
>>> len(states) == len(record.moves) + 1 and rules.result(states[-1]) == record.result
True
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from typing import Any

from attrs import field, frozen

from zank import registry
from zank._version import library_version
from zank.agents.base import Agent
from zank.core import Result, Rules, State, Termination
from zank.errors import IllegalMove, InvalidState, NotationError, OptionError, ZankError, quote
from zank.random import MASK64, fresh_seed
from zank.serialize import MAX_DOCUMENT_SIZE, read_json, result_to_dict

__all__ = ["RECORD_FORMAT", "RECORD_VERSION", "GameRecord", "play", "play_game", "replay"]

RECORD_FORMAT = "zank-record"
"""The ``"format"`` field of every game record."""
RECORD_VERSION = 1
"""The version of the record format that this library writes and reads."""


@frozen
class GameRecord:
    """A finished (or stopped) game: enough to replay it exactly, like PGN for chess.

    Attributes:
        variant: the variant's registry key.
        options: the rules object's options (:attr:`zank.core.Rules.options`).
        seed: the seed of the deal (:meth:`zank.core.Rules.new_game`).
        players: the number of seats.
        moves: every move in notation, in order.
        result: how the game ended; ``None`` when it was stopped before its end.
        library: the version of zank that wrote the record.
        tags: free-form text headers, e.g. ``{"seat0": "greedy"}`` (like PGN tags).
        start: the position the game started from, as position text
            (:meth:`zank.core.Rules.position_text`), like a FEN tag in PGN;
            ``None`` (the default): the deal of ``seed``, which is then the
            only use of ``seed``.
    """

    variant: str
    options: dict[str, Any]
    seed: int
    players: int
    moves: tuple[str, ...]
    result: Result | None
    library: str = field(factory=library_version)
    tags: dict[str, str] = field(factory=dict)
    start: str | None = None

    def rules(self) -> Rules:
        """The rules object the game was played with.

        Raises:
            InvalidState: the record names an unknown variant or bad options.
        """
        if not isinstance(self.variant, str) or not isinstance(self.options, dict):
            raise InvalidState("bad record: 'variant' must be a string and 'options' an object")
        if not all(isinstance(k, str) for k in self.options):
            raise InvalidState(f"bad record: option names must be text: {quote(self.options)}")
        try:
            return registry.variant(self.variant, **self.options)
        except ZankError as e:
            raise InvalidState(f"bad record: {e}") from None

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready dict of the record."""
        doc = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "library": self.library,
            "variant": self.variant,
            "options": self.options,
            "seed": self.seed,
            "players": self.players,
            "tags": self.tags,
            "moves": list(self.moves),
            "result": result_to_dict(self.result),
        }
        if self.start is not None:
            doc["start"] = self.start
        return doc

    def dumps(self, *, indent: int | None = None) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, doc: Any) -> GameRecord:
        """Read a record from its JSON-ready dict (the moves are checked by :func:`replay`).

        Raises:
            InvalidState: the document is not a record of this format; the
                message names the field.
        """
        if not isinstance(doc, dict) or doc.get("format") != RECORD_FORMAT:
            raise InvalidState(f"not a zank game record ('format' must be {RECORD_FORMAT!r})")
        version = doc.get("version")
        if version != RECORD_VERSION or isinstance(version, bool):
            raise InvalidState(
                f"unsupported record version {quote(version)} "
                f"(this library reads version {RECORD_VERSION})"
            )
        moves, seed, players = doc.get("moves"), doc.get("seed"), doc.get("players")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise InvalidState("'moves' must be a list of move notations")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MASK64:
            raise InvalidState(f"'seed' must be an integer from 0 to 2**64 - 1, not {quote(seed)}")
        if not isinstance(players, int) or isinstance(players, bool) or players < 1:
            raise InvalidState(f"'players' must be a positive integer, not {quote(players)}")
        options = doc.get("options", {})
        if not isinstance(doc.get("variant"), str) or not isinstance(options, dict):
            raise InvalidState("'variant' must be a string and 'options' an object")
        library = doc.get("library", "unknown")
        tags = doc.get("tags", {})
        if not isinstance(library, str):
            raise InvalidState("'library' must be a version string")
        if not isinstance(tags, dict) or not all(isinstance(v, str) for v in tags.values()):
            raise InvalidState("'tags' must be an object of strings")
        start = doc.get("start")
        if start is not None and not isinstance(start, str):
            raise InvalidState(f"'start' must be position text, not {quote(start)}")
        res = doc.get("result")
        result = None
        if res is not None:
            try:
                winner = res["winner"]
                points = tuple(res["points"])
                if winner is not None and (not isinstance(winner, int) or isinstance(winner, bool)):
                    raise TypeError(winner)
                if not all(isinstance(p, int) and not isinstance(p, bool) for p in points):
                    raise TypeError(points)
                result = Result(winner, points, Termination(res["reason"]))
            except (KeyError, TypeError, ValueError):
                raise InvalidState(f"malformed result {quote(res)}") from None
        return cls(
            doc["variant"], options, seed, players, tuple(moves), result, library, dict(tags), start
        )

    @classmethod
    def loads(cls, text: str | bytes) -> GameRecord:
        """Read a record from JSON text (the moves are checked by :func:`replay`).

        The text is parsed by :func:`zank.serialize.read_json`, within its size
        and depth limits.

        Raises:
            InvalidState: the text is not a valid record; the message says why.
        """
        return cls.from_dict(read_json(text, "game record"))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the record as indented JSON to ``path``."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.dumps(indent=1) + "\n")

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> GameRecord:
        """Read a record from the JSON file at ``path``.

        Raises:
            InvalidState: the file does not hold a valid record (or is larger
                than :data:`zank.serialize.MAX_DOCUMENT_SIZE` bytes).
            OSError: the file cannot be read.
        """
        with open(path, "rb") as f:
            return cls.loads(f.read(MAX_DOCUMENT_SIZE + 1))


def replay(record: GameRecord) -> Iterator[State]:
    """Yield every state of a recorded game, from the deal to the last move.

    Raises:
        InvalidState: the record names an unknown variant or bad options, a
            move of the record is not legal where it stands, or the recorded
            result differs from the replayed one (the message names the move
            number, its notation and the rule it breaks).
    """
    if not isinstance(record, GameRecord):
        raise InvalidState(f"replay() takes a GameRecord, not {type(record).__name__}")
    rules = record.rules()
    try:
        if record.start is None:
            state = rules.new_game(seed=record.seed, players=record.players)
        else:
            state = rules.parse_position(record.start)
    except ZankError as e:
        raise InvalidState(f"bad record: {e}") from None
    if state.players != record.players:
        raise InvalidState(
            f"bad record: 'players' is {record.players}, but its start position "
            f"has {state.players} seats"
        )
    yield state
    for n, text in enumerate(record.moves, start=1):
        try:
            move = rules.parse_move(state, text)
        except (NotationError, IllegalMove) as e:
            raise InvalidState(
                f"bad record: move {n} ({quote(text)}) cannot be played: {e}"
            ) from None
        state = rules.apply(state, move)
        yield state
    if record.result is not None and rules.result(state) != record.result:
        raise InvalidState(
            f"bad record: it says the game ended {_result_text(record.result)}, "
            f"but replaying its {len(record.moves)} moves gives "
            + ("a game still running" if state.outcome is None else _result_text(state.outcome))
        )


def _result_text(result: Result) -> str:
    who = "in a draw" if result.winner is None else f"with seat {result.winner} winning"
    return f"{who} ({result.reason.value}, points {list(result.points)})"


def play_game(
    rules: Rules,
    agents: Sequence[Agent],
    seed: int | None = None,
    *,
    max_moves: int | None = None,
    start: State | None = None,
) -> tuple[GameRecord, State]:
    """Like :func:`play`, but return the final state too (for its turn count)."""
    if seed is None:
        seed = fresh_seed() if start is None else 0
    if start is None:
        state = rules.new_game(seed=seed, players=len(agents))
        position = None
    else:
        position = rules.position_text(start)
        state = rules.parse_position(position)  # what replay starts from
        if state.players != len(agents):
            raise OptionError(
                f"the start position has {state.players} seats but {len(agents)} agents play"
            )
    legal_moves, apply, observe = rules.legal_moves, rules.apply, rules.observe
    moves: list[str] = []
    while state.outcome is None:
        if max_moves is not None and len(moves) >= max_moves:
            break
        p = state.to_move
        assert p is not None
        legal = legal_moves(state)
        move = agents[p].choose(rules, observe(state, p), legal)
        state = apply(state, move)
        moves.append(move.text)
    record = GameRecord(
        rules.name, rules.options, seed, len(agents), tuple(moves), state.outcome, start=position
    )
    return record, state


def play(
    rules: Rules,
    agents: Sequence[Agent],
    seed: int | None = None,
    *,
    max_moves: int | None = None,
    start: State | None = None,
) -> GameRecord:
    """Play one game between ``agents`` (one per seat) and return its record.

    The game begins with the deal of ``seed`` or, when ``start`` is given,
    from that position (e.g. one made by :meth:`zank.core.Rules.setup`); the
    record keeps it as position text in :attr:`GameRecord.start`.

    Each agent sees only its own observation (:meth:`zank.core.Rules.observe`).
    ``max_moves`` stops the game early (the record's result is then ``None``);
    by default the game is played to its end, which the rules of every variant
    guarantee.

    Raises:
        IllegalMove: an agent chose a move that is not legal.
    """
    return play_game(rules, agents, seed, max_moves=max_moves, start=start)[0]
