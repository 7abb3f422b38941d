"""Your War and Chronomagia played online on the site: an online event of the game, two players
with its sample decks, a whole match through the API to a recorded result (its first game played
out by random legal actions, the later ones conceded); a judge's game loss, a timeout and a no-show
end a game with their reasons; the judges' viewer steps through the log and a player's download is
redacted."""

import json
import random
from datetime import timedelta

import pytest
from django.utils import timezone

from engine.registry import bundled_decklists, get_game
from tests.support.events import EventDriver, one_table
from tests.support.games import OTHER_ONLINE_GAMES
from tests.support.online import OnlineMatch, act, game_state, get, play_out, play_step
from tests.support.pages import browser
from tournaments.models import Game, Match, ResultChange
from tournaments.selectors.cards import catalog_for
from tournaments.selectors.online import game_log
from tournaments.services.online import online_sweep

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = OTHER_ONLINE_GAMES


@pytest.fixture(params=GAMES)
def game(request) -> str:
    return request.param


def sample_decks(game: str) -> list[dict]:
    return [json.loads(path.read_text()) for path in bundled_decklists(game)]


@pytest.fixture
def table(game, organizer, judge, card_sets):
    """A best-of-3 online event of ``game`` in round 1: two players with its sample decks."""

    def make(best_of: int = 3) -> OnlineMatch:
        event = EventDriver(organizer, sample_decks(game), game=game, rounds=1, best_of=best_of, online=True)
        match, a, b = one_table(event, judge)
        return OnlineMatch(event=event, id=match["id"], a=a, b=b)

    return make


def test_it_plays_a_whole_match_through_the_api_to_a_recorded_result(game, table, settings):
    # The clients play a whole match in seconds, far above a person's rate of actions.
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "actions": "100000/min", "user": "100000/min"}
    match = table()
    assert game_state(match.a, match.id)["view"]  # the engine's observation for seat A
    play_out(match, random.Random(5), whole_games=1)  # game 1 played out, the later ones conceded
    row = match.row
    assert row.status == Match.Status.FINAL
    assert max(row.wins_a, row.wins_b) == 2 or row.games.count() == 3
    assert ResultChange.objects.filter(match=row, action="engine").exists()
    for played in row.games.all():
        assert played.status == Game.Status.FINISHED and played.reason
        _rules, catalog = catalog_for(game=game)
        replayed = get_game(game).match_engine.replay(game_log(played), catalog)
        assert replayed.result.as_dict() == {"winner": played.winner, "reason": played.reason}
    standings = {r["username"]: r["match_points"] for r in match.event.standings()}
    assert standings[match.a.name] + standings[match.b.name] in (2, 3)


def test_a_judges_game_loss_ends_the_game_as_a_penalty(game, table, judge):
    match = table()
    rng = random.Random(2)
    for _ in range(4):
        play_step(match, rng)
    body = {"username": match.a.name, "kind": "game_loss", "note": "marked cards"}
    assert judge.api.post(f"/api/matches/{match.id}/penalties/", body, format="json").status_code == 201
    first = match.game(1)
    assert (first.status, first.winner, first.reason) == ("finished", 1, "penalty")
    assert first.actions[-1] == {"seat": 0, "type": "penalty_loss"}


def test_a_player_out_of_time_loses_the_game_on_time(game, table):
    match = table(best_of=1)
    game_state(match.a, match.id), game_state(match.b, match.id)
    online_sweep()  # both came: the clocks start
    first = match.game(1)
    late = first.decision_seat
    Game.objects.filter(pk=first.pk).update(decision_since=timezone.now() - timedelta(hours=2))
    online_sweep()
    first.refresh_from_db()
    assert (first.status, first.winner, first.reason) == ("finished", 1 - late, "timeout")
    assert match.row.status == Match.Status.FINAL


def test_a_player_who_never_comes_loses_as_a_no_show(game, table):
    match = table(best_of=1)
    game_state(match.b, match.id)
    online_sweep(now=timezone.now() + timedelta(minutes=6))
    first = match.game(1)
    assert (first.status, first.winner, first.reason) == ("finished", 1, "no_show")
    assert first.actions[-1] == {"seat": 0, "type": "no_show"}


def test_the_judges_viewer_steps_through_the_log(game, table, judge):
    match = table()
    rng = random.Random(11)
    for _ in range(8):
        assert play_step(match, rng)
    page = get(judge, f"/matches/{match.id}/log/")
    assert page.status_code == 200 and 'id="step-slider"' in page.content.decode()
    steps = len(match.game(1).actions)
    for step in range(steps + 1):
        response = get(judge, f"/matches/{match.id}/log/step/", game=1, step=step)
        assert response.status_code == 200, (step, response.content[:500])
    log = judge.api.get(f"/api/matches/{match.id}/log/?game=1").json()
    assert len(log["actions"]) == steps and "seed" in log


def test_a_players_log_download_is_redacted(game, table):
    match = table(best_of=1)
    seq = game_state(match.a, match.id)["next_seq"]
    assert act(match.a, match.id, seq, {"type": "concede"}).status_code == 200
    assert match.row.status == Match.Status.FINAL
    response = match.a.api.get(f"/api/matches/{match.id}/log/?game=1")
    assert response.status_code == 200, response.content
    log = response.json()
    assert log["seed"] is None and log["redacted"]["seat"] == 0
    page = browser(match.b).get(f"/matches/{match.id}/log.json?game=1")
    assert page.status_code == 200 and json.loads(page.content)["seed"] is None


def finish_game_one(match: OnlineMatch) -> Game:
    """Seat A concedes game 1 of a best-of-3; return game 2."""
    seq = game_state(match.a, match.id)["next_seq"]
    assert act(match.a, match.id, seq, {"type": "concede"}).status_code == 200
    return match.game(2)


def test_chronomagia_has_no_sideboarding_between_games(organizer, judge, card_sets):
    """C2.1: the hero deck is a zone of play, not a sideboard; the next game starts at once."""
    event = EventDriver(organizer, sample_decks("chronomagia"), game="chronomagia", best_of=3, online=True)
    match, a, b = one_table(event, judge)
    second = finish_game_one(OnlineMatch(event=event, id=match["id"], a=a, b=b))
    assert second.status == Game.Status.PLAYING
    assert game_state(b, match["id"])["game_status"] == "playing"


@pytest.mark.parametrize("side, status", [(0, Game.Status.PLAYING), (5, Game.Status.SIDEBOARDING)])
def test_your_war_sideboards_only_when_the_event_sets_a_side_deck(organizer, judge, card_sets, side, status):
    """Y2.4: no side deck in the seed; an event's side deck makes sideboarding possible."""
    decks = sample_decks("yourwar")
    event = EventDriver(organizer, decks, game="yourwar", best_of=3, online=True, side_deck_max=side)
    match, a, b = one_table(event, judge)
    second = finish_game_one(OnlineMatch(event=event, id=match["id"], a=a, b=b))
    assert second.status == status


def test_each_seats_view_carries_the_seq_that_tells_a_new_state(game, table):
    """The play page and the API's clients tell a new state by the view's seq (api.md)."""
    match = table(best_of=1)
    before = [game_state(actor, match.id)["view"]["seq"] for actor in (match.a, match.b)]
    assert play_step(match, random.Random(1))
    after = [game_state(actor, match.id)["view"]["seq"] for actor in (match.a, match.b)]
    assert after[0] == after[1] > before[0] == before[1]
