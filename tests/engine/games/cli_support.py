"""Running ``python -m engine validate`` from the game tests."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def run_validate(card_set: Path, deck_path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """Return the finished ``python -m engine validate`` run on one card set and one deck."""
    command = [sys.executable, "-m", "engine", "validate", "--cards", str(card_set), "--deck", str(deck_path)]
    return subprocess.run([*command, *extra], capture_output=True, text=True, cwd=ROOT, timeout=60)
