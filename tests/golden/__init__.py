"""Golden data: perft counts (see make_perft.py)."""
