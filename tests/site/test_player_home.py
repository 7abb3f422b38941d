"""A player's home: signed in, the home page and GET /api/me/ show my events, my
current match (table, opponent, time left, the play page), results I must confirm, games waiting
for my move and what is next. Signed out, after `make run`, it says how to sign in."""

import pytest
from django.contrib.auth import get_user_model

from tests.support.actors import make_players
from tests.support.events import one_table
from tests.support.online import online_match
from tests.support.pages import browser, html_of
from tournaments.models import Game
from tournaments.services.demo_users import DEMO_PASSWORD, DEMO_USERS, demo_users_ensure


def home(actor) -> str:
    return html_of(browser(actor).get("/"))


def me(actor) -> dict:
    response = actor.api.get("/api/me/")
    assert response.status_code == 200, response.content
    return response.json()


def test_it_still_answers_me_as_api_md_says(player):
    body = me(player)
    assert (body["username"], body["email"]) == (player.name, f"{player.name}@example.org")


def test_it_shows_a_player_with_no_event_where_to_find_one(player):
    page = home(player)
    assert 'data-testid="my-day"' in page and "You are not registered for any event yet." in page
    body = me(player)
    assert body["events"] == [] and body["current_match"] is None and body["next"] is None


def test_it_shows_my_current_match_with_table_opponent_and_time_left(event_factory, judge):
    event = event_factory(rounds=2, round_minutes=40)
    match, a, b = one_table(event, judge)
    current = me(a)["current_match"]
    assert (current["id"], current["table"], current["opponent"], current["round"]) == (
        match["id"],
        1,
        b.name,
        1,
    )
    assert current["event"] == {"id": event.id, "name": "Cup"}
    assert 39 * 60 < current["seconds_left"] <= 40 * 60
    assert current["online"] is False and current["play_url"] is None
    page = home(a)
    assert 'data-testid="current-match"' in page and f"Table 1 against {b.name}" in page
    assert 'data-testid="time-left"' in page
    assert [e["name"] for e in me(a)["events"]] == ["Cup"]


def test_it_links_an_online_match_to_its_play_page_and_lists_a_game_waiting_for_me(event_factory, judge):
    match = online_match(event_factory, judge)
    game = Game.objects.get(match_id=match.id)
    deciding = match.seat(game.decision_seat)
    waiting = match.seat(1 - game.decision_seat)
    current = me(deciding)["current_match"]
    assert current["online"] is True and current["play_url"] == f"/matches/{match.id}/play/"
    assert [m["id"] for m in me(deciding)["waiting_for_me"]] == [match.id]
    assert me(waiting)["waiting_for_me"] == []
    assert f'href="/matches/{match.id}/play/"' in home(deciding)
    assert 'data-testid="waiting-for-me"' in home(deciding)
    # The bell counts it, and the notifications API lists it (computed, never stored).
    assert [m["id"] for m in deciding.api.get("/api/notifications/").json()["waiting_for_me"]] == [match.id]
    assert 'data-testid="waiting-for-me"' not in home(waiting)


def test_it_lists_a_result_i_must_confirm(event_factory, judge):
    event = event_factory(rounds=2)
    match, a, b = one_table(event, judge)
    body = {"wins_a": 1, "wins_b": 0, "draws": 0}
    assert a.api.post(f"/api/matches/{match['id']}/report/", body, format="json").status_code == 200
    [row] = me(b)["to_confirm"]
    assert (row["id"], row["wins_a"], row["wins_b"], row["opponent"]) == (match["id"], 1, 0, a.name)
    assert me(a)["to_confirm"] == []  # the reporter waits, they have nothing to confirm
    assert 'data-testid="to-confirm"' in home(b) and 'data-testid="to-confirm"' not in home(a)
    b.api.post(f"/api/matches/{match['id']}/confirm/")
    assert me(b)["to_confirm"] == []


def test_it_says_what_is_next(event_factory):
    event = event_factory(rounds=1, starts_at="2999-01-02T10:00:00Z")
    event.open()
    [a] = make_players(1)
    event.register(a)
    body = me(a)
    assert body["next"]["id"] == event.id and body["next"]["starts_at"].startswith("2999-01-02T10:00")
    assert body["current_match"] is None
    assert 'data-testid="next"' in home(a)


def test_it_does_not_show_another_players_match(event_factory, judge, outsider):
    event = event_factory(rounds=1)
    one_table(event, judge)
    assert me(outsider)["current_match"] is None and me(outsider)["events"] == []
    assert 'data-testid="current-match"' not in home(outsider)


def test_it_keeps_the_upcoming_events_and_the_pitch_for_visitors(anonymous, event_factory):
    event = event_factory(rounds=1, starts_at="2999-01-02T10:00:00Z")
    event.open()
    page = home(anonymous)
    assert 'data-testid="upcoming"' in page and "Create an account" in page
    assert 'data-testid="my-day"' not in page


@pytest.mark.django_db
def test_it_names_the_demo_accounts_and_their_password_once_they_exist(anonymous):
    assert 'data-testid="demo-accounts"' not in home(anonymous)
    demo_users_ensure()
    page = home(anonymous)
    assert 'data-testid="demo-accounts"' in page and DEMO_PASSWORD in page
    assert all(f"<code>{name}</code>" in page for name in DEMO_USERS)


@pytest.mark.django_db
def test_it_names_no_demo_account_once_one_is_gone(anonymous):
    demo_users_ensure()
    get_user_model().objects.filter(username="vera").delete()  # a real site that reused the names
    assert DEMO_PASSWORD not in home(anonymous)


@pytest.mark.django_db
def test_it_never_names_the_demo_accounts_to_a_signed_in_user(player):
    demo_users_ensure()
    assert DEMO_PASSWORD not in home(player)


def test_it_shows_every_current_match_of_a_player_in_several_running_events(event_factory):
    anna, boris, kira = make_players(3, prefix="x")
    first = event_factory(name="Spring Cup", rounds=2)
    first.open()
    first.register(anna, boris)
    first.start()
    second = event_factory(name="Night League", rounds=2)
    second.open()
    second.register(anna, kira)
    second.start()
    rows = me(anna)["current_matches"]
    assert sorted((r["event"]["name"], r["opponent"]) for r in rows) == [
        ("Night League", kira.name),
        ("Spring Cup", boris.name),
    ]
    assert me(anna)["current_match"] == rows[0]
    page = home(anna)
    assert page.count('data-testid="current-match"') == 2
    assert f"Table 1 against {boris.name}" in page and f"Table 1 against {kira.name}" in page
    # A finished match is listed after the ones still to play.
    first.finish_round(1)
    assert [r["event"]["name"] for r in me(anna)["current_matches"]] == ["Night League", "Spring Cup"]
