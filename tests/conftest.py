"""Shared fixtures: named actors (STYLE.md 13) and the eager-Celery default.

Engine tests (tests/engine, tests/swiss) need no database and use none of these.

Helpers the tests share live in tests/support/ (a test module never imports a conftest).
"""

import pytest


def pytest_sessionstart(session: pytest.Session) -> None:
    """Refuse to test a compiled engine older than its sources (``make engine`` rebuilds it)."""
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root))
    import build_engine

    stale = build_engine.stale()
    if stale:
        pytest.exit(
            f"the compiled engine is older than {', '.join(stale)}: run `make engine` "
            "(or `python build_engine.py`), or delete engine/**/*.so to test the pure-Python engine",
            returncode=2,
        )


@pytest.fixture(autouse=True)
def _eager_celery(request: pytest.FixtureRequest) -> None:
    # Ordinary tests run tasks in-process; the real-worker tests opt out.
    if request.node.get_closest_marker("celery_worker"):
        return
    from respons_site.celery import app

    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True
