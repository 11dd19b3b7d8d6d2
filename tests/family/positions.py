"""Hand-made Zank-Patience positions for the family tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import attrs
import pytest

from zank.cards import DECK, RANK, SUIT, card_text, cards_text, parse_card, parse_cards
from zank.core import Rules, State, Violation
from zank.errors import IllegalMove
from zank.position import counter_names

#: Eight kings for the eight houses: they take only queens and never go to a
#: foundation in these tests, so that no house is a gap.
KINGS = {
    "h1": "Kc",
    "h2": "Kd",
    "h3": "Kh",
    "h4": "Ks",
    "h5": "Kc:1",
    "h6": "Kd:1",
    "h7": "Kh:1",
    "h8": "Ks:1",
}


def c(text: str) -> int:
    """The card written ``text`` (``"Qh"``, ``"Ah:1"`` for the second pack)."""
    return parse_card(text)


#: Pile kinds of a player's face-down stock (hand pile, Quelle, talon).
STOCK_KINDS = ("hand", "talon")


def position(
    rules: Rules,
    piles: Mapping[str, str],
    *,
    to_move: int = 0,
    rest: str = "hand",
    info: tuple[int, ...] | None = None,
    down: Mapping[str, int] | None = None,
    turn: int = 1,
) -> State:
    """A valid running state with the given piles (cards bottom to top), built
    by :meth:`~zank.core.Rules.setup` with every pile named, in
    turn ``turn`` (``ply`` is ``turn - 1``: a move began every turn; counters
    in ``info`` must fit the turns ended; by default ``info`` is that of a
    fresh deal, table-mode tail included).

    Every card of the game that ``piles`` does not name goes to ``rest``:
    ``"hand"`` puts each at the bottom of its owner's face-down stock (deck *p*
    to ``p{p}.hand``, or ``p{p}.talon`` in zank-104); ``"foundations"`` builds
    them up on the empty foundations (each deck's suit must be a run from the
    ace); a pile label puts them all
    at the bottom of that pile.  Hand piles lie face down, reserves show their
    top card, everything else lies face up unless ``down`` says otherwise.
    """
    specs = rules.layout(2)
    labels = [s.label for s in specs]
    named = {label: list(parse_cards(text)) for label, text in piles.items()}
    unknown = set(named) - set(labels)
    assert not unknown, f"no such piles: {unknown}"
    left = Counter(rules.cards(2))
    for cards in named.values():
        for c in cards:
            assert left[c], f"{card_text(c)} is used twice or is not in the game"
            left[c] -= 1
    leftovers = sorted(left.elements())
    out = {label: named.get(label, []) for label in labels}
    if rest == "hand":
        stock = {s.owner: s.label for s in specs if s.kind in STOCK_KINDS}
        for c in leftovers:
            out[stock[DECK[c]]].insert(0, c)
    elif rest == "foundations":
        runs: dict[tuple[int, int], list[int]] = {}
        for c in leftovers:
            runs.setdefault((DECK[c], SUIT[c]), []).append(c)
        free = [f"f{i + 1}" for i in range(8) if not out[f"f{i + 1}"]]
        for run in runs.values():
            run.sort(key=lambda c: RANK[c])
            assert [RANK[c] for c in run] == list(range(1, len(run) + 1)), run
            out[free.pop(0)] = run
    else:
        out[rest] = leftovers + out[rest]
    downs = dict(down or {})
    for spec in specs:
        n = len(out[spec.label])
        if spec.label in downs:
            continue
        if spec.kind in STOCK_KINDS:
            downs[spec.label] = n
        elif spec.kind == "reserve":
            downs[spec.label] = max(0, n - 1)
        else:
            downs[spec.label] = 0
    names = counter_names(rules)
    if info is None:  # a fresh deal's counters (setup's default), table-mode tail included
        counters = {}
    else:
        counters = dict(zip(names, info, strict=False)) if len(info) <= len(names) else {}
    state = rules.setup(
        {label: cards_text(cards) for label, cards in out.items()},
        to_move=to_move,
        down=downs,
        turn=turn,
        seed=0,
        **counters,
    )
    # a tail of table mode, or fewer counters than the variant has
    if info is not None and state.info != info:
        state = attrs.evolve(state, info=info)
        rules.validate(state)
    return state


def texts(rules: Rules, state: State) -> list[str]:
    """The notation of every legal move."""
    return [m.text for m in rules.legal_moves(state)]


def play(rules: Rules, state: State, *moves: str) -> State:
    """Apply moves given in notation, checking each is legal."""
    for text in moves:
        state = rules.apply(state, rules.parse_move(state, text))
        rules.validate(state)
    return state


def violation(rules: Rules, state: State, text: str) -> Violation:
    """The rule that refuses move ``text`` in ``state``: ``check`` names it, and
    ``apply`` raises :class:`~zank.errors.IllegalMove` naming the same rule."""
    move = next(m for m in rules.moves if m.text == text)
    v = rules.check(state, move)
    assert v is not None, f"{text} is legal"
    with pytest.raises(IllegalMove) as info:
        rules.apply(state, move)
    assert info.value.rule == v.rule
    return v
