"""Tests of Sausage (``sausage.md``): its own engine, script, view, bots, against the reference model."""
