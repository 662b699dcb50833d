"""The API reference documents every public name exactly once, and hides internal fields.

The reference is written name by name (docs/api.rst), so a name added to ``nertslib.__all__``
(or to the public names of ``nertslib.variants`` and ``nertslib.bots``) must be added there
too; this test says which one is missing. It reads the directives of every page under docs/
(``.. autoclass:: nertslib.Move``, ``.. py:data:: MAX_SEATS`` with ``:module: nertslib``, and
the same inside MyST ``{eval-rst}`` blocks).
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from pathlib import Path

import attrs

import nertslib
import nertslib.bots
import nertslib.variants

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES = sorted(p for p in DOCS.glob("*") if p.suffix in {".rst", ".md"})

DIRECTIVE = re.compile(
    r"^\.\. (?:auto|py:)(function|class|exception|data|module|method|attribute)::\s+(\S+)"
    r"(?P<options>(?:\n[ \t]+:[^\n]*)*)",
    re.MULTILINE,
)
MODULE_OPTION = re.compile(r":module:\s+(\S+)")
EXCLUDE_OPTION = re.compile(r":exclude-members:\s+([^\n]+)")


def _directives() -> list[tuple[str, str, str]]:
    """(kind, full name, options) of every object directive of every page."""
    found = []
    for page in PAGES:
        for match in DIRECTIVE.finditer(page.read_text(encoding="utf-8")):
            kind, name, options = match.group(1), match.group(2), match.group("options")
            module = MODULE_OPTION.search(options)
            if module and kind != "module":
                name = f"{module.group(1)}.{name}"
            found.append((kind, name, options))
    return found


def _required() -> set[str]:
    names = {f"nertslib.{name}" for name in nertslib.__all__}
    for module in (nertslib.variants, nertslib.bots):
        for name in module.__all__:
            if name not in nertslib.__all__:
                names.add(f"{module.__name__}.{name}")
    return names


def test_the_pages_are_read() -> None:
    # guards the parser: a regex that matched nothing would make the tests below vacuous
    kinds = Counter(kind for kind, _, _ in _directives())
    assert kinds["function"] > 20
    assert kinds["class"] > 20
    assert kinds["data"] >= 5


def test_every_public_name_is_in_the_reference() -> None:
    documented = {name for _, name, _ in _directives()}
    missing = sorted(_required() - documented)
    assert missing == [], f"add these to docs/api.rst: {missing}"


def test_every_public_name_is_documented_once() -> None:
    counts = Counter(name for _, name, _ in _directives())
    twice = sorted(name for name in _required() if counts[name] > 1)
    assert twice == []


def test_no_exported_object_is_documented_under_its_module_too() -> None:
    # nertslib.View documented again as nertslib.views.View would be two entries for one class
    exported = {id(getattr(nertslib, name)): name for name in nertslib.__all__}
    aliases = []
    for kind, name, _ in _directives():
        module_name, _, attr = name.rpartition(".")
        if kind == "module" or module_name in {"", "nertslib"}:
            continue
        try:
            module = __import__(module_name, fromlist=[attr])
        except ImportError:  # a module of an extra not installed here (nertslib.batch: numba)
            continue
        obj = getattr(module, attr, None)
        if obj is None or isinstance(obj, int | str):
            continue
        if id(obj) in exported:
            aliases.append(f"{name} is nertslib.{exported[id(obj)]}")
    assert aliases == []


def test_derived_fields_are_hidden() -> None:
    # a derived, internal attrs field (init=False) must not show as a member of its class,
    # unless it is a public attribute on purpose
    public_derived = {("nertslib.Card", "id")}
    shown = []
    for kind, name, options in _directives():
        if kind != "class" or not name.startswith("nertslib."):
            continue
        obj = getattr(nertslib, name.removeprefix("nertslib."), None)
        if not (isinstance(obj, type) and attrs.has(obj)):
            continue
        excluded = EXCLUDE_OPTION.search(options)
        hidden = {n.strip() for n in excluded.group(1).split(",")} if excluded else set()
        for field in attrs.fields(obj):
            internal = field.name.startswith("_") or (name, field.name) in public_derived
            if not field.init and not internal and field.name not in hidden:
                shown.append(f"{name}.{field.name}")
    assert shown == []


def test_the_docstring_filter_knows_the_hidden_fields() -> None:
    # docs/conf.py drops the hidden fields from the class's "Variables" list as well
    conf = (DOCS / "conf.py").read_text(encoding="utf-8")
    assert '"nertslib.GameState": frozenset({"ctx", "need"})' in conf
    derived = {f.name for f in attrs.fields(nertslib.GameState) if not f.init}
    assert derived == {"ctx"}
    assert isinstance(vars(nertslib.GameState)["need"], property)  # derived on each read


def test_project_urls_point_at_the_docs_and_the_source() -> None:
    pyproject = DOCS.parent / "pyproject.toml"
    urls = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["urls"]
    assert set(urls) == {"Homepage", "Documentation", "Source", "Issues", "Changelog"}
    assert all(url.startswith("https://") for url in urls.values())
