"""Simulation throughput per executor and chunk size, and memory per number of games.

Run: ``python benchmarks/simulate_executors.py speed [--games N] [--workers W]
[--chunks 1,8,64,256] [--executors serial,process,dask,ray]`` prints games/s of
``zank.simulate.stream`` for each executor and chunk size (the engine's start-up
is timed apart, and games/s counts the games only), the median of ``--repeat``
runs over the same seeded games.

``python benchmarks/simulate_executors.py memory --games 10000,100000`` runs
``zank simulate`` (a process pool of ``--workers`` processes, rows streamed to a
JSON-lines file) once per number of games, each in a fresh process, and prints
its peak resident memory and that of the largest worker; ``--in-memory`` runs
``zank.simulate.run`` instead, which keeps every game, for contrast.

Dask and Ray are optional (``pip install 'zank[dask]' 'zank[ray]'``): a missing
one is left out with a note.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence

import zank
from zank.simulate import Executor, open_executor, run, stream

VARIANT = "spite-and-malice"


def speed(args: argparse.Namespace) -> None:
    rules = zank.variant(VARIANT)
    agents = args.agents.split(",")
    chunks = [int(c) for c in args.chunks.split(",")]
    print(f"{VARIANT}, {args.games} games of {args.agents}, {args.workers} workers, "
          f"median of {args.repeat} interleaved runs; load {os.getloadavg()[0]:.1f}")  # fmt: skip
    with contextlib.ExitStack() as stack:
        executors: dict[str, tuple[Executor | None, float]] = {}
        for kind in args.executors.split(","):
            spec = "process" if kind == "serial" else kind
            workers = 1 if kind == "serial" else args.workers
            start = time.perf_counter()
            try:
                executor = stack.enter_context(open_executor(spec, workers))
            except zank.ZankError as e:
                print(f"{kind:10} left out: {e}")
                continue
            stream(rules, agents, 8 * args.workers, executor=executor, chunk_size=2)  # warm up
            executors[kind] = (executor, time.perf_counter() - start)
        configs = [
            (kind, chunk)
            for kind in executors
            for chunk in ([chunks[0]] if kind == "serial" else chunks)
        ]
        rates: dict[tuple[str, int], list[float]] = {c: [] for c in configs}
        for _ in range(args.repeat):  # A/B/A/B: the load of a shared machine drifts
            for kind, chunk in configs:
                executor = executors[kind][0]
                tally = stream(rules, agents, args.games, executor=executor, chunk_size=chunk)
                rates[kind, chunk].append(tally.played / tally.seconds)
    print(f"{'executor':10} {'chunk':>6} {'start s':>8} {'games/s':>9}   runs")
    for (kind, chunk), runs in rates.items():
        shown = "-" if kind == "serial" else str(chunk)
        print(f"{kind:10} {shown:>6} {executors[kind][1]:8.1f} {statistics.median(runs):9.1f}   "
              + " ".join(f"{r:.0f}" for r in runs))  # fmt: skip
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


def memory_child(games: int, workers: int, in_memory: bool, out: str) -> None:
    """One measured run, in this (fresh) process."""
    start = time.perf_counter()
    if in_memory:
        rules = zank.variant(VARIANT)
        with open_executor("process", workers) as executor:
            sim = run(rules, ["random", "random"], games, executor=executor)
        played = len(sim.games)
    else:
        from zank.cli import main

        argv = ["simulate", VARIANT, "--games", str(games), "--jobs", str(workers), "--out", out]
        status = main(argv)
        assert status == 0
        played = games
    seconds = time.perf_counter() - start
    me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    size = os.path.getsize(out) if os.path.exists(out) else 0
    print(f"RESULT {played} {seconds:.1f} {me} {kids} {size}", file=sys.stderr)


def memory(args: argparse.Namespace) -> None:
    how = "zank.simulate.run (every game kept)" if args.in_memory else "zank simulate --out"
    print(f"{how}, {VARIANT} random,random, {args.workers} worker processes")
    print(f"{'games':>10} {'seconds':>9} {'games/s':>8} {'peak MiB':>9} {'worker MiB':>11} "
          f"{'file MiB':>9}")  # fmt: skip
    for games in [int(g) for g in args.games.split(",")]:
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "games.jsonl")
            mode = ["--in-memory"] if args.in_memory else []
            command = [__file__, "memory-child", str(games), str(args.workers), out, *mode]
            proc = subprocess.run(
                [sys.executable, *command],
                capture_output=True,
                text=True,
                check=True,
            )
        line = next(x for x in proc.stderr.splitlines() if x.startswith("RESULT"))
        played, seconds, me, kids, size = line.split()[1:]
        print(f"{int(played):10,} {float(seconds):9.1f} {int(played) / float(seconds):8.1f} "
              f"{int(me) / 1024:9.1f} {int(kids) / 1024:11.1f} {int(size) / 2**20:9.1f}",
              flush=True)  # fmt: skip


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("speed")
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--agents", default="random,random")
    p.add_argument("--chunks", default="1,8,64,256")
    p.add_argument("--executors", default="serial,process,dask,ray")
    p.add_argument("--repeat", type=int, default=3)
    p = sub.add_parser("memory")
    p.add_argument("--games", default="10000,100000")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--in-memory", action="store_true")
    p = sub.add_parser("memory-child")
    p.add_argument("n", type=int)
    p.add_argument("workers", type=int)
    p.add_argument("out")
    p.add_argument("--in-memory", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "speed":
        speed(args)
    elif args.command == "memory":
        memory(args)
    else:
        memory_child(args.n, args.workers, args.in_memory, args.out)


if __name__ == "__main__":
    main()
