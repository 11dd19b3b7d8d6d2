"""The session of ``zank play`` (a game against bots in the terminal), and
the helpers the commands of :mod:`zank.cli` share with it."""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import sys
from collections.abc import Callable, Sequence

import zank
from zank._summaries import rules_page, summary
from zank.agents.base import Agent, GreedyAgent
from zank.core import Move, Observation, Rules, State
from zank.errors import IllegalMove, NotationError, ZankError, quote
from zank.play import GameRecord
from zank.simulate import agent_factory, check_agents

__all__: list[str] = []


class _Fail(ZankError):
    """A user error found by the command itself (bad file, bad combination)."""


def _rules_from(args: argparse.Namespace) -> Rules:
    name: str = args.variant
    return zank.variant(name, **dict(args.option or []))


def _text(rules: Rules, view: State | Observation, seat: int | None = None) -> str:
    from zank.render import text

    if isinstance(view, Observation):
        return text(view, rules=rules)
    return text(view, seat)


def _start(rules: Rules, args: argparse.Namespace) -> State:
    """The seeded deal, or the position of ``--position`` (its seats win over ``--players``)."""
    if args.position is None:
        return rules.new_game(seed=args.seed, players=args.players)
    state = rules.parse_position(args.position)
    args.players = state.players
    return state


PLAY_HELP = """\
Type the number of a move or its notation, or one of:
  help   this text, and the rules and move notation of the variant
  hint   the move the greedy agent would make
  undo   take back your last move (and the bots' replies)
  board  show the table again
  quit   stop and save the game as a record (Ctrl-D does the same)"""


class _Quit(Exception):
    """The player quit."""


def _ask(prompt: str) -> str:
    try:
        return input(prompt)
    except EOFError:
        print()
        raise _Quit from None


def _variant_help(rules: Rules) -> str:
    """The variant's rules in a few lines and its notation, and where to read more."""
    page = rules_page(rules.name)
    more = f"The whole rules: {page}" if page else "Its rules: see the variant's documentation."
    return f"{summary(rules.name)}\n\n{more}\nOptions: zank variants"


def _enable_line_editing() -> None:
    """History and editing for the move prompt, where Python has ``readline``."""
    if sys.stdin.isatty():
        # importing it is what makes input() use it; Windows has none
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401


def _is_move_number(answer: str) -> bool:
    """Whether a prompt answer is a move number: ASCII digits (not ``²``), a few of them."""
    return answer.isascii() and answer.isdigit() and len(answer) <= 9


def _check_writable(path: str) -> None:
    """Refuse a record path whose directory is missing or not writable, or that is a directory."""
    directory = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise _Fail(f"--save {quote(path)} is a directory: name a file")
    if not os.path.isdir(directory):
        raise _Fail(f"--save {quote(path)}: there is no directory {quote(directory)}")
    if not os.access(directory, os.W_OK):
        raise _Fail(f"--save {quote(path)}: the directory {quote(directory)} is not writable")


def _save(record: GameRecord, path: str) -> bool:
    """Save the record; if that fails, print it (so that the game is not lost) and say why."""
    try:
        record.save(path)
    except OSError as e:
        print(record.dumps())
        print(
            f"zank: error: cannot write {path}: {e.strerror or e}; the record is printed above",
            file=sys.stderr,
        )
        return False
    return True


def _numbered(moves: Sequence[Move]) -> str:
    width = max(len(f"{i + 1}) {m.text}") for i, m in enumerate(moves)) + 3
    columns = max(1, min(8, (shutil.get_terminal_size().columns - 2) // width))
    cells = [f"{i + 1}) {m.text}".ljust(width) for i, m in enumerate(moves)]
    rows = ["  " + "".join(cells[i : i + columns]).rstrip() for i in range(0, len(cells), columns)]
    return "\n".join(rows)


def _play(args: argparse.Namespace) -> int:
    session = _PlaySession.start(args)
    _check_writable(session.save_path)  # before the game, not after it: a game must not be lost
    print(
        f"zank {session.rules.name}, seed {session.seed}: you are seat {session.me} "
        f"against {session.vs}. Type 'help' for help."
    )
    _enable_line_editing()
    try:
        session.run()
    except (_Quit, KeyboardInterrupt):
        if not _save(session.record(), session.save_path):
            return 2
        print(f"game stopped after {len(session.moves)} moves; saved to {session.save_path}")
        print(f"replay it with: zank replay {session.save_path}")
        return 0
    session.print_result()
    if not _save(session.record(), session.save_path):
        return 2
    print(f"game saved to {session.save_path}")
    return 0


class _PlaySession:
    """One game of ``zank play``: the states so far, the moves, the bots and the prompt."""

    def __init__(
        self,
        rules: Rules,
        args: argparse.Namespace,
        seed: int,
        vs: str,
        first: State,
        start: str | None = None,
    ) -> None:
        self.rules = rules
        self.me: int = args.seat
        self.seed = seed
        self.vs = vs
        players = first.players
        self.bots: dict[int, Agent] = {
            p: agent_factory(vs)(seed * 64 + p) for p in range(players) if p != self.me
        }
        self.hinter = GreedyAgent(seed) if rules.greedy_policy is not None else None
        self.save_path: str = args.save or f"zank-{rules.name}-{seed}.json"
        self.tags = {f"seat{p}": ("you" if p == self.me else vs) for p in range(players)}
        self.history = [first]
        self.position = start
        self.moves: list[str] = []
        self.my_decisions: list[int] = []  # indices into history where I moved
        self.shown = False  # whether the table and my moves are on screen

    @classmethod
    def start(cls, args: argparse.Namespace) -> _PlaySession:
        """Check the arguments and deal the game."""
        rules = _rules_from(args)
        start = _start(rules, args) if args.position is not None else None
        players = args.players
        rules.layout(players)
        if not 0 <= args.seat < players:
            raise _Fail(f"--seat must be a seat from 0 to {players - 1}, not {args.seat}")
        vs = args.vs
        if vs is None:
            vs = "greedy" if rules.greedy_policy is not None else "random"
        check_agents(rules, [vs])
        seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "little")
        if start is None:
            return cls(rules, args, seed, vs, rules.new_game(seed=seed, players=players))
        return cls(rules, args, seed, vs, start, rules.position_text(start))

    def record(self) -> GameRecord:
        """The game so far as a record."""
        first = self.history[0]
        return GameRecord(
            self.rules.name,
            self.rules.options,
            self.seed,
            first.players,
            tuple(self.moves),
            self.history[-1].outcome,
            tags=self.tags,
            start=self.position,
        )

    def run(self) -> None:
        """Play until the game ends; :class:`_Quit` when the player quits."""
        while self.history[-1].outcome is None:
            state = self.history[-1]
            if state.to_move == self.me:
                self._my_turn(state)
            else:
                self._bots_turn(state)

    def _push(self, state: State, move: Move) -> State:
        after = self.rules.apply(state, move)
        self.history.append(after)
        self.moves.append(move.text)
        return after

    def _bots_turn(self, state: State) -> None:
        rules, p = self.rules, state.to_move
        assert p is not None
        line: list[str] = []
        while state.outcome is None and state.to_move == p:
            legal = rules.legal_moves(state)
            move = self.bots[p].choose(rules, rules.observe(state, p), legal)
            state = self._push(state, move)
            line.append(move.text)
        print(f"seat {p} ({self.vs}) plays: {' '.join(line)}")
        self.shown = False

    def _my_turn(self, state: State) -> None:
        legal = self.rules.legal_moves(state)
        if not self.shown:
            print()
            print(_text(self.rules, self.rules.observe(state, self.me)))
            print("your moves:")
            print(_numbered(legal))
            self.shown = True
        answer = _ask("your move> ").strip()
        if not answer:
            return
        chosen = self._answer(state, legal, answer)
        if chosen is not None:
            self.my_decisions.append(len(self.history) - 1)
            self._push(state, chosen)
            self.shown = False

    def _answer(self, state: State, legal: Sequence[Move], answer: str) -> Move | None:
        """The move an answer at the prompt names, or ``None`` after a command or a mistake."""
        word = answer.lower()
        # a move's notation wins over a command's short name
        chosen = {m.text.lower(): m for m in legal}.get(word)
        if chosen is not None:
            return chosen
        command = _PLAY_COMMANDS.get(word)
        if command is not None:
            command(self, state, legal)
            return None
        if _is_move_number(answer):
            n = int(answer)
            if not 1 <= n <= len(legal):
                print(f"no move {n}: choose 1 to {len(legal)}")
                return None
            return legal[n - 1]
        try:
            return self.rules.parse_move(state, answer)
        except (NotationError, IllegalMove) as e:
            print(f"not possible: {e}")
            return None

    def _quit(self, state: State, legal: Sequence[Move]) -> None:
        raise _Quit

    def _help(self, state: State, legal: Sequence[Move]) -> None:
        print(PLAY_HELP)
        print()
        print(_variant_help(self.rules))

    def _board(self, state: State, legal: Sequence[Move]) -> None:
        self.shown = False

    def _hint(self, state: State, legal: Sequence[Move]) -> None:
        if self.hinter is None:
            print(f"no hint: {self.rules.name} has no greedy agent yet")
            return
        choice = self.hinter.choose(self.rules, self.rules.observe(state, self.me), legal)
        print(f"hint: {choice.text} (move {legal.index(choice) + 1})")

    def _undo(self, state: State, legal: Sequence[Move]) -> None:
        if not self.my_decisions:
            print("nothing to undo: you have not moved yet")
            return
        back = self.my_decisions.pop()
        taken = self.moves[back:]
        del self.history[back + 1 :]
        del self.moves[back:]
        print(f"took back: {' '.join(taken)}")
        self.shown = False

    def print_result(self) -> None:
        """Print the final table and who won."""
        final = self.history[-1]
        print()
        print(_text(self.rules, final))
        result = final.outcome
        assert result is not None
        if result.winner is None:
            print(f"the game is drawn ({result.reason.value})")
        elif result.winner == self.me:
            print(f"you win ({result.reason.value})!")
        else:
            print(f"seat {result.winner} ({self.vs}) wins ({result.reason.value})")


_PlayCommand = Callable[[_PlaySession, State, Sequence[Move]], None]
_PLAY_COMMANDS: dict[str, _PlayCommand] = {
    **dict.fromkeys(("quit", "exit", "q"), _PlaySession._quit),
    **dict.fromkeys(("help", "?", "h"), _PlaySession._help),
    **dict.fromkeys(("board", "b"), _PlaySession._board),
    "hint": _PlaySession._hint,
    "undo": _PlaySession._undo,
}


# ----------------------------------------------------------------- parser
