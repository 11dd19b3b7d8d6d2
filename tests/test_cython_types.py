"""The C types of the compiled build stay true to the code they type (issue 31).

The compiled modules (:data:`zank._compiled.MODULES`) declare C types for the
compiled build in Cython's pure-Python mode with ``@cython.locals(name=type)``
lists above a function.  A name in such a list that the function no longer has
(renamed, or its code moved away) types nothing, and nothing else notices: these
tests do, reading the modules' source.  The build compiles with
``annotation_typing=False`` (``hatch_build.py``), so that the annotations of
public functions never make Cython refuse an argument that pure Python takes;
inline declarations (``i: cython.Py_ssize_t``) would be ignored there, so the
tests also refuse them.  Only a private function may type a parameter.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

from zank import _compiled

ROOT = Path(__file__).resolve().parent.parent


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


def _bound(function: ast.FunctionDef) -> set[str]:
    """The names the body of ``function`` binds, and its parameters (its nested
    functions and comprehensions left out: a C type does not reach them)."""
    names = {a.arg for a in function.args.args + function.args.kwonlyargs}
    todo: list[ast.AST] = list(function.body)
    while todo:
        node = todo.pop()
        if isinstance(
            node,
            (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.comprehension),
        ):
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        todo.extend(ast.iter_child_nodes(node))
    return names


def _declared(function: ast.FunctionDef) -> list[ast.keyword]:
    """The ``name=type`` items of ``function``'s ``@cython.locals`` lists."""
    return [
        kw
        for d in function.decorator_list
        if isinstance(d, ast.Call) and _is_cython(d.func) and d.func.attr == "locals"  # type: ignore[attr-defined]
        for kw in d.keywords
    ]


def _typed(function: ast.FunctionDef) -> dict[str, int]:
    """The names of ``function``'s ``@cython.locals`` lists, by line."""
    return {kw.arg: kw.value.lineno for kw in _declared(function) if kw.arg is not None}


def _functions(tree: ast.Module) -> list[ast.FunctionDef]:
    return [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)]


@pytest.mark.parametrize("module", _compiled.MODULES)
def test_every_typed_name_is_bound_in_its_function(module: str) -> None:
    path, tree = _source(module)
    stale = [
        f"{path.name}:{line}: {f.name} types {name!r}, which it no longer binds"
        for f in _functions(tree)
        for name, line in _typed(f).items()
        if name not in _bound(f)
    ]
    assert not stale, "\n".join(stale)


@pytest.mark.parametrize("module", _compiled.MODULES)
def test_only_private_functions_type_a_parameter(module: str) -> None:
    path, tree = _source(module)
    for f in _functions(tree):
        params = {a.arg for a in f.args.args + f.args.kwonlyargs}
        typed = params & set(_typed(f))
        assert not typed or f.name.startswith("_"), (
            f"{path.name}:{f.lineno}: {f.name} is public and types its parameters "
            f"{sorted(typed)}: a bad argument would fail differently by build"
        )


def _typedefs(tree: ast.Module) -> set[str]:
    """The module's short names of C types (``_Int = cython.typedef(...)``)."""
    return {
        t.id
        for node in tree.body
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Call)
        and _is_cython(node.value.func)
        and node.value.func.attr == "typedef"  # type: ignore[attr-defined]
        for t in node.targets
        if isinstance(t, ast.Name)
    }


@pytest.mark.parametrize("module", _compiled.MODULES)
def test_no_inline_declaration_that_the_build_would_ignore(module: str) -> None:
    path, tree = _source(module)
    short = _typedefs(tree)
    inline = [
        f"{path.name}:{node.lineno}"
        for f in _functions(tree)
        for node in ast.walk(f)
        if isinstance(node, (ast.AnnAssign, ast.arg))
        and node.annotation is not None
        and (
            _is_cython(node.annotation)
            or (isinstance(node.annotation, ast.Name) and node.annotation.id in short)
        )
    ]
    assert not inline, "annotation_typing is off: type with @cython.locals: " + ", ".join(inline)


@pytest.mark.parametrize("module", _compiled.MODULES)
def test_a_locals_list_names_only_c_types(module: str) -> None:
    # ``@cython.locals(i=_Int)``: ``_Int`` must be the module's
    # ``cython.typedef`` of a C type, or Cython would not type ``i`` at all
    path, tree = _source(module)
    short = _typedefs(tree)
    wrong = [
        f"{path.name}:{kw.value.lineno}: {ast.unparse(kw.value)}"
        for f in _functions(tree)
        for kw in _declared(f)
        if not (_is_cython(kw.value) or (isinstance(kw.value, ast.Name) and kw.value.id in short))
    ]
    assert not wrong, "not a C type: " + ", ".join(wrong)


def test_the_check_sees_a_short_name_declared_inline() -> None:
    tree = ast.parse("_Int = cython.typedef(cython.Py_ssize_t)\nX = 1\n")
    assert _typedefs(tree) == {"_Int"}


def test_the_build_reads_no_annotations() -> None:
    # the reason for the test above: were annotation typing switched on, the
    # annotations of public functions would make Cython check their arguments
    tree = ast.parse((ROOT / "hatch_build.py").read_text(encoding="utf-8"))
    found = [
        ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign)
        and [getattr(t, "id", None) for t in node.targets] == ["DIRECTIVES"]
    ]
    assert len(found) == 1
    assert found[0]["annotation_typing"] is False


def test_the_check_sees_a_stale_name() -> None:
    code = (
        "@cython.locals(i=cython.Py_ssize_t, k=cython.Py_ssize_t, n=cython.Py_ssize_t)\n"
        "def f(n):\n    for i in range(n):\n        pass\n"
    )
    function = ast.parse(code).body[0]
    assert isinstance(function, ast.FunctionDef)
    assert set(_typed(function)) - _bound(function) == {"k"}


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
    found = [f for f in _functions(tree) if f.name == function]
    assert len(found) == 1
    typed = set(_typed(found[0]))
    assert typed, f"{module}.{function} declares no C types"
    assert names <= typed
