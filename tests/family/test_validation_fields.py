"""Validation of the family's variant states: each check on its own, naming the field.

Found by mutation testing (issue 25): the checks of ``info`` and of the piles'
faces in ``validate`` were reached by no test with an invalid state. Each state
here is a valid position with one thing changed.
"""

from __future__ import annotations

from typing import Any

import pytest

import zank
from zank.core import Rules

from .positions import KINGS, position

DETAILED = zank.variant("zank-detailed")
ZANK = zank.variant("zank")
SEVEN = (0, 0, 0, 0, 0, 0, 0)


def _invalid(rules: Rules, match: str, piles: dict[str, str] | None = None, **kw: Any) -> None:
    with pytest.raises(zank.InvalidState, match=match):
        position(rules, dict(KINGS) if piles is None else piles, **kw)


# ----------------------------------------------- reserve and hand pile (stock.py)


@pytest.mark.parametrize("info", [(0, 0, 0, 0), (), (0, 0, -1, 0, 0)])
def test_stock_info_is_five_counters(info: tuple[int, ...]) -> None:
    _invalid(
        DETAILED, r"^info must be five counters >= 0: \(dry0, dry1, stale, shuffles", info=info
    )


def test_stock_info_shuffles_and_flags_in_range() -> None:
    limit = DETAILED.shuffle_limit
    position(DETAILED, dict(KINGS), info=(0, 0, 0, limit, 3))
    _invalid(DETAILED, r"^info: shuffles or flags out of range$", info=(0, 0, 0, limit + 1, 0))
    _invalid(DETAILED, r"^info: shuffles or flags out of range$", info=(0, 0, 0, 0, 4))


def test_stock_info_counters_fit_the_turns_ended() -> None:
    position(DETAILED, dict(KINGS), info=(2, 1, 3, 0, 0), turn=4)
    _invalid(
        DETAILED,
        r"^info: dry counts 2 and 2 and the turns without progress 0 do not fit 3 turns ended "
        r"\(and no_progress_turns=200\)$",
        info=(2, 2, 0, 0, 0),
        turn=4,
    )
    _invalid(DETAILED, r"turns without progress 4 do not fit 3 turns", info=(0, 0, 4, 0, 0), turn=4)
    few = zank.variant("zank-detailed", no_progress_turns=2)
    _invalid(few, r"no_progress_turns=2\)$", info=(0, 0, 3, 0, 0), turn=9)


def test_stock_houses_show_no_face_down_card_without_hidden_houses() -> None:
    _invalid(
        DETAILED,
        r"^h2: 1 face-down cards without the option hidden_houses$",
        {**KINGS, "h2": "5c Kd"},
        down={"h2": 1},
    )
    hidden = zank.variant("zank-detailed", hidden_houses=True)
    most = hidden.house_rows() - 1
    fillers = ["5c", "7d", "9h", "3s", "4c", "6d", "8s", "2h"]
    ok = {**KINGS, "h2": " ".join([*fillers[:most], "Kd", "Qs"])}
    position(hidden, ok, down={"h2": most})
    deep = {**KINGS, "h2": " ".join([*fillers[: most + 1], "Kd", "Qs"])}
    _invalid(hidden, rf"^h2: {most + 1} face-down cards$", deep, down={"h2": most + 1})


# --------------------------------------------------------- zank (classic.py)


@pytest.mark.parametrize("info", [(0,) * 6, (0,) * 5, (0, 0, 0, 0, 0, -1, 0)])
def test_classic_info_is_seven_integers(info: tuple[int, ...]) -> None:
    _invalid(
        ZANK,
        r"^info must be seven integers >= 0: \(goal, target, budget, removed, empties, stale, "
        r"flags\)$",
        info=info,
    )


@pytest.mark.parametrize(
    ("info", "match"),
    [
        ((1, 0, 0, 0, 0, 0, 0), "no such announcement"),
        ((4, 0, 0, 0, 0, 0, 0), "no such announcement"),
        ((3, 0, 7, 0, 0, 0, 0), "a budget above manoeuvre_steps"),
        ((0, 5, 0, 0, 0, 0, 0), "a target and a budget belong to an announced manoeuvre"),
        ((0, 0, 2, 0, 0, 0, 0), "a target and a budget belong to an announced manoeuvre"),
        ((0, 0, 0, 0, 17, 0, 0), "more move-3 announcements than Z-10 allows"),
        ((0, 0, 0, 0, 0, 0, 2), "or no such flag"),
        ((3, 8, 1, 0, 0, 0, 0), "the announced edge pile does not exist"),
        ((0, 0, 0, 1, 0, 0, 0), "only the three-player game removes an edge pile"),
    ],
)
def test_classic_info_fields(info: tuple[int, ...], match: str) -> None:
    _invalid(ZANK, rf"^info: .*{match}", info=info)


def test_classic_turns_without_progress_fit_the_turns_ended() -> None:
    position(ZANK, dict(KINGS), info=(0, 0, 0, 0, 16, 3, 1), turn=4)
    _invalid(
        ZANK,
        r"^info: 4 turns without progress, but 3 turns ended \(and no_progress_turns=200\)$",
        info=(0, 0, 0, 0, 0, 4, 0),
        turn=4,
    )


def test_classic_an_announced_card_is_a_card_of_the_game() -> None:
    _invalid(
        ZANK, r"^info: the announced card is no card of the game$", info=(2, 9999, 1, 0, 0, 0, 0)
    )


def test_classic_the_source_lies_face_down_and_the_others_face_up() -> None:
    _invalid(ZANK, r"^p1\.hand: the source lies face down$", info=SEVEN, down={"p1.hand": 0})
    _invalid(
        ZANK,
        r"^p0\.discard: its cards lie face up$",
        {**KINGS, "p0.discard": "5c 6c"},
        info=SEVEN,
        down={"p0.discard": 1},
    )


def test_classic_only_the_player_to_move_has_a_lifted_card() -> None:
    position(ZANK, {**KINGS, "p0.turned": "5c"}, info=SEVEN)
    _invalid(
        ZANK,
        r"^p1\.turned: only the player to move may have one lifted card$",
        {**KINGS, "p1.turned": "5c"},
        info=SEVEN,
    )
    _invalid(
        ZANK,
        r"^p0\.turned: only the player to move may have one lifted card$",
        {**KINGS, "p0.turned": "5c 6c"},
        info=SEVEN,
    )
