"""The shape of the package: no import circles, and consumers that know no variant.

* **No import circles.**  The modules of ``src/zank`` import each other at
  module level without a circle, so that any module can be imported first.
  An import inside a function runs only when the function is called; even
  those close no circle except the ones listed in :data:`LAZY_CIRCLES`, each
  with its reason.
* **Consumers ask the rules object, never a name.**  Renderers, agents (but a
  variant's own policy module), the command line, play, simulate,
  serialization and the core contain no variant name as a string and import
  no variant module: what they need about a variant, the rules object declares
  (:attr:`~zank.core.Rules.owned_decks`, :meth:`~zank.core.Rules.touched_piles`,
  :attr:`~zank.core.Rules.greedy_policy`).
* **Short functions, or a reason.**  No function of ``src/zank`` is longer
  than :data:`MAX_FUNCTION_LINES` lines (docstring included) unless a comment
  ``# long: <reason>`` stands on the line above its ``def`` or among its
  first lines, saying why it is one function.

The checks read the source with :mod:`ast`.  The import-graph libraries
(grimp, and import-linter built on it) count an import inside a function like
one at the top of a module, so they cannot tell the lazy import of
``State._repr_svg_`` from a real circle without a hand-kept list of ignored
imports; the graph here is a few lines and makes that distinction itself.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import zank

SRC = Path(zank.__file__).parent
PACKAGE = "zank"

#: Imports inside functions that close a circle, and why each is fine.
LAZY_CIRCLES: dict[tuple[str, str], str] = {
    ("zank._values", "zank.render.svg"): "State._repr_svg_: a state draws itself in Jupyter",
    ("zank._values", "zank.render.text"): "State.__str__: print(state) shows the table",
}


def module_files() -> dict[str, Path]:
    """Every module of the package by dotted name."""
    out = {}
    for path in sorted(SRC.rglob("*.py")):
        parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = module_files()


def _is_type_checking(node: ast.If) -> bool:
    return "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(body: list[ast.stmt], *, lazy: bool) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements that run when the module is imported (inside
    classes, ``if`` and ``try`` too; not under ``if TYPE_CHECKING``), and
    with ``lazy`` also those inside functions."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if lazy:
                yield from (
                    n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))
                )
        elif isinstance(node, ast.If) and _is_type_checking(node):
            yield from _imports(node.orelse, lazy=lazy)
        else:
            for field in ("body", "orelse", "finalbody", "handlers"):
                sub = getattr(node, field, None)
                if isinstance(sub, list):
                    yield from _imports(sub, lazy=lazy)


def imported_modules(name: str, *, lazy: bool = False) -> set[str]:
    """The package's modules that module ``name`` imports."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in _imports(tree.body, lazy=lazy):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in MODULES)
            continue
        base = node.module or ""
        if node.level:  # relative: from the module's package upwards
            package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
            package = package[: len(package) - node.level + 1]
            base = ".".join([*package, base] if base else package)
        for alias in node.names:
            full = f"{base}.{alias.name}"
            if full in MODULES:
                out.add(full)  # a submodule
            elif base in MODULES:
                out.add(base)  # a name defined in the module
    return out - {name}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def describe(component: list[str], edges: dict[str, set[str]]) -> str:
    return "; ".join(f"{m} -> {', '.join(sorted(edges[m] & set(component)))}" for m in component)


def test_the_circle_finder_finds_a_circle() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(edges) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_the_import_reader_tells_lazy_imports_apart() -> None:
    # zank._values imports the renderer only inside State._repr_svg_
    assert "zank.render.svg" not in imported_modules("zank._values")
    assert "zank.render.svg" in imported_modules("zank._values", lazy=True)
    assert "zank._values" in imported_modules("zank.render.svg")


def test_no_import_circle_at_module_level() -> None:
    edges = {m: imported_modules(m) for m in MODULES}
    found = circles(edges)
    assert not found, "import circles: " + " | ".join(describe(c, edges) for c in found)


def test_lazy_imports_close_no_circle_but_the_listed_ones() -> None:
    edges = {m: imported_modules(m, lazy=True) for m in MODULES}
    for importer, imported in LAZY_CIRCLES:
        assert imported in edges[importer], f"{importer} no longer imports {imported}: unlist it"
        edges[importer].discard(imported)
    found = circles(edges)
    assert not found, "import circles through lazy imports: " + " | ".join(
        describe(c, edges) for c in found
    )


# --------------------------------------------------------------- variant names


def policy_modules() -> set[str]:
    """The modules holding a variant's own greedy policy (they may know their variant)."""
    return {
        cls.greedy_policy.partition(":")[0]
        for cls in zank.VARIANTS.values()
        if cls.greedy_policy is not None
    }


def consumers() -> list[str]:
    """The modules that must not know a variant by name."""
    out = []
    for m in MODULES:
        if m.startswith(("zank.render", "zank.agents")) and m not in policy_modules():
            out.append(m)
    out += [
        "zank",
        "zank.cli",
        "zank.core",
        "zank.play",
        "zank.registry",
        "zank.serialize",
        "zank.simulate",
        "zank.executors",
        "zank.svg",
    ]
    return sorted(out)


def _name_pattern(name: str) -> re.Pattern[str]:
    # The package shares its name with the classic variant ("zank"), so that
    # name counts only as a whole string; the others also inside a longer one.
    if name == PACKAGE:
        return re.compile(rf"^{re.escape(name)}$")
    return re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])")


def variant_names_in(source: str, names: list[str]) -> list[tuple[int, str]]:
    """``(line, string)`` of every string constant of ``source`` that names a
    variant, docstrings and other bare strings (documentation) left out,
    argparse's ``prog=`` (the command is named after the package), and
    annotations (types for the type checker, such as the ``Literal`` names of
    ``zank.variant``'s overloads: never run)."""
    tree = ast.parse(source)
    skipped: list[ast.AST] = [
        node.value
        for node in ast.walk(tree)
        if (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))
        or (isinstance(node, ast.keyword) and node.arg == "prog")
    ]
    for node in ast.walk(tree):
        if isinstance(node, (ast.arg, ast.AnnAssign)) and node.annotation is not None:
            skipped += ast.walk(node.annotation)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns:
            skipped += ast.walk(node.returns)
    skip = {id(value) for value in skipped}
    patterns = [_name_pattern(n) for n in names]
    return sorted(
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skip
        and any(p.search(node.value) for p in patterns)
    )


def test_the_name_finder_finds_names_in_code_only() -> None:
    names = ["zank", "zank-104", "spite-and-malice"]
    source = '''
"""A docstring may say zank-104 and zank."""
A = {"zank-104": 1}
B = f"{x} spite-and-malice!"
C = "zank"
D = ("zank-record", "zank: error", "zank-1040")
def f():
    """spite-and-malice in a docstring"""
    parser(prog="zank")
def g(name: Literal["zank-104"]) -> Literal["zank"]: ...
E: Literal["zank"] = "zank-104"
'''
    assert variant_names_in(source, names) == [
        (3, "zank-104"),
        (4, " spite-and-malice!"),
        (5, "zank"),
        (11, "zank-104"),
    ]


@pytest.mark.parametrize("module", consumers())
def test_consumers_name_no_variant(module: str) -> None:
    source = MODULES[module].read_text(encoding="utf-8")
    hits = variant_names_in(source, sorted(zank.VARIANTS))
    where = ", ".join(f"line {line}: {text!r}" for line, text in hits)
    assert not hits, f"{module} names a variant ({where}); ask the rules object instead"


def variant_modules() -> set[str]:
    """The modules that define a registered variant, and the family's package."""
    return {cls.__module__ for cls in zank.VARIANTS.values()} | {
        m for m in MODULES if m.startswith("zank.family")
    }


@pytest.mark.parametrize(
    "module", [m for m in consumers() if m not in ("zank", "zank.agents.faulty")]
)
def test_consumers_import_no_variant_module(module: str) -> None:
    """Not even lazily (the package itself imports every built-in variant
    so that each registers; the table-mode agents use the family's
    fault machinery, :mod:`zank.family.faults`)."""
    imported = imported_modules(module, lazy=True) & variant_modules()
    assert not imported, f"{module} imports {', '.join(sorted(imported))}"


# ------------------------------------------------------------ long functions
MAX_FUNCTION_LINES = 80
LONG_REASON = re.compile(r"#\s*long:\s*\S")
#: How many lines after the signature a ``# long:`` comment may stand (room for
#: a docstring).
REASON_WINDOW = 40


def long_functions(source: str, limit: int = MAX_FUNCTION_LINES) -> list[tuple[str, int, int]]:
    """``(name, first line, length)`` of each function of ``source`` longer than
    ``limit`` lines that gives no ``# long: <reason>`` comment."""
    lines = source.splitlines()
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
        end = node.end_lineno or node.lineno
        length = end - first + 1
        if length <= limit:
            continue
        body_start = node.body[0].lineno
        window = lines[max(0, first - 2) : min(end, body_start + REASON_WINDOW)]
        if not any(LONG_REASON.search(line) for line in window):
            out.append((node.name, first, length))
    return out


def test_the_long_function_finder_wants_a_reason() -> None:
    body = "".join(f"    x{i} = {i}\n" for i in range(5))
    short, long_ = f"def f():\n{body}", "def g():\n" + body * 3
    assert long_functions(short + long_, limit=10) == [("g", 7, 16)]
    reasoned = "# long: one loop on purpose\n" + long_
    assert long_functions(reasoned, limit=10) == []
    inside = long_.replace("\n", "\n    # long: the hot path\n", 1)
    assert long_functions(inside, limit=10) == []
    unreasoned = long_.replace("\n", "\n    # longer than it should be\n", 1)
    assert long_functions(unreasoned, limit=10) == [("g", 1, 17)]


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_long_function_without_a_reason(module: str) -> None:
    found = long_functions(MODULES[module].read_text(encoding="utf-8"))
    assert not found, (
        f"{module}: functions over {MAX_FUNCTION_LINES} lines without a '# long: <reason>' "
        "comment: " + ", ".join(f"{name} (line {line}, {n} lines)" for name, line, n in found)
    )


# ------------------------------------------------------------- the one kernel


def _classes_with(method: str) -> set[str]:
    """``module.Class`` of every class of the package that defines ``method``."""
    out = set()
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(
                isinstance(f, ast.FunctionDef) and f.name == method for f in node.body
            ):
                out.add(f"{name}.{node.name}")
    return out


def test_one_immutable_state_and_one_working_position() -> None:
    # a kernel builds its next position by successor: on the State users hold,
    # or in place on the one working position every variant's kernel plays on
    assert _classes_with("successor") == {"zank._values.State", "zank.working.Working"}


def test_the_kernel_is_declared_once_on_rules_and_overridden_where_it_plays_in_place() -> None:
    declared = _classes_with("_kernel_moves")
    assert declared == _classes_with("_kernel_play")
    assert declared == {
        "zank.core.Rules",  # the default: through states (_legal, _apply)
        "zank.spite_malice.SpiteAndMalice",
        "zank.family.table.FamilyTable",  # strict play in place, table mode through states
    }


def test_table_mode_wraps_the_strict_rules_and_is_no_base_class() -> None:
    # table mode is a component around the variant's strict rules (issue 31):
    # no family class inherits from the module of the call windows
    from zank.family import faults
    from zank.family.table import FamilyTable

    for name in zank.VARIANTS:
        cls = type(zank.variant(name))
        if not issubclass(cls, FamilyTable):
            continue
        assert not [c for c in cls.__mro__ if c.__module__ == faults.__name__], name
        strict = zank.variant(name)
        table = zank.variant(name, table_mode=True)
        assert isinstance(strict, FamilyTable)
        assert isinstance(table, FamilyTable)
        assert strict._table is None
        assert isinstance(table._table, faults.TableMode)
        assert table._table.rules is table


def test_playouts_has_one_game_loop() -> None:
    tree = ast.parse(MODULES["zank.playouts"].read_text(encoding="utf-8"))
    loops = [
        f.name
        for f in ast.walk(tree)
        if isinstance(f, ast.FunctionDef) and any(isinstance(n, ast.While) for n in ast.walk(f))
    ]
    assert loops == ["_game"]


# ------------------------------------------------------------- the class chain


def _depth(cls: type) -> int:
    from zank.core import Rules

    return cls.__mro__.index(Rules)


def test_every_variant_is_at_most_three_levels_below_rules() -> None:
    """Composition, not a deep chain: table mode and the hand-pile turn are
    components of the table, so no variant class is more than three levels
    below ``Rules`` (crapette: ``Crapette``, ``StockGame``, ``FamilyTable``)."""
    depths = {name: _depth(type(zank.variant(name))) for name in zank.VARIANTS}
    assert max(depths.values()) <= 3, depths


def _rules_classes_run(name: str, moves: int) -> set[str]:
    """The rules classes (``Rules`` and its subclasses) whose methods run
    while a random game of ``name`` asks its legal moves and applies them."""
    import sys
    from types import CodeType, FrameType

    from zank.core import Rules
    from zank.random import Rng

    rules = zank.variant(name)
    state = rules.new_game(seed=3)
    # the code objects of the rules classes' methods (and properties), by class
    owners: dict[CodeType, str] = {}
    for cls in type(rules).__mro__:
        if issubclass(cls, Rules):
            for value in vars(cls).values():
                for f in (value, getattr(value, "fget", None), getattr(value, "__func__", None)):
                    code = getattr(f, "__code__", None)
                    if isinstance(code, CodeType):
                        owners[code] = cls.__qualname__
    seen: set[str] = set()

    def profile(frame: FrameType, event: str, arg: object) -> None:
        if event == "call" and frame.f_code in owners:
            seen.add(owners[frame.f_code])

    rng = Rng(5)
    for _ in range(moves):
        legal = rules.legal_moves(state)
        if not legal:
            break
        move = legal[rng.below(len(legal))]
        sys.setprofile(profile)
        try:
            rules.legal_moves(rules.apply(state, move))
        finally:
            sys.setprofile(None)
        state = rules.apply(state, move)
    return seen


@pytest.mark.skipif(zank.compiled, reason="the profiler sees Python frames only")
@pytest.mark.parametrize("name", ["crapette", "zank-detailed", "zank-104"])
def test_a_move_crosses_at_most_three_rules_classes(name: str) -> None:
    """A move of strict play (legal moves and apply) runs methods of at most
    three rules classes besides the variant's own: ``Rules``, ``FamilyTable``
    and the variant's base (``StockGame``); the hand-pile turn between them is
    a module of functions (:mod:`zank.family.seat`), not a class.  A crapette
    move crosses exactly ``Rules``, ``FamilyTable`` and ``StockGame``;
    zank-detailed's own ``_apply`` (its demand window) runs too."""
    seen = _rules_classes_run(name, 300)
    own = type(zank.variant(name)).__qualname__
    assert {"Rules", "FamilyTable"} <= seen
    assert len(seen - {own}) <= 3, seen
    if name == "crapette":
        assert seen == {"Rules", "FamilyTable", "StockGame"}


# ------------------------------------------------------------ family/ layers

#: ``zank.family`` in three layers (its package docs name them): the table and
#: its components (the kernel, and the bases the variants build on), the
#: variants, and their greedy policies, which the rules load by name.
FAMILY_KERNEL = {
    "fits",
    "scan",
    "faults",
    "seat",
    "table_explain",
    "table",
    "hand_pile",
    "stock",
    "classic_common",
    "classic_explain",
    "manoeuvre",
    "match",
}
FAMILY_VARIANTS = {"classic", "schikanieren", "detailed", "crapette", "zank104"}
FAMILY_POLICIES = {"greedy_classic", "greedy_crapette", "greedy_detailed", "greedy_zank104"}


def test_every_family_module_is_in_one_layer() -> None:
    family = {m.rpartition(".")[2] for m in MODULES if m.startswith("zank.family.")}
    assert family == FAMILY_KERNEL | FAMILY_VARIANTS | FAMILY_POLICIES


@pytest.mark.parametrize(
    ("layer", "below"),
    [
        (FAMILY_KERNEL, FAMILY_VARIANTS | FAMILY_POLICIES),
        (FAMILY_VARIANTS, FAMILY_POLICIES),
    ],
)
def test_the_family_layers_import_only_downwards(layer: set[str], below: set[str]) -> None:
    """The kernel imports no variant and no policy; a variant imports no policy
    (its greedy policy is named by a string and loaded by ``zank._policy``)."""
    wrong = {
        m: sorted(
            i
            for i in imported_modules(f"zank.family.{m}", lazy=True)
            if i.rpartition(".")[2] in below and i.startswith("zank.family.")
        )
        for m in layer
    }
    assert not {m: i for m, i in wrong.items() if i}, wrong


def test_no_module_over_a_thousand_lines() -> None:
    long = {
        name: n
        for name, path in MODULES.items()
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > 1000
    }
    assert not long, long


def test_import_zank_reads_no_package_metadata() -> None:
    """``import zank`` (every ``zank`` command pays it) leaves the standard library's
    heavier modules alone: the version and the plugins are read on first use
    (``importlib.metadata`` and what it imports were about a fifth of the import's
    time), the seeds from ``os.urandom`` (``secrets`` pulled in ``hmac``)."""
    import subprocess
    import sys

    heavy = ("importlib.metadata", "secrets", "email", "zipfile")
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            f"import sys, zank; print([m for m in {heavy!r} if m in sys.modules])",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert out.strip() == "[]"
    # and read on first use: the version a record keeps
    from zank.agents import RandomAgent

    agents = [RandomAgent(1), RandomAgent(2)]
    record = zank.play(zank.variant("zank"), agents, seed=1, max_moves=5)
    assert record.library == zank.__version__ != ""
