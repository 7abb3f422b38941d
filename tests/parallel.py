"""A pytest plugin (pyproject's ``addopts``: ``-p tests.parallel``) for runs split over processes.

``make test`` runs the suite with pytest-xdist, one test process per core. pytest-django gives
each process its own test database (``test_<name>_gw0``, ``_gw1`` …); this gives each its own
Redis database too, before Django reads its settings: the Celery queues, the limits' counters
and the live channels (whose names derive from the database number, config.redis_namespace)
of one process must never reach another's, whose matches have the same ids. It also keeps the
embedded beat off in the test processes (see below).
"""

import os
import re

import pytest

# The tests run the online sweep themselves, with a clock they control: no embedded beat thread
# (on by default without a broker) sweeping behind their backs in the test process.
os.environ.setdefault("EMBEDDED_BEAT", "false")

_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
_DB = re.compile(r"^(redis://[^/]*)(?:/(\d+))?$")


def _own_database(url: str, offset: int) -> str:
    """Return ``url`` moved ``offset`` Redis databases on (of 16, wrapping)."""
    match = _DB.match(url)
    if match is None:
        return url
    base, number = match.group(1), int(match.group(2) or 0)
    return f"{base}/{(number + offset) % 16}"


if _WORKER.startswith("gw") and _WORKER[2:].isdigit():
    for _name in ("CELERY_BROKER_URL", "CACHE_URL"):
        if os.environ.get(_name, "").startswith("redis://"):
            os.environ[_name] = _own_database(os.environ[_name], int(_WORKER[2:]))
    if os.environ.get("REDIS_NAMESPACE"):
        os.environ["REDIS_NAMESPACE"] += f":{_WORKER}"


@pytest.hookimpl(trylast=True)  # after pytest-django has put the tests in Django's order
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    from tests.support.markers import long_tests_first

    long_tests_first(items)
