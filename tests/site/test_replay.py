"""Replays: any step of a final match's games, public information until the event
publishes its decklists and everything after, for whoever the event lets watch and the match's
two players."""

import json

import pytest

from tests.support.actors import make_actor
from tests.support.spectate import hidden_names, played_match
from tournaments.selectors.spectate import state_at

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(db):
    return make_actor("ann"), make_actor("bob")


def replay(actor, match_id: int, query: str = ""):
    return actor.api.get(f"/api/matches/{match_id}/replay/{query}")


def test_it_replays_a_final_match_step_by_step_with_public_information(
    organizer, players, anonymous, card_sets
):
    a, b = players
    played = played_match("respons", organizer, a, b, spectators="everyone")
    total = len(played.game.actions)
    step = total // 2
    response = replay(anonymous, played.match.pk, f"?game=1&step={step}")
    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["step"], body["total"], body["full"]) == (step, total, False)
    state = state_at(played.game, step)
    assert body["view"] == json.loads(json.dumps(state.spectator_view()))
    text = json.dumps(body, ensure_ascii=False)
    assert not [name for name in hidden_names(state) if f'"{name}"' in text]
    assert str(played.game.seed) not in text
    assert all(line["text"] == "" for line in body["actions"])  # a mulligan names hidden cards
    assert replay(anonymous, played.match.pk).json()["step"] == total  # the end by default


def test_it_shows_everything_once_the_decklists_are_published(organizer, players, anonymous, card_sets):
    a, b = players
    played = played_match("respons", organizer, a, b, spectators="everyone")
    event = played.match.round.event
    event.status = event.Status.FINISHED
    event.save()
    response = organizer.api.post(f"/api/events/{event.pk}/publish-decklists/")
    assert response.status_code == 200, response.content
    body = replay(anonymous, played.match.pk, "?step=3").json()
    assert body["full"] is True
    assert body["view"] == json.loads(json.dumps(state_at(played.game, 3).judge_view()))
    assert all(line["text"] for line in body["actions"])


def test_it_replays_only_final_matches(organizer, players, card_sets):
    a, b = players
    played = played_match("respons", organizer, a, b, part=0.5, spectators="everyone")
    response = replay(a, played.match.pk)
    assert response.status_code == 409
    assert response.json()["code"] == "not_final"


def test_it_lets_replay_as_the_event_says_and_the_players_always(
    organizer, players, anonymous, outsider, card_sets
):
    a, b = players
    played = played_match("respons", organizer, a, b)  # spectators: nobody
    assert replay(outsider, played.match.pk).status_code == 403
    assert replay(anonymous, played.match.pk).status_code == 403
    assert replay(a, played.match.pk).status_code == 200
    assert replay(b, played.match.pk).json()["full"] is False
    assert replay(organizer, played.match.pk).json()["full"] is True  # an official sees all


def test_it_answers_400_and_404_for_a_bad_step_or_game(organizer, players, anonymous, card_sets):
    a, b = players
    played = played_match("respons", organizer, a, b, spectators="everyone")
    assert replay(anonymous, played.match.pk, "?step=x").status_code == 400
    assert replay(anonymous, played.match.pk, "?game=2").status_code == 404
    assert replay(anonymous, played.match.pk, "?step=100000").json()["step"] == len(played.game.actions)
