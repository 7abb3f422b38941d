"""The fast lane (``tournaments/api/lane.py``): a player's action recorded on the event loop, with
the API view's answer byte for byte, and every other case left to the view (issue: online
matches, performance). It runs only on PostgreSQL with a Redis broker, as in production."""

import asyncio
import base64
import json
import uuid

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.core.asgi import get_asgi_application
from django.core.checks import run_checks
from rest_framework.authtoken.models import Token

from respons_site.celery import app as celery_app
from tests.support.workers import real_broker, require_real_services, wait_until
from tournaments.api import lane as lane_module
from tournaments.api import lane_covers
from tournaments.api.lane import PlayLane
from tournaments.models import GameAction, Match
from tournaments.services import live
from tournaments.services.accounts import token_for
from tournaments.services.online import DRAIN_WOKEN, queue, submit

pytestmark = pytest.mark.django_db(transaction=True)
ONLINE_MATCH_ONCE = True  # made once, put back before each test (tests/support/committed_rows.py)


@pytest.fixture
def lane(online_match, monkeypatch):
    """The site as production serves it (ASGI, the lane in front), next to real workers; the
    drain's wake-ups are recorded instead of sent."""
    require_real_services()
    celery_app.conf.task_always_eager = False  # reset per test (tests/conftest.py)
    # The lane pushes the drain's message itself (queue.drain_message): onto a list of the
    # test's own, which no worker reads; ``woken()`` lists what it pushed.
    wakes = live.key(f"test-wakes-{uuid.uuid4().hex[:8]}")
    monkeypatch.setattr(queue, "drain_message", lambda: (wakes, b"wake"))
    live.redis_client().delete(DRAIN_WOKEN)
    site = PlayLane(get_asgi_application())
    site.woken = lambda: [1] * live.redis_client().llen(wakes)
    yield site
    live.redis_client().delete(wakes)


def deciding(match_id, a, b):
    state = a.api.get(f"/api/matches/{match_id}/game/").json()
    actor = a if state["legal_actions"] else b
    return actor, actor.api.get(f"/api/matches/{match_id}/game/").json()


def token_of(actor) -> str:
    return token_for(user=actor.user)


def headers_for(actor, **extra: str) -> dict[str, str]:
    return {
        "host": "testserver",
        "authorization": f"Token {token_of(actor)}",
        "content-type": "application/json",
        "accept-language": "en",
        **extra,
    }


def http_scope(method: str, path: str, headers: dict[str, str], query: bytes = b"") -> dict:
    """The ASGI scope of a request as uvicorn hands it to the app."""
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": query,
        "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }


async def _call(site, method: str, path: str, headers: dict[str, str], body: bytes):
    """One request through the ASGI app; return (status, headers as a dict, body)."""
    scope = http_scope(method, path, {**headers, "content-length": str(len(body))})
    inbox = [{"type": "http.request", "body": body, "more_body": False}]
    sent = []

    async def receive():
        if inbox:
            return inbox.pop(0)
        await asyncio.sleep(3600)  # no disconnect while the app answers

    async def send(message):
        sent.append(message)

    await site(scope, receive, send)
    start = next(m for m in sent if m["type"] == "http.response.start")
    payload = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], {k.decode().lower(): v.decode() for k, v in start["headers"]}, payload


def post(site, path: str, headers: dict[str, str], body: bytes):
    async def run():
        try:
            return await _call(site, "POST", path, headers, body)
        finally:
            await site.close()

    return async_to_sync(run)()


def action_body(state) -> bytes:
    import json

    return json.dumps({"seq": state["next_seq"], "action": state["legal_actions"][0]}).encode()


def test_it_records_an_action_and_answers_exactly_as_the_api_view(lane, online_match, monkeypatch):
    _event, match_id, a, b = online_match
    actor, state = deciding(match_id, a, b)
    url = f"/api/matches/{match_id}/game/actions/"
    handed_on = []
    monkeypatch.setattr(lane, "app", _recording(lane.app, handed_on))

    fast = post(lane, url, headers_for(actor), action_body(state))
    assert handed_on == []  # answered by the lane itself
    # The same request again is a retry: the API view answers it with the row the lane wrote.
    slow = post(lane, url, headers_for(actor), action_body(state))
    assert handed_on == [url]
    assert fast[0] == slow[0] == 202, slow
    assert fast[2] == slow[2]  # the body, byte for byte
    assert _comparable(fast[1]) == _comparable(slow[1])

    row = GameAction.objects.get(match_id=match_id)
    assert (row.seq, row.status, row.action, row.rule, row.code, row.params, row.by_bot) == (
        state["next_seq"],
        "queued",
        state["legal_actions"][0],
        "",
        "",
        {},
        False,
    )
    assert row.created_at is not None and row.processed_at is None
    assert lane.woken() == [1]  # one wake-up for the drain (the flag stays while it is pending)


def test_a_russian_reader_gets_the_same_headers_as_from_the_view(lane, online_match):
    _event, match_id, a, b = online_match
    actor, state = deciding(match_id, a, b)
    url = f"/api/matches/{match_id}/game/actions/"
    headers = headers_for(actor, **{"accept-language": "ru-RU,ru;q=0.9", "accept": "application/json"})
    fast = post(lane, url, headers, action_body(state))
    slow = post(lane, url, headers, action_body(state))
    assert fast[1]["content-language"] == "ru"
    assert (fast[0], fast[2], _comparable(fast[1])) == (slow[0], slow[2], _comparable(slow[1]))


def test_the_drain_is_woken_once_while_a_wake_up_is_pending(lane, online_match):
    _event, match_id, a, b = online_match
    url = f"/api/matches/{match_id}/game/actions/"
    actor, state = deciding(match_id, a, b)
    assert post(lane, url, headers_for(actor), action_body(state))[0] == 202
    assert live.redis_client().get(DRAIN_WOKEN) is not None
    body = {"seq": state["next_seq"] + 1, "action": {"type": "pass"}}  # refused later, recorded now
    import json

    assert post(lane, url, headers_for(actor), json.dumps(body).encode())[0] == 202
    assert lane.woken() == [1]
    live.redis_client().delete(DRAIN_WOKEN)  # what the woken worker does first
    body["seq"] += 1
    assert post(lane, url, headers_for(actor), json.dumps(body).encode())[0] == 202
    assert lane.woken() == [1, 1]


@pytest.mark.parametrize(
    "case",
    [
        "no token",
        "unknown token",
        "outsider",
        "unknown match",
        "seq gap",
        "seq as text",
        "not json",
        "no action type",
        "form body",
        "html wanted",
        "host not allowed",
        "site-only timeout",
        "type no game takes",
        "nested 250 deep",
        "nul in text",
        "decision as text",
        "decision negative",
    ],
)
def test_anything_but_the_plain_case_is_the_api_views_to_answer(
    lane, online_match, outsider, case, monkeypatch
):
    """The lane hands these on untouched (the body as it came), and the view answers as ever."""
    import json

    _event, match_id, a, b = online_match
    actor, state = deciding(match_id, a, b)
    url = f"/api/matches/{match_id}/game/actions/"
    headers = headers_for(actor)
    body = {"seq": state["next_seq"], "action": state["legal_actions"][0]}
    raw = None
    expected = 202
    if case == "no token":
        del headers["authorization"]
        expected = 401
    elif case == "unknown token":
        headers["authorization"] = "Token 0123456789abcdef0123456789abcdef01234567"
        expected = 401
    elif case == "outsider":
        headers["authorization"] = f"Token {token_of(outsider)}"
        expected = 403
    elif case == "unknown match":
        url = "/api/matches/987654321/game/actions/"
        expected = 404
    elif case == "seq gap":
        body["seq"] += 1
        expected = 409
    elif case == "seq as text":
        body["seq"] = str(body["seq"])  # DRF reads it as the number: recorded by the view
    elif case == "not json":
        raw = b"{seq: 1"
        expected = 400
    elif case == "no action type":
        body["action"] = {"card": 3}
        expected = 400
    elif case == "form body":
        headers["content-type"] = "application/x-www-form-urlencoded"
        raw = b"seq=1&action=x"
        expected = 400
    elif case == "html wanted":
        headers["accept"] = "text/html"
    elif case == "host not allowed":
        headers["host"] = "evil.example.org"
        expected = 400
    elif case == "site-only timeout":  # only the site applies it (R9.4)
        body["action"] = {"type": "timeout"}
        expected = 400
    elif case == "type no game takes":
        body["action"] = {"type": "win"}
        expected = 400
    elif case == "nested 250 deep":  # stored, it froze its match
        deep: dict = {}
        for _ in range(250):
            deep = {"cell": deep}
        body["action"] = {"type": "pass", **deep}
        expected = 400
    elif case == "nul in text":  # PostgreSQL's jsonb refuses it
        body["action"] = {**body["action"], "note": "a\u0000b"}
        expected = 400
    elif case == "decision as text":
        body["decision"] = str(state["view"]["decision"]["seq"])  # DRF reads it: recorded by the view
    elif case == "decision negative":
        body["decision"] = -1
        expected = 400
    handed_on = []
    monkeypatch.setattr(lane, "app", _recording(lane.app, handed_on))
    status, _headers, payload = post(
        lane, url, headers, raw if raw is not None else json.dumps(body).encode()
    )
    assert handed_on == [url], f"the lane answered {case!r} itself"
    assert status == expected, payload
    if expected == 409:
        assert json.loads(payload)["code"] == "seq_gap"
    inserted = GameAction.objects.filter(match_id=match_id).count()
    assert inserted == (1 if expected == 202 else 0)


def test_an_action_bound_to_its_decision_is_recorded_by_the_lane_as_by_the_view(
    lane, online_match, monkeypatch
):
    import json

    _event, match_id, a, b = online_match
    actor, state = deciding(match_id, a, b)
    url = f"/api/matches/{match_id}/game/actions/"
    decision = state["view"]["decision"]["seq"]
    body = {"seq": state["next_seq"], "action": state["legal_actions"][0], "decision": decision}
    handed_on = []
    monkeypatch.setattr(lane, "app", _recording(lane.app, handed_on))
    fast = post(lane, url, headers_for(actor), json.dumps(body).encode())
    assert handed_on == [] and fast[0] == 202, fast
    slow = post(lane, url, headers_for(actor), json.dumps(body).encode())  # a retry: the view's
    assert handed_on == [url] and (slow[0], slow[2]) == (fast[0], fast[2])
    row = GameAction.objects.get(match_id=match_id)
    assert (row.decision, row.game_number, row.action) == (decision, 1, body["action"])


def test_the_lane_leaves_a_second_answer_to_a_waiting_decision_and_a_reused_seq_to_the_view(
    lane, online_match, monkeypatch
):
    """a lagging worker's answer offers the same decision again; the second answer to
    it is refused (409), and so is another action under a seq already used."""
    import json

    _event, match_id, a, b = online_match
    actor, state = deciding(match_id, a, b)
    url = f"/api/matches/{match_id}/game/actions/"
    decision = state["view"]["decision"]["seq"]
    body = {"seq": state["next_seq"], "action": state["legal_actions"][0], "decision": decision}
    assert post(lane, url, headers_for(actor), json.dumps(body).encode())[0] == 202
    handed_on = []
    monkeypatch.setattr(lane, "app", _recording(lane.app, handed_on))
    again = {**body, "seq": body["seq"] + 1, "action": {"type": "pass"}}
    status, _headers, payload = post(lane, url, headers_for(actor), json.dumps(again).encode())
    assert (status, json.loads(payload)["code"]) == (409, "decision_pending"), payload
    reused = {**body, "action": {"type": "pass"}}
    status, _headers, payload = post(lane, url, headers_for(actor), json.dumps(reused).encode())
    assert (status, json.loads(payload)["code"]) == (409, "seq_reused"), payload
    assert handed_on == [url, url]
    assert GameAction.objects.filter(match_id=match_id).count() == 1


def test_a_deleted_token_or_a_deactivated_player_is_refused_at_once(lane, online_match):
    _event, match_id, a, b = online_match
    actor, state = deciding(match_id, a, b)
    url = f"/api/matches/{match_id}/game/actions/"
    headers = headers_for(actor)  # the token is remembered by the lane from here on
    assert post(lane, url, headers, action_body(state))[0] == 202
    actor.user.is_active = False
    actor.user.save()
    import json

    body = json.dumps({"seq": state["next_seq"] + 1, "action": {"type": "pass"}}).encode()
    assert post(lane, url, headers, body)[0] == 401
    actor.user.is_active = True
    actor.user.save()
    Token.objects.filter(user=actor.user).delete()
    assert post(lane, url, headers, body)[0] == 401
    assert GameAction.objects.filter(match_id=match_id).count() == 1


def test_with_the_database_away_from_the_lane_the_view_records_the_action(lane, online_match, monkeypatch):
    _event, match_id, a, b = online_match
    actor, state = deciding(match_id, a, b)

    async def broken():
        raise OSError("connection refused")

    monkeypatch.setattr(lane.db, "pool", broken)
    status, _headers, payload = post(
        lane, f"/api/matches/{match_id}/game/actions/", headers_for(actor), action_body(state)
    )
    assert status == 202, payload
    assert GameAction.objects.filter(match_id=match_id, status="queued").count() == 1


def test_two_submissions_of_one_seq_at_once_make_one_action_and_one_answer(lane, online_match):
    _event, match_id, a, b = online_match
    actor, state = deciding(match_id, a, b)
    url = f"/api/matches/{match_id}/game/actions/"
    headers, body = headers_for(actor), action_body(state)

    async def both():
        try:
            return await asyncio.gather(*(_call(lane, "POST", url, headers, body) for _ in range(2)))
        finally:
            await lane.close()

    first, second = async_to_sync(both)()
    assert first[0] == second[0] == 202 and first[2] == second[2]
    assert GameAction.objects.filter(match_id=match_id).count() == 1


def test_without_a_broker_every_request_goes_to_django(online_match, monkeypatch):
    """The embedded set-up (tasks in-process): the view records and applies the action at once."""
    _event, match_id, a, b = online_match
    actor, state = deciding(match_id, a, b)
    assert not lane_module.enabled()
    site = PlayLane(get_asgi_application())
    status, _headers, payload = post(
        site, f"/api/matches/{match_id}/game/actions/", headers_for(actor), action_body(state)
    )
    assert status == 200, payload  # applied (eager)
    assert GameAction.objects.get(match_id=match_id).status == "applied"


def _recording(app, calls):
    async def wrapped(scope, receive, send):
        calls.append(scope["path"])
        await app(scope, receive, send)

    return wrapped


def _comparable(headers: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in headers.items() if k not in ("date", "server")}


# --- the live stream -------------------------------------------------------------------------


class OpenStream:
    """A stream request in flight through an ASGI app: its start, its body chunks as they come,
    and the client's leaving."""

    def __init__(self, site, path: str, headers: dict[str, str], query: bytes = b"") -> None:
        self.messages: asyncio.Queue = asyncio.Queue()
        self.left = asyncio.Event()
        self.asked = False
        scope = http_scope("GET", path, headers, query)
        self.task = asyncio.create_task(site(scope, self._receive, self._send))

    async def _receive(self):
        if not self.asked:
            self.asked = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await self.left.wait()
        return {"type": "http.disconnect"}

    async def _send(self, message):
        self.messages.put_nowait(message)

    async def start(self):
        message = await asyncio.wait_for(self.messages.get(), 10)
        assert message["type"] == "http.response.start"
        return message["status"], {k.decode().lower(): v.decode() for k, v in message["headers"]}

    async def chunk(self) -> bytes:
        message = await asyncio.wait_for(self.messages.get(), 10)
        assert message["type"] == "http.response.body"
        return message["body"]

    async def state(self) -> dict:
        """The next ``state`` event's JSON (pings skipped)."""
        while True:
            for line in (await self.chunk()).decode().split("\n"):
                if line.startswith("data: "):
                    import json

                    return json.loads(line[len("data: ") :])

    async def leave(self) -> None:
        self.left.set()
        await asyncio.wait_for(self.task, 10)


def stream_headers(actor) -> dict[str, str]:
    headers = headers_for(actor, accept="text/event-stream")
    del headers["content-type"]
    return headers


def move_applied(match_id, a, b) -> int:
    """The deciding player acts and a worker applies it (here, in-process); return the view's seq
    before."""
    from tests.support.online import act
    from tournaments.services import online as svc

    actor, state = deciding(match_id, a, b)
    choice = next(x for x in state["legal_actions"] if x["type"] != "concede")
    assert act(actor, match_id, state["next_seq"], choice).status_code == 202
    svc.match_adjudicate(match_id=match_id)  # publishes each seat's answer over Redis
    return state["view"]["seq"]


async def hub_listening() -> None:
    """Wait until this process's Redis listener has subscribed (the first stream starts it)."""
    for _ in range(100):
        subscribers = await sync_to_async(live.redis_client().pubsub_numsub)(live.CHANNEL)
        if subscribers and subscribers[0][1] >= 1:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the live listener never subscribed")


def test_a_players_stream_is_the_views_and_pushes_each_change(lane, online_match, monkeypatch):
    from tests.support.online import game_state

    _event, match_id, a, b = online_match
    monkeypatch.setattr("tournaments.services.online.submit.queue_action", lambda match_id: None)
    handed_on = []
    django_app = lane.app
    monkeypatch.setattr(lane, "app", _recording(django_app, handed_on))
    path = f"/api/matches/{match_id}/game/stream/"
    headers = stream_headers(a)

    async def scenario():
        try:
            fast = OpenStream(lane, path, headers)
            fast_start, first = await fast.start(), await fast.state()
            await hub_listening()
            before = await sync_to_async(move_applied)(match_id, a, b)
            pushed = await fast.state()
            await fast.leave()
            slow = OpenStream(django_app, path, headers)  # the view itself, for comparison
            slow_start, slow_first = await slow.start(), await slow.state()
            await slow.leave()
            return fast_start, first, pushed, before, slow_start, slow_first
        finally:
            await lane.close()

    fast_start, first, pushed, before, slow_start, slow_first = async_to_sync(scenario)()
    assert handed_on == []  # served by the lane
    assert fast_start[0] == slow_start[0] == 200
    assert _comparable(fast_start[1]) == _comparable(slow_start[1])
    assert first["view"]["seq"] == before and pushed["view"]["seq"] == before + 1
    assert pushed == slow_first == game_state(a, match_id)  # the view's answer, and a GET's
    assert not live._hub.watching(match_id)  # the client left: its subscription is gone


@pytest.mark.parametrize(
    "case", ["judge", "outsider", "anonymous", "unknown match", "bad duration", "html wanted", "not started"]
)
def test_any_other_stream_is_the_views_to_answer(lane, online_match, judge, outsider, case, monkeypatch):
    _event, match_id, a, b = online_match
    path = f"/api/matches/{match_id}/game/stream/"
    headers, query, expected = stream_headers(a), b"", 200
    if case == "judge":
        headers = stream_headers(judge)  # the judge view: the view's own
    elif case == "outsider":
        headers, expected = stream_headers(outsider), 403
    elif case == "anonymous":
        del headers["authorization"]
        expected = 401
    elif case == "unknown match":
        path, expected = "/api/matches/987654321/game/stream/", 404
    elif case == "bad duration":
        query, expected = b"seconds=0", 400
    elif case == "html wanted":
        headers["accept"], expected = "text/html", 406
    elif case == "not started":
        from tournaments.models import Game

        Game.objects.filter(match_id=match_id).delete()
        expected = 409
    handed_on = []
    monkeypatch.setattr(lane, "app", _recording(lane.app, handed_on))

    async def scenario():
        try:
            opened = OpenStream(lane, path, headers, query)
            status, _headers = await opened.start()
            if status == 200:
                await opened.state()
            await opened.leave()
            return status
        finally:
            await lane.close()

    assert async_to_sync(scenario)() == expected
    assert handed_on == [path], f"the lane served {case!r} itself"


def test_the_lanes_stream_ends_once_the_match_is_final(lane, online_match, monkeypatch):
    _event, match_id, a, b = online_match
    path = f"/api/matches/{match_id}/game/stream/"
    headers = stream_headers(a)

    def concede():
        """A concedes twice (best of three), the workers' part done here."""
        from tests.support.online import act, game_state
        from tournaments.services import online as svc

        monkeypatch.setattr(submit, "queue_action", lambda match_id: None)
        monkeypatch.setattr(submit, "queue_adjudication", lambda match_id: None)
        for _game in range(2):
            state = game_state(a, match_id)
            if state["game_status"] == "sideboarding":
                for player in (a, b):
                    sideboard = {"deck": None}
                    url = f"/api/matches/{match_id}/game/sideboard/"
                    assert player.api.post(url, sideboard, format="json").status_code == 200
                svc.match_adjudicate(match_id=match_id)
                state = game_state(a, match_id)
            assert act(a, match_id, state["next_seq"], {"type": "concede"}).status_code == 202
            svc.match_adjudicate(match_id=match_id)

    async def scenario():
        try:
            opened = OpenStream(lane, path, headers)
            await opened.start()
            await opened.state()
            await hub_listening()
            await sync_to_async(concede)()
            states = []
            while not states or states[-1]["match_status"] != "final":
                states.append(await opened.state())
            ended = await opened.chunk()  # the end of the body, without the client leaving
            return states[-1], ended, await asyncio.wait_for(opened.task, 10)
        finally:
            await lane.close()

    last, ended, _done = async_to_sync(scenario)()
    assert last["match_status"] == "final" and ended == b""


@pytest.mark.parametrize(
    ("method", "tail"),
    [("GET", "game/"), ("POST", "game/sideboard/"), ("GET", "game/actions/"), ("PUT", "game/actions/")],
)
def test_every_other_address_goes_to_django_untouched(lane, online_match, monkeypatch, method, tail):
    _event, match_id, a, b = online_match
    handed_on = []
    monkeypatch.setattr(lane, "app", _recording(lane.app, handed_on))
    headers = headers_for(a)

    async def run():
        try:
            return await _call(lane, method, f"/api/matches/{match_id}/{tail}", headers, b"{}")
        finally:
            await lane.close()

    status, _headers, _body = async_to_sync(run)()
    assert handed_on == [f"/api/matches/{match_id}/{tail}"]
    assert status != 500


# --- limits ---------------------------------------------------------------------------


def test_the_lane_counts_a_players_actions_with_the_views_rate(lane, online_match, settings, monkeypatch):
    import json

    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "actions": "2/min"}
    _event, match_id, a, b = online_match
    actor, state = deciding(match_id, a, b)
    url = f"/api/matches/{match_id}/game/actions/"
    handed_on = []
    monkeypatch.setattr(lane, "app", _recording(lane.app, handed_on))
    answers = []
    for n in range(3):
        body = json.dumps({"seq": state["next_seq"] + n, "action": {"type": "pass"}}).encode()
        answers.append(post(lane, url, headers_for(actor), body))
    assert [status for status, _h, _b in answers] == [202, 202, 429]
    assert handed_on == [url]  # the lane recorded two; over the rate, the view answers
    assert json.loads(answers[2][2])["code"] == "throttled"
    assert 1 <= int(answers[2][1]["retry-after"]) <= 60
    assert GameAction.objects.filter(match_id=match_id).count() == 2


def test_the_lane_counts_in_the_windows_of_the_limits_clock(lane, online_match, settings, limits_clock):
    """The lane's count and the view's share one clock (``limits.clock``): a new window on it
    counts afresh, and no request falls in another window by the time of the run."""
    import json

    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "actions": "2/min"}
    _event, match_id, a, b = online_match
    actor, state = deciding(match_id, a, b)
    url = f"/api/matches/{match_id}/game/actions/"
    statuses = []
    for n in range(3):
        if n == 2:
            limits_clock.advance(60)
        body = json.dumps({"seq": state["next_seq"] + n, "action": {"type": "pass"}}).encode()
        statuses.append(post(lane, url, headers_for(actor), body)[0])
    assert statuses == [202, 202, 202]
    assert GameAction.objects.filter(match_id=match_id).count() == 3


def test_a_token_the_lane_has_seen_is_refused_once_deleted_behind_its_back(lane, online_match):
    """As another process's revocation: no signal reaches this one, the statement checks it."""
    import json

    from django.db import connection

    _event, match_id, a, b = online_match
    actor, state = deciding(match_id, a, b)
    url = f"/api/matches/{match_id}/game/actions/"
    headers = headers_for(actor)
    assert post(lane, url, headers, action_body(state))[0] == 202
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {Token._meta.db_table} WHERE user_id = %s", [actor.user.pk])
    body = json.dumps({"seq": state["next_seq"] + 1, "action": {"type": "pass"}}).encode()
    assert post(lane, url, headers, body)[0] == 401
    assert GameAction.objects.filter(match_id=match_id).count() == 1


def test_an_expired_token_records_nothing_in_the_lane(lane, online_match, settings):
    import json
    from datetime import timedelta

    from django.utils import timezone

    settings.API_TOKEN_DAYS = 7
    _event, match_id, a, b = online_match
    actor, state = deciding(match_id, a, b)
    url = f"/api/matches/{match_id}/game/actions/"
    headers = headers_for(actor)
    assert post(lane, url, headers, action_body(state))[0] == 202
    Token.objects.filter(user=actor.user).update(created=timezone.now() - timedelta(days=7, seconds=1))
    body = json.dumps({"seq": state["next_seq"] + 1, "action": {"type": "pass"}}).encode()
    status, _headers, payload = post(lane, url, headers, body)
    assert (status, json.loads(payload)["code"]) == (401, "token_expired")
    assert GameAction.objects.filter(match_id=match_id).count() == 1


def test_the_lane_counts_a_users_open_streams_with_the_view(lane, online_match, settings, monkeypatch):
    import json

    settings.STREAMS_PER_USER = 1
    _event, match_id, a, b = online_match
    path = f"/api/matches/{match_id}/game/stream/"
    handed_on = []
    monkeypatch.setattr(lane, "app", _recording(lane.app, handed_on))
    headers = stream_headers(a)

    async def scenario():
        try:
            first = OpenStream(lane, path, headers)
            assert (await first.start())[0] == 200
            await first.state()
            second = OpenStream(lane, path, headers)
            refused, body = await second.start(), await second.chunk()
            await second.leave()
            await first.leave()
            third = OpenStream(lane, path, headers)  # the first one's slot is back
            again = (await third.start())[0]
            await third.state()
            await third.leave()
            return refused, body, again
        finally:
            await lane.close()

    (status, headers), body, again = async_to_sync(scenario)()
    assert status == 429 and json.loads(body)["code"] == "too_many_streams"
    assert int(headers["retry-after"]) >= 1
    assert handed_on == [path]  # only the refused one went to the view
    assert again == 200


def test_a_request_the_lane_hands_on_is_counted_once(lane, online_match, settings, monkeypatch):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "actions": "2/min"}
    _event, match_id, a, b = online_match
    actor, state = deciding(match_id, a, b)
    url = f"/api/matches/{match_id}/game/actions/"
    handed_on = []
    monkeypatch.setattr(lane, "app", _recording(lane.app, handed_on))
    assert post(lane, url, headers_for(actor), action_body(state))[0] == 202
    # A retry: counted by the lane, answered by the view with the same count (not a second one).
    assert post(lane, url, headers_for(actor), action_body(state))[0] == 202
    assert handed_on == [url]
    assert post(lane, url, headers_for(actor), action_body(state))[0] == 429


# --- presence (R9.4): the lane's action and stream count as the seat's presence ---------------


def presence(match_id) -> tuple[bool, bool]:
    row = Match.objects.get(pk=match_id)
    return row.present_a_at is not None, row.present_b_at is not None


def test_an_action_the_lane_records_marks_its_seat_present_in_the_same_statement(
    lane, online_match, monkeypatch
):
    import json

    from tournaments.models import Game

    _event, match_id, a, b = online_match
    game = Game.objects.get(match_id=match_id, number=1)
    seat = game.decision_seat
    actor = (a, b)[seat]
    handed_on = []
    monkeypatch.setattr(lane, "app", _recording(lane.app, handed_on))
    assert presence(match_id) == (False, False)  # nobody has read the game
    body = json.dumps({"seq": 1, "action": game.snapshot["legal"][seat][0]}).encode()
    status = post(lane, f"/api/matches/{match_id}/game/actions/", headers_for(actor), body)[0]
    assert (status, handed_on) == (202, [])  # the lane's own statement
    assert presence(match_id) == (seat == 0, seat == 1)
    marked = getattr(Match.objects.get(pk=match_id), ("present_a_at", "present_b_at")[seat])
    body = json.dumps({"seq": 2, "action": {"type": "pass"}}).encode()
    assert post(lane, f"/api/matches/{match_id}/game/actions/", headers_for(actor), body)[0] == 202
    assert getattr(Match.objects.get(pk=match_id), ("present_a_at", "present_b_at")[seat]) == marked


def test_a_stream_the_lane_opens_marks_its_seat_present(lane, online_match, monkeypatch):
    _event, match_id, a, _b = online_match
    handed_on = []
    monkeypatch.setattr(lane, "app", _recording(lane.app, handed_on))
    headers = stream_headers(a)

    async def scenario():
        try:
            stream = OpenStream(lane, f"/api/matches/{match_id}/game/stream/", headers)
            start, first = await stream.start(), await stream.state()
            await stream.leave()
            return start, first
        finally:
            await lane.close()

    start, first = async_to_sync(scenario)()
    assert (start[0], handed_on) == (200, [])  # served by the lane
    assert presence(match_id) == (True, False)


def test_a_stream_the_lane_opens_is_a_sign_of_life_of_its_seat(lane, online_match, monkeypatch):
    """A seat present long ago: the stream writes its last sign of life again (api.md "Presence")."""
    from datetime import timedelta

    from django.utils import timezone

    _event, match_id, a, _b = online_match
    long_ago = timezone.now() - timedelta(hours=1)
    Match.objects.filter(pk=match_id).update(present_a_at=long_ago, seen_a_at=long_ago)
    handed_on = []
    monkeypatch.setattr(lane, "app", _recording(lane.app, handed_on))
    headers = stream_headers(a)

    async def scenario():
        try:
            stream = OpenStream(lane, f"/api/matches/{match_id}/game/stream/", headers)
            start = await stream.start()
            await stream.state()
            await stream.leave()
            return start
        finally:
            await lane.close()

    assert (async_to_sync(scenario)()[0], handed_on) == (200, [])
    row = Match.objects.get(pk=match_id)
    assert row.present_a_at == long_ago  # R9.4's first moment is kept
    assert row.seen_a_at > long_ago + timedelta(minutes=59)


# --- routes from the URL configuration; parity under SECURE=true ------------------------------


def test_the_lanes_routes_are_the_paths_django_resolves_to_the_api_views(db):
    from django.urls import resolve, reverse

    from tournaments.api import online as online_api
    from tournaments.api import online_stream

    actions, stream = lane_module.routes()
    for pattern, name, view in (
        (actions, lane_module.ACTIONS_ROUTE, online_api.GameActionApi),
        (stream, lane_module.STREAM_ROUTE, online_stream.GameStreamApi),
    ):
        path = reverse(name, kwargs={"match_id": 42})
        found = pattern.fullmatch(path)
        assert found is not None and found[1] == "42", (pattern.pattern, path)
        assert resolve(path).func.view_class is view
    # Nothing else: the game's answer, the sideboard, a longer or a shorter path are Django's.
    for other in ("api-match-game", "api-match-sideboard", "api-match"):
        path = reverse(other, kwargs={"match_id": 42})
        assert not actions.fullmatch(path) and not stream.fullmatch(path), path
    assert not actions.fullmatch("/api/matches/42/game/actions/x/")


def test_the_lanes_routes_follow_the_url_configuration(db, settings):
    """Served where the URL conf puts the views (its routes are derived, not written twice)."""
    settings.ROOT_URLCONF = "tests.site.moved_api_urls"
    try:
        actions, stream = lane_module.routes()
        assert actions.fullmatch("/v2/matches/7/game/actions/") and not actions.fullmatch(
            "/api/matches/7/game/actions/"
        )
        assert stream.fullmatch("/v2/matches/7/game/stream/")
    finally:
        settings.ROOT_URLCONF = "respons_site.urls"
    assert lane_module.routes()[0].fullmatch("/api/matches/7/game/actions/")


@pytest.fixture
def secure(settings):
    """The settings of SECURE=true (respons_site/settings.py): HTTPS behind a proxy that says so.
    Asked for after the match is set up over HTTP and before ``lane``: Django's middleware reads
    them when the application is built."""
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.SECURE_SSL_REDIRECT = True
    settings.SESSION_COOKIE_SECURE = settings.CSRF_COOKIE_SECURE = True
    settings.SECURE_HSTS_SECONDS = 31_536_000
    settings.SECURE_HSTS_INCLUDE_SUBDOMAINS = settings.SECURE_HSTS_PRELOAD = True
    return settings


def deciding_over_https(match_id, a, b):
    state = a.api.get(f"/api/matches/{match_id}/game/", secure=True).json()
    actor = a if state["legal_actions"] else b
    return actor, actor.api.get(f"/api/matches/{match_id}/game/", secure=True).json()


def test_under_secure_settings_a_plain_http_action_is_djangos_redirect(
    online_match, secure, lane, monkeypatch
):
    _event, match_id, a, b = online_match
    actor, state = deciding_over_https(match_id, a, b)
    url = f"/api/matches/{match_id}/game/actions/"
    handed_on = []
    monkeypatch.setattr(lane, "app", _recording(lane.app, handed_on))
    status, headers, _body = post(lane, url, headers_for(actor), action_body(state))
    assert handed_on == [url]  # the lane records nothing that Django would redirect
    assert status == 301 and headers["location"].startswith("https://")
    assert not GameAction.objects.filter(match_id=match_id).exists()


def test_under_secure_settings_the_lane_answers_an_https_action_as_the_view(
    online_match, secure, lane, monkeypatch
):
    _event, match_id, a, b = online_match
    actor, state = deciding_over_https(match_id, a, b)
    url = f"/api/matches/{match_id}/game/actions/"
    handed_on = []
    monkeypatch.setattr(lane, "app", _recording(lane.app, handed_on))
    https = headers_for(actor, **{"x-forwarded-proto": "https"})
    fast = post(lane, url, https, action_body(state))
    assert handed_on == []
    slow = post(lane, url, https, action_body(state))  # a retry: the view's answer
    assert handed_on == [url]
    assert fast[0] == slow[0] == 202 and fast[2] == slow[2]
    assert _comparable(fast[1]) == _comparable(slow[1])
    assert "preload" in fast[1]["strict-transport-security"]


def test_the_lane_covers_every_middleware_and_drf_setting_of_the_site(db):
    assert lane_covers.gaps() == []
    assert [m.id for m in run_checks() if m.id == "respons.W002"] == []


def test_a_middleware_the_lane_does_not_know_sends_every_action_through_django(lane, online_match, settings):
    """Added to the settings without teaching the lane: the lane stands aside, so the new
    middleware sees every action (here it answers 418 itself), and the check says why."""
    _event, match_id, a, b = online_match
    actor, state = deciding(match_id, a, b)
    assert lane_module.enabled()
    settings.MIDDLEWARE = [*settings.MIDDLEWARE, "tests.support.middleware.TeapotMiddleware"]
    assert not lane_module.enabled()
    assert lane_covers.gaps() == ["middleware tests.support.middleware.TeapotMiddleware"]
    warning = next(m for m in run_checks() if m.id == "respons.W002")
    assert "TeapotMiddleware" in warning.msg
    site = PlayLane(get_asgi_application())
    handed_on = []
    site.app = _recording(site.app, handed_on)
    url = f"/api/matches/{match_id}/game/actions/"
    status, _headers, payload = post(site, url, headers_for(actor), action_body(state))
    assert (status, payload, handed_on) == (418, b"teapot", [url])
    assert not GameAction.objects.filter(match_id=match_id).exists()


@pytest.mark.parametrize(
    "key, value",
    [
        ("DEFAULT_THROTTLE_CLASSES", ["tournaments.api.throttles.UserThrottle"]),
        ("DEFAULT_VERSIONING_CLASS", "rest_framework.versioning.AcceptHeaderVersioning"),
    ],
)
def test_a_drf_setting_the_lane_was_not_written_for_makes_it_stand_aside(db, settings, key, value):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, key: value}
    assert lane_covers.gaps() == [f"REST_FRAMEWORK[{key!r}] = {value!r}"]
    assert not lane_covers.covered()


# --- the wake-up: one Redis call, the drain task's message pushed by the lane -----------------


def _message_fields(raw: bytes) -> dict:
    """A queued task message without what differs per message (its ids), its body decoded."""
    message = json.loads(raw)
    headers = {k: v for k, v in message["headers"].items() if k not in ("id", "root_id")}
    properties = {
        k: v for k, v in message["properties"].items() if k not in ("correlation_id", "delivery_tag")
    }
    rest = {k: v for k, v in message.items() if k not in ("headers", "properties", "body")}
    return {
        "headers": headers,
        "properties": properties,
        "body": json.loads(base64.b64decode(message["body"])),
        **rest,
    }


def test_the_lanes_drain_message_is_the_one_delay_queues_but_its_ids():
    from tournaments.tasks import drain_actions

    with real_broker() as broker:
        client = live.redis_client()
        drain_actions.delay()
        key, pushed = queue.drain_message()
        assert key == broker.queue
        (sent,) = client.lrange(broker.queue, 0, -1)
        client.delete(broker.queue)
        assert _message_fields(pushed) == _message_fields(sent)
        first, second = json.loads(pushed), json.loads(queue.drain_message()[1])
        assert first["headers"]["id"] == first["headers"]["root_id"] == first["properties"]["correlation_id"]
        assert first["headers"]["id"] != second["headers"]["id"]
        assert first["properties"]["delivery_tag"] != second["properties"]["delivery_tag"]


def test_the_wake_up_script_pushes_once_while_the_flag_is_set():
    with real_broker() as broker:
        client = live.redis_client()
        client.delete(DRAIN_WOKEN)
        script = client.register_script(queue.DRAIN_WAKE_SCRIPT)
        try:
            woke = [script(keys=[DRAIN_WOKEN, k], args=[1000, m]) for k, m in [queue.drain_message()] * 3]
            assert woke == [1, 0, 0] and client.llen(broker.queue) == 1
            assert 0 < client.pttl(DRAIN_WOKEN) <= 1000  # a lost wake-up expires
            client.delete(DRAIN_WOKEN)  # what the woken worker does first
            key, message = queue.drain_message()
            assert script(keys=[DRAIN_WOKEN, key], args=[1000, message]) == 1
            assert client.llen(broker.queue) == 2
        finally:
            client.delete(DRAIN_WOKEN, broker.queue)


@pytest.mark.celery_worker
def test_a_real_worker_applies_the_action_the_lane_woke_it_for(online_match):
    _event, match_id, a, b = online_match
    with real_broker() as broker:
        live.redis_client().delete(DRAIN_WOKEN)
        worker = broker.start_worker()
        actor, state = deciding(match_id, a, b)
        url = f"/api/matches/{match_id}/game/actions/"
        assert post(PlayLane(get_asgi_application()), url, headers_for(actor), action_body(state))[0] == 202
        row = wait_until(
            lambda: GameAction.objects.filter(
                match_id=match_id, seq=state["next_seq"], status="applied", by_bot=False
            ).first(),
            timeout=30,
            what=lambda: f"the action applied by the worker the lane woke; its output:\n{worker.output()}",
        )
        assert row.log_index is not None
