"""Rules every Zank-Patience variant shares, checked in each of them.

The tests take the ``family_board`` and ``board`` fixtures of ``conftest.py``,
so a new family variant is checked here by being registered.
"""

from __future__ import annotations

import pathlib
import re
from collections.abc import Callable

import pytest

import zank
from zank.cards import parse_cards

from .board import Board
from .conftest import FAMILY
from .positions import KINGS

RULES_PAGES = pathlib.Path(__file__).parents[2] / "docs" / "rules"


def on_the_rules_page(name: str, rule: str) -> bool:
    """Whether the variant's rules page names rule ``rule``."""
    page = (RULES_PAGES / f"{name}.md").read_text(encoding="utf-8")
    return re.search(rf"(?<![\w-]){re.escape(rule)}(?![\w-])", page) is not None


def test_an_ace_on_a_house_goes_up_to_a_foundation(family_board: Board) -> None:
    b = family_board
    state = b.position({**KINGS, "h1": "Ah"})
    assert "h1-f" in b.texts(state)
    after = b.play(state, "h1-f")
    assert after.pile("h1") == ()
    foundations = [after.pile(f"f{i}") for i in range(1, 9)]
    assert foundations.count(tuple(parse_cards("Ah"))) == 1
    assert foundations.count(()) == 7


@pytest.mark.parametrize("name", FAMILY)
def test_a_two_without_its_ace_is_refused_by_a_rule_of_the_page(
    board: Callable[..., Board], name: str
) -> None:
    """In every preset (strict play), the refusal names a rule of the variant's page."""
    kings = set(parse_cards(" ".join(KINGS.values())))
    for options in zank.VARIANTS[name].presets:
        b = board(name, **dict(options))
        if not kings <= set(b.rules.cards(2)):
            continue  # zank's learning game has one pack: no second set of kings
        state = b.position({**KINGS, "h1": "2h"})
        assert "h1-f" not in b.texts(state)
        v = b.violation(state, "h1-f")
        assert on_the_rules_page(name, v.rule), f"{name}: {v.rule} is not on its rules page"
