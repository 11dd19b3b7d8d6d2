"""The JSON Schemas of the state document and the game record (``src/zank/schemas/``).

* they are valid JSON Schemas (draft 2020-12), named and versioned with the formats;
* documents of every variant, option preset (table mode included) and seat
  count, at the deal, during play and finished, meet them, and so do stopped
  records and those of ``zank simulate --records``;
* they refuse what zank would never write;
* every document the rest of the test suite writes is checked too
  (``tests/schema_check.py``): here we check that the check is in place.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import zank
from zank.agents import FaultyRandomAgent, RandomAgent
from zank.cli import main
from zank.core import Rules
from zank.play import RECORD_FORMAT, RECORD_VERSION
from zank.serialize import FORMAT, FORMAT_VERSION, state_to_dict

from . import schema_check
from .schema_check import load_schema, problems
from .strategies import player_counts, preset_id

SCHEMAS = Path(__file__).resolve().parent.parent / "src" / "zank" / "schemas"


def every_rules() -> Iterator[Rules]:
    """Every variant with every option preset, table mode's included."""
    for name, cls in sorted(zank.VARIANTS.items()):
        for options in [*cls.presets, *getattr(cls, "table_presets", ())]:
            yield zank.variant(name, **dict(options))


CASES = [
    pytest.param(rules, players, id=f"{preset_id(rules)}-{players}p")
    for rules in every_rules()
    for players in player_counts(rules)
]


def test_the_schemas_are_valid_and_versioned_with_the_formats() -> None:
    assert sorted(p.name for p in SCHEMAS.glob("*.json")) == [
        f"record-v{RECORD_VERSION}.schema.json",
        f"state-v{FORMAT_VERSION}.schema.json",
    ]
    for name, form, version in (
        (f"state-v{FORMAT_VERSION}", FORMAT, FORMAT_VERSION),
        (f"record-v{RECORD_VERSION}", RECORD_FORMAT, RECORD_VERSION),
    ):
        schema = load_schema(name)  # checks it against the 2020-12 meta-schema
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert schema["$id"].endswith(f"/src/zank/schemas/{name}.schema.json")
        assert schema["properties"]["format"] == {"const": form}
        assert schema["properties"]["version"]["const"] == version
    state, record = load_schema("state-v1"), load_schema("record-v1")
    assert state["$defs"]["result"] == record["$defs"]["result"]
    reasons = state["$defs"]["result"]["properties"]["reason"]["enum"]
    assert reasons == [t.value for t in zank.Termination]


@pytest.mark.parametrize(("rules", "players"), CASES)
def test_documents_of_every_variant_meet_the_schemas(rules: Rules, players: int) -> None:
    # faults and calls where the rules are in table mode, random moves elsewhere
    agents = [FaultyRandomAgent(0.3, 3 + p) for p in range(players)]
    record = zank.play(rules, agents, seed=3, max_moves=240)
    states = list(zank.replay(record))
    windows = [s for s in states if s.phase][:1]  # table mode: a call may be made
    assert windows or not rules.options.get("table_mode")
    for state in states[::60] + windows:
        doc = state_to_dict(state)
        assert problems("state", doc) == []
        assert zank.loads(json.dumps(doc)) == state
    assert problems("record", record.to_dict()) == []


@pytest.mark.parametrize("name", sorted(zank.VARIANTS))
def test_finished_games_meet_the_schemas(name: str) -> None:
    rules = zank.variant(name)
    record = zank.play(rules, [RandomAgent(1), RandomAgent(2)], seed=5)
    assert record.result is not None
    final = list(zank.replay(record))[-1]
    assert problems("state", state_to_dict(final)) == []
    assert problems("record", record.to_dict()) == []
    assert record.to_dict()["result"] is not None
    stopped = zank.play(rules, [RandomAgent(1), RandomAgent(2)], seed=5, max_moves=5)
    assert problems("record", stopped.to_dict()) == []
    assert stopped.to_dict()["result"] is None


def test_records_of_zank_simulate_meet_the_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games.jsonl"
    args = ["simulate", "zank-104", "--games", "3", "--records", "--out", str(out)]
    assert main(args) == 0
    capsys.readouterr()
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 3
    for row in rows:
        assert problems("record", row["record"]) == []


def document() -> dict[str, Any]:
    return state_to_dict(zank.variant("spite-and-malice").new_game(seed=1))


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d.update(extra=1), "(document)"),
        (lambda d: d.update(version=2), "version"),
        (lambda d: d["piles"]["p0.hand"].append("1h"), "piles/p0.hand/5"),
        (lambda d: d["piles"]["p0.hand"].append("Ah:0"), "piles/p0.hand/5"),
        (lambda d: d.update(rng="0x12"), "rng"),
        (lambda d: d.update(turn=0), "turn"),
        (lambda d: d["down"].update({"draw": 0}), "down/draw"),
        (lambda d: d.update(outcome={"winner": 0, "points": [1, 0], "reason": "won"}), "outcome"),
        (lambda d: d.pop("info"), "(document)"),
        (lambda d: d["options"].update(pay_off_size=[20]), "options/pay_off_size"),
    ],
)
def test_the_state_schema_refuses_what_zank_never_writes(change: Any, where: str) -> None:
    doc = document()
    assert problems("state", doc) == []
    change(doc)
    found = problems("state", doc)
    assert found
    assert found[0].startswith(f"{where}: ")


def test_the_record_schema_refuses_what_zank_never_writes() -> None:
    rules = zank.variant("spite-and-malice", pay_off_size=3)
    doc = zank.play(rules, [RandomAgent(1), RandomAgent(2)], seed=2).to_dict()
    assert problems("record", doc) == []
    for key, value in (("seed", -1), ("moves", ["a-b1", ""]), ("tags", {"seat0": 1})):
        broken = {**doc, key: value}
        assert problems("record", broken), key


def test_the_documents_the_tests_write_are_checked() -> None:
    before = dict(schema_check.checked)
    rules = zank.variant("schikanieren", no_progress_turns=77)  # a kind no other test writes
    zank.dumps(rules.new_game(seed=4))
    zank.play(rules, [RandomAgent(1), RandomAgent(2)], seed=4, max_moves=3).dumps()
    assert schema_check.checked["state"] == before.get("state", 0) + 1
    assert schema_check.checked["record"] == before.get("record", 0) + 1
    # a document that breaks the schema is reported to the test that wrote it
    validator = schema_check.VALIDATORS["state"]
    assert isinstance(validator, Draft202012Validator)
    broken = {**document(), "ply": -1}
    assert problems("state", broken) == ["ply: -1 is less than the minimum of 0"]
