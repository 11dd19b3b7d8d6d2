"""The OpenSpiel adapter's quicker paths (issue 32, fourth part) give what the
earlier code gave: each is compared here with that code, kept as a reference
(the shuffle of the deal, the card groups, the outcomes of a card turned up, the
cards a move shows, a permutation of face-down cards, the state with new piles,
and ``legal_actions``/``is_chance_node`` against OpenSpiel's C++ methods)."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator, Sequence
from itertools import repeat
from typing import Any

import attrs
import pytest

import zank
from zank.cards import DECK, MAX_CARD
from zank.core import State

pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")
zos = pytest.importorskip("zank.adapters.openspiel")
deal = pytest.importorskip("zank.adapters._deal")
rec = pytest.importorskip("zank.adapters._record")

MAX = deal.MAX_DEAL_OUTCOMES


# --------------------------------------------------------- the references
class OldShuffle:
    """The shuffle as it was: the whole list copied and sorted at every step."""

    def __init__(self, items: Sequence[int], i: int, left: tuple[tuple[int, int], ...], pack: int):
        self.items, self.i, self.left, self.pack = tuple(items), i, left, pack

    @staticmethod
    def begin(items: Sequence[int]) -> OldShuffle:
        left: dict[int, int] = {}
        for c in items:
            left[DECK[c]] = left.get(DECK[c], 0) + 1
        return OldShuffle(items, len(items) - 1, tuple(sorted(left.items())), -1)

    def node(self) -> tuple[str, list[tuple[int, float]]] | None:
        if self.i <= 0:
            return None
        n = self.i + 1
        if self.pack >= 0:
            k = dict(self.left)[self.pack]
            cards = sorted(c for c in self.items[:n] if DECK[c] == self.pack)
            return "card", list(zip(cards, repeat(1.0 / k, k), strict=True))
        if n > MAX and sum(1 for _, k in self.left if k) > 1:
            return "pack", [(d, k / n) for d, k in self.left if k]
        return "card", list(zip(sorted(self.items[:n]), repeat(1.0 / n, n), strict=True))

    def step(self, outcome: int) -> OldShuffle:
        n = self.i + 1
        if self.pack < 0 and n > MAX and sum(1 for _, k in self.left if k) > 1:
            count = dict(self.left).get(outcome, 0)
            if count > 1:
                return OldShuffle(self.items, self.i, self.left, outcome)
            if count < 1:
                raise ValueError("no card of this pack is left")
            outcome = next(c for c in self.items[:n] if DECK[c] == outcome)
        elif self.pack >= 0 and not (0 <= outcome < MAX_CARD and DECK[outcome] == self.pack):
            raise ValueError("not a card of the pack chosen")
        items = list(self.items)
        j = items.index(outcome, 0, n)
        items[self.i], items[j] = items[j], items[self.i]
        left = tuple((d, k - 1 if d == DECK[outcome] else k) for d, k in self.left)
        return OldShuffle(items, self.i - 1, left, -1)


def old_groups(ctx: Any) -> dict[int, int]:
    """The card groups as the context found them: a whole deal through its chance
    nodes, each outcome drawn by ``random.Random(0)``."""
    choices: tuple[int, ...] = ()
    done: tuple[Any, ...] = ()
    node = ctx.first_node()
    pick = random.Random(0)
    while isinstance(node, deal._Chance):
        choices, done, node = ctx.deal_step(choices, done, node, pick.choice(node.outcomes)[0])
    shuffled: list[tuple[int, ...]] = []
    ctx.deal(choices, shuffled, done)
    cards = ctx.rules.cards(ctx.players)
    parent = {c: c for c in cards}

    def root(c: int) -> int:
        while parent[c] != c:
            c = parent[c]
        return c

    for items in shuffled:
        members = [c for c in items if c in parent]
        for c in members[1:]:
            a, b = root(members[0]), root(c)
            parent[max(a, b)] = min(a, b)
    return {c: root(c) for c in cards}


def old_card_outcomes(state: Any) -> list[tuple[int, float]]:
    """The outcomes of a card turned up, as they were computed (from the places)."""
    d = state._data
    p = d.pending
    group = state._ctx.group
    places = state._ctx.places(p.base)
    pile = places[p.target]
    fixed = set(p.fixed)
    unseen = [c for c in places if c not in d.seen and c not in fixed]
    mixed = [c for c in d.mixed if places.get(c) == pile and c not in fixed]
    if not mixed:
        same = [c for c in unseen if group[c] == group[p.target]]
        return sorted((c, 1.0 / len(same)) for c in same)
    slots: dict[int, int] = {}
    left: dict[int, int] = {}
    for c in unseen:
        left[group[c]] = left.get(group[c], 0) + 1
        if places[c] == pile:
            slots[group[c]] = slots.get(group[c], 0) + 1
    size = len(mixed) + sum(slots.values())
    out = [(c, 1.0 / size) for c in mixed]
    out += [(c, slots[group[c]] / size / left[group[c]]) for c in unseen if group[c] in slots]
    out.sort()
    return out


def old_shown(ctx: Any, before: State, after: State) -> Any:
    """The cards a move shows, as they were computed (every seat's view of every
    changed pile)."""
    changed = [
        i
        for i, (x, y) in enumerate(zip(before.piles, after.piles, strict=True))
        if (x is not y and x != y) or before.down[i] != after.down[i]
    ]
    old = ctx.views(before, changed)
    new = ctx.views(after, changed)
    shown = tuple(tuple(sorted(n - o)) for n, o in zip(new, old, strict=True))
    if not any(shown):
        return shown, ()
    public = set.intersection(*new).intersection(c for s in shown for c in s)
    return shown, tuple(sorted(public))


def old_permute(state: State, moves: dict[int, int]) -> State:
    moves = {a: b for a, b in moves.items() if a != b}
    if not moves:
        return state
    piles = tuple(
        tuple(moves.get(c, c) for c in pile) if any(c in moves for c in pile) else pile
        for pile in state.piles
    )
    return attrs.evolve(state, piles=piles)


# --------------------------------------------------------------- the deal
def cards_of_packs(*counts: int) -> list[int]:
    return [d << 6 | k for d, n in enumerate(counts) for k in range(n)]


@pytest.mark.parametrize(
    "counts", [(52,), (52, 52), (54, 54, 20), (52, 52, 52, 1), (1, 52, 52, 52), (3,), (0,)]
)
def test_the_shuffle_steps_as_before(counts: tuple[int, ...]) -> None:
    items = cards_of_packs(*counts)
    random.Random(len(items)).shuffle(items)
    for seed in range(3):
        rnd = random.Random(seed)
        new, old = deal._Shuffle.begin(0, items), OldShuffle.begin(items)
        while True:
            assert new.node() == old.node()
            assert (new.items, new.i, new.left, new.pack) == (old.items, old.i, old.left, old.pack)
            node = old.node()
            if node is None:
                break
            outcome = rnd.choice(node[1])[0]
            new, old = new.step(outcome), old.step(outcome)


def test_a_shuffle_refuses_what_it_refused() -> None:
    items = cards_of_packs(52, 52, 30)
    new, old = deal._Shuffle.begin(0, items), OldShuffle.begin(items)
    for bad in (3, 7, -1):  # no such pack / pack id out of range
        with pytest.raises(ValueError, match="no card of this pack is left"):
            new.step(bad)
        with pytest.raises(ValueError, match="no card of this pack is left"):
            old.step(bad)
    new, old = new.step(1), old.step(1)  # pack 1 chosen
    for bad in (0, MAX_CARD, 200):
        with pytest.raises(ValueError, match="not a card of the pack chosen"):
            new.step(bad)
    new, old = new.step(70), old.step(70)
    small = cards_of_packs(5)
    new, old = deal._Shuffle.begin(0, small).step(4), OldShuffle.begin(small).step(4)
    with pytest.raises(ValueError, match="4 is not in list"):
        new.step(4)
    with pytest.raises(ValueError, match="4 is not in list"):
        old.step(4)


def test_a_node_of_a_shuffle_makes_its_outcomes_when_asked() -> None:
    sh = deal._Shuffle.begin(0, [5, 3, 9])
    node = deal._Chance("card", None, sh)
    first = node.fresh_outcomes()
    assert first == [(3, 1 / 3), (5, 1 / 3), (9, 1 / 3)]
    first.append((0, 0.0))  # a caller's copy
    assert node.fresh_outcomes() == node.outcomes == [(3, 1 / 3), (5, 1 / 3), (9, 1 / 3)]
    assert str(node) == "card"
    lot = deal._Chance("lot", [(0, 0.5), (1, 0.5)])
    copy = lot.fresh_outcomes()
    assert copy == lot.outcomes
    assert copy is not lot.outcomes


def variants_and_seats() -> Iterator[tuple[str, int]]:
    for name in sorted(zank.VARIANTS):
        cls = zank.VARIANTS[name]
        for players in sorted({cls.min_players, cls.max_players}):
            yield name, players


@pytest.mark.parametrize(("variant", "players"), list(variants_and_seats()))
def test_the_card_groups_are_those_of_a_deal_through_its_chance_nodes(
    variant: str, players: int
) -> None:
    ctx = deal._shared_context(variant, {}, players, 0)
    assert ctx.group == old_groups(ctx)
    assert ctx.members == {
        g: frozenset(c for c in ctx.group if ctx.group[c] == g) for g in set(ctx.group.values())
    }
    assert ctx.unsorted == tuple(i for i, s in enumerate(ctx.specs) if not s.sorted)


# ------------------------------------------------------ along random games
GAMES = [
    ("zank", 2, {}),
    ("zank-104", 2, {}),
    ("crapette", 2, {}),
    ("spite-and-malice", 3, {}),
    ("spite-and-malice", 2, {"pay_off_size": 30}),  # completed build piles: shuffles
]


def random_states(variant: str, players: int, extra: dict[str, Any], moves: int) -> Iterator[Any]:
    """Every state of one random game (seed 1) up to ``moves`` player moves; with
    options, one that plays onto build piles when it can (they complete, and
    shuffle into the draw pile)."""
    game = pyspiel.load_game(zos.game_name(variant), {"players": players, **extra})
    rnd = random.Random(1)
    state = game.new_initial_state()
    made = 0
    while not state.is_terminal() and made < moves:
        yield state
        if state.is_chance_node():
            state.apply_action(rnd.choice(state.chance_outcomes())[0])
        else:
            legal = state.legal_actions()
            texts = game.rules.moves
            builds = [a for a in legal if extra and "-b" in texts[a].text]
            state.apply_action(rnd.choice(builds or legal))
            made += 1
    yield state


@pytest.mark.parametrize(("variant", "players", "extra"), GAMES)
def test_along_a_game_every_quick_answer_is_the_earlier_one(
    variant: str, players: int, extra: dict[str, Any]
) -> None:
    cards_turned = mixed = 0
    previous = None
    for state in random_states(variant, players, extra, 200 if extra else 120):
        # OpenSpiel's own methods, through C++ (which asks the state's Python methods)
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for p in range(players + 1):
            assert state.legal_actions(p) == pyspiel.State.legal_actions(state, p)
        d = state._data
        if d.pending is not None and d.pending.target >= 0:
            cards_turned += 1
            mixed += bool(d.mixed)
            want = old_card_outcomes(state)
            assert state.chance_outcomes() == want
            cards = {c for c, _ in want}
            for c in range(-1, MAX_CARD + 1):  # what _apply_action accepts
                assert state._is_card_outcome(d.pending, c) == (c in cards)
            assert state.chance_outcomes() is not state.chance_outcomes()  # copies
        zs = state.zank_state
        if previous is not None and zs is not None and zs is not previous:
            got = state._ctx.shown(previous, zs)
            want = old_shown(state._ctx, previous, zs)
            assert got == want
            assert pickle.dumps(got) == pickle.dumps(want)  # the same objects shared
        previous = zs
    assert cards_turned
    if extra:
        assert mixed  # the mixed piles' outcomes were compared too


def test_a_pseudo_player_still_gets_openspiels_error() -> None:
    state = next(s for s in random_states("zank", 2, {}, 3) if not s.is_chance_node())
    with pytest.raises(pyspiel.SpielError, match="pseudo-player"):
        state.legal_actions(-1)
    with pytest.raises(pyspiel.SpielError, match="pseudo-player"):
        pyspiel.State.legal_actions(state, -1)
    assert state.legal_actions(1 - state.current_player()) == []
    state = pyspiel.load_game(zos.game_name("zank")).new_initial_state()
    assert state.legal_actions(-1) == pyspiel.State.legal_actions(state, -1)  # chance: outcomes
    assert state.legal_actions() == [a for a, _ in state.chance_outcomes()]


def test_a_state_with_new_piles_keeps_every_other_field() -> None:
    # _with_piles names the fields of _pack: every field of the state, in order
    assert [a.name for a in attrs.fields(State)] == [
        "rules",
        "players",
        "piles",
        "down",
        "to_move",
        "phase",
        "info",
        "rng",
        "ply",
        "turn",
        "outcome",
    ]
    rules = zank.variant("zank")
    state = rules.new_game(3)
    for _ in range(5):
        state = rules.apply(state, rules.legal_moves(state)[0])
    piles = tuple(reversed(state.piles))
    assert rec._with_piles(state, piles) == attrs.evolve(state, piles=piles)


def test_a_permutation_of_face_down_cards_as_before() -> None:
    rules = zank.variant("spite-and-malice")
    state = rules.new_game(4)
    draw = state.piles[0]
    for moves in (
        {draw[0]: draw[5], draw[5]: draw[0]},
        {draw[0]: draw[1], draw[1]: draw[2], draw[2]: draw[0]},
        {draw[3]: draw[3]},
        {},
    ):
        assert zos._permute(state, moves) == old_permute(state, moves)
    pay = rules.pile_index(2, "p1.pay")
    moves = {draw[0]: state.piles[pay][0], state.piles[pay][0]: draw[0]}
    got = zos._permute(state, moves)
    assert got == old_permute(state, moves)
    assert got.piles[1] is state.piles[1]  # untouched piles are kept


def test_the_seats_views_of_the_deal_are_made_when_first_needed() -> None:
    state = next(s for s in random_states("spite-and-malice", 2, {}, 1) if not s.is_chance_node())
    views = state._data.deal_views
    assert isinstance(views, rec._DealViews)
    assert views._views is None  # not made yet
    ctx = state._ctx
    want = tuple(zos._view_text(ctx, ctx.rules.observe(state._data.dealt, p)) for p in range(2))
    blob = pickle.dumps(state)
    assert views == want
    assert tuple(views) == want
    assert len(views) == 2
    assert views[1] == want[1]
    assert views == rec._DealViews(lambda: want)
    assert views != want[:1]
    assert repr(views) == repr(want)
    assert pickle.loads(pickle.dumps(state._data)).deal_views == want
    assert pickle.dumps(state) == blob  # the same bytes before and after they were made
    with pytest.raises(TypeError):
        hash(views)
