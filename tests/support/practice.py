"""Shorthand for the practice tests: start a practice game through the API, read it, play it."""

import random

from tests.support.actors import Actor
from tests.support.online import act, game_state
from tournaments.models import Match


def start_practice(actor: Actor, game: str = "respons", **deck: object) -> dict:
    """Start a practice game through the API (a sample deck unless ``deck`` says another);
    return the API's answer, asserting it was started."""
    body = {"game": game, **(deck or {"sample": first_sample(actor, game)})}
    response = actor.api.post("/api/practice/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def first_sample(actor: Actor, game: str) -> str:
    """Return the key of the game's first sample deck (GET /api/practice/samples/)."""
    response = actor.api.get(f"/api/practice/samples/?game={game}")
    assert response.status_code == 200, response.content
    assert response.json(), f"{game} offers sample decks"
    return response.json()[0]["key"]


def practice_state(actor: Actor, practice_id: int) -> dict:
    response = actor.api.get(f"/api/practice/{practice_id}/")
    assert response.status_code == 200, response.content
    return response.json()


def play_practice_out(actor: Actor, practice: dict, rng: random.Random, limit: int = 3000) -> None:
    """The player answers each of their decisions with a random legal action (never conceding)
    until the practice game is over; the bot answers its own (the workers)."""
    match_id = practice["match"]
    for _ in range(limit):
        if Match.objects.get(pk=match_id).status == Match.Status.FINAL:
            return
        state = game_state(actor, match_id)
        choices = [a for a in state["legal_actions"] if a["type"] != "concede"]
        assert choices, f"the player has no decision while the game goes on: {state['view'].get('decision')}"
        response = act(actor, match_id, state["next_seq"], rng.choice(choices))
        assert response.status_code == 200, response.content
    raise AssertionError("the practice game did not end")
