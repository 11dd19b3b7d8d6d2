"""Test zank on every Python version the package metadata claims: ``nox``.

``.ci/run`` runs the whole suite on one Python; this file runs a quick subset of
it on every other version that pyproject.toml's classifiers list and that is
installed (a version that is missing is skipped, with a message). The subset
covers what differs between versions: the portable shuffle and the golden
deals, the public API, cards, records and JSON, the command, and typing.

    nox                     # every listed version that is installed
    nox -s tests-3.12       # one version
    nox -s tests-3.12 -- tests/test_contract.py   # other tests
    nox -s full             # everything, before a release (see below)

``full`` runs every test that CI samples or leaves out: every case of the slow
matrix tests (``--full``), the thorough Hypothesis profile, with every extra, on
all cores: what CI ran on every commit until December 2026 (923 s on one core of
an idle CI machine).

pyenv's versions are found without ``pyenv global``: their ``bin`` folders are
put on the path.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import nox

ROOT = Path(__file__).resolve().parent

#: The versions of the classifiers ("Programming Language :: Python :: 3.N").
PYTHONS = re.findall(
    r'"Programming Language :: Python :: (3\.\d+)"',
    (ROOT / "pyproject.toml").read_text(encoding="utf-8"),
)

#: The quick subset run on every version (the whole suite runs in .ci/run).
QUICK = [
    "tests/test_random.py",
    "tests/test_golden.py",
    "tests/test_cards.py",
    "tests/test_api.py",
    "tests/test_play.py",
    "tests/test_terminal.py",
    "tests/test_typing.py",
    "tests/test_schemas.py",
]

nox.options.error_on_missing_interpreters = False  # skip what is not installed
nox.options.download_python = "never"  # nor fetch it (nox with uv would, by default)
nox.options.reuse_venv = "yes"


def _pyenv_on_path() -> None:
    root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    found = sorted(str(p) for p in (root / "versions").glob("3.*/bin") if p.is_dir())
    if found:  # ahead of pyenv's shims, which only serve the global version
        os.environ["PATH"] = os.pathsep.join([*found, os.environ.get("PATH", "")])


_pyenv_on_path()


@nox.session(python=PYTHONS, venv_backend="uv|venv")
def tests(session: nox.Session) -> None:
    """The quick subset of the tests (or the tests given after ``--``)."""
    # uv where nox finds it (``pip install 'nox[uv]'``), else venv and pip; neither
    # compiles bytecode ahead (pip's --no-compile): Python writes that of what the
    # tests import as they run
    no_compile = ["--no-compile"] if session.venv_backend == "venv" else []
    session.install(*no_compile, "-e", ".[test]")
    session.run(
        "python", "-m", "pytest", "-q", "-p", "no:cacheprovider", *(session.posargs or QUICK)
    )


@nox.session(python=False)
def full(session: nox.Session) -> None:
    """Every test, every case, the thorough profile (in the current environment,
    which needs ``.[dev,pettingzoo,openspiel,dask,ray]``); run it before a release."""
    session.run(
        "python",
        "-m",
        "pytest",
        "-n",
        "auto",
        "--full",
        "-m",
        "not browser",
        *session.posargs,
        env={"HYPOTHESIS_PROFILE": "full", "ZANK_FULL_TESTS": "1"},
    )
