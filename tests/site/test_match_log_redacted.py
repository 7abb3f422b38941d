"""A player's match log download before the event publishes its decklists (R3.5): their own
deck and only what the opponent revealed in play, no seed, marked redacted; the complete,
replayable log for officials always and for the players once the decklists are public."""

import json

import pytest

from engine.games.respons.match import replay
from tests.support.online import act, game_state, online_match
from tests.support.pages import browser
from tournaments.models import Game, Match
from tournaments.selectors.cards import catalog_for
from tournaments.selectors.online import game_log

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def conceded(event_factory, judge):
    """A one-game match that seat A conceded at once (nothing of B's deck was revealed)."""
    match = online_match(event_factory, judge)
    seq = game_state(match.a, match.id)["next_seq"]
    assert act(match.a, match.id, seq, {"type": "concede"}).status_code == 200
    assert match.row.status == Match.Status.FINAL
    return match


def api_log(actor, match_id: int) -> dict:
    response = actor.api.get(f"/api/matches/{match_id}/log/?game=1")
    assert response.status_code == 200, response.content
    return response.json()


def page_log(actor, match_id: int):
    response = browser(actor).get(f"/matches/{match_id}/log.json?game=1")
    assert response.status_code == 200
    return response, json.loads(response.content)


def deck_cards(deck: dict) -> set:
    """Return the cards of a decklist JSON object (any zone), by their catalog entries."""
    _rules, catalog = catalog_for(game="respons")
    names = [deck["hero"], *deck["orders"], *deck["main"], *deck.get("side", {})]
    return {catalog.get(name) for name in names}


def assert_player_holds_only_their_own_deck(log: dict, full: dict, seat: int) -> None:
    other = 1 - seat
    assert log["redacted"]["seat"] == seat
    assert log["seed"] is None and str(full["seed"]) not in json.dumps(log)
    assert log["players"][seat] == full["players"][seat]
    assert log["players"][other]["deck"] is None
    hidden = full["players"][other]["deck"]
    _rules, catalog = catalog_for(game="respons")
    assert log["players"][other]["revealed"] == {
        "hero": catalog.get(hidden["hero"]).name,
        "orders": [None] * len(hidden["orders"]),
        "main": {},
    }
    # A card only the opponent's deck holds is nowhere in the player's copy, by any of its names.
    only_theirs = deck_cards(hidden) - deck_cards(full["players"][seat]["deck"])
    only_theirs.discard(catalog.get(hidden["hero"]))
    assert only_theirs
    text = json.dumps(log, ensure_ascii=False)
    assert not [
        card.name for card in only_theirs for name in (card.name, *card.aliases) if f'"{name}"' in text
    ]


def test_it_gives_each_player_a_redacted_copy_until_the_decklists_are_published(conceded):
    full = game_log(Game.objects.get(match_id=conceded.id, number=1))
    for seat, player in enumerate((conceded.a, conceded.b)):
        log = api_log(player, conceded.id)
        assert_player_holds_only_their_own_deck(log, full, seat)
        response, downloaded = page_log(player, conceded.id)
        assert downloaded == log
        assert response["Content-Disposition"].endswith('-redacted.json"')


def test_it_refuses_to_replay_a_redacted_copy(conceded):
    log = api_log(conceded.a, conceded.id)
    _rules, catalog = catalog_for(game="respons")
    with pytest.raises(Exception, match="redacted"):
        replay(log, catalog)


def test_it_gives_officials_the_complete_replayable_log_at_any_time(conceded, judge):
    full = game_log(Game.objects.get(match_id=conceded.id, number=1))
    for official in (judge, conceded.event.organizer):
        log = api_log(official, conceded.id)
        assert log == full and "redacted" not in log and isinstance(log["seed"], int)
        response, downloaded = page_log(official, conceded.id)
        assert downloaded == full and not response["Content-Disposition"].endswith('-redacted.json"')
    _rules, catalog = catalog_for(game="respons")
    assert replay(full, catalog).result.reason == "concede"


def test_it_gives_the_players_the_complete_log_once_the_decklists_are_published(conceded):
    assert conceded.event.next_round()["finished"] is True
    organizer = conceded.event.organizer
    assert organizer.api.post(f"{conceded.event.url}publish-decklists/").status_code == 200
    full = game_log(Game.objects.get(match_id=conceded.id, number=1))
    for player in (conceded.a, conceded.b):
        assert api_log(player, conceded.id) == full
        assert page_log(player, conceded.id)[1] == full


def test_it_says_why_the_copy_is_redacted_in_the_readers_language(conceded):
    url = f"/api/matches/{conceded.id}/log/?game=1"
    english = conceded.a.api.get(url).json()["redacted"]["why"]
    russian = conceded.a.api.get(url, HTTP_ACCEPT_LANGUAGE="ru").json()["redacted"]["why"]
    assert "cannot be replayed" in english
    assert "нельзя воспроизвести" in russian
