"""Series on the site: an organizer creates a series on the "New series"
page, changes it and adds or removes their events on its edit page, as the API lets them;
the API then answers what the pages did. Outsiders get 403, visitors the sign-in page, and a
bad value gets the service's own message on the form, in the reader's language."""

import pytest
from django.test import Client

from tests.support.pages import browser, html_of, page, post

pytestmark = pytest.mark.django_db

FORM = {
    "name": "Autumn League",
    "game": "respons",
    "points": "10, 6, 4, 3",
    "participation_points": "1",
    "description": "Four Saturdays.",
}


@pytest.fixture
def league(organizer) -> dict:
    """A series of the organizer's, created through the API; the API's answer."""
    response = organizer.api.post("/api/series/", {"name": "Spring League", "points": [5, 3]}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def api_series(actor, series_id: int) -> dict:
    response = actor.api.get(f"/api/series/{series_id}/")
    assert response.status_code == 200
    return response.json()


def test_it_creates_a_series_from_the_page_as_the_api_then_answers_it(organizer, anonymous):
    status, html = page(organizer, "/series/new/")
    assert status == 200 and 'name="csrfmiddlewaretoken"' in html and 'name="points"' in html
    response = post(organizer, "/series/new/", FORM, follow=False)
    assert response.status_code == 302
    created = anonymous.api.get("/api/series/").json()[0]
    assert response["Location"] == f"/series/{created['id']}/edit/"
    assert {k: created[k] for k in ("name", "game", "points", "participation_points", "description")} == {
        "name": "Autumn League",
        "game": "respons",
        "points": [10, 6, 4, 3],
        "participation_points": 1,
        "description": "Four Saturdays.",
    }
    assert created["organizer"] == organizer.name


def test_it_takes_the_points_separated_by_spaces_or_semicolons_too(organizer, anonymous):
    post(organizer, "/series/new/", {**FORM, "points": " 8 ;5  2,1 "})
    assert anonymous.api.get("/api/series/").json()[0]["points"] == [8, 5, 2, 1]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("name", "  ", "give the series a name (up to 200 characters)"),
        ("points", "", "a list of 1 to 256 numbers, the points of 1st place first"),
        ("points", "10, six, 4", "each a whole number from 0 to 10000"),
        ("points", "10, -1", "each a whole number from 0 to 10000"),
        ("participation_points", "20000", "a whole number from 0 to 10000"),
        ("game", "chess", "unknown game chess"),
    ],
)
def test_a_bad_value_gets_the_services_message_and_keeps_what_was_typed(
    organizer, anonymous, field, value, message
):
    response = post(organizer, "/series/new/", {**FORM, field: value})
    html = html_of(response)
    assert response.status_code == 400
    assert message in html
    assert "Four Saturdays.</textarea>" in html
    if field != "name":
        assert 'value="Autumn League"' in html
    assert anonymous.api.get("/api/series/").json() == []


def test_the_services_message_reads_in_russian(organizer):
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(organizer.user)
    response = client.post("/series/new/", {**FORM, "points": "10, x"})
    html = response.content.decode()
    assert response.status_code == 400 and "каждое — целое число от 0 до 10000" in html
    assert "Очки за место" in html and 'value="10, x"' in html


def test_it_refuses_a_form_posted_without_its_csrf_token(organizer, anonymous):
    client = Client(enforce_csrf_checks=True)
    client.force_login(organizer.user)
    assert client.post("/series/new/", FORM).status_code == 403
    assert anonymous.api.get("/api/series/").json() == []


def test_visitors_are_sent_to_sign_in_first(anonymous, league):
    edit = f"/series/{league['id']}/edit/"
    for path in ("/series/new/", edit):
        response = browser(anonymous).get(path)
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/?next=")
    for path in (f"{edit}events/", f"{edit}events/1/remove/"):
        response = browser(anonymous).post(path, {"event": "1"})
        assert response.status_code == 302 and "next=/series/" in response["Location"]
    assert post(anonymous, "/series/new/", FORM, follow=False).status_code == 302
    assert anonymous.api.get("/api/series/").json() == [league]


def test_the_organizer_edits_the_series_and_the_api_answers_the_change(organizer, anonymous, league):
    status, html = page(organizer, f"/series/{league['id']}/edit/")
    assert status == 200 and 'value="5, 3"' in html and 'value="Spring League"' in html
    assert 'name="game"' not in html  # the game of a series stays (PATCH takes none)
    changed = {"name": "Summer League", "points": "12, 8, 4", "participation_points": "2", "description": "x"}
    response = post(organizer, f"/series/{league['id']}/edit/", changed, follow=False)
    assert response.status_code == 302 and response["Location"] == f"/series/{league['id']}/"
    after = api_series(anonymous, league["id"])
    assert (after["name"], after["points"], after["participation_points"], after["description"]) == (
        "Summer League",
        [12, 8, 4],
        2,
        "x",
    )


def test_a_bad_change_is_refused_and_the_series_stays(organizer, anonymous, league):
    response = post(
        organizer,
        f"/series/{league['id']}/edit/",
        {"name": "Summer League", "points": "", "participation_points": "0"},
    )
    assert response.status_code == 400 and "a list of 1 to 256 numbers" in html_of(response)
    assert 'value="Summer League"' in html_of(response)
    assert api_series(anonymous, league["id"])["name"] == "Spring League"


def test_only_the_organizer_may_open_or_post_the_edit_pages(
    outsider, player, anonymous, league, event_factory
):
    cup = event_factory(name="Week 1")
    assert post(player, "/series/new/", FORM, follow=False).status_code == 302  # anyone signed in may
    edit = f"/series/{league['id']}/edit/"
    for actor in (outsider, player):
        assert page(actor, edit)[0] == 403
        assert post(actor, edit, {"name": "Mine", "points": "1"}).status_code == 403
        assert post(actor, f"{edit}events/", {"event": cup.id}).status_code == 403
    assert api_series(anonymous, league["id"])["name"] == "Spring League"
    assert api_series(anonymous, league["id"])["events"] == []


def test_the_links_lead_to_the_pages_for_whom_they_are_for(organizer, outsider, anonymous, league):
    assert 'href="/series/new/"' in page(outsider, "/series/")[1]
    assert 'href="/accounts/login/?next=/series/new/"' in page(anonymous, "/series/")[1]
    edit_link = f'href="/series/{league["id"]}/edit/"'
    assert edit_link in page(organizer, f"/series/{league['id']}/")[1]
    assert edit_link not in page(outsider, f"/series/{league['id']}/")[1]
    assert edit_link not in page(anonymous, f"/series/{league['id']}/")[1]


def test_the_organizer_adds_and_removes_their_events_from_a_list(
    organizer, outsider, anonymous, league, event_factory
):
    week_1 = event_factory(name="Week 1")
    event_factory(name="WoW night", game="wow")
    cancelled = event_factory(name="Called off")
    called_off = organizer.api.post(f"{cancelled.url}cancel/", {"reason": "no room"}, format="json")
    assert called_off.status_code == 200
    edit = f"/series/{league['id']}/edit/"
    html = page(organizer, edit)[1]
    offered = html.split('data-testid="series-add-event"')[1].split("</form>")[0]
    assert f'value="{week_1.id}"' in offered and "Week 1" in offered
    assert "WoW night" not in offered and "Called off" not in offered

    response = post(organizer, f"{edit}events/", {"event": week_1.id})
    assert "“Week 1” is in the series now." in html_of(response)
    assert [e["id"] for e in api_series(anonymous, league["id"])["events"]] == [week_1.id]
    assert f'value="{week_1.id}"' not in page(organizer, edit)[1].split('data-testid="series-add-event"')[-1]

    response = post(organizer, f"{edit}events/{week_1.id}/remove/")
    assert "“Week 1” is no longer in the series." in html_of(response)
    assert api_series(anonymous, league["id"])["events"] == []


@pytest.mark.parametrize(
    ("which", "message"),
    [
        ("other_game", "The event is of another game than the series."),
        ("someone_elses", "A series takes only events its organizer organizes."),
        ("missing", "Choose one of your events from the list."),
    ],
)
def test_an_event_the_series_cannot_take_gets_the_services_message(
    organizer, outsider, anonymous, league, event_factory, which, message
):
    """A list offers only what fits, but a form can be posted with any id."""
    events = {
        "other_game": lambda: event_factory(name="WoW night", game="wow").id,
        "someone_elses": lambda: outsider.api.post(
            "/api/events/", {"name": "Oscar's", "game": "respons"}, format="json"
        ).json()["id"],
        "missing": lambda: 999_999,
    }
    event_id = events[which]()
    if which == "someone_elses":
        assert outsider.api.post(f"/api/events/{event_id}/open/").status_code == 200  # visible to all
    response = post(organizer, f"/series/{league['id']}/edit/events/", {"event": event_id})
    assert response.status_code == 200 and message in html_of(response)
    assert api_series(anonymous, league["id"])["events"] == []
