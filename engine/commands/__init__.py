"""Subcommands of ``python -m engine`` (see engine.cli)."""
