"""Position text and ``setup``: every refusal's whole message, its character
offset, and where a quoted value is cut.

Written for the mutation campaign of ``zank.position`` (issue 38): an
independent sample found that deleting the ``raise`` of "position text is one
line" survived (no test fed a line break), and that the quoted lengths and
error offsets of ``parse_position``'s messages were not asserted.  Each case
here is a small text with one fault; the message must name the character
where the fault begins and quote the offending word, cut where it is long.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import zank
from zank.errors import InvalidState, NotationError, OptionError, ZankError
from zank.position import MAX_POSITION_LENGTH, counter_names, parse_position, position_text

RULES = zank.variant("zank-detailed")
HEAD = "zank-detailed/2"
COUNTERS = "dry0, dry1, stale, shuffles, flags"
FIELDS = "to, phase, tail, info, ply, turn, rng, end, winner, points, " + COUNTERS
PILES = (
    "f1, f2, f3, f4, f5, f6, f7, f8, h1, h2, h3, h4, h5, h6, h7, h8, p0.reserve, p0.hand, "
    "p0.turned, p0.discard, p1.reserve, p1.hand, p1.turned, p1.discard"
)


def _refused(text: Any, error: type[ZankError] = NotationError) -> str:
    with pytest.raises(error) as info:
        parse_position(RULES, text)
    assert type(info.value) is error
    return str(info.value)


def _at(offset: int, what: str) -> str:
    return f"position text, character {offset}: {what}"


@pytest.mark.parametrize(
    ("text", "offset", "what"),
    [
        ("", 0, f"empty position text; it begins with '{HEAD}'"),
        ("   ", 0, f"empty position text; it begins with '{HEAD}'"),
        ("zank-detailed", 0, f"expected 'variant/players' such as '{HEAD}', not 'zank-detailed'"),
        (
            "  zank-detailed/x",
            2,
            f"expected 'variant/players' such as '{HEAD}', not 'zank-detailed/x'",
        ),
        (" nosuch/2 to=0", 1, "no variant 'nosuch'; this text begins 'zank-detailed/'"),
        (f"{HEAD} [Ah] to=0", 16, "'' is not a pile label"),
        (f"{HEAD}  a=b[Ah] to=0", 17, "'a=b' is not a pile label"),
        (f"{HEAD} h1[Kc", 21, "pile 'h1' has no closing ']'"),
        (f"{HEAD} h2[] h1[Kc", 26, "pile 'h1' has no closing ']'"),
        (f"{HEAD} h1[Kc | Qh | Js]", 27, "pile 'h1' has a second '|'"),
        (f"{HEAD} h1[Kc||]", 22, "pile 'h1' has a second '|'"),
        (f"{HEAD} h1[Kc  Zz]", 23, "'Zz' is not a card (e.g. 'Ah', 'Td', 'Qs:1', 'Xr')"),
        (f"{HEAD} h1[Kc|Zz]", 22, "'Zz' is not a card (e.g. 'Ah', 'Td', 'Qs:1', 'Xr')"),
        (f"{HEAD} h1[Kc] h1[Kd]", 23, "pile h1 is given twice"),
        (f"{HEAD} to=0 h1[Kc]", 21, "the piles come before the fields (name=value)"),
        (f"{HEAD} to=0 junk", 21, "expected label[cards] or name=value, not 'junk'"),
        (f"{HEAD} to=0 =5", 21, "expected label[cards] or name=value, not '=5'"),
        (f"{HEAD} ]", 16, "expected label[cards] or name=value, not ']'"),
        (f"{HEAD} to=0 turn=2 to=1", 28, "field 'to' is given twice"),
        (f"{HEAD} to=0 colour=red", 21, f"unknown field 'colour'; the fields are: {FIELDS}"),
        (f"{HEAD} to=x", 16, "to must be an integer, not 'x'"),
        (f"{HEAD} to=0 turn=1.5", 21, "turn must be an integer, not '1.5'"),
        (f"{HEAD} to=0 dry0=-", 21, "dry0 must be an integer, not '-'"),
        (f"{HEAD} to=0 info=1,x", 21, "info must be an integer, not 'x'"),
        (f"{HEAD} to=0 tail=,", 21, "tail must be an integer, not ''"),
        (
            f"{HEAD} to=0 info=1,2 dry0=3",
            21,
            "'info' gives every integer: no counters or 'tail' beside it",
        ),
        (
            f"{HEAD} to=0 tail=1 info=1,2",
            28,
            "'info' gives every integer: no counters or 'tail' beside it",
        ),
        (f"{HEAD} to=0 rng=12", 21, "rng must be a hex number such as 0x1f, not '12'"),
        (f"{HEAD} to=0 rng=0x", 21, "rng must be a hex number such as 0x1f, not '0x'"),
        (
            f"{HEAD} end=lost",
            16,
            "end must be one of went-out, blocked, draw-pile-empty, no-progress, not 'lost'",
        ),
        (
            f"{HEAD} to=0 winner=1",
            21,
            "'winner' and 'points' belong to a finished game: give 'end' too",
        ),
        (
            f"{HEAD} to=0 points=1,2",
            21,
            "'winner' and 'points' belong to a finished game: give 'end' too",
        ),
        (
            f"{HEAD} to=0 points=0,0 winner=1",
            32,
            "'winner' and 'points' belong to a finished game: give 'end' too",
        ),
        (f"{HEAD} end=blocked winner=x", 28, "winner must be an integer, not 'x'"),
        (f"{HEAD} end=blocked points=0,y", 28, "points must be an integer, not 'y'"),
    ],
)
def test_each_fault_is_named_at_its_character(text: str, offset: int, what: str) -> None:
    assert _refused(text) == _at(offset, what)


def test_an_unknown_pile_names_the_piles_cut_to_about_60_characters() -> None:
    labels = PILES.replace(",", "")
    shown = f"{labels[:58]!r}… ({len(labels)} characters)"
    message = _refused(f"{HEAD} h9[Kc]")
    assert message == _at(16, f"no pile 'h9' in zank-detailed; the piles are {shown}")


@pytest.mark.parametrize("brk", list("\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"))
@pytest.mark.parametrize("where", [0, 15, 20])
def test_position_text_is_one_line(brk: str, where: int) -> None:
    """Every line break Python's ``splitlines`` knows is refused where it stands."""
    text = f"{HEAD} to=0"
    text = text[:where] + brk + text[where:]
    assert _refused(text) == _at(where, "position text is one line")


def test_a_line_break_is_refused_before_any_other_fault() -> None:
    assert _refused("nosuch/2 junk\n") == _at(13, "position text is one line")


def test_the_length_limit_is_exact() -> None:
    assert MAX_POSITION_LENGTH == 100_000  # documented
    state = RULES.new_game(seed=1)
    text = position_text(RULES, state)
    long = text + " " * (MAX_POSITION_LENGTH - len(text))
    assert len(long) == MAX_POSITION_LENGTH
    assert parse_position(RULES, long) == parse_position(RULES, text)
    text = long + " "
    assert _refused(text) == (
        f"position text is longer than {MAX_POSITION_LENGTH:,} characters ({len(text):,})"
    )


def test_text_of_another_type_is_refused() -> None:
    assert _refused(b"zank-detailed/2 to=0") == "position text must be a str, not bytes"


def test_a_position_of_another_variant_or_player_count() -> None:
    assert _refused("zank/2 to=0", InvalidState) == "a position of 'zank', not of zank-detailed"
    assert _refused("zank-detailed/3 to=0", InvalidState) == (
        "zank-detailed is played by 2 players, not 3"
    )
    assert _refused(HEAD, InvalidState) == ("a running game needs a player to move: give 'to=SEAT'")


# Quoted words are cut where they pass each message's limit: shown whole at the
# limit, cut one character beyond it (``quote``: the first limit - 2 characters
# and the length).  The word is "x" repeated; each template places it.
QUOTED = [
    ("{v}", 0, 100, "expected 'variant/players' such as 'zank-detailed/2', not {q}"),
    ("{v}/2", 0, 40, "no variant {q}; this text begins 'zank-detailed/'"),
    (HEAD + " ={v}[Kc]", 16, 100, "{q} is not a pile label"),
    (HEAD + " {v}[Kc", None, 30, "pile {q} has no closing ']'"),
    (HEAD + " {v}[|Kc|]", None, 30, "pile {q} has a second '|'"),
    (HEAD + " h1[{v}]", 19, 30, "{q} is not a card (e.g. 'Ah', 'Td', 'Qs:1', 'Xr')"),
    (HEAD + " to=0 {v}", 21, 40, "expected label[cards] or name=value, not {q}"),
    (HEAD + " to=0 {v}=1 {v}=2", None, 30, "field {q} is given twice"),
    (HEAD + " to=0 {v}=1", 21, 30, "unknown field {q}; the fields are: " + FIELDS),
    (HEAD + " to={v}", 16, 100, "to must be an integer, not {q}"),
    (HEAD + " to=0 rng={v}", 21, 40, "rng must be a hex number such as 0x1f, not {q}"),
    (
        HEAD + " end={v}",
        16,
        40,
        "end must be one of went-out, blocked, draw-pile-empty, no-progress, not {q}",
    ),
]


@pytest.mark.parametrize(("template", "offset", "limit", "what"), QUOTED)
@pytest.mark.parametrize("extra", [0, 1])
def test_quoted_words_are_cut_beyond_their_limit(
    template: str, offset: int | None, limit: int, what: str, extra: int
) -> None:
    n = limit + extra
    word = "x" * (n - 1 if template.startswith(HEAD + " =") else n)
    text = template.format(v=word)
    quoted = "=" + word if "={v}[" in template else word
    assert len(quoted) == n
    q = repr(quoted) if not extra else f"{quoted[: limit - 2]!r}… ({n} characters)"
    message = _refused(text)
    m = re.match(r"position text, character (\d+): ", message)
    assert m is not None
    at = int(m[1])
    if offset is not None:
        assert at == offset
    else:  # the second field, or the end of the pile word, or its second bar
        assert (
            at
            == {
                "pile {q} has no closing ']'": len(text),
                "pile {q} has a second '|'": len(text) - 2,
                "field {q} is given twice": text.rindex(" ") + 1,
            }[what]
        )
    assert message[m.end() :] == what.format(q=q)


# ------------------------------------------------------------------ setup
@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        (
            {"piles": [("h1", "Kc")]},
            OptionError,
            "piles and down must be mappings keyed by pile label",
        ),
        ({"down": [("h1", 1)]}, OptionError, "piles and down must be mappings keyed by pile label"),
        (
            {"piles": {"h9": "Kc"}},
            OptionError,
            f"no pile 'h9' in zank-detailed; the piles are: {PILES}",
        ),
        (
            {"down": {"h9": 1}},
            OptionError,
            f"no pile 'h9' in zank-detailed; the piles are: {PILES}",
        ),
        (
            {"piles": {"h1": 5}},
            OptionError,
            "pile h1: cards are written as text, e.g. 'Ah 2h', not 5",
        ),
        (
            {"piles": {"h1": "Kc", "h2": "Kc Kc"}},
            InvalidState,
            "pile h2: Kc is named twice or is no card of this game",
        ),
        (
            {"piles": {"h1": "Xr"}},
            InvalidState,
            "pile h1: Xr is named twice or is no card of this game",
        ),
        ({"turn": -1}, OptionError, "turn must be an int from 0 to 2**53 - 1, not -1"),
        ({"turn": 2**53}, OptionError, f"turn must be an int from 0 to 2**53 - 1, not {2**53}"),
        ({"ply": True}, OptionError, "ply must be an int from 0 to 2**53 - 1, not True"),
        ({"ply": 1.0}, OptionError, "ply must be an int from 0 to 2**53 - 1, not 1.0"),
        (
            {"colour": 1},
            OptionError,
            "zank-detailed has no counter 'colour'; its counters are: " + COUNTERS,
        ),
        ({"dry0": "1"}, OptionError, "counter dry0 must be an int, not '1'"),
        ({"dry0": True}, OptionError, "counter dry0 must be an int, not True"),
        (
            {"piles": {f"p{p}.{k}": "" for p in (0, 1) for k in ("reserve", "hand")}},
            InvalidState,
            "96 cards have no place: begin a pile with '...' to put them there",
        ),
    ],
)
def test_setup_refusals_say_what_is_wrong(
    kwargs: dict[str, Any], error: type[ZankError], message: str
) -> None:
    with pytest.raises(error) as info:
        RULES.setup(**kwargs)
    assert type(info.value) is error
    assert str(info.value) == message


def test_setup_numbers_at_their_bounds_are_taken() -> None:
    assert RULES.setup(turn=1, ply=0).ply == 0
    top = 2**53 - 1
    assert RULES.setup(turn=top, ply=top).turn == top
    with pytest.raises(OptionError, match=r"^ply must be an int from 0"):
        RULES.setup(ply=top + 1)


@pytest.mark.parametrize(("cards", "down"), [("", 0), ("Kc", 0), ("Kc 5d", 1), ("Kc 5d 7h", 2)])
def test_a_named_pile_shows_as_many_cards_face_up_as_the_deal_does(cards: str, down: int) -> None:
    """A reserve is dealt with its top card face up: a named reserve of any
    size shows its top card (and an empty one has no face-down card)."""
    labels = [s.label for s in RULES.layout(2)]
    state = RULES.setup({"p0.reserve": cards, "p0.hand": "... "})
    assert state.down[labels.index("p0.reserve")] == down


@pytest.mark.parametrize("name", ["zank-detailed", "zank", "spite-and-malice"])
def test_a_set_up_position_reads_back_from_its_text(name: str) -> None:
    """``setup`` keeps the generator state only where the rules still draw from
    it (``rng_matters``); the text leaves it out otherwise, and reads back 0."""
    rules = zank.variant(name)
    state = rules.setup(seed=5)
    if not rules.rng_matters(state):
        assert state.rng == 0
    assert parse_position(rules, position_text(rules, state)) == state


@pytest.mark.parametrize("extra", [0, 1])
def test_setup_quotes_an_unknown_counter_cut_beyond_30_characters(extra: int) -> None:
    name = "x" * (30 + extra)
    q = repr(name) if not extra else f"{name[:28]!r}… (31 characters)"
    counters: dict[str, Any] = {name: 1}
    with pytest.raises(OptionError) as info:
        RULES.setup(**counters)
    assert str(info.value) == f"zank-detailed has no counter {q}; its counters are: {COUNTERS}"


def test_counter_names_default_to_two_players() -> None:
    """zank-detailed is played by two only: the default must be a count it takes."""
    assert counter_names(RULES) == tuple(COUNTERS.split(", "))
    assert counter_names(RULES) == counter_names(RULES, 2)
