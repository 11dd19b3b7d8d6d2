"""The ``zank`` command.

=====================  =========================================================
``zank variants``      list the variants and their options
``zank show``          print the deal of a seeded game
``zank play``          play a game against bots in the terminal
``zank simulate``      play many seeded games between agents and summarize them
``zank ladder``        a round robin between agents and their ratings
``zank replay``        replay a saved game record, checking every move
=====================  =========================================================

For example::

    zank simulate spite-and-malice --games 200 --agents greedy,random --jobs 4
    zank play spite-and-malice --vs greedy --seed 7

Every command takes ``--help``.  Bad input ends the command with a one-line
error on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import codecs
import json
import os
import shutil
import sys
from collections.abc import Callable, Sequence
from typing import IO, TYPE_CHECKING, NoReturn, TypeAlias

import attrs

import zank
from zank._cli_play import _Fail, _play, _rules_from, _start, _text
from zank._summaries import headline
from zank.core import Observation, Rules, State
from zank.errors import InvalidState, ZankError, quote
from zank.play import GameRecord
from zank.registry import plugin_errors
from zank.serialize import MAX_DOCUMENT_SIZE, observation_to_dict, read_json
from zank.simulate import AGENTS, check_agents, open_executor, stream

if TYPE_CHECKING:
    from contextlib import AbstractContextManager

    from zank.executors import Executor

__all__ = ["build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, with a pointer to ``--help``."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


class _Version(argparse.Action):
    """``--version``: prints ``zank VERSION`` and exits, reading the installed
    version only then (argparse's own action wants the text when the parser is
    built, and reading it costs every command about 35 ms)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS) -> None:
        super().__init__(
            option_strings,
            dest,
            nargs=0,
            default=argparse.SUPPRESS,
            help="show the version and exit",
        )

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> NoReturn:
        print(f"zank {zank.__version__}")
        parser.exit()


# ---------------------------------------------------------------- helpers
def _parse_option(text: str) -> tuple[str, object]:
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"option {quote(text)} must look like NAME=VALUE")
    key, value = text.split("=", 1)
    try:
        parsed: object = read_json(value, "option value")
    except InvalidState as e:
        if value.lstrip()[:1] in ("[", "{"):  # meant as JSON: say what is wrong with it
            raise argparse.ArgumentTypeError(f"option {quote(key)}: {e}") from None
        parsed = value  # a plain word, such as every-move
    return key.strip().replace("-", "_"), parsed


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be >= 0")
    return value


def _add_variant_arguments(p: argparse.ArgumentParser, *, seed_default: int | None) -> None:
    p.add_argument("variant", help="variant name, see 'zank variants'")
    if seed_default is None:
        p.add_argument(
            "--seed", type=_non_negative, default=None, help="seed of the deal (default: random)"
        )
    else:
        p.add_argument(
            "--seed",
            type=_non_negative,
            default=seed_default,
            help=f"seed of the (first) deal (default {seed_default})",
        )
    p.add_argument("--players", type=int, default=2, help="number of players (default 2)")
    p.add_argument(
        "--option",
        action="append",
        type=_parse_option,
        metavar="NAME=VALUE",
        help="a variant option (repeatable), e.g. --option pay_off_size=25",
    )


def _add_position_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--position",
        metavar="TEXT",
        help="start from this position text (Rules.position_text, one line) "
        "instead of a seeded deal; it names its number of players",
    )


def _write(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise _Fail(f"cannot write {path}: {e.strerror or e}") from None


# --------------------------------------------------------------- variants
def _variants(args: argparse.Namespace) -> int:
    for name, cls in sorted(zank.VARIANTS.items()):
        doc = headline(name)
        seats = (
            str(cls.min_players)
            if cls.min_players == cls.max_players
            else f"{cls.min_players}-{cls.max_players}"
        )
        greedy = "" if cls.greedy_policy is not None else "  (no greedy agent yet)"
        print(f"{name:18} {seats:>4} players  {doc}{greedy}")
        for a in attrs.fields(cls):
            if a.init:
                print(f"{'':18}   --option {a.name}={json.dumps(a.default)}")
    for name, error in sorted(plugin_errors().items()):
        print(f"zank: warning: the plugin variant {name!r} is left out: {error}", file=sys.stderr)
    return 0


# ------------------------------------------------------------------- show
def _show(args: argparse.Namespace) -> int:
    rules = _rules_from(args)
    state = _start(rules, args)
    seat = args.seat
    if seat is not None and not 0 <= seat < args.players:
        raise _Fail(f"--seat must be a seat from 0 to {args.players - 1}, not {seat}")
    if seat is not None and args.as_position:
        # position text is the whole state: every hand, the face-down cards, the generator
        raise _Fail(
            "--as-position prints the whole state, hidden cards included: it takes no "
            "--seat (use --json --seat N for what one seat sees)"
        )
    if not args.evaluate and (args.samples is not None or args.depth is not None):
        raise _Fail("--samples and --depth go with --evaluate")
    if args.json and seat is not None:  # only what that seat may see
        print(json.dumps(observation_to_dict(rules, rules.observe(state, seat))))
    elif args.json:
        print(zank.dumps(state))
    elif args.as_position:
        print(rules.position_text(state))
    else:
        print(_text(rules, state, seat))
        if args.moves:
            print(_moves_line(rules, state, seat))
    if args.evaluate:
        _print_evaluation(rules, state, args)
    if args.svg:
        from zank.render.svg import svg

        _write(args.svg, svg(state, perspective=args.seat))
    return 0


#: ``zank show --evaluate`` without ``--depth``: rollouts are played to the
#: end of the game (every variant's games end long before this many moves).
_TO_THE_END = 1_000_000
#: ``zank show --evaluate``'s rollouts without ``--samples``.
_SAMPLES = 32


def _print_evaluation(rules: Rules, state: State, args: argparse.Namespace) -> None:
    """``zank show --evaluate``: each seat's estimated chance to win, from what
    ``--seat`` sees (hidden cards dealt at random for each rollout) or from the
    whole state, by :meth:`zank.agents.SearchAgent.evaluate`; seeded by ``--seed``."""
    from zank.agents.search import SearchAgent

    policy = "greedy" if rules.greedy_policy is not None else "random"
    depth = _TO_THE_END if args.depth is None else args.depth
    agent = SearchAgent(args.seed, max_moves=depth, rollout=policy)
    seat: int | None = args.seat
    view: State | Observation = state if seat is None else rules.observe(state, seat)
    estimate = agent.evaluate(rules, view, samples=args.samples or _SAMPLES)
    if args.json:
        print(
            json.dumps(
                {
                    "evaluation": {
                        "seat": seat,
                        "values": list(estimate.values),
                        "samples": estimate.samples,
                        "rollout": policy,
                        "depth": args.depth,
                        "seed": args.seed,
                    }
                }
            )
        )
        return
    whose = "the whole state" if seat is None else f"what seat {seat} sees"
    length = "to the end" if args.depth is None else f"of at most {args.depth} moves"
    print(
        f"chance to win, from {whose}: {estimate.samples} rollouts of {policy} play "
        f"{length} (seed {args.seed})"
    )
    for p, value in enumerate(estimate.values):
        print(f"  seat {p}: {100 * value:5.1f} %")


def _moves_line(rules: Rules, state: State, seat: int | None) -> str:
    """``zank show --moves``: the legal moves, or with ``--seat`` only that
    seat's, which it has only when it is to move."""
    if seat is not None and state.to_move != seat:
        whose = "nobody" if state.to_move is None else f"seat {state.to_move}"
        return f"legal moves: none for seat {seat} ({whose} is to move)"
    return "legal moves: " + " ".join(m.text for m in rules.legal_moves(state))


# ----------------------------------------------------------------- replay
def _load_record(path: str, game: int | None) -> GameRecord:
    """A record file, or game ``game`` of a ``zank simulate --records`` JSONL file.

    A record file is read up to :data:`~zank.serialize.MAX_DOCUMENT_SIZE` bytes
    and a JSONL file line by line, each line up to that size, so that no file
    (``/dev/zero`` included) is read into memory whole.
    """
    try:
        with open(path, "rb") as f:
            if game is None and not path.lower().endswith(".jsonl"):
                return GameRecord.loads(f.read(MAX_DOCUMENT_SIZE + 1))
            return _record_of_game(path, f, game or 0)
    except OSError as e:
        raise _Fail(f"cannot read {path}: {e.strerror or e}") from None


def _record_of_game(path: str, f: IO[bytes], game: int) -> GameRecord:
    """Game ``game`` of an open JSONL file of ``zank simulate --records``."""
    for n, line in enumerate(iter(lambda: f.readline(MAX_DOCUMENT_SIZE + 1), b""), start=1):
        line = line.rstrip(b"\r\n")
        if line.isspace() or not line:
            if len(line) > MAX_DOCUMENT_SIZE:
                raise _Fail(f"{path}, line {n}: longer than {MAX_DOCUMENT_SIZE:,} bytes")
            continue
        try:
            row = read_json(line, "line")
        except InvalidState as e:
            raise _Fail(f"{path}, line {n}: {e}") from None
        if isinstance(row, dict) and row.get("game") == game:
            if "record" not in row:
                raise _Fail(f"{path} has no records: write it with 'zank simulate --records'")
            return GameRecord.from_dict(row["record"])
    raise _Fail(f"{path} has no game {game}")


def _replay(args: argparse.Namespace) -> int:
    record = _load_record(args.record, args.game)
    if args.svg:
        try:
            os.makedirs(args.svg, exist_ok=True)
        except OSError as e:
            raise _Fail(f"cannot create {args.svg}: {e.strerror or e}") from None
    rules = record.rules()
    tags = " ".join(f"{k}={v}" for k, v in sorted(record.tags.items()))
    print(
        f"{record.variant} {json.dumps(record.options)} · seed {record.seed} · "
        f"{record.players} players · {len(record.moves)} moves · zank {record.library}"
        + (f" · {tags}" if tags else "")
    )
    last: State | None = None
    line: list[str] = []
    for n, state in enumerate(zank.replay(record)):
        if args.every:
            if n:
                print(f"\n{n}. {record.moves[n - 1]}")
            print(_text(rules, state))
        elif last is not None:
            line.append(record.moves[n - 1])
            if (
                state.to_move != last.to_move
                or state.turn != last.turn
                or state.outcome is not None
            ):
                print(f"turn {last.turn:>3} seat {last.to_move}: {' '.join(line)}")
                line = []
        if args.svg:
            from zank.render.svg import svg

            picture = svg(state, last_move=record.moves[n - 1], before=last) if n else svg(state)
            _write(os.path.join(args.svg, f"{n:04d}.svg"), picture)
        last = state
    assert last is not None
    if line:
        print(f"turn {last.turn:>3} seat {last.to_move}: {' '.join(line)}  (stopped here)")
    if not args.every:
        print()
        print(_text(rules, last))
    if record.result is None and last.outcome is None:
        print("the game was stopped before its end")
    if args.svg:
        print(f"wrote {len(record.moves) + 1} SVG files to {args.svg}")
    return 0


# --------------------------------------------------------------- simulate
def _progress_bar() -> Callable[[int, int], None] | None:
    """A progress bar on standard error, only when it is a terminal."""
    if not sys.stderr.isatty():
        return None
    width = max(10, min(50, shutil.get_terminal_size().columns - 30))

    def show(done: int, total: int) -> None:
        filled = width * done // total if total else width
        end = "\n" if done >= total else ""
        sys.stderr.write(f"\r[{'█' * filled}{'·' * (width - filled)}] {done}/{total} games{end}")
        sys.stderr.flush()

    return show


def _positive(text: str) -> int:
    value = _non_negative(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be >= 1")
    return value


def _jobs(args: argparse.Namespace) -> int:
    """``--jobs`` or its default: 1 for the process pool, which then plays in this
    process, and 0 (one per CPU) for a local cluster."""
    if args.jobs is None:
        return 1 if args.executor == "process" else 0
    return int(args.jobs)


def _open_executor(args: argparse.Namespace) -> AbstractContextManager[Executor | None]:
    """The executor of ``--executor`` and ``--jobs`` (``None`` for the process
    pool of one worker, which plays in this process)."""
    return open_executor(args.executor, _jobs(args) or None)


def _agent_names(args: argparse.Namespace) -> list[str]:
    """The names in ``--agents``, in order (comma-separated, blanks dropped)."""
    return [n.strip() for n in args.agents.split(",") if n.strip()]


def _simulate(args: argparse.Namespace) -> int:
    rules = _rules_from(args)
    names = _agent_names(args) or ["random"]
    players = args.players
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise _Fail(f"--agents names {len(names)} agents for {players} players")
    rules.layout(players)  # refuses a seat count the variant does not allow
    check_agents(rules, names)
    out = args.out
    if args.resume is not None:
        if out is not None and out != args.resume:
            raise _Fail("--resume FILE goes on writing FILE: give no other --out")
        out = args.resume
    if out is not None and not out.lower().endswith((".jsonl", ".csv")):
        raise _Fail(f"--out {out!r}: the file name must end in .jsonl or .csv")
    if args.records and (out is None or out.lower().endswith(".csv")):
        raise _Fail("--records needs --out FILE.jsonl")
    try:
        with _open_executor(args) as executor:
            tally = stream(
                rules,
                names,
                args.games,
                args.seed,
                out=out,
                resume=args.resume is not None,
                executor=executor if args.games > 1 else None,
                chunk_size=args.chunk,
                rotate=args.rotate,
                max_moves=args.max_moves,
                keep_records=args.records,
                progress=_progress_bar(),
            )
    except OSError as e:
        if out is None:
            raise
        raise _Fail(f"cannot write {out}: {e.strerror or e}") from None
    except KeyboardInterrupt:
        if out is not None:
            print(
                f"zank: {out} keeps the games finished so far; to play the rest, "
                f"run the same command with --resume {out}",
                file=sys.stderr,
            )
        raise
    print(tally.summary())
    if out is not None:
        resumed = tally.games - tally.played
        print(
            f"wrote {tally.played} games to {out}"
            + (f" ({resumed} were there already)" if args.resume is not None else "")
        )
    return 0


# ------------------------------------------------------------------- play
def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``zank`` command."""
    parser = _Parser(
        prog="zank",
        description="Rules engines for Zank-Patience and Spite and Malice.",
        epilog="Run 'zank COMMAND --help' for the options of a command.",
    )
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _command(sub, "variants", _variants, "list the variants and their options")
    _add_show_command(sub)
    _add_play_command(sub)
    _add_simulate_command(sub)
    _add_ladder_command(sub)
    _add_replay_command(sub)
    return parser


# the type argparse gives no public name; the sub-parsers are of the main parser's class
_Commands: TypeAlias = "argparse._SubParsersAction[_Parser]"


def _command(
    sub: _Commands,
    name: str,
    run: Callable[[argparse.Namespace], int],
    brief: str,
    description: str | None = None,
) -> argparse.ArgumentParser:
    """Add command ``name``, run by ``run``, to ``sub``; return its parser."""
    p = sub.add_parser(name, help=brief, description=description)
    p.set_defaults(run=run)
    return p


def _add_show_command(sub: _Commands) -> None:
    p = _command(
        sub,
        "show",
        _show,
        "print the deal of a seeded game, or a position",
        "Print the table of a seeded deal as text (all hands shown, "
        "face-down cards hidden), or as one seat sees it.",
    )
    _add_variant_arguments(p, seed_default=0)
    p.add_argument(
        "--seat",
        type=int,
        default=None,
        help="show only what this seat sees (not with --as-position, which is the whole state)",
    )
    p.add_argument(
        "--moves",
        action="store_true",
        help="also list the legal moves (with --seat: that seat's, which it has only "
        "when it is to move)",
    )
    p.add_argument("--json", action="store_true", help="print the state as JSON instead")
    p.add_argument(
        "--as-position",
        action="store_true",
        help="print the state as position text (one line) instead",
    )
    _add_position_argument(p)
    p.add_argument("--svg", metavar="FILE", help="also write an SVG picture of the deal to FILE")
    p.add_argument(
        "--evaluate",
        action="store_true",
        help="also print each seat's estimated chance to win: the mean of --samples "
        "rollouts of greedy play from what --seat sees (the hidden cards dealt at random "
        "for each) or, without --seat, from the whole state; seeded by --seed "
        "(with --json: a second JSON line)",
    )
    p.add_argument(
        "--samples",
        type=_positive,
        default=None,
        metavar="N",
        help=f"--evaluate's budget: rollouts (default {_SAMPLES})",
    )
    p.add_argument(
        "--depth",
        type=_non_negative,
        default=None,
        metavar="MOVES",
        help="--evaluate: cut each rollout off after this many moves and score it by "
        "the cards each seat has left (default: play it to the end)",
    )


def _add_play_command(sub: _Commands) -> None:
    p = _command(
        sub,
        "play",
        _play,
        "play a game against bots in the terminal",
        "Play one game against bots. The table is drawn as you see it; "
        "choose a move by its number or its notation. Commands: help (the rules and "
        "the move notation of the variant), hint, undo, board, quit (saves the game as "
        "a record; replay it with 'zank replay'). The rules of every variant: "
        "https://zank.readthedocs.io/en/latest/rules/",
    )
    _add_variant_arguments(p, seed_default=None)
    p.add_argument(
        "--vs",
        choices=sorted(AGENTS),
        default=None,
        help="the bots' agent (default greedy where the variant has one, else random); "
        "search:easy, search:medium and search:hard search ahead (see the docs' "
        "'How strong are the agents')",
    )
    p.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    _add_position_argument(p)
    p.add_argument(
        "--save",
        metavar="FILE",
        help="where to save the game record (default zank-VARIANT-SEED.json)",
    )


def _add_simulate_command(sub: _Commands) -> None:
    p = _command(
        sub,
        "simulate",
        _simulate,
        "play seeded games between agents and summarize them",
        "Play seeded games between agents: game i is dealt with seed S+i. "
        "Prints win rates per seat and per agent with 95 % Wilson intervals, draws, "
        "moves and turns per game, and speed. A progress bar shows on a terminal.",
    )
    _add_variant_arguments(p, seed_default=0)
    p.add_argument("--games", type=_non_negative, default=100, help="number of games (100)")
    p.add_argument(
        "--agents",
        default="random",
        help="comma-separated agents, one per seat or one for all: "
        + ", ".join(AGENTS)
        + ", or module:factory (default random)",
    )
    _add_executor_arguments(p)
    p.add_argument(
        "--rotate", action="store_true", help="rotate the agents through the seats game by game"
    )
    p.add_argument(
        "--max-moves",
        type=_non_negative,
        default=None,
        help="stop a game after this many moves (counted as 'stopped')",
    )
    p.add_argument(
        "--out",
        metavar="FILE",
        help="write one row per game to FILE.jsonl or FILE.csv, each as it is played",
    )
    p.add_argument(
        "--resume",
        metavar="FILE",
        help="go on with FILE, the --out file of an interrupted run of the same command: "
        "its games are counted and not played again",
    )
    p.add_argument(
        "--records", action="store_true", help="put each game's record in the JSONL rows"
    )


def _ladder(args: argparse.Namespace) -> int:
    from zank.ladder import ladder

    rules = _rules_from(args)
    names = list(dict.fromkeys(_agent_names(args)))
    if len(names) < 2:
        raise _Fail("--agents must name two or more different agents")
    rules.layout(2)  # a ladder plays two-seat games
    check_agents(rules, names)
    with _open_executor(args) as executor:
        table = ladder(
            rules,
            names,
            args.games,
            args.seed,
            executor=executor,
            chunk_size=args.chunk,
            max_moves=args.max_moves,
        )
    print(table.table())
    return 0


def _add_ladder_command(sub: _Commands) -> None:
    p = _command(
        sub,
        "ladder",
        _ladder,
        "a round robin between agents and their ratings",
        "Play every pair of agents against each other (two seats, rotated; game i of "
        "each pair dealt with seed S+i) and fit Bradley-Terry ratings on the Elo scale, "
        "the first agent at 0, with 95 % intervals.",
    )
    _add_variant_arguments(p, seed_default=0)
    p.add_argument("--games", type=_positive, default=20, help="games per pair (20)")
    p.add_argument(
        "--agents",
        default="random,greedy",
        help="comma-separated agents: " + ", ".join(AGENTS) + ", or module:factory",
    )
    p.add_argument(
        "--max-moves", type=_non_negative, default=None, help="stop a game after this many moves"
    )
    _add_executor_arguments(p)


def _add_executor_arguments(p: argparse.ArgumentParser) -> None:
    """``zank simulate``'s options of where and in what pieces the games run."""
    p.add_argument(
        "--jobs",
        type=_non_negative,
        default=None,
        help="worker processes of the process pool or of a local Dask or Ray cluster "
        "(0 = one per CPU; default 1 for the process pool, which then plays in this "
        "process, and one per CPU for a local cluster)",
    )
    p.add_argument(
        "--executor",
        default="process",
        metavar="KIND",
        help="where the games run: process (a process pool, the default), dask (a local "
        "Dask cluster), dask://HOST:PORT (a Dask scheduler), ray (a local Ray instance), "
        "ray://HOST:PORT (a Ray cluster through Ray Client); dask and ray need "
        "'pip install zank[dask]' or 'zank[ray]'",
    )
    p.add_argument(
        "--chunk",
        type=_positive,
        default=None,
        metavar="N",
        help="games per task sent to the workers (default: games/64, between 1 and 64; "
        "a few hundred suit a cluster)",
    )


def _add_replay_command(sub: _Commands) -> None:
    p = _command(
        sub,
        "replay",
        _replay,
        "replay a saved game record, checking every move",
        "Replay a game record move by move (every move is checked), print "
        "the moves turn by turn and the final table. --svg writes one SVG picture per "
        "state, the last move outlined.",
    )
    p.add_argument(
        "record",
        help="a game record (JSON), e.g. from 'zank play', or a JSONL file "
        "from 'zank simulate --records'",
    )
    p.add_argument(
        "--game",
        type=_non_negative,
        default=None,
        help="the game number in a JSONL file of 'zank simulate --records' (default 0)",
    )
    p.add_argument("--every", action="store_true", help="print the table after every move")
    p.add_argument("--svg", metavar="DIR", help="write DIR/0000.svg, DIR/0001.svg, ...")


def _ascii_fallback(error: UnicodeError) -> tuple[str, int]:
    """A codec error handler: what a stream cannot encode, written in ASCII."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    from zank.render.text import to_ascii

    bad = to_ascii(error.object[error.start : error.end])
    return "".join(c if c.isascii() else "?" for c in bad), error.end


def _fall_back_to_ascii() -> None:
    """Let standard output and error write ASCII for what their encoding lacks.

    A terminal whose encoding has no card symbols (cp1252 on Windows, ASCII)
    gets suit letters (``10d``) and an ASCII frame instead of an exception.
    """
    codecs.register_error("zank-ascii", _ascii_fallback)
    for out in (sys.stdout, sys.stderr):
        if getattr(out, "errors", None) == "strict" and hasattr(out, "reconfigure"):
            out.reconfigure(errors="zank-ascii")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``zank`` command; return its exit status."""
    _fall_back_to_ascii()
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except ZankError as e:
        print(f"zank: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("zank: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # e.g. 'zank replay x.json | head': stop quietly, as other tools do
        sys.stderr.close()
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
