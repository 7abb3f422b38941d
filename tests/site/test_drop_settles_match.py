"""Dropping mid-round: the player is told they left the event (not that
they were expelled); their open match goes to the opponent, as the rules say, with a notice to
both. An online game in progress ends as the dropping player's concession (R9.3), through the
engine, as a judge's match loss does."""

import random

import pytest

from engine.games.respons.match import replay
from tests.support.events import one_table
from tests.support.online import online_match, play_step
from tests.support.pages import html_of, page, post
from tournaments.models import Game, Match, Registration, ResultChange
from tournaments.selectors.cards import catalog_for


def drop(actor, cup, username: str):
    return actor.api.post(f"{cup.url}drop/", {"username": username}, format="json")


@pytest.mark.django_db
def test_dropping_myself_gives_my_open_match_to_my_opponent(event_factory):
    cup = event_factory(best_of=3, rounds=2)
    match, a, b = one_table(cup)
    response = post(a, f"/events/{cup.id}/drop/")
    assert "You left the event. Your match this round goes to your opponent" in html_of(response)
    assert "is dropped" not in html_of(response)
    row = Match.objects.get(pk=match["id"])
    assert (row.status, row.wins_a, row.wins_b) == ("final", 0, 2)
    change = ResultChange.objects.get(match_id=row.pk)
    assert (change.action, change.by.username, change.note) == ("drop", a.name, f"{a.name} left the event")
    assert "You dropped after round 1." in html_of(response)  # their panel
    _, theirs = page(b, f"/events/{cup.id}/")
    assert "Your opponent left the event: you win this match." in theirs
    assert {s["username"]: s["match_points"] for s in cup.standings()} == {a.name: 0, b.name: 3}


@pytest.mark.django_db
def test_the_organizer_dropping_a_player_settles_the_match_the_same_way(event_factory):
    cup = event_factory(rounds=2)
    match, a, b = one_table(cup)
    response = drop(cup.organizer, cup, b.name)
    assert response.status_code == 200 and response.json()["dropped"] is True
    row = Match.objects.get(pk=match["id"])
    assert (row.status, row.wins_a, row.wins_b) == ("final", 1, 0)
    assert ResultChange.objects.get(match_id=row.pk).note == f"{b.name} dropped by the organizer"
    _, html = page(cup.organizer, f"/events/{cup.id}/manage/")
    assert "round 1, table 1" in html  # the audit trail lists it


@pytest.mark.django_db
def test_a_final_result_stands_when_the_player_drops_after_it(event_factory):
    cup = event_factory(rounds=2)
    match, a, b = one_table(cup)
    cup.finish_round(1)  # A won
    assert drop(b, cup, b.name).status_code == 200  # B leaves before round 2: nothing to settle
    row = Match.objects.get(pk=match["id"])
    assert (row.wins_a, row.wins_b) == (1, 0)
    assert not ResultChange.objects.filter(match_id=row.pk, action="drop").exists()
    entry = ResultChange.objects.get(event_id=cup.id, action="drop")
    assert entry.new == {"player": b.name} and entry.by.username == b.name
    assert Registration.objects.get(event_id=cup.id, player=b.user).dropped


@pytest.mark.django_db(transaction=True)
def test_an_online_game_in_progress_ends_as_the_dropping_players_concession(event_factory, judge):
    match = online_match(event_factory, judge, best_of=3)
    rng = random.Random(2)
    for _ in range(3):
        play_step(match, rng)
    response = drop(match.a, match.event, match.a.name)
    assert response.status_code == 200, response.content
    game = match.game(1)
    assert (game.status, game.winner, game.reason) == (Game.Status.FINISHED, 1, "concede")
    assert game.actions[-1] == {"seat": 0, "type": "concede"}  # R9.3, in the log
    log = judge.api.get(f"/api/matches/{match.id}/log/?game=1").json()
    replayed = replay(log, catalog_for(game="respons")[1])
    assert replayed.result is not None and replayed.result.winner == 1
    row = match.row
    assert (row.status, row.wins_a, row.wins_b) == ("final", 0, 2)
    assert ResultChange.objects.get(match_id=match.id, action="drop").by == match.a.user
    _, theirs = page(match.b, f"/events/{match.event.id}/")
    assert "Your opponent left the event: you win this match." in theirs
