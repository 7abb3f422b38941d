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


class Ordered(Collected):
    """A collected test with a name, its database marker (``transaction`` or not) and markers."""

    def __init__(
        self,
        name: str,
        *fixtures: str,
        db: dict | None = None,
        markers: tuple[str, ...] = (),
        nodeid: str = "",
    ) -> None:
        super().__init__(*fixtures)
        self.name, self.db, self.markers, self.nodeid = name, db, list(markers), nodeid

    def get_closest_marker(self, name: str):  # type: ignore[override]
        if name == "django_db":
            return None if self.db is None else pytest.mark.django_db(**self.db).mark
        return super().get_closest_marker(name)


def test_the_long_tests_head_their_database_group_and_the_groups_keep_djangos_order() -> None:
    from tests.support.markers import long_tests_first

    items = [
        Ordered("engine", markers=()),
        Ordered("soak", markers=("slow",)),
        Ordered("api", db={}),
        Ordered("flushed", db={"transaction": True}),
        Ordered("whole game", "live_server", markers=("browser",)),
        Ordered("worker", db={"transaction": True}, markers=("celery_worker",)),
        Ordered("form", "db"),
    ]
    long_tests_first(items)
    assert [item.name for item in items] == [
        "api", "form",  # in a transaction rolled back
        "whole game", "worker", "flushed",  # in a database flushed after them: the long ones first
        "soak", "engine",  # no database
    ]  # fmt: skip


def test_the_longest_tests_go_first_among_the_long_ones_longest_first() -> None:
    from tests.support.markers import LONGEST, long_tests_first

    whole_game = (
        "tests/site/test_click_whole_game.py::test_a_whole_online_game_is_played_to_its_end_by_clicks"
    )
    items = [
        Ordered(
            "a short browser test", "live_server", markers=("browser",), nodeid="tests/site/test_a.py::t"
        ),
        Ordered("respons", "live_server", markers=("browser",), nodeid=f"{whole_game}[respons]"),
        Ordered("fow", "live_server", markers=("browser",), nodeid=f"{whole_game}[fow]"),
        Ordered("wow", "live_server", markers=("browser",), nodeid=f"{whole_game}[wow]"),
        Ordered("flushed", db={"transaction": True}, nodeid=f"{whole_game}[not long]"),
    ]
    long_tests_first(items)
    assert [item.name for item in items] == ["wow", "fow", "respons", "a short browser test", "flushed"]
    assert all(start.startswith("tests/") and "::" in start for start in LONGEST)
