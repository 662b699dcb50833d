"""The pytest warning filters (pyproject): every warning fails, but third-party deprecations."""

import warnings

import pytest


@pytest.mark.parametrize("module", ["pettingzoo.utils.deprecated_module", "pygame.pkgdata"])
@pytest.mark.parametrize("category", [DeprecationWarning, PendingDeprecationWarning])
def test_a_third_party_deprecation_is_shown_not_raised(module, category):
    # the filters pytest installed from pyproject are in force here (no simplefilter)
    with warnings.catch_warnings(record=True) as seen:
        warnings.warn_explicit("old API", category, "x.py", 1, module=module)
    assert [w.category for w in seen] == [category]


@pytest.mark.parametrize("module", ["nertslib.adapters.gymnasium", "tests.test_x", "nertslib"])
def test_a_deprecation_raised_from_our_code_fails(module):
    with pytest.raises(DeprecationWarning):
        warnings.warn_explicit("old API", DeprecationWarning, "x.py", 1, module=module)


def test_any_other_warning_from_third_party_code_fails():
    with pytest.raises(UserWarning):
        warnings.warn_explicit("careful", UserWarning, "x.py", 1, module="gymnasium.core")
