# What mypy needs to know of Cython's pure-Python mode module (Cython ships no
# types): the declarations zank's compiled modules (and benchmarks/flat_spite.py)
# use.  Uncompiled, the modules run on zank._nocython instead.
from collections.abc import Callable
from typing import Any, TypeVar

_F = TypeVar("_F", bound=Callable[..., Any])

compiled: bool
Py_ssize_t = int

class _CScalar:
    def __getitem__(self, size: int) -> Any: ...

longlong: _CScalar
ulonglong: _CScalar
uchar: _CScalar
p_longlong = object
p_ulonglong = object
p_uchar = object

def cfunc(function: _F) -> _F: ...
def returns(ctype: object) -> Callable[[_F], _F]: ...
def locals(**types: object) -> Callable[[_F], _F]: ...

_T = TypeVar("_T")

def typedef(ctype: _T) -> _T: ...
def cclass(cls: _T) -> _T: ...
def declare(ctype: object, value: _T) -> _T: ...

# C pointers and casts (the compiled build's direct stores, zank._values.new_state)
def inline(function: _F) -> _F: ...
def cast(ctype: object, value: object) -> Any: ...
def pointer(ctype: object) -> Any: ...
def sizeof(ctype: object) -> int: ...

p_char: Any
p_void: Any
NULL: Any
