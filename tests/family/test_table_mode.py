"""Table mode (docs/table-mode.md): faults, calls and their penalties, per variant.

Sections: the shared mechanics and the contract checks over every table-mode
preset; zank-detailed ("Stopp!", ZD-22); crapette ("Crapette!", C-22); the agents.
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import zank
from zank.agents import Agent, CallingAgent, FaultyRandomAgent, GreedyAgent, RandomAgent
from zank.core import Rules, State, Termination
from zank.family import faults
from zank.family.classic import ClassicZank
from zank.family.crapette import Crapette
from zank.family.detailed import ZankDetailed
from zank.family.zank104 import Zank104

from ..strategies import choose_index, player_counts, preset_id, seeds
from ..test_contract import check_step
from .positions import KINGS, c, play, position, texts
from .test_classic import pos as pos_z


def table_presets() -> list[Rules]:
    """Every registered variant's table-mode option sets."""
    out = []
    for name, cls in sorted(zank.VARIANTS.items()):
        for options in getattr(cls, "table_presets", ()):
            out.append(zank.variant(name, **dict(options)))
    return out


TABLE = table_presets()


R = TypeVar("R", bound=Rules)


def variant_of(cls: type[R], name: str, **options: Any) -> R:
    """``zank.variant(name, **options)``, checked to be a ``cls``."""
    rules = zank.variant(name, **options)
    assert isinstance(rules, cls)
    return rules


def move(rules: Rules, text: str) -> zank.Move:
    return next(m for m in rules.moves if m.text == text)


# ============================================================ shared mechanics
CASES = [
    pytest.param(rules, players, id=f"{preset_id(rules)}-{players}p")
    for rules in TABLE
    for players in player_counts(rules)
]


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "players"), CASES)
@given(data=st.data())
def test_table_mode_keeps_the_contract(rules: Rules, players: int, data: Any) -> None:
    """The contract suite's checks at every step of random table-mode games."""
    state = rules.new_game(seed=data.draw(seeds, label="deal seed"), players=players)
    for _ in range(150):
        check_step(rules, state, data)
        legal = rules.legal_moves(state)
        if not legal:
            break
        state = rules.apply(state, legal[choose_index(data, len(legal))])
    check_step(rules, state, data)


@pytest.mark.slow
@pytest.mark.parametrize("rules", TABLE, ids=preset_id)
def test_window_states_say_how_to_take_the_move_back(rules: Rules) -> None:
    """In every window the state before the move under call is exact: the
    move applied to it in strict play gives the window's piles."""
    fr = faults.as_fault_rules(rules)
    assert fr is not None
    windows = 0
    for seed in range(3):
        state = rules.new_game(seed=seed)
        agents = [FaultyRandomAgent(0.5, seed), FaultyRandomAgent(0.5, seed + 1)]
        while state.outcome is None and state.ply < 3000:
            p = state.to_move
            assert p is not None
            m = agents[p].choose(rules, rules.observe(state, p), rules.legal_moves(state))
            after = rules.apply(state, m)
            if after.phase == faults.CALL and state.phase == faults.PLAY:
                windows += 1
                before = faults.before_call(fr, after)
                assert before.piles == state.piles
                assert before.down == state.down
                assert before.info == state.info
                assert before.to_move == state.to_move
                assert (faults.pending(rules, after) is None) == (m in fr.strict_moves(state))
            state = after
    assert windows > 10


def test_strict_mode_is_unchanged_and_offers_no_call() -> None:
    strict = zank.variant("zank-detailed")
    assert strict.action_space == 116
    assert not any(m.kind >= faults.CALL_KIND for m in strict.moves)
    with pytest.raises(zank.NotationError):
        strict.parse_move(strict.new_game(seed=1), "stop")
    table = zank.variant("zank-detailed", table_mode=True)
    assert table.action_space == 119
    assert [m.text for m in table.moves[116:]] == ["stop", "let", "demand"]
    assert table.new_game(seed=3).piles == strict.new_game(seed=3).piles


@pytest.mark.parametrize("name", ["zank", "schikanieren", "zank-detailed", "crapette", "zank-104"])
def test_call_window_applies_only_in_table_mode_in_every_family_variant(name: str) -> None:
    """One check on the table (``FamilyTable``), for classic and hand-pile variants alike."""
    with pytest.raises(zank.OptionError, match=f"^option 'call_window' of '{name}' applies only"):
        zank.variant(name, call_window="every-move")


def test_call_window_applies_only_in_table_mode() -> None:
    with pytest.raises(zank.OptionError, match="call_window"):
        zank.variant("zank-detailed", call_window="every-move")
    with pytest.raises(zank.OptionError, match="call_window"):
        zank.variant("zank-detailed", table_mode=True, call_window="sometimes")


# ========================================================= zank-detailed ZD-22
TM = variant_of(ZankDetailed, "zank-detailed", table_mode=True)
EVERY = variant_of(ZankDetailed, "zank-detailed", table_mode=True, call_window="every-move")
STRICT = variant_of(ZankDetailed, "zank-detailed")


def test_detailed_a_fault_is_legal_in_table_mode_and_named_in_both_modes() -> None:
    piles = {**KINGS, "f1": "Ah", "h1": "3c 2h:1", "p0.reserve": "4c 2h", "p0.turned": "Ac"}
    strict = position(STRICT, piles)
    table = position(TM, piles)
    assert texts(STRICT, strict) == ["r-f"]
    assert {"r-f", "h1-f", "t-f", "t-d"} <= set(texts(TM, table))
    v = STRICT.check(strict, move(STRICT, "h1-f"))
    assert v is not None
    assert v.rule == "ZD-9"
    assert TM.check(table, move(TM, "h1-f")) is None  # legal: a fault is a move
    named = faults.fault(TM, table, move(TM, "h1-f"))
    assert named is not None
    assert named.rule == "ZD-9"
    assert "2♥" in named.message
    assert faults.fault(STRICT, strict, move(STRICT, "h1-f")) == v
    assert faults.fault(TM, table, move(TM, "r-f")) is None
    # a move the cards do not allow is refused in table mode as well
    v = TM.check(table, move(TM, "h2-h3"))
    assert v is not None
    assert v.rule == "ZD-6"


def test_detailed_after_a_fault_the_opponent_may_call_it() -> None:
    piles = {**KINGS, "f1": "Ah", "h1": "3c 2h:1", "p0.reserve": "4c 2h", "p0.turned": "Ac"}
    state = play(TM, position(TM, piles), "h1-f")
    assert state.phase == faults.CALL
    assert state.to_move == 1
    assert texts(TM, state) == ["stop", "let"]
    assert state.pile("f1") == (c("Ah"), c("2h:1"))  # the table shows the move made
    assert faults.pending_rule(TM, state) == "ZD-9"
    assert faults.pending_rule(TM, TM.observe(state, 1)) == "ZD-9"
    v = faults.pending(TM, state)
    assert v is not None
    assert v.rule == "ZD-9"
    # a card move is no answer to a window
    v = TM.check(state, move(TM, "r-f"))
    assert v is not None
    assert v.rule == "ZD-22"
    assert TM.parse_move(state, "Stopp") is move(TM, "stop")


def test_detailed_a_fault_let_pass_stands_as_in_strict_play() -> None:
    piles = {**KINGS, "f1": "Ah", "h1": "3c 2h:1", "p0.reserve": "4c 2h", "p0.turned": "Ac"}
    state = play(TM, position(TM, piles), "h1-f", "let")
    assert state.phase == faults.PLAY
    assert state.to_move == 0
    assert state.ply == 2
    assert state.pile("f1") == (c("Ah"), c("2h:1"))
    # the call came too late: the next move has begun
    assert "stop" not in texts(TM, state)
    v = TM.check(state, move(TM, "stop"))
    assert v is not None
    assert v.rule == "ZD-22"


def test_detailed_stopp_takes_the_move_back_makes_the_mandatory_move_and_ends_the_turn() -> None:
    # seed 001: "Du nimmst den falschen Zug zurück (und machst einen
    # ausgelassenen Pflichtzug nach), und dein Zug endet sofort."
    piles = {**KINGS, "f1": "Ah", "h1": "3c 2h:1", "p0.reserve": "4c 2h", "p0.turned": "Qh"}
    state = position(TM, piles)
    fault = play(TM, state, "t-h5")  # Q♥ onto K♣ while the reserve's 2♥ is due (ZD-9)
    assert faults.pending_rule(TM, fault) == "ZD-9"
    called = play(TM, fault, "stop")
    assert called.phase == faults.PLAY
    assert called.to_move == 1  # the turn ended at once
    assert called.turn == state.turn + 1
    assert called.ply == state.ply + 2
    assert called.pile("h5") == (c("Kc:1"),)  # the wrong move taken back
    assert called.pile("f1") == (c("Ah"), c("2h"))  # the mandatory move made
    assert called.pile("p0.reserve") == (c("4c"),)
    assert called.pile("p0.discard")[-1] == c("Qh")  # the turned card discarded
    assert called.pile("p0.turned") == ()


def test_detailed_stopp_on_a_turn_before_the_gap_was_filled() -> None:
    state = position(TM, {**KINGS, "h4": "", "p0.reserve": "5c 9d"})
    fault = play(TM, state, "turn")
    assert faults.pending_rule(TM, fault) == "ZD-11"
    called = play(TM, fault, "stop")
    assert called.pile("h4") == (c("9d"),)  # the gap filled from the reserve
    assert called.pile("p0.turned") == ()  # the hand card taken back
    assert called.pile("p0.hand") == state.pile("p0.hand")
    assert called.pile("p0.discard") == ()
    assert called.to_move == 1


def test_detailed_stopp_turns_back_a_discard_that_was_turned_over() -> None:
    state = position(
        TM,
        {**KINGS, "h4": "", "p0.reserve": "5c 9d", "p0.hand": "", "p0.discard": "9h 4s Jh"},
        rest="p1.hand",
    )
    fault = play(TM, state, "turn")  # the discard is turned over, then a card turned
    assert fault.pile("p0.discard") == ()
    assert fault.pile("p0.turned") == (c("9h"),)
    called = play(TM, fault, "stop")
    assert called.pile("p0.discard") == (c("9h"), c("4s"), c("Jh"))  # as it lay
    assert called.pile("p0.hand") == ()
    assert called.pile("h4") == (c("9d"),)


def test_detailed_a_discarded_card_that_fits_a_foundation_can_be_demanded() -> None:
    # "Hast du eine Karte auf den Abwurfstapel gelegt, die auf einen Zielstapel
    # gepasst hätte, kann der Gegner verlangen, dass du sie dorthin legst,
    # bevor er beginnt."
    piles = {**KINGS, "f1": "Ah", "f2": "Ac", "p0.reserve": "4c 2h", "p0.turned": "2c"}
    state = position(TM, piles)
    fault = play(TM, state, "t-d")  # 2♣ discarded; the reserve's 2♥ was due (ZD-9)
    assert fault.phase == faults.CALL
    assert fault.to_move == 1
    called = play(TM, fault, "stop")
    assert called.phase == faults.DEMAND
    assert called.to_move == 1
    assert texts(TM, called) == ["demand", "let"]
    assert called.pile("f1") == (c("Ah"), c("2h"))
    assert called.pile("p0.discard")[-1] == c("2c")
    assert zank.loads(zank.dumps(called)) == called
    demanded = play(TM, called, "demand")
    assert demanded.phase == faults.PLAY
    assert demanded.to_move == 1
    assert demanded.pile("f2") == (c("Ac"), c("2c"))
    assert demanded.pile("p0.discard") == ()
    left = play(TM, called, "let")
    assert left.pile("p0.discard")[-1] == c("2c")
    assert left.to_move == 1


#: Player 0 plays the last reserve card while 2♥ waits for a foundation: a fault
#: that would win the game.
LAST_CARD_FAULT = {
    **KINGS,
    "f1": "Ah",
    "h1": "3c 2h:1",
    "p0.reserve": "Qh",
    "p0.hand": "",
    "p1.reserve": "5c:1",
}


def _last_card_fault(rules: Rules, call: str) -> tuple[State, State]:
    """The position of :data:`LAST_CARD_FAULT` and the state after its fault is
    called with ``call``; checks that the fault wins when nobody calls and that
    the call takes the card back."""
    state = position(rules, LAST_CARD_FAULT, rest="p1.hand")
    fault = play(rules, state, "r-h5")  # the last card, while 2♥ waits for a foundation
    assert fault.outcome is None
    assert fault.phase == faults.CALL
    won = play(rules, fault, "let")
    assert won.outcome is not None
    assert won.outcome.winner == 0
    assert won.outcome.reason is Termination.WENT_OUT
    called = play(rules, fault, call)
    assert called.outcome is None
    assert called.pile("p0.reserve") == (c("Qh"),)
    return state, called


def test_detailed_a_fault_that_would_win_wins_only_if_nobody_calls() -> None:
    _, called = _last_card_fault(TM, "stop")
    assert called.pile("f1") == (c("Ah"), c("2h:1"))  # the skipped move, made for player 0
    assert called.to_move == 1


def test_detailed_every_move_windows_and_a_wrong_stopp() -> None:
    state = position(EVERY, {**KINGS, "p0.reserve": "3c", "p0.hand": "Jh 5s 9d"})
    after = play(EVERY, state, "turn")  # a correct move: a window all the same
    assert after.phase == faults.CALL
    assert after.to_move == 1
    assert faults.pending(EVERY, after) is None
    wrong = play(EVERY, after, "stop")  # the seed names no penalty: play goes on
    let = play(EVERY, after, "let")
    assert wrong == let
    assert wrong.phase == faults.PLAY
    assert wrong.to_move == 0
    assert wrong.pile("p0.turned") == (c("9d"),)


def test_detailed_window_states_are_validated() -> None:
    piles = {**KINGS, "f1": "Ah", "h1": "3c 2h:1", "p0.reserve": "4c 2h", "p0.turned": "Ac"}
    window = play(TM, position(TM, piles), "h1-f")
    TM.validate(window)
    assert zank.loads(zank.dumps(window)) == window
    base = TM.base_info
    for index, value in [(faults.RULE, 0), (faults.ACTION, 1), (faults.DST, 3), (faults.BY, 1)]:
        info = list(window.info)
        info[base + index] = value
        with pytest.raises(zank.InvalidState):
            TM.validate(attrs.evolve(window, info=tuple(info)))
    with pytest.raises(zank.InvalidState, match="table mode"):
        TM.validate(attrs.evolve(window, to_move=0))
    with pytest.raises(zank.InvalidState):
        TM.validate(attrs.evolve(window, info=window.info[:7]))
    with pytest.raises(zank.InvalidState, match="table_mode=False"):
        STRICT.validate(attrs.evolve(STRICT.new_game(seed=1), phase=faults.CALL))


# ============================================================ crapette C-22
CTM = variant_of(Crapette, "crapette", table_mode=True)
CASIS = variant_of(Crapette, "crapette", table_mode=True, call_penalty="as-is")
CEVERY = variant_of(Crapette, "crapette", table_mode=True, call_window="every-move")
CSTRICT = variant_of(Crapette, "crapette")


def test_crapette_a_fault_is_legal_in_table_mode_and_named_in_both_modes() -> None:
    piles = {**KINGS, "f1": "Ah", "h1": "3c 2h:1", "p0.reserve": "4c 2h", "p0.turned": "Ac"}
    strict = position(CSTRICT, piles)
    table = position(CTM, piles)
    assert texts(CSTRICT, strict) == ["r-f"]
    assert {"r-f", "h1-f", "t-f", "t-d"} <= set(texts(CTM, table))
    assert CTM.check(table, move(CTM, "h1-f")) is None
    named = faults.fault(CTM, table, move(CTM, "h1-f"))
    assert named is not None
    assert named.rule == "C-9"
    window = play(CTM, table, "h1-f")
    assert window.phase == faults.CALL
    assert texts(CTM, window) == ["crapette", "let"]
    assert faults.pending_rule(CTM, CTM.observe(window, 1)) == "C-9"
    assert CTM.parse_move(window, "Stop") is move(CTM, "crapette")
    v = CTM.check(window, move(CTM, "r-f"))
    assert v is not None
    assert v.rule == "C-22"
    v = CTM.check(table, move(CTM, "h2-h3"))  # the cards still decide where a card goes
    assert v is not None
    assert v.rule == "C-6"


def test_crapette_the_call_takes_the_move_back_and_ends_the_turn() -> None:
    piles = {**KINGS, "f1": "Ah", "h1": "3c 2h:1", "p0.reserve": "4c 2h", "p0.turned": "Qh"}
    state = position(CTM, piles)
    fault = play(CTM, state, "t-h5")  # Q♥ onto K♣ while the reserve's 2♥ is due (C-9)
    assert faults.pending_rule(CTM, fault) == "C-9"
    called = play(CTM, fault, "crapette")
    assert called.phase == faults.PLAY
    assert called.to_move == 1
    assert called.turn == state.turn + 1
    assert called.ply == state.ply + 2
    assert called.pile("h5") == (c("Kc:1"),)  # taken back
    assert called.pile("p0.reserve") == (c("4c"), c("2h"))  # nothing made up for player 0
    assert called.pile("f1") == (c("Ah"),)
    assert called.pile("p0.discard")[-1] == c("Qh")  # the turned card onto the waste
    let = play(CTM, fault, "let")
    assert let.pile("h5") == (c("Kc:1"), c("Qh"))
    assert let.to_move == 0


def test_crapette_the_call_on_a_turn_before_the_gap_was_filled() -> None:
    state = position(CTM, {**KINGS, "h4": "", "p0.reserve": "5c 9d"})
    fault = play(CTM, state, "turn")
    assert faults.pending_rule(CTM, fault) == "C-11"
    called = play(CTM, fault, "crapette")
    assert called.pile("h4") == ()  # the gap stays for the opponent
    assert called.pile("p0.turned") == ()
    assert called.pile("p0.hand") == state.pile("p0.hand")  # the card turned back
    assert called.pile("p0.discard") == ()
    assert called.to_move == 1


def test_crapette_as_is_leaves_the_fault_and_ends_the_turn() -> None:
    piles = {**KINGS, "f1": "Ah", "h1": "3c 2h:1", "p0.reserve": "4c 2h", "p0.turned": "Qh"}
    state = position(CASIS, piles)
    called = play(CASIS, state, "h1-f", "crapette")
    assert called.pile("f1") == (c("Ah"), c("2h:1"))  # the faulty move stands
    assert called.pile("p0.discard") == (c("Qh"),)  # the turned card onto the waste
    assert called.to_move == 1
    assert called.turn == state.turn + 1
    ended = play(CASIS, state, "t-d", "crapette")  # a fault that ended the turn itself
    assert ended == play(CASIS, state, "t-d", "let")


def test_crapette_a_fault_that_would_win_wins_only_if_nobody_calls() -> None:
    _, called = _last_card_fault(CTM, "crapette")
    assert called.to_move == 1
    state = position(CASIS, LAST_CARD_FAULT, rest="p1.hand")
    wins = play(CASIS, state, "r-h5", "crapette")  # "as-is": the call takes no card back
    assert wins.outcome is not None
    assert wins.outcome.winner == 0


def test_crapette_every_move_windows_and_a_wrong_call() -> None:
    state = position(CEVERY, {**KINGS, "p0.reserve": "3c", "p0.hand": "Jh 5s 9d"})
    after = play(CEVERY, state, "turn")
    assert after.phase == faults.CALL
    assert faults.pending(CEVERY, after) is None
    assert play(CEVERY, after, "crapette") == play(CEVERY, after, "let")


def test_crapette_greedy_calls_faults_and_lets_correct_moves_pass() -> None:
    agent = GreedyAgent(1)
    piles = {**KINGS, "f1": "Ah", "h1": "3c 2h:1", "p0.reserve": "4c 2h", "p0.turned": "Ac"}
    window = play(CEVERY, position(CEVERY, piles), "h1-f")
    chosen = agent.choose(CEVERY, CEVERY.observe(window, 1), CEVERY.legal_moves(window))
    assert chosen.text == "crapette"
    state = position(CEVERY, {**KINGS, "p0.reserve": "3c", "p0.hand": "Jh 5s 9d"})
    window = play(CEVERY, state, "turn")
    chosen = agent.choose(CEVERY, CEVERY.observe(window, 1), CEVERY.legal_moves(window))
    assert chosen.text == "let"


# ================================================================== agents
@pytest.mark.slow
@pytest.mark.parametrize(("rules", "players"), CASES)
def test_faulty_and_calling_agents_play_games_that_conserve_the_cards_and_end(
    rules: Rules, players: int
) -> None:
    calls = 0
    for seed in range(3):
        agents: list[Agent] = [FaultyRandomAgent(0.3, seed)] + [
            CallingAgent(FaultyRandomAgent(0.3, seed + 50 * q)) for q in range(1, players)
        ]
        state = rules.new_game(seed=seed, players=players)
        while state.outcome is None:
            assert state.ply < 200_000, "a runaway game"
            p = state.to_move
            assert p is not None
            m = agents[p].choose(rules, rules.observe(state, p), rules.legal_moves(state))
            calls += m.kind == faults.CALL_KIND
            state = rules.apply(state, m)
            rules.validate(state)  # every card in exactly one pile, the window exact
        assert rules.result(state) is not None
    assert calls > 0


def test_faulty_agent_makes_faults_at_the_rate_asked() -> None:
    def fault_rate(p: float) -> float:
        agent = FaultyRandomAgent(p, seed=5)
        made = possible = 0
        state = TM.new_game(seed=2)
        while state.outcome is None and state.ply < 4000:
            q = state.to_move
            assert q is not None
            obs = TM.observe(state, q)
            legal = TM.legal_moves(state)
            bad = faults.fault_moves(TM, obs, legal)
            m = agent.choose(TM, obs, legal) if q == 0 else CallingAgent().choose(TM, obs, legal)
            if bad and q == 0:
                possible += 1
                made += m in bad
            state = TM.apply(state, m)
        return made / max(possible, 1)

    assert fault_rate(0.0) == 0.0
    assert fault_rate(1.0) == 1.0
    assert 0.15 < fault_rate(0.3) < 0.45
    with pytest.raises(ValueError, match="probability"):
        FaultyRandomAgent(1.5)


def test_calling_agent_calls_faults_only() -> None:
    piles = {**KINGS, "f1": "Ah", "h1": "3c 2h:1", "p0.reserve": "4c 2h", "p0.turned": "Ac"}
    window = play(TM, position(TM, piles), "h1-f")
    agent = CallingAgent(RandomAgent(1))
    assert agent.choose(TM, TM.observe(window, 1), TM.legal_moves(window)).text == "stop"
    state = position(EVERY, {**KINGS, "p0.reserve": "3c", "p0.hand": "Jh 5s 9d"})
    window = play(EVERY, state, "turn")
    assert agent.choose(EVERY, EVERY.observe(window, 1), EVERY.legal_moves(window)).text == "let"


def test_games_with_calls_are_recorded_and_replayed() -> None:
    agents: list[Agent] = [FaultyRandomAgent(0.3, 1), CallingAgent(FaultyRandomAgent(0.3, 2))]
    record = zank.play(TM, agents, seed=6)
    assert "stop" in record.moves
    again = zank.GameRecord.loads(record.dumps())
    states = list(zank.replay(again))
    assert TM.result(states[-1]) == record.result


def test_table_presets_are_valid_rules() -> None:
    assert TABLE, "no variant declares table-mode presets"
    assert {r.name for r in TABLE} == {
        "zank",
        "zank-detailed",
        "zank-104",
        "schikanieren",
        "crapette",
    }
    for rules in TABLE:
        assert isinstance(rules, Rules)
        assert faults.as_fault_rules(rules) is not None
        size = faults.info_size(rules)
        assert size is not None
        assert size == len(rules.new_game(seed=1).info) + faults.WINDOW_TAIL - faults.PLAY_TAIL
    assert faults.info_size(STRICT) is None
    assert isinstance(TM, ZankDetailed)
    assert isinstance(TM.new_game(seed=1), State)


# ============================================================ zank-104 Z104-16
TM104 = variant_of(Zank104, "zank-104", table_mode=True)
EVERY104 = variant_of(Zank104, "zank-104", table_mode=True, call_window="every-move")


def test_104_a_foundation_move_may_be_overlooked_and_the_opponent_calls_halt() -> None:
    # "Beim Übersehen einer Anlegemöglichkeit an die As-Basis hat der Gegner das
    # Recht, das Spiel sofort anzuhalten. Er tut das mit dem Wort "Halt!" und
    # nimmt sich des Spiels an."
    piles = {**KINGS, "f1": "Ah", "h1": "Kc Qh", "p0.turned": "2h:1", "p0.reserve": "Jc"}
    state = position(TM104, piles)
    assert {"t-f", "r-h1", "h1-h4"} <= set(texts(TM104, state))
    assert "t-s" not in texts(TM104, state)  # the reserve first (Z104-11) still holds
    named = faults.fault(TM104, state, move(TM104, "r-h1"))
    assert named is not None
    assert named.rule == "Z104-10"
    window = play(TM104, state, "r-h1")  # J♣ laid, the 2♥ overlooked
    assert window.phase == faults.CALL
    assert window.to_move == 1
    assert texts(TM104, window) == ["halt", "let"]
    assert faults.pending_rule(TM104, window) == "Z104-10"
    halted = play(TM104, window, "halt")
    # "was liegt, das liegt": nothing is taken back; the caller takes over
    assert halted.pile("h1") == (c("Kc"), c("Qh"), c("Jc"))
    assert halted.pile("p0.turned") == ()
    assert halted.pile("p0.second-talon")[-1] == c("2h:1")
    assert halted.to_move == 1
    assert halted.turn == state.turn + 1
    assert halted.phase == faults.PLAY
    let = play(TM104, window, "let")
    assert let.to_move == 0
    assert let.pile("p0.turned") == (c("2h:1"),)
    assert texts(TM104, let)[0] == "t-f"


def test_104_only_an_overlooked_foundation_move_is_a_fault() -> None:
    # the reserve before the talon (Z104-11) stays a rule in table mode: "Halt!"
    # is about the foundations only
    state = position(TM104, {**KINGS, "h8": "", "p0.reserve": "5c"})
    assert texts(TM104, state) == ["r-h8"]
    v = TM104.check(state, move(TM104, "turn"))
    assert v is not None
    assert v.rule == "Z104-11"


def test_104_a_fault_that_ends_the_game_stands() -> None:
    piles = {**KINGS, "f1": "Ah", "h1": "2h:1", "p0.reserve": "Qh", "p0.talon": ""}
    state = position(TM104, piles, rest="p1.talon")
    done = play(TM104, state, "r-h5")  # the last card, the 2♥ overlooked
    assert done.outcome is not None
    assert done.outcome.winner == 0
    assert done.outcome.reason is Termination.WENT_OUT


def test_104_a_wrong_halt_costs_nothing() -> None:
    state = position(EVERY104, {**KINGS, "p0.reserve": "5c"})
    window = play(EVERY104, state, "turn")
    assert window.phase == faults.CALL
    assert faults.pending(EVERY104, window) is None
    assert play(EVERY104, window, "halt") == play(EVERY104, window, "let")


def test_104_packing_onto_the_own_piles_is_no_fault() -> None:
    # Z104-8: "theoretisch möglich" -- a legal move, so no call window opens;
    # with call_window="every-move" a "Halt!" on it is a wrong call
    piles = {**KINGS, "h1": "6c 5d", "p0.reserve": "4d", "p0.second-talon": "6d"}
    state = position(TM104, piles)
    assert {"h1-r", "h1-s"} <= set(texts(TM104, state))
    assert faults.fault(TM104, state, move(TM104, "h1-r")) is None
    after = play(TM104, state, "h1-r")
    assert after.phase == faults.PLAY
    assert after.to_move == 0
    window = play(EVERY104, position(EVERY104, piles), "h1-s")
    assert window.phase == faults.CALL
    assert faults.pending(EVERY104, window) is None
    without = variant_of(Zank104, "zank-104", table_mode=True, own_packing=False)
    assert "h1-r" not in {m.text for m in without.moves}


def test_at_most_twenty_faults_are_let_pass_in_a_turn() -> None:
    piles = {**KINGS, "f1": "Ah", "h1": "Kc Qh", "p0.reserve": "4c 2h"}
    state = position(TM, piles)
    for i in range(faults.FAULT_LIMIT):
        assert len(texts(TM, state)) > 1
        state = play(TM, state, "h1-h5" if i % 2 == 0 else "h5-h1", "let")
    assert state.info[-1] == faults.FAULT_LIMIT
    assert texts(TM, state) == ["r-f"]  # the rest of the turn by the rules
    v = TM.check(state, move(TM, "h1-h5"))
    assert v is not None
    assert v.rule == "ZD-9"
    assert "20 faults" in v.message
    state = play(TM, state, "r-f")
    assert state.info[-1] == faults.FAULT_LIMIT


# ================================================= zank and schikanieren Z-21
TZ = variant_of(ClassicZank, "zank", table_mode=True)
EVERYZ = variant_of(ClassicZank, "zank", table_mode=True, call_window="every-move")


def lifted_fault() -> State:
    """Player 0 lifted 2♣ from the source and put it on the own discard,
    though it fits the centre's A♣ (Z-15)."""
    state = pos_z(TZ, {**KINGS, "f1": "Ac", "p0.hand": "2c", "p0.discard": "9h"})
    state = play(TZ, state, "draw")
    assert texts(TZ, state)[0] == "t-f"
    return play(TZ, state, "t-d")


def test_zank_anyone_may_call_stop_the_player_first() -> None:
    # "dann kann jeder, der das bemerkt (auch der Spieler selber, um anderen
    # zuvorzukommen), „Stop“ rufen"
    window = lifted_fault()
    assert window.phase == faults.CALL
    assert window.to_move == 0  # the player may pre-empt
    assert faults.pending_rule(TZ, window) == "Z-15"
    assert texts(TZ, window) == ["stop", "let"]
    nxt = play(TZ, window, "let")
    assert nxt.phase == faults.CALL
    assert nxt.to_move == 1


def test_zank_stop_takes_the_move_back_and_the_callers_turn_begins() -> None:
    # "Der (angefangene oder vollendete) fehlerhafte Zug ist dann
    # zurückzunehmen, … und der Rufer kommt an die Reihe."
    window = lifted_fault()
    called = play(TZ, window, "let", "stop")
    assert called.phase == faults.PLAY
    assert called.to_move == 1
    assert called.turn == window.turn + 1
    assert called.pile("p0.hand")[-1] == c("2c")  # move 7b taken back whole
    assert called.pile("p0.discard") == (c("9h"),)
    assert called.pile("p0.turned") == ()
    own = play(TZ, window, "stop")  # the player's own call: the player's turn begins
    assert own.to_move == 0
    assert own.turn == window.turn + 1
    assert own.pile("p0.hand")[-1] == c("2c")
    stands = play(TZ, window, "let", "let")  # nobody called: the turn is over
    assert stands.to_move == 1
    assert stands.pile("p0.discard") == (c("9h"), c("2c"))


def test_zank_stop_with_an_empty_discard_lays_the_source_top_on_it() -> None:
    # "bei leerer Ablage ist die oberste Karte der Quelle auf die Ablage zu legen"
    state = pos_z(TZ, {**KINGS, "f1": "Ac", "p0.hand": "9h 2c", "p0.discard": ""})
    window = play(TZ, state, "draw", "t-d")
    called = play(TZ, window, "let", "stop")
    assert called.pile("p0.discard") == (c("2c"),)
    assert called.pile("p0.hand")[-1] == c("9h")
    assert called.to_move == 1


def test_zank_a_call_is_in_time_only_until_the_next_move_begins() -> None:
    state = play(TZ, lifted_fault(), "let", "let")
    assert "stop" not in texts(TZ, state)
    v = TZ.check(state, move(TZ, "stop"))
    assert v is not None
    assert v.rule == "Z-21"


def test_zank_a_wrong_stop_makes_the_caller_miss_the_next_turn() -> None:
    # "Wer zu unrecht „Stop“ ruft, wird beim nächsten Mal ausgelassen"
    piles = {**KINGS, "p0.hand": "2c", "p0.discard": "9h", "p1.discard": "Jd:1"}
    state = pos_z(EVERYZ, piles)
    window = play(EVERYZ, state, "draw")  # a correct move: only the others are asked
    assert window.to_move == 1
    assert faults.pending(EVERYZ, window) is None
    wrong = play(EVERYZ, window, "stop")
    assert wrong.phase == faults.PLAY
    assert wrong.to_move == 0
    assert wrong.info[EVERYZ.base_info + faults.SKIP] == 0b10
    assert texts(EVERYZ, wrong) == ["t-d"]
    ended = play(EVERYZ, wrong, "t-d", "let")  # player 0's turn ends; player 1 misses one
    assert ended.to_move == 0
    assert ended.turn == wrong.turn + 2
    assert ended.info[EVERYZ.base_info + faults.SKIP] == 0


def test_zank_at_most_twenty_faults_are_let_pass_in_a_turn() -> None:
    state = pos_z(TZ, {**KINGS, "h1": "Kc Qh", "p0.hand": "2c", "p0.discard": "9h"})
    for i in range(faults.FAULT_LIMIT):
        state = play(TZ, state, "h1-h5" if i % 2 == 0 else "h5-h1", "let", "let")
    assert "h1-h5" not in texts(TZ, state)
    v = TZ.check(state, move(TZ, "h1-h5"))
    assert v is not None
    assert v.rule == "Z-9"
    assert "20 faults" in v.message


def test_zank_three_players_are_asked_in_turn() -> None:
    rules = variant_of(ClassicZank, "zank", table_mode=True)
    state = rules.new_game(seed=3, players=3)
    for _ in range(400):
        legal = rules.legal_moves(state)
        strict = rules.strict_moves(state)
        bad = [m for m in legal if m not in strict]
        if bad and state.phase == faults.PLAY:
            p = state.to_move
            assert p is not None
            window = rules.apply(state, bad[0])
            asked = [window.to_move]
            while window.phase == faults.CALL:
                window = rules.apply(window, move(rules, "let"))
                asked.append(window.to_move)
            assert asked[:3] == [p, (p + 1) % 3, (p + 2) % 3]
            return
        state = rules.apply(state, legal[0])
    pytest.fail("no fault possible in 400 moves")


def test_schikanieren_plays_stop_like_zank() -> None:
    # the worked example of docs/table-mode.md
    rules = zank.variant("schikanieren", table_mode=True, first_player=0)
    state = rules.new_game(seed=10)
    window = play(rules, state, "s-f")
    assert faults.pending_rule(rules, window) == "Z-7"
    called = play(rules, window, "let", "stop")
    assert called.pile("p0.schikanier") == state.pile("p0.schikanier")
    assert called.down == state.down
    assert called.to_move == 1
    assert texts(rules, called)[0] == "h5-f"
    rules = zank.variant("schikanieren", table_mode=True)
    assert rules.action_space == zank.variant("schikanieren").action_space + 2
    agents: list[Agent] = [FaultyRandomAgent(0.5, 1), CallingAgent(FaultyRandomAgent(0.5, 2))]
    record = zank.play(rules, agents, seed=2)
    assert "stop" in record.moves
    assert record.result is not None


def test_a_window_after_a_flip_survives_determinization() -> None:
    """A flip turns the discard over face down; a determinized state deals those
    cards anew, so its window must not be judged by the hidden order (regression:
    schikanieren, deal 3223, first legal move each step)."""
    rules = zank.variant("schikanieren", advanced=True, table_mode=True, call_window="every-move")
    state = rules.new_game(seed=3223)
    flips = 0
    for step in range(300):
        if state.outcome is not None:
            break
        for seat in range(2):
            rules.validate(rules.sample_state(rules.observe(state, seat), seed=step))
        move = rules.legal_moves(state)[0]
        flips += move.text == "flip"
        state = rules.apply(state, move)
    assert flips > 0
