"""The ``zank`` command's argument checks and outputs, run in this process.

``tests/test_cli.py`` runs the command as a user does, in a subprocess (a second or
more a call); this file calls :func:`zank.cli.main` directly and matches each
message whole: the checks of ``--seat``, ``--agents``, ``--out``, ``--resume``,
``--records``, the numbers' bounds, the record files of ``replay``, and the prompt
of ``play``.  Written for the mutation campaign of ``zank.cli`` (issue 38): a
bound or a message could change without a failing test.
"""

from __future__ import annotations

import argparse
import io
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import zank
from zank import _cli_play, cli
from zank._summaries import rules_page, summary
from zank.agents import CallingAgent, FaultyRandomAgent, GreedyAgent
from zank.cli import _non_negative, _parse_option, _positive, main
from zank.core import Move
from zank.play import GameRecord
from zank.serialize import MAX_DOCUMENT_SIZE


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def error(capsys: pytest.CaptureFixture[str], *args: str, printed: bool = False) -> str:
    """The one line a refused command writes on standard error (exit status 2);
    ``printed``: the command printed something before it failed."""
    status, out, err = run(capsys, *args)
    assert status == 2, (out, err)
    assert bool(out) == printed
    assert err.endswith("\n"), err
    assert err.count("\n") == 1, err
    return err.rstrip("\n")


def usage_error(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The one line argparse writes for a refused argument (exit status 2)."""
    with pytest.raises(SystemExit) as e:
        main(list(args))
    assert e.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    return err.strip().splitlines()[-1]


def record_file(tmp_path: Path, moves: int | None = None, **options: object) -> Path:
    """A saved record of a seeded random game (its first ``moves`` moves, or all)."""
    rules = zank.variant("spite-and-malice", **({"pay_off_size": 3} | options))
    state = rules.new_game(seed=4)
    agent = zank.agents.RandomAgent(4)
    played: list[str] = []
    while state.outcome is None and (moves is None or len(played) < moves):
        p = state.to_move
        assert p is not None
        move = agent.choose(rules, rules.observe(state, p), rules.legal_moves(state))
        played.append(move.text)
        state = rules.apply(state, move)
    record = GameRecord(
        rules.name, rules.options, 4, 2, tuple(played), state.outcome, tags={"by": "test"}
    )
    path = tmp_path / "game.json"
    record.save(path)
    return path


# ---------------------------------------------------------------- argument types
def test_an_option_is_name_equals_value() -> None:
    assert _parse_option("pay_off_size=5") == ("pay_off_size", 5)
    assert _parse_option(" pay-off-size =[1, 2]") == ("pay_off_size", [1, 2])
    assert _parse_option("call_window=every-move") == ("call_window", "every-move")
    assert _parse_option("a=b=c") == ("a", "b=c")
    with pytest.raises(argparse.ArgumentTypeError) as e:
        _parse_option("nonsense")
    assert str(e.value) == "option 'nonsense' must look like NAME=VALUE"
    with pytest.raises(argparse.ArgumentTypeError) as e:
        _parse_option("x=[1,")
    assert str(e.value).startswith("option 'x': ")
    with pytest.raises(argparse.ArgumentTypeError) as e:
        _parse_option("x= {1")
    assert str(e.value).startswith("option 'x': ")


def test_whole_numbers_and_their_bounds() -> None:
    assert _non_negative("0") == 0
    assert _non_negative("17") == 17
    assert _positive("1") == 1
    for text, message in [
        ("many", "'many' is not a whole number"),
        ("1.5", "'1.5' is not a whole number"),
        ("-1", "'-1' must be >= 0"),
    ]:
        with pytest.raises(argparse.ArgumentTypeError) as e:
            _non_negative(text)
        assert str(e.value) == message
        with pytest.raises(argparse.ArgumentTypeError) as e:
            _positive(text)
        assert str(e.value) == message
    with pytest.raises(argparse.ArgumentTypeError) as e:
        _positive("0")
    assert str(e.value) == "'0' must be >= 1"


def test_a_usage_error_is_one_line_with_a_pointer_to_help(
    capsys: pytest.CaptureFixture[str],
) -> None:
    line = usage_error(capsys, "show", "spite-and-malice", "--seed", "-3")
    assert line == ("zank show: error: argument --seed: '-3' must be >= 0 (see 'zank show --help')")
    line = usage_error(capsys, "ladder", "spite-and-malice", "--games", "0")
    assert line.endswith("argument --games: '0' must be >= 1 (see 'zank ladder --help')")


def test_the_seeds_by_default() -> None:
    parser = cli.build_parser()
    for command in ("show", "simulate", "ladder"):
        assert parser.parse_args([command, "spite-and-malice"]).seed == 0
    assert parser.parse_args(["play", "spite-and-malice"]).seed is None


def test_the_jobs_by_default() -> None:
    parser = cli.build_parser()
    for command in ("simulate", "ladder"):
        args = parser.parse_args([command, "spite-and-malice"])
        assert cli._jobs(args) == 1  # the process pool plays in this process
        args = parser.parse_args([command, "spite-and-malice", "--executor", "dask"])
        assert cli._jobs(args) == 0  # a local cluster: one worker per CPU
        args = parser.parse_args([command, "spite-and-malice", "--executor", "dask", "--jobs", "3"])
        assert cli._jobs(args) == 3


# ---------------------------------------------------------------- variants
def test_variants_lists_names_seats_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "variants")
    assert status == 0
    lines = out.splitlines()
    spite = next(line for line in lines if line.startswith("spite-and-malice "))
    assert spite.startswith("spite-and-malice    2-6 players  ")
    zd = next(line for line in lines if line.startswith("zank-detailed "))
    assert zd.startswith("zank-detailed         2 players  ")
    options = [line.strip() for line in lines if line.startswith(" " * 21 + "--option")]
    assert "--option pay_off_size=20" in options
    # derived fields (init=False, named with a leading underscore) are no options
    assert all(not o.split()[1].startswith("_") for o in options)
    zank_line = lines.index(next(line for line in lines if line.startswith("zank  ")))
    assert lines[zank_line + 1] == " " * 21 + "--option advanced=false"


# ---------------------------------------------------------------- show
@pytest.mark.parametrize("seat", ["-1", "2"])
def test_show_refuses_a_seat_outside_the_table(
    capsys: pytest.CaptureFixture[str], seat: str
) -> None:
    line = error(capsys, "show", "spite-and-malice", "--seat", seat)
    assert line == f"zank: error: --seat must be a seat from 0 to 1, not {seat}"
    line = error(capsys, "show", "spite-and-malice", "--players", "3", "--seat", "3")
    assert line == "zank: error: --seat must be a seat from 0 to 2, not 3"


def test_show_the_last_seat_and_the_first(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "show", "spite-and-malice", "--players", "3", "--seat", "2")
    assert status == 0
    assert "Player 2 (you)" in out
    status, out, _ = run(capsys, "show", "spite-and-malice", "--seat", "0")
    assert status == 0
    assert "Player 0 (you)" in out


def test_show_as_position_takes_no_seat(capsys: pytest.CaptureFixture[str]) -> None:
    line = error(capsys, "show", "spite-and-malice", "--as-position", "--seat", "0")
    assert line == (
        "zank: error: --as-position prints the whole state, hidden cards included: it "
        "takes no --seat (use --json --seat N for what one seat sees)"
    )
    status, out, _ = run(capsys, "show", "spite-and-malice", "--as-position", "--seed", "3")
    assert status == 0
    rules = zank.variant("spite-and-malice")
    assert out == rules.position_text(rules.new_game(seed=3)) + "\n"


def test_show_json_of_a_seat_and_of_the_whole_state(capsys: pytest.CaptureFixture[str]) -> None:
    rules = zank.variant("spite-and-malice")
    state = rules.new_game(seed=3)
    status, out, _ = run(capsys, "show", "spite-and-malice", "--seed", "3", "--json")
    assert status == 0
    assert zank.loads(out) == state
    status, out, _ = run(capsys, "show", "spite-and-malice", "--seed", "3", "--json", "--seat", "1")
    assert status == 0
    seen = json.loads(out)
    assert seen["player"] == 1
    assert "rng" not in out


def test_show_moves_of_the_seat_to_move_and_of_another(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rules = zank.variant("spite-and-malice")
    state = rules.new_game(seed=2)
    moves = "legal moves: " + " ".join(m.text for m in rules.legal_moves(state))
    assert state.to_move == 0
    for extra in ([], ["--seat", "0"]):
        status, out, _ = run(capsys, "show", "spite-and-malice", "--seed", "2", "--moves", *extra)
        assert status == 0
        assert out.splitlines()[-1] == moves
    status, out, _ = run(
        capsys, "show", "spite-and-malice", "--seed", "2", "--moves", "--seat", "1"
    )
    assert out.splitlines()[-1] == "legal moves: none for seat 1 (seat 0 is to move)"
    status, out, _ = run(capsys, "show", "spite-and-malice", "--seed", "2")
    assert "legal moves" not in out
    assert out.rstrip("\n") == zank.render.text(state)


def test_show_moves_of_a_finished_game(capsys: pytest.CaptureFixture[str]) -> None:
    rules = zank.variant("spite-and-malice", pay_off_size=1)
    state = rules.new_game(seed=0)
    while state.outcome is None:
        state = rules.apply(state, rules.legal_moves(state)[0])
    position = rules.position_text(state)
    args = ["show", "spite-and-malice", "--option", "pay_off_size=1", "--position", position]
    status, out, _ = run(capsys, *args, "--moves", "--seat", "0")
    assert status == 0
    assert out.splitlines()[-1] == "legal moves: none for seat 0 (nobody is to move)"


def test_show_a_position_names_its_players(capsys: pytest.CaptureFixture[str]) -> None:
    rules = zank.variant("spite-and-malice")
    position = rules.position_text(rules.new_game(seed=2, players=3))
    # three seats by the position, whatever --players says: seat 2 exists
    status, out, _ = run(capsys, "show", "spite-and-malice", "--position", position, "--seat", "2")
    assert status == 0
    assert "Player 2 (you)" in out


def test_show_writes_an_svg_for_the_seat(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "deal.svg"
    status, _, _ = run(capsys, "show", "spite-and-malice", "--seat", "1", "--svg", str(path))
    assert status == 0
    rules = zank.variant("spite-and-malice")
    assert path.read_text(encoding="utf-8") == zank.render.svg.svg(
        rules.new_game(seed=0), perspective=1
    )
    bad = str(tmp_path / "no" / "x.svg")
    line = error(capsys, "show", "spite-and-malice", "--svg", bad, printed=True)
    assert line.startswith(f"zank: error: cannot write {tmp_path / 'no' / 'x.svg'}: ")


# ---------------------------------------------------------------- replay
def test_replay_prints_each_turn_and_the_end(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = record_file(tmp_path)
    record = GameRecord.load(path)
    status, out, _ = run(capsys, "replay", str(path))
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == (
        f"spite-and-malice {json.dumps(record.options)} · seed 4 · 2 players · "
        f"{len(record.moves)} moves · zank {record.library} · by=test"
    )
    turns = [line for line in lines if line.startswith("turn ")]
    assert turns[0].startswith("turn   1 seat ")
    assert " ".join(t.split(": ", 1)[1] for t in turns).split() == list(record.moves)
    final = zank.replay(record)
    *_, last = final
    assert out.endswith("\n\n" + zank.render.text(last) + "\n")
    assert "stopped" not in out


def test_replay_of_a_stopped_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = record_file(tmp_path, moves=7)
    record = GameRecord.load(path)
    status, out, _ = run(capsys, "replay", str(path))
    assert status == 0
    assert out.endswith("\nthe game was stopped before its end\n")
    turns = [line for line in out.splitlines() if line.startswith("turn ")]
    assert " ".join(t.split(": ", 1)[1] for t in turns).replace("  (stopped here)", "").split() == (
        list(record.moves)
    )


def test_replay_every_state_and_its_pictures(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = record_file(tmp_path, moves=4)
    record = GameRecord.load(path)
    status, out, _ = run(capsys, "replay", str(path), "--every", "--svg", str(tmp_path / "p"))
    assert status == 0
    assert out.count("spite-and-malice · turn") == 5
    for n, move in enumerate(record.moves, start=1):
        assert f"\n\n{n}. {move}\n" in out
    assert out.endswith(f"wrote 5 SVG files to {tmp_path / 'p'}\n")
    assert sorted(p.name for p in (tmp_path / "p").iterdir()) == [f"000{i}.svg" for i in range(5)]


def test_replay_of_records_in_a_jsonl_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = GameRecord.load(record_file(tmp_path))
    rows = [
        json.dumps({"game": 0, "record": record.to_dict()}),
        "",
        "   ",
        json.dumps({"game": 2, "record": record.to_dict()}),
    ]
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    for game in ([], ["--game", "0"], ["--game", "2"]):
        status, out, _ = run(capsys, "replay", str(path), *game)
        assert status == 0
        assert f"{len(record.moves)} moves" in out
    assert error(capsys, "replay", str(path), "--game", "1") == (
        f"zank: error: {path} has no game 1"
    )
    path.write_text(json.dumps({"game": 0}) + "\n", encoding="utf-8")
    assert error(capsys, "replay", str(path)) == (
        f"zank: error: {path} has no records: write it with 'zank simulate --records'"
    )
    path.write_text('{"game": 5}\n{"game": \n', encoding="utf-8")
    assert error(capsys, "replay", str(path)).startswith(f"zank: error: {path}, line 2: ")


def test_replay_of_a_line_of_blanks_too_long(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "blank.jsonl"
    path.write_bytes(b" " * MAX_DOCUMENT_SIZE + b"\n" + b" " * (MAX_DOCUMENT_SIZE + 1) + b"\n")
    assert error(capsys, "replay", str(path)) == (
        f"zank: error: {path}, line 2: longer than {MAX_DOCUMENT_SIZE:,} bytes"
    )


def test_replay_of_a_missing_file_and_an_unwritable_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "none.json"
    assert error(capsys, "replay", str(missing)) == (
        f"zank: error: cannot read {missing}: No such file or directory"
    )
    path = record_file(tmp_path, moves=2)
    blocker = tmp_path / "file"
    blocker.write_text("x")
    line = error(capsys, "replay", str(path), "--svg", str(blocker / "svg"))
    assert line.startswith(f"zank: error: cannot create {blocker / 'svg'}: ")


# ---------------------------------------------------------------- simulate
def test_simulate_checks_its_arguments(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    base = ["simulate", "spite-and-malice", "--games", "2"]
    assert error(capsys, *base, "--agents", "random,random,random") == (
        "zank: error: --agents names 3 agents for 2 players"
    )
    assert error(capsys, *base, "--players", "3", "--agents", "random,greedy") == (
        "zank: error: --agents names 2 agents for 3 players"
    )
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert error(capsys, *base, "--resume", str(a), "--out", str(b)) == (
        "zank: error: --resume FILE goes on writing FILE: give no other --out"
    )
    assert error(capsys, *base, "--out", "x.txt") == (
        "zank: error: --out 'x.txt': the file name must end in .jsonl or .csv"
    )
    assert error(capsys, *base, "--records") == "zank: error: --records needs --out FILE.jsonl"
    assert error(capsys, *base, "--records", "--out", str(tmp_path / "x.csv")) == (
        "zank: error: --records needs --out FILE.jsonl"
    )


def test_simulate_writes_and_resumes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "games.JSONL"
    base = ["simulate", "spite-and-malice", "--option", "pay_off_size=2", "--agents", " random, "]
    status, text, _ = run(capsys, *base, "--games", "2", "--out", str(out), "--records")
    assert status == 0
    assert text.endswith(f"\nwrote 2 games to {out}\n")
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["game"] for r in rows] == [0, 1]
    assert all("record" in r for r in rows)
    status, text, _ = run(capsys, *base, "--games", "3", "--resume", str(out), "--records")
    assert status == 0
    assert text.endswith(f"\nwrote 1 games to {out} (2 were there already)\n")
    status, text, _ = run(capsys, *base, "--games", "3", "--resume", str(out), "--out", str(out))
    assert text.endswith(f"\nwrote 0 games to {out} (3 were there already)\n")
    status, text, _ = run(capsys, *base, "--games", "1")
    assert status == 0
    assert "wrote" not in text


def test_simulate_cannot_write(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "no" / "x.csv"
    line = error(capsys, "simulate", "spite-and-malice", "--games", "1", "--out", str(bad))
    assert line == f"zank: error: cannot write {bad}: No such file or directory"


def test_ladder_needs_two_agents(capsys: pytest.CaptureFixture[str]) -> None:
    for agents in ("random", "random,random", " random , random ,"):
        assert error(capsys, "ladder", "spite-and-malice", "--agents", agents) == (
            "zank: error: --agents must name two or more different agents"
        )


# ---------------------------------------------------------------- play
def _answers(monkeypatch: pytest.MonkeyPatch, answers: list[str]) -> None:
    it: Iterator[str] = iter(answers)

    def ask(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", ask)


def test_play_refuses_a_seat_and_a_save_path(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    base = ["play", "spite-and-malice", "--seed", "2"]
    for seat in ("-1", "2"):
        assert error(capsys, *base, "--seat", seat) == (
            f"zank: error: --seat must be a seat from 0 to 1, not {seat}"
        )
    assert error(capsys, *base, "--save", str(tmp_path)) == (
        f"zank: error: --save {str(tmp_path)!r} is a directory: name a file"
    )
    missing = tmp_path / "no"
    assert error(capsys, *base, "--save", str(missing / "g.json")) == (
        f"zank: error: --save {str(missing / 'g.json')!r}: there is no directory {str(missing)!r}"
    )


def test_play_commands_at_the_prompt(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "g.json"
    _answers(monkeypatch, ["", "undo", "0", "999", "x-y", "hint", "b", "?", "1", "undo", "q"])
    status, out, _ = run(capsys, "play", "spite-and-malice", "--seed", "2", "--save", str(save))
    assert status == 0
    rules = zank.variant("spite-and-malice")
    legal = rules.legal_moves(rules.new_game(seed=2))
    assert out.startswith(
        "zank spite-and-malice, seed 2: you are seat 0 against greedy. Type 'help' for help.\n"
    )
    assert "nothing to undo: you have not moved yet" in out
    assert f"no move 0: choose 1 to {len(legal)}" in out
    assert f"no move 999: choose 1 to {len(legal)}" in out
    # only the notation that is no move is "not possible"; the commands are answered
    assert out.count("not possible: ") == 1
    state = rules.new_game(seed=2)
    hint = GreedyAgent(2).choose(rules, rules.observe(state, 0), legal)
    assert f"hint: {hint.text} (move {legal.index(hint) + 1})\n" in out
    page = rules_page("spite-and-malice")
    assert page
    assert (
        f"{_cli_play.PLAY_HELP}\n\n{summary('spite-and-malice')}\n\nThe whole rules: {page}\n"
        "Options: zank variants\n"
    ) in out
    assert f"took back: {legal[0].text}" in out
    # after taking back, the table and the moves are drawn again
    after = out.split(f"took back: {legal[0].text}\n", 1)[1]
    assert after.startswith("\nspite-and-malice · turn 1 · ply 0 · Player 0 to move\n")
    assert "\nyour moves:\n" in after
    assert out.endswith(
        f"game stopped after 0 moves; saved to {save}\nreplay it with: zank replay {save}\n"
    )
    record = GameRecord.load(save)
    assert record.moves == ()
    assert record.tags == {"seat0": "you", "seat1": "greedy"}


def test_play_a_move_by_its_number_and_by_its_notation(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = zank.variant("spite-and-malice")
    legal = rules.legal_moves(rules.new_game(seed=2))
    save = tmp_path / "g.json"
    _answers(monkeypatch, [str(len(legal))])
    status, _, _ = run(capsys, "play", "spite-and-malice", "--seed", "2", "--save", str(save))
    assert status == 0
    assert GameRecord.load(save).moves[0] == legal[-1].text
    _answers(monkeypatch, [legal[1].text.upper()])
    status, _, _ = run(capsys, "play", "spite-and-malice", "--seed", "2", "--save", str(save))
    assert status == 0
    assert GameRecord.load(save).moves[0] == legal[1].text


def test_play_as_the_second_seat_against_random(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "g.json"
    _answers(monkeypatch, [])
    args = ["play", "spite-and-malice", "--seed", "2", "--seat", "1", "--vs", "random"]
    status, out, _ = run(capsys, *args, "--save", str(save))
    assert status == 0
    assert "you are seat 1 against random" in out
    assert "seat 0 (random) plays: " in out
    # after the bots' moves the table is drawn again, with your moves
    after = out.split("seat 0 (random) plays: ", 1)[1]
    assert "\nspite-and-malice · turn 2 · " in after
    assert "\nyour moves:\n" in after
    record = GameRecord.load(save)
    assert record.tags == {"seat0": "random", "seat1": "you"}
    assert record.moves


def test_the_moves_in_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = zank.variant("spite-and-malice")
    legal = rules.legal_moves(rules.new_game(seed=2))[:5]
    monkeypatch.setattr(
        "shutil.get_terminal_size", lambda *a, **k: __import__("os").terminal_size((80, 24))
    )
    width = max(len(f"{i + 1}) {m.text}") for i, m in enumerate(legal)) + 3
    lines = _cli_play._numbered(legal).splitlines()
    per_line = min(8, 78 // width)
    assert len(lines) == -(-len(legal) // per_line)
    assert lines[0].startswith("  1) ")
    assert lines[0][2 + width :].startswith("2) ")


def test_the_move_columns_are_as_wide_as_the_longest_cell_and_three_spaces(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("shutil.get_terminal_size", lambda *a, **k: os.terminal_size((80, 24)))
    moves = [Move(i, 0, 0, 0, "x") for i in range(8)] + [Move(8, 0, 0, 0, "yyyy")]
    # the longest cell, "9) yyyy", is 7 wide: columns of 10, seven a line (78 // 10)
    assert _cli_play._numbered(moves).splitlines() == [
        "  " + "".join(f"{i}) x".ljust(10) for i in range(1, 7)) + "7) x",
        "  " + "8) x".ljust(10) + "9) yyyy",
    ]
    # a terminal narrower than a cell: one a line
    monkeypatch.setattr("shutil.get_terminal_size", lambda *a, **k: os.terminal_size((5, 24)))
    assert _cli_play._numbered(moves[:2]).splitlines() == ["  1) x", "  2) x"]


def test_a_record_that_cannot_be_saved_is_printed_and_the_status_is_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(self: GameRecord, path: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(GameRecord, "save", refuse)
    save = tmp_path / "g.json"
    args = ["play", "spite-and-malice", "--option", "pay_off_size=2", "--seed", "2"]
    for answers in (["q"], None):  # quit at once, or play the game to its end
        if answers is None:
            monkeypatch.setattr("builtins.input", lambda prompt: "1")
        else:
            _answers(monkeypatch, answers)
        status, out, err = run(capsys, *args, "--save", str(save))
        assert status == 2
        assert err == (
            f"zank: error: cannot write {save}: No space left on device; "
            "the record is printed above\n"
        )
        record = GameRecord.loads(out.splitlines()[-1])
        assert (record.result is None) == (answers is not None)
        assert "saved" not in out


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("columns", "width"), [(35, 10), (60, 30), (79, 49), (80, 50), (120, 50)])
def test_the_progress_bar_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, columns: int, width: int
) -> None:
    monkeypatch.setattr("shutil.get_terminal_size", lambda *a, **k: os.terminal_size((columns, 24)))
    err = _Terminal()
    monkeypatch.setattr("sys.stderr", err)
    show = cli._progress_bar()
    assert show is not None
    show(1, 4)
    filled = width // 4
    assert err.getvalue() == f"\r[{'█' * filled}{'·' * (width - filled)}] 1/4 games"
    show(4, 4)
    assert err.getvalue().endswith(f"\r[{'█' * width}] 4/4 games\n")
    show(0, 0)  # nothing to play: full at once
    assert err.getvalue().endswith(f"\r[{'█' * width}] 0/0 games\n")


def test_no_progress_bar_off_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stderr", io.StringIO())
    assert cli._progress_bar() is None


# ---------------------------------------------------------------- main
def test_main_turns_errors_into_statuses(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(args: argparse.Namespace) -> int:
        raise KeyboardInterrupt

    def piped(args: argparse.Namespace) -> int:
        raise BrokenPipeError

    monkeypatch.setattr(cli, "_variants", interrupted)
    assert run(capsys, "variants") == (130, "", "zank: interrupted\n")
    monkeypatch.setattr(cli, "_variants", piped)
    monkeypatch.setattr("sys.stderr", io.StringIO())
    assert main(["variants"]) == 0


def test_the_ascii_fallback() -> None:
    error = UnicodeEncodeError("ascii", "10♦ é ×2", 2, 7, "no")
    assert cli._ascii_fallback(error) == ("d ? x", 7)
    decode = UnicodeDecodeError("ascii", b"\xff", 0, 1, "no")
    with pytest.raises(UnicodeDecodeError):
        cli._ascii_fallback(decode)


@pytest.mark.parametrize("seed", [2, 10])  # seat 1 wins, seat 0 (you) wins
def test_play_a_whole_game_to_its_result(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    seed: int,
) -> None:
    save = tmp_path / "g.json"
    monkeypatch.setattr("builtins.input", lambda prompt: "1")
    args = ["play", "spite-and-malice", "--option", "pay_off_size=2", "--seed", str(seed)]
    status, out, _ = run(capsys, *args, "--save", str(save))
    assert status == 0
    result = GameRecord.load(save).result
    assert result is not None
    lines = out.splitlines()
    assert lines[-1] == f"game saved to {save}"
    if result.winner is None:
        assert lines[-2] == f"the game is drawn ({result.reason.value})"
    elif result.winner == 0:
        assert lines[-2] == f"you win ({result.reason.value})!"
    else:
        assert lines[-2] == f"seat {result.winner} (greedy) wins ({result.reason.value})"


def test_replay_starts_a_line_when_the_seat_or_the_turn_changes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # table mode: a call window asks another seat within the turn (the seat changes,
    # the turn does not), and a seat that misses its turn plays on (the turn
    # changes, the seat does not); each starts a line of its own
    rules = zank.variant("zank-detailed", table_mode=True)
    agents = [CallingAgent(FaultyRandomAgent(0.3, seed=14 + p)) for p in range(2)]
    state = rules.new_game(seed=2)
    played: list[str] = []
    expected: list[str] = []
    line: list[str] = []
    seat_only = turn_only = 0
    while state.outcome is None and len(played) < 740:
        p = state.to_move
        assert p is not None
        move = agents[p].choose(rules, rules.observe(state, p), rules.legal_moves(state))
        after = rules.apply(state, move)
        played.append(move.text)
        line.append(move.text)
        seat_only += after.to_move != state.to_move and after.turn == state.turn
        turn_only += after.to_move == state.to_move and after.turn != state.turn
        if after.to_move != state.to_move or after.turn != state.turn:
            expected.append(f"turn {state.turn:>3} seat {state.to_move}: {' '.join(line)}")
            line = []
        state = after
    assert seat_only
    assert turn_only
    record = GameRecord(rules.name, rules.options, 2, 2, tuple(played), None)
    path = tmp_path / "table.json"
    record.save(path)
    status, out, _ = run(capsys, "replay", str(path))
    assert status == 0
    turns = [t for t in out.splitlines() if t.startswith("turn ")]
    assert turns[: len(expected)] == expected
