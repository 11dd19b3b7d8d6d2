"""The search agent's memory of the piles turned over (issue 33): it keeps the
order of a hand pile seen turned over from a face-up discard, reads only the
observations, forgets what does not add up, and starts afresh at a new game."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import attrs
import pytest

import zank
from zank.agents import GreedyAgent, SearchAgent
from zank.agents.memory import TurnoverMemory, turnover_pairs
from zank.core import HIDDEN, Move, Observation, Rules, State

Z104 = zank.variant("zank-104")


def greedy_game(rules: Rules, seed: int, limit: int = 2000) -> Iterator[State]:
    """The states of a game between greedy agents, each before its move."""
    state = rules.new_game(seed=seed)
    agents = [GreedyAgent(seed * 2 + p) for p in range(state.players)]
    for _ in range(limit):
        if state.outcome is None:
            yield state
        else:
            return
        p = state.to_move
        assert p is not None
        move = agents[p].choose(rules, rules.observe(state, p), rules.legal_moves(state))
        state = rules.apply(state, move)


def remembered(rules: Rules, seed: int, seat: int) -> Iterator[tuple[State, TurnoverMemory]]:
    """Each state of a greedy game at which ``seat`` moves, with the seat's
    memory fed every observation of the seat so far."""
    memory = TurnoverMemory()
    for state in greedy_game(rules, seed):
        if state.to_move == seat:
            memory.observe(rules, rules.observe(state, seat))
            yield state, memory


# ---------------------------------------------------------------- the hook
@pytest.mark.parametrize(
    ("name", "kinds"),
    [
        ("zank-104", (("talon", "second-talon"),)),
        ("zank-detailed", (("hand", "discard"),)),
        ("crapette", (("hand", "discard"),)),
        ("zank", (("hand", "discard"),)),
        ("schikanieren", (("hand", "discard"),)),
        ("spite-and-malice", ()),
    ],
)
def test_variants_declare_the_piles_refilled_by_a_turnover(
    name: str, kinds: tuple[tuple[str, str], ...]
) -> None:
    rules = zank.variant(name)
    assert rules.turnover_refills() == kinds
    layout = rules.layout(2)
    pairs = turnover_pairs(rules, 2)
    assert len(pairs) == 2 * len(kinds)
    for pile, source in pairs:
        assert (layout[pile].kind, layout[source].kind) in kinds
        assert layout[pile].owner == layout[source].owner is not None


# --------------------------------------------------- what it remembers is true
@pytest.mark.parametrize("name", ["zank-104", "zank-detailed", "zank"])
def test_the_remembered_order_is_the_true_order_and_worlds_keep_it(name: str) -> None:
    """In a greedy game, every pile the memory keeps is the true pile, and a
    world keeps it while showing the seat its observation."""
    rules = zank.variant(name)
    kept = 0
    for seat in (0, 1):
        for k, (state, memory) in enumerate(remembered(rules, 3, seat)):
            observation = rules.observe(state, seat)
            fixed = memory.consistent(rules, observation)
            for pile, cards in fixed.items():
                assert state.piles[pile] == cards
                assert set(observation.piles[pile]) <= {HIDDEN}
            kept += bool(fixed)
            if fixed and k % 5 == 0:
                world = memory.world(rules, observation, seed=k)
                assert rules.observe(world, seat) == observation
                rules.validate(world)
                for pile, cards in fixed.items():
                    assert world.piles[pile] == cards
    assert kept > 50, "no talon was ever remembered"


def test_a_turnover_in_zank_104_is_remembered_at_once() -> None:
    """The seat's own talon, turned over by its own ``turn``, is known from
    the next observation on, and so is the opponent's."""
    own = other = 0
    pairs = turnover_pairs(Z104, 2)
    for seat in (0, 1):
        previous: State | None = None
        for state, memory in remembered(Z104, 5, seat):
            for owner, (pile, _source) in enumerate(pairs):
                if previous is None or previous.piles[pile] or not state.piles[pile]:
                    continue
                # the talon was empty at the seat's last decision and is not now
                assert memory.known.get(pile) == state.piles[pile]
                if owner == seat:
                    own += 1
                else:
                    other += 1
            previous = state
    assert own
    assert other


def test_worlds_are_sampled_as_before_until_a_turnover() -> None:
    memory = TurnoverMemory()
    state = Z104.new_game(seed=2)
    observation = Z104.observe(state, 0)
    memory.observe(Z104, observation)
    assert memory.world(Z104, observation, seed=9) == Z104.sample_state(observation, seed=9)


# ---------------------------------------------------------------- fallback
def turnover_position(rules: Rules, seed: int, seat: int) -> tuple[State, State]:
    """Two states of a greedy game at which ``seat`` moves, the later one the
    first whose talon of the other seat was empty at the earlier and is not now."""
    pile, _ = turnover_pairs(rules, 2)[1 - seat]
    previous: State | None = None
    for state in greedy_game(rules, seed):
        if state.to_move != seat:
            continue
        if previous is not None and not previous.piles[pile] and state.piles[pile]:
            return previous, state
        previous = state
    raise AssertionError("no turnover of the other seat")


def test_a_card_packed_onto_the_second_talon_before_the_turnover_is_not_guessed() -> None:
    """The opponent turns its second talon over with a card on it that the seat
    did not see go there: the memory does not keep that talon."""
    seat = 0
    before, after = turnover_position(Z104, 7, seat)
    pile, _source = turnover_pairs(Z104, 2)[1 - seat]
    memory = TurnoverMemory()
    memory.observe(Z104, Z104.observe(before, seat))
    memory.observe(Z104, Z104.observe(after, seat))
    assert memory.known[pile] == after.piles[pile]  # as played: remembered
    # the same turnover, had the opponent packed a card X onto its second
    # talon before turning it over: X (taken from the top of a shared pile,
    # where the seat saw it) lies at the bottom of the talon, and one card more
    # was turned off its top (it shows in X's place)
    shared = next(
        i for i, spec in enumerate(Z104.layout(2)) if spec.owner is None and after.piles[i]
    )
    x = after.piles[shared][-1]
    talon = after.piles[pile]
    piles = list(after.piles)
    piles[pile] = (x, *talon[:-1])
    piles[shared] = (*after.piles[shared][:-1], talon[-1])
    assert sorted(c for p in piles for c in p) == sorted(c for p in after.piles for c in p)
    forged = attrs.evolve(after, piles=tuple(piles))
    memory = TurnoverMemory()
    memory.observe(Z104, Z104.observe(before, seat))
    observation = Z104.observe(forged, seat)
    memory.observe(Z104, observation)
    assert pile not in memory.known
    world = memory.world(Z104, observation, seed=4)
    assert Z104.observe(world, seat) == observation


def test_what_disagrees_with_the_observation_is_dealt_at_random() -> None:
    seat = 0
    _, state = turnover_position(Z104, 7, seat)
    pile, _ = turnover_pairs(Z104, 2)[1 - seat]
    observation = Z104.observe(state, seat)
    memory = TurnoverMemory()
    memory.observe(Z104, observation)
    visible = next(c for p in observation.piles for c in p if c != HIDDEN)
    n = len(observation.piles[pile])
    for wrong in (
        (visible, *state.piles[pile][1:]),  # a card visible elsewhere
        state.piles[pile][1:],  # one card too few
        (*state.piles[pile], visible),  # one too many
    ):
        memory.known = {pile: wrong}
        assert memory.consistent(Z104, observation) == {}
        assert memory.world(Z104, observation, seed=1) == Z104.sample_state(observation, seed=1)
    memory.known = {pile: state.piles[pile]}
    assert memory.consistent(Z104, observation) == {pile: state.piles[pile]}
    assert len(state.piles[pile]) == n


def test_a_card_that_goes_face_down_unexplained_clears_the_memory() -> None:
    seat = 0
    before, after = turnover_position(Z104, 7, seat)
    pile, _ = turnover_pairs(Z104, 2)[1 - seat]
    memory = TurnoverMemory()
    memory.observe(Z104, Z104.observe(before, seat))
    memory.observe(Z104, Z104.observe(after, seat))
    assert pile in memory.known
    # a later observation in which the cards of a shared pile lie face down
    # (no turnover does that)
    shared = next(
        i for i, spec in enumerate(Z104.layout(2)) if spec.owner is None and after.piles[i]
    )
    down = list(after.down)
    down[shared] = len(after.piles[shared])
    hidden = attrs.evolve(after, down=tuple(down), ply=after.ply + 1)
    memory.observe(Z104, Z104.observe(hidden, seat))
    assert memory.known == {}


# ------------------------------------------------------------ a new game
def known_memory(seat: int) -> tuple[State, TurnoverMemory]:
    """A zank-104 state at which ``seat`` moves and remembers a talon."""
    for state, memory in remembered(Z104, 7, seat):
        if memory.known:
            return state, memory
    raise AssertionError("no talon remembered")


def test_the_memory_starts_afresh_at_a_new_game() -> None:
    seat = 0
    state, memory = known_memory(seat)
    fresh = Z104.new_game(seed=8)  # a lower ply: a new game
    memory.observe(Z104, Z104.observe(fresh, seat))
    assert memory.known == {}
    # the same cards at a lower ply or turn (a move taken back, or a new game
    # that looks alike): nothing went face down, but the memory starts afresh
    for back in (attrs.evolve(state, ply=state.ply - 1), attrs.evolve(state, turn=state.turn - 1)):
        state, memory = known_memory(seat)
        memory.observe(Z104, Z104.observe(back, seat))
        assert memory.known == {}
    for rules, observation in (
        (zank.variant("zank-detailed"), None),  # other rules
        (Z104, Z104.observe(state, 1 - seat)),  # the other seat
    ):
        state, memory = known_memory(seat)
        if observation is None:
            observation = rules.observe(rules.new_game(seed=8), seat)
        memory.observe(rules, observation)
        assert memory.known == {}


class Recorder:
    """Wraps a search agent; keeps the memory's remembered piles at each decision."""

    def __init__(self, inner: SearchAgent) -> None:
        self.inner = inner
        self.kept = 0

    def choose(self, rules: Rules, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        move = self.inner.choose(rules, observation, legal_moves)
        self.kept += bool(self.inner._memory.consistent(rules, observation))
        return move


def test_one_agent_plays_game_after_game() -> None:
    """An agent that played a game remembers nothing of it in the next."""
    recorder = Recorder(SearchAgent(1, iterations=2, max_moves=2))
    zank.play(Z104, [recorder, GreedyAgent(2)], seed=11, max_moves=400)
    assert recorder.kept  # the first game turned a talon over
    agent = recorder.inner
    state = Z104.new_game(seed=12)
    observation = Z104.observe(state, 0)
    agent.choose(Z104, observation, Z104.legal_moves(state))
    assert agent._memory.known == {}
    assert agent._world(Z104, observation, 3) == Z104.sample_state(observation, seed=3)


# --------------------------------------------------------- the search agent
def test_the_hard_level_keeps_the_memory_in_its_worlds() -> None:
    """The level's worlds (the family's settings) hold the remembered talons."""
    agent = SearchAgent.level("hard", seed=3)
    assert agent._without_goal is not None
    assert agent._without_goal.memory
    seat = 1
    worlds = 0
    for state, memory in remembered(Z104, 9, seat):
        observation = Z104.observe(state, seat)
        fixed = memory.consistent(Z104, observation)
        if not fixed:
            continue
        inner = SearchAgent(3, iterations=2, max_moves=2)
        inner._memory = memory
        world = inner._world(Z104, observation, 17)
        assert Z104.observe(world, seat) == observation
        for pile, cards in fixed.items():
            assert world.piles[pile] == cards == state.piles[pile]
        worlds += 1
        if worlds > 5:
            break
    assert worlds


def test_the_hard_level_shows_its_memory_every_observation() -> None:
    """Single legal moves included: a turnover is often the only move."""
    agent = SearchAgent.level("hard", seed=3)
    inner = agent._without_goal
    assert inner is not None
    for state in greedy_game(Z104, 4, limit=400):
        legal = Z104.legal_moves(state)
        if state.to_move == 0 and len(legal) == 1:
            observation = Z104.observe(state, 0)
            assert agent.choose(Z104, observation, legal) == legal[0]
            assert inner._memory._last is observation
            return
    raise AssertionError("no single legal move")


def test_memory_off_samples_every_world() -> None:
    _, state = turnover_position(Z104, 7, 0)
    observation = Z104.observe(state, 0)
    agent = SearchAgent(3, memory=False)
    agent._memory.known = {0: (1, 2, 3)}  # never read
    assert agent._world(Z104, observation, 5) == Z104.sample_state(observation, seed=5)


def test_the_same_seed_plays_the_same_game_with_memory() -> None:
    def game(seed: int) -> tuple[str, ...]:
        agent = SearchAgent(seed, iterations=4, max_moves=4)
        return zank.play(Z104, [agent, GreedyAgent(9)], seed=21, max_moves=500).moves

    assert game(4) == game(4)


def test_memory_changes_the_play_once_a_talon_is_known() -> None:
    """With and without memory the agent plays alike until a talon is turned
    over, and not always alike after (its worlds differ)."""

    def game(memory: bool) -> tuple[str, ...]:
        agent = SearchAgent(4, iterations=8, max_moves=4, memory=memory)
        return zank.play(Z104, [agent, GreedyAgent(9)], seed=21, max_moves=600).moves

    with_memory, without = game(True), game(False)
    assert with_memory != without
    first = next(i for i, (a, b) in enumerate(zip(with_memory, without, strict=False)) if a != b)
    state = Z104.new_game(seed=21)
    memory = TurnoverMemory()
    for text in with_memory[:first]:
        if state.to_move == 0:
            memory.observe(Z104, Z104.observe(state, 0))
        state = Z104.apply(state, Z104.parse_move_text(text))
    assert state.to_move == 0
    memory.observe(Z104, Z104.observe(state, 0))
    assert memory.consistent(Z104, Z104.observe(state, 0))  # a talon known by then


@pytest.mark.parametrize("seed", [31, 32])
def test_the_move_depends_on_the_observations_only(seed: int) -> None:
    """Fed the same observations, two agents with the same seed choose alike,
    whatever the hidden cards of the last state are (dealt anew, keeping every
    card the seat has seen)."""
    seat = 0
    history: list[tuple[Observation, tuple[Move, ...]]] = []
    last: State | None = None
    for state, memory in remembered(Z104, seed, seat):
        legal = tuple(Z104.legal_moves(state))
        history.append((Z104.observe(state, seat), legal))
        if memory.known and len(legal) > 1 and len(history) > 40:
            last = state
            break
    assert last is not None
    observation, legal = history[-1]
    other = Z104.sample_state(observation, seed=3)
    assert other.piles != last.piles
    assert Z104.observe(other, seat) == observation

    def decide(final: Observation) -> Move:
        agent = SearchAgent(6, iterations=4, max_moves=4)
        for obs, _moves in history[:-1]:
            agent._memory.observe(Z104, obs)
        return agent.choose(Z104, final, legal)

    assert decide(observation) == decide(Z104.observe(other, seat))
