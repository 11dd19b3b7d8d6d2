"""The SVG picture's header (:func:`zank.render.svg.svg`): no text overlaps another.

The title (variant, turn, ply) and the status (whose move, or how the game
ended, and whose view it is) share the first line where both fit; on a narrow
table the status goes below the title (issue 34: Spite and Malice's game-over
status ran over the title).  The test draws the game-over header of every
variant at its narrowest table and measures each text of the picture from the
SVG's own numbers (``x``, ``y``, ``font-size``, ``text-anchor``) and the
advance widths of DejaVu Sans, the picture's first font, read from the font
file (Pillow); where the font is not installed, from the renderer's own upper
bound :func:`zank.render.svg.text_width`.
"""

from __future__ import annotations

import functools
import html
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

import zank
from zank.core import Result, State, Termination
from zank.render.svg import svg, text_width

FONTS = Path("/usr/share/fonts/truetype/dejavu")
_TEXT = re.compile(r"<text ([^>]*)>([^<]*)</text>")
_ATTR = re.compile(r'([a-z-]+)="([^"]*)"')
_FRAME = re.compile(r'<rect x="[^"]*" y="([^"]*)" width="[^"]*" height="[^"]*" rx="10"')

Box = tuple[float, float, float, float]  # left, top, right, bottom


@functools.cache
def _font(bold: bool, size: float) -> Any:
    try:
        from PIL import ImageFont
    except ImportError:
        return None
    path = FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    return ImageFont.truetype(str(path), round(size * 10)) if path.exists() else None


def width(text: str, size: float, *, bold: bool) -> float:
    """The advance width of ``text`` in DejaVu Sans, else the renderer's bound."""
    font = _font(bold, size)
    if font is None:
        return text_width(text, size, bold=bold)
    return float(font.getlength(text)) / 10


def text_boxes(picture: str) -> list[tuple[str, Box]]:
    """Each ``<text>`` of the picture and the box it takes (ascent 0.8 em, descent 0.25 em)."""
    out = []
    for attrs_text, content in _TEXT.findall(picture):
        a = dict(_ATTR.findall(attrs_text))
        text = html.unescape(content)
        size = float(a["font-size"])
        w = width(text, size, bold=a.get("font-weight") == "bold")
        x, y = float(a["x"]), float(a["y"])
        left = {"start": x, "middle": x - w / 2, "end": x - w}[a.get("text-anchor", "start")]
        out.append((text, (left, y - 0.8 * size, left + w, y + 0.25 * size)))
    return out


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def narrowest_end(name: str, winner: int | None) -> State:
    """A finished game of ``name`` on its narrowest table: the fewest seats,
    the hands held empty, the longest reason, three-digit points and large
    turn and ply counts (the longest header)."""
    rules = zank.variant(name)
    state = rules.new_game(seed=1, players=rules.min_players)
    specs = rules.layout(state.players)
    piles = tuple(
        () if spec.private else cards for spec, cards in zip(specs, state.piles, strict=True)
    )
    down = tuple(0 if spec.private else d for spec, d in zip(specs, state.down, strict=True))
    reason = max(Termination, key=lambda t: len(t.value))
    points = tuple(300 + p for p in range(state.players))
    outcome = Result(winner, points, reason)
    return attrs.evolve(
        state, piles=piles, down=down, to_move=None, outcome=outcome, turn=999, ply=9999
    )


@pytest.mark.parametrize("name", sorted(zank.VARIANTS))
@pytest.mark.parametrize("winner", [1, None])
@pytest.mark.parametrize("perspective", [0, None])
def test_the_game_over_header_overlaps_nothing(
    name: str, winner: int | None, perspective: int | None
) -> None:
    picture = svg(narrowest_end(name, winner), perspective=perspective, last_move="p-b1")
    w = float(re.search(r'viewBox="0 0 ([0-9.]+) ', picture).group(1))  # type: ignore[union-attr]
    frame_top = min(float(y) for y in _FRAME.findall(picture))
    boxes = text_boxes(picture)
    header = [i for i, (_, b) in enumerate(boxes) if b[3] <= frame_top + 0.25 * 14]
    assert any("Game over" in boxes[i][0] for i in header), boxes
    assert len(header) >= 2
    for i in header:
        text, box = boxes[i]
        assert box[0] >= 0, (text, box)
        assert box[2] <= w, (text, box, w)
        assert box[3] <= frame_top, (text, box, frame_top)  # above the seats' frames
        for other, other_box in boxes[:i] + boxes[i + 1 :]:
            assert not _overlap(box, other_box), (text, other, box, other_box)


def test_the_issue_34_position_puts_the_status_under_the_title() -> None:
    """pay_off_size=2, seed 327940, 3-b1 then 5-s1 (the agent's reply wins)."""
    import zank_play

    table = zank_play.Table.deal(zank.variant("spite-and-malice", pay_off_size=2), 327940, 2, 0)
    table.play("3-b1")
    table.play("5-s1")
    assert table.state.outcome is not None
    boxes = dict(text_boxes(table.view()["svg"]))
    title = next(b for t, b in boxes.items() if t.startswith("spite-and-malice · turn"))
    status = next(b for t, b in boxes.items() if t.startswith("Game over"))
    assert status[1] >= title[3] - 1  # on a line of its own below
    assert not _overlap(title, status)


def test_a_wide_table_keeps_title_and_status_on_one_line() -> None:
    state = zank.variant("zank-detailed").new_game(seed=1)
    boxes = text_boxes(svg(state, perspective=0))
    (title,) = [b for t, b in boxes if t.startswith("zank-detailed · turn")]
    (status,) = [b for t, b in boxes if t.endswith("seen by Player 0")]
    assert title[3] == status[3] - 0.25 * 13 + 0.25 * 14  # the same baseline
