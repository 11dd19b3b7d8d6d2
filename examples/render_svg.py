"""Draw the start of a game of every variant as SVG, and a text layout of one.

Writes ``<variant>-start.svg`` for each registered variant into a temporary
directory (or the directory given), and a picture after a few moves with the
last move outlined.  Open the files in a browser.  In Jupyter, a state shows
itself as the same picture.

Run: ``python examples/render_svg.py [DIRECTORY]``
"""

from __future__ import annotations

import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import zank
import zank.svg
from zank.render import text


def main() -> None:
    """Write the pictures and print where they are."""
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="zank-svg-"))
    out.mkdir(parents=True, exist_ok=True)
    for name in sorted(zank.VARIANTS):
        rules = zank.variant(name)
        state = rules.new_game(seed=1)
        picture = zank.svg.svg(state, perspective=0, size=720)
        ET.fromstring(picture)  # well-formed XML
        path = out / f"{name}-start.svg"
        path.write_text(picture, encoding="utf-8")
        print(f"wrote {path}")

    # a few moves into a game: the last move outlined, seen by the player to move
    rules = zank.variant("spite-and-malice")
    state = rules.new_game(seed=7)
    before = state
    for _ in range(3):
        before, move = state, rules.legal_moves(state)[0]
        state = rules.apply(state, move)
    path = out / "spite-and-malice-move-3.svg"
    path.write_text(zank.svg.svg(state, last_move=move, before=before, perspective=0))
    print(f"wrote {path}")
    print()
    print(text(state, perspective=0))


if __name__ == "__main__":
    main()
