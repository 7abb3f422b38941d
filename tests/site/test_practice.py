"""Practice against a bot: a signed-in player starts a game against a game's bot, with a deck of
theirs (checked by the rules) or a sample deck, in no event, and plays it through the same
online API as any match; they may resign it; an outsider sees nothing of it."""

import random

import pytest

from engine.registry import bundled_decklists
from tests.support.games import OTHER_ONLINE_GAMES
from tests.support.online import game_state
from tests.support.practice import first_sample, play_practice_out, practice_state, start_practice
from tournaments.models import Event, Match, Practice
from tournaments.services.decks import deck_save
from tournaments.services.online import engine_for

pytestmark = pytest.mark.django_db(transaction=True)  # the games are queued on commit

GAMES = ("respons", *OTHER_ONLINE_GAMES)


@pytest.fixture(autouse=True)
def _cards(card_sets):
    """Every game's bundled cards are imported."""


@pytest.mark.parametrize("game", GAMES)
def test_it_starts_a_practice_game_against_the_games_bot_with_a_sample_deck(player, game):
    practice = start_practice(player, game)
    assert (practice["game"], practice["status"], practice["result"]) == (game, "playing", None)
    assert practice["deck"] == {"kind": "sample", "name": first_sample(player, game)}
    match = Match.objects.select_related("round__event", "player_a__player", "player_b__player").get(
        pk=practice["match"]
    )
    assert match.player_a.player.username == player.name and not match.player_a.is_bot
    assert match.player_b.is_bot and match.player_b.player.username == f"bot:{game}"
    event = match.round.event
    assert (event.practice, event.online, event.game, event.best_of) == (True, True, game, 1)
    assert practice["play_url"] == f"/matches/{match.pk}/play/"
    # Played through the online API as any match: the player's seat, and a decision of theirs
    # (the bot has made its own first moves when it began).
    state = game_state(player, match.pk)
    assert state["seat"] == 0 and state["match_status"] == "pending"
    assert [a for a in state["legal_actions"] if a["type"] != "concede"], state["view"].get("decision")


def test_it_plays_a_practice_game_to_its_end_and_says_how_it_ended(player):
    practice = start_practice(player, "respons")
    play_practice_out(player, practice, random.Random(28))
    over = practice_state(player, practice["id"])
    assert over["status"] == "over" and over["result"] in ("win", "loss", "draw")
    assert over["reason"]
    listed = player.api.get("/api/practice/").json()
    assert [p["id"] for p in listed["results"]] == [practice["id"]]
    assert (listed["running"], listed["today"]) == (0, 1)


def test_it_takes_a_saved_deck_of_the_player(player):
    deck = deck_save(owner=player.user, name="Мой воин", source=bundled_decklists("wow")[0].read_text())
    practice = start_practice(player, "wow", saved_deck=deck.pk)
    assert practice["deck"] == {"kind": "saved", "name": "Мой воин"}
    match = Match.objects.select_related("player_a").get(pk=practice["match"])
    assert match.player_a.deck == deck.decklist


def test_it_takes_a_pasted_decklist(player, respons_deck_text):
    practice = start_practice(player, "respons", deck=respons_deck_text)
    assert practice["deck"] == {"kind": "list", "name": ""}


def test_it_refuses_an_illegal_saved_deck_with_every_violation(player):
    deck = deck_save(owner=player.user, name="half a deck", source="Hero: Commander Vesta\n")
    response = player.api.post("/api/practice/", {"game": "respons", "saved_deck": deck.pk}, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "illegal_deck" and response.json()["violations"]
    assert not Practice.objects.exists()


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"game": "respons"}, "invalid"),  # no deck at all
        ({"game": "respons", "sample": "Командор Веста", "deck": "1 x"}, "invalid"),  # two
        ({"game": "respons", "sample": "nobody"}, "unknown_sample"),
        ({"game": "respons", "saved_deck": 999999}, "unknown_deck"),
        ({"game": "respons", "deck": "this is no decklist at all"}, "bad_decklist"),
        ({"game": "chess", "sample": "x"}, "invalid_choice"),
    ],
)
def test_it_refuses_a_deck_it_cannot_use_with_a_clear_code(player, body, code):
    response = player.api.post("/api/practice/", body, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["code"] == code, response.json()
    assert not Practice.objects.exists()


def test_it_refuses_a_deck_of_another_game(player, legal_decks):
    response = player.api.post("/api/practice/", {"game": "wow", "deck": legal_decks[0]}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "wrong_game", response.content


def test_it_refuses_someone_elses_saved_deck(player, outsider, respons_deck_text):
    theirs = deck_save(owner=outsider.user, name="mine", source=respons_deck_text)
    response = player.api.post("/api/practice/", {"game": "respons", "saved_deck": theirs.pk}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "unknown_deck", response.content


def test_a_player_may_resign_and_the_game_is_then_over(player):
    practice = start_practice(player, "respons")
    response = player.api.post(f"/api/practice/{practice['id']}/resign/")
    assert response.status_code == 202, response.content
    over = practice_state(player, practice["id"])
    assert (over["status"], over["result"], over["reason"]) == ("over", "loss", "concede")
    again = player.api.post(f"/api/practice/{practice['id']}/resign/")
    assert again.status_code == 409 and again.json()["code"] == "practice_over", again.content


def test_an_outsider_sees_nothing_of_a_practice_game(player, outsider, anonymous):
    practice = start_practice(player, "respons")
    match_id, event = practice["match"], Event.objects.get(practice=True)
    assert outsider.api.get(f"/api/practice/{practice['id']}/").status_code == 404
    assert outsider.api.post(f"/api/practice/{practice['id']}/resign/").status_code == 404
    assert outsider.api.get(f"/api/matches/{match_id}/game/").status_code == 403
    assert outsider.api.get(f"/api/matches/{match_id}/game/events/").status_code == 403
    assert anonymous.api.get("/api/practice/").status_code == 401
    assert anonymous.api.post("/api/practice/", {"game": "respons"}, format="json").status_code == 401
    # Its event is in no list, and no event page or API shows it, not even to its player.
    for actor in (player, outsider):
        assert actor.api.get(f"/api/events/{event.pk}/").status_code == 404
        assert actor.api.get(f"/api/matches/{match_id}/").status_code == 404
        assert event.pk not in [e["id"] for e in actor.api.get("/api/events/").json()]
    assert practice_state(player, practice["id"])["status"] == "playing"  # untouched


def test_the_players_view_is_a_seats_view_like_any_other(player):
    """R3.5: the practice player reads their seat's observation, never the bot's hand or the seed,
    and is no official of the game (no judge view, no full log while it is played)."""
    practice = start_practice(player, "respons")
    state = game_state(player, practice["match"])
    match = Match.objects.get(pk=practice["match"])
    game = match.games.get()
    engine = engine_for(game)
    assert state["view"] == {"seq": engine.seq, **engine.observation(0)}
    assert state["view"] != {"seq": engine.seq, **engine.observation(1)}
    assert str(game.seed) not in str(state)
    response = player.api.get(f"/api/matches/{match.pk}/log/?game=1")
    assert response.status_code in (403, 409), response.content
