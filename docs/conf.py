"""Sphinx configuration for the zank documentation."""

from __future__ import annotations

import importlib.util
import logging
import sys
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _distribution_version
from pathlib import Path
from typing import Any, ClassVar

# -- Project information -----------------------------------------------------

project = "zank"
author = "The zank developers"
copyright = "2026, The zank developers"

try:
    release = _distribution_version("zank")
except PackageNotFoundError:  # building from a tree where zank is not installed
    release = "0+unknown"
version = ".".join(release.split(".")[:2])

# -- General configuration ---------------------------------------------------

extensions = [
    "myst_nb",  # MyST Markdown pages (it brings myst_parser) and notebooks
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "sphinx_copybutton",  # a copy button on every code block (issue 34)
]

source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
root_doc = "index"
# _generated/ holds the pictures and page fragments written at build time (below);
# its fragments are included into pages, never read as pages themselves.
exclude_patterns = ["_build", "_intersphinx", "_generated", "Thumbs.db", ".DS_Store"]

# Every cross-reference must resolve: with `sphinx-build -W` a broken one fails the build.
nitpicky = True
nitpick_ignore: list[tuple[str, str]] = [
    # Type variables appear in signatures but are not documented objects.
    ("py:class", "zank.random.T"),
    ("py:class", "zank.registry.R"),
    ("py:class", "zank.family.manoeuvre.K"),
    ("py:class", "zank.family.manoeuvre.V"),
    # Types of the adapters' optional dependencies (numpy, gymnasium) in signatures;
    # _intersphinx/ holds no inventory for them.
    ("py:class", "numpy.ndarray"),
    ("py:class", "numpy.dtype"),
    ("py:class", "numpy.float32"),
    ("py:class", "numpy.random.RandomState"),
    ("py:class", "numpy.random.mtrand.RandomState"),
    ("py:class", "np.random.RandomState"),
    ("py:class", "gymnasium.spaces.space.Space"),
]

# The index pages of the sections (tutorials, how-to guides, rules, ...) collect their
# pages with a `:glob:` toctree, so that a new page appears without editing the index.
# A section that has no page yet must not fail the build. `suppress_warnings` covers
# the Sphinx versions that give this warning a type; `setup` below covers the others.
suppress_warnings = ["toc.empty_glob"]

# -- MyST ----------------------------------------------------------------------

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# Notebooks (tutorials/*.ipynb, stored without outputs) are run at every build, so
# the pages show what the code gives today and a cell that fails fails the build.
nb_execution_mode = "force"
nb_execution_raise_on_error = True
nb_execution_timeout = 300

# -- autodoc and napoleon ------------------------------------------------------

autodoc_typehints = "description"
# The adapters' framework dependencies are mocked when they are not installed, so the
# API reference also builds with the docs extra alone (CI installs them; numpy, which
# the encoder needs at import time, is part of the docs extra).
autodoc_mock_imports = [
    name
    for name in ("gymnasium", "pettingzoo", "pyspiel", "open_spiel")
    if importlib.util.find_spec(name) is None
]
if "gymnasium" in autodoc_mock_imports:  # a mocked Space gives a made-up type name
    nitpick_ignore.append(("py:class", "gymnasium.spaces.Space.typing.Any"))
autodoc_member_order = "bysource"
napoleon_google_docstring = True
napoleon_numpy_docstring = False

# -- doctest -------------------------------------------------------------------

# No hidden set-up: every example, in a page or a docstring, imports what it uses,
# so that a reader can copy it (tests/test_docs_examples.py checks this).

# -- intersphinx ---------------------------------------------------------------

# The inventories are stored in _intersphinx/ (see the README there) so that the
# build needs no network; the links still point to the public documentation.
intersphinx_mapping = {
    "python": ("https://docs.python.org/3", "_intersphinx/python-3.11.inv"),
    "attrs": ("https://www.attrs.org/en/stable", "_intersphinx/attrs-22.2.inv"),
}

# -- HTML output ---------------------------------------------------------------

html_theme = "furo"
html_title = f"zank {release}"
html_favicon = "_static/favicon.svg"
# copy commands and code without the prompts and doctest output
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True

# -- The Play page ---------------------------------------------------------------

# play.md runs zank in the browser; docs/play/play_assets.py (a Sphinx extension
# and a script) copies its files and the fetched Pyodide and wheels into the site.
sys.path.insert(0, str(Path(__file__).parent / "play"))
extensions.append("play_assets")


# -- Pictures generated at build time -------------------------------------------

# Every registered variant gets a picture of its start layout, drawn by the library's
# own SVG renderer: _generated/<variant>-start.svg (and <variant>-start-3p.svg where a
# variant seats three). rules/layouts.md includes _generated/layouts.md, a section per
# variant; a variant's rules page shows its picture with
#     ```{image} /_generated/<variant>-start.svg
#     ```
PICTURE_SEED = 1


def _write_if_changed(path: Path, content: str) -> None:
    # unchanged files keep their time stamps, so Sphinx does not rebuild every page
    if not path.exists() or path.read_text(encoding="utf-8") != content:
        path.write_text(content, encoding="utf-8")


def generate_pictures(app: Any) -> None:
    """Write the start-layout pictures and the gallery fragment into _generated/."""
    import zank
    from zank.render.svg import svg

    out = Path(app.srcdir) / "_generated"
    out.mkdir(exist_ok=True)
    _write_if_changed(out / ".gitignore", "# written by docs/conf.py at build time\n*\n")
    sections = []
    for name in sorted(zank.VARIANTS):
        rules = zank.variant(name)
        seats = [2] + ([3] if rules.min_players <= 3 <= rules.max_players else [])
        lines = [f"## `{name}`", ""]
        doc = (type(rules).__doc__ or "").strip().splitlines()
        if doc:
            lines += [doc[0], ""]
        for players in seats:
            state = rules.new_game(seed=PICTURE_SEED, players=players)
            suffix = "" if players == 2 else f"-{players}p"
            file = f"{name}-start{suffix}.svg"
            _write_if_changed(out / file, svg(state, perspective=0))
            lines += [
                f"```{{figure}} /_generated/{file}",
                f":alt: the start of a {players}-player game of {name}",
                "",
                f"{players} players, `rules.new_game(seed={PICTURE_SEED}, players={players})`,"
                " seen by player 0.",
                "```",
                "",
            ]
        sections.append("\n".join(lines))
    _write_if_changed(out / "layouts.md", "\n".join(sections))


# Pictures of any position: the `zank-table` directive draws a state at build time.
#
#     ```{zank-table} spite-and-malice
#     :seed: 7
#     :moves: a-b1 3-s1
#     :perspective: 0
#
#     Player 0 has started a build pile and ended the turn.
#     ```
#
# Options: `seed` (default 1), `players` (2), `options` (`name=value, ...`, as for
# zank.variant), `moves` (notation, applied in order; the last one is outlined),
# `state` (a JSON state file, relative to the page, instead of a seed), `position`
# (position text, as Rules.position_text writes it, instead of a seed), `perspective`
# (a seat; default: everything face up), `width` (e.g. `480px`). The content is the
# caption. A move that does not apply fails the build, so pictures stay true to the
# rules.


def _literal(text: str) -> Any:
    import ast

    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text  # a bare word: a string option


def _zank_table_directive() -> Any:
    import hashlib

    from docutils import nodes
    from docutils.parsers.rst import directives
    from sphinx.util.docutils import SphinxDirective

    class ZankTable(SphinxDirective):
        """Draw a state of a variant as an SVG figure (see the comment above)."""

        required_arguments = 1
        has_content = True
        option_spec: ClassVar[dict[str, Any]] = {
            "seed": directives.nonnegative_int,
            "players": directives.positive_int,
            "options": directives.unchanged,
            "moves": directives.unchanged,
            "state": directives.unchanged,
            "position": directives.unchanged,
            "perspective": directives.nonnegative_int,
            "width": directives.unchanged,
        }

        def run(self) -> list[Any]:
            import zank
            from zank.render.svg import svg

            name = self.arguments[0]
            try:
                if "state" in self.options:
                    _, path = self.env.relfn2path(self.options["state"], self.env.docname)
                    self.env.note_dependency(path)
                    state = zank.loads(Path(path).read_text(encoding="utf-8"))
                    if state.rules.name != name:
                        raise ValueError(f"{path} holds a {state.rules.name} state, not {name}")
                    rules = state.rules
                else:
                    options = {}
                    for item in self.options.get("options", "").split(","):
                        if item.strip():
                            key, _, value = item.partition("=")
                            options[key.strip()] = _literal(value.strip())
                    rules = zank.variant(name, **options)
                    if "position" in self.options:
                        state = rules.parse_position(" ".join(self.options["position"].split()))
                    else:
                        state = rules.new_game(
                            seed=self.options.get("seed", 1),
                            players=self.options.get("players", 2),
                        )
                before = last = None
                for text in self.options.get("moves", "").split():
                    before, last = state, rules.parse_move(state, text)
                    state = rules.apply(state, last)
                picture = svg(
                    state,
                    perspective=self.options.get("perspective"),
                    last_move=last,
                    before=before,
                )
            except (ValueError, TypeError, OSError) as e:
                raise self.error(f"zank-table {name}: {e}") from None
            digest = hashlib.sha256(picture.encode()).hexdigest()[:16]
            out = Path(self.env.srcdir) / "_generated"
            out.mkdir(exist_ok=True)
            _write_if_changed(out / f"{name}-{digest}.svg", picture)
            image = nodes.image(
                uri=f"/_generated/{name}-{digest}.svg",
                alt=" ".join(self.content) or f"a position of {name}",
            )
            if "width" in self.options:
                image["width"] = self.options["width"]
            if not self.content:
                return [image]
            figure = nodes.figure("", image)
            figure += nodes.caption("", " ".join(self.content))
            return [figure]

    return ZankTable


# -- Local setup ---------------------------------------------------------------


class _AllowEmptyGlob(logging.Filter):
    """Drop the warning for a `:glob:` toctree that matches no page (yet)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "didn't match any documents" not in str(record.msg)


def setup(app: Any) -> None:
    app.connect("builder-inited", generate_pictures)
    app.add_directive("zank-table", _zank_table_directive())
    # Sphinx's handlers exist before conf.py is read; the filter goes first so that it
    # runs before the filters that count warnings and turn them into errors (-W).
    for handler in logging.getLogger("sphinx").handlers:
        handler.filters.insert(0, _AllowEmptyGlob())
