"""Saved state documents and game records of every variant, read back.

The fixtures in ``tests/golden/saved/`` were written by the library
(``tests/golden/regenerate_saved.py``): running games, games won, drawn, blocked or
ended for lack of progress, and games in table mode (some inside a call window).
Reading each one and writing it again must give the same text, so that a change of
the format (its version, a field's name or spelling, the card notation) cannot pass
silently; each record must replay to its saved final state.
"""

from __future__ import annotations

import pathlib

import pytest

import zank
from zank.play import RECORD_VERSION, GameRecord
from zank.serialize import FORMAT, FORMAT_VERSION, read_json

from .golden.regenerate_saved import DIR, cases

STATES = sorted(p for p in DIR.glob("*.json") if not p.name.endswith(".record.json"))
RECORDS = sorted(DIR.glob("*.record.json"))


def test_the_fixtures_cover_every_variant_and_table_preset() -> None:
    stems = {stem for stem, _, _ in cases()}
    assert {p.name for p in STATES} >= {f"{stem}-running.json" for stem in stems}
    for name, cls in zank.VARIANTS.items():
        assert (DIR / f"{name}-went-out.json").exists(), name
        for i, _ in enumerate(getattr(cls, "table_presets", ())):
            assert (DIR / f"{name}-table{i + 1}-running.json").exists()
    ended = {p.name.split("-")[-1] for p in STATES}
    assert {"out.json", "empty.json", "blocked.json", "progress.json"} <= ended
    windows = [p for p in STATES if "table" in p.name and read_json(p.read_text())["phase"]]
    assert len(windows) >= 5  # table-mode states inside a call window


def test_the_format_version_is_the_one_the_fixtures_were_written_in() -> None:
    """A new format version must come with rewritten fixtures and a changelog line."""
    assert (FORMAT, FORMAT_VERSION, RECORD_VERSION) == ("zank-state", 1, 1)


@pytest.mark.parametrize("path", STATES, ids=lambda p: p.stem)
def test_a_saved_state_reads_back_and_writes_the_same_text(path: pathlib.Path) -> None:
    text = path.read_text(encoding="utf-8")
    state = zank.loads(text)
    assert zank.dumps(state, indent=1) + "\n" == text
    assert zank.loads(text.encode("utf-8")) == state
    doc = read_json(text)
    assert (state.outcome is None) == path.name.endswith("-running.json")
    assert (state.to_move is None) == (state.outcome is not None)
    if state.outcome is not None:
        assert doc["outcome"]["reason"].replace(" ", "-") in path.name
        assert (doc["outcome"]["winner"] is None) == (state.outcome.winner is None)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_a_saved_record_reads_back_and_replays_to_its_final_state(path: pathlib.Path) -> None:
    text = path.read_text(encoding="utf-8")
    record = GameRecord.loads(text)
    assert record.dumps(indent=1) + "\n" == text
    states = list(zank.replay(record))
    final = states[-1]
    assert len(states) == len(record.moves) + 1
    assert final.outcome == record.result
    saved = DIR / path.name.replace(".record.json", ".json")
    assert final == zank.loads(saved.read_text(encoding="utf-8"))
