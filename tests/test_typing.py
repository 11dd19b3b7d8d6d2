"""Typed access to the variants: ``zank.variant`` on a built-in name gives its class
(its overloads in ``src/zank/__init__.py``).

mypy (``--strict``, over ``tests/`` too) checks the ``assert_type`` lines; at run
time the classes are checked as well.
"""

from __future__ import annotations

from typing_extensions import assert_type

import zank
from zank.core import Rules
from zank.family.classic import ClassicZank
from zank.family.crapette import Crapette
from zank.family.detailed import ZankDetailed
from zank.family.schikanieren import Schikanieren
from zank.family.zank104 import Zank104
from zank.spite_malice import SpiteAndMalice


def test_a_built_in_name_gives_its_rules_class_with_typed_options() -> None:
    spite = assert_type(zank.variant("spite-and-malice", pay_off_size=5), SpiteAndMalice)
    assert assert_type(spite.pay_off_size, int) == 5
    assert type(spite) is SpiteAndMalice
    assert type(assert_type(zank.variant("zank"), ClassicZank)) is ClassicZank
    assert type(assert_type(zank.variant("zank-detailed"), ZankDetailed)) is ZankDetailed
    assert type(assert_type(zank.variant("zank-104"), Zank104)) is Zank104
    assert type(assert_type(zank.variant("schikanieren"), Schikanieren)) is Schikanieren
    assert assert_type(zank.variant("zank-detailed").reserve_size, int) == 13
    assert type(assert_type(zank.variant("crapette"), Crapette)) is Crapette
    assert assert_type(zank.variant("crapette").waste_playable, bool) is False


def test_any_other_name_gives_rules() -> None:
    name = "spite" + "-and-malice"
    rules = assert_type(zank.variant(name), Rules)
    assert isinstance(rules, SpiteAndMalice)


def test_every_registered_variant_has_its_overload() -> None:
    import inspect

    source = inspect.getsource(zank)
    for name, cls in zank.VARIANTS.items():
        assert f'Literal["{name}"], **options: Any) -> {cls.__name__}' in source
