"""The worked example of ``docs/howto/adding-a-variant.md`` keeps the contract.

``examples/zank-mini/zank_mini.py`` holds a toy sixth member of the family (``mini``)
that the how-to page includes piece by piece.  Importing it registers nothing;
the fixture below registers it while this module's tests run and takes it out
again, so that the test matrix of the other modules never sees it.  Here it
goes through the checks every registered variant goes through: the contract
walk of ``tests/test_contract.py``, the kernel's agreement of ``check`` with
the legal moves (``tests/family/test_kernel.py``; the rule ids are those of the
page's rules), and whole games to their end (``tests/test_games_end.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import zank
from zank.agents import GreedyAgent, RandomAgent
from zank.core import Rules
from zank.family.table import CARD, FamilyTable
from zank.registry import register

from .family.test_kernel import GENERIC, RULE_ID, sampled_states
from .scripts import load_script
from .strategies import choose_index, seeds
from .test_contract import check_step
from .test_games_end import check_game

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "zank-mini" / "zank_mini.py"
PAGE = ROOT / "docs" / "howto" / "adding-a-variant.md"


def _load() -> ModuleType:
    """The example as module ``zank_mini`` (its ``greedy_policy`` names it so)."""
    return load_script(EXAMPLE, "zank_mini", register=True)


zank_mini = _load()
Mini: Any = zank_mini.Mini
assert Mini.name not in zank.VARIANTS, "importing the example must register nothing"

OPTION_SETS = [*Mini.presets, *Mini.table_presets]
RULES = [pytest.param(Mini(**options), id=str(options or "default")) for options in OPTION_SETS]


@pytest.fixture(scope="module", autouse=True)
def registered() -> Iterator[None]:
    """``mini`` in :data:`zank.VARIANTS` (JSON and records look variants up
    there) while this module runs, and out again after it."""
    register(Mini)
    try:
        yield
    finally:
        zank.registry._registry.pop(Mini.name)  # no public way out: only tests need one


def page_rule_ids() -> set[str]:
    return set(RULE_ID.findall(PAGE.read_text(encoding="utf-8")))


def test_the_page_holds_every_rule_the_example_names() -> None:
    named = set(RULE_ID.findall(EXAMPLE.read_text(encoding="utf-8")))
    assert named, "the example names no rule"
    assert named <= page_rule_ids()
    assert "examples/zank-mini/zank_mini.py" in PAGE.read_text(encoding="utf-8")


def test_the_example_is_a_family_variant() -> None:
    rules = zank.variant("mini")
    assert isinstance(rules, FamilyTable)
    assert rules == Mini()
    assert [spec.label for spec in rules.layout()[:5]] == ["f1", "f2", "f3", "f4", "h1"]
    assert len(rules.cards()) == 52


@pytest.mark.parametrize("rules", RULES)
def test_positions_setup_and_the_opening_rule_work_for_the_example(rules: Rules) -> None:
    """Position text, setup and opening_seat need nothing of a variant but its hooks."""
    state = rules.setup({"f1": "Ac 2c", "h1": "Kd"}, seed=5, to_move=None)
    assert state.to_move == rules.opening_seat(state) == 0  # MINI-3
    text = rules.position_text(state)
    assert text.startswith("mini/2 f1[Ac 2c] h1[Kd]")
    assert rules.parse_position(text) == state
    deal = rules.new_game(seed=5)
    assert rules.parse_position(rules.position_text(deal)) == attrs.evolve(deal, rng=0)


@pytest.mark.parametrize("rules", RULES)
@given(data=st.data())
def test_the_example_keeps_the_contract(rules: Rules, data: Any) -> None:
    state = rules.new_game(seed=data.draw(seeds, label="deal seed"))
    for _ in range(60):
        check_step(rules, state, data)
        legal = rules.legal_moves(state)
        if not legal:
            break
        state = rules.apply(state, legal[choose_index(data, len(legal))])
    check_step(rules, state, data)


@pytest.mark.parametrize("rules", RULES)
def test_check_refuses_exactly_the_illegal_moves_by_a_rule_of_the_page(rules: Rules) -> None:
    ids = page_rule_ids()
    for state in sampled_states(rules, 2):
        legal = set(rules.legal_moves(state))
        for move in rules.moves:
            v = rules.check(state, move)
            assert (v is None) == (move in legal), (move.text, v)
            if v is not None:
                assert v.rule not in GENERIC, (move.text, v)
                assert v.rule in ids, (move.text, v)


@pytest.mark.parametrize("rules", RULES[: len(Mini.presets)])
def test_card_explanations_agree_with_the_move_generator(rules: Any) -> None:
    refused = 0
    for state in sampled_states(rules, 2):
        loose = set(rules.generate(state, strict=False))
        for move in rules.moves:
            if move.kind == CARD:
                v = rules._explain_card(state, move)
                assert (move in loose) == (v is None), (move.text, v)
                refused += v is not None
    assert refused


@pytest.mark.parametrize("rules", RULES)
def test_random_games_of_the_example_end_by_the_rules(rules: Rules) -> None:
    for seed in range(4):
        check_game(rules, 2, seed)


def test_the_greedy_policy_beats_random_play() -> None:
    rules = zank.variant("mini")
    wins = 0
    for seed in range(20):
        record = zank.play(rules, [GreedyAgent(seed), RandomAgent(seed)], seed=seed)
        assert record.result is not None
        wins += record.result.winner == 0
    assert wins >= 14, wins


#: The hooks a hand-pile variant must implement, and those mini overrides beyond them.
REQUIRED_HOOKS = {"_deal", "_opening_seat", "generate", "apply_card", "end_turn_after"}
OPTIONAL_HOOKS = {"info_of", "_explain_card", "validate_settled"}


def test_the_example_implements_five_hooks_and_three_optional_ones() -> None:
    """The how-to's table: what mini defines of HandPileTable's methods."""
    from zank.family.hand_pile import HandPileTable

    own = {
        name
        for name in vars(Mini)
        if not name.startswith("__") and callable(getattr(HandPileTable, name, None))
    }
    assert own == REQUIRED_HOOKS | OPTIONAL_HOOKS


def _first(rules: Rules, accept: Any, seeds_: range = range(40)) -> tuple[Any, Any]:
    """The first state of seeded random games, and a move of it, that ``accept`` takes."""
    for seed in seeds_:
        state = rules.new_game(seed=seed)
        rng = zank.random.Rng(seed)
        while state.outcome is None:
            for move in rules.moves:
                if accept(state, move):
                    return state, move
            legal = rules.legal_moves(state)
            state = rules.apply(state, legal[rng.below(len(legal))])
    raise AssertionError("no such state in 40 games")


def test_the_default_explanations_name_the_pages_rules() -> None:
    rules = Mini()
    state, move = _first(
        rules,
        lambda s, m: (
            m.kind == CARD and m in rules.table_moves(s) and m not in rules.strict_moves(s)
        ),
    )
    v = rules.check(state, move)
    assert v is not None
    assert v.rule == "MINI-8"
    first = v.message.split("strict play has ")[1]
    assert move.text not in first.split(", ")
    assert rules.strict_moves(state)[0].text in first
    turn = rules.parse_move_text("turn")
    state, _ = _first(rules, lambda s, m: m == turn and m in rules.legal_moves(s))
    fresh = state
    turned = rules.apply(state, turn)
    v = rules.check(turned, turn)
    assert v is not None
    assert v.rule == "MINI-9"
    assert "(t-d)" in v.message
    for text in ("t-d", "pass"):
        v = rules.check(fresh, rules.parse_move_text(text))
        assert v is not None
        assert v.rule == "MINI-10", (text, v)


def test_the_default_validation_checks_the_counters() -> None:
    rules = Mini()
    state = rules.new_game(seed=2)
    rules.validate(state)
    for info in ((-1, 0), (0,), (0, 0, 0)):
        with pytest.raises(zank.InvalidState, match="info"):
            rules.validate(attrs.evolve(state, info=info))
