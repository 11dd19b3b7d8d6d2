"""The manoeuvre search (``zank.family.manoeuvre``): ``distance``, which the
greedy policy reads, against a plain breadth-first search.

Written for the mutation campaign of ``manoeuvre`` (benchmarks/MUTATION.md,
"Fourth campaign"): the older tests compare ``reachable`` and the legal moves
with a breadth-first search, but not the number of moves ``distance`` answers.
"""

from __future__ import annotations

import pytest

from zank.cards import parse_card
from zank.family.classic import ClassicZank
from zank.family.classic_common import GOAL_EMPTY, GOAL_FREE, HIDDEN_CARD, I_REMOVED, Config
from zank.family.fits import house_tables
from zank.family.manoeuvre import edge_wants
from zank.random import Rng

from .positions import KINGS, play, texts
from .test_classic import RULES, pos, pos3, rules_with
from .test_schikanieren import RULES as SCHIKANIEREN
from .test_schikanieren import pos as schikanieren_pos


def _bfs_distance(
    rules: ClassicZank, config: Config, aim: tuple[int, int, int, bool], budget: int
) -> int:
    """The fewest single moves that meet the goal of ``aim``, by a plain
    breadth-first search over ``edge_steps``; ``budget + 1`` if more."""
    goal, target, limit, removal = aim

    def met(cfg: Config) -> bool:
        if goal == GOAL_EMPTY:
            return not cfg[target]
        return any(pile and pile[-1] == target for pile in cfg)

    search = rules.manoeuvres
    frontier = {config}
    seen = {config}
    for depth in range(budget + 1):
        if any(met(cfg) for cfg in frontier):
            return depth
        nxt = set()
        for cfg in frontier:
            for a, b in search.edge_steps(cfg, limit):
                new = search.step_config(cfg, a, b, removal)
                if new not in seen:
                    seen.add(new)
                    nxt.add(new)
        frontier = nxt
    return budget + 1


def _pile(text: str) -> bytes:
    """An edge pile of the search: cards bottom to top (``Kh:1``: the second pack's)."""
    return bytes(parse_card(t) for t in text.split())


def _serving_by_bfs(
    rules: ClassicZank, config: Config, aim: tuple[int, int, int, bool], left: int
) -> set[object]:
    """The steps after which the breadth-first search meets ``aim`` with the
    moves left (what ``serving_steps`` must return)."""
    search = rules.manoeuvres
    _, _, limit, removal = aim
    return {
        search._step_moves[a][b]
        for a, b in search.edge_steps(config, limit)
        if _bfs_distance(rules, search.step_config(config, a, b, removal), aim, left) <= left - 1
    }


@pytest.mark.parametrize("players", [2, 3])
def test_distance_is_the_fewest_moves(players: int) -> None:
    """For goals met already (0), near and out of reach, in positions of seeded
    random games, asked in a random order on one rules object."""
    rules = rules_with(manoeuvre_steps=6)
    rng = Rng(7 + players)
    seen = {0: 0, 1: 0, 2: 0, 7: 0}
    for seed in range(3):
        state = rules.new_game(seed=seed, players=players)
        for _ in range(200):
            if state.outcome is None:
                config = rules._config(state)
                limit = rules.gap_limit(state.players, state.turn)
                removal = players == 3 and not state.info[I_REMOVED]
                goals = [(GOAL_EMPTY, h) for h, pile in enumerate(config) if pile is not None]
                goals += [
                    (GOAL_FREE, x) for pile in config if pile for x in pile if x != HIDDEN_CARD
                ]
                for _try in range(2):
                    goal, target = goals[rng.below(len(goals))]
                    aim = (goal, target, limit, removal)
                    budget = 6
                    want = _bfs_distance(rules, config, aim, budget)
                    assert rules.manoeuvres.distance(config, aim, budget) == want, (config, aim)
                    seen[min(want, 2) if want <= budget else 7] += 1
                moves = rules.legal_moves(state)
                state = rules.apply(state, moves[rng.below(len(moves))])
    assert all(n >= 10 for n in seen.values()), seen


def test_the_gap_is_the_first_empty_edge_pile_in_play_before_or_after_the_removed_one() -> None:
    """Z-V3: the removed edge pile is no gap, an empty pile before it is."""
    piles = {
        "h1": "Kc",
        "h2": "",
        "h3": "Kh",
        "h4": "Ks",
        "h5": "",
        "h6": "Kd:1",
        "h7": "Kh:1",
        "h8": "Ks:1",
        "h9": "Jc",
        "p0.discard": "9h",
    }
    assert texts(RULES, pos3(piles, removed=5)) == ["d-h2", "draw"]
    assert texts(RULES, pos3({**piles, "h2": "Kd"}, removed=5)) == ["draw"]
    _, want = house_tables(False)
    edges = [(parse_card("Kc"),), (), (parse_card("Kh"),), ()]
    assert edge_wants(edges, want, removed=1)[1:] == (3, 2)
    assert edge_wants(edges, want, removed=3)[1:] == (1, 2)
    assert edge_wants(edges, want)[1:] == (1, 2)


def test_a_card_on_a_face_down_card_cannot_step_back_onto_it() -> None:
    """Z-10 in schikanieren: emptying h1 (8♥ onto 9♥) has moves to spare, but
    8♥:1 onto 9♥ does not serve it: it covers the only card 8♥ goes on, and it
    cannot step back onto the face-down card it leaves."""
    piles = {**KINGS, "h1": "8h", "h2": "9h", "h3": "5c 8h:1", "p0.discard": "2s"}
    state = schikanieren_pos(piles, down={"h3": 1})
    assert texts(SCHIKANIEREN, state) == ["empty h1"]
    state = play(SCHIKANIEREN, state, "empty h1")
    assert state.info[:3] == (GOAL_EMPTY, 0, 6)
    assert texts(SCHIKANIEREN, state) == ["h1-h2"]


def test_a_lone_card_cannot_step_back_into_a_gap_the_first_turn_limit_closes() -> None:
    """Z-10 with Z-18: six edge piles occupied in the first turn (a position
    ``setup`` accepts, though play keeps to four): 8♦ alone onto 9♣ does not
    serve emptying h1, because it covers the only card 8♥ goes on and no card
    may go onto an empty edge pile, so it cannot step back."""
    piles = {
        "h1": "8h",
        "h2": "9c",
        "h3": "8d",
        "h4": "Kc",
        "h5": "Kd",
        "h6": "Kh",
        "h7": "",
        "h8": "",
        "p0.discard": "2s",
    }
    state = pos(RULES, piles, turn=1)
    assert texts(RULES, state) == ["empty h1", "empty h3"]
    state = play(RULES, state, "empty h1")
    assert texts(RULES, state) == ["h1-h2"]


@pytest.mark.parametrize("players", [2, 3])
def test_the_serving_steps_are_those_after_which_the_goal_is_in_reach(players: int) -> None:
    """``serving_steps`` (Z-9, Z-10) against the breadth-first search: a step
    serves exactly when the goal can be met with the moves left after it, over
    the positions of seeded random games, with budgets from 1 to 6 (the
    shortcut for a card that can step back is taken only with moves to spare)."""
    rules = rules_with(manoeuvre_steps=6)
    search = rules.manoeuvres
    rng = Rng(11 + players)
    checked = 0
    for seed in range(3):
        state = rules.new_game(seed=seed, players=players)
        for _ in range(150):
            if state.outcome is not None:
                break
            config = rules._config(state)
            limit = rules.gap_limit(state.players, state.turn)
            removal = players == 3 and not state.info[I_REMOVED]
            goals = [(GOAL_EMPTY, h) for h, pile in enumerate(config) if pile]
            goals += [(GOAL_FREE, x) for pile in config if pile for x in pile if x != HIDDEN_CARD]
            goal, target = goals[rng.below(len(goals))] if goals else (GOAL_EMPTY, -1)
            aim = (goal, target, limit, removal)
            left = 1 + rng.below(6)
            if goals and 0 < _bfs_distance(rules, config, aim, left) <= left:
                want = _serving_by_bfs(rules, config, aim, left)
                assert set(search.serving_steps(config, aim, left)) == want, (config, aim, left)
                checked += 1
            moves_now = rules.legal_moves(state)
            state = rules.apply(state, moves_now[rng.below(len(moves_now))])
    assert checked >= 30


@pytest.mark.parametrize("first", [0, 3])
def test_a_face_down_card_the_search_uncovered_moves_nowhere_and_stops_nothing(
    first: int,
) -> None:
    """Schikanieren: in the search, a face-down edge card that a step uncovered
    stays unknown (HIDDEN_CARD): it has no step of its own, and the piles after
    it keep theirs."""
    c = parse_card
    config: list[bytes] = [bytes([c("Kd")])] * 8
    config[first] = bytes([HIDDEN_CARD])
    config[first + 1] = bytes([c("9h")])
    config[first + 2] = bytes([c("Kc"), c("8h")])
    search = SCHIKANIEREN.manoeuvres
    assert search.edge_steps(tuple(config), 8) == ((first + 2, first + 1),)


def test_emptying_a_pile_whose_takers_lie_deep_takes_its_fewest_moves() -> None:
    """``distance`` of a goal to empty h7 (four cards, Q♠ at the bottom) when
    the nearest card it goes on lies two cards deep: seven moves, as the
    breadth-first search finds (a position of a seeded random game; the
    lower bound that starts the search must not pass it)."""
    rules = rules_with(manoeuvre_steps=6)
    config = (
        b"",
        _pile("8s:1 7d"),
        _pile("Kh:1 Qc Jd"),
        _pile("Qh Jc Th 9c 8d:1 7c:1 6h:1 5s 4h"),
        b"",
        _pile("4s:1 3h"),
        _pile("Qs:1 Jh:1 Tc 9d"),
        _pile("7s"),
    )
    aim = (GOAL_EMPTY, 6, 99, False)
    assert _bfs_distance(rules, config, aim, 9) == 7
    assert rules.manoeuvres.distance(config, aim, 9) == 7
    assert rules.manoeuvres.reachable(config, aim, 7)
    assert not rules.manoeuvres.reachable(config, aim, 6)


def test_a_step_onto_one_of_two_equally_near_takers_serves_an_emptying() -> None:
    """Z-10, emptying h1 (Q♠ under J♥) with three moves left: J♥ onto Q♣ and Q♠
    onto a red king take two. Q♣ onto K♥ (or K♦) first also serves: J♥ follows it
    and Q♠ goes onto the other red king. The lower bound after that step must
    count the king left uncovered (two piles tie for the nearest taker), not
    the next one."""
    rules = rules_with(manoeuvre_steps=6)
    search = rules.manoeuvres
    config = tuple(_pile(t) for t in ("Qs Jh", "Kh", "Kd", "Qc", "Kc", "Ks", "Kc:1", "Ks:1"))
    aim = (GOAL_EMPTY, 0, 8, False)
    assert _bfs_distance(rules, config, aim, 6) == 2
    for left in (2, 3, 4):
        assert set(search.serving_steps(config, aim, left)) == _serving_by_bfs(
            rules, config, aim, left
        )
    assert sorted(m.text for m in search.serving_steps(config, aim, 3)) == [
        "h1-h4",
        "h4-h2",
        "h4-h3",
    ]


def test_a_lone_card_that_fits_two_piles_cannot_step_back_into_its_gap() -> None:
    """Z-10, emptying h3 (6♣ alone) with four moves left: 6♠ into the gap h4
    and 6♣ onto the 7♦ it uncovers take two. 5♥ (alone on h1) fits 6♠ and 6♣:
    after 5♥ onto 6♠ it cannot step back into the gap it left (Z-6: it fits 6♣),
    and the emptying takes four more moves (5♥ onto 6♣, 6♠ into h1, 5♥ onto
    6♠, 6♣ onto 7♦), one too many: that step does not serve. The shortcut for
    a lone card that steps back holds only for a card that fits one pile."""
    rules = rules_with(manoeuvre_steps=6)
    search = rules.manoeuvres
    config = tuple(_pile(t) for t in ("5h", "7d 6s", "6c", "", "Kc", "Ks", "Kh", "Kd"))
    aim = (GOAL_EMPTY, 2, 99, False)
    assert _bfs_distance(rules, config, aim, 6) == 2
    after = search.step_config(config, 0, 1, False)  # 5♥ onto 6♠
    assert _bfs_distance(rules, after, aim, 6) == 4
    for left in (3, 4, 5):
        assert set(search.serving_steps(config, aim, left)) == _serving_by_bfs(
            rules, config, aim, left
        )
    assert sorted(m.text for m in search.serving_steps(config, aim, 4)) == ["h1-h3", "h2-h4"]
    assert sorted(m.text for m in search.serving_steps(config, aim, 5)) == [
        "h1-h2",
        "h1-h3",
        "h2-h4",
    ]
