"""Short plain-text summaries of the variants, for the terminal (``zank play``'s help).

Each summary is a headline, the rules in a few lines and the move notation with
examples: what a player at a terminal needs, with no markup.  The rules pages of
the documentation say everything else; :func:`rules_page` links them.  A variant
registered by someone else has no entry here and gets its class docstring.
"""

from __future__ import annotations

import re
import textwrap

import zank

__all__ = ["RULES_PAGES", "headline", "rules_page", "summary"]

#: The online rules page of each built-in variant, by variant name.
RULES_PAGES = "https://zank.readthedocs.io/en/latest/rules/{name}.html"

#: The notation of the reserve-and-hand-pile game, which zank-detailed and
#: crapette share, in the variant's words for the hand pile and the discard.
_STOCK_MOVES = """\
Moves:
  r-f      the reserve top onto a foundation
  h3-h5    the outer card of house 3 onto house 5
  t-h2     the turned hand card onto house 2
  h2-or    the outer card of house 2 onto the opponent's reserve
  t-od     the turned hand card onto the opponent's {discard}
  turn     turn the top card of your {hand}
  t-d      the turned card onto your {discard}: the turn ends (also: end)
  pass     end the turn when there is no hand card to turn"""

_SUMMARIES = {
    "spite-and-malice": """\
Spite and Malice: be the first to play out your pay-off pile.

Up to three build piles in the middle belong to everyone: each starts with an
ace and climbs 2, 3, ... to the queen, whatever the suits; kings are wild, and
a finished pile is shuffled into the draw pile. Your turn: you draw up to five
hand cards, play onto the build piles from your hand, from the top of your
pay-off pile or of a side stack as long as you like, and end the turn by laying
a hand card on one of your four side stacks. The game is drawn when a player
must draw and the draw pile is empty.

Moves (ranks a 2 ... 9 t j q k, x a joker; 10 works for t):
  a-b1     an ace from your hand starts a build pile
  7-b2     a 7 from your hand onto build pile 2
  p-b1     the top of your pay-off pile onto build pile 1
  s3-b1    the top of your side stack 3 onto build pile 1
  q-s2     a queen from your hand onto side stack 2: the turn ends""",
    "zank": """\
Zank-Patience (classic rules): be the first with no card on source and discard.

Each player has a face-down source (the own pack) and a face-up discard. Eight
centre piles build up in suit from the ace to the king; eight edge piles, for
everyone, build down in alternating colours, and an empty one takes any card.
The moves have a strict order, and only the first kind that is possible is
legal: 1 edge pile to centre; 2 and 3 edge pile to edge pile, in an announced
manoeuvre; 4 discard to centre; 5 discard to an edge pile; 6 discard onto the
opponent's discard (same suit, one higher or lower); 7 discard to an empty edge
pile, or draw a source card and place it; 8 turn the discard over as the
source. The turn ends when a source card goes onto your discard.

Moves:
  h3-f       the top of edge pile 3 onto a centre pile
  free 7h:1  announce that you will free the heart 7 of player 1's pack
  empty h4   announce that you will empty edge pile 4
  h3-h5      a step of the announced manoeuvre
  d-f        the top of your discard onto a centre pile
  d-h2       the top of your discard onto edge pile 2
  d-od       the top of your discard onto the next player's discard
  draw       lift your source's top card, then place it: t-f, t-h2, t-od, t-d
  flip       turn your discard over as the new source""",
    "zank-detailed": """\
Zank-Patience (detailed rules): empty reserve, hand pile and discard first.

Each player has a reserve (its top face up), a face-down hand pile and a
discard; eight houses and eight foundations are shared. Foundations build up in
suit from the ace; houses build down in alternating colours, and a gap (an
empty house) takes any card. First the reserve top, then every free card that
fits a foundation must go there, and gaps are filled from the reserve. Pack
onto the opponent's reserve or discard with the same suit, one higher or lower.
Turn your hand cards one by one; the turned card laid on your discard ends the
turn.

"""
    + _STOCK_MOVES.format(hand="hand pile", discard="discard"),
    "zank-104": """\
Zank-Patience with 104 cards: be the first to place all your cards.

Each player has a reserve (its top face up), a face-down talon and a face-up
second talon; eight stairs and eight foundations are shared. Foundations build
up in suit from the ace; stairs build down in alternating colours, and a gap is
filled from the reserve or the talon. A card that fits a foundation must go
there first, and the reserve is used before the talon. Pack onto the opponent's
reserve or second talon with the same suit, one higher or lower. The turned
talon card laid on your second talon ends the turn.

Moves:
  r-f      the reserve top onto a foundation
  r-h3     the reserve top onto stair 3 (or into it, if it is a gap)
  h3-h5    the outer card of stair 3 onto stair 5
  t-or     the turned talon card onto the opponent's reserve
  h2-os    the outer card of stair 2 onto the opponent's second talon
  turn     turn the top card of your talon
  t-s      the turned card onto your second talon: the turn ends (also: end)
  pass     end the turn when there is nothing to turn""",
    "crapette": """\
Crapette (Russian Bank): empty your reserve, hand and waste first.

Each player has a reserve of 13 (its top face up), a face-down hand of 35 and
a waste; eight houses and eight foundations are shared. Foundations build up
in suit from the ace; houses build down in alternating colours, and an empty
house takes any card. First the reserve top, then every free card that fits a
foundation must go there, and empty houses are filled from the reserve. Load
the opponent's reserve or waste with the same suit, one higher or lower. Turn
your hand cards one by one; the turned card laid on your waste ends the turn.
Going out scores 30, plus 2 per card in the opponent's reserve and 1 per card
in the opponent's hand and waste.

"""
    + _STOCK_MOVES.format(hand="hand", discard="waste"),
    "schikanieren": """\
Schikanieren: the classic Zank-Patience (see 'zank') with a Schikanier pile.

The rules of zank, with these changes: each edge pile starts as a face-up card
on a face-down one and builds down in suit. Each player has a Schikanier pile,
a face-up card on eleven face-down ones: only the opponent lays cards on it
(same suit, one higher or lower), in place of your discard, and you play its
top as you would your discard's. Freed face-down cards turn up. You win with
source, discard and Schikanier pile empty.

Moves: those of zank, and
  s-h3     the top of your Schikanier pile onto edge pile 3 (s-f: centre)
  d-os     the top of your discard onto the opponent's Schikanier pile
  pass     end the turn when you have nothing left to play""",
}


def _plain(doc: str) -> str:
    """A docstring's first paragraph as plain text (no reST roles or literals)."""
    first = textwrap.dedent(doc).strip().split("\n\n")[0]
    first = re.sub(r":[a-z]+:`~?(?:[\w.]*\.)?([^`]+)`", r"\1", first)
    return " ".join(first.replace("``", "").split())


def summary(name: str) -> str:
    """The plain-text summary of the variant ``name``: headline, rules, notation."""
    text = _SUMMARIES.get(name)
    if text is not None:
        return text
    return textwrap.fill(_plain(zank.VARIANTS[name].__doc__ or name), 79)


def headline(name: str) -> str:
    """What the variant is, in one line: the first line of its :func:`summary`."""
    text = _SUMMARIES.get(name)
    if text is not None:
        return text.split("\n", 1)[0]
    first = _plain(zank.VARIANTS[name].__doc__ or name)
    end = first.find(". ")
    return first if end < 0 else first[: end + 1]


def rules_page(name: str) -> str | None:
    """The address of the variant's rules page online (``None`` for other variants)."""
    return RULES_PAGES.format(name=name) if name in _SUMMARIES else None
