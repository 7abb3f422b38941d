"""What marks a test by what it needs (tests/conftest.py applies it at collection): `make check`
leaves out the tests marked ``browser``, ``celery_worker`` and ``slow``."""

from collections.abc import Iterable
from typing import Any

import pytest

# What makes a test a browser test, whether or not its module says so.
BROWSER_FIXTURES = frozenset({"chromium", "live_server"})


def mark_browser_tests(items: Iterable[Any]) -> None:
    """Mark ``browser`` every collected test that uses a fixture of :data:`BROWSER_FIXTURES`."""
    for item in items:
        uses = set(getattr(item, "fixturenames", ()))
        if BROWSER_FIXTURES & uses and not item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.browser)
