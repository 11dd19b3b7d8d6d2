"""The table of variants: :data:`zank.VARIANTS` and :func:`zank.variant`."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, TypeVar

import attrs

from zank.core import Rules
from zank.errors import OptionError, quote

__all__ = ["VARIANTS", "register", "variant"]

_registry: dict[str, type[Rules]] = {}

#: Read-only mapping from variant name to its rules class.
VARIANTS: Mapping[str, type[Rules]] = MappingProxyType(_registry)

R = TypeVar("R", bound=type[Rules])


def register(cls: R) -> R:
    """Class decorator: add a rules class to :data:`zank.VARIANTS` under ``cls.name``."""
    if not cls.name or cls.name in _registry:
        raise ValueError(f"cannot register variant {cls.name!r}")
    _registry[cls.name] = cls
    return cls


def variant(name: str, **options: Any) -> Rules:
    """The rules object of variant ``name`` with the given options (keyword-only).

    >>> import zank
    >>> zank.variant("spite-and-malice", pay_off_size=25).pay_off_size
    25

    For a type checker, ``zank.variant`` with the name of a built-in variant
    gives its rules class (:class:`~zank.spite_malice.SpiteAndMalice` for
    ``"spite-and-malice"``, and so on), so the options are typed attributes;
    any other name gives :class:`~zank.core.Rules`.

    Raises:
        OptionError: unknown variant, unknown option, or a value out of range;
            the message lists what is valid.
    """
    cls = _registry.get(name) if isinstance(name, str) else None
    if cls is None:
        raise OptionError(
            f"unknown variant {quote(name)}; the variants are: {', '.join(sorted(_registry))}"
        )
    valid = [a.name for a in attrs.fields(cls) if a.init]
    unknown = sorted(set(options) - set(valid))
    if unknown:
        raise OptionError(
            f"{name} has no option {', '.join(quote(k, 40) for k in unknown[:5])}"
            + (f" (and {len(unknown) - 5} more)" if len(unknown) > 5 else "")
            + "; "
            f"its options are: {', '.join(valid) or 'none'}"
        )
    return cls(**options)
