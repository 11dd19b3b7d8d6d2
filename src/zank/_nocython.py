"""What the compiled modules' Cython declarations mean without Cython: nothing.

A compiled module writes its C types in Cython's pure-Python mode
(``@cython.locals(i=cython.Py_ssize_t)``, and ``@cython.cfunc`` for a C
function) after ``import cython``; where Cython is not installed (it is a build
requirement of the binary wheel, never a run-time dependency), that import
falls back to this module, whose decorators return the function unchanged and
whose types are Python's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

__all__ = [
    "Py_ssize_t",
    "cclass",
    "cfunc",
    "compiled",
    "declare",
    "inline",
    "locals",
    "longlong",
    "p_longlong",
    "returns",
    "typedef",
    "ulonglong",
]

_F = TypeVar("_F", bound=Callable[..., Any])
_T = TypeVar("_T")

#: Never compiled: this module stands in for Cython only where it is missing.
compiled = False
#: A C integer type of Cython; here a Python ``int``.
Py_ssize_t = int
#: Cython's unsigned 64-bit C integer; here a Python ``int`` (kept in range by masks).
ulonglong = int


class _CScalar:
    """A C integer type of Cython that the code only subscripts: ``T[n]``, a
    C array of ``n``, is here a list (the code fills it, ``a = [0] * n``)."""

    def __getitem__(self, size: int) -> type[list[Any]]:
        return list


#: Cython's signed 64-bit C integer, named for its arrays (``cython.longlong[n]``: a list).
longlong = _CScalar()
#: Cython's pointer to signed 64-bit C integers (to an array of them); here any object.
p_longlong = object


def cclass(cls: _T) -> _T:
    """Cython's ``@cython.cclass`` (an extension type, whose attributes the
    module's ``.pxd`` file declares): without Cython, the class unchanged."""
    return cls


def cfunc(function: _F) -> _F:
    """Cython's ``@cython.cfunc`` (a C function, called from the compiled module
    only): without Cython, the Python function unchanged."""
    return function


def inline(function: _F) -> _F:
    """Cython's ``@cython.inline`` (a C function the C compiler may inline):
    without Cython, the Python function unchanged."""
    return function


def typedef(ctype: _T) -> _T:
    """Cython's ``cython.typedef(type)``, a C type's short name: without Cython,
    the type itself."""
    return ctype


def declare(ctype: object, value: _T) -> _T:
    """Cython's ``cython.declare(type, value)``, a typed variable (a C global
    at module level): without Cython, the value itself."""
    return value


def locals(**types: object) -> Callable[[_F], _F]:
    """Cython's ``@cython.locals(name=type, ...)``: without Cython, no change."""

    def keep(function: _F) -> _F:
        return function

    return keep


def returns(ctype: object) -> Callable[[_F], _F]:
    """Cython's ``@cython.returns(type)``, a C function's C return type: without
    Cython, no change."""

    def keep(function: _F) -> _F:
        return function

    return keep
