"""Tests of the family of games: the engine against the reference model, invariants, examples."""
