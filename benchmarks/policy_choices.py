"""Fingerprints of the greedy policies' choices, for a change meant to keep them.

Run: ``python benchmarks/policy_choices.py [--variant NAME ...] [--games N]``

``benchmarks/fingerprint.py`` hashes two greedy games per option set; a change to
a policy itself (a faster scorer, C types) needs more of its choices seen.  For
each variant with a greedy policy, each option set of its ``presets`` and each
seat count it allows, ``N`` seeded games are played, the moves chosen in turn
by the greedy policy, its twins and uniform random play (so that the policy is
asked in positions it would not reach itself), and at every state the script
hashes what the policy chooses (with its generator's state after the choice)
and what its twins give: the ``unblock`` policy's choice and the ``reach``
values where the policy has them (``zank.agents.search.UNBLOCK_ATTRIBUTE``,
``REACH_ATTRIBUTE``).  Prints one digest per configuration and one over all;
run it on the build before and after the change (``PYTHONPATH``) and compare.
"""

from __future__ import annotations

import argparse
import hashlib
from collections.abc import Sequence

import zank
from zank.agents import greedy_policy_of
from zank.agents.search import REACH_ATTRIBUTE, UNBLOCK_ATTRIBUTE
from zank.core import Rules
from zank.random import Rng


def digest(rules: Rules, players: int, games: int, seed: int) -> tuple[str, int]:
    """The digest of the policy's choices along ``games`` games, and the states seen."""
    policy = greedy_policy_of(rules)
    unblock = getattr(policy, UNBLOCK_ATTRIBUTE, None)
    reach = getattr(policy, REACH_ATTRIBUTE, None)
    h = hashlib.sha256()
    states = 0
    for g in range(games):
        state = rules.new_game(players=players, seed=seed + g)
        greedy_rng, twin_rng, pick_rng = Rng(g), Rng(g + 7), Rng(g + 99)
        while state.outcome is None and state.ply < 3000:
            moves = rules.legal_moves(state)
            seat = state.to_move
            assert seat is not None
            seen = rules.observe(state, seat)
            chosen = [policy(rules, seen, moves, greedy_rng)]
            parts = [chosen[0].text, str(greedy_rng.state)]
            if unblock is not None:
                chosen.append(unblock(rules, seen, moves, twin_rng))
                parts.append(chosen[-1].text)
            if reach is not None:
                parts.append(repr(reach(rules, state)))
            h.update(("|".join(parts) + ";").encode())
            states += 1
            chosen.append(moves[pick_rng.below(len(moves))])
            state = rules.apply(state, chosen[state.ply % len(chosen)])
    return h.hexdigest()[:16], states


def main(argv: Sequence[str] | None = None) -> int:
    """Print the digests."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--variant", action="append", help="only these variants")
    parser.add_argument("--games", type=int, default=40, help="games per configuration (40)")
    args = parser.parse_args(argv)
    total = hashlib.sha256()
    count = 0
    for name in args.variant or sorted(zank.VARIANTS):
        cls = zank.VARIANTS[name]
        if cls.greedy_policy is None:
            continue
        for i, options in enumerate(cls.presets):
            rules = zank.variant(name, **dict(options))
            for players in range(cls.min_players, cls.max_players + 1):
                key, states = digest(rules, players, args.games, 1000 * i)
                print(f"{name}/{i}/{players}p {states:>9,} {key}", flush=True)
                total.update(key.encode())
                count += states
    print(f"all {count:,} states {total.hexdigest()[:16]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
