"""Reads: keyword-only, typed query functions (STYLE.md 11)."""
