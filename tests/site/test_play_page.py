"""The play page of an online match: who may open it, the board it lays out, the game log API."""

import json
import re

import pytest

from tests.support.actors import make_players
from tests.support.pages import browser
from tournaments.models import Game

# Transactional: the games start from tasks queued on commit, as in production.
pytestmark = pytest.mark.django_db(transaction=True)


def play_page(actor, match_id: int):
    return browser(actor).get(f"/matches/{match_id}/play/")


def config_of(html: str) -> dict:
    found = re.search(r'<script id="play-config" type="application/json">(.*?)</script>', html, re.S)
    assert found, "the page carries its configuration as a JSON script element"
    return json.loads(found.group(1))


def assert_board_shell(html: str) -> None:
    """The board root, filled by the game's board module; the shell's status bar, clocks and log."""
    assert 'data-testid="board-root"' in html
    # RESPONSE draws its own table (boards/respons.js, styled by boards/respons.css): the
    # grids, slots, orders and hands are the browser tests' to check (test_play_browser.py).
    assert "/static/respons/boards/respons.js" in html and "/static/respons/boards/respons.css" in html
    assert 'src="/jsi18n/"' in html  # gettext for the module's labels
    assert 'data-testid="statusbar"' in html and 'data-testid="log"' in html
    assert 'data-testid="clock-top"' in html and 'data-testid="clock-bottom"' in html


def test_it_shows_both_players_the_board(online_match):
    event, match_id, a, b = online_match
    for seat, actor in enumerate((a, b)):
        response = play_page(actor, match_id)
        assert response.status_code == 200
        html = response.content.decode()
        assert_board_shell(html)
        config = config_of(html)
        assert config["seat"] == seat and config["names"] == [a.name, b.name]
        assert config["urls"]["state"] == f"/api/matches/{match_id}/game/"
        assert 'data-testid="concede"' in html and 'data-testid="pass"' in html
        assert 'data-testid="spectator-badge"' not in html
        # Between games the player swaps cards of their own deck, which the page brings along
        # for the sideboard picker (R2.7).
        assert config["deck"]["hero"] and len(config["deck"]["orders"]) == 5 and config["deck"]["side"]
        assert 'data-testid="swap-picker"' in html and "<textarea" not in html


def test_it_tells_the_board_module_whose_table_it_draws(online_match):
    """The module draws seat 0's table for seat 0 and seat 1's for seat 1 (R3.3 orientation)."""
    event, match_id, a, b = online_match
    for seat, actor in enumerate((a, b)):
        config = config_of(play_page(actor, match_id).content.decode())
        assert (
            config["board"] == {"game": "respons"} and config["me"] == seat and config["lang"] in ("ru", "en")
        )


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
        assert_board_shell(html)
        assert 'data-testid="spectator-badge"' in html
        assert config_of(html)["seat"] is None
        for control in ("concede", "pass", "keep", "sideboard-ready"):
            assert f'data-testid="{control}"' not in html
        assert 'data-testid="swap-picker"' not in html and config_of(html)["deck"] is None
        assert config_of(html)["me"] == 0  # an official sees the table as seat 0 does
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


def test_a_game_without_its_own_board_module_gets_the_generic_one(monkeypatch):
    """selectors/boards.py: boards/<game>.js when the file exists, else boards/generic.js."""
    from tournaments.selectors import boards

    assert boards.board_module(game="respons") == "respons/boards/respons.js"
    assert boards.board_styles(game="respons") == "respons/boards/respons.css"
    assert boards.board_module(game="no-such-game") == boards.GENERIC
    # A registered game whose module file is missing draws with the generic board.
    monkeypatch.setattr(boards.finders, "find", lambda path: None)
    assert boards.board_module.__wrapped__(game="respons") == boards.GENERIC
    assert boards.board_styles.__wrapped__(game="respons") == boards.GENERIC_STYLES


def test_the_game_answer_says_each_legal_action_in_words(generic_board, online_match):
    """legal_described[i] is describe_action(legal_actions[i]): the generic board's labels."""
    event, match_id, a, b = online_match
    answers = [actor.api.get(f"/api/matches/{match_id}/game/").json() for actor in (a, b)]
    deciding = next(answer for answer in answers if answer["legal_actions"])
    waiting = next(answer for answer in answers if not answer["legal_actions"])
    assert len(deciding["legal_described"]) == len(deciding["legal_actions"])
    assert all(isinstance(text, str) and text for text in deciding["legal_described"])
    assert waiting["legal_described"] == []


def test_a_game_with_its_own_board_is_not_described_in_every_snapshot(online_match):
    """The workers describe legal actions only for the generic board: a game whose module draws
    its own board (RESPONSE's) is spared the work on every action."""
    event, match_id, a, b = online_match
    answers = [actor.api.get(f"/api/matches/{match_id}/game/").json() for actor in (a, b)]
    deciding = next(answer for answer in answers if answer["legal_actions"])
    assert deciding["legal_described"] == []
    game = Game.objects.get(match_id=match_id, number=1)
    assert game.snapshot["described"] == [[], []]


def test_it_serves_the_board_modules_their_translations(client):
    """The JavaScript catalog gives the modules' labels in Russian (locale/ru/.../djangojs.po)."""
    response = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 200
    script = response.content.decode()
    for english, russian in (
        ("Face-down card", "Карта рубашкой вверх"),
        ("Hero of {name}", "Герой игрока {name}"),
    ):
        assert f"{json.dumps(english)}: {json.dumps(russian)}" in script
