"""Writes: keyword-only, typed functions named ``<thing>_<verb>``."""
