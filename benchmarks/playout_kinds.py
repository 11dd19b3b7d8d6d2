"""Where a compiled playout move's instructions go, by kind of work, per variant.

Run: ``python benchmarks/playout_kinds.py BUILD [--variant NAME ...] [--games N]``
with ``BUILD`` a directory holding a compiled build's ``zank`` package (an
unpacked wheel), put first on ``PYTHONPATH``.  Needs ``valgrind`` and
``callgrind_annotate``.

For each variant the script runs random ``rules.playouts(state, 1, seed=s)`` of
the games of seeds ``0..N-1`` under callgrind (the workload of
``benchmarks/instructions.py --mode playouts``), collecting only inside the
compiled playout loop (``--toggle-collect`` on ``zank.playouts._game``, so
that neither the imports nor the deals count; ``PYTHONHASHSEED=0``), and sorts
each function's own instructions into kinds by its name (:data:`KINDS`): zank's
own compiled code, and the interpreter's work on Python objects (attribute
reads, small-int boxing and conversions, allocation and freeing, tuple and list
operations, dicts and sets, calls; *other* is the rest: slices, hashing, the
garbage collector, bytes).  Prints one Markdown row per variant: instructions
a move and each kind's share.  Callgrind counts the same for the same binary
and inputs whatever else the machine does (``benchmarks/RESULTS.md``).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

#: The kinds of work, each a pattern on the function's name (the first match
#: wins; zank's own compiled functions are recognised first, by their module).
KINDS: tuple[tuple[str, str], ...] = (
    (
        "attribute reads",
        r"GenericGetAttr|_PyType_Lookup|member_get|PyMember_GetOne|_PyObject_GetMethod"
        r"|PyObject_GetAttr|Pyx_PyObject_GetAttrStr|LookupSpecial|_Py_type_getattro"
        r"|PyType_IsSubtype",
    ),
    (
        "int boxing and conversions",
        r"PyNumber_AsSsize_t|PyIndex_AsSsize_t|PyLong_FromSsize_t|PyLong_AsSsize_t"
        r"|_PyNumber_Index|GetItemInt|PyLong_From|long_richcompare|PyObject_RichCompare"
        r"|PyObject_IsTrue|long_hash|long_dealloc",
    ),
    (
        "allocation and freeing",
        r"dealloc|_PyObject_Free|_PyObject_Malloc|_Py_NewReference|PyTuple_New|PyList_New"
        r"|tuple_alloc|list_resize|_PyObject_GC|Py_Dealloc|_PyObject_Init|PyType_GenericAlloc",
    ),
    (
        "tuple and list operations",
        r"tuplesubscript|list_subscript|list_extend|tupleconcat|list_append|tuplecontains"
        r"|list_contains|PyList_Append|PyList_AsTuple|PySequence_Tuple|_PyTuple_FromArray"
        r"|tuplerichcompare|tuplehash|list_item|list_slice|tuple_slice|list_ass",
    ),
    ("dicts and sets", r"dict|set_|siphash|unicode_hash|unicodekeys"),
    ("calls", r"Vectorcall|_PyObject_Call|method_vectorcall|cfunction|Pyx_PyObject_Call|ceval"),
)
OWN = "zank's own compiled code"
OTHER = "other"
#: The compiled playout loop's C function (Cython's wrapper of ``playouts._game``).
LOOP = "__pyx_pw_4zank_8playouts_5_game"
#: Games per variant by default: some 1,000 to 6,000 moves each.
GAMES = {"zank": 2, "zank-detailed": 4, "crapette": 4, "schikanieren": 6, "zank-104": 10}

#: The workload's child: ``instructions.py --child playouts`` (the same games).
_INSTRUCTIONS = str(Path(__file__).with_name("instructions.py"))
_ROW = re.compile(r"\s*([\d,]+) \([ \d.]+%\)\s+(\S.*)")


def kind(function: str) -> str:
    """The kind of work of a function, by its name as ``callgrind_annotate`` prints it."""
    if "__pyx" in function and "zank" in function:
        return OWN  # a function of zank's own (Cython's helpers are ``__Pyx_...``)
    for name, pattern in KINDS:
        if re.search(pattern, function):
            return name
    return OTHER


def shares(annotated: str) -> tuple[int, dict[str, int]]:
    """The total and the instructions of each kind in ``callgrind_annotate``'s output."""
    by = dict.fromkeys([OWN, *(name for name, _ in KINDS), OTHER], 0)
    total = 0
    for line in annotated.splitlines():
        m = _ROW.match(line)
        if m is None or "PROGRAM TOTALS" in line:
            continue
        n = int(m[1].replace(",", ""))
        total += n
        by[kind(m[2])] += n
    return total, by


def profile(build: str, variant: str, games: int) -> tuple[int, int, dict[str, int]]:
    """Run the playouts under callgrind: (instructions, moves, instructions by kind)."""
    env = dict(os.environ, PYTHONPATH=build, PYTHONHASHSEED="0")
    env.pop("ZANK_PURE_PYTHON", None)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        done = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--toggle-collect={LOOP}",
                f"--callgrind-out-file={out}",
                sys.executable,
                _INSTRUCTIONS,
                "--child",
                "playouts",
                "--variant",
                variant,
                "--games",
                str(games),
            ],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        annotated = subprocess.run(
            ["callgrind_annotate", "--threshold=100", out],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    total, by = shares(annotated)
    return total, int(done.stdout.split()[-1]), by


def main(argv: Sequence[str] | None = None) -> int:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("build", help="a directory holding a compiled build's zank package")
    parser.add_argument("--variant", action="append", default=None)
    parser.add_argument("--games", type=int, default=None, help="games per variant")
    args = parser.parse_args(argv)
    variants = args.variant or [*GAMES, "spite-and-malice"]
    names = [OWN, *(name for name, _ in KINDS), OTHER]
    print("| variant | moves | instructions a move | " + " | ".join(names) + " |")
    print("|---|---:|---:|" + "---:|" * len(names))
    for variant in variants:
        games = args.games or GAMES.get(variant, 100)
        total, moves, by = profile(args.build, variant, games)
        cells = [f"{100 * by[n] / max(total, 1):.0f} %" for n in names]
        print(f"| {variant} | {moves:,} | {total // max(moves, 1):,} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
