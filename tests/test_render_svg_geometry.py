"""The SVG picture's geometry (:func:`zank.render.svg.svg`): where things are drawn.

``tests/test_render.py`` checks what the picture holds (labels, escaping, outlines);
this file reads the places back from the SVG and checks the layout's promises, as
properties rather than copied coordinates:

* every card, label and frame lies inside the picture (the viewBox);
* no two piles overlap, and no pile's label runs into another pile;
* a seat's piles lie inside that seat's frame, the shared ones between the frames,
  the seats across the table above the middle and the bottom seat below it;
* a fan spreads its cards by its step in its direction (houses sideways away from
  the foundations, side stacks towards their owner, a hand to the right), a long
  fan is squeezed into its room, a stack shows the edge of the cards below it;
* in a fan, the part of each covered card that shows carries its rank and suit;
* ``size`` scales the picture and keeps its proportions.

Written for the mutation campaign of ``zank.render.svg`` (issue 38): its sample's
survivors were coordinates and sizes of the layout.
"""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, field

import attrs
import pytest

import zank
from zank.agents import RandomAgent
from zank.cards import parse_cards
from zank.core import Rules, State
from zank.render.svg import svg, text_width

from .strategies import all_presets, player_counts, preset_id

NS = "{http://www.w3.org/2000/svg}"
W, H = 60.0, 84.0  # a card, as drawn
# The fans' steps and rooms, as the module docs describe the picture: the strip of
# a covered card that shows in a house (sideways), a side stack (up or down), a hand.
HOUSE_STEP, SIDE_STEP, HAND_STEP = 20.0, 22.0, 28.0
HOUSE_ROOM = 10 * HOUSE_STEP  # a house of 11 cards spreads fully; longer ones squeeze
SIDE_ROOM = 2 * H  # a side stack grows by two card heights at most

Box = tuple[float, float, float, float]  # left, top, right, bottom


def _overlap(a: Box, b: Box) -> float:
    """The area two boxes share (0 when they only touch)."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _within(box: Box, outer: Box) -> bool:
    return outer[0] <= box[0] <= box[2] <= outer[2] and outer[1] <= box[1] <= box[3] <= outer[3]


def _union(boxes: list[Box]) -> Box:
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


@dataclass
class Text:
    x: float
    y: float
    size: float
    anchor: str
    text: str
    bold: bool

    def box(self) -> Box:
        """An upper bound of the text's extent (the renderer's own width bound)."""
        width = text_width(self.text, self.size, bold=self.bold)
        left = {"start": self.x, "middle": self.x - width / 2, "end": self.x - width}[self.anchor]
        return (left, self.y - 0.8 * self.size, left + width, self.y + 0.25 * self.size)


@dataclass
class Card:
    box: Box
    face_up: bool
    glyphs: list[Text] = field(default_factory=list)
    slot: bool = False  # an empty pile's dashed outline


@dataclass
class Pile:
    label: str
    cards: list[Card]  # bottom to top as drawn; an empty pile: its slot
    edge: Box | None  # the edge of the cards below a stack's top
    name: Text | None  # the pile's label

    def box(self) -> Box:
        return _union([c.box for c in self.cards] + ([self.edge] if self.edge else []))


@dataclass
class Picture:
    width: float
    height: float
    view: Box
    piles: dict[str, Pile]
    frames: list[Box]  # the seats' frames, in drawing order
    texts: list[Text]  # every text outside the piles (header, seat titles, caption)


def _f(e: ET.Element, name: str) -> float:
    return float(e.get(name, "0"))


def _text(e: ET.Element) -> Text:
    return Text(
        _f(e, "x"),
        _f(e, "y"),
        _f(e, "font-size"),
        e.get("text-anchor", "start"),
        e.text or "",
        e.get("font-weight") == "bold",
    )


def _rect(e: ET.Element) -> Box:
    x, y = _f(e, "x"), _f(e, "y")
    return (x, y, x + _f(e, "width"), y + _f(e, "height"))


def parse(picture: str) -> Picture:
    root = ET.fromstring(picture)
    vx, vy, vw, vh = (float(v) for v in root.get("viewBox", "").split())
    piles: dict[str, Pile] = {}
    frames: list[Box] = []
    texts: list[Text] = []
    for e in root:
        if e.tag == NS + "rect" and e.get("rx") == "10":
            frames.append(_rect(e))
        elif e.tag == NS + "text":
            texts.append(_text(e))
        elif e.tag == NS + "g" and e.get("class") == "pile":
            cards: list[Card] = []
            edge: Box | None = None
            name: Text | None = None
            for part in e:
                if part.tag == NS + "g":
                    outline = part.find(NS + "rect")
                    assert outline is not None
                    glyphs = [_text(t) for t in part.iter(NS + "text")]
                    cards.append(Card(_rect(outline), part.get("class") == "card", glyphs))
                elif part.tag == NS + "rect" and _f(part, "width") == W:
                    if part.get("fill") == "none":
                        cards.append(Card(_rect(part), False, slot=True))
                    else:
                        edge = _rect(part)
                elif part.tag == NS + "text":
                    name = _text(part)
            piles[e.get("data-label", "")] = Pile(e.get("data-label", ""), cards, edge, name)
    return Picture(_f(root, "width"), _f(root, "height"), (vx, vy, vw, vh), piles, frames, texts)


def _put(state: State, piles: dict[str, str]) -> State:
    """``state`` with the named piles' cards replaced, face up, unchecked (the
    renderer draws what it is given)."""
    labels = [s.label for s in state.rules.layout(state.players)]
    cards, down = list(state.piles), list(state.down)
    for label, text in piles.items():
        cards[labels.index(label)] = parse_cards(text)
        down[labels.index(label)] = 0
    return attrs.evolve(state, piles=tuple(cards), down=tuple(down))


def states(rules: Rules, players: int, seed: int) -> Iterator[State]:
    """The deal, a state some way into a random game, and its last state."""
    state = rules.new_game(seed=seed, players=players)
    yield state
    agents = [RandomAgent(seed + p) for p in range(players)]
    n = 0
    while state.outcome is None and n < 400:
        p = state.to_move
        assert p is not None
        move = agents[p].choose(rules, rules.observe(state, p), rules.legal_moves(state))
        state = rules.apply(state, move)
        n += 1
        if n == 60:
            yield state
    yield state


CASES = [
    pytest.param(rules, players, id=f"{preset_id(rules)}-{players}p")
    for rules in all_presets()
    for players in player_counts(rules)
]


def pictures(rules: Rules, players: int) -> Iterator[tuple[State, int | None, Picture]]:
    for state in states(rules, players, seed=11):
        for perspective in (None, players - 1):
            yield state, perspective, parse(svg(state, perspective=perspective))


# ---------------------------------------------------------------- the whole picture
@pytest.mark.parametrize(("rules", "players"), CASES)
def test_everything_lies_inside_the_picture_and_no_piles_overlap(
    rules: Rules, players: int
) -> None:
    for _, _, pic in pictures(rules, players):
        assert pic.view == (0.0, 0.0, pic.width, pic.height)
        inside = (0.0, 0.0, pic.width, pic.height)
        boxes = [p.box() for p in pic.piles.values()]
        boxes += pic.frames
        boxes += [t.box() for t in pic.texts]
        boxes += [p.name.box() for p in pic.piles.values() if p.name is not None]
        for box in boxes:
            assert _within(box, inside), box
        piles = list(pic.piles.values())
        for i, a in enumerate(piles):
            for b in piles[i + 1 :]:
                assert _overlap(a.box(), b.box()) == 0, (a.label, b.label)
                # a label runs into no other pile
                if a.name is not None:
                    assert _overlap(a.name.box(), b.box()) == 0, (a.label, b.label)
                if b.name is not None:
                    assert _overlap(b.name.box(), a.box()) == 0, (b.label, a.label)
        # a pile's name runs into none of its own cards (an empty slot's name is inside it)
        for pile in piles:
            if pile.name is not None:
                for card in pile.cards:
                    if not card.slot:
                        assert _overlap(pile.name.box(), card.box) == 0, pile.label
        # the frames do not overlap each other
        for i, a_frame in enumerate(pic.frames):
            for b_frame in pic.frames[i + 1 :]:
                assert _overlap(a_frame, b_frame) == 0


@pytest.mark.parametrize(("rules", "players"), CASES)
def test_each_seat_in_its_frame_the_middle_between(rules: Rules, players: int) -> None:
    layout = rules.layout(players)
    for _state, perspective, pic in pictures(rules, players):
        assert len(pic.frames) == players
        # a frame holds the title of its seat
        frame_of: dict[int, Box] = {}
        for t in pic.texts:
            m = re.search(r"Player (\d+)", t.text)
            if m and t.size == 13 and t.bold:
                (frame,) = [f for f in pic.frames if f[0] <= t.x <= f[2] and f[1] <= t.y <= f[3]]
                frame_of[int(m[1])] = frame
        assert sorted(frame_of) == list(range(players))
        bottom = perspective if perspective is not None else 0
        # the bottom seat's frame is the lowest; the others lie above it
        assert all(frame_of[bottom][1] >= f[3] for s, f in frame_of.items() if s != bottom)
        top_of_bottom = frame_of[bottom][1]
        lowest_top = max(f[3] for s, f in frame_of.items() if s != bottom)
        for spec in layout:
            pile = pic.piles.get(spec.label)
            if pile is None:  # a free place of many (unlimited build piles) not drawn
                continue
            box = _union([pile.box()] + ([pile.name.box()] if pile.name else []))
            owned = spec.owner is not None and spec.kind not in (
                "house",
                "edge",
                "stair",
                "auxiliary",
                "tableau",
                "foundation",
                "build",
                "draw",
                "completed",
            )
            if owned and spec.owner is not None:
                f = frame_of[spec.owner]
                assert _within(box, f), spec.label
            else:  # the middle: between the seats across the table and the bottom seat
                assert lowest_top <= box[1], spec.label
                assert box[3] <= top_of_bottom, spec.label


# ---------------------------------------------------------------- fans and stacks
def _steps(pile: Pile) -> list[tuple[float, float]]:
    boxes = [c.box for c in pile.cards]
    return [(b[0] - a[0], b[1] - a[1]) for a, b in itertools.pairwise(boxes)]


def _same(steps: list[tuple[float, float]], step: tuple[float, float], n: int) -> bool:
    """Whether ``steps`` are ``n`` times ``step`` (to the SVG's six digits)."""
    return len(steps) == n and all(
        abs(dx - step[0]) < 0.01 and abs(dy - step[1]) < 0.01 for dx, dy in steps
    )


def _houses(rules: Rules, players: int) -> set[str]:
    return {
        s.label
        for s in rules.layout(players)
        if s.kind in ("house", "edge", "stair", "auxiliary", "tableau")
    }


@pytest.mark.parametrize(("rules", "players"), CASES)
def test_each_fan_spreads_by_its_step(rules: Rules, players: int) -> None:
    layout = {s.label: s for s in rules.layout(players)}
    houses = _houses(rules, players)
    for state, perspective, pic in pictures(rules, players):
        bottom = perspective if perspective is not None else 0
        centre_x = pic.width / 2
        for label, pile in pic.piles.items():
            spec = layout[label]
            n = len(pile.cards)
            i = next(k for k, s in enumerate(rules.layout(players)) if s.label == label)
            fanned = label in houses or spec.private or spec.kind == "side"
            assert n == (max(1, len(state.piles[i])) if fanned else 1), label
            steps = _steps(pile)
            if label in houses:
                # sideways, away from the foundations, by a house step or squeezed
                # so that the house keeps to its room
                step = min(HOUSE_STEP, HOUSE_ROOM / max(1, n - 1))
                away = 1 if pile.cards[0].box[0] > centre_x else -1
                assert _same(steps, (away * step, 0.0), n - 1), label
                assert pile.edge is None
            elif spec.private:
                assert _same(steps, (HAND_STEP, 0.0), n - 1), label
            elif spec.kind == "side":
                # towards the owner: down at the bottom seat, up across the table
                step = min(SIDE_STEP, SIDE_ROOM / max(1, n - 1))
                towards = 1 if spec.owner == bottom else -1
                assert _same(steps, (0.0, towards * step), n - 1), label
            else:  # a stack: its top card, and the edge of those below from two cards
                top = pile.cards[0].box
                if len(state.piles[i]) > 1:
                    assert pile.edge == (top[0] + 3, top[1] + 3, top[2] + 3, top[3] + 3)
                else:
                    assert pile.edge is None, label


def test_a_long_house_keeps_to_its_room() -> None:
    rules = zank.variant("zank")
    run = "Kd Qs Jh Tc 9d 8s 7h 6c 5d 4s 3h 2c"  # twelve cards, longer than a full fan
    state = _put(rules.new_game(seed=3), {"h1": run, "h5": run})
    pic = parse(svg(state))
    for label in ("h1", "h5"):
        pile = pic.piles[label]
        assert len(pile.cards) == 12
        spread = abs(pile.cards[-1].box[0] - pile.cards[0].box[0])
        assert spread == pytest.approx(HOUSE_ROOM, abs=0.01)
        assert abs(_steps(pile)[0][0]) == pytest.approx(HOUSE_ROOM / 11, abs=0.01)
    eleven = _put(rules.new_game(seed=3), {"h1": " ".join(run.split()[:11])})
    pile = parse(svg(eleven)).piles["h1"]
    assert _same(_steps(pile), (HOUSE_STEP, 0.0), 10)


def test_a_long_side_stack_keeps_to_its_room() -> None:
    rules = zank.variant("spite-and-malice")
    run = "Kd Qs Jh Tc 9d 8s 7h 6c 5d 4s 3h"
    state = _put(rules.new_game(seed=1), {"p0.side1": run, "p1.side2": run})
    for perspective, label, sign in ((0, "p0.side1", 1), (0, "p1.side2", -1), (1, "p1.side2", 1)):
        pile = parse(svg(state, perspective=perspective)).piles[label]
        assert _same(_steps(pile), (0.0, sign * SIDE_ROOM / 10), 10)
    short = _put(rules.new_game(seed=1), {"p0.side1": "Kd Qs Jh Tc 9d 8s 7h 6c"})
    pile = parse(svg(short)).piles["p0.side1"]
    assert _same(_steps(pile), (0.0, SIDE_STEP), 7)


# ---------------------------------------------------------------- the cards' faces
def _index_in_strip(card: Card, strip: Box) -> bool:
    """Whether a rank and a suit of ``card`` are drawn (anchored) inside ``strip``."""
    ranks = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}
    inside = [g for g in card.glyphs if _overlap(g.box(), strip) > 0 and strip_has(strip, g)]
    return any(g.text in ranks for g in inside) and any(g.text in "♣♦♥♠" for g in inside)


def strip_has(strip: Box, g: Text) -> bool:
    x = g.x if g.anchor != "end" else g.x - 1
    return strip[0] <= x <= strip[2] and strip[1] <= g.y - 0.7 * g.size and g.y <= strip[3]


@pytest.mark.parametrize("perspective", [0, 1])
def test_a_covered_card_shows_its_rank_and_suit(perspective: int) -> None:
    zank_rules = zank.variant("zank")
    run = "Kd Qs Jh Tc 9d 8s 7h"
    state = _put(zank_rules.new_game(seed=3), {"h1": run, "h5": run})
    pic = parse(svg(state, perspective=perspective))
    spite = zank.variant("spite-and-malice")
    sides = _put(spite.new_game(seed=1), {"p0.side1": run, "p1.side1": run})
    side_pic = parse(svg(sides, perspective=perspective))
    piles = [
        pic.piles["h1"],
        pic.piles["h5"],
        *(side_pic.piles[s] for s in ("p0.side1", "p1.side1")),
    ]
    for pile in piles:
        for below, above in zip(pile.cards, pile.cards[1:], strict=False):
            b, a = below.box, above.box
            if a[0] > b[0]:  # fanned right: the left strip shows
                strip = (b[0], b[1], a[0], b[3])
            elif a[0] < b[0]:  # fanned left: the right strip
                strip = (a[2], b[1], b[2], b[3])
            elif a[1] > b[1]:  # fanned down: the top strip
                strip = (b[0], b[1], b[2], a[1])
            else:  # fanned up: the bottom strip
                strip = (b[0], a[3], b[2], b[3])
            assert _index_in_strip(below, strip), (pile.label, strip)


def test_the_corner_indices_mirror_each_other() -> None:
    state = zank.variant("spite-and-malice").setup({"build1": "Ad 2s 3h"}, seed=1)
    (card,) = parse(svg(state)).piles["build1"].cards
    x0, y0, x1, y1 = card.box
    rank = [g for g in card.glyphs if g.text == "3"]
    suit = [g for g in card.glyphs if g.text == "♥"]
    assert len(rank) == 2  # top left and bottom right
    assert len(suit) >= 4  # beside each index, and top right and bottom left
    top_left, bottom_right = sorted(rank, key=lambda g: g.y)
    # rotated by half a turn the card looks the same: each corner index at the
    # same distance from its corner
    assert top_left.anchor == "start"
    assert bottom_right.anchor == "end"
    assert top_left.x - x0 == x1 - bottom_right.x
    corners = sorted((g for g in suit if g.size == suit[0].size), key=lambda g: (g.y, g.x))
    top = [g for g in corners if g.y < (y0 + y1) / 2]
    low = [g for g in corners if g.y > (y0 + y1) / 2]
    assert {g.x - x0 for g in top if g.anchor == "start"} == {
        x1 - g.x for g in low if g.anchor == "end"
    }
    assert {g.x - x0 for g in low if g.anchor == "start"} == {
        x1 - g.x for g in top if g.anchor == "end"
    }
    for g in card.glyphs:  # every glyph on the card
        assert x0 <= g.box()[0] or g.anchor == "middle"
        assert x0 < g.x < x1
        assert y0 < g.y < y1


# ---------------------------------------------------------------- size
@pytest.mark.parametrize("size", [300, 601, 1000])
def test_size_scales_the_picture(size: int) -> None:
    state = zank.variant("zank-detailed").new_game(seed=2)
    plain = parse(svg(state))
    scaled = parse(svg(state, size=size))
    assert scaled.view == plain.view
    assert scaled.width == size
    assert scaled.height == round(size * plain.height / plain.width)


# ---------------------------------------------------------------- what is drawn where
def _drawn(rules: Rules, state: State) -> set[str]:
    """The piles a picture draws: all but an empty completed pile, and of a kind with
    more than eight places (unlimited build piles) only the used ones and the first
    free one."""
    layout = rules.layout(state.players)
    fans = ("house", "edge", "stair", "auxiliary", "tableau")
    centre = [
        s
        for s in layout
        if s.kind not in fans
        and (s.owner is None or s.kind in ("foundation", "build", "draw", "completed"))
    ]
    kinds = {s.kind: sum(t.kind == s.kind for t in centre) for s in centre}
    drawn: set[str] = set()
    free_seen: set[str] = set()
    for spec, cards in zip(layout, state.piles, strict=True):
        if spec.kind == "completed" and not cards:
            continue
        if spec in centre and kinds[spec.kind] > 8 and not cards:
            if spec.kind in free_seen:
                continue
            free_seen.add(spec.kind)
        drawn.add(spec.label)
    return drawn


@pytest.mark.parametrize(("rules", "players"), CASES)
def test_every_pile_is_drawn_and_the_middle_is_centred(rules: Rules, players: int) -> None:
    for state, _, pic in pictures(rules, players):
        assert set(pic.piles) == _drawn(rules, state)
        middle = [
            pic.piles[s.label].box()
            for s in rules.layout(players)
            if s.label in pic.piles and s.kind in ("build", "draw", "completed")
        ]
        if any(s.kind == "foundation" for s in rules.layout(players)):
            middle = [
                pic.piles[s.label].box() for s in rules.layout(players) if s.kind == "foundation"
            ]
        box = _union(middle)
        # the edge under a stack's top lies 3 to the right: leave it out
        right = max(b[2] - (3 if b[2] - b[0] > W else 0) for b in middle)
        assert (box[0] + right) / 2 == pytest.approx(pic.width / 2, abs=0.01)


def test_a_foundation_is_named_inside_its_slot_while_empty() -> None:
    rules = zank.variant("zank")
    state = _put(rules.new_game(seed=3), {"f1": "Ac 2c", "f2": "Ad"})
    pic = parse(svg(state))
    for label in ("f1", "f2"):
        assert pic.piles[label].name is None  # the cards show what the pile is
    for label in ("f3", "f8"):
        pile = pic.piles[label]
        assert pile.name is not None
        assert pile.name.text == label
        slot = pile.cards[0].box
        assert len(pile.cards) == 1
        assert _within(pile.name.box(), slot)
        assert pile.name.x == pytest.approx((slot[0] + slot[2]) / 2)


def test_the_caption_and_the_outlines_of_the_last_move() -> None:
    rules = zank.variant("spite-and-malice")
    before = rules.new_game(seed=3)
    move = rules.legal_moves(before)[0]
    after = rules.apply(before, move)
    pic = parse(svg(after, last_move=move, before=before))
    (caption,) = [t for t in pic.texts if t.text.startswith("last move: ")]
    assert caption.anchor == "middle"
    assert caption.x == pytest.approx(pic.width / 2)
    assert _within(caption.box(), (0.0, 0.0, pic.width, pic.height))
    root = ET.fromstring(svg(after, last_move=move, before=before))
    outlined = 0
    for g in root:
        if g.get("class") != "pile":
            continue
        label = g.get("data-label", "")
        for r in g.findall(NS + "rect"):
            if r.get("stroke-width") == "4":
                outlined += 1
                # four units off every side of the pile
                x0, y0, x1, y1 = pic.piles[label].box()
                if pic.piles[label].edge is not None:
                    x1, y1 = x1 - 3, y1 - 3
                assert _rect(r) == pytest.approx((x0 - 4, y0 - 4, x1 + 4, y1 + 4))
    assert outlined == 2


def test_a_joker_is_drawn_on_its_card() -> None:
    rules = zank.variant("spite-and-malice", jokers=True)
    state = rules.new_game(seed=1)
    state = _put(state, {"build1": "Xr"})
    (card,) = parse(svg(state)).piles["build1"].cards
    x0, _, x1, _ = card.box
    assert card.glyphs
    for g in card.glyphs:
        assert _within(g.box(), card.box), g.text
    (word,) = [g for g in card.glyphs if g.text == "JOKER"]
    assert word.x == pytest.approx((x0 + x1) / 2)


MARGIN, GAP = 20.0, 14.0  # the picture's margin; the room between piles


@pytest.mark.parametrize("players", [2, 3, 6])
def test_the_picture_is_as_wide_as_its_widest_row_and_the_margins(players: int) -> None:
    rules = zank.variant("spite-and-malice")
    for state in states(rules, players, seed=4):
        pic = parse(svg(state))
        rows: list[float] = []

        # the cards (not the edges under the stacks' tops) of each row
        def row(pick: str, *, seat: bool, pic: Picture = pic) -> Box:
            return _union(
                [
                    c.box
                    for label, p in pic.piles.items()
                    if label.startswith(pick) == seat
                    for c in p.cards
                ]
            )

        for seat in range(players):
            own = row(f"p{seat}.", seat=True)
            rows.append(own[2] - own[0])
        middle = row("p", seat=False)
        # the middle's stacks keep a gap to either side
        rows.append(middle[2] - middle[0] + 2 * GAP)
        widest = max(rows)
        assert round(widest + 2 * MARGIN) == pic.width


def test_the_texts_sizes() -> None:
    rules = zank.variant("zank")
    before = rules.new_game(seed=3)
    move = rules.legal_moves(before)[0]
    after = rules.apply(before, move)
    pic = parse(svg(after, last_move=move, before=before))
    # the title, larger than the status beside it, larger than the caption
    (caption,) = [t for t in pic.texts if t.text.startswith("last move: ")]
    header = [t for t in pic.texts if t.y == min(u.y for u in pic.texts)]
    assert len(header) == 2
    title_size = max(t.size for t in header)
    status_size = min(t.size for t in header)
    assert caption.size < status_size < title_size
    # every pile's name in one size, beside a house, below a pile or in an empty slot
    names = {p.name.size for p in pic.piles.values() if p.name is not None}
    assert len(names) == 1
    assert names.pop() < caption.size


def test_a_jokers_corner_stars_are_alike() -> None:
    rules = zank.variant("spite-and-malice", jokers=True)
    state = _put(rules.new_game(seed=1), {"build1": "Xb"})
    (card,) = parse(svg(state)).piles["build1"].cards
    corners = [g for g in card.glyphs if g.text == "★" and g.anchor != "middle"]
    assert len(corners) == 3
    assert len({g.size for g in corners}) == 1


@pytest.mark.parametrize("cards", ["Ad 2s 3h", "Kh", "Qc"])
def test_the_centre_of_a_face_is_centred(cards: str) -> None:
    state = _put(zank.variant("spite-and-malice").new_game(seed=1), {"build1": cards})
    (card,) = parse(svg(state)).piles["build1"].cards
    centred = [g for g in card.glyphs if g.anchor == "middle"]
    assert centred
    for g in centred:
        assert g.x == pytest.approx((card.box[0] + card.box[2]) / 2), g.text


@pytest.mark.parametrize("players", [2, 3])
def test_every_frame_ends_as_far_below_its_lowest_card(players: int) -> None:
    rules = zank.variant("spite-and-malice")
    state = rules.new_game(seed=2, players=players)
    state = _put(state, {"p0.side1": "Kd Qs Jh", "p1.side2": "Kc Qh"})
    for perspective in (0, 1):
        pic = parse(svg(state, perspective=perspective))
        below: list[float] = []
        for frame in pic.frames:
            cards = [
                c.box[3]
                for label, p in pic.piles.items()
                if label.startswith("p")
                for c in p.cards
                if _within(c.box, frame)
            ]
            below.append(frame[3] - max(cards))
        assert len(below) == players
        assert max(below) - min(below) < 0.01, below


@pytest.mark.parametrize("name", ["zank", "zank-detailed", "zank-104"])
def test_the_middle_takes_the_height_of_its_rows(name: str) -> None:
    # as much room above the middle's first row as below its last: no empty rows
    state = zank.variant(name).new_game(seed=2)
    state = _put(state, {"f1": "Ac", "f2": "Ad", "f7": "Ah", "f8": "As"})
    pic = parse(svg(state))
    layout = state.rules.layout(2)
    middle = [
        c.box
        for s in layout
        if s.owner is None and s.label in pic.piles
        for c in pic.piles[s.label].cards
    ]
    top = min(b[1] for b in middle)
    low = max(b[3] for b in middle)
    frames = sorted(pic.frames, key=lambda f: f[1])
    above = top - frames[0][3]
    below = frames[-1][1] - low
    assert above == pytest.approx(below)


@pytest.mark.parametrize("name", ["spite-and-malice", "zank"])
def test_the_room_round_the_middle(name: str) -> None:
    # about the same room above the middle's cards as below them: below the stacks
    # of Spite and Malice at most a line (15) more, for their names
    state = zank.variant(name).new_game(seed=2)
    pic = parse(svg(state))
    middle = [
        c.box
        for s in state.rules.layout(2)
        if s.owner is None and s.label in pic.piles
        for c in pic.piles[s.label].cards
    ]
    frames = sorted(pic.frames, key=lambda f: f[1])
    above = min(b[1] for b in middle) - frames[0][3]
    below = frames[-1][1] - max(b[3] for b in middle)
    names = [p.name for p in pic.piles.values() if p.name is not None and p.label[0] != "p"]
    below_names = [n for n in names if n.y > max(b[3] for b in middle)]
    if below_names:
        assert above < below <= above + 15
    else:
        assert below == pytest.approx(above)


@pytest.mark.parametrize("name", ["zank", "zank-detailed", "zank-104"])
def test_the_zank_middle_and_the_seats_under_the_house_columns(name: str) -> None:
    state = zank.variant(name).new_game(seed=2)
    pic = parse(svg(state))
    layout = state.rules.layout(2)
    found = sorted(
        (pic.piles[s.label].cards[0].box for s in layout if s.kind == "foundation"),
        key=lambda b: b[0],
    )
    columns = [
        pic.piles[s.label].cards[0].box
        for s in layout
        if s.kind in ("house", "edge", "stair", "auxiliary", "tableau")
    ]
    left = [b for b in columns if b[0] < found[0][0]]
    right = [b for b in columns if b[0] > found[-1][0]]
    # the house labels' room between a column's first cards and the foundations
    assert {round(found[0][0] - b[2], 3) for b in left} == {34.0}
    assert {round(b[0] - found[-1][2], 3) for b in right} == {34.0}
    # each seat's row from under one column's first cards to under the other's
    for seat in (0, 1):
        row = sorted(
            (
                pic.piles[s.label].cards[0].box
                for s in layout
                if s.owner == seat
                and s.label in pic.piles
                and s.kind not in ("house", "edge", "stair", "auxiliary", "tableau")
            ),
            key=lambda b: b[0],
        )
        assert row[0][0] == pytest.approx(left[0][0])
        assert row[-1][0] == pytest.approx(right[0][0])


def test_a_bold_text_is_never_narrower() -> None:
    # text_width is an upper bound of DejaVu Sans; the bold face is the wider one
    for s in ("mw", "AZ", "az09", " .:|", "♣♦♥♠★", "zank · turn 1 ★ Player 0"):
        assert text_width(s, 13, bold=True) >= text_width(s, 13) > 0
        assert text_width(s, 13, bold=True) > text_width(s[:-1], 13, bold=True)
