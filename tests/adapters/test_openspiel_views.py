"""The OpenSpiel observers of issue 32: the public-only and all-players views through
OpenSpiel's own ``make_observation``, on every variant, checked against zank's own
``rules.observe``; the bounded information-state string and the knowledge tensor."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import zank
from zank.core import HIDDEN, Observation, Rules

from ..strategies import all_presets, player_counts, preset_id

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")
zos = pytest.importorskip("zank.adapters.openspiel")
observation = pytest.importorskip("open_spiel.python.observation")

CASES = [
    pytest.param(rules, players, id=f"{preset_id(rules)}-{players}p")
    for rules in all_presets()
    for players in player_counts(rules)
]
T = pyspiel.PrivateInfoType


def obs_type(private: Any, perfect_recall: bool = False) -> Any:
    return pyspiel.IIGObservationType(
        perfect_recall=perfect_recall, public_info=True, private_info=private
    )


def states(game: Any, seed: int) -> list[Any]:
    """States of one random game: after the deal, then every 15 moves (up to 90),
    and one waiting for chance in the middle of a move where the game has one."""
    rnd = random.Random(seed)
    state = game.new_initial_state()
    out: list[Any] = []
    moves = 0
    while not state.is_terminal() and moves <= 90:
        if state.is_chance_node():
            if state.zank_state is not None and len(out) < 8:
                out.append(state.clone())  # a move turning cards up
            state.apply_action(rnd.choice(state.chance_outcomes())[0])
            continue
        if moves % 15 == 0:
            out.append(state.clone())
        state.apply_action(rnd.choice(state.legal_actions()))
        moves += 1
    out.append(state)
    return out


def visible(obs: Observation) -> set[tuple[int, int]]:
    """The places ``(pile, index)`` where ``obs`` shows a card."""
    return {(i, j) for i, pile in enumerate(obs.piles) for j, c in enumerate(pile) if c != HIDDEN}


def with_zank_state(state: Any, zs: Any) -> Any:
    """A clone of ``state`` whose zank state is ``zs`` (the same history)."""
    other = state.clone()
    d = other._data
    if d.pending is not None:
        other._data = attrs.evolve(d, pending=attrs.evolve(d.pending, base=zs))
    else:
        other._data = attrs.evolve(d, zs=zs)
    return other


@pytest.mark.slow  # a seeded quarter of the cases (tests/conftest.py)
@pytest.mark.parametrize(("rules", "players"), CASES)
def test_public_and_all_players_views_through_make_observation(rules: Rules, players: int) -> None:
    game = zos.load_game(rules, players)
    public = observation.make_observation(game, obs_type(T.NONE))
    everyone = observation.make_observation(game, obs_type(T.ALL_PLAYERS))
    seat = observation.make_observation(game, obs_type(T.SINGLE_PLAYER))
    size = game.observation_tensor_size()
    assert public.tensor.shape == everyone.tensor.shape == (size,)
    for n, state in enumerate(states(game, 7)):
        zs = state.zank_state
        seats = [rules.observe(zs, q) for q in range(players)]
        for p in range(players):
            pub = state.view_of(p, "public")
            all_ = state.view_of(p, "all")
            # zank's own machinery: public = what every seat sees, all = what some seat sees
            assert visible(pub) == set.intersection(*(visible(o) for o in seats))
            assert visible(all_) == set.union(*(visible(o) for o in seats))
            for view in (pub, all_):
                for i, j in visible(view):
                    assert view.piles[i][j] == zs.piles[i][j]
            # no hand, no face-down card in the public view
            for i, spec in enumerate(game.context.specs):
                if spec.private:
                    assert all(c == HIDDEN for c in pub.piles[i])
                assert all(c == HIDDEN for c in pub.piles[i][: zs.down[i]])
                assert all(c == HIDDEN for c in all_.piles[i][: zs.down[i]])
            public.set_from(state, p)
            everyone.set_from(state, p)
            seat.set_from(state, p)
            assert np.array_equal(public.tensor, game.context.encoder.encode(pub))
            assert np.array_equal(everyone.tensor, game.context.encoder.encode(all_))
            assert np.array_equal(seat.tensor, np.asarray(state.observation_tensor(p)))
            assert seat.string_from(state, p) == state.observation_string(p)
            pub_text = public.string_from(state, p)
            all_text = everyone.string_from(state, p)
            # the hidden cards of each view dealt anew: the view does not change
            for view, obs, text, tensor in (
                ("public", public, pub_text, public.tensor.copy()),
                ("all", everyone, all_text, everyone.tensor.copy()),
            ):
                base = pub if view == "public" else all_
                other = with_zank_state(state, rules.sample_state(base, seed=n * 10 + p))
                assert other.view_of(p, view) == base
                obs.set_from(other, p)
                assert np.array_equal(obs.tensor, tensor)
                assert obs.string_from(other, p) == text
        if players == 2 and n == len(states(game, 7)) - 1:
            # every seat gets the same public cards
            assert state.view_of(0, "public").piles == state.view_of(1, "public").piles


def test_the_public_view_of_spite_and_malice_hides_both_hands() -> None:
    rules = zank.variant("spite-and-malice")
    game = zos.load_game(rules, 2)
    state = states(game, 3)[1]
    hands = [rules.pile_index(2, f"p{q}.hand") for q in range(2)]
    public = state.view_of(0, "public")
    everyone = state.view_of(0, "all")
    for i in hands:
        assert state.zank_state.piles[i]  # cards in the hand
        assert set(public.piles[i]) == {HIDDEN}
        assert everyone.piles[i] == state.zank_state.piles[i]
    assert "p1.hand" in state.view_text(0, "public")


@pytest.mark.parametrize("recall", [False, True])
def test_views_without_the_public_cards_raise(recall: bool) -> None:
    game = pyspiel.load_game("python_zank_zank")
    kind = pyspiel.IIGObservationType(
        perfect_recall=recall, public_info=False, private_info=T.SINGLE_PLAYER
    )
    with pytest.raises(zank.OptionError, match="zank"):
        observation.make_observation(game, kind)


def spite_game(seed: int, plies: int = 200) -> list[Any]:
    """The states at the decisions of a Spite and Malice game (pay-off piles of 30)
    that completes build piles when it can, so that it shuffles."""
    rules = zank.variant("spite-and-malice", pay_off_size=30)
    game = zos.load_game(rules, 2, max_game_length=plies)
    rnd = random.Random(seed)
    state = game.new_initial_state()
    out = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rnd.choice(state.chance_outcomes())[0])
            continue
        out.append(state.clone())
        legal = state.legal_actions()
        builds = [a for a in legal if "-b" in rules.moves[a].text]
        state.apply_action(rnd.choice(builds or legal))
    return out


@pytest.mark.parametrize(("private", "view"), [(T.NONE, "public"), (T.ALL_PLAYERS, "all")])
def test_the_perfect_recall_public_and_all_players_views(private: Any, view: str) -> None:
    """``perfect_recall=True`` with ``NONE`` or ``ALL_PLAYERS``: the view's string and
    the digest of its record, which is the same for every seat but for the seat
    line, differs at every decision of a game (perfect recall: no two decisions
    of one game share it), and, for the public view, is kept by every resample
    (what every seat knows is in every player's information set); the tensor is
    the view's observation vector."""
    states = spite_game(0)
    game = states[0].get_game()
    recall = observation.make_observation(game, obs_type(private, perfect_recall=True))
    plain = observation.make_observation(game, obs_type(private))
    strings = set()
    for n, state in enumerate(states):
        texts = [recall.string_from(state, p) for p in range(2)]
        lines = [t.splitlines() for t in texts]
        assert lines[0][2:] == lines[1][2:]  # "public view", then the seat line
        assert lines[0][1].startswith("seat 0 of 2")
        assert texts[0].startswith(plain.string_from(state, 0))
        strings.add(texts[0])
        recall.set_from(state, 0)
        plain.set_from(state, 0)
        assert np.array_equal(recall.tensor, plain.tensor)
        if view == "public" and n % 9 == 0:
            for p in range(2):
                other = state.resample_from_infostate(p, random.Random(n).random)
                for q in range(2):
                    assert recall.string_from(other, q) == recall.string_from(state, q)
                    assert other.information_record(q, view) == state.information_record(q, view)
    assert len(strings) == len(states)


def test_the_public_record_names_no_card_drawn_into_a_hand() -> None:
    """Spite and Malice: what the moves showed every seat is in the public record,
    what they showed one seat (a card drawn into its hand) only in that seat's and
    the all-players record; the queen that completes a build pile from a hand is
    shown to every seat as it is played."""
    states = spite_game(0)
    final = states[-1]
    steps = final._data.steps.steps()
    rules = final.get_game().rules
    drawn = queens = 0
    for step in steps:
        mine = set(step.shown[step.seat])
        others = set().union(*(step.shown[q] for q in range(2) if q != step.seat))
        assert set(step.public) <= mine | others
        assert set(step.public) <= set.intersection(
            *(set(step.shown[q]) | final.seen_by(q) for q in range(2))
        )
        private = mine - others - set(step.public)
        drawn += bool(private)
        for c in private:  # drawn into the mover's hand: nobody else is told
            assert zos.card_text(c) not in zos._entry(step, zos.PUBLIC)
            assert zos.card_text(c) in zos._entry(step, zos.ALL)
        if step.pool and step.text.startswith("q-b"):
            queens += 1
            assert step.public  # the queen, shown to all before the shuffle
    assert drawn
    assert queens
    assert rules.name == "spite-and-malice"


def test_an_unknown_view_is_refused() -> None:
    game = pyspiel.load_game("python_zank_zank")
    state = states(game, 1)[0]
    with pytest.raises(zank.OptionError, match="view must be"):
        state.view_of(0, "x" * 500)


@pytest.mark.parametrize(("rules", "players"), CASES)
def test_the_information_state_string_is_bounded(rules: Rules, players: int) -> None:
    """The string is the observation string and a 32-digit digest, however long the
    game; the digest is of the perfect-recall record, so two histories differ."""
    game = zos.load_game(rules, players)
    found = states(game, 5)
    for state in found:
        for p in range(players):
            info = state.information_state_string(p)
            assert info == f"{state.observation_string(p)}\nhistory {info[-32:]}"
    a, b = found[-2], found[-1]
    if not b.is_terminal() or b.zank_state.ply != a.zank_state.ply:
        assert a.information_state_string(0) != b.information_state_string(0)
    # the same record gives the same digest, on a state unpickled or loaded again
    text = pyspiel.serialize_game_and_state(game, found[-1])
    _, again = pyspiel.deserialize_game_and_state(text)
    for p in range(players):
        assert again.information_state_string(p) == found[-1].information_state_string(p)
        assert again.information_state_tensor(p) == found[-1].information_state_tensor(p)


def test_the_digest_tells_histories_apart_that_look_alike_now() -> None:
    """Two games whose current observations agree but whose records differ (a card
    moved there and back) get different information-state strings."""
    game = pyspiel.load_game("python_zank_zank")
    rnd = random.Random(1)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rnd.choice(state.chance_outcomes())[0])
    p = state.current_player()
    record = state.information_record(p)
    digest = state.information_state_string(p)[-32:]
    clone = state.clone()
    node = clone._data.steps
    fake = zos._Step(p, "x-y", tuple(() for _ in range(2)))
    clone._data = attrs.evolve(clone._data, steps=zos._Node(node, fake))
    assert clone.observation_string(p) == state.observation_string(p)
    assert clone.information_record(p) != record
    assert clone.information_state_string(p)[-32:] != digest


@pytest.mark.parametrize(("rules", "players"), CASES)
def test_the_information_state_tensor_knows_what_the_seat_saw(rules: Rules, players: int) -> None:
    game = zos.load_game(rules, players)
    knowledge = game.context.knowledge
    assert game.information_state_tensor_size() == knowledge.size
    obs = observation.make_observation(game, observation.INFO_STATE_OBS_TYPE)
    assert obs.dict["cards"].shape == (len(knowledge.cards), knowledge.block)
    for state in states(game, 9)[::2]:
        zs = state.zank_state
        for p in range(players):
            obs.set_from(state, p)
            assert np.array_equal(obs.tensor, np.asarray(state.information_state_tensor(p)))
            assert np.array_equal(obs.dict["observation"], np.asarray(state.observation_tensor(p)))
            cards = obs.dict["cards"]
            seen = state.seen_by(p)
            shown = rules.observe(zs, p)
            now = {c for pile in shown.piles for c in pile if c != HIDDEN}
            for k, c in enumerate(knowledge.cards):
                assert cards[k, 0] == (c in seen)
                assert cards[k, 1] == (c in now)
                if cards[k, 2]:
                    assert c in seen
                    assert c not in now
                if c not in seen:
                    assert not cards[k, 1:].any()  # nothing of a card never seen


def test_a_card_a_shuffle_sends_into_a_hand_is_not_remembered() -> None:
    """Spite and Malice: a completed build pile is shuffled into the draw pile, and a
    card of it may be drawn into the other hand by the same move or later. Player 0
    saw the card but cannot know where it went: its information-state tensor must
    not place it (a leak found while writing the tensor)."""
    rules = zank.variant("spite-and-malice", pay_off_size=30)
    game = zos.load_game(rules, 2)
    knowledge = game.context.knowledge
    start = game.context.encoder.size
    checked = 0
    for seed in range(30):
        rnd = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rnd.choice(state.chance_outcomes())[0])
                continue
            seen = state.seen_by(0)
            hand = [c for c in state.zank_state.pile("p1.hand") if c in seen]
            if hand:
                tensor = np.asarray(state.information_state_tensor(0))[start:]
                cards = tensor.reshape(len(knowledge.cards), knowledge.block)
                for c in hand:
                    assert not cards[knowledge.cards.index(c), 2:].any()
                    checked += 1
            legal = state.legal_actions()
            builds = [a for a in legal if "-b" in rules.moves[a].text]  # complete piles
            state.apply_action(rnd.choice(builds or legal))
        if checked >= 20:
            break
    assert checked >= 20
