"""Variants from other packages: the entry-point group ``zank.variants`` (issue 35).

The entry points are faked (``importlib.metadata.EntryPoint`` objects naming the
classes of ``tests/plugin_examples.py``), so that the test needs no installed
package; CI also installs the example plugin ``examples/zank-mini`` in a venv of its
own and plays it through the command line and the contract suite (``.ci/run``).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import metadata

import pytest

import zank
from zank import registry
from zank.cli import main

from . import plugin_examples

GROUP = registry.ENTRY_POINT_GROUP
Install = Callable[..., None]


@pytest.fixture
def install(monkeypatch: pytest.MonkeyPatch) -> Install:
    """``install(name=value, ...)``: these entry points, and the table made anew."""

    def _install(*pairs: tuple[str, str]) -> None:
        eps = metadata.EntryPoints(metadata.EntryPoint(n, v, GROUP) for n, v in pairs)
        monkeypatch.setattr(
            metadata,
            "entry_points",
            lambda group: eps if group == GROUP else metadata.EntryPoints(()),
        )
        monkeypatch.setattr(registry, "_registry", dict(registry._registry))
        monkeypatch.setattr(registry, "_broken", {})
        monkeypatch.setattr(registry, "_loaded", False)

    return _install


BUILT_IN = ("crapette", "schikanieren", "spite-and-malice", "zank", "zank-104", "zank-detailed")


def built_ins_still_work() -> None:
    for name in BUILT_IN:
        assert name in zank.VARIANTS
        zank.variant(name).new_game(seed=1)


def test_a_plugin_variant_is_found_by_name(install: Install) -> None:
    install(("house-rules", "tests.plugin_examples:HouseRules"))
    assert zank.VARIANTS["house-rules"] is plugin_examples.HouseRules
    rules = zank.variant("house-rules", pay_off_size=5)
    state = rules.new_game(seed=3)
    assert zank.loads(zank.dumps(state)) == state  # JSON finds the variant by name
    assert registry.plugin_errors() == {}
    built_ins_still_work()


def test_a_built_in_variant_loads_no_plugin(install: Install) -> None:
    """A built-in variant's name needs no plugin (none may take it): looking it up
    neither reads the entry points nor imports a plugin's module; another name does."""
    install(("house-rules", "tests.plugin_examples:HouseRules"))
    assert zank.variant("zank").name == "zank"
    assert zank.VARIANTS["crapette"].name == "crapette"
    assert "zank-104" in zank.VARIANTS
    assert not registry._loaded
    assert "house-rules" not in registry._registry
    assert "house-rules" in zank.VARIANTS
    assert registry._loaded


def test_the_command_line_plays_a_plugin_variant(
    install: Install, capsys: pytest.CaptureFixture[str]
) -> None:
    install(("house-rules", "tests.plugin_examples:HouseRules"))
    assert main(["variants"]) == 0
    assert "house-rules" in capsys.readouterr().out
    args = ["simulate", "house-rules", "--games", "4", "--agents", "greedy,random"]
    assert main([*args, "--option", "pay_off_size=3"]) == 0
    assert "agent greedy" in capsys.readouterr().out


BAD = [
    (("nowhere", "tests.no_such_module:Rules"), "could not be imported: ModuleNotFoundError"),
    (("number", "tests.plugin_examples:NOT_A_CLASS"), "42, not a subclass of zank.Rules"),
    (("lookalike", "tests.plugin_examples:Lookalike"), "Lookalike'>, not a subclass of zank.Rules"),
    (("misnamed", "tests.plugin_examples:HouseRules"), "whose name is 'house-rules'"),
    (("zank", "tests.plugin_examples:HouseRules"), "the name of the built-in variant 'zank'"),
    (("bare", "tests.plugin_examples:Bare"), "its default game cannot be dealt"),
]


@pytest.mark.parametrize(("pair", "reason"), BAD, ids=[p[0] for p, _ in BAD])
def test_a_bad_plugin_is_a_clear_error_and_breaks_nothing(
    install: Install, capsys: pytest.CaptureFixture[str], pair: tuple[str, str], reason: str
) -> None:
    install(pair, ("house-rules", "tests.plugin_examples:HouseRules"))
    name, value = pair
    errors = registry.plugin_errors()
    assert list(errors) == [name]
    message = str(errors[name])
    assert reason in message
    assert f"the entry point '{name}' = '{value}'" in message
    if name != "zank":
        with pytest.raises(zank.PluginError, match=reason):
            zank.variant(name)
        assert name not in zank.VARIANTS
    built_ins_still_work()
    assert zank.variant("house-rules").name == "house-rules"  # the good plugin too
    assert main(["variants"]) == 0
    out, err = capsys.readouterr()
    assert "house-rules" in out
    assert f"the plugin variant {name!r} is left out" in err


def test_two_plugins_of_one_name_keep_the_first(install: Install) -> None:
    install(
        ("house-rules", "tests.plugin_examples:HouseRules"),
        ("house-rules", "tests.plugin_examples:OtherHouseRules"),
    )
    errors = registry.plugin_errors()
    assert "taken by another plugin" in str(errors["house-rules"])
    # sorted by value: HouseRules comes first and stays
    assert zank.VARIANTS["house-rules"] is plugin_examples.HouseRules


def test_register_refuses_a_taken_name() -> None:
    with pytest.raises(zank.PluginError, match="the name is taken"):
        registry.register(plugin_examples.FakeZank)
    assert zank.VARIANTS["zank"] is not plugin_examples.FakeZank
