"""Fuzzing the edges a game server exposes (issue 18): nothing but a
:class:`~zank.errors.ZankError` may escape, and what is accepted is sound.

* mutated state documents to :func:`zank.loads`, mutated game records to
  :meth:`~zank.play.GameRecord.loads` and :func:`zank.replay` (moves replaced,
  swapped, dropped; results forged), and random text and bytes to both;
* random and mutated strings to ``parse_move``, ``parse_card`` and ``parse_cards``;
* random seat numbers, seeds, actions and foreign move objects to every public
  method of the rules object;

A document that :func:`zank.loads` accepts has passed ``validate``; it must
then also be playable: its legal moves, every seat's observation, a
determinized state and a JSON round trip work, and a legal move applies.

**Profiles.**  By default each test runs a quick number of examples (40, or
200 under the thorough ``HYPOTHESIS_PROFILE=full`` of ``nox -s full``).  The long profile runs
20,000 examples per test, 120,000 inputs in all (six tests)::

    ZANK_FUZZ=long pytest tests/test_fuzz.py -p no:cacheprovider --hypothesis-show-statistics

``ZANK_FUZZ=<n>`` runs ``n`` examples per test.
"""

from __future__ import annotations

import functools
import itertools
import json
import os
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import zank
import zank.render
from zank.agents import RandomAgent
from zank.cards import card_text, parse_card, parse_cards
from zank.core import MAX_STATE_INT, Move, Rules, State
from zank.play import GameRecord
from zank.random import Rng

_PROFILE = os.environ.get("ZANK_FUZZ", "")
EXAMPLES = (
    20_000
    if _PROFILE == "long"
    else int(_PROFILE)
    if _PROFILE.isdigit()
    else 200
    if os.environ.get("HYPOTHESIS_PROFILE") in ("full", "ci")
    else 40
)
fuzz = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# ------------------------------------------------------------------ the pool
def every_rules() -> list[Rules]:
    """Every variant with every preset and table preset."""
    out = []
    for name, cls in sorted(zank.VARIANTS.items()):
        for options in (*cls.presets, *getattr(cls, "table_presets", ())):
            out.append(zank.variant(name, **dict(options)))
    return out


RULES = every_rules()


@functools.cache
def states() -> list[State]:
    """A few states of every rules object and seat count: fresh, played a little,
    played a lot, and finished; made when a test first draws from them (not at
    collection: every worker of a parallel run collects this module)."""
    out = []
    for i, rules in enumerate(RULES):
        for players in sorted({rules.min_players, rules.max_players}):
            rng = Rng(i * 31 + players)
            state = rules.new_game(seed=i, players=players)
            out.append(state)
            plies = 0
            while state.outcome is None and plies < 3000:
                legal = rules.legal_moves(state)
                state = rules.apply(state, legal[rng.below(len(legal))])
                plies += 1
                if plies in (7, 60, 400):
                    out.append(state)
            if state.outcome is not None:
                out.append(state)
    return out


@functools.cache
def docs() -> list[dict[str, Any]]:
    """The pool's states as JSON documents."""
    return [json.loads(zank.dumps(s)) for s in states()]


@functools.cache
def records() -> list[dict[str, Any]]:
    """The pool of game records as documents, made when first drawn from."""
    out = []
    for i, rules in enumerate(RULES):
        for stop in (25, None):
            if stop is None and rules.name != "spite-and-malice":
                continue  # whole games of the family are long to replay
            options = dict(rules.options)
            if rules.name == "spite-and-malice":
                options["pay_off_size"] = 3
            small = zank.variant(rules.name, **options)
            record = zank.play(small, [RandomAgent(i), RandomAgent(i + 1)], seed=i, max_moves=stop)
            out.append(record.to_dict())
    return out


# ------------------------------------------------------------- strategies
SPECIAL_INTS = st.sampled_from(
    [0, 1, -1, 2, 3, 5, 12, 13, 52, 104, 2**31, 2**53, 2**53 - 1, 2**63, 2**64, 2**64 - 1]
)
HUGE_INTS = st.sampled_from([10**9, 10**30, -(10**30)])
CARD_TEXTS = st.sampled_from(sorted({card_text(c) for r in RULES[:1] for c in r.cards(2)}))
CARD_LIKE = st.one_of(
    CARD_TEXTS,
    st.sampled_from(["Xb", "Xr", "Ah:7", "Ah:8", "10d", "1h", "Zz", "", " ", "🃏", "A♥:1"]),
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    SPECIAL_INTS,
    HUGE_INTS,
    st.floats(allow_nan=False),
    st.text(max_size=20),
    CARD_LIKE,
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=12,
)


def paths(doc: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path to a value inside a JSON document."""
    yield prefix
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from paths(v, (*prefix, i))


def get(doc: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        doc = doc[k]
    return doc


@st.composite
def mutated(draw: Any, doc: Any) -> Any:
    """``doc`` (copied) with one to four mutations: blind ones at any place of the
    JSON tree, and ones that keep the document well-formed so that they reach the
    rules' own checks (a card moved between piles, a face-down count, a counter,
    whose turn, an outcome)."""
    doc = json.loads(json.dumps(doc))
    for _ in range(draw(st.integers(1, 4))):
        if isinstance(doc, dict) and isinstance(doc.get("piles"), dict) and draw(st.booleans()):
            well_formed(draw, doc)
        else:
            blind(draw, doc)
    return doc


def well_formed(draw: Any, doc: dict[str, Any]) -> None:
    piles: dict[str, Any] = doc["piles"]
    labels = sorted(piles)
    op = draw(st.sampled_from(["card", "card", "down", "counter", "to_move", "outcome", "ply"]))
    if op == "card" and labels:  # a card from one pile to another: conservation holds
        a, b = draw(st.sampled_from(labels)), draw(st.sampled_from(labels))
        if isinstance(piles[a], list) and piles[a] and isinstance(piles[b], list):
            card = piles[a].pop(draw(st.integers(0, len(piles[a]) - 1)))
            piles[b].insert(draw(st.integers(0, len(piles[b]))), card)
    elif op == "down" and labels and isinstance(doc.get("down"), dict):
        label = draw(st.sampled_from(labels))
        size = len(piles[label]) if isinstance(piles[label], list) else 0
        doc["down"][label] = draw(st.integers(0, size) | st.integers(-1, size + 1))
    elif op == "counter":
        info = doc.get("info")
        if isinstance(info, list) and info and draw(st.booleans()):
            i = draw(st.integers(0, len(info) - 1))
            info[i] = draw(st.integers(-2, 300) | SPECIAL_INTS | HUGE_INTS)
        elif isinstance(info, list):
            info.append(draw(st.integers(-2, 300)))
        else:
            doc["phase"] = draw(st.integers(-1, 5) | HUGE_INTS)
    elif op == "to_move":
        doc["to_move"] = draw(st.none() | st.integers(-1, 6))
    elif op == "outcome":
        players = doc["players"] if isinstance(doc.get("players"), int) else 2
        players = min(max(players, 0), 8)
        doc["to_move"] = None if draw(st.booleans()) else doc.get("to_move")
        doc["outcome"] = draw(
            st.none()
            | st.fixed_dictionaries(
                {
                    "winner": st.none() | st.integers(-1, players),
                    "points": st.lists(
                        st.integers(-2, 60) | HUGE_INTS, min_size=players, max_size=players
                    ),
                    "reason": st.sampled_from([t.value for t in zank.Termination]),
                }
            )
        )
    else:
        key = draw(st.sampled_from(["ply", "turn"]))
        value = doc.get(key)
        if isinstance(value, int):
            doc[key] = max(0, value + draw(st.integers(-5, 5) | HUGE_INTS))


def blind(draw: Any, doc: Any) -> None:
    every = list(paths(doc))
    if len(every) < 2:
        return
    path = draw(st.sampled_from(every[1:]))
    parent, key = get(doc, path[:-1]), path[-1]
    value = parent[key]
    op = draw(st.sampled_from(["replace", "delete", "insert", "nudge", "move", "card"]))
    if op == "replace":
        parent[key] = draw(json_values)
    elif op == "delete":
        del parent[key]
    elif op == "insert" and isinstance(value, list):
        value.insert(draw(st.integers(0, len(value))), draw(CARD_LIKE | json_values))
    elif op == "insert" and isinstance(value, dict):
        value[draw(st.text(max_size=10) | st.sampled_from(list(value) or ["x"]))] = draw(
            json_values
        )
    elif op == "nudge" and isinstance(value, int) and not isinstance(value, bool):
        parent[key] = value + draw(st.sampled_from([-1, 1, -2, 2, 13, -13, 2**64, 10**9]))
    elif op == "move":  # a value from one place into a list elsewhere
        target = get(doc, draw(st.sampled_from(every)))
        if isinstance(target, list) and target is not value:
            target.append(value)
            del parent[key]
    else:
        parent[key] = draw(CARD_LIKE)


def no_escape(call: Callable[[], Any]) -> Any:
    """Run ``call``: a ZankError is fine (returns None); anything else fails the test."""
    try:
        return call()
    except zank.ZankError:
        return None


def check_accepted(state: State) -> None:
    """An accepted state is valid and playable."""
    rules = state.rules
    rules.validate(state)
    assert zank.loads(zank.dumps(state)) == state
    legal = rules.legal_moves(state)
    assert bool(legal) == (state.outcome is None)
    for p in range(state.players):
        obs = rules.observe(state, p)
        sampled = rules.sample_state(obs, seed=p)
        assert rules.observe(sampled, p) == obs
    if legal:
        after = rules.apply(state, legal[len(legal) // 2])
        if after.ply <= MAX_STATE_INT:  # a state at the integer limit takes no more moves
            rules.validate(after)


# ---------------------------------------------------------- state documents
@fuzz
@given(st.data())
def test_mutated_state_documents(data: Any) -> None:
    doc = data.draw(st.sampled_from(docs()), label="document")
    text = json.dumps(data.draw(mutated(doc), label="mutated"))
    state = no_escape(lambda: zank.loads(text))
    if state is not None:
        check_accepted(state)


@fuzz
@given(
    st.one_of(
        st.text(max_size=300),
        st.binary(max_size=300),
        st.text(alphabet='[]{}",:0123456789ae \\', max_size=400),
        json_values.map(json.dumps),
    )
)
def test_random_text_to_the_loaders(text: str | bytes) -> None:
    state = no_escape(lambda: zank.loads(text))
    if state is not None:
        check_accepted(state)
    no_escape(lambda: GameRecord.loads(text))


# ---------------------------------------------------------------- records
@st.composite
def tampered_records(draw: Any) -> Any:
    doc = json.loads(json.dumps(draw(st.sampled_from(records()))))
    moves: list[Any] = doc["moves"]
    rules = zank.variant(doc["variant"], **doc["options"])
    texts = [m.text for m in rules.moves]
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["notation", "swap", "drop", "cut", "result", "doc"]))
        if op == "notation" and moves:
            moves[draw(st.integers(0, len(moves) - 1))] = draw(
                st.sampled_from(texts) | st.text(max_size=12)
            )
        elif op == "swap" and len(moves) > 1:
            i = draw(st.integers(0, len(moves) - 2))
            moves[i], moves[i + 1] = moves[i + 1], moves[i]
        elif op == "drop" and moves:
            del moves[draw(st.integers(0, len(moves) - 1))]
        elif op == "cut":
            del moves[draw(st.integers(0, len(moves))) :]
        elif op == "result":
            doc["result"] = draw(
                st.none()
                | st.fixed_dictionaries(
                    {
                        "winner": st.none() | st.integers(-1, 3),
                        "points": st.lists(st.integers(-5, 40) | SPECIAL_INTS, max_size=3),
                        "reason": st.sampled_from([t.value for t in zank.Termination] + ["x"]),
                    }
                )
                | json_values
            )
        else:
            doc = draw(mutated(doc))
    return doc


@fuzz
@given(tampered_records())
def test_tampered_records_to_replay(doc: Any) -> None:
    def replay() -> None:
        record = GameRecord.loads(json.dumps(doc))
        replayed = list(zank.replay(record))
        assert len(replayed) == len(record.moves) + 1
        if record.result is not None:
            assert replayed[-1].outcome == record.result

    no_escape(replay)


# --------------------------------------------------------------- notation
@st.composite
def move_texts(draw: Any, rules: Rules) -> str:
    base: str = draw(st.sampled_from([m.text for m in rules.moves]))
    op = draw(st.sampled_from(["keep", "insert", "delete", "case", "random", "pad"]))
    if op == "insert":
        i = draw(st.integers(0, len(base)))
        extra: str = draw(st.text(min_size=1, max_size=3))
        return base[:i] + extra + base[i:]
    if op == "delete" and base:
        i = draw(st.integers(0, len(base) - 1))
        return base[:i] + base[i + 1 :]
    if op == "case":
        return base.upper()
    if op == "random":
        text: str = draw(st.text(max_size=30))
        return text
    if op == "pad":
        blanks: int = draw(st.integers(0, 3))
        return " " * blanks + base + "\t\n"
    return base


@fuzz
@given(st.data())
def test_strings_to_parse_move(data: Any) -> None:
    state = data.draw(st.sampled_from(states()), label="state")
    rules = state.rules
    text = data.draw(move_texts(rules) | st.text(max_size=50), label="text")
    move = no_escape(lambda: rules.parse_move(state, text))
    if move is not None:
        assert move in rules.legal_moves(state)
        rules.apply(state, move)


@fuzz
@given(st.one_of(st.text(max_size=40), CARD_LIKE, st.lists(CARD_LIKE).map(" ".join), scalars))
def test_strings_to_parse_cards(text: Any) -> None:
    card = no_escape(lambda: parse_card(text))
    if card is not None:
        assert parse_card(card_text(card)) == card
    cards = no_escape(lambda: parse_cards(text))
    if cards is not None:
        assert parse_cards(" ".join(map(card_text, cards))) == cards


# ------------------------------------------------- junk to every public method
def junk_moves(rules: Rules) -> st.SearchStrategy[Any]:
    other = st.sampled_from([r for r in RULES if r != rules]).flatmap(
        lambda r: st.sampled_from(r.moves)
    )
    forged = st.builds(
        Move,
        action=st.integers(-3, len(rules.moves) + 3) | SPECIAL_INTS,
        kind=st.integers(-2, 30),
        source=st.integers(-2, 600),
        target=st.integers(-2, 600),
        text=st.text(max_size=10),
    )
    return st.one_of(other, forged, scalars, st.sampled_from(rules.moves))


def junk_numbers() -> st.SearchStrategy[Any]:
    return st.one_of(st.integers(-3, 8), SPECIAL_INTS, scalars)


@fuzz
@given(st.data())
def test_junk_to_every_public_method(data: Any) -> None:
    state = data.draw(st.sampled_from(states()), label="state")
    rules = state.rules
    junk = data.draw(junk_numbers(), label="junk number")
    move = data.draw(junk_moves(rules), label="junk move")
    other_state = data.draw(st.sampled_from(states()), label="another state")
    obs = rules.observe(state, 0)
    calls: list[Callable[[], Any]] = [
        lambda: rules.observe(state, junk),
        lambda: rules.new_game(seed=junk),
        lambda: rules.new_game(seed=0, players=junk),
        lambda: rules.layout(junk),
        lambda: rules.cards(junk),
        lambda: rules.info_size(junk),
        lambda: rules.sample_state(obs, seed=junk),
        lambda: rules.sample_state(attrs.evolve(obs, player=junk), seed=1),
        lambda: rules.decode(state, junk),
        lambda: rules.encode(move),
        lambda: rules.check(state, move),
        lambda: rules.is_legal(state, move),
        lambda: rules.apply(state, move),
        lambda: rules.touched_piles(state, move),
        lambda: rules.touched_piles(obs, move),
        lambda: rules.parse_move(state, move),
        lambda: rules.legal_moves(other_state),
        lambda: rules.observe(other_state, 0),
        lambda: rules.validate(other_state),
        lambda: rules.result(other_state),
        lambda: rules.piles(other_state),
        lambda: rules.action_mask(other_state),
        lambda: zank.variant(rules.name, **{data.draw(st.text(max_size=12)): junk}),
        lambda: zank.variant(
            rules.name, **{data.draw(st.sampled_from(list(rules.options) or ["x"])): junk}
        ),
        lambda: zank.render.text(state, perspective=junk),
    ]
    for call in calls:
        no_escape(call)


@pytest.mark.parametrize("seat", [-1, 2, 7, 2**64, True])
def test_observe_with_a_bad_seat_is_the_documented_error(seat: int) -> None:
    """A sample of the junk above, spelled out: the seat errors are OptionErrors."""
    rules = RULES[0]
    with pytest.raises(zank.OptionError):
        rules.observe(rules.new_game(seed=1), seat)


# ------------------------------------- the CLI's output for one seat (issue 36)
#: Every output option of ``zank show`` (``--svg`` writes its file besides the text).
#: ``--evaluate`` plays rollouts from that seat's view: cut off (scored by the
#: cards left) and to the end.
SHOW_OPTIONS = [
    (),
    ("--moves",),
    ("--json",),
    ("--as-position",),
    ("--svg",),
    ("--evaluate", "--samples", "4", "--depth", "40"),
    ("--evaluate", "--json", "--samples", "2"),
]


def _show_for_seat(rules: Rules, state: State, seat: int, option: tuple[str, ...]) -> str:
    """Everything ``zank show --position ... --seat SEAT OPTION`` writes: its exit
    status, standard output and error, and the SVG file."""
    import contextlib
    import io
    import tempfile

    from zank.cli import main

    out, err = io.StringIO(), io.StringIO()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "show.svg")
        args = ["show", rules.name, "--position", rules.position_text(state), "--seat", str(seat)]
        args += [*option, path] if option == ("--svg",) else [*option]
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(args)
        picture = ""
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                picture = f.read()
    return f"{status}\n{out.getvalue()}\n{err.getvalue()}\n{picture}"


def _seat_states(name: str) -> list[State]:
    """A few 2-player states of variant ``name`` (default options): dealt, and along
    a game."""
    default = zank.variant(name).options
    return [
        s
        for s in states()
        if s.rules.name == name and s.rules.options == default and s.players == 2 and s.ply < 500
    ][:3]


@pytest.mark.parametrize("name", sorted(zank.VARIANTS))
def test_show_for_a_seat_prints_nothing_that_seat_cannot_see(name: str) -> None:
    """For every variant, every output option of ``zank show`` and every seat: what
    ``--seat N`` prints is the same when the cards seat N cannot see are dealt
    again (another state with the same observation, another generator state), so
    it shows none of them."""
    redealt = 0
    for state in _seat_states(name):
        rules = state.rules
        for seat in range(state.players):
            other = rules.sample_state(rules.observe(state, seat), seed=seat + 7)
            assert rules.observe(other, seat) == rules.observe(state, seat)
            redealt += other.piles != state.piles
            for option in SHOW_OPTIONS:
                shown = _show_for_seat(rules, state, seat, option)
                assert "Traceback" not in shown
                assert shown == _show_for_seat(rules, other, seat, option), (seat, option)
    assert redealt  # the comparison had hidden cards to tell apart


# --------------------------------- face-down structure per pile kind (issue 36)
#: Pile kinds that lie wholly face up, by variant ("*": every variant).
FACE_UP = {
    "*": {"foundation", "discard", "turned", "aside", "build", "completed", "side"},
    "zank-104": {"second-talon", "house"},
    "zank": {"house"},
    "crapette": {"house"},
    "spite-and-malice": {"hand"},
}
#: Pile kinds that lie wholly face down (hand piles, stocks, talons).
FACE_DOWN = {
    "*": {"draw", "talon"},
    **{n: {"hand"} for n in zank.VARIANTS if n != "spite-and-malice"},
}
#: Pile kinds face down but for the top card, with cards packed on it face up,
#: each in suit and one up or down from the one below.
PACKED = {"reserve", "schikanier"}


def _structure_allowed(name: str, kind: str, pile: tuple[int, ...], down: int) -> bool:
    """Whether the rules of ``name`` can leave a pile of ``kind`` with ``down`` of
    its cards face down (the rules pages' face-down structure per pile kind)."""
    from zank.family.fits import fits_pack

    if kind in FACE_UP["*"] | FACE_UP.get(name, set()):
        return down == 0
    if kind in FACE_DOWN["*"] | FACE_DOWN.get(name, set()):
        return down == len(pile)
    if not pile:
        return down == 0
    if kind == "pay-off":
        return down == len(pile) - 1
    if kind in PACKED:
        face_up = pile[down:]
        return down < len(pile) and all(fits_pack(c, b) for b, c in itertools.pairwise(face_up))
    assert kind == "house", (name, kind)  # zank-detailed and schikanieren: dealt rows
    return down < len(pile) and (name != "schikanieren" or down <= 1)


def _structure_states() -> list[State]:
    """Two states per rules object and seat count: the deal and one 60 or more
    moves into the game."""
    seen: dict[tuple[Rules, int], list[State]] = {}
    for s in states():
        kept = seen.setdefault((s.rules, s.players), [])
        if not kept or (len(kept) == 1 and s.ply >= 60):
            kept.append(s)
    return [s for kept in seen.values() for s in kept]


@pytest.mark.parametrize("name", sorted(zank.VARIANTS))
def test_loads_accepts_only_the_face_down_structure_of_each_pile_kind(name: str) -> None:
    """For every variant (every preset and seat count) and every pile: a document
    whose face-down count of that pile is changed is accepted by :func:`zank.loads`
    only where the pile kind can lie so."""
    tried = 0
    for state in _structure_states():
        if state.rules.name != name:
            continue
        doc = json.loads(zank.dumps(state))
        specs = state.rules.layout(state.players)
        for spec, pile, down in zip(specs, state.piles, state.down, strict=True):
            assert _structure_allowed(name, spec.kind, pile, down), (spec.label, down)
            for d in sorted({0, 1, 2, len(pile) // 2, len(pile) - 1, len(pile)} - {down}):
                if not 0 <= d <= len(pile):
                    continue
                text = json.dumps({**doc, "down": {**doc["down"], spec.label: d}})
                accepted = no_escape(functools.partial(zank.loads, text))
                tried += 1
                if accepted is not None:
                    assert _structure_allowed(name, spec.kind, pile, d), (spec.label, d)
    assert tried
