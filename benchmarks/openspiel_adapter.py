"""The OpenSpiel adapter's costs (issue 32), in one process and one loop with
OpenSpiel's own C++ card games.

Run: ``python benchmarks/openspiel_adapter.py [--games N] [--variant NAME]``
(``PYTHONPATH`` chooses which zank it measures, e.g. an older checkout's ``src``).

Per variant and seat count (fewest and most seats):

* ``load ms``: ``pyspiel.load_game`` in a fresh process, first (``cold``, builds
  the context) and then again (``warm``, the median of 20 loads);
* ``deal µs/node``: the deal's chance nodes with uniform random outcomes (the
  mean over ``N`` deals), and ``deal ms`` a whole deal;
* ``load state ms``: ``pyspiel.deserialize_game_and_state`` and ``pickle.loads``
  of a state 20 moves into the game (the median of 20);
* ``nodes/s``: random play through ``pyspiel`` (chance outcomes and legal
  actions chosen uniformly, every node counted), ``N`` games of at most 3,000
  player moves each; ``deal %``: the deal's share of that time.

With ``--strings``, instead: the size and cost of the strings and tensors,
per variant and seat count, along one random game (seed 0, at most 3,000
player moves), called once for the seat to move at every player decision:
the information-state string's mean and largest length (characters) and
µs per call, and µs per call of the observation string, observation tensor
and information-state tensor (each the mean over the game's decisions).

With ``--split``, instead: per variant and seat count, ``N`` random games under
cProfile, split into the engine's own cost (``Rules.legal_moves``,
``Rules.apply`` and ``Rules.observe``, and the rules' ``_apply`` that the adapter
calls for a move it checked, with what they call) and the rest (the
adapter's bookkeeping: legal-action ids, chance outcomes, the cards a move shows,
the record; OpenSpiel's pybind11 calls; the loop), in µs per node under the
profiler (which inflates small calls: compare the shares, and builds in one run).

The C++ games ``hearts``, ``crazy_eights`` and ``gin_rummy`` run through the same
random-play loop for comparison.  Every time is the process's CPU time
(``time.process_time``), so that other work on a shared machine counts less.
"""

from __future__ import annotations

import argparse
import pickle
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pyspiel

import zank
import zank.adapters.openspiel as zos

MAX_MOVES = 3000


def random_play(game: Any, seed: int) -> tuple[int, float, float]:
    """One random game: (nodes, seconds, seconds of the deal)."""
    rnd = random.Random(seed)
    clock = time.process_time
    t0 = clock()
    state = game.new_initial_state()
    nodes = moves = 0
    deal_end = None
    while not state.is_terminal() and moves < MAX_MOVES:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rnd.choice(outcomes)[0])
        else:
            if deal_end is None:
                deal_end = clock()
            state.apply_action(rnd.choice(state.legal_actions()))
            moves += 1
        nodes += 1
    end = clock()
    return nodes, end - t0, (deal_end or end) - t0


def deal_cost(game: Any, deals: int) -> tuple[float, float]:
    """(µs per chance node of the deal, ms per deal)."""
    nodes = 0
    total = 0.0
    for seed in range(deals):
        rnd = random.Random(seed)
        t0 = time.process_time()
        state = game.new_initial_state()
        while state.zank_state is None:  # the deal's nodes
            state.apply_action(rnd.choice(state.chance_outcomes())[0])
            nodes += 1
        total += time.process_time() - t0
    return total / nodes * 1e6, total / deals * 1e3


def load_state_cost(game: Any) -> tuple[float, float]:
    """(ms per deserialize_game_and_state, ms per pickle.loads) of a state 20 moves in."""
    rnd = random.Random(5)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal() and moves < 20:
        if state.is_chance_node():
            state.apply_action(rnd.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rnd.choice(state.legal_actions()))
            moves += 1
    text = pyspiel.serialize_game_and_state(game, state)
    blob = pickle.dumps(state)
    out = []
    for kind in ("deserialize", "unpickle"):
        times = []
        for _ in range(20):
            t0 = time.process_time()
            if kind == "deserialize":
                pyspiel.deserialize_game_and_state(text)
            else:
                pickle.loads(blob)
            times.append(time.process_time() - t0)
        out.append(statistics.median(times) * 1e3)
    return out[0], out[1]


def load_cost(name: str, params: dict[str, Any]) -> tuple[float, float]:
    """(cold, warm) ms of load_game, measured in a fresh process."""
    code = (
        "import time, statistics, pyspiel, zank.adapters.openspiel\n"
        f"p = {params!r}\n"
        f"t = time.process_time(); pyspiel.load_game({name!r}, p)\n"
        "cold = time.process_time() - t\n"
        "ts = []\n"
        "for _ in range(20):\n"
        f"    t = time.process_time(); pyspiel.load_game({name!r}, p)\n"
        "    ts.append(time.process_time() - t)\n"
        "print(cold * 1e3, statistics.median(ts) * 1e3)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    return float(out[0]), float(out[1])


def play_rate(game: Any, games: int) -> tuple[float, float]:
    """(nodes/s of random play, the deal's share of its time in %)."""
    nodes = 0
    total = deal = 0.0
    for seed in range(games):
        n, t, d = random_play(game, seed)
        nodes += n
        total += t
        deal += d
    return nodes / total, 100 * deal / total


def strings_cost(game: Any) -> dict[str, float]:
    """Sizes and µs per call of the strings and tensors along one random game."""
    rnd = random.Random(0)
    state = game.new_initial_state()
    clock = time.process_time
    cost = dict.fromkeys(("info_str", "obs_str", "obs_tensor", "info_tensor"), 0.0)
    lengths: list[int] = []
    moves = 0
    while not state.is_terminal() and moves < MAX_MOVES:
        if state.is_chance_node():
            state.apply_action(rnd.choice(state.chance_outcomes())[0])
            continue
        p = state.current_player()
        t0 = clock()
        text = state.information_state_string(p)
        t1 = clock()
        state.observation_string(p)
        t2 = clock()
        state.observation_tensor(p)
        t3 = clock()
        state.information_state_tensor(p)
        t4 = clock()
        cost["info_str"] += t1 - t0
        cost["obs_str"] += t2 - t1
        cost["obs_tensor"] += t3 - t2
        cost["info_tensor"] += t4 - t3
        lengths.append(len(text))
        state.apply_action(rnd.choice(state.legal_actions()))
        moves += 1
    out = {k: v / len(lengths) * 1e6 for k, v in cost.items()}
    out["mean_len"] = statistics.mean(lengths)
    out["max_len"] = max(lengths)
    out["moves"] = moves
    return out


def engine_split(game: Any, games: int) -> tuple[int, float, float]:
    """(nodes, seconds, seconds in the engine) of ``games`` random games under cProfile."""
    import cProfile
    import pstats

    profile = cProfile.Profile()
    nodes = 0
    profile.enable()
    for seed in range(games):
        nodes += random_play(game, seed)[0]
    profile.disable()
    stats: dict[Any, Any] = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    total = max(entry[3] for entry in stats.values())

    def core(name: str) -> Any:
        return next((k for k in stats if k[0].endswith("zank/core.py") and k[2] == name), None)

    engine = 0.0
    apply_key, legal_key = core("apply"), core("legal_moves")
    for key in (apply_key, legal_key, core("observe")):
        if key is not None:
            engine += stats[key][3]
    if apply_key is not None and legal_key is not None:  # legal_moves inside apply: once
        engine -= stats[legal_key][4].get(apply_key, (0, 0, 0, 0))[3]
    # the rules' own ``_apply`` called by the adapter directly (a move it checked)
    for key, entry in stats.items():
        if key[2] == "_apply":
            for caller, timing in entry[4].items():
                if caller[0].endswith("adapters/openspiel.py"):
                    engine += timing[3]
    return nodes, total, engine


def _cases(variants: list[str] | None) -> Iterator[tuple[str, int]]:
    """``(variant, seats)``: each variant asked for (else every one) at its fewest
    and its most seats."""
    for variant in variants or sorted(zank.VARIANTS):
        cls = zank.VARIANTS[variant]
        for players in sorted({cls.min_players, cls.max_players}):
            yield variant, players


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--variant", action="append")
    parser.add_argument("--no-cpp", action="store_true", help="skip the C++ games")
    parser.add_argument("--strings", action="store_true", help="strings and tensors only")
    parser.add_argument("--split", action="store_true", help="engine / rest split only")
    args = parser.parse_args()
    if args.split:
        print(
            "| variant | seats | nodes | µs/node (profiled) | engine µs/node "
            "| rest µs/node | engine % |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|")
        for variant, players in _cases(args.variant):
            game = pyspiel.load_game(zos.game_name(variant), {"players": players})
            random_play(game, 10_000)  # warm
            nodes, total, engine = engine_split(game, args.games)
            print(
                f"| {variant} | {players} | {nodes:,} | {total / nodes * 1e6:.1f} "
                f"| {engine / nodes * 1e6:.1f} | {(total - engine) / nodes * 1e6:.1f} "
                f"| {100 * engine / total:.0f} |",
                flush=True,
            )
        return
    if args.strings:
        print(
            "| variant | seats | moves | info string chars mean / max | info string µs "
            "| obs string µs | obs tensor µs | info tensor µs |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        for variant, players in _cases(args.variant):
            game = pyspiel.load_game(zos.game_name(variant), {"players": players})
            c = strings_cost(game)
            print(
                f"| {variant} | {players} | {c['moves']:.0f} "
                f"| {c['mean_len']:,.0f} / {c['max_len']:,.0f} | {c['info_str']:.0f} "
                f"| {c['obs_str']:.0f} | {c['obs_tensor']:.0f} | {c['info_tensor']:.0f} |",
                flush=True,
            )
        return
    if not args.no_cpp:
        print("| C++ game | nodes/s |")
        print("|---|---:|")
        for name in ("hearts", "crazy_eights", "gin_rummy"):
            rate, _ = play_rate(pyspiel.load_game(name), args.games)
            print(f"| {name} | {rate:,.0f} |")
        print()
    print(
        "| variant | seats | load ms cold / warm | deal µs/node | deal ms "
        "| deserialize ms | unpickle ms | nodes/s | deal % |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for variant, players in _cases(args.variant):
        name = zos.game_name(variant)
        params = {"players": players}
        cold, warm = load_cost(name, params)
        game = pyspiel.load_game(name, params)
        per_node, per_deal = deal_cost(game, args.games)
        deser, unpickle = load_state_cost(game)
        rate, share = play_rate(game, args.games)
        print(
            f"| {variant} | {players} | {cold:.1f} / {warm:.2f} | {per_node:.0f} "
            f"| {per_deal:.1f} | {deser:.2f} | {unpickle:.2f} | {rate:,.0f} | {share:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
