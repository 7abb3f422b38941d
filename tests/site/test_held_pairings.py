"""Held pairings on event day: players hear of their tables once, when the organizer publishes
them (not while held, not on each re-pair of a held round), the round's timer starts then, and
until then players are told that the round is being prepared, in both languages."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tests.support.actors import make_players
from tests.support.pages import last_round, page
from tournaments.models import Notification, Round

pytestmark = pytest.mark.django_db


def post(actor, url: str, body: dict | None = None):
    return actor.api.post(url, body or {}, format="json")


def started(event_factory, count: int, **settings):
    cup = event_factory(**settings)
    cup.open()
    players = make_players(count)
    cup.register(*players)
    return cup, players


def pairings_told(players) -> dict[str, list[int]]:
    """Each player's "pairings" notifications: the table each one names."""
    told: dict[str, list[int]] = {}
    for p in players:
        notes = Notification.objects.filter(user=p.user, kind="pairings").order_by("id")
        told[p.name] = [n.params["table"] for n in notes]
    return told


def tables_of(round_: Round) -> dict[str, int]:
    seats: dict[str, int] = {}
    for m in round_.matches.select_related("player_a__player", "player_b__player"):
        for reg in (m.player_a, m.player_b):
            if reg is not None:
                seats[reg.player.username] = m.table
    return seats


# ---------------------------------------------------------------------------- notifications


def test_held_pairings_notify_no_one_until_published_then_each_player_once(event_factory):
    cup, players = started(event_factory, 6)
    assert post(cup.organizer, f"{cup.url}start/", {"hold": True}).status_code == 200
    for _ in range(2):  # the organizer re-pairs the held round twice (different tables)
        assert post(cup.organizer, f"{cup.url}rounds/repair/", {"reason": "check"}).status_code == 200
    assert pairings_told(players) == {p.name: [] for p in players}

    assert post(cup.organizer, f"{cup.url}pairings/publish/").status_code == 200
    seats = tables_of(last_round(cup))
    assert pairings_told(players) == {p.name: [seats[p.name]] for p in players}


def test_a_held_next_round_and_a_held_top_cut_notify_at_publication_only(event_factory):
    cup, players = started(event_factory, 4, rounds=1, top_cut=2)
    cup.start()
    cup.finish_round(1)
    before = pairings_told(players)
    held = post(cup.organizer, f"{cup.url}next-round/", {"hold": True}).json()
    assert held["kind"] == "top_cut" and held["published"] is False
    assert pairings_told(players) == before
    post(cup.organizer, f"{cup.url}pairings/publish/")
    after = pairings_told(players)
    top = tables_of(last_round(cup))
    for p in players:
        assert after[p.name] == before[p.name] + ([top[p.name]] if p.name in top else [])


def test_a_held_swiss_round_notifies_at_publication_only(event_factory):
    cup, players = started(event_factory, 4, rounds=3)
    cup.start()
    cup.finish_round(1)
    post(cup.organizer, f"{cup.url}next-round/", {"hold": True})
    assert all(len(t) == 1 for t in pairings_told(players).values())
    post(cup.organizer, f"{cup.url}pairings/publish/")
    assert all(len(t) == 2 for t in pairings_told(players).values())


# ---------------------------------------------------------------------------------- the timer


def test_the_round_timer_starts_at_publication(event_factory):
    cup, _ = started(event_factory, 4, round_minutes=50)
    post(cup.organizer, f"{cup.url}start/", {"hold": True})
    # The pairings were checked for a while: the round was paired 20 minutes ago.
    earlier = timezone.now() - timedelta(minutes=20)
    Round.objects.filter(pk=last_round(cup).pk).update(
        started_at=earlier, ends_at=earlier + timedelta(minutes=50)
    )
    held_page = page(cup.organizer, f"/events/{cup.id}/manage/")[1]
    assert 'role="timer"' not in held_page  # no clock runs while the pairings are held
    assert "The round's timer starts when the pairings are published." in held_page

    published_at = timezone.now()
    post(cup.organizer, f"{cup.url}pairings/publish/")
    round_ = last_round(cup)
    assert round_.started_at >= published_at
    assert round_.ends_at - round_.started_at == timedelta(minutes=50)
    assert 'role="timer"' in page(cup.organizer, f"/events/{cup.id}/manage/")[1]


# ------------------------------------------------------------- what players are told meanwhile


def ru_page(actor, url: str) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(actor.user)
    client.cookies["django_language"] = "ru"
    return client.get(url).content.decode()


def test_players_are_told_round_one_is_being_prepared_in_both_languages(event_factory, anonymous):
    cup, players = started(event_factory, 4)
    post(cup.organizer, f"{cup.url}start/", {"hold": True})
    someone = players[0]
    for actor in (someone, anonymous):
        html = page(actor, f"/events/{cup.id}/")[1]
        assert "Round 1 is being prepared" in html
        assert "No rounds yet" not in html and "You are not paired this round" not in html
    mine = page(someone, f"/events/{cup.id}/")[1]
    assert 'data-testid="my-round-preparing"' in mine and 'data-testid="my-table"' not in mine
    russian = ru_page(someone, f"/events/{cup.id}/")
    assert "Готовится раунд 1" in russian and "Раундов пока нет" not in russian

    home = page(someone, "/")[1]
    assert 'data-testid="round-preparing"' in home and "Round 1 is being prepared" in home
    assert 'data-testid="current-match"' not in home  # the held table is not told
    assert "Готовится раунд 1" in ru_page(someone, "/")

    day = someone.api.get("/api/me/").json()
    assert day["current_match"] is None and day["current_matches"] == []
    assert day["preparing"] == [
        {"event": {"id": cup.id, "name": "Cup"}, "round": 1, "url": f"/events/{cup.id}/"}
    ]
    assert someone.api.get(cup.url).json()["preparing_round"] == 1
    refused = someone.api.get(f"{cup.url}rounds/1/")
    assert refused.status_code == 404 and refused.json()["code"] == "round_preparing"
    assert "Round 1 is being prepared" in refused.json()["detail"]
    russian_api = someone.api.get(f"{cup.url}rounds/1/", HTTP_ACCEPT_LANGUAGE="ru").json()
    assert "Готовится раунд 1" in russian_api["detail"]

    post(cup.organizer, f"{cup.url}pairings/publish/")
    assert "is being prepared" not in page(someone, f"/events/{cup.id}/")[1]
    assert someone.api.get(cup.url).json()["preparing_round"] is None
    assert someone.api.get("/api/me/").json()["preparing"] == []


def test_a_held_second_round_hides_the_first_rounds_table_from_the_players_panel(event_factory):
    cup, players = started(event_factory, 4, rounds=3)
    cup.start()
    cup.finish_round(1)
    post(cup.organizer, f"{cup.url}next-round/", {"hold": True})
    html = page(players[0], f"/events/{cup.id}/")[1]
    assert 'data-testid="my-round-preparing"' in html and "Round 2 is being prepared" in html
    assert 'data-testid="my-table"' not in html
    assert page(players[0], "/")[1].count('data-testid="current-match"') == 0
