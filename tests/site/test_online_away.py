"""Whether the opponent is connected (api.md "Presence"): each seat's last sign of life (a read
of its game, the play page's heartbeat, its stream) is kept on the match, at most once every
few seconds; a seat with none for settings.PRESENCE_AWAY_SECONDS is away. The clocks here are
the ``now`` the service and the selector take, never the wall clock."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.support.online import game_state, online_match
from tests.support.practice import start_practice
from tournaments.models import Match
from tournaments.selectors.online import match_presence, presence_refresh
from tournaments.services.online import match_present

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table(event_factory, judge):
    """An online best-of-1 match just paired: nobody has opened it yet."""
    return online_match(event_factory, judge)


def row(table) -> Match:
    return Match.objects.select_related("player_a", "player_b").get(pk=table.id)


def seats(table, now) -> list[tuple[str | None, bool]]:
    """Each seat's (seen_at, connected) as the answer says them at ``now``."""
    return [(s["seen_at"], s["connected"]) for s in match_presence(match=row(table), now=now)["seats"]]


def test_it_keeps_a_seats_first_read_as_its_presence_and_its_last_sign_of_life(table):
    t0 = timezone.now()
    assert match_present(match=row(table), seat=0, now=t0) is True
    match = row(table)
    assert (match.present_a_at, match.seen_a_at, match.seen_b_at) == (t0, t0, None)
    later = t0 + timedelta(minutes=3)
    assert match_present(match=row(table), seat=0, now=later) is False  # present already
    match = row(table)
    assert (match.present_a_at, match.seen_a_at) == (t0, later)  # R9.4's first moment is kept


def test_it_writes_a_sign_of_life_at_most_once_per_refresh(table, settings):
    settings.PRESENCE_AWAY_SECONDS = 60  # a write at most every 10 s
    t0 = timezone.now()
    match_present(match=row(table), seat=1, now=t0)
    match_present(match=row(table), seat=1, now=t0 + timedelta(seconds=9))
    assert row(table).seen_b_at == t0
    t1 = t0 + presence_refresh()
    match_present(match=row(table), seat=1, now=t1)
    assert row(table).seen_b_at == t1


def test_a_seat_is_away_once_its_last_sign_of_life_is_older_than_the_setting(table, settings):
    settings.PRESENCE_AWAY_SECONDS = 30
    t0 = timezone.now()
    match_present(match=row(table), seat=0, now=t0)
    match_present(match=row(table), seat=1, now=t0)
    assert seats(table, t0 + timedelta(seconds=30)) == [(t0.isoformat(), True)] * 2
    # Seat A's page goes on beating; seat B's tab was closed.
    match_present(match=row(table), seat=0, now=t0 + timedelta(seconds=25))
    at = t0 + timedelta(seconds=31)
    assert seats(table, at) == [((t0 + timedelta(seconds=25)).isoformat(), True), (t0.isoformat(), False)]
    assert match_presence(match=row(table), now=at)["away_after"] == 30
    # B comes back: connected again, from its new sign of life.
    match_present(match=row(table), seat=1, now=at)
    assert seats(table, at)[1] == (at.isoformat(), True)


def test_a_seat_that_never_came_is_not_connected(table):
    assert seats(table, timezone.now()) == [(None, False), (None, False)]


def test_a_bot_is_always_connected(player, card_sets):
    practice = start_practice(player, "respons")
    match = Match.objects.select_related("player_a", "player_b").get(pk=practice["match"])
    later = timezone.now() + timedelta(hours=1)
    bot = match_presence(match=match, now=later)["seats"][1]
    assert (bot["bot"], bot["connected"]) == (True, True)


def test_the_game_answer_says_each_seats_presence(table):
    state = game_state(table.a, table.id)
    mine, theirs = state["presence"]["seats"]
    assert mine["connected"] and mine["seen_at"] is not None and not mine["bot"]
    assert (theirs["connected"], theirs["seen_at"]) == (False, None)
    assert state["presence"]["away_after"] == 45  # the default


def test_the_heartbeat_is_a_sign_of_life_and_answers_both_seats_presence(table, settings):
    settings.PRESENCE_AWAY_SECONDS = 30
    game_state(table.b, table.id)
    Match.objects.filter(pk=table.id).update(seen_b_at=timezone.now() - timedelta(minutes=2))
    response = table.a.api.get(f"/api/matches/{table.id}/game/presence/")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["away_after"] == 30
    assert [s["connected"] for s in body["seats"]] == [True, False]
    assert row(table).seen_a_at is not None
    # Nothing of the game is in it (docs/security.md): whether and since when, only.
    assert set(body) == {"away_after", "seats"}
    assert all(set(s) == {"seen_at", "connected", "bot"} for s in body["seats"])


def test_an_officials_heartbeat_is_no_ones_sign_of_life_and_an_outsider_gets_none(table, judge, outsider):
    assert judge.api.get(f"/api/matches/{table.id}/game/presence/").status_code == 200
    assert (row(table).seen_a_at, row(table).seen_b_at) == (None, None)
    assert outsider.api.get(f"/api/matches/{table.id}/game/presence/").status_code == 403
