"""Outgoing webhooks (issue #16): an event's organizer adds receivers; each moment of the event is
posted to them after the commit, signed with HMAC-SHA256, retried with back-off, logged; Discord's
payload on request; no address on the machine or the private network unless the setting allows it."""

import hashlib
import hmac
import json
import time

import pytest

from tests.support.actors import make_players
from tests.support.events import one_table
from tests.support.webhooks import Receiver, add
from tournaments.models import Webhook, WebhookDelivery
from tournaments.tasks import WEBHOOK_RETRIES, webhook_deliver


@pytest.fixture
def receiver():
    r = Receiver()
    yield r
    r.close()


@pytest.fixture
def local_allowed(settings):
    # Only through the setting may a webhook post to this machine (the test's receiver).
    settings.WEBHOOKS_ALLOW_PRIVATE = True


def pair_round_one(event, judge) -> dict:
    match, _a, _b = one_table(event, judge)
    return match


def test_it_posts_the_pairings_signed_with_the_secret(
    event_factory, organizer, judge, receiver, local_allowed, django_capture_on_commit_callbacks
):
    event = event_factory(rounds=1)
    created = add(organizer, event, receiver.url)
    assert created.status_code == 201, created.content
    secret = created.json()["secret"]
    assert len(secret) == 64 and "secret" not in organizer.api.get(f"{event.url}webhooks/").json()[0]
    with django_capture_on_commit_callbacks(execute=True):
        match = pair_round_one(event, judge)
    [request] = receiver.requests
    body = json.loads(request["body"])
    assert body["kind"] == "pairings" and body["event"] == {"id": event.id, "name": "Cup"}
    assert body["data"]["pairings"] == [{"table": 1, "a": match["player_a"], "b": match["player_b"]}]
    expected = "sha256=" + hmac.new(secret.encode(), request["body"], hashlib.sha256).hexdigest()
    assert request["headers"]["X-Respons-Signature"] == expected
    assert request["headers"]["X-Respons-Kind"] == "pairings"
    [delivery] = WebhookDelivery.objects.all()
    assert (delivery.status, delivery.attempts, delivery.response_status) == ("delivered", 1, 200)


def test_it_posts_nothing_when_the_transaction_rolls_back(
    event_factory, organizer, judge, receiver, local_allowed, django_capture_on_commit_callbacks
):
    event = event_factory(rounds=1)
    add(organizer, event, receiver.url)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        pair_round_one(event, judge)
    assert receiver.requests == [] and len(callbacks) >= 1


def test_it_sends_discords_payload_when_asked(
    event_factory, organizer, judge, receiver, local_allowed, django_capture_on_commit_callbacks
):
    event = event_factory(rounds=1)
    add(organizer, event, receiver.url, discord=True)
    with django_capture_on_commit_callbacks(execute=True):
        pair_round_one(event, judge)
    body = json.loads(receiver.requests[0]["body"])
    assert body == {"content": "Cup: round 1 is paired (1 tables)."}


def test_it_posts_disputes_and_penalties(
    event_factory, organizer, judge, receiver, local_allowed, django_capture_on_commit_callbacks
):
    event = event_factory(rounds=1)
    add(organizer, event, receiver.url)
    with django_capture_on_commit_callbacks(execute=True):
        match, a, b = one_table(event, judge)
        a.api.post(f"/api/matches/{match['id']}/report/", {"wins_a": 1, "wins_b": 0}, format="json")
        b.api.post(f"/api/matches/{match['id']}/dispute/", {}, format="json")
        body = {"username": a.name, "kind": "warning"}
        judge.api.post(f"/api/matches/{match['id']}/penalties/", body, format="json")
    kinds = [json.loads(r["body"])["kind"] for r in receiver.requests]
    assert kinds == ["pairings", "dispute", "penalty"]
    assert json.loads(receiver.requests[2]["body"])["data"]["player"] == a.name


def test_it_retries_with_back_off_until_the_receiver_takes_it(
    event_factory, organizer, judge, local_allowed, django_capture_on_commit_callbacks
):
    flaky = Receiver(statuses=[500, 503])
    try:
        event = event_factory(rounds=1)
        add(organizer, event, flaky.url)
        with django_capture_on_commit_callbacks(execute=True):
            pair_round_one(event, judge)
    finally:
        flaky.close()
    assert len(flaky.requests) == 3
    [delivery] = WebhookDelivery.objects.all()
    assert (delivery.status, delivery.attempts, delivery.error) == ("delivered", 3, "")
    # Celery's autoretry waits 1, 2, 4... seconds between tries (eager here: at once).
    assert webhook_deliver.retry_backoff is True and webhook_deliver.max_retries == WEBHOOK_RETRIES


def test_the_celery_task_retries_through_celerys_autoretry(event_factory, organizer, local_allowed):
    flaky = Receiver(statuses=[500, 502])
    try:
        event = event_factory(rounds=1)
        hook = Webhook.objects.get(pk=add(organizer, event, flaky.url).json()["id"])
        delivery = WebhookDelivery.objects.create(webhook=hook, kind="pairings", payload={"x": 1})
        # Eager retries re-run the task in place; let Celery's Retry flow through them.
        conf = webhook_deliver.app.conf
        before, conf.task_eager_propagates = conf.task_eager_propagates, False
        try:
            result = webhook_deliver.apply(args=[delivery.pk])
        finally:
            conf.task_eager_propagates = before
    finally:
        flaky.close()
    assert result.get() is True and len(flaky.requests) == 3
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("delivered", 3)


def test_it_logs_a_delivery_that_never_got_through_as_failed(
    event_factory, organizer, judge, local_allowed, django_capture_on_commit_callbacks
):
    down = Receiver(statuses=[500] * (WEBHOOK_RETRIES + 1))
    try:
        event = event_factory(rounds=1)
        hook = add(organizer, event, down.url).json()
        with django_capture_on_commit_callbacks(execute=True):
            pair_round_one(event, judge)
    finally:
        down.close()
    assert len(down.requests) == WEBHOOK_RETRIES + 1
    log = organizer.api.get(f"{event.url}webhooks/{hook['id']}/deliveries/").json()
    assert [(d["status"], d["attempts"], d["response_status"], d["error"]) for d in log] == [
        ("failed", WEBHOOK_RETRIES + 1, 500, "HTTP 500")
    ]


def test_it_does_not_follow_a_redirect(
    event_factory, organizer, judge, local_allowed, django_capture_on_commit_callbacks
):
    target = Receiver()
    bouncer = Receiver(redirect_to=target.url)
    try:
        event = event_factory(rounds=1)
        add(organizer, event, bouncer.url)
        with django_capture_on_commit_callbacks(execute=True):
            pair_round_one(event, judge)
    finally:
        bouncer.close()
        target.close()
    assert target.requests == []
    assert WebhookDelivery.objects.get().status == "failed"


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8000/hook",
        "http://localhost/hook",
        "http://10.0.0.5/hook",
        "http://192.168.1.1/hook",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]/hook",
        "http://0.0.0.0/hook",
        "http://2130706433/hook",  # 127.0.0.1 written as a number
    ],
)
def test_it_refuses_an_address_on_the_machine_or_the_private_network(event_factory, organizer, url):
    event = event_factory(rounds=1)
    response = add(organizer, event, url)
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "url_refused" and "private or local" in response.json()["detail"]
    assert not Webhook.objects.exists()


@pytest.mark.parametrize(
    "url",
    [
        "ftp://example.org/x",
        "file:///etc/passwd",
        "http://user:pw@example.org/",
        "not a url",
        "http://h:99999999/",
    ],
)
def test_it_refuses_what_is_not_a_plain_http_address(event_factory, organizer, url):
    event = event_factory(rounds=1)
    response = add(organizer, event, url)
    assert response.status_code == 400 and response.json()["code"] == "url_refused", response.content


def test_it_refuses_a_local_address_at_delivery_time_too(
    event_factory, organizer, judge, receiver, settings, django_capture_on_commit_callbacks
):
    settings.WEBHOOKS_ALLOW_PRIVATE = True
    event = event_factory(rounds=1)
    add(organizer, event, receiver.url)
    settings.WEBHOOKS_ALLOW_PRIVATE = False  # e.g. the name now resolves to a local address
    with django_capture_on_commit_callbacks(execute=True):
        pair_round_one(event, judge)
    assert receiver.requests == []
    delivery = WebhookDelivery.objects.get()
    assert delivery.status == "failed" and "private or local" in delivery.error


def test_only_the_organizer_manages_webhooks(
    event_factory, organizer, judge, outsider, anonymous, local_allowed, receiver
):
    event = event_factory(rounds=1)
    event.organizer.api.post(f"{event.url}judges/", {"username": judge.name}, format="json")
    event.open()
    for actor in (judge, outsider):
        assert add(actor, event, receiver.url).status_code == 403
        assert actor.api.get(f"{event.url}webhooks/").status_code == 403
    assert add(anonymous, event, receiver.url).status_code == 401
    hook = add(organizer, event, receiver.url).json()
    assert outsider.api.delete(f"{event.url}webhooks/{hook['id']}/").status_code == 403
    assert organizer.api.delete(f"{event.url}webhooks/{hook['id']}/").status_code == 204
    assert not Webhook.objects.exists()


def test_it_keeps_webhooks_per_event_bounded(event_factory, organizer, receiver, local_allowed, settings):
    settings.WEBHOOKS_PER_EVENT = 2
    event = event_factory(rounds=1)
    assert [add(organizer, event, receiver.url).status_code for _ in range(3)] == [201, 201, 429]


def test_it_hides_another_events_webhook(event_factory, organizer, receiver, local_allowed):
    first, second = event_factory(rounds=1), event_factory(rounds=1)
    hook = add(organizer, first, receiver.url).json()
    assert organizer.api.delete(f"{second.url}webhooks/{hook['id']}/").status_code == 404


def test_players_are_not_the_receivers_audience(event_factory, organizer, judge, receiver, local_allowed):
    # Nothing is queued for an event without webhooks (no delivery rows at all).
    event = event_factory(rounds=1)
    event.open()
    event.register(*make_players(2))
    event.start()
    assert not WebhookDelivery.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_without_a_broker_a_slow_receiver_never_holds_up_the_request(
    event_factory, organizer, judge, local_allowed, settings
):
    settings.NOTIFY_IN_BACKGROUND = True  # what a site with no broker does (the tests turn it off)
    slow = Receiver(delay=3.0)
    try:
        event = event_factory(rounds=1)
        assert add(organizer, event, slow.url).status_code == 201
        started = time.monotonic()
        pair_round_one(event, judge)  # posts the pairings: a webhook to the slow receiver
        assert time.monotonic() - started < 2.5  # the start's requests did not wait 3 s for it
        deadline = time.monotonic() + 20
        while not slow.requests and time.monotonic() < deadline:
            time.sleep(0.1)
        assert slow.requests, "the delivery never came"
        assert json.loads(slow.requests[0]["body"])["kind"] == "pairings"
    finally:
        slow.close()
