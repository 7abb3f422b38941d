"""Reads: keyword-only, typed query functions."""
