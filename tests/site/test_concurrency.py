"""Races on PostgreSQL: a double click on "next round" and simultaneous reports.

Real row locks need a real database: these run on PostgreSQL (CI) with two threads,
each with its own connection.
"""

import threading
from collections.abc import Callable

import pytest
from django.db import connection, connections

from tests.support.actors import make_players
from tests.support.events import EventDriver
from tests.support.services import require_or_skip
from tournaments.models import Match, ResultChange, Round
from tournaments.services.errors import DomainError
from tournaments.services.events import match_report, round_next

pytestmark = pytest.mark.django_db(transaction=True)


def race(*calls: Callable[[], object]) -> list[object]:
    """Run the calls at the same moment in threads; return each result or the exception raised."""
    barrier = threading.Barrier(len(calls))
    results: list[object] = [None] * len(calls)

    def run(index: int, call: Callable[[], object]) -> None:
        try:
            barrier.wait()
            results[index] = call()
        except Exception as error:  # collected for the assertions
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


@pytest.fixture
def postgres() -> None:
    require_or_skip(connection.vendor == "postgresql", "row-lock races need PostgreSQL (DATABASE_URL)")


def test_it_never_pairs_a_round_twice_on_a_double_click(postgres, organizer, legal_decks, card_sets):
    event = EventDriver(organizer, legal_decks, rounds=3)
    event.open()
    event.register(*make_players(8))
    event.start()
    event.finish_round(1)
    from tournaments.models import Event

    row = Event.objects.get(pk=event.id)
    results = race(
        lambda: round_next(event=row, by=organizer.user), lambda: round_next(event=row, by=organizer.user)
    )
    paired = [r for r in results if isinstance(r, Round)]
    refused = [r for r in results if isinstance(r, DomainError)]
    assert len(paired) == 1, results
    assert len(refused) == 1 and refused[0].code == "results_missing"
    assert Round.objects.filter(event_id=event.id).count() == 2
    assert Match.objects.filter(round__event_id=event.id, round__number=2).count() == 4


def test_it_applies_simultaneous_matching_reports_exactly_once_each(
    postgres, organizer, legal_decks, card_sets
):
    event = EventDriver(organizer, legal_decks, rounds=1, best_of=3)
    event.open()
    a, b = make_players(2)
    event.register(a, b)
    match_id = event.start()["matches"][0]["id"]
    by = {p.name: p.user for p in (a, b)}
    first = event.round(1)["matches"][0]
    match = Match.objects.get(pk=match_id)
    results = race(
        lambda: match_report(match=match, by=by[first["player_a"]], wins_a=2, wins_b=1, draws=0),
        lambda: match_report(match=match, by=by[first["player_b"]], wins_a=2, wins_b=1, draws=0),
    )
    assert not [r for r in results if isinstance(r, Exception)], results
    match.refresh_from_db()
    assert (match.status, match.wins_a, match.wins_b) == ("final", 2, 1)
    assert sorted(ResultChange.objects.filter(match=match).values_list("action", flat=True)) == [
        "confirm",
        "report",
    ]
