"""zank-detailed: the seed's worked example as a scenario, and whole random games."""

from __future__ import annotations

import pytest

import zank
from zank.agents import RandomAgent
from zank.core import Termination
from zank.family.detailed import ZankDetailed, counts
from zank.random import Rng

from ..matrix import finished_game
from .positions import KINGS, c, play, position, texts

RULES = zank.variant("zank-detailed")


def test_the_seeds_worked_example_anna_s_turn() -> None:
    """ "Auf Annas Reserve liegt die Herz-2, das Herz-Ass liegt schon in der Mitte …"

    Anna (seat 0): heart 2 from the reserve to the foundation, club 8 onto the
    heart 9, the gap filled with the diamond queen, the spade 5 packed onto
    Ben's spade 6, the heart jack discarded.
    """
    anna = position(
        RULES,
        {
            **KINGS,
            "f1": "Ah",
            "h1": "9h",
            "h2": "",
            "p0.reserve": "5c Qd 8c 2h",
            "p0.hand": "Jh 5s",
            "p1.reserve": "4c:1",
            "p1.discard": "6s:1",
        },
        rest="p1.hand",
    )
    # "also muss sie zuerst die Herz-2 spielen"
    assert texts(RULES, anna) == ["r-f"]
    anna = play(RULES, anna, "r-f")
    assert anna.pile("f1") == (c("Ah"), c("2h"))
    # "Darunter kommt die Kreuz-8 zum Vorschein, die an das Haus mit der Herz-9 passt."
    assert anna.pile("p0.reserve")[-1] == c("8c")
    assert "r-h1" in texts(RULES, anna)
    # the gap must be filled from the reserve before she turns a hand card
    assert "turn" not in texts(RULES, anna)
    anna = play(RULES, anna, "r-h1")
    assert anna.pile("h1") == (c("9h"), c("8c"))
    # "Ein Haus ist leer, also muss sie es aus der Reserve füllen (Karo-Dame)."
    assert anna.pile("p0.reserve")[-1] == c("Qd")
    assert "turn" not in texts(RULES, anna)
    anna = play(RULES, anna, "r-h2")
    assert anna.pile("h2") == (c("Qd"),)
    # "Dann deckt sie ihre Handkarte auf: die Pik-5."
    anna = play(RULES, anna, "turn")
    assert anna.pile("p0.turned") == (c("5s"),)
    # "Auf Bens Abwurfstapel liegt die Pik-6, dort packt sie die Pik-5 auf."
    assert "t-od" in texts(RULES, anna)
    anna = play(RULES, anna, "t-od", "turn")
    assert anna.pile("p1.discard") == (c("6s:1"), c("5s"))
    # "Die nächste Handkarte, der Herz-Bube, passt nirgends"
    assert anna.pile("p0.turned") == (c("Jh"),)
    assert [t for t in texts(RULES, anna) if t.startswith("t-")] == ["t-d"]
    ben = play(RULES, anna, "t-d")
    # "sie kommt auf Annas Abwurfstapel, und ihr Zug ist vorbei"
    assert ben.pile("p0.discard") == (c("Jh"),)
    assert ben.to_move == 1
    assert ben.turn == anna.turn + 1
    assert ben.ply == anna.ply + 1


PRESETS = [zank.variant("zank-detailed", **dict(o)) for o in ZankDetailed.presets]


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: str(r.options))
def test_random_games_all_end(rules: zank.Rules) -> None:
    """75 seeded random games per preset end (tests/test_games_end.py checks
    the first of them too) and score by ZD-20."""
    reasons = set()
    for seed in range(75):
        _, state = finished_game(rules, 2, seed)
        result = rules.result(state)
        assert result is not None, f"seed {seed} ran away"
        rules.validate(state)
        reasons.add(result.reason)
        if result.reason is Termination.WENT_OUT:
            w = result.winner
            assert w is not None
            assert counts(state)[w] == 0
            assert result.points[w] == 30 + counts(state)[1 - w]
        elif result.winner is not None:
            c0, c1 = counts(state)
            assert result.points[result.winner] == abs(c0 - c1)
    assert Termination.WENT_OUT in reasons


def test_random_agents_play_through_zank_play() -> None:
    record = zank.play(RULES, [RandomAgent(1), RandomAgent(2)], seed=8)
    assert record.result is not None
    states = list(zank.replay(record))
    assert RULES.result(states[-1]) == record.result


def test_the_unrestricted_moves_contain_the_legal_ones() -> None:
    """generate(strict=False) (for table mode) lists every legal move and more."""
    rules = zank.variant("zank-detailed", stricter=True, own_discard_free=True)
    assert isinstance(rules, ZankDetailed)
    more = 0
    for seed in range(5):
        state = rules.new_game(seed=seed)
        rng = Rng(seed)
        while state.outcome is None:
            legal = rules.legal_moves(state)
            physical = rules.generate(state, strict=False)
            assert set(legal) <= set(physical)
            assert len(set(physical)) == len(physical)
            more += len(physical) > len(legal)
            for m in set(physical) - set(legal):
                v = rules.check(state, m)
                assert v is not None
                assert v.rule in {"ZD-9", "ZD-10", "ZD-11", "ZD-V4"}
            state = rules.apply(state, legal[rng.below(len(legal))])
    assert more > 0


@pytest.mark.slow
@pytest.mark.parametrize("rules", PRESETS[:3], ids=lambda r: str(r.options))
def test_stalling_players_cannot_keep_a_game_going(rules: zank.Rules) -> None:
    """Players who shuffle between houses and pack back and forth whenever they
    can still reach the end (ZD-17 to ZD-19)."""
    for seed in range(10):
        state = rules.new_game(seed=seed)
        rng = Rng(seed)
        for _ in range(500_000):
            legal = rules.legal_moves(state)
            if not legal:
                break
            stalling = [
                m for m in legal if m.text.startswith("h") and ("-h" in m.text or "-o" in m.text)
            ]
            pool = stalling or legal
            state = rules.apply(state, pool[rng.below(len(pool))])
        assert rules.result(state) is not None, f"seed {seed} ran away"
