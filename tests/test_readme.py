"""The README's ``>>>`` examples run as doctests, so the README cannot drift from the code."""

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples() -> None:
    result = doctest.testfile(
        str(README),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        encoding="utf-8",
    )
    assert result.failed == 0
    assert result.attempted > 10  # the examples were found: the test cannot pass vacuously
