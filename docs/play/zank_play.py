"""The Python side of the documentation's Play page (``docs/play.md``).

The page's JavaScript (``play.js``) loads zank into Pyodide, then this module,
and sends every question to :func:`handle` as a JSON request; every answer is
JSON.  All the page knows about the rules comes from here, and all of it
comes from zank: the variants and their options, the deal, the legal moves,
the picture of the table (:func:`zank.render.svg.svg` from the reader's seat),
the explanation of a refused move (:meth:`zank.core.Rules.check`), the greedy
agent's replies and the game record (:class:`zank.play.GameRecord`).

The module runs unchanged in CPython, which is how the tests check it:

>>> import json
>>> answer = json.loads(handle('{"op": "deal", "variant": "spite-and-malice", "seed": 7}'))
>>> answer["seat"], answer["legal"][0]["move"]
(0, 'a-b1')

Requests (``op`` and its fields) and what they answer:

``variants``
    ``{"variants": [...]}``: name, one-line summary (the one ``zank variants``
    prints), seats and the options of every registered variant, each option
    with a one-line explanation.
``deal`` (``variant``, ``options``, ``seed``, ``players``, ``seat``, ``opponent``)
    a new game; the agent ``opponent`` (a name of :data:`OPPONENTS`, default
    ``greedy``, or ``random`` for a variant without a greedy policy) plays
    every seat but ``seat``.
``click`` (``from``, ``index``, ``to``)
    the reader moved the card ``index`` of pile ``from`` (pile labels as in
    :meth:`zank.core.Rules.layout`, the ``data-label`` of the picture) onto
    pile ``to``.
``move`` (``move``)
    the reader chose a move by its notation.
``undo``
    take back the reader's last move and the agent's replies to it.
``record``
    ``{"record": json_text, "filename": ...}``: the game record.
``load`` (``text``)
    continue the game of a record (JSON text).
``position`` (``text``)
    set up a position from its text, for variants with
    ``rules.parse_position``.
``picture`` (``index``)
    ``{"svg": ...}``: the table just after move ``index`` of the game, from
    the reader's seat (the page shows the agents' moves one at a time).
``solution``
    ``{"solution": text}``: the whole position as text, every hidden card
    included (the page shows it only where it says so).
``evaluate`` (``samples``, ``seconds``)
    ``{"evaluation": {"seat", "values", "samples", "depth"}}``: each seat's
    estimated chance to win from the reader's observation (see
    :func:`evaluation`), the page's evaluation bar.

Nothing else the page shows reveals a card hidden from the reader: the
picture, the table as text, the legal moves and every message are built from
the reader's observation (:meth:`zank.core.Rules.observe`).

Every answer about a game is a *view* (see :meth:`Table.view`); after a move
it adds the agents' replies (``agent_moves``, and ``steps`` in words, see
:meth:`Table.steps`) and the reader's own move in words (``played``); a refused
request adds ``"error": {"message": ..., "rule": ...}`` and leaves the game
as it was.
"""

from __future__ import annotations

import functools
import json
import re
import textwrap
from collections.abc import Callable, Sequence
from typing import Any

import attrs

import zank
from zank._summaries import headline
from zank.agents import Agent, GreedyAgent, RandomAgent, SearchAgent
from zank.cards import RANK, RANK_NAMES
from zank.core import Move, OptionValidator, PileSpec, Rules, State
from zank.errors import ZankError
from zank.family.classic import ClassicZank
from zank.family.faults import (
    CALL_KIND,
    LET_KIND,
    PLAY,
    as_fault_rules,
    before_call,
    fault,
    window_tail,
)
from zank.family.table import FamilyTable
from zank.play import GameRecord, replay
from zank.render.svg import svg
from zank.render.text import text as table_text
from zank.spite_malice import SpiteAndMalice

__all__ = [
    "AGENT_TAG",
    "EVALUATION_DEPTH",
    "MAX_SAMPLES",
    "OPPONENTS",
    "READER_TAG",
    "Click",
    "PageError",
    "Table",
    "click_notation",
    "describe_move",
    "evaluation",
    "handle",
    "legal_clicks",
    "option_fields",
    "option_help",
    "pile_names",
    "plain_cards",
    "player_words",
    "respond",
    "variants",
]

READER_TAG = "you"
"""The tag value that marks the reader's seat in a game record (``tags["seat0"]``)."""
AGENT_TAG = "greedy"
"""The tag value of the seats the greedy agent plays (the default opponent);
the seats of another opponent are tagged with its name."""

OPPONENTS: dict[str, str] = {
    "greedy": "greedy (the variant's own heuristic)",
    "random": "random (any legal move)",
    "search:easy": "search: easy",
    "search:medium": "search: medium",
    "search:hard": "search: hard (slow in the browser)",
}
"""The agents the page offers as opponents (their names as
:data:`zank.simulate.AGENTS` knows them) and how the page's select shows them."""

MAX_SAMPLES = 1000
"""The most rollouts one ``evaluate`` request may ask for."""

EVALUATION_DEPTH = 150
"""The page's evaluation: the moves each rollout plays before the cards left
score it (:func:`zank.agents.search.leaf_values`)."""
MAX_SEED = 2**63 - 1
_NUMBER = re.compile(r"(\d+)$")


class PageError(ZankError):
    """A request the page cannot answer (a missing field, no game dealt yet)."""


# ------------------------------------------------------------------ variants


def _opponent(rules: Rules, name: str | None) -> str:
    """The opponent ``name`` (``None``: the default one) if the page offers it.

    Raises:
        PageError: an unknown name, or ``greedy`` for a variant without a greedy policy.
    """
    if name is None:
        return "greedy" if rules.greedy_policy is not None else "random"
    if name not in OPPONENTS:
        raise PageError(f"unknown opponent {name[:40]!r}; the opponents: {', '.join(OPPONENTS)}")
    if rules.greedy_policy is None and name != "random":
        raise PageError(f"{rules.name} has no greedy policy yet: its only opponent is random")
    return name


def _agent(name: str, seed: int) -> Agent:
    """The agent of opponent ``name``, seeded."""
    if name.startswith("search:"):
        return SearchAgent.level(name.partition(":")[2], seed)
    return GreedyAgent(seed) if name == "greedy" else RandomAgent(seed)


_ROLE = re.compile(r":[a-z]+:`~?(?:[\w.]*\.)?([^`]+)`")
_SEE = re.compile(r"\s*\(see\s[^()]*\)")


def option_help(rules_class: type[Rules], name: str) -> str:
    """The option ``name`` of a variant in one line, from the variant's
    docstring (its list of options, ``* ``name`` (rule): what it does``):
    the rule's number in brackets, then the first sentence, as plain text.
    An option the docstrings do not list gets ``""``."""
    docs = "\n\n".join(textwrap.dedent(k.__doc__ or "") for k in rules_class.__mro__)
    m = re.search(
        r"^\s*\*\s+``" + re.escape(name) + r"``(.*?)(?=\n\s*\*\s|\n\s*\n|\Z)", docs, re.S | re.M
    )
    if m is None:
        return ""
    line = " ".join(_SEE.sub("", _ROLE.sub(r"\1", m.group(1))).replace("``", "").split())
    rule, _, line = line.partition(":")
    end = line.find(". ")
    line = line.strip() if end < 0 else line[: end + 1].strip()
    rule = rule.strip()
    return f"{line[:1].upper()}{line[1:]}" + (f" ({rule[1:-1]})" if rule else "")


def _choice_label(name: str, value: Any, help_text: str) -> str:
    if value is None:
        return "drawn by lot" if "by lot" in help_text else "none"
    if name == "first_player" and isinstance(value, int):
        return f"player {value}"
    return str(value) if not isinstance(value, bool) else ("yes" if value else "no")


def _allowed(rules_class: type[Rules], name: str, value: Any) -> bool:
    """Whether the variant takes ``value`` for option ``name``, with the other
    options at their defaults or one of them at another of its choices
    (``call_window`` takes ``"every-move"`` with ``table_mode``, crapette's
    ``first_player`` 1 with ``who_begins="alternate"``); schikanieren has
    ``learning`` but only ``False``."""
    others: list[dict[str, Any]] = [{}]
    for a in attrs.fields(rules_class):
        check = a.validator
        if a.init and a.name != name and isinstance(check, OptionValidator) and check.choices:
            others += [{a.name: c} for c in check.choices if c != a.default]
    for other in others:
        try:
            rules_class(**{name: value, **other})
        except ZankError:
            continue
        return True
    return False


def option_fields(rules_class: type[Rules]) -> list[dict[str, Any]]:
    """The options of a variant as the page's form shows them.

    Each entry has ``name``, ``default`` and ``help`` (one line, see
    :func:`option_help`), and ``choices`` (a list, with ``labels`` in words)
    or ``low``/``high`` (an int range) where the option's validator says so;
    an option that may be ``None`` or a seat (zank's ``first_player``) offers
    ``None`` and the seats.  The form falls back on the default's type
    otherwise.
    """
    out = []
    for a in attrs.fields(rules_class):
        if not a.init:
            continue
        help_text = option_help(rules_class, a.name)
        entry: dict[str, Any] = {"name": a.name, "default": a.default, "help": help_text}
        check = a.validator
        choices: list[Any] | None = None
        if isinstance(check, OptionValidator):  # made by zank.core.option_validator
            if check.choices is not None:
                choices = list(check.choices)
            elif check.low is not None or check.high is not None:
                entry["low"], entry["high"] = check.low, check.high
        elif a.default is None and a.name == "first_player":
            choices = [None, *range(rules_class.max_players)]
        if choices is not None:
            choices = [c for c in choices if _allowed(rules_class, a.name, c)]
            entry["choices"] = choices
            entry["labels"] = [_choice_label(a.name, c, help_text) for c in choices]
        out.append(entry)
    return out


def variants() -> list[dict[str, Any]]:
    """Every registered variant: name, summary (as ``zank variants`` has it),
    seats and options."""
    out = []
    for name, cls in sorted(zank.VARIANTS.items()):
        out.append(
            {
                "name": name,
                "summary": headline(name),
                "min_players": cls.min_players,
                "max_players": cls.max_players,
                "options": option_fields(cls),
            }
        )
    return out


# ------------------------------------------------------------- pile names

#: How players call the piles of a kind (a seat's piles get "your" or the
#: owner's name before them; numbered piles their number after them).
_KIND_WORDS = {
    "hand": "hand pile",
    "turned": "turned card",
    "schikanier": "Schikanier pile",
    "second-talon": "second talon",
    "pay-off": "pay-off pile",
    "side": "side stack",
    "build": "build pile",
    "draw": "draw pile",
    "completed": "completed build piles",
}


def _seat_words(rules: Rules, specs: Sequence[PileSpec], index: int) -> str:
    """A seat's pile without its owner: ``"reserve"``, ``"waste"``, ``"side stack 2"``."""
    spec = specs[index]
    kind = spec.kind
    if isinstance(rules, FamilyTable):
        family = _family_seat_pile(rules, specs, index)
        if family is not None and family in rules.pile_words:
            return rules.pile_words[family]
        if isinstance(rules, ClassicZank) and kind == "hand":
            return "source"  # the classic rules' Quelle
    if isinstance(rules, SpiteAndMalice) and kind == "hand":
        return "hand"
    word = _KIND_WORDS.get(kind, kind.replace("-", " ").replace("_", " "))
    number = _number(spec.label.split(".", 1)[-1])
    return f"{word} {number}" if number else word


def player_words(rules: Rules, players: int, seat: int, index: int) -> str:
    """Pile ``index`` of the layout as the player at ``seat`` says it:
    ``"your reserve"``, ``"the opponent's waste"``, ``"player 2's discard"``,
    ``"house 3"``, ``"build pile 1"``.

    >>> import zank
    >>> rules = zank.variant("crapette")
    >>> labels = [spec.label for spec in rules.layout(2)]
    >>> player_words(rules, 2, 0, labels.index("p1.discard"))
    "the opponent's waste"
    """
    specs = rules.layout(players)
    spec = specs[index]
    if spec.owner is not None:
        what = _seat_words(rules, specs, index)
        if spec.owner == seat:
            return f"your {what}"
        if players == 2:
            return f"the opponent's {what}"
        return f"player {spec.owner}'s {what}"
    number = _number(spec.label)
    if isinstance(rules, FamilyTable) and spec.kind in ("house", "foundation"):
        word = rules.house_word if spec.kind == "house" else rules.foundation_word
        return f"{word} {number}"
    word = _KIND_WORDS.get(spec.kind, spec.kind.replace("-", " "))
    if number:
        return f"{word} {number}"
    return f"the {word}"


def pile_names(rules: Rules, players: int, seat: int) -> dict[str, str]:
    """Every pile's label and how the player at ``seat`` says it (:func:`player_words`)."""
    specs = rules.layout(players)
    return {spec.label: player_words(rules, players, seat, i) for i, spec in enumerate(specs)}


_PACK_SUFFIX = re.compile(r"((?:10|[2-9TJQKA])[♣♦♥♠]|X[br]):[0-7]\b")


def plain_cards(message: str) -> str:
    """A message with the cards as the table shows them: ``10♣`` for ``10♣:1``
    (the pack shows in the colour of the card's back, not in its face)."""
    return _PACK_SUFFIX.sub(r"\1", message)


# ------------------------------------------------------------------- clicks


@attrs.frozen
class Click:
    """A move made with the mouse: card ``index`` of pile ``source`` onto pile ``target``."""

    source: str
    index: int
    target: str
    by_notation: bool = True


def _number(label: str) -> str:
    m = _NUMBER.search(label)
    return m.group(1) if m else ""


@functools.lru_cache(maxsize=16)
def _move_names(rules: Rules) -> frozenset[str]:
    return frozenset(m.text.lower() for m in rules.moves)


def _family_seat_pile(rules: FamilyTable, specs: Sequence[PileSpec], pile: int) -> str | None:
    """The kind (in :attr:`FamilyTable.seat_piles`) of a seat's own pile, else ``None``.

    The kind is the family's: a variant may show a pile under a name of its
    own, as zank-104 calls the discard its second talon."""
    owner = specs[pile].owner
    if owner is None:
        return None
    position = [i for i, spec in enumerate(specs) if spec.owner == owner].index(pile)
    return rules.seat_piles[position] if position < len(rules.seat_piles) else None


def _family_notation(
    rules: FamilyTable, specs: Sequence[PileSpec], seat: int, src: int, tgt: int
) -> str | None:
    """A Zank-family card move: an own pile or a house onto a foundation, a
    house or another player's pile (see :class:`zank.family.table.FamilyTable`);
    the notation names the houses by their labels."""
    players = 1 + max(spec.owner for spec in specs if spec.owner is not None)
    own, other = _family_seat_pile(rules, specs, src), _family_seat_pile(rules, specs, tgt)
    if specs[src].kind == "house":
        source = specs[src].label
    elif own is not None and specs[src].owner == seat:
        codes = [code for code, kind in rules.sources if kind == own]
        if not codes:
            return None
        source = codes[0]
    else:
        return None
    owner = specs[tgt].owner
    if specs[tgt].kind == "foundation":
        return f"{source}-f"
    if specs[tgt].kind == "house":
        return f"{source}-{specs[tgt].label}"
    if other is None or owner is None:
        return None
    if owner != seat:
        # the pack targets of a kind name the next seat first, then the one after
        codes = [code for code, kind in rules.pack_targets if kind == other]
        offset = (owner - seat - 1) % players
        return f"{source}-{codes[offset]}" if offset < len(codes) else None
    # an own pile (ending the turn: "t-d"): named like the same pile as a source,
    # or as another player's without the "o"; only an existing move counts
    codes = [code for code, kind in rules.sources if kind == other]
    codes += [code[1:] for code, kind in rules.pack_targets if kind == other and code[0] == "o"]
    names = _move_names(rules)
    return next((f"{source}-{c}" for c in codes if f"{source}-{c}" in names), None)


def _spite_malice_notation(
    seat: int, src: PileSpec, index: int, src_cards: tuple[int, ...], tgt: PileSpec
) -> str | None:
    """Spite and Malice: a hand card (named by its rank), the pay-off card or a
    side stack onto a build pile; a hand card onto an own side stack."""
    if src.owner != seat:
        return None
    if src.kind == "hand":
        if not 0 <= index < len(src_cards):
            return None
        name = RANK_NAMES[RANK[src_cards[index]]].lower()
        source = "t" if name == "10" else name
    elif src.kind == "pay-off":
        source = "p"
    elif src.kind == "side":
        source = "s" + _number(src.label)
    else:
        return None
    if tgt.kind == "build":
        return f"{source}-b{_number(tgt.label)}"
    if tgt.kind == "side" and tgt.owner == seat:
        return f"{source}-s{_number(tgt.label)}"
    return None


def _notation(state: State, seat: int, src: int, index: int, tgt: int) -> str | None:
    """:func:`click_notation` with the piles given by their indices in the layout."""
    rules = state.rules
    specs = rules.layout(state.players)
    if src == tgt:
        return None
    if isinstance(rules, FamilyTable):
        return _family_notation(rules, specs, seat, src, tgt)
    if isinstance(rules, SpiteAndMalice):
        return _spite_malice_notation(seat, specs[src], index, state.piles[src], specs[tgt])
    return None


def click_notation(state: State, seat: int, source: str, index: int, target: str) -> str | None:
    """The notation of moving card ``index`` of pile ``source`` onto pile ``target``.

    ``seat`` is the player who moves; piles are named by their labels
    (``index`` counts from the bottom and matters only where any card of a
    pile may move: a hand).  The answer is what the variant's notation calls
    that move, legal or not, or ``None`` when no move of the variant takes a
    card that way (or the page does not know the variant's piles: its moves
    are still offered as buttons).

    >>> import zank
    >>> state = zank.variant("spite-and-malice").new_game(seed=7)
    >>> click_notation(state, 0, "p0.pay", 0, "build1")
    'p-b1'
    """
    labels = [spec.label for spec in state.rules.layout(state.players)]
    if source not in labels or target not in labels:
        return None
    return _notation(state, seat, labels.index(source), index, labels.index(target))


def _click_map(state: State, seat: int) -> dict[str, Click]:
    """For each notation a click can make: the first click that makes it."""
    specs = state.rules.layout(state.players)
    out: dict[str, Click] = {}
    for src, (spec, cards) in enumerate(zip(specs, state.piles, strict=True)):
        indices = range(len(cards)) if spec.private else [max(0, len(cards) - 1)]
        for index in indices:
            for tgt, tgt_spec in enumerate(specs):
                text = _notation(state, seat, src, index, tgt)
                if text is not None:
                    out.setdefault(text.lower(), Click(spec.label, index, tgt_spec.label))
    return out


def _card_travels(before: State, after: State) -> list[tuple[int, int]]:
    """(source, target) piles of the cards a move took: the top card of a
    pile that lost it, and the pile that gained it."""
    out = []
    for i, old in enumerate(before.piles):
        if not old:
            continue
        card = old[-1]
        if after.piles[i].count(card) >= old.count(card):
            continue
        for j, new in enumerate(after.piles):
            if j != i and new.count(card) > before.piles[j].count(card):
                out.append((i, j))
    return out


def legal_clicks(state: State, seat: int) -> dict[str, Click]:
    """The click that makes each legal move of ``seat`` (by notation), where one can.

    A move the variant's notation names by its piles (:func:`click_notation`)
    is made by clicking them; any other move that carries a pile's top card
    onto another pile (turning the hand card, ending the turn on the
    discard …) is made by clicking those two piles (``by_notation`` is
    false).  Moves that carry no card (announcements, passing) have no
    click: the page offers them as buttons only.
    """
    rules = state.rules
    specs = rules.layout(state.players)
    by_text = _click_map(state, seat)
    out: dict[str, Click] = {}
    for move in rules.legal_moves(state):
        click = by_text.get(move.text.lower())
        if click is None:
            travels = _card_travels(state, rules.apply(state, move))
            if travels:
                src, tgt = travels[0]
                top = len(state.piles[src]) - 1
                click = Click(specs[src].label, top, specs[tgt].label, by_notation=False)
        if click is not None:
            out[move.text] = click
    return out


# ----------------------------------------------------------- moves in words


def _seat_word(seat: int, reader: int, *, capital: bool = True) -> str:
    if seat == reader:
        return "You" if capital else "you"
    return f"Player {seat}" if capital else f"player {seat}"


def _called(rules: Rules, window: State, reader: int) -> tuple[str, str]:
    """Whose move a call or a "let" answers, and what that move was, in words
    with the rule it broke (or that it broke none: a wrong call)."""
    table = as_fault_rules(rules)
    if table is None or window.phase == PLAY:
        return "", ""
    tail = window_tail(table, window)
    under = before_call(table, window)
    move = rules.moves[tail.action - 1]
    whose = "your" if tail.by == reader else f"player {tail.by}'s"
    violation = fault(table, under, move)
    if violation is None:
        return f"{whose} move {move.text}", "it broke no rule"
    return f"{whose} move {move.text}", f"{plain_cards(violation.message)} (rule {violation.rule})"


def describe_move(before: State, move_text: str, after: State, reader: int) -> str:
    """A move in words for the reader at seat ``reader``: who made it, the
    move, and where its card went (``"Player 1 played h3-or: from house 3 to
    your reserve."``); a call in table mode names the move called, the rule
    it broke and the rule's number, or says that it was a wrong call.

    Only piles are named, never a card: the sentence shows nothing the
    reader may not see.
    """
    rules = before.rules
    mover = before.to_move
    who = "Nobody" if mover is None else _seat_word(mover, reader)
    move = rules.parse_move(before, move_text)
    if move.kind in (CALL_KIND, LET_KIND):
        target, why = _called(rules, before, reader)
        if move.kind == LET_KIND:
            return f"{who} let {target} pass." if target else f"{who}: {move.text}."
        if why == "it broke no rule":
            return f"{who} called “{move.text}” on {target}, a wrong call: {why}."
        return f"{who} called “{move.text}” on {target}: {why}."
    travels = _card_travels(before, after)
    if not travels:
        return f"{who} played {move.text}."
    names = pile_names(rules, before.players, reader)
    labels = [spec.label for spec in rules.layout(before.players)]
    src, tgt = travels[0]
    return f"{who} played {move.text}: from {names[labels[src]]} to {names[labels[tgt]]}."


# -------------------------------------------------------------------- a game


def _result_text(state: State, seat: int) -> str | None:
    out = state.outcome
    if out is None:
        return None
    if out.winner is None:
        head = "A draw"
    elif out.winner == seat:
        head = "You win"
    else:
        head = f"Player {out.winner} wins"
    points = ", ".join(f"player {p}: {n}" for p, n in enumerate(out.points))
    return f"{head} ({out.reason.value}); points {points}."


@attrs.define
class Table:
    """One game at the page's table: the reader at ``seat``, the agent
    ``opponent`` (:data:`OPPONENTS`) elsewhere.

    ``states[k]`` is the state before ``moves[k]``, which ``movers[k]`` made;
    ``states[-1]`` is the current state.
    """

    rules: Rules
    seed: int
    players: int
    seat: int
    states: list[State]
    moves: list[str] = attrs.field(factory=list)
    movers: list[int] = attrs.field(factory=list)
    agent: Agent = attrs.field(factory=GreedyAgent)
    from_position: bool = False
    opponent: str = "greedy"

    @classmethod
    def deal(
        cls, rules: Rules, seed: int, players: int, seat: int, opponent: str | None = None
    ) -> Table:
        """A new game of ``rules`` dealt with ``seed``; the agents move first if it is theirs.

        Raises:
            PageError: a seat out of range, or an opponent the page does not offer.
        """
        state = rules.new_game(seed=seed, players=players)
        if not 0 <= seat < players:
            raise PageError(f"your seat must be from 0 to {players - 1}, not {seat}")
        name = _opponent(rules, opponent)
        table = cls(rules, seed, players, seat, [state], agent=_agent(name, seed), opponent=name)
        table.agents_play()
        return table

    @property
    def state(self) -> State:
        """The current state."""
        return self.states[-1]

    def _push(self, move: Move) -> None:
        mover = self.state.to_move
        assert mover is not None
        self.states.append(self.rules.apply(self.state, move))
        self.moves.append(move.text)
        self.movers.append(mover)

    def agents_play(self) -> list[str]:
        """Let the agents move until it is the reader's turn or the game is over."""
        played = []
        while self.state.outcome is None and self.state.to_move != self.seat:
            state = self.state
            assert state.to_move is not None
            legal = self.rules.legal_moves(state)
            move = self.agent.choose(self.rules, self.rules.observe(state, state.to_move), legal)
            self._push(move)
            played.append(move.text)
        return played

    def play(self, text: str) -> list[str]:
        """The reader's move (notation), then the agents' replies (returned).

        Raises:
            IllegalMove, NotationError: the move is not legal now (the game is unchanged).
            PageError: it is not the reader's turn.
        """
        if self.state.to_move != self.seat and self.state.outcome is None:
            raise PageError(f"it is player {self.state.to_move}'s turn, not yours")
        self._push(self.rules.parse_move(self.state, text))
        return self.agents_play()

    def undo(self) -> None:
        """Take back the reader's last move and everything after it.

        Raises:
            PageError: the reader has made no move yet.
        """
        if self.seat not in self.movers:
            raise PageError("nothing to undo: you have not moved yet")
        while True:
            mover = self.movers.pop()
            self.moves.pop()
            self.states.pop()
            if mover == self.seat:
                return

    def record(self) -> GameRecord:
        """The game record so far (``tags`` name the reader's seat and the agents');
        a game from a pasted position keeps it in the record's ``start``."""
        tags = {f"seat{p}": self.opponent for p in range(self.players)}
        tags[f"seat{self.seat}"] = READER_TAG
        return GameRecord(
            self.rules.name,
            self.rules.options,
            self.seed,
            self.players,
            tuple(self.moves),
            self.state.outcome,
            tags=tags,
            start=self.rules.position_text(self.states[0]) if self.from_position else None,
        )

    @classmethod
    def load(cls, text: str) -> Table:
        """Continue the game of a record; the reader takes the seat tagged ``"you"`` (else 0).

        Raises:
            InvalidState: the text is no valid record, or its moves do not replay.
        """
        record = GameRecord.loads(text)
        states = list(replay(record))
        seats = [p for p in range(record.players) if record.tags.get(f"seat{p}") == READER_TAG]
        seat = seats[0] if seats else 0
        rules = states[0].rules
        tagged = [record.tags.get(f"seat{p}") for p in range(record.players) if p != seat]
        known = [t for t in tagged if t in OPPONENTS and t != "greedy"]
        opponent = _opponent(rules, known[0] if known else None)
        movers = []
        for s in states[:-1]:
            assert s.to_move is not None  # replay stops at the end of a game
            movers.append(s.to_move)
        table = cls(
            states[0].rules,
            record.seed,
            record.players,
            seat,
            states,
            list(record.moves),
            movers,
            _agent(opponent, record.seed),
            from_position=record.start is not None,
            opponent=opponent,
        )
        table.agents_play()
        return table

    def steps(self, count: int) -> list[dict[str, Any]]:
        """The last ``count`` moves, each as ``{"index", "move", "by", "text"}``
        (``index`` in :attr:`moves`, ``text`` from :func:`describe_move`)."""
        out = []
        for k in range(len(self.moves) - count, len(self.moves)):
            before, after = self.states[k], self.states[k + 1]
            out.append(
                {
                    "index": k,
                    "move": self.moves[k],
                    "by": self.movers[k],
                    "text": describe_move(before, self.moves[k], after, self.seat),
                }
            )
        return out

    def picture(self, index: int) -> str:
        """The table just after move ``index`` from the reader's seat, that move outlined.

        Raises:
            PageError: there is no such move.
        """
        if not 0 <= index < len(self.moves):
            raise PageError(f"there is no move {index} in this game")
        return svg(
            self.states[index + 1],
            perspective=self.seat,
            last_move=self.moves[index],
            before=self.states[index],
        )

    def view(self) -> dict[str, Any]:
        """What the page shows.

        ``svg`` (the table from the reader's seat, the last move outlined),
        ``legal`` (the reader's legal moves: ``move`` in notation, and
        ``from``/``index``/``to``, the clicks that make it, where a click can),
        ``your_turn``, ``over`` (the result in words, or ``None``), the game's
        ``variant``, ``options``, ``seed``, ``players``, ``seat``, ``moves``
        (how many were made), ``can_undo``, ``last`` (the last move and who
        made it), ``table_text`` (the table as text from the reader's seat,
        :func:`zank.render.text.text`), ``names`` (each pile's label and its
        name in words, :func:`pile_names`), ``private`` (the piles held in
        the hand, whose every card may move), ``homes`` (the foundations or
        build piles, where a double click sends a card) and ``home_word``
        (what the variant calls them), and ``can_set_up`` (whether the
        variant reads position texts).

        Everything in it comes from the reader's observation: the position
        text, which holds every card, is only the answer to ``solution``.
        """
        state = self.state
        last = before = None
        if self.moves:
            before, last = self.states[-2], self.moves[-1]
        picture = svg(state, perspective=self.seat, last_move=last, before=before)
        your_turn = state.outcome is None and state.to_move == self.seat
        specs = self.rules.layout(self.players)
        legal = []
        if your_turn:
            clicks = legal_clicks(state, self.seat)
            for m in self.rules.legal_moves(state):
                click = clicks.get(m.text)
                legal.append(
                    {
                        "move": m.text,
                        "from": click and click.source,
                        "index": click and click.index,
                        "to": click and click.target,
                    }
                )
        return {
            "variant": self.rules.name,
            "options": self.rules.options,
            "seed": self.seed,
            "players": self.players,
            "seat": self.seat,
            "svg": picture,
            "legal": legal,
            "your_turn": your_turn,
            "to_move": state.to_move,
            "over": _result_text(state, self.seat),
            "moves": len(self.moves),
            "can_undo": self.seat in self.movers,
            "last": None if last is None else {"move": last, "by": self.movers[-1]},
            "table_text": table_text(state, perspective=self.seat),
            "names": pile_names(self.rules, self.players, self.seat),
            "private": [spec.label for spec in specs if spec.private],
            "homes": [spec.label for spec in specs if spec.kind in ("foundation", "build")],
            "home_word": getattr(self.rules, "foundation_word", "build pile"),
            "can_set_up": getattr(self.rules, "parse_position", None) is not None,
            "recordable": True,
            "opponent": self.opponent,
        }


# ---------------------------------------------------------------- evaluation


def evaluation(table: Table, samples: int = 32, seconds: float = 0.5) -> dict[str, Any]:
    """Each seat's estimated chance to win, from what the reader sees.

    :meth:`zank.agents.SearchAgent.evaluate` over the reader's observation
    (every rollout deals the cards hidden from the reader anew, so the figures
    tell nothing the reader could not know): greedy rollouts (random for a
    variant without a greedy policy) of at most :data:`EVALUATION_DEPTH` moves.
    It plays rollouts two at a time until ``samples`` or, after the first two,
    until ``seconds`` have passed (the page runs it in its Web Worker, where a
    move waits for it); seeded by the game's seed and the number of moves, so
    that a position gets the same figures when the time allows every sample.

    ``{"seat": the reader's, "values": [per seat], "samples": how many, "depth": ...,
    "rollout": "greedy" or "random"}``.

    Raises:
        PageError: ``samples`` is below 1.
    """
    import time

    if not 1 <= samples <= MAX_SAMPLES:
        raise PageError(f"samples must be from 1 to {MAX_SAMPLES}, not {samples}")
    rules, state = table.rules, table.state
    policy = "greedy" if rules.greedy_policy is not None else "random"
    agent = SearchAgent(
        table.seed * 4096 + len(table.moves), max_moves=EVALUATION_DEPTH, rollout=policy
    )
    view = rules.observe(state, table.seat)
    totals = [0.0] * state.players
    done = 0
    deadline = time.perf_counter() + seconds
    while done < samples and (done == 0 or time.perf_counter() < deadline):
        batch = min(2, samples - done)
        estimate = agent.evaluate(rules, view, batch)
        for p, v in enumerate(estimate.values):
            totals[p] += v * batch
        done += batch
    return {
        "seat": table.seat,
        "values": [t / done for t in totals],
        "samples": done,
        "depth": EVALUATION_DEPTH,
        "rollout": policy,
    }


# ------------------------------------------------------------------ requests

_table: Table | None = None


_REQUIRED = object()


def _field(request: dict[str, Any], name: str, kind: type, default: Any = _REQUIRED) -> Any:
    """``request[name]``, checked to be a ``kind`` (JSON's true is no int here)."""
    if name not in request:
        if default is _REQUIRED:
            raise PageError(f"the request needs {name!r}")
        return default
    value = request[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise PageError(f"{name!r} must be a {kind.__name__}, not {str(value)[:100]!r}")
    return value


def _current() -> Table:
    if _table is None:
        raise PageError("deal a game first")
    return _table


def _refusal(error: ZankError) -> dict[str, str]:
    return {"message": plain_cards(str(error)), "rule": str(getattr(error, "rule", ""))}


def _click(table: Table, request: dict[str, Any]) -> dict[str, Any]:
    source, target = _field(request, "from", str), _field(request, "to", str)
    index = _field(request, "index", int, 0)
    state = table.state
    if state.outcome is not None:
        raise PageError("the game is over: deal a new one")
    if state.to_move != table.seat:
        raise PageError(f"it is player {state.to_move}'s turn, not yours")
    text = click_notation(state, table.seat, source, index, target)
    legal = {m.text.lower() for m in table.rules.legal_moves(state)}
    if text is None or text.lower() not in legal:
        # a legal move that is no card move of the notation, e.g. ending the turn
        for move_text, click in legal_clicks(state, table.seat).items():
            if not click.by_notation and (click.source, click.target) == (source, target):
                return _moved(table, table.play(move_text), own=True)
    if text is None:
        names = pile_names(table.rules, table.players, table.seat)
        raise PageError(
            f"no move of {table.rules.name} takes a card from {names.get(source, source[:40])}"
            f" to {names.get(target, target[:40])}; the buttons list the legal moves"
        )
    move = {m.text.lower(): m for m in table.rules.moves}.get(text.lower())
    if move is None:
        # no such move at all: the variant's parser says why (e.g. S&M-9)
        table.rules.parse_move(state, text)
        raise PageError(f"{text} is not a move of {table.rules.name}")
    violation = table.rules.check(state, move)
    if violation is not None:
        answer = table.view()
        answer["error"] = {
            "message": plain_cards(violation.message),
            "rule": violation.rule,
            "move": text,
        }
        return answer
    return _moved(table, table.play(move.text), own=True)


def _moved(table: Table, agent_moves: list[str], own: bool = False) -> dict[str, Any]:
    """The view, with the agents' moves since the reader's (``agent_moves``,
    in notation, and ``steps``, each in words, see :meth:`Table.steps`) and,
    with ``own``, the reader's move in words (``played``)."""
    answer = table.view()
    answer["agent_moves"] = agent_moves
    answer["steps"] = table.steps(len(agent_moves))
    if own:
        k = len(table.moves) - len(agent_moves) - 1
        answer["played"] = describe_move(
            table.states[k], table.moves[k], table.states[k + 1], table.seat
        )
    return answer


def _deal(request: dict[str, Any]) -> Table:
    name = _field(request, "variant", str)
    options = _field(request, "options", dict, {})
    try:
        rules = zank.variant(name, **options)
    except TypeError as e:  # an option name that is not a keyword
        raise PageError(f"bad options for {name[:40]}: {str(e)[:100]}") from None
    seed = _field(request, "seed", int, 1)
    if not 0 <= seed <= MAX_SEED:
        raise PageError(f"the seed must be from 0 to {MAX_SEED}, not {seed}")
    players = _field(request, "players", int, rules.min_players)
    seat = _field(request, "seat", int, 0)
    opponent = _field(request, "opponent", str, None)
    return Table.deal(rules, seed, players, seat, opponent)


def _position(table: Table, request: dict[str, Any]) -> Table:
    parse: Callable[[str], State] | None = getattr(table.rules, "parse_position", None)
    if parse is None:
        raise PageError(f"{table.rules.name} has no position text yet")
    state = parse(_field(request, "text", str))
    seat = table.seat if table.seat < state.players else 0
    new = Table(
        table.rules,
        table.seed,
        state.players,
        seat,
        [state],
        agent=table.agent,
        from_position=True,
        opponent=table.opponent,
    )
    new.agents_play()
    return new


def respond(request: dict[str, Any]) -> dict[str, Any]:
    """Answer one request (a dict); see the module docs.

    Raises:
        ZankError: the request is refused (:func:`handle` turns this into an answer).
    """
    global _table
    op = _field(request, "op", str)
    if op == "variants":
        return {
            "variants": variants(),
            "opponents": [{"name": k, "label": v} for k, v in OPPONENTS.items()],
        }
    if op == "deal":
        _table = _deal(request)
        return _moved(_table, list(_table.moves))  # the agents' moves before the reader's turn
    if op == "load":
        _table = Table.load(_field(request, "text", str))
        return _moved(_table, [])
    known: tuple[str, ...] = ("view", "click", "move", "undo", "record", "position")
    known += ("solution", "picture", "evaluate")
    if op not in known:
        raise PageError(f"unknown request {op[:40]!r}")
    table = _current()
    if op == "view":
        return table.view()
    if op == "click":
        return _click(table, request)
    if op == "move":
        return _moved(table, table.play(_field(request, "move", str)), own=True)
    if op == "evaluate":
        samples = _field(request, "samples", int, 32)
        seconds = request.get("seconds", 0.5)
        if not isinstance(seconds, int | float) or isinstance(seconds, bool) or seconds < 0:
            raise PageError(f"'seconds' must be a number >= 0, not {str(seconds)[:100]!r}")
        return {"evaluation": evaluation(table, samples, min(float(seconds), 60.0))}
    if op == "picture":
        return {"svg": table.picture(_field(request, "index", int))}
    if op == "undo":
        table.undo()
        return table.view()
    if op == "solution":
        position_text: Callable[[State], str] | None = getattr(table.rules, "position_text", None)
        if position_text is None:
            raise PageError(f"{table.rules.name} has no position text yet")
        return {"solution": position_text(table.state)}
    if op == "record":
        record = table.record()
        filename = f"zank-{record.variant}-seed{record.seed}.json"
        return {"record": record.dumps(indent=1) + "\n", "filename": filename}
    _table = _position(table, request)
    return _moved(_table, [])


def handle(request_json: str) -> str:
    """Answer a JSON request with JSON; a refused request answers ``{"error": ...}``
    (with the current view, if a game is dealt)."""
    try:
        request = json.loads(request_json)
        if not isinstance(request, dict):
            raise PageError("a request is a JSON object")
        return json.dumps(respond(request))
    except ZankError as e:
        answer = _table.view() if _table is not None else {}
        answer["error"] = _refusal(e)
        return json.dumps(answer)
    except ValueError as e:  # not JSON at all
        return json.dumps({"error": {"message": f"bad request: {str(e)[:100]}", "rule": ""}})
