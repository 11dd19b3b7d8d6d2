"""State documents (zank.serialize): every check of a loaded document names its field.

Found by mutation testing (issue 25): the type checks of piles, down counts, the
outcome, winner, points, variant and options could be flipped or deleted, and the
``info`` check weakened, without a test noticing. Each bad document here is a good
one with a single field changed.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import zank
from zank.core import Termination
from zank.serialize import (
    MAX_DOCUMENT_DEPTH,
    MAX_DOCUMENT_SIZE,
    dumps,
    loads,
    observation_to_dict,
    read_json,
    state_from_dict,
    state_to_dict,
)

SPITE = zank.variant("spite-and-malice")
STATE = SPITE.new_game(seed=3)


def _doc(**changes: Any) -> dict[str, Any]:
    doc = state_to_dict(STATE)
    for key, value in changes.items():
        if value is KeyError:
            del doc[key]
        else:
            doc[key] = value
    return json.loads(json.dumps(doc))  # type: ignore[no-any-return]


def _refused(doc: Any, match: str) -> None:
    with pytest.raises(zank.InvalidState, match=match):
        state_from_dict(doc)


def test_a_good_document_loads() -> None:
    assert state_from_dict(_doc()) == STATE
    assert loads(dumps(STATE)) == STATE


def test_the_document_is_an_object() -> None:
    _refused([], "^a state document is a JSON object, not list$")
    _refused("x", "^a state document is a JSON object, not str$")


def test_the_format_is_named() -> None:
    _refused(_doc(format="zank-record"), r"^'format' must be 'zank-state', not 'zank-record'$")
    _refused(_doc(format=KeyError), r"^'format' must be 'zank-state', not None$")


@pytest.mark.parametrize("version", [0, 2, "1", True, None])
def test_only_format_version_1_is_read(version: Any) -> None:
    _refused(_doc(version=version), r"^unsupported format version .* \(this zank reads 1\)$")


@pytest.mark.parametrize(("field", "value"), [("variant", 5), ("variant", None), ("options", [])])
def test_the_variant_is_a_string_and_the_options_an_object(field: str, value: Any) -> None:
    _refused(_doc(**{field: value}), r"^'variant' must be a string and 'options' an object$")


def test_the_options_may_be_left_out() -> None:
    assert state_from_dict(_doc(options=KeyError)) == STATE


def test_an_unknown_variant_or_option_is_named() -> None:
    _refused(_doc(variant="patience"), r"^bad variant or options: .*patience")
    _refused(_doc(options={"colour": 1}), r"^bad variant or options: .*colour")


@pytest.mark.parametrize("field", ["players", "phase", "ply", "turn"])
@pytest.mark.parametrize("value", ["2", True, 2.0, None])
def test_the_counters_are_integers(field: str, value: Any) -> None:
    if field == "players" and value is None:
        value = [2]
    _refused(_doc(**{field: value}), rf"^'{field}' must be an integer, not ")


def test_to_move_is_an_integer_or_null() -> None:
    _refused(_doc(to_move="0"), r"^'to_move' must be an integer, not '0'$")
    _refused(_doc(to_move=False), r"^'to_move' must be an integer, not ")
    # null is read (and then refused by the rules: the game is running)
    _refused(_doc(to_move=None), "outcome|move")


def test_a_seat_count_the_variant_does_not_allow_is_refused() -> None:
    _refused(_doc(players=7), r"7")


@pytest.mark.parametrize(("field", "value"), [("piles", []), ("down", []), ("piles", None)])
def test_piles_and_down_are_objects(field: str, value: Any) -> None:
    _refused(_doc(**{field: value}), r"^'piles' and 'down' must be objects keyed by pile label$")


def test_down_may_be_left_out_when_nothing_lies_face_down() -> None:
    _refused(_doc(down=KeyError), "face")  # the draw pile lies face down
    assert state_from_dict(_doc())


def test_unknown_and_missing_piles_are_named() -> None:
    doc = _doc()
    doc["piles"]["zz"] = []
    _refused(doc, r"^the piles do not match the layout; unknown: 'zz'$")
    doc = _doc()
    del doc["piles"]["build2"]
    _refused(doc, r"^the piles do not match the layout; missing: build2$")
    doc = _doc()
    doc["down"]["yy"] = 1
    del doc["piles"]["draw"]
    _refused(doc, r"^the piles do not match the layout; unknown: 'yy'; missing: draw$")
    doc = _doc()
    for i in range(7):
        doc["piles"][f"x{i}"] = []
    _refused(doc, r"unknown: 'x0', 'x1', 'x2', 'x3', 'x4' and 2 more$")
    doc = _doc()
    for i in range(5):
        doc["piles"][f"x{i}"] = []
    _refused(doc, r"; unknown: 'x0', 'x1', 'x2', 'x3', 'x4'$")
    doc["piles"]["x5"] = []
    _refused(doc, r"; unknown: 'x0', 'x1', 'x2', 'x3', 'x4' and 1 more$")


def test_a_long_unknown_label_is_cut_in_the_message() -> None:
    doc = _doc()
    doc["piles"]["y" * 40] = []
    doc["piles"]["z" * 30] = []
    with pytest.raises(zank.InvalidState) as info:
        state_from_dict(doc)
    assert str(info.value) == (
        f"the piles do not match the layout; unknown: '{'y' * 28}'… (40 characters), '{'z' * 30}'"
    )


def test_a_pile_is_a_list_of_card_texts() -> None:
    doc = _doc()
    doc["piles"]["build1"] = "Ah"
    _refused(doc, r"^pile build1: expected a list of cards$")
    doc = _doc()
    doc["piles"]["draw"][0] = 5
    _refused(doc, r"^pile draw: 5 is not a card: cards are written as text, e.g. 'Ah'$")
    doc = _doc()
    doc["piles"]["p0.hand"][0] = "Zz"
    _refused(doc, r"^pile p0\.hand: .*Zz")


@pytest.mark.parametrize("value", [-1, "3", True, 1.5, None])
def test_down_counts_are_integers_of_at_least_0(value: Any) -> None:
    doc = _doc()
    doc["down"]["p1.pay"] = value
    _refused(doc, r"^down count of pile p1\.pay must be an integer >= 0, not ")


@pytest.mark.parametrize("value", [{}, "", [True], [1.0], ["0"], None])
def test_info_is_a_list_of_integers(value: Any) -> None:
    _refused(_doc(info=value), r"^'info' must be a list of integers$")


def test_info_may_be_left_out() -> None:
    assert state_from_dict(_doc(info=KeyError)) == STATE


@pytest.mark.parametrize("value", [12, None, "xyz", "-0x1", "0x1" + "0" * 16, ""])
def test_rng_is_a_64_bit_hex_string(value: Any) -> None:
    _refused(_doc(rng=value), r"^'rng' must be a 64-bit hex string, not ")


def test_rng_takes_every_64_bit_value() -> None:
    for text in ("0x0", "0xffffffffffffffff", "ffff"):
        doc = _doc(rng=text)
        assert state_from_dict(doc).rng == int(text, 16)


# ------------------------------------------------------------------ outcome


def _finished() -> dict[str, Any]:
    state = SPITE.new_game(seed=3)
    rules = SPITE
    n = 0
    while state.outcome is None:
        state = rules.apply(state, rules.legal_moves(state)[n % 7 % len(rules.legal_moves(state))])
        n += 1
    return state_to_dict(state)


FINISHED = _finished()


def _outcome(**changes: Any) -> dict[str, Any]:
    doc = json.loads(json.dumps(FINISHED))
    doc["outcome"].update(changes)
    return doc  # type: ignore[no-any-return]


def test_a_finished_game_loads_with_a_null_to_move() -> None:
    state = state_from_dict(json.loads(json.dumps(FINISHED)))
    assert state.to_move is None
    assert state.outcome is not None
    assert state_to_dict(state) == FINISHED


@pytest.mark.parametrize("value", [[], "won", 1])
def test_the_outcome_is_null_or_an_object(value: Any) -> None:
    doc = json.loads(json.dumps(FINISHED))
    doc["outcome"] = value
    _refused(doc, r"^'outcome' must be null or an object$")


@pytest.mark.parametrize("value", ["0", True, 0.0, [0]])
def test_the_winner_is_a_seat_or_null(value: Any) -> None:
    _refused(_outcome(winner=value), r"^outcome winner must be a seat or null, not ")


@pytest.mark.parametrize("value", [None, "0 0", [0, True], [0, 1.0], [0, "1"]])
def test_the_points_are_a_list_of_integers(value: Any) -> None:
    _refused(_outcome(points=value), r"^outcome points must be a list of integers$")


@pytest.mark.parametrize("value", ["won", None, [], "WENT_OUT"])
def test_the_reason_is_a_termination(value: Any) -> None:
    valid = ", ".join(repr(t.value) for t in Termination)
    _refused(_outcome(reason=value), rf"^outcome reason .* is not one of {valid}$")


def test_an_outcome_with_a_wrong_reason_is_checked_by_the_rules() -> None:
    reason = FINISHED["outcome"]["reason"]
    other = next(t.value for t in Termination if t.value != reason)
    _refused(_outcome(reason=other), "outcome")


# ------------------------------------------------------------------ writing


def test_a_state_document_has_every_field() -> None:
    doc = state_to_dict(STATE)
    assert list(doc) == [
        "format",
        "version",
        "variant",
        "options",
        "players",
        "to_move",
        "phase",
        "info",
        "rng",
        "ply",
        "turn",
        "piles",
        "down",
        "outcome",
    ]
    assert (doc["format"], doc["version"], doc["variant"]) == ("zank-state", 1, SPITE.name)
    assert doc["outcome"] is None
    assert len(doc["rng"]) == 18
    assert doc["rng"].startswith("0x")
    assert all(doc["down"].values())  # only the piles with face-down cards
    assert set(doc["down"]) == {"draw", "p0.pay", "p1.pay"}
    small = state_to_dict(STATE.successor(STATE.piles, STATE.down, 0, (), 1, rng=5))
    assert small["rng"] == "0x0000000000000005"


def test_a_finished_document_writes_the_outcome() -> None:
    out = FINISHED["outcome"]
    assert set(out) == {"winner", "points", "reason"}
    assert out["reason"] in {t.value for t in Termination}
    assert isinstance(out["points"], list)
    assert FINISHED["to_move"] is None


def test_dumps_takes_a_state_only() -> None:
    with pytest.raises(zank.InvalidState, match=r"^dumps\(\) takes a zank State, not dict$"):
        dumps(state_to_dict(STATE))  # type: ignore[arg-type]
    assert dumps(STATE, indent=2).startswith('{\n  "format": "zank-state"')
    assert "\n" not in dumps(STATE)


def test_an_observation_hides_the_cards_the_seat_cannot_see() -> None:
    view = observation_to_dict(SPITE, SPITE.observe(STATE, 1))
    assert (view["format"], view["version"], view["player"]) == ("zank-observation", 1, 1)
    assert "rng" not in view
    assert view["piles"]["p0.hand"] == [None] * 5
    assert None not in view["piles"]["p1.hand"]
    assert view["outcome"] is None
    assert set(view["down"]) == {"draw", "p0.pay", "p1.pay"}
    state = state_from_dict(json.loads(json.dumps(FINISHED)))
    done = observation_to_dict(SPITE, SPITE.observe(state, 0))
    assert done["outcome"] == FINISHED["outcome"]
    assert done["to_move"] is None


# ---------------------------------------------------------------- read_json


def test_read_json_limits_the_size() -> None:
    pad = " " * (MAX_DOCUMENT_SIZE - 2)
    assert read_json("[]" + pad) == []
    with pytest.raises(zank.InvalidState, match=r"^the state is longer than 1,000,000 characters$"):
        read_json("[] " + pad, "state")
    with pytest.raises(zank.InvalidState, match=r"^the record is longer than 1,000,000 bytes$"):
        read_json(("[] " + pad).encode(), "record")
    assert read_json(("[]" + pad).encode()) == []


def test_read_json_limits_the_depth() -> None:
    deep = "[" * MAX_DOCUMENT_DEPTH + "]" * MAX_DOCUMENT_DEPTH
    assert read_json(deep)
    too = "[" * (MAX_DOCUMENT_DEPTH + 1) + "]" * (MAX_DOCUMENT_DEPTH + 1)
    with pytest.raises(zank.InvalidState, match=r"^the document is nested 65 deep; at most 64"):
        read_json(too)
    # brackets inside strings (and escaped quotes) do not count
    inside = json.dumps(["[" * 100 + '\\"' + "{" * 100])
    assert read_json(inside) == ["[" * 100 + '\\"' + "{" * 100]
    objects = '{"a": ' * MAX_DOCUMENT_DEPTH + "1" + "}" * MAX_DOCUMENT_DEPTH
    assert read_json(objects)
    mixed = '[{"a": ' * 33 + "1" + "}]" * 33
    with pytest.raises(zank.InvalidState, match=r"nested 66 deep"):
        read_json(mixed)
    # a closed array or object takes back exactly the one level it opened
    for closed in ("[],", "{},"):
        at_64 = "[" + closed + "[" * 63 + "]" * 63 + "]"
        assert read_json(at_64)
        at_65 = "[" + closed + "[" * 64 + "]" * 64 + "]"
        with pytest.raises(zank.InvalidState, match=r"nested 65 deep"):
            read_json(at_65)
    flat = "[" + "[]," * 200 + "[]]"
    assert len(read_json(flat)) == 201


def test_read_json_takes_utf8_text_only() -> None:
    with pytest.raises(zank.InvalidState, match=r"^the document is not UTF-8 text \(byte 1\)$"):
        read_json(b"[\xff]")
    with pytest.raises(zank.InvalidState, match=r"^the document must be JSON text, not int$"):
        read_json(5)  # type: ignore[arg-type]
    assert read_json(bytearray(b'{"a": 1}')) == {"a": 1}  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["[NaN]", "[Infinity]", "[-Infinity]", "{", "[1,]"])
def test_read_json_refuses_what_is_not_json(text: str) -> None:
    with pytest.raises(zank.InvalidState, match=r"^the state document is not valid JSON: "):
        loads(text)


def test_loads_builds_a_rules_object_once_per_variant_and_options() -> None:
    """Issue 36, item 6: building the rules object cost more than checking the state;
    documents of the same variant and options share one (equal to a fresh one)."""
    a = zank.loads(dumps(SPITE.new_game(seed=1)))
    b = zank.loads(dumps(SPITE.new_game(seed=2)))
    assert a.rules is b.rules
    assert a.rules == zank.variant("spite-and-malice")
    other = zank.variant("spite-and-malice", pay_off_size=15)
    c = zank.loads(dumps(other.new_game(seed=1)))
    assert c.rules == other
    assert c.rules is not a.rules
    bad = json.loads(dumps(SPITE.new_game(seed=1)))
    bad["options"] = {"pay_off_size": 10**9}
    for _ in range(2):  # a refusal is not remembered as a rules object
        with pytest.raises(zank.InvalidState, match="bad variant or options"):
            zank.loads(json.dumps(bad))
