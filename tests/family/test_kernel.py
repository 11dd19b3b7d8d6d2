"""The kernel of the Zank-Patience family: legal moves and explanations agree.

For every registered variant, every option set of its ``presets`` and
``table_presets`` and every seat count, states are sampled along seeded random
games, and for each state every action of ``rules.moves`` is checked:

* ``rules.check`` is ``None`` exactly for the legal moves, and every refusal
  names a rule id of the variant's rules page (``docs/rules/<name>.md``, or the
  page of a registered variant it builds on, as schikanieren builds on zank);
  the generic ids ``over``, ``notation`` and ``legal`` never explain a move of
  a running game;
* for the family variants with a move generator that can leave the mandatory
  rules aside (``generate(state, strict=False)``: every move the cards allow),
  a card move is in that list exactly when the variant's explanation of the
  cards (``_explain_card``) finds nothing against it.  The explanations read
  the kernel scan (:meth:`~zank.family.table.FamilyTable.scan`); the move
  generators of zank-detailed, crapette and zank-104 find their card moves in one pass
  (:func:`zank.family.scan.card_moves`), so a fit rule changed in one of the
  paths only fails here (and in ``test_scan.py``).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import zank
from zank.core import Rules, State
from zank.family.table import CARD, FamilyTable
from zank.random import Rng

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"
RULE_ID = re.compile(r"(?<![\w&])([A-Z][A-Z0-9&]*-V?\d+[a-z]?)\b")
GENERIC = {"over", "notation", "legal"}
GAMES = 1  # seeded games per option set and seat count
EVERY = 9  # every this many states are checked


def _configurations() -> list[Any]:
    out = []
    for name, cls in sorted(zank.VARIANTS.items()):
        option_sets = [*cls.presets, *getattr(cls, "table_presets", ())]
        for i, options in enumerate(option_sets):
            for players in range(cls.min_players, cls.max_players + 1):
                out.append(pytest.param(name, dict(options), players, id=f"{name}/{i}/{players}p"))
    return out


CONFIGURATIONS = _configurations()


@cache
def rule_ids(name: str) -> frozenset[str]:
    """The rule ids on the rules page of variant ``name`` and on the pages of
    the registered variants its class builds on."""
    ids: set[str] = set()
    for base in zank.VARIANTS[name].__mro__:
        own = base.__dict__.get("name")
        if isinstance(own, str) and zank.VARIANTS.get(own) is base:
            ids |= set(RULE_ID.findall((DOCS / f"{own}.md").read_text(encoding="utf-8")))
    return frozenset(ids)


def sampled_states(rules: Rules, players: int) -> list[State]:
    """Every :data:`EVERY`-th state of :data:`GAMES` seeded random games."""
    out = []
    for seed in range(GAMES):
        state = rules.new_game(seed=seed, players=players)
        rng = Rng(seed * 7 + 3)
        n = 0
        while True:
            legal = rules.legal_moves(state)
            if not legal:
                break
            if n % EVERY == 0:
                out.append(state)
            n += 1
            state = rules.apply(state, legal[rng.below(len(legal))])
    return out


@pytest.mark.slow  # a seeded quarter of the cases (tests/conftest.py); --full runs all
@pytest.mark.parametrize(("name", "options", "players"), CONFIGURATIONS)
def test_check_refuses_exactly_the_illegal_moves_by_a_rule_of_the_page(
    name: str, options: dict[str, Any], players: int
) -> None:
    rules = zank.variant(name, **options)
    ids = rule_ids(name)
    assert ids, f"no rule ids found on docs/rules/{name}.md"
    for state in sampled_states(rules, players):
        legal = set(rules.legal_moves(state))
        for move in rules.moves:
            v = rules.check(state, move)
            if move in legal:
                assert v is None, (move.text, v)
                continue
            assert v is not None, move.text
            assert v.rule not in GENERIC, (move.text, v)
            assert v.rule in ids, f"{move.text}: {v} names no rule of docs/rules/{name}.md"


def _explains_cards(rules: Rules) -> bool:
    return isinstance(rules, FamilyTable) and all(
        callable(getattr(rules, attr, None)) for attr in ("generate", "_explain_card")
    )


KERNEL_CONFIGURATIONS = [
    c for c in CONFIGURATIONS if _explains_cards(zank.variant(c.values[0], **c.values[1]))
]


def test_the_kernel_check_covers_the_family_variants_with_a_loose_generator() -> None:
    names = {c.values[0] for c in KERNEL_CONFIGURATIONS}
    assert {"zank-detailed", "zank-104"} <= names


@pytest.mark.parametrize(("name", "options", "players"), KERNEL_CONFIGURATIONS)
def test_card_explanations_agree_with_the_move_generator(
    name: str, options: dict[str, Any], players: int
) -> None:
    rules: Any = zank.variant(name, **options)
    checked = refused = 0
    for state in sampled_states(rules, players):
        if state.phase != 0:
            continue  # a call window: no card moves
        loose = set(rules.generate(state, strict=False))
        for move in rules.moves:
            if move.kind != CARD:
                continue
            v = rules._explain_card(state, move)
            assert (move in loose) == (v is None), (move.text, v)
            checked += 1
            refused += v is not None
    assert checked > refused > 0
