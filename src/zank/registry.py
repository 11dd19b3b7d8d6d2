"""The table of variants: :data:`zank.VARIANTS` and :func:`zank.variant`.

The built-in variants register themselves when zank is imported. A variant from
another installed package is found through the entry-point group ``zank.variants``
(the entry point's name is the variant's name, its value the rules class):

.. code-block:: toml

    [project.entry-points."zank.variants"]
    mini = "zank_mini:Mini"

Such plugins are loaded on the first look at the table that needs them (listing
``zank.VARIANTS``, or asking it or ``zank.variant(...)`` for a name that is neither
built in nor registered: the command line, the adapters, the Play page); a
built-in variant's name needs none, as no plugin can take it. A plugin
that cannot be loaded (an import error, a value that is not a rules class, a class
whose ``name`` is not the entry point's, a name already taken, a class whose
default game cannot be dealt) is left out with a :class:`~zank.errors.PluginError`
naming it: :func:`plugin_errors` lists them, ``zank.variant`` of its name raises
it, and the built-in variants and the other plugins work as before.

The built-in variants register themselves with :func:`register` when ``import
zank`` imports their modules; for a type checker, ``zank/__init__.py`` declares
:func:`zank.variant` per built-in name (``zank.variant("zank-104")`` is a
:class:`~zank.family.zank104.Zank104`), so that this module, which every variant
imports, imports none of them, not even for its types.

The table sits below :mod:`zank.core`: it holds classes and does not import the
core at run time (it knows :class:`~zank.core.Rules` by its qualified name, see
``_is_rules_class``), so that the core and the modules it is built on, such as
:mod:`zank.position`, may look a variant up without an import circle.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, TypeGuard, TypeVar

import attrs

from zank.errors import OptionError, PluginError, quote

if TYPE_CHECKING:
    from importlib import metadata

    from zank.core import Rules

__all__ = ["ENTRY_POINT_GROUP", "VARIANTS", "plugin_errors", "register", "variant"]

#: The entry-point group in which other packages declare their variants.
ENTRY_POINT_GROUP = "zank.variants"

_registry: dict[str, type[Rules]] = {}
#: The plugins that could not be loaded: entry point name -> the error.
_broken: dict[str, PluginError] = {}
_loaded = False


def _where(ep: metadata.EntryPoint) -> str:
    dist = getattr(ep, "dist", None)
    package = f" of the package {dist.name}" if dist is not None else ""
    return f"the entry point {quote(ep.name, 40)} = {quote(ep.value, 80)}{package}"


def _is_rules_class(value: object) -> TypeGuard[type[Rules]]:
    """Whether ``value`` is a subclass of :class:`zank.Rules` (``zank.core.Rules``
    in its method resolution order, known by module and name: the table does not
    import the core)."""
    return isinstance(value, type) and any(
        c.__module__ == "zank.core" and c.__qualname__ == "Rules" for c in value.__mro__
    )


def _load_one(ep: metadata.EntryPoint) -> None:
    where = _where(ep)
    if ep.name in _registry and _registry[ep.name].__module__.startswith("zank."):
        raise PluginError(f"{where} takes the name of the built-in variant {ep.name!r}")
    try:
        cls = ep.load()
    except Exception as exc:  # any import failure of somebody else's package
        raise PluginError(
            f"{where} could not be imported: {type(exc).__name__}: {quote(str(exc), 100)}"
        ) from exc
    if not _is_rules_class(cls):
        raise PluginError(f"{where} is {quote(cls, 60)}, not a subclass of zank.Rules")
    if cls.name != ep.name:
        raise PluginError(f"{where} names a class whose name is {quote(cls.name, 40)}")
    if _registry.get(ep.name, cls) is not cls:
        raise PluginError(f"{where}: the name {ep.name!r} is taken by another plugin")
    try:
        cls().new_game(seed=0)
    except Exception as exc:  # a rules class that cannot deal its default game
        raise PluginError(
            f"{where}: its default game cannot be dealt: {type(exc).__name__}: "
            f"{quote(str(exc), 100)}"
        ) from exc
    _registry[ep.name] = cls


def _load_plugins() -> None:
    """Register the variants of the entry-point group, once (see the module doc)."""
    global _loaded
    if _loaded:
        return
    _loaded = True  # before loading: a plugin module may look at the table
    # imported here, not at `import zank`: it took about a fifth of the import's time
    from importlib import metadata

    try:
        found = metadata.entry_points(group=ENTRY_POINT_GROUP)
    except Exception as exc:  # broken metadata of some installed distribution
        _broken["*"] = PluginError(f"the {ENTRY_POINT_GROUP} entry points cannot be read: {exc}")
        return
    for ep in sorted(found, key=lambda e: (e.name, e.value)):
        if ep.name in _broken:
            continue
        try:
            _load_one(ep)
        except PluginError as error:
            _broken[ep.name] = error


def plugin_errors() -> dict[str, PluginError]:
    """The plugins of the group ``zank.variants`` that could not be loaded, by
    entry point name (empty when every plugin loaded)."""
    _load_plugins()
    return dict(_broken)


def _known(name: str) -> type[Rules] | None:
    """The class of ``name``: a built-in or registered variant without loading the
    plugins (none of them can take its name: see ``_load_one``), any other name
    after loading them."""
    cls = _registry.get(name)
    if cls is None:
        _load_plugins()
        cls = _registry.get(name)
    return cls


class _Variants(Mapping[str, "type[Rules]"]):
    """The read-only table of variants; the plugins are loaded on first use (a
    built-in variant's name alone loads none: see ``_known``)."""

    def __getitem__(self, name: str) -> type[Rules]:
        cls = _known(name)
        if cls is None:
            raise KeyError(name)
        return cls

    def __iter__(self) -> Iterator[str]:
        _load_plugins()
        return iter(dict(_registry))

    def __len__(self) -> int:
        _load_plugins()
        return len(_registry)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and _known(name) is not None

    def __repr__(self) -> str:
        return f"VARIANTS({sorted(self)})"


#: Read-only mapping from variant name to its rules class: the built-in variants
#: and those of installed plugins (the entry-point group ``zank.variants``).
VARIANTS: Mapping[str, type[Rules]] = _Variants()

R = TypeVar("R", bound="type[Rules]")


def register(cls: R) -> R:
    """Class decorator: add a rules class to :data:`zank.VARIANTS` under ``cls.name``.

    A package's own variants are better declared as entry points (see the module
    doc): they are then found without importing the package first.

    Raises:
        zank.errors.PluginError: the class has no name, or the name is taken.
    """
    if not cls.name or _registry.get(cls.name, cls) is not cls:
        raise PluginError(f"cannot register variant {quote(cls.name, 40)}: the name is taken")
    _registry[cls.name] = cls
    return cls


def variant(name: str, **options: Any) -> Rules:
    """The rules object of variant ``name`` with the given options (keyword-only).

    >>> import zank
    >>> zank.variant("spite-and-malice", pay_off_size=25).pay_off_size
    25

    For a type checker, ``zank.variant`` with the name of a built-in variant
    gives its rules class (:class:`~zank.spite_malice.SpiteAndMalice` for
    ``"spite-and-malice"``, and so on), so the options are typed attributes;
    any other name gives :class:`~zank.core.Rules`.

    Raises:
        OptionError: unknown variant, unknown option, or a value out of range;
            the message lists what is valid.
        zank.errors.PluginError: ``name`` is the name of a plugin that could not be loaded.
    """
    cls = _known(name) if isinstance(name, str) else None
    if cls is None:
        _load_plugins()  # for the list of variants in the message
        if isinstance(name, str) and name in _broken:
            raise PluginError(str(_broken[name]))
        raise OptionError(
            f"unknown variant {quote(name)}; the variants are: {', '.join(sorted(_registry))}"
        )
    valid = [a.name for a in attrs.fields(cls) if a.init]
    unknown = sorted(set(options) - set(valid))
    if unknown:
        raise OptionError(
            f"{name} has no option {', '.join(quote(k, 40) for k in unknown[:5])}"
            + (f" (and {len(unknown) - 5} more)" if len(unknown) > 5 else "")
            + "; "
            f"its options are: {', '.join(valid) or 'none'}"
        )
    return cls(**options)
