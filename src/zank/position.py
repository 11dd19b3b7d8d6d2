"""Position text, the family's FEN: one line of text for any state, and a builder.

:meth:`Rules.position_text <zank.core.Rules.position_text>` writes a state as
one line; :meth:`Rules.parse_position <zank.core.Rules.parse_position>` reads
it back; :meth:`Rules.setup <zank.core.Rules.setup>` builds a hand-made
position from a few named piles.  The reference page
``docs/reference/positions.md`` gives the grammar and an example per variant.

>>> import zank
>>> rules = zank.variant("spite-and-malice")
>>> state = rules.setup({"build1": "Ad 2s 3h 4c", "p0.pay": "Qs 9d 6h",
...                      "p0.hand": "5s Kd 2c 3d Jc", "p0.side1": "8d"}, seed=1)
>>> text = rules.position_text(state)
>>> print(text[text.index("build1"):text.index(" p1.pay")])
build1[Ad 2s 3h 4c] p0.pay[Qs 9d | 6h] p0.hand[2c Jc 3d Kd 5s] p0.side1[8d]
>>> print(text[text.index(" to="):])
 to=0 rng=0x4d45c8a1860b5e1d
>>> rules.parse_position(text) == state
True

The grammar, tokens separated by spaces::

    position := variant "/" players { pile } { field }
    pile     := label "[" [ cards ] [ "|" [ cards ] ] "]"
    field    := name "=" value

A pile lists its cards bottom to top in the notation of :mod:`zank.cards`;
the cards before ``|`` lie face down (``draw[Ah 2h |]``: both face down;
``pay[9d | 6h]``: the 9 face down under the face-up 6; no ``|``: all face
up).  Empty piles are left out.  The fields, each left out when it has its
default: ``to`` (the seat to move), ``phase`` (0), the variant's counters by
the names of :meth:`~zank.core.Rules.info_of` (0 each), ``tail`` (the
integers of ``info`` after the named counters: table mode's tail), ``info``
(all of ``info`` as plain integers, for a variant whose counters have no
names), ``ply`` (0), ``turn`` (1), ``rng`` (the generator state, in hex;
written only while the variant can still draw from it, i.e. while
:meth:`~zank.core.Rules.rng_matters`; 0 when left out) and, for a finished
game, ``end`` (the :class:`~zank.core.Termination`, spaces as ``-``),
``winner`` (none: a draw) and ``points``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import attrs

from zank._values import MAX_STATE_INT, PileSpec, Result, State, Termination, _seed
from zank.cards import DECK, card_text, parse_card
from zank.errors import InvalidState, NotationError, OptionError, quote
from zank.random import Rng, fresh_seed
from zank.registry import VARIANTS

if TYPE_CHECKING:
    from zank.core import Rules

__all__ = [
    "MAX_POSITION_LENGTH",
    "REST",
    "counter_names",
    "parse_position",
    "position_text",
    "setup",
]

MAX_POSITION_LENGTH = 100_000
"""The longest position text that :meth:`~zank.core.Rules.parse_position`
reads (the largest game writes under 1,000 characters)."""

REST = "..."
"""Written first in a pile of :meth:`~zank.core.Rules.setup`: the cards that no
pile names go to the bottom of this pile."""

_FIELDS = ("to", "phase", "tail", "info", "ply", "turn", "rng", "end", "winner", "points")
_END = {t.value.replace(" ", "-"): t for t in Termination}
_HEADER = re.compile(r"([A-Za-z0-9][A-Za-z0-9_.-]*)/([0-9]{1,4})\Z")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_LABEL = re.compile(r"[^\s\[\]|=]+\Z")
_INT = re.compile(r"-?[0-9]{1,20}\Z")
_HEX = re.compile(r"0x[0-9a-fA-F]{1,16}\Z")
_WORDS = re.compile(r"[^\s\[\]]+|\[[^\]]*\]?|\]")


# ------------------------------------------------------------------- counters
@lru_cache(maxsize=64)
def _counter_names(rules: Rules, players: int) -> tuple[str, ...] | None:
    names = getattr(rules.info_of(rules.new_game(seed=0, players=players)), "_fields", None)
    if not isinstance(names, tuple) or not all(
        isinstance(n, str) and _NAME.match(n) and n not in _FIELDS for n in names
    ):
        return None
    return names


def counter_names(rules: Rules, players: int = 2) -> tuple[str, ...]:
    """The names of the variant's counters, the first integers of
    :attr:`State.info <zank.core.State.info>`, as :meth:`~zank.core.Rules.info_of`
    names them (``()`` when it names none)."""
    return _counter_names(rules, players) or ()


# ---------------------------------------------------------------------- write
def _pile_text(label: str, cards: tuple[int, ...], down: int) -> str:
    words = [card_text(c) for c in cards]
    if down:
        words.insert(down, "|")
    return f"{label}[{' '.join(words)}]"


def _ints(values: tuple[int, ...]) -> str:
    return ",".join(map(str, values))


def position_text(rules: Rules, state: State) -> str:
    """The position text of ``state`` (see the module docs)."""
    rules._check_own(state)
    specs = rules.layout(state.players)
    out = [f"{rules.name}/{state.players}"]
    for spec, cards, down in zip(specs, state.piles, state.down, strict=True):
        if cards:
            out.append(_pile_text(spec.label, cards, down))
    if state.to_move is not None:
        out.append(f"to={state.to_move}")
    if state.phase:
        out.append(f"phase={state.phase}")
    info = state.info
    names = _counter_names(rules, state.players)
    k = len(names) if names is not None else -1
    if names is not None and len(info) >= k and tuple(rules.info_of(state)) == info[:k]:
        out += [f"{n}={v}" for n, v in zip(names, info, strict=False) if v]
        if len(info) > k:
            out.append(f"tail={_ints(info[k:])}")
    elif info or names:
        out.append(f"info={_ints(info)}")
    if state.ply:
        out.append(f"ply={state.ply}")
    if state.turn != 1:
        out.append(f"turn={state.turn}")
    if state.rng and rules.rng_matters(state):
        out.append(f"rng={state.rng:#x}")
    if state.outcome is not None:
        outcome = state.outcome
        out.append(f"end={outcome.reason.value.replace(' ', '-')}")
        if outcome.winner is not None:
            out.append(f"winner={outcome.winner}")
        out.append(f"points={_ints(outcome.points)}")
    return " ".join(out)


# ----------------------------------------------------------------------- read
def _error(offset: int, what: str) -> NotationError:
    return NotationError(f"position text, character {offset}: {what}")


def _words(text: str, start: int, end: int) -> Iterator[tuple[int, str]]:
    """The words of ``text[start:end]`` split at spaces and ``|``, with offsets."""
    for m in re.finditer(r"\||[^\s|]+", text[start:end]):
        yield start + m.start(), m.group()


def _int_value(offset: int, name: str, value: str) -> int:
    if not _INT.match(value):
        raise _error(offset, f"{name} must be an integer, not {quote(value)}")
    return int(value)


def _int_list(offset: int, name: str, value: str) -> tuple[int, ...]:
    if value == "":
        return ()
    return tuple(_int_value(offset, name, v) for v in value.split(","))


def _parse_pile(text: str, offset: int, word: str) -> tuple[str, list[int], int]:
    """``label[cards | cards]`` at ``offset`` → label, cards, face-down count."""
    bracket = word.index("[")
    label = word[:bracket]
    if not _LABEL.match(label):
        raise _error(offset, f"{quote(label)} is not a pile label")
    if not word.endswith("]"):
        raise _error(offset + len(word), f"pile {quote(label, 30)} has no closing ']'")
    cards: list[int] = []
    down = 0
    bars = 0
    for at, card in _words(text, offset + bracket + 1, offset + len(word) - 1):
        if card == "|":
            bars += 1
            if bars > 1:
                raise _error(at, f"pile {quote(label, 30)} has a second '|'")
            down = len(cards)
            continue
        try:
            cards.append(parse_card(card))
        except NotationError:
            raise _error(
                at,
                f"{quote(card, 30)} is not a card (e.g. 'Ah', 'Td', 'Qs:1', 'Xr')",
            ) from None
    return label, cards, down


def parse_position(rules: Rules, text: str) -> State:
    """The state of a position text (see the module docs).

    Raises:
        NotationError: the text is not position text; the message gives the
            character offset.
        InvalidState: it is, but not a valid state of ``rules``: a position
            of another registered variant, or one that fails the checks of
            :func:`zank.loads`.
    """
    if not isinstance(text, str):
        raise NotationError(f"position text must be a str, not {type(text).__name__}")
    if len(text) > MAX_POSITION_LENGTH:
        raise NotationError(
            f"position text is longer than {MAX_POSITION_LENGTH:,} characters ({len(text):,})"
        )
    for i, ch in enumerate(text):
        if ch in "\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029":
            raise _error(i, "position text is one line")
    words = [(m.start(), m.group()) for m in _WORDS.finditer(text)]
    # a label and its bracket belong together: "p0.pay[9d | 6h]" is one word
    merged: list[tuple[int, str]] = []
    for at, word in words:
        if word.startswith("[") and merged and merged[-1][0] + len(merged[-1][1]) == at:
            prev_at, prev = merged.pop()
            merged.append((prev_at, prev + word))
        else:
            merged.append((at, word))
    if not merged:
        raise _error(0, f"empty position text; it begins with '{rules.name}/2'")
    at, header = merged[0]
    m = _HEADER.match(header)
    if m is None:
        raise _error(
            at, f"expected 'variant/players' such as '{rules.name}/2', not {quote(header)}"
        )
    if m[1] != rules.name:
        if m[1] not in VARIANTS:
            raise _error(at, f"no variant {quote(m[1], 40)}; this text begins '{rules.name}/'")
        raise InvalidState(f"a position of {quote(m[1], 40)}, not of {rules.name}")
    players = int(m[2])
    try:
        specs = rules.layout(players)
    except OptionError as e:
        raise InvalidState(str(e)) from None
    index = {s.label: i for i, s in enumerate(specs)}
    piles: list[tuple[int, ...]] = [()] * len(specs)
    down = [0] * len(specs)
    seen_piles: set[str] = set()
    fields: dict[str, tuple[int, str]] = {}
    for at, word in merged[1:]:
        if "[" in word:
            if fields:
                raise _error(at, "the piles come before the fields (name=value)")
            label, cards, d = _parse_pile(text, at, word)
            if label not in index:
                raise _error(
                    at,
                    f"no pile {quote(label, 30)} in {rules.name}; the piles are "
                    + quote(" ".join(index), 60),
                )
            if label in seen_piles:
                raise _error(at, f"pile {label} is given twice")
            seen_piles.add(label)
            i = index[label]
            piles[i] = tuple(sorted(cards)) if specs[i].sorted else tuple(cards)
            down[i] = d
            continue
        name, eq, value = word.partition("=")
        if not eq or not name:
            raise _error(at, f"expected label[cards] or name=value, not {quote(word, 40)}")
        if name in fields:
            raise _error(at, f"field {quote(name, 30)} is given twice")
        fields[name] = (at, value)
    return _build(rules, players, tuple(piles), tuple(down), fields)


def _build(
    rules: Rules,
    players: int,
    piles: tuple[tuple[int, ...], ...],
    down: tuple[int, ...],
    fields: dict[str, tuple[int, str]],
) -> State:
    names = _counter_names(rules, players) or ()
    counters = {n: fields.pop(n) for n in names if n in fields}
    unknown = [(at, n) for n, (at, _) in fields.items() if n not in _FIELDS]
    if unknown:
        at, n = unknown[0]
        known = ", ".join((*_FIELDS, *names))
        raise _error(at, f"unknown field {quote(n, 30)}; the fields are: {known}")

    def get_int(name: str, default: int) -> int:
        if name not in fields:
            return default
        at, value = fields[name]
        return _int_value(at, name, value)

    if "info" in fields:
        if counters or "tail" in fields:
            at = fields["info"][0]
            raise _error(at, "'info' gives every integer: no counters or 'tail' beside it")
        at, value = fields["info"]
        info = _int_list(at, "info", value)
    else:
        info_list = [0] * len(names)
        for j, n in enumerate(names):
            if n in counters:
                at, value = counters[n]
                info_list[j] = _int_value(at, n, value)
        if "tail" in fields:
            at, value = fields["tail"]
            info_list += _int_list(at, "tail", value)
        info = tuple(info_list)
    rng = 0
    if "rng" in fields:
        at, value = fields["rng"]
        if not _HEX.match(value):
            raise _error(at, f"rng must be a hex number such as 0x1f, not {quote(value, 40)}")
        rng = int(value, 16)
    outcome = None
    if "end" in fields:
        at, end = fields["end"]
        if end not in _END:
            raise _error(at, f"end must be one of {', '.join(_END)}, not {quote(end, 40)}")
        winner = get_int("winner", -1)
        points: tuple[int, ...] = ()
        if "points" in fields:
            at, value = fields["points"]
            points = _int_list(at, "points", value)
        outcome = Result(winner if "winner" in fields else None, points, _END[end])
    elif "winner" in fields or "points" in fields:
        at = fields.get("winner", fields.get("points", (0, "")))[0]
        raise _error(at, "'winner' and 'points' belong to a finished game: give 'end' too")
    to_move: int | None = get_int("to", -1) if "to" in fields else None
    if to_move is None and outcome is None:
        raise InvalidState("a running game needs a player to move: give 'to=SEAT'")
    state = State(
        rules=rules,
        players=players,
        piles=piles,
        down=down,
        to_move=to_move,
        phase=get_int("phase", 0),
        info=info,
        rng=rng,
        ply=get_int("ply", 0),
        turn=get_int("turn", 1),
        outcome=outcome,
    )
    rules.validate(state)
    return state


# ---------------------------------------------------------------------- setup
def _down_like(fresh_len: int, fresh_down: int, n: int) -> int:
    """The face-down count of a pile of ``n`` cards laid like one of
    ``fresh_len`` cards with ``fresh_down`` face down in a fresh deal: as many
    face up as there (a pile dealt face up stays face up)."""
    if fresh_down == 0:
        return 0
    return max(0, n - (fresh_len - fresh_down))


def _deal_rest(
    rules: Rules, fresh: State, stock: list[int], pool: list[int], out: list[list[int]]
) -> None:
    """Deal the cards left over, ``pool``, to the piles ``stock``: by owner
    where each of them held only its owner's pack in the fresh deal, else
    in turn, each up to its size in the fresh deal first."""
    specs = rules.layout(fresh.players)
    owned = rules.owned_decks and all(
        specs[i].owner is not None and all(DECK[c] == specs[i].owner for c in fresh.piles[i])
        for i in stock
    )
    mine: dict[int | None, list[int]] = {}
    if owned:
        for i in stock:
            mine.setdefault(specs[i].owner, []).append(i)
    room = {i: len(fresh.piles[i]) for i in stock}
    for turn, c in enumerate(pool):
        choice = mine.get(DECK[c], stock) if owned else stock
        roomy = [i for i in choice if room[i] > 0] or choice
        i = roomy[turn % len(roomy)]
        out[i].append(c)
        room[i] -= 1


def _named_piles(
    rules: Rules,
    piles: Mapping[str, str],
    index: Mapping[str, int],
    available: Counter[int],
) -> tuple[dict[int, list[int]], list[int]]:
    """The cards of the named piles by pile index, taken from ``available``, and
    the piles that begin with the rest marker."""
    named: dict[int, list[int]] = {}
    rest: list[int] = []
    for label, text in piles.items():
        if not isinstance(text, str):
            raise OptionError(
                f"pile {label}: cards are written as text, e.g. 'Ah 2h', not {quote(text)}"
            )
        words = text.replace(",", " ").split()
        i = index[label]
        if words[:1] == [REST]:
            rest.append(i)
            words = words[1:]
        cards = []
        for word in words:
            try:
                c = parse_card(word)
            except NotationError as e:
                raise NotationError(f"pile {label}: {e}") from None
            if not available[c]:
                raise InvalidState(
                    f"pile {label}: {card_text(c)} is named twice or is no card of this game"
                )
            available[c] -= 1
            cards.append(c)
        named[i] = cards
    return named, rest


def _fill(rules: Rules, pool: list[int], gone: int) -> int:
    """The card left over that takes the place of ``gone`` (named elsewhere),
    taken from ``pool``: the last one, or where each player has a deck of their
    own the last one of ``gone``'s deck if any is left, as the deal laid out
    each player's piles from the own pack."""
    if rules.owned_decks:
        for k in range(len(pool) - 1, -1, -1):
            if DECK[pool[k]] == DECK[gone]:
                return pool.pop(k)
    return pool.pop()


def _deal_unnamed(
    fresh: State, named: Mapping[int, list[int]], stock: list[int], available: Counter[int]
) -> dict[int, list[int | None]]:
    """The piles nobody named, as the fresh deal dealt them: each card named
    elsewhere is a gap (``None``) to fill from the cards left over."""
    dealt: dict[int, list[int | None]] = {}
    for i, fresh_cards in enumerate(fresh.piles):
        if i in named or i in stock:
            continue
        kept: list[int | None] = []
        for card in fresh_cards:
            if available[card]:
                available[card] -= 1
                kept.append(card)
            else:
                kept.append(None)
        dealt[i] = kept
    return dealt


def _setup_info(
    rules: Rules, fresh: State, players: int, counters: Mapping[str, int]
) -> tuple[int, ...]:
    """The fresh deal's ``info`` with the given counters set by name."""
    info = list(fresh.info)
    names = counter_names(rules, players)
    for name, value in counters.items():
        if name not in names:
            raise OptionError(
                f"{rules.name} has no counter {quote(name, 30)}; its counters are: "
                + (", ".join(names) or "none")
            )
        if not isinstance(value, int) or isinstance(value, bool):
            raise OptionError(f"counter {name} must be an int, not {quote(value)}")
        info[names.index(name)] = value
    return tuple(info)


def _setup_downs(
    specs: Sequence[PileSpec],
    fresh: State,
    out: list[list[int]],
    dealt: Mapping[int, object],
    down: Mapping[str, int],
) -> list[int]:
    """Face-down counts: as given, else as the fresh deal has them (sorting the
    piles kept in card order on the way)."""
    down_out = []
    for i, spec in enumerate(specs):
        if spec.sorted:
            out[i].sort()
        n = len(out[i])
        if spec.label in down:
            down_out.append(down[spec.label])
        elif i in dealt and n == len(fresh.piles[i]):
            down_out.append(fresh.down[i])
        else:
            down_out.append(_down_like(len(fresh.piles[i]), fresh.down[i], n))
    return down_out


def _check_numbers(turn: int, ply: int | None) -> None:
    for name, number in (("turn", turn), ("ply", ply)):
        if number is not None and (
            not isinstance(number, int)
            or isinstance(number, bool)
            or not 0 <= number <= MAX_STATE_INT
        ):
            raise OptionError(f"{name} must be an int from 0 to 2**53 - 1, not {quote(number)}")


def setup(
    rules: Rules,
    piles: Mapping[str, str] | None,
    *,
    players: int,
    to_move: int | None,
    down: Mapping[str, int] | None,
    seed: int | None,
    turn: int,
    ply: int | None,
    counters: Mapping[str, int],
) -> State:
    """A hand-made position; see :meth:`zank.core.Rules.setup` (which gives
    every argument its default)."""
    rules._check_players(players)
    seed = fresh_seed() if seed is None else _seed(seed)
    fresh = rules.new_game(seed=seed, players=players)
    specs = rules.layout(players)
    index = {s.label: i for i, s in enumerate(specs)}
    piles = {} if piles is None else piles
    down = {} if down is None else down
    if not isinstance(piles, Mapping) or not isinstance(down, Mapping):
        raise OptionError("piles and down must be mappings keyed by pile label")
    for label in (*piles, *down):
        if label not in index:
            raise OptionError(
                f"no pile {quote(label, 30)} in {rules.name}; the piles are: {', '.join(index)}"
            )
    available = Counter(rules.cards(players))
    named, rest = _named_piles(rules, piles, index, available)
    if rest:
        stock = rest
    else:
        stock = [
            i
            for i in range(len(specs))
            if i not in named and fresh.piles[i] and fresh.down[i] == len(fresh.piles[i])
        ]
    dealt = _deal_unnamed(fresh, named, stock, available)
    rng = Rng(fresh.rng)
    pool = rng.shuffle(sorted(available.elements()))
    out: list[list[int]] = [[] for _ in specs]
    for i, kept in dealt.items():
        for j, card_or_gap in enumerate(kept):
            if card_or_gap is not None:
                out[i].append(card_or_gap)
            elif pool:  # a card named elsewhere: one of the cards left over instead
                out[i].append(_fill(rules, pool, fresh.piles[i][j]))
    if pool and not stock:
        raise InvalidState(
            f"{len(pool)} cards have no place: begin a pile with '{REST}' to put them there"
        )
    _deal_rest(rules, fresh, stock, pool, out)
    for i, cards in named.items():
        out[i] += cards
    down_out = _setup_downs(specs, fresh, out, dealt, down)
    info = _setup_info(rules, fresh, players, counters)
    _check_numbers(turn, ply)
    state = State(
        rules=rules,
        players=players,
        piles=tuple(tuple(p) for p in out),
        down=tuple(down_out),
        to_move=0 if to_move is None else to_move,
        info=info,
        rng=rng.state,
        ply=turn - 1 if ply is None else ply,
        turn=turn,
    )
    if to_move is None:
        state = attrs.evolve(state, to_move=rules.opening_seat(state, seed=seed))
    if not rules.rng_matters(state):
        state = attrs.evolve(state, rng=0)
    rules.validate(state)
    return state
