"""A practice game is no tournament: ratings and the leaderboard, profiles, the metagame, the
player's day, the bell and the events lists never count it, however it ends."""

import random

import pytest

from tests.support.pages import page
from tests.support.practice import play_practice_out, start_practice
from tournaments.models import Event, Match, RatedMatch, Rating, Registration
from tournaments.selectors.metagame import Scope, metagame_fingerprint, scope_events
from tournaments.services.rating_recompute import ratings_recompute
from tournaments.services.ratings import rating_update

pytestmark = pytest.mark.django_db(transaction=True)  # the games are queued on commit


@pytest.fixture
def practised(player, card_sets):
    """The player has played a RESPONSE practice game to its end and has another one going."""
    over = start_practice(player, "respons")
    play_practice_out(player, over, random.Random(5))
    going = start_practice(player, "respons")
    return over, going


def as_if_two_people_played(practice: dict) -> None:
    """Make the practice game's bot look like a person: what then keeps it out is that it is
    practice, not that a bot played it."""
    Registration.objects.filter(event__practice=True).update(is_bot=False)
    match = Match.objects.get(pk=practice["match"])
    assert match.status == Match.Status.FINAL


def test_ratings_and_the_leaderboard_ignore_practice(practised, anonymous):
    over, _going = practised
    as_if_two_people_played(over)
    assert rating_update(match_id=over["match"]) is False
    ratings_recompute(game="respons")
    assert not RatedMatch.objects.exists() and not Rating.objects.exists()
    board = anonymous.api.get("/api/ratings/?game=respons")
    assert board.status_code == 200 and board.json()["results"] == []


def test_a_profile_lists_no_practice_game(practised, player, anonymous):
    for reader in (player, anonymous):
        body = reader.api.get(f"/api/players/{player.name}/").json()
        assert (body["events"], body["matches"], body["ratings"]) == ([], [], [])
    status, html = page(player, f"/players/{player.name}/")
    assert status == 200 and "bot:respons" not in html and "Practice" not in html


def test_the_metagame_ignores_practice_even_with_its_decklists_public(practised):
    Event.objects.filter(practice=True).update(decklists_public=True)
    scope = Scope.of_period("respons", None, None)
    assert list(scope_events(scope)) == []
    assert metagame_fingerprint(scope) == "none"


def test_the_players_day_and_the_bell_leave_practice_out(practised, player):
    day = player.api.get("/api/me/").json()
    assert (day["events"], day["current_match"], day["waiting_for_me"]) == ([], None, [])
    status, html = page(player, "/")
    assert status == 200 and 'data-testid="my-events"' not in html and "bot:respons" not in html
    assert 'class="bell-count">0<' in html


def test_the_events_lists_leave_practice_out(practised, player, anonymous):
    for reader in (player, anonymous):
        assert reader.api.get("/api/events/?game=respons").json() == []
        status, html = page(reader, "/events/")
        assert status == 200 and "Practice" not in html
