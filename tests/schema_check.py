"""The state documents and game records the test suite writes meet their JSON Schemas.

:func:`install` (called by ``conftest.py``) wraps the two functions every
document goes through, :func:`zank.serialize.state_to_dict` (behind
:func:`zank.dumps`) and :meth:`zank.play.GameRecord.to_dict` (behind
``GameRecord.dumps``/``save`` and ``zank simulate --records``), so that the
documents they return are validated against ``src/zank/schemas/``.  A document
that does not conform fails the test that wrote it (see ``conftest.py``), even
when the code under test caught the error.

Validating takes from a millisecond to some 50 milliseconds a document (a
six-seat Spite and Malice state), and the contract suite round-trips some
70,000 states, so not every document is validated: of each kind (variant,
options, seats, running or finished, phase) the first :data:`FIRST` are, and one
in :data:`EVERY` after that (with 50 and 100 validating took 22 of the 129
CPU-seconds of the contract and table-mode walks).  The test summary says
how many were written and validated; ``tests/test_schemas.py`` validates
documents of every variant and preset on purpose.
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import Callable
from importlib.resources import files
from typing import Any

from jsonschema import Draft202012Validator

import zank.serialize
from zank.play import RECORD_VERSION, GameRecord


def load_schema(name: str) -> dict[str, Any]:
    """A schema shipped with the package: ``"state-v1"`` or ``"record-v1"``."""
    text = (files("zank") / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    Draft202012Validator.check_schema(schema)
    return schema


VALIDATORS = {
    "state": Draft202012Validator(load_schema(f"state-v{zank.serialize.FORMAT_VERSION}")),
    "record": Draft202012Validator(load_schema(f"record-v{RECORD_VERSION}")),
}

#: Of each kind of document, how many are validated first, and then one in how many.
FIRST, EVERY = 5, 1000

#: Documents validated so far, by kind ("state", "record").
checked: Counter[str] = Counter()
#: Documents written so far, by kind.
written: Counter[str] = Counter()
_seen: Counter[tuple[Any, ...]] = Counter()
#: What failed since the last :func:`take_failures`: (kind, message).
failures: list[tuple[str, str]] = []


def problems(kind: str, doc: Any) -> list[str]:
    """Why ``doc`` does not meet the schema of ``kind`` (empty if it does)."""
    return [
        f"{'/'.join(map(str, e.absolute_path)) or '(document)'}: {e.message[:200]}"
        for e in VALIDATORS[kind].iter_errors(doc)
    ]


def _sort(doc: dict[str, Any]) -> tuple[Any, ...]:
    """The kind of a document: which of its kind were validated already."""
    ended = doc.get("outcome", doc.get("result")) is not None
    options = json.dumps(doc.get("options"), sort_keys=True, default=str)
    return (doc.get("format"), doc.get("variant"), options, doc.get("players"), ended,
            doc.get("phase"))  # fmt: skip


def _checked(kind: str, make: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    @functools.wraps(make)
    def wrapper(*args: Any, **kwargs: Any) -> dict[str, Any]:
        doc = make(*args, **kwargs)
        written[kind] += 1
        sort = _sort(doc) if isinstance(doc, dict) else (kind,)
        _seen[sort] += 1
        if _seen[sort] <= FIRST or _seen[sort] % EVERY == 0:
            checked[kind] += 1
            found = problems(kind, doc)
            if found:
                failures.append((kind, "; ".join(found)))
        return doc

    wrapper.__wrapped_by_schema_check__ = True  # type: ignore[attr-defined]
    return wrapper


def install() -> None:
    """Validate every document written from now on (once per process)."""
    if getattr(zank.serialize.state_to_dict, "__wrapped_by_schema_check__", False):
        return
    zank.serialize.state_to_dict = _checked("state", zank.serialize.state_to_dict)
    GameRecord.to_dict = _checked("record", GameRecord.to_dict)  # type: ignore[method-assign]


def take_failures() -> list[tuple[str, str]]:
    """The failures recorded since the last call, and forget them."""
    taken = failures[:]
    failures.clear()
    return taken
