"""Mutation operators that cosmic-ray lacks, and its command line with them.

cosmic-ray 8.7 has no operator that deletes a statement. An independent sample with
another tool (issue 38) found survivors of exactly that kind: a deleted ``raise``
(a check that no test reaches) and a deleted ``return`` (a branch that falls
through). This module adds them as the operator provider ``zank``:

* ``zank/DeleteReturn``: ``return`` or ``return VALUE`` becomes ``pass`` (the
  function goes on with the next statement, or returns ``None``);
* ``zank/DeleteRaise``: ``raise`` or ``raise ERROR`` becomes ``pass``.

``benchmarks/mutation.py`` runs cosmic-ray through this file
(``python benchmarks/mutation_operators.py ARGS`` is ``cosmic-ray ARGS`` with the
provider registered), so ``init`` draws these mutants beside the core ones and
``exec`` applies them. The registration lives in the process: cosmic-ray's local
distributor mutates and runs the tests from the same process.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any, ClassVar

import parso.python.tree
from cosmic_ray import plugins
from cosmic_ray.operators.operator import Example, Operator


class _DeleteStatement(Operator):  # type: ignore[misc]
    """Replace a simple statement that begins with ``keyword`` by ``pass``."""

    keyword = ""

    def _matches(self, node: Any) -> bool:
        if node.type == f"{self.keyword}_stmt":
            return True
        # a bare keyword (``return``, ``raise``) is a leaf of its own
        return (
            isinstance(node, parso.python.tree.Keyword)
            and node.value == self.keyword
            and node.parent is not None
            and node.parent.type != f"{self.keyword}_stmt"
        )

    def mutation_positions(self, node: Any) -> Iterator[tuple[Any, Any]]:
        if self._matches(node):
            yield (node.start_pos, node.end_pos)

    def mutate(self, node: Any, index: int) -> Any:
        assert index == 0
        assert self._matches(node)
        prefix = node.get_first_leaf().prefix
        return parso.python.tree.Keyword("pass", node.start_pos, prefix=prefix)


class DeleteReturn(_DeleteStatement):
    """``return`` (with or without a value) replaced by ``pass``."""

    keyword = "return"

    @classmethod
    def examples(cls) -> tuple[Example, ...]:
        return (
            Example("def f():\n    return 1\n", "def f():\n    pass\n"),
            Example("def f():\n    return\n", "def f():\n    pass\n"),
        )


class DeleteRaise(_DeleteStatement):
    """``raise`` (with or without an exception) replaced by ``pass``."""

    keyword = "raise"

    @classmethod
    def examples(cls) -> tuple[Example, ...]:
        return (
            Example("if x:\n    raise E('no')\n", "if x:\n    pass\n"),
            Example(
                "try:\n    f()\nexcept E:\n    raise\n", "try:\n    f()\nexcept E:\n    pass\n"
            ),
        )


class Provider:
    """The operator provider ``zank`` (cosmic-ray looks operators up by name)."""

    _OPERATORS: ClassVar[dict[str, type[Operator]]] = {
        "DeleteReturn": DeleteReturn,
        "DeleteRaise": DeleteRaise,
    }

    def __iter__(self) -> Iterator[str]:
        return iter(self._OPERATORS)

    def __getitem__(self, name: str) -> type[Operator]:
        return self._OPERATORS[name]


def register() -> None:
    """Add the provider ``zank`` to cosmic-ray's operator providers."""
    plugins.OPERATOR_PROVIDERS.setdefault("zank", Provider())


def main(argv: list[str] | None = None) -> int:
    """``cosmic-ray ARGS`` with the operators of this module."""
    from cosmic_ray.cli import main as cosmic_ray_main

    register()
    code: int = cosmic_ray_main(sys.argv[1:] if argv is None else argv)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
