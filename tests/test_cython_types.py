"""The C types of the compiled build stay true to the code they type (issue 31).

The compiled modules (:data:`zank._compiled.MODULES`) declare C types for the
compiled build in Cython's pure-Python mode, as bare annotations of locals at the
top of a function (``i: cython.Py_ssize_t``).  A declaration whose name the body
no longer assigns would type nothing and hide the slip; a decorator list
(``@cython.locals``) would keep its names away from the code they type.  Only a
private function may type a parameter (in its signature): a public one takes any
argument, so that a bad one fails alike in both builds.  These tests read the
modules' source.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

from zank import _compiled


def _source(module: str) -> tuple[Path, ast.Module]:
    spec = importlib.util.find_spec(module)
    assert spec is not None
    assert spec.origin is not None
    path = Path(spec.origin).with_suffix(".py")
    return path, ast.parse(path.read_text(encoding="utf-8"))


def _is_cython(node: ast.expr) -> bool:
    """``cython.<something>``."""
    return (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "cython"
    )


def _assigned(function: ast.FunctionDef) -> set[str]:
    """The names the body of ``function`` binds (its nested functions left out)."""
    names: set[str] = set()
    todo: list[ast.AST] = list(function.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        if isinstance(node, ast.AnnAssign) and node.value is None:
            continue  # the declaration itself binds nothing
        todo.extend(ast.iter_child_nodes(node))
    return names


def _declarations(function: ast.FunctionDef) -> dict[str, int]:
    """The ``name: cython.T`` declarations in ``function``'s body, by line."""
    found: dict[str, int] = {}
    for node in ast.walk(function):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and _is_cython(node.annotation)
        ):
            found[node.target.id] = node.lineno
    return found


@pytest.mark.parametrize("module", _compiled.MODULES)
def test_every_typed_local_is_a_local_of_its_function(module: str) -> None:
    path, tree = _source(module)
    stale: list[str] = []
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef):
            continue
        args = function.args.args + function.args.kwonlyargs
        params = {a.arg for a in args}
        for a in args:
            if a.annotation is not None and _is_cython(a.annotation):
                assert function.name.startswith("_"), (
                    f"{path.name}:{a.lineno}: {function.name} is public and types its "
                    f"parameter {a.arg!r}: bad arguments would fail differently by build"
                )
        bound = _assigned(function)
        for name, line in _declarations(function).items():
            assert name not in params, (
                f"{path.name}:{line}: {function.name} types its parameter {name!r}: "
                "types go on locals only, so bad arguments fail alike in both builds"
            )
            if name not in bound:
                stale.append(f"{path.name}:{line}: {function.name} declares {name!r}, never bound")
    assert not stale, "\n".join(stale)


@pytest.mark.parametrize("module", _compiled.MODULES)
def test_types_are_declared_inline_not_in_decorator_lists(module: str) -> None:
    path, tree = _source(module)
    lists = [
        f"{path.name}:{d.lineno}: {f.name}"
        for f in ast.walk(tree)
        if isinstance(f, ast.FunctionDef)
        for d in f.decorator_list
        if isinstance(d, ast.Call) and _is_cython(d.func) and d.func.attr == "locals"  # type: ignore[attr-defined]
    ]
    assert not lists, "declare C types inline (name: cython.T), not with @cython.locals: " + (
        ", ".join(lists)
    )


def test_the_check_sees_a_stale_declaration() -> None:
    # the checker itself: a declaration of a name the body no longer binds is found
    code = "def f(n):\n    i: cython.Py_ssize_t\n    k: cython.Py_ssize_t\n    for i in range(n):\n"
    tree = ast.parse(code + "        pass\n")
    function = tree.body[0]
    assert isinstance(function, ast.FunctionDef)
    assert set(_declarations(function)) == {"i", "k"}
    assert set(_declarations(function)) - _assigned(function) == {"k"}


@pytest.mark.parametrize(
    ("module", "function", "names"),
    [
        ("zank.random", "below", {"m", "state", "z"}),
        ("zank.random", "shuffle", {"i", "j"}),
        ("zank.spite_malice", "_moves_on", {"base", "i", "r"}),
        ("zank.spite_malice", "_play_on", {"base", "k"}),
        ("zank.family.table", "scan", set()),
        ("zank.family.stock", "apply_card", {"s", "t"}),
    ],
)
def test_the_hot_functions_keep_their_c_types(module: str, function: str, names: set[str]) -> None:
    # the declarations the speed figures of benchmarks/RESULTS.md were measured with
    _, tree = _source(module)
    found = [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.name == function]
    assert len(found) == 1
    declared = set(_declarations(found[0]))
    assert declared, f"{module}.{function} declares no C types"
    assert names <= declared
