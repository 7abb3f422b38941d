"""Writes: keyword-only, typed functions named ``<thing>_<verb>`` (STYLE.md 11)."""
