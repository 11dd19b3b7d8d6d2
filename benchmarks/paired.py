"""Two runs of ``benchmarks/search_strength.py`` on the same games, compared game by game.

Run: ``python benchmarks/paired.py A_GAMES B_GAMES``, the per-game lines the two
runs wrote to standard error (``game I: seed S, NAME in seat K: WINNER``).  Game
*i* of both runs must be the same deal with the same seats (the same ``--seed``;
the agents are seeded by the deal), so the runs differ only in the first agent.
Prints the games each run's first agent won, lost and drew, the games the two
runs decided differently, and among the games one agent won where the other lost:
*b* (A won, B lost) against *c* (B won, A lost), with the exact two-sided sign
test's p-value (the binomial test of *b* against ½ over *b* + *c* games).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from math import comb

_LINE = re.compile(r"game (\d+): seed (\d+), .* in seat (\d+): (\S+)")


def outcomes(path: str) -> dict[int, tuple[int, str]]:
    """Game index → (deal seed, ``"won"``/``"lost"``/``"drawn"``) for the first agent."""
    out: dict[int, tuple[int, str]] = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = _LINE.match(line)
            if m is None:
                continue
            game, deal, seat, winner = int(m[1]), int(m[2]), int(m[3]), m[4]
            if winner in ("None", "stopped"):
                result = "drawn"
            else:
                result = "won" if int(winner) == seat else "lost"
            out[game] = (deal, result)
    return out


def sign_test(b: int, c: int) -> float:
    """The exact two-sided binomial test of ``b`` successes in ``b + c`` trials at ½."""
    n = b + c
    if n == 0:
        return 1.0
    k = min(b, c)
    tail = sum(comb(n, i) for i in range(k + 1)) / float(1 << n)
    return min(1.0, 2 * tail)


def main(argv: Sequence[str]) -> None:
    """Print the comparison of the two runs (see the module docs)."""
    a, b_run = outcomes(argv[0]), outcomes(argv[1])
    games = sorted(set(a) & set(b_run))
    for g in games:
        if a[g][0] != b_run[g][0]:
            raise SystemExit(
                f"game {g} is deal {a[g][0]} in one run and {b_run[g][0]} in the other"
            )
    for name, run in (("A", a), ("B", b_run)):
        tally = [sum(1 for g in games if run[g][1] == r) for r in ("won", "lost", "drawn")]
        print(f"{name}: {len(games)} games: {tally[0]} won, {tally[1]} lost, {tally[2]} drawn")
    differ = sum(1 for g in games if a[g][1] != b_run[g][1])
    b = sum(1 for g in games if a[g][1] == "won" and b_run[g][1] == "lost")
    c = sum(1 for g in games if a[g][1] == "lost" and b_run[g][1] == "won")
    print(f"decided differently: {differ}; A won where B lost: {b}; B won where A lost: {c}")
    print(f"exact two-sided sign test: p = {sign_test(b, c):.4f}")


if __name__ == "__main__":
    main(sys.argv[1:])
