"""What the hand-pile variants share (:mod:`zank.family.hand_pile`): the cut
for who begins, the special moves of table mode, and a right call's penalty
("was liegt, das liegt"), checked on zank-104's "Halt!".

Written to kill the survivors of the module's mutation campaign
(benchmarks/MUTATION.md).
"""

from __future__ import annotations

import pickle
import random
import re
from types import SimpleNamespace

import attrs
import pytest

import zank
from zank.cards import full_deck, parse_card
from zank.family import faults
from zank.family.hand_pile import END, MAX_CUTS, PASS, TURN, HandPileTable, Kind, cut_packs
from zank.family.table import FamilyTable
from zank.random import Rng

from .positions import KINGS, play, position, texts, violation

#: The variants whose strict play is the table's hand-pile turn (``hand_turn``).
HAND_PILE_GAMES = sorted(
    n for n, cls in zank.VARIANTS.items() if issubclass(cls, FamilyTable) and cls.hand_turn
)

TM104 = zank.variant("zank-104", table_mode=True)


def test_each_seat_cuts_its_own_pack_and_any_card_of_it() -> None:
    """Seat 0 cuts a card of pack 0, seat 1 one of pack 1, and every card of
    each pack can come up (the cut draws from all 52)."""
    firsts: set[int] = set()
    seconds: set[int] = set()
    for seed in range(600):
        cut: list[int] = []

        def key(card: int, cut: list[int] = cut) -> int:
            cut.append(card)
            return len(cut)  # seat 0's key is lower: one cut decides

        assert cut_packs(Rng(seed), key) == 0
        assert len(cut) == 2
        firsts.add(cut[0])
        seconds.add(cut[1])
    assert firsts == set(full_deck(0))
    assert seconds == set(full_deck(1))


def test_equal_cuts_cut_again_and_the_lower_key_begins() -> None:
    calls: list[int] = []

    def key(card: int) -> int:
        calls.append(card)
        n = len(calls)
        return 0 if n <= 4 else (5 if n == 5 else 1)  # two ties, then 5 against 1

    assert cut_packs(Rng(7), key) == 1
    assert len(calls) == 6


@pytest.mark.parametrize(
    ("name", "special"),
    [
        ("zank-detailed", ["turn", "t-d", "pass", "stop", "let", "demand"]),
        ("crapette", ["turn", "t-d", "pass", "crapette", "let"]),
        ("zank-104", ["turn", "t-s", "pass", "halt", "let"]),
    ],
)
def test_table_mode_special_moves(name: str, special: list[str]) -> None:
    """Only zank-detailed has ``demand``; the others have their call and ``let``."""
    rules = zank.variant(name, table_mode=True)
    assert [m.text for m in rules.moves if m.kind != 0] == special
    strict = zank.variant(name)
    assert [m.text for m in strict.moves if m.kind != 0] == special[:3]


@pytest.mark.parametrize("name", ["zank-detailed", "crapette", "zank-104"])
def test_repr_shows_the_options_only(name: str) -> None:
    rules = zank.variant(name, table_mode=True)
    assert "Move(" not in repr(rules)
    assert repr(rules).startswith(type(rules).__name__ + "(")
    assert eval(repr(rules), {type(rules).__name__: type(rules)}) == rules


def test_104_halt_on_an_overlooked_foundation_move_that_ended_the_turn() -> None:
    """The fault is the end move (the turned 2♥ onto the second talon instead
    of the foundation): it stands, the turn has ended already, and the caller
    plays on, with nothing more changed than by ``let``."""
    piles = {**KINGS, "f1": "Ah", "p0.turned": "2h:1", "p0.reserve": "5c"}
    state = position(TM104, piles)
    assert texts(TM104, state) == ["t-f", "t-s"]  # table mode offers the fault too
    window = play(TM104, state, "t-s")
    assert window.phase == faults.CALL
    assert window.to_move == 1
    assert faults.pending_rule(TM104, window) == "Z104-10"
    halted = play(TM104, window, "halt")
    let = play(TM104, window, "let")
    assert halted.phase == faults.PLAY
    assert halted.to_move == 1
    assert halted.pile("p0.second-talon")[-1] == parse_card("2h:1")
    assert halted.pile("p0.turned") == ()
    assert halted.piles == let.piles
    assert halted.down == let.down
    assert halted.turn == let.turn == state.turn + 1
    assert halted.ply == let.ply == window.ply + 1


def test_104_halt_after_a_card_move_keeps_it_and_ends_the_turn() -> None:
    piles = {**KINGS, "f1": "Ah", "h1": "Kc Qh", "p0.turned": "2h:1", "p0.reserve": "Jc"}
    state = position(TM104, piles)
    window = play(TM104, state, "r-h1")
    halted = play(TM104, window, "halt")
    assert halted.pile("h1") == tuple(parse_card(t) for t in ("Kc", "Qh", "Jc"))
    assert halted.pile("p0.reserve") == ()
    assert halted.ply == window.ply + 1
    assert halted.to_move == 1


@pytest.mark.parametrize("name", HAND_PILE_GAMES)
def test_end_turn_discards_the_turned_card_or_passes(name: str) -> None:
    """The penalty's end of a turn: the end move with a turned hand card,
    ``pass`` without one (the hand pile still holding cards)."""
    rules = zank.variant(name, table_mode=True)
    assert isinstance(rules, FamilyTable)
    state = position(rules, {**KINGS, "p0.reserve": "5c"})
    assert state.piles[rules.own_piles(0)[1]]  # the hand pile (talon) is not empty
    assert rules.end_turn(state, 0).text == "pass"
    state = position(rules, {**KINGS, "p0.reserve": "5c", "p0.turned": "9d"})
    assert rules.end_turn(state, 0).text == rules.end_text


@pytest.mark.parametrize("name", HAND_PILE_GAMES)
@pytest.mark.parametrize(
    ("piles", "seat", "to_move"),
    [
        ({"p0.turned": "2h:1 5c"}, 0, 0),
        ({"p1.turned": "5c"}, 1, 0),
        ({"p0.turned": "5c"}, 0, 1),
    ],
)
def test_only_the_player_to_move_has_a_turned_card_and_only_one(
    name: str, piles: dict[str, str], seat: int, to_move: int
) -> None:
    rules = zank.variant(name)
    word = "talon" if name == "zank-104" else "hand"
    message = f"p{seat}.turned: only the player to move may have one turned {word} card"
    with pytest.raises(zank.InvalidState, match=f"^{re.escape(message)}$"):
        position(rules, {**KINGS, **piles}, to_move=to_move)


@pytest.mark.parametrize("name", HAND_PILE_GAMES)
@pytest.mark.parametrize("table_mode", [False, True])
def test_rules_survive_pickling(name: str, table_mode: bool) -> None:
    """A rules object sent to another process (pickled) plays the same."""
    rules = zank.variant(name, table_mode=table_mode)
    again = pickle.loads(pickle.dumps(rules))
    assert again == rules
    state, other = rules.new_game(seed=5), again.new_game(seed=5)
    for _ in range(30):
        assert (other.piles, other.down, other.to_move) == (state.piles, state.down, state.to_move)
        assert (other.info, other.outcome) == (state.info, state.outcome)
        legal = rules.legal_moves(state)
        assert [m.text for m in again.legal_moves(other)] == [m.text for m in legal]
        state = rules.apply(state, legal[-1])
        other = again.apply(other, again.parse_move(other, legal[-1].text))
        if state.outcome is not None:
            break


def test_after_64_ties_in_a_row_seat_0_begins() -> None:
    calls: list[int] = []

    def key(card: int) -> int:
        calls.append(card)
        return 0

    assert cut_packs(Rng(3), key) == 0
    assert MAX_CUTS == 64
    assert len(calls) == 128


@pytest.mark.parametrize("name", HAND_PILE_GAMES)
def test_the_move_kinds_are_numbered_as_documented(name: str) -> None:
    """``Move.kind`` is public: 0 a card, 1 turn, 2 the end move, 3 pass, then
    table mode's call, let (and demand), numbered by :mod:`zank.family.faults`."""
    rules = zank.variant(name, table_mode=True)
    assert isinstance(rules, FamilyTable)
    kinds = {m.text: m.kind for m in rules.moves if m.kind != 0}
    assert (kinds["turn"], kinds[rules.end_text], kinds["pass"]) == (1, 2, 3)
    assert [int(k) for k in Kind] == [
        0,
        1,
        2,
        3,
        faults.CALL_KIND,
        faults.LET_KIND,
        faults.DEMAND_KIND,
    ]
    assert (Kind.TURN, Kind.END, Kind.PASS) == (TURN, END, PASS)
    assert kinds["let"] == Kind.LET


@pytest.mark.parametrize("name", HAND_PILE_GAMES)
@pytest.mark.parametrize("table_mode", [False, True])
def test_the_options_are_the_documented_ones_only(name: str, table_mode: bool) -> None:
    """The special moves and seat piles the class derives are no options."""
    rules = zank.variant(name, table_mode=table_mode)
    assert rules.options
    assert not [k for k in rules.options if k.startswith("_")]


def test_104_halt_on_seat_1s_end_move_lets_seat_0_play() -> None:
    """As above, with the seats swapped: the fault of seat 1 ended its turn."""
    piles = {**KINGS, "f1": "Ah", "p1.turned": "2h", "p1.reserve": "5c:1"}
    state = position(TM104, piles, to_move=1)
    window = play(TM104, state, "t-s")
    assert window.phase == faults.CALL
    assert window.to_move == 0
    halted = play(TM104, window, "halt")
    let = play(TM104, window, "let")
    assert halted.to_move == let.to_move == 0
    assert halted.piles == let.piles
    assert halted.pile("p1.second-talon")[-1] == parse_card("2h")


@pytest.mark.parametrize(
    ("name", "rule", "word"), [("zank-detailed", "ZD-14", "discard"), ("crapette", "C-14", "waste")]
)
def test_turning_with_an_empty_hand_pile_and_discard_names_the_empty_hand_rule(
    name: str, rule: str, word: str
) -> None:
    """``turn`` with nothing to turn (hand pile and discard empty, no turned
    card) is refused by the hand-pile rule, not by a mandatory move."""
    rules = zank.variant(name)
    state = position(rules, {**KINGS, "p0.reserve": "5c"}, rest="p1.hand")
    assert texts(rules, state) == ["pass"]
    v = violation(rules, state, "turn")
    assert (v.rule, v.message) == (
        rule,
        f"your hand pile and {word} are empty: there is nothing to turn",
    )


@pytest.mark.parametrize(
    "name", [n for n in HAND_PILE_GAMES if issubclass(zank.VARIANTS[n], HandPileTable)]
)
def test_the_base_validation_checks_the_counters_and_the_turned_card(name: str) -> None:
    """``HandPileTable.validate_settled``, the base a variant's own checks may
    call: the table, ``base_info`` counters >= 0, then the turned card."""
    rules = zank.variant(name)
    assert isinstance(rules, HandPileTable)
    state = position(rules, {**KINGS, "p0.reserve": "5c"})
    n = rules.base_info
    HandPileTable.validate_settled(rules, state)
    message = f"^info must be {n} integers >= 0$"
    for info in (state.info[:-1], (*state.info, 0), (*state.info[:-1], -1)):
        with pytest.raises(zank.InvalidState, match=message):
            HandPileTable.validate_settled(rules, attrs.evolve(state, info=info))
    turned = position(rules, {**KINGS, "p0.reserve": "5c", "p1.turned": "9d"}, to_move=1)
    HandPileTable.validate_settled(rules, turned)
    with pytest.raises(zank.InvalidState, match=r"^p1\.turned: only the player to move"):
        HandPileTable.validate_settled(rules, attrs.evolve(turned, to_move=0))


def test_the_base_deals_one_pack_for_the_table_unless_the_decks_are_owned() -> None:
    """``FamilyTable._cards`` (the hand-pile variants'): a pack per seat (every
    registered variant owns its decks), else one pack for the table, its ids
    those of deck 0."""
    rules = zank.variant("crapette")
    assert rules.owned_decks
    assert HandPileTable._cards(rules, 2) == (*full_deck(0), *full_deck(1))
    one = SimpleNamespace(owned_decks=False)
    assert HandPileTable._cards(one, 2) == full_deck(0)  # type: ignore[arg-type]
    assert HandPileTable._cards(one, 3) == full_deck(0)  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "seed"), [("zank-104", 5)])
def test_the_base_explanation_lists_the_first_eight_strict_moves(name: str, seed: int) -> None:
    """``HandPileTable._explain_mandatory``, the base a variant with one mandatory
    rule keeps: the first of ``fault_rules`` (else ``rule_free``), and the first
    eight moves of strict play, then "..." when there are more."""
    rules = zank.variant(name)
    assert isinstance(rules, HandPileTable)
    rule = rules.fault_rules[0] if rules.fault_rules else rules.rule_free
    move = next(m for m in rules.moves if m.text == "pass")
    rnd = random.Random(seed)  # a random game that reaches more than eight strict moves
    counts = set()
    state = rules.new_game(seed=seed)
    for _ in range(300):
        if state.outcome is not None:
            break
        first = [m.text for m in rules.generate(state)]
        counts.add(len(first))
        shown = ", ".join(first[:8]) + (", ..." if len(first) > 8 else "")
        v = HandPileTable._explain_mandatory(rules, state, move)
        assert (v.rule, v.message) == (
            rule,
            f"pass is not allowed now: strict play has {shown} first",
        )
        state = rules.apply(state, rnd.choice(rules.legal_moves(state)))
    assert max(counts) > 8
    assert min(counts) <= 8
