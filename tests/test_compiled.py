"""The compiled build and batched playouts (issue 22).

* ``zank.compiled`` tells which build runs; ``ZANK_PURE_PYTHON=1`` forces the
  ``.py`` files even where the compiled modules lie beside them.
* Compiled and pure builds hash alike: ``benchmarks/fingerprint.py`` (legal move
  lists, states, rule ids of refusals, observations, JSON, results and greedy
  choices along seeded games of every variant, preset and seat count) run in
  this process's build gives the pure build's digests, recorded in
  ``tests/golden/fingerprints.json`` (``regenerate_fingerprints.py``).  That test runs
  where the compiled build is installed (CI's compiled-wheel step); there
  ``ZANK_REQUIRE_COMPILED=1`` makes a pure-Python install an error, not a skip.
* :meth:`Rules.playouts` plays the games that the per-move API plays with the
  agents whose seeds :mod:`zank.playouts` names, on both builds.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import zank
import zank._values
import zank.working
from zank import _compiled
from zank.agents import Agent, GreedyAgent, RandomAgent, spite
from zank.core import Observation, Rules, State
from zank.errors import OptionError, ZankError
from zank.play import play_game
from zank.random import Rng

from .matrix import CASES, TABLE_CASES

ROOT = Path(__file__).resolve().parent.parent
REQUIRE = os.environ.get("ZANK_REQUIRE_COMPILED", "") not in ("", "0")


def _python(code: str, **env: str) -> str:
    """Run ``code`` in a fresh interpreter (this one's ``sys.path``) and return its output."""
    full = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p), **env}
    full.pop("ZANK_REQUIRE_COMPILED", None)
    done = subprocess.run(
        [sys.executable, "-c", code], env=full, capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


# ----------------------------------------------------------------- the builds
def test_the_flag_tells_the_build() -> None:
    extensions = [_compiled.is_extension(importlib.import_module(m)) for m in _compiled.MODULES]
    assert zank.compiled == extensions[0]
    # all or nothing: a wheel compiles every module of the list, a source tree none
    assert all(extensions) or not any(extensions)
    if REQUIRE:
        assert zank.compiled, "ZANK_REQUIRE_COMPILED=1, but the pure-Python build runs"
    if _compiled.pure_requested():
        assert not zank.compiled


def test_the_working_position_and_the_generator_are_extension_types_when_compiled() -> None:
    # working.pxd and random.pxd make them C types in the compiled build, so
    # that the kernels and the playout loop read their fields as struct members;
    # in pure Python they stay ordinary classes with the same slots
    heap = 1 << 9  # Py_TPFLAGS_HEAPTYPE: a class made by a class statement
    for cls in (zank.working.Working, Rng, spite._View):
        assert bool(cls.__flags__ & heap) is not zank.compiled, cls
    state = zank.variant("spite-and-malice").new_game(seed=3)
    w = zank.working.Working(state)
    assert w.state() is state
    with pytest.raises(AttributeError):
        w.extra = 1  # type: ignore[attr-defined]


def test_pure_python_forced_by_the_environment() -> None:
    code = (
        "import importlib, zank\nfrom zank import _compiled\n"
        "print(zank.compiled, any(_compiled.is_extension(importlib.import_module(m))"
        " for m in _compiled.MODULES))"
    )
    assert _python(code, ZANK_PURE_PYTHON="1").split() == ["False", "False"]
    assert _python(code, ZANK_PURE_PYTHON="0").split() == [str(zank.compiled)] * 2


def _runs_pure_with(cython_setup: str) -> None:
    """Run the source with ``cython_setup`` done first: every module of
    ``MODULES`` must take ``zank._nocython`` for ``cython`` and play as this
    process does."""
    code = (
        f"{cython_setup}\n"
        "import importlib, zank\nfrom zank import _compiled, _nocython\n"
        "mods = [importlib.import_module(m) for m in _compiled.MODULES]\n"
        "typed = [m for m in mods if hasattr(m, 'cython')]  # those that import it\n"
        "print(len(typed) >= 8 and all(m.cython is _nocython for m in typed))\n"
        "r = zank.variant('spite-and-malice')\n"
        "print(r.playouts(r.new_game(seed=1), 2, seed=0).lengths)"
    )
    flag, lengths = _python(code, ZANK_PURE_PYTHON="1").splitlines()
    assert flag == "True"
    r = zank.variant("spite-and-malice")
    assert lengths == str(r.playouts(r.new_game(seed=1), 2, seed=0).lengths)


def test_pure_python_runs_without_cython() -> None:
    # Cython is a build requirement, never a run-time one: where it is missing,
    # the modules' C type declarations fall back to zank._nocython
    _runs_pure_with("import sys\nsys.modules['cython'] = None  # import cython fails")


def test_pure_python_runs_beside_an_installed_cython() -> None:
    # With Cython installed, `import cython` gives Cython's own pure-Python
    # stand-in, which differs from zank._nocython: its arrays refuse a tuple,
    # and `cython.cimports` answers a C-only cimport with AttributeError
    # (Cython 3.3); an editable install beside Cython failed to import. The
    # source must use zank._nocython whenever it runs uncompiled. Imitated
    # here: a `cython` that says only that it is not compiled, and a
    # `cython.cimports` that fails the way Cython's does.
    _runs_pure_with(
        "import sys, types\n"
        "class Shadow(types.ModuleType):\n"
        "    compiled = False\n"
        "    def __getattr__(self, name):\n"
        "        raise AssertionError(f'cython.{name} of an installed Cython used')\n"
        "class CImports:\n"
        "    __path__: list[str] = []\n"
        "    def __getattr__(self, name):\n"
        "        raise AttributeError(name)\n"
        "sys.modules['cython'] = Shadow('cython')\n"
        "sys.modules['cython.cimports'] = CImports()"
    )


@pytest.mark.slow
def test_compiled_and_pure_builds_behave_alike(tmp_path: Path) -> None:
    if not zank.compiled:
        if REQUIRE:
            pytest.fail("ZANK_REQUIRE_COMPILED=1, but the pure-Python build runs")
        pytest.skip("the compiled build is not installed (an editable or sdist install)")
    # every configuration, a random game and two greedy games each; the refusals of
    # every action, the observations and the JSON of every 32nd state, against the
    # pure build's digests recorded in tests/golden/fingerprints.json (this test ran
    # the pure build beside the compiled one: half of its time)
    from .golden import regenerate_fingerprints as golden

    out = tmp_path / "compiled.json"
    argv = golden.command(out)[1:]  # the script and its arguments, run in this build
    _python(
        f"import runpy, sys\nsys.argv = {argv!r}\nrunpy.run_path(sys.argv[0], run_name='__main__')"
    )
    compiled = json.loads(out.read_text(encoding="utf-8"))
    pure = json.loads(golden.PATH.read_text(encoding="utf-8"))
    assert sum(v["states"] for v in compiled.values()) > 50_000
    built_in = {key.split("/")[0] for key in pure}  # not a variant of another package
    differ = sorted(
        k for k in compiled.keys() | pure.keys()
        if k.split("/")[0] in built_in and compiled.get(k) != pure.get(k)
    )  # fmt: skip
    assert not differ, (
        f"the compiled build differs from the pure build's recorded fingerprints in {differ}: "
        "if the rules were meant to change, run python tests/golden/regenerate_fingerprints.py"
    )


# ------------------------------------------------- states built slot by slot
def _holds_one_reference(build: Any, values: list[Any], at: int) -> None:
    """What ``build(*values)`` makes holds one reference to its field ``at``'s
    value, and drops it when it goes (a store without its ``Py_INCREF``, or
    one too many, fails here)."""
    marker = (1, 2, 3)
    args = list(values)
    args[at] = marker
    before = sys.getrefcount(marker)
    made = [build(*args) for _ in range(100)]
    assert sys.getrefcount(marker) == before + 100
    del made
    assert sys.getrefcount(marker) == before


def test_new_state_builds_what_attrs_builds() -> None:
    """:func:`zank._values.new_state` (slot stores in the compiled build) gives
    the state attrs' constructor gives: equal, same hash, pickles, evolves,
    weak references, tracked by the garbage collector, no reference lost or
    leaked."""
    import gc
    import pickle
    import weakref

    import attrs

    from zank._values import _FIELDS, _find_slots, new_state

    # the compiled build finds every slot (12: the fields and attrs' hash cache)
    assert _find_slots(State, _FIELDS, 0) == (12 if zank.compiled else 0)
    rules = zank.variant("spite-and-malice")
    dealt = rules.new_game(seed=5)
    values = [getattr(dealt, name) for name in _FIELDS]
    made = new_state(*values)
    built = State(*values)
    assert type(made) is State
    assert made == built
    assert hash(made) == hash(built)
    assert repr(made) == repr(built)
    assert all(getattr(made, name) is getattr(built, name) for name in _FIELDS)
    assert pickle.loads(pickle.dumps(made)) == made
    assert attrs.evolve(made, ply=7) == attrs.evolve(built, ply=7)
    assert weakref.ref(made)() is made
    assert gc.is_tracked(made)
    # a state holds one reference to each field's value, dropped when it goes
    _holds_one_reference(new_state, values, _FIELDS.index("info"))
    # and a game through the API is the one the attrs constructor plays
    state = dealt
    for move_number in range(60):
        if state.outcome is not None:
            break
        state = rules.apply(state, rules.legal_moves(state)[move_number % 3 - 1])
        again = State(*[getattr(state, name) for name in _FIELDS])
        assert state == again
        assert hash(state) == hash(again)


def test_new_observation_builds_what_attrs_builds() -> None:
    """:func:`zank._values.new_observation` likewise: what
    :meth:`Observation.of` returns is the observation attrs builds."""
    import pickle

    from zank._values import _VIEW_FIELDS, _find_slots, new_observation

    # eleven fields, no hash cache
    assert _find_slots(Observation, _VIEW_FIELDS, 1) == (11 if zank.compiled else 0)
    rules = zank.variant("zank-detailed")
    state = rules.new_game(seed=2)
    view = rules.observe(state, 1)
    values = [getattr(view, name) for name in _VIEW_FIELDS]
    built = Observation(*values)
    made = new_observation(*values)
    assert type(made) is Observation
    assert made == built
    assert hash(made) == hash(built)
    assert repr(made) == repr(built)
    assert all(getattr(made, name) is getattr(built, name) for name in _VIEW_FIELDS)
    assert pickle.loads(pickle.dumps(made)) == made
    _holds_one_reference(new_observation, values, _VIEW_FIELDS.index("info"))
    # the view Observation.of gives is that of the attrs constructor
    seen = Observation.of(state, 1, view.piles)
    assert type(seen) is Observation
    assert seen == view
    assert all(getattr(seen, name) is getattr(view, name) for name in _VIEW_FIELDS[1:])


# ------------------------------------------------------------------ playouts
def _per_move(rules: Rules, players: int, seed: int, greedy: bool = False) -> Any:
    agent = GreedyAgent if greedy else RandomAgent
    record, final = play_game(rules, [agent(seed * 64 + p) for p in range(players)], seed)
    return record.result, len(record.moves), final.turn, record.moves


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "players"), CASES + TABLE_CASES)
def test_playouts_play_the_games_of_the_per_move_api(rules: Rules, players: int) -> None:
    for seed in (0,):
        state = rules.new_game(seed=seed, players=players)
        out = rules.playouts(state, 1, seed=seed, keep_moves=True)
        assert out.moves is not None
        got = out.results[0], out.lengths[0], out.turns[0], tuple(m.text for m in out.moves[0])
        assert got == _per_move(rules, players, seed)
    if rules.greedy_policy is not None:
        state = rules.new_game(seed=3, players=players)
        out = rules.playouts(state, 1, seed=3, policy="greedy")
        assert (out.results[0], out.lengths[0]) == _per_move(rules, players, 3, greedy=True)[:2]


def test_playouts_from_a_position_in_the_middle_of_a_game() -> None:
    rules = zank.variant("zank-detailed")
    state = rules.new_game(seed=11)
    rng = Rng(5)
    for _ in range(40):
        legal = rules.legal_moves(state)
        state = rules.apply(state, legal[rng.below(len(legal))])
    out = rules.playouts(state, 4, seed=100, policy=["random", "greedy"])
    assert len(out.results) == len(out.lengths) == len(out.turns) == 4
    for i in range(4):
        # the per-move API from the same position, with the seeds of playout i
        agents: list[Agent] = [RandomAgent((100 + i) * 64), GreedyAgent((100 + i) * 64 + 1)]
        s, k = state, 0
        while rules.result(s) is None:
            p = s.to_move
            assert p is not None
            s = rules.apply(s, agents[p].choose(rules, rules.observe(s, p), rules.legal_moves(s)))
            k += 1
        assert (out.results[i], out.lengths[i], out.turns[i]) == (rules.result(s), k, s.turn)
    assert out.total_moves == sum(out.lengths)
    assert out.wins(0) + out.wins(1) <= 4
    assert out.moves is None


def _states_built(rules: Rules, players: int, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """The ``State`` objects one random playout of ``rules`` builds, and its moves."""
    state = rules.new_game(seed=5, players=players)
    built = [0]
    init = State.__init__

    def counting(self: State, *args: Any, **kwargs: Any) -> None:
        built[0] += 1
        init(self, *args, **kwargs)

    with monkeypatch.context() as m:
        m.setattr(State, "__init__", counting)
        # the compiled build stores a state's slots without __init__
        # (new_state): here every state is built through attrs' constructor
        m.setattr(zank._values, "_make_state", State)
        m.setattr(zank.working, "_make_state", State)
        out = rules.playouts(state, 1, seed=3, max_moves=200)
    return built[0], out.lengths[0]


@pytest.mark.parametrize(("rules", "players"), CASES + TABLE_CASES)
def test_random_playouts_build_a_state_per_move_only_in_table_mode(
    rules: Rules, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # every variant's kernel plays in place on one working position in strict
    # play (the final state is built once); table mode's windows rebuild states
    # with attrs.evolve, so its kernel goes through real states
    built, moves = _states_built(rules, players, monkeypatch)
    assert moves > 20
    if getattr(rules, "table_mode", False):
        assert built >= moves
    else:
        assert built == 1


def _api_game(rules: Rules, state: Any, seed: int, limit: int) -> tuple[Any, list[str]]:
    """The per-move API from ``state`` with the agents' seeds of playout 0 of ``seed``."""
    rngs = [Rng(seed * 64 + p) for p in range(state.players)]
    texts: list[str] = []
    while rules.result(state) is None and len(texts) != limit:
        legal = rules.legal_moves(state)
        move = legal[rngs[state.to_move].below(len(legal))]
        texts.append(move.text)
        state = rules.apply(state, move)
    return state, texts


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "players"), CASES + TABLE_CASES)
def test_playouts_end_in_the_states_of_the_per_move_api(rules: Rules, players: int) -> None:
    # the whole final state (piles, face-down counts, generator, ply, turn,
    # outcome), from the deal and from the middle of a game, whole or cut short
    for seed, start, limit in ((0, 0, -1), (1, 7, -1), (2, 3, 25)):
        state, _ = _api_game(rules, rules.new_game(seed=seed, players=players), 99, start)
        out = rules.playouts(
            state,
            1,
            seed=seed,
            max_moves=None if limit < 0 else limit,
            keep_moves=True,
            keep_finals=True,
        )
        final, texts = _api_game(rules, state, seed, limit)
        assert out.finals is not None
        assert out.moves is not None
        assert out.finals[0] == final
        assert [m.text for m in out.moves[0]] == texts
        assert (out.lengths[0], out.turns[0]) == (len(texts), final.turn)
        assert out.results[0] == rules.result(final)
        assert zank.loads(zank.dumps(out.finals[0])) == final


def test_the_playout_equivalence_script_compares_games() -> None:
    # benchmarks/playout_equivalence.py: the full run over every configuration is
    # in benchmarks/RESULTS.md; here one game of each way of playing a playout
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import playout_equivalence as pe
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    spite = zank.variant("spite-and-malice")
    assert pe.compare(spite, 2, 0, greedy=False) > 10  # S&M's kernel in place
    assert pe.compare(zank.variant("crapette"), 2, 0, greedy=False) > 10  # the family's
    assert pe.compare(spite, 3, 1, greedy=True) > 10  # a greedy policy's observations
    table = zank.variant("zank-detailed", table_mode=True)
    assert pe.compare(table, 2, 0, greedy=False) > 10  # table mode: through states


def test_playouts_stop_at_max_moves() -> None:
    rules = zank.variant("spite-and-malice")
    state = rules.new_game(seed=2)
    out = rules.playouts(state, 3, seed=0, max_moves=5)
    assert out.lengths == (5, 5, 5)
    assert out.results == (None, None, None)
    assert rules.playouts(state, 0, seed=0).results == ()
    # a finished game: no move at all
    final = rules.playouts(state, 1, seed=0, keep_moves=True)
    assert final.moves is not None
    after = state
    for m in final.moves[0]:
        after = rules.apply(after, m)
    again = rules.playouts(after, 2, seed=9)
    assert again.lengths == (0, 0)
    assert again.results == (rules.result(after),) * 2


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"n": -1}, OptionError),
        ({"n": 1.5}, OptionError),
        ({"seed": -3}, OptionError),
        ({"seed": "x"}, OptionError),
        ({"max_moves": True}, OptionError),
        ({"policy": "clever"}, OptionError),
        ({"policy": ["random"]}, OptionError),
        ({"policy": 3}, OptionError),
    ],
)
def test_playouts_refuse_bad_arguments(kwargs: dict[str, Any], error: type[Exception]) -> None:
    rules = zank.variant("spite-and-malice")
    state = rules.new_game(seed=1)
    args = {"n": 1, "seed": 0, **kwargs}
    n = args.pop("n")
    with pytest.raises(error):
        rules.playouts(state, n, **args)


def test_playouts_refuse_a_foreign_state_and_a_missing_policy() -> None:
    rules = zank.variant("spite-and-malice")
    other = zank.variant("zank-detailed")
    with pytest.raises(ZankError):
        rules.playouts(other.new_game(seed=1), 1, seed=0)
    without = [r for r in (zank.variant(n) for n in zank.VARIANTS) if r.greedy_policy is None]
    for r in without:
        with pytest.raises(ZankError, match="greedy"):
            r.playouts(r.new_game(seed=1), 1, seed=0, policy="greedy")
