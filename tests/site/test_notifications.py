"""Notifications: pairings posted, an opponent's report to confirm, a dispute and a
penalty reach the people concerned in the site's bell, and by e-mail after the commit as each
user chooses; the API lists them and marks them read."""

import pytest
from django.core import mail

from tests.support.actors import make_players
from tests.support.events import one_table
from tests.support.pages import browser, html_of, post
from tournaments.models import Notification, NotificationPreference
from tournaments.services.notifications import notification_text


def kinds_of(actor) -> list[str]:
    return list(Notification.objects.filter(user=actor.user).order_by("id").values_list("kind", flat=True))


def texts_of(actor) -> list[str]:
    return [notification_text(n) for n in Notification.objects.filter(user=actor.user).order_by("id")]


@pytest.fixture
def table(event_factory, judge):
    """A paper event in round 1 with one table: (driver, match dict, player A, player B)."""
    event = event_factory(rounds=2)
    match, a, b = one_table(event, judge)
    return event, match, a, b


def report(actor, match_id: int, wins_a: int, wins_b: int):
    body = {"wins_a": wins_a, "wins_b": wins_b, "draws": 0}
    return actor.api.post(f"/api/matches/{match_id}/report/", body, format="json")


def test_it_tells_each_paired_player_their_table_and_opponent(table):
    event, match, a, b = table
    assert kinds_of(a) == ["pairings"] and kinds_of(b) == ["pairings"]
    assert texts_of(a) == [f"Cup, round 1: table {match['table']} against {b.name}."]
    assert texts_of(b) == [f"Cup, round 1: table {match['table']} against {a.name}."]


def test_it_tells_a_player_of_a_bye(event_factory):
    event = event_factory(rounds=1)
    event.open()
    players = make_players(3)
    event.register(*players)
    event.start()
    texts = [t for p in players for t in texts_of(p)]
    assert texts.count("Cup, round 1: you have a bye.") == 1


def test_it_asks_the_opponent_to_confirm_a_report(table):
    _event, match, a, b = table
    assert report(a, match["id"], 1, 0).status_code == 200
    assert kinds_of(b) == ["pairings", "to_confirm"]
    assert texts_of(b)[-1] == f"Cup, round 1: {a.name} reported 1-0-0. Confirm or dispute it."
    assert kinds_of(a) == ["pairings"]  # the reporter is not told of their own report


def test_it_tells_both_players_and_the_officials_of_a_dispute(table, organizer, judge):
    _event, match, a, b = table
    report(a, match["id"], 1, 0)
    response = b.api.post(f"/api/matches/{match['id']}/dispute/", {"note": "no"}, format="json")
    assert response.status_code == 200, response.content
    for actor in (a, b, organizer, judge):
        assert kinds_of(actor)[-1] == "dispute", actor.name
    assert texts_of(judge)[-1] == (
        f"Cup, round 1, table {match['table']}: the result is disputed; a judge will decide."
    )


def test_it_calls_a_different_report_from_the_opponent_a_dispute_too(table, organizer):
    _event, match, a, b = table
    report(a, match["id"], 1, 0)
    report(b, match["id"], 0, 1)
    assert kinds_of(organizer) == ["dispute"]
    assert kinds_of(a)[-1] == "dispute"


def test_it_tells_a_player_of_their_penalty(table, judge):
    _event, match, a, b = table
    body = {"username": a.name, "kind": "warning", "note": "slow"}
    assert judge.api.post(f"/api/matches/{match['id']}/penalties/", body, format="json").status_code == 201
    assert kinds_of(a)[-1] == "penalty"
    assert texts_of(a)[-1] == "Cup, round 1: a penalty for you: Warning."
    assert kinds_of(b) == ["pairings"]


def test_it_sends_the_email_only_after_the_commit(event_factory, judge, django_capture_on_commit_callbacks):
    event = event_factory(rounds=1)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        one_table(event, judge)
    assert mail.outbox == []  # nothing sent inside the request's transaction
    for callback in callbacks:
        callback()
    assert sorted(m.to[0] for m in mail.outbox) == ["p001@example.org", "p002@example.org"]
    # No language is kept per user: the mail says it in Russian (the default) and English.
    assert all(
        "тур 1: стол 1, соперник" in m.body and "round 1: table 1 against" in m.body for m in mail.outbox
    )
    assert all(m.subject == "Respons: Пары опубликованы" for m in mail.outbox)


def test_it_sends_no_email_for_a_kind_the_player_turned_off(
    event_factory, judge, django_capture_on_commit_callbacks
):
    event = event_factory(rounds=1)
    event.open()
    a, b = make_players(2)
    post(a, "/accounts/notifications/", {"email": ["dispute"]})
    assert NotificationPreference.objects.get(user=a.user).email_kinds == ["dispute"]
    event.register(a, b)
    with django_capture_on_commit_callbacks(execute=True):
        event.start()
    assert [m.to[0] for m in mail.outbox] == [b.user.email]
    assert kinds_of(a) == ["pairings"]  # still in the bell


def test_it_mails_no_address_that_cannot_receive_mail(event_factory, django_capture_on_commit_callbacks):
    event = event_factory(rounds=1)
    event.open()
    a, b = make_players(2)
    type(a.user).objects.filter(pk=a.user.pk).update(email="anna@demo.invalid")
    event.register(a, b)
    with django_capture_on_commit_callbacks(execute=True):
        event.start()
    assert [m.to[0] for m in mail.outbox] == [b.user.email]


def test_it_refuses_an_unknown_kind_in_the_preferences(player):
    response = post(player, "/accounts/notifications/", {"email": ["pairings", "spam"]})
    assert response.status_code == 200
    assert "unknown kind spam" in html_of(response)
    assert not NotificationPreference.objects.filter(user=player.user).exists()


def test_it_lists_my_notifications_and_marks_them_read_in_the_api(table):
    _event, match, a, b = table
    report(a, match["id"], 1, 0)
    body = b.api.get("/api/notifications/").json()
    assert body["unread"] == 2
    assert [n["kind"] for n in body["results"]] == ["to_confirm", "pairings"]
    first = body["results"][0]
    assert first["match"] == match["id"] and first["read"] is False and first["url"].startswith("/events/")
    response = b.api.post("/api/notifications/read/", {"ids": [first["id"]]}, format="json")
    assert response.json() == {"marked": 1, "unread": 1}
    assert b.api.post("/api/notifications/read/", {}, format="json").json() == {"marked": 1, "unread": 0}


def test_it_never_marks_someone_elses_notifications(table):
    _event, match, a, b = table
    theirs = Notification.objects.get(user=b.user).pk
    assert a.api.post("/api/notifications/read/", {"ids": [theirs]}, format="json").json()["marked"] == 0
    assert Notification.objects.get(pk=theirs).read_at is None
    assert all(n["id"] != theirs for n in a.api.get("/api/notifications/").json()["results"])


def test_it_refuses_ids_that_are_not_numbers(player):
    response = player.api.post("/api/notifications/read/", {"ids": ["x"]}, format="json")
    assert response.status_code == 400 and response.json()["code"]


def test_it_needs_a_sign_in_for_notifications(anonymous):
    assert anonymous.api.get("/api/notifications/").status_code == 401


def test_it_counts_unread_notifications_in_the_header_and_lists_them(table):
    _event, match, a, b = table
    report(a, match["id"], 1, 0)
    home = html_of(browser(b).get("/"))
    assert 'data-testid="bell"' in home and '<span class="bell-count">2</span>' in home
    page = html_of(browser(b).get("/notifications/"))
    assert f"{a.name} reported 1-0-0" in page
    post(b, "/notifications/")
    assert '<span class="bell-count">0</span>' in html_of(browser(b).get("/"))


def test_it_writes_notifications_in_the_readers_language(table):
    _event, match, a, b = table
    client = browser(a)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "ru"
    page = html_of(client.get("/notifications/"))
    assert f"Cup, тур 1: стол {match['table']}, соперник {b.name}." in page


def test_it_shows_my_email_choices_all_on_until_i_choose(player):
    page = html_of(browser(player).get("/accounts/notifications/"))
    for kind in ("pairings", "to_confirm", "dispute", "penalty"):
        assert f'value="{kind}" checked' in page
    post(player, "/accounts/notifications/", {"email": ["penalty"]})
    page = html_of(browser(player).get("/accounts/notifications/"))
    assert 'value="penalty" checked' in page and 'value="pairings" checked' not in page


def test_it_sends_visitors_to_sign_in_for_the_notification_pages(anonymous):
    for url in ("/notifications/", "/accounts/notifications/"):
        response = browser(anonymous).get(url)
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
