r"""Adapters to reinforcement-learning frameworks: OpenSpiel, PettingZoo and Gymnasium.

Each framework is an optional extra, imported only by its own adapter module, never by
``import nertslib`` or by this package: ``pip install "nertslib[openspiel]"`` (or
``[pettingzoo]``, ``[gymnasium]``), then import the module you need.

* :mod:`nertslib.adapters.encoding`: the action encoding, observations and the simultaneous
  step shared by all three (needs nothing but nertslib).
* :mod:`nertslib.adapters.rewards` and :mod:`nertslib.adapters.episode`: the rewards the
  adapters pay (``reward=``) and when an episode ends (the no-progress limit).
* :func:`policy_bot` (:mod:`nertslib.adapters.policies`): a trained ``policy(observation,
  mask)`` as a bot that plays from its view (needs NumPy only).
* :mod:`nertslib.adapters.openspiel`: importing it registers the game ``"python_nerts"``.
* :mod:`nertslib.adapters.pettingzoo`: ``parallel_env(...)`` and ``env(...)``.
* :mod:`nertslib.adapters.gymnasium`: importing it registers ``"nertslib/Nerts-v0"``.

Importing the package itself costs nothing:

>>> import subprocess, sys
>>> code = "import nertslib.adapters, nertslib.adapters.encoding, sys; print(sorted({"
>>> code += "'numpy', 'pyspiel', 'pettingzoo', 'gymnasium'} & set(sys.modules)))"
>>> subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
'[]\n'

.. versionadded:: 0.1.0
"""

from nertslib.adapters.policies import Policy, PolicyBot, policy_bot

__all__ = ["Policy", "PolicyBot", "policy_bot"]
