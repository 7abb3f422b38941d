"""Team events on the site's pages: the create-event form offers teams, the event page lists
the teams and their members and registers a team, the pairings show each team table seat by
seat, and the standings list teams, in English and in Russian."""

import pytest
from django.test import Client

from tests.support.actors import make_actor, make_players
from tests.support.events import team_event
from tests.support.pages import EVENT_FORM, html_of, page, post
from tournaments.models import Event, Team

pytestmark = pytest.mark.django_db


def russian(actor) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(actor.user)
    return client


def test_the_form_creates_a_team_event_with_the_copy_limit(organizer):
    _, html = page(organizer, "/events/new/")
    assert "Teams of 3" in html and "Copy limit across a team" in html
    form = {**EVENT_FORM, "name": "Team Open", "teams": "3", "team_copy_limit": "on"}
    response = post(organizer, "/events/new/", form, follow=False)
    assert response.status_code == 302, html_of(response)
    event = Event.objects.get(name="Team Open")
    assert (event.teams, event.team_copy_limit, event.structure) == (3, True, "swiss")


def test_the_form_refuses_teams_in_a_round_robin(organizer):
    form = {**EVENT_FORM, "name": "Odd", "teams": "2", "structure": "round_robin"}
    response = post(organizer, "/events/new/", form, follow=False)
    assert response.status_code == 400
    assert "team events are played as Swiss rounds" in html_of(response)
    assert not Event.objects.filter(name="Odd").exists()


def test_a_captain_registers_a_team_from_the_event_page(event_factory):
    event = event_factory(teams=2)
    event.open()
    captain, mate = make_players(2)
    _, html = page(captain, f"/events/{event.id}/")
    assert 'data-testid="team-form"' in html and "Seat 2: username" in html
    response = post(
        captain, f"/events/{event.id}/teams/", {"name": "Owls", "members": [captain.name, mate.name]}
    )
    html = html_of(response)
    assert "The team is registered" in html
    assert "Owls" in html and f"Seat 2: {mate.name}" in html and "no deck yet" in html
    assert list(Team.objects.get(name="Owls").members.values_list("user__username", flat=True)) == [
        captain.name,
        mate.name,
    ]
    other = make_actor("zoe")
    response = post(
        other, f"/events/{event.id}/teams/", {"name": "Larks", "members": [other.name, mate.name]}
    )
    assert "is already on the team “Owls”" in html_of(response)


def test_the_team_form_speaks_russian(event_factory):
    event = event_factory(teams=3)
    event.open()
    captain, mate = make_players(2)
    client = russian(captain)
    html = client.get(f"/events/{event.id}/").content.decode()
    assert "Зарегистрировать команду" in html and "Место 3: имя пользователя" in html
    response = client.post(
        f"/events/{event.id}/teams/", {"name": "Совы", "members": [captain.name, mate.name]}, follow=True
    )
    assert "в команде этого турнира 3 игрока" in response.content.decode()


def test_the_pairings_and_standings_show_teams_in_both_languages(event_factory, organizer):
    event, rosters = team_event(event_factory, 2, rounds=1)
    event.start()
    event.finish_round(1)  # seat A wins every seat: the first team wins 2-0
    first = rosters["Team 1"][0].name
    status, html = page(organizer, f"/events/{event.id}/rounds/1/")
    assert status == 200 and 'data-testid="team-tables"' in html
    assert "Team 1" in html and "Team 2" in html and "Seat 1, table 1:" in html and "Seat 2, table 2:" in html
    assert "seats 2–0–0" in html
    _, html = page(organizer, f"/events/{event.id}/standings/")
    assert 'data-testid="team-standings"' in html and "Team standings" in html
    assert first in html and "Opponents&#x27; match-win %" in html
    client = russian(organizer)
    html = client.get(f"/events/{event.id}/rounds/1/").content.decode()
    assert "Командные столы" in html and "Место 1, стол 1:" in html
    html = client.get(f"/events/{event.id}/standings/").content.decode()
    assert "Положение команд" in html and "Участники" in html
    html = client.get(f"/events/{event.id}/").content.decode()
    assert "Команды" in html and "готова" in html


def test_a_member_leaves_the_team_from_the_event_page_in_russian(event_factory):
    event = event_factory(teams=2)
    event.open()
    captain, mate, stranger = make_players(3)
    post(captain, f"/events/{event.id}/teams/", {"name": "Owls", "members": [captain.name, mate.name]})
    assert 'data-testid="team-leave"' in page(mate, f"/events/{event.id}/")[1]
    assert 'data-testid="team-leave"' not in page(stranger, f"/events/{event.id}/")[1]
    response = russian(mate).post(f"/events/{event.id}/teams/leave/", follow=True)
    assert "Вы вышли из команды" in response.content.decode()
    assert not Team.objects.filter(event_id=event.id).exists()
