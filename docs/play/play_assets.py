"""The assets of the Play page: fetched by this script, copied into each HTML build.

The Play page (``docs/play.md``) runs zank in the reader's browser through
Pyodide.  Everything it needs is served with the documentation itself, so
the built site works offline and from any static host; nothing is fetched
from a CDN at run time.  The assets come in two parts:

* the page's own files, kept here: ``play.js``, ``play_worker.js`` (zank in
  a Web Worker), ``play.css`` and ``zank_play.py`` (the Python side that the
  script calls);
* the fetched assets, which this script puts into a cache directory
  (``docs/_build/play-assets/`` unless ``ZANK_PLAY_ASSETS`` names another):
  the ``pyodide`` package from the npm registry at a pinned version and
  checksum (its runtime files only, about 12 MB), and the wheels of zank
  (built from this source tree), attrs and typing-extensions (the versions
  installed where the script runs), with ``assets.json`` listing them.

Run the script before building the documentation, and again after changing
``src/zank`` (the wheel of zank is built from the tree)::

    python docs/play/play_assets.py
    sphinx-build -W -b html docs docs/_build/html

It needs ``npm`` and ``pip`` and the network the first time (about 8 s);
Pyodide stays cached by version.  ``docs/conf.py`` loads this module as a
Sphinx extension: after each HTML build it copies the page's files and, when
the cache holds them, the fetched assets into ``_static/play/`` of the built
site.  Without the fetched assets the build still passes and the page says
that its interactive table needs them.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from importlib.metadata import version
from pathlib import Path
from typing import Any

PYODIDE_VERSION = "0.29.5"
"""The pinned version of the ``pyodide`` npm package (Python 3.13)."""
PYODIDE_INTEGRITY = (
    "sha512-TkYrUv9m8QmfImADKRmpwZulL48E0uUaBSO+dvRQKyAJc0qh9gu7jn8b"
    "tyHPh3NZm1r2IH2YrJhIr7Q2B9urAw=="
)
"""The npm registry's checksum of that package's tarball, checked after download."""
PYODIDE_FILES = (
    "pyodide.js",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""The files of the package that the page loads (the rest is for Node and for types)."""
WHEELS = ("attrs", "typing-extensions")
"""zank's run-time dependencies, whose wheels go into the site with zank's."""
PAGE_FILES = ("play.js", "play_worker.js", "play.css", "zank_play.py")
"""The page's own files, kept beside this module."""

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CACHE = Path(os.environ.get("ZANK_PLAY_ASSETS", HERE.parent / "_build" / "play-assets"))
SITE_DIR = Path("_static") / "play"
"""Where the built site holds the page's files, relative to the HTML output."""


class AssetError(RuntimeError):
    """A fetched asset is missing or does not match its checksum."""


def _run(*command: str, cwd: Path | None = None, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(command, cwd=cwd, env=env, check=False, capture_output=True, text=True)
    if done.returncode != 0:
        raise AssetError(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}")
    return done.stdout


def fetch_pyodide(dest: Path) -> None:
    """Put the runtime files of the pinned Pyodide into ``dest/pyodide/`` (kept if there)."""
    out = dest / "pyodide"
    stamp = out / ".version"
    if stamp.exists() and stamp.read_text().strip() == PYODIDE_VERSION:
        print(f"pyodide {PYODIDE_VERSION}: cached in {out}")
        return
    npm = shutil.which("npm")
    if npm is None:
        raise AssetError("npm is not installed: it fetches the pyodide package")
    with tempfile.TemporaryDirectory() as tmp:
        _run(npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", tmp, cwd=Path(tmp))
        tarball = Path(tmp) / f"pyodide-{PYODIDE_VERSION}.tgz"
        digest = base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
        if f"sha512-{digest}" != PYODIDE_INTEGRITY:
            raise AssetError(f"{tarball.name}: checksum sha512-{digest} is not the pinned one")
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir(parents=True)
        with tarfile.open(tarball) as tar:
            for name in PYODIDE_FILES:
                member = tar.extractfile(f"package/{name}")
                if member is None:
                    raise AssetError(f"{tarball.name} has no {name}")
                (out / name).write_bytes(member.read())
    stamp.write_text(PYODIDE_VERSION + "\n")
    print(f"pyodide {PYODIDE_VERSION}: fetched into {out}")


def build_wheels(dest: Path) -> list[str]:
    """Build zank's wheel from this tree and fetch its dependencies' wheels into
    ``dest/wheels/``; return the file names."""
    out = dest / "wheels"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    pip = (sys.executable, "-m", "pip")
    # Pyodide runs pure Python: no compiled modules in this wheel (hatch_build.py)
    pure = {**os.environ, "ZANK_PURE_PYTHON": "1"}
    _run(*pip, "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out), str(ROOT), env=pure)
    pins = [f"{name}=={version(name)}" for name in WHEELS]
    _run(*pip, "download", "--quiet", "--no-deps", "--only-binary=:all:", "-d", str(out), *pins)
    names = sorted(p.name for p in out.glob("*.whl"))
    if len(names) != 1 + len(WHEELS) or not all(n.endswith("-py3-none-any.whl") for n in names):
        raise AssetError(f"expected pure-Python wheels of zank and {', '.join(WHEELS)}: {names}")
    print("wheels: " + ", ".join(names))
    return names


def fetch(dest: Path = CACHE) -> Path:
    """Fill ``dest`` with Pyodide, the wheels and ``assets.json``; return the manifest's path."""
    fetch_pyodide(dest)
    wheels = build_wheels(dest)
    zank_version = next(n.split("-")[1] for n in wheels if n.startswith("zank-"))
    manifest = dest / "assets.json"
    doc = {"pyodide": PYODIDE_VERSION, "zank": zank_version, "wheels": wheels}
    manifest.write_text(json.dumps(doc, indent=1) + "\n")
    return manifest


def _copy_if_changed(src: Path, dst: Path) -> None:
    same_size = dst.exists() and dst.stat().st_size == src.stat().st_size
    if same_size and dst.read_bytes() == src.read_bytes():
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def install(outdir: Path, cache: Path = CACHE) -> bool:
    """Copy the page's files, and the fetched assets if ``cache`` holds them,
    into ``outdir/_static/play/``; return whether the assets were there."""
    site = outdir / SITE_DIR
    for name in PAGE_FILES:
        _copy_if_changed(HERE / name, site / name)
    manifest = cache / "assets.json"
    if not manifest.exists():
        (site / "assets.json").unlink(missing_ok=True)  # the page says what is missing
        return False
    doc = json.loads(manifest.read_text())
    files = [Path("pyodide") / n for n in PYODIDE_FILES]
    files += [Path("wheels") / n for n in doc["wheels"]]
    for rel in files:
        _copy_if_changed(cache / rel, site / rel)
    _copy_if_changed(manifest, site / "assets.json")
    return True


# ------------------------------------------------------------ Sphinx extension


def _build_finished(app: Any, exception: BaseException | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    from sphinx.util import logging

    log = logging.getLogger(__name__)
    if install(Path(app.outdir)):
        log.info("play page: Pyodide and the wheels copied from %s", CACHE)
    else:
        # not a warning: the build passes without them (the page says so)
        log.info(
            "play page: no assets in %s (run python docs/play/play_assets.py); "
            "the page's table will say it needs them",
            CACHE,
        )


def setup(app: Any) -> dict[str, Any]:
    """Sphinx extension: copy the Play page's files into every HTML build."""
    app.connect("build-finished", _build_finished)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


def main() -> int:
    """Fetch the assets into the cache (``ZANK_PLAY_ASSETS`` or docs/_build/play-assets)."""
    try:
        manifest = fetch()
    except AssetError as e:
        print(f"play_assets: {e}", file=sys.stderr)
        return 1
    print(f"wrote {manifest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
