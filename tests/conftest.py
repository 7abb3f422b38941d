"""Shared fixtures: named actors (STYLE.md 13) and the eager-Celery default.

Engine tests (tests/engine, tests/swiss) need no database and use none of these.
"""

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


@pytest.fixture(autouse=True)
def _eager_celery(request: pytest.FixtureRequest) -> None:
    # Ordinary tests run tasks in-process; the real-worker tests opt out.
    if request.node.get_closest_marker("celery_worker"):
        return
    from respons_site.celery import app

    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True
