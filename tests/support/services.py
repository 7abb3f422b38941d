"""The optional real components of the suite: what a test does when one is missing."""

import os

import pytest

IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def require_or_skip(condition: bool, reason: str) -> None:
    """Skip locally when an optional real component is missing; fail in CI, where it must be there."""
    if condition:
        return
    if IN_CI:
        pytest.fail(f"required in CI: {reason}")
    pytest.skip(reason)
