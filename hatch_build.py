"""The build hook of the binary wheel: compile zank's hot modules with Cython.

The ``.py`` files stay the source and are packed into every wheel; this hook adds,
for each module of ``zank._compiled.MODULES``, an extension module that Cython
compiles from the same file (pure-Python mode, no ``.pyx``), and tags the wheel for
the platform.  It does nothing for an editable install (which runs the ``.py`` files)
or when ``ZANK_PURE_PYTHON=1`` is set; when Cython, a C compiler or the Python
headers are missing, or compiling fails, it warns and the wheel is pure Python, so an
install from the sdist never needs a compiler.  ``ZANK_REQUIRE_COMPILED=1`` turns
that fallback into an error (CI builds the compiled wheel with it).

Compiling takes about a minute and a half on two cores (Cython translates the 16
modules in parallel, then the C compiler builds them in parallel).  Setting
``ZANK_BUILD_CACHE`` to a directory keeps the built extension modules there, keyed
by a hash of everything that goes into them (the module sources and their ``.pxd``
files, this hook, the Cython and Python versions, the platform and the compiler
flags), so that a second build of the same source (CI builds the README's ``pip
install .`` and then the release wheels) copies them instead of compiling again.
Without it nothing is kept.
"""

from __future__ import annotations

import hashlib
import os
import runpy
import shutil
import sys
import tempfile
import traceback
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: Cython's options: the files are plain Python that must behave exactly as under
#: CPython, so annotations are not read as C types (``cython.locals`` says where a
#: C type pays).
DIRECTIVES = {
    "language_level": 3,
    "annotation_typing": False,
    "binding": True,
    "embedsignature": True,
}


def _flag(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


def _cache_dir(sources: dict[str, str], flags: list[str]) -> str | None:
    """The directory of this build's entry in ``ZANK_BUILD_CACHE`` (``None``: no cache)."""
    root = os.environ.get("ZANK_BUILD_CACHE", "")
    if not root:
        return None
    import sysconfig

    import Cython

    key = hashlib.sha256()
    for part in (
        Cython.__version__,
        sys.version,
        sys.platform,
        str(sysconfig.get_config_var("EXT_SUFFIX")),
        str(sysconfig.get_platform()),
        os.environ.get("CC", ""),
        os.environ.get("CFLAGS", ""),
        repr(sorted(DIRECTIVES.items())),
        repr(flags),
    ):
        key.update(part.encode() + b"\0")
    # by module name and content, not by path: a build from the sdist unpacks it elsewhere;
    # a module's .pxd file (its extension types, its cimports) is part of its source
    for name, path in (("hatch_build", __file__), *sorted(sources.items())):
        for part, file in ((name, path), (name + ".pxd", path[:-3] + ".pxd")):
            if part != name and not os.path.isfile(file):
                continue
            with open(file, "rb") as f:
                key.update(part.encode() + b"\0" + hashlib.sha256(f.read()).digest())
    return os.path.join(root, key.hexdigest()[:32])


def _to_cache(cache: str, built: dict[str, str]) -> None:
    """Keep the built modules (``built``: path -> path inside the wheel) in ``cache``."""
    os.makedirs(os.path.dirname(cache), exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="tmp-", dir=os.path.dirname(cache))
    for path, target in built.items():
        os.makedirs(os.path.dirname(os.path.join(tmp, target)), exist_ok=True)
        shutil.copy2(path, os.path.join(tmp, target))
    with open(os.path.join(tmp, "built.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(sorted(built.values())) + "\n")
    try:
        os.replace(tmp, cache)  # whole or not at all
    except OSError:  # another build got there first
        shutil.rmtree(tmp, ignore_errors=True)


def _from_cache(cache: str) -> dict[str, str]:
    """The built modules kept in ``cache``: path -> path inside the wheel."""
    with open(os.path.join(cache, "built.txt"), encoding="utf-8") as f:
        targets = f.read().split()
    return {os.path.join(cache, *t.split("/")): t for t in targets}


class CompiledBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compiles ``zank._compiled.MODULES`` into the wheel (see the module doc)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile the modules and add them to the wheel, or leave it pure."""
        self._tmp: str | None = None
        if self.target_name != "wheel" or version == "editable":
            return
        if _flag("ZANK_PURE_PYTHON"):
            print("zank: ZANK_PURE_PYTHON is set: a pure-Python wheel", file=sys.stderr)
            return
        try:
            built = self._compile()
        except Exception:
            if _flag("ZANK_REQUIRE_COMPILED"):
                raise
            traceback.print_exc()
            print(
                "zank: WARNING: the compiled modules could not be built; "
                "this wheel is pure Python (same behaviour, slower)",
                file=sys.stderr,
            )
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        for path, target in built.items():
            build_data["force_include"][path] = target

    def _compile(self) -> dict[str, str]:
        from Cython.Build import cythonize  # build requirements of this hook
        from setuptools import Distribution, Extension
        from setuptools.command.build_ext import build_ext

        src = os.path.join(self.root, "src")
        modules = runpy.run_path(os.path.join(src, "zank", "_compiled.py"))["MODULES"]
        self._tmp = tempfile.mkdtemp(prefix="zank-build-")
        # no debug information: it would make the wheel ten times larger
        flags = [] if sys.platform == "win32" else ["-g0"]
        sources = {name: os.path.join(src, *name.split(".")) + ".py" for name in modules}
        cache = _cache_dir(sources, flags)
        if cache is not None and os.path.isfile(os.path.join(cache, "built.txt")):
            print(f"zank: the compiled modules from the build cache {cache}", file=sys.stderr)
            return _from_cache(cache)
        extensions = [
            Extension(name, [path], extra_compile_args=flags) for name, path in sources.items()
        ]
        extensions = cythonize(
            extensions,
            compiler_directives=DIRECTIVES,
            build_dir=os.path.join(self._tmp, "c"),
            quiet=True,
            force=True,
            nthreads=os.cpu_count() or 1,
        )
        dist = Distribution({"name": "zank", "ext_modules": extensions})
        cmd = build_ext(dist)
        cmd.build_lib = os.path.join(self._tmp, "lib")
        cmd.build_temp = os.path.join(self._tmp, "temp")
        cmd.parallel = os.cpu_count() or 1
        cmd.ensure_finalized()
        cmd.run()
        built = {}
        for ext in extensions:
            path = cmd.get_ext_fullpath(ext.name)
            built[path] = os.path.relpath(path, cmd.build_lib).replace(os.sep, "/")
        if cache is not None:
            _to_cache(cache, built)
        return built

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the build directory."""
        if getattr(self, "_tmp", None):
            shutil.rmtree(self._tmp, ignore_errors=True)  # type: ignore[arg-type]
