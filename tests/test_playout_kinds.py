"""``benchmarks/playout_kinds.py``: the kinds of work of a compiled playout move."""

from __future__ import annotations

from types import ModuleType

import pytest

from .scripts import BENCHMARKS, load_script


@pytest.fixture(scope="module")
def kinds() -> ModuleType:
    return load_script(BENCHMARKS / "playout_kinds.py", "zank_playout_kinds")


def test_functions_are_sorted_by_their_names(kinds: ModuleType) -> None:
    own = "???:__pyx_pf_4zank_6family_4scan_6card_moves.constprop.0 [/x/zank/family/scan.so]"
    assert kinds.kind(own) == kinds.OWN
    helper = "???:__Pyx_GetItemInt_Fast.constprop.0.isra.0 [/x/zank/spite_malice.so]"
    assert kinds.kind(helper) == "int boxing and conversions"  # Cython's, in zank's module
    assert kinds.kind("Objects/object.c:_PyObject_GenericGetAttrWithDict [/lib]") == (
        "attribute reads"
    )
    assert kinds.kind("Objects/tupleobject.c:tupledealloc [/lib]") == "allocation and freeing"
    assert kinds.kind("Objects/dictobject.c:_Py_dict_lookup [/lib]") == "dicts and sets"
    assert kinds.kind("Objects/sliceobject.c:PySlice_New [/lib]") == kinds.OTHER


def test_the_shares_add_up_to_the_listed_functions(kinds: ModuleType) -> None:
    annotated = "\n".join(
        [
            "1,000 (100.0%)  PROGRAM TOTALS",
            "  600 (60.00%)  ???:__pyx_pw_4zank_8playouts_5_game [/x/zank/playouts.so]",
            "  300 (30.00%)  Objects/obmalloc.c:_PyObject_Free [/lib]",
            "  100 (10.00%)  Objects/sliceobject.c:PySlice_Unpack [/lib]",
        ]
    )
    total, by = kinds.shares(annotated)
    assert total == 1000
    assert by[kinds.OWN] == 600
    assert by["allocation and freeing"] == 300
    assert by[kinds.OTHER] == 100
    assert sum(by.values()) == total
