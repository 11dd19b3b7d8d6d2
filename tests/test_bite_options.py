"""The option validation every rules object runs (``zank._options``).

Found by mutation testing (issue 38, twelfth campaign, second worker, seed 41):
no test gave :func:`~zank.core.option_validator` a validator of one choice, or
choices of more than one type, so the type check could read ``choices[1]`` or
``choices[-1]`` instead of the choice the value equals; and the type check's
``is not`` could become ``!=``, which a class whose metaclass redefines ``==``
gets through. The campaign also showed a bug, fixed since: with choices of
several types only values of the first choice's type were taken. The tests
below read the validator directly (on a small attrs class, as the rules objects
use it): each kind of refusal word by word, both
bounds and one past each, an open bound, the types a value must not have (a bool
for an int, a float equal to an int choice), and the fields the Play page reads.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs
import pytest

import zank
from zank.core import BOOL_OPTION, OptionValidator, option_validator
from zank.errors import OptionError


@attrs.frozen(kw_only=True)
class _Options:
    """Options as a rules class declares them (the validator names the class's ``name``)."""

    name: ClassVar[str] = "demo"

    flag: bool = attrs.field(default=False, validator=BOOL_OPTION)
    size: int = attrs.field(default=13, validator=option_validator(choices=[13, 12, 11]))
    steps: int = attrs.field(default=6, validator=option_validator(low=1, high=12))
    floor: int = attrs.field(default=2, validator=option_validator(low=2))
    ceiling: int = attrs.field(default=0, validator=option_validator(high=5))
    only: str = attrs.field(default="one", validator=option_validator(choices=("one",)))
    mixed: Any = attrs.field(default=0, validator=option_validator(choices=(0, "off")))


def _refused(message: str, **options: Any) -> None:
    with pytest.raises(OptionError) as info:
        _Options(**options)
    assert str(info.value) == message


def test_the_defaults_and_every_choice_are_taken() -> None:
    assert _Options() == _Options(flag=False, size=13, steps=6, floor=2, ceiling=0, only="one")
    for flag in (False, True):
        assert _Options(flag=flag).flag is flag
    for size in (13, 12, 11):
        assert _Options(size=size).size == size


def test_a_validator_of_one_choice_takes_it() -> None:
    # the type check reads the first choice: a tuple of one has no second
    assert _Options(only="one").only == "one"
    _refused("option 'only' of 'demo' must be one of 'one', not 'two'", only="two")


def test_every_choice_of_choices_of_several_types_is_taken() -> None:
    # each value is compared with the type of the choice it equals: before the
    # fix only values of the first choice's type were taken ("off" was refused)
    assert _Options(mixed=0).mixed == 0
    assert _Options(mixed="off").mixed == "off"
    _refused("option 'mixed' of 'demo' must be one of 0, 'off', not False", mixed=False)
    _refused("option 'mixed' of 'demo' must be one of 0, 'off', not 'on'", mixed="on")


@attrs.frozen(kw_only=True)
class _Seat:
    """An option that is a seat or ``None`` (choices of two types, ``None`` first)."""

    name: ClassVar[str] = "demo"

    seat: Any = attrs.field(default=None, validator=option_validator(choices=(None, 0, 1)))


def test_a_choice_after_none_is_taken() -> None:
    assert [_Seat(seat=s).seat for s in (None, 0, 1)] == [None, 0, 1]
    with pytest.raises(OptionError, match="must be one of None, 0, 1, not False"):
        _Seat(seat=False)


def test_a_value_equal_to_a_choice_but_of_another_type_is_refused() -> None:
    _refused("option 'flag' of 'demo' must be one of False, True, not 1", flag=1)
    _refused("option 'flag' of 'demo' must be one of False, True, not 0", flag=0)
    _refused("option 'size' of 'demo' must be one of 13, 12, 11, not 12.0", size=12.0)
    _refused("option 'size' of 'demo' must be one of 13, 12, 11, not 10", size=10)
    _refused("option 'size' of 'demo' must be one of 13, 12, 11, not '13'", size="13")


class _Lenient(type):
    """A metaclass whose classes claim to equal every class."""

    def __eq__(cls, other: object) -> bool:
        return True

    def __ne__(cls, other: object) -> bool:
        return False

    def __hash__(cls) -> int:
        return id(cls)


class _Twelve(metaclass=_Lenient):
    """A value equal to 12 whose type claims to be every type."""

    def __eq__(self, other: object) -> bool:
        return other == 12

    def __hash__(self) -> int:
        return hash(12)

    def __repr__(self) -> str:
        return "Twelve()"


def test_the_type_check_is_by_identity_not_by_equality() -> None:
    assert _Twelve() == 12
    assert type(_Twelve()) == int  # noqa: E721 (what the check must not trust)
    _refused("option 'size' of 'demo' must be one of 13, 12, 11, not Twelve()", size=_Twelve())


def test_a_range_takes_both_bounds_and_nothing_past_them() -> None:
    assert _Options(steps=1).steps == 1
    assert _Options(steps=12).steps == 12
    _refused("option 'steps' of 'demo' must be from 1 to 12, not 0", steps=0)
    _refused("option 'steps' of 'demo' must be from 1 to 12, not 13", steps=13)


def test_an_open_bound_takes_any_int_on_its_side() -> None:
    assert _Options(floor=10**30).floor == 10**30
    _refused("option 'floor' of 'demo' must be from 2 to None, not 1", floor=1)
    assert _Options(ceiling=-(10**30)).ceiling == -(10**30)
    assert _Options(ceiling=5).ceiling == 5
    _refused("option 'ceiling' of 'demo' must be from None to 5, not 6", ceiling=6)


@pytest.mark.parametrize(
    ("value", "shown"),
    [(True, "True"), (False, "False"), (6.0, "6.0"), ("6", "'6'"), (None, "None")],
)
def test_a_range_takes_ints_only(value: object, shown: str) -> None:
    _refused(f"option 'steps' of 'demo' must be an int, not {shown}", steps=value)


def test_a_long_value_is_quoted_short() -> None:
    with pytest.raises(OptionError) as info:
        _Options(steps="x" * 10_000)  # type: ignore[arg-type]  # (the fault under test)
    assert str(info.value).startswith("option 'steps' of 'demo' must be an int, not 'xxx")
    assert str(info.value).endswith("… (10000 characters)")


def test_the_validator_s_fields_say_what_it_takes() -> None:
    # the Play page's forms read them
    assert option_validator(choices=[13, 12, 11]) == OptionValidator((13, 12, 11), None, None)
    assert option_validator(choices=iter("ab")).choices == ("a", "b")  # type: ignore[arg-type]
    assert option_validator(low=1, high=12) == OptionValidator(None, 1, 12)
    assert option_validator() == OptionValidator(None, None, None)
    assert OptionValidator((False, True), None, None) == BOOL_OPTION
    assert zank.core.BOOL_OPTION is BOOL_OPTION


def test_a_validator_with_no_bound_takes_any_int() -> None:
    check = option_validator()
    field = attrs.fields(_Options).steps
    for value in (-(10**20), 0, 10**20):
        check(_Options(), field, value)  # no error
    with pytest.raises(OptionError, match=r"^option 'steps' of 'demo' must be an int, not True$"):
        check(_Options(), field, True)


def test_a_registered_variant_refuses_through_the_same_validator() -> None:
    with pytest.raises(OptionError) as info:
        zank.variant("zank-detailed", reserve_size=True)
    assert str(info.value) == (
        "option 'reserve_size' of 'zank-detailed' must be one of 13, 12, 11, not True"
    )
    with pytest.raises(OptionError) as info:
        zank.variant("crapette", waste_playable=1)
    assert str(info.value) == (
        "option 'waste_playable' of 'crapette' must be one of False, True, not 1"
    )
