"""The markers `make check` selects by are on every test that needs them (tests/support/markers.py,
tests/support/workers.py)."""

import pytest

from tests.support.markers import mark_browser_tests


class Collected:
    """A collected test as the marking reads it: its fixtures and its markers."""

    def __init__(self, *fixtures: str) -> None:
        self.fixturenames = list(fixtures)
        self.markers: list[str] = []

    def get_closest_marker(self, name: str) -> str | None:
        return name if name in self.markers else None

    def add_marker(self, marker: pytest.MarkDecorator) -> None:
        self.markers.append(marker.name)


def test_a_test_that_drives_chromium_or_the_live_server_is_a_browser_test() -> None:
    items = [Collected("db", "chromium"), Collected("live_server"), Collected("db", "organizer")]
    items[1].markers.append("browser")  # marked by its module already: not twice
    mark_browser_tests(items)
    assert [item.markers for item in items] == [["browser"], ["browser"], []]


def test_a_test_not_marked_celery_worker_may_not_start_a_worker() -> None:
    from tests.support.workers import start_worker

    with pytest.raises(RuntimeError, match="marked celery_worker"):
        start_worker("a-queue-nobody-consumes")
