"""The OpenSpiel state's answers outside a running game and its refusals, message
by message (issue 38: mutants of ``zank/adapters/openspiel.py`` that the
adapter's whole-game tests let live)."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest

import zank
from zank.cards import card_text
from zank.core import HIDDEN

pyspiel = pytest.importorskip("pyspiel")
zos = pytest.importorskip("zank.adapters.openspiel")


def dealt(variant: str, seed: int) -> Any:
    game = zos.load_game(zank.variant(variant))
    state = game.new_initial_state()
    rnd = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(rnd.choice(state.chance_outcomes())[0])
    return state


@pytest.mark.parametrize("players", [2, 3])
def test_before_the_deal_nobody_has_won(players: int) -> None:
    state = zos.load_game(zank.variant("zank"), players).new_initial_state()
    assert state.returns() == [0.0] * players
    assert state.result() is None
    assert state.zank_state is None
    assert str(state) == "before the deal"


def test_a_card_the_deal_cannot_give_is_refused_by_name() -> None:
    state = zos.load_game(zank.variant("zank")).new_initial_state()
    first = state.chance_outcomes()[0][0]
    with pytest.raises(
        ValueError, match=r"^chance outcome 600 is not one of the deal's next cards$"
    ):
        state.apply_action(600)
    state.apply_action(first)
    # a card placed already (inside the shuffle)
    with pytest.raises(
        ValueError, match=rf"^chance outcome {first} is not one of the deal's next cards$"
    ):
        state.apply_action(first)


def test_a_lot_the_deal_cannot_give_is_refused_by_name() -> None:
    state = zos.load_game(zank.variant("zank")).new_initial_state()
    rnd = random.Random(5)
    while len(state.chance_outcomes()) != 2 or state.action_to_string(-1, 0) != "lot 0":
        state.apply_action(rnd.choice(state.chance_outcomes())[0])
    with pytest.raises(ValueError, match=r"^chance outcome 2 is not one of the deal's next lots$"):
        state.apply_action(2)
    state.apply_action(1)
    assert not state.is_chance_node()


def test_an_illegal_move_is_refused_by_name() -> None:
    state = dealt("zank", 3)
    rules = state.zank_state.rules
    illegal = next(a for a in range(rules.action_space) if a not in state.legal_actions())
    text = rules.moves[illegal].text
    with pytest.raises(ValueError, match=rf"^action {illegal} \({text}\) is not legal now$"):
        state.apply_action(illegal)


def test_a_card_that_cannot_lie_in_the_place_turned_up_is_refused_by_name() -> None:
    rules = zank.variant("spite-and-malice")
    state = dealt("spite-and-malice", 11)
    while not state.is_chance_node():
        discard = next(a for a in state.legal_actions() if rules.moves[a].kind == 1)
        state.apply_action(discard)
    outcomes = {c for c, _ in state.chance_outcomes()}
    bad = next(c for c in rules.cards(2) if c not in outcomes)
    name = zank.cards.card_text(bad)
    with pytest.raises(
        ValueError, match=rf"^chance outcome {bad} \({name}\) cannot be turned up here$"
    ):
        state.apply_action(bad)


def test_load_game_seats_two_players_unless_told() -> None:
    rules = zank.variant("zank")
    assert zos.load_game(rules).num_players() == 2
    assert zos.load_game(rules, 3).num_players() == 3
    assert zos.game_params(rules)["players"] == 2


def _shuffled_chance_nodes(seed: int) -> Iterator[tuple[Any, Any, list[int]]]:
    """Spite and Malice with pay-off piles of 30, played by random moves that
    complete build piles where they can (so that completed piles are shuffled
    into the draw pile): ``(game, state, outcomes)`` at each chance node, after
    which a random outcome is taken."""
    rules = zank.variant("spite-and-malice", pay_off_size=30)
    game = zos.load_game(rules, 2)
    rnd = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if not state.is_chance_node():
            legal = state.legal_actions()
            builds = [a for a in legal if "-b" in rules.moves[a].text]  # complete piles
            state.apply_action(rnd.choice(builds or legal))
            continue
        outcomes = [c for c, _ in state.chance_outcomes()]
        yield game, state, outcomes
        state.apply_action(rnd.choice(outcomes))


def test_a_card_a_shuffle_hid_keeps_to_its_pile_whatever_is_turned_up() -> None:
    """Spite and Malice: a completed build pile is shuffled into the draw pile, so
    its cards are known to lie there, in an unknown order (``mixed``). When a card
    of that pile is turned up, chance may give any unseen card (which may lie in
    a pay-off pile): the mixed card it replaces must stay in the draw pile, and
    so must every other mixed card."""
    checked = 0
    for game, state, outcomes in _shuffled_chance_nodes(0):
        ctx = game.context
        d = state._data
        p = d.pending
        if p is not None and p.target >= 0 and p.target in d.mixed:
            mixed = zank.cards.cards_text(sorted(d.mixed))
            assert f"hidden again by a shuffle: {mixed}" in str(state).splitlines()
            before = ctx.places(p.base)
            for c in outcomes:
                after = ctx.places(state._place(p, c).base)
                assert after[c] == before[p.target]
                assert all(after[m] == before[m] for m in d.mixed if m != c)
                checked += 1
        if checked >= 300:
            break
    assert checked >= 300


@pytest.mark.parametrize("players", [2, 3])
def test_the_game_info_bounds_the_returns(players: int) -> None:
    game = zos.load_game(zank.variant("zank"), players)
    assert game.min_utility() == -1.0
    assert game.max_utility() == 1.0
    assert game.utility_sum() == 0.0
    assert game.num_distinct_actions() == zank.variant("zank").action_space


def test_a_generator_state_out_of_range_is_refused_by_name() -> None:
    """A move that shuffles (Spite and Malice: a completed build pile goes into the
    draw pile) waits for chance to choose the generator state, 0 to 1023."""
    rules = zank.variant("spite-and-malice", pay_off_size=30)
    game = zos.load_game(rules, 2)
    rnd = random.Random(0)
    state = game.new_initial_state()
    while not (state.is_chance_node() and len(state.chance_outcomes()) == zos.SHUFFLE_SEEDS):
        assert not state.is_terminal()
        if state.is_chance_node():
            state.apply_action(rnd.choice(state.chance_outcomes())[0])
            continue
        legal = state.legal_actions()
        builds = [a for a in legal if "-b" in rules.moves[a].text]
        state.apply_action(rnd.choice(builds or legal))
    assert state.zank_state is not None
    assert state.chance_outcomes()[0] == (0, 1 / 1024)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 7) == "shuffle 7"
    # (OpenSpiel refuses -1, its invalid action, before the adapter sees it)
    for bad in (-2, 1024, 1025):
        with pytest.raises(
            ValueError, match=rf"^chance outcome {bad} is not a generator state 0\.\.1023$"
        ):
            state.clone().apply_action(bad)


def test_truncated_is_a_truth_value() -> None:
    game = zos.load_game(zank.variant("spite-and-malice"), max_game_length=3)
    state = game.new_initial_state()
    assert state.truncated is False
    rnd = random.Random(1)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rnd.choice(state.chance_outcomes())[0])
            if state.zank_state is None:  # inside the deal's shuffle, step by step
                assert state.truncated is False
        else:
            state.apply_action(rnd.choice(state.legal_actions()))
    assert state.zank_state.outcome is None
    assert state.truncated is True


@pytest.mark.parametrize("variant", ["spite-and-malice", "zank"])
def test_resampling_deals_the_unseen_cards_anew(variant: str) -> None:
    """resample_from_infostate keeps what seat 0 knows and moves what it does not:
    with the unseen cards of the deal, some sampler values give another state."""
    state = dealt(variant, 6)
    changed = 0
    for value in (0.1, 0.35, 0.6, 0.85):
        other = state.resample_from_infostate(0, lambda value=value: value)
        assert other.information_state_string(0) == state.information_state_string(0)
        assert other.observation_string(0) == state.observation_string(0)
        state.zank_state.rules.validate(other.zank_state)
        changed += other.zank_state != state.zank_state
    assert changed >= 3


@pytest.mark.parametrize("variant", ["spite-and-malice", "zank"])
def test_each_sampler_value_seeds_its_own_resample(variant: str) -> None:
    """The sampler's float seeds the permutation: other values, other deals of
    the unseen cards (not one permutation for every value below 1)."""
    state = dealt(variant, 6)
    values = (0.1, 0.35, 0.6, 0.85)
    others = {state.resample_from_infostate(0, lambda v=v: v).zank_state for v in values}
    assert len(others) >= 3
    again = state.resample_from_infostate(0, lambda: 0.35).zank_state
    assert again == state.resample_from_infostate(0, lambda: 0.35).zank_state


@pytest.mark.parametrize("player", [-1, 2])
def test_resampling_for_a_seat_out_of_range_is_refused_by_name(player: int) -> None:
    state = dealt("zank", 6)
    with pytest.raises(ValueError, match=r"^player_id must be a seat from 0 to 1$"):
        state.resample_from_infostate(player, lambda: 0.5)


def test_the_game_type_provides_both_strings_and_both_tensors() -> None:
    kind = zos.load_game(zank.variant("zank")).get_type()
    assert kind.provides_information_state_string is True
    assert kind.provides_information_state_tensor is True
    assert kind.provides_observation_string is True
    assert kind.provides_observation_tensor is True


def test_a_seats_own_view_is_not_headed_by_its_name() -> None:
    """Only the public and all-players views open with their name; a seat's
    observation string opens with the seat line."""
    state = dealt("zank", 3)
    for p in range(2):
        assert state.observation_string(p).startswith(f"seat {p} of 2; to move: ")
        assert state.view_text(p).startswith(f"seat {p} of 2; to move: ")
        assert state.view_text(p, "public").startswith(f"public view\nseat {p} of 2; ")
        assert state.view_text(p, "all").startswith(f"all view\nseat {p} of 2; ")


def test_a_state_pickled_before_the_deal_was_kept_knows_of_no_card_seen() -> None:
    """A pickle of an earlier version holds seven fields (no deal, finished
    shuffles or dealt state): restored, the state knows of no card its seats
    saw in the deal, nor of a place (both masks empty)."""
    np = pytest.importorskip("numpy")
    state = dealt("zank", 4)
    fields = state._data.__reduce__()[1]
    old = state.clone()
    old._data = zos._restore(*fields[:7])
    assert old._data.dealt is None
    ctx = old.get_game().context
    zs = old.zank_state
    for p in range(2):
        assert old.seen_by(p) == frozenset()
        assert state.seen_by(p)  # (the state itself knows its hand)
        want = np.zeros(ctx.knowledge.size, dtype=np.float32)
        ctx.knowledge.encode(zs, ctx.rules.observe(zs, p), 0, 0, want)
        assert np.array_equal(np.asarray(old.information_state_tensor(p), np.float32), want)


def test_a_seats_action_is_named_by_its_move_text() -> None:
    """Only the chance player's actions are named as the deal, a shuffle or a
    card turned up; a seat's are its moves' texts (even while a move waits for
    a card, and for a seat not to move)."""
    state = dealt("spite-and-malice", 2)
    rules = state.get_game().rules
    rnd = random.Random(2)
    named = 0
    while not state.is_terminal() and named < 60:
        if state.is_chance_node():
            for seat in range(2):
                assert state.action_to_string(seat, 0) == rules.moves[0].text
            state.apply_action(rnd.choice(state.chance_outcomes())[0])
            continue
        for action in state.legal_actions():
            for seat in range(2):
                assert state.action_to_string(seat, action) == rules.moves[action].text
            named += 1
        state.apply_action(rnd.choice(state.legal_actions()))
    assert named >= 60


def test_before_the_deal_the_vectors_are_zeros() -> None:
    np = pytest.importorskip("numpy")
    game = zos.load_game(zank.variant("zank"))
    state = game.new_initial_state()
    ctx = game.context
    for view in ("seat", "public", "all"):
        out = np.ones(ctx.encoder.size, dtype=np.float32)
        state.encode(1, out, view)
        assert not out.any()
    out = np.ones(ctx.knowledge.size, dtype=np.float32)
    state.encode_information(0, out)
    assert not out.any()


def played_out(variant: str, seed: int, **options: Any) -> Any:
    """A game of ``variant`` played to its end by random moves and chance."""
    state = zos.load_game(zank.variant(variant, **options)).new_initial_state()
    rnd = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rnd.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rnd.choice(state.legal_actions()))
    return state


def test_once_over_the_result_is_the_zank_outcome_and_nobody_is_to_move() -> None:
    conventions = pytest.importorskip("zank.adapters.conventions")
    state = played_out("spite-and-malice", 2, pay_off_size=1)
    outcome = state.zank_state.outcome
    assert outcome is not None
    assert state.result() == outcome
    assert state.returns() == conventions.seat_returns(outcome.winner, 2)
    assert str(state).startswith("to move: -; phase ")
    running = dealt("spite-and-malice", 2)
    seat = running.zank_state.to_move
    assert running.result() is None
    assert str(running).startswith(f"to move: {seat}; phase ")


def test_observers_take_no_parameters() -> None:
    game = zos.load_game(zank.variant("zank"))
    with pytest.raises(
        zank.OptionError, match=r"^zank observers take no parameters, not \{'depth': 2\}$"
    ):
        game.make_py_observer(None, {"depth": 2})
    assert game.make_py_observer(None, {}).tensor.size == game.context.encoder.size


def test_the_game_class_made_without_parameters_takes_the_defaults() -> None:
    """``ZankGame(params=None)``: the variant's fewest seats and the default length
    bound, as ``load_game`` gives."""
    rules = zank.variant("zank-detailed")
    loaded = zos.load_game(rules)
    game = type(loaded)()
    assert game.num_players() == 2
    assert game.max_game_length() == loaded.max_game_length()
    assert game.max_game_length() == pytest.importorskip(
        "zank.adapters.conventions"
    ).default_max_plies(rules, 2)


@pytest.mark.parametrize("view", ["public", "all"])
def test_the_record_of_a_view_starts_with_that_view_of_the_deal_as_seat_0_sees_it(
    view: str,
) -> None:
    state = dealt("spite-and-malice", 4)
    now = state.view_text(0, view).removeprefix(f"{view} view\n")
    assert now.startswith("seat 0 of 2; ")
    want = f"{view} view of the deal\n{now}\nmoves: "
    assert state.information_record(0, view) == want
    assert state.information_record(1, view) == want


def test_a_card_a_shuffle_hid_is_never_turned_up_in_another_pile() -> None:
    """Spite and Malice: the cards a shuffle sent into the draw pile (``mixed``)
    stay there: when a place of another pile (a pay-off pile's face-down card)
    is turned up, chance offers the unseen cards of the group only."""
    checked = 0
    for game, state, outcomes in _shuffled_chance_nodes(3):
        d = state._data
        p = d.pending
        if p is not None and p.target >= 0 and d.mixed and p.target not in d.mixed:
            places = game.context.places(p.base)
            if places[p.target] != places[next(iter(d.mixed))]:
                assert not d.mixed.intersection(outcomes)
                assert all(c not in d.seen for c in outcomes)
                checked += 1
        if checked >= 20:
            break
    assert checked >= 20


def test_a_finished_game_prints_its_result_last_and_a_running_one_none() -> None:
    state = played_out("spite-and-malice", 2, pay_off_size=1)
    outcome = state.zank_state.outcome
    assert outcome is not None
    assert str(state).splitlines()[-1] == f"result: {outcome}"
    running = dealt("spite-and-malice", 2)
    assert not [line for line in str(running).splitlines() if line.startswith("result")]


def test_a_three_player_state_pickled_before_the_deal_was_kept_knows_no_place() -> None:
    """As the two-player test above, with card 0 in the game: the black joker of
    three-player zank, face down in a hand pile (seed 0: p1's), whose place no
    seat knows (the tracked mask is empty, not bit 0)."""
    np = pytest.importorskip("numpy")
    game = zos.load_game(zank.variant("zank"), 3)
    state = game.new_initial_state()
    rnd = random.Random(0)
    while state.is_chance_node():
        state.apply_action(rnd.choice(state.chance_outcomes())[0])
    fields = state._data.__reduce__()[1]
    old = state.clone()
    old._data = zos._restore(*fields[:7])
    ctx = old.get_game().context
    zs = old.zank_state
    hand = ctx.rules.layout(3)[ctx.rules.seat_pile(1, "hand")].label
    assert hand == "p1.hand"
    assert 0 in zs.piles[ctx.rules.seat_pile(1, "hand")]
    for p in range(3):
        want = np.zeros(ctx.knowledge.size, dtype=np.float32)
        ctx.knowledge.encode(zs, ctx.rules.observe(zs, p), 0, 0, want)
        assert np.array_equal(np.asarray(old.information_state_tensor(p), np.float32), want)


def test_a_seats_observation_string_shows_its_cards_and_hides_the_others() -> None:
    state = dealt("zank", 0)
    rules = state.get_game().context.rules
    zs = state.zank_state
    obs = rules.observe(zs, 0)
    lines = state.observation_string(0).splitlines()
    assert lines[0] == (
        f"seat 0 of 2; to move: {zs.to_move}; phase 0; info {list(zs.info)}; ply 0; turn 1"
    )
    specs = rules.layout(2)
    assert len(lines) == 1 + len(specs)
    for i, spec in enumerate(specs):
        words = ["##" if c == HIDDEN else card_text(c) for c in obs.piles[i]]
        want = f"{spec.label} [{len(zs.piles[i])}/{zs.down[i]}]: " + " ".join(words)
        assert lines[1 + i] == want
    # both hand piles face down; the discards' tops shown
    assert sum(line.split(": ")[1].split().count("##") for line in lines[1:]) == 102
    assert lines[-1] == f"p1.discard [1/0]: {card_text(zs.piles[-1][0])}"


def test_observation_of_is_the_rules_observation_of_the_zank_state() -> None:
    state = dealt("zank", 1)
    rules = state.get_game().context.rules
    for p in range(2):
        assert state.observation_of(p) == rules.observe(state.zank_state, p)
    assert zos.load_game(rules).new_initial_state().observation_of(0) is None


def test_a_state_restored_inside_the_deal_deals_on_alike() -> None:
    """The deal's next chance node is not pickled: a restored state finds it again
    by replaying the deal's choices."""
    game = zos.load_game(zank.variant("zank"))
    state = game.new_initial_state()
    rnd = random.Random(0)
    for _ in range(5):
        state.apply_action(rnd.choice(state.chance_outcomes())[0])
    restored = pickle.loads(pickle.dumps(state))
    assert restored._data.node is None
    assert restored.chance_outcomes() == state.chance_outcomes()
    action = state.chance_outcomes()[0][0]
    assert restored.action_to_string(pyspiel.PlayerId.CHANCE, action) == state.action_to_string(
        pyspiel.PlayerId.CHANCE, action
    )
