"""zank (``zank.family.classic``, ``classic_common``): paths the older tests did not reach.

Written for the mutation campaigns of ``classic`` and ``classic_common`` (benchmarks/MUTATION.md,
"Fourth campaign"): each test tells the rules apart from a changed copy that
survived the older tests.
"""

from __future__ import annotations

import pytest

import zank
from zank.cards import card_unicode
from zank.errors import OptionError
from zank.family import faults
from zank.family.classic import ClassicZank
from zank.family.classic_common import Kind

from .positions import KINGS, texts
from .test_classic import pos
from .test_schikanieren import RULES as SCHIKANIEREN
from .test_schikanieren import pos as schikanieren_pos

TZ = zank.variant("zank", table_mode=True)
assert isinstance(TZ, ClassicZank)


def test_table_mode_offers_no_move_of_an_edge_pile_s_only_card_into_a_gap() -> None:
    # Z-6 in table mode too: the only card of h2 into the gap h8 changes nothing,
    # the top of the two-card h3 may go there (a move strict play does not allow)
    state = pos(TZ, {**KINGS, "h2": "9h", "h3": "Ts 9d", "h8": "", "p0.discard": "Ad"})
    assert texts(TZ, state) == ["empty h2", "d-f", "d-h8", "h3-h8", "draw"]


def test_table_mode_offers_the_first_edge_pile_as_the_gap() -> None:
    # h1 empty: the own discard top and the top of the two-card h3 may go there
    state = pos(TZ, {**KINGS, "h1": "", "h3": "Ts 9d", "p0.discard": "Ad"})
    assert texts(TZ, state) == ["d-f", "d-h1", "h3-h1", "draw"]


@pytest.mark.parametrize(
    ("option", "low", "high"), [("manoeuvre_steps", 1, 12), ("no_progress_turns", 2, 100_000)]
)
def test_the_numeric_options_take_their_whole_range_and_no_more(
    option: str, low: int, high: int
) -> None:
    for value in (low, high):
        assert getattr(zank.variant("zank", **{option: value}), option) == value
    for value in (low - 1, high + 1):
        with pytest.raises(OptionError) as info:
            zank.variant("zank", **{option: value})
        assert str(info.value) == (
            f"option {option!r} of 'zank' must be from {low} to {high}, not {value}"
        )


@pytest.mark.parametrize("value", [3, -1, True, "1", 1.0])
def test_first_player_is_a_seat_or_none(value: object) -> None:
    with pytest.raises(OptionError) as info:
        zank.variant("zank", first_player=value)
    assert str(info.value) == (
        "option 'first_player' of 'zank' must be None (drawn by lot) or a seat 0, 1 or 2, "
        f"not {value!r}"
    )
    for seat in (None, 0, 1, 2):
        assert zank.variant("zank", first_player=seat).first_player == seat


ZANK_OPTIONS = [
    "advanced",
    "learning",
    "first_player",
    "manoeuvre_steps",
    "no_progress_turns",
    "table_mode",
    "call_window",
]


@pytest.mark.parametrize(
    ("name", "options"),
    [("zank", ZANK_OPTIONS), ("schikanieren", [*ZANK_OPTIONS, "schikanier_counts"])],
)
def test_the_options_are_the_documented_ones_and_repr_shows_them_only(
    name: str, options: list[str]
) -> None:
    """The tables derived at construction are no options and not in the repr."""
    rules = zank.variant(name, table_mode=True)
    assert list(rules.options) == options
    cls = type(rules).__name__
    assert (
        repr(rules) == f"{cls}(" + ", ".join(f"{k}={v!r}" for k, v in rules.options.items()) + ")"
    )


def test_a_face_down_edge_card_stands_for_no_card_of_the_game() -> None:
    """The search sees a face-down edge card as ``HIDDEN_CARD`` (classic_common),
    which is no card an edge pile can hold: an announcement of a card nobody
    sees on an edge pile finds it nowhere, whichever card it is."""
    state = schikanieren_pos(
        {**KINGS, "h1": "5c 9h", "h2": "Th", "p0.discard": "2s"}, down={"h1": 1}
    )
    for card in ("Ad", "Ac", "2s:1", "5c"):
        move = next(m for m in SCHIKANIEREN.moves if m.text == f"free {card}")
        v = SCHIKANIEREN.check(state, move)
        assert v is not None
        assert (v.rule, v.message) == ("Z-9", f"{card_unicode(move.source)} lies on no edge pile")


def test_the_move_kinds_are_numbered_as_documented() -> None:
    """``Move.kind`` is public (:class:`~zank.family.classic_common.Kind`): 0 a
    card, then draw, the end move, flip, the announcements, pass (schikanieren)
    and table mode's call and let, numbered by :mod:`zank.family.faults`."""
    assert [int(k) for k in Kind] == [0, 1, 2, 3, 4, 5, 6, faults.CALL_KIND, faults.LET_KIND]
    rules = zank.variant("schikanieren", table_mode=True)
    kinds = {
        m.text: m.kind for m in rules.moves if m.kind not in (Kind.CARD, Kind.FREE, Kind.EMPTY)
    }
    assert kinds == {"draw": 1, "t-d": 2, "flip": 3, "pass": 6, "stop": 20, "let": 21}
    assert {m.kind for m in rules.moves if m.text.startswith("free ")} == {4}
    assert {m.kind for m in rules.moves if m.text.startswith("empty ")} == {5}
