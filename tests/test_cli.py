"""The ``zank`` command, run as a user runs it: in a subprocess, and ``zank play``
through a pseudo-terminal."""

from __future__ import annotations

import csv
import json
import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import ClassVar

import pytest

import zank
from zank.play import GameRecord

COMMANDS = ("variants", "show", "play", "simulate", "replay")


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "zank.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        input=stdin,
    )


def make_record(tmp_path: Path, seed: int = 4, **options: object) -> Path:
    from zank.agents import RandomAgent

    rules = zank.variant("spite-and-malice", **options)
    record = zank.play(rules, [RandomAgent(1), RandomAgent(2)], seed=seed)
    path = tmp_path / "game.json"
    record.save(path)
    return path


# ------------------------------------------------------------------ help
@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_every_command_has_help(command: str | None) -> None:
    out = run(*([command] if command else []), "--help")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("usage: zank")
    if command:
        assert command in out.stdout.splitlines()[0]
    assert "%%" not in out.stdout  # help texts are not %-formatted twice


def test_simulate_help_names_the_intervals() -> None:
    out = run("simulate", "--help")
    assert "95 % Wilson intervals" in " ".join(out.stdout.split())


def test_version() -> None:
    out = run("--version")
    assert out.returncode == 0
    assert out.stdout.strip() == f"zank {zank.__version__}"


# -------------------------------------------------------------- variants
def test_variants_lists_every_variant_with_options() -> None:
    out = run("variants")
    assert out.returncode == 0, out.stderr
    for name in zank.VARIANTS:
        assert name in out.stdout
    assert "--option pay_off_size=20" in out.stdout


# ------------------------------------------------------------------ show
def test_show_prints_the_deal() -> None:
    out = run("show", "spite-and-malice", "--seed", "3", "--moves")
    assert out.returncode == 0, out.stderr
    state = zank.variant("spite-and-malice").new_game(seed=3)
    assert out.stdout.startswith("spite-and-malice")
    assert "legal moves: " in out.stdout
    rules = state.rules
    assert " ".join(m.text for m in rules.legal_moves(state)) in out.stdout


def test_show_json_loads_back() -> None:
    out = run("show", "spite-and-malice", "--seed", "3", "--option", "pay_off_size=7", "--json")
    assert out.returncode == 0, out.stderr
    state = zank.loads(out.stdout)
    assert state == zank.variant("spite-and-malice", pay_off_size=7).new_game(seed=3)


def test_show_for_a_seat_hides_the_other_hand() -> None:
    full = run("show", "spite-and-malice", "--seed", "3").stdout
    seat = run("show", "spite-and-malice", "--seed", "3", "--seat", "0").stdout
    from zank.render.text import BACK

    assert full.count(BACK) < seat.count(BACK)


def _chances(text: str) -> list[float]:
    """The per-seat percentages that ``zank show --evaluate`` prints."""
    return [float(m) for m in re.findall(r"^  seat \d+: +([\d.]+) %$", text, re.M)]


def test_show_evaluate_prints_each_seats_chance_and_the_sample_size() -> None:
    args = ("show", "spite-and-malice", "--seed", "3", "--seat", "1", "--evaluate")
    out = run(*args, "--samples", "12")
    assert out.returncode == 0, out.stderr
    assert "chance to win, from what seat 1 sees: 12 rollouts of greedy play to the end" in (
        out.stdout
    )
    chances = _chances(out.stdout)
    assert len(chances) == 2
    assert sum(chances) == pytest.approx(100.0, abs=0.11)
    assert run(*args, "--samples", "12").stdout == out.stdout  # seeded by --seed
    whole = run("show", "spite-and-malice", "--seed", "3", "--evaluate", "--depth", "5")
    assert "from the whole state: 32 rollouts of greedy play of at most 5 moves" in whole.stdout


def test_show_evaluate_follows_the_game() -> None:
    """A position a seat is about to win is evaluated as won for that seat."""
    rules = zank.variant("spite-and-malice", pay_off_size=5)
    state = rules.setup(piles={"p0.pay": "Ah", "p1.pay": "2c 3c 4c 5c 6c"}, to_move=0)
    out = run(
        "show", "spite-and-malice", "--position", rules.position_text(state),
        "--seat", "0", "--evaluate", "--samples", "8",
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert _chances(out.stdout) == [100.0, 0.0]


def test_show_evaluate_with_json_adds_a_json_line() -> None:
    out = run(
        "show", "zank-detailed", "--seed", "4", "--seat", "0", "--json",
        "--evaluate", "--samples", "5", "--depth", "30",
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    first, second = out.stdout.splitlines()
    assert json.loads(first)["format"] == "zank-observation"
    evaluation = json.loads(second)["evaluation"]
    assert (evaluation["seat"], evaluation["samples"], evaluation["depth"]) == (0, 5, 30)
    assert sum(evaluation["values"]) == pytest.approx(1.0)


# -------------------------------------------------------------- simulate
def test_simulate_prints_a_summary() -> None:
    out = run("simulate", "spite-and-malice", "--games", "5", "--seed", "3")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert any(line.startswith("games     5 (seeds 3..7)") for line in lines)
    seats = [line for line in lines if line.startswith("seat ")]
    draws = [line for line in lines if line.startswith("draws")]
    assert len(seats) == 2
    wins = sum(int(line.split()[3]) for line in seats)
    assert wins + int(draws[0].split()[1]) == 5
    assert "95% CI" in out.stdout
    assert re.search(r"moves/game +[\d.]+ +\d+ +\d+ +\d+ +\d+ +\d+", out.stdout)
    assert "turns/game" in out.stdout
    assert "games/s" in out.stdout
    assert out.stderr == ""  # no progress bar when stderr is not a terminal


def summary_without_speed(text: str) -> list[str]:
    return [line for line in text.splitlines() if not line.startswith("speed")]


def test_simulate_is_reproducible_and_the_same_with_jobs(tmp_path: Path) -> None:
    a = run("simulate", "spite-and-malice", "--games", "6", "--option", "pay_off_size=5")
    b = run(
        "simulate",
        "spite-and-malice",
        "--games",
        "6",
        "--option",
        "pay_off_size=5",
        "--jobs",
        "3",
        "--out",
        str(tmp_path / "games.jsonl"),
    )
    assert a.returncode == b.returncode == 0, a.stderr + b.stderr
    assert summary_without_speed(a.stdout) == summary_without_speed(b.stdout)[:-1]
    assert '"pay_off_size": 5' in a.stdout
    rows = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert [r["game"] for r in rows] == list(range(6))
    assert [r["seed"] for r in rows] == list(range(6))


def test_simulate_writes_csv_and_records(tmp_path: Path) -> None:
    out = run(
        "simulate",
        "spite-and-malice",
        "--games",
        "4",
        "--agents",
        "random,first",
        "--rotate",
        "--out",
        str(tmp_path / "g.csv"),
    )
    assert out.returncode == 0, out.stderr
    with open(tmp_path / "g.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert [r["agents"] for r in rows] == ["random;first", "first;random"] * 2
    assert "agent random" in out.stdout
    assert "agent first" in out.stdout

    out = run(
        "simulate",
        "spite-and-malice",
        "--games",
        "2",
        "--records",
        "--out",
        str(tmp_path / "g.jsonl"),
    )
    assert out.returncode == 0, out.stderr
    first = json.loads((tmp_path / "g.jsonl").read_text().splitlines()[0])
    record = GameRecord.from_dict(first["record"])
    assert len(list(zank.replay(record))) == first["moves"] + 1
    second = json.loads((tmp_path / "g.jsonl").read_text().splitlines()[1])
    out = run("replay", str(tmp_path / "g.jsonl"), "--game", "1")
    assert out.returncode == 0, out.stderr
    assert f"seed 1 · 2 players · {second['moves']} moves" in out.stdout
    out = run("replay", str(tmp_path / "g.jsonl"), "--game", "7")
    assert out.returncode == 2
    assert "no game 7" in out.stderr


def test_simulate_more_players() -> None:
    out = run("simulate", "spite-and-malice", "--games", "2", "--players", "3")
    assert out.returncode == 0, out.stderr
    assert "seat 2" in out.stdout


# ---------------------------------------------------------------- replay
def test_replay_prints_the_game(tmp_path: Path) -> None:
    path = make_record(tmp_path)
    record = GameRecord.load(path)
    out = run("replay", str(path))
    assert out.returncode == 0, out.stderr
    assert f"{len(record.moves)} moves" in out.stdout
    played = " ".join(line.split(": ", 1)[1] for line in out.stdout.splitlines() if "seat" in line
                      and line.startswith("turn"))  # fmt: skip
    assert played.split() == list(record.moves)
    assert "turn" in out.stdout


def test_replay_every_state(tmp_path: Path) -> None:
    path = make_record(tmp_path, pay_off_size=3)
    record = GameRecord.load(path)
    out = run("replay", str(path), "--every")
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("spite-and-malice · turn") == len(record.moves) + 1


def test_replay_writes_one_svg_per_state(tmp_path: Path) -> None:
    path = make_record(tmp_path, pay_off_size=3)
    record = GameRecord.load(path)
    out = run("replay", str(path), "--svg", str(tmp_path / "svg"))
    assert out.returncode == 0, out.stderr
    files = sorted((tmp_path / "svg").iterdir())
    assert len(files) == len(record.moves) + 1
    assert files[0].name == "0000.svg"
    assert files[-1].read_text().lstrip().startswith(("<svg", "<?xml"))


def test_show_writes_an_svg(tmp_path: Path) -> None:
    out = run("show", "spite-and-malice", "--seat", "1", "--svg", str(tmp_path / "deal.svg"))
    assert out.returncode == 0, out.stderr
    assert "</svg>" in (tmp_path / "deal.svg").read_text()


def test_replay_of_a_bad_record_names_the_move(tmp_path: Path) -> None:
    path = make_record(tmp_path)
    doc = json.loads(path.read_text())
    doc["moves"][3] = "k-b3" if doc["moves"][3] != "k-b3" else "q-b3"
    path.write_text(json.dumps(doc))
    out = run("replay", str(path))
    assert out.returncode == 2
    last = out.stderr.strip().splitlines()
    assert len(last) == 1
    assert "move 4" in last[0]
    assert "Traceback" not in out.stderr


# ------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("simulate", "chess"), "unknown variant"),
        (("simulate", "spite-and-malice", "--option", "pay_off_size=99"), "pay_off_size"),
        (("simulate", "spite-and-malice", "--option", "colour=red"), "no option 'colour'"),
        (("simulate", "spite-and-malice", "--option", "nonsense"), "NAME=VALUE"),
        (("simulate", "spite-and-malice", "--agents", "alien"), "unknown agent"),
        (("simulate", "spite-and-malice", "--agents", "no.such.module:Agent"), "cannot load"),
        (("simulate", "spite-and-malice", "--agents", "random,random,random"), "3 agents"),
        (("simulate", "spite-and-malice", "--players", "9"), "players"),
        (("simulate", "spite-and-malice", "--games", "-1"), "--games"),
        (("simulate", "spite-and-malice", "--games", "many"), "whole number"),
        (("simulate", "spite-and-malice", "--out", "x.txt"), ".jsonl or .csv"),
        (("simulate", "spite-and-malice", "--out", "/no/such/dir/x.csv"), "cannot write"),
        (("simulate", "spite-and-malice", "--records"), "--records"),
        (("show", "chess"), "unknown variant"),
        (("show", "spite-and-malice", "--seat", "5"), "--seat"),
        (("show", "spite-and-malice", "--seed", "-3"), "--seed"),
        (("show", "spite-and-malice", "--samples", "4"), "--evaluate"),
        (("show", "spite-and-malice", "--evaluate", "--samples", "0"), "--samples"),
        (("show", "spite-and-malice", "--evaluate", "--depth", "-1"), "--depth"),
        (("play", "spite-and-malice", "--seat", "2"), "--seat"),
        (("play", "spite-and-malice", "--vs", "alien"), "invalid choice"),
        (("play", "chess"), "unknown variant"),
        (("replay", "/no/such/record.json"), "cannot read"),
        (("show", "spite-and-malice", "--svg", "/no/such/dir/x.svg"), "cannot write"),
        (("replay",), "record"),
        (("frobnicate",), "invalid choice"),
        ((), "COMMAND"),
    ],
)
def test_bad_input_gives_a_one_line_error(args: tuple[str, ...], words: str) -> None:
    out = run(*args)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert words in lines[0]
    assert lines[0].startswith("zank")
    assert "Traceback" not in out.stderr


def test_greedy_without_a_policy_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    """Every registered variant has a greedy policy, so the command runs in
    process with a variant registered just for this test."""
    import attrs

    from zank.cli import main
    from zank.registry import _registry
    from zank.spite_malice import SpiteAndMalice

    @attrs.frozen(cache_hash=True, kw_only=True)
    class NoGreedy(SpiteAndMalice):
        """Spite and Malice declaring no greedy policy."""

        name = "no-greedy-for-cli-test"
        greedy_policy: ClassVar[str | None] = None

    _registry[NoGreedy.name] = NoGreedy
    try:
        status = main(["simulate", NoGreedy.name, "--agents", "greedy", "--games", "1"])
    finally:
        del _registry[NoGreedy.name]
    err = capsys.readouterr().err
    assert status == 2
    assert "no greedy" in err
    assert len(err.strip().splitlines()) == 1


def test_replay_of_a_file_that_is_no_record(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"format": "zank-state"}')
    out = run("replay", str(path))
    assert out.returncode == 2
    assert "not a zank game record" in out.stderr
    path.write_text("{")
    out = run("replay", str(path))
    assert out.returncode == 2
    assert "not valid JSON" in out.stderr


# ------------------------------------------------------------------ play
def test_play_with_piped_input_quits_and_saves(tmp_path: Path) -> None:
    save = tmp_path / "me.json"
    out = run(
        "play", "spite-and-malice", "--vs", "random", "--seed", "2", "--save", str(save),
        stdin="1\nquit\n",
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert f"saved to {save}" in out.stdout
    record = GameRecord.load(save)
    assert record.result is None
    assert record.tags == {"seat0": "you", "seat1": "random"}
    assert len(list(zank.replay(record))) == len(record.moves) + 1


class Terminal:
    """A child process on a pseudo-terminal, driven like a person would."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        import pty

        self.master, slave = pty.openpty()
        env = dict(os.environ, COLUMNS="100", LINES="40", TERM="dumb")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "zank.cli", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=cwd,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.seen = ""

    def expect(self, *texts: str, timeout: float = 60) -> str:
        """Read until one of ``texts`` appears; return everything read up to and
        including the first that does."""
        deadline = time.monotonic() + timeout

        def found() -> int:
            hits = [self.seen.index(t) + len(t) for t in texts if t in self.seen]
            return min(hits) if hits else -1

        while found() < 0:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out waiting for {texts}; got:\n{self.seen[-2000:]}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 4096)
                except OSError:  # the child closed the terminal
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"ended before {texts}; got:\n{self.seen[-2000:]}")
                self.seen += chunk.decode("utf-8", "replace").replace("\r\n", "\n")
        i = found()
        before, self.seen = self.seen[:i], self.seen[i:]
        return before

    def send(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=30)
        finally:
            os.close(self.master)


pty_only = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


@pty_only
def test_play_in_a_terminal_help_hint_undo_quit(tmp_path: Path) -> None:
    term = Terminal(
        ["play", "spite-and-malice", "--vs", "random", "--seed", "5", "--save", "g.json"],
        tmp_path,
    )
    first = term.expect("your move> ")
    assert "you are seat 0 against random" in first
    assert "(you)" in first  # the table is drawn from my side
    assert "1) " in first  # the legal moves are numbered
    term.send("help")
    assert "undo" in term.expect("your move> ")
    term.send("hint")
    out = term.expect("your move> ")
    assert "hint: " in out or "no hint" in out
    term.send("99")
    assert "no move 99" in term.expect("your move> ")
    term.send("zz-b9")
    assert "not possible" in term.expect("your move> ")
    term.send("undo")
    assert "nothing to undo" in term.expect("your move> ")
    term.send("1")
    term.expect("your move> ")
    term.send("undo")
    out = term.expect("your move> ")
    assert "took back" in out
    notation = re.findall(r"\b1\) (\S+)", out)[-1]
    term.send(notation.upper())  # a move by its notation, in any case
    term.expect("your move> ")
    term.send("quit")
    term.expect("saved to g.json")
    assert term.close() == 0
    record = GameRecord.load(tmp_path / "g.json")
    assert record.result is None
    assert notation in record.moves
    assert len(list(zank.replay(record))) == len(record.moves) + 1


@pty_only
def test_play_a_whole_game_in_a_terminal(tmp_path: Path) -> None:
    term = Terminal(
        ["play", "spite-and-malice", "--seed", "8", "--seat", "1", "--vs", "random",
         "--option", "pay_off_size=3"],
        tmp_path,
    )  # fmt: skip
    for _ in range(2000):
        out = term.expect("your move> ", "game saved to")
        if out.endswith("game saved to"):
            break
        term.send("1")
    else:
        raise AssertionError("the game did not end")
    term.expect("\n")
    assert term.close() == 0
    record = GameRecord.load(tmp_path / "zank-spite-and-malice-8.json")
    assert record.result is not None
    states = list(zank.replay(record))
    assert states[-1].outcome == record.result


@pty_only
def test_simulate_shows_a_progress_bar_on_a_terminal(tmp_path: Path) -> None:
    term = Terminal(["simulate", "spite-and-malice", "--games", "6", "--jobs", "0"], tmp_path)
    out = term.expect("games/s")
    assert "6/6 games" in out
    assert "█" in out
    assert term.close() == 0


def test_the_cli_reference_page_names_every_option() -> None:
    """docs/reference/cli.md lists every command and every option of each."""
    import argparse

    from zank.cli import build_parser

    page = (Path(__file__).parent.parent / "docs" / "reference" / "cli.md").read_text("utf-8")
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    for name, parser in sub.choices.items():
        assert f"`zank {name}" in page, name
        for action in parser._actions:
            for option in action.option_strings:
                if option.startswith("--") and option != "--help":
                    assert f"`{option}" in page or f", `{option}" in page, (name, option)
