"""The demo stays playable (`make run`): signing in as anna hours or days after set-up still finds
her online match waiting for her (no clock runs before she comes, R9.4), each `setup_demo` waits
another week from then; anna can practise every game against its bot with her own decks; and the
bots of the other games' online events play their first round out at once."""

from collections.abc import Iterator
from datetime import datetime, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from tests.support.demo import setup_demo_fresh
from tests.support.games import OTHER_ONLINE_GAMES
from tournaments.models import Event, Match, SavedDeck
from tournaments.selectors.online import current_game
from tournaments.services.accounts import token_for
from tournaments.services.demo_online import (
    DEMO_ONLINE_EVENT,
    DEMO_WAIT,
    demo_bot_event_name,
    demo_match_rearm,
)
from tournaments.services.online import online_sweep

pytestmark = pytest.mark.django_db(transaction=True)  # the games are queued on commit


@pytest.fixture(scope="module")
def _demo_rows(committed_rows) -> tuple[datetime, str]:
    def build() -> tuple[datetime, str]:
        start = timezone.now()
        return start, setup_demo_fresh()

    return committed_rows.make(build)


@pytest.fixture
def demo(transactional_db, committed_rows, _demo_rows) -> Iterator[tuple[datetime, str]]:
    """The demo, set up once for the module and its rows put back before each test
    (tests/support/committed_rows.py): when its set-up began, and what it printed."""
    with committed_rows.restored():
        yield _demo_rows


def annas_match() -> Match:
    return Match.objects.select_related("round__event", "player_a__player", "player_b__player").get(
        Q(player_a__player__username="anna") | Q(player_b__player__username="anna"),
        round__event__name=DEMO_ONLINE_EVENT,
    )


def api_as(username: str) -> APIClient:
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    user = get_user_model().objects.get(username=username)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user=user)}")
    return client


def test_annas_match_still_waits_for_her_hours_and_days_later(demo):
    start, said = demo
    assert "anna's online match: waits for her until" in said
    online_sweep(now=start + timedelta(hours=6))
    online_sweep(now=start + DEMO_WAIT - timedelta(minutes=1))
    match = annas_match()
    game = current_game(match)
    assert match.player_b is not None  # a match against a bot, never a bye
    assert match.status == Match.Status.PENDING and game.status == "playing" and game.reason == ""
    assert game.present_by >= start + DEMO_WAIT - timedelta(minutes=1)


def test_each_setup_waits_a_week_again_from_then(demo):
    start, _ = demo
    # A week on, `make run` again: a week more from then (without it the next sweep would give
    # her game to the bot as a no-show).
    said = demo_match_rearm(now=start + timedelta(days=6))
    assert "waits for her until" in said
    online_sweep(now=start + timedelta(days=8))
    match = annas_match()
    assert match.status == Match.Status.PENDING
    assert current_game(match).present_by >= start + timedelta(days=13)
    assert match.round.ends_at >= start + timedelta(days=13)


def test_a_game_left_waiting_past_the_week_is_lost_as_a_no_show(demo):
    """The window is what keeps the match: the beat's no-show rule (R9.4) is the same as ever."""
    start, _ = demo
    online_sweep(now=start + DEMO_WAIT + timedelta(minutes=1))
    match = annas_match()
    assert match.status == Match.Status.FINAL and current_game(match).reason == "no_show"
    assert demo_match_rearm() == "anna's online match: played already"


def test_once_anna_opens_it_her_game_is_played_as_any_other(demo):
    match = annas_match()
    client = Client()
    client.force_login(get_user_model().objects.get(username="anna"))
    assert client.get(f"/matches/{match.pk}/play/").status_code == 200
    online_sweep()  # the beat: both seats present, the clocks start (R9.4)
    game = current_game(annas_match())
    assert game.present_by is None and game.decision_since is not None
    assert demo_match_rearm() == "anna's online match: in play"
    state = api_as("anna").get(f"/api/matches/{match.pk}/game/").json()
    assert [a for a in state["legal_actions"] if a["type"] != "concede"]


def test_anna_practises_every_game_with_a_deck_of_her_own(demo):
    anna = api_as("anna")
    for game in ("respons", *OTHER_ONLINE_GAMES):
        deck = SavedDeck.objects.get(owner__username="anna", game=game)
        response = anna.post("/api/practice/", {"game": game, "saved_deck": deck.pk}, format="json")
        assert response.status_code == 201, (game, response.content)
        practice = response.json()
        state = anna.get(f"/api/matches/{practice['match']}/game/").json()
        assert state["seat"] == 0 and [a for a in state["legal_actions"] if a["type"] != "concede"], game
        assert anna.post(f"/api/practice/{practice['id']}/resign/").status_code == 202


@pytest.mark.parametrize("game", ["yourwar", "chronomagia"])
def test_it_runs_an_online_event_of_bots_for_another_game(demo, game):
    """The demo plays Your War and Chronomagia online with bots."""
    event = Event.objects.get(name=demo_bot_event_name(game))
    assert event.game == game and event.online and event.status == "running"
    assert event.registrations.filter(is_bot=True).count() == event.registrations.count() == 8
    # Bots against bots play their round 1 out at once without a worker (eager tasks).
    assert Match.objects.filter(round__event=event, round__number=1, status="final").count() == 4
