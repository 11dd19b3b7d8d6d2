"""Mutation testing of one rules module with cosmic-ray: ``python benchmarks/mutation.py MODULE``.

The modules, the tests each one runs against, the operators left out, the sample size
and its seed are in ``benchmarks/mutation.toml``. For one module this script

1. copies ``src/``, ``tests/``, ``docs/``, ``examples/`` and ``pyproject.toml`` into a
   work folder (``.mutation/MODULE/``, ignored by git), because cosmic-ray writes each
   mutant into the module's file on disk and the checkout must stay untouched while you
   work on it;
2. writes the cosmic-ray configuration there (the module's path; the test command: the
   quick loop, ``-x -m "not slow"``, of that module's own test files only, narrowed by
   the module's ``select``, a ``-k`` expression, where it has one; its ``marks``, a
   ``-m`` expression, replaces ``not slow``), checks
   that the tests pass on the unchanged module (``cosmic-ray baseline``) and runs
   ``cosmic-ray init``;
3. marks as skipped the mutants of the excluded operators, then all but a seeded random
   sample of the rest (``--sample 0`` keeps them all);
4. runs ``cosmic-ray exec`` (``--rerun`` runs again only the survivors of the last run,
   after tests were added: a killed mutant stays killed when tests are only added;
   ``--resume`` goes on with a stopped run);
5. prints the score and every survivor (line, operator, the line before and after), and
   writes them to ``.mutation/MODULE/survivors.txt``.

The score is killed / (killed + survived), mutants listed as equivalent in the
configuration left out. Run it under ``nice``; it needs the ``mutation`` extra
(``pip install -e '.[mutation]'``).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

from cosmic_ray.work_db import WorkDB, use_db
from cosmic_ray.work_item import WorkerOutcome, WorkResult

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "benchmarks" / "mutation.toml"
WORK = ROOT / ".mutation"


def _load() -> dict[str, Any]:
    with CONFIG.open("rb") as f:
        config: dict[str, Any] = tomllib.load(f)
    return config


def _copy_tree(dest: Path) -> None:
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", "_build")
    # docs: tests read the rules pages; examples: tests/test_mini_variant.py loads the
    # mini example's module (examples/zank-mini) from its file
    for name in ("src", "tests", "docs", "examples"):
        shutil.copytree(ROOT / name, dest / name, ignore=ignore)
    shutil.copy2(ROOT / "pyproject.toml", dest / "pyproject.toml")


def _cosmic(*args: str, cwd: Path) -> None:
    # an absolute path: tests that start `zank` in another folder (tests/test_cli.py's
    # pseudo-terminal runs in tmp_path) must import the mutated copy too
    env = {"PYTHONPATH": str(cwd.resolve() / "src"), "PYTHONDONTWRITEBYTECODE": "1"}
    subprocess.run(
        # cosmic-ray's command line with the operators it lacks (deleted return and raise)
        [sys.executable, str(ROOT / "benchmarks" / "mutation_operators.py"), *args],
        cwd=cwd,
        check=True,
        env={**os.environ, **env},
    )


def _config_text(module: dict[str, Any], settings: dict[str, Any]) -> str:
    # an entry is a test file or a pytest node id (file::test) of it
    tests = [t for t in module["tests"] if (ROOT / t.split("::")[0]).exists()]
    # `select`: a pytest -k expression that keeps the tests of the module's own
    # variant out of a file shared by all (e.g. "crapette or not test_table_mode")
    select = f" -k '{module['select']}'" if module.get("select") else ""
    # `marks`: a pytest -m expression, "not slow" (the quick loop) unless the module
    # says otherwise ("": every test of its files, e.g. the Dask and Ray clusters)
    marks = module.get("marks", "not slow")
    mark = f" -m '{marks}'" if marks else ""
    command = (
        f"{sys.executable} -m pytest -x -q -p no:cacheprovider -p no:randomly"
        f"{mark}{select} {' '.join(tests)}"
    )
    return (
        "[cosmic-ray]\n"
        f'module-path = "{module["path"]}"\n'
        f"timeout = {float(module.get('timeout', settings['timeout']))}\n"
        "excluded-modules = []\n"
        f'test-command = "{command}"\n\n'
        '[cosmic-ray.distributor]\nname = "local"\n'
    )


Job = tuple[str, str, int, int, str | None, str | None, str]


def _jobs(db: Path) -> list[Job]:
    """Each mutant: job id, operator, line, column, worker outcome, test outcome, diff."""
    results: dict[str, Any] = {}
    jobs: list[Job] = []
    with use_db(str(db), WorkDB.Mode.open) as work_db:
        for job_id, result in work_db.results:
            results[job_id] = result
        for item in work_db.work_items:
            spec = item.mutations[0]
            result = results.get(item.job_id)
            jobs.append(
                (
                    item.job_id,
                    spec.operator_name,
                    spec.start_pos[0],
                    spec.start_pos[1],
                    result.worker_outcome.value if result else None,
                    result.test_outcome.value if result and result.test_outcome else None,
                    (result.diff or "") if result else "",
                )
            )
    return sorted(jobs, key=lambda j: (j[2], j[3], j[1]))


def _mutant_order(db: Path) -> dict[str, tuple[str, int, int, int]]:
    """Each mutant's place in a fixed order: operator, line, column, occurrence."""
    order: dict[str, tuple[str, int, int, int]] = {}
    with use_db(str(db), WorkDB.Mode.open) as work_db:
        for item in work_db.work_items:
            spec = item.mutations[0]
            key = (spec.operator_name, spec.start_pos[0], spec.start_pos[1], spec.occurrence)
            order[item.job_id] = key
    return order


def _skip(db: Path, job_ids: list[str], why: str) -> None:
    with use_db(str(db), WorkDB.Mode.open) as work_db:
        for job_id in job_ids:
            work_db.set_result(job_id, WorkResult(output=why, worker_outcome=WorkerOutcome.SKIPPED))


def _unset(db: Path, job_ids: list[str]) -> None:
    con = sqlite3.connect(db)
    try:
        con.executemany("DELETE FROM work_results WHERE job_id = ?", [(j,) for j in job_ids])
        con.commit()
    finally:
        con.close()


def _init(
    name: str, module: dict[str, Any], settings: dict[str, Any], sample: int, seed: int
) -> Path:
    work = WORK / name
    _copy_tree(work)
    (work / "cosmic-ray.toml").write_text(_config_text(module, settings), encoding="utf-8")
    db = work / "session.sqlite"
    _cosmic("baseline", "cosmic-ray.toml", cwd=work)  # the tests pass on the module as it is
    _cosmic("init", "cosmic-ray.toml", str(db), cwd=work)
    excluded = re.compile("|".join(f"(?:{p})" for p in settings["exclude-operators"]))
    jobs = _jobs(db)
    out = [j[0] for j in jobs if excluded.fullmatch(j[1])]
    _skip(db, out, "operator excluded (benchmarks/mutation.toml)")
    # the sample is drawn from the mutants in a fixed order (cosmic-ray's job ids are
    # random, so an order by id would draw another sample at each init)
    order = _mutant_order(db)
    kept = sorted((j[0] for j in jobs if not excluded.fullmatch(j[1])), key=order.__getitem__)
    print(f"{name}: {len(jobs)} mutants, {len(kept)} of the kept operators", flush=True)
    if sample and sample < len(kept):
        chosen = set(random.Random(seed).sample(kept, sample))
        _skip(db, [j for j in kept if j not in chosen], f"not in the sample (seed {seed})")
        print(f"{name}: sample of {sample} drawn with seed {seed}", flush=True)
    return db


def _equivalents(config: dict[str, Any], name: str) -> list[dict[str, str]]:
    """The equivalent mutants of module ``name``, and those of every module (``"*"``)."""
    return [e for e in config.get("equivalent", []) if e["module"] in (name, "*")]


def _matches(entry: dict[str, Any], operator: str, source: str, col: int, previous: str) -> bool:
    """Whether a surviving mutant is the equivalent mutant ``entry`` describes:
    its operator, and its line's text (``line``, whole, or ``line_prefix``); where
    the same text stands in several places, ``previous`` (the text of the line
    before) tells them apart."""
    if entry["operator"] != operator or col not in entry.get("columns", [col]):
        return False
    if entry.get("previous", previous) != previous:
        return False
    if "line_prefix" in entry:
        return source.startswith(entry["line_prefix"])
    return bool(entry["line"] == source)


def report(name: str, config: dict[str, Any]) -> tuple[int, int, int]:
    """Print the score of the last run of module ``name`` and its survivors."""
    work = WORK / name
    db = work / "session.sqlite"
    path = config["modules"][name]["path"]
    lines = (work / path).read_text(encoding="utf-8").splitlines()
    equivalents = _equivalents(config, name)
    killed = survived = equivalent = 0
    text: list[str] = []
    for _job_id, operator, row, col, outcome, test, diff in _jobs(db):
        if outcome != "normal":
            continue
        if test == "killed":
            killed += 1
            continue
        if test != "survived":  # incompetent: the test command could not run
            continue
        source = lines[row - 1].strip()
        previous = lines[row - 2].strip() if row > 1 else ""
        if any(_matches(e, operator, source, col, previous) for e in equivalents):
            equivalent += 1
            continue
        survived += 1
        changed = [
            d
            for d in diff.splitlines()
            if d.startswith(("-", "+")) and not d.startswith(("---", "+++"))
        ]
        text.append(f"{path}:{row}:{col} {operator}\n    {source}")
        text.extend(f"    {d}" for d in changed)
    total = killed + survived
    score = 100.0 * killed / total if total else 100.0
    head = (
        f"{name}: {killed} killed, {survived} survived, {equivalent} equivalent left out: "
        f"score {score:.1f} % of {total}"
    )
    (work / "survivors.txt").write_text("\n".join([head, *text, ""]), encoding="utf-8")
    print("\n".join([*text, head]))
    return killed, survived, equivalent


def main(argv: list[str] | None = None) -> int:
    """Run (or report) the mutation campaign of the modules named on the command line."""
    config = _load()
    settings = config["settings"]
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("modules", nargs="+", choices=sorted(config["modules"]))
    parser.add_argument("--sample", type=int, default=int(settings["sample"]))
    parser.add_argument("--seed", type=int, default=int(settings["seed"]))
    parser.add_argument(
        "--rerun", action="store_true", help="run the survivors of the last run again"
    )
    parser.add_argument("--resume", action="store_true", help="go on with a run that was stopped")
    parser.add_argument("--report", action="store_true", help="only print the last results")
    args = parser.parse_args(argv)
    for name in args.modules:
        module = config["modules"][name]
        if args.report:
            report(name, config)
            continue
        if args.resume:
            # a stopped run may have left its last mutant in the copy: put the module
            # back (it must be unchanged in the checkout since the run began)
            shutil.copy2(ROOT / module["path"], WORK / name / module["path"])
            db = WORK / name / "session.sqlite"
        elif args.rerun:
            work = WORK / name
            db = work / "session.sqlite"
            survivors = [j[0] for j in _jobs(db) if j[4] == "normal" and j[5] != "killed"]
            if (work / module["path"]).read_bytes() != (ROOT / module["path"]).read_bytes():
                print(
                    f"{name}: the module differs from the last run's copy: run it afresh, "
                    "or --resume if a stopped run left a mutant in the copy"
                )
                return 1
            shutil.rmtree(work / "tests")  # the new tests; the mutants stay as they were
            shutil.copytree(ROOT / "tests", work / "tests")
            (work / "cosmic-ray.toml").write_text(_config_text(module, settings), encoding="utf-8")
        else:
            db = _init(name, module, settings, args.sample, args.seed)
        if args.rerun or args.resume:  # the tests as they are now pass on the copy
            _cosmic("baseline", "cosmic-ray.toml", cwd=WORK / name)
        if args.rerun:
            # only now: a baseline that fails (or times out) leaves the last run's
            # results as they were, so that --rerun finds its survivors again
            _unset(db, survivors)
            print(f"{name}: running the {len(survivors)} survivors again", flush=True)
        _cosmic("exec", "cosmic-ray.toml", str(db), cwd=WORK / name)
        report(name, config)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
