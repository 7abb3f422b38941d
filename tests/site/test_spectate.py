"""Spectating: who may watch an online match, and what they see — the engine's
spectator view only (no hidden card, no seed, for every game with a match engine), never the
present state of a game being played (a delay of N turns, or N minutes)."""

import asyncio
import json
import threading
from datetime import timedelta

import pytest
from django.utils import timezone

from engine.registry import game_keys, get_game
from tests.support.online import events as stream_events
from tests.support.spectate import hidden_names, played_match, played_turns
from tournaments.api.spectate import spectate_stream_async
from tournaments.models import Event, GameAction
from tournaments.selectors.spectate import spectated_step, state_at
from tournaments.services import live

pytestmark = pytest.mark.django_db

ENGINE_KEYS = [key for key in game_keys() if get_game(key).match_engine]


@pytest.fixture
def players(db):
    from tests.support.actors import make_actor

    return make_actor("ann"), make_actor("bob")


def spectate(actor, match_id: int):
    return actor.api.get(f"/api/matches/{match_id}/spectate/")


def assert_nothing_hidden(answer: dict, state, seed: int) -> None:
    text = json.dumps(answer, ensure_ascii=False)
    assert str(seed) not in text
    named = [name for name in hidden_names(state) if f'"{name}"' in text]
    assert not named, f"a spectator sees {named}"


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_it_shows_a_spectator_no_hidden_card_and_no_seed_in_every_game(
    key, organizer, players, anonymous, card_sets
):
    a, b = players
    played = played_match(key, organizer, a, b, part=0.7, spectators="everyone", spectate_delay=1)
    answer = spectate(anonymous, played.match.pk)
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["view"], "the spectator view is drawn"
    shown = state_at(played.game, body["step"])
    assert_nothing_hidden(body, shown, played.game.seed)
    # The players of the match get nothing more when they watch it.
    for player in players:
        assert spectate(player, played.match.pk).json()["view"] == body["view"]


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_it_never_shows_the_present_state_of_a_game_being_played(key, organizer, players, card_sets):
    a, b = players
    played = played_match(key, organizer, a, b, part=0.8, spectators="users")
    turns = played_turns(played)
    delay = spectated_step(game=played.game, event=played.match.round.event)
    assert delay.step < len(played.game.actions)
    assert delay.unit == "turns"  # the default: 2 turns, the state as the turn 2 before began
    assert turns[delay.step] == turns[-1] - 2
    assert delay.step == 0 or turns[delay.step - 1] < turns[-1] - 2
    body = spectate(a, played.match.pk).json()
    assert body["step"] == delay.step
    assert body["delay"] == {"amount": 2, "unit": "turns", "turn": turns[-1] - 2}


def test_it_delays_by_minutes_from_the_times_actions_were_applied(organizer, players, card_sets):
    a, b = players
    played = played_match(
        "respons",
        organizer,
        a,
        b,
        actions=30,
        spectators="everyone",
        spectate_delay=3,
        spectate_delay_unit="minutes",
    )
    rows = GameAction.objects.filter(match=played.match).order_by("log_index")
    now = timezone.now()
    for row in rows:  # action i applied (30 - i) minutes ago
        row.processed_at = now - timedelta(minutes=30 - row.log_index)
        row.save(update_fields=["processed_at"])
    delay = spectated_step(game=played.game, event=played.match.round.event, now=now)
    assert (delay.unit, delay.step) == ("minutes", 28)  # actions 0..27: at least 3 minutes old


def test_it_shows_a_finished_game_whole(organizer, players, card_sets, anonymous):
    a, b = players
    played = played_match("respons", organizer, a, b, spectators="everyone")
    body = spectate(anonymous, played.match.pk).json()
    assert body["step"] == len(played.game.actions)
    assert body["delay"]["unit"] == ""


def test_it_lets_watch_as_the_event_says(organizer, players, anonymous, outsider, judge, card_sets):
    a, b = players
    played = played_match("respons", organizer, a, b, actions=10)
    event = played.match.round.event
    event.judges.add(judge.user)
    match_id = played.match.pk
    # Nobody (the default): only the event's officials.
    assert event.spectators == Event.Spectators.NOBODY
    assert spectate(outsider, match_id).status_code == 403
    assert spectate(outsider, match_id).json()["code"] == "spectating_off"
    assert spectate(a, match_id).status_code == 403
    assert spectate(anonymous, match_id).status_code == 403
    assert spectate(judge, match_id).status_code == 200
    assert spectate(organizer, match_id).status_code == 200
    # Signed-in users.
    event.spectators = Event.Spectators.USERS
    event.save()
    assert spectate(outsider, match_id).status_code == 200
    assert spectate(anonymous, match_id).status_code == 401
    # Everyone.
    event.spectators = Event.Spectators.EVERYONE
    event.save()
    assert spectate(anonymous, match_id).status_code == 200
    # Pairings the organizer holds are nobody else's.
    played.match.round.published = False
    played.match.round.save()
    assert spectate(anonymous, match_id).status_code == 404
    assert spectate(organizer, match_id).status_code == 200


@pytest.mark.django_db(transaction=True)  # the stream lets its connection go between reads
def test_it_streams_the_spectator_answer(organizer, players, anonymous, card_sets):
    a, b = players
    played = played_match("respons", organizer, a, b, actions=20, spectators="everyone")
    response = anonymous.api.get(
        f"/api/matches/{played.match.pk}/spectate/stream/?seconds=1", HTTP_ACCEPT="text/event-stream"
    )
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/event-stream")
    first = next(stream_events(response))
    response.close()
    assert first == spectate(anonymous, played.match.pk).json()


def test_it_refuses_the_stream_like_the_answer(organizer, players, anonymous, card_sets):
    a, b = players
    played = played_match("respons", organizer, a, b, actions=20, spectators="users")
    response = anonymous.api.get(
        f"/api/matches/{played.match.pk}/spectate/stream/", HTTP_ACCEPT="text/event-stream"
    )
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"


def test_the_organizer_sets_who_may_watch_and_the_delay(organizer, players, card_sets):
    a, b = players
    played = played_match("respons", organizer, a, b, actions=10)
    url = f"/api/events/{played.match.round.event_id}/"
    body = {
        "spectators": "everyone",
        "spectate_delay": 5,
        "spectate_delay_unit": "minutes",
        "reason": "stream",
    }
    response = organizer.api.patch(url, body, format="json")
    assert response.status_code == 200, response.content
    assert (response.json()["spectators"], response.json()["spectate_delay"]) == ("everyone", 5)
    # Never 0: a spectator would see the present state.
    response = organizer.api.patch(url, {"spectate_delay": 0, "reason": "live"}, format="json")
    assert response.status_code == 400


@pytest.mark.django_db(transaction=True)
def test_it_limits_the_open_spectate_streams_per_user_and_per_address(
    organizer, players, anonymous, outsider, card_sets, settings
):
    settings.STREAMS_PER_USER = 1
    a, b = players
    played = played_match("respons", organizer, a, b, part=0.5, spectators="everyone")
    url = f"/api/matches/{played.match.pk}/spectate/stream/"
    for caller in (anonymous, outsider):
        first = caller.api.get(url, HTTP_ACCEPT="text/event-stream")
        assert first.status_code == 200
        next(iter(first.streaming_content))
        refused = caller.api.get(url, HTTP_ACCEPT="text/event-stream")
        assert refused.status_code == 429
        assert refused.json()["code"] == "too_many_streams"
        first.close()
        again = caller.api.get(url, HTTP_ACCEPT="text/event-stream")
        assert again.status_code == 200
        again.close()


@pytest.mark.django_db(transaction=True)
def test_the_stream_sends_the_view_again_when_the_game_moves_on(organizer, players, anonymous, card_sets):
    a, b = players
    played = played_match("respons", organizer, a, b, part=0.5, spectators="everyone")
    response = anonymous.api.get(
        f"/api/matches/{played.match.pk}/spectate/stream/?seconds=30", HTTP_ACCEPT="text/event-stream"
    )
    events = stream_events(response)
    first = next(events)
    assert first["step"] < len(played.game.actions)
    game = played.game
    game.actions = played.full_log  # the game goes on to its end, as a worker records it
    game.status = game.Status.FINISHED
    game.save()
    live.publish(played.match.pk, ["{}", "{}"])
    second = next(events)
    response.close()
    assert (second["step"], second["game_status"]) == (len(played.full_log), "finished")


def test_the_asgi_stream_sends_the_view_only_when_it_differs_and_ends_with_the_match():
    texts = iter([('{"step":1}', None), ('{"step":1}', None), ('{"step":2,"match_status":"final"}', None)])

    async def read() -> tuple[str, float | None]:
        return next(texts)

    async def watch() -> list[bytes]:
        chunks = []
        stream = spectate_stream_async(7101, read, 5)
        chunks.append(await stream.__anext__())
        # Two changes of the match: the first reads the same view, the second a new one.
        for delay in (0.05, 0.3):
            threading.Timer(delay, live.publish, args=(7101, ["{}", "{}"])).start()
        chunks += [chunk async for chunk in stream]  # it ends: the match is final
        return chunks

    chunks = asyncio.run(watch())
    assert chunks[0].endswith(b'data: {"step":1}\n\n')
    # The change that left the view as it was sends nothing: not even a ping, which would tell
    # the spectator the moment an action not shown yet was made.
    assert chunks[1:] == [b'event: state\ndata: {"step":2,"match_status":"final"}\n\n']


def test_it_shows_the_clocks_as_they_were_at_the_step_shown(organizer, players, anonymous, card_sets):
    a, b = players
    played = played_match("respons", organizer, a, b, part=0.9, spectators="everyone", spectate_delay=1)
    rows = list(GameAction.objects.filter(match=played.match, status="applied").order_by("log_index"))
    for row in rows:  # figures that tell which action they belong to
        row.clock_after = [float(row.log_index), 2.0 * row.log_index]
        row.save(update_fields=["clock_after"])
    played.game.clock_used = [999.0, 999.0]  # a seat thinking long about the present decision
    played.game.save(update_fields=["clock_used"])
    body = spectate(anonymous, played.match.pk).json()
    step = body["step"]
    assert 0 < step < len(played.game.actions)
    shown = max(row.log_index for row in rows if row.log_index < step)
    assert body["clock"]["used"] == [float(shown), 2.0 * shown]
    assert "999" not in json.dumps(body["clock"])
