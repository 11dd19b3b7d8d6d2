"""JSON for states: :func:`dumps` and :func:`loads`.

A document looks like this (cards in notation, piles by label, bottom to top)::

    {"format": "zank-state", "version": 1, "variant": "spite-and-malice",
     "options": {"build_piles": 3, ...}, "players": 2, "to_move": 0,
     "phase": 0, "info": [], "rng": "0x5f3a...", "ply": 0, "turn": 1,
     "piles": {"build1": [], ..., "p0.pay": ["7h", "Qs:1", ...]},
     "down": {"p0.pay": 19, ...}, "outcome": null}

:func:`loads` validates everything: the structure, the variant and options,
every card, card conservation, the face-down counts, whose turn it is, and the
variant's own pile invariants.  Any problem raises
:class:`~zank.errors.InvalidState` saying what and where; no pickle is used.
"""

from __future__ import annotations

import json
from typing import Any

from zank.cards import card_text, parse_card
from zank.core import Result, State, Termination
from zank.errors import InvalidState, NotationError, OptionError
from zank.random import MASK64

__all__ = ["FORMAT", "FORMAT_VERSION", "dumps", "loads", "state_from_dict", "state_to_dict"]

FORMAT = "zank-state"
FORMAT_VERSION = 1


def state_to_dict(state: State) -> dict[str, Any]:
    """The JSON-ready dict of a state (see the module docs for its shape)."""
    rules = state.rules
    specs = rules.layout(state.players)
    out = state.outcome
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
        "outcome": None
        if out is None
        else {"winner": out.winner, "points": list(out.points), "reason": out.reason.value},
    }


def dumps(state: State, *, indent: int | None = None) -> str:
    """Serialize a state to JSON text.

    >>> import zank
    >>> rules = zank.variant("spite-and-malice")
    >>> state = rules.new_game(seed=3)
    >>> zank.loads(zank.dumps(state)) == state
    True
    """
    if not isinstance(state, State):
        raise TypeError(f"dumps() takes a zank State, not {type(state).__name__}")
    return json.dumps(state_to_dict(state), indent=indent, ensure_ascii=False)


def _int(doc: dict[str, Any], key: str, *, optional: bool = False) -> Any:
    value = doc.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidState(f"{key!r} must be an integer, not {value!r}")
    return value


def state_from_dict(doc: Any) -> State:
    """Build and validate a state from a dict made by :func:`state_to_dict`."""
    from zank.registry import variant

    if not isinstance(doc, dict):
        raise InvalidState(f"a state document is a JSON object, not {type(doc).__name__}")
    if doc.get("format") != FORMAT:
        raise InvalidState(f"'format' must be {FORMAT!r}, not {doc.get('format')!r}")
    if doc.get("version") != FORMAT_VERSION:
        raise InvalidState(
            f"unsupported format version {doc.get('version')!r} (this zank reads {FORMAT_VERSION})"
        )
    name = doc.get("variant")
    options = doc.get("options", {})
    if not isinstance(name, str) or not isinstance(options, dict):
        raise InvalidState("'variant' must be a string and 'options' an object")
    try:
        rules = variant(name, **options)
    except OptionError as e:
        raise InvalidState(f"bad variant or options: {e}") from None
    except TypeError as e:  # pragma: no cover - option keys that are not identifiers
        raise InvalidState(f"bad options: {e}") from None
    players = _int(doc, "players")
    try:
        specs = rules.layout(players)
    except OptionError as e:
        raise InvalidState(str(e)) from None
    piles_doc, down_doc = doc.get("piles"), doc.get("down", {})
    if not isinstance(piles_doc, dict) or not isinstance(down_doc, dict):
        raise InvalidState("'piles' and 'down' must be objects keyed by pile label")
    labels = [s.label for s in specs]
    unknown = sorted(set(piles_doc) - set(labels)) + sorted(set(down_doc) - set(labels))
    missing = [label for label in labels if label not in piles_doc]
    if unknown or missing:
        raise InvalidState(
            "the piles do not match the layout"
            + (f"; unknown: {', '.join(unknown)}" if unknown else "")
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
            raise InvalidState(f"down count of pile {label} must be an integer >= 0, not {d!r}")
        down.append(d)
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
        raise InvalidState(f"'rng' must be a 64-bit hex string, not {rng_text!r}")
    outcome = _outcome(doc.get("outcome"))
    state = State(
        rules=rules,
        players=players,
        piles=tuple(piles),
        down=tuple(down),
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


def _bad(value: Any) -> int:
    raise NotationError(f"{value!r} is not a card: cards are written as text, e.g. 'Ah'")


def _outcome(doc: Any) -> Result | None:
    if doc is None:
        return None
    if not isinstance(doc, dict):
        raise InvalidState("'outcome' must be null or an object")
    winner, points, reason = doc.get("winner"), doc.get("points"), doc.get("reason")
    if winner is not None and (not isinstance(winner, int) or isinstance(winner, bool)):
        raise InvalidState(f"outcome winner must be a seat or null, not {winner!r}")
    if not isinstance(points, list) or not all(
        isinstance(p, int) and not isinstance(p, bool) for p in points
    ):
        raise InvalidState("outcome points must be a list of integers")
    try:
        termination = Termination(reason)
    except ValueError:
        valid = ", ".join(repr(t.value) for t in Termination)
        raise InvalidState(f"outcome reason {reason!r} is not one of {valid}") from None
    return Result(winner, tuple(points), termination)


def loads(text: str | bytes) -> State:
    """Read a state from JSON text made by :func:`dumps`, validating everything.

    Raises:
        InvalidState: the text is not valid JSON, or the document is malformed
            or inconsistent; the message says what and where.
    """
    try:
        doc = json.loads(text)
    except (ValueError, TypeError) as e:
        raise InvalidState(f"not valid JSON: {e}") from None
    return state_from_dict(doc)
