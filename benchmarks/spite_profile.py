"""How an agent plays Spite and Malice against another, game by game: who won,
how the game ended, and what each seat did (issue 33's draws).

Run: ``python benchmarks/spite_profile.py A B --games N --seed S [--option
NAME=VALUE ...] > FILE.jsonl`` and ``python benchmarks/spite_profile.py
--report FILE.jsonl ...`` for the totals.

The games are those of ``benchmarks/search_strength.py`` (pairs on one deal
with the seats swapped, each agent seeded ``seed * 64 + seat``), so the tallies
agree with it; each game is one JSON line: its deal, ``A``'s seat, the result
(``"A"``, ``"B"`` or ``"draw"``), its length in moves, and per agent the cards
played onto the build piles from the pay-off pile, the hand and the side
stacks, the turns (one discard each), the processor time of its decisions
(total, largest, and over the decisions with a choice; ``null`` where a run
did not keep it), and the cards left on its side stacks and pay-off pile at
the end.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from search_strength import _value, factory

import zank
from zank.simulate import wilson
from zank.spite_malice import PLAY, SIDE_STACKS, SRC_PAY, SRC_SIDE


def game(rules: zank.Rules, names: Sequence[str], seed: int) -> dict[str, Any]:
    """One game, seats in the order of ``names``; its figures per seat."""
    agents = [factory(n)(seed * 64 + s) for s, n in enumerate(names)]
    state = rules.new_game(seed=seed)
    keys = ("pay", "hand", "side", "turns", "decisions", "choices")
    stats: list[dict[str, Any]] = [
        {**dict.fromkeys(keys, 0), "seconds": 0.0, "max": 0.0, "choice_seconds": 0.0} for _ in names
    ]
    while state.outcome is None:
        seat = state.to_move
        assert seat is not None
        moves = rules.legal_moves(state)
        start = time.process_time()
        move = agents[seat].choose(rules, rules.observe(state, seat), moves)
        spent = time.process_time() - start
        mine = stats[seat]
        mine["seconds"] += spent
        mine["decisions"] += 1
        mine["max"] = max(mine["max"], spent)
        if len(moves) > 1:
            mine["choices"] += 1
            mine["choice_seconds"] += spent
        if move.kind == PLAY:
            place = (
                "pay" if move.source == SRC_PAY else "side" if move.source >= SRC_SIDE else "hand"
            )
            mine[place] += 1
        else:
            mine["turns"] += 1
        state = rules.apply(state, move)
    piles = rules.piles(state)
    for p, mine in enumerate(stats):
        mine["side_left"] = sum(len(piles[f"p{p}.side{j + 1}"]) for j in range(SIDE_STACKS))
        mine["pay_left"] = len(piles[f"p{p}.pay"])
    outcome = state.outcome
    return {"winner": outcome.winner, "ply": state.ply, "stats": stats}


def report(paths: Sequence[str]) -> str:
    """The totals of the games in ``paths``."""
    rows = [json.loads(line) for p in paths for line in Path(p).read_text().splitlines()]
    won = sum(r["result"] == "A" for r in rows)
    lost = sum(r["result"] == "B" for r in rows)
    drawn = len(rows) - won - lost
    lo, hi = wilson(won, won + lost)
    dlo, dhi = wilson(drawn, len(rows))
    out = [
        f"{len(rows)} games: A won {won}, lost {lost}, drawn {drawn}; "
        f"{won / max(1, won + lost):.1%} of decided [{lo:.1%}, {hi:.1%}]; "
        f"drawn {drawn / len(rows):.1%} [{dlo:.1%}, {dhi:.1%}]"
    ]
    for who in ("A", "B"):
        s = [r[who] for r in rows]
        plays = sum(x["pay"] + x["hand"] + x["side"] for x in s)
        turns = sum(x["turns"] for x in s)
        seconds = sum(x["seconds"] for x in s)
        decisions = sum(x["decisions"] for x in s)
        out.append(
            f"{who}: {plays / turns:.2f} cards onto the builds a turn, "
            f"{sum(x['pay'] for x in s) / turns:.3f} pay-off cards a turn, "
            f"{sum(x['side_left'] for x in s) / len(s):.1f} side-stack cards at the end; "
            f"{1000 * seconds / decisions:.1f} ms a decision ({decisions}), "
            f"largest {1000 * max(x['max'] or 0.0 for x in s):.0f} ms"
        )
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> None:
    """Play the games and print one JSON line each (or ``--report FILE ...``)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] == "--report":
        print(report(argv[1:]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args(argv)
    options = {k: _value(v) for k, v in (o.split("=", 1) for o in args.option)}
    rules = zank.variant("spite-and-malice", **options)
    for i in range(args.games):
        seed, a_seat = args.seed + i // 2, i % 2
        names = [args.a, args.b] if a_seat == 0 else [args.b, args.a]
        played = game(rules, names, seed)
        winner = played["winner"]
        result = "draw" if winner is None else "A" if winner == a_seat else "B"
        stats = played["stats"]
        line = {"seed": seed, "a_seat": a_seat, "result": result, "ply": played["ply"]}
        line |= {"A": stats[a_seat], "B": stats[1 - a_seat]}
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
