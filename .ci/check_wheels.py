"""Check the distributions that ``.ci/run`` built before they are tested.

* exactly one sdist, one pure wheel (``py3-none-any``, no extension module) and one
  compiled wheel whose platform tag is a ``manylinux`` tag (as PyPI requires of Linux
  binary wheels) and which holds every module of ``zank._compiled.MODULES`` compiled;
* ``auditwheel show`` accepts the compiled wheel for the tag it carries.
"""

from __future__ import annotations

import runpy
import subprocess
import sys
import zipfile
from pathlib import Path


def main(dist: Path) -> int:
    """Check the files in ``dist``; print what they hold; nonzero on a problem."""
    root = Path(__file__).resolve().parent.parent
    modules = runpy.run_path(str(root / "src" / "zank" / "_compiled.py"))["MODULES"]
    sdists = sorted(dist.glob("zank-*.tar.gz"))
    wheels = sorted(dist.glob("zank-*.whl"))
    pure = [w for w in wheels if w.name.endswith("-py3-none-any.whl")]
    binary = [w for w in wheels if w not in pure]
    problems = []
    if len(sdists) != 1 or len(pure) != 1 or len(binary) != 1:
        problems.append(f"want one sdist, one pure and one binary wheel: {[*sdists, *wheels]}")
    for wheel in pure:
        compiled = [n for n in zipfile.ZipFile(wheel).namelist() if n.endswith((".so", ".pyd"))]
        print(f"{wheel.name}: pure Python, {len(compiled)} extension modules")
        if compiled:
            problems.append(f"{wheel.name} holds extension modules: {compiled[:3]}")
    for wheel in binary:
        names = zipfile.ZipFile(wheel).namelist()
        compiled = {n.split(".")[0].replace("/", ".") for n in names if n.endswith(".so")}
        print(f"{wheel.name}: {len(compiled)} compiled modules")
        if "manylinux" not in wheel.name:
            problems.append(f"{wheel.name} has no manylinux tag: PyPI refuses it")
        missing = sorted(set(modules) - compiled)
        if missing:
            problems.append(f"{wheel.name} lacks the compiled modules {missing}")
        shown = subprocess.run(
            ["auditwheel", "show", str(wheel)], capture_output=True, text=True, check=False
        )
        print(shown.stdout.strip())
        if shown.returncode != 0 or "is consistent with the following platform tag" not in (
            shown.stdout
        ):
            problems.append(f"auditwheel show: {shown.stdout.strip()} {shown.stderr.strip()}")
    for problem in problems:
        print("problem:", problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
