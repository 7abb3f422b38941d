"""Hidden information online (R3.5): whatever a player's client can read while a match is played —
the game answer, the live stream, the events, the log — holds no game seed and no card of the
opponent's that was not public; the seeds cannot be guessed, nor a bot's deck computed."""

import json
import random

import pytest

from engine.games.respons.match import new_match
from engine.games.respons.match.log import read_setup
from tests.support.online import act, game_state, online_match, stream
from tests.support.online import events as stream_events
from tournaments.models import Card, Game, Match, Registration
from tournaments.selectors.cards import catalog_for
from tournaments.selectors.online import game_log
from tournaments.services.bots import _bot_deck

pytestmark = pytest.mark.django_db(transaction=True)


def player_reads(actor, match_id: int, *, with_stream: bool) -> str:
    """Return everything the player's client can read of the match now, as one JSON text."""
    answers = [game_state(actor, match_id)]
    for game in Game.objects.filter(match_id=match_id):
        response = actor.api.get(f"/api/matches/{match_id}/game/events/?game={game.number}")
        assert response.status_code == 200, response.content
        answers.append(response.json())
        response = actor.api.get(f"/api/matches/{match_id}/log/?game={game.number}")
        assert response.status_code in (200, 403), response.content
        answers.append(response.json())
    if with_stream:
        response = stream(actor, match_id)
        answers.append(next(stream_events(response)))
        response.close()
    return json.dumps(answers, ensure_ascii=False)


def public_so_far(match_id: int) -> str:
    """Return every public event part and the spectator's view of each game so far (JSON text)."""
    _rules, catalog = catalog_for(game="respons")
    parts = []
    for game in Game.objects.filter(match_id=match_id).order_by("number"):
        setup, logged = read_setup(game_log(game))
        engine = new_match(catalog, **setup)
        parts += [event.public_dict() for event in engine.initial_events]
        for seat, action in logged:
            parts += [event.public_dict() for event in engine.apply(seat, action)]
        parts.append(engine.spectator_view())
    return json.dumps(parts, ensure_ascii=False)


def own_cards(match_id: int, seat: int) -> set[str]:
    """Return the canonical names of every card the seat's decks of this match hold."""
    _rules, catalog = catalog_for(game="respons")
    names: set[str] = set()
    for game in Game.objects.filter(match_id=match_id):
        deck = game.decks[seat]
        for name in (deck["hero"], *deck["orders"], *deck["main"], *deck.get("side", {})):
            names.add(catalog.get(name).name)
    return names


def assert_player_sees_nothing_hidden(match, seat: int, names: list[str], *, with_stream: bool) -> None:
    text = player_reads(match.seat(seat), match.id, with_stream=with_stream)
    for game in Game.objects.filter(match_id=match.id):
        assert str(game.seed) not in text, (seat, game.number)
    mine = own_cards(match.id, seat)
    public = public_so_far(match.id)
    leaked = [n for n in names if n not in mine and f'"{n}"' in text and f'"{n}"' not in public]
    assert not leaked, (seat, leaked)


def test_it_never_shows_a_player_a_seed_or_the_opponents_hidden_cards(event_factory, judge, settings):
    # Every step reads four answers per seat: far more requests a minute than a person makes.
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "user": "100000/min", "actions": "100000/min"}
    match = online_match(event_factory, judge, best_of=3)
    names = list(Card.objects.filter(game="respons").values_list("name", flat=True))
    rng = random.Random(15)
    for step in range(2000):
        for seat in (0, 1):
            assert_player_sees_nothing_hidden(match, seat, names, with_stream=step % 25 == 0)
        if match.row.status == Match.Status.FINAL:
            break
        for actor in (match.a, match.b):
            state = game_state(actor, match.id)
            if state["game_status"] == "sideboarding":
                actor.api.post(f"/api/matches/{match.id}/game/sideboard/", {"deck": None}, format="json")
                continue
            choices = [a for a in state["legal_actions"] if a["type"] != "concede"]
            if choices:
                assert act(actor, match.id, state["next_seq"], rng.choice(choices)).status_code == 200
                break
    assert match.row.status == Match.Status.FINAL and Game.objects.filter(match_id=match.id).count() >= 2
    for seat in (0, 1):
        assert_player_sees_nothing_hidden(match, seat, names, with_stream=True)


def test_it_draws_game_seeds_too_large_to_search(event_factory, judge):
    # A seed of 31 bits can be found by trying each against one's own opening hand.
    match = online_match(event_factory, judge)
    seed = Game.objects.get(match_id=match.id, number=1).seed
    assert seed.bit_length() > 48


def test_it_deals_bots_decks_that_the_public_event_seed_does_not_give(event_factory):
    event = event_factory(rounds=1, online=True)
    event.open()
    response = event.organizer.api.post(f"{event.url}bots/", {"count": 1}, format="json")
    assert response.status_code == 201, response.content
    public_seed = event.organizer.api.get(event.url).json()["seed"]
    dealt = Registration.objects.get(event_id=event.id, is_bot=True).deck
    row = Registration.objects.get(event_id=event.id, is_bot=True).event
    # How bot decks used to be dealt: anyone could deal the same one from the event's seed.
    assert dealt != _bot_deck(row, random.Random(f"{public_seed}-0"))
