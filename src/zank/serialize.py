"""JSON for states: :func:`zank.dumps` and :func:`zank.loads`.

A document looks like this (cards in notation, piles by label, bottom to top)::

    {"format": "zank-state", "version": 1, "variant": "spite-and-malice",
     "options": {"build_piles": 3, ...}, "players": 2, "to_move": 0,
     "phase": 0, "info": [], "rng": "0x5f3a...", "ply": 0, "turn": 1,
     "piles": {"build1": [], ..., "p0.pay": ["7h", "Qs:1", ...]},
     "down": {"p0.pay": 19, ...}, "outcome": null}

:func:`zank.loads` validates everything: the structure, the variant and options,
every card, card conservation, the face-down counts, whose turn it is, and the
variant's own pile invariants.  Any problem raises
:class:`~zank.errors.InvalidState` saying what and where; no pickle is used.

Documents may come from anyone (a game server's clients), so before parsing
:func:`read_json` refuses text longer than :data:`MAX_DOCUMENT_SIZE` or nested
deeper than :data:`MAX_DOCUMENT_DEPTH`, and text that is not UTF-8; every
error message quotes at most about 100 characters of the input
(:func:`zank.errors.quote`).

:func:`observation_to_dict` gives the JSON-ready dict of what one seat sees
(hidden cards are ``null``), for sending to that seat.
"""

from __future__ import annotations

import functools
import json
import re
from itertools import accumulate
from typing import Any

from zank.cards import card_text, parse_card
from zank.core import HIDDEN, Observation, Result, Rules, State, Termination
from zank.errors import InvalidState, NotationError, OptionError, ZankError, quote
from zank.random import MASK64

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MAX_DOCUMENT_DEPTH",
    "MAX_DOCUMENT_SIZE",
    "dumps",
    "loads",
    "observation_to_dict",
    "read_json",
    "result_to_dict",
    "state_from_dict",
    "state_to_dict",
]

FORMAT = "zank-state"
"""The ``"format"`` field of every state document."""
FORMAT_VERSION = 1
"""The version of the state format that this library writes and reads."""
MAX_DOCUMENT_SIZE = 1_000_000
"""The longest JSON text :func:`read_json` parses: characters of a ``str``,
bytes of ``bytes`` (1 MB; a state of the largest game is under 10 kB)."""
MAX_DOCUMENT_DEPTH = 64
"""The deepest nesting of arrays and objects :func:`read_json` parses (a
state or game record document is 3 deep)."""

_ESCAPES = re.compile(r"\\.", re.DOTALL)
_STRINGS = re.compile(r'"[^"]*"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _depth(text: str) -> int:
    """The deepest nesting of brackets outside strings, in linear time."""
    if text.count("[") + text.count("{") <= MAX_DOCUMENT_DEPTH:
        return 0  # too few brackets to nest too deep
    bare = _STRINGS.sub("", _ESCAPES.sub("", text))
    brackets = _NOT_BRACKETS.sub("", bare)
    return max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def read_json(text: str | bytes, what: str = "document") -> Any:
    """Parse JSON text that anyone may have sent, within limits.

    The text must be a ``str`` or UTF-8 ``bytes`` of at most
    :data:`MAX_DOCUMENT_SIZE` characters (bytes), its arrays and objects
    nested at most :data:`MAX_DOCUMENT_DEPTH` deep; ``NaN`` and ``Infinity``
    are refused.  Both limits are checked before parsing, so a hostile text
    costs time in proportion to its length and no more.

    >>> from zank.serialize import read_json
    >>> read_json('{"moves": ["a-b1"]}')
    {'moves': ['a-b1']}
    >>> read_json("[" * 100)
    Traceback (most recent call last):
    ...
    zank.errors.InvalidState: the document is nested 100 deep; at most 64 is allowed

    Raises:
        InvalidState: the text is too long, too deep, not UTF-8 or not JSON;
            ``what`` names the document in the message.
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_DOCUMENT_SIZE:
            raise InvalidState(f"the {what} is longer than {MAX_DOCUMENT_SIZE:,} bytes")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise InvalidState(f"the {what} is not UTF-8 text (byte {e.start})") from None
    elif not isinstance(text, str):
        raise InvalidState(f"the {what} must be JSON text, not {type(text).__name__}")
    if len(text) > MAX_DOCUMENT_SIZE:
        raise InvalidState(f"the {what} is longer than {MAX_DOCUMENT_SIZE:,} characters")
    depth = _depth(text)
    if depth > MAX_DOCUMENT_DEPTH:
        raise InvalidState(
            f"the {what} is nested {depth} deep; at most {MAX_DOCUMENT_DEPTH} is allowed"
        )
    try:
        return json.loads(text, parse_constant=_no_constant)
    except ValueError as e:  # JSONDecodeError, or an integer of more than 4300 digits
        raise InvalidState(f"the {what} is not valid JSON: {_first_line(e)}") from None


def _first_line(error: Exception) -> str:
    return str(error).split("\n", 1)[0][:160]


def result_to_dict(result: Result | None) -> dict[str, Any] | None:
    """The JSON-ready dict of a game's result, as states, observations and
    game records write it (``None`` for a game still running).

    >>> from zank.core import Result, Termination
    >>> from zank.serialize import result_to_dict
    >>> result_to_dict(Result(0, (12, -12), Termination.WENT_OUT))
    {'winner': 0, 'points': [12, -12], 'reason': 'went out'}
    """
    if result is None:
        return None
    return {"winner": result.winner, "points": list(result.points), "reason": result.reason.value}


def state_to_dict(state: State) -> dict[str, Any]:
    """The JSON-ready dict of a state (see the module docs for its shape)."""
    rules = state.rules
    specs = rules.layout(state.players)
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "variant": rules.name,
        "options": rules.options,
        "players": state.players,
        "to_move": state.to_move,
        "phase": state.phase,
        "info": list(state.info),
        "rng": f"{state.rng:#018x}",
        "ply": state.ply,
        "turn": state.turn,
        "piles": {
            s.label: [card_text(c) for c in cards]
            for s, cards in zip(specs, state.piles, strict=True)
        },
        "down": {s.label: d for s, d in zip(specs, state.down, strict=True) if d},
        "outcome": result_to_dict(state.outcome),
    }


class _NotAState(InvalidState, TypeError):
    """What :func:`dumps` raises for what is not a state: an
    :class:`~zank.errors.InvalidState`, and a ``TypeError`` as it was before."""


def dumps(state: State, *, indent: int | None = None) -> str:
    """Serialize a state to JSON text.

    >>> import zank
    >>> rules = zank.variant("spite-and-malice")
    >>> state = rules.new_game(seed=3)
    >>> zank.loads(zank.dumps(state)) == state
    True

    Raises:
        InvalidState: ``state`` is not a :class:`~zank.core.State` (the error
            is also a ``TypeError``, what it was before).
    """
    if not isinstance(state, State):
        raise _NotAState(f"dumps() takes a zank State, not {type(state).__name__}")
    return json.dumps(state_to_dict(state), indent=indent, ensure_ascii=False)


def _int(doc: dict[str, Any], key: str, *, optional: bool = False) -> Any:
    value = doc.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidState(f"{key!r} must be an integer, not {quote(value)}")
    return value


def state_from_dict(doc: Any) -> State:
    """Build and validate a state from a dict made by :func:`state_to_dict`."""
    return _state_from_dict(doc, from_json=False)


def _state_from_dict(doc: Any, *, from_json: bool) -> State:
    """:func:`state_from_dict`; ``from_json``: ``doc`` was parsed from JSON text,
    so its options are JSON values and the rules object may come from
    :func:`_cached_variant`."""
    if not isinstance(doc, dict):
        raise InvalidState(f"a state document is a JSON object, not {type(doc).__name__}")
    rules = _rules_of(doc, from_json)
    players = _int(doc, "players")
    try:
        specs = rules.layout(players)
    except OptionError as e:
        raise InvalidState(str(e)) from None
    piles, down = _piles_of(doc, [s.label for s in specs])
    info = doc.get("info", [])
    if not isinstance(info, list) or not all(
        isinstance(i, int) and not isinstance(i, bool) for i in info
    ):
        raise InvalidState("'info' must be a list of integers")
    rng_text = doc.get("rng")
    try:
        rng = int(rng_text, 16) if isinstance(rng_text, str) else -1
    except ValueError:
        rng = -1
    if not 0 <= rng <= MASK64:
        raise InvalidState(f"'rng' must be a 64-bit hex string, not {quote(rng_text)}")
    outcome = _outcome(doc.get("outcome"))
    state = State(
        rules=rules,
        players=players,
        piles=piles,
        down=down,
        to_move=_int(doc, "to_move", optional=True),
        phase=_int(doc, "phase"),
        info=tuple(info),
        rng=rng,
        ply=_int(doc, "ply"),
        turn=_int(doc, "turn"),
        outcome=outcome,
    )
    rules.validate(state)
    return state


@functools.lru_cache(maxsize=64)
def _cached_variant(name: str, options: str) -> Rules:
    """The rules object of variant ``name`` with the options of JSON text
    ``options``: built once for the last 64 variants and option sets loaded,
    not for every document (building one costs more than checking a state)."""
    from zank.registry import variant

    return variant(name, **json.loads(options))


def _rules_of(doc: dict[str, Any], from_json: bool = False) -> Rules:
    """The rules object a state document names, after its format and version."""
    from zank.registry import variant

    if doc.get("format") != FORMAT:
        raise InvalidState(f"'format' must be {FORMAT!r}, not {quote(doc.get('format'))}")
    version = doc.get("version")
    if version != FORMAT_VERSION or isinstance(version, bool):
        raise InvalidState(
            f"unsupported format version {quote(version)} (this zank reads {FORMAT_VERSION})"
        )
    name = doc.get("variant")
    options = doc.get("options", {})
    if not isinstance(name, str) or not isinstance(options, dict):
        raise InvalidState("'variant' must be a string and 'options' an object")
    try:
        if from_json and all(type(k) is str for k in options):
            # JSON text of JSON values names them exactly: the same text, equal options
            return _cached_variant(name, json.dumps(options, sort_keys=True))
        return variant(name, **options)
    except ZankError as e:
        raise InvalidState(f"bad variant or options: {e}") from None


def _piles_of(
    doc: dict[str, Any], labels: list[str]
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The cards and the face-down counts of a state document's piles, in
    the order of ``labels`` (the layout's)."""
    piles_doc, down_doc = doc.get("piles"), doc.get("down", {})
    if not isinstance(piles_doc, dict) or not isinstance(down_doc, dict):
        raise InvalidState("'piles' and 'down' must be objects keyed by pile label")
    unknown = sorted(set(piles_doc) - set(labels)) + sorted(set(down_doc) - set(labels))
    missing = [label for label in labels if label not in piles_doc]
    if unknown or missing:
        raise InvalidState(
            "the piles do not match the layout"
            + (f"; unknown: {', '.join(quote(u, 30) for u in unknown[:5])}" if unknown else "")
            + (f" and {len(unknown) - 5} more" if len(unknown) > 5 else "")
            + (f"; missing: {', '.join(missing)}" if missing else "")
        )
    piles = []
    for label in labels:
        cards = piles_doc[label]
        if not isinstance(cards, list):
            raise InvalidState(f"pile {label}: expected a list of cards")
        try:
            piles.append(tuple(parse_card(c) if isinstance(c, str) else _bad(c) for c in cards))
        except NotationError as e:
            raise InvalidState(f"pile {label}: {e}") from None
    down = []
    for label in labels:
        d = down_doc.get(label, 0)
        if not isinstance(d, int) or isinstance(d, bool) or d < 0:
            raise InvalidState(
                f"down count of pile {label} must be an integer >= 0, not {quote(d)}"
            )
        down.append(d)
    return tuple(piles), tuple(down)


def _bad(value: Any) -> int:
    raise NotationError(f"{quote(value)} is not a card: cards are written as text, e.g. 'Ah'")


def _outcome(doc: Any) -> Result | None:
    if doc is None:
        return None
    if not isinstance(doc, dict):
        raise InvalidState("'outcome' must be null or an object")
    winner, points, reason = doc.get("winner"), doc.get("points"), doc.get("reason")
    if winner is not None and (not isinstance(winner, int) or isinstance(winner, bool)):
        raise InvalidState(f"outcome winner must be a seat or null, not {quote(winner)}")
    if not isinstance(points, list) or not all(
        isinstance(p, int) and not isinstance(p, bool) for p in points
    ):
        raise InvalidState("outcome points must be a list of integers")
    try:
        termination = Termination(reason)
    except (ValueError, TypeError):  # TypeError: an unhashable reason such as a list
        valid = ", ".join(repr(t.value) for t in Termination)
        raise InvalidState(f"outcome reason {quote(reason)} is not one of {valid}") from None
    return Result(winner, tuple(points), termination)


def loads(text: str | bytes) -> State:
    """Read a state from JSON text made by :func:`dumps`, validating everything.

    The text is parsed by :func:`zank.serialize.read_json` (at most
    :data:`~zank.serialize.MAX_DOCUMENT_SIZE` characters, nested at most
    :data:`~zank.serialize.MAX_DOCUMENT_DEPTH` deep).

    Raises:
        InvalidState: the text is too long or too deep, not valid JSON, or the
            document is malformed or inconsistent; the message says what and
            where.
    """
    return _state_from_dict(read_json(text, "state document"), from_json=True)


def observation_to_dict(rules: Rules, observation: Observation) -> dict[str, Any]:
    """The JSON-ready dict of what one seat sees, to send to that seat.

    It has the shape of a state document (:func:`state_to_dict`) with
    ``"format": "zank-observation"``, the seat in ``"player"``, every card
    the seat cannot see as ``null``, and no generator state.

    >>> import zank
    >>> from zank.serialize import observation_to_dict
    >>> rules = zank.variant("spite-and-malice")
    >>> view = observation_to_dict(rules, rules.observe(rules.new_game(seed=1), 0))
    >>> view["piles"]["p1.hand"], "rng" in view
    ([None, None, None, None, None], False)
    """
    specs = rules.layout(observation.players)
    return {
        "format": "zank-observation",
        "version": FORMAT_VERSION,
        "variant": rules.name,
        "options": rules.options,
        "players": observation.players,
        "player": observation.player,
        "to_move": observation.to_move,
        "phase": observation.phase,
        "info": list(observation.info),
        "ply": observation.ply,
        "turn": observation.turn,
        "piles": {
            s.label: [None if c == HIDDEN else card_text(c) for c in cards]
            for s, cards in zip(specs, observation.piles, strict=True)
        },
        "down": {s.label: d for s, d in zip(specs, observation.down, strict=True) if d},
        "outcome": result_to_dict(observation.outcome),
    }
