"""Helpers shared by the game tests: card lookup, violation codes, the validate command."""

import subprocess
import sys
from pathlib import Path
from typing import Any

from engine.catalog import Catalog
from engine.problems import Violation

ROOT = Path(__file__).resolve().parents[3]


def run_validate(card_set: Path, deck_path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """Return the finished ``python -m engine validate`` run on one card set and one deck."""
    command = [sys.executable, "-m", "engine", "validate", "--cards", str(card_set), "--deck", str(deck_path)]
    return subprocess.run([*command, *extra], capture_output=True, text=True, cwd=ROOT, timeout=60)


def card_named(catalog: Catalog[Any], name: str) -> Any:
    """Return the card called ``name``; fail the test when the catalog has none."""
    card = catalog.get(name)
    assert card is not None, name
    return card


def codes(violations: list[Violation]) -> list[str]:
    return [v.code for v in violations]
