"""Playing games, game records and replay; agents see only observations."""

from __future__ import annotations

import importlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

import pytest

import zank
from zank.agents import GreedyAgent, RandomAgent, greedy_policy_of
from zank.core import Move, Observation, Rules
from zank.play import RECORD_VERSION, GameRecord, play_game
from zank.spite_malice import SpiteAndMalice

from .strategies import all_presets, preset_id

RULES = zank.variant("spite-and-malice", pay_off_size=5)


def a_record(seed: int = 3, rules: Rules = RULES) -> GameRecord:
    return zank.play(rules, [RandomAgent(seed), RandomAgent(seed + 1)], seed=seed)


# --------------------------------------------------------------- records
def test_a_record_holds_what_replays_it() -> None:
    record = a_record()
    assert record.variant == "spite-and-malice"
    assert record.options == RULES.options
    assert record.seed == 3
    assert record.players == 2
    assert record.library == zank.__version__
    assert record.result is not None
    assert all(isinstance(m, str) for m in record.moves)
    states = list(zank.replay(record))
    assert len(states) == len(record.moves) + 1
    assert states[0] == RULES.new_game(seed=3)
    assert RULES.result(states[-1]) == record.result


def test_records_round_trip_through_json_and_files(tmp_path: Path) -> None:
    record = a_record()
    record = GameRecord(
        record.variant,
        record.options,
        record.seed,
        record.players,
        record.moves,
        record.result,
        tags={"seat0": "alice", "event": "test"},
    )
    assert GameRecord.loads(record.dumps()) == record
    assert GameRecord.loads(record.dumps(indent=2).encode()) == record
    record.save(tmp_path / "r.json")
    assert GameRecord.load(tmp_path / "r.json") == record
    doc = json.loads(record.dumps())
    assert doc["format"] == "zank-record"
    assert doc["version"] == RECORD_VERSION
    assert doc["library"] == zank.__version__
    assert doc["moves"] == list(record.moves)


def test_the_library_version_of_an_old_record_is_kept() -> None:
    doc = json.loads(a_record().dumps())
    doc["library"] = "0.0.1"
    assert GameRecord.loads(json.dumps(doc)).library == "0.0.1"
    del doc["library"]
    assert GameRecord.loads(json.dumps(doc)).library == "unknown"


def test_a_stopped_game_has_no_result_and_replays() -> None:
    record = zank.play(RULES, [RandomAgent(1), RandomAgent(2)], seed=4, max_moves=7)
    assert record.result is None
    assert len(record.moves) == 7
    states = list(zank.replay(GameRecord.loads(record.dumps())))
    assert states[-1].ply == 7
    assert states[-1].outcome is None


def test_play_game_returns_the_final_state() -> None:
    record, final = play_game(RULES, [RandomAgent(1), RandomAgent(2)], seed=4)
    assert final == list(zank.replay(record))[-1]
    assert final.outcome == record.result


def test_play_is_reproducible() -> None:
    assert a_record(5) == a_record(5)
    assert a_record(5).moves != a_record(6).moves


def broken(record: GameRecord, **changes: Any) -> str:
    doc = json.loads(record.dumps())
    doc.update(changes)
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"format": "zank-state"}, "not a zank game record"),
        ({"version": 99}, "unsupported record version 99"),
        ({"moves": "a-b1"}, "'moves' must be a list"),
        ({"moves": [1, 2]}, "'moves' must be a list"),
        ({"seed": -1}, r"'seed' must be an integer from 0 to 2\*\*64 - 1"),
        ({"seed": "7"}, r"'seed' must be an integer from 0 to 2\*\*64 - 1"),
        ({"seed": 2**64}, r"'seed' must be an integer from 0 to 2\*\*64 - 1"),
        ({"players": 0}, "'players' must be a positive integer"),
        ({"variant": 3}, "'variant' must be a string"),
        ({"options": []}, "'options' an object"),
        ({"library": 1}, "'library'"),
        ({"tags": {"a": 1}}, "'tags'"),
        ({"result": {"winner": 0}}, "malformed result"),
        ({"result": {"winner": 0, "points": [1, 0], "reason": "boredom"}}, "malformed result"),
    ],
)
def test_malformed_records_are_refused(change: dict[str, Any], words: str) -> None:
    with pytest.raises(zank.InvalidState, match=words):
        GameRecord.loads(broken(a_record(), **change))


def test_text_that_is_no_json_is_refused() -> None:
    with pytest.raises(zank.InvalidState, match="not valid JSON"):
        GameRecord.loads("{moves")


def test_a_bad_move_names_its_number_notation_and_rule() -> None:
    record = a_record()
    moves = list(record.moves)
    state = list(zank.replay(record))[4]
    illegal = next(m for m in RULES.moves if m not in RULES.legal_moves(state))
    moves[4] = illegal.text
    bad = GameRecord.loads(broken(record, moves=moves))
    with pytest.raises(zank.InvalidState) as info:
        list(zank.replay(bad))
    message = str(info.value)
    assert f"move 5 ({illegal.text!r})" in message
    assert str(RULES.check(state, illegal)) in message  # the reason and its rule


def test_a_move_that_is_no_notation_is_named() -> None:
    record = a_record()
    bad = GameRecord.loads(broken(record, moves=[*record.moves[:2], "castle"]))
    with pytest.raises(zank.InvalidState, match=r"move 3 \('castle'\).*not a move"):
        list(zank.replay(bad))


def test_moves_after_the_end_are_refused() -> None:
    record = a_record()
    bad = GameRecord.loads(broken(record, moves=[*record.moves, record.moves[-1]]))
    with pytest.raises(zank.InvalidState, match=f"move {len(record.moves) + 1} "):
        list(zank.replay(bad))


def test_a_wrong_result_is_refused() -> None:
    record = a_record()
    assert record.result is not None
    wrong = {"winner": None, "points": [0, 0], "reason": "no progress"}
    if record.result.reason.value == "no progress":
        wrong["reason"] = "blocked"
    with pytest.raises(zank.InvalidState, match=r"replaying its \d+ moves gives"):
        list(zank.replay(GameRecord.loads(broken(record, result=wrong))))


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"variant": "chess"}, "unknown variant 'chess'"),
        ({"options": {"pay_off_size": 99}}, "pay_off_size"),
        ({"options": {"colour": 1}}, "no option 'colour'"),
        ({"players": 9}, "players"),
    ],
)
def test_records_of_unknown_games_are_refused(change: dict[str, Any], words: str) -> None:
    bad = GameRecord.loads(broken(a_record(), **change))
    with pytest.raises(zank.InvalidState, match=words):
        list(zank.replay(bad))


# ---------------------------------------------------------------- agents
class Spy:
    """An agent that checks what it is shown, then plays at random."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.calls = 0
        self.inner = RandomAgent(seat)

    def choose(self, rules: Rules, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        assert type(observation) is Observation
        assert observation.player == self.seat
        assert observation.to_move == self.seat
        assert not hasattr(observation, "rng")
        self.calls += 1
        return self.inner.choose(rules, observation, legal_moves)


@pytest.mark.parametrize("rules", all_presets(), ids=preset_id)
def test_agents_see_only_their_own_observation(rules: Rules) -> None:
    spies = [Spy(0), Spy(1)]
    record = zank.play(rules, spies, seed=12, max_moves=400)
    assert sum(s.calls for s in spies) == len(record.moves)


class Cheat:
    """An agent that plays a move that is not legal."""

    def choose(self, rules: Rules, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        return next(m for m in rules.moves if m not in legal_moves)


def test_an_agent_that_plays_an_illegal_move_is_stopped() -> None:
    with pytest.raises(zank.IllegalMove):
        zank.play(RULES, [Cheat(), Cheat()], seed=1)


@pytest.mark.parametrize("rules", all_presets(), ids=preset_id)
def test_random_agents_play_every_variant(rules: Rules) -> None:
    record = zank.play(rules, [RandomAgent(1), RandomAgent(2)], seed=8)
    assert record.result is not None


@pytest.mark.parametrize("name", sorted(zank.VARIANTS))
def test_greedy_agents_play_every_variant(name: str) -> None:
    rules = zank.variant(name)
    assert rules.greedy_policy is not None, f"{name} declares no greedy policy"
    record = zank.play(rules, [GreedyAgent(1), RandomAgent(2)], seed=8)
    assert record.result is not None
    assert record == zank.play(rules, [GreedyAgent(1), RandomAgent(2)], seed=8)


class Unregistered(SpiteAndMalice):
    """A rules class that declares no greedy policy."""

    name = "no-such-greedy-variant"
    greedy_policy: ClassVar[str | None] = None


class Misdeclared(SpiteAndMalice):
    """A rules class whose greedy policy cannot be imported."""

    name = "misdeclared-greedy-variant"
    greedy_policy = "zank.no_such_module:policy"


def test_greedy_without_a_policy_fails_clearly() -> None:
    rules = Unregistered()
    state = rules.new_game(seed=1)
    with pytest.raises(zank.ZankError, match="no greedy agent for no-such-greedy-variant"):
        GreedyAgent(1).choose(rules, rules.observe(state, 0), rules.legal_moves(state))


def test_greedy_with_a_policy_that_cannot_be_imported_fails_clearly() -> None:
    rules = Misdeclared()
    state = rules.new_game(seed=1)
    with pytest.raises(zank.ZankError, match="cannot load misdeclared-greedy-variant's greedy"):
        GreedyAgent(1).choose(rules, rules.observe(state, 0), rules.legal_moves(state))


@pytest.mark.parametrize("name", sorted(zank.VARIANTS))
def test_each_variant_declares_an_importable_greedy_policy(name: str) -> None:
    rules = zank.variant(name)
    module, _, attr = str(rules.greedy_policy).partition(":")
    assert greedy_policy_of(rules) is getattr(importlib.import_module(module), attr)
