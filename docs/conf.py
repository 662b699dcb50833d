"""Sphinx configuration for nertslib."""

import os
import zlib
from importlib.metadata import version as _version
from pathlib import Path

project = "nertslib"
author = "nertslib developers"
copyright = "2026, nertslib developers"
release = _version("nertslib")
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",  # must come before sphinx_autodoc_typehints
    "sphinx_autodoc_typehints",
    "sphinx.ext.intersphinx",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "myst_parser",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
nitpicky = True
# The enum repr mixin is an implementation detail shown in "Bases:" lines.
nitpick_ignore = [("py:class", "nertslib.cards.EvalRepr")]

html_theme = "furo"
html_title = f"nertslib {release}"

autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_ivar = True  # attrs fields: no duplicate object descriptions
typehints_defaults = "comma"
always_document_param_types = False

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
