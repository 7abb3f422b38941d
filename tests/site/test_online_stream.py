"""Live updates of online games: the stream endpoint and the hub behind it (services/live.py)."""

import asyncio
import json
import threading

import pytest

from tests.support.online import act, events, game_state, stream
from tournaments.services import live

pytestmark = pytest.mark.django_db(transaction=True)
ONLINE_MATCH_ONCE = True  # made once, put back before each test (tests/support/committed_rows.py)


# --- the endpoint --------------------------------------------------------------------------


def test_it_starts_with_the_same_answer_as_a_get_and_pushes_each_change(online_match):
    _event, match_id, a, b = online_match
    response = stream(a, match_id)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/event-stream"
    assert response["Cache-Control"] == "no-cache"
    received = events(response)
    first = next(received)
    assert first == game_state(a, match_id)

    # Whoever decides now acts; the stream of player A shows it without being asked.
    deciding = a if first["legal_actions"] else b
    state = game_state(deciding, match_id)
    choice = next(x for x in state["legal_actions"] if x["type"] != "concede")
    assert act(deciding, match_id, state["next_seq"], choice).status_code == 200
    pushed = next(received)
    assert pushed["view"]["seq"] == first["view"]["seq"] + 1
    assert pushed == game_state(a, match_id)
    response.close()


def test_each_seat_gets_only_its_own_view_on_the_stream(online_match):
    _event, match_id, a, b = online_match
    stream_a, stream_b = stream(a, match_id), stream(b, match_id)
    first_a, first_b = next(events(stream_a)), next(events(stream_b))
    stream_a.close()
    stream_b.close()
    assert (first_a["seat"], first_b["seat"]) == (0, 1)
    assert first_a["view"] == game_state(a, match_id)["view"]
    assert first_b["view"] == game_state(b, match_id)["view"]
    assert first_a["view"] != first_b["view"]  # each sees its own hand only (R3.5)


def test_the_stream_ends_once_the_match_is_final(online_match):
    _event, match_id, a, b = online_match
    response = stream(a, match_id)
    received = events(response)
    next(received)
    for _game in range(2):  # best of three: A concedes twice
        state = game_state(a, match_id)
        if state["game_status"] == "sideboarding":
            a.api.post(f"/api/matches/{match_id}/game/sideboard/", {"deck": None}, format="json")
            b.api.post(f"/api/matches/{match_id}/game/sideboard/", {"deck": None}, format="json")
            state = game_state(a, match_id)
        assert act(a, match_id, state["next_seq"], {"type": "concede"}).status_code == 200
    answers = list(received)  # the generator finishes by itself
    assert answers[-1]["match_status"] == "final"
    assert (answers[-1]["wins_a"], answers[-1]["wins_b"]) == (0, 2)


def test_a_judge_streams_the_judge_view(online_match, judge):
    _event, match_id, a, b = online_match
    response = stream(judge, match_id)
    received = events(response)
    first = next(received)
    assert first["seat"] is None and first["legal_actions"] == []
    assert first["view"]["viewer"] == "judge"
    assert all(isinstance(seat["hand"], list) and seat["hand"] for seat in first["view"]["seats"])
    deciding = a if game_state(a, match_id)["legal_actions"] else b
    state = game_state(deciding, match_id)
    choice = next(x for x in state["legal_actions"] if x["type"] != "concede")
    act(deciding, match_id, state["next_seq"], choice)
    assert next(received)["view"]["seq"] == first["view"]["seq"] + 1
    response.close()


def test_it_refuses_outsiders_and_strangers_before_streaming(online_match, outsider, anonymous):
    _event, match_id, _a, _b = online_match
    assert stream(outsider, match_id).status_code == 403
    assert stream(anonymous, match_id).status_code == 401
    assert stream(outsider, 999_999).status_code == 404


@pytest.mark.parametrize(
    "query", ["?seconds=0", "?seconds=abc", "?seconds=601", "?seconds=%C2%B2", "?seconds=-5"]
)
def test_it_refuses_a_bad_duration(online_match, query):
    _event, match_id, a, _b = online_match
    response = stream(a, match_id, query)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"


def test_a_match_not_played_online_has_no_stream(event_factory):
    from tests.support.actors import make_players

    event = event_factory(rounds=1, online=False)
    event.open()
    players = make_players(2)
    event.register(*players)
    match_id = event.start()["matches"][0]["id"]
    response = stream(players[0], match_id)
    assert response.status_code == 409
    assert response.json()["code"] == "not_online"


# --- the hub ------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=False)
class TestHubInProcess:
    """Without a broker, answers are handed over inside the process."""

    def test_a_subscriber_gets_its_seats_answer_and_only_its_matchs(self):
        mine, other = live.subscribe(7001, 1), live.subscribe(7002, 0)
        try:
            live.publish(7001, ['{"seat":0}', '{"seat":1}'])
            assert mine.get(1) == (True, '{"seat":1}')
            assert other.get(0.05) == (False, None)
        finally:
            mine.close()
            other.close()

    def test_a_slow_subscriber_skips_to_the_newest_answer(self):
        sub = live.subscribe(7003, 0)
        try:
            for n in range(5):
                live.publish(7003, [f'{{"n":{n}}}', "{}"])
            assert sub.get(1) == (True, '{"n":4}')
            assert sub.get(0.05) == (False, None)
        finally:
            sub.close()

    def test_an_official_is_told_that_something_changed(self):
        sub = live.subscribe(7004, None)
        try:
            live.publish(7004, ["{}", "{}"])
            assert sub.get(1) == (True, None)
        finally:
            sub.close()

    def test_a_closed_subscription_gets_nothing(self):
        sub = live.subscribe(7005, 0)
        sub.close()
        live.publish(7005, ["{}", "{}"])
        assert sub.get(0.05) == (False, None)

    def test_an_asyncio_subscriber_is_woken_from_another_thread(self):
        async def wait() -> tuple[bool, str | None]:
            sub = live.subscribe(7006, 0, asynchronous=True)
            try:
                threading.Timer(0.05, live.publish, args=(7006, ['{"ok":1}', "{}"])).start()
                return await sub.aget(5)
            finally:
                sub.close()

        assert asyncio.run(wait()) == (True, '{"ok":1}')


@pytest.mark.django_db(transaction=False)
def test_answers_travel_between_processes_over_redis():
    """With a Redis broker, what a worker publishes reaches this process's listener thread."""
    from respons_site.celery import app
    from tests.support.workers import require_real_services

    require_real_services()
    app.conf.task_always_eager = False  # as in a web process next to real workers (reset per test)
    sub = live.subscribe(7101, 1)
    try:
        # The listener thread subscribes asynchronously: publish until it has (a message sent
        # before the subscription is lost by design; a stream starts from a fresh read).
        for _attempt in range(50):
            live.publish(7101, ['{"seat":0}', '{"seat":1}'])
            changed, text = sub.get(0.1)
            if changed:
                break
        assert (changed, text) == (True, '{"seat":1}')
    finally:
        sub.close()


# --- under ASGI (how production serves it) --------------------------------------------------


def test_under_asgi_the_stream_waits_on_the_event_loop_and_pushes_each_change(online_match):
    """Through Django's ASGI handler: the stream is an async iterator that holds no thread
    while it waits, and a change adjudicated meanwhile arrives on it."""
    from asgiref.sync import async_to_sync, sync_to_async
    from django.test import AsyncClient

    from tournaments.services.accounts import token_for

    _event, match_id, a, b = online_match
    url = f"/api/matches/{match_id}/game/stream/"

    def move() -> int:
        deciding = a if game_state(a, match_id)["legal_actions"] else b
        state = game_state(deciding, match_id)
        choice = next(x for x in state["legal_actions"] if x["type"] != "concede")
        assert act(deciding, match_id, state["next_seq"], choice).status_code == 200
        return state["view"]["seq"]

    async def scenario() -> tuple[dict, dict, int]:
        token = await sync_to_async(token_for)(user=a.user)
        headers = {"authorization": f"Token {token}", "accept": "text/event-stream"}
        response = await AsyncClient().get(url, headers=headers)
        assert response.status_code == 200 and response["Content-Type"] == "text/event-stream"
        chunks = response.streaming_content.__aiter__()
        first = _data(await asyncio.wait_for(chunks.__anext__(), 10))
        before = await sync_to_async(move)()
        pushed = _data(await asyncio.wait_for(chunks.__anext__(), 10))
        await chunks.aclose()  # the client goes away: the subscription is closed
        return first, pushed, before

    first, pushed, before = async_to_sync(scenario)()
    assert first["seat"] == 0 and first["view"]["seq"] == before
    assert pushed["view"]["seq"] == before + 1
    assert not live._hub.watching(match_id)


def _data(chunk: bytes) -> dict:
    line = next(x for x in chunk.decode().split("\n") if x.startswith("data: "))
    return json.loads(line[len("data: ") :])
