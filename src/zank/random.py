"""The library's own portable random numbers.

``new_game(seed=n)`` must deal the same cards for the same ``n`` on every
platform and every Python version, so zank does not use :mod:`random` (whose
algorithms may change between versions).  It uses:

* **SplitMix64** (Steele, Lea and Flood, 2014) as the generator: a 64-bit state
  that advances by the constant ``0x9E3779B97F4A7C15``; each output is the new
  state mixed by two xor-shift-multiply rounds.
* **Unbiased bounded integers** by rejection: to draw below ``n``, outputs at or
  above the largest multiple of ``n`` that fits in 64 bits are drawn again.
* **Fisher–Yates** (Durstenfeld's form): for ``i`` from the last index down to
  1, swap item ``i`` with item ``below(i + 1)``.

The generator state is an ``int`` that states carry, so that reshuffles during
play are a pure function of the state.

>>> from zank.random import Rng
>>> rng = Rng(7)
>>> rng.shuffle([1, 2, 3, 4, 5])
[5, 2, 4, 1, 3]
"""

from __future__ import annotations

import os
from typing import TypeVar

try:  # the C types of the compiled build (Cython's pure-Python mode)
    import cython

    if not cython.compiled:  # an installed Cython's stand-in: zank's own instead
        raise ImportError
except ImportError:  # pure Python: the declarations change nothing
    from zank import _nocython as cython  # type: ignore[no-redef]

#: The C index type of the compiled build's ``@cython.locals`` lists (an ``int`` in pure Python).
_Int = cython.typedef(cython.Py_ssize_t)
#: The unsigned 64-bit C type of the compiled build (an ``int`` in pure Python).
_U64 = cython.typedef(cython.ulonglong)

__all__ = ["MASK64", "Rng", "fresh_seed", "splitmix64"]

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
# the same four constants as C globals of the compiled build (Python ints without Cython)
_C_MASK = cython.declare(_U64, MASK64)
_C_GOLDEN = cython.declare(_U64, _GOLDEN)
_C_MIX1 = cython.declare(_U64, _MIX1)
_C_MIX2 = cython.declare(_U64, _MIX2)
T = TypeVar("T")


def splitmix64(state: int) -> tuple[int, int]:
    """Advance a SplitMix64 state: return ``(output, new_state)``."""
    state = (state + _GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * _MIX1) & MASK64
    z = ((z ^ (z >> 27)) * _MIX2) & MASK64
    return z ^ (z >> 31), state


def fresh_seed() -> int:
    """A random 64-bit seed from the operating system, for ``seed=None``."""
    return int.from_bytes(os.urandom(8), "big")


@cython.cclass
class Rng:
    """A small mutable wrapper around a SplitMix64 state.

    Use it inside one operation and store ``state`` back into the game
    state afterwards.  In the compiled build it is an extension type
    (``random.pxd``): ``state`` is a C unsigned 64-bit integer, and a compiled
    caller that knows the type calls :meth:`below` in C; a subclass may still
    override :meth:`below` and :meth:`shuffle`.
    """

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        if not isinstance(state, int) or isinstance(state, bool):
            raise TypeError(f"seed must be an int, not {type(state).__name__}")
        self.state = state & MASK64

    def next64(self) -> int:
        """The next 64-bit output."""
        out, self.state = splitmix64(self.state)
        return out

    @cython.locals(m=_U64, top=_U64, state=_U64, z=_U64)
    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (``1 <= n <= 2**64``), without modulo bias."""
        if n < 1 or n > MASK64:
            if n == 1 << 64:  # every 64-bit output is below it
                return self.next64()
            raise ValueError("below() needs n >= 1 and n <= 2**64")
        # outputs at or above the largest multiple of n that fits in 64 bits are
        # drawn again; 2**64 % n is (2**64 - n) % n, which 64 bits hold
        m = n
        top = _C_MASK - (_C_MASK - m + 1) % m
        state = self.state
        while True:  # splitmix64, written out: agents call this once a move
            state = (state + _C_GOLDEN) & _C_MASK
            z = ((state ^ (state >> 30)) * _C_MIX1) & _C_MASK
            z = ((z ^ (z >> 27)) * _C_MIX2) & _C_MASK
            z ^= z >> 31
            if z <= top:
                self.state = state
                return z % m

    @cython.locals(i=_Int, j=_Int)
    def shuffle(self, items: list[T]) -> list[T]:
        """Shuffle ``items`` in place by Fisher–Yates and return the list."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items
