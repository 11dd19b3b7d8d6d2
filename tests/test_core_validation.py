"""The shared checks of ``Rules.validate`` (zank.core), each on its own, naming the field.

Found by mutation testing (issue 25). Each state here is a valid one with one
field changed (``attrs.evolve`` skips nothing: the State class does not check its
fields, ``validate`` does); each test checks the message names the field and the
value, and the bounds are tried on both sides.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import zank
from zank.core import HIDDEN, MAX_STATE_INT, Observation, Result, State, Termination
from zank.random import MASK64

SPITE = zank.variant("spite-and-malice")
STATE = SPITE.new_game(seed=5)
ZANK = zank.variant("zank")
THREE = ZANK.new_game(seed=2, players=3)


def _invalid(state: State, match: str) -> None:
    with pytest.raises(zank.InvalidState, match=match):
        state.rules.validate(state)


def _set(state: State, **changes: Any) -> State:
    return attrs.evolve(state, **changes)


def test_a_valid_state() -> None:
    SPITE.validate(STATE)
    ZANK.validate(THREE)


def test_the_state_belongs_to_the_rules() -> None:
    with pytest.raises(zank.InvalidState, match=r"^expected a zank State, not dict$"):
        SPITE.validate({})  # type: ignore[arg-type]
    with pytest.raises(
        zank.InvalidState,
        match=r"^the state belongs to ClassicZank\(.*\), not to SpiteAndMalice\(.*: use the rules",
    ):
        SPITE.validate(THREE)
    SPITE.validate(_set(STATE, rules=zank.variant("spite-and-malice")))  # an equal rules object


@pytest.mark.parametrize("players", [1, 7, True, "2"])
def test_the_seat_count(players: Any) -> None:
    _invalid(_set(STATE, players=players), r"^spite-and-malice is played by 2 to 6 players, not ")


def test_the_number_of_piles() -> None:
    _invalid(_set(STATE, piles=STATE.piles[:-1]), r"^a 2-player game has \d+ piles$")
    _invalid(_set(STATE, down=STATE.down[:-1]), r"^a 2-player game has \d+ piles$")
    _invalid(_set(STATE, piles=list(STATE.piles)), r"^a 2-player game has \d+ piles$")
    _invalid(_set(STATE, down=list(STATE.down)), r"^a 2-player game has \d+ piles$")
    # one pile too many (with the right down counts, and the other way round): refused
    # by the count, not by the zip after it (issue 38, twelfth campaign, second worker)
    piles = len(SPITE.layout(2))
    _invalid(_set(STATE, piles=(*STATE.piles, ())), rf"^a 2-player game has {piles} piles$")
    _invalid(_set(STATE, down=(*STATE.down, 0)), rf"^a 2-player game has {piles} piles$")


def _pile(state: State, label: str, cards: Any = None, down: Any = None) -> State:
    i = state.rules.pile_index(state.players, label)
    piles, downs = list(state.piles), list(state.down)
    if cards is not None:
        piles[i] = cards
    if down is not None:
        downs[i] = down
    return _set(state, piles=tuple(piles), down=tuple(downs))


@pytest.mark.parametrize("cards", [[1, 2], (1, True), (1, 2.0), (1, -1), (1, 512)])
def test_a_pile_is_a_tuple_of_card_ids(cards: Any) -> None:
    _invalid(_pile(STATE, "build1", cards), r"^pile build1: not a tuple of card ids$")


def test_a_sorted_pile_is_sorted() -> None:
    hand = STATE.pile("p0.hand")
    _invalid(_pile(STATE, "p0.hand", hand[::-1]), r"^pile p0\.hand must be sorted by card id$")


@pytest.mark.parametrize("down", [-1, 6, True, 1.0, "5"])
def test_a_face_down_count_fits_the_pile(down: Any) -> None:
    _invalid(
        _pile(STATE, "p0.hand", down=down),
        rf"^pile p0\.hand: {down!r} face-down cards but 5 cards in the pile$",
    )


def test_the_cards_are_those_of_the_game() -> None:
    draw = STATE.pile("draw")
    missing = _pile(STATE, "draw", draw[:-1], down=len(draw) - 1)
    _invalid(missing, r"^the cards are not those of the game: missing \S+$")
    extra = _pile(STATE, "draw", (*draw, draw[0]), down=len(draw) + 1)
    _invalid(extra, r"^the cards are not those of the game: extra \S+$")
    both = _pile(STATE, "draw", (*draw[:-1], draw[0]))
    _invalid(both, r"^the cards are not those of the game: missing \S+; extra \S+$")


@pytest.mark.parametrize("field", ["phase", "ply", "turn"])
@pytest.mark.parametrize("value", [-1, MAX_STATE_INT + 1, True, "0", 1.0])
def test_the_counters_are_integers_in_range(field: str, value: Any) -> None:
    _invalid(
        _set(STATE, **{field: value}),
        rf"^'{field}' must be an integer from 0 to 2\*\*53 - 1, not ",
    )


@pytest.mark.parametrize("rng", [-1, MASK64 + 1, True, "0x1", None])
def test_the_generator_state_is_64_bits(rng: Any) -> None:
    _invalid(_set(STATE, rng=rng), r"^'rng' must be an integer from 0 to 2\*\*64 - 1, not ")


def test_the_generator_state_takes_its_bounds() -> None:
    SPITE.validate(_set(STATE, rng=0))
    SPITE.validate(_set(STATE, rng=MASK64))


def test_turn_fits_ply() -> None:
    _invalid(_set(STATE, turn=0, ply=0), r"^'turn' 0 does not fit 'ply' 0: every turn after")
    _invalid(_set(STATE, turn=3, ply=1), r"^'turn' 3 does not fit 'ply' 1: ")
    SPITE.validate(_set(STATE, turn=2, ply=1))
    SPITE.validate(_set(STATE, turn=1, ply=5))


@pytest.mark.parametrize(
    "info", [[0], (True,), (1.0,), (MAX_STATE_INT + 1,), (-MAX_STATE_INT - 1,), None]
)
def test_info_is_a_tuple_of_integers(info: Any) -> None:
    _invalid(_set(THREE, info=info), r"^'info' must be a tuple of integers, not ")


def test_info_has_at_most_the_variants_size() -> None:
    size = ZANK.info_size(3)
    _invalid(
        _set(THREE, info=(0,) * (size + 1)),
        rf"^'info' has {size + 1} integers; a state of zank has at most {size}$",
    )
    _invalid(_set(STATE, info=(0,)), r"^'info' has 1 integers; a state of spite-and-malice")


@pytest.mark.parametrize("to_move", [None, -1, 2, True, "0"])
def test_a_running_game_has_a_seat_to_move(to_move: Any) -> None:
    _invalid(_set(STATE, to_move=to_move), r"^'to_move' must be a seat of a running game, not ")


def _over(state: State, outcome: Any, to_move: Any = None) -> State:
    return _set(state, outcome=outcome, to_move=to_move)


def test_a_finished_game_has_nobody_to_move() -> None:
    won = Result(0, (5, 0), Termination.WENT_OUT)
    _invalid(_over(STATE, won, to_move=0), r"^a finished game has no player to move")


@pytest.mark.parametrize(
    "outcome",
    [(0, (5, 0), "went out"), Result(0, (5, 0), "went out")],  # type: ignore[arg-type]
)
def test_the_outcome_is_a_result(outcome: Any) -> None:
    _invalid(_over(STATE, outcome), r"^'outcome' must be a Result, not ")


@pytest.mark.parametrize("points", [[5, 0], (5,), (5, 0, 0), (5, True), (5, MAX_STATE_INT + 1)])
def test_outcome_points_are_one_integer_per_seat(points: Any) -> None:
    _invalid(
        _over(STATE, Result(0, points, Termination.WENT_OUT)),
        r"^outcome points must be one integer per seat, not ",
    )


@pytest.mark.parametrize("winner", [-1, 2, True, "0"])
def test_the_winner_is_a_seat(winner: Any) -> None:
    _invalid(
        _over(STATE, Result(winner, (5, 0), Termination.WENT_OUT)),
        rf"^outcome winner {winner!r} is not a seat$",
    )


def test_negative_points_and_info_within_bounds_pass_the_shared_checks() -> None:
    # the shared checks take -2**53 + 1 .. 2**53 - 1; the variant then judges the values
    with pytest.raises(zank.InvalidState) as info:
        SPITE.validate(_over(STATE, Result(1, (-MAX_STATE_INT, 0), Termination.WENT_OUT)))
    assert "points must be one integer" not in str(info.value)


# ------------------------------------------------------------- observations


def test_an_observation_is_checked_before_use() -> None:
    view = SPITE.observe(STATE, 0)
    move = SPITE.legal_moves(STATE)[0]
    assert SPITE.touched_piles(view, move)
    with pytest.raises(zank.InvalidState, match=r"^expected a zank Observation, not State$"):
        SPITE.sample_state(STATE)  # type: ignore[arg-type]
    bad_seat = attrs.evolve(view, player=2)
    with pytest.raises(zank.InvalidState, match=r"^not an observation of spite-and-malice: player"):
        SPITE.sample_state(bad_seat)
    short = attrs.evolve(view, piles=view.piles[:-1])
    with pytest.raises(
        zank.InvalidState, match=r"^an observation of a 2-player game has \d+ piles"
    ):
        SPITE.sample_state(short)
    for long in (
        attrs.evolve(view, piles=(*view.piles, ())),
        attrs.evolve(view, down=(*view.down, 0)),
    ):
        with pytest.raises(
            zank.InvalidState, match=r"^an observation of a 2-player game has \d+ piles"
        ):
            SPITE.sample_state(long)
    i = SPITE.pile_index(2, "p1.hand")
    piles = list(view.piles)
    piles[i] = (HIDDEN, 600)
    with pytest.raises(
        zank.InvalidState, match=r"^pile p1\.hand: not a tuple of card ids and HIDDEN"
    ):
        SPITE.sample_state(attrs.evolve(view, piles=tuple(piles)))
    downs = list(view.down)
    downs[i] = 9
    with pytest.raises(zank.InvalidState, match=r"^pile p1\.hand: 9 face-down cards$"):
        SPITE.sample_state(attrs.evolve(view, down=tuple(downs)))
    assert isinstance(view, Observation)


def test_the_largest_state_integer_is_2_to_the_53_minus_1() -> None:
    """JSON numbers are exact up to 2**53 - 1 (in JavaScript too): the bound of every
    integer of a state, as the messages say."""
    assert MAX_STATE_INT == 2**53 - 1
    SPITE.validate(_set(STATE, ply=2**53 - 1, turn=2**53 - 1))
    _invalid(_set(STATE, ply=2**53, turn=1), r"^'ply' must be an integer from 0 to 2\*\*53 - 1")


def test_the_short_repr_of_a_state_says_how_it_stands() -> None:
    assert repr(STATE).startswith("<State spite-and-malice, 2 players, turn 1, ply 0, seat ")
    won = _over(STATE, Result(1, (5, 0), Termination.WENT_OUT))
    assert repr(won).endswith(", won by seat 1 (went out)>")
    drawn = _over(STATE, Result(None, (0, 0), Termination.DRAW_PILE_EMPTY))
    assert repr(drawn).endswith(", drawn (draw pile empty)>")
    assert repr(SPITE.observe(drawn, 1)).endswith(", drawn (draw pile empty)>")


def test_decode_names_the_action_space() -> None:
    last = SPITE.action_space - 1
    for action in (-1, last + 1, 1.0):
        with pytest.raises(
            zank.IllegalMove, match=rf"^action .* is outside the action space 0\.\.{last}$"
        ):
            SPITE.decode(STATE, action)  # type: ignore[arg-type]


def test_missing_cards_are_listed_twelve_at_most() -> None:
    draw = STATE.pile("draw")
    short = _pile(STATE, "draw", draw[:-13], down=len(draw) - 13)
    with pytest.raises(zank.InvalidState) as info:
        SPITE.validate(short)
    listed = str(info.value).removeprefix("the cards are not those of the game: missing ")
    assert listed.endswith(" and 1 more")
    assert len(listed.removesuffix(" and 1 more").split()) == 12
    twelve = _pile(STATE, "draw", draw[:-12], down=len(draw) - 12)
    with pytest.raises(zank.InvalidState, match=r"missing (\S+ ){11}\S+$"):
        SPITE.validate(twelve)


def test_an_option_takes_its_bounds() -> None:
    assert zank.variant("zank-detailed", no_progress_turns=100_000).no_progress_turns == 100_000
    assert zank.variant("zank-detailed", no_progress_turns=2).no_progress_turns == 2
    for bad in (1, 100_001):
        with pytest.raises(zank.OptionError, match=r"from 2 to 100000, not "):
            zank.variant("zank-detailed", no_progress_turns=bad)


def test_the_cards_of_a_game_are_for_two_seats_by_default() -> None:
    assert ZANK.cards() == ZANK.cards(2)
    assert len(ZANK.cards()) == 104
    assert len(ZANK.cards(3)) != 104


def test_decode_gives_the_legal_move_of_the_action_and_refuses_an_illegal_one() -> None:
    legal = SPITE.legal_moves(STATE)
    for move in legal:
        assert SPITE.decode(STATE, move.action) is move
    illegal = next(m for m in SPITE.moves if m not in legal)
    with pytest.raises(zank.IllegalMove) as info:
        SPITE.decode(STATE, illegal.action)
    assert info.value.rule == SPITE.check(STATE, illegal).rule  # type: ignore[union-attr]
    with pytest.raises(zank.IllegalMove) as info:
        SPITE.parse_move(STATE, illegal.text)
    assert info.value.rule == SPITE.check(STATE, illegal).rule  # type: ignore[union-attr]


def test_a_sampled_state_fills_every_hidden_card() -> None:
    view = SPITE.observe(STATE, 0)
    assert HIDDEN in view.piles[SPITE.pile_index(2, "p1.hand")]
    sampled = SPITE.sample_state(view, seed=3)
    SPITE.validate(sampled)
    assert all(HIDDEN not in pile for pile in sampled.piles)
    assert sampled.pile("p0.hand") == STATE.pile("p0.hand")


def test_seats_are_named_with_their_range() -> None:
    with pytest.raises(zank.OptionError, match=r"^player must be a seat from 0 to 1, not 5$"):
        SPITE.observe(STATE, 5)
    view = SPITE.observe(STATE, 0)
    with pytest.raises(zank.InvalidState, match=r"^an observation of a 2-player game has"):
        SPITE.sample_state(attrs.evolve(view, down=list(view.down)))  # type: ignore[arg-type]


def test_action_0_is_inside_the_action_space() -> None:
    first = SPITE.moves[0]
    if first in SPITE.legal_moves(STATE):
        assert SPITE.decode(STATE, 0) is first
    else:
        with pytest.raises(zank.IllegalMove) as info:
            SPITE.decode(STATE, 0)
        assert info.value.rule != "notation"


def test_a_variant_of_one_seat_count_names_it() -> None:
    detailed = zank.variant("zank-detailed")
    assert detailed.min_players == detailed.max_players == 2
    with pytest.raises(zank.OptionError, match=r"^zank-detailed is played by 2 players, not 3$"):
        detailed.new_game(seed=1, players=3)
    with pytest.raises(
        zank.OptionError, match=r"^spite-and-malice is played by 2 to 6 players, not 7$"
    ):
        SPITE.new_game(seed=1, players=7)
