"""Position text (the family's FEN), ``Rules.setup`` and ``Rules.opening_seat``.

Every registered variant, option preset, table preset and seat count: the
states of seeded games round-trip through ``position_text`` and
``parse_position``; junk raises ``NotationError`` (saying where), impossible
positions ``InvalidState``; ``setup`` builds hand-made positions such as the
worked example of seed 004; ``opening_seat`` answers the opening rule on a
given deal as ``new_game`` does.  (The contract walk of
``tests/test_contract.py`` checks the round trip at every step as well.)
"""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zank
from zank.agents import RandomAgent
from zank.cards import RANK, card_text, parse_cards
from zank.core import Rules, State
from zank.errors import InvalidState, NotationError, OptionError
from zank.family.faults import CALL
from zank.random import Rng

from .matrix import CASES, TABLE_CASES, finished_game

ALL_CASES = CASES + TABLE_CASES
SAMPLES = 25  # states per game checked below


def same_position(rules: Rules, a: State, b: State) -> bool:
    """Equal states, the generator state compared only where it matters."""
    if rules.rng_matters(a):
        return a == b
    return attrs.evolve(a, rng=0) == b


def check_round_trip(rules: Rules, state: State) -> str:
    text = rules.position_text(state)
    assert "\n" not in text
    assert text == text.strip()
    back = rules.parse_position(text)
    assert same_position(rules, state, back), text
    assert rules.position_text(back) == text
    return text


def walk(rules: Rules, players: int, seed: int, moves: int) -> list[State]:
    """The states of a seeded random game (at most ``moves`` moves)."""
    state = rules.new_game(seed=seed, players=players)
    rng = Rng(seed)
    states = [state]
    while state.outcome is None and len(states) <= moves:
        legal = rules.legal_moves(state)
        state = rules.apply(state, legal[rng.below(len(legal))])
        states.append(state)
    return states


# ------------------------------------------------------------------ round trip


@pytest.mark.parametrize(("rules", "players"), ALL_CASES)
def test_the_states_of_seeded_games_round_trip(rules: Rules, players: int) -> None:
    """Every state of two seeded games' first moves, and a whole finished game."""
    for seed in (1, 2):
        states = walk(rules, players, seed, 300)
        step = max(1, len(states) // SAMPLES)
        for state in states[::step]:
            check_round_trip(rules, state)
    _, final = finished_game(rules, players, 3)
    if final.outcome is not None:
        text = check_round_trip(rules, final)
        assert "end=" in text
        assert "to=" not in text


def test_table_mode_windows_round_trip() -> None:
    """A call window (phase 1, the tail of table mode) is written and read exactly."""
    windows = 0
    for rules, players in (p.values for p in TABLE_CASES):
        for seed in range(4):
            for state in walk(rules, players, seed, 400):
                if state.phase == CALL:
                    text = check_round_trip(rules, state)
                    assert "phase=1" in text
                    assert "tail=" in text
                    windows += 1
    assert windows > 20


def test_a_reshuffle_keeps_the_generator_state() -> None:
    """Spite and Malice draws from ``rng`` during play: the text carries it."""
    rules = zank.variant("spite-and-malice")
    state = rules.new_game(seed=5)
    text = rules.position_text(state)
    assert f"rng={state.rng:#x}" in text
    assert rules.parse_position(text) == state
    family = zank.variant("zank-detailed")
    deal = family.new_game(seed=5)
    assert not family.rng_matters(deal)
    assert "rng=" not in family.position_text(deal)
    assert family.parse_position(family.position_text(deal)) == attrs.evolve(deal, rng=0)


@given(seed=st.integers(0, 2**64 - 1), case=st.sampled_from(ALL_CASES), pick=st.integers(0, 10**6))
@settings(max_examples=60, deadline=None)
def test_random_states_round_trip(seed: int, case: Any, pick: int) -> None:
    rules, players = case.values
    states = walk(rules, players, seed, 80)
    check_round_trip(rules, states[pick % len(states)])


def test_the_grammar_by_example() -> None:
    rules = zank.variant("zank-104")
    state = rules.new_game(seed=7)
    text = rules.position_text(state)
    assert text.startswith("zank-104/2 h1[")
    assert " p0.reserve[" in text
    assert " | " in text
    assert re.search(r" to=[01] low0=48 low1=48$", text)  # counters by name, zeros left out
    assert "f1[" not in text  # empty piles are left out
    # cards may be written in any notation; spaces around '|' are optional
    loose = text.replace("Th", "10h").replace(" | ", "|")
    assert rules.parse_position(loose) == rules.parse_position(text)


def test_a_hand_is_kept_sorted() -> None:
    """Piles the engine keeps sorted (hands) are sorted when read."""
    rules = zank.variant("spite-and-malice")
    state = rules.setup({"p0.hand": "Kd 5s 2c", "build1": "Ac"}, seed=1)
    text = rules.position_text(state)
    assert "p0.hand[2c Kd 5s]" in text  # card-id order: by suit, then rank
    assert rules.parse_position(text.replace("[2c Kd 5s]", "[5s 2c Kd]")) == state


def test_info_without_names_is_written_as_plain_integers() -> None:
    """A variant whose ``info_of`` names nothing writes ``info=``; both forms read."""
    rules = zank.variant("zank-104")
    state = rules.new_game(seed=7)
    text = rules.position_text(state)
    plain = text.replace("low0=48 low1=48", "info=0,48,48,0,0")
    assert rules.parse_position(plain) == rules.parse_position(text)


# ------------------------------------------------------------------- refusals

JUNK = [
    "",
    "   ",
    "zank",
    "zank-104",
    "zank-104/x",
    "zank-104/2 h1[Tc",
    "zank-104/2 h1[Tc] h1[9h]",
    "zank-104/2 h9[Tc]",
    "zank-104/2 h1[Zz]",
    "zank-104/2 h1[Tc | 9h | 8h]",
    "zank-104/2 to=x",
    "zank-104/2 to=0 to=1",
    "zank-104/2 to=0 colour=3",
    "zank-104/2 to=0 h1[Tc]",
    "zank-104/2 to=0 rng=zz",
    "zank-104/2 to=0 end=won",
    "zank-104/2 to=0 winner=1",
    "zank-104/2 to=0 info=1 low0=3",
    "zank-104/2 to=0 ply=" + "9" * 40,
    "zank-104/2 [Tc]",
    "zank-104/2 ]",
    "zank-104/2\nto=0",
    "zank-104/2 stray",
    "nosuch/2 to=0",
    "0/0",
]


@pytest.mark.parametrize("text", JUNK)
def test_junk_raises_notation_error_with_an_offset(text: str) -> None:
    with pytest.raises(NotationError, match=r"position text|character \d+") as info:
        zank.variant("zank-104").parse_position(text)
    assert len(str(info.value)) < 400


def test_the_offset_points_at_the_fault() -> None:
    text = "zank-104/2 h1[Tc] h2[9h Qx]"
    with pytest.raises(NotationError, match="character 24") as info:
        zank.variant("zank-104").parse_position(text)
    assert "'Qx'" in str(info.value)
    assert text[24:26] == "Qx"


@given(st.text(max_size=300))
@settings(max_examples=300, deadline=None)
def test_random_text_raises_only_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        zank.variant("spite-and-malice").parse_position(text)


@given(data=st.data(), case=st.sampled_from(ALL_CASES), seed=st.integers(0, 2**64 - 1))
@settings(max_examples=200, deadline=None)
def test_mutated_positions_raise_only_zank_errors(data: Any, case: Any, seed: int) -> None:
    """Changing a valid position text character by character: a state or a
    ``NotationError``/``InvalidState``, never another exception."""
    rules, players = case.values
    text = rules.position_text(walk(rules, players, seed, 30)[-1])
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 5))
        insert = data.draw(st.text(alphabet="0123456789 []|=,-:xXhdcsAKQJT.p", max_size=4))
        text = text[:at] + insert + text[at + cut :]
    try:
        state = rules.parse_position(text)
    except (NotationError, InvalidState) as e:
        message = str(e)
    else:
        rules.validate(state)
        message = ""
    assert len(message) < 600


def test_too_long_a_text_is_refused_before_parsing() -> None:
    with pytest.raises(NotationError, match="longer than"):
        zank.variant("zank").parse_position("zank/2 " + "h1[Ah] " * 100_000)


def test_messages_quote_at_most_about_100_characters() -> None:
    with pytest.raises(NotationError) as info:
        zank.variant("zank").parse_position("zank/2 " + "x" * 5000 + "=1")
    assert len(str(info.value)) < 300


def test_well_formed_but_impossible_positions_raise_invalid_state() -> None:
    rules = zank.variant("spite-and-malice")
    text = rules.position_text(rules.new_game(seed=2))
    with pytest.raises(InvalidState, match="not those of the game"):
        rules.parse_position(text.replace("draw[", "draw[Ah ", 1))
    with pytest.raises(InvalidState, match="to_move"):
        rules.parse_position(re.sub(r"to=\d", "to=7", text))
    with pytest.raises(InvalidState, match="player to move"):
        rules.parse_position(re.sub(r" to=\d", "", text))
    with pytest.raises(InvalidState, match="played by"):
        rules.parse_position(text.replace("spite-and-malice/2", "spite-and-malice/9"))
    with pytest.raises(InvalidState, match="a position of 'zank'"):
        rules.parse_position("zank/2 to=0")


def test_a_position_from_other_options_is_checked_against_these() -> None:
    """Options are not in the text: the parsing rules object re-validates it."""
    small = zank.variant("spite-and-malice", pay_off_size=5)
    text = small.position_text(small.new_game(seed=4))
    default = zank.variant("spite-and-malice")
    state = default.parse_position(text)  # a valid position of the default rules too
    assert state.rules == default
    jokers = zank.variant("spite-and-malice", jokers=True)
    with pytest.raises(InvalidState, match="missing"):
        jokers.parse_position(text)  # the jokers are missing


# ---------------------------------------------------------------------- setup

SEED_004 = {
    "build1": "Ad 2s 3h 4c",  # "Auf einem Zielstapel liegt die Kreuz-4."
    "p0.pay": "Qs 9d 6h",  # "Deine Spielerstapel-Karte ist die Herz-6 ... Darunter kommt eine 9."
    "p0.hand": "5s Kd 2c 3d Jc",  # the spade 5 and a king, no 7
    "p0.side1": "8d",  # "die Karo-8 von deinem Seitenstapel"
}


def test_the_worked_example_of_seed_004_in_one_call() -> None:
    """S&M: "Auf einem Zielstapel liegt die Kreuz-4 ..." — one ``setup`` call,
    then the five moves of the seed as it writes them."""
    rules = zank.variant("spite-and-malice")
    state = rules.setup(SEED_004, seed=4)
    piles = rules.piles(state)
    assert str(piles["build1"][-1]) == "4c"
    assert str(piles["p0.pay"][-1]) == "6h"
    assert not any(RANK[c] == 7 for c in piles["p0.hand"])
    for move, top in [
        ("5-b1", "5s"),
        ("p-b1", "6h"),
        ("k-b1", "Kd"),
        ("s1-b1", "8d"),
        ("p-b1", "9d"),
    ]:
        state = rules.apply(state, rules.parse_move(state, move))
        assert card_text(state.pile("build1")[-1]) == top
    assert " ".join(map(card_text, state.pile("build1"))) == "Ad 2s 3h 4c 5s 6h Kd 8d 9d"
    assert state.pile("p0.pay") == parse_cards("Qs")
    assert state.to_move == 0


@pytest.mark.parametrize(("rules", "players"), ALL_CASES)
def test_setup_with_nothing_named_is_a_valid_deal(rules: Rules, players: int) -> None:
    state = rules.setup(players=players, seed=11)
    fresh = rules.new_game(seed=11, players=players)
    assert [len(p) for p in state.piles] == [len(p) for p in fresh.piles]
    assert state.down == fresh.down
    assert state.info == fresh.info
    check_round_trip(rules, state)


@pytest.mark.parametrize(("rules", "players"), ALL_CASES)
def test_setup_places_the_named_piles_exactly(rules: Rules, players: int) -> None:
    """Take two piles of a seeded deal and name them in another deal: they
    stand exactly so, every other card is somewhere, the state is valid."""
    donor = rules.new_game(seed=21, players=players)
    specs = rules.layout(players)
    named: dict[str, str] = {}
    for spec, cards in zip(specs, donor.piles, strict=True):
        if cards and spec.kind not in ("hand", "draw", "talon") and len(named) < 2:
            named[spec.label] = " ".join(map(card_text, cards))
    state = rules.setup(named, players=players, seed=22)
    for label, text in named.items():
        assert state.pile(label) == tuple(sorted(parse_cards(text))) or state.pile(
            label
        ) == parse_cards(text)
    assert sorted(c for p in state.piles for c in p) == list(rules.cards(players))
    assert rules.setup(named, players=players, seed=22) == state  # seeded
    check_round_trip(rules, state)


def test_setup_puts_the_rest_below_a_pile_marked_with_dots() -> None:
    rules = zank.variant("spite-and-malice")
    state = rules.setup({"draw": "... 7h 8h", "p0.pay": "Qs 9d 6h"}, seed=3)
    assert state.pile("draw")[-2:] == parse_cards("7h 8h")
    assert state.down[rules.pile_index(2, "draw")] == len(state.pile("draw"))
    assert len(state.pile("p0.pay")) == 3
    assert state.pile("p1.hand") != ()


def test_setup_deals_each_players_pack_to_their_own_stock() -> None:
    """Owned decks: the cards left over go to their owner's hand pile."""
    rules = zank.variant("zank")
    state = rules.setup({"f1": "Ac 2c 3c"}, seed=3)
    for p in range(2):
        assert {c >> 6 for c in state.pile(f"p{p}.hand")} == {p}


def test_setup_sets_counters_turn_face_down_counts_and_the_player() -> None:
    rules = zank.variant("zank-104")
    state = rules.setup(
        {"p0.reserve": "2c 3c 4c"}, to_move=1, turn=3, stale=1, down={"p0.reserve": 1}
    )
    assert rules.info_of(state).stale == 1
    assert (state.to_move, state.turn, state.ply) == (1, 3, 2)
    assert state.down[rules.pile_index(2, "p0.reserve")] == 1


def test_setup_refuses_bad_arguments() -> None:
    rules = zank.variant("spite-and-malice")
    with pytest.raises(OptionError, match="no pile 'build9'"):
        rules.setup({"build9": "Ah"})
    with pytest.raises(NotationError, match="pile build1"):
        rules.setup({"build1": "Ah Zz"})
    with pytest.raises(InvalidState, match="named twice"):
        rules.setup({"build1": "Ah Ah:1", "build2": "Ah"})
    with pytest.raises(OptionError, match="no counter"):
        rules.setup(stale=3)
    with pytest.raises(InvalidState):
        rules.setup({"build1": "2h"})  # a build pile begins with an ace
    with pytest.raises(OptionError, match="players"):
        rules.setup(players=9)
    with pytest.raises(InvalidState, match="no place"):
        rules.setup({"draw": "Ah"})  # 103 cards with nowhere to go


# --------------------------------------------------------------- who begins


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("spite-and-malice", {}),
        ("spite-and-malice", {"jokers": True}),
        ("zank-104", {}),
        ("zank-detailed", {}),
        ("crapette", {}),
        ("zank", {"first_player": 1}),
        ("zank-detailed", {"who_begins": "alternate", "first_player": 1}),
    ],
)
def test_opening_seat_agrees_with_new_game(name: str, options: dict[str, Any]) -> None:
    """Where the rule decides by the cards, the seat is new_game's on every
    deal (a tie, left to chance, may differ: it draws anew)."""
    rules = zank.variant(name, **options)
    agree = 0
    for seed in range(60):
        state = rules.new_game(seed=seed)
        agree += rules.opening_seat(state, seed=seed) == state.to_move
    assert agree >= 55


def test_opening_seat_of_a_hand_made_deal() -> None:
    """S&M-3: the higher pay-off top begins, a king beats a queen."""
    rules = zank.variant("spite-and-malice")
    queen = rules.setup({"p0.pay": "2c Qd", "p1.pay": "3c Kd"}, seed=1)
    assert rules.opening_seat(queen, seed=1) == 1
    assert rules.setup({"p0.pay": "2c Qd", "p1.pay": "3c Kd"}, seed=1, to_move=None).to_move == 1
    detailed = zank.variant("zank-detailed")  # ZD: the lower reserve top begins
    deal = detailed.setup({"p0.reserve": "... 9c", "p1.reserve": "... 3c:1"}, seed=1)
    assert detailed.opening_seat(deal, seed=1) == 1
    z104 = zank.variant("zank-104")  # Z104-3: the higher reserve top begins
    deal = z104.setup({"p0.reserve": "... 9c", "p1.reserve": "... 3c:1"}, seed=1)
    assert z104.opening_seat(deal, seed=1) == 0


def test_a_cut_is_left_to_the_seed() -> None:
    rules = zank.variant("zank-detailed", who_begins="cut")
    deal = rules.new_game(seed=1)
    seats = {rules.opening_seat(deal, seed=s) for s in range(40)}
    assert seats == {0, 1}
    assert rules.opening_seat(deal, seed=3) == rules.opening_seat(deal, seed=3)


# -------------------------------------------------------------- game records


@pytest.mark.parametrize("name", ["spite-and-malice", "zank-detailed"])
def test_a_record_may_start_from_a_position(name: str) -> None:
    """``play(start=...)`` writes the position in the record's ``start``;
    ``replay`` begins there and checks every move."""
    rules = zank.variant(name)
    start = rules.setup(SEED_004 if name == "spite-and-malice" else {"f1": "Ac"}, seed=8)
    agents = [RandomAgent(1), RandomAgent(2)]
    record = zank.play(rules, agents, start=start, max_moves=40)
    assert record.start == rules.position_text(start)
    again = zank.GameRecord.loads(record.dumps())
    assert again == record
    states = list(zank.replay(again))
    assert states[0] == rules.parse_position(record.start)
    assert len(states) == len(record.moves) + 1
    plain = zank.play(rules, agents, seed=8, max_moves=3)
    assert plain.start is None
    assert "start" not in plain.to_dict()


def test_a_record_with_a_bad_start_is_refused() -> None:
    rules = zank.variant("spite-and-malice")
    record = zank.play(
        rules, [RandomAgent(1), RandomAgent(2)], start=rules.setup(seed=1), max_moves=2
    )
    doc = record.to_dict()
    for start, match in [("junk", "character"), ("zank/2 to=0", "a position of"), (5, "'start'")]:
        with pytest.raises(InvalidState, match=match):
            list(zank.replay(zank.GameRecord.from_dict({**doc, "start": start})))
    with pytest.raises(InvalidState, match="seats"):
        list(zank.replay(zank.GameRecord.from_dict({**doc, "players": 3})))


# ------------------------------------------------------------ command line


def test_zank_show_prints_and_reads_a_position(capsys: pytest.CaptureFixture[str]) -> None:
    from zank.cli import main

    assert main(["show", "spite-and-malice", "--seed", "3", "--as-position"]) == 0
    text = capsys.readouterr().out.strip()
    rules = zank.variant("spite-and-malice")
    assert rules.parse_position(text) == rules.new_game(seed=3)
    assert main(["show", "spite-and-malice", "--position", text, "--moves"]) == 0
    shown = capsys.readouterr().out
    assert "legal moves:" in shown
    assert main(["show", "spite-and-malice", "--position", text[:40]]) == 2
    assert "character" in capsys.readouterr().err


def test_zank_play_starts_from_a_position(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    from zank.cli import main

    rules = zank.variant("spite-and-malice")
    start = rules.setup(SEED_004, seed=4)
    save = tmp_path / "game.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("5-b1\nquit\n"))
    args = ["play", "spite-and-malice", "--vs", "random", "--save", str(save)]
    assert main([*args, "--position", rules.position_text(start)]) == 0
    record = zank.GameRecord.load(save)
    assert record.start == rules.position_text(start)
    assert record.moves[0] == "5-b1"
    states = list(zank.replay(record))
    assert card_text(states[1].pile("build1")[-1]) == "5s"
    capsys.readouterr()
