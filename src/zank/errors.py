"""The exceptions of zank.

Every error the library raises on purpose derives from :class:`ZankError`.
The concrete classes also derive from :class:`ValueError`, so code that
already catches ``ValueError`` keeps working.

>>> import zank
>>> issubclass(zank.IllegalMove, ValueError)
True
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "QUOTE_LIMIT",
    "IllegalMove",
    "InvalidState",
    "NotationError",
    "OptionError",
    "PluginError",
    "ZankError",
    "quote",
]

QUOTE_LIMIT = 100
"""The most characters of any input that an error message quotes."""


def quote(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message, cut to about ``limit`` characters.

    Messages may quote what a client sent, and a client may send a megabyte:
    a longer text is cut and its length said, so that no message grows with
    its input.  Containers are cut the same way (their ``repr`` is built from
    at most ``limit`` items, so a huge list costs no huge string either).

    >>> from zank.errors import quote
    >>> quote("7h-b1")
    "'7h-b1'"
    >>> quote("x" * 1000, limit=10)
    "'xxxxxxxx'… (1000 characters)"
    """
    if isinstance(value, (str, bytes)):
        if len(value) <= limit:
            return repr(value)
        unit = "characters" if isinstance(value, str) else "bytes"
        return f"{value[: max(1, limit - 2)]!r}… ({len(value)} {unit})"
    if isinstance(value, (list, tuple, dict, set, frozenset)) and len(value) > limit:
        return f"a {type(value).__name__} of {len(value)} items"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 300:
        return f"an integer of {value.bit_length()} bits"
    try:
        text = repr(value)
    except (RecursionError, ValueError):  # deeply nested, or an int too long to print
        return f"a {type(value).__name__} too large to quote"
    return text if len(text) <= limit else f"{text[: max(1, limit - 1)]}… ({len(text)} characters)"


class ZankError(Exception):
    """Base class of every error that zank raises on purpose."""


class IllegalMove(ZankError, ValueError):
    """A move that the rules do not allow in the given state.

    ``rule`` names the rule that the move breaks (for example ``"S&M-4"``),
    ``str(error)`` explains it in words a player understands.  The state the
    move was tried on is unchanged: states are immutable.
    """

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.rule = rule


class NotationError(ZankError, ValueError):
    """Text that is not valid card or move notation."""


class InvalidState(ZankError, ValueError):
    """A state (constructed or loaded from JSON) that breaks an invariant."""


class OptionError(ZankError, ValueError):
    """An unknown variant name, an unknown option, or an option value out of range;
    also an argument out of range: a seat, a seed or a number of players."""


class PluginError(ZankError, ValueError):
    """A variant that cannot be registered: a plugin package's entry point in the
    group ``zank.variants`` that fails to import, names no rules class, names a
    class whose ``name`` differs from the entry point's, or takes a name already
    taken (see :mod:`zank.registry`). The message names the entry point and its
    package; the built-in variants are never affected."""
