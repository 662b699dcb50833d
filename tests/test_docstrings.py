"""Every docstring example runs as a reader would type it: with only the imports it shows.

``pytest --doctest-modules`` runs a module's examples with that module's globals, so an
example can use a name it never imports and still pass there (and fail in the API reference,
where Sphinx runs it with nothing). Here each module's examples run with empty globals.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import nertslib

#: Modules whose optional dependencies may be missing are checked where they are installed.
OPTIONAL = (
    "nertslib.adapters",
    "nertslib.server",
    "nertslib.cli",
    "nertslib.batch",
    "nertslib.bots.batched",
)


def modules() -> list[str]:
    found = pkgutil.walk_packages(nertslib.__path__, prefix="nertslib.")
    return [nertslib.__name__] + [
        info.name
        for info in found
        if not info.name.startswith(OPTIONAL) and not info.name.endswith("__main__")
    ]


@pytest.mark.parametrize("name", modules())
def test_docstring_examples_show_their_imports(name: str) -> None:
    module: ModuleType = importlib.import_module(name)
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False
    )
    for test in finder.find(module, name, globs={}):
        test.globs = {}
        runner.run(test, clear_globs=True)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} example(s) of {name} need imports they do not show"
