"""The README's ``>>>`` examples run as doctests, so the README cannot drift from the code."""

import doctest
import subprocess
import sys
import zipfile
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


def test_the_wheel_ships_the_license_the_type_marker_and_the_learned_weights(
    tmp_path: Path,
) -> None:
    root = Path(__file__).resolve().parent.parent
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path), str(root)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("nertslib-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "nertslib/py.typed" in names
    assert "nertslib/bots/learned.npz" in names  # make_bot("learned") reads it
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)
