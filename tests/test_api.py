"""The public API around the rules: the registry, options, errors and JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest

import zank
import zank.agents
from zank.core import HIDDEN


def test_errors_form_one_hierarchy() -> None:
    for cls in (zank.IllegalMove, zank.NotationError, zank.InvalidState, zank.OptionError):
        assert issubclass(cls, zank.ZankError)
        assert issubclass(cls, ValueError)


def test_variants_mapping_is_read_only() -> None:
    assert "spite-and-malice" in zank.VARIANTS
    with pytest.raises(TypeError):
        zank.VARIANTS["x"] = zank.VARIANTS["spite-and-malice"]  # type: ignore[index]


def test_unknown_variant_lists_the_valid_names() -> None:
    with pytest.raises(zank.OptionError) as info:
        zank.variant("chess")
    assert "'chess'" in str(info.value)
    assert "spite-and-malice" in str(info.value)


def test_unknown_option_lists_the_valid_options() -> None:
    with pytest.raises(zank.OptionError) as info:
        zank.variant("spite-and-malice", reserve_size=12)
    assert "reserve_size" in str(info.value)
    assert "pay_off_size" in str(info.value)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"pay_off_size": 31}, "from 1 to 30"),
        ({"pay_off_size": 0}, "from 1 to 30"),
        ({"pay_off_size": "20"}, "must be an int"),
        ({"jokers": 1}, "one of False, True"),
    ],
)
def test_out_of_range_options_are_refused(options: dict[str, Any], words: str) -> None:
    with pytest.raises(zank.OptionError, match=words):
        zank.variant("spite-and-malice", **options)


def test_options_are_keyword_only_and_equal_by_value() -> None:
    a = zank.variant("spite-and-malice", pay_off_size=25)
    b = zank.variant("spite-and-malice", pay_off_size=25)
    assert a == b
    assert hash(a) == hash(b)
    assert a != zank.variant("spite-and-malice")
    assert a.options["pay_off_size"] == 25


def test_bad_seeds_are_refused() -> None:
    rules = zank.variant("spite-and-malice")
    for bad in (-1, 1.5, "7", True):
        with pytest.raises(zank.OptionError, match="seed"):
            rules.new_game(seed=bad)  # type: ignore[arg-type]


def test_seed_none_deals_a_valid_game() -> None:
    rules = zank.variant("spite-and-malice")
    rules.validate(rules.new_game())


def test_states_of_another_rules_object_are_refused() -> None:
    a = zank.variant("spite-and-malice")
    b = zank.variant("spite-and-malice", pay_off_size=5)
    with pytest.raises(zank.InvalidState, match="belongs to"):
        b.legal_moves(a.new_game(seed=1))


def test_decode_and_encode_errors() -> None:
    rules = zank.variant("spite-and-malice")
    state = rules.new_game(seed=1)
    with pytest.raises(zank.IllegalMove, match="action space"):
        rules.decode(state, rules.action_space)
    other = zank.variant("spite-and-malice", unlimited_build_piles=True)
    with pytest.raises(zank.IllegalMove):
        rules.encode(other.moves[-1])


@pytest.mark.parametrize("name", sorted(zank.VARIANTS))
def test_a_move_shows_its_notation_and_action(name: str) -> None:
    rules = zank.variant(name)
    for move in (rules.moves[0], rules.moves[-1]):
        assert str(move) == move.text
        assert repr(move) == f"Move({move.text!r}, action={move.action})"
    state = rules.new_game(seed=2)
    move = rules.legal_moves(state)[0]
    assert repr(move).startswith(f"Move('{move.text}', action=")


def test_a_move_of_another_rules_object_is_named_by_notation_and_action() -> None:
    rules = zank.variant("spite-and-malice")
    state = rules.new_game(seed=1)
    other = zank.variant("spite-and-malice", unlimited_build_piles=True)
    move = other.moves[-1]
    v = rules.check(state, move)
    assert v is not None
    assert v.rule == "notation"
    shown = f"Move('{move.text}', action={move.action})"
    assert v.message == f"{shown} is not a move of spite-and-malice"


def test_check_refuses_foreign_objects() -> None:
    rules = zank.variant("spite-and-malice")
    state = rules.new_game(seed=1)
    v = rules.check(state, "7-b1")  # type: ignore[arg-type]
    assert v is not None
    assert v.rule == "notation"


def test_piles_view_uses_labels_and_cards() -> None:
    rules = zank.variant("spite-and-malice")
    state = rules.new_game(seed=4)
    piles = rules.piles(state)
    assert list(piles) == [spec.label for spec in rules.layout(2)]
    assert sum(len(p) for p in piles.values()) == 104
    assert all(isinstance(c, zank.Card) for p in piles.values() for c in p)
    assert state.pile("p0.pay") == piles["p0.pay"]
    with pytest.raises(KeyError, match="no pile"):
        state.pile("nowhere")


def test_observe_hides_and_checks_the_seat() -> None:
    rules = zank.variant("spite-and-malice")
    state = rules.new_game(seed=4)
    obs = rules.observe(state, 0)
    hand1 = obs.piles[rules.pile_index(2, "p1.hand")]
    assert hand1 == (HIDDEN,) * 5
    assert obs.piles[rules.pile_index(2, "p0.hand")] == state.pile("p0.hand")
    with pytest.raises(ValueError, match="seat"):
        rules.observe(state, 2)


# ---------------------------------------------------------------- JSON errors
def _doc() -> dict[str, Any]:
    rules = zank.variant("spite-and-malice")
    return json.loads(zank.dumps(rules.new_game(seed=3)))  # type: ignore[no-any-return]


def _swap_two_cards(doc: dict[str, Any]) -> None:
    doc["piles"]["p0.hand"][0] = doc["piles"]["p1.hand"][0]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(format="other"), "format"),
        (lambda d: d.update(version=99), "version"),
        (lambda d: d.update(variant="chess"), "unknown variant"),
        (lambda d: d["options"].update(pay_off_size=99), "pay_off_size"),
        (lambda d: d.update(players=9), "players"),
        (lambda d: d["piles"].pop("draw"), "missing: draw"),
        (lambda d: d["piles"].update(extra=[]), "unknown: 'extra'"),
        (lambda d: d["piles"]["p0.hand"].append("Zz"), "p0.hand"),
        (lambda d: d["piles"]["p0.hand"].append(7), "written as text"),
        (_swap_two_cards, "cards are not those of the game"),
        (lambda d: d["down"].update({"p0.hand": 9}), "face-down"),
        (lambda d: d.update(to_move=5), "to_move"),
        (lambda d: d.update(rng="nope"), "rng"),
        (lambda d: d.update(info="x"), "info"),
        (lambda d: d.update(outcome={"winner": 0, "points": [1, 0], "reason": "?"}), "reason"),
        (lambda d: d.update(ply="3"), "ply"),
    ],
)
def test_loads_rejects_bad_documents(change: Any, words: str) -> None:
    doc = _doc()
    change(doc)
    with pytest.raises(zank.InvalidState, match=words):
        zank.loads(json.dumps(doc))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '"x"'])
def test_loads_rejects_non_documents(text: str) -> None:
    with pytest.raises(zank.InvalidState):
        zank.loads(text)


def test_dumps_refuses_non_states() -> None:
    with pytest.raises(TypeError):
        zank.dumps({"a": 1})  # type: ignore[arg-type]


def test_game_record_errors_name_the_move() -> None:
    rules = zank.variant("spite-and-malice")
    record = zank.play(rules, [zank.agents.RandomAgent(1), zank.agents.RandomAgent(2)], seed=8)
    doc = json.loads(record.dumps())
    doc["moves"][3] = "zz-b9"
    bad = zank.GameRecord.loads(json.dumps(doc))
    with pytest.raises(zank.InvalidState, match="move 4"):
        list(zank.replay(bad))
    with pytest.raises(zank.InvalidState):
        zank.GameRecord.loads("{}")
