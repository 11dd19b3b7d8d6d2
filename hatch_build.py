"""The build hook of the binary wheel: compile zank's hot modules with Cython.

The ``.py`` files stay the source and are packed into every wheel; this hook adds,
for each module of ``zank._compiled.MODULES``, an extension module that Cython
compiles from the same file (pure-Python mode, no ``.pyx``), and tags the wheel for
the platform.  It does nothing for an editable install (which runs the ``.py`` files)
or when ``ZANK_PURE_PYTHON=1`` is set; when Cython, a C compiler or the Python
headers are missing, or compiling fails, it warns and the wheel is pure Python, so an
install from the sdist never needs a compiler.  ``ZANK_REQUIRE_COMPILED=1`` turns
that fallback into an error (CI builds the compiled wheel with it).
"""

from __future__ import annotations

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
        extensions = [
            Extension(name, [os.path.join(src, *name.split(".")) + ".py"], extra_compile_args=flags)
            for name in modules
        ]
        extensions = cythonize(
            extensions,
            compiler_directives=DIRECTIVES,
            build_dir=os.path.join(self._tmp, "c"),
            quiet=True,
            force=True,
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
        return built

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the build directory."""
        if getattr(self, "_tmp", None):
            shutil.rmtree(self._tmp, ignore_errors=True)  # type: ignore[arg-type]
