"""An event's counts (players, waitlist, current round) as the event API, the events list and
the list page give them: each counted on its own, never from a join of the registrations with
the rounds, whose rows multiply (selectors/events/listing.py, ``events_counted``)."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.support.actors import make_players


def counts(body: dict) -> tuple[int, int, int]:
    return body["players"], body["waitlist"], body["current_round"]


def test_the_event_api_and_the_list_count_players_waitlist_and_rounds_apart(event_factory, anonymous):
    event = event_factory(player_cap=4, rounds=3)
    event.open()
    event.register(*make_players(5))  # four players and one waiting
    event.start()
    event.finish_round(1)
    event.next_round()

    assert counts(event.organizer.api.get(event.url).json()) == (4, 1, 2)
    listed = {row["id"]: row for row in anonymous.api.get("/api/events/").json()}
    assert counts(listed[event.id]) == (4, 1, 2)


def test_an_event_with_no_one_yet_counts_zero(event_factory):
    event = event_factory()
    assert counts(event.organizer.api.get(event.url).json()) == (0, 0, 0)


def test_the_event_look_up_joins_no_registrations_to_rounds(event_factory):
    event = event_factory(rounds=3)
    event.open()
    event.register(*make_players(4))
    event.start()
    with CaptureQueriesContext(connection) as queries:
        assert event.organizer.api.get(event.url).status_code == 200
    (look_up,) = [q["sql"] for q in queries.captured_queries if 'FROM "tournaments_event"' in q["sql"]]
    assert 'JOIN "tournaments_registration"' not in look_up
    assert 'JOIN "tournaments_round"' not in look_up
    assert look_up.count("SELECT COUNT") == 3  # players, waitlist, rounds: a subquery each
