"""The play page of an online match: who may open it, the board it lays out, the game log API."""

import json
import re

import pytest

from tests.support.actors import make_players
from tests.support.pages import browser

# Transactional: the games start from tasks queued on commit, as in production.
pytestmark = pytest.mark.django_db(transaction=True)


def play_page(actor, match_id: int):
    return browser(actor).get(f"/matches/{match_id}/play/")


def config_of(html: str) -> dict:
    found = re.search(r'<script id="play-config" type="application/json">(.*?)</script>', html, re.S)
    assert found, "the page carries its configuration as a JSON script element"
    return json.loads(found.group(1))


def line_labels(html: str) -> list[str]:
    return re.findall(r'<span data-testid="line-label">(\d)</span>', html)


def assert_board_skeleton(html: str) -> None:
    """Both tactical grids (3 rows × 5 lines), hero and location slots, orders, hands, piles."""
    for where in ("top", "bottom"):
        for part in ("grid", "hero", "location", "orders", "hand"):
            assert f'data-testid="{part}-{where}"' in html, f"{part}-{where}"
    cells = re.findall(r'data-testid="cell-(\d)-(\d)-(\d)"', html)
    assert sorted(cells) == sorted(
        (str(s), str(line), str(row)) for s in (0, 1) for line in range(1, 6) for row in (1, 2, 3)
    )
    assert 'data-testid="statusbar"' in html and 'data-testid="log"' in html
    assert 'data-testid="clock-top"' in html and 'data-testid="clock-bottom"' in html


def test_it_shows_both_players_the_board(online_match):
    event, match_id, a, b = online_match
    for seat, actor in enumerate((a, b)):
        response = play_page(actor, match_id)
        assert response.status_code == 200
        html = response.content.decode()
        assert_board_skeleton(html)
        config = config_of(html)
        assert config["seat"] == seat and config["names"] == [a.name, b.name]
        assert config["urls"]["state"] == f"/api/matches/{match_id}/game/"
        assert 'data-testid="concede"' in html and 'data-testid="pass"' in html
        assert 'data-testid="spectator-badge"' not in html
        # Between games the player swaps cards of their own deck, which the page brings along
        # for the sideboard picker (R2.7).
        assert config["deck"]["hero"] and len(config["deck"]["orders"]) == 5 and config["deck"]["side"]
        assert 'data-testid="swap-picker"' in html and "<textarea" not in html


def test_it_lays_the_lines_out_as_each_seat_sees_them(online_match):
    """R3.3: lines 1–5 left to right for seat 0; seat 1's own left-most line is line 5."""
    event, match_id, a, b = online_match
    assert line_labels(play_page(a, match_id).content.decode()) == ["1", "2", "3", "4", "5"]
    html_b = play_page(b, match_id).content.decode()
    assert line_labels(html_b) == ["5", "4", "3", "2", "1"]
    # The opponent's grid is on top and its rows run back to front (3, 2, 1), so that both
    # front rows face each other in the middle; the viewer's own run front to back.
    top, bottom = html_b.split('data-testid="side-bottom"')
    assert re.findall(r'data-testid="cell-0-5-(\d)"', top) == ["3", "2", "1"]
    assert re.findall(r'data-testid="cell-1-5-(\d)"', bottom) == ["1", "2", "3"]
    assert re.findall(r'data-testid="cell-1-(\d)-1"', bottom) == ["5", "4", "3", "2", "1"]


def test_it_refuses_outsiders(online_match, outsider, player):
    event, match_id, a, b = online_match
    assert play_page(outsider, match_id).status_code == 403
    assert play_page(player, match_id).status_code == 403


def test_it_sends_anonymous_visitors_to_sign_in(online_match, anonymous):
    event, match_id, a, b = online_match
    response = play_page(anonymous, match_id)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_it_gives_judges_and_the_organizer_a_read_only_board(online_match, judge):
    event, match_id, a, b = online_match
    for official in (judge, event.organizer):
        response = play_page(official, match_id)
        assert response.status_code == 200
        html = response.content.decode()
        assert_board_skeleton(html)
        assert 'data-testid="spectator-badge"' in html
        assert config_of(html)["seat"] is None
        for control in ("concede", "pass", "keep", "sideboard-ready"):
            assert f'data-testid="{control}"' not in html
        assert 'data-testid="swap-picker"' not in html and config_of(html)["deck"] is None
        assert line_labels(html) == ["1", "2", "3", "4", "5"]
        # The API behind the page gives an official the judge view and no actions.
        state = official.api.get(f"/api/matches/{match_id}/game/").json()
        assert state["seat"] is None and state["legal_actions"] == []


def test_it_answers_404_for_an_unknown_match(online_match):
    event, match_id, a, b = online_match
    assert play_page(a, match_id + 1000).status_code == 404


def test_it_explains_a_match_that_is_not_played_online(event_factory):
    event = event_factory(rounds=1, best_of=1)
    event.open()
    a, b = make_players(2)
    event.register(a, b)
    match_id = event.start()["matches"][0]["id"]
    response = play_page(a, match_id)
    assert response.status_code == 200
    assert 'data-testid="not-online"' in response.content.decode()


def test_it_gives_the_page_the_card_data_its_tiles_show(online_match):
    event, match_id, a, b = online_match
    html = play_page(a, match_id).content.decode()
    cards = json.loads(
        re.search(r'<script id="play-cards" type="application/json">(.*?)</script>', html, re.S).group(1)
    )
    sentinel = cards["Железный страж"]
    assert sentinel["n"] == "Iron Sentinel"  # the page is in English: the English alias
    assert (sentinel["t"], sentinel["c"], sentinel["s"], sentinel["f"]) == ("unit", 2, 3, ["order"])


def events_of(actor, match_id: int, **params) -> dict:
    response = actor.api.get(f"/api/matches/{match_id}/game/events/", params)
    assert response.status_code == 200, response.content
    return response.json()


def test_it_lists_the_game_events_as_each_seat_saw_them(online_match, judge, outsider):
    event, match_id, a, b = online_match
    mine = events_of(a, match_id)
    assert mine["game_number"] == 1 and mine["seq"] == 0
    draws = [e for e in mine["events"] if e["type"] == "draw"]
    assert sorted(e["seat"] for e in draws) == [0, 1]  # one opening hand each
    own = next(e for e in draws if e["seat"] == 0)
    theirs = next(e for e in draws if e["seat"] == 1)
    assert len(own["cards"]) == 7 and "cards" not in theirs  # R3.5: only counts of the other hand
    judged = [e for e in events_of(judge, match_id)["events"] if e["type"] == "draw"]
    assert all(len(e["cards"]) == 7 for e in judged)
    assert outsider.api.get(f"/api/matches/{match_id}/game/events/").status_code == 403


def test_it_adds_the_events_of_each_action_to_the_log(online_match):
    event, match_id, a, b = online_match
    state = a.api.get(f"/api/matches/{match_id}/game/").json()
    first = a if state["legal_actions"] else b
    body = {"seq": 1, "action": {"type": "keep"}}
    assert first.api.post(f"/api/matches/{match_id}/game/actions/", body, format="json").status_code == 200
    log = events_of(b, match_id)
    assert log["seq"] == 1
    kept = [e for e in log["events"] if e["type"] == "keep"]
    assert len(kept) == 1 and kept[0]["a"] == 0
    assert events_of(b, match_id, game=1)["events"] == log["events"]
    assert b.api.get(f"/api/matches/{match_id}/game/events/", {"game": "x"}).status_code == 400
