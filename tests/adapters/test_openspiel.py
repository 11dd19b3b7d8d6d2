"""The OpenSpiel games: OpenSpiel's own random simulation test, for every variant, and
the adapter's promises (chance, strings, tensors, serialization, length)."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import zank
from zank.core import HIDDEN, Rules

from ..strategies import all_presets, player_counts, preset_id

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")
zos = pytest.importorskip("zank.adapters.openspiel")

CASES = [
    pytest.param(rules, players, id=f"{preset_id(rules)}-{players}p")
    for rules in all_presets()
    for players in player_counts(rules)
]


def load(rules: Rules, players: int = 2, **params: Any) -> Any:
    game = zos.load_game(rules, players, **params)
    assert game.rules == rules
    return game


def deal(state: Any, rnd: random.Random) -> Any:
    """Play the deal's chance nodes with random outcomes, up to the first player's move."""
    while state.is_chance_node():
        state.apply_action(rnd.choice(state.chance_outcomes())[0])
    return state


def play_random(state: Any, rnd: random.Random, moves: int) -> Any:
    """Play up to ``moves`` player moves (and every chance node on the way)."""
    done = 0
    while not state.is_terminal() and (done < moves or state.is_chance_node()):
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            state.apply_action(rnd.choice(outcomes))
        else:
            state.apply_action(rnd.choice(state.legal_actions()))
            done += 1
    return state


# OpenSpiel's own check: every preset at the fewest seats, the default also at the most
SIM_CASES = [
    pytest.param(rules, players, id=f"{preset_id(rules)}-{players}p")
    for rules in all_presets()
    for players in player_counts(rules)
    if players == rules.min_players or rules == type(rules)()
]


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "players"), SIM_CASES)
def test_random_sim_test_with_serialization(rules: Rules, players: int) -> None:
    pyspiel.random_sim_test(load(rules, players), num_sims=1, serialize=True, verbose=False)


def test_every_variant_is_registered() -> None:
    names = {t.short_name for t in pyspiel.registered_games()}
    for variant in zank.VARIANTS:
        assert zos.game_name(variant) in names
        assert zos.register(variant) == zos.game_name(variant)  # idempotent


@pytest.mark.parametrize(("rules", "players"), CASES)
def test_legal_actions_sorted_and_exact(rules: Rules, players: int) -> None:
    game = load(rules, players)
    state = game.new_initial_state()
    rnd = random.Random(1)
    for _ in range(40):
        play_random(state, rnd, 1)
        if state.is_terminal():
            break
        zs = state.zank_state
        legal = state.legal_actions()
        assert legal == sorted(legal)
        assert legal == sorted(m.action for m in rules.legal_moves(zs))
        assert state.current_player() == zs.to_move


@pytest.mark.parametrize(("rules", "players"), CASES)
def test_unseen_cards_are_chosen_by_chance(rules: Rules, players: int) -> None:
    """Whenever a move turns up a card nobody has seen, chance chooses it among all
    such cards: the order in the state says nothing about what comes."""
    game = load(rules, players)
    group = game.context.group
    rnd = random.Random(7)
    state = deal(game.new_initial_state(), rnd)
    reveals = 0
    while not state.is_terminal() and reveals < 5:
        if state.is_chance_node() and state.action_to_string(-1, 0).startswith("shuffle"):
            state.apply_action(rnd.randrange(zos.SHUFFLE_SEEDS))
        elif state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            zs = state.zank_state
            seen: set[int] = set()
            for p in range(players):
                seen |= {c for pile in rules.observe(zs, p).piles for c in pile if c != HIDDEN}
            target = state._data.pending.target  # the unseen card whose place is turned up
            unseen = {c for c in set(rules.cards(players)) - seen if group[c] == group[target]}
            assert set(outcomes) <= unseen  # the unseen cards of the group the deal dealt it from
            assert len(outcomes) > 1 or len(unseen) == 1
            reveals += 1
            state.apply_action(rnd.choice(outcomes))
        else:
            state.apply_action(rnd.choice(state.legal_actions()))
    assert reveals or state.is_terminal()


def test_a_bot_cannot_read_the_draw_pile() -> None:
    """The card drawn is a chance outcome among all unseen cards, not the top of the
    draw pile in the state: reading the state tells a bot nothing about it."""
    rules = zank.variant("spite-and-malice")
    game = load(rules)
    state = deal(game.new_initial_state(), random.Random(5))
    # end turns at once until a player must draw: that draw is a chance node
    while not state.is_chance_node():
        discard = next(a for a in state.legal_actions() if rules.moves[a].kind == 1)
        state.apply_action(discard)
    draw = state.zank_state.pile("draw")
    outcomes = [a for a, _ in state.chance_outcomes()]
    assert set(draw) <= set(outcomes)  # every card of the draw pile can come, not only the top
    chosen = next(c for c in outcomes if c != draw[-1])
    state.apply_action(chosen)
    assert not state.is_chance_node()
    assert chosen in state.zank_state.pile(f"p{state.current_player()}.hand")


@pytest.mark.parametrize(("rules", "players"), CASES)
def test_strings_and_tensors_come_from_observe(rules: Rules, players: int) -> None:
    game = load(rules, players)
    encoder = zos.ObservationEncoder(rules, players)
    state = play_random(game.new_initial_state(), random.Random(3), 10)
    zs = state.zank_state
    assert game.observation_tensor_size() == encoder.size
    for p in range(players):
        obs = rules.observe(zs, p)
        tensor = np.asarray(state.observation_tensor(p), dtype=np.float32)
        assert np.array_equal(tensor, encoder.encode(obs))
        info_tensor = np.asarray(state.information_state_tensor(p), dtype=np.float32)
        assert np.array_equal(info_tensor[: encoder.size], tensor)  # the observation first
        text = state.observation_string(p)
        info = state.information_state_string(p)
        head, digest = info.rsplit("\nhistory ", 1)
        assert head == text
        assert len(digest) == 32
        assert int(digest, 16) >= 0
        # a state dealt anew behind the player's back gives the same string and tensor
        sampled = rules.sample_state(obs, seed=p)
        other = state.clone()
        other._data = attrs.evolve(other._data, zs=sampled)
        assert other.observation_string(p) == text
        assert np.array_equal(np.asarray(other.observation_tensor(p), dtype=np.float32), tensor)
    if players == 2:
        assert state.information_state_string(0) != state.information_state_string(1)


def test_serialization_round_trip_mid_reveal() -> None:
    rules = zank.variant("spite-and-malice")
    game = load(rules)
    state = deal(game.new_initial_state(), random.Random(11))
    while not state.is_chance_node():
        discard = next(a for a in state.legal_actions() if rules.moves[a].kind == 1)
        state.apply_action(discard)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert str(state2) == str(state)
    assert state2.history() == state.history()
    assert state2.chance_outcomes() == state.chance_outcomes()
    clone = state.clone()
    assert str(clone) == str(state)
    outcome = state.chance_outcomes()[0][0]
    clone.apply_action(outcome)
    assert str(clone) != str(state)  # the clone is independent


def test_max_game_length_ends_the_game_loudly() -> None:
    rules = zank.variant("spite-and-malice")
    game = load(rules, max_game_length=4)
    assert game.max_game_length() == 4
    state = play_random(game.new_initial_state(), random.Random(2), 100)
    assert state.is_terminal()
    zs = state.zank_state
    if zs.outcome is None:
        assert state.truncated
        assert zs.ply == 4
        assert state.returns() == [0.0, 0.0]
        assert "max_game_length=4" in str(state)
    default = load(rules)
    assert default.max_game_length() == zos.DEFAULT_MAX_GAME_LENGTH


def test_returns_sum_to_zero_with_more_seats() -> None:
    rules = zank.variant("spite-and-malice", pay_off_size=3)
    game = load(rules, 4)
    for seed in range(6):
        state = play_random(game.new_initial_state(), random.Random(seed), 10_000)
        assert state.is_terminal()
        returns = state.returns()
        assert sum(returns) == pytest.approx(0.0)
        result = state.result()
        if result is not None and result.winner is not None:
            assert returns[result.winner] == 1.0
            assert sorted(returns)[0] == pytest.approx(-1 / 3)


def test_mcts_bot_plays() -> None:
    mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
    rules = zank.variant("spite-and-malice", pay_off_size=3)
    game = load(rules)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2, 8, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = deal(game.new_initial_state(), random.Random(1))
    action = bot.step(state)
    assert action in state.legal_actions()


@pytest.mark.parametrize(("rules", "players"), CASES)
def test_quick_visibility_agrees_with_observe(rules: Rules, players: int) -> None:
    """The adapter tells who sees what without building observations; it must agree."""
    game = load(rules, players)
    ctx = game.context
    state = game.new_initial_state()
    rnd = random.Random(5)
    everything = range(len(ctx.specs))
    for _ in range(60):
        play_random(state, rnd, 1)
        zs = state.zank_state
        want = [
            {c for pile in rules.observe(zs, p).piles for c in pile if c != HIDDEN}
            for p in range(players)
        ]
        assert ctx.views(zs, everything) == want
        if state.is_terminal():
            break


def test_cards_a_shuffle_hides_are_dealt_by_chance_within_their_pile() -> None:
    """Spite and Malice shuffles each completed build pile into the draw pile.  The
    shuffle's generator state is a chance outcome, and the seen cards it hid are
    chosen by chance again when drawn: each with probability 1/(cards in the pile),
    while the unseen cards share the rest."""
    rules = zank.variant("spite-and-malice", pay_off_size=30)
    game = load(rules)
    rnd = random.Random(1)
    checked = 0
    for seed in range(40):
        state = deal(game.new_initial_state(), random.Random(seed))
        while not state.is_terminal() and checked < 3:
            if not state.is_chance_node():
                legal = state.legal_actions()
                plays = [a for a in legal if rules.moves[a].kind == 0]  # prefer the centre
                state.apply_action(rnd.choice(plays or legal))
                continue
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            if state.action_to_string(-1, outcomes[0][0]).startswith("shuffle"):
                assert len(outcomes) == zos.SHUFFLE_SEEDS
                state.apply_action(rnd.randrange(zos.SHUFFLE_SEEDS))
                continue
            data = state._data
            draw = set(state.zank_state.pile("draw"))
            mixed = data.mixed & draw
            if mixed and data.pending.target in draw:
                chances = dict(outcomes)
                unseen = {c for c in chances if c not in data.seen}
                size = len(mixed - set(data.pending.fixed)) + len(unseen & draw)
                for c in mixed - set(data.pending.fixed):
                    assert chances[c] == pytest.approx(1 / size)
                assert set(chances) <= mixed | unseen
                # choose a hidden-again card that does not lie in the place turned up
                choice = next(
                    (c for c in sorted(mixed) if c in chances and c != data.pending.target),
                    None,
                )
                if choice is not None:
                    state.apply_action(choice)
                    after = state._data
                    assert choice in (after.pending.fixed if after.pending else after.seen)
                    checked += 1
                    continue
            state.apply_action(rnd.choice([a for a, _ in outcomes]))
        if checked >= 3:
            break
    assert checked >= 3


# --------------------------------------------------------------- the deal (issue 18)
def deal_outcomes(state: Any, rnd: random.Random) -> list[tuple[str, int]]:
    """Deal with random outcomes; return (kind, outcome) per chance node of the deal."""
    out = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        action = rnd.choice(outcomes)[0]
        kind = state.action_to_string(-1, action)
        out.append(("card" if kind.startswith("deal ") and "pack" not in kind else kind, action))
        state.apply_action(action)
    return out


@pytest.mark.parametrize(("rules", "players"), CASES)
def test_the_deal_is_dealt_card_by_card(rules: Rules, players: int) -> None:
    """No chance node of the deal has more than 128 outcomes (the deal used to be one
    node of 65,536 seeds, each naming the whole deal), and each node is uniform over
    the cards still to place (a node choosing a pack weighs it by its cards left)."""
    state = load(rules, players).new_initial_state()
    rnd = random.Random(3)
    nodes = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert 2 <= len(outcomes) <= zos.MAX_DEAL_OUTCOMES
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        name = state.action_to_string(-1, outcomes[0][0])
        if not name.startswith("deal from pack"):  # a card or a lot: uniform
            assert all(p == pytest.approx(1 / len(outcomes)) for _, p in outcomes)
        state.apply_action(rnd.choice(outcomes)[0])
        nodes += 1
    assert nodes >= len(rules.cards(players)) // 2  # one node per card, not one per deal
    rules.validate(state.zank_state)


@pytest.mark.parametrize(("rules", "players"), CASES)
def test_an_information_state_fits_every_deal_of_the_unseen_cards(
    rules: Rules, players: int
) -> None:
    """The attack of issue 18: player 0 must not learn player 1's cards from its own
    view of the deal.  Exchange, in every outcome of a deal, a card that player 0 has
    not seen (in player 1's hand where the variant has private hands) with a card
    nobody has seen: the outcomes are a deal as likely as the first, player 0's
    information state is the same, and player 1 holds another card."""
    game = load(rules, players)
    rnd = random.Random(17)
    state = game.new_initial_state()
    outcomes = deal_outcomes(state, rnd)
    zs = state.zank_state
    views = [
        {c for pile in rules.observe(zs, p).piles for c in pile if c != HIDDEN}
        for p in range(players)
    ]
    nobody = set(rules.cards(players)) - set().union(*views)
    private = sorted(views[1] - views[0]) or sorted(nobody)
    pairs = [
        (a, b)
        for a in private
        for b in sorted(nobody)
        if a != b and a >> 6 == b >> 6  # one pack: cards the deal shuffles together
    ]
    assert pairs, "no two cards to exchange"
    a, b = pairs[0]
    swap = {a: b, b: a}
    again = game.new_initial_state()
    for kind, action in outcomes:
        again.apply_action(swap.get(action, action) if kind == "card" else action)
    assert not again.is_chance_node()
    assert again.information_state_string(0) == state.information_state_string(0)
    assert again.information_record(0) == state.information_record(0)
    assert again.information_state_tensor(0) == state.information_state_tensor(0)
    assert again.observation_string(0) == state.observation_string(0)
    assert np.array_equal(
        np.asarray(again.observation_tensor(0)), np.asarray(state.observation_tensor(0))
    )
    where = {c: i for i, pile in enumerate(zs.piles) for c in pile}
    after = {c: i for i, pile in enumerate(again.zank_state.piles) for c in pile}
    assert after[b] == where[a]
    assert after[a] == where[b]


@pytest.mark.parametrize(("rules", "players"), CASES)
def test_max_game_length_is_the_rules_bound_or_the_budget(rules: Rules, players: int) -> None:
    """The default is the bound the variant's end rules prove, else the adapter's
    budget; both finite; a random game (zank's own API) ends by its rules within it."""
    conventions = pytest.importorskip("zank.adapters.conventions")
    game = load(rules, players)
    bound = conventions.rules_max_plies(rules, players)
    length = game.max_game_length()
    assert length == (zos.DEFAULT_MAX_GAME_LENGTH if bound is None else bound)
    assert 0 < length <= conventions.MAX_BOUND
    rnd = random.Random(players)
    state = rules.new_game(seed=players, players=players)
    while state.outcome is None and state.ply < length:
        state = rules.apply(state, rnd.choice(rules.legal_moves(state)))
    assert state.outcome is not None  # ended by the rules, not by the bound
    assert state.ply <= length


def test_the_bounds_are_the_rules_own() -> None:
    # Rules.max_plies is the variant's; the adapters' conventions name no variant
    import inspect

    conventions = pytest.importorskip("zank.adapters.conventions")
    assert zank.variant("zank-detailed", no_progress_turns=40).max_plies(2) == 105 * 40 * 209 * 52
    assert zank.variant("zank-104", no_progress_turns=100_000).max_plies(2) == (
        201 * 100_000 * 421 * 105  # the rules' bound; the adapters drop it (> int32)
    )
    assert zank.variant("crapette", table_mode=True).max_plies(2) is None
    assert zank.variant("schikanieren").max_plies(2) is None
    source = inspect.getsource(conventions.rules_max_plies)
    assert not any(f'"{name}"' in source for name in zank.VARIANTS)


def test_the_rules_bounds() -> None:
    conventions = pytest.importorskip("zank.adapters.conventions")
    bound = conventions.rules_max_plies
    # ZD-19: (104 + 1) * no_progress_turns turns of at most (2 * 104 + 1) * 52 moves
    assert bound(zank.variant("zank-detailed", no_progress_turns=40), 2) == 105 * 40 * 209 * 52
    assert bound(zank.variant("crapette"), 2) == 105 * 200 * 209 * 52
    # Z104-18: 201 * no_progress_turns turns of at most (4 * 104 + 5) * 105 moves
    assert bound(zank.variant("zank-104"), 2) == 201 * 50 * 421 * 105
    assert bound(zank.variant("zank-104", no_progress_turns=100_000), 2) is None  # > int32
    assert bound(zank.variant("zank-detailed", table_mode=True), 2) is None
    assert bound(zank.variant("zank"), 3) is None
    assert bound(zank.variant("spite-and-malice"), 6) is None
    game = load(zank.variant("zank-104", no_progress_turns=100_000))
    assert game.max_game_length() == zos.DEFAULT_MAX_GAME_LENGTH

    @attrs.frozen
    class Own:
        name: str = "own"
        options: dict[str, int] = attrs.Factory(dict)

        def max_plies(self, players: int) -> int:
            return 10 * players

    assert bound(Own(), 3) == 30
