"""Issue 18: a game server's clients are hostile.  One regression test (or a few) per
item of the issue: forged documents refused, only documented errors, messages that
do not copy their input, agents loaded only from trusted names, no private cards in
renders.  The CLI's items are in ``tests/test_cli_hardening.py``, the OpenSpiel deal
in ``tests/adapters/test_openspiel.py``, the fuzz suite in ``tests/test_fuzz.py``."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

import zank
from zank.cards import card_text, make_card, parse_card, parse_cards
from zank.core import HIDDEN, Observation
from zank.play import GameRecord
from zank.serialize import MAX_DOCUMENT_DEPTH, MAX_DOCUMENT_SIZE, read_json

from .matrix import CASES, TABLE_CASES, finished_game

SPITE = zank.variant("spite-and-malice")
MESSAGE_LIMIT = 400  # characters: a message quotes ~100 of its input, plus its own words


def state_doc(seed: int = 3) -> dict[str, Any]:
    return json.loads(zank.dumps(SPITE.new_game(seed=seed)))  # type: ignore[no-any-return]


def record_doc() -> dict[str, Any]:
    from zank.agents import RandomAgent

    rules = zank.variant("spite-and-malice", pay_off_size=3)
    record = zank.play(rules, [RandomAgent(1), RandomAgent(2)], seed=5)
    return record.to_dict()


# ------------------------------------------------------------ 2: forged states
@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(turn=5, ply=0), "turn"),  # 5 turns begun without a move
        (lambda d: d.update(turn=0), "turn"),
        (lambda d: d.update(ply=10**30, turn=1), "ply"),
        (lambda d: d.update(phase=10**30), "phase"),
        (lambda d: d.update(info=[10**30]), "info"),  # a counter the variant has not
        (lambda d: d.update(rng=hex(2**64)), "rng"),
        (lambda d: d.update(rng="-0x1"), "rng"),
    ],
)
def test_loads_refuses_contradicting_counters(change: Any, words: str) -> None:
    doc = state_doc()
    change(doc)
    with pytest.raises(zank.InvalidState, match=words):
        zank.loads(json.dumps(doc))


def test_loads_refuses_an_outcome_with_absurd_points() -> None:
    """The issue's example: a win with 10^30 points."""
    doc = state_doc()
    doc.update(to_move=None, outcome={"winner": 0, "points": [10**30, 0], "reason": "went out"})
    with pytest.raises(zank.InvalidState, match="points"):
        zank.loads(json.dumps(doc))


def test_validate_refuses_a_running_game_without_a_legal_move() -> None:
    """A state that the rules would have ended: nobody to move would have a move."""
    rules = zank.variant("spite-and-malice")
    state = rules.new_game(seed=3)
    # the pay-off piles are face down but for the top: a running game whose player to
    # move cannot move is refused, whatever the variant's own checks say
    called = []

    class NoMoves(type(rules)):  # type: ignore[misc]
        def _legal(self, state: zank.State) -> tuple[zank.Move, ...]:
            called.append(state)
            return ()

    other = NoMoves()
    with pytest.raises(zank.InvalidState, match="no move is legal"):
        other.validate(attrs.evolve(state, rules=other))
    assert called


def test_seeds_outside_64_bits_are_refused_not_wrapped() -> None:
    with pytest.raises(zank.OptionError, match="2\\*\\*64"):
        SPITE.new_game(seed=2**64)
    with pytest.raises(zank.OptionError, match="2\\*\\*64"):
        SPITE.new_game(seed=-1)
    assert SPITE.new_game(seed=2**64 - 1) != SPITE.new_game(seed=0)
    obs = SPITE.observe(SPITE.new_game(seed=1), 0)
    with pytest.raises(zank.OptionError, match="2\\*\\*64"):
        SPITE.sample_state(obs, seed=2**64)
    doc = record_doc()
    doc["seed"] = 2**64 + 5  # used to replay as seed 5
    with pytest.raises(zank.InvalidState, match="seed"):
        GameRecord.from_dict(doc)


# ------------------------------------------------------ 3: only documented errors
@pytest.mark.parametrize("text", ["[" * 1000, "{" * 1000, '{"a":' * 1000, "[" * 100_000])
def test_deep_documents_are_refused_before_parsing(text: str) -> None:
    for load in (zank.loads, GameRecord.loads):
        with pytest.raises(zank.InvalidState, match="nested"):
            load(text)


def test_depth_and_size_limits() -> None:
    ok = "[" * MAX_DOCUMENT_DEPTH + "]" * MAX_DOCUMENT_DEPTH
    assert read_json(ok) is not None
    with pytest.raises(zank.InvalidState, match="nested 65 deep"):
        read_json("[" + ok + "]")
    # brackets inside strings do not count
    assert read_json(json.dumps({"a": "[" * 1000, "b": '\\"[[[' * 100})) is not None
    with pytest.raises(zank.InvalidState, match="longer than 1,000,000"):
        read_json(" " * (MAX_DOCUMENT_SIZE + 1))
    with pytest.raises(zank.InvalidState, match="longer than 1,000,000 bytes"):
        read_json(b" " * (MAX_DOCUMENT_SIZE + 1))
    with pytest.raises(zank.InvalidState, match="UTF-8"):
        read_json(b'{"a": "\xff"}')
    with pytest.raises(zank.InvalidState, match="NaN"):
        read_json('{"a": NaN}')


@pytest.mark.parametrize("value", [None, 3, 3.5, [], {}, b"\xff"])
def test_loaders_refuse_what_is_not_text(value: Any) -> None:
    with pytest.raises(zank.InvalidState):
        zank.loads(value)
    with pytest.raises(zank.InvalidState):
        GameRecord.loads(value)


def test_parse_cards_and_make_card_raise_notation_errors() -> None:
    for bad in (None, 5, ["Ah"]):
        with pytest.raises(zank.NotationError):
            parse_cards(bad)  # type: ignore[arg-type]
        with pytest.raises(zank.NotationError):
            parse_card(bad)  # type: ignore[arg-type]
    for args in ((14, 0), (1, 4), (1, 0, 8), ("1", 0), (None, 0)):
        with pytest.raises(zank.NotationError):
            make_card(*args)


@pytest.mark.parametrize("seat", [5, -1, 2, True, None, "0", 1.0, 10**100])
def test_observe_refuses_seats_with_an_option_error(seat: Any) -> None:
    state = SPITE.new_game(seed=1)
    with pytest.raises(zank.OptionError, match="seat"):
        SPITE.observe(state, seat)


def test_observe_refuses_a_state_with_other_piles_than_its_layout() -> None:
    # a State made by hand (never by loads, which validates) with a pile too
    # few or a face-down count too many: a clear error, not a short view
    state = SPITE.new_game(seed=1)
    for forged_state in (
        attrs.evolve(state, piles=state.piles[:-1]),
        attrs.evolve(state, down=(*state.down, 0)),
    ):
        with pytest.raises(zank.InvalidState, match=r"piles .* has 1\d piles$"):
            SPITE.observe(forged_state, 0)


def forged(obs: Observation, **changes: Any) -> Observation:
    return attrs.evolve(obs, **changes)


def test_sample_state_refuses_forged_observations() -> None:
    """It used to raise RuntimeError (a StopIteration in a generator) or IndexError."""
    state = SPITE.new_game(seed=2)
    obs = SPITE.observe(state, 0)
    draw = SPITE.pile_index(2, "draw")
    hand = SPITE.pile_index(2, "p0.hand")

    def pile(i: int, cards: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        return tuple(cards if j == i else p for j, p in enumerate(obs.piles))

    bad = [
        forged(obs, piles=pile(draw, obs.piles[draw] + (HIDDEN,) * 5)),  # too many hidden
        forged(obs, piles=pile(draw, obs.piles[draw][:-5])),  # too few
        forged(obs, piles=pile(hand, obs.piles[hand] + obs.piles[hand][:1])),  # a card twice
        forged(obs, piles=obs.piles[:-1]),  # a pile missing
        forged(obs, piles=pile(hand, (9999,))),  # no card
        forged(obs, players=7),
        forged(obs, player=3),
        forged(obs, down=(-1,) * len(obs.down)),
    ]
    for observation in bad:
        with pytest.raises(zank.InvalidState):
            SPITE.sample_state(observation, seed=1)
    with pytest.raises(zank.InvalidState):
        SPITE.sample_state("an observation", seed=1)  # type: ignore[arg-type]
    assert SPITE.observe(SPITE.sample_state(obs, seed=1), 0) == obs  # the real one works


def test_public_functions_refuse_foreign_states_with_invalid_state() -> None:
    other = zank.variant("spite-and-malice", pay_off_size=5)
    foreign = other.new_game(seed=1)
    for call in (
        lambda s: SPITE.legal_moves(s),
        lambda s: SPITE.observe(s, 0),
        lambda s: SPITE.piles(s),
        lambda s: SPITE.result(s),
        lambda s: SPITE.validate(s),
        lambda s: SPITE.action_mask(s),
        lambda s: SPITE.apply(s, SPITE.moves[0]),
    ):
        for state in (foreign, None, "state", 7):
            with pytest.raises(zank.InvalidState):
                call(state)


# --------------------------------------------- 4: messages quote ~100 characters
HUGE = "x" * 1_000_000


def message(call: Any) -> str:
    with pytest.raises(zank.ZankError) as info:
        call()
    return str(info.value)


@pytest.mark.parametrize(
    "call",
    [
        lambda: SPITE.parse_move(SPITE.new_game(seed=1), HUGE),
        lambda: parse_card(HUGE),
        lambda: parse_cards("Ah " + HUGE),
        lambda: zank.variant(HUGE),
        lambda: zank.variant("spite-and-malice", **{HUGE: 1}),
        lambda: zank.variant("spite-and-malice", pay_off_size=HUGE),
        lambda: zank.variant("spite-and-malice", pay_off_size=[1] * 100_000),
        lambda: zank.variant("spite-and-malice", pay_off_size=10**5000),
        lambda: SPITE.observe(SPITE.new_game(seed=1), HUGE),  # type: ignore[arg-type]
        lambda: SPITE.decode(SPITE.new_game(seed=1), HUGE),  # type: ignore[arg-type]
        lambda: SPITE.encode(HUGE),  # type: ignore[arg-type]
        lambda: SPITE.new_game(seed=HUGE),  # type: ignore[arg-type]
        lambda: SPITE.new_game(players=HUGE),  # type: ignore[arg-type]
    ],
)
def test_messages_quote_at_most_100_characters_of_input(call: Any) -> None:
    assert len(message(call)) < MESSAGE_LIMIT


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("format", "x" * 500_000),
        ("version", "x" * 500_000),
        ("variant", "x" * 500_000),
        ("players", "x" * 500_000),
        ("rng", "x" * 500_000),
        ("ply", "x" * 500_000),
        ("info", ["x" * 1000] * 400),
        ("outcome", {"winner": "x" * 500_000, "points": [0, 0], "reason": "went out"}),
        ("outcome", {"winner": 0, "points": [0, 0], "reason": "x" * 500_000}),
        ("options", {"pay_off_size": "x" * 500_000}),
        ("options", {"x" * 500_000: 1}),
        ("piles", {"x" * 500_000: []}),
    ],
)
def test_loads_messages_are_short(field: str, value: Any) -> None:
    doc = state_doc()
    doc[field] = value
    assert len(message(lambda: zank.loads(json.dumps(doc)))) < MESSAGE_LIMIT
    doc = state_doc()
    doc["piles"]["p0.hand"][0] = "x" * 500_000
    assert len(message(lambda: zank.loads(json.dumps(doc)))) < MESSAGE_LIMIT


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("version", "x" * 500_000),
        ("seed", "x" * 500_000),
        ("players", "x" * 500_000),
        ("variant", "x" * 500_000),
        ("moves", ["x" * 500_000]),
        ("result", {"winner": "x" * 500_000}),
        ("options", {"pay_off_size": "x" * 500_000}),
    ],
)
def test_record_messages_are_short(field: str, value: Any) -> None:
    doc = record_doc()
    doc[field] = value

    def load_and_replay() -> None:
        list(zank.replay(GameRecord.loads(json.dumps(doc))))

    assert len(message(load_and_replay)) < MESSAGE_LIMIT


# ------------------------------------------------------------- 7: agent loading
def test_agents_by_module_name_can_be_refused_without_importing() -> None:
    import sys

    from zank.simulate import AGENTS, agent_factory

    sys.modules.pop("this", None)  # importing 'this' prints the Zen of Python
    with pytest.raises(zank.ZankError, match="imports=False"):
        agent_factory("this:s", imports=False)
    assert "this" not in sys.modules
    assert agent_factory("random", imports=False) is AGENTS["random"]


def test_a_loaded_factory_must_make_an_agent() -> None:
    from zank.simulate import agent_factory, run

    factory = agent_factory("builtins:str")
    with pytest.raises(zank.ZankError, match="not an agent"):
        factory(3)
    with pytest.raises(zank.ZankError, match="not an agent"):
        run(zank.variant("spite-and-malice", pay_off_size=2), ["builtins:str", "random"], 1)


# ---------------------------------------------------- 8: PettingZoo render()
def test_pettingzoo_render_shows_only_the_seat_to_move() -> None:
    pytest.importorskip("pettingzoo")
    from zank.adapters.pettingzoo import ALL, ZankEnv

    env = ZankEnv("spite-and-malice", render_mode="ansi")
    env.reset(seed=3)
    state = env.game_state
    me = state.to_move
    assert me is not None
    other = 1 - me
    mine = [zank.Card(c).unicode for c in state.pile(f"p{me}.hand")]
    theirs = [zank.Card(c).unicode for c in state.pile(f"p{other}.hand")]
    text = env.render()
    assert text is not None
    hand_line = {line.split(":")[0].strip(): line for line in text.splitlines()}
    assert all(card in hand_line[f"p{me}.hand"] for card in mine)
    assert hand_line[f"p{other}.hand"].endswith("## 5")  # counted, not shown
    assert not any(card in hand_line[f"p{other}.hand"] for card in theirs)
    assert f"as seen by player_{me}" in text
    # a fixed seat, and the whole table only when asked
    seat = ZankEnv("spite-and-malice", render_mode="ansi", render_perspective=other)
    seat.reset(seed=3)
    assert "## 5" in seat.render().split(f"p{me}.hand:")[1].splitlines()[0]  # type: ignore[union-attr]
    full = ZankEnv("spite-and-malice", render_mode="ansi", render_perspective=ALL)
    full.reset(seed=3)
    whole = full.render()
    assert whole is not None
    assert all(card in whole for card in mine + theirs)
    with pytest.raises(zank.OptionError):
        ZankEnv("spite-and-malice", render_mode="ansi", render_perspective=2)


# ------------------------------------------- 2: outcomes recomputed, per variant
def forged_outcomes(outcome: zank.Result, players: int) -> list[zank.Result]:
    """Outcomes that differ from the true one in one field."""
    out = []
    for seat in range(players):
        points = list(outcome.points)
        points[seat] += 1
        out.append(attrs.evolve(outcome, points=tuple(points)))
    for winner in [None, *range(players)]:
        if winner != outcome.winner:
            out.append(attrs.evolve(outcome, winner=winner))
    for reason in zank.Termination:
        if reason != outcome.reason:
            out.append(attrs.evolve(outcome, reason=reason))
    return out


@pytest.mark.parametrize(("rules", "players"), [*CASES, *TABLE_CASES])
def test_an_outcome_the_position_does_not_give_is_refused(rules: zank.Rules, players: int) -> None:
    """The outcome is recomputed from the final position: forged points, winner or
    reason are refused, and so is an outcome on a game still running."""
    _, final = finished_game(rules, players, 1)
    assert final.outcome is not None
    rules.validate(final)
    for forged in forged_outcomes(final.outcome, players):
        with pytest.raises(zank.InvalidState):
            rules.validate(attrs.evolve(final, outcome=forged))
    running = rules.new_game(seed=1, players=players)
    for _ in range(6):
        running = rules.apply(running, rules.legal_moves(running)[0])
    rules.validate(running)
    with pytest.raises(zank.InvalidState):
        rules.validate(attrs.evolve(running, to_move=None, outcome=final.outcome))


def some_states(rules: zank.Rules, players: int) -> list[zank.State]:
    """The deal, and states along the first finished game, a few dozen moves apart."""
    _, final = finished_game(rules, players, 1)
    record, _ = finished_game(rules, players, 1)
    states = list(zank.replay(record))
    return [*states[:: max(1, len(states) // 8)], final]


@pytest.mark.parametrize(("rules", "players"), [*CASES, *TABLE_CASES])
def test_counters_far_outside_their_range_are_refused(rules: zank.Rules, players: int) -> None:
    """Every counter of ``info`` and ``phase`` has a range; 10**9 is outside all of them."""
    for state in some_states(rules, players):
        rules.validate(state)
        for i in range(len(state.info)):
            info = list(state.info)
            info[i] = 10**9
            with pytest.raises(zank.InvalidState):
                rules.validate(attrs.evolve(state, info=tuple(info)))
        with pytest.raises(zank.InvalidState):
            rules.validate(attrs.evolve(state, phase=10**9))


@pytest.mark.parametrize("name", ["zank-104", "zank-detailed"])
def test_a_reserve_all_face_up_is_refused(name: str) -> None:
    """The issue's example: a reserve lies face down but for its top card; the face-up
    cards above that were packed on it, each fitting the one below."""
    rules = zank.variant(name)
    state = rules.new_game(seed=4)
    reserve = rules.pile_index(2, "p0.reserve")
    down = list(state.down)
    down[reserve] = 0
    with pytest.raises(zank.InvalidState, match=r"p0\.reserve"):
        rules.validate(attrs.evolve(state, down=tuple(down)))
    down[reserve] = len(state.piles[reserve])  # and its top card must lie face up
    with pytest.raises(zank.InvalidState, match=r"p0\.reserve"):
        rules.validate(attrs.evolve(state, down=tuple(down)))


def test_an_announced_manoeuvre_that_is_met_or_out_of_reach_is_refused() -> None:
    """Found by the fuzz suite: a zank document announcing to empty an edge pile that
    is already empty reached the manoeuvre search, which asserted."""
    from zank.family.classic_common import GOAL_EMPTY, GOAL_FREE, I_BUDGET, I_GOAL, I_TARGET

    rules = zank.variant("zank")
    state = rules.new_game(seed=5)
    empty = next(h for h in range(8) if not state.pile(f"h{h + 1}"))
    info = list(state.info)
    info[I_GOAL], info[I_TARGET], info[I_BUDGET] = GOAL_EMPTY, empty, 6
    with pytest.raises(zank.InvalidState, match="manoeuvre is met"):
        zank.loads(json.dumps({**json.loads(zank.dumps(state)), "info": info}))
    buried = state.pile("p0.hand")[0]  # a card in no edge pile cannot be freed there
    info[I_GOAL], info[I_TARGET] = GOAL_FREE, buried
    with pytest.raises(zank.InvalidState, match="out of reach"):
        rules.validate(attrs.evolve(state, info=tuple(info)))


# ------------------------------------------------- issue 36, items 3 to 5
def _with_down(rules: zank.Rules, state: zank.State, label: str, down: int) -> str:
    doc = json.loads(zank.dumps(state))
    doc["down"][label] = down
    return json.dumps(doc)


def test_loads_refuses_a_schikanier_pile_turned_face_up() -> None:
    """The issue's example: the Schikanier pile lies face down but for its top card;
    the face-up cards above that were packed on it by the opponent, each in suit and
    one up or down from the one below."""
    rules = zank.variant("schikanieren")
    state = rules.new_game(seed=1)
    for down in (0, 5, 9):
        with pytest.raises(zank.InvalidState, match=r"p0\.schikanier"):
            zank.loads(_with_down(rules, state, "p0.schikanier", down))
    assert zank.loads(_with_down(rules, state, "p0.schikanier", 11)) == state


def test_loads_refuses_a_classic_zank_edge_pile_with_face_down_cards() -> None:
    """The issue's example: a zank edge pile (house) is dealt face up and no card
    ever turns down on it."""
    from zank.agents import RandomAgent

    rules = zank.variant("zank")
    for players in (2, 3):
        state = rules.new_game(seed=2, players=players)
        agent = RandomAgent(players)
        while all(len(state.pile(f"h{h}")) < 2 for h in range(1, 9)):  # they start empty
            legal = rules.legal_moves(state)
            state = rules.apply(state, agent.choose(rules, rules.observe(state, 0), legal))
        label = next(f"h{h}" for h in range(1, 9) if len(state.pile(f"h{h}")) >= 2)
        with pytest.raises(zank.InvalidState, match=rf"{label}\b.*face up"):
            zank.loads(_with_down(rules, state, label, 1))


def test_dumps_of_what_is_not_a_state_is_a_zank_error() -> None:
    junk: object
    for junk in ("x", None, {}, 3):
        with pytest.raises(zank.InvalidState, match="takes a zank State"):
            zank.dumps(junk)  # type: ignore[arg-type]
        with pytest.raises(TypeError):  # as before
            zank.dumps(junk)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "caption", ["a\x00b", "\x1b[31mred", "x\ud800y", "\ufffe\x0b\x0c", "é\t\n"]
)
def test_a_control_character_in_last_move_gives_valid_xml(caption: str) -> None:
    import xml.etree.ElementTree as ET

    from zank.render.svg import svg

    picture = svg(SPITE.new_game(seed=1), last_move=caption)
    picture.encode("utf-8")  # no lone surrogate either
    root = ET.fromstring(picture)
    words = " ".join("".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert "last move:" in words


def _crapette_without(state: zank.State, label: str) -> zank.State:
    """``state`` with pile ``label``'s cards put on p0's hand pile (card count kept)."""
    rules = state.rules
    piles, down = list(state.piles), list(state.down)
    i, hand = rules.pile_index(2, label), rules.pile_index(2, "p0.hand")
    piles[hand] += piles[i]
    down[hand] = len(piles[hand])
    piles[i], down[i] = (), 0
    return attrs.evolve(state, piles=tuple(piles), down=tuple(down))


@pytest.mark.parametrize("who_begins", ["lower", "higher", "cut"])
def test_crapette_opening_seat_with_an_empty_pile_is_no_index_error(who_begins: str) -> None:
    rules = zank.variant("crapette", who_begins=who_begins)
    for seed in range(6):
        state = rules.new_game(seed=seed)
        decided = rules.opening_seat(state, seed=seed)
        for label in ("h1", "h5", "h4", "p0.reserve"):
            emptied = _crapette_without(state, label)
            seat = rules.opening_seat(emptied, seed=seed)  # no IndexError
            assert seat in (0, 1)
            top0, top1 = (zank.Card(state.pile(f"p{p}.reserve")[-1]).rank for p in (0, 1))
            if who_begins != "cut" and label != "p0.reserve" and top0 != top1:
                assert seat == decided  # the reserve tops decide; the empty house is not read


def test_crapette_setup_keeps_each_pack_on_its_own_side() -> None:
    """The issue's example: a card named elsewhere left a gap in a house, which setup
    filled from the other player's pack; the deal lays out each player's houses,
    reserve and hand pile from the own pack."""
    from zank.cards import DECK

    rules = zank.variant("crapette")
    specs = rules.layout(2)
    for seed in range(20):
        fresh = rules.new_game(seed=seed)
        moved = card_text(fresh.pile("h2")[-1])
        state = rules.setup({"p1.discard": moved}, seed=seed)
        for i, spec in enumerate(specs):
            owner: int | None
            if spec.kind == "house":
                owner = 0 if i < rules.pile_index(2, "h5") else 1
            elif spec.kind in ("reserve", "hand"):
                owner = spec.owner
            else:
                continue
            assert {DECK[c] for c in state.piles[i]} <= {owner}, (seed, spec.label)
