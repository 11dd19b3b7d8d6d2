"""Which moves the Spite and Malice hard level given every card plays instead of greedy's.

Run: ``python benchmarks/sm_deviations.py --games N --seed S`` (the compiled
build on ``PYTHONPATH`` for speed).

The games are those of ``benchmarks/perfect_info.py --level search:hard``, played
by its ``duel`` (pairs on one deal with the seats swapped): at each decision with
a choice where the level given the true state (:class:`perfect_info.TrueWorldLevel`)
plays another move than a greedy agent would from the same observation, both moves
are labelled by kind (:func:`label`) and the pair counted.  Prints one JSON line: the pairs, most
frequent first, and how many of the level's moves played the last hand card.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from perfect_info import duel

import zank
from zank.cards import KING
from zank.core import Move, State
from zank.spite_malice import DISCARD, SRC_PAY, SRC_SIDE


def label(move: Move) -> str:
    """A move's kind: a discard, or a play from the pay-off pile, a side stack or
    the hand (a hand card's source is its rank: a king or a joker is wild)."""
    if move.kind == DISCARD:
        return "discard"
    if move.source == SRC_PAY:
        return "play pay-off"
    if move.source >= SRC_SIDE:
        return "play side"
    return "play hand wild" if move.source in (KING, 0) else "play hand"


def deviations(games: int, seed: int) -> dict[str, object]:
    """Play the games (:func:`perfect_info.duel`); the pairs (the level's kind,
    greedy's kind) counted."""
    pairs: Counter[tuple[str, str]] = Counter()
    last_card = 0

    def differs(state: State, move: Move, greedy: Move) -> None:
        nonlocal last_card
        pairs[(label(move), label(greedy))] += 1
        hand = state.pile(f"p{state.to_move}.hand")
        last_card += label(move).startswith("play hand") and len(hand) == 1

    out = duel(zank.variant("spite-and-malice"), games, seed, 0, 0, 0.0, "hard", differs=differs)
    return {
        "games": games,
        "seed": seed,
        "choices": out["with_choice"],
        "deviations": sum(pairs.values()),
        "played the last hand card": last_card,
        "pairs (level, greedy)": [[a, b, n] for (a, b), n in pairs.most_common()],
    }


def main(argv: Sequence[str] | None = None) -> None:
    """Print the JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=14000)
    args = parser.parse_args(argv)
    print(json.dumps(deviations(args.games, args.seed)))


if __name__ == "__main__":
    main()
