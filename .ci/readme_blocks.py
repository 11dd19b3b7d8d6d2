"""Print the shell blocks of the README (```sh fences), each ended by a NUL byte.

``.ci/run`` runs them in order, exactly as written, in a fresh virtual environment:
the README's commands are CI's first steps, so that a new user's first commands
cannot fail unnoticed.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path


def blocks(text: str) -> list[str]:
    """The bodies of the ```sh blocks of ``text``, in order."""
    return [m.group(1) for m in re.finditer(r"^```sh\n(.*?)^```", text, re.M | re.S)]


if __name__ == "__main__":
    readme = Path(sys.argv[1] if len(sys.argv) > 1 else "README.md")
    for block in blocks(readme.read_text(encoding="utf-8")):
        sys.stdout.write(block + "\0")
