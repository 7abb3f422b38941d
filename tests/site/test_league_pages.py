"""A league on the site's pages: the form creates one, a player joins the list of players
looking for a match on the event page and another challenges them, refusals say why, the
organizer matches the waiting players from the dashboard and finishes the league, and the
standings show each player's matches left; in English and in Russian."""

import pytest
from django.test import Client

from tests.support.actors import make_players
from tests.support.pages import EVENT_FORM, csv_rows, html_of, page, post
from tournaments.models import Event, Match

pytestmark = pytest.mark.django_db


def started(event_factory, players: int, **settings):
    event = event_factory(structure="league", league_days=7, league_matches=2, **settings)
    event.open()
    entrants = make_players(players)
    event.register(*entrants)
    event.start()
    return event, entrants


def russian(actor) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(actor.user)
    return client


def test_the_form_creates_a_league_with_its_days_and_matches(organizer):
    form = {**EVENT_FORM, "name": "Winter League", "structure": "league", "league_days": "14"}
    form.update(league_matches="5")
    response = post(organizer, "/events/new/", form, follow=False)
    assert response.status_code == 302, html_of(response)
    event = Event.objects.get(name="Winter League")
    assert (event.structure, event.league_days, event.league_matches) == ("league", 14, 5)
    form = {**EVENT_FORM, "name": "No days", "structure": "league", "league_matches": "5"}
    response = post(organizer, "/events/new/", form, follow=False)
    assert response.status_code == 400 and "a league needs it" in html_of(response)


def test_a_player_joins_the_list_and_another_challenges_them_from_the_event_page(event_factory):
    event, (anna, boris, _clara) = started(event_factory, 3)
    _, html = page(anna, f"/events/{event.id}/")
    assert "Looking for a match" in html and "Nobody is looking for a match right now." in html
    html = html_of(post(anna, f"/events/{event.id}/league/looking/", {"looking": "1"}))
    assert "You are on the list" in html and 'data-testid="league-leave"' in html
    _, html = page(boris, f"/events/{event.id}/")
    assert f'aria-label="Play {anna.name}"' in html
    html = html_of(post(boris, f"/events/{event.id}/league/challenge/", {"opponent": anna.name}))
    assert f"Match made: you play {anna.name}." in html
    match = Match.objects.get(round__event_id=event.id)
    assert (match.player_a.player.username, match.player_b.player.username) == (boris.name, anna.name)
    assert "is playing a league match now" in html  # boris's own state: busy
    assert "League matches" in html and "Round 1 pairings" not in html


def test_a_refused_challenge_says_why_in_russian(event_factory):
    event, (anna, boris) = started(event_factory, 2)
    post(anna, f"/events/{event.id}/league/looking/", {"looking": "1"})
    post(boris, f"/events/{event.id}/league/challenge/", {"opponent": anna.name})
    event.finish_round(1)
    post(anna, f"/events/{event.id}/league/looking/", {"looking": "1"})
    response = russian(boris).post(
        f"/events/{event.id}/league/challenge/", {"opponent": anna.name}, follow=True
    )
    html = html_of(response)
    assert "Ищу соперника" in html
    assert "уже играли друг с другом в этой лиге" in html
    assert Match.objects.filter(round__event_id=event.id).count() == 1


def test_the_organizer_matches_the_waiting_players_and_finishes_the_league(event_factory, organizer):
    event, players = started(event_factory, 4)
    for player in players:
        post(player, f"/events/{event.id}/league/looking/", {"looking": "1"})
    _, html = page(organizer, f"/events/{event.id}/manage/")
    assert "Match the waiting players" in html and "Finish the event" in html
    html = html_of(post(organizer, f"/events/{event.id}/manage/league/pair-waiting/"))
    assert "2 matches made. 0 players still wait." in html
    event.finish_round(1)
    post(organizer, f"/events/{event.id}/manage/next-round/")
    assert Event.objects.get(pk=event.id).status == "finished"


def test_the_standings_show_the_matches_left_in_both_languages_and_as_csv(event_factory, organizer):
    event, (anna, boris, _clara) = started(event_factory, 3)
    post(anna, f"/events/{event.id}/league/looking/", {"looking": "1"})
    post(boris, f"/events/{event.id}/league/challenge/", {"opponent": anna.name})
    event.finish_round(1)
    _, html = page(organizer, f"/events/{event.id}/standings/")
    assert "Matches left" in html and html.count('data-testid="matches-left"') == 3
    assert "The standings are live" in html
    html = russian(organizer).get(f"/events/{event.id}/standings/").content.decode()
    assert "Осталось матчей" in html and "Лига" in html
    rows = csv_rows(Client().get(f"/events/{event.id}/export/standings.csv"))
    assert "remaining" in rows[0]
    by_name = {row[1]: dict(zip(rows[0], row, strict=True)) for row in rows[1:]}
    assert by_name[boris.name]["match_points"] == "3" and by_name[boris.name]["remaining"] == "1"


@pytest.mark.parametrize(
    ("language", "said"), [("en", ("Structure", "League days")), ("ru", ("Структура", "Дней лиги"))]
)
def test_the_event_page_tells_a_leagues_settings_not_swiss_ones(event_factory, language, said):
    event = event_factory(structure="league", league_days=7, league_matches=3)
    event.open()
    response = Client(HTTP_ACCEPT_LANGUAGE=language).get(f"/events/{event.id}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert all(word in html for word in said)
    assert 'data-testid="structure"' in html
    assert "Swiss rounds" not in html and "Швейцарские раунды" not in html


@pytest.mark.parametrize(
    ("language", "said"), [("en", "You have no league match in play"), ("ru", "Сейчас у вас нет матча лиги")]
)
def test_a_player_without_a_league_match_is_pointed_to_the_list(event_factory, language, said):
    event = event_factory(structure="league", league_days=7, league_matches=3)
    event.open()
    anna, boris = make_players(2)
    event.register(anna, boris)
    event.start()
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(anna.user)
    html = client.get(f"/events/{event.id}/").content.decode()
    assert said in html and "not paired this round" not in html and "нет пары" not in html
