"""A compact Unicode picture of a state, for terminals and logs: :func:`zank.render.text`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zank._values import Observation, State
from zank.cards import card_unicode
from zank.render._view import (
    COLUMN_KINDS,
    ROW_FAN_KINDS,
    PileView,
    TableView,
    seat_name,
    status_line,
    table_view,
)

if TYPE_CHECKING:
    from zank.core import Rules

__all__ = ["ASCII", "BACK", "EMPTY", "text", "to_ascii"]

#: How a face-down or hidden card is shown.
BACK = "▒▒"
#: How an empty pile is shown.
EMPTY = "·"
_WIDTH = 100
FACE_MASK = 0x3F  # rank and suit bits of a card id
_HAND_SHOWN = 10  # a hidden hand of more cards is shown as a count


def text(
    state: State | Observation,
    perspective: int | None = None,
    *,
    rules: Rules | None = None,
) -> str:
    """A compact Unicode layout of ``state`` (several lines, no trailing newline).

    The layout follows the table: the other seats at the top (their rows
    mirrored, as seen across the table), shared piles in the middle, the bottom
    seat (the perspective's, else seat 0) at the bottom.  A
    stack shows its top card and, after ``×``, how many cards it holds; a fanned
    pile (a house, a side stack) and a hand show every card.  ``▒▒`` is a card
    face down or hidden from the viewer, ``·`` an empty pile.

    >>> import zank
    >>> from zank.render import text
    >>> state = zank.variant("spite-and-malice").new_game(seed=7)
    >>> print(text(state, perspective=0))
    spite-and-malice · turn 1 · ply 0 · Player 0 to move
    ── Player 1 ────────────────────────────────
      hand ▒▒ ▒▒ ▒▒ ▒▒ ▒▒   side 4 ·   side 3 ·   side 2 ·   side 1 ·   pay-off 5♦ ×20
    ── middle ──────────────────────────────────
      draw pile ▒▒ ×54   build 1 ·   build 2 ·   build 3 ·
    ── ▶ Player 0 (you) ────────────────────────
      pay-off 7♣ ×20   side 1 ·   side 2 ·   side 3 ·   side 4 ·   hand 5♣ 3♥ K♥ A♠ J♦

    Args:
        state: a state of any variant, or an :class:`~zank.core.Observation`
            (then pass ``rules``; it is drawn from its player's perspective).
        perspective: draw what this seat may see (other hands and face-down
            cards hidden, see :meth:`~zank.core.Rules.observe`); ``None``
            shows every hand face up (face-down cards stay ``▒▒``).
        rules: the rules object, needed only for an observation.
    """
    view = table_view(state, perspective, rules)
    lines = [_header(view)]
    order = view.seat_order()
    for seat in reversed(order[1:]):
        lines += _seat_block(view, seat, top=True)
    lines += _middle(view)
    lines += _seat_block(view, order[0], top=False)
    return "\n".join(line.rstrip() for line in lines)


def _header(view: TableView) -> str:
    return f"{view.rules.name} · turn {view.turn} · ply {view.ply} · {status_line(view)}"


def _rule(title: str) -> str:
    return f"── {title} " + "─" * max(3, 40 - len(title))


def _card(p: PileView, i: int) -> str:
    # the deck (the back) is not part of what a face shows
    return card_unicode(p.cards[i] & FACE_MASK) if p.face_up(i) else BACK


def stack(p: PileView) -> str:
    """A stack: its top card, and ``×n`` when it holds more than one card."""
    n = len(p.cards)
    if not n:
        return EMPTY
    top = _card(p, n - 1)
    return f"{top} ×{n}" if n > 1 else top


def fan(p: PileView) -> str:
    """Every card of a fanned pile or a hand, bottom to top (face-down ones as a count)."""
    if not p.cards:
        return EMPTY
    hidden = sum(1 for i in range(len(p.cards)) if not p.face_up(i))
    if hidden == len(p.cards) and (p.spec.private and hidden > _HAND_SHOWN):
        return f"{BACK} ×{hidden}"
    shown = [_card(p, i) for i in range(len(p.cards))]
    if p.down > 3:  # a long face-down run below a fan: count it
        return f"{BACK} ×{p.down} " + " ".join(shown[p.down :])
    return " ".join(shown)


def _pile(p: PileView) -> str:
    if p.spec.private or p.spec.kind in COLUMN_KINDS | ROW_FAN_KINDS:
        return f"{p.name} {fan(p)}"
    return f"{p.name} {stack(p)}"


def _wrap(items: list[str], indent: str = "  ") -> list[str]:
    lines: list[str] = []
    line = indent
    for item in items:
        if line.strip() and len(line) + 3 + len(item) > _WIDTH:
            lines.append(line)
            line = indent
        line += ("   " if line.strip() else "") + item
    if line.strip():
        lines.append(line)
    return lines


def _seat_block(view: TableView, seat: int, *, top: bool) -> list[str]:
    title = seat_name(seat)
    if seat == view.viewer:
        title += " (you)"
    if seat == view.to_move:
        title = "▶ " + title
    if view.outcome is not None and view.outcome.winner == seat:
        title = "★ " + title + " wins"
    piles = view.seat_piles(seat)
    if top:  # seen across the table, a row runs the other way (as in the SVG)
        piles.reverse()
    return [_rule(title), *_wrap([_pile(p) for p in piles])]


def _middle(view: TableView) -> list[str]:
    lines = [_rule("middle")]
    centre = [p for p in view.centre_piles() if p.cards or p.spec.kind != "completed"]
    left, right = view.columns()
    if not (left or right):
        return lines + _wrap([_pile(p) for p in centre])
    # The Zank family: foundations in two columns between the house columns,
    # the houses fanned outwards (the left column's top card is leftmost).
    stacks = [p for p in centre if p.spec.kind == "foundation"]
    others = [p for p in centre if p.spec.kind != "foundation"]
    per_row = 2
    rows = max(len(left), len(right), -(-len(stacks) // per_row))
    left_cells = [_house_left(p) for p in left]
    width = max((len(c) for c in left_cells), default=0)
    for r in range(rows):
        cell_l = left_cells[r] if r < len(left_cells) else ""
        found = stacks[r * per_row : (r + 1) * per_row]
        middle = " ".join(f"{_top(p):>3}" for p in found)
        cell_r = _house_right(right[r]) if r < len(right) else ""
        lines.append(f"  {cell_l:>{width}} │ {middle:<7} │ {cell_r}")
    if others:
        lines += _wrap([_pile(p) for p in others])
    return lines


def _top(p: PileView) -> str:
    return _card(p, len(p.cards) - 1) if p.cards else EMPTY


def _house_left(p: PileView) -> str:
    cards = [_card(p, i) for i in range(len(p.cards))]
    return " ".join(reversed(cards or [EMPTY])) + f"  {p.spec.label}"


def _house_right(p: PileView) -> str:
    cards = [_card(p, i) for i in range(len(p.cards))]
    return f"{p.spec.label}  " + " ".join(cards or [EMPTY])


#: ASCII stand-ins for the symbols of the drawings and of the ``zank`` command's
#: output (for a terminal that cannot show them): suits become the letters of the
#: card notation (``10♦`` -> ``10d``), jokers ``Xb``/``Xr``, the frame ``-``/``|``,
#: ``▒▒`` (a card face down) ``##``.  A ``str.translate`` table.
ASCII: dict[int, str] = str.maketrans(
    {
        "♣": "c",
        "♦": "d",
        "♥": "h",
        "♠": "s",
        "🃏": "Xb",
        "🂿": "Xr",
        "▒": "#",
        "█": "#",
        "─": "-",
        "│": "|",
        "▶": ">",
        "★": "*",
        "·": ".",
        "×": "x",
        "…": "...",
        "—": "-",
        "–": "-",
    }
)


def to_ascii(drawing: str) -> str:
    """``drawing`` with the symbols of :data:`ASCII` replaced (other characters stay).

    >>> from zank.render.text import to_ascii
    >>> print(to_ascii("pay-off 10♦ ×20   hand ▒▒ ×5"))
    pay-off 10d x20   hand ## x5
    """
    return drawing.translate(ASCII)
