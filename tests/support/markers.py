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


# The markers of the tests that take longest (whole games in a browser, real workers, soaks).
LONG_MARKERS = ("browser", "celery_worker", "slow")

# The longest of the long tests, longest first, by the start of their test ids (as `make test`
# timed them: WoW TCG's whole game by clicks runs about four minutes, most browser tests seconds).
# They go first among the long tests of their group, in this order, so that the last test a
# process starts is a short one.
LONGEST = (
    "tests/site/test_click_whole_game.py::test_a_whole_online_game_is_played_to_its_end_by_clicks[wow]",
    "tests/site/test_practice_browser.py::test_a_practice_game_is_played_to_its_end_by_clicks[wow-",
    "tests/site/test_click_whole_game.py::test_a_whole_online_game_is_played_to_its_end_by_clicks[fow]",
    "tests/site/test_accessibility_browser.py::test_every_page_passes_axe_on_a_phone_and_a_desktop",
    "tests/site/test_click_whole_game.py::",
    "tests/site/test_practice_browser.py::",
)


def _longest_rank(item: Any) -> int:
    """Where the test stands in :data:`LONGEST` (its length when it is not there)."""
    nodeid = getattr(item, "nodeid", "")
    return next((rank for rank, start in enumerate(LONGEST) if nodeid.startswith(start)), len(LONGEST))


def _database_group(item: Any) -> int:
    """pytest-django's order of a test function (as Django's runner orders tests): 0 in a
    transaction rolled back, 1 in a database flushed after it (transactional, live server),
    2 without a database. Tests keep that order: a flush must not come before a test that reads
    what the migrations wrote."""
    marker = item.get_closest_marker("django_db")
    fixtures = set(getattr(item, "fixturenames", ()))
    flushed = ("transaction", "reset_sequences")
    transactional = marker is not None and any(marker.kwargs.get(name) for name in flushed)
    if transactional or fixtures & {"transactional_db", "live_server"}:
        return 1
    return 0 if marker is not None or "db" in fixtures else 2


def long_tests_first(items: list[Any]) -> None:
    """Within each of pytest-django's groups, put the tests marked :data:`LONG_MARKERS` first:
    those of :data:`LONGEST` in its order, then the others in their collected order.

    The suite is split over one process per core (pytest-xdist's ``worksteal``): each process
    takes a contiguous share of the list and an idle one takes half of what another has left
    from the end of its share. With the long tests at the head of their group, the longest
    first, a share does not end with a whole game in a browser that one process plays alone
    after the other finished."""
    items.sort(
        key=lambda item: (
            _database_group(item),
            not any(item.get_closest_marker(name) for name in LONG_MARKERS),
            _longest_rank(item),
        )
    )
