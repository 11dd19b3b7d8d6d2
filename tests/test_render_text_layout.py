"""The text picture's layout (:func:`zank.render.text`), piece by piece.

``tests/test_render.py`` checks that every variant renders and that a perspective
hides what it must; this file pins *how* the picture is laid out: a stack's top
and count, a fan and its face-down counts, the line width, the rules between
the blocks, the titles of the seats, the Zank family's middle (two columns of
houses round two columns of foundations) and the ASCII stand-ins.  Written for
the mutation campaign of ``zank.render.text`` (issue 38): the other tests passed
with the counts' bounds, the width and the columns changed.
"""

from __future__ import annotations

import attrs
import pytest

import zank
from zank.cards import parse_card, parse_cards
from zank.core import HIDDEN, PileSpec, Result, State, Termination
from zank.render import text
from zank.render._view import PileView, table_view
from zank.render.text import ASCII, BACK, EMPTY, _middle, _rule, _wrap, fan, stack, to_ascii


def _with(state: State, piles: dict[str, tuple[str, int]]) -> State:
    """``state`` with the named piles replaced (cards, face-down count), unchecked:
    the renderer draws what it is given, also a hand larger than the rules allow."""
    labels = {spec.label: i for i, spec in enumerate(state.rules.layout(state.players))}
    cards, down = list(state.piles), list(state.down)
    for label, (text_, d) in piles.items():
        cards[labels[label]] = parse_cards(text_)
        down[labels[label]] = d
    return attrs.evolve(state, piles=tuple(cards), down=tuple(down))


def _view(cards: str, down: int = 0, *, kind: str = "side", private: bool = False) -> PileView:
    return PileView(0, PileSpec("p0.x1", 0, kind, private), parse_cards(cards), down)


def _spite() -> State:
    return zank.variant("spite-and-malice").new_game(seed=7)


# ---------------------------------------------------------------- stacks and fans
def test_a_stack_shows_its_top_and_a_count_from_two_cards() -> None:
    assert stack(_view("", kind="build")) == EMPTY
    assert stack(_view("Ah", kind="build")) == "A♥"
    assert stack(_view("Ah 2s", kind="build")) == "2♠ ×2"
    assert stack(_view("Ah 2s 3d", 3, kind="draw")) == f"{BACK} ×3"
    assert stack(_view("Ah 2s 3d", 2, kind="draw")) == "3♦ ×3"


def test_a_fan_shows_every_card_and_counts_a_long_face_down_run() -> None:
    assert fan(_view("")) == EMPTY
    assert fan(_view("2c 3d 4h")) == "2♣ 3♦ 4♥"
    # up to three face-down cards show as backs, from four on as a count
    assert fan(_view("2c 3d 4h 5s 6c", 3)) == f"{BACK} {BACK} {BACK} 5♠ 6♣"
    assert fan(_view("2c 3d 4h 5s 6c", 4)) == f"{BACK} ×4 6♣"
    assert fan(_view("2c 3d 4h 5s 6c 7d", 5)) == f"{BACK} ×5 7♦"


def test_a_hidden_hand_is_counted_from_eleven_cards() -> None:
    hand = "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc"
    # a hand the viewer may not see comes as HIDDEN cards, none of them face down
    spec = PileSpec("p1.hand", 1, "hand", True)
    for n in (1, 5, 10):
        assert fan(PileView(0, spec, (HIDDEN,) * n, 0)) == " ".join([BACK] * n)
    for n in (11, 12):
        assert fan(PileView(0, spec, (HIDDEN,) * n, 0)) == f"{BACK} ×{n}"
    # one card of twelve seen: every card drawn (the count is for a hand wholly hidden)
    assert fan(PileView(0, spec, (HIDDEN,) * 11 + (parse_card("Ac"),), 0)) == " ".join(
        [BACK] * 11 + ["A♣"]
    )
    assert fan(PileView(0, spec, parse_cards("Ac " * 12), 11)) == f"{BACK} ×11 A♣"
    # a pile on the table (not held in a hand) all face down: a run of backs, counted
    # by the face-down rule only
    assert fan(_view(hand, 12, kind="side")) == f"{BACK} ×12 "
    # a hand shown face up is shown whole, however long
    shown = fan(_view(hand, 0, kind="hand", private=True))
    assert shown == "A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣"


def test_a_hidden_hand_in_the_picture() -> None:
    hand = "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc"
    state = _with(_spite(), {"p1.hand": (hand, 0), "p0.hand": (hand[:-3], 0)})
    picture = text(state, perspective=0).splitlines()
    assert picture[2].startswith(f"  hand {BACK} ×11   side 4")
    assert picture[-1].endswith("side 4 ·   hand A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣")
    # player 1 sees its own hand, player 0's ten cards as ten backs
    picture = text(state, perspective=1).splitlines()
    assert picture[2].startswith("  hand " + " ".join([BACK] * 10) + "   side 4 ·")
    assert "  hand A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣" in picture


def test_the_second_pack_shows_the_same_faces() -> None:
    # card ids of the second pack carry a deck bit above the face's six bits
    rules = zank.variant("zank-detailed")
    state = rules.new_game(seed=3)
    layout = rules.layout(2)
    houses = [i for i, spec in enumerate(layout) if spec.kind == "house"]
    decks = {c >> 6 for i in houses for c in state.piles[i]}
    assert decks == {0, 1}
    picture = text(state)
    for i in houses:
        (card,) = state.piles[i]
        face = zank.cards.card_unicode(card & 0x3F)
        assert f"{face}  {layout[i].label}" in picture or f"{layout[i].label}  {face}" in picture


# ---------------------------------------------------------------- lines and rules
def test_a_line_holds_a_hundred_characters() -> None:
    # two spaces, a, three spaces, b: exactly 100 characters stay on one line
    assert _wrap(["a" * 46, "b" * 49]) == ["  " + "a" * 46 + "   " + "b" * 49]
    assert _wrap(["a" * 46, "b" * 50]) == ["  " + "a" * 46, "  " + "b" * 50]
    assert _wrap(["a" * 46, "b" * 48, "c"]) == ["  " + "a" * 46 + "   " + "b" * 48, "  c"]
    # an item longer than a line goes on the first line, not after an empty one
    assert _wrap(["z" * 120, "y"]) == ["  " + "z" * 120, "  y"]
    assert _wrap([]) == []
    assert _wrap(["x", "y"], indent="    ") == ["    x   y"]


def test_a_wrapped_seat_row_in_the_picture() -> None:
    hand = "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc"
    state = _with(_spite(), {"p1.hand": (hand, 0)})
    picture = text(state).splitlines()
    assert picture[1:4] == [
        _rule("Player 1"),
        "  hand A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣   side 4 ·   side 3 ·   side 2 ·   side 1 ·",
        "  pay-off 5♦ ×20",
    ]
    assert max(len(line) for line in picture) <= 100


def test_the_rules_between_the_blocks() -> None:
    assert _rule("middle") == "── middle " + "─" * 34
    assert _rule("▶ Player 0 (you)") == "── ▶ Player 0 (you) " + "─" * 24
    assert _rule("x" * 37) == "── " + "x" * 37 + " ───"
    assert _rule("x" * 60) == "── " + "x" * 60 + " ───"
    # every rule of a picture ends at the same column, up to a long title
    lines = text(_spite(), perspective=0).splitlines()
    rules = [line for line in lines if line.startswith("── ")]
    assert len(rules) == 3
    assert {len(line) for line in rules} == {44}


# ---------------------------------------------------------------- whole pictures
def test_the_documented_picture() -> None:
    assert text(_spite(), perspective=0) == "\n".join(
        [
            "spite-and-malice · turn 1 · ply 0 · Player 0 to move",
            "── Player 1 ────────────────────────────────",
            "  hand ▒▒ ▒▒ ▒▒ ▒▒ ▒▒   side 4 ·   side 3 ·   side 2 ·   side 1 ·   pay-off 5♦ ×20",
            "── middle ──────────────────────────────────",
            "  draw pile ▒▒ ×54   build 1 ·   build 2 ·   build 3 ·",
            "── ▶ Player 0 (you) ────────────────────────",
            "  pay-off 7♣ ×20   side 1 ·   side 2 ·   side 3 ·   side 4 ·   hand 5♣ 3♥ K♥ A♠ J♦",
        ]
    )


def test_the_seats_round_the_table_from_the_bottom_seat() -> None:
    rules = zank.variant("spite-and-malice")
    state = rules.new_game(seed=5, players=3)
    titles = [line for line in text(state, perspective=1).splitlines() if line.startswith("──")]
    # the bottom seat is the viewer's; the others above it, the next seat nearest
    # the middle (the table is read round from the bottom seat)
    assert titles == [
        _rule("Player 0"),
        _rule("Player 2"),
        _rule("middle"),
        _rule("▶ Player 1 (you)"),
    ]
    titles = [line for line in text(state).splitlines() if line.startswith("──")]
    assert titles == [_rule("Player 2"), _rule("▶ Player 1"), _rule("middle"), _rule("Player 0")]


def test_the_rows_across_the_table_run_the_other_way() -> None:
    picture = text(_spite(), perspective=1).splitlines()
    assert picture[2] == (
        "  hand ▒▒ ▒▒ ▒▒ ▒▒ ▒▒   side 4 ·   side 3 ·   side 2 ·   side 1 ·   pay-off 7♣ ×20"
    )
    assert picture[-1].startswith("  pay-off 5♦ ×20   side 1 ·   side 2 ·")


def test_a_finished_game_stars_its_winner_only() -> None:
    state = attrs.evolve(_spite(), to_move=None, outcome=Result(1, (0, 25), Termination.WENT_OUT))
    lines = text(state, perspective=0).splitlines()
    assert lines[0] == (
        "spite-and-malice · turn 1 · ply 0 · Game over: Player 1 wins (went out); points 0, 25"
    )
    titles = [line for line in lines if line.startswith("──")]
    assert titles == [_rule("★ Player 1 wins"), _rule("middle"), _rule("Player 0 (you)")]
    drawn = attrs.evolve(state, outcome=Result(None, (0, 0), Termination.DRAW_PILE_EMPTY))
    titles = [line for line in text(drawn).splitlines() if line.startswith("──")]
    assert titles == [_rule("Player 1"), _rule("middle"), _rule("Player 0")]
    won_by_0 = attrs.evolve(state, outcome=Result(0, (25, 0), Termination.WENT_OUT))
    titles = [line for line in text(won_by_0, 0).splitlines() if line.startswith("──")]
    assert titles == [_rule("Player 1"), _rule("middle"), _rule("★ Player 0 (you) wins")]


def test_the_completed_pile_shows_only_when_it_holds_cards() -> None:
    state = _with(_spite(), {"done": ("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc", 0)})
    assert text(state).splitlines()[4] == (
        "  draw pile ▒▒ ×54   completed Q♣ ×12   build 1 ·   build 2 ·   build 3 ·"
    )
    assert "completed" not in text(_spite())


def test_the_zank_middle_two_columns_of_houses_round_the_foundations() -> None:
    rules = zank.variant("zank")
    piles = {"h1": "Kd Qs", "h2": "9c", "h5": "Qh Js Td", "h8": "Ts", "f1": "Ac 2c", "f4": "Ad"}
    piles |= {"f8": "Ah"}
    state = _with(rules.new_game(seed=3), {k: (v, 0) for k, v in piles.items()})
    # seat 0 at the bottom: its houses h1-h4 on the right, h1 nearest it (lowest),
    # fanned rightwards; h5-h8 on the left, fanned leftwards (top card leftmost),
    # right-aligned on the widest; two foundations a row (f1 f2, f3 f4, ...), each
    # top right-aligned in three characters
    assert text(state).splitlines()[3:8] == [
        _rule("middle"),
        "  10♦ J♠ Q♥  h5 │  2♣   · │ h4  ·",
        "          ·  h6 │   ·  A♦ │ h3  ·",
        "          ·  h7 │   ·   · │ h2  9♣",
        "        10♠  h8 │   ·  A♥ │ h1  K♦ Q♠",
    ]
    # seat 1 at the bottom: the columns change sides, the foundations stay
    assert text(state, perspective=1).splitlines()[3:8] == [
        _rule("middle"),
        "  Q♠ K♦  h1 │  2♣   · │ h8  10♠",
        "     9♣  h2 │   ·  A♦ │ h7  ·",
        "      ·  h3 │   ·   · │ h6  ·",
        "      ·  h4 │   ·  A♥ │ h5  Q♥ J♠ 10♦",
    ]


def test_the_zank_middle_of_three_players() -> None:
    state = zank.variant("zank").new_game(seed=5, players=3)
    # nine shared houses: five on the bottom seat's (right) side, the fifth row
    # without a left house or foundations; the pile set aside below the columns
    assert text(state).splitlines()[5:12] == [
        _rule("middle"),
        "  ·  h6 │   ·   · │ h5  ·",
        "  ·  h7 │   ·   · │ h4  ·",
        "  ·  h8 │   ·   · │ h3  ·",
        "  ·  h9 │   ·   · │ h2  ·",
        "        │         │ h1  ·",
        "  aside ·",
    ]


def test_a_shared_pile_of_any_kind_goes_below_the_columns() -> None:
    # a plugin's shared pile of a kind the renderer does not know (here "waste",
    # sorting after "foundation") is drawn below the columns like zank's "aside"
    state = _with(zank.variant("zank").new_game(seed=5, players=3), {"aside": ("Kc", 0)})
    view = table_view(state)
    piles = [
        attrs.evolve(p, spec=PileSpec("waste", None, "waste")) if p.spec.label == "aside" else p
        for p in view.piles
    ]
    assert _middle(attrs.evolve(view, piles=tuple(piles)))[-1] == "  waste K♣"
    assert _middle(view)[-1] == "  aside K♣"


def test_more_foundation_rows_than_houses() -> None:
    # a middle of one house a side round eight foundations: four rows, the
    # columns' cells empty below the first (_middle: before the lines are stripped)
    state = _with(zank.variant("zank").new_game(seed=3), {"f1": ("Ac", 0), "f8": ("Ah 2h", 0)})
    view = table_view(state)
    kept = [p for p in view.piles if p.spec.label not in {"h2", "h3", "h4", "h6", "h7", "h8"}]
    assert _middle(attrs.evolve(view, piles=tuple(kept))) == [
        _rule("middle"),
        "  ·  h5 │  A♣   · │ h1  ·",
        "        │   ·   · │ ",
        "        │   ·   · │ ",
        "        │   ·  2♥ │ ",
    ]
    # one house only, on the bottom seat's side: the empty left column takes no room
    kept = [p for p in view.piles if p.spec.kind != "house" or p.spec.label == "h1"]
    assert _middle(attrs.evolve(view, piles=tuple(kept)))[1:3] == [
        "   │  A♣   · │ h1  ·",
        "   │   ·   · │ ",
    ]


# ---------------------------------------------------------------- ASCII
def test_every_ascii_stand_in() -> None:
    assert to_ascii("♣♦♥♠") == "cdhs"
    assert to_ascii("🃏 🂿") == "Xb Xr"
    assert to_ascii("▒█─│▶★·×…—–") == "##-|>*.x...--"
    assert to_ascii("10♦ ×20 Ünïcödé") == "10d x20 Ünïcödé"
    assert len(ASCII) == 17


@pytest.mark.parametrize("perspective", [None, 0, 1])
def test_a_picture_in_ascii_has_no_symbol_left(perspective: int | None) -> None:
    state = _with(zank.variant("zank").new_game(seed=3), {"h5": ("Qh Js Td", 0)})
    picture = to_ascii(text(state, perspective))
    assert picture.isascii()
    assert "h5  Qh Js 10d" in picture or "10d Js Qh  h5" in picture
