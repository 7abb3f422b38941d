"""Fixtures of the site tests: the actors (an organizer, a judge, a player, an outsider,
anonymous), card sets and decks, events, and Debian's Chromium for the browser tests.

Fixtures only: the helpers they use live in tests/support/."""

import copy
import os
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connections

from engine.registry import get_game
from tests.support.actors import Actor, anonymous_actor, make_actor
from tests.support.browser import CHROMIUM, CHROMIUM_ARGS
from tests.support.clocks import TestClock
from tests.support.committed_rows import online_match_once
from tests.support.events import EventDriver, legal_decks_read, online_table
from tests.support.services import require_or_skip
from tests.support.shared_rows import SITE_TEST_SETTINGS


@pytest.fixture(autouse=True)
def _quick_passwords(settings) -> None:
    # Real password hashing is slow on purpose (about a second here); tests sign up many users.
    settings.PASSWORD_HASHERS = SITE_TEST_SETTINGS["PASSWORD_HASHERS"]


@pytest.fixture(autouse=True)
def _notifications_in_the_callbacks(settings) -> None:
    # E-mails and webhooks run when the on-commit callbacks run, not on a thread of their own
    # (tests/site/test_webhooks.py checks the thread with a slow receiver).
    settings.NOTIFY_IN_BACKGROUND = SITE_TEST_SETTINGS["NOTIFY_IN_BACKGROUND"]


@pytest.fixture(autouse=True)
def limits_clock(monkeypatch) -> TestClock:
    """The clock of the request rates' windows (``services/limits.py``), standing at the start
    of a window until the test moves it: no window ends between a test's requests by chance.

    Each test also starts with no request counted (rates, sign-in backoff, open streams), as a
    fresh site would; the counters outlive a test in Redis."""
    from tournaments.services import limits

    limits.reset()
    clock = TestClock()
    monkeypatch.setattr(limits, "clock", clock)
    return clock


@pytest.fixture
def shared_actors(request: pytest.FixtureRequest) -> dict[str, Actor]:
    """The actors a module's shared rows made, by role (``organizer``, ``judge``, ``player``,
    ``opponent``, ``outsider``): a module that makes its rows once (``module_rows``) overrides
    this, and the role fixtures below hand its actors out instead of signing the same users up
    again. A test of an ``ONLINE_MATCH_ONCE`` module that asks for ``online_match`` has its organizer
    and judge; others none."""
    if online_match_once(request) and "online_match" in request.fixturenames:
        return request.getfixturevalue("online_match_committed")[1]
    return {}


@pytest.fixture
def organizer(db: None, shared_actors: dict[str, Actor]) -> Actor:
    return shared_actors.get("organizer") or make_actor("olga")


@pytest.fixture
def judge(db: None, shared_actors: dict[str, Actor]) -> Actor:
    return shared_actors.get("judge") or make_actor("jury")


@pytest.fixture
def player(db: None, shared_actors: dict[str, Actor]) -> Actor:
    return shared_actors.get("player") or make_actor("anna")


@pytest.fixture
def opponent(db: None, shared_actors: dict[str, Actor]) -> Actor:
    return shared_actors.get("opponent") or make_actor("boris")


@pytest.fixture
def outsider(db: None, shared_actors: dict[str, Actor]) -> Actor:
    return shared_actors.get("outsider") or make_actor("oscar")


@pytest.fixture
def anonymous(db: None) -> Actor:
    return anonymous_actor()


@pytest.fixture(scope="session", autouse=True)
def _card_sets_copied(django_db_setup: None, django_db_blocker, test_database_used: bool) -> None:
    """The bundled card sets imported once per test database and copied aside, before the first
    site test's transaction (autouse: a fixture asked for by name during a test, such as
    ``online_match_committed``, would otherwise make the copy inside that test's transaction, and
    lose it with its rollback). Nothing when the run has no test database."""
    from tests.support.card_sets import card_sets_copy_make

    if not test_database_used:
        return
    with django_db_blocker.unblock():
        card_sets_copy_make()


@pytest.fixture(scope="module")
def module_rows(django_db_setup: None, django_db_blocker, _card_sets_copied: None) -> Iterator[None]:
    """A transaction around all the tests of a module, rolled back after the last: a
    module-scoped fixture that asks for it writes rows once, with the card sets in, and each
    test runs in a savepoint inside (tests/support/shared_rows.py)."""
    from tests.support import card_sets
    from tests.support.shared_rows import rows_shared

    with rows_shared(django_db_blocker):
        with django_db_blocker.unblock():
            card_sets.card_sets_restore()
        card_sets.held = True
        try:
            yield
        finally:
            card_sets.held = False


@pytest.fixture(scope="module")
def committed_rows(django_db_setup: None, django_db_blocker, _card_sets_copied: None) -> Iterator[object]:
    """A transactional module's set-up, made once and committed, its rows put back before each
    test (tests/support/committed_rows.py)."""
    from tests.support.committed_rows import CommittedRows

    rows = CommittedRows(django_db_blocker, tag="module")
    try:
        yield rows
    finally:
        rows.drop()


@pytest.fixture(scope="module")
def _online_match_rows(committed_rows) -> tuple[tuple[EventDriver, int, Actor, Actor], dict[str, Actor]]:
    def build() -> tuple[tuple[EventDriver, int, Actor, Actor], dict[str, Actor]]:
        organizer, judge = make_actor("olga"), make_actor("jury")
        return online_table(organizer, judge), {"organizer": organizer, "judge": judge}

    return committed_rows.make(build)


@pytest.fixture
def broker() -> Iterator[object]:
    """The real broker for a test that starts real workers (``celery_worker``): this process's
    tasks go to a fresh queue, its workers stopped and the queue deleted after the test
    (tests/support/workers.py, ``real_broker``)."""
    from tests.support.workers import real_broker

    with real_broker() as broker:
        yield broker


@pytest.fixture
def online_match_committed(transactional_db, committed_rows, _online_match_rows):
    """``online_match``'s event made once for a transactional module and put back before each
    test (tests/support/committed_rows.py): the match as ``online_match`` gives it, and its
    organizer and judge by role (``shared_actors``)."""
    with committed_rows.restored():
        yield copy.deepcopy(_online_match_rows)


@pytest.fixture
def card_sets(_card_sets_copied: None, db: None) -> None:
    """The card sets shipped with the engine, imported for every game (the rows their import
    writes, put back from the copy: tests/support/card_sets.py)."""
    from tests.support.card_sets import card_sets_restore

    card_sets_restore()


@pytest.fixture
def respons_deck_text() -> str:
    """A legal RESPONSE decklist as a player would paste it."""
    from engine.registry import bundled_decklists

    return next(p for p in bundled_decklists("respons") if p.name == "vesta_order.txt").read_text()


@pytest.fixture
def legal_decks() -> list[dict]:
    """The shipped RESPONSE decklists as JSON objects (all legal)."""
    return legal_decks_read()


@pytest.fixture
def event_factory(organizer, legal_decks, card_sets):
    """Return ``make(**settings)``: a new event of the organizer's (an EventDriver)."""

    def make(**settings: object) -> EventDriver:
        return EventDriver(organizer, legal_decks, **settings)

    return make


@pytest.fixture
def online_match(request: pytest.FixtureRequest) -> tuple[EventDriver, int, Actor, Actor]:
    """A best-of-3 online event in round 1: two players at one table, and a judge.

    The transactional tests of a module that sets ``ONLINE_MATCH_ONCE = True`` have it made once,
    its rows put back before each test (``online_match_committed``)."""
    if online_match_once(request):
        return request.getfixturevalue("online_match_committed")[0]
    request.getfixturevalue("card_sets")
    return online_table(request.getfixturevalue("organizer"), request.getfixturevalue("judge"))


@pytest.fixture(scope="module")
def _chromium_for_module() -> Iterator[object]:
    """Debian's Chromium, launched once for a module's browser tests (a launch costs about a
    second here)."""
    require_or_skip(os.path.exists(CHROMIUM), f"{CHROMIUM} is not installed (apt-get install chromium)")
    # Playwright's sync API runs an event loop in this thread from here on; the live server's ORM
    # calls are in its own threads, but the tests' and their fixtures' from this one would trip
    # Django's async-safety check (restored after the browser closed, at the module's end).
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                yield browser
            finally:
                browser.close()
                connections.close_all()


@pytest.fixture
def chromium(_chromium_for_module) -> Iterator[object]:
    """Debian's Chromium, headless, driven by Playwright (never a downloaded browser): the
    module's browser, every context a test opened in it closed after the test (their pages, which
    poll and stream, gone with them)."""
    browser: Any = _chromium_for_module
    yield browser
    for context in list(browser.contexts):
        context.close()
    # The ORM calls made beside the loop opened connections of their own (Django keeps them per
    # context): close them here, or the test database cannot be flushed or dropped, and the
    # real-worker tests that follow wait for their sessions to end.
    connections.close_all()


@pytest.fixture
def generic_board(monkeypatch) -> None:
    """Every game drawn with the generic board (boards/generic.js), as a game without a module
    of its own is: the play page loads it, and the workers keep its button labels. Ask for it
    before the fixtures that start a game."""
    from tournaments.selectors import boards
    from tournaments.services.online import setup
    from tournaments.views import play

    for module in (play, setup):
        monkeypatch.setattr(module, "board_module", lambda game: boards.GENERIC)
    monkeypatch.setattr(play, "board_styles", lambda game: boards.GENERIC_STYLES)


@pytest.fixture
def paper_game(monkeypatch) -> str:
    """Force of Will as a game without a match engine, played on paper only: every shipped game
    has an engine now, and the site must still refuse online play for a game that has none."""
    rules = get_game("fow")
    monkeypatch.setattr(rules, "match_engine", None)
    monkeypatch.setattr(rules, "has_match_engine", False)
    return "fow"
