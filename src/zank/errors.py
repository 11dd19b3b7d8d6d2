"""The exceptions of zank.

Every error the library raises on purpose derives from :class:`ZankError`.
The concrete classes also derive from :class:`ValueError`, so code that
already catches ``ValueError`` keeps working.

>>> import zank
>>> issubclass(zank.IllegalMove, ValueError)
True
"""

from __future__ import annotations

__all__ = ["IllegalMove", "InvalidState", "NotationError", "OptionError", "ZankError"]


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
    """An unknown variant name, an unknown option, or an option value out of range."""
