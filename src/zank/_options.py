"""Validators of the options of a rules object: :func:`option_validator` and
:class:`OptionValidator` (re-exported by :mod:`zank.core`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
from attrs import frozen

from zank.errors import OptionError, quote

__all__ = ["BOOL_OPTION", "OptionValidator", "option_validator"]


@frozen
class OptionValidator:
    """The attrs validator of an option (made by :func:`option_validator`): one
    of ``choices``, or an int from ``low`` to ``high``; its fields say which,
    for forms that offer the valid values (the Play page reads them)."""

    choices: tuple[Any, ...] | None = None
    low: int | None = None
    high: int | None = None

    def __call__(self, instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        where = f"option {attribute.name!r} of {type(instance).name!r}"
        choices, low, high = self.choices, self.low, self.high
        if choices is not None:
            # equal to a choice and of its very type: True is not 1, 12.0 is not 12
            if not any(type(value) is type(c) and value == c for c in choices):
                raise OptionError(
                    f"{where} must be one of {', '.join(map(repr, choices))}, not {quote(value)}"
                )
            return
        if not isinstance(value, int) or isinstance(value, bool):
            raise OptionError(f"{where} must be an int, not {quote(value)}")
        if (low is not None and value < low) or (high is not None and value > high):
            raise OptionError(f"{where} must be from {low} to {high}, not {quote(value)}")


def option_validator(
    *, choices: Sequence[Any] | None = None, low: int | None = None, high: int | None = None
) -> OptionValidator:
    """An attrs validator of an option, raising :class:`~zank.errors.OptionError`
    with the valid values: one of ``choices``, or an int from ``low`` to
    ``high``.  ``BOOL_OPTION`` is the one of a flag (``False`` or ``True``)."""
    return OptionValidator(None if choices is None else tuple(choices), low, high)


BOOL_OPTION = option_validator(choices=(False, True))
