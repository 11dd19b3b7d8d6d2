"""The code of the documentation works when a reader copies it.

``docs/conf.py`` gives the doctests no hidden imports, so Sphinx's doctest
builder (run by ``.ci/run``) already fails on a page that uses a name nobody
imported.  This test adds what that builder cannot see:

* every code block imports the modules and names it uses itself, even when an
  earlier block of the page imported them too (a reader copies one block);
* notebooks (``*.ipynb``, run at every docs build) follow the same rule;
* the Python blocks that the doctest builder does not run (``python`` fences:
  examples that need an adapter framework or a cluster) use no name that the
  page never defines;
* every docstring example of the package imports what it uses (the API page's
  doctests run without the module's names in scope).

The variables of a tutorial (``rules``, ``state``, …) may carry over from one
block to the next: a page is read from the top.
"""

from __future__ import annotations

import ast
import builtins
import doctest
import importlib
import json
import pkgutil
import re
from pathlib import Path

import pytest

import zank

DOCS = Path(__file__).resolve().parent.parent / "docs"
FENCE = re.compile(r"^```(\{doctest\}|\{testcode\}|python)[^\n]*\n(.*?)^```", re.S | re.M)
BUILTINS = set(dir(builtins))


def page_blocks(page: Path) -> list[tuple[int, str]]:
    """(line, Python source) of every code block of a page, in order.

    For a notebook the "line" is the number of the code cell.
    """
    text = page.read_text(encoding="utf-8")
    if page.suffix == ".ipynb":
        cells = json.loads(text)["cells"]
        code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
        return list(enumerate(code, start=1))
    blocks = []
    for m in FENCE.finditer(text):
        kind, body = m.groups()
        line = text[: m.start()].count("\n") + 1
        body = "\n".join(x for x in body.splitlines() if not x.startswith(":"))  # options
        if kind == "{doctest}":
            examples = doctest.DocTestParser().get_examples(body)
            body = "".join(e.source for e in examples)
        blocks.append((line, body))
    return blocks


def imported(tree: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            names |= {a.asname or a.name for a in node.names}
    return names


def bound(tree: ast.AST) -> set[str]:
    """Every name a block binds other than by importing it."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
    return names


def used(tree: ast.AST) -> set[str]:
    return {
        node.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)
    }


def problems(page: Path) -> list[str]:
    found = []
    earlier_imports: set[str] = set()
    defined: set[str] = set()
    for line, source in page_blocks(page):
        tree = ast.parse(source)
        mine = imported(tree)
        defined |= mine | bound(tree)
        own = mine | bound(tree)
        for name in sorted(used(tree) - own):
            if name in earlier_imports:
                found.append(f"{page.name}:{line}: uses {name} without importing it")
            elif name not in defined and name not in BUILTINS:
                found.append(f"{page.name}:{line}: uses {name}, defined nowhere on the page")
        earlier_imports |= mine
    return found


PAGES = sorted(
    p
    for pattern in ("*.md", "*.ipynb")
    for p in DOCS.rglob(pattern)
    if not {"_build", "_generated", "jupyter_execute"} & set(p.parts)
)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(DOCS)))
def test_every_code_block_imports_what_it_uses(page: Path) -> None:
    assert problems(page) == []


def test_the_checker_finds_a_missing_import(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "```{doctest}\n>>> import json, zank\n>>> rules = zank.variant('zank')\n```\n\n"
        "```python\nprint(json.dumps(rules.options), text(rules))\n```\n",
        encoding="utf-8",
    )
    assert problems(page) == [
        "page.md:6: uses json without importing it",
        "page.md:6: uses text, defined nowhere on the page",
    ]


def test_the_doctest_setup_imports_nothing() -> None:
    conf = (DOCS / "conf.py").read_text(encoding="utf-8")
    assert "doctest_global_setup" not in conf


MODULES = ["zank", *(m.name for m in pkgutil.walk_packages(zank.__path__, "zank."))]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run_without_the_modules_names(name: str) -> None:
    try:
        module = importlib.import_module(name)
    except ImportError as e:  # an adapter whose framework is not installed
        pytest.skip(str(e))
    failed = []
    for test in doctest.DocTestFinder().find(module, name, globs={}):
        test.globs = {}
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        report: list[str] = []
        if test.examples and runner.run(test, out=report.append).failed:
            failed.append(f"{test.name}: {''.join(report)[-300:]}")
    assert failed == []


README = DOCS.parent / "README.md"


def test_the_readme_example_runs_and_shows_a_won_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert problems(README) == []
    (_, source), *others = page_blocks(README)
    assert others == []  # the one Python example
    exec(compile(source, str(README), "exec"), {"__name__": "__readme__"})
    printed = capsys.readouterr().out.splitlines()
    promised = source.rstrip().splitlines()[-1].removeprefix("# ")
    assert printed[-1] == promised
    assert "winner=None" not in promised


def test_the_readme_links_work_on_pypi() -> None:
    text = README.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)]+)\)", text)
    assert targets
    assert [t for t in targets if not t.startswith("https://")] == []
