"""Why the classic rules refuse a move: the explanations of ``zank`` and
``schikanieren`` (the rule ids of ``docs/rules/zank.md``).

A module of functions over a :class:`~zank.family.classic.ClassicZank`
rules object (as python-chess keeps ``chess.svg`` functions over a board):
:func:`explain_strict` answers :meth:`~zank.core.Rules.check` in strict play
(and names the fault a table-mode move is).  Each explanation asks the same
fit checks as the legal moves do (:mod:`zank.family.fits`, the variant's
centre and edge-pile scans), so the two cannot disagree.

>>> import zank
>>> rules = zank.variant("zank")
>>> state = rules.new_game(seed=1)
>>> print(rules.check(state, rules.parse_move_text("h1-f")))
edge pile 1 is empty [Z-8]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from zank.cards import ACE, KING, RANK, SUIT, SUIT_SYMBOLS, card_unicode
from zank.core import Move, Observation, State, Violation
from zank.family.classic_common import (
    DRAW,
    EMPTY,
    END,
    FLIP,
    FREE,
    GOAL_FREE,
    PASS,
    ClassicInfo,
    Config,
    Geometry,
)
from zank.family.fits import FKEY, fits_house, fits_pack
from zank.family.table import CARD, TURNED, rank_word

__all__ = ["ClassicRules", "explain_strict"]


class ClassicRules(Protocol):
    """What the explanations read of a :class:`~zank.family.classic.ClassicZank`
    rules object (this module imports no variant module)."""

    @property
    def advanced(self) -> bool: ...
    @property
    def manoeuvre_steps(self) -> int: ...
    @property
    def empties_per_progress(self) -> int: ...
    @property
    def foundation_count(self) -> int: ...
    @property
    def house_source(self) -> int: ...
    @property
    def pack_target(self) -> int: ...
    @property
    def same_suit_houses(self) -> bool: ...
    @property
    def sources(self) -> tuple[tuple[str, str], ...]: ...
    @property
    def _src_turned(self) -> int: ...
    @property
    def _house_key(self) -> tuple[int, ...]: ...

    def geometry(self, players: int) -> Geometry: ...
    def info_of(self, state: State | Observation) -> ClassicInfo: ...
    def strict_moves(self, state: State) -> tuple[Move, ...]: ...
    def house_needs(self, top: int) -> str: ...
    def source_name(self, source: int) -> str: ...
    def target_name(self, target: int) -> str: ...
    def _config(self, state: State) -> Config: ...
    def _fits(self, piles: Sequence[tuple[int, ...]]) -> frozenset[int]: ...
    def _wants(self, state: State, g: Geometry) -> tuple[dict[int, list[int]], int, int]: ...
    def _gap_limit(self, state: State) -> int: ...
    def _source_index(self, g: Geometry, p: int, s: int) -> int: ...


def _level_of(rules: ClassicRules, state: State, move: Move) -> int:
    """The number of ``move`` in the seed's list (7 for 7a and 7b)."""
    kind = move.kind
    if kind == FREE:
        return 2
    if kind == EMPTY:
        return 3
    if kind in (DRAW, END, PASS):
        return 7
    if kind == FLIP:
        return 8
    s, t = move.source, move.target
    hs = rules.house_source
    if s >= hs:
        return 1 if t == 0 else 2
    if rules.sources[s][1] == TURNED:
        return 7
    if t == 0:
        return 4
    if t >= rules.pack_target:
        return 6
    pile = state.piles[rules.foundation_count + t - 1]
    return 5 if pile else 7


def explain_strict(rules: ClassicRules, state: State, move: Move) -> Violation:
    """Why strict play does not allow ``move`` (table mode: the fault it is)."""
    p = state.to_move
    assert p is not None
    g = rules.geometry(state.players)
    piles = state.piles
    legal = rules.strict_moves(state)
    turned = piles[g.turned[p]]
    if turned:
        return _explain_placement(rules, state, move, turned[-1], legal)
    if move.kind == END:
        return Violation("Z-15", "you have lifted no card from your source: draw one first")
    if move.kind == CARD:
        v = _explain_card(rules, state, g, p, move)
        if v is not None:
            return v
    elif move.kind == DRAW and not piles[g.hand[p]]:
        return Violation("Z-15", "your source is empty: there is nothing to draw")
    elif move.kind == FLIP and piles[g.hand[p]]:
        return Violation("Z-16", "you may turn your discard over only when your source is empty")
    elif move.kind == FLIP and not piles[g.discard[p]]:
        return Violation("Z-16", "your discard is empty: there is nothing to turn over")
    info = rules.info_of(state)
    goal = info.goal
    if goal:
        what = (
            f"free {card_unicode(info.target)}"
            if goal == GOAL_FREE
            else f"empty edge pile {info.target + 1}"
        )
        rule = "Z-9" if goal == GOAL_FREE else "Z-10"
        if move.kind == CARD and _level_of(rules, state, move) == 2:
            return Violation(
                rule,
                f"{move.text} does not serve your announcement to {what} within the "
                f"{info.budget} moves left; serving moves: " + ", ".join(m.text for m in legal),
            )
        return Violation(
            rule,
            f"you announced to {what}: finish that first ("
            + ", ".join(m.text for m in legal)
            + ")",
        )
    level = _level_of(rules, state, move)
    due = _level_of(rules, state, legal[0])
    if move.kind == FREE:
        return _explain_free(rules, state, move, legal, due)
    if move.kind == EMPTY:
        return _explain_empty(rules, state, move, legal, due)
    if move.kind == CARD and move.source >= rules.house_source and move.target > 0:
        return Violation(
            "Z-9",
            "a card moves from edge pile to edge pile only as a step of an announced "
            "manoeuvre (announce it first: 'free <card>' or 'empty h<n>')",
        )
    if level > due:
        return Violation(
            "Z-7",
            f"move {level} is not allowed while move {_due_name(rules, state, legal)} is "
            "possible (" + ", ".join(m.text for m in legal) + ")",
        )
    return _explain_same_level(rules, state, g, p, move, legal)


def _due_name(rules: ClassicRules, state: State, legal: tuple[Move, ...]) -> str:
    """The number of the move that is due, as the seed writes it."""
    m = legal[0]
    if m.kind == DRAW:
        return "7b"
    return str(_level_of(rules, state, m))


def _explain_same_level(
    rules: ClassicRules, state: State, g: Geometry, p: int, move: Move, legal: tuple[Move, ...]
) -> Violation:
    if move.kind == CARD and 0 < move.target < rules.pack_target:
        pile = state.piles[rules.foundation_count + move.target - 1]
        if not pile:
            _, gap, occupied = rules._wants(state, g)
            if occupied >= rules._gap_limit(state):
                return _first_turn_violation(rules, state)
            if gap >= 0 and gap != move.target - 1:
                return Violation(
                    "Z-5", f"a card for an empty edge pile goes into the first one, h{gap + 1}"
                )
    if move.kind == CARD and move.target >= rules.pack_target:
        return Violation(
            "Z-13",
            "you may pack onto the opponent's discard only while no edge pile is empty",
        )
    return Violation(
        "Z-7", f"{move.text} is not possible now; legal: " + ", ".join(m.text for m in legal)
    )


def _first_turn_violation(rules: ClassicRules, state: State) -> Violation:
    limit = rules._gap_limit(state)
    return Violation(
        "Z-18",
        f"in the first round only {limit} edge piles may be occupied now: "
        "leave the others empty for the next player",
    )


def _announcement_yields(
    rules: ClassicRules,
    state: State,
    move: Move,
    legal: tuple[Move, ...],
    due: int,
    better: str,
) -> Violation | None:
    """Why an announcement (``free``, move 2, or ``empty``, move 3) must give
    way: an earlier move of the list is due (Z-7), or in the advanced rules
    ``better`` is (Z-V1); ``None`` if neither."""
    legal_text = ", ".join(m.text for m in legal)
    if due < _level_of(rules, state, move):
        return Violation("Z-7", f"move {_due_name(rules, state, legal)} comes first: {legal_text}")
    if rules.advanced and any(m.kind == move.kind for m in legal):
        return Violation("Z-V1", f"advanced rules: {better} ({legal_text})")
    return None


def _explain_free(
    rules: ClassicRules, state: State, move: Move, legal: tuple[Move, ...], due: int
) -> Violation:
    c = move.source
    what = card_unicode(c)
    config = rules._config(state)
    where = next((h for h, pile in enumerate(config) if pile and c in pile), -1)
    if where < 0:
        return Violation("Z-9", f"{what} lies on no edge pile")
    pile = config[where]
    assert pile is not None
    if pile[-1] == c:
        return Violation("Z-9", f"{what} is not covered: nothing needs freeing")
    if FKEY[c] not in rules._fits(state.piles):
        return Violation("Z-9", f"{what} fits no centre pile: freeing it is no move 2")
    v = _announcement_yields(
        rules, state, move, legal, due, "a less deeply covered card can be freed first"
    )
    if v is not None:
        return v
    return Violation(
        "Z-9",
        f"{what} cannot be freed in at most {rules.manoeuvre_steps} single moves "
        "between edge piles",
    )


def _explain_empty(
    rules: ClassicRules, state: State, move: Move, legal: tuple[Move, ...], due: int
) -> Violation:
    h = move.source
    g = rules.geometry(state.players)
    if h >= g.edges or h == rules.info_of(state).removed - 1:
        return Violation("Z-V3", f"there is no edge pile {h + 1} in this game")
    if not state.piles[rules.foundation_count + h]:
        return Violation("Z-10", f"edge pile {h + 1} is empty already")
    v = _announcement_yields(
        rules, state, move, legal, due, "an edge pile with a higher bottom card can be emptied"
    )
    if v is not None:
        return v
    if rules.info_of(state).empties >= rules.empties_per_progress:
        return Violation(
            "Z-10",
            f"{rules.empties_per_progress} edge piles have been emptied since the last "
            "card reached the centre or an edge pile: no more this turn",
        )
    return Violation(
        "Z-10",
        f"edge pile {h + 1} cannot be emptied onto another non-empty edge pile in at most "
        f"{rules.manoeuvre_steps} single moves",
    )


def _explain_card(
    rules: ClassicRules, state: State, g: Geometry, p: int, move: Move
) -> Violation | None:
    """Why the cards themselves do not allow ``move`` (Z-4, Z-5, Z-13), or ``None``."""
    piles = state.piles
    s, t = move.source, move.target
    hs = rules.house_source
    hb = rules.foundation_count
    if (s >= hs and s - hs >= g.edges) or (0 < t < rules.pack_target and t > g.edges):
        return Violation("Z-V3", "there is no edge pile 9 in a two-player game")
    removed = rules.info_of(state).removed - 1
    if removed >= 0 and (s - hs == removed or t - 1 == removed):
        return Violation("Z-V3", f"edge pile {removed + 1} has been removed from the game")
    src = hb + s - hs if s >= hs else rules._source_index(g, p, s)
    pile = piles[src]
    if s == rules._src_turned and not state.piles[g.turned[p]]:
        return Violation("Z-15", "you have lifted no card from your source: draw one first")
    if not pile:
        return Violation("Z-8" if s >= hs else "Z-11", f"{rules.source_name(s)} is empty")
    if s >= hs and t >= rules.pack_target:
        return Violation("Z-7", "no move of the list takes a card from an edge pile to a discard")
    card = pile[-1]
    what = card_unicode(card)
    if t == 0:
        if FKEY[card] not in rules._fits(piles):
            need = (
                "an empty centre pile"
                if RANK[card] == ACE
                else f"a centre pile showing the {card_unicode(card - 1)}"
            )
            return Violation("Z-4", f"{what} cannot go on a centre pile: it needs {need}")
        return None
    if t < rules.pack_target:
        target = piles[hb + t - 1]
        if target and not fits_house(card, target[-1], rules.same_suit_houses):
            return Violation(
                "Z-5",
                f"{what} cannot go on edge pile {t}: it shows {card_unicode(target[-1])},"
                f" which takes {rules.house_needs(target[-1])}",
            )
        if not target and s >= hs:
            wants, _, _ = rules._wants(state, g)
            other = [h for h in wants.get(rules._house_key[card], ()) if h != s - hs]
            if other:
                return Violation(
                    "Z-6",
                    f"{what} fits edge pile {other[0] + 1}: a card goes onto an empty edge "
                    "pile only if it fits no non-empty one",
                )
            if len(pile) == 1:
                return Violation(
                    "Z-6", f"moving the only card of edge pile {s - hs + 1} changes nothing"
                )
        return None
    i = g.packs[p][t - rules.pack_target]
    if i < 0:
        return Violation("Z-13", "there is no second opponent in a two-player game")
    target = piles[i]
    name = rules.target_name(t)
    if not target:
        return Violation("Z-13", f"{name} is empty: there is nothing to pack on")
    top = target[-1]
    if not fits_pack(card, top):
        r, suit = RANK[top], SUIT_SYMBOLS[SUIT[top]]
        takes = " or ".join(f"{rank_word(x)}{suit}" for x in (r - 1, r + 1) if ACE <= x <= KING)
        return Violation(
            "Z-13",
            f"{what} cannot go on {name}: it shows {card_unicode(top)}, which takes "
            f"{takes} (the same suit, one higher or lower)",
        )
    return None


def _explain_placement(
    rules: ClassicRules, state: State, move: Move, card: int, legal: tuple[Move, ...]
) -> Violation:
    what = card_unicode(card)
    g = rules.geometry(state.players)
    p = state.to_move
    assert p is not None
    if not (move.kind == END or (move.kind == CARD and move.source == rules._src_turned)):
        return Violation(
            "Z-15",
            f"you have lifted {what} from your source: place it first ("
            + ", ".join(m.text for m in legal)
            + ")",
        )
    if move.kind == CARD:
        v = _explain_card(rules, state, g, p, move)
        if v is not None:
            return v
        t = move.target
        if 0 < t < rules.pack_target and not state.piles[rules.foundation_count + t - 1]:
            _, gap, occupied = rules._wants(state, g)
            if occupied >= rules._gap_limit(state):
                return _first_turn_violation(rules, state)
            if gap != t - 1:
                return Violation(
                    "Z-5", f"a card for an empty edge pile goes into the first one, h{gap + 1}"
                )
    first = legal[0]
    if first.kind == CARD and first.target == 0:
        why = f"{what} fits a centre pile and must go there"
    elif first.kind == CARD and first.target < rules.pack_target:
        pile = state.piles[rules.foundation_count + first.target - 1]
        why = (
            f"{what} fits a non-empty edge pile and must go there"
            if pile
            else f"{what} fits no centre or non-empty edge pile: it goes onto an empty one"
        )
    elif first.kind == CARD:
        why = f"{what} fits nowhere else: it goes onto an opponent's discard"
    else:
        why = f"{what} fits nowhere: it goes onto your own discard"
    return Violation(
        "Z-15",
        f"the lifted card follows the order centre, non-empty edge pile, empty edge pile, "
        f"opponent's discard, own discard: {why} ({', '.join(m.text for m in legal)})",
    )
