"""``python -m zank``: the ``zank`` command, for when its script is not on the path."""

from __future__ import annotations

import sys

from zank.cli import main

if __name__ == "__main__":
    sys.exit(main())
