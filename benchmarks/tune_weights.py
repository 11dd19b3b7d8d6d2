"""Self-play tuning of the search agent's leaf evaluation.

Run: ``python benchmarks/tune_weights.py VARIANT [--games N] [--seed S]
[--iterations I] [--max-moves M] [--param NAME=V1,V2,...] ... [--option NAME=VALUE]
[--json FILE]``; ``--report FILE`` prints the Markdown table of a ``--json`` file.

What is tuned are the settings of :func:`zank.agents.search.leaf_values`, the
score of a position a rollout stopped in: ``scale`` (how many cards of lead
make a position nearly won) and, per pile kind, the weight of one card left
there (``w.reserve``, ``w.hand``, ..., see :func:`zank.agents.search.goal_weights`;
they start at the layout's defaults).  The greedy policies' own priorities are
the variants' documented rules of thumb, not weights, and are not tuned here.

Coordinate ascent by self-play: the *incumbent* starts at the defaults; for each
``--param`` in turn, each of its other values is tried in a
:class:`~zank.agents.SearchAgent` (``--iterations`` and ``--max-moves``, the
budget of a cheap search level) that plays the incumbent in ``--games`` games,
in pairs on the same deal with the seats swapped (``search_strength.duel``).  A
value replaces the incumbent's only if its share of the points (a win 1, a
draw ½) is above one half with the lower end of its 95 % Wilson interval (of the
points, a half point rounded to even) above ``--accept`` (default 0.5: a change
must be shown, not guessed); otherwise the incumbent stays.  Every trial is
printed and, with ``--json``, appended as a JSON line, and the last line is the
tuned settings.

The defaults are small so that a run fits a shared machine (a few minutes a
parameter at ``zank-detailed``); read the intervals, not the shares.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import zank
from zank.agents.search import goal_weights
from zank.core import Rules
from zank.simulate import wilson

_HERE = Path(__file__).resolve().parent


def _strength() -> Any:
    """``benchmarks/search_strength.py`` as a module (its duplicate duel)."""
    spec = importlib.util.spec_from_file_location("search_strength", _HERE / "search_strength.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def agent_name(settings: dict[str, Any], iterations: int, max_moves: int) -> str:
    """The ``search?...`` name of a search agent with these leaf settings."""
    weights = {k[2:]: v for k, v in settings.items() if k.startswith("w.")}
    parts = [f"iterations={iterations}", f"max_moves={max_moves}"]
    parts.append(f"scale={settings['scale']}")
    parts.append("weights=" + json.dumps(weights, separators=(",", ":"), sort_keys=True))
    return "search?" + "&".join(parts)


def defaults(rules: Rules) -> dict[str, Any]:
    """The leaf settings a :class:`~zank.agents.SearchAgent` uses by default."""
    out: dict[str, Any] = {"scale": 4.0}
    out.update({f"w.{k}": v for k, v in goal_weights(rules, 2).items()})
    return out


def tune(
    rules: Rules,
    params: dict[str, list[float]],
    games: int,
    seed: int,
    iterations: int,
    max_moves: int,
    accept: float,
    out: str | None,
) -> dict[str, Any]:
    """Coordinate ascent over ``params`` from the defaults; the tuned settings."""
    duel = _strength().duel
    incumbent = defaults(rules)
    trial = 0
    for name, values in params.items():
        if name != "scale" and name not in incumbent:
            raise SystemExit(f"{name}: not a setting of {rules.name} (have {sorted(incumbent)})")
        for value in values:
            if value == incumbent[name]:
                continue
            candidate = {**incumbent, name: value}
            a = agent_name(candidate, iterations, max_moves)
            b = agent_name(incumbent, iterations, max_moves)
            start = time.perf_counter()
            run = duel(rules, a, b, games, seed + trial * games, None)
            trial += 1
            points = run["wins"] + run["draws"] / 2
            played = run["wins"] + run["losses"] + run["draws"]
            lo, hi = wilson(round(points), played) if played else (0.0, 1.0)
            better = played > 0 and points / played > 0.5 and lo > accept
            row = {
                "variant": rules.name,
                "options": rules.options,
                "param": name,
                "value": value,
                "against": incumbent[name],
                "games": games,
                "seed": run["seed"],
                "wins": run["wins"],
                "losses": run["losses"],
                "draws": run["draws"],
                "share": points / played if played else None,
                "wilson95": [lo, hi],
                "accepted": better,
                "iterations": iterations,
                "max_moves": max_moves,
                "seconds": round(time.perf_counter() - start, 1),
            }
            print(
                f"{name}={value} against {incumbent[name]}: {run['wins']} won, {run['losses']} "
                f"lost, {run['draws']} drawn; {row['share']:.0%} of the points "
                f"[{lo:.0%}, {hi:.0%}]" + ("  -> accepted" if better else ""),
                flush=True,
            )
            if out:
                with open(out, "a", encoding="utf-8") as f:
                    f.write(json.dumps(row) + "\n")
            if better:
                incumbent = candidate
    return incumbent


def report(path: str) -> str:
    """The trials of a ``--json`` file as the rows of a Markdown table."""
    lines = [
        "| variant | setting | tried | against | games | won | lost | drawn | "
        "share of the points, 95 % interval | accepted |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    with open(path, encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            if "param" not in r:
                continue
            lo, hi = r["wilson95"]
            lines.append(
                f"| `{r['variant']}` | `{r['param']}` | {r['value']} | {r['against']} | "
                f"{r['games']} | {r['wins']} | {r['losses']} | {r['draws']} | "
                f"{r['share']:.0%} [{lo:.0%}, {hi:.0%}] | {'yes' if r['accepted'] else 'no'} |"
            )
    return "\n".join(lines)


def _values(text: str) -> tuple[str, list[float]]:
    name, _, values = text.partition("=")
    return name.strip(), [float(v) for v in values.split(",") if v.strip()]


def main(argv: Sequence[str] | None = None) -> None:
    """Tune and print the trials and the tuned settings (or ``--report FILE``)."""
    if argv is None:
        argv = sys.argv[1:]
    if len(argv) == 2 and argv[0] == "--report":
        print(report(argv[1]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("--games", type=int, default=8, help="games per trial (8)")
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--iterations", type=int, default=24)
    parser.add_argument("--max-moves", type=int, default=10)
    parser.add_argument("--accept", type=float, default=0.5)
    parser.add_argument(
        "--param",
        action="append",
        type=_values,
        default=[],
        metavar="NAME=V1,V2",
        help="a setting and the values to try: scale=2,8 or w.reserve=1,2.5 (repeatable; "
        "default: scale=2,8)",
    )
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--json", default=None, help="append each trial as a JSON line here")
    args = parser.parse_args(argv)
    options = {k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)}
    rules = zank.variant(args.variant, **options)
    params = dict(args.param) or {"scale": [2.0, 8.0]}
    tuned = tune(
        rules,
        params,
        args.games,
        args.seed,
        args.iterations,
        args.max_moves,
        args.accept,
        args.json,
    )
    print("tuned:", json.dumps(tuned, sort_keys=True))
    if args.json:
        with open(args.json, "a", encoding="utf-8") as f:
            f.write(json.dumps({"variant": rules.name, "tuned": tuned}) + "\n")


if __name__ == "__main__":
    main()
