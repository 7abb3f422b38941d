"""Officials never play in their own event: the organizer and the judges see every
decklist and every hand, so they cannot register as players, and a registered player cannot
be made a judge — refused with a clear message in the API, the services and the pages."""

import pytest
from django.contrib.auth import get_user_model

from tests.support.pages import browser
from tournaments.models import Event, Registration
from tournaments.services.errors import WrongState
from tournaments.services.events import registration_submit

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_event(event_factory, judge):
    """An event in registration, judged by ``judge``."""
    event = event_factory(rounds=2)
    event.organizer.api.post(f"{event.url}judges/", {"username": judge.name}, format="json")
    event.open()
    return event


def register(actor, event, deck, language="en"):
    return actor.api.post(
        f"{event.url}registrations/", {"deck": deck}, format="json", HTTP_ACCEPT_LANGUAGE=language
    )


def assert_not_registered(event, actor):
    assert not Registration.objects.filter(event_id=event.id, player__username=actor.name).exists()


def test_it_refuses_the_organizer_and_the_judges_as_players(open_event, judge, legal_decks):
    for official in (open_event.organizer, judge):
        response = register(official, open_event, legal_decks[0])
        assert response.status_code == 409, response.content
        assert response.json() == {
            "detail": "The organizer and the judges of an event cannot play in it.",
            "code": "official_cannot_play",
        }
        assert_not_registered(open_event, official)


def test_it_says_so_before_anything_about_the_deck(open_event, judge):
    response = register(judge, open_event, "not a deck at all")
    assert (response.status_code, response.json()["code"]) == (409, "official_cannot_play")


def test_it_says_it_in_the_readers_language(open_event, judge, legal_decks):
    response = register(judge, open_event, legal_decks[0], language="ru")
    assert response.json()["detail"] == "Организатор и судьи турнира не могут в нём играть."


def test_staff_who_see_every_event_cannot_play_either(open_event, outsider, legal_decks):
    get_user_model().objects.filter(username=outsider.name).update(is_staff=True)
    assert register(outsider, open_event, legal_decks[0]).status_code == 409
    assert_not_registered(open_event, outsider)


def test_a_registered_player_cannot_be_made_a_judge(open_event, player, legal_decks):
    open_event.register(player)
    response = open_event.organizer.api.post(
        f"{open_event.url}judges/", {"username": player.name}, format="json"
    )
    assert response.status_code == 409, response.content
    assert response.json()["code"] == "player_cannot_judge"
    assert (
        response.json()["detail"]
        == f"{player.name} is registered as a player in this event, so cannot judge it."
    )
    assert not Event.objects.get(pk=open_event.id).judges.filter(username=player.name).exists()


def test_a_player_who_withdrew_can_judge(open_event, player):
    open_event.register(player)
    assert player.api.delete(f"{open_event.url}registrations/").status_code in (200, 204)
    response = open_event.organizer.api.post(
        f"{open_event.url}judges/", {"username": player.name}, format="json"
    )
    assert response.status_code == 200, response.content


def test_the_service_refuses_a_judge_added_while_registering(open_event, judge, legal_decks):
    event = Event.objects.get(pk=open_event.id)
    with pytest.raises(WrongState) as refused:
        registration_submit(event=event, player=event.judges.get(), deck=legal_decks[0])
    assert refused.value.code == "official_cannot_play"


def test_the_event_page_tells_an_official_instead_of_registering(open_event, judge, legal_decks):
    client = browser(judge)
    page = client.get(f"/events/{open_event.id}/").content.decode()
    assert 'data-testid="register-panel"' not in page
    assert "The organizer and the judges of an event cannot play in it." in page
    response = client.post(f"/events/{open_event.id}/register/", {"deck_text": "Hero: x"}, follow=True)
    assert response.status_code == 200
    assert "The organizer and the judges of an event cannot play in it." in response.content.decode()
    assert_not_registered(open_event, judge)


def test_the_dashboard_refuses_a_player_as_judge(open_event, player):
    open_event.register(player)
    client = browser(open_event.organizer)
    response = client.post(
        f"/events/{open_event.id}/manage/judges/",
        {"username": player.name},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    html = response.content.decode()
    assert f"{player.name} — игрок этого турнира и не может его судить." in html
    assert not Event.objects.get(pk=open_event.id).judges.filter(username=player.name).exists()


# --- a judge removed from the event ---------------------------------------------------------------


def remove_judge(event, judge):
    response = event.organizer.api.delete(
        f"{event.url}judges/{judge.name}/", {"reason": "needed at the desk"}, format="json"
    )
    assert response.status_code in (200, 204), response.content


def test_a_removed_judge_cannot_register_as_a_player(open_event, judge, legal_decks):
    remove_judge(open_event, judge)
    response = register(judge, open_event, legal_decks[0])
    assert response.status_code == 409, response.content
    assert response.json() == {
        "detail": f"{judge.name} judged this event and saw its decklists and hands, so cannot play in it.",
        "code": "official_cannot_play",
    }
    assert_not_registered(open_event, judge)
    russian = register(judge, open_event, legal_decks[0], language="ru")
    assert russian.json()["detail"] == (
        f"{judge.name} судил(а) этот турнир и видел(а) его колоды и руки, поэтому не может в нём играть."
    )


def test_nor_can_the_organizer_register_them_as_a_walk_in(open_event, judge, legal_decks):
    remove_judge(open_event, judge)
    response = open_event.organizer.api.post(
        f"{open_event.url}walk-ins/", {"username": judge.name, "deck": legal_decks[0]}, format="json"
    )
    assert response.status_code == 409, response.content
    assert response.json()["code"] == "official_cannot_play"
    assert_not_registered(open_event, judge)


def test_the_event_page_tells_a_removed_judge_instead_of_offering_the_form(open_event, judge):
    remove_judge(open_event, judge)
    page = browser(judge).get(f"/events/{open_event.id}/").content.decode()
    assert 'data-testid="judged-before"' in page
    assert "You judged this event and saw its decklists and hands, so you cannot play in it." in page
    assert 'id="deck-text-register"' not in page


def test_judging_another_event_is_no_bar(event_factory, open_event, judge, legal_decks):
    remove_judge(open_event, judge)
    other = event_factory(rounds=2)
    other.open()
    assert register(judge, other, legal_decks[0]).status_code == 201


@pytest.mark.django_db(transaction=True)
def test_the_migration_remembers_the_judges_removed_before_it():
    from tests.support.migrations import migrate, newest

    try:
        # The models as they were before 0025_event_former_judges (today's have columns it adds).
        old = migrate(("tournaments", "0024_practice_games"))
        users = old.get_model("auth", "User").objects
        organizer, removed, kept = (users.create(username=n) for n in ("olga", "jury", "kira"))
        event = old.get_model("tournaments", "Event").objects.create(
            name="Cup", game="respons", organizer=organizer, seed=1
        )
        changes = old.get_model("tournaments", "ResultChange").objects
        changes.create(event=event, by=organizer, action="judge_remove", old={"judge": "JURY"})
        changes.create(event=event, by=organizer, action="walk_in", new={"player": "kira"})
    finally:
        migrate(newest())
    assert [u.pk for u in Event.objects.get(pk=event.pk).former_judges.all()] == [removed.pk]
    assert not get_user_model().objects.get(pk=kept.pk).formerly_judged_events.exists()
