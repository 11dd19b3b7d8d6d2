"""Static types of :func:`zank.variant`: a built-in variant's name gives its class.

Only type checkers read this module (``zank/__init__.py`` imports it under
``TYPE_CHECKING``); at run time ``zank.variant`` is :func:`zank.registry.variant`,
which finds every variant, built-in or registered later, in
:data:`zank.VARIANTS` and knows no name.  The overloads are declarations for
the type checker, so that ``zank.variant("spite-and-malice").pay_off_size`` is
an ``int``; ``tests/test_typing.py`` checks that every registered variant has
one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, overload

from zank import registry

if TYPE_CHECKING:
    from zank.core import Rules
    from zank.family.classic import ClassicZank
    from zank.family.crapette import Crapette
    from zank.family.detailed import ZankDetailed
    from zank.family.schikanieren import Schikanieren
    from zank.family.zank104 import Zank104
    from zank.spite_malice import SpiteAndMalice

__all__ = ["variant"]


@overload
def variant(name: Literal["spite-and-malice"], **options: Any) -> SpiteAndMalice: ...
@overload
def variant(name: Literal["zank"], **options: Any) -> ClassicZank: ...
@overload
def variant(name: Literal["zank-detailed"], **options: Any) -> ZankDetailed: ...
@overload
def variant(name: Literal["zank-104"], **options: Any) -> Zank104: ...
@overload
def variant(name: Literal["schikanieren"], **options: Any) -> Schikanieren: ...
@overload
def variant(name: Literal["crapette"], **options: Any) -> Crapette: ...
@overload
def variant(name: str, **options: Any) -> Rules: ...


def variant(name: str, **options: Any) -> Rules:
    """:func:`zank.registry.variant`, typed per built-in variant name."""
    return registry.variant(name, **options)
