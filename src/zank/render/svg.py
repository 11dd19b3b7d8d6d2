"""SVG pictures of states: the table as the players see it.

>>> import zank
>>> from zank.render.svg import svg
>>> rules = zank.variant("spite-and-malice")
>>> state = rules.new_game(seed=7)
>>> picture = svg(state, perspective=0, size=600)
>>> picture.startswith("<svg") and 'width="600"' in picture
True

The picture follows the seeds: the shared piles lie in the middle (Spite and
Malice's draw pile and build piles; the Zank family's foundations, between
the two columns of houses), each player's own piles lie on their side (the
bottom seat is the perspective's, else seat 0; the others sit opposite, their
rows mirrored as seen across the table).  Cards that overlap in real play are
fanned: houses sideways, away from the foundations; side stacks towards their
owner.  Face-down cards show their backs, one colour per deck where each
player owns a deck (the Zank family).

Whose turn it is is marked with ``▶`` and a frame round that player's side;
``last_move`` is named in the caption and the piles it touched are outlined
(exactly when ``before``, the state before the move, is given; without it,
the piles the rules object can tell from the move alone,
:meth:`~zank.core.Rules.touched_piles`).

Jupyter shows a :class:`~zank.core.State` as this picture (``_repr_svg_``).
The SVG is plain text built with the standard library, every text escaped.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape, quoteattr

from attrs import frozen

from zank._values import HIDDEN, Move, Observation, State
from zank.cards import COLOUR, DECK, IS_JOKER, RANK, RANK_NAMES, SUIT, SUIT_SYMBOLS
from zank.render._view import (
    ROW_FAN_KINDS,
    PileView,
    TableView,
    seat_name,
    status_line,
    table_view,
)

if TYPE_CHECKING:
    from zank.core import Rules

__all__ = ["BACK_COLOURS", "svg", "text_width"]

# ------------------------------------------------------------------ geometry
CW, CH = 60, 84  # a card
RADIUS = 5
GAP = 14  # between piles
MARGIN = 20
H_STEP = 20  # horizontal fan: the left (or right) strip of each card shows
V_STEP = 22  # vertical fan: the top (or bottom) strip of each card shows
HAND_STEP = 28  # a hand held in the hand, spread
COLUMN_ZONE = CW + 10 * H_STEP  # room for a house of 11 cards (longer ones squeeze)
ROW_FAN_MAX = 2 * CH  # the most a side stack may grow (longer ones squeeze)
INNER_GAP = 34  # between a house column and the foundations (house labels go here)
LABEL = 15  # the line of a pile's label
TITLE = 34
TITLE_SIZE, STATUS_SIZE = 14, 13  # the header's fonts
STATUS_LINE = 17  # a further line of the header, when title and status do not fit in one
HEADER_GAP = 16  # at least this between the title and the status beside it

# ------------------------------------------------------------------- colours
FELT = "#2f6b43"
FELT_DARK = "#255637"
INK = "#e9f2ea"
HIGHLIGHT = "#ffd23f"
RED, BLACK = "#c1121f", "#15171a"
#: Back colours by deck, for the variants whose players own a deck each
#: (:attr:`~zank.core.Rules.owned_decks`).
BACK_COLOURS = (
    "#1d4e9e",
    "#a4232f",
    "#2a7d4f",
    "#7a4a9c",
    "#b8731d",
    "#2a8a94",
    "#555b66",
    "#8c6d1f",
)
SHARED_BACK = "#1d4e9e"
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"


def svg(
    state: State | Observation,
    *,
    perspective: int | None = None,
    last_move: Move | str | None = None,
    before: State | None = None,
    size: int | None = None,
    rules: Rules | None = None,
) -> str:
    """Draw ``state`` as an SVG picture of the table; return the SVG text.

    Args:
        state: a state of any variant, or an :class:`~zank.core.Observation`
            (then pass ``rules``; it is drawn from its player's perspective).
        perspective: draw only what this seat may see (see
            :meth:`~zank.core.Rules.observe`): the other hands as backs.  This
            seat sits at the bottom.  ``None`` shows every hand face up; cards
            face down on the table show their backs either way.
        last_move: the move that led to ``state`` (a move or its notation); it
            is named in the caption, and the piles it touched are outlined.
        before: the state before ``last_move``; with it the outlined piles are
            exact for every variant.
        size: the width of the picture in pixels (the height follows); by
            default one pixel per unit of the drawing.
        rules: the rules object, needed only for an observation.
    """
    view = table_view(state, perspective, rules)
    layout = _Layout(view)
    touched, mover = _touched(view, state, last_move, before)
    return layout.draw(touched, _move_caption(last_move, mover), size)


# ---------------------------------------------------------- the last move


def _move_caption(last_move: Move | str | None, mover: int | None) -> str:
    if last_move is None:
        return ""
    who = f" by {seat_name(mover)}" if mover is not None else ""
    named = str(last_move)
    if len(named) > 100:  # notation is short: a caller's long text is cut, not drawn whole
        named = named[:100] + "…"
    return f"last move: {named}{who}"


def _touched(
    view: TableView,
    state: State | Observation,
    last_move: Move | str | None,
    before: State | None,
) -> tuple[set[int], int | None]:
    """The pile indices the last move touched, and who made it."""
    if last_move is None:
        return set(), None
    if before is not None:
        if not isinstance(state, State):
            raise TypeError("before= needs a State to compare with, not an Observation")
        return _diff(before, state), before.to_move
    if isinstance(last_move, Move):
        piles, mover = view.rules.touched_piles(state, last_move)
        return set(piles), mover
    return set(), None


def _diff(before: State, after: State) -> set[int]:
    """Piles between which face-up cards moved (draws and turned cards left out)."""
    if len(before.piles) != len(after.piles):
        return set()
    lost: dict[int, list[int]] = {}
    for i, (old, new) in enumerate(zip(before.piles, after.piles, strict=True)):
        if old == new:
            continue
        gone = Counter(old) - Counter(new)
        for pos, c in enumerate(old):
            if gone.get(c) and pos >= before.down[i]:  # a card that showed its face
                gone[c] -= 1
                lost.setdefault(c, []).append(i)
    touched: set[int] = set()
    for i, (old, new) in enumerate(zip(before.piles, after.piles, strict=True)):
        if old == new:
            continue
        for c in (Counter(new) - Counter(old)).elements():
            if lost.get(c):
                touched.add(i)
                touched.add(lost[c][0])
    if not touched:  # no face-up card moved (a card turned up): the changed piles
        touched = {
            i for i, (a, b) in enumerate(zip(before.piles, after.piles, strict=True)) if a != b
        }
    return touched


# ----------------------------------------------------------------- placement


@frozen
class _Placed:
    """A pile at a place: ``fan`` is how its cards spread."""

    pile: PileView
    x: float
    y: float
    fan: str  # "stack", "right", "left", "down", "up", "hand"
    label: str
    label_pos: str = "below"  # "below", "inside", "left", "right", "none"


class _Layout:
    """Places every pile of a view; then draws the picture."""

    def __init__(self, view: TableView) -> None:
        self.view = view
        self.placed: list[_Placed] = []
        self.seat_frames: dict[int, tuple[float, float, float, float]] = {}
        self.seat_labels: list[tuple[int, float, float, str]] = []
        order = view.seat_order()
        left, right = view.columns()
        self.has_columns = bool(left or right)
        self.middle_width = self._middle_width(left, right)
        seat_widths = [self._seat_width(s) for s in order]
        self.width = max([self.middle_width, *seat_widths]) + 2 * MARGIN
        self.header = self._header()
        y = float(TITLE) + max(line[1] for line in self.header) - self.header[0][1]
        for seat in reversed(order[1:]):
            y = self._place_seat(seat, y, top=True)
        y = self._place_middle(left, right, y)
        y = self._place_seat(order[0], y, top=False)
        self.height = y + MARGIN + 4

    # ---------------------------------------------------------- the header
    def _header(self) -> list[tuple[float, float, str, str]]:
        """The title bar's texts as ``(x, y, text, anchor)``: the title on the
        left, the status on the right of the same line where both fit (by
        :func:`text_width`), else the status on lines of its own below the
        title, broken at its " · " and, where a part is too long, between words."""
        title = self._title()
        status = status_line(self.view)
        if self.view.viewer is not None:
            status += f" · seen by {seat_name(self.view.viewer)}"
        room = self.width - 2 * MARGIN
        wide = text_width(title, TITLE_SIZE, bold=True) + HEADER_GAP
        if wide + text_width(status, STATUS_SIZE) <= room:
            return [(MARGIN, 22, title, "start"), (self.width - MARGIN, 22, status, "end")]
        lines: list[str] = []
        for part in status.split(" · "):  # a part on a line of its own where it fits
            if lines and text_width(f"{lines[-1]} · {part}", STATUS_SIZE) <= room:
                lines[-1] += f" · {part}"
                continue
            lines.append("")
            for word in part.split(" "):
                if text_width(f"{lines[-1]} {word}", STATUS_SIZE) <= room or not lines[-1]:
                    lines[-1] = f"{lines[-1]} {word}".lstrip()
                else:
                    lines.append(word)
        out: list[tuple[float, float, str, str]] = [(MARGIN, 22, title, "start")]
        out += [(MARGIN, 22 + STATUS_LINE * k, line, "start") for k, line in enumerate(lines, 1)]
        return out

    # ----------------------------------------------------------- the seats
    def _seat_items(self, seat: int) -> list[PileView]:
        return self.view.seat_piles(seat)

    @staticmethod
    def _item_width(p: PileView) -> float:
        if p.spec.private:
            return CW + max(0, len(p.cards) - 1) * HAND_STEP if p.cards else CW
        return CW

    def _row_positions(self, seat: int) -> list[float]:
        """x of each seat pile, from the left edge of the row (seen from the seat)."""
        items = self._seat_items(seat)
        if self.has_columns and len(items) > 1:
            # the Zank family: the hand pile under one house column, the
            # reserve under the other, the rest evenly between (seed 001)
            span = self.middle_width - 2 * (COLUMN_ZONE - CW) - CW
            step = span / (len(items) - 1)
            if step >= CW + GAP:
                return [i * step for i in range(len(items))]
        xs: list[float] = []
        x = 0.0
        prev_kind = None
        for p in items:
            if prev_kind is not None:
                x += GAP if p.spec.kind == prev_kind else 2 * GAP
            xs.append(x)
            x += self._item_width(p)
            prev_kind = p.spec.kind
        return xs

    def _seat_width(self, seat: int) -> float:
        items = self._seat_items(seat)
        if not items:
            return 0.0
        xs = self._row_positions(seat)
        return max(x + self._item_width(p) for x, p in zip(xs, items, strict=True))

    def _fan_room(self, seat: int) -> float:
        longest = max(
            (len(p.cards) for p in self._seat_items(seat) if p.spec.kind in ROW_FAN_KINDS),
            default=0,
        )
        return min(ROW_FAN_MAX, max(0, longest - 1) * V_STEP) if longest else 0.0

    def _place_seat(self, seat: int, y: float, *, top: bool) -> float:
        items = self._seat_items(seat)
        xs = self._row_positions(seat)
        row_width = self._seat_width(seat)
        if self.has_columns and len(items) > 1:
            x0 = (self.width - self.middle_width) / 2 + COLUMN_ZONE - CW
        else:
            x0 = (self.width - row_width) / 2
        room = self._fan_room(seat)
        y0 = y + 6
        name_y = y0 + 12
        card_y = name_y + 8 + (room if top else 0)
        for p, x in zip(items, xs, strict=True):
            w = self._item_width(p)
            px = x0 + (row_width - x - w if top else x)
            fan = "stack"
            if p.spec.private:
                fan = "hand"
            elif p.spec.kind in ROW_FAN_KINDS:
                fan = "up" if top else "down"
            label = p.name
            if fan not in ("hand", "up", "down") and len(p.cards) > 1:
                label += f" · {len(p.cards)}"
            self.placed.append(_Placed(p, px, card_y, fan, label))
        bottom = card_y + CH + (0 if top else room) + LABEL + 4
        title = seat_name(seat)
        if seat == self.view.viewer:
            title += " (you)"
        if seat == self.view.to_move:
            title = "▶ " + title + " to move"
        out = self.view.outcome
        if out is not None and out.winner == seat:
            title = "★ " + title + " wins"
        self.seat_labels.append((seat, MARGIN + 4, name_y, title))
        self.seat_frames[seat] = (MARGIN / 2, y, self.width - MARGIN, bottom - y)
        return bottom + 8

    # ---------------------------------------------------------- the middle
    def _centre(self) -> list[PileView]:
        centre = [p for p in self.view.centre_piles() if p.cards or p.spec.kind != "completed"]
        # a variant with many places (unlimited build piles) shows the used
        # ones and the first free one of each kind
        by_kind: dict[str, int] = Counter(p.spec.kind for p in centre)
        shown: list[PileView] = []
        free_shown: set[str] = set()
        for p in centre:
            if by_kind[p.spec.kind] > 8 and not p.cards:
                if p.spec.kind in free_shown:
                    continue
                free_shown.add(p.spec.kind)
            shown.append(p)
        return shown

    def _middle_width(self, left: Sequence[PileView], right: Sequence[PileView]) -> float:
        centre = self._centre()
        if self.has_columns:
            stacks = [p for p in centre if p.spec.kind == "foundation"] or centre
            cols = 2 if len(stacks) > 1 else 1
            return 2 * COLUMN_ZONE + 2 * INNER_GAP + cols * CW + (cols - 1) * GAP
        kinds = len({p.spec.kind for p in centre})
        return len(centre) * CW + max(0, len(centre) - 1 + kinds - 1) * GAP + GAP * 2

    def _place_middle(self, left: Sequence[PileView], right: Sequence[PileView], y: float) -> float:
        centre = self._centre()
        x0 = (self.width - self.middle_width) / 2
        y += 8
        if not self.has_columns:
            x = x0 + GAP
            prev = None
            for p in centre:
                if prev is not None and p.spec.kind != prev:
                    x += GAP
                label = p.name + (f" · {len(p.cards)}" if len(p.cards) > 1 else "")
                self.placed.append(_Placed(p, x, y, "stack", label))
                x += CW + GAP
                prev = p.spec.kind
            return y + CH + LABEL + 12
        stacks = [p for p in centre if p.spec.kind == "foundation"] or centre
        others = [p for p in centre if p not in stacks]
        cols = 2 if len(stacks) > 1 else 1
        rows = max(len(left), len(right), -(-len(stacks) // cols))
        row_h = CH + 12
        fx = x0 + COLUMN_ZONE + INNER_GAP
        for i, p in enumerate(stacks):
            r, c = divmod(i, cols)
            self.placed.append(
                _Placed(p, fx + c * (CW + GAP), y + r * row_h, "stack", p.spec.label, "inside")
            )
        for r, p in enumerate(left):
            self.placed.append(
                _Placed(p, x0 + COLUMN_ZONE - CW, y + r * row_h, "left", p.spec.label, "right")
            )
        rx = fx + cols * CW + (cols - 1) * GAP + INNER_GAP
        for r, p in enumerate(right):
            self.placed.append(_Placed(p, rx, y + r * row_h, "right", p.spec.label, "left"))
        y += rows * row_h
        if others:
            x = x0 + (self.middle_width - len(others) * (CW + GAP)) / 2
            for p in others:
                self.placed.append(_Placed(p, x, y, "stack", p.name))
                x += CW + GAP
            y += CH + LABEL + 8
        return y + 4

    # ------------------------------------------------------------- drawing
    def draw(self, touched: set[int], caption: str, size: int | None) -> str:
        w, h = round(self.width), round(self.height)
        if size is None:
            dims = f'width="{w}" height="{h}"'
        else:
            dims = f'width="{int(size)}" height="{round(int(size) * h / w)}"'
        out: list[str] = [
            f'<svg xmlns="http://www.w3.org/2000/svg" {dims} viewBox="0 0 {w} {h}" '
            f'font-family="{FONT}">',
            f"<title>{_xml(self._title())}</title>",
            _defs(),
            f'<rect width="{w}" height="{h}" fill="{FELT}"/>',
        ]
        # frames: the player to move
        for seat, (fx, fy, fw, fh) in self.seat_frames.items():
            active = seat == self.view.to_move or (
                self.view.outcome is not None and seat == self.view.outcome.winner
            )
            stroke = HIGHLIGHT if active else FELT_DARK
            out.append(
                f'<rect x="{fx:g}" y="{fy:g}" width="{fw:g}" height="{fh:g}" rx="10" '
                f'fill="{FELT_DARK}" fill-opacity="0.45" stroke="{stroke}" '
                f'stroke-width="{2.5 if active else 1}"/>'
            )
        winner = self.view.outcome.winner if self.view.outcome is not None else None
        for seat, x, y, title in self.seat_labels:
            colour = HIGHLIGHT if seat in (self.view.to_move, winner) else INK
            out.append(_text(x, y, title, 13, colour, weight="bold"))
        # the title bar
        (tx, ty, title, _), *status = self.header
        out.append(_text(tx, ty, title, TITLE_SIZE, INK, weight="bold"))
        for x, y, line, anchor in status:
            out.append(_text(x, y, line, STATUS_SIZE, INK, anchor=anchor))
        if caption:
            out.append(_text(w / 2, h - 6, caption, 12, HIGHLIGHT, anchor="middle"))
        for placed in self.placed:
            out.append(self._pile(placed, placed.pile.index in touched))
        out.append("</svg>")
        return "\n".join(out)

    def _title(self) -> str:
        v = self.view
        return f"{v.rules.name} · turn {v.turn} · ply {v.ply}"

    def _back(self, p: PileView, i: int) -> str:
        """The back colour of card ``i`` of ``p`` (not shown face up)."""
        if not self.view.rules.owned_decks:
            return "shared"
        c = p.cards[i]
        if c != HIDDEN:
            return str(DECK[c])
        # a card the viewer may not see: its pile owner's deck (no leak)
        return str(p.spec.owner) if p.spec.owner is not None else "shared"

    def _pile(self, pl: _Placed, touched: bool) -> str:
        p = pl.pile
        n = len(p.cards)
        parts: list[str] = [f'<g class="pile" data-label={quoteattr(p.spec.label)}>']
        offsets = _fan_offsets(pl.fan, n)
        if n == 0:
            parts.append(_slot(pl.x, pl.y))
        elif pl.fan == "stack":
            if n > 1:  # the edge of the cards below
                edge = "face" if p.face_up(n - 2) else self._back(p, n - 2)
                parts.append(_edge(pl.x + 3, pl.y + 3, edge))
            parts.append(self._card(p, n - 1, pl.x, pl.y))
        else:
            for i, (dx, dy) in enumerate(offsets):
                parts.append(self._card(p, i, pl.x + dx, pl.y + dy))
        # the extent of the pile, for the highlight and the label
        xs = [dx for dx, _ in offsets] or [0.0]
        ys = [dy for _, dy in offsets] or [0.0]
        x1, x2 = pl.x + min(xs), pl.x + max(xs) + CW
        y1, y2 = pl.y + min(ys), pl.y + max(ys) + CH
        if touched:
            parts.append(
                f'<rect x="{x1 - 4:g}" y="{y1 - 4:g}" width="{x2 - x1 + 8:g}" '
                f'height="{y2 - y1 + 8:g}" rx="8" fill="none" stroke="{HIGHLIGHT}" '
                f'stroke-width="4"/>'
            )
        parts.append(self._label(pl, x1, x2, y1, y2))
        parts.append("</g>")
        return "".join(parts)

    def _label(self, pl: _Placed, x1: float, x2: float, y1: float, y2: float) -> str:
        if pl.label_pos == "inside":
            if pl.pile.cards:
                return ""
            return _text(pl.x + CW / 2, pl.y + CH / 2 + 4, pl.label, 11, INK, anchor="middle")
        if pl.label_pos == "left":
            return _text(pl.x - 6, pl.y + CH / 2 + 4, pl.label, 11, INK, anchor="end")
        if pl.label_pos == "right":
            return _text(pl.x + CW + 6, pl.y + CH / 2 + 4, pl.label, 11, INK)
        cx = pl.x + CW / 2 if pl.fan != "hand" else (x1 + x2) / 2
        return _text(cx, y2 + 12, pl.label, 11, INK, anchor="middle")

    def _card(self, p: PileView, i: int, x: float, y: float) -> str:
        if p.face_up(i):
            return _face(p.cards[i], x, y)
        return _back(x, y, self._back(p, i))


#: Widths in em that no character of a class exceeds in DejaVu Sans (normal,
#: bold), the picture's first font: "m" and "w" and the wide capitals, the
#: other capitals, lower case letters and digits, spaces and punctuation, and
#: anything else (card suits, stars: 0.9 em).
_EM = (
    ("mwMW", 1.0, 1.11),
    ("ABCDEFGHIJKLNOPQRSTUVXYZ", 0.8, 0.9),
    ("abcdefghijklnopqrstuvxyz0123456789", 0.64, 0.72),
    (" .,:;()'!|-·/", 0.41, 0.46),
)


def text_width(s: str, size: float, *, bold: bool = False) -> float:
    """An upper bound of the width of ``s`` set in DejaVu Sans at ``size``
    (by classes of characters, see ``_EM``): what the header's layout checks
    that its texts fit in."""
    em = 0.0
    for ch in s:
        for chars, normal, heavy in _EM:
            if ch in chars:
                em += heavy if bold else normal
                break
        else:
            em += 0.9 if not bold else 1.0
    return em * size


def _fan_offsets(fan: str, n: int) -> list[tuple[float, float]]:
    """Where each card of a fanned pile lies, relative to its base card."""
    if n == 0:
        return []
    if fan == "stack":
        return [(0.0, 0.0)]
    if fan == "hand":
        return [(i * HAND_STEP, 0.0) for i in range(n)]
    if fan in ("right", "left"):
        step = min(float(H_STEP), (COLUMN_ZONE - CW) / max(1, n - 1))
        sign = 1 if fan == "right" else -1
        return [(sign * i * step, 0.0) for i in range(n)]
    step = min(float(V_STEP), ROW_FAN_MAX / max(1, n - 1))
    sign = 1 if fan == "down" else -1
    return [(0.0, sign * i * step) for i in range(n)]


# ------------------------------------------------------------------ pieces


# what XML 1.0 does not allow in a document: control characters but tab and the
# line ends, lone surrogates, U+FFFE and U+FFFF
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml(s: str) -> str:
    """``s`` as XML text: escaped, each character XML does not allow replaced by U+FFFD."""
    return escape(_NOT_XML.sub("\ufffd", s))


def _text(
    x: float,
    y: float,
    s: str,
    size: float,
    fill: str | None,
    *,
    anchor: str = "start",
    weight: str = "normal",
) -> str:
    """A ``<text>`` element; with ``fill=None`` it takes its group's colour."""
    attrs = f'x="{x:g}" y="{y:g}" font-size="{size:g}"'
    if fill is not None:
        attrs += f' fill="{fill}"'
    if anchor != "start":
        attrs += f' text-anchor="{anchor}"'
    if weight != "normal":
        attrs += f' font-weight="{weight}"'
    return f"<text {attrs}>{_xml(s)}</text>"


def _defs() -> str:
    patterns = []
    colours = [("shared", SHARED_BACK)] + [(str(d), c) for d, c in enumerate(BACK_COLOURS)]
    for name, colour in colours:
        patterns.append(
            f'<pattern id="back-{name}" width="8" height="8" patternUnits="userSpaceOnUse" '
            f'patternTransform="rotate(45)"><rect width="8" height="8" fill="{colour}"/>'
            f'<rect width="3" height="8" fill="#ffffff" fill-opacity="0.18"/></pattern>'
        )
    return "<defs>" + "".join(patterns) + "</defs>"


def _slot(x: float, y: float) -> str:
    return (
        f'<rect x="{x:g}" y="{y:g}" width="{CW}" height="{CH}" rx="{RADIUS}" '
        f'fill="none" stroke="{INK}" stroke-opacity="0.55" stroke-dasharray="5 4"/>'
    )


def _edge(x: float, y: float, back: str) -> str:
    fill = "#f4f1e8" if back == "face" else f"url(#back-{back})"
    return (
        f'<rect x="{x:g}" y="{y:g}" width="{CW}" height="{CH}" rx="{RADIUS}" '
        f'fill="{fill}" stroke="#333" stroke-width="0.8"/>'
    )


def _back(x: float, y: float, back: str) -> str:
    return (
        f'<g class="back"><rect x="{x:g}" y="{y:g}" width="{CW}" height="{CH}" rx="{RADIUS}" '
        f'fill="#fbfbf8" stroke="#333" stroke-width="0.8"/>'
        f'<rect x="{x + 4:g}" y="{y + 4:g}" width="{CW - 8}" height="{CH - 8}" rx="3" '
        f'fill="url(#back-{back})"/></g>'
    )


def _face(c: int, x: float, y: float) -> str:
    colour = RED if COLOUR[c] else BLACK
    parts = [
        f'<g class="card" fill="{colour}">',
        f'<rect x="{x:g}" y="{y:g}" width="{CW}" height="{CH}" rx="{RADIUS}" '
        f'fill="#fbfbf8" stroke="#333" stroke-width="0.8"/>',
    ]
    if IS_JOKER[c]:
        parts.append(_glyph(x + CW / 2, y + CH / 2 + 10, "★", 30))
        parts.append(_glyph(x + CW / 2, y + 16, "JOKER", 10, weight="bold"))
        # corner stars, seen when the joker lies in a fan
        parts.append(_glyph(x + 4, y + 30, "★", 12, anchor="start"))
        parts.append(_glyph(x + CW - 4, y + CH - 5, "★", 12, anchor="end"))
        parts.append(_glyph(x + 4, y + CH - 5, "★", 12, anchor="start"))
        parts.append("</g>")
        return "".join(parts)
    rank, suit = RANK_NAMES[RANK[c]], SUIT_SYMBOLS[SUIT[c]]
    # corner indices: top-left rank over suit (seen in a fan to the right),
    # top-right suit (seen in a fan downwards), and the same at the bottom
    # right and bottom left for fans to the left and upwards
    parts.append(_glyph(x + 4, y + 15, rank, 14, anchor="start", weight="bold"))
    parts.append(_glyph(x + 4, y + 29, suit, 13, anchor="start"))
    parts.append(_glyph(x + CW - 4, y + 15, suit, 13, anchor="end"))
    parts.append(_glyph(x + CW - 4, y + CH - 5, rank, 14, anchor="end", weight="bold"))
    parts.append(_glyph(x + CW - 4, y + CH - 19, suit, 13, anchor="end"))
    parts.append(_glyph(x + 4, y + CH - 5, suit, 13, anchor="start"))
    if RANK[c] > 10:
        parts.append(_glyph(x + CW / 2, y + CH / 2 + 2, rank, 24, weight="bold"))
        parts.append(_glyph(x + CW / 2, y + CH / 2 + 20, suit, 16))
    else:
        parts.append(_glyph(x + CW / 2, y + CH / 2 + 10, suit, 30))
    parts.append("</g>")
    return "".join(parts)


def _glyph(
    x: float, y: float, s: str, size: float, *, anchor: str = "middle", weight: str = "normal"
) -> str:
    """A card's rank or suit, in the card's colour (centred unless ``anchor`` says)."""
    return _text(x, y, s, size, None, anchor=anchor, weight=weight)
