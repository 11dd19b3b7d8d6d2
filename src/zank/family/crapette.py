"""Crapette, or Russian Bank: the standard international game.

No seed document covers it; the rules page ``docs/rules/crapette.md`` takes
the rules from published sources (pagat.com, Hoyle-style guides, French rule
pages, Foster's *Russian Bank*), numbers them (``C-1`` …, the options
``C-V1`` …), names the source of each and records every point where the
sources differ as an option with a default.  The numbers appear in
:class:`~zank.core.Violation` objects.

Crapette is the family's reserve-and-hand-pile game
(:class:`~zank.family.stock.StockGame`, shared with zank-detailed) with its
own deal options, who begins, scoring and "Crapette!" call; everything else
comes from the kernel.  The notation is the family's (see
:mod:`zank.family.stock`): the waste is the family's *discard* (``d``, and
``od`` for the opponent's), so ``t-d`` puts the turned hand card on the own
waste and ends the turn.

``State.info`` holds the five public counters of the family game
``(dry0, dry1, stale, shuffles, flags)`` (C-17 to C-19), named by
:class:`~zank.family.stock.StockInfo` (``rules.info_of(state)``).  With
``table_mode=True`` (C-22) a player may leave a compulsory move undone and the
opponent may call "Crapette!" (``crapette``, also written ``stop``).

>>> import zank
>>> rules = zank.variant("crapette")
>>> state = rules.new_game(seed=1)
>>> len(state.pile("p0.reserve")), len(state.pile("p0.hand")), rules.legal_moves(state)[-1].text
(13, 35, 'turn')
"""

from __future__ import annotations

from typing import ClassVar, Final

from attrs import field, frozen

from zank.core import BOOL_OPTION, Result, State, Termination, option_validator
from zank.errors import OptionError
from zank.family import faults
from zank.family.stock import ALTERNATE, CUT, HIGHER, LOWER, StockGame, counts
from zank.family.table import DISCARD
from zank.registry import register

__all__ = ["AS_IS", "POINTS", "TAKE_BACK", "WIN", "Crapette", "score"]

POINTS: Final = "points"
"""``scoring``: the winner scores 30 and the loser's cards (C-20)."""
WIN: Final = "win"
"""``scoring``: a won game counts 1, no cards are counted (C-V5)."""
TAKE_BACK: Final = "take-back"
"""``call_penalty``: the faulty move is taken back and the turn ends (C-22)."""
AS_IS: Final = "as-is"
"""``call_penalty``: the faulty move stands and the turn ends (C-V6)."""


def score(state: State, winner: int | None, scoring: str = POINTS) -> Result:
    """The result of a finished game (C-20, C-V5).

    ``winner`` is the seat that went out: by default it scores 30, plus 2 for
    every card left in the opponent's reserve and 1 for every card in the
    opponent's hand pile and waste (:func:`~zank.family.stock.counts`); with
    ``scoring="win"`` it scores 1.  A game that ends without anyone going out
    (``winner`` ``None``: blocked or endless, C-17 and C-18) is a draw without
    points.
    """
    points = [0] * state.players
    if winner is None:
        return Result(None, tuple(points), Termination.BLOCKED)
    if scoring == WIN:
        points[winner] = 1
    else:
        c = counts(state)
        points[winner] = 30 + sum(c[q] for q in range(state.players) if q != winner)
    return Result(winner, tuple(points), Termination.WENT_OUT)


@register
@frozen(cache_hash=True, kw_only=True)
class Crapette(StockGame):
    """Crapette (Russian Bank), for two players.

    Options (keyword-only; the rules page explains each):

    * ``reserve_size`` (C-V1): 13 (default), 12 or 11 reserve cards.
    * ``waste_playable`` (C-V2): the top of the own waste is a free card.
    * ``who_begins`` (C-V3): ``"lower"`` (the lower reserve top, default),
      ``"higher"`` (the higher one), ``"cut"`` (the higher cut card) or
      ``"alternate"`` (``first_player`` begins; a match alternates it).
    * ``first_player``: the seat that begins when ``who_begins="alternate"``.
    * ``fill_from_reserve`` (C-V4): gaps must be filled from the reserve before
      a hand card is turned (C-11; default ``True``).
    * ``scoring`` (C-V5): ``"points"`` (30 and the loser's cards, default) or
      ``"win"`` (a won game counts 1).
    * ``no_progress_turns`` (C-18): the game ends when this many turns in a
      row pass without a card reaching a foundation (200).
    * ``table_mode`` (C-22): a player may leave a compulsory move undone, and
      the opponent may call "Crapette!" (see :mod:`zank.family.faults`).
    * ``call_window`` (C-22, with ``table_mode``): ``"faults"`` (default) asks
      the opponent only after a fault, ``"every-move"`` after every move.
    * ``call_penalty`` (C-V6, with ``table_mode``): ``"take-back"`` (default:
      the faulty move is taken back) or ``"as-is"`` (it stands); either way the
      turn ends.

    >>> import zank
    >>> rules = zank.variant("crapette", reserve_size=12, who_begins="higher")
    >>> state = rules.new_game(seed=1)
    >>> len(state.pile("p0.reserve")), len(state.pile("p0.hand"))
    (12, 36)
    """

    name = "crapette"
    greedy_policy: ClassVar[str | None] = "zank.family.greedy_crapette:crapette_policy"
    presets = (
        {},
        {"reserve_size": 12, "who_begins": CUT, "waste_playable": True},
        {"who_begins": HIGHER, "fill_from_reserve": False, "scoring": WIN, "reserve_size": 11},
        {"who_begins": ALTERNATE, "first_player": 1, "no_progress_turns": 40},
    )
    table_presets: ClassVar[tuple[dict[str, object], ...]] = (
        {"table_mode": True},
        {
            "table_mode": True,
            "call_window": faults.EVERY_MOVE,
            "call_penalty": AS_IS,
            "waste_playable": True,
        },
    )
    """Table-mode option sets (C-22), checked by the suites that iterate the
    variants' option sets."""
    pile_words: ClassVar[dict[str, str]] = {DISCARD: "waste"}
    rule_free = "C-4"
    rule_foundation = "C-5"
    rule_house = "C-6"
    rule_pack = "C-7"
    rule_reserve_first = "C-9"
    rule_foundation_first = "C-10"
    rule_gap_first = "C-11"
    rule_turn = "C-12"
    rule_end = "C-13"
    rule_empty_hand = "C-14"
    rule_shuffles = "C-19"
    rule_out = "C-16"
    rule_no_progress = "C-18"
    discard_option = "waste_playable"
    high_begins = True  # C-V3: the higher cut card begins
    houses_far_first = True  # C-3: the houses in the order they were dealt
    # table mode (zank.family.faults)
    fault_rules: ClassVar[tuple[str, ...]] = ("C-9", "C-10", "C-11")
    call_rule: ClassVar[str] = "C-22"
    call_text: ClassVar[str] = "crapette"
    call_aliases = ("stop",)  # Russian Bank's word

    reserve_size: int = field(default=13, validator=option_validator(choices=(13, 12, 11)))
    waste_playable: bool = field(default=False, validator=BOOL_OPTION)
    who_begins: str = field(
        default=LOWER, validator=option_validator(choices=(LOWER, HIGHER, CUT, ALTERNATE))
    )
    first_player: int = field(default=0, validator=option_validator(choices=(0, 1)))
    fill_from_reserve: bool = field(default=True, validator=BOOL_OPTION)
    scoring: str = field(default=POINTS, validator=option_validator(choices=(POINTS, WIN)))
    no_progress_turns: int = field(default=200, validator=option_validator(low=2, high=100_000))
    table_mode: bool = faults.table_mode_option()
    call_window: str = faults.call_window_option()
    call_penalty: str = field(
        default=TAKE_BACK, validator=option_validator(choices=(TAKE_BACK, AS_IS))
    )

    def __attrs_post_init__(self) -> None:
        if self.call_penalty != TAKE_BACK and not self.table_mode:
            raise OptionError(
                f"option 'call_penalty' of {self.name!r} applies only with table_mode=True"
            )
        super(Crapette, self).__attrs_post_init__()

    # ------------------------------------------------ the hooks of StockGame
    @property
    def discard_free(self) -> bool:
        """Whether the top of the own waste is a free card (C-V2)."""
        return self.waste_playable

    @property
    def gap_duty(self) -> bool:
        """Whether gaps are filled from the reserve before a hand card is turned (C-11, C-V4)."""
        return self.fill_from_reserve

    def game_result(self, state: State, winner: int | None) -> Result:
        """C-20, C-V5 (:func:`score`)."""
        return score(state, winner, self.scoring)

    # ------------------------------------------------------- table mode (C-22)
    def resolve_call(self, window: State, before: State, caller: int) -> State:
        """C-22: "Crapette!" -- the faulty move is taken back (C-V6
        ``"as-is"``: it stands) and the turn ends at once, a turned hand card
        going onto the waste."""
        tail = faults.window_tail(self, window)
        s = faults.strict_view(self, before)
        if self.call_penalty == AS_IS:
            s = self.strict_apply(s, self.moves[tail.action - 1])
        if s.outcome is None and s.turn == before.turn:
            s = self.strict_apply(s, self.end_turn(s, tail.by))
        return faults.settle(self, s, tail.skip, window.ply + 1)
