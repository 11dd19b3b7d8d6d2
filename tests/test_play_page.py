"""The Play page's Python side (``docs/play/zank_play.py``) and its assets, in CPython.

The page's JavaScript only forwards clicks and buttons to ``zank_play.handle``
and shows its answers, so the page's behaviour is tested here without a
browser; ``tests/test_play_browser.py`` drives the built page in Chromium.

* every legal move the page offers with a click is made by exactly that click,
  for every variant and preset, along games mixing clicks and buttons;
* an illegal click is answered with :meth:`zank.core.Rules.check`'s rule and
  message; a click that is no move at all with the variant's own words;
* undo takes back the reader's move and the agent's replies; the game record
  replays and loads again; bad requests get answers, never tracebacks;
* the asset extension copies the page's files, and the fetched assets only
  when there.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import play_assets
import pytest
import zank_play

import zank
from zank.agents import RandomAgent
from zank.cards import IS_JOKER, card_text, card_unicode
from zank.core import HIDDEN, Rules, State
from zank.play import GameRecord, replay

from .strategies import all_presets, preset_id


def call(**request: Any) -> dict[str, Any]:
    answer = json.loads(zank_play.handle(json.dumps(request)))
    assert isinstance(answer, dict)
    return answer


def click(entry: dict[str, Any]) -> dict[str, Any]:
    return call(op="click", **{"from": entry["from"], "index": entry["index"], "to": entry["to"]})


@pytest.fixture(autouse=True)
def fresh_page() -> Iterator[None]:
    zank_play._table = None
    yield
    zank_play._table = None


def table() -> zank_play.Table:
    assert zank_play._table is not None
    return zank_play._table


# ---------------------------------------------------------------- variants


def test_the_variants_and_their_options_come_from_zank() -> None:
    answer = call(op="variants")
    by_name = {v["name"]: v for v in answer["variants"]}
    assert set(by_name) == set(zank.VARIANTS)
    sm = {o["name"]: o for o in by_name["spite-and-malice"]["options"]}
    assert sm["pay_off_size"] == {
        "name": "pay_off_size",
        "default": 20,
        "low": 1,
        "high": 30,
        "help": "Cards in each pay-off pile, 1 to 30 (20). (S&M-V3)",
    }
    assert sm["jokers"]["choices"] == [False, True]
    assert sm["jokers"]["labels"] == ["no", "yes"]
    detailed = {o["name"]: o for o in by_name["zank-detailed"]["options"]}
    assert detailed["reserve_size"]["choices"] == [13, 12, 11]
    assert by_name["zank"]["max_players"] == 3
    for v in answer["variants"]:
        rules = zank.variant(v["name"])
        assert {o["name"]: o["default"] for o in v["options"]} == rules.options


# ------------------------------------------------------------------ clicks


@pytest.mark.slow
@pytest.mark.parametrize("rules", all_presets(), ids=preset_id)
def test_every_offered_click_makes_its_move(rules: Rules) -> None:
    """Along a game of clicks and buttons, each click plays the move it is offered for."""
    answer = call(op="deal", variant=rules.name, options=rules.options, seed=5)
    assert "error" not in answer, answer
    clicked = 0
    for step in range(120):
        if answer["over"] is not None:
            break
        legal = answer["legal"]
        assert answer["your_turn"]
        assert legal
        assert [e["move"] for e in legal] == [m.text for m in rules.legal_moves(table().state)]
        clickable = [e for e in legal if e["from"] is not None]
        made = len(table().moves)
        if clickable and step % 4:
            entry = clickable[step % len(clickable)]
            answer = click(entry)
            clicked += 1
        else:
            entry = legal[step % len(legal)]
            answer = call(op="move", move=entry["move"])
        assert "error" not in answer, (entry, answer["error"])
        assert table().moves[made] == entry["move"]
        assert table().movers[made] == table().seat
    assert clicked > 0


def test_clicks_name_the_moves_of_each_seat() -> None:
    # three players of the classic game: "od" is the next seat's discard, "od2" the one after
    state = zank.variant("zank").new_game(seed=1, players=3)
    assert zank_play.click_notation(state, 1, "h9", 0, "p2.discard") == "h9-od"
    assert zank_play.click_notation(state, 1, "h9", 0, "p0.discard") == "h9-od2"
    assert zank_play.click_notation(state, 1, "h9", 0, "f3") == "h9-f"
    assert zank_play.click_notation(state, 1, "p1.turned", 0, "p1.discard") == "t-d"
    assert zank_play.click_notation(state, 1, "p0.discard", 0, "h1") is None  # not yours
    assert zank_play.click_notation(state, 1, "nowhere", 0, "h1") is None
    # zank-104 shows the discard as the second talon
    state = zank.variant("zank-104").new_game(seed=1)
    assert zank_play.click_notation(state, 0, "h1", 0, "p1.second-talon") == "h1-os"
    assert zank_play.click_notation(state, 0, "p0.turned", 0, "p0.second-talon") == "t-s"
    # Spite and Malice names a hand card by its rank
    state = zank.variant("spite-and-malice").new_game(seed=7)
    hand = state.pile("p0.hand")
    ranks = [zank_play.click_notation(state, 0, "p0.hand", i, "build2") for i in range(len(hand))]
    assert ranks == [f"{card_text(c).split(':')[0][:-1].lower()}-b2" for c in hand]


def test_an_illegal_click_gets_the_librarys_explanation() -> None:
    answer = call(op="deal", variant="spite-and-malice", seed=7)
    state = table().state
    rules = state.rules
    for source, index in [("p0.pay", 0)] + [("p0.hand", i) for i in range(5)]:
        move_text = zank_play.click_notation(state, 0, source, index, "build3")
        assert move_text is not None
        move = {m.text: m for m in rules.moves}[move_text]
        violation = rules.check(state, move)
        if violation is None:
            continue
        answer = click({"from": source, "index": index, "to": "build3"})
        assert answer["error"] == {
            "message": violation.message,
            "rule": violation.rule,
            "move": move_text,
        }
        assert table().state is state  # nothing changed
        break
    else:
        pytest.fail("no illegal click found")


def test_a_click_that_is_no_move_says_why() -> None:
    call(op="deal", variant="spite-and-malice", seed=7)
    answer = call(op="click", **{"from": "p0.pay", "index": 0, "to": "p0.side1"})
    assert "S&M-9" in answer["error"]["message"]  # the variant's own words
    answer = call(op="click", **{"from": "p0.pay", "index": 0, "to": "p1.side1"})
    assert "no move of spite-and-malice" in answer["error"]["message"]
    assert answer["svg"].startswith("<svg")  # the table stays


# -------------------------------------------------------------- the game


def test_the_agent_plays_the_other_seats_and_undo_takes_back_its_replies() -> None:
    answer = call(op="deal", variant="spite-and-malice", seed=2, seat=1)  # seat 0 begins
    assert answer["seat"] == 1
    assert answer["your_turn"]
    assert answer["agent_moves"]
    assert answer["agent_moves"] == table().moves
    before = len(table().moves)
    assert not answer["can_undo"]
    assert "nothing to undo" in call(op="undo")["error"]["message"]
    answer = call(op="move", move=answer["legal"][-1]["move"])  # a discard ends the turn
    after = len(table().moves)
    assert after > before + 1
    assert answer["agent_moves"] == table().moves[before + 1 :]
    answer = call(op="undo")
    assert len(table().moves) == before
    assert answer["your_turn"]
    assert not answer["can_undo"]


def test_the_record_replays_and_loads_again() -> None:
    call(op="deal", variant="zank-detailed", seed=4, options={"reserve_size": 12})
    for _ in range(5):
        answer = call(op="move", move=call(op="view")["legal"][0]["move"])
    saved = call(op="record")
    record = GameRecord.loads(saved["record"])
    assert saved["filename"] == "zank-zank-detailed-seed4.json"
    assert record.options["reserve_size"] == 12
    assert record.tags == {
        "seat0": "you",
        "seat1": "greedy",
    }
    assert list(replay(record))[-1] == table().state
    call(op="deal", variant="spite-and-malice", seed=1)
    loaded = call(op="load", text=saved["record"])
    assert loaded["svg"] == answer["svg"]
    assert loaded["moves"] == len(record.moves)


def test_a_loaded_record_continues_with_the_agent_to_move() -> None:
    rules = zank.variant("spite-and-malice", pay_off_size=3)
    record = zank.play(rules, [RandomAgent(1), RandomAgent(2)], seed=9, max_moves=7)
    text = GameRecord(
        record.variant, record.options, record.seed, 2, record.moves, None, tags={"seat1": "you"}
    ).dumps()
    answer = call(op="load", text=text)
    assert answer["seat"] == 1
    assert answer["over"] is not None or answer["your_turn"]


def test_a_whole_game_ends_with_the_result() -> None:
    answer = call(op="deal", variant="spite-and-malice", seed=2, options={"pay_off_size": 2})
    while answer["over"] is None:
        answer = call(op="move", move=answer["legal"][0]["move"])
    out = table().state.outcome
    assert out is not None
    assert answer["over"].startswith("You win" if out.winner == 0 else f"Player {out.winner} wins")
    assert answer["legal"] == []
    assert not answer["your_turn"]
    assert (
        "game is over" in call(op="click", **{"from": "p0.pay", "to": "build1"})["error"]["message"]
    )


@pytest.mark.parametrize(
    ("request_", "words"),
    [
        ({"op": "view"}, "deal a game first"),
        ({"op": "fly"}, "unknown request"),
        ({}, "needs 'op'"),
        ({"op": "deal", "variant": "chess"}, "chess"),
        ({"op": "deal", "variant": "zank", "options": {"wings": True}}, "wings"),
        ({"op": "deal", "variant": "spite-and-malice", "options": {"pay_off_size": 99}}, "30"),
        ({"op": "deal", "variant": "spite-and-malice", "seed": -1}, "seed"),
        ({"op": "deal", "variant": "spite-and-malice", "seed": True}, "'seed' must be a int"),
        ({"op": "deal", "variant": "spite-and-malice", "players": 9}, "9"),
        ({"op": "deal", "variant": "spite-and-malice", "seat": 2}, "seat"),
        ({"op": "load", "text": "{"}, "not valid JSON"),
        ({"op": "load", "text": '{"format": "zank-record", "version": 1}'}, "moves"),
    ],
)
def test_bad_requests_get_answers(request_: dict[str, Any], words: str) -> None:
    answer = json.loads(zank_play.handle(json.dumps(request_)))
    assert words in answer["error"]["message"]
    assert len(answer["error"]["message"]) < 400


def test_text_that_is_no_request_gets_an_answer() -> None:
    assert "bad request" in json.loads(zank_play.handle("not json"))["error"]["message"]
    assert "JSON object" in json.loads(zank_play.handle("[1]"))["error"]["message"]


def test_a_bad_move_from_the_keyboard_keeps_the_game() -> None:
    call(op="deal", variant="spite-and-malice", seed=7)
    state = table().state
    answer = call(op="move", move="q-b1")
    assert answer["error"]["rule"].startswith("S&M")
    assert table().state is state


def test_the_position_text_of_the_game_sets_up_a_game() -> None:
    answer = call(op="deal", variant="spite-and-malice", seed=7)
    assert answer["can_set_up"]
    rules = zank.variant("spite-and-malice")
    position = call(op="solution")["solution"]
    assert rules.parse_position(position) == table().state
    call(op="move", move=answer["legal"][0]["move"])
    later = call(op="solution")["solution"]
    answer = call(op="position", text=position)
    assert answer["moves"] == 0
    assert table().state == rules.parse_position(position) != rules.parse_position(later)
    assert answer["recordable"]
    call(op="move", move=answer["legal"][0]["move"])
    record = zank.GameRecord.loads(call(op="record")["record"])
    assert record.start == position
    assert len(list(zank.replay(record))) == len(record.moves) + 1
    before = table().state
    call(op="load", text=record.dumps())  # the game of the record goes on
    assert table().states[len(record.moves)] == before
    bad = call(op="position", text="spite-and-malice/2 draw[Ah")
    assert "character" in bad["error"]["message"]


# ---------------------------------------------------------------- assets


def test_the_extension_copies_the_page_files_and_the_assets_when_there(tmp_path: Path) -> None:
    out, cache = tmp_path / "html", tmp_path / "cache"
    assert not play_assets.install(out, cache)
    site = out / "_static" / "play"
    assert {p.name for p in site.iterdir()} == set(play_assets.PAGE_FILES)
    (cache / "pyodide").mkdir(parents=True)
    for name in play_assets.PYODIDE_FILES:
        (cache / "pyodide" / name).write_text(name)
    (cache / "wheels").mkdir()
    (cache / "wheels" / "zank-1-py3-none-any.whl").write_bytes(b"PK")
    (cache / "assets.json").write_text(json.dumps({"wheels": ["zank-1-py3-none-any.whl"]}))
    assert play_assets.install(out, cache)
    assert (site / "pyodide" / "pyodide.asm.wasm").read_text() == "pyodide.asm.wasm"
    assert (site / "wheels" / "zank-1-py3-none-any.whl").read_bytes() == b"PK"
    assert (site / "assets.json").exists()
    (cache / "assets.json").unlink()
    assert not play_assets.install(out, cache)
    assert not (site / "assets.json").exists()  # the page then says what it needs


def test_the_python_of_the_embedding_how_to_plays_a_game() -> None:
    """docs/howto/embed-in-a-web-page.md: its module answers and plays to the end."""
    page = Path(__file__).parent.parent / "docs" / "howto" / "embed-in-a-web-page.md"
    (code,) = re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    module: dict[str, Any] = {}
    exec(compile(code, str(page), "exec"), module)
    answer = json.loads(module["handle"]("{}"))
    assert answer["svg"].startswith("<svg")
    refused = json.loads(module["handle"](json.dumps({"move": "zz"})))
    assert refused["error"] == "not a move"
    for _ in range(500):
        if answer["result"] is not None:
            break
        answer = json.loads(module["handle"](json.dumps({"move": answer["legal"][0]})))
    assert answer["result"] is not None
    refused = json.loads(module["handle"](json.dumps({"move": "q-b1"})))
    assert refused["rule"] == "over"


# ------------------------------------------------- nothing hidden on show


FACE = 63
"""The bits of a card id that make its face (the rest is the pack, :data:`zank.cards.DECK`)."""


def _hidden_games() -> list[tuple[Rules, int]]:
    """Each preset with as many seats as it takes (three at most), and a
    table-mode game of each variant that has one (its calls and penalties)."""
    out = []
    for rules in all_presets():
        out.append((rules, min(rules.max_players, 3)))
    for name, cls in sorted(zank.VARIANTS.items()):
        if "table_mode" in {a.name for a in attrs.fields(cls)}:
            out.append((zank.variant(name, table_mode=True, call_window="every-move"), 2))
    return out


def _game_id(game: tuple[Rules, int]) -> str:
    rules, players = game
    return f"{preset_id(rules)}/{players}"


def _texts(answer: Any) -> Iterator[str]:
    """Every string of an answer; the picture's markup turned to spaces."""
    if isinstance(answer, str):
        yield answer
    elif isinstance(answer, dict):
        for key, value in answer.items():
            if key == "svg":
                yield re.sub(r"<[^>]*>", " ", value)
            else:
                yield from _texts(value)
    elif isinstance(answer, list):
        for value in answer:
            yield from _texts(value)


def _faces(c: int) -> list[str]:
    """How the page could write card ``c``: ``10♥``, ``Th``, ``10h`` (no pack)."""
    ascii_ = card_text(c).split(":")[0]
    forms = [card_unicode(c).split(":")[0], ascii_]
    if ascii_.startswith("T"):
        forms.append("10" + ascii_[1:])
    return forms


def _visible(state: State, seat: int) -> set[int]:
    obs = state.rules.observe(state, seat)
    return {c & FACE for pile in obs.piles for c in pile if c != HIDDEN}


def _twin(state: State, seat: int, rnd: random.Random) -> State:
    """``state`` with the cards hidden from ``seat`` shuffled among their
    places and another random generator: the same observation for ``seat``."""
    obs = state.rules.observe(state, seat)
    places = [(i, j) for i, pile in enumerate(obs.piles) for j, c in enumerate(pile) if c == HIDDEN]
    cards = [state.piles[i][j] for i, j in places]
    rnd.shuffle(cards)
    piles = [list(pile) for pile in state.piles]
    for (i, j), c in zip(places, cards, strict=True):
        piles[i][j] = c
    twin = attrs.evolve(state, piles=tuple(map(tuple, piles)), rng=rnd.getrandbits(63))
    assert state.rules.observe(twin, seat) == obs
    return twin


@pytest.mark.parametrize("game", _hidden_games(), ids=_game_id)
def test_no_text_of_the_page_shows_a_hidden_card(game: tuple[Rules, int]) -> None:
    """Along a game (the reader at seat 1, the agents at the others), no
    answer names a card hidden from the reader that it has never seen: not
    the table as text, the moves, the messages, the picture's caption; and
    two positions the reader cannot tell apart (the hidden cards shuffled,
    another random generator) give the very same view, picture included."""
    rules, players = game
    rnd = random.Random(preset_id(rules))
    seat = 1
    answer = call(
        op="deal", variant=rules.name, options=rules.options, seed=3, players=players, seat=seat
    )
    assert "error" not in answer, answer
    seen: set[int] = set()
    checked = twins = 0
    for step in range(40):
        states = table().states
        for state in states:
            seen |= _visible(state, seat)
        state = table().state
        obs = rules.observe(state, seat)
        hidden = {
            c & FACE
            for i, pile in enumerate(obs.piles)
            for j, c in enumerate(pile)
            if c == HIDDEN
            for c in [state.piles[i][j]]
            if not IS_JOKER[c]
        }
        unseen = hidden - seen
        text = "\n".join(_texts(answer))
        for c in unseen:
            for face in _faces(c):
                assert not re.search(rf"(?<![0-9A-Za-z]){re.escape(face)}(?![0-9A-Za-z])", text), (
                    face,
                    text,
                )
        checked += len(unseen)
        if step % 5 == 0 and state.outcome is None:
            view = zank_play.Table(rules, 3, players, seat, [state]).view()
            other = zank_play.Table(rules, 3, players, seat, [_twin(state, seat, rnd)]).view()
            assert other == view
            twins += 1
        if answer["over"] is not None:
            break
        legal = answer["legal"]
        answer = call(op="move", move=legal[rnd.randrange(len(legal))]["move"])
        assert "error" not in answer, answer
    assert checked > 0
    assert twins > 0


# ------------------------------------------------------------ player's words


def test_piles_are_named_as_players_say_them() -> None:
    crapette = zank_play.pile_names(zank.variant("crapette"), 2, 0)
    assert crapette["p0.reserve"] == "your reserve"
    assert crapette["p1.discard"] == "the opponent's waste"
    assert crapette["h3"] == "house 3"
    assert crapette["f1"] == "foundation 1"
    classic = zank_play.pile_names(zank.variant("zank"), 3, 1)
    assert classic["p1.hand"] == "your source"
    assert classic["p2.discard"] == "player 2's discard"
    assert classic["h9"] == "edge pile 9"
    z104 = zank_play.pile_names(zank.variant("zank-104"), 2, 1)
    assert z104["p0.second-talon"] == "the opponent's second talon"
    assert z104["p1.turned"] == "your turned talon card"
    sm = zank_play.pile_names(zank.variant("spite-and-malice"), 2, 0)
    assert (sm["p0.side2"], sm["build1"], sm["draw"]) == (
        "your side stack 2",
        "build pile 1",
        "the draw pile",
    )
    for name in zank.VARIANTS:  # every pile of every variant has words, no label
        for words in zank_play.pile_names(zank.variant(name), 2, 0).values():
            assert not re.search(r"\.|\bp[0-9]", words), words


def test_a_click_that_is_no_move_names_the_piles_in_words() -> None:
    call(op="deal", variant="spite-and-malice", seed=7)
    answer = call(op="click", **{"from": "p0.pay", "index": 0, "to": "p1.side1"})
    assert "from your pay-off pile to the opponent's side stack 1" in answer["error"]["message"]


def test_refusals_write_cards_without_their_pack() -> None:
    assert zank_play.plain_cards("10♣:1 cannot go on K♥:0; J♠ neither") == (
        "10♣ cannot go on K♥; J♠ neither"
    )
    assert zank_play.plain_cards("free 7h:1") == "free 7h:1"  # notation stays notation


def test_options_have_a_line_of_help_and_valid_choices_only() -> None:
    for v in zank_play.variants():
        assert "\n" not in v["summary"]
        assert "seed 0" not in v["summary"]
        for o in v["options"]:
            assert o["help"], (v["name"], o["name"])
            assert not re.search(r"``|:mod:", o["help"]), o["help"]
            if "choices" in o:
                assert o["default"] in o["choices"]
                assert len(o["labels"]) == len(o["choices"])
    by_name = {v["name"]: {o["name"]: o for o in v["options"]} for v in zank_play.variants()}
    first = by_name["zank"]["first_player"]
    assert first["choices"] == [None, 0, 1, 2]
    assert first["labels"] == ["drawn by lot", "player 0", "player 1", "player 2"]
    assert by_name["schikanieren"]["learning"]["choices"] == [False]  # zank's only
    assert by_name["zank"]["call_window"]["choices"] == ["faults", "every-move"]  # table mode
    assert by_name["zank"]["learning"]["help"].endswith("(Z-V2)")


# ------------------------------------------------- the agents' moves, one by one


def test_the_agents_moves_come_one_by_one_with_their_seat() -> None:
    answer = call(op="deal", variant="zank", seed=5, players=3, seat=1)
    steps = answer["steps"]
    assert [s["move"] for s in steps] == answer["agent_moves"] == table().moves
    assert {s["by"] for s in steps} == {0, 2}  # both agents moved before the reader
    for s in steps:
        assert s["by"] == table().movers[s["index"]]
        assert s["text"].startswith(f"Player {s['by']} played {s['move']}")
        picture = call(op="picture", index=s["index"])["svg"]
        assert f"last move: {s['move']} by Player {s['by']}" in picture
        assert picture == zank_play.Table.picture(table(), s["index"])
    assert "no move 99" in call(op="picture", index=99)["error"]["message"]
    answer = call(op="move", move=answer["legal"][-1]["move"])
    assert answer["played"].startswith(f"You played {table().moves[len(steps)]}")
    first = answer["steps"][0]["index"] if answer["steps"] else len(table().moves)
    assert first == len(steps) + 1  # the agents' replies follow the reader's move


def test_a_call_names_the_fault_and_its_rule() -> None:
    """crapette in table mode: the agent calls the reader's fault with its rule."""
    rules = zank.variant("crapette", table_mode=True)
    answer = call(op="deal", variant="crapette", seed=3, options={"table_mode": True})
    for _ in range(60):
        state = table().state
        strict = {m.text for m in rules.strict_moves(state)}
        faults = [e["move"] for e in answer["legal"] if e["move"] not in strict]
        if faults:
            move = rules.parse_move(state, faults[0])
            violation = rules.fault_violation(state, move)
            answer = call(op="move", move=faults[0])
            calls = [s["text"] for s in answer["steps"] if "called" in s["text"]]
            assert calls, answer["steps"]
            assert calls[0] == (
                f"Player 1 called “crapette” on your move {faults[0]}: "
                f"{zank_play.plain_cards(violation.message)} (rule {violation.rule})."
            )
            return
        answer = call(op="move", move=answer["legal"][0]["move"])
    pytest.fail("no fault to make in 60 moves")


def test_a_move_in_words_names_piles_never_cards() -> None:
    state = zank.variant("crapette").new_game(seed=1)
    rules = state.rules
    move = rules.legal_moves(state)[0]
    after = rules.apply(state, move)
    text = zank_play.describe_move(state, move.text, after, 0)
    assert text.startswith(f"You played {move.text}: from your ")
    assert text == zank_play.describe_move(state, move.text, after, 0)
    assert zank_play.describe_move(state, move.text, after, 1).startswith("Player 0 played")


# ----------------------------------------------------- opponents and evaluation (issue 33)
def test_the_page_offers_the_search_levels_as_opponents() -> None:
    offered = [o["name"] for o in call(op="variants")["opponents"]]
    assert offered == ["greedy", "random", "search:easy", "search:medium", "search:hard"]
    rules = zank.variant("spite-and-malice", pay_off_size=3)
    answer = call(op="deal", variant="spite-and-malice", options={"pay_off_size": 3}, seed=2,
                  seat=1, opponent="search:easy")  # fmt: skip
    assert answer["opponent"] == "search:easy"
    # the search level played seat 0's moves: the same as the agent by name does
    from zank.simulate import agent_factory

    agent = agent_factory("search:easy")(2)
    state = rules.new_game(seed=2)
    for move in answer["agent_moves"]:
        chosen = agent.choose(rules, rules.observe(state, 0), rules.legal_moves(state))
        assert chosen.text == move
        state = rules.apply(state, chosen)
    for _ in range(3):
        answer = call(op="move", move=answer["legal"][-1]["move"])
        if answer["over"] is not None:
            break
    record = GameRecord.loads(call(op="record")["record"])
    assert record.tags == {"seat0": "search:easy", "seat1": "you"}
    call(op="deal", variant="zank-detailed", seed=1)
    assert call(op="load", text=record.dumps())["opponent"] == "search:easy"
    assert call(op="deal", variant="spite-and-malice", seed=1)["opponent"] == "greedy"
    refused = call(op="deal", variant="spite-and-malice", seed=1, opponent="first")
    assert "unknown opponent" in refused["error"]["message"]


def test_the_evaluation_is_each_seats_chance_from_the_readers_view() -> None:
    answer = call(op="deal", variant="crapette", seed=5)
    call(op="move", move=answer["legal"][0]["move"])
    first = call(op="evaluate", samples=6, seconds=1000)["evaluation"]
    assert first["seat"] == 0
    assert first["samples"] == 6
    assert sum(first["values"]) == pytest.approx(1.0)
    assert all(0 <= v <= 1 for v in first["values"])
    assert call(op="evaluate", samples=6, seconds=1000)["evaluation"] == first  # seeded
    # the same view with the hidden cards dealt anew: the same figures
    page = table()
    state = page.state
    other = state.rules.sample_state(state.rules.observe(state, page.seat), seed=4)
    assert other.piles != state.piles
    page.states[-1] = other
    assert call(op="evaluate", samples=6, seconds=1000)["evaluation"] == first
    quick = call(op="evaluate", samples=1000, seconds=0)["evaluation"]
    assert quick["samples"] == 2  # the time is up after the first two rollouts
    assert "samples" in call(op="evaluate", samples=0)["error"]["message"]
    assert "seconds" in call(op="evaluate", seconds="soon")["error"]["message"]
