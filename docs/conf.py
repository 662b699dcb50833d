"""Sphinx configuration for nertslib."""

import importlib
import os
import zlib
from importlib.metadata import version as _version
from pathlib import Path

import nertslib

project = "nertslib"
author = "nertslib developers"
copyright = "2026, nertslib developers"
release = _version("nertslib")
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "myst_parser",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
nitpicky = True
# The enum repr mixin is an implementation detail shown in "Bases:" lines.
# A type variable of a generic reader has no page of its own; os.PathLike is in the Python
# docs' inventory, which an offline build cannot fetch.
nitpick_ignore = [
    ("py:class", "nertslib.quoting.EvalRepr"),
    ("py:class", "nertslib.serialize._T"),
    ("py:class", "nertslib.knobs.V"),
    ("py:class", "V"),
    ("py:class", "os.PathLike"),
]

html_theme = "furo"
html_title = f"nertslib {release}"

autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_ivar = True  # attrs fields: no duplicate object descriptions
# Sphinx's own type hints (no extension): in the description, where a reader looks for them.
autodoc_typehints = "description"
autodoc_typehints_description_target = "all"

myst_enable_extensions = ["colon_fence"]

# No doctest_global_setup: every page shows its own imports, as a reader would type them.

# The build machines reach no network but the package registries, so intersphinx cannot
# download objects.inv. Write a tiny stub inventory per project (name -> role, URL) into
# docs/_build/ and point intersphinx at it; links still go to the real sites.
# SPHINX_ONLINE=1 uses the real inventories. Add names here when Sphinx reports
# "reference target not found" for a stdlib or attrs object.
_PY_FUNCS = "library/functions.html#$"
_PY_STDTYPES = "library/stdtypes.html#$"
_PY_ABC = "library/collections.abc.html#$"
_STUBS: dict[str, tuple[str, dict[str, tuple[str, str]]]] = {
    "python": (
        "https://docs.python.org/3/",
        {
            "ValueError": ("py:exception", "library/exceptions.html#$"),
            "TypeError": ("py:exception", "library/exceptions.html#$"),
            "KeyError": ("py:exception", "library/exceptions.html#$"),
            "enum.Enum": ("py:class", "library/enum.html#$"),
            "enum.IntEnum": ("py:class", "library/enum.html#$"),
            "int": ("py:class", _PY_FUNCS),
            "str": ("py:class", _PY_STDTYPES),
            "bool": ("py:class", _PY_FUNCS),
            "tuple": ("py:class", _PY_STDTYPES),
            "object": ("py:class", _PY_FUNCS),
            "Ellipsis": ("py:data", "library/constants.html#$"),
            "None": ("py:data", "library/constants.html#$"),
            "typing.Any": ("py:data", "library/typing.html#$"),
            "typing.Literal": ("py:data", "library/typing.html#$"),
            "collections.abc.Callable": ("py:class", _PY_ABC),
            "collections.abc.Iterable": ("py:class", _PY_ABC),
            "collections.abc.Sequence": ("py:class", _PY_ABC),
            "collections.abc.Iterator": ("py:class", _PY_ABC),
            "collections.abc.Mapping": ("py:class", _PY_ABC),
            "random.Random": ("py:class", "library/random.html#$"),
            "pathlib.Path": ("py:class", "library/pathlib.html#$"),
        },
    ),
    "attrs": (
        "https://www.attrs.org/en/stable/",
        {
            "index": ("std:doc", "index.html"),
            "attrs.frozen": ("py:function", "api.html#$"),
            "attrs.define": ("py:function", "api.html#$"),
            "attrs.field": ("py:function", "api.html#$"),
            "attrs.evolve": ("py:function", "api.html#$"),
        },
    ),
}


def _stub_inventory(name: str) -> str:
    """Write a zlib-compressed Sphinx v2 inventory for ``name`` and return its path."""
    _base, entries = _STUBS[name]
    path = Path(__file__).parent / "_build" / f"{name}.inv"
    path.parent.mkdir(parents=True, exist_ok=True)
    body = "".join(f"{key} {role} 1 {uri} -\n" for key, (role, uri) in entries.items())
    head = (
        "# Sphinx inventory version 2\n"
        f"# Project: {name}\n"
        "# Version: stub\n"
        "# The remainder of this file is compressed using zlib.\n"
    )
    path.write_bytes(head.encode() + zlib.compress(body.encode()))
    return str(path)


if os.environ.get("SPHINX_ONLINE") == "1":
    intersphinx_mapping = {key: (base, None) for key, (base, _) in _STUBS.items()}
else:
    intersphinx_mapping = {key: (base, _stub_inventory(key)) for key, (base, _) in _STUBS.items()}


# Every public object is documented once, under its public name (nertslib.View, not
# nertslib.views.View: see api.rst). Docstrings and type hints still name objects where they
# are defined (``nertslib.views.View``, or ``simulate`` inside nertslib.simulation), so a
# reference that Sphinx cannot resolve is retried under the public name of the same object.
_PLAIN = (int, str, bool, float, tuple)


def _public_name(dotted: str) -> str | None:
    """``nertslib.<module>.<Name>[.<attr>]`` as ``nertslib.<Name>[.<attr>]``, if exported."""
    parts = dotted.split(".")
    if parts[0] != "nertslib":
        return None
    for i in range(len(parts) - 1, 0, -1):
        try:
            module = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        obj = getattr(module, parts[i], None)
        if obj is None:
            return None
        # plain values (1 is SCHEMA_VERSION and RULES_VERSION) only under their own name
        names = [parts[i]] if isinstance(obj, _PLAIN) else nertslib.__all__
        for name in names:
            if name in nertslib.__all__ and getattr(nertslib, name) is obj:
                return ".".join(["nertslib", name, *parts[i + 1 :]])
        return None
    return None


def _resolve_alias(app, env, node, contnode):  # type: ignore[no-untyped-def]
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"]
    module = node.get("py:module")
    for candidate in (target, f"{module}.{target}" if module else ""):
        public = _public_name(candidate) if candidate else None
        if public is not None and public != target:
            return env.get_domain("py").resolve_xref(
                env, node["refdoc"], app.builder, node["reftype"], public, node, contnode
            )
    return None


# Derived attrs fields (init=False) that are internal: left out of the member list
# (``:exclude-members:`` in api.rst) and out of the class's "Variables" list, which napoleon
# builds from the docstring's Attributes section.
HIDDEN_FIELDS: dict[str, frozenset[str]] = {"nertslib.GameState": frozenset({"ctx", "need"})}


def _hide_fields(app, what, name, obj, options, lines):  # type: ignore[no-untyped-def]
    hidden = HIDDEN_FIELDS.get(name)
    if not hidden:
        return
    kept: list[str] = []
    skipping = False
    for line in lines:
        if line.startswith(":"):
            words = line.split(":")[1].split()
            skipping = len(words) == 2 and words[0] in {"ivar", "vartype"} and words[1] in hidden
        elif not line.startswith(" "):
            skipping = False
        if not skipping:
            kept.append(line)
    lines[:] = kept


def setup(app):  # type: ignore[no-untyped-def]
    """Register the reference fallback and the field filter above."""
    app.connect("missing-reference", _resolve_alias)
    # after napoleon (priority 500) has turned the Attributes section into :ivar: fields
    app.connect("autodoc-process-docstring", _hide_fields, priority=600)
