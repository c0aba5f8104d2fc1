"""Research interfaces: Seven Rocks and its family for reinforcement learning and game-theory tools.

Every rule is asked of the engine (:mod:`sevenrocks.core`); these adapters only translate.

- :mod:`sevenrocks.rl.actions`: the fixed action space (448 integers) and action masks.
- :mod:`sevenrocks.rl.observation`: per-seat observation and information-state tensors.
- :mod:`sevenrocks.rl.family`: every game of the layout engine: its actions, tensors and turns.
- :mod:`sevenrocks.rl.pettingzoo`: the PettingZoo AEC environment ``sevenrocks_v0(game=...)``.
- :mod:`sevenrocks.rl.gym`: a Gymnasium single-agent environment (the other seats played by bots).
- :mod:`sevenrocks.rl.openspiel`: the OpenSpiel games ``python_seven_rocks``, ``python_kozel``...
- :mod:`sevenrocks.rl.batched`: many hands of one game stepped at once with NumPy and Numba.
- :mod:`sevenrocks.rl.batched_observation`: their observations, every game's, in one compiled kernel.
- :mod:`sevenrocks.rl.sausage`, :mod:`sevenrocks.rl.sausage_gym`, :mod:`sevenrocks.rl.openspiel_sausage`:
  Sausage (its own engine): its 84 actions, tensors, AEC and Gymnasium environments and
  ``python_sausage`` (reached through the entry points above with ``game="sausage"``).
- :mod:`sevenrocks.rl.aec_base`, :mod:`sevenrocks.rl.gym_base`, :mod:`sevenrocks.rl.openspiel_base`:
  what those environments and games share (each writes only what its game does differently).

Import the submodule you need; this package imports none of the optional libraries itself.
"""
