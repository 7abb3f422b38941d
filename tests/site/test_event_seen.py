"""Who may see one event, looked up by its id (``event_seen``, ``event_visible``): the same answer
as the events list's rule (``events_visible``) for every kind of event and every visitor, in one
query by primary key; the API's and the pages' look-ups use it."""

import pytest
from django.contrib.auth.models import AnonymousUser

from tests.support.actors import make_actor
from tests.support.pages import page
from tournaments.models import Event
from tournaments.selectors.events import event_seen, event_visible, events_visible

pytestmark = pytest.mark.django_db

KINDS = ("draft", "open", "finished", "practice", "practice draft")


@pytest.fixture
def events(event_factory) -> dict[str, Event]:
    made = {}
    for kind in KINDS:
        driver = event_factory()
        if "draft" not in kind:
            driver.open()
        row = Event.objects.get(pk=driver.id)
        row.practice = kind.startswith("practice")
        if kind == "finished":
            row.status = Event.Status.FINISHED
        row.save(update_fields=["practice", "status"])
        made[kind] = row
    return made


@pytest.fixture
def visitors(organizer, outsider) -> dict[str, object]:
    staff = make_actor("staffer").user
    staff.is_staff = True
    staff.save(update_fields=["is_staff"])
    return {
        "anonymous": AnonymousUser(),
        "organizer": organizer.user,
        "outsider": outsider.user,
        "staff": staff,
    }


def test_one_event_is_seen_exactly_when_the_list_rule_shows_it(events, visitors):
    answers = {}
    for kind, event in events.items():
        for who, user in visitors.items():
            listed = events_visible(user=user).filter(pk=event.pk).exists()
            assert event_visible(event=event, user=user) is listed, (kind, who)
            assert event_seen(event_id=event.pk, user=user) == (event if listed else None), (kind, who)
            answers[kind, who] = listed
    # The rule itself: a practice game's event is nobody's to see, a draft only its organizer's
    # (and staff's), any other event everyone's.
    assert not any(answers["practice", who] or answers["practice draft", who] for who in visitors)
    assert [who for who in visitors if answers["draft", who]] == ["organizer", "staff"]
    assert all(answers["open", who] and answers["finished", who] for who in visitors)


def test_an_unknown_event_is_seen_by_no_one(visitors):
    assert all(event_seen(event_id=10**9, user=user) is None for user in visitors.values())


def test_the_look_up_is_one_query_by_primary_key(events, organizer, django_assert_num_queries):
    with django_assert_num_queries(1) as captured:
        seen = event_seen(event_id=events["open"].pk, user=organizer.user)
    assert seen == events["open"] and seen.organizer.username == organizer.name  # organizer read in it
    (sql,) = [query["sql"] for query in captured.captured_queries]
    assert "tournaments_registration" not in sql and "tournaments_round" not in sql


def test_the_api_and_the_pages_hide_a_draft_and_a_practice_event(events, organizer, outsider):
    for kind in ("draft", "practice"):
        url = f"/api/events/{events[kind].pk}/"
        assert outsider.api.get(url).status_code == 404, kind
        assert outsider.api.get(f"{url}registrations/").status_code == 404, kind
        assert page(outsider, f"/events/{events[kind].pk}/")[0] == 404, kind
    assert organizer.api.get(f"/api/events/{events['draft'].pk}/").status_code == 200
    assert organizer.api.get(f"/api/events/{events['practice'].pk}/").status_code == 404
    assert page(organizer, f"/events/{events['draft'].pk}/")[0] == 200
    assert outsider.api.get(f"/api/events/{events['open'].pk}/registrations/").status_code == 200
