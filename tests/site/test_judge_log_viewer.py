"""The judges' match log viewer: officials step through a game with every hidden card shown;
players never see the opponent's hidden cards before the match is final."""

import random

import pytest
from django.utils import translation

from engine.games.respons.match import replay
from engine.languages import name_in
from tests.support.online import act, game_state, get, online_match, play_step, zone_cards
from tests.support.pages import assert_refused, browser
from tournaments.models import GameAction, Match
from tournaments.selectors.cards import catalog_for
from tournaments.selectors.judge import game_action_lines
from tournaments.selectors.online import game_log

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def match(event_factory, judge):
    return online_match(event_factory, judge, best_of=3)


def english(name: str) -> str:
    """The name the (English) viewer shows a card under."""
    _rules, catalog = catalog_for(game="respons")
    return name_in(catalog.get(name), "en")


def judge_view_at(game, step: int) -> dict:
    _rules, catalog = catalog_for(game="respons")
    return replay(game_log(game), catalog, upto=step).judge_view()


def test_it_refuses_the_viewer_to_players_outsiders_and_anonymous(match, outsider, anonymous):
    for url in (f"/matches/{match.id}/log/", f"/matches/{match.id}/log/step/?game=1&step=0"):
        for actor in (match.a, match.b, outsider, anonymous):
            assert_refused(actor, url)
    for url in (f"/matches/{match.id}/log/override/", f"/matches/{match.id}/log/penalties/"):
        assert browser(match.a).post(url, {"wins_a": 0, "wins_b": 2}).status_code == 403
        assert browser(anonymous).post(url).status_code == 302
    assert match.row.status == Match.Status.PENDING


def test_it_opens_for_the_organizer_and_the_judges(match, judge):
    for official in (match.event.organizer, judge):
        response = get(official, f"/matches/{match.id}/log/")
        assert response.status_code == 200
        html = response.content.decode()
        assert match.a.name in html and match.b.name in html
        assert 'id="step-slider"' in html and 'data-go="prev"' in html and 'data-go="next"' in html
        assert f"/matches/{match.id}/log.json?game=1" in html


def test_it_steps_forward_and_back_showing_both_hidden_hands(match, judge):
    rng = random.Random(11)
    for _ in range(6):
        assert play_step(match, rng)
    game = match.game(1)
    total = len(game.actions)
    assert total == 6
    shown = {}
    for step in [*range(total + 1), *reversed(range(total))]:  # forward to the end, then back
        response = get(judge, f"/matches/{match.id}/log/step/", game=1, step=step)
        assert response.status_code == 200
        html = response.content.decode()
        assert f'data-step="{step}" data-total="{total}"' in html
        truth = judge_view_at(game, step)
        for seat in (0, 1):
            hand = zone_cards(html, "hand", seat)
            assert hand == [english(name) for name in truth["seats"][seat]["hand"]], (step, seat)
            orders = zone_cards(html, "orders", seat)
            assert orders == [f"{o['position']} {english(o['card'])}" for o in truth["seats"][seat]["orders"]]
        shown.setdefault(step, html)
        assert shown[step] == html  # the same step always shows the same board
    assert judge_view_at(game, 0)["seats"][0]["hand"], "an opening hand is dealt before the first action"


def test_it_highlights_the_current_step_in_the_action_list(match, judge):
    rng = random.Random(5)
    for _ in range(4):
        play_step(match, rng)
    html = get(judge, f"/matches/{match.id}/log/", game=1, step=2).content.decode()
    assert 'id="act-2" class="seat-' in html
    assert html.count("is-current") == 1
    current = html.split('id="act-2"')[1].split("</li>")[0]
    assert "is-current" in current
    assert 'data-step="2"' in html


def test_it_shows_refused_actions_with_their_rule(match, judge):
    waiting = match.b if game_state(match.a, match.id)["legal_actions"] else match.a
    response = act(waiting, match.id, 1, {"type": "keep"})  # not this seat's decision
    assert response.status_code == 400
    refused = GameAction.objects.get(match_id=match.id, status="refused")
    html = get(judge, f"/matches/{match.id}/log/").content.decode()
    assert "Refused actions" in html
    assert refused.rule in html and refused.message.replace("'", "&#x27;") in html
    assert waiting.name in html.split('id="refused-h"')[1]


def test_it_shows_each_players_clock_and_the_limit(match, judge):
    html = get(judge, f"/matches/{match.id}/log/").content.decode()
    assert 'data-testid="clock-0"' in html and 'data-testid="clock-1"' in html
    assert "25:00" in html  # half of a 50-minute round each (R9.4)


def test_it_never_shows_a_player_the_opponents_hidden_cards_before_the_match_is_final(event_factory, judge):
    """Walk a played game: at every step each seat's view of the opponent hides the hand, the
    face-down orders and face-down cards that the judge view names."""
    match = online_match(event_factory, judge, best_of=1)
    rng = random.Random(23)
    hidden_seen = {"hand": 0, "orders": 0, "cells": 0}
    for step in range(400):
        if match.row.status == Match.Status.FINAL:
            break
        judge_seats = game_state(judge, match.id)["view"].get("seats")
        for seat in (0, 1):
            mine = game_state(match.seat(seat), match.id)
            if not judge_seats or not mine["view"]:
                continue
            theirs, truth = mine["view"]["seats"][1 - seat], judge_seats[1 - seat]
            assert theirs["hand"] is None and theirs["hand_size"] == len(truth["hand"])
            hidden_seen["hand"] += bool(truth["hand"])
            for seen, real in zip(theirs["orders"], truth["orders"], strict=True):
                if real["state"] == "face_down":
                    assert seen["card"] is None and real["card"]
                    hidden_seen["orders"] += 1
            real_cells = {(c["line"], c["row"]): c for c in truth["cells"]}
            for cell in theirs["cells"]:
                if not cell["face_up"]:
                    assert cell["card"] is None and cell["type"] is None
                    assert real_cells[(cell["line"], cell["row"])]["card"]
                    hidden_seen["cells"] += 1
        if step % 10 == 0:
            for player in (match.a, match.b):
                assert player.api.get(f"/api/matches/{match.id}/log/?game=1").status_code == 403
                assert browser(player).get(f"/matches/{match.id}/log.json?game=1").status_code == 403
        assert play_step(match, rng)
    assert match.row.status == Match.Status.FINAL
    assert hidden_seen["hand"] and hidden_seen["orders"]
    # Once final, the log (with both decks and every action) is the players' too.
    assert match.a.api.get(f"/api/matches/{match.id}/log/?game=1").status_code == 200
    assert browser(match.b).get(f"/matches/{match.id}/log.json?game=1").status_code == 200


def test_it_names_the_cards_of_the_action_list_in_the_readers_language(match, judge):
    rng = random.Random(3)
    game = match.game(1)
    while not any(action.get("type") == "play" for action in game.actions):
        assert play_step(match, rng), "a card is played before the game ends"
        game = match.game(1)
    played = next(action["card"] for action in game.actions if action.get("type") == "play")
    _rules, catalog = catalog_for(game="respons")
    card = catalog.get(played)
    for language in ("en", "ru"):
        with translation.override(language):
            lines = [line.text for line in game_action_lines(game=game)]
        assert any(name_in(card, language) in text for text in lines), (language, lines)
        other = name_in(card, "ru" if language == "en" else "en")
        assert not any(other in text for text in lines), (language, lines)


def test_a_log_the_engine_refuses_is_shown_at_the_last_good_step_in_the_readers_language(match, judge):
    rng = random.Random(11)
    for _ in range(3):
        assert play_step(match, rng)
    game = match.game(1)
    game.actions = [*game.actions[:2], {"seat": 0, "type": "teleport"}]  # a log tampered with
    game.save(update_fields=["actions"])
    url = f"/matches/{match.id}/log/step/"
    russian = browser(judge).get(url, {"game": 1, "step": 3}, HTTP_ACCEPT_LANGUAGE="ru")
    html = russian.content.decode()
    assert 'data-step="2"' in html  # the state just before the refused action
    assert "действие 2 (место 0): " in html
    english = get(judge, url, game=1, step=3).content.decode()
    assert "action 2 (seat 0): " in english
