"""Doctest collection over ``src``: skip adapter modules whose framework is not installed.

The core suite (``pip install -e ".[test]"; pytest``) runs without the adapter extras, and
importing an adapter module without its framework fails; with the extras installed (the CI's
adapter block) every adapter module's doctests run.
"""

import importlib.util

_NEEDS = {
    "nertslib/adapters/openspiel.py": ("pyspiel", "numpy"),
    "nertslib/adapters/pettingzoo.py": ("pettingzoo", "gymnasium", "numpy"),
    "nertslib/adapters/gymnasium.py": ("gymnasium", "numpy"),
    "nertslib/adapters/arrays.py": ("gymnasium", "numpy"),
    # the batch engine's users: the fast extra too
    "nertslib/adapters/selfplay.py": ("numba", "numpy"),
    "nertslib/adapters/vector.py": ("gymnasium", "numba", "numpy"),
    # their examples build NumPy arrays (the modules themselves import it only on use)
    "nertslib/adapters/policies.py": ("numpy",),
    "nertslib/adapters/tensors.py": ("numpy",),
    "nertslib/adapters/dataset.py": ("numpy",),
    # the learned bot plays its weights with NumPy (the `learned` extra)
    "nertslib/bots/learned.py": ("numpy",),
}

collect_ignore = [
    path
    for path, modules in _NEEDS.items()
    if any(importlib.util.find_spec(module) is None for module in modules)
]
