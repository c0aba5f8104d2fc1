"""Match analysis: every placement of a record weighed by search from the placing seat's view.

- :mod:`sevenrocks.analysis.review`: :func:`~sevenrocks.analysis.review.analyse_record` and the
  results (needs numpy and numba, the ``bots`` extra);
- :mod:`sevenrocks.analysis.classes`: the classes and their thresholds (pure Python);
- :mod:`sevenrocks.analysis.chart`: the PNG chart (matplotlib);
- :mod:`sevenrocks.analysis.kernel`: the compiled loop (the search bot's evaluation, paired).

This package imports none of them itself, so that the command line starts without numpy.
"""
